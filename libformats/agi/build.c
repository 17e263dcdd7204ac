/* Writing AGI games: the inverse of game.c.  Resources are laid into
 * volumes in kind order (logic, picture, view, sound) and number order; a
 * new volume starts when a record would pass the size limit, since
 * directory offsets have 20 bits (agi-spec resource_containers.md,
 * "Directory entries").  Version 3 records use picture-nibble packing for
 * pictures and LZW for the rest, each only when it is lossless and smaller;
 * a stored length equal to the expanded length means "not compressed", so
 * compression must save at least one byte to be used. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/core.h"
#include "agi_private.h"

#define AGI_MAX_OFFSET 0xfffffu
#define AGI_MAX_VOLUMES 15 /* v2 treats volume nibble 0xf as absent */

typedef struct agi_builder {
    const agi_build_opts *opts;
    const agi_container_ops *ops;
    relic_buf vols[AGI_MAX_VOLUMES];
    unsigned cur;
    relic_buf packed;
} agi_builder;

const relic_buf *agi_build_stored_form(const agi_container_ops *ops, int compress, agi_kind kind, const relic_buf *p,
                                       relic_buf *scratch, int *nibble)
{
    *nibble = 0;
    if (!ops->compresses || !compress)
        return p;
    relic_buf_reset(scratch);
    if (kind == AGI_PICTURE && agi_picnibble_pack(p->data, p->len, scratch)) {
        *nibble = 1;
        return scratch;
    }
    relic_buf_reset(scratch);
    agi_lzw_compress(p->data, p->len, scratch);
    return scratch->len < p->len ? scratch : p;
}

static const relic_buf *agi_build_stored(agi_builder *b, agi_kind kind, const relic_buf *p, int *nibble)
{
    return agi_build_stored_form(b->ops, b->opts->compress, kind, p, &b->packed, nibble);
}

static int agi_build_record(agi_builder *b, agi_kind kind, unsigned num, const relic_buf *p, agi_dir_entry *e,
                            relic_err *err)
{
    if (p->len > 0xffff)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "%s %u is %zu bytes; records hold 65535",
                             agi_kind_name(kind), num, p->len);
    int nibble;
    const relic_buf *s = agi_build_stored(b, kind, p, &nibble);
    size_t header = b->ops->record_header_len;
    size_t limit = b->opts->max_volume_size ? b->opts->max_volume_size : AGI_MAX_OFFSET;
    if (limit > AGI_MAX_OFFSET)
        limit = AGI_MAX_OFFSET;
    if (b->vols[b->cur].len > 0 && b->vols[b->cur].len + header + s->len > limit) {
        if (++b->cur >= AGI_MAX_VOLUMES)
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "resources need more than %d volumes",
                                 AGI_MAX_VOLUMES);
    }
    relic_buf *v = &b->vols[b->cur];
    e->present = 1;
    e->volume = (uint8_t)b->cur;
    e->offset = (uint32_t)v->len;
    b->ops->write_record_header(v, b->cur, nibble, (uint16_t)p->len, (uint16_t)s->len);
    relic_buf_append(v, s->data, s->len);
    return relic_buf_check(v, err);
}

static int agi_build_files(agi_builder *b, agi_dir dirs[AGI_KIND_COUNT], agi_fileset *out, relic_err *err)
{
    const char *prefix = b->ops->prefixed ? b->opts->prefix : "";
    char name[40];
    int rc = b->ops->write_dirs(dirs, prefix, out, err);
    for (unsigned v = 0; v <= b->cur && rc == RELIC_OK; v++) {
        snprintf(name, sizeof name, "%sVOL.%u", prefix, v);
        rc = agi_fileset_add_buf(out, name, &b->vols[v], err);
    }
    return rc;
}

int agi_game_build(const agi_build_input *in, const agi_build_opts *opts, agi_fileset *out, relic_err *err)
{
    const agi_container_ops *ops = agi_container_for(opts->layout);
    if (!ops)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "no container layout %d", (int)opts->layout);
    if (ops->prefixed && (!opts->prefix[0] || strlen(opts->prefix) > 8))
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "a %s game needs a file-name prefix of 1-8 characters",
                             ops->name);
    agi_builder b;
    memset(&b, 0, sizeof b);
    b.opts = opts;
    b.ops = ops;
    agi_dir *dirs = relic_calloc_array(AGI_KIND_COUNT, sizeof *dirs);
    if (!dirs)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int rc = RELIC_OK;
    for (int k = 0; k < AGI_KIND_COUNT && rc == RELIC_OK; k++)
        for (unsigned n = 0; n < AGI_DIR_ENTRIES && rc == RELIC_OK; n++) {
            const relic_buf *p = in->payloads[k][n];
            if (!p)
                continue;
            rc = agi_build_record(&b, (agi_kind)k, n, p, &dirs[k].entry[n], err);
            dirs[k].count = n + 1;
        }
    if (rc == RELIC_OK)
        rc = agi_build_files(&b, dirs, out, err);
    for (unsigned v = 0; v < AGI_MAX_VOLUMES; v++)
        relic_buf_free(&b.vols[v]);
    relic_buf_free(&b.packed);
    free(dirs);
    return rc;
}
