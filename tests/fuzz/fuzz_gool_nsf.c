/* Fuzzes the NSF reader (chunks, LZ expansion, entry tables, item
 * splitting): any input must load or fail with a matching error code, and
 * a successful load must keep every entry and item inside its chunk. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "relic/nsf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nsf_file f;
    relic_err err;
    relic_err_clear(&err);
    int rc = nsf_read(data, size, &f, &err);
    if (rc != RELIC_OK) {
        if (err.code != rc)
            abort();
        return 0;
    }
    for (size_t i = 0; i < f.count; i++)
        for (unsigned k = 0; k < f.chunks[i].entry_count; k++) {
            const nsf_entry *e = &f.chunks[i].entries[k];
            if (e->data < f.chunks[i].data || e->data + e->len > f.chunks[i].data + NSF_CHUNK_SIZE)
                abort();
            for (unsigned j = 0; j < e->item_count; j++)
                if (e->item[j] < e->data || e->item[j] + e->item_len[j] > e->data + e->len)
                    abort();
        }
    nsf_free(&f);
    return 0;
}
