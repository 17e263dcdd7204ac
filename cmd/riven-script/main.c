/* riven-script: list, decompile, extract and run the Riven scripts of
 * Mohawk archives, and build an archive from a text manifest; see
 * man/riven-script.1. */
#include <fcntl.h>
#include <malloc.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "opts.h"
#include "streams.h"
#include "build.h"
#include "relic/io.h"
#include "rscript.h"

static void rs_help(void)
{
    printf("Usage: %s ARCHIVE.MHK... --list | --all | --card N | --hotspot N [--json]\n"
           "       %s ARCHIVE.MHK... --json\n"
           "       %s ARCHIVE.MHK... --extract OUT [--only SEL] [--raw-only] [-j N]\n"
           "                            [--audio-format wav|flac]\n"
           "       %s ARCHIVE.MHK... --run --card N [--click HOTSPOT]... [--vars SAVE.rvn]\n"
           "                            [--trace OUT.json] [--max-steps N] [--screen CARD.png]\n"
           "                            [--frames DIR]\n"
           "       %s --build MANIFEST -o OUT.MHK\n"
           "Read Riven Mohawk archives: resources, decompiled card and hotspot scripts,\n"
           "extraction (tBMP to PNG, tWAV to WAV or FLAC, NAME to JSON, scripts to text),\n"
           "a traced run of a card's event chain, and archives built from text sources.\n\n"
           "  -l, --list             list every resource of every archive\n"
           "  -a, --all              decompile every card and hotspot script\n"
           "  -c, --card N           decompile (or, with --run, start at) card N\n"
           "  -H, --hotspot N        decompile the hotspots of card N (HSPT N)\n"
           "  -x, --extract OUT      write every resource raw and converted under OUT,\n"
           "                         with OUT/<archive>/archive.txt (a --build\n"
           "                         manifest) and index.html pages\n"
           "      --only SEL         extract only TYPE[:ID][,TYPE[:ID]...] (tBMP:12,CARD)\n"
           "      --raw-only         write the raw resources only (no conversions, pages)\n"
           "  -j, --jobs N           extract on N threads (default: one per processor,\n"
           "                         at most one per MiB of resources)\n"
           "      --audio-format F   wav (default) or flac for extracted tWAV\n"
           "  -r, --run              run card N's event chain, then each --click\n"
           "  -k, --click HOTSPOT    click a hotspot (BLST id or NAME 2 name) after loading\n"
           "      --vars SAVE.rvn    start from a saved game's variables\n"
           "  -t, --trace FILE       write the execution trace as JSON (- for standard\n"
           "                         output; the text then goes to stderr)\n"
           "      --max-steps N      step budget (default 100000)\n"
           "      --screen FILE      write the 608x392 card as composed after the load\n"
           "                         chain and after each --click (FILE, FILE-1...);\n"
           "                         exit 1 when a picture it draws is not in the\n"
           "                         archives given (named; black there)\n"
           "      --frames DIR       write DIR/frame-NNNNN.png at every display update\n"
           "      --build MANIFEST   build an archive from a text manifest; each line is\n"
           "                         TYPE ID NAME|- KIND FILE (FILE relative to the\n"
           "                         manifest); kinds: names, card, hotspots, words,\n"
           "                         bitmap8, bitmap8riven, bitmap24, pcm, adpcm\n"
           "  -o, --output FILE      the archive --build writes (atomically)\n"
           "      --json             print JSON instead of text; alone, a probe: each\n"
           "                         archive's size, resources by type, problems and\n"
           "                         resources, nothing written\n"
           "  -v, --verbose          say each file written\n"
           "  -q, --quiet            no warnings, no progress line\n"
           "  -h, --help             show this help\n"
           "  -V, --version          show the version\n\n"
           "Exit status: 0 ok, 1 malformed data, 2 usage error, 3 I/O error.\n",
           cli_prog(), cli_prog(), cli_prog(), cli_prog(), cli_prog());
}

