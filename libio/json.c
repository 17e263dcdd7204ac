/* JSON output (relic/io.h): relic's own writer, one for every document.
 * The order of keys is the rule of relic's documents, as ffprobe prints
 * its own: format and format_version first, then identity (name, number,
 * kind, version, profile, ...), then sizes and counts, then contents
 * (relic_json_key_rank says which class a key is).  A tree prints each
 * object's keys by class and, within a class, in the order the builder set
 * them (jansson keeps insertion order), so numbered keys come out in the
 * order their loop made them; a streamed document prints as it is called,
 * and its writer keeps the rule itself.  tests/json_order.py checks it over
 * every document the CLI goldens leave.  *
 * The layout: "{" / "[" then a newline and two spaces per depth before each
 * member, members joined by ",", "\"key\": value", empty containers "{}" /
 * "[]", integers in decimal, reals in the fewest digits that read back the
 * same (with a ".0" when they would read as an integer; NaN and the
 * infinities, which JSON lacks, as null), strings as UTF-8 with '"', '\\'
 * and control bytes escaped (\b \f \n \r \t, else \u00XX).
 *
 * Why not jansson's dumper (best of 20, the documents loaded into trees):
 * game.json of vtgadv, the largest corpus game (1.8 MB), json_dump_callback
 * 8.7 ms, this writer 0.7 ms (and agi-unpack streams it without a tree);
 * a VM state (pic-render --state, 15 kB) 0.08 ms against 0.06 ms; a save
 * report (save-inspect --json, 14 kB) 0.08 ms against 0.07 ms.  The dumper calls
 * back once per token and keeps a hash set of the open containers to catch
 * cycles; and the large documents are streamed here without a tree at all.
 * jansson still holds the trees the smaller documents are built in and
 * reads every JSON relic takes in. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/io.h"
#include "relic/text.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif

static void relic_json_indent(relic_buf *out, size_t depth)
{
    if (relic_buf_reserve(out, 1 + 2 * (size_t)depth))
        return;
    out->data[out->len++] = '\n';
    memset(out->data + out->len, ' ', 2 * (size_t)depth);
    out->len += 2 * (size_t)depth;
}

/* The string quoted and escaped; room for the worst case (every byte a
 * six-byte escape) is made once, then bytes are stored directly. */
static void relic_json_string(relic_buf *out, const char *s, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    if (n > (SIZE_MAX - 2) / 6 || relic_buf_reserve(out, 6 * n + 2))
        return;
    uint8_t *d = out->data + out->len;
    *d++ = '"';
    for (size_t i = 0; i < n; i++) {
        /* Eight bytes at a time while none needs an escape (a control
         * byte, '"' or '\\'): the layout record's hex strings are most of
         * game.json's bytes.  A flag may be false, never missed; a flagged
         * word takes the byte loop. */
#ifdef __SSE2__
        /* Sixteen at a time where SSE2 is there (every x86-64): the
         * same test, on game.json's ~1 MB of hex a third of the cost. */
        while (n - i >= 16) {
            __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
            __m128i ctl = _mm_cmpeq_epi8(_mm_min_epu8(w, _mm_set1_epi8(0x1f)), w);
            __m128i esc = _mm_or_si128(_mm_cmpeq_epi8(w, _mm_set1_epi8('"')), _mm_cmpeq_epi8(w, _mm_set1_epi8('\\')));
            if (_mm_movemask_epi8(_mm_or_si128(ctl, esc)))
                break;
            _mm_storeu_si128((__m128i *)(void *)d, w);
            d += 16;
            i += 16;
        }
#endif
        while (n - i >= 8) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
            uint64_t q = w ^ (ones * '"'), b = w ^ (ones * '\\');
            if (((w - ones * 0x20) & ~w) & high || ((q - ones) & ~q) & high || ((b - ones) & ~b) & high)
                break;
            memcpy(d, &w, 8);
            d += 8;
            i += 8;
        }
        if (i == n)
            break;
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\') {
            *d++ = c;
            continue;
        }
        *d++ = '\\';
        switch (c) {
        case '"': *d++ = '"'; break;
        case '\\': *d++ = '\\'; break;
        case '\b': *d++ = 'b'; break;
        case '\f': *d++ = 'f'; break;
        case '\n': *d++ = 'n'; break;
        case '\r': *d++ = 'r'; break;
        case '\t': *d++ = 't'; break;
        default:
            memcpy(d, "u00", 3);
            d[3] = (uint8_t)hex[c >> 4];
            d[4] = (uint8_t)hex[c & 15];
            d += 5;
        }
    }
    *d++ = '"';
    out->len = (size_t)(d - out->data);
}

