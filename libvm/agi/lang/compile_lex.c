/* Lexer for AGI Studio / WinAGI logic source: identifiers with dots,
 * typed numbers (v3, f5, m1, o0, i2, s1, c4, w7), decimal and 0x numbers,
 * strings with C escapes (UTF-8 text stored as CP437, relic/text.h),
 * operators, // and block comments, #directives, #define substitution
 * and #include through the caller's callback (depth-limited, no recursion). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_ext.h"
#include "relic/text.h"
#include "compile_private.h"

static int agi_lex_verror(agi_lex *lx, const agi_pos *at, const char *fmt, va_list ap)
{
    if (lx->failed)
        return RELIC_EDATA;
    lx->failed = 1;
    char what[160];
    vsnprintf(what, sizeof what, fmt, ap);
    const agi_src *s = lx->depth ? &lx->src[lx->depth - 1] : NULL;
    const char *file = at && at->file ? at->file : s ? s->name : "<source>";
    unsigned line = at ? at->line : s ? s->line : 0, col = at ? at->col : s ? s->col : 0;
    return relic_err_set(lx->err, RELIC_EDATA, RELIC_NO_OFFSET, "%s:%u:%u: %s", file, line, col, what);
}

agi_pos agi_lex_pos(const agi_tok *t)
{
    agi_pos p = {t->file, t->line, t->col};
    return p;
}

int agi_lex_error(agi_lex *lx, const agi_tok *at, const char *fmt, ...)
{
    agi_pos p = at ? agi_lex_pos(at) : (agi_pos){0, 0, 0};
    va_list ap;
    va_start(ap, fmt);
    int rc = agi_lex_verror(lx, at ? &p : NULL, fmt, ap);
    va_end(ap);
    return rc;
}

int agi_lex_error_at(agi_lex *lx, const agi_pos *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = agi_lex_verror(lx, at, fmt, ap);
    va_end(ap);
    return rc;
}

int agi_lex_open(agi_lex *lx, const char *name, const char *text, size_t len)
{
    if (lx->depth >= AGI_LEX_MAX_INCLUDE)
        return agi_lex_error(lx, NULL, "#include nested deeper than %d", AGI_LEX_MAX_INCLUDE);
    agi_src *s = &lx->src[lx->depth];
    if (s->name) { /* a finished include used this slot; tokens may still name it */
        char **r = realloc(lx->retired, (lx->nretired + 2) * sizeof *r);
        if (!r) {
            lx->failed = 1;
            return relic_err_set(lx->err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
        lx->retired = r;
        r[lx->nretired++] = s->name;
        r[lx->nretired++] = s->text;
    }
    memset(s, 0, sizeof *s);
    s->name = strdup(name);
    s->text = malloc(len + 1);
    if (!s->name || !s->text) {
        free(s->name);
        free(s->text);
        s->name = s->text = NULL; /* agi_lex_close frees every slot */
        lx->failed = 1;
        return relic_err_set(lx->err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    memcpy(s->text, text, len);
    s->text[len] = '\0';
    s->len = len;
    s->line = s->col = 1;
    lx->depth++;
    return RELIC_OK;
}

void agi_lex_close(agi_lex *lx)
{
    /* Names stay allocated while tokens may point at them; freed here. */
    for (unsigned i = 0; i < AGI_LEX_MAX_INCLUDE; i++) {
        free(lx->src[i].name);
        free(lx->src[i].text);
        lx->src[i].name = lx->src[i].text = NULL;
    }
    for (unsigned i = 0; i < lx->nretired; i++)
        free(lx->retired[i]);
    free(lx->retired);
    lx->retired = NULL;
    lx->nretired = 0;
    for (unsigned i = 0; i < lx->ndefines; i++) {
        free(lx->defines[i].name);
        free(lx->defines[i].text);
    }
    free(lx->defines);
    lx->defines = NULL;
    lx->depth = lx->ndefines = 0;
}

static int agi_lex_peek(const agi_src *s, size_t k)
{
    return s->pos + k < s->len ? (unsigned char)s->text[s->pos + k] : -1;
}

static int agi_lex_get(agi_src *s)
{
    int c = agi_lex_peek(s, 0);
    if (c < 0)
        return c;
    s->pos++;
    if (c == '\n') {
        s->line++;
        s->col = 1;
    } else {
        s->col++;
    }
    return c;
}

/* Skips blanks and comments; an unterminated block comment is an error. */
/* A listing line starts with a 4-digit hex offset and the bytes column
 * (disasm.c): both are skipped, through column 33. */
static int agi_lex_listing_prefix(const agi_src *s)
{
    if (s->col != 1)
        return 0;
    for (int i = 0; i < 4; i++)
        if (!isxdigit(agi_lex_peek(s, (size_t)i)))
            return 0;
    return agi_lex_peek(s, 4) == ' ';
}

static void agi_lex_skip(agi_lex *lx, agi_src *s)
{
    for (;;) {
        int c = agi_lex_peek(s, 0);
        if (lx->listing && agi_lex_listing_prefix(s)) {
            while (s->col < 34 && agi_lex_peek(s, 0) >= 0 && agi_lex_peek(s, 0) != '\n')
                agi_lex_get(s);
        } else if (lx->listing && c == ';') {
            while (agi_lex_peek(s, 0) >= 0 && agi_lex_peek(s, 0) != '\n')
                agi_lex_get(s);
        } else if (c >= 0 && isspace(c)) {
            agi_lex_get(s);
        } else if (c == '/' && agi_lex_peek(s, 1) == '/') {
            while (agi_lex_peek(s, 0) >= 0 && agi_lex_peek(s, 0) != '\n')
                agi_lex_get(s);
        } else if (c == '/' && agi_lex_peek(s, 1) == '*') {
            agi_tok at = {.line = s->line, .col = s->col, .file = s->name};
            agi_lex_get(s);
            agi_lex_get(s);
            while (agi_lex_peek(s, 0) >= 0 && !(agi_lex_peek(s, 0) == '*' && agi_lex_peek(s, 1) == '/'))
                agi_lex_get(s);
            if (agi_lex_peek(s, 0) < 0) {
                agi_lex_error(lx, &at, "unterminated comment");
                return;
            }
            agi_lex_get(s);
            agi_lex_get(s);
        } else {
            return;
        }
    }
}

static void agi_lex_string(agi_lex *lx, agi_src *s, agi_tok *t)
{
    relic_buf raw = RELIC_BUF_INIT;
    agi_lex_get(s);
    for (;;) {
        int c = agi_lex_get(s);
        if (c < 0 || c == '\n') {
            agi_lex_error(lx, t, "unterminated string");
            break;
        }
        if (c == '"')
            break;
        if (c < 0x20 && c != '\t') {
            agi_lex_error(lx, t, "control byte in a string; write it as \\x%02x", c);
            break;
        }
        if (c == '\\') {
            int e = agi_lex_get(s);
            if (e == 'n')
                c = '\n';
            else if (e == 't')
                c = '\t';
            else if (e == 'x' && isxdigit(agi_lex_peek(s, 0)) && isxdigit(agi_lex_peek(s, 1))) {
                char hex[3] = {(char)agi_lex_get(s), (char)agi_lex_get(s), 0};
                c = (int)strtol(hex, NULL, 16);
            } else if (e == '"' || e == '\\')
                c = e;
            else {
                agi_lex_error(lx, t, "unknown escape in string");
                break;
            }
            if (c == 0) {
                agi_lex_error(lx, t, "a zero byte cannot be part of a message");
                break;
            }
            /* Escaped bytes are CP437 already: mark them so the UTF-8 pass
             * below leaves them alone. */
            char esc[4] = {'\x01', (char)c, 0, 0};
            relic_buf_append(&raw, esc, 2);
            continue;
        }
        relic_buf_u8(&raw, (uint8_t)c);
    }
    /* UTF-8 runs convert to CP437; \x01-marked bytes pass through. */
    relic_buf cp = RELIC_BUF_INIT;
    size_t i = 0;
    while (i < raw.len && !lx->failed) {
        if (raw.data[i] == 1) {
            relic_buf_u8(&cp, raw.data[i + 1]);
            i += 2;
            continue;
        }
        size_t j = i;
        while (j < raw.len && raw.data[j] != 1)
            j++;
        int cp866 = lx->o && (lx->o->extensions & AGI_EXT_AGDS);
        if (cp866 ? agi_utf8_to_cp866((const char *)raw.data + i, j - i, &cp) >= 0
                  : relic_utf8_to_cp437((const char *)raw.data + i, j - i, &cp) >= 0)
            agi_lex_error(lx, t, "string has a character with no %s form", cp866 ? "CP866" : "CP437");
        i = j;
    }
    if (cp.len >= sizeof t->text)
        agi_lex_error(lx, t, "string longer than %zu bytes", sizeof t->text - 1);
    else if (!lx->failed) {
        memcpy(t->text, cp.data ? (const char *)cp.data : "", cp.len);
        t->text[cp.len] = '\0';
    }
    relic_buf_free(&raw);
    relic_buf_free(&cp);
}

static const char *const agi_lex_ops[] = {"&&", "||", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "++", "--"};

static void agi_lex_ident(agi_src *s, agi_tok *t)
{
    size_t n = 0;
    while (agi_lex_peek(s, 0) >= 0 &&
           (isalnum(agi_lex_peek(s, 0)) || agi_lex_peek(s, 0) == '_' || agi_lex_peek(s, 0) == '.') &&
           n + 1 < sizeof t->text)
        t->text[n++] = (char)agi_lex_get(s);
    t->text[n] = '\0';
    t->kind = AGI_TOK_IDENT;
    if (n >= 2 && n <= 4 && strchr("vfmoiscw", tolower((unsigned char)t->text[0]))) {
        char *end;
        long v = strtol(t->text + 1, &end, 10);
        if (*end == '\0' && isdigit((unsigned char)t->text[1])) {
            t->type = (char)tolower((unsigned char)t->text[0]);
            t->value = v;
        }
    }
}

static void agi_lex_raw(agi_lex *lx, agi_tok *t)
{
    memset(t, 0, sizeof *t);
    while (lx->depth) {
        agi_src *s = &lx->src[lx->depth - 1];
        agi_lex_skip(lx, s);
        if (lx->failed)
            return;
        if (s->pos < s->len)
            break;
        if (lx->depth == 1)
            break;
        lx->depth--; /* an include ended; its name stays until close */
    }
    if (!lx->depth || lx->failed)
        return;
    agi_src *s = &lx->src[lx->depth - 1];
    t->line = s->line;
    t->col = s->col;
    t->file = s->name;
    int c = agi_lex_peek(s, 0);
    if (c < 0) {
        t->kind = AGI_TOK_END;
    } else if (c == '"') { /* adjacent literals join, as in C */
        t->kind = AGI_TOK_STRING;
        agi_lex_string(lx, s, t);
        agi_tok more = *t;
        for (;;) {
            agi_lex_skip(lx, s);
            if (lx->failed || agi_lex_peek(s, 0) != '"')
                break;
            more.line = s->line;
            more.col = s->col;
            agi_lex_string(lx, s, &more);
            if (strlen(t->text) + strlen(more.text) >= sizeof t->text) {
                agi_lex_error(lx, &more, "string longer than %zu bytes", sizeof t->text - 1);
                break;
            }
            strcat(t->text, more.text);
        }
    } else if (isdigit(c)) {
        size_t n = 0;
        while (agi_lex_peek(s, 0) >= 0 && isalnum(agi_lex_peek(s, 0)) && n + 1 < sizeof t->text)
            t->text[n++] = (char)agi_lex_get(s);
        char *end;
        t->kind = AGI_TOK_NUMBER;
        t->value = strtol(t->text, &end, 0);
        if (*end || t->value < 0 || t->value > 65535)
            agi_lex_error(lx, t, "bad number '%s'", t->text);
    } else if (isalpha(c) || c == '_') {
        agi_lex_ident(s, t);
    } else if (c == '#') {
        agi_lex_get(s);
        agi_lex_ident(s, t);
        t->kind = AGI_TOK_DIRECTIVE;
        t->type = 0;
    } else {
        t->kind = AGI_TOK_PUNCT;
        for (size_t i = 0; i < sizeof agi_lex_ops / sizeof agi_lex_ops[0]; i++)
            if (c == agi_lex_ops[i][0] && agi_lex_peek(s, 1) == agi_lex_ops[i][1]) {
                t->text[0] = (char)agi_lex_get(s);
                t->text[1] = (char)agi_lex_get(s);
                return;
            }
        if (!strchr("(){},;:!<>=*", c)) {
            agi_lex_error(lx, t, "unexpected character '%c'", c);
            return;
        }
        t->text[0] = (char)agi_lex_get(s);
    }
}

void agi_lex_next(agi_lex *lx, agi_tok *t)
{
    agi_lex_raw(lx, t);
    if (lx->failed) {
        t->kind = AGI_TOK_END;
        return;
    }
    if (t->kind != AGI_TOK_IDENT)
        return;
    for (unsigned i = 0; i < lx->ndefines; i++)
        if (strcmp(lx->defines[i].name, t->text) == 0) {
            const agi_define *d = &lx->defines[i];
            t->kind = d->kind;
            t->value = d->value;
            t->type = d->type;
            snprintf(t->text, sizeof t->text, "%s", d->text);
            return;
        }
}

void agi_lex_rest_of_line(agi_lex *lx, char *out, size_t outsz)
{
    size_t n = 0;
    if (!lx->depth)
        return;
    agi_src *s = &lx->src[lx->depth - 1];
    agi_tok at = {.line = s->line, .col = s->col, .file = s->name};
    while (agi_lex_peek(s, 0) >= 0 && agi_lex_peek(s, 0) != '\n') {
        int c = agi_lex_get(s);
        if (n + 1 < outsz)
            out[n++] = (char)c;
        else if (n + 1 == outsz) {
            agi_lex_error(lx, &at, "line longer than %zu characters", outsz - 1);
            n++;
        }
    }
    out[n < outsz ? n : outsz - 1] = '\0';
}

static void agi_lex_define(agi_lex *lx, const agi_tok *at)
{
    agi_tok name, val;
    agi_lex_raw(lx, &name);
    agi_lex_raw(lx, &val);
    if (lx->failed)
        return;
    if (name.kind != AGI_TOK_IDENT || name.line != at->line || val.line != at->line ||
        (val.kind != AGI_TOK_IDENT && val.kind != AGI_TOK_NUMBER && val.kind != AGI_TOK_STRING)) {
        agi_lex_error(lx, at, "#define needs a name and one value on its line");
        return;
    }
    if (lx->ndefines >= AGI_LEX_MAX_DEFINES) {
        agi_lex_error(lx, at, "more than %d #defines", AGI_LEX_MAX_DEFINES);
        return;
    }
    if (!lx->defines && !(lx->defines = calloc(AGI_LEX_MAX_DEFINES, sizeof *lx->defines))) {
        agi_lex_error(lx, at, "out of memory");
        return;
    }
    agi_define *d = &lx->defines[lx->ndefines];
    d->kind = val.kind;
    d->value = val.value;
    d->type = val.type;
    for (unsigned i = 0; i < lx->ndefines; i++) /* a value may itself be a define */
        if (val.kind == AGI_TOK_IDENT && strcmp(lx->defines[i].name, val.text) == 0) {
            d->kind = lx->defines[i].kind;
            d->value = lx->defines[i].value;
            d->type = lx->defines[i].type;
            snprintf(val.text, sizeof val.text, "%s", lx->defines[i].text);
        }
    d->name = strdup(name.text);
    d->text = strdup(val.text);
    if (!d->name || !d->text) {
        free(d->name);
        free(d->text);
        d->name = d->text = NULL;
        agi_lex_error(lx, at, "out of memory");
        return;
    }
    lx->ndefines++;
}

static void agi_lex_include(agi_lex *lx, const agi_tok *at)
{
    agi_tok name;
    agi_lex_raw(lx, &name);
    if (lx->failed)
        return;
    if (name.kind != AGI_TOK_STRING || name.line != at->line) {
        agi_lex_error(lx, at, "#include needs a quoted file name");
        return;
    }
    if (!lx->o->include) {
        agi_lex_error(lx, at, "#include \"%s\": no include files here", name.text);
        return;
    }
    relic_buf text = RELIC_BUF_INIT;
    relic_err ierr;
    relic_err_clear(&ierr);
    if (lx->o->include(lx->o->include_user, name.text, &text, &ierr))
        agi_lex_error(lx, at, "#include \"%s\": %s", name.text, ierr.msg);
    else
        agi_lex_open(lx, name.text, text.data ? (const char *)text.data : "", text.len);
    relic_buf_free(&text);
}

int agi_lex_directive(agi_lex *lx, const agi_tok *t)
{
    if (strcmp(t->text, "define") == 0)
        agi_lex_define(lx, t);
    else if (strcmp(t->text, "include") == 0)
        agi_lex_include(lx, t);
    else
        return 0;
    return 1;
}
