/* INTERNAL: the AGI interpreter's whole state (agi_vm.h is the public
 * interface: an opaque handle with accessors).  For libvm/agi's own files
 * (through vm_private.h) and for the unit tests that must reach inside;
 * nothing else includes it, and it may change with any commit.
 * Each sub-struct is owned by one file (or module), which also makes,
 * resets and frees it; they are only pointers here, their structs defined
 * in the owner's private header, where the owner alone sees them
 * (tests/owners.sh).  What is left by value is the VM's own (vm_core.c's
 * hooks, the game's metadata) or a layer's plain fields. */
#ifndef RELIC_AGI_VM_INTERNAL_H
#define RELIC_AGI_VM_INTERNAL_H

#include "relic/agi_vm.h"
#include "vm_names.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AGI_VM_OBJECTS 256
#define AGI_VM_MAX_DEPTH 64 /* nested logic calls */
#define AGI_VM_QUEUE 20     /* physical event slots (19 pending) */
#define AGI_VM_MAX_MENU 64
#define AGI_VM_MSG_LOG 16
#define AGI_VM_REPLAY_DEFAULT 50 /* pairs before script.size */

enum { AGI_MOTION_NORMAL, AGI_MOTION_WANDER, AGI_MOTION_FOLLOW, AGI_MOTION_MOVE };
enum { AGI_CYCLE_NORMAL, AGI_CYCLE_END, AGI_CYCLE_REVERSE_END, AGI_CYCLE_REVERSE };

typedef struct agi_vm_obj {
    uint8_t drawn, animated, updating, cycling, fix_loop, fix_pri, no_horizon, no_objs, no_blocks;
    uint8_t on_water, on_land, repositioned, didnt_move, has_view, end_delay;
    int x, y, px, py; /* left and baseline; previous */
    uint8_t view, loop, cel, width, height, pw, ph;
    uint8_t step, step_time, step_count, cycle_time, cycle_count;
    uint8_t dir, motion, cycle_mode, priority;
    uint8_t pri_read; /* what get.priority reads: set.priority's, or y's at the last update (2.936) */
    uint8_t end_flag; /* completion flag of cycling */
    uint8_t move_x, move_y, move_step, move_flag; /* target motion / follow */
    uint8_t follow_retry, wander_count;
    uint8_t rect_state;
    uint8_t blitted;    /* bx..bh hold the rectangle last copied to the screen */
    int bx, by, bw, bh; /* left, baseline, width, height (AGI pixels) */
} agi_vm_obj;

#define AGI_VM_SAVE_SLOTS 12

/* The save and restore dialogs' steps (vm_savedlg.c), in agi_vm_modal.purpose. */
typedef enum agi_vm_savedlg_step {
    AGI_SAVEDLG_DIR,        /* the directory window, the path edited */
    AGI_SAVEDLG_LIST,       /* the slot list and its pointer */
    AGI_SAVEDLG_DESC,       /* save: the description edited */
    AGI_SAVEDLG_VERIFY,     /* "About to save/restore ..." */
    AGI_SAVEDLG_NONE_SAVED, /* restore with nothing saved */
    AGI_SAVEDLG_NO_DIR      /* "There is no directory named ..." */
} agi_vm_savedlg_step;

typedef struct agi_vm_logic {
    relic_buf payload;
    agi_logic_messages msgs;
    uint16_t code_len;
    uint16_t scan_start; /* resume position (0x91/0x92) */
    uint8_t loaded;
    uint8_t pinned; /* installed by agi_vm_install_logic: kept */
} agi_vm_logic;

/* The open modal wait, the menus and the save dialogs' state: vm_modal.h,
 * seen by the modal module (vm_modal.c, vm_savedlg.c) alone. */
typedef struct agi_vm_modal agi_vm_modal;
typedef struct agi_vm_menus agi_vm_menus;
typedef struct agi_vm_saves agi_vm_saves;
/* The event queue: defined in vm_events.c, seen by it alone. */
typedef struct agi_vm_events agi_vm_events;
/* The replay list, the loaded resources and the playing sound: vm_res.h,
 * seen by vm_res.c alone. */
