/* Names of AGI resource kinds, payload transforms and profile sources
 * (agi-spec resource_containers.md "Directory entries" and "Volume
 * record").  A leaf: every container file may call it, it calls nothing. */
#include <string.h>
#include "relic/agi.h"
#include "relic/core.h"

static const char *const agi_kind_names[AGI_KIND_COUNT] = {"logic", "picture", "view", "sound"};

const char *agi_kind_name(agi_kind kind) { return (unsigned)kind < AGI_KIND_COUNT ? agi_kind_names[kind] : "?"; }

int agi_kind_parse(const char *name, agi_kind *kind)
{
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        if (strcmp(name, agi_kind_names[k]) == 0) {
            *kind = (agi_kind)k;
            return RELIC_OK;
        }
    return RELIC_EUSAGE;
}

const char *agi_transform_name(agi_transform t)
{
    switch (t) {
    case AGI_TRANSFORM_LZW: return "lzw";
    case AGI_TRANSFORM_PICTURE_NIBBLE: return "picture-nibble";
    default: return "none";
    }
}

const char *agi_profile_source_name(agi_profile_source s)
{
    switch (s) {
    case AGI_PROFILE_FROM_OPTION: return "option";
    case AGI_PROFILE_FROM_AGIDATA: return "agidata";
    case AGI_PROFILE_FROM_EXECUTABLE: return "executable";
    case AGI_PROFILE_FROM_EVIDENCE: return "evidence";
    default: return "shape";
    }
}
