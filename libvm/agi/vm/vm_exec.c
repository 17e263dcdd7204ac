/* AGI bytecode execution (agi-spec logic_bytecode.md "Main stream
 * grammar", "Conditional blocks", "Condition opcodes" and the action
 * catalog): logic 0 and nested calls on an explicit activation stack, a
 * step budget, and errors for unknown opcodes, jumps outside the code and
 * calls nested too deep.  Operand counts come from the shared command table
 * (opcodes.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_logic.h"
#include "../opcodes.h"
#include "vm_exec.h"
#include "vm_private.h"

/* What a headless run leaves undone (reported by pic-render --state and the
 * tests; each still consumes its operands): one list, the public table
 * and a lookup by opcode made from it. */
// clang-format off
#define AGI_VM_GAP_LIST(X) \
    X(0x1d, "show.pri.screen: no wait, nothing shown", 0) \
    X(0x6e, "shake.screen: no display shake", 0) \
    X(0x87, "show.mem: no diagnostic window", 0) \
    X(0x8b, "init.joy: no joystick", 0) \
    X(0x8c, "toggle.monitor: outside the EGA target", 0) \
    X(0x90, "log: no LOGFILE written", 0) \
    X(0x95, "trace.on: no trace window", 0) \
    X(0x96, "trace.info: no trace window", 0)
// clang-format on
#define AGI_X_GAP(op, missing, partial) {op, missing, partial},
const agi_vm_gap agi_vm_gaps[] = {AGI_VM_GAP_LIST(AGI_X_GAP){0, NULL, 0}};
#undef AGI_X_GAP
#define AGI_X_GAP(op, missing, partial) [op] = 1,
static const uint8_t agi_vm_gap_of[256] = {AGI_VM_GAP_LIST(AGI_X_GAP)};
#undef AGI_X_GAP

/* The conditions (logic_bytecode.md "Condition opcodes"): opcodes.h's
 * handler column for the test list.  Each reads its operands at a; said's
 * are its count, then the words. */
int agi_vm_test_false(agi_vm *vm, const uint8_t *a) { return (void)vm, (void)a, 0; }
int agi_vm_test_equaln(agi_vm *vm, const uint8_t *a) { return vm->vars[a[0]] == a[1]; }
int agi_vm_test_equalv(agi_vm *vm, const uint8_t *a) { return vm->vars[a[0]] == vm->vars[a[1]]; }
int agi_vm_test_lessn(agi_vm *vm, const uint8_t *a) { return vm->vars[a[0]] < a[1]; }
int agi_vm_test_lessv(agi_vm *vm, const uint8_t *a) { return vm->vars[a[0]] < vm->vars[a[1]]; }
int agi_vm_test_greatern(agi_vm *vm, const uint8_t *a) { return vm->vars[a[0]] > a[1]; }
int agi_vm_test_greaterv(agi_vm *vm, const uint8_t *a) { return vm->vars[a[0]] > vm->vars[a[1]]; }
int agi_vm_test_isset(agi_vm *vm, const uint8_t *a) { return vm->flags[a[0]]; }
int agi_vm_test_isset_v(agi_vm *vm, const uint8_t *a) { return vm->flags[vm->vars[a[0]]]; }
int agi_vm_test_has(agi_vm *vm, const uint8_t *a) { return a[0] < vm->item_count && vm->items[a[0]] == 0xff; }

int agi_vm_test_obj_in_room(agi_vm *vm, const uint8_t *a)
{
    return a[0] < vm->item_count && vm->items[a[0]] == vm->vars[a[1]];
}


int agi_vm_test_have_key(agi_vm *vm, const uint8_t *a)
{
    (void)a;
    int k = agi_vm_have_key(vm);
    vm->exec->key_wait = !k;
    return k;
}

int agi_vm_test_said(agi_vm *vm, const uint8_t *a) { return agi_vm_said(vm, a + 1, a[0]); }

int agi_vm_test_compare_strings(agi_vm *vm, const uint8_t *a)
{
    return agi_vm_string_slot(vm, a[0]) && agi_vm_string_slot(vm, a[1]) &&
           agi_vm_strcmp_norm(vm->strings[a[0]], vm->strings[a[1]]) == 0;
}

