/* Riven tBMP bitmaps.  Facts from ScummVM engines/mohawk/bitmap.cpp and
 * bitmap.h (MohawkBitmap): u16 width, u16 height (low 14 bits), u16 bytes
 * per row (even, low 14 bits), u16 format (bits 0-2 bpp code: 2 = 8 bpp,
 * 4 = 24 bpp; bit 3 colour table; bits 4-7 draw mode; bits 8-11 packing:
 * 0 none, 1 LZ, 4 Riven).  A colour table (u16 size, u8 rgb bits, u8 colour
 * count, 256 B,G,R triples) follows when bit 3 is set or the image is
 * Riven-packed 8 bpp.  Riven packing: u32 (about the unpacked size), then
 * commands: 0x00 end; 0x01-0x3f n literal duplets; 0x40-0x7f repeat the
 * last duplet n times; 0x80-0xbf repeat the last 4 pixels n times;
 * 0xc0-0xff n subcommands (one duplet each, arithmetic on the last duplet or
 * copies from earlier output; see riven_tbmp_sub).  24 bpp pixels are
 * B,G,R.  Every back reference and write is bounds-checked; an unknown
 * subcommand is an error rather than ScummVM's warning. */
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/riven_media.h"

typedef struct riven_out {
    uint8_t *p;
    size_t pos, len;
    int bad; /* a back reference before the start */
} riven_out;

static void riven_put(riven_out *o, uint8_t v)
{
    if (o->pos < o->len)
        o->p[o->pos] = v;
    o->pos++;
}

static uint8_t riven_back(riven_out *o, size_t k)
{
    if (k > o->pos || o->pos - k >= o->len) {
        if (k > o->pos)
            o->bad = 1;
        return 0;
    }
    return o->p[o->pos - k];
}

static void riven_copy(riven_out *o, size_t k) { riven_put(o, riven_back(o, k)); }
static void riven_dup(riven_out *o, int add) { riven_put(o, (uint8_t)(riven_back(o, 2) + add)); }

/* One subcommand: m is the low nibble, p the next byte. */
static int riven_tbmp_sub(relic_cur *c, riven_out *o, uint8_t cmd)
{
    int m = cmd & 0x0f;
    if (cmd >= 0x01 && cmd <= 0x0f) {
        riven_copy(o, (size_t)m * 2);
        riven_copy(o, (size_t)m * 2);
    } else if (cmd == 0x10) {
        riven_dup(o, 0);
        riven_put(o, relic_u8(c));
    } else if (cmd <= 0x1f) {
        riven_dup(o, 0);
        riven_copy(o, (size_t)m);
    } else if (cmd <= 0x2f) {
        riven_dup(o, 0);
        riven_dup(o, m);
    } else if (cmd <= 0x3f) {
        riven_dup(o, 0);
        riven_dup(o, -m);
    } else if (cmd == 0x40) {
        riven_put(o, relic_u8(c));
        riven_dup(o, 0);
    } else if (cmd <= 0x4f) {
        riven_copy(o, (size_t)m);
        riven_dup(o, 0);
    } else if (cmd == 0x50) {
        riven_put(o, relic_u8(c));
        riven_put(o, relic_u8(c));
    } else if (cmd <= 0x57) {
        riven_copy(o, cmd & 7u);
        riven_put(o, relic_u8(c));
    } else if (cmd >= 0x59 && cmd <= 0x5f) {
        riven_put(o, relic_u8(c));
        riven_copy(o, cmd & 7u);
    } else if (cmd >= 0x60 && cmd <= 0x7f) {
        riven_put(o, relic_u8(c));
        riven_dup(o, cmd < 0x70 ? m : -m);
    } else if (cmd >= 0x80 && cmd <= 0x8f) {
        riven_dup(o, m);
        riven_dup(o, 0);
    } else if (cmd >= 0x90 && cmd <= 0x9f) {
        riven_dup(o, m);
        riven_put(o, relic_u8(c));
    } else if (cmd == 0xa0 || cmd == 0xb0 || cmd == 0xe0 || cmd == 0xf0 || cmd == 0xff) {
        uint8_t p = relic_u8(c);
        int hi = p >> 4, lo = p & 0x0f;
        riven_dup(o, (cmd == 0xa0 || cmd == 0xb0) ? hi : -hi);
        riven_dup(o, (cmd == 0xa0 || cmd == 0xe0) ? lo : -lo);
    } else if (cmd >= 0xc0 && cmd <= 0xcf) {
        riven_dup(o, -m);
        riven_dup(o, 0);
    } else if (cmd >= 0xd0 && cmd <= 0xdf) {
        riven_dup(o, -m);
        riven_put(o, relic_u8(c));
    } else if (cmd == 0xfc) {
        uint8_t b1 = relic_u8(c), b2 = relic_u8(c);
        size_t k = ((size_t)(b1 & 3) << 8) | b2;
        for (unsigned j = 0; j < (unsigned)(b1 >> 3) + 1; j++) {
            riven_copy(o, k);
            riven_copy(o, k);
        }
        riven_copy(o, k);
        if (b1 & 4)
            riven_copy(o, k);
        else
            riven_put(o, relic_u8(c));
    } else {
        /* Copies of n pixels from -k (k: the low 2 bits and the next byte);
         * odd counts end with one literal byte. */
        unsigned n = 0;
        switch (cmd & 0xfc) {
        case 0xa4: n = 3; break;
        case 0xa8: n = 4; break;
        case 0xac: n = 5; break;
        case 0xb4: n = 6; break;
        case 0xb8: n = 7; break;
        case 0xbc: n = 8; break;
        case 0xe4: n = 9; break;
        case 0xe8: n = 10; break;
        case 0xec: n = 11; break;
        case 0xf4: n = 12; break;
        case 0xf8: n = 13; break;
        default: return -1;
        }
        size_t k = ((size_t)(cmd & 3) << 8) | relic_u8(c);
        for (unsigned j = 0; j < n; j++)
            riven_copy(o, k);
        if (n & 1)
            riven_put(o, relic_u8(c));
    }
    return 0;
}

