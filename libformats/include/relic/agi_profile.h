/* AGI interpreter profiles (agi-spec version_profiles.md): the differences
 * between interpreter versions, as one const table of named fields. */
#ifndef RELIC_AGI_PROFILE_H
#define RELIC_AGI_PROFILE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum agi_layout {
    AGI_LAYOUT_V2 = 2, /* LOGDIR/PICDIR/VIEWDIR/SNDDIR + VOL.N, direct records */
    AGI_LAYOUT_V3 = 3  /* PDIR + PVOL.N, seven-byte records, compression */
} agi_layout;

typedef enum agi_brush {
    AGI_BRUSH_NONE,  /* picture commands end at 0xf8 */
    AGI_BRUSH_POINT, /* 2.411: 0xf9 eats a byte, 0xfa plots single pixels */
    AGI_BRUSH_V2,    /* shaped/stippled, horizontal limit 320 */
    AGI_BRUSH_V3     /* shaped/stippled, limit 318, radius-one centre row */
} agi_brush;

/* Four-channel tone bytes (sound.md "Four-channel command output"). */
typedef enum agi_snd_tone {
    AGI_SND_TONE_BOTH,      /* 2.089..2.411: high byte, then low byte */
    AGI_SND_TONE_NOISE_HIGH /* 2.440+: high byte only when its top three bits are set */
} agi_snd_tone;

/* Four-channel attenuation output (sound.md, one subsection per rule). */
typedef enum agi_snd_atten {
    AGI_SND_ATTEN_DEV2_RAW,   /* 2.089, 2.230: device 2 adds 3 below 8, byte as is */
    AGI_SND_ATTEN_WHOLE_BYTE, /* 2.272: device 2 rule, then global adjust on the whole byte */
    AGI_SND_ATTEN_CLAMP,      /* 2.411, 2.440: global adjust on the nibble, clamped */
    AGI_SND_ATTEN_ENVELOPE    /* 2.917+: envelope table, global adjust, device 2 adds 2 */
} agi_snd_atten;
/* Save block-1 partitions (session_and_persistence.md): the 0x03db one of
 * 2.089/2.230/2.272, the 2.936 one (0x05df/0x05e1/0x05e4 prefixes of it)
 * and the 0x0404 Gold Rush one of 3.002.149. */
typedef enum agi_save_b1_layout { AGI_SAVE_B1_EARLY, AGI_SAVE_B1_V2, AGI_SAVE_B1_GR } agi_save_b1_layout;

typedef struct agi_profile {
    const char *name;   /* "2.936" */
    const char *builds; /* observed builds that select it, space-separated */
    agi_layout layout;
    uint8_t inventory_xor;          /* OBJECT stored XORed with "Avis Durgan" */
    uint8_t object_header_is_count; /* 2.089: header byte is a count, not a max index */
    uint8_t action_max;             /* last valid action opcode */
    uint8_t condition_max;          /* last valid condition opcode */
    uint8_t save_blocks;            /* blocks in a save envelope */
    uint16_t save_block1;           /* length of save block 1 (0 = game-specific) */
    uint8_t key_map_entries;
    agi_brush brush;
    uint16_t brush_limit;       /* horizontal limit of shaped brushes */
    uint8_t snd_select8_single; /* device selector 8 also picks the single channel */
    agi_snd_tone snd_tone;
    agi_snd_atten snd_atten;
    agi_save_b1_layout save_b1_layout; /* block-1 partition of a save */
    uint8_t save_block3_xor;           /* save block 3 stored XORed ("V3 block-3 transform") */
    uint8_t quit_no_operand;           /* 0x86 quit takes no selector (2.089, 2.230) */
    uint8_t b0_operand;                /* 0xb0 consumes one ignored byte (3.002.086) */
    uint8_t view_packed_loops;         /* 2.230: loop header packs cel count and orientation */

    /* The runtime rules of each profile (loop selection, said, menus,
     * room aliases, string slots ...) are libvm/agi/vm/vm_rules.c's. */
    /* A build variant of another row (3.002.149-gr of 3.002.149), chosen
     * automatically for games whose v3 file prefix is game_prefix. */
    const char *variant_of;
    const char *game_prefix;
} agi_profile;

/* All promoted profiles, oldest first. */
const agi_profile *agi_profiles(unsigned *count);
/* Exact name ("2.936") or an observed build ("2.439", "3.002.107"). */
const agi_profile *agi_profile_find(const char *name);
/* The profile for an interpreter version string such as "2.426": an exact
 * profile or build when known, else the nearest earlier profile of the same
 * major version (*exact set to 0). */
const agi_profile *agi_profile_for_version(const char *version, int *exact);
/* The build variant of `base` for a game whose v3 file prefix is `prefix`
 * ("GR" selects 3.002.149-gr), else base. */
const agi_profile *agi_profile_for_game(const agi_profile *base, const char *prefix);

#ifdef __cplusplus
}
#endif

#endif
