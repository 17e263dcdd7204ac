/* Riven .rvn saves as JSON, edited by variable name and compared
 * semantically.  The document mirrors what ScummVM
 * engines/mohawk/riven_saveload.cpp restores (variables by NAME 1 name,
 * ZIPS zip-mode destinations, the VERS edition) and the path and diff
 * conventions of the AGI save JSON (relic/agi_save_json.h): JSON Pointer
 * paths, sorted {path, old, new} differences, fnmatch ignore patterns. */
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/core.h"
#include "relic/io.h"
#include "relic/riven_save_json.h"
#include "relic/text.h"

const char *riven_save_edition(uint32_t v)
{
    return v == RIVEN_SAVE_VERSION_CD ? "cd" : v == RIVEN_SAVE_VERSION_DVD ? "dvd" : "unknown";
}

/* Names are bytes; JSON keys must be UTF-8, so they go through CP437
 * like every other byte string relic prints. */
static char *riven_save_utf8(const char *s, size_t n)
{
    relic_buf b = RELIC_BUF_INIT;
    relic_cp437_to_utf8((const uint8_t *)s, n, &b);
    relic_buf_u8(&b, 0);
    if (relic_buf_check(&b, NULL)) {
        relic_buf_free(&b);
        return NULL;
    }
    return (char *)relic_buf_take(&b, NULL);
}

json_t *riven_save_to_json(const riven_save *s)
{
    json_t *vars = json_object(), *state = json_object(), *zips = json_array();
    int oom = !vars || !state; /* sticky (relic_json_set): a lost member makes no document */
    for (size_t i = 0; i < s->names.count && i < s->vars.count; i++) {
        const char *nm = s->names.names[i];
        if (riven_names_find(&s->names, nm) != (int)i)
            continue; /* the engine never reaches a later duplicate */
        char *key = riven_save_utf8(nm, strlen(nm));
        if (!key) { /* every byte has a UTF-8 form: only memory fails */
            oom = 1;
            continue;
        }
        relic_json_set(vars, key, json_integer(s->vars.rec[i][2]), &oom);
        relic_json_set(state, key,
                       json_pack("{s:I, s:I}", "references", (json_int_t)s->vars.rec[i][0], "initialized",
                                 (json_int_t)s->vars.rec[i][1]),
                       &oom);
        free(key);
    }
    for (unsigned i = 0; i < s->zips.count; i++) {
        const riven_zip *z = &s->zips.items[i];
        json_t *o = json_pack("{s:o, s:i}", "name", relic_json_bytes((const uint8_t *)z->name, strlen(z->name)), "card",
                              z->card);
        if (z->raw && strlen(z->name) != z->len)
            relic_json_set(o, "raw_name", relic_json_bytes(z->raw, z->len), &oom);
        relic_json_append(zips, o, &oom);
    }
    json_t *extra = json_array();
    for (size_t i = s->names.count; i < s->vars.count; i++)
        relic_json_append(
            extra, json_pack("{s:I, s:I}", "record", (json_int_t)i, "value", (json_int_t)s->vars.rec[i][2]), &oom);
    json_t *doc = json_pack("{s:s, s:i, s:o, s:o, s:i, s:I, s:o, s:o, s:o, s:o}", "format", RIVEN_SAVE_JSON_FORMAT,
                            "format_version", 1, "version", s->has_version ? json_integer(s->version) : json_null(),
                            "edition", s->has_version ? json_string(riven_save_edition(s->version)) : json_null(),
                            "name_count", (int)s->names.count, "record_count", (json_int_t)s->vars.count, "variables",
                            vars, "variable_state", state, "zip_modes", zips, "extra_records", extra);
    if (oom) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

static int riven_save_parse_u32(const char *v, uint32_t *out)
{
    int hex = v[0] == '0' && (v[1] == 'x' || v[1] == 'X');
    const char *digits = hex ? v + 2 : v;
    if (!*digits || !strchr("0123456789abcdefABCDEF", *digits) || (!hex && (*digits < '0' || *digits > '9')))
        return -1;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(digits, &end, hex ? 16 : 10);
    if (errno || *end || x > 0xffffffffull)
        return -1;
    *out = (uint32_t)x;
    return 0;
}

/* One JSON Pointer segment back to the name it encodes (~1 is '/', ~0 '~'). */
static int riven_save_unescape(const char *seg, char *out, size_t cap)
{
    size_t k = 0;
    for (const char *p = seg; *p; p++) {
        char ch = *p;
        if (ch == '/')
            return -1;
        if (ch == '~') {
            if (p[1] != '0' && p[1] != '1')
                return -1;
            ch = *++p == '0' ? '~' : '/';
        }
        if (k + 1 >= cap)
            return -1;
        out[k++] = ch;
    }
    out[k] = '\0';
    return 0;
}

int riven_save_set_path(riven_save *s, const char *path, const char *value, relic_err *err)
{
    static const char prefix[] = "/variables/";
    char name[256];
    relic_buf raw = RELIC_BUF_INIT;
    const char *seg = strncmp(path, prefix, sizeof prefix - 1) == 0 ? path + sizeof prefix - 1 : path;
    if (path[0] == '/' && seg == path)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "'%s' is not a variable path (/variables/NAME)", path);
    if (riven_save_unescape(seg, name, sizeof name) || !name[0])
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "bad variable name '%s'", seg);
    /* names are matched as the save stores them, in CP437 */
    long bad = relic_utf8_to_cp437(name, strlen(name), &raw);
    relic_buf_u8(&raw, 0);
    if (bad >= 0 || relic_buf_check(&raw, NULL)) {
        relic_buf_free(&raw);
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "the save has no variable '%s'", name);
    }
    uint32_t v;
    int rc;
    if (riven_save_parse_u32(value, &v))
        rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "/variables/%s: value '%s' outside 0..4294967295", seg,
                           value);
    else
        rc = riven_save_set(s, (const char *)raw.data, v, err);
    relic_buf_free(&raw);
    return rc;
}

