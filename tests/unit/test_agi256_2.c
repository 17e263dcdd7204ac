/* AGI256-2 beside AGI256 (libformats/agi/agi256.c, picture_form.c;
 * libvm vm_rules.c): the raw picture's shape read as the command stream
 * would read it (a first pixel of 0xf0 or above no longer makes a bitmap
 * a vector picture), the two extensions told apart by their evidence, and
 * the fixture game tests/fixtures/agi/agi256_2 (make_agi256_2.py, explicit
 * bytes) opened, exported through the form row and run. */
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_ext.h"
#include "relic/agi_picture.h"
#include "relic/agi_view.h"
#include "relic/file.h"
#include "agi_vm_support.h"

/* A screen-sized payload of data bytes 0x21, with `first` first. */
static uint8_t *test_agi256_2_screen(uint8_t first)
{
    uint8_t *p = malloc(AGI_AGI256_PIC_SIZE);
    assert_non_null(p);
    memset(p, 0x21, AGI_AGI256_PIC_SIZE);
    p[0] = first;
    return p;
}

static void test_agi256_2_shape(void **state)
{
    (void)state;
    char why[128];
    const size_t n = AGI_AGI256_PIC_SIZE;
    /* The AGI256-2 case: the first pixel is 0xfe, no 2.936 command. */
    uint8_t *p = test_agi256_2_screen(0xfe);
    assert_true(agi_agi256_picture_shape(p, n, why, sizeof why));
    assert_string_equal(why, "byte 0xfe at offset 0 is no picture command");
    /* The same bytes one short of a screen are no bitmap. */
    assert_false(agi_agi256_picture_shape(p, n - 1, why, sizeof why));
    assert_string_equal(why, "");
    /* A command, data bytes and no end. */
    p[0] = 0xf1;
    assert_true(agi_agi256_picture_shape(p, n, why, sizeof why));
    assert_string_equal(why, "no 0xff ends it as a picture");
    /* A whole command stream of a screen's size: vector. */
    p[n - 1] = 0xff;
    assert_false(agi_agi256_picture_is_raw(p, n));
    /* The byte after 0xf0, 0xf2 or 0xf9 is a raw operand, even 0xfe. */
    p[100] = 0xf0, p[101] = 0xfe, p[200] = 0xf9, p[201] = 0xfd;
    assert_false(agi_agi256_picture_is_raw(p, n));
    /* ... but 0xfb..0xfe where a command must be is no picture. */
    p[300] = 0xfb;
    assert_true(agi_agi256_picture_shape(p, n, why, sizeof why));
    assert_string_equal(why, "byte 0xfb at offset 300 is no picture command");
    p[300] = 0x21;
    /* An end in the second half leaves a remainder: vector. */
    p[n - 1] = 0x21;
    p[20000] = 0xff;
    assert_false(agi_agi256_picture_is_raw(p, n));
    /* An end before the middle leaves the most of it: a bitmap whose
     * pixel 0xff (black in the VGA palette) came first. */
    p[20000] = 0x21;
    p[0] = 0xff;
    assert_true(agi_agi256_picture_shape(p, n, why, sizeof why));
    assert_string_equal(why, "read as commands it ends at offset 0 of 26880");
    /* A pixel first (the AGI256 cue relic had). */
    p[0] = 0x10;
    assert_true(agi_agi256_picture_shape(p, n, why, sizeof why));
    assert_string_equal(why, "first byte 0x10 is a pixel, not a command");
    free(p);
}

/* The form row serves both extensions: a game showing either reads the
 * 0xfe-first bitmap as raw; a game showing neither keeps vector. */
