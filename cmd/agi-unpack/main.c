/* agi-unpack: extract an AGI game's resources (raw payloads, metadata as
 * JSON) into a folder; see man/agi-unpack.1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "opts.h"
#include "relic/agi.h"
#include "relic/agi_json.h"
#include "relic/io.h"
#include "unpack.h"

static void agi_unpack_help(void)
{
    printf("Usage: %s GAME_DIR -o OUT [options]\n"
           "       %s GAME_DIR --list [--json]\n"
           "       %s GAME_DIR --json\n"
           "Extract the resources of an AGI game (v2 split or v3 combined container).\n\n"
           "  -o, --output DIR     write OUT/game.json, OUT/raw/<kind>/<kind>NNN.bin,\n"
           "                       OUT/words.json, OUT/objects.json and\n"
           "                       OUT/logic/logicNNN.messages.json,\n"
           "                       OUT/logic/logicNNN.lgc (source),\n"
           "                       OUT/pictures/picNNN.png, picNNN.priority.png,\n"
           "                       OUT/views/viewNNN.json and viewNNN/ (cel PNGs,\n"
           "                       loop sheets and GIFs), and OUT/index.html, a page\n"
           "                       showing all of it (open it in a browser);\n"
           "                       /dev/null: extract and check all, keep nothing\n"
           "      --asm            also write OUT/logic/logicNNN.asm listings\n"
           "      --raw            only raw payloads and JSON (no images, sources,\n"
           "                       sounds): the fastest extraction\n"
           "  -l, --list           print the resource table instead of extracting\n"
           "      --only SEL       only these resources: KIND[:NNN][,KIND[:NNN]...]\n"
           "                       (kinds: logic, picture, view, sound)\n"
           "      --sounds         also render each sound to OUT/sounds/sndNNN.wav and\n"
           "                       its command stream to sndNNN.events.json\n"
           "      --profile P      interpreter profile (2.089 ... 3.002.149) instead of\n"
           "                       the guess\n"
           "      --scale N        enlarge picture and view images N times (1..16)\n"
           "      --aspect [RATIO] every image at RATIO: 1:1 the data's own pixels, 2:1\n"
           "                       double-wide as on the 320x200 screen, 4:3 also rows\n"
           "                       1.2 tall (no RATIO: 2:1).  Default: pictures and\n"
           "                       cels 1:1, view sheets and GIFs 2:1\n"
           "      --fps N          frame rate of view loop GIFs (default 10)\n"
           "      --palette N      AGIPAL games: colour pictures and views with pal.N\n"
           "                       (default: EGA, the palette before the first switch)\n"
           "      --views FORMS    which view images to write: cels, sheets, gifs\n"
           "                       (comma-separated; default all three; none: JSON only)\n"
           "  -j, --jobs N         extract on N workers (default: one per processor);\n"
           "                       the output is the same for any N\n"
           "      --json           print the summary (or the --list table) as JSON;\n"
           "                       without -o and --list, a probe: what the game is,\n"
           "                       its profile and why, its resources and problems,\n"
           "                       and nothing written\n"
           "  -v, --verbose        say each file written\n"
           "  -q, --quiet          no warnings, no progress line\n"
           "  -h, --help           show this help\n"
           "  -V, --version        show the version\n\n"
           "Exit status: 0 ok, 1 some data was malformed (the rest is extracted),\n"
           "2 usage error, 3 I/O error.\n",
           cli_prog(), cli_prog(), cli_prog());
}

/* Long-only options: codes past every character. */
enum { OPT_SOUNDS = 256, OPT_ASM, OPT_SCALE, OPT_ASPECT, OPT_FPS, OPT_RAW, OPT_JSON, OPT_VIEWS, OPT_PALETTE };
/* The modes: extracting into -o OUT, printing the --list table. */
enum { UNPACK_MODE_OUT = 1, UNPACK_MODE_LIST = 2, UNPACK_MODE_PROBE = 4 };

