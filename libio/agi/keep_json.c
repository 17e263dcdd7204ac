/* Keeping a game's container layout (agi-spec resource_containers.md,
 * "Directory entries", "Version 2 split container", "Version 3 combined
 * container", "Volume record"): what a byte-for-byte rebuild needs beyond
 * the payloads.  The directory files as shipped, every directory entry's
 * record (volume, offset, header bytes, the digest of its expanded
 * payload, and its stored bytes when the builder would not reproduce
 * them), and the bytes of each volume no record covers (gaps, padding,
 * damaged records).  agi_game_rebuild puts unchanged payloads back where
 * they were and appends changed ones to the end of their volume, patching
 * only their directory entries. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_json.h"
#include "relic/core.h"
#include "relic/io.h"
#include "relic/sha256.h"
#include "../../libformats/agi/agi_private.h" /* librelic-formats internals */
#include "json_private.h"

#define AGI_KEEP_MAX_OFFSET 0xfffffu

static const char *agi_keep_str(const json_t *j)
{
    const char *s = json_string_value(j);
    return s ? s : "";
}

/* A file name of the game folder: one plain component. */
static int agi_keep_name_ok(const char *name)
{
    return name && *name && !strchr(name, '/') && !strchr(name, '\\') && strcmp(name, ".") && strcmp(name, "..");
}

static int agi_keep_nibble(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* Hex string j into out (appended); RELIC_EDATA when it is not hex. */
static int agi_keep_unhex(const json_t *j, relic_buf *out, const char *what, relic_err *err)
{
    const char *s = json_string_value(j);
    size_t n = s ? strlen(s) : 0;
    if (!s || n % 2)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "container layout: %s is not a hex string", what);
    for (size_t i = 0; i < n; i += 2) {
        int hi = agi_keep_nibble(s[i]), lo = agi_keep_nibble(s[i + 1]);
        if (hi < 0 || lo < 0)
            return relic_err_set(err, RELIC_EDATA, i, "container layout: %s is not a hex string", what);
        relic_buf_u8(out, (uint8_t)(hi << 4 | lo));
    }
    return relic_buf_check(out, err);
}

/* ---- describing --------------------------------------------------------- */

/* The stored bytes of rec unless the builder reproduces them (same bytes,
 * same header) from the expanded payload. */
static int agi_keep_reproducible(const agi_container_ops *ops, agi_kind kind, const agi_record *rec, const uint8_t *vol,
                                 const relic_buf *payload)
{
    /* Most of a compressing layout's describing was building stored forms
     * that turn out different.  Where the builder's stored length is known
     * without building it (a picture it would nibble-pack: from a count of
     * the nibbles; a record stored whole: only the LZW length decides), a
     * length that differs settles it; the bytes are built and compared
     * only when it is the same. */
    if (ops->compresses) {
        size_t nib = kind == AGI_PICTURE ? agi_picnibble_packed_len(payload->data, payload->len) : 0;
        if (nib && nib != rec->stored_len)
            return 0;
        if (!nib && rec->stored_len == payload->len && agi_lzw_shrinks(payload->data, payload->len))
            return 0;
    }
    relic_buf scratch = RELIC_BUF_INIT, hdr = RELIC_BUF_INIT;
    int nibble;
    const relic_buf *s = agi_build_stored_form(ops, 1, kind, payload, &scratch, &nibble);
    ops->write_record_header(&hdr, rec->volume_byte & 0x0f, nibble, (uint16_t)payload->len, (uint16_t)s->len);
    int same = !scratch.oom && !hdr.oom && s->len == rec->stored_len && hdr.len == rec->header_len &&
               memcmp(hdr.data, vol + rec->offset, hdr.len) == 0 &&
               (s->len == 0 || memcmp(s->data, vol + rec->offset + rec->header_len, s->len) == 0);
    relic_buf_free(&scratch);
    relic_buf_free(&hdr);
    return same;
}

