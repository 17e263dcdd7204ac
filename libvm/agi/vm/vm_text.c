/* The AGI interpreter's text layer (agi-spec input_text_and_menus.md "Text
 * geometry and surfaces", "Modal text and alternate text mode"): the 40x25
 * text grid with its attributes, the saved text window, and logic
 * messages (the status and input lines drawn as its cells: vm_lines.c).
 * Calls only vm_state.c and vm_res.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vm_private.h"
#include "vm_text.h"

void agi_vm_text_fill(agi_vm *vm, unsigned top, unsigned left, unsigned bottom, unsigned right, uint8_t attr)
{
    for (unsigned r = top; r <= bottom && r < 25; r++)
        for (unsigned c = left; c <= right && c < 40; c++) {
            vm->txt->text[r][c] = ' ';
            vm->txt->text_attr[r][c] = attr;
            vm->txt->dither[r][c] = 0;
            memset(vm->txt->wiped[r][c], 0, 8);
        }
}

void agi_vm_text_put(agi_vm *vm, unsigned row, unsigned col, char ch, uint8_t attr)
{
    if (row >= 25 || col >= 40)
        return;
    vm->txt->text[row][col] = ch;
    vm->txt->text_attr[row][col] = attr;
    vm->txt->dither[row][col] = 0;
    memset(vm->txt->wiped[row][col], 0, 8);
}

/* A disabled menu item's cell: AGI 2.936 draws it as an enabled one and
 * keeps its black pixels only where x + y is even, the others white
 * (probe MENU: "Disabled one", and inverted when selected). */
void agi_vm_text_dither(agi_vm *vm, unsigned row, unsigned col)
{
    if (row < 25 && col < 40)
        vm->txt->dither[row][col] = 1;
}

/* A line of text cells from (row, col) to the row's end at most; dither:
 * drawn as a disabled menu item (agi_vm_text_dither). */
void agi_vm_text_line(agi_vm *vm, unsigned row, unsigned col, const char *t, uint8_t attr, int dither)
{
    for (; *t && col < 40; t++, col++) {
        agi_vm_text_put(vm, row, col, *t, attr);
        if (dither)
            agi_vm_text_dither(vm, row, col);
    }
}

/* Fills and lines written in order in one call (a menu's bar and
 * drop-down, vm_modal.c). */
void agi_vm_text_runs(agi_vm *vm, const agi_vm_text_run *runs, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        const agi_vm_text_run *r = &runs[i];
        if (r->text)
            agi_vm_text_line(vm, r->row, r->col, r->text, r->attr, r->dither);
        else
            agi_vm_text_fill(vm, r->row, r->col, r->bottom, r->right, r->attr);
    }
}

/* AGI 2.936 writes display() text straight to the screen, not to the
 * picture buffer, and redraws an updated object by copying the buffer over
 * the object's old and new rectangles: the text under them is lost, pixel
 * by pixel (ltec's title loses the "." its feather passes; a probe's text
 * under a standing object that kept updating went too,
 * tests/corpus/agi_oracle/README.md). */
void agi_vm_text_wipe(agi_vm *vm, int x0, int y0, int x1, int y1)
{
    if (x0 < 0)
        x0 = 0;
    if (y0 < 0)
        y0 = 0;
    if (x1 >= AGI_SCREEN_W)
        x1 = AGI_SCREEN_W - 1;
    if (y1 >= AGI_SCREEN_H)
        y1 = AGI_SCREEN_H - 1;
    if (vm->txt->win_open) /* the window's pixels there are gone too */
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++)
                vm->txt->win_wiped[y][x / 8] |= (uint8_t)(0x80 >> (x % 8));
    /* Only cells holding text need it: writing a cell clears its mask. */
    for (int r = y0 / 8; r <= y1 / 8; r++)
        for (int c = x0 / 8; c <= x1 / 8; c++) {
            if (vm->txt->text_attr[r][c] == 0xff)
                continue;
            int lo = (x0 > c * 8 ? x0 : c * 8) - c * 8, hi = (x1 < c * 8 + 7 ? x1 : c * 8 + 7) - c * 8;
            uint8_t bits = (uint8_t)((0xff >> lo) & (0xff << (7 - hi)));
            for (int y = (y0 > r * 8 ? y0 : r * 8); y <= y1 && y < r * 8 + 8; y++)
                vm->txt->wiped[r][c][y % 8] |= bits;
        }
}

