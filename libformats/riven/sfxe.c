/* Riven SFXE water effects: u16 tag 'SL', u16 frame count, u32 offset of
 * the frame-offset table, u16 left, top, right, bottom, u16 speed (frames
 * per second), reserved fields up to the table, then one u32 offset per
 * frame; each frame's data runs to the next frame's offset (the last to
 * the end).  Layout from ScummVM engines/mohawk/riven_graphics.cpp
 * (scheduleWaterEffect / WaterEffect).  Every offset is bounds-checked. */
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/riven.h"

void riven_sfxe_free(riven_sfxe *x)
{
    if (x) {
        free(x->frame_offset);
        free(x->frame_size);
        memset(x, 0, sizeof *x);
    }
}

int riven_sfxe_decode(const uint8_t *d, size_t n, riven_sfxe *x, relic_err *err)
{
    memset(x, 0, sizeof *x);
    relic_cur c = relic_cur_make(d, n, 0);
    uint16_t tag = relic_be16(&c);
    x->frame_count = relic_be16(&c);
    x->table_offset = relic_be32(&c);
    x->left = relic_be16(&c);
    x->top = relic_be16(&c);
    x->right = relic_be16(&c);
    x->bottom = relic_be16(&c);
    x->speed = relic_be16(&c);
    if (relic_cur_check(&c, err))
        return err ? err->code : RELIC_EDATA;
    if (tag != 0x534c)
        return relic_err_set(err, RELIC_EDATA, 0, "not an SFXE effect (tag 0x%04x, expected 'SL')", tag);
    if (x->table_offset < 18 || x->table_offset > n || (size_t)x->frame_count * 4 > n - x->table_offset)
        return relic_err_set(err, RELIC_EDATA, 4, "frame table at 0x%x for %u frames runs past the end",
                             x->table_offset, x->frame_count);
    x->frame_offset = relic_calloc_array(x->frame_count, sizeof *x->frame_offset);
    x->frame_size = relic_calloc_array(x->frame_count, sizeof *x->frame_size);
    if (!x->frame_offset || !x->frame_size) {
        riven_sfxe_free(x);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    relic_seek(&c, x->table_offset);
    for (unsigned i = 0; i < x->frame_count; i++)
        x->frame_offset[i] = relic_be32(&c);
    /* offsets must lie inside the effect and not go backwards; the entry
     * at fault is reported */
    for (unsigned i = 0; i < x->frame_count; i++) {
        uint32_t at = x->frame_offset[i];
        if (at > n || (i > 0 && at < x->frame_offset[i - 1])) {
            size_t where = x->table_offset + 4 * (size_t)i;
            riven_sfxe_free(x);
            return relic_err_set(err, RELIC_EDATA, where, "frame %u at 0x%x lies outside the effect", i, at);
        }
    }
    for (unsigned i = 0; i < x->frame_count; i++)
        x->frame_size[i] = (i + 1 < x->frame_count ? x->frame_offset[i + 1] : (uint32_t)n) - x->frame_offset[i];
    return RELIC_OK;
}
