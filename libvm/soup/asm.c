/* SOUP386 assembler: reads the text soup_listing_text writes (syntax in
 * disasm.c) and encodes it after the relic SOUP seed's "Bytecode
 * Encoding": formula byte 3 is "*" and 4 is "/", Anchor takes one byte, a
 * Return right after ScriptRV carries four zero bytes.  Besides "#XXXX"
 * offsets it accepts symbolic labels ("name:" and "Goto name") so samples
 * can be written by hand; a "#XXXX:" label must sit at that offset, which
 * is what makes assemble(disassemble(x)) == x checkable. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "relic/core.h"
#include "soup_private.h"

#define SOUP_AS_DEPTH 64
#define SOUP_AS_NAME 64

typedef struct soup_label {
    char name[SOUP_AS_NAME];
    uint32_t pos;
    size_t src;
} soup_label;

typedef struct soup_as {
    const soup_ctx *ctx;
    const char *s;
    size_t len, pos;
    relic_buf *out;
    relic_err *err;
    soup_label *labels, *fixes; /* fixes: pos = where the u32 goes */
    size_t nlabels, nfixes;
    size_t blocks[SOUP_AS_DEPTH];
    int depth, after_rv, failed;
} soup_as;

static int soup_as_fail(soup_as *a, const char *fmt, const char *arg)
{
    if (!a->failed) {
        unsigned line = 1;
        for (size_t i = 0; i < a->pos && i < a->len; i++)
            line += a->s[i] == '\n';
        relic_err_set(a->err, RELIC_EDATA, a->pos, "line %u: ", line);
        if (a->err) {
            size_t n = strlen(a->err->msg);
            snprintf(a->err->msg + n, sizeof a->err->msg - n, fmt, arg);
        }
    }
    a->failed = 1;
    return -1;
}

static char soup_peek(const soup_as *a) { return a->pos < a->len ? a->s[a->pos] : '\0'; }

static void soup_ws(soup_as *a)
{
    while (a->pos < a->len && (a->s[a->pos] == ' ' || a->s[a->pos] == '\t' || a->s[a->pos] == '\r'))
        a->pos++;
}

static int soup_lit(soup_as *a, const char *lit)
{
    soup_ws(a);
    size_t n = strlen(lit);
    if (a->len - a->pos >= n && !memcmp(a->s + a->pos, lit, n)) {
        a->pos += n;
        return 1;
    }
    return 0;
}

static int soup_eol(soup_as *a)
{
    soup_ws(a);
    char c = soup_peek(a);
    return c == '\0' || c == '\n' || c == ';';
}

static int soup_ident_tok(soup_as *a, char *buf)
{
    soup_ws(a);
    size_t n = 0, p = a->pos;
    if (p >= a->len || !(isalpha((unsigned char)a->s[p]) || a->s[p] == '_'))
        return 0;
    while (p < a->len && (isalnum((unsigned char)a->s[p]) || a->s[p] == '_')) {
        if (n + 1 < SOUP_AS_NAME)
            buf[n++] = a->s[p];
        p++;
    }
    buf[n] = '\0';
    a->pos = p;
    return 1;
}

static int soup_keyword(soup_as *a, const char *kw)
{
    size_t save = a->pos;
    char buf[SOUP_AS_NAME];
    if (soup_ident_tok(a, buf) && !strcmp(buf, kw))
        return 1;
    a->pos = save;
    return 0;
}

static int soup_number(soup_as *a, int64_t *v)
{
    soup_ws(a);
    const char *p = a->s + a->pos;
    size_t left = a->len - a->pos;
    size_t i = (left && *p == '-') ? 1 : 0;
    if (i >= left || !isdigit((unsigned char)p[i]))
        return 0;
    int hex = left > i + 1 && p[i] == '0' && (p[i + 1] == 'x' || p[i + 1] == 'X');
    size_t j = i + (hex ? 2 : 0);
    int64_t x = 0;
    while (j < left && (hex ? isxdigit((unsigned char)p[j]) : isdigit((unsigned char)p[j])) && x <= 0xffffffffll) {
        int dv = isdigit((unsigned char)p[j]) ? p[j] - '0' : (tolower((unsigned char)p[j]) - 'a' + 10);
        x = x * (hex ? 16 : 10) + dv;
        j++;
    }
    a->pos += j;
    *v = i ? -x : x;
    if (*v > 0xffffffffll || *v < -0x80000000ll) {
        soup_as_fail(a, "number out of range%s", "");
        return 0;
    }
    return 1;
}