/* The packed cell attribute (fg | bg << 4) for text in fg on bg.  In
 * graphics mode AGI 2.936 draws a non-zero background as black text on
 * white (measured under DOSBox: set.text.attribute(4, 1) shows black on
 * white).  In its text mode the attribute byte's top bit is the blink bit,
 * so a background shows as bg & 7 (a probe: (12, 12) shows light red on
 * red, the text blinking); a non-zero background set in graphics mode was
 * kept as white, 15, and shows grey (the same probe: (2, 4) set before
 * text.screen() gives green on grey, and the screen is cleared grey).
 * 0xff means "no text here", so white on white is packed as its look, a
 * blank white cell (the caller stores a space). */
uint8_t agi_vm_text_attr(const agi_vm *vm, unsigned fg, unsigned bg)
{
    fg &= 15;
    bg &= 15;
    if (vm->txt->text_mode)
        bg = (vm->txt->text_bg_white && bg ? 15 : bg) & 7;
    else if (bg)
        return 0xf0;
    if (fg == bg)
        return (uint8_t)(bg << 4);
    return (uint8_t)(fg | bg << 4);
}

#define AGI_TEXT_WINDOW_LINES 19 /* the most a window shows (AGI 2.936) */

/* The open window's lines, widest line and top-left text cell: centred in
 * the display text area and on the 40 columns, unless print.at gave row
 * (counted from the display base row), column and width (width 0: 30).  A
 * message needing more than 19 lines is replaced by the original's
 * "Message too verbose" window quoting its first 20 characters.  Returns
 * the line count (0: nothing to show). */
unsigned agi_vm_window_layout(const agi_vm *vm, char lines[22][41], unsigned *widest, unsigned *top, unsigned *left)
{
    unsigned width = vm->txt->win_width > 0 && vm->txt->win_width <= 40 ? (unsigned)vm->txt->win_width : 30;
    unsigned n = agi_vm_text_wrap(vm->txt->window, width, lines, 22, widest);
    if (vm->txt->win_force && *widest < width)
        *widest = width;
    if (n > AGI_TEXT_WINDOW_LINES) { /* AGI 2.936's own wording and layout */
        char verbose[96];
        snprintf(verbose, sizeof verbose, "Message too verbose:\n\n\"%.20s...\"\n\nPress ESC to continue.",
                 vm->txt->window);
        n = agi_vm_text_wrap(verbose, width, lines, 22, widest);
        if (n > 22)
            n = 22;
    }
    *top = vm->txt->win_row >= 0 && vm->txt->win_row < 25 ? (unsigned)(vm->txt->base_row + vm->txt->win_row)
                                                          : vm->txt->base_row + (n < 21 ? (21 - n) / 2 : 0);
    *left = vm->txt->win_col >= 0 && vm->txt->win_col < 40 ? (unsigned)vm->txt->win_col : (40 - *widest) / 2;
    return n;
}

/* AGI 2.936 draws a window on the screen and, closing it, copies the
 * picture buffer over its box: display() text under it is lost there
 * (probes P and W: the text under a window closed by Enter or by
 * close.window did not come back), and an object's redraw while it is up
 * wipes it the same way (agi_vm_text_wipe). */
/* Opening another saved window first closes the current one. */
void agi_vm_window_close(agi_vm *vm)
{
    if (vm->txt->win_open && !vm->txt->text_mode) {
        char lines[22][41];
        unsigned widest, top, left, n = agi_vm_window_layout(vm, lines, &widest, &top, &left);
        vm->txt->win_open = 0; /* the box is not the window's any more */
        if (n)
            agi_vm_text_wipe(vm, (int)left * 8 - 10, (int)top * 8 - 5, (int)(left + widest) * 8 + 9,
                             (int)(top + n) * 8 + 4);
    }
    vm->txt->win_open = 0;
    vm->txt->window[0] = 0;
    memset(vm->txt->win_wiped, 0, sizeof vm->txt->win_wiped);
}

void agi_vm_window_show(agi_vm *vm, const char *text, int row, int col, int width)
{
    agi_vm_window_close(vm);
    snprintf(vm->txt->window, sizeof vm->txt->window, "%s", text);
    vm->txt->win_open = 1;
    vm->txt->win_row = row;
    vm->txt->win_col = col;
    vm->txt->win_width = width;
    vm->txt->win_force = 0;
}

/* Closing text-window state (0xa9, show.pic): the window shown by the
 * last print goes; 3.002.102 also drops the input-width override. */
void agi_vm_close_window(agi_vm *vm)
{
    agi_vm_window_close(vm);
    if (vm->rules->window_close_clears_width)
        vm->txt->input_width_override = 0;
}

const char *agi_vm_message(agi_vm *vm, unsigned logic, unsigned n)
{
    const agi_vm_logic *l = agi_vm_logic_at(vm, logic);
    if (!l || !l->loaded || n == 0 || n > l->msgs.count || !l->msgs.msg[n].text)
        return NULL;
    return l->msgs.msg[n].text;
}

