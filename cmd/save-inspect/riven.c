/* save-inspect on Riven .rvn saves (Mohawk archives; see
 * relic/riven_save_json.h): the same four commands and conventions as for
 * AGI saves, chosen by the "MHWK" signature at the start of the file; this
 * file exports the descriptor inspect_riven_format (inspect.h). */
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
#include "relic/riven_save_json.h"

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
    json_array_foreach ((json_t *)extra, xi, x)
        printf("  record %d = %llu\n", (int)json_integer_value(json_object_get(x, "record")),
               (unsigned long long)json_integer_value(json_object_get(x, "value")));
    size_t n = json_object_size(vars), k = 0;
    const char **keys = relic_alloc_array(n, sizeof *keys);
    const char *key;
    json_t *v;
    if (keys) {
        json_object_foreach ((json_t *)vars, key, v)
            keys[k++] = key;
        qsort(keys, n, sizeof *keys, inspect_riven_key_cmp);
        for (k = 0; k < n; k++)
            printf("  %s = %llu\n", keys[k], (unsigned long long)json_integer_value(json_object_get(vars, keys[k])));
        free(keys);
    }
    const json_t *zips = json_object_get(doc, "zip_modes");
    printf("zip modes:  %zu\n", json_array_size(zips));
    json_array_foreach ((json_t *)zips, k, v)
        printf("  %s -> card %d\n", json_string_value(json_object_get(v, "name")),
               (int)json_integer_value(json_object_get(v, "card")));
}

static int inspect_riven_detect(const uint8_t *data, size_t len) { return len >= 4 && memcmp(data, "MHWK", 4) == 0; }

/* --profile and --game are AGI options. */
static int inspect_riven_check(const inspect_opts *o, int cmd, const char *path)
{
    if (cmd == INSPECT_CMD_DIFF && o->profile)
        return cli_usage_error("--profile applies to AGI saves, not Riven saves%s", "");
    if ((cmd == INSPECT_CMD_REPORT || cmd == INSPECT_CMD_SET) && (o->profile || o->game_dir))
        return cli_usage_error("--profile and --game apply to AGI saves; %s is a Riven save", path);
    return -1;
}

static int inspect_riven_decode(const inspect_opts *o, const relic_buf *raw, void *save, relic_err *err)
{
    (void)o;
    return riven_save_decode(raw->data, raw->len, save, err);
}

static void inspect_riven_release(void *save) { riven_save_free(save); }

static int inspect_riven_report(const inspect_opts *o, const char *path, const relic_buf *raw, void *save)
{
    (void)path;
    (void)raw;
    json_t *doc = riven_save_to_json(save);
    int status = inspect_print_report(o, doc, 0, "relic-riven-save", inspect_riven_text, CLI_EXIT_OK);
    json_decref(doc);
    return status;
}

static json_t *inspect_riven_diff(const inspect_opts *o, const void *a, const void *b)
{
    return riven_save_diff(a, b, o->ignore, o->nignore, o->all);
}

static int inspect_riven_set(void *save, const char *path, const char *value, relic_err *err)
{
    return riven_save_set_path(save, path, value, err);
}

static int inspect_riven_encode(const void *save, const relic_buf *raw, relic_buf *out, relic_err *err)
{
    return riven_save_encode(raw->data, raw->len, save, out, err);
}

static int inspect_riven_validate(const inspect_opts *o, const char *path, void *save, json_t *row, char *ok_line,
                                  size_t n, relic_err *err)
{
    (void)path;
    riven_save *s = save;
    relic_err_clear(err);
    if (o->game_dir)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "--game applies to AGI saves; this is a Riven save");
    riven_save_validate(s, err);
    if (err->code != RELIC_OK)
        return err->code;
    int oom = 0;
    relic_json_set(row, "format", json_string(RIVEN_SAVE_JSON_FORMAT), &oom);
    size_t extra = riven_save_extra_records(s);
    int w = snprintf(ok_line, n, "Riven save, %s, %u variables, zip modes %u", riven_save_edition(s->version),
                     s->names.count, s->zips.count);
    if (extra && w > 0 && (size_t)w < n)
        snprintf(ok_line + w, n - (size_t)w, "; %zu extra VARS records, %u..%zu, as the engine writes them", extra,
                 s->names.count, s->vars.count - 1);
    json_t *idx = json_array();
    for (size_t i = s->names.count; i < s->vars.count; i++)
        relic_json_append(idx, json_integer((json_int_t)i), &oom);
    relic_json_set(row, "extra_records", idx, &oom);
    return relic_json_check(oom, err);
}

const inspect_format inspect_riven_format = {
    .title = "a Riven save",
    .detect = inspect_riven_detect,
    .check = inspect_riven_check,
    .save_size = sizeof(riven_save),
    .decode = inspect_riven_decode,
    .release = inspect_riven_release,
    .report = inspect_riven_report,
    .diff = inspect_riven_diff,
    .set = inspect_riven_set,
    .encode = inspect_riven_encode,
    .validate = inspect_riven_validate,
};
