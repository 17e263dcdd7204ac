/* AGI logic disassembler (agi-spec logic_bytecode.md): one line per
 * instruction or condition-list element with its bytecode offset, bytes,
 * mnemonic and operands; OR (0xfc) and NOT (0xfd) markers each get their own
 * line so the stored grammar shows exactly; jump targets become labels. */
#include <stdlib.h>
#include <string.h>
#include "logic_private.h"

#define AGI_DIS_BYTES 8 /* bytes shown per line before "..." */

typedef struct agi_dis {
    const agi_logic_ctx *ctx;
    const agi_scan *s;
    const agi_logic_messages *msgs;
    uint8_t *label; /* [len + 1] */
    relic_buf *out;
} agi_dis;

static void agi_dis_prefix(agi_dis *d, uint32_t off, uint32_t n, int indent)
{
    relic_buf_printf(d->out, "%04x ", off);
    for (uint32_t i = 0; i < AGI_DIS_BYTES; i++)
        relic_buf_printf(d->out, i < n ? " %02x" : "   ", d->s->code[off + i < d->s->len ? off + i : 0]);
    relic_buf_printf(d->out, "%s %*s", n > AGI_DIS_BYTES ? "..." : "   ", indent * 2, "");
}

static void agi_dis_operands(agi_dis *d, const agi_cmd *c, const uint8_t *arg, relic_buf *note)
{
    for (unsigned i = 0; i < c->nargs; i++) {
        char t = c->args[i];
        relic_buf_printf(d->out, i ? ", " : " ");
        if (t == 'n')
            relic_buf_printf(d->out, "%u", arg[i]);
        else
            relic_buf_printf(d->out, "%c%u", t, arg[i]);
        if (t == 'm' && d->msgs && arg[i] >= 1 && arg[i] <= d->msgs->count && d->msgs->msg[arg[i]].text) {
            relic_buf_printf(note, " m%u=", arg[i]);
            agi_text_quote(d->msgs->msg[arg[i]].text, d->ctx->extensions, note);
        }
        const char *item = t == 'i' ? agi_text_item(d->ctx->objects, arg[i]) : NULL;
        if (item)
            relic_buf_printf(note, " i%u=\"%s\"", arg[i], item);
    }
}

static void agi_dis_end_line(agi_dis *d, relic_buf *note)
{
    if (note->len) {
        relic_buf_append(d->out, "   ;", 4);
        relic_buf_append(d->out, note->data, note->len);
    }
    relic_buf_u8(d->out, '\n');
    relic_buf_reset(note);
}

static void agi_dis_conditions(agi_dis *d, const agi_insn *in, relic_buf *note)
{
    const uint8_t *code = d->s->code;
    uint32_t pc = in->cond_off, end = in->cond_off + in->cond_len;
    int in_or = 0;
    while (pc < end) {
        uint8_t b = code[pc];
        if (b == AGI_OP_OR || b == AGI_OP_NOT) {
            int closing = b == AGI_OP_OR && in_or;
            if (closing)
                in_or = 0;
            agi_dis_prefix(d, pc, 1, 1 + in_or);
            relic_buf_printf(d->out, "%s\n", b == AGI_OP_NOT ? "not" : closing ? "or.end" : "or.begin");
            if (b == AGI_OP_OR && !closing)
                in_or = 1;
            pc++;
            continue;
        }
        const agi_cmd *c = agi_condition_info(b, in->foreign ? NULL : d->ctx->profile);
        if (!agi_condition_info(b, d->ctx->profile))
            relic_buf_printf(note, " not a condition of profile %s", d->ctx->profile->name);
        uint32_t n = agi_scan_predicate_len(code, pc, end, c);
        agi_dis_prefix(d, pc, n, 1 + in_or);
        relic_buf_printf(d->out, "%s", c->name);
        if (b == AGI_C_SAID) {
            for (unsigned i = 0; i < code[pc + 1]; i++) {
                uint16_t id = (uint16_t)(code[pc + 2 + 2 * i] | code[pc + 3 + 2 * i] << 8);
                const char *w = agi_text_word(d->ctx->words, id);
                relic_buf_printf(d->out, "%s%u", i ? ", " : " ", id);
                if (w)
                    relic_buf_printf(note, " %u=\"%s\"", id, w);
            }
        } else {
            agi_dis_operands(d, c, code + pc + 1, note);
        }
        agi_dis_end_line(d, note);
        pc += n;
    }
}

