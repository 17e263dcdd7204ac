/* The status line and the input line as AGI 2.936 draws them, as text
 * cells of the grid (agi-spec input_text_and_menus.md "Status line",
 * "Input line"; the probe games of tests/corpus/agi_oracle/README.md):
 * the status line drawn and checked, the input line drawn again, its
 * editor as drawn (echo, backspace, prevent.input, the cursor cell),
 * get.string's prompt cells, and the return from the text mode that draws
 * both lines again.  Part of the text module: it shares vm_text.h with
 * vm_text.c, whose grid it writes through, and nothing in vm_text.c calls
 * it. */
#include <stdio.h>
#include <string.h>
#include "vm_private.h"
#include "vm_text.h"

/* The status line is text on the screen: AGI 2.936 writes it when it is
 * turned on and again when the score or the sound flag has changed, on the
 * status row of that moment; a configure.screen in between leaves the one
 * drawn where it was (a probe: the old line stayed on row 21 and the new
 * score appeared on row 0).  Fields as the interpreter's format strings
 * in AGIDATA.OVL: "Score:%d of %d" from column 1, "Sound:%s" from column
 * 30, black on a white row. */
void agi_vm_status_draw(agi_vm *vm)
{
    unsigned row = (unsigned)vm->txt->status_row;
    vm->txt->status_score = vm->vars[AGI_V_SCORE];
    vm->txt->status_sound = vm->flags[AGI_F_SOUND];
    if (row >= 25 || vm->txt->text_mode) /* the text mode shows no status line */
        return;
    char score[40];
    snprintf(score, sizeof score, "Score:%u of %u", vm->vars[AGI_V_SCORE], vm->vars[AGI_V_MAX_SCORE]);
    agi_vm_text_fill(vm, row, 0, row, 39, 0xf0);
    const char *sound = vm->flags[AGI_F_SOUND] ? "Sound:on" : "Sound:off";
    for (unsigned c = 0; score[c]; c++)
        agi_vm_text_put(vm, row, 1 + c, score[c], 0xf0);
    for (unsigned c = 0; sound[c]; c++)
        agi_vm_text_put(vm, row, 30 + c, sound[c], 0xf0);
}

void agi_vm_status_check(agi_vm *vm)
{
    if (vm->txt->status_enabled &&
        (vm->txt->status_score != vm->vars[AGI_V_SCORE] || vm->txt->status_sound != vm->flags[AGI_F_SOUND]))
        agi_vm_status_draw(vm);
}

/* The input line's cells from column col: text in the attribute of now
 * (AGI 2.936 draws every piece of it in the current text attribute: a
 * probe's "b" typed after set.text.attribute(2, 0) was green behind a
 * white ">a").  The text mode shows no echo of a key (a probe's keys typed
 * there went to the top-left corner, not modelled); its redraws do show. */
void agi_vm_input_put(agi_vm *vm, size_t col, const char *s, size_t len)
{
    uint8_t attr = agi_vm_text_attr(vm, vm->txt->text_fg, vm->txt->text_bg);
    unsigned row = (unsigned)vm->txt->drawn_row;
    for (size_t i = 0; i < len && col + i < 40; i++)
        agi_vm_text_put(vm, row, (unsigned)(col + i), s[i] ? s[i] : ' ', attr);
}

/* AGI 2.936 draws the input line when input is accepted and when its
 * editor takes a key, not every cycle: a probe that set s0 after
 * accept.input showed the cursor alone until the first key
 * (tests/corpus/agi_oracle/README.md).  A redraw clears the whole row in
 * the background of the text attribute of now (display() text on the row
 * goes; white after set.text.attribute(14, 4)) and writes the prompt, the
 * text typed so far and the cursor character in that attribute: the line
 * is text cells, which later text and clear.lines overwrite. */
