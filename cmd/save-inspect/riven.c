/* save-inspect on Riven .rvn saves (Mohawk archives; see
 * relic/riven_save_json.h): the same four commands and conventions as for
 * AGI saves, chosen by the "MHWK" signature at the start of the file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cli.h"
#include "json_report.h"
#include "inspect.h"
#include "relic/core.h"
#include "relic/io.h"
#include "relic/riven_save_json.h"

int inspect_is_riven(const char *path)
{
    unsigned char sig[4];
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t n = fread(sig, 1, sizeof sig, f);
    fclose(f);
    return n == sizeof sig && memcmp(sig, "MHWK", 4) == 0;
}

/* Reads and decodes; on failure reports "FILE: what (offset)" and returns
 * the relic code.  raw keeps the file's bytes for the writer. */
static int inspect_riven_load(const char *path, relic_buf *raw, riven_save *s, relic_err *err)
{
    relic_err_clear(err);
    memset(s, 0, sizeof *s);
    int rc = relic_file_read(path, raw, err);
    if (rc == RELIC_OK)
        rc = riven_save_decode(raw->data, raw->len, s, err);
    if (rc) {
        relic_err_file(err, path);
        cli_report(err);
    }
    return rc;
}

static int inspect_riven_key_cmp(const void *a, const void *b)
{
    return strcasecmp(*(const char *const *)a, *(const char *const *)b);
}

static void inspect_riven_text(const json_t *doc)
{
    const json_t *ver = json_object_get(doc, "version"), *vars = json_object_get(doc, "variables");
    if (json_is_integer(ver))
        printf("format:     Riven save, VERS 0x%08llx (%s)\n", (unsigned long long)json_integer_value(ver),
               json_string_value(json_object_get(doc, "edition")));
    else
        printf("format:     Riven save, no VERS\n");
    printf("variables:  %zu (%d names in NAME 1, %d records in VARS 1)\n", json_object_size(vars),
           (int)json_integer_value(json_object_get(doc, "name_count")),
           (int)json_integer_value(json_object_get(doc, "record_count")));
    const json_t *extra = json_object_get(doc, "extra_records"), *x;
    size_t xi;
    if (json_array_size(extra))
        printf("extra:      %zu VARS records without a name (the engine ignores them)\n", json_array_size(extra));
    json_array_foreach((json_t *)extra, xi, x)
        printf("  record %d = %llu\n", (int)json_integer_value(json_object_get(x, "record")),
               (unsigned long long)json_integer_value(json_object_get(x, "value")));
    size_t n = json_object_size(vars), k = 0;
    const char **keys = relic_alloc_array(n, sizeof *keys);
    const char *key;
    json_t *v;
    if (keys) {
        json_object_foreach((json_t *)vars, key, v)
            keys[k++] = key;
        qsort(keys, n, sizeof *keys, inspect_riven_key_cmp);
        for (k = 0; k < n; k++)
            printf("  %s = %llu\n", keys[k], (unsigned long long)json_integer_value(json_object_get(vars, keys[k])));
        free(keys);
    }
    const json_t *zips = json_object_get(doc, "zip_modes");
    printf("zip modes:  %zu\n", json_array_size(zips));
    json_array_foreach((json_t *)zips, k, v)
        printf("  %s -> card %d\n", json_string_value(json_object_get(v, "name")),
               (int)json_integer_value(json_object_get(v, "card")));
}

static int inspect_riven_agi_only(const inspect_opts *o, const char *path)
{
    if (o->profile || o->game_dir)
        return cli_usage_error("--profile and --game apply to AGI saves; %s is a Riven save", path);
    return -1;
}

int inspect_riven_report(const inspect_opts *o)
{
    const char *path = o->args[0];
    int rc = inspect_riven_agi_only(o, path);
    if (rc >= 0)
        return rc;
    relic_buf raw = RELIC_BUF_INIT;
    riven_save s;
    relic_err err;
    rc = inspect_riven_load(path, &raw, &s, &err);
    relic_buf_free(&raw);
    if (rc)
        return cli_exit_code(rc);
    json_t *doc = riven_save_to_json(&s);
    if (o->json)
        cli_json_report(doc, "relic-riven-save", 1, NULL);
    else
        inspect_riven_text(doc);
    json_decref(doc);
    riven_save_free(&s);
    return CLI_EXIT_OK;
}

static int inspect_riven_diff_status(int rc)
{
    return rc == RELIC_EDATA ? INSPECT_DIFF_DATA : rc == RELIC_EUSAGE ? INSPECT_DIFF_USAGE : INSPECT_DIFF_IO;
}

