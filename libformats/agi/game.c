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
#include "relic/io.h"
#include "agi_private.h"

static const char *const agi_kind_names[AGI_KIND_COUNT] = {"logic", "picture", "view", "sound"};
static const char *const agi_split_dir_names[AGI_KIND_COUNT] = {"LOGDIR", "PICDIR", "VIEWDIR", "SNDDIR"};

const char *agi_kind_name(agi_kind kind)
{
    return (unsigned)kind < AGI_KIND_COUNT ? agi_kind_names[kind] : "?";
}

int agi_kind_parse(const char *name, agi_kind *kind)
{
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        if (strcmp(name, agi_kind_names[k]) == 0) {
            *kind = (agi_kind)k;
            return 0;
        }
    return -1;
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
    default: return "shape";
    }
}

/* ---- file sets ---------------------------------------------------------- */

const agi_file *agi_fileset_find(const agi_fileset *fs, const char *name)
{
    for (size_t i = 0; i < fs->count; i++)
        if (strcasecmp(fs->files[i].name, name) == 0)
            return &fs->files[i];
    return NULL;
}

int agi_fileset_add(agi_fileset *fs, const char *name, uint8_t *data, size_t len, relic_err *err)
{
    agi_file *p = realloc(fs->files, (fs->count + 1) * sizeof *p);
    char *copy = strdup(name);
    if (!p || !copy) {
        if (p)
            fs->files = p;
        free(copy);
        free(data);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    fs->files = p;
    fs->files[fs->count++] = (agi_file){copy, data, len};
    return RELIC_OK;
}

void agi_fileset_free(agi_fileset *fs)
{
    for (size_t i = 0; i < fs->count; i++) {
        free(fs->files[i].name);
        free(fs->files[i].data);
    }
    free(fs->files);
    fs->files = NULL;
    fs->count = 0;
}

/* `name` is PVOL.N (P possibly empty): returns N and the prefix length. */
static int agi_volume_name(const char *name, size_t *prefix_len)
{
    const char *dot = strrchr(name, '.');
    if (!dot || dot - name < 3 || strncasecmp(dot - 3, "VOL", 3) != 0 || !isdigit((unsigned char)dot[1]))
        return -1;
    char *end;
    long n = strtol(dot + 1, &end, 10);
    if (*end || n < 0 || n > 15)
        return -1;
    *prefix_len = (size_t)(dot - 3 - name);
    return (int)n;
}

static int agi_is_game_file(const char *name)
{
    static const char *const fixed[] = {"LOGDIR", "PICDIR", "VIEWDIR", "SNDDIR", "OBJECT",
                                        "WORDS.TOK", "AGIDATA.OVL", "AGI", "SIERRA.COM"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (strcasecmp(name, fixed[i]) == 0)
            return 1;
    size_t n = strlen(name), plen;
    if (n > 3 && n <= 11 && strcasecmp(name + n - 3, "DIR") == 0 && !strchr(name, '.'))
        return 1;
    return agi_volume_name(name, &plen) >= 0;
}

int agi_fileset_read_dir(const char *path, agi_fileset *fs, relic_err *err)
{
    relic_dir d;
    int rc = relic_dir_open(path, &d, err);
    if (rc)
        return rc;
    relic_buf b = RELIC_BUF_INIT;
    char full[4096];
    for (size_t i = 0; i < d.count && rc == RELIC_OK; i++) {
        if (!agi_is_game_file(d.names[i]))
            continue;
        snprintf(full, sizeof full, "%s/%s", path, d.names[i]);
        rc = relic_file_read(full, &b, err);
        if (rc == RELIC_OK) {
            size_t len;
            uint8_t *data = relic_buf_take(&b, &len);
            rc = agi_fileset_add(fs, d.names[i], data, len, err);
        }
    }
    relic_buf_free(&b);
    relic_dir_close(&d);
    return rc;
}

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

static int agi_game_find_layout(const agi_fileset *fs, agi_game *g, relic_err *err)
{
    g->layout = 0;
    for (size_t i = 0; i < fs->count; i++) {
        size_t plen;
        int n = agi_volume_name(fs->files[i].name, &plen);
        if (n < 0)
            continue;
        if (plen > 0 && plen < sizeof g->prefix) {
            g->layout = AGI_LAYOUT_V3;
            memcpy(g->prefix, fs->files[i].name, plen);
            g->prefix[plen] = '\0';
        } else if (plen == 0 && g->layout != AGI_LAYOUT_V3) {
            g->layout = AGI_LAYOUT_V2;
        }
    }
    if (!g->layout)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "no AGI volume files (VOL.N or PVOL.N) found");
    for (size_t i = 0; i < fs->count; i++) {
        size_t plen;
        int n = agi_volume_name(fs->files[i].name, &plen);
        int mine = g->layout == AGI_LAYOUT_V2 ? plen == 0
                                               : plen == strlen(g->prefix) &&
                                                     strncasecmp(fs->files[i].name, g->prefix, plen) == 0;
        if (n >= 0 && mine && !g->volumes[n])
            g->volumes[n] = &fs->files[i];
    }
    return RELIC_OK;
}

static int agi_game_read_dirs(const agi_fileset *fs, agi_game *g, relic_err *err)
{
    if (g->layout == AGI_LAYOUT_V3) {
        char name[32];
        snprintf(name, sizeof name, "%sDIR", g->prefix);
        const agi_file *f = agi_fileset_find(fs, name);
        if (f) {
            for (int k = 0; k < AGI_KIND_COUNT; k++)
                g->dir_file[k] = f->name;
            int rc = agi_dir_parse_v3(f->data, f->len, g->dirs, err);
            relic_err_file(err, f->name);
            return rc;
        }
        g->split_dirs = 1; /* the fallback: split directories, v3 records */
    }
    for (int k = 0; k < AGI_KIND_COUNT; k++) {
        const agi_file *f = agi_fileset_find(fs, agi_split_dir_names[k]);
        if (!f) {
            relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "directory file %s missing", agi_split_dir_names[k]);
            return RELIC_EDATA;
        }
        g->dir_file[k] = f->name;
        int rc = agi_dir_parse_v2(f->data, f->len, &g->dirs[k], err);
        if (rc) {
            relic_err_file(err, f->name);
            return rc;
        }
    }
    return RELIC_OK;
}

