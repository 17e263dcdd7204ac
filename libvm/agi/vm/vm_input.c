/* AGI input for the interpreter (agi-spec input_text_and_menus.md "Parser
 * normalization", "Parser results", "Parsed-word matching", "Event queue",
 * "Raw-key condition", "Menu interaction"; runtime_state.md step 3), and
 * the timed input-script text format pic-render reads. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/agi_ext.h"
#include "../opcodes.h"
#include "vm_private.h"
#include "vm_input.h"

int agi_vm_have_key(agi_vm *vm)
{
    if (vm->vars[AGI_V_KEY])
        return 1;
    agi_vm_event ev;
    while (agi_vm_poll(vm, &ev)) {
        if (ev.type != AGI_EV_KEY)
            continue;
        if (ev.value == 0)
            return 0;
        vm->vars[AGI_V_KEY] = (uint8_t)ev.value;
        return vm->vars[AGI_V_KEY] != 0;
    }
    return 0;
}

int agi_vm_strcmp_norm(const char *a, const char *b)
{
    char x[41], y[41];
    const char *src[2] = {a, b};
    char *dst[2] = {x, y};
    for (int k = 0; k < 2; k++) {
        size_t n = 0;
        for (const char *p = src[k]; *p && n < 40; p++)
            if (!strchr(" \t.,;:'!-", *p))
                dst[k][n++] = (char)tolower((unsigned char)*p);
        dst[k][n] = 0;
    }
    return strcmp(x, y);
}

/* The longest dictionary entry matching `s` up to a word boundary. */
static const agi_word *agi_vm_lookup(const agi_vm *vm, const char *s, size_t *used)
{
    const agi_word *best = NULL;
    size_t best_len = 0;
    for (unsigned i = 0; i < vm->words.count; i++) {
        const char *t = vm->words.words[i].text;
        size_t n = strlen(t);
        if (n > best_len && strncasecmp(s, t, n) == 0 && (s[n] == 0 || s[n] == ' ')) {
            best = &vm->words.words[i];
            best_len = n;
        }
    }
    *used = best_len;
    return best;
}

void agi_vm_parse(agi_vm *vm, const char *line)
{
    vm->flags[AGI_F_INPUT] = vm->flags[AGI_F_SAID] = 0;
    vm->input->parsed_n = vm->input->parse_count = 0;
    /* norm is matched (lower case; an AGDS game's Cyrillic letters as the
     * Latin letters its dictionary stores, codepage.c); typed keeps the
     * letters as typed, which is what %w shows (AGI 2.936, a probe: "LOOK
     * Xyzzy" gives "LOOK" and "Xyzzy", "Look" gives "Look"). */
    const agi_codepage *cp = agi_codepage_for(vm->extensions);
    char norm[128], typed[128];
    size_t n = 0;
    int sep = 1;
    for (const char *p = line; *p && n + 1 < sizeof norm; p++) {
        if (strchr(" ,.?!();:[]{}", *p)) {
            if (!sep) {
                typed[n] = ' ';
                norm[n++] = ' ';
            }
            sep = 1;
        } else if (!strchr("'`-\"", *p)) {
            typed[n] = *p;
            norm[n++] = (char)cp->fold((uint8_t)*p);
            sep = 0;
        }
    }
    if (n && norm[n - 1] == ' ')
        n--;
    norm[n] = 0;
    for (const char *p = norm; *p && vm->input->parsed_n < 10;) {
        size_t used;
        const agi_word *w = agi_vm_lookup(vm, p, &used);
        if (!w) {
            size_t tl = strcspn(p, " ");
            /* The unknown word ends the parse but stays a word of the
             * line (AGI 2.936, ltec: "look at xyzzy" matches
             * said("look", anyword); word.to.string(s1, 0) of "xyzzy" is
             * "xyzzy"; ScummVM's parser keeps it the same way). */
            snprintf(vm->input->parsed_text[vm->input->parsed_n], sizeof vm->input->parsed_text[0], "%.*s",
                     (int)(tl > 40 ? 40 : tl), typed + (p - norm));
            vm->input->parsed[vm->input->parsed_n++] = AGI_WORD_UNKNOWN;
            vm->input->parse_count = vm->input->parsed_n;
            vm->vars[AGI_V_PARSE_ERROR] = (uint8_t)vm->input->parse_count;
            vm->flags[AGI_F_INPUT] = 1;
            return;
        }
        if (w->id != 0) {
            snprintf(vm->input->parsed_text[vm->input->parsed_n], sizeof vm->input->parsed_text[0], "%.*s", (int)used,
                     typed + (p - norm));
            vm->input->parsed[vm->input->parsed_n++] = w->id;
        }
        p += used;
        if (*p == ' ')
            p++;
    }
    if (vm->input->parsed_n) {
        vm->input->parse_count = vm->input->parsed_n;
        vm->flags[AGI_F_INPUT] = 1;
    }
}

