/* NSF entries (cbhacks wiki "Entry"; layout as read by cbhacks/CrashEdit
 * Crash/Formats/Crash Formats/Base/Entry/Entry.cs and written by
 * UnprocessedEntry.cs): u32 magic 0x0100FFFF, u32 EID, u32 type, u32 item
 * count n, then n+1 u32 offsets from the entry start; item i spans
 * [off[i], off[i+1]).  The writer pads each item to 4 bytes, as the games'
 * own files are laid out. */
#include <stdlib.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/nsf.h"

#define NSF_ENTRY_MAX_ITEMS 4096u

int nsf_entry_parse(const uint8_t *data, size_t len, size_t origin, nsf_entry *e, relic_err *err)
{
    relic_cur c = relic_cur_make(data, len, origin);
    nsf_entry z = {0};
    *e = z;
    uint32_t magic = relic_le32(&c);
    e->eid = relic_le32(&c);
    e->type = relic_le32(&c);
    uint32_t n = relic_le32(&c);
    if (relic_cur_check(&c, err))
        return RELIC_EDATA;
    if (magic != NSF_ENTRY_MAGIC)
        return relic_err_set(err, RELIC_EDATA, origin, "bad entry magic 0x%08x (want 0x%08x)", magic, NSF_ENTRY_MAGIC);
    if (n > NSF_ENTRY_MAX_ITEMS || 16 + 4 * ((size_t)n + 1) > len)
        return relic_err_set(err, RELIC_EDATA, origin + 12, "item count %u does not fit the entry", n);
    e->item = relic_calloc_array(n, sizeof *e->item);
    e->item_len = relic_calloc_array(n, sizeof *e->item_len);
    if (!e->item || !e->item_len) {
        nsf_entry_free(e);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    uint32_t prev = relic_le32(&c);
    if (prev < 16 + 4 * (n + 1)) {
        nsf_entry_free(e);
        return relic_err_set(err, RELIC_EDATA, origin + 16, "item 0 starts at 0x%x, inside the header", prev);
    }
    for (uint32_t i = 0; i < n; i++) {
        size_t at = relic_tell(&c);
        uint32_t next = relic_le32(&c);
        if (next < prev || next > len) {
            nsf_entry_free(e);
            return relic_err_set(err, RELIC_EDATA, at, "item %u ends at 0x%x, %s", i, next,
                                 next < prev ? "before it begins" : "past the entry");
        }
        e->item[i] = data + prev;
        e->item_len[i] = next - prev;
        prev = next;
    }
    e->item_count = n;
    e->data = data;
    e->len = len;
    e->origin = origin;
    return RELIC_OK;
}

void nsf_entry_free(nsf_entry *e)
{
    free(e->item);
    free(e->item_len);
    e->item = NULL;
    e->item_len = NULL;
    e->item_count = 0;
}

int nsf_entry_build(uint32_t eid, uint32_t type, const uint8_t *const *items, const size_t *lens, unsigned n,
                    relic_buf *out, relic_err *err)
{
    relic_buf_le32(out, NSF_ENTRY_MAGIC);
    relic_buf_le32(out, eid);
    relic_buf_le32(out, type);
    relic_buf_le32(out, n);
    size_t off = 16 + 4 * ((size_t)n + 1);
    relic_buf_le32(out, (uint32_t)off);
    for (unsigned i = 0; i < n; i++) {
        off += (lens[i] + 3) & ~(size_t)3;
        relic_buf_le32(out, (uint32_t)off);
    }
    for (unsigned i = 0; i < n; i++) {
        relic_buf_append(out, items[i], lens[i]);
        relic_buf_zeros(out, ((lens[i] + 3) & ~(size_t)3) - lens[i]);
    }
    return relic_buf_check(out, err);
}
