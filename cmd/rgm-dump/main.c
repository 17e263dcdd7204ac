/* rgm-dump: list a Redguard RGM map's sections and actors, disassemble
 * actor scripts, show strings, variables, attributes and placements, run
 * scripts in the SOUP VM with a trace, and assemble a map from a text map
 * source; see man/rgm-dump.1. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
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
           "                         variable and attribute changes) as JSON\n"
           "      --assemble         build an RGM map from the map source MAP.rgmsrc\n"
           "  -o, --output FILE      the RGM file --assemble writes (atomically)\n"
           "  -j, --json             print the report as JSON\n"
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

/* --assemble is a mode of its own: only --def also applies to it.  The
 * defaults are compared because the parsed numbers have no "given" flag. */
static int rgm_dump_assemble(const dump_opts *o, int nargs, char **args)
{
    if (o->actor || o->strings || o->vars || o->attrs || o->placements || o->run || o->all || o->trace || o->json ||
        o->ticks != 10 || o->max_steps != 1000000 || o->task_len != 1 || o->seed != 1)
        return cli_usage_error("--assemble takes only SOURCE, -o OUT.RGM and --def");
    if (nargs != 1)
        return cli_usage_error("expected one SOURCE");
    if (!o->out)
        return cli_usage_error("give -o OUT.RGM");
    return dump_assemble(args[0], o->out, o->def_path);
}

int main(int argc, char **argv)
{
    cli_init(argv[0]);
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
        O_ASM
    };
    // clang-format off
    static const struct option longopts[] = {
        {"actor", required_argument, 0, 'a'}, {"strings", no_argument, 0, O_STRINGS},
        {"vars", no_argument, 0, O_VARS},     {"attrs", no_argument, 0, O_ATTRS},
        {"placements", no_argument, 0, O_PLACE}, {"def", required_argument, 0, 'd'},
        {"run", required_argument, 0, O_RUN}, {"all", no_argument, 0, O_ALL},
        {"ticks", required_argument, 0, O_TICKS}, {"max-steps", required_argument, 0, O_STEPS},
        {"trace", required_argument, 0, O_TRACE}, {"json", no_argument, 0, 'j'},
        {"task-length", required_argument, 0, O_TASKLEN}, {"seed", required_argument, 0, O_SEED},
        {"assemble", no_argument, 0, O_ASM},  {"output", required_argument, 0, 'o'},
        {"help", no_argument, 0, 'h'},        {"version", no_argument, 0, 'V'},
        {0, 0, 0, 0},
    };
    // clang-format on
    dump_opts o;
    memset(&o, 0, sizeof o);
    o.ticks = 10;
    o.max_steps = 1000000;
    o.task_len = 1;
    o.seed = 1;
    int c;
    while ((c = cli_getopt(argc, argv, "a:d:o:jhV", longopts)) != -1) {
        switch (c) {
        case 'a': o.actor = optarg; break;
        case 'd': o.def_path = optarg; break;
        case 'j': o.json = 1; break;
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
    if (o.assemble)
        return rgm_dump_assemble(&o, argc - optind, argv + optind);
    if (o.out)
        return cli_usage_error("-o goes with --assemble");
    if (optind != argc - 1)
        return cli_usage_error("expected one MAP.RGM");
    if (o.run && o.all)
        return cli_usage_error("give --run NAME or --all, not both");
    if (o.trace && !o.run && !o.all)
        return cli_usage_error("--trace needs --run NAME or --all");
    o.file = argv[optind];
    return rgm_dump_main(&o);
}
