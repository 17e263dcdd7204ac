/* Riven scripts: the command table, a decompiler to a JSON tree (and text
 * from that same tree), and a script executor with a step budget whose
 * effects go through host callbacks (the CLI's host records a trace).
 * Commands and events follow the seed document "Riven scripts". */
#ifndef RELIC_RIVEN_VM_H
#define RELIC_RIVEN_VM_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"
#include "relic/error.h"
#include "relic/riven.h"

#ifdef __cplusplus
extern "C" {
#endif

/* argc: the usual argument count (-1: variable); min_argc: the fewest the
 * engine reads; source: where the name comes from ("seed", "scummvm",
 * "rivenx"; see libvm/riven/opcodes.h). */
typedef struct riven_op_info {
    uint16_t op;
    const char *name;
    int argc;
    int min_argc;
    const char *source;
} riven_op_info;

const riven_op_info *riven_op(uint16_t op); /* NULL for opcodes the engine does not define */
/* Also the names earlier releases printed (unknown28, playMovie for 32...). */
int riven_op_by_name(const char *name);       /* -1 when unknown */
const char *riven_event_name(uint16_t event); /* NULL when unknown */

/* NAME resources used to print names; any may be NULL. */
typedef struct riven_nameset {
    const riven_names *cards, *hotspots, *externals, *variables, *stacks;
} riven_nameset;

/* The decompiler (a JSON tree and the text printed from it) is in
 * relic/riven_script_json.h (librelic-io). */

/* The text riven_script_text prints, back to script-list bytes appended to
 * out; errors name the line ("line N: ..."). */
int riven_script_assemble(const char *text, size_t len, const riven_nameset *names, relic_buf *out, relic_err *err);

/* One text source of riven-script --build (see man/riven-script.1) to the
 * resource bytes appended to out.  kind: names, words, card, hotspots,
 * bitmap8, bitmap8riven, bitmap24, pcm, adpcm; src is NUL-terminated;
 * ns resolves names in scripts (may hold NULLs). */
int riven_source_build(const char *kind, const char *src, const riven_nameset *ns, relic_buf *out, relic_err *err);

/* ---- executor ---- */
typedef struct riven_world_card {
    uint16_t id;
    const riven_card *card;
    const riven_hotspots *hotspots; /* may be NULL */
    const riven_list *blst;         /* may be NULL */
    const char *archive;            /* for errors; may be NULL */
} riven_world_card;

typedef enum riven_trace_kind {
    RIVEN_TRACE_COMMAND, /* op, args */
    RIVEN_TRACE_EVENT,   /* event handler starts: event, hotspot (-1 for the card) */
    RIVEN_TRACE_DISPLAY, /* screen update: transition (-1 when none) */
    RIVEN_TRACE_CARD,    /* current card becomes `card` */
    RIVEN_TRACE_CLICK_IGNORED,
    /* the load chain drew PLST record 1 because the card's load handlers
     * activated none (ScummVM RivenCard::defaultLoadScript); argv {1} */
    RIVEN_TRACE_DEFAULT_PICTURE
} riven_trace_kind;

typedef struct riven_trace_ev {
    riven_trace_kind kind;
    uint64_t step, time_ms;
    uint16_t card;
    uint16_t op, argc;
    const uint16_t *argv;
    uint16_t event;
    int hotspot;
    int transition;
} riven_trace_ev;

typedef struct riven_host {
    void *ctx;
    void (*trace)(void *ctx, const riven_trace_ev *ev);
    /* External command (command 17); may read and set the variables
     * (vars, 65536 entries). */
    void (*external)(void *ctx, uint32_t *vars, uint16_t cmd, const uint16_t *argv, uint16_t argc);
} riven_host;

/* The executor: an opaque handle (its state is libvm/riven's vm.c). */
typedef struct riven_vm riven_vm;

/* A new executor over ncards cards (they must outlive it), every variable
 * 0; host may be NULL.  NULL with err set when out of memory. */
riven_vm *riven_vm_new(const riven_world_card *cards, size_t ncards, const riven_host *host, relic_err *err);
void riven_vm_free(riven_vm *vm);
/* Queues the card-switch event chain (old card close, load, display update,
 * transition, open). */
int riven_vm_goto(riven_vm *vm, uint16_t card, relic_err *err);
/* Queues mouse down then mouse up on the current card's hotspot whose BLST id is `blst_id`. */
int riven_vm_click(riven_vm *vm, uint16_t blst_id, relic_err *err);
/* Runs queued work until none is left; more than max_steps is an error.
 * The work stack is bounded by the budget: a command list's last command
 * runs after its frame is popped (so a switchCard loop does not grow it),
 * and queuing more work than max_steps could ever run is the same budget
 * error.  Errors name the card (CARD n, or HSPT n hotspot b) whose script
 * failed and, in err->file, its archive. */
int riven_vm_run(riven_vm *vm, uint64_t max_steps, relic_err *err);

/* ---- what the executor shows ---- */
/* Variable i (indexed by NAME 4 record), and setting it (a saved game's
 * values before the first card). */
uint32_t riven_vm_var(const riven_vm *vm, uint16_t i);
void riven_vm_set_var(riven_vm *vm, uint16_t i, uint32_t value);
uint16_t riven_vm_current_card(const riven_vm *vm); /* the card shown (0 before the first goto) */
uint64_t riven_vm_steps(const riven_vm *vm);        /* commands run */
uint64_t riven_vm_time_ms(const riven_vm *vm);      /* time the scripts waited */
size_t riven_vm_depth(const riven_vm *vm);          /* work left on the stack */

#ifdef __cplusplus
}
#endif

#endif
