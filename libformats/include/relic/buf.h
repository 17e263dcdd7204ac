/* A small growable byte buffer whose allocation failure is sticky, like the
 * cursor: append freely, check `oom` (or relic_buf_check) once. */
#ifndef RELIC_BUF_H
#define RELIC_BUF_H

#include <stddef.h>
#include <stdint.h>
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct relic_buf {
    uint8_t *data;
    size_t len, cap;
    int oom;
} relic_buf;

#define RELIC_BUF_INIT \
    {                  \
        0, 0, 0, 0     \
    }

int relic_buf_reserve(relic_buf *b, size_t extra);
void relic_buf_append(relic_buf *b, const void *p, size_t n);
void relic_buf_u8(relic_buf *b, uint8_t v);
void relic_buf_le16(relic_buf *b, uint16_t v);
void relic_buf_be16(relic_buf *b, uint16_t v);
void relic_buf_le32(relic_buf *b, uint32_t v);
void relic_buf_be32(relic_buf *b, uint32_t v);
void relic_buf_zeros(relic_buf *b, size_t n);
void relic_buf_printf(relic_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Overwrites already appended bytes (for back-patched lengths). */
void relic_buf_put_le16(relic_buf *b, size_t at, uint16_t v);
void relic_buf_reset(relic_buf *b);
void relic_buf_free(relic_buf *b);
/* Hands the bytes to the caller; the buffer is left empty. */
uint8_t *relic_buf_take(relic_buf *b, size_t *len);
int relic_buf_check(const relic_buf *b, relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
