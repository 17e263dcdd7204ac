/* Checkpoints of the timed input script ("CYCLE expect room N", "expect
 * score N", "expect flag N set|clear", "expect var N VALUE", "expect has
 * ITEM", "expect message \"TEXT\"|none"): parsed beside the events, and
 * checked against the state (agi-spec runtime_state.md "Reserved
 * variables and flags": v0 the room, v3 the score; an item whose location
 * is 255 is carried, object_inventory.md).  Not in the spec: a relic
 * feature, so that a walkthrough can be kept as a regression test. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "vm_private.h"

enum { AGI_EXPECT_CARRIED = 0xff };

/* A whole decimal number in [0, 255] ending at a space or the end. */
static int agi_expect_byte(const char **p, unsigned *out)
{
    const char *s = *p;
    unsigned v = 0;
    if (!isdigit((unsigned char)*s))
        return -1;
    for (; isdigit((unsigned char)*s); s++)
        if ((v = v * 10 + (unsigned)(*s - '0')) > 255)
            return -1;
    if (*s && !isspace((unsigned char)*s))
        return -1;
    while (isspace((unsigned char)*s))
        s++;
    *p = s;
    *out = v;
    return 0;
}

/* "..." with \" and \\, nothing after it; malloc'd, NULL when malformed. */
static char *agi_expect_quoted(const char *p, const char *end)
{
    if (*p != '"')
        return NULL;
    char *out = malloc((size_t)(end - p));
    if (!out)
        return NULL;
    size_t n = 0;
    for (p++; p < end && *p != '"'; p++) {
        if (*p == '\\' && p + 1 < end)
            p++;
        out[n++] = *p;
    }
    out[n] = 0;
    if (p >= end || p + 1 != end) {
        free(out);
        return NULL;
    }
    return out;
}

/* The item of "has": a number, a quoted name or the rest of the line. */
static int agi_expect_item(agi_expect *e, const char *p, const char *end)
{
    const char *q = p;
    if (isdigit((unsigned char)*p) && agi_expect_byte(&q, &e->number) == 0 && !*q)
        return 0;
    if (*p == '"')
        return (e->text = agi_expect_quoted(p, end)) && e->text[0] ? 0 : -1;
    if (!(e->text = malloc((size_t)(end - p) + 1)))
        return -1;
    memcpy(e->text, p, (size_t)(end - p));
    e->text[end - p] = 0;
    return 0;
}

/* The checkpoint of one line after "CYCLE expect " (p .. end, trimmed). */
static const char *agi_expect_fields(agi_expect *e, const char *p, const char *end)
{
    static const struct {
        const char *word;
        agi_expect_kind kind;
    } kinds[] = {{"room", AGI_EXPECT_ROOM}, {"score", AGI_EXPECT_SCORE}, {"flag", AGI_EXPECT_FLAG},
                 {"var", AGI_EXPECT_VAR},   {"has", AGI_EXPECT_HAS},     {"message", AGI_EXPECT_MESSAGE}};
    size_t wl = 0;
    while (p + wl < end && !isspace((unsigned char)p[wl]))
        wl++;
    size_t k = 0;
    while (k < sizeof kinds / sizeof kinds[0] && (strlen(kinds[k].word) != wl || strncmp(p, kinds[k].word, wl)))
        k++;
    if (k == sizeof kinds / sizeof kinds[0])
        return "unknown expectation (room, score, flag, var, has or message)";
    e->kind = kinds[k].kind;
    for (p += wl; p < end && isspace((unsigned char)*p);)
        p++;
    if (p == end)
        return "expectation needs an argument";
    switch (e->kind) {
    case AGI_EXPECT_ROOM:
    case AGI_EXPECT_SCORE: return agi_expect_byte(&p, &e->value) || p != end ? "expected a number 0..255" : NULL;
    case AGI_EXPECT_VAR:
        return agi_expect_byte(&p, &e->number) || agi_expect_byte(&p, &e->value) || p != end
                   ? "expected 'var N VALUE' (0..255)"
                   : NULL;
    case AGI_EXPECT_FLAG:
        if (agi_expect_byte(&p, &e->number))
            return "expected 'flag N set|clear' (N 0..255)";
        if ((size_t)(end - p) == 3 && strncmp(p, "set", 3) == 0)
            e->value = 1;
        else if ((size_t)(end - p) != 5 || strncmp(p, "clear", 5))
            return "expected 'flag N set|clear' (N 0..255)";
        return NULL;
    case AGI_EXPECT_HAS: return agi_expect_item(e, p, end) ? "expected an item number or name" : NULL;
    case AGI_EXPECT_MESSAGE:
    case AGI_EXPECT_NO_MESSAGE:
        if ((size_t)(end - p) == 4 && strncmp(p, "none", 4) == 0) {
            e->kind = AGI_EXPECT_NO_MESSAGE;
            return NULL;
        }
        return (e->text = agi_expect_quoted(p, end)) ? NULL : "expected 'message \"TEXT\"' or 'message none'";
    }
    return "unknown expectation";
}