static int rs_load(rs_ctx *c, char **paths, size_t n)
{
    c->ar = calloc(n, sizeof *c->ar);
    if (!c->ar)
        return CLI_EXIT_IO;
    for (size_t i = 0; i < n; i++, c->n++) {
        rs_archive *a = &c->ar[i];
        relic_err err;
        relic_err_clear(&err);
        int rc;
        if (!strcmp(paths[i], "-")) {
            /* standard input: read whole into the map's fallback buffer;
             * no fd, so extraction takes resources from memory */
            a->path = "<stdin>";
            a->fd = -1;
            rc = cli_read_input("-", &a->map.fallback, &err);
            a->map.data = a->map.fallback.data;
            a->map.len = a->map.fallback.len;
        } else {
            a->path = paths[i];
            a->fd = open(a->path, O_RDONLY | O_CLOEXEC);
            rc = relic_file_map(a->path, &a->map, &err);
        }
        /* lenient: a damaged entry is listed and reported, the rest still readable */
        if (rc || mhk_open_lenient(a->map.data, a->map.len, &a->a, &err)) {
            relic_err_file(&err, a->path);
            cli_report(&err);
            relic_file_unmap(&a->map);
            return cli_exit_code(err.code);
        }
    }
    for (uint16_t k = 1; k <= 5; k++) {
        const rs_archive *a;
        const mhk_resource *r = rs_find(c, mhk_tag("NAME"), k, &a);
        if (!r || r->broken)
            continue;
        relic_err err;
        relic_err_clear(&err);
        if (riven_names_decode(mhk_data(&a->a, r), r->size, &c->names[k], &err)) {
            err.offset = err.offset == RELIC_NO_OFFSET ? err.offset : err.offset + r->offset;
            relic_err_file(&err, a->path);
            cli_report(&err);
            return cli_exit_code(err.code);
        }
    }
    c->ns = (riven_nameset){&c->names[1], &c->names[2], &c->names[3], &c->names[4], &c->names[5]};
    return CLI_EXIT_OK;
}

static void rs_free(rs_ctx *c)
{
    for (size_t i = 0; i < c->n; i++) {
        mhk_close(&c->ar[i].a);
        relic_file_unmap(&c->ar[i].map);
        if (c->ar[i].fd >= 0)
            close(c->ar[i].fd);
    }
    free(c->ar);
    for (int k = 0; k < 6; k++)
        riven_names_free(&c->names[k]);
}

/* Damaged entries, each with its offset: the listing shows them all, then
 * this reports them and makes the exit status 1. */
static int rs_report_broken(const rs_ctx *c)
{
    int bad = 0;
    fflush(stdout); /* after the listing, also in a shared terminal */
    for (size_t i = 0; i < c->n; i++)
        for (size_t k = 0; k < c->ar[i].a.count; k++) {
            const mhk_resource *r = &c->ar[i].a.res[k];
            if (!r->broken)
                continue;
            relic_err e;
            char tag[5];
            mhk_tag_str(r->tag, tag);
            relic_err_clear(&e); /* relic_err_file keeps a file already set */
            relic_err_set(&e, RELIC_EDATA, r->broken_at, "%s %u: %s", tag, r->id, r->why);
            relic_err_file(&e, c->ar[i].path);
            cli_report(&e);
            bad = 1;
        }
    return bad ? CLI_EXIT_DATA : CLI_EXIT_OK;
}

static int rs_dispatch(rs_ctx *c, const rs_opts *o)
{
    relic_err err;
    relic_err_clear(&err);
    json_t *doc = NULL;
    int rc;
    if (o->list || o->probe) {
        rc = rs_print(c, o->probe ? rs_probe(c) : rs_list(c), rs_list_text);
        return rc ? rc : rs_report_broken(c);
    }
    if (o->extract)
        rc = rs_extract(c, o, &doc, &err);
    else if (o->run)
        rc = rs_run(c, o, &doc, &err);
    else
        rc = rs_decompile(c,
                          o->all         ? -1
                          : o->have_card ? (long)o->card
                                         : -2,
                          o->have_hotspot ? (long)o->hotspot : -2, &doc, &err);
    if (doc) {
        int prc = rs_print(c, doc, o->extract || o->run ? NULL : rs_decompile_text);
        if (!rc && prc)
            return prc;
    }
    if (rc) {
        cli_report(&err);
        return cli_exit_code(rc);
    }
    return o->extract ? CLI_EXIT_OK : rs_report_broken(c);
}

