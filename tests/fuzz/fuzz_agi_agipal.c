/* libFuzzer target: AGIPAL palette files (libformats/agi/agipal.c). */
#include <stddef.h>
#include <stdint.h>
#include "relic/agi_ext.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t rgb[16 * 3];
    unsigned masked = 0;
    relic_err err;
    relic_err_clear(&err);
    if (agi_agipal_decode(data, size, rgb, &masked, &err) == RELIC_OK && masked > 48)
        __builtin_trap();
    return 0;
}
