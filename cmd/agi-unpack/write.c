/* agi-unpack's writer helpers (write.h): the output tree, atomic writes
 * through each worker's reused buffers, and per-resource error logs.  A leaf:
 * it calls only the libraries and cmd/common, never the driver or the
 * exporters.
 *
 * Cost per file written: one open with O_CREAT|O_EXCL, a write and a
 * close; in an OUT that existed before the run, the open is of a temporary
 * and a rename follows (a new OUT is staged whole, relic_tree).  Folder
 * checks are made once per folder per run (the tree below) instead of an
 * lstat of every path component per file; the names joined here are
 * agi-unpack's own (printf of fixed patterns), checked without system
 * calls. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "image.h"
#include "relic/agi_ext.h"
#include "relic/core.h"
#include "relic/io.h"
#include "write.h"

void unpack_out_init(unpack_out *out, const char *root, unsigned out_flags)
{
    memset(out, 0, sizeof *out);
    out->root = root;
    out->out_flags = out_flags;
    pthread_mutex_init(&out->lock, NULL);
}

void unpack_out_free(unpack_out *out)
{
    for (size_t i = 0; i < out->count; i++)
        free(out->dirs[i]);
    free(out->dirs);
    pthread_mutex_destroy(&out->lock);
}

static int unpack_out_known(const unpack_out *out, const char *dir, size_t n)
{
    for (size_t i = 0; i < out->count; i++)
        if (strncmp(out->dirs[i], dir, n) == 0 && out->dirs[i][n] == '\0')
            return 1;
    return 0;
}

/* Makes OUT/dir[0..n) a folder (created now, or already a real folder);
 * called with the lock held, for each prefix of a new folder in turn. */
static int unpack_out_make(unpack_out *out, const char *dir, size_t n, relic_err *err)
{
    if (unpack_out_known(out, dir, n))
        return RELIC_OK;
    char path[4096];
    int w = snprintf(path, sizeof path, "%s/%.*s", out->root, (int)n, dir);
    if (w < 0 || (size_t)w >= sizeof path)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "output path too long");
    if (mkdir(path, 0777) != 0) {
        struct stat st;
        if (errno != EEXIST)
            return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot create folder '%s': %s", path,
                                 strerror(errno));
        if (lstat(path, &st) != 0)
            return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "'%s': %s", path, strerror(errno));
        if (S_ISLNK(st.st_mode))
            return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "refusing to follow symbolic link '%s'", path);
        if (!S_ISDIR(st.st_mode))
            return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "'%s' is not a folder", path);
    } else {
        relic_dir_spread(path); /* made now: this run's own */
    }
    char *copy = strndup(dir, n);
    if (!copy || relic_grow((void **)&out->dirs, &out->cap, out->count + 1, sizeof *out->dirs, 32)) {
        free(copy);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    out->dirs[out->count++] = copy;
    return RELIC_OK;
}

/* Whether rel is a plain relative name: components neither empty, `.`
 * nor `..`, no backslash or control bytes (as relic_path_join checks). */
static int unpack_rel_ok(const char *rel)
{
    const char *p = rel;
    for (;;) {
        size_t n = strcspn(p, "/");
        if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
            return 0;
        for (size_t i = 0; i < n; i++)
            if (p[i] == '\\' || (unsigned char)p[i] < 0x20)
                return 0;
        if (!p[n])
            return 1;
        p += n + 1;
    }
}

int unpack_out_path(unpack_ctx *x, const char *rel, char *path, size_t pathsz, relic_err *err)
{
    if (!x->out)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "no output folder");
    if (!unpack_rel_ok(rel))
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "refusing output name '%s'", rel);
    int w = snprintf(path, pathsz, "%s/%s", x->out->root, rel);
    if (w < 0 || (size_t)w >= pathsz)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "output path too long");
    const char *slash = strrchr(rel, '/');
    size_t dn = slash ? (size_t)(slash - rel) : 0;
    if (dn == 0 || (strncmp(x->last_dir, rel, dn) == 0 && x->last_dir[dn] == '\0'))
        return RELIC_OK;
    int rc = RELIC_OK;
    pthread_mutex_lock(&x->out->lock);
    for (size_t i = 1; i <= dn && rc == RELIC_OK; i++)
        if (i == dn || rel[i] == '/')
            rc = unpack_out_make(x->out, rel, i, err);
    pthread_mutex_unlock(&x->out->lock);
    if (rc == RELIC_OK && dn < sizeof x->last_dir) {
        memcpy(x->last_dir, rel, dn);
        x->last_dir[dn] = '\0';
    }
    return rc;
}

