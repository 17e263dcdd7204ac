/* Riven script assembler: the text riven_script_text prints (one construct
 * per line: "on Event {", "name(args)", "switch (var) {", "case N:",
 * "default:", "}") back to the script-list bytes of the seed document
 * "Riven scripts".  Names resolve through NAME 4 (variables: first argument
 * of setVariable, incrementVariable and switch), NAME 3 (callExternal) and
 * NAME 5 (changeStack, whose second argument is the 32-bit card code).
 * Counts are back-patched; nesting is an explicit stack. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "opcodes.h"
#include "relic/core.h"
#include "relic/riven_vm.h"

typedef struct riven_open {
    int kind; /* 'H' handler, 'S' switch, 'C' case */
    size_t count_at;
    unsigned count;
} riven_open;

typedef struct riven_asm {
    relic_buf *out;
    const riven_nameset *ns;
    riven_open st[256];
    size_t depth;
    unsigned line;
    relic_err *err;
} riven_asm;

#define RIVEN_MAX_ARGS 64

static int riven_asm_fail(riven_asm *a, const char *what, const char *tok)
{
    return relic_err_set(a->err, RELIC_EDATA, RELIC_NO_OFFSET, "line %u: %s%s%s%s", a->line, what, tok ? " '" : "",
                         tok ? tok : "", tok ? "'" : "");
}

static void riven_patch(relic_buf *b, size_t at, unsigned v)
{
    if (!b->oom && at + 2 <= b->len) {
        b->data[at] = (uint8_t)(v >> 8);
        b->data[at + 1] = (uint8_t)v;
    }
}

static int riven_number(const char *s, long *v)
{
    char *end;
    long x = strtol(s, &end, 0);
    if (end == s || *end)
        return -1;
    *v = x;
    return 0;
}

/* A value for an argument: a number, "varN", or a name in `nm`. */
static int riven_resolve(riven_asm *a, const char *tok, const riven_names *nm, long *v)
{
    if (riven_number(tok, v) == 0)
        return (*v < -32768 || *v > 0xffffffffL) ? riven_asm_fail(a, "number out of range", tok) : 0;
    if (strncmp(tok, "var", 3) == 0 && riven_number(tok + 3, v) == 0 && *v >= 0 && *v <= 0xffff)
        return 0;
    int k = nm ? riven_names_find(nm, tok) : -1;
    if (k < 0)
        return riven_asm_fail(a, "unknown name", tok);
    *v = k;
    return 0;
}

#define RIVEN_ALIAS_ROW(num, nm) {num, #nm},
static const struct riven_alias {
    uint16_t op;
    const char *name;
} riven_aliases[] = {RIVEN_COMMAND_ALIASES(RIVEN_ALIAS_ROW)};
#undef RIVEN_ALIAS_ROW

int riven_op_by_name(const char *name)
{
    for (unsigned op = 0; op < 256; op++) {
        const riven_op_info *i = riven_op((uint16_t)op);
        if (i && strcmp(i->name, name) == 0)
            return (int)op;
    }
    for (size_t k = 0; k < RELIC_COUNTOF(riven_aliases); k++)
        if (strcmp(riven_aliases[k].name, name) == 0)
            return riven_aliases[k].op;
    long v;
    if (strncmp(name, "op", 2) == 0 && riven_number(name + 2, &v) == 0 && v >= 0 && v <= 0xffff)
        return (int)v;
    return -1;
}

static int riven_event_by_name(const char *name)
{
    for (unsigned e = 0; e < 16; e++)
        if (riven_event_name((uint16_t)e) && strcmp(riven_event_name((uint16_t)e), name) == 0)
            return (int)e;
    long v;
    if (strncmp(name, "Event", 5) == 0 && riven_number(name + 5, &v) == 0 && v >= 0 && v <= 0xffff)
        return (int)v;
    return -1;
}

static int riven_push_open(riven_asm *a, int kind, size_t at)
{
    if (a->depth == sizeof a->st / sizeof *a->st)
        return riven_asm_fail(a, "nesting too deep", NULL);
    a->st[a->depth++] = (riven_open){kind, at, 0};
    return 0;
}

static int riven_in_list(const riven_asm *a)
{
    return a->depth && (a->st[a->depth - 1].kind == 'H' || a->st[a->depth - 1].kind == 'C');
}

static int riven_asm_command(riven_asm *a, char *line)
{
    char *open = strchr(line, '('), *close = strrchr(line, ')');
    if (!open || !close || close < open || close[1])
        return riven_asm_fail(a, "expected name(arguments)", line);
    *open = 0;
    *close = 0;
    int op = riven_op_by_name(line);
    if (op < 0)
        return riven_asm_fail(a, "unknown command", line);
    if (!riven_in_list(a))
        return riven_asm_fail(a, "command outside a handler", line);
    long args[RIVEN_MAX_ARGS + 1];
    unsigned n = 0;
    char *p = open + 1;
    while (*p) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = 0;
        while (isspace((unsigned char)*p))
            p++;
        char *e = p + strlen(p);
        while (e > p && isspace((unsigned char)e[-1]))
            *--e = 0;
        if (n == RIVEN_MAX_ARGS)
            return riven_asm_fail(a, "too many arguments", NULL);
        const riven_names *nm = NULL;
        if (n == 0 && (op == RIVEN_OP_setVariable || op == RIVEN_OP_incrementVariable))
            nm = a->ns ? a->ns->variables : NULL;
        if (n == 0 && op == RIVEN_OP_callExternal)
            nm = a->ns ? a->ns->externals : NULL;
        if (n == 0 && op == RIVEN_OP_changeStack)
            nm = a->ns ? a->ns->stacks : NULL;
        if (riven_resolve(a, p, nm, &args[n]))
            return a->err ? a->err->code : RELIC_EDATA;
        n++;
        if (!comma)
            break;
        p = comma + 1;
    }
    if (op == RIVEN_OP_changeStack && n == 2) { /* stack, 32-bit card code */
        args[2] = args[1] & 0xffff;
        args[1] = (args[1] >> 16) & 0xffff;
        n = 3;
    }
    if (op == RIVEN_CMD_SWITCH)
        return riven_asm_fail(a, "switch is written as switch (var) {", NULL);
    a->st[a->depth - 1].count++;
    relic_buf_be16(a->out, (uint16_t)op);
    relic_buf_be16(a->out, (uint16_t)n);
    for (unsigned i = 0; i < n; i++)
        relic_buf_be16(a->out, (uint16_t)args[i]);
    return 0;
}

