/* AGI256 and AGI256-2, the fan extensions that give AGI 256 colours.  The
 * agi-spec describes neither; facts from ScummVM (read, not copied):
 *   - the ScummVM wiki, AGI/Specifications/Other, sections "AGI256" and
 *     "AGI256-2", and bug tracker ticket #8687 ("AGI256 starting point and
 *     information"): both are hacks of Sierra's 2.936 interpreter.  AGI256
 *     (Dark Minister) adds 256-colour pictures; AGI256-2 (Brian
 *     Provinciano) is built on AGI256 and adds 256-colour views.  The
 *     picture form is the same in both: a raw 160x168 bitmap, one VGA
 *     palette index per byte, "always 160*168*1 = 26880 bytes", no palette
 *     in the file; Brian Provinciano's "AGI256 View Editor 1.10 Read Me"
 *     (2002) says the editor converts BMP files "into AGI256 pictures",
 *     and that "normal AGI views start with '\x01\x01', while my new format
 *     starts with '\x0F\xF0'";
 *   - engines/agi op_cmd.cpp cmdSetSimple (GF_AGI256 | GF_AGI256_2, both
 *     flags alike) and master's cmdAgi256LoadPic: logic opcode 170
 *     (set.simple in Sierra's table) loads picture v[p0] and draws it as a
 *     raw bitmap.  There are no new vector commands;
 *   - picture.cpp decodePicture(n, clear, agi256) and master's
 *     drawPictureAGI256, the one raw path for both flags: the payload is
 *     the visual screen row by row, 160 x 168 bytes; a short payload leaves
 *     the rest white (index 15) with a warning, bytes past 26880 are
 *     ignored with a warning.  The priority screen is not touched;
 *   - view.cpp decodeView: a view whose first little-endian word is 0xF00F
 *     is an "AGI 256-2 view" (older ScummVM kept a per-view agi256_2 bit
 *     from the same word, and sprite.cpp blitCel drew such a cel a whole
 *     byte per pixel, no run lengths); the loop and cel headers are the
 *     usual ones (agi-spec view_resources.md) but the cel's third byte is
 *     the whole clear key and there is no mirroring;
 *     unpackViewCelDataAGI256: a byte 0 ends the row (the rest is the clear
 *     key), any other byte is one pixel of that colour; a pixel past the
 *     row's width or data ending before the last row is an error;
 *   - detection_tables.h: the "AGI256 Demo" and the "AGI256-2 Demo" by
 *     checksum, once GF_AGI256 and GF_AGI256_2, in master both GF_AGI256
 *     (the view's header tells its form, per view);
 *   - graphics.cpp initVideo: both switch to the VGA render mode and its
 *     palette, palette.h PALETTE_VGA, installed with
 *     initPalette(..., 256, 8): taken as 8-bit components as stored, not
 *     scaled.  Its 256 levels are the IBM VGA BIOS default palette's 6-bit
 *     DAC levels times 4 (63 -> 0xFC, 42 -> 0xA8; "uses full 8 bits per
 *     color component", palette.h), which agi_agi256_palette builds from
 *     the palette's documented shape.  Checked entry by entry against
 *     PALETTE_VGA: the levels agree everywhere; relic used to scale them
 *     by 255/63 (63 -> 0xFF) and now multiplies by 4 as ScummVM's table
 *     does.
 * Telling them apart from the data: a 0xF00F view exists only in AGI256-2
 * (AGI256's blitter is Sierra's, run lengths); raw pictures alone are
 * AGI256.  Telling a raw picture from a vector one: ScummVM goes by the
 * opcode that draws it, which a file alone does not show, so relic reads
 * the payload's shape (agi_agi256_picture_shape).  A raw bitmap is any
 * bytes: its first pixel may be 0xf0 or above, and read as commands it
 * then meets a byte such as 0xfe where Sierra's 2.936 has no command
 * ("picture command 0xfe is not defined in profile 2.936"): the shape
 * test reads the bytes as the command stream would and calls a payload
 * raw when that reading fails, not only when a pixel comes first. */
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

/* Where a command stream of the 2.936 interpreter AGI256 is built on
 * (agi-spec picture_resources.md "Command stream": commands 0xf0..0xfa,
 * the end 0xff; data bytes below 0xf0; the byte after 0xf0, 0xf2 and 0xf9
 * is a raw operand) goes wrong in data, as an offset, or len when the
 * bytes read as a whole picture: *end gets the offset of its 0xff. */
