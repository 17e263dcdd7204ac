/* Fuzzes the AGI v3 picture-nibble transform.  Decoder: the first two
 * input bytes (little-endian) are the declared expanded length and the rest
 * is the packed stream, expanded into a malloc'd buffer of exactly that
 * size.  Round trip: when agi_picnibble_pack accepts the whole input (it
 * returns 1), expanding the packed form must give the input back byte for
 * byte; when it refuses (returns 0) it must leave its output untouched. */
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
        int rc = agi_picnibble_expand(data + 2, size - 2, dst, expected, &err);
        if (rc != RELIC_OK && err.code != rc)
            abort();
        free(dst);
    }

    relic_buf packed = RELIC_BUF_INIT;
    if (agi_picnibble_pack(data, size, &packed) == 1) {
        if (!packed.oom) {
            uint8_t *back = malloc(size ? size : 1);
            if (back) {
                relic_err_clear(&err);
                int rc = agi_picnibble_expand(packed.data, packed.len, back, size, &err);
                if (rc != RELIC_OK) {
                    fprintf(stderr, "picnibble round trip: expand failed: %s (offset %zu)\n", err.msg, err.offset);
                    abort();
                }
                if (memcmp(back, data, size) != 0) {
                    fprintf(stderr, "picnibble round trip: bytes differ\n");
                    abort();
                }
                free(back);
            }
        }
    } else if (packed.len != 0 || packed.data != NULL) {
        fprintf(stderr, "picnibble: refused pack wrote output\n");
        abort();
    }
    relic_buf_free(&packed);
    return 0;
}