static void agi_dis_insn(agi_dis *d, const agi_insn *in, relic_buf *note)
{
    const uint8_t *code = d->s->code;
    if (d->label[in->off])
        relic_buf_printf(d->out, "L%04x:\n", in->off);
    int mid = in->kind != AGI_INSN_ACTION && in->target < d->s->len && d->s->at[in->target] < 0;
    if (in->kind == AGI_INSN_GOTO && mid) { /* no label can stand inside an instruction */
        agi_dis_prefix(d, in->off, 3, 0);
        relic_buf_printf(d->out, "#bytes fe %02x %02x   ; goto 0x%04x, inside an instruction\n", code[in->off + 1],
                         code[in->off + 2], in->target);
    } else if (in->kind == AGI_INSN_GOTO) {
        agi_dis_prefix(d, in->off, 3, 0);
        relic_buf_printf(d->out, "goto L%04x\n", in->target);
    } else if (in->kind == AGI_INSN_IF) {
        agi_dis_prefix(d, in->off, 1, 0);
        relic_buf_printf(d->out, "if\n");
        agi_dis_conditions(d, in, note);
        uint32_t at = in->cond_off + in->cond_len;
        agi_dis_prefix(d, at, 3, 0);
        if (mid)
            relic_buf_printf(d->out, "#bytes ff %02x %02x   ; then, else 0x%04x, inside an instruction\n", code[at + 1],
                             code[at + 2], in->target);
        else
            relic_buf_printf(d->out, "then, else L%04x\n", in->target);
    } else {
        agi_dis_prefix(d, in->off, in->len, 0);
        relic_buf_printf(d->out, "%s", in->cmd->name);
        agi_dis_operands(d, in->cmd, code + in->off + 1, note);
        if (in->foreign)
            relic_buf_printf(note, " not an action of profile %s", d->ctx->profile->name);
        agi_dis_end_line(d, note);
    }
}

static int agi_dis_run(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, const agi_scan *s,
                       const agi_logic_messages *m, relic_buf *out, relic_err *err)
{
    agi_dis d = {ctx, s, m, calloc((size_t)s->len + 1, 1), out};
    if (!d.label)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned i = 0; i < s->count; i++)
        if (s->insn[i].kind != AGI_INSN_ACTION && (s->insn[i].target == s->len || s->at[s->insn[i].target] >= 0))
            d.label[s->insn[i].target] = 1;
    relic_buf_printf(out, "; logic %u, profile %s: %u code bytes, %u messages (%s)\n", ctx->number,
                     ctx->profile ? ctx->profile->name : "any", s->len, m->count, m->encrypted ? "encrypted" : "plain");
    relic_buf_printf(out, "; offsets count from the first bytecode byte (payload offset 2)\n");
    relic_buf note = RELIC_BUF_INIT;
    for (unsigned i = 0; i < s->count; i++)
        agi_dis_insn(&d, &s->insn[i], &note);
    if (d.label[s->len])
        relic_buf_printf(out, "L%04x:\n", s->len);
    int regular = agi_logic_table_regular(payload, len, s, m);
    for (unsigned i = 1; i <= m->count; i++) {
        if (!m->msg[i].text)
            continue;
        relic_buf_printf(out, "%s#message %u ", regular ? "" : "; ", i);
        agi_text_quote(m->msg[i].text, ctx->extensions, out);
        relic_buf_u8(out, '\n');
    }
    if (!regular) { /* the assembler takes these bytes as the table */
        relic_buf_printf(out, "; the message table as stored (#message lines cannot rebuild it)\n");
        for (size_t i = m->table_offset; i < len; i += 16) {
            relic_buf_append(out, "#table", 6);
            for (size_t k = i; k < len && k < i + 16; k++)
                relic_buf_printf(out, " %02x", payload[k]);
            relic_buf_u8(out, '\n');
        }
    }
    relic_buf_free(&note);
    free(d.label);
    return relic_buf_check(out, err);
}

int agi_logic_check(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, relic_err *err)
{
    return agi_scan_run(payload, len, ctx, NULL, NULL, err);
}

int agi_logic_disasm(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, relic_buf *out, relic_err *err)
{
    return agi_scan_run(payload, len, ctx, agi_dis_run, out, err);
}
