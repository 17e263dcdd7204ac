/* Writes an RGM map from parts: RAHD, RAFS, RAST, RASB, RAVA, RASC, RAAT,
 * MPOB and "END " with a zero length, in the section order that
 * Dillonn241/redguard-mod-manager src/redguard/MapFile.java writes.  Field
 * placement follows michidk/redguard-preservation docs/formats/RGM.md;
 * unused RAHD index fields get that page's "disabled" value -1, RAHD's
 * fixed prefix is 1B 80 37 00 and RAVA starts with its zero sentinel. */
#include <string.h>
#include "relic/rgm.h"

static void rgm_put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void rgm_build_rahd(const rgm_build_actor *a, uint32_t idx, uint32_t str_index, uint32_t code_off,
                           uint32_t var_off, uint8_t *r)
{
    memset(r, 0, RGM_RAHD_RECORD);
    memcpy(r + 0x04, a->name, strnlen(a->name, 9));
    r[0x0D] = 1;
    rgm_put32(r + 0x1D, idx * RGM_RAAT_RECORD);
    rgm_put32(r + 0x41, (uint32_t)a->nstrings);
    rgm_put32(r + 0x49, str_index);
    rgm_put32(r + 0x4D, (uint32_t)a->code_len);
    rgm_put32(r + 0x51, code_off);
    rgm_put32(r + 0x55, a->script_pc);
    rgm_put32(r + 0x75, (uint32_t)a->nvars);
    rgm_put32(r + 0x7D, var_off);
    rgm_put32(r + 0x81, var_off);
    rgm_put32(r + 0x89, 0xffffffffu);
    rgm_put32(r + 0x8D, 0xffffffffu);
    rgm_put32(r + 0x91, 0xffffffffu);
    r[0x97] = r[0x98] = r[0x99] = r[0x9A] = 0xff;
    rgm_put32(r + 0x9D, 0xffffffffu);
}

static void rgm_build_mpob(const rgm_placement *p, relic_buf *b)
{
    relic_buf_le32(b, p->id);
    relic_buf_u8(b, p->type);
    relic_buf_u8(b, p->active);
    uint8_t name[9] = {0};
    memcpy(name, p->script_name, strnlen(p->script_name, 9));
    relic_buf_append(b, name, 9);
    memset(name, 0, sizeof name);
    memcpy(name, p->model_name, strnlen(p->model_name, 9));
    relic_buf_append(b, name, 9);
    relic_buf_u8(b, p->is_static);
    relic_buf_le16(b, 0);
    int32_t pos[3] = {p->pos_x, p->pos_y, p->pos_z};
    for (int i = 0; i < 3; i++) {
        uint32_t v = (uint32_t)pos[i] & 0xffffffu;
        relic_buf_u8(b, (uint8_t)v);
        relic_buf_le16(b, (uint16_t)(v >> 8));
        if (i < 2)
            relic_buf_u8(b, 0);
    }
    relic_buf_le32(b, p->angle_x);
    relic_buf_le32(b, p->angle_y);
    relic_buf_le32(b, p->angle_z);
    const int16_t f[] = {p->texture, p->intensity, p->radius, p->model_id, p->world_id, p->red, p->green, p->blue};
    for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
        relic_buf_le16(b, (uint16_t)f[k]);
}

int rgm_build(const rgm_build_actor *actors, size_t nactors, const rgm_placement *pl, size_t npl, relic_buf *out,
              relic_err *err)
{
    relic_buf rahd = RELIC_BUF_INIT, rast = RELIC_BUF_INIT, rasb = RELIC_BUF_INIT, rava = RELIC_BUF_INIT,
              rasc = RELIC_BUF_INIT, raat = RELIC_BUF_INIT, mpob = RELIC_BUF_INIT;
    relic_buf_le32(&rahd, (uint32_t)nactors);
    static const uint8_t prefix[4] = {0x1B, 0x80, 0x37, 0x00};
    relic_buf_append(&rahd, prefix, 4);
    relic_buf_le32(&rava, 0);
    for (size_t i = 0; i < nactors; i++) {
        const rgm_build_actor *a = &actors[i];
        uint8_t rec[RGM_RAHD_RECORD];
        rgm_build_rahd(a, (uint32_t)i, (uint32_t)rasb.len, (uint32_t)rasc.len, (uint32_t)rava.len, rec);
        relic_buf_append(&rahd, rec, sizeof rec);
        for (size_t k = 0; k < a->nstrings; k++) {
            relic_buf_le32(&rasb, (uint32_t)rast.len);
            relic_buf_append(&rast, a->strings[k], strlen(a->strings[k]) + 1);
        }
        for (size_t k = 0; k < a->nvars; k++)
            relic_buf_le32(&rava, (uint32_t)a->vars[k]);
        relic_buf_append(&rasc, a->code, a->code_len);
        if (a->attrs)
            relic_buf_append(&raat, a->attrs, RGM_RAAT_RECORD);
        else
            relic_buf_zeros(&raat, RGM_RAAT_RECORD);
    }
    relic_buf_le32(&mpob, (uint32_t)npl);
    for (size_t i = 0; i < npl; i++)
        rgm_build_mpob(&pl[i], &mpob);
    static const uint8_t rafs = 0;
    rgm_put_section(out, "RAHD", rahd.data, (uint32_t)rahd.len);
    rgm_put_section(out, "RAFS", &rafs, 1);
    rgm_put_section(out, "RAST", rast.data, (uint32_t)rast.len);
    rgm_put_section(out, "RASB", rasb.data, (uint32_t)rasb.len);
    rgm_put_section(out, "RAVA", rava.data, (uint32_t)rava.len);
    rgm_put_section(out, "RASC", rasc.data, (uint32_t)rasc.len);
    rgm_put_section(out, "RAAT", raat.data, (uint32_t)raat.len);
    rgm_put_section(out, "MPOB", mpob.data, (uint32_t)mpob.len);
    rgm_put_section(out, "END ", NULL, 0);
    int oom = rahd.oom | rast.oom | rasb.oom | rava.oom | rasc.oom | raat.oom | mpob.oom;
    relic_buf *all[] = {&rahd, &rast, &rasb, &rava, &rasc, &raat, &mpob};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        relic_buf_free(all[i]);
    if (oom)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    return relic_buf_check(out, err);
}
