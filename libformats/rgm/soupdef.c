/* SOUP386.DEF parser (michidk/redguard-preservation docs/engine/SOUPDEF.md;
 * section names and line shapes checked against
 * Dillonn241/redguard-mod-manager src/redguard/MapDatabase.java).  Line
 * oriented: "[functions]" lines are "task|multitask|function NAME parms N"
 * (the shipped file also spells "params" and upper case, so keywords are
 * case-insensitive), "[refs]" lines are one reference name, "[equates]"
 * lines "NAME = VALUE", "[flags]" lines "TYPE NAME VALUE [;comment]".
 * Between "auto" and "endauto" (in any section) a bare name is the next
 * attribute (RAAT byte index, counting from zero) and "NAME = VALUE" an
 * equate.  ";" and "//" start comments.  NullFunction is prepended. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/rgm_soupdef.h"
#include "soupdef_private.h"

enum { SOUPDEF_NONE, SOUPDEF_FUNCTIONS, SOUPDEF_REFS, SOUPDEF_EQUATES, SOUPDEF_FLAGS, SOUPDEF_OTHER };

static int soupdef_push(void **arr, size_t *n, size_t elsz, const void *el)
{
    void *p = realloc(*arr, (*n + 1) * elsz);
    if (!p)
        return -1;
    memcpy((char *)p + *n * elsz, el, elsz);
    *arr = p;
    (*n)++;
    return 0;
}

/* Splits line into at most 4 whitespace tokens; returns the count. */
static int soupdef_tokens(char *line, char **tok, int max)
{
    int n = 0;
    char *p = line;
    while (n < max) {
        while (*p && (isspace((unsigned char)*p) || *p == '='))
            p++;
        if (!*p)
            break;
        tok[n++] = p;
        while (*p && !isspace((unsigned char)*p) && *p != '=')
            p++;
        if (*p)
            *p++ = '\0';
    }
    return n;
}

static int soupdef_int(const char *s, int32_t *v)
{
    char *end;
    long x = strtol(s, &end, 0);
    if (end == s || *end)
        return -1;
    *v = (int32_t)x;
    return 0;
}

static int soupdef_flag_type(const char *s, soup_flag_type *t)
{
    static const char *const names[] = {"BOOL", "FLIPFLOP", "COUNTER", "NUMBER"};
    for (int i = 0; i < 4; i++)
        if (strcasecmp(s, names[i]) == 0) {
            *t = (soup_flag_type)i;
            return 0;
        }
    return -1;
}

const char *soup_flag_type_name(soup_flag_type t)
{
    static const char *const names[] = {"BOOL", "FLIPFLOP", "COUNTER", "NUMBER"};
    return (unsigned)t < 4 ? names[t] : "?";
}

static int soupdef_fn_line(soup_def *d, char **tok, int n)
{
    soup_def_fn f = {0};
    if (n != 4 || (strcasecmp(tok[2], "parms") && strcasecmp(tok[2], "params")))
        return -1;
    if (!strcasecmp(tok[0], "task"))
        f.kind = SOUP_FN_TASK;
    else if (!strcasecmp(tok[0], "multitask"))
        f.kind = SOUP_FN_MULTITASK;
    else if (!strcasecmp(tok[0], "function"))
        f.kind = SOUP_FN_FUNCTION;
    else
        return -1;
    int32_t p;
    if (soupdef_int(tok[3], &p) || p < 0 || p > 255)
        return -1;
    f.params = p;
    if (!(f.name = strdup(tok[1])))
        return -2;
    if (soupdef_push((void **)&d->fn, &d->nfn, sizeof f, &f)) {
        free(f.name);
        return -2;
    }
    return 0;
}

static int soupdef_flag_line(soup_def *d, char **tok, int n, const char *comment)
{
    soup_def_flag f = {0};
    if (n != 3 || soupdef_flag_type(tok[0], &f.type) || soupdef_int(tok[2], &f.value))
        return -1;
    f.name = strdup(tok[1]);
    f.comment = comment ? strdup(comment) : NULL;
    if (!f.name || (comment && !f.comment) || soupdef_push((void **)&d->flags, &d->nflags, sizeof f, &f)) {
        free(f.name);
        free(f.comment);
        return -2;
    }
    return 0;
}

static int soupdef_name(char ***arr, size_t *n, const char *name)
{
    char *s = strdup(name);
    if (!s || soupdef_push((void **)arr, n, sizeof s, &s)) {
        free(s);
        return -2;
    }
    return 0;
}

static int soupdef_equate(soup_def *d, char **tok, int n)
{
    soup_def_equate e;
    if (n != 2 || soupdef_int(tok[1], &e.value))
        return -1;
    if (!(e.name = strdup(tok[0])) || soupdef_push((void **)&d->equates, &d->nequates, sizeof e, &e)) {
        free(e.name);
        return -2;
    }
    return 0;
}

