/* CP437 <-> UTF-8 for text from DOS games (relic/text.h).  The upper half
 * follows the IBM code page 437 chart; bytes below 0x80 are ASCII (control
 * bytes included, so the mapping stays one-to-one). */
#include "relic/text.h"

// clang-format off
static const uint16_t relic_cp437_high[128] = {
    0x00C7, 0x00FC, 0x00E9, 0x00E2, 0x00E4, 0x00E0, 0x00E5, 0x00E7,
    0x00EA, 0x00EB, 0x00E8, 0x00EF, 0x00EE, 0x00EC, 0x00C4, 0x00C5,
    0x00C9, 0x00E6, 0x00C6, 0x00F4, 0x00F6, 0x00F2, 0x00FB, 0x00F9,
    0x00FF, 0x00D6, 0x00DC, 0x00A2, 0x00A3, 0x00A5, 0x20A7, 0x0192,
    0x00E1, 0x00ED, 0x00F3, 0x00FA, 0x00F1, 0x00D1, 0x00AA, 0x00BA,
    0x00BF, 0x2310, 0x00AC, 0x00BD, 0x00BC, 0x00A1, 0x00AB, 0x00BB,
    0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x2561, 0x2562, 0x2556,
    0x2555, 0x2563, 0x2551, 0x2557, 0x255D, 0x255C, 0x255B, 0x2510,
    0x2514, 0x2534, 0x252C, 0x251C, 0x2500, 0x253C, 0x255E, 0x255F,
    0x255A, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256C, 0x2567,
    0x2568, 0x2564, 0x2565, 0x2559, 0x2558, 0x2552, 0x2553, 0x256B,
    0x256A, 0x2518, 0x250C, 0x2588, 0x2584, 0x258C, 0x2590, 0x2580,
    0x03B1, 0x00DF, 0x0393, 0x03C0, 0x03A3, 0x03C3, 0x00B5, 0x03C4,
    0x03A6, 0x0398, 0x03A9, 0x03B4, 0x221E, 0x03C6, 0x03B5, 0x2229,
    0x2261, 0x00B1, 0x2265, 0x2264, 0x2320, 0x2321, 0x00F7, 0x2248,
    0x00B0, 0x2219, 0x00B7, 0x221A, 0x207F, 0x00B2, 0x25A0, 0x00A0,
};
// clang-format on

void relic_cp437_to_utf8(const uint8_t *s, size_t n, relic_buf *out)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] < 0x80) {
            relic_buf_u8(out, s[i]);
            continue;
        }
        unsigned cp = relic_cp437_high[s[i] - 0x80];
        if (cp < 0x800) {
            relic_buf_u8(out, (uint8_t)(0xC0 | cp >> 6));
        } else {
            relic_buf_u8(out, (uint8_t)(0xE0 | cp >> 12));
            relic_buf_u8(out, (uint8_t)(0x80 | ((cp >> 6) & 0x3F)));
        }
        relic_buf_u8(out, (uint8_t)(0x80 | (cp & 0x3F)));
    }
}

/* Decodes one UTF-8 sequence of at most three bytes (all CP437 needs). */
static long relic_text_utf8_next(const uint8_t *s, size_t n, size_t *i)
{
    uint8_t c = s[*i];
    if (c < 0x80) {
        *i += 1;
        return c;
    }
    if ((c & 0xE0) == 0xC0 && *i + 1 < n && (s[*i + 1] & 0xC0) == 0x80) {
        long cp = (long)(c & 0x1F) << 6 | (s[*i + 1] & 0x3F);
        *i += 2;
        return cp;
    }
    if ((c & 0xF0) == 0xE0 && *i + 2 < n && (s[*i + 1] & 0xC0) == 0x80 && (s[*i + 2] & 0xC0) == 0x80) {
        long cp = (long)(c & 0x0F) << 12 | (long)(s[*i + 1] & 0x3F) << 6 | (s[*i + 2] & 0x3F);
        *i += 3;
        return cp;
    }
    return -1;
}

long relic_utf8_to_cp437(const char *str, size_t n, relic_buf *out)
{
    const uint8_t *s = (const uint8_t *)str;
    size_t i = 0;
    while (i < n) {
        size_t at = i;
        long cp = relic_text_utf8_next(s, n, &i);
        if (cp < 0)
            return (long)at;
        if (cp < 0x80) {
            relic_buf_u8(out, (uint8_t)cp);
            continue;
        }
        int found = -1;
        for (int k = 0; k < 128; k++)
            if (relic_cp437_high[k] == cp) {
                found = k;
                break;
            }
        if (found < 0)
            return (long)at;
        relic_buf_u8(out, (uint8_t)(0x80 + found));
    }
    return -1;
}
