/* SOUP VM accessors, and the stub host that records a trace and answers
 * natives from a table (return value per function, task length in
 * invocations), so a run without the engine is still deterministic. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/core.h"
#include "vm_private.h"

int soup_vm_find_actor(const soup_vm *vm, const char *name)
{
    for (size_t i = 0; i < vm->n; i++)
        if (!strcasecmp(vm->actors[i].name, name))
            return (int)i;
    return -1;
}

size_t soup_vm_actor_count(const soup_vm *vm) { return vm->n; }
const char *soup_vm_actor_name(const soup_vm *vm, int actor)
{
    return actor >= 0 && (size_t)actor < vm->n ? vm->actors[actor].name
           : actor == SOUP_RECV_PLAYER         ? "Player"
           : actor == SOUP_RECV_CAMERA         ? "Camera"
                                               : "?";
}
uint64_t soup_vm_steps(const soup_vm *vm) { return vm->steps; }
uint32_t soup_vm_tick_count(const soup_vm *vm) { return vm->tick; }

int32_t soup_vm_flag(const soup_vm *vm, unsigned i, int *latch)
{
    if (i >= vm->nflags)
        return *latch = 0, 0;
    *latch = vm->flag_latch[i];
    return vm->flag_val[i];
}

int soup_vm_var(const soup_vm *vm, int actor, unsigned i, int32_t *v)
{
    if (actor < 0 || (size_t)actor >= vm->n || i >= vm->actors[actor].nvars)
        return -1;
    *v = vm->actors[actor].vars[i];
    return 0;
}

int soup_vm_attr(const soup_vm *vm, int actor, unsigned i)
{
    if (actor < 0 || (size_t)actor >= vm->n || i > 255 || !vm->actors[actor].has_attrs)
        return -1;
    return vm->actors[actor].attrs[i];
}

void soup_vm_set_control(soup_vm *vm, int actor, uint8_t mask)
{
    if (actor >= 0 && (size_t)actor < vm->n)
        vm->actors[actor].control = mask;
}

uint8_t soup_vm_control(const soup_vm *vm, int actor)
{
    return actor >= 0 && (size_t)actor < vm->n ? vm->actors[actor].control : 0;
}

void soup_vm_set_rv(soup_vm *vm, int actor, uint8_t rv)
{
    if (actor >= 0 && (size_t)actor < vm->n)
        vm->actors[actor].rv = rv;
}

int soup_vm_tasks(const soup_vm *vm, int actor, int *blocking)
{
    int n = 0, b = 0;
    if (actor >= 0 && (size_t)actor < vm->n)
        for (int i = 0; i < SOUP_TASK_SLOTS; i++) {
            n += vm->actors[actor].tasks[i].used;
            b += vm->actors[actor].tasks[i].used && vm->actors[actor].tasks[i].blocking;
        }
    if (blocking)
        *blocking = b;
    return n;
}

uint32_t soup_vm_main_pc(const soup_vm *vm, int actor)
{
    return actor >= 0 && (size_t)actor < vm->n ? vm->actors[actor].main_pc : 0;
}

uint8_t soup_vm_anchor(const soup_vm *vm, int actor)
{
    return actor >= 0 && (size_t)actor < vm->n ? vm->actors[actor].anchor : 0;
}

void soup_stub_init(soup_stub *s)
{
    memset(s, 0, sizeof *s);
    s->default_task_len = 1;
    s->record = 1;
}

void soup_stub_free(soup_stub *s)
{
    for (size_t i = 0; s->ev && i < s->nev; i++) {
        for (unsigned k = 0; s->ev[i].strs && k < s->ev[i].nargs; k++)
            free(s->ev[i].strs[k]);
        free(s->ev[i].args);
        free(s->ev[i].strs);
    }
    free(s->ev);
    memset(s, 0, sizeof *s);
}

static int soup_stub_native(void *ud, const soup_native_call *c, int32_t *ret, int *done)
{
    soup_stub *s = ud;
    size_t n = sizeof s->ret / sizeof s->ret[0];
    unsigned len = c->func < n && s->task_len[c->func] ? s->task_len[c->func] : s->default_task_len;
    *ret = c->func < n ? s->ret[c->func] : 0;
    *done = c->invocation > len || (c->kind == SOUP_CALL_FUNCTION);
    return RELIC_OK;
}

static void soup_stub_event(void *ud, const soup_event *e)
{
    soup_stub *s = ud;
    if (s->oom)
        return;
    if (!s->record) {
        s->nev++;
        return;
    }
    if (s->max_events && s->nev >= s->max_events) {
        s->dropped++;
        return;
    }
    if (relic_grow((void **)&s->ev, &s->cap, s->nev + 1, sizeof *s->ev, 256)) {
        s->oom = 1;
        return;
    }
    soup_trace_ev *t = &s->ev[s->nev];
    memset(t, 0, sizeof *t);
    t->kind = e->kind;
    t->tick = e->tick;
    t->actor = e->actor;
    t->index = e->index;
    t->old_value = e->old_value;
    t->new_value = e->new_value;
    if (e->call) {
        const soup_native_call *c = e->call;
        t->receiver = c->receiver;
        t->call_kind = c->kind;
        t->initial = c->initial;
        t->elapsed = c->elapsed;
        t->actor = c->caller;
        t->nargs = c->nargs;
        if (c->nargs) {
            t->args = relic_alloc_array(c->nargs, sizeof *t->args);
            t->strs = relic_calloc_array(c->nargs, sizeof *t->strs);
            if (!t->args || !t->strs) {
                free(t->args);
                free(t->strs);
                s->oom = 1;
                return;
            }
            memcpy(t->args, c->args, c->nargs * sizeof *t->args);
            for (unsigned k = 0; k < c->nargs; k++)
                if (c->strs[k])
                    t->strs[k] = strdup(c->strs[k]);
        }
    }
    s->nev++;
}

soup_host soup_stub_host(soup_stub *s)
{
    soup_host h = {s, soup_stub_native, soup_stub_event};
    return h;
}
