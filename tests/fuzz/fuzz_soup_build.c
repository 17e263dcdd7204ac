/* Fuzzes the RGM map source parser and builder (libvm/soup/build.c, the
 * text form of the samples/redguard .rgmsrc files): when a source builds, the RGM
 * file it makes must open again. */
#include <stdint.h>
#include <stdlib.h>
#include "relic/rgm.h"
#include "relic/soup.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static soup_def def;
    static int have_def;
    relic_err err;
    relic_err_clear(&err);
    if (!have_def) {
        if (soup_def_builtin(&def, &err) != RELIC_OK)
            abort();
        have_def = 1;
    }
    relic_buf out = RELIC_BUF_INIT;
    if (soup_build_map(&def, (const char *)data, size, &out, &err) == RELIC_OK) {
        rgm_map m;
        if (rgm_map_open(out.data, out.len, &m, &err) != RELIC_OK)
            abort();
        rgm_map_close(&m);
    }
    relic_buf_free(&out);
    return 0;
}