/* Decimal, without printf's cost per number. */
static void relic_json_integer(relic_buf *out, long long v)
{
    char digits[24];
    size_t n = 0;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do
        digits[sizeof digits - 1 - n++] = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (v < 0)
        digits[sizeof digits - 1 - n++] = '-';
    relic_buf_append(out, digits + sizeof digits - n, n);
}

/* The fewest significant digits that read back as v. */
static void relic_json_real(relic_buf *out, double v)
{
    if (!isfinite(v)) {
        relic_buf_append(out, "null", 4);
        return;
    }
    char text[40];
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(text, sizeof text, "%.*g", digits, v);
        if (strtod(text, NULL) == v)
            break;
    }
    relic_buf_append(out, text, strlen(text));
    if (strspn(text, "-0123456789") == strlen(text))
        relic_buf_append(out, ".0", 2);
}

/* ---- the stream ----------------------------------------------------------
 * Each value after the first in its container is preceded by ",", each
 * value inside a container by a newline and two spaces per depth, a key by
 * its quoted string and ": "; a container that closes with no member prints
 * "{}" / "[]" (only its opening byte was written), one with members a
 * newline and its own indent before the closing byte.  s->open holds a
 * byte per open container: 1 once it has a member. */
static void relic_json_stream_member(relic_json_stream *s, const char *key)
{
    size_t depth = s->open.len;
    if (depth == 0)
        return;
    if (s->open.data[depth - 1])
        relic_buf_u8(s->out, ',');
    s->open.data[depth - 1] = 1;
    relic_json_indent(s->out, depth);
    if (key) {
        relic_json_string(s->out, key, strlen(key));
        relic_buf_append(s->out, ": ", 2);
    }
}

void relic_json_stream_begin(relic_json_stream *s, relic_buf *out)
{
    memset(s, 0, sizeof *s);
    s->out = out;
    relic_buf_reset(out);
}

void relic_json_stream_sink(relic_json_stream *s, relic_json_sink_fn sink, void *ctx)
{
    s->sink = sink;
    s->sink_ctx = ctx;
}

/* Hands the buffer to the sink once it holds a chunk (all of it when
 * last); after a failure the bytes are dropped, the failure kept. */
static void relic_json_stream_drain(relic_json_stream *s, int last)
{
    if (!s->sink || s->out->oom || (!last && s->out->len < RELIC_JSON_SINK_CHUNK))
        return;
    if (!s->sink_rc && s->out->len)
        s->sink_rc = s->sink(s->sink_ctx, s->out->data, s->out->len, &s->sink_err);
    s->out->len = 0;
}

void relic_json_stream_open(relic_json_stream *s, const char *key, char bracket)
{
    relic_json_stream_member(s, key);
    relic_buf_u8(s->out, (uint8_t)bracket);
    relic_buf_u8(&s->open, 0);
    if (s->open.oom)
        s->out->oom = 1;
}

void relic_json_stream_close(relic_json_stream *s, char bracket)
{
    if (s->open.len == 0) {
        s->out->oom = 1;
        return;
    }
    int filled = s->open.data[--s->open.len];
    if (filled)
        relic_json_indent(s->out, s->open.len);
    relic_buf_u8(s->out, (uint8_t)bracket);
    relic_json_stream_drain(s, 0);
}

void relic_json_stream_int(relic_json_stream *s, const char *key, long long v)
{
    relic_json_stream_member(s, key);
    relic_json_integer(s->out, v);
}

void relic_json_stream_real(relic_json_stream *s, const char *key, double v)
{
    relic_json_stream_member(s, key);
    relic_json_real(s->out, v);
}

void relic_json_stream_bool(relic_json_stream *s, const char *key, int v)
{
    relic_json_stream_member(s, key);
    relic_buf_append(s->out, v ? "true" : "false", v ? 4 : 5);
}

void relic_json_stream_null(relic_json_stream *s, const char *key)
{
    relic_json_stream_member(s, key);
    relic_buf_append(s->out, "null", 4);
}

void relic_json_stream_string(relic_json_stream *s, const char *key, const char *utf8, size_t n)
{
    relic_json_stream_member(s, key);
    relic_json_string(s->out, n ? utf8 : "", n);
}

void relic_json_stream_bytes(relic_json_stream *s, const char *key, const uint8_t *cp437, size_t n)
{
    size_t i = 0;
    while (i < n && cp437[i] < 0x80)
        i++;
    if (i == n) { /* ASCII is its own UTF-8, as in relic_json_bytes */
        relic_json_stream_string(s, key, (const char *)cp437, n);
        return;
    }
    relic_buf_reset(&s->text);
    relic_cp437_to_utf8(cp437, n, &s->text);
    if (s->text.oom)
        s->out->oom = 1;
    else
        relic_json_stream_string(s, key, (const char *)s->text.data, s->text.len);
}

