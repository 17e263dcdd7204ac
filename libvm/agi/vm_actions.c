/* AGI actions (agi-spec logic_bytecode.md "Action opcodes" tables, with
 * object_behavior.md, input_text_and_menus.md and session_and_persistence.md
 * for the subsystems they drive): one switch over the 2.936 action range;
 * where another profile selects a variant the case calls a helper here
 * that reads the rule from vm->rules (vm_rules.h), never a profile name.
 * Actions agi_vm_gaps lists consume their operands and change no state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/agi_ext.h"
#include "logic_private.h"
#include "vm_private.h"

/* Message substitutions: %vN (with |W width ignored), %sN, %mN, %wN, %gN,
 * %oN.  A '%' before any other character drops both (AGI 2.936: groza's
 * room 5 window shows "urt%' \xbd..." as "urt \xbd...", the word after it
 * kept on the line); a '%' ending the message is dropped.  A backslash
 * is not shown and makes the next character plain: groza's "74\%$ ..."
 * (text mode, row 23) is the 9-character word "74%$". */
static void agi_vm_expand(agi_vm *vm, unsigned logic, const char *src, char *out, size_t outsz, int depth)
{
    size_t o = 0;
    while (*src && o + 1 < outsz) {
        if (*src == '\\' && src[1]) { /* the next character as it is */
            out[o++] = src[1];
            src += 2;
            continue;
        }
        if (*src == '%' && (!src[1] || !strchr("vsmwgo", src[1]))) {
            src += src[1] ? 2 : 1;
            continue;
        }
        if (*src != '%' || src[2] < '0' || src[2] > '9') {
            out[o++] = *src++;
            continue;
        }
        char kind = src[1];
        char *end;
        unsigned long n = strtoul(src + 2, &end, 10);
        src = end;
        /* %vN|W: the number in W digits, zero-padded (AGI 2.936,
         * demoquest's clock " %v13:%v12|2:%v11|2 " shows "0:01:26"); a
         * longer number keeps its last W digits, as ScummVM reads it (not
         * measured). */
        unsigned width = 0;
        if (kind == 'v' && *src == '|')
            for (src++; *src >= '0' && *src <= '9'; src++)
                width = width < 100 ? width * 10 + (unsigned)(*src - '0') : width;
        char tmp[200] = "";
        const char *t = tmp;
        if (kind == 'v' && width) {
            int len = snprintf(tmp, sizeof tmp, "%0*u", (int)(width < 15 ? width : 15), vm->vars[n & 0xff]);
            t = tmp + (len > (int)width ? len - (int)width : 0);
        } else if (kind == 'v')
            snprintf(tmp, sizeof tmp, "%u", vm->vars[n & 0xff]);
        else if (kind == 's' && agi_vm_string_slot(vm, (unsigned)n))
            snprintf(tmp, sizeof tmp, "%.40s", vm->strings[n]);
        else if (kind == 'w' && n >= 1 && n <= vm->input.parse_count && n <= 10)
            t = vm->input.parsed_text[n - 1];
        else if ((kind == 'm' || kind == 'g') && depth < 2) {
            const char *m = agi_vm_message(vm, kind == 'g' ? 0 : logic, (unsigned)n);
            if (m)
                agi_vm_expand(vm, logic, m, tmp, sizeof tmp, depth + 1);
        } else if (kind == 'o' && n < vm->item_count)
            t = vm->objects_meta.items[n].name ? vm->objects_meta.items[n].name : "";
        while (*t && o + 1 < outsz)
            out[o++] = *t++;
    }
    out[o] = 0;
}

/* print / print.at: a modal window; print.at's row, column and width
 * override the centred placement for this message only (width 0: 30).
 * With v21 set the window closes by itself after v21 half-seconds unless
 * a key closes it first (AGI 2.936 under DOSBox, probes Q and R of
 * tests/corpus/agi_oracle/README.md: v21 20 closed after 9-11 s, v21 6
 * within 3 s), and v21 is read once: back to 0 (ScummVM's
 * engines/agi/text.cpp messageBox reads VM_VAR_WINDOW_AUTO_CLOSE_TIMER
 * the same way). */
static void agi_vm_print(agi_vm *vm, unsigned logic, unsigned n, int row, int col, int width)
{
    const char *m = agi_vm_message(vm, logic, n);
    char text[600];
    agi_vm_expand(vm, logic, m ? m : "", text, sizeof text, 0);
    agi_vm_log(vm, "print", text);
    agi_vm_modal_message(vm, text, row, col, width);
    if (vm->modal.kind == AGI_MODAL_MESSAGE && vm->vars[AGI_V_MSG_TIMER])
        vm->modal.timer = vm->vars[AGI_V_MSG_TIMER] * 10u;
    vm->vars[AGI_V_MSG_TIMER] = 0;
}

