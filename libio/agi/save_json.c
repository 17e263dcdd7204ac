/* JSON form of an AGI save and edits addressed by its JSON Pointer paths
 * (/variables/v3, /flags/f9, /objects/0/x, /inventory/5/location,
 * /strings/0).  Field names come from the descriptor tables in save.c
 * (agi-spec session_and_persistence.md); keys are documented in
 * save-inspect(1).  Text is CP437 mapped to UTF-8 (relic/text.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_save_json.h"
#include "relic/io.h"
#include "relic/text.h"
#include "../../libformats/agi/agi_private.h" /* librelic-formats internals */
#include "json_private.h"
#include "../../libformats/agi/save_private.h" /* the field tables of save.c */

static json_t *agi_save_text(const uint8_t *p, size_t max)
{
    const uint8_t *z = memchr(p, 0, max);
    return relic_json_bytes(p, z ? (size_t)(z - p) : max);
}

static json_int_t agi_save_int(const agi_save_field *f, const void *base)
{
    const uint8_t *m = (const uint8_t *)base + f->member;
    uint16_t w;
    uint32_t d;
    switch (f->type) {
    case AGI_SF_U8: return *m;
    case AGI_SF_U16: memcpy(&w, m, 2); return w;
    case AGI_SF_U32: memcpy(&d, m, 4); return d;
    default: return 0;
    }
}

/* One block-1 field into doc (or doc/reserved).  Here and below, a failed
 * allocation sets *oom (sticky, relic_json_set): agi_save_to_json then
 * returns no document rather than one short of a field. */
static void agi_save_b1_json(const agi_save *s, const agi_save_field *f, json_t *doc, json_t *reserved, int *oom)
{
    const uint8_t *m = (const uint8_t *)&s->state + f->member;
    json_t *v = NULL;
    switch (f->json) {
    case AGI_SJ_INT:
    case AGI_SJ_TOKEN: v = json_integer(agi_save_int(f, &s->state)); break;
    case AGI_SJ_TEXT: v = agi_save_text(m, f->size); break;
    case AGI_SJ_RESERVED: relic_json_set(reserved, f->name, agi_json_hex(m, f->size), oom); return;
    case AGI_SJ_VARS:
        v = json_object();
        for (unsigned i = 0; i < 256; i++) {
            char k[8];
            snprintf(k, sizeof k, "v%u", i);
            relic_json_set(v, k, json_integer(s->state.vars[i]), oom);
        }
        break;
    case AGI_SJ_FLAGS:
        v = json_object();
        for (unsigned i = 0; i < 256; i++) {
            char k[8];
            snprintf(k, sizeof k, "f%u", i);
            relic_json_set(v, k, json_boolean(agi_save_flag(s, i)), oom);
        }
        break;
    case AGI_SJ_KEYS:
        v = json_array();
        for (unsigned i = 0; i < f->size / 4u; i++)
            relic_json_append(
                v, json_pack("{s:i, s:i}", "raw_key", s->state.keys[i].raw_key, "status", s->state.keys[i].status),
                oom);
        break;
    case AGI_SJ_STRINGS:
        v = json_array();
        for (unsigned i = 0; i < f->size / AGI_SAVE_STRING_LEN; i++)
            relic_json_append(v, agi_save_text(s->state.strings[i], AGI_SAVE_STRING_LEN), oom);
        break;
    }
    relic_json_set(doc, f->name, v, oom);
}

static json_t *agi_save_objects_json(const agi_save *s, int *oom)
{
    size_t n;
    const agi_save_field *f = agi_save_object_fields(&n);
    json_t *arr = json_array();
    for (unsigned i = 0; i < s->object_count; i++) {
        json_t *o = json_object();
        for (size_t k = 0; k < n; k++) {
            if (f[k].type == AGI_SF_BYTES) {
                json_t *a = json_array();
                for (unsigned b = 0; b < f[k].size; b++)
                    relic_json_append(a, json_integer(s->objects[i].motion_params[b]), oom);
                relic_json_set(o, f[k].name, a, oom);
            } else {
                relic_json_set(o, f[k].name, json_integer(agi_save_int(&f[k], &s->objects[i])), oom);
            }
        }
        relic_json_append(arr, o, oom);
    }
    return arr;
}