/* 2.089's said(): the pattern count must equal the parser count, every
 * word is exact or 0x0001, and 0x270f has no tail meaning. */
static int agi_vm_said_exact(agi_vm *vm, const uint8_t *words, unsigned count)
{
    if (!vm->flags[AGI_F_INPUT] || vm->input->parse_count == 0 || vm->flags[AGI_F_SAID] ||
        count != vm->input->parse_count)
        return 0;
    for (unsigned i = 0; i < count; i++) {
        uint16_t w = (uint16_t)(words[2 * i] | words[2 * i + 1] << 8);
        if (i >= vm->input->parsed_n || (w != AGI_WORD_ANY && w != vm->input->parsed[i]))
            return 0;
    }
    vm->flags[AGI_F_SAID] = 1;
    return 1;
}
int agi_vm_said(agi_vm *vm, const uint8_t *words, unsigned count)
{
    if (vm->rules->said_exact_count)
        return agi_vm_said_exact(vm, words, count);
    if (!vm->flags[AGI_F_INPUT] || vm->input->parse_count == 0 || vm->flags[AGI_F_SAID])
        return 0;
    unsigned j = 0;
    for (unsigned i = 0; i < count; i++) {
        uint16_t w = (uint16_t)(words[2 * i] | words[2 * i + 1] << 8);
        if (w == 0x270f)
            goto match;
        if (j >= vm->input->parsed_n || (w != 1 && w != vm->input->parsed[j]))
            return 0;
        j++;
    }
    if (j != vm->input->parse_count)
        return 0;
match:
    vm->flags[AGI_F_SAID] = 1;
    return 1;
}

/* The input script's menu choice by its text (UTF-8): the item's status. */
static uint16_t agi_vm_input_menu_status(const agi_vm *vm, const char *utf8)
{
    char text[160];
    agi_vm_script_text(vm, utf8, text, sizeof text);
    return agi_vm_menu_status(vm, text);
}

/* Direction keys become type-2 events ("Event queue" table). */
static int agi_vm_key_dir(uint16_t key)
{
    static const uint16_t dirkeys[8] = {0x4800, 0x4900, 0x4d00, 0x5100, 0x5000, 0x4f00, 0x4b00, 0x4700};
    for (unsigned i = 0; i < 8; i++)
        if (key == dirkeys[i])
            return (int)i + 1;
    return 0;
}

static void agi_vm_post_key(agi_vm *vm, uint16_t key)
{
    int d = agi_vm_key_dir(key);
    if (d) {
        agi_vm_post(vm, AGI_EV_DIR, (uint16_t)d);
        return;
    }
    for (unsigned i = 0; i < vm->input->keymap_n; i++)
        if (vm->input->keymap[i].key == key) {
            agi_vm_post(vm, AGI_EV_STATUS, vm->input->keymap[i].status);
            return;
        }
    agi_vm_post(vm, AGI_EV_KEY, key);
}

/* A key event's key word: its number, or for a key named by one UTF-8
 * character beyond ASCII the byte of that character in the game's code
 * page (an AGDS game's "в" is 0xa2, the byte a Russian keyboard driver
 * gives); 0 when the page has none, and the key is then not pressed. */
static uint16_t agi_vm_script_key(const agi_vm *vm, const agi_input_event *e)
{
    if (!e->text)
        return e->value;
    char b[8];
    agi_vm_script_text(vm, e->text, b, sizeof b);
    return b[0] && !b[1] ? (uint8_t)b[0] : 0;
}

/* One scripted event for an open modal: raw keys (no key map: the modal
 * waits read the keyboard), typed text as its keys then Enter. */
