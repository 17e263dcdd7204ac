/* Lower-case hex digits of a byte string (relic/text.h): the JSON forms of
 * stored bytes (game.json's records and gaps, layout records) are most of
 * what --raw prints, so this is the one place that converts them. */
#include <string.h>
#include "relic/text.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif

void relic_hex_lower(const uint8_t *p, size_t n, char *out)
{
    static const char pairs[] = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
                                "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
                                "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
                                "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
                                "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
                                "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
                                "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
                                "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
    size_t i = 0;
#ifdef __SSE2__
    /* Sixteen bytes to 32 digits at a time: printed on one thread, the
     * table look-up alone was a fifth of --raw on the largest games. */
    const __m128i low = _mm_set1_epi8(0x0f), nine = _mm_set1_epi8(9), zero = _mm_set1_epi8('0'),
                  af = _mm_set1_epi8('a' - '0' - 10);
    for (; n - i >= 16; i += 16, out += 32) {
        __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i hi = _mm_and_si128(_mm_srli_epi16(w, 4), low), lo = _mm_and_si128(w, low);
        hi = _mm_add_epi8(_mm_add_epi8(hi, zero), _mm_and_si128(_mm_cmpgt_epi8(hi, nine), af));
        lo = _mm_add_epi8(_mm_add_epi8(lo, zero), _mm_and_si128(_mm_cmpgt_epi8(lo, nine), af));
        _mm_storeu_si128((__m128i *)(void *)out, _mm_unpacklo_epi8(hi, lo));
        _mm_storeu_si128((__m128i *)(void *)(out + 16), _mm_unpackhi_epi8(hi, lo));
    }
#endif
    for (; i < n; i++, out += 2)
        memcpy(out, pairs + 2 * p[i], 2);
}
