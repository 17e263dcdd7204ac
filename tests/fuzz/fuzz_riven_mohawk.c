/* Fuzzes the Mohawk archive reader.  On success every resource must lie
 * inside the input, and rewriting the resources with mhk_write must read
 * back to the same types, ids, names and bytes.  The lenient reader must
 * accept whatever the strict one does, and every entry it does not mark
 * broken must lie inside the input too. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/mohawk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_lenient(const uint8_t *data, size_t size, int strict_ok)
{
    mhk_archive l;
    if (mhk_open_lenient(data, size, &l, NULL)) {
        if (strict_ok)
            abort();
        return;
    }
    size_t broken = 0;
    for (size_t i = 0; i < l.count; i++) {
        const mhk_resource *r = &l.res[i];
        broken += r->broken;
        if (r->offset > size || r->size > size - r->offset || (r->broken && r->size))
            abort();
    }
    if (broken != l.broken || (strict_ok && broken))
        abort();
    mhk_close(&l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mhk_archive a;
    int strict = mhk_open(data, size, &a, NULL);
    fuzz_lenient(data, size, strict == 0);
    if (strict)
        return 0;
    mhk_entry *e = calloc(a.count + 1, sizeof *e);
    size_t n = 0;
    for (size_t i = 0; i < a.count; i++) {
        const mhk_resource *r = &a.res[i];
        if (r->offset > size || r->size > size - r->offset)
            abort();
        if (mhk_find(&a, r->tag, r->id) != r)
            continue; /* a duplicate id: the writer refuses those */
        e[n++] = (mhk_entry){r->tag, r->id, r->name, mhk_data(&a, r), r->size, r->flags};
    }
    relic_buf out = RELIC_BUF_INIT;
    if (mhk_write(e, n, &out, NULL) == 0) {
        mhk_archive b;
        if (mhk_open(out.data, out.len, &b, NULL))
            abort();
        for (size_t i = 0; i < n; i++) {
            const mhk_resource *r = mhk_find(&b, e[i].tag, e[i].id);
            if (!r || r->size != e[i].len || memcmp(mhk_data(&b, r), e[i].data, e[i].len) != 0)
                abort();
            int named = e[i].name && e[i].name[0];
            if (named != (r->name != NULL) || (named && strcmp(r->name, e[i].name) != 0))
                abort();
        }
        mhk_close(&b);
    }
    relic_buf_free(&out);
    free(e);
    mhk_close(&a);
    return 0;
}
