/* AGI v3 dictionary compression (agi-spec resource_containers.md,
 * "Dictionary expansion"): LSB-first codes, 9 bits after a reset, 10 bits
 * once the next index reaches 0x200, 11 bits at 0x400; 0x100 resets, 0x101
 * ends; the first code after a reset adds no entry.  Entries past 0x7ff
 * could never be addressed by an 11-bit code, so the table stops there.
 */
#include <string.h>
#include "relic/agi.h"
#include "agi_private.h"

#define AGI_LZW_RESET 0x100
#define AGI_LZW_END 0x101
#define AGI_LZW_FIRST 0x102
#define AGI_LZW_SIZE 0x800

/* Every dictionary string already stands in the output: an entry is the
 * previous string plus the first byte emitted after it, which sit next to
 * each other.  So an entry is just (position, length) in the output and
 * expanding a code is one copy from earlier output. */
typedef struct agi_lzw_table {
    uint32_t pos[AGI_LZW_SIZE];
    uint16_t len[AGI_LZW_SIZE];
} agi_lzw_table;

static unsigned agi_lzw_width(unsigned next) { return next >= 0x400 ? 11 : next >= 0x200 ? 10 : 9; }

/* Most strings are a few bytes long: when the output has room and the
 * source ends 16 bytes before the destination, one fixed 16-byte copy (two
 * moves, no call) does; the bytes past n are rewritten later. */
static inline void agi_lzw_copy(uint8_t *to, const uint8_t *from, size_t n, const uint8_t *end)
{
    if (n <= 16 && end - to >= 16 && to - from >= 16)
        memcpy(to, from, 16);
    else
        memcpy(to, from, n);
}

int agi_lzw_expand(const uint8_t *src, size_t len, uint8_t *dst, size_t expected, relic_err *err)
{
    agi_lzw_table t;
    uint64_t bits = 0;
    unsigned nbits = 0;
    size_t in = 0, out = 0;
    unsigned next = AGI_LZW_FIRST;
    size_t prev_pos = 0, prev_len = 0; /* the previous string, in the output */
    int have_prev = 0, started = 0;
    for (;;) {
        unsigned width = agi_lzw_width(next);
        if (nbits < width) {
            while (nbits <= 56 && in < len) {
                bits |= (uint64_t)src[in++] << nbits;
                nbits += 8;
            }
            if (nbits < width) {
                /* Input used up exactly as the output is complete: accepted
                 * without an end code, as ScummVM's expander (which stops on
                 * length) would. */
                if (out == expected && started)
                    break;
                return relic_err_set(err, RELIC_EDATA, len, "compressed data ends before the end code");
            }
        }
        unsigned code = (unsigned)(bits & ((1u << width) - 1));
        size_t code_at = in - (nbits + 7) / 8; /* byte holding the code's first bit */
        bits >>= width;
        nbits -= width;
        if (!started && code != AGI_LZW_RESET)
            return relic_err_set(err, RELIC_EDATA, 0, "compressed data does not begin with reset code 0x100");
        started = 1;
        if (code == AGI_LZW_RESET) {
            next = AGI_LZW_FIRST;
            have_prev = 0;
            continue;
        }
        if (code == AGI_LZW_END)
            break;
        size_t n;
        if (code < 256) {
            n = 1;
            if (out >= expected)
                goto too_long;
            dst[out] = (uint8_t)code;
        } else if (code >= AGI_LZW_FIRST && code < next) {
            n = t.len[code];
            if (n > expected - out)
                goto too_long;
            agi_lzw_copy(dst + out, dst + t.pos[code], n, dst + expected);
        } else if (code == next && have_prev) {
            /* previous string + its own first byte */
            n = prev_len + 1;
            if (n > expected - out)
                goto too_long;
            agi_lzw_copy(dst + out, dst + prev_pos, prev_len, dst + expected);
            dst[out + prev_len] = dst[prev_pos];
        } else {
            return relic_err_set(err, RELIC_EDATA, code_at, "code 0x%x beyond the dictionary (next 0x%x)", code, next);
        }
        if (have_prev && next < AGI_LZW_SIZE) {
            t.pos[next] = (uint32_t)prev_pos;
            t.len[next] = (uint16_t)(prev_len + 1);
            next++;
        }
        prev_pos = out;
        prev_len = n;
        have_prev = 1;
        out += n;
        continue;
    too_long:
        return relic_err_set(err, RELIC_EDATA, code_at, "expansion longer than the declared %zu bytes", expected);
    }
    if (out != expected)
        return relic_err_set(err, RELIC_EDATA, len, "expanded to %zu bytes, header declares %zu", out, expected);
    return RELIC_OK;
}

