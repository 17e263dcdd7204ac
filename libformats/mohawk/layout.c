/* Mohawk archive layouts: what an existing archive chose where mhk_write
 * chooses by itself, so that riven-script --build rebuilds an unchanged
 * --extract byte for byte (as agi-pack --keep-layout does for AGI).  The
 * fields are those of ScummVM engines/mohawk/resource.cpp
 * (MohawkArchive::openStream): the header's stored sizes, the directory
 * offset and the file table's offset and size relative to it; the type
 * table (tag, resource-table offset, name-table offset) in its stored
 * order, since the reader walks it as stored; resource tables of (id,
 * 1-based file index) and name tables of (string offset, file index) in
 * their stored row order; the string pool; the file table of (offset,
 * 24-bit size, flags byte carrying size bits 24..26, two more bytes) in its
 * order, which need not be the data's order.  Riven X (jfroy/rivenx
 * mhk/MHKArchive.m) reads the pool up to the file table and recomputes
 * sizes from the offsets, so neither the pool's end nor a size field is
 * assumed to follow from the data: both are kept as stored, and every
 * byte none of these tables covers is kept as a gap.  A resource written
 * back with another size moves past the end, as agi-pack --keep-layout
 * moves a changed payload to the end of its volume. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/mohawk.h"

#define MHK_LAYOUT_HEADER 28u

void mhk_layout_free(mhk_layout *l)
{
    if (!l)
        return;
    for (size_t i = 0; i < l->ntypes; i++) {
        free(l->types[i].rows);
        free(l->types[i].names);
    }
    for (size_t i = 0; i < l->ngaps; i++)
        free(l->gaps[i].bytes);
    free(l->types);
    free(l->strings);
    free(l->files);
    free(l->gaps);
    memset(l, 0, sizeof *l);
}

/* The bytes a resource of `tag` in file `index` (1-based) spans: the
 * stored size, or for tMOV up to the next file that starts later (the
 * reader's rule, archive.c mhk_tmov_size). */
static uint32_t mhk_layout_extent(const mhk_layout *l, uint32_t tag, uint16_t index)
{
    const mhk_layout_file *f = &l->files[index - 1];
    if (tag != MHK_TAG('t', 'M', 'O', 'V'))
        return f->size;
    for (size_t n = index; n < l->nfiles; n++)
        if (l->files[n].offset > f->offset)
            return l->files[n].offset - f->offset;
    return f->offset < l->length ? l->length - f->offset : 0;
}

static const mhk_layout_type *mhk_layout_find_type(const mhk_layout *l, uint32_t tag)
{
    for (size_t i = 0; i < l->ntypes; i++)
        if (l->types[i].tag == tag)
            return &l->types[i];
    return NULL;
}

/* The file index of (tag, id): the first row, as the reader finds it. */
static uint16_t mhk_layout_index(const mhk_layout_type *t, uint16_t id)
{
    for (size_t r = 0; t && r < t->nrows; r++)
        if (t->rows[2 * r] == id)
            return t->rows[2 * r + 1];
    return 0;
}

/* The pool string a name row points at, or NULL when it leaves the pool. */
static const char *mhk_layout_string(const mhk_layout *l, uint16_t soff)
{
    if (soff >= l->strings_len || !memchr(l->strings + soff, 0, l->strings_len - soff))
        return NULL;
    return (const char *)l->strings + soff;
}

static const char *mhk_layout_index_name(const mhk_layout *l, const mhk_layout_type *t, uint16_t index)
{
    for (size_t k = 0; t && k < t->nnames; k++)
        if (t->names[2 * k + 1] == index)
            return mhk_layout_string(l, t->names[2 * k]);
    return NULL;
}

const char *mhk_layout_name(const mhk_layout *l, uint32_t tag, uint16_t id)
{
    const mhk_layout_type *t = mhk_layout_find_type(l, tag);
    uint16_t index = mhk_layout_index(t, id);
    return index ? mhk_layout_index_name(l, t, index) : NULL;
}

/* ---- capture ---------------------------------------------------------------- */

typedef struct mhk_span {
    uint64_t from, to;
} mhk_span;

typedef struct mhk_spans {
    mhk_span *v;
    size_t n, cap;
    int oom;
} mhk_spans;

static void mhk_span_add(mhk_spans *s, uint64_t from, uint64_t len)
{
    if (!len || s->oom)
        return;
    if (relic_grow((void **)&s->v, &s->cap, s->n + 1, sizeof *s->v, 32)) {
        s->oom = 1;
        return;
    }
    s->v[s->n++] = (mhk_span){from, from + len};
}

