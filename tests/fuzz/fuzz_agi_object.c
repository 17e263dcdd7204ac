/* Fuzzes the AGI OBJECT (inventory) codec.  The input is decoded with each
 * prefer_xor hint (-1 unknown, 0 plain, 1 XOR); every success is encoded
 * again with agi_objects_encode (share_names = 0) and the result decoded,
 * preferring the form the first decode chose.  The second decode must
 * succeed with the same item count and, item by item, the same name and
 * location, else the harness aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/buf.h"
#include "relic/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void round_trip(const agi_objects *o)
{
    relic_buf enc = RELIC_BUF_INIT;
    /* Unshared names can pass a 16-bit offset; the encoder says so. */
    if (agi_objects_encode(o, 0, &enc, NULL) != RELIC_OK) {
        relic_buf_free(&enc);
        return;
    }
    agi_objects back;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_objects_decode(enc.data, enc.len, o->xor_key, &back, &err);
    if (rc != RELIC_OK) {
        fprintf(stderr, "object round trip: re-decode of %zu encoded bytes (%u items, xor %d) failed: %s\n", enc.len,
                o->count, o->xor_key, err.msg);
        abort();
    }
    if (back.count != o->count) {
        fprintf(stderr, "object round trip: %u items became %u\n", o->count, back.count);
        abort();
    }
    for (unsigned i = 0; i < o->count; i++) {
        if (strcmp(back.items[i].name, o->items[i].name) != 0 || back.items[i].location != o->items[i].location) {
            fprintf(stderr, "object round trip: item %u differs\n", i);
            abort();
        }
    }
    agi_objects_free(&back);
    relic_buf_free(&enc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int prefer[] = {-1, 0, 1};
    for (size_t p = 0; p < sizeof prefer / sizeof prefer[0]; p++) {
        agi_objects o;
        relic_err err;
        relic_err_clear(&err);
        int rc = agi_objects_decode(data, size, prefer[p], &o, &err);
        if (rc == RELIC_OK)
            round_trip(&o);
        else if (err.code != rc)
            abort();
        agi_objects_free(&o);
    }
    return 0;
}
