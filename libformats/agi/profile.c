/* AGI interpreter profiles: agi-spec version_profiles.md, one row per
 * promoted profile.  Save dimensions (save_block1) are the spec's
 * persistence chapter values for the profile's selected game; 0 where the
 * chapter gives them per game.  Key-map sizes: 39 entries, 49 for
 * 3.002.149 (version_profiles.md, 3.002.086/3.002.149 sections).  Sound
 * fields: sound.md "Channel profiles" and "Four-channel command output",
 * and the sound paragraph of each profile in version_profiles.md (2.411
 * emits both tone bytes; 2.440 suppresses the low byte of noise words).
 * Save block-1 partition and block-3 transform: session_and_persistence.md
 * ("source-backed 2.089/2.230/2.272 block-1 partition", "Profile 2.936
 * block 1", "Profile 3.002.149 observed Gold Rush blocks", "V3 block-3
 * transform").  The interpreter's runtime rules per profile are libvm/agi/vm/vm_rules.c's. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/agi_profile.h"

// clang-format off
#define AGI_PROFILE_3002149                                                                                   \
    .layout = AGI_LAYOUT_V3, .inventory_xor = 1, .action_max = 0xb5, .condition_max = 0x12,   \
    .save_blocks = 5, .save_block1 = 0x0404, .key_map_entries = 49, .brush = AGI_BRUSH_V3, .brush_limit = 318,   \
    .snd_select8_single = 1, .snd_tone = AGI_SND_TONE_NOISE_HIGH, .snd_atten = AGI_SND_ATTEN_ENVELOPE,            \
    .save_b1_layout = AGI_SAVE_B1_GR, .save_block3_xor = 1
// clang-format on

// clang-format off
static const agi_profile agi_profile_table[] = {
    {.name = "2.089", .builds = "2.089", .layout = AGI_LAYOUT_V2, .inventory_xor = 0,
     .object_header_is_count = 1, .action_max = 0x9a, .condition_max = 0x12,
     .save_blocks = 4, .key_map_entries = 39, .brush = AGI_BRUSH_NONE,
     .snd_select8_single = 0, .snd_tone = AGI_SND_TONE_BOTH, .snd_atten = AGI_SND_ATTEN_DEV2_RAW,
     .save_b1_layout = AGI_SAVE_B1_EARLY, .save_block3_xor = 0,
     .quit_no_operand = 1},
    {.name = "2.230", .builds = "2.230", .layout = AGI_LAYOUT_V2, .inventory_xor = 0,
     .action_max = 0x9a, .condition_max = 0x12,  .save_blocks = 5,
     .key_map_entries = 39, .brush = AGI_BRUSH_NONE,
     .snd_select8_single = 0, .snd_tone = AGI_SND_TONE_BOTH, .snd_atten = AGI_SND_ATTEN_DEV2_RAW,
     .save_b1_layout = AGI_SAVE_B1_EARLY, .save_block3_xor = 0,
     .quit_no_operand = 1,
     .view_packed_loops = 1},
    {.name = "2.272", .builds = "2.272", .layout = AGI_LAYOUT_V2, .inventory_xor = 0,
     .action_max = 0xa0, .condition_max = 0x12,  .save_blocks = 5,
     .key_map_entries = 39, .brush = AGI_BRUSH_NONE,
     .snd_select8_single = 0, .snd_tone = AGI_SND_TONE_BOTH, .snd_atten = AGI_SND_ATTEN_WHOLE_BYTE,
     .save_b1_layout = AGI_SAVE_B1_EARLY, .save_block3_xor = 0},
    {.name = "2.411", .builds = "2.411", .layout = AGI_LAYOUT_V2, .inventory_xor = 1,
     .action_max = 0xa9, .condition_max = 0x12,  .save_blocks = 5,
     .save_block1 = 0x05df, .key_map_entries = 39, .brush = AGI_BRUSH_POINT,
     .snd_select8_single = 0, .snd_tone = AGI_SND_TONE_BOTH, .snd_atten = AGI_SND_ATTEN_CLAMP,
     .save_b1_layout = AGI_SAVE_B1_V2, .save_block3_xor = 0},
    {.name = "2.440", .builds = "2.439 2.440", .layout = AGI_LAYOUT_V2, .inventory_xor = 1,
     .action_max = 0xa9, .condition_max = 0x12,  .save_blocks = 5,
     .save_block1 = 0x05df, .key_map_entries = 39, .brush = AGI_BRUSH_V2, .brush_limit = 320,
     .snd_select8_single = 0, .snd_tone = AGI_SND_TONE_NOISE_HIGH, .snd_atten = AGI_SND_ATTEN_CLAMP,
     .save_b1_layout = AGI_SAVE_B1_V2, .save_block3_xor = 0},
    {.name = "2.917", .builds = "2.915 2.917", .layout = AGI_LAYOUT_V2, .inventory_xor = 1,
     .action_max = 0xad, .condition_max = 0x12,  .save_blocks = 5,
     .save_block1 = 0x05e1, .key_map_entries = 39, .brush = AGI_BRUSH_V2, .brush_limit = 320,
     .snd_select8_single = 1, .snd_tone = AGI_SND_TONE_NOISE_HIGH, .snd_atten = AGI_SND_ATTEN_ENVELOPE,
     .save_b1_layout = AGI_SAVE_B1_V2, .save_block3_xor = 0},
    {.name = "2.936", .builds = "2.936", .layout = AGI_LAYOUT_V2, .inventory_xor = 1,
     .action_max = 0xaf, .condition_max = 0x12,  .save_blocks = 5,
     .save_block1 = 0x05e1, .key_map_entries = 39, .brush = AGI_BRUSH_V2, .brush_limit = 320,
     .snd_select8_single = 1, .snd_tone = AGI_SND_TONE_NOISE_HIGH, .snd_atten = AGI_SND_ATTEN_ENVELOPE,
     .save_b1_layout = AGI_SAVE_B1_V2, .save_block3_xor = 0},
    {.name = "3.002.086", .builds = "3.002.086", .layout = AGI_LAYOUT_V3, .inventory_xor = 1,
     .action_max = 0xb1, .condition_max = 0x12,  .save_blocks = 5,
     .key_map_entries = 39, .brush = AGI_BRUSH_V3, .brush_limit = 318,
     .snd_select8_single = 1, .snd_tone = AGI_SND_TONE_NOISE_HIGH, .snd_atten = AGI_SND_ATTEN_ENVELOPE,
     .save_b1_layout = AGI_SAVE_B1_V2, .save_block3_xor = 1,
     .b0_operand = 1},
    {.name = "3.002.102", .builds = "3.002.102 3.002.107", .layout = AGI_LAYOUT_V3, .inventory_xor = 1,
     .action_max = 0xb5, .condition_max = 0x12,  .save_blocks = 5,
     .save_block1 = 0x05e4, .key_map_entries = 39, .brush = AGI_BRUSH_V3, .brush_limit = 318,
     .snd_select8_single = 1, .snd_tone = AGI_SND_TONE_NOISE_HIGH, .snd_atten = AGI_SND_ATTEN_ENVELOPE,
     .save_b1_layout = AGI_SAVE_B1_V2, .save_block3_xor = 1},
    {.name = "3.002.149", .builds = "3.002.149", AGI_PROFILE_3002149},
    /* The Gold Rush build of 3.002.149: its runtime rules (room aliases)
     * are libvm/agi/vm/vm_rules.c's (version_profiles.md "AGI 3.002.149 profile"). */
    {.name = "3.002.149-gr", .builds = "", AGI_PROFILE_3002149, .variant_of = "3.002.149", .game_prefix = "GR"},
};
// clang-format on

