/* snd-render's run: load or read the payload, decode, schedule, then write
 * what was asked for, reporting through one jansson tree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "streams.h"
#include "json_report.h"
#include "relic/agi.h"
#include "relic/agi_midi.h"
#include "relic/agi_sn76489.h"
#include "relic/agi_sound_json.h"
#include "relic/agi_sound.h"
#include "relic/core.h"
#include "relic/io.h"
#include "render.h"

/* The payload, and where its bytes live for error offsets. */
typedef struct render_src {
    relic_buf payload;
    char where[4400]; /* file named in errors */
    size_t base;      /* file offset of payload byte 0, or RELIC_NO_OFFSET */
    const agi_profile *profile;
} render_src;

static int render_load(const render_opts *o, render_src *src, relic_err *err)
{
    if (o->file) {
        snprintf(src->where, sizeof src->where, "%s", o->file);
        src->base = 0;
        src->profile = o->profile ? o->profile : agi_profile_find("2.936");
        int rc = cli_read_input(o->file, &src->payload, err);
        if (rc)
            relic_err_file(err, o->file);
        return rc;
    }
    agi_fileset fs = {0, 0};
    agi_game g;
    agi_open_opts oo = {.profile = o->profile};
    agi_record rec;
    int rc = agi_fileset_read_dir(o->game_dir, &fs, err);
    if (rc == RELIC_OK)
        rc = agi_game_open(&fs, &oo, &g, err);
    if (rc == RELIC_OK && (o->sound >= g.dirs[AGI_SOUND].count || !g.dirs[AGI_SOUND].entry[o->sound].present))
        rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "sound %u is not in the game", o->sound);
    if (rc == RELIC_OK)
        rc = agi_game_load(&g, AGI_SOUND, o->sound, &rec, &src->payload, err);
    if (rc == RELIC_OK) {
        src->profile = g.profile;
        const agi_file *vol = g.volumes[g.dirs[AGI_SOUND].entry[o->sound].volume];
        snprintf(src->where, sizeof src->where, "%s/%s", o->game_dir, vol ? vol->name : "?");
        src->base = rec.transform == AGI_TRANSFORM_NONE ? rec.offset + rec.header_len : RELIC_NO_OFFSET;
    } else if (!err->file[0]) {
        relic_err_file(err, o->game_dir);
    }
    agi_fileset_free(&fs);
    return rc;
}

/* A decoding error of the payload, placed in its file. */
static void render_place(const render_src *src, relic_err *err)
{
    if (err->offset != RELIC_NO_OFFSET && src->base == RELIC_NO_OFFSET) {
        char msg[sizeof err->msg + 64];
        snprintf(msg, sizeof msg, "%s (expanded payload offset 0x%zx)", err->msg, err->offset);
        relic_err_set(err, err->code, RELIC_NO_OFFSET, "%s", msg);
    } else if (err->offset != RELIC_NO_OFFSET) {
        err->offset += src->base;
    }
    relic_err_file(err, src->where);
}

/* A damaged sound plays as AGI 2.936 plays it (agi_sound_decode): one
 * line, placed in its file as an error would be. */
static void render_warn(const render_opts *o, const render_src *src, const agi_sound *snd)
{
    relic_err w;
    relic_err_clear(&w);
    if (o->file)
        relic_err_set(&w, RELIC_EDATA, snd->warning_offset, "warning: %s", snd->warning);
    else
        relic_err_set(&w, RELIC_EDATA, snd->warning_offset, "sound %u: warning: %s", o->sound, snd->warning);
    render_place(src, &w);
    if (w.offset != RELIC_NO_OFFSET)
        cli_warn("%s: %s (offset 0x%zx)", w.file, w.msg, w.offset);
    else
        cli_warn("%s: %s", w.file, w.msg);
}

/* Streaming sink: each finished window of the synthesis becomes 16-bit
 * frames appended to the audio file, so memory stays constant in the
 * clip's length (one window of floats and one of samples). */
typedef struct render_stream {
    relic_audio_out out;
    double gain_db;
    unsigned channels;
    int16_t *pcm; /* one window's interleaved samples */
    relic_err *err;
} render_stream;

#define RENDER_BLOCK 4096 /* agi_synth_stream's window */

