/* agi-unpack's browsable page: OUT/index.html, one static HTML document with
 * its style sheet inline and no script, linking only files of the same
 * unpacked tree by relative paths, so it works from file:// and can be
 * copied anywhere with the tree.
 *
 * Everything on it is what the run wrote: the summary (game.json), and the
 * view and message JSON, the logic sources, objects.json and words.json as
 * kept in memory once each was written (write.h, unpack_page), so the page
 * shows exactly the files a user gets without reading them back.
 *
 * Display sizes: an AGI pixel is two screen pixels wide (160-wide planes on
 * a 320x200 screen), and the 320x200 screen was shown at 4:3, so each
 * screen row is 1.2 square pixels tall (ScummVM's aspect correction gives
 * 320x240).  Images are sized in CSS pixels accordingly and drawn with
 * nearest-neighbour scaling, whatever --scale/--aspect the PNGs have. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "export_html.h"
#include "relic/agi_sound_sched.h"
#include "relic/buf.h"
#include "relic/core.h"
#include "relic/file.h"
#include "relic/io.h"

/* Display scale over the 320x240 shape: an AGI pixel is 2*scale CSS pixels
 * wide and 1.2*scale tall. */
#define HTML_PICTURE_SCALE 2
#define HTML_VIEW_SCALE 3
#define HTML_PICTURE_W 160
#define HTML_PICTURE_H 168

/* words.json's words, for the said() links: sorted by their text without
 * regard to ASCII case (then by their place in words.json, whose first
 * match wins), looked up by bisection instead of a scan per word. */
typedef struct html_word {
    const char *text;
    size_t len, at;
    long long group;
} html_word;

typedef struct html_ctx {
    relic_buf b;
    const unpack_page *page;
    const json_t *words; /* words.json, or NULL */
    html_word *index;    /* words.json's words by text */
    size_t nindex;
    int failed; /* a file's text was lost in memory: no page is written */
} html_ctx;

static const char html_style[] =
    "body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f6f5f1;color:#222}"
    "header{background:#1f2a44;color:#fff;padding:12px 24px}header h1{margin:0 0 4px;font-size:22px}"
    "nav a{color:#cfe0ff;margin-right:14px}main{padding:8px 24px 40px}"
    "h2{border-bottom:2px solid #1f2a44;padding-bottom:2px;margin-top:32px}"
    "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;"
    "vertical-align:top}th{background:#e8e6df}.err{color:#a00000}.note{color:#555}"
    ".grid{display:flex;flex-wrap:wrap;gap:18px}figure{margin:0;background:#fff;border:1px solid #ccc;padding:8px}"
    "img{image-rendering:pixelated;image-rendering:crisp-edges}"
    ".toggle{margin-right:4px}.frame img{display:block}.frame .pri{display:none}.toggle:checked~.frame "
    ".vis{display:none}"
    ".toggle:checked~.frame .pri{display:block}"
    ".view{background:#fff;border:1px solid #ccc;padding:8px;margin:10px 0}.loops{display:flex;flex-wrap:wrap;gap:14px}"
    ".loop{border:1px dashed #bbb;padding:6px;min-width:60px;background:#d8d4c8}.loop:hover,.loop:focus{outline:2px "
    "solid #1f2a44}"
    ".cels{display:none;gap:6px;margin-top:6px;flex-wrap:wrap;background:#c8c3b4;padding:4px}"
    ".loop:hover .cels,.loop:focus .cels{display:flex}.cel{font-size:11px;text-align:center}"
    "pre{background:#fff;border:1px solid #ccc;padding:8px;overflow-x:auto;font-size:13px}"
    "pre a{color:#0645ad}details{margin:6px 0}summary{cursor:pointer;font-weight:600}"
    ".map{overflow-x:auto;background:#fff;border:1px solid #ccc;padding:8px}.map svg{max-width:none}";

