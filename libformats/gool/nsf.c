/* NSF files (cbhacks wiki "Chunk"; field positions and the compression
 * scheme as read by cbhacks/CrashEdit Crash/Formats/Crash Formats/NSF.cs,
 * Base/Chunk/Chunk.cs and Base/Entry Chunk/EntryChunkLoader.cs).
 *
 * A chunk is 65536 bytes: u16 magic 0x1234, u16 type, u32 id, u32 entry
 * count, u32 checksum, then count+1 u32 entry offsets (texture chunks have
 * no table).  On disk a chunk may instead be compressed: u16 0x1235, u16 0,
 * u32 expanded length, u32 skip, then LZ commands until `length` bytes
 * exist (prefix byte p: p & 0x80 -> back reference, distance
 * ((p & 0x7F) << 5) | (next >> 3), span (next & 7) + 3 or 64 when 7;
 * otherwise p literal bytes), then `skip` ignored bytes and the last
 * 65536 - length bytes stored plainly. */
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/nsf.h"

uint32_t nsf_chunk_checksum(const uint8_t *chunk)
{
    uint32_t sum = 0x12345678u;
    for (size_t i = 0; i < NSF_CHUNK_SIZE; i++) {
        if (i < 12 || i >= 16)
            sum += chunk[i];
        sum = (sum << 3) | (sum >> 29);
    }
    return sum;
}

int nsf_chunk_expand(const uint8_t *data, size_t len, size_t origin, uint8_t *out, size_t *used, relic_err *err)
{
    relic_cur c = relic_cur_make(data, len, origin);
    uint16_t magic = relic_le16(&c);
    relic_le16(&c);
    uint32_t length = relic_le32(&c);
    uint32_t skip = relic_le32(&c);
    if (relic_cur_check(&c, err))
        return RELIC_EDATA;
    if (magic != NSF_CHUNK_MAGIC_LZ)
        return relic_err_set(err, RELIC_EDATA, origin, "not a compressed chunk (magic 0x%04x)", magic);
    if (length > NSF_CHUNK_SIZE)
        return relic_err_set(err, RELIC_EDATA, origin + 4, "expanded length %u exceeds a chunk", length);
    size_t pos = 0;
    while (pos < length && !c.failed) {
        size_t at = relic_tell(&c);
        uint8_t p = relic_u8(&c);
        if (p & 0x80) {
            uint8_t b = relic_u8(&c);
            size_t dist = ((size_t)(p & 0x7F) << 5) | (b >> 3);
            size_t span = (b & 7) == 7 ? 64 : (size_t)(b & 7) + 3;
            if (c.failed)
                break;
            if (dist == 0 || dist > pos)
                return relic_err_set(err, RELIC_EDATA, at, "back reference %zu before the chunk start", dist);
            if (pos + span > NSF_CHUNK_SIZE)
                return relic_err_set(err, RELIC_EDATA, at, "back reference runs past the chunk end");
            for (size_t i = 0; i < span; i++) /* overlapping copies repeat bytes */
                out[pos + i] = out[pos - dist + i];
            pos += span;
        } else {
            const uint8_t *lit = relic_bytes(&c, p);
            if (!lit)
                break;
            if (pos + p > NSF_CHUNK_SIZE)
                return relic_err_set(err, RELIC_EDATA, at, "literal run past the chunk end");
            memcpy(out + pos, lit, p);
            pos += p;
        }
    }
    if (pos > length && !c.failed)
        return relic_err_set(err, RELIC_EDATA, relic_tell(&c), "LZ data overshoots the expanded length %u", length);
    relic_skip(&c, skip);
    const uint8_t *tail = relic_bytes(&c, NSF_CHUNK_SIZE - length);
    if (relic_cur_check(&c, err))
        return RELIC_EDATA;
    memcpy(out + length, tail, NSF_CHUNK_SIZE - length);
    *used = c.pos;
    return RELIC_OK;
}

static int nsf_chunk_entries(nsf_chunk *ch, relic_err *err)
{
    if (ch->type == NSF_CHUNK_TEXTURE)
        return RELIC_OK;
    relic_cur c = relic_cur_make(ch->data, NSF_CHUNK_SIZE, ch->file_offset);
    relic_seek(&c, 8);
    uint32_t n = relic_le32(&c);
    if (n > (NSF_CHUNK_SIZE - 20) / 4)
        return relic_err_set(err, RELIC_EDATA, ch->file_offset + 8, "entry count %u does not fit a chunk", n);
    ch->entries = relic_calloc_array(n, sizeof *ch->entries);
    if (!ch->entries)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    relic_seek(&c, 16);
    uint32_t start = relic_le32(&c);
    for (uint32_t i = 0; i < n; i++) {
        size_t at = relic_tell(&c);
        uint32_t end = relic_le32(&c);
        if (end < start || end > NSF_CHUNK_SIZE || start < 20 + 4 * n)
            return relic_err_set(err, RELIC_EDATA, at, "entry %u spans 0x%x..0x%x, outside its chunk", i, start, end);
        int rc = nsf_entry_parse(ch->data + start, end - start, ch->file_offset + start, &ch->entries[i], err);
        if (rc)
            return rc;
        ch->entry_count = i + 1;
        start = end;
    }
    return RELIC_OK;
}

