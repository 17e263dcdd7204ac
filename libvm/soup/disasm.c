/* SOUP386 disassembler.  Decoding follows the relic SOUP seed ("Opcode
 * Table", "Operand Encoding", "Object Name Encoding", "Operators",
 * "Conditional Branch", "Call Encoding", "Parameter Type Overrides").  The
 * text reads like the public tools' script syntax (Dillonn241/
 * redguard-mod-manager src/redguard/ScriptReader.java) but differs where
 * those tools lose bytes or are wrong: formula byte 3 is "*" and 4 is "/"
 * (the tools swap them); the entry continuation before script_pc is
 * printed; Anchor is one byte; ScriptRV is its expected byte, and a Return
 * right after it carries the four bytes its five-byte skip covers; and
 * every encoding choice is visible so the assembler gives back the same
 * bytes:
 *   statement calls   Name(a, b)  @Name()  call Name()      (opcodes 0 1 2)
 *   value calls       Name()  @Name()  task Name()          (opcodes 2 1 0)
 *   object calls      Obj.Name()  Obj::Name()               (0x19 / 0x1A)
 *   objects           Me Player Camera varN "text" $N
 *   ++Obj.Ref --Obj.Ref (0x0F/0x10); Obj.Ref++ is an update byte
 *   Numeric 12, 'KEY1' (dialogue key); NumericAlt &12, &'KEY1', &FlagName
 *   strings "text" (first index with that text) or $N
 *   labels #XXXX (script offsets); if COND { ... } or if COND else #XXXX */
#include <stdio.h>
#include <string.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "soup_private.h"

typedef struct soup_dis {
    const soup_ctx *ctx;
    relic_cur c;
    relic_buf *t;
    relic_err *err;
    const char *fn; /* the call whose parameters are being read */
    unsigned param;
    int after_rv;
} soup_dis;

static int soup_dis_fail(soup_dis *d, size_t at, const char *fmt, unsigned v)
{
    if (d->c.failed)
        return relic_err_set(d->err, RELIC_EDATA, d->c.origin + d->c.fail_pos,
                             "instruction runs past the end of the script");
    char msg[120];
    snprintf(msg, sizeof msg, fmt, v);
    return relic_err_set(d->err, RELIC_EDATA, d->c.origin + at, "%s", msg);
}

static int soup_dis_value(soup_dis *d, soup_mode mode);

static void soup_dis_string(soup_dis *d, uint32_t idx)
{
    const soup_ctx *x = d->ctx;
    const char *s = idx < x->nstrings ? x->strings[idx] : NULL;
    if (s) {
        for (uint32_t j = 0; j < idx && s; j++)
            if (x->strings[j] && !strcmp(x->strings[j], s))
                s = NULL;
    }
    if (!s) {
        relic_buf_printf(d->t, "$%u", idx);
        return;
    }
    relic_buf_u8(d->t, '"');
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            relic_buf_printf(d->t, "\\%c", ch);
        else if (ch < 0x20 || ch > 0x7e)
            relic_buf_printf(d->t, "\\x%02x", ch);
        else
            relic_buf_u8(d->t, ch);
    }
    relic_buf_u8(d->t, '"');
}

static int soup_dis_object(soup_dis *d)
{
    size_t at = d->c.pos;
    uint8_t sel = relic_u8(&d->c), arg = relic_u8(&d->c);
    static const char *const fixed[] = {"Me", "Player", "Camera"};
    if (sel <= SOUP_OBJ_CAMERA) {
        if (arg)
            return soup_dis_fail(d, at + 1, "object padding byte 0x%02x is not zero", arg);
        relic_buf_printf(d->t, "%s", fixed[sel]);
    } else if (sel == SOUP_OBJ_STRING)
        soup_dis_string(d, arg);
    else if (sel == SOUP_OBJ_VAR)
        relic_buf_printf(d->t, "var%u", arg);
    else
        return soup_dis_fail(d, at, "unknown object selector 0x%02x", sel);
    return d->c.failed ? soup_dis_fail(d, at, "", 0) : 0;
}

static void soup_dis_ref(soup_dis *d)
{
    char buf[16];
    uint16_t ref = relic_le16(&d->c);
    relic_buf_printf(d->t, ".%s", soup_ref_name(d->ctx->def, ref, buf, sizeof buf));
}

/* An object property operand (0x0F ObjDot++, 0x10 ObjDot--, 0x14
 * ObjectDot): the ++/-- prefix, the object and the reference; statements
 * and values print it alike. */
