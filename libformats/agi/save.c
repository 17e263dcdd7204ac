/* AGI saved-game files: agi-spec session_and_persistence.md ("Save-file
 * envelope", the 2.089/2.230/2.272 block-1 partition, "Profile 2.936 block
 * 1..5", "Profiles 2.411 and 2.440 observed early blocks", "Profile
 * 3.002.102 observed KQ4D demo blocks", "Profile 3.002.149 observed Gold
 * Rush blocks", "V3 block-3 transform").  Every byte of every block belongs
 * to one descriptor below, reserved ranges included, so a decoded save
 * re-encodes byte for byte.  Flag packing (f0 in bit 0x80 of the first
 * byte) is not in agi-spec; it follows the AGI Specifications wiki,
 * chapter 10 "Savegame Files" (agiwiki.sierrahelp.com), and the flags the
 * corpus saves hold (f2 and f4 set by the typed save command). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_save.h"
#include "relic/core.h"
#include "relic/cursor.h"
#include "agi_private.h"
#include "save_private.h"

// clang-format off
#define S(m) offsetof(agi_save_state, m)
#define F(name, pos, size, type, json, m) {name, pos, size, type, json, S(m)}
// clang-format on
#define U16(name, pos, m) F(name, pos, 2, AGI_SF_U16, AGI_SJ_INT, m)
#define RES(name, pos, size, m) F(name, pos, size, AGI_SF_BYTES, AGI_SJ_RESERVED, m)

/* 2.089/2.230/2.272: 0x03db bytes. */
static const agi_save_field agi_save_b1_early[] = {
    F("signature", 0x0000, 7, AGI_SF_BYTES, AGI_SJ_TEXT, signature),
    F("variables", 0x0007, 256, AGI_SF_BYTES, AGI_SJ_VARS, vars),
    F("flags", 0x0107, 32, AGI_SF_BYTES, AGI_SJ_FLAGS, flags),
    F("timer_ticks", 0x0127, 4, AGI_SF_U32, AGI_SJ_INT, timer_ticks),
    U16("display_mode", 0x012b, display_mode),
    U16("horizon", 0x012d, horizon),
    U16("prev_nav_event", 0x012f, prev_nav_event),
    U16("rect_left", 0x0131, rect_left),
    U16("rect_top", 0x0133, rect_top),
    U16("rect_right", 0x0135, rect_right),
    U16("rect_bottom", 0x0137, rect_bottom),
    U16("direction_coupling", 0x0139, direction_coupling),
    U16("picture", 0x013b, picture),
    U16("nav_direction", 0x013d, nav_direction),
    U16("rect_enabled", 0x013f, rect_enabled),
    RES("startup_count", 0x0141, 2, reserved_word_a),
    U16("replay_capacity", 0x0143, replay_capacity),
    U16("replay_count", 0x0145, replay_count),
    F("keys", 0x0147, 156, AGI_SF_KEYS, AGI_SJ_KEYS, keys),
    RES("string_pad", 0x01e3, 4, string_pad),
    F("strings", 0x01e7, 240, AGI_SF_BYTES, AGI_SJ_STRINGS, strings),
    RES("strings", 0x02d7, 240, strings_reserved),
    U16("text_fg", 0x03c7, text_fg),
    U16("text_bg", 0x03c9, text_bg),
    U16("text_attr", 0x03cb, text_attr),
    U16("input_enabled", 0x03cd, input_enabled),
    U16("input_row", 0x03cf, input_row),
    F("prompt_char", 0x03d1, 1, AGI_SF_U8, AGI_SJ_INT, prompt_char),
    RES("prompt_pad", 0x03d2, 1, prompt_pad),
    U16("status_enabled", 0x03d3, status_enabled),
    U16("status_row", 0x03d5, status_row),
    U16("display_base_row", 0x03d7, display_base_row),
    U16("display_bottom_row", 0x03d9, display_bottom_row),
};

/* 2.936: 0x05e1 bytes; 2.411/2.440 stop at 0x05df, 3.002.102 adds the two
 * gates up to 0x05e4. */