enum { OPT_AUDIO = 256, OPT_VARS, OPT_MAX, OPT_BUILD, OPT_JSON, OPT_ONLY, OPT_RAW, OPT_SCREEN, OPT_FRAMES };
/* The modes: --list, decompiling (--all, --card, --hotspot), --extract,
 * --run, --build, and --json alone (the probe). */
enum { RS_LIST = 1, RS_DECOMPILE = 2, RS_EXTRACT = 4, RS_RUN = 8, RS_BUILD = 16, RS_PROBE = 32 };

// clang-format off
static const cli_opt rs_options[] = {
    {"list", 'l', no_argument, 'l', CLI_VAL, RS_LIST},
    {"all", 'a', no_argument, 'a', CLI_VAL, RS_DECOMPILE},
    {"card", 'c', required_argument, 'c', CLI_VAL, RS_DECOMPILE | RS_RUN},
    {"hotspot", 'H', required_argument, 'H', CLI_VAL, RS_DECOMPILE},
    {"extract", 'x', required_argument, 'x', CLI_OUT_MANY, RS_EXTRACT},
    {"audio-format", 0, required_argument, OPT_AUDIO, CLI_VAL, RS_EXTRACT},
    {"only", 0, required_argument, OPT_ONLY, CLI_VAL, RS_EXTRACT},
    {"raw-only", 0, no_argument, OPT_RAW, CLI_VAL, RS_EXTRACT},
    {"jobs", 'j', required_argument, 'j', CLI_VAL, RS_EXTRACT},
    {"run", 'r', no_argument, 'r', CLI_VAL, RS_RUN},
    {"click", 'k', required_argument, 'k', CLI_VAL, RS_RUN},
    {"vars", 0, required_argument, OPT_VARS, CLI_VAL, RS_RUN},
    {"trace", 't', required_argument, 't', CLI_OUT_FILE, RS_RUN},
    {"max-steps", 0, required_argument, OPT_MAX, CLI_VAL, RS_RUN},
    {"screen", 0, required_argument, OPT_SCREEN, CLI_OUT_FILE, RS_RUN},
    {"frames", 0, required_argument, OPT_FRAMES, CLI_OUT_MANY, RS_RUN},
    {"json", 0, no_argument, OPT_JSON, CLI_PRINTS, RS_LIST | RS_DECOMPILE | RS_EXTRACT | RS_RUN | RS_PROBE},
    {"build", 0, no_argument, OPT_BUILD, CLI_VAL, RS_BUILD},
    {"output", 'o', required_argument, 'o', CLI_OUT_FILE, RS_BUILD},
};
// clang-format on

