/* Indexed PNG over libpng (relic/io.h).  Deterministic by construction: no
 * tIME/tEXt chunks, fixed zlib level and filter, so equal images give equal
 * bytes on every run. */
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include "relic/io.h"

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

int relic_png_encode(const relic_png *img, relic_buf *out, relic_err *err)
{
    if (img->width == 0 || img->height == 0 || img->ncolors == 0 || img->ncolors > 256)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "bad image dimensions or palette");
    size_t npix = (size_t)img->width * img->height;
    for (size_t i = 0; i < npix; i++)
        if (img->pixels[i] >= img->ncolors)
            return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "pixel index %u outside the palette",
                                 img->pixels[i]);
    int depth = relic_png_depth(img->ncolors);
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
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    return relic_buf_check(out, err);
}

int relic_png_encode_rgb(unsigned width, unsigned height, const uint8_t *rgb, relic_buf *out, relic_err *err)
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
