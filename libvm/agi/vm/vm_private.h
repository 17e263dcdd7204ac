/* Shared between the parts of the AGI interpreter (agi_vm.h).  The files
 * are layers: each calls only files of its own layer or of the layers
 * listed before it, never a later one, and no circle of calls runs between
 * files (tests/layers.sh checks both on the objects, run by make test):
 *
 *   1. state        vm_state.c    variables, flags, strings, clock, errors;
 *                                 vm_rules.c the profile's rules; vm_font.c
 *   2. resources    vm_res.c      loading, discard order, replay list, sound
 *   3. objects/text vm_obj.c      objects, the frame and the screen;
 *                                 vm_motion.c their motion;
 *                                 vm_obj_ops.c their actions; vm_text.c
 *                                 text grid, saved window, messages;
 *                                 vm_lines.c the status and input lines
 *   4. events       vm_events.c   the event queue
 *   5. input/modal  vm_modal.c    modal waits and menus; vm_input.c parser,
 *                                 said, input phase (uses vm_modal.c);
 *                                 vm_savedlg.c the save and restore dialogs;
 *                                 vm_expect.c the script's checkpoints
 *   6. bytecode     vm_room.c     room switch; vm_exec.c bytecode, the
 *                                 dispatch through opcodes.h's handlers
 *   7. session      vm_session.c  reset and restart; vm_save.c save/restore
 *   8. cycle        vm_core.c     VM life, the cycle, the frame; vm_json.c,
 *                                 vm_screen.c
 *
 * Where a lower layer must have a higher one act (a modal's accepted
 * restart, the selectors' save and restore) it calls through vm->hooks,
 * which agi_vm_new fills. */
#ifndef RELIC_AGI_VM_PRIVATE_H
#define RELIC_AGI_VM_PRIVATE_H

#include "../opcodes.h"
#include "vm_internal.h"
#include "vm_rules.h"

/* The handlers of opcodes.h's lists: an action with its operand bytes (a)
 * run by logic `logic`; a condition with its operands.  vm_exec.c
 * dispatches through tables of them; each is defined in the file that owns
 * the state it changes (vm_state.c variables and flags, vm_res.c
 * resources and sound, vm_obj_ops.c objects, vm_text.c text, vm_input.c
 * input, vm_modal.c messages and menus, vm_savedlg.c save and restore,
 * vm_room.c new.room, vm_exec.c calls and the conditions). */
typedef void agi_vm_op_fn(agi_vm *vm, const uint8_t *a, unsigned logic);
typedef int agi_vm_test_fn(agi_vm *vm, const uint8_t *a);
#define AGI_X_DECLARE(e, op, name, args, since, handler) agi_vm_op_fn handler;
AGI_ACTION_LIST(AGI_X_DECLARE)
#undef AGI_X_DECLARE
#define AGI_X_DECLARE(e, op, name, args, since, handler) agi_vm_test_fn handler;
AGI_CONDITION_LIST(AGI_X_DECLARE)
#undef AGI_X_DECLARE

/* 1. State (vm_state.c). */
void agi_vm_state_reset(agi_vm *vm);
void agi_vm_machine_state(agi_vm *vm);
void agi_vm_clock_tick(agi_vm *vm);
void agi_vm_log(agi_vm *vm, const char *kind, const char *text);
int agi_vm_fail(agi_vm *vm, const char *fmt, ...);
int agi_vm_abandon(agi_vm *vm, const char *fmt, ...);
int agi_vm_string_slot(const agi_vm *vm, unsigned slot);
/* The run's control signals (vm->flow, vm_state.h): suspended logic, the stage a
 * blocked cycle resumes at (AGI_STAGE_*), an aborted pass of logic 0. */
enum { AGI_STAGE_NONE, AGI_STAGE_INPUT, AGI_STAGE_LOGIC };
void agi_vm_flow_suspend(agi_vm *vm, int on);
void agi_vm_flow_resume_at(agi_vm *vm, int stage);
void agi_vm_flow_abort(agi_vm *vm, int on);
void agi_vm_flow_restored(agi_vm *vm, int on);
void agi_vm_flow_reset(agi_vm *vm);
/* The signals are vm_state.c's (vm_state.h): made with the vm, read
 * through these. */
