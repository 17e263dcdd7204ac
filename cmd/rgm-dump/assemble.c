/* rgm-dump --assemble: a Redguard RGM map from a map source (actors,
 * strings, variables, attributes, placements and SOUP assembler scripts;
 * the source format is described in libvm/soup/build.c and
 * man/rgm-dump.1). */
#include <string.h>
#include "cli.h"
#include "streams.h"
#include "dump.h"
#include "relic/io.h"
#include "relic/soup.h"

int dump_assemble(const char *src, const char *out, const char *def_path)
{
    relic_buf text = RELIC_BUF_INIT, deftext = RELIC_BUF_INIT, rgm = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    soup_def def;
    memset(&def, 0, sizeof def);
    const char *where = src;
    int rc = cli_read_input(src, &text, &err);
    if (!rc && def_path) {
        where = def_path;
        if (!(rc = relic_file_read(def_path, &deftext, &err)))
            rc = soup_def_parse((const char *)deftext.data, deftext.len, &def, &err);
    } else if (!rc)
        rc = soup_def_builtin(&def, &err);
    if (!rc) {
        where = src;
        rc = soup_build_map(&def, (const char *)text.data, text.len, &rgm, &err);
    }
    if (!rc) {
        where = out;
        rc = cli_write_output(out, rgm.data, rgm.len, &err);
    }
    if (rc) {
        relic_err_file(&err, where);
        cli_report(&err);
    }
    soup_def_free(&def);
    relic_buf_free(&text);
    relic_buf_free(&deftext);
    relic_buf_free(&rgm);
    return cli_exit_code(rc);
}