static const agi_save_field agi_save_b1_v2[] = {
    F("signature", 0x0000, 7, AGI_SF_BYTES, AGI_SJ_TEXT, signature),
    F("variables", 0x0007, 256, AGI_SF_BYTES, AGI_SJ_VARS, vars),
    F("flags", 0x0107, 32, AGI_SF_BYTES, AGI_SJ_FLAGS, flags),
    F("timer_ticks", 0x0127, 4, AGI_SF_U32, AGI_SJ_INT, timer_ticks),
    U16("horizon", 0x012b, horizon),
    RES("word_012d", 0x012d, 2, reserved_word_a),
    U16("rect_left", 0x012f, rect_left),
    U16("rect_top", 0x0131, rect_top),
    U16("rect_right", 0x0133, rect_right),
    U16("rect_bottom", 0x0135, rect_bottom),
    U16("direction_coupling", 0x0137, direction_coupling),
    U16("picture", 0x0139, picture),
    U16("rect_enabled", 0x013b, rect_enabled),
    RES("word_013d", 0x013d, 2, reserved_word_b),
    U16("replay_capacity", 0x013f, replay_capacity),
    U16("replay_count", 0x0141, replay_count),
    F("keys", 0x0143, 156, AGI_SF_KEYS, AGI_SJ_KEYS, keys),
    RES("keys", 0x01df, 40, keys_reserved),
    RES("string_pad", 0x0207, 4, string_pad),
    F("strings", 0x020b, 480, AGI_SF_BYTES, AGI_SJ_STRINGS, strings),
    RES("strings", 0x03eb, 480, strings_reserved),
    U16("text_fg", 0x05cb, text_fg),
    U16("text_bg", 0x05cd, text_bg),
    U16("text_attr", 0x05cf, text_attr),
    U16("input_enabled", 0x05d1, input_enabled),
    U16("input_row", 0x05d3, input_row),
    F("prompt_char", 0x05d5, 1, AGI_SF_U8, AGI_SJ_INT, prompt_char),
    RES("prompt_pad", 0x05d6, 1, prompt_pad),
    U16("status_enabled", 0x05d7, status_enabled),
    U16("status_row", 0x05d9, status_row),
    U16("display_base_row", 0x05db, display_base_row),
    U16("display_bottom_row", 0x05dd, display_bottom_row),
    U16("replay_checkpoint", 0x05df, replay_checkpoint),
    U16("menu_gate", 0x05e1, menu_gate),
    F("release_gate", 0x05e3, 1, AGI_SF_U8, AGI_SJ_INT, release_gate),
};

/* 3.002.149 Gold Rush: 0x0404 bytes, 49 keys, no reserved string bank. */
static const agi_save_field agi_save_b1_gr[] = {
    F("signature", 0x0000, 7, AGI_SF_BYTES, AGI_SJ_TEXT, signature),
    F("variables", 0x0007, 256, AGI_SF_BYTES, AGI_SJ_VARS, vars),
    F("flags", 0x0107, 32, AGI_SF_BYTES, AGI_SJ_FLAGS, flags),
    F("timer_ticks", 0x0127, 4, AGI_SF_U32, AGI_SJ_INT, timer_ticks),
    U16("horizon", 0x012b, horizon),
    RES("word_012d", 0x012d, 2, reserved_word_a),
    U16("rect_left", 0x012f, rect_left),
    U16("rect_top", 0x0131, rect_top),
    U16("rect_right", 0x0133, rect_right),
    U16("rect_bottom", 0x0135, rect_bottom),
    U16("direction_coupling", 0x0137, direction_coupling),
    U16("picture", 0x0139, picture),
    U16("rect_enabled", 0x013b, rect_enabled),
    RES("word_013d", 0x013d, 2, reserved_word_b),
    U16("replay_capacity", 0x013f, replay_capacity),
    U16("replay_count", 0x0141, replay_count),
    F("keys", 0x0143, 196, AGI_SF_KEYS, AGI_SJ_KEYS, keys),
    RES("string_pad", 0x0207, 4, string_pad),
    F("strings", 0x020b, 480, AGI_SF_BYTES, AGI_SJ_STRINGS, strings),
    U16("text_fg", 0x03eb, text_fg),
    U16("text_bg", 0x03ed, text_bg),
    U16("text_attr", 0x03ef, text_attr),
    U16("input_enabled", 0x03f1, input_enabled),
    U16("input_row", 0x03f3, input_row),
    F("prompt_char", 0x03f5, 1, AGI_SF_U8, AGI_SJ_INT, prompt_char),
    RES("prompt_pad", 0x03f6, 1, prompt_pad),
    U16("status_enabled", 0x03f7, status_enabled),
    U16("status_row", 0x03f9, status_row),
    U16("display_base_row", 0x03fb, display_base_row),
    U16("display_bottom_row", 0x03fd, display_bottom_row),
    U16("replay_checkpoint", 0x03ff, replay_checkpoint),
    U16("menu_gate", 0x0401, menu_gate),
    F("release_gate", 0x0403, 1, AGI_SF_U8, AGI_SJ_INT, release_gate),
};
#undef S
#undef F

