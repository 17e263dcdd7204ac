/* gool-dis: list the chunks and entries of a Crash NSF file, disassemble
 * its GOOL entries, assemble them back, and run one in the GOOL
 * interpreter; see man/gool-dis.1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gool_dis.h"
#include "opts.h"

static void gd_help(void)
{
    printf("Usage: %s FILE [--entry NAME | --all] [--game 1|2|3] [--addresses] [--json]\n"
           "       %s --code CODE.bin [--pool POOL.bin] [--game 1|2|3] [--addresses] [--json]\n"
           "       %s --assemble SOURCE.s... -o OUT.nsentry|OUT.nsf\n"
           "       %s ENTRY --run [--state N] [--frames F] [--event E@FRAME]...\n"
           "                [--max-steps N] [--seed S] [--trace OUT.json]\n"
           "List, disassemble, assemble and run Crash Bandicoot GOOL code.\n"
           "FILE is an NSF file or a bare entry (magic 0x0100FFFF).\n\n"
           "  -e, --entry NAME     disassemble the GOOL entry NAME (5 characters)\n"
           "  -a, --all            disassemble every GOOL entry\n"
           "  -g, --game N         instruction set: 1 (Crash 1) or 2/3 (Crash 2 and 3);\n"
           "                       detected from the code when not given\n"
           "      --code FILE      disassemble a bare code item (u32 words)\n"
           "      --pool FILE      constant pool for --code (u32 words)\n"
           "      --addresses      put each word's byte address and raw value before it\n"
           "      --assemble       assemble listings into an entry or an NSF file\n"
           "  -o, --output FILE    where --assemble writes (.nsf packs chunks)\n"
           "  -r, --run            interpret ENTRY frame by frame\n"
           "      --state N        initial state (default 0)\n"
           "      --frames F       frames to run (default 60)\n"
           "      --event E@FRAME  send event E (the id; sent as E << 8) before FRAME\n"
           "      --max-steps N    instruction budget for the whole run (default 1000000)\n"
           "      --seed S         random generator seed (default 1)\n"
           "      --trace FILE     write the trace as JSON to FILE (- for standard\n"
           "                       output; the text then goes to stderr)\n"
           "      --json           print JSON instead of text\n"
           "  -v, --verbose        say each file written\n"
           "  -q, --quiet          no warnings\n"
           "  -h, --help           show this help\n"
           "  -V, --version        show the version\n\n"
           "Exit status: 0 ok, 1 malformed data, 2 usage error, 3 I/O error.\n",
           cli_prog(), cli_prog(), cli_prog(), cli_prog());
}

static int gd_event_arg(gd_opts *o, const char *s)
{
    char buf[64];
    const char *at = strchr(s, '@');
    unsigned long e, f;
    if (!at || (size_t)(at - s) >= sizeof buf || o->nevents == GD_MAX_EVENTS)
        return -1;
    memcpy(buf, s, (size_t)(at - s));
    buf[at - s] = 0;
    if (cli_parse_uint(buf, 0, 0xFFFFFF, &e) || cli_parse_uint(at + 1, 0, 1000000, &f))
        return -1;
    o->events[o->nevents].event = (uint32_t)e << 8;
    o->events[o->nevents++].frame = (unsigned)f;
    return 0;
}

/* The modes: listing or disassembling FILE, --code, --assemble, --run. */
enum { GD_LIST = 1, GD_CODE = 2, GD_ASM = 4, GD_RUN = 8 };
enum { O_CODE = 256, O_POOL, O_ASM, O_STATE, O_FRAMES, O_EVENT, O_STEPS, O_SEED, O_TRACE, O_ADDR, O_JSON };

