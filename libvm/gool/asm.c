/* GOOL assembler: the text written by disasm.c (directives .entry .game
 * .items .header .pool/.eid/.word .map .states/.state .anim/.bytes .code,
 * labels "name:", one instruction or ".word" per line, ';' comments) back
 * to a gool_entry.  Two passes: the first places labels, the second
 * encodes, so forward references work. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/gool_dis.h"
#include "relic/nsf.h"

#define GOOL_ASM_LINE 512
#define GOOL_ASM_TOKS 24

typedef struct gool_label {
    char name[48];
    long pc;
} gool_label;

typedef struct gool_asm {
    gool_game game;
    gool_label *labels;
    size_t nlabels, cap;
    int pass;
    size_t pc;
    enum { SEC_NONE, SEC_POOL, SEC_MAP, SEC_STATES, SEC_ANIM, SEC_CODE } sec;
    relic_buf code, pool, map, states, anim;
    gool_entry *g;
    int line;
} gool_asmst;

static int gool_asm_resolve(void *user, const char *name, long *pc)
{
    gool_asmst *a = user;
    for (size_t i = 0; i < a->nlabels; i++)
        if (strcmp(a->labels[i].name, name) == 0) {
            *pc = a->labels[i].pc;
            return 0;
        }
    if (a->pass == 1) { /* not placed yet: any in-range value will do */
        *pc = (long)a->pc;
        return 0;
    }
    return -1;
}

static int gool_asm_fail(gool_asmst *a, relic_err *err, const char *what, const char *tok)
{
    return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "line %d: %s%s%s%s", a->line, what, tok ? " '" : "",
                         tok ? tok : "", tok ? "'" : "");
}

static int gool_asm_label(gool_asmst *a, const char *name, relic_err *err)
{
    if (a->pass != 1)
        return RELIC_OK;
    if (strlen(name) >= sizeof a->labels[0].name || !name[0])
        return gool_asm_fail(a, err, "bad label", name);
    for (size_t i = 0; i < a->nlabels; i++)
        if (strcmp(a->labels[i].name, name) == 0)
            return gool_asm_fail(a, err, "label defined twice:", name);
    if (relic_grow((void **)&a->labels, &a->cap, a->nlabels + 1, sizeof *a->labels, 64))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    strcpy(a->labels[a->nlabels].name, name);
    a->labels[a->nlabels++].pc = (long)a->pc;
    return RELIC_OK;
}

static int gool_asm_num(const char *s, long lo, long hi, long *v)
{
    char *end;
    if (!s || !*s)
        return -1;
    *v = strtol(s, &end, 0);
    if (*end == '\0' && *v >= lo && *v <= hi)
        return 0;
    unsigned long u = strtoul(s, &end, 0); /* 0xFFFFFFFF style words */
    if (*end || hi < 0 || u > 0xFFFFFFFFul || (long)u < lo || (hi < 0xFFFFFFFFl && (long)u > hi))
        return -1;
    *v = (long)u;
    return 0;
}

/* Splits "k=v" and checks the key. */
static const char *gool_kv(const char *tok, const char *key)
{
    size_t k = strlen(key);
    return strncmp(tok, key, k) == 0 && tok[k] == '=' ? tok + k + 1 : NULL;
}

static int gool_asm_target(gool_asmst *a, const char *s, long *v)
{
    if (strcmp(s, "none") == 0) {
        *v = GOOL_PC_NONE;
        return 0;
    }
    if (s[0] == '@')
        return gool_asm_num(s + 1, 0, 0xFFFF, v);
    return gool_asm_resolve(a, s, v) || *v < 0 || *v > 0xFFFF ? -1 : 0;
}

static int gool_asm_header(gool_asmst *a, char **tok, int n, relic_err *err)
{
    static const char *const keys[6] = {"id", "category", "format", "stack", "events", "eids"};
    // clang-format off
    uint32_t *dst[6] = {&a->g->hdr.id, &a->g->hdr.category, &a->g->hdr.format, &a->g->hdr.stack_start,
                        &a->g->hdr.event_count, &a->g->hdr.eid_count};
    // clang-format on
    if (n != 7)
        return gool_asm_fail(a, err, ".header wants id= category= format= stack= events= eids=", NULL);
    for (int i = 0; i < 6; i++) {
        long v;
        const char *s = gool_kv(tok[i + 1], keys[i]);
        if (!s || gool_asm_num(s, 0, 0xFFFFFFFFl, &v))
            return gool_asm_fail(a, err, "bad .header field", tok[i + 1]);
        *dst[i] = (uint32_t)v;
    }
    return RELIC_OK;
}

