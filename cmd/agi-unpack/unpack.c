/* agi-unpack's run: open the game once, walk the directories, write each
 * payload and the metadata JSON, and keep going past broken resources.
 * Resources are extracted on a pool of workers (pool.h); each one's row and
 * error lines are collected and taken in directory order, so game.json,
 * stderr and the tree are the same for any -j. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "cli.h"
#include "json_report.h"
#include "export_html.h"
#include "export_rooms.h"
#include "relic/agi_json.h"
#include "relic/agi_picture.h"
#include "relic/agi_ext.h"
#include "relic/agi_logic.h"
#include "relic/io.h"
#include "export.h"
#include "pool.h"
#include "unpack.h"
#include "write.h"

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


int unpack_parse_views(const char *arg, unsigned *views)
{
    static const struct {
        const char *name;
        unsigned bit;
    } unpack_view_forms[] = {
        {"cels", UNPACK_VIEW_CELS},
        {"sheets", UNPACK_VIEW_SHEETS},
        {"gifs", UNPACK_VIEW_GIFS},
        {"none", 0},
    };
    unsigned bits = 0;
    const char *p = arg;
    for (;;) {
        size_t n = strcspn(p, ","), i;
        for (i = 0; i < RELIC_COUNTOF(unpack_view_forms); i++)
            if (strlen(unpack_view_forms[i].name) == n && strncmp(unpack_view_forms[i].name, p, n) == 0)
                break;
        if (i == RELIC_COUNTOF(unpack_view_forms))
            return -1;
        bits |= unpack_view_forms[i].bit;
        if (!p[n])
            break;
        p += n + 1;
    }
    *views = bits;
    return 0;
}

/* One resource's outcome (or OBJECT's or WORDS.TOK's, when meta_file is
 * set), kept until every earlier one is reported. */
typedef struct unpack_task {
    agi_kind kind;
    unsigned num;
    const char *meta_file, *meta_out;
    json_t *row;
    int errors, warnings, io_failed, json_oom;
    char *log;
    size_t log_len;
} unpack_task;

typedef struct unpack_worker {
    unpack_ctx x;
    relic_buf payload;
} unpack_worker;

typedef struct unpack_walk_state {
    unpack_task *tasks;
    size_t ntasks;
    unpack_worker *workers;
    json_t *resources;
    json_t *meta[2];        /* the OBJECT and WORDS.TOK rows */
    agi_layout_records *lr; /* game.json's container record, in parts */
    int errors, warnings, io_failed;
    int json_oom;   /* a row, or a member of one, was lost */
    unsigned total; /* directory entries, for the progress line */
} unpack_walk_state;

static json_t *unpack_metadata(unpack_ctx *x, const char *file, const char *out_name);

static int unpack_json_sink(void *ctx, const uint8_t *p, size_t n, relic_err *err)
{
    return relic_out_write(ctx, p, n, err);
}

/* game.json: the summary with the container record as "container",
 * streamed, the record straight from the parts the workers made (as a
 * tree it was most of --raw's serial time on a game with large volumes:
 * vtgadv's 1.6 MB of gaps hexed into strings, then copied escaped), and
 * into the file as it is printed (a buffer of its size was a third of
 * writing it).  No layout (out of memory) refuses the file, as a lost
 * member does: the temporary is removed. */
