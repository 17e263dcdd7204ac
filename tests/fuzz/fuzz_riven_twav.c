/* Fuzzes the tWAV decoder (chunks, PCM, DVI ADPCM); decoded PCM 16 must
 * re-encode and decode to the same samples. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/riven_media.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    riven_sound s;
    if (riven_twav_decode(data, size, &s, NULL))
        return 0;
    if (s.samples && s.frames < 100000) {
        relic_buf out = RELIC_BUF_INIT;
        if (riven_twav_encode(s.samples, s.frames, s.channels, s.rate, RIVEN_WAV_RAW, &out, NULL) == 0) {
            riven_sound t;
            if (riven_twav_decode(out.data, out.len, &t, NULL))
                abort();
            if (t.frames != s.frames || memcmp(t.samples, s.samples, s.frames * s.channels * 2) != 0)
                abort();
            riven_sound_free(&t);
        }
        relic_buf_free(&out);
    }
    riven_sound_free(&s);
    return 0;
}