static int mhk_span_cmp(const void *a, const void *b)
{
    const mhk_span *x = a, *y = b;
    return (x->from > y->from) - (x->from < y->from);
}

static uint16_t *mhk_layout_pairs(relic_cur *c, size_t at, size_t *n)
{
    relic_seek(c, at);
    *n = relic_be16(c);
    uint16_t *p = relic_calloc_array(*n ? *n * 2 : 1, sizeof *p);
    for (size_t k = 0; p && k < *n * 2; k++)
        p[k] = relic_be16(c);
    return p;
}

static int mhk_layout_read_types(const mhk_archive *a, relic_cur *c, mhk_layout *l, mhk_spans *sp, relic_err *err)
{
    relic_seek(c, l->dir + 2);
    l->ntypes = relic_be16(c);
    mhk_span_add(sp, l->dir, 4 + 8 * (uint64_t)l->ntypes);
    l->types = relic_calloc_array(l->ntypes ? l->ntypes : 1, sizeof *l->types);
    if (!l->types)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    size_t pool_end = 0;
    for (size_t i = 0; i < l->ntypes; i++) {
        mhk_layout_type *t = &l->types[i];
        relic_seek(c, l->dir + 4 + i * 8);
        t->tag = relic_be32(c);
        t->rt = relic_be16(c);
        t->nt = relic_be16(c);
        t->rows = mhk_layout_pairs(c, (size_t)l->dir + t->rt, &t->nrows);
        t->names = mhk_layout_pairs(c, (size_t)l->dir + t->nt, &t->nnames);
        if (!t->rows || !t->names)
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        mhk_span_add(sp, (uint64_t)l->dir + t->rt, 2 + 4 * (uint64_t)t->nrows);
        mhk_span_add(sp, (uint64_t)l->dir + t->nt, 2 + 4 * (uint64_t)t->nnames);
        for (size_t k = 0; k < t->nnames; k++) {
            size_t at = (size_t)l->dir + l->str_off + t->names[2 * k];
            const uint8_t *z = at < a->len ? memchr(a->data + at, 0, a->len - at) : NULL;
            if (z && (size_t)(z + 1 - a->data) > pool_end)
                pool_end = (size_t)(z + 1 - a->data);
        }
    }
    size_t pool = (size_t)l->dir + l->str_off;
    if (pool_end > pool) {
        l->strings_len = pool_end - pool;
        if (!(l->strings = malloc(l->strings_len)))
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        memcpy(l->strings, a->data + pool, l->strings_len);
        mhk_span_add(sp, pool, l->strings_len);
    }
    return relic_cur_check(c, err);
}

static int mhk_layout_read_files(const mhk_archive *a, relic_cur *c, mhk_layout *l, relic_err *err)
{
    relic_seek(c, (size_t)l->dir + l->ft_off);
    l->nfiles = relic_be32(c);
    if (relic_cur_check(c, err))
        return err ? err->code : RELIC_EDATA;
    if (l->nfiles > a->len / 10)
        return relic_err_set(err, RELIC_EDATA, (size_t)l->dir + l->ft_off, "file table count %zu too large", l->nfiles);
    l->files = relic_calloc_array(l->nfiles ? l->nfiles : 1, sizeof *l->files);
    if (!l->files)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (size_t i = 0; i < l->nfiles; i++) {
        mhk_layout_file *f = &l->files[i];
        f->offset = relic_be32(c);
        f->size = relic_be16(c);
        f->size |= (uint32_t)relic_u8(c) << 16;
        uint8_t fl = relic_u8(c);
        f->size |= (uint32_t)(fl & 7) << 24;
        f->flags = fl & 0xf8;
        f->extra = relic_be16(c);
    }
    return relic_cur_check(c, err);
}

/* The data spans of the files resources name; a file two types read with
 * different extents cannot be laid out from one resource's bytes. */
static int mhk_layout_data_spans(const mhk_layout *l, mhk_spans *sp, relic_err *err)
{
    uint32_t *ext = relic_calloc_array(l->nfiles ? l->nfiles : 1, sizeof *ext);
    uint8_t *seen = relic_calloc_array(l->nfiles ? l->nfiles : 1, 1);
    int rc = (!ext || !seen) ? relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory") : RELIC_OK;
    for (size_t i = 0; !rc && i < l->ntypes; i++)
        for (size_t r = 0; !rc && r < l->types[i].nrows; r++) {
            uint16_t index = l->types[i].rows[2 * r + 1];
            if (index == 0 || index > l->nfiles) {
                rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "file index %u outside the file table", index);
                break;
            }
            uint32_t x = mhk_layout_extent(l, l->types[i].tag, index);
            if (seen[index - 1] && ext[index - 1] != x)
                rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "file %u is read with two sizes", index);
            if (!seen[index - 1])
                mhk_span_add(sp, l->files[index - 1].offset, x);
            seen[index - 1] = 1;
            ext[index - 1] = x;
        }
    free(ext);
    free(seen);
    return rc;
}

