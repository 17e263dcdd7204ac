/* Fuzzes the SOUP386.DEF text parser (libformats/rgm/soupdef.c): any
 * input parses or fails with an error, never crashes or leaks; a parsed
 * table holds the synthetic NullFunction at index 0. */
#include <stdint.h>
#include <stdlib.h>
#include "relic/rgm_soupdef.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    soup_def d;
    relic_err err;
    relic_err_clear(&err);
    if (soup_def_parse((const char *)data, size, &d, &err) == RELIC_OK) {
        if (d.nfn < 1)
            abort();
        soup_def_free(&d);
    }
    return 0;
}
