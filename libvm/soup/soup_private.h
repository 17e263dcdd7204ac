/* Shared helpers of the SOUP disassembler, assembler and VM. */
#ifndef RELIC_SOUP_PRIVATE_H
#define RELIC_SOUP_PRIVATE_H

#include <stdlib.h>
#include "relic/soup.h"

/* Functions whose first parameter is a 4-character RTX dialogue key
 * (seed, "Parameter Type Overrides"). */
int soup_dialogue_fn(const char *name);
/* SetGlobalFlag, TestGlobalFlag, ResetGlobalFlag: NumericAlt flag index. */
int soup_flag_fn(const char *name);
int soup_reserved(const char *s);
long soup_find_name(const char *const *names, size_t stride, size_t n, const char *s);
const char *soup_fn_name(const soup_def *d, size_t id, char *buf, size_t bufsz);
const char *soup_flag_name(const soup_def *d, size_t id, char *buf, size_t bufsz);
const char *soup_ref_name(const soup_def *d, size_t id, char *buf, size_t bufsz);
/* "var12" with prefix "var" -> 12; -1 when s is not that form. */
long soup_lookup_numbered(const char *s, const char *prefix);

#endif
