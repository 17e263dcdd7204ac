/* JSON output over jansson (relic/io.h): keys in natural order and a fixed
 * indent, so equal documents print equal bytes and numbered keys read in
 * their numeric order (v0, v1, v2, ..., v10, not v0, v1, v10, v100).
 * jansson sorts only by strcmp, so the document is first copied with each
 * object's keys inserted in natural order and printed in insertion order.
 * The copy walks with an explicit stack: nesting depth can come from data
 * (decompiled script trees).
 *
 * relic_json_encode prints the same bytes as that copy through jansson's
 * dumper (checked against relic_json_print in test_io), but straight into
 * the buffer, without the copy: jansson's dumper calls back once per token
 * and keeps a hash set of the open containers (a printf of each one's
 * address) to catch cycles, which made JSON most of `agi-unpack --raw`'s CPU
 * time.  The format, from jansson's dump.c: "{" / "[" then newline and two
 * spaces per depth before each member, members joined by ",",
 * "\"key\": value", empty containers "{}" / "[]", integers as %lld,
 * strings escaped only for '"', '\\' and control bytes (\b \f \n \r \t,
 * else \u00XX in capitals).  Reals are left to jansson.  Documents nested
 * deeper than RELIC_JSON_FAST_DEPTH take the copy-and-dump path. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/io.h"
#include "relic/text.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define RELIC_JSON_FLAGS (JSON_PRESERVE_ORDER | JSON_INDENT(2))
#define RELIC_JSON_FAST_DEPTH 512

static int relic_json_is_hex(const char *s)
{
    return s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && isxdigit((unsigned char)s[2]);
}

/* Natural order: runs of digits (and 0x-prefixed hex runs, as in
 * "raw_0x8d") compare as numbers, the rest bytewise. */
static int relic_json_keycmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
            int hex = relic_json_is_hex(a) && relic_json_is_hex(b);
            int (*is_digit)(int) = hex ? isxdigit : isdigit;
            if (hex) {
                a += 2;
                b += 2;
            }
            while (*a == '0' && is_digit((unsigned char)a[1]))
                a++;
            while (*b == '0' && is_digit((unsigned char)b[1]))
                b++;
            size_t na = 0, nb = 0;
            while (is_digit((unsigned char)a[na]))
                na++;
            while (is_digit((unsigned char)b[nb]))
                nb++;
            if (na != nb)
                return na < nb ? -1 : 1;
            for (size_t i = 0; i < na; i++)
                if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
                    return tolower((unsigned char)a[i]) < tolower((unsigned char)b[i]) ? -1 : 1;
            a += na;
            b += nb;
        } else if (*a != *b) {
            return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
        } else {
            a++;
            b++;
        }
    }
    return *a ? 1 : *b ? -1 : 0;
}

static int relic_json_keysort(const void *x, const void *y)
{
    const char *a = *(const char *const *)x, *b = *(const char *const *)y;
    int c = relic_json_keycmp(a, b);
    return c ? c : strcmp(a, b);
}

typedef struct relic_json_pair {
    const json_t *src;
    json_t *dst;
} relic_json_pair;

static json_t *relic_json_shell(const json_t *v)
{
    return json_is_object(v) ? json_object() : json_is_array(v) ? json_array() : json_incref((json_t *)v);
}

/* A copy of doc whose objects hold their keys in natural order; NULL when
 * out of memory. */
static json_t *relic_json_ordered(const json_t *doc)
{
    json_t *root = relic_json_shell(doc);
    relic_json_pair *stack = NULL;
    size_t n = 0, cap = 0;
    int oom = !root;
    if (!oom && (json_is_object(doc) || json_is_array(doc))) {
        if (relic_grow((void **)&stack, &cap, 1, sizeof *stack, 16))
            oom = 1;
        else
            stack[n++] = (relic_json_pair){doc, root};
    }
    while (n && !oom) {
        relic_json_pair p = stack[--n];
        size_t count = json_is_object(p.src) ? json_object_size(p.src) : json_array_size(p.src);
        const char **keys = NULL;
        if (json_is_object(p.src)) {
            keys = relic_alloc_array(count, sizeof *keys);
            if (!keys) {
                oom = 1;
                break;
            }
            size_t k = 0;
            const char *key;
            json_t *v;
            json_object_foreach ((json_t *)p.src, key, v)
                keys[k++] = key;
            qsort(keys, count, sizeof *keys, relic_json_keysort);
        }
        for (size_t i = 0; i < count && !oom; i++) {
            const json_t *child = keys ? json_object_get(p.src, keys[i]) : json_array_get(p.src, i);
            json_t *copy = relic_json_shell(child);
            if (!copy || (keys ? json_object_set_new(p.dst, keys[i], copy) : json_array_append_new(p.dst, copy))) {
                oom = 1;
                break;
            }
            if (json_is_object(child) || json_is_array(child)) {
                if (relic_grow((void **)&stack, &cap, n + 1, sizeof *stack, 16))
                    oom = 1;
                else
                    stack[n++] = (relic_json_pair){child, copy};
            }
        }
        free(keys);
    }
    free(stack);
    if (oom) {
        json_decref(root);
        return NULL;
    }
    return root;
}