int agi_expect_parse(agi_input_script *s, unsigned long cycle, const char *p, const char *end, unsigned lineno,
                     size_t off, relic_err *err)
{
    agi_expect e = {.cycle = cycle, .line = lineno};
    const char *why = agi_expect_fields(&e, p, end);
    if (why) {
        free(e.text);
        return relic_err_set(err, RELIC_EDATA, off, "line %u: %s", lineno, why);
    }
    if (s->expect_count == s->expect_cap) {
        size_t cap = s->expect_cap ? 2 * s->expect_cap : 8;
        agi_expect *n = realloc(s->expect, cap * sizeof *n);
        if (!n) {
            free(e.text);
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
        s->expect = n;
        s->expect_cap = cap;
    }
    /* kept in cycle order (then line order): insertion from the back */
    size_t i = s->expect_count++;
    for (; i > 0 && s->expect[i - 1].cycle > cycle; i--)
        s->expect[i] = s->expect[i - 1];
    s->expect[i] = e;
    return RELIC_OK;
}

void agi_expect_free(agi_input_script *s)
{
    for (size_t i = 0; i < s->expect_count; i++)
        free(s->expect[i].text);
    free(s->expect);
    s->expect = NULL;
    s->expect_count = s->expect_cap = 0;
}

void agi_expect_describe(const agi_expect *e, char *buf, size_t len)
{
    switch (e->kind) {
    case AGI_EXPECT_ROOM: snprintf(buf, len, "room %u", e->value); return;
    case AGI_EXPECT_SCORE: snprintf(buf, len, "score %u", e->value); return;
    case AGI_EXPECT_FLAG: snprintf(buf, len, "flag %u %s", e->number, e->value ? "set" : "clear"); return;
    case AGI_EXPECT_VAR: snprintf(buf, len, "var %u %u", e->number, e->value); return;
    case AGI_EXPECT_HAS:
        if (e->text)
            snprintf(buf, len, "has \"%s\"", e->text);
        else
            snprintf(buf, len, "has %u", e->number);
        return;
    case AGI_EXPECT_MESSAGE: snprintf(buf, len, "message \"%s\"", e->text ? e->text : ""); return;
    case AGI_EXPECT_NO_MESSAGE: snprintf(buf, len, "message none"); return;
    }
    snprintf(buf, len, "?");
}

/* Copies s with every run of white space (a window's line breaks) as one
 * space and none at the ends. */
static void agi_expect_squeeze(const char *s, char *out, size_t len)
{
    size_t n = 0;
    int space = 0;
    for (; *s && n + 1 < len; s++) {
        if (isspace((unsigned char)*s)) {
            space = n > 0;
            continue;
        }
        if (space && n + 2 < len)
            out[n++] = ' ';
        space = 0;
        out[n++] = *s;
    }
    out[n] = 0;
}

/* The item a "has" names: its number, or the first whose name matches
 * without regard to case; -1 when the game has none. */
static long agi_expect_item_index(const agi_vm *vm, const agi_expect *e)
{
    if (!e->text)
        return e->number < vm->item_count ? (long)e->number : -1;
    char name[256]; /* the script's UTF-8 in the game's code page */
    agi_vm_script_text(vm, e->text, name, sizeof name);
    for (unsigned i = 0; i < vm->item_count; i++) {
        const char *n = vm->objects_meta.items[i].name;
        if (n && strcasecmp(n, name) == 0)
            return (long)i;
    }
    return -1;
}

static int agi_expect_has(const agi_vm *vm, const agi_expect *e, char *found, size_t len)
{
    long i = agi_expect_item_index(vm, e);
    if (i < 0) {
        if (e->text)
            snprintf(found, len, "no item named \"%s\"", e->text);
        else
            snprintf(found, len, "no item %u (the game has %u)", e->number, vm->item_count);
        return 0;
    }
    if (vm->items[i] == AGI_EXPECT_CARRIED)
        return 1;
    snprintf(found, len, "item %ld in room %u", i, vm->items[i]);
    return 0;
}

static int agi_expect_message(const agi_vm *vm, const agi_expect *e, char *found, size_t len)
{
    char want[600], have[600], text[600];
    if (!agi_vm_text_window_open(vm)) {
        snprintf(found, len, "no message window");
        return e->kind == AGI_EXPECT_NO_MESSAGE;
    }
    agi_expect_squeeze(agi_vm_text_window(vm), have, sizeof have);
    agi_vm_text_utf8(vm, have, text, sizeof text); /* the report is UTF-8 */
    snprintf(found, len, "message \"%s\"", text);
    if (e->kind == AGI_EXPECT_NO_MESSAGE)
        return 0;
    agi_vm_script_text(vm, e->text, text, sizeof text); /* compared as the game's bytes */
    agi_expect_squeeze(text, want, sizeof want);
    return strstr(have, want) != NULL;
}

int agi_vm_expect_holds(const agi_vm *vm, const agi_expect *e, char *found, size_t len)
{
    unsigned v;
    switch (e->kind) {
    case AGI_EXPECT_ROOM:
        snprintf(found, len, "room %u", vm->vars[AGI_V_ROOM]);
        return vm->vars[AGI_V_ROOM] == e->value;
    case AGI_EXPECT_SCORE:
        snprintf(found, len, "score %u", vm->vars[AGI_V_SCORE]);
        return vm->vars[AGI_V_SCORE] == e->value;
    case AGI_EXPECT_FLAG:
        v = vm->flags[e->number] != 0;
        snprintf(found, len, "flag %u %s", e->number, v ? "set" : "clear");
        return v == e->value;
    case AGI_EXPECT_VAR:
        snprintf(found, len, "var %u %u", e->number, vm->vars[e->number]);
        return vm->vars[e->number] == e->value;
    case AGI_EXPECT_HAS: return agi_expect_has(vm, e, found, len);
    case AGI_EXPECT_MESSAGE:
    case AGI_EXPECT_NO_MESSAGE: return agi_expect_message(vm, e, found, len);
    }
    snprintf(found, len, "?");
    return 0;
}
