/* The full AGI screen for pic-render --screen (agi-spec
 * input_text_and_menus.md "Text geometry and surfaces", "Modal text and
 * alternate text mode"): 40x25 text cells of 8x8 pixels over the game area
 * drawn with double-wide pixels from the display base row.  Glyph shapes
 * are a font input (the spec leaves them to the platform: AGI 2.936 draws
 * with the video BIOS 8x8 font; its text mode shows the EGA 8x14 font,
 * drawn here as a 200-row sample of that 640x350 screen).  The message
 * window, word wrap, status line and input line follow AGI 2.936 as
 * measured under DOSBox (tests/corpus/agi_oracle/README.md).  What the
 * original leaves on its screen between redraws is state here: the
 * picture's row (pic_row, or scr_gfx after a configure.screen), the
 * status and input lines as text cells, drawn at their events, and the text
 * pixels objects wiped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vm_private.h"


static void agi_scr_char(uint8_t *out, const uint8_t *font, unsigned row, unsigned col, uint8_t ch, uint8_t fg,
                         uint8_t bg)
{
    if (row >= 25 || col >= 40)
        return;
    const uint8_t *gl = font + 8 * ch;
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++)
            out[(row * 8 + y) * AGI_SCREEN_W + col * 8 + x] = (gl[y] & (0x80 >> x)) ? fg : bg;
}

/* A text cell over what is drawn below it, but for the pixels an object's
 * redraw wiped (the picture shows there). */
static void agi_scr_cell(uint8_t *out, const uint8_t *font, unsigned row, unsigned col, uint8_t ch, uint8_t attr,
                         const uint8_t *wiped, int dither)
{
    const uint8_t *gl = font + 8 * ch;
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++)
            if (!wiped || !(wiped[y] & (0x80 >> x))) {
                uint8_t c = (gl[y] & (0x80 >> x)) ? attr & 15 : attr >> 4;
                if (dither && c == 0 && (x + y) % 2) /* a disabled menu item (vm_text.c) */
                    c = 15;
                out[(row * 8 + y) * AGI_SCREEN_W + col * 8 + x] = c;
            }
}

static void agi_scr_text(uint8_t *out, const uint8_t *font, unsigned row, unsigned col, const char *s, uint8_t fg,
                         uint8_t bg)
{
    for (; *s && col < 40; s++, col++)
        agi_scr_char(out, font, row, col, (uint8_t)*s, fg, bg);
}

/* White box [x0, x1] x [y0, y1] with a frame in colour `frame` 2 screen
 * pixels in from its sides and one row in from its top and bottom, 2 pixels
 * wide and one row high: the message window's and the menu's shape. */
static void agi_scr_framed_box(uint8_t *out, int x0, int y0, int x1, int y1, uint8_t frame)
{
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            if (x < 0 || y < 0 || x >= AGI_SCREEN_W || y >= AGI_SCREEN_H)
                continue;
            int inside = x >= x0 + 2 && x <= x1 - 2 && y >= y0 + 1 && y <= y1 - 1;
            int on_frame = inside && (x <= x0 + 3 || x >= x1 - 3 || y == y0 + 1 || y == y1 - 1);
            out[y * AGI_SCREEN_W + x] = on_frame ? frame : 15;
        }
}

/* The message window's box (measured on AGI 2.936): white from 10 screen
 * pixels (5 AGI pixels) left of the text to 10 right of it and 5 rows above
 * and below; inside it a red frame one AGI pixel wide, 2 screen pixels in
 * from the sides and one row in from the top and bottom. */
static void agi_scr_window_box(uint8_t *out, unsigned top, unsigned left, unsigned rows, unsigned cols)
{
    agi_scr_framed_box(out, (int)left * 8 - 10, (int)top * 8 - 5, (int)(left + cols) * 8 + 9, (int)(top + rows) * 8 + 4,
                       4);
}

/* A window line as written: a backspace (0x08), laid out as a
 * character, clears the cell left of it and writes the rest from there,
 * as in display() text (groza's F1 window under AGI 2.936: `"` 0x08 " F"
 * shows two blanks and "F" in the cell after the quote).  At the line's
 * first column nothing is cleared (not measured in a window; display()
 * stays at column 0). */
