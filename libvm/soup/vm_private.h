/* SOUP VM internals shared by vm.c (interpreter) and vm_native.c (task
 * slots, flags, attributes and the script-level natives). */
#ifndef RELIC_SOUP_VM_PRIVATE_H
#define RELIC_SOUP_VM_PRIVATE_H

#include "relic/soup.h"
#include "relic/soup_vm.h"

typedef struct soup_task {
    int used, paused, blocking;
    int code_actor; /* whose bytecode holds the operands */
    uint32_t pc;    /* operand position in that bytecode */
    uint32_t addr;  /* code_actor base + pc: the slot's identity */
    uint16_t counter;
    unsigned invocation;
    int kind;
} soup_task;

typedef struct soup_actor {
    char name[16];
    const uint8_t *code;
    uint32_t len, base;
    size_t origin;
    uint32_t main_pc, entry_pc, ret_pc;
    int has_entry, has_ret, rv_gosub;
    uint8_t rv, saved_rv, anchor, control;
    int32_t *vars;
    size_t nvars;
    uint8_t attrs[256];
    int has_attrs;
    const char *const *strings;
    size_t nstrings;
    soup_task tasks[SOUP_TASK_SLOTS];
    int32_t props[256];
    const char **owned_strings;
} soup_actor;

enum {
    SOUP_NAT_RND,
    SOUP_NAT_QUICKRND,
    SOUP_NAT_SETFLAG,
    SOUP_NAT_TESTFLAG,
    SOUP_NAT_RESETFLAG,
    SOUP_NAT_GETATTR,
    SOUP_NAT_SETATTR,
    SOUP_NAT_GETMYATTR,
    SOUP_NAT_SETMYATTR,
    SOUP_NAT_WAIT,
    SOUP_NAT_WAITTASKS,
    SOUP_NAT_WAITNONMULTI,
    SOUP_NAT_ENABLESCRIPT,
    SOUP_NAT_DISABLESCRIPT,
    SOUP_NAT_COUNT
};

struct soup_vm {
    const soup_def *def;
    soup_host host;
    soup_vm_config cfg;
    soup_actor *actors;
    size_t n, cap;
    int32_t *flag_val;
    uint8_t *flag_latch, *flag_type;
    size_t nflags;
    long native_id[SOUP_NAT_COUNT];
    int32_t ext_props[2][256]; /* Player, Camera */
    uint32_t tick;
    uint64_t steps, budget;
};

/* One interpreter invocation's state. */
typedef struct soup_exec {
    soup_vm *vm;
    int actor;        /* whose bytecode runs */
    int eval;         /* whose variables and properties operands use */
    int strctx;       /* whose string table String parameters index */
    int dry;          /* skipping: decode only, no effects */
    uint32_t elapsed; /* elapsed input for task re-invocations */
    const uint8_t *code;
    uint32_t len, pc;
    relic_err *err;
    int rc; /* first error, sticky */
} soup_exec;

int soup_x_fail(soup_exec *x, uint32_t at, int code, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void soup_vm_emit(soup_vm *vm, soup_event_kind kind, int actor, unsigned index, int32_t old_value, int32_t new_value);
/* Calls native func (VM-implemented or host); *done for tasks. */
int soup_native(soup_exec *x, soup_native_call *call, int32_t *ret, int *done);
int soup_task_alloc(soup_exec *x, int receiver, const soup_task *t);
int soup_task_find(const soup_actor *a, uint32_t addr);
void soup_flag_write(soup_vm *vm, int actor, unsigned i, int32_t v);

#endif
