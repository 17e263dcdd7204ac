/* Linear scan of AGI logic bytecode (agi-spec logic_bytecode.md "Main
 * stream grammar", "Conditional blocks", "Parsed-input condition"): every
 * byte of the code belongs to one instruction, jumps land inside the code. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/agi_ext.h"
#include "relic/text.h"
#include "logic_private.h"

uint32_t agi_scan_predicate_len(const uint8_t *code, uint32_t off, uint32_t end, const agi_cmd *c)
{
    uint32_t n = 1 + (uint32_t)c->nargs;
    if (c->opcode == 0x0e) { /* said: count then count words */
        if (off + 1 >= end)
            return 0;
        n = 2 + 2u * code[off + 1];
    }
    return off + n <= end ? n : 0;
}

/* The condition list of an if at code[off] (the first 0xff); sets *list_len
 * to the bytes between the two 0xff. */
static int agi_scan_conditions(const agi_scan *s, uint32_t off, const agi_profile *p, int strict, agi_insn *in,
                               relic_err *err)
{
    uint32_t pc = off + 1;
    while (pc < s->len && s->code[pc] != AGI_OP_IF) {
        uint8_t b = s->code[pc];
        if (b == AGI_OP_OR || b == AGI_OP_NOT) {
            pc++;
            continue;
        }
        const agi_cmd *c = agi_condition_info(b, p);
        if (!c && !strict && (c = agi_condition_info(b, NULL)))
            in->foreign = 1;
        if (!c)
            return relic_err_set(err, RELIC_EDATA, pc + 2, "unknown condition 0x%02x for profile %s", b,
                                 p ? p->name : "any");
        uint32_t n = agi_scan_predicate_len(s->code, pc, s->len, c);
        if (!n)
            return relic_err_set(err, RELIC_EDATA, pc + 2, "condition %s truncated by the end of the code", c->name);
        pc += n;
    }
    if (pc >= s->len)
        return relic_err_set(err, RELIC_EDATA, off + 2, "condition list runs past the end of the code");
    in->cond_len = pc - off - 1;
    return RELIC_OK;
}

/* Target of the s16 displacement at code[at]; checked against the code. */
static int agi_scan_jump(const agi_scan *s, uint32_t at, uint32_t insn_off, uint32_t *target, relic_err *err)
{
    if (at + 2 > s->len)
        return relic_err_set(err, RELIC_EDATA, insn_off + 2, "jump displacement truncated by the end of the code");
    int32_t t = (int32_t)(at + 2) + (int16_t)(s->code[at] | s->code[at + 1] << 8);
    if (t < 0 || (uint32_t)t > s->len)
        return relic_err_set(err, RELIC_EDATA, insn_off + 2, "jump to 0x%x outside the code (0..0x%x)", (unsigned)t,
                             s->len);
    *target = (uint32_t)t;
    return RELIC_OK;
}

static int agi_scan_one(const agi_scan *s, uint32_t pc, const agi_profile *p, int strict, agi_insn *in, relic_err *err)
{
    memset(in, 0, sizeof *in);
    in->off = pc;
    uint8_t op = s->code[pc];
    if (op == AGI_OP_GOTO) {
        in->kind = AGI_INSN_GOTO;
        in->len = 3;
        return agi_scan_jump(s, pc + 1, pc, &in->target, err);
    }
    if (op == AGI_OP_IF) {
        in->kind = AGI_INSN_IF;
        if (agi_scan_conditions(s, pc, p, strict, in, err))
            return err ? err->code : RELIC_EDATA;
        in->cond_off = pc + 1;
        in->len = in->cond_len + 4;
        return agi_scan_jump(s, pc + in->cond_len + 2, pc, &in->target, err);
    }
    in->kind = AGI_INSN_ACTION;
    in->cmd = agi_action_info(op, p);
    if (!in->cmd && !strict && (in->cmd = agi_action_info(op, NULL)))
        in->foreign = 1;
    if (!in->cmd)
        return relic_err_set(err, RELIC_EDATA, pc + 2, "unknown action 0x%02x for profile %s", op, p ? p->name : "any");
    in->len = 1 + (uint32_t)in->cmd->nargs;
    if (pc + in->len > s->len)
        return relic_err_set(err, RELIC_EDATA, pc + 2, "action %s truncated by the end of the code", in->cmd->name);
    return RELIC_OK;
}

