/* Redguard RGM script records: RAHD actor headers, MPOB placements and the
 * per-actor views into RASC (bytecode), RASB/RAST (strings), RAVA
 * (variables) and RAAT (attributes).  Offsets are from
 * michidk/redguard-preservation docs/formats/RGM.md (RAHD, MPOB, RASB,
 * RAVA, RAAT tables) checked against Dillonn241/redguard-mod-manager
 * src/redguard/MapHeader.java and MapFile.java (script_length at record
 * byte 77, script_data_offset at 81, script_pc at 85).  RAHD records begin
 * after the count and four fixed bytes; RGM.md notes its own Rust parser
 * starts four bytes earlier, which shifts every field by four. */
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/rgm.h"

static void rgm_name(relic_cur *c, char *out, size_t n)
{
    const uint8_t *p = relic_bytes(c, n);
    memset(out, 0, n + 1);
    for (size_t i = 0; p && i < n && p[i]; i++)
        out[i] = (char)p[i];
}

static void rgm_rahd_record(relic_cur *c, rgm_actor *a)
{
    a->offset = relic_tell(c);
    const uint8_t *raw = relic_bytes(c, RGM_RAHD_RECORD);
    if (!raw)
        return;
    memcpy(a->raw, raw, RGM_RAHD_RECORD);
    relic_cur r = relic_cur_make(raw, RGM_RAHD_RECORD, a->offset);
    relic_seek(&r, 0x04);
    rgm_name(&r, a->name, 9);
    a->instances = relic_le16(&r);
    relic_seek(&r, 0x19);
    a->ranm_offset = relic_le32(&r);
    a->raat_offset = relic_le32(&r);
    a->raan_count = relic_le32(&r);
    relic_skip(&r, 4);
    a->raan_offset = relic_le32(&r);
    relic_skip(&r, 4);
    a->ragr_offset = relic_le32(&r);
    relic_seek(&r, 0x41);
    a->num_strings = relic_le32(&r);
    relic_skip(&r, 4);
    a->string_offsets_index = relic_le32(&r);
    a->script_length = relic_le32(&r);
    a->script_data_offset = relic_le32(&r);
    a->script_pc = relic_le32(&r);
    relic_skip(&r, 4);
    a->rahk_offset = relic_le32(&r);
    relic_seek(&r, 0x69);
    a->ralc_offset = relic_le32(&r);
    relic_skip(&r, 4);
    a->raex_offset = relic_le32(&r);
    a->num_variables = relic_le32(&r);
    relic_skip(&r, 4);
    a->variable_offset = relic_le32(&r);
    relic_seek(&r, 0x89);
    a->raw_89 = (int32_t)relic_le32(&r);
    a->raw_8d = (int32_t)relic_le32(&r);
    a->raw_91 = (int32_t)relic_le32(&r);
}

int rgm_rahd_decode(const rgm_section *s, rgm_actor **out, size_t *n, uint32_t *prefix, relic_err *err)
{
    *out = NULL;
    *n = 0;
    relic_cur c = relic_cur_make(s->data, s->len, s->data_offset);
    uint32_t count = relic_le32(&c);
    *prefix = relic_le32(&c);
    if (c.failed)
        return relic_err_set(err, RELIC_EDATA, s->data_offset, "RAHD shorter than its 8-byte header");
    if (count > relic_remaining(&c) / RGM_RAHD_RECORD)
        return relic_err_set(err, RELIC_EDATA, s->data_offset, "RAHD count %u needs %llu bytes, section has %u", count,
                             8ull + (unsigned long long)count * RGM_RAHD_RECORD, s->len);
    rgm_actor *a = calloc(count ? count : 1, sizeof *a);
    if (!a)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (uint32_t i = 0; i < count; i++)
        rgm_rahd_record(&c, &a[i]);
    *out = a;
    *n = count;
    return relic_cur_check(&c, err);
}

static int32_t rgm_s24(uint32_t v) { return (v & 0x800000u) ? (int32_t)(v | 0xff000000u) : (int32_t)v; }

int rgm_mpob_decode(const rgm_section *s, rgm_placement **out, size_t *n, relic_err *err)
{
    *out = NULL;
    *n = 0;
    relic_cur c = relic_cur_make(s->data, s->len, s->data_offset);
    uint32_t count = relic_le32(&c);
    if (c.failed)
        return relic_err_set(err, RELIC_EDATA, s->data_offset, "MPOB shorter than its count");
    if (count > relic_remaining(&c) / RGM_MPOB_RECORD)
        return relic_err_set(err, RELIC_EDATA, s->data_offset, "MPOB count %u does not fit in %u bytes", count, s->len);
    rgm_placement *p = calloc(count ? count : 1, sizeof *p);
    if (!p)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (uint32_t i = 0; i < count; i++) {
        rgm_placement *o = &p[i];
        o->offset = relic_tell(&c);
        o->id = relic_le32(&c);
        o->type = relic_u8(&c);
        o->active = relic_u8(&c);
        rgm_name(&c, o->script_name, 9);
        rgm_name(&c, o->model_name, 9);
        o->is_static = relic_u8(&c);
        relic_skip(&c, 2);
        o->pos_x = rgm_s24(relic_le24(&c));
        relic_skip(&c, 1);
        o->pos_y = rgm_s24(relic_le24(&c));
        relic_skip(&c, 1);
        o->pos_z = (int32_t)relic_le24(&c);
        o->angle_x = relic_le32(&c);
        o->angle_y = relic_le32(&c);
        o->angle_z = relic_le32(&c);
        int16_t *f[] = {&o->texture,  &o->intensity, &o->radius, &o->model_id,
                        &o->world_id, &o->red,       &o->green,  &o->blue};
        for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
            *f[k] = (int16_t)relic_le16(&c);
    }
    *out = p;
    *n = count;
    return relic_cur_check(&c, err);
}