void agi_layout_records_describe(const agi_game *g, agi_layout_records *lr, agi_kind kind, unsigned n,
                                 const agi_record *rec, const relic_buf *payload)
{
    const agi_container_ops *ops = agi_container_for(g->layout);
    const agi_dir_entry *e = &g->dirs[kind].entry[n];
    lr->loaded[kind][n] = 1;
    lr->rec[kind][n] = *rec;
    lr->described[kind][n] = ops && g->volumes[e->volume];
    if (!lr->described[kind][n])
        return;
    relic_sha256_hex(payload->data, payload->len, lr->sha256[kind][n]);
    const uint8_t *vol = g->volumes[e->volume]->data;
    int plain = rec->stored_len == payload->len &&
                (payload->len == 0 || memcmp(vol + rec->offset + rec->header_len, payload->data, payload->len) == 0);
    /* A record a compressing layout stores plain is its payload, which
     * rebuilds it exactly; whether the packer would have stored it plain
     * too does not matter (asking, an LZW trial of each such record, was
     * two fifths of --raw's work on vtgadv, which stores 357 of 387). */
    if (plain && ops->compresses)
        lr->keep_stored[kind][n] = AGI_KEEP_PAYLOAD;
    else if (agi_keep_reproducible(ops, kind, rec, vol, payload))
        lr->keep_stored[kind][n] = AGI_KEEP_BUILT;
    else if (plain)
        lr->keep_stored[kind][n] = AGI_KEEP_PAYLOAD;
    else
        lr->keep_stored[kind][n] = AGI_KEEP_HEX;
}

/* The record of a described entry as a tree (agi_container_layout_assemble). */
static json_t *agi_keep_record_json(const agi_game *g, const agi_layout_records *lr, agi_kind kind, unsigned n)
{
    const agi_dir_entry *e = &g->dirs[kind].entry[n];
    const agi_file *vf = g->volumes[e->volume];
    const agi_record *rec = &lr->rec[kind][n];
    int oom = 0;
    json_t *r = json_pack("{s:s, s:i, s:i, s:I, s:s, s:o}", "kind", agi_kind_name(kind), "number", (int)n, "volume",
                          (int)e->volume, "offset", (json_int_t)rec->offset, "sha256", lr->sha256[kind][n], "header",
                          agi_json_hex(vf->data + rec->offset, rec->header_len));
    if (lr->keep_stored[kind][n] == AGI_KEEP_HEX)
        relic_json_set(r, "stored", agi_json_hex(vf->data + rec->offset + rec->header_len, rec->stored_len), &oom);
    else if (lr->keep_stored[kind][n] == AGI_KEEP_PAYLOAD)
        relic_json_set(r, "stored", json_true(), &oom);
    if (oom) {
        json_decref(r);
        return NULL;
    }
    return r;
}

json_t *agi_container_record_to_json(const agi_game *g, agi_kind kind, unsigned n, const agi_record *rec,
                                     const relic_buf *payload)
{
    agi_layout_records *lr = relic_calloc_array(1, sizeof *lr);
    if (!lr)
        return NULL;
    agi_layout_records_describe(g, lr, kind, n, rec, payload);
    json_t *r = lr->described[kind][n] ? agi_keep_record_json(g, lr, kind, n) : NULL;
    free(lr);
    return r;
}

/* The stretches of volume v that no record in the layout covers, in
 * order: the records' extents sorted and swept, with no map of the
 * volume (a byte per volume byte was 2 MB of fresh pages for vtgadv,
 * a sixth of writing its game.json).  Returns the count, or -1 (out of
 * memory: the gaps would be lost); *out is malloc'd. */
typedef struct agi_keep_span {
    size_t at, end;
} agi_keep_span;

static int agi_keep_span_cmp(const void *a, const void *b)
{
    const agi_keep_span *x = a, *y = b;
    return x->at < y->at ? -1 : x->at > y->at;
}

static long agi_keep_gaps(const agi_game *g, const agi_layout_records *lr, unsigned v, agi_keep_span **out)
{
    size_t vlen = g->volumes[v]->len, n = 0;
    agi_keep_span *ext = relic_calloc_array(AGI_KIND_COUNT * AGI_DIR_ENTRIES + 1, sizeof *ext);
    *out = ext;
    if (!ext)
        return -1;
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned i = 0; i < g->dirs[k].count && i < AGI_DIR_ENTRIES; i++) {
            const agi_record *rec = &lr->rec[k][i];
            size_t len = (size_t)rec->header_len + rec->stored_len;
            /* an empty extent covers nothing: it must not split a gap */
            if (lr->loaded[k][i] && lr->described[k][i] && g->dirs[k].entry[i].volume == v && len)
                ext[n++] = (agi_keep_span){rec->offset, rec->offset + len < vlen ? rec->offset + len : vlen};
        }
    qsort(ext, n, sizeof *ext, agi_keep_span_cmp);
    /* in place: gap m is written only after extent m has been read */
    size_t gaps = 0, cur = 0;
    for (size_t i = 0; i < n; i++) {
        agi_keep_span e = ext[i];
        if (e.at > cur)
            ext[gaps++] = (agi_keep_span){cur, e.at};
        if (e.end > cur)
            cur = e.end;
    }
    if (cur < vlen)
        ext[gaps++] = (agi_keep_span){cur, vlen};
    return (long)gaps;
}