static int soup_dis_objref(soup_dis *d, uint8_t op)
{
    if (op != SOUP_OP_OBJDOT)
        relic_buf_printf(d->t, op == SOUP_OP_OBJINC ? "++" : "--");
    if (soup_dis_object(d))
        return -1;
    soup_dis_ref(d);
    return 0;
}

static int soup_dis_update(soup_dis *d)
{
    size_t at = d->c.pos;
    uint8_t u = relic_u8(&d->c);
    if (u == SOUP_UPD_INC)
        relic_buf_printf(d->t, "++");
    else if (u == SOUP_UPD_DEC)
        relic_buf_printf(d->t, "--");
    else if (u != SOUP_UPD_READ)
        return soup_dis_fail(d, at, "unknown update byte %u", u);
    return 0;
}

static int soup_dis_pad(soup_dis *d, size_t n)
{
    size_t at = d->c.pos;
    for (size_t i = 0; i < n; i++)
        if (relic_u8(&d->c))
            return soup_dis_fail(d, at, "parameter padding is not zero", 0);
    return 0;
}

/* u16 function id, u8 count unless the id is 0 (NullFunction), then
 * count parameters. */
static int soup_dis_call(soup_dis *d, const char *prefix, const char *obj_sep)
{
    char buf[16];
    uint16_t id = relic_le16(&d->c);
    uint8_t n = id ? relic_u8(&d->c) : 0;
    const char *name = soup_fn_name(d->ctx->def, id, buf, sizeof buf);
    relic_buf_printf(d->t, "%s%s%s(", prefix, obj_sep ? obj_sep : "", name);
    const char *saved_fn = d->fn;
    unsigned saved_param = d->param;
    d->fn = id < d->ctx->def->nfn ? d->ctx->def->fn[id].name : NULL;
    for (unsigned i = 0; i < n; i++) {
        if (i)
            relic_buf_printf(d->t, ", ");
        d->param = i;
        if (soup_dis_value(d, SOUP_PARAM))
            return -1;
    }
    d->fn = saved_fn;
    d->param = saved_param;
    relic_buf_u8(d->t, ')');
    return 0;
}

static int soup_key_printable(uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        unsigned ch = (v >> (8 * i)) & 0xff;
        if (ch < 0x21 || ch > 0x7e || ch == '\'' || ch == '\\')
            return 0;
    }
    return 1;
}

static void soup_dis_number(soup_dis *d, uint8_t op, uint32_t v, soup_mode mode)
{
    const char *pre = op == SOUP_OP_NUMALT ? "&" : "", *flag = NULL;
    char buf[16];
    int first = mode == SOUP_PARAM && d->param == 0 && d->fn;
    if (first && op == SOUP_OP_NUMALT && soup_flag_fn(d->fn) && v < d->ctx->def->nflags)
        flag = soup_flag_name(d->ctx->def, v, buf, sizeof buf);
    if (first && soup_dialogue_fn(d->fn) && soup_key_printable(v))
        relic_buf_printf(d->t, "%s'%c%c%c%c'", pre, (char)v, (char)(v >> 8), (char)(v >> 16), (char)(v >> 24));
    else if (flag && flag != buf)
        relic_buf_printf(d->t, "&%s", flag);
    else
        relic_buf_printf(d->t, "%s%d", pre, (int32_t)v);
}

static int soup_dis_value(soup_dis *d, soup_mode mode)
{
    size_t at = d->c.pos;
    uint8_t op = relic_u8(&d->c);
    char buf[16];
    if (d->c.failed)
        return soup_dis_fail(d, at, "", 0);
    if (!soup_opcode_allowed(op, mode))
        return soup_dis_fail(d, at,
                             soup_opcode_name(op) ? (mode == SOUP_PARAM ? "opcode 0x%02x cannot be a native parameter"
                                                                        : "opcode 0x%02x cannot be used as a value")
                                                  : "unknown opcode 0x%02x",
                             op);
    int lr = mode == SOUP_LHS || mode == SOUP_RHS;
    switch (op) {
    case SOUP_OP_TASK: return soup_dis_call(d, "task ", NULL);
    case SOUP_OP_MULTITASK: return soup_dis_call(d, "@", NULL);
    case SOUP_OP_FUNCTION: return soup_dis_call(d, "", NULL);
    case SOUP_OP_FLAG:
        relic_buf_printf(d->t, "%s", soup_flag_name(d->ctx->def, relic_le16(&d->c), buf, sizeof buf));
        return lr ? soup_dis_update(d) : mode == SOUP_PARAM ? soup_dis_pad(d, 2) : 0;
    case SOUP_OP_NUMERIC:
    case SOUP_OP_NUMALT: soup_dis_number(d, op, relic_le32(&d->c), mode); return 0;
    case SOUP_OP_LOCALVAR:
        relic_buf_printf(d->t, "var%u", relic_u8(&d->c));
        return lr ? soup_dis_update(d) : mode == SOUP_PARAM ? soup_dis_pad(d, 3) : 0;
    case SOUP_OP_OBJINC:
    case SOUP_OP_OBJDEC: return soup_dis_objref(d, op);
    case SOUP_OP_OBJDOT:
        if (soup_dis_objref(d, op))
            return -1;
        return lr ? soup_dis_update(d) : 0;
    case SOUP_OP_STRING: soup_dis_string(d, relic_le32(&d->c)); return 0;
    case SOUP_OP_OBJTASK:
    case SOUP_OP_OBJFUNC:
        if (soup_dis_object(d))
            return -1;
        return soup_dis_call(d, "", op == SOUP_OP_OBJTASK ? "." : "::");
    }
    return soup_dis_fail(d, at, "unknown opcode 0x%02x", op);
}

