/* Redguard RGM map files: the section container and its typed records.
 * Layouts follow michidk/redguard-preservation docs/formats/RGM.md, the UESP
 * "Mod:RGM File Format" page and Dillonn241/redguard-mod-manager
 * (MapFile.java, MapHeader.java); see libformats/rgm/rgm.c. */
#ifndef RELIC_RGM_H
#define RELIC_RGM_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RGM_RAHD_RECORD 165
#define RGM_MPOB_RECORD 66
#define RGM_RAAT_RECORD 256
#define RGM_RAEX_RECORD 30
#define RGM_RALC_RECORD 12

typedef struct rgm_section {
    char tag[5];        /* four ASCII bytes and a NUL */
    size_t offset;      /* file offset of the 8-byte header */
    size_t data_offset; /* file offset of the payload */
    uint32_t len;
    const uint8_t *data; /* points into the caller's buffer */
} rgm_section;

typedef struct rgm_file {
    rgm_section *sec;
    size_t count;
    size_t end_offset; /* offset of "END ", or the file size when absent */
    int has_end;
    const uint8_t *tail; /* everything from "END " on, kept for exact rewrites */
    size_t tail_len;
} rgm_file;

/* Lists every section up to "END "; data must outlive the result. */
int rgm_open(const uint8_t *data, size_t len, rgm_file *out, relic_err *err);
void rgm_close(rgm_file *f);
const rgm_section *rgm_find(const rgm_file *f, const char *tag);
/* Fixed-size record layout of a known section: header bytes before the
 * records (a count, for RAHD also four fixed bytes), record size, how many
 * whole records follow and how many bytes are left over.  0 when the tag
 * has no fixed-size layout in the sources. */
typedef struct rgm_records {
    uint32_t header, size, count, rest;
    uint32_t declared; /* the count field, when the section has one */
    int has_count;
} rgm_records;
int rgm_section_records(const rgm_section *s, rgm_records *out);
/* Appends one section (tag, big-endian length, payload). */
void rgm_put_section(relic_buf *out, const char *tag, const void *data, uint32_t len);
/* Rewrites a listed file: byte-identical to its input. */
int rgm_write(const rgm_file *f, relic_buf *out, relic_err *err);

/* One RAHD actor record; field names after RGM.md's RAHD table. */
typedef struct rgm_actor {
    size_t offset; /* file offset of the record */
    char name[10];
    uint16_t instances;
    uint32_t ranm_offset, raat_offset, raan_count, raan_offset, ragr_offset;
    uint32_t num_strings, string_offsets_index;
    uint32_t script_length, script_data_offset, script_pc;
    uint32_t rahk_offset, ralc_offset, raex_offset;
    uint32_t num_variables, variable_offset;
    /* Sources disagree on 0x89..0x91 (SOUP function indices in RGM.md,
     * MPSZ indices for 0x8D/0x91 in its MPSZ section); kept raw. */
    int32_t raw_89, raw_8d, raw_91;
    uint8_t raw[RGM_RAHD_RECORD];
} rgm_actor;

typedef struct rgm_placement {
    size_t offset;
    uint32_t id;
    uint8_t type, active, is_static;
    char script_name[10], model_name[10];
    int32_t pos_x, pos_y, pos_z; /* 24-bit fields, x and y signed */
    uint32_t angle_x, angle_y, angle_z;
    int16_t texture, intensity, radius, model_id, world_id, red, green, blue;
} rgm_placement;

/* The script-facing view of a map: actors and the sections they index. */
typedef struct rgm_map {
    rgm_file file;
    uint32_t rahd_prefix; /* the four fixed bytes after the count */
    rgm_actor *actors;
    size_t nactors;
    rgm_placement *placements;
    size_t nplacements;
    const rgm_section *rasc, *rasb, *rast, *rava, *raat, *rahk, *ralc, *raex;
} rgm_map;

int rgm_map_open(const uint8_t *data, size_t len, rgm_map *out, relic_err *err);
void rgm_map_close(rgm_map *m);
const rgm_actor *rgm_map_actor(const rgm_map *m, const char *name);
/* The actor's bytecode block; an error when it lies outside RASC. */
int rgm_actor_script(const rgm_map *m, const rgm_actor *a, const uint8_t **code, size_t *len, relic_err *err);
/* String i of the actor (RASB entry -> NUL-terminated RAST text). */
int rgm_actor_string(const rgm_map *m, const rgm_actor *a, uint32_t i, const char **s, relic_err *err);
/* Local variable i's initial value (RAVA). */
int rgm_actor_var(const rgm_map *m, const rgm_actor *a, uint32_t i, int32_t *v, relic_err *err);
/* The actor's 256 attribute bytes (RAAT), or NULL when absent. */
const uint8_t *rgm_actor_attrs(const rgm_map *m, const rgm_actor *a);

/* Decoders for single sections (also used by rgm_map_open). */
int rgm_rahd_decode(const rgm_section *s, rgm_actor **out, size_t *n, uint32_t *prefix, relic_err *err);
int rgm_mpob_decode(const rgm_section *s, rgm_placement **out, size_t *n, relic_err *err);

/* Building a map from parts, for samples and tests. */
typedef struct rgm_build_actor {
    char name[10];
    const uint8_t *code;
    size_t code_len;
    uint32_t script_pc;
    const char *const *strings;
    size_t nstrings;
    const int32_t *vars;
    size_t nvars;
    const uint8_t *attrs; /* 256 bytes, or NULL for zeros */
} rgm_build_actor;

int rgm_build(const rgm_build_actor *actors, size_t nactors, const rgm_placement *pl, size_t npl, relic_buf *out,
              relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