json_t *agi_container_layout_assemble(const agi_game *g, const agi_layout_records *lr)
{
    const agi_container_ops *ops = agi_container_for(g->layout);
    if (!ops)
        return NULL;
    json_t *dir_files = json_array(), *dirs = json_object(), *records = json_array(), *vols = json_array();
    int oom = 0; /* sticky (relic_json_set): a lost member makes no layout */
    const char *seen[AGI_KIND_COUNT] = {0};
    unsigned nseen = 0;
    for (int k = 0; k < AGI_KIND_COUNT; k++) {
        unsigned idx = 0;
        while (idx < nseen && strcmp(seen[idx], g->dir_file[k]) != 0)
            idx++;
        if (idx == nseen) {
            const agi_file *f = agi_fileset_find(g->files, g->dir_file[k]);
            seen[nseen++] = g->dir_file[k];
            relic_json_append(dir_files,
                              json_pack("{s:s, s:o}", "file", g->dir_file[k], "hex",
                                        f ? agi_json_hex(f->data, f->len) : json_string("")),
                              &oom);
        }
        relic_json_set(dirs, agi_kind_name((agi_kind)k),
                       json_pack("{s:i, s:I, s:i}", "file", (int)idx, "offset", (json_int_t)g->dirs[k].file_offset,
                                 "entries", (int)g->dirs[k].count),
                       &oom);
    }
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < g->dirs[k].count && n < AGI_DIR_ENTRIES; n++) {
            if (!lr->loaded[k][n])
                continue; /* damaged: its bytes stay in the gaps */
            if (!lr->described[k][n]) {
                oom = 1;
                continue;
            }
            relic_json_append(records, agi_keep_record_json(g, lr, (agi_kind)k, n), &oom);
        }
    for (int v = 0; v < 16; v++) {
        const agi_file *vf = g->volumes[v];
        if (!vf)
            continue;
        json_t *gaps = json_array();
        agi_keep_span *gap;
        long ngaps = agi_keep_gaps(g, lr, (unsigned)v, &gap);
        if (ngaps < 0)
            oom = 1;
        for (long i = 0; i < ngaps; i++)
            relic_json_append(gaps,
                              json_pack("{s:I, s:o}", "offset", (json_int_t)gap[i].at, "hex",
                                        agi_json_hex(vf->data + gap[i].at, gap[i].end - gap[i].at)),
                              &oom);
        free(gap);
        relic_json_append(
            vols,
            json_pack("{s:i, s:I, s:s, s:o}", "number", v, "size", (json_int_t)vf->len, "file", vf->name, "gaps", gaps),
            &oom);
    }
    if (oom) {
        json_decref(dir_files);
        json_decref(dirs);
        json_decref(records);
        json_decref(vols);
        return NULL;
    }
    return json_pack("{s:s, s:s, s:o, s:o, s:o, s:o}", "layout", ops->name, "prefix", g->prefix, "directories", dirs,
                     "directory_files", dir_files, "records", records, "volume_files", vols);
}

/* The bytes of agi_container_layout_assemble's document as member key of
 * the object open in s, without the tree: the volumes' gaps (1.6 MB of
 * vtgadv's 4 MB game.json) go from the volume to the output as hex
 * digits, not through a string of each and its escaping copy.  The
 * members in the tree's order. */
