/* libFuzzer target: AGI256 raw pictures and 0xF00F views
 * (libformats/agi/agi256.c), and the runtime's wide-cel reading of the
 * same views (view.c agi_view_decode_agi256).  Every cel of every loop is
 * decoded; a cel that decodes must hold width*height pixels inside its
 * bounds, and a wide cel draws inside the two planes. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "relic/agi_ext.h"
#include "relic/agi_view.h"

static void fuzz_wide(const uint8_t *data, size_t size)
{
    static uint8_t vis[160 * 168], pri[160 * 168];
    agi_view v;
    relic_err err;
    relic_err_clear(&err);
    if (agi_view_decode_agi256(data, size, agi_profile_find("2.936"), &v, &err) != RELIC_OK)
        return;
    for (unsigned l = 0; l < v.loop_count; l++) {
        if (agi_view_select_loop(&v, l, &err) != RELIC_OK)
            continue;
        for (unsigned c = 0;; c++) {
            const agi_cel *cel = agi_view_cel(&v, l, c);
            if (!cel)
                break;
            if (!cel->wide)
                __builtin_trap();
            uint8_t *px = malloc((size_t)cel->width * cel->height + 1);
            if (px) {
                agi_cel_pixels(cel, px);
                free(px);
            }
            agi_cel_draw(cel, 150, 5, 15, vis, pri);
        }
    }
    agi_view_free(&v);
}

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
    fuzz_wide(data, size);
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
