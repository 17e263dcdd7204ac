/* The table of AGI container layouts (agi-spec resource_containers.md:
 * "Version 2 split container", "Version 3 combined container").  Opening,
 * loading and building a game loop over these rows; a new layout is one
 * file with its agi_container_ops and one row here. */
#include <string.h>
#include "relic/core.h"
#include "agi_private.h"

static const agi_container_ops *const agi_containers[] = {
    &agi_container_v3, /* bids higher than v2 when a prefixed volume exists */
    &agi_container_v2,
};

const agi_container_ops *const *agi_container_table(unsigned *count)
{
    *count = (unsigned)RELIC_COUNTOF(agi_containers);
    return agi_containers;
}

const agi_container_ops *agi_container_for(agi_layout layout)
{
    for (size_t i = 0; i < RELIC_COUNTOF(agi_containers); i++)
        if (agi_containers[i]->layout == layout)
            return agi_containers[i];
    return NULL;
}

const char *agi_layout_name(agi_layout layout)
{
    const agi_container_ops *ops = agi_container_for(layout);
    return ops ? ops->name : "?";
}

int agi_layout_parse(const char *name, agi_layout *layout)
{
    for (size_t i = 0; i < RELIC_COUNTOF(agi_containers); i++)
        if (strcmp(agi_containers[i]->name, name) == 0) {
            *layout = agi_containers[i]->layout;
            return RELIC_OK;
        }
    return RELIC_EUSAGE;
}

const agi_profile *agi_layout_default_profile(agi_layout layout)
{
    const agi_container_ops *ops = agi_container_for(layout);
    return ops && ops->default_profile ? agi_profile_find(ops->default_profile) : NULL;
}
