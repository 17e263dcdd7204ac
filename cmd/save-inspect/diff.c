/* save-inspect diff A B: the semantic differences agi_save_diff (or
 * riven_save_diff, for two .rvn saves) finds,
 * as "PATH: OLD -> NEW" lines or one JSON document; exit status as
 * diff(1) (see inspect.h). */
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "json_report.h"
#include "inspect.h"
#include "relic/agi_save_json.h"
#include "relic/io.h"

static void inspect_print_value(const json_t *v)
{
    char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT | JSON_SORT_KEYS);
    fputs(s ? s : "?", stdout);
    free(s);
}

static int inspect_diff_status(int rc)
{
    return rc == RELIC_EDATA ? INSPECT_DIFF_DATA : rc == RELIC_EUSAGE ? INSPECT_DIFF_USAGE : INSPECT_DIFF_IO;
}

int inspect_diff(const inspect_opts *o)
{
    if (inspect_is_riven(o->args[0]) || inspect_is_riven(o->args[1]))
        return inspect_riven_diff(o);
    agi_save a, b;
    relic_err err;
    int rc = inspect_load(o->args[0], o, &a, &err);
    if (rc)
        return inspect_diff_status(rc);
    rc = inspect_load(o->args[1], o, &b, &err);
    if (rc) {
        agi_save_free(&a);
        return inspect_diff_status(rc);
    }
    json_t *diffs = agi_save_diff(&a, &b, o->ignore, o->nignore, o->all);
    size_t n = json_array_size(diffs);
    inspect_print_diffs(o, diffs);
    json_decref(diffs);
    agi_save_free(&a);
    agi_save_free(&b);
    return n ? INSPECT_DIFF_DIFFERENT : INSPECT_DIFF_EQUAL;
}

void inspect_print_diffs(const inspect_opts *o, json_t *diffs)
{
    size_t n = json_array_size(diffs);
    if (o->json) {
        json_t *doc = json_pack("{s:s, s:s, s:b, s:O}", "a", o->args[0], "b", o->args[1], "equal", n == 0,
                                "differences", diffs);
        cli_json_report(doc, "relic-save-diff", 1, NULL);
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
}
