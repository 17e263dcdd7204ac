/* AGI logic decompiler to AGI Studio / WinAGI source (agi-spec
 * logic_bytecode.md; syntax as in the AGI Studio sources of the corpus
 * game demoquest): if/else recovered from the jump structure with an
 * explicit block stack, goto and labels where no structure exists, messages
 * inline when the text names one message, #message lines, said() words from
 * WORDS.TOK.  What no structured source reproduces byte for byte (a jump
 * leaving its block, a condition list outside the grammar, an opcode the
 * profile lacks, a message table laid out unusually) is written as #bytes /
 * #table lines with a comment, so compiling the output gives the input. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "logic_private.h"

typedef struct agi_dc_frame {
    uint32_t end;      /* where the block closes */
    uint32_t else_end; /* with has_else: end of the else block after end's goto */
    int has_else;
} agi_dc_frame;

typedef struct agi_dc {
    const agi_logic_ctx *ctx;
    const agi_scan *s;
    const agi_logic_messages *m;
    int raw_table;
    uint8_t inline_ok[256];
    const agi_word **by_id, **by_text; /* the dictionary sorted, file order within ties */
    unsigned nwords;
    uint8_t *goto_target; /* [len + 1] a printed goto jumps here */
    uint8_t *label;       /* [len + 1] a printed goto needs a label here */
    uint8_t *swallowed;   /* [len + 1] a goto here became "} else {" */
    agi_dc_frame *stack;
    relic_buf *out;
    uint32_t too_deep; /* offset + 1 of the first if past AGI_DECOMPILE_MAX_DEPTH, 0 if none */
} agi_dc;

/* Indentation stops growing at AGI_DC_INDENT_MAX levels: full indentation
 * of n nested blocks is n*n/2 columns (86 MB of spaces for the deepest
 * logic the format holds), the compiler ignores it, and nobody reads
 * column 4,000; capped, output and time stay linear in the depth. */
#define AGI_DC_INDENT_MAX 32u

static void agi_dc_indent(agi_dc *d, unsigned depth)
{
    static const char spaces[2 * AGI_DC_INDENT_MAX + 1] =
        "                                                                ";
    relic_buf_append(d->out, spaces, 2u * (depth < AGI_DC_INDENT_MAX ? depth : AGI_DC_INDENT_MAX));
}

static void agi_dc_operand(agi_dc *d, char type, uint8_t v)
{
    const char *item = type == 'i' ? agi_text_item(d->ctx->objects, v) : NULL;
    if (type == 'm' && !d->raw_table && d->inline_ok[v])
        agi_text_quote(d->m->msg[v].text, d->ctx->extensions, d->out);
    else if (item)
        agi_text_quote(item, d->ctx->extensions, d->out);
    else if (type == 'n')
        relic_buf_printf(d->out, "%u", v);
    else
        relic_buf_printf(d->out, "%c%u", type, v);
}

/* Pointers into one array: ties keep file order, as the compiler's
 * first-match lookups do. */
static int agi_dc_cmp_id(const void *a, const void *b)
{
    const agi_word *x = *(const agi_word *const *)a, *y = *(const agi_word *const *)b;
    return x->id != y->id ? (x->id < y->id ? -1 : 1) : (x < y ? -1 : x > y);
}

static int agi_dc_cmp_text(const void *a, const void *b)
{
    const agi_word *x = *(const agi_word *const *)a, *y = *(const agi_word *const *)b;
    int c = strcasecmp(x->text, y->text);
    return c ? c : (x < y ? -1 : x > y);
}

