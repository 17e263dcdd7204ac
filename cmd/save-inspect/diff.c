/* save-inspect diff A B: both saves as their JSON trees, compared leaf by
 * leaf; each difference is a JSON Pointer with the old and new value.
 * Reserved bytes, inactive replay slots and the objects' serialized
 * reference tokens are not game state (session_and_persistence.md
 * "Profile 2.936 block 2", "Reserved-state rule") and are left out unless
 * --all is given. */
#define _GNU_SOURCE /* strverscmp: /objects/2 before /objects/10 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "inspect.h"
#include "relic/agi_save_json.h"
#include "relic/io.h"

static const char *const inspect_noise[] = {"/reserved", "/objects/*/*_token"};

typedef struct inspect_diff_ctx {
    const inspect_opts *o;
    json_t *out;
} inspect_diff_ctx;

static int inspect_match(const char *pattern, const char *path)
{
    /* PATH or anything under it. */
    char prefix[512];
    size_t n = strlen(path);
    if (n >= sizeof prefix)
        return 0;
    memcpy(prefix, path, n + 1);
    for (;;) {
        if (fnmatch(pattern, prefix, FNM_PATHNAME) == 0)
            return 1;
        char *slash = strrchr(prefix, '/');
        if (!slash || slash == prefix)
            return 0;
        *slash = '\0';
    }
}

static int inspect_ignored(const inspect_diff_ctx *x, const char *path)
{
    for (unsigned i = 0; i < x->o->nignore; i++)
        if (inspect_match(x->o->ignore[i], path))
            return 1;
    if (!x->o->all)
        for (size_t i = 0; i < sizeof inspect_noise / sizeof inspect_noise[0]; i++)
            if (inspect_match(inspect_noise[i], path))
                return 1;
    return 0;
}

/* Our own documents nest four levels at most, so recursion is bounded. */
static void inspect_walk(inspect_diff_ctx *x, const char *path, json_t *a, json_t *b)
{
    if (path[0] && inspect_ignored(x, path))
        return;
    char sub[512];
    if (json_is_object(a) && json_is_object(b)) {
        const char *key;
        json_t *v;
        json_object_foreach(a, key, v) {
            snprintf(sub, sizeof sub, "%s/%s", path, key);
            inspect_walk(x, sub, v, json_object_get(b, key));
        }
        json_object_foreach(b, key, v) {
            if (json_object_get(a, key))
                continue;
            snprintf(sub, sizeof sub, "%s/%s", path, key);
            inspect_walk(x, sub, NULL, v);
        }
        return;
    }
    if (json_is_array(a) && json_is_array(b)) {
        size_t n = json_array_size(a) > json_array_size(b) ? json_array_size(a) : json_array_size(b);
        for (size_t i = 0; i < n; i++) {
            snprintf(sub, sizeof sub, "%s/%zu", path, i);
            inspect_walk(x, sub, json_array_get(a, i), json_array_get(b, i));
        }
        return;
    }
    if (a && b && json_equal(a, b))
        return;
    json_array_append_new(x->out, json_pack("{s:s, s:O, s:O}", "path", path, "old", a ? a : json_null(), "new",
                                            b ? b : json_null()));
}

static int inspect_path_cmp(const void *pa, const void *pb)
{
    return strverscmp(json_string_value(json_object_get(*(json_t *const *)pa, "path")),
                  json_string_value(json_object_get(*(json_t *const *)pb, "path")));
}

static void inspect_print_value(const json_t *v)
{
    char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT | JSON_SORT_KEYS);
    fputs(s ? s : "?", stdout);
    free(s);
}

/* Differences from a tree walk come in each object's key order; sorting
 * makes the output independent of it. */
static json_t *inspect_sorted(json_t *diffs)
{
    size_t n = json_array_size(diffs);
    json_t **v = malloc((n ? n : 1) * sizeof *v);
    json_t *out = json_array();
    if (!v)
        return out;
    for (size_t i = 0; i < n; i++)
        v[i] = json_array_get(diffs, i);
    qsort(v, n, sizeof *v, inspect_path_cmp);
    for (size_t i = 0; i < n; i++)
        json_array_append(out, v[i]);
    free(v);
    return out;
}

int inspect_diff(const inspect_opts *o)
{
    agi_save a, b;
    relic_err err;
    int rc = inspect_load(o->args[0], o, &a, &err);
    if (rc)
        return rc == RELIC_EDATA ? INSPECT_DIFF_DATA : rc == RELIC_EUSAGE ? INSPECT_DIFF_USAGE : INSPECT_DIFF_IO;
    rc = inspect_load(o->args[1], o, &b, &err);
    if (rc) {
        agi_save_free(&a);
        return rc == RELIC_EDATA ? INSPECT_DIFF_DATA : rc == RELIC_EUSAGE ? INSPECT_DIFF_USAGE : INSPECT_DIFF_IO;
    }
    json_t *ja = agi_save_to_json(&a), *jb = agi_save_to_json(&b);
    inspect_diff_ctx x = {o, json_array()};
    inspect_walk(&x, "", ja, jb);
    json_t *diffs = inspect_sorted(x.out);
    size_t n = json_array_size(diffs);
    if (o->json) {
        json_t *doc = json_pack("{s:s, s:s, s:b, s:O}", "a", o->args[0], "b", o->args[1], "equal", n == 0,
                                "differences", diffs);
        relic_json_print(stdout, doc);
        json_decref(doc);
    } else {
        size_t i;
        json_t *d;
        json_array_foreach(diffs, i, d) {
            printf("%s: ", json_string_value(json_object_get(d, "path")));
            inspect_print_value(json_object_get(d, "old"));
            printf(" -> ");
            inspect_print_value(json_object_get(d, "new"));
            printf("\n");
        }
    }
    json_decref(diffs);
    json_decref(x.out);
    json_decref(ja);
    json_decref(jb);
    agi_save_free(&a);
    agi_save_free(&b);
    return n ? INSPECT_DIFF_DIFFERENT : INSPECT_DIFF_EQUAL;
}