static size_t agi256_vector_fault(const uint8_t *data, size_t len, size_t *end)
{
    relic_cur c = relic_cur_make(data, len, 0);
    *end = len;
    for (;;) {
        size_t at = relic_tell(&c);
        uint8_t b = relic_u8(&c);
        if (c.failed)
            return len; /* no end */
        if (b == 0xff) {
            *end = at;
            return len;
        }
        if (b >= 0xfb)
            return at;
        if (b == 0xf0 || b == 0xf2 || b == 0xf9)
            relic_skip(&c, 1);
    }
}

/* The shape test for payloads of at least `min` bytes. */
static int agi256_shape(const uint8_t *data, size_t len, size_t min, char *why, size_t why_len)
{
    if (why && why_len)
        why[0] = 0;
    if (!data || !len || len < min)
        return 0;
    size_t end, fault = agi256_vector_fault(data, len, &end);
    char cue[96];
    if (data[0] < 0xf0)
        snprintf(cue, sizeof cue, "first byte 0x%02x is a pixel, not a command", data[0]);
    else if (fault < len)
        snprintf(cue, sizeof cue, "byte 0x%02x at offset %zu is no picture command", data[fault], fault);
    else if (end == len)
        snprintf(cue, sizeof cue, "no 0xff ends it as a picture");
    else if (len - end - 1 > end)
        /* padding after a picture's end is a remainder, never the most of it */
        snprintf(cue, sizeof cue, "read as commands it ends at offset %zu of %zu", end, len);
    else
        return 0;
    if (why && why_len)
        snprintf(why, why_len, "%s", cue);
    return 1;
}

int agi_agi256_picture_shape(const uint8_t *data, size_t len, char *why, size_t why_len)
{
    /* Alone, and as evidence of the extension, a raw bitmap fills the
     * screen (ScummVM's wiki: always 26880 bytes); Sierra's vector
     * pictures are far smaller. */
    return agi256_shape(data, len, AGI_AGI256_PIC_SIZE, why, why_len);
}

int agi_agi256_picture_is_raw(const uint8_t *data, size_t len) { return agi_agi256_picture_shape(data, len, NULL, 0); }

int agi_agi256_picture_is_raw_in_game(const uint8_t *data, size_t len)
{
    /* In a game that shows the extension a payload that is no command
     * stream is a bitmap whatever its size: ScummVM's drawPictureAGI256
     * draws a short one and leaves the rest white. */
    return agi256_shape(data, len, 1, NULL, 0);
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

/* The first resource of `kind` that `has` accepts, as evidence in `why`. */
static int agi256_find(const agi_game *g, agi_kind kind, int (*has)(const relic_buf *p, char *cue, size_t cue_len),
                       const char *fmt, char *why, size_t why_len)
{
    relic_buf payload = RELIC_BUF_INIT;
    int found = 0;
    for (unsigned n = 0; n < g->dirs[kind].count && !found; n++) {
        agi_record rec;
        relic_err err;
        relic_err_clear(&err);
        relic_buf_reset(&payload);
        if (agi_game_load(g, kind, n, &rec, &payload, &err) != RELIC_OK)
            continue;
        char cue[128];
        if (has(&payload, cue, sizeof cue)) {
            snprintf(why, why_len, fmt, n, payload.len, cue);
            found = 1;
        }
    }
    relic_buf_free(&payload);
    return found;
}

static int agi256_has_raw_picture(const relic_buf *p, char *cue, size_t cue_len)
{
    return agi_agi256_picture_shape(p->data, p->len, cue, cue_len);
}

static int agi256_has_wide_view(const relic_buf *p, char *cue, size_t cue_len)
{
    snprintf(cue, cue_len, "header bytes 0x0F 0xF0");
    return agi_agi256_view_is_256(p->data, p->len);
}

int agi_agi256_detect(const agi_game *g, char *why, size_t why_len)
{
    return agi256_find(g, AGI_PICTURE, agi256_has_raw_picture,
                       "agi256: picture %u is a raw 160x168 bitmap (%zu bytes; %s)", why, why_len);
}

int agi_agi256_2_detect(const agi_game *g, char *why, size_t why_len)
{
    return agi256_find(g, AGI_VIEW, agi256_has_wide_view,
                       "agi256-2: view %u is a 256-colour view (%zu bytes; %s, the id 0xF00F no other view has)", why,
                       why_len);
}