void agi_container_layout_stream(const agi_game *g, const agi_layout_records *lr, relic_json_stream *s, const char *key)
{
    const agi_container_ops *ops = agi_container_for(g->layout);
    if (!ops) {
        s->out->oom = 1; /* as the NULL of agi_container_layout_assemble */
        return;
    }
    unsigned file_of[AGI_KIND_COUNT];
    const char *seen[AGI_KIND_COUNT] = {0};
    unsigned nseen = 0;
    for (int k = 0; k < AGI_KIND_COUNT; k++) {
        unsigned idx = 0;
        while (idx < nseen && strcmp(seen[idx], g->dir_file[k]) != 0)
            idx++;
        if (idx == nseen)
            seen[nseen++] = g->dir_file[k];
        file_of[k] = idx;
    }
    relic_json_stream_open(s, key, '{');
    relic_json_stream_string(s, "layout", ops->name, strlen(ops->name));
    relic_json_stream_string(s, "prefix", g->prefix, strlen(g->prefix));
    relic_json_stream_open(s, "directories", '{');
    for (int k = 0; k < AGI_KIND_COUNT; k++) {
        relic_json_stream_open(s, agi_kind_name((agi_kind)k), '{');
        relic_json_stream_int(s, "file", (long long)file_of[k]);
        relic_json_stream_int(s, "offset", (long long)g->dirs[k].file_offset);
        relic_json_stream_int(s, "entries", (long long)g->dirs[k].count);
        relic_json_stream_close(s, '}');
    }
    relic_json_stream_close(s, '}');
    relic_json_stream_open(s, "directory_files", '[');
    for (unsigned i = 0; i < nseen; i++) {
        const agi_file *f = agi_fileset_find(g->files, seen[i]);
        relic_json_stream_open(s, NULL, '{');
        relic_json_stream_string(s, "file", seen[i], strlen(seen[i]));
        relic_json_stream_hex(s, "hex", f ? f->data : NULL, f ? f->len : 0);
        relic_json_stream_close(s, '}');
    }
    relic_json_stream_close(s, ']');
    relic_json_stream_open(s, "records", '[');
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < g->dirs[k].count && n < AGI_DIR_ENTRIES; n++) {
            if (!lr->loaded[k][n])
                continue; /* damaged: its bytes stay in the gaps */
            const agi_record *rec = &lr->rec[k][n];
            unsigned vol = g->dirs[k].entry[n].volume;
            if (!lr->described[k][n]) {
                s->out->oom = 1;
                continue;
            }
            /* agi_keep_record_json's members, in its order */
            const agi_file *vf = g->volumes[vol];
            relic_json_stream_open(s, NULL, '{');
            relic_json_stream_string(s, "kind", agi_kind_name((agi_kind)k), strlen(agi_kind_name((agi_kind)k)));
            relic_json_stream_int(s, "number", n);
            relic_json_stream_int(s, "volume", vol);
            relic_json_stream_int(s, "offset", (long long)rec->offset);
            relic_json_stream_string(s, "sha256", lr->sha256[k][n], 64);
            relic_json_stream_hex(s, "header", vf->data + rec->offset, rec->header_len);
            if (lr->keep_stored[k][n] == AGI_KEEP_HEX)
                relic_json_stream_hex(s, "stored", vf->data + rec->offset + rec->header_len, rec->stored_len);
            else if (lr->keep_stored[k][n] == AGI_KEEP_PAYLOAD)
                relic_json_stream_bool(s, "stored", 1);
            relic_json_stream_close(s, '}');
        }
    relic_json_stream_close(s, ']');
    relic_json_stream_open(s, "volume_files", '[');
    for (int v = 0; v < 16; v++) {
        const agi_file *vf = g->volumes[v];
        if (!vf)
            continue;
        relic_json_stream_open(s, NULL, '{');
        relic_json_stream_int(s, "number", v);
        relic_json_stream_int(s, "size", (long long)vf->len);
        relic_json_stream_string(s, "file", vf->name, strlen(vf->name));
        relic_json_stream_open(s, "gaps", '[');
        agi_keep_span *gap;
        long ngaps = agi_keep_gaps(g, lr, (unsigned)v, &gap);
        if (ngaps < 0)
            s->out->oom = 1; /* its gaps would be lost */
        for (long i = 0; i < ngaps; i++) {
            relic_json_stream_open(s, NULL, '{');
            relic_json_stream_int(s, "offset", (long long)gap[i].at);
            relic_json_stream_hex(s, "hex", vf->data + gap[i].at, gap[i].end - gap[i].at);
            relic_json_stream_close(s, '}');
        }
        free(gap);
        relic_json_stream_close(s, ']');
        relic_json_stream_close(s, '}');
    }
    relic_json_stream_close(s, ']');
    relic_json_stream_close(s, '}');
}

