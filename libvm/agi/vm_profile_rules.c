/* AGI interpreter profile variants (agi-spec version_profiles.md and
 * conformance_matrix.md "Profile variants"; object_behavior.md "Direction
 * and automatic loop selection", "Movement proposal and screen boundaries",
 * "Target motion", "Drawing order and refresh"; input_text_and_menus.md
 * "Parsed-word matching", "String slots", "Tracked key release", "Menu
 * interaction"; logic_bytecode.md action tables and "Version 3 extension
 * actions"): the rules where a profile selects an alternative, each keyed
 * by a named field of agi_profile, never by the profile's name. */
#include <string.h>
#include "logic_private.h"
#include "vm_private.h"

/* The loop the direction selects, or -1 for no change.  The two/three-loop
 * table is common; which views get the four-loop table is the variant. */
int agi_vm_loop_for_dir(const agi_vm *vm, unsigned loops, unsigned dir)
{
    static const int8_t small[9] = {-1, -1, 0, 0, 0, -1, 1, 1, 1}, big[9] = {-1, 3, 0, 0, 0, 2, 1, 1, 1};
    if (dir > 8)
        return -1;
    if (loops == 2 || loops == 3)
        return small[dir];
    if (loops == 4)
        return big[dir];
    if (loops < 4)
        return -1;
    switch (vm->rules->loop4) {
    case AGI_LOOP4_AT_LEAST: return big[dir];
    case AGI_LOOP4_F20: return agi_vm_flag(vm, AGI_F_LOOP4_BIG) ? big[dir] : -1;
    default: return -1;
    }
}

/* 2.411 and later select only when the cadence countdown is 1. */
int agi_vm_loop_select_due(const agi_vm *vm, const agi_vm_obj *o)
{
    return vm->rules->loop_select_every_pass || o->step_count == 1;
}

/* Closing text-window state (0xa9, show.pic): the window shown by the
 * last print goes; 3.002.102 also drops the input-width override. */
void agi_vm_close_window(agi_vm *vm)
{
    agi_vm_window_close(vm);
    if (vm->rules->window_close_clears_width)
        vm->input.input_width_override = 0;
}

/* Action 0x1a.  2.089/2.230/2.272 keep f15 and an open window. */
void agi_vm_show_pic(agi_vm *vm)
{
    memcpy(vm->show_vis, vm->pic_vis, AGI_PIC_CELLS);
    memcpy(vm->show_pri, vm->pic_pri, AGI_PIC_CELLS);
    vm->shown = 1;
    /* The picture rows of the screen are redrawn over any text there. */
    agi_vm_text_fill(vm, (unsigned)vm->txt.base_row, 0, (unsigned)vm->txt.base_row + 20, 39, 0xff);
    if (vm->rules->show_pic_keeps_window)
        return;
    vm->flags[AGI_F_WINDOW_NOWAIT] = 0;
    agi_vm_close_window(vm);
}

/* Action 0x45's stored value: 254 at most, or (2.089/2.230/2.272) the low
 * byte of the distance. */
uint8_t agi_vm_distance_value(const agi_vm *vm, int d)
{
    if (vm->rules->distance_wraps)
        return (uint8_t)d;
    return (uint8_t)(d > 254 ? 254 : d);
}

/* Actions 0x4d/0x4e in 2.089/2.230 (returns 0 for the common rule): 0x4d
 * clears direction only; 0x4e changes neither; both act on object 0's
 * coupling, and 0x4e forgets the remembered navigation event. */
int agi_vm_motion_clear_early(agi_vm *vm, agi_vm_obj *o, uint8_t op)
{
    if (!vm->rules->motion_clear_early)
        return 0;
    if (op == AGI_A_STOP_MOTION)
        o->dir = 0;
    if (o != &vm->obj[0])
        return 1;
    vm->vars[AGI_V_EGO_DIR] = 0;
    vm->player_control = op != AGI_A_STOP_MOTION;
    if (op == AGI_A_START_MOTION)
        vm->input.nav_event = 0;
    return 1;
}

/* Action 0x12: the Gold Rush build's immediate room aliases. */
unsigned agi_vm_room_alias(const agi_vm *vm, unsigned room)
{
    const agi_vm_rules *p = vm->rules;
    if (p->room_alias_to && room >= p->room_alias_first && room <= p->room_alias_last)
        return p->room_alias_to;
    return room;
}

/* 2.089's said(): the pattern count must equal the parser count, every
 * word is exact or 0x0001, and 0x270f has no tail meaning. */
int agi_vm_said_exact(agi_vm *vm, const uint8_t *words, unsigned count)
{
    if (!vm->flags[AGI_F_INPUT] || vm->input.parse_count == 0 || vm->flags[AGI_F_SAID] || count != vm->input.parse_count)
        return 0;
    for (unsigned i = 0; i < count; i++) {
        uint16_t w = (uint16_t)(words[2 * i] | words[2 * i + 1] << 8);
        if (i >= vm->input.parsed_n || (w != AGI_WORD_ANY && w != vm->input.parsed[i]))
            return 0;
    }
    vm->flags[AGI_F_SAID] = 1;
    return 1;
}

int agi_vm_string_slot(const agi_vm *vm, unsigned slot)
{
    return slot < vm->rules->string_slots && slot < sizeof vm->strings / sizeof vm->strings[0];
}

/* Profile-specific actions that have no common body: 2.272's menu stubs,
 * the input-width pair, close.window, and the release and menu gates.
 * Returns 1 when the action is done. */
int agi_vm_variant_action(agi_vm *vm, uint8_t op, const uint8_t *a)
{
    switch (op) {
    case AGI_A_SET_MENU: case AGI_A_SET_MENU_ITEM: case AGI_A_SUBMIT_MENU:
    case AGI_A_ENABLE_ITEM: case AGI_A_DISABLE_ITEM:
        return vm->rules->menu_parse_only; /* operands consumed, no menu built */
    case AGI_A_OPEN_DIALOGUE: /* the 36-character cap is where input is drawn */
        if (!vm->rules->input_width_noop)
            vm->input.input_width_override = 1;
        return 1;
    case AGI_A_CLOSE_DIALOGUE:
        if (!vm->rules->input_width_noop)
            vm->input.input_width_override = 0;
        return 1;
    case AGI_A_CLOSE_WINDOW:
        agi_vm_close_window(vm);
        vm->input.input_width_override = 0;
        return 1;
    case AGI_A_HOLD_KEY:
        vm->input.release_gate = vm->rules->hold_key_sets_one ? 1 : (uint8_t)(vm->input.release_gate + 1);
        return 1;
    case AGI_A_ALLOW_MENU: vm->menus.menu_gate = a[0]; return 1;
    case AGI_A_RELEASE_KEY: vm->input.release_gate = 0; return 1;
    default: return 0;
    }
}

/* session_and_persistence.md: the 3.002.102 (0x05e4) and Gold Rush
 * (0x0404) block-1 layouts end with the menu and release gates; 2.936 and
 * 3.002.086 saves do not hold them. */
int agi_vm_save_has_gates(const agi_profile *p)
{
    return p->save_b1_layout == AGI_SAVE_B1_GR || (p->save_b1_layout == AGI_SAVE_B1_V2 && p->save_block1 >= 0x05e4);
}