static void html_raw(html_ctx *h, const char *s) { relic_buf_append(&h->b, s, strlen(s)); }

/* Text or attribute value, escaped. */
static void html_text_n(html_ctx *h, const char *s, size_t n)
{
    size_t run = 0; /* bytes before s[i] that need no escape, copied at once */
    for (size_t i = 0; i < n; i++) {
        const char *esc;
        switch (s[i]) {
        case '&': esc = "&amp;"; break;
        case '<': esc = "&lt;"; break;
        case '>': esc = "&gt;"; break;
        case '"': esc = "&quot;"; break;
        case '\'': esc = "&#39;"; break;
        default: run++; continue;
        }
        relic_buf_append(&h->b, s + i - run, run);
        run = 0;
        html_raw(h, esc);
    }
    relic_buf_append(&h->b, s + n - run, run);
}

static void html_text(html_ctx *h, const char *s)
{
    if (s)
        html_text_n(h, s, strlen(s));
}

static const char *html_str(const json_t *o, const char *key) { return json_string_value(json_object_get(o, key)); }

static long long html_int(const json_t *o, const char *key)
{
    return (long long)json_integer_value(json_object_get(o, key));
}

/* <img> sized to the display shape of w x h AGI pixels at `scale`. */
static void html_img(html_ctx *h, const char *src, const char *cls, long long w, long long h_px, unsigned scale,
                     const char *alt)
{
    long long dw = w * 2 * scale, dh = (h_px * 12 * scale + 5) / 10;
    html_raw(h, "<img loading=\"lazy\" src=\"");
    html_text(h, src);
    relic_buf_printf(&h->b, "\" width=\"%lld\" height=\"%lld\"", dw, dh ? dh : 1);
    if (cls)
        relic_buf_printf(&h->b, " class=\"%s\"", cls);
    html_raw(h, " alt=\"");
    html_text(h, alt);
    html_raw(h, "\">");
}

static void html_link(html_ctx *h, const char *href, const char *label)
{
    html_raw(h, "<a href=\"");
    html_text(h, href);
    html_raw(h, "\">");
    html_text(h, label);
    html_raw(h, "</a>");
}

static int html_is(const json_t *row, const char *kind)
{
    const char *k = html_str(row, "kind"), *st = html_str(row, "status");
    return k && st && strcmp(k, kind) == 0 && strcmp(st, "ok") == 0;
}

/* ---- summary ---------------------------------------------------------- */

static const char *html_profile_reason(const char *source)
{
    static const struct {
        const char *source, *reason;
    } reasons[] = {
        {"option", "chosen with --profile"},
        {"agidata", "read from the version string in AGIDATA.OVL"},
        {"executable", "read from the version string in the interpreter executable"},
        {"shape", "guessed from the shape of the files (no version string found)"},
    };
    for (size_t i = 0; source && i < sizeof reasons / sizeof reasons[0]; i++)
        if (strcmp(source, reasons[i].source) == 0)
            return reasons[i].reason;
    return source ? source : "unknown";
}

