/* Indexed PNG over libpng (relic/io.h).  Deterministic by construction: no
 * tIME/tEXt chunks, fixed zlib level and filter, so equal images give equal
 * bytes on every run.  Also an optional private chunk after the image data
 * and a reader that finds one chunk (PNG specification, 5.3 chunk layout,
 * 5.4 naming, 5.5 CRC), for tools that keep source bytes in their PNGs.
 * The bulk path (relic_png.fast) writes the chunks itself over zlib
 * (PNG specification 11.2 IHDR, PLTE, IDAT, IEND; 11.3.2 tRNS; 9 filters):
 * see relic_png_encode_fast. */
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "relic/cursor.h"
#include "relic/io.h"

static void relic_png_write_cb(png_structp png, png_bytep data, png_size_t len)
{
    relic_buf_append(png_get_io_ptr(png), data, len);
}

static void relic_png_flush_cb(png_structp png) { (void)png; }

/* After the last row libpng has written every IDAT, so the chunk goes
 * between the image data and IEND (png_write_chunk writes any name as
 * given, with its CRC). */
static void relic_png_put_chunk(png_structp png, const relic_png_chunk *c)
{
    if (!c)
        return;
    png_write_chunk(png, (png_const_bytep)c->name, c->data, c->len);
}

static int relic_png_depth(unsigned ncolors)
{
    if (ncolors <= 2)
        return 1;
    if (ncolors <= 4)
        return 2;
    if (ncolors <= 16)
        return 4;
    return 8;
}

/* Packs one row of indices at the chosen bit depth, high bits first. */
static void relic_png_pack_row(const uint8_t *src, unsigned width, int depth, uint8_t *dst)
{
    if (depth == 8) {
        memcpy(dst, src, width);
        return;
    }
    int per = 8 / depth;
    size_t nbytes = ((size_t)width * (size_t)depth + 7) / 8;
    memset(dst, 0, nbytes);
    for (unsigned x = 0; x < width; x++)
        dst[x / per] |= (uint8_t)(src[x] << (8 - depth * (int)(x % per + 1)));
}

/* CRC-32 of the bulk chunks (the tBMP's bytes, the IDAT) by carry-less
 * multiplication where the processor has it: folding 16-byte blocks with
 * PCLMULQDQ keeps a 128-bit value congruent, modulo the CRC polynomial, to
 * everything read so far (Gopal et al., "Fast CRC Computation for Generic
 * Polynomials Using PCLMULQDQ Instruction", Intel 2009, section 3; the
 * constants are x^(4*128+32), x^(4*128-32), x^(128+32) and x^(128-32) mod
 * P, bit-reflected, as Linux's crc32-pclmul uses them).  The last value and
 * the tail go through zlib's crc32 as plain message bytes.  zlib's own
 * table-driven CRC was 10 % of riven-script's time on 3,000 bitmaps
 * (about 2 GB/s here against 5 GB/s); the result is the same number. */
#if defined(__x86_64__) && defined(__GNUC__)
#define RELIC_PNG_CLMUL 1
#include <immintrin.h>

__attribute__((target("pclmul,sse4.1"))) static __m128i relic_png_fold(__m128i x, __m128i k, __m128i next)
{
    return _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00), _mm_clmulepi64_si128(x, k, 0x11)), next);
}

__attribute__((target("pclmul,sse4.1"))) static uint32_t relic_png_crc_clmul(uint32_t crc, const uint8_t *p, size_t n)
{
    const __m128i k1 = _mm_set_epi64x(0x1c6e41596ll, 0x154442bd4ll), k4 = _mm_set_epi64x(0xccaa009ell, 0x1751997d0ll);
    /* the register goes in as the first four message bytes, inverted */
    __m128i x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)p), _mm_cvtsi32_si128((int)~crc));
    size_t i = 16;
    if (n >= 128) {
        __m128i y[4] = {x, _mm_loadu_si128((const __m128i *)(p + 16)), _mm_loadu_si128((const __m128i *)(p + 32)),
                        _mm_loadu_si128((const __m128i *)(p + 48))};
        for (i = 64; i + 64 <= n; i += 64)
            for (int j = 0; j < 4; j++)
                y[j] = relic_png_fold(y[j], k1, _mm_loadu_si128((const __m128i *)(p + i + 16 * (size_t)j)));
        x = relic_png_fold(relic_png_fold(relic_png_fold(y[0], k4, y[1]), k4, y[2]), k4, y[3]);
    }
    for (; i + 16 <= n; i += 16)
        x = relic_png_fold(x, k4, _mm_loadu_si128((const __m128i *)(p + i)));
    uint8_t t[16];
    _mm_storeu_si128((__m128i *)t, x);
    return (uint32_t)crc32(crc32(0xffffffffUL, t, 16), p + i, (uInt)(n - i));
}

