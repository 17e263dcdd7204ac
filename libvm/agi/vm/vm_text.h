/* PRIVATE to vm_text.c: the text state of the AGI interpreter (agi-spec
 * input_text_and_menus.md "Text geometry and surfaces").  struct agi_vm
 * holds a pointer to it; every other file sees an incomplete type and
 * calls vm_text.c's functions (vm_private.h, "3. Text").  The unit tests
 * reach it through vm_test_internal.h. */
#ifndef RELIC_AGI_VM_TEXT_H
#define RELIC_AGI_VM_TEXT_H

#include "vm_internal.h"

struct agi_vm_text {
    char text[25][41];         /* the 40x25 text grid (characters) */
    uint8_t text_attr[25][40]; /* per cell: fg | bg << 4; 0xff: transparent */
    /* Per cell and pixel row, the pixels (0x80 leftmost) where an object's
     * redraw copied the picture over the cell's text (agi_vm_text_wipe). */
    uint8_t wiped[25][40][8];
    /* Per cell: drawn as a disabled menu item, its black pixels only where
     * x + y is even (agi_vm_text_dither). */
    uint8_t dither[25][40];
    uint8_t text_fg, text_bg, text_mode;
    uint8_t text_bg_white; /* set.text.attribute's bg was non-zero in graphics mode (not saved) */
    int input_row, status_row, base_row, status_enabled;
    char prompt_char;
    uint8_t status_score, status_sound; /* as the status line was last drawn */
    int win_open;                       /* a text window is on screen (window[]) */
    int win_row, win_col, win_width;    /* print.at overrides (-1: centred, 0 width: 30) */
    int win_force;                      /* the box is win_width wide whatever the lines (the save dialogs) */
    char window[600];                   /* the open text window's expanded text */
    /* Screen pixels (0x80 leftmost of 8) of the open window that object
     * redraws copied the picture over (agi_vm_text_wipe). */
    uint8_t win_wiped[AGI_SCREEN_H][AGI_SCREEN_W / 8];
    /* text.screen() homes the text position: typed keys echo from row 0,
     * column 0 until the input line is drawn again (agi_vm_input_redraw). */
    int echo_home;
    /* The input line as last drawn (agi_vm_input_redraw): the original
     * draws it only at its redraw events, so a prompt or cursor character
     * set later shows from the next one. */
    char drawn_prompt[41];
    char drawn_cursor;
    int drawn_row;
    int cursor_col;               /* the cell the cursor character was last drawn in */
    uint8_t input_width_override; /* 0xa3/0xa4: the fixed 36-character input width */
    /* The input line is on: drawn again at its events, and typed keys go
     * to it (accept.input and prevent.input, through vm_input.c). */
    int input_enabled;
};

#endif
