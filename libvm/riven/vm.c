/* Riven script executor, after the seed document "Riven scripts": the
 * card-switch event chain of command 2 (old card event 7; new card event 6
 * with screen updates held; event 10; the transition and display update;
 * event 9), switch/case/default, hotspot enable and disable (commands 9, 10,
 * 43 through BLST), screen-update batching (commands 20 and 21; commands 1
 * and 39 update the display unless batched or inside events 6 and 10),
 * delays as logical time (command 14, signed milliseconds), and every
 * command, external command and movie reported to the host.  Work is one
 * explicit stack of command lists and chain actions (no recursion), run
 * under a step budget.  Every command the engine's table defines runs or is
 * recorded (movies, sounds, cursors: the host sees them in the trace);
 * argument counts follow what the engine reads (riven_op_info.min_argc),
 * and only opcodes outside the engine's table stop the run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "opcodes.h"
#include "relic/core.h"
#include "relic/riven_vm.h"

typedef enum riven_act {
    RIVEN_ACT_LIST,     /* run commands */
    RIVEN_ACT_SET_CARD, /* the chain reaches the new card */
    RIVEN_ACT_LOAD_END, /* event 6 finished: updates no longer held */
    RIVEN_ACT_UPDATE,   /* event 10 handlers, then RIVEN_ACT_SHOW */
    RIVEN_ACT_SHOW,     /* the display is updated (with a pending transition) */
    RIVEN_ACT_EVENT     /* reports that an event's handlers start */
} riven_act;

typedef struct riven_vm_frame riven_vm_frame;

struct riven_vm {
    const riven_world_card *cards;
    size_t ncards;
    riven_host host;
    uint32_t *vars; /* 65536 entries, indexed by NAME 4 record */
    int has_card;
    uint16_t card;
    uint8_t *hotspot_enabled; /* per hotspot of the current card */
    int updates_disabled, in_load, in_update, transition;
    uint64_t steps, time_ms;
    riven_vm_frame *stack;
    size_t depth, cap;
    size_t depth_limit; /* set from the step budget by riven_vm_run */
    uint64_t budget;
    uint16_t cur_card, cur_hotspot; /* whose script runs (0xffff: the card's own) */
    uint16_t plst_activated;        /* commands 39 since the card was entered */
};

struct riven_vm_frame {
    riven_act act;
    const riven_script *s;
    uint32_t first, n, i;
    uint16_t arg;
    uint16_t owner_card, owner_hotspot; /* whose script this is (0xffff: the card's) */
};

/* Each step pushes at most a card switch's chain (6 items) plus one
 * handler per matching event; this many items per remaining step is more
 * than a run within the budget can ever pop. */
#define RIVEN_DEPTH_PER_STEP 8u
#define RIVEN_DEPTH_SLACK 64u

static const riven_world_card *riven_vm_card(const riven_vm *vm, uint16_t id)
{
    for (size_t i = 0; i < vm->ncards; i++)
        if (vm->cards[i].id == id)
            return &vm->cards[i];
    return NULL;
}

/* "CARD 4" or "HSPT 4 hotspot 2" for the script now running, and the
 * archive as the error's file. */
static int riven_vm_where(const riven_vm *vm, char *out, size_t cap)
{
    const riven_world_card *c = riven_vm_card(vm, vm->cur_card);
    if (vm->cur_hotspot == 0xffff)
        snprintf(out, cap, "CARD %u", vm->cur_card);
    else
        snprintf(out, cap, "HSPT %u hotspot %u", vm->cur_card, vm->cur_hotspot);
    return c && c->archive ? 1 : 0;
}

static int riven_vm_error(const riven_vm *vm, relic_err *err, int code, const char *msg)
{
    char where[64];
    int has_archive = riven_vm_where(vm, where, sizeof where);
    relic_err_set(err, code, RELIC_NO_OFFSET, "%s (in the script of %s)", msg, where);
    if (has_archive && err)
        relic_err_file(err, riven_vm_card(vm, vm->cur_card)->archive);
    return code;
}

