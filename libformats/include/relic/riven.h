/* Riven resources inside Mohawk archives: NAME lists, CARD and HSPT records
 * with their script lists, the card record lists (PLST, BLST, FLST, MLST,
 * SLST), RMAP card codes, and the VARS/VERS records of .rvn saves.  Every
 * decoder reads through a bounded cursor and reports the first bad offset
 * (relative to the resource); every encoder reproduces its decoder's input. */
#ifndef RELIC_RIVEN_H
#define RELIC_RIVEN_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- NAME ---- */
enum {
    RIVEN_NAME_CARDS = 1,
    RIVEN_NAME_HOTSPOTS = 2,
    RIVEN_NAME_EXTERNALS = 3,
    RIVEN_NAME_VARIABLES = 4,
    RIVEN_NAME_STACKS = 5
};

typedef struct riven_names {
    char **names;
    uint16_t *index; /* the stored sorted index (index[k] = k-th name in order) */
    uint16_t count;
} riven_names;

int riven_names_decode(const uint8_t *d, size_t n, riven_names *out, relic_err *err);
/* Writes the names with a freshly computed case-insensitive sorted index
 * when `keep_index` is 0, else the stored one. */
int riven_names_encode(const riven_names *nm, int keep_index, relic_buf *out, relic_err *err);
void riven_names_free(riven_names *nm);
const char *riven_names_get(const riven_names *nm, uint16_t i);
int riven_names_find(const riven_names *nm, const char *name); /* -1 when absent */

/* ---- script lists (the structure; names and execution live in libvm) ---- */
enum { RIVEN_CMD_SWITCH = 8, RIVEN_CMD_CHANGE_STACK = 27, RIVEN_SWITCH_DEFAULT = 0xffff };

typedef struct riven_cmd {
    uint16_t op;
    uint16_t argc;
    uint32_t args;       /* index of the first argument in riven_script.args */
    uint16_t ncases;     /* op 8 only: var is args[0] */
    uint32_t first_case; /* op 8 only: index in riven_script.cases */
} riven_cmd;

typedef struct riven_case {
    uint16_t value; /* 0xffff: default */
    uint16_t ncmds;
    uint32_t first_cmd;
} riven_case;

typedef struct riven_handler {
    uint16_t event;
    uint16_t ncmds;
    uint32_t first_cmd;
} riven_handler;

/* One script list, flattened: each command list is a contiguous run of cmds. */
typedef struct riven_script {
    riven_handler *handlers;
    size_t nhandlers;
    riven_cmd *cmds;
    size_t ncmds;
    riven_case *cases;
    size_t ncases;
    uint16_t *args;
    size_t nargs;
    size_t size; /* bytes the script list occupies */
} riven_script;

/* Decodes the script list at d (origin = its offset for errors). */
int riven_script_decode(const uint8_t *d, size_t n, size_t origin, riven_script *s, relic_err *err);
int riven_script_encode(const riven_script *s, relic_buf *out, relic_err *err);
void riven_script_free(riven_script *s);

/* ---- CARD and HSPT ---- */
typedef struct riven_card {
    int16_t name; /* index in NAME 1, or -1 */
    uint16_t zip_mode_place;
    riven_script script;
} riven_card;

int riven_card_decode(const uint8_t *d, size_t n, riven_card *c, relic_err *err);
int riven_card_encode(const riven_card *c, relic_buf *out, relic_err *err);
void riven_card_free(riven_card *c);

typedef struct riven_hotspot {
    uint16_t blst_id; /* the id commands 9/10 and BLST records use */
    int16_t name;     /* index in NAME 2, or -1 */
    int16_t left, top, right, bottom;
    uint16_t u0, cursor, index;
    int16_t u1;
    uint16_t flags;
    riven_script script;
} riven_hotspot;

typedef struct riven_hotspots {
    riven_hotspot *items;
    uint16_t count;
} riven_hotspots;

int riven_hotspots_decode(const uint8_t *d, size_t n, riven_hotspots *h, relic_err *err);
int riven_hotspots_encode(const riven_hotspots *h, relic_buf *out, relic_err *err);
void riven_hotspots_free(riven_hotspots *h);

/* ---- fixed-record lists: PLST, BLST, FLST, MLST; SLST; RMAP ---- */
typedef enum riven_list_kind { RIVEN_PLST, RIVEN_BLST, RIVEN_FLST, RIVEN_MLST, RIVEN_LIST_KINDS } riven_list_kind;

typedef struct riven_list_desc {
    const char *tag;
    unsigned nfields;
    const char *const *fields;
} riven_list_desc;

const riven_list_desc *riven_list_desc_of(riven_list_kind k);

typedef struct riven_list {
    riven_list_kind kind;
    uint16_t count;
    uint16_t *values; /* count * nfields, row-major */
} riven_list;