void agi_vm_input_redraw(agi_vm *vm)
{
    vm->txt->echo_home = 0;
    snprintf(vm->txt->drawn_prompt, sizeof vm->txt->drawn_prompt, "%.40s", vm->strings[0]);
    vm->txt->drawn_cursor = vm->txt->prompt_char;
    vm->txt->drawn_row = vm->txt->input_row;
    if (vm->txt->drawn_row < 0 || vm->txt->drawn_row >= 25)
        return;
    uint8_t attr = agi_vm_text_attr(vm, vm->txt->text_fg, vm->txt->text_bg);
    unsigned row = (unsigned)vm->txt->drawn_row;
    agi_vm_text_fill(vm, row, 0, row, 39, (uint8_t)(attr & 0xf0));
    /* the typed bytes may hold NULs (an unmapped F-key), drawn blank */
    char line[84];
    size_t typed_len;
    const char *typed = vm->hooks.typed(vm, &typed_len);
    size_t n = strlen(vm->txt->drawn_prompt), k = typed_len < 40 ? typed_len : 40;
    memcpy(line, vm->txt->drawn_prompt, n);
    memcpy(line + n, typed, k);
    n += k;
    vm->txt->cursor_col = n < 40 ? (int)n : 39;
    line[n] = vm->txt->drawn_cursor;
    agi_vm_input_put(vm, 0, line, n + (vm->txt->drawn_cursor != 0));
}

void agi_vm_graphics_again(agi_vm *vm)
{
    vm->txt->text_mode = 0;
    agi_vm_text_fill(vm, 0, 0, 24, 39, 0xff);
    vm->pic_row = vm->txt->base_row;
    vm->scr_split = 0;
    vm->scr_live = 1;
    if (vm->txt->status_enabled)
        agi_vm_status_draw(vm);
    if (vm->txt->input_enabled) /* in the attribute of now (a probe: green after (2, 0)) */
        agi_vm_input_redraw(vm);
}

void agi_vm_op_graphics(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic, agi_vm_graphics_again(vm);
}

void agi_vm_op_status_line_on(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    vm->txt->status_enabled = 1;
    agi_vm_status_draw(vm);
}

/* status.line.off: the row cleared to black. */
void agi_vm_op_status_line_off(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    vm->txt->status_enabled = 0;
    if (vm->txt->status_row < 25)
        agi_vm_text_fill(vm, (unsigned)vm->txt->status_row, 0, (unsigned)vm->txt->status_row, 39, 0);
}

/* The input line's cursor as the editor moved it: the cursor character
 * of now, in cell col (-1: the cell stays). */
void agi_vm_text_cursor_moved(agi_vm *vm, int col)
{
    if (col >= 0)
        vm->txt->cursor_col = col;
    vm->txt->drawn_cursor = vm->txt->prompt_char;
}

/* get.string's prompt (the window's text) written from (row, col), or
 * from the input line's cursor cell for a row from 25 on, after a space
 * over that cursor; the cursor character behind it.  *edit_row and
 * *edit_col: where the typed text goes. */
void agi_vm_text_edit_open(agi_vm *vm, int row, int col, int *edit_row, int *edit_col)
{
    agi_vm_text_cursor_blank(vm);
    if (row >= 0 && row < 25) {
        *edit_row = row;
        *edit_col = col >= 0 && col < 40 ? col : 0;
    } else {
        *edit_row = vm->txt->drawn_row >= 0 && vm->txt->drawn_row < 25 ? vm->txt->drawn_row : 24;
        *edit_col = vm->txt->cursor_col;
    }
    size_t plen = strlen(vm->txt->window);
    agi_vm_text_write(vm, (unsigned)*edit_row, (unsigned)*edit_col, vm->txt->window, plen);
    *edit_col += (int)(plen < 40 ? plen : 40);
    if (vm->txt->prompt_char)
        agi_vm_text_write(vm, (unsigned)*edit_row, (unsigned)*edit_col, &vm->txt->prompt_char, 1);
}

void agi_vm_status_again(agi_vm *vm)
{
    if (vm->txt->status_enabled)
        agi_vm_status_draw(vm);
}

void agi_vm_text_write(agi_vm *vm, unsigned row, unsigned col, const char *s, size_t len)
{
    uint8_t attr = agi_vm_text_attr_now(vm);
    for (size_t i = 0; i < len && col + i < 40; i++)
        agi_vm_text_put(vm, row, (unsigned)(col + i), s[i], attr);
}

/* Cells of the text mode's echo after text.screen(): from row 0, column
 * 0, in the attribute of now (probe K under AGI 2.936: "xy_" at the
 * top-left corner, the input row untouched). */