// clang-format off
static const cli_opt agi_unpack_options[] = {
    {"output", 'o', required_argument, 'o', CLI_OUT_MANY, UNPACK_MODE_OUT},
    {"list", 'l', no_argument, 'l', CLI_VAL, UNPACK_MODE_LIST},
    {"only", 0, required_argument, 'O', CLI_VAL, CLI_ALL_MODES},
    {"profile", 0, required_argument, 'P', CLI_VAL, CLI_ALL_MODES},
    {"json", 0, no_argument, OPT_JSON, CLI_PRINTS, CLI_ALL_MODES},
    {"sounds", 0, no_argument, OPT_SOUNDS, CLI_VAL, UNPACK_MODE_OUT},
    {"asm", 0, no_argument, OPT_ASM, CLI_VAL, UNPACK_MODE_OUT},
    {"scale", 0, required_argument, OPT_SCALE, CLI_VAL, UNPACK_MODE_OUT},
    {"aspect", 0, optional_argument, OPT_ASPECT, CLI_VAL, UNPACK_MODE_OUT},
    {"fps", 0, required_argument, OPT_FPS, CLI_VAL, UNPACK_MODE_OUT},
    {"raw", 0, no_argument, OPT_RAW, CLI_VAL, UNPACK_MODE_OUT},
    {"jobs", 'j', required_argument, 'j', CLI_VAL, UNPACK_MODE_OUT},
    {"palette", 0, required_argument, OPT_PALETTE, CLI_VAL, UNPACK_MODE_OUT},
    {"views", 0, required_argument, OPT_VIEWS, CLI_VAL, UNPACK_MODE_OUT},
};
// clang-format on

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    unpack_opts o;
    memset(&o, 0, sizeof o);
    o.views = UNPACK_VIEW_ALL;
    int c;
    cli_parser p;
    cli_opts_init(&p, agi_unpack_options, sizeof agi_unpack_options / sizeof agi_unpack_options[0], argc, argv);
    while ((c = cli_opts_next(&p)) != -1) {
        switch (c) {
        case 'o': o.out_dir = optarg; break;
        case 'l': o.list = 1; break;
        case OPT_SOUNDS: o.render_sounds = 1; break;
        case OPT_JSON: o.json = 1; break;
        case 'j': {
            unsigned long v;
            if (cli_parse_uint(optarg, 1, 64, &v))
                return cli_usage_error("bad --jobs '%s' (1..64 workers)", optarg);
            o.jobs = (unsigned)v;
            break;
        }
        case OPT_VIEWS:
            if (unpack_parse_views(optarg, &o.views))
                return cli_usage_error("bad --views '%s' (cels, sheets, gifs or none)", optarg);
            break;
        case OPT_ASM: o.write_asm = 1; break;
        case 'O':
            if (unpack_parse_only(optarg, &o.select))
                return cli_usage_error("bad --only selection '%s'", optarg);
            o.have_select = 1;
            break;
        case 'P':
            if (!(o.profile = agi_profile_find(optarg)))
                return cli_usage_error("unknown profile '%s'", optarg);
            break;
        case OPT_SCALE:
        case OPT_FPS: {
            unsigned long v;
            if (cli_parse_uint(optarg, 1, c == OPT_SCALE ? 16 : 100, &v))
                return cli_usage_error("bad --%s '%s'", c == OPT_SCALE ? "scale" : "fps", optarg);
            *(c == OPT_SCALE ? &o.scale : &o.fps) = (unsigned)v;
            break;
        }
        case OPT_ASPECT:
            if (cli_aspect_option(argc, argv, optarg, &o.aspect))
                return cli_usage_error("bad --aspect '%s' (1:1, 2:1 or 4:3)", optarg ? optarg : argv[optind - 1]);
            o.aspect_given = 1;
            break;
        case OPT_RAW: o.raw_only = 1; break;
        case OPT_PALETTE: {
            unsigned long v;
            if (cli_parse_uint(optarg, 0, 255, &v))
                return cli_usage_error("bad --palette '%s' (0..255)", optarg);
            o.agipal = (unsigned)v;
            break;
        }
        default: return cli_last_option(c, agi_unpack_help);
        }
    }
    if (optind != argc - 1)
        return cli_usage_error("expected one GAME_DIR");
    o.game_dir = argv[optind];
    if (o.list && o.out_dir)
        return cli_usage_error("give -o OUT or --list, not both");
    if (!o.list && !o.out_dir && !o.json)
        return cli_usage_error("give -o OUT (or --list, or --json to probe the game)");
    o.probe = !o.list && !o.out_dir; /* like ffprobe: what the game is, nothing written */
    int bad = o.list    ? cli_opts_mode(&p, UNPACK_MODE_LIST, "--list")
              : o.probe ? cli_opts_mode(&p, UNPACK_MODE_PROBE, "the probe (--json alone)")
                        : 0;
    if (bad)
        return bad;

    return unpack_run(&o);
}