static json_t *agi_save_replay_json(const agi_save *s, int *oom)
{
    agi_replay_op *ops;
    unsigned n;
    json_t *arr = json_array();
    if (agi_save_replay_ops(s, &ops, &n, NULL)) { /* only on a failed allocation */
        *oom = 1;
        return arr;
    }
    for (unsigned i = 0; i < n; i++) {
        const agi_replay_op *op = &ops[i];
        const char *name = agi_replay_kind_name(op->kind);
        json_t *o = json_pack("{s:i, s:i, s:o, s:i}", "pair", op->pair, "kind", op->kind, "op",
                              name ? json_string(name) : json_null(), "value", op->value);
        if (op->kind == AGI_REPLAY_ADD_TO_PICTURE) {
            relic_json_set(o, "complete", json_boolean(op->complete), oom);
            if (op->complete) {
                relic_json_set(o, "view", json_integer(op->view), oom);
                relic_json_set(o, "loop", json_integer(op->loop), oom);
                relic_json_set(o, "cel", json_integer(op->cel), oom);
                relic_json_set(o, "x", json_integer(op->x), oom);
                relic_json_set(o, "y", json_integer(op->y), oom);
                relic_json_set(o, "priority_control", json_integer(op->pri_ctl), oom);
            }
        }
        relic_json_append(arr, o, oom);
    }
    free(ops);
    return arr;
}

json_t *agi_save_to_json(const agi_save *s)
{
    char desc[AGI_SAVE_DESC_LEN + 1];
    agi_save_description(s, desc);
    size_t dlen = strlen(desc);
    json_t *blocks = json_array(), *reserved = json_object();
    int oom = !reserved;
    for (unsigned i = 0; i < s->block_count; i++)
        relic_json_append(blocks, json_integer(s->block_len[i]), &oom);
    json_t *doc = json_pack("{s:s, s:i, s:o, s:s, s:o}", "format", "relic-agi-save", "format_version", 1, "description",
                            relic_json_bytes(s->header, dlen), "profile", s->profile->name, "blocks", blocks);
    if (dlen + 1 < AGI_SAVE_DESC_LEN)
        relic_json_set(reserved, "description_tail", agi_json_hex(s->header + dlen + 1, AGI_SAVE_DESC_LEN - dlen - 1),
                       &oom);
    size_t n;
    const agi_save_field *f = agi_save_b1_fields(s->profile->save_b1_layout, &n);
    for (size_t i = 0; i < n; i++)
        if (agi_save_field_present(&f[i], s->block_len[0]))
            agi_save_b1_json(s, &f[i], doc, reserved, &oom);
    relic_json_set(doc, "objects", agi_save_objects_json(s, &oom), &oom);
    json_t *inv = json_array();
    for (unsigned i = 0; i < s->item_count; i++)
        relic_json_append(
            inv,
            json_pack("{s:o, s:i, s:i}", "name",
                      relic_json_bytes((const uint8_t *)agi_save_item_name(s, i), strlen(agi_save_item_name(s, i))),
                      "name_offset", s->items[i].name_offset, "location", s->items[i].location),
            &oom);
    relic_json_set(doc, "inventory", inv, &oom);
    relic_json_set(doc, "replay", agi_save_replay_json(s, &oom), &oom);
    unsigned active = s->state.replay_count <= s->replay_slots ? s->state.replay_count : s->replay_slots;
    relic_json_set(reserved, "replay_inactive",
                   agi_json_hex(s->replay + 2 * (size_t)active, 2 * (size_t)(s->replay_slots - active)), &oom);
    if (s->profile->save_blocks > 4) {
        json_t *res = json_array();
        for (unsigned i = 0; i < s->resume_count; i++)
            relic_json_append(res, json_pack("{s:i, s:i}", "logic", s->resume[i].logic, "offset", s->resume[i].offset),
                              &oom);
        relic_json_set(doc, "logic_resume", res, &oom);
        relic_json_set(doc, "logic_resume_end", json_integer(s->resume_end), &oom);
    }
    relic_json_set(doc, "reserved", reserved, &oom);
    if (oom) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

/* ---- edits ------------------------------------------------------------------ */
static int agi_save_parse_int(const char *v, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    int hex = v[0] == '0' && (v[1] == 'x' || v[1] == 'X');
    long x = strtol(hex ? v + 2 : v, &end, hex ? 16 : 10);
    if (v[0] == '-' || v[0] == '+' || v[0] == ' ' || (hex && !v[2]))
        end = (char *)v;
    if (!strcmp(v, "true"))
        x = 1, end = (char *)v + 4;
    else if (!strcmp(v, "false"))
        x = 0, end = (char *)v + 5;
    if (end == v || *end || errno || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

static int agi_save_bad_value(const char *path, const char *value, long hi, relic_err *err)
{
    return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "%s: value '%s' outside 0..%ld", path, value, hi);
}

/* Integer field: range from its size. */
static int agi_save_set_int(const agi_save_field *f, void *base, const char *path, const char *value, relic_err *err)
{
    long hi = f->size == 1 ? 0xff : f->size == 2 ? 0xffff : 0xffffffffL, x;
    if (agi_save_parse_int(value, 0, hi, &x))
        return agi_save_bad_value(path, value, hi, err);
    uint8_t *m = (uint8_t *)base + f->member;
    if (f->type == AGI_SF_U8) {
        *m = (uint8_t)x;
    } else if (f->type == AGI_SF_U16) {
        uint16_t w = (uint16_t)x;
        memcpy(m, &w, 2);
    } else {
        uint32_t d = (uint32_t)x;
        memcpy(m, &d, 4);
    }
    return RELIC_OK;
}

/* Text into a fixed area: the bytes, a terminator when room remains; the
 * bytes after it are left as they were. */
static int agi_save_set_text(uint8_t *dst, size_t max, const char *path, const char *value, relic_err *err)
{
    relic_buf b = RELIC_BUF_INIT;
    size_t vlen = strlen(value);
    if (vlen >= 2 && value[0] == '"' && value[vlen - 1] == '"') /* name="TEXT" as typed */
        value++, vlen -= 2;
    long bad = relic_utf8_to_cp437(value, vlen, &b);
    int rc = RELIC_OK;
    if (bad >= 0 || b.oom)
        rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "%s: text has no CP437 form", path);
    else if (b.len > max || memchr(b.data ? (void *)b.data : (void *)"", 0, b.len))
        rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "%s: text longer than %zu bytes", path, max);
    else {
        if (b.len)
            memcpy(dst, b.data, b.len);
        if (b.len < max)
            dst[b.len] = 0;
    }
    relic_buf_free(&b);
    return rc;
}