/* Every byte of the file no span covers becomes a gap. */
static int mhk_layout_gaps(const mhk_archive *a, mhk_layout *l, mhk_spans *sp, relic_err *err)
{
    if (sp->oom)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    qsort(sp->v, sp->n, sizeof *sp->v, mhk_span_cmp);
    size_t cap = 0;
    uint64_t at = 0;
    for (size_t i = 0; i <= sp->n; i++) {
        uint64_t from = i < sp->n ? sp->v[i].from : a->len;
        if (from > a->len)
            from = a->len;
        if (from > at) {
            if (relic_grow((void **)&l->gaps, &cap, l->ngaps + 1, sizeof *l->gaps, 8))
                return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
            mhk_layout_gap *g = &l->gaps[l->ngaps++];
            g->offset = (uint32_t)at;
            g->len = (size_t)(from - at);
            if (!(g->bytes = malloc(g->len)))
                return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
            memcpy(g->bytes, a->data + at, g->len);
        }
        if (i < sp->n && sp->v[i].to > at)
            at = sp->v[i].to;
    }
    return RELIC_OK;
}

int mhk_layout_capture(const mhk_archive *a, mhk_layout *l, relic_err *err)
{
    memset(l, 0, sizeof *l);
    if (a->broken)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "%zu directory entries are broken", a->broken);
    if (a->len > 0xffffffffu)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "archive larger than 4 GiB");
    relic_cur c = relic_cur_make(a->data, a->len, 0);
    relic_seek(&c, 4);
    l->length = (uint32_t)a->len;
    l->mhwk_size = relic_be32(&c);
    relic_seek(&c, 14);
    l->compaction = relic_be16(&c);
    l->total_size = relic_be32(&c);
    l->dir = relic_be32(&c);
    l->ft_off = relic_be16(&c);
    l->ft_size = relic_be16(&c);
    relic_seek(&c, l->dir);
    l->str_off = relic_be16(&c);
    mhk_spans sp = {0};
    mhk_span_add(&sp, 0, MHK_LAYOUT_HEADER);
    int rc = relic_cur_check(&c, err);
    if (!rc)
        rc = mhk_layout_read_files(a, &c, l, err);
    if (!rc)
        mhk_span_add(&sp, (uint64_t)l->dir + l->ft_off, 4 + 10 * (uint64_t)l->nfiles);
    if (!rc)
        rc = mhk_layout_read_types(a, &c, l, &sp, err);
    if (!rc)
        rc = mhk_layout_data_spans(l, &sp, err);
    if (!rc)
        rc = mhk_layout_gaps(a, l, &sp, err);
    free(sp.v);
    if (rc)
        mhk_layout_free(l);
    return rc;
}

/* ---- fitting and writing ------------------------------------------------------ */

/* One entry against the layout: its row (first use) and name. */
static int mhk_layout_match_one(const mhk_layout *l, const mhk_entry *x, uint8_t *used, const size_t *base,
                                uint16_t *index, char *why, size_t cap)
{
    char tag[5];
    mhk_tag_str(x->tag, tag);
    const mhk_layout_type *t = mhk_layout_find_type(l, x->tag);
    size_t row = 0;
    while (t && row < t->nrows && t->rows[2 * row] != x->id)
        row++;
    *index = t && row < t->nrows ? t->rows[2 * row + 1] : 0;
    if (!*index || *index > l->nfiles) {
        snprintf(why, cap, "%s %u is not in the layout", tag, x->id);
        return 0;
    }
    if (used[base[t - l->types] + row]++) {
        snprintf(why, cap, "%s %u is in the manifest twice", tag, x->id);
        return 0;
    }
    const char *want = mhk_layout_index_name(l, t, *index), *have = x->name && x->name[0] ? x->name : NULL;
    if (want && !want[0])
        want = NULL; /* an empty name is no name, to the writer as to a manifest */
    if ((want || have) && (!want || !have || strcmp(want, have))) {
        snprintf(why, cap, "%s %u is named '%s', the layout's '%s'", tag, x->id, have ? have : "", want ? want : "");
        return 0;
    }
    return 1;
}

/* e against the layout's rows and names; first[k] is 1 + the entry that
 * brings file index k (entries sharing a file bring the same bytes). */