/* "#XXXX" or a symbolic label; emits the u32. */
static int soup_target(soup_as *a)
{
    soup_ws(a);
    if (soup_lit(a, "#")) {
        char *end;
        unsigned long v = strtoul(a->s + a->pos, &end, 16);
        if (end == a->s + a->pos || (size_t)(end - a->s) > a->len)
            return soup_as_fail(a, "expected a hexadecimal offset after #%s", "");
        a->pos = (size_t)(end - a->s);
        relic_buf_le32(a->out, (uint32_t)v);
        return 0;
    }
    soup_label f = {.pos = (uint32_t)a->out->len, .src = a->pos};
    if (!soup_ident_tok(a, f.name))
        return soup_as_fail(a, "expected a label%s", "");
    soup_label *p = realloc(a->fixes, (a->nfixes + 1) * sizeof *p);
    if (!p)
        return soup_as_fail(a, "out of memory%s", "");
    a->fixes = p;
    a->fixes[a->nfixes++] = f;
    relic_buf_le32(a->out, 0);
    return 0;
}

static int soup_string_tok(soup_as *a, uint32_t *idx)
{
    soup_ws(a);
    if (soup_lit(a, "$")) {
        int64_t v;
        if (!soup_number(a, &v) || v < 0)
            return soup_as_fail(a, "expected a string index after $%s", "");
        *idx = (uint32_t)v;
        return 1;
    }
    if (soup_peek(a) != '"')
        return 0;
    a->pos++;
    char buf[512];
    size_t n = 0;
    while (a->pos < a->len && a->s[a->pos] != '"' && a->s[a->pos] != '\n') {
        char c = a->s[a->pos++];
        if (c == '\\' && a->pos < a->len) {
            c = a->s[a->pos++];
            if (c == 'x' && a->pos + 2 <= a->len) {
                char hx[3] = {a->s[a->pos], a->s[a->pos + 1], 0};
                c = (char)strtoul(hx, NULL, 16);
                a->pos += 2;
            }
        }
        if (n + 1 < sizeof buf)
            buf[n++] = c;
    }
    buf[n] = '\0';
    if (!soup_lit(a, "\""))
        return soup_as_fail(a, "unterminated string%s", "");
    for (size_t i = 0; i < a->ctx->nstrings; i++)
        if (a->ctx->strings[i] && !strcmp(a->ctx->strings[i], buf)) {
            *idx = (uint32_t)i;
            return 1;
        }
    return soup_as_fail(a, "\"%s\" is not in the actor's string table", buf);
}

/* An object selector followed by "." or "::"; 0 (nothing consumed) when
 * the text is not one. */
static int soup_object(soup_as *a, uint8_t sel[2])
{
    size_t save = a->pos;
    char name[SOUP_AS_NAME];
    uint32_t idx;
    long v;
    int r;
    if ((r = soup_string_tok(a, &idx)) < 0)
        return -1;
    if (r) {
        soup_ws(a);
        if (soup_peek(a) != '.' && soup_peek(a) != ':')
            return a->pos = save, 0;
        if (idx > 0xff)
            return soup_as_fail(a, "object string index above 255%s", "");
        sel[0] = SOUP_OBJ_STRING, sel[1] = (uint8_t)idx;
    } else if (soup_ident_tok(a, name)) {
        if (!strcmp(name, "Me") || !strcmp(name, "Player") || !strcmp(name, "Camera"))
            sel[0] = name[0] == 'M' ? SOUP_OBJ_ME : name[0] == 'P' ? SOUP_OBJ_PLAYER : SOUP_OBJ_CAMERA, sel[1] = 0;
        else if ((v = soup_lookup_numbered(name, "var")) >= 0 && v <= 0xff)
            sel[0] = SOUP_OBJ_VAR, sel[1] = (uint8_t)v;
        else
            return a->pos = save, 0;
    } else
        return a->pos = save, 0;
    if (soup_peek(a) != '.' && soup_peek(a) != ':')
        return a->pos = save, 0;
    return 1;
}