static int riven_vm_budget_error(const riven_vm *vm, relic_err *err)
{
    char msg[120];
    snprintf(msg, sizeof msg, "step budget of %llu exhausted on card %u", (unsigned long long)vm->budget, vm->card);
    return riven_vm_error(vm, err, RELIC_EDATA, msg);
}

static int riven_vm_push(riven_vm *vm, riven_act act, const riven_script *s, uint32_t first, uint32_t n, uint16_t arg,
                         relic_err *err)
{
    if (vm->depth >= vm->depth_limit)
        return riven_vm_budget_error(vm, err);
    if (vm->depth == vm->cap && relic_grow((void **)&vm->stack, &vm->cap, vm->depth + 1, sizeof *vm->stack, 64))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    vm->stack[vm->depth++] = (riven_vm_frame){act, s, first, n, 0, arg, vm->cur_card, vm->cur_hotspot};
    return RELIC_OK;
}

static void riven_vm_trace(riven_vm *vm, riven_trace_kind kind, uint16_t op, const uint16_t *argv, uint16_t argc,
                           uint16_t event, int hotspot)
{
    if (!vm->host.trace)
        return;
    riven_trace_ev ev = {kind, vm->steps, vm->time_ms, vm->card, op, argc, argv, event, hotspot, vm->transition};
    vm->host.trace(vm->host.ctx, &ev);
}

/* Pushes the handlers of `s` for `event` (in script order) under a marker
 * that reports the event when its turn comes. */
static int riven_vm_handlers(riven_vm *vm, const riven_script *s, uint16_t card, uint16_t event, int hotspot,
                             relic_err *err)
{
    uint16_t who = (uint16_t)(hotspot < 0 ? 0xffff : hotspot);
    uint16_t saved_card = vm->cur_card, saved_hotspot = vm->cur_hotspot;
    vm->cur_card = card;
    vm->cur_hotspot = who;
    int rc = RELIC_OK;
    for (size_t h = s ? s->nhandlers : 0; h-- > 0 && !rc;)
        if (s->handlers[h].event == event)
            rc = riven_vm_push(vm, RIVEN_ACT_LIST, s, s->handlers[h].first_cmd, s->handlers[h].ncmds, who, err);
    if (!rc)
        rc = riven_vm_push(vm, RIVEN_ACT_EVENT, NULL, event, 0, who, err);
    vm->cur_card = saved_card;
    vm->cur_hotspot = saved_hotspot;
    return rc;
}

static const riven_script *riven_vm_card_script(const riven_vm *vm, uint16_t id)
{
    const riven_world_card *c = riven_vm_card(vm, id);
    return c && c->card ? &c->card->script : NULL;
}

int riven_vm_goto(riven_vm *vm, uint16_t card, relic_err *err)
{
    if (!riven_vm_card(vm, card)) {
        char msg[80];
        snprintf(msg, sizeof msg, "switch to card %u, which is not loaded", card);
        if (!vm->has_card)
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "%s", msg);
        return riven_vm_error(vm, err, RELIC_EDATA, msg);
    }
    const riven_script *to = riven_vm_card_script(vm, card);
    int rc = RELIC_OK;
    /* Pushed last-first: close old, set card, load, load end, update, open. */
    rc = rc ? rc : riven_vm_handlers(vm, to, card, RIVEN_EV_CardOpen, -1, err);
    rc = rc ? rc : riven_vm_push(vm, RIVEN_ACT_UPDATE, NULL, 0, 0, card, err);
    rc = rc ? rc : riven_vm_push(vm, RIVEN_ACT_LOAD_END, NULL, 0, 0, card, err);
    rc = rc ? rc : riven_vm_handlers(vm, to, card, RIVEN_EV_CardLoad, -1, err);
    rc = rc ? rc : riven_vm_push(vm, RIVEN_ACT_SET_CARD, NULL, 0, 0, card, err);
    if (!rc && vm->has_card)
        rc = riven_vm_handlers(vm, riven_vm_card_script(vm, vm->card), vm->card, RIVEN_EV_CardClose, -1, err);
    return rc;
}

