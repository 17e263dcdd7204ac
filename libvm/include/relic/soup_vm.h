/* The SOUP386 virtual machine: one actor or a whole map, following the
 * relic SOUP seed ("VM Architecture", "Ordinary update gates", "Control
 * Flow", "Function Dispatch", "Actor task controls and return state",
 * "Global Flags", "Random functions", "Attribute reads and writes").  The
 * VM implements control flow, formulas, flags, variables, task slots and
 * the script-level natives (Rnd, QuickRnd, Set/Test/ResetGlobalFlag,
 * Get/SetAttribute, Get/SetMyAttr, Wait, WaitOnTasks, WaitNonMulti,
 * EnableScript, DisableScript); every other native goes to the host. */
#ifndef RELIC_SOUP_VM_H
#define RELIC_SOUP_VM_H

#include <stddef.h>
#include <stdint.h>
#include "relic/error.h"
#include "relic/rgm.h"
#include "relic/rgm_soupdef.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SOUP_TASK_SLOTS 6
#define SOUP_MAX_ARGS 255

/* Receivers outside the VM's actors. */
enum { SOUP_RECV_PLAYER = -2, SOUP_RECV_CAMERA = -3, SOUP_RECV_UNKNOWN = -4 };
/* How a native was dispatched. */
enum { SOUP_CALL_FUNCTION = 0, SOUP_CALL_TASK = 1, SOUP_CALL_MULTITASK = 2 };

typedef struct soup_native_call {
    uint32_t tick;
    int caller;   /* actor index whose bytecode holds the call */
    int receiver; /* actor index, or SOUP_RECV_* */
    unsigned func;
    const char *name; /* from the definition table, or NULL */
    int kind;         /* SOUP_CALL_* */
    int initial;      /* first invocation (elapsed input 0) */
    uint32_t elapsed;
    unsigned invocation; /* 1 on the initial call */
    unsigned nargs;
    const int32_t *args;     /* authored order */
    const char *const *strs; /* per argument: string text, or NULL */
} soup_native_call;

typedef enum soup_event_kind {
    SOUP_EV_CALL,
    SOUP_EV_FLAG,
    SOUP_EV_LATCH,
    SOUP_EV_VAR,
    SOUP_EV_ATTR,
    SOUP_EV_END,
    SOUP_EV_TASK_DONE
} soup_event_kind;

typedef struct soup_event {
    soup_event_kind kind;
    uint32_t tick;
    int actor;
    unsigned index; /* flag, variable or attribute index; func for TASK_DONE */
    int32_t old_value, new_value;
    const soup_native_call *call; /* SOUP_EV_CALL only */
} soup_event;

typedef struct soup_host {
    void *ud;
    /* Natives the VM does not implement: fill *ret; for tasks *done says
     * whether this invocation completes it. */
    int (*native)(void *ud, const soup_native_call *call, int32_t *ret, int *done);
    void (*event)(void *ud, const soup_event *ev);
} soup_host;

typedef struct soup_actor_def {
    const char *name;
    const uint8_t *code;
    size_t len;
    uint32_t script_pc;
    uint32_t base; /* RASC offset: orders operand addresses across actors */
    size_t origin; /* file offset of code[0], for error reports */
    const char *const *strings;
    size_t nstrings;
    const int32_t *vars;
    size_t nvars;
    const uint8_t *attrs; /* 256 bytes or NULL (no attribute table) */
} soup_actor_def;

typedef struct soup_vm_config {
    uint32_t frame_scale;           /* 256 = one unit of elapsed input per invocation */
    uint32_t rng_state;             /* the engine's stored initial state is 1 */
    int32_t jump_time, jump_height; /* SYSTEM.INI values; below 1 means 6 and 80 */
} soup_vm_config;

typedef struct soup_vm soup_vm;

/* def must outlive the VM; host may be NULL (natives return 0 and finish
 * at once). */
soup_vm *soup_vm_new(const soup_def *def, const soup_host *host, const soup_vm_config *cfg);
void soup_vm_free(soup_vm *vm);
/* Returns the actor index (>= 0) or -1 with err set. */
int soup_vm_add_actor(soup_vm *vm, const soup_actor_def *a, relic_err *err);
/* Adds every RAHD actor of a map (strings, variables, attributes). */
int soup_vm_load_map(soup_vm *vm, const rgm_map *m, relic_err *err);
int soup_vm_find_actor(const soup_vm *vm, const char *name);
size_t soup_vm_actor_count(const soup_vm *vm);
const char *soup_vm_actor_name(const soup_vm *vm, int actor);

/* Runs ticks ordinary updates of one actor (actor >= 0) or all (-1).
 * RELIC_WARN with err set when max_steps statements ran first (an endless
 * loop without Yield); RELIC_EDATA on a script fault. */
int soup_vm_run(soup_vm *vm, int actor, uint32_t ticks, uint64_t max_steps, relic_err *err);
uint64_t soup_vm_steps(const soup_vm *vm);
uint32_t soup_vm_tick_count(const soup_vm *vm);

int32_t soup_vm_flag(const soup_vm *vm, unsigned i, int *latch);
int soup_vm_var(const soup_vm *vm, int actor, unsigned i, int32_t *v);
int soup_vm_attr(const soup_vm *vm, int actor, unsigned i);
/* Script-control mask bits 0x01 0x02 0x04 0x08 (seed, "Ordinary update gates"). */
void soup_vm_set_control(soup_vm *vm, int actor, uint8_t mask);
uint8_t soup_vm_control(const soup_vm *vm, int actor);
void soup_vm_set_rv(soup_vm *vm, int actor, uint8_t rv);
/* Occupied task slots (and how many are blocking) of an actor. */
int soup_vm_tasks(const soup_vm *vm, int actor, int *blocking);
uint32_t soup_vm_main_pc(const soup_vm *vm, int actor);
uint8_t soup_vm_anchor(const soup_vm *vm, int actor);
/* The shared LCG: state = state * 1103515245 + 12345, draw = (state >> 16) & 32767. */
uint32_t soup_vm_rng_draw(soup_vm *vm);

/* A default host that records every event and answers natives from a
 * table: return value per function (default 0), tasks complete on their
 * Nth invocation (default 1: the first existing-task pass). */
typedef struct soup_trace_ev {
    soup_event_kind kind;
    uint32_t tick;
    int actor, receiver, call_kind, initial;
    unsigned index; /* func for calls */
    int32_t old_value, new_value;
    uint32_t elapsed;
    unsigned nargs;
    int32_t *args;
    char **strs;
} soup_trace_ev;

typedef struct soup_stub {
    int32_t ret[65536 / 64]; /* per function id below 1024 */
    unsigned task_len[65536 / 64];
    unsigned default_task_len;
    /* record 0: events are only counted (nev), nothing is kept, so a run's
     * memory does not grow with its steps.  record 1: at most max_events
     * are kept (0: no limit), the rest counted in dropped. */
    int record;
    size_t max_events, dropped;
    soup_trace_ev *ev;
    size_t nev, cap;
    int oom;
} soup_stub;

void soup_stub_init(soup_stub *s);
void soup_stub_free(soup_stub *s);
soup_host soup_stub_host(soup_stub *s);

#ifdef __cplusplus
}
#endif

#endif