static int soupdef_line(soup_def *d, int *section, int *in_auto, char *line)
{
    char *comment = NULL, *sc = strchr(line, ';'), *sl = strstr(line, "//");
    if (sl && (!sc || sl < sc))
        sc = sl, *sc = '\0', comment = sc + 2;
    else if (sc)
        *sc = '\0', comment = sc + 1;
    while (comment && isspace((unsigned char)*comment))
        comment++;
    char *tok[5];
    int n = soupdef_tokens(line, tok, 5);
    if (n == 0)
        return 0;
    if (tok[0][0] == '[') {
        static const char *const names[] = {"[functions]", "[refs]", "[equates]", "[flags]"};
        *section = SOUPDEF_OTHER;
        for (int i = 0; i < 4; i++)
            if (!strcasecmp(tok[0], names[i]))
                *section = SOUPDEF_FUNCTIONS + i;
        return 0;
    }
    if (n == 1 && !strcasecmp(tok[0], "auto"))
        return *in_auto = 1, 0;
    if (n == 1 && !strcasecmp(tok[0], "endauto"))
        return *in_auto = 0, 0;
    if (*in_auto)
        return n == 1 ? soupdef_name(&d->attrs, &d->nattrs, tok[0]) : soupdef_equate(d, tok, n);
    switch (*section) {
    case SOUPDEF_FUNCTIONS: return soupdef_fn_line(d, tok, n);
    case SOUPDEF_REFS: return n == 1 ? soupdef_name(&d->refs, &d->nrefs, tok[0]) : -1;
    case SOUPDEF_EQUATES: return soupdef_equate(d, tok, n);
    case SOUPDEF_FLAGS: return soupdef_flag_line(d, tok, n, comment && *comment ? comment : NULL);
    default: return 0; /* text outside known sections is ignored */
    }
}

int soup_def_parse(const char *text, size_t len, soup_def *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    char *null_name = strdup("NullFunction");
    soup_def_fn nullfn = {null_name, SOUP_FN_FUNCTION, 0};
    if (!null_name || soupdef_push((void **)&out->fn, &out->nfn, sizeof nullfn, &nullfn)) {
        free(null_name);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    int section = SOUPDEF_NONE, in_auto = 0;
    size_t pos = 0;
    char line[512];
    while (pos < len) {
        size_t start = pos, n = 0;
        while (pos < len && text[pos] != '\n') {
            if (n + 1 < sizeof line && text[pos] != '\r')
                line[n++] = text[pos] == '\0' ? ' ' : text[pos];
            pos++;
        }
        pos++;
        line[n] = '\0';
        int rc = soupdef_line(out, &section, &in_auto, line);
        if (rc == -2) {
            soup_def_free(out);
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
        if (rc) {
            soup_def_free(out);
            return relic_err_set(err, RELIC_EDATA, start, "malformed %s line",
                                 section == SOUPDEF_FUNCTIONS ? "[functions]"
                                 : section == SOUPDEF_FLAGS   ? "[flags]"
                                                              : "definition");
        }
    }
    return RELIC_OK;
}

int soup_def_builtin(soup_def *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    out->builtin = 1;
    out->fn = calloc(soup_builtin_nfns, sizeof *out->fn);
    out->flags = calloc(soup_builtin_nflags, sizeof *out->flags);
    if (!out->fn || !out->flags)
        goto oom;
    for (size_t i = 0; i < soup_builtin_nfns; i++, out->nfn++) {
        out->fn[i].kind = soup_builtin_fns[i].kind;
        out->fn[i].params = soup_builtin_fns[i].params;
        if (!(out->fn[i].name = strdup(soup_builtin_fns[i].name)))
            goto oom;
    }
    for (size_t i = 0; i < soup_builtin_nflags; i++, out->nflags++) {
        out->flags[i].type = soup_builtin_flags[i].type;
        out->flags[i].value = soup_builtin_flags[i].value;
        if (!(out->flags[i].name = strdup(soup_builtin_flags[i].name)))
            goto oom;
    }
    return RELIC_OK;
oom:
    soup_def_free(out);
    return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
}

void soup_def_free(soup_def *d)
{
    for (size_t i = 0; i < d->nfn; i++)
        free(d->fn[i].name);
    for (size_t i = 0; i < d->nflags; i++) {
        free(d->flags[i].name);
        free(d->flags[i].comment);
    }
    for (size_t i = 0; i < d->nrefs; i++)
        free(d->refs[i]);
    for (size_t i = 0; i < d->nattrs; i++)
        free(d->attrs[i]);
    for (size_t i = 0; i < d->nequates; i++)
        free(d->equates[i].name);
    free(d->fn);
    free(d->flags);
    free(d->refs);
    free(d->attrs);
    free(d->equates);
    memset(d, 0, sizeof *d);
}

long soup_def_fn_find(const soup_def *d, const char *name)
{
    for (size_t i = 0; i < d->nfn; i++)
        if (d->fn[i].name && !strcasecmp(d->fn[i].name, name))
            return (long)i;
    return -1;
}

long soup_def_flag_find(const soup_def *d, const char *name)
{
    for (size_t i = 0; i < d->nflags; i++)
        if (d->flags[i].name && !strcasecmp(d->flags[i].name, name))
            return (long)i;
    return -1;
}

long soup_def_ref_find(const soup_def *d, const char *name)
{
    for (size_t i = 0; i < d->nrefs; i++)
        if (!strcasecmp(d->refs[i], name))
            return (long)i;
    return -1;
}