/* Adler-32 of the image data (RFC 1950, 2.2 and 8.2), 32 bytes a step
 * with SSSE3: pmaddubsw weighs each byte by its distance from the block's
 * end for s2, psadbw sums them for s1; the sums are reduced modulo 65521
 * every 5,536 bytes as zlib's NMAX allows (the method of Chromium's
 * adler32_simd.c).  zlib's own adler32, run inside deflate, was 12 % of
 * riven-script's time on the synthetic archive (2.2 GB/s here against
 * 6.5 GB/s); the number is the same, the tail goes through zlib. */
__attribute__((target("ssse3"))) static uint32_t relic_png_adler_ssse3(uint32_t adler, const uint8_t *p, size_t n)
{
    uint32_t s1 = adler & 0xffff, s2 = adler >> 16;
    size_t blocks = n / 32;
    n -= blocks * 32;
    const __m128i tap1 = _mm_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17);
    const __m128i tap2 = _mm_setr_epi8(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m128i zero = _mm_setzero_si128(), ones = _mm_set1_epi16(1);
    while (blocks) {
        size_t k = blocks < 5552 / 32 ? blocks : 5552 / 32;
        blocks -= k;
        /* ps: s1 before each block, times 32 at the end (each block adds
         * 32 * s1 to s2) */
        __m128i ps = _mm_cvtsi32_si128((int)(s1 * (uint32_t)k)), v2 = _mm_cvtsi32_si128((int)s2), v1 = zero;
        do {
            __m128i b1 = _mm_loadu_si128((const __m128i *)p), b2 = _mm_loadu_si128((const __m128i *)(p + 16));
            ps = _mm_add_epi32(ps, v1);
            v1 = _mm_add_epi32(v1, _mm_add_epi32(_mm_sad_epu8(b1, zero), _mm_sad_epu8(b2, zero)));
            v2 = _mm_add_epi32(v2, _mm_add_epi32(_mm_madd_epi16(_mm_maddubs_epi16(b1, tap1), ones),
                                                 _mm_madd_epi16(_mm_maddubs_epi16(b2, tap2), ones)));
            p += 32;
        } while (--k);
        v2 = _mm_add_epi32(v2, _mm_slli_epi32(ps, 5));
        v1 = _mm_add_epi32(v1, _mm_shuffle_epi32(v1, _MM_SHUFFLE(2, 3, 0, 1)));
        v1 = _mm_add_epi32(v1, _mm_shuffle_epi32(v1, _MM_SHUFFLE(1, 0, 3, 2)));
        v2 = _mm_add_epi32(v2, _mm_shuffle_epi32(v2, _MM_SHUFFLE(2, 3, 0, 1)));
        v2 = _mm_add_epi32(v2, _mm_shuffle_epi32(v2, _MM_SHUFFLE(1, 0, 3, 2)));
        s1 = (s1 + (uint32_t)_mm_cvtsi128_si32(v1)) % 65521u;
        s2 = (uint32_t)_mm_cvtsi128_si32(v2) % 65521u;
    }
    return (uint32_t)adler32((uLong)s2 << 16 | s1, p, (uInt)n);
}
#endif

static uint32_t relic_png_adler32(const uint8_t *p, size_t n)
{
#ifdef RELIC_PNG_CLMUL
    if (__builtin_cpu_supports("ssse3"))
        return relic_png_adler_ssse3(1, p, n);
#endif
    return (uint32_t)adler32(adler32(0, NULL, 0), p, (uInt)n);
}