/* Formula operators 1..9, 0 ends.  10 and 11 are the update bytes ++ and
 * -- that Dillonn241's ScriptReader.getOperator prints and follows with
 * one more byte; the engine's formula loop takes only 0..9 and fails on
 * them at run time (seed "Arithmetic Operators"), so the listing shows
 * them, ends the formula after the zero byte, and marks the statement. */
static int soup_dis_formula(soup_dis *d, soup_insn *in)
{
    static const char *const ops[] = {"", " + ", " - ", " * ", " / ", " << ", " >> ", " & ", " | ", " ^ ", "++", "--"};
    relic_buf_printf(d->t, " = ");
    for (;;) {
        if (soup_dis_value(d, SOUP_FORMULA))
            return -1;
        size_t at = d->c.pos;
        uint8_t o = relic_u8(&d->c);
        if (d->c.failed)
            return soup_dis_fail(d, at, "", 0);
        if (o == 0)
            return 0;
        if (o > 11)
            return soup_dis_fail(d, at, "unknown formula operator %u", o);
        relic_buf_printf(d->t, "%s", ops[o]);
        if (o >= 10) {
            size_t end = d->c.pos;
            uint8_t z = relic_u8(&d->c);
            if (d->c.failed)
                return soup_dis_fail(d, end, "", 0);
            if (z)
                return soup_dis_fail(d, end, "byte %u after ++/-- in a formula, not 0", z);
            in->engine_fault = 1;
            relic_buf_printf(d->t, " ; engine fault: %s inside a formula", o == 10 ? "++" : "--");
            return 0;
        }
    }
}

static int soup_dis_if(soup_dis *d, soup_insn *in)
{
    static const char *const cmp[] = {" = ", " != ", " < ", " > ", " <= ", " >= "};
    relic_buf_printf(d->t, "if ");
    for (;;) {
        if (soup_dis_value(d, SOUP_LHS))
            return -1;
        size_t at = d->c.pos;
        uint8_t k = relic_u8(&d->c);
        if (k > 5)
            return soup_dis_fail(d, at, "unknown comparison %u", k);
        relic_buf_printf(d->t, "%s", cmp[k]);
        if (soup_dis_value(d, SOUP_RHS))
            return -1;
        at = d->c.pos;
        uint8_t j = relic_u8(&d->c);
        if (d->c.failed)
            return soup_dis_fail(d, at, "", 0);
        if (j == 0)
            break;
        if (j > 2)
            return soup_dis_fail(d, at, "unknown conjunction %u", j);
        relic_buf_printf(d->t, j == 1 ? " and " : " or ");
    }
    in->if_end = relic_le32(&d->c);
    in->has_target = 1;
    in->target = in->if_end;
    return 0;
}