static void agi_scr_window_line(char *line)
{
    char out[41] = "";
    size_t col = 0, end = 0;
    for (const char *p = line; *p && col < 40; p++) {
        if (*p == '\b') {
            if (col > 0)
                out[--col] = ' ';
            continue;
        }
        out[col++] = *p;
        if (col > end)
            end = col;
    }
    memcpy(line, out, end);
    line[end] = 0;
}

/* The message window: centred in the display text area and on the 40
 * columns, unless print.at gave row (counted from the display base row),
 * column and width (width 0: 30).  A message needing more than 19 lines is
 * replaced by the original's "Message too verbose" window quoting its first
 * 20 characters.  AGI 2.936's window routine indexes the 128-glyph table at
 * F000:FA6E with every byte, so a byte from 0x80 up shows the ROM bytes that
 * follow it (tests/corpus/agi_oracle/README.md): window_font holds those 256
 * glyphs when the caller has them; without it such bytes are drawn blank.
 * In the text mode the original writes the lines as text, black on grey,
 * with no box (a probe). */
static void agi_scr_window(const agi_vm *vm, uint8_t *out, const uint8_t *font, const uint8_t *window_font)
{
    char lines[22][41];
    unsigned widest, top, left;
    unsigned n = agi_vm_window_layout(vm, lines, &widest, &top, &left);
    if (!n)
        return;
    for (unsigned i = 0; i < n; i++)
        agi_scr_window_line(lines[i]);
    if (agi_vm_text_mode(vm)) { /* no box: the lines in black on grey, the screen's glyphs */
        for (unsigned i = 0; i < n; i++)
            agi_scr_text(out, font, top + i, left, lines[i], 0, 7);
        return;
    }
    /* Where an object's redraw copied the picture over the window, what
     * is below shows (agi_vm_text_wipe). */
    uint8_t *under = malloc(AGI_SCREEN_W * AGI_SCREEN_H);
    if (under)
        memcpy(under, out, AGI_SCREEN_W * AGI_SCREEN_H);
    agi_scr_window_box(out, top, left, n, widest);
    for (unsigned i = 0; i < n; i++) {
        if (!window_font)
            for (char *c = lines[i]; *c; c++)
                if ((uint8_t)*c >= 0x80)
                    *c = ' ';
        agi_scr_text(out, window_font ? window_font : font, top + i, left, lines[i], 0, 15);
    }
    if (!under)
        return;
    for (unsigned y = 0; y < AGI_SCREEN_H; y++)
        for (unsigned x = 0; x < AGI_SCREEN_W; x++)
            if (agi_vm_text_window_wiped(vm, x, y))
                out[y * AGI_SCREEN_W + x] = under[y * AGI_SCREEN_W + x];
    free(under);
}

/* The inventory screen as AGI 2.936 shows it (probe INV with 0, 1 and 10
 * items, acknowledgement and selection): the text mode, black on grey;
 * "You are carrying:" on row 0 from column 11; the items from row 2, two
 * a row, the first from column 1, the second ending in column 38, names
 * whole; "nothing" on row 2 from column 16 when there are none; the
 * selection white on black; the help on row 24.  Drawn with the text
 * mode's glyphs (text_font). */
static void agi_scr_inventory(const agi_vm *vm, const agi_vm_modal_look *m, uint8_t *out, const uint8_t *font)
{
    for (unsigned r = 0; r < 25; r++)
        for (unsigned c = 0; c < 40; c++)
            agi_scr_char(out, font, r, c, ' ', 0, 7);
    agi_scr_text(out, font, 0, 11, "You are carrying:", 0, 7);
    if (!m->n_entries) /* selecting, "nothing" is the selection (ltec's F4, 2.936) */
        agi_scr_text(out, font, 2, 16, "nothing", m->interactive ? 15 : 0, m->interactive ? 0 : 7);
    for (unsigned i = 0; i < m->n_entries && i / 2 < 22; i++) {
        const char *name = vm->objects_meta.items[m->entries[i]].name;
        int sel = m->interactive && (int)i == m->sel;
        char t[41];
        snprintf(t, sizeof t, "%.39s", name ? name : "");
        unsigned col = i % 2 ? 39 - (unsigned)strlen(t) : 1;
        agi_scr_text(out, font, 2 + i / 2, col, t, sel ? 15 : 0, sel ? 0 : 7);
    }
    if (m->interactive)
        agi_scr_text(out, font, 24, 2, "Press ENTER to select, ESC to cancel", 0, 7);
    else
        agi_scr_text(out, font, 24, 4, "Press a key to return to the game", 0, 7);
}

