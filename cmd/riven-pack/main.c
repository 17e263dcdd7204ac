/* riven-pack: build a Mohawk archive from a text manifest (NAME lists,
 * scripts as riven-script prints them, record lists, PPM images, sample
 * text); see man/riven-pack.1. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "rpack.h"

static void rp_help(void)
{
    printf("Usage: %s MANIFEST -o OUT.MHK\n"
           "Build a Riven Mohawk archive from a text manifest.  Each line:\n"
           "  TYPE ID NAME|- KIND FILE     (FILE relative to the manifest)\n"
           "kinds: names (one per line), card, hotspots (riven-script text with\n"
           "\"card ...\"/\"hotspot ...\" header lines), words (u16 numbers), bitmap8,\n"
           "bitmap8riven, bitmap24 (PPM P3), pcm, adpcm (\"rate R channels C\" + samples).\n\n"
           "  -o, --output FILE    the archive to write\n"
           "  -h, --help           show this help\n"
           "  -V, --version        show the version\n\n"
           "Exit status: 0 ok, 1 bad input data, 2 usage error, 3 I/O error.\n",
           cli_prog());
}

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    static const struct option longopts[] = {
        {"output", required_argument, 0, 'o'},
        {"help", no_argument, 0, 'h'},
        {"version", no_argument, 0, 'V'},
        {0, 0, 0, 0},
    };
    const char *out = NULL;
    int c;
    while ((c = getopt_long(argc, argv, "o:hV", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'h': rp_help(); return CLI_EXIT_OK;
        case 'V': cli_print_version(); return CLI_EXIT_OK;
        default: return cli_usage_error("unknown option");
        }
    }
    if (optind != argc - 1)
        return cli_usage_error("expected one MANIFEST");
    if (!out)
        return cli_usage_error("give -o OUT.MHK");
    return rp_build(argv[optind], out);
}
