/* GOOL interpreter (seed 003 "GOOL Interpreter": interpretation kinds,
 * stack frames, the instruction table; operand translation, evaluation
 * order (bits 12..23 before bits 0..11), CFL/RST semantics and state
 * changes as in wurlyfox/c1 src/gool.c GoolObjectInterpret,
 * GoolObjectChangeState, GoolSendEvent).  Operand translation, the stack
 * and frames are the layer below, in vm_operand.c.
 *
 * Model: one object's fields and stack share mem[] (process base 0, stack
 * from header.stack_start); a frame is [flags, pc, fp | sp << 16 (byte
 * offsets, seed layout), data...] with arguments below it.  Values that
 * are addresses are tagged: mem 0x001xxxxx, code 0x002xxxxx, pool
 * 0x003xxxxx, animation 0x004xxxxx (low bits: byte offset).  Engine-facing
 * instructions are traced and yield what the host returns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/gool_isa.h"
#include "relic/gool_vm.h"
#include "vm_private.h"

#define VM_HEAD_DEPTH 8

/* The object fields the interpreter itself uses, per game: the seam
 * between the games' object layouts.  Crash 1: wurlyfox/c1 src/gool.h
 * (status_c word 28, once_p/head pc word 36); Crash 2 and 3: CrashEdit
 * GOOLInterpreter.cs ObjectFields (statusc = 28, hpc = 36), which agree. */
static const gool_vm_layout vm_layouts[] = {
    [GOOL_GAME_AUTO] = {28, 36},
    [GOOL_GAME_C1] = {28, 36},
    [GOOL_GAME_C2] = {28, 36},
    [GOOL_GAME_C3] = {28, 36},
};
#define VM_STATUS_C (vm->layout->status_c)
#define VM_ONCE_P (vm->layout->once_p)

static uint32_t vm_rand(gool_vm *vm)
{
    vm->rng = vm->rng * 1103515245u + 12345u; /* seedable, not the game's generator */
    return vm->rng >> 8;
}

static int32_t vm_binop(gool_op_id op, uint32_t l, uint32_t r, int *bad)
{
    int32_t sl = (int32_t)l, sr = (int32_t)r;
    switch (op) {
    case GOOL_OP_ADD: return (int32_t)(l + r);
    case GOOL_OP_SUB: return (int32_t)(l - r);
    case GOOL_OP_MUL: return (int32_t)(l * r);
    case GOOL_OP_DIV:
    case GOOL_OP_MOD:
        if (sr == 0 || (sl == INT32_MIN && sr == -1)) {
            *bad = 1;
            return 0;
        }
        return op == GOOL_OP_DIV ? sl / sr : sl % sr;
    case GOOL_OP_CEQ: return l == r;
    case GOOL_OP_ANDL: return l ? r != 0 : 0;
    case GOOL_OP_ORL: return l || r;
    case GOOL_OP_ANDB: return (int32_t)(l & r);
    case GOOL_OP_ORB: return (int32_t)(l | r);
    case GOOL_OP_SLT: return sl < sr;
    case GOOL_OP_SLE: return sl <= sr;
    case GOOL_OP_SGT: return sl > sr;
    case GOOL_OP_SGE: return sl >= sr;
    case GOOL_OP_XOR: return (int32_t)(l ^ r);
    case GOOL_OP_TST: return (l & r) == r;
    default: /* GOOL_OP_SHA; shifts past 31 bits saturate instead of being undefined */
        if (sr < 0)
            return sr <= -32 ? (sl < 0 ? -1 : 0) : sl >> -sr;
        return sr >= 32 ? 0 : (int32_t)(l << sr);
    }
    return 0;
}

static int vm_cond(gool_vm *vm, uint32_t w, relic_err *err)
{
    unsigned ct = (w >> 20) & 3, reg = (w >> 14) & 0x3F;
    uint32_t v = 0;
    if (ct == 3)
        return VM_GO; /* keep the previous condition */
    if (ct == 0) {
        vm->cond = 1;
        return VM_GO;
    }
    if (reg == 0x1F) {
        if (gool_vm_pop(vm, &v, err))
            return VM_ERR;
    } else {
        v = vm->mem[reg];
    }
    vm->cond = ct == 1 ? v != 0 : v == 0;
    return VM_GO;
}

