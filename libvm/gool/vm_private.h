/* GOOL interpreter internals shared by vm.c (instruction semantics, blocks,
 * state changes) and vm_operand.c (operand translation, stack, frames). */
#ifndef RELIC_GOOL_VM_PRIVATE_H
#define RELIC_GOOL_VM_PRIVATE_H

#include "relic/gool_vm.h"

struct gool_vm {
    const gool_entry *g;
    gool_game game; /* set before init; AUTO runs Crash 1 */
    const gool_vm_layout *layout;
    uint32_t mem[GOOL_VM_WORDS];
    uint32_t link[8][GOOL_VM_LINK_WORDS]; /* link 0 is the object itself (mem) */
    uint8_t link_present[8];              /* all 1 after init; clear to model a missing link */
    uint32_t globals[256];
    uint32_t pc, ep, tp, hp; /* GOOL_PC_NONE when absent */
    uint32_t at;             /* word index of the running instruction */
    uint32_t fp, sp;         /* word indices into mem */
    unsigned state;
    unsigned depth; /* head blocks running inside state changes */
    uint32_t frame;
    uint32_t rng;
    int cond; /* last CFL/RST condition */
    uint8_t guard, returned;
    uint16_t ret_state;
    uint64_t steps, max_steps; /* max_steps: budget over the whole run */
    uint64_t changes;          /* state changes so far */
    gool_block block;
    gool_vm_host_fn host;
    void *user;
    gool_trace_rec *trace;
    size_t ntrace, trace_cap;
};

/* Tagged address values (see vm.c's opening comment). */
#define VM_MEM(i) (0x00100000u | ((uint32_t)(i) << 2))
#define VM_CODE(i) (0x00200000u | ((uint32_t)(i) << 2))
#define VM_POOL(i) (0x00300000u | ((uint32_t)(i) << 2))
#define VM_ANIM(i) (0x00400000u | (uint32_t)(i))

#define VM_ENC(vm) (gool_game_encoding((vm)->game))

enum { VM_GO = 0, VM_SUSPEND = 1, VM_STATE = 2, VM_BADRET = 3, VM_ERR = -1 };

int gool_vm_fail(gool_vm *vm, relic_err *err, const char *what);
int gool_vm_push(gool_vm *vm, uint32_t v, relic_err *err);
int gool_vm_pop(gool_vm *vm, uint32_t *v, relic_err *err);
/* Records an engine-facing event; *result (if given) is the host's answer. */
int gool_vm_trace(gool_vm *vm, uint32_t word, const char *what, const uint32_t *arg, unsigned n, uint32_t *result,
                  relic_err *err);
int gool_vm_ref(gool_vm *vm, unsigned v, int out, uint32_t **p, uint32_t *tmp, relic_err *err);
int gool_vm_val(gool_vm *vm, unsigned v, uint32_t *val, relic_err *err);
int gool_vm_lr(gool_vm *vm, uint32_t w, uint32_t *l, uint32_t *r, relic_err *err);
uint32_t gool_vm_addr(const gool_vm *vm, unsigned v, const uint32_t *p);
int gool_vm_push_frame(gool_vm *vm, unsigned argc, uint32_t flags, relic_err *err);
int gool_vm_pop_frame(gool_vm *vm, uint32_t *flags, relic_err *err);

#endif
