/* Indexed and truecolour PNG (relic/io.h; PNG specification, 11.2 IHDR,
 * PLTE, IDAT, IEND, 11.3.2 tRNS, 9 filters).  libpng frames every chunk
 * and computes its CRC; libdeflate compresses the image data in one call,
 * zlib wrapper and Adler-32 included (README: why libdeflate).
 * Deterministic by construction: no tIME/tEXt chunks, a fixed compression
 * level per mode and a filter chosen from the pixels alone, so equal
 * images give equal bytes on every run.  Also an optional private chunk
 * after the image data and a reader that finds one chunk (5.3 chunk
 * layout, 5.4 naming, 5.5 CRC), for tools that keep source bytes in their
 * PNGs. */
#include <libdeflate.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include "relic/cursor.h"
#include "relic/io.h"

/* libdeflate levels: 6 matches zlib's default ratio at a fraction of its
 * time; the bulk mode (relic_png.fast) takes 1, where encoding is most of
 * an extraction's time, or 0 (stored blocks) for an image that deflate
 * would shrink by less than a tenth (relic_png_fast_level). */
enum { RELIC_PNG_LEVEL = 6, RELIC_PNG_LEVEL_FAST = 1, RELIC_PNG_LEVEL_STORE = 0 };
/* The sample relic_png_fast_level compresses: blocks spread evenly over
 * the image data, a sixteenth of a 608x392 card. */
enum { RELIC_PNG_SAMPLE_BLOCKS = 4, RELIC_PNG_SAMPLE_BLOCK = 4096 };

static void relic_png_write_cb(png_structp png, png_bytep data, png_size_t len)
{
    relic_buf_append(png_get_io_ptr(png), data, len);
}

static void relic_png_flush_cb(png_structp png) { (void)png; }

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

/* Filter type 2 (Up) or 0 (None) for the whole image, whichever leaves
 * fewer byte changes along the rows: every change is one more literal or
 * run for deflate.  Art with rows repeated or shifted by a constant
 * (gradients, flat fills) turns into long runs under Up; dithered pictures
 * do not, and keep None (on ties too).  Every third row is counted, which
 * gives the same choice on the bench's images for a third of the work.
 * rows: height rows of `stride` bytes, a filter byte then the row. */
