/* AGI saved games (agi-spec session_and_persistence.md, "Save-file
 * envelope" and the per-profile block tables): decode every field of every
 * block into named struct members, keep reserved ranges as bytes, and
 * re-encode a decoded save byte for byte.  The struct is the interchange
 * form a runtime fills to save and reads to restore. */
#ifndef RELIC_AGI_SAVE_H
#define RELIC_AGI_SAVE_H

#include <stddef.h>
#include <stdint.h>
#include "relic/agi.h"
#include "relic/agi_profile.h"
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AGI_SAVE_DESC_LEN 31
#define AGI_SAVE_MAX_BLOCKS 5
#define AGI_SAVE_OBJECT_LEN 0x2b
#define AGI_SAVE_STRING_LEN 40
#define AGI_SAVE_MAX_STRINGS 12
#define AGI_SAVE_MAX_KEYS 49
#define AGI_SAVE_CARRIED 0xff /* inventory location of a carried item */

typedef struct agi_save_key {
    uint16_t raw_key, status;
} agi_save_key;

/* Block 1.  Members absent from a profile's partition stay zero; the
 * descriptor tables in save.c say which are present where. */
typedef struct agi_save_state {
    uint8_t signature[7];
    uint8_t vars[256];
    uint8_t flags[32]; /* packed, f0 is bit 0x80 of byte 0 */
    uint32_t timer_ticks;
    uint16_t display_mode; /* early partition only */
    uint16_t horizon;
    uint16_t prev_nav_event; /* early only */
    uint16_t rect_left, rect_top, rect_right, rect_bottom;
    uint16_t direction_coupling;
    uint16_t picture;
    uint16_t nav_direction; /* early only */
    uint16_t rect_enabled;
    uint16_t replay_capacity, replay_count;
    agi_save_key keys[AGI_SAVE_MAX_KEYS];
    uint8_t strings[AGI_SAVE_MAX_STRINGS][AGI_SAVE_STRING_LEN];
    uint16_t text_fg, text_bg, text_attr;
    uint16_t input_enabled, input_row;
    uint8_t prompt_char;
    uint16_t status_enabled, status_row;
    uint16_t display_base_row, display_bottom_row;
    uint16_t replay_checkpoint; /* 0x05e1 and longer */
    uint16_t menu_gate;         /* 3.002.102, 3.002.149 */
    uint8_t release_gate;
    /* Reserved ranges, preserved as stored. */
    uint8_t reserved_word_a[2]; /* 2.936 0x012d; early 0x0141 startup count */
    uint8_t reserved_word_b[2]; /* 2.936/GR 0x013d, canonical 0f 00 */
    uint8_t keys_reserved[40];  /* ten inactive key-map records */
    uint8_t string_pad[4];
    uint8_t strings_reserved[AGI_SAVE_MAX_STRINGS * AGI_SAVE_STRING_LEN];
    uint8_t prompt_pad;
} agi_save_state;

/* One block-2 record ("Profile 2.936 block 2"). */
typedef struct agi_save_object {
    uint8_t move_interval, move_countdown, event;
    uint16_t x, y;
    uint8_t view;
    uint16_t view_token;
    uint8_t loop, loop_count;
    uint16_t loop_token;
    uint8_t cel, cel_count;
    uint16_t cel_token, prev_cel_token, render_token;
    uint16_t prev_x, prev_y, width, height;
    uint8_t step_size, cycle_interval, cycle_countdown, direction, motion, cycle_mode, priority;
    uint16_t flags;
    uint8_t motion_params[4];
} agi_save_object;

/* Object state flag bits used by the report (no agi-spec name yet; values
 * from the Woohoo AGI interpreter, ViewObjectFlags.cs). */
#define AGI_SAVE_OBJ_DRAWN 0x0001
#define AGI_SAVE_OBJ_ANIMATED 0x0040

typedef struct agi_save_item {
    uint16_t name_offset; /* into agi_save.inventory */
    uint8_t location;
} agi_save_item;

typedef struct agi_save_resume {
    uint16_t logic, offset;
} agi_save_resume;

typedef struct agi_save {
    uint8_t header[AGI_SAVE_DESC_LEN]; /* description, zero-terminated prefix */
    const agi_profile *profile;
    unsigned block_count;
    uint16_t block_len[AGI_SAVE_MAX_BLOCKS];
    size_t block_offset[AGI_SAVE_MAX_BLOCKS]; /* of each length word */
    agi_save_state state;
    agi_save_object *objects;
    unsigned object_count;
    uint8_t *inventory; /* block 3 after the v3 transform is undone */
    size_t inventory_len;
    agi_save_item *items; /* parsed from the entry table */
    unsigned item_count;
    uint8_t *replay; /* block 4: (kind, value) byte pairs */
    unsigned replay_slots;
    agi_save_resume *resume; /* block 5 records before the terminator */
    unsigned resume_count;
    uint16_t resume_end; /* the terminator's ignored second word */
    /* Oddities the original reads past (an inventory name cut by the end
     * of block 3): counted, the first one described, never fatal. */
    unsigned warnings;
    size_t warning_offset; /* file offset of the first */
    char warning[128];
} agi_save;

