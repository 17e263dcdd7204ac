/* Riven script lists (the seed document "Riven scripts", section "Overview
 * and main data structures"): u16 handler count; per handler u16 event type,
 * u16 command count and the commands; a command is u16 cmd, u16 argc, argc
 * u16 args, except command 8 (u16 8, u16 2, u16 var, u16 value count, then
 * per value u16 value, u16 command count and those commands; 0xffff is the
 * default) and command 27, whose three arguments ScummVM
 * (engines/mohawk/riven_scripts.cpp) reads as a fixed stack id and 32-bit
 * card code, so any other argc is refused here.  Nesting is walked with an
 * explicit stack, never recursion; every list and case table is reserved
 * whole, so each command list is a contiguous run. */
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/riven.h"

typedef struct riven_frame {
    int is_switch;
    uint32_t first, n, i;
} riven_frame;

typedef struct riven_stack {
    riven_frame *f;
    size_t len, cap;
} riven_stack;

static int riven_push(riven_stack *st, int is_switch, uint32_t first, uint32_t n)
{
    if (st->len == st->cap && relic_grow((void **)&st->f, &st->cap, st->len + 1, sizeof *st->f, 16))
        return -1;
    st->f[st->len++] = (riven_frame){is_switch, first, n, 0};
    return 0;
}

void riven_script_free(riven_script *s)
{
    if (!s)
        return;
    free(s->handlers);
    free(s->cmds);
    free(s->cases);
    free(s->args);
    memset(s, 0, sizeof *s);
}

/* Grows *arr (elements of size el) by k, returning the first new index. */
static int riven_reserve(void **arr, size_t *len, size_t el, size_t k, uint32_t *first)
{
    void *p = realloc(*arr, (*len + k + 1) * el);
    if (!p)
        return -1;
    memset((char *)p + *len * el, 0, (k + 1) * el);
    *arr = p;
    *first = (uint32_t)*len;
    *len += k;
    return 0;
}

#define RIVEN_RESERVE(s, field, count, k, first) \
    riven_reserve((void **)&(s)->field, &(s)->count, sizeof *(s)->field, (k), (first))

static int riven_script_step(riven_script *s, relic_cur *c, riven_stack *st, relic_err *err)
{
    riven_frame *top = &st->f[st->len - 1];
    if (top->i == top->n) {
        st->len--;
        return RELIC_OK;
    }
    uint32_t slot = top->first + top->i++;
    if (top->is_switch) {
        riven_case *k = &s->cases[slot];
        size_t at = relic_tell(c);
        k->value = relic_be16(c);
        k->ncmds = relic_be16(c);
        if (!c->failed && (size_t)k->ncmds * 4 > relic_remaining(c))
            return relic_err_set(err, RELIC_EDATA, at + 2, "case command count %u is larger than the script holds",
                                 k->ncmds);
        uint32_t first = 0;
        if (RIVEN_RESERVE(s, cmds, ncmds, k->ncmds, &first))
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        s->cases[slot].first_cmd = first;
        return riven_push(st, 0, first, s->cases[slot].ncmds)
                   ? relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory")
                   : RELIC_OK;
    }
    size_t at = relic_tell(c);
    uint16_t op = relic_be16(c);
    uint16_t argc = relic_be16(c);
    if (c->failed)
        return relic_cur_check(c, err);
    if (op == RIVEN_CMD_SWITCH && argc != 2)
        return relic_err_set(err, RELIC_EDATA, at + 2, "switch with argument count %u (expected 2)", argc);
    if (op == RIVEN_CMD_CHANGE_STACK && argc != 3)
        return relic_err_set(err, RELIC_EDATA, at + 2, "changeStack with argument count %u (expected 3)", argc);
    if ((size_t)argc * 2 > relic_remaining(c))
        return relic_err_set(err, RELIC_EDATA, at + 2, "command %u argument count %u runs past the script", op, argc);
    uint32_t a0 = 0;
    if (RIVEN_RESERVE(s, args, nargs, argc, &a0))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned i = 0; i < argc; i++)
        s->args[a0 + i] = relic_be16(c);
    riven_cmd *cmd = &s->cmds[slot];
    cmd->op = op;
    cmd->argc = argc;
    cmd->args = a0;
    if (op != RIVEN_CMD_SWITCH)
        return RELIC_OK;
    uint16_t ncases = s->args[a0 + 1];
    if (ncases == 0)
        return relic_err_set(err, RELIC_EDATA, at + 6, "switch without branches");
    if ((size_t)ncases * 4 > relic_remaining(c))
        return relic_err_set(err, RELIC_EDATA, at + 6, "switch branch count %u is larger than the script holds",
                             ncases);
    uint32_t first = 0;
    if (RIVEN_RESERVE(s, cases, ncases, ncases, &first))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    s->cmds[slot].ncases = ncases;
    s->cmds[slot].first_case = first;
    return riven_push(st, 1, first, ncases) ? relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory")
                                            : RELIC_OK;
}