static int vm_branch(gool_vm *vm, uint32_t w, relic_err *err)
{
    int32_t off = (int32_t)((w & 0x3FF) ^ 0x200) - 0x200;
    unsigned pops = (w >> 10) & 0xF;
    if (pops > vm->sp)
        return gool_vm_fail(vm, err, "branch pops below the stack");
    vm->pc = (uint32_t)((int32_t)vm->pc + off);
    vm->sp -= pops;
    return VM_GO;
}

static int vm_cfl(gool_vm *vm, uint32_t w, uint32_t *flags, relic_err *err)
{
    if (vm_cond(vm, w, err))
        return VM_ERR;
    unsigned t = (w >> 22) & 3;
    if (!vm->cond || t == 3)
        return VM_GO;
    if (t == 0)
        return vm_branch(vm, w, err);
    if (t == 1) {
        unsigned s = w & 0x3FFF;
        if (s >= vm->g->state_count)
            return gool_vm_fail(vm, err, "state change to a state that does not exist");
        if (vm->mem[VM_STATUS_C] & vm->g->states[s].flags) /* refused by the current status */
            return VM_GO;
        if (gool_vm_change_state(vm, s, 0, NULL, err))
            return VM_ERR;
        if (*flags & GOOL_VM_SUSPEND_RETLNK)
            return VM_STATE;
        uint32_t dummy;
        return gool_vm_pop(vm, &dummy, err);
    }
    uint32_t saved = *flags;
    int rc = gool_vm_pop_frame(vm, &saved, err);
    if (rc == VM_ERR)
        return rc;
    if (*flags & GOOL_VM_EVENT_SERVICE)
        return VM_SUSPEND;
    if ((*flags & GOOL_VM_SUSPEND_RET) || rc == VM_BADRET) {
        if ((*flags & GOOL_VM_STATUS_PRESERVE) && rc == VM_GO && gool_vm_push(vm, 0, err))
            return VM_ERR;
        return rc == VM_BADRET ? VM_BADRET : VM_SUSPEND;
    }
    if ((saved & 0xFFFF) != 0xFFFF)
        *flags = saved;
    return VM_GO;
}

/* The state-return family (seed 003 RSTT/RSTF rows): the rows of opcode
 * 0x88 (guard true) and then those of 0x89 (guard false) stand together in
 * gool_ops.h, so their ids are one range, RST..RSTT then RSF..RSTF. */
_Static_assert(GOOL_OP_RSTT - GOOL_OP_RST == 14 && GOOL_OP_RSF == GOOL_OP_RSTT + 1 && GOOL_OP_RSTF - GOOL_OP_RSF == 14,
               "the 15 guard-true and 15 guard-false rows of gool_ops.h stand together");
static int vm_rst_family(gool_op_id id) { return id >= GOOL_OP_RST && id <= GOOL_OP_RSTF; }

static int vm_guard_false(gool_op_id id) { return id >= GOOL_OP_RSF && id <= GOOL_OP_RSTF; }

static int vm_rst(gool_vm *vm, gool_op_id id, uint32_t w, uint32_t *flags, relic_err *err)
{
    if (!(*flags & GOOL_VM_EVENT_SERVICE))
        return gool_vm_fail(vm, err, "state return outside an event block");
    if (vm_cond(vm, w, err))
        return VM_ERR;
    unsigned t = (w >> 22) & 3;
    if (vm->cond) {
        vm->guard = (uint8_t)vm_guard_false(id);
        if (t == 1 || t == 2) {
            vm->returned = 1;
            vm->ret_state = t == 1 ? (uint16_t)(w & 0x3FFF) : GOOL_MAP_NONE;
            int rc = gool_vm_pop_frame(vm, flags, err);
            return rc == VM_ERR ? rc : VM_SUSPEND;
        }
    } else if (t == 0) {
        return vm_branch(vm, w, err);
    }
    return VM_GO;
}

