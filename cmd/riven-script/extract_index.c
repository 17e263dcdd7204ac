/* riven-script --extract, per archive after its resources: archive.txt,
 * the manifest riven-script --build reads back (CARD and HSPT as their
 * text sources, tBMP as the PNGs that keep their bytes, everything else
 * raw, in file-table order so an archive
 * laid out like mhk_write's rebuilds byte for byte), and index.html, a
 * static page (HTML and CSS, relative links, no scripts) with every card,
 * its script, its hotspots' scripts and the bitmaps it draws (PLST
 * records and drawBitmap commands), then every bitmap.  OUT/index.html
 * links the archives' pages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "relic/core.h"
#include "relic/io.h"
#include "relic/riven_media.h"
#include "rscript.h"

static int rs_by_file_index(const void *x, const void *y)
{
    const mhk_resource *a = *(const mhk_resource *const *)x, *b = *(const mhk_resource *const *)y;
    return (a->file_index > b->file_index) - (a->file_index < b->file_index);
}

int rs_plain_name(const char *s)
{
    if (!s || !s[0] || strlen(s) > 63)
        return 0;
    for (const char *p = s; *p; p++)
        if ((unsigned char)*p <= ' ' || *p == '#')
            return 0;
    return 1;
}

/* The manifest's kind and file extension for resource r: CARD and HSPT as
 * their text sources, a tBMP as the PNG that keeps its bytes, the rest raw. */
static void rs_manifest_kind(const rs_opts *o, const rs_archive *a, const mhk_resource *r, const rs_out *out,
                             const char **kind, const char **ext)
{
    int is_card = r->tag == mhk_tag("CARD"), is_hspt = r->tag == mhk_tag("HSPT");
    *kind = o->raw_only || !(is_card || is_hspt) ? "raw" : is_card ? "card" : "hotspots";
    *ext = strcmp(*kind, "raw") ? "txt" : "bin";
    if (out[r - a->a.res].form == RS_FORM_PNG) {
        *kind = "png";
        *ext = "png";
    }
}

/* The archive's own layout after the resource lines, so that --build
 * writes an unchanged extraction back byte for byte; only when every
 * resource is in the manifest (no --only, nothing broken or unnamed). */
static void rs_manifest_layout(const rs_opts *o, const rs_archive *a, size_t listed, relic_buf *m)
{
    if (o->nsel || listed != a->a.count)
        return;
    for (size_t k = 0; k < a->a.count; k++) {
        char tag[5];
        mhk_tag_str(a->a.res[k].tag, tag);
        if (strchr(tag, ' ') || strchr(tag, '?'))
            return;
    }
    mhk_layout l;
    relic_err e;
    relic_err_clear(&e);
    if (mhk_layout_capture(&a->a, &l, &e)) {
        relic_buf_printf(m, "# no layout recorded: %s\n", e.msg);
        return;
    }
    relic_buf_printf(m, "# The archive's layout: --build keeps it while the resources keep their\n"
                        "# names (one that changes size moves to the end); delete these lines to\n"
                        "# let it lay the archive out anew.\n");
    mhk_layout_text(&l, m, NULL);
    mhk_layout_free(&l);
}

int rs_write_manifest(const rs_ctx *c, const rs_opts *o, const rs_archive *a, const rs_out *out, relic_err *err)
{
    (void)c;
    const mhk_resource **v = relic_alloc_array(a->a.count, sizeof *v);
    if (!v)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    size_t n = 0;
    for (size_t k = 0; k < a->a.count; k++)
        if (!a->a.res[k].broken && rs_selected(o, &a->a.res[k]))
            v[n++] = &a->a.res[k];
    qsort(v, n, sizeof *v, rs_by_file_index);
    relic_buf m = RELIC_BUF_INIT;
    relic_buf_printf(&m,
                     "# %s, extracted by riven-script --extract: rebuild with\n"
                     "#   riven-script --build archive.txt -o OUT.MHK\n"
                     "# TYPE ID NAME|- KIND FILE\n",
                     a->path);
    for (size_t i = 0; i < n; i++) {
        const mhk_resource *r = v[i];
        char tag[5], base[200];
        mhk_tag_str(r->tag, tag);
        rs_resource_base(r, base, sizeof base);
        if (strchr(tag, ' ') || strchr(tag, '?')) {
            relic_buf_printf(&m, "# %s %u cannot be named in a manifest (its type has a space or control byte)\n", tag,
                             r->id);
            continue;
        }
        const char *kind, *ext;
        rs_manifest_kind(o, a, r, out, &kind, &ext);
        relic_buf_printf(&m, "%s %u %s %s %s.%s\n", tag, r->id, rs_plain_name(r->name) ? r->name : "-", kind, base,
                         ext);
    }
    free(v);
    rs_manifest_layout(o, a, n, &m);
    char arch[128], rel[160];
    rs_archive_dir(a, arch);
    snprintf(rel, sizeof rel, "%s/archive.txt", arch);
    int rc = relic_buf_check(&m, err);
    if (!rc)
        rc = rs_write(&o->dest, rel, m.data, m.len, err);
    relic_buf_free(&m);
    return rc;
}

