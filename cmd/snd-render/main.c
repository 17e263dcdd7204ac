/* snd-render: an AGI sound resource to WAV/FLAC/Ogg audio, its command
 * stream as JSON and a MIDI file; see man/snd-render.1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "opts.h"
#include "streams.h"
#include "relic/io.h"
#include "render.h"

static void snd_render_help(void)
{
    printf("Usage: %s GAME_DIR SNDNUM [-o OUT.wav] [options]\n"
           "       %s --file PAYLOAD.bin [-o OUT.wav] [options]\n"
           "Render an AGI sound: audio (format from the extension: .wav, .flac, .ogg),\n"
           "the exact command stream (--events) and a MIDI file (--midi).\n\n"
           "  -o, --output FILE    audio file to write; - for standard output (with\n"
           "                       --format; the text report then goes to stderr)\n"
           "      --format F       wav, flac or ogg: the format of -o - or of a device\n"
           "                       such as /dev/null (default wav)\n"
           "      --file PAYLOAD   a raw sound payload instead of GAME_DIR SNDNUM\n"
           "      --events FILE    the command stream as JSON (sound_commands)\n"
           "      --midi FILE      a Standard MIDI File\n"
           "                       (- for standard output, one option at a time)\n"
           "      --profile P      interpreter profile (2.089 ... 3.002.149); default the\n"
           "                       game's guess, 2.936 for --file\n"
           "      --device D       pcjr (four channels, default), tandy (the same, selector 2)\n"
           "                       or speaker (one channel)\n"
           "      --selector N     device selector value instead of --device (0..255)\n"
           "      --adjust N       global attenuation adjustment (0..255, default 0)\n"
           "      --rate HZ        sample rate (8000..384000, default 44100)\n"
           "      --channels N     1 or 2 (default 1)\n"
           "      --gain DB        output gain in dB (default 0)\n"
           "      --loop N         play the sound N times (default 1)\n"
           "      --noise-bits N   noise shift register: 15 (the PCjr's TI chip) or 16\n"
           "                       (tapped 0, 3); default the machine's (tandy: NCR 8496)\n"
           "      --sampling S     box (the mean level over each sample: no aliasing,\n"
           "                       default) or point (the level at each sample's instant,\n"
           "                       as DOSBox records the original)\n"
           "      --max-seconds S  cut audio longer than this (default 600)\n"
           "      --json           print the report as JSON\n"
           "  -v, --verbose        say each file written\n"
           "  -q, --quiet          no warnings\n"
           "  -h, --help           show this help\n"
           "  -V, --version        show the version\n\n"
           "Exit status: 0 ok, 1 malformed sound, 2 usage error, 3 I/O error.\n",
           cli_prog(), cli_prog());
}

/* -o - or a device (/dev/null): audio containers are written with seeks
 * (relic's WAV writer and libsndfile back-patch the sizes in their headers
 * once the clip is done), so the audio goes to a file in a private
 * temporary folder first and is copied to dest once complete; with -o -
 * the text report already goes to stderr (opts.h), so stdout carries only
 * the audio. */
static int snd_render_via_temp(render_opts *o, const char *format, const char *dest)
{
    const char *tmp = getenv("TMPDIR");
    char dir[4096], path[4200];
    snprintf(dir, sizeof dir, "%s/snd-render-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        cli_error("cannot create a temporary folder in %s", tmp && *tmp ? tmp : "/tmp");
        return CLI_EXIT_IO;
    }
    snprintf(path, sizeof path, "%s/audio.%s", dir, format);
    o->output = path;
    o->output_name = dest;
    int rc = render_run(o);
    relic_err err;
    relic_err_clear(&err);
    if (rc == CLI_EXIT_OK && cli_copy_output(path, dir, dest, &err)) {
        cli_report(&err);
        rc = CLI_EXIT_IO;
    }
    unlink(path); /* a failed render's part, if any */
    rmdir(dir);
    return rc;
}

enum {
    OPT_FILE = 256,
    OPT_EVENTS,
    OPT_MIDI,
    OPT_PROFILE,
    OPT_DEVICE,
    OPT_SELECTOR,
    OPT_ADJUST,
    OPT_RATE,
    OPT_CHANNELS,
    OPT_GAIN,
    OPT_LOOP,
    OPT_NOISE,
    OPT_SAMPLING,
    OPT_MAXSEC,
    OPT_FORMAT,
    OPT_JSON
};

// clang-format off
static const cli_opt snd_render_options[] = {
    {"output", 'o', required_argument, 'o', CLI_OUT_FILE, CLI_ALL_MODES},
    {"file", 0, required_argument, OPT_FILE, CLI_VAL, CLI_ALL_MODES},
    {"events", 0, required_argument, OPT_EVENTS, CLI_OUT_FILE, CLI_ALL_MODES},
    {"midi", 0, required_argument, OPT_MIDI, CLI_OUT_FILE, CLI_ALL_MODES},
    {"profile", 0, required_argument, OPT_PROFILE, CLI_VAL, CLI_ALL_MODES},
    {"device", 0, required_argument, OPT_DEVICE, CLI_VAL, CLI_ALL_MODES},
    {"selector", 0, required_argument, OPT_SELECTOR, CLI_VAL, CLI_ALL_MODES},
    {"adjust", 0, required_argument, OPT_ADJUST, CLI_VAL, CLI_ALL_MODES},
    {"rate", 0, required_argument, OPT_RATE, CLI_VAL, CLI_ALL_MODES},
    {"channels", 0, required_argument, OPT_CHANNELS, CLI_VAL, CLI_ALL_MODES},
    {"gain", 0, required_argument, OPT_GAIN, CLI_VAL, CLI_ALL_MODES},
    {"loop", 0, required_argument, OPT_LOOP, CLI_VAL, CLI_ALL_MODES},
    {"noise-bits", 0, required_argument, OPT_NOISE, CLI_VAL, CLI_ALL_MODES},
    {"sampling", 0, required_argument, OPT_SAMPLING, CLI_VAL, CLI_ALL_MODES},
    {"max-seconds", 0, required_argument, OPT_MAXSEC, CLI_VAL, CLI_ALL_MODES},
    {"format", 0, required_argument, OPT_FORMAT, CLI_VAL, CLI_ALL_MODES},
    {"json", 0, no_argument, OPT_JSON, CLI_PRINTS, CLI_ALL_MODES},
};
// clang-format on

