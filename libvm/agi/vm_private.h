/* Shared between the parts of the AGI interpreter (agi_vm.h): resource
 * loading, bytecode execution, objects and input. */
#ifndef RELIC_AGI_VM_PRIVATE_H
#define RELIC_AGI_VM_PRIVATE_H

#include "relic/agi_vm.h"
#include "vm_names.h"
#include "vm_rules.h"

/* Resource lifecycle (runtime_state.md "Resource lifecycle"). */
int agi_vm_load_logic(agi_vm *vm, unsigned n, int record);
int agi_vm_load_pic(agi_vm *vm, unsigned n, int record);
int agi_vm_load_view(agi_vm *vm, unsigned n, int record);
int agi_vm_load_sound(agi_vm *vm, unsigned n, int record);
void agi_vm_discard_pic(agi_vm *vm, unsigned n);
void agi_vm_discard_view(agi_vm *vm, unsigned n);
int agi_vm_draw_pic(agi_vm *vm, unsigned n, int overlay);
void agi_vm_stop_sound(agi_vm *vm);
int agi_vm_start_sound(agi_vm *vm, unsigned n, unsigned flag);

/* Bytecode: runs logic 0 (and nested calls) to completion or abort. */
int agi_vm_exec(agi_vm *vm, unsigned logic);

/* One action with its operand bytes (vm_actions.c). */
void agi_vm_action(agi_vm *vm, uint8_t op, const uint8_t *a, unsigned logic);

/* Objects (vm_obj.c). */
void agi_vm_obj_reset_all(agi_vm *vm);
int agi_vm_set_view(agi_vm *vm, agi_vm_obj *o, unsigned view);
int agi_vm_set_loop(agi_vm *vm, agi_vm_obj *o, unsigned loop);
int agi_vm_set_cel(agi_vm *vm, agi_vm_obj *o, unsigned cel);
void agi_vm_obj_draw(agi_vm *vm, agi_vm_obj *o);
void agi_vm_obj_erase(agi_vm *vm, agi_vm_obj *o);
void agi_vm_obj_animate(agi_vm_obj *o);
uint8_t agi_vm_obj_priority(const agi_vm *vm, const agi_vm_obj *o);
void agi_vm_pre_logic(agi_vm *vm);
void agi_vm_post_logic(agi_vm *vm);
void agi_vm_set_horizon_table(agi_vm *vm, unsigned base);
void agi_vm_move_to(agi_vm *vm, agi_vm_obj *o, unsigned x, unsigned y, unsigned step, unsigned flag);
int agi_vm_add_to_pic(agi_vm *vm, unsigned view, unsigned loop, unsigned cel, unsigned x, unsigned y, unsigned pri,
                      int record);

/* Input (vm_input.c): step 3 in two halves, and a blocked cycle's events. */
void agi_vm_input_phase(agi_vm *vm, const agi_input_script *in);
void agi_vm_input_events(agi_vm *vm);
void agi_vm_script_input(agi_vm *vm, const agi_input_script *in);

/* Modal UI (vm_modal.c).  A blocked cycle resumes at one of these. */
enum { AGI_STAGE_NONE, AGI_STAGE_INPUT, AGI_STAGE_LOGIC };
void agi_vm_window_show(agi_vm *vm, const char *text, int row, int col, int width);
void agi_vm_window_close(agi_vm *vm);
void agi_vm_modal_message(agi_vm *vm, const char *text, int row, int col, int width);
void agi_vm_modal_confirm(agi_vm *vm, int purpose);
void agi_vm_modal_edit(agi_vm *vm, unsigned dest, int numeric, unsigned limit, const char *prompt, int row, int col);
void agi_vm_modal_inventory(agi_vm *vm);
void agi_vm_modal_selector(agi_vm *vm, int restore);
int agi_vm_menu_open(agi_vm *vm);
void agi_vm_modal_event(agi_vm *vm, uint8_t type, uint16_t value);
void agi_vm_modal_menu_pick(agi_vm *vm, uint16_t status);
/* Accepted restart / quit (vm_actions.c). */
void agi_vm_restart_now(agi_vm *vm);
void agi_vm_quit_now(agi_vm *vm);
/* Text cells (vm_actions.c): fill with an attribute (0xff: transparent). */
void agi_vm_text_fill(agi_vm *vm, unsigned top, unsigned left, unsigned bottom, unsigned right, uint8_t attr);

/* Profile variants (vm_profile_rules.c). */
int agi_vm_loop_for_dir(const agi_vm *vm, unsigned loops, unsigned dir);
int agi_vm_loop_select_due(const agi_vm *vm, const agi_vm_obj *o);
void agi_vm_close_window(agi_vm *vm);
void agi_vm_show_pic(agi_vm *vm);
uint8_t agi_vm_distance_value(const agi_vm *vm, int d);
int agi_vm_motion_clear_early(agi_vm *vm, agi_vm_obj *o, uint8_t op);
unsigned agi_vm_room_alias(const agi_vm *vm, unsigned room);
int agi_vm_said_exact(agi_vm *vm, const uint8_t *words, unsigned count);
int agi_vm_string_slot(const agi_vm *vm, unsigned slot);
int agi_vm_variant_action(agi_vm *vm, uint8_t op, const uint8_t *a);
int agi_vm_save_has_gates(const agi_profile *p);

/* Messages and errors. */
const char *agi_vm_message(agi_vm *vm, unsigned logic, unsigned n);
void agi_vm_log(agi_vm *vm, const char *kind, const char *text);
int agi_vm_fail(agi_vm *vm, const char *fmt, ...);

static inline int agi_vm_flag(const agi_vm *vm, unsigned f) { return vm->flags[f & 0xff]; }

#endif