// clang-format off
#define O(m) offsetof(agi_save_object, m)
#define OB(name, pos, m) {name, pos, 1, AGI_SF_U8, AGI_SJ_INT, O(m)}
#define OW(name, pos, m) {name, pos, 2, AGI_SF_U16, AGI_SJ_INT, O(m)}
#define OT(name, pos, m) {name, pos, 2, AGI_SF_U16, AGI_SJ_TOKEN, O(m)}
// clang-format on
/* One 0x2b-byte block-2 record ("Profile 2.936 block 2"). */
static const agi_save_field agi_save_obj_fields[] = {
    OB("move_interval", 0x00, move_interval),
    OB("move_countdown", 0x01, move_countdown),
    OB("event", 0x02, event),
    OW("x", 0x03, x),
    OW("y", 0x05, y),
    OB("view", 0x07, view),
    OT("view_token", 0x08, view_token),
    OB("loop", 0x0a, loop),
    OB("loop_count", 0x0b, loop_count),
    OT("loop_token", 0x0c, loop_token),
    OB("cel", 0x0e, cel),
    OB("cel_count", 0x0f, cel_count),
    OT("cel_token", 0x10, cel_token),
    OT("prev_cel_token", 0x12, prev_cel_token),
    OT("render_token", 0x14, render_token),
    OW("prev_x", 0x16, prev_x),
    OW("prev_y", 0x18, prev_y),
    OW("width", 0x1a, width),
    OW("height", 0x1c, height),
    OB("step_size", 0x1e, step_size),
    OB("cycle_interval", 0x1f, cycle_interval),
    OB("cycle_countdown", 0x20, cycle_countdown),
    OB("direction", 0x21, direction),
    OB("motion", 0x22, motion),
    OB("cycle_mode", 0x23, cycle_mode),
    OB("priority", 0x24, priority),
    OW("flags", 0x25, flags),
    {"motion_params", 0x27, 4, AGI_SF_BYTES, AGI_SJ_INT, O(motion_params)},
};
#undef O

#define RELIC_COUNTOF(a) (sizeof(a) / sizeof((a)[0]))

const agi_save_field *agi_save_b1_fields(agi_save_b1_layout layout, size_t *count)
{
    switch (layout) {
    case AGI_SAVE_B1_EARLY: *count = RELIC_COUNTOF(agi_save_b1_early); return agi_save_b1_early;
    case AGI_SAVE_B1_GR: *count = RELIC_COUNTOF(agi_save_b1_gr); return agi_save_b1_gr;
    default: *count = RELIC_COUNTOF(agi_save_b1_v2); return agi_save_b1_v2;
    }
}

const agi_save_field *agi_save_object_fields(size_t *count)
{
    *count = RELIC_COUNTOF(agi_save_obj_fields);
    return agi_save_obj_fields;
}

unsigned agi_save_b1_len(const agi_profile *p)
{
    if (p->save_block1)
        return p->save_block1;
    return p->save_b1_layout == AGI_SAVE_B1_EARLY ? 0x03db : 0x05e1;
}

/* ---- fields <-> bytes ---------------------------------------------------- */
static void agi_save_get_fields(const agi_save_field *f, size_t n, relic_cur *c, size_t len, void *base)
{
    uint8_t *b = base;
    for (size_t i = 0; i < n; i++, f++) {
        if (!agi_save_field_present(f, len))
            continue;
        relic_seek(c, f->pos);
        uint8_t *m = b + f->member;
        switch (f->type) {
        case AGI_SF_U8: *m = relic_u8(c); break;
        case AGI_SF_U16: {
            uint16_t v = relic_le16(c);
            memcpy(m, &v, 2);
            break;
        }
        case AGI_SF_U32: {
            uint32_t v = relic_le32(c);
            memcpy(m, &v, 4);
            break;
        }
        case AGI_SF_BYTES: {
            const uint8_t *p = relic_bytes(c, f->size);
            if (p)
                memcpy(m, p, f->size);
            break;
        }
        case AGI_SF_KEYS:
            for (unsigned k = 0; k < f->size / 4u; k++) {
                agi_save_key key;
                key.raw_key = relic_le16(c);
                key.status = relic_le16(c);
                memcpy(m + k * sizeof key, &key, sizeof key);
            }
            break;
        }
    }
}