static void unpack_write_game_json(unpack_ctx *x, const json_t *summary, const agi_layout_records *lr)
{
    relic_err err;
    relic_err_clear(&err);
    char path[4096];
    relic_out file;
    int rc = lr && summary ? relic_json_check(x->json_oom, &err)
                           : relic_err_set(&err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    if (rc == RELIC_OK)
        rc = unpack_out_path(x, "game.json", path, sizeof path, &err);
    if (rc == RELIC_OK)
        rc = relic_out_open(&file, path, x->out->out_flags, &err);
    if (rc == RELIC_OK) {
        relic_json_stream s;
        relic_json_stream_begin(&s, &x->enc);
        relic_json_stream_sink(&s, unpack_json_sink, &file);
        relic_json_stream_open(&s, NULL, '{');
        relic_json_stream_members(&s, summary);
        agi_container_layout_stream(x->game, lr, &s, "container"); /* contents: last */
        relic_json_stream_close(&s, '}');
        rc = relic_json_stream_end(&s, &err);
        if (rc == RELIC_OK)
            rc = relic_out_commit(&file, &err);
        else
            relic_out_abort(&file);
    }
    unpack_write_done(x, "game.json", rc, &err);
}

/* lr (when writing): this entry's part of the container record, made
 * here from the payload just loaded rather than by loading every payload
 * again on one worker (that pass, hashing and rebuilding stored forms,
 * was the longest single job, and on vtgadv half of --raw). */
static json_t *unpack_resource(unpack_ctx *x, agi_kind kind, unsigned num, relic_buf *payload, agi_layout_records *lr)
{
    const agi_dir_entry *e = &x->game->dirs[kind].entry[num];
    agi_record rec;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_game_load(x->game, kind, num, &rec, payload, &err);
    if (lr) { /* each entry is one task's: no other worker touches it */
        lr->done[kind][num] = 1;
        if (rc == RELIC_OK) {
            agi_layout_records_describe(x->game, lr, kind, num, &rec, payload);
        }
    }
    /* identity, sizes, where it is, then what it holds */
    json_t *row = json_pack("{s:s, s:i}", "kind", agi_kind_name(kind), "number", (int)num);
    if (rc == RELIC_OK) {
        relic_json_set(row, "stored_size", json_integer(rec.stored_len), &x->json_oom);
        relic_json_set(row, "expanded_size", json_integer(rec.expanded_len), &x->json_oom);
    }
    relic_json_set(row, "volume", json_integer(e->volume), &x->json_oom);
    relic_json_set(row, "offset", json_integer(e->offset), &x->json_oom);
    if (rc) {
        unpack_name_file(x, &err, err.file[0] ? err.file : x->game->dir_file[kind]);
        unpack_unreadable(x, kind, num, &err, row);
        return row;
    }
    relic_json_set(row, "transform", json_string(agi_transform_name(rec.transform)), &x->json_oom);
    relic_json_set(row, "status", json_string("ok"), &x->json_oom);
    if (x->out) {
        char rel[64];
        snprintf(rel, sizeof rel, "raw/%s/%s%03u.bin", agi_kind_name(kind), agi_kind_name(kind), num);
        unpack_write(x, rel, payload->data, payload->len, NULL);
        relic_json_set(row, "file", json_string(rel), &x->json_oom);
    }
    unpack_export(x, kind, num, &rec, payload, row);
    return row;
}

static void unpack_walk_run(void *worker, size_t i, void *arg)
{
    unpack_walk_state *w = arg;
    unpack_worker *wk = worker;
    unpack_task *t = &w->tasks[i];
    wk->x.errors = wk->x.warnings = wk->x.io_failed = wk->x.json_oom = 0;
    if (t->meta_file)
        t->row = unpack_metadata(&wk->x, t->meta_file, t->meta_out);
    else
        t->row = unpack_resource(&wk->x, t->kind, t->num, &wk->payload, w->lr);
    t->errors = wk->x.errors;
    t->warnings = wk->x.warnings;
    t->io_failed = wk->x.io_failed;
    t->json_oom = wk->x.json_oom || !t->row;
    if (wk->x.log.len) {
        t->log = (char *)relic_buf_take(&wk->x.log, &t->log_len);
        if (!t->log) /* out of memory: the line is lost, the status is not */
            relic_buf_reset(&wk->x.log);
    }
}

/* In directory order: print the resource's errors, append its row. */
static void unpack_walk_done(size_t i, void *arg)
{
    unpack_walk_state *w = arg;
    unpack_task *t = &w->tasks[i];
    if (t->log) {
        cli_progress_done();
        fwrite(t->log, 1, t->log_len, stderr);
        free(t->log);
        t->log = NULL;
    }
    w->errors += t->errors;
    w->warnings += t->warnings;
    w->io_failed |= t->io_failed;
    w->json_oom |= t->json_oom;
    if (t->meta_file)
        w->meta[t->meta_out[0] == 'w'] = t->row;
    else
        relic_json_append(w->resources, t->row, &w->json_oom);
    t->row = NULL;
    cli_progress("%u/%u resources", (unsigned)i + 1, w->total);
}

/* Every selected resource, then OBJECT and WORDS.TOK, on the pool.  The
 * last two are reported last but started first: words.json is one of the
 * longest single jobs.  Each resource task also describes its record for
 * game.json's container record (unpack_resource); the entries no task
 * loaded (--only) and the whole record are done here after the pool. */
static void unpack_walk(unpack_ctx *x, unsigned jobs, json_t **objects, json_t **words, agi_layout_records **layout)
{
    const unpack_opts *o = x->o;
    unpack_walk_state w = {.resources = x->resources};
    size_t cap = 2;
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        cap += x->game->dirs[k].count;
    w.total = (unsigned)cap;
    w.tasks = relic_calloc_array(cap, sizeof *w.tasks);
    size_t *order = relic_calloc_array(cap, sizeof *order);
    if (jobs == 0)
        jobs = unpack_pool_default_jobs();
    w.workers = relic_calloc_array(jobs, sizeof *w.workers);
    void **states = relic_calloc_array(jobs, sizeof *states);
    if (x->out)
        w.lr = relic_calloc_array(1, sizeof *w.lr);
    if (!w.tasks || !order || !w.workers || !states || (x->out && !w.lr)) {
        relic_err err;
        relic_err_clear(&err);
        relic_err_set(&err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        unpack_report(x, &err);
        x->io_failed = 1;
        goto done;
    }
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < x->game->dirs[k].count; n++)
            if (x->game->dirs[k].entry[n].present && (!o->have_select || o->select.want[k][n]))
                w.tasks[w.ntasks++] = (unpack_task){.kind = (agi_kind)k, .num = n};
    w.tasks[w.ntasks++] = (unpack_task){.meta_file = "OBJECT", .meta_out = "objects.json"};
    w.tasks[w.ntasks++] = (unpack_task){.meta_file = "WORDS.TOK", .meta_out = "words.json"};
    size_t late = 2;
    for (size_t i = 0; i < w.ntasks; i++)
        order[i] = (i + w.ntasks - late) % w.ntasks;
    for (unsigned j = 0; j < jobs; j++) {
        unpack_ctx_init(&w.workers[j].x, o, x->game, x->names, x->out);
        w.workers[j].x.page = x->page;
        w.workers[j].x.usage = x->usage;
        states[j] = &w.workers[j];
    }
    unpack_pool_run(jobs, w.ntasks, order, states, unpack_walk_run, unpack_walk_done, &w);
    for (unsigned j = 0; j < jobs; j++) {
        unpack_ctx_free(&w.workers[j].x);
        relic_buf_free(&w.workers[j].payload);
    }
    x->errors += w.errors;
    x->warnings += w.warnings;
    x->io_failed |= w.io_failed;
    x->json_oom |= w.json_oom;
    /* NULL (out of memory) makes game.json refuse itself, as a lost
     * member does; the caller prints the record into game.json. */
    if (w.lr && agi_layout_records_fill(x->game, w.lr) == RELIC_OK) {
        *layout = w.lr;
        w.lr = NULL;
    }
done:
    *objects = w.meta[0] ? w.meta[0] : json_pack("{s:s}", "status", "absent");
    *words = w.meta[1] ? w.meta[1] : json_pack("{s:s}", "status", "absent");
    if (w.lr) {
        agi_layout_records_free(w.lr);
        free(w.lr);
    }
    cli_progress_done();
    free(order);
    free(states);
    free(w.workers);
    free(w.tasks);
}
/* OBJECT and WORDS.TOK: decoded to JSON; a bad file is reported, not fatal. */
static json_t *unpack_metadata(unpack_ctx *x, const char *file, const char *out_name)
{
    const agi_file *f = agi_fileset_find(x->game->files, file);
    if (!f)
        return json_pack("{s:s}", "status", "absent");
    json_t *info = json_pack("{s:i, s:s}", "size", (int)f->len, "file", f->name);
    if (x->out) {
        /* The file as shipped, so agi-pack can reproduce its exact layout. */
        char raw_rel[64];
        snprintf(raw_rel, sizeof raw_rel, "raw/%s", file);
        unpack_write(x, raw_rel, f->data, f->len, NULL);
        relic_json_set(info, "raw", json_string(raw_rel), &x->json_oom);
    }
    relic_err err, serr;
    relic_err_clear(&err);
    relic_err_clear(&serr);
    json_t *doc = NULL;
    /* With no index.html to feed (--raw) the file is streamed, the same
     * bytes without the tree (export_messages.c). */
    int stream = x->out && !x->page, decoded = 0, placeholder = 0, src = RELIC_OK;
    if (strcmp(file, "OBJECT") == 0) {
        agi_objects ob;
        if (agi_objects_decode(f->data, f->len, agi_objects_key(x->game->profile, x->o->extensions), &ob, &err) ==
            RELIC_OK) {
            decoded = 1;
            placeholder = ob.placeholder;
            if (stream)
                src = agi_objects_write_json(&ob, &x->enc, &serr);
            else
                doc = agi_objects_to_json(&ob);
            agi_objects_free(&ob);
        }
    } else {
        agi_words w;
        if (agi_words_decode(f->data, f->len, &w, &err) == RELIC_OK) {
            decoded = 1;
            placeholder = w.placeholder;
            if (stream)
                src = agi_words_write_json(&w, &x->enc, &serr);
            else
                doc = agi_words_to_json(&w);
            agi_words_free(&w);
        }
    }
    if (!decoded || (!stream && !doc)) {
        unpack_name_file(x, &err, f->name);
        unpack_report(x, &err);
        x->errors++;
        relic_json_set(info, "status", json_string("error"), &x->json_oom);
        relic_json_set(info, "error", unpack_error_json(&err), &x->json_oom);
        return info;
    }
    relic_json_set(info, "status", json_string("ok"), &x->json_oom);
    if (placeholder)
        relic_json_set(info, "placeholder", json_true(), &x->json_oom);
    if (x->out) {
        int wrc = stream ? unpack_write_json_bytes(x, out_name, src, &serr) : unpack_write(x, out_name, NULL, 0, doc);
        if (wrc == 0 && x->page)
            *(out_name[0] == 'w' ? &x->page->words : &x->page->objects) = json_incref(doc);
        relic_json_set(info, "output", json_string(out_name), &x->json_oom);
    }
    json_decref(doc);
    return info;
}

/* Every error and warning of the run, one object each: what it is about
 * (a resource's kind and number, or a file) and the line said on stderr. */
static json_t *unpack_problems(const json_t *resources, const json_t *objects, const json_t *words, int *oom)
{
    json_t *problems = json_array();
    size_t i;
    json_t *r;
    json_array_foreach (resources, i, r) {
        static const char *const severities[] = {"error", "warning"};
        for (size_t k = 0; k < RELIC_COUNTOF(severities); k++) {
            json_t *line = json_object_get(r, severities[k]);
            if (json_is_string(line))
                relic_json_append(problems,
                                  json_pack("{s:O, s:O, s:s, s:O}", "kind", json_object_get(r, "kind"), "number",
                                            json_object_get(r, "number"), "severity", severities[k], "message", line),
                                  oom);
        }
    }
    const json_t *meta[2] = {objects, words};
    for (size_t k = 0; k < 2; k++) {
        json_t *line = json_object_get(meta[k], "error");
        if (json_is_string(line))
            relic_json_append(problems,
                              json_pack("{s:O, s:s, s:O}", "file", json_object_get(meta[k], "file"), "severity",
                                        "error", "message", line),
                              oom);
    }
    return problems;
}

/* What decided the profile and the extensions, in words. */
static json_t *unpack_evidence(const char (*lines)[240], unsigned count, int *oom)
{
    json_t *arr = json_array();
    for (unsigned i = 0; i < count; i++)
        relic_json_append(arr, json_string(lines[i]), oom);
    return arr;
}

static json_t *unpack_extension_names(unsigned extensions, int *oom)
{
    json_t *arr = json_array();
    unsigned ext_count;
    const agi_extension *ext = agi_extensions(&ext_count);
    for (unsigned i = 0; i < ext_count; i++)
        if (extensions & ext[i].flag)
            relic_json_append(arr, json_string(ext[i].name), oom);
    return arr;
}

/* The summary (game.json without the container record, and the probe):
 * what the game is, its profile and why, its problems, then its files
 * and resources. */
static json_t *unpack_summary(unpack_ctx *x, json_t *objects, json_t *words, const char (*ext_why)[240],
                              unsigned ext_why_count)
{
    const agi_game *g = x->game;
    json_t *dirs = json_object(), *vols = json_array();
    for (int k = 0; k < AGI_KIND_COUNT; k++) {
        unsigned present = 0;
        for (unsigned n = 0; n < g->dirs[k].count; n++)
            present += g->dirs[k].entry[n].present;
        relic_json_set(dirs, agi_kind_name((agi_kind)k),
                       json_pack("{s:s, s:i, s:i}", "file", g->dir_file[k], "entries", (int)g->dirs[k].count, "present",
                                 (int)present),
                       &x->json_oom);
    }
    for (int v = 0; v < 16; v++)
        if (g->volumes[v])
            relic_json_append(
                vols,
                json_pack("{s:i, s:i, s:s}", "number", v, "size", (int)g->volumes[v]->len, "file", g->volumes[v]->name),
                &x->json_oom);
    /* the game's name: its folder's */
    char name[256];
    size_t len = strlen(x->o->game_dir);
    while (len > 1 && x->o->game_dir[len - 1] == '/')
        len--;
    size_t from = len;
    while (from > 0 && x->o->game_dir[from - 1] != '/')
        from--;
    snprintf(name, sizeof name, "%.*s", (int)(len - from), x->o->game_dir + from);
    json_t *s =
        json_pack("{s:s, s:i, s:s, s:s, s:o, s:s, s:b, s:o, s:o, s:o, s:o, s:o}", "format", "relic-agi-unpack",
                  "format_version", 1, "name", name, "profile", g->profile->name, "interpreter_version",
                  g->version[0] ? json_string(g->version) : json_null(), "profile_source",
                  agi_profile_source_name(g->profile_source), "profile_exact", g->exact_profile, "profile_declared",
                  g->profile_declared ? json_string(g->profile_declared->name) : json_null(), "profile_evidence",
                  unpack_evidence(g->evidence, g->evidence_count, &x->json_oom), "extensions",
                  unpack_extension_names(x->o->extensions, &x->json_oom), "extension_evidence",
                  unpack_evidence(ext_why, ext_why_count, &x->json_oom), "palette",
                  x->o->agipal ? json_integer(x->o->agipal) : json_null());
    relic_json_set(s, "layout", json_string(agi_layout_name(g->layout)), &x->json_oom);
    relic_json_set(s, "prefix", json_string(g->prefix), &x->json_oom);
    relic_json_set(s, "split_directories", json_boolean(g->split_dirs), &x->json_oom);
    relic_json_set(s, "errors", json_integer(x->errors), &x->json_oom);
    relic_json_set(s, "warnings", json_integer(x->warnings), &x->json_oom);
    relic_json_set(s, "problems", unpack_problems(x->resources, objects, words, &x->json_oom), &x->json_oom);
    relic_json_set(s, "directories", dirs, &x->json_oom);
    relic_json_set(s, "volumes", vols, &x->json_oom);
    relic_json_set(s, "objects", objects, &x->json_oom);
    relic_json_set(s, "words", words, &x->json_oom);
    relic_json_set(s, "resources", json_incref(x->resources), &x->json_oom);
    return s;
}

static void unpack_print_list(const json_t *resources)
{
    printf("%-8s %4s %4s %8s %7s %7s %-15s %s\n", "kind", "num", "vol", "offset", "stored", "size", "transform",
           "status");
    size_t i;
    json_t *r;
    json_array_foreach (resources, i, r) {
        printf("%-8s %4d %4d %8d", json_string_value(json_object_get(r, "kind")),
               (int)json_integer_value(json_object_get(r, "number")),
               (int)json_integer_value(json_object_get(r, "volume")),
               (int)json_integer_value(json_object_get(r, "offset")));
        if (json_object_get(r, "stored_size"))
            printf(" %7d %7d %-15s %s\n", (int)json_integer_value(json_object_get(r, "stored_size")),
                   (int)json_integer_value(json_object_get(r, "expanded_size")),
                   json_string_value(json_object_get(r, "transform")), json_string_value(json_object_get(r, "status")));
        else /* the line said on stderr, error or warning (unused) */
            printf(" %7s %7s %-15s %s\n", "-", "-", "-",
                   json_string_value(json_object_get(r, json_object_get(r, "error") ? "error" : "warning")));
    }
}

/* Profile evidence from the logic opcode range: the strict disassembler
 * refuses an opcode the profile does not have.  Only its verdict is
 * needed, so no listing is printed (that was an eighth of a run). */
static int unpack_logic_accepts(void *ctx, const uint8_t *payload, size_t len, const agi_profile *p)
{
    (void)ctx;
    agi_logic_ctx lc = {.profile = p, .strict = 1};
    int rc = agi_logic_check(payload, len, &lc, NULL);
    return rc == RELIC_ENOMEM ? -1 : rc == RELIC_OK;
}

int unpack_run(const unpack_opts *o)
{
    /* jansson seeds its hash function on the first object; do it here,
     * before any worker creates one. */
    json_object_seed(0);
    agi_game game;
    agi_fileset fs = {0, 0};
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_fileset_read_dir(o->game_dir, &fs, &err);
    agi_open_opts oo = {.profile = o->profile, .logic_accepts = unpack_logic_accepts};
    if (rc == RELIC_OK)
        rc = agi_game_open(&fs, &oo, &game, &err);
    if (rc) {
        if (!err.file[0])
            relic_err_file(&err, o->game_dir);
        cli_report(&err);
        agi_fileset_free(&fs);
        return cli_exit_code(rc);
    }
    int writing = o->out_dir && !o->list;
    unpack_opts local = *o;
    if (o->list)
        local.out_dir = NULL;
    memcpy(local.palette, agi_ega_palette, sizeof local.palette);
    char ext_why[4][240];
    unsigned ext_why_count;
    local.extensions = agi_extensions_detect(&game, ext_why, 4, &ext_why_count);
    if (o->agipal) {
        unsigned masked = 0;
        if (agi_agipal_load(&fs, o->agipal, local.palette, &masked, &err)) {
            if (!err.file[0])
                relic_err_file(&err, o->game_dir);
            cli_report(&err);
            agi_fileset_free(&fs);
            return CLI_EXIT_DATA;
        }
        if (masked)
            cli_warn("%s: pal.%u: %u components above 63 keep their low six bits", o->game_dir, o->agipal, masked);
    }
    unpack_names names;
    memset(&names, 0, sizeof names);
    if (writing && !o->raw_only && unpack_names_load(&game, local.extensions, &names, &err)) {
        cli_report(&err);
        unpack_names_free(&names);
        agi_fileset_free(&fs);
        return CLI_EXIT_IO;
    }
    /* A new OUT is written whole (relic_tree): in a hidden sibling,
     * renamed into place at the end, files without a rename each. */
    relic_tree tree = {0};
    if (writing && relic_tree_begin(&tree, o->out_dir, &err)) {
        cli_report(&err);
        unpack_names_free(&names);
        agi_fileset_free(&fs);
        return CLI_EXIT_IO;
    }
    unpack_out out;
    unpack_out_init(&out, tree.root, tree.out_flags);
    unpack_ctx x;
    unpack_ctx_init(&x, &local, &game, &names, writing ? &out : NULL);
    x.resources = json_array();
    /* index.html's material, kept as the files are written. */
    int paging = writing && !o->raw_only;
    if (paging && !(x.page = relic_calloc_array(1, sizeof *x.page)))
        x.json_oom = 1; /* refuses game.json and the page, as a lost member does */
    if (x.page)
        unpack_page_name_folder(x.page, o->game_dir);
    /* Which entries the game can load: an unreadable one it never loads
     * is a warning (unpack_unreadable). */
    agi_game_usage *usage = relic_calloc_array(1, sizeof *usage);
    if (!usage || agi_game_usage_read(&game, usage, &err)) {
        free(usage);
        usage = NULL; /* out of memory: every entry counts as loaded */
    }
    x.usage = usage;
    json_t *objects, *words;
    agi_layout_records *layout = NULL;
    unpack_walk(&x, o->jobs ? o->jobs : unpack_pool_default_jobs(), &objects, &words, &layout);
    unpack_ctx_flush_log(&x);
    json_t *summary = unpack_summary(&x, objects, words, (const char(*)[240])ext_why, ext_why_count);
    x.json_oom |= !summary;
    if (writing) {
        /* What agi-pack --keep-layout needs to rebuild the files exactly;
         * only in game.json, not in the printed summary. */
        unpack_write_game_json(&x, summary, layout);
    }
    if (layout) {
        agi_layout_records_free(layout);
        free(layout);
    }
    unpack_ctx_flush_log(&x);
    /* game.json above refused a summary that lost a member; so do the page
     * and the report (once, when nothing was written). */
    if (x.json_oom && !writing) {
        relic_json_check(x.json_oom, &err);
        relic_err_file(&err, o->game_dir);
        cli_report(&err);
        x.io_failed = 1;
    }
    if (!x.json_oom && paging && unpack_rooms_write(tree.root, tree.out_flags, x.page, &err)) {
        cli_report(&err);
        x.io_failed = 1;
    }
    if (!x.json_oom && paging && unpack_html_write(tree.root, tree.out_flags, summary, x.page, &err)) {
        cli_report(&err); /* the page is written last, from the files above */
        x.io_failed = 1;
    }
    if (writing && relic_tree_commit(&tree, &err)) {
        cli_report(&err);
        x.io_failed = 1;
    }
    if (o->json && !x.json_oom) {
        /* A report that could not be printed whole is an I/O failure, as in
         * every other tool. */
        if (cli_json_report(o->list ? x.resources : summary, "relic-agi-unpack-list", 1, "resources"))
            x.io_failed = 1;
    } else if (o->list && !x.json_oom)
        unpack_print_list(x.resources);
    json_decref(summary);
    json_decref(x.resources);
    int status = x.io_failed ? CLI_EXIT_IO : x.errors ? CLI_EXIT_DATA : CLI_EXIT_OK;
    unpack_page_free(x.page);
    free(usage);
    unpack_ctx_free(&x);
    unpack_names_free(&names);
    unpack_out_free(&out);
    agi_fileset_free(&fs);
    return status;
}