/* display: text cells in the current attribute.  AGI 2.936 formats the
 * message as a 40-wide window (agi_vm_text_wrap; the start column is not
 * counted) and writes each line from the cursor: a character written in
 * column 39 moves the cursor to column 0 of the next row, and every line
 * then ends with a newline, so a 40-character line (or one started right
 * of column 0 that passes column 39) leaves its rest, or an empty row,
 * below it.  A carriage return (0x0d) counts as a character for the wrap
 * but, written, moves to column 0 of the next row.  Measured on groza's
 * title text (display(5, 1, m2) of 929 bytes under DOSBox): rows of
 * 40 + 1 + 36 + 10 ... characters, a row ending at a 0x0d.  Past the
 * last row the cursor stays on row 24: each further line is written over
 * it from column 0 (a probe, in text and graphics mode: "D4444444444",
 * "E55", "F6" from row 24 leave "F6544444444"; the screen does not
 * scroll), so row 24 shows the end of a long run of text.  A backspace
 * (0x08), counted by the wrap, clears the cell left of the cursor and
 * moves there ("abcd" and six 0x08 then "XY" leave "XY"; at column 0 the
 * cursor stays); 0x07, 0x09, 0x0b, 0x0c and 0x1b are glyphs (probes). */
static void agi_vm_display_put(agi_vm *vm, unsigned *row, unsigned *col, const char *line, uint8_t attr, int blank)
{
    for (const char *p = line; *p; p++) {
        if (*p == '\r') { /* counted by the wrap, a new row when written */
            *row = *row < 24 ? *row + 1 : 24;
            *col = 0;
            continue;
        }
        if (*p == '\b') { /* back one column, clearing it; none at column 0 */
            if (*col > 0 && *col <= 40 && *row < 25) {
                --*col;
                agi_vm_text_put(vm, *row, *col, ' ', attr);
            }
            continue;
        }
        agi_vm_text_put(vm, *row, *col, blank ? ' ' : *p, attr);
        if (++*col >= 40) {
            *row = *row < 24 ? *row + 1 : 24;
            *col = 0;
        }
    }
    *row = *row < 24 ? *row + 1 : 24;
    *col = 0;
}

static void agi_vm_display(agi_vm *vm, unsigned logic, unsigned row, unsigned col, unsigned n)
{
    const char *m = agi_vm_message(vm, logic, n);
    static const size_t text_cap = 4096; /* relic's bound on an expanded message */
    char *text = malloc(text_cap);
    if (!text)
        return;
    agi_vm_expand(vm, logic, m ? m : "", text, text_cap, 0);
    uint8_t attr = agi_vm_text_attr(vm, vm->txt.text_fg, vm->txt.text_bg);
    int blank = (attr & 15) == attr >> 4; /* one colour: the glyph does not show */
    char none[1][41];
    unsigned widest;
    unsigned count = agi_vm_text_wrap(text, 40, none, 0, &widest);
    char(*lines)[41] = count ? malloc(count * sizeof *lines) : NULL;
    if (lines) {
        agi_vm_text_wrap(text, 40, lines, count, &widest);
        for (unsigned i = 0; i < count && row < 25; i++)
            agi_vm_display_put(vm, &row, &col, lines[i], attr, blank);
    }
    agi_vm_log(vm, "display", text);
    free(lines);
    free(text);
}

/* clear.lines / clear.text.rect: the cells take the colour as their
 * background (input_text_and_menus.md "Text geometry and surfaces"); in
 * graphics mode AGI 2.936 draws any colour but black as white (measured:
 * colours 4 and 15 both clear to white); in its text mode every colour
 * clears to black (a probe: 1, 4 and 14). */
static void agi_vm_clear_text(agi_vm *vm, unsigned top, unsigned left, unsigned bottom, unsigned right, uint8_t colour)
{
    colour &= 15;
    if (vm->txt.text_mode)
        colour = 0;
    else if (colour)
        colour = 15;
    agi_vm_text_fill(vm, top, left, bottom, right, (uint8_t)(colour << 4));
}

/* Action 0x45's stored value: 254 at most, or (2.089/2.230/2.272) the low
 * byte of the distance. */
static uint8_t agi_vm_distance_value(const agi_vm *vm, int d)
{
    if (vm->rules->distance_wraps)
        return (uint8_t)d;
    return (uint8_t)(d > 254 ? 254 : d);
}

static uint8_t agi_vm_obj_distance(const agi_vm *vm, unsigned a, unsigned b)
{
    const agi_vm_obj *p = &vm->obj[a & 0xff], *q = &vm->obj[b & 0xff];
    if (!p->drawn || !q->drawn)
        return 255;
    int d = abs((p->x + p->width / 2) - (q->x + q->width / 2)) + abs(p->y - q->y);
    return agi_vm_distance_value(vm, d);
}

/* Copies at most size - 1 bytes and terminates (the slots are 40 bytes). */
static void agi_vm_strcpy(char *dst, size_t size, const char *src)
{
    size_t n = strnlen(src, size - 1);
    memmove(dst, src, n);
    dst[n] = 0;
}

static void agi_vm_copy_msg(agi_vm *vm, unsigned logic, unsigned slot, unsigned n)
{
    if (!agi_vm_string_slot(vm, slot))
        return;
    const char *m = agi_vm_message(vm, logic, n);
    agi_vm_strcpy(vm->strings[slot], sizeof vm->strings[0], m ? m : "");
}

