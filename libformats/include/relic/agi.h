/* AGI resource containers and small metadata files (agi-spec
 * resource_containers.md, logic_bytecode.md "Logic payload",
 * input_text_and_menus.md "Dictionary file").  Everything here works on
 * bytes in memory; agi_game_open_dir is the one entry point that reads a
 * folder, and it reads each file once. */
#ifndef RELIC_AGI_H
#define RELIC_AGI_H

#include <stddef.h>
#include <stdint.h>
#include "relic/agi_profile.h"
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum agi_kind { AGI_LOGIC, AGI_PICTURE, AGI_VIEW, AGI_SOUND, AGI_KIND_COUNT } agi_kind;
const char *agi_kind_name(agi_kind kind);             /* "logic", "picture", "view", "sound" */
int agi_kind_parse(const char *name, agi_kind *kind); /* RELIC_OK or RELIC_EUSAGE */
/* "v2", "v3" (from the container table), or "?". */
const char *agi_layout_name(agi_layout layout);
/* The layout named "v2"/"v3": RELIC_OK or RELIC_EUSAGE. */
int agi_layout_parse(const char *name, agi_layout *layout);

#define AGI_DIR_ENTRIES 256

/* ---- directories ------------------------------------------------------ */
typedef struct agi_dir_entry {
    uint8_t present;
    uint8_t volume;
    uint32_t offset;
} agi_dir_entry;

typedef struct agi_dir {
    agi_dir_entry entry[AGI_DIR_ENTRIES];
    unsigned count;     /* complete entries read (<= 256) */
    size_t file_offset; /* where the section starts in its file */
} agi_dir;

/* A v2 directory file: high nibble 0xf marks an entry absent. */
int agi_dir_parse_v2(const uint8_t *data, size_t len, agi_dir *dir, relic_err *err);
/* A v3 combined directory: four sections, only ff ff ff is absent. */
int agi_dir_parse_v3(const uint8_t *data, size_t len, agi_dir dirs[AGI_KIND_COUNT], relic_err *err);

/* ---- volume records --------------------------------------------------- */
typedef enum agi_transform { AGI_TRANSFORM_NONE, AGI_TRANSFORM_LZW, AGI_TRANSFORM_PICTURE_NIBBLE } agi_transform;
const char *agi_transform_name(agi_transform t); /* "none", "lzw", "picture-nibble" */

typedef struct agi_record {
    agi_layout layout;
    uint8_t volume_byte; /* header byte 2 as stored */
    uint32_t offset;     /* of the header in the volume */
    uint32_t header_len; /* 5 or 7 */
    uint32_t stored_len;
    uint32_t expanded_len;
    agi_transform transform;
} agi_record;

/* Reads the record header at `offset` of a volume and expands its payload
 * into out (replacing its contents).  Errors carry volume offsets. */
int agi_record_load(agi_layout layout, const uint8_t *vol, size_t vol_len, uint32_t offset, unsigned volume,
                    agi_record *rec, relic_buf *out, relic_err *err);

/* ---- transforms --------------------------------------------------------- */
/* Dictionary (LZW) expansion: exactly `expected` bytes must come out. */
int agi_lzw_expand(const uint8_t *src, size_t len, uint8_t *dst, size_t expected, relic_err *err);
void agi_lzw_compress(const uint8_t *src, size_t len, relic_buf *out);
int agi_picnibble_expand(const uint8_t *src, size_t len, uint8_t *dst, size_t expected, relic_err *err);
/* Packs a picture stream; returns 0 and leaves out untouched when the
 * stream cannot be packed losslessly (a nibble operand above 15, bytes
 * after the final 0xff, no 0xff at all). */
int agi_picnibble_pack(const uint8_t *src, size_t len, relic_buf *out);

/* ---- OBJECT (inventory metadata) -------------------------------------- */
typedef struct agi_item {
    char *name;           /* zero-terminated bytes as stored */
    uint16_t name_offset; /* as stored, relative to the runtime data */
    uint8_t location;
} agi_item;

