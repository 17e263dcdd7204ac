/* Fuzzes whole-game opening and loading: agi_game_open on a small file set
 * built from the input, then agi_game_load of every present directory
 * entry of every kind, where it points (agi_game_entry_inside) and which
 * entries the game can load (agi_game_usage_read).  Input scheme: byte 0 selects a file-name set (low
 * two bits) and whether a profile is forced (bit 2); the rest is a series
 * of chunks, each a little-endian u16 length followed by that many bytes
 * (cut short at the end of the input), assigned in order to the names of
 * the set:
 *   0  LOGDIR PICDIR VIEWDIR SNDDIR VOL.0 VOL.1     (v2 split)
 *   1  XDIR XVOL.0 XVOL.1 AGIDATA.OVL OBJECT        (v3 combined)
 *   2  LOGDIR PICDIR VIEWDIR SNDDIR XVOL.0 XVOL.1   (v3 records, split dirs)
 *   3  LOGDIR PICDIR VIEWDIR SNDDIR VOL.0 OBJECT    (v2, profile from OBJECT)
 * Files are copied into malloc'd blocks that agi_fileset_add takes over.
 * An opened game also runs the community-extension detectors (agipal.c,
 * agds.c, agi256.c).  Seeds: tests/fuzz/seeds/fuzz_agi_game. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_ext.h"
#include "relic/agi_logic.h"
#include "relic/buf.h"
#include "relic/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_FILES 6

static const char *const file_sets[4][MAX_FILES] = {
    {"LOGDIR", "PICDIR", "VIEWDIR", "SNDDIR", "VOL.0", "VOL.1"},
    {"XDIR", "XVOL.0", "XVOL.1", "AGIDATA.OVL", "OBJECT", NULL},
    {"LOGDIR", "PICDIR", "VIEWDIR", "SNDDIR", "XVOL.0", "XVOL.1"},
    {"LOGDIR", "PICDIR", "VIEWDIR", "SNDDIR", "VOL.0", "OBJECT"},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *const *names = file_sets[data[0] & 3];
    int force_profile = (data[0] & 4) != 0;
    size_t pos = 1;

    agi_fileset fs = {NULL, 0};
    relic_err err;
    for (int i = 0; i < MAX_FILES && names[i] && size - pos >= 2; i++) {
        size_t len = (size_t)data[pos] | (size_t)data[pos + 1] << 8;
        pos += 2;
        if (len > size - pos)
            len = size - pos;
        uint8_t *copy = malloc(len ? len : 1);
        if (!copy)
            break;
        if (len)
            memcpy(copy, data + pos, len);
        pos += len;
        relic_err_clear(&err);
        if (agi_fileset_add(&fs, names[i], copy, len, &err) != RELIC_OK)
            break; /* copy already freed */
    }

    agi_open_opts opts = {.profile = force_profile ? agi_profile_find("2.936") : NULL};
    agi_game g;
    relic_err_clear(&err);
    int rc = agi_game_open(&fs, &opts, &g, &err);
    if (rc == RELIC_OK) {
        relic_buf payload = RELIC_BUF_INIT;
        for (int k = 0; k < AGI_KIND_COUNT; k++) {
            if (g.dirs[k].count > AGI_DIR_ENTRIES)
                abort();
            for (unsigned n = 0; n < g.dirs[k].count; n++) {
                if (!g.dirs[k].entry[n].present)
                    continue;
                agi_record rec;
                relic_err_clear(&err);
                int lrc = agi_game_load(&g, (agi_kind)k, n, &rec, &payload, &err);
                if (lrc == RELIC_OK ? payload.len != rec.expanded_len : err.code != lrc)
                    abort();
                agi_kind ok;
                unsigned on;
                uint32_t ooff;
                if (agi_game_entry_inside(&g, (agi_kind)k, n, &ok, &on, &ooff) &&
                    ((unsigned)ok >= AGI_KIND_COUNT || on >= g.dirs[ok].count || ooff > g.dirs[k].entry[n].offset))
                    abort();
            }
        }
        relic_buf_free(&payload);
        char why[4][240];
        unsigned why_count, ext_count;
        const agi_extension *ext = agi_extensions(&ext_count);
        unsigned all = 0;
        for (unsigned i = 0; i < ext_count; i++)
            all |= ext[i].flag;
        unsigned flags = agi_extensions_detect(&g, why, 4, &why_count);
        if ((flags & ~all) || why_count > 4 || (flags && !why_count))
            abort();
        agi_game_usage u;
        relic_err_clear(&err);
        int urc = agi_game_usage_read(&g, &u, &err);
        if (urc != RELIC_OK && urc != RELIC_ENOMEM)
            abort();
        if (urc == RELIC_OK && agi_game_usage_of(&u, AGI_LOGIC, 0) == AGI_USE_NONE && g.dirs[AGI_LOGIC].count &&
            g.dirs[AGI_LOGIC].entry[0].present)
            abort();
    } else if (err.code != rc) {
        abort();
    }
    agi_fileset_free(&fs);
    return 0;
}
