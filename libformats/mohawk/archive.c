/* Mohawk archive reader and writer.  Layout facts from ScummVM
 * engines/mohawk/resource.cpp (MohawkArchive::openStream) and the Mohawk
 * wiki it cites: "MHWK", size-8, "RSRC", version 0x0100, compaction, total
 * size, directory offset, file-table offset and size (both relative to the
 * directory); the directory holds the string-table offset, the type count
 * and 8-byte type entries (tag, resource-table offset, name-table offset);
 * resource tables are (id, 1-based file index) pairs, name tables
 * (string offset, file index) pairs; file-table entries are 10 bytes with a
 * 27-bit size (16 + 8 + the low 3 bits of the flags byte).  tMOV sizes run to
 * the next file's offset because the original handed QuickTime the whole
 * file.  The writer follows the layout of scummvm-tools
 * engines/mohawk/construct_mohawk.cpp (data first, directory after, names
 * collated with '_' after alphanumerics) but keeps one string table for every
 * type, so several types can carry names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/mohawk.h"

#define MHK_HEADER_SIZE 28u
#define MHK_MAX_SIZE ((1u << 27) - 1)

uint32_t mhk_tag(const char *s)
{
    uint32_t t = 0;
    for (int i = 0; i < 4; i++)
        t = (t << 8) | (uint8_t)(s[i] ? s[i] : ' ');
    return t;
}

void mhk_tag_str(uint32_t tag, char out[5])
{
    for (int i = 0; i < 4; i++) {
        uint8_t c = (uint8_t)(tag >> (24 - 8 * i));
        out[i] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    out[4] = 0;
}

void mhk_close(mhk_archive *a)
{
    if (!a)
        return;
    for (size_t i = 0; i < a->count; i++)
        free(a->res[i].name);
    free(a->res);
    memset(a, 0, sizeof *a);
}

const mhk_resource *mhk_find(const mhk_archive *a, uint32_t tag, uint16_t id)
{
    for (size_t i = 0; i < a->count; i++)
        if (a->res[i].tag == tag && a->res[i].id == id)
            return &a->res[i];
    return NULL;
}

const mhk_resource *mhk_find_name(const mhk_archive *a, uint32_t tag, const char *name)
{
    for (size_t i = 0; i < a->count; i++)
        if (a->res[i].tag == tag && a->res[i].name && strcasecmp(a->res[i].name, name) == 0)
            return &a->res[i];
    return NULL;
}

static char *mhk_read_name(relic_cur *all, size_t at)
{
    if (at >= all->len) {
        relic_seek(all, at);
        relic_cur_fail(all, "name string past the end");
        return NULL;
    }
    const uint8_t *s = all->base + at;
    const uint8_t *z = memchr(s, 0, all->len - at);
    if (!z) {
        relic_seek(all, at);
        relic_cur_fail(all, "name string not terminated");
        return NULL;
    }
    return strndup((const char *)s, (size_t)(z - s));
}

/* The size a file-table entry gives, or for tMOV the distance to the next
 * file that starts elsewhere (or to the end). */
static uint32_t mhk_tmov_size(const mhk_archive *a, relic_cur *all, size_t ft, uint32_t count, uint32_t index)
{
    relic_seek(all, ft + 4 + (size_t)(index - 1) * 10);
    uint32_t off = relic_be32(all);
    for (uint32_t n = index; n < count; n++) {
        relic_seek(all, ft + 4 + (size_t)n * 10);
        uint32_t next = relic_be32(all);
        if (next > off)
            return next - off;
    }
    return off < a->len ? (uint32_t)(a->len - off) : 0;
}

/* A lenient open marks the resource and goes on; a strict one fails. */
static int mhk_broken(mhk_resource *r, int lenient, size_t at, relic_err *err, const char *fmt, uint32_t x, uint32_t y)
{
    if (!lenient)
        return relic_err_set(err, RELIC_EDATA, at, fmt, x, y);
    r->broken = 1;
    r->broken_at = at;
    r->declared_offset = r->offset;
    r->declared_size = r->size;
    snprintf(r->why, sizeof r->why, fmt, x, y);
    r->offset = 0;
    r->size = 0;
    return RELIC_OK;
}

