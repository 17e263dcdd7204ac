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
#include "vm_private.h"

/* What a headless run leaves undone (reported by pic-render --state and the
 * tests; each still consumes its operands). */
const agi_vm_gap agi_vm_gaps[] = {
    {0x1d, "show.pri.screen: no wait, nothing shown", 0},
    {0x6e, "shake.screen: no display shake", 0},
    {0x87, "show.mem: no diagnostic window", 0},
    {0x8b, "init.joy: no joystick", 0},
    {0x8c, "toggle.monitor: outside the EGA target", 0},
    {0x90, "log: no LOGFILE written", 0},
    {0x95, "trace.on: no trace window", 0},
    {0x96, "trace.info: no trace window", 0},
    {0, NULL, 0},
};

static int agi_vm_is_gap(uint8_t op)
{
    for (const agi_vm_gap *g = agi_vm_gaps; g->missing; g++)
        if (g->opcode == op)
            return 1;
    return 0;
}

static int agi_vm_posn(const agi_vm *vm, uint8_t op, const uint8_t *a)
{
    const agi_vm_obj *o = &vm->obj[a[0]];
    int x;
    switch (op) {
    case AGI_C_OBJ_IN_BOX: return o->x >= a[1] && o->y >= a[2] && o->x + o->width - 1 <= a[3] && o->y <= a[4];
    case AGI_C_CENTER_POSN: x = o->x + o->width / 2; break;
    case AGI_C_RIGHT_POSN: x = o->x + o->width - 1; break;
    default: x = o->x; break;
    }
    return x >= a[1] && x <= a[3] && o->y >= a[2] && o->y <= a[4];
}

/* One predicate at code[*pc] (the opcode already read as op). */
static int agi_vm_test(agi_vm *vm, uint8_t op, const uint8_t *code, uint32_t *pc, uint32_t len)
{
    const agi_cmd *c = agi_condition_info(op, vm->profile);
    if (!c)
        return agi_vm_fail(vm, "unknown condition 0x%02x", op), 0;
    if (op == AGI_C_SAID) {
        if (*pc >= len || *pc + 1 + 2u * code[*pc] > len)
            return agi_vm_fail(vm, "said() runs past the end of the code"), 0;
        unsigned n = code[*pc];
        const uint8_t *w = code + *pc + 1;
        *pc += 1 + 2 * n;
        return agi_vm_said(vm, w, n);
    }
    if (*pc + c->nargs > len)
        return agi_vm_fail(vm, "condition 0x%02x runs past the end of the code", op), 0;
    const uint8_t *a = code + *pc;
    *pc += c->nargs;
    const uint8_t *v = vm->vars;
    switch (op) {
    case AGI_C_FALSE: return 0;
    case AGI_C_EQUALN: return v[a[0]] == a[1];
    case AGI_C_EQUALV: return v[a[0]] == v[a[1]];
    case AGI_C_LESSN: return v[a[0]] < a[1];
    case AGI_C_LESSV: return v[a[0]] < v[a[1]];
    case AGI_C_GREATERN: return v[a[0]] > a[1];
    case AGI_C_GREATERV: return v[a[0]] > v[a[1]];
    case AGI_C_ISSET: return vm->flags[a[0]];
    case AGI_C_ISSET_V: return vm->flags[v[a[0]]];
    case AGI_C_HAS: return a[0] < vm->item_count && vm->items[a[0]] == 0xff;
    case AGI_C_OBJ_IN_ROOM: return a[0] < vm->item_count && vm->items[a[0]] == v[a[1]];
    case AGI_C_CONTROLLER: return vm->input.controller[a[0]];
    case AGI_C_HAVE_KEY: {
        int k = agi_vm_have_key(vm);
        vm->exec.key_wait = !k;
        return k;
    }
    case AGI_C_COMPARE_STRINGS:
        return agi_vm_string_slot(vm, a[0]) && agi_vm_string_slot(vm, a[1]) &&
               agi_vm_strcmp_norm(vm->strings[a[0]], vm->strings[a[1]]) == 0;
    default: return agi_vm_posn(vm, op, a);
    }
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
    vm->exec.key_wait = 0;
    if (vm->exec.suspended) {
        vm->exec.suspended = 0;
    } else {
        if (agi_vm_load_logic(vm, logic, 0))
            return vm->err.code;
        vm->exec.depth = 1;
        vm->exec.stack[0].logic = (uint8_t)logic;
        vm->exec.stack[0].pc = vm->res.logic[logic]->scan_start;
    }
    while (vm->exec.depth > 0 && !vm->err.code) {
        unsigned cur = vm->exec.stack[vm->exec.depth - 1].logic;
        agi_vm_logic *l = vm->res.logic[cur];
        if (!l || !l->loaded)
            return agi_vm_fail(vm, "logic %u is no longer loaded", cur);
        const uint8_t *code = l->payload.data + 2;
        uint32_t len = l->code_len, pc = vm->exec.stack[vm->exec.depth - 1].pc;
        if (pc >= len) {
            vm->exec.depth--;
            continue;
        }
        if (++vm->exec.steps > vm->exec.max_steps)
            return agi_vm_fail(vm, "step budget of %lu exhausted", vm->exec.max_steps);
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
                if (d < 0 && vm->exec.key_wait) {
                    vm->exec.stack[vm->exec.depth - 1].pc = (uint32_t)t;
                    vm->exec.suspended = 1;
                    return RELIC_OK;
                }
                pc = (uint32_t)t;
            }
            vm->exec.stack[vm->exec.depth - 1].pc = pc;
            continue;
        }
        if (op == AGI_A_RETURN) {
            vm->exec.depth--;
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
        vm->exec.stack[vm->exec.depth - 1].pc = pc;
        if (agi_vm_is_gap(op))
            vm->unimpl_seen[op]++;
        agi_vm_action(vm, op, a, cur);
        if (vm->exec.suspended) /* a modal opened: resume after this action */
            return vm->err.code;
        if (vm->exec.abort_flow || vm->quit || vm->abandon) {
            vm->exec.depth = 0;
            break;
        }
    }
    return vm->err.code;
}

void agi_vm_exec_reset(agi_vm *vm)
{
    vm->exec.depth = 0;
    vm->exec.abort_flow = vm->exec.suspended = vm->exec.key_wait = 0;
    vm->exec.resume_stage = AGI_STAGE_NONE;
}