static int riven_vm_set_card(riven_vm *vm, uint16_t id, relic_err *err)
{
    const riven_world_card *c = riven_vm_card(vm, id);
    free(vm->hotspot_enabled);
    vm->hotspot_enabled = NULL;
    size_t n = c && c->hotspots ? c->hotspots->count : 0;
    vm->hotspot_enabled = relic_calloc_array(n, 1);
    if (!vm->hotspot_enabled)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const riven_hotspot *h = &c->hotspots->items[i];
        /* Empty or inverted rectangles are disabled, as ScummVM's riven_card.cpp does. */
        vm->hotspot_enabled[i] = h->left < h->right && h->top < h->bottom;
    }
    vm->card = id;
    vm->has_card = 1;
    vm->updates_disabled = 0;
    vm->in_load = 1;
    vm->plst_activated = 0;
    riven_vm_trace(vm, RIVEN_TRACE_CARD, 0, NULL, 0, 0, -1);
    return RELIC_OK;
}

static int riven_vm_hotspot_index(const riven_vm *vm, uint16_t blst_id)
{
    const riven_world_card *c = riven_vm_card(vm, vm->card);
    for (size_t i = 0; c && c->hotspots && i < c->hotspots->count; i++)
        if (c->hotspots->items[i].blst_id == blst_id)
            return (int)i;
    return -1;
}

int riven_vm_click(riven_vm *vm, uint16_t blst_id, relic_err *err)
{
    int i = vm->has_card ? riven_vm_hotspot_index(vm, blst_id) : -1;
    if (i < 0)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "card %u has no hotspot %u", vm->card, blst_id);
    if (!vm->hotspot_enabled[i]) {
        riven_vm_trace(vm, RIVEN_TRACE_CLICK_IGNORED, 0, NULL, 0, 0, blst_id);
        return RELIC_OK;
    }
    const riven_script *s = &riven_vm_card(vm, vm->card)->hotspots->items[i].script;
    int rc = riven_vm_handlers(vm, s, vm->card, RIVEN_EV_MouseUp, blst_id, err);
    return rc ? rc : riven_vm_handlers(vm, s, vm->card, RIVEN_EV_MouseDown, blst_id, err);
}

static void riven_vm_enable(riven_vm *vm, uint16_t blst_id, int on)
{
    int i = riven_vm_hotspot_index(vm, blst_id);
    if (i >= 0)
        vm->hotspot_enabled[i] = (uint8_t)on;
}

static void riven_vm_show(riven_vm *vm)
{
    riven_vm_trace(vm, RIVEN_TRACE_DISPLAY, 0, NULL, 0, 0, -1);
    vm->transition = -1;
}

static int riven_vm_batched(const riven_vm *vm) { return vm->updates_disabled || vm->in_load || vm->in_update; }