static int riven_tbmp_unpack(relic_cur *c, riven_out *o, relic_err *err)
{
    relic_be32(c);
    while (!c->failed && c->pos < c->len && o->pos < o->len) {
        size_t at = relic_tell(c);
        uint8_t cmd = relic_u8(c);
        if (cmd == 0x00)
            break;
        if (cmd <= 0x3f) {
            for (unsigned i = 0; i < cmd * 2u; i++)
                riven_put(o, relic_u8(c));
        } else if (cmd <= 0x7f) {
            uint8_t a = riven_back(o, 2), b = riven_back(o, 1);
            for (unsigned i = 0; i < cmd - 0x40u; i++) {
                riven_put(o, a);
                riven_put(o, b);
            }
        } else if (cmd <= 0xbf) {
            uint8_t q[4] = {riven_back(o, 4), riven_back(o, 3), riven_back(o, 2), riven_back(o, 1)};
            for (unsigned i = 0; i < cmd - 0x80u; i++)
                for (int k = 0; k < 4; k++)
                    riven_put(o, q[k]);
        } else {
            for (unsigned i = 0; i < cmd - 0xc0u; i++) {
                size_t sat = relic_tell(c);
                uint8_t sub = relic_u8(c);
                if (!c->failed && riven_tbmp_sub(c, o, sub))
                    return relic_err_set(err, RELIC_EDATA, sat, "unknown Riven packing subcommand 0x%02x", sub);
                if (o->bad)
                    return relic_err_set(err, RELIC_EDATA, sat,
                                         "packing subcommand 0x%02x copies from before the image", sub);
            }
        }
        if (o->bad)
            return relic_err_set(err, RELIC_EDATA, at, "packing command 0x%02x repeats pixels before the image", cmd);
    }
    return relic_cur_check(c, err);
}

void riven_bitmap_free(riven_bitmap *b)
{
    if (b) {
        free(b->pixels);
        b->pixels = NULL;
    }
}

