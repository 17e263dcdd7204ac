/* Map sources: the text form samples are written in.  Line oriented:
 *   actor NAME                  starts an actor (up to 9 characters)
 *   string "text"               next entry of its string table (RASB/RAST)
 *   var N                       next local variable's initial value (RAVA)
 *   attr INDEX VALUE            one attribute byte (RAAT)
 *   place key=value ...         an MPOB placement of this actor: id, type,
 *                               active, static, model, pos=X,Y,Z,
 *                               angle=X,Y,Z, color=R,G,B
 *   script ... endscript        assembler text (libvm/soup/asm.c)
 * ";" starts a comment outside scripts.  The result is written with
 * rgm_build (libformats/rgm/build.c). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "soup_private.h"

#define MAPSRC_ACTORS 64
#define MAPSRC_STRINGS 256
#define MAPSRC_VARS 256

typedef struct mapsrc_actor {
    rgm_build_actor b;
    char *strings[MAPSRC_STRINGS];
    int32_t vars[MAPSRC_VARS];
    uint8_t attrs[256];
    relic_buf code;
} mapsrc_actor;

typedef struct mapsrc {
    mapsrc_actor *a;
    size_t n;
    rgm_placement pl[MAPSRC_ACTORS * 4];
    size_t npl;
} mapsrc;

static int mapsrc_fail(relic_err *err, size_t at, unsigned line, const char *what)
{
    return relic_err_set(err, RELIC_EDATA, at, "line %u: %s", line, what);
}

static int mapsrc_triple(const char *v, int32_t out[3])
{
    long a, b, c;
    if (sscanf(v, "%ld,%ld,%ld", &a, &b, &c) != 3)
        return -1;
    out[0] = (int32_t)a, out[1] = (int32_t)b, out[2] = (int32_t)c;
    return 0;
}

static int mapsrc_place(mapsrc *m, const char *name, char *args)
{
    if (m->npl == sizeof m->pl / sizeof m->pl[0])
        return -1;
    rgm_placement *p = &m->pl[m->npl];
    memset(p, 0, sizeof *p);
    snprintf(p->script_name, sizeof p->script_name, "%s", name);
    p->type = 1;
    p->active = 1;
    for (char *tok = strtok(args, " \t"); tok; tok = strtok(NULL, " \t")) {
        char *eq = strchr(tok, '=');
        int32_t t[3];
        if (!eq)
            return -1;
        *eq++ = '\0';
        if (!strcmp(tok, "id"))
            p->id = (uint32_t)strtoul(eq, NULL, 0);
        else if (!strcmp(tok, "type"))
            p->type = (uint8_t)atoi(eq);
        else if (!strcmp(tok, "active"))
            p->active = (uint8_t)atoi(eq);
        else if (!strcmp(tok, "static"))
            p->is_static = (uint8_t)atoi(eq);
        else if (!strcmp(tok, "model"))
            snprintf(p->model_name, sizeof p->model_name, "%.9s", eq);
        else if (!strcmp(tok, "pos") && !mapsrc_triple(eq, t))
            p->pos_x = t[0], p->pos_y = t[1], p->pos_z = t[2];
        else if (!strcmp(tok, "angle") && !mapsrc_triple(eq, t))
            p->angle_x = (uint32_t)t[0], p->angle_y = (uint32_t)t[1], p->angle_z = (uint32_t)t[2];
        else if (!strcmp(tok, "color") && !mapsrc_triple(eq, t))
            p->red = (int16_t)t[0], p->green = (int16_t)t[1], p->blue = (int16_t)t[2];
        else
            return -1;
    }
    m->npl++;
    return 0;
}

static int mapsrc_string(mapsrc_actor *a, const char *s)
{
    if (a->b.nstrings == MAPSRC_STRINGS || *s != '"')
        return -1;
    const char *end = strrchr(s, '"');
    if (end == s)
        return -1;
    size_t n = (size_t)(end - s - 1);
    char *t = malloc(n + 1);
    if (!t)
        return -1;
    memcpy(t, s + 1, n);
    t[n] = '\0';
    a->strings[a->b.nstrings++] = t;
    return 0;
}

/* The script body: lines up to "endscript", assembled for actor a. */
static int mapsrc_script(const soup_def *def, mapsrc_actor *a, const char *text, size_t len, size_t *pos,
                         unsigned *line, relic_err *err)
{
    size_t start = *pos, end = *pos;
    while (end < len) {
        size_t e = end;
        while (e < len && text[e] != '\n')
            e++;
        const char *l = text + end;
        while (l < text + e && isspace((unsigned char)*l))
            l++;
        if ((size_t)(text + e - l) >= 9 && !strncmp(l, "endscript", 9)) {
            soup_ctx ctx;
            soup_ctx_init(&ctx, def, NULL);
            ctx.strings = (const char **)a->strings;
            ctx.nstrings = a->b.nstrings;
            int rc = soup_assemble(&ctx, text + start, end - start, &a->code, &a->b.script_pc, err);
            if (rc && err) {
                err->offset += start;
                char msg[sizeof err->msg];
                unsigned sub = 0;
                sscanf(err->msg, "line %u", &sub);
                const char *colon = strchr(err->msg, ':');
                snprintf(msg, sizeof msg, "line %u%s", *line + sub - 1, colon ? colon : "");
                memcpy(err->msg, msg, sizeof msg);
            }
            for (size_t i = start; i < e; i++)
                *line += text[i] == '\n';
            *pos = e < len ? e + 1 : e;
            (*line)++;
            return rc;
        }
        end = e < len ? e + 1 : e;
    }
    return relic_err_set(err, RELIC_EDATA, start, "line %u: script without endscript", *line);
}

