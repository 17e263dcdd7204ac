/* Riven card record lists and small tables.  PLST (picture list), BLST
 * (hotspot enable list), FLST (SFXE list) and MLST (movie list) are a u16
 * count followed by fixed records of u16 fields; their field order is the
 * descriptor table below, from ScummVM engines/mohawk/riven_card.cpp
 * (loadCardPictureList, loadCardHotspotEnableList, loadCardWaterEffectList,
 * loadCardMovieList).  SLST records are variable: index, sound count N,
 * N ids, fade flags, loop, volume, u0, u1, N volumes, N balances, N u2 (the
 * same shape as command 3 in the seed document "Riven scripts";
 * riven_sound.cpp).  RMAP is one u32 card code per card id (riven_stack.cpp).
 * VARS in .rvn saves is 12-byte records whose last u32 is the value
 * (riven_saveload.cpp). */
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/riven.h"

static const char *const riven_plst_fields[] = {"index", "bitmap", "left", "top", "right", "bottom"};
static const char *const riven_blst_fields[] = {"index", "enabled", "hotspot"};
static const char *const riven_flst_fields[] = {"index", "sfxe", "u0"};
// clang-format off
static const char *const riven_mlst_fields[] = {"index", "movie", "code", "left", "top", "u0",
                                                "u1", "u2", "loop", "volume", "u3"};
// clang-format on

static const riven_list_desc riven_lists[RIVEN_LIST_KINDS] = {
    [RIVEN_PLST] = {.tag = "PLST", .nfields = 6, .fields = riven_plst_fields},
    [RIVEN_BLST] = {.tag = "BLST", .nfields = 3, .fields = riven_blst_fields},
    [RIVEN_FLST] = {.tag = "FLST", .nfields = 3, .fields = riven_flst_fields},
    [RIVEN_MLST] = {.tag = "MLST", .nfields = 11, .fields = riven_mlst_fields},
};

const riven_list_desc *riven_list_desc_of(riven_list_kind k)
{
    return (unsigned)k < RIVEN_LIST_KINDS ? &riven_lists[k] : NULL;
}

int riven_list_decode(riven_list_kind k, const uint8_t *d, size_t n, riven_list *l, relic_err *err)
{
    memset(l, 0, sizeof *l);
    const riven_list_desc *desc = riven_list_desc_of(k);
    if (!desc)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "unknown list kind");
    relic_cur c = relic_cur_make(d, n, 0);
    uint16_t count = relic_be16(&c);
    if (relic_cur_check(&c, err))
        return err ? err->code : RELIC_EDATA;
    size_t nv = (size_t)count * desc->nfields;
    if (nv * 2 > relic_remaining(&c))
        return relic_err_set(err, RELIC_EDATA, 0, "%s record count %u is larger than the resource holds", desc->tag,
                             count);
    l->values = relic_calloc_array(nv, sizeof *l->values);
    if (!l->values)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    l->kind = k;
    l->count = count;
    for (size_t i = 0; i < nv; i++)
        l->values[i] = relic_be16(&c);
    return RELIC_OK;
}

int riven_list_encode(const riven_list *l, relic_buf *out, relic_err *err)
{
    const riven_list_desc *desc = riven_list_desc_of(l->kind);
    if (!desc)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "unknown list kind");
    relic_buf_be16(out, l->count);
    for (size_t i = 0; i < (size_t)l->count * desc->nfields; i++)
        relic_buf_be16(out, l->values[i]);
    return relic_buf_check(out, err);
}

void riven_list_free(riven_list *l)
{
    if (l) {
        free(l->values);
        memset(l, 0, sizeof *l);
    }
}

void riven_slst_free(riven_slst *s)
{
    if (!s)
        return;
    for (unsigned i = 0; s->recs && i < s->count; i++) {
        free(s->recs[i].ids);
        free(s->recs[i].volumes);
        free(s->recs[i].balances);
        free(s->recs[i].u2);
    }
    free(s->recs);
    memset(s, 0, sizeof *s);
}

static uint16_t *riven_u16s(relic_cur *c, unsigned n)
{
    uint16_t *v = relic_calloc_array(n, sizeof *v);
    for (unsigned i = 0; v && i < n; i++)
        v[i] = relic_be16(c);
    return v;
}

