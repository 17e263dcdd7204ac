/* AGI version 2 split container: LOGDIR/PICDIR/VIEWDIR/SNDDIR and VOL.N
 * records with a five-byte header (agi-spec resource_containers.md,
 * "Directory entries" and "Version 2 split container"). */
#include <string.h>
#include "relic/agi.h"
#include "relic/cursor.h"
#include "agi_private.h"

/* Three-byte entry: volume in the high nibble, 20-bit big-endian offset. */
void agi_dir_entry_decode(const uint8_t b[3], agi_dir_entry *e)
{
    e->volume = b[0] >> 4;
    e->offset = (uint32_t)(b[0] & 0x0f) << 16 | (uint32_t)b[1] << 8 | b[2];
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
        return relic_err_set(err, RELIC_EDATA, offset, "bad record magic %02x %02x (want 12 34)", magic[0],
                             magic[1]);
    return RELIC_OK;
}

int agi_record_header_v2(const uint8_t *vol, size_t vol_len, uint32_t offset, unsigned volume,
                         agi_record *rec, relic_err *err)
{
    uint8_t magic[2];
    relic_cur c = agi_record_begin(vol, vol_len, offset, rec, magic);
    rec->stored_len = rec->expanded_len = relic_le16(&c);
    if (agi_record_check(&c, magic, offset, err))
        return RELIC_EDATA;
    if (rec->volume_byte != volume)
        return relic_err_set(err, RELIC_EDATA, offset + 2, "record says volume %u, directory says %u",
                             rec->volume_byte, volume);
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
