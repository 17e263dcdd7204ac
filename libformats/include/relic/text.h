/* Byte strings from DOS games as UTF-8 and back.  Every byte maps to one code
 * point of code page 437 (control bytes stay themselves), so the mapping is a
 * bijection and text survives a JSON round trip exactly. */
#ifndef RELIC_TEXT_H
#define RELIC_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Appends the UTF-8 form of n CP437 bytes to out (no terminator). */
void relic_cp437_to_utf8(const uint8_t *s, size_t n, relic_buf *out);
/* Appends the CP437 bytes of a UTF-8 string; returns the byte index of the
 * first character with no CP437 form, or -1 when all converted. */
long relic_utf8_to_cp437(const char *s, size_t n, relic_buf *out);
/* Writes the 2*n lower-case hex digits of n bytes to out (no terminator). */
void relic_hex_lower(const uint8_t *p, size_t n, char *out);

#ifdef __cplusplus
}
#endif

#endif