/* The open menu's drop-down box (AGI 2.936, probe MENU): white, with a
 * black frame 2 pixels in from its sides and one row in from its top and
 * bottom, 2 pixels wide and one row high, around text cells [1, rows] x
 * [left - 1, left + width] (the first item's width); the bar and the items
 * are text cells over it (vm_modal.c). */
static void agi_scr_menu_box(const agi_vm_modal_look *m, uint8_t *out)
{
    if (m->box_rows <= 0)
        return;
    agi_scr_framed_box(out, (m->box_left - 1) * 8, 8, (m->box_left + m->box_width) * 8 + 7, (1 + m->box_rows) * 8 - 1,
                       0);
}

/* The save and restore dialogs' windows (vm_savedlg.c, AGI 2.936 probes
 * S1 to S3): on the directory and description steps the window's last
 * line is a black field, its width, holding the path or the description
 * typed in white and the cursor character (none before set.cursor.char);
 * on the list step the pointer (0x1a)
 * stands in the selected slot line's first column. */
static void agi_scr_selector(const agi_vm *vm, const agi_vm_modal_look *m, uint8_t *out, const uint8_t *font,
                             const uint8_t *window_font)
{
    char lines[22][41];
    unsigned widest, top, left, n = agi_vm_window_layout(vm, lines, &widest, &top, &left);
    agi_scr_window(vm, out, font, window_font);
    if (!n || agi_vm_text_mode(vm))
        return;
    if (m->purpose == AGI_SAVEDLG_DIR || m->purpose == AGI_SAVEDLG_DESC) { /* the field, then the cursor character */
        char t[44];
        snprintf(t, sizeof t, "%.40s%c", m->purpose == AGI_SAVEDLG_DESC ? m->edit : m->path,
                 agi_vm_text_prompt_char(vm));
        for (unsigned c = 0; c < widest; c++)
            agi_scr_char(out, font, top + n - 1, left + c, ' ', 15, 0);
        agi_scr_text(out, font, top + n - 1, left, t, 15, 0);
    } else if (m->purpose == AGI_SAVEDLG_LIST) { /* the pointer before the selected slot */
        agi_scr_char(out, window_font ? window_font : font, top + (unsigned)m->box_rows + (unsigned)m->sel, left, 0x1a,
                     0, 15);
    }
}

/* get.string / get.num: the prompt and the line being typed, at the given
 * row and column or on the input line. */
static void agi_scr_editor(const agi_vm *vm, const agi_vm_modal_look *m, uint8_t *out, const uint8_t *font)
{
    char t[84];
    snprintf(t, sizeof t, "%.40s%.40s_", agi_vm_text_window(vm), m->edit);
    int win_row, win_col;
    agi_vm_text_window_at(vm, &win_row, &win_col);
    unsigned row = win_row >= 0 && win_row < 25 ? (unsigned)win_row : (unsigned)agi_vm_text_input_row(vm);
    unsigned col = win_row >= 0 && win_col >= 0 && win_col < 40 ? (unsigned)win_col : 0;
    for (unsigned c = col; c < 40; c++)
        agi_scr_char(out, font, row < 25 ? row : 24, c, ' ', 15, 0);
    agi_scr_text(out, font, row < 25 ? row : 24, col, t, 15, 0);
}

/* show.obj's cel (vm_modal.c agi_vm_show_obj_place): its pixels over the
 * screen, the transparent colour left out. */