/* First index in a sorted table whose entry is not below the key. */
static unsigned agi_dc_lower(const agi_word **t, unsigned n, uint16_t id, const char *text)
{
    unsigned lo = 0, hi = n;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        int below = text ? strcasecmp(t[mid]->text, text) < 0 : t[mid]->id < id;
        if (below)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* A said() word as text when the compiler maps that text back to it. */
static void agi_dc_word(agi_dc *d, uint16_t id)
{
    unsigned i = d->by_id ? agi_dc_lower(d->by_id, d->nwords, id, NULL) : 0;
    const char *w = i < d->nwords && d->by_id[i]->id == id ? d->by_id[i]->text : NULL;
    int ok = w != NULL;
    for (const char *c = w; ok && *c; c++)
        ok = (unsigned char)*c >= 0x20 && *c != '"' && *c != '\\';
    if (ok) {
        i = agi_dc_lower(d->by_text, d->nwords, 0, w);
        ok = i < d->nwords && d->by_text[i]->id == id;
    }
    if (ok)
        agi_text_quote(w, d->ctx->extensions, d->out);
    else
        relic_buf_printf(d->out, "%u", id);
}

static void agi_dc_call(agi_dc *d, const agi_cmd *c, const uint8_t *arg)
{
    relic_buf_printf(d->out, "%s(", c->name);
    for (unsigned i = 0; i < c->nargs; i++) {
        if (i)
            relic_buf_append(d->out, ",", 1);
        agi_dc_operand(d, c->args[i], arg[i]);
    }
    relic_buf_append(d->out, ")", 1);
}

/* Comparisons print as operators; nots is 0 or 1 for them. */
static int agi_dc_predicate(agi_dc *d, const uint8_t *p, unsigned nots)
{
    static const char *const ops[2][3] = {{"==", "<", ">"}, {"!=", ">=", "<="}};
    if (p[0] >= AGI_C_EQUALN && p[0] <= AGI_C_GREATERV) {
        if (nots > 1)
            return -1;
        unsigned k = (p[0] - 1u) / 2, var = !((p[0] - 1u) & 1) ? 0 : 1;
        relic_buf_printf(d->out, "v%u %s %s%u", p[1], ops[nots][k], var ? "v" : "", p[2]);
        return 0;
    }
    for (unsigned i = 0; i < nots; i++)
        relic_buf_append(d->out, "!", 1);
    if (p[0] == AGI_C_SAID) {
        relic_buf_append(d->out, "said(", 5);
        for (unsigned i = 0; i < p[1]; i++) {
            if (i)
                relic_buf_append(d->out, ",", 1);
            agi_dc_word(d, (uint16_t)(p[2 + 2 * i] | p[3 + 2 * i] << 8));
        }
        relic_buf_append(d->out, ")", 1);
        return 0;
    }
    agi_dc_call(d, agi_condition_info(p[0], NULL), p + 1);
    return 0;
}

/* The condition list in source form; -1 (output undefined) when the stored
 * markers fall outside the grammar the compiler reads. */
static int agi_dc_conditions(agi_dc *d, const agi_insn *in)
{
    const uint8_t *code = d->s->code;
    uint32_t pc = in->cond_off, end = in->cond_off + in->cond_len;
    int in_or = 0, first = 1;
    unsigned nots = 0;
    while (pc < end) {
        uint8_t b = code[pc];
        if (b == AGI_OP_NOT) {
            nots++;
            pc++;
            continue;
        }
        if (b == AGI_OP_OR && in_or) {
            if (nots)
                return -1;
            relic_buf_append(d->out, ")", 1);
            in_or = 0;
            first = 0;
            pc++;
            continue;
        }
        if (!first)
            relic_buf_printf(d->out, in_or ? " || " : " && ");
        first = 0;
        if (b == AGI_OP_OR) {
            for (; nots; nots--)
                relic_buf_append(d->out, "!", 1);
            relic_buf_append(d->out, "(", 1);
            in_or = first = 1;
            pc++;
            continue;
        }
        if (agi_dc_predicate(d, code + pc, nots))
            return -1;
        nots = 0;
        pc += agi_scan_predicate_len(code, pc, end, agi_condition_info(b, NULL));
    }
    return in_or || nots ? -1 : 0;
}

/* Sixteen bytes a line; consecutive #bytes lines simply continue. */
static void agi_dc_bytes(agi_dc *d, uint32_t off, uint32_t n, unsigned depth)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i % 16 == 0) {
            if (i) {
                relic_buf_u8(d->out, '\n');
                agi_dc_indent(d, depth);
            }
            relic_buf_append(d->out, "#bytes", 6);
        }
        relic_buf_printf(d->out, " %02x", d->s->code[off + i]);
    }
    relic_buf_u8(d->out, '\n');
}

// clang-format off
static const char *const agi_dc_arith[][2] = {
    [AGI_A_ASSIGNN] = {"=", ""},  [AGI_A_ASSIGNV] = {"=", "v"},  [AGI_A_ADDN] = {"+=", ""},
    [AGI_A_ADDV] = {"+=", "v"},   [AGI_A_SUBN] = {"-=", ""},     [AGI_A_SUBV] = {"-=", "v"},
    [AGI_A_LINDIRECTV] = {"=", "v"}, [AGI_A_RINDIRECT] = {"=", "*v"}, [AGI_A_LINDIRECTN] = {"=", ""},
};
// clang-format on

static void agi_dc_action(agi_dc *d, const agi_insn *in)
{
    const uint8_t *a = d->s->code + in->off;
    uint8_t op = a[0];
    if (op == AGI_A_INCREMENT || op == AGI_A_DECREMENT)
        relic_buf_printf(d->out, "v%u%s;\n", a[1], op == AGI_A_INCREMENT ? "++" : "--");
    else if (op >= AGI_A_ASSIGNN && op <= AGI_A_LINDIRECTN)
        relic_buf_printf(d->out, "%sv%u %s %s%u;\n", op == AGI_A_LINDIRECTV || op == AGI_A_LINDIRECTN ? "*" : "", a[1],
                         agi_dc_arith[op][0], agi_dc_arith[op][1], a[2]);
    else if (op >= AGI_A_MUL_N && op <= AGI_A_DIV_V && in->cmd->opcode == op)
        relic_buf_printf(d->out, "v%u %s %s%u;\n", a[1],
                         op <= AGI_A_MUL_V ? "*=" : "/=", (op - AGI_A_MUL_N) & 1 ? "v" : "", a[2]);
    else {
        agi_dc_call(d, in->cmd, a + 1);
        relic_buf_append(d->out, ";\n", 2);
    }
}

