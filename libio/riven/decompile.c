/* Riven script decompiler: a decoded script list (libformats/riven/
 * script.c) to one JSON tree with command and event names (seed document
 * "Riven scripts"), variables, external commands and stacks by name from
 * the NAME resources (records 4, 3 and 5), and text rendered from that same
 * tree.  Both walks use explicit stacks: switch nesting depth comes from the
 * data. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "../../libvm/riven/opcodes.h" /* the opcode rows of librelic-vm */
#include "relic/io.h"
#include "relic/riven_script_json.h"

/* A name the assembler reads back as this same record: an identifier
 * that is not a number or "varN", and the first record with that name
 * (names are looked up case-insensitively, as the engine does). */
static int riven_name_round_trips(const riven_names *nm, const char *s, uint16_t i)
{
    if (!s[0] || (s[0] >= '0' && s[0] <= '9') || s[0] == '-')
        return 0;
    for (const char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return 0;
    if (strncmp(s, "var", 3) == 0 && s[3] >= '0' && s[3] <= '9')
        return 0;
    return riven_names_find(nm, s) == (int)i;
}

static void riven_set_name(json_t *o, const char *key, const riven_names *nm, uint16_t i, int *oom)
{
    const char *s = riven_names_get(nm, i);
    if (s && riven_name_round_trips(nm, s, i))
        relic_json_set(o, key, json_string(s), oom);
}

/* Failed allocations set *oom (sticky, relic_json_set). */
static json_t *riven_cmd_json(const riven_script *s, const riven_cmd *c, const riven_nameset *names, int *oom)
{
    const riven_op_info *info = riven_op(c->op);
    json_t *o = json_object();
    char buf[16];
    snprintf(buf, sizeof buf, "op%u", c->op);
    relic_json_set(o, "op", json_integer(c->op), oom);
    relic_json_set(o, "name", json_string(info ? info->name : buf), oom);
    json_t *args = json_array();
    for (unsigned i = 0; i < c->argc; i++)
        relic_json_append(args, json_integer(s->args[c->args + i]), oom);
    relic_json_set(o, "args", args, oom);
    const uint16_t *a = s->args + c->args;
    switch (c->op) {
    case RIVEN_OP_setVariable:
    case RIVEN_OP_incrementVariable:
    case RIVEN_OP_switch:
        if (c->argc >= 1)
            riven_set_name(o, "var", names ? names->variables : NULL, a[0], oom);
        break;
    case RIVEN_OP_callExternal:
        if (c->argc >= 1)
            riven_set_name(o, "external", names ? names->externals : NULL, a[0], oom);
        break;
    case RIVEN_OP_changeStack:
        riven_set_name(o, "stack", names ? names->stacks : NULL, a[0], oom);
        relic_json_set(o, "card_code", json_integer(((json_int_t)a[1] << 16) | a[2]), oom);
        break;
    default: break;
    }
    return o;
}

typedef struct riven_jframe {
    const riven_script *s;
    uint32_t first, n, i;
    json_t *arr;
} riven_jframe;

json_t *riven_script_json(const riven_script *s, const riven_nameset *names)
{
    json_t *root = json_object(), *hs = json_array();
    int oom = 0; /* sticky: a lost statement or name makes no tree */
    relic_json_set(root, "handlers", hs, &oom);
    riven_jframe *st = NULL;
    size_t len = 0, cap = 0;
    for (size_t h = 0; h < s->nhandlers && !oom; h++) {
        json_t *ho = json_object(), *cmds = json_array();
        const char *ev = riven_event_name(s->handlers[h].event);
        char buf[16];
        snprintf(buf, sizeof buf, "Event%u", s->handlers[h].event);
        relic_json_set(ho, "event", json_string(ev ? ev : buf), &oom);
        relic_json_set(ho, "event_type", json_integer(s->handlers[h].event), &oom);
        relic_json_set(ho, "commands", cmds, &oom);
        relic_json_append(hs, ho, &oom);
        riven_jframe *fresh = realloc(st, (cap = 16) * sizeof *st);
        if (!fresh) { /* st stays valid, freed below */
            oom = 1;
            break;
        }
        st = fresh;
        len = 0;
        st[len++] = (riven_jframe){s, s->handlers[h].first_cmd, s->handlers[h].ncmds, 0, cmds};
        while (len && !oom) {
            riven_jframe *top = &st[len - 1];
            if (top->i == top->n) {
                len--;
                continue;
            }
            const riven_cmd *c = &s->cmds[top->first + top->i++];
            json_t *o = riven_cmd_json(s, c, names, &oom);
            relic_json_append(top->arr, o, &oom);
            if (oom) /* o (or the array) is gone */
                break;
            if (c->op != RIVEN_CMD_SWITCH)
                continue;
            json_t *cases = json_array();
            relic_json_set(o, "cases", cases, &oom);
            if (oom)
                break;
            if (len + c->ncases > cap) {
                cap = (len + c->ncases) * 2;
                riven_jframe *g = realloc(st, cap * sizeof *st);
                if (!g) {
                    oom = 1;
                    break;
                }
                st = g;
            }
            for (unsigned k = 0; k < c->ncases; k++) {
                const riven_case *cs = &s->cases[c->first_case + k];
                json_t *co = json_object(), *ccmds = json_array();
                if (cs->value == RIVEN_SWITCH_DEFAULT)
                    relic_json_set(co, "default", json_true(), &oom);
                else
                    relic_json_set(co, "value", json_integer(cs->value), &oom);
                relic_json_set(co, "commands", ccmds, &oom);
                relic_json_append(cases, co, &oom);
                st[len++] = (riven_jframe){s, cs->first_cmd, cs->ncmds, 0, ccmds};
            }
        }
    }
    free(st);
    if (oom) {
        json_decref(root);
        return NULL;
    }
    return root;
}

/* ---- text from the tree ---- */

typedef struct riven_tframe {
    const json_t *arr;
    size_t i;
    int indent;
    int is_cases;
    int close; /* print "}" at indent-1 when done */
} riven_tframe;

static void riven_indent(relic_buf *out, int n)
{
    for (int i = 0; i < n; i++)
        relic_buf_append(out, "    ", 4);
}

static void riven_text_cmd(relic_buf *out, const json_t *o)
{
    const char *name = json_string_value(json_object_get(o, "name"));
    const json_t *args = json_object_get(o, "args");
    int op = (int)json_integer_value(json_object_get(o, "op"));
    const char *first = json_string_value(json_object_get(o, "var"));
    if (!first)
        first = json_string_value(json_object_get(o, "external"));
    if (!first)
        first = json_string_value(json_object_get(o, "stack"));
    relic_buf_printf(out, "%s(", name ? name : "?");
    size_t n = json_array_size(args);
    if (op == RIVEN_OP_changeStack && n == 3) {
        if (first)
            relic_buf_printf(out, "%s", first);
        else
            relic_buf_printf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(json_array_get(args, 0)));
        relic_buf_printf(out, ", 0x%08" PRIx64 ")\n", (uint64_t)json_integer_value(json_object_get(o, "card_code")));
        return;
    }
    for (size_t i = 0; i < n; i++) {
        if (i)
            relic_buf_append(out, ", ", 2);
        if (i == 0 && first)
            relic_buf_printf(out, "%s", first);
        else
            relic_buf_printf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(json_array_get(args, i)));
    }
    relic_buf_append(out, ")\n", 2);
}

