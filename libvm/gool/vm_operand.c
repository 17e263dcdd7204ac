/* GOOL object model: operand translation, the stack and its frames (seed
 * 003 "GOOL Interpreter": operand classes, stack frames; translation and
 * frame layout as in wurlyfox/c1 src/gool.c GoolObjectInterpret and
 * GoolObjectPushFrame).  The layer below the instruction semantics of
 * vm.c: nothing here calls into vm.c. */
#include <stdlib.h>
#include "relic/core.h"
#include "relic/gool_isa.h"
#include "relic/gool_vm.h"
#include "vm_private.h"

/* Faults name the instruction by word index and by byte offset in the
 * file (the code item's origin plus 4 per word). */
int gool_vm_fail(gool_vm *vm, relic_err *err, const char *what)
{
    size_t at = vm->g->code_origin + 4 * (size_t)vm->at;
    relic_err_set(err, RELIC_EDATA, at, "frame %u, pc %u: %s", vm->frame, vm->at, what);
    return VM_ERR;
}

int gool_vm_push(gool_vm *vm, uint32_t v, relic_err *err)
{
    if (vm->sp >= GOOL_VM_WORDS)
        return gool_vm_fail(vm, err, "stack overflow");
    vm->mem[vm->sp++] = v;
    return VM_GO;
}

int gool_vm_pop(gool_vm *vm, uint32_t *v, relic_err *err)
{
    if (vm->sp == 0)
        return gool_vm_fail(vm, err, "stack underflow");
    *v = vm->mem[--vm->sp];
    return VM_GO;
}

int gool_vm_trace(gool_vm *vm, uint32_t word, const char *what, const uint32_t *arg, unsigned n, uint32_t *result,
                  relic_err *err)
{
    gool_trace_rec r = {vm->frame, (uint8_t)vm->block, vm->at, word, what, {0}, n > 4 ? 4 : n, 0};
    for (unsigned i = 0; i < r.nargs; i++)
        r.arg[i] = arg[i];
    r.result = vm->host ? vm->host(vm->user, &r) : 0;
    if (result)
        *result = r.result;
    if (relic_grow((void **)&vm->trace, &vm->trace_cap, vm->ntrace + 1, sizeof *vm->trace, 64)) {
        relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        return VM_ERR;
    }
    vm->trace[vm->ntrace++] = r;
    return VM_GO;
}

/* Resolves a 12-bit operand to a word; *p NULL for null refs and absent
 * links.  out selects push for 0xE1F. */
int gool_vm_ref(gool_vm *vm, unsigned v, int out, uint32_t **p, uint32_t *tmp, relic_err *err)
{
    int n;
    *p = tmp;
    if (out && VM_ENC(vm)->dst2) { /* Crash 2/3 destinations (gool_dst2_class) */
        switch (gool_dst2_class(v)) {
        case GOOL_DST2_FRAME: v = 0xB00 | (v & 0x7F); break;
        case GOOL_DST2_LINK: v = 0xC00 | (v & 0x1FF); break;
        case GOOL_DST2_PUSH: v = 0xE1F; break;
        case GOOL_DST2_SELF: v = 0xE00 | (v & 0x1FF); break;
        }
    }
    switch (gool_operand_class(v)) {
    case GOOL_OC_POOL:
    case GOOL_OC_EXT:
        if ((v & 0x3FF) >= vm->g->pool_len)
            return gool_vm_fail(vm, err, "pool index past the pool");
        *tmp = vm->g->pool[v & 0x3FF]; /* the pool is read-only here: writes land in tmp */
        return VM_GO;
    case GOOL_OC_INT:
    case GOOL_OC_FRAC: *tmp = (uint32_t)gool_operand_imm(v); return VM_GO;
    case GOOL_OC_FRAME:
        n = (int)vm->fp + gool_operand_frame(v);
        if (n < 0 || n >= GOOL_VM_WORDS)
            return gool_vm_fail(vm, err, "frame slot outside the object");
        *p = &vm->mem[n];
        return VM_GO;
    case GOOL_OC_NULL: *p = NULL; return VM_GO;
    case GOOL_OC_POP2:
    case GOOL_OC_INVALID: return gool_vm_fail(vm, err, "invalid operand class");
    case GOOL_OC_LINK:
        n = (int)((v >> 6) & 7);
        *p = n == 0 ? &vm->mem[v & 0x3F] : vm->link_present[n] ? &vm->link[n][v & 0x3F] : NULL;
        return VM_GO;
    case GOOL_OC_STACK:
        if (out) {
            if (vm->sp >= GOOL_VM_WORDS)
                return gool_vm_fail(vm, err, "stack overflow");
            *p = &vm->mem[vm->sp++];
        } else {
            if (vm->sp == 0)
                return gool_vm_fail(vm, err, "stack underflow");
            *p = &vm->mem[--vm->sp];
        }
        return VM_GO;
    case GOOL_OC_SELF: *p = &vm->mem[v & 0x1FF]; return VM_GO;
    }
    return VM_GO;
}

