/* AGI version 2 split container: LOGDIR/PICDIR/VIEWDIR/SNDDIR and VOL.N
 * records with a five-byte header (agi-spec resource_containers.md,
 * "Directory entries" and "Version 2 split container"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/core.h"
#include "relic/cursor.h"
#include "agi_private.h"

static const char *const agi_split_dir_names[AGI_KIND_COUNT] = {"LOGDIR", "PICDIR", "VIEWDIR", "SNDDIR"};

/* Three-byte entry: volume in the high nibble, 20-bit big-endian offset. */
void agi_dir_entry_decode(const uint8_t b[3], agi_dir_entry *e)
{
    e->volume = b[0] >> 4;
    e->offset = (uint32_t)(b[0] & 0x0f) << 16 | relic_rd_be16(b + 1);
}

int agi_dir_parse_v2(const uint8_t *data, size_t len, agi_dir *dir, relic_err *err)
{
    memset(dir, 0, sizeof *dir);
    /* Only the first 256 complete groups are addressable; a trailing
     * partial group is not an entry. */
    size_t n = len / 3;
    if (n > AGI_DIR_ENTRIES)
        n = AGI_DIR_ENTRIES;
    for (size_t i = 0; i < n; i++) {
        agi_dir_entry *e = &dir->entry[i];
        agi_dir_entry_decode(data + 3 * i, e);
        e->present = (data[3 * i] >> 4) != 0x0f;
        if (!e->present)
            e->volume = e->offset = 0;
    }
    dir->count = (unsigned)n;
    (void)err;
    return RELIC_OK;
}

relic_cur agi_record_begin(const uint8_t *vol, size_t vol_len, uint32_t offset, agi_record *rec, uint8_t magic[2])
{
    relic_cur c = relic_cur_make(vol, vol_len, 0);
    relic_seek(&c, offset);
    magic[0] = relic_u8(&c);
    magic[1] = relic_u8(&c);
    rec->volume_byte = relic_u8(&c);
    rec->offset = offset;
    return c;
}

int agi_record_check(const relic_cur *c, const uint8_t magic[2], uint32_t offset, relic_err *err)
{
    if (relic_cur_check(c, err))
        return relic_err_set(err, RELIC_EDATA, offset, "record header past the end of the volume");
    if (magic[0] != 0x12 || magic[1] != 0x34)
        return relic_err_set(err, RELIC_EDATA, offset, "bad record magic %02x %02x (want 12 34)", magic[0], magic[1]);
    return RELIC_OK;
}

void agi_record_write_begin(relic_buf *v, uint8_t volume_byte)
{
    relic_buf_u8(v, 0x12);
    relic_buf_u8(v, 0x34);
    relic_buf_u8(v, volume_byte);
}

static int agi_record_header_v2(const uint8_t *vol, size_t vol_len, uint32_t offset, unsigned volume, agi_record *rec,
                                relic_err *err)
{
    uint8_t magic[2];
    relic_cur c = agi_record_begin(vol, vol_len, offset, rec, magic);
    rec->stored_len = rec->expanded_len = relic_le16(&c);
    if (agi_record_check(&c, magic, offset, err))
        return RELIC_EDATA;
    if (rec->volume_byte != volume)
        return relic_err_set(err, RELIC_EDATA, offset + 2, "record says volume %u, directory says %u", rec->volume_byte,
                             volume);
    rec->layout = AGI_LAYOUT_V2;
    rec->header_len = 5;
    rec->transform = AGI_TRANSFORM_NONE;
    return RELIC_OK;
}

void agi_dir_write_v2(const agi_dir *dir, relic_buf *out)
{
    for (unsigned i = 0; i < dir->count; i++)
        agi_dir_entry_write(&dir->entry[i], out);
}

void agi_dir_entry_write(const agi_dir_entry *e, relic_buf *out)
{
    if (!e->present) {
        uint8_t absent[3] = {0xff, 0xff, 0xff};
        relic_buf_append(out, absent, 3);
        return;
    }
    uint8_t b[3] = {(uint8_t)(e->volume << 4 | (e->offset >> 16 & 0x0f)), (uint8_t)(e->offset >> 8),
                    (uint8_t)e->offset};
    relic_buf_append(out, b, 3);
}

int agi_read_split_dirs(const agi_fileset *fs, agi_game *g, relic_err *err)
{
    for (int k = 0; k < AGI_KIND_COUNT; k++) {
        const agi_file *f = agi_fileset_find(fs, agi_split_dir_names[k]);
        if (!f)
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "directory file %s missing",
                                 agi_split_dir_names[k]);
        g->dir_file[k] = f->name;
        int rc = agi_dir_parse_v2(f->data, f->len, &g->dirs[k], err);
        if (rc) {
            relic_err_file(err, f->name);
            return rc;
        }
    }
    return RELIC_OK;
}

int agi_write_split_dirs(const agi_dir dirs[AGI_KIND_COUNT], agi_fileset *out, relic_err *err)
{
    relic_buf d = RELIC_BUF_INIT;
    int rc = RELIC_OK;
    for (int k = 0; k < AGI_KIND_COUNT && rc == RELIC_OK; k++) {
        agi_dir_write_v2(&dirs[k], &d);
        rc = agi_fileset_add_buf(out, agi_split_dir_names[k], &d, err);
    }
    relic_buf_free(&d);
    return rc;
}

/* Unprefixed VOL.N files. */
static int agi_v2_bid(const agi_fileset *fs, char prefix[16])
{
    for (size_t i = 0; i < fs->count; i++) {
        size_t plen;
        if (agi_volume_name(fs->files[i].name, &plen) >= 0 && plen == 0) {
            prefix[0] = '\0';
            return 1;
        }
    }
    return 0;
}

static int agi_v2_read_dirs(const agi_fileset *fs, agi_game *g, relic_err *err)
{
    return agi_read_split_dirs(fs, g, err);
}

static void agi_v2_write_record_header(relic_buf *v, unsigned volume, int nibble, uint16_t expanded_len,
                                       uint16_t stored_len)
{
    (void)nibble;
    (void)stored_len;
    agi_record_write_begin(v, (uint8_t)volume);
    relic_buf_le16(v, expanded_len);
}

static int agi_v2_write_dirs(const agi_dir dirs[AGI_KIND_COUNT], const char *prefix, agi_fileset *out, relic_err *err)
{
    (void)prefix;
    return agi_write_split_dirs(dirs, out, err);
}

const agi_container_ops agi_container_v2 = {
    .layout = AGI_LAYOUT_V2,
    .name = "v2",
    .record_header_len = 5,
    .compresses = 0,
    .prefixed = 0,
    /* ScummVM's default for fan games it does not know
     * (engines/agi/detection_tables.h, GAME_LVFPN "fanmade" rows, 0x2917). */
    .default_profile = "2.917",
    .bid = agi_v2_bid,
    .read_dirs = agi_v2_read_dirs,
    .record_header = agi_record_header_v2,
    .write_record_header = agi_v2_write_record_header,
    .write_dirs = agi_v2_write_dirs,
};