void agi_vm_text_reset(agi_vm *vm)
{
    memset(vm->txt->text, ' ', sizeof vm->txt->text);
    memset(vm->txt->text_attr, 0xff, sizeof vm->txt->text_attr);
    memset(vm->txt->wiped, 0, sizeof vm->txt->wiped);
    memset(vm->txt->dither, 0, sizeof vm->txt->dither);
    for (unsigned r = 0; r < 25; r++)
        vm->txt->text[r][40] = 0;
    vm->txt->win_open = 0;
    vm->txt->window[0] = 0;
    memset(vm->txt->win_wiped, 0, sizeof vm->txt->win_wiped);
    vm->txt->status_enabled = 0;
    vm->txt->status_score = vm->txt->status_sound = 0;
    vm->txt->echo_home = 0;
    vm->txt->drawn_prompt[0] = vm->txt->drawn_cursor = 0;
    vm->txt->drawn_row = 23;
    vm->txt->cursor_col = 0;
    vm->txt->input_width_override = 0;
    /* Before any configure.screen AGI 2.936 draws the picture from row 0,
     * the status line on row 21 and the input line on row 23 (a probe game
     * under the original interpreter).  There is no cursor character until
     * set.cursor.char (a probe's accept.input with s0 ">" showed ">"). */
    vm->txt->input_row = 23;
    vm->txt->status_row = 21;
    vm->txt->base_row = 0;
    vm->txt->prompt_char = 0;
    vm->txt->text_fg = 15;
    vm->txt->text_bg = 0;
    vm->txt->text_bg_white = 0;
    vm->txt->text_mode = 0;
}

/* Lines being formatted for a window (agi_vm_text_wrap). */
typedef struct agi_text_lines {
    char (*line)[41];
    unsigned max, n, widest;
} agi_text_lines;

static void agi_text_emit(agi_text_lines *w, const char *p, size_t len)
{
    if (len > 40)
        len = 40;
    if (w->n < w->max) {
        memcpy(w->line[w->n], p, len);
        w->line[w->n][len] = 0;
    }
    w->n++;
    if (len > w->widest)
        w->widest = (unsigned)len;
}

/* Word-wrapped lines as AGI 2.936 formats a window and display() text: a
 * line is read until it would hold `width` characters, then broken at its
 * last space, which goes (a width-30 window holds at most 29 characters a
 * line: 28 characters and " d" make two lines); spaces before that one
 * stay on the line and spaces after it begin the next ("aaa" and three
 * spaces, broken at the third, leave two spaces that widen the window;
 * 39 letters and "  xyz" in display() leave " xyz").  A line without a
 * space is cut after `width` characters and nothing is dropped (a 40-letter
 * word and "  xyz" give "  xyz" below it); a newline right after such a
 * cut ends that line, not one more (probe S6: a 30-letter description in
 * the width-30 verify window, then "\n\nin file:", left one empty line
 * between).  Spaces before a newline stay; a
 * newline at the end gives an empty last line (probes and corpus windows
 * under DOSBox).  Returns the line count, which may exceed `max` (only
 * `max` lines are kept). */
unsigned agi_vm_text_wrap(const char *p, unsigned width, char lines[][41], unsigned max, unsigned *widest)
{
    agi_text_lines w = {.line = lines, .max = max};
    if (width > 40)
        width = 40;
    if (width < 1)
        width = 1;
    while (*p) {
        size_t n = 0, last = 0;
        int spaced = 0;
        for (;; n++) {
            if (!p[n]) {
                agi_text_emit(&w, p, n);
                p += n;
                break;
            }
            if (p[n] == '\n') {
                agi_text_emit(&w, p, n);
                p += n + 1;
                if (!*p)
                    agi_text_emit(&w, p, 0);
                break;
            }
            if (p[n] == ' ') {
                last = n;
                spaced = 1;
            }
            if (n + 1 >= width) {
                size_t keep = spaced ? last : n + 1;
                agi_text_emit(&w, p, keep);
                p += spaced ? last + 1 : n + 1;
                if (!spaced && *p == '\n') /* the cut is that line's break */
                    p++;
                break;
            }
        }
    }
    *widest = w.widest;
    return w.n;
}

/* Message substitutions: %vN (with |W width ignored), %sN, %mN, %wN, %gN,
 * %oN.  A '%' before any other character drops both (AGI 2.936: groza's
 * room 5 window shows "urt%' \xbd..." as "urt \xbd...", the word after it
 * kept on the line); a '%' ending the message is dropped.  A backslash
 * is not shown and makes the next character plain: groza's "74\%$ ..."
 * (text mode, row 23) is the 9-character word "74%$". */
