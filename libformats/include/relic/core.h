/* The core toolkit every module shares: array counts, checked allocation,
 * counted-array growth and raw little/big-endian access to bytes that are
 * already bounds-checked (use the cursor, relic/cursor.h, for untrusted
 * input).  No dependencies beyond the C library. */
#ifndef RELIC_CORE_H
#define RELIC_CORE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RELIC_COUNTOF(a) (sizeof(a) / sizeof((a)[0]))

/* malloc/calloc of n elements of size bytes: a zero count still returns a
 * unique pointer (so "no elements" is not mistaken for failure), and an
 * n * size that overflows returns NULL instead of a short block. */
void *relic_alloc_array(size_t n, size_t size);
void *relic_calloc_array(size_t n, size_t size);

/* Makes room for at least `need` elements of `size` bytes in *items, whose
 * capacity is *cap: doubles from `first` (or from need, when larger).
 * Returns 0, or -1 on overflow or allocation failure with *items and *cap
 * unchanged.  Typical use:
 *     if (relic_grow((void **)&v->items, &v->cap, v->len + 1, sizeof *v->items, 16))
 *         return relic_err_set(err, RELIC_ENOMEM, ...);            */
int relic_grow(void **items, size_t *cap, size_t need, size_t size, size_t first);

/* Raw access to memory the caller has already checked. */
static inline uint16_t relic_rd_le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static inline uint16_t relic_rd_be16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static inline uint32_t relic_rd_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint32_t relic_rd_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}
static inline void relic_wr_le16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static inline void relic_wr_be16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}
static inline void relic_wr_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
static inline void relic_wr_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

#ifdef __cplusplus
}
#endif

#endif