int agi_vm_flow_new(agi_vm *vm);
void agi_vm_flow_free(agi_vm *vm);
int agi_vm_flow_suspended(const agi_vm *vm);
int agi_vm_flow_aborted(const agi_vm *vm);
int agi_vm_flow_stage(const agi_vm *vm);
int agi_vm_flow_is_restored(const agi_vm *vm);
/* vm->flow_halt: AGI_HALT_SUSPEND (a modal opened, a key wait), or
 * AGI_HALT_STOP (an aborted pass). */
enum { AGI_HALT_NONE, AGI_HALT_SUSPEND, AGI_HALT_STOP };
/* At most size - 1 bytes of src into string slot `slot` (when it exists). */
void agi_vm_string_set(agi_vm *vm, unsigned slot, const char *src, size_t size);
/* UTF-8 text of the input script as the game's bytes (agi_codepage_for:
 * CP866 in an AGDS game) into out (cap bytes, zero-terminated); from the
 * first character the page lacks on, the bytes as written. */
void agi_vm_script_text(const agi_vm *vm, const char *utf8, char *out, size_t cap);
/* The game's bytes as UTF-8 in its code page into out (cap bytes,
 * zero-terminated, cut before a character that does not fit). */
void agi_vm_text_utf8(const agi_vm *vm, const char *bytes, char *out, size_t cap);

/* 2. Resources (vm_res.c): lifecycle (runtime_state.md "Resource
 * lifecycle"), the replay list and the playing sound. */
int agi_vm_load_logic(agi_vm *vm, unsigned n, int record);
void agi_vm_logic_scan_start(agi_vm *vm, unsigned logic, uint16_t at);
int agi_vm_load_pic(agi_vm *vm, unsigned n, int record);
int agi_vm_load_view(agi_vm *vm, unsigned n, int record);
const agi_cel *agi_vm_view_cel(agi_vm *vm, unsigned view, unsigned loop, unsigned cel, relic_err *err);
int agi_vm_load_sound(agi_vm *vm, unsigned n, int record);
void agi_vm_discard_pic(agi_vm *vm, unsigned n);
void agi_vm_discard_view(agi_vm *vm, unsigned n);
int agi_vm_draw_pic(agi_vm *vm, unsigned n, int overlay);
int agi_vm_draw_raw_pic(agi_vm *vm, unsigned n);
void agi_vm_stop_sound(agi_vm *vm);
int agi_vm_start_sound(agi_vm *vm, unsigned n, unsigned flag);
void agi_vm_sound_tick(agi_vm *vm);
void agi_vm_sound_ticks(agi_vm *vm, unsigned n);
void agi_vm_res_leave_room(agi_vm *vm);
void agi_vm_res_reset(agi_vm *vm);
void agi_vm_audio_reset(agi_vm *vm);
void agi_vm_replay_reset(agi_vm *vm);
void agi_vm_replay_renew(agi_vm *vm, unsigned cap);
void agi_vm_replay_new_room(agi_vm *vm);
void agi_vm_replay_pause(agi_vm *vm, int off);
int agi_vm_replay_from_save(agi_vm *vm, const agi_save *s, relic_err *err);
/* The replay list is vm_res.c's (vm_res.h): made with the vm, read through
 * these; its count, checkpoint and pairs into a save made for its cap. */
int agi_vm_replay_new(agi_vm *vm);
void agi_vm_replay_free(agi_vm *vm);
unsigned agi_vm_replay_cap(const agi_vm *vm);
unsigned agi_vm_replay_count(const agi_vm *vm);
unsigned agi_vm_replay_dropped(const agi_vm *vm);
void agi_vm_replay_to_save(const agi_vm *vm, agi_save *s);
/* The resources and the sound are vm_res.c's (vm_res.h): made with the
 * vm, read through these. */
