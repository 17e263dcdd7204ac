/* Modal UI of the AGI interpreter (agi-spec input_text_and_menus.md "Modal
 * text and alternate text mode", "Inventory selection", "Menu
 * interaction", "String slots"; session_and_persistence.md "Save
 * selector", "Save action outcomes", "Restore action outcomes", "Restart";
 * logic_bytecode.md 0x65..0x98).  A modal opened by an action blocks the
 * cycle that ran it: the logic stack keeps the position after the action
 * and agi_vm_cycle feeds later scripted events here until the modal closes,
 * then the blocked cycle finishes.  The menu opens at the input phase
 * instead and blocks there.
 *
 * Keys: Enter (0x0d) accepts, Esc (0x1b) cancels; direction values are the
 * type-2 ones of the event queue (1 up, 3 right, 5 down, 7 left, 2 first,
 * 4 last, 6 last heading, 8 root).  The inventory-interaction flag is f13
 * (ScummVM engines/agi/agi.h, VM_FLAG_STATUS_SELECTS_ITEMS; the spec does
 * not number it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/core.h"
#include "vm_modal.h"
#include "vm_private.h"

/* The cycle waits here: what it has drawn or erased so far is on the
 * screen under the modal, as AGI 2.936's draw() and erase() reach the
 * screen when they run (oracle, demoquest's walkthrough: erase(o4) then
 * print shows the road without the car). */
static void agi_modal_open(agi_vm *vm, agi_vm_modal_kind kind)
{
    agi_vm_obj_flush(vm);
    memset(vm->modal, 0, offsetof(agi_vm_modal, entries));
    vm->modal->kind = (uint8_t)kind;
    agi_vm_flow_suspend(vm, 1); /* agi_vm_exec returns; the stack resumes after the action */
    agi_vm_flow_resume_at(vm, AGI_STAGE_LOGIC);
}

void agi_vm_modal_message(agi_vm *vm, const char *text, int row, int col, int width)
{
    agi_vm_window_show(vm, text, row, col, width);
    /* With f15 set the window stays up without waiting (closed by
     * close.window, show.pic or the next window). */
    if (!vm->flags[AGI_F_WINDOW_NOWAIT])
        agi_modal_open(vm, AGI_MODAL_MESSAGE);
}

/* get.string's text cells from column col of its row, in the attribute
 * of now (AGI 2.936 writes them like display() text). */
static void agi_modal_edit_put(agi_vm *vm, unsigned col, const char *s, size_t len)
{
    agi_vm_text_write(vm, (unsigned)vm->modal->edit_row, col, s, len);
}

/* The input line's cursor cell: a space while get.string edits; after it
 * the cursor character one cell further right (AGI 2.936, probe EDIT:
 * ">a_" became ">a _" after one get.string and "> a _" ... each time; the
 * text typed on the input line is not redrawn). */
static void agi_modal_input_cursor(agi_vm *vm, int after)
{
    if (after)
        agi_vm_text_cursor_step(vm);
    else
        agi_vm_text_cursor_blank(vm);
}

void agi_vm_modal_confirm(agi_vm *vm, int purpose)
{
    agi_vm_window_show(vm,
                       purpose == AGI_CONFIRM_RESTART
                           ? "Press ENTER to restart\nthe game.\n\nPress ESC to continue\nthis game."
                           : "Press ENTER to quit.\nPress ESC to keep playing.",
                       -1, -1, 0);
    agi_modal_open(vm, AGI_MODAL_CONFIRM);
    vm->modal->purpose = (uint8_t)purpose;
    if (purpose == AGI_CONFIRM_RESTART && vm->rules->restart_hides_cursor)
        agi_modal_input_cursor(vm, 0);
}

/* get.string / get.num: the destination is cleared first; limit counts the
 * terminator (min(max + 1, 40) for strings, three characters + 1 for
 * numbers: AGI 2.936 took "123" of 1234 typed, and letters as any key,
 * echoed ("oo1_"), the number being the digits they begin with, "oo" 0;
 * issue 28's probes W and W2).
 * get.string (AGI 2.936, probe EDIT) writes its prompt as text at (row,
 * col), or from the input line's cursor cell for a row from 25 on, in the
 * attribute of now and over what is there (the rest of the row stays);
 * the typed text follows with the cursor character behind it, and the
 * prompt and text stay on the screen when it closes.  get.num's prompt
 * replaces the input line until it closes. */