static void test_agi256_2_form(void **state)
{
    (void)state;
    uint8_t *p = test_agi256_2_screen(0xfe);
    const unsigned two = AGI_EXT_AGI256_2, one = AGI_EXT_AGI256, pal = AGI_EXT_AGIPAL;
    const agi_picture_form *f = agi_picture_form_of(p, AGI_AGI256_PIC_SIZE, &two);
    assert_int_equal(f->id, AGI_PICTURE_FORM_AGI256);
    assert_int_equal(f->colors, 256);
    assert_int_equal(f->extension, AGI_EXT_VGA256);
    assert_int_equal(agi_picture_form_of(p, AGI_AGI256_PIC_SIZE, &one)->id, AGI_PICTURE_FORM_AGI256);
    assert_int_equal(agi_picture_form_of(p, AGI_AGI256_PIC_SIZE, NULL)->id, AGI_PICTURE_FORM_AGI256);
    assert_int_equal(agi_picture_form_of(p, AGI_AGI256_PIC_SIZE, &pal)->id, AGI_PICTURE_FORM_VECTOR);
    /* Decoded, the 0xfe is the first pixel. */
    uint8_t vis[AGI_AGI256_PIC_SIZE];
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(f->decode_raw(p, AGI_AGI256_PIC_SIZE, vis, NULL, &err), RELIC_OK);
    assert_int_equal(vis[0], 0xfe);
    assert_int_equal(vis[1], 0x21);
    /* Shorter than a screen: in a game that shows either extension a
     * payload that is no command stream is a bitmap (finished in white);
     * alone, or in a game showing neither, it is not. */
    assert_int_equal(agi_picture_form_of(p, 640, &two)->id, AGI_PICTURE_FORM_AGI256);
    assert_int_equal(agi_picture_form_of(p, 640, &one)->id, AGI_PICTURE_FORM_AGI256);
    assert_int_equal(agi_picture_form_of(p, 640, NULL)->id, AGI_PICTURE_FORM_VECTOR);
    assert_int_equal(agi_picture_form_of(p, 640, &pal)->id, AGI_PICTURE_FORM_VECTOR);
    assert_true(agi_agi256_picture_is_raw_in_game(p, 1));
    assert_false(agi_agi256_picture_is_raw_in_game(p, 0));
    assert_false(agi_agi256_picture_is_raw_in_game(NULL, 0));
    /* ... but a short command stream stays vector. */
    static const uint8_t vector[] = {0xf0, 0x02, 0xf6, 0x10, 0x10, 0x20, 0x20, 0xff};
    assert_false(agi_agi256_picture_is_raw_in_game(vector, sizeof vector));
    assert_int_equal(agi_picture_form_of(vector, sizeof vector, &two)->id, AGI_PICTURE_FORM_VECTOR);
    free(p);
}

/* Builds a v2 game with picture 2 and view 5 and returns its extension
 * flags and evidence lines. */
static unsigned test_agi256_2_detect_with(const relic_buf *pic, const relic_buf *view, char why[4][240],
                                          unsigned *count)
{
    agi_build_input in;
    memset(&in, 0, sizeof in);
    in.payloads[AGI_PICTURE][2] = pic;
    in.payloads[AGI_VIEW][5] = view;
    agi_build_opts opts = {.layout = AGI_LAYOUT_V2};
    agi_fileset fs = {0, 0};
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_game_build(&in, &opts, &fs, &err), RELIC_OK);
    agi_game g;
    assert_int_equal(agi_game_open(&fs, NULL, &g, &err), RELIC_OK);
    unsigned flags = agi_extensions_detect(&g, why, 4, count);
    agi_fileset_free(&fs);
    return flags;
}

/* AGI256-2 is told by a view with the 0xF00F id, AGI256 by a raw picture;
 * each line of evidence names its resource and its cue. */
static void test_agi256_2_detect(void **state)
{
    (void)state;
    static const uint8_t view256[] = {0x0f, 0xf0, 1, 0, 0, 7, 0, 1, 3, 0, 1, 1, 0x80, 0x42, 0};
    static const uint8_t sierra_view[] = {1, 1, 0, 0, 0};
    static const uint8_t vector[] = {0xf0, 0x02, 0xff};
    relic_buf raw = RELIC_BUF_INIT, vec = RELIC_BUF_INIT, wide = RELIC_BUF_INIT, plain = RELIC_BUF_INIT;
    uint8_t *screen = test_agi256_2_screen(0xfe);
    relic_buf_append(&raw, screen, AGI_AGI256_PIC_SIZE);
    free(screen);
    relic_buf_append(&vec, vector, sizeof vector);
    relic_buf_append(&wide, view256, sizeof view256);
    relic_buf_append(&plain, sierra_view, sizeof sierra_view);
    char why[4][240];
    unsigned count;
    assert_int_equal(test_agi256_2_detect_with(&vec, &plain, why, &count), 0);
    assert_int_equal(count, 0);
    assert_int_equal(test_agi256_2_detect_with(&raw, &plain, why, &count), AGI_EXT_AGI256);
    assert_int_equal(count, 1);
    assert_string_equal(why[0], "agi256: picture 2 is a raw 160x168 bitmap (26880 bytes; byte 0xfe at offset 0 is no "
                                "picture command)");
    assert_int_equal(test_agi256_2_detect_with(&vec, &wide, why, &count), AGI_EXT_AGI256_2);
    assert_int_equal(count, 1);
    assert_string_equal(why[0], "agi256-2: view 5 is a 256-colour view (15 bytes; header bytes 0x0F 0xF0, the id "
                                "0xF00F no other view has)");
    assert_int_equal(test_agi256_2_detect_with(&raw, &wide, why, &count), AGI_EXT_VGA256);
    assert_int_equal(count, 2);
    assert_non_null(strstr(why[0], "agi256: picture 2"));
    assert_non_null(strstr(why[1], "agi256-2: view 5"));
    /* The descriptor rows: names, the VGA palette for both. */
    unsigned n, rows = 0;
    const agi_extension *t = agi_extensions(&n);
    for (unsigned i = 0; i < n; i++)
        if (t[i].flag & AGI_EXT_VGA256) {
            rows++;
            assert_string_equal(t[i].name, t[i].flag == AGI_EXT_AGI256 ? "agi256" : "agi256-2");
            assert_int_equal(t[i].palette_colors, 256);
            assert_int_equal(t[i].clone_interpreter, 0);
        }
    assert_int_equal(rows, 2);
    relic_buf_free(&raw);
    relic_buf_free(&vec);
    relic_buf_free(&wide);
    relic_buf_free(&plain);
}

