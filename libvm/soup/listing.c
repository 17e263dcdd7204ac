/* Renders a decoded SOUP script as assembler text: a ".main" directive for
 * script_pc, comments marking the entry continuation (offset 0, only
 * present when script_pc is not 0) and the main continuation, a "#XXXX:"
 * label before every instruction something jumps to, and If blocks as
 * "{ ... }" when their false target is an instruction boundary inside the
 * enclosing block, else as "if ... else #XXXX" (the bytes say the same). */
#include <stdlib.h>
#include <string.h>
#include "soup_private.h"

#define SOUP_MAX_DEPTH 64

static int soup_is_boundary(const soup_listing *l, uint32_t pos)
{
    if (pos == l->len)
        return 1;
    size_t lo = 0, hi = l->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (l->ins[mid].pos == pos)
            return 1;
        if (l->ins[mid].pos < pos)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

static void soup_mark_nesting(soup_listing *l)
{
    uint32_t stack[SOUP_MAX_DEPTH];
    int depth = 0;
    for (size_t i = 0; i < l->n; i++) {
        soup_insn *in = &l->ins[i];
        while (depth && stack[depth - 1] <= in->pos)
            depth--;
        if (in->op != SOUP_OP_IF)
            continue;
        uint32_t limit = depth ? stack[depth - 1] : (uint32_t)l->len;
        in->nested = depth < SOUP_MAX_DEPTH && in->if_end >= in->pos + in->len && in->if_end <= limit &&
                     soup_is_boundary(l, in->if_end);
        if (in->nested)
            stack[depth++] = in->if_end;
    }
}

/* Marks every jump target inside the script (one byte per offset). */
static uint8_t *soup_targets(const soup_listing *l)
{
    uint8_t *t = calloc(l->len + 1, 1);
    for (size_t i = 0; t && i < l->n; i++)
        if (l->ins[i].has_target && !(l->ins[i].op == SOUP_OP_IF && l->ins[i].nested) && l->ins[i].target <= l->len)
            t[l->ins[i].target] = 1;
    return t;
}

static void soup_indent(relic_buf *out, int depth)
{
    for (int i = 0; i <= depth; i++)
        relic_buf_printf(out, "    ");
}

void soup_listing_text(const soup_listing *cl, relic_buf *out)
{
    soup_listing *l = (soup_listing *)cl;
    soup_mark_nesting(l);
    uint32_t stack[SOUP_MAX_DEPTH];
    int depth = 0;
    uint8_t *targets = soup_targets(l);
    if (!targets) {
        out->oom = 1;
        return;
    }
    relic_buf_printf(out, ".main #%04X\n", l->script_pc);
    for (size_t i = 0; i <= l->n; i++) {
        uint32_t pos = i < l->n ? l->ins[i].pos : (uint32_t)l->len;
        while (depth && stack[depth - 1] <= pos) {
            depth--;
            soup_indent(out, depth);
            relic_buf_printf(out, "}\n");
        }
        if (i == l->n)
            break;
        const soup_insn *in = &l->ins[i];
        if (pos == 0 && l->script_pc != 0)
            relic_buf_printf(out, "; entry continuation\n");
        if (pos == l->script_pc)
            relic_buf_printf(out, "; main continuation\n");
        if (targets[pos] || (pos == l->script_pc && pos != 0))
            relic_buf_printf(out, "#%04X:\n", pos);
        soup_indent(out, depth);
        if (in->op == SOUP_OP_IF && in->nested) {
            relic_buf_printf(out, "%s {\n", in->text);
            stack[depth++] = in->if_end;
        } else if (in->op == SOUP_OP_IF)
            relic_buf_printf(out, "%s else #%04X\n", in->text, in->if_end);
        else
            relic_buf_printf(out, "%s\n", in->text);
    }
    free(targets);
}

int soup_disasm_text(const soup_ctx *ctx, const uint8_t *code, size_t len, uint32_t script_pc, relic_buf *out,
                     relic_err *err)
{
    soup_listing l;
    int rc = soup_disasm(ctx, code, len, script_pc, 0, &l, err);
    if (rc)
        return rc;
    soup_listing_text(&l, out);
    soup_listing_free(&l);
    return relic_buf_check(out, err);
}