int agi_vm_res_new(agi_vm *vm);
void agi_vm_res_free(agi_vm *vm);
const agi_vm_logic *agi_vm_logic_at(const agi_vm *vm, unsigned n);
const agi_view *agi_vm_view_at(const agi_vm *vm, unsigned n);
const agi_vm_logic *agi_vm_logic_ready(agi_vm *vm, unsigned n);
unsigned agi_vm_logics_loaded(const agi_vm *vm);
void agi_vm_logics_to_save(const agi_vm *vm, agi_save *s);

/* 3. Objects and the frame they are drawn in (vm_obj.c; their motion
 * vm_motion.c). */
void agi_vm_obj_reset(agi_vm *vm);
void agi_vm_obj_nav(agi_vm *vm, uint16_t value);
int agi_vm_set_view(agi_vm *vm, agi_vm_obj *o, unsigned view);
int agi_vm_set_loop(agi_vm *vm, agi_vm_obj *o, unsigned loop);
int agi_vm_set_cel(agi_vm *vm, agi_vm_obj *o, unsigned cel);
void agi_vm_obj_draw(agi_vm *vm, agi_vm_obj *o);
void agi_vm_obj_erase(agi_vm *vm, agi_vm_obj *o);
void agi_vm_obj_position(agi_vm *vm, agi_vm_obj *o, int x, int y);
void agi_vm_obj_stale(agi_vm *vm, agi_vm_obj *o);
void agi_vm_obj_force_update(agi_vm *vm);
void agi_vm_obj_flush(agi_vm *vm);
void agi_vm_obj_animate(agi_vm_obj *o);
uint8_t agi_vm_obj_priority(const agi_vm *vm, const agi_vm_obj *o);
void agi_vm_pre_logic(agi_vm *vm);
void agi_vm_post_logic(agi_vm *vm);
/* The end of a cycle's object update: every drawn, updating object is
 * copied to the screen over its old and new rectangles. */
void agi_vm_obj_blit_all(agi_vm *vm);
void agi_vm_set_horizon_table(agi_vm *vm, unsigned base);
void agi_vm_move_to(agi_vm *vm, agi_vm_obj *o, unsigned x, unsigned y, unsigned step, unsigned flag);
int agi_vm_add_to_pic(agi_vm *vm, unsigned view, unsigned loop, unsigned cel, unsigned x, unsigned y, unsigned pri,
                      int record);

/* 3. Text (vm_text.c): cells filled with an attribute (0xff: transparent),
 * the saved window, logic messages. */
void agi_vm_text_reset(agi_vm *vm);
void agi_vm_text_fill(agi_vm *vm, unsigned top, unsigned left, unsigned bottom, unsigned right, uint8_t attr);
/* The status line drawn on the status row; drawn again if the score or
 * the sound flag changed since (the cycle's check). */
void agi_vm_status_draw(agi_vm *vm);
void agi_vm_status_check(agi_vm *vm);
/* One text cell written (display). */
void agi_vm_text_put(agi_vm *vm, unsigned row, unsigned col, char ch, uint8_t attr);
/* The picture copied to the screen over screen pixels [x0, x1] x [y0, y1]
 * (an object's redraw): the text there is gone. */
void agi_vm_text_wipe(agi_vm *vm, int x0, int y0, int x1, int y1);
/* The same over picture rows [y0, y1] shown from the display base row;
 * returns the screen row of picture row 0. */
int agi_vm_text_wipe_picture(agi_vm *vm, int x0, int y0, int x1, int y1);
uint8_t agi_vm_text_attr(const agi_vm *vm, unsigned fg, unsigned bg);
/* Word-wrapped lines of at most `width` (<= 40) characters, as AGI 2.936
 * formats a window and display(); returns the count (may exceed max). */
unsigned agi_vm_text_wrap(const char *p, unsigned width, char lines[][41], unsigned max, unsigned *widest);
void agi_vm_window_show(agi_vm *vm, const char *text, int row, int col, int width);
void agi_vm_window_close(agi_vm *vm);
unsigned agi_vm_window_layout(const agi_vm *vm, char lines[22][41], unsigned *widest, unsigned *top, unsigned *left);
void agi_vm_close_window(agi_vm *vm);
const char *agi_vm_message(agi_vm *vm, unsigned logic, unsigned n);
/* Draws the input line again: the prompt s0 and cursor character of now,
 * on the input row of now (accept.input, Enter, a typed line); its cells
 * from column col of the row last drawn, in the attribute of now. */
