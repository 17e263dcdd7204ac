/* pic-render: draw one AGI picture (from a game or an expanded payload
 * file) to PNG, a canonical raw frame, a SHA-256 digest or a GIF of the
 * drawing; see man/pic-render.1. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "opts.h"
#include "relic/agi_vm.h"
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
           "                         (-: standard output, as for --raw, --animate,\n"
           "                         --state, --save and --screen, one at a time; the\n"
           "                         text report then goes to stderr)\n"
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
           "      --tick T           stop after cycle T (default 0, or the script's last\n"
           "                         expectation) and render the game area\n"
           "      --input FILE       timed input script (CYCLE key|type|dir|menu ..., seed N,\n"
           "                         ticks-per-cycle N; CYCLE expect room|score|flag|var|has|\n"
           "                         message ...: checkpoints, exit 1 when one fails)\n"
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
           "      --cyrillic-font FILE  an AGDS game's glyphs from 0x80 (CP866) for --screen:\n"
           "                         1,024 bytes (0x80-0xff) or a 2,048-byte 8x8 font\n"
           "                         (default: relic's own Cyrillic letters)\n"
           "      --audio FILE       the run's sound as .wav, .flac or .ogg (22,050 Hz)\n"
           "      --audio-channels N 2 equal channels, as DOSBox captures the original\n"
           "                         (default), or 1 (mono)\n"
           "      --device D         the machine the run sets (v20, v22) and plays on: tandy\n"
           "                         (default), pcjr (both three voices and noise) or speaker\n"
           "      --sampling S       --audio samples the chip's level at each instant, as\n"
           "                         DOSBox records the original (point, default), or\n"
           "                         its mean over each sample (box: no aliasing)\n"
           "      --restore FILE     run the game from a save file, as its restore dialog does\n"
           "                         (cycles then count from 0; no --from-start needed)\n"
           "      --save-dir DIR     save/restore dialogs' folder (SIGSG.N; none: in memory)\n"
           "      --compare          compare two conformance bundles\n"
           "      --json             print a JSON report\n"
           "  -v, --verbose          say each file written\n"
           "  -q, --quiet            no warnings\n"
           "  -h, --help             show this help\n"
           "  -V, --version          show the version\n\n"
           "Exit status: 0 ok, 1 malformed picture or script, or a failed expectation,\n"
           "2 usage error, 3 I/O error.\n",
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

/* --device: the machine whose device selector the run sets. */
static int pic_parse_device(const char *s, unsigned *machine)
{
    static const struct {
        const char *name;
        unsigned machine;
    } names[] = {{"tandy", AGI_MACHINE_TANDY}, {"pcjr", AGI_MACHINE_PCJR}, {"speaker", AGI_MACHINE_PC}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(s, names[i].name) == 0) {
            *machine = names[i].machine;
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
    OPT_CYRILLIC_FONT,
    OPT_AUDIO,
    OPT_RESTORE,
    OPT_SAVE_DIR,
    OPT_DEVICE,
    OPT_SAMPLING,
    OPT_AUDIO_CHANNELS,
    OPT_JSON
};
/* The modes: one picture, a run of the game, --compare. */
enum { PIC_MODE_ONE = 1, PIC_MODE_RUN = 2, PIC_MODE_COMPARE = 4 };
#define PIC_DRAW (PIC_MODE_ONE | PIC_MODE_RUN)

// clang-format off
static const cli_opt pic_options[] = {
    {"output", 'o', required_argument, 'o', CLI_OUT_FILE, PIC_DRAW},
    {"file", 'f', required_argument, 'f', CLI_VAL, PIC_MODE_ONE},
    {"channel", 'c', required_argument, 'c', CLI_VAL, PIC_DRAW},
    {"scale", 's', required_argument, 's', CLI_VAL, PIC_DRAW},
    {"aspect", 'a', optional_argument, 'a', CLI_VAL, PIC_DRAW},
    {"profile", 0, required_argument, OPT_PROFILE, CLI_VAL, PIC_DRAW},
    {"steps", 0, required_argument, OPT_STEPS, CLI_VAL, PIC_MODE_ONE},
    {"overlay", 0, required_argument, OPT_OVERLAY, CLI_VAL, PIC_MODE_ONE},
    {"raw", 0, required_argument, OPT_RAW, CLI_OUT_FILE, PIC_DRAW},
    {"sha256", 0, no_argument, OPT_SHA, CLI_VAL, PIC_DRAW},
    {"animate", 0, required_argument, OPT_ANIMATE, CLI_OUT_FILE, PIC_MODE_ONE},
    {"every", 0, required_argument, OPT_EVERY, CLI_VAL, PIC_DRAW},
    {"delay", 0, required_argument, OPT_DELAY, CLI_VAL, PIC_MODE_ONE},
    {"json", 0, no_argument, OPT_JSON, CLI_PRINTS, CLI_ALL_MODES},
    {"room", 0, required_argument, OPT_ROOM, CLI_VAL, PIC_MODE_RUN},
    {"from-start", 0, no_argument, OPT_START, CLI_VAL, PIC_MODE_RUN},
    {"tick", 0, required_argument, OPT_TICK, CLI_VAL, PIC_MODE_RUN},
    {"input", 0, required_argument, OPT_INPUT, CLI_VAL, PIC_MODE_RUN},
    {"seed", 0, required_argument, OPT_SEED, CLI_VAL, PIC_MODE_RUN},
    {"state", 0, required_argument, OPT_STATE, CLI_OUT_FILE, PIC_MODE_RUN},
    {"frames", 0, required_argument, OPT_FRAMES, CLI_OUT_MANY, PIC_MODE_RUN},
    {"gif", 0, required_argument, OPT_RUN_GIF, CLI_OUT_FILE, PIC_MODE_RUN},
    {"bundle", 0, required_argument, OPT_BUNDLE, CLI_OUT_MANY, PIC_MODE_RUN},
    {"case", 0, required_argument, OPT_CASE, CLI_VAL, PIC_MODE_RUN},
    {"save", 0, required_argument, OPT_SAVE, CLI_OUT_FILE, PIC_MODE_RUN},
    {"compare", 0, no_argument, OPT_COMPARE, CLI_VAL, PIC_MODE_COMPARE},
    {"screen", 0, required_argument, OPT_SCREEN, CLI_OUT_FILE, PIC_MODE_RUN},
    {"font", 0, required_argument, OPT_FONT, CLI_VAL, PIC_MODE_RUN},
    {"cyrillic-font", 0, required_argument, OPT_CYRILLIC_FONT, CLI_VAL, PIC_MODE_RUN},
    {"audio", 0, required_argument, OPT_AUDIO, CLI_OUT_NAMED, PIC_MODE_RUN},
    {"restore", 0, required_argument, OPT_RESTORE, CLI_VAL, PIC_MODE_RUN},
    {"save-dir", 0, required_argument, OPT_SAVE_DIR, CLI_OUT_MANY, PIC_MODE_RUN},
    {"device", 0, required_argument, OPT_DEVICE, CLI_VAL, PIC_MODE_RUN},
    {"sampling", 0, required_argument, OPT_SAMPLING, CLI_VAL, PIC_MODE_RUN},
    {"audio-channels", 0, required_argument, OPT_AUDIO_CHANNELS, CLI_VAL, PIC_MODE_RUN},
};
// clang-format on

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    pic_opts o;
    memset(&o, 0, sizeof o);
    o.channel = PIC_CHANNEL_VISUAL;
    o.scale = 1;
    o.every = 10;
    o.delay = 4;
    o.room = -1;
    o.machine = AGI_MACHINE_TANDY;
    o.sampling = AGI_SYNTH_POINT; /* as the oracle records the original */
    o.audio_channels = 2;         /* DOSBox's wave capture: the same level on both */
    int c, compare = 0;
    unsigned long n;
    cli_parser p;
    cli_opts_init(&p, pic_options, sizeof pic_options / sizeof pic_options[0], argc, argv);
    while ((c = cli_opts_next(&p)) != -1) {
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
        case OPT_TICK:
            bad = cli_uint_arg("--tick", optarg, 0, 100000000, &o.tick);
            o.have_tick = 1;
            break;
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
        case OPT_CYRILLIC_FONT: o.cyrillic_font = optarg; break;
        case OPT_AUDIO: o.audio = optarg; break;
        case OPT_RESTORE: /* a run of its own: no --from-start needed */
            o.restore = optarg;
            o.runtime = 1;
            break;
        case OPT_SAVE_DIR: o.save_dir = optarg; break;
        case OPT_JSON: o.json = 1; break;
        case OPT_DEVICE:
            if (pic_parse_device(optarg, &o.machine))
                return cli_usage_error("bad --device '%s' (tandy, pcjr or speaker)", optarg);
            break;
        case OPT_SAMPLING:
            if (agi_synth_sampling_parse(optarg, &o.sampling))
                return cli_usage_error("bad --sampling '%s' (point or box)", optarg);
            break;
        case OPT_AUDIO_CHANNELS: bad = cli_uint_arg("--audio-channels", optarg, 1, 2, &o.audio_channels); break;
        default: return cli_last_option(c, pic_render_help);
        }
        if (bad)
            return bad;
    }
    int rest = argc - optind;
    /* Each image output's name says its format ("-": standard output). */
    if (o.out_png && cli_output_name_ok(o.out_png, "png", 1))
        return cli_usage_error("-o '%s': pic-render writes PNG (.png, or - for standard output)", o.out_png);
    if (o.screen && cli_output_name_ok(o.screen, "png", 1))
        return cli_usage_error("--screen '%s': the screen is written as PNG (.png, or - for standard output)",
                               o.screen);
    if (o.out_gif && cli_output_name_ok(o.out_gif, "gif", 1))
        return cli_usage_error("--animate '%s': the animation is written as GIF (.gif, or - for standard output)",
                               o.out_gif);
    if (o.audio && cli_output_name_ok(o.audio, "wav,flac,ogg,oga", 0))
        return cli_usage_error("--audio '%s': use .wav, .flac or .ogg", o.audio);
    unsigned mode = compare ? PIC_MODE_COMPARE : o.runtime ? PIC_MODE_RUN : PIC_MODE_ONE;
    int bad =
        cli_opts_mode(&p, mode,
                      mode == PIC_MODE_COMPARE ? "--compare"
                      : mode == PIC_MODE_RUN   ? "a run of the game (--room, --from-start, --restore)"
                                               : "one picture (run the game with --room, --from-start or --restore)");
    if (bad)
        return bad;
    if (compare) {
        if (rest != 2)
            return cli_usage_error("--compare takes REF.json CANDIDATE.json");
        return pic_compare_run(argv[optind], argv[optind + 1], o.json);
    }
    if (o.runtime) {
        if (rest != 1 || o.file)
            return cli_usage_error("--room/--from-start/--restore take GAME_DIR only");
        if (o.channel == PIC_CHANNEL_BOTH)
            return cli_usage_error("--channel both is for single pictures");
        o.game_dir = argv[optind];
        return pic_runtime_run(&o);
    }
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
