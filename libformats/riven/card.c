/* Riven CARD and HSPT resources.  CARD: s16 name record (NAME 1), u16
 * zip-mode place, then a script list.  HSPT: u16 count, then per hotspot 22
 * fixed bytes (u16 BLST id, s16 name record (NAME 2), s16 left, top, right,
 * bottom, u16 u0, u16 cursor, u16 index, s16 u1, u16 flags) followed by its
 * script list.  Field order from ScummVM engines/mohawk/riven_card.cpp
 * (RivenCard::loadCardResource, RivenHotspot::loadFromStream); the script
 * lists follow the seed document "Riven scripts". */
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/riven.h"

int riven_card_decode(const uint8_t *d, size_t n, riven_card *c, relic_err *err)
{
    memset(c, 0, sizeof *c);
    relic_cur cur = relic_cur_make(d, n, 0);
    c->name = (int16_t)relic_be16(&cur);
    c->zip_mode_place = relic_be16(&cur);
    if (relic_cur_check(&cur, err))
        return err ? err->code : RELIC_EDATA;
    return riven_script_decode(d + 4, n - 4, 4, &c->script, err);
}

int riven_card_encode(const riven_card *c, relic_buf *out, relic_err *err)
{
    relic_buf_be16(out, (uint16_t)c->name);
    relic_buf_be16(out, c->zip_mode_place);
    return riven_script_encode(&c->script, out, err);
}

void riven_card_free(riven_card *c)
{
    if (c)
        riven_script_free(&c->script);
}

void riven_hotspots_free(riven_hotspots *h)
{
    if (!h)
        return;
    for (unsigned i = 0; h->items && i < h->count; i++)
        riven_script_free(&h->items[i].script);
    free(h->items);
    memset(h, 0, sizeof *h);
}

int riven_hotspots_decode(const uint8_t *d, size_t n, riven_hotspots *h, relic_err *err)
{
    memset(h, 0, sizeof *h);
    relic_cur c = relic_cur_make(d, n, 0);
    uint16_t count = relic_be16(&c);
    if (relic_cur_check(&c, err))
        return err ? err->code : RELIC_EDATA;
    if ((size_t)count * 24 > relic_remaining(&c))
        return relic_err_set(err, RELIC_EDATA, 0, "hotspot count %u is larger than the resource holds", count);
    h->items = relic_calloc_array(count, sizeof *h->items);
    if (!h->items)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned i = 0; i < count; i++) {
        riven_hotspot *s = &h->items[i];
        s->blst_id = relic_be16(&c);
        s->name = (int16_t)relic_be16(&c);
        s->left = (int16_t)relic_be16(&c);
        s->top = (int16_t)relic_be16(&c);
        s->right = (int16_t)relic_be16(&c);
        s->bottom = (int16_t)relic_be16(&c);
        s->u0 = relic_be16(&c);
        s->cursor = relic_be16(&c);
        s->index = relic_be16(&c);
        s->u1 = (int16_t)relic_be16(&c);
        s->flags = relic_be16(&c);
        int rc = relic_cur_check(&c, err);
        if (!rc)
            rc = riven_script_decode(d + c.pos, n - c.pos, c.pos, &s->script, err);
        if (rc) {
            h->count = (uint16_t)i;
            riven_hotspots_free(h);
            return rc;
        }
        h->count = (uint16_t)(i + 1);
        relic_skip(&c, s->script.size);
    }
    return RELIC_OK;
}

int riven_hotspots_encode(const riven_hotspots *h, relic_buf *out, relic_err *err)
{
    relic_buf_be16(out, h->count);
    for (unsigned i = 0; i < h->count; i++) {
        const riven_hotspot *s = &h->items[i];
        // clang-format off
        const uint16_t f[11] = {s->blst_id, (uint16_t)s->name, (uint16_t)s->left, (uint16_t)s->top,
                                (uint16_t)s->right, (uint16_t)s->bottom, s->u0, s->cursor, s->index,
                                (uint16_t)s->u1, s->flags};
        // clang-format on
        for (unsigned k = 0; k < 11; k++)
            relic_buf_be16(out, f[k]);
        int rc = riven_script_encode(&s->script, out, err);
        if (rc)
            return rc;
    }
    return relic_buf_check(out, err);
}