static void relic_json_indent(relic_buf *out, unsigned depth)
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

/* As "%lld" (JSON_INTEGER_FORMAT), without printf's cost per number. */
static void relic_json_integer(relic_buf *out, json_int_t v)
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

typedef struct relic_json_member {
    const char *key;
    size_t len;
    json_t *value;
} relic_json_member;

/* The natural order of relic_json_keysort. */
static int relic_json_member_cmp(const void *a, const void *b)
{
    const relic_json_member *x = a, *y = b;
    return relic_json_keysort(&x->key, &y->key);
}

static int relic_json_value(relic_buf *out, const json_t *v, unsigned depth);

/* v's members in natural order, in stack when they fit (most objects have a
 * handful of keys); NULL when out of memory.  *n is the count. */
static relic_json_member *relic_json_members(const json_t *v, relic_json_member stack[16], size_t *n)
{
    size_t want = json_object_size(v), i = 0;
    relic_json_member *m = want <= 16 ? stack : malloc(want * sizeof *m);
    if (!m)
        return NULL;
    for (void *it = json_object_iter((json_t *)v); it && i < want; it = json_object_iter_next((json_t *)v, it), i++)
        m[i] = (relic_json_member){json_object_iter_key(it), json_object_iter_key_len(it), json_object_iter_value(it)};
    if (i > 16) {
        qsort(m, i, sizeof *m, relic_json_member_cmp);
    } else {
        for (size_t k = 1; k < i; k++)
            for (size_t j = k; j > 0 && relic_json_member_cmp(&m[j - 1], &m[j]) > 0; j--) {
                relic_json_member t = m[j];
                m[j] = m[j - 1];
                m[j - 1] = t;
            }
    }
    *n = i;
    return m;
}

static int relic_json_object(relic_buf *out, const json_t *v, unsigned depth)
{
    size_t n = 0;
    if (json_object_size(v) == 0) {
        relic_buf_append(out, "{}", 2);
        return 0;
    }
    relic_json_member stack[16], *m = relic_json_members(v, stack, &n);
    if (!m)
        return -1;
    int rc = 0;
    relic_buf_u8(out, '{');
    for (size_t i = 0; i < n && rc == 0; i++) {
        if (i)
            relic_buf_u8(out, ',');
        relic_json_indent(out, depth + 1);
        relic_json_string(out, m[i].key, m[i].len);
        relic_buf_append(out, ": ", 2);
        rc = relic_json_value(out, m[i].value, depth + 1);
    }
    relic_json_indent(out, depth);
    relic_buf_u8(out, '}');
    if (m != stack)
        free(m);
    return rc;
}

static int relic_json_value(relic_buf *out, const json_t *v, unsigned depth)
{
    if (!v)
        return -1;
    if (depth > RELIC_JSON_FAST_DEPTH)
        return 1; /* too deep for this path: the caller takes the other */
    switch (json_typeof(v)) {
    case JSON_NULL: relic_buf_append(out, "null", 4); return 0;
    case JSON_TRUE: relic_buf_append(out, "true", 4); return 0;
    case JSON_FALSE: relic_buf_append(out, "false", 5); return 0;
    case JSON_INTEGER: relic_json_integer(out, json_integer_value(v)); return 0;
    case JSON_STRING: relic_json_string(out, json_string_value(v), json_string_length(v)); return 0;
    case JSON_REAL: {
        char *text = json_dumps(v, JSON_ENCODE_ANY | RELIC_JSON_FLAGS);
        if (!text)
            return -1;
        relic_buf_append(out, text, strlen(text));
        free(text);
        return 0;
    }
    case JSON_ARRAY: {
        size_t n = json_array_size(v);
        if (n == 0) {
            relic_buf_append(out, "[]", 2);
            return 0;
        }
        relic_buf_u8(out, '[');
        for (size_t i = 0; i < n; i++) {
            if (i)
                relic_buf_u8(out, ',');
            relic_json_indent(out, depth + 1);
            int rc = relic_json_value(out, json_array_get(v, i), depth + 1);
            if (rc)
                return rc;
        }
        relic_json_indent(out, depth);
        relic_buf_u8(out, ']');
        return 0;
    }
    case JSON_OBJECT: return relic_json_object(out, v, depth);
    }
    return -1;
}

