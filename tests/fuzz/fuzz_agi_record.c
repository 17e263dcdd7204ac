/* Fuzzes agi_record_load, the reader of one volume record (five-byte v2
 * header, seven-byte v3 header with LZW or picture-nibble payloads).  The
 * first four input bytes choose where to look: bytes 0..2 are the record
 * offset (24 bits, little-endian) and byte 3 the volume number the
 * directory would claim; the rest of the input is the volume file.  Each
 * input is loaded as AGI_LAYOUT_V2 and as AGI_LAYOUT_V3 into one reused
 * relic_buf, and a success must yield exactly expanded_len bytes. */
#include <stdint.h>
#include <stdlib.h>
#include "relic/agi.h"
#include "relic/buf.h"
#include "relic/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void load(agi_layout layout, const uint8_t *vol, size_t vol_len, uint32_t offset, unsigned volume,
                 relic_buf *out)
{
    agi_record rec;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_record_load(layout, vol, vol_len, offset, volume, &rec, out, &err);
    if (rc != RELIC_OK) {
        if (err.code != rc)
            abort(); /* the error must be filled in and returned */
        return;
    }
    unsigned want_header = layout == AGI_LAYOUT_V3 ? 7u : 5u;
    if (rec.layout != layout || rec.offset != offset || rec.header_len != want_header || out->len != rec.expanded_len ||
        (size_t)offset + rec.header_len + rec.stored_len > vol_len)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    uint32_t offset = (uint32_t)data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16;
    unsigned volume = data[3];
    const uint8_t *vol = data + 4;
    size_t vol_len = size - 4;

    relic_buf out = RELIC_BUF_INIT;
    load(AGI_LAYOUT_V2, vol, vol_len, offset, volume, &out);
    load(AGI_LAYOUT_V3, vol, vol_len, offset, volume, &out);
    relic_buf_free(&out);
    return 0;
}
