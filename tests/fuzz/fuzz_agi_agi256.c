/* libFuzzer target: AGI256 raw pictures and 0xF00F views
 * (libformats/agi/agi256.c).  Every cel of every loop is decoded; a cel
 * that decodes must hold width*height pixels inside its bounds. */
#include <stddef.h>
#include <stdint.h>
#include "relic/agi_ext.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t vis[AGI_AGI256_PIC_SIZE];
    agi_agi256_picture_info info;
    relic_err err;
    relic_err_clear(&err);
    if (agi_agi256_picture_decode(data, size, vis, &info, &err) != RELIC_OK)
        __builtin_trap();
    if (info.white_filled + (size < AGI_AGI256_PIC_SIZE ? size : AGI_AGI256_PIC_SIZE) != AGI_AGI256_PIC_SIZE)
        __builtin_trap();
    unsigned loops;
    if (agi_agi256_view_counts(data, size, &loops, &err) != RELIC_OK)
        return 0;
    for (unsigned l = 0; l < loops; l++) {
        unsigned cels;
        if (agi_agi256_loop_cels(data, size, l, &cels, &err) != RELIC_OK)
            continue;
        for (unsigned c = 0; c < cels; c++) {
            agi_agi256_cel cel;
            if (agi_agi256_cel_decode(data, size, l, c, &cel, &err) != RELIC_OK)
                continue;
            volatile uint8_t sink = cel.pixels[(size_t)cel.width * cel.height - 1];
            (void)sink;
            agi_agi256_cel_free(&cel);
        }
    }
    return 0;
}
