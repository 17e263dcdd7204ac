/* Internal helpers shared by the AGI container files. */
#ifndef RELIC_AGI_PRIVATE_H
#define RELIC_AGI_PRIVATE_H

#include "relic/agi.h"
#include "relic/cursor.h"

/* The repeating XOR key of OBJECT files and logic message text
 * (resource_containers.md "Inventory metadata file", logic_bytecode.md). */
#define AGI_XOR_KEY "Avis Durgan"
#define AGI_XOR_KEY_LEN 11
/* AGDS games' key (agds.c), as long as Sierra's. */
#define AGI_XOR_KEY_AGDS "Alex Simkin"
/* XOR with one of the two keys, or with Sierra's (xor.c). */
void agi_xor_with(uint8_t *p, size_t n, const char *key);
void agi_xor(uint8_t *p, size_t n);

void agi_dir_entry_decode(const uint8_t b[3], agi_dir_entry *e);
void agi_dir_entry_write(const agi_dir_entry *e, relic_buf *out);
void agi_dir_write_v2(const agi_dir *dir, relic_buf *out);
/* Both record forms start with magic 12 34 and a volume byte: a cursor
 * after those three bytes, and the shared header checks. */
relic_cur agi_record_begin(const uint8_t *vol, size_t vol_len, uint32_t offset, agi_record *rec, uint8_t magic[2]);
int agi_record_check(const relic_cur *c, const uint8_t magic[2], uint32_t offset, relic_err *err);
/* The writers' side: appends 12 34 and the volume byte. */
void agi_record_write_begin(relic_buf *v, uint8_t volume_byte);

/* One container layout (libarchive's format table, ScummVM's loader per
 * version): a new layout (v1, Amiga, Apple IIgs) is one file with one of
 * these and one row in container.c. */
typedef struct agi_container_ops {
    agi_layout layout;
    const char *name;           /* "v2", "v3": game.json's "layout" */
    unsigned record_header_len; /* bytes before a record's payload */
    int compresses;             /* the builder may pack payloads */
    int prefixed;               /* file names carry the game's prefix */
    /* The profile a game of this layout gets when no version string names
     * one (agi_profile_find's name; evidence.c may move it). */
    const char *default_profile;
    /* How well the file set looks like this layout: 0 not at all, higher
     * wins.  Fills the file-name prefix of the game's files. */
    int (*bid)(const agi_fileset *fs, char prefix[16]);
    /* Fills g->dirs, g->dir_file (and g->split_dirs). */
    int (*read_dirs)(const agi_fileset *fs, agi_game *g, relic_err *err);
    int (*record_header)(const uint8_t *vol, size_t vol_len, uint32_t offset, unsigned volume, agi_record *rec,
                         relic_err *err);
    /* Appends a record header for a payload of expanded_len bytes stored
     * in stored_len (nibble: picture-nibble packed). */
    void (*write_record_header)(relic_buf *v, unsigned volume, int nibble, uint16_t expanded_len, uint16_t stored_len);
    /* Adds the directory file(s) for dirs to out. */
    int (*write_dirs)(const agi_dir dirs[AGI_KIND_COUNT], const char *prefix, agi_fileset *out, relic_err *err);
} agi_container_ops;

extern const agi_container_ops agi_container_v2;
extern const agi_container_ops agi_container_v3;
/* The table (container.c), and the row of a layout (NULL: none). */
const agi_container_ops *const *agi_container_table(unsigned *count);
const agi_container_ops *agi_container_for(agi_layout layout);
/* The profile of a layout's row when no version string names one (NULL
 * for a layout with no row). */
const agi_profile *agi_layout_default_profile(agi_layout layout);

/* Shared by the layouts: `name` is PVOL.N (P possibly empty): returns N
 * and the prefix length, or -1 (fileset.c). */
int agi_volume_name(const char *name, size_t *prefix_len);
/* The four split directory files LOGDIR..SNDDIR (container_v2.c; v3's
 * fallback when PDIR is missing). */
int agi_read_split_dirs(const agi_fileset *fs, agi_game *g, relic_err *err);
int agi_write_split_dirs(const agi_dir dirs[AGI_KIND_COUNT], agi_fileset *out, relic_err *err);
/* Checks the guessed or declared profile against the data and moves to
 * the earliest profile that accepts all of it (evidence.c).  Fails only
 * when memory runs out, which must not pass for evidence. */
int agi_game_weigh_profile(agi_game *g, const agi_open_opts *opts, relic_err *err);
/* The stored form of payload p as the builder writes it (build.c): p
 * itself, or packed into scratch (*nibble: picture-nibble). */
const relic_buf *agi_build_stored_form(const agi_container_ops *ops, int compress, agi_kind kind, const relic_buf *p,
                                       relic_buf *scratch, int *nibble);
/* The length agi_lzw_compress would write, without writing it (lzw.c). */
size_t agi_lzw_compressed_len(const uint8_t *src, size_t len);
/* Whether agi_lzw_compressed_len(src, len) < len, stopping as soon as a
 * bound settles it (the packer's choice for a record it would store). */
int agi_lzw_shrinks(const uint8_t *src, size_t len);
/* The length agi_picnibble_pack would write, or 0 when it would refuse
 * the stream (picnibble.c). */
size_t agi_picnibble_packed_len(const uint8_t *src, size_t len);
/* 1 when a metadata file (OBJECT, WORDS.TOK) is a placeholder stub, not
 * data: printable ASCII closed by the DOS end-of-file mark 0x1a, as an
 * editor writes a text file (groza, the AGDS sample, ships both as
 * "*****" 0x1a; fileset.c). */
int agi_file_is_stub(const uint8_t *d, size_t len);
/* Moves b's bytes into a new file of out (b is left empty; fileset.c). */
int agi_fileset_add_buf(agi_fileset *out, const char *name, relic_buf *b, relic_err *err);

/* A byte of a loaded resource as AGI 2.936 reads it: the payload, then the
 * zeros the interpreter's memory holds past it (seen in probe games under
 * the original: a message, a sound channel and cel rows past the payload
 * all read zeros, not the volume bytes that follow; sound.c, view.c). */
static inline uint8_t agi_mem_byte(const uint8_t *data, size_t len, size_t at) { return at < len ? data[at] : 0; }

#endif
