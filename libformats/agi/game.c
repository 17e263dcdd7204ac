/* AGI game folders: which files make a game and which container layout they
 * form (loading a resource through its directory entry is load.c; agi-spec
 * resource_containers.md; layout detection by `*DIR` prefix and the
 * split-directory fallback of the "Version 3 combined container" section;
 * the profile guess from version strings and data shape follows
 * version_profiles.md). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/agi.h"
#include "relic/core.h"
#include "relic/io.h"
#include "agi_private.h"

/* ---- version strings ---------------------------------------------------- */

int agi_version_scan(const uint8_t *data, size_t len, char *out, size_t outsz)
{
    static const char tag[] = "Version ";
    for (size_t i = 0; i + sizeof tag + 4 < len; i++) {
        if (strncasecmp((const char *)data + i, tag, sizeof tag - 1) != 0)
            continue;
        const uint8_t *v = data + i + sizeof tag - 1;
        size_t avail = len - (i + sizeof tag - 1), n = 0;
        while (n < avail && n < 12 && (isdigit(v[n]) || v[n] == '.'))
            n++;
        /* d.ddd or d.ddd.ddd */
        if ((n == 5 || n == 9) && isdigit(v[0]) && v[1] == '.' && n < outsz) {
            memcpy(out, v, n);
            out[n] = '\0';
            while (n > 0 && out[n - 1] == '.')
                out[--n] = '\0';
            return 1;
        }
    }
    return 0;
}

/* ---- opening ------------------------------------------------------------ */

/* The layout whose bid is highest, then its volumes: the files named
 * <prefix>VOL.N. */
static int agi_game_find_layout(const agi_fileset *fs, agi_game *g, const agi_container_ops **ops, relic_err *err)
{
    unsigned count;
    const agi_container_ops *const *table = agi_container_table(&count);
    int best = 0;
    *ops = NULL;
    for (unsigned i = 0; i < count; i++) {
        char prefix[16] = "";
        int bid = table[i]->bid(fs, prefix);
        if (bid > best) {
            best = bid;
            *ops = table[i];
            memcpy(g->prefix, prefix, sizeof g->prefix);
        }
    }
    if (!*ops)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "no AGI volume files (VOL.N or PVOL.N) found");
    g->layout = (*ops)->layout;
    size_t want = strlen(g->prefix);
    for (size_t i = 0; i < fs->count; i++) {
        size_t plen;
        int n = agi_volume_name(fs->files[i].name, &plen);
        if (n >= 0 && plen == want && strncasecmp(fs->files[i].name, g->prefix, plen) == 0 && !g->volumes[n])
            g->volumes[n] = &fs->files[i];
    }
    return RELIC_OK;
}

static void agi_game_guess_profile(const agi_fileset *fs, agi_game *g)
{
    static const struct {
        const char *file;
        agi_profile_source source;
    } places[] = {
        {"AGIDATA.OVL", AGI_PROFILE_FROM_AGIDATA},
        {"AGI", AGI_PROFILE_FROM_EXECUTABLE},
        {"SIERRA.COM", AGI_PROFILE_FROM_EXECUTABLE},
    };
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        const agi_file *f = agi_fileset_find(fs, places[i].file);
        if (!f || !agi_version_scan(f->data, f->len, g->version, sizeof g->version))
            continue;
        const agi_profile *p = agi_profile_for_version(g->version, &g->exact_profile);
        if (p) {
            g->profile = p;
            g->profile_source = places[i].source;
            return;
        }
    }
    /* From the shape alone; agi_game_weigh_profile picks the row. */
    g->profile_source = AGI_PROFILE_FROM_SHAPE;
    g->exact_profile = 0;
    g->profile = agi_layout_default_profile(g->layout);
}

int agi_game_open(const agi_fileset *fs, const agi_open_opts *opts, agi_game *g, relic_err *err)
{
    memset(g, 0, sizeof *g);
    g->files = fs;
    const agi_container_ops *ops;
    int rc = agi_game_find_layout(fs, g, &ops, err);
    if (rc == RELIC_OK)
        rc = ops->read_dirs(fs, g, err);
    if (rc)
        return rc;
    if (opts && opts->profile) {
        g->profile = opts->profile;
        g->profile_source = AGI_PROFILE_FROM_OPTION;
        g->exact_profile = 1;
        const agi_file *f = agi_fileset_find(fs, "AGIDATA.OVL");
        if (f)
            agi_version_scan(f->data, f->len, g->version, sizeof g->version);
    } else {
        agi_game_guess_profile(fs, g);
        if ((rc = agi_game_weigh_profile(g, opts, err)) != RELIC_OK)
            return rc;
        /* A build variant keyed by the game's v3 prefix (3.002.149-gr). */
        g->profile = agi_profile_for_game(g->profile, g->prefix);
    }
    return RELIC_OK;
}
