/* Fuzzes the AGI view decoder.  Input byte 0 picks the profile (2.230's
 * packed loop headers or the full-byte form), the rest is the payload.
 * After a successful decode every loop is selected twice in a data-chosen
 * order (stateful mirroring on shared cels) and every cel is drawn into a
 * buffer of exactly width*height bytes (pixels must be 4-bit values) and
 * composed onto the planes at data-chosen places. */
#include <stdint.h>
#include <stdlib.h>
#include "relic/agi_view.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned count;
    const agi_profile *profiles = agi_profiles(&count);
    agi_view v;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_view_decode(data + 1, size - 1, &profiles[data[0] % count], &v, &err);
    if (rc != RELIC_OK) {
        if (err.code != rc)
            abort();
        return 0;
    }
    for (unsigned k = 0; k < 2 * v.loop_count; k++) {
        unsigned loop = (k < v.loop_count ? k : data[k % size] % v.loop_count);
        if (agi_view_select_loop(&v, loop, &err) != RELIC_OK)
            break;
        const agi_cel *c;
        for (unsigned i = 0; (c = agi_view_cel(&v, loop, i)); i++) {
            size_t n = (size_t)c->width * c->height;
            uint8_t *px = malloc(n ? n : 1);
            if (!px)
                break;
            agi_cel_pixels(c, px);
            for (size_t j = 0; j < n; j++)
                if (px[j] > 15)
                    abort();
            /* Composition at data-chosen places, partly off the surface. */
            static uint8_t vis[160 * 168], pri[160 * 168];
            int x = (int)data[(k + i) % size] - 40, y = (int)data[(k + i + 1) % size] - 20;
            agi_cel_draw(c, x, y, data[(k + 2 * i) % size] & 15, vis, pri);
            free(px);
        }
    }
    agi_view_free(&v);
    return 0;
}
