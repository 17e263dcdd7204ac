/* agi-unpack's writer helpers (write.c), the leaf every exporter and the
 * driver call: the output tree, atomic file writes through reused encode
 * buffers, and error reports kept per resource so they print in resource
 * order whatever the number of workers. */
#ifndef AGI_UNPACK_WRITE_H
#define AGI_UNPACK_WRITE_H

#include <pthread.h>
#include <stdint.h>
#include <jansson.h>
#include "relic/agi.h"
#include "relic/agi_logic.h"
#include "relic/buf.h"
#include "relic/io.h"
#include "unpack.h"

/* OUT and the folders under it made or checked so far (shared by every
 * worker, behind its lock): each folder costs one mkdir (plus one lstat
 * when it was already there) per run, not one lstat per file. */
typedef struct unpack_out {
    const char *root;
    unsigned out_flags; /* relic_tree's: RELIC_OUT_FRESH in a staged tree */
    pthread_mutex_t lock;
    char **dirs;
    size_t count, cap;
} unpack_out;

void unpack_out_init(unpack_out *out, const char *root, unsigned out_flags);
void unpack_out_free(unpack_out *out);

/* WORDS.TOK and OBJECT decoded once per run for the logic decompiler. */
typedef struct unpack_names {
    agi_words words;
    agi_objects objects;
    int have_words, have_objects;
} unpack_names;

/* RELIC_ENOMEM (err set) when out of memory; a bad file is left out. */
int unpack_names_load(const agi_game *game, unsigned extensions, unpack_names *n, relic_err *err);
void unpack_names_free(unpack_names *n);

/* What OUT/index.html shows of one resource, kept from the run so that
 * export_html.c builds the page from memory instead of reading the files
 * back (that was a quarter of a full run).  A member is set only once its
 * file is written, as the page shows only files that exist.  Each slot is
 * filled by the one worker that extracts its resource. */
typedef struct unpack_page_item {
    json_t *view;         /* views/viewNNN.json */
    json_t *messages;     /* logic/logicNNN.messages.json */
    char *source;         /* logic/logicNNN.lgc */
    agi_logic_refs *refs; /* a logic's rooms and calls, for the room map */
    size_t source_len;
    int lost; /* out of memory keeping the source: no page is written */
} unpack_page_item;