typedef struct agi_vm_replay_list agi_vm_replay_list;
typedef struct agi_vm_res agi_vm_res;
typedef struct agi_vm_audio agi_vm_audio;
/* Text and windows: vm_text.h, seen by vm_text.c alone. */
typedef struct agi_vm_text agi_vm_text;
/* Input and parser: vm_input.h, seen by vm_input.c alone. */
typedef struct agi_vm_input agi_vm_input;
/* The run's control signals: vm_state.h, seen by vm_state.c alone. */
typedef struct agi_vm_flow agi_vm_flow;
/* The execution stack: vm_exec.h, seen by vm_exec.c alone. */
typedef struct agi_vm_exec_state agi_vm_exec_state;

struct agi_vm;
/* What a lower layer asks of a higher one (set by agi_vm_new): an
 * accepted restart, and the save / restore selectors' state transfer. */
typedef struct agi_vm_hooks {
    void (*restart)(struct agi_vm *vm);
    int (*to_save)(const struct agi_vm *vm, const char *description, agi_save *s, relic_err *err);
    int (*from_save)(struct agi_vm *vm, const agi_save *s, relic_err *err);
    /* The input line's typed bytes (their count in *len), for the text
     * layer's redraw; the word the parser retained n-th (1-based, NULL
     * past the parse), for a message's %w. */
    const char *(*typed)(const struct agi_vm *vm, size_t *len);
    const char *(*parsed_word)(const struct agi_vm *vm, unsigned n);
    /* Where the running logic is ("logic N offset 0xPC: ", "" between
     * logics), for an error's message. */
    void (*where)(const struct agi_vm *vm, char *out, size_t size);
} agi_vm_hooks;