static int soup_dis_statement(soup_dis *d, soup_insn *in)
{
    size_t at = d->c.pos;
    uint8_t op = relic_u8(&d->c);
    in->op = op;
    int after_rv = d->after_rv;
    d->after_rv = 0;
    if (!soup_opcode_allowed(op, SOUP_MAIN))
        return soup_dis_fail(
            d, at, soup_opcode_name(op) ? "opcode 0x%02x cannot start a statement" : "unknown opcode 0x%02x", op);
    char buf[16];
    switch (op) {
    case SOUP_OP_TASK: return soup_dis_call(d, "", NULL);
    case SOUP_OP_MULTITASK: return soup_dis_call(d, "@", NULL);
    case SOUP_OP_FUNCTION: return soup_dis_call(d, "call ", NULL);
    case SOUP_OP_IF: return soup_dis_if(d, in);
    case SOUP_OP_GOTO:
    case SOUP_OP_END:
    case SOUP_OP_GOSUB:
    case SOUP_OP_TASKSTOP:
    case SOUP_OP_TASKPAUSE:
    case SOUP_OP_TASKRESUME:
        in->has_target = 1;
        in->target = relic_le32(&d->c);
        relic_buf_printf(d->t, "%s #%04X", soup_opcode_name(op), in->target);
        return 0;
    case SOUP_OP_FLAG:
        relic_buf_printf(d->t, "%s", soup_flag_name(d->ctx->def, relic_le16(&d->c), buf, sizeof buf));
        return soup_dis_formula(d, in);
    case SOUP_OP_LOCALVAR: relic_buf_printf(d->t, "var%u", relic_u8(&d->c)); return soup_dis_formula(d, in);
    case SOUP_OP_OBJINC:
    case SOUP_OP_OBJDEC: return soup_dis_objref(d, op);
    case SOUP_OP_OBJDOT:
        if (soup_dis_objref(d, op))
            return -1;
        return soup_dis_formula(d, in);
    case SOUP_OP_RETURN: relic_buf_printf(d->t, "Return"); return after_rv ? soup_dis_pad(d, 4) : 0;
    case SOUP_OP_ENDINT: relic_buf_printf(d->t, "Endint"); return 0;
    case SOUP_OP_YIELD: relic_buf_printf(d->t, "Yield"); return 0;
    case SOUP_OP_ANCHOR: relic_buf_printf(d->t, "Anchor = %u", relic_u8(&d->c)); return 0;
    case SOUP_OP_SCRIPTRV:
        relic_buf_printf(d->t, "ScriptRV %u", relic_u8(&d->c));
        d->after_rv = 1;
        return 0;
    case SOUP_OP_OBJTASK:
    case SOUP_OP_OBJFUNC: {
        static const char *const pre[] = {"", "@", "call "};
        size_t dat;
        relic_buf obj = RELIC_BUF_INIT, *saved = d->t;
        d->t = &obj;
        int rc = soup_dis_object(d);
        d->t = saved;
        dat = d->c.pos;
        uint8_t disp = relic_u8(&d->c);
        if (!rc && disp > 2)
            rc = soup_dis_fail(d, dat, "unknown dispatch byte %u", disp);
        if (!rc) {
            relic_buf_printf(d->t, "%s%.*s", pre[disp], (int)obj.len, obj.data ? (const char *)obj.data : "");
            rc = soup_dis_call(d, "", op == SOUP_OP_OBJTASK ? "." : "::");
        }
        relic_buf_free(&obj);
        return rc;
    }
    }
    return soup_dis_fail(d, at, "unknown opcode 0x%02x", op);
}

int soup_disasm(const soup_ctx *ctx, const uint8_t *code, size_t len, uint32_t script_pc, size_t origin,
                soup_listing *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    out->script_pc = script_pc;
    out->len = len;
    soup_dis d = {.ctx = ctx, .c = relic_cur_make(code, len, origin), .err = err};
    relic_buf text = RELIC_BUF_INIT;
    size_t cap = 0;
    while (d.c.pos < len) {
        if (relic_grow((void **)&out->ins, &cap, out->n + 1, sizeof *out->ins, 64))
            goto oom;
        soup_insn *in = &out->ins[out->n];
        memset(in, 0, sizeof *in);
        in->pos = (uint32_t)d.c.pos;
        relic_buf_reset(&text);
        d.t = &text;
        if (soup_dis_statement(&d, in) || (d.c.failed && soup_dis_fail(&d, in->pos, "", 0))) {
            relic_buf_free(&text);
            soup_listing_free(out);
            return err ? err->code : RELIC_EDATA;
        }
        in->len = (uint32_t)(d.c.pos - in->pos);
        relic_buf_u8(&text, 0);
        if (text.oom || !(in->text = strdup((const char *)text.data)))
            goto oom;
        out->n++;
    }
    relic_buf_free(&text);
    return RELIC_OK;
oom:
    relic_buf_free(&text);
    soup_listing_free(out);
    return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
}

void soup_listing_free(soup_listing *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->ins[i].text);
    free(l->ins);
    memset(l, 0, sizeof *l);
}