void agi_vm_modal_edit(agi_vm *vm, unsigned dest, int numeric, unsigned limit, unsigned logic, unsigned prompt, int row,
                       int col)
{
    if (!numeric)
        vm->strings[dest][0] = 0;
    agi_vm_window_prompt(vm, logic, prompt, row, col);
    agi_modal_open(vm, AGI_MODAL_EDIT);
    vm->modal->purpose = (uint8_t)(numeric != 0);
    vm->modal->dest = (uint8_t)dest;
    vm->modal->limit = limit < 1 ? 1 : limit > 40 ? 40 : limit;
    vm->modal->edit_row = -1;
    if (numeric)
        return;
    agi_vm_text_edit_open(vm, row, col, &vm->modal->edit_row, &vm->modal->edit_col);
}

void agi_vm_modal_inventory(agi_vm *vm)
{
    agi_modal_open(vm, AGI_MODAL_INVENTORY);
    agi_vm_modal *m = vm->modal;
    m->n_entries = 0;
    for (unsigned i = 0; i < vm->item_count && i < 256; i++)
        if (vm->items[i] == 0xff)
            m->entries[m->n_entries++] = (uint8_t)i;
    /* The early profiles have no interactive variant (version_profiles.md). */
    m->interactive = vm->flags[AGI_F_INV_SELECT] && !vm->rules->inventory_ack_only;
}

/* show.obj (probes O and O2 under AGI 2.936): the view's first cel, loop
 * 0, drawn with its bottom on picture row 167 and x (159 - width) / 2 (a
 * 5-wide cel from x 77, a 4-wide one from 77 too), the picture behind
 * its transparent pixels: display() text under its rectangle is gone from
 * then on.  Its description shows in a message window centred as
 * print's; a view without one (offset 0) shows the bytes from the
 * payload's start to the first NUL, as the original reads offset 0 (O2:
 * three 0x01 glyphs).  Enter or Esc closes the window as print's and
 * takes the cel away, and the cycle goes on.  A view not loaded is
 * loaded for it and discarded after, unrecorded. */
void agi_vm_show_obj_place(const agi_vm *vm, const agi_cel *c, int *x, int *bottom)
{
    (void)vm;
    *x = (159 - (int)c->width) / 2;
    *bottom = AGI_PIC_HEIGHT - 1;
}

void agi_vm_modal_show_obj(agi_vm *vm, unsigned view)
{
    view &= 0xff;
    int loaded = !agi_vm_view_at(vm, view);
    if (loaded && agi_vm_load_view(vm, view, 0))
        return;
    const agi_view *v = agi_vm_view_at(vm, view);
    const agi_cel *c = agi_view_cel(v, 0, 0);
    agi_vm_window_close(vm);
    if (c && !agi_vm_text_mode(vm)) {
        int x, bottom, top = vm->pic_row * 8;
        agi_vm_show_obj_place(vm, c, &x, &bottom);
        agi_vm_text_wipe(vm, 2 * x, top + bottom - c->height + 1, 2 * (x + c->width) - 1, top + bottom);
    }
    char head[4] = {(char)v->reserved[0], (char)v->reserved[1], (char)v->loop_count, 0};
    if (!head[0])
        head[1] = 0;
    if (!head[1])
        head[2] = 0;
    agi_vm_window_show(vm, v->description ? (const char *)v->description : head, -1, -1, 0);
    agi_modal_open(vm, AGI_MODAL_MESSAGE);
    vm->modal->show_obj = 1;
    vm->modal->dest = (uint8_t)view;
    vm->modal->show_loaded = (uint8_t)loaded;
}

static void agi_modal_show_obj_close(agi_vm *vm)
{
    agi_vm_modal *m = vm->modal;
    if (m->show_loaded)
        agi_vm_discard_view(vm, m->dest);
    m->show_obj = m->show_loaded = 0;
}

/* ---- the menu ------------------------------------------------------------ */

static int agi_modal_heading_enabled(const agi_vm *vm, unsigned h)
{
    for (unsigned i = 0; i < vm->menus->menu_n; i++)
        if (vm->menus->menu[i].heading == h)
            return 1;
    return 0;
}

static unsigned agi_modal_heading_step(const agi_vm *vm, unsigned h, int delta)
{
    for (unsigned k = 0; k < vm->menus->heading_n; k++) {
        h = (unsigned)(((int)h + delta + (int)vm->menus->heading_n) % (int)vm->menus->heading_n);
        if (agi_modal_heading_enabled(vm, h))
            return h;
    }
    return h;
}

