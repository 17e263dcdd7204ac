/* save-inspect's shared helpers (a leaf: calls nothing else in the tool):
 * reading a save from a file or standard input, PATH=VALUE splitting and
 * printing diff rows. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "inspect.h"
#include "json_report.h"
#include "relic/io.h"

const char *inspect_name(const char *path) { return strcmp(path, "-") == 0 ? "<stdin>" : path; }

/* Standard input, bounded like relic_file_read. */
static int inspect_read_stdin(relic_buf *raw, relic_err *err)
{
    relic_buf_reset(raw);
    for (;;) {
        if (raw->cap - raw->len < 4096 && relic_buf_reserve(raw, 65536))
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        ssize_t n = read(STDIN_FILENO, raw->data + raw->len, raw->cap - raw->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "%s", strerror(errno));
        if (n == 0)
            return RELIC_OK;
        raw->len += (size_t)n;
        if (raw->len > RELIC_MAX_FILE_SIZE)
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "input larger than %zu bytes", RELIC_MAX_FILE_SIZE);
    }
}

int inspect_read(const char *path, relic_buf *raw, relic_err *err)
{
    relic_err_clear(err);
    int rc = strcmp(path, "-") == 0 ? inspect_read_stdin(raw, err) : relic_file_read(path, raw, err);
    if (rc) {
        relic_err_file(err, inspect_name(path));
        cli_report(err);
    }
    return rc;
}

int inspect_edit_split(const char *arg, char *path, size_t pathsz, const char **value, relic_err *err)
{
    const char *eq = strchr(arg, '=');
    if (!eq)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "edit '%s' is not PATH=VALUE", arg);
    size_t plen = (size_t)(eq - arg);
    if (plen >= pathsz)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "edit path too long");
    memcpy(path, arg, plen);
    path[plen] = '\0';
    *value = eq + 1;
    return RELIC_OK;
}

static void inspect_print_value(const json_t *v)
{
    char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT | JSON_SORT_KEYS);
    fputs(s ? s : "?", stdout);
    free(s);
}

/* The text form of a diff document: "PATH: OLD -> NEW" lines. */
static void inspect_diff_text(const json_t *doc)
{
    size_t i;
    json_t *d;
    json_array_foreach (json_object_get(doc, "differences"), i, d) {
        printf("%s: ", json_string_value(json_object_get(d, "path")));
        inspect_print_value(json_object_get(d, "old"));
        printf(" -> ");
        inspect_print_value(json_object_get(d, "new"));
        printf("\n");
    }
}

int inspect_print_diffs(const inspect_opts *o, json_t *diffs)
{
    json_t *doc = json_pack("{s:s, s:s, s:b, s:O}", "a", o->args[0], "b", o->args[1], "equal",
                            json_array_size(diffs) == 0, "differences", diffs);
    int status = inspect_print_report(o, doc, !diffs, "relic-save-diff", inspect_diff_text, 0);
    json_decref(doc);
    return status ? -1 : 0;
}

int inspect_print_report(const inspect_opts *o, const json_t *doc, int oom, const char *format,
                         void (*text)(const json_t *doc), int status)
{
    relic_err err;
    relic_err_clear(&err);
    if (relic_json_check(oom || !doc, &err)) {
        cli_report(&err);
        return CLI_EXIT_IO;
    }
    if (o->json)
        return cli_json_report(doc, format, 1, NULL) ? CLI_EXIT_IO : status;
    text(doc);
    return status;
}