static int mhk_read_type(mhk_archive *a, relic_cur *all, size_t dir, size_t strings, size_t ft, uint32_t tag,
                         uint16_t rt_off, uint16_t nt_off, int lenient, relic_err *err)
{
    relic_seek(all, dir + rt_off);
    uint16_t nres = relic_be16(all);
    size_t rt = all->pos;
    relic_seek(all, dir + nt_off);
    uint16_t nnames = relic_be16(all);
    size_t nt = all->pos;
    if (relic_cur_check(all, err))
        return err ? err->code : RELIC_EDATA;
    size_t cap = a->count;
    if (relic_grow((void **)&a->res, &cap, a->count + nres, sizeof *a->res, 16))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (uint16_t j = 0; j < nres; j++) {
        size_t at = rt + (size_t)j * 4;
        relic_seek(all, at);
        mhk_resource *r = &a->res[a->count];
        memset(r, 0, sizeof *r);
        r->tag = tag;
        r->id = relic_be16(all);
        r->file_index = relic_be16(all);
        if (relic_cur_check(all, err))
            return err ? err->code : RELIC_EDATA;
        if (r->file_index == 0 || r->file_index > a->file_count) {
            int rc = mhk_broken(r, lenient, at + 2, err, "file index %u outside the file table (%u entries)",
                                r->file_index, a->file_count);
            if (rc)
                return rc;
            a->count++;
            a->broken++;
            continue;
        }
        size_t fe = ft + 4 + (size_t)(r->file_index - 1) * 10;
        relic_seek(all, fe);
        r->offset = relic_be32(all);
        uint32_t size = relic_be16(all);
        size |= (uint32_t)relic_u8(all) << 16;
        uint8_t fl = relic_u8(all);
        r->size = size | (uint32_t)(fl & 7) << 24;
        r->flags = fl & 0xf8;
        if (tag == MHK_TAG('t', 'M', 'O', 'V'))
            r->size = mhk_tmov_size(a, all, ft, a->file_count, r->file_index);
        if (relic_cur_check(all, err))
            return err ? err->code : RELIC_EDATA;
        if (r->offset > a->len || r->size > a->len - r->offset) {
            int rc = mhk_broken(r, lenient, fe, err, "resource data 0x%x+0x%x runs past the end of the file", r->offset,
                                r->size);
            if (rc)
                return rc;
            a->broken++;
        }
        for (uint16_t k = 0; k < nnames; k++) {
            relic_seek(all, nt + (size_t)k * 4);
            uint16_t soff = relic_be16(all);
            uint16_t idx = relic_be16(all);
            if (idx == r->file_index && !all->failed) {
                r->name = mhk_read_name(all, strings + soff);
                if (!r->name && !all->failed)
                    return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
                break;
            }
        }
        a->count++;
        if (relic_cur_check(all, err))
            return err ? err->code : RELIC_EDATA;
    }
    return RELIC_OK;
}

static int mhk_open_mode(const uint8_t *data, size_t len, int lenient, mhk_archive *a, relic_err *err)
{
    memset(a, 0, sizeof *a);
    a->data = data;
    a->len = len;
    relic_cur all = relic_cur_make(data, len, 0);
    uint32_t magic = relic_be32(&all);
    relic_be32(&all);
    uint32_t rsrc = relic_be32(&all);
    uint16_t version = relic_be16(&all);
    a->compaction = relic_be16(&all);
    a->declared_size = relic_be32(&all);
    uint32_t dir = relic_be32(&all);
    uint16_t ft_off = relic_be16(&all);
    relic_be16(&all);
    if (relic_cur_check(&all, err))
        return err ? err->code : RELIC_EDATA;
    if (magic != MHK_TAG('M', 'H', 'W', 'K'))
        return relic_err_set(err, RELIC_EDATA, 0, "not a Mohawk archive (no MHWK tag)");
    if (rsrc != MHK_TAG('R', 'S', 'R', 'C'))
        return relic_err_set(err, RELIC_EDATA, 8, "no RSRC tag");
    if (version != 0x0100)
        return relic_err_set(err, RELIC_EDATA, 12, "unsupported RSRC version 0x%04x", version);
    if (a->declared_size == 0xffffffffu)
        return relic_err_set(err, RELIC_EDATA, 16, "declared archive size 0xffffffff");
    if (dir >= len)
        return relic_err_set(err, RELIC_EDATA, 20, "resource directory offset 0x%x past the end", dir);
    size_t ft = (size_t)dir + ft_off;
    relic_seek(&all, ft);
    a->file_count = relic_be32(&all);
    if (relic_cur_check(&all, err))
        return err ? err->code : RELIC_EDATA;
    if (a->file_count > (len - all.pos) / 10)
        return relic_err_set(err, RELIC_EDATA, ft, "file table count %u is larger than the file holds", a->file_count);
    relic_seek(&all, dir);
    uint16_t str_off = relic_be16(&all);
    uint16_t ntypes = relic_be16(&all);
    if (relic_cur_check(&all, err))
        return err ? err->code : RELIC_EDATA;
    if (ntypes > (len - all.pos) / 8)
        return relic_err_set(err, RELIC_EDATA, dir + 2, "type count %u is larger than the file holds", ntypes);
    for (uint16_t i = 0; i < ntypes; i++) {
        relic_seek(&all, (size_t)dir + 4 + (size_t)i * 8);
        uint32_t tag = relic_be32(&all);
        uint16_t rt = relic_be16(&all);
        uint16_t nt = relic_be16(&all);
        int rc = mhk_read_type(a, &all, dir, (size_t)dir + str_off, ft, tag, rt, nt, lenient, err);
        if (rc) {
            mhk_close(a);
            return rc;
        }
    }
    return RELIC_OK;
}

