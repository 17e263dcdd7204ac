/* Fuzzes SN76489 / PC-speaker synthesis and the MIDI writer on streams
 * scheduled from fuzzed sound payloads: the render (cut at ten seconds,
 * 8 kHz, box or point sampled) must have exactly agi_synth_frames()
 * samples, all within [-1, 1]; the MIDI file must start with its header
 * chunk. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_midi.h"
#include "relic/agi_sn76489.h"
#include "relic/agi_sound.h"
#include "relic/agi_sound_sched.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    agi_sound s;
    if (agi_sound_decode(data, size, &s, NULL) != RELIC_OK)
        return 0;
    agi_snd_opts o = {agi_profile_find(size & 1 ? "2.440" : "2.936"), (unsigned)(size % 3), 0};
    agi_snd_cmds c = {0};
    uint64_t end = 0;
    if (agi_snd_schedule(&s, &o, &c, &end, NULL) == RELIC_OK) {
        agi_synth_opts so = {.rate = 8000,
                             .max_ticks = 600,
                             .noise = (agi_noise_chip)(size % AGI_NOISE_CHIPS),
                             .loops = 1 + (size & 1),
                             .sampling = size & 2 ? AGI_SYNTH_POINT : AGI_SYNTH_BOX};
        agi_snd_device dev = agi_snd_device_for(o.profile, o.selector);
        float *x;
        size_t frames;
        if (agi_synth_render(&c, dev, end, &so, &x, &frames, NULL) == RELIC_OK) {
            if (frames != agi_synth_frames(end, &so))
                abort();
            for (size_t i = 0; i < frames; i++)
                if (!(x[i] >= -1.0f && x[i] <= 1.0f))
                    abort();
            free(x);
        }
        relic_buf m = RELIC_BUF_INIT;
        if (agi_midi_encode(&c, dev, end, &m, NULL) == RELIC_OK && (m.len < 14 || memcmp(m.data, "MThd", 4) != 0))
            abort();
        relic_buf_free(&m);
    }
    agi_snd_cmds_free(&c);
    agi_sound_free(&s);
    return 0;
}