static int relic_json_cb(const char *buf, size_t size, void *data)
{
    relic_buf_append(data, buf, size);
    return 0;
}

int relic_json_encode(const json_t *doc, relic_buf *out, relic_err *err)
{
    relic_buf_reset(out);
    if (!doc) /* what a failed json_pack or builder returns */
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    if (!json_is_object(doc) && !json_is_array(doc))
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "JSON document is not an object or array");
    int rc = relic_json_value(out, doc, 0);
    if (rc == 1) { /* deeper than the direct printer goes */
        relic_buf_reset(out);
        json_t *ordered = relic_json_ordered(doc);
        rc = ordered ? json_dump_callback(ordered, relic_json_cb, out, RELIC_JSON_FLAGS) : -1;
        json_decref(ordered);
    }
    if (rc != 0)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "JSON encoding failed");
    relic_buf_u8(out, '\n');
    return relic_buf_check(out, err);
}

/* ---- streaming ---------------------------------------------------------
 * The bytes relic_json_value prints, token by token, without a tree: each
 * value after the first in its container is preceded by ",", each value
 * inside a container by a newline and two spaces per depth, a key by its
 * quoted string and ": "; a container that closes with no member prints
 * "{}" / "[]" (only its opening byte was written), one with members a
 * newline and its own indent before the closing byte. */
static void relic_json_stream_member(relic_json_stream *s, const char *key)
{
    if (s->depth == 0)
        return;
    uint64_t bit = 1ull << (s->depth - 1);
    if (s->filled & bit)
        relic_buf_u8(s->out, ',');
    s->filled |= bit;
    relic_json_indent(s->out, s->depth);
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
    if (s->depth >= 64) { /* deeper than the member bits: refused, as out of memory */
        s->out->oom = 1;
        return;
    }
    s->depth++;
    s->filled &= ~(1ull << (s->depth - 1));
}

void relic_json_stream_close(relic_json_stream *s, char bracket)
{
    if (s->depth == 0) {
        s->out->oom = 1;
        return;
    }
    int filled = (s->filled >> (s->depth - 1)) & 1;
    s->depth--;
    if (filled)
        relic_json_indent(s->out, s->depth);
    relic_buf_u8(s->out, (uint8_t)bracket);
    relic_json_stream_drain(s, 0);
}

void relic_json_stream_int(relic_json_stream *s, const char *key, long long v)
{
    relic_json_stream_member(s, key);
    relic_json_integer(s->out, (json_int_t)v);
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

void relic_json_stream_value(relic_json_stream *s, const char *key, const json_t *v)
{
    relic_json_stream_member(s, key);
    if (relic_json_value(s->out, v, s->depth) != 0)
        s->out->oom = 1; /* lost, or deeper than the direct printer goes */
}

void relic_json_stream_members(relic_json_stream *s, const json_t *obj, const char *key,
                               void (*member)(relic_json_stream *s, const char *key, void *arg), void *arg)
{
    relic_json_member stack[16], *m = NULL;
    size_t n = 0;
    if (json_object_size(obj) && !(m = relic_json_members(obj, stack, &n))) {
        s->out->oom = 1;
        return;
    }
    int done = !key;
    for (size_t i = 0; i < n; i++) {
        if (!done && relic_json_keysort(&key, &m[i].key) < 0) {
            member(s, key, arg);
            done = 1;
        }
        relic_json_stream_member(s, m[i].key);
        if (relic_json_value(s->out, m[i].value, s->depth) != 0)
            s->out->oom = 1;
    }
    if (!done)
        member(s, key, arg);
    if (m != stack)
        free(m);
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
    if (s->depth != 0)
        s->out->oom = 1;
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
    json_t *ordered = relic_json_ordered(doc);
    int rc = ordered ? json_dumpf(ordered, f, RELIC_JSON_FLAGS) : -1;
    json_decref(ordered);
    if (rc != 0)
        return -1;
    return fputc('\n', f) == EOF ? -1 : 0;
}

/* Plain ASCII (most game text) is already its own UTF-8: no conversion
 * buffer, and no second UTF-8 check (the conversion's output is valid by
 * construction). */
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