/* Plain runs are copied as they are, one append each; the page of a big
 * archive is mostly script text. */
static void rs_html_text(relic_buf *b, const char *s, size_t n)
{
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        const char *esc = ch == '<'                                 ? "&lt;"
                          : ch == '>'                               ? "&gt;"
                          : ch == '&'                               ? "&amp;"
                          : ch == '"'                               ? "&quot;"
                          : ch >= 0x80 || (ch < 0x20 && ch != '\n') ? "&#65533;" /* U+FFFD */
                                                                    : NULL;
        if (!esc)
            continue;
        relic_buf_append(b, s + run, i - run);
        relic_buf_append(b, esc, strlen(esc));
        run = i + 1;
    }
    relic_buf_append(b, s + run, n - run);
}

static void rs_html_str(relic_buf *b, const char *s) { rs_html_text(b, s, strlen(s)); }

static const char rs_css[] =
    "body{font-family:sans-serif;margin:1.5em;background:#f6f4ef;color:#222}"
    "h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #bbb}"
    "pre{background:#fff;border:1px solid #ccc;padding:.6em;overflow:auto;font-size:.85em}"
    "figure{display:inline-block;margin:.4em;text-align:center;font-size:.8em}"
    "img{image-rendering:pixelated;border:1px solid #999;background:#000;min-width:96px;max-width:608px}"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;font-size:.9em}";

/* The page-relative link of tBMP `id` (this archive first), or NULL. */
static int rs_bitmap_link(const rs_ctx *c, const rs_archive *here, uint16_t id, char *out, size_t cap)
{
    const rs_archive *found = NULL;
    const mhk_resource *r = mhk_find(&here->a, mhk_tag("tBMP"), id);
    if (r && !r->broken)
        found = here;
    for (size_t i = 0; !found && i < c->n; i++)
        if ((r = mhk_find(&c->ar[i].a, mhk_tag("tBMP"), id)) && !r->broken)
            found = &c->ar[i];
    if (!found)
        return -1;
    char base[200], arch[128];
    rs_resource_base(r, base, sizeof base);
    rs_archive_dir(found, arch);
    if (found == here)
        snprintf(out, cap, "%s.png", base);
    else
        snprintf(out, cap, "../%s/%s.png", arch, base);
    return 0;
}

static void rs_html_figure(relic_buf *b, const char *link, uint16_t id, const char *why)
{
    relic_buf_printf(b,
                     "<figure><a href=\"%s\"><img src=\"%s\" alt=\"tBMP %u\"></a><figcaption>tBMP %u, %s"
                     "</figcaption></figure>\n",
                     link, link, id, id, why);
}

static void rs_html_bitmap(relic_buf *b, const rs_ctx *c, const rs_archive *a, uint16_t id, const char *why)
{
    char link[400];
    if (rs_bitmap_link(c, a, id, link, sizeof link))
        relic_buf_printf(b, "<figure>tBMP %u (not in the archives)<figcaption>%s</figcaption></figure>\n", id, why);
    else
        rs_html_figure(b, link, id, why);
}

