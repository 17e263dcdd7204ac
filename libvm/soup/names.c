/* Names for SOUP operands that read back to the same bytes: a DEF name is
 * printed only when the assembler's lookup (exact case first, then case
 * folded, first match wins) finds the same index and the name cannot be
 * mistaken for syntax; otherwise the numbered forms fnN, flagN, refN. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "soup_private.h"

// clang-format off
static const char *const soup_keywords[] = {"if",     "and",      "or",        "else",       "Goto",     "End",
                                            "Gosub",  "Return",   "Endint",    "Yield",      "Anchor",   "TaskStop",
                                            "TaskPause", "TaskResume", "ScriptRV", "call",    "task",     "Me",
                                            "Player", "Camera"};
// clang-format on

int soup_reserved(const char *s)
{
    for (size_t i = 0; i < sizeof soup_keywords / sizeof soup_keywords[0]; i++)
        if (!strcasecmp(s, soup_keywords[i]))
            return 1;
    static const char *const numbered[] = {"var", "fn", "flag", "ref"};
    for (int i = 0; i < 4; i++) {
        size_t n = strlen(numbered[i]);
        if (!strncasecmp(s, numbered[i], n) && s[n] && strspn(s + n, "0123456789") == strlen(s + n))
            return 1;
    }
    return 0;
}

static int soup_ident(const char *s)
{
    if (!s || !(isalpha((unsigned char)*s) || *s == '_'))
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

long soup_find_name(const char *const *names, size_t stride, size_t n, const char *s)
{
    for (size_t i = 0; i < n; i++) {
        const char *x = *(const char *const *)((const char *)names + i * stride);
        if (x && !strcmp(x, s))
            return (long)i;
    }
    for (size_t i = 0; i < n; i++) {
        const char *x = *(const char *const *)((const char *)names + i * stride);
        if (x && !strcasecmp(x, s))
            return (long)i;
    }
    return -1;
}

static const char *soup_name_or(const char *const *names, size_t stride, size_t n, size_t idx, const char *prefix,
                                char *buf, size_t bufsz)
{
    if (idx < n) {
        const char *x = *(const char *const *)((const char *)names + idx * stride);
        if (soup_ident(x) && !soup_reserved(x) && soup_find_name(names, stride, n, x) == (long)idx)
            return x;
    }
    snprintf(buf, bufsz, "%s%zu", prefix, idx);
    return buf;
}

const char *soup_fn_name(const soup_def *d, size_t id, char *buf, size_t bufsz)
{
    return soup_name_or((const char *const *)&d->fn[0].name, sizeof d->fn[0], d->nfn, id, "fn", buf, bufsz);
}

const char *soup_flag_name(const soup_def *d, size_t id, char *buf, size_t bufsz)
{
    if (!d->nflags) {
        snprintf(buf, bufsz, "flag%zu", id);
        return buf;
    }
    return soup_name_or((const char *const *)&d->flags[0].name, sizeof d->flags[0], d->nflags, id, "flag", buf, bufsz);
}

const char *soup_ref_name(const soup_def *d, size_t id, char *buf, size_t bufsz)
{
    if (id > 0xff || !d->nrefs) {
        snprintf(buf, bufsz, "ref%zu", id);
        return buf;
    }
    return soup_name_or((const char *const *)d->refs, sizeof d->refs[0], d->nrefs, id, "ref", buf, bufsz);
}

long soup_lookup_numbered(const char *s, const char *prefix)
{
    size_t n = strlen(prefix);
    if (strncmp(s, prefix, n) || !s[n] || strspn(s + n, "0123456789") != strlen(s + n) || strlen(s + n) > 9)
        return -1;
    return atol(s + n);
}

int soup_dialogue_fn(const char *name)
{
    // clang-format off
    static const char *const fns[] = {"ACTIVATE", "AddLog", "AmbientRtx", "menuAddItem", "RTX",
                                      "rtxAnim",  "RTXp",   "RTXpAnim",   "TorchActivate"};
    // clang-format on
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
        if (!strcmp(name, fns[i]))
            return 1;
    return 0;
}

int soup_flag_fn(const char *name)
{
    return !strcasecmp(name, "SetGlobalFlag") || !strcasecmp(name, "TestGlobalFlag") ||
           !strcasecmp(name, "ResetGlobalFlag");
}