static void html_summary(html_ctx *h, const json_t *s)
{
    static const char *const kinds[] = {"logic", "picture", "view", "sound"};
    html_raw(h, "<section id=\"summary\"><h2>Summary</h2><table>");
    html_raw(h, "<tr><th>layout</th><td>");
    html_text(h, html_str(s, "layout"));
    if (html_str(s, "prefix") && *html_str(s, "prefix")) {
        html_raw(h, " (prefix ");
        html_text(h, html_str(s, "prefix"));
        html_raw(h, ")");
    }
    if (json_is_true(json_object_get(s, "split_directories")))
        html_raw(h, ", split directories");
    html_raw(h, "</td></tr><tr><th>profile</th><td>");
    html_text(h, html_str(s, "profile"));
    html_raw(h, ": ");
    html_text(h, html_profile_reason(html_str(s, "profile_source")));
    if (html_str(s, "interpreter_version")) {
        html_raw(h, "; interpreter version ");
        html_text(h, html_str(s, "interpreter_version"));
        html_raw(h, json_is_true(json_object_get(s, "profile_exact")) ? " (exact match)" : " (nearest profile)");
    }
    if (html_str(s, "profile_reason")) {
        html_raw(h, "; ");
        html_text(h, html_str(s, "profile_reason"));
    }
    html_raw(h, "</td></tr>");
    const json_t *dirs = json_object_get(s, "directories");
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        const json_t *d = json_object_get(dirs, kinds[k]);
        if (!d)
            continue;
        relic_buf_printf(&h->b, "<tr><th>%s</th><td>%lld present of %lld entries in ", kinds[k], html_int(d, "present"),
                         html_int(d, "entries"));
        html_text(h, html_str(d, "file"));
        html_raw(h, "</td></tr>");
    }
    size_t i;
    json_t *v;
    html_raw(h, "<tr><th>volumes</th><td>");
    json_array_foreach (json_object_get(s, "volumes"), i, v) {
        if (i)
            html_raw(h, ", ");
        html_text(h, html_str(v, "file"));
        relic_buf_printf(&h->b, " (%lld bytes)", html_int(v, "size"));
    }
    relic_buf_printf(&h->b, "</td></tr><tr><th>errors</th><td>%lld</td></tr></table>", html_int(s, "errors"));
    int listed = 0;
    json_array_foreach (json_object_get(s, "resources"), i, v) {
        /* errors, and the warnings of entries the game never loads */
        const char *line = html_str(v, "error");
        if (!line && html_str(v, "status") && strcmp(html_str(v, "status"), "unused") == 0)
            line = html_str(v, "warning");
        if (!line)
            continue;
        html_raw(h, listed++ ? "" : "<ul class=\"err\">");
        /* the message names its resource already ("FILE: sound 34: ...")
         * or not */
        char who[64];
        snprintf(who, sizeof who, "%s %lld: ", html_str(v, "kind"), html_int(v, "number"));
        html_raw(h, "<li>");
        if (!strstr(line, who))
            relic_buf_printf(&h->b, "%s ", who);
        html_text(h, line);
        html_raw(h, "</li>");
    }
    static const char *const meta[] = {"objects", "words"};
    for (size_t m = 0; m < 2; m++) {
        const json_t *o = json_object_get(s, meta[m]);
        if (!html_str(o, "error"))
            continue;
        html_raw(h, listed++ ? "<li>" : "<ul class=\"err\"><li>");
        html_text(h, html_str(o, "error"));
        html_raw(h, "</li>");
    }
    json_array_foreach (json_object_get(s, "warnings"), i, v) {
        html_raw(h, listed++ ? "<li>" : "<ul class=\"err\"><li>");
        html_text(h, json_is_string(v) ? json_string_value(v) : html_str(v, "message"));
        html_raw(h, "</li>");
    }
    html_raw(h, listed ? "</ul>" : "");
    html_raw(h, "<p class=\"note\">Everything here is in ");
    html_link(h, "game.json", "game.json");
    html_raw(h, "; the payloads as stored are under <code>raw/</code>.</p></section>\n");
}

/* The game's name: the text logic 0 gives set.game.id (the decompiled
 * source keeps it as a string), else the game folder's name. */
static const char *html_game_name(const unpack_page *page, char *id, size_t idsz)
{
    static const char call[] = "set.game.id(\"";
    const unpack_page_item *l0 = &page->item[AGI_LOGIC][0];
    const char *src = l0->source, *end = src ? src + l0->source_len : NULL;
    for (const char *p = src; p && p + sizeof call - 1 < end; p++) {
        if (memcmp(p, call, sizeof call - 1) != 0)
            continue;
        const char *q = p + sizeof call - 1, *e = q;
        while (e < end && *e != '"' && *e != '\\' && *e != '\n')
            e++;
        if (e < end && *e == '"' && e > q && (size_t)(e - q) < idsz) {
            snprintf(id, idsz, "%.*s", (int)(e - q), q);
            return id;
        }
    }
    return page->folder[0] ? page->folder : "AGI game";
}