static void agi_save_put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void agi_save_put_fields(const agi_save_field *f, size_t n, uint8_t *out, size_t len, const void *base)
{
    const uint8_t *b = base;
    for (size_t i = 0; i < n; i++, f++) {
        if (!agi_save_field_present(f, len))
            continue;
        const uint8_t *m = b + f->member;
        uint8_t *p = out + f->pos;
        switch (f->type) {
        case AGI_SF_U8: *p = *m; break;
        case AGI_SF_U16: {
            uint16_t v;
            memcpy(&v, m, 2);
            agi_save_put16(p, v);
            break;
        }
        case AGI_SF_U32: {
            uint32_t v;
            memcpy(&v, m, 4);
            agi_save_put16(p, (uint16_t)v);
            agi_save_put16(p + 2, (uint16_t)(v >> 16));
            break;
        }
        case AGI_SF_BYTES: memcpy(p, m, f->size); break;
        case AGI_SF_KEYS:
            for (unsigned k = 0; k < f->size / 4u; k++) {
                agi_save_key key;
                memcpy(&key, m + k * sizeof key, sizeof key);
                agi_save_put16(p + 4 * k, key.raw_key);
                agi_save_put16(p + 4 * k + 2, key.status);
            }
            break;
        }
    }
}

/* ---- envelope ------------------------------------------------------------- */
typedef struct agi_save_env {
    unsigned count;
    size_t off[AGI_SAVE_MAX_BLOCKS + 1]; /* of each length word */
    uint16_t len[AGI_SAVE_MAX_BLOCKS + 1];
} agi_save_env;

/* Walks the length-prefixed blocks after the 31-byte header. */
static int agi_save_walk(const uint8_t *d, size_t len, unsigned want, agi_save_env *env, relic_err *err)
{
    memset(env, 0, sizeof *env);
    if (len < AGI_SAVE_DESC_LEN)
        return relic_err_set(err, RELIC_EDATA, 0, "save shorter than its 31-byte description header");
    size_t pos = AGI_SAVE_DESC_LEN;
    while (pos < len && (!want || env->count < want)) {
        if (env->count == AGI_SAVE_MAX_BLOCKS)
            return relic_err_set(err, RELIC_EDATA, pos, "%zu bytes after block 5", len - pos);
        if (len - pos < 2)
            return relic_err_set(err, RELIC_EDATA, pos, "block %u: length word cut short", env->count + 1);
        uint16_t n = relic_rd_le16(d + pos);
        if (n > len - pos - 2)
            return relic_err_set(err, RELIC_EDATA, pos,
                                 "block %u: length %u runs past the end of the file (%zu bytes left)", env->count + 1,
                                 n, len - pos - 2);
        env->off[env->count] = pos;
        env->len[env->count] = n;
        env->count++;
        pos += 2 + (size_t)n;
    }
    if (want && env->count < want)
        return relic_err_set(err, RELIC_EDATA, pos, "block %u missing: the file ends after %u blocks", env->count + 1,
                             env->count);
    if (pos < len)
        return relic_err_set(err, RELIC_EDATA, pos, "%zu bytes after block %u", len - pos, env->count);
    if (env->count < 4)
        return relic_err_set(err, RELIC_EDATA, pos, "only %u blocks; a save has four or five", env->count);
    return RELIC_OK;
}

/* Block 3 as inventory: entry table (name_offset:u16le, location:u8) up
 * to the lowest name offset, then zero-terminated names.  *count gets the
 * entry count.  A last name that runs to the end of the block without its
 * zero is read as the interpreter reads it (up to the block end): that is
 * RELIC_WARN with err naming it, and the block's bytes stay as they are. */