/* The first or last item of heading h, as an index into vm->menus->menu. */
static int agi_modal_heading_item(const agi_vm *vm, unsigned h, int last)
{
    int found = -1;
    for (unsigned i = 0; i < vm->menus->menu_n; i++)
        if (vm->menus->menu[i].heading == h) {
            found = (int)i;
            if (!last)
                break;
        }
    return found;
}

/* The menu as AGI 2.936 draws it (probes MENU, MENU2): text cells, so
 * what it leaves stays.  The bar is row 0 whatever the status row, black
 * on white, the headings from column 1 one space apart, the open one
 * inverted.  The drop-down is a box (vm_screen.c) from row 1 around the
 * items, one a row from row 2 at the heading's column, as wide as the
 * first item: a longer item runs over the frame and beyond, and stays
 * there when the box goes.  The selected item is inverted; a disabled one
 * is dithered (agi_vm_text_dither). */
static unsigned agi_modal_menu_col(const agi_vm *vm, unsigned h)
{
    unsigned col = 1;
    for (unsigned k = 0; k < h && k < vm->menus->heading_n; k++)
        col += (unsigned)strlen(vm->menus->menu_heading[k]) + 1;
    return col;
}

/* The menu's cells, collected and then written in one call into the text
 * layer (agi_vm_text_runs): the bar, the box gone, the box and its
 * items. */
typedef struct agi_modal_cells {
    agi_vm_text_run run[AGI_VM_MAX_MENU + 24];
    unsigned n;
} agi_modal_cells;

static void agi_modal_fill(agi_modal_cells *c, unsigned top, unsigned left, unsigned bottom, unsigned right,
                           uint8_t attr)
{
    if (c->n < RELIC_COUNTOF(c->run))
        c->run[c->n++] = (agi_vm_text_run){NULL, top, left, bottom, right, attr, 0};
}

static void agi_modal_line(agi_modal_cells *c, unsigned row, unsigned col, const char *t, uint8_t attr, int dither)
{
    if (c->n < RELIC_COUNTOF(c->run))
        c->run[c->n++] = (agi_vm_text_run){t, row, col, 0, 0, attr, (uint8_t)(dither != 0)};
}

/* The box goes: the picture shows again where it was (display() text
 * under it is lost, probe MENU2), the cells written outside it stay. */
static void agi_modal_menu_unbox(agi_vm *vm, agi_modal_cells *cells)
{
    agi_vm_modal *m = vm->modal;
    if (m->box_rows > 0)
        agi_modal_fill(cells, 1, m->box_left > 0 ? (unsigned)m->box_left - 1 : 0, (unsigned)m->box_rows,
                       (unsigned)(m->box_left + m->box_width), 0xff);
    m->box_rows = 0;
}

/* The bar with heading `open` inverted (none: heading_n). */
static void agi_modal_menu_bar(const agi_vm *vm, unsigned open, agi_modal_cells *cells)
{
    agi_modal_fill(cells, 0, 0, 0, 39, 0xf0);
    for (unsigned h = 0; h < vm->menus->heading_n; h++)
        agi_modal_line(cells, 0, agi_modal_menu_col(vm, h), vm->menus->menu_heading[h], h == open ? 0x0f : 0xf0, 0);
}

static void agi_modal_menu_draw(agi_vm *vm)
{
    agi_vm_modal *m = vm->modal;
    agi_modal_cells cells;
    cells.n = 0;
    agi_modal_menu_bar(vm, m->heading, &cells);
    agi_modal_menu_unbox(vm, &cells);
    int first = agi_modal_heading_item(vm, m->heading, 0);
    if (first >= 0) {
        unsigned n = 0, width = (unsigned)strlen(vm->menus->menu[first].text),
                 left = agi_modal_menu_col(vm, m->heading);
        for (unsigned i = 0; i < vm->menus->menu_n; i++)
            n += vm->menus->menu[i].heading == m->heading;
        if (width > 38)
            width = 38;
        if (left + width > 39)
            left = 39 - width;
        m->box_left = (int)left;
        m->box_width = (int)width;
        m->box_rows = (int)n + 2;
        agi_modal_fill(&cells, 1, left - 1, n + 2, left + width, 0xff);
        unsigned k = 0;
        for (unsigned i = 0; i < vm->menus->menu_n; i++)
            if (vm->menus->menu[i].heading == m->heading)
                agi_modal_line(&cells, 2 + k++, left, vm->menus->menu[i].text, (int)i == m->sel ? 0x0f : 0xf0,
                               !vm->menus->menu[i].enabled);
    }
    agi_vm_text_runs(vm, cells.run, cells.n);
}