static int gool_asm_state(gool_asmst *a, char **tok, int n, relic_err *err)
{
    static const char *const keys[6] = {"flags", "status", "extern", "event", "trans", "code"};
    long v[6];
    if (n != 7)
        return gool_asm_fail(a, err, ".state wants flags= status= extern= event= trans= code=", NULL);
    for (int i = 0; i < 6; i++) {
        const char *s = gool_kv(tok[i + 1], keys[i]);
        int bad = !s || (i < 2    ? gool_asm_num(s, 0, 0xFFFFFFFFl, &v[i])
                         : i == 2 ? gool_asm_num(s, 0, 0xFFFF, &v[i])
                                  : gool_asm_target(a, s, &v[i]));
        if (bad)
            return gool_asm_fail(a, err, "bad .state field", tok[i + 1]);
    }
    relic_buf_le32(&a->states, (uint32_t)v[0]);
    relic_buf_le32(&a->states, (uint32_t)v[1]);
    for (int i = 2; i < 6; i++)
        relic_buf_le16(&a->states, (uint16_t)v[i]);
    return RELIC_OK;
}

static int gool_asm_insn(gool_asmst *a, char **tok, int n, relic_err *err)
{
    long v;
    if (strcmp(tok[0], ".word") == 0) {
        if (n != 2 || gool_asm_num(tok[1], -0x80000000l, 0xFFFFFFFFl, &v))
            return gool_asm_fail(a, err, "bad .word", n > 1 ? tok[1] : NULL);
        relic_buf_le32(&a->code, (uint32_t)v);
        a->pc++;
        return RELIC_OK;
    }
    const gool_opdesc *op = gool_op_by_name(a->game, tok[0]);
    if (!op)
        return gool_asm_fail(a, err, "unknown mnemonic", tok[0]);
    if (n - 1 != op->fmt->count)
        return gool_asm_fail(a, err, "wrong operand count for", tok[0]);
    uint32_t word = (uint32_t)op->opcode << 24 | op->sel;
    for (unsigned k = 0; k < op->fmt->count; k++) {
        uint32_t bits;
        if (gool_field_parse(a->game, tok[k + 1], &op->fmt->f[k], a->pc, gool_asm_resolve, a, &bits, err))
            return gool_asm_fail(a, err, "bad operand", tok[k + 1]);
        word |= bits << op->fmt->f[k].shift;
    }
    relic_buf_le32(&a->code, word);
    a->pc++;
    return RELIC_OK;
}