static void test_agi256_2_open_fixture(agi_fileset *fs, agi_game *g)
{
    char path[1024];
    const char *root = getenv("RELIC_FIXTURES");
    snprintf(path, sizeof path, "%s/agi/agi256_2", root ? root : "tests/fixtures");
    relic_err err;
    relic_err_clear(&err);
    fs->files = NULL;
    fs->count = 0;
    if (agi_fileset_read_dir(path, fs, &err) != RELIC_OK)
        fail_msg("fixture %s: %s", path, err.msg);
    assert_int_equal(agi_game_open(fs, NULL, g, &err), RELIC_OK);
}

/* The fixture game: both extensions' evidence, picture 0 vector and
 * picture 1 raw through the one form row, view 0's 256-colour cels. */
static void test_agi256_2_fixture(void **state)
{
    (void)state;
    agi_fileset fs;
    agi_game g;
    test_agi256_2_open_fixture(&fs, &g);
    /* The bitmaps, whole (1) or short (2), are no profile evidence: their
     * bytes are no commands (read as commands picture 2 has plots). */
    for (unsigned i = 0; i < g.evidence_count; i++)
        assert_null(strstr(g.evidence[i], "pictures use"));
    char why[4][240];
    unsigned count;
    unsigned ext = agi_extensions_detect(&g, why, 4, &count);
    assert_int_equal(ext, AGI_EXT_VGA256);
    relic_buf p = RELIC_BUF_INIT;
    agi_record rec;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_game_load(&g, AGI_PICTURE, 0, &rec, &p, &err), RELIC_OK);
    assert_int_equal(agi_picture_form_of(p.data, p.len, &ext)->id, AGI_PICTURE_FORM_VECTOR);
    assert_int_equal(agi_game_load(&g, AGI_PICTURE, 1, &rec, &p, &err), RELIC_OK);
    assert_int_equal(p.len, AGI_AGI256_PIC_SIZE);
    assert_int_equal(p.data[0], 0xfe);
    assert_int_equal(agi_picture_form_of(p.data, p.len, &ext)->id, AGI_PICTURE_FORM_AGI256);
    /* Picture 2: a short bitmap, raw in this game, not evidence alone. */
    assert_int_equal(agi_game_load(&g, AGI_PICTURE, 2, &rec, &p, &err), RELIC_OK);
    assert_int_equal(p.len, 640);
    assert_int_equal(agi_picture_form_of(p.data, p.len, &ext)->id, AGI_PICTURE_FORM_AGI256);
    assert_false(agi_agi256_picture_is_raw(p.data, p.len));
    assert_int_equal(agi_game_load(&g, AGI_VIEW, 0, &rec, &p, &err), RELIC_OK);
    agi_agi256_cel cel;
    assert_int_equal(agi_agi256_cel_decode(p.data, p.len, 0, 0, &cel, &err), RELIC_OK);
    static const uint8_t cel0[12] = {0x20, 0x40, 0x60, 0x80, 0xfe, 0xfb, 0x07, 0x07, 0x11, 0x07, 0xc0, 0xff};
    assert_int_equal(cel.width, 4);
    assert_int_equal(cel.clear_key, 0x07);
    assert_memory_equal(cel.pixels, cel0, sizeof cel0);
    agi_agi256_cel_free(&cel);
    assert_int_equal(agi_agi256_cel_decode(p.data, p.len, 0, 1, &cel, &err), RELIC_OK);
    static const uint8_t cel1[4] = {0xff, 0x30, 0x31, 0xff};
    assert_int_equal(cel.clear_key, 0xff);
    assert_memory_equal(cel.pixels, cel1, sizeof cel1);
    agi_agi256_cel_free(&cel);
    relic_buf_free(&p);
    agi_fileset_free(&fs);
}