/* The bitmaps card `r` draws: its PLST records and drawBitmap commands. */
/* A part of the page lost to a failed allocation fails the whole page, as
 * the page buffer's own failure does (sticky, checked once before writing);
 * a decoding error only leaves the part out, as the page says. */
static int rs_html_lost(relic_buf *b, int rc, const relic_err *e)
{
    if (rc && e->code == RELIC_ENOMEM)
        b->oom = 1;
    return rc;
}

static void rs_html_card_bitmaps(relic_buf *b, const rs_ctx *c, const rs_archive *a, const mhk_resource *r)
{
    relic_err e;
    relic_err_clear(&e);
    const mhk_resource *pl = mhk_find(&a->a, mhk_tag("PLST"), r->id);
    riven_list plst = {0};
    if (pl && !pl->broken &&
        rs_html_lost(b, riven_list_decode(RIVEN_PLST, mhk_data(&a->a, pl), pl->size, &plst, &e), &e) == 0) {
        for (unsigned i = 0; i < plst.count; i++) {
            char why[64];
            snprintf(why, sizeof why, "PLST record %u", plst.values[i * 6]);
            rs_html_bitmap(b, c, a, plst.values[i * 6 + 1], why);
        }
        riven_list_free(&plst);
    }
    riven_card card;
    if (rs_html_lost(b, riven_card_decode(mhk_data(&a->a, r), r->size, &card, &e), &e) == 0) {
        for (size_t i = 0; i < card.script.ncmds; i++)
            if (card.script.cmds[i].op == 1 && card.script.cmds[i].argc >= 1)
                rs_html_bitmap(b, c, a, card.script.args[card.script.cmds[i].args], "drawBitmap");
        riven_card_free(&card);
    }
}

/* The script text the pool wrote (kept), or decompiled here when it was
 * not (a failed conversion shows its error on the page). */
static void rs_html_script(relic_buf *b, const rs_ctx *c, const rs_archive *a, const mhk_resource *r, const rs_out *out)
{
    json_t *doc = NULL;
    relic_buf t = RELIC_BUF_INIT;
    const relic_buf *kept = &out[r - a->a.res].text;
    relic_err e;
    relic_err_clear(&e);
    int rc = RELIC_OK;
    if (!kept->len) {
        rc = rs_decompile_one(c, a, r, &doc, &e);
        if (rc == RELIC_OK)
            rc = rs_decompile_text(doc, &t, &e);
        kept = &t;
    }
    if (rs_html_lost(b, rc, &e) == 0) {
        relic_buf_printf(b, "<pre>");
        rs_html_text(b, (const char *)kept->data, kept->len);
        relic_buf_printf(b, "</pre>\n");
    } else {
        relic_buf_printf(b, "<p>cannot decompile: ");
        rs_html_str(b, e.msg);
        relic_buf_printf(b, "</p>\n");
    }
    json_decref(doc);
    relic_buf_free(&t);
}

