/* Fuzzes the AGI save codec and the save diff.  The input is decoded with
 * the detected profile and with every profile forced.  Each success must
 * re-encode to exactly the input bytes (the writer's byte-for-byte
 * contract) and survive agi_save_validate; the detected decode must also
 * survive agi_save_to_json (replay operations included), diff against
 * itself with no differences (with and without --all) and, after a one-byte edit of v3 through agi_save_set,
 * re-encode with exactly that byte changed and diff as exactly
 * /variables/v3.  A failure must fill in the error.  Else abort. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_save.h"
#include "relic/agi_save_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_save(const uint8_t *data, size_t size, agi_save *s, int full)
{
    relic_buf enc = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (agi_save_encode(s, &enc, &err) != RELIC_OK || enc.len != size || memcmp(enc.data, data, size) != 0) {
        fprintf(stderr, "save: %zu bytes do not re-encode byte for byte (%s)\n", size, err.msg);
        abort();
    }
    if (agi_save_validate(s, &err) != RELIC_OK && err.code == RELIC_OK)
        abort();
    if (!full) {
        relic_buf_free(&enc);
        return;
    }
    json_t *doc = agi_save_to_json(s);
    if (!doc)
        abort();
    json_decref(doc);
    for (int all = 0; all < 2; all++) {
        json_t *d = agi_save_diff(s, s, NULL, 0, all);
        if (json_array_size(d) != 0)
            abort();
        json_decref(d);
    }
    agi_save copy = *s; /* shallow: only block 1 is edited */
    char v[8];
    snprintf(v, sizeof v, "%u", s->state.vars[3] ^ 0x5au);
    if (agi_save_set(&copy, "v3", v, &err) != RELIC_OK)
        abort();
    relic_buf_reset(&enc);
    if (agi_save_encode(&copy, &enc, &err) != RELIC_OK || enc.len != size)
        abort();
    size_t changed = 0;
    for (size_t i = 0; i < size; i++)
        changed += enc.data[i] != data[i];
    if (changed != 1)
        abort();
    json_t *d = agi_save_diff(s, &copy, NULL, 0, 1);
    if (json_array_size(d) != 1 ||
        strcmp(json_string_value(json_object_get(json_array_get(d, 0), "path")), "/variables/v3") != 0)
        abort();
    json_decref(d);
    relic_buf_free(&enc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned n;
    const agi_profile *profiles = agi_profiles(&n);
    for (unsigned i = 0; i <= n; i++) {
        agi_save s;
        relic_err err;
        relic_err_clear(&err);
        int rc = agi_save_decode(data, size, i < n ? &profiles[i] : NULL, &s, &err);
        if (rc == RELIC_OK) {
            check_save(data, size, &s, i == n);
            agi_save_free(&s);
        } else if (err.code != rc) {
            abort();
        }
    }
    return 0;
}