typedef struct unpack_page {
    unpack_page_item item[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
    json_t *words, *objects; /* words.json, objects.json */
    relic_buf rooms_svg;     /* rooms.svg, empty when Graphviz did not run */
    char folder[256];        /* the game folder's name, the page's title by default */
} unpack_page;

void unpack_page_free(unpack_page *p);
/* Keeps the last component of the game folder's path (resolved, so "."
 * names the folder) as the page's default title. */
void unpack_page_name_folder(unpack_page *p, const char *game_dir);

#define UNPACK_SCRATCH_SLOTS 3

/* One worker's state.  The game, options, names and output tree are shared
 * and read-only (the tree has its own lock); the buffers are the worker's
 * own and reused from resource to resource. */
typedef struct unpack_ctx {
    const unpack_opts *o;
    const agi_game *game;
    const unpack_names *names;
    unpack_out *out;                         /* NULL: nothing is written (--list) */
    unpack_page *page;                       /* NULL: no index.html (--raw, --list) */
    const agi_game_usage *usage;             /* what the game can load; NULL: everything */
    int errors;                              /* malformed data in the current resource */
    int warnings;                            /* data read the lenient way the interpreter reads it */
    int io_failed;                           /* a write failed */
    int json_oom;                            /* a JSON member of the current resource was lost
                            * (relic_json_set): no JSON is written after it */
    relic_buf log;                           /* the current resource's stderr lines */
    relic_buf enc;                           /* encoded PNG, GIF or JSON on its way to disk */
    relic_buf scaled;                        /* an image enlarged by --scale/--aspect */
    relic_buf scratch[UNPACK_SCRATCH_SLOTS]; /* exporters' pixels (unpack_scratch) */
    char last_dir[128];                      /* the folder this worker last made sure of */
    json_t *resources;                       /* the driver's context only: game.json's rows */
} unpack_ctx;

void unpack_ctx_init(unpack_ctx *x, const unpack_opts *o, const agi_game *game, const unpack_names *names,
                     unpack_out *out);
void unpack_ctx_free(unpack_ctx *x);
/* Prints the collected stderr lines and empties the log. */
void unpack_ctx_flush_log(unpack_ctx *x);

/* Joins OUT/rel into path (rel is one of agi-unpack's own names: plain
 * components, no `.` or `..`) and makes sure its folder exists and is a
 * real folder, not a symbolic link.  The file itself is never followed:
 * it is made with O_EXCL|O_NOFOLLOW, or replaced by a rename. */
int unpack_out_path(unpack_ctx *x, const char *rel, char *path, size_t pathsz, relic_err *err);
/* rc of writing rel: a failure is reported (naming rel) and marks the run
 * as an I/O failure; rc is returned. */
int unpack_write_done(unpack_ctx *x, const char *rel, int rc, relic_err *err);

/* Writes OUT/rel (bytes, or JSON when doc is set) atomically; returns
 * nonzero on failure (reported). */
int unpack_write(unpack_ctx *x, const char *rel, const void *data, size_t len, const json_t *doc);
/* Writes OUT/rel from JSON already streamed into x->enc, rc and err the
 * streaming's outcome; returns nonzero on failure (reported). */
int unpack_write_json_bytes(unpack_ctx *x, const char *rel, int rc, relic_err *err);
/* Writes OUT/rel as an indexed PNG enlarged by --scale/--aspect. */
int unpack_write_png(unpack_ctx *x, const char *rel, const uint8_t *pixels, unsigned w, unsigned h,
                     const uint8_t *palette, unsigned ncolors, int trns_index);
/* The same at a given shape. */
int unpack_write_png_as(unpack_ctx *x, const char *rel, const uint8_t *pixels, unsigned w, unsigned h,
                        const uint8_t *palette, unsigned ncolors, int trns_index, cli_aspect aspect);
/* The shape of the images made for looking at (view sheets and GIFs):
 * --aspect when given, else 2:1 as on the screen. */
cli_aspect unpack_display_aspect(const unpack_ctx *x);
/* Reused scratch area `slot` (< UNPACK_SCRATCH_SLOTS) of n bytes for an
 * exporter's pixels, valid until the next call for that slot; NULL when
 * out of memory. */
uint8_t *unpack_scratch(unpack_ctx *x, unsigned slot, size_t n);

/* The page slot of a resource, or NULL when no page is made. */
unpack_page_item *unpack_page_slot(unpack_ctx *x, agi_kind kind, unsigned num);
/* Keeps a copy of a written text for the page (its slot's source). */
void unpack_page_keep_text(unpack_page_item *it, const void *text, size_t len);

/* Logs one error line ("tool: FILE: message (offset 0x..)"). */
void unpack_report(unpack_ctx *x, const relic_err *err);
/* Errors from inside the game name a game file; say where it is. */
void unpack_name_file(const unpack_ctx *x, relic_err *err, const char *name);
json_t *unpack_error_json(const relic_err *err);
/* Reports a decoding error of one resource: one stderr line naming the
 * volume file and offset, status "error" in its row, exit status 1. */
void unpack_fail(unpack_ctx *x, agi_kind kind, unsigned num, const agi_record *rec, relic_err *err, json_t *row);
/* Reports an entry that cannot be loaded or decoded (err complete, with
 * its file and offset): an error (status "error", exit status 1) when the
 * game can load it (x->usage), else a warning (status "unused"). */
void unpack_unreadable(unpack_ctx *x, agi_kind kind, unsigned num, relic_err *err, json_t *row);
/* Reports `count` warnings of one resource (the first one's text `msg` at
 * `payload_offset`): one stderr line, a "warning" key in its row; the
 * status stays ok.  Nothing when count is 0. */
void unpack_warn(unpack_ctx *x, agi_kind kind, unsigned num, const agi_record *rec, unsigned count, const char *msg,
                 size_t payload_offset, json_t *row);

#endif