static int render_sink(void *ctx, const float *x, size_t n)
{
    render_stream *st = ctx;
    if (n > RENDER_BLOCK)
        return relic_err_set(st->err, RELIC_EUSAGE, RELIC_NO_OFFSET, "synthesis window of %zu frames", n);
    agi_synth_pcm16_into(x, n, st->gain_db, st->channels, st->pcm);
    return relic_audio_write_frames(&st->out, st->pcm, n, st->err);
}

/* --noise-bits names a register; without it, the chip of the machine the
 * selector stands for (a Tandy's NCR 8496 with --device tandy). */
static agi_noise_chip snd_render_noise_chip(const render_opts *o)
{
    static const agi_noise_chip by_bits[] = {[15] = AGI_NOISE_SN76489, [16] = AGI_NOISE_LFSR16};
    return o->noise_bits == 15 || o->noise_bits == 16 ? by_bits[o->noise_bits]
                                                      : agi_noise_chip_for((unsigned)o->selector);
}

static int render_audio(const render_opts *o, const agi_snd_cmds *c, agi_snd_device dev, uint64_t end, json_t *report,
                        int *oom, relic_err *err)
{
    agi_synth_opts so = {
        .rate = o->rate, .noise = snd_render_noise_chip(o), .sampling = o->sampling, .loops = o->loops};
    uint64_t total = end * o->loops, cap = (uint64_t)llround(o->max_seconds * AGI_SND_TICK_HZ);
    int truncated = total > cap;
    const char *name = o->output_name ? o->output_name : o->output;
    if (truncated) {
        so.max_ticks = cap;
        cli_warn("%s: %llu ticks (%.1f s) cut at %.1f s (--max-seconds)", name, (unsigned long long)total, total / 60.0,
                 o->max_seconds);
    }
    render_stream st = {.gain_db = o->gain_db, .channels = o->channels, .err = err};
    size_t frames = 0;
    st.pcm = relic_alloc_array((size_t)RENDER_BLOCK * o->channels, sizeof *st.pcm);
    if (!st.pcm)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int rc = relic_audio_open(&st.out, o->output, st.channels, o->rate, err);
    if (rc == RELIC_OK) {
        /* A failed write has already removed the temporary; abort is
         * harmless then and needed after a synthesis error. */
        rc = agi_synth_stream(c, dev, end, &so, render_sink, &st, &frames, err);
        if (rc)
            relic_audio_abort(&st.out);
        else
            rc = relic_audio_commit(&st.out, err);
    }
    if (rc == RELIC_OK)
        relic_json_set(report, "audio",
                       json_pack("{s:s, s:I, s:i, s:i, s:b}", "file", name, "frames", (json_int_t)frames, "rate",
                                 (int)o->rate, "channels", (int)o->channels, "truncated", truncated),
                       oom);
    free(st.pcm);
    return rc;
}

/* Failed allocations set *oom (sticky, relic_json_set): the caller
 * checks it once, so a dropped key fails the run instead of vanishing. */
static int render_outputs(const render_opts *o, const agi_sound *snd, const agi_profile *p, json_t *report, int *oom,
                          relic_err *err)
{
    agi_snd_opts so = {p, (unsigned)o->selector, (uint8_t)o->adjust};
    agi_snd_device dev = agi_snd_device_for(p, so.selector);
    agi_snd_cmds c = {0};
    uint64_t end = 0;
    int rc = agi_snd_schedule(snd, &so, &c, &end, err);
    json_t *events = json_array();
    for (unsigned ch = 0; ch < AGI_SOUND_CHANNELS; ch++)
        relic_json_append(events, json_integer(snd->ch[ch].count), oom);
    relic_json_set(report, "profile", json_string(p->name), oom);
    relic_json_set(report, "selector", json_integer(o->selector), oom);
    relic_json_set(report, "device", json_string(dev == AGI_SND_PCJR ? "pcjr" : "speaker"), oom);
    relic_json_set(report, "events", events, oom);
    relic_json_set(report, "completion_tick", json_integer((json_int_t)end), oom);
    relic_json_set(report, "duration_ms", json_integer((json_int_t)((end * 1000 + 30) / 60)), oom);
    relic_json_set(report, "commands", json_integer((json_int_t)c.count), oom);
    if (rc == RELIC_OK && o->events) {
        json_t *doc = json_pack("{s:s, s:i, s:s, s:i, s:i, s:s, s:I, s:o}", "format", "relic-agi-sound-commands",
                                "format_version", 1, "profile", p->name, "selector", o->selector, "adjust",
                                (int)o->adjust, "device", dev == AGI_SND_PCJR ? "pcjr" : "speaker", "completion_tick",
                                (json_int_t)end, "sound_commands", agi_snd_cmds_to_json(&c));
        rc = cli_write_json(o->events, doc, err);
        json_decref(doc);
        if (rc == RELIC_OK)
            relic_json_set(report, "events_file", json_string(o->events), oom);
    }
    if (rc == RELIC_OK && o->midi) {
        relic_buf m = RELIC_BUF_INIT;
        rc = agi_midi_encode(&c, dev, end, &m, err);
        if (rc == RELIC_OK)
            rc = cli_write_output(o->midi, m.data, m.len, err);
        if (rc == RELIC_OK)
            relic_json_set(report, "midi_file", json_string(o->midi), oom);
        relic_buf_free(&m);
    }
    if (rc == RELIC_OK && o->output)
        rc = render_audio(o, &c, dev, end, report, oom, err);
    agi_snd_cmds_free(&c);
    return rc;
}

