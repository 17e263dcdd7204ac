/* Fuzzes the tBMP decoder (8 bpp raw and Riven-packed, 24 bpp); a decoded
 * image must re-encode and decode to the same pixels. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/riven_media.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    riven_bitmap b;
    if (riven_tbmp_decode(data, size, &b, NULL))
        return 0;
    uint16_t pack = b.bpp == 8 ? (size & 1 ? RIVEN_BMP_PACK_RIVEN : 0) : 0;
    relic_buf out = RELIC_BUF_INIT;
    if (riven_tbmp_encode(&b, pack, &out, NULL) == 0) {
        riven_bitmap c;
        if (riven_tbmp_decode(out.data, out.len, &c, NULL))
            abort();
        size_t px = (size_t)b.width * b.height * (b.bpp / 8);
        if (c.width != b.width || c.height != b.height || memcmp(c.pixels, b.pixels, px) != 0)
            abort();
        riven_bitmap_free(&c);
    }
    relic_buf_free(&out);
    riven_bitmap_free(&b);
    return 0;
}
