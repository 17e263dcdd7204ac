/* Redguard RGM section container.  Each section is a four-byte ASCII tag,
 * a big-endian u32 payload length, then the payload (whose own fields are
 * little-endian); reading stops at the tag "END ", which some writers
 * follow with a zero length and some do not (michidk/redguard-preservation
 * docs/formats/RGM.md "Section Framing"; Dillonn241/redguard-mod-manager
 * src/redguard/MapFile.java stops on the tag alone).  Everything from
 * "END " on is kept verbatim so a listed file rewrites byte for byte.
 * Record sizes of the fixed-layout sections are from RGM.md (RAHD 165
 * after count and four fixed bytes; MPOB and MPSO 66 and MPRP 80 after a
 * count; RAEX 30, RALC 12, RAAT 256, MPSZ 49, RAVC 9, and the u32 tables
 * RAHK, RASB, RAVA).  The issue notes the sources disagree on RALC's
 * record size, so its count and remainder are reported, never assumed. */
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/rgm.h"

static int rgm_tag_ok(const uint8_t *t)
{
    for (int i = 0; i < 4; i++)
        if (t[i] < 0x20 || t[i] > 0x7e)
            return 0;
    return 1;
}

int rgm_open(const uint8_t *data, size_t len, rgm_file *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    relic_cur c = relic_cur_make(data, len, 0);
    size_t cap = 0;
    while (relic_remaining(&c) > 0) {
        size_t at = relic_tell(&c);
        if (relic_remaining(&c) >= 4 && memcmp(data + at, "END ", 4) == 0) {
            out->has_end = 1;
            break;
        }
        const uint8_t *tag = relic_bytes(&c, 4);
        uint32_t n = relic_be32(&c);
        if (c.failed) {
            rgm_close(out);
            return relic_err_set(err, RELIC_EDATA, at, "truncated section header");
        }
        if (!rgm_tag_ok(tag)) {
            rgm_close(out);
            return relic_err_set(err, RELIC_EDATA, at, "section tag is not ASCII");
        }
        if (n > relic_remaining(&c)) {
            rgm_close(out);
            return relic_err_set(err, RELIC_EDATA, at, "section %.4s length %u runs past the end of the file", tag, n);
        }
        if (relic_grow((void **)&out->sec, &cap, out->count + 1, sizeof *out->sec, 32)) {
            rgm_close(out);
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
        rgm_section *s = &out->sec[out->count++];
        memcpy(s->tag, tag, 4);
        s->tag[4] = '\0';
        s->offset = at;
        s->data_offset = relic_tell(&c);
        s->len = n;
        s->data = data + s->data_offset;
        relic_skip(&c, n);
    }
    out->end_offset = relic_tell(&c);
    out->tail = data + out->end_offset;
    out->tail_len = len - out->end_offset;
    return RELIC_OK;
}

void rgm_close(rgm_file *f)
{
    free(f->sec);
    memset(f, 0, sizeof *f);
}

const rgm_section *rgm_find(const rgm_file *f, const char *tag)
{
    for (size_t i = 0; i < f->count; i++)
        if (memcmp(f->sec[i].tag, tag, 4) == 0)
            return &f->sec[i];
    return NULL;
}

static const struct rgm_layout {
    char tag[5];
    uint32_t header, size;
    int has_count;
} rgm_layouts[] = {
    {"RAHD", 8, 165, 1}, {"MPOB", 4, 66, 1}, {"MPSO", 4, 66, 1},  {"MPRP", 4, 80, 1},
    {"RAEX", 0, 30, 0},  {"RALC", 0, 12, 0}, {"RAAT", 0, 256, 0}, {"MPSZ", 0, 49, 0},
    {"RAVC", 0, 9, 0},   {"RAHK", 0, 4, 0},  {"RASB", 0, 4, 0},   {"RAVA", 0, 4, 0},
};

int rgm_section_records(const rgm_section *s, rgm_records *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < sizeof rgm_layouts / sizeof rgm_layouts[0]; i++) {
        const struct rgm_layout *l = &rgm_layouts[i];
        if (memcmp(s->tag, l->tag, 4))
            continue;
        out->header = s->len < l->header ? s->len : l->header;
        out->size = l->size;
        out->count = (s->len - out->header) / l->size;
        out->rest = (s->len - out->header) % l->size;
        if ((out->has_count = l->has_count && s->len >= 4))
            out->declared = relic_rd_le32(s->data);
        return 1;
    }
    return 0;
}

void rgm_put_section(relic_buf *out, const char *tag, const void *data, uint32_t len)
{
    relic_buf_append(out, tag, 4);
    relic_buf_be32(out, len);
    if (len)
        relic_buf_append(out, data, len);
}

int rgm_write(const rgm_file *f, relic_buf *out, relic_err *err)
{
    for (size_t i = 0; i < f->count; i++)
        rgm_put_section(out, f->sec[i].tag, f->sec[i].data, f->sec[i].len);
    if (f->tail_len)
        relic_buf_append(out, f->tail, f->tail_len);
    return relic_buf_check(out, err);
}