static int agi_modal_menu_try_open(agi_vm *vm)
{
    if (!vm->menus->menu_request || !vm->menus->menu_done || vm->menus->menu_n == 0 || vm->menus->heading_n == 0 ||
        !vm->menus->menu_gate)
        return 0;
    memset(vm->modal, 0, offsetof(agi_vm_modal, entries));
    vm->modal->kind = AGI_MODAL_MENU;
    vm->modal->heading = vm->menus->menu_heading_cur < vm->menus->heading_n ? vm->menus->menu_heading_cur : 0;
    if (!agi_modal_heading_enabled(vm, vm->modal->heading))
        vm->modal->heading = agi_modal_heading_step(vm, vm->modal->heading, 1);
    int item = vm->menus->menu_item_of[vm->modal->heading];
    if (item >= (int)vm->menus->menu_n || vm->menus->menu[item].heading != vm->modal->heading)
        item = agi_modal_heading_item(vm, vm->modal->heading, 0);
    vm->modal->sel = item;
    agi_vm_flow_resume_at(vm, AGI_STAGE_INPUT);
    agi_modal_menu_draw(vm);
    return 1;
}

/* At the input phase: opens the requested menu when f14, the v3 gate and a
 * finalized menu allow it; returns 1 when it opened.  The request is
 * consumed either way. */
int agi_vm_menu_open(agi_vm *vm)
{
    int opened = agi_modal_menu_try_open(vm);
    vm->menus->menu_request = 0;
    return opened;
}

static void agi_modal_menu_heading(agi_vm *vm, unsigned h)
{
    vm->menus->menu_item_of[vm->modal->heading] = (uint8_t)vm->modal->sel;
    vm->modal->heading = h;
    int item = vm->menus->menu_item_of[h];
    if (item >= (int)vm->menus->menu_n || vm->menus->menu[item].heading != h)
        item = agi_modal_heading_item(vm, h, 0);
    vm->modal->sel = item;
}

static void agi_modal_menu_dir(agi_vm *vm, unsigned d)
{
    agi_vm_modal *m = vm->modal;
    switch (d) {
    case 1: m->sel = (int)agi_vm_menu_next(vm, (unsigned)m->sel, -1); break;
    case 5: m->sel = (int)agi_vm_menu_next(vm, (unsigned)m->sel, 1); break;
    case 2: m->sel = agi_modal_heading_item(vm, m->heading, 0); break;
    case 4: m->sel = agi_modal_heading_item(vm, m->heading, 1); break;
    case 3: agi_modal_menu_heading(vm, agi_modal_heading_step(vm, m->heading, 1)); break;
    case 7: agi_modal_menu_heading(vm, agi_modal_heading_step(vm, m->heading, -1)); break;
    case 6: agi_modal_menu_heading(vm, agi_modal_heading_step(vm, 0, -1)); break;
    case 8: agi_modal_menu_heading(vm, agi_modal_heading_enabled(vm, 0) ? 0 : agi_modal_heading_step(vm, 0, 1)); break;
    default: break;
    }
    agi_modal_menu_draw(vm);
}

/* ---- closing ----------------------------------------------------------- */

static void agi_modal_close(agi_vm *vm)
{
    uint8_t kind = vm->modal->kind;
    vm->modal->kind = AGI_MODAL_NONE;
    if (kind == AGI_MODAL_MENU) {
        vm->menus->menu_item_of[vm->modal->heading] = (uint8_t)vm->modal->sel;
        vm->menus->menu_heading_cur = vm->modal->heading;
        vm->menus->menu_request = 0;
        /* the bar stays, no heading inverted, until something draws over
         * row 0; the status line is drawn again (probe MENU2: on row 0 it
         * came back) */
        agi_modal_cells cells;
        cells.n = 0;
        agi_modal_menu_unbox(vm, &cells);
        agi_modal_menu_bar(vm, vm->menus->heading_n, &cells);
        agi_vm_text_runs(vm, cells.run, cells.n);
        agi_vm_status_again(vm);
        return;
    }
    agi_vm_window_close(vm);
    /* The inventory screen is the text mode: leaving it is graphics()'s
     * return, so display() text is gone (demoquest under AGI 2.936: the
     * clock it writes on the status row is not there after F4 and Enter,
     * until its logic writes it again). */
    if (kind == AGI_MODAL_INVENTORY && !agi_vm_text_mode(vm))
        agi_vm_graphics_again(vm);
    if (kind == AGI_MODAL_MESSAGE && vm->modal->show_obj)
        agi_modal_show_obj_close(vm);
    if (kind == AGI_MODAL_CONFIRM && vm->modal->purpose == AGI_CONFIRM_RESTART && vm->rules->restart_hides_cursor)
        agi_vm_text_cursor_show(vm, 1);
}

