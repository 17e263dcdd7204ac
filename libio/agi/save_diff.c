/* Semantic differences between two AGI saves: both as their JSON trees
 * (save_json.c), compared by relic_json_diff, each difference a JSON
 * Pointer with the old and new value.  Reserved bytes, inactive replay
 * slots and the objects' serialized reference tokens are not game state
 * (session_and_persistence.md "Profile 2.936 block 2", "Reserved-state
 * rule") and are left out unless asked for. */
#include <fnmatch.h>
#include <stddef.h>
#include "relic/agi_save_json.h"
#include "relic/core.h"
#include "relic/io.h"

static const char *const agi_save_noise[] = {"/reserved", "/objects/*/*_token"};

typedef struct agi_save_diff_ctx {
    const char *const *ignore;
    unsigned nignore;
    int all;
} agi_save_diff_ctx;

static int agi_save_match(const char *pattern, const char *path) { return fnmatch(pattern, path, FNM_PATHNAME) == 0; }

/* Ancestors were matched on the way down (the walk stops at an ignored
 * node), so only the node itself is tested here. */
static int agi_save_ignored(const char *path, void *arg)
{
    const agi_save_diff_ctx *x = arg;
    for (unsigned i = 0; i < x->nignore; i++)
        if (agi_save_match(x->ignore[i], path))
            return 1;
    if (!x->all)
        for (size_t i = 0; i < RELIC_COUNTOF(agi_save_noise); i++)
            if (agi_save_match(agi_save_noise[i], path))
                return 1;
    return 0;
}

json_t *agi_save_diff(const agi_save *a, const agi_save *b, const char *const *ignore, unsigned nignore, int all)
{
    agi_save_diff_ctx x = {ignore, nignore, all};
    return relic_json_diff(agi_save_to_json(a), agi_save_to_json(b), agi_save_ignored, &x);
}
