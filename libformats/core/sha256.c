/* SHA-256 after FIPS 180-4 sections 4.1.2 (functions), 4.2.2 (constants),
 * 5.1.1 (padding), 5.3.3 (initial hash) and 6.2.2 (computation).
 *
 * game.json's container record hashes every payload of a game, which made
 * SHA-256 half of `agi-unpack --raw`.  Whole blocks are therefore hashed
 * straight from the caller's bytes (no copy through s->block), the rounds
 * are unrolled sixteen at a time over a 16-word rolling schedule (6.2.2
 * step 1 computed as it is used, the working variables renamed instead of
 * shifted), and on x86-64 processors with the SHA extensions the block
 * function is SHA256RNDS2/SHA256MSG1/SHA256MSG2 (Intel 64 and IA-32
 * Architectures Software Developer's Manual, vol. 2, "SHA256RNDS2": two
 * rounds from the state split as ABEF and CDGH plus two message words with
 * their constants added; "SHA256MSG1"/"SHA256MSG2": the sigma0 and sigma1
 * halves of the schedule, four words at a time).  The processor is asked
 * through the compiler's __builtin_cpu_supports, which reads the C
 * runtime's own record: no state of this library. */
#include <string.h>
#include "relic/sha256.h"
#include "sha256_private.h"

/* GCC only: clang 14 rejects "sha" as a __builtin_cpu_supports feature,
 * and asking CPUID on every call would cost a VM exit each time; a clang
 * build (the fuzz targets) takes the portable rounds. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define RELIC_SHA256_X86 1
#include <immintrin.h>
#endif

static const uint32_t relic_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t relic_sha256_ror(uint32_t x, unsigned n) { return x >> n | x << (32 - n); }

// clang-format off
/* The sigmas of 4.1.2 with the rotations nested (ROTR 2, 13, 22 as
 * ROTR 2 of (ROTR 11 of (ROTR 9 of x, xor x), xor x)): fewer copies of x
 * where a rotation overwrites its operand. */
#define RELIC_SHA256_S0(x) relic_sha256_ror(relic_sha256_ror(relic_sha256_ror(x, 9) ^ (x), 11) ^ (x), 2)
#define RELIC_SHA256_S1(x) relic_sha256_ror(relic_sha256_ror(relic_sha256_ror(x, 14) ^ (x), 5) ^ (x), 6)
#define RELIC_SHA256_s0(x) (relic_sha256_ror(relic_sha256_ror(x, 11) ^ (x), 7) ^ ((x) >> 3))
#define RELIC_SHA256_s1(x) (relic_sha256_ror(relic_sha256_ror(x, 2) ^ (x), 17) ^ ((x) >> 10))
/* Ch and Maj of 4.1.2, in forms with one operation fewer. */
#define RELIC_SHA256_CH(e, f, g) ((((f) ^ (g)) & (e)) ^ (g))
#define RELIC_SHA256_MAJ(a, b, c) (((a) & (b)) | ((c) & ((a) | (b))))
/* Word k of the 16 this pass uses: loaded (first pass) or scheduled. */
#define RELIC_SHA256_W(k, sched)                                                                                       \
    (!(sched) ? w[k]                                                                                                   \
              : (w[k] += RELIC_SHA256_s1(w[((k) + 14) & 15]) + w[((k) + 9) & 15] + RELIC_SHA256_s0(w[((k) + 1) & 15])))
/* One round; the caller renames a..h instead of shifting them. */
#define RELIC_SHA256_ROUND(a, b, c, d, e, f, g, h, j, k, sched)                                                        \
    do {                                                                                                               \
        uint32_t t1 = h + RELIC_SHA256_S1(e) + RELIC_SHA256_CH(e, f, g) + relic_sha256_k[(j) + (k)] +                 \
                      RELIC_SHA256_W(k, sched);                                                                        \
        d += t1;                                                                                                       \
        h = t1 + RELIC_SHA256_S0(a) + RELIC_SHA256_MAJ(a, b, c);                                                       \
    } while (0)
/* Rounds j..j+15; the first sixteen read the block's words as they are. */
#define RELIC_SHA256_16(j, sched)                                                                                      \
    do {                                                                                                               \
        RELIC_SHA256_ROUND(a, b, c, d, e, f, g, hh, j, 0, sched);                                                      \
        RELIC_SHA256_ROUND(hh, a, b, c, d, e, f, g, j, 1, sched);                                                      \
        RELIC_SHA256_ROUND(g, hh, a, b, c, d, e, f, j, 2, sched);                                                      \
        RELIC_SHA256_ROUND(f, g, hh, a, b, c, d, e, j, 3, sched);                                                      \
        RELIC_SHA256_ROUND(e, f, g, hh, a, b, c, d, j, 4, sched);                                                      \
        RELIC_SHA256_ROUND(d, e, f, g, hh, a, b, c, j, 5, sched);                                                      \
        RELIC_SHA256_ROUND(c, d, e, f, g, hh, a, b, j, 6, sched);                                                      \
        RELIC_SHA256_ROUND(b, c, d, e, f, g, hh, a, j, 7, sched);                                                      \
        RELIC_SHA256_ROUND(a, b, c, d, e, f, g, hh, j, 8, sched);                                                      \
        RELIC_SHA256_ROUND(hh, a, b, c, d, e, f, g, j, 9, sched);                                                      \
        RELIC_SHA256_ROUND(g, hh, a, b, c, d, e, f, j, 10, sched);                                                     \
        RELIC_SHA256_ROUND(f, g, hh, a, b, c, d, e, j, 11, sched);                                                     \
        RELIC_SHA256_ROUND(e, f, g, hh, a, b, c, d, j, 12, sched);                                                     \
        RELIC_SHA256_ROUND(d, e, f, g, hh, a, b, c, j, 13, sched);                                                     \
        RELIC_SHA256_ROUND(c, d, e, f, g, hh, a, b, j, 14, sched);                                                     \
        RELIC_SHA256_ROUND(b, c, d, e, f, g, hh, a, j, 15, sched);                                                     \
    } while (0)
