/* The community-extension table (agi_ext.h) and AGIPAL: the extension that gives a game its own 16-colour
 * palettes in files pal.N, switched at run time.  Facts from ScummVM
 * (engines/agi/graphics.cpp GfxMgr::setAGIPal, engines/agi/op_cmd.cpp
 * cmdShakeScreen, engines/agi/detection.cpp fallback detection; read, not
 * copied):
 *   - a game is AGIPAL when any of pal.100 .. pal.109 exists;
 *   - shake.screen with an operand 100..109 loads pal.<operand> instead of
 *     shaking ("checked against the original AGIPAL hack's disassembly");
 *     a missing file leaves the palette as it is;
 *   - a pal file holds eight 24-byte chunks: chunk 0 is colours 0-7 and
 *     chunk 2 colours 8-15 (three bytes R, G, B each); chunks 1 and 3 repeat
 *     0 and 2, chunks 4-7 repeat 0-3.  Only bytes 0..23 and 48..71 are read;
 *   - components are VGA 6-bit: a byte above 63 keeps its low six bits
 *     (with a warning), then 6 bits scale to 8 (c * 255 / 63, the
 *     GfxMgr::initPalette fromBits 6 / toBits 8 conversion);
 *   - until the first switch the game shows the standard EGA palette. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "relic/agi_ext.h"
#include "relic/cursor.h"

static int agi_agipal_detect(const agi_game *g, char *why, size_t why_len)
{
    const agi_fileset *fs = g->files;
    if (!fs)
        return 0;
    for (unsigned n = 100; n <= 109; n++) {
        char name[16];
        snprintf(name, sizeof name, "pal.%u", n);
        if (agi_fileset_find(fs, name)) {
            snprintf(why, why_len, "agipal: %s present (ScummVM detects AGIPAL by any of pal.100..pal.109)", name);
            return 1;
        }
    }
    return 0;
}

// clang-format off
static const agi_extension agi_extension_table[] = {
    {.name = "agipal", .flag = AGI_EXT_AGIPAL, .detect = agi_agipal_detect,
     .palette_shake_min = 100, .palette_shake_max = 109, .palette_colors = 16},
    {.name = "agds", .flag = AGI_EXT_AGDS, .detect = agi_agds_detect, .palette_colors = 16,
     .clone_interpreter = 1},
    {.name = "agi256", .flag = AGI_EXT_AGI256, .detect = agi_agi256_detect, .palette_colors = 256},
    {.name = "agi256-2", .flag = AGI_EXT_AGI256_2, .detect = agi_agi256_2_detect, .palette_colors = 256},
};
// clang-format on

const agi_extension *agi_extensions(unsigned *count)
{
    if (count)
        *count = (unsigned)(sizeof agi_extension_table / sizeof agi_extension_table[0]);
    return agi_extension_table;
}

const agi_extension *agi_extension_for_shake(unsigned flags, uint8_t operand)
{
    unsigned n;
    const agi_extension *t = agi_extensions(&n);
    for (unsigned i = 0; i < n; i++)
        if ((flags & t[i].flag) && t[i].palette_shake_max && operand >= t[i].palette_shake_min &&
            operand <= t[i].palette_shake_max)
            return &t[i];
    return NULL;
}

int agi_agipal_decode(const uint8_t *data, size_t len, uint8_t rgb[16 * 3], unsigned *masked, relic_err *err)
{
    relic_cur c = relic_cur_make(data, len, 0);
    const uint8_t *low = relic_bytes(&c, 24);  /* chunk 0: colours 0-7 */
    relic_skip(&c, 24);                        /* chunk 1 repeats chunk 0 */
    const uint8_t *high = relic_bytes(&c, 24); /* chunk 2: colours 8-15 */
    if (relic_cur_check(&c, err))
        return RELIC_EDATA;
    unsigned dropped = 0;
    for (unsigned i = 0; i < 48; i++) {
        uint8_t v = i < 24 ? low[i] : high[i - 24];
        if (v > 63) {
            v &= 0x3f;
            dropped++;
        }
        rgb[i] = (uint8_t)((v * 255u) / 63u);
    }
    if (masked)
        *masked = dropped;
    return RELIC_OK;
}

int agi_agipal_load(const agi_fileset *fs, unsigned n, uint8_t rgb[16 * 3], unsigned *masked, relic_err *err)
{
    char name[16];
    snprintf(name, sizeof name, "pal.%u", n);
    const agi_file *f = agi_fileset_find(fs, name);
    if (!f)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "%s: no such palette file", name);
    int rc = agi_agipal_decode(f->data, f->len, rgb, masked, err);
    if (rc)
        relic_err_file(err, f->name);
    return rc;
}

unsigned agi_extensions_of_clone(void)
{
    unsigned flags = 0, n;
    const agi_extension *t = agi_extensions(&n);
    for (unsigned i = 0; i < n; i++)
        if (t[i].clone_interpreter)
            flags |= t[i].flag;
    return flags;
}

unsigned agi_extensions_detect(const agi_game *g, char why[][240], unsigned max_why, unsigned *why_count)
{
    unsigned flags = 0, n;
    const agi_extension *t = agi_extensions(&n);
    *why_count = 0;
    for (unsigned i = 0; i < n; i++) {
        char line[240];
        if (t[i].detect(g, line, sizeof line)) {
            flags |= t[i].flag;
            if (*why_count < max_why)
                memcpy(why[(*why_count)++], line, sizeof line);
        }
    }
    return flags;
}
