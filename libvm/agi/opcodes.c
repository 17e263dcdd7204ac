/* Descriptor tables for the AGI logic commands of opcodes.h, with the
 * profile ranges and operand variants of agi-spec version_profiles.md. */
#include <string.h>
#include <strings.h>
#include "relic/agi_logic.h"
#include "opcodes.h"

#define AGI_X_DESC(e, op, name, args, since, handler) [op] = {name, args, since, op, sizeof(args) - 1},
static const agi_cmd agi_action_table[] = {AGI_ACTION_LIST(AGI_X_DESC)};
static const agi_cmd agi_condition_table[] = {AGI_CONDITION_LIST(AGI_X_DESC)};
#undef AGI_X_DESC

/* The profile-specific operand forms (see opcodes.h). */
static const agi_cmd agi_quit_early = {"quit", "", "2.089", 0x86, 0};
static const agi_cmd agi_hide_mouse_086 = {"hide.mouse", "n", "3.002.086", 0xb0, 1};

#define AGI_NACTIONS (sizeof agi_action_table / sizeof agi_action_table[0])
#define AGI_NCONDITIONS (sizeof agi_condition_table / sizeof agi_condition_table[0])

const agi_cmd *agi_action_info(uint8_t op, const agi_profile *p)
{
    if (op >= AGI_NACTIONS || (p && op > p->action_max))
        return NULL;
    if (p && op == 0x86 && p->quit_no_operand)
        return &agi_quit_early;
    if (p && op == 0xb0 && p->b0_operand)
        return &agi_hide_mouse_086;
    return &agi_action_table[op];
}

const agi_cmd *agi_condition_info(uint8_t op, const agi_profile *p)
{
    if (op >= AGI_NCONDITIONS || (p && op > p->condition_max))
        return NULL;
    return &agi_condition_table[op];
}

const agi_cmd *agi_action_find(const char *name, const agi_profile *p)
{
    for (unsigned op = 0; op < AGI_NACTIONS; op++)
        if (strcasecmp(agi_action_table[op].name, name) == 0)
            return agi_action_info((uint8_t)op, p);
    return NULL;
}

const agi_cmd *agi_condition_find(const char *name, const agi_profile *p)
{
    for (unsigned op = 0; op < AGI_NCONDITIONS; op++)
        if (strcasecmp(agi_condition_table[op].name, name) == 0)
            return agi_condition_info((uint8_t)op, p);
    return NULL;
}
