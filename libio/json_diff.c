/* Semantic differences between two JSON trees, the one walk under the AGI
 * and Riven save diffs (relic/agi_save_json.h, relic/riven_save_json.h):
 * compared leaf by leaf, each difference a JSON Pointer (RFC 6901: '~' as
 * ~0, '/' as ~1) with the old and new value, sorted by path with numbers
 * in numeric order (/objects/2 before /objects/10). */
#define _GNU_SOURCE /* strverscmp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/io.h"

typedef struct relic_json_diff_ctx {
    int (*ignored)(const char *path, void *arg);
    void *arg;
    json_t *out;
    int oom; /* sticky (relic_json_append): a lost difference makes no diff */
} relic_json_diff_ctx;

void relic_json_pointer_join(char *out, size_t cap, const char *path, const char *key)
{
    size_t k = (size_t)snprintf(out, cap, "%s/", path);
    for (const char *p = key; *p && k + 3 < cap; p++) {
        if (*p == '~' || *p == '/') {
            out[k++] = '~';
            out[k++] = *p == '~' ? '0' : '1';
        } else {
            out[k++] = *p;
        }
    }
    out[k < cap ? k : cap - 1] = '\0';
}

/* The saves' documents nest four levels at most, so the recursion depth is
 * fixed by their builders, not by the data. */
static void relic_json_diff_walk(relic_json_diff_ctx *x, const char *path, json_t *a, json_t *b)
{
    if (path[0] && x->ignored(path, x->arg))
        return; /* ancestors were matched on the way down */
    char sub[600];
    if (json_is_object(a) && json_is_object(b)) {
        const char *key;
        json_t *v;
        json_object_foreach (a, key, v) {
            relic_json_pointer_join(sub, sizeof sub, path, key);
            relic_json_diff_walk(x, sub, v, json_object_get(b, key));
        }
        json_object_foreach (b, key, v)
            if (!json_object_get(a, key)) {
                relic_json_pointer_join(sub, sizeof sub, path, key);
                relic_json_diff_walk(x, sub, NULL, v);
            }
        return;
    }
    if (json_is_array(a) && json_is_array(b)) {
        size_t na = json_array_size(a), nb = json_array_size(b);
        for (size_t i = 0; i < (na > nb ? na : nb); i++) {
            snprintf(sub, sizeof sub, "%s/%zu", path, i);
            relic_json_diff_walk(x, sub, json_array_get(a, i), json_array_get(b, i));
        }
        return;
    }
    if (a && b && json_equal(a, b))
        return;
    relic_json_append(
        x->out, json_pack("{s:s, s:O, s:O}", "path", path, "old", a ? a : json_null(), "new", b ? b : json_null()),
        &x->oom);
}

static int relic_json_diff_cmp(const void *pa, const void *pb)
{
    return strverscmp(json_string_value(json_object_get(*(json_t *const *)pa, "path")),
                      json_string_value(json_object_get(*(json_t *const *)pb, "path")));
}

json_t *relic_json_diff(json_t *a, json_t *b, int (*ignored)(const char *path, void *arg), void *arg)
{
    relic_json_diff_ctx x = {ignored, arg, json_array(), 0};
    x.oom = !a || !b || !x.out;
    if (!x.oom)
        relic_json_diff_walk(&x, "", a, b);
    json_decref(a); /* the rows hold their own references to the values */
    json_decref(b);
    size_t n = json_array_size(x.out);
    json_t **v = relic_alloc_array(n, sizeof *v), *out = json_array();
    x.oom |= !v;
    for (size_t i = 0; v && i < n; i++)
        v[i] = json_array_get(x.out, i);
    if (v)
        qsort(v, n, sizeof *v, relic_json_diff_cmp);
    for (size_t i = 0; v && i < n; i++)
        relic_json_append(out, json_incref(v[i]), &x.oom);
    free(v);
    json_decref(x.out);
    if (x.oom) { /* an empty or short list would read as equal documents */
        json_decref(out);
        return NULL;
    }
    return out;
}
