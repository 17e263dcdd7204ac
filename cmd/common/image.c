/* Image conventions shared by the commands (image.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "image.h"
#include "relic/core.h"

int cli_parse_aspect(const char *value, cli_aspect *out)
{
    if (!value || strcmp(value, "2:1") == 0)
        *out = CLI_ASPECT_WIDE;
    else if (strcmp(value, "1:1") == 0)
        *out = CLI_ASPECT_NONE;
    else if (strcmp(value, "4:3") == 0)
        *out = CLI_ASPECT_4_3;
    else
        return -1;
    return 0;
}

int cli_aspect_option(int argc, char *const argv[], const char *optarg_value, cli_aspect *out)
{
    /* getopt hands an optional value only when attached (--aspect=4:3);
     * a following word that is a ratio is taken as the value too. */
    if (!optarg_value && optind < argc && argv[optind][0] >= '0' && argv[optind][0] <= '9' &&
        strchr(argv[optind], ':')) {
        return cli_parse_aspect(argv[optind++], out); /* a ratio, good or bad */
    }
    return cli_parse_aspect(optarg_value, out);
}

void cli_image_size(unsigned w, unsigned h, unsigned scale, cli_aspect aspect, int wide_source, unsigned *out_w,
                    unsigned *out_h)
{
    if (scale == 0)
        scale = 1;
    /* 4:3: 6 rows for every 5 (200 -> 240), as ScummVM's real2Aspect. */
    *out_w = w * scale * (aspect != CLI_ASPECT_NONE && !wide_source ? 2 : 1);
    *out_h = (aspect == CLI_ASPECT_4_3 ? h + (h + 1) / 5 : h) * scale;
}

void cli_image_scale_to(const uint8_t *src, unsigned w, unsigned h, unsigned scale, cli_aspect aspect, int wide_source,
                        uint8_t *dst)
{
    unsigned ow, oh;
    cli_image_size(w, h, scale, aspect, wide_source, &ow, &oh);
    if (scale == 0)
        scale = 1;
    unsigned sx = w ? ow / w : 1;
    for (size_t y = 0; y < oh; y++) {
        size_t ty = y / scale;
        size_t sy = aspect == CLI_ASPECT_4_3 ? (ty * 5 + 3) / 6 : ty; /* ScummVM's aspect2Real */
        if (sy >= h)
            sy = h - 1;
        uint8_t *row = dst + y * ow;
        const uint8_t *in = src + sy * w;
        for (unsigned x = 0; x < w; x++)
            memset(row + (size_t)x * sx, in[x], sx);
    }
}

uint8_t *cli_image_scale(const uint8_t *src, unsigned w, unsigned h, unsigned scale, cli_aspect aspect, int wide_source,
                         unsigned *out_w, unsigned *out_h)
{
    cli_image_size(w, h, scale, aspect, wide_source, out_w, out_h);
    uint8_t *dst = relic_alloc_array((size_t)*out_w * *out_h, 1);
    if (dst)
        cli_image_scale_to(src, w, h, scale, aspect, wide_source, dst);
    return dst;
}
