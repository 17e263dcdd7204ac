/* A GOOL interpreter for one object running one Crash 1, 2 or 3 entry: fields and
 * stack in one word array, stack frames as in seed 003 "Stack Frame", the
 * code/trans/event/handler/head interpretations, state changes, JAL/RET,
 * suspension on ANIS/ANIF with wait counts, a step budget, and a trace of
 * every engine-facing instruction (events, children, sound, vectors,
 * controller, paths) whose result the host chooses. */
#ifndef RELIC_GOOL_VM_H
#define RELIC_GOOL_VM_H

#include <stddef.h>
#include <stdint.h>
#include "relic/error.h"
#include "relic/gool.h"
#include "relic/gool_isa.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GOOL_VM_WORDS 0x200 /* fields and process stack of one object */
#define GOOL_VM_LINK_WORDS 64

/* Interpretation flags (seed 003: head 0x13, event 0x8, trans 0x3, code 0x4). */
enum {
    GOOL_VM_SUSPEND_RET = 0x1,
    GOOL_VM_SUSPEND_RETLNK = 0x2,
    GOOL_VM_SUSPEND_ANIM = 0x4,
    GOOL_VM_EVENT_SERVICE = 0x8,
    GOOL_VM_STATUS_PRESERVE = 0x10,
};

typedef enum gool_block { GOOL_BLK_CODE, GOOL_BLK_TRANS, GOOL_BLK_EVENT, GOOL_BLK_HANDLER, GOOL_BLK_HEAD } gool_block;

typedef struct gool_trace_rec {
    uint32_t frame;
    uint8_t block; /* gool_block */
    uint32_t pc;   /* code word index */
    uint32_t word;
    const char *what; /* mnemonic, or "state", "suspend", "done" */
    uint32_t arg[4];
    unsigned nargs;
    uint32_t result; /* value the host returned (pushed when the op pushes) */
} gool_trace_rec;

/* Called for each engine-facing instruction; returns the value it yields. */
typedef uint32_t (*gool_vm_host_fn)(void *user, const gool_trace_rec *rec);

/* The object fields the interpreter itself reads, per game (vm.c has
 * the table and its sources). */
typedef struct gool_vm_layout {
    uint16_t status_c; /* status word a state's flags are tested against */
    uint16_t once_p;   /* the head block's code address (MOVC target) */
} gool_vm_layout;

typedef struct gool_vm {
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
} gool_vm;

/* Sets up the object in `state` (head block and initial frame included). */
int gool_vm_init(gool_vm *vm, const gool_entry *g, unsigned state, uint32_t seed, relic_err *err);
void gool_vm_free(gool_vm *vm);
/* One game frame: trans block, then the code block when its wait is over. */
int gool_vm_frame(gool_vm *vm, relic_err *err);
/* Sends event (the u32 value, event id << 8) with argc arguments. */
int gool_vm_event(gool_vm *vm, uint32_t event, unsigned argc, const uint32_t *argv, relic_err *err);
/* Runs `frames` frames under a budget of max_steps instructions in total
 * (DESIGN.md vm_run); stops at the first error. */
int gool_vm_run(gool_vm *vm, unsigned frames, uint64_t max_steps, relic_err *err);
int gool_vm_change_state(gool_vm *vm, unsigned state, unsigned argc, const uint32_t *argv, relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