typedef struct agi_vm {
    const agi_game *game;
    const agi_profile *profile;
    const struct agi_vm_rules *rules; /* the profile's runtime rules (vm_rules.h) */
    agi_vm_hooks hooks;
    agi_objects objects_meta; /* OBJECT; items' locations live in `items` */
    agi_words words;
    /* Screen colours: EGA, or the AGIPAL pal.N the game switched to
     * (agipal_file N, 0 = none yet; libformats/agi/agipal.c), or an
     * AGI256 game's 256 VGA colours (palette_colors 256). */
    uint8_t palette[256 * 3];
    unsigned palette_colors;
    uint8_t agipal_file;
    unsigned extensions;    /* AGI_EXT_* of the game (agi_extensions_detect) */
    uint8_t raw_picture_op; /* the extensions' raw-picture action (vm_rules.h), 0: none */
    uint8_t wide_views;     /* 0xF00F views are 256-colour (vm_rules.h) */
    uint8_t *items;         /* inventory locations */
    unsigned item_count;
    unsigned obj_count; /* persistent objects (OBJECT max index + 1) */

    /* state (vm_state.c) */
    uint8_t vars[256], flags[256];
    char strings[12][40];
    char signature[8];
    int quit;
    unsigned long cycle;
    unsigned ticks_per_cycle;
    uint32_t timer, rng;
    uint32_t seed; /* the run's random seed (agi_vm_opts) */
    unsigned timer_sub;
    unsigned machine;          /* agi_vm_machine: the device selector */
    uint16_t unimpl_seen[256]; /* times each unimplemented action ran */
    char msg_log[AGI_VM_MSG_LOG][200];
    unsigned msg_n;
    char warning[300];     /* a metadata file that could not be used */
    int abandon;           /* the rest of this cycle is abandoned (agi_vm_abandon) */
    unsigned abandoned;    /* cycles abandoned so far */
    char abandon_msg[240]; /* why the last one was */
    int room_override;     /* >= 0: the first room switch goes here */
    relic_err err;
    agi_vm_flow *flow; /* allocated with the vm (agi_vm_flow_new) */
    /* Whether logic 0's pass stops after an action, as vm_state.c's flow
     * setters leave it (suspended or aborted; quit and abandon are read
     * beside it): the bytecode loop reads it after every action without a
     * call.  Written by vm_state.c alone (tests/owners.sh). */
    uint8_t flow_halt;

    agi_vm_res *res;            /* allocated with the vm (agi_vm_res_new) */
    agi_vm_audio *audio;        /* allocated with the vm (agi_vm_res_new) */
    agi_vm_replay_list *replay; /* allocated with the vm (agi_vm_replay_new) */

    /* pictures and objects (vm_obj.c, vm_motion.c) */
    uint8_t pic_vis[AGI_PIC_CELLS], pic_pri[AGI_PIC_CELLS];   /* the logical picture */
    uint8_t show_vis[AGI_PIC_CELLS], show_pri[AGI_PIC_CELLS]; /* as last shown */
    uint8_t frame_vis[AGI_PIC_CELLS], frame_pri[AGI_PIC_CELLS];
    /* 1: frame_* is show_* but for the cels drawn at the last render, all
     * inside frame_rect (AGI pixels, x1 and y1 exclusive), so the next one
     * restores only those; every writer of show_* sets it to 0. */
    int frame_kept;
    unsigned frame_rect_n;
    struct {
        int16_t x0, y0, x1, y1;
    } frame_rect[AGI_VM_OBJECTS];
    int shown, picture;
    /* The screen's graphics (AGI 2.936 draws to the screen, not from a
     * state): the shown picture lies from pic_row; an object's redraw
     * copies its rectangles (blit[]) from the frame at the display base
     * row of the moment.  While that base differs from pic_row the screen
     * is scr_gfx (scr_split), one byte an AGI pixel, 200 rows. */
    int pic_row, scr_split;
    int scr_live; /* 0 from new.room to show.pic: redraws do not reach the screen */
    struct {
        int16_t x0, x1, y0, y1, top; /* AGI pixels inclusive; top: screen row of AGI row 0 */
    } blit[32];
    unsigned blit_n;
    uint8_t scr_gfx[AGI_SCREEN_H * AGI_PIC_WIDTH];
    agi_vm_obj obj[AGI_VM_OBJECTS];
    uint8_t pri_table[168];
    int16_t pri_band[16]; /* draw key of a fixed priority: first row of its band (-1 for 0) */
    int horizon;
    int block, block_x1, block_y1, block_x2, block_y2;
    int player_control; /* 1: v6 -> object 0 (0x84) */
    uint16_t nav_event; /* the last navigation (type-2) value; 2.089's 0x4e clears it */

    agi_vm_text *txt;        /* allocated with the vm (agi_vm_text_new) */
    agi_vm_events *events;   /* allocated with the vm (agi_vm_events_new) */
    agi_vm_input *input;     /* allocated with the vm (agi_vm_input_new) */
    agi_vm_menus *menus;     /* allocated with the vm (agi_vm_modal_new) */
    agi_vm_exec_state *exec; /* allocated with the vm (agi_vm_exec_new) */
    agi_vm_modal *modal;     /* the open modal wait (agi_vm_modal_new) */
    agi_vm_saves *saves;     /* allocated with the vm (agi_vm_modal_new) */
} agi_vm;

/* Entry points the unit tests call directly. */
/* said() over `count` little-endian word ids; the raw-key condition;
 * the string comparison's normalized compare. */
int agi_vm_said(agi_vm *vm, const uint8_t *words, unsigned count);
int agi_vm_have_key(agi_vm *vm);
int agi_vm_strcmp_norm(const char *a, const char *b);
/* Menu heading/item moves for navigation value 1..8 (wrapping). */
unsigned agi_vm_menu_next(const agi_vm *vm, unsigned cur, int delta);
/* Objects and motion (object_behavior.md), exposed for the tests. */
void agi_vm_place(agi_vm *vm, agi_vm_obj *o);
int agi_vm_collides(const agi_vm *vm, const agi_vm_obj *o);
int agi_vm_control_ok(agi_vm *vm, agi_vm_obj *o, int is_ego);
unsigned agi_vm_target_dir(int dx, int dy, int s);
void agi_vm_switch_room(agi_vm *vm, unsigned room);
uint16_t agi_vm_random(agi_vm *vm);
void agi_vm_record(agi_vm *vm, uint8_t kind, uint8_t value);
void agi_vm_motion(agi_vm *vm, agi_vm_obj *o, unsigned n);

#ifdef __cplusplus
}
#endif

#endif