void agi_layout_records_free(agi_layout_records *lr) { (void)lr; }

int agi_layout_records_fill(const agi_game *g, agi_layout_records *lr)
{
    relic_buf payload = RELIC_BUF_INIT;
    int rc = RELIC_OK;
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < g->dirs[k].count && n < AGI_DIR_ENTRIES; n++) {
            if (lr->done[k][n] || !g->dirs[k].entry[n].present)
                continue;
            lr->done[k][n] = 1;
            if (agi_game_load(g, (agi_kind)k, n, &lr->rec[k][n], &payload, NULL) != RELIC_OK)
                continue; /* damaged: its bytes stay in the gaps */
            agi_layout_records_describe(g, lr, (agi_kind)k, n, &lr->rec[k][n], &payload);
        }
    relic_buf_free(&payload);
    return rc;
}

json_t *agi_container_layout_to_json(const agi_game *g)
{
    agi_layout_records *lr = relic_calloc_array(1, sizeof *lr);
    if (!lr)
        return NULL;
    json_t *j = agi_layout_records_fill(g, lr) == RELIC_OK ? agi_container_layout_assemble(g, lr) : NULL;
    agi_layout_records_free(lr);
    free(lr);
    return j;
}

/* ---- rebuilding ----------------------------------------------------------- */

typedef struct agi_keep_dir {
    unsigned file;
    size_t offset;
    unsigned entries;
} agi_keep_dir;

typedef struct agi_keeper {
    const agi_container_ops *ops;
    relic_buf dir_file[AGI_KIND_COUNT];
    const char *dir_name[AGI_KIND_COUNT];
    unsigned dir_files;
    agi_keep_dir dir[AGI_KIND_COUNT];
    relic_buf vol[16];
    const char *vol_name[16];
    char new_vol_name[16][40];                     /* volumes the rebuild adds */
    uint8_t kept[AGI_KIND_COUNT][AGI_DIR_ENTRIES]; /* an entry has a record */
    relic_buf scratch;
} agi_keeper;

static int agi_keep_patch_entry(agi_keeper *kp, agi_kind kind, unsigned n, const agi_dir_entry *e, relic_err *err)
{
    const agi_keep_dir *d = &kp->dir[kind];
    relic_buf *f = &kp->dir_file[d->file];
    size_t at = d->offset + 3 * (size_t)n;
    if (n >= d->entries) {
        /* Past the shipped directory: only a directory file of its own
         * can grow (v2), with absent entries up to n. */
        if (kp->ops->prefixed || d->offset != 0 || f->len != 3 * (size_t)d->entries)
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET,
                                 "%s %u is past the shipped directory; rebuild without --keep-layout",
                                 agi_kind_name(kind), n);
        while (f->len < at)
            relic_buf_append(f, "\xff\xff\xff", 3);
        relic_buf_zeros(f, 3);
        kp->dir[kind].entries = n + 1;
    }
    relic_buf b = RELIC_BUF_INIT;
    agi_dir_entry_write(e, &b);
    if (relic_buf_check(&b, err) || relic_buf_check(f, err)) {
        relic_buf_free(&b);
        return RELIC_ENOMEM;
    }
    memcpy(f->data + at, b.data, 3);
    relic_buf_free(&b);
    return RELIC_OK;
}

/* A changed or new payload goes to the end of `volume`; when that would
 * pass the 20-bit directory offset, to the end of the last volume, else
 * to a new volume after it (named like the last one). */