int agi_scan_code(const uint8_t *payload, size_t len, const agi_profile *p, int strict, agi_scan *s, relic_err *err)
{
    memset(s, 0, sizeof *s);
    if (len < 2)
        return relic_err_set(err, RELIC_EDATA, 0, "logic shorter than its code length");
    s->len = (uint32_t)(payload[0] | payload[1] << 8);
    if ((size_t)s->len + 2 > len)
        return relic_err_set(err, RELIC_EDATA, 0, "code length %u runs past the end of the payload", s->len);
    s->code = payload + 2;
    s->insn = malloc(((size_t)s->len + 1) * sizeof *s->insn);
    s->at = malloc(((size_t)s->len + 1) * sizeof *s->at);
    if (!s->insn || !s->at) {
        agi_scan_free(s);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    for (uint32_t i = 0; i <= s->len; i++)
        s->at[i] = -1;
    for (uint32_t pc = 0; pc < s->len;) {
        agi_insn *in = &s->insn[s->count];
        if (agi_scan_one(s, pc, p, strict, in, err)) {
            int rc = err ? err->code : RELIC_EDATA;
            agi_scan_free(s);
            return rc;
        }
        s->at[pc] = (int32_t)s->count++;
        pc += in->len;
    }
    return RELIC_OK;
}

void agi_scan_free(agi_scan *s)
{
    free(s->insn);
    free(s->at);
    memset(s, 0, sizeof *s);
}

void agi_text_quote(const char *s, unsigned extensions, relic_buf *out)
{
    relic_buf_u8(out, '"');
    for (const uint8_t *p = (const uint8_t *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            relic_buf_u8(out, '\\');
            relic_buf_u8(out, *p);
        } else if (*p == '\n') {
            relic_buf_append(out, "\\n", 2);
        } else if (*p < 0x20 || *p == 0x7f) {
            relic_buf_printf(out, "\\x%02x", *p);
        } else if (*p >= 0x80 && (extensions & AGI_EXT_AGDS)) {
            agi_cp866_to_utf8(p, 1, out);
        } else if (*p >= 0x80) {
            relic_cp437_to_utf8(p, 1, out);
        } else {
            relic_buf_u8(out, *p);
        }
    }
    relic_buf_u8(out, '"');
}

const char *agi_text_word(const agi_words *w, uint16_t id)
{
    if (w)
        for (unsigned i = 0; i < w->count; i++)
            if (w->words[i].id == id)
                return w->words[i].text;
    return NULL;
}

const char *agi_text_item(const agi_objects *o, unsigned item)
{
    if (!o || item >= o->count || !o->items[item].name)
        return NULL;
    const char *name = o->items[item].name;
    if (!name[0] || strcmp(name, "?") == 0)
        return NULL;
    for (unsigned i = 0; i < o->count; i++)
        if (i != item && o->items[i].name && strcasecmp(o->items[i].name, name) == 0)
            return NULL;
    for (const char *c = name; *c; c++) /* the compiler reads names as plain quoted text */
        if ((unsigned char)*c < 0x20 || *c == '"' || *c == '\\')
            return NULL;
    return name;
}

/* Whether #message lines rebuild the stored table exactly. */
int agi_logic_table_regular(const uint8_t *payload, size_t len, const agi_scan *s, const agi_logic_messages *m)
{
    unsigned hi = 0;
    char *msgs[256];
    for (unsigned i = 1; i <= m->count; i++) {
        msgs[i - 1] = m->msg[i].unterminated ? NULL : m->msg[i].text;
        if (m->msg[i].text)
            hi = i;
    }
    relic_buf re = RELIC_BUF_INIT;
    int same = m->encrypted && agi_logic_encode(s->code, s->len, msgs, hi, m->encrypted, &re, NULL) == RELIC_OK &&
               re.len == len && memcmp(re.data, payload, len) == 0;
    relic_buf_free(&re);
    return same;
}

/* On failure nothing is left to free. */
static int agi_scan_logic(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, agi_scan *s,
                          agi_logic_messages *m, relic_err *err)
{
    /* The code itself, not err->code: callers without an err (the profile
     * evidence) must still tell out of memory from a refused opcode. */
    int rc = agi_scan_code(payload, len, ctx->profile, ctx->strict, s, err);
    if (rc)
        return rc;
    /* An AGDS game's sources read its messages as agi-unpack's JSON does. */
    rc = ctx->extensions & AGI_EXT_AGDS ? agi_logic_messages_decode_agds(payload, len, m, err)
                                        : agi_logic_messages_decode(payload, len, m, err);
    if (rc != RELIC_OK) {
        agi_scan_free(s);
        return rc;
    }
    return RELIC_OK;
}

int agi_scan_run(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, agi_scan_body body, relic_buf *out,
                 relic_err *err)
{
    agi_scan s;
    agi_logic_messages m;
    int rc = agi_scan_logic(payload, len, ctx, &s, &m, err);
    if (rc)
        return rc;
    if (body)
        rc = body(payload, len, ctx, &s, &m, out, err);
    agi_scan_free(&s);
    agi_logic_messages_free(&m);
    return rc;
}
