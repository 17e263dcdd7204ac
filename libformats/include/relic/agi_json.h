/* JSON forms of AGI metadata, shared by agi-unpack (writing) and agi-pack
 * (reading) so the two cannot drift apart.  Keys are documented in
 * agi-unpack(1).  Text is CP437 mapped to UTF-8 (relic/text.h). */
#ifndef RELIC_AGI_JSON_H
#define RELIC_AGI_JSON_H

#include <jansson.h>
#include "relic/agi.h"
#include "relic/io.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The documents' "format" (each with "format_version" 1); the readers
 * take them with or without (trees written before they had one). */
#define AGI_OBJECTS_JSON_FORMAT "relic-agi-objects"
#define AGI_WORDS_JSON_FORMAT "relic-agi-words"
#define AGI_MESSAGES_JSON_FORMAT "relic-agi-messages"

json_t *agi_objects_to_json(const agi_objects *o);
int agi_objects_from_json(const json_t *j, agi_objects *o, relic_err *err);
json_t *agi_words_to_json(const agi_words *w);
/* relic_json_encode's bytes of agi_objects_to_json's / agi_words_to_json's
 * documents, written without the tree (RELIC_ENOMEM when out of memory). */
int agi_objects_write_json(const agi_objects *o, relic_buf *out, relic_err *err);
int agi_words_write_json(const agi_words *w, relic_buf *out, relic_err *err);
int agi_words_from_json(const json_t *j, agi_words *w, relic_err *err);
json_t *agi_messages_to_json(const agi_logic_messages *m, unsigned logic_number);
/* relic_json_encode's bytes of agi_messages_to_json's document, written
 * without the tree (RELIC_ENOMEM when out of memory). */
int agi_messages_write_json(const agi_logic_messages *m, unsigned logic_number, relic_buf *out, relic_err *err);
/* messages[0..count-1] = messages 1..count (NULL = absent). */
int agi_messages_from_json(const json_t *j, char ***messages, unsigned *count, int *encrypted, relic_err *err);
void agi_messages_free(char **messages, unsigned count);

/* The container layout of an opened game (game.json "container"): the
 * directory files as shipped, each directory entry's record (volume,
 * offset, header bytes, sha256 of the expanded payload, the stored bytes
 * when relic's packer would not reproduce them) and the volume bytes no
 * record covers. */
json_t *agi_container_layout_to_json(const agi_game *g);
/* The same in parts, so a caller that loads every payload anyway (agi-unpack,
 * on its workers) describes each record as it goes instead of loading
 * them all again: agi_layout_records_describe for one record loaded
 * with agi_game_load, kept in an agi_layout_records (done: tried, loaded:
 * agi_game_load succeeded); agi_layout_records_fill does the entries not
 * done yet; agi_container_layout_assemble puts them together (NULL when a
 * loaded entry could not be described, or out of memory).
 * agi_container_record_to_json is one record's tree (NULL: out of memory). */
/* A record's stored bytes in the layout: rebuilt by the packer, kept as
 * hex, or (a record stored plain where the packer would compress) the
 * payload itself, written as "stored": true so the bytes are not printed
 * twice. */
typedef enum agi_keep_stored { AGI_KEEP_BUILT, AGI_KEEP_HEX, AGI_KEEP_PAYLOAD } agi_keep_stored;
typedef struct agi_layout_records {
    agi_record rec[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
    char sha256[AGI_KIND_COUNT][AGI_DIR_ENTRIES][65]; /* of the expanded payload */
    uint8_t done[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
    uint8_t loaded[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
    uint8_t described[AGI_KIND_COUNT][AGI_DIR_ENTRIES];   /* loaded and its volume known */
    uint8_t keep_stored[AGI_KIND_COUNT][AGI_DIR_ENTRIES]; /* agi_keep_stored: how the stored bytes come back */
} agi_layout_records;
json_t *agi_container_record_to_json(const agi_game *g, agi_kind kind, unsigned n, const agi_record *rec,
                                     const relic_buf *payload);
/* What the record of entry n needs from its payload (no allocation): the
 * digest and whether the stored bytes are kept; sets loaded, described. */
void agi_layout_records_describe(const agi_game *g, agi_layout_records *lr, agi_kind kind, unsigned n,
                                 const agi_record *rec, const relic_buf *payload);
int agi_layout_records_fill(const agi_game *g, agi_layout_records *lr);
json_t *agi_container_layout_assemble(const agi_game *g, const agi_layout_records *lr);
/* agi_container_layout_assemble's document printed straight into s as
 * its member key (a lost record or memory: s's sticky failure). */
void agi_container_layout_stream(const agi_game *g, const agi_layout_records *lr, relic_json_stream *s,
                                 const char *key);
void agi_layout_records_free(agi_layout_records *lr);
/* Rebuilds the container files from a layout and payloads: unchanged
 * payloads (same sha256) go back to their offsets with their bytes, so an
 * unchanged tree gives the shipped files byte for byte; a changed payload
 * is appended to the end of its volume, a missing one marked absent, a new
 * one appended to the last volume; only their directory entries change.
 * Files are added to out under their shipped names. */
int agi_game_rebuild(const json_t *layout, const agi_build_input *in, agi_fileset *out, relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