/* A scalar; a container is opened (its members are the caller's). */
static void relic_json_stream_node(relic_json_stream *s, const char *key, const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: relic_json_stream_open(s, key, '{'); return;
    case JSON_ARRAY: relic_json_stream_open(s, key, '['); return;
    case JSON_STRING: relic_json_stream_string(s, key, json_string_value(v), json_string_length(v)); return;
    case JSON_INTEGER: relic_json_stream_int(s, key, (long long)json_integer_value(v)); return;
    case JSON_REAL: relic_json_stream_real(s, key, json_real_value(v)); return;
    case JSON_TRUE: relic_json_stream_bool(s, key, 1); return;
    case JSON_FALSE: relic_json_stream_bool(s, key, 0); return;
    case JSON_NULL: relic_json_stream_null(s, key); return;
    }
}

int relic_json_key_rank(const char *key)
{
    static const char *const identity[] = {"name",  "number",  "id",   "index", "kind", "type", "version", "profile",
                                           "logic", "picture", "view", "sound", "loop", "cel",  "item",    "card"};
    static const char *const sizes[] = {"size", "length", "count", "width", "height"};
    static const char *const size_suffixes[] = {"_size", "_length", "_count"};
    size_t n = strlen(key);
    if (strcmp(key, "format") == 0)
        return 0;
    if (strcmp(key, "format_version") == 0)
        return 1;
    for (size_t i = 0; i < RELIC_COUNTOF(identity); i++)
        if (strcmp(key, identity[i]) == 0)
            return 2;
    if (n > 8 && strcmp(key + n - 8, "_version") == 0)
        return 2;
    for (size_t i = 0; i < RELIC_COUNTOF(sizes); i++)
        if (strcmp(key, sizes[i]) == 0)
            return 3;
    for (size_t i = 0; i < RELIC_COUNTOF(size_suffixes); i++) {
        size_t m = strlen(size_suffixes[i]);
        if (n > m && strcmp(key + n - m, size_suffixes[i]) == 0)
            return 3;
    }
    return 4;
}

/* An object's member, in the order it prints. */
typedef struct relic_json_member {
    const char *key;
    const json_t *value;
    int rank;
} relic_json_member;

/* One open container of a tree being printed: the next member to print. */
typedef struct relic_json_frame {
    const json_t *v;
    relic_json_member *members; /* objects: by rank, then as set */
    size_t index, count;
} relic_json_frame;

/* The frame of container v: an object's members stably sorted by rank
 * (insertion sort: objects are small, and mostly in order already). */
static int relic_json_frame_of(const json_t *v, relic_json_frame *f)
{
    *f = (relic_json_frame){v, NULL, 0, json_is_array(v) ? json_array_size(v) : 0};
    if (!json_is_object(v) || json_object_size(v) == 0)
        return 0;
    f->members = relic_alloc_array(json_object_size(v), sizeof *f->members);
    if (!f->members)
        return -1;
    for (void *it = json_object_iter((json_t *)v); it && f->count < json_object_size(v);
         it = json_object_iter_next((json_t *)v, it)) {
        relic_json_member m = {json_object_iter_key(it), json_object_iter_value(it), 0};
        m.rank = relic_json_key_rank(m.key);
        size_t j = f->count++;
        for (; j > 0 && f->members[j - 1].rank > m.rank; j--)
            f->members[j] = f->members[j - 1];
        f->members[j] = m;
    }
    return 0;
}

/* The tree walked with an explicit stack: nesting depth can come from data
 * (decompiled script trees).  With members_only, v is an object whose
 * members go into the object open now. */
static void relic_json_stream_tree(relic_json_stream *s, const char *key, const json_t *v, int members_only)
{
    if (!v) { /* a failed json_* call */
        s->out->oom = 1;
        return;
    }
    relic_json_frame *stack = NULL;
    size_t n = 0, cap = 0;
    if (!members_only)
        relic_json_stream_node(s, key, v);
    if (!json_is_object(v) && !json_is_array(v))
        return;
    if (relic_grow((void **)&stack, &cap, 1, sizeof *stack, 16)) {
        s->out->oom = 1;
        return;
    }
    if (relic_json_frame_of(v, &stack[n++]))
        s->out->oom = 1;
    while (n && !s->out->oom) {
        relic_json_frame *f = &stack[n - 1];
        const json_t *child = NULL;
        const char *child_key = NULL;
        if (f->index < f->count) {
            child_key = f->members ? f->members[f->index].key : NULL;
            child = f->members ? f->members[f->index].value : json_array_get(f->v, f->index);
            f->index++;
        }
        if (!child) { /* the container is done */
            if (n > 1 || !members_only)
                relic_json_stream_close(s, json_is_object(f->v) ? '}' : ']');
            free(f->members);
            n--;
            continue;
        }
        relic_json_stream_node(s, child_key, child);
        if (json_is_object(child) || json_is_array(child)) {
            if (relic_grow((void **)&stack, &cap, n + 1, sizeof *stack, 16) || relic_json_frame_of(child, &stack[n++]))
                s->out->oom = 1;
        }
    }
    while (n) /* left open by a failure */
        free(stack[--n].members);
    free(stack);
}