static void agi_vm_modal_script_event(agi_vm *vm, const agi_input_event *e)
{
    switch (e->kind) {
    case AGI_IN_KEY: {
        uint16_t key = agi_vm_script_key(vm, e);
        int d = agi_vm_key_dir(key);
        if (key || !e->text)
            agi_vm_modal_event(vm, d ? AGI_EV_DIR : AGI_EV_KEY, d ? (uint16_t)d : key);
        break;
    }
    case AGI_IN_DIR: agi_vm_modal_event(vm, AGI_EV_DIR, e->value); break;
    case AGI_IN_TYPE: {
        char text[512];
        agi_vm_script_text(vm, e->text, text, sizeof text);
        for (const char *p = text; *p && agi_vm_modal_state(vm) != AGI_MODAL_NONE; p++)
            agi_vm_modal_event(vm, AGI_EV_KEY, (uint8_t)*p);
        if (agi_vm_modal_state(vm) != AGI_MODAL_NONE)
            agi_vm_modal_event(vm, AGI_EV_KEY, 0x0d);
        break;
    }
    case AGI_IN_MENU:
        if (agi_vm_modal_state(vm) == AGI_MODAL_MENU)
            agi_vm_modal_menu_pick(vm, e->text ? agi_vm_input_menu_status(vm, e->text) : e->value);
        break;
    }
}

/* a then b into dst (cap bytes), cut to fit. */
static void agi_input_join(char *dst, size_t cap, const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > cap - 1)
        na = cap - 1;
    if (nb > cap - 1 - na)
        nb = cap - 1 - na;
    memmove(dst, a, na);
    memcpy(dst + na, b, nb);
    dst[na + nb] = 0;
}

static void agi_vm_script_event(agi_vm *vm, const agi_input_event *e)
{
    switch (e->kind) {
    case AGI_IN_KEY: {
        uint16_t key = agi_vm_script_key(vm, e);
        if (key || !e->text)
            agi_vm_post_key(vm, key);
        break;
    }
    case AGI_IN_DIR: agi_vm_post(vm, AGI_EV_DIR, e->value); break;
    case AGI_IN_MENU: {
        uint16_t st = e->text ? agi_vm_input_menu_status(vm, e->text) : e->value;
        if (st != 0xffff)
            agi_vm_post(vm, AGI_EV_STATUS, st);
        break;
    }
    case AGI_IN_TYPE: {
        char text[512];
        agi_vm_script_text(vm, e->text, text, sizeof text);
        agi_input_join(vm->input->last_input, sizeof vm->input->last_input, "", text);
        if (agi_vm_text_input_enabled(vm)) { /* its keys after what the line holds, then Enter */
            agi_input_join(vm->input->last_input, sizeof vm->input->last_input, vm->input->input_line, text);
            vm->input->input_line[0] = 0;
            vm->input->input_len = 0;
            agi_vm_parse(vm, vm->input->last_input);
            agi_vm_input_redraw(vm);
        }
        break;
    }
    }
}

/* This cycle's scripted events, in order: to the open modal while there is
 * one, then to the event queue. */
void agi_vm_script_input(agi_vm *vm, const agi_input_script *in)
{
    for (size_t i = 0; in && i < in->count; i++) {
        const agi_input_event *e = &in->ev[i];
        if (e->cycle != vm->cycle)
            continue;
        if (agi_vm_modal_state(vm) != AGI_MODAL_NONE)
            agi_vm_modal_script_event(vm, e);
        else
            agi_vm_script_event(vm, e);
        if (vm->err.code || vm->quit)
            return;
    }
}

/* Step 3's first half: due script events and a requested menu, which opens
 * before this cycle's events so that they can drive it. */
void agi_vm_input_phase(agi_vm *vm, const agi_input_script *in)
{
    vm->vars[AGI_V_KEY] = 0;
    vm->vars[AGI_V_PARSE_ERROR] = 0;
    agi_vm_menu_open(vm);
    agi_vm_script_input(vm, in);
}

