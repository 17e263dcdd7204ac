/* A bounded byte cursor with a sticky error: every read past the end sets
 * `failed` once (remembering where and what) and returns zero, so a decoder
 * reads a whole structure and checks once at the end. */
#ifndef RELIC_CURSOR_H
#define RELIC_CURSOR_H

#include <stddef.h>
#include <stdint.h>
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct relic_cur {
    const uint8_t *base;
    size_t len, pos;
    size_t origin; /* file offset of base[0], for error reports */
    int failed;
    size_t fail_pos;       /* position (relative to base) of the first failure */
    const char *fail_what; /* static description of the first failure */
} relic_cur;

relic_cur relic_cur_make(const uint8_t *data, size_t len, size_t origin);
uint8_t relic_u8(relic_cur *c);
uint16_t relic_le16(relic_cur *c);
uint16_t relic_be16(relic_cur *c);
uint32_t relic_le24(relic_cur *c);
uint32_t relic_be24(relic_cur *c);
uint32_t relic_le32(relic_cur *c);
uint32_t relic_be32(relic_cur *c);
/* n bytes at the cursor, or NULL (and failed) when fewer remain. */
const uint8_t *relic_bytes(relic_cur *c, size_t n);
void relic_skip(relic_cur *c, size_t n);
void relic_seek(relic_cur *c, size_t pos);
/* A window [off, off+len) of c (off relative to c->base); a bad range fails c
 * and returns an empty, failed window. */
relic_cur relic_sub(relic_cur *c, size_t off, size_t len);
size_t relic_remaining(const relic_cur *c);
/* Marks c failed at its current position with `what` (first failure wins). */
void relic_cur_fail(relic_cur *c, const char *what);
/* RELIC_OK, or fills err with "what (offset)" for the first failure. */
int relic_cur_check(const relic_cur *c, relic_err *err);
/* Absolute offset of the current position. */
static inline size_t relic_tell(const relic_cur *c) { return c->origin + c->pos; }

#ifdef __cplusplus
}
#endif

#endif