static void agi_modal_edit_key(agi_vm *vm, uint16_t key)
{
    agi_vm_modal *m = vm->modal;
    size_t n = strlen(m->edit);
    char cursor = agi_vm_text_prompt_char(vm), c = cursor ? cursor : ' ';
    if (key == 0x08) {
        if (n) {
            m->edit[n - 1] = 0;
            if (m->edit_row >= 0 && m->kind == AGI_MODAL_EDIT) {
                agi_modal_edit_put(vm, (unsigned)m->edit_col + (unsigned)n - 1, &c, 1);
                agi_modal_edit_put(vm, (unsigned)m->edit_col + (unsigned)n, " ", 1);
            }
        }
    } else if (key >= 0x20 && key < 0x100 && n + 1 < m->limit) {
        m->edit[n] = (char)key;
        m->edit[n + 1] = 0;
        if (m->edit_row >= 0 && m->kind == AGI_MODAL_EDIT) {
            agi_modal_edit_put(vm, (unsigned)m->edit_col + (unsigned)n, m->edit + n, 1);
            if (cursor)
                agi_modal_edit_put(vm, (unsigned)m->edit_col + (unsigned)n + 1, &cursor, 1);
        }
    }
}

/* get.string's end: a space over its cursor, the input line's cursor one
 * cell on; get.num's: the input line again (probe EDIT). */
static void agi_modal_edit_done(agi_vm *vm, int accepted)
{
    agi_vm_modal *m = vm->modal;
    if (m->purpose) /* numbers keep their low eight bits; Esc gives 0 */
        vm->vars[m->dest] = (uint8_t)(accepted ? strtoul(m->edit, NULL, 10) : 0);
    else if (accepted)
        snprintf(vm->strings[m->dest], sizeof vm->strings[0], "%.39s", m->edit);
    if (!m->purpose && m->edit_row >= 0) {
        agi_modal_edit_put(vm, (unsigned)m->edit_col + (unsigned)strlen(m->edit), " ", 1);
        agi_modal_input_cursor(vm, 1);
    } else if (m->purpose && agi_vm_text_input_enabled(vm)) { /* get.num: the input line drawn again */
        agi_vm_input_redraw(vm);
    }
    agi_modal_close(vm);
}

static void agi_modal_inventory_key(agi_vm *vm, uint8_t type, uint16_t v)
{
    agi_vm_modal *m = vm->modal;
    if (type == AGI_EV_DIR && m->interactive && m->n_entries) {
        int step = v == 1 ? -2 : v == 5 ? 2 : v == 7 ? -1 : v == 3 ? 1 : 0;
        int s = m->sel + step;
        if (s >= 0 && s < (int)m->n_entries)
            m->sel = s;
        return;
    }
    if (type != AGI_EV_KEY)
        return;
    if (!m->interactive) { /* acknowledgement only: any key */
        agi_modal_close(vm);
        return;
    }
    if (v == 0x0d && m->n_entries)
        vm->vars[AGI_V_INV_SELECT] = m->entries[m->sel];
    else if (v == 0x1b || v == 0x0d)
        vm->vars[AGI_V_INV_SELECT] = 0xff;
    else
        return;
    agi_modal_close(vm);
}

void agi_vm_modal_count(agi_vm *vm, unsigned ticks)
{
    if (!vm->modal->timer) /* none counting */
        return;
    if (vm->modal->kind != AGI_MODAL_MESSAGE) {
        vm->modal->timer = 0;
        return;
    }
    vm->modal->timer = ticks < vm->modal->timer ? vm->modal->timer - ticks : 0;
    if (!vm->modal->timer)
        agi_modal_close(vm);
}

