/* agi-unpack's run: open the game once, walk the directories, write each
 * payload and the metadata JSON, and keep going past broken resources. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "json_report.h"
#include "export_html.h"
#include "relic/agi_ext.h"
#include "relic/agi_json.h"
#include "relic/agi_logic.h"
#include "relic/agi_picture.h"
#include "relic/io.h"
#include "unpack.h"

int unpack_parse_only(const char *arg, unpack_select *sel)
{
    char *copy = strdup(arg), *save = NULL;
    if (!copy)
        return -1;
    int rc = 0;
    for (char *tok = strtok_r(copy, ",", &save); tok && rc == 0; tok = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(tok, ':');
        if (colon)
            *colon = '\0';
        agi_kind kind;
        unsigned long num = 0;
        if (agi_kind_parse(tok, &kind) || (colon && cli_parse_uint(colon + 1, 0, 255, &num)))
            rc = -1;
        else if (colon)
            sel->want[kind][num] = 1;
        else
            memset(sel->want[kind], 1, AGI_DIR_ENTRIES);
    }
    free(copy);
    return rc;
}

/* Writes bytes or JSON to OUT/rel, refusing names that leave OUT. */
int unpack_write(unpack_ctx *x, const char *rel, const void *data, size_t len, const json_t *doc)
{
    char path[4096];
    relic_err err;
    relic_err_clear(&err);
    int rc = relic_path_join(x->o->out_dir, rel, 1, path, sizeof path, &err);
    if (rc == RELIC_OK)
        rc = doc ? relic_json_write(path, doc, &err) : relic_file_write_atomic(path, data, len, &err);
    if (rc) {
        cli_report(&err);
        x->io_failed = 1;
    }
    return rc;
}

/* Errors from inside the game name a game file; say where it is. */
static void unpack_name_file(const unpack_ctx *x, relic_err *err, const char *name)
{
    char path[sizeof err->file + 4096];
    snprintf(path, sizeof path, "%s/%s", x->o->game_dir, name);
    err->file[0] = '\0';
    relic_err_file(err, path);
}

static json_t *unpack_error_json(const relic_err *err)
{
    char line[600];
    relic_err_format(err, line, sizeof line);
    return json_string(line);
}

void unpack_fail(unpack_ctx *x, agi_kind kind, unsigned num, const agi_record *rec, relic_err *err, json_t *row)
{
    /* Offsets inside an expanded payload mean nothing in the volume file:
     * they are turned into volume offsets when the payload is stored as
     * is, and said to be payload offsets otherwise. */
    char msg[sizeof err->msg + 64];
    if (err->offset != RELIC_NO_OFFSET && rec->transform != AGI_TRANSFORM_NONE) {
        snprintf(msg, sizeof msg, "%s %u: %s (expanded payload offset 0x%zx)", agi_kind_name(kind), num, err->msg,
                 err->offset);
        err->offset = RELIC_NO_OFFSET;
    } else {
        snprintf(msg, sizeof msg, "%s %u: %s", agi_kind_name(kind), num, err->msg);
        if (err->offset != RELIC_NO_OFFSET)
            err->offset += rec->offset + rec->header_len;
    }
    relic_err_set(err, err->code, err->offset, "%s", msg);
    unpack_name_file(x, err, x->game.volumes[x->game.dirs[kind].entry[num].volume]->name);
    cli_report(err);
    json_object_set_new(row, "status", json_string("error"));
    json_object_set_new(row, "error", unpack_error_json(err));
    x->errors++;
}