// clang-format off
static const cli_opt gd_options[] = {
    {"entry", 'e', required_argument, 'e', CLI_VAL, GD_LIST | GD_RUN},
    {"all", 'a', no_argument, 'a', CLI_VAL, GD_LIST},
    {"game", 'g', required_argument, 'g', CLI_VAL, GD_LIST | GD_CODE | GD_RUN},
    {"code", 0, required_argument, O_CODE, CLI_VAL, GD_CODE},
    {"pool", 0, required_argument, O_POOL, CLI_VAL, GD_CODE},
    {"addresses", 0, no_argument, O_ADDR, CLI_VAL, GD_LIST | GD_CODE},
    {"assemble", 0, no_argument, O_ASM, CLI_VAL, GD_ASM},
    {"output", 'o', required_argument, 'o', CLI_OUT_FILE, GD_ASM},
    {"run", 'r', no_argument, 'r', CLI_VAL, GD_RUN},
    {"state", 0, required_argument, O_STATE, CLI_VAL, GD_RUN},
    {"frames", 0, required_argument, O_FRAMES, CLI_VAL, GD_RUN},
    {"event", 0, required_argument, O_EVENT, CLI_VAL, GD_RUN},
    {"max-steps", 0, required_argument, O_STEPS, CLI_VAL, GD_RUN},
    {"seed", 0, required_argument, O_SEED, CLI_VAL, GD_RUN},
    {"trace", 0, required_argument, O_TRACE, CLI_OUT_FILE, GD_RUN},
    {"json", 0, no_argument, O_JSON, CLI_PRINTS, GD_LIST | GD_CODE | GD_RUN},
};
// clang-format on

/* The mode the options choose, checked against every option given. */
static int gd_dispatch(const cli_parser *p, gd_opts *o)
{
    unsigned mode = o->assemble ? GD_ASM : o->code ? GD_CODE : o->run ? GD_RUN : GD_LIST;
    const char *name = mode == GD_ASM    ? "--assemble"
                       : mode == GD_CODE ? "--code"
                       : mode == GD_RUN  ? "--run"
                                         : "a listing";
    int bad = cli_opts_mode(p, mode, name);
    if (bad)
        return bad;
    if (mode == GD_ASM) {
        if (!o->out || o->ninputs < 1)
            return cli_usage_error("--assemble wants SOURCE... and -o OUT");
        return gd_assemble(o);
    }
    if (mode == GD_CODE) {
        if (o->ninputs)
            return cli_usage_error("--code takes no FILE");
        return gd_code(o);
    }
    if (o->ninputs != 1)
        return cli_usage_error("expected one FILE");
    o->input = o->inputs[0];
    if (mode == GD_RUN)
        return gd_run(o);
    if (o->entry && o->all)
        return cli_usage_error("give --entry or --all, not both");
    return gd_list(o);
}

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    gd_opts o;
    memset(&o, 0, sizeof o);
    o.frames = 60;
    o.max_steps = 1000000;
    o.seed = 1;
    unsigned long n;
    int c;
    cli_parser p;
    cli_opts_init(&p, gd_options, sizeof gd_options / sizeof gd_options[0], argc, argv);
    while ((c = cli_opts_next(&p)) != -1) {
        int bad = 0;
        switch (c) {
        case 'e': o.entry = optarg; break;
        case 'a': o.all = 1; break;
        case 'g':
            if (cli_parse_uint(optarg, 1, 3, &n))
                return cli_usage_error("--game is 1, 2 or 3");
            o.game = (gool_game)n;
            break;
        case O_CODE: o.code = optarg; break;
        case O_POOL: o.pool = optarg; break;
        case O_ASM: o.assemble = 1; break;
        case 'o': o.out = optarg; break;
        case 'r': o.run = 1; break;
        case O_STATE: bad = cli_uint_arg("--state", optarg, 0, 255, &o.state); break;
        case O_FRAMES: bad = cli_uint_arg("--frames", optarg, 0, 1000000, &o.frames); break;
        case O_EVENT:
            if (gd_event_arg(&o, optarg))
                return cli_usage_error("--event wants EVENT@FRAME, not '%s'", optarg);
            break;
        case O_STEPS: bad = cli_uint_arg("--max-steps", optarg, 1, 4000000000ul, &o.max_steps); break;
        case O_SEED: bad = cli_uint_arg("--seed", optarg, 0, 0xFFFFFFFFul, &o.seed); break;
        case O_TRACE: o.trace = optarg; break;
        case O_ADDR: o.addresses = 1; break;
        case O_JSON: o.json = 1; break;
        default: return cli_last_option(c, gd_help);
        }
        if (bad)
            return bad;
    }
    o.inputs = argv + optind;
    o.ninputs = argc - optind;
    return gd_dispatch(&p, &o);
}