int rs_write_index(const rs_ctx *c, const rs_opts *o, const rs_archive *a, const rs_out *out, relic_err *err)
{
    relic_buf b = RELIC_BUF_INIT;
    relic_buf_printf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>");
    rs_html_str(&b, a->path);
    relic_buf_printf(&b,
                     "</title><style>%s</style></head><body>\n<p><a href=\"../index.html\">all archives</a></p>\n"
                     "<h1>",
                     rs_css);
    rs_html_str(&b, a->path);
    relic_buf_printf(&b, "</h1>\n<p>%zu resources (<a href=\"archive.txt\">manifest</a>)</p>\n", a->a.count);
    uint32_t tcard = mhk_tag("CARD"), thspt = mhk_tag("HSPT"), tbmp = mhk_tag("tBMP");
    for (size_t k = 0; k < a->a.count; k++) {
        const mhk_resource *r = &a->a.res[k];
        if (r->tag != tcard || r->broken || !rs_selected(o, r))
            continue;
        const char *name = NULL;
        riven_card card;
        relic_err e;
        relic_err_clear(&e);
        if (rs_html_lost(&b, riven_card_decode(mhk_data(&a->a, r), r->size, &card, &e), &e) == 0) {
            name = card.name >= 0 ? riven_names_get(c->ns.cards, (uint16_t)card.name) : NULL;
            riven_card_free(&card);
        }
        relic_buf_printf(&b, "<h2 id=\"card-%u\">Card %u", r->id, r->id);
        if (name) {
            relic_buf_printf(&b, ": ");
            rs_html_str(&b, name);
        }
        relic_buf_printf(&b, "</h2>\n");
        rs_html_card_bitmaps(&b, c, a, r);
        rs_html_script(&b, c, a, r, out);
        const mhk_resource *h = mhk_find(&a->a, thspt, r->id);
        if (h && !h->broken) {
            relic_buf_printf(&b, "<h3>Hotspots</h3>\n");
            rs_html_script(&b, c, a, h, out);
        }
    }
    relic_buf_printf(&b, "<h2 id=\"bitmaps\">Bitmaps</h2>\n");
    for (size_t k = 0; k < a->a.count; k++) {
        if (a->a.res[k].tag != tbmp || a->a.res[k].broken || !rs_selected(o, &a->a.res[k]))
            continue;
        if (out[k].form == RS_FORM_PNG) {
            /* the resource itself, not a search by id: one pass, not one per bitmap */
            char base[200], link[210];
            rs_resource_base(&a->a.res[k], base, sizeof base);
            snprintf(link, sizeof link, "%s.png", base);
            rs_html_figure(&b, link, a->a.res[k].id, a->a.res[k].name ? a->a.res[k].name : "");
        } else /* it did not decode: no PNG, its bytes are in the table below */
            relic_buf_printf(&b, "<figure>tBMP %u (does not decode)</figure>\n", a->a.res[k].id);
    }
    relic_buf_printf(&b, "<h2>Resources</h2>\n<table><tr><th>type</th><th>id</th><th>name</th><th>bytes</th>"
                         "<th>raw</th></tr>\n");
    for (size_t k = 0; k < a->a.count; k++) {
        const mhk_resource *r = &a->a.res[k];
        if (!rs_selected(o, r))
            continue;
        char tag[5], base[200];
        mhk_tag_str(r->tag, tag);
        rs_resource_base(r, base, sizeof base);
        relic_buf_printf(&b, "<tr><td>");
        rs_html_str(&b, tag);
        relic_buf_printf(&b, "</td><td>%u</td><td>", r->id);
        rs_html_str(&b, r->name ? r->name : "");
        const char *ext = out[k].form == RS_FORM_PNG ? "png" : "bin"; /* the file that holds the bytes */
        if (r->broken)
            relic_buf_printf(&b, "</td><td>%u</td><td>broken</td></tr>\n", r->declared_size);
        else
            relic_buf_printf(&b, "</td><td>%u</td><td><a href=\"%s.%s\">%s.%s</a></td></tr>\n", r->size, base, ext,
                             base, ext);
    }
    relic_buf_printf(&b, "</table>\n</body></html>\n");
    char arch[128], rel[160];
    rs_archive_dir(a, arch);
    snprintf(rel, sizeof rel, "%s/index.html", arch);
    int rc = relic_buf_check(&b, err);
    if (rc)
        relic_err_file(err, rel);
    else
        rc = rs_write(&o->dest, rel, b.data, b.len, err);
    relic_buf_free(&b);
    return rc;
}

int rs_write_top_index(const rs_ctx *c, const rs_opts *o, relic_err *err)
{
    relic_buf b = RELIC_BUF_INIT;
    relic_buf_printf(&b,
                     "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Riven archives"
                     "</title><style>%s</style></head><body>\n<h1>Riven archives</h1>\n<ul>\n",
                     rs_css);
    for (size_t i = 0; i < c->n; i++) {
        char arch[128];
        rs_archive_dir(&c->ar[i], arch);
        relic_buf_printf(&b, "<li><a href=\"%s/index.html\">", arch);
        rs_html_str(&b, c->ar[i].path);
        relic_buf_printf(&b, "</a> (%zu resources)</li>\n", c->ar[i].a.count);
    }
    relic_buf_printf(&b, "</ul>\n</body></html>\n");
    int rc = relic_buf_check(&b, err);
    if (!rc)
        rc = rs_write(&o->dest, "index.html", b.data, b.len, err);
    relic_buf_free(&b);
    return rc;
}