static int mapsrc_line(const soup_def *def, mapsrc *m, char *l, const char *text, size_t len, size_t *pos,
                       unsigned *line, size_t at, relic_err *err)
{
    int quoted = 0;
    for (char *c = l; *c; c++) {
        quoted ^= *c == '"';
        if (*c == ';' && !quoted) {
            *c = '\0';
            break;
        }
    }
    while (*l && isspace((unsigned char)*l))
        l++;
    size_t n = strlen(l);
    while (n && isspace((unsigned char)l[n - 1]))
        l[--n] = '\0';
    if (!*l)
        return 0;
    char kw[16] = "";
    sscanf(l, "%15s", kw);
    char *rest = l + strlen(kw);
    while (*rest && isspace((unsigned char)*rest))
        rest++;
    if (!strcmp(kw, "actor")) {
        if (m->n == MAPSRC_ACTORS || !*rest || strlen(rest) > 9)
            return mapsrc_fail(err, at, *line, "bad actor line (name of 1 to 9 characters, at most 64 actors)");
        mapsrc_actor *a = &m->a[m->n++];
        snprintf(a->b.name, sizeof a->b.name, "%s", rest);
        return 0;
    }
    if (!m->n)
        return mapsrc_fail(err, at, *line, "expected an actor line first");
    mapsrc_actor *a = &m->a[m->n - 1];
    long v, w;
    if (!strcmp(kw, "string"))
        return mapsrc_string(a, rest) ? mapsrc_fail(err, at, *line, "bad string line") : 0;
    if (!strcmp(kw, "var")) {
        if (a->b.nvars == MAPSRC_VARS || sscanf(rest, "%ld", &v) != 1)
            return mapsrc_fail(err, at, *line, "bad var line");
        a->vars[a->b.nvars++] = (int32_t)v;
        return 0;
    }
    if (!strcmp(kw, "attr")) {
        if (sscanf(rest, "%ld %ld", &v, &w) != 2 || v < 0 || v > 255 || w < 0 || w > 255)
            return mapsrc_fail(err, at, *line, "bad attr line (attr INDEX VALUE, both 0..255)");
        a->attrs[v] = (uint8_t)w;
        return 0;
    }
    if (!strcmp(kw, "place"))
        return mapsrc_place(m, a->b.name, rest) ? mapsrc_fail(err, at, *line, "bad place line") : 0;
    if (!strcmp(kw, "script"))
        return mapsrc_script(def, a, text, len, pos, line, err);
    return mapsrc_fail(err, at, *line, "unknown keyword");
}

int soup_build_map(const soup_def *def, const char *text, size_t len, relic_buf *out, relic_err *err)
{
    mapsrc *m = calloc(1, sizeof *m);
    if (!m || !(m->a = calloc(MAPSRC_ACTORS, sizeof *m->a))) {
        free(m);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    size_t pos = 0;
    unsigned line = 1;
    int rc = RELIC_OK;
    char buf[1024];
    while (pos < len && !rc) {
        size_t at = pos, n = 0;
        while (pos < len && text[pos] != '\n') {
            if (n + 1 < sizeof buf)
                buf[n++] = text[pos];
            pos++;
        }
        buf[n] = '\0';
        pos += pos < len;
        unsigned this_line = line++;
        rc = mapsrc_line(def, m, buf, text, len, &pos, &line, at, err);
        (void)this_line;
    }
    rgm_build_actor acts[MAPSRC_ACTORS];
    for (size_t i = 0; i < m->n && !rc; i++) {
        mapsrc_actor *a = &m->a[i];
        acts[i] = a->b;
        acts[i].strings = (const char *const *)a->strings;
        acts[i].vars = a->vars;
        acts[i].attrs = a->attrs;
        acts[i].code = a->code.data;
        acts[i].code_len = a->code.len;
    }
    if (!rc)
        rc = rgm_build(acts, m->n, m->pl, m->npl, out, err);
    for (size_t i = 0; i < m->n; i++) {
        for (size_t k = 0; k < m->a[i].b.nstrings; k++)
            free(m->a[i].strings[k]);
        relic_buf_free(&m->a[i].code);
    }
    free(m->a);
    free(m);
    return rc;
}
