/* AGI256, the fan extension that gives AGI 256 colours: raw 160x168
 * pictures, views with header id 0xF00F and one colour byte per pixel, and
 * the standard VGA palette.  The agi-spec does not describe it; facts from
 * ScummVM (engines/agi; read, not copied):
 *   - op_cmd.cpp cmdSetSimple: under GF_AGI256 logic opcode 170 (set.simple
 *     in Sierra's table) loads picture v[p0] and draws it as a 256-colour
 *     picture.  There are no new vector commands: the "picture commands
 *     beyond 0xfa" are pixel bytes of a raw bitmap, any value 0..255;
 *   - picture.cpp drawPictureAGI256: the payload is the visual screen row
 *     by row, 160 x 168 bytes, one palette index each; a short payload
 *     leaves the rest white (index 15) with a warning, bytes past 26880 are
 *     ignored with a warning.  The priority screen is not touched;
 *   - view.cpp decodeView: a view whose first little-endian word is 0xF00F
 *     is 256-colour ("AGI 256-2 view"); the loop and cel headers are the
 *     usual ones (agi-spec view_resources.md) but the cel's third byte is
 *     the whole clear key and there is no mirroring;
 *     unpackViewCelDataAGI256: a byte 0 ends the row (the rest is the clear
 *     key), any other byte is one pixel of that colour; a pixel past the
 *     row's width or data ending before the last row is an error;
 *   - graphics.cpp initVideo: AGI256 games switch to the VGA render mode
 *     and its palette, palette.h PALETTE_VGA, installed with
 *     initPalette(..., 256, 8): taken as 8-bit components as stored, not
 *     scaled.  Its 256 levels are the IBM VGA BIOS default palette's 6-bit
 *     DAC levels times 4 (63 -> 0xFC, 42 -> 0xA8; "uses full 8 bits per
 *     color component", palette.h), which agi_agi256_palette builds from
 *     the palette's documented shape.  Checked entry by entry against
 *     PALETTE_VGA: the levels agree everywhere; relic used to scale them
 *     by 255/63 (63 -> 0xFF) and now multiplies by 4 as ScummVM's table
 *     does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_ext.h"
#include "relic/cursor.h"

void agi_agi256_palette(uint8_t rgb[256 * 3])
{
    /* VGA BIOS default palette in 6-bit DAC levels: 0-15 the EGA colours,
     * 16-31 a grey ramp, 32-247 nine rings of 24 hues (three intensities x
     * three saturations; each ring walks blue, magenta, red, yellow, green,
     * cyan over five levels), 248-255 black. */
    // clang-format off
    static const uint8_t ega[16][3] = {{0, 0, 0},    {0, 0, 42},   {0, 42, 0},   {0, 42, 42},
                                       {42, 0, 0},   {42, 0, 42},  {42, 21, 0},  {42, 42, 42},
                                       {21, 21, 21}, {21, 21, 63}, {21, 63, 21}, {21, 63, 63},
                                       {63, 21, 21}, {63, 21, 63}, {63, 63, 21}, {63, 63, 63}};
    // clang-format on
    static const uint8_t grey[16] = {0, 5, 8, 11, 14, 17, 20, 24, 28, 32, 36, 40, 45, 50, 56, 63};
    // clang-format off
    static const uint8_t ring_levels[9][5] = {
        {0, 16, 31, 47, 63}, {31, 39, 47, 55, 63}, {45, 49, 54, 58, 63},
        {0, 7, 14, 21, 28},  {14, 17, 21, 24, 28}, {20, 22, 24, 26, 28},
        {0, 4, 8, 12, 16},   {8, 10, 12, 14, 16},  {11, 12, 13, 15, 16},
    };
    // clang-format on
    uint8_t dac[256][3];
    memset(dac, 0, sizeof dac);
    memcpy(dac, ega, sizeof ega);
    for (unsigned i = 0; i < 16; i++)
        dac[16 + i][0] = dac[16 + i][1] = dac[16 + i][2] = grey[i];
    for (unsigned r = 0; r < 9; r++) {
        const uint8_t *L = ring_levels[r];
        for (unsigned h = 0; h < 24; h++) {
            /* Position in the six-edge walk: which component rises or falls. */
            unsigned edge = h / 4, step = h % 4;
            uint8_t lo = L[0], hi = L[4], up = L[step], down = L[4 - step];
            uint8_t *c = dac[32 + r * 24 + h];
            switch (edge) {
            case 0: c[0] = up, c[1] = lo, c[2] = hi; break;    /* blue -> magenta */
            case 1: c[0] = hi, c[1] = lo, c[2] = down; break;  /* magenta -> red */
            case 2: c[0] = hi, c[1] = up, c[2] = lo; break;    /* red -> yellow */
            case 3: c[0] = down, c[1] = hi, c[2] = lo; break;  /* yellow -> green */
            case 4: c[0] = lo, c[1] = hi, c[2] = up; break;    /* green -> cyan */
            default: c[0] = lo, c[1] = down, c[2] = hi; break; /* cyan -> blue */
            }
        }
    }
    /* Level times 4, as PALETTE_VGA stores it (an AGIPAL file's levels
     * scale by 255/63 instead: agipal.c). */
    for (unsigned i = 0; i < 256 * 3; i++)
        rgb[i] = (uint8_t)(dac[i / 3][i % 3] * 4u);
}

