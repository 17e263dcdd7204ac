/* rgm-dump: list a Redguard RGM map's sections and actors, disassemble
 * actor scripts, show strings, variables, attributes and placements, run
 * scripts in the SOUP VM with a trace, and assemble a map from a text map
 * source; see man/rgm-dump.1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "opts.h"
#include "streams.h"
#include "json_report.h"
#include "dump.h"
#include "relic/io.h"

static void rgm_dump_help(void)
{
    printf("Usage: %s MAP.RGM [options]\n"
           "       %s --assemble MAP.rgmsrc -o OUT.RGM [--def SOUP386.DEF]\n"
           "List the sections and actors of a Redguard map, disassemble scripts, run them;\n"
           "build a map from a map source with the SOUP assembler.\n\n"
           "  -a, --actor NAME       disassemble this actor's script\n"
           "      --strings          each actor's string table (RASB/RAST)\n"
           "      --vars             each actor's initial variables (RAVA)\n"
           "      --attrs            each actor's non-zero attributes (RAAT)\n"
           "      --placements       the MPOB placements\n"
           "  -d, --def FILE         names from SOUP386.DEF instead of the built-in tables\n"
           "      --run NAME         run one actor in the SOUP VM\n"
           "      --all              run every actor\n"
           "      --ticks N          ordinary updates to run (default 10)\n"
           "      --max-steps N      statement budget of the run (default 1000000)\n"
           "      --task-length N    stub tasks complete on their Nth revisit (default 1)\n"
           "      --seed N           initial random state (default 1, the engine's)\n"
           "      --trace FILE       write the run's trace (native calls, flag,\n"
           "                         variable and attribute changes) as JSON (- for\n"
           "                         standard output; the text then goes to stderr)\n"
           "      --assemble         build an RGM map from the map source MAP.rgmsrc\n"
           "  -o, --output FILE      the RGM file --assemble writes (atomically)\n"
           "      --json             print the report as JSON\n"
           "  -v, --verbose          say each file written\n"
           "  -q, --quiet            no warnings\n"
           "  -h, --help             show this help\n"
           "  -V, --version          show the version\n\n"
           "Exit status: 0 ok, 1 malformed data or a script fault, 2 usage error,\n"
           "3 I/O error.\n",
           cli_prog(), cli_prog());
}

static int rgm_dump_main(dump_opts *o)
{
    dump_ctx x;
    memset(&x, 0, sizeof x);
    x.o = o;
    relic_buf file = RELIC_BUF_INIT, deftext = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    int rc = cli_read_input(o->file, &file, &err);
    if (!rc && o->def_path) {
        if (!(rc = relic_file_read(o->def_path, &deftext, &err)) &&
            (rc = soup_def_parse((const char *)deftext.data, deftext.len, &x.def, &err)))
            relic_err_file(&err, o->def_path);
    } else if (!rc)
        rc = soup_def_builtin(&x.def, &err);
    if (!rc)
        rc = rgm_map_open(file.data, file.len, &x.map, &err);
    json_t *doc = json_object();
    if (!rc)
        rc = dump_report(&x, doc, &err);
    if (!rc && (o->run || o->all))
        rc = dump_run(&x, doc, &err);
    if ((!rc || rc == RELIC_WARN) && (x.json_oom || !doc))
        rc = relic_json_check(1, &err);
    int unprinted = 0; /* the JSON report failed, and said so */
    if (!rc || rc == RELIC_WARN) {
        if (o->json)
            unprinted = cli_json_report(doc, "relic-rgm-dump", 1, NULL) != 0;
        else
            dump_print_text(doc);
    }
    if (rc) {
        fflush(stdout);
        relic_err_file(&err, o->file);
        cli_report(&err);
    }
    json_decref(doc);
    rgm_map_close(&x.map);
    soup_def_free(&x.def);
    relic_buf_free(&file);
    relic_buf_free(&deftext);
    return unprinted ? CLI_EXIT_IO : rc == RELIC_WARN ? CLI_EXIT_DATA : cli_exit_code(rc);
}

enum {
    O_STRINGS = 256,
    O_VARS,
    O_ATTRS,
    O_PLACE,
    O_RUN,
    O_ALL,
    O_TICKS,
    O_STEPS,
    O_TRACE,
    O_TASKLEN,
    O_SEED,
    O_ASM,
    O_JSON
};
/* The modes: the report of MAP, a run (--run, --all), --assemble. */
enum { RGM_MODE_REPORT = 1, RGM_MODE_RUN = 2, RGM_MODE_ASM = 4 };
#define RGM_READ (RGM_MODE_REPORT | RGM_MODE_RUN)