static int mhk_layout_match(const mhk_layout *l, const mhk_entry *e, size_t n, size_t *first, char *why, size_t cap)
{
    size_t rows = 0;
    size_t *base = relic_calloc_array(l->ntypes + 1, sizeof *base);
    for (size_t i = 0; base && i < l->ntypes; i++) {
        base[i] = rows;
        rows += l->types[i].nrows;
    }
    uint8_t *used = relic_calloc_array(rows + 1, 1);
    int ok = base && used;
    if (!ok)
        snprintf(why, cap, "out of memory");
    if (ok && rows != n) {
        snprintf(why, cap, "the layout has %zu resources, the manifest %zu", rows, n);
        ok = 0;
    }
    for (size_t i = 0; ok && i < n; i++) {
        uint16_t index;
        ok = mhk_layout_match_one(l, &e[i], used, base, &index, why, cap);
        size_t k = ok ? first[index] : 0;
        if (ok && !k)
            first[index] = i + 1;
        else if (ok && (e[k - 1].len != e[i].len || (e[i].len && memcmp(e[k - 1].data, e[i].data, e[i].len)))) {
            char tag[5];
            mhk_tag_str(e[i].tag, tag);
            snprintf(why, cap, "%s %u shares file %u with another resource but not its bytes", tag, e[i].id, index);
            ok = 0;
        }
    }
    free(base);
    free(used);
    return ok;
}

/* Where e goes: a file whose resource kept its size stays where it was; one
 * that changed size moves past the end (in file-index order, as agi-pack
 * --keep-layout moves a changed payload to the end of its volume) with the
 * new size in its size field, and the header's stored sizes grow with the
 * file.  Every resource must then still read back its own size (a move must
 * not lengthen a tMOV that ran up to the moved file).  *p shares l's tables
 * and owns p->files. */
static int mhk_layout_place(const mhk_layout *l, const mhk_entry *e, const size_t *first, mhk_layout *p, char *why,
                            size_t cap)
{
    char tag[5];
    *p = *l;
    p->files = relic_calloc_array(l->nfiles + 1, sizeof *p->files);
    if (!p->files) {
        snprintf(why, cap, "out of memory");
        return 0;
    }
    memcpy(p->files, l->files, l->nfiles * sizeof *l->files);
    uint64_t end = l->length;
    for (size_t k = 1; k <= l->nfiles; k++) {
        const mhk_entry *x = first[k] ? &e[first[k] - 1] : NULL;
        mhk_tag_str(x ? x->tag : 0, tag);
        uint32_t extent = x ? mhk_layout_extent(l, x->tag, (uint16_t)k) : 0;
        if (!x ||
            (x->len == extent && l->files[k - 1].offset <= l->length && extent <= l->length - l->files[k - 1].offset))
            continue;
        if (x->len > (1u << 27) - 1) {
            snprintf(why, cap, "%s %u is larger than a 27-bit size", tag, x->id);
            return 0;
        }
        p->files[k - 1].offset = (uint32_t)end;
        p->files[k - 1].size = (uint32_t)x->len;
        end += x->len;
    }
    if (end > 0xffffffffu) {
        snprintf(why, cap, "the archive would exceed 4 GiB");
        return 0;
    }
    p->length = (uint32_t)end;
    p->mhwk_size = l->mhwk_size + (p->length - l->length);
    p->total_size = l->total_size + (p->length - l->length);
    for (size_t k = 1; k <= l->nfiles; k++) {
        const mhk_entry *x = first[k] ? &e[first[k] - 1] : NULL;
        if (x && mhk_layout_extent(p, x->tag, (uint16_t)k) != x->len) {
            mhk_tag_str(x->tag, tag);
            snprintf(why, cap, "%s %u would read %u bytes, not %zu, once changed files move", tag, x->id,
                     mhk_layout_extent(p, x->tag, (uint16_t)k), x->len);
            return 0;
        }
    }
    return 1;
}

/* The layout e[0..n) is written with, or 0 and why. */
static int mhk_layout_for(const mhk_layout *l, const mhk_entry *e, size_t n, mhk_layout *p, char *why, size_t cap)
{
    size_t *first = relic_calloc_array(l->nfiles + 1, sizeof *first);
    int ok = first && mhk_layout_match(l, e, n, first, why, cap);
    if (!first)
        snprintf(why, cap, "out of memory");
    p->files = NULL;
    if (ok)
        ok = mhk_layout_place(l, e, first, p, why, cap);
    if (!ok)
        free(p->files);
    free(first);
    return ok;
}