int inspect_riven_diff(const inspect_opts *o)
{
    if (o->profile) {
        cli_usage_error("--profile applies to AGI saves, not Riven saves%s", "");
        return INSPECT_DIFF_USAGE;
    }
    if (inspect_is_riven(o->args[0]) != inspect_is_riven(o->args[1])) {
        cli_usage_error("cannot compare a Riven save with an AGI save (%s, %s)", o->args[0], o->args[1]);
        return INSPECT_DIFF_USAGE;
    }
    relic_buf raw = RELIC_BUF_INIT;
    riven_save a, b;
    relic_err err;
    int rc = inspect_riven_load(o->args[0], &raw, &a, &err);
    relic_buf_free(&raw);
    if (rc)
        return inspect_riven_diff_status(rc);
    rc = inspect_riven_load(o->args[1], &raw, &b, &err);
    relic_buf_free(&raw);
    if (rc) {
        riven_save_free(&a);
        return inspect_riven_diff_status(rc);
    }
    json_t *diffs = riven_save_diff(&a, &b, o->ignore, o->nignore, o->all);
    size_t n = json_array_size(diffs);
    inspect_print_diffs(o, diffs);
    json_decref(diffs);
    riven_save_free(&a);
    riven_save_free(&b);
    return n ? INSPECT_DIFF_DIFFERENT : INSPECT_DIFF_EQUAL;
}

static int inspect_riven_apply(riven_save *s, const inspect_opts *o, relic_err *err)
{
    for (int i = 1; i < o->nargs; i++) {
        char path[256];
        const char *value;
        int rc = inspect_edit_split(o->args[i], path, sizeof path, &value, err);
        if (rc == RELIC_OK)
            rc = riven_save_set_path(s, path, value, err);
        if (rc)
            return rc;
    }
    return RELIC_OK;
}

int inspect_riven_set(const inspect_opts *o)
{
    const char *path = o->args[0];
    int rc = inspect_riven_agi_only(o, path);
    if (rc >= 0)
        return rc;
    relic_buf in = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
    riven_save s;
    relic_err err;
    rc = inspect_riven_load(path, &in, &s, &err);
    if (rc) {
        relic_buf_free(&in);
        return cli_exit_code(rc);
    }
    if ((rc = inspect_riven_apply(&s, o, &err)) != RELIC_OK) {
        cli_report(&err);
        riven_save_free(&s);
        relic_buf_free(&in);
        return CLI_EXIT_USAGE;
    }
    rc = riven_save_encode(in.data, in.len, &s, &out, &err);
    rc = inspect_write_edit(o, path, &in, &out, rc, &err);
    riven_save_free(&s);
    relic_buf_free(&in);
    relic_buf_free(&out);
    return rc;
}

int inspect_riven_validate(const inspect_opts *o, const char *path, const relic_buf *in, json_t *row)
{
    riven_save s;
    relic_err err;
    relic_err_clear(&err);
    if (o->game_dir) {
        relic_err_set(&err, RELIC_EDATA, RELIC_NO_OFFSET, "--game applies to AGI saves; this is a Riven save");
    } else if (riven_save_decode(in->data, in->len, &s, &err) == RELIC_OK) {
        riven_save_validate(&s, &err);
        size_t extra = riven_save_extra_records(&s);
        if (err.code == RELIC_OK && !o->json) {
            printf("%s: ok (Riven save, %s, %u variables, zip modes %u", path, riven_save_edition(s.version),
                   s.names.count, s.zips.count);
            if (extra)
                printf("; %zu extra VARS records, %u..%zu, as the engine writes them", extra, s.names.count,
                       s.vars.count - 1);
            printf(")\n");
        }
        if (err.code == RELIC_OK) {
            json_t *idx = json_array();
            for (size_t i = s.names.count; i < s.vars.count; i++)
                json_array_append_new(idx, json_integer((json_int_t)i));
            json_object_set_new(row, "extra_records", idx);
        }
        riven_save_free(&s);
    }
    if (err.code == RELIC_OK) {
        json_object_set_new(row, "format", json_string("riven"));
        return 0;
    }
    char line[600];
    relic_err_format(&err, line, sizeof line);
    json_object_set_new(row, "error", json_string(line));
    /* a finding goes to stderr, naming the file and the offset (issue 17);
     * stdout first, so the lines keep their order in a shared terminal */
    fflush(stdout);
    fprintf(stderr, "%s: %s\n", path, line);
    return 1;
}
