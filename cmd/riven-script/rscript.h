/* riven-script internals: the loaded archives and their NAME resources,
 * shared by the listing, decompiling, extracting and running parts. */
#ifndef RSCRIPT_H
#define RSCRIPT_H

#include <jansson.h>
#include "relic/io.h"
#include "relic/mohawk.h"
#include "relic/riven.h"
#include "relic/riven_script_json.h"

typedef struct rs_archive {
    const char *path;
    relic_map map; /* archives are mapped: they can be hundreds of MB */
    mhk_archive a;
    int fd; /* extraction reads each resource with pread (-1: use the map) */
} rs_archive;

typedef struct rs_ctx {
    rs_archive *ar;
    size_t n;
    riven_names names[6]; /* NAME 1..5 from the first archive that has each */
    riven_nameset ns;
    int json;
    const char *audio_format;
} rs_ctx;

/* Where --extract writes: OUT, or the hidden stage of a new OUT
 * (relic_tree), with the writer's flags for it. */
typedef struct rs_dest {
    const char *root;
    unsigned flags;
} rs_dest;

typedef struct rs_opts {
    int list, all, run, build, have_card, have_hotspot, nclicks, raw_only, nsel;
    int probe; /* --json alone (rs_probe) */
    unsigned long card, hotspot, max_steps, jobs;
    const char *extract, *trace, *vars, *out, *screen, *frames;
    const char *clicks[64];
    struct {
        uint32_t tag;
        long id;  /* -1: every id */
    } sel[64];    /* --only TYPE[:ID] */
    rs_dest dest; /* set by rs_extract */
} rs_opts;

/* The resource and its archive, or NULL. */
const mhk_resource *rs_find(const rs_ctx *c, uint32_t tag, uint16_t id, const rs_archive **which);
/* Prints doc as JSON or as the text the caller's formatter makes from it. */
int rs_print(const rs_ctx *c, json_t *doc, int (*text)(const json_t *, relic_buf *, relic_err *));

json_t *rs_list(const rs_ctx *c);
/* --json with no mode: each archive's size, its resources counted by type,
 * its problems and the --list rows; nothing written. */
json_t *rs_probe(const rs_ctx *c);
int rs_list_text(const json_t *doc, relic_buf *out, relic_err *err);
/* Decompiled cards and hotspots (card < 0: all). */
int rs_decompile(const rs_ctx *c, long card, long hotspot, json_t **doc, relic_err *err);
int rs_decompile_text(const json_t *doc, relic_buf *out, relic_err *err);
int rs_decompile_one(const rs_ctx *c, const rs_archive *a, const mhk_resource *r, json_t **doc, relic_err *err);

/* extract.c: the pool and the helpers the other extraction files share. */
int rs_extract(const rs_ctx *c, const rs_opts *o, json_t **summary, relic_err *err);
void rs_safe(const char *in, size_t max, char *out);
void rs_archive_dir(const rs_archive *a, char out[128]);
/* "TYPE/ID[_name]" (no extension), sanitized. */
void rs_resource_base(const mhk_resource *r, char *out, size_t cap);
int rs_write(const rs_dest *d, const char *rel, const void *p, size_t n, relic_err *err);
/* rs_write into a folder rs_extract prepared (no per-file path checks). */
int rs_write_prepared(const rs_dest *d, const char *rel, const void *p, size_t n, relic_err *err);
int rs_selected(const rs_opts *o, const mhk_resource *r);
int rs_parse_only(const char *arg, rs_opts *o);
/* The private PNG chunk that keeps an extracted tBMP's own bytes (--build
 * kind "png" reads it back). */
#define RS_TBMP_CHUNK "tbRW"
/* Instead of tbRW, when the tBMP is exactly what riven_tbmp_encode writes
 * for this PNG's pixels and palette unpacked (8 bpp with its colour table):
 * an empty chunk, and --build encodes the bytes again from the image. */
#define RS_TBMP_PLAIN_CHUNK "tbPX"
/* Where --extract put a resource's own bytes. */
enum { RS_FORM_BIN = 0, RS_FORM_PNG = 1 };
/* What the pool leaves for the manifest and the page, per resource. */
typedef struct rs_out {
    uint8_t form;   /* RS_FORM_* */
    relic_buf text; /* CARD and HSPT: the source written, which the page shows again */
} rs_out;
/* extract_convert.c: one resource's converted forms; *did says whether there were any. */
int rs_convert(const rs_ctx *c, const rs_dest *dest, const char *base, const rs_archive *a, const mhk_resource *r,
               const uint8_t *d, int *did, rs_out *out, relic_err *err);
/* extract_index.c: OUT/<archive>/archive.txt (the --build manifest) and index.html pages. */
/* out[k]: what the pool left for the archive's resource k. */
/* A name a manifest line can hold (no space, control byte or '#'). */
int rs_plain_name(const char *s);
int rs_write_manifest(const rs_ctx *c, const rs_opts *o, const rs_archive *a, const rs_out *out, relic_err *err);
int rs_write_index(const rs_ctx *c, const rs_opts *o, const rs_archive *a, const rs_out *out, relic_err *err);
int rs_write_top_index(const rs_ctx *c, const rs_opts *o, relic_err *err);
int rs_run(const rs_ctx *c, const rs_opts *o, json_t **summary, relic_err *err);

/* screen.c: the composed card (see there). */
enum { RS_SCREEN_W = 608, RS_SCREEN_H = 392 };
#define RS_SCREEN_ABSENT 16
typedef struct rs_screen {
    const rs_ctx *c;
    const char *frames; /* --frames DIR, or NULL */
    uint16_t card;
    unsigned updates, frames_written, missing;
    /* The pictures the cards drew that the archives lack (or hold
     * damaged), each once: named in the error at the end of the run. */
    struct {
        uint32_t tag;
        uint16_t id;
        uint8_t damaged;
    } absent[RS_SCREEN_ABSENT];
    unsigned nabsent;
    relic_err err; /* the first frame that could not be written */
    uint8_t back[RS_SCREEN_W * RS_SCREEN_H * 3], front[RS_SCREEN_W * RS_SCREEN_H * 3];
} rs_screen;
void rs_screen_event(rs_screen *sc, const riven_trace_ev *ev);
int rs_screen_png(const rs_screen *sc, const char *path, relic_err *err);
int rs_screen_write(rs_screen *sc, const char *file, unsigned n, relic_err *err);
/* RELIC_OK, or the data error naming the pictures the cards drew and the
 * archives lack (the screens were written, black where they go). */
int rs_screen_absent(const rs_screen *sc, relic_err *err);

#endif