/* ANIS/ANIF push (wait << 24) | frame stamp and may suspend. */
static int vm_anim(gool_vm *vm, gool_op_id id, uint32_t w, uint32_t flags, relic_err *err)
{
    uint32_t a[3] = {0, (w >> 16) & 0x3F, (w >> 22) & 3};
    if (id == GOOL_OP_ANIS) {
        a[0] = w & 0xFFFF;
    } else if (gool_vm_val(vm, w & 0xFFF, &a[0], err)) {
        return VM_ERR;
    }
    if (gool_vm_trace(vm, w, id == GOOL_OP_ANIS ? "ANIS" : "ANIF", a, 3, NULL, err) ||
        gool_vm_push(vm, a[1] << 24 | (vm->frame & 0xFFFFFF), err))
        return VM_ERR;
    return flags & GOOL_VM_SUSPEND_ANIM ? VM_SUSPEND : VM_GO;
}

/* Engine-facing op: trace its operand values; push the host's answer. */
static int vm_engine(gool_vm *vm, uint32_t w, const char *what, unsigned nref, int pushes, relic_err *err)
{
    uint32_t a[4] = {0}, res;
    unsigned n = 0;
    if (nref >= 2 && gool_vm_val(vm, (w >> 12) & 0xFFF, &a[n++], err))
        return VM_ERR;
    if (nref >= 1 && gool_vm_val(vm, w & 0xFFF, &a[n++], err))
        return VM_ERR;
    if (nref == 0)
        a[n++] = w & 0xFFFFFF;
    if (gool_vm_trace(vm, w, what, a, n, &res, err))
        return VM_ERR;
    return pushes ? gool_vm_push(vm, res, err) : VM_GO;
}

/* APCH/ROT/PATH take their second input from two pops when A is 0xBF0. */
static int vm_pair(gool_vm *vm, uint32_t w, uint32_t *x, uint32_t *y, relic_err *err)
{
    if (((w >> 12) & 0xFFF) == 0xBF0)
        return gool_vm_pop(vm, x, err) || gool_vm_pop(vm, y, err) ? VM_ERR : VM_GO;
    *x = 0x100;
    return gool_vm_val(vm, (w >> 12) & 0xFFF, y, err);
}

static int vm_path(gool_vm *vm, uint32_t w, relic_err *err)
{
    uint32_t p1, p2, *io, tmp;
    if (vm_pair(vm, w, &p1, &p2, err) || gool_vm_ref(vm, w & 0xFFF, 0, &io, &tmp, err))
        return VM_ERR;
    if (!io)
        return VM_GO;
    int32_t rate = (int32_t)*io, a = (int32_t)p1, b = (int32_t)p2, prog, absprog;
    if (b >= 0) {
        prog = rate + a < b ? rate + a : a * 2 - b;
        absprog = prog < 0 ? -prog : prog;
    } else {
        prog = b >= rate - a ? -b - a * 2 : rate - a;
        absprog = prog < 0 ? prog : -prog;
    }
    *io = (uint32_t)prog;
    return gool_vm_push(vm, (uint32_t)absprog, err);
}

static int vm_push_pair(gool_vm *vm, gool_op_id id, uint32_t w, relic_err *err)
{
    uint32_t *src, *dst, ts, td;
    unsigned a = (w >> 12) & 0xFFF, b = w & 0xFFF;
    if (gool_vm_ref(vm, a, 0, &src, &ts, err) || gool_vm_ref(vm, b, 0, &dst, &td, err))
        return VM_ERR;
    if (!dst)
        return VM_GO;
    if (id == GOOL_OP_PSHP) {
        if (gool_vm_push(vm, gool_vm_addr(vm, b, dst), err))
            return VM_ERR;
        return src ? gool_vm_push(vm, gool_vm_addr(vm, a, src), err) : VM_GO;
    }
    uint32_t av = src ? *src : 0;
    if (gool_vm_push(vm, *dst, err))
        return VM_ERR;
    return src ? gool_vm_push(vm, av, err) : VM_GO;
}

static int vm_event_op(gool_vm *vm, const char *what, uint32_t w, relic_err *err)
{
    uint32_t a[4], res, cond;
    unsigned reg = (w >> 12) & 0x3F;
    if (gool_vm_val(vm, w & 0xFFF, &a[0], err))
        return VM_ERR;
    if (reg == 0x1F) {
        if (gool_vm_pop(vm, &cond, err))
            return VM_ERR;
    } else {
        cond = vm->mem[reg];
    }
    a[1] = (w >> 18) & 7; /* argc */
    a[2] = (w >> 21) & 7; /* link */
    a[3] = cond;
    if (gool_vm_trace(vm, w, what, a, 4, &res, err))
        return VM_ERR;
    if (a[1] > vm->sp)
        return gool_vm_fail(vm, err, "event arguments below the stack");
    vm->sp -= a[1];
    return VM_GO;
}

