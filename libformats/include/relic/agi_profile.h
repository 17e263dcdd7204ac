/* AGI interpreter profiles (agi-spec version_profiles.md): the differences
 * between interpreter versions, as one const table of named fields. */
#ifndef RELIC_AGI_PROFILE_H
#define RELIC_AGI_PROFILE_H

#include <stdint.h>

typedef enum agi_layout {
    AGI_LAYOUT_V2 = 2, /* LOGDIR/PICDIR/VIEWDIR/SNDDIR + VOL.N, direct records */
    AGI_LAYOUT_V3 = 3  /* PDIR + PVOL.N, seven-byte records, compression */
} agi_layout;

typedef enum agi_brush {
    AGI_BRUSH_NONE,   /* picture commands end at 0xf8 */
    AGI_BRUSH_POINT,  /* 2.411: 0xf9 eats a byte, 0xfa plots single pixels */
    AGI_BRUSH_V2,     /* shaped/stippled, horizontal limit 320 */
    AGI_BRUSH_V3      /* shaped/stippled, limit 318, radius-one centre row */
} agi_brush;

typedef struct agi_profile {
    const char *name;          /* "2.936" */
    const char *builds;        /* observed builds that select it, space-separated */
    agi_layout layout;
    uint8_t inventory_xor;     /* OBJECT stored XORed with "Avis Durgan" */
    uint8_t object_header_is_count; /* 2.089: header byte is a count, not a max index */
    uint8_t action_max;        /* last valid action opcode */
    uint8_t condition_max;     /* last valid condition opcode */
    uint8_t string_slots;
    uint8_t save_blocks;       /* blocks in a save envelope */
    uint16_t save_block1;      /* length of save block 1 (0 = game-specific) */
    uint8_t key_map_entries;
    agi_brush brush;
    uint16_t brush_limit;      /* horizontal limit of shaped brushes */
    uint8_t view_packed_loops; /* 2.230: loop header packs cel count and orientation */
} agi_profile;

/* All promoted profiles, oldest first. */
const agi_profile *agi_profiles(unsigned *count);
/* Exact name ("2.936") or an observed build ("2.439", "3.002.107"). */
const agi_profile *agi_profile_find(const char *name);
/* The profile for an interpreter version string such as "2.426": an exact
 * profile or build when known, else the nearest earlier profile of the same
 * major version (*exact set to 0). */
const agi_profile *agi_profile_for_version(const char *version, int *exact);

#endif