static void agi_scr_show_obj(const agi_vm *vm, unsigned view, uint8_t *out)
{
    const agi_view *v = agi_vm_view_at(vm, view);
    const agi_cel *c = v ? agi_view_cel(v, 0, 0) : NULL;
    if (!c || agi_vm_text_mode(vm) || !c->width || !c->height)
        return;
    uint8_t *px = malloc((size_t)c->width * c->height);
    if (!px)
        return;
    agi_cel_pixels(c, px);
    int x0, bottom;
    agi_vm_show_obj_place(vm, c, &x0, &bottom);
    for (unsigned j = 0; j < c->height; j++)
        for (unsigned i = 0; i < c->width; i++) {
            uint8_t p = px[j * c->width + i];
            int x = x0 + (int)i, y = vm->pic_row * 8 + bottom - (int)c->height + 1 + (int)j;
            if (p == c->transparent || x < 0 || x >= AGI_PIC_WIDTH || y < 0 || y >= AGI_SCREEN_H)
                continue;
            out[y * AGI_SCREEN_W + 2 * x] = out[y * AGI_SCREEN_W + 2 * x + 1] = p;
        }
    free(px);
}

static void agi_scr_modal(const agi_vm *vm, const agi_vm_modal_look *m, uint8_t *out, const uint8_t *font,
                          const uint8_t *window_font, const uint8_t *text_font)
{
    switch (m->kind) {
    case AGI_MODAL_EDIT: /* get.string draws text cells (vm_modal.c) */
        if (m->edit_row < 0)
            agi_scr_editor(vm, m, out, font);
        break;
    case AGI_MODAL_INVENTORY: agi_scr_inventory(vm, m, out, text_font); break;
    case AGI_MODAL_MENU: break; /* text cells over its box (agi_scr_menu_box) */
    case AGI_MODAL_SAVE:
    case AGI_MODAL_RESTORE: agi_scr_selector(vm, m, out, font, window_font); break;
    default:
        if (m->show_view >= 0)
            agi_scr_show_obj(vm, (unsigned)m->show_view, out);
        if (agi_vm_text_window_open(vm))
            agi_scr_window(vm, out, font, window_font);
        break;
    }
}

void agi_vm_screen(const agi_vm *vm, const uint8_t *font, uint8_t *out) { agi_vm_screen_fonts(vm, font, NULL, out); }

void agi_vm_screen_fonts(const agi_vm *vm, const uint8_t *font, const uint8_t *window_font, uint8_t *out)
{
    agi_vm_fonts f = {.text = font, .window = window_font};
    agi_vm_screen_with(vm, &f, out);
}

int agi_vm_fonts_split(const uint8_t *data, size_t len, agi_vm_fonts *out, relic_err *err)
{
    *out = (agi_vm_fonts){0};
    switch (len) {
    case AGI_FONT8_BYTES + AGI_FONT8_BYTES + AGI_FONT14_BYTES:
        out->text14 = data + 2 * AGI_FONT8_BYTES;                                 /* fall through */
    case AGI_FONT8_BYTES + AGI_FONT8_BYTES: out->window = data + AGI_FONT8_BYTES; /* fall through */
    case AGI_FONT8_BYTES: out->text = data; break;
    case AGI_FONT8_BYTES + AGI_FONT14_BYTES:
        out->text = data;
        out->text14 = data + AGI_FONT8_BYTES;
        break;
    case AGI_FONT14_BYTES: out->text14 = data; break;
    default:
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET,
                             "a font is 2,048 bytes (8x8), 4,096 (8x8 and window glyphs), 3,584 (8x14), 5,632 "
                             "(8x8 and 8x14) or 7,680 (all three), not %zu",
                             len);
    }
    return RELIC_OK;
}

/* The 8x8 glyphs a 320x200 sample of the 8x14 text mode shows: sample row
 * k of a text row is row (8r + k) * 350 / 200 - 14r = k * 7 / 4 of its
 * glyph. */
static void agi_scr_sample14(const uint8_t *font14, uint8_t *font8)
{
    for (unsigned ch = 0; ch < 256; ch++)
        for (unsigned k = 0; k < 8; k++)
            font8[ch * 8 + k] = font14[ch * 14 + k * 7 / 4];
}