static int soup_value(soup_as *a, soup_mode mode);

/* A name from a DEF table (the numbered form first: fn12, flag7), or a
 * failure naming what was looked for; ids are 16-bit. */
static long soup_table_lookup(soup_as *a, const char *const *names, size_t stride, size_t n, const char *prefix,
                              const char *what, const char *name)
{
    long v = soup_lookup_numbered(name, prefix);
    if (v < 0 && n)
        v = soup_find_name(names, stride, n, name);
    if (v < 0 || v > 0xffff)
        return soup_as_fail(a, what, name);
    return v;
}

static long soup_fn_lookup(soup_as *a, const char *name)
{
    const soup_def *d = a->ctx->def;
    return soup_table_lookup(a, (const char *const *)&d->fn[0].name, sizeof d->fn[0], d->nfn, "fn",
                             "unknown function %s", name);
}

/* NAME(args): u16 id, u8 count (absent for id 0), parameters. */
static int soup_call(soup_as *a, const char *name)
{
    long id = soup_fn_lookup(a, name);
    if (id < 0 || !soup_lit(a, "("))
        return id < 0 ? -1 : soup_as_fail(a, "expected ( after %s", name);
    relic_buf_le16(a->out, (uint16_t)id);
    size_t count_at = a->out->len;
    if (id)
        relic_buf_u8(a->out, 0);
    unsigned n = 0;
    if (!soup_lit(a, ")")) {
        do {
            if (soup_value(a, SOUP_PARAM))
                return -1;
            n++;
        } while (soup_lit(a, ","));
        if (!soup_lit(a, ")"))
            return soup_as_fail(a, "expected ) after the parameters of %s", name);
    }
    if (!id && n)
        return soup_as_fail(a, "NullFunction takes no parameters%s", "");
    if (n > 255)
        return soup_as_fail(a, "more than 255 parameters%s", "");
    if (id && !a->out->oom)
        a->out->data[count_at] = (uint8_t)n;
    return 0;
}

/* After an object: "::NAME(" (0x1A), ".NAME(" (0x19) or ".REF"; returns
 * the opcode chosen, having emitted nothing. */
static int soup_after_object(soup_as *a, char *name)
{
    int dcolon = soup_lit(a, "::");
    if (!dcolon && !soup_lit(a, "."))
        return soup_as_fail(a, "expected . or :: after an object%s", "");
    if (!soup_ident_tok(a, name))
        return soup_as_fail(a, "expected a name after the object%s", "");
    soup_ws(a);
    if (soup_peek(a) == '(')
        return dcolon ? SOUP_OP_OBJFUNC : SOUP_OP_OBJTASK;
    if (dcolon)
        return soup_as_fail(a, "expected ( after ::%s", name);
    return SOUP_OP_OBJDOT;
}

static int soup_ref(soup_as *a, const char *name)
{
    const soup_def *d = a->ctx->def;
    long v = soup_lookup_numbered(name, "ref");
    if (v < 0 && d->nrefs)
        v = soup_find_name((const char *const *)d->refs, sizeof d->refs[0], d->nrefs, name);
    if (v < 0 || v > 0xffff)
        return soup_as_fail(a, "unknown reference %s", name);
    relic_buf_le16(a->out, (uint16_t)v);
    return 0;
}

static long soup_flag_lookup(soup_as *a, const char *name)
{
    const soup_def *d = a->ctx->def;
    return soup_table_lookup(a, d->nflags ? (const char *const *)&d->flags[0].name : NULL, sizeof d->flags[0],
                             d->nflags, "flag", "unknown name %s", name);
}

static int soup_update(soup_as *a, soup_mode mode)
{
    if (mode == SOUP_LHS || mode == SOUP_RHS)
        relic_buf_u8(a->out, soup_lit(a, "++") ? SOUP_UPD_INC : soup_lit(a, "--") ? SOUP_UPD_DEC : SOUP_UPD_READ);
    return 0;
}

static int soup_key(soup_as *a, uint32_t *v)
{
    if (soup_peek(a) != '\'')
        return 0;
    if (a->len - a->pos < 6 || a->s[a->pos + 5] != '\'')
        return soup_as_fail(a, "a dialogue key is four characters in quotes%s", "");
    const unsigned char *p = (const unsigned char *)a->s + a->pos + 1;
    *v = relic_rd_le32(p);
    a->pos += 6;
    return 1;
}

