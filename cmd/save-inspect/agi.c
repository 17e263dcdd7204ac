/* save-inspect's AGI save format (agi_save, agi_save_json.h; layout in
 * session_and_persistence.md): the descriptor inspect_agi_format, the text
 * report, and --game, a save against the game that wrote it.  OBJECT
 * gives the inventory block (session_and_persistence.md "Profile 2.936
 * block 3": the block is OBJECT's runtime data) and the object-record
 * count (its maximum-object byte); the signature is compared with the
 * file-name stem ("Save names and signatures"); the replay sequence names
 * the resources a restore loads, which must exist in the game, and block-5
 * resume offsets must fall inside their logic's bytecode. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cli.h"
#include "inspect.h"
#include "json_report.h"
#include "relic/agi.h"
#include "relic/agi_ext.h"
#include "relic/agi_save_json.h"
#include "relic/io.h"

/* The --game checks so far; a failed allocation sets *oom (sticky,
 * relic_json_set), which the report checks once before printing. */
typedef struct inspect_checks {
    json_t *arr;
    int failed;
    int *oom;
} inspect_checks;

static void inspect_check(inspect_checks *c, const char *name, int ok, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void inspect_check(inspect_checks *c, const char *name, int ok, const char *fmt, ...)
{
    char detail[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    relic_json_append(c->arr, json_pack("{s:s, s:b, s:s}", "check", name, "ok", ok, "detail", detail), c->oom);
    c->failed += !ok;
}

static void inspect_check_objects(const agi_game *g, const agi_save *s, inspect_checks *c)
{
    const agi_file *f = agi_fileset_find(g->files, "OBJECT");
    agi_objects ob;
    relic_err err;
    relic_err_clear(&err);
    /* The game's OBJECT rule, as agi-unpack and the runtime take it: the
     * profile's, or the AGDS key for an AGDS game (agds.c). */
    unsigned why_count;
    int key = agi_objects_key(g->profile, agi_extensions_detect(g, NULL, 0, &why_count));
    if (!f || agi_objects_decode(f->data, f->len, key, &ob, &err)) {
        inspect_check(c, "inventory", 0, "OBJECT %s", f ? err.msg : "is missing");
        return;
    }
    inspect_check(c, "inventory_count", ob.count == s->item_count, "OBJECT has %u items, the save %u", ob.count,
                  s->item_count);
    inspect_check(c, "inventory_length", ob.raw_len - 3 == s->inventory_len,
                  "OBJECT runtime data is %zu bytes, block 3 %zu", ob.raw_len - 3, s->inventory_len);
    unsigned bad = 0, first = 0;
    for (unsigned i = 0; i < ob.count && i < s->item_count; i++)
        if (strcmp(ob.items[i].name, agi_save_item_name(s, i)) != 0 && !bad++)
            first = i;
    if (bad)
        inspect_check(c, "inventory_names", 0, "%u names differ, first item %u (\"%s\" in OBJECT)", bad, first,
                      ob.items[first].name);
    else
        inspect_check(c, "inventory_names", 1, "every item name matches OBJECT");
    unsigned want = s->profile->object_header_is_count ? ob.max_object : ob.max_object + 1u;
    inspect_check(c, "object_records", want == s->object_count, "OBJECT sets %u object records, block 2 holds %u", want,
                  s->object_count);
    agi_objects_free(&ob);
}

static void inspect_check_signature(const char *save_path, const agi_save *s, inspect_checks *c)
{
    const char *base = strrchr(save_path, '/');
    base = base ? base + 1 : save_path;
    char sig[8];
    memcpy(sig, s->state.signature, 7);
    sig[7] = '\0';
    const char *sg = NULL;
    for (const char *p = base; (p = strchr(p, '.')); p++)
        if (p - base >= 2 && strncasecmp(p - 2, "SG", 2) == 0 && isdigit((unsigned char)p[1]))
            sg = p - 2;
    if (!sg) {
        inspect_check(c, "signature", 1, "signature \"%s\"; file name is not <signature>SG.<n>", sig);
        return;
    }
    size_t stem = (size_t)(sg - base);
    int ok = stem == strlen(sig) && strncasecmp(base, sig, stem) == 0;
    inspect_check(c, "signature", ok, "signature \"%s\", file name stem \"%.*s\"", sig, (int)stem, base);
}

/* Resources the replay loads, in order of first use. */
static void inspect_replay_resources(const agi_game *g, const agi_save *s, json_t *out, inspect_checks *c)
{
    agi_replay_op *ops;
    unsigned n, missing = 0;
    uint8_t seen[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
    memset(seen, 0, sizeof seen);
    if (agi_save_replay_ops(s, &ops, &n, NULL)) { /* only on a failed allocation */
        *c->oom = 1;
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        agi_kind k;
        unsigned num;
        if (!agi_replay_op_resource(&ops[i], &k, &num) || seen[k][num]++)
            continue;
        int present = num < g->dirs[k].count && g->dirs[k].entry[num].present;
        missing += !present;
        relic_json_append(
            out, json_pack("{s:s, s:i, s:b}", "kind", agi_kind_name(k), "number", (int)num, "present", present),
            c->oom);
    }
    free(ops);
    inspect_check(c, "replay_resources", missing == 0, "%u resources the replay names are missing", missing);
}

static void inspect_check_resume(const agi_game *g, const agi_save *s, inspect_checks *c)
{
    relic_buf payload = RELIC_BUF_INIT;
    unsigned bad = 0, checked = 0;
    for (unsigned i = 0; i < s->resume_count; i++) {
        unsigned num = s->resume[i].logic;
        agi_record rec;
        if (num >= g->dirs[AGI_LOGIC].count || !g->dirs[AGI_LOGIC].entry[num].present ||
            agi_game_load(g, AGI_LOGIC, num, &rec, &payload, NULL) || payload.len < 2)
            continue;
        checked++;
        unsigned code = payload.data[0] | payload.data[1] << 8;
        bad += s->resume[i].offset > code;
    }
    relic_buf_free(&payload);
    inspect_check(c, "resume_offsets", bad == 0, "%u of %u resume records point past their bytecode", bad, checked);
}

int inspect_game_check(const inspect_opts *o, const char *save_path, const agi_save *s, json_t *doc, int *oom)
{
    agi_fileset fs = {0, 0};
    agi_game g;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_fileset_read_dir(o->game_dir, &fs, &err);
    if (rc == RELIC_OK)
        rc = agi_game_open(&fs, NULL, &g, &err);
    if (rc) {
        relic_err_file(&err, o->game_dir);
        cli_report(&err);
        agi_fileset_free(&fs);
        return -rc;
    }
    inspect_checks c = {json_array(), 0, oom};
    json_t *resources = json_array();
    inspect_check_objects(&g, s, &c);
    inspect_check_signature(save_path, s, &c);
    inspect_replay_resources(&g, s, resources, &c);
    if (s->profile->save_blocks > 4)
        inspect_check_resume(&g, s, &c);
    relic_json_set(doc, "game",
                   json_pack("{s:s, s:s, s:o, s:o, s:i}", "dir", o->game_dir, "profile", g.profile->name, "checks",
                             c.arr, "resources", resources, "failed", c.failed),
                   oom);
    agi_fileset_free(&fs);
    return c.failed;
}

/* ---- the text report ------------------------------------------------------ */

static json_int_t inspect_int(const json_t *doc, const char *key)
{
    return json_integer_value(json_object_get(doc, key));
}

static void inspect_print_text(const json_t *doc)
{
    printf("description: %s\n", json_string_value(json_object_get(doc, "description")));
    int by_option = strcmp(json_string_value(json_object_get(doc, "profile_source")), "option") == 0;
    printf("profile:     %s (%s", json_string_value(json_object_get(doc, "profile")),
           by_option ? "from --profile" : "from the save's shape");
    const json_t *cands = json_object_get(doc, "profile_candidates");
    if (json_array_size(cands) > 1) {
        size_t k;
        const json_t *c;
        printf(", which these profiles share:");
        json_array_foreach (cands, k, c)
            printf(" %s", json_string_value(c));
    }
    printf(")\n");
    const json_t *vars = json_object_get(doc, "variables"), *flags = json_object_get(doc, "flags");
    printf("room (v0):   %d\n", (int)json_integer_value(json_object_get(vars, "v0")));
    printf("score (v3):  %d\n", (int)json_integer_value(json_object_get(vars, "v3")));
    printf("flags set:  ");
    for (unsigned i = 0; i < 256; i++) {
        char k[8];
        snprintf(k, sizeof k, "f%u", i);
        if (json_is_true(json_object_get(flags, k)))
            printf(" %s", k);
    }
    printf("\nvariables:  ");
    for (unsigned i = 0; i < 256; i++) {
        char k[8];
        snprintf(k, sizeof k, "v%u", i);
        json_int_t v = json_integer_value(json_object_get(vars, k));
        if (v)
            printf(" %s=%d", k, (int)v);
    }
    printf("\n");
    size_t i;
    const json_t *e;
    json_array_foreach (json_object_get(doc, "strings"), i, e)
        if (json_string_length(e))
            printf("string s%-3zu  \"%s\"\n", i, json_string_value(e));
    printf("carried:    ");
    json_array_foreach (json_object_get(doc, "inventory"), i, e)
        if (inspect_int(e, "location") == AGI_SAVE_CARRIED)
            printf(" %zu:%s", i, json_string_value(json_object_get(e, "name")));
    printf("\nobjects (drawn or animated):\n");
    json_array_foreach (json_object_get(doc, "objects"), i, e) {
        json_int_t fl = inspect_int(e, "flags");
        if (fl & (AGI_SAVE_OBJ_DRAWN | AGI_SAVE_OBJ_ANIMATED))
            printf("  %2zu: view %d loop %d cel %d at (%d,%d) flags 0x%04x\n", i, (int)inspect_int(e, "view"),
                   (int)inspect_int(e, "loop"), (int)inspect_int(e, "cel"), (int)inspect_int(e, "x"),
                   (int)inspect_int(e, "y"), (unsigned)fl);
    }
    const json_t *replay = json_object_get(doc, "replay");
    printf("replay: %d of %d pairs active", (int)inspect_int(doc, "replay_count"),
           (int)inspect_int(doc, "replay_capacity"));
    if (json_object_get(doc, "replay_checkpoint"))
        printf(", checkpoint %d", (int)inspect_int(doc, "replay_checkpoint"));
    printf("\n");
    json_array_foreach (replay, i, e) {
        const char *op = json_string_value(json_object_get(e, "op"));
        if (!op)
            printf("  %3d  kind %d %d\n", (int)inspect_int(e, "pair"), (int)inspect_int(e, "kind"),
                   (int)inspect_int(e, "value"));
        else if (inspect_int(e, "kind") == AGI_REPLAY_ADD_TO_PICTURE && json_object_get(e, "view"))
            printf("  %3d  %s view %d loop %d cel %d at (%d,%d) priority/control 0x%02x\n", (int)inspect_int(e, "pair"),
                   op, (int)inspect_int(e, "view"), (int)inspect_int(e, "loop"), (int)inspect_int(e, "cel"),
                   (int)inspect_int(e, "x"), (int)inspect_int(e, "y"), (unsigned)inspect_int(e, "priority_control"));
        else if (inspect_int(e, "kind") == AGI_REPLAY_ADD_TO_PICTURE)
            printf("  %3d  %s (packet cut short)\n", (int)inspect_int(e, "pair"), op);
        else
            printf("  %3d  %s %d\n", (int)inspect_int(e, "pair"), op, (int)inspect_int(e, "value"));
    }
    const json_t *resume = json_object_get(doc, "logic_resume");
    if (resume) {
        printf("logic resume:");
        json_array_foreach (resume, i, e)
            printf(" %d@%d", (int)inspect_int(e, "logic"), (int)inspect_int(e, "offset"));
        printf("\n");
    }
    const json_t *game = json_object_get(doc, "game");
    if (game) {
        printf("game %s:\n", json_string_value(json_object_get(game, "dir")));
        json_array_foreach (json_object_get(game, "checks"), i, e)
            printf("  %-4s %s: %s\n", json_is_true(json_object_get(e, "ok")) ? "ok" : "FAIL",
                   json_string_value(json_object_get(e, "check")), json_string_value(json_object_get(e, "detail")));
        printf("  replay loads:");
        json_array_foreach (json_object_get(game, "resources"), i, e)
            printf(" %s.%d%s", json_string_value(json_object_get(e, "kind")), (int)inspect_int(e, "number"),
                   json_is_true(json_object_get(e, "present")) ? "" : "(missing)");
        printf("\n");
    }
}

/* Where the profile came from, and which profiles save the same shape. */
static void inspect_profile_json(const relic_buf *raw, const inspect_opts *o, json_t *doc, int *oom)
{
    json_t *cands = json_array();
    relic_json_set(doc, "profile_source", json_string(o->profile ? "option" : "shape"), oom);
    agi_save_guess g;
    if (!o->profile && agi_save_detect(raw->data, raw->len, &g, NULL) == 0) {
        char *save = NULL;
        for (char *t = strtok_r(g.candidates, " ", &save); t; t = strtok_r(NULL, " ", &save))
            relic_json_append(cands, json_string(t), oom);
    } else {
        relic_json_append(cands, json_string(o->profile ? o->profile->name : "?"), oom);
    }
    relic_json_set(doc, "profile_candidates", cands, oom);
}

/* ---- the descriptor ------------------------------------------------------ */

/* AGI saves carry no signature: the table's last row takes every file. */
static int inspect_agi_detect(const uint8_t *data, size_t len)
{
    (void)data;
    (void)len;
    return 1;
}

static int inspect_agi_check(const inspect_opts *o, int cmd, const char *path)
{
    (void)o;
    (void)cmd;
    (void)path;
    return -1;
}

static int inspect_agi_decode(const inspect_opts *o, const relic_buf *raw, void *save, relic_err *err)
{
    int rc = agi_save_decode(raw->data, raw->len, o->profile, save, err);
    if (rc)
        agi_save_free(save);
    return rc;
}

static void inspect_agi_release(void *save) { agi_save_free(save); }

static int inspect_agi_report(const inspect_opts *o, const char *path, const relic_buf *raw, void *save)
{
    agi_save *s = save;
    json_t *doc = agi_save_to_json(s);
    int oom = !doc, failed = 0;
    inspect_profile_json(raw, o, doc, &oom);
    if (o->game_dir)
        failed = inspect_game_check(o, path, s, doc, &oom);
    int status = failed < 0 ? cli_exit_code(-failed) : failed ? CLI_EXIT_DATA : CLI_EXIT_OK;
    status = inspect_print_report(o, doc, oom, "relic-agi-save", inspect_print_text, status);
    json_decref(doc);
    return status;
}

static json_t *inspect_agi_diff(const inspect_opts *o, const void *a, const void *b)
{
    return agi_save_diff(a, b, o->ignore, o->nignore, o->all);
}

static int inspect_agi_set(void *save, const char *path, const char *value, relic_err *err)
{
    return agi_save_set(save, path, value, err);
}

static int inspect_agi_encode(const void *save, const relic_buf *raw, relic_buf *out, relic_err *err)
{
    (void)raw;
    return agi_save_encode(save, out, err);
}

/* The names of the failed --game checks, for the one-line finding. */
static void inspect_agi_failed_checks(const json_t *doc, char *names, size_t n)
{
    size_t k;
    json_t *c;
    names[0] = '\0';
    json_array_foreach (json_object_get(json_object_get(doc, "game"), "checks"), k, c)
        if (!json_is_true(json_object_get(c, "ok")) && strlen(names) + 40 < n)
            snprintf(names + strlen(names), n - strlen(names), "%s%s", names[0] ? ", " : "",
                     json_string_value(json_object_get(c, "check")));
}

static int inspect_agi_validate(const inspect_opts *o, const char *path, void *save, json_t *row, char *ok_line,
                                size_t n, relic_err *err)
{
    agi_save *s = save;
    int rc = agi_save_validate(s, err);
    int oom = 0;
    if (rc == RELIC_OK && o->game_dir) {
        json_t *doc = json_object();
        int failed = inspect_game_check(o, path, s, doc, &oom);
        if (failed >= 0 && (oom || !doc)) {
            rc = relic_json_check(1, err); /* the failed checks' names could be lost */
        } else if (failed > 0) {
            char names[200];
            inspect_agi_failed_checks(doc, names, sizeof names);
            rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "disagrees with game %s: %s", o->game_dir, names);
        } else if (failed < 0) {
            rc = relic_err_set(err, -failed, RELIC_NO_OFFSET, "cannot cross-check: game %s unreadable", o->game_dir);
        }
        json_decref(doc);
    }
    if (rc == RELIC_OK) {
        relic_json_set(row, "profile", json_string(s->profile->name), &oom);
        snprintf(ok_line, n, "profile %s, %u blocks, %u objects, %u items, %u of %u replay pairs", s->profile->name,
                 s->block_count, s->object_count, s->item_count, s->state.replay_count, s->replay_slots);
        rc = relic_json_check(oom, err);
    }
    return rc;
}

const inspect_format inspect_agi_format = {
    .title = "an AGI save",
    .detect = inspect_agi_detect,
    .check = inspect_agi_check,
    .save_size = sizeof(agi_save),
    .decode = inspect_agi_decode,
    .release = inspect_agi_release,
    .report = inspect_agi_report,
    .diff = inspect_agi_diff,
    .set = inspect_agi_set,
    .encode = inspect_agi_encode,
    .validate = inspect_agi_validate,
};
