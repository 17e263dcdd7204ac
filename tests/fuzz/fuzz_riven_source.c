/* Fuzzes the Riven text-source builder (libvm/riven/build.c), the
 * parser behind riven-script --build.  Input: one byte choosing the kind,
 * then the source text.  It must build or fail with an error, never crash;
 * a card or hotspot list it builds must decode again. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/riven_vm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const kinds[] = {"names",        "words",    "card", "hotspots", "bitmap8",
                                        "bitmap8riven", "bitmap24", "pcm",  "adpcm"};
    if (size < 1 || size > 1 << 16)
        return 0;
    const char *kind = kinds[data[0] % (sizeof kinds / sizeof *kinds)];
    char *src = malloc(size);
    if (!src)
        return 0;
    memcpy(src, data + 1, size - 1);
    src[size - 1] = 0;
    relic_buf out = RELIC_BUF_INIT;
    if (riven_source_build(kind, src, NULL, &out, NULL) == 0) {
        if (!strcmp(kind, "card")) {
            riven_card c;
            if (riven_card_decode(out.data, out.len, &c, NULL))
                abort();
            riven_card_free(&c);
        } else if (!strcmp(kind, "hotspots")) {
            riven_hotspots h;
            if (riven_hotspots_decode(out.data, out.len, &h, NULL))
                abort();
            riven_hotspots_free(&h);
        }
    }
    relic_buf_free(&out);
    free(src);
    return 0;
}
