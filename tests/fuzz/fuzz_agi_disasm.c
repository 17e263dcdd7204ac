/* Fuzzes agi_logic_disasm and agi_logic_refs_read (the room map's reader,
 * on the same scan) on arbitrary logic payloads under a profile the first
 * byte selects (strict or not by its top bit): either a listing or a data
 * error with the same code, and the references read whenever the listing
 * was, never a crash. */
#include <stdint.h>
#include <stdlib.h>
#include "relic/agi_logic.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned n;
    const agi_profile *ps = agi_profiles(&n);
    agi_logic_ctx ctx = {(data[0] & 0x7f) < n ? &ps[data[0] & 0x7f] : NULL, NULL, NULL, 0, data[0] >> 7, 0};
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_logic_disasm(data + 1, size - 1, &ctx, &out, &err);
    if (rc != RELIC_OK && err.code != rc)
        abort();
    agi_logic_refs refs;
    relic_err_clear(&err);
    int rrc = agi_logic_refs_read(data + 1, size - 1, &ctx, &refs, &err);
    if (rc == RELIC_OK && rrc != RELIC_OK) /* the code scanned for the listing scans here too */
        abort();
    relic_buf_free(&out);
    return 0;
}