static int snd_render_number(const char *name, const char *s, unsigned long lo, unsigned long hi, unsigned *out)
{
    unsigned long v;
    int rc = cli_uint_arg(name, s, lo, hi, &v);
    if (!rc)
        *out = (unsigned)v;
    return rc;
}

static int snd_render_real(const char *name, const char *s, double lo, double hi, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (!*s || *end || !(v >= lo && v <= hi))
        return cli_usage_error("bad %s '%s'", name, s);
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    render_opts o;
    memset(&o, 0, sizeof o);
    o.selector = -1;
    o.rate = 44100;
    o.channels = 1;
    o.loops = 1;
    o.max_seconds = 600;
    int c, device_selector = 1;
    const char *format = NULL;
    unsigned v;
    cli_parser p;
    cli_opts_init(&p, snd_render_options, sizeof snd_render_options / sizeof snd_render_options[0], argc, argv);
    while ((c = cli_opts_next(&p)) != -1) {
        int bad = 0;
        switch (c) {
        case 'o': o.output = optarg; break;
        case OPT_FILE: o.file = optarg; break;
        case OPT_FORMAT:
            if (strcmp(optarg, "wav") != 0 && strcmp(optarg, "flac") != 0 && strcmp(optarg, "ogg") != 0)
                return cli_usage_error("bad --format '%s' (wav, flac or ogg)", optarg);
            format = optarg;
            break;
        case OPT_EVENTS: o.events = optarg; break;
        case OPT_MIDI: o.midi = optarg; break;
        case OPT_PROFILE:
            if (!(o.profile = agi_profile_find(optarg)))
                return cli_usage_error("unknown profile '%s'", optarg);
            break;
        case OPT_DEVICE:
            /* The selectors AGI 2.936 detects: PC 0, PCjr 1, Tandy 1000 2. */
            if (strcmp(optarg, "speaker") == 0)
                device_selector = 0;
            else if (strcmp(optarg, "pcjr") == 0)
                device_selector = 1;
            else if (strcmp(optarg, "tandy") == 0)
                device_selector = 2;
            else
                return cli_usage_error("bad device '%s' (pcjr, tandy or speaker)", optarg);
            break;
        case OPT_SELECTOR:
            bad = snd_render_number("selector", optarg, 0, 255, &v);
            o.selector = (int)v;
            break;
        case OPT_ADJUST: bad = snd_render_number("adjustment", optarg, 0, 255, &o.adjust); break;
        case OPT_RATE: bad = snd_render_number("rate", optarg, 8000, 384000, &o.rate); break;
        case OPT_CHANNELS: bad = snd_render_number("channel count", optarg, 1, 2, &o.channels); break;
        case OPT_LOOP: bad = snd_render_number("loop count", optarg, 1, 1000, &o.loops); break;
        case OPT_NOISE: bad = snd_render_number("noise width", optarg, 15, 16, &o.noise_bits); break;
        case OPT_SAMPLING:
            if (agi_synth_sampling_parse(optarg, &o.sampling))
                return cli_usage_error("bad --sampling '%s' (box or point)", optarg);
            break;
        case OPT_GAIN: bad = snd_render_real("gain", optarg, -96, 48, &o.gain_db); break;
        case OPT_MAXSEC: bad = snd_render_real("--max-seconds", optarg, 0.001, 86400, &o.max_seconds); break;
        case OPT_JSON: o.json = 1; break;
        default: return cli_last_option(c, snd_render_help);
        }
        if (bad)
            return bad;
    }
    if (o.selector < 0)
        o.selector = device_selector;
    if (o.file) {
        if (optind != argc)
            return cli_usage_error("--file takes no GAME_DIR or SNDNUM");
    } else {
        if (argc - optind != 2)
            return cli_usage_error("expected GAME_DIR SNDNUM (or --file PAYLOAD)");
        o.game_dir = argv[optind];
        if (snd_render_number("sound number", argv[optind + 1], 0, 255, &o.sound))
            return CLI_EXIT_USAGE;
    }
    int via_temp = o.output && (strcmp(o.output, "-") == 0 || cli_output_is_device(o.output));
    if (o.output && !via_temp && !relic_audio_format_for(o.output))
        return cli_usage_error("unknown audio extension in '%s' (use .wav, .flac or .ogg)", o.output);
    if (format && !via_temp && (!o.output || cli_output_name_ok(o.output, format, 0)))
        return cli_usage_error("--format %s is for -o - or a device (a file's extension names its format)", format);
    if (!o.output && !o.events && !o.midi && !o.json)
        return cli_usage_error("nothing to do: give -o, --events, --midi or --json");
    if (!via_temp)
        return render_run(&o);
    return snd_render_via_temp(&o, format ? format : "wav", o.output);
}