void agi_vm_input_redraw(agi_vm *vm);
/* Back from the text mode (graphics(), or the inventory screen closing):
 * the text cells are gone, the picture shows from the base row, and the
 * status and input lines are drawn again. */
void agi_vm_graphics_again(agi_vm *vm);
void agi_vm_input_put(agi_vm *vm, size_t col, const char *s, size_t len);
void agi_vm_text_dither(agi_vm *vm, unsigned row, unsigned col);
void agi_vm_text_line(agi_vm *vm, unsigned row, unsigned col, const char *t, uint8_t attr, int dither);
/* Fills (text NULL: rows row..bottom, columns col..right) and lines
 * (agi_vm_text_line) written in order, in one call. */
typedef struct agi_vm_text_run {
    const char *text;
    unsigned row, col, bottom, right;
    uint8_t attr, dither;
} agi_vm_text_run;
void agi_vm_text_runs(agi_vm *vm, const agi_vm_text_run *runs, unsigned n);
/* A message with its substitutions (%v, %s, %m, %w, %g, %o) made. */
void agi_vm_text_expand(agi_vm *vm, unsigned logic, const char *src, char *out, size_t outsz, int depth);
void agi_vm_message_expand(agi_vm *vm, unsigned logic, unsigned n, char *out, size_t outsz);
/* text.screen's surface: text mode, the grid in the text attribute. */
void agi_vm_text_screen(agi_vm *vm);
/* The input line's cursor (agi_vm_input_redraw draws the whole line):
 * moved by the editor to cell col (-1: kept) with the cursor character of
 * now; one cell on; the fixed input width (open.dialogue). */
void agi_vm_text_cursor_moved(agi_vm *vm, int col);
void agi_vm_text_input_width(agi_vm *vm, int fixed);
/* An edit's prompt (a logic's message) as the window's text, the open one
 * closed first; a box as wide as asked. */
void agi_vm_window_prompt(agi_vm *vm, unsigned logic, unsigned n, int row, int col);
void agi_vm_window_force(agi_vm *vm, int force);
void agi_vm_text_from_save(agi_vm *vm, const agi_save_state *st);
void agi_vm_text_to_save(const agi_vm *vm, agi_save_state *st);
/* The text state is vm_text.c's (vm_text.h): made with the vm, and read
 * by the other files through these. */
int agi_vm_text_new(agi_vm *vm);
void agi_vm_text_free(agi_vm *vm);
int agi_vm_text_mode(const agi_vm *vm);
int agi_vm_text_base_row(const agi_vm *vm);
int agi_vm_text_input_row(const agi_vm *vm);
char agi_vm_text_prompt_char(const agi_vm *vm);
/* The attribute of now (set.text.attribute's, through agi_vm_text_attr). */
uint8_t agi_vm_text_attr_now(const agi_vm *vm);
int agi_vm_text_window_open(const agi_vm *vm);
const char *agi_vm_text_window(const agi_vm *vm);
/* Row `row`'s 40 characters (--state). */
const char *agi_vm_text_row(const agi_vm *vm, unsigned row);
/* print.at's row and column (-1: centred). */
void agi_vm_text_window_at(const agi_vm *vm, int *row, int *col);
void agi_vm_text_edit_open(agi_vm *vm, int row, int col, int *edit_row, int *edit_col);
/* A text cell as the screen shows it: 0 for an untouched cell (what is
 * below shows); wiped is NULL in the text mode. */
