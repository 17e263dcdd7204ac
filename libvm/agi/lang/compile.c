/* AGI logic compiler: AGI Studio / WinAGI source (the syntax of the corpus
 * game demoquest's src/Logic*.txt) to a logic payload (agi-spec
 * logic_bytecode.md).  One token of lookahead, blocks on an explicit stack,
 * jumps and inline messages resolved at the end.  Encodings:
 *   if (C) { A }            ff C ff len(A):s16 A
 *   if (C) { A } else { B } ff C ff len(A)+3 A fe len(B) B
 *   (a || b)                fc a b fc;  !x  fd x
 *   v == n/v, <, >          equaln/v, lessn/v, greatern/v; != >= <= add fd
 *   "text" as a message     the lowest #message with that text, else the
 *                           lowest free number
 *   #bytes / #table hex     stored as written (code / message table)
 * These are the forms the decompiler writes, so its output compiles back
 * to the bytes it came from. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/agi_ext.h"
#include "compile_private.h"

typedef struct agi_jfix {
    uint32_t at; /* displacement position in the code */
    char name[64];
    agi_pos pos;
} agi_jfix;

typedef struct agi_label {
    char name[64];
    uint32_t off;
} agi_label;

typedef struct agi_mfix {
    uint32_t at;
    char *text;
} agi_mfix;

typedef struct agi_frame {
    uint32_t patch; /* displacement to fill when the block closes */
    int is_else;
    agi_pos open;
} agi_frame;

typedef struct agi_cc {
    const agi_compile_opts *o;
    agi_lex lx;
    agi_tok tok, peek;
    int has_peek;
    relic_buf code, table;
    int has_table;
    char *msg[256];
    agi_label *labels;
    agi_jfix *jfix;
    agi_mfix *mfix;
    agi_frame *stack;
    unsigned nlabels, njfix, nmfix, depth, cap_labels, cap_jfix, cap_mfix, cap_stack;
} agi_cc;

#define AGI_CC_FAILED(cc) ((cc)->lx.failed || (cc)->code.oom)