static void agi_game_guess_profile(const agi_fileset *fs, agi_game *g)
{
    static const struct { const char *file; agi_profile_source source; } places[] = {
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
    /* From the shape: the newest profile of the layout, or for v2 the newest
     * plain-OBJECT profile when the OBJECT file only reads plain. */
    g->profile_source = AGI_PROFILE_FROM_SHAPE;
    g->exact_profile = 0;
    if (g->layout == AGI_LAYOUT_V3) {
        g->profile = agi_profile_find("3.002.149");
        return;
    }
    g->profile = agi_profile_find("2.936");
    const agi_file *obj = agi_fileset_find(fs, "OBJECT");
    agi_objects o;
    if (obj && agi_objects_decode(obj->data, obj->len, 1, &o, NULL) == RELIC_OK) {
        if (!o.xor_key)
            g->profile = agi_profile_find("2.272");
        agi_objects_free(&o);
    }
}

int agi_game_open(const agi_fileset *fs, const agi_open_opts *opts, agi_game *g, relic_err *err)
{
    memset(g, 0, sizeof *g);
    g->files = fs;
    int rc = agi_game_find_layout(fs, g, err);
    if (rc == RELIC_OK)
        rc = agi_game_read_dirs(fs, g, err);
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
    if (relic_buf_reserve(out, rec->expanded_len ? rec->expanded_len : 1))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int rc = RELIC_OK;
    relic_err sub;
    relic_err_clear(&sub);
    switch (rec->transform) {
    case AGI_TRANSFORM_NONE:
        memcpy(out->data, src, rec->stored_len);
        break;
    case AGI_TRANSFORM_LZW:
        rc = agi_lzw_expand(src, rec->stored_len, out->data, rec->expanded_len, &sub);
        break;
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
    int rc = layout == AGI_LAYOUT_V3 ? agi_record_header_v3(vol, vol_len, offset, volume, rec, err)
                                     : agi_record_header_v2(vol, vol_len, offset, volume, rec, err);
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
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "%s %u is not in the directory",
                             agi_kind_name(kind), number);
    const agi_dir_entry *e = &g->dirs[kind].entry[number];
    const agi_file *vol = e->volume < 16 ? g->volumes[e->volume] : NULL;
    if (!vol) {
        relic_err_set(err, RELIC_EDATA, g->dirs[kind].file_offset + 3 * (size_t)number,
                      "%s %u: volume %u has no file", agi_kind_name(kind), number, e->volume);
        relic_err_file(err, g->dir_file[kind]);
        return RELIC_EDATA;
    }
    int rc = agi_record_load(g->layout, vol->data, vol->len, e->offset, e->volume, rec, payload, err);
    if (rc)
        relic_err_file(err, vol->name);
    return rc;
}