int mhk_open(const uint8_t *data, size_t len, mhk_archive *a, relic_err *err)
{
    return mhk_open_mode(data, len, 0, a, err);
}

int mhk_open_lenient(const uint8_t *data, size_t len, mhk_archive *a, relic_err *err)
{
    return mhk_open_mode(data, len, 1, a, err);
}

/* ---- writer --------------------------------------------------------------- */

/* The original archiver sorts '_' after every other character
 * (construct_mohawk.cpp, stringGreaterThan); shorter prefixes first. */
static int mhk_name_cmp(const char *x, const char *y)
{
    for (; *x && *y; x++, y++) {
        if (*x == *y)
            continue;
        if (*x == '_')
            return 1;
        if (*y == '_')
            return -1;
        return (uint8_t)*x < (uint8_t)*y ? -1 : 1;
    }
    return *x ? 1 : (*y ? -1 : 0);
}

typedef struct mhk_slot {
    const mhk_entry *e;
    uint16_t index; /* 1-based file index */
} mhk_slot;

static int mhk_slot_by_type_id(const void *pa, const void *pb)
{
    const mhk_slot *x = pa, *y = pb;
    if (x->e->tag != y->e->tag)
        return x->e->tag < y->e->tag ? -1 : 1;
    return (x->e->id > y->e->id) - (x->e->id < y->e->id);
}