/* posn, obj.in.box, center.posn, right.posn: the object's x (left,
 * centre or right end of its baseline) and y inside the box a[1..4]. */
static int agi_vm_in_box(const agi_vm *vm, const uint8_t *a, int x)
{
    const agi_vm_obj *o = &vm->obj[a[0]];
    return x >= a[1] && x <= a[3] && o->y >= a[2] && o->y <= a[4];
}

int agi_vm_test_posn(agi_vm *vm, const uint8_t *a) { return agi_vm_in_box(vm, a, vm->obj[a[0]].x); }

int agi_vm_test_obj_in_box(agi_vm *vm, const uint8_t *a)
{
    const agi_vm_obj *o = &vm->obj[a[0]];
    return o->x >= a[1] && o->y >= a[2] && o->x + o->width - 1 <= a[3] && o->y <= a[4];
}

int agi_vm_test_center_posn(agi_vm *vm, const uint8_t *a)
{
    const agi_vm_obj *o = &vm->obj[a[0]];
    return agi_vm_in_box(vm, a, o->x + o->width / 2);
}

int agi_vm_test_right_posn(agi_vm *vm, const uint8_t *a)
{
    const agi_vm_obj *o = &vm->obj[a[0]];
    return agi_vm_in_box(vm, a, o->x + o->width - 1);
}

#define AGI_X_HANDLER(e, op, name, args, since, handler) [op] = handler,
static agi_vm_test_fn *const agi_vm_tests[] = {AGI_CONDITION_LIST(AGI_X_HANDLER)};
static agi_vm_op_fn *const agi_vm_ops[] = {AGI_ACTION_LIST(AGI_X_HANDLER)};
#undef AGI_X_HANDLER

/* One predicate at code[*pc] (the opcode already read as op). */
static int agi_vm_test(agi_vm *vm, uint8_t op, const uint8_t *code, uint32_t *pc, uint32_t len)
{
    const agi_cmd *c = agi_condition_info(op, vm->profile);
    if (!c)
        return agi_vm_fail(vm, "unknown condition 0x%02x", op), 0;
    uint32_t n = c->nargs;
    if (op == AGI_C_SAID) {
        if (*pc >= len || *pc + 1 + 2u * code[*pc] > len)
            return agi_vm_fail(vm, "said() runs past the end of the code"), 0;
        n = 1 + 2u * code[*pc];
    } else if (*pc + n > len)
        return agi_vm_fail(vm, "condition 0x%02x runs past the end of the code", op), 0;
    const uint8_t *a = code + *pc;
    *pc += n;
    return agi_vm_tests[op](vm, a);
}

/* Skips predicates from *pc until the closing marker `stop` (0xfc ends an
 * OR group, 0xff the list). */
static int agi_vm_skip_to(agi_vm *vm, const uint8_t *code, uint32_t *pc, uint32_t len, uint8_t stop)
{
    while (*pc < len) {
        uint8_t b = code[(*pc)++];
        if (b == stop)
            return 0;
        if (b == AGI_OP_OR || b == AGI_OP_NOT)
            continue;
        if (b == AGI_OP_IF)
            break;
        const agi_cmd *c = agi_condition_info(b, vm->profile);
        if (!c)
            return agi_vm_fail(vm, "unknown condition 0x%02x", b);
        uint32_t n = b == AGI_C_SAID ? (*pc < len ? 1u + 2u * code[*pc] : 1u) : c->nargs;
        *pc += n;
    }
    return agi_vm_fail(vm, "condition list runs past the end of the code");
}

/* logic_bytecode.md "Conditional blocks": AND outside a group, OR inside;
 * 0xfd inverts the next predicate only. */