int unpack_names_load(const agi_game *game, unsigned extensions, unpack_names *n, relic_err *err)
{
    memset(n, 0, sizeof *n);
    const agi_file *w = agi_fileset_find(game->files, "WORDS.TOK");
    const agi_file *o = agi_fileset_find(game->files, "OBJECT");
    relic_err we, oe;
    relic_err_clear(&we);
    relic_err_clear(&oe);
    n->have_words = w && agi_words_decode(w->data, w->len, &n->words, &we) == RELIC_OK;
    n->have_objects = o && agi_objects_decode(o->data, o->len, agi_objects_key(game->profile, extensions), &n->objects,
                                              &oe) == RELIC_OK;
    /* Bad files are reported with objects.json and words.json; out of
     * memory here would silently write sources without names. */
    if (we.code == RELIC_ENOMEM || oe.code == RELIC_ENOMEM) {
        *err = we.code == RELIC_ENOMEM ? we : oe;
        relic_err_file(err, we.code == RELIC_ENOMEM ? w->name : o->name);
        return RELIC_ENOMEM;
    }
    return RELIC_OK;
}

void unpack_names_free(unpack_names *n)
{
    if (n->have_words)
        agi_words_free(&n->words);
    if (n->have_objects)
        agi_objects_free(&n->objects);
}

void unpack_ctx_init(unpack_ctx *x, const unpack_opts *o, const agi_game *game, const unpack_names *names,
                     unpack_out *out)
{
    memset(x, 0, sizeof *x);
    x->o = o;
    x->game = game;
    x->names = names;
    x->out = out;
}

void unpack_ctx_free(unpack_ctx *x)
{
    relic_buf_free(&x->log);
    relic_buf_free(&x->enc);
    relic_buf_free(&x->scaled);
    for (unsigned i = 0; i < UNPACK_SCRATCH_SLOTS; i++)
        relic_buf_free(&x->scratch[i]);
}

void unpack_page_free(unpack_page *p)
{
    if (!p)
        return;
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < AGI_DIR_ENTRIES; n++) {
            json_decref(p->item[k][n].view);
            json_decref(p->item[k][n].messages);
            free(p->item[k][n].source);
            free(p->item[k][n].refs);
        }
    relic_buf_free(&p->rooms_svg);
    json_decref(p->words);
    json_decref(p->objects);
    free(p);
}

void unpack_page_name_folder(unpack_page *p, const char *game_dir)
{
    char *abs = realpath(game_dir, NULL);
    const char *path = abs ? abs : game_dir;
    size_t end = strlen(path);
    while (end > 1 && path[end - 1] == '/')
        end--;
    size_t start = end;
    while (start > 0 && path[start - 1] != '/')
        start--;
    snprintf(p->folder, sizeof p->folder, "%.*s", (int)(end - start), path + start);
    free(abs);
}

unpack_page_item *unpack_page_slot(unpack_ctx *x, agi_kind kind, unsigned num)
{
    return x->page && num < AGI_DIR_ENTRIES ? &x->page->item[kind][num] : NULL;
}

void unpack_page_keep_text(unpack_page_item *it, const void *text, size_t len)
{
    free(it->source);
    it->source = malloc(len ? len : 1);
    it->source_len = it->source ? len : 0;
    if (it->source)
        memcpy(it->source, text, len);
    else
        it->lost = 1;
}

void unpack_ctx_flush_log(unpack_ctx *x)
{
    if (x->log.len) {
        cli_progress_done();
        fwrite(x->log.data, 1, x->log.len, stderr);
    }
    relic_buf_reset(&x->log);
}

/* One line for stderr, kept in the worker's log so that lines come out in
 * resource order (unpack_ctx_flush_log); warnings are silenced by -q. */
static void unpack_say(unpack_ctx *x, const char *line, int warning)
{
    if (!warning || cli_verbosity() >= 0)
        relic_buf_printf(&x->log, "%s: %s\n", cli_prog(), line);
}