static int gool_asm_directive(gool_asmst *a, char **tok, int n, relic_err *err)
{
    const char *d = tok[0];
    long v;
    if (strcmp(d, ".code") == 0 || strcmp(d, ".pool") == 0 || (strcmp(d, ".map") == 0 && n == 1) ||
        strcmp(d, ".states") == 0 || strcmp(d, ".anim") == 0) {
        a->sec = d[1] == 'c'   ? SEC_CODE
                 : d[1] == 'p' ? SEC_POOL
                 : d[1] == 'm' ? SEC_MAP
                 : d[1] == 's' ? SEC_STATES
                               : SEC_ANIM;
        return RELIC_OK;
    }
    if (a->sec == SEC_CODE)
        return gool_asm_insn(a, tok, n, err);
    if (a->pass == 1 && strcmp(d, ".game") != 0)
        return RELIC_OK;
    if (strcmp(d, ".entry") == 0) {
        if (n != 2 || nsf_eid_parse(tok[1], &a->g->eid, NULL))
            return gool_asm_fail(a, err, "bad .entry name", n > 1 ? tok[1] : NULL);
    } else if (strcmp(d, ".game") == 0) {
        if (n != 2 || gool_asm_num(tok[1], 1, 3, &v))
            return gool_asm_fail(a, err, ".game is 1, 2 or 3", NULL);
        a->game = (gool_game)v;
    } else if (strcmp(d, ".items") == 0) {
        if (n != 2 || gool_asm_num(tok[1], 3, 6, &v))
            return gool_asm_fail(a, err, ".items is 3 to 6", NULL);
        a->g->item_count = (unsigned)v;
    } else if (strcmp(d, ".header") == 0) {
        return gool_asm_header(a, tok, n, err);
    } else if (strcmp(d, ".eid") == 0 && a->sec == SEC_POOL) {
        uint32_t e;
        if (n != 2 || nsf_eid_parse(tok[1], &e, NULL))
            return gool_asm_fail(a, err, "bad .eid", n > 1 ? tok[1] : NULL);
        relic_buf_le32(&a->pool, e);
    } else if (strcmp(d, ".word") == 0 && a->sec == SEC_POOL) {
        if (n != 2 || gool_asm_num(tok[1], -0x80000000l, 0xFFFFFFFFl, &v))
            return gool_asm_fail(a, err, "bad .word", n > 1 ? tok[1] : NULL);
        relic_buf_le32(&a->pool, (uint32_t)v);
    } else if (strcmp(d, ".map") == 0 && a->sec == SEC_MAP) {
        if (n == 3 && strcmp(tok[1], "handler") == 0) {
            if (gool_asm_target(a, tok[2], &v) || v > 0x7FFF)
                return gool_asm_fail(a, err, "bad handler", tok[2]);
            v |= GOOL_MAP_HANDLER;
        } else if (n != 2 || gool_asm_num(tok[1], 0, 0xFFFF, &v)) {
            return gool_asm_fail(a, err, "bad .map value", n > 1 ? tok[1] : NULL);
        }
        relic_buf_le16(&a->map, (uint16_t)v);
    } else if (strcmp(d, ".state") == 0 && a->sec == SEC_STATES) {
        return gool_asm_state(a, tok, n, err);
    } else if (strcmp(d, ".bytes") == 0 && a->sec == SEC_ANIM) {
        for (int i = 1; i < n; i++) {
            char *end;
            unsigned long b = strtoul(tok[i], &end, 16);
            if (*end || b > 0xFF || !tok[i][0])
                return gool_asm_fail(a, err, "bad byte", tok[i]);
            relic_buf_u8(&a->anim, (uint8_t)b);
        }
    } else {
        return gool_asm_fail(a, err, "unexpected", d);
    }
    return RELIC_OK;
}

/* Cuts a line into tokens: the first by blanks, the rest by blanks or
 * commas (operands never contain either). */
static int gool_asm_tokens(char *s, char **tok)
{
    int n = 0;
    char *c = strchr(s, ';');
    if (c)
        *c = 0;
    while (*s && n < GOOL_ASM_TOKS) {
        while (*s && (isspace((unsigned char)*s) || *s == ','))
            s++;
        if (!*s)
            break;
        tok[n++] = s;
        while (*s && !isspace((unsigned char)*s) && *s != ',')
            s++;
        if (*s)
            *s++ = 0;
    }
    return *s ? -1 : n;
}

/* A hex token of exactly `digits` digits (lower case, as the listing
 * prints it): the address/word column of --addresses listings. */
static int gool_asm_hexcol(const char *t, size_t digits)
{
    if (strlen(t) != digits)
        return 0;
    for (; *t; t++)
        if (!isdigit((unsigned char)*t) && !(*t >= 'a' && *t <= 'f'))
            return 0;
    return 1;
}

static int gool_asm_pass(gool_asmst *a, const char *text, size_t len, relic_err *err)
{
    size_t i = 0;
    a->line = 0;
    a->pc = 0;
    a->sec = SEC_NONE;
    while (i < len) {
        char line[GOOL_ASM_LINE], *tok[GOOL_ASM_TOKS];
        size_t j = i;
        while (j < len && text[j] != '\n')
            j++;
        a->line++;
        if (j - i >= sizeof line)
            return gool_asm_fail(a, err, "line too long", NULL);
        memcpy(line, text + i, j - i);
        line[j - i] = 0;
        i = j + 1;
        int n = gool_asm_tokens(line, tok);
        if (n < 0)
            return gool_asm_fail(a, err, "too many operands", NULL);
        if (n && tok[0][strlen(tok[0]) - 1] == ':') {
            tok[0][strlen(tok[0]) - 1] = 0;
            if (a->sec != SEC_CODE)
                return gool_asm_fail(a, err, "label outside .code:", tok[0]);
            if (gool_asm_label(a, tok[0], err))
                return RELIC_EDATA;
            memmove(tok, tok + 1, (size_t)(n - 1) * sizeof *tok);
            n--;
        }
        if (a->sec == SEC_CODE && n >= 3 && gool_asm_hexcol(tok[0], 4) && gool_asm_hexcol(tok[1], 8)) {
            memmove(tok, tok + 2, (size_t)(n - 2) * sizeof *tok); /* the --addresses column */
            n -= 2;
        }
        if (!n)
            continue;
        if (tok[0][0] == '.' || a->sec == SEC_CODE) {
            int rc = gool_asm_directive(a, tok, n, err);
            if (rc)
                return rc;
        } else {
            return gool_asm_fail(a, err, "expected a directive, not", tok[0]);
        }
    }
    return RELIC_OK;
}

