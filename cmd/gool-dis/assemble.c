/* gool-dis --assemble: reads each listing and writes the entry or the NSF
 * file the library's builder (libvm/gool/build.c) makes of them. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gool_dis.h"
#include "streams.h"
#include "relic/gool_dis.h"
#include "relic/io.h"

int gd_assemble(const gd_opts *o)
{
    size_t l = strlen(o->out);
    int nsf = l > 4 && strcmp(o->out + l - 4, ".nsf") == 0;
    if (!nsf && o->ninputs != 1)
        return cli_usage_error("several sources need an -o ending in .nsf");
    relic_buf *ents = calloc((size_t)o->ninputs, sizeof *ents);
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    const char *file = o->out;
    int rc = ents ? RELIC_OK : relic_err_set(&err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (int i = 0; i < o->ninputs && !rc; i++) {
        relic_buf src = RELIC_BUF_INIT;
        file = o->inputs[i];
        rc = relic_file_read(file, &src, &err);
        if (!rc)
            rc = gool_build_entry((const char *)src.data, src.len, &ents[i], &err);
        relic_buf_free(&src);
    }
    if (!rc) {
        file = o->out;
        if (nsf)
            rc = gool_build_nsf(ents, (size_t)o->ninputs, &out, &err);
        else
            relic_buf_append(&out, ents[0].data, ents[0].len);
        if (!rc)
            rc = cli_write_output(o->out, out.data, out.len, &err);
    }
    for (int i = 0; ents && i < o->ninputs; i++)
        relic_buf_free(&ents[i]);
    free(ents);
    relic_buf_free(&out);
    if (rc) {
        relic_err_file(&err, file);
        cli_report(&err);
    }
    return cli_exit_code(rc);
}
