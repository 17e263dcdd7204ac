/* Growable byte buffer with a sticky allocation failure (relic/buf.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/buf.h"

int relic_buf_reserve(relic_buf *b, size_t extra)
{
    if (b->oom)
        return -1;
    if (extra <= b->cap - b->len)
        return 0;
    if (extra > SIZE_MAX / 2 - b->len) {
        b->oom = 1;
        return -1;
    }
    size_t cap = b->cap ? b->cap : 64;
    while (cap - b->len < extra)
        cap *= 2;
    uint8_t *p = realloc(b->data, cap);
    if (!p) {
        b->oom = 1;
        return -1;
    }
    b->data = p;
    b->cap = cap;
    return 0;
}

void relic_buf_append(relic_buf *b, const void *p, size_t n)
{
    if (n == 0 || relic_buf_reserve(b, n))
        return;
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

void relic_buf_u8(relic_buf *b, uint8_t v)
{
    if (relic_buf_reserve(b, 1))
        return;
    b->data[b->len++] = v;
}

void relic_buf_le16(relic_buf *b, uint16_t v)
{
    uint8_t p[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    relic_buf_append(b, p, 2);
}

void relic_buf_be16(relic_buf *b, uint16_t v)
{
    uint8_t p[2] = {(uint8_t)(v >> 8), (uint8_t)v};
    relic_buf_append(b, p, 2);
}

void relic_buf_le32(relic_buf *b, uint32_t v)
{
    uint8_t p[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    relic_buf_append(b, p, 4);
}

void relic_buf_be32(relic_buf *b, uint32_t v)
{
    uint8_t p[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    relic_buf_append(b, p, 4);
}

void relic_buf_zeros(relic_buf *b, size_t n)
{
    if (n == 0 || relic_buf_reserve(b, n))
        return;
    memset(b->data + b->len, 0, n);
    b->len += n;
}

/* Formats straight into the free room first: only text that does not fit
 * is formatted a second time (the decompilers and page writers print many
 * short pieces). */
void relic_buf_printf(relic_buf *b, const char *fmt, ...)
{
    va_list ap;
    size_t room = b->oom ? 0 : b->cap - b->len;
    va_start(ap, fmt);
    int n = vsnprintf(room ? (char *)b->data + b->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < room) {
        b->len += (size_t)n;
        return;
    }
    if (n < 0 || relic_buf_reserve(b, (size_t)n + 1))
        return;
    va_start(ap, fmt);
    vsnprintf((char *)b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void relic_buf_put_le16(relic_buf *b, size_t at, uint16_t v)
{
    if (b->oom || at + 2 > b->len)
        return;
    b->data[at] = (uint8_t)v;
    b->data[at + 1] = (uint8_t)(v >> 8);
}

void relic_buf_reset(relic_buf *b)
{
    b->len = 0;
    b->oom = 0;
}

void relic_buf_free(relic_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    b->oom = 0;
}

uint8_t *relic_buf_take(relic_buf *b, size_t *len)
{
    uint8_t *p = b->data;
    if (len)
        *len = b->len;
    b->data = NULL;
    b->len = b->cap = 0;
    return p;
}

int relic_buf_check(const relic_buf *b, relic_err *err)
{
    if (b->oom)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    return RELIC_OK;
}