/* The fixture run: draw.pic(0) gives the priority screen, opcode 170
 * lays picture 1 over the visual plane, add.to.pic puts view 0's cel 0
 * (bottom row at y 100) with its whole-byte pixels, the clear key 0x07
 * leaving the bitmap; the VGA palette shows it. */
static void test_agi256_2_run(void **state)
{
    (void)state;
    agi_fileset fs;
    agi_game g;
    test_agi256_2_open_fixture(&fs, &g);
    agi_vm *vm;
    relic_err err;
    relic_err_clear(&err);
    agi_vm_opts o = {.seed = 5, .max_steps = 10000};
    assert_int_equal(agi_vm_new(&g, &o, &vm, &err), RELIC_OK);
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    agi_vm_render(vm);
    const uint8_t *vis = agi_vm_frame_vis(vm), *pri = agi_vm_frame_pri(vm);
    assert_int_equal(agi_vm_palette_colors(vm), 256);
    assert_int_equal(vis[0], 0xfe);
    for (unsigned i = 1; i < AGI_AGI256_PIC_SIZE; i += 97)
        if (!(i / 160 >= 98 && i / 160 <= 100 && i % 160 >= 20 && i % 160 <= 23))
            assert_int_equal(vis[i], ((i % 160) + (i / 160) * 3) & 0xff);
    /* The cel: rows y 98..100, x 20..23. */
    static const uint8_t cel0[12] = {0x20, 0x40, 0x60, 0x80, 0xfe, 0xfb, 0x07, 0x07, 0x11, 0x07, 0xc0, 0xff};
    for (unsigned y = 0; y < 3; y++)
        for (unsigned x = 0; x < 4; x++) {
            unsigned at = (98 + y) * 160 + 20 + x;
            uint8_t want = cel0[y * 4 + x] == 0x07 ? (uint8_t)(((20 + x) + (98 + y) * 3) & 0xff) : cel0[y * 4 + x];
            assert_int_equal(vis[at], want);
            assert_int_equal(pri[at], cel0[y * 4 + x] == 0x07 ? 5 : 15);
        }
    /* Priority elsewhere is picture 0's fill. */
    assert_int_equal(pri[0], 5);
    assert_int_equal(pri[AGI_PIC_CELLS - 1], 5);
    agi_vm_free(vm);
    agi_fileset_free(&fs);
}

/* The fuzz seeds (tests/fuzz/seeds/fuzz_agi_agi256, made from the
 * fixture) stay what their names say. */
static void test_agi256_2_seeds(void **state)
{
    (void)state;
    relic_buf b = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(relic_file_read("tests/fuzz/seeds/fuzz_agi_agi256/picture_fe_first.bin", &b, &err), RELIC_OK);
    assert_int_equal(b.len, AGI_AGI256_PIC_SIZE);
    assert_int_equal(b.data[0], 0xfe);
    assert_true(agi_agi256_picture_is_raw(b.data, b.len));
    relic_buf_reset(&b);
    assert_int_equal(relic_file_read("tests/fuzz/seeds/fuzz_agi_agi256/view_f00f.bin", &b, &err), RELIC_OK);
    assert_true(agi_agi256_view_is_256(b.data, b.len));
    unsigned cels;
    assert_int_equal(agi_agi256_loop_cels(b.data, b.len, 0, &cels, &err), RELIC_OK);
    assert_int_equal(cels, 2);
    relic_buf_free(&b);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agi256_2_shape),
        cmocka_unit_test(test_agi256_2_form),
        cmocka_unit_test(test_agi256_2_detect),
        cmocka_unit_test(test_agi256_2_fixture),
        cmocka_unit_test(test_agi256_2_run),
        cmocka_unit_test(test_agi256_2_seeds),
    };
    // clang-format on
    return cmocka_run_group_tests_name("agi256_2", tests, NULL, NULL);
}