static int riven_asm_close(riven_asm *a)
{
    if (a->depth && a->st[a->depth - 1].kind == 'C') {
        riven_patch(a->out, a->st[a->depth - 1].count_at, a->st[a->depth - 1].count);
        a->depth--;
    }
    if (!a->depth || a->st[a->depth - 1].kind == 'C')
        return riven_asm_fail(a, "unbalanced '}'", NULL);
    riven_open *o = &a->st[a->depth - 1];
    if (o->kind == 'S' && o->count == 0)
        return riven_asm_fail(a, "switch without branches", NULL);
    riven_patch(a->out, o->count_at, o->count);
    a->depth--;
    return 0;
}

static int riven_asm_line(riven_asm *a, char *s, unsigned *handlers)
{
    size_t n = strlen(s);
    long v;
    if (strncmp(s, "on ", 3) == 0 && n > 4 && s[n - 1] == '{') {
        s[n - 1] = 0;
        char *name = s + 3, *e = name + strlen(name);
        while (e > name && isspace((unsigned char)e[-1]))
            *--e = 0;
        int ev = riven_event_by_name(name);
        if (ev < 0)
            return riven_asm_fail(a, "unknown event", name);
        if (a->depth)
            return riven_asm_fail(a, "handler inside a handler", NULL);
        (*handlers)++;
        relic_buf_be16(a->out, (uint16_t)ev);
        relic_buf_be16(a->out, 0);
        return riven_push_open(a, 'H', a->out->len - 2);
    }
    if (strncmp(s, "switch (", 8) == 0 && n > 10 && strcmp(s + n - 3, ") {") == 0) {
        s[n - 3] = 0;
        if (!riven_in_list(a))
            return riven_asm_fail(a, "switch outside a handler", NULL);
        if (riven_resolve(a, s + 8, a->ns ? a->ns->variables : NULL, &v))
            return a->err ? a->err->code : RELIC_EDATA;
        a->st[a->depth - 1].count++;
        relic_buf_be16(a->out, RIVEN_CMD_SWITCH);
        relic_buf_be16(a->out, 2);
        relic_buf_be16(a->out, (uint16_t)v);
        relic_buf_be16(a->out, 0);
        return riven_push_open(a, 'S', a->out->len - 2);
    }
    if (strcmp(s, "default:") == 0 || (strncmp(s, "case ", 5) == 0 && s[n - 1] == ':')) {
        if (s[0] == 'd')
            v = RIVEN_SWITCH_DEFAULT;
        else {
            s[n - 1] = 0;
            if (riven_number(s + 5, &v) || v < 0 || v > 0xffff)
                return riven_asm_fail(a, "bad case value", s + 5);
        }
        if (a->depth && a->st[a->depth - 1].kind == 'C') {
            riven_patch(a->out, a->st[a->depth - 1].count_at, a->st[a->depth - 1].count);
            a->depth--;
        }
        if (!a->depth || a->st[a->depth - 1].kind != 'S')
            return riven_asm_fail(a, "case outside a switch", NULL);
        a->st[a->depth - 1].count++;
        relic_buf_be16(a->out, (uint16_t)v);
        relic_buf_be16(a->out, 0);
        return riven_push_open(a, 'C', a->out->len - 2);
    }
    if (strcmp(s, "}") == 0)
        return riven_asm_close(a);
    return riven_asm_command(a, s);
}

int riven_script_assemble(const char *text, size_t len, const riven_nameset *ns, relic_buf *out, relic_err *err)
{
    riven_asm a = {.out = out, .ns = ns, .err = err};
    size_t start = out->len;
    unsigned handlers = 0;
    relic_buf_be16(out, 0);
    char line[1024];
    int rc = 0;
    for (size_t i = 0; i < len && !rc;) {
        size_t j = i;
        while (j < len && text[j] != '\n')
            j++;
        a.line++;
        size_t n = j - i;
        if (n >= sizeof line)
            rc = riven_asm_fail(&a, "line too long", NULL);
        else {
            memcpy(line, text + i, n);
            line[n] = 0;
            char *s = line, *e = line + n;
            while (isspace((unsigned char)*s))
                s++;
            while (e > s && isspace((unsigned char)e[-1]))
                *--e = 0;
            if (*s && *s != '#')
                rc = riven_asm_line(&a, s, &handlers);
        }
        i = j + 1;
    }
    if (!rc && a.depth)
        rc = riven_asm_fail(&a, "missing '}' at the end", NULL);
    if (!rc && handlers > 0xffff)
        rc = riven_asm_fail(&a, "too many handlers", NULL);
    if (!rc) {
        riven_patch(out, start, handlers);
        rc = relic_buf_check(out, err);
    }
    if (rc)
        out->len = start;
    return rc;
}