static int agi_save_inventory_shape(const uint8_t *d, size_t len, size_t origin, size_t *count, relic_err *err)
{
    *count = 0;
    if (len == 0)
        return RELIC_OK;
    if (len < 3)
        return relic_err_set(err, RELIC_EDATA, origin, "block 3: %zu bytes cannot hold an inventory entry", len);
    size_t table = relic_rd_le16(d);
    for (size_t i = 3; i + 3 <= table && i + 3 <= len; i += 3) {
        size_t name = relic_rd_le16(d + i);
        if (name < table)
            table = name;
    }
    if (table % 3 || table == 0 || table > len)
        return relic_err_set(err, RELIC_EDATA, origin,
                             "block 3: inventory name pool starts at 0x%zx, not after a whole entry table", table);
    int rc = RELIC_OK;
    for (size_t i = 0; i < table; i += 3) {
        size_t name = relic_rd_le16(d + i);
        if (name >= len)
            return relic_err_set(err, RELIC_EDATA, origin + i, "block 3: item %zu name offset 0x%zx past the block",
                                 i / 3, name);
        if (!memchr(d + name, 0, len - name) && rc == RELIC_OK)
            rc = relic_err_set(err, RELIC_WARN, origin + name,
                               "block 3: item %zu name is not terminated (read to the end of the block)", i / 3);
    }
    *count = table / 3;
    return rc;
}

/* Copies block 3 (plain) into s->inventory with one hidden zero after it,
 * so a name cut by the block end still reads as a string, and parses the
 * entry table into s->items.  RELIC_WARN: see agi_save_inventory_shape. */
static int agi_save_items_parse(agi_save *s, const uint8_t *plain, size_t len, int unxor, size_t origin, relic_err *err)
{
    s->inventory_len = len;
    if (!(s->inventory = relic_calloc_array(len + 1, 1)))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    if (len)
        memcpy(s->inventory, plain, len);
    if (unxor)
        agi_xor(s->inventory, len);
    size_t count;
    int rc = agi_save_inventory_shape(s->inventory, len, origin, &count, err);
    if (rc != RELIC_OK && rc != RELIC_WARN)
        return rc;
    if (!(s->items = relic_calloc_array(count, sizeof *s->items)))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    s->item_count = (unsigned)count;
    for (unsigned i = 0; i < s->item_count; i++) {
        s->items[i].name_offset = relic_rd_le16(s->inventory + 3 * (size_t)i);
        s->items[i].location = s->inventory[3 * (size_t)i + 2];
    }
    if (rc == RELIC_WARN) {
        s->warning_offset = err ? err->offset : origin;
        s->warnings++;
    }
    return rc;
}

/* ---- profile detection ---------------------------------------------------- */
typedef struct agi_save_shape {
    uint8_t blocks;
    uint16_t block1;
    int8_t block3_xor; /* -1: either */
    const char *profile, *candidates;
} agi_save_shape;

// clang-format off
static const agi_save_shape agi_save_shapes[] = {
    {4, 0x03db, -1, "2.089", "2.089"},
    {5, 0x03db, -1, "2.272", "2.230 2.272"},
    {5, 0x05df, -1, "2.440", "2.411 2.440"},
    {5, 0x05e1, 0, "2.936", "2.917 2.936"},
    {5, 0x05e1, 1, "3.002.086", "3.002.086"},
    {5, 0x05e4, -1, "3.002.102", "3.002.102"},
    {5, 0x0404, -1, "3.002.149", "3.002.149"},
};
// clang-format on

int agi_save_detect(const uint8_t *data, size_t len, agi_save_guess *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    agi_save_env env;
    int rc = agi_save_walk(data, len, 0, &env, err);
    if (rc)
        return rc;
    int plain = -1;
    if (env.count >= 3) {
        const uint8_t *b3 = data + env.off[2] + 2;
        size_t n3 = env.len[2];
        size_t items;
        rc = agi_save_inventory_shape(b3, n3, 0, &items, NULL);
        plain = rc == RELIC_OK || rc == RELIC_WARN;
        if (!plain) {
            uint8_t *tmp = relic_alloc_array(n3, 1);
            if (!tmp)
                return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
            memcpy(tmp, b3, n3);
            agi_xor(tmp, n3);
            rc = agi_save_inventory_shape(tmp, n3, 0, &items, NULL);
            if (rc != RELIC_OK && rc != RELIC_WARN)
                plain = -1;
            free(tmp);
        }
    }
    for (size_t i = 0; i < RELIC_COUNTOF(agi_save_shapes); i++) {
        const agi_save_shape *s = &agi_save_shapes[i];
        if (s->blocks != env.count || s->block1 != env.len[0])
            continue;
        if (s->block3_xor >= 0 && plain >= 0 && s->block3_xor == plain)
            continue;
        out->profile = agi_profile_find(s->profile);
        snprintf(out->candidates, sizeof out->candidates, "%s", s->candidates);
        return RELIC_OK;
    }
    return relic_err_set(err, RELIC_EDATA, env.off[0], "no known profile saves %u blocks with a %u-byte block 1",
                         env.count, env.len[0]);
}