static int soup_objref(soup_as *a, uint8_t op, soup_mode mode)
{
    uint8_t sel[2];
    char name[SOUP_AS_NAME];
    int r = soup_object(a, sel);
    if (r <= 0)
        return r < 0 ? -1 : soup_as_fail(a, "expected an object after ++/--%s", "");
    if (soup_after_object(a, name) != SOUP_OP_OBJDOT)
        return a->failed ? -1 : soup_as_fail(a, "expected a reference after the object%s", "");
    relic_buf_u8(a->out, op);
    relic_buf_append(a->out, sel, 2);
    (void)mode;
    return soup_ref(a, name);
}

static int soup_value(soup_as *a, soup_mode mode)
{
    int64_t n;
    uint32_t k;
    uint8_t sel[2];
    char name[SOUP_AS_NAME];
    int r;
    soup_ws(a);
    if (soup_lit(a, "&")) {
        soup_ws(a);
        relic_buf_u8(a->out, SOUP_OP_NUMALT);
        if ((r = soup_key(a, &k))) {
            if (r > 0)
                relic_buf_le32(a->out, k);
            return r < 0 ? -1 : 0;
        }
        if (soup_number(a, &n)) {
            relic_buf_le32(a->out, (uint32_t)n);
            return 0;
        }
        if (!soup_ident_tok(a, name))
            return soup_as_fail(a, "expected a number, key or flag after &%s", "");
        long f = soup_flag_lookup(a, name);
        if (f < 0)
            return -1;
        relic_buf_le32(a->out, (uint32_t)f);
        return 0;
    }
    if ((r = soup_key(a, &k))) {
        if (r < 0)
            return -1;
        relic_buf_u8(a->out, SOUP_OP_NUMERIC);
        relic_buf_le32(a->out, k);
        return 0;
    }
    if (soup_number(a, &n)) {
        relic_buf_u8(a->out, SOUP_OP_NUMERIC);
        relic_buf_le32(a->out, (uint32_t)n);
        return 0;
    }
    if (a->failed)
        return -1;
    if (mode == SOUP_PARAM && (soup_peek(a) == '@' || soup_peek(a) == '+' || soup_peek(a) == '-'))
        return soup_as_fail(a, "this cannot be a native parameter%s", "");
    if (soup_lit(a, "++"))
        return soup_objref(a, SOUP_OP_OBJINC, mode);
    if (soup_lit(a, "--"))
        return soup_objref(a, SOUP_OP_OBJDEC, mode);
    if (soup_lit(a, "@")) {
        if (!soup_ident_tok(a, name))
            return soup_as_fail(a, "expected a function after @%s", "");
        relic_buf_u8(a->out, SOUP_OP_MULTITASK);
        return soup_call(a, name);
    }
    if ((r = soup_object(a, sel)) < 0)
        return -1;
    if (r) {
        int op = soup_after_object(a, name);
        if (op < 0)
            return -1;
        if (mode == SOUP_PARAM && op != SOUP_OP_OBJDOT)
            return soup_as_fail(a, "a native call cannot be a parameter%s", "");
        relic_buf_u8(a->out, (uint8_t)op);
        relic_buf_append(a->out, sel, 2);
        if (op != SOUP_OP_OBJDOT)
            return soup_call(a, name);
        return soup_ref(a, name) || soup_update(a, mode);
    }
    uint32_t sidx;
    if ((r = soup_string_tok(a, &sidx)))
        return r < 0 ? -1 : (relic_buf_u8(a->out, SOUP_OP_STRING), relic_buf_le32(a->out, sidx), 0);
    if (!soup_ident_tok(a, name))
        return soup_as_fail(a, "expected a value%s", "");
    long v;
    if (!strcmp(name, "task") && soup_ident_tok(a, name)) {
        relic_buf_u8(a->out, SOUP_OP_TASK);
        return soup_call(a, name);
    }
    if ((v = soup_lookup_numbered(name, "var")) >= 0) {
        if (v > 0xff)
            return soup_as_fail(a, "variable index above 255%s", "");
        relic_buf_u8(a->out, SOUP_OP_LOCALVAR);
        relic_buf_u8(a->out, (uint8_t)v);
        if (mode == SOUP_PARAM)
            relic_buf_zeros(a->out, 3);
        return soup_update(a, mode);
    }
    soup_ws(a);
    if (soup_peek(a) == '(') {
        if (mode == SOUP_PARAM)
            return soup_as_fail(a, "a native call cannot be a parameter%s", "");
        relic_buf_u8(a->out, SOUP_OP_FUNCTION);
        return soup_call(a, name);
    }
    if ((v = soup_flag_lookup(a, name)) < 0)
        return -1;
    relic_buf_u8(a->out, SOUP_OP_FLAG);
    relic_buf_le16(a->out, (uint16_t)v);
    if (mode == SOUP_PARAM)
        relic_buf_zeros(a->out, 2);
    return soup_update(a, mode);
}

