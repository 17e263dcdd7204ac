/* SOUP VM state and the natives the VM itself implements, after the relic
 * SOUP seed: "Global Flags" (BOOL toggles only while unlatched then
 * latches, FLIPFLOP toggles on every set, COUNTER decrements a non-zero
 * value and latches, NUMBER only latches; Test reads and Reset clears the
 * latch; all three return 0 or the latch), "Random functions" (the shared
 * LCG with state 1; Rnd masks with the smallest 2^k-1 covering the bound
 * then reduces modulo the bound), "Attribute reads and writes" and
 * "Initial attribute copy and defaults", "Actor task controls" (Wait,
 * WaitOnTasks, WaitNonMulti), "Ordinary update gates" (EnableScript and
 * DisableScript flip mask 0x01).  Unspecified by the seed, and chosen
 * here: FLIPFLOP leaves the latch alone, COUNTER at zero does not latch,
 * attribute indices past 255 for Get/SetAttribute are reported as errors
 * (the engine reads past its table), and Rnd with a bound below 1 returns
 * the masked draw. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/core.h"
#include "vm_private.h"

void soup_vm_emit(soup_vm *vm, soup_event_kind kind, int actor, unsigned index, int32_t old_value, int32_t new_value)
{
    if (!vm->host.event)
        return;
    soup_event ev = {kind, vm->tick, actor, index, old_value, new_value, NULL};
    vm->host.event(vm->host.ud, &ev);
}

soup_vm *soup_vm_new(const soup_def *def, const soup_host *host, const soup_vm_config *cfg)
{
    soup_vm *vm = calloc(1, sizeof *vm);
    if (!vm)
        return NULL;
    vm->def = def;
    if (host)
        vm->host = *host;
    vm->cfg = cfg ? *cfg : (soup_vm_config){256, 1, 0, 0};
    vm->nflags = def->nflags;
    vm->flag_val = calloc(def->nflags + 1, sizeof *vm->flag_val);
    vm->flag_latch = calloc(def->nflags + 1, 1);
    vm->flag_type = calloc(def->nflags + 1, 1);
    if (!vm->flag_val || !vm->flag_latch || !vm->flag_type) {
        soup_vm_free(vm);
        return NULL;
    }
    for (size_t i = 0; i < def->nflags; i++) {
        vm->flag_val[i] = def->flags[i].value;
        vm->flag_type[i] = (uint8_t)def->flags[i].type;
    }
    // clang-format off
    static const char *const names[SOUP_NAT_COUNT] = {
        "Rnd",       "QuickRnd",  "SetGlobalFlag", "TestGlobalFlag", "ResetGlobalFlag", "GetAttribute", "SetAttribute",
        "GetMyAttr", "SetMyAttr", "Wait",          "WaitOnTasks",    "WaitNonMulti",    "EnableScript", "DisableScript"};
    // clang-format on
    for (int i = 0; i < SOUP_NAT_COUNT; i++)
        vm->native_id[i] = soup_def_fn_find(def, names[i]);
    return vm;
}

void soup_vm_free(soup_vm *vm)
{
    if (!vm)
        return;
    for (size_t i = 0; i < vm->n; i++) {
        free(vm->actors[i].vars);
        free((void *)vm->actors[i].owned_strings);
    }
    free(vm->actors);
    free(vm->flag_val);
    free(vm->flag_latch);
    free(vm->flag_type);
    free(vm);
}

static void soup_attr_defaults(soup_vm *vm, uint8_t *at)
{
    int32_t jt = vm->cfg.jump_time < 1 ? 6 : vm->cfg.jump_time, jh = vm->cfg.jump_height < 1 ? 80 : vm->cfg.jump_height;
    if ((int8_t)at[31] <= 0)
        at[31] = (uint8_t)jt;
    if (!at[32])
        at[32] = (uint8_t)jh;
    if (!at[35])
        at[35] = 2;
    if (!at[34])
        at[34] = 10;
    at[115] = at[6];
    at[119] = at[1];
}

int soup_vm_add_actor(soup_vm *vm, const soup_actor_def *d, relic_err *err)
{
    if (relic_grow((void **)&vm->actors, &vm->cap, vm->n + 1, sizeof *vm->actors, 8)) {
        relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        return -1;
    }
    if (d->script_pc > d->len) {
        relic_err_set(err, RELIC_EDATA, d->origin, "%s: script_pc 0x%x past the script", d->name, d->script_pc);
        return -1;
    }
    soup_actor *a = &vm->actors[vm->n];
    memset(a, 0, sizeof *a);
    snprintf(a->name, sizeof a->name, "%s", d->name);
    a->code = d->code;
    a->len = (uint32_t)d->len;
    a->base = d->base;
    a->origin = d->origin;
    a->main_pc = d->script_pc;
    a->has_entry = d->script_pc != 0;
    a->strings = d->strings;
    a->nstrings = d->nstrings;
    a->nvars = d->nvars;
    if (d->nvars && !(a->vars = relic_calloc_array(d->nvars, sizeof *a->vars))) {
        relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        return -1;
    }
    if (d->nvars)
        memcpy(a->vars, d->vars, d->nvars * sizeof *a->vars);
    if ((a->has_attrs = d->attrs != NULL)) {
        memcpy(a->attrs, d->attrs, 256);
        soup_attr_defaults(vm, a->attrs);
    }
    return (int)vm->n++;
}

int soup_task_find(const soup_actor *a, uint32_t addr)
{
    for (int i = 0; i < SOUP_TASK_SLOTS; i++)
        if (a->tasks[i].used && a->tasks[i].addr == addr)
            return i;
    return -1;
}

int soup_task_alloc(soup_exec *x, int receiver, const soup_task *t)
{
    soup_actor *a = &x->vm->actors[receiver];
    for (int i = 0; i < SOUP_TASK_SLOTS; i++)
        if (!a->tasks[i].used) {
            a->tasks[i] = *t;
            return 0;
        }
    return soup_x_fail(x, t->pc, RELIC_EDATA, "all %d task slots of %s are busy", SOUP_TASK_SLOTS, a->name);
}

void soup_flag_write(soup_vm *vm, int actor, unsigned i, int32_t v)
{
    if (i >= vm->nflags || vm->flag_val[i] == v)
        return;
    int32_t old = vm->flag_val[i];
    vm->flag_val[i] = v;
    soup_vm_emit(vm, SOUP_EV_FLAG, actor, i, old, v);
}

static void soup_latch(soup_vm *vm, int actor, unsigned i, uint8_t v)
{
    if (vm->flag_latch[i] == v)
        return;
    soup_vm_emit(vm, SOUP_EV_LATCH, actor, i, vm->flag_latch[i], v);
    vm->flag_latch[i] = v;
}

static void soup_set_global_flag(soup_vm *vm, int actor, unsigned i)
{
    int32_t v = vm->flag_val[i];
    switch (vm->flag_type[i]) {
    case SOUP_FLAG_BOOL:
        if (!vm->flag_latch[i])
            soup_flag_write(vm, actor, i, v == 0);
        soup_latch(vm, actor, i, 1);
        break;
    case SOUP_FLAG_FLIPFLOP: soup_flag_write(vm, actor, i, v == 0); break;
    case SOUP_FLAG_COUNTER:
        if (v) {
            soup_flag_write(vm, actor, i, (int32_t)((uint32_t)v - 1));
            soup_latch(vm, actor, i, 1);
        }
        break;
    default: soup_latch(vm, actor, i, 1); break;
    }
}

uint32_t soup_vm_rng_draw(soup_vm *vm)
{
    vm->cfg.rng_state = vm->cfg.rng_state * 1103515245u + 12345u;
    return (vm->cfg.rng_state >> 16) & 32767u;
}

static int32_t soup_rnd(soup_vm *vm, int32_t bound)
{
    uint32_t d = soup_vm_rng_draw(vm);
    if (bound < 1)
        return (int32_t)d;
    if (bound <= 16384) {
        uint32_t mask = 1;
        while (mask + 1 < (uint32_t)bound)
            mask = mask * 2 + 1;
        d &= mask;
    }
    return (int32_t)(d % (uint32_t)bound);
}

static int soup_count_tasks(const soup_actor *a, int blocking_only)
{
    int n = 0;
    for (int i = 0; i < SOUP_TASK_SLOTS; i++)
        n += a->tasks[i].used && !a->tasks[i].paused && (!blocking_only || a->tasks[i].blocking);
    return n;
}

/* The VM's own natives; 1 when handled. */
static int soup_builtin(soup_exec *x, const soup_native_call *c, int32_t *ret, int *done)
{
    soup_vm *vm = x->vm;
    int nat = -1;
    for (int i = 0; i < SOUP_NAT_COUNT && nat < 0; i++)
        if (vm->native_id[i] == (long)c->func)
            nat = i;
    if (nat < 0)
        return 0;
    int32_t a0 = c->nargs > 0 ? c->args[0] : 0, a1 = c->nargs > 1 ? c->args[1] : 0;
    soup_actor *r = c->receiver >= 0 ? &vm->actors[c->receiver] : NULL;
    uint32_t flag = (uint32_t)a0;
    if ((nat == SOUP_NAT_SETFLAG || nat == SOUP_NAT_TESTFLAG || nat == SOUP_NAT_RESETFLAG) && flag >= vm->nflags)
        return soup_x_fail(x, x->pc, RELIC_EDATA, "global flag %u out of range", flag), 1;
    if ((nat == SOUP_NAT_GETATTR || nat == SOUP_NAT_SETATTR) && r && r->has_attrs && (uint32_t)a0 > 255)
        return soup_x_fail(x, x->pc, RELIC_EDATA, "attribute index %d past the 256-byte table", a0), 1;
    int valid = (uint32_t)a0 <= 255 && r && r->has_attrs;
    switch (nat) {
    case SOUP_NAT_RND: *ret = soup_rnd(vm, a0); break;
    case SOUP_NAT_QUICKRND: *ret = (int32_t)(soup_vm_rng_draw(vm) & (uint32_t)a0); break;
    case SOUP_NAT_SETFLAG: soup_set_global_flag(vm, x->actor, flag); break;
    case SOUP_NAT_TESTFLAG: *ret = vm->flag_latch[flag]; break;
    case SOUP_NAT_RESETFLAG: soup_latch(vm, x->actor, flag, 0); break;
    case SOUP_NAT_GETATTR:
    case SOUP_NAT_GETMYATTR: *ret = valid ? r->attrs[a0] : 0; break;
    case SOUP_NAT_SETATTR:
    case SOUP_NAT_SETMYATTR:
        if (valid) {
            uint8_t v = (uint8_t)a1;
            if (r->attrs[a0] != v)
                soup_vm_emit(vm, SOUP_EV_ATTR, c->receiver, (unsigned)a0, r->attrs[a0], v);
            r->attrs[a0] = v;
            if (nat == SOUP_NAT_SETATTR && (a0 == 6 || a0 == 1))
                r->attrs[a0 == 6 ? 115 : 119] = v;
        }
        break;
    case SOUP_NAT_WAIT: *done = !((int32_t)c->elapsed < (int32_t)((uint32_t)a0 - 1)); break;
    case SOUP_NAT_WAITTASKS: *done = !(r && soup_count_tasks(r, 0) > 1); break;
    case SOUP_NAT_WAITNONMULTI: *done = !(r && soup_count_tasks(r, 1) > 1); break;
    case SOUP_NAT_ENABLESCRIPT:
    case SOUP_NAT_DISABLESCRIPT:
        if (r)
            r->control = nat == SOUP_NAT_DISABLESCRIPT ? (uint8_t)(r->control | 1) : (uint8_t)(r->control & ~1);
        break;
    }
    return 1;
}

