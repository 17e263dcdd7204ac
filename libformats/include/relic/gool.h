/* Crash Bandicoot GOOL executable entries (entry type 11): a 24-byte
 * header, code words, a constant pool, the event/subtype state map,
 * 16-byte state descriptors and animation data (3, 5 or 6 items). */
#ifndef RELIC_GOOL_H
#define RELIC_GOOL_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GOOL_ENTRY_TYPE 11u
#define GOOL_PC_NONE 0x3FFFu
#define GOOL_MAP_HANDLER 0x8000u /* state map value is a handler code pc */
#define GOOL_MAP_NONE 0xFFu

typedef struct gool_header {
    uint32_t id, category, format;
    uint32_t stack_start; /* initial stack pointer, in words */
    uint32_t event_count; /* state map entries that map events */
    uint32_t eid_count;   /* pool words that are EIDs */
} gool_header;

typedef struct gool_state {
    uint32_t flags, status;
    uint16_t extern_idx;                  /* pool word naming the entry whose code runs */
    uint16_t event_pc, trans_pc, code_pc; /* GOOL_PC_NONE = absent */
} gool_state;

typedef struct gool_entry {
    uint32_t eid;
    unsigned item_count; /* 3..6 */
    gool_header hdr;
    uint32_t *code;
    size_t code_len;    /* words */
    size_t code_origin; /* file offset of code word 0 (0 when assembled) */
    uint32_t *pool;
    size_t pool_len; /* words */
    uint16_t *map;
    size_t map_len; /* halfwords */
    gool_state *states;
    size_t state_count;
    uint8_t *anim;
    size_t anim_len; /* bytes */
} gool_entry;

/* Decodes a bare entry; checks layout and every local state's pcs. */
int gool_entry_decode(const uint8_t *data, size_t len, size_t origin, gool_entry *g, relic_err *err);
int gool_entry_encode(const gool_entry *g, relic_buf *out, relic_err *err);
void gool_entry_free(gool_entry *g);
/* 1 when state s runs this entry's own code (its extern pool word is g's EID). */
int gool_state_local(const gool_entry *g, const gool_state *s);

#ifdef __cplusplus
}
#endif

#endif