static void agi_text_home_put(agi_vm *vm, size_t col, const char *s, size_t len)
{
    uint8_t attr = agi_vm_text_attr_now(vm);
    for (size_t i = 0; i < len && col + i < 40; i++)
        agi_vm_text_put(vm, 0, (unsigned)(col + i), s[i] ? s[i] : ' ', attr);
}

/* A key's echo: the character at the end of the line as drawn (the
 * prompt of its last redraw), the cursor character of now behind it.  In
 * the text mode the keys typed since text.screen() echo at the top-left
 * corner, without the prompt; other text-mode keys show nothing. */
void agi_vm_text_echo(agi_vm *vm, size_t at, const char *s, size_t len)
{
    if (vm->txt->text_mode) {
        if (vm->txt->echo_home) {
            agi_text_home_put(vm, at, s, len);
            if (vm->txt->prompt_char)
                agi_text_home_put(vm, at + len, &vm->txt->prompt_char, 1);
        }
        return;
    }
    size_t plen = strlen(vm->txt->drawn_prompt);
    agi_vm_input_put(vm, plen + at, s, len);
    agi_vm_text_cursor_moved(vm, (int)(plen + at + len));
    if (vm->txt->prompt_char)
        agi_vm_input_put(vm, plen + at + len, &vm->txt->prompt_char, 1);
}

void agi_vm_text_echo_enter(agi_vm *vm, size_t n)
{
    if (vm->txt->text_mode && vm->txt->echo_home) /* the corner's cursor goes */
        agi_text_home_put(vm, n, " ", 1);
}

void agi_vm_text_echo_backspace(agi_vm *vm, size_t n)
{
    char c = vm->txt->prompt_char ? vm->txt->prompt_char : ' ';
    if (!vm->txt->text_mode) {
        size_t plen = strlen(vm->txt->drawn_prompt);
        agi_vm_input_put(vm, plen + n - 1, &c, 1);
        agi_vm_input_put(vm, plen + n, " ", 1);
        agi_vm_text_cursor_moved(vm, (int)(plen + n - 1));
    } else {
        if (vm->txt->echo_home) {
            agi_text_home_put(vm, n - 1, &c, 1);
            agi_text_home_put(vm, n, " ", 1);
        }
        agi_vm_text_cursor_moved(vm, -1);
    }
}

int agi_vm_text_echo_fits(const agi_vm *vm, size_t n) { return strlen(vm->txt->drawn_prompt) + n + 1 < 40; }

void agi_vm_text_prevent(agi_vm *vm)
{
    if (vm->txt->input_enabled && vm->txt->prompt_char && !vm->txt->text_mode)
        agi_vm_input_put(vm, (size_t)vm->txt->cursor_col, " ", 1);
    vm->txt->input_enabled = 0;
    if (vm->txt->input_row >= 0 && vm->txt->input_row < 25)
        agi_vm_text_fill(vm, (unsigned)vm->txt->input_row, 0, (unsigned)vm->txt->input_row, 39, 0);
}

static int agi_text_cursor_row_ok(const agi_vm *vm) { return vm->txt->drawn_row >= 0 && vm->txt->drawn_row < 25; }

void agi_vm_text_cursor_blank(agi_vm *vm)
{
    if (vm->txt->input_enabled && agi_text_cursor_row_ok(vm))
        agi_vm_text_put(vm, (unsigned)vm->txt->drawn_row, (unsigned)vm->txt->cursor_col, ' ', agi_vm_text_attr_now(vm));
}

void agi_vm_text_cursor_show(agi_vm *vm, int show)
{
    if (vm->txt->input_enabled && agi_text_cursor_row_ok(vm) && vm->txt->prompt_char)
        agi_vm_text_put(vm, (unsigned)vm->txt->drawn_row, (unsigned)vm->txt->cursor_col,
                        show ? vm->txt->prompt_char : ' ', agi_vm_text_attr_now(vm));
}

void agi_vm_text_cursor_step(agi_vm *vm)
{
    if (vm->txt->input_enabled && agi_text_cursor_row_ok(vm) && vm->txt->cursor_col < 39 && vm->txt->prompt_char)
        agi_vm_text_put(vm, (unsigned)vm->txt->drawn_row, (unsigned)++vm->txt->cursor_col, vm->txt->prompt_char,
                        agi_vm_text_attr_now(vm));
}