static int agi_vm_conditions(agi_vm *vm, const uint8_t *code, uint32_t *pc, uint32_t len)
{
    int not = 0, in_or = 0;
    while (*pc < len) {
        uint8_t b = code[(*pc)++];
        if (b == AGI_OP_IF) {
            if (in_or)
                return 0;
            return 1;
        }
        if (b == AGI_OP_NOT) {
            not = !not ;
            continue;
        }
        if (b == AGI_OP_OR) {
            if (in_or) /* closing marker with no true term */
                return agi_vm_skip_to(vm, code, pc, len, AGI_OP_IF), 0;
            in_or = 1;
            continue;
        }
        int r = agi_vm_test(vm, b, code, pc, len);
        if (vm->err.code)
            return 0;
        if (not )
            r = !r;
        not = 0;
        if (in_or && r) {
            if (agi_vm_skip_to(vm, code, pc, len, AGI_OP_OR))
                return 0;
            in_or = 0;
        } else if (!in_or && !r) {
            agi_vm_skip_to(vm, code, pc, len, AGI_OP_IF);
            return 0;
        }
    }
    agi_vm_fail(vm, "condition list runs past the end of the code");
    return 0;
}

int agi_vm_exec(agi_vm *vm, unsigned logic)
{
    agi_vm_exec_state *ex = vm->exec;
    ex->key_wait = 0;
    /* Each frame holds its logic's record, asked of vm_res.c when the
     * frame is pushed and again when a suspended stack resumes.  An action
     * may load logics (each record stays where it is); only a room switch,
     * a restart or a restore frees records, and each ends the pass
     * (AGI_HALT_STOP) before a record is read again. */
    if (vm->flow_halt == AGI_HALT_SUSPEND) {
        agi_vm_flow_suspend(vm, 0);
        for (unsigned i = 0; i < ex->depth; i++)
            ex->stack[i].rec = agi_vm_logic_at(vm, ex->stack[i].logic);
    } else {
        const agi_vm_logic *l = agi_vm_logic_ready(vm, logic);
        if (!l)
            return vm->err.code;
        ex->depth = 1;
        ex->stack[0].logic = (uint8_t)logic;
        ex->stack[0].pc = l->scan_start;
        ex->stack[0].rec = l;
    }
    while (ex->depth > 0 && !vm->err.code) {
        unsigned cur = ex->stack[ex->depth - 1].logic;
        const agi_vm_logic *l = ex->stack[ex->depth - 1].rec;
        if (!l || !l->loaded)
            return agi_vm_fail(vm, "logic %u is no longer loaded", cur);
        const uint8_t *code = l->payload.data + 2;
        uint32_t len = l->code_len, pc = ex->stack[ex->depth - 1].pc;
        if (pc >= len) {
            ex->depth--;
            continue;
        }
        if (++ex->steps > ex->max_steps)
            return agi_vm_fail(vm, "step budget of %lu exhausted", ex->max_steps);
        uint8_t op = code[pc++];
        if (op == AGI_OP_IF || op == AGI_OP_GOTO) {
            int go = 1;
            if (op == AGI_OP_IF) {
                go = !agi_vm_conditions(vm, code, &pc, len);
                if (vm->err.code)
                    break;
            }
            if (pc + 2 > len)
                return agi_vm_fail(vm, "jump displacement runs past the end of the code");
            int16_t d = (int16_t)(code[pc] | code[pc + 1] << 8);
            pc += 2;
            if (go) {
                long t = (long)pc + d;
                if (t < 0 || t > (long)len)
                    return agi_vm_fail(vm, "jump to 0x%lx outside the code (0..0x%x)", t, (unsigned)len);
                /* A backward jump after a failed have.key is the games'
                 * busy-wait for a key: the original sits in it while
                 * interrupts deliver keys; we resume it next cycle. */
                if (d < 0 && ex->key_wait) {
                    ex->stack[ex->depth - 1].pc = (uint32_t)t;
                    agi_vm_flow_suspend(vm, 1);
                    return RELIC_OK;
                }
                pc = (uint32_t)t;
            }
            ex->stack[ex->depth - 1].pc = pc;
            continue;
        }
        if (op == AGI_A_RETURN) {
            ex->depth--;
            continue;
        }
        const agi_cmd *c = agi_action_info(op, vm->profile);
        if (!c || op == AGI_OP_OR || op == AGI_OP_NOT)
            return agi_vm_fail(vm, "unknown action 0x%02x", op);
        unsigned nargs = op == AGI_A_DISCARD_SOUND ? 0 : c->nargs;
        if (pc + nargs > len)
            return agi_vm_fail(vm, "action %s runs past the end of the code", c->name);
        uint8_t a[8] = {0};
        memcpy(a, code + pc, nargs);
        pc += nargs;
        ex->stack[ex->depth - 1].pc = pc;
        if (agi_vm_gap_of[op])
            vm->unimpl_seen[op]++;
        if (op && op == vm->raw_picture_op) /* the extensions' raw picture (vm_rules.h) */
            agi_vm_draw_raw_pic(vm, vm->vars[a[0]]);
        else
            agi_vm_ops[op](vm, a, cur);
        if (vm->flow_halt == AGI_HALT_SUSPEND) /* a modal opened: resume after this action */
            return vm->err.code;
        if (vm->flow_halt == AGI_HALT_STOP || vm->quit || vm->abandon) {
            ex->depth = 0;
            break;
        }
    }
    return vm->err.code;
}