static uint32_t relic_png_crc32(uint32_t crc, const uint8_t *p, size_t n)
{
#ifdef RELIC_PNG_CLMUL
    if (n >= 64 && __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1"))
        return relic_png_crc_clmul(crc, p, n);
#endif
    return n ? (uint32_t)crc32(crc, p, (uInt)n) : crc; /* zlib answers 0 to a NULL buffer */
}

static void relic_png_put32(uint8_t *p, size_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Appends one chunk: length, type, data, CRC over type and data. */
static void relic_png_chunk_out(relic_buf *out, const char *type, const uint8_t *data, size_t len)
{
    uint8_t head[8];
    relic_png_put32(head, len);
    memcpy(head + 4, type, 4);
    relic_buf_append(out, head, 8);
    if (len)
        relic_buf_append(out, data, len);
    relic_buf_be32(out, relic_png_crc32(relic_png_crc32(0, head + 4, 4), data, len));
}

/* Eight bytes at a time (SWAR), for what SSE2 (16 at a time, every
 * x86-64) leaves over: a load, the bytewise difference b - a, and how many
 * of the eight bytes are not zero. */
static uint64_t relic_png_ld8(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

#define RELIC_PNG_H8 0x8080808080808080ull

static uint64_t relic_png_sub8(uint64_t b, uint64_t a)
{
    return ((b | RELIC_PNG_H8) - (a & ~RELIC_PNG_H8)) ^ ((b ^ ~a) & RELIC_PNG_H8);
}

static unsigned relic_png_nonzero8(uint64_t d)
{
    uint64_t m = (((d & ~RELIC_PNG_H8) + ~RELIC_PNG_H8) | d) & RELIC_PNG_H8;
    return (unsigned)((m >> 7) * 0x0101010101010101ull >> 56);
}

#ifdef __SSE2__
#include <emmintrin.h>

/* The sixteen byte counters of v, added up (psadbw against zero). */
static size_t relic_png_sum16(__m128i v)
{
    __m128i s = _mm_sad_epu8(v, _mm_setzero_si128());
    return (size_t)_mm_cvtsi128_si32(s) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(s, 8));
}
#endif

/* Filter type 2 (Up) or 0 (None) for the whole image, whichever leaves
 * fewer byte changes in the stream deflate sees: with Z_RLE every change
 * is one more literal-or-run, so this is the encoder's own cost.  Art with
 * rows repeated or shifted by a constant (gradients, flat fills) turns into
 * long runs of one byte under Up; dithered pictures do not, and keep None
 * (on ties too).  A function of the pixels alone: still deterministic.
 * Every third row is counted (against the row above it): the choice is
 * the same on the bench's images and costs a third of a full count.
 * rows: height rows of `stride` bytes, a filter byte then the row. */
static int relic_png_pick_filter(const uint8_t *rows, size_t stride, unsigned height)
{
    size_t none = 0, up = 0;
    for (unsigned y = 1; y < height; y += 3) {
        const uint8_t *a = rows + (size_t)(y - 1) * stride + 1, *b = a + stride;
        size_t x = 1;
#ifdef __SSE2__
        /* 16 bytes a step, counting equal neighbours (changes are the rest):
         * cmpeq gives -1 per equal byte, so subtracting it counts up in 16
         * byte-wide counters, summed before any can pass 255 */
        __m128i eq_none = _mm_setzero_si128(), eq_up = _mm_setzero_si128();
        size_t same_none = 0, same_up = 0, steps = 0;
        for (; x + 16 <= stride - 1; x += 16) {
            __m128i bb = _mm_loadu_si128((const __m128i *)(b + x)), bp = _mm_loadu_si128((const __m128i *)(b + x - 1));
            __m128i ub = _mm_sub_epi8(bb, _mm_loadu_si128((const __m128i *)(a + x)));
            __m128i ubp = _mm_sub_epi8(bp, _mm_loadu_si128((const __m128i *)(a + x - 1)));
            eq_none = _mm_sub_epi8(eq_none, _mm_cmpeq_epi8(bb, bp));
            eq_up = _mm_sub_epi8(eq_up, _mm_cmpeq_epi8(ub, ubp));
            if (++steps == 255) {
                same_none += relic_png_sum16(eq_none);
                same_up += relic_png_sum16(eq_up);
                eq_none = eq_up = _mm_setzero_si128();
                steps = 0;
            }
        }
        same_none += relic_png_sum16(eq_none);
        same_up += relic_png_sum16(eq_up);
        none += (x - 1) - same_none;
        up += (x - 1) - same_up;
#endif
        for (; x + 8 <= stride - 1; x += 8) {
            uint64_t bb = relic_png_ld8(b + x), bp = relic_png_ld8(b + x - 1);
            none += relic_png_nonzero8(bb ^ bp);
            up += relic_png_nonzero8(relic_png_sub8(bb, relic_png_ld8(a + x)) ^
                                     relic_png_sub8(bp, relic_png_ld8(a + x - 1)));
        }
        for (; x < stride - 1; x++) {
            none += b[x] != b[x - 1];
            up += (uint8_t)(b[x] - a[x]) != (uint8_t)(b[x - 1] - a[x - 1]);
        }
    }
    return up < none ? 2 : 0;
}

/* Filters every row but the first with Up, bottom up so that each row
 * still sees the one above unfiltered. */
static void relic_png_filter_up(uint8_t *rows, size_t stride, unsigned height)
{
    for (unsigned y = height - 1; y > 0; y--) {
        uint8_t *b = rows + (size_t)y * stride + 1, *a = b - stride;
        size_t x = 0;
        b[-1] = 2;
#ifdef __SSE2__
        for (; x + 16 <= stride - 1; x += 16)
            _mm_storeu_si128((__m128i *)(b + x), _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(b + x)),
                                                              _mm_loadu_si128((const __m128i *)(a + x))));
#endif
        for (; x + 8 <= stride - 1; x += 8) {
            uint64_t d = relic_png_sub8(relic_png_ld8(b + x), relic_png_ld8(a + x));
            memcpy(b + x, &d, 8);
        }
        for (; x < stride - 1; x++)
            b[x] = (uint8_t)(b[x] - a[x]);
    }
}

