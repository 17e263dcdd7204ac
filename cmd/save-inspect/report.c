/* save-inspect SAVE: one JSON tree for the whole save; the text report is
 * printed from that same tree. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "json_report.h"
#include "inspect.h"
#include "relic/agi_save_json.h"
#include "relic/io.h"

int inspect_load(const char *path, const inspect_opts *o, agi_save *s, relic_err *err)
{
    relic_buf b = RELIC_BUF_INIT;
    relic_err_clear(err);
    int rc = relic_file_read(path, &b, err);
    if (rc == RELIC_OK)
        rc = agi_save_decode(b.data, b.len, o->profile, s, err);
    relic_buf_free(&b);
    if (rc) {
        relic_err_file(err, path);
        cli_report(err);
    }
    return rc;
}

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
        json_array_foreach(cands, k, c)
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
    json_array_foreach(json_object_get(doc, "strings"), i, e)
        if (json_string_length(e))
            printf("string s%-3zu  \"%s\"\n", i, json_string_value(e));
    printf("carried:    ");
    json_array_foreach(json_object_get(doc, "inventory"), i, e)
        if (inspect_int(e, "location") == AGI_SAVE_CARRIED)
            printf(" %zu:%s", i, json_string_value(json_object_get(e, "name")));
    printf("\nobjects (drawn or animated):\n");
    json_array_foreach(json_object_get(doc, "objects"), i, e) {
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
    json_array_foreach(replay, i, e) {
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
        json_array_foreach(resume, i, e)
            printf(" %d@%d", (int)inspect_int(e, "logic"), (int)inspect_int(e, "offset"));
        printf("\n");
    }
    const json_t *game = json_object_get(doc, "game");
    if (game) {
        printf("game %s:\n", json_string_value(json_object_get(game, "dir")));
        json_array_foreach(json_object_get(game, "checks"), i, e)
            printf("  %-4s %s: %s\n", json_is_true(json_object_get(e, "ok")) ? "ok" : "FAIL",
                   json_string_value(json_object_get(e, "check")), json_string_value(json_object_get(e, "detail")));
        printf("  replay loads:");
        json_array_foreach(json_object_get(game, "resources"), i, e)
            printf(" %s.%d%s", json_string_value(json_object_get(e, "kind")), (int)inspect_int(e, "number"),
                   json_is_true(json_object_get(e, "present")) ? "" : "(missing)");
        printf("\n");
    }
}

/* Where the profile came from, and which profiles save the same shape. */
static void inspect_profile_json(const char *path, const inspect_opts *o, json_t *doc)
{
    json_t *cands = json_array();
    json_object_set_new(doc, "profile_source", json_string(o->profile ? "option" : "shape"));
    relic_buf b = RELIC_BUF_INIT;
    agi_save_guess g;
    if (!o->profile && relic_file_read(path, &b, NULL) == RELIC_OK && agi_save_detect(b.data, b.len, &g, NULL) == 0) {
        char *save = NULL;
        for (char *t = strtok_r(g.candidates, " ", &save); t; t = strtok_r(NULL, " ", &save))
            json_array_append_new(cands, json_string(t));
    } else {
        json_array_append_new(cands, json_string(o->profile ? o->profile->name : "?"));
    }
    relic_buf_free(&b);
    json_object_set_new(doc, "profile_candidates", cands);
}

int inspect_report(const inspect_opts *o)
{
    agi_save s;
    relic_err err;
    const char *path = o->args[0];
    if (inspect_is_riven(path))
        return inspect_riven_report(o);
    int rc = inspect_load(path, o, &s, &err);
    if (rc)
        return cli_exit_code(rc);
    json_t *doc = agi_save_to_json(&s);
    inspect_profile_json(path, o, doc);
    int failed = 0;
    if (o->game_dir)
        failed = inspect_game_check(o, path, &s, doc);
    if (o->json)
        cli_json_report(doc, "relic-agi-save", 1, NULL);
    else
        inspect_print_text(doc);
    json_decref(doc);
    agi_save_free(&s);
    if (failed < 0)
        return cli_exit_code(-failed);
    return failed ? CLI_EXIT_DATA : CLI_EXIT_OK;
}