int agi_vm_upper_font_split(const uint8_t *data, size_t len, const uint8_t **upper, relic_err *err)
{
    *upper = NULL;
    if (len != AGI_FONT_UPPER_BYTES && len != AGI_FONT8_BYTES)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET,
                             "an upper-half font is 1,024 bytes (glyphs 0x80-0xff) or 2,048 (a whole 8x8 font), "
                             "not %zu",
                             len);
    *upper = data + (len - AGI_FONT_UPPER_BYTES);
    return RELIC_OK;
}

/* base's glyphs below 0x80 and upper's from 0x80, into out. */
static const uint8_t *agi_scr_join_upper(const uint8_t *base, const uint8_t *upper, uint8_t *out)
{
    memcpy(out, base, AGI_FONT8_BYTES - AGI_FONT_UPPER_BYTES);
    memcpy(out + AGI_FONT8_BYTES - AGI_FONT_UPPER_BYTES, upper, AGI_FONT_UPPER_BYTES);
    return out;
}

void agi_vm_screen_with(const agi_vm *vm, const agi_vm_fonts *fonts, uint8_t *out)
{
    const uint8_t *font = fonts->text ? fonts->text : agi_vm_font, *window_font = fonts->window;
    const uint8_t *text_font = font; /* the text mode's glyphs */
    uint8_t sampled[AGI_FONT8_BYTES], joined[AGI_FONT8_BYTES], text_joined[AGI_FONT8_BYTES];
    if (fonts->text14) {
        agi_scr_sample14(fonts->text14, sampled);
        text_font = sampled;
    }
    /* A code page with its own upper half (AGDS: CP866) draws it in every
     * text, the windows too (vm_rules.c). */
    const uint8_t *upper = agi_vm_ext_rules_for(vm->extensions).upper_glyphs;
    if (upper) {
        upper = fonts->upper ? fonts->upper : upper;
        font = window_font = agi_scr_join_upper(font, upper, joined);
        text_font = agi_scr_join_upper(text_font, upper, text_joined);
    }
    int text_mode = agi_vm_text_mode(vm);
    if (text_mode)
        font = text_font;
    memset(out, 0, AGI_SCREEN_W * AGI_SCREEN_H);
    if (!text_mode && vm->scr_split) /* the screen keeps what each redraw put there */
        for (unsigned sy = 0; sy < AGI_SCREEN_H; sy++)
            for (unsigned x = 0; x < AGI_PIC_WIDTH; x++)
                out[sy * AGI_SCREEN_W + 2 * x] = out[sy * AGI_SCREEN_W + 2 * x + 1] =
                    vm->scr_gfx[sy * AGI_PIC_WIDTH + x];
    else if (!text_mode) /* the frame from the row the picture was shown at */
        for (unsigned y = 0; y < AGI_PIC_HEIGHT; y++) {
            unsigned sy = (unsigned)vm->pic_row * 8 + y;
            if (sy >= AGI_SCREEN_H)
                break;
            for (unsigned x = 0; x < AGI_PIC_WIDTH; x++)
                out[sy * AGI_SCREEN_W + 2 * x] = out[sy * AGI_SCREEN_W + 2 * x + 1] = vm->frame_vis[y * 160 + x];
        }
    agi_vm_modal_look modal;
    agi_vm_modal_describe(vm, &modal);
    if (modal.kind == AGI_MODAL_MENU && !text_mode)
        agi_scr_menu_box(&modal, out);
    /* Text cells: characters in their attribute; cleared cells are filled
     * with the attribute's background; untouched cells show what is below. */
    agi_vm_text_cell_look cell;
    for (unsigned r = 0; r < 25; r++)
        for (unsigned c = 0; c < 40; c++)
            if (agi_vm_text_cell(vm, r, c, &cell))
                agi_scr_cell(out, font, r, c, cell.ch, cell.attr, cell.wiped, cell.dither);
    /* The status and input lines are text cells (agi_vm_status_draw,
     * agi_vm_input_redraw): drawn at their events, in text mode too. */
    agi_scr_modal(vm, &modal, out, font, window_font, text_font);
}
