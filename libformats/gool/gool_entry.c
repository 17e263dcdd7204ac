/* GOOL executable entries (cbhacks wiki "GOOL Executable"; item order and
 * field widths as loaded by cbhacks/CrashEdit Crash/Formats/Crash Formats/
 * GOOL/GOOLEntryLoader.cs and GOOLEntry.cs; header field meanings from
 * wurlyfox/c1 src/formats/gool.h): item 0 the header (six u32), item 1 the
 * code (u32 words), item 2 the constant pool (u32), item 3 the state map
 * (u16), item 4 the state descriptors (u32 flags, u32 status, u16 extern
 * pool index, u16 event/trans/code pcs), item 5 the animation bytes. */
#include <stdlib.h>
#include <string.h>
#include "relic/cursor.h"
#include "relic/gool.h"
#include "relic/nsf.h"

void gool_entry_free(gool_entry *g)
{
    free(g->code);
    free(g->pool);
    free(g->map);
    free(g->states);
    free(g->anim);
    gool_entry z = {0};
    *g = z;
}

int gool_state_local(const gool_entry *g, const gool_state *s)
{
    return s->extern_idx < g->pool_len && g->pool[s->extern_idx] == g->eid;
}

/* Reads an item of n elements of `size` bytes; a ragged length is an error. */
static int gool_item(const nsf_entry *e, unsigned i, size_t size, size_t *n, relic_err *err)
{
    if (i >= e->item_count) {
        *n = 0;
        return RELIC_OK;
    }
    if (e->item_len[i] % size)
        return relic_err_set(err, RELIC_EDATA, e->origin + (size_t)(e->item[i] - e->data),
                             "item %u is %zu bytes, not a multiple of %zu", i, e->item_len[i], size);
    *n = e->item_len[i] / size;
    return RELIC_OK;
}

static int gool_check_pc(const gool_entry *g, unsigned pc, size_t at, const char *what, relic_err *err)
{
    if (pc != GOOL_PC_NONE && pc >= g->code_len)
        return relic_err_set(err, RELIC_EDATA, at, "%s pc %u past the code item (%zu words)", what, pc, g->code_len);
    return RELIC_OK;
}

static int gool_entry_check(const gool_entry *g, const nsf_entry *e, relic_err *err)
{
    size_t st = e->item_count > 4 ? e->origin + (size_t)(e->item[4] - e->data) : 0;
    for (size_t i = 0; i < g->state_count; i++) {
        const gool_state *s = &g->states[i];
        size_t at = st + 16 * i;
        if (s->extern_idx >= g->pool_len)
            return relic_err_set(err, RELIC_EDATA, at + 8, "state %zu: extern index %u past the pool", i,
                                 s->extern_idx);
        if (!gool_state_local(g, s))
            continue;
        if (gool_check_pc(g, s->event_pc, at + 10, "event", err) ||
            gool_check_pc(g, s->trans_pc, at + 12, "trans", err) || gool_check_pc(g, s->code_pc, at + 14, "code", err))
            return RELIC_EDATA;
    }
    size_t mp = e->item_count > 3 ? e->origin + (size_t)(e->item[3] - e->data) : 0;
    for (size_t i = 0; i < g->map_len && i < g->hdr.event_count; i++)
        if ((g->map[i] & GOOL_MAP_HANDLER) && (g->map[i] & 0x7FFFu) >= g->code_len)
            return relic_err_set(err, RELIC_EDATA, mp + 2 * i, "event %zu handler pc %u past the code item", i,
                                 g->map[i] & 0x7FFFu);
    return RELIC_OK;
}