static int riven_vm_exec(riven_vm *vm, const riven_script *s, const riven_cmd *c, relic_err *err)
{
    const uint16_t *a = s->args + c->args;
    const riven_op_info *info = riven_op(c->op);
    char msg[120];
    if (!info && c->op >= RIVEN_ENGINE_OPCODES) {
        snprintf(msg, sizeof msg, "unknown command %u on card %u", c->op, vm->card);
        return riven_vm_error(vm, err, RELIC_EDATA, msg);
    }
    if (!info) { /* an empty slot of the engine's table: it warns and goes on */
        riven_vm_trace(vm, RIVEN_TRACE_COMMAND, c->op, a, c->argc, 0, -1);
        return RELIC_OK;
    }
    if (c->argc < info->min_argc) {
        snprintf(msg, sizeof msg, "%s with %u arguments (the engine reads %d) on card %u", info->name, c->argc,
                 info->min_argc, vm->card);
        return riven_vm_error(vm, err, RELIC_EDATA, msg);
    }
    if (c->op != RIVEN_OP_switch)
        riven_vm_trace(vm, RIVEN_TRACE_COMMAND, c->op, a, c->argc, 0, -1);
    const riven_world_card *card = riven_vm_card(vm, vm->card);
    switch (c->op) {
    case RIVEN_OP_activatePLST:
        vm->plst_activated++;
        /* fall through */
    case RIVEN_OP_drawBitmap:
        if (!riven_vm_batched(vm))
            riven_vm_show(vm);
        return RELIC_OK;
    case RIVEN_OP_switchCard: return riven_vm_goto(vm, a[0], err);
    case RIVEN_OP_reloadCard: return riven_vm_goto(vm, vm->card, err);
    case RIVEN_OP_setVariable: vm->vars[a[0]] = a[1]; return RELIC_OK;
    case RIVEN_OP_incrementVariable: vm->vars[a[0]] += a[1]; return RELIC_OK;
    case RIVEN_OP_decrementVariable: vm->vars[a[0]] -= a[1]; return RELIC_OK;
    case RIVEN_OP_switch: {
        const riven_case *hit = NULL;
        for (unsigned k = 0; k < c->ncases; k++) {
            const riven_case *cs = &s->cases[c->first_case + k];
            if (cs->value == RIVEN_SWITCH_DEFAULT ? !hit : vm->vars[a[0]] == cs->value)
                hit = cs;
            if (cs->value != RIVEN_SWITCH_DEFAULT && vm->vars[a[0]] == cs->value)
                break;
        }
        uint16_t taken = hit ? hit->value : 0xfffe;
        riven_vm_trace(vm, RIVEN_TRACE_COMMAND, c->op, &taken, 1, 0, -1);
        return hit ? riven_vm_push(vm, RIVEN_ACT_LIST, s, hit->first_cmd, hit->ncmds, vm->cur_hotspot, err) : RELIC_OK;
    }
    case RIVEN_OP_enableHotspot:
    case RIVEN_OP_disableHotspot: riven_vm_enable(vm, a[0], c->op == RIVEN_OP_enableHotspot); return RELIC_OK;
    case RIVEN_OP_activateBLST:
        for (size_t r = 0; card && card->blst && r < card->blst->count; r++) {
            const uint16_t *rec = card->blst->values + r * 3;
            if (rec[0] == a[0]) {
                riven_vm_enable(vm, rec[2], rec[1] == 1);
                break;
            }
        }
        return RELIC_OK;
    case RIVEN_OP_pause:
        if ((int16_t)a[0] > 0)
            vm->time_ms += (uint64_t)(int16_t)a[0];
        return RELIC_OK;
    case RIVEN_OP_callExternal:
        if (a[1] > c->argc - 2) {
            snprintf(msg, sizeof msg, "callExternal passes %u arguments but holds %u (card %u)", a[1],
                     (unsigned)(c->argc - 2), vm->card);
            return riven_vm_error(vm, err, RELIC_EDATA, msg);
        }
        if (vm->host.external)
            vm->host.external(vm->host.ctx, vm->vars, a[0], a + 2, a[1]);
        return RELIC_OK;
    case RIVEN_OP_transition:
        /* ScummVM takes a rectangle from any count but 1; only its first
         * four arguments are read */
        if (c->argc != 1 && c->argc < 5) {
            snprintf(msg, sizeof msg, "transition with %u arguments (card %u)", c->argc, vm->card);
            return riven_vm_error(vm, err, RELIC_EDATA, msg);
        }
        vm->transition = a[0];
        return RELIC_OK;
    case RIVEN_OP_disableScreenUpdate: vm->updates_disabled = 1; return RELIC_OK;
    case RIVEN_OP_enableScreenUpdate:
        vm->updates_disabled = 0;
        return riven_vm_push(vm, RIVEN_ACT_UPDATE, NULL, 0, 0, vm->card, err);
    default: return RELIC_OK; /* recorded in the trace only */
    }
}