int riven_slst_decode(const uint8_t *d, size_t n, riven_slst *s, relic_err *err)
{
    memset(s, 0, sizeof *s);
    relic_cur c = relic_cur_make(d, n, 0);
    uint16_t count = relic_be16(&c);
    if (relic_cur_check(&c, err))
        return err ? err->code : RELIC_EDATA;
    if ((size_t)count * 14 > relic_remaining(&c))
        return relic_err_set(err, RELIC_EDATA, 0, "SLST record count %u is larger than the resource holds", count);
    s->recs = relic_calloc_array(count, sizeof *s->recs);
    if (!s->recs)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned i = 0; i < count; i++) {
        riven_slst_rec *r = &s->recs[i];
        s->count = (uint16_t)(i + 1);
        size_t at = c.pos;
        r->index = relic_be16(&c);
        r->nsounds = relic_be16(&c);
        if (!c.failed && (size_t)r->nsounds * 8 + 10 > relic_remaining(&c)) {
            unsigned ns = r->nsounds;
            riven_slst_free(s);
            return relic_err_set(err, RELIC_EDATA, at + 2, "SLST sound count %u is larger than the resource holds", ns);
        }
        r->ids = riven_u16s(&c, r->nsounds);
        r->fade_flags = relic_be16(&c);
        r->loop = relic_be16(&c);
        r->volume = relic_be16(&c);
        r->u0 = relic_be16(&c);
        r->u1 = relic_be16(&c);
        r->volumes = riven_u16s(&c, r->nsounds);
        r->balances = (int16_t *)riven_u16s(&c, r->nsounds);
        r->u2 = riven_u16s(&c, r->nsounds);
        if (!r->ids || !r->volumes || !r->balances || !r->u2) {
            riven_slst_free(s);
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
        if (c.failed)
            break;
    }
    int rc = relic_cur_check(&c, err);
    if (rc)
        riven_slst_free(s);
    return rc;
}

int riven_slst_encode(const riven_slst *s, relic_buf *out, relic_err *err)
{
    relic_buf_be16(out, s->count);
    for (unsigned i = 0; i < s->count; i++) {
        const riven_slst_rec *r = &s->recs[i];
        relic_buf_be16(out, r->index);
        relic_buf_be16(out, r->nsounds);
        for (unsigned k = 0; k < r->nsounds; k++)
            relic_buf_be16(out, r->ids[k]);
        const uint16_t mid[5] = {r->fade_flags, r->loop, r->volume, r->u0, r->u1};
        for (unsigned k = 0; k < 5; k++)
            relic_buf_be16(out, mid[k]);
        for (unsigned k = 0; k < r->nsounds; k++)
            relic_buf_be16(out, r->volumes[k]);
        for (unsigned k = 0; k < r->nsounds; k++)
            relic_buf_be16(out, (uint16_t)r->balances[k]);
        for (unsigned k = 0; k < r->nsounds; k++)
            relic_buf_be16(out, r->u2[k]);
    }
    return relic_buf_check(out, err);
}

int riven_rmap_decode(const uint8_t *d, size_t n, riven_rmap *r, relic_err *err)
{
    memset(r, 0, sizeof *r);
    if (n % 4)
        return relic_err_set(err, RELIC_EDATA, n - n % 4, "RMAP size %zu is not a multiple of 4", n);
    r->codes = relic_calloc_array(n / 4, sizeof *r->codes);
    if (!r->codes)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    relic_cur c = relic_cur_make(d, n, 0);
    r->count = n / 4;
    for (size_t i = 0; i < r->count; i++)
        r->codes[i] = relic_be32(&c);
    return RELIC_OK;
}

int riven_rmap_encode(const riven_rmap *r, relic_buf *out, relic_err *err)
{
    for (size_t i = 0; i < r->count; i++)
        relic_buf_be32(out, r->codes[i]);
    return relic_buf_check(out, err);
}

void riven_rmap_free(riven_rmap *r)
{
    if (r) {
        free(r->codes);
        memset(r, 0, sizeof *r);
    }
}

int riven_vars_decode(const uint8_t *d, size_t n, riven_vars *v, relic_err *err)
{
    memset(v, 0, sizeof *v);
    if (n % 12)
        return relic_err_set(err, RELIC_EDATA, n - n % 12, "VARS size %zu is not a multiple of 12", n);
    v->rec = relic_calloc_array(n / 12, sizeof *v->rec);
    if (!v->rec)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    relic_cur c = relic_cur_make(d, n, 0);
    v->count = n / 12;
    for (size_t i = 0; i < v->count; i++)
        for (int k = 0; k < 3; k++)
            v->rec[i][k] = relic_be32(&c);
    return RELIC_OK;
}

int riven_vars_encode(const riven_vars *v, relic_buf *out, relic_err *err)
{
    for (size_t i = 0; i < v->count; i++)
        for (int k = 0; k < 3; k++)
            relic_buf_be32(out, v->rec[i][k]);
    return relic_buf_check(out, err);
}

void riven_vars_free(riven_vars *v)
{
    if (v) {
        free(v->rec);
        memset(v, 0, sizeof *v);
    }
}