int mhk_layout_fits(const mhk_layout *l, const mhk_entry *e, size_t n, char *why, size_t cap)
{
    mhk_layout p;
    int ok = mhk_layout_for(l, e, n, &p, why, cap);
    if (ok)
        free(p.files);
    return ok;
}

static void mhk_layout_put(uint8_t *out, size_t len, size_t at, const void *p, size_t n)
{
    if (at <= len && n <= len - at && n)
        memcpy(out + at, p, n);
}

static void mhk_layout_put16(uint8_t *out, size_t len, size_t at, uint16_t v)
{
    uint8_t b[2] = {(uint8_t)(v >> 8), (uint8_t)v};
    mhk_layout_put(out, len, at, b, 2);
}

static void mhk_layout_put32(uint8_t *out, size_t len, size_t at, uint32_t v)
{
    mhk_layout_put16(out, len, at, (uint16_t)(v >> 16));
    mhk_layout_put16(out, len, at + 2, (uint16_t)v);
}

/* Header, type table, resource and name tables, pool and file table. */
static void mhk_layout_put_directory(const mhk_layout *l, uint8_t *o, size_t len)
{
    mhk_layout_put(o, len, 0, "MHWK", 4);
    mhk_layout_put32(o, len, 4, l->mhwk_size);
    mhk_layout_put(o, len, 8, "RSRC", 4);
    mhk_layout_put16(o, len, 12, 0x0100);
    mhk_layout_put16(o, len, 14, l->compaction);
    mhk_layout_put32(o, len, 16, l->total_size);
    mhk_layout_put32(o, len, 20, l->dir);
    mhk_layout_put16(o, len, 24, l->ft_off);
    mhk_layout_put16(o, len, 26, l->ft_size);
    size_t d = l->dir;
    mhk_layout_put16(o, len, d, l->str_off);
    mhk_layout_put16(o, len, d + 2, (uint16_t)l->ntypes);
    for (size_t i = 0; i < l->ntypes; i++) {
        const mhk_layout_type *t = &l->types[i];
        mhk_layout_put32(o, len, d + 4 + i * 8, t->tag);
        mhk_layout_put16(o, len, d + 8 + i * 8, t->rt);
        mhk_layout_put16(o, len, d + 10 + i * 8, t->nt);
        mhk_layout_put16(o, len, d + t->rt, (uint16_t)t->nrows);
        for (size_t k = 0; k < 2 * t->nrows; k++)
            mhk_layout_put16(o, len, d + t->rt + 2 + 2 * k, t->rows[k]);
        mhk_layout_put16(o, len, d + t->nt, (uint16_t)t->nnames);
        for (size_t k = 0; k < 2 * t->nnames; k++)
            mhk_layout_put16(o, len, d + t->nt + 2 + 2 * k, t->names[k]);
    }
    mhk_layout_put(o, len, d + l->str_off, l->strings, l->strings_len);
    size_t ft = d + l->ft_off;
    mhk_layout_put32(o, len, ft, (uint32_t)l->nfiles);
    for (size_t i = 0; i < l->nfiles; i++) {
        const mhk_layout_file *f = &l->files[i];
        size_t at = ft + 4 + 10 * i;
        mhk_layout_put32(o, len, at, f->offset);
        mhk_layout_put16(o, len, at + 4, (uint16_t)f->size);
        uint8_t hi[2] = {(uint8_t)(f->size >> 16), (uint8_t)(((f->size >> 24) & 7) | (f->flags & 0xf8))};
        mhk_layout_put(o, len, at + 6, hi, 2);
        mhk_layout_put16(o, len, at + 8, f->extra);
    }
}

int mhk_write_layout(const mhk_layout *l, const mhk_entry *e, size_t n, relic_buf *out, relic_err *err)
{
    char why[160];
    mhk_layout p;
    if (!mhk_layout_for(l, e, n, &p, why, sizeof why))
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "layout not kept: %s", why);
    size_t start = out->len;
    relic_buf_zeros(out, p.length);
    int rc = relic_buf_check(out, err);
    if (!rc) {
        uint8_t *o = out->data + start;
        for (size_t i = 0; i < p.ngaps; i++)
            mhk_layout_put(o, p.length, p.gaps[i].offset, p.gaps[i].bytes, p.gaps[i].len);
        /* data before the directory, so a changed resource never overwrites a table */
        for (size_t i = 0; i < n; i++) {
            uint16_t index = mhk_layout_index(mhk_layout_find_type(&p, e[i].tag), e[i].id);
            mhk_layout_put(o, p.length, p.files[index - 1].offset, e[i].data, e[i].len);
        }
        mhk_layout_put_directory(&p, o, p.length);
    }
    free(p.files);
    return rc;
}