void unpack_report(unpack_ctx *x, const relic_err *err)
{
    char line[600];
    relic_err_format(err, line, sizeof line);
    unpack_say(x, line, 0);
}

static int unpack_write_bytes(unpack_ctx *x, const char *rel, const void *data, size_t len, relic_err *err)
{
    char path[4096];
    int rc = unpack_out_path(x, rel, path, sizeof path, err);
    if (rc == RELIC_OK)
        rc = relic_file_write_atomic_flags(path, data, len, x->out->out_flags, err);
    return rc;
}

/* -v names each file in the resource's log, so the lines come in the
 * same order for any --jobs. */
int unpack_write_done(unpack_ctx *x, const char *rel, int rc, relic_err *err)
{
    if (rc) {
        relic_err_file(err, rel);
        unpack_report(x, err);
        x->io_failed = 1;
    } else if (cli_verbosity() > 0) {
        relic_buf_printf(&x->log, "%s: wrote %s/%s\n", cli_prog(), x->o->out_dir, rel);
    }
    return rc;
}

int unpack_write(unpack_ctx *x, const char *rel, const void *data, size_t len, const json_t *doc)
{
    relic_err err;
    relic_err_clear(&err);
    int rc = RELIC_OK;
    size_t n = strlen(rel);
    int is_json = doc || (n > 5 && strcmp(rel + n - 5, ".json") == 0);
    if (is_json) /* a document that lost a member, or none (a failed json_pack) */
        rc = relic_json_check(x->json_oom || !doc, &err);
    if (rc == RELIC_OK && doc) {
        rc = relic_json_encode(doc, &x->enc, &err);
        data = x->enc.data;
        len = x->enc.len;
    }
    if (rc == RELIC_OK)
        rc = unpack_write_bytes(x, rel, data, len, &err);
    return unpack_write_done(x, rel, rc, &err);
}

int unpack_write_json_bytes(unpack_ctx *x, const char *rel, int rc, relic_err *err)
{
    if (rc == RELIC_OK) /* as unpack_write: no JSON after a lost member */
        rc = relic_json_check(x->json_oom, err);
    if (rc == RELIC_OK)
        rc = unpack_write_bytes(x, rel, x->enc.data, x->enc.len, err);
    return unpack_write_done(x, rel, rc, err);
}

static uint8_t *unpack_buf_room(relic_buf *b, size_t n)
{
    b->len = 0;
    if (n > b->cap && relic_buf_reserve(b, n))
        return NULL;
    return b->data;
}

uint8_t *unpack_scratch(unpack_ctx *x, unsigned slot, size_t n)
{
    return slot < UNPACK_SCRATCH_SLOTS ? unpack_buf_room(&x->scratch[slot], n) : NULL;
}

cli_aspect unpack_display_aspect(const unpack_ctx *x) { return x->o->aspect_given ? x->o->aspect : CLI_ASPECT_WIDE; }

int unpack_write_png(unpack_ctx *x, const char *rel, const uint8_t *pixels, unsigned w, unsigned h,
                     const uint8_t *palette, unsigned ncolors, int trns_index)
{
    return unpack_write_png_as(x, rel, pixels, w, h, palette, ncolors, trns_index, x->o->aspect);
}