/* ---- decoding --------------------------------------------------------------- */
static int agi_save_oom(relic_err *err) { return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory"); }

static int agi_save_block1(agi_save *s, const uint8_t *d, const agi_save_env *env, relic_err *err)
{
    size_t want = agi_save_b1_len(s->profile), len = env->len[0], at = env->off[0] + 2;
    if (len != want)
        return relic_err_set(err, RELIC_EDATA, env->off[0], "block 1: %zu bytes, profile %s saves %zu", len,
                             s->profile->name, want);
    size_t n;
    const agi_save_field *f = agi_save_b1_fields(s->profile->save_b1_layout, &n);
    relic_cur c = relic_cur_make(d + at, len, at);
    agi_save_get_fields(f, n, &c, len, &s->state);
    if (relic_cur_check(&c, err))
        return RELIC_EDATA;
    return RELIC_OK;
}

static int agi_save_block2(agi_save *s, const uint8_t *d, const agi_save_env *env, relic_err *err)
{
    size_t len = env->len[1], at = env->off[1] + 2;
    if (len % AGI_SAVE_OBJECT_LEN)
        return relic_err_set(err, RELIC_EDATA, env->off[1],
                             "block 2: %zu bytes is not a whole number of 43-byte object records", len);
    s->object_count = (unsigned)(len / AGI_SAVE_OBJECT_LEN);
    s->objects = relic_calloc_array(s->object_count, sizeof *s->objects);
    if (!s->objects)
        return agi_save_oom(err);
    size_t n;
    const agi_save_field *f = agi_save_object_fields(&n);
    for (unsigned i = 0; i < s->object_count; i++) {
        size_t rec = at + (size_t)i * AGI_SAVE_OBJECT_LEN;
        relic_cur c = relic_cur_make(d + rec, AGI_SAVE_OBJECT_LEN, rec);
        agi_save_get_fields(f, n, &c, AGI_SAVE_OBJECT_LEN, &s->objects[i]);
        if (relic_cur_check(&c, err))
            return RELIC_EDATA;
    }
    return RELIC_OK;
}

static int agi_save_block3(agi_save *s, const uint8_t *d, const agi_save_env *env, relic_err *err)
{
    size_t len = env->len[2], at = env->off[2] + 2;
    /* A warning here is kept in s->warnings; the decode goes on. */
    relic_err warn;
    relic_err_clear(&warn);
    int rc = agi_save_items_parse(s, d + at, len, s->profile->save_block3_xor, at, &warn);
    if (rc == RELIC_WARN) {
        snprintf(s->warning, sizeof s->warning, "%.120s", warn.msg);
        return RELIC_OK;
    }
    if (rc && err)
        *err = warn;
    return rc;
}

static int agi_save_block4(agi_save *s, const uint8_t *d, const agi_save_env *env, relic_err *err)
{
    size_t len = env->len[3], at = env->off[3] + 2;
    if (len % 2)
        return relic_err_set(err, RELIC_EDATA, env->off[3], "block 4: %zu bytes is not a whole number of replay pairs",
                             len);
    s->replay_slots = (unsigned)(len / 2);
    if (!(s->replay = relic_alloc_array(len, 1)))
        return agi_save_oom(err);
    memcpy(s->replay, d + at, len);
    if (s->state.replay_count > s->replay_slots) {
        size_t n, field = env->off[0] + 2;
        const agi_save_field *f = agi_save_b1_fields(s->profile->save_b1_layout, &n);
        for (size_t i = 0; i < n; i++)
            if (strcmp(f[i].name, "replay_count") == 0)
                field += f[i].pos;
        return relic_err_set(err, RELIC_EDATA, field, "block 1: active replay count %u exceeds the %u pairs of block 4",
                             s->state.replay_count, s->replay_slots);
    }
    return RELIC_OK;
}

static int agi_save_block5(agi_save *s, const uint8_t *d, const agi_save_env *env, relic_err *err)
{
    size_t len = env->len[4], at = env->off[4] + 2;
    if (len % 4 || len == 0)
        return relic_err_set(err, RELIC_EDATA, env->off[4],
                             "block 5: %zu bytes is not a whole number of 4-byte records", len);
    size_t records = len / 4;
    if (!(s->resume = calloc(records, sizeof *s->resume)))
        return agi_save_oom(err);
    relic_cur c = relic_cur_make(d + at, len, at);
    for (size_t i = 0; i < records; i++) {
        size_t where = relic_tell(&c);
        uint16_t logic = relic_le16(&c), off = relic_le16(&c);
        if (logic == 0xffff) {
            if (i != records - 1)
                return relic_err_set(err, RELIC_EDATA, where, "block 5: terminator record before the end of the block");
            s->resume_end = off;
            return relic_cur_check(&c, err);
        }
        s->resume[s->resume_count].logic = logic;
        s->resume[s->resume_count].offset = off;
        s->resume_count++;
    }
    return relic_err_set(err, RELIC_EDATA, env->off[4], "block 5: no 0xffff terminator record");
}

int agi_save_decode(const uint8_t *data, size_t len, const agi_profile *profile, agi_save *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    if (!profile) {
        agi_save_guess g;
        int rc = agi_save_detect(data, len, &g, err);
        if (rc)
            return rc;
        profile = g.profile;
    }
    out->profile = profile;
    agi_save_env env;
    int rc = agi_save_walk(data, len, profile->save_blocks, &env, err);
    if (rc)
        return rc;
    memcpy(out->header, data, AGI_SAVE_DESC_LEN);
    out->block_count = env.count;
    for (unsigned i = 0; i < env.count; i++) {
        out->block_len[i] = env.len[i];
        out->block_offset[i] = env.off[i];
    }
    static int (*const block[])(agi_save *, const uint8_t *, const agi_save_env *, relic_err *) = {
        agi_save_block1, agi_save_block2, agi_save_block3, agi_save_block4, agi_save_block5};
    for (unsigned i = 0; i < env.count && rc == RELIC_OK; i++)
        rc = block[i](out, data, &env, err);
    if (rc)
        agi_save_free(out);
    return rc;
}

void agi_save_free(agi_save *s)
{
    free(s->objects);
    free(s->inventory);
    free(s->items);
    free(s->replay);
    free(s->resume);
    const agi_profile *p = s->profile;
    memset(s, 0, sizeof *s);
    s->profile = p;
}

int agi_save_init(agi_save *s, const agi_save_init_args *a, relic_err *err)
{
    memset(s, 0, sizeof *s);
    if (!a || !a->profile)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "a new save needs a profile");
    const agi_profile *p = a->profile;
    s->profile = p;
    s->block_count = p->save_blocks;
    s->block_len[0] = (uint16_t)agi_save_b1_len(p);
    if (p->save_b1_layout != AGI_SAVE_B1_EARLY)
        memcpy(s->state.reserved_word_b, "\x0f\x00", 2);
    if (a->replay_slots > 0xffff / 2)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "%u replay pairs do not fit block 4", a->replay_slots);
    s->state.replay_capacity = (uint16_t)a->replay_slots;
    s->object_count = a->objects;
    s->replay_slots = a->replay_slots;
    s->resume_count = p->save_blocks > 4 ? a->resume : 0;
    s->objects = relic_calloc_array(a->objects, sizeof *s->objects);
    s->replay = relic_calloc_array(2 * (size_t)a->replay_slots, 1);
    s->resume = relic_calloc_array(a->resume, sizeof *s->resume);
    if (!s->objects || !s->replay || !s->resume) {
        agi_save_free(s);
        return agi_save_oom(err);
    }
    int rc = agi_save_items_parse(s, a->inventory, a->inventory_len, 0, 0, err);
    if (rc == RELIC_WARN) {
        snprintf(s->warning, sizeof s->warning, "%.120s", err ? err->msg : "block 3: name not terminated");
        if (err)
            relic_err_clear(err);
        rc = RELIC_OK;
    }
    if (rc) {
        agi_save_free(s);
        return rc;
    }
    return RELIC_OK;
}

