/* save-inspect diff A B: the semantic differences the format's diff finds,
 * as "PATH: OLD -> NEW" lines or one JSON document; exit status as diff(1)
 * (see inspect.h).  Both saves must be of one kind. */
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "inspect.h"

static int inspect_diff_status(int rc)
{
    return rc == RELIC_EDATA ? INSPECT_DIFF_DATA : rc == RELIC_EUSAGE ? INSPECT_DIFF_USAGE : INSPECT_DIFF_IO;
}

int inspect_diff(const inspect_opts *o)
{
    relic_buf raw[2] = {RELIC_BUF_INIT, RELIC_BUF_INIT};
    const inspect_format *f[2] = {NULL, NULL};
    void *save[2] = {NULL, NULL};
    relic_err err;
    int status = -1, rc;
    for (int i = 0; i < 2 && status < 0; i++) {
        if ((rc = inspect_read(o->args[i], &raw[i], &err)) != RELIC_OK)
            status = inspect_diff_status(rc);
        else
            f[i] = inspect_format_of(&raw[i]);
    }
    for (int i = 0; i < 2 && status < 0; i++)
        if (f[i]->check(o, INSPECT_CMD_DIFF, o->args[i]) >= 0)
            status = INSPECT_DIFF_USAGE;
    if (status < 0 && f[0] != f[1]) {
        cli_usage_error("cannot compare %s with %s (%s, %s)", f[0]->title, f[1]->title, o->args[0], o->args[1]);
        status = INSPECT_DIFF_USAGE;
    }
    for (int i = 0; i < 2 && status < 0; i++)
        if ((rc = inspect_load(f[i], o, &raw[i], &save[i], &err)) != RELIC_OK) {
            relic_err_file(&err, inspect_name(o->args[i]));
            cli_report(&err);
            status = inspect_diff_status(rc);
        }
    if (status < 0) {
        json_t *diffs = f[0]->diff(o, save[0], save[1]);
        size_t n = json_array_size(diffs);
        if (inspect_print_diffs(o, diffs)) /* NULL diffs too: not "equal" */
            status = INSPECT_DIFF_IO;
        else
            status = n ? INSPECT_DIFF_DIFFERENT : INSPECT_DIFF_EQUAL;
        json_decref(diffs);
    }
    for (int i = 0; i < 2; i++) {
        if (save[i])
            inspect_release(f[i], save[i]);
        relic_buf_free(&raw[i]);
    }
    return status;
}
