/* The full AGI screen for pic-render --screen (agi-spec
 * input_text_and_menus.md "Text geometry and surfaces", "Modal text and
 * alternate text mode"): 40x25 text cells of 8x8 pixels over the game area
 * drawn with double-wide pixels from the display base row.  Glyph shapes
 * are a font input (the spec leaves them to the platform); the status line
 * wording is relic's. */
#include <stdio.h>
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

static void agi_scr_text(uint8_t *out, const uint8_t *font, unsigned row, unsigned col, const char *s, uint8_t fg,
                         uint8_t bg)
{
    for (; *s && col < 40; s++, col++)
        agi_scr_char(out, font, row, col, (uint8_t)*s, fg, bg);
}

/* A centred window of at most 30 columns, words wrapped. */
static void agi_scr_window(const agi_vm *vm, uint8_t *out, const uint8_t *font)
{
    char lines[20][31];
    unsigned n = 0, width = 0;
    const char *p = vm->window;
    while (*p && n < 20) {
        size_t len = strlen(p), take = len > 30 ? 30 : len;
        const char *nl = memchr(p, '\n', take);
        if (nl)
            take = (size_t)(nl - p);
        else if (len > 30)
            for (size_t k = take; k > 0; k--)
                if (p[k] == ' ') {
                    take = k;
                    break;
                }
        snprintf(lines[n], sizeof lines[0], "%.*s", (int)take, p);
        if (take > width)
            width = (unsigned)take;
        n++;
        p += take;
        while (*p == ' ' || *p == '\n')
            p++;
    }
    if (!n)
        return;
    unsigned top = vm->base_row + (21 - n) / 2, left = (40 - width) / 2;
    int x0 = (int)left * 8 - 5, y0 = (int)top * 8 - 5, x1 = (int)(left + width) * 8 + 4, y1 = (int)(top + n) * 8 + 4;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            if (x >= 0 && y >= 0 && x < AGI_SCREEN_W && y < AGI_SCREEN_H)
                out[y * AGI_SCREEN_W + x] = (x - x0 < 2 || x1 - x < 2 || y - y0 < 1 || y1 - y < 1) ? 4 : 15;
    for (unsigned i = 0; i < n; i++)
        agi_scr_text(out, font, top + i, left, lines[i], 0, 15);
}

void agi_vm_screen(const agi_vm *vm, const uint8_t *font, uint8_t *out)
{
    if (!font)
        font = agi_vm_font;
    memset(out, vm->text_mode ? vm->text_bg & 15 : 0, AGI_SCREEN_W * AGI_SCREEN_H);
    if (!vm->text_mode)
        for (unsigned y = 0; y < AGI_PIC_HEIGHT; y++) {
            unsigned sy = vm->base_row * 8 + y;
            if (sy >= AGI_SCREEN_H)
                break;
            for (unsigned x = 0; x < AGI_PIC_WIDTH; x++)
                out[sy * AGI_SCREEN_W + 2 * x] = out[sy * AGI_SCREEN_W + 2 * x + 1] = vm->frame_vis[y * 160 + x];
        }
    for (unsigned r = 0; r < 25; r++)
        for (unsigned c = 0; c < 40; c++)
            if (vm->text[r][c] != ' ' && vm->text[r][c])
                agi_scr_char(out, font, r, c, (uint8_t)vm->text[r][c], vm->text_fg & 15, vm->text_bg & 15);
    if (vm->status_enabled && vm->status_row < 25) {
        char line[64];
        snprintf(line, sizeof line, " Score:%u of %-3u              Sound:%s", vm->vars[3], vm->vars[7],
                 vm->flags[9] ? "on " : "off");
        for (unsigned c = 0; c < 40; c++) /* the whole row is the status bar */
            agi_scr_char(out, font, (unsigned)vm->status_row, c, ' ', 0, 15);
        agi_scr_text(out, font, (unsigned)vm->status_row, 0, line, 0, 15);
    }
    if (vm->input_enabled && vm->input_row < 25) {
        char line[43];
        snprintf(line, sizeof line, "%c%s", vm->prompt_char ? vm->prompt_char : ' ', vm->input_line);
        agi_scr_text(out, font, (unsigned)vm->input_row, 0, line, 15, 0);
    }
    if (vm->window_cycle == vm->cycle && vm->window[0])
        agi_scr_window(vm, out, font);
}
