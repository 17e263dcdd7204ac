/* Riven NAME resources: u16 count, count u16 string offsets (relative to
 * the string pool), count u16 sorted index (index[k] is the record that is
 * k-th in case-insensitive order, which the engine binary-searches), then the
 * NUL-terminated strings.  Layout from ScummVM engines/mohawk/riven_names.cpp
 * (RivenNameList) and riven_saveload.cpp, which reads NAME 1 of a save the
 * same way.  Records: 1 cards, 2 hotspots, 3 external commands, 4 variables,
 * 5 stacks (Riven wiki, NAME resources). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/riven.h"

void riven_names_free(riven_names *nm)
{
    if (!nm)
        return;
    for (unsigned i = 0; nm->names && i < nm->count; i++)
        free(nm->names[i]);
    free(nm->names);
    free(nm->index);
    memset(nm, 0, sizeof *nm);
}

const char *riven_names_get(const riven_names *nm, uint16_t i) { return nm && i < nm->count ? nm->names[i] : NULL; }

int riven_names_find(const riven_names *nm, const char *name)
{
    for (unsigned i = 0; nm && i < nm->count; i++)
        if (strcasecmp(nm->names[i], name) == 0)
            return (int)i;
    return -1;
}

int riven_names_decode(const uint8_t *d, size_t n, riven_names *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    relic_cur c = relic_cur_make(d, n, 0);
    uint16_t count = relic_be16(&c);
    if (relic_cur_check(&c, err))
        return err ? err->code : RELIC_EDATA;
    if ((size_t)count * 4 > relic_remaining(&c))
        return relic_err_set(err, RELIC_EDATA, 0, "name count %u is larger than the resource holds", count);
    size_t pool = 2 + (size_t)count * 4;
    out->names = relic_calloc_array(count, sizeof *out->names);
    out->index = relic_calloc_array(count, sizeof *out->index);
    if (!out->names || !out->index) {
        riven_names_free(out);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    out->count = count;
    for (unsigned i = 0; i < count; i++) {
        relic_seek(&c, 2 + 2 * (size_t)i);
        size_t at = pool + relic_be16(&c);
        relic_seek(&c, 2 + 2 * ((size_t)count + i));
        out->index[i] = relic_be16(&c);
        const uint8_t *z = at < n ? memchr(d + at, 0, n - at) : NULL;
        if (!z) {
            riven_names_free(out);
            return relic_err_set(err, RELIC_EDATA, 2 + 2 * (size_t)i, "name %u string %s", i,
                                 at < n ? "is not terminated" : "starts past the end");
        }
        out->names[i] = strndup((const char *)d + at, (size_t)(z - (d + at)));
        if (!out->names[i]) {
            riven_names_free(out);
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
    }
    return RELIC_OK;
}

/* A stable insertion sort: name lists are small and this keeps equal
 * names in record order. */
static void riven_names_sort(const riven_names *nm, uint16_t *idx)
{
    for (unsigned i = 0; i < nm->count; i++) {
        uint16_t v = (uint16_t)i;
        unsigned j = i;
        while (j > 0 && strcasecmp(nm->names[idx[j - 1]], nm->names[v]) > 0) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
    }
}

int riven_names_encode(const riven_names *nm, int keep_index, relic_buf *out, relic_err *err)
{
    uint16_t *idx = relic_calloc_array(nm->count, sizeof *idx);
    if (!idx)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    if (keep_index)
        memcpy(idx, nm->index, nm->count * sizeof *idx);
    else
        riven_names_sort(nm, idx);
    relic_buf_be16(out, nm->count);
    size_t off = 0;
    int rc = RELIC_OK;
    for (unsigned i = 0; i < nm->count; i++) {
        if (off > 0xffff)
            rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "NAME string pool exceeds 64 KiB");
        relic_buf_be16(out, (uint16_t)off);
        off += strlen(nm->names[i]) + 1;
    }
    for (unsigned i = 0; i < nm->count; i++)
        relic_buf_be16(out, idx[i]);
    for (unsigned i = 0; i < nm->count; i++)
        relic_buf_append(out, nm->names[i], strlen(nm->names[i]) + 1);
    free(idx);
    return rc ? rc : relic_buf_check(out, err);
}