static int soup_formula(soup_as *a)
{
    static const char *const ops[] = {"<<", ">>", "+", "-", "*", "/", "&", "|", "^"};
    static const uint8_t codes[] = {5, 6, 1, 2, 3, 4, 7, 8, 9};
    if (!soup_lit(a, "="))
        return soup_as_fail(a, "expected =%s", "");
    for (;;) {
        if (soup_value(a, SOUP_FORMULA))
            return -1;
        uint8_t code = 0;
        /* ++/-- end a formula as bytes 10/11 and a zero (see disasm.c);
         * the engine fails on them, the listing keeps them. */
        if (soup_lit(a, "++") || soup_lit(a, "--")) {
            relic_buf_u8(a->out, a->s[a->pos - 1] == '+' ? 10 : 11);
            relic_buf_u8(a->out, 0);
            return 0;
        }
        for (size_t i = 0; i < sizeof codes && !code; i++)
            if (soup_lit(a, ops[i]))
                code = codes[i];
        relic_buf_u8(a->out, code);
        if (!code)
            return 0;
    }
}

static int soup_if(soup_as *a)
{
    static const char *const cmps[] = {"!=", "<=", ">=", "=", "<", ">"};
    static const uint8_t codes[] = {1, 4, 5, 0, 2, 3};
    relic_buf_u8(a->out, SOUP_OP_IF);
    for (;;) {
        if (soup_value(a, SOUP_LHS))
            return -1;
        int code = -1;
        for (size_t i = 0; i < sizeof codes && code < 0; i++)
            if (soup_lit(a, cmps[i]))
                code = codes[i];
        if (code < 0)
            return soup_as_fail(a, "expected a comparison%s", "");
        relic_buf_u8(a->out, (uint8_t)code);
        if (soup_value(a, SOUP_RHS))
            return -1;
        uint8_t conj = soup_keyword(a, "and") ? 1 : soup_keyword(a, "or") ? 2 : 0;
        relic_buf_u8(a->out, conj);
        if (!conj)
            break;
    }
    if (soup_keyword(a, "else"))
        return soup_target(a);
    if (!soup_lit(a, "{"))
        return soup_as_fail(a, "expected { or else after the condition%s", "");
    if (a->depth == SOUP_AS_DEPTH)
        return soup_as_fail(a, "blocks nested too deeply%s", "");
    a->blocks[a->depth++] = a->out->len;
    relic_buf_le32(a->out, 0);
    return 0;
}

/* A statement that starts with an object and its member: emits the
 * operator and the two selector bytes and returns the operator (a
 * reference, SOUP_OP_OBJDOT, only where with_ref allows it); 0 when the
 * text does not start with an object, -1 on an error. */
static int soup_object_stmt(soup_as *a, int with_ref, char name[SOUP_AS_NAME])
{
    uint8_t sel[2];
    int r = soup_object(a, sel);
    if (r <= 0)
        return r;
    int op = soup_after_object(a, name);
    if (op < 0)
        return -1;
    if (op == SOUP_OP_OBJDOT && !with_ref)
        return soup_as_fail(a, "expected a call after the object%s", "");
    relic_buf_u8(a->out, (uint8_t)op);
    relic_buf_append(a->out, sel, 2);
    return op;
}