#define AGI_PROFILE_COUNT (sizeof agi_profile_table / sizeof agi_profile_table[0])

const agi_profile *agi_profiles(unsigned *count)
{
    if (count)
        *count = (unsigned)AGI_PROFILE_COUNT;
    return agi_profile_table;
}

/* True when `name` is one word of the space-separated list. */
static int agi_profile_in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ' ');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && memcmp(p, name, n) == 0)
            return 1;
        p += len + (end ? 1 : 0);
    }
    return 0;
}

const agi_profile *agi_profile_find(const char *name)
{
    for (size_t i = 0; i < AGI_PROFILE_COUNT; i++)
        if (strcmp(agi_profile_table[i].name, name) == 0 || agi_profile_in_list(agi_profile_table[i].builds, name))
            return &agi_profile_table[i];
    return NULL;
}

/* "2.936" -> 2936000, "3.002.149" -> 3002149: comparable version numbers. */
static long agi_profile_version_number(const char *v)
{
    char *end;
    long major = strtol(v, &end, 10);
    if (end == v || *end != '.')
        return -1;
    const char *p = end + 1;
    long minor = strtol(p, &end, 10);
    if (end == p)
        return -1;
    long build = 0;
    if (*end == '.') {
        p = end + 1;
        build = strtol(p, &end, 10);
    }
    if (major < 0 || major > 9 || minor < 0 || minor > 999 || build < 0 || build > 999)
        return -1;
    return major * 1000000 + minor * 1000 + build;
}

const agi_profile *agi_profile_for_version(const char *version, int *exact)
{
    const agi_profile *p = agi_profile_find(version);
    if (exact)
        *exact = p != NULL;
    if (p)
        return p;
    long want = agi_profile_version_number(version);
    if (want < 0)
        return NULL;
    const agi_profile *best = NULL;
    for (size_t i = 0; i < AGI_PROFILE_COUNT; i++) {
        if (agi_profile_table[i].variant_of) /* build variants are chosen by game, not version */
            continue;
        long have = agi_profile_version_number(agi_profile_table[i].name);
        if (have / 1000000 == want / 1000000 && have <= want)
            best = &agi_profile_table[i];
    }
    if (!best) /* older than every profile of its major version */
        for (size_t i = 0; i < AGI_PROFILE_COUNT && !best; i++)
            if (!agi_profile_table[i].variant_of &&
                agi_profile_version_number(agi_profile_table[i].name) / 1000000 == want / 1000000)
                best = &agi_profile_table[i];
    return best;
}

const agi_profile *agi_profile_for_game(const agi_profile *base, const char *prefix)
{
    if (!base || !prefix || !*prefix)
        return base;
    for (size_t i = 0; i < AGI_PROFILE_COUNT; i++) {
        const agi_profile *p = &agi_profile_table[i];
        if (p->variant_of && strcmp(p->variant_of, base->name) == 0 && p->game_prefix &&
            strcasecmp(p->game_prefix, prefix) == 0)
            return p;
    }
    return base;
}
