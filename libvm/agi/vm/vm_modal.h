/* PRIVATE to the modal module (vm_modal.c, vm_savedlg.c): the open modal
 * wait, the menus and the save and restore dialogs' state of the AGI
 * interpreter (agi-spec input_text_and_menus.md "Modal text and alternate
 * text mode", "Menus"; session_and_persistence.md "Save and restore
 * dialogs").  struct agi_vm holds pointers to them; every other file sees
 * incomplete types and calls the module's functions (vm_private.h, "5.
 * Modal waits and menus"): the screen and the state JSON read the open
 * modal through agi_vm_modal_describe.  The unit tests reach them through
 * vm_test_internal.h. */
#ifndef RELIC_AGI_VM_MODAL_H
#define RELIC_AGI_VM_MODAL_H

#include "vm_internal.h"

typedef struct agi_vm_menu_item {
    char text[41];
    uint8_t status, enabled, heading;
} agi_vm_menu_item;

struct agi_vm_modal {
    uint8_t kind;        /* agi_vm_modal_kind */
    uint8_t purpose;     /* CONFIRM: what; EDIT: 1 numeric; SAVE/RESTORE: the dialog's step (vm_savedlg.c) */
    uint8_t dest;        /* EDIT: string slot or variable */
    uint8_t interactive; /* INVENTORY: Enter selects into v25 */
    int sel;             /* inventory entry, menu item, selector slot (0-based) */
    unsigned heading;    /* MENU */
    unsigned limit;      /* EDIT: bytes kept, terminator included */
    int edit_row;        /* EDIT: get.string's text cells from (edit_row, edit_col); -1: get.num's line */
    int edit_col;
    int box_left, box_width, box_rows; /* MENU: the drop-down drawn, text cells from row 1 */
    unsigned timer;                    /* MESSAGE: 20 Hz ticks before it closes by itself (print with v21); 0: a key */
    uint8_t show_obj;                  /* MESSAGE: show.obj's, view `dest`'s first cel drawn too */
    uint8_t show_loaded;               /* show.obj loaded the view: discarded when it closes */
    char edit[41];
    char path[32];        /* SAVE/RESTORE: the directory typed (vm_savedlg.c) */
    uint8_t entries[256]; /* INVENTORY: carried item numbers */
    unsigned n_entries;
    char slot_desc[AGI_VM_SAVE_SLOTS][32]; /* SAVE/RESTORE: descriptions ("" empty); entries[]: the slots listed */
    uint8_t slot_valid[AGI_VM_SAVE_SLOTS];
};

/* Menus (vm_modal.c). */
struct agi_vm_menus {
    agi_vm_menu_item menu[AGI_VM_MAX_MENU];
    char menu_heading[16][41];
    unsigned menu_n, heading_n;
    int menu_done, menu_request;
    uint8_t menu_item_of[16]; /* remembered item per heading */
    unsigned menu_heading_cur;
    uint8_t menu_gate; /* 0xb1: zero keeps a menu request from opening the menu */
};

/* Save and restore dialogs (vm_savedlg.c). */
struct agi_vm_saves {
    char save_desc[32];   /* last selected/entered save description */
    const char *save_dir; /* the dialogs' folder (NULL: the saves stay in mem[]) */
    unsigned long saves_written;
    relic_buf mem[AGI_VM_SAVE_SLOTS];     /* without a folder: the run's saves, slot by slot (len 0: none) */
    uint64_t mem_time[AGI_VM_SAVE_SLOTS]; /* mem[]'s write order, the files' times of a run without a folder */
    uint64_t mem_clock;                   /* the last mem_time given */
    char path[32];                        /* the directory last accepted in a dialog ("": none yet) */
};

#endif
