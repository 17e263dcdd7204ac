/* The interpreter's runtime rules per profile (agi-spec version_profiles.md,
 * conformance_matrix.md "Profile variants"): what a profile changes in the
 * behaviour of the runtime, as opposed to the format facts agi_profile
 * keeps (layout, opcode ranges, brushes, sound bytes, save layout).  The
 * interpreter looks its row up once, when the VM is made. */
#ifndef RELIC_AGI_VM_RULES_H
#define RELIC_AGI_VM_RULES_H

#include <stdint.h>
#include "relic/agi_profile.h"

/* Views that receive the four-direction loop table (object_behavior.md
 * "Direction and automatic loop selection"). */
typedef enum agi_loop4 {
    AGI_LOOP4_EXACT,    /* exactly four loops: 2.089 .. 2.917 */
    AGI_LOOP4_AT_LEAST, /* four or more: 2.936, 3.002.086 */
    AGI_LOOP4_F20       /* four always, more only while f20 is set: 3.002.102, 3.002.149 */
} agi_loop4;

typedef struct agi_vm_rules {
    const char *profile; /* the agi_profile name this row is for */
    /* input_text_and_menus.md "String slots" */
    uint8_t string_slots;
    /* object_behavior.md "Direction and automatic loop selection": no
     * cadence gate (2.089, 2.230, 2.272) and which views get the table. */
    uint8_t loop_select_every_pass;
    agi_loop4 loop4;
    /* object_behavior.md "Drawing order and refresh": 2.089 draws the
     * earlier partition in object-number order, unsorted. */
    uint8_t draw_early_unsorted;
    /* version_profiles.md 2.089/2.230/2.272: show.pic (0x1a) keeps f15 and
     * an open text window. */
    uint8_t show_pic_keeps_window;
    /* version_profiles.md 2.089: distance (0x45) stores the low byte
     * instead of saturating at 254 (2.230 and 2.272 follow). */
    uint8_t distance_wraps;
    /* object_behavior.md "Target motion": 0x51/0x52 leave the first
     * direction and a satisfied completion to the next update. */
    uint8_t move_defers_first;
    /* version_profiles.md 2.089/2.230: 0x4d keeps the motion mode, 0x4e
     * keeps direction and mode (object-0 effects only). */
    uint8_t motion_clear_early;
    /* input_text_and_menus.md "Parsed-word matching": 2.089 needs pattern
     * count == parser count and has no 0x270f tail terminator. */
    uint8_t said_exact_count;
    /* logic_bytecode.md "Action opcodes: menus": 2.272 parses 0x9c..0xa0
     * without constructing a menu. */
    uint8_t menu_parse_only;
    /* input_text_and_menus.md "Tracked key release": 0xad sets the gate
     * to one (3.002.102, 3.002.149) instead of incrementing it. */
    uint8_t hold_key_sets_one;
    /* logic_bytecode.md "Version 3 extension actions": 3.002.149's
     * 0xa3/0xa4 do nothing. */
    uint8_t input_width_noop;
    /* version_profiles.md 3.002.102: closing text-window state also
     * clears the input-width override. */
    uint8_t window_close_clears_width;
    /* version_profiles.md 3.002.149 Gold Rush build: immediate new.room
     * destinations first..last select room `to` (0, 0, 0: none). */
    uint8_t room_alias_first, room_alias_last, room_alias_to;
    /* object_behavior.md "Movement proposal and screen boundaries":
     * 3.002.086 reports left-boundary code 4 for an exact zero too. */
    uint8_t left_zero_boundary;
    /* input_text_and_menus.md "Inventory selection": 2.089-2.272's
     * status never selects into v25. */
    uint8_t inventory_ack_only;
    /* session_and_persistence.md "Restart": 2.411's f16 does not skip the
     * restart prompt. */
    uint8_t restart_always_prompts;
    /* version_profiles.md 2.089: position (0x25, 0x26) on a drawn object
     * removes its old image first; later profiles leave it on the screen
     * (2.936 measured, tests/corpus/agi_oracle/README.md). */
    uint8_t position_removes_image;
    /* f11 (first logic 0 run) set for the first cycle: not in 2.936 (read
     * by a probe game under the original interpreter, DOSBox), nor in
     * 2.917 (ScummVM engines/agi/cycle.cpp playGame notes it); kept for
     * the 3.002 profiles, which nothing here has measured. */
    uint8_t first_cycle_f11;
    /* draw (0x23) marks the object newly positioned, so the motion pass
     * that next finds it due applies no step (object_behavior.md "Cycle
     * ordering and cadence"): measured in 2.936 under DOSBox (README of
     * tests/corpus/agi_oracle, "Drawn this cycle, not moved this cycle":
     * drawn and sent by move.obj on one cycle, x 20 20 21; with step time
     * 2, x 20 20 20 20 21).  ScummVM's cmdDraw (engines/agi/op_cmd.cpp)
     * sets no fUpdatePos; the other profiles are not measured and keep
     * that. */
    uint8_t draw_marks_repositioned;
    /* restart.game's confirmation writes a space over the input line's
     * cursor while it is up and the cursor character back when it closes
     * (2.936 under DOSBox, probe Q of tests/corpus/agi_oracle/README.md
     * "Interpreter windows": ">" under the window, ">_" after Esc; quit's
     * confirmation keeps it).  The other profiles are not measured. */
    uint8_t restart_hides_cursor;
    /* The save and restore dialogs write a space over the input line's
     * cursor while they are up and the cursor character back when they
     * close (2.936 under DOSBox, probe S3 of tests/corpus/agi_oracle/
     * README.md "Interpreter windows": ">" under the directory and slot
     * windows, ">_" after the save).  The other profiles are not
     * measured. */
    uint8_t savedlg_hides_cursor;
    /* get.priority reads the object's stored priority: set.priority's
     * value, or y's band as of its last update (draw, or the cycle's
     * redraw of a drawn, updating object), 0 before any (2.936 under
     * DOSBox, probe GP of tests/corpus/agi_oracle/README.md "Interpreter
     * windows": never drawn 0; repositioned from y 100 to 150 on the same
     * cycle 9; set.priority(5) then release.priority 5; stop.update or
     * erase and moved: the old value the cycles after).  The other
     * profiles compute it from y at the call, as before. */
    uint8_t get_priority_stored;
} agi_vm_rules;

/* The row for a profile (by its name; a profile the table does not know
 * gets the 2.936 row, the interpreter's base). */
const agi_vm_rules *agi_vm_rules_for(const agi_profile *p);

/* What a community extension (libformats agi_ext.h, AGI_EXT_*) changes in
 * the runtime: one row per extension that changes any. */
typedef struct agi_vm_ext_rules {
    unsigned flag; /* AGI_EXT_* */
    /* The action opcode that loads picture v[operand] and draws it as a raw
     * 256-colour bitmap over the visual plane (0: none); its operand
     * bytes are the ones the opcode table gives that number. */
    uint8_t raw_picture_op;
    /* 1: a view whose header id is 0xF00F decodes as 256-colour cels
     * (agi_view_decode_agi256). */
    uint8_t wide_views;
    /* relic's glyphs for bytes 0x80-0xff of the game's code page, drawn in
     * every text of the screen, message windows included (NULL: the
     * font's own upper half, blank in a window). */
    const uint8_t *upper_glyphs;
} agi_vm_ext_rules;

/* The rules of a game's extensions merged into one (zero: no change). */
agi_vm_ext_rules agi_vm_ext_rules_for(unsigned extensions);

#endif
