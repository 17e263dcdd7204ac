/* gool-dis: list the chunks and entries of a Crash NSF file, disassemble
 * its GOOL entries, assemble them back, and run one in the GOOL
 * interpreter; see man/gool-dis.1. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gool_dis.h"

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
           "      --trace FILE     write the trace as JSON to FILE\n"
           "  -j, --json           print JSON instead of text\n"
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

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    enum { O_CODE = 256, O_POOL, O_ASM, O_STATE, O_FRAMES, O_EVENT, O_STEPS, O_SEED, O_TRACE, O_ADDR };
    // clang-format off
    static const struct option longopts[] = {
        {"entry", required_argument, 0, 'e'},   {"all", no_argument, 0, 'a'},
        {"game", required_argument, 0, 'g'},    {"code", required_argument, 0, O_CODE},
        {"pool", required_argument, 0, O_POOL}, {"assemble", no_argument, 0, O_ASM},
        {"output", required_argument, 0, 'o'},  {"run", no_argument, 0, 'r'},
        {"state", required_argument, 0, O_STATE}, {"frames", required_argument, 0, O_FRAMES},
        {"event", required_argument, 0, O_EVENT}, {"max-steps", required_argument, 0, O_STEPS},
        {"seed", required_argument, 0, O_SEED}, {"trace", required_argument, 0, O_TRACE},
        {"addresses", no_argument, 0, O_ADDR},
        {"json", no_argument, 0, 'j'},          {"help", no_argument, 0, 'h'},
        {"version", no_argument, 0, 'V'},       {0, 0, 0, 0},
    };
    // clang-format on
    gd_opts o;
    memset(&o, 0, sizeof o);
    o.frames = 60;
    o.max_steps = 1000000;
    o.seed = 1;
    unsigned long n;
    int c;
    while ((c = cli_getopt(argc, argv, "e:ag:o:rjhV", longopts)) != -1) {
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
        case 'j': o.json = 1; break;
        default: return cli_last_option(c, gd_help);
        }
        if (bad)
            return bad;
    }
    o.inputs = argv + optind;
    o.ninputs = argc - optind;
    if (o.assemble) {
        if (!o.out || o.ninputs < 1)
            return cli_usage_error("--assemble wants SOURCE... and -o OUT");
        return gd_assemble(&o);
    }
    if (o.code) {
        if (o.ninputs)
            return cli_usage_error("--code takes no FILE");
        return gd_code(&o);
    }
    if (o.ninputs != 1)
        return cli_usage_error("expected one FILE");
    o.input = o.inputs[0];
    if (o.run)
        return gd_run(&o);
    if ((o.trace || o.nevents) && !o.run)
        return cli_usage_error("--trace and --event need --run");
    if (o.entry && o.all)
        return cli_usage_error("give --entry or --all, not both");
    return gd_list(&o);
}
