/* Fuzzes agi_logic_decompile and, when it succeeds, checks the promise
 * the decompiler makes: compiling its output gives back the same payload
 * byte for byte.  The first byte selects the profile. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_logic.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned n;
    const agi_profile *ps = agi_profiles(&n);
    agi_logic_ctx ctx = {(data[0] & 0x7f) < n ? &ps[data[0] & 0x7f] : NULL, NULL, NULL, 0, data[0] >> 7, 0};
    relic_buf src = RELIC_BUF_INIT, re = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_logic_decompile(data + 1, size - 1, &ctx, &src, &err);
    if (rc == RELIC_OK) {
        agi_compile_opts o = {ctx.profile, NULL, NULL, "fuzz.lgc", NULL, NULL, 0};
        if (agi_logic_compile((const char *)src.data, src.len, &o, &re, &err) != RELIC_OK || re.len != size - 1 ||
            memcmp(re.data, data + 1, size - 1) != 0)
            abort();
    } else if (err.code != rc) {
        abort();
    }
    relic_buf_free(&src);
    relic_buf_free(&re);
    return 0;
}