int riven_script_decode(const uint8_t *d, size_t n, size_t origin, riven_script *s, relic_err *err)
{
    memset(s, 0, sizeof *s);
    relic_cur c = relic_cur_make(d, n, origin);
    riven_stack st = {0};
    uint16_t nh = relic_be16(&c);
    int rc = relic_cur_check(&c, err);
    if (!rc && (size_t)nh * 4 > relic_remaining(&c))
        rc = relic_err_set(err, RELIC_EDATA, origin, "handler count %u is larger than the script holds", nh);
    uint32_t h0 = 0;
    if (!rc && RIVEN_RESERVE(s, handlers, nhandlers, nh, &h0))
        rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned h = 0; !rc && h < nh; h++) {
        size_t at = relic_tell(&c);
        s->handlers[h].event = relic_be16(&c);
        s->handlers[h].ncmds = relic_be16(&c);
        rc = relic_cur_check(&c, err);
        if (!rc && (size_t)s->handlers[h].ncmds * 4 > relic_remaining(&c))
            rc = relic_err_set(err, RELIC_EDATA, at + 2, "handler command count %u is larger than the script holds",
                               s->handlers[h].ncmds);
        uint32_t first = 0;
        if (!rc && RIVEN_RESERVE(s, cmds, ncmds, s->handlers[h].ncmds, &first))
            rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        if (!rc) {
            s->handlers[h].first_cmd = first;
            if (riven_push(&st, 0, first, s->handlers[h].ncmds))
                rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
        while (!rc && st.len)
            rc = riven_script_step(s, &c, &st, err);
        if (!rc)
            rc = relic_cur_check(&c, err);
    }
    free(st.f);
    if (rc) {
        riven_script_free(s);
        return rc;
    }
    s->size = c.pos;
    return RELIC_OK;
}

int riven_script_encode(const riven_script *s, relic_buf *out, relic_err *err)
{
    riven_stack st = {0};
    int oom = 0;
    relic_buf_be16(out, (uint16_t)s->nhandlers);
    for (size_t h = 0; h < s->nhandlers && !oom; h++) {
        relic_buf_be16(out, s->handlers[h].event);
        relic_buf_be16(out, s->handlers[h].ncmds);
        oom |= riven_push(&st, 0, s->handlers[h].first_cmd, s->handlers[h].ncmds);
        while (st.len && !oom) {
            riven_frame *top = &st.f[st.len - 1];
            if (top->i == top->n) {
                st.len--;
                continue;
            }
            uint32_t slot = top->first + top->i++;
            if (top->is_switch) {
                const riven_case *k = &s->cases[slot];
                relic_buf_be16(out, k->value);
                relic_buf_be16(out, k->ncmds);
                oom |= riven_push(&st, 0, k->first_cmd, k->ncmds);
                continue;
            }
            const riven_cmd *cmd = &s->cmds[slot];
            relic_buf_be16(out, cmd->op);
            relic_buf_be16(out, cmd->argc);
            for (unsigned i = 0; i < cmd->argc; i++)
                relic_buf_be16(out, s->args[cmd->args + i]);
            if (cmd->op == RIVEN_CMD_SWITCH)
                oom |= riven_push(&st, 1, cmd->first_case, cmd->ncases);
        }
    }
    free(st.f);
    if (oom)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    return relic_buf_check(out, err);
}