static void agi_vm_menu_add(agi_vm *vm, unsigned logic, unsigned n, int heading, unsigned status)
{
    const char *m = agi_vm_message(vm, logic, n);
    if (vm->menus.menu_done)
        return;
    if (heading) {
        if (vm->menus.heading_n < 16)
            snprintf(vm->menus.menu_heading[vm->menus.heading_n++], sizeof vm->menus.menu_heading[0], "%s", m ? m : "");
        return;
    }
    if (vm->menus.menu_n >= AGI_VM_MAX_MENU || vm->menus.heading_n == 0)
        return;
    agi_vm_menu_item *it = &vm->menus.menu[vm->menus.menu_n++];
    snprintf(it->text, sizeof it->text, "%s", m ? m : "");
    it->status = (uint8_t)status;
    it->enabled = 1;
    it->heading = (uint8_t)(vm->menus.heading_n - 1);
}

static void agi_vm_menu_enable(agi_vm *vm, unsigned status, int on)
{
    for (unsigned i = 0; i < vm->menus.menu_n; i++)
        if (vm->menus.menu[i].status == status)
            vm->menus.menu[i].enabled = (uint8_t)on;
}

/* restart.game: the prompt unless f16 skips it (never in 2.411). */
static void agi_vm_restart(agi_vm *vm)
{
    agi_vm_stop_sound(vm);
    if (vm->flags[AGI_F_RESTART_NOASK] && !vm->rules->restart_always_prompts)
        vm->hooks.restart(vm);
    else
        agi_vm_modal_confirm(vm, AGI_CONFIRM_RESTART);
}

/* quit: selector 1 (and the zero-operand early form) exits at once. */
static void agi_vm_quit(agi_vm *vm, unsigned selector)
{
    if (vm->profile->quit_no_operand || selector == 1)
        agi_vm_quit_now(vm);
    else
        agi_vm_modal_confirm(vm, AGI_CONFIRM_QUIT);
}

static void agi_vm_call(agi_vm *vm, unsigned n)
{
    if (vm->exec.depth >= AGI_VM_MAX_DEPTH) {
        agi_vm_fail(vm, "logic calls nested deeper than %d", AGI_VM_MAX_DEPTH);
        return;
    }
    if (agi_vm_load_logic(vm, n, 0))
        return;
    vm->exec.stack[vm->exec.depth].logic = (uint8_t)n;
    vm->exec.stack[vm->exec.depth].pc = vm->res.logic[n]->scan_start;
    vm->exec.depth++;
}

/* Action 0x1a.  2.089/2.230/2.272 keep f15 and an open window. */
static void agi_vm_show_pic(agi_vm *vm)
{
    memcpy(vm->show_vis, vm->pic_vis, AGI_PIC_CELLS);
    memcpy(vm->show_pri, vm->pic_pri, AGI_PIC_CELLS);
    vm->frame_kept = 0;
    vm->shown = 1;
    vm->pic_row = vm->txt.base_row; /* a configure.screen after this moves nothing drawn */
    vm->scr_split = 0;
    vm->scr_live = 1;
    /* The picture rows of the screen are redrawn over any text there. */
    agi_vm_text_fill(vm, (unsigned)vm->txt.base_row, 0, (unsigned)vm->txt.base_row + 20, 39, 0xff);
    if (vm->rules->show_pic_keeps_window)
        return;
    vm->flags[AGI_F_WINDOW_NOWAIT] = 0;
    agi_vm_close_window(vm);
}

/* Actions 0x4d/0x4e in 2.089/2.230 (returns 0 for the common rule): 0x4d
 * clears direction only; 0x4e changes neither; both act on object 0's
 * coupling, and 0x4e forgets the remembered navigation event. */
static int agi_vm_motion_clear_early(agi_vm *vm, agi_vm_obj *o, uint8_t op)
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
static unsigned agi_vm_room_alias(const agi_vm *vm, unsigned room)
{
    const agi_vm_rules *p = vm->rules;
    if (p->room_alias_to && room >= p->room_alias_first && room <= p->room_alias_last)
        return p->room_alias_to;
    return room;
}

/* Profile-specific actions that have no common body: 2.272's menu stubs,
 * the input-width pair, close.window, and the release and menu gates.
 * Returns 1 when the action is done. */
