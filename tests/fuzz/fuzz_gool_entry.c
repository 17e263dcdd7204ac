/* Fuzzes the GOOL entry decoder and encoder: a decoded entry, encoded
 * again, must decode to the same header, code, pool and states (the map
 * and animation bytes may gain the 4-byte padding the writer adds). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/gool.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gool_entry g, back;
    relic_err err;
    relic_err_clear(&err);
    int rc = gool_entry_decode(data, size, 0, &g, &err);
    if (rc != RELIC_OK) {
        if (err.code != rc)
            abort();
        return 0;
    }
    relic_buf enc = RELIC_BUF_INIT;
    if (gool_entry_encode(&g, &enc, &err) != RELIC_OK)
        abort();
    if (gool_entry_decode(enc.data, enc.len, 0, &back, &err) != RELIC_OK) {
        fprintf(stderr, "entry round trip: %s (offset %zu)\n", err.msg, err.offset);
        abort();
    }
    if (memcmp(&g.hdr, &back.hdr, sizeof g.hdr) || g.code_len != back.code_len || g.pool_len != back.pool_len ||
        g.state_count != back.state_count || g.item_count != back.item_count ||
        memcmp(g.code, back.code, 4 * g.code_len) || memcmp(g.pool, back.pool, 4 * g.pool_len) ||
        memcmp(g.states, back.states, sizeof *g.states * g.state_count) || back.map_len < g.map_len ||
        memcmp(g.map, back.map, 2 * g.map_len) || back.anim_len < g.anim_len || memcmp(g.anim, back.anim, g.anim_len))
        abort();
    gool_entry_free(&back);
    gool_entry_free(&g);
    relic_buf_free(&enc);
    return 0;
}