static int agi_save_index(const char *seg, const char *prefix, unsigned limit, unsigned *out)
{
    size_t pl = strlen(prefix);
    long x;
    if (strncmp(seg, prefix, pl) || agi_save_parse_int(seg + pl, 0, (long)limit - 1, &x) ||
        (seg[pl] == '0' && seg[pl + 1]))
        return -1;
    *out = (unsigned)x;
    return 0;
}

static int agi_save_set_b1(agi_save *s, char **seg, unsigned nseg, const char *path, const char *value, relic_err *err)
{
    size_t n;
    const agi_save_field *f = agi_save_b1_fields(s->profile->save_b1_layout, &n);
    unsigned idx;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(f[i].name, seg[0]) || f[i].json == AGI_SJ_RESERVED ||
            !agi_save_field_present(&f[i], s->block_len[0]))
            continue;
        long x;
        switch (f[i].json) {
        case AGI_SJ_INT:
            if (nseg == 1)
                return agi_save_set_int(&f[i], &s->state, path, value, err);
            break;
        case AGI_SJ_TEXT:
            if (nseg == 1)
                return agi_save_set_text(s->state.signature, f[i].size, path, value, err);
            break;
        case AGI_SJ_VARS:
            if (nseg == 2 && !agi_save_index(seg[1], "v", 256, &idx)) {
                if (agi_save_parse_int(value, 0, 255, &x))
                    return agi_save_bad_value(path, value, 255, err);
                s->state.vars[idx] = (uint8_t)x;
                return RELIC_OK;
            }
            break;
        case AGI_SJ_FLAGS:
            if (nseg == 2 && !agi_save_index(seg[1], "f", 256, &idx)) {
                if (agi_save_parse_int(value, 0, 1, &x))
                    return agi_save_bad_value(path, value, 1, err);
                agi_save_set_flag(s, idx, (int)x);
                return RELIC_OK;
            }
            break;
        case AGI_SJ_STRINGS:
            if (nseg == 2 && !agi_save_index(seg[1], "", f[i].size / AGI_SAVE_STRING_LEN, &idx))
                return agi_save_set_text(s->state.strings[idx], AGI_SAVE_STRING_LEN, path, value, err);
            break;
        case AGI_SJ_KEYS:
            if (nseg == 3 && !agi_save_index(seg[1], "", f[i].size / 4u, &idx) &&
                (!strcmp(seg[2], "raw_key") || !strcmp(seg[2], "status"))) {
                if (agi_save_parse_int(value, 0, 0xffff, &x))
                    return agi_save_bad_value(path, value, 0xffff, err);
                if (!strcmp(seg[2], "raw_key"))
                    s->state.keys[idx].raw_key = (uint16_t)x;
                else
                    s->state.keys[idx].status = (uint16_t)x;
                return RELIC_OK;
            }
            break;
        default: break;
        }
    }
    return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "%s: no editable field at this path", path);
}