static int agi_vm_variant_action(agi_vm *vm, uint8_t op, const uint8_t *a)
{
    if (op && op == vm->raw_picture_op) {
        agi_vm_draw_raw_pic(vm, vm->vars[a[0]]);
        return 1;
    }
    switch (op) {
    case AGI_A_SET_MENU:
    case AGI_A_SET_MENU_ITEM:
    case AGI_A_SUBMIT_MENU:
    case AGI_A_ENABLE_ITEM:
    case AGI_A_DISABLE_ITEM: return vm->rules->menu_parse_only; /* operands consumed, no menu built */
    case AGI_A_OPEN_DIALOGUE:                                   /* the 36-character cap is where input is drawn */
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
static void agi_vm_obj_action(agi_vm *vm, uint8_t op, const uint8_t *a)
{
    uint8_t *v = vm->vars;
    agi_vm_obj *o = &vm->obj[a[0]];
    switch (op) {
    case AGI_A_SET_VIEW:
    case AGI_A_SET_VIEW_V:
    case AGI_A_SET_LOOP:
    case AGI_A_SET_LOOP_V:
    case AGI_A_SET_CEL:
    case AGI_A_SET_CEL_V:
    case AGI_A_REPOSITION:
    case AGI_A_REPOSITION_TO:
    case AGI_A_REPOSITION_TO_V: agi_vm_obj_stale(vm, o); break;
    default: break;
    }
    switch (op) {
    case AGI_A_ANIMATE_OBJ: agi_vm_obj_animate(o); break;
    case AGI_A_DRAW: agi_vm_obj_draw(vm, o); break;
    case AGI_A_ERASE: agi_vm_obj_erase(vm, o); break;
    /* 2.089 erases the drawn object between setting the position and the
     * snapshot; frames are composed from object state on demand, so no
     * rendered copy is retained and every profile ends in this state. */
    case AGI_A_POSITION: agi_vm_obj_position(vm, o, a[1], a[2]); break;
    case AGI_A_POSITION_V: agi_vm_obj_position(vm, o, v[a[1]], v[a[2]]); break;
    case AGI_A_GET_POSN:
        v[a[1]] = (uint8_t)o->x;
        v[a[2]] = (uint8_t)o->y;
        break;
    case AGI_A_REPOSITION: {
        int x = o->x + (int8_t)v[a[1]], y = o->y + (int8_t)v[a[2]];
        o->x = x < 0 ? 0 : x;
        o->y = y < 0 ? 0 : y;
        o->repositioned = 1;
        agi_vm_place(vm, o);
        break;
    }
    case AGI_A_REPOSITION_TO:
    case AGI_A_REPOSITION_TO_V:
        o->x = op == AGI_A_REPOSITION_TO ? a[1] : v[a[1]];
        o->y = op == AGI_A_REPOSITION_TO ? a[2] : v[a[2]];
        o->repositioned = 1;
        agi_vm_place(vm, o);
        break;
    case AGI_A_SET_VIEW: agi_vm_set_view(vm, o, a[1]); break;
    case AGI_A_SET_VIEW_V: agi_vm_set_view(vm, o, v[a[1]]); break;
    case AGI_A_SET_LOOP: agi_vm_set_loop(vm, o, a[1]); break;
    case AGI_A_SET_LOOP_V: agi_vm_set_loop(vm, o, v[a[1]]); break;
    case AGI_A_FIX_LOOP: o->fix_loop = 1; break;
    case AGI_A_RELEASE_LOOP: o->fix_loop = 0; break;
    case AGI_A_SET_CEL: agi_vm_set_cel(vm, o, a[1]); break;
    case AGI_A_SET_CEL_V: agi_vm_set_cel(vm, o, v[a[1]]); break;
    case AGI_A_LAST_CEL: {
        const agi_view *vw = o->has_view ? vm->res.view[o->view] : NULL;
        v[a[1]] = vw && o->loop < vw->loop_count ? (uint8_t)(vw->loops[vw->loop[o->loop]].cel_count - 1) : 0;
        break;
    }
    case AGI_A_CURRENT_CEL: v[a[1]] = o->cel; break;
    case AGI_A_CURRENT_LOOP: v[a[1]] = o->loop; break;
    case AGI_A_CURRENT_VIEW: v[a[1]] = o->view; break;
    case AGI_A_NUMBER_OF_LOOPS:
        v[a[1]] = o->has_view && vm->res.view[o->view] ? (uint8_t)vm->res.view[o->view]->loop_count : 0;
        break;
    case AGI_A_SET_PRIORITY:
        o->fix_pri = 1;
        o->pri_read = o->priority = a[1];
        break;
    case AGI_A_SET_PRIORITY_V:
        o->fix_pri = 1;
        o->pri_read = o->priority = v[a[1]];
        break;
    case AGI_A_RELEASE_PRIORITY: o->fix_pri = 0; break;
    case AGI_A_GET_PRIORITY:
        v[a[1]] = vm->rules->get_priority_stored ? o->pri_read & 0x0f : agi_vm_obj_priority(vm, o);
        break;
    case AGI_A_STOP_UPDATE:
        if (o->drawn)
            o->updating = 0;
        break;
    case AGI_A_START_UPDATE:
        if (o->drawn)
            o->updating = 1;
        break;
    case AGI_A_FORCE_UPDATE: agi_vm_obj_force_update(vm); break;
    case AGI_A_IGNORE_HORIZON: o->no_horizon = 1; break;
    case AGI_A_OBSERVE_HORIZON: o->no_horizon = 0; break;
    case AGI_A_OBJECT_ON_WATER: o->on_water = 1; break;
    case AGI_A_OBJECT_ON_LAND: o->on_land = 1; break;
    case AGI_A_OBJECT_ON_ANYTHING: o->on_water = o->on_land = 0; break;
    case AGI_A_IGNORE_OBJS: o->no_objs = 1; break;
    case AGI_A_OBSERVE_OBJS: o->no_objs = 0; break;
    case AGI_A_DISTANCE: v[a[2]] = agi_vm_obj_distance(vm, a[0], a[1]); break;
    case AGI_A_STOP_CYCLING: o->cycling = 0; break;
    case AGI_A_START_CYCLING: o->cycling = 1; break;
    case AGI_A_NORMAL_CYCLE:
        o->cycle_mode = AGI_CYCLE_NORMAL;
        o->cycling = 1;
        break;
    case AGI_A_REVERSE_CYCLE:
        o->cycle_mode = AGI_CYCLE_REVERSE;
        o->cycling = 1;
        break;
    case AGI_A_END_OF_LOOP:
    case AGI_A_REVERSE_LOOP:
        o->cycle_mode = op == AGI_A_END_OF_LOOP ? AGI_CYCLE_END : AGI_CYCLE_REVERSE_END;
        o->end_flag = a[1];
        vm->flags[a[1]] = 0;
        o->cycling = 1;
        o->end_delay = 1;
        break;
    case AGI_A_CYCLE_TIME: o->cycle_time = o->cycle_count = v[a[1]]; break;
    case AGI_A_STOP_MOTION:
        if (agi_vm_motion_clear_early(vm, o, op))
            break;
        o->dir = 0;
        o->motion = AGI_MOTION_NORMAL;
        if (o == &vm->obj[0]) {
            v[6] = 0;
            vm->player_control = 0;
        }
        break;
    case AGI_A_START_MOTION:
        if (agi_vm_motion_clear_early(vm, o, op))
            break;
        o->motion = AGI_MOTION_NORMAL;
        if (o == &vm->obj[0]) {
            v[6] = 0;
            vm->player_control = 1;
        }
        break;
    case AGI_A_STEP_SIZE: o->step = v[a[1]]; break;
    case AGI_A_STEP_TIME: o->step_time = o->step_count = v[a[1]]; break;
    case AGI_A_MOVE_OBJ: agi_vm_move_to(vm, o, a[1], a[2], a[3], a[4]); break;
    case AGI_A_MOVE_OBJ_V: agi_vm_move_to(vm, o, v[a[1]], v[a[2]], v[a[3]], a[4]); break;
    case AGI_A_FOLLOW_EGO:
        o->motion = AGI_MOTION_FOLLOW;
        o->move_step = a[1] > o->step ? a[1] : o->step;
        o->move_flag = a[2];
        vm->flags[a[2]] = 0;
        o->follow_retry = 255;
        o->updating = 1;
        break;
    case AGI_A_WANDER:
        o->motion = AGI_MOTION_WANDER;
        o->wander_count = 0;
        o->updating = 1;
        if (o == &vm->obj[0]) {
            v[6] = 0;
            vm->player_control = 0;
        }
        break;
    case AGI_A_NORMAL_MOTION: o->motion = AGI_MOTION_NORMAL; break;
    case AGI_A_SET_DIR:
        o->dir = v[a[1]] > 8 ? 0 : v[a[1]];
        if (o == &vm->obj[0])
            v[6] = o->dir;
        break;
    case AGI_A_GET_DIR: v[a[1]] = o->dir; break;
    case AGI_A_IGNORE_BLOCKS: o->no_blocks = 1; break;
    case AGI_A_OBSERVE_BLOCKS: o->no_blocks = 0; break;
    default: break;
    }
}

/* shake.screen: in a game with a palette extension (AGIPAL), operands in
 * the extension row's range load pal.<operand> instead of shaking
 * (ScummVM engines/agi/op_cmd.cpp cmdShakeScreen); a missing or short
 * file keeps the palette, as ScummVM's setAGIPal does. */
static void agi_vm_shake_screen(agi_vm *vm, uint8_t operand)
{
    if (!vm->game || !vm->game->files || !agi_extension_for_shake(vm->extensions, operand))
        return;
    uint8_t rgb[16 * 3];
    relic_err err;
    relic_err_clear(&err);
    if (agi_agipal_load(vm->game->files, operand, rgb, NULL, &err) == RELIC_OK) {
        memcpy(vm->palette, rgb, sizeof rgb);
        vm->agipal_file = operand;
    }
}

void agi_vm_action(agi_vm *vm, uint8_t op, const uint8_t *a, unsigned logic)
{
    uint8_t *v = vm->vars;
    if (agi_vm_variant_action(vm, op, a))
        return;
    /* reposition.to and reposition.to.v sit outside the block of object
     * actions (0x93, 0x94) */
    if ((op >= AGI_A_ANIMATE_OBJ && op <= AGI_A_OBSERVE_BLOCKS && op != AGI_A_UNANIMATE_ALL &&
         op != AGI_A_SET_HORIZON) ||
        op == AGI_A_REPOSITION_TO || op == AGI_A_REPOSITION_TO_V) {
        agi_vm_obj_action(vm, op, a);
        return;
    }
    switch (op) {
    case AGI_A_SHAKE_SCREEN: agi_vm_shake_screen(vm, a[0]); break;
    case AGI_A_INCREMENT:
        if (v[a[0]] < 255)
            v[a[0]]++;
        break;
    case AGI_A_DECREMENT:
        if (v[a[0]] > 0)
            v[a[0]]--;
        break;
    case AGI_A_ASSIGNN: v[a[0]] = a[1]; break;
    case AGI_A_ASSIGNV: v[a[0]] = v[a[1]]; break;
    case AGI_A_ADDN: v[a[0]] = (uint8_t)(v[a[0]] + a[1]); break;
    case AGI_A_ADDV: v[a[0]] = (uint8_t)(v[a[0]] + v[a[1]]); break;
    case AGI_A_SUBN: v[a[0]] = (uint8_t)(v[a[0]] - a[1]); break;
    case AGI_A_SUBV: v[a[0]] = (uint8_t)(v[a[0]] - v[a[1]]); break;
    case AGI_A_LINDIRECTV: v[v[a[0]]] = v[a[1]]; break;
    case AGI_A_RINDIRECT: v[a[0]] = v[v[a[1]]]; break;
    case AGI_A_LINDIRECTN: v[v[a[0]]] = a[1]; break;
    case AGI_A_SET: vm->flags[a[0]] = 1; break;
    case AGI_A_RESET: vm->flags[a[0]] = 0; break;
    case AGI_A_TOGGLE: vm->flags[a[0]] ^= 1; break;
    case AGI_A_SET_V: vm->flags[v[a[0]]] = 1; break;
    case AGI_A_RESET_V: vm->flags[v[a[0]]] = 0; break;
    case AGI_A_TOGGLE_V: vm->flags[v[a[0]]] ^= 1; break;
    case AGI_A_NEW_ROOM: agi_vm_switch_room(vm, agi_vm_room_alias(vm, a[0])); break;
    case AGI_A_NEW_ROOM_V: agi_vm_switch_room(vm, v[a[0]]); break;
    case AGI_A_LOAD_LOGICS: agi_vm_load_logic(vm, a[0], 1); break;
    case AGI_A_LOAD_LOGICS_V: agi_vm_load_logic(vm, v[a[0]], 1); break;
    case AGI_A_CALL: agi_vm_call(vm, a[0]); break;
    case AGI_A_CALL_V: agi_vm_call(vm, v[a[0]]); break;
    case AGI_A_LOAD_PIC: agi_vm_load_pic(vm, v[a[0]], 1); break;
    case AGI_A_DRAW_PIC:
        if (agi_vm_draw_pic(vm, v[a[0]], 0) == RELIC_OK)
            agi_vm_record(vm, AGI_REPLAY_DRAW_PICTURE, v[a[0]]);
        break;
    case AGI_A_OVERLAY_PIC:
        if (agi_vm_draw_pic(vm, v[a[0]], 1) == RELIC_OK)
            agi_vm_record(vm, AGI_REPLAY_OVERLAY_PICTURE, v[a[0]]);
        break;
    case AGI_A_SHOW_PIC: agi_vm_show_pic(vm); break;
    case AGI_A_DISCARD_PIC:
        agi_vm_discard_pic(vm, v[a[0]]);
        agi_vm_record(vm, AGI_REPLAY_DISCARD_PICTURE, v[a[0]]);
        break;
    case AGI_A_LOAD_VIEW: agi_vm_load_view(vm, a[0], 1); break;
    case AGI_A_LOAD_VIEW_V: agi_vm_load_view(vm, v[a[0]], 1); break;
    case AGI_A_DISCARD_VIEW:
    case AGI_A_DISCARD_VIEW_V: {
        unsigned n = op == AGI_A_DISCARD_VIEW ? a[0] : v[a[0]];
        agi_vm_discard_view(vm, n);
        agi_vm_record(vm, AGI_REPLAY_DISCARD_VIEW, (uint8_t)n);
        break;
    }
    case AGI_A_UNANIMATE_ALL:
        for (unsigned i = 0; i < AGI_VM_OBJECTS; i++)
            vm->obj[i].drawn = vm->obj[i].animated = 0;
        break;
    case AGI_A_SET_HORIZON: vm->horizon = a[0]; break;
    case AGI_A_BLOCK:
        vm->block = 1;
        vm->block_x1 = a[0], vm->block_y1 = a[1], vm->block_x2 = a[2], vm->block_y2 = a[3];
        break;
    case AGI_A_UNBLOCK: vm->block = 0; break;
    case AGI_A_GET:
        if (a[0] < vm->item_count)
            vm->items[a[0]] = 0xff;
        break;
    case AGI_A_GET_V:
        if (v[a[0]] < vm->item_count)
            vm->items[v[a[0]]] = 0xff;
        break;
    case AGI_A_DROP:
        if (a[0] < vm->item_count)
            vm->items[a[0]] = 0;
        break;
    case AGI_A_PUT:
        if (a[0] < vm->item_count)
            vm->items[a[0]] = v[a[1]];
        break;
    case AGI_A_PUT_V:
        if (v[a[0]] < vm->item_count)
            vm->items[v[a[0]]] = v[a[1]];
        break;
    case AGI_A_GET_ROOM_V: v[a[1]] = v[a[0]] < vm->item_count ? vm->items[v[a[0]]] : 0; break;
    case AGI_A_LOAD_SOUND: agi_vm_load_sound(vm, a[0], 1); break;
    case AGI_A_SOUND: agi_vm_start_sound(vm, a[0], a[1]); break;
    case AGI_A_STOP_SOUND: agi_vm_stop_sound(vm); break;
    case AGI_A_PRINT: agi_vm_print(vm, logic, a[0], -1, -1, 0); break;
    case AGI_A_PRINT_V: agi_vm_print(vm, logic, v[a[0]], -1, -1, 0); break;
    case AGI_A_PRINT_AT: agi_vm_print(vm, logic, a[0], a[1], a[2], a[3]); break;
    case AGI_A_PRINT_AT_V: agi_vm_print(vm, logic, v[a[0]], a[1], a[2], a[3]); break;
    case AGI_A_DISPLAY: agi_vm_display(vm, logic, a[0], a[1], a[2]); break;
    case AGI_A_DISPLAY_V: agi_vm_display(vm, logic, v[a[0]], v[a[1]], v[a[2]]); break;
    case AGI_A_CLEAR_LINES: agi_vm_clear_text(vm, a[0], 0, a[1], 39, a[2]); break;
    case AGI_A_CLEAR_TEXT_RECT: agi_vm_clear_text(vm, a[0], a[1], a[2], a[3], a[4]); break;
    case AGI_A_TEXT_SCREEN: /* the whole surface in the text attribute */
        vm->txt.text_mode = 1;
        agi_vm_text_fill(vm, 0, 0, 24, 39, agi_vm_text_attr(vm, vm->txt.text_fg, vm->txt.text_bg));
        vm->input.echo_home = 1;
        break;
    case AGI_A_GRAPHICS: agi_vm_graphics_again(vm); break;
    case AGI_A_SET_CURSOR_CHAR: {
        const char *m = agi_vm_message(vm, logic, a[0]);
        vm->txt.prompt_char = m ? m[0] : 0;
        break;
    }
    case AGI_A_SET_TEXT_ATTRIBUTE:
        vm->txt.text_fg = a[0];
        vm->txt.text_bg = a[1];
        vm->txt.text_bg_white = !vm->txt.text_mode && a[1];
        break;
    case AGI_A_CONFIGURE_SCREEN:
        vm->txt.base_row = a[0];
        vm->txt.input_row = a[1];
        vm->txt.status_row = a[2];
        break;
    case AGI_A_STATUS_LINE_ON:
        vm->txt.status_enabled = 1;
        agi_vm_status_draw(vm);
        break;
    case AGI_A_STATUS_LINE_OFF: /* the row cleared to black */
        vm->txt.status_enabled = 0;
        if (vm->txt.status_row < 25)
            agi_vm_text_fill(vm, (unsigned)vm->txt.status_row, 0, (unsigned)vm->txt.status_row, 39, 0);
        break;
    case AGI_A_SET_STRING: agi_vm_copy_msg(vm, logic, a[0], a[1]); break;
    case AGI_A_GET_STRING:
        if (agi_vm_string_slot(vm, a[0])) {
            const char *m = agi_vm_message(vm, logic, a[1]);
            agi_vm_modal_edit(vm, a[0], 0, a[4] + 1u < 40 ? a[4] + 1u : 40, m, a[2], a[3]);
        }
        break;
    case AGI_A_WORD_TO_STRING:
        if (agi_vm_string_slot(vm, a[0]) && a[1] < vm->input.parsed_n)
            agi_vm_strcpy(vm->strings[a[0]], sizeof vm->strings[0], vm->input.parsed_text[a[1]]);
        break;
    case AGI_A_PARSE:
        if (agi_vm_string_slot(vm, a[0])) {
            char tmp[41];
            snprintf(tmp, sizeof tmp, "%.40s", vm->strings[a[0]]);
            agi_vm_parse(vm, tmp);
        }
        break;
    case AGI_A_GET_NUM: agi_vm_modal_edit(vm, a[1], 1, 4, agi_vm_message(vm, logic, a[0]), -1, 0); break;
    case AGI_A_PREVENT_INPUT: agi_vm_input_prevent(vm); break;
    case AGI_A_ACCEPT_INPUT:
        vm->input.input_enabled = 1;
        agi_vm_input_redraw(vm);
        break;
    case AGI_A_SET_KEY: {
        uint16_t key = (uint16_t)(a[0] | a[1] << 8);
        if (vm->input.keymap_n < vm->profile->key_map_entries && vm->input.keymap_n < 49) {
            vm->input.keymap[vm->input.keymap_n].key = key;
            vm->input.keymap[vm->input.keymap_n++].status = a[2];
        }
        break;
    }
    case AGI_A_ADD_TO_PIC: agi_vm_add_to_pic(vm, a[0], a[1], a[2], a[3], a[4], a[5] | (a[6] << 4), 1); break;
    case AGI_A_ADD_TO_PIC_V:
        agi_vm_add_to_pic(vm, v[a[0]], v[a[1]], v[a[2]], v[a[3]], v[a[4]], v[a[5]] | (v[a[6]] << 4), 1);
        break;
    case AGI_A_STATUS: agi_vm_modal_inventory(vm); break;
    case AGI_A_RESTART_GAME: agi_vm_restart(vm); break;
    case AGI_A_RANDOM: {
        unsigned lo = a[0], hi = a[1];
        v[a[2]] = hi < lo ? (uint8_t)lo : (uint8_t)(lo + agi_vm_random(vm) % (hi - lo + 1));
        break;
    }
    case AGI_A_PROGRAM_CONTROL: vm->player_control = 0; break;
    case AGI_A_PLAYER_CONTROL:
        vm->player_control = 1;
        vm->obj[0].motion = AGI_MOTION_NORMAL;
        break;
    case AGI_A_QUIT: agi_vm_quit(vm, a[0]); break;
    case AGI_A_PAUSE:
        agi_vm_stop_sound(vm);
        agi_vm_modal_message(vm, "      Game paused.\nPress Enter to continue.", -1, -1, 0);
        break;
    case AGI_A_SAVE_GAME: agi_vm_modal_selector(vm, 0); break;
    case AGI_A_SHOW_OBJ: agi_vm_modal_show_obj(vm, a[0]); break;
    case AGI_A_SHOW_OBJ_V: agi_vm_modal_show_obj(vm, vm->vars[a[0]]); break;
    case AGI_A_RESTORE_GAME: agi_vm_modal_selector(vm, 1); break;
    case AGI_A_SET_SIMPLE:
        if (agi_vm_string_slot(vm, a[0]))
            agi_vm_strcpy(vm->strings[a[0]], 32, vm->saves.save_desc);
        break;
    case AGI_A_OBJ_STATUS_V: { /* obj.status.v: the object's numbers, modally */
        const agi_vm_obj *o = &vm->obj[v[a[0]]];
        char t[160];
        snprintf(t, sizeof t, "Object %u:\nx: %d  xsize: %u\ny: %d  ysize: %u\npri: %u\nstepsize: %u", v[a[0]], o->x,
                 o->width, o->y, o->height, agi_vm_obj_priority(vm, o), o->step);
        agi_vm_modal_message(vm, t, -1, -1, 0);
        break;
    }
    case AGI_A_ECHO_LINE: agi_vm_input_echo_line(vm); break;
    case AGI_A_CANCEL_LINE:
        vm->input.input_line[0] = 0;
        vm->input.input_len = 0;
        agi_vm_input_redraw(vm);
        break;
    case AGI_A_VERSION: {
        /* AGI 2.936's text (AGIDATA.OVL; probe Q under DOSBox), the
         * profile's number in it */
        char t[80];
        snprintf(t, sizeof t, "Adventure Game Interpreter\n      Version %s", vm->profile->name);
        agi_vm_modal_message(vm, t, -1, -1, 0);
        break;
    }
    case AGI_A_SCRIPT_SIZE:
        free(vm->replay.pairs);
        vm->replay.pairs = calloc(a[0] ? a[0] : 1, 2);
        vm->replay.cap = vm->replay.pairs ? a[0] : 0;
        vm->replay.count = vm->replay.checkpoint = 0;
        break;
    case AGI_A_SET_GAME_ID: {
        const char *m = agi_vm_message(vm, logic, a[0]);
        snprintf(vm->signature, sizeof vm->signature, "%.7s", m ? m : "");
        break;
    }
    case AGI_A_SET_SCAN_START:
        vm->res.logic[logic]->scan_start = (uint16_t)vm->exec.stack[vm->exec.depth - 1].pc;
        break;
    case AGI_A_RESET_SCAN_START: vm->res.logic[logic]->scan_start = 0; break;
    case AGI_A_SET_MENU: agi_vm_menu_add(vm, logic, a[0], 1, 0); break;
    case AGI_A_SET_MENU_ITEM: agi_vm_menu_add(vm, logic, a[0], 0, a[1]); break;
    case AGI_A_SUBMIT_MENU: vm->menus.menu_done = 1; break;
    case AGI_A_ENABLE_ITEM: agi_vm_menu_enable(vm, a[0], 1); break;
    case AGI_A_DISABLE_ITEM: agi_vm_menu_enable(vm, a[0], 0); break;
    case AGI_A_MENU_INPUT:
        if (vm->flags[AGI_F_MENU])
            vm->menus.menu_request = 1;
        break;
    case AGI_A_MUL_N: v[a[0]] = (uint8_t)(v[a[0]] * a[1]); break;
    case AGI_A_MUL_V: v[a[0]] = (uint8_t)(v[a[0]] * v[a[1]]); break;
    case AGI_A_DIV_N: /* division by zero is outside valid bytecode: leave the value */
        if (a[1])
            v[a[0]] = (uint8_t)(v[a[0]] / a[1]);
        break;
    case AGI_A_DIV_V:
        if (v[a[1]])
            v[a[0]] = (uint8_t)(v[a[0]] / v[a[1]]);
        break;
    case AGI_A_PUSH_SCRIPT: vm->replay.checkpoint = vm->replay.count; break;
    case AGI_A_POP_SCRIPT: vm->replay.count = vm->replay.checkpoint; break;
    case AGI_A_SET_PRI_BASE: agi_vm_set_horizon_table(vm, a[0]); break;
    default: break; /* no-ops, dialogue width, and the gaps */
    }
}