int agi_agi256_picture_is_raw(const uint8_t *data, size_t len)
{
    /* A vector picture opens with a command byte (0xf0..0xff, agi-spec
     * picture_resources.md); a raw bitmap fills the screen and opens with a
     * pixel.  Sierra pictures never reach 26880 bytes with a pixel first. */
    return data && len >= AGI_AGI256_PIC_SIZE && data[0] < 0xf0;
}

int agi_agi256_picture_decode(const uint8_t *data, size_t len, uint8_t visual[AGI_AGI256_PIC_SIZE],
                              agi_agi256_picture_info *info, relic_err *err)
{
    relic_cur c = relic_cur_make(data, data ? len : 0, 0);
    size_t have = relic_remaining(&c) < AGI_AGI256_PIC_SIZE ? relic_remaining(&c) : AGI_AGI256_PIC_SIZE;
    const uint8_t *pixels = relic_bytes(&c, have);
    if (relic_cur_check(&c, err))
        return RELIC_EDATA;
    if (have)
        memcpy(visual, pixels, have);
    memset(visual + have, 15, AGI_AGI256_PIC_SIZE - have);
    if (info) {
        info->white_filled = (unsigned)(AGI_AGI256_PIC_SIZE - have);
        info->ignored_bytes = relic_remaining(&c);
    }
    return RELIC_OK;
}

int agi_agi256_view_is_256(const uint8_t *data, size_t len)
{
    return data && len >= 2 && (data[0] | (unsigned)data[1] << 8) == AGI_AGI256_VIEW_ID;
}

int agi_agi256_view_counts(const uint8_t *data, size_t len, unsigned *loops, relic_err *err)
{
    relic_cur c = relic_cur_make(data, data ? len : 0, 0);
    if (relic_le16(&c) != AGI_AGI256_VIEW_ID && !c.failed)
        return relic_err_set(err, RELIC_EDATA, 0, "view is not 256-colour (header id is not 0xF00F)");
    uint8_t n = relic_u8(&c);
    relic_le16(&c); /* description offset */
    relic_skip(&c, (size_t)n * 2);
    if (relic_cur_check(&c, err))
        return RELIC_EDATA;
    *loops = n;
    return RELIC_OK;
}

/* The loop header's offset and cel count; the loop table itself was
 * bounds-checked by agi_agi256_view_counts. */
