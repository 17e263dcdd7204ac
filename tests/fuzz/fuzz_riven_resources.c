/* Fuzzes the Riven resource decoders: NAME, CARD, HSPT, the fixed-record
 * lists, SLST, RMAP, VARS and SFXE.  The first byte picks the decoder; whatever
 * decodes must encode back to exactly the bytes it consumed (CARD and HSPT
 * up to the end of their script lists, NAME only when its stored index is
 * kept). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/riven.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same(const relic_buf *b, const uint8_t *d, size_t n)
{
    if (b->len != n || (n && memcmp(b->data, d, n) != 0))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t which = data[0] % 10;
    const uint8_t *d = data + 1;
    size_t n = size - 1;
    relic_buf out = RELIC_BUF_INIT;
    switch (which) {
    case 0: {
        riven_names nm;
        if (riven_names_decode(d, n, &nm, NULL) == 0) {
            riven_names_encode(&nm, 1, &out, NULL);
            riven_names_free(&nm);
        }
        break;
    }
    case 1: {
        riven_card c;
        if (riven_card_decode(d, n, &c, NULL) == 0) {
            if (riven_card_encode(&c, &out, NULL) == 0)
                same(&out, d, 4 + c.script.size);
            riven_card_free(&c);
        }
        break;
    }
    case 2: {
        riven_hotspots h;
        if (riven_hotspots_decode(d, n, &h, NULL) == 0) {
            if (riven_hotspots_encode(&h, &out, NULL) == 0 && out.len > n)
                abort();
            if (out.len && out.len <= n && memcmp(out.data, d, out.len) != 0)
                abort();
            riven_hotspots_free(&h);
        }
        break;
    }
    case 3:
    case 4:
    case 5:
    case 6: {
        riven_list l;
        if (riven_list_decode((riven_list_kind)(which - 3), d, n, &l, NULL) == 0) {
            riven_list_encode(&l, &out, NULL);
            if (out.len > n || (out.len && memcmp(out.data, d, out.len) != 0))
                abort();
            riven_list_free(&l);
        }
        break;
    }
    case 7: {
        riven_slst s;
        if (riven_slst_decode(d, n, &s, NULL) == 0) {
            riven_slst_encode(&s, &out, NULL);
            if (out.len > n || (out.len && memcmp(out.data, d, out.len) != 0))
                abort();
            riven_slst_free(&s);
        }
        break;
    }
    case 8: {
        riven_sfxe x;
        if (riven_sfxe_decode(d, n, &x, NULL) == 0) {
            for (unsigned i = 0; i < x.frame_count; i++)
                if (x.frame_offset[i] > n || x.frame_size[i] > n - x.frame_offset[i])
                    abort();
            riven_sfxe_free(&x);
        }
        break;
    }
    default: {
        riven_rmap r;
        riven_vars v;
        if (riven_rmap_decode(d, n, &r, NULL) == 0) {
            riven_rmap_encode(&r, &out, NULL);
            same(&out, d, n);
            riven_rmap_free(&r);
        }
        relic_buf_reset(&out);
        if (riven_vars_decode(d, n, &v, NULL) == 0) {
            riven_vars_encode(&v, &out, NULL);
            same(&out, d, n);
            riven_vars_free(&v);
        }
        break;
    }
    }
    relic_buf_free(&out);
    return 0;
}