int riven_tbmp_decode(const uint8_t *d, size_t n, riven_bitmap *b, relic_err *err)
{
    memset(b, 0, sizeof *b);
    relic_cur c = relic_cur_make(d, n, 0);
    b->width = relic_be16(&c) & 0x3fff;
    b->height = relic_be16(&c) & 0x3fff;
    b->bytes_per_row = relic_be16(&c) & 0x3ffe;
    b->format = relic_be16(&c);
    if (relic_cur_check(&c, err))
        return err ? err->code : RELIC_EDATA;
    unsigned bppc = b->format & RIVEN_BMP_BPP_MASK, pack = b->format & RIVEN_BMP_PACK_MASK;
    b->bpp = bppc == RIVEN_BMP_BPP8 ? 8 : bppc == RIVEN_BMP_BPP24 ? 24 : 0;
    if (!b->bpp)
        return relic_err_set(err, RELIC_EDATA, 6, "unsupported bits-per-pixel code %u", bppc);
    if (b->format & RIVEN_BMP_DRAW_MASK)
        return relic_err_set(err, RELIC_EDATA, 6, "unsupported draw mode 0x%02x", b->format & RIVEN_BMP_DRAW_MASK);
    if (pack != RIVEN_BMP_PACK_NONE && pack != RIVEN_BMP_PACK_RIVEN)
        return relic_err_set(err, RELIC_EDATA, 6, "unsupported packing 0x%03x", pack);
    unsigned bytes = b->bpp / 8;
    if (b->bytes_per_row < b->width * bytes)
        return relic_err_set(err, RELIC_EDATA, 4, "%u bytes per row cannot hold %u pixels", b->bytes_per_row, b->width);
    if ((b->format & RIVEN_BMP_HAS_CLUT) || (pack == RIVEN_BMP_PACK_RIVEN && b->bpp == 8)) {
        relic_skip(&c, 4);
        const uint8_t *t = relic_bytes(&c, 768); /* one bounds check, not 768 */
        if (relic_cur_check(&c, err))
            return err ? err->code : RELIC_EDATA;
        for (int i = 0; i < 256; i++) {
            b->palette[i * 3] = t[i * 3 + 2];
            b->palette[i * 3 + 1] = t[i * 3 + 1];
            b->palette[i * 3 + 2] = t[i * 3];
        }
    }
    size_t plane = (size_t)b->bytes_per_row * b->height;
    uint8_t *raw = NULL;
    const uint8_t *src;
    if (pack == RIVEN_BMP_PACK_RIVEN) {
        raw = relic_calloc_array(plane, 1);
        if (!raw)
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        riven_out o = {raw, 0, plane, 0};
        int rc = riven_tbmp_unpack(&c, &o, err);
        if (rc) {
            free(raw);
            return rc;
        }
        src = raw;
    } else {
        src = relic_bytes(&c, plane);
        if (relic_cur_check(&c, err))
            return err ? err->code : RELIC_EDATA;
    }
    b->pixels = relic_alloc_array((size_t)b->width * b->height, bytes);
    if (!b->pixels) {
        free(raw);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    for (unsigned y = 0; y < b->height; y++) {
        const uint8_t *row = src + (size_t)y * b->bytes_per_row;
        uint8_t *dst = b->pixels + (size_t)y * b->width * bytes;
        if (bytes == 1)
            memcpy(dst, row, b->width);
        else
            for (unsigned x = 0; x < b->width; x++) {
                dst[3 * x] = row[3 * x + 2];
                dst[3 * x + 1] = row[3 * x + 1];
                dst[3 * x + 2] = row[3 * x];
            }
    }
    free(raw);
    return RELIC_OK;
}

int riven_tbmp_is_plain(const uint8_t *d, size_t n)
{
    if (n < 12 + 768)
        return 0;
    unsigned w = (unsigned)d[0] << 8 | d[1], h = (unsigned)d[2] << 8 | d[3];
    unsigned bpr = (unsigned)d[4] << 8 | d[5], format = (unsigned)d[6] << 8 | d[7];
    /* the header and colour-table header riven_tbmp_encode writes; the
     * table itself and the pixels are what decoding reads back */
    if (w == 0 || w > 0x3fff || h > 0x3fff || bpr != ((w + 1) & ~1u) ||
        format != (RIVEN_BMP_BPP8 | RIVEN_BMP_HAS_CLUT) || d[8] != 0x03 || d[9] != 0x00 || d[10] != 8 || d[11] != 0 ||
        n != 12 + 768 + (size_t)bpr * h)
        return 0;
    for (unsigned y = 0; bpr != w && y < h; y++) /* the encoder's padding byte is 0 */
        if (d[12 + 768 + (size_t)y * bpr + w] != 0)
            return 0;
    return 1;
}

/* Riven packing with literal duplets and duplet repeats only: a valid
 * stream any Riven decoder reads, used for samples and round trips. */
static void riven_tbmp_pack(const uint8_t *p, size_t n, relic_buf *out)
{
    relic_buf_be32(out, (uint32_t)n);
    size_t i = 0;
    while (i < n) {
        size_t run = 0;
        while (i >= 2 && i + 2 * run + 1 < n && run < 63 && p[i + 2 * run] == p[i - 2] &&
               p[i + 2 * run + 1] == p[i - 1])
            run++;
        if (run) {
            relic_buf_u8(out, (uint8_t)(0x40 + run));
            i += 2 * run;
            continue;
        }
        size_t lit = 1;
        while (lit < 63 && i + 2 * lit + 1 < n &&
               !(p[i + 2 * lit] == p[i + 2 * lit - 2] && p[i + 2 * lit + 1] == p[i + 2 * lit - 1]))
            lit++;
        relic_buf_u8(out, (uint8_t)lit);
        relic_buf_append(out, p + i, 2 * lit);
        i += 2 * lit;
    }
    relic_buf_u8(out, 0);
}

int riven_tbmp_encode(const riven_bitmap *b, uint16_t pack, relic_buf *out, relic_err *err)
{
    unsigned bytes = b->bpp / 8;
    if ((b->bpp != 8 && b->bpp != 24) || b->width > 0x3fff || b->height > 0x3fff || (b->bpp == 24 && pack) ||
        (pack != RIVEN_BMP_PACK_NONE && pack != RIVEN_BMP_PACK_RIVEN))
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "cannot encode a %ux%u %u bpp bitmap this way",
                             b->width, b->height, b->bpp);
    unsigned bpr = (b->width * bytes + 1) & ~1u;
    if (bpr > 0x3ffe)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "bitmap rows too wide");
    uint16_t format = (uint16_t)((b->bpp == 8 ? RIVEN_BMP_BPP8 : RIVEN_BMP_BPP24) | pack);
    if (b->bpp == 8 && !pack)
        format |= RIVEN_BMP_HAS_CLUT;
    relic_buf_be16(out, (uint16_t)b->width);
    relic_buf_be16(out, (uint16_t)b->height);
    relic_buf_be16(out, (uint16_t)bpr);
    relic_buf_be16(out, format);
    if (b->bpp == 8) {
        relic_buf_be16(out, 256 * 3);
        relic_buf_u8(out, 8);
        relic_buf_u8(out, 0); /* 256 colours */
        for (int i = 0; i < 256; i++) {
            relic_buf_u8(out, b->palette[i * 3 + 2]);
            relic_buf_u8(out, b->palette[i * 3 + 1]);
            relic_buf_u8(out, b->palette[i * 3]);
        }
    }
    size_t plane = (size_t)bpr * b->height;
    uint8_t *raw = relic_calloc_array(plane, 1);
    if (!raw)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned y = 0; y < b->height; y++) {
        const uint8_t *s = b->pixels + (size_t)y * b->width * bytes;
        uint8_t *d = raw + (size_t)y * bpr;
        for (unsigned x = 0; x < b->width; x++) {
            if (bytes == 1)
                d[x] = s[x];
            else {
                d[3 * x] = s[3 * x + 2];
                d[3 * x + 1] = s[3 * x + 1];
                d[3 * x + 2] = s[3 * x];
            }
        }
    }
    if (pack == RIVEN_BMP_PACK_RIVEN)
        riven_tbmp_pack(raw, plane, out);
    else
        relic_buf_append(out, raw, plane);
    free(raw);
    return relic_buf_check(out, err);
}
