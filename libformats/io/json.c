/* JSON output over jansson (relic/io.h): keys in natural order and a fixed
 * indent, so equal documents print equal bytes and numbered keys read in
 * their numeric order (v0, v1, v2, ..., v10, not v0, v1, v10, v100).
 * jansson sorts only by strcmp, so the document is first copied with each
 * object's keys inserted in natural order and printed in insertion order.
 * The copy walks with an explicit stack: nesting depth can come from data
 * (decompiled script trees). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/io.h"
#include "relic/text.h"

#define RELIC_JSON_FLAGS (JSON_PRESERVE_ORDER | JSON_INDENT(2))

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
            json_object_foreach((json_t *)p.src, key, v) keys[k++] = key;
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

static int relic_json_cb(const char *buf, size_t size, void *data)
{
    relic_buf_append(data, buf, size);
    return 0;
}

int relic_json_encode(const json_t *doc, relic_buf *out, relic_err *err)
{
    relic_buf_reset(out);
    json_t *ordered = relic_json_ordered(doc);
    int rc = ordered ? json_dump_callback(ordered, relic_json_cb, out, RELIC_JSON_FLAGS) : -1;
    json_decref(ordered);
    if (rc != 0)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "JSON encoding failed");
    relic_buf_u8(out, '\n');
    return relic_buf_check(out, err);
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

json_t *relic_json_bytes(const uint8_t *s, size_t n)
{
    relic_buf b = RELIC_BUF_INIT;
    relic_cp437_to_utf8(s, n, &b);
    json_t *j = b.oom ? NULL : json_stringn(b.data ? (const char *)b.data : "", b.len);
    relic_buf_free(&b);
    return j;
}
