/* GIF89a writer over giflib 5 (EGif* API): global colour table, the
 * NETSCAPE2.0 application extension for looping, one graphics control
 * extension (delay, transparency, disposal: keep, or restore to background
 * when frames have transparency) and one full
 * image per frame.  Bytes go to memory first so the file is written
 * atomically like every other output. */
#include <gif_lib.h>
#include <string.h>
#include "relic/gif.h"
#include "relic/io.h"

static int relic_gif_out(GifFileType *gif, const GifByteType *data, int len)
{
    relic_buf *b = gif->UserData;
    relic_buf_append(b, data, (size_t)len);
    return b->oom ? 0 : len;
}

static int relic_gif_fail(GifFileType *gif, relic_err *err, const char *what)
{
    int code = gif ? gif->Error : 0, ignored;
    if (gif)
        EGifCloseFile(gif, &ignored);
    return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "GIF %s failed: %s", what, GifErrorString(code));
}

static int relic_gif_loop_forever(GifFileType *gif)
{
    static const GifByteType app[11] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
    static const GifByteType sub[3] = {1, 0, 0}; /* sub-block 1, repeat count 0 = forever */
    return EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
           EGifPutExtensionBlock(gif, sizeof app, app) == GIF_OK &&
           EGifPutExtensionBlock(gif, sizeof sub, sub) == GIF_OK && EGifPutExtensionTrailer(gif) == GIF_OK;
}

static int relic_gif_frame_put(GifFileType *gif, const relic_gif *g, const relic_gif_frame *f)
{
    /* With transparency each frame must clear to the background, or the
     * previous frame shows through its transparent pixels. */
    GraphicsControlBlock gcb = {.DisposalMode = g->trns_index >= 0 ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT,
                                .UserInputFlag = false,
                                .DelayTime = (int)f->delay_cs,
                                .TransparentColor = g->trns_index};
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, sizeof ext, ext) != GIF_OK ||
        EGifPutImageDesc(gif, 0, 0, (int)g->width, (int)g->height, false, NULL) != GIF_OK)
        return 0;
    for (unsigned y = 0; y < g->height; y++)
        if (EGifPutLine(gif, (GifPixelType *)(f->pixels + (size_t)y * g->width), (int)g->width) != GIF_OK)
            return 0;
    return 1;
}

int relic_gif_encode(const relic_gif *g, const relic_gif_frame *frames, size_t nframes, relic_buf *out, relic_err *err)
{
    if (g->ncolors < 2 || g->ncolors > 256 || !g->width || !g->height || g->width > 65535 || g->height > 65535 ||
        nframes == 0)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "GIF needs 2..256 colours, a size and a frame");
    int size = 2, bits = 1;
    while (size < (int)g->ncolors) {
        size *= 2;
        bits++;
    }
    GifColorType colours[256];
    memset(colours, 0, sizeof colours);
    for (unsigned i = 0; i < g->ncolors; i++) {
        colours[i].Red = g->palette[3 * i];
        colours[i].Green = g->palette[3 * i + 1];
        colours[i].Blue = g->palette[3 * i + 2];
    }
    ColorMapObject *map = GifMakeMapObject(size, colours);
    if (!map)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int gerr = 0;
    GifFileType *gif = EGifOpen(out, relic_gif_out, &gerr);
    if (!gif) {
        GifFreeMapObject(map);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "GIF open failed: %s", GifErrorString(gerr));
    }
    EGifSetGifVersion(gif, true);
    int ok = EGifPutScreenDesc(gif, (int)g->width, (int)g->height, bits, 0, map) == GIF_OK;
    GifFreeMapObject(map);
    if (!ok || !relic_gif_loop_forever(gif))
        return relic_gif_fail(gif, err, "header");
    for (size_t i = 0; i < nframes; i++)
        if (!relic_gif_frame_put(gif, g, &frames[i]))
            return relic_gif_fail(gif, err, "frame");
    if (EGifCloseFile(gif, &gerr) != GIF_OK)
        return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "GIF close failed: %s", GifErrorString(gerr));
    if (out->oom)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    return RELIC_OK;
}

int relic_gif_write(const char *path, const relic_gif *g, const relic_gif_frame *frames, size_t nframes, relic_err *err)
{
    relic_buf b = RELIC_BUF_INIT;
    int rc = relic_gif_encode(g, frames, nframes, &b, err);
    if (rc == RELIC_OK)
        rc = relic_file_write_atomic(path, b.data, b.len, err);
    relic_buf_free(&b);
    return rc;
}