/* One event for the open modal: type 1 raw key, type 2 direction. */
void agi_vm_modal_event(agi_vm *vm, uint8_t type, uint16_t v)
{
    agi_vm_modal *m = vm->modal;
    switch (m->kind) {
    case AGI_MODAL_MESSAGE:
        if (type == AGI_EV_KEY && (v == 0x0d || v == 0x1b))
            agi_modal_close(vm);
        break;
    case AGI_MODAL_CONFIRM:
        if (type != AGI_EV_KEY || (v != 0x0d && v != 0x1b))
            break;
        agi_modal_close(vm);
        if (v == 0x0d && m->purpose == AGI_CONFIRM_RESTART)
            vm->hooks.restart(vm);
        else if (v == 0x0d)
            agi_vm_quit_now(vm);
        break;
    case AGI_MODAL_EDIT:
        if (type != AGI_EV_KEY)
            break;
        if (v == 0x0d || v == 0x1b)
            agi_modal_edit_done(vm, v == 0x0d);
        else
            agi_modal_edit_key(vm, v);
        break;
    case AGI_MODAL_INVENTORY: agi_modal_inventory_key(vm, type, v); break;
    case AGI_MODAL_SAVE:
    case AGI_MODAL_RESTORE: agi_vm_savedlg_event(vm, type, v); break;
    case AGI_MODAL_MENU:
        if (type == AGI_EV_DIR) {
            agi_modal_menu_dir(vm, v);
        } else if (type == AGI_EV_KEY && v == 0x1b) {
            agi_modal_close(vm);
        } else if (type == AGI_EV_KEY && v == 0x0d && m->sel >= 0 && vm->menus->menu[m->sel].enabled) {
            uint8_t status = vm->menus->menu[m->sel].status;
            agi_modal_close(vm);
            agi_vm_post(vm, AGI_EV_STATUS, status);
        }
        break;
    default: break;
    }
}

/* A scripted "menu ITEM" while the menu is open selects that item. */
void agi_vm_modal_menu_pick(agi_vm *vm, uint16_t status)
{
    for (unsigned i = 0; i < vm->menus->menu_n; i++)
        if (vm->menus->menu[i].status == status && vm->menus->menu[i].enabled) {
            vm->modal->heading = vm->menus->menu[i].heading;
            vm->modal->sel = (int)i;
            agi_vm_modal_event(vm, AGI_EV_KEY, 0x0d);
            return;
        }
}

/* Items of the same heading, in order; wraps. */
unsigned agi_vm_menu_next(const agi_vm *vm, unsigned cur, int delta)
{
    if (cur >= vm->menus->menu_n)
        return cur;
    unsigned h = vm->menus->menu[cur].heading, idx[AGI_VM_MAX_MENU], n = 0, at = 0;
    for (unsigned i = 0; i < vm->menus->menu_n; i++)
        if (vm->menus->menu[i].heading == h) {
            if (i == cur)
                at = n;
            idx[n++] = i;
        }
    long k = ((long)at + delta) % (long)n;
    if (k < 0)
        k += n;
    return idx[k];
}

void agi_vm_quit_now(agi_vm *vm)
{
    agi_vm_stop_sound(vm);
    vm->quit = 1;
    agi_vm_log(vm, "quit", "");
}

/* No modal open; menus, their remembered items and the last save
 * description gone. */
/* print / print.at: a modal window; print.at's row, column and width
 * override the centred placement for this message only (width 0: 30).
 * With v21 set the window closes by itself after v21 half-seconds unless
 * a key closes it first (AGI 2.936 under DOSBox, probes Q and R of
 * tests/corpus/agi_oracle/README.md: v21 20 closed after 9-11 s, v21 6
 * within 3 s), and v21 is read once: back to 0 (ScummVM's
 * engines/agi/text.cpp messageBox reads VM_VAR_WINDOW_AUTO_CLOSE_TIMER
 * the same way). */
static void agi_modal_print(agi_vm *vm, unsigned logic, unsigned n, int row, int col, int width)
{
    char text[600];
    agi_vm_message_expand(vm, logic, n, text, sizeof text);
    agi_vm_log(vm, "print", text);
    agi_vm_modal_message(vm, text, row, col, width);
    if (vm->modal->kind == AGI_MODAL_MESSAGE && vm->vars[AGI_V_MSG_TIMER])
        vm->modal->timer = vm->vars[AGI_V_MSG_TIMER] * 10u;
    vm->vars[AGI_V_MSG_TIMER] = 0;
}

/* The modal and menu actions (logic_bytecode.md "Action opcodes" 0x65,
 * 0x66, 0x73, 0x76, 0x7c, 0x80, 0x81, 0x85, 0x86, 0x88, 0x8d, 0x97, 0x98,
 * 0x9c-0xa2, 0xb1): opcodes.h's handler column. */
