/* Loading one AGI resource through its directory entry: the volume's
 * record header (by the layout's row, container.c), then the payload
 * expanded by its transform (agi-spec resource_containers.md "Volume
 * records", "Version 3 combined container"; lzw.c, picnibble.c).  Apart
 * from game.c, which opens a game and weighs its profile (evidence.c)
 * by loading resources through here. */
#include <stdio.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/core.h"
#include "agi_private.h"

static int agi_record_payload(const agi_record *rec, const uint8_t *vol, relic_buf *out, relic_err *err)
{
    const uint8_t *src = vol + rec->offset + rec->header_len;
    relic_buf_reset(out);
    if (relic_buf_reserve(out, rec->expanded_len ? rec->expanded_len : 1)) /* data non-NULL for memcpy */
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int rc = RELIC_OK;
    relic_err sub;
    relic_err_clear(&sub);
    switch (rec->transform) {
    case AGI_TRANSFORM_NONE: memcpy(out->data, src, rec->stored_len); break;
    case AGI_TRANSFORM_LZW: rc = agi_lzw_expand(src, rec->stored_len, out->data, rec->expanded_len, &sub); break;
    case AGI_TRANSFORM_PICTURE_NIBBLE:
        rc = agi_picnibble_expand(src, rec->stored_len, out->data, rec->expanded_len, &sub);
        break;
    }
    if (rc) {
        size_t at = rec->offset + rec->header_len + (sub.offset == RELIC_NO_OFFSET ? 0 : sub.offset);
        return relic_err_set(err, rc, at, "%s payload: %s", agi_transform_name(rec->transform), sub.msg);
    }
    out->len = rec->expanded_len;
    return RELIC_OK;
}

int agi_record_load(agi_layout layout, const uint8_t *vol, size_t vol_len, uint32_t offset, unsigned volume,
                    agi_record *rec, relic_buf *out, relic_err *err)
{
    memset(rec, 0, sizeof *rec);
    const agi_container_ops *ops = agi_container_for(layout);
    if (!ops)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "no container layout %d", (int)layout);
    int rc = ops->record_header(vol, vol_len, offset, volume, rec, err);
    if (rc)
        return rc;
    size_t body = (size_t)offset + rec->header_len;
    if (rec->stored_len > vol_len - body)
        return relic_err_set(err, RELIC_EDATA, offset + 3, "payload of %u bytes runs past the end of the volume",
                             rec->stored_len);
    return agi_record_payload(rec, vol, out, err);
}

int agi_game_load(const agi_game *g, agi_kind kind, unsigned number, agi_record *rec, relic_buf *payload,
                  relic_err *err)
{
    memset(rec, 0, sizeof *rec);
    if ((unsigned)kind >= AGI_KIND_COUNT || number >= g->dirs[kind].count || !g->dirs[kind].entry[number].present)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "%s %u is not in the directory", agi_kind_name(kind),
                             number);
    const agi_dir_entry *e = &g->dirs[kind].entry[number];
    const agi_file *vol = e->volume < 16 ? g->volumes[e->volume] : NULL;
    if (!vol) {
        relic_err_set(err, RELIC_EDATA, g->dirs[kind].file_offset + 3 * (size_t)number, "%s %u: volume %u has no file",
                      agi_kind_name(kind), number, e->volume);
        relic_err_file(err, g->dir_file[kind]);
        return RELIC_EDATA;
    }
    relic_err sub;
    relic_err_clear(&sub);
    int rc = agi_record_load(g->layout, vol->data, vol->len, e->offset, e->volume, rec, payload, &sub);
    if (rc) {
        /* A damaged volume names the resource and its file: "logic 5:
         * record header past the end of VOL.0". */
        char msg[sizeof sub.msg];
        const char *generic = strstr(sub.msg, "the volume");
        if (generic)
            snprintf(msg, sizeof msg, "%.*s%s%s", (int)(generic - sub.msg), sub.msg, vol->name,
                     generic + strlen("the volume"));
        else
            snprintf(msg, sizeof msg, "%s", sub.msg);
        relic_err_set(err, rc, sub.offset, "%s %u: %s", agi_kind_name(kind), number, msg);
        relic_err_file(err, vol->name);
    }
    return rc;
}

/* The bytes entry (kind, number) points at lie inside another entry's
 * record on the same volume: header and stored payload, when that record's
 * header reads.  The first such entry in directory order; an entry of the
 * same kind at the same offset (two numbers sharing one record) does not
 * count. */
int agi_game_entry_inside(const agi_game *g, agi_kind kind, unsigned number, agi_kind *other_kind,
                          unsigned *other_number, uint32_t *other_offset)
{
    if ((unsigned)kind >= AGI_KIND_COUNT || number >= g->dirs[kind].count || !g->dirs[kind].entry[number].present)
        return 0;
    const agi_dir_entry *e = &g->dirs[kind].entry[number];
    const agi_file *vol = e->volume < 16 ? g->volumes[e->volume] : NULL;
    const agi_container_ops *ops = agi_container_for(g->layout);
    if (!vol || !ops)
        return 0;
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < g->dirs[k].count; n++) {
            const agi_dir_entry *o = &g->dirs[k].entry[n];
            agi_record rec;
            relic_err err;
            relic_err_clear(&err);
            if (!o->present || o->volume != e->volume || o->offset > e->offset ||
                (o->offset == e->offset && k == (int)kind) ||
                ops->record_header(vol->data, vol->len, o->offset, o->volume, &rec, &err) != RELIC_OK)
                continue;
            if ((uint64_t)e->offset < (uint64_t)o->offset + rec.header_len + rec.stored_len) {
                *other_kind = (agi_kind)k;
                *other_number = n;
                *other_offset = o->offset;
                return 1;
            }
        }
    return 0;
}