static int vm_spawn(gool_vm *vm, const char *what, uint32_t w, relic_err *err)
{
    uint32_t a[4] = {w & 0x3F, (w >> 6) & 0x3F, (w >> 12) & 0xFF, (w >> 20) & 0xF};
    unsigned argc = a[3];
    if (argc > vm->sp)
        return gool_vm_fail(vm, err, "spawn arguments below the stack");
    if (a[0] == 0 && argc > 0)
        a[0] = vm->mem[vm->sp - 1]; /* count comes from the last argument */
    if (gool_vm_trace(vm, w, what, a, 4, NULL, err))
        return VM_ERR;
    vm->sp -= argc;
    return VM_GO;
}

static int vm_misc(gool_vm *vm, gool_op_id id, uint32_t w, relic_err *err)
{
    uint32_t *p, tmp, v, res, a[2];
    switch (id) {
    case GOOL_OP_NOTL:
    case GOOL_OP_NOTB:
    case GOOL_OP_ABS:
    case GOOL_OP_MOVE:
    case GOOL_OP_LEA:
    case GOOL_OP_ANID: {
        unsigned s = (w >> 12) & 0xFFF;
        uint32_t *src, ts;
        if (gool_vm_ref(vm, s, 0, &src, &ts, err) || gool_vm_ref(vm, w & 0xFFF, 1, &p, &tmp, err))
            return VM_ERR;
        v = src ? *src : 0;
        if (!p)
            return VM_GO;
        switch (id) {
        case GOOL_OP_MOVE: *p = v; break;
        case GOOL_OP_NOTL: *p = v == 0; break;
        case GOOL_OP_NOTB: *p = ~v; break;
        case GOOL_OP_ABS: *p = (int32_t)v < 0 ? 0u - v : v; break;
        case GOOL_OP_LEA: *p = gool_vm_addr(vm, s, src); break;
        default: *p = VM_ANIM(v >> 6); break;
        }
        return VM_GO;
    }
    case GOOL_OP_RND:
        if (gool_vm_lr(vm, w, &a[1], &a[0], err)) /* a[0] = A (bits 12..23), a[1] = B */
            return VM_ERR;
        return gool_vm_push(vm, a[0] == a[1] ? a[1] : a[1] + vm_rand(vm) % (a[0] - a[1]), err);
    case GOOL_OP_PATH: return vm_path(vm, w, err);
    case GOOL_OP_PSHV:
    case GOOL_OP_PSHP: return vm_push_pair(vm, id, w, err);
    case GOOL_OP_MOVC: {
        /* Crash 1: field in bits 14..19; Crash 2/3 (CrashEdit Setc2):
         * bit 14 external, field in bits 18..23. */
        unsigned reg = (w >> VM_ENC(vm)->movc_field) & 0x3F;
        if (VM_ENC(vm)->external_bit && (w >> 14) & 1)
            return gool_vm_fail(vm, err, "MOVC of an external entry's code is not modelled");
        v = VM_CODE(w & 0x3FFF);
        if (reg == 0x1F)
            return gool_vm_push(vm, v, err);
        vm->mem[reg] = v;
        return VM_GO;
    }
    case GOOL_OP_SSAW:
        if (gool_vm_lr(vm, w, &a[1], &a[0], err))
            return VM_ERR;
        return gool_vm_push(vm, (a[0] + vm->frame) % (a[1] ? a[1] : 1), err);
    case GOOL_OP_RGL:
        if (gool_vm_val(vm, w & 0xFFF, &v, err))
            return VM_ERR;
        if ((v >> 8) >= 256)
            return gool_vm_fail(vm, err, "global index past 255");
        return gool_vm_push(vm, vm->globals[v >> 8], err);
    case GOOL_OP_WGL:
        if (gool_vm_lr(vm, w, &a[1], &a[0], err))
            return VM_ERR;
        if ((a[1] >> 8) >= 256)
            return gool_vm_fail(vm, err, "global index past 255");
        vm->globals[a[1] >> 8] = a[0];
        return VM_GO;
    case GOOL_OP_APCH:
    case GOOL_OP_ROT:
        if (vm_pair(vm, w, &a[1], &a[0], err) || gool_vm_val(vm, w & 0xFFF, &v, err))
            return VM_ERR;
        {
            uint32_t t[3] = {v, a[0], a[1]};
            if (gool_vm_trace(vm, w, id == GOOL_OP_APCH ? "APCH" : "ROT", t, 3, &res, err))
                return VM_ERR;
        }
        return gool_vm_push(vm, res, err);
    case GOOL_OP_NTRY:
        if (gool_vm_lr(vm, w, &a[1], &a[0], err))
            return VM_ERR;
        {
            uint32_t t[2] = {a[0], a[1]};
            if (gool_vm_trace(vm, w, "NTRY", t, 2, &res, err))
                return VM_ERR;
        }
        if (a[0] == 3 && gool_vm_push(vm, res, err))
            return VM_ERR;
        if (a[0] == 5) {
            if (a[1] > vm->sp)
                return gool_vm_fail(vm, err, "page list below the stack");
            vm->sp -= a[1];
        }
        return a[0] >= 3 && a[0] <= 5 ? gool_vm_push(vm, res, err) : VM_GO;
    case GOOL_OP_SIN:
    case GOOL_OP_COS:
    case GOOL_OP_OP46: {
        /* Crash 2/3 D = f(S): the host answers (the game's tables are not here). */
        uint32_t *src, ts;
        if (gool_vm_ref(vm, (w >> 12) & 0xFFF, 0, &src, &ts, err))
            return VM_ERR;
        v = src ? *src : 0;
        if (gool_vm_trace(vm, w, gool_op_find(vm->game, w)->name, &v, 1, &res, err) ||
            gool_vm_ref(vm, w & 0xFFF, 1, &p, &tmp, err))
            return VM_ERR;
        if (p)
            *p = res;
        return VM_GO;
    }
    case GOOL_OP_EFLR:
    case GOOL_OP_EFLV:
    case GOOL_OP_ARRL:
    case GOOL_OP_ATAN:
    case GOOL_OP_OP72:
    case GOOL_OP_OP74:
    case GOOL_OP_OP75:
    case GOOL_OP_OP76:
    case GOOL_OP_OP77:
    case GOOL_OP_ARRS:
    case GOOL_OP_OP79:
    case GOOL_OP_OP80:
    case GOOL_OP_OP81:
        /* Crash 2/3 two-operand queries: traced, the host's answer pushed. */
        return vm_engine(vm, w, gool_op_find(vm->game, w)->name, 2, 1, err);
    case GOOL_OP_CALR:
    case GOOL_OP_MIPS: return gool_vm_fail(vm, err, "native code (CALR/MIPS) cannot run here");
    default: break;
    }
    return gool_vm_fail(vm, err, "unknown opcode");
}