// clang-format off
static const cli_opt rgm_options[] = {
    {"actor", 'a', required_argument, 'a', CLI_VAL, RGM_READ},
    {"strings", 0, no_argument, O_STRINGS, CLI_VAL, RGM_READ},
    {"vars", 0, no_argument, O_VARS, CLI_VAL, RGM_READ},
    {"attrs", 0, no_argument, O_ATTRS, CLI_VAL, RGM_READ},
    {"placements", 0, no_argument, O_PLACE, CLI_VAL, RGM_READ},
    {"def", 'd', required_argument, 'd', CLI_VAL, CLI_ALL_MODES},
    {"run", 0, required_argument, O_RUN, CLI_VAL, RGM_MODE_RUN},
    {"all", 0, no_argument, O_ALL, CLI_VAL, RGM_MODE_RUN},
    {"ticks", 0, required_argument, O_TICKS, CLI_VAL, RGM_MODE_RUN},
    {"max-steps", 0, required_argument, O_STEPS, CLI_VAL, RGM_MODE_RUN},
    {"trace", 0, required_argument, O_TRACE, CLI_OUT_FILE, RGM_MODE_RUN},
    {"json", 0, no_argument, O_JSON, CLI_PRINTS, RGM_READ},
    {"task-length", 0, required_argument, O_TASKLEN, CLI_VAL, RGM_MODE_RUN},
    {"seed", 0, required_argument, O_SEED, CLI_VAL, RGM_MODE_RUN},
    {"assemble", 0, no_argument, O_ASM, CLI_VAL, RGM_MODE_ASM},
    {"output", 'o', required_argument, 'o', CLI_OUT_FILE, RGM_MODE_ASM},
};
// clang-format on

/* The mode the options choose, checked against every option given. */
static int rgm_dump_dispatch(const cli_parser *p, dump_opts *o, int nargs, char **args)
{
    unsigned mode = o->assemble ? RGM_MODE_ASM : o->run || o->all ? RGM_MODE_RUN : RGM_MODE_REPORT;
    int bad = cli_opts_mode(p, mode,
                            mode == RGM_MODE_ASM   ? "--assemble"
                            : mode == RGM_MODE_RUN ? "a run"
                                                   : "the report of a map (run it with --run NAME or --all)");
    if (bad)
        return bad;
    if (mode == RGM_MODE_ASM) {
        if (nargs != 1)
            return cli_usage_error("expected one SOURCE");
        if (!o->out)
            return cli_usage_error("give -o OUT.RGM");
        return dump_assemble(args[0], o->out, o->def_path);
    }
    if (nargs != 1)
        return cli_usage_error("expected one MAP.RGM");
    if (o->run && o->all)
        return cli_usage_error("give --run NAME or --all, not both");
    o->file = args[0];
    return rgm_dump_main(o);
}

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    dump_opts o;
    memset(&o, 0, sizeof o);
    o.ticks = 10;
    o.max_steps = 1000000;
    o.task_len = 1;
    o.seed = 1;
    int c;
    cli_parser p;
    cli_opts_init(&p, rgm_options, sizeof rgm_options / sizeof rgm_options[0], argc, argv);
    while ((c = cli_opts_next(&p)) != -1) {
        switch (c) {
        case 'a': o.actor = optarg; break;
        case 'd': o.def_path = optarg; break;
        case O_JSON: o.json = 1; break;
        case O_ASM: o.assemble = 1; break;
        case 'o': o.out = optarg; break;
        case O_STRINGS: o.strings = 1; break;
        case O_VARS: o.vars = 1; break;
        case O_ATTRS: o.attrs = 1; break;
        case O_PLACE: o.placements = 1; break;
        case O_RUN: o.run = optarg; break;
        case O_ALL: o.all = 1; break;
        case O_TRACE: o.trace = optarg; break;
        case O_TICKS:
            if (cli_parse_uint(optarg, 1, 1000000, &o.ticks))
                return cli_usage_error("--ticks wants a number from 1 to 1000000");
            break;
        case O_STEPS:
            if (cli_parse_uint(optarg, 1, 4000000000ul, &o.max_steps))
                return cli_usage_error("--max-steps wants a number from 1 to 4000000000");
            break;
        case O_TASKLEN:
            if (cli_parse_uint(optarg, 1, 65535, &o.task_len))
                return cli_usage_error("--task-length wants a number from 1 to 65535");
            break;
        case O_SEED:
            if (cli_parse_uint(optarg, 0, 4294967295ul, &o.seed))
                return cli_usage_error("--seed wants a number from 0 to 4294967295");
            break;
        default: return cli_last_option(c, rgm_dump_help);
        }
    }
    return rgm_dump_dispatch(&p, &o, argc - optind, argv + optind);
}