static int agi_save_set_seg(agi_save *s, char **seg, unsigned nseg, const char *path, const char *value, relic_err *err)
{
    unsigned idx;
    long x;
    if (nseg == 1 && !strcmp(seg[0], "description"))
        return agi_save_set_text(s->header, AGI_SAVE_DESC_LEN, path, value, err);
    if (nseg == 3 && !strcmp(seg[0], "inventory") && !agi_save_index(seg[1], "", s->item_count, &idx) &&
        !strcmp(seg[2], "location")) {
        if (agi_save_parse_int(value, 0, 255, &x))
            return agi_save_bad_value(path, value, 255, err);
        s->items[idx].location = (uint8_t)x;
        return RELIC_OK;
    }
    if (nseg == 3 && !strcmp(seg[0], "objects") && !agi_save_index(seg[1], "", s->object_count, &idx)) {
        size_t n;
        const agi_save_field *f = agi_save_object_fields(&n);
        for (size_t i = 0; i < n; i++)
            if (!strcmp(f[i].name, seg[2]) && f[i].type != AGI_SF_BYTES)
                return agi_save_set_int(&f[i], &s->objects[idx], path, value, err);
    }
    if (nseg == 3 && !strcmp(seg[0], "logic_resume") && !agi_save_index(seg[1], "", s->resume_count, &idx) &&
        (!strcmp(seg[2], "logic") || !strcmp(seg[2], "offset"))) {
        if (agi_save_parse_int(value, 0, 0xffff, &x))
            return agi_save_bad_value(path, value, 0xffff, err);
        *(!strcmp(seg[2], "logic") ? &s->resume[idx].logic : &s->resume[idx].offset) = (uint16_t)x;
        return RELIC_OK;
    }
    return agi_save_set_b1(s, seg, nseg, path, value, err);
}

int agi_save_set(agi_save *s, const char *path, const char *value, relic_err *err)
{
    char norm[128];
    /* Shorthands: v3 -> /variables/v3, f12 -> /flags/f12. */
    if ((path[0] == 'v' || path[0] == 'f') && path[1] >= '0' && path[1] <= '9')
        snprintf(norm, sizeof norm, "/%s/%s", path[0] == 'v' ? "variables" : "flags", path);
    else
        snprintf(norm, sizeof norm, "%s", path);
    if (norm[0] != '/' || strlen(path) >= sizeof norm - 16)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "%s: not a JSON Pointer path", path);
    char copy[128], *seg[4];
    unsigned nseg = 0;
    snprintf(copy, sizeof copy, "%s", norm + 1);
    for (char *p = copy, *save = NULL, *t; (t = strtok_r(p, "/", &save)); p = NULL) {
        if (nseg == 4)
            return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "%s: no editable field at this path", path);
        seg[nseg++] = t;
    }
    if (!nseg)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "%s: no editable field at this path", path);
    return agi_save_set_seg(s, seg, nseg, norm, value, err);
}