/* ---- compression ------------------------------------------------------ */

typedef struct agi_lzw_writer {
    relic_buf *out; /* NULL: only count the bytes (agi_lzw_compressed_len) */
    size_t count;
    uint64_t bits;
    unsigned nbits;
    unsigned dec_next; /* the decoder's next index, which sets the width */
    int dec_first;     /* the decoder's next code is the first after a reset */
} agi_lzw_writer;

static void agi_lzw_emit(agi_lzw_writer *w, unsigned code)
{
    w->bits |= (uint64_t)code << w->nbits;
    w->nbits += agi_lzw_width(w->dec_next);
    while (w->nbits >= 8) {
        if (w->out)
            relic_buf_u8(w->out, (uint8_t)w->bits);
        w->count++;
        w->bits >>= 8;
        w->nbits -= 8;
    }
    if (code == AGI_LZW_RESET) {
        w->dec_next = AGI_LZW_FIRST;
        w->dec_first = 1;
    } else if (w->dec_first) {
        w->dec_first = 0;
    } else if (w->dec_next < AGI_LZW_SIZE) {
        w->dec_next++;
    }
}

#define AGI_LZW_HASH 8192 /* power of two, > 4 * AGI_LZW_SIZE */

/* Compresses into out, or (out NULL) only counts; returns the length.
 * decide (out NULL): returns only whether the length is below len, and
 * stops as soon as that is settled. */
static size_t agi_lzw_run(const uint8_t *src, size_t len, relic_buf *out, int decide)
{
    /* key = prefix << 8 | byte, +1 so zero means empty.  Cleared with
     * memset, not copied from a zero table: the copy read 32 KB more per
     * call, and --raw calls this (agi_lzw_shrinks) for every record a v3
     * volume stores whole (357 on vtgadv). */
    uint32_t keys[AGI_LZW_HASH];
    uint16_t codes[AGI_LZW_HASH];
    agi_lzw_writer w = {out, 0, 0, 0, AGI_LZW_FIRST, 1};
    agi_lzw_emit(&w, AGI_LZW_RESET);
    memset(keys, 0, sizeof keys);
    unsigned next = AGI_LZW_FIRST;
    if (len > 0) {
        unsigned cur = src[0];
        for (size_t i = 1; i < len; i++) {
            uint32_t key = ((uint32_t)cur << 8 | src[i]) + 1;
            unsigned h = (key * 2654435761u) >> 19 & (AGI_LZW_HASH - 1);
            while (keys[h] && keys[h] != key)
                h = (h + 1) & (AGI_LZW_HASH - 1);
            if (keys[h]) {
                cur = codes[h];
                continue;
            }
            agi_lzw_emit(&w, cur);
            if (decide) {
                /* Settled either way: the bytes so far already reach len;
                 * or even if each of the len - i bytes left took a code of
                 * its own (11 bits at most), with a reset every 1,024 codes
                 * (there are ~1,790 between resets) and the end code, the
                 * whole stays below len. */
                if (w.count >= len)
                    return 0;
                uint64_t left = len - i, most = (uint64_t)w.count * 8 + w.nbits + 11 * (left + left / 1024 + 2);
                if ((most + 7) / 8 < len)
                    return 1;
            }
            if (next < AGI_LZW_SIZE - 1) {
                keys[h] = key;
                codes[h] = (uint16_t)next++;
            } else {
                /* Full: start over so every code stays addressable. */
                agi_lzw_emit(&w, AGI_LZW_RESET);
                memset(keys, 0, sizeof keys);
                next = AGI_LZW_FIRST;
            }
            cur = src[i];
        }
        agi_lzw_emit(&w, cur);
    }
    agi_lzw_emit(&w, AGI_LZW_END);
    if (w.nbits > 0) {
        if (out)
            relic_buf_u8(out, (uint8_t)w.bits);
        w.count++;
    }
    return decide ? w.count < len : w.count;
}

void agi_lzw_compress(const uint8_t *src, size_t len, relic_buf *out) { agi_lzw_run(src, len, out, 0); }

size_t agi_lzw_compressed_len(const uint8_t *src, size_t len) { return agi_lzw_run(src, len, NULL, 0); }

int agi_lzw_shrinks(const uint8_t *src, size_t len) { return (int)agi_lzw_run(src, len, NULL, 1); }
