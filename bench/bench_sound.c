/* make bench: AGI sound scheduling rate and synthesis speed (seconds of
 * audio per second, 44,100 Hz mono, sounds cut at ten minutes) over every
 * corpus sound. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "relic/agi.h"
#include "relic/agi_sn76489.h"
#include "relic/agi_sound.h"
#include "relic/agi_sound_sched.h"

/* Every decodable sound of every corpus game, decoded once. */
void bench_sound(const char *root)
{
    relic_buf *raw;
    const agi_profile **raw_prof;
    size_t nraw = bench_agi_payloads(root, AGI_SOUND, &raw, &raw_prof);
    agi_sound *snds = calloc(nraw ? nraw : 1, sizeof *snds);
    const agi_profile **prof = calloc(nraw ? nraw : 1, sizeof *prof);
    size_t n = 0;
    for (size_t i = 0; i < nraw; i++) /* the entries that are sound data */
        if (agi_sound_decode(raw[i].data, raw[i].len, &snds[n], NULL) == RELIC_OK)
            prof[n++] = raw_prof[i];
    bench_agi_payloads_free(raw, raw_prof, nraw);
    size_t cmds = 0;
    int reps = 0;
    double t0 = bench_now(), t;
    do {
        for (size_t i = 0; i < n; i++) {
            agi_snd_opts o = {prof[i], 1, 0};
            agi_snd_cmds c = {0};
            agi_snd_schedule(&snds[i], &o, &c, NULL, NULL);
            cmds += c.count;
            agi_snd_cmds_free(&c);
        }
        reps++;
        t = bench_now() - t0;
    } while (t < 0.5);
    printf("sound schedule: %8.0f sounds/s, %.1f M commands/s  (%zu corpus sounds)\n", n * reps / t, cmds / t / 1e6, n);
    double audio = 0, synth = 0;
    agi_synth_opts so = {.rate = 44100, .max_ticks = 600 * AGI_SND_TICK_HZ};
    /* One output buffer for all renders, touched once, so page faults of
     * fresh memory are not counted as synthesis. */
    size_t cap = agi_synth_frames(so.max_ticks, &so);
    float *x = calloc(cap, sizeof *x);
    for (size_t i = 0; i < n; i++) {
        agi_snd_opts o = {prof[i], 1, 0};
        agi_snd_cmds c = {0};
        uint64_t end;
        agi_snd_schedule(&snds[i], &o, &c, &end, NULL);
        size_t frames = agi_synth_frames(end, &so);
        t0 = bench_now();
        if (agi_synth_render_into(&c, AGI_SND_PCJR, end, &so, x, frames, NULL) == RELIC_OK) {
            synth += bench_now() - t0;
            audio += (double)frames / so.rate;
        }
        agi_snd_cmds_free(&c);
        agi_sound_free(&snds[i]);
    }
    printf("sound synthesis: %7.0fx realtime  (%.0f s of audio in %.2f s, 44100 Hz, one core)\n", audio / synth, audio,
           synth);
    free(x);
    free(snds);
    free(prof);
}
