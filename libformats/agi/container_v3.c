/* AGI version 3 combined container: PDIR with four section offsets and
 * PVOL.N records with a seven-byte header whose metadata byte selects the
 * payload transform (agi-spec resource_containers.md, "Version 3 combined
 * container" and "Volume record"). */
#include <string.h>
#include "relic/agi.h"
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

int agi_record_header_v3(const uint8_t *vol, size_t vol_len, uint32_t offset, unsigned volume,
                         agi_record *rec, relic_err *err)
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

void agi_dir_write_v3(const agi_dir dirs[AGI_KIND_COUNT], relic_buf *out)
{
    size_t start = out->len;
    relic_buf_zeros(out, 8);
    for (int k = 0; k < AGI_KIND_COUNT; k++) {
        relic_buf_put_le16(out, start + 2 * (size_t)k, (uint16_t)(out->len - start));
        for (unsigned i = 0; i < dirs[k].count; i++)
            agi_dir_entry_write(&dirs[k].entry[i], out);
    }
}
