/* Mohawk layouts as text: the '@' lines riven-script --extract appends to
 * its manifest and --build reads back (the fields of mohawk.h's
 * mhk_layout, in the archive's own order).  Numbers are decimal or 0x
 * hex; long tables are split over several lines of the same keyword. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/mohawk.h"

#define MHK_TEXT_PAIRS 16 /* pairs per @rows / @names line */
#define MHK_TEXT_BYTES 48 /* bytes per @strings / @gap line */

static void mhk_text_tag(relic_buf *out, uint32_t tag)
{
    char s[5];
    mhk_tag_str(tag, s);
    int plain = 1;
    for (int i = 0; i < 4; i++)
        plain &= s[i] > ' ' && s[i] < 0x7f && s[i] != '?';
    if (plain)
        relic_buf_printf(out, "%s", s);
    else
        relic_buf_printf(out, "0x%08x", tag);
}

static void mhk_text_pairs(relic_buf *out, const char *key, const uint16_t *p, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        if (k % MHK_TEXT_PAIRS == 0)
            relic_buf_printf(out, "%s@%s", k ? "\n" : "", key);
        relic_buf_printf(out, " %u:%u", p[2 * k], p[2 * k + 1]);
    }
    if (n)
        relic_buf_printf(out, "\n");
}

static void mhk_text_hex(relic_buf *out, const char *key, int with_offset, uint32_t offset, const uint8_t *b, size_t n)
{
    for (size_t k = 0; k < n; k += MHK_TEXT_BYTES) {
        relic_buf_printf(out, "@%s", key);
        if (with_offset)
            relic_buf_printf(out, " 0x%x", (unsigned)(offset + k));
        relic_buf_printf(out, " ");
        for (size_t j = k; j < n && j < k + MHK_TEXT_BYTES; j++)
            relic_buf_printf(out, "%02x", b[j]);
        relic_buf_printf(out, "\n");
    }
}

int mhk_layout_text(const mhk_layout *l, relic_buf *out, relic_err *err)
{
    relic_buf_printf(out, "@archive %u %u %u %u 0x%x 0x%x 0x%x %u\n", l->length, l->mhwk_size, l->compaction,
                     l->total_size, l->dir, l->str_off, l->ft_off, l->ft_size);
    for (size_t i = 0; i < l->ntypes; i++) {
        const mhk_layout_type *t = &l->types[i];
        relic_buf_printf(out, "@type ");
        mhk_text_tag(out, t->tag);
        relic_buf_printf(out, " 0x%x 0x%x\n", t->rt, t->nt);
        mhk_text_pairs(out, "rows", t->rows, t->nrows);
        mhk_text_pairs(out, "names", t->names, t->nnames);
    }
    mhk_text_hex(out, "strings", 0, 0, l->strings, l->strings_len);
    for (size_t i = 0; i < l->nfiles; i++)
        relic_buf_printf(out, "@file 0x%x %u 0x%02x %u\n", l->files[i].offset, l->files[i].size, l->files[i].flags,
                         l->files[i].extra);
    for (size_t i = 0; i < l->ngaps; i++)
        mhk_text_hex(out, "gap", 1, l->gaps[i].offset, l->gaps[i].bytes, l->gaps[i].len);
    return relic_buf_check(out, err);
}

/* ---- parsing ------------------------------------------------------------------ */

typedef struct mhk_text_cur {
    const char *line, *p;
    int bad;
} mhk_text_cur;

static const char *mhk_text_word(mhk_text_cur *c, size_t *n)
{
    while (*c->p == ' ' || *c->p == '\t')
        c->p++;
    const char *w = c->p;
    while (*c->p && *c->p != ' ' && *c->p != '\t' && *c->p != '\r')
        c->p++;
    *n = (size_t)(c->p - w);
    return w;
}

static int mhk_text_more(mhk_text_cur *c)
{
    while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r')
        c->p++;
    return *c->p != 0;
}

/* A decimal or 0x hex number up to max, ending at a space or `stop`. */
static unsigned long mhk_text_num(mhk_text_cur *c, unsigned long max, char stop)
{
    while (*c->p == ' ' || *c->p == '\t')
        c->p++;
    char *end;
    if (!isdigit((unsigned char)*c->p)) {
        c->bad = 1;
        return 0;
    }
    int hex = c->p[0] == '0' && (c->p[1] == 'x' || c->p[1] == 'X');
    unsigned long v = strtoul(c->p, &end, hex ? 16 : 10); /* never octal */
    if (v > max || (*end && *end != ' ' && *end != '\t' && *end != '\r' && *end != stop))
        c->bad = 1;
    c->p = end;
    return v;
}

static uint32_t mhk_text_parse_tag(mhk_text_cur *c)
{
    size_t n;
    const char *w = mhk_text_word(c, &n);
    if (n == 4)
        return MHK_TAG(w[0], w[1], w[2], w[3]);
    c->p = w;
    if (n == 10 && w[0] == '0' && w[1] == 'x')
        return (uint32_t)mhk_text_num(c, 0xffffffffu, 0);
    c->bad = 1;
    return 0;
}

static int mhk_text_pairs_parse(mhk_text_cur *c, uint16_t **p, size_t *n)
{
    size_t cap = *n;
    while (!c->bad && mhk_text_more(c)) {
        if (relic_grow((void **)p, &cap, *n + 1, 2 * sizeof **p, 16))
            return RELIC_ENOMEM;
        (*p)[2 * *n] = (uint16_t)mhk_text_num(c, 0xffff, ':');
        if (*c->p != ':')
            c->bad = 1;
        else
            c->p++;
        (*p)[2 * *n + 1] = (uint16_t)mhk_text_num(c, 0xffff, 0);
        (*n)++;
    }
    return RELIC_OK;
}