/* ---- the room map ---------------------------------------------------------- */

/* rooms.svg inline (export_rooms.c), so its nodes link to the pictures
 * on this page; the XML prologue before <svg> is dropped. */
static void html_rooms(html_ctx *h)
{
    const relic_buf *svg = &h->page->rooms_svg;
    html_raw(h, "<section id=\"rooms\"><h2>Rooms</h2><p class=\"note\">Each room with its picture; an arrow for "
                "every <code>new.room</code> its logic (or a logic it calls) can reach, as in ");
    html_link(h, "rooms.json", "rooms.json");
    const char *at = NULL;
    for (size_t i = 0; !at && i + 4 <= svg->len; i++)
        if (memcmp(svg->data + i, "<svg", 4) == 0)
            at = (const char *)svg->data + i;
    if (!at) {
        html_raw(h, ". Graphviz was not available to draw it.</p></section>\n");
        return;
    }
    html_raw(h, " (");
    html_link(h, "rooms.svg", "rooms.svg");
    html_raw(h, ").</p><div class=\"map\">");
    relic_buf_append(&h->b, at, svg->len - (size_t)(at - (const char *)svg->data));
    html_raw(h, "</div></section>\n");
}

/* ---- pictures and views ------------------------------------------------- */

static void html_pictures(html_ctx *h, const json_t *resources)
{
    size_t i;
    json_t *r;
    html_raw(h, "<section id=\"pictures\"><h2>Pictures</h2><p class=\"note\">At 4:3 (each AGI pixel two screen "
                "pixels wide, rows 1.2 tall); tick <em>priority</em> for the priority plane.</p><div class=\"grid\">");
    json_array_foreach (resources, i, r) {
        if (!html_is(r, "picture") || !html_str(r, "png"))
            continue;
        long long n = html_int(r, "number");
        char alt[64];
        relic_buf_printf(&h->b,
                         "<figure id=\"picture-%lld\"><input type=\"checkbox\" class=\"toggle\" id=\"pri-%lld\">"
                         "<label for=\"pri-%lld\">priority</label><div class=\"frame\">",
                         n, n, n);
        snprintf(alt, sizeof alt, "picture %lld, visual", n);
        html_img(h, html_str(r, "png"), "vis", HTML_PICTURE_W, HTML_PICTURE_H, HTML_PICTURE_SCALE, alt);
        if (html_str(r, "priority_png")) {
            snprintf(alt, sizeof alt, "picture %lld, priority", n);
            html_img(h, html_str(r, "priority_png"), "pri", HTML_PICTURE_W, HTML_PICTURE_H, HTML_PICTURE_SCALE, alt);
        }
        relic_buf_printf(&h->b, "</div><figcaption>picture %lld &middot; %lld commands &middot; ", n,
                         html_int(r, "picture_commands"));
        html_link(h, html_str(r, "png"), "PNG");
        html_raw(h, " &middot; ");
        html_link(h, html_str(r, "file"), "raw");
        html_raw(h, "</figcaption></figure>\n");
    }
    html_raw(h, "</div></section>\n");
}

