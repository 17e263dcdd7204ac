/* GOOL text-source builder: assembler listings (asm.c) to bare entries
 * (libformats/gool/gool_entry.c) and entries to an NSF file of normal
 * chunks (libformats/gool/nsf.c), filled in order with ids 1, 3, 5... as
 * the games number them.  gool-dis --assemble is a thin wrapper; the fuzz
 * target tests/fuzz/fuzz_gool_build.c drives the same path. */
#include <stdlib.h>
#include <string.h>
#include "relic/gool_dis.h"
#include "relic/nsf.h"

int gool_build_entry(const char *text, size_t len, relic_buf *out, relic_err *err)
{
    gool_entry g;
    int rc = gool_asm(text, len, &g, err);
    if (rc)
        return rc;
    rc = gool_entry_encode(&g, out, err);
    gool_entry_free(&g);
    return rc;
}

/* Bytes an entry takes in a chunk: its offset slot and its data, padded
 * to 4 bytes (nsf_chunk_build's layout). */
static size_t gool_build_cost(const relic_buf *e) { return 4 + ((e->len + 3) & ~(size_t)3); }

int gool_build_nsf(const relic_buf *ents, size_t n, relic_buf *out, relic_err *err)
{
    uint8_t *chunk = malloc(NSF_CHUNK_SIZE);
    if (!chunk)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    size_t first = 0;
    uint32_t id = 1;
    int rc = RELIC_OK;
    while (first < n && !rc) {
        size_t count = 0, used = 20;
        while (first + count < n && used + gool_build_cost(&ents[first + count]) <= NSF_CHUNK_SIZE)
            used += gool_build_cost(&ents[first + count++]);
        if (!count) {
            rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "entry %zu is larger than a chunk", first + 1);
            break;
        }
        rc = nsf_chunk_build(0, id, ents + first, (unsigned)count, chunk, err);
        if (!rc)
            relic_buf_append(out, chunk, NSF_CHUNK_SIZE);
        first += count;
        id += 2;
    }
    free(chunk);
    return rc ? rc : relic_buf_check(out, err);
}
