/* rgm-pack: build a Redguard RGM map from a map source (actors, strings,
 * variables, attributes, placements and SOUP assembler scripts; the
 * format is described in libvm/soup/mapsrc.c and man/rgm-pack.1). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "relic/io.h"
#include "relic/soup.h"

static void rgm_pack_help(void)
{
    printf("Usage: %s SOURCE.rgmsrc -o OUT.RGM [--def SOUP386.DEF]\n"
           "Build a Redguard RGM map from a map source with the SOUP assembler.\n\n"
           "  -o, --output FILE   the RGM file to write (atomically)\n"
           "  -d, --def FILE      function and flag names from SOUP386.DEF instead of\n"
           "                      the built-in tables\n"
           "  -h, --help          show this help\n"
           "  -V, --version       show the version\n\n"
           "Exit status: 0 ok, 1 malformed source, 2 usage error, 3 I/O error.\n",
           cli_prog());
}

static int rgm_pack_run(const char *src, const char *out, const char *def_path)
{
    relic_buf text = RELIC_BUF_INIT, deftext = RELIC_BUF_INIT, rgm = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    soup_def def;
    memset(&def, 0, sizeof def);
    const char *where = src;
    int rc = relic_file_read(src, &text, &err);
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
        rc = relic_file_write_atomic(out, rgm.data, rgm.len, &err);
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

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    static const struct option longopts[] = {
        {"output", required_argument, 0, 'o'}, {"def", required_argument, 0, 'd'},
        {"help", no_argument, 0, 'h'},         {"version", no_argument, 0, 'V'},
        {0, 0, 0, 0},
    };
    const char *out = NULL, *def = NULL;
    int c;
    while ((c = getopt_long(argc, argv, "o:d:hV", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'd': def = optarg; break;
        case 'h': rgm_pack_help(); return CLI_EXIT_OK;
        case 'V': cli_print_version(); return CLI_EXIT_OK;
        default: return cli_usage_error("unknown option");
        }
    }
    if (optind != argc - 1)
        return cli_usage_error("expected one SOURCE");
    if (!out)
        return cli_usage_error("give -o OUT.RGM");
    return rgm_pack_run(argv[optind], out, def);
}