/* MSC: the primary subtype (bits 20..23) decides the stack effect
 * (wurlyfox/c1 src/gool.c GoolOpMisc): most queries push one answer,
 * subtype 4 (set a link) pops one, subtype 12/8 pushes. */
static int vm_msc(gool_vm *vm, uint32_t w, relic_err *err)
{
    unsigned p = (w >> 20) & 0xF, s = (w >> 15) & 0x1F;
    int pushes = (0x68EFu >> p) & 1 || (p == 12 && s == 8);
    if (vm_engine(vm, w, "MSC", 1, pushes, err))
        return VM_ERR;
    if (p == 4) {
        uint32_t v;
        return gool_vm_pop(vm, &v, err);
    }
    return VM_GO;
}

/* VECA: subtypes 4 and 5 (bits 18..20, linear transforms) take x and y
 * from two pops after the z operand (wurlyfox/c1 GoolOpTransformVectors). */
static int vm_veca(gool_vm *vm, uint32_t w, relic_err *err)
{
    uint32_t a[3] = {0}, sop = (w >> 18) & 7;
    if (gool_vm_val(vm, w & 0xFFF, &a[0], err))
        return VM_ERR;
    if ((sop == 4 || sop == 5) && (gool_vm_pop(vm, &a[1], err) || gool_vm_pop(vm, &a[2], err)))
        return VM_ERR;
    return gool_vm_trace(vm, w, "VECA", a, sop == 4 || sop == 5 ? 3 : 1, NULL, err);
}

