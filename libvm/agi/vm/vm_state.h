/* PRIVATE to vm_state.c: the run's control signals (agi-spec
 * runtime_state.md "Top-level cycle order": a modal or a busy-wait blocks
 * the cycle; new.room, restart and restore end logic 0's pass).  struct
 * agi_vm holds a pointer to it; every other file sees an incomplete type
 * and calls vm_state.c's agi_vm_flow_* (vm_private.h, "1. State").  The
 * unit tests reach it through vm_test_internal.h. */
#ifndef RELIC_AGI_VM_STATE_H
#define RELIC_AGI_VM_STATE_H

#include "vm_internal.h"

struct agi_vm_flow {
    int abort_flow;   /* new.room / restart / restore */
    int suspended;    /* a busy-wait for a key or a modal: resume at the stack */
    int resume_stage; /* where a blocked cycle continues */
    int restored;     /* agi_vm_restore: the next cycle goes on from logic 0 */
};

#endif