void relic_json_stream_value(relic_json_stream *s, const char *key, const json_t *v)
{
    relic_json_stream_tree(s, key, v, 0);
}

void relic_json_stream_members(relic_json_stream *s, const json_t *obj)
{
    if (!json_is_object(obj))
        s->out->oom = 1;
    else
        relic_json_stream_tree(s, NULL, obj, 1);
}

void relic_json_stream_hex(relic_json_stream *s, const char *key, const uint8_t *p, size_t n)
{
    relic_json_stream_member(s, key);
    relic_buf_u8(s->out, '"');
    /* With a sink, as much as fills the chunk at a time: a volume's gap
     * is up to megabytes. */
    for (size_t at = 0; at < n && !s->out->oom;) {
        size_t m = n - at;
        if (s->sink) {
            size_t room = s->out->len < RELIC_JSON_SINK_CHUNK ? (RELIC_JSON_SINK_CHUNK - s->out->len) / 2 : 0;
            if (m > room)
                m = room ? room : 1; /* a full buffer drains after one byte */
        }
        if (m > (SIZE_MAX - 1) / 2)
            s->out->oom = 1;
        if (s->out->oom || relic_buf_reserve(s->out, 2 * m + 1))
            return;
        relic_hex_lower(p + at, m, (char *)s->out->data + s->out->len);
        s->out->len += 2 * m;
        at += m;
        relic_json_stream_drain(s, 0);
    }
    relic_buf_u8(s->out, '"');
}

int relic_json_stream_end(relic_json_stream *s, relic_err *err)
{
    relic_buf_free(&s->text);
    if (s->open.len != 0)
        s->out->oom = 1;
    relic_buf_free(&s->open);
    relic_buf_u8(s->out, '\n');
    if (s->out->oom) {
        relic_buf_reset(s->out);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    relic_json_stream_drain(s, 1);
    if (s->sink_rc) {
        if (err)
            *err = s->sink_err;
        return s->sink_rc;
    }
    return RELIC_OK;
}

int relic_json_encode(const json_t *doc, relic_buf *out, relic_err *err)
{
    relic_buf_reset(out);
    if (!doc) /* what a failed json_pack or builder returns */
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    if (!json_is_object(doc) && !json_is_array(doc))
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "JSON document is not an object or array");
    relic_json_stream s;
    relic_json_stream_begin(&s, out);
    relic_json_stream_value(&s, NULL, doc);
    int rc = relic_json_stream_end(&s, err);
    return rc == RELIC_OK ? relic_buf_check(out, err) : rc;
}

int relic_json_write(const char *path, const json_t *doc, relic_err *err)
{
    relic_buf b = RELIC_BUF_INIT;
    int rc = relic_json_encode(doc, &b, err);
    if (rc == RELIC_OK)
        rc = relic_file_write_atomic(path, b.data, b.len, err);
    relic_buf_free(&b);
    return rc;
}

int relic_json_print(FILE *f, const json_t *doc)
{
    relic_buf b = RELIC_BUF_INIT;
    int rc = relic_json_encode(doc, &b, NULL);
    if (rc == RELIC_OK && fwrite(b.data, 1, b.len, f) != b.len)
        rc = -1;
    relic_buf_free(&b);
    return rc == RELIC_OK ? 0 : -1;
}

void relic_json_set(json_t *obj, const char *key, json_t *value, int *oom)
{
    if (json_object_set_new(obj, key, value)) /* decrefs value on failure */
        *oom = 1;
}

void relic_json_append(json_t *arr, json_t *value, int *oom)
{
    if (json_array_append_new(arr, value))
        *oom = 1;
}

int relic_json_check(int oom, relic_err *err)
{
    return oom ? relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory") : RELIC_OK;
}

/* Plain ASCII (most game text) is already its own UTF-8: no conversion
 * buffer, and no second UTF-8 check (the conversion's output is valid by
 * construction). */
json_t *relic_json_bytes(const uint8_t *s, size_t n)
{
    size_t i = 0;
    while (i < n && s[i] < 0x80)
        i++;
    if (i == n)
        return json_stringn_nocheck(n ? (const char *)s : "", n);
    relic_buf b = RELIC_BUF_INIT;
    relic_cp437_to_utf8(s, n, &b);
    json_t *j = b.oom ? NULL : json_stringn_nocheck((const char *)b.data, b.len);
    relic_buf_free(&b);
    return j;
}