int rgm_map_open(const uint8_t *data, size_t len, rgm_map *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    int rc = rgm_open(data, len, &out->file, err);
    if (rc)
        return rc;
    const rgm_section *s;
    if ((s = rgm_find(&out->file, "RAHD")) &&
        (rc = rgm_rahd_decode(s, &out->actors, &out->nactors, &out->rahd_prefix, err)))
        goto fail;
    if ((s = rgm_find(&out->file, "MPOB")) && (rc = rgm_mpob_decode(s, &out->placements, &out->nplacements, err)))
        goto fail;
    out->rasc = rgm_find(&out->file, "RASC");
    out->rasb = rgm_find(&out->file, "RASB");
    out->rast = rgm_find(&out->file, "RAST");
    out->rava = rgm_find(&out->file, "RAVA");
    out->raat = rgm_find(&out->file, "RAAT");
    out->rahk = rgm_find(&out->file, "RAHK");
    out->ralc = rgm_find(&out->file, "RALC");
    out->raex = rgm_find(&out->file, "RAEX");
    return RELIC_OK;
fail:
    rgm_map_close(out);
    return rc;
}

void rgm_map_close(rgm_map *m)
{
    free(m->actors);
    free(m->placements);
    rgm_close(&m->file);
    memset(m, 0, sizeof *m);
}

const rgm_actor *rgm_map_actor(const rgm_map *m, const char *name)
{
    for (size_t i = 0; i < m->nactors; i++)
        if (strcmp(m->actors[i].name, name) == 0)
            return &m->actors[i];
    return NULL;
}

int rgm_actor_script(const rgm_map *m, const rgm_actor *a, const uint8_t **code, size_t *len, relic_err *err)
{
    *code = NULL;
    *len = 0;
    if (!a->script_length)
        return RELIC_OK;
    if (!m->rasc)
        return relic_err_set(err, RELIC_EDATA, a->offset + 0x4D, "actor %s has a script but the map has no RASC",
                             a->name);
    if (a->script_data_offset > m->rasc->len || a->script_length > m->rasc->len - a->script_data_offset)
        return relic_err_set(err, RELIC_EDATA, a->offset + 0x51,
                             "actor %s script [0x%x, +0x%x) lies outside RASC (0x%x bytes)", a->name,
                             a->script_data_offset, a->script_length, m->rasc->len);
    if (a->script_pc > a->script_length)
        return relic_err_set(err, RELIC_EDATA, a->offset + 0x55, "actor %s script_pc 0x%x past its script length 0x%x",
                             a->name, a->script_pc, a->script_length);
    *code = m->rasc->data + a->script_data_offset;
    *len = a->script_length;
    return RELIC_OK;
}

int rgm_actor_string(const rgm_map *m, const rgm_actor *a, uint32_t i, const char **s, relic_err *err)
{
    *s = NULL;
    if (i >= a->num_strings)
        return relic_err_set(err, RELIC_EDATA, a->offset + 0x41, "actor %s has no string %u", a->name, i);
    uint64_t at = (uint64_t)a->string_offsets_index + 4ull * i;
    if (!m->rasb || at + 4 > m->rasb->len)
        return relic_err_set(err, RELIC_EDATA, a->offset + 0x49, "actor %s string %u lies outside RASB", a->name, i);
    const uint8_t *p = m->rasb->data + at;
    uint32_t off = relic_rd_le32(p);
    if (!m->rast || off >= m->rast->len || !memchr(m->rast->data + off, 0, m->rast->len - off))
        return relic_err_set(err, RELIC_EDATA, m->rasb->data_offset + (size_t)at,
                             "string offset 0x%x is not a terminated RAST string", off);
    *s = (const char *)m->rast->data + off;
    return RELIC_OK;
}

int rgm_actor_var(const rgm_map *m, const rgm_actor *a, uint32_t i, int32_t *v, relic_err *err)
{
    *v = 0;
    uint64_t at = (uint64_t)a->variable_offset + 4ull * i;
    if (i >= a->num_variables || !m->rava || at + 4 > m->rava->len)
        return relic_err_set(err, RELIC_EDATA, a->offset + 0x7D, "actor %s variable %u lies outside RAVA", a->name, i);
    const uint8_t *p = m->rava->data + at;
    *v = (int32_t)relic_rd_le32(p);
    return RELIC_OK;
}

const uint8_t *rgm_actor_attrs(const rgm_map *m, const rgm_actor *a)
{
    if (!m->raat || a->raat_offset > m->raat->len || m->raat->len - a->raat_offset < RGM_RAAT_RECORD)
        return NULL;
    return m->raat->data + a->raat_offset;
}