/* After "@" or "call": a self or object call with dispatch d. */
static int soup_call_stmt(soup_as *a, uint8_t d)
{
    char name[SOUP_AS_NAME];
    int op = soup_object_stmt(a, 0, name);
    if (op) {
        if (op < 0)
            return -1;
        relic_buf_u8(a->out, d);
        return soup_call(a, name);
    }
    if (!soup_ident_tok(a, name))
        return soup_as_fail(a, "expected a function name%s", "");
    relic_buf_u8(a->out, d);
    return soup_call(a, name);
}

static int soup_statement(soup_as *a)
{
    static const struct {
        const char *kw;
        uint8_t op;
    } jumps[] = {{"Goto", SOUP_OP_GOTO},           {"End", SOUP_OP_END},
                 {"Gosub", SOUP_OP_GOSUB},         {"TaskStop", SOUP_OP_TASKSTOP},
                 {"TaskPause", SOUP_OP_TASKPAUSE}, {"TaskResume", SOUP_OP_TASKRESUME}};
    int after_rv = a->after_rv;
    a->after_rv = 0;
    if (soup_lit(a, "}")) {
        if (!a->depth)
            return soup_as_fail(a, "} without an open block%s", "");
        size_t at = a->blocks[--a->depth];
        if (!a->out->oom)
            for (int i = 0; i < 4; i++)
                a->out->data[at + i] = (uint8_t)(a->out->len >> (8 * i));
        return 0;
    }
    if (soup_keyword(a, "if"))
        return soup_if(a);
    for (size_t i = 0; i < sizeof jumps / sizeof jumps[0]; i++)
        if (soup_keyword(a, jumps[i].kw))
            return relic_buf_u8(a->out, jumps[i].op), soup_target(a);
    if (soup_keyword(a, "Return")) {
        relic_buf_u8(a->out, SOUP_OP_RETURN);
        if (after_rv)
            relic_buf_zeros(a->out, 4);
        return 0;
    }
    if (soup_keyword(a, "Endint")) {
        relic_buf_u8(a->out, SOUP_OP_ENDINT);
        return 0;
    }
    if (soup_keyword(a, "Yield")) {
        relic_buf_u8(a->out, SOUP_OP_YIELD);
        return 0;
    }
    int64_t n;
    if (soup_keyword(a, "Anchor")) {
        if (!soup_lit(a, "=") || !soup_number(a, &n) || n < 0 || n > 255)
            return soup_as_fail(a, "expected Anchor = 0..255%s", "");
        relic_buf_u8(a->out, SOUP_OP_ANCHOR);
        relic_buf_u8(a->out, (uint8_t)n);
        return 0;
    }
    if (soup_keyword(a, "ScriptRV")) {
        if (!soup_number(a, &n) || n < 0 || n > 255)
            return soup_as_fail(a, "expected ScriptRV 0..255%s", "");
        a->after_rv = 1;
        relic_buf_u8(a->out, SOUP_OP_SCRIPTRV);
        relic_buf_u8(a->out, (uint8_t)n);
        return 0;
    }
    if (soup_keyword(a, "call"))
        return soup_call_stmt(a, 2);
    if (soup_lit(a, "@"))
        return soup_call_stmt(a, 1);
    if (soup_lit(a, "++"))
        return soup_objref(a, SOUP_OP_OBJINC, SOUP_MAIN);
    if (soup_lit(a, "--"))
        return soup_objref(a, SOUP_OP_OBJDEC, SOUP_MAIN);
    char name[SOUP_AS_NAME];
    int op = soup_object_stmt(a, 1, name);
    if (op) {
        if (op < 0)
            return -1;
        if (op == SOUP_OP_OBJDOT)
            return soup_ref(a, name) || soup_formula(a);
        relic_buf_u8(a->out, 0);
        return soup_call(a, name);
    }
    if (!soup_ident_tok(a, name))
        return soup_as_fail(a, "expected a statement%s", "");
    long v = soup_lookup_numbered(name, "var");
    if (v >= 0) {
        if (v > 0xff)
            return soup_as_fail(a, "variable index above 255%s", "");
        relic_buf_u8(a->out, SOUP_OP_LOCALVAR);
        relic_buf_u8(a->out, (uint8_t)v);
        return soup_formula(a);
    }
    soup_ws(a);
    if (soup_peek(a) == '(')
        return relic_buf_u8(a->out, SOUP_OP_TASK), soup_call(a, name);
    if ((v = soup_flag_lookup(a, name)) < 0)
        return -1;
    relic_buf_u8(a->out, SOUP_OP_FLAG);
    relic_buf_le16(a->out, (uint16_t)v);
    return soup_formula(a);
}