/* The bulk indexed writer: the rows are filtered into one buffer and
 * deflated in one call (zlib level 1, Z_RLE: runs of a repeated byte are
 * what palettized art has, and no hash chains are built), the IDAT written
 * straight into `out`.  On the bench's synthetic tBMPs (160x120, 8 bpp,
 * their 20 KB of bytes in the tbRW chunk) this took 462,000 instructions a
 * bitmap against libpng's 697,000 at level 1 (callgrind). */
static int relic_png_encode_fast(const relic_png *img, int depth, const relic_png_chunk *chunk, relic_buf *out,
                                 relic_err *err)
{
    size_t rowbytes = ((size_t)img->width * (size_t)depth + 7) / 8, stride = rowbytes + 1;
    size_t rawlen = stride * img->height;
    if (rawlen > 0x7fffffff || (chunk && chunk->len > 0x7fffffff)) /* zlib counts in 32 bits; PNG chunks in 31 */
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "image too large for one PNG IDAT");
    uint8_t *raw = malloc(rawlen);
    if (!raw)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned y = 0; y < img->height; y++) {
        raw[(size_t)y * stride] = 0;
        relic_png_pack_row(img->pixels + (size_t)y * img->width, img->width, depth, raw + (size_t)y * stride + 1);
    }
    if (relic_png_pick_filter(raw, stride, img->height) == 2)
        relic_png_filter_up(raw, stride, img->height);
    z_stream z;
    memset(&z, 0, sizeof z);
    /* a raw stream: the zlib wrapper (RFC 1950) is written here, so that
     * the Adler-32 is relic_png_adler32's, not deflate's.  memLevel 7, not
     * zlib's 8: Z_RLE builds no hash chains, so the smaller hash table only
     * saves clearing it, and the 8,192-symbol blocks fit dithered art's
     * codes better (608x392 test pictures: 1-6 % fewer instructions and
     * 1.6 % smaller) */
    if (deflateInit2(&z, 1, Z_DEFLATED, -15, 7, Z_RLE) != Z_OK) {
        free(raw);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    size_t bound = deflateBound(&z, (uLong)rawlen) + 6;
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    uint8_t ihdr[13] = {0, 0, 0, 0, 0, 0, 0, 0, (uint8_t)depth, PNG_COLOR_TYPE_PALETTE, 0, 0, 0};
    relic_png_put32(ihdr, img->width);
    relic_png_put32(ihdr + 4, img->height);
    uint8_t alpha[256];
    relic_buf_reset(out);
    relic_buf_reserve(out, sizeof sig + 25 + 12 + 3 * img->ncolors + 12 + 256 + 12 + bound + 12 +
                               (chunk ? chunk->len : 0) + 12);
    relic_buf_append(out, sig, sizeof sig);
    relic_png_chunk_out(out, "IHDR", ihdr, sizeof ihdr);
    relic_png_chunk_out(out, "PLTE", img->palette, 3 * (size_t)img->ncolors);
    if (img->trns_index >= 0 && (unsigned)img->trns_index < img->ncolors) {
        memset(alpha, 255, sizeof alpha);
        alpha[img->trns_index] = 0;
        relic_png_chunk_out(out, "tRNS", alpha, (size_t)img->trns_index + 1);
    }
    int zr = Z_STREAM_ERROR;
    if (!out->oom) {
        size_t at = out->len;
        uint8_t *idat = out->data + at + 8;
        /* CMF 0x78: deflate, 32 KiB window; FLG 0x01: FLEVEL 0 (what zlib
         * writes for level 1 and for Z_RLE), FCHECK making it 31's multiple */
        idat[0] = 0x78;
        idat[1] = 0x01;
        z.next_in = raw;
        z.avail_in = (uInt)rawlen;
        z.next_out = idat + 2;
        z.avail_out = (uInt)(bound - 6);
        zr = deflate(&z, Z_FINISH);
        if (zr == Z_STREAM_END) {
            size_t n = z.total_out + 6;
            relic_png_put32(idat + n - 4, relic_png_adler32(raw, rawlen));
            uint8_t *h = out->data + at;
            relic_png_put32(h, n);
            memcpy(h + 4, "IDAT", 4);
            out->len = at + 8 + n;
            relic_buf_be32(out, relic_png_crc32(0, h + 4, n + 4));
        }
    }
    deflateEnd(&z);
    free(raw);
    if (zr != Z_STREAM_END)
        return out->oom ? relic_buf_check(out, err)
                        : relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "PNG encoding failed");
    if (chunk)
        relic_png_chunk_out(out, chunk->name, chunk->data, chunk->len);
    relic_png_chunk_out(out, "IEND", NULL, 0);
    return relic_buf_check(out, err);
}