static int agi_keep_append(agi_keeper *kp, agi_kind kind, unsigned n, unsigned volume, const relic_buf *p,
                           relic_err *err)
{
    if (p->len > 0xffff)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "%s %u is %zu bytes; records hold 65535",
                             agi_kind_name(kind), n, p->len);
    int nibble;
    const relic_buf *s = agi_build_stored_form(kp->ops, 1, kind, p, &kp->scratch, &nibble);
    size_t need = kp->ops->record_header_len + s->len;
    int last = 15;
    while (last > 0 && !kp->vol_name[last])
        last--;
    if (kp->vol[volume].len + need > AGI_KEEP_MAX_OFFSET)
        volume = (unsigned)last;
    if (kp->vol[volume].len + need > AGI_KEEP_MAX_OFFSET) {
        if (last >= 14 || !kp->vol_name[last])
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "%s %u fits in no volume", agi_kind_name(kind), n);
        volume = (unsigned)last + 1;
        const char *base = kp->vol_name[last], *dot = strrchr(base, '.');
        snprintf(kp->new_vol_name[volume], sizeof kp->new_vol_name[volume], "%.*s.%u", (int)(dot ? dot - base : 0),
                 base, volume);
        kp->vol_name[volume] = kp->new_vol_name[volume];
    }
    relic_buf *v = &kp->vol[volume];
    agi_dir_entry e = {1, (uint8_t)volume, (uint32_t)v->len};
    kp->ops->write_record_header(v, volume, nibble, (uint16_t)p->len, (uint16_t)s->len);
    relic_buf_append(v, s->data, s->len);
    if (relic_buf_check(v, err))
        return RELIC_ENOMEM;
    return agi_keep_patch_entry(kp, kind, n, &e, err);
}

static int agi_keep_setup(agi_keeper *kp, const json_t *layout, relic_err *err)
{
    agi_layout lay;
    if (agi_layout_parse(agi_keep_str(json_object_get(layout, "layout")), &lay) || !(kp->ops = agi_container_for(lay)))
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "container layout: unknown \"layout\"");
    const json_t *files = json_object_get(layout, "directory_files"), *f;
    size_t i;
    if (!json_is_array(files) || json_array_size(files) == 0 || json_array_size(files) > AGI_KIND_COUNT)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "container layout: bad \"directory_files\"");
    json_array_foreach (files, i, f) {
        kp->dir_name[i] = json_string_value(json_object_get(f, "file"));
        if (!agi_keep_name_ok(kp->dir_name[i]) ||
            agi_keep_unhex(json_object_get(f, "hex"), &kp->dir_file[i], "a directory", err))
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "container layout: bad directory file %zu", i);
        kp->dir_files = (unsigned)i + 1;
    }
    for (int k = 0; k < AGI_KIND_COUNT; k++) {
        const json_t *d = json_object_get(json_object_get(layout, "directories"), agi_kind_name((agi_kind)k));
        json_int_t file = json_integer_value(json_object_get(d, "file"));
        json_int_t off = json_integer_value(json_object_get(d, "offset"));
        json_int_t n = json_integer_value(json_object_get(d, "entries"));
        if (!d || file < 0 || (unsigned)file >= kp->dir_files || off < 0 || n < 0 || n > AGI_DIR_ENTRIES ||
            (size_t)off + 3 * (size_t)n > kp->dir_file[file].len)
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "container layout: bad %s directory",
                                 agi_kind_name((agi_kind)k));
        kp->dir[k] = (agi_keep_dir){(unsigned)file, (size_t)off, (unsigned)n};
    }
    const json_t *vols = json_object_get(layout, "volume_files"), *v;
    json_array_foreach (vols, i, v) {
        json_int_t num = json_integer_value(json_object_get(v, "number"));
        json_int_t size = json_integer_value(json_object_get(v, "size"));
        const char *name = json_string_value(json_object_get(v, "file"));
        if (num < 0 || num > 15 || size < 0 || size > 16 * 1024 * 1024 || !agi_keep_name_ok(name) || kp->vol_name[num])
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "container layout: bad volume file %zu", i);
        kp->vol_name[num] = name;
        relic_buf_zeros(&kp->vol[num], (size_t)size);
        const json_t *gap;
        size_t gi;
        json_array_foreach (json_object_get(v, "gaps"), gi, gap) {
            json_int_t at = json_integer_value(json_object_get(gap, "offset"));
            relic_buf bytes = RELIC_BUF_INIT;
            int rc = agi_keep_unhex(json_object_get(gap, "hex"), &bytes, "a gap", err);
            if (rc == RELIC_OK && (at < 0 || (size_t)at + bytes.len > (size_t)size))
                rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "container layout: gap past %s", name);
            if (rc == RELIC_OK && bytes.len)
                memcpy(kp->vol[num].data + at, bytes.data, bytes.len);
            relic_buf_free(&bytes);
            if (rc)
                return rc;
        }
        if (relic_buf_check(&kp->vol[num], err))
            return RELIC_ENOMEM;
    }
    return RELIC_OK;
}