/* The execution stack is vm_exec.c's (vm_exec.h): made with the vm. */
int agi_vm_exec_new(agi_vm *vm) { return (vm->exec = calloc(1, sizeof *vm->exec)) != NULL; }
void agi_vm_exec_free(agi_vm *vm) { free(vm->exec); }

/* An error's location (vm->hooks.where, for vm_state.c): the logic running
 * and the offset of its command, or nothing between logics. */
void agi_vm_exec_where(const agi_vm *vm, char *out, size_t size)
{
    out[0] = '\0';
    if (vm->exec->depth)
        snprintf(out, size, "logic %u offset 0x%x: ", vm->exec->stack[vm->exec->depth - 1].logic,
                 (unsigned)vm->exec->stack[vm->exec->depth - 1].pc);
}

void agi_vm_exec_reset(agi_vm *vm)
{
    vm->exec->depth = 0;
    vm->exec->key_wait = 0;
    agi_vm_flow_reset(vm);
}

/* Commands that change no state here: the ones agi_vm_gaps lists, the
 * mouse and disk commands of later profiles, and discard.sound (its
 * operand is not consumed at run time, above). */
void agi_vm_op_none(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)vm, (void)a, (void)logic; }

static void agi_vm_call(agi_vm *vm, unsigned n)
{
    if (vm->exec->depth >= AGI_VM_MAX_DEPTH) {
        agi_vm_fail(vm, "logic calls nested deeper than %d", AGI_VM_MAX_DEPTH);
        return;
    }
    const agi_vm_logic *l = agi_vm_logic_ready(vm, n);
    if (!l)
        return;
    vm->exec->stack[vm->exec->depth].logic = (uint8_t)n;
    vm->exec->stack[vm->exec->depth].pc = l->scan_start;
    vm->exec->stack[vm->exec->depth].rec = l;
    vm->exec->depth++;
}

/* call, call.v, set.scan.start, reset.scan.start (logic_bytecode.md
 * "Action opcodes" 0x16, 0x17, 0x91, 0x92): opcodes.h's handler column. */
void agi_vm_op_call(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, agi_vm_call(vm, a[0]); }
void agi_vm_op_call_v(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, agi_vm_call(vm, vm->vars[a[0]]); }

void agi_vm_op_set_scan_start(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, agi_vm_logic_scan_start(vm, logic, (uint16_t)vm->exec->stack[vm->exec->depth - 1].pc);
}

void agi_vm_op_reset_scan_start(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, agi_vm_logic_scan_start(vm, logic, 0);
}

/* The step budget of one cycle (agi_vm_options.max_steps), the count of a
 * new cycle, and the logic stack dropped (an abandoned cycle, a restart). */
void agi_vm_exec_budget(agi_vm *vm, unsigned long max_steps) { vm->exec->max_steps = max_steps; }
void agi_vm_exec_new_cycle(agi_vm *vm) { vm->exec->steps = 0; }
void agi_vm_exec_drop(agi_vm *vm) { vm->exec->depth = 0; }
