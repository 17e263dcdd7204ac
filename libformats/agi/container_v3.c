/* AGI version 3 combined container: PDIR with four section offsets and
 * PVOL.N records with a seven-byte header whose metadata byte selects the
 * payload transform (agi-spec resource_containers.md, "Version 3 combined
 * container" and "Volume record"). */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "relic/agi.h"
#include "relic/core.h"
#include "relic/cursor.h"
#include "agi_private.h"

int agi_dir_parse_v3(const uint8_t *data, size_t len, agi_dir dirs[AGI_KIND_COUNT], relic_err *err)
{
    relic_cur c = relic_cur_make(data, len, 0);
    size_t off[AGI_KIND_COUNT + 1];
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        off[k] = relic_le16(&c);
    if (relic_cur_check(&c, err))
        return relic_err_set(err, RELIC_EDATA, 0, "combined directory shorter than its 8-byte header");
    off[AGI_KIND_COUNT] = len;
    /* Every bound is checked before any section is read: a section runs
     * to the next offset, which must itself be sane. */
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        if (off[k] < 8 || off[k] > len)
            return relic_err_set(err, RELIC_EDATA, (size_t)k * 2, "%s section offset 0x%zx outside the directory",
                                 agi_kind_name((agi_kind)k), off[k]);
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        if (off[k + 1] < off[k])
            return relic_err_set(err, RELIC_EDATA, (size_t)k * 2 + 2, "%s section starts before the %s section ends",
                                 k + 1 < AGI_KIND_COUNT ? agi_kind_name((agi_kind)(k + 1)) : "end",
                                 agi_kind_name((agi_kind)k));
    for (int k = 0; k < AGI_KIND_COUNT; k++) {
        memset(&dirs[k], 0, sizeof dirs[k]);
        size_t n = (off[k + 1] - off[k]) / 3;
        if (n > AGI_DIR_ENTRIES)
            n = AGI_DIR_ENTRIES;
        const uint8_t *p = data + off[k];
        for (size_t i = 0; i < n; i++) {
            agi_dir_entry *e = &dirs[k].entry[i];
            /* In this profile only the exact ff ff ff is absent. */
            e->present = !(p[3 * i] == 0xff && p[3 * i + 1] == 0xff && p[3 * i + 2] == 0xff);
            if (e->present)
                agi_dir_entry_decode(p + 3 * i, e);
        }
        dirs[k].count = (unsigned)n;
        dirs[k].file_offset = off[k];
    }
    return RELIC_OK;
}

static int agi_record_header_v3(const uint8_t *vol, size_t vol_len, uint32_t offset, unsigned volume, agi_record *rec,
                                relic_err *err)
{
    uint8_t magic[2];
    relic_cur c = agi_record_begin(vol, vol_len, offset, rec, magic);
    rec->expanded_len = relic_le16(&c);
    rec->stored_len = relic_le16(&c);
    if (agi_record_check(&c, magic, offset, err))
        return RELIC_EDATA;
    int nibble = (rec->volume_byte & 0x80) != 0;
    unsigned vol_id = nibble ? (rec->volume_byte & 0x0fu) : rec->volume_byte;
    if (vol_id != volume)
        return relic_err_set(err, RELIC_EDATA, offset + 2, "record metadata 0x%02x does not match volume %u",
                             rec->volume_byte, volume);
    rec->layout = AGI_LAYOUT_V3;
    rec->header_len = 7;
    if (nibble)
        rec->transform = AGI_TRANSFORM_PICTURE_NIBBLE;
    else if (rec->stored_len == rec->expanded_len)
        rec->transform = AGI_TRANSFORM_NONE;
    else
        rec->transform = AGI_TRANSFORM_LZW;
    return RELIC_OK;
}

static void agi_dir_write_v3(const agi_dir dirs[AGI_KIND_COUNT], relic_buf *out)
{
    size_t start = out->len;
    relic_buf_zeros(out, 8);
    for (int k = 0; k < AGI_KIND_COUNT; k++) {
        relic_buf_put_le16(out, start + 2 * (size_t)k, (uint16_t)(out->len - start));
        for (unsigned i = 0; i < dirs[k].count; i++)
            agi_dir_entry_write(&dirs[k].entry[i], out);
    }
}

/* A PVOL.N with a non-empty prefix P (PDIR itself may be missing: then the
 * split directories are read, as the spec's fallback says). */
static int agi_v3_bid(const agi_fileset *fs, char prefix[16])
{
    for (size_t i = 0; i < fs->count; i++) {
        size_t plen;
        if (agi_volume_name(fs->files[i].name, &plen) >= 0 && plen > 0 && plen < 16) {
            memcpy(prefix, fs->files[i].name, plen);
            prefix[plen] = '\0';
            return 2;
        }
    }
    return 0;
}

static int agi_v3_read_dirs(const agi_fileset *fs, agi_game *g, relic_err *err)
{
    char name[32];
    snprintf(name, sizeof name, "%sDIR", g->prefix);
    const agi_file *f = agi_fileset_find(fs, name);
    if (!f) {
        g->split_dirs = 1; /* the fallback: split directories, v3 records */
        return agi_read_split_dirs(fs, g, err);
    }
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        g->dir_file[k] = f->name;
    int rc = agi_dir_parse_v3(f->data, f->len, g->dirs, err);
    relic_err_file(err, f->name);
    return rc;
}

static void agi_v3_write_record_header(relic_buf *v, unsigned volume, int nibble, uint16_t expanded_len,
                                       uint16_t stored_len)
{
    agi_record_write_begin(v, (uint8_t)(volume | (nibble ? 0x80u : 0)));
    relic_buf_le16(v, expanded_len);
    relic_buf_le16(v, stored_len);
}

static int agi_v3_write_dirs(const agi_dir dirs[AGI_KIND_COUNT], const char *prefix, agi_fileset *out, relic_err *err)
{
    char name[40];
    snprintf(name, sizeof name, "%sDIR", prefix);
    relic_buf d = RELIC_BUF_INIT;
    agi_dir_write_v3(dirs, &d);
    int rc = agi_fileset_add_buf(out, name, &d, err);
    relic_buf_free(&d);
    return rc;
}

const agi_container_ops agi_container_v3 = {
    .layout = AGI_LAYOUT_V3,
    .name = "v3",
    .record_header_len = 7,
    .compresses = 1,
    .prefixed = 1,
    /* The v3 profile the agi-spec describes (version_profiles.md "AGI
     * 3.002.149 profile"). */
    .default_profile = "3.002.149",
    .bid = agi_v3_bid,
    .read_dirs = agi_v3_read_dirs,
    .record_header = agi_record_header_v3,
    .write_record_header = agi_v3_write_record_header,
    .write_dirs = agi_v3_write_dirs,
};