/* One shipped record: back in place when its payload is unchanged. */
static int agi_keep_record(agi_keeper *kp, const json_t *r, const agi_build_input *in, relic_err *err)
{
    agi_kind kind;
    json_int_t n = json_integer_value(json_object_get(r, "number"));
    json_int_t vol = json_integer_value(json_object_get(r, "volume"));
    json_int_t off = json_integer_value(json_object_get(r, "offset"));
    const char *want = json_string_value(json_object_get(r, "sha256"));
    if (agi_kind_parse(agi_keep_str(json_object_get(r, "kind")), &kind) || n < 0 || n >= AGI_DIR_ENTRIES || vol < 0 ||
        vol > 15 || !kp->vol_name[vol] || off < 0 || !want)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "container layout: bad record");
    kp->kept[kind][n] = 1;
    const relic_buf *p = in->payloads[kind][n];
    if (!p) {
        agi_dir_entry absent = {0, 0, 0};
        return agi_keep_patch_entry(kp, kind, (unsigned)n, &absent, err);
    }
    char digest[65];
    relic_sha256_hex(p->data, p->len, digest);
    if (strcmp(digest, want) != 0) /* the old place stays cleared (zeros) */
        return agi_keep_append(kp, kind, (unsigned)n, (unsigned)vol, p, err);
    relic_buf bytes = RELIC_BUF_INIT;
    int rc = agi_keep_unhex(json_object_get(r, "header"), &bytes, "a record header", err);
    const json_t *stored = json_object_get(r, "stored");
    if (rc == RELIC_OK && json_is_true(stored)) {
        relic_buf_append(&bytes, p->data, p->len);
        rc = relic_buf_check(&bytes, err);
    } else if (rc == RELIC_OK && stored) {
        rc = agi_keep_unhex(stored, &bytes, "stored bytes", err);
    } else if (rc == RELIC_OK) {
        int nibble;
        const relic_buf *s = agi_build_stored_form(kp->ops, 1, kind, p, &kp->scratch, &nibble);
        relic_buf_append(&bytes, s->data, s->len);
        rc = relic_buf_check(&bytes, err);
    }
    relic_buf *v = &kp->vol[vol];
    if (rc == RELIC_OK && (size_t)off + bytes.len > v->len)
        rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "container layout: %s %u runs past %s",
                           agi_kind_name(kind), (unsigned)n, kp->vol_name[vol]);
    if (rc == RELIC_OK && bytes.len)
        memcpy(v->data + off, bytes.data, bytes.len);
    relic_buf_free(&bytes);
    return rc;
}

int agi_game_rebuild(const json_t *layout, const agi_build_input *in, agi_fileset *out, relic_err *err)
{
    agi_keeper *kp = relic_calloc_array(1, sizeof *kp);
    if (!kp)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int rc = agi_keep_setup(kp, layout, err);
    const json_t *r;
    size_t i;
    json_array_foreach (json_object_get(layout, "records"), i, r) {
        if (rc)
            break;
        rc = agi_keep_record(kp, r, in, err);
    }
    /* Resources the shipped game did not have go to its last volume. */
    int last = 15;
    while (last >= 0 && !kp->vol_name[last])
        last--;
    for (int k = 0; k < AGI_KIND_COUNT && rc == RELIC_OK; k++)
        for (unsigned n = 0; n < AGI_DIR_ENTRIES && rc == RELIC_OK; n++)
            if (in->payloads[k][n] && !kp->kept[k][n])
                rc = last < 0 ? relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "container layout: no volume")
                              : agi_keep_append(kp, (agi_kind)k, n, (unsigned)last, in->payloads[k][n], err);
    for (unsigned f = 0; f < kp->dir_files && rc == RELIC_OK; f++)
        rc = agi_fileset_add_buf(out, kp->dir_name[f], &kp->dir_file[f], err);
    for (int v = 0; v < 16 && rc == RELIC_OK; v++)
        if (kp->vol_name[v])
            rc = agi_fileset_add_buf(out, kp->vol_name[v], &kp->vol[v], err);
    for (int f = 0; f < AGI_KIND_COUNT; f++)
        relic_buf_free(&kp->dir_file[f]);
    for (int v = 0; v < 16; v++)
        relic_buf_free(&kp->vol[v]);
    relic_buf_free(&kp->scratch);
    free(kp);
    return rc;
}
