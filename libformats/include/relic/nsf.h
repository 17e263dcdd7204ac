/* Crash Bandicoot NSF containers: 64 KiB chunks (magic 0x1234; 0x1235 on
 * disk for LZ-compressed ones), entries inside them (magic 0x0100FFFF, an
 * EID name, a type and count+1 item offsets) and EIDs, five characters of
 * "0-9a-zA-Z_!" packed six bits each into bits 1..30. */
#ifndef RELIC_NSF_H
#define RELIC_NSF_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NSF_CHUNK_SIZE 65536u
#define NSF_CHUNK_MAGIC 0x1234u
#define NSF_CHUNK_MAGIC_LZ 0x1235u
#define NSF_ENTRY_MAGIC 0x0100FFFFu
#define NSF_EID_NONE 0x6396347Fu /* "NONE!" */
#define NSF_CHUNK_TEXTURE 1u     /* texture pages carry no entry table */

/* 1 when eid has the shape of a name (bit 0 set, bit 31 clear). */
int nsf_eid_valid(uint32_t eid);
/* Five characters and a NUL into out; "?????" style names never occur: an
 * invalid eid still decodes, check nsf_eid_valid first when it matters. */
void nsf_eid_name(uint32_t eid, char out[6]);
/* Parses a five-character name; RELIC_EUSAGE on a bad length or character. */
int nsf_eid_parse(const char *name, uint32_t *eid, relic_err *err);

/* Rotate-left-by-3 sum over a whole chunk, seed 0x12345678, the checksum
 * field itself (bytes 12..15) left out. */
uint32_t nsf_chunk_checksum(const uint8_t *chunk);
/* Expands one compressed chunk starting at data (magic 0x1235) into out
 * (NSF_CHUNK_SIZE bytes); *used receives the bytes it occupied on disk. */
int nsf_chunk_expand(const uint8_t *data, size_t len, size_t origin, uint8_t *out, size_t *used, relic_err *err);

typedef struct nsf_entry {
    uint32_t eid, type;
    unsigned item_count;
    const uint8_t *data; /* whole entry, borrowed */
    size_t len;
    size_t origin;        /* offset of data[0] in the enclosing file */
    const uint8_t **item; /* item_count pointers into data */
    size_t *item_len;
} nsf_entry;

/* Splits an entry into items, checking magic, order and bounds. */
int nsf_entry_parse(const uint8_t *data, size_t len, size_t origin, nsf_entry *e, relic_err *err);
void nsf_entry_free(nsf_entry *e);
/* Writes an entry: header, offsets, items each padded to 4 bytes. */
int nsf_entry_build(uint32_t eid, uint32_t type, const uint8_t *const *items, const size_t *lens, unsigned n,
                    relic_buf *out, relic_err *err);

typedef struct nsf_chunk {
    uint8_t *data; /* NSF_CHUNK_SIZE bytes, expanded */
    size_t file_offset;
    int compressed;
    uint16_t type;
    uint32_t id;
    uint32_t checksum, computed;
    unsigned entry_count;
    nsf_entry *entries;
} nsf_chunk;

typedef struct nsf_file {
    nsf_chunk *chunks;
    size_t count;
    unsigned bad_checksums; /* reported, not fatal */
} nsf_file;

int nsf_read(const uint8_t *data, size_t len, nsf_file *out, relic_err *err);
void nsf_free(nsf_file *f);
/* First entry named eid, or NULL. */
const nsf_entry *nsf_find(const nsf_file *f, uint32_t eid);

/* Packs entries into one normal chunk (type 0 unless told), entries aligned
 * to 4 bytes, checksum filled in; RELIC_EDATA when they do not fit. */
int nsf_chunk_build(uint16_t type, uint32_t id, const relic_buf *entries, unsigned n, uint8_t *out, relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
