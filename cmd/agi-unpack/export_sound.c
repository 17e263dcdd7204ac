/* agi-unpack exporter (with --sounds): each sound rendered on the PCjr
 * device of the game's profile as sounds/sndNNN.wav (44,100 Hz mono, cut at
 * ten minutes) and its command stream as sounds/sndNNN.events.json
 * (agi-spec sound.md; keys in agi-unpack(1) and snd-render(1)). */
#include <stdio.h>
#include <stdlib.h>
#include "export.h"
#include "relic/agi_sn76489.h"
#include "relic/agi_sound.h"
#include "relic/agi_sound_json.h"
#include "relic/io.h"

#define EXPORT_SOUND_RATE 44100
#define EXPORT_SOUND_MAX_TICKS (600 * AGI_SND_TICK_HZ)

static int export_sound_wav(unpack_ctx *x, const char *rel, const agi_snd_cmds *c, uint64_t end, relic_err *err)
{
    char path[4096];
    agi_synth_opts so = {.rate = EXPORT_SOUND_RATE, .max_ticks = EXPORT_SOUND_MAX_TICKS};
    float *f = NULL;
    int16_t *pcm = NULL;
    size_t frames;
    int rc = agi_synth_render(c, AGI_SND_PCJR, end, &so, &f, &frames, err);
    if (rc == RELIC_OK)
        rc = agi_synth_to_pcm16(f, frames, 0.0, 1, &pcm, err);
    if (rc == RELIC_OK)
        rc = unpack_out_path(x, rel, path, sizeof path, err);
    if (rc == RELIC_OK)
        rc = relic_audio_write(path, pcm, frames, 1, EXPORT_SOUND_RATE, err);
    free(f);
    free(pcm);
    return rc;
}

void unpack_export_sound(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload, json_t *row)
{
    agi_sound s;
    relic_err err;
    relic_err_clear(&err);
    /* Every sound is read, rendered or not, so that a damaged one warns
     * (channels past the payload play as AGI 2.936 plays them). */
    if (agi_sound_decode(payload->data, payload->len, &s, &err)) {
        unpack_fail(x, AGI_SOUND, num, rec, &err, row);
        return;
    }
    unpack_warn(x, AGI_SOUND, num, rec, s.warnings, s.warning, s.warning_offset, row);
    if (!x->o->render_sounds || !x->out) {
        agi_sound_free(&s);
        return;
    }
    agi_snd_opts o = {x->game->profile, 1, 0};
    agi_snd_cmds c = {0};
    uint64_t end = 0;
    if (agi_snd_schedule(&s, &o, &c, &end, &err) == RELIC_OK) {
        char wav[64], events[64];
        snprintf(wav, sizeof wav, "sounds/snd%03u.wav", num);
        snprintf(events, sizeof events, "sounds/snd%03u.events.json", num);
        json_t *doc =
            json_pack("{s:s, s:i, s:s, s:i, s:i, s:s, s:I, s:o}", "format", "relic-agi-sound-commands",
                      "format_version", 1, "profile", x->game->profile->name, "selector", 1, "adjust", 0, "device",
                      "pcjr", "completion_tick", (json_int_t)end, "sound_commands", agi_snd_cmds_to_json(&c));
        unpack_write(x, events, NULL, 0, doc);
        json_decref(doc);
        json_t *info = json_pack("{s:I, s:I, s:s, s:b}", "completion_tick", (json_int_t)end, "commands",
                                 (json_int_t)c.count, "events", events, "truncated", end > EXPORT_SOUND_MAX_TICKS);
        if (export_sound_wav(x, wav, &c, end, &err) == RELIC_OK) {
            relic_json_set(info, "wav", json_string(wav), &x->json_oom);
        } else {
            unpack_report(x, &err);
            x->io_failed = 1;
        }
        relic_json_set(row, "sound", info, &x->json_oom);
    } else {
        unpack_report(x, &err);
        x->io_failed = 1;
    }
    agi_snd_cmds_free(&c);
    agi_sound_free(&s);
}