int riven_save_validate(const riven_save *s, relic_err *err)
{
    /* More records than names is what the engine writes (the extra ones are
     * never read; riven_save_extra_records reports them); fewer leaves
     * names without values. */
    if (s->names.count > s->vars.count)
        return relic_err_set(err, RELIC_EDATA, s->vars_offset, "NAME 1 has %u names but VARS 1 holds %zu records",
                             s->names.count, s->vars.count);
    for (unsigned i = 1; i < s->names.count; i++) {
        int first = riven_names_find(&s->names, s->names.names[i]);
        if (first != (int)i)
            return relic_err_set(err, RELIC_EDATA, s->names_offset + 2 + 2 * (size_t)i,
                                 "variable name %u '%s' repeats name %d", i, s->names.names[i], first);
    }
    if (!s->has_version)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "no VERS 1 (the engine needs the save version)");
    if (s->version != RIVEN_SAVE_VERSION_CD && s->version != RIVEN_SAVE_VERSION_DVD)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "unknown save version 0x%08x in VERS 1",
                             (unsigned)s->version);
    if (!s->has_zips)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "no ZIPS 1 (the engine reads it on restore)");
    return RELIC_OK;
}

typedef struct riven_diff_ctx {
    const char *const *ignore;
    unsigned nignore;
    int all;
} riven_diff_ctx;

static int riven_diff_ignored(const char *path, void *arg)
{
    const riven_diff_ctx *x = arg;
    for (unsigned i = 0; i < x->nignore; i++)
        if (fnmatch(x->ignore[i], path, FNM_PATHNAME) == 0)
            return 1;
    return !x->all && strcmp(path, "/variable_state") == 0;
}

json_t *riven_save_diff(const riven_save *a, const riven_save *b, const char *const *ignore, unsigned nignore, int all)
{
    riven_diff_ctx x = {ignore, nignore, all};
    return relic_json_diff(riven_save_to_json(a), riven_save_to_json(b), riven_diff_ignored, &x);
}