static int agi256_loop(const uint8_t *data, size_t len, unsigned loop, size_t *loop_off, unsigned *cels, relic_err *err)
{
    unsigned loops;
    int rc = agi_agi256_view_counts(data, len, &loops, err);
    if (rc)
        return rc;
    if (loop >= loops)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "loop %u of %u", loop, loops);
    relic_cur c = relic_cur_make(data, len, 0);
    relic_seek(&c, 5 + (size_t)loop * 2);
    size_t off = relic_le16(&c);
    relic_seek(&c, off);
    unsigned n = relic_u8(&c);
    relic_skip(&c, (size_t)n * 2);
    if (relic_cur_check(&c, err))
        return RELIC_EDATA;
    *loop_off = off;
    *cels = n;
    return RELIC_OK;
}

int agi_agi256_loop_cels(const uint8_t *data, size_t len, unsigned loop, unsigned *cels, relic_err *err)
{
    size_t off;
    return agi256_loop(data, len, loop, &off, cels, err);
}

int agi_agi256_cel_decode(const uint8_t *data, size_t len, unsigned loop, unsigned cel, agi_agi256_cel *out,
                          relic_err *err)
{
    memset(out, 0, sizeof *out);
    size_t loop_off;
    unsigned cels;
    int rc = agi256_loop(data, len, loop, &loop_off, &cels, err);
    if (rc)
        return rc;
    if (cel >= cels)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "loop %u: cel %u of %u", loop, cel, cels);
    relic_cur c = relic_cur_make(data, len, 0);
    relic_seek(&c, loop_off + 1 + (size_t)cel * 2);
    size_t cel_off = loop_off + relic_le16(&c); /* relative to the loop header */
    relic_seek(&c, cel_off);
    unsigned w = relic_u8(&c), h = relic_u8(&c);
    uint8_t key = relic_u8(&c);
    if (relic_cur_check(&c, err))
        return RELIC_EDATA;
    if (!w || !h)
        return relic_err_set(err, RELIC_EDATA, cel_off, "loop %u cel %u: empty cel %ux%u", loop, cel, w, h);
    uint8_t *px = malloc((size_t)w * h);
    if (!px)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned y = 0; y < h; y++) {
        unsigned x = 0;
        for (;;) {
            size_t at = relic_tell(&c);
            uint8_t b = relic_u8(&c);
            if (c.failed) {
                free(px);
                return relic_err_set(err, RELIC_EDATA, at, "loop %u cel %u: data ends in row %u of %u", loop, cel, y,
                                     h);
            }
            if (b == 0)
                break;
            if (x >= w) {
                free(px);
                return relic_err_set(err, RELIC_EDATA, at, "loop %u cel %u: row %u runs past width %u", loop, cel, y,
                                     w);
            }
            px[(size_t)y * w + x++] = b;
        }
        memset(px + (size_t)y * w + x, key, w - x);
    }
    out->width = w;
    out->height = h;
    out->clear_key = key;
    out->pixels = px;
    return RELIC_OK;
}

void agi_agi256_cel_free(agi_agi256_cel *cel)
{
    free(cel->pixels);
    cel->pixels = NULL;
}

int agi_agi256_detect(const agi_game *g, char *why, size_t why_len)
{
    static const agi_kind kinds[] = {AGI_PICTURE, AGI_VIEW};
    relic_buf payload = RELIC_BUF_INIT;
    int found = 0;
    for (unsigned k = 0; k < 2 && !found; k++) {
        for (unsigned n = 0; n < g->dirs[kinds[k]].count && !found; n++) {
            agi_record rec;
            relic_err err;
            relic_err_clear(&err);
            relic_buf_reset(&payload);
            if (agi_game_load(g, kinds[k], n, &rec, &payload, &err) != RELIC_OK)
                continue;
            if (kinds[k] == AGI_PICTURE && agi_agi256_picture_is_raw(payload.data, payload.len)) {
                snprintf(why, why_len,
                         "agi256: picture %u is a raw 160x168 bitmap (%zu bytes, first byte 0x%02x is a pixel)", n,
                         payload.len, payload.data[0]);
                found = 1;
            } else if (kinds[k] == AGI_VIEW && agi_agi256_view_is_256(payload.data, payload.len)) {
                snprintf(why, why_len, "agi256: view %u has the 256-colour header id 0xF00F", n);
                found = 1;
            }
        }
    }
    relic_buf_free(&payload);
    return found;
}