static int agi_cc_grow(void **p, unsigned *cap, unsigned need, size_t size)
{
    if (need <= *cap)
        return 0;
    unsigned n = *cap ? *cap * 2 : 16;
    void *q = realloc(*p, (size_t)n * size);
    if (!q)
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

static void agi_cc_next(agi_cc *cc)
{
    if (cc->has_peek) {
        cc->tok = cc->peek;
        cc->has_peek = 0;
    } else {
        agi_lex_next(&cc->lx, &cc->tok);
    }
}

static const agi_tok *agi_cc_peek(agi_cc *cc)
{
    if (!cc->has_peek) {
        agi_lex_next(&cc->lx, &cc->peek);
        cc->has_peek = 1;
    }
    return &cc->peek;
}

static int agi_cc_is(const agi_tok *t, const char *punct)
{
    return t->kind == AGI_TOK_PUNCT && strcmp(t->text, punct) == 0;
}

static const char *agi_cc_what(const agi_tok *t)
{
    switch (t->kind) {
    case AGI_TOK_END: return "end of input";
    case AGI_TOK_STRING: return "a string";
    case AGI_TOK_DIRECTIVE: return "a directive";
    default: return t->text;
    }
}

static int agi_cc_expect(agi_cc *cc, const char *punct)
{
    if (!agi_cc_is(&cc->tok, punct))
        return agi_lex_error(&cc->lx, &cc->tok, "expected '%s', found '%s'", punct, agi_cc_what(&cc->tok));
    agi_cc_next(cc);
    return 0;
}

static void agi_cc_emit(agi_cc *cc, uint8_t b) { relic_buf_u8(&cc->code, b); }

/* A byte operand of the given type: a number, a typed number (v3), an item
 * name or a message text. */
static int agi_cc_operand(agi_cc *cc, char type)
{
    agi_tok *t = &cc->tok;
    long v = -1;
    if (t->kind == AGI_TOK_NUMBER) {
        v = t->value;
    } else if (t->kind == AGI_TOK_IDENT && t->type && type != 'n') {
        if (t->type != type)
            return agi_lex_error(&cc->lx, t, "expected a %c operand, found '%s'", type, t->text);
        v = t->value;
    } else if (t->kind == AGI_TOK_STRING && type == 'm') {
        if (agi_cc_grow((void **)&cc->mfix, &cc->cap_mfix, cc->nmfix + 1, sizeof *cc->mfix) ||
            !(cc->mfix[cc->nmfix].text = strdup(t->text)))
            return agi_lex_error(&cc->lx, t, "out of memory");
        cc->mfix[cc->nmfix++].at = (uint32_t)cc->code.len;
        v = 0;
    } else if (t->kind == AGI_TOK_STRING && type == 'i') {
        const agi_objects *ob = cc->o->objects;
        for (unsigned i = 0; ob && i < ob->count && v < 0; i++)
            if (ob->items[i].name && strcasecmp(ob->items[i].name, t->text) == 0)
                v = i;
        if (v < 0)
            return agi_lex_error(&cc->lx, t, "no inventory item is called \"%s\"", t->text);
    } else {
        return agi_lex_error(&cc->lx, t, "expected %s operand, found '%s'", type == 'n' ? "a number" : "an",
                             agi_cc_what(t));
    }
    if (v > 255)
        return agi_lex_error(&cc->lx, t, "operand %ld is larger than 255", v);
    agi_cc_emit(cc, (uint8_t)v);
    agi_cc_next(cc);
    return 0;
}

static long agi_cc_word(agi_cc *cc, const agi_tok *t)
{
    if (t->kind == AGI_TOK_NUMBER)
        return t->value;
    if (t->kind != AGI_TOK_STRING)
        return -1;
    const agi_words *w = cc->o->words;
    for (unsigned i = 0; w && i < w->count; i++)
        if (strcasecmp(w->words[i].text, t->text) == 0)
            return w->words[i].id;
    if (strcasecmp(t->text, "anyword") == 0)
        return AGI_WORD_ANY;
    if (strcasecmp(t->text, "rol") == 0)
        return AGI_WORD_REST;
    return -2;
}

static int agi_cc_said(agi_cc *cc)
{
    if (agi_cc_expect(cc, "("))
        return -1;
    size_t count_at = cc->code.len;
    unsigned n = 0;
    agi_cc_emit(cc, 0);
    while (!agi_cc_is(&cc->tok, ")") && !AGI_CC_FAILED(cc)) {
        if (n && agi_cc_expect(cc, ","))
            return -1;
        long id = agi_cc_word(cc, &cc->tok);
        if (id == -2)
            return agi_lex_error(&cc->lx, &cc->tok, "\"%s\" is not in the dictionary", cc->tok.text);
        if (id < 0)
            return agi_lex_error(&cc->lx, &cc->tok, "expected a word, found '%s'", agi_cc_what(&cc->tok));
        if (++n > 255)
            return agi_lex_error(&cc->lx, &cc->tok, "said() takes at most 255 words");
        relic_buf_le16(&cc->code, (uint16_t)id);
        agi_cc_next(cc);
    }
    if (!cc->code.oom)
        cc->code.data[count_at] = (uint8_t)n;
    return agi_cc_expect(cc, ")");
}

static int agi_cc_args(agi_cc *cc, const agi_cmd *c)
{
    if (agi_cc_expect(cc, "("))
        return -1;
    for (unsigned i = 0; i < c->nargs; i++)
        if ((i && agi_cc_expect(cc, ",")) || agi_cc_operand(cc, c->args[i]))
            return -1;
    if (agi_cc_is(&cc->tok, ","))
        return agi_lex_error(&cc->lx, &cc->tok, "%s takes %u operand%s", c->name, c->nargs, c->nargs == 1 ? "" : "s");
    return agi_cc_expect(cc, ")");
}

static void agi_cc_nots(agi_cc *cc, unsigned nots)
{
    while (nots--)
        agi_cc_emit(cc, AGI_OP_NOT);
}

/* v op v/n: ==, <, > and their negations as fd + the opposite test. */
static int agi_cc_compare(agi_cc *cc, unsigned nots)
{
    static const struct {
        const char *op;
        uint8_t cond, neg;
    } ops[] = {
        {"==", AGI_C_EQUALN, 0}, {"!=", AGI_C_EQUALN, 1},  {"<", AGI_C_LESSN, 0},
        {">=", AGI_C_LESSN, 1},  {">", AGI_C_GREATERN, 0}, {"<=", AGI_C_GREATERN, 1},
    };
    uint8_t var = (uint8_t)cc->tok.value;
    if (cc->tok.value > 255)
        return agi_lex_error(&cc->lx, &cc->tok, "variable number larger than 255");
    agi_cc_next(cc);
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        if (!agi_cc_is(&cc->tok, ops[i].op))
            continue;
        agi_cc_next(cc);
        int byvar = cc->tok.kind == AGI_TOK_IDENT && cc->tok.type == 'v';
        agi_cc_nots(cc, nots + ops[i].neg);
        agi_cc_emit(cc, (uint8_t)(ops[i].cond + byvar));
        agi_cc_emit(cc, var);
        return agi_cc_operand(cc, byvar ? 'v' : 'n');
    }
    return agi_lex_error(&cc->lx, &cc->tok, "expected a comparison after v%u", var);
}

