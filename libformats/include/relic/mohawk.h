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

/* The layout of an existing archive, everything mhk_write would choose by
 * itself (layout.c): header fields as stored, the directory's place, the
 * type table order with each type's table offsets, resource-table rows and
 * name-table rows in their order, the string pool, the file table (order,
 * offsets, stored size fields, flag bits, the two bytes after them) and
 * every byte no table describes (padding, data no resource names).  With
 * it, the same resources write back to the same bytes. */
typedef struct mhk_layout_type {
    uint32_t tag;
    uint16_t rt, nt;        /* table offsets from the directory */
    size_t nrows, nnames;   /* rows: (id, file index); names: (string offset, file index) */
    uint16_t *rows, *names; /* pairs */
} mhk_layout_type;

typedef struct mhk_layout_file {
    uint32_t offset;
    uint32_t size; /* the 27-bit size field as stored */
    uint8_t flags; /* bits 3..7 of the flags byte */
    uint16_t extra;
} mhk_layout_file;

typedef struct mhk_layout_gap {
    uint32_t offset;
    size_t len;
    uint8_t *bytes;
} mhk_layout_gap;

typedef struct mhk_layout {
    uint32_t length;    /* the file's length */
    uint32_t mhwk_size; /* bytes 4..7 as stored */
    uint16_t compaction;
    uint32_t total_size; /* bytes 16..19 as stored */
    uint32_t dir;
    uint16_t str_off, ft_off, ft_size;
    mhk_layout_type *types;
    size_t ntypes;
    uint8_t *strings; /* the pool at dir + str_off, up to the last name's NUL */
    size_t strings_len;
    mhk_layout_file *files;
    size_t nfiles;
    mhk_layout_gap *gaps;
    size_t ngaps;
} mhk_layout;

/* Reads a's layout from its bytes (an archive mhk_open accepted; one with
 * broken entries, or a file index two types read with different sizes,
 * is refused). */
int mhk_layout_capture(const mhk_archive *a, mhk_layout *l, relic_err *err);
void mhk_layout_free(mhk_layout *l);
/* The name the layout gives resource (tag, id), or NULL. */
const char *mhk_layout_name(const mhk_layout *l, uint32_t tag, uint16_t id);
/* 1 when e[0..n) are the layout's resources with the layout's names, else
 * 0 and why.  mhk_write_layout then writes each file where the layout has
 * it, or past the end when its resource changed size (the header's sizes
 * grow with it; refused if that would change what another resource reads,
 * a tMOV running up to the moved file): resources of the recorded sizes
 * come back byte for byte. */
int mhk_layout_fits(const mhk_layout *l, const mhk_entry *e, size_t n, char *why, size_t cap);
/* Writes e[0..n) laid out as l; RELIC_EDATA (with the reason) when they
 * do not fit it. */
int mhk_write_layout(const mhk_layout *l, const mhk_entry *e, size_t n, relic_buf *out, relic_err *err);

/* The layout as text lines, each starting with '@' (layout_text.c):
 *   @archive LENGTH MHWK-SIZE COMPACTION TOTAL-SIZE DIRECTORY STRINGS FILETABLE FILETABLE-SIZE
 *   @type TAG RT NT        @rows ID:INDEX...     @names STRING:INDEX...
 *   @strings HEX           @file OFFSET SIZE FLAGS EXTRA     @gap OFFSET HEX
 * (@rows and @names continue the last @type; @strings and @gap lines
 * continue each other; TAG is 4 characters or 0x and 8 hex digits). */
int mhk_layout_text(const mhk_layout *l, relic_buf *out, relic_err *err);
/* One '@' line into l (start from a zeroed l); RELIC_EDATA with what is
 * wrong (offset: the column). */
int mhk_layout_parse_line(mhk_layout *l, const char *line, relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
