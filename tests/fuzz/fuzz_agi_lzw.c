/* Fuzzes the AGI v3 dictionary (LZW) transform.  Decoder: the first two
 * input bytes (little-endian) are the declared expanded length and the rest
 * is the compressed stream, expanded into a malloc'd buffer of exactly that
 * size so AddressSanitizer sees any overrun.  Round trip: the whole input is
 * compressed with agi_lzw_compress and expanded again; anything but the
 * identical bytes aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/buf.h"
#include "relic/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    relic_err err;

    if (size >= 2) {
        size_t expected = (size_t)data[0] | (size_t)data[1] << 8;
        uint8_t *dst = malloc(expected ? expected : 1);
        if (!dst)
            return 0;
        relic_err_clear(&err);
        int rc = agi_lzw_expand(data + 2, size - 2, dst, expected, &err);
        if (rc != RELIC_OK && err.code != rc)
            abort();
        free(dst);
    }

    relic_buf packed = RELIC_BUF_INIT;
    agi_lzw_compress(data, size, &packed);
    if (!packed.oom) {
        uint8_t *back = malloc(size ? size : 1);
        if (back) {
            relic_err_clear(&err);
            int rc = agi_lzw_expand(packed.data, packed.len, back, size, &err);
            if (rc != RELIC_OK) {
                fprintf(stderr, "lzw round trip: expand failed: %s (offset %zu)\n", err.msg, err.offset);
                abort();
            }
            if (size && memcmp(back, data, size) != 0) {
                fprintf(stderr, "lzw round trip: bytes differ\n");
                abort();
            }
            free(back);
        }
    }
    relic_buf_free(&packed);
    return 0;
}