static int agi_cc_predicate(agi_cc *cc, unsigned nots)
{
    agi_tok *t = &cc->tok;
    if (t->kind == AGI_TOK_IDENT && t->type == 'v')
        return agi_cc_compare(cc, nots);
    if (t->kind == AGI_TOK_IDENT && t->type == 'f') {
        agi_cc_nots(cc, nots);
        agi_cc_emit(cc, AGI_C_ISSET);
        return agi_cc_operand(cc, 'f');
    }
    if (t->kind != AGI_TOK_IDENT)
        return agi_lex_error(&cc->lx, t, "expected a condition, found '%s'", agi_cc_what(t));
    const agi_cmd *c = agi_condition_find(t->text, cc->o->profile);
    if (!c)
        return agi_lex_error(&cc->lx, t,
                             agi_condition_find(t->text, NULL) ? "%s is not a condition of this profile"
                                                               : "unknown condition '%s'",
                             t->text);
    agi_cc_nots(cc, nots);
    agi_cc_emit(cc, c->opcode);
    agi_cc_next(cc);
    return c->opcode == AGI_C_SAID ? agi_cc_said(cc) : agi_cc_args(cc, c);
}

/* The condition list after "if (", through its closing ')'. */
static int agi_cc_conditions(agi_cc *cc)
{
    int in_or = 0;
    if (agi_cc_is(&cc->tok, ")")) {
        agi_cc_next(cc);
        return 0;
    }
    while (!AGI_CC_FAILED(cc)) {
        unsigned nots = 0;
        for (; agi_cc_is(&cc->tok, "!"); agi_cc_next(cc))
            nots++;
        if (agi_cc_is(&cc->tok, "(")) {
            if (in_or)
                return agi_lex_error(&cc->lx, &cc->tok, "OR groups do not nest");
            agi_cc_nots(cc, nots);
            agi_cc_emit(cc, AGI_OP_OR);
            in_or = 1;
            agi_cc_next(cc);
            if (!agi_cc_is(&cc->tok, ")"))
                continue;
        } else if (agi_cc_predicate(cc, nots)) {
            return -1;
        }
        if (in_or && agi_cc_is(&cc->tok, ")")) {
            agi_cc_emit(cc, AGI_OP_OR);
            in_or = 0;
            agi_cc_next(cc);
        }
        if (agi_cc_is(&cc->tok, in_or ? "||" : "&&")) {
            agi_cc_next(cc);
            continue;
        }
        if (in_or)
            return agi_lex_error(&cc->lx, &cc->tok, "expected '||' or ')' in an OR group, found '%s'",
                                 agi_cc_what(&cc->tok));
        return agi_cc_expect(cc, ")");
    }
    return -1;
}

