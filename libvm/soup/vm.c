/* SOUP386 interpreter (relic SOUP seed: "VM Architecture", "Value Modes",
 * "Operand Encoding", "Operators", "Control Flow", "Function Dispatch",
 * "Ordinary entry gate", "Actor task controls and return state").  There
 * is no operand stack: values come straight from the bytecode, variables,
 * flags, properties and native results.  Formulas fold left to right with
 * byte 3 = imul and 4 = unsigned div (a zero divisor is reported, where the
 * engine took a CPU trap); shift counts are masked to five bits as x86
 * does; comparisons are signed; conjunctions fold left to right and both
 * sides of every comparison are always evaluated, updates included.
 * Native parameters are evaluated last to first.  Object selectors 0x0A
 * read a runtime object identifier from the variable: 1 Player, 2 Camera,
 * 3 + n the VM's actor n (the VM numbers actors that way). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/cursor.h"
#include "vm_private.h"

/* A fault inside a value: recorded (sticky in x->rc), and the value is 0. */
static int32_t soup_x_fault(soup_exec *x, uint32_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int32_t soup_x_fault(soup_exec *x, uint32_t at, const char *fmt, ...)
{
    char msg[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    soup_x_fail(x, at, RELIC_EDATA, "%s", msg);
    return 0;
}

/* Every operand read goes through the bounded cursor (relic/cursor.h): a
 * cursor over the running bytecode at x->pc, its sticky failure turned
 * into the script fault at that offset. */
static uint32_t soup_rd(soup_exec *x, unsigned n)
{
    if (x->rc)
        return 0;
    relic_cur c = relic_cur_make(x->code, x->len, 0);
    relic_seek(&c, x->pc);
    uint32_t v = n == 1 ? relic_u8(&c) : n == 2 ? relic_le16(&c) : n == 3 ? relic_le24(&c) : relic_le32(&c);
    if (c.failed) {
        soup_x_fail(x, x->pc, RELIC_EDATA, "operand runs past the end of the script");
        return 0;
    }
    x->pc = (uint32_t)c.pos;
    return v;
}

static int32_t *soup_prop(soup_exec *x, int recv, uint16_t ref)
{
    if (x->dry)
        return NULL;
    if (recv >= 0)
        return &x->vm->actors[recv].props[ref & 0xff];
    if (recv == SOUP_RECV_PLAYER || recv == SOUP_RECV_CAMERA)
        return &x->vm->ext_props[recv == SOUP_RECV_PLAYER ? 0 : 1][ref & 0xff];
    return NULL;
}

static int32_t *soup_var(soup_exec *x, uint32_t at, unsigned i)
{
    soup_actor *a = &x->vm->actors[x->eval];
    if (x->dry)
        return NULL;
    if (i >= a->nvars) {
        soup_x_fail(x, at, RELIC_EDATA, "variable %u out of range (actor has %zu)", i, a->nvars);
        return NULL;
    }
    return &a->vars[i];
}

static void soup_var_write(soup_exec *x, unsigned i, int32_t *p, int32_t v)
{
    if (!p || *p == v)
        return;
    int32_t old = *p;
    *p = v;
    soup_vm_emit(x->vm, SOUP_EV_VAR, x->eval, i, old, v);
}

static int soup_object(soup_exec *x)
{
    uint32_t at = x->pc;
    uint8_t sel = (uint8_t)soup_rd(x, 1), arg = (uint8_t)soup_rd(x, 1);
    soup_vm *vm = x->vm;
    switch (sel) {
    case SOUP_OBJ_ME: return x->eval;
    case SOUP_OBJ_PLAYER: return SOUP_RECV_PLAYER;
    case SOUP_OBJ_CAMERA: return SOUP_RECV_CAMERA;
    case SOUP_OBJ_STRING: {
        const soup_actor *a = &vm->actors[x->strctx];
        const char *s = arg < a->nstrings ? a->strings[arg] : NULL;
        for (size_t i = 0; s && i < vm->n; i++)
            if (!strcasecmp(vm->actors[i].name, s))
                return (int)i;
        return SOUP_RECV_UNKNOWN;
    }
    case SOUP_OBJ_VAR: {
        int32_t *p = soup_var(x, at + 1, arg);
        int32_t id = p ? *p : 0;
        if (id == 1 || id == 2)
            return id == 1 ? SOUP_RECV_PLAYER : SOUP_RECV_CAMERA;
        return id >= 3 && (size_t)(id - 3) < vm->n ? id - 3 : SOUP_RECV_UNKNOWN;
    }
    }
    soup_x_fail(x, at, RELIC_EDATA, "unknown object selector 0x%02x", sel);
    return SOUP_RECV_UNKNOWN;
}

static int32_t soup_update(soup_exec *x, int32_t *p, int32_t v, unsigned idx, int kind)
{
    uint32_t at = x->pc;
    uint8_t u = (uint8_t)soup_rd(x, 1);
    if (u == SOUP_UPD_READ || x->rc)
        return v;
    if (u != SOUP_UPD_INC && u != SOUP_UPD_DEC)
        return soup_x_fault(x, at, "unknown update byte %u", u);
    int32_t nv = (int32_t)((uint32_t)v + (u == SOUP_UPD_INC ? 1u : 0xffffffffu));
    if (kind == 0)
        soup_flag_write(x->vm, x->actor, idx, nv);
    else if (kind == 1)
        soup_var_write(x, idx, p, nv);
    else if (p)
        *p = nv;
    return nv;
}

static int32_t soup_call(soup_exec *x, int kind, int receiver, int initial, unsigned invocation, int *done);

static int32_t soup_value(soup_exec *x, soup_mode mode, const char **str)
{
    uint32_t at = x->pc;
    uint8_t op = (uint8_t)soup_rd(x, 1);
    int lr = mode == SOUP_LHS || mode == SOUP_RHS, done;
    if (x->rc)
        return 0;
    if (!soup_opcode_allowed(op, mode))
        return soup_x_fault(x, at, soup_opcode_name(op) ? "opcode 0x%02x cannot be used here" : "unknown opcode 0x%02x",
                            op);
    switch (op) {
    case SOUP_OP_TASK:
    case SOUP_OP_MULTITASK:
    case SOUP_OP_FUNCTION: return soup_call(x, SOUP_CALL_FUNCTION, x->eval, 1, 1, &done);
    case SOUP_OP_FLAG: {
        unsigned i = soup_rd(x, 2);
        if (!x->dry && i >= x->vm->nflags)
            return soup_x_fault(x, at, "flag %u out of range", i);
        int32_t v = x->dry ? 0 : x->vm->flag_val[i];
        if (mode == SOUP_PARAM)
            soup_rd(x, 2);
        return lr ? soup_update(x, NULL, v, i, 0) : v;
    }
    case SOUP_OP_NUMERIC: return (int32_t)soup_rd(x, 4);
    case SOUP_OP_NUMALT: {
        uint32_t v = soup_rd(x, 4);
        return mode == SOUP_PARAM ? (int32_t)(v & 0xffff) : (int32_t)v;
    }
    case SOUP_OP_LOCALVAR: {
        unsigned i = soup_rd(x, 1);
        int32_t *p = soup_var(x, at, i), v = p ? *p : 0;
        if (mode == SOUP_PARAM)
            soup_rd(x, 3);
        return lr ? soup_update(x, p, v, i, 1) : v;
    }
    case SOUP_OP_OBJINC:
    case SOUP_OP_OBJDEC:
    case SOUP_OP_OBJDOT: {
        int recv = soup_object(x);
        int32_t *p = soup_prop(x, recv, (uint16_t)soup_rd(x, 2)), v = p ? *p : 0;
        if (op != SOUP_OP_OBJDOT) {
            v = (int32_t)((uint32_t)v + (op == SOUP_OP_OBJINC ? 1u : 0xffffffffu));
            if (p)
                *p = v;
            return v;
        }
        return lr ? soup_update(x, p, v, 0, 2) : v;
    }
    case SOUP_OP_STRING: {
        uint32_t i = soup_rd(x, 4);
        if (mode == SOUP_PARAM)
            i &= 0xff;
        const soup_actor *a = &x->vm->actors[x->strctx];
        if (str)
            *str = i < a->nstrings ? a->strings[i] : NULL;
        return (int32_t)i;
    }
    case SOUP_OP_OBJTASK:
    case SOUP_OP_OBJFUNC: {
        int recv = soup_object(x);
        return soup_call(x, SOUP_CALL_FUNCTION, recv, 1, 1, &done);
    }
    }
    return soup_x_fault(x, at, "unknown opcode 0x%02x", op);
}

/* At the u16 function id: decodes the call and its parameters (last to
 * first), evaluating them against receiver's variables when it is an
 * actor, and runs the native unless dry. */
static int32_t soup_call(soup_exec *x, int kind, int receiver, int initial, unsigned invocation, int *done)
{
    uint32_t at = x->pc;
    unsigned id = soup_rd(x, 2), n = id ? soup_rd(x, 1) : 0;
    uint32_t start[SOUP_MAX_ARGS];
    int32_t args[SOUP_MAX_ARGS];
    const char *strs[SOUP_MAX_ARGS];
    int saved_dry = x->dry, saved_eval = x->eval;
    x->dry = 1;
    for (unsigned i = 0; i < n && !x->rc; i++) {
        start[i] = x->pc;
        soup_value(x, SOUP_PARAM, NULL);
    }
    uint32_t end = x->pc;
    x->dry = saved_dry;
    *done = 1;
    if (x->rc || x->dry)
        return 0;
    if (receiver >= 0)
        x->eval = receiver;
    for (unsigned i = n; i-- > 0 && !x->rc;) {
        x->pc = start[i];
        strs[i] = NULL;
        args[i] = soup_value(x, SOUP_PARAM, &strs[i]);
    }
    x->eval = saved_eval;
    x->pc = end;
    if (x->rc)
        return 0;
    const soup_def *d = x->vm->def;
    soup_native_call c = {.tick = x->vm->tick,
                          .caller = x->actor,
                          .receiver = receiver,
                          .func = id,
                          .name = id < d->nfn ? d->fn[id].name : NULL,
                          .kind = kind,
                          .initial = initial,
                          .elapsed = initial ? 0 : x->elapsed,
                          .invocation = invocation,
                          .nargs = n,
                          .args = args,
                          .strs = strs};
    int32_t ret = 0;
    if (soup_native(x, &c, &ret, done)) {
        soup_x_fail(x, at, x->rc ? x->rc : RELIC_EDATA, "native %u failed", id);
        return 0;
    }
    return ret;
}

static int32_t soup_formula(soup_exec *x)
{
    int32_t acc = soup_value(x, SOUP_FORMULA, NULL);
    for (;;) {
        uint32_t at = x->pc;
        uint8_t op = (uint8_t)soup_rd(x, 1);
        if (x->rc || op == 0)
            return acc;
        if (op == 10 || op == 11) /* the engine's formula loop fails on these (seed "Arithmetic Operators") */
            return soup_x_fail(x, at, RELIC_EDATA, "%s inside a formula: the engine fails here",
                               op == 10 ? "++" : "--"),
                   0;
        if (op > 9)
            return soup_x_fault(x, at, "unknown formula operator %u", op);
        uint32_t a = (uint32_t)acc, b = (uint32_t)soup_value(x, SOUP_FORMULA, NULL);
        switch (op) {
        case 1: a += b; break;
        case 2: a -= b; break;
        case 3: a = (uint32_t)((int64_t)(int32_t)a * (int32_t)b); break;
        case 4:
            if (!b)
                return soup_x_fault(x, at, "division by zero");
            a /= b;
            break;
        case 5: a <<= (b & 31); break;
        case 6: a = (uint32_t)((int32_t)a >> (b & 31)); break;
        case 7: a &= b; break;
        case 8: a |= b; break;
        case 9: a ^= b; break;
        }
        acc = (int32_t)a;
    }
}

static int soup_compare(int32_t l, uint8_t k, int32_t r)
{
    switch (k) {
    case 0: return l == r;
    case 1: return l != r;
    case 2: return l < r;
    case 3: return l > r;
    case 4: return l <= r;
    default: return l >= r;
    }
}

static void soup_if(soup_exec *x)
{
    int result = 0;
    uint8_t conj = 0;
    int first = 1;
    do {
        int32_t l = soup_value(x, SOUP_LHS, NULL);
        uint32_t at = x->pc;
        uint8_t k = (uint8_t)soup_rd(x, 1);
        if (k > 5 && !x->rc)
            soup_x_fail(x, at, RELIC_EDATA, "unknown comparison %u", k);
        int32_t r = soup_value(x, SOUP_RHS, NULL);
        int c = soup_compare(l, k, r);
        result = first ? c : conj == 1 ? (result && c) : (result || c);
        first = 0;
        at = x->pc;
        conj = (uint8_t)soup_rd(x, 1);
        if (conj > 2 && !x->rc)
            soup_x_fail(x, at, RELIC_EDATA, "unknown conjunction %u", conj);
    } while (conj && !x->rc);
    uint32_t end = soup_rd(x, 4);
    if (!result)
        x->pc = end;
}

/* A task or multitask call at x->pc to receiver recv (-1: none; seed: the
 * initial call runs the handler, then a slot is allocated whatever it
 * returned; a slot already holding this operand address is not invoked
 * again).  The address is the caller's code, whoever receives. */
static void soup_task_call(soup_exec *x, int kind, int recv)
{
    uint32_t opc = x->pc, addr = x->vm->actors[x->actor].base + opc;
    int done;
    if (recv >= 0 && soup_task_find(&x->vm->actors[recv], addr) >= 0) {
        x->dry = 1;
        soup_call(x, kind, recv, 0, 0, &done);
        x->dry = 0;
        return;
    }
    soup_call(x, kind, recv, 1, 1, &done);
    soup_task t = {.used = 1,
                   .blocking = kind == SOUP_CALL_TASK,
                   .code_actor = x->actor,
                   .pc = opc,
                   .addr = addr,
                   .counter = 1,
                   .invocation = 1,
                   .kind = kind};
    if (recv >= 0 && !x->rc)
        soup_task_alloc(x, recv, &t);
}

/* Self task or multitask statement at the u16 id: a blocking task then
 * yields. */
static int soup_self_task(soup_exec *x, int kind)
{
    soup_task_call(x, kind, x->actor);
    return kind == SOUP_CALL_TASK;
}

/* 0x19/0x1A statement: object, dispatch byte, call.  Tasks go to the
 * receiver's slots and the caller continues. */
static int soup_object_call(soup_exec *x)
{
    int recv = soup_object(x);
    uint32_t at = x->pc;
    uint8_t disp = (uint8_t)soup_rd(x, 1);
    if (x->rc)
        return 0;
    if (disp > 2)
        return soup_x_fault(x, at, "unknown dispatch byte %u", disp);
    if (disp == 2) {
        int done;
        soup_call(x, SOUP_CALL_FUNCTION, recv, 1, 1, &done);
        return 0;
    }
    soup_task_call(x, disp == 0 ? SOUP_CALL_TASK : SOUP_CALL_MULTITASK, recv);
    return 0;
}

static void soup_task_control(soup_exec *x, uint8_t op)
{
    soup_actor *a = &x->vm->actors[x->actor];
    uint32_t addr = a->base + soup_rd(x, 4) + 1;
    for (int i = 0; i < SOUP_TASK_SLOTS && !x->rc; i++) {
        soup_task *t = &a->tasks[i];
        if (!t->used || t->addr != addr)
            continue;
        if (op == SOUP_OP_TASKSTOP)
            memset(t, 0, sizeof *t);
        else
            t->paused = op == SOUP_OP_TASKPAUSE;
    }
}

/* One statement; returns 1 when the invocation ends (x->pc is then the
 * cursor to keep). */
static int soup_statement(soup_exec *x)
{
    soup_vm *vm = x->vm;
    soup_actor *a = &vm->actors[x->actor];
    uint32_t at = x->pc;
    uint8_t op = (uint8_t)soup_rd(x, 1);
    int rv_gosub = a->rv_gosub, done;
    a->rv_gosub = 0;
    if (x->rc)
        return 0;
    if (!soup_opcode_allowed(op, SOUP_MAIN))
        return soup_x_fault(
            x, at, soup_opcode_name(op) ? "opcode 0x%02x cannot start a statement" : "unknown opcode 0x%02x", op);
    switch (op) {
    case SOUP_OP_TASK: return soup_self_task(x, SOUP_CALL_TASK);
    case SOUP_OP_MULTITASK: return soup_self_task(x, SOUP_CALL_MULTITASK);
    case SOUP_OP_FUNCTION: soup_call(x, SOUP_CALL_FUNCTION, x->actor, 1, 1, &done); return 0;
    case SOUP_OP_IF: soup_if(x); return 0;
    case SOUP_OP_GOTO: x->pc = soup_rd(x, 4); return 0;
    case SOUP_OP_END: {
        uint32_t target = soup_rd(x, 4);
        if (!x->rc)
            soup_vm_emit(vm, SOUP_EV_END, x->actor, 0, (int32_t)at, (int32_t)target);
        x->pc = target;
        return 1;
    }
    case SOUP_OP_FLAG: {
        unsigned i = soup_rd(x, 2);
        if (i >= vm->nflags && !x->rc)
            return soup_x_fault(x, at, "flag %u out of range", i);
        int32_t v = soup_formula(x);
        if (!x->rc)
            soup_flag_write(vm, x->actor, i, v);
        return 0;
    }
    case SOUP_OP_LOCALVAR: {
        unsigned i = soup_rd(x, 1);
        int32_t *p = soup_var(x, at, i), v = soup_formula(x);
        if (!x->rc)
            soup_var_write(x, i, p, v);
        return 0;
    }
    case SOUP_OP_OBJINC:
    case SOUP_OP_OBJDEC:
        x->pc = at;
        soup_value(x, SOUP_FORMULA, NULL);
        return 0;
    case SOUP_OP_OBJDOT: {
        int recv = soup_object(x);
        int32_t *p = soup_prop(x, recv, (uint16_t)soup_rd(x, 2)), v = soup_formula(x);
        if (p && !x->rc)
            *p = v;
        return 0;
    }
    case SOUP_OP_GOSUB: {
        uint32_t target = soup_rd(x, 4);
        a->ret_pc = x->pc;
        a->has_ret = 1;
        if (rv_gosub)
            a->saved_rv = a->rv;
        x->pc = target;
        return 0;
    }
    case SOUP_OP_RETURN:
        if (!a->has_ret)
            return soup_x_fault(x, at, "Return without a Gosub continuation");
        x->pc = a->ret_pc;
        a->rv = a->saved_rv;
        return 0;
    case SOUP_OP_ENDINT: x->pc = 0; return 1;
    case SOUP_OP_ANCHOR: a->anchor = (uint8_t)soup_rd(x, 1); return 0;
    case SOUP_OP_YIELD: return 1;
    case SOUP_OP_OBJTASK:
    case SOUP_OP_OBJFUNC: return soup_object_call(x);
    case SOUP_OP_TASKSTOP:
    case SOUP_OP_TASKPAUSE:
    case SOUP_OP_TASKRESUME: soup_task_control(x, op); return 0;
    case SOUP_OP_SCRIPTRV: {
        uint8_t want = (uint8_t)soup_rd(x, 1);
        if (a->rv != want)
            x->pc += 5;
        else if (x->pc < x->len && x->code[x->pc] == SOUP_OP_GOSUB)
            a->rv_gosub = 1;
        return 0;
    }
    }
    return soup_x_fault(x, at, "unknown opcode 0x%02x", op);
}

/* Runs from *cursor until the invocation ends; saves the cursor. */
static int soup_invoke(soup_vm *vm, int actor, uint32_t *cursor, relic_err *err)
{
    soup_actor *a = &vm->actors[actor];
    soup_exec x = {.vm = vm,
                   .actor = actor,
                   .eval = actor,
                   .strctx = actor,
                   .code = a->code,
                   .len = a->len,
                   .pc = *cursor,
                   .err = err};
    for (;;) {
        if (vm->steps >= vm->budget) {
            relic_err_set(err, RELIC_WARN, a->origin + x.pc,
                          "%s: step budget of %llu statements used up (a loop without Yield?)", a->name,
                          (unsigned long long)vm->budget);
            return RELIC_WARN;
        }
        vm->steps++;
        if (x.pc >= x.len)
            return soup_x_fail(&x, x.pc, RELIC_EDATA, "pc 0x%x is outside the script (0x%x bytes)", x.pc, x.len);
        int stop = soup_statement(&x);
        if (x.rc)
            return x.rc;
        if (stop)
            break;
    }
    *cursor = x.pc;
    return RELIC_OK;
}

/* Existing-task pass: every unpaused slot re-evaluates its operands in
 * allocation order; completed slots are removed. */
static int soup_task_pass(soup_vm *vm, int actor, relic_err *err)
{
    for (int i = 0; i < SOUP_TASK_SLOTS; i++) {
        soup_task *t = &vm->actors[actor].tasks[i];
        if (!t->used || t->paused)
            continue;
        uint32_t elapsed = (uint32_t)((uint32_t)t->counter * vm->cfg.frame_scale) >> 8;
        t->counter++;
        t->invocation++;
        const soup_actor *code = &vm->actors[t->code_actor];
        soup_exec x = {.vm = vm,
                       .actor = t->code_actor,
                       .eval = actor,
                       .strctx = actor,
                       .code = code->code,
                       .len = code->len,
                       .pc = t->pc,
                       .err = err,
                       .elapsed = elapsed};
        int done;
        soup_task copy = *t;
        soup_call(&x, copy.kind, actor, 0, copy.invocation, &done);
        if (x.rc)
            return x.rc;
        if (done && t->used && t->addr == copy.addr) {
            memset(t, 0, sizeof *t);
            soup_vm_emit(vm, SOUP_EV_TASK_DONE, actor, (unsigned)copy.pc, 0, 0);
        }
    }
    return RELIC_OK;
}

static int soup_blocking_at_or_before(const soup_actor *a, uint32_t addr, int any)
{
    for (int i = 0; i < SOUP_TASK_SLOTS; i++)
        if (a->tasks[i].used && !a->tasks[i].paused && a->tasks[i].blocking && (any || a->tasks[i].addr <= addr))
            return 1;
    return 0;
}

/* One ordinary actor update (seed, "Ordinary update gates"). */
static int soup_update_actor(soup_vm *vm, int i, relic_err *err)
{
    soup_actor *a = &vm->actors[i];
    if (a->control & 0x09 || !a->len)
        return RELIC_OK;
    int rc;
    if (a->has_entry && !soup_blocking_at_or_before(a, a->base + a->entry_pc, 0)) {
        uint32_t cur = a->entry_pc;
        if ((rc = soup_invoke(vm, i, &cur, err)))
            return rc;
        a->entry_pc = cur;
    }
    if (!(a->control & 0x04)) {
        if ((rc = soup_task_pass(vm, i, err)))
            return rc;
        if (soup_blocking_at_or_before(a, 0, 1))
            return RELIC_OK;
    }
    uint32_t cur = a->main_pc;
    if ((rc = soup_invoke(vm, i, &cur, err)))
        return rc;
    a->main_pc = cur;
    return RELIC_OK;
}

int soup_vm_run(soup_vm *vm, int actor, uint32_t ticks, uint64_t max_steps, relic_err *err)
{
    vm->budget = vm->steps + max_steps;
    if (actor >= (int)vm->n)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "no actor %d", actor);
    for (uint32_t t = 0; t < ticks; t++) {
        vm->tick++;
        for (size_t i = 0; i < vm->n; i++) {
            if (actor >= 0 && (int)i != actor)
                continue;
            int rc = soup_update_actor(vm, (int)i, err);
            if (rc)
                return rc;
        }
    }
    return RELIC_OK;
}