/* The mode the options choose, checked against every option given. */
static int rs_mode(const cli_parser *p, rs_opts *o, int json, int nargs)
{
    static const char *const names[] = {"--list",    "decompiling (--all, --card, --hotspot)",
                                        "--extract", "--run",
                                        "--build",   "the probe (--json alone)"};
    if (!o->build && nargs < 1)
        return cli_usage_error("expected at least one ARCHIVE");
    int modes =
        o->build + o->list + (o->extract != NULL) + o->run + (o->all || o->have_hotspot || (o->have_card && !o->run));
    o->probe = modes == 0 && json; /* like ffprobe: what the archives hold, nothing written */
    if (modes != 1 && !o->probe)
        return cli_usage_error("choose one of --list, --all/--card/--hotspot, --extract, --run, --build");
    unsigned mode = o->probe     ? RS_PROBE
                    : o->build   ? RS_BUILD
                    : o->list    ? RS_LIST
                    : o->extract ? RS_EXTRACT
                    : o->run     ? RS_RUN
                                 : RS_DECOMPILE;
    unsigned bit = 0;
    while ((1u << bit) != mode)
        bit++;
    int bad = cli_opts_mode(p, mode, names[bit]);
    if (bad)
        return bad;
    if (o->run && !o->have_card)
        return cli_usage_error("--run needs --card N");
    if (o->screen && strcmp(o->screen, "-") == 0 && o->nclicks)
        return cli_usage_error("--screen - writes one picture: with --click, name a file (FILE, FILE-1, ...)");
    if (mode == RS_BUILD && nargs != 1)
        return cli_usage_error("expected one MANIFEST");
    if (mode == RS_BUILD && !o->out)
        return cli_usage_error("give -o OUT.MHK");
    return 0;
}

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    /* Extraction allocates and frees the same few buffers per resource
     * (zlib's 256 KiB deflate state among them): keep them in the heap
     * instead of mapping, zeroing and unmapping fresh pages thousands of
     * times.  Peak memory stays bounded by the resources in flight. */
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TRIM_THRESHOLD, 16 << 20);
    rs_opts o;
    memset(&o, 0, sizeof o);
    o.max_steps = 100000;
    rs_ctx c;
    memset(&c, 0, sizeof c);
    c.audio_format = "wav";
    int ch;
    cli_parser p;
    cli_opts_init(&p, rs_options, sizeof rs_options / sizeof rs_options[0], argc, argv);
    while ((ch = cli_opts_next(&p)) != -1) {
        switch (ch) {
        case 'l': o.list = 1; break;
        case 'a': o.all = 1; break;
        case 'c':
            if (cli_parse_uint(optarg, 0, 65535, &o.card))
                return cli_usage_error("bad card id '%s'", optarg);
            o.have_card = 1;
            break;
        case 'H':
            if (cli_parse_uint(optarg, 0, 65535, &o.hotspot))
                return cli_usage_error("bad hotspot resource id '%s'", optarg);
            o.have_hotspot = 1;
            break;
        case 'x': o.extract = optarg; break;
        case OPT_AUDIO:
            if (strcmp(optarg, "wav") != 0 && strcmp(optarg, "flac") != 0)
                return cli_usage_error("--audio-format is wav or flac, not '%s'", optarg);
            c.audio_format = optarg;
            break;
        case 'r': o.run = 1; break;
        case 'k':
            if (o.nclicks == 64)
                return cli_usage_error("at most 64 --click options");
            o.clicks[o.nclicks++] = optarg;
            break;
        case OPT_VARS: o.vars = optarg; break;
        case 't': o.trace = optarg; break;
        case OPT_MAX:
            if (cli_parse_uint(optarg, 1, 100000000, &o.max_steps))
                return cli_usage_error("bad --max-steps '%s'", optarg);
            break;
        case OPT_BUILD: o.build = 1; break;
        case 'o': o.out = optarg; break;
        case OPT_JSON: c.json = 1; break;
        case 'j':
            if (cli_parse_uint(optarg, 1, 64, &o.jobs))
                return cli_usage_error("bad --jobs '%s' (1 to 64)", optarg);
            break;
        case OPT_ONLY:
            if (rs_parse_only(optarg, &o))
                return cli_usage_error("bad --only selection '%s' (TYPE[:ID][,TYPE[:ID]...])", optarg);
            break;
        case OPT_RAW: o.raw_only = 1; break;
        case OPT_SCREEN: o.screen = optarg; break;
        case OPT_FRAMES: o.frames = optarg; break;
        default: return cli_last_option(ch, rs_help);
        }
    }
    int bad = rs_mode(&p, &o, c.json, argc - optind);
    if (bad)
        return bad;
    if (o.build)
        return rs_build(argv[optind], o.out);
    int rc = rs_load(&c, argv + optind, (size_t)(argc - optind));
    if (rc == CLI_EXIT_OK)
        rc = rs_dispatch(&c, &o);
    rs_free(&c);
    return rc;
}
