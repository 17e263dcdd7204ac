/* agi-unpack: extract an AGI game's resources (raw payloads, metadata as
 * JSON) into a folder; see man/agi-unpack.1. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
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
           "                       showing all of it (open it in a browser)\n"
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
           "      --aspect [RATIO] 2:1 (the default): double-wide pixels in images, as on\n"
           "                       the 320x200 screen; 4:3: also rows 1.2 tall\n"
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
           "  -h, --help           show this help\n"
           "  -V, --version        show the version\n\n"
           "Exit status: 0 ok, 1 some data was malformed (the rest is extracted),\n"
           "2 usage error, 3 I/O error.\n",
           cli_prog(), cli_prog(), cli_prog());
}

/* Long-only options: codes past every character. */
enum { OPT_SOUNDS = 256, OPT_ASM, OPT_SCALE, OPT_ASPECT, OPT_FPS, OPT_RAW, OPT_JSON, OPT_VIEWS, OPT_PALETTE };

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    // clang-format off
    static const struct option longopts[] = {
        {"output", required_argument, 0, 'o'}, {"list", no_argument, 0, 'l'},
        {"only", required_argument, 0, 'O'},   {"profile", required_argument, 0, 'P'},
        {"json", no_argument, 0, OPT_JSON},    {"help", no_argument, 0, 'h'},
        {"version", no_argument, 0, 'V'},      {"sounds", no_argument, 0, OPT_SOUNDS},
        {"asm", no_argument, 0, OPT_ASM},      {"scale", required_argument, 0, OPT_SCALE},
        {"aspect", optional_argument, 0, OPT_ASPECT}, {"fps", required_argument, 0, OPT_FPS},
        {"raw", no_argument, 0, OPT_RAW},      {"jobs", required_argument, 0, 'j'},
        {"palette", required_argument, 0, OPT_PALETTE},
        {"views", required_argument, 0, OPT_VIEWS},
        {0, 0, 0, 0},
    };
    // clang-format on
    unpack_opts o;
    memset(&o, 0, sizeof o);
    o.views = UNPACK_VIEW_ALL;
    int c;
    while ((c = cli_getopt(argc, argv, "o:lj:hV", longopts)) != -1) {
        switch (c) {
        case 'o': o.out_dir = optarg; break;
        case 'l': o.list = 1; break;
        case OPT_SOUNDS: o.render_sounds = 1; break;
        case OPT_JSON: o.json = 1; break;
        case 'j': {
            unsigned long v;
            if (cli_parse_uint(optarg, 1, 64, &v))
                return cli_usage_error("bad -j '%s' (1..64 workers)", optarg);
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
                return cli_usage_error("bad --aspect '%s' (2:1 or 4:3)", optarg ? optarg : argv[optind - 1]);
            break;
        case OPT_RAW: o.raw_only = 1; break;
        case OPT_PALETTE: {
            unsigned long v;
            if (cli_parse_uint(optarg, 0, 255, &v))
                return cli_usage_error("bad --palette '%s' (0..255)", optarg);
            o.agipal = (unsigned)v;
            break;
        }
        case 'h': agi_unpack_help(); return CLI_EXIT_OK;
        case 'V': cli_print_version(); return CLI_EXIT_OK;
        default: return cli_usage_error("unknown option");
        }
    }
    if (optind != argc - 1)
        return cli_usage_error("expected one GAME_DIR");
    o.game_dir = argv[optind];
    if (!o.list && !o.out_dir && !o.json)
        return cli_usage_error("give -o OUT (or --list, or --json to probe the game)");
    o.probe = !o.list && !o.out_dir;
    return unpack_run(&o);
}
