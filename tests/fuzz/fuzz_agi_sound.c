/* Fuzzes the AGI sound payload decoder and the playback scheduler: a
 * payload that decodes is scheduled under one profile of each output rule
 * and a device, checking the stream's invariants (ticks never go back,
 * the last command is the completion silence on the completion tick). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "relic/agi_sound.h"
#include "relic/agi_sound_sched.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    agi_sound s;
    relic_err err;
    relic_err_clear(&err);
    if (agi_sound_decode(data, size, &s, &err) != RELIC_OK) {
        if (err.code != RELIC_EDATA && err.code != RELIC_ENOMEM)
            abort();
        return 0;
    }
    static const char *const profiles[] = {"2.089", "2.272", "2.440", "2.936"};
    /* The selector and adjustment come from the input's length, so every
     * profile meets each device without four times the work per input. */
    for (unsigned p = 0; p < 4; p++) {
        unsigned sel = (unsigned)((size + p) % 3);
        agi_snd_opts o = {agi_profile_find(profiles[p]), sel, (uint8_t)(size & 0xff)};
        agi_snd_cmds c = {0};
        uint64_t end = 0;
        if (agi_snd_schedule(&s, &o, &c, &end, &err) == RELIC_OK) {
            if (c.count == 0 || c.v[c.count - 1].tick != end || c.v[c.count - 1].kind != AGI_SNDCMD_SILENCE)
                abort();
            for (size_t i = 1; i < c.count; i++)
                if (c.v[i].tick < c.v[i - 1].tick)
                    abort();
        }
        agi_snd_cmds_free(&c);
    }
    agi_sound_free(&s);
    return 0;
}