/* Reads an operand's value (0 for null). */
int gool_vm_val(gool_vm *vm, unsigned v, uint32_t *val, relic_err *err)
{
    uint32_t *p, tmp;
    if (gool_vm_ref(vm, v, 0, &p, &tmp, err))
        return VM_ERR;
    *val = p ? *p : 0;
    return VM_GO;
}

int gool_vm_push_frame(gool_vm *vm, unsigned argc, uint32_t flags, relic_err *err)
{
    if (argc > vm->sp)
        return gool_vm_fail(vm, err, "frame arguments below the stack");
    uint32_t save = (vm->fp * 4) | ((vm->sp - argc) * 4) << 16;
    vm->fp = vm->sp;
    if (gool_vm_push(vm, flags, err) || gool_vm_push(vm, VM_CODE(vm->pc), err) || gool_vm_push(vm, save, err))
        return VM_ERR;
    return VM_GO;
}

/* Returns VM_BADRET for the initial frame (saved frame offset 0). */
int gool_vm_pop_frame(gool_vm *vm, uint32_t *flags, relic_err *err)
{
    if (vm->fp + 2 >= GOOL_VM_WORDS)
        return gool_vm_fail(vm, err, "frame pointer outside the object");
    uint32_t save = vm->mem[vm->fp + 2];
    uint32_t rfp = (save & 0xFFFF) / 4, rsp = (save >> 16) / 4;
    if ((save & 0xFFFF) == 0) /* the initial frame sits at process offset 0 */
        return VM_BADRET;
    uint32_t pc = vm->mem[vm->fp + 1];
    if (flags)
        *flags = (*flags & 0xFFFF0000u) | (vm->mem[vm->fp] & 0xFFFF);
    if (rsp > GOOL_VM_WORDS || rfp >= GOOL_VM_WORDS || (pc >> 20) != 2)
        return gool_vm_fail(vm, err, "corrupt stack frame");
    vm->pc = (pc & 0xFFFFF) >> 2;
    vm->sp = rsp;
    vm->fp = rfp;
    return VM_GO;
}

/* L = bits 0..11, R = bits 12..23; R is translated first (c1 order). */
int gool_vm_lr(gool_vm *vm, uint32_t w, uint32_t *l, uint32_t *r, relic_err *err)
{
    if (gool_vm_val(vm, (w >> 12) & 0xFFF, r, err) || gool_vm_val(vm, w & 0xFFF, l, err))
        return VM_ERR;
    return VM_GO;
}

/* The address an operand names, as a tagged value (LEA, PSHP). */
uint32_t gool_vm_addr(const gool_vm *vm, unsigned v, const uint32_t *p)
{
    gool_oclass c = gool_operand_class(v);
    if (c == GOOL_OC_POOL || c == GOOL_OC_EXT)
        return VM_POOL(v & 0x3FF);
    if (p >= vm->mem && p < vm->mem + GOOL_VM_WORDS)
        return VM_MEM(p - vm->mem);
    if (c == GOOL_OC_LINK && p)
        return 0x00500000u | ((v >> 6) & 7) << 16 | (v & 0x3F) << 2;
    return 0;
}
