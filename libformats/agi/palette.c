/* The 16-colour EGA palette AGI pictures and views are shown with, and
 * the enlargement used to show them
 * (agi-spec conformance_results.md "Canonical visual frame": every frame
 * pixel is one of the 16 EGA colours).  Values are the standard IBM EGA
 * default palette: 0x00, 0xaa and 0x55 levels, colour 6 brown (aa5500). */
#include <string.h>
#include "relic/agi_picture.h"

const uint8_t agi_ega_palette[16 * 3] = {
    0x00, 0x00, 0x00, /*  0 black */
    0x00, 0x00, 0xaa, /*  1 blue */
    0x00, 0xaa, 0x00, /*  2 green */
    0x00, 0xaa, 0xaa, /*  3 cyan */
    0xaa, 0x00, 0x00, /*  4 red */
    0xaa, 0x00, 0xaa, /*  5 magenta */
    0xaa, 0x55, 0x00, /*  6 brown */
    0xaa, 0xaa, 0xaa, /*  7 light grey */
    0x55, 0x55, 0x55, /*  8 dark grey */
    0x55, 0x55, 0xff, /*  9 light blue */
    0x55, 0xff, 0x55, /* 10 light green */
    0x55, 0xff, 0xff, /* 11 light cyan */
    0xff, 0x55, 0x55, /* 12 light red */
    0xff, 0x55, 0xff, /* 13 light magenta */
    0xff, 0xff, 0x55, /* 14 yellow */
    0xff, 0xff, 0xff, /* 15 white */
};

void agi_scale(const uint8_t *src, unsigned w, unsigned h, unsigned sx, unsigned sy, uint8_t *dst)
{
    size_t out_w = (size_t)w * sx;
    for (unsigned y = 0; y < h; y++) {
        uint8_t *row = dst + (size_t)y * sy * out_w;
        for (unsigned x = 0; x < w; x++)
            memset(row + (size_t)x * sx, src[(size_t)y * w + x], sx);
        for (unsigned k = 1; k < sy; k++)
            memcpy(row + k * out_w, row, out_w);
    }
}