static void *gool_asm_take(relic_buf *b, size_t unit, size_t *n)
{
    *n = b->len / unit;
    size_t len;
    uint8_t *p = relic_buf_take(b, &len);
    return p ? p : calloc(1, unit);
}

static int gool_asm_finish(gool_asmst *a, relic_err *err)
{
    gool_entry *g = a->g;
    if (relic_buf_check(&a->code, err) || relic_buf_check(&a->pool, err) || relic_buf_check(&a->map, err) ||
        relic_buf_check(&a->states, err) || relic_buf_check(&a->anim, err))
        return RELIC_ENOMEM;
    uint8_t *code = gool_asm_take(&a->code, 4, &g->code_len);
    uint8_t *pool = gool_asm_take(&a->pool, 4, &g->pool_len);
    uint8_t *map = gool_asm_take(&a->map, 2, &g->map_len);
    uint8_t *st = gool_asm_take(&a->states, 16, &g->state_count);
    g->anim_len = a->anim.len;
    g->anim = gool_asm_take(&a->anim, 1, &g->anim_len);
    g->code = relic_calloc_array(g->code_len, 4);
    g->pool = relic_calloc_array(g->pool_len, 4);
    g->map = relic_calloc_array(g->map_len, 2);
    g->states = relic_calloc_array(g->state_count, sizeof *g->states);
    int ok = code && pool && map && st && g->anim && g->code && g->pool && g->map && g->states;
    for (size_t i = 0; ok && i < g->code_len; i++)
        g->code[i] = relic_rd_le32(code + 4 * i);
    for (size_t i = 0; ok && i < g->pool_len; i++)
        g->pool[i] = relic_rd_le32(pool + 4 * i);
    for (size_t i = 0; ok && i < g->map_len; i++)
        g->map[i] = relic_rd_le16(map + 2 * i);
    for (size_t i = 0; ok && i < g->state_count; i++) {
        const uint8_t *p = st + 16 * i;
        g->states[i].flags = relic_rd_le32(p);
        g->states[i].status = relic_rd_le32(p + 4);
        g->states[i].extern_idx = relic_rd_le16(p + 8);
        g->states[i].event_pc = relic_rd_le16(p + 10);
        g->states[i].trans_pc = relic_rd_le16(p + 12);
        g->states[i].code_pc = relic_rd_le16(p + 14);
    }
    free(code);
    free(pool);
    free(map);
    free(st);
    if (!ok)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    return RELIC_OK;
}

int gool_asm(const char *text, size_t len, gool_entry *out, relic_err *err)
{
    gool_entry z = {0};
    *out = z;
    out->item_count = 6;
    out->eid = NSF_EID_NONE;
    gool_asmst a;
    memset(&a, 0, sizeof a);
    a.g = out;
    a.game = GOOL_GAME_C1;
    int rc = RELIC_OK;
    for (a.pass = 1; a.pass <= 2 && !rc; a.pass++) {
        relic_buf_reset(&a.code);
        rc = gool_asm_pass(&a, text, len, err);
    }
    if (!rc)
        rc = gool_asm_finish(&a, err);
    relic_buf_free(&a.code);
    relic_buf_free(&a.pool);
    relic_buf_free(&a.map);
    relic_buf_free(&a.states);
    relic_buf_free(&a.anim);
    free(a.labels);
    if (rc)
        gool_entry_free(out);
    return rc;
}