static int agi_cc_push(agi_cc *cc, int is_else, const agi_tok *open)
{
    if (agi_cc_grow((void **)&cc->stack, &cc->cap_stack, cc->depth + 1, sizeof *cc->stack))
        return agi_lex_error(&cc->lx, open, "out of memory");
    agi_frame *f = &cc->stack[cc->depth++];
    f->patch = (uint32_t)cc->code.len - (is_else ? 2 : 0); /* an else's displacement is already there */
    f->is_else = is_else;
    f->open = agi_lex_pos(open);
    if (!is_else)
        relic_buf_le16(&cc->code, 0);
    return agi_cc_expect(cc, "{");
}

static int agi_cc_patch(agi_cc *cc, uint32_t at, const agi_tok *t)
{
    long delta = (long)cc->code.len - (long)(at + 2);
    if (delta > 32767)
        return agi_lex_error(&cc->lx, t, "block longer than 32767 bytes");
    relic_buf_put_le16(&cc->code, at, (uint16_t)delta);
    return 0;
}

static int agi_cc_if(agi_cc *cc)
{
    agi_tok at = cc->tok;
    agi_cc_next(cc);
    agi_cc_emit(cc, AGI_OP_IF);
    if (agi_cc_expect(cc, "(") || agi_cc_conditions(cc))
        return -1;
    agi_cc_emit(cc, AGI_OP_IF);
    return agi_cc_push(cc, 0, &at);
}

static int agi_cc_close(agi_cc *cc)
{
    agi_tok at = cc->tok;
    if (!cc->depth)
        return agi_lex_error(&cc->lx, &at, "'}' without an open block");
    agi_frame f = cc->stack[--cc->depth];
    agi_cc_next(cc);
    if (f.is_else || !(cc->tok.kind == AGI_TOK_IDENT && strcmp(cc->tok.text, "else") == 0))
        return agi_cc_patch(cc, f.patch, &at);
    agi_tok el = cc->tok;
    agi_cc_next(cc);
    agi_cc_emit(cc, AGI_OP_GOTO);
    relic_buf_le16(&cc->code, 0);
    if (agi_cc_patch(cc, f.patch, &at))
        return -1;
    return agi_cc_push(cc, 1, &el);
}

/* A displacement to the label named by the current token, filled in at
 * the end. */
static int agi_cc_jump_to(agi_cc *cc)
{
    if (cc->tok.kind != AGI_TOK_IDENT || strlen(cc->tok.text) >= sizeof cc->jfix->name)
        return agi_lex_error(&cc->lx, &cc->tok, "expected a label name, found '%s'", agi_cc_what(&cc->tok));
    if (agi_cc_grow((void **)&cc->jfix, &cc->cap_jfix, cc->njfix + 1, sizeof *cc->jfix))
        return agi_lex_error(&cc->lx, &cc->tok, "out of memory");
    agi_jfix *j = &cc->jfix[cc->njfix++];
    j->at = (uint32_t)cc->code.len;
    strcpy(j->name, cc->tok.text);
    j->pos = agi_lex_pos(&cc->tok);
    relic_buf_le16(&cc->code, 0);
    agi_cc_next(cc);
    return 0;
}

static int agi_cc_goto(agi_cc *cc)
{
    agi_cc_next(cc);
    int paren = agi_cc_is(&cc->tok, "(");
    if (paren)
        agi_cc_next(cc);
    agi_cc_emit(cc, AGI_OP_GOTO);
    if (agi_cc_jump_to(cc) || (paren && agi_cc_expect(cc, ")")))
        return -1;
    return agi_cc_expect(cc, ";");
}

static int agi_cc_label(agi_cc *cc)
{
    for (unsigned i = 0; i < cc->nlabels; i++)
        if (strcmp(cc->labels[i].name, cc->tok.text) == 0)
            return agi_lex_error(&cc->lx, &cc->tok, "label '%s' defined twice", cc->tok.text);
    if (strlen(cc->tok.text) >= sizeof cc->labels->name)
        return agi_lex_error(&cc->lx, &cc->tok, "label name too long");
    if (agi_cc_grow((void **)&cc->labels, &cc->cap_labels, cc->nlabels + 1, sizeof *cc->labels))
        return agi_lex_error(&cc->lx, &cc->tok, "out of memory");
    strcpy(cc->labels[cc->nlabels].name, cc->tok.text);
    cc->labels[cc->nlabels++].off = (uint32_t)cc->code.len;
    agi_cc_next(cc);
    agi_cc_next(cc); /* the ':' */
    return 0;
}

