/* save-inspect SAVE: reads the save (a file or "-" for standard input),
 * picks its format from the table and lets the format print one report
 * (text, or JSON with --json). */
#include <stdio.h>
#include "cli.h"
#include "inspect.h"

int inspect_report(const inspect_opts *o)
{
    const char *path = o->args[0];
    relic_buf raw = RELIC_BUF_INIT;
    relic_err err;
    int rc = inspect_read(path, &raw, &err);
    if (rc)
        return cli_exit_code(rc);
    const inspect_format *f = inspect_format_of(&raw);
    int status = f->check(o, INSPECT_CMD_REPORT, path);
    void *save = NULL;
    if (status < 0) {
        if ((rc = inspect_load(f, o, &raw, &save, &err)) != RELIC_OK) {
            relic_err_file(&err, inspect_name(path));
            cli_report(&err);
            status = cli_exit_code(rc);
        } else {
            status = f->report(o, path, &raw, save);
            inspect_release(f, save);
        }
    }
    relic_buf_free(&raw);
    return status;
}