int riven_list_decode(riven_list_kind k, const uint8_t *d, size_t n, riven_list *l, relic_err *err);
int riven_list_encode(const riven_list *l, relic_buf *out, relic_err *err);
void riven_list_free(riven_list *l);

typedef struct riven_slst_rec {
    uint16_t index, nsounds;
    uint16_t *ids;
    uint16_t fade_flags, loop, volume, u0, u1;
    uint16_t *volumes;
    int16_t *balances;
    uint16_t *u2;
} riven_slst_rec;

typedef struct riven_slst {
    riven_slst_rec *recs;
    uint16_t count;
} riven_slst;

int riven_slst_decode(const uint8_t *d, size_t n, riven_slst *s, relic_err *err);
int riven_slst_encode(const riven_slst *s, relic_buf *out, relic_err *err);
void riven_slst_free(riven_slst *s);

typedef struct riven_rmap {
    uint32_t *codes; /* codes[card id] */
    size_t count;
} riven_rmap;

int riven_rmap_decode(const uint8_t *d, size_t n, riven_rmap *r, relic_err *err);
int riven_rmap_encode(const riven_rmap *r, relic_buf *out, relic_err *err);
void riven_rmap_free(riven_rmap *r);

/* ---- SFXE water effects (see libformats/riven/sfxe.c) ---- */
typedef struct riven_sfxe {
    uint16_t frame_count, speed;
    uint16_t left, top, right, bottom;
    uint32_t table_offset;
    uint32_t *frame_offset, *frame_size;
} riven_sfxe;

int riven_sfxe_decode(const uint8_t *d, size_t n, riven_sfxe *x, relic_err *err);
void riven_sfxe_free(riven_sfxe *x);

/* ---- .rvn saves: VARS (12-byte records, value last) and VERS ---- */
typedef struct riven_vars {
    uint32_t (*rec)[3]; /* u0 (stack?), u1 (0 or 1), value */
    size_t count;
} riven_vars;

enum { RIVEN_SAVE_VERSION_CD = 0x00010000, RIVEN_SAVE_VERSION_DVD = 0x00010100 };

int riven_vars_decode(const uint8_t *d, size_t n, riven_vars *v, relic_err *err);
int riven_vars_encode(const riven_vars *v, relic_buf *out, relic_err *err);
void riven_vars_free(riven_vars *v);

/* ---- ZIPS: the zip-mode destinations a save remembers (u16 count, then
 * per record u16 name length, the name bytes, u16 card id).  Real saves
 * wrap names in 0xBD delimiter bytes, which the engine strips (issue 16,
 * checked against rivenx); `name` is the stripped name, `raw` the bytes as
 * stored, which the encoder writes back. ---- */
typedef struct riven_zip {
    char *name;   /* without 0xBD bytes, NUL-terminated */
    uint8_t *raw; /* the stored bytes (len of them) */
    uint16_t len;
    uint16_t card;
} riven_zip;

typedef struct riven_zips {
    riven_zip *items;
    uint16_t count;
} riven_zips;

int riven_zips_decode(const uint8_t *d, size_t n, riven_zips *z, relic_err *err);
int riven_zips_encode(const riven_zips *z, relic_buf *out, relic_err *err);
void riven_zips_free(riven_zips *z);

/* ---- .rvn saves as a whole: variables by name ---- */
typedef struct riven_save {
    riven_names names; /* NAME 1: one name per VARS record */
    riven_vars vars;   /* VARS 1 */
    uint32_t version;  /* VERS 1, or 0 when absent */
    int has_version, has_zips;
    riven_zips zips;                    /* ZIPS 1, empty when absent */
    uint32_t names_offset, vars_offset; /* where NAME 1 and VARS 1 start, for errors */
} riven_save;

/* Reads NAME 1, VARS 1 and VERS 1 of an opened save's bytes. */
int riven_save_decode(const uint8_t *d, size_t n, riven_save *s, relic_err *err);
/* The value of a variable by name (case-insensitive); -1 when absent. */
int riven_save_get(const riven_save *s, const char *name, uint32_t *value);
int riven_save_set(riven_save *s, const char *name, uint32_t value, relic_err *err);
/* VARS records beyond the last NAME 1 entry: real saves hold some (211-212
 * names, 220 records; the engine ignores them).  Returns their count; the
 * first is record s->names.count. */
size_t riven_save_extra_records(const riven_save *s);
/* The original save with the values of VARS 1 written over their bytes:
 * every other byte of the file is kept, so setting a value to what it is
 * gives an identical file.  The record count must not have changed. */
int riven_save_encode(const uint8_t *orig, size_t n, const riven_save *s, relic_buf *out, relic_err *err);
void riven_save_free(riven_save *s);

#ifdef __cplusplus
}
#endif

#endif
