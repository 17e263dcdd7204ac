/* agi-unpack exporter: a view (agi-spec view_resources.md) as
 * views/viewNNN/loopL_celC.png (the cel's transparent colour as PNG
 * transparency), views/viewNNN/loopL.png (the loop's cels side by side,
 * bottom-aligned), views/viewNNN/loopL.gif (the loop animated) and
 * views/viewNNN.json (--views picks which of the three image forms are
 * written; the JSON always is).  Each loop is selected before its cels are drawn,
 * as the interpreter does, so mirrored loops come out mirrored; keys in
 * agi-unpack(1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "export.h"
#include "relic/agi_ext.h"
#include "relic/agi_picture.h"
#include "relic/agi_view.h"
#include "relic/gif.h"
#include "relic/core.h"
#include "relic/io.h"

#define UNPACK_VIEW_CLEAR 16 /* sheet and GIF background: index past the EGA colours */

/* The image colours (EGA, or --palette's AGIPAL file) plus one transparent background entry, padded for GIF. */
static void unpack_view_palette(const unpack_ctx *x, uint8_t pal[32 * 3])
{
    memset(pal, 0, 32 * 3);
    memcpy(pal, x->o->palette, 16 * 3);
}

/* Whether loop `loop` shows cel `c` mirrored relative to its file bytes. */
static int unpack_view_mirrored(const agi_view *v, unsigned loop, const agi_cel *c)
{
    if (v->packed_loops) {
        uint8_t h = v->loops[v->loop[loop]].stored_header;
        return (h & 0xc0) == 0xc0 && ((h >> 4) & 3u) != (loop & 3u);
    }
    return (c->stored_control & 0x80) && ((c->stored_control >> 4) & 7u) != (loop & 7u);
}

/* The loop's cels, each in its own max_w x max_h slot (one after the
 * other), bottom-aligned as cels stand on their baseline, on the clear
 * background; in scratch slot 0 (slot 1 is used on the way). */
static uint8_t *unpack_view_slots(unpack_ctx *x, const agi_view *v, unsigned loop, unsigned n, unsigned *mw,
                                  unsigned *mh)
{
    *mw = *mh = 1;
    for (unsigned i = 0; i < n; i++) {
        const agi_cel *c = agi_view_cel(v, loop, i);
        if (c->width > *mw)
            *mw = c->width;
        if (c->height > *mh)
            *mh = c->height;
    }
    size_t slot = (size_t)*mw * *mh;
    uint8_t *all = unpack_scratch(x, 0, slot * n), *cel = unpack_scratch(x, 1, slot);
    if (!all || !cel)
        return NULL;
    memset(all, UNPACK_VIEW_CLEAR, slot * n);
    for (unsigned i = 0; i < n; i++) {
        const agi_cel *c = agi_view_cel(v, loop, i);
        agi_cel_pixels(c, cel);
        uint8_t *dst = all + slot * i + (size_t)(*mh - c->height) * *mw;
        for (size_t p = 0; p < (size_t)c->width * c->height; p++)
            if (cel[p] != c->transparent)
                dst[(p / c->width) * *mw + p % c->width] = cel[p];
    }
    return all;
}

/* Side-by-side sheet from the slots. */
static void unpack_view_sheet(const uint8_t *slots, unsigned n, unsigned mw, unsigned mh, uint8_t *sheet)
{
    for (unsigned i = 0; i < n; i++)
        for (unsigned y = 0; y < mh; y++)
            memcpy(sheet + (size_t)y * mw * n + (size_t)i * mw, slots + (size_t)mw * mh * i + (size_t)y * mw, mw);
}

/* The loop animated, frames in scratch slot 1, encoded in the worker's
 * buffer. */
