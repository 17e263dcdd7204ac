/* Riven saved games (.rvn): Mohawk archives whose NAME 1 names the
 * variables, VARS 1 holds one 12-byte record per name (the value last) and
 * VERS 1 the save version (0x00010000 CD, 0x00010100 DVD), as ScummVM
 * engines/mohawk/riven_saveload.cpp reads them.  ZIPS and other resources
 * are kept as they are when a save is rewritten. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/cursor.h"
#include "relic/mohawk.h"
#include "relic/riven.h"

void riven_save_free(riven_save *s)
{
    if (s) {
        riven_names_free(&s->names);
        riven_vars_free(&s->vars);
    }
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
        rc = relic_cur_check(&c, err);
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

int riven_save_encode(const uint8_t *orig, size_t n, const riven_save *s, relic_buf *out, relic_err *err)
{
    mhk_archive a;
    int rc = mhk_open(orig, n, &a, err);
    if (rc)
        return rc;
    relic_buf vars = RELIC_BUF_INIT;
    mhk_entry *e = calloc(a.count + 1, sizeof *e);
    if (!e)
        rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    if (!rc)
        rc = riven_vars_encode(&s->vars, &vars, err);
    for (size_t i = 0; !rc && i < a.count; i++) {
        const mhk_resource *r = &a.res[i];
        if (r->file_index > a.count || e[r->file_index - 1].data)
            rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "save file table is shared between resources");
        else if (r->tag == mhk_tag("VARS") && r->id == 1)
            e[r->file_index - 1] = (mhk_entry){r->tag, r->id, r->name, vars.data ? vars.data : mhk_data(&a, r),
                                               vars.len, r->flags};
        else
            e[r->file_index - 1] = (mhk_entry){r->tag, r->id, r->name, mhk_data(&a, r), r->size, r->flags};
    }
    if (!rc && a.count != a.file_count)
        rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "save file table has unused entries");
    if (!rc)
        rc = mhk_write(e, a.count, out, err);
    free(e);
    relic_buf_free(&vars);
    mhk_close(&a);
    return rc;
}