void agi_vm_op_print(agi_vm *vm, const uint8_t *a, unsigned logic) { agi_modal_print(vm, logic, a[0], -1, -1, 0); }
void agi_vm_op_print_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    agi_modal_print(vm, logic, vm->vars[a[0]], -1, -1, 0);
}

void agi_vm_op_print_at(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    agi_modal_print(vm, logic, a[0], a[1], a[2], a[3]);
}

void agi_vm_op_print_at_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    agi_modal_print(vm, logic, vm->vars[a[0]], a[1], a[2], a[3]);
}

void agi_vm_op_get_string(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    if (!agi_vm_string_slot(vm, a[0]))
        return;
    agi_vm_modal_edit(vm, a[0], 0, a[4] + 1u < 40 ? a[4] + 1u : 40, logic, a[1], a[2], a[3]);
}

void agi_vm_op_get_num(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    agi_vm_modal_edit(vm, a[1], 1, 4, logic, a[0], -1, 0);
}

void agi_vm_op_status(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic, agi_vm_modal_inventory(vm);
}
void agi_vm_op_show_obj(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, agi_vm_modal_show_obj(vm, a[0]); }
void agi_vm_op_show_obj_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_modal_show_obj(vm, vm->vars[a[0]]);
}

void agi_vm_op_pause(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    agi_vm_stop_sound(vm);
    agi_vm_modal_message(vm, "      Game paused.\nPress Enter to continue.", -1, -1, 0);
}

/* AGI 2.936's text (AGIDATA.OVL; probe Q under DOSBox), the profile's
 * number in it. */
void agi_vm_op_version(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    char t[80];
    snprintf(t, sizeof t, "Adventure Game Interpreter\n      Version %s", vm->profile->name);
    agi_vm_modal_message(vm, t, -1, -1, 0);
}

/* obj.status.v: the object's numbers, modally. */
void agi_vm_op_obj_status_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    const agi_vm_obj *o = &vm->obj[vm->vars[a[0]]];
    char t[160];
    snprintf(t, sizeof t, "Object %u:\nx: %d  xsize: %u\ny: %d  ysize: %u\npri: %u\nstepsize: %u", vm->vars[a[0]], o->x,
             o->width, o->y, o->height, agi_vm_obj_priority(vm, o), o->step);
    agi_vm_modal_message(vm, t, -1, -1, 0);
}

/* restart.game: the prompt unless f16 skips it (never in 2.411). */
void agi_vm_op_restart_game(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    agi_vm_stop_sound(vm);
    if (vm->flags[AGI_F_RESTART_NOASK] && !vm->rules->restart_always_prompts)
        vm->hooks.restart(vm);
    else
        agi_vm_modal_confirm(vm, AGI_CONFIRM_RESTART);
}

/* quit: selector 1 (and the zero-operand early form) exits at once. */
void agi_vm_op_quit(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    if (vm->profile->quit_no_operand || a[0] == 1)
        agi_vm_quit_now(vm);
    else
        agi_vm_modal_confirm(vm, AGI_CONFIRM_QUIT);
}

/* set.menu / set.menu.item: a heading or an item under the last heading,
 * until submit.menu; 2.272 parses them without building a menu
 * (vm->rules->menu_parse_only). */
static void agi_modal_menu_add(agi_vm *vm, unsigned logic, unsigned n, int heading, unsigned status)
{
    const char *m = agi_vm_message(vm, logic, n);
    if (vm->rules->menu_parse_only || vm->menus->menu_done)
        return;
    if (heading) {
        if (vm->menus->heading_n < 16)
            snprintf(vm->menus->menu_heading[vm->menus->heading_n++], sizeof vm->menus->menu_heading[0], "%s",
                     m ? m : "");
        return;
    }
    if (vm->menus->menu_n >= AGI_VM_MAX_MENU || vm->menus->heading_n == 0)
        return;
    agi_vm_menu_item *it = &vm->menus->menu[vm->menus->menu_n++];
    snprintf(it->text, sizeof it->text, "%s", m ? m : "");
    it->status = (uint8_t)status;
    it->enabled = 1;
    it->heading = (uint8_t)(vm->menus->heading_n - 1);
}

