/* Semantic differences between two AGI saves: both as their JSON trees
 * (save_json.c), compared leaf by leaf, each difference a JSON Pointer
 * with the old and new value.  Reserved bytes, inactive replay slots and
 * the objects' serialized reference tokens are not game state
 * (session_and_persistence.md "Profile 2.936 block 2", "Reserved-state
 * rule") and are left out unless asked for. */
#define _GNU_SOURCE /* strverscmp: /objects/2 before /objects/10 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_save_json.h"
#include "relic/core.h"

static const char *const agi_save_noise[] = {"/reserved", "/objects/*/*_token"};

typedef struct agi_save_diff_ctx {
    const char *const *ignore;
    unsigned nignore;
    int all;
    json_t *out;
} agi_save_diff_ctx;

/* Ancestors were matched on the way down (the walk stops at an ignored
 * node), so only the node itself is tested here. */
static int agi_save_match(const char *pattern, const char *path) { return fnmatch(pattern, path, FNM_PATHNAME) == 0; }

static int agi_save_ignored(const agi_save_diff_ctx *x, const char *path)
{
    for (unsigned i = 0; i < x->nignore; i++)
        if (agi_save_match(x->ignore[i], path))
            return 1;
    if (!x->all)
        for (size_t i = 0; i < sizeof agi_save_noise / sizeof agi_save_noise[0]; i++)
            if (agi_save_match(agi_save_noise[i], path))
                return 1;
    return 0;
}

/* Our own documents nest four levels at most, so recursion is bounded by
 * agi_save_to_json, not by the data. */
static void agi_save_walk(agi_save_diff_ctx *x, const char *path, json_t *a, json_t *b)
{
    if (path[0] && agi_save_ignored(x, path))
        return;
    char sub[512];
    if (json_is_object(a) && json_is_object(b)) {
        const char *key;
        json_t *v;
        json_object_foreach (a, key, v) {
            snprintf(sub, sizeof sub, "%s/%s", path, key);
            agi_save_walk(x, sub, v, json_object_get(b, key));
        }
        json_object_foreach (b, key, v) {
            if (json_object_get(a, key))
                continue;
            snprintf(sub, sizeof sub, "%s/%s", path, key);
            agi_save_walk(x, sub, NULL, v);
        }
        return;
    }
    if (json_is_array(a) && json_is_array(b)) {
        size_t n = json_array_size(a) > json_array_size(b) ? json_array_size(a) : json_array_size(b);
        for (size_t i = 0; i < n; i++) {
            snprintf(sub, sizeof sub, "%s/%zu", path, i);
            agi_save_walk(x, sub, json_array_get(a, i), json_array_get(b, i));
        }
        return;
    }
    if (a && b && json_equal(a, b))
        return;
    json_array_append_new(
        x->out, json_pack("{s:s, s:O, s:O}", "path", path, "old", a ? a : json_null(), "new", b ? b : json_null()));
}

static int agi_save_path_cmp(const void *pa, const void *pb)
{
    return strverscmp(json_string_value(json_object_get(*(json_t *const *)pa, "path")),
                      json_string_value(json_object_get(*(json_t *const *)pb, "path")));
}

json_t *agi_save_diff(const agi_save *a, const agi_save *b, const char *const *ignore, unsigned nignore, int all)
{
    json_t *ja = agi_save_to_json(a), *jb = agi_save_to_json(b);
    agi_save_diff_ctx x = {ignore, nignore, all, json_array()};
    agi_save_walk(&x, "", ja, jb);
    json_decref(ja);
    json_decref(jb);
    size_t n = json_array_size(x.out);
    json_t **v = relic_alloc_array(n, sizeof *v);
    json_t *out = json_array();
    if (v) {
        for (size_t i = 0; i < n; i++)
            v[i] = json_array_get(x.out, i);
        qsort(v, n, sizeof *v, agi_save_path_cmp);
        for (size_t i = 0; i < n; i++)
            json_array_append(out, v[i]);
        free(v);
    }
    json_decref(x.out);
    return out;
}
