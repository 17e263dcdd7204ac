/* The GOOL interpreter's handle: its configuration and what callers may
 * read of a run (the trace, the object's words, counters).  The state
 * itself is vm_private.h's, changed only by vm.c and vm_operand.c. */
#include <stdlib.h>
#include "relic/core.h"
#include "vm_private.h"

gool_vm *gool_vm_new(const gool_vm_config *cfg)
{
    gool_vm *vm = relic_calloc_array(1, sizeof *vm);
    if (vm && cfg) {
        vm->game = cfg->game;
        vm->max_steps = cfg->max_steps;
        vm->host = cfg->host;
        vm->user = cfg->user;
    }
    return vm;
}

void gool_vm_free(gool_vm *vm)
{
    if (!vm)
        return;
    free(vm->trace);
    free(vm);
}

const gool_trace_rec *gool_vm_trace_records(const gool_vm *vm, size_t *count)
{
    *count = vm->ntrace;
    return vm->trace;
}

uint32_t gool_vm_word(const gool_vm *vm, unsigned i) { return i < GOOL_VM_WORDS ? vm->mem[i] : 0; }
unsigned gool_vm_state(const gool_vm *vm) { return vm->state; }
uint32_t gool_vm_frames(const gool_vm *vm) { return vm->frame; }
uint64_t gool_vm_steps(const gool_vm *vm) { return vm->steps; }
uint64_t gool_vm_changes(const gool_vm *vm) { return vm->changes; }
uint32_t gool_vm_code_pc(const gool_vm *vm) { return vm->pc; }
const gool_entry *gool_vm_entry(const gool_vm *vm) { return vm->g; }
const gool_vm_layout *gool_vm_layout_of(const gool_vm *vm) { return vm->layout; }