void unpack_warn(unpack_ctx *x, agi_kind kind, unsigned num, const agi_record *rec, unsigned count, const char *msg,
                 size_t payload_offset, json_t *row)
{
    if (!count)
        return;
    char line[400];
    const char *vol = x->game.volumes[x->game.dirs[kind].entry[num].volume]->name;
    if (rec->transform == AGI_TRANSFORM_NONE)
        snprintf(line, sizeof line, "%s/%s: %s %u: warning: %s (offset 0x%zx)", x->o->game_dir, vol,
                 agi_kind_name(kind), num, msg, payload_offset + rec->offset + rec->header_len);
    else
        snprintf(line, sizeof line, "%s/%s: %s %u: warning: %s (expanded payload offset 0x%zx)", x->o->game_dir, vol,
                 agi_kind_name(kind), num, msg, payload_offset);
    cli_warn("%s", line);
    json_object_set_new(row, "warning", json_string(line));
    x->warnings++;
}

static void unpack_resource(unpack_ctx *x, agi_kind kind, unsigned num, relic_buf *payload)
{
    const agi_dir_entry *e = &x->game.dirs[kind].entry[num];
    agi_record rec;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_game_load(&x->game, kind, num, &rec, payload, &err);
    json_t *row = json_pack("{s:s, s:i, s:i, s:i}", "kind", agi_kind_name(kind), "number", (int)num, "volume",
                            (int)e->volume, "offset", (int)e->offset);
    if (rc) {
        unpack_name_file(x, &err, err.file[0] ? err.file : x->game.dir_file[kind]);
        cli_report(&err);
        json_object_set_new(row, "status", json_string("error"));
        json_object_set_new(row, "error", unpack_error_json(&err));
        x->errors++;
        json_array_append_new(x->resources, row);
        return;
    }
    json_object_set_new(row, "stored_size", json_integer(rec.stored_len));
    json_object_set_new(row, "expanded_size", json_integer(rec.expanded_len));
    json_object_set_new(row, "transform", json_string(agi_transform_name(rec.transform)));
    json_object_set_new(row, "status", json_string("ok"));
    if (x->o->out_dir) {
        char rel[64];
        snprintf(rel, sizeof rel, "raw/%s/%s%03u.bin", agi_kind_name(kind), agi_kind_name(kind), num);
        unpack_write(x, rel, payload->data, payload->len, NULL);
        json_object_set_new(row, "file", json_string(rel));
    }
    unpack_export(x, kind, num, &rec, payload, row);
    json_array_append_new(x->resources, row);
}

/* OBJECT and WORDS.TOK: decoded to JSON; a bad file is reported, not fatal. */
static json_t *unpack_metadata(unpack_ctx *x, const char *file, const char *out_name)
{
    const agi_file *f = agi_fileset_find(x->game.files, file);
    if (!f)
        return json_pack("{s:s}", "status", "absent");
    json_t *info = json_pack("{s:s, s:i}", "file", f->name, "size", (int)f->len);
    if (x->o->out_dir) {
        /* The file as shipped, so agi-pack can reproduce its exact layout. */
        char raw_rel[64];
        snprintf(raw_rel, sizeof raw_rel, "raw/%s", file);
        unpack_write(x, raw_rel, f->data, f->len, NULL);
        json_object_set_new(info, "raw", json_string(raw_rel));
    }
    relic_err err;
    relic_err_clear(&err);
    json_t *doc = NULL;
    if (strcmp(file, "OBJECT") == 0) {
        agi_objects ob;
        if (agi_objects_decode(f->data, f->len, x->game.profile->inventory_xor, &ob, &err) == RELIC_OK) {
            doc = agi_objects_to_json(&ob);
            agi_objects_free(&ob);
        }
    } else {
        agi_words w;
        if (agi_words_decode(f->data, f->len, &w, &err) == RELIC_OK) {
            doc = agi_words_to_json(&w);
            agi_words_free(&w);
        }
    }
    if (!doc) {
        unpack_name_file(x, &err, f->name);
        cli_report(&err);
        x->errors++;
        json_object_set_new(info, "status", json_string("error"));
        json_object_set_new(info, "error", unpack_error_json(&err));
        return info;
    }
    json_object_set_new(info, "status", json_string("ok"));
    if (x->o->out_dir) {
        unpack_write(x, out_name, NULL, 0, doc);
        json_object_set_new(info, "output", json_string(out_name));
    }
    json_decref(doc);
    return info;
}