static int soup_add_label(soup_as *a, const char *name)
{
    for (size_t i = 0; i < a->nlabels; i++)
        if (!strcmp(a->labels[i].name, name))
            return soup_as_fail(a, "label %s defined twice", name);
    soup_label *p = realloc(a->labels, (a->nlabels + 1) * sizeof *p);
    if (!p)
        return soup_as_fail(a, "out of memory%s", "");
    a->labels = p;
    memset(&p[a->nlabels], 0, sizeof *p);
    snprintf(p[a->nlabels].name, SOUP_AS_NAME, "%s", name);
    p[a->nlabels++].pos = (uint32_t)a->out->len;
    return 0;
}

/* One line: optional label, optional directive or statement, comment. */
static int soup_line(soup_as *a, uint32_t *script_pc, char *main_label)
{
    char name[SOUP_AS_NAME];
    if (soup_lit(a, ".main")) {
        soup_ws(a);
        if (soup_lit(a, "#")) {
            char *end;
            *script_pc = (uint32_t)strtoul(a->s + a->pos, &end, 16);
            a->pos = (size_t)(end - a->s);
        } else if (!soup_ident_tok(a, main_label))
            return soup_as_fail(a, "expected .main #XXXX or .main LABEL%s", "");
    } else if (soup_lit(a, "#")) {
        char *end;
        unsigned long v = strtoul(a->s + a->pos, &end, 16);
        a->pos = (size_t)(end - a->s);
        if (!soup_lit(a, ":"))
            return soup_as_fail(a, "expected : after a #XXXX label%s", "");
        if (v != a->out->len) {
            snprintf(name, sizeof name, "#%04lX", v);
            return soup_as_fail(a, "label %s is not at that offset", name);
        }
    } else {
        size_t save = a->pos;
        if (soup_ident_tok(a, name) && soup_lit(a, ":") && soup_peek(a) != ':') {
            if (soup_add_label(a, name))
                return -1;
        } else
            a->pos = save;
    }
    if (!soup_eol(a) && soup_statement(a))
        return -1;
    if (!soup_eol(a))
        return soup_as_fail(a, "unexpected text after the statement%s", "");
    while (a->pos < a->len && a->s[a->pos] != '\n')
        a->pos++;
    if (a->pos < a->len)
        a->pos++;
    return 0;
}

static int soup_resolve(soup_as *a, uint32_t *script_pc, const char *main_label)
{
    for (size_t i = 0; i < a->nfixes; i++) {
        size_t j = 0;
        while (j < a->nlabels && strcmp(a->labels[j].name, a->fixes[i].name))
            j++;
        if (j == a->nlabels) {
            a->pos = a->fixes[i].src;
            return soup_as_fail(a, "undefined label %s", a->fixes[i].name);
        }
        for (int k = 0; k < 4 && !a->out->oom; k++)
            a->out->data[a->fixes[i].pos + k] = (uint8_t)(a->labels[j].pos >> (8 * k));
    }
    if (main_label[0]) {
        size_t j = 0;
        while (j < a->nlabels && strcmp(a->labels[j].name, main_label))
            j++;
        if (j == a->nlabels)
            return soup_as_fail(a, "undefined .main label %s", main_label);
        *script_pc = a->labels[j].pos;
    }
    return 0;
}

int soup_assemble(const soup_ctx *ctx, const char *text, size_t len, relic_buf *out, uint32_t *script_pc,
                  relic_err *err)
{
    soup_as a = {.ctx = ctx, .s = text, .len = len, .out = out, .err = err};
    char main_label[SOUP_AS_NAME] = "";
    *script_pc = 0;
    while (a.pos < a.len && !a.failed)
        soup_line(&a, script_pc, main_label);
    if (!a.failed && a.depth)
        soup_as_fail(&a, "a { block is not closed%s", "");
    if (!a.failed)
        soup_resolve(&a, script_pc, main_label);
    free(a.labels);
    free(a.fixes);
    if (a.failed)
        return RELIC_EDATA;
    return relic_buf_check(out, err);
}
