/* pic-render: draw one AGI picture (from a game or an expanded payload
 * file) to PNG, a canonical raw frame, a SHA-256 digest or a GIF of the
 * drawing; see man/pic-render.1. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "render.h"

static void pic_render_help(void)
{
    printf("Usage: %s GAME_DIR PICNUM [-o OUT.png] [options]\n"
           "       %s GAME_DIR --room N|--from-start|--restore SAVE --tick T [--input FILE] [-o frame.png]\n"
           "                 [options]\n"
           "       %s --compare REF.json CANDIDATE.json\n"
           "       %s --file PAYLOAD.bin [-o OUT.png] [options]\n"
           "Draw an AGI picture with the rules of an interpreter profile.\n\n"
           "  -o, --output FILE      indexed PNG with the 16-colour EGA palette\n"
           "  -f, --file PAYLOAD     an expanded picture payload instead of GAME_DIR PICNUM\n"
           "  -c, --channel CH       visual (default), priority, or both side by side\n"
           "  -s, --scale N          enlarge N times, nearest neighbour (1..16)\n"
           "  -a, --aspect [RATIO]   2:1 (the default): double-wide pixels, as on the 320x200\n"
           "                         screen; 4:3: also rows 1.2 tall, the monitor's shape\n"
           "                         (the screen becomes 320x240); --screen is already 2:1\n"
           "      --profile P        interpreter profile (2.089 ... 3.002.149, 3.002.149-gr);\n"
           "                         default: the game's, or 2.936 with --file\n"
           "      --steps N          stop after N picture commands\n"
           "      --overlay PIC[,PIC...]  draw these pictures over the first (picture\n"
           "                         numbers with GAME_DIR, payload files with --file)\n"
           "      --raw FILE         the canonical 26,880-byte frame (one EGA index per\n"
           "                         byte; the priority plane with --channel priority)\n"
           "      --sha256           print the SHA-256 of the canonical frame(s)\n"
           "      --animate OUT.gif  a GIF of the picture being drawn\n"
           "      --every K          one GIF frame every K commands (default 10)\n"
           "      --delay CS         GIF frame delay in 1/100 s (default 4)\n"
           "Running the game (the headless interpreter):\n"
           "      --from-start       run the game from its first cycle\n"
           "      --room N           the same, but the game's first room switch goes to room N\n"
           "      --tick T           stop after cycle T (default 0) and render the game area\n"
           "      --input FILE       timed input script (CYCLE key|type|dir|menu ..., seed N,\n"
           "                         ticks-per-cycle N)\n"
           "      --seed N           random seed (overrides the script's)\n"
           "      --state FILE       the state after cycle T as JSON\n"
           "      --frames DIR       a PNG every --every K cycles (frame_NNNNNN.png)\n"
           "      --gif FILE         the run as an animated GIF, a frame every --every K\n"
           "                         cycles, each shown K cycles at 20 a second\n"
           "      --bundle FILE      a conformance result bundle (with FILE's .ppm artifact)\n"
           "      --case ID          the bundle case id (default run/tick_T)\n"
           "      --save FILE        a save file of the state after cycle T\n"
           "      --screen FILE      the full 320x200 screen (text, status and input lines) as PNG\n"
           "      --font FILE        the font for --screen, by size: 2,048 bytes (8x8), 4,096\n"
           "                         (then the window glyphs from F000:FA6E), 3,584 (the\n"
           "                         8x14 of the text mode), 5,632 (8x8, 8x14) or 7,680\n"
           "                         (8x8, window, 8x14) (default: relic's own 8x8)\n"
           "      --audio FILE       the run's sound as .wav, .flac or .ogg (mono 22,050 Hz)\n"
           "      --restore FILE     run the game from a save file, as its restore dialog does\n"
           "                         (cycles then count from 0; no --from-start needed)\n"
           "      --save-dir DIR     save/restore dialogs' folder (SIGSG.N; none: in memory)\n"
           "      --compare          compare two conformance bundles\n"
           "  -j, --json             print a JSON report\n"
           "  -h, --help             show this help\n"
           "  -V, --version          show the version\n\n"
           "Exit status: 0 ok, 1 malformed picture, 2 usage error, 3 I/O error.\n",
           cli_prog(), cli_prog(), cli_prog(), cli_prog());
}

static int pic_parse_channel(const char *s, int *ch)
{
    static const struct {
        const char *name;
        int value;
    } names[] = {{"visual", PIC_CHANNEL_VISUAL}, {"priority", PIC_CHANNEL_PRIORITY}, {"both", PIC_CHANNEL_BOTH}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(s, names[i].name) == 0) {
            *ch = names[i].value;
            return 0;
        }
    return -1;
}

static int pic_add_overlays(pic_opts *o, char *list)
{
    char *save = NULL;
    for (char *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (o->overlays == PIC_MAX_OVERLAYS)
            return -1;
        o->overlay[o->overlays++] = tok;
    }
    return 0;
}

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    enum {
        OPT_PROFILE = 256,
        OPT_STEPS,
        OPT_OVERLAY,
        OPT_RAW,
        OPT_SHA,
        OPT_ANIMATE,
        OPT_EVERY,
        OPT_DELAY,
        OPT_ROOM,
        OPT_START,
        OPT_TICK,
        OPT_INPUT,
        OPT_SEED,
        OPT_STATE,
        OPT_FRAMES,
        OPT_RUN_GIF,
        OPT_BUNDLE,
        OPT_CASE,
        OPT_SAVE,
        OPT_COMPARE,
        OPT_SCREEN,
        OPT_FONT,
        OPT_AUDIO,
        OPT_RESTORE,
        OPT_SAVE_DIR
    };
    // clang-format off
    static const struct option longopts[] = {
        {"output", required_argument, 0, 'o'},   {"file", required_argument, 0, 'f'},
        {"channel", required_argument, 0, 'c'},  {"scale", required_argument, 0, 's'},
        {"aspect", optional_argument, 0, 'a'},       {"profile", required_argument, 0, OPT_PROFILE},
        {"steps", required_argument, 0, OPT_STEPS}, {"overlay", required_argument, 0, OPT_OVERLAY},
        {"raw", required_argument, 0, OPT_RAW},  {"sha256", no_argument, 0, OPT_SHA},
        {"animate", required_argument, 0, OPT_ANIMATE}, {"every", required_argument, 0, OPT_EVERY},
        {"delay", required_argument, 0, OPT_DELAY}, {"json", no_argument, 0, 'j'},
        {"room", required_argument, 0, OPT_ROOM}, {"from-start", no_argument, 0, OPT_START},
        {"tick", required_argument, 0, OPT_TICK}, {"input", required_argument, 0, OPT_INPUT},
        {"seed", required_argument, 0, OPT_SEED}, {"state", required_argument, 0, OPT_STATE},
        {"frames", required_argument, 0, OPT_FRAMES}, {"gif", required_argument, 0, OPT_RUN_GIF}, {"bundle", required_argument, 0, OPT_BUNDLE},
        {"case", required_argument, 0, OPT_CASE}, {"save", required_argument, 0, OPT_SAVE},
        {"compare", no_argument, 0, OPT_COMPARE}, {"screen", required_argument, 0, OPT_SCREEN},
        {"font", required_argument, 0, OPT_FONT}, {"audio", required_argument, 0, OPT_AUDIO},
        {"restore", required_argument, 0, OPT_RESTORE}, {"save-dir", required_argument, 0, OPT_SAVE_DIR},
        {"help", no_argument, 0, 'h'},           {"version", no_argument, 0, 'V'},
        {0, 0, 0, 0},
    };
    // clang-format on
    pic_opts o;
    memset(&o, 0, sizeof o);
    o.channel = PIC_CHANNEL_VISUAL;
    o.scale = 1;
    o.every = 10;
    o.delay = 4;
    o.room = -1;
    int c, compare = 0;
    unsigned long n;
    while ((c = cli_getopt(argc, argv, "o:f:c:s:ajhV", longopts)) != -1) {
        int bad = 0;
        switch (c) {
        case 'o': o.out_png = optarg; break;
        case 'f': o.file = optarg; break;
        case 'c':
            if (pic_parse_channel(optarg, &o.channel))
                return cli_usage_error("bad --channel '%s' (visual, priority or both)", optarg);
            break;
        case 's': bad = cli_uint_arg("--scale", optarg, 1, 16, &o.scale); break;
        case 'a':
            if (cli_aspect_option(argc, argv, optarg, &o.aspect))
                return cli_usage_error("bad --aspect '%s' (2:1 or 4:3)", optarg ? optarg : argv[optind - 1]);
            break;
        case OPT_PROFILE:
            if (!(o.profile = agi_profile_find(optarg)))
                return cli_usage_error("unknown profile '%s'", optarg);
            break;
        case OPT_STEPS: bad = cli_uint_arg("--steps", optarg, 0, 100000000, &o.steps); break;
        case OPT_OVERLAY:
            if (pic_add_overlays(&o, optarg))
                return cli_usage_error("at most %d overlays", PIC_MAX_OVERLAYS);
            break;
        case OPT_RAW: o.out_raw = optarg; break;
        case OPT_SHA: o.sha256 = 1; break;
        case OPT_ANIMATE: o.out_gif = optarg; break;
        case OPT_EVERY: bad = cli_uint_arg("--every", optarg, 1, 100000, &o.every); break;
        case OPT_DELAY: bad = cli_uint_arg("--delay", optarg, 0, 65535, &o.delay); break;
        case OPT_ROOM:
            if ((bad = cli_uint_arg("--room", optarg, 0, 255, &n)))
                break;
            o.room = (long)n;
            o.runtime = 1;
            break;
        case OPT_START: o.runtime = 1; break;
        case OPT_TICK: bad = cli_uint_arg("--tick", optarg, 0, 100000000, &o.tick); break;
        case OPT_SEED:
            bad = cli_uint_arg("--seed", optarg, 0, 0xffffffffUL, &o.seed);
            o.have_seed = 1;
            break;
        case OPT_INPUT: o.input = optarg; break;
        case OPT_STATE: o.state = optarg; break;
        case OPT_FRAMES: o.frames_dir = optarg; break;
        case OPT_RUN_GIF: o.run_gif = optarg; break;
        case OPT_BUNDLE: o.bundle = optarg; break;
        case OPT_CASE: o.case_id = optarg; break;
        case OPT_SAVE: o.save = optarg; break;
        case OPT_COMPARE: compare = 1; break;
        case OPT_SCREEN: o.screen = optarg; break;
        case OPT_FONT: o.font = optarg; break;
        case OPT_AUDIO: o.audio = optarg; break;
        case OPT_RESTORE: /* a run of its own: no --from-start needed */
            o.restore = optarg;
            o.runtime = 1;
            break;
        case OPT_SAVE_DIR: o.save_dir = optarg; break;
        case 'j': o.json = 1; break;
        default: return cli_last_option(c, pic_render_help);
        }
        if (bad)
            return bad;
    }
    int rest = argc - optind;
    /* Each image output's name says its format; only -o may be "-". */
    if (o.out_png && cli_output_name_ok(o.out_png, "png", 1))
        return cli_usage_error("-o '%s': pic-render writes PNG (.png, or - for standard output)", o.out_png);
    if (o.screen && cli_output_name_ok(o.screen, "png", 0))
        return cli_usage_error("--screen '%s': the screen is written as PNG (.png)", o.screen);
    if (o.out_gif && cli_output_name_ok(o.out_gif, "gif", 0))
        return cli_usage_error("--animate '%s': the animation is written as GIF (.gif)", o.out_gif);
    if (o.audio && cli_output_name_ok(o.audio, "wav,flac,ogg,oga", 0))
        return cli_usage_error("--audio '%s': use .wav, .flac or .ogg", o.audio);
    if (o.out_png && strcmp(o.out_png, "-") == 0 && o.json)
        return cli_usage_error("-o - and --json both write to standard output");
    if (compare) {
        if (rest != 2)
            return cli_usage_error("--compare takes REF.json CANDIDATE.json");
        return pic_compare_run(argv[optind], argv[optind + 1], o.json);
    }
    if (o.runtime) {
        if (rest != 1 || o.file)
            return cli_usage_error("--room/--from-start/--restore take GAME_DIR only");
        if (o.out_gif || o.overlays || o.steps || o.channel == PIC_CHANNEL_BOTH)
            return cli_usage_error("--animate, --overlay, --steps and --channel both are for single pictures");
        o.game_dir = argv[optind];
        return pic_runtime_run(&o);
    }
    if (o.input || o.state || o.frames_dir || o.run_gif || o.bundle || o.save || o.tick || o.have_seed || o.screen ||
        o.font || o.audio || o.save_dir)
        return cli_usage_error("--tick, --input, --state, --frames, --gif, --bundle, --save, --screen need --room, "
                               "--from-start or --restore");
    if (o.file) {
        if (rest != 0)
            return cli_usage_error("--file takes no GAME_DIR or PICNUM");
    } else {
        if (rest != 2)
            return cli_usage_error("expected GAME_DIR PICNUM (or --file PAYLOAD)");
        o.game_dir = argv[optind];
        if (cli_uint_arg("picture number", argv[optind + 1], 0, 255, &o.picture))
            return CLI_EXIT_USAGE;
        for (unsigned i = 0; i < o.overlays; i++) {
            unsigned long pn;
            if (cli_parse_uint(o.overlay[i], 0, 255, &pn))
                return cli_usage_error("bad --overlay picture number '%s'", o.overlay[i]);
        }
    }
    if (!o.out_png && !o.out_raw && !o.out_gif && !o.sha256 && !o.json)
        return cli_usage_error("nothing to do: give -o, --raw, --animate, --sha256 or --json");
    return pic_render_run(&o);
}
