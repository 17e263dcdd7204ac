/* agi-unpack exporter: a picture drawn with the game's profile
 * (agi-spec picture_resources.md) as pictures/picNNN.png (visual) and
 * pictures/picNNN.priority.png (priority/control, same EGA palette); keys
 * in agi-unpack(1). */
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "export.h"
#include "relic/agi_picture.h"
#include "relic/io.h"

int unpack_write_png(unpack_ctx *x, const char *rel, const uint8_t *pixels, unsigned w, unsigned h,
                     const uint8_t *palette, unsigned ncolors, int trns_index)
{
    unsigned bw, bh;
    cli_image_size(w, h, x->o->scale, x->o->aspect, 0, &bw, &bh);
    relic_err err;
    relic_err_clear(&err);
    uint8_t *big = NULL;
    int rc = RELIC_OK;
    if (bw != w || bh != h) {
        if (!(big = cli_image_scale(pixels, w, h, x->o->scale, x->o->aspect, 0, &bw, &bh)))
            rc = relic_err_set(&err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    relic_png png = {bw, bh, big ? big : pixels, palette, ncolors, trns_index};
    relic_buf b = RELIC_BUF_INIT;
    if (rc == RELIC_OK)
        rc = relic_png_encode(&png, &b, &err);
    free(big);
    if (rc == RELIC_OK) {
        rc = unpack_write(x, rel, b.data, b.len, NULL);
    } else {
        relic_err_file(&err, rel);
        cli_report(&err);
        x->io_failed = 1;
    }
    relic_buf_free(&b);
    return rc;
}

void unpack_export_picture(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload,
                           json_t *row)
{
    uint8_t vis[AGI_PIC_CELLS], pri[AGI_PIC_CELLS];
    agi_picture_stats st;
    relic_err err;
    relic_err_clear(&err);
    agi_picture_args pa = {.payload = payload->data, .len = payload->len, .profile = x->game.profile};
    pa.visual = vis; /* written by the drawing */
    pa.priority = pri;
    if (agi_picture_draw(&pa, &st, &err)) {
        unpack_fail(x, AGI_PICTURE, num, rec, &err, row);
        return;
    }
    json_object_set_new(row, "picture_commands", json_integer((json_int_t)st.commands));
    /* Bytes after the first 0xff are never drawn; editors leave them. */
    json_object_set_new(row, "trailing_bytes", json_integer((json_int_t)(payload->len - st.end_offset - 1)));
    if (!x->o->out_dir)
        return;
    char rel[64];
    snprintf(rel, sizeof rel, "pictures/pic%03u.png", num);
    if (unpack_write_png(x, rel, vis, AGI_PIC_WIDTH, AGI_PIC_HEIGHT, x->palette, 16, -1) == 0)
        json_object_set_new(row, "png", json_string(rel));
    snprintf(rel, sizeof rel, "pictures/pic%03u.priority.png", num);
    if (unpack_write_png(x, rel, pri, AGI_PIC_WIDTH, AGI_PIC_HEIGHT, agi_ega_palette, 16, -1) == 0)
        json_object_set_new(row, "priority_png", json_string(rel));
}