/* The input line's editor, as AGI 2.936 draws it (probe games,
 * tests/corpus/agi_oracle/README.md): a character goes after the text
 * with the cursor character of now behind it, on the line as drawn (the
 * prompt and row of its last redraw); backspace takes the last one off,
 * drawing the cursor character in its cell and a space in the cursor's
 * old one (both in the attribute of now); Enter hands the line to the
 * parser and draws the line again, empty, with the prompt of now.  Every
 * other key goes in as its low byte (probe K: an unmapped F3, F4 or F5 as
 * a NUL drawn blank, Esc and Tab as their glyphs 0x1b and 0x09); the
 * parser reads the line up to its first NUL. */
static void agi_vm_input_key(agi_vm *vm, uint8_t key)
{
    size_t n = vm->input->input_len;
    if (key == 0x0d) {
        agi_vm_text_echo_enter(vm, n);
        if (n) {
            snprintf(vm->input->last_input, sizeof vm->input->last_input, "%s", vm->input->input_line);
            agi_vm_parse(vm, vm->input->input_line);
        }
        vm->input->input_line[0] = 0;
        vm->input->input_len = 0;
        agi_vm_input_redraw(vm);
        return;
    }
    if (key == 0x08) {
        if (!n)
            return;
        vm->input->input_line[n - 1] = 0;
        vm->input->input_len = n - 1;
        agi_vm_text_echo_backspace(vm, n);
    } else if (agi_vm_text_echo_fits(vm, n)) {
        vm->input->input_line[n] = (char)key;
        vm->input->input_line[n + 1] = 0;
        vm->input->input_len = n + 1;
        agi_vm_text_echo(vm, n, (const char *)&key, 1);
    }
}

/* echo.line: the previous line's characters beyond the length of the one
 * being typed are added to it (a probe: "hel" entered, then one
 * character typed and echo.line gave that character and "el"), drawn as
 * typed. */
void agi_vm_input_echo_line(agi_vm *vm)
{
    size_t n = vm->input->input_len, m = strlen(vm->input->last_input);
    if (n >= m)
        return;
    snprintf(vm->input->input_line + n, sizeof vm->input->input_line - n, "%s", vm->input->last_input + n);
    vm->input->input_len = n + strlen(vm->input->input_line + n);
    agi_vm_text_echo(vm, n, vm->input->input_line + n, vm->input->input_len - n);
}

/* prevent.input writes a space over the input line's cursor where it was
 * drawn and clears the input row to black, every time (probes: display()
 * text put on the row after one prevent.input went at the next; the row
 * was black after set.text.attribute(14, 4); with the input row moved to
 * 22 by configure.screen, the line on row 23 kept ">a" and lost its "_");
 * the text typed so far is kept for the next accept.input. */
void agi_vm_input_prevent(agi_vm *vm) { agi_vm_text_prevent(vm); }

/* Step 3's second half: pending events become controllers, v6 and v19. */
void agi_vm_input_events(agi_vm *vm)
{
    agi_vm_event ev;
    while (agi_vm_poll(vm, &ev)) {
        if (ev.type == AGI_EV_STATUS) {
            vm->input->controller[ev.value & 0xff] = 1;
        } else if (ev.type == AGI_EV_DIR) {
            agi_vm_obj_nav(vm, ev.value);
            if (vm->player_control && ev.value <= 8)
                vm->vars[AGI_V_EGO_DIR] = vm->obj[0].dir == ev.value ? 0 : (uint8_t)ev.value;
        } else {
            if (ev.value & 0xff)
                vm->vars[AGI_V_KEY] = (uint8_t)ev.value;
            if (agi_vm_text_input_enabled(vm)) /* an unmapped F-key too: its low byte, 0 */
                agi_vm_input_key(vm, (uint8_t)ev.value);
        }
    }
}

/* ---- the input script ---------------------------------------------------- */

long agi_key_by_name(const char *name)
{
    static const struct {
        const char *name;
        uint16_t key;
    } keys[] = {{"enter", 0x0d},     {"esc", 0x1b},   {"escape", 0x1b}, {"space", 0x20},  {"tab", 0x09},
                {"backspace", 0x08}, {"up", 0x4800},  {"down", 0x5000}, {"left", 0x4b00}, {"right", 0x4d00},
                {"home", 0x4700},    {"end", 0x4f00}, {"pgup", 0x4900}, {"pgdn", 0x5100}, {"f1", 0x3b00},
                {"f2", 0x3c00},      {"f3", 0x3d00},  {"f4", 0x3e00},   {"f5", 0x3f00},   {"f6", 0x4000},
                {"f7", 0x4100},      {"f8", 0x4200},  {"f9", 0x4300},   {"f10", 0x4400}};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcasecmp(name, keys[i].name) == 0)
            return keys[i].key;
    if (name[0] && !name[1] && (unsigned char)name[0] >= 0x20 && (unsigned char)name[0] < 0x7f)
        return (unsigned char)name[0];
    if (name[0] == '0' && (name[1] == 'x' || name[1] == 'X')) {
        char *end;
        unsigned long v = strtoul(name + 2, &end, 16);
        if (*end == 0 && name[2] && v <= 0xffff)
            return (long)v;
    }
    return -1;
}

