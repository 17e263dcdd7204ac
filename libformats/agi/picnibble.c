/* AGI v3 picture-nibble transform (agi-spec resource_containers.md,
 * "Picture-nibble expansion"): nibbles high first; the operand after 0xf0
 * (visual colour) and 0xf2 (control colour) takes one nibble, every other
 * byte two; expansion stops after emitting 0xff. */
#include "relic/agi.h"
#include "agi_private.h"

typedef struct agi_nibble_reader {
    const uint8_t *src;
    size_t len, pos; /* pos counts nibbles */
} agi_nibble_reader;

static int agi_nibble_next(agi_nibble_reader *r, unsigned *v)
{
    if (r->pos / 2 >= r->len)
        return -1;
    uint8_t b = r->src[r->pos / 2];
    *v = (r->pos & 1) ? (b & 0x0fu) : (unsigned)(b >> 4);
    r->pos++;
    return 0;
}

int agi_picnibble_expand(const uint8_t *src, size_t len, uint8_t *dst, size_t expected, relic_err *err)
{
    agi_nibble_reader r = {src, len, 0};
    size_t out = 0;
    int short_next = 0;
    for (;;) {
        unsigned hi, lo = 0;
        if (agi_nibble_next(&r, &hi) || (!short_next && agi_nibble_next(&r, &lo)))
            return relic_err_set(err, RELIC_EDATA, len, "packed picture ends before command 0xff");
        uint8_t b = short_next ? (uint8_t)hi : (uint8_t)(hi << 4 | lo);
        if (out >= expected)
            return relic_err_set(err, RELIC_EDATA, r.pos / 2, "expansion longer than the declared %zu bytes", expected);
        dst[out++] = b;
        if (!short_next && b == 0xff)
            break;
        short_next = !short_next && (b == 0xf0 || b == 0xf2);
    }
    if (out != expected)
        return relic_err_set(err, RELIC_EDATA, len, "expanded to %zu bytes, header declares %zu", out, expected);
    return RELIC_OK;
}

size_t agi_picnibble_packed_len(const uint8_t *src, size_t len)
{
    /* What the stream must be to pack losslessly, counting the nibbles
     * that are kept. */
    int short_next = 0;
    size_t i, nibbles = 0;
    for (i = 0; i < len; i++) {
        nibbles += short_next ? 1 : 2;
        if (short_next) {
            if (src[i] > 0x0f)
                return 0;
            short_next = 0;
            continue;
        }
        if (src[i] == 0xff)
            break;
        short_next = src[i] == 0xf0 || src[i] == 0xf2;
    }
    if (len == 0 || i != len - 1)
        return 0;
    return (nibbles + 1) / 2;
}

int agi_picnibble_pack(const uint8_t *src, size_t len, relic_buf *out)
{
    /* Check first so that a stream we cannot represent leaves out as it was. */
    if (!agi_picnibble_packed_len(src, len))
        return 0;
    unsigned acc = 0, have = 0;
    int short_next = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned nib[2] = {(unsigned)(src[i] >> 4), src[i] & 0x0fu};
        unsigned first = short_next ? 1 : 0;
        for (unsigned k = first; k < 2; k++) {
            acc = acc << 4 | nib[k];
            if (++have == 2) {
                relic_buf_u8(out, (uint8_t)acc);
                acc = have = 0;
            }
        }
        short_next = !short_next && (src[i] == 0xf0 || src[i] == 0xf2);
    }
    if (have)
        relic_buf_u8(out, (uint8_t)(acc << 4)); /* low zero nibble pads */
    return 1;
}