typedef struct agi_objects {
    int xor_key;        /* AGI_MSG_*: 0 plain, else the key it is XORed
                              with (AGDS: "Alex Simkin") */
    uint8_t max_object; /* header byte 2 */
    agi_item *items;
    unsigned count;
    uint8_t *raw; /* decoded (un-XORed) file, for exact rewrites */
    size_t raw_len;
    int placeholder; /* the file is a text stub, read as no items */
} agi_objects;

/* prefer_xor: -1 unknown, 0 plain, 1 XOR; used only when both forms are
 * self-consistent. */
/* prefer_xor: 0 prefers the plain form, non-zero the keyed one; the keyed
 * form uses the AGDS key when it is AGI_MSG_KEY_AGDS (an AGDS game,
 * agi_objects_key in agi_ext.h), else Sierra's. */
int agi_objects_decode(const uint8_t *data, size_t len, int prefer_xor, agi_objects *out, relic_err *err);
void agi_objects_free(agi_objects *o);
/* Lays out items in order, names in order of first use, identical names
 * sharing one pool string when share_names is set.  Fails when a name
 * would start past a 16-bit offset. */
int agi_objects_encode(const agi_objects *o, int share_names, relic_buf *out, relic_err *err);

/* ---- WORDS.TOK -------------------------------------------------------- */
typedef struct agi_word {
    char *text;
    uint16_t id;
} agi_word;

typedef struct agi_words {
    agi_word *words; /* in file order */
    unsigned count;
    int placeholder; /* the file is a text stub, read as no words */
} agi_words;

int agi_words_decode(const uint8_t *data, size_t len, agi_words *out, relic_err *err);
void agi_words_free(agi_words *w);
/* Sorted, grouped by initial letter, prefix-compressed, as AGI tools write. */
int agi_words_encode(const agi_words *w, relic_buf *out, relic_err *err);

/* ---- logic message tables --------------------------------------------- */
typedef struct agi_message {
    uint16_t offset;  /* as stored; 0 = no message */
    char *text;       /* decrypted, zero-terminated; NULL when absent */
    int unterminated; /* stored without its zero byte */
} agi_message;

/* How message text is stored: as is, XORed with Sierra's "Avis Durgan",
 * or with the AGDS clone's "Alex Simkin" (CP866 text; agi_ext.h). */
enum { AGI_MSG_PLAIN = 0, AGI_MSG_KEY_SIERRA = 1, AGI_MSG_KEY_AGDS = 2 };

typedef struct agi_logic_messages {
    uint16_t code_length;
    size_t table_offset; /* payload offset of the count byte */
    int encrypted;       /* AGI_MSG_PLAIN, AGI_MSG_KEY_SIERRA or AGI_MSG_KEY_AGDS */
    agi_message *msg;    /* msg[1..count] are messages 1..count; msg[0] unused */
    unsigned count;
    /* A declared text end past the payload reads to the payload's end (as
     * the interpreter does): counted here, not an error. */
    unsigned warnings;
    size_t warning_offset;
    char warning[120];
} agi_logic_messages;

int agi_logic_messages_decode(const uint8_t *payload, size_t len, agi_logic_messages *out, relic_err *err);
/* Also tries the AGDS key (agi_ext.h), kept when it fits strictly better:
 * for games detected as AGDS. */
int agi_logic_messages_decode_agds(const uint8_t *payload, size_t len, agi_logic_messages *out, relic_err *err);
void agi_logic_messages_free(agi_logic_messages *m);
/* A logic payload from bytecode and messages 1..count (NULL = absent);
 * encrypt is an AGI_MSG_* value (1, any non-zero but 2: Sierra's key). */
int agi_logic_encode(const uint8_t *code, size_t code_len, char *const *messages, unsigned count, int encrypt,
                     relic_buf *out, relic_err *err);

/* ---- whole games ------------------------------------------------------ */
typedef struct agi_file {
    char *name; /* as found on disk */
    uint8_t *data;
    size_t len;
    void *map; /* agi_fileset_read_dir's mapping of a large file (data is in
                  it, copy-on-write), or NULL: data is malloc'd */
} agi_file;

typedef struct agi_fileset {
    agi_file *files;
    size_t count;
} agi_fileset;

