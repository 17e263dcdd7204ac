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

/* The interpreter: an opaque handle (its state is libvm/gool's). */
typedef struct gool_vm gool_vm;

/* Set once, before the object runs. */
typedef struct gool_vm_config {
    gool_game game;       /* AUTO runs Crash 1 (callers that guess use gool_detect_game) */
    uint64_t max_steps;   /* budget over the whole run; 0: 1,000,000 */
    gool_vm_host_fn host; /* NULL: every engine-facing instruction yields 0 */
    void *user;           /* passed to host */
} gool_vm_config;

/* A new interpreter (cfg NULL: the defaults); NULL when out of memory.
 * gool_vm_init then sets up an object. */
gool_vm *gool_vm_new(const gool_vm_config *cfg);

/* Sets up the object in `state` (head block and initial frame included);
 * anything an earlier object left is gone, the configuration stays.  g
 * must outlive the run. */
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

/* ---- what the interpreter shows ---- */
/* The engine-facing instructions so far, in order (*count of them; the
 * array stays valid until the next call that runs code). */
const gool_trace_rec *gool_vm_trace_records(const gool_vm *vm, size_t *count);
/* Word i of the object's fields and process stack (0 past GOOL_VM_WORDS). */
uint32_t gool_vm_word(const gool_vm *vm, unsigned i);
unsigned gool_vm_state(const gool_vm *vm);          /* the current state */
uint32_t gool_vm_frames(const gool_vm *vm);         /* game frames run */
uint64_t gool_vm_steps(const gool_vm *vm);          /* instructions run */
uint64_t gool_vm_changes(const gool_vm *vm);        /* state changes so far */
uint32_t gool_vm_code_pc(const gool_vm *vm);        /* the code block's pc, GOOL_PC_NONE when done */
const gool_entry *gool_vm_entry(const gool_vm *vm); /* the entry gool_vm_init was given */
/* The object fields the interpreter reads for this run's game. */
const gool_vm_layout *gool_vm_layout_of(const gool_vm *vm);

#ifdef __cplusplus
}
#endif

#endif
