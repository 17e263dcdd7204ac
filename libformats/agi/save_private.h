/* Descriptor tables of the AGI save codec, shared by the decoder/encoder
 * (save.c), the JSON form and the editor (save_json.c). */
#ifndef RELIC_AGI_SAVE_PRIVATE_H
#define RELIC_AGI_SAVE_PRIVATE_H

#include <stddef.h>
#include "relic/agi_save.h"

typedef enum agi_save_ftype {
    AGI_SF_U8,
    AGI_SF_U16,
    AGI_SF_U32,
    AGI_SF_BYTES, /* copied as is into a byte array member */
    AGI_SF_KEYS   /* raw_key:u16le, status:u16le records */
} agi_save_ftype;

/* How a field looks in JSON (and which edits it accepts). */
typedef enum agi_save_jtype {
    AGI_SJ_INT,
    AGI_SJ_TEXT,     /* zero-terminated text (signature) */
    AGI_SJ_VARS,     /* /variables/vN */
    AGI_SJ_FLAGS,    /* /flags/fN */
    AGI_SJ_KEYS,     /* /keys/N/raw_key */
    AGI_SJ_STRINGS,  /* /strings/N */
    AGI_SJ_RESERVED, /* /reserved/<name> as hex */
    AGI_SJ_TOKEN     /* object reference tokens: not portable state */
} agi_save_jtype;

typedef struct agi_save_field {
    const char *name;
    uint16_t pos, size; /* within the block (or object record) */
    agi_save_ftype type;
    agi_save_jtype json;
    size_t member; /* offsetof in agi_save_state / agi_save_object */
} agi_save_field;

const agi_save_field *agi_save_b1_fields(agi_save_b1_layout layout, size_t *count);
const agi_save_field *agi_save_object_fields(size_t *count);
/* Block-1 length a profile expects. */
unsigned agi_save_b1_len(const agi_profile *p);
/* Field present in a block of length len. */
static inline int agi_save_field_present(const agi_save_field *f, size_t len)
{
    return (size_t)f->pos + f->size <= len;
}

#endif
