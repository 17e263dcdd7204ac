/* agi-unpack exporter: a picture drawn with the game's profile
 * (agi-spec picture_resources.md) as pictures/picNNN.png (visual) and
 * pictures/picNNN.priority.png (priority/control, same EGA palette); keys
 * in agi-unpack(1). */
#include <stdio.h>
#include "export.h"
#include "relic/agi_ext.h"
#include "relic/agi_picture.h"

/* A raw bitmap picture (AGI256, agi256.c): one visual PNG with the form's
 * palette; the raw form has no priority screen. */
static void unpack_export_picture_raw(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload,
                                      const agi_picture_form *form, json_t *row)
{
    uint8_t vis[AGI_PIC_CELLS], pal[256 * 3];
    agi_picture_raw_info info;
    relic_err err;
    relic_err_clear(&err);
    form->decode_raw(payload->data, payload->len, vis, &info, &err);
    relic_json_set(row, form->name, json_true(), &x->json_oom);
    char msg[128];
    snprintf(msg, sizeof msg, "AGI256 bitmap of %zu bytes, not %u (%u pixels left white, %zu bytes ignored)",
             payload->len, (unsigned)AGI_PIC_CELLS, info.white_filled, info.ignored_bytes);
    unpack_warn(x, AGI_PICTURE, num, rec, info.white_filled || info.ignored_bytes, msg,
                payload->len < AGI_PIC_CELLS ? payload->len : AGI_PIC_CELLS, row);
    if (!x->out)
        return;
    char rel[64];
    snprintf(rel, sizeof rel, "pictures/pic%03u.png", num);
    form->palette(pal);
    if (unpack_write_png(x, rel, vis, AGI_PIC_WIDTH, AGI_PIC_HEIGHT, pal, form->colors, -1) == 0)
        relic_json_set(row, "png", json_string(rel), &x->json_oom);
}

void unpack_export_picture(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload, json_t *row)
{
    const agi_picture_form *form = agi_picture_form_of(payload->data, payload->len, &x->o->extensions);
    if (form->decode_raw) {
        unpack_export_picture_raw(x, num, rec, payload, form, row);
        return;
    }
    uint8_t vis[AGI_PIC_CELLS], pri[AGI_PIC_CELLS];
    agi_picture_stats st;
    relic_err err;
    relic_err_clear(&err);
    agi_picture_args pa = {.payload = payload->data, .len = payload->len, .profile = x->game->profile};
    pa.visual = vis; /* written by the drawing */
    pa.priority = pri;
    if (agi_picture_draw(&pa, &st, &err)) {
        unpack_fail(x, AGI_PICTURE, num, rec, &err, row);
        return;
    }
    relic_json_set(row, "picture_commands", json_integer((json_int_t)st.commands), &x->json_oom);
    /* Bytes after the first 0xff are never drawn; editors leave them. */
    relic_json_set(row, "trailing_bytes", json_integer((json_int_t)(payload->len - st.end_offset - 1)), &x->json_oom);
    if (!x->out)
        return;
    char rel[64];
    snprintf(rel, sizeof rel, "pictures/pic%03u.png", num);
    if (unpack_write_png(x, rel, vis, AGI_PIC_WIDTH, AGI_PIC_HEIGHT, x->o->palette, 16, -1) == 0)
        relic_json_set(row, "png", json_string(rel), &x->json_oom);
    snprintf(rel, sizeof rel, "pictures/pic%03u.priority.png", num);
    if (unpack_write_png(x, rel, pri, AGI_PIC_WIDTH, AGI_PIC_HEIGHT, agi_ega_palette, 16, -1) == 0)
        relic_json_set(row, "priority_png", json_string(rel), &x->json_oom);
}