static int mhk_text_hexval(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    ch = (char)tolower((unsigned char)ch);
    return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

static int mhk_text_hex_parse(mhk_text_cur *c, uint8_t **b, size_t *len)
{
    size_t n;
    const char *w = mhk_text_word(c, &n);
    if (n % 2 || mhk_text_more(c)) {
        c->bad = 1;
        return RELIC_OK;
    }
    uint8_t *g = realloc(*b, *len + n / 2 + 1);
    if (!g)
        return RELIC_ENOMEM;
    *b = g;
    for (size_t k = 0; k < n; k += 2) {
        int hi = mhk_text_hexval(w[k]), lo = mhk_text_hexval(w[k + 1]);
        if (hi < 0 || lo < 0)
            c->bad = 1;
        g[(*len)++] = (uint8_t)((hi & 15) << 4 | (lo & 15));
    }
    return RELIC_OK;
}

/* @gap OFFSET HEX: continues the last gap when OFFSET is where it ends. */
static int mhk_text_gap(mhk_text_cur *c, mhk_layout *l)
{
    uint32_t at = (uint32_t)mhk_text_num(c, 0xffffffffu, 0);
    mhk_layout_gap *g = l->ngaps ? &l->gaps[l->ngaps - 1] : NULL;
    if (c->bad)
        return RELIC_OK;
    if (!g || g->offset + g->len != at) {
        size_t cap = l->ngaps;
        if (relic_grow((void **)&l->gaps, &cap, l->ngaps + 1, sizeof *l->gaps, 8))
            return RELIC_ENOMEM;
        g = &l->gaps[l->ngaps++];
        memset(g, 0, sizeof *g);
        g->offset = at;
    }
    return mhk_text_hex_parse(c, &g->bytes, &g->len);
}

static int mhk_text_file(mhk_text_cur *c, mhk_layout *l)
{
    size_t cap = l->nfiles;
    if (relic_grow((void **)&l->files, &cap, l->nfiles + 1, sizeof *l->files, 16))
        return RELIC_ENOMEM;
    mhk_layout_file *f = &l->files[l->nfiles++];
    f->offset = (uint32_t)mhk_text_num(c, 0xffffffffu, 0);
    f->size = (uint32_t)mhk_text_num(c, (1u << 27) - 1, 0);
    f->flags = (uint8_t)mhk_text_num(c, 0xff, 0);
    f->extra = (uint16_t)mhk_text_num(c, 0xffff, 0);
    if (f->flags & 7)
        c->bad = 1;
    return RELIC_OK;
}

static int mhk_text_type(mhk_text_cur *c, mhk_layout *l)
{
    size_t cap = l->ntypes;
    if (relic_grow((void **)&l->types, &cap, l->ntypes + 1, sizeof *l->types, 8))
        return RELIC_ENOMEM;
    mhk_layout_type *t = &l->types[l->ntypes++];
    memset(t, 0, sizeof *t);
    t->tag = mhk_text_parse_tag(c);
    t->rt = (uint16_t)mhk_text_num(c, 0xffff, 0);
    t->nt = (uint16_t)mhk_text_num(c, 0xffff, 0);
    return RELIC_OK;
}

static void mhk_text_archive(mhk_text_cur *c, mhk_layout *l)
{
    l->length = (uint32_t)mhk_text_num(c, 0xffffffffu, 0);
    l->mhwk_size = (uint32_t)mhk_text_num(c, 0xffffffffu, 0);
    l->compaction = (uint16_t)mhk_text_num(c, 0xffff, 0);
    l->total_size = (uint32_t)mhk_text_num(c, 0xffffffffu, 0);
    l->dir = (uint32_t)mhk_text_num(c, 0xffffffffu, 0);
    l->str_off = (uint16_t)mhk_text_num(c, 0xffff, 0);
    l->ft_off = (uint16_t)mhk_text_num(c, 0xffff, 0);
    l->ft_size = (uint16_t)mhk_text_num(c, 0xffff, 0);
    if (l->length < 28)
        c->bad = 1;
}

int mhk_layout_parse_line(mhk_layout *l, const char *line, relic_err *err)
{
    mhk_text_cur c = {line, line, 0};
    size_t n;
    while (*c.p == ' ' || *c.p == '\t')
        c.p++;
    if (*c.p++ != '@')
        return relic_err_set(err, RELIC_EDATA, 0, "a layout line starts with @");
    const char *w = mhk_text_word(&c, &n);
    int rc = RELIC_OK;
#define MHK_KEY(k) (n == strlen(k) && !strncmp(w, k, n))
    mhk_layout_type *t = l->ntypes ? &l->types[l->ntypes - 1] : NULL;
    if (MHK_KEY("archive"))
        mhk_text_archive(&c, l);
    else if (MHK_KEY("type"))
        rc = mhk_text_type(&c, l);
    else if (MHK_KEY("rows") && t)
        rc = mhk_text_pairs_parse(&c, &t->rows, &t->nrows);
    else if (MHK_KEY("names") && t)
        rc = mhk_text_pairs_parse(&c, &t->names, &t->nnames);
    else if (MHK_KEY("strings"))
        rc = mhk_text_hex_parse(&c, &l->strings, &l->strings_len);
    else if (MHK_KEY("file"))
        rc = mhk_text_file(&c, l);
    else if (MHK_KEY("gap"))
        rc = mhk_text_gap(&c, l);
    else
        return relic_err_set(err, RELIC_EDATA, 0, "unknown layout line '@%.*s'", (int)n, w);
#undef MHK_KEY
    if (rc)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    if (c.bad || mhk_text_more(&c))
        return relic_err_set(err, RELIC_EDATA, (size_t)(c.p - line), "malformed layout line '@%.*s'", (int)n, w);
    return RELIC_OK;
}