static int mhk_slot_by_type_name(const void *pa, const void *pb)
{
    const mhk_slot *x = pa, *y = pb;
    if (x->e->tag != y->e->tag)
        return x->e->tag < y->e->tag ? -1 : 1;
    int c = mhk_name_cmp(x->e->name, y->e->name);
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

static void mhk_put_be16(relic_buf *b, size_t at, uint16_t v)
{
    if (!b->oom && at + 2 <= b->len)
        relic_wr_be16(b->data + at, v);
}

static void mhk_put_be32(relic_buf *b, size_t at, uint32_t v)
{
    mhk_put_be16(b, at, (uint16_t)(v >> 16));
    mhk_put_be16(b, at + 2, (uint16_t)v);
}

static int mhk_named(const mhk_entry *e) { return e->name && e->name[0]; }

int mhk_write(const mhk_entry *e, size_t n, relic_buf *out, relic_err *err)
{
    if (n > 0xffff)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "too many resources (%zu, at most 65535)", n);
    mhk_slot *byid = relic_calloc_array(n, sizeof *byid), *byname = relic_calloc_array(n, sizeof *byname);
    if (!byid || !byname) {
        free(byid);
        free(byname);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    size_t nnamed = 0, ntypes = 0;
    for (size_t i = 0; i < n; i++) {
        byid[i] = (mhk_slot){&e[i], (uint16_t)(i + 1)};
        if (mhk_named(&e[i]))
            byname[nnamed++] = byid[i];
    }
    qsort(byid, n, sizeof *byid, mhk_slot_by_type_id);
    qsort(byname, nnamed, sizeof *byname, mhk_slot_by_type_name);
    int rc = RELIC_OK;
    for (size_t i = 0; i < n && !rc; i++) {
        if (i == 0 || byid[i].e->tag != byid[i - 1].e->tag)
            ntypes++;
        else if (byid[i].e->id == byid[i - 1].e->id) {
            char t[5];
            mhk_tag_str(byid[i].e->tag, t);
            rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "duplicate resource %s %u", t, byid[i].e->id);
        }
        if (byid[i].e->len > MHK_MAX_SIZE)
            rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "resource of %zu bytes exceeds the 27-bit size",
                               byid[i].e->len);
    }
    size_t start = out->len;
    if (!rc) {
        relic_buf_append(out, "MHWK", 4);
        relic_buf_be32(out, 0);
        relic_buf_append(out, "RSRC", 4);
        relic_buf_be16(out, 0x0100);
        relic_buf_be16(out, 1);
        relic_buf_zeros(out, 12);
        for (size_t i = 0; i < n; i++)
            relic_buf_append(out, e[i].data, e[i].len);
        size_t dir = out->len - start;
        relic_buf_be16(out, 0); /* string table offset, patched */
        relic_buf_be16(out, (uint16_t)ntypes);
        size_t type_at = out->len;
        relic_buf_zeros(out, ntypes * 8);
        size_t ti = 0, ni = 0;
        for (size_t i = 0; i < n; ti++) {
            uint32_t tag = byid[i].e->tag;
            size_t rt = out->len - start - dir;
            size_t cnt_at = out->len;
            relic_buf_be16(out, 0);
            uint16_t cnt = 0;
            for (; i < n && byid[i].e->tag == tag; i++, cnt++) {
                relic_buf_be16(out, byid[i].e->id);
                relic_buf_be16(out, byid[i].index);
            }
            mhk_put_be16(out, cnt_at, cnt);
            size_t nt = out->len - start - dir;
            cnt_at = out->len;
            relic_buf_be16(out, 0);
            cnt = 0;
            for (; ni < nnamed && byname[ni].e->tag == tag; ni++, cnt++)
                relic_buf_zeros(out, 4); /* offsets known once the pool is laid out */
            mhk_put_be16(out, cnt_at, cnt);
            if (rt > 0xffff || nt > 0xffff)
                rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "resource directory exceeds 64 KiB");
            mhk_put_be32(out, type_at + ti * 8, tag);
            mhk_put_be16(out, type_at + ti * 8 + 4, (uint16_t)rt);
            mhk_put_be16(out, type_at + ti * 8 + 6, (uint16_t)nt);
        }
        size_t pool = out->len - start - dir;
        mhk_put_be16(out, start + dir, (uint16_t)pool);
        /* Name-table rows, in the order just reserved (type order, then collation). */
        size_t row = start + dir + 4 + ntypes * 8;
        ni = 0;
        for (size_t i = 0; i < n;) {
            uint32_t tag = byid[i].e->tag;
            row += 2; /* resource count */
            for (; i < n && byid[i].e->tag == tag; i++)
                row += 4;
            row += 2; /* name count */
            for (; ni < nnamed && byname[ni].e->tag == tag; ni++) {
                size_t soff = out->len - start - dir - pool;
                if (soff > 0xffff)
                    rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "name table exceeds 64 KiB");
                mhk_put_be16(out, row, (uint16_t)soff);
                mhk_put_be16(out, row + 2, byname[ni].index);
                relic_buf_append(out, byname[ni].e->name, strlen(byname[ni].e->name) + 1);
                row += 4;
            }
        }
        size_t ft = out->len - start - dir;
        if (ft > 0xffff)
            rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "resource directory exceeds 64 KiB");
        relic_buf_be32(out, (uint32_t)n);
        uint32_t off = MHK_HEADER_SIZE;
        for (size_t i = 0; i < n; i++) {
            uint32_t sz = (uint32_t)e[i].len;
            relic_buf_be32(out, off);
            relic_buf_be16(out, (uint16_t)sz);
            relic_buf_u8(out, (uint8_t)(sz >> 16));
            relic_buf_u8(out, (uint8_t)(((sz >> 24) & 7) | (e[i].flags & 0xf8)));
            relic_buf_be16(out, 0);
            off += sz;
        }
        size_t total = out->len - start;
        if (total > 0xffffffffu)
            rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "archive exceeds 4 GiB");
        mhk_put_be32(out, start + 4, (uint32_t)(total - 8));
        mhk_put_be32(out, start + 16, (uint32_t)total);
        mhk_put_be32(out, start + 20, (uint32_t)dir);
        mhk_put_be16(out, start + 24, (uint16_t)ft);
        mhk_put_be16(out, start + 26, (uint16_t)(4 + 10 * n));
        if (!rc)
            rc = relic_buf_check(out, err);
        if (rc)
            out->len = start;
    }
    free(byid);
    free(byname);
    return rc;
}