static int agi_input_add(agi_input_script *s, const agi_input_event *e)
{
    if (s->count == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        agi_input_event *n = realloc(s->ev, cap * sizeof *n);
        if (!n)
            return -1;
        s->ev = n;
        s->cap = cap;
    }
    s->ev[s->count++] = *e;
    return 0;
}

void agi_input_free(agi_input_script *s)
{
    for (size_t i = 0; i < s->count; i++)
        free(s->ev[i].text);
    free(s->ev);
    agi_expect_free(s);
    memset(s, 0, sizeof *s);
}

/* Whether s is one UTF-8 character of two to four bytes. */
static int agi_input_one_char(const char *s)
{
    const uint8_t *u = (const uint8_t *)s;
    size_t n = u[0] >= 0xf0 && u[0] <= 0xf4 ? 4 : u[0] >= 0xe0 ? 3 : u[0] >= 0xc2 && u[0] < 0xe0 ? 2 : 0;
    if (!n || strlen(s) != n)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((u[i] & 0xc0) != 0x80)
            return 0;
    return 1;
}

/* A quoted string ("..." with \" and \\) or the rest of the line. */
static char *agi_input_text(const char *p, const char *end)
{
    char *out = malloc((size_t)(end - p) + 1);
    if (!out)
        return NULL;
    size_t n = 0;
    if (*p != '"') {
        while (end > p && isspace((unsigned char)end[-1]))
            end--;
        memcpy(out, p, (size_t)(end - p));
        out[end - p] = 0;
        return out;
    }
    for (p++; p < end && *p != '"'; p++) {
        if (*p == '\\' && p + 1 < end)
            p++;
        out[n++] = *p;
    }
    out[n] = 0;
    if (p >= end) {
        free(out);
        return NULL;
    }
    return out;
}