// clang-format on

void relic_sha256_blocks_portable(uint32_t h[8], const uint8_t *p, size_t n)
{
    for (; n--; p += 64) {
        uint32_t w[16];
        for (int t = 0; t < 16; t++)
            w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 | (uint32_t)p[4 * t + 2] << 8 | p[4 * t + 3];
        uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
        RELIC_SHA256_16(0, 0);
        RELIC_SHA256_16(16, 1);
        RELIC_SHA256_16(32, 1);
        RELIC_SHA256_16(48, 1);
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
        h[5] += f;
        h[6] += g;
        h[7] += hh;
    }
}

#ifdef RELIC_SHA256_X86
/* The state lives as ABEF and CDGH (lane 3 first: A, B, E, F), the order
 * SHA256RNDS2 takes; the message words are big-endian in the input. */
__attribute__((target("sha,sse4.1,ssse3"))) static void relic_sha256_blocks_ni(uint32_t h[8], const uint8_t *p,
                                                                               size_t n)
{
    const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i dcba = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[0]), 0xb1); /* lanes B A D C */
    __m128i hgfe = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[4]), 0x1b); /* lanes H G F E */
    __m128i abef = _mm_alignr_epi8(dcba, hgfe, 8);                                   /* lanes F E B A */
    __m128i cdgh = _mm_blend_epi16(hgfe, dcba, 0xf0);                                /* lanes H G D C */
    for (; n--; p += 64) {
        __m128i abef0 = abef, cdgh0 = cdgh, m[4];
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++) {
            __m128i *cur = &m[i & 3];
            if (i < 4)
                *cur = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * i)), bswap);
            else
                *cur = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(*cur, m[(i + 1) & 3]),
                                                          _mm_alignr_epi8(m[(i + 3) & 3], m[(i + 2) & 3], 4)),
                                            m[(i + 3) & 3]);
            __m128i wk = _mm_add_epi32(*cur, _mm_loadu_si128((const __m128i *)&relic_sha256_k[4 * i]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0e));
        }
        abef = _mm_add_epi32(abef, abef0);
        cdgh = _mm_add_epi32(cdgh, cdgh0);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1b);                          /* lanes A B E F */
    __m128i ghcd = _mm_shuffle_epi32(cdgh, 0xb1);                          /* lanes G H C D */
    _mm_storeu_si128((__m128i *)&h[0], _mm_blend_epi16(feba, ghcd, 0xf0)); /* A B C D */
    _mm_storeu_si128((__m128i *)&h[4], _mm_alignr_epi8(ghcd, feba, 8));    /* E F G H */
}
#endif

int relic_sha256_blocks_accel(uint32_t h[8], const uint8_t *p, size_t n)
{
#ifdef RELIC_SHA256_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("sha") && __builtin_cpu_supports("sse4.1") && __builtin_cpu_supports("ssse3")) {
        relic_sha256_blocks_ni(h, p, n);
        return 1;
    }
#else
    (void)h;
    (void)p;
    (void)n;
#endif
    return 0;
}

static void relic_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t n)
{
    if (n && !relic_sha256_blocks_accel(h, p, n))
        relic_sha256_blocks_portable(h, p, n);
}

void relic_sha256_init(relic_sha256 *s)
{
    static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(s->h, h0, sizeof h0);
    s->total = 0;
    s->fill = 0;
}

void relic_sha256_update(relic_sha256 *s, const void *data, size_t len)
{
    const uint8_t *p = data;
    if (len == 0) /* data may be NULL then */
        return;
    s->total += len;
    if (s->fill) {
        size_t n = 64 - s->fill < len ? 64 - s->fill : len;
        memcpy(s->block + s->fill, p, n);
        s->fill += n;
        p += n;
        len -= n;
        if (s->fill < 64)
            return;
        relic_sha256_blocks(s->h, s->block, 1);
        s->fill = 0;
    }
    relic_sha256_blocks(s->h, p, len / 64);
    p += len - len % 64;
    len %= 64;
    memcpy(s->block, p, len);
    s->fill = len;
}

void relic_sha256_final(relic_sha256 *s, uint8_t digest[32])
{
    /* 5.1.1: a one bit, zeros to 56 bytes mod 64, the length in bits. */
    uint64_t bits = s->total * 8;
    uint8_t pad[128] = {0x80};
    size_t padlen = (s->fill < 56 ? 56 : 120) - s->fill;
    for (int i = 0; i < 8; i++)
        pad[padlen + (size_t)i] = (uint8_t)(bits >> (56 - 8 * i));
    relic_sha256_update(s, pad, padlen + 8);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(s->h[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(s->h[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(s->h[i] >> 8);
        digest[4 * i + 3] = (uint8_t)s->h[i];
    }
}

void relic_sha256_hex(const void *data, size_t len, char hex[65])
{
    static const char digits[] = "0123456789abcdef";
    relic_sha256 s;
    uint8_t d[32];
    relic_sha256_init(&s);
    relic_sha256_update(&s, data, len);
    relic_sha256_final(&s, d);
    for (int i = 0; i < 32; i++) {
        hex[2 * i] = digits[d[i] >> 4];
        hex[2 * i + 1] = digits[d[i] & 15];
    }
    hex[64] = '\0';
}