int relic_png_encode(const relic_png *img, relic_buf *out, relic_err *err)
{
    return relic_png_encode_chunk(img, NULL, out, err);
}

int relic_png_encode_chunk(const relic_png *img, const relic_png_chunk *chunk, relic_buf *out, relic_err *err)
{
    if (img->width == 0 || img->height == 0 || img->ncolors == 0 || img->ncolors > 256)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "bad image dimensions or palette");
    size_t npix = (size_t)img->width * img->height;
    for (size_t i = 0; img->ncolors < 256 && i < npix; i++) /* with 256 colours every byte is an index */
        if (img->pixels[i] >= img->ncolors)
            return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "pixel index %u outside the palette",
                                 img->pixels[i]);
    int depth = relic_png_depth(img->ncolors);
    if (img->fast)
        return relic_png_encode_fast(img, depth, chunk, out, err);
    uint8_t *row = malloc(img->width);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!row || !png || !info) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "PNG encoding failed");
    }
    relic_buf_reset(out);
    /* room for the chunk and the image as stored: the buffer grows once at most */
    relic_buf_reserve(out, npix + img->height + (chunk ? chunk->len : 0) + 1024);
    png_set_write_fn(png, out, relic_png_write_cb, relic_png_flush_cb);
    png_set_compression_level(png, img->fast ? 1 : 6);
    png_set_filter(png, 0, PNG_FILTER_NONE);
    png_set_IHDR(png, info, img->width, img->height, depth, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_color pal[256];
    for (unsigned i = 0; i < img->ncolors; i++) {
        pal[i].red = img->palette[3 * i];
        pal[i].green = img->palette[3 * i + 1];
        pal[i].blue = img->palette[3 * i + 2];
    }
    png_set_PLTE(png, info, pal, (int)img->ncolors);
    if (img->trns_index >= 0 && (unsigned)img->trns_index < img->ncolors) {
        png_byte alpha[256];
        memset(alpha, 255, sizeof alpha);
        alpha[img->trns_index] = 0;
        png_set_tRNS(png, info, alpha, img->trns_index + 1, NULL);
    }
    png_write_info(png, info);
    for (unsigned y = 0; y < img->height; y++) {
        relic_png_pack_row(img->pixels + (size_t)y * img->width, img->width, depth, row);
        png_write_row(png, row);
    }
    relic_png_put_chunk(png, chunk);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    return relic_buf_check(out, err);
}