static int agi_cc_action(agi_cc *cc, uint8_t op)
{
    const agi_cmd *c = agi_action_info(op, cc->o->profile);
    if (!c)
        return agi_lex_error(&cc->lx, &cc->tok, "%s is not an action of this profile", agi_action_info(op, NULL)->name);
    agi_cc_emit(cc, op);
    return 0;
}

/* v3++, ++v3, v3 = 5, v3 = v4, v3 = *v4, *v3 = n/v, v3 += n/v (-=, *=, /=). */
static int agi_cc_assign(agi_cc *cc)
{
    static const struct {
        const char *op;
        uint8_t num, var;
    } ops[] = {
        {"=", AGI_A_ASSIGNN, AGI_A_ASSIGNV}, {"+=", AGI_A_ADDN, AGI_A_ADDV},   {"-=", AGI_A_SUBN, AGI_A_SUBV},
        {"*=", AGI_A_MUL_N, AGI_A_MUL_V},    {"/=", AGI_A_DIV_N, AGI_A_DIV_V},
    };
    int pre = agi_cc_is(&cc->tok, "++") ? 1 : agi_cc_is(&cc->tok, "--") ? 2 : 0;
    int star = agi_cc_is(&cc->tok, "*");
    if (pre || star)
        agi_cc_next(cc);
    agi_tok var = cc->tok;
    if (var.kind != AGI_TOK_IDENT || var.type != 'v' || var.value > 255)
        return agi_lex_error(&cc->lx, &var, "expected a variable, found '%s'", agi_cc_what(&var));
    agi_cc_next(cc);
    if (!pre && !star && (agi_cc_is(&cc->tok, "++") || agi_cc_is(&cc->tok, "--"))) {
        pre = agi_cc_is(&cc->tok, "++") ? 1 : 2;
        agi_cc_next(cc);
    }
    if (pre) {
        if (agi_cc_action(cc, pre == 1 ? AGI_A_INCREMENT : AGI_A_DECREMENT))
            return -1;
        agi_cc_emit(cc, (uint8_t)var.value);
        return agi_cc_expect(cc, ";");
    }
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        if (!agi_cc_is(&cc->tok, ops[i].op) || (star && i))
            continue;
        agi_cc_next(cc);
        int indirect = !star && i == 0 && agi_cc_is(&cc->tok, "*");
        if (indirect)
            agi_cc_next(cc);
        int byvar = cc->tok.kind == AGI_TOK_IDENT && cc->tok.type == 'v';
        uint8_t op = star       ? (byvar ? AGI_A_LINDIRECTV : AGI_A_LINDIRECTN)
                     : indirect ? AGI_A_RINDIRECT
                     : byvar    ? ops[i].var
                                : ops[i].num;
        if (agi_cc_action(cc, op))
            return -1;
        agi_cc_emit(cc, (uint8_t)var.value);
        if (agi_cc_operand(cc, indirect || byvar ? 'v' : 'n'))
            return -1;
        return agi_cc_expect(cc, ";");
    }
    return agi_lex_error(&cc->lx, &cc->tok, "expected an assignment after %s", var.text);
}

static int agi_cc_call(agi_cc *cc)
{
    const agi_cmd *c = agi_action_find(cc->tok.text, cc->o->profile);
    if (!c)
        return agi_lex_error(&cc->lx, &cc->tok,
                             agi_action_find(cc->tok.text, NULL) ? "%s is not an action of this profile"
                                                                 : "unknown action '%s'",
                             cc->tok.text);
    agi_cc_emit(cc, c->opcode);
    agi_cc_next(cc);
    if (agi_cc_args(cc, c))
        return -1;
    return agi_cc_expect(cc, ";");
}