static int riven_vm_step(riven_vm *vm, relic_err *err)
{
    riven_vm_frame *f = &vm->stack[vm->depth - 1];
    switch (f->act) {
    case RIVEN_ACT_LIST: {
        if (f->i == f->n) {
            vm->depth--;
            return RELIC_OK;
        }
        const riven_script *s = f->s;
        const riven_cmd *c = &s->cmds[f->first + f->i++];
        vm->cur_card = f->owner_card;
        vm->cur_hotspot = f->owner_hotspot;
        if (f->i == f->n)
            vm->depth--; /* a tail call: what the last command queues takes this frame's place */
        vm->steps++;
        return riven_vm_exec(vm, s, c, err);
    }
    case RIVEN_ACT_SET_CARD: {
        uint16_t id = f->arg;
        vm->depth--;
        vm->steps++;
        return riven_vm_set_card(vm, id, err);
    }
    case RIVEN_ACT_LOAD_END: {
        vm->depth--;
        vm->in_load = 0;
        static const uint16_t first = 1;
        if (!vm->plst_activated) /* the engine's default picture, before the display update */
            riven_vm_trace(vm, RIVEN_TRACE_DEFAULT_PICTURE, RIVEN_OP_activatePLST, &first, 1, 0, -1);
        return RELIC_OK;
    }
    case RIVEN_ACT_UPDATE: {
        vm->depth--;
        vm->steps++;
        vm->in_update++; /* commands 1 and 39 inside event 10 do not update on their own */
        int rc = riven_vm_push(vm, RIVEN_ACT_SHOW, NULL, 0, 0, vm->card, err);
        return rc ? rc
                  : riven_vm_handlers(vm, riven_vm_card_script(vm, vm->card), vm->card, RIVEN_EV_DisplayUpdate, -1,
                                      err);
    }
    case RIVEN_ACT_SHOW:
        vm->depth--;
        vm->in_update = vm->in_update > 0 ? vm->in_update - 1 : 0;
        riven_vm_show(vm);
        return RELIC_OK;
    case RIVEN_ACT_EVENT: {
        uint16_t event = (uint16_t)f->first, who = f->arg;
        vm->depth--;
        riven_vm_trace(vm, RIVEN_TRACE_EVENT, 0, NULL, 0, event, who == 0xffff ? -1 : who);
        return RELIC_OK;
    }
    }
    return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "bad work item");
}

riven_vm *riven_vm_new(const riven_world_card *cards, size_t ncards, const riven_host *host, relic_err *err)
{
    riven_vm *vm = relic_calloc_array(1, sizeof *vm);
    if (!vm) {
        relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        return NULL;
    }
    vm->cards = cards;
    vm->ncards = ncards;
    if (host)
        vm->host = *host;
    vm->transition = -1;
    vm->cur_hotspot = 0xffff;
    vm->depth_limit = RIVEN_DEPTH_SLACK + RIVEN_DEPTH_PER_STEP * 100000u;
    vm->vars = relic_calloc_array(65536, sizeof *vm->vars);
    if (!vm->vars) {
        free(vm);
        relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        return NULL;
    }
    return vm;
}

void riven_vm_free(riven_vm *vm)
{
    if (!vm)
        return;
    free(vm->vars);
    free(vm->stack);
    free(vm->hotspot_enabled);
    free(vm);
}

uint32_t riven_vm_var(const riven_vm *vm, uint16_t i) { return vm->vars[i]; }
void riven_vm_set_var(riven_vm *vm, uint16_t i, uint32_t value) { vm->vars[i] = value; }
uint16_t riven_vm_current_card(const riven_vm *vm) { return vm->card; }
uint64_t riven_vm_steps(const riven_vm *vm) { return vm->steps; }
uint64_t riven_vm_time_ms(const riven_vm *vm) { return vm->time_ms; }
size_t riven_vm_depth(const riven_vm *vm) { return vm->depth; }

int riven_vm_run(riven_vm *vm, uint64_t max_steps, relic_err *err)
{
    uint64_t start = vm->steps;
    vm->budget = max_steps;
    vm->depth_limit = max_steps > (SIZE_MAX - RIVEN_DEPTH_SLACK) / RIVEN_DEPTH_PER_STEP / 2
                          ? SIZE_MAX / 2
                          : RIVEN_DEPTH_SLACK + RIVEN_DEPTH_PER_STEP * (size_t)max_steps;
    while (vm->depth) {
        if (vm->steps - start >= max_steps)
            return riven_vm_budget_error(vm, err);
        int rc = riven_vm_step(vm, err);
        if (rc)
            return rc;
    }
    return RELIC_OK;
}
