/* Redguard RGM section container.  Each section is a four-byte ASCII tag,
 * a big-endian u32 payload length, then the payload (whose own fields are
 * little-endian); reading stops at the tag "END ", which some writers
 * follow with a zero length and some do not (michidk/redguard-preservation
 * docs/formats/RGM.md "Section Framing"; Dillonn241/redguard-mod-manager
 * src/redguard/MapFile.java stops on the tag alone).  Everything from
 * "END " on is kept verbatim so a listed file rewrites byte for byte. */
#include <stdlib.h>
#include <string.h>
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
        if (out->count == cap) {
            size_t ncap = cap ? cap * 2 : 32;
            rgm_section *p = realloc(out->sec, ncap * sizeof *p);
            if (!p) {
                rgm_close(out);
                return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
            }
            out->sec = p;
            cap = ncap;
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