/* Hex pairs of a #bytes / #table line. */
static int agi_cc_hex(agi_cc *cc, const agi_tok *at, relic_buf *out)
{
    char line[1024];
    agi_lex_rest_of_line(&cc->lx, line, sizeof line);
    if (cc->lx.failed)
        return -1;
    char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r')
            p++;
        if (!*p || (p[0] == '/' && p[1] == '/') || (cc->lx.listing && *p == ';'))
            return 0;
        char *end;
        long v = strtol(p, &end, 16);
        if (end != p + 2 || v < 0)
            return agi_lex_error(&cc->lx, at, "#%s takes hex byte pairs", at->text);
        relic_buf_u8(out, (uint8_t)v);
        p = end;
    }
}

static int agi_cc_message(agi_cc *cc, const agi_tok *at)
{
    agi_cc_next(cc);
    agi_tok num = cc->tok;
    agi_cc_next(cc);
    if (num.kind != AGI_TOK_NUMBER || num.value < 1 || num.value > 255 || cc->tok.kind != AGI_TOK_STRING)
        return agi_lex_error(&cc->lx, at, "#message needs a number 1-255 and a string");
    if (cc->msg[num.value])
        return agi_lex_error(&cc->lx, at, "message %ld defined twice", num.value);
    if (!(cc->msg[num.value] = strdup(cc->tok.text)))
        return agi_lex_error(&cc->lx, at, "out of memory");
    agi_cc_next(cc);
    return 0;
}

static int agi_cc_directive(agi_cc *cc)
{
    agi_tok at = cc->tok;
    if (!strcmp(at.text, "message"))
        return agi_cc_message(cc, &at);
    if (!strcmp(at.text, "bytes") || !strcmp(at.text, "table")) {
        int table = at.text[0] == 't';
        cc->has_table |= table;
        if (cc->has_peek) /* cannot happen: directives are read at statement starts */
            return agi_lex_error(&cc->lx, &at, "misplaced #%s", at.text);
        if (agi_cc_hex(cc, &at, table ? &cc->table : &cc->code))
            return -1;
    } else if (!agi_lex_directive(&cc->lx, &at)) {
        return agi_lex_error(&cc->lx, &at, "unknown directive #%s", at.text);
    }
    agi_cc_next(cc);
    return 0;
}

static int agi_cc_statement(agi_cc *cc)
{
    agi_tok *t = &cc->tok;
    if (t->kind == AGI_TOK_DIRECTIVE)
        return agi_cc_directive(cc);
    if (agi_cc_is(t, "}"))
        return agi_cc_close(cc);
    if (agi_cc_is(t, "*") || agi_cc_is(t, "++") || agi_cc_is(t, "--"))
        return agi_cc_assign(cc);
    if (t->kind != AGI_TOK_IDENT)
        return agi_lex_error(&cc->lx, t, "expected a statement, found '%s'", agi_cc_what(t));
    if (agi_cc_is(agi_cc_peek(cc), ":"))
        return agi_cc_label(cc);
    if (t->type == 'v')
        return agi_cc_assign(cc);
    if (!strcmp(t->text, "if"))
        return agi_cc_if(cc);
    if (!strcmp(t->text, "goto"))
        return agi_cc_goto(cc);
    if (!strcmp(t->text, "else"))
        return agi_lex_error(&cc->lx, t, "else without a preceding if block");
    return agi_cc_call(cc);
}

/* ---- assembly: the listing agi_logic_disasm writes, one instruction or
 * condition element per line: if, [not | or.begin | or.end | predicate]...,
 * "then, else LABEL"; goto LABEL; actions with comma-separated operands. */
