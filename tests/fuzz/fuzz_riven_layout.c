/* Fuzzes Mohawk layouts.  The input is an archive: when it opens and its
 * layout is captured, the layout printed and parsed back, with the
 * archive's own resources (no duplicate ids), must write the input's bytes.
 * The input is also read as layout text lines: whatever parses must write
 * (or refuse) without reading or writing out of bounds. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/mohawk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_parse_back(const mhk_layout *l, mhk_layout *back)
{
    relic_buf text = RELIC_BUF_INIT;
    memset(back, 0, sizeof *back);
    if (mhk_layout_text(l, &text, NULL))
        abort();
    relic_buf_u8(&text, 0);
    for (char *p = (char *)text.data, *nl; p && *p; p = nl ? nl + 1 : NULL) {
        nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        if (mhk_layout_parse_line(back, p, NULL))
            abort();
    }
    relic_buf_free(&text);
}

static void fuzz_archive(const uint8_t *data, size_t size)
{
    mhk_archive a;
    if (mhk_open(data, size, &a, NULL))
        return;
    mhk_layout l, back;
    if (mhk_layout_capture(&a, &l, NULL)) {
        mhk_close(&a);
        return;
    }
    fuzz_parse_back(&l, &back);
    mhk_entry *e = calloc(a.count + 1, sizeof *e);
    int unique = 1;
    for (size_t i = 0; i < a.count; i++) {
        const mhk_resource *r = &a.res[i];
        unique &= mhk_find(&a, r->tag, r->id) == r;
        e[i] = (mhk_entry){r->tag, r->id, r->name, mhk_data(&a, r), r->size, 0};
    }
    char why[160];
    relic_buf out = RELIC_BUF_INIT;
    if (unique && !mhk_layout_fits(&back, e, a.count, why, sizeof why))
        abort();
    if (unique && (mhk_write_layout(&back, e, a.count, &out, NULL) || out.len != size || memcmp(out.data, data, size)))
        abort();
    relic_buf_free(&out);
    free(e);
    mhk_layout_free(&back);
    mhk_layout_free(&l);
    mhk_close(&a);
}

static void fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    memcpy(s, data, size);
    s[size] = 0;
    mhk_layout l;
    memset(&l, 0, sizeof l);
    int ok = 1;
    for (char *p = s, *nl; ok && p && *p; p = nl ? nl + 1 : NULL) {
        nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        ok = mhk_layout_parse_line(&l, p, NULL) == 0;
    }
    if (ok && l.length <= (1u << 20)) {
        static const uint8_t x[8] = {0};
        mhk_entry e[2] = {{MHK_TAG('A', 'A', 'A', 'A'), 1, NULL, x, 4, 0},
                          {MHK_TAG('B', 'B', 'B', 'B'), 1, "n", x, 8, 0}};
        relic_buf out = RELIC_BUF_INIT;
        for (size_t n = 0; n <= 2; n++) {
            mhk_write_layout(&l, e, n, &out, NULL);
            relic_buf_reset(&out);
        }
        relic_buf_free(&out);
    }
    mhk_layout_free(&l);
    free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_archive(data, size);
    fuzz_text(data, size);
    return 0;
}