int unpack_write_png_as(unpack_ctx *x, const char *rel, const uint8_t *pixels, unsigned w, unsigned h,
                        const uint8_t *palette, unsigned ncolors, int trns_index, cli_aspect aspect)
{
    unsigned bw, bh;
    cli_image_size(w, h, x->o->scale, aspect, 0, &bw, &bh);
    relic_err err;
    relic_err_clear(&err);
    int rc = RELIC_OK;
    if (bw != w || bh != h) {
        uint8_t *big = unpack_buf_room(&x->scaled, (size_t)bw * bh);
        if (big) {
            cli_image_scale_to(pixels, w, h, x->o->scale, aspect, 0, big);
            pixels = big;
        } else {
            rc = relic_err_set(&err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
    }
    relic_png png = {bw, bh, pixels, palette, ncolors, trns_index, 0};
    if (rc == RELIC_OK)
        rc = relic_png_encode(&png, &x->enc, &err);
    if (rc == RELIC_OK)
        rc = unpack_write_bytes(x, rel, x->enc.data, x->enc.len, &err);
    return unpack_write_done(x, rel, rc, &err);
}

void unpack_name_file(const unpack_ctx *x, relic_err *err, const char *name)
{
    char path[sizeof err->file + 4096];
    snprintf(path, sizeof path, "%s/%s", x->o->game_dir, name);
    err->file[0] = '\0';
    relic_err_file(err, path);
}

json_t *unpack_error_json(const relic_err *err)
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
    unpack_name_file(x, err, x->game->volumes[x->game->dirs[kind].entry[num].volume]->name);
    unpack_unreadable(x, kind, num, err, row);
}

/* An entry no logic the game runs loads: the line says what is wrong with
 * it, that the game never loads it, and which record its bytes belong to
 * when it points inside one (a stale entry, agi_game_entry_inside). */
static void unpack_unused(unpack_ctx *x, agi_kind kind, unsigned num, const relic_err *err, json_t *row)
{
    char who[32], inside[80] = "";
    snprintf(who, sizeof who, "%s %u: ", agi_kind_name(kind), num);
    size_t wl = strlen(who);
    const char *what = strncmp(err->msg, who, wl) == 0 ? err->msg + wl : err->msg;
    agi_kind ok;
    unsigned on;
    uint32_t ooff;
    if (agi_game_entry_inside(x->game, kind, num, &ok, &on, &ooff))
        snprintf(inside, sizeof inside, ", and it points into %s %u's record at 0x%x", agi_kind_name(ok), on,
                 (unsigned)ooff);
    relic_err w = *err;
    relic_err_set(&w, err->code, err->offset, "%swarning: %s; no logic loads it%s", who, what, inside);
    char line[600];
    relic_err_format(&w, line, sizeof line);
    unpack_say(x, line, 1);
    relic_json_set(row, "status", json_string("unused"), &x->json_oom);
    relic_json_set(row, "warning", json_string(line), &x->json_oom);
    x->warnings++;
}

void unpack_unreadable(unpack_ctx *x, agi_kind kind, unsigned num, relic_err *err, json_t *row)
{
    agi_use why = x->usage ? agi_game_usage_of(x->usage, kind, num) : AGI_USE_FIXED;
    if (why == AGI_USE_NONE) {
        unpack_unused(x, kind, num, err, row);
        return;
    }
    /* Counted as loaded for want of knowing: say why, so that the error
     * is not taken for a resource the game names. */
    if (why == AGI_USE_VARIABLE || why == AGI_USE_UNREAD) {
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err->msg);
        unsigned by = x->usage->why_logic[kind];
        if (why == AGI_USE_VARIABLE)
            relic_err_set(err, err->code, err->offset,
                          "%s; counted as loaded: logic %u loads a %s through v%u, which can hold any value", msg, by,
                          agi_kind_name(kind), x->usage->why_var[kind]);
        else
            relic_err_set(err, err->code, err->offset, "%s; counted as loaded: logic %u cannot be read", msg, by);
    }
    unpack_report(x, err);
    relic_json_set(row, "status", json_string("error"), &x->json_oom);
    relic_json_set(row, "error", unpack_error_json(err), &x->json_oom);
    x->errors++;
}

void unpack_warn(unpack_ctx *x, agi_kind kind, unsigned num, const agi_record *rec, unsigned count, const char *msg,
                 size_t payload_offset, json_t *row)
{
    if (!count)
        return;
    char line[400];
    const char *vol = x->game->volumes[x->game->dirs[kind].entry[num].volume]->name;
    if (rec->transform == AGI_TRANSFORM_NONE)
        snprintf(line, sizeof line, "%s/%s: %s %u: warning: %s (offset 0x%zx)", x->o->game_dir, vol,
                 agi_kind_name(kind), num, msg, payload_offset + rec->offset + rec->header_len);
    else
        snprintf(line, sizeof line, "%s/%s: %s %u: warning: %s (expanded payload offset 0x%zx)", x->o->game_dir, vol,
                 agi_kind_name(kind), num, msg, payload_offset);
    unpack_say(x, line, 1);
    relic_json_set(row, "warning", json_string(line), &x->json_oom);
    x->warnings++;
}
