/* AGDS, the Russian AGI clone (Alex Simkin's AGI Development System).
 * Facts from ScummVM (engines/agi/agi.h CRYPT_KEY_AGDS,
 * engines/agi/agi.cpp AgiEngine::decrypt, engines/agi/detection_tables.h
 * "Groza [AGDS sample]" row with features GF_AGDS and version 0x2440;
 * read, not copied):
 *   - an AGDS game keys its XORed text (logic message tables, OBJECT) with
 *     "Alex Simkin" instead of Sierra's "Avis Durgan", repeated every 11
 *     bytes exactly as Sierra's key is;
 *   - ScummVM runs every AGDS game under the 2.440 rules;
 *   - its text is Russian in code page 866.
 * Relic detects AGDS from the data: logic messages that read only with the
 * AGDS key (logic.c chooses the key whose reading fits the offset table
 * best).  CP866 text converts to UTF-8 here: 0x80-0xaf and 0xe0-0xf7 are
 * the Cyrillic letters, 0xf8-0xff signs; the rest shares CP437's glyphs
 * (box drawing 0xb0-0xdf is the same in both pages). */
#include <stdio.h>
#include <string.h>
#include "relic/agi_ext.h"
#include "relic/text.h"
#include "agi_private.h"

/* The code point of a CP866 byte that differs from CP437, else 0. */
static uint32_t agi_cp866_point(uint8_t b)
{
    static const uint16_t tail[8] = {0x00b0, 0x2219, 0x00b7, 0x221a, 0x2116, 0x00a4, 0x25a0, 0x00a0};
    static const uint16_t yo[8] = {0x0401, 0x0451, 0x0404, 0x0454, 0x0407, 0x0457, 0x040e, 0x045e};
    if (b >= 0x80 && b <= 0xaf)
        return 0x0410u + (b - 0x80u); /* А..Я, а..п */
    if (b >= 0xe0 && b <= 0xef)
        return 0x0440u + (b - 0xe0u); /* р..я */
    if (b >= 0xf0 && b <= 0xf7)
        return yo[b - 0xf0];
    if (b >= 0xf8)
        return tail[b - 0xf8];
    return 0;
}

static void agi_utf8_put(relic_buf *out, uint32_t cp)
{
    uint8_t u[3];
    if (cp < 0x800) {
        u[0] = (uint8_t)(0xc0 | (cp >> 6));
        u[1] = (uint8_t)(0x80 | (cp & 0x3f));
        relic_buf_append(out, u, 2);
    } else {
        u[0] = (uint8_t)(0xe0 | (cp >> 12));
        u[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3f));
        u[2] = (uint8_t)(0x80 | (cp & 0x3f));
        relic_buf_append(out, u, 3);
    }
}

void agi_cp866_to_utf8(const uint8_t *s, size_t n, relic_buf *out)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = agi_cp866_point(s[i]);
        if (cp)
            agi_utf8_put(out, cp);
        else
            relic_cp437_to_utf8(s + i, 1, out);
    }
}

long agi_utf8_to_cp866(const char *s, size_t n, relic_buf *out)
{
    /* Each byte's UTF-8 form is a distinct string (the page is a
     * bijection); match the longest at each position.  The 256 forms are
     * built once per call into one buffer (at most 3 bytes each: every
     * code point of the page is below U+10000), not once per character. */
    uint8_t form[256][4], form_len[256];
    /* Chains of the bytes whose form opens with a given byte. */
    int16_t head[256], next[256];
    relic_buf u = RELIC_BUF_INIT;
    for (unsigned b = 0; b < 256; b++)
        head[b] = -1;
    for (unsigned b = 256; b-- > 0;) {
        uint8_t byte = (uint8_t)b;
        relic_buf_reset(&u);
        agi_cp866_to_utf8(&byte, 1, &u);
        form_len[b] = (uint8_t)(!u.oom && u.len <= sizeof form[b] ? u.len : 0);
        next[b] = -1;
        if (form_len[b]) {
            memcpy(form[b], u.data, u.len);
            next[b] = head[form[b][0]];
            head[form[b][0]] = (int16_t)b;
        }
    }
    int oom = u.oom;
    relic_buf_free(&u);
    if (oom)
        return 0;
    size_t i = 0;
    while (i < n) {
        int found = -1;
        size_t best = 0;
        for (int b = head[(uint8_t)s[i]]; b >= 0; b = next[b]) {
            size_t len = form_len[b];
            if (len > best && len <= n - i && memcmp(form[b], s + i, len) == 0) {
                best = len;
                found = b;
            }
        }
        if (found < 0)
            return (long)i;
        relic_buf_u8(out, (uint8_t)found);
        i += best;
    }
    return -1;
}

int agi_objects_key(const agi_profile *p, unsigned extensions)
{
    if (extensions & AGI_EXT_AGDS)
        return AGI_MSG_KEY_AGDS;
    return p && p->inventory_xor ? AGI_MSG_KEY_SIERRA : AGI_MSG_PLAIN;
}

int agi_agds_detect(const agi_game *g, char *why, size_t why_len)
{
    if (!g->dirs[AGI_LOGIC].count)
        return 0;
    unsigned shown = 0, first = 0, looked = 0;
    relic_buf payload = RELIC_BUF_INIT;
    /* The first logics present are enough: a game keys all its text alike. */
    for (unsigned n = 0; n < g->dirs[AGI_LOGIC].count && looked < 4; n++) {
        agi_record rec;
        relic_err err;
        relic_err_clear(&err);
        relic_buf_reset(&payload);
        if (agi_game_load(g, AGI_LOGIC, n, &rec, &payload, &err) != RELIC_OK)
            continue;
        agi_logic_messages m;
        if (agi_logic_messages_decode_agds(payload.data, payload.len, &m, NULL) != RELIC_OK)
            continue;
        if (m.count)
            looked++;
        if (m.encrypted == AGI_MSG_KEY_AGDS && !shown++)
            first = n;
        agi_logic_messages_free(&m);
    }
    relic_buf_free(&payload);
    if (!shown)
        return 0;
    snprintf(why, why_len, "agds: %u of %u logics with messages read only with the AGDS key \"%s\" (first: logic %u)",
             shown, looked, AGI_XOR_KEY_AGDS, first);
    return 1;
}