static int agi_cc_asm_operands(agi_cc *cc, const agi_cmd *c)
{
    agi_cc_emit(cc, c->opcode);
    agi_cc_next(cc);
    if (c->opcode == AGI_C_SAID && c->nargs == 1 && c->args[0] == 'w') {
        size_t count_at = cc->code.len;
        unsigned n = 0, line = cc->tok.line;
        agi_cc_emit(cc, 0);
        while (cc->tok.line == line && !AGI_CC_FAILED(cc) &&
               (cc->tok.kind == AGI_TOK_NUMBER || cc->tok.kind == AGI_TOK_STRING)) {
            long id = agi_cc_word(cc, &cc->tok);
            if (id < 0 || ++n > 255)
                return agi_lex_error(&cc->lx, &cc->tok, "bad said() word");
            relic_buf_le16(&cc->code, (uint16_t)id);
            agi_cc_next(cc);
            if (!agi_cc_is(&cc->tok, ","))
                break;
            agi_cc_next(cc);
        }
        if (!cc->code.oom)
            cc->code.data[count_at] = (uint8_t)n;
        return 0;
    }
    for (unsigned i = 0; i < c->nargs; i++)
        if ((i && agi_cc_expect(cc, ",")) || agi_cc_operand(cc, c->args[i]))
            return -1;
    return 0;
}

static int agi_cc_asm_statement(agi_cc *cc, int *in_cond)
{
    agi_tok *t = &cc->tok;
    if (t->kind == AGI_TOK_DIRECTIVE) {
        /* the disassembler writes a header's end as #bytes when its jump
         * lands inside an instruction: that closes the condition list */
        if (!strcmp(t->text, "bytes"))
            *in_cond = 0;
        return agi_cc_directive(cc);
    }
    if (t->kind != AGI_TOK_IDENT)
        return agi_lex_error(&cc->lx, t, "expected an instruction, found '%s'", agi_cc_what(t));
    if (agi_cc_is(agi_cc_peek(cc), ":"))
        return agi_cc_label(cc);
    static const struct {
        const char *name;
        uint8_t byte;
        int cond;
    } marks[] = {
        {"if", AGI_OP_IF, 0},
        {"not", AGI_OP_NOT, 1},
        {"or.begin", AGI_OP_OR, 1},
        {"or.end", AGI_OP_OR, 1},
    };
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (!strcmp(t->text, marks[i].name)) {
            if (marks[i].cond != *in_cond)
                return agi_lex_error(&cc->lx, t, "%s %s a condition list", t->text, *in_cond ? "inside" : "outside");
            agi_cc_emit(cc, marks[i].byte);
            *in_cond = 1;
            agi_cc_next(cc);
            return 0;
        }
    if (*in_cond && !strcmp(t->text, "then")) {
        agi_cc_next(cc);
        if (agi_cc_expect(cc, ",") || strcmp(cc->tok.text, "else") != 0)
            return agi_lex_error(&cc->lx, &cc->tok, "expected 'then, else LABEL'");
        agi_cc_next(cc);
        agi_cc_emit(cc, AGI_OP_IF);
        *in_cond = 0;
        return agi_cc_jump_to(cc);
    }
    if (!*in_cond && !strcmp(t->text, "goto")) {
        agi_cc_next(cc);
        agi_cc_emit(cc, AGI_OP_GOTO);
        return agi_cc_jump_to(cc);
    }
    /* A listing says what is stored: an opcode of a later profile (which
     * the disassembler notes) assembles too. */
    const agi_cmd *c =
        *in_cond ? agi_condition_find(t->text, cc->o->profile) : agi_action_find(t->text, cc->o->profile);
    if (!c)
        c = *in_cond ? agi_condition_find(t->text, NULL) : agi_action_find(t->text, NULL);
    if (!c)
        return agi_lex_error(&cc->lx, t, "unknown %s '%s' for this profile", *in_cond ? "condition" : "action",
                             t->text);
    return agi_cc_asm_operands(cc, c);
}

