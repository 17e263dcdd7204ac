/* save-inspect set and validate, for any save kind in the format table.
 * set decodes, applies every edit to the decoded save and re-encodes, so
 * bytes it was not asked to change come out as they went in; nothing is
 * written unless every edit was accepted, and an output that names the
 * input is refused unless --in-place (which keeps SAVE.bak). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "streams.h"
#include "json_report.h"
#include "inspect.h"
#include "relic/io.h"

static int inspect_apply(const inspect_format *f, void *save, const inspect_opts *o, relic_err *err)
{
    for (int i = 1; i < o->nargs; i++) {
        char path[256];
        const char *value;
        int rc = inspect_edit_split(o->args[i], path, sizeof path, &value, err);
        if (rc == RELIC_OK)
            rc = f->set(save, path, value, err);
        if (rc)
            return rc;
    }
    return RELIC_OK;
}

/* -o NEW, or SAVE itself keeping SAVE.bak.  The replaced save is the
 * user's only copy, so both writes are durable (fsync). */
static int inspect_write_edit(const inspect_opts *o, const char *path, const relic_buf *in, const relic_buf *out,
                              relic_err *err)
{
    /* -o -: the edited save on standard output (issue 18). */
    if (!o->in_place)
        return cli_write_output(o->out, out->data, out->len, err);
    char bak[4096];
    if ((size_t)snprintf(bak, sizeof bak, "%s.bak", path) >= sizeof bak)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "path too long");
    int rc = relic_file_write_atomic_flags(bak, in->data, in->len, RELIC_OUT_DURABLE, err);
    return rc ? rc : relic_file_write_atomic_flags(path, out->data, out->len, RELIC_OUT_DURABLE, err);
}

int inspect_set(const inspect_opts *o)
{
    const char *path = o->args[0];
    if (o->in_place && strcmp(path, "-") == 0)
        return cli_usage_error("--in-place needs a file, not standard input%s", "");
    if (!o->in_place && strcmp(o->out, "-") != 0 && relic_path_same_file(path, o->out))
        return cli_usage_error("output %s is the input; use --in-place to replace it (keeps %s.bak)", o->out, path);
    relic_buf in = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
    relic_err err;
    int rc = inspect_read(path, &in, &err);
    if (rc)
        return cli_exit_code(rc);
    const inspect_format *f = inspect_format_of(&in);
    int status = f->check(o, INSPECT_CMD_SET, path);
    void *save = NULL;
    if (status >= 0)
        goto done;
    if ((rc = inspect_load(f, o, &in, &save, &err)) != RELIC_OK) {
        save = NULL;
    } else if ((rc = inspect_apply(f, save, o, &err)) != RELIC_OK) {
        cli_report(&err);
        status = CLI_EXIT_USAGE;
        goto done;
    } else if ((rc = f->encode(save, &in, &out, &err)) == RELIC_OK) {
        rc = inspect_write_edit(o, path, &in, &out, &err);
    }
    if (rc) {
        relic_err_file(&err, inspect_name(path));
        cli_report(&err);
    }
    status = cli_exit_code(rc);
done:
    if (save)
        inspect_release(f, save);
    relic_buf_free(&in);
    relic_buf_free(&out);
    return status;
}

/* Findings go to stderr as "save-inspect: FILE: what (offset 0x..)"; the
 * "ok" lines (text mode) and the JSON rows go to stdout.  stdout is
 * flushed first so the two streams keep their order on one terminal. */
static void inspect_finding(const relic_err *err)
{
    fflush(stdout);
    cli_report(err);
}

int inspect_validate(const inspect_opts *o)
{
    int bad = 0, io = 0;
    json_t *rows = json_array();
    int oom = !rows; /* sticky (relic_json_set): checked before the JSON rows print */
    for (int i = 0; i < o->nargs; i++) {
        const char *path = o->args[i];
        relic_buf in = RELIC_BUF_INIT;
        relic_err err;
        if (inspect_read(path, &in, &err) != RELIC_OK) {
            io = 1;
            continue;
        }
        const inspect_format *f = inspect_format_of(&in);
        json_t *row = json_pack("{s:s}", "file", inspect_name(path));
        char ok_line[300] = "";
        void *save = NULL;
        int rc = inspect_load(f, o, &in, &save, &err);
        if (rc == RELIC_OK) {
            rc = f->validate(o, path, save, row, ok_line, sizeof ok_line, &err);
            inspect_release(f, save);
        }
        relic_json_set(row, "ok", json_boolean(rc == RELIC_OK), &oom);
        if (rc == RELIC_OK) {
            if (!o->json)
                printf("%s: ok (%s)\n", inspect_name(path), ok_line);
        } else {
            /* The JSON row names its file beside the message. */
            char line[600];
            relic_err_format(&err, line, sizeof line);
            relic_json_set(row, "error", json_string(line), &oom);
            relic_err_file(&err, inspect_name(path));
            inspect_finding(&err);
            if (rc == RELIC_ENOMEM)
                io = 1;
            else
                bad = 1;
        }
        relic_json_append(rows, row, &oom);
        relic_buf_free(&in);
    }
    if (o->json) {
        relic_err err;
        relic_err_clear(&err);
        if (relic_json_check(oom, &err)) {
            inspect_finding(&err);
            io = 1;
        } else if (cli_json_report(rows, "relic-save-check", 1, "saves")) {
            io = 1;
        }
    }
    json_decref(rows);
    return io ? CLI_EXIT_IO : bad ? CLI_EXIT_DATA : CLI_EXIT_OK;
}