int soup_native(soup_exec *x, soup_native_call *c, int32_t *ret, int *done)
{
    *ret = 0;
    *done = 1;
    soup_vm *vm = x->vm;
    if (vm->host.event) {
        soup_event ev = {SOUP_EV_CALL, vm->tick, x->actor, c->func, 0, 0, c};
        vm->host.event(vm->host.ud, &ev);
    }
    if (soup_builtin(x, c, ret, done))
        return x->rc;
    if (vm->host.native)
        return vm->host.native(vm->host.ud, c, ret, done);
    return RELIC_OK;
}

int soup_vm_load_map(soup_vm *vm, const rgm_map *m, relic_err *err)
{
    for (size_t i = 0; i < m->nactors; i++) {
        const rgm_actor *a = &m->actors[i];
        soup_actor_def d = {.name = a->name, .script_pc = a->script_pc, .base = a->script_data_offset};
        int rc = rgm_actor_script(m, a, &d.code, &d.len, err);
        if (rc)
            return rc;
        d.origin = m->rasc ? m->rasc->data_offset + a->script_data_offset : 0;
        d.attrs = rgm_actor_attrs(m, a);
        /* Strings and variables are read through the map; the VM keeps
         * pointers to the strings (the map outlives it) and copies vars. */
        const char **strs = NULL;
        int32_t *vars = NULL;
        if (a->num_strings && a->num_strings <= 65536 && (strs = calloc(a->num_strings, sizeof *strs)))
            for (uint32_t k = 0; k < a->num_strings; k++)
                if (rgm_actor_string(m, a, k, &strs[k], NULL))
                    strs[k] = NULL;
        if (a->num_variables && a->num_variables <= 65536 && (vars = calloc(a->num_variables, sizeof *vars)))
            for (uint32_t k = 0; k < a->num_variables; k++)
                rgm_actor_var(m, a, k, &vars[k], NULL);
        d.strings = strs;
        d.nstrings = strs ? a->num_strings : 0;
        d.vars = vars;
        d.nvars = vars ? a->num_variables : 0;
        int idx = soup_vm_add_actor(vm, &d, err);
        free(vars);
        if (idx < 0) {
            free(strs);
            return err ? err->code : RELIC_EDATA;
        }
        vm->actors[idx].owned_strings = strs;
    }
    return RELIC_OK;
}