/* Whether the if at `in` opens a block (0), a block with an else (1), or
 * has no structured form (-1) inside a block ending at `end`. */
static int agi_dc_shape(const agi_dc *d, const agi_insn *in, uint32_t end, uint32_t *else_end)
{
    const agi_scan *s = d->s;
    uint32_t t = in->target, bs = in->off + in->len;
    if (in->foreign || t < bs || t > end || (t < end && s->at[t] < 0))
        return -1;
    if (t >= bs + 3 && s->at[t - 3] >= 0 && s->insn[s->at[t - 3]].kind == AGI_INSN_GOTO && !d->goto_target[t - 3]) {
        uint32_t t2 = s->insn[s->at[t - 3]].target;
        if (t2 >= t && t2 <= end && (t2 == end || s->at[t2] >= 0)) {
            *else_end = t2;
            return 1;
        }
    }
    return 0;
}

static void agi_dc_if(agi_dc *d, const agi_insn *in, unsigned *depth, uint32_t *pc)
{
    uint32_t else_end = 0;
    int shape = agi_dc_shape(d, in, d->stack[*depth].end, &else_end);
    size_t mark = d->out->len;
    relic_buf_append(d->out, "if (", 4);
    if (shape >= 0 && *depth >= AGI_DECOMPILE_MAX_DEPTH) {
        if (!d->too_deep)
            d->too_deep = in->off + 1;
        *pc = d->s->len; /* stop: the caller reports */
        return;
    }
    if (shape >= 0 && agi_dc_conditions(d, in) == 0) {
        relic_buf_append(d->out, ") {\n", 4);
        agi_dc_frame *f = &d->stack[++*depth];
        f->has_else = shape == 1;
        f->end = shape == 1 ? in->target - 3 : in->target;
        f->else_end = else_end;
        *pc = in->off + in->len;
        return;
    }
    d->out->len = mark;
    relic_buf_append(d->out, "// relic: if (", 14);
    if (agi_dc_conditions(d, in))
        relic_buf_append(d->out, "...", 3);
    relic_buf_printf(d->out, ") has no structured form (%s); its header is kept as stored, false -> 0x%04x\n",
                     in->foreign ? "a condition this profile lacks"
                     : shape < 0 ? "its false jump leaves the block"
                                 : "condition markers outside the grammar",
                     in->target);
    agi_dc_indent(d, *depth);
    agi_dc_bytes(d, in->off, in->len, *depth);
    *pc = in->off + in->len;
}

static void agi_dc_statement(agi_dc *d, const agi_insn *in, unsigned *depth, uint32_t *pc)
{
    const agi_scan *s = d->s;
    agi_dc_indent(d, *depth);
    if (in->kind == AGI_INSN_IF) {
        agi_dc_if(d, in, depth, pc);
        return;
    }
    *pc = in->off + in->len;
    if (in->kind == AGI_INSN_GOTO) {
        if (in->target == s->len || s->at[in->target] >= 0) {
            relic_buf_printf(d->out, "goto(L%04x);\n", in->target);
            d->label[in->target] = 1;
        } else {
            relic_buf_printf(d->out, "// relic: this goto lands inside an instruction (0x%04x)\n", in->target);
            agi_dc_indent(d, *depth);
            agi_dc_bytes(d, in->off, 3, *depth);
        }
    } else if (in->foreign) {
        relic_buf_printf(d->out, "// relic: %s is not an action of profile %s; kept as stored\n", in->cmd->name,
                         d->ctx->profile->name);
        agi_dc_indent(d, *depth);
        agi_dc_bytes(d, in->off, in->len, *depth);
    } else {
        agi_dc_action(d, in);
    }
}

/* One pass over the code; labels print only when `labels` is set (the
 * first pass finds which ones the printed gotos need). */
static void agi_dc_body(agi_dc *d, int labels)
{
    const agi_scan *s = d->s;
    unsigned depth = 0;
    uint32_t pc = 0;
    d->stack[0].end = s->len;
    d->stack[0].has_else = 0;
    for (;;) {
        if (d->too_deep)
            return;
        while (depth > 0 && pc == d->stack[depth].end) {
            agi_dc_frame *f = &d->stack[depth];
            agi_dc_indent(d, depth - 1);
            if (f->has_else) {
                relic_buf_append(d->out, "} else {\n", 9);
                d->swallowed[pc] = 1;
                pc += 3;
                f->end = f->else_end;
                f->has_else = 0;
                continue;
            }
            relic_buf_append(d->out, "}\n", 2);
            depth--;
        }
        if (labels && d->label[pc])
            relic_buf_printf(d->out, "L%04x:\n", pc);
        if (pc >= s->len)
            break;
        agi_dc_statement(d, &s->insn[s->at[pc]], &depth, &pc);
    }
}