typedef struct agi_vm_text_cell_look {
    uint8_t ch, attr, dither;
    const uint8_t *wiped;
} agi_vm_text_cell_look;
int agi_vm_text_cell(const agi_vm *vm, unsigned row, unsigned col, agi_vm_text_cell_look *cell);
/* Screen pixel (x, y) of the open window was wiped by an object's redraw. */
int agi_vm_text_window_wiped(const agi_vm *vm, unsigned x, unsigned y);
/* The status line drawn again when it is on. */
void agi_vm_status_again(agi_vm *vm);
/* Cells from (row, col) in the attribute of now (get.string's text). */
void agi_vm_text_write(agi_vm *vm, unsigned row, unsigned col, const char *s, size_t len);
/* Whether the input line is on (accept.input); turned on or off. */
int agi_vm_text_input_enabled(const agi_vm *vm);
void agi_vm_text_input_enable(agi_vm *vm, int on);
/* The input line's editor as drawn (vm_input.c edits the line): len
 * typed bytes echoed from position at; Enter; a backspace that left n - 1
 * bytes; whether one more byte fits after n; prevent.input (the line off,
 * its cursor blanked and its row cleared). */
void agi_vm_text_echo(agi_vm *vm, size_t at, const char *s, size_t len);
void agi_vm_text_echo_enter(agi_vm *vm, size_t n);
void agi_vm_text_echo_backspace(agi_vm *vm, size_t n);
int agi_vm_text_echo_fits(const agi_vm *vm, size_t n);
void agi_vm_text_prevent(agi_vm *vm);
/* The input line's cursor cell while the line is on: a space
 * (get.string opening); the cursor character or a space, when there is
 * one (the dialogs, a refused restart); the cursor character one cell on
 * (get.string's end). */
void agi_vm_text_cursor_blank(agi_vm *vm);
void agi_vm_text_cursor_show(agi_vm *vm, int show);
void agi_vm_text_cursor_step(agi_vm *vm);

/* 4. Events (vm_events.c): agi_vm_post / agi_vm_poll (agi_vm.h). */
void agi_vm_events_reset(agi_vm *vm);
int agi_vm_events_new(agi_vm *vm);
void agi_vm_events_free(agi_vm *vm);

/* 5. Modal waits and menus (vm_modal.c).  A blocked cycle resumes at one
 * of the AGI_STAGE_* stages. */
void agi_vm_modal_reset(agi_vm *vm, int keep_menus);
void agi_vm_modal_message(agi_vm *vm, const char *text, int row, int col, int width);
void agi_vm_modal_confirm(agi_vm *vm, int purpose);
/* get.string / get.num: the prompt is message `prompt` of logic `logic`. */
void agi_vm_modal_edit(agi_vm *vm, unsigned dest, int numeric, unsigned limit, unsigned logic, unsigned prompt, int row,
                       int col);
void agi_vm_modal_inventory(agi_vm *vm);
void agi_vm_modal_show_obj(agi_vm *vm, unsigned view);
/* show.obj's cel on the screen: x, the bottom row (picture coordinates). */
void agi_vm_show_obj_place(const agi_vm *vm, const agi_cel *c, int *x, int *bottom);
void agi_vm_modal_selector(agi_vm *vm, int restore);
void agi_vm_savedlg_event(agi_vm *vm, uint8_t type, uint16_t value);
void agi_vm_savedlg_free(agi_vm *vm);
void agi_vm_savedlg_folder(agi_vm *vm, const char *dir);
int agi_vm_menu_open(agi_vm *vm);
void agi_vm_modal_event(agi_vm *vm, uint8_t type, uint16_t value);
/* A timed message window's ticks of one cycle: it closes once they run out. */
void agi_vm_modal_count(agi_vm *vm, unsigned ticks);
void agi_vm_modal_menu_pick(agi_vm *vm, uint16_t status);
void agi_vm_quit_now(agi_vm *vm);
void agi_vm_menu_gate(agi_vm *vm, uint8_t gate);
/* The module's state is its own (vm_modal.h): made with the vm, read
 * through these.  The open modal as the screen and the state JSON show
 * it; the pointers are into the modal, valid until the next event. */