/* ---- encoding ----------------------------------------------------------------- */
static uint8_t *agi_save_block_start(relic_buf *out, size_t len)
{
    relic_buf_le16(out, (uint16_t)len);
    size_t at = out->len;
    relic_buf_zeros(out, len);
    return out->oom ? NULL : out->data + at;
}

int agi_save_encode(const agi_save *s, relic_buf *out, relic_err *err)
{
    const agi_profile *p = s->profile;
    size_t start = out->len;
    size_t b1 = agi_save_b1_len(p);
    size_t lens[AGI_SAVE_MAX_BLOCKS] = {b1, (size_t)s->object_count * AGI_SAVE_OBJECT_LEN, s->inventory_len,
                                        (size_t)s->replay_slots * 2, ((size_t)s->resume_count + 1) * 4};
    for (unsigned i = 0; i < p->save_blocks; i++)
        if (lens[i] > 0xffff)
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "block %u: %zu bytes do not fit a 16-bit length",
                                 i + 1, lens[i]);
    if (s->item_count * 3u > s->inventory_len)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "block 3: %u items do not fit %zu bytes",
                             s->item_count, s->inventory_len);
    relic_buf_append(out, s->header, AGI_SAVE_DESC_LEN);
    size_t n;
    const agi_save_field *f = agi_save_b1_fields(p->save_b1_layout, &n);
    uint8_t *b = agi_save_block_start(out, b1);
    if (b)
        agi_save_put_fields(f, n, b, b1, &s->state);
    f = agi_save_object_fields(&n);
    b = agi_save_block_start(out, lens[1]);
    for (unsigned i = 0; b && i < s->object_count; i++)
        agi_save_put_fields(f, n, b + (size_t)i * AGI_SAVE_OBJECT_LEN, AGI_SAVE_OBJECT_LEN, &s->objects[i]);
    b = agi_save_block_start(out, lens[2]);
    if (b) {
        memcpy(b, s->inventory, s->inventory_len);
        for (unsigned i = 0; i < s->item_count; i++) {
            agi_save_put16(b + 3 * (size_t)i, s->items[i].name_offset);
            b[3 * (size_t)i + 2] = s->items[i].location;
        }
        if (p->save_block3_xor)
            agi_xor(b, s->inventory_len);
    }
    b = agi_save_block_start(out, lens[3]);
    if (b && lens[3])
        memcpy(b, s->replay, lens[3]);
    if (p->save_blocks > 4) {
        relic_buf_le16(out, (uint16_t)lens[4]);
        for (unsigned i = 0; i < s->resume_count; i++) {
            relic_buf_le16(out, s->resume[i].logic);
            relic_buf_le16(out, s->resume[i].offset);
        }
        relic_buf_le16(out, 0xffff);
        relic_buf_le16(out, s->resume_end);
    }
    if (out->oom)
        out->len = start;
    return relic_buf_check(out, err);
}

/* ---- small accessors ------------------------------------------------------------ */
int agi_save_flag(const agi_save *s, unsigned n)
{
    return n < 256 && (s->state.flags[n >> 3] & (0x80u >> (n & 7))) != 0;
}

void agi_save_set_flag(agi_save *s, unsigned n, int on)
{
    if (n >= 256)
        return;
    uint8_t bit = (uint8_t)(0x80u >> (n & 7));
    if (on)
        s->state.flags[n >> 3] |= bit;
    else
        s->state.flags[n >> 3] &= (uint8_t)~bit;
}

const char *agi_save_item_name(const agi_save *s, unsigned i)
{
    /* The block is followed by one hidden zero (agi_save_items_parse), so
     * a name cut by the block end reads as the interpreter reads it. */
    if (i >= s->item_count || s->items[i].name_offset >= s->inventory_len)
        return "";
    return (const char *)s->inventory + s->items[i].name_offset;
}

void agi_save_description(const agi_save *s, char out[AGI_SAVE_DESC_LEN + 1])
{
    memcpy(out, s->header, AGI_SAVE_DESC_LEN);
    out[AGI_SAVE_DESC_LEN] = '\0';
}