int relic_png_encode_rgb(unsigned width, unsigned height, const uint8_t *rgb, relic_buf *out, relic_err *err)
{
    return relic_png_encode_rgb_chunk(width, height, rgb, NULL, out, err);
}

int relic_png_encode_rgb_chunk(unsigned width, unsigned height, const uint8_t *rgb, const relic_png_chunk *chunk,
                               relic_buf *out, relic_err *err)
{
    if (width == 0 || height == 0)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "bad image dimensions");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, &info);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "PNG encoding failed");
    }
    relic_buf_reset(out);
    png_set_write_fn(png, out, relic_png_write_cb, relic_png_flush_cb);
    png_set_compression_level(png, 6);
    png_set_filter(png, 0, PNG_FILTER_NONE);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (unsigned y = 0; y < height; y++)
        png_write_row(png, (png_bytep)(rgb + (size_t)y * width * 3));
    relic_png_put_chunk(png, chunk);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return relic_buf_check(out, err);
}

int relic_png_write(const char *path, const relic_png *img, relic_err *err)
{
    relic_buf b = RELIC_BUF_INIT;
    int rc = relic_png_encode(img, &b, err);
    if (rc == RELIC_OK)
        rc = relic_file_write_atomic(path, b.data, b.len, err);
    relic_buf_free(&b);
    return rc;
}

/* CRC-32 as PNG defines it (ISO 3309, polynomial 0xedb88320, over the
 * chunk type and data); the table is built per call, on the stack. */
static uint32_t relic_png_crc(const uint8_t *p, size_t n)
{
    uint32_t t[256];
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        t[i] = c;
    }
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++)
        c = t[(c ^ p[i]) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

int relic_png_find_chunk(const uint8_t *png, size_t len, const char *name, relic_png_chunk *out, relic_err *err)
{
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    relic_cur c = relic_cur_make(png, len, 0);
    const uint8_t *s = relic_bytes(&c, 8);
    if (!s || memcmp(s, sig, 8) != 0)
        return relic_err_set(err, RELIC_EDATA, 0, "not a PNG file (no PNG signature)");
    while (relic_remaining(&c) > 0) {
        size_t at = c.pos;
        uint32_t n = relic_be32(&c);
        const uint8_t *typed = relic_bytes(&c, 4); /* the type, then the data: what the CRC covers */
        if (c.failed || n > relic_remaining(&c) || relic_remaining(&c) - n < 4)
            return relic_err_set(err, RELIC_EDATA, at, "PNG chunk runs past the end of the file");
        relic_skip(&c, n);
        uint32_t crc = relic_be32(&c);
        if (relic_png_crc(typed, (size_t)n + 4) != crc)
            return relic_err_set(err, RELIC_EDATA, at, "PNG chunk %.4s: CRC mismatch", (const char *)typed);
        if (memcmp(typed, name, 4) == 0) {
            memcpy(out->name, typed, 4);
            out->name[4] = 0;
            out->data = typed + 4;
            out->len = n;
            return RELIC_OK;
        }
        if (memcmp(typed, "IEND", 4) == 0)
            break;
    }
    return relic_err_set(err, RELIC_EDATA, c.pos, "PNG has no %.4s chunk", name);
}