static void html_view_loop(html_ctx *h, long long view, const json_t *loop)
{
    size_t i;
    json_t *c;
    long long w = 1, ht = 1;
    json_array_foreach (json_object_get(loop, "cels"), i, c) {
        if (html_int(c, "width") > w)
            w = html_int(c, "width");
        if (html_int(c, "height") > ht)
            ht = html_int(c, "height");
    }
    long long l = html_int(loop, "loop");
    char alt[80];
    snprintf(alt, sizeof alt, "view %lld loop %lld, animated", view, l);
    html_raw(h, "<div class=\"loop\" tabindex=\"0\">");
    if (html_str(loop, "gif"))
        html_img(h, html_str(loop, "gif"), NULL, w, ht, HTML_VIEW_SCALE, alt);
    size_t ncels = json_array_size(json_object_get(loop, "cels"));
    relic_buf_printf(&h->b, "<div>loop %lld &middot; %zu %s</div><div class=\"cels\">", l, ncels,
                     ncels == 1 ? "cel" : "cels");
    json_array_foreach (json_object_get(loop, "cels"), i, c) {
        if (!html_str(c, "png"))
            continue;
        snprintf(alt, sizeof alt, "view %lld loop %lld cel %lld", view, l, html_int(c, "cel"));
        html_raw(h, "<div class=\"cel\">");
        html_img(h, html_str(c, "png"), NULL, html_int(c, "width"), html_int(c, "height"), HTML_VIEW_SCALE, alt);
        relic_buf_printf(&h->b, "<br>%lld</div>", html_int(c, "cel"));
    }
    html_raw(h, "</div></div>");
}

static void html_views(html_ctx *h, const json_t *resources)
{
    size_t i, k;
    json_t *r, *loop;
    html_raw(h, "<section id=\"views\"><h2>Views</h2><p class=\"note\">Each loop animates; point at it (or focus "
                "it) for its cels.</p>");
    json_array_foreach (resources, i, r) {
        if (!html_is(r, "view") || !html_str(r, "json"))
            continue;
        long long n = html_int(r, "number");
        const json_t *doc = n >= 0 && n < AGI_DIR_ENTRIES ? h->page->item[AGI_VIEW][n].view : NULL;
        relic_buf_printf(&h->b, "<div class=\"view\" id=\"view-%lld\"><strong>view %lld</strong> &middot; ", n, n);
        html_link(h, html_str(r, "json"), "JSON");
        html_raw(h, " &middot; ");
        html_link(h, html_str(r, "file"), "raw");
        if (html_str(doc, "description")) {
            html_raw(h, "<p>");
            html_text(h, html_str(doc, "description"));
            html_raw(h, "</p>");
        }
        html_raw(h, "<div class=\"loops\">");
        json_array_foreach (json_object_get(doc, "loops"), k, loop)
            html_view_loop(h, n, loop);
        html_raw(h, "</div></div>\n");
    }
    html_raw(h, "</section>\n");
}

/* ---- sounds --------------------------------------------------------------- */

static void html_sounds(html_ctx *h, const json_t *resources)
{
    size_t i;
    json_t *r;
    int any = 0, rendered = 0;
    html_raw(h, "<section id=\"sounds\"><h2>Sounds</h2><table><tr><th>sound</th><th>length</th><th>listen</th>"
                "<th>files</th></tr>");
    json_array_foreach (resources, i, r) {
        if (!html_is(r, "sound"))
            continue;
        const json_t *snd = json_object_get(r, "sound");
        long long n = html_int(r, "number");
        any = 1;
        relic_buf_printf(&h->b, "<tr id=\"sound-%lld\"><td>%lld</td><td>", n, n);
        if (json_object_get(snd, "completion_tick"))
            relic_buf_printf(&h->b, "%.1f s", (double)html_int(snd, "completion_tick") / AGI_SND_TICK_HZ);
        else
            html_raw(h, "&mdash;");
        html_raw(h, "</td><td>");
        if (html_str(snd, "wav")) {
            rendered = 1;
            html_raw(h, "<audio controls preload=\"none\" src=\"");
            html_text(h, html_str(snd, "wav"));
            html_raw(h, "\"></audio>");
        } else {
            html_raw(h, "&mdash;");
        }
        html_raw(h, "</td><td>");
        if (html_str(snd, "wav")) {
            html_link(h, html_str(snd, "wav"), "WAV");
            html_raw(h, " &middot; ");
        }
        if (html_str(snd, "events")) {
            html_link(h, html_str(snd, "events"), "commands");
            html_raw(h, " &middot; ");
        }
        html_link(h, html_str(r, "file"), "raw");
        html_raw(h, "</td></tr>");
    }
    html_raw(h, "</table>");
    if (any && !rendered)
        html_raw(h, "<p class=\"note\">Run agi-unpack with --sounds to render them to WAV and play them here.</p>");
    html_raw(h, "</section>\n");
}