static int nsf_read_chunk(const uint8_t *data, size_t len, size_t off, nsf_chunk *ch, size_t *used, relic_err *err)
{
    if (!(ch->data = malloc(NSF_CHUNK_SIZE)))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    ch->file_offset = off;
    uint16_t magic = relic_rd_le16(data + off);
    if (magic == NSF_CHUNK_MAGIC_LZ) {
        ch->compressed = 1;
        int rc = nsf_chunk_expand(data + off, len - off, off, ch->data, used, err);
        if (rc)
            return rc;
    } else if (magic == NSF_CHUNK_MAGIC) {
        if (len - off < NSF_CHUNK_SIZE)
            return relic_err_set(err, RELIC_EDATA, off, "chunk truncated: %zu of %u bytes", len - off, NSF_CHUNK_SIZE);
        memcpy(ch->data, data + off, NSF_CHUNK_SIZE);
        *used = NSF_CHUNK_SIZE;
    } else {
        return relic_err_set(err, RELIC_EDATA, off, "bad chunk magic 0x%04x", magic);
    }
    relic_cur c = relic_cur_make(ch->data, NSF_CHUNK_SIZE, off);
    relic_le16(&c);
    ch->type = relic_le16(&c);
    ch->id = relic_le32(&c);
    relic_le32(&c);
    ch->checksum = relic_le32(&c);
    ch->computed = nsf_chunk_checksum(ch->data);
    return nsf_chunk_entries(ch, err);
}

int nsf_read(const uint8_t *data, size_t len, nsf_file *out, relic_err *err)
{
    nsf_file z = {0};
    *out = z;
    size_t off = 0, cap = 0;
    if (len < 2)
        return relic_err_set(err, RELIC_EDATA, 0, "file too short for an NSF chunk");
    while (off + 1 < len) {
        if (relic_grow((void **)&out->chunks, &cap, out->count + 1, sizeof *out->chunks, 16)) {
            nsf_free(out);
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
        nsf_chunk *ch = &out->chunks[out->count++];
        nsf_chunk zc = {0};
        *ch = zc;
        size_t used = 0;
        int rc = nsf_read_chunk(data, len, off, ch, &used, err);
        if (rc) {
            nsf_free(out);
            return rc;
        }
        if (ch->checksum != ch->computed && ch->type != NSF_CHUNK_TEXTURE)
            out->bad_checksums++;
        off += used;
    }
    if (off != len) {
        nsf_free(out);
        return relic_err_set(err, RELIC_EDATA, off, "stray byte after the last chunk");
    }
    return RELIC_OK;
}

void nsf_free(nsf_file *f)
{
    for (size_t i = 0; i < f->count; i++) {
        for (unsigned k = 0; k < f->chunks[i].entry_count; k++)
            nsf_entry_free(&f->chunks[i].entries[k]);
        free(f->chunks[i].entries);
        free(f->chunks[i].data);
    }
    free(f->chunks);
    f->chunks = NULL;
    f->count = 0;
}

const nsf_entry *nsf_find(const nsf_file *f, uint32_t eid)
{
    for (size_t i = 0; i < f->count; i++)
        for (unsigned k = 0; k < f->chunks[i].entry_count; k++)
            if (f->chunks[i].entries[k].eid == eid)
                return &f->chunks[i].entries[k];
    return NULL;
}

static void nsf_put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

int nsf_chunk_build(uint16_t type, uint32_t id, const relic_buf *entries, unsigned n, uint8_t *out, relic_err *err)
{
    memset(out, 0, NSF_CHUNK_SIZE);
    size_t off = 20 + 4 * (size_t)n;
    if (off > NSF_CHUNK_SIZE)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "%u entries do not fit one chunk", n);
    out[0] = NSF_CHUNK_MAGIC & 0xFF;
    out[1] = NSF_CHUNK_MAGIC >> 8;
    out[2] = (uint8_t)type;
    out[3] = (uint8_t)(type >> 8);
    nsf_put32(out + 4, id);
    nsf_put32(out + 8, n);
    for (unsigned i = 0; i < n; i++) {
        off = (off + 3) & ~(size_t)3;
        if (entries[i].len > NSF_CHUNK_SIZE - off)
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "entry %u does not fit the chunk", i);
        nsf_put32(out + 16 + 4 * i, (uint32_t)off);
        memcpy(out + off, entries[i].data, entries[i].len);
        off += entries[i].len;
    }
    nsf_put32(out + 16 + 4 * n, (uint32_t)off);
    nsf_put32(out + 12, nsf_chunk_checksum(out));
    return RELIC_OK;
}
