/* save-inspect set and validate (for AGI saves; riven.c does .rvn).  set decodes, applies every edit to the
 * struct and re-encodes, so bytes it was not asked to change come out as
 * they went in; nothing is written unless every edit was accepted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "json_report.h"
#include "inspect.h"
#include "relic/agi_save_json.h"
#include "relic/io.h"

int inspect_edit_split(const char *arg, char *path, size_t pathsz, const char **value, relic_err *err)
{
    const char *eq = strchr(arg, '=');
    if (!eq)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "edit '%s' is not PATH=VALUE", arg);
    size_t plen = (size_t)(eq - arg);
    if (plen >= pathsz)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "edit path too long");
    memcpy(path, arg, plen);
    path[plen] = '\0';
    *value = eq + 1;
    return RELIC_OK;
}

static int inspect_apply(agi_save *s, const inspect_opts *o, relic_err *err)
{
    for (int i = 1; i < o->nargs; i++) {
        char path[256];
        const char *value;
        int rc = inspect_edit_split(o->args[i], path, sizeof path, &value, err);
        if (rc == RELIC_OK)
            rc = agi_save_set(s, path, value, err);
        if (rc)
            return rc;
    }
    return RELIC_OK;
}

int inspect_set(const inspect_opts *o)
{
    const char *path = o->args[0];
    if (inspect_is_riven(path))
        return inspect_riven_set(o);
    relic_buf in = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    agi_save s;
    memset(&s, 0, sizeof s);
    int rc = relic_file_read(path, &in, &err);
    if (rc == RELIC_OK && (rc = agi_save_decode(in.data, in.len, o->profile, &s, &err)) != RELIC_OK)
        relic_err_file(&err, path);
    if (rc == RELIC_OK && (rc = inspect_apply(&s, o, &err)) != RELIC_OK) {
        cli_report(&err);
        agi_save_free(&s);
        relic_buf_free(&in);
        return CLI_EXIT_USAGE;
    }
    if (rc == RELIC_OK)
        rc = agi_save_encode(&s, &out, &err);
    rc = inspect_write_edit(o, path, &in, &out, rc, &err);
    agi_save_free(&s);
    relic_buf_free(&in);
    relic_buf_free(&out);
    return rc;
}

int inspect_write_edit(const inspect_opts *o, const char *path, const relic_buf *in, const relic_buf *out, int rc,
                       relic_err *err)
{
    if (rc == RELIC_OK && o->in_place) {
        char bak[4096];
        if ((size_t)snprintf(bak, sizeof bak, "%s.bak", path) >= sizeof bak)
            rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "path too long");
        else if ((rc = relic_file_write_atomic(bak, in->data, in->len, err)) == RELIC_OK)
            rc = relic_file_write_atomic(path, out->data, out->len, err);
    } else if (rc == RELIC_OK) {
        rc = relic_file_write_atomic(o->out, out->data, out->len, err);
    }
    if (rc) {
        if (!err->file[0])
            relic_err_file(err, path);
        cli_report(err);
    }
    return cli_exit_code(rc);
}

int inspect_validate(const inspect_opts *o)
{
    int bad = 0, io = 0;
    json_t *rows = json_array();
    for (int i = 0; i < o->nargs; i++) {
        const char *path = o->args[i];
        relic_buf in = RELIC_BUF_INIT;
        relic_err err;
        relic_err_clear(&err);
        agi_save s;
        memset(&s, 0, sizeof s);
        int rc = relic_file_read(path, &in, &err);
        if (rc != RELIC_OK) {
            relic_err_file(&err, path);
            cli_report(&err);
            io = 1;
            continue;
        }
        if (in.len >= 4 && memcmp(in.data, "MHWK", 4) == 0) {
            json_t *row = json_pack("{s:s}", "file", path);
            int failed = inspect_riven_validate(o, path, &in, row);
            json_object_set_new(row, "ok", json_boolean(!failed));
            json_array_append_new(rows, row);
            bad |= failed;
            relic_buf_free(&in);
            continue;
        }
        rc = agi_save_decode(in.data, in.len, o->profile, &s, &err);
        if (rc == RELIC_OK)
            rc = agi_save_validate(&s, &err);
        int failed = 0;
        if (rc == RELIC_OK && o->game_dir) {
            json_t *doc = json_object();
            failed = inspect_game_check(o, path, &s, doc);
            if (failed > 0) {
                char names[200] = "";
                size_t k;
                json_t *c;
                json_array_foreach(json_object_get(json_object_get(doc, "game"), "checks"), k, c)
                    if (!json_is_true(json_object_get(c, "ok")) && strlen(names) < sizeof names - 40)
                        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? ", " : "",
                                 json_string_value(json_object_get(c, "check")));
                rc = relic_err_set(&err, RELIC_EDATA, RELIC_NO_OFFSET, "disagrees with game %s: %s", o->game_dir,
                                   names);
            }
            else if (failed < 0)
                rc = relic_err_set(&err, -failed, RELIC_NO_OFFSET, "cannot cross-check: game %s unreadable",
                                   o->game_dir);
            json_decref(doc);
        }
        char line[600];
        relic_err_format(&err, line, sizeof line);
        json_t *row = json_pack("{s:s, s:b}", "file", path, "ok", rc == RELIC_OK);
        if (rc == RELIC_OK) {
            json_object_set_new(row, "profile", json_string(s.profile->name));
            if (!o->json)
                printf("%s: ok (profile %s, %u blocks, %u objects, %u items, %u of %u replay pairs)\n", path,
                       s.profile->name, s.block_count, s.object_count, s.item_count, s.state.replay_count,
                       s.replay_slots);
        } else {
            json_object_set_new(row, "error", json_string(line));
            if (!o->json)
                printf("%s: %s\n", path, line);
            bad = 1;
        }
        json_array_append_new(rows, row);
        agi_save_free(&s);
        relic_buf_free(&in);
    }
    if (o->json)
        cli_json_report(rows, "relic-save-check", 1, "saves");
    json_decref(rows);
    return io ? CLI_EXIT_IO : bad ? CLI_EXIT_DATA : CLI_EXIT_OK;
}