void agi_vm_text_expand(agi_vm *vm, unsigned logic, const char *src, char *out, size_t outsz, int depth)
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
        const char *word = kind == 'w' && n <= 10 ? vm->hooks.parsed_word(vm, (unsigned)n) : NULL;
        if (kind == 'v' && width) {
            int len = snprintf(tmp, sizeof tmp, "%0*u", (int)(width < 15 ? width : 15), vm->vars[n & 0xff]);
            t = tmp + (len > (int)width ? len - (int)width : 0);
        } else if (kind == 'v')
            snprintf(tmp, sizeof tmp, "%u", vm->vars[n & 0xff]);
        else if (kind == 's' && agi_vm_string_slot(vm, (unsigned)n))
            snprintf(tmp, sizeof tmp, "%.40s", vm->strings[n]);
        else if (kind == 'w' && word)
            t = word;
        else if ((kind == 'm' || kind == 'g') && depth < 2) {
            const char *m = agi_vm_message(vm, kind == 'g' ? 0 : logic, (unsigned)n);
            if (m)
                agi_vm_text_expand(vm, logic, m, tmp, sizeof tmp, depth + 1);
        } else if (kind == 'o' && n < vm->item_count)
            t = vm->objects_meta.items[n].name ? vm->objects_meta.items[n].name : "";
        while (*t && o + 1 < outsz)
            out[o++] = *t++;
    }
    out[o] = 0;
}

/* Message n of the logic, its substitutions made ("" when there is none). */
void agi_vm_message_expand(agi_vm *vm, unsigned logic, unsigned n, char *out, size_t outsz)
{
    const char *m = agi_vm_message(vm, logic, n);
    agi_vm_text_expand(vm, logic, m ? m : "", out, outsz, 0);
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
    agi_vm_text_expand(vm, logic, m ? m : "", text, text_cap, 0);
    uint8_t attr = agi_vm_text_attr(vm, vm->txt->text_fg, vm->txt->text_bg);
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
    if (vm->txt->text_mode)
        colour = 0;
    else if (colour)
        colour = 15;
    agi_vm_text_fill(vm, top, left, bottom, right, (uint8_t)(colour << 4));
}

/* The text actions (logic_bytecode.md "Action opcodes" 0x67-0x6d, 0x6f-0x72,
 * 0x8f, 0x9a): opcodes.h's handler column. */
void agi_vm_op_display(agi_vm *vm, const uint8_t *a, unsigned logic) { agi_vm_display(vm, logic, a[0], a[1], a[2]); }

void agi_vm_op_display_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    agi_vm_display(vm, logic, vm->vars[a[0]], vm->vars[a[1]], vm->vars[a[2]]);
}

void agi_vm_op_clear_lines(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_clear_text(vm, a[0], 0, a[1], 39, a[2]);
}

void agi_vm_op_clear_text_rect(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_clear_text(vm, a[0], a[1], a[2], a[3], a[4]);
}

/* text.screen's surface: the whole grid in the text attribute. */
void agi_vm_text_screen(agi_vm *vm)
{
    vm->txt->text_mode = 1;
    agi_vm_text_fill(vm, 0, 0, 24, 39, agi_vm_text_attr(vm, vm->txt->text_fg, vm->txt->text_bg));
    vm->txt->echo_home = 1;
}

void agi_vm_op_set_cursor_char(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    const char *m = agi_vm_message(vm, logic, a[0]);
    vm->txt->prompt_char = m ? m[0] : 0;
}

void agi_vm_op_set_text_attribute(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    vm->txt->text_fg = a[0];
    vm->txt->text_bg = a[1];
    vm->txt->text_bg_white = !vm->txt->text_mode && a[1];
}

void agi_vm_op_configure_screen(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    vm->txt->base_row = a[0];
    vm->txt->input_row = a[1];
    vm->txt->status_row = a[2];
}

void agi_vm_op_set_string(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    const char *m = agi_vm_message(vm, logic, a[1]);
    agi_vm_string_set(vm, a[0], m ? m : "", sizeof vm->strings[0]);
}

void agi_vm_op_set_game_id(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    const char *m = agi_vm_message(vm, logic, a[0]);
    snprintf(vm->signature, sizeof vm->signature, "%.7s", m ? m : "");
}

/* An edit's cursor one cell on (get.string's, from the input line's). */

/* open.dialogue's fixed 36-character input width on or off. */
void agi_vm_text_input_width(agi_vm *vm, int fixed) { vm->txt->input_width_override = (uint8_t)(fixed != 0); }