int agi_vm_modal_new(agi_vm *vm);
void agi_vm_modal_free(agi_vm *vm);
typedef struct agi_vm_modal_look {
    agi_vm_modal_kind kind;
    int purpose;            /* CONFIRM: what; SAVE/RESTORE: the dialog's step (agi_vm_savedlg_step) */
    int sel;                /* inventory entry, menu item, selector slot (0-based) */
    unsigned heading;       /* MENU */
    int interactive;        /* INVENTORY: Enter selects */
    const uint8_t *entries; /* INVENTORY: carried item numbers */
    unsigned n_entries;
    const char *edit;                  /* EDIT, the save's description: the text typed */
    const char *path;                  /* SAVE/RESTORE: the directory typed */
    int edit_row;                      /* EDIT: -1 on get.num's line */
    int box_left, box_width, box_rows; /* MENU: the drop-down; SAVE/RESTORE: the list's first row */
    int show_view;                     /* MESSAGE: show.obj's view drawn too (-1: none) */
} agi_vm_modal_look;
void agi_vm_modal_describe(const agi_vm *vm, agi_vm_modal_look *look);
uint8_t agi_vm_menu_gate_now(const agi_vm *vm);
/* The enabled menu item whose text (spaces squeezed, any case) is text:
 * its status, 0xffff when none. */
uint16_t agi_vm_menu_status(const agi_vm *vm, const char *text);

/* 5. Checkpoints (vm_expect.c): the rest of a "CYCLE expect ..." line of
 * the input script (p .. end, trimmed), and the list freed. */
int agi_expect_parse(agi_input_script *s, unsigned long cycle, const char *p, const char *end, unsigned lineno,
                     size_t off, relic_err *err);
void agi_expect_free(agi_input_script *s);

/* 5. Input (vm_input.c): step 3 in two halves, and a blocked cycle's events. */
void agi_vm_input_reset(agi_vm *vm);
void agi_vm_input_controllers_clear(agi_vm *vm);
void agi_vm_input_forget_parse(agi_vm *vm);
void agi_vm_input_from_save(agi_vm *vm, const agi_save_state *st);
void agi_vm_input_release_gate(agi_vm *vm, uint8_t gate);
void agi_vm_input_phase(agi_vm *vm, const agi_input_script *in);
void agi_vm_input_events(agi_vm *vm);
/* echo.line and prevent.input (their drawing, vm_input.c). */
void agi_vm_input_echo_line(agi_vm *vm);
void agi_vm_input_prevent(agi_vm *vm);
void agi_vm_script_input(agi_vm *vm, const agi_input_script *in);
/* The input state is vm_input.c's (vm_input.h): made with the vm, read
 * through these (and vm->hooks.typed / parsed_word below this layer). */
int agi_vm_input_new(agi_vm *vm);
void agi_vm_input_free(agi_vm *vm);
void agi_vm_input_to_save(const agi_vm *vm, agi_save_state *st);
const char *agi_vm_input_typed(const agi_vm *vm, size_t *len);
const char *agi_vm_input_parsed_word(const agi_vm *vm, unsigned n);
/* The parse for --state: retained word ids and texts, the parser count,
 * the last line entered. */
unsigned agi_vm_input_word_count(const agi_vm *vm);
uint16_t agi_vm_input_word_id(const agi_vm *vm, unsigned i);
const char *agi_vm_input_word_text(const agi_vm *vm, unsigned i);
unsigned agi_vm_input_parse_count(const agi_vm *vm);
const char *agi_vm_input_last_line(const agi_vm *vm);

/* 6. Bytecode (vm_exec.c): runs logic 0 (and nested calls) to completion
 * or abort. */
void agi_vm_exec_reset(agi_vm *vm);
int agi_vm_exec(agi_vm *vm, unsigned logic);
void agi_vm_exec_budget(agi_vm *vm, unsigned long max_steps);
void agi_vm_exec_new_cycle(agi_vm *vm);
void agi_vm_exec_drop(agi_vm *vm);
/* The execution stack is vm_exec.c's (vm_exec.h): made with the vm; an
 * error's location read through vm->hooks.where below this layer. */
int agi_vm_exec_new(agi_vm *vm);
void agi_vm_exec_free(agi_vm *vm);
void agi_vm_exec_where(const agi_vm *vm, char *out, size_t size);

/* 7. Session (vm_session.c): an accepted restart (through vm->hooks below
 * this layer). */
void agi_vm_restart_now(agi_vm *vm);

#endif
