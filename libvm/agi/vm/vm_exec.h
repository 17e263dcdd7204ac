/* PRIVATE to vm_exec.c: the AGI interpreter's execution stack (agi-spec
 * logic_bytecode.md "Main stream grammar"; nested calls, the step budget).
 * struct agi_vm holds a pointer to it; every other file sees an incomplete
 * type and calls vm_exec.c's functions (vm_private.h, "6. Bytecode"), or,
 * below its layer, vm->hooks.where (an error's location).  The unit tests
 * reach it through vm_test_internal.h. */
#ifndef RELIC_AGI_VM_EXEC_H
#define RELIC_AGI_VM_EXEC_H

#include "vm_internal.h"

struct agi_vm_exec_state {
    struct {
        uint8_t logic;
        uint32_t pc;
        /* vm_res.c's record of the logic, kept while this agi_vm_exec runs
         * (asked again when a suspended stack resumes). */
        const agi_vm_logic *rec;
    } stack[AGI_VM_MAX_DEPTH];
    unsigned depth;
    int key_wait; /* have.key was false in this pass */
    unsigned long steps, max_steps;
};

#endif
