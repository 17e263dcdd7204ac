/* AGI game folders: which files make a game, which container layout they
 * form, and loading a resource through its directory entry (agi-spec
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

/* ---- loading --------------------------------------------------------- */

static int agi_record_payload(const agi_record *rec, const uint8_t *vol, relic_buf *out, relic_err *err)
{
    const uint8_t *src = vol + rec->offset + rec->header_len;
    relic_buf_reset(out);
    if (relic_buf_reserve(out, rec->expanded_len ? rec->expanded_len : 1)) /* data non-NULL for memcpy */
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int rc = RELIC_OK;
    relic_err sub;
    relic_err_clear(&sub);
    switch (rec->transform) {
    case AGI_TRANSFORM_NONE: memcpy(out->data, src, rec->stored_len); break;
    case AGI_TRANSFORM_LZW: rc = agi_lzw_expand(src, rec->stored_len, out->data, rec->expanded_len, &sub); break;
    case AGI_TRANSFORM_PICTURE_NIBBLE:
        rc = agi_picnibble_expand(src, rec->stored_len, out->data, rec->expanded_len, &sub);
        break;
    }
    if (rc) {
        size_t at = rec->offset + rec->header_len + (sub.offset == RELIC_NO_OFFSET ? 0 : sub.offset);
        return relic_err_set(err, rc, at, "%s payload: %s", agi_transform_name(rec->transform), sub.msg);
    }
    out->len = rec->expanded_len;
    return RELIC_OK;
}

int agi_record_load(agi_layout layout, const uint8_t *vol, size_t vol_len, uint32_t offset, unsigned volume,
                    agi_record *rec, relic_buf *out, relic_err *err)
{
    memset(rec, 0, sizeof *rec);
    const agi_container_ops *ops = agi_container_for(layout);
    if (!ops)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "no container layout %d", (int)layout);
    int rc = ops->record_header(vol, vol_len, offset, volume, rec, err);
    if (rc)
        return rc;
    size_t body = (size_t)offset + rec->header_len;
    if (rec->stored_len > vol_len - body)
        return relic_err_set(err, RELIC_EDATA, offset + 3, "payload of %u bytes runs past the end of the volume",
                             rec->stored_len);
    return agi_record_payload(rec, vol, out, err);
}

int agi_game_load(const agi_game *g, agi_kind kind, unsigned number, agi_record *rec, relic_buf *payload,
                  relic_err *err)
{
    memset(rec, 0, sizeof *rec);
    if ((unsigned)kind >= AGI_KIND_COUNT || number >= g->dirs[kind].count || !g->dirs[kind].entry[number].present)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "%s %u is not in the directory", agi_kind_name(kind),
                             number);
    const agi_dir_entry *e = &g->dirs[kind].entry[number];
    const agi_file *vol = e->volume < 16 ? g->volumes[e->volume] : NULL;
    if (!vol) {
        relic_err_set(err, RELIC_EDATA, g->dirs[kind].file_offset + 3 * (size_t)number, "%s %u: volume %u has no file",
                      agi_kind_name(kind), number, e->volume);
        relic_err_file(err, g->dir_file[kind]);
        return RELIC_EDATA;
    }
    relic_err sub;
    relic_err_clear(&sub);
    int rc = agi_record_load(g->layout, vol->data, vol->len, e->offset, e->volume, rec, payload, &sub);
    if (rc) {
        /* A damaged volume names the resource and its file: "logic 5:
         * record header past the end of VOL.0". */
        char msg[sizeof sub.msg];
        const char *generic = strstr(sub.msg, "the volume");
        if (generic)
            snprintf(msg, sizeof msg, "%.*s%s%s", (int)(generic - sub.msg), sub.msg, vol->name,
                     generic + strlen("the volume"));
        else
            snprintf(msg, sizeof msg, "%s", sub.msg);
        relic_err_set(err, rc, sub.offset, "%s %u: %s", agi_kind_name(kind), number, msg);
        relic_err_file(err, vol->name);
    }
    return rc;
}