/* An edit's prompt (message n of logic) as the window's text, at
 * get.string's row and column; the open window closes first. */
void agi_vm_window_prompt(agi_vm *vm, unsigned logic, unsigned n, int row, int col)
{
    agi_vm_window_close(vm);
    const char *prompt = agi_vm_message(vm, logic, n);
    snprintf(vm->txt->window, sizeof vm->txt->window, "%s", prompt ? prompt : "");
    vm->txt->win_row = row;
    vm->txt->win_col = col;
}

/* The next window's box as wide as asked, whatever its lines (the save dialogs). */
void agi_vm_window_force(agi_vm *vm, int force) { vm->txt->win_force = force; }

/* A restore's text state: colours, the rows, the cursor character and
 * the status line's switch (session_and_persistence.md "Save layout"). */
void agi_vm_text_from_save(agi_vm *vm, const agi_save_state *st)
{
    vm->txt->text_fg = (uint8_t)st->text_fg;
    vm->txt->text_bg = (uint8_t)st->text_bg;
    vm->txt->input_row = st->input_row;
    vm->txt->prompt_char = (char)st->prompt_char;
    vm->txt->status_enabled = st->status_enabled != 0;
    vm->txt->status_row = st->status_row;
    vm->txt->base_row = st->display_base_row;
}

int agi_vm_text_wipe_picture(agi_vm *vm, int x0, int y0, int x1, int y1)
{
    int top = vm->txt->base_row * 8;
    agi_vm_text_wipe(vm, x0, top + y0, x1, top + y1);
    return top;
}

/* The text state with the vm (agi_vm_new) and without it. */
int agi_vm_text_new(agi_vm *vm) { return (vm->txt = calloc(1, sizeof *vm->txt)) != NULL; }
void agi_vm_text_free(agi_vm *vm) { free(vm->txt); }

/* What the other files read of the text state. */
int agi_vm_text_mode(const agi_vm *vm) { return vm->txt->text_mode; }
int agi_vm_text_base_row(const agi_vm *vm) { return vm->txt->base_row; }
int agi_vm_text_input_row(const agi_vm *vm) { return vm->txt->input_row; }
char agi_vm_text_prompt_char(const agi_vm *vm) { return vm->txt->prompt_char; }
uint8_t agi_vm_text_attr_now(const agi_vm *vm) { return agi_vm_text_attr(vm, vm->txt->text_fg, vm->txt->text_bg); }
int agi_vm_text_window_open(const agi_vm *vm) { return vm->txt->win_open; }
const char *agi_vm_text_window(const agi_vm *vm) { return vm->txt->window; }
const char *agi_vm_text_row(const agi_vm *vm, unsigned row) { return vm->txt->text[row < 25 ? row : 24]; }

void agi_vm_text_window_at(const agi_vm *vm, int *row, int *col)
{
    *row = vm->txt->win_row;
    *col = vm->txt->win_col;
}

int agi_vm_text_cell(const agi_vm *vm, unsigned row, unsigned col, agi_vm_text_cell_look *cell)
{
    if (vm->txt->text_attr[row][col] == 0xff)
        return 0;
    cell->ch = (uint8_t)vm->txt->text[row][col];
    cell->attr = vm->txt->text_attr[row][col];
    cell->wiped = vm->txt->text_mode ? NULL : vm->txt->wiped[row][col];
    cell->dither = vm->txt->dither[row][col];
    return 1;
}

int agi_vm_text_window_wiped(const agi_vm *vm, unsigned x, unsigned y)
{
    return (vm->txt->win_wiped[y][x / 8] & (0x80 >> (x % 8))) != 0;
}

void agi_vm_text_to_save(const agi_vm *vm, agi_save_state *st)
{
    st->text_fg = vm->txt->text_fg;
    st->text_bg = vm->txt->text_bg;
    st->input_row = (uint16_t)vm->txt->input_row;
    st->prompt_char = (uint8_t)vm->txt->prompt_char;
    st->status_enabled = (uint16_t)vm->txt->status_enabled;
    st->status_row = (uint16_t)vm->txt->status_row;
    st->display_base_row = (uint16_t)vm->txt->base_row;
    st->display_bottom_row = (uint16_t)(vm->txt->base_row + 21);
    st->input_enabled = (uint16_t)vm->txt->input_enabled;
}

int agi_vm_text_input_enabled(const agi_vm *vm) { return vm->txt->input_enabled; }
void agi_vm_text_input_enable(agi_vm *vm, int on) { vm->txt->input_enabled = on != 0; }