/* Jumps to labels; inline texts to message numbers. */
static int agi_cc_resolve(agi_cc *cc)
{
    for (unsigned i = 0; i < cc->njfix; i++) {
        const agi_jfix *j = &cc->jfix[i];
        unsigned k = 0;
        while (k < cc->nlabels && strcmp(cc->labels[k].name, j->name) != 0)
            k++;
        if (k == cc->nlabels)
            return agi_lex_error_at(&cc->lx, &j->pos, "label '%s' is not defined", j->name);
        long delta = (long)cc->labels[k].off - (long)(j->at + 2);
        if (delta < -32768 || delta > 32767)
            return agi_lex_error_at(&cc->lx, &j->pos, "goto %s jumps further than 32767 bytes", j->name);
        relic_buf_put_le16(&cc->code, j->at, (uint16_t)delta);
    }
    for (unsigned i = 0; i < cc->nmfix; i++) {
        unsigned n = 1;
        while (n < 256 && !(cc->msg[n] && strcmp(cc->msg[n], cc->mfix[i].text) == 0))
            n++;
        if (n == 256) { /* a new message: the lowest free number */
            for (n = 1; n < 256 && cc->msg[n]; n++)
                ;
            if (n == 256)
                return agi_lex_error(&cc->lx, NULL, "more than 255 messages");
            if (!(cc->msg[n] = strdup(cc->mfix[i].text)))
                return agi_lex_error(&cc->lx, NULL, "out of memory");
        }
        if (!cc->code.oom)
            cc->code.data[cc->mfix[i].at] = (uint8_t)n;
    }
    return 0;
}

static int agi_cc_payload(agi_cc *cc, relic_buf *payload, relic_err *err)
{
    if (relic_buf_check(&cc->code, err) || relic_buf_check(&cc->table, err))
        return err ? err->code : RELIC_ENOMEM;
    if (cc->code.len > 0xffff)
        return agi_lex_error(&cc->lx, NULL, "code longer than 65535 bytes");
    if (cc->has_table) {
        relic_buf_le16(payload, (uint16_t)cc->code.len);
        relic_buf_append(payload, cc->code.data, cc->code.len);
        relic_buf_append(payload, cc->table.data, cc->table.len);
        return relic_buf_check(payload, err);
    }
    unsigned hi = 0;
    for (unsigned n = 1; n < 256; n++)
        if (cc->msg[n])
            hi = n;
    int key = cc->o->extensions & AGI_EXT_AGDS ? AGI_MSG_KEY_AGDS : AGI_MSG_KEY_SIERRA;
    return agi_logic_encode(cc->code.data, cc->code.len, cc->msg + 1, hi, key, payload, err);
}

static int agi_cc_run(const char *src, size_t len, const agi_compile_opts *o, int listing, relic_buf *payload,
                      relic_err *err)
{
    agi_cc *cc = calloc(1, sizeof *cc);
    if (!cc)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    cc->o = o;
    cc->lx.o = o;
    cc->lx.err = err;
    cc->lx.listing = listing;
    int rc = RELIC_EDATA, in_cond = 0;
    if (agi_lex_open(&cc->lx, o->file_name ? o->file_name : "<source>", src, len) == RELIC_OK) {
        agi_cc_next(cc);
        while (cc->tok.kind != AGI_TOK_END && !AGI_CC_FAILED(cc))
            if (listing)
                agi_cc_asm_statement(cc, &in_cond);
            else
                agi_cc_statement(cc);
        if (!AGI_CC_FAILED(cc) && in_cond)
            agi_lex_error(&cc->lx, NULL, "condition list without its 'then, else LABEL'");
        if (!AGI_CC_FAILED(cc) && cc->depth)
            agi_lex_error_at(&cc->lx, &cc->stack[cc->depth - 1].open, "block opened here is never closed");
        if (!AGI_CC_FAILED(cc) && !agi_cc_resolve(cc) && !cc->lx.failed)
            rc = agi_cc_payload(cc, payload, err);
        if (cc->code.oom)
            rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    agi_lex_close(&cc->lx);
    for (unsigned n = 0; n < 256; n++)
        free(cc->msg[n]);
    for (unsigned i = 0; i < cc->nmfix; i++)
        free(cc->mfix[i].text);
    free(cc->mfix);
    free(cc->jfix);
    free(cc->labels);
    free(cc->stack);
    relic_buf_free(&cc->code);
    relic_buf_free(&cc->table);
    free(cc);
    return rc;
}

int agi_logic_compile(const char *src, size_t len, const agi_compile_opts *o, relic_buf *payload, relic_err *err)
{
    return agi_cc_run(src, len, o, 0, payload, err);
}

int agi_logic_assemble(const char *src, size_t len, const agi_compile_opts *o, relic_buf *payload, relic_err *err)
{
    return agi_cc_run(src, len, o, 1, payload, err);
}
