/* libFuzzer target: AGI256 raw pictures and AGI256-2's 0xF00F views
 * (libformats/agi/agi256.c), the choice of a picture's form
 * (picture_form.c), and the runtime's wide-cel reading of the same views
 * (view.c agi_view_decode_agi256).  Every cel of every loop is decoded; a
 * cel that decodes must hold width*height pixels inside its bounds, and a
 * wide cel draws inside the two planes.  Seeds: tests/fuzz/seeds/
 * fuzz_agi_agi256 (make_agi256_2_seeds.py). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "relic/agi_ext.h"
#include "relic/agi_picture.h"
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

/* The shape and the form agree: a whole-screen bitmap (alone, with its
 * cue) is one in a game too; the AGI256 flags take the in-game shape's
 * word, no flag keeps vector, no game takes the whole-screen shape's. */
static void fuzz_form(const uint8_t *data, size_t size)
{
    char why[128];
    int raw = agi_agi256_picture_shape(data, size, why, sizeof why);
    int in_game = agi_agi256_picture_is_raw_in_game(data, size);
    if (raw != agi_agi256_picture_is_raw(data, size) || (raw && (size < AGI_AGI256_PIC_SIZE || !why[0] || !in_game)) ||
        (!raw && why[0]))
        __builtin_trap();
    static const unsigned flags[] = {AGI_EXT_AGI256, AGI_EXT_AGI256_2, AGI_EXT_VGA256, AGI_EXT_AGIPAL, 0};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        const agi_picture_form *f = agi_picture_form_of(data, size, &flags[i]);
        int want = in_game && (flags[i] & AGI_EXT_VGA256);
        if ((f->id == AGI_PICTURE_FORM_AGI256) != want || (f->decode_raw != NULL) != want)
            __builtin_trap();
    }
    if ((agi_picture_form_of(data, size, NULL)->id == AGI_PICTURE_FORM_AGI256) != raw)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_form(data, size);
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