static int agi_input_line(agi_input_script *s, const char *line, const char *end, unsigned lineno, size_t off,
                          relic_err *err)
{
    char word[32], arg[64];
    int used = 0;
    unsigned long cycle, n;
    if (sscanf(line, "seed %lu%n", &n, &used) == 1 && n <= 0xffffffffUL) {
        s->seed = (uint32_t)n;
        s->have_seed = 1;
        return RELIC_OK;
    }
    if (sscanf(line, "ticks-per-cycle %lu%n", &n, &used) == 1 && n >= 1 && n <= 255) {
        s->ticks_per_cycle = (unsigned)n;
        return RELIC_OK;
    }
    if (sscanf(line, "%lu %31s %n", &cycle, word, &used) != 2)
        return relic_err_set(err, RELIC_EDATA, off, "line %u: expected 'CYCLE key|type|dir|menu|expect ...'", lineno);
    agi_input_event e = {.cycle = cycle};
    const char *rest = line + used;
    if (strcmp(word, "expect") == 0)
        return agi_expect_parse(s, cycle, rest, end, lineno, off, err);
    if (strcmp(word, "type") == 0 || (strcmp(word, "menu") == 0 && !isdigit((unsigned char)*rest))) {
        e.kind = word[0] == 't' ? AGI_IN_TYPE : AGI_IN_MENU;
        if (!(e.text = agi_input_text(rest, end)) || (e.kind == AGI_IN_MENU && !e.text[0])) {
            free(e.text);
            return relic_err_set(err, RELIC_EDATA, off, "line %u: bad text", lineno);
        }
    } else if (sscanf(rest, "%63s", arg) != 1) {
        return relic_err_set(err, RELIC_EDATA, off, "line %u: '%s' needs an argument", lineno, word);
    } else if (strcmp(word, "key") == 0) {
        long k = agi_key_by_name(arg);
        e.kind = AGI_IN_KEY;
        if (k < 0 && agi_input_one_char(arg)) { /* its byte in the game's page, at run time */
            if (!(e.text = strdup(arg)))
                return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        } else if (k < 0) {
            return relic_err_set(err, RELIC_EDATA, off, "line %u: unknown key '%s'", lineno, arg);
        }
        e.value = (uint16_t)(k < 0 ? 0 : k);
    } else if (strcmp(word, "dir") == 0 || strcmp(word, "menu") == 0) {
        char *q;
        n = strtoul(arg, &q, 10);
        if (*q || n > (word[0] == 'd' ? 8u : 255u))
            return relic_err_set(err, RELIC_EDATA, off, "line %u: bad number '%s'", lineno, arg);
        e.kind = word[0] == 'd' ? AGI_IN_DIR : AGI_IN_MENU;
        e.value = (uint16_t)n;
    } else {
        return relic_err_set(err, RELIC_EDATA, off, "line %u: unknown event '%s'", lineno, word);
    }
    if (agi_input_add(s, &e)) {
        free(e.text);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    return RELIC_OK;
}

int agi_input_parse(const char *text, size_t len, agi_input_script *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    unsigned lineno = 0;
    int rc = RELIC_OK;
    for (size_t pos = 0; pos < len && rc == RELIC_OK;) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t l = nl ? (size_t)(nl - (text + pos)) : len - pos;
        lineno++;
        char buf[512];
        if (l >= sizeof buf) {
            rc = relic_err_set(err, RELIC_EDATA, pos, "line %u: longer than %zu bytes", lineno, sizeof buf - 1);
            break;
        }
        memcpy(buf, text + pos, l);
        buf[l] = 0;
        char *p = buf;
        while (isspace((unsigned char)*p))
            p++;
        char *hash = *p == '#' ? p : NULL;
        if (!hash && !strstr(p, " type ") && !strstr(p, " menu \"") && !strstr(p, " message \""))
            hash = strchr(p, '#');
        if (hash)
            *hash = 0;
        char *e = p + strlen(p);
        while (e > p && isspace((unsigned char)e[-1]))
            *--e = 0;
        /* The line's own code: err may be NULL. */
        if (*p)
            rc = agi_input_line(out, p, e, lineno, pos, err);
        pos += l + (nl ? 1 : 0);
    }
    if (rc)
        agi_input_free(out);
    return rc;
}

/* The release gate (0xad/0xae) keeps its value across a reset. */
/* The input and parser actions (logic_bytecode.md "Action opcodes" 0x6a,
 * 0x74, 0x75, 0x77-0x79, 0x89, 0x8a, 0xa3, 0xa4, 0xa9, 0xad, 0xb5):
 * opcodes.h's handler column. */
void agi_vm_op_text_screen(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    agi_vm_text_screen(vm);
}

void agi_vm_op_word_to_string(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    if (agi_vm_string_slot(vm, a[0]) && a[1] < vm->input->parsed_n)
        agi_vm_string_set(vm, a[0], vm->input->parsed_text[a[1]], sizeof vm->strings[0]);
}

void agi_vm_op_parse(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    if (!agi_vm_string_slot(vm, a[0]))
        return;
    char tmp[41];
    snprintf(tmp, sizeof tmp, "%.40s", vm->strings[a[0]]);
    agi_vm_parse(vm, tmp);
}

void agi_vm_op_prevent_input(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic, agi_vm_input_prevent(vm);
}

void agi_vm_op_accept_input(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    agi_vm_text_input_enable(vm, 1);
    agi_vm_input_redraw(vm);
}

void agi_vm_op_set_key(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    uint16_t key = (uint16_t)(a[0] | a[1] << 8);
    if (vm->input->keymap_n < vm->profile->key_map_entries && vm->input->keymap_n < 49) {
        vm->input->keymap[vm->input->keymap_n].key = key;
        vm->input->keymap[vm->input->keymap_n++].status = a[2];
    }
}

void agi_vm_op_echo_line(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic, agi_vm_input_echo_line(vm);
}

void agi_vm_op_cancel_line(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    vm->input->input_line[0] = 0;
    vm->input->input_len = 0;
    agi_vm_input_redraw(vm);
}