static int vm_step(gool_vm *vm, uint32_t *flags, relic_err *err)
{
    vm->at = vm->pc;
    if (vm->pc >= vm->g->code_len)
        return gool_vm_fail(vm, err, "pc past the code item");
    if (vm->steps >= vm->max_steps) {
        char what[64];
        snprintf(what, sizeof what, "step budget of %llu exhausted", (unsigned long long)vm->max_steps);
        return gool_vm_fail(vm, err, what);
    }
    vm->steps++;
    uint32_t w = vm->g->code[vm->pc++], l, r;
    const gool_opdesc *d;
    gool_op_id id = gool_isa_decode(vm->game, w, &d);
    int bad = 0;
    if (vm_rst_family(id))
        return vm_rst(vm, id, w, flags, err);
    switch (id) {
    case GOOL_OP_ADD:
    case GOOL_OP_SUB:
    case GOOL_OP_MUL:
    case GOOL_OP_DIV:
    case GOOL_OP_CEQ:
    case GOOL_OP_ANDL:
    case GOOL_OP_ORL:
    case GOOL_OP_ANDB:
    case GOOL_OP_ORB:
    case GOOL_OP_SLT:
    case GOOL_OP_SLE:
    case GOOL_OP_SGT:
    case GOOL_OP_SGE:
    case GOOL_OP_MOD:
    case GOOL_OP_XOR:
    case GOOL_OP_TST:
    case GOOL_OP_SHA: {
        if (gool_vm_lr(vm, w, &l, &r, err))
            return VM_ERR;
        int32_t o = vm_binop(id, l, r, &bad);
        if (bad)
            return gool_vm_fail(vm, err, "division by zero");
        return gool_vm_push(vm, (uint32_t)o, err);
    }
    case GOOL_OP_PAD: return vm_engine(vm, w, "PAD", 0, 1, err);
    case GOOL_OP_SPD: return vm_engine(vm, w, "SPD", 2, 1, err);
    case GOOL_OP_MSC: return vm_msc(vm, w, err);
    case GOOL_OP_PRS: return vm_engine(vm, w, "PRS", 2, 1, err);
    case GOOL_OP_ANGD: return vm_engine(vm, w, "ANGD", 2, 1, err);
    case GOOL_OP_CVMR: return vm_engine(vm, w, "CVMR", 0, 1, err);
    case GOOL_OP_CVMW: return vm_engine(vm, w, "CVMW", 1, 0, err);
    case GOOL_OP_DBG: return vm_engine(vm, w, "DBG", 2, 0, err);
    case GOOL_OP_NOP: return VM_GO;
    case GOOL_OP_BRA:
    case GOOL_OP_BNEZ:
    case GOOL_OP_BEQZ:
    case GOOL_OP_CST:
    case GOOL_OP_CSNZ:
    case GOOL_OP_CSEZ:
    case GOOL_OP_RET:
    case GOOL_OP_RTNZ:
    case GOOL_OP_RTEZ:
    case GOOL_OP_CFL: return vm_cfl(vm, w, flags, err); /* Crash 2/3 keep the Crash 1 bits 20..23 */
    case GOOL_OP_ANIS:
    case GOOL_OP_ANIF: return vm_anim(vm, id, w, *flags, err);
    case GOOL_OP_VECA: return vm_veca(vm, w, err);
    case GOOL_OP_VECB: return vm_engine(vm, w, "VECB", 1, 0, err);
    case GOOL_OP_JAL:
        if (VM_ENC(vm)->external_bit && (w >> 14) & 1) /* CrashEdit Call2: bit 14 calls another entry */
            return gool_vm_fail(vm, err, "JAL into an external entry is not modelled");
        if (gool_vm_push_frame(vm, (w >> 20) & 0xF, *flags, err))
            return VM_ERR;
        vm->pc = w & 0x3FFF;
        *flags &= ~(uint32_t)(GOOL_VM_SUSPEND_RET | GOOL_VM_EVENT_SERVICE);
        return VM_GO;
    case GOOL_OP_EVNT:
    case GOOL_OP_EVNB:
    case GOOL_OP_EVNU: return vm_event_op(vm, d->name, w, err);
    case GOOL_OP_CHLD:
    case GOOL_OP_CHLF: return vm_spawn(vm, d->name, w, err);
    case GOOL_OP_SNDA: return vm_engine(vm, w, "SNDA", 2, 0, err);
    case GOOL_OP_SNDB: return vm_engine(vm, w, "SNDB", 1, 0, err);
    default: break;
    }
    return vm_misc(vm, id, w, err);
}