static void agi_dc_messages(agi_dc *d, const uint8_t *payload, size_t len)
{
    relic_buf *out = d->out;
    if (d->raw_table) {
        relic_buf_printf(out,
                         "\n// relic: the stored message table (%u messages) has a layout #message lines "
                         "cannot rebuild; its bytes follow\n",
                         d->m->count);
        for (size_t i = d->m->table_offset; i < len; i += 16) {
            relic_buf_append(out, "#table", 6);
            for (size_t k = i; k < len && k < i + 16; k++)
                relic_buf_printf(out, " %02x", payload[k]);
            relic_buf_u8(out, '\n');
        }
        return;
    }
    relic_buf_append(out, "\n// Messages\n", 13);
    for (unsigned i = 1; i <= d->m->count; i++) {
        if (!d->m->msg[i].text)
            continue;
        relic_buf_printf(out, "#message %u ", i);
        agi_text_quote(d->m->msg[i].text, d->ctx->extensions, out);
        relic_buf_u8(out, '\n');
    }
}

static int agi_dc_run(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, const agi_scan *s,
                      const agi_logic_messages *m, relic_buf *out, relic_err *err)
{
    agi_dc d = {.ctx = ctx, .s = s, .m = m, .out = out};
    d.raw_table = !agi_logic_table_regular(payload, len, s, m);
    for (unsigned i = 1; i <= m->count; i++) {
        d.inline_ok[i] = m->msg[i].text != NULL;
        for (unsigned k = 1; k < i && d.inline_ok[i]; k++)
            d.inline_ok[i] = !m->msg[k].text || strcmp(m->msg[k].text, m->msg[i].text) != 0;
    }
    if (ctx->words && ctx->words->count) {
        d.nwords = ctx->words->count;
        d.by_id = malloc(d.nwords * sizeof *d.by_id);
        d.by_text = malloc(d.nwords * sizeof *d.by_text);
        for (unsigned i = 0; d.by_id && d.by_text && i < d.nwords; i++)
            d.by_id[i] = d.by_text[i] = &ctx->words->words[i];
        if (d.by_id && d.by_text) {
            qsort(d.by_id, d.nwords, sizeof *d.by_id, agi_dc_cmp_id);
            qsort(d.by_text, d.nwords, sizeof *d.by_text, agi_dc_cmp_text);
        }
    }
    d.goto_target = calloc((size_t)s->len + 1, 1);
    d.label = calloc((size_t)s->len + 1, 1);
    d.swallowed = calloc((size_t)s->len + 1, 1);
    d.stack = malloc(((size_t)s->count + 1) * sizeof *d.stack);
    int rc = RELIC_OK;
    if (!d.goto_target || !d.label || !d.swallowed || !d.stack || (d.nwords && (!d.by_id || !d.by_text))) {
        rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    } else {
        /* Gotos become else branches unless a printed goto needs a label
         * on them; each round blocks at least one more, so this ends. */
        size_t start = out->len;
        for (int again = 1; again;) {
            memset(d.label, 0, (size_t)s->len + 1);
            memset(d.swallowed, 0, (size_t)s->len + 1);
            agi_dc_body(&d, 0);
            out->len = start;
            if (d.too_deep)
                break;
            again = 0;
            for (uint32_t i = 0; i <= s->len; i++)
                if (d.label[i] && d.swallowed[i] && !d.goto_target[i])
                    again = d.goto_target[i] = 1;
        }
        if (d.too_deep) {
            /* +2: offsets count from the payload, after the code length. */
            rc = relic_err_set(err, RELIC_EDATA, d.too_deep - 1 + 2, "if blocks nested deeper than %u",
                               AGI_DECOMPILE_MAX_DEPTH);
        } else {
            relic_buf_printf(out, "// logic %u, decompiled by relic for profile %s\n", ctx->number,
                             ctx->profile ? ctx->profile->name : "any");
            agi_dc_body(&d, 1);
            agi_dc_messages(&d, payload, len);
            rc = relic_buf_check(out, err);
        }
    }
    free(d.by_id);
    free(d.by_text);
    free(d.goto_target);
    free(d.label);
    free(d.swallowed);
    free(d.stack);
    return rc;
}

int agi_logic_decompile(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, relic_buf *out, relic_err *err)
{
    return agi_scan_run(payload, len, ctx, agi_dc_run, out, err);
}