/* ---- logic, words, inventory ------------------------------------------------ */

static int html_word_textcmp(const char *a, size_t na, const char *b, size_t nb)
{
    for (size_t i = 0; i < na && i < nb; i++) {
        int x = tolower((unsigned char)a[i]), y = tolower((unsigned char)b[i]);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return na < nb ? -1 : na > nb;
}

static int html_word_index_cmp(const void *a, const void *b)
{
    const html_word *x = a, *y = b;
    int c = html_word_textcmp(x->text, x->len, y->text, y->len);
    return c ? c : x->at < y->at ? -1 : x->at > y->at;
}

/* The index of h->words; h->b.oom when there is no room (no page). */
static void html_word_index(html_ctx *h)
{
    size_t i, n = 0;
    json_t *w;
    const json_t *list = json_object_get(h->words, "words");
    if (!json_array_size(list))
        return;
    h->index = relic_alloc_array(json_array_size(list), sizeof *h->index);
    if (!h->index) {
        h->b.oom = 1;
        return;
    }
    json_array_foreach (list, i, w) {
        const char *s = html_str(w, "word");
        if (s)
            h->index[n++] = (html_word){s, strlen(s), i, html_int(w, "id")};
    }
    h->nindex = n;
    qsort(h->index, n, sizeof *h->index, html_word_index_cmp);
}

/* The words.json group of `word` (the first word of that text, whatever
 * its case), or -1. */
static long long html_word_group(const html_ctx *h, const char *word, size_t n)
{
    size_t lo = 0, hi = h->nindex;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (html_word_textcmp(h->index[mid].text, h->index[mid].len, word, n) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < h->nindex && html_word_textcmp(h->index[lo].text, h->index[lo].len, word, n) == 0)
        return h->index[lo].group;
    return -1;
}

/* The source with each word a said() test names linked to its row in the
 * words table.  Only the quoted arguments inside said(...) are touched. */
static void html_source(html_ctx *h, const char *src, size_t len)
{
    int in_said = 0;
    for (size_t i = 0; i < len;) {
        if (!in_said && len - i >= 5 && memcmp(src + i, "said(", 5) == 0 &&
            (i == 0 || !(isalnum((unsigned char)src[i - 1]) || src[i - 1] == '.' || src[i - 1] == '_'))) {
            in_said = 1;
            html_raw(h, "said(");
            i += 5;
            continue;
        }
        if (in_said && src[i] == '"') {
            size_t j = i + 1;
            while (j < len && src[j] != '"' && src[j] != '\n')
                j += src[j] == '\\' && j + 1 < len ? 2 : 1;
            long long g = html_word_group(h, src + i + 1, j - i - 1);
            size_t end = j < len && src[j] == '"' ? j + 1 : j;
            if (g >= 0) {
                relic_buf_printf(&h->b, "<a href=\"#word-%lld\" title=\"word group %lld in words.json\">", g, g);
                html_text_n(h, src + i, end - i);
                html_raw(h, "</a>");
            } else {
                html_text_n(h, src + i, end - i);
            }
            i = end;
            continue;
        }
        if (in_said && (src[i] == ')' || src[i] == '\n'))
            in_said = 0;
        html_text_n(h, src + i, 1);
        i++;
    }
}

static void html_messages(html_ctx *h, long long num, const char *source_rel)
{
    char rel[512];
    size_t n = strlen(source_rel);
    if (n < 4 || n + 16 > sizeof rel || strcmp(source_rel + n - 4, ".lgc") != 0)
        return;
    snprintf(rel, sizeof rel, "%.*s.messages.json", (int)(n - 4), source_rel);
    const json_t *doc = num >= 0 && num < AGI_DIR_ENTRIES ? h->page->item[AGI_LOGIC][num].messages : NULL;
    size_t i;
    json_t *m;
    if (json_array_size(json_object_get(doc, "messages"))) {
        html_raw(h, "<table><tr><th>#</th><th>message (");
        html_link(h, rel, "JSON");
        html_raw(h, ")</th></tr>");
        json_array_foreach (json_object_get(doc, "messages"), i, m) {
            relic_buf_printf(&h->b, "<tr><td>%lld</td><td>", html_int(m, "number"));
            html_text(h, html_str(m, "text"));
            html_raw(h, "</td></tr>");
        }
        html_raw(h, "</table>");
    }
}

static void html_logic(html_ctx *h, const json_t *resources)
{
    size_t i;
    json_t *r;
    html_raw(h, "<section id=\"logic\"><h2>Logic</h2><p class=\"note\">Decompiled sources (agi-pack compiles them "
                "back); words in said() tests link to the <a href=\"#words\">words table</a>.</p>");
    json_array_foreach (resources, i, r) {
        if (!html_is(r, "logic") || !html_str(r, "source"))
            continue;
        long long n = html_int(r, "number");
        const unpack_page_item *it = n >= 0 && n < AGI_DIR_ENTRIES ? &h->page->item[AGI_LOGIC][n] : NULL;
        long long nmsg = html_int(r, "messages");
        relic_buf_printf(&h->b, "<details id=\"logic-%lld\"%s><summary>logic %lld &middot; %lld %s</summary><p>", n,
                         n == 0 ? " open" : "", n, nmsg, nmsg == 1 ? "message" : "messages");
        html_link(h, html_str(r, "source"), "source");
        if (html_str(r, "asm")) {
            html_raw(h, " &middot; ");
            html_link(h, html_str(r, "asm"), "listing");
        }
        html_raw(h, " &middot; ");
        html_link(h, html_str(r, "file"), "raw");
        html_raw(h, "</p>");
        html_messages(h, n, html_str(r, "source"));
        if (it && it->lost)
            h->failed = 1;
        if (it && it->source) {
            html_raw(h, "<pre>");
            html_source(h, it->source, it->source_len);
            html_raw(h, "</pre>");
        }
        html_raw(h, "</details>\n");
    }
    html_raw(h, "</section>\n");
}

/* By group, then by place in words.json (which lists them alphabetically). */
static int html_word_cmp(const void *a, const void *b)
{
    const html_word *x = a, *y = b;
    if (x->group != y->group)
        return x->group < y->group ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at;
}

static void html_words(html_ctx *h)
{
    html_raw(h, "<section id=\"words\"><h2>Words</h2>");
    const json_t *list = json_object_get(h->words, "words");
    size_t n = json_array_size(list);
    html_word *sorted = n ? relic_alloc_array(n, sizeof *sorted) : NULL;
    if (n && !sorted)
        h->b.oom = 1; /* the page would lose the vocabulary: no page */
    if (!sorted) {
        html_raw(h, "<p class=\"note\">No vocabulary.</p></section>\n");
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const json_t *w = json_array_get(list, i);
        sorted[i] = (html_word){html_str(w, "word"), 0, i, html_int(w, "id")};
    }
    qsort(sorted, n, sizeof *sorted, html_word_cmp);
    html_raw(h, "<p class=\"note\">By synonym group, as in ");
    html_link(h, "words.json", "words.json");
    html_raw(h, ".</p><table><tr><th>group</th><th>words</th></tr>");
    for (size_t i = 0; i < n; i++) {
        long long g = sorted[i].group;
        if (i == 0 || sorted[i - 1].group != g)
            relic_buf_printf(&h->b, "%s<tr id=\"word-%lld\"><td>%lld</td><td>", i ? "</td></tr>" : "", g, g);
        else
            html_raw(h, ", ");
        html_text(h, sorted[i].text);
    }
    html_raw(h, "</td></tr></table></section>\n");
    free(sorted);
}

static void html_inventory(html_ctx *h, const json_t *summary)
{
    const char *rel = html_str(json_object_get(summary, "objects"), "output");
    const json_t *doc = rel ? h->page->objects : NULL;
    html_raw(h, "<section id=\"inventory\"><h2>Inventory objects</h2>");
    if (!doc) {
        html_raw(h, "<p class=\"note\">No OBJECT file decoded.</p></section>\n");
        return;
    }
    html_raw(h, "<p class=\"note\">From ");
    html_link(h, rel, rel);
    html_raw(h, "; the room is where each object starts (255: carried).</p><table><tr><th>#</th><th>name</th>"
                "<th>room</th></tr>");
    size_t i;
    json_t *it;
    json_array_foreach (json_object_get(doc, "items"), i, it) {
        relic_buf_printf(&h->b, "<tr><td>%lld</td><td>", html_int(it, "index"));
        html_text(h, html_str(it, "name"));
        relic_buf_printf(&h->b, "</td><td>%lld</td></tr>", html_int(it, "location"));
    }
    html_raw(h, "</table></section>\n");
}

int unpack_html_write(const char *out_dir, unsigned out_flags, const json_t *summary, const unpack_page *page,
                      relic_err *err)
{
    html_ctx h = {RELIC_BUF_INIT, page, NULL, NULL, 0, 0};
    const json_t *resources = json_object_get(summary, "resources");
    if (html_str(json_object_get(summary, "words"), "output"))
        h.words = page->words;
    html_word_index(&h);
    html_raw(&h, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                 "<meta name=\"viewport\" content=\"width=device-width\"><title>");
    char id[256];
    const char *name = html_game_name(page, id, sizeof id);
    html_text(&h, name);
    relic_buf_printf(&h.b, " (AGI game, %s, profile %s)", html_str(summary, "layout"), html_str(summary, "profile"));
    html_raw(&h, "</title><style>");
    html_raw(&h, html_style);
    html_raw(&h, "</style></head><body><header><h1>");
    html_text(&h, name);
    relic_buf_printf(&h.b, " &middot; AGI game &middot; %s layout &middot; profile ", html_str(summary, "layout"));
    html_text(&h, html_str(summary, "profile"));
    html_raw(&h,
             "</h1><nav><a href=\"#summary\">Summary</a><a href=\"#rooms\">Rooms</a><a href=\"#pictures\">Pictures</a>"
             "<a href=\"#views\">Views</a><a href=\"#sounds\">Sounds</a><a href=\"#logic\">Logic</a>"
             "<a href=\"#words\">Words</a><a href=\"#inventory\">Inventory</a></nav></header><main>\n");
    html_summary(&h, summary);
    html_rooms(&h);
    html_pictures(&h, resources);
    html_views(&h, resources);
    html_sounds(&h, resources);
    html_logic(&h, resources);
    html_words(&h);
    html_inventory(&h, summary);
    html_raw(&h, "</main></body></html>\n");
    free(h.index);
    char path[4096];
    int rc = relic_buf_check(&h.b, err);
    if (rc == RELIC_OK && h.failed)
        rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory keeping a logic source for the page");
    if (rc == RELIC_OK)
        rc = relic_path_join(out_dir, "index.html", 1, path, sizeof path, err);
    if (rc == RELIC_OK)
        rc = relic_file_write_atomic_flags(path, h.b.data, h.b.len, out_flags, err);
    relic_buf_free(&h.b);
    return rc;
}