/* ---- profile detection ------------------------------------------------- */
typedef struct agi_save_guess {
    const agi_profile *profile;
    char candidates[64]; /* every profile the shape allows */
} agi_save_guess;
/* The profile a save's shape selects: block count, block-1 length and,
 * for 0x05e1, whether block 3 reads as plain or transformed inventory. */
int agi_save_detect(const uint8_t *data, size_t len, agi_save_guess *out, relic_err *err);

/* Decodes a whole save; profile NULL detects it.  Errors name the block
 * and carry the file offset. */
int agi_save_decode(const uint8_t *data, size_t len, const agi_profile *profile, agi_save *out, relic_err *err);
/* Appends the save's bytes: a decoded, unchanged save comes back identical. */
int agi_save_encode(const agi_save *s, relic_buf *out, relic_err *err);
void agi_save_free(agi_save *s);
/* A new save for profile p, for a runtime to fill: arrays allocated for
 * `objects` records, `replay_slots` pairs (block-1 capacity set to match)
 * and `resume` block-5 records, block 3 copied from `inventory` (OBJECT's
 * runtime data, plain) and its items parsed.  Reserved ranges get the
 * spec's canonical bytes ("Reserved-state rule": 0f 00 at 0x013d, zeros
 * elsewhere); profiles 2.089-2.272 have no canonical values, so zeros
 * there are relic's own policy. */
typedef struct agi_save_init_args {
    const agi_profile *profile; /* required: NULL is RELIC_EUSAGE */
    unsigned objects;           /* block-2 records */
    const uint8_t *inventory;   /* OBJECT's runtime data, plain */
    size_t inventory_len;
    unsigned replay_slots; /* block-4 pairs */
    unsigned resume;       /* block-5 records */
} agi_save_init_args;
int agi_save_init(agi_save *s, const agi_save_init_args *args, relic_err *err);
/* Structural checks beyond decoding (counts against capacities, replay
 * kinds, kind-5 packets, name offsets); the first problem fills err. */
int agi_save_validate(const agi_save *s, relic_err *err);

int agi_save_flag(const agi_save *s, unsigned n);
void agi_save_set_flag(agi_save *s, unsigned n, int on);
/* An item's zero-terminated display name (checked at decode). */
const char *agi_save_item_name(const agi_save *s, unsigned i);
/* The description as a C string (at most 31 bytes, copied to out[32]). */
void agi_save_description(const agi_save *s, char out[AGI_SAVE_DESC_LEN + 1]);

/* ---- replay operations ("Resource replay sequence") ----------------------- */
/* Each kind: its number, name, and the kind of resource its number names
 * (kind 5 names a view: the packet's first byte). */
// clang-format off
#define AGI_REPLAY_KINDS(X) \
    X(0, LOAD_LOGIC, "load.logic", AGI_LOGIC) \
    X(1, LOAD_VIEW, "load.view", AGI_VIEW) \
    X(2, LOAD_PICTURE, "load.picture", AGI_PICTURE) \
    X(3, LOAD_SOUND, "load.sound", AGI_SOUND) \
    X(4, DRAW_PICTURE, "draw.picture", AGI_PICTURE) \
    X(5, ADD_TO_PICTURE, "add.to.picture", AGI_VIEW) \
    X(6, DISCARD_PICTURE, "discard.picture", AGI_PICTURE) \
    X(7, DISCARD_VIEW, "discard.view", AGI_VIEW) \
    X(8, OVERLAY_PICTURE, "overlay.picture", AGI_PICTURE)
// clang-format on
#define AGI_REPLAY_ENUM(n, id, name, resource) AGI_REPLAY_##id = n,
typedef enum agi_replay_kind { AGI_REPLAY_KINDS(AGI_REPLAY_ENUM) AGI_REPLAY_KIND_COUNT } agi_replay_kind;
#undef AGI_REPLAY_ENUM
/* "load.logic" ..., or NULL for a kind above 8. */
const char *agi_replay_kind_name(unsigned kind);

typedef struct agi_replay_op {
    unsigned pair; /* index of its first pair */
    uint8_t kind, value;
    /* kind 5: the seven packet bytes; complete is 0 when the active
     * sequence ends inside the packet. */
    uint8_t view, loop, cel, x, y, pri_ctl;
    int complete;
} agi_replay_op;

/* The active replay prefix as operations; *ops is malloc'd. */
int agi_save_replay_ops(const agi_save *s, agi_replay_op **ops, unsigned *count, relic_err *err);
/* The resource an operation names (its kind's resource kind and number:
 * the value, or kind 5's view): 1, or 0 for a kind above 8 and a kind-5
 * packet the active sequence cuts short. */
int agi_replay_op_resource(const agi_replay_op *op, agi_kind *kind, unsigned *number);

#ifdef __cplusplus
}
#endif

#endif
