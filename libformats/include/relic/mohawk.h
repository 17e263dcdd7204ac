/* Mohawk archives (MHWK/RSRC), the container of Riven's .MHK files and
 * .rvn saves: a typed, id-keyed resource directory with optional names per
 * type.  Everything is big-endian.  The reader borrows the caller's bytes;
 * the writer is deterministic (equal entries give equal bytes). */
#ifndef RELIC_MOHAWK_H
#define RELIC_MOHAWK_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MHK_TAG(a, b, c, d) (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d))

typedef struct mhk_resource {
    uint32_t tag;
    uint16_t id;
    char *name;          /* NULL when the type's name table has no entry */
    uint16_t file_index; /* 1-based index into the file table */
    uint32_t offset;     /* absolute offset of the data */
    uint32_t size;       /* tMOV: up to the next file's offset */
    uint8_t flags;       /* file-table flag bits above the 27-bit size */
    /* mhk_open_lenient only: the entry is listed but its data cannot be
     * read (offset and size are then 0, the declared values below). */
    uint8_t broken;
    size_t broken_at; /* where the problem is (resource or file-table entry) */
    uint32_t declared_offset, declared_size;
    char why[96];
} mhk_resource;

typedef struct mhk_archive {
    const uint8_t *data; /* borrowed */
    size_t len;
    mhk_resource *res; /* ordered by type table order, then resource table order */
    size_t count;
    uint16_t compaction;
    uint32_t file_count;
    uint32_t declared_size; /* the RSRC header's total size */
    size_t broken;          /* resources marked broken (mhk_open_lenient) */
} mhk_archive;

int mhk_open(const uint8_t *data, size_t len, mhk_archive *a, relic_err *err);
/* Like mhk_open, but a resource whose file index or data lies outside the
 * file (a truncated or partly damaged archive) is listed with `broken` set
 * instead of failing the whole archive, as extract_mohawk recovers every
 * resource before the damage.  The header and directory must still be
 * readable; a declared total size of 0xFFFFFFFF is an error. */
int mhk_open_lenient(const uint8_t *data, size_t len, mhk_archive *a, relic_err *err);
void mhk_close(mhk_archive *a);
const mhk_resource *mhk_find(const mhk_archive *a, uint32_t tag, uint16_t id);
/* Case-insensitive, like the engine's name lookups. */
const mhk_resource *mhk_find_name(const mhk_archive *a, uint32_t tag, const char *name);
static inline const uint8_t *mhk_data(const mhk_archive *a, const mhk_resource *r) { return a->data + r->offset; }

/* "tBMP" -> tag; "????" for bytes that are not printable in tag_str. */
uint32_t mhk_tag(const char *s);
void mhk_tag_str(uint32_t tag, char out[5]);

/* One resource to write.  Entries are stored in the order given (that is
 * the file-table order); the directory lists types by tag, ids ascending and
 * names in the engine's collation (see archive.c). */
typedef struct mhk_entry {
    uint32_t tag;
    uint16_t id;
    const char *name; /* NULL or "" for none */
    const uint8_t *data;
    size_t len;
    uint8_t flags; /* only bits 3..7 are kept */
} mhk_entry;

int mhk_write(const mhk_entry *e, size_t n, relic_buf *out, relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