/* hold.key / release.key: the tracked key release's gate
 * (input_text_and_menus.md "Tracked key release"; the rule's row says
 * whether 0xad counts or sets it to one). */
void agi_vm_op_hold_key(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    vm->input->release_gate = vm->rules->hold_key_sets_one ? 1 : (uint8_t)(vm->input->release_gate + 1);
}

void agi_vm_op_release_key(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic, vm->input->release_gate = 0;
}

/* open.dialogue / close.dialogue: the 36-character cap is where input is
 * drawn (no effect where the profile's rule says so). */
void agi_vm_op_open_dialogue(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    if (!vm->rules->input_width_noop)
        agi_vm_text_input_width(vm, 1);
}

void agi_vm_op_close_dialogue(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    if (!vm->rules->input_width_noop)
        agi_vm_text_input_width(vm, 0);
}

void agi_vm_op_close_window(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    agi_vm_close_window(vm);
    agi_vm_text_input_width(vm, 0);
}

/* Step 2 of the cycle: every controller off. */
void agi_vm_input_controllers_clear(agi_vm *vm) { memset(vm->input->controller, 0, sizeof vm->input->controller); }

void agi_vm_input_reset(agi_vm *vm)
{
    vm->input->keymap_n = 0;
    memset(vm->input->controller, 0, sizeof vm->input->controller);
    vm->input->parsed_n = 0;
    vm->input->input_line[0] = vm->input->last_input[0] = 0;
    vm->input->input_len = 0;
    agi_vm_text_input_enable(vm, 0);
}

/* A restore's key map and input switch (session_and_persistence.md "Save
 * layout"); the tracked release's gate. */
void agi_vm_input_from_save(agi_vm *vm, const agi_save_state *st)
{
    vm->input->keymap_n = 0;
    for (unsigned k = 0; k < vm->profile->key_map_entries && k < AGI_SAVE_MAX_KEYS; k++)
        if (st->keys[k].raw_key || st->keys[k].status) {
            vm->input->keymap[vm->input->keymap_n].key = st->keys[k].raw_key;
            vm->input->keymap[vm->input->keymap_n++].status = (uint8_t)st->keys[k].status;
        }
    agi_vm_text_input_enable(vm, st->input_enabled != 0);
}

void agi_vm_input_release_gate(agi_vm *vm, uint8_t gate) { vm->input->release_gate = gate; }

/* A room switch forgets the parsed words. */
void agi_vm_input_forget_parse(agi_vm *vm) { vm->input->parsed_n = 0; }

/* The input state with the vm (agi_vm_new) and without it. */
int agi_vm_input_new(agi_vm *vm) { return (vm->input = calloc(1, sizeof *vm->input)) != NULL; }
void agi_vm_input_free(agi_vm *vm) { free(vm->input); }

/* Condition 0x0c, controller: the input state's test. */
int agi_vm_test_controller(agi_vm *vm, const uint8_t *a) { return vm->input->controller[a[0]]; }

/* What the other files read of the input state. */

void agi_vm_input_to_save(const agi_vm *vm, agi_save_state *st)
{
    for (unsigned k = 0; k < vm->input->keymap_n && k < AGI_SAVE_MAX_KEYS; k++) {
        st->keys[k].raw_key = vm->input->keymap[k].key;
        st->keys[k].status = vm->input->keymap[k].status;
    }
    st->release_gate = vm->input->release_gate;
}

const char *agi_vm_input_typed(const agi_vm *vm, size_t *len)
{
    *len = vm->input->input_len;
    return vm->input->input_line;
}

const char *agi_vm_input_parsed_word(const agi_vm *vm, unsigned n)
{
    return n >= 1 && n <= vm->input->parse_count && n <= 10 ? vm->input->parsed_text[n - 1] : NULL;
}

unsigned agi_vm_input_word_count(const agi_vm *vm) { return vm->input->parsed_n; }
uint16_t agi_vm_input_word_id(const agi_vm *vm, unsigned i) { return vm->input->parsed[i]; }
const char *agi_vm_input_word_text(const agi_vm *vm, unsigned i) { return vm->input->parsed_text[i]; }
unsigned agi_vm_input_parse_count(const agi_vm *vm) { return vm->input->parse_count; }
const char *agi_vm_input_last_line(const agi_vm *vm) { return vm->input->last_input; }