/* Runs from vm->pc until something suspends. */
static int vm_interpret(gool_vm *vm, uint32_t flags, relic_err *err)
{
    for (;;) {
        int rc = vm_step(vm, &flags, err);
        if (rc)
            return rc;
    }
}

/* A non-code interpretation on a new frame atop the current one; the
 * code position and stack come back afterwards unless the state changed. */
static int vm_block(gool_vm *vm, gool_block kind, uint32_t start, unsigned argc, const uint32_t *argv, uint32_t flags,
                    relic_err *err)
{
    uint32_t pc = vm->pc, fp = vm->fp, sp = vm->sp, state = vm->state;
    uint64_t changes = vm->changes;
    gool_block prev = vm->block;
    for (unsigned i = 0; i < argc; i++)
        if (gool_vm_push(vm, argv[i], err))
            return VM_ERR;
    if (gool_vm_push_frame(vm, argc, 0xFFFF, err))
        return VM_ERR;
    vm->pc = start;
    vm->block = kind;
    int rc = vm_interpret(vm, flags, err);
    vm->block = prev;
    if (rc == VM_ERR)
        return rc;
    if (vm->changes == changes && vm->state == state) {
        vm->pc = pc;
        vm->fp = fp;
        vm->sp = sp;
    }
    return rc;
}

/* The head block: the code address an earlier MOVC left in once_p runs
 * once on a frame of its own (flags 0x13); the seed clears the field. */
static int vm_head(gool_vm *vm, uint32_t once, relic_err *err)
{
    uint32_t at = (once & 0xFFFFF) >> 2;
    if ((once >> 20) != 2 || at >= vm->g->code_len)
        return gool_vm_push(vm, 0, err);
    if (vm->depth >= VM_HEAD_DEPTH)
        return gool_vm_fail(vm, err, "head blocks change state too deeply");
    vm->mem[VM_ONCE_P] = 0;
    if (gool_vm_push_frame(vm, 0, 0xFFFF, err))
        return VM_ERR;
    gool_block prev = vm->block;
    vm->pc = at;
    vm->block = GOOL_BLK_HEAD;
    vm->depth++;
    int rc = vm_interpret(vm, GOOL_VM_SUSPEND_RET | GOOL_VM_SUSPEND_RETLNK | GOOL_VM_STATUS_PRESERVE, err);
    vm->depth--;
    vm->block = prev;
    return rc == VM_ERR ? VM_ERR : VM_GO;
}

int gool_vm_change_state(gool_vm *vm, unsigned s, unsigned argc, const uint32_t *argv, relic_err *err)
{
    if (s >= vm->g->state_count) {
        gool_vm_fail(vm, err, "no such state");
        return RELIC_EDATA;
    }
    const gool_state *d = &vm->g->states[s];
    if (!gool_state_local(vm->g, d)) {
        gool_vm_fail(vm, err, "the state runs another entry's code");
        return RELIC_EDATA;
    }
    if (vm->g->hdr.stack_start + argc + 4 >= GOOL_VM_WORDS) {
        gool_vm_fail(vm, err, "stack start outside the object");
        return RELIC_EDATA;
    }
    uint32_t a[1] = {s}, once = vm->mem[VM_ONCE_P];
    vm->state = s;
    vm->changes++;
    vm->mem[VM_STATUS_C] = d->status;
    vm->pc = d->code_pc;
    vm->ep = d->event_pc;
    vm->tp = d->trans_pc;
    vm->fp = 0;
    vm->sp = vm->g->hdr.stack_start;
    for (unsigned i = 0; i < argc; i++)
        vm->mem[vm->sp++] = argv[i];
    if (gool_vm_trace(vm, 0, "state", a, 1, NULL, err) || gool_vm_push_frame(vm, argc, 0xFFFF, err) ||
        vm_head(vm, once, err))
        return RELIC_EDATA;
    return RELIC_OK;
}