static int gool_entry_fill(gool_entry *g, const nsf_entry *e, relic_err *err)
{
    size_t nh, nc, np, nm, ns;
    if (e->item_count < 3 || e->item_count > 6)
        return relic_err_set(err, RELIC_EDATA, e->origin + 12, "a GOOL entry has 3 to 6 items, not %u", e->item_count);
    if (e->item_len[0] != 24)
        return relic_err_set(err, RELIC_EDATA, e->origin + 16, "GOOL header item is %zu bytes, not 24", e->item_len[0]);
    if (gool_item(e, 0, 4, &nh, err) || gool_item(e, 1, 4, &nc, err) || gool_item(e, 2, 4, &np, err) ||
        gool_item(e, 3, 2, &nm, err) || gool_item(e, 4, 16, &ns, err))
        return RELIC_EDATA;
    g->eid = e->eid;
    g->item_count = e->item_count;
    relic_cur c = relic_cur_make(e->item[0], 24, 0);
    g->hdr.id = relic_le32(&c);
    g->hdr.category = relic_le32(&c);
    g->hdr.format = relic_le32(&c);
    g->hdr.stack_start = relic_le32(&c);
    g->hdr.event_count = relic_le32(&c);
    g->hdr.eid_count = relic_le32(&c);
    g->code = calloc(nc + 1, 4);
    g->pool = calloc(np + 1, 4);
    g->map = calloc(nm + 1, 2);
    g->states = calloc(ns + 1, sizeof *g->states);
    g->anim_len = e->item_count > 5 ? e->item_len[5] : 0;
    g->anim = malloc(g->anim_len + 1);
    if (!g->code || !g->pool || !g->map || !g->states || !g->anim)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    g->code_len = nc;
    g->code_origin = e->origin + (size_t)(e->item[1] - e->data);
    g->pool_len = np;
    g->map_len = nm;
    g->state_count = ns;
    c = relic_cur_make(e->item[1], e->item_len[1], 0);
    for (size_t i = 0; i < nc; i++)
        g->code[i] = relic_le32(&c);
    c = relic_cur_make(e->item[2], e->item_len[2], 0);
    for (size_t i = 0; i < np; i++)
        g->pool[i] = relic_le32(&c);
    if (nm) {
        c = relic_cur_make(e->item[3], e->item_len[3], 0);
        for (size_t i = 0; i < nm; i++)
            g->map[i] = relic_le16(&c);
    }
    if (ns) {
        c = relic_cur_make(e->item[4], e->item_len[4], 0);
        for (size_t i = 0; i < ns; i++) {
            g->states[i].flags = relic_le32(&c);
            g->states[i].status = relic_le32(&c);
            g->states[i].extern_idx = relic_le16(&c);
            g->states[i].event_pc = relic_le16(&c);
            g->states[i].trans_pc = relic_le16(&c);
            g->states[i].code_pc = relic_le16(&c);
        }
    }
    if (g->anim_len)
        memcpy(g->anim, e->item[5], g->anim_len);
    return gool_entry_check(g, e, err);
}

int gool_entry_decode(const uint8_t *data, size_t len, size_t origin, gool_entry *g, relic_err *err)
{
    gool_entry z = {0};
    *g = z;
    nsf_entry e;
    int rc = nsf_entry_parse(data, len, origin, &e, err);
    if (rc)
        return rc;
    if (e.type != GOOL_ENTRY_TYPE)
        rc = relic_err_set(err, RELIC_EDATA, origin + 8, "entry type %u is not GOOL (11)", e.type);
    else
        rc = gool_entry_fill(g, &e, err);
    nsf_entry_free(&e);
    if (rc)
        gool_entry_free(g);
    return rc;
}

int gool_entry_encode(const gool_entry *g, relic_buf *out, relic_err *err)
{
    // clang-format off
    relic_buf it[6] = {RELIC_BUF_INIT, RELIC_BUF_INIT, RELIC_BUF_INIT, RELIC_BUF_INIT, RELIC_BUF_INIT,
                       RELIC_BUF_INIT};
    // clang-format on
    if (g->item_count < 3 || g->item_count > 6)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "a GOOL entry has 3 to 6 items");
    // clang-format off
    const uint32_t h[6] = {g->hdr.id, g->hdr.category, g->hdr.format, g->hdr.stack_start, g->hdr.event_count,
                           g->hdr.eid_count};
    // clang-format on
    for (int i = 0; i < 6; i++)
        relic_buf_le32(&it[0], h[i]);
    for (size_t i = 0; i < g->code_len; i++)
        relic_buf_le32(&it[1], g->code[i]);
    for (size_t i = 0; i < g->pool_len; i++)
        relic_buf_le32(&it[2], g->pool[i]);
    for (size_t i = 0; i < g->map_len; i++)
        relic_buf_le16(&it[3], g->map[i]);
    for (size_t i = 0; i < g->state_count; i++) {
        const gool_state *s = &g->states[i];
        relic_buf_le32(&it[4], s->flags);
        relic_buf_le32(&it[4], s->status);
        relic_buf_le16(&it[4], s->extern_idx);
        relic_buf_le16(&it[4], s->event_pc);
        relic_buf_le16(&it[4], s->trans_pc);
        relic_buf_le16(&it[4], s->code_pc);
    }
    relic_buf_append(&it[5], g->anim, g->anim_len);
    const uint8_t *items[6];
    size_t lens[6];
    for (int i = 0; i < 6; i++) {
        items[i] = it[i].data;
        lens[i] = it[i].len;
    }
    int rc = nsf_entry_build(g->eid, GOOL_ENTRY_TYPE, items, lens, g->item_count, out, err);
    for (int i = 0; i < 6; i++)
        relic_buf_free(&it[i]);
    return rc;
}