int riven_script_text(const json_t *tree, relic_buf *out, relic_err *err)
{
    const json_t *hs = json_object_get(tree, "handlers");
    riven_tframe *st = NULL;
    size_t cap = 0;
    for (size_t h = 0; h < json_array_size(hs); h++) {
        const json_t *ho = json_array_get(hs, h);
        relic_buf_printf(out, "on %s {\n", json_string_value(json_object_get(ho, "event")));
        size_t len = 0;
        if (cap < 16) {
            riven_tframe *g = realloc(st, (cap = 16) * sizeof *st);
            if (!g) {
                free(st);
                return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
            }
            st = g;
        }
        st[len++] = (riven_tframe){json_object_get(ho, "commands"), 0, 1, 0, 1};
        while (len) {
            riven_tframe *top = &st[len - 1];
            if (top->i == json_array_size(top->arr)) {
                if (top->close) {
                    riven_indent(out, top->indent - 1);
                    relic_buf_append(out, "}\n", 2);
                }
                len--;
                continue;
            }
            const json_t *o = json_array_get(top->arr, top->i++);
            int indent = top->indent;
            const json_t *sub = NULL;
            int sub_cases = 0, sub_close = 0, sub_indent = indent;
            if (top->is_cases) {
                riven_indent(out, indent);
                if (json_is_true(json_object_get(o, "default")))
                    relic_buf_append(out, "default:\n", 9);
                else
                    relic_buf_printf(out, "case %" JSON_INTEGER_FORMAT ":\n",
                                     json_integer_value(json_object_get(o, "value")));
                sub = json_object_get(o, "commands");
                sub_indent = indent + 1;
            } else if (json_object_get(o, "cases")) {
                riven_indent(out, indent);
                const char *v = json_string_value(json_object_get(o, "var"));
                if (v)
                    relic_buf_printf(out, "switch (%s) {\n", v);
                else
                    relic_buf_printf(out, "switch (var%" JSON_INTEGER_FORMAT ") {\n",
                                     json_integer_value(json_array_get(json_object_get(o, "args"), 0)));
                sub = json_object_get(o, "cases");
                sub_cases = 1;
                sub_close = 1;
                sub_indent = indent + 1;
            } else {
                riven_indent(out, indent);
                riven_text_cmd(out, o);
            }
            if (!sub)
                continue;
            if (len == cap) {
                riven_tframe *g = realloc(st, (cap *= 2) * sizeof *st);
                if (!g) {
                    free(st);
                    return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
                }
                st = g;
            }
            st[len++] = (riven_tframe){sub, 0, sub_indent, sub_cases, sub_close};
        }
    }
    free(st);
    return relic_buf_check(out, err);
}