static void agi_modal_menu_enable(agi_vm *vm, unsigned status, int on)
{
    if (vm->rules->menu_parse_only)
        return;
    for (unsigned i = 0; i < vm->menus->menu_n; i++)
        if (vm->menus->menu[i].status == status)
            vm->menus->menu[i].enabled = (uint8_t)on;
}

void agi_vm_op_set_menu(agi_vm *vm, const uint8_t *a, unsigned logic) { agi_modal_menu_add(vm, logic, a[0], 1, 0); }
void agi_vm_op_set_menu_item(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    agi_modal_menu_add(vm, logic, a[0], 0, a[1]);
}

void agi_vm_op_submit_menu(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    if (!vm->rules->menu_parse_only)
        vm->menus->menu_done = 1;
}

void agi_vm_op_enable_item(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_modal_menu_enable(vm, a[0], 1);
}
void agi_vm_op_disable_item(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_modal_menu_enable(vm, a[0], 0);
}

void agi_vm_op_menu_input(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    if (vm->flags[AGI_F_MENU])
        vm->menus->menu_request = 1;
}

void agi_vm_op_allow_menu(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, agi_vm_menu_gate(vm, a[0]); }

/* A restart keeps the menu (agi_vm_restart_now), not a pending
 * menu.input: keep_menus. */
void agi_vm_modal_reset(agi_vm *vm, int keep_menus)
{
    memset(vm->modal, 0, sizeof *vm->modal);
    vm->saves->save_desc[0] = 0;
    vm->menus->menu_request = 0;
    if (keep_menus)
        return;
    memset(vm->menus->menu_item_of, 0, sizeof vm->menus->menu_item_of);
    vm->menus->menu_heading_cur = 0;
    vm->menus->menu_n = vm->menus->heading_n = 0;
    vm->menus->menu_done = 0;
    vm->menus->menu_gate = 1; /* the spec gives no initial value: nonzero permits menus */
}

/* The module's state (vm_modal.h): made with the vm; the saves' buffers
 * freed first (agi_vm_savedlg_free). */
int agi_vm_modal_new(agi_vm *vm)
{
    vm->modal = calloc(1, sizeof *vm->modal);
    vm->menus = calloc(1, sizeof *vm->menus);
    vm->saves = calloc(1, sizeof *vm->saves);
    return vm->modal && vm->menus && vm->saves;
}

void agi_vm_modal_free(agi_vm *vm)
{
    free(vm->modal);
    free(vm->menus);
    free(vm->saves);
}

/* What the other files read: the modal's kind (agi_vm.h), the open modal
 * as the screen and the state JSON show it, allow.menu's gate (a save
 * holds it), and the enabled item whose text, its spaces squeezed, is
 * `text` (the input script's menu choice; 0xffff: none). */
agi_vm_modal_kind agi_vm_modal_state(const agi_vm *vm) { return (agi_vm_modal_kind)vm->modal->kind; }

void agi_vm_modal_describe(const agi_vm *vm, agi_vm_modal_look *look)
{
    const agi_vm_modal *m = vm->modal;
    *look = (agi_vm_modal_look){
        .kind = (agi_vm_modal_kind)m->kind,
        .purpose = m->purpose,
        .sel = m->sel,
        .heading = m->heading,
        .interactive = m->interactive,
        .entries = m->entries,
        .n_entries = m->n_entries,
        .edit = m->edit,
        .path = m->path,
        .edit_row = m->edit_row,
        .box_left = m->box_left,
        .box_width = m->box_width,
        .box_rows = m->box_rows,
        .show_view = m->kind == AGI_MODAL_MESSAGE && m->show_obj ? m->dest : -1,
    };
}

uint8_t agi_vm_menu_gate_now(const agi_vm *vm) { return vm->menus->menu_gate; }

uint16_t agi_vm_menu_status(const agi_vm *vm, const char *text)
{
    const agi_vm_menus *mn = vm->menus;
    for (unsigned i = 0; i < mn->menu_n; i++) {
        char t[41];
        size_t n = 0;
        for (const char *p = mn->menu[i].text; *p && n < 40; p++)
            if (*p != ' ' || (n && t[n - 1] != ' '))
                t[n++] = *p;
        while (n && t[n - 1] == ' ')
            n--;
        t[n] = 0;
        if (mn->menu[i].enabled && strcasecmp(t, text) == 0)
            return mn->menu[i].status;
    }
    return 0xffff;
}

/* allow.menu's gate, as a save holds it. */
void agi_vm_menu_gate(agi_vm *vm, uint8_t gate) { vm->menus->menu_gate = gate; }
