/* Fuzzes the AGI picture decoder.  Input byte 0 picks the profile (all
 * promoted ones, so every brush family and the early command set run),
 * byte 1 a step limit (0 = none) and overlay mode, the rest is the
 * expanded payload.  Every cell of both planes must stay a 4-bit value,
 * an error must carry its code, and the step limit must hold. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_picture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    unsigned count;
    const agi_profile *profiles = agi_profiles(&count);
    const agi_profile *p = &profiles[data[0] % count];
    static uint8_t vis[AGI_PIC_CELLS], pri[AGI_PIC_CELLS];
    agi_picture_opts o = {.overlay = data[1] & 0x80, .max_steps = data[1] & 0x7f};
    if (o.overlay) {
        memset(vis, 3, sizeof vis);
        memset(pri, 9, sizeof pri);
    }
    agi_picture_stats st;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_picture_draw(&(agi_picture_args){data + 2, size - 2, p, vis, pri, &o}, &st, &err);
    if (rc != RELIC_OK && err.code != rc)
        abort();
    for (size_t i = 0; i < AGI_PIC_CELLS; i++)
        if (vis[i] > 15 || pri[i] > 15)
            abort();
    if (o.max_steps && st.commands > o.max_steps)
        abort();
    return 0;
}