static int relic_png_pick_filter(const uint8_t *rows, size_t stride, unsigned height)
{
    size_t none = 0, up = 0;
    for (unsigned y = 1; y < height; y += 3) {
        const uint8_t *a = rows + (size_t)(y - 1) * stride + 1, *b = a + stride;
        for (size_t x = 1; x < stride - 1; x++) {
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
        uint8_t *b = rows + (size_t)y * stride, *a = b - stride;
        b[0] = 2;
        for (size_t x = 1; x < stride; x++)
            b[x] = (uint8_t)(b[x] - a[x]);
    }
}

/* The image data as PNG stores it: each row after its filter byte, in one
 * buffer.  indexed: pack indices at `depth`; else copy RGB rows. */
static uint8_t *relic_png_rows(const uint8_t *pixels, unsigned width, unsigned height, int depth, int indexed,
                               size_t *stride_out)
{
    size_t rowbytes = indexed ? ((size_t)width * (size_t)depth + 7) / 8 : (size_t)width * 3;
    size_t stride = rowbytes + 1;
    uint8_t *raw = malloc(stride * height);
    if (!raw)
        return NULL;
    for (unsigned y = 0; y < height; y++) {
        uint8_t *row = raw + (size_t)y * stride;
        row[0] = 0;
        if (indexed)
            relic_png_pack_row(pixels + (size_t)y * width, width, depth, row + 1);
        else
            memcpy(row + 1, pixels + (size_t)y * rowbytes, rowbytes);
    }
    *stride_out = stride;
    return raw;
}

/* The IDAT's contents: the filtered rows, zlib-wrapped (RFC 1950) by
 * libdeflate.  Returns a malloc'd buffer and its length, or NULL. */
static uint8_t *relic_png_deflate(const uint8_t *raw, size_t rawlen, int level, size_t *outlen)
{
    struct libdeflate_compressor *z = libdeflate_alloc_compressor(level);
    if (!z)
        return NULL;
    size_t bound = libdeflate_zlib_compress_bound(z, rawlen);
    uint8_t *out = malloc(bound);
    size_t n = out ? libdeflate_zlib_compress(z, raw, rawlen, out, bound) : 0;
    libdeflate_free_compressor(z);
    if (n == 0) {
        free(out);
        return NULL;
    }
    *outlen = n;
    return out;
}

/* The bulk mode's level, from the data alone (so still deterministic):
 * a dithered photograph (Riven's cards) leaves deflate few matches, and
 * level 1 spends 4 ms on a 608x392 card to save 6 % of it (60 MB/s),
 * where stored blocks take 0.1 ms.  A sample of the data is compressed at
 * level 1; when it keeps more than nine tenths of its size the image is
 * stored.  Small images are compressed whatever they hold. */
static int relic_png_fast_level(const uint8_t *raw, size_t rawlen)
{
    enum { SAMPLE = RELIC_PNG_SAMPLE_BLOCKS * RELIC_PNG_SAMPLE_BLOCK };
    if (rawlen < 4 * (size_t)SAMPLE)
        return RELIC_PNG_LEVEL_FAST;
    uint8_t *buf = malloc(2 * (size_t)SAMPLE + 1024);
    struct libdeflate_compressor *z = buf ? libdeflate_alloc_compressor(RELIC_PNG_LEVEL_FAST) : NULL;
    if (!z) { /* out of memory: the ordinary level, which reports it */
        free(buf);
        return RELIC_PNG_LEVEL_FAST;
    }
    for (size_t i = 0; i < RELIC_PNG_SAMPLE_BLOCKS; i++)
        memcpy(buf + i * RELIC_PNG_SAMPLE_BLOCK,
               raw + (rawlen - RELIC_PNG_SAMPLE_BLOCK) / (RELIC_PNG_SAMPLE_BLOCKS - 1) * i, RELIC_PNG_SAMPLE_BLOCK);
    size_t n = libdeflate_deflate_compress(z, buf, SAMPLE, buf + SAMPLE, (size_t)SAMPLE + 1024);
    libdeflate_free_compressor(z);
    free(buf);
    return n == 0 || n * 10 > (size_t)SAMPLE * 9 ? RELIC_PNG_LEVEL_STORE : RELIC_PNG_LEVEL_FAST;
}

typedef struct relic_png_frame {
    unsigned width, height;
    int depth, color_type;
    const uint8_t *palette; /* indexed only */
    unsigned ncolors;
    int trns_index;
    const uint8_t *idat;
    size_t idat_len;
    const relic_png_chunk *chunk;
} relic_png_frame;

/* libpng writes the signature, IHDR, PLTE and tRNS from its info struct,
 * then the compressed data, the private chunk and IEND as whole chunks. */
static int relic_png_emit(const relic_png_frame *f, relic_buf *out, relic_err *err)
{
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
    relic_buf_reserve(out, 64 + 3 * (size_t)f->ncolors + 268 + f->idat_len + (f->chunk ? f->chunk->len + 12 : 0));
    png_set_write_fn(png, out, relic_png_write_cb, relic_png_flush_cb);
    png_set_IHDR(png, info, f->width, f->height, f->depth, f->color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_color pal[256];
    png_byte alpha[256];
    if (f->color_type == PNG_COLOR_TYPE_PALETTE) {
        for (unsigned i = 0; i < f->ncolors; i++) {
            pal[i].red = f->palette[3 * i];
            pal[i].green = f->palette[3 * i + 1];
            pal[i].blue = f->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, pal, (int)f->ncolors);
        if (f->trns_index >= 0 && (unsigned)f->trns_index < f->ncolors) {
            memset(alpha, 255, sizeof alpha);
            alpha[f->trns_index] = 0;
            png_set_tRNS(png, info, alpha, f->trns_index + 1, NULL);
        }
    }
    png_write_info(png, info);
    png_write_chunk(png, (png_const_bytep) "IDAT", f->idat, f->idat_len);
    if (f->chunk)
        png_write_chunk(png, (png_const_bytep)f->chunk->name, f->chunk->data, f->chunk->len);
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    return relic_buf_check(out, err);
}

/* Filters, compresses and frames one image of already validated pixels. */
static int relic_png_encode_image(relic_png_frame *f, const uint8_t *pixels, int fast, relic_buf *out, relic_err *err)
{
    int indexed = f->color_type == PNG_COLOR_TYPE_PALETTE;
    size_t stride = 0;
    /* PNG chunk lengths are 31-bit */
    if ((size_t)f->width * 3 + 1 > 0x7fffffff / f->height || (f->chunk && f->chunk->len > 0x7fffffff))
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "image too large for one PNG IDAT");
    uint8_t *raw = relic_png_rows(pixels, f->width, f->height, f->depth, indexed, &stride);
    if (!raw)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    size_t rawlen = stride * f->height;
    if (indexed && relic_png_pick_filter(raw, stride, f->height) == 2)
        relic_png_filter_up(raw, stride, f->height);
    uint8_t *idat =
        relic_png_deflate(raw, rawlen, fast ? relic_png_fast_level(raw, rawlen) : RELIC_PNG_LEVEL, &f->idat_len);
    free(raw);
    if (!idat)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    f->idat = idat;
    int rc = relic_png_emit(f, out, err);
    free(idat);
    return rc;
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
    relic_png_frame f = {img->width,
                         img->height,
                         relic_png_depth(img->ncolors),
                         PNG_COLOR_TYPE_PALETTE,
                         img->palette,
                         img->ncolors,
                         img->trns_index,
                         NULL,
                         0,
                         chunk};
    return relic_png_encode_image(&f, img->pixels, img->fast, out, err);
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
    relic_png_frame f = {width, height, 8, PNG_COLOR_TYPE_RGB, NULL, 0, -1, NULL, 0, chunk};
    return relic_png_encode_image(&f, rgb, 0, out, err);
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
        if (libdeflate_crc32(0, typed, (size_t)n + 4) != crc)
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
