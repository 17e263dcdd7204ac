/* Riven saved games (.rvn): Mohawk archives whose NAME 1 names the
 * variables, VARS 1 holds one 12-byte record per name (the value last) and
 * VERS 1 the save version (0x00010000 CD, 0x00010100 DVD), as ScummVM
 * engines/mohawk/riven_saveload.cpp reads them (VARS fields: reference
 * count, initialised flag, value).  ZIPS 1 lists zip-mode destinations
 * (u16 count; per record u16 name length, name bytes, u16 card id; same
 * file).  ZIPS and every other resource are kept byte for byte when a save
 * is rewritten. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/mohawk.h"
#include "relic/riven.h"

#define RIVEN_ZIP_DELIMITER 0xbd

void riven_save_free(riven_save *s)
{
    if (s) {
        riven_names_free(&s->names);
        riven_vars_free(&s->vars);
        riven_zips_free(&s->zips);
    }
}

void riven_zips_free(riven_zips *z)
{
    if (z) {
        for (unsigned i = 0; z->items && i < z->count; i++) {
            free(z->items[i].name);
            free(z->items[i].raw);
        }
        free(z->items);
        memset(z, 0, sizeof *z);
    }
}

int riven_zips_decode(const uint8_t *d, size_t n, riven_zips *z, relic_err *err)
{
    memset(z, 0, sizeof *z);
    relic_cur c = relic_cur_make(d, n, 0);
    uint16_t count = relic_be16(&c);
    if (relic_cur_check(&c, err))
        return err ? err->code : RELIC_EDATA;
    /* each record takes at least its two u16 fields */
    if ((size_t)count * 4 > relic_remaining(&c))
        return relic_err_set(err, RELIC_EDATA, 0, "zip record count %u is larger than the resource holds", count);
    z->items = relic_calloc_array(count, sizeof *z->items);
    if (!z->items)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    z->count = count;
    for (unsigned i = 0; i < count; i++) {
        riven_zip *r = &z->items[i];
        size_t at = c.pos;
        r->len = relic_be16(&c);
        if (!c.failed && (size_t)r->len + 2 > relic_remaining(&c)) {
            unsigned len = r->len;
            riven_zips_free(z);
            return relic_err_set(err, RELIC_EDATA, at, "zip record %u: name of %u bytes and card id run past the end",
                                 i, len);
        }
        const uint8_t *p = relic_bytes(&c, r->len);
        r->card = relic_be16(&c);
        if (relic_cur_check(&c, err)) {
            riven_zips_free(z);
            return err ? err->code : RELIC_EDATA;
        }
        r->name = malloc(r->len + 1u);
        r->raw = malloc(r->len + 1u);
        if (!r->name || !r->raw) {
            riven_zips_free(z);
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
        memcpy(r->raw, p, r->len);
        size_t k = 0;
        for (size_t j = 0; j < r->len; j++)
            if (p[j] != RIVEN_ZIP_DELIMITER)
                r->name[k++] = (char)p[j];
        r->name[k] = '\0';
    }
    return RELIC_OK; /* like the engine, bytes after the last record are not read */
}

int riven_zips_encode(const riven_zips *z, relic_buf *out, relic_err *err)
{
    relic_buf_be16(out, z->count);
    for (unsigned i = 0; i < z->count; i++) {
        const riven_zip *r = &z->items[i];
        relic_buf_be16(out, r->len);
        relic_buf_append(out, r->raw ? (const void *)r->raw : (const void *)r->name, r->len);
        relic_buf_be16(out, z->items[i].card);
    }
    return relic_buf_check(out, err);
}

static int riven_save_part(const mhk_archive *a, const char *tag, const mhk_resource **r, relic_err *err)
{
    *r = mhk_find(a, mhk_tag(tag), 1);
    return *r ? RELIC_OK : relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "not a Riven save (no %s 1)", tag);
}

static int riven_save_at(int rc, relic_err *err, const mhk_resource *r)
{
    if (rc && err && err->offset != RELIC_NO_OFFSET)
        err->offset += r->offset;
    return rc;
}

int riven_save_decode(const uint8_t *d, size_t n, riven_save *s, relic_err *err)
{
    memset(s, 0, sizeof *s);
    mhk_archive a;
    int rc = mhk_open(d, n, &a, err);
    if (rc)
        return rc;
    const mhk_resource *rn, *rv, *rr = mhk_find(&a, mhk_tag("VERS"), 1);
    rc = riven_save_part(&a, "NAME", &rn, err);
    if (!rc)
        rc = riven_save_part(&a, "VARS", &rv, err);
    if (!rc)
        rc = riven_save_at(riven_names_decode(mhk_data(&a, rn), rn->size, &s->names, err), err, rn);
    if (!rc)
        rc = riven_save_at(riven_vars_decode(mhk_data(&a, rv), rv->size, &s->vars, err), err, rv);
    if (!rc && rr) {
        relic_cur c = relic_cur_make(mhk_data(&a, rr), rr->size, rr->offset);
        s->version = relic_be32(&c);
        s->has_version = 1;
        rc = relic_cur_check(&c, err);
    }
    const mhk_resource *rz = mhk_find(&a, mhk_tag("ZIPS"), 1);
    if (!rc && rz) {
        s->has_zips = 1;
        rc = riven_save_at(riven_zips_decode(mhk_data(&a, rz), rz->size, &s->zips, err), err, rz);
    }
    if (!rc) {
        s->names_offset = rn->offset;
        s->vars_offset = rv->offset;
    }
    mhk_close(&a);
    if (rc)
        riven_save_free(s);
    return rc;
}

int riven_save_get(const riven_save *s, const char *name, uint32_t *value)
{
    int k = riven_names_find(&s->names, name);
    if (k < 0 || (size_t)k >= s->vars.count)
        return -1;
    *value = s->vars.rec[k][2];
    return 0;
}

int riven_save_set(riven_save *s, const char *name, uint32_t value, relic_err *err)
{
    int k = riven_names_find(&s->names, name);
    if (k < 0 || (size_t)k >= s->vars.count)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "the save has no variable '%s'", name);
    s->vars.rec[k][2] = value;
    return RELIC_OK;
}

size_t riven_save_extra_records(const riven_save *s)
{
    return s->vars.count > s->names.count ? s->vars.count - s->names.count : 0;
}

int riven_save_encode(const uint8_t *orig, size_t n, const riven_save *s, relic_buf *out, relic_err *err)
{
    mhk_archive a;
    int rc = mhk_open(orig, n, &a, err);
    if (rc)
        return rc;
    const mhk_resource *rv = mhk_find(&a, mhk_tag("VARS"), 1);
    if (!rv)
        rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "not a Riven save (no VARS 1)");
    else if ((size_t)rv->size != s->vars.count * 12)
        rc = relic_err_set(err, RELIC_EUSAGE, rv->offset, "VARS 1 holds %u bytes, not %zu records", (unsigned)rv->size,
                           s->vars.count);
    size_t start = out->len;
    if (!rc) {
        relic_buf_append(out, orig, n);
        rc = relic_buf_check(out, err);
    }
    /* Only the records' own bytes change: the directory, the name tables
     * and every other resource stay as the engine wrote them. */
    for (size_t i = 0; !rc && i < s->vars.count; i++)
        for (int k = 0; k < 3; k++)
            relic_wr_be32(out->data + start + rv->offset + 12 * i + 4 * (size_t)k, s->vars.rec[i][k]);
    mhk_close(&a);
    return rc;
}