static void render_print_text(const json_t *r)
{
    // clang-format off
    const char *keys[] = {"source", "sound", "profile", "selector", "device", "completion_tick", "duration_ms",
                          "commands", "events_file", "midi_file"};
    // clang-format on
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        json_t *v = json_object_get(r, keys[i]);
        if (json_is_string(v))
            printf("%-16s %s\n", keys[i], json_string_value(v));
        else if (json_is_integer(v))
            printf("%-16s %lld\n", keys[i], (long long)json_integer_value(v));
    }
    json_t *ev = json_object_get(r, "events");
    printf("%-16s %d %d %d %d\n", "events", (int)json_integer_value(json_array_get(ev, 0)),
           (int)json_integer_value(json_array_get(ev, 1)), (int)json_integer_value(json_array_get(ev, 2)),
           (int)json_integer_value(json_array_get(ev, 3)));
    json_t *a = json_object_get(r, "audio");
    if (a)
        printf("%-16s %s (%lld frames, %d Hz, %d channel%s%s)\n", "audio",
               json_string_value(json_object_get(a, "file")),
               (long long)json_integer_value(json_object_get(a, "frames")),
               (int)json_integer_value(json_object_get(a, "rate")),
               (int)json_integer_value(json_object_get(a, "channels")),
               json_integer_value(json_object_get(a, "channels")) > 1 ? "s" : "",
               json_is_true(json_object_get(a, "truncated")) ? ", truncated" : "");
}

int render_run(const render_opts *o)
{
    render_src src;
    memset(&src, 0, sizeof src);
    relic_err err;
    relic_err_clear(&err);
    agi_sound snd;
    memset(&snd, 0, sizeof snd);
    int rc = render_load(o, &src, &err);
    if (rc == RELIC_OK && (rc = agi_sound_decode(src.payload.data, src.payload.len, &snd, &err)) != RELIC_OK) {
        char msg[sizeof err.msg + 16];
        snprintf(msg, sizeof msg, "sound %u: %s", o->sound, err.msg);
        if (!o->file)
            relic_err_set(&err, err.code, err.offset, "%s", msg);
        render_place(&src, &err);
    }
    if (rc == RELIC_OK && snd.warnings)
        render_warn(o, &src, &snd);
    json_t *report = json_object();
    int oom = !report;
    if (rc == RELIC_OK) {
        relic_json_set(report, "source", json_string(o->file ? o->file : o->game_dir), &oom);
        relic_json_set(report, "sound", o->file ? json_null() : json_integer(o->sound), &oom);
        rc = render_outputs(o, &snd, src.profile, report, &oom, &err);
        if (rc == RELIC_OK)
            rc = relic_json_check(oom, &err);
    }
    if (rc) {
        cli_report(&err);
    } else if (o->json) {
        if (cli_json_report(report, "relic-snd-render", 1, NULL))
            rc = RELIC_EIO; /* reported */
    } else {
        render_print_text(report);
    }
    json_decref(report);
    agi_sound_free(&snd);
    relic_buf_free(&src.payload);
    return cli_exit_code(rc);
}
