/* The AGI interpreter's reset and restart (agi-spec session_and_persistence.md
 * "Restart"; runtime_state.md "Initial state"): agi_vm_reset is the list of
 * each part's own reset, in layer order. */
#include <stdlib.h>
#include <string.h>
#include "vm_private.h"

static void agi_vm_session_reset(agi_vm *vm, int restart);

/* The cycle count is the run's clock, not the game's: the input script's
 * events are timed by it, so a restart goes on counting (with it back at
 * 0 the script replayed from its start: patqst's F9, which restarts at
 * once because stop.sound sets the flag its music ends with, f16, replayed
 * an arrow key pressed in the menu as a walk). */
void agi_vm_restart_now(agi_vm *vm)
{
    uint8_t f9 = vm->flags[AGI_F_SOUND];
    unsigned cap = agi_vm_replay_cap(vm);
    unsigned long cycle = vm->cycle;
    /* The menu survives a restart (AGI 2.936, patqst: restarted with f6
     * set, logic 0 skips its set.menu block, and Esc then opens the whole
     * menu on the heading last used); a pending menu.input does not. */
    agi_vm_session_reset(vm, 1);
    vm->cycle = cycle;
    vm->flags[AGI_F_SOUND] = f9;
    vm->flags[AGI_F_RESTART] = 1;
    agi_vm_replay_renew(vm, cap);
    agi_vm_flow_abort(vm, 1);
}

/* Back to the state before the first cycle, part by part (each part's
 * reset lives with the file that owns its state); a restart keeps the
 * menus. */
static void agi_vm_session_reset(agi_vm *vm, int restart)
{
    agi_vm_audio_reset(vm);
    agi_vm_res_reset(vm);
    agi_vm_state_reset(vm);
    agi_vm_obj_reset(vm);
    agi_vm_text_reset(vm);
    agi_vm_modal_reset(vm, restart);
    agi_vm_events_reset(vm);
    agi_vm_input_reset(vm);
    agi_vm_replay_reset(vm);
    agi_vm_exec_reset(vm);
    if (vm->game)
        agi_vm_load_logic(vm, 0, 0);
}

void agi_vm_reset(agi_vm *vm) { agi_vm_session_reset(vm, 0); }