int gool_vm_init(gool_vm *vm, const gool_entry *g, unsigned state, uint32_t seed, relic_err *err)
{
    gool_vm_host_fn host = vm->host;
    void *user = vm->user;
    uint64_t max = vm->max_steps;
    gool_game game = vm->game;
    free(vm->trace);
    memset(vm, 0, sizeof *vm);
    vm->host = host;
    vm->user = user;
    vm->max_steps = max ? max : 1000000;
    vm->game = game == GOOL_GAME_AUTO ? GOOL_GAME_C1 : game; /* callers that guess use gool_detect_game */
    vm->layout = &vm_layouts[(unsigned)vm->game < RELIC_COUNTOF(vm_layouts) ? vm->game : GOOL_GAME_C1];
    vm->g = g;
    vm->rng = seed;
    vm->hp = GOOL_PC_NONE;
    vm->block = GOOL_BLK_HEAD;
    /* Links (parent, player, ...) start as zeroed objects rather than
     * absent: real code assumes the player exists, and a missing link
     * silently skips pushes (PSHV), unbalancing the stack. */
    memset(vm->link_present, 1, sizeof vm->link_present);
    return gool_vm_change_state(vm, state, 0, NULL, err);
}

int gool_vm_frame(gool_vm *vm, relic_err *err)
{
    int rc = VM_GO;
    if (vm->tp != GOOL_PC_NONE)
        rc = vm_block(vm, GOOL_BLK_TRANS, vm->tp, 0, NULL, GOOL_VM_SUSPEND_RET | GOOL_VM_SUSPEND_RETLNK, err);
    if (rc == VM_ERR)
        return RELIC_EDATA;
    if (vm->pc != GOOL_PC_NONE && vm->sp > vm->fp + 3) {
        uint32_t top = vm->mem[vm->sp - 1];
        if (vm->frame - (top & 0xFFFFFF) >= top >> 24) {
            vm->sp--;
            vm->block = GOOL_BLK_CODE;
            rc = vm_interpret(vm, GOOL_VM_SUSPEND_ANIM, err);
            if (rc == VM_ERR)
                return RELIC_EDATA;
            if (rc == VM_BADRET) { /* the code block returned from its initial frame: idle */
                uint32_t a[1] = {vm->state};
                vm->pc = GOOL_PC_NONE;
                if (gool_vm_trace(vm, 0, "done", a, 1, NULL, err))
                    return RELIC_EDATA;
            }
        }
    }
    vm->frame++;
    return RELIC_OK;
}

int gool_vm_event(gool_vm *vm, uint32_t event, unsigned argc, const uint32_t *argv, relic_err *err)
{
    uint32_t a[2] = {event, argc};
    int handled = 0, rc;
    uint32_t st = GOOL_MAP_NONE;
    if (argc > 8)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "at most 8 event arguments");
    if (gool_vm_trace(vm, 0, "event", a, 2, NULL, err))
        return RELIC_EDATA;
    if (vm->ep != GOOL_PC_NONE) {
        uint32_t args[2] = {event, VM_MEM(vm->sp)};
        vm->returned = 0;
        rc = vm_block(vm, GOOL_BLK_EVENT, vm->ep, 2, args, GOOL_VM_EVENT_SERVICE, err);
        if (rc == VM_ERR)
            return RELIC_EDATA;
        if (vm->returned) {
            handled = 1;
            st = vm->ret_state;
        }
    }
    if (!handled) {
        size_t i = event >> 8;
        if (i < vm->g->hdr.event_count && i < vm->g->map_len)
            st = vm->g->map[i];
        if (st & GOOL_MAP_HANDLER) {
            rc = vm_block(vm, GOOL_BLK_HANDLER, st & 0x7FFF, argc, argv, GOOL_VM_SUSPEND_RET | GOOL_VM_SUSPEND_RETLNK,
                          err);
            return rc == VM_ERR ? RELIC_EDATA : RELIC_OK;
        }
    }
    if (st != GOOL_MAP_NONE && st < vm->g->state_count && !(vm->mem[VM_STATUS_C] & vm->g->states[st].flags))
        return gool_vm_change_state(vm, st, argc, argv, err);
    return RELIC_OK;
}

int gool_vm_run(gool_vm *vm, unsigned frames, uint64_t max_steps, relic_err *err)
{
    vm->max_steps = max_steps;
    for (unsigned f = 0; f < frames; f++)
        if (gool_vm_frame(vm, err))
            return RELIC_EDATA;
    return RELIC_OK;
}