const agi_file *agi_fileset_find(const agi_fileset *fs, const char *name);
/* Takes ownership of data. */
int agi_fileset_add(agi_fileset *fs, const char *name, uint8_t *data, size_t len, relic_err *err);
void agi_fileset_free(agi_fileset *fs);
/* Reads the files of a game folder that AGI uses (directories, volumes,
 * OBJECT, WORDS.TOK, AGIDATA.OVL, the interpreter). */
int agi_fileset_read_dir(const char *path, agi_fileset *fs, relic_err *err);

typedef enum agi_profile_source {
    AGI_PROFILE_FROM_OPTION,
    AGI_PROFILE_FROM_AGIDATA,    /* AGIDATA.OVL version string */
    AGI_PROFILE_FROM_EXECUTABLE, /* AGI / SIERRA.COM version string */
    AGI_PROFILE_FROM_SHAPE,      /* container and data shape */
    AGI_PROFILE_FROM_EVIDENCE    /* the data needs a later profile than declared */
} agi_profile_source;
const char *agi_profile_source_name(agi_profile_source s);

typedef struct agi_game {
    agi_layout layout;
    char prefix[16]; /* v3 file-name prefix ("GR"), else "" */
    int split_dirs;  /* v3 with the four split directories */
    agi_dir dirs[AGI_KIND_COUNT];
    const char *dir_file[AGI_KIND_COUNT];
    const agi_file *volumes[16];
    const agi_fileset *files; /* borrowed */
    const agi_profile *profile;
    agi_profile_source profile_source;
    char version[24];                    /* interpreter version string found, or "" */
    int exact_profile;                   /* version maps to a profile exactly */
    const agi_profile *profile_declared; /* from the version string; NULL: none */
    char evidence[8][240];               /* what decided the profile, in words */
    unsigned evidence_count;
} agi_game;

/* Does the logic payload parse under profile p (1) or not (0)?  A
 * negative answer means the check itself failed (out of memory).  The
 * logic opcode tables live in libvm, so a caller that links it passes this
 * to make the logic opcode range part of the evidence. */
typedef int (*agi_logic_accepts_fn)(void *ctx, const uint8_t *payload, size_t len, const agi_profile *p);

typedef struct agi_open_opts {
    const agi_profile *profile;         /* NULL: choose from the version string and the data */
    agi_logic_accepts_fn logic_accepts; /* optional logic evidence */
    void *logic_ctx;
} agi_open_opts;

/* Detects the layout, parses the directories and guesses the profile.  The
 * game borrows fs, which must outlive it. */
int agi_game_open(const agi_fileset *fs, const agi_open_opts *opts, agi_game *game, relic_err *err);
/* Loads one resource; err names the volume file and offset on failure. */
int agi_game_load(const agi_game *game, agi_kind kind, unsigned number, agi_record *rec, relic_buf *payload,
                  relic_err *err);
/* Whether the entry points inside another entry's record on the same
 * volume (from that record's first byte, or past it for an entry of the
 * same kind, to its payload's end by its header); the first such entry in
 * directory order.  A stale directory entry of a shipped game often does. */
int agi_game_entry_inside(const agi_game *game, agi_kind kind, unsigned number, agi_kind *other_kind,
                          unsigned *other_number, uint32_t *other_offset);
/* Version string of an interpreter file ("2.936", "3.002.149"), or 0. */
int agi_version_scan(const uint8_t *data, size_t len, char *out, size_t outsz);

/* ---- building games ----------------------------------------------------- */
typedef struct agi_build_opts {
    agi_layout layout;
    char prefix[16];          /* v3 prefix; "" for v2 */
    int compress;             /* v3: LZW and picture packing */
    uint32_t max_volume_size; /* start a new volume past this; 0 = 1 MiB - 1 */
} agi_build_opts;

/* payloads[kind][number]: NULL = absent. Files are added to out. */
typedef struct agi_build_input {
    const relic_buf *payloads[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
} agi_build_input;

int agi_game_build(const agi_build_input *in, const agi_build_opts *opts, agi_fileset *out, relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