static json_t *unpack_summary(unpack_ctx *x, json_t *objects, json_t *words)
{
    const agi_game *g = &x->game;
    json_t *dirs = json_object(), *vols = json_array();
    for (int k = 0; k < AGI_KIND_COUNT; k++) {
        unsigned present = 0;
        for (unsigned n = 0; n < g->dirs[k].count; n++)
            present += g->dirs[k].entry[n].present;
        json_object_set_new(dirs, agi_kind_name((agi_kind)k),
                            json_pack("{s:s, s:i, s:i}", "file", g->dir_file[k], "entries", (int)g->dirs[k].count,
                                      "present", (int)present));
    }
    for (int v = 0; v < 16; v++)
        if (g->volumes[v])
            json_array_append_new(vols, json_pack("{s:i, s:s, s:i}", "number", v, "file", g->volumes[v]->name,
                                                  "size", (int)g->volumes[v]->len));
    return json_pack("{s:s, s:i, s:s, s:s, s:b, s:s, s:s, s:o, s:b, s:o, s:o, s:O, s:o, s:o, s:i, s:i}", "format",
                     "relic-agi-unpack", "format_version", 1, "layout", agi_layout_name(g->layout),
                     "prefix", g->prefix, "split_directories", g->split_dirs, "profile", g->profile->name,
                     "profile_source", agi_profile_source_name(g->profile_source), "interpreter_version",
                     g->version[0] ? json_string(g->version) : json_null(), "profile_exact", g->exact_profile,
                     "directories", dirs, "volumes", vols, "resources", x->resources, "objects", objects, "words",
                     words, "errors", x->errors, "warnings", x->warnings);
}

static void unpack_print_list(const json_t *resources)
{
    printf("%-8s %4s %4s %8s %7s %7s %-15s %s\n", "kind", "num", "vol", "offset", "stored", "size", "transform",
           "status");
    size_t i;
    json_t *r;
    json_array_foreach(resources, i, r) {
        printf("%-8s %4d %4d %8d", json_string_value(json_object_get(r, "kind")),
               (int)json_integer_value(json_object_get(r, "number")),
               (int)json_integer_value(json_object_get(r, "volume")),
               (int)json_integer_value(json_object_get(r, "offset")));
        if (json_object_get(r, "stored_size"))
            printf(" %7d %7d %-15s %s\n", (int)json_integer_value(json_object_get(r, "stored_size")),
                   (int)json_integer_value(json_object_get(r, "expanded_size")),
                   json_string_value(json_object_get(r, "transform")), json_string_value(json_object_get(r, "status")));
        else
            printf(" %7s %7s %-15s %s\n", "-", "-", "-", json_string_value(json_object_get(r, "error")));
    }
}

static int unpack_walk(unpack_ctx *x)
{
    const unpack_opts *o = x->o;
    unsigned total = 0, done = 0;
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        total += x->game.dirs[k].count;
    relic_buf payload = RELIC_BUF_INIT;
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < x->game.dirs[k].count; n++, done++) {
            if (!x->game.dirs[k].entry[n].present || (o->have_select && !o->select.want[k][n]))
                continue;
            if (o->list) {
                /* Listing decodes too, so broken records show up. */
                x->io_failed = 0;
            }
            if (done % 32 == 0)
                cli_progress("%u/%u", done, total);
            unpack_resource(x, (agi_kind)k, n, &payload);
        }
    cli_progress_done();
    relic_buf_free(&payload);
    return 0;
}

/* Profile evidence from the logic opcode range: the strict disassembler
 * refuses an opcode the profile does not have. */
static int unpack_logic_accepts(void *ctx, const uint8_t *payload, size_t len, const agi_profile *p)
{
    (void)ctx;
    agi_logic_ctx lc = {.profile = p, .strict = 1};
    relic_buf out = RELIC_BUF_INIT;
    int ok = agi_logic_disasm(payload, len, &lc, &out, NULL) == RELIC_OK;
    relic_buf_free(&out);
    return ok;
}

