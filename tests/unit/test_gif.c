/* The GIF writer: read back with giflib's decoder (frames, pixels, delays,
 * transparency, NETSCAPE2.0 loop), equal input gives equal bytes, bad
 * arguments are refused. */
#define _GNU_SOURCE
#include <gif_lib.h>
#include <string.h>
#include "relic/gif.h"
#include "support.h"

typedef struct mem_in {
    const uint8_t *p;
    size_t len, pos;
} mem_in;

static int mem_read(GifFileType *g, GifByteType *out, int n)
{
    mem_in *m = g->UserData;
    size_t k = m->len - m->pos < (size_t)n ? m->len - m->pos : (size_t)n;
    memcpy(out, m->p + m->pos, k);
    m->pos += k;
    return (int)k;
}

static const uint8_t pal[4 * 3] = {0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255};

static void test_gif_round_trip(void **state)
{
    (void)state;
    const uint8_t f0[6] = {0, 1, 2, 3, 2, 1}, f1[6] = {3, 3, 3, 0, 0, 0};
    relic_gif g = {.width = 3, .height = 2, .palette = pal, .ncolors = 3, .trns_index = 0};
    relic_gif_frame frames[2] = {{f0, 10}, {f1, 25}};
    relic_buf a = RELIC_BUF_INIT, b = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(relic_gif_encode(&g, frames, 2, &a, &err), RELIC_OK);
    assert_int_equal(relic_gif_encode(&g, frames, 2, &b, &err), RELIC_OK);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.data, b.data, a.len);
    assert_memory_equal(a.data, "GIF89a", 6);
    assert_non_null(memmem(a.data, a.len, "NETSCAPE2.0\x03\x01\x00\x00", 15));
    mem_in m = {a.data, a.len, 0};
    int e;
    GifFileType *d = DGifOpen(&m, mem_read, &e);
    assert_non_null(d);
    assert_int_equal(DGifSlurp(d), GIF_OK);
    assert_int_equal(d->ImageCount, 2);
    assert_int_equal(d->SWidth, 3);
    assert_memory_equal(d->SavedImages[0].RasterBits, f0, 6);
    assert_memory_equal(d->SavedImages[1].RasterBits, f1, 6);
    GraphicsControlBlock gcb;
    assert_int_equal(DGifSavedExtensionToGCB(d, 1, &gcb), GIF_OK);
    assert_int_equal(gcb.DelayTime, 25);
    assert_int_equal(gcb.TransparentColor, 0);
    assert_int_equal(gcb.DisposalMode, DISPOSE_BACKGROUND);
    assert_int_equal(d->SColorMap->ColorCount, 4);
    assert_int_equal(d->SColorMap->Colors[1].Red, 255);
    DGifCloseFile(d, &e);
    relic_buf_free(&a);
    relic_buf_free(&b);
}

static void test_gif_refuses_bad_arguments(void **state)
{
    (void)state;
    const uint8_t px[1] = {0};
    relic_gif g = {.width = 1, .height = 1, .palette = pal, .ncolors = 1, .trns_index = -1};
    relic_gif_frame f = {px, 0};
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    assert_int_equal(relic_gif_encode(&g, &f, 1, &out, &err), RELIC_EUSAGE);
    g.ncolors = 2;
    assert_int_equal(relic_gif_encode(&g, &f, 0, &out, &err), RELIC_EUSAGE);
    char dir[512], path[600];
    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/no/such/dir/x.gif", dir);
    assert_int_equal(relic_gif_write(path, &g, &f, 1, &err), RELIC_EIO);
    snprintf(path, sizeof path, "%s/x.gif", dir);
    assert_int_equal(relic_gif_write(path, &g, &f, 1, &err), RELIC_OK);
    test_tmpdir_remove(dir);
    relic_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gif_round_trip),
        cmocka_unit_test(test_gif_refuses_bad_arguments),
    };
    return cmocka_run_group_tests_name("gif", tests, NULL, NULL);
}
