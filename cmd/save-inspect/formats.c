/* save-inspect's format table: each save kind is one row (a descriptor
 * exported by its file); adding a kind is one file and one row.  AGI saves
 * have no signature, so they come last and take what no other row claims. */
#include <stdlib.h>
#include "inspect.h"
#include "relic/core.h"

static const inspect_format *const inspect_formats[] = {
    &inspect_riven_format,
    &inspect_agi_format,
};

const inspect_format *inspect_format_of(const relic_buf *raw)
{
    size_t n = RELIC_COUNTOF(inspect_formats);
    for (size_t i = 0; i + 1 < n; i++)
        if (inspect_formats[i]->detect(raw->data, raw->len))
            return inspect_formats[i];
    return inspect_formats[n - 1];
}

int inspect_load(const inspect_format *f, const inspect_opts *o, const relic_buf *raw, void **save, relic_err *err)
{
    *save = NULL;
    relic_err_clear(err);
    void *s = calloc(1, f->save_size);
    if (!s)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int rc = f->decode(o, raw, s, err);
    if (rc) {
        free(s);
        return rc;
    }
    *save = s;
    return RELIC_OK;
}

void inspect_release(const inspect_format *f, void *save)
{
    if (!save)
        return;
    f->release(save);
    free(save);
}