int unpack_run(const unpack_opts *o)
{
    unpack_ctx x;
    memset(&x, 0, sizeof x);
    x.o = o;
    agi_fileset fs = {0, 0};
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_fileset_read_dir(o->game_dir, &fs, &err);
    agi_open_opts oo = {.profile = o->profile, .logic_accepts = unpack_logic_accepts};
    if (rc == RELIC_OK)
        rc = agi_game_open(&fs, &oo, &x.game, &err);
    if (rc) {
        if (!err.file[0])
            relic_err_file(&err, o->game_dir);
        cli_report(&err);
        agi_fileset_free(&fs);
        return cli_exit_code(rc);
    }
    memcpy(x.palette, agi_ega_palette, sizeof x.palette);
    x.extensions = agi_extensions_detect(&x.game, x.ext_why, 4, &x.ext_why_count);
    if (o->agipal) {
        unsigned masked = 0;
        if (agi_agipal_load(&fs, o->agipal, x.palette, &masked, &err)) {
            if (!err.file[0])
                relic_err_file(&err, o->game_dir);
            cli_report(&err);
            agi_fileset_free(&fs);
            return CLI_EXIT_DATA;
        }
        if (masked)
            cli_warn("%s: pal.%u: %u components above 63 keep their low six bits", o->game_dir, o->agipal, masked);
    }
    if (o->out_dir && !o->list && relic_mkdirs(o->out_dir, &err)) {
        cli_report(&err);
        agi_fileset_free(&fs);
        return CLI_EXIT_IO;
    }
    unpack_opts local = *o;
    if (o->list)
        local.out_dir = NULL;
    x.o = &local;
    x.resources = json_array();
    unpack_walk(&x);
    json_t *objects = unpack_metadata(&x, "OBJECT", "objects.json");
    json_t *words = unpack_metadata(&x, "WORDS.TOK", "words.json");
    json_t *summary = unpack_summary(&x, objects, words);
    json_t *evidence = json_array();
    for (unsigned i = 0; i < x.game.evidence_count; i++)
        json_array_append_new(evidence, json_string(x.game.evidence[i]));
    json_object_set_new(summary, "profile_declared",
                        x.game.profile_declared ? json_string(x.game.profile_declared->name) : json_null());
    json_object_set_new(summary, "profile_evidence", evidence);
    json_t *exts = json_array(), *ext_why = json_array();
    unsigned ext_count;
    const agi_extension *ext = agi_extensions(&ext_count);
    for (unsigned i = 0; i < ext_count; i++)
        if (x.extensions & ext[i].flag)
            json_array_append_new(exts, json_string(ext[i].name));
    for (unsigned i = 0; i < x.ext_why_count; i++)
        json_array_append_new(ext_why, json_string(x.ext_why[i]));
    json_object_set_new(summary, "extensions", exts);
    json_object_set_new(summary, "extension_evidence", ext_why);
    json_object_set_new(summary, "palette", o->agipal ? json_integer(o->agipal) : json_null());
    if (local.out_dir) {
        /* What agi-pack --keep-layout needs to rebuild the files exactly;
         * only in game.json, not in the printed summary. */
        json_object_set_new(summary, "container", agi_container_layout_to_json(&x.game));
        unpack_write(&x, "game.json", NULL, 0, summary);
        json_object_del(summary, "container");
    }
    if (local.out_dir && !o->raw_only && unpack_html_write(local.out_dir, summary, &err)) {
        cli_report(&err); /* the page is written last, from the files above */
        x.io_failed = 1;
    }
    if (o->json)
        cli_json_report(o->list ? x.resources : summary, "relic-agi-unpack-list", 1, "resources");
    else if (o->list)
        unpack_print_list(x.resources);
    json_decref(summary);
    json_decref(x.resources);
    agi_fileset_free(&fs);
    if (x.io_failed)
        return CLI_EXIT_IO;
    return x.errors ? CLI_EXIT_DATA : CLI_EXIT_OK;
}