static int unpack_view_gif(unpack_ctx *x, const char *rel, const uint8_t *slots, unsigned n, unsigned mw, unsigned mh,
                           const uint8_t *pal)
{
    unsigned bw, bh;
    cli_aspect aspect = unpack_display_aspect(x);
    cli_image_size(mw, mh, x->o->scale, aspect, 0, &bw, &bh);
    unsigned fps = x->o->fps ? x->o->fps : 10;
    size_t big = (size_t)bw * bh;
    uint8_t *px = unpack_scratch(x, 1, big * n);
    relic_gif_frame *fr = relic_calloc_array(n, sizeof *fr);
    relic_err err;
    relic_err_clear(&err);
    int rc = RELIC_ENOMEM;
    if (px && fr) {
        for (unsigned i = 0; i < n; i++) {
            cli_image_scale_to(slots + (size_t)mw * mh * i, mw, mh, x->o->scale, aspect, 0, px + big * i);
            fr[i].pixels = px + big * i;
            fr[i].delay_cs = (100 + fps / 2) / fps;
        }
        relic_gif g = {bw, bh, pal, 32, UNPACK_VIEW_CLEAR};
        relic_buf_reset(&x->enc);
        rc = relic_gif_encode(&g, fr, n, &x->enc, &err);
    }
    free(fr);
    if (rc == RELIC_OK)
        return unpack_write(x, rel, x->enc.data, x->enc.len, NULL);
    if (!err.msg[0])
        relic_err_set(&err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    relic_err_file(&err, rel);
    unpack_report(x, &err);
    x->io_failed = 1;
    return rc;
}

/* One loop: select it, write its cels, sheet and GIF (as --views says);
 * returns its JSON. */
static json_t *unpack_view_loop(unpack_ctx *x, unsigned num, agi_view *v, unsigned loop, const uint8_t *pal)
{
    const agi_loop_data *ld = &v->loops[v->loop[loop]];
    unsigned forms = x->out ? x->o->views : 0;
    json_t *cels = json_array();
    json_t *lj = json_pack("{s:i, s:I, s:i, s:o}", "loop", (int)loop, "offset", (json_int_t)ld->offset, "header",
                           (int)ld->stored_header, "cels", cels);
    if (!lj) { /* cels may be gone with it */
        x->json_oom = 1;
        return NULL;
    }
    for (unsigned l = 0; l < loop; l++)
        if (v->loop[l] == v->loop[loop]) { /* the same loop structure as an earlier entry */
            relic_json_set(lj, "shares_loop", json_integer(l), &x->json_oom);
            break;
        }
    char rel[96];
    for (unsigned i = 0; i < ld->cel_count; i++) {
        const agi_cel *c = agi_view_cel(v, loop, i);
        json_t *cj = json_pack("{s:i, s:i, s:i, s:i, s:I, s:b, s:b}", "cel", (int)i, "width", c->width, "height",
                               c->height, "transparent", c->transparent, "offset", (json_int_t)c->offset, "mirror_flag",
                               (c->stored_control & 0x80) != 0, "mirrored", unpack_view_mirrored(v, loop, c));
        relic_json_set(cj, "orientation", json_integer((c->stored_control >> 4) & 7), &x->json_oom);
        if ((forms & UNPACK_VIEW_CELS) && c->width && c->height) {
            uint8_t *px = unpack_scratch(x, 1, (size_t)c->width * c->height);
            snprintf(rel, sizeof rel, "views/view%03u/loop%u_cel%u.png", num, loop, i);
            if (px) {
                agi_cel_pixels(c, px);
                if (unpack_write_png(x, rel, px, c->width, c->height, x->o->palette, 16, c->transparent) == 0)
                    relic_json_set(cj, "png", json_string(rel), &x->json_oom);
            }
        }
        relic_json_append(cels, cj, &x->json_oom);
    }
    unsigned n = ld->cel_count, mw, mh;
    uint8_t *slots =
        (forms & (UNPACK_VIEW_SHEETS | UNPACK_VIEW_GIFS)) && n ? unpack_view_slots(x, v, loop, n, &mw, &mh) : NULL;
    uint8_t *sheet = slots && (forms & UNPACK_VIEW_SHEETS) ? unpack_scratch(x, 2, (size_t)mw * mh * n) : NULL;
    if (sheet) {
        unpack_view_sheet(slots, n, mw, mh, sheet);
        snprintf(rel, sizeof rel, "views/view%03u/loop%u.png", num, loop);
        if (unpack_write_png_as(x, rel, sheet, mw * n, mh, pal, 17, UNPACK_VIEW_CLEAR, unpack_display_aspect(x)) == 0)
            relic_json_set(lj, "sheet", json_string(rel), &x->json_oom);
    }
    if (slots && (forms & UNPACK_VIEW_GIFS)) {
        snprintf(rel, sizeof rel, "views/view%03u/loop%u.gif", num, loop);
        if (unpack_view_gif(x, rel, slots, n, mw, mh, pal) == 0)
            relic_json_set(lj, "gif", json_string(rel), &x->json_oom);
    }
    return lj;
}

/* An AGI256-2 game's 0xF00F view (agi256.c): each cel as one PNG with the
 * VGA palette, its clear key transparent; same names as the 16-colour cels. */
static void unpack_export_view_256(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload,
                                   json_t *row)
{
    relic_err err;
    relic_err_clear(&err);
    unsigned loops, cels_total = 0;
    uint8_t pal[256 * 3];
    agi_agi256_palette(pal);
    if (agi_agi256_view_counts(payload->data, payload->len, &loops, &err)) {
        unpack_fail(x, AGI_VIEW, num, rec, &err, row);
        return;
    }
    for (unsigned l = 0; l < loops; l++) {
        unsigned cels;
        if (agi_agi256_loop_cels(payload->data, payload->len, l, &cels, &err)) {
            unpack_fail(x, AGI_VIEW, num, rec, &err, row);
            return;
        }
        for (unsigned c = 0; c < cels; c++) {
            agi_agi256_cel cel;
            if (agi_agi256_cel_decode(payload->data, payload->len, l, c, &cel, &err)) {
                unpack_fail(x, AGI_VIEW, num, rec, &err, row);
                return;
            }
            cels_total++;
            if (x->out) {
                char rel[64];
                snprintf(rel, sizeof rel, "views/view%03u/loop%u_cel%u.png", num, l, c);
                unpack_write_png(x, rel, cel.pixels, cel.width, cel.height, pal, 256, cel.clear_key);
            }
            agi_agi256_cel_free(&cel);
        }
    }
    relic_json_set(row, "agi256", json_true(), &x->json_oom);
    relic_json_set(row, "loops", json_integer(loops), &x->json_oom);
    relic_json_set(row, "cels", json_integer(cels_total), &x->json_oom);
}

void unpack_export_view(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload, json_t *row)
{
    if ((x->o->extensions & AGI_EXT_AGI256_2) && agi_agi256_view_is_256(payload->data, payload->len)) {
        unpack_export_view_256(x, num, rec, payload, row);
        return;
    }
    agi_view v;
    relic_err err;
    relic_err_clear(&err);
    if (agi_view_decode(payload->data, payload->len, x->game->profile, &v, &err)) {
        unpack_fail(x, AGI_VIEW, num, rec, &err, row);
        return;
    }
    uint8_t pal[32 * 3];
    unpack_view_palette(x, pal);
    json_t *loops = json_array();
    unsigned cels = 0;
    for (unsigned l = 0; l < v.loop_count; l++) {
        if (agi_view_select_loop(&v, l, &err)) {
            unpack_fail(x, AGI_VIEW, num, rec, &err, row);
            json_decref(loops);
            agi_view_free(&v);
            return;
        }
        json_t *lj = unpack_view_loop(x, num, &v, l, pal);
        cels += (unsigned)json_array_size(json_object_get(lj, "cels"));
        relic_json_append(loops, lj, &x->json_oom);
    }
    relic_json_set(row, "loops", json_integer(v.loop_count), &x->json_oom);
    relic_json_set(row, "cels", json_integer(cels), &x->json_oom);
    unpack_warn(x, AGI_VIEW, num, rec, v.warnings, v.warning, v.warning_offset, row);
    if (x->out) {
        json_t *doc = json_pack(
            "{s:s, s:i, s:i, s:b, s:[i,i], s:o, s:o}", "format", "relic-agi-view", "format_version", 1, "view",
            (int)num, "packed_loops", v.packed_loops, "reserved", v.reserved[0], v.reserved[1], "description",
            v.description ? relic_json_bytes(v.description, v.description_len) : json_null(), "loops", loops);
        char rel[64];
        snprintf(rel, sizeof rel, "views/view%03u.json", num);
        unpack_page_item *it = unpack_page_slot(x, AGI_VIEW, num);
        if (unpack_write(x, rel, NULL, 0, doc) == 0) {
            relic_json_set(row, "json", json_string(rel), &x->json_oom);
            if (it)
                it->view = json_incref(doc);
        }
        json_decref(doc);
    } else {
        json_decref(loops);
    }
    agi_view_free(&v);
}
