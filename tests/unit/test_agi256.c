/* AGI256 (libformats/agi/agi256.c): raw 256-colour pictures, 0xF00F views
 * and the VGA palette from explicit bytes, malformed views, and detection
 * of a game built in memory through the extension table. */
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_ext.h"
#include "relic/agi_picture.h"
#include "support.h"

static void test_agi256_palette(void **state)
{
    (void)state;
    uint8_t p[256 * 3];
    agi_agi256_palette(p);
    /* Entries as ScummVM's PALETTE_VGA (engines/agi/palette.h) stores
     * them: 6-bit levels times 4, so 42 -> 0xa8 and 63 -> 0xfc (scaling
     * by 255/63 would give 0xaa and 0xff). */
    // clang-format off
    static const struct { unsigned index; uint8_t rgb[3]; } want[] = {
        {1, {0x00, 0x00, 0xa8}},   {6, {0xa8, 0x54, 0x00}},   {15, {0xfc, 0xfc, 0xfc}},
        {16, {0x00, 0x00, 0x00}},  {23, {0x60, 0x60, 0x60}},  {31, {0xfc, 0xfc, 0xfc}},
        {32, {0x00, 0x00, 0xfc}},  {36, {0xfc, 0x00, 0xfc}},  {40, {0xfc, 0x00, 0x00}},
        {44, {0xfc, 0xfc, 0x00}},  {48, {0x00, 0xfc, 0x00}},  {52, {0x00, 0xfc, 0xfc}},
        {57, {0x9c, 0x7c, 0xfc}},  {80, {0xb4, 0xb4, 0xfc}},  {104, {0x00, 0x00, 0x70}},
        {176, {0x00, 0x00, 0x40}}, {231, {0x40, 0x2c, 0x30}}, {247, {0x2c, 0x30, 0x40}},
    };
    // clang-format on
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++)
        if (memcmp(p + 3 * want[i].index, want[i].rgb, 3) != 0)
            fail_msg("entry %u is %02x%02x%02x, ScummVM's %02x%02x%02x", want[i].index, p[3 * want[i].index],
                     p[3 * want[i].index + 1], p[3 * want[i].index + 2], want[i].rgb[0], want[i].rgb[1],
                     want[i].rgb[2]);
    /* Every component is a level times 4; 248..255 black. */
    for (unsigned i = 0; i < 256 * 3; i++)
        assert_int_equal(p[i] % 4, 0);
    for (unsigned i = 248 * 3; i < 256 * 3; i++)
        assert_int_equal(p[i], 0);
}

static void test_agi256_picture(void **state)
{
    (void)state;
    uint8_t *raw = malloc(AGI_AGI256_PIC_SIZE + 3);
    assert_non_null(raw);
    for (size_t i = 0; i < AGI_AGI256_PIC_SIZE + 3; i++)
        raw[i] = (uint8_t)(i * 7);
    raw[0] = 0x21;
    raw[160] = 0xfe; /* a byte above 0xfa is a pixel, not a command */
    assert_true(agi_agi256_picture_is_raw(raw, AGI_AGI256_PIC_SIZE));
    uint8_t vis[AGI_AGI256_PIC_SIZE];
    agi_agi256_picture_info info;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_agi256_picture_decode(raw, AGI_AGI256_PIC_SIZE + 3, vis, &info, &err), RELIC_OK);
    assert_int_equal(vis[0], 0x21);
    assert_int_equal(vis[160], 0xfe); /* row 1, x 0 */
    assert_int_equal(vis[AGI_AGI256_PIC_SIZE - 1], (uint8_t)((AGI_AGI256_PIC_SIZE - 1) * 7));
    assert_int_equal(info.white_filled, 0);
    assert_int_equal(info.ignored_bytes, 3);

    /* Short: the rest is white (15), as ScummVM fills it. */
    assert_int_equal(agi_agi256_picture_decode(raw, 10, vis, &info, &err), RELIC_OK);
    assert_int_equal(vis[9], raw[9]);
    assert_int_equal(vis[10], 15);
    assert_int_equal(vis[AGI_AGI256_PIC_SIZE - 1], 15);
    assert_int_equal(info.white_filled, AGI_AGI256_PIC_SIZE - 10);
    assert_int_equal(agi_agi256_picture_decode(NULL, 0, vis, &info, &err), RELIC_OK);
    assert_int_equal(info.white_filled, AGI_AGI256_PIC_SIZE);

    /* Not raw: too short. */
    assert_false(agi_agi256_picture_is_raw(raw, AGI_AGI256_PIC_SIZE - 1));
    assert_false(agi_agi256_picture_is_raw(NULL, 0));
    /* A command byte first does not make it a picture: read as commands
     * its 0xff (pixel 73) ends it with nearly all the bytes left. */
    raw[0] = 0xf0;
    assert_true(agi_agi256_picture_is_raw(raw, AGI_AGI256_PIC_SIZE));
    free(raw);
}

/* The one choice between a raw bitmap and vector commands
 * (agi_picture_form_of): in a game the AGI256 flag and the shape are both
 * needed, a payload without its game is judged by its shape. */
static void test_agi256_picture_form(void **state)
{
    (void)state;
    uint8_t *p = calloc(AGI_AGI256_PIC_SIZE, 1);
    assert_non_null(p);
    memset(p, 0x21, AGI_AGI256_PIC_SIZE); /* a pixel first: the raw shape */
    const unsigned agi256 = AGI_EXT_AGI256, agipal = AGI_EXT_AGIPAL, none = 0;
    const agi_picture_form *f = agi_picture_form_of(p, AGI_AGI256_PIC_SIZE, &agi256);
    assert_int_equal(f->id, AGI_PICTURE_FORM_AGI256);
    assert_string_equal(f->name, "agi256");
    assert_int_equal(f->colors, 256);
    assert_non_null(f->decode_raw);
    assert_non_null(f->palette);
    assert_int_equal(agi_picture_form_of(p, AGI_AGI256_PIC_SIZE, NULL)->id, AGI_PICTURE_FORM_AGI256);
    /* A game whose data does not show AGI256 keeps vector pictures. */
    f = agi_picture_form_of(p, AGI_AGI256_PIC_SIZE, &none);
    assert_int_equal(f->id, AGI_PICTURE_FORM_VECTOR);
    assert_null(f->decode_raw);
    assert_int_equal(f->colors, 16);
    assert_int_equal(agi_picture_form_of(p, AGI_AGI256_PIC_SIZE, &agipal)->id, AGI_PICTURE_FORM_VECTOR);
    /* One byte short: alone no bitmap; in an AGI256 game a payload that
     * is no command stream is one, finished in white (test_agi256_2.c). */
    assert_int_equal(agi_picture_form_of(p, AGI_AGI256_PIC_SIZE - 1, &agi256)->id, AGI_PICTURE_FORM_AGI256);
    assert_int_equal(agi_picture_form_of(p, AGI_AGI256_PIC_SIZE - 1, NULL)->id, AGI_PICTURE_FORM_VECTOR);
    /* A whole command stream of a screen's size: 0xf0 0x21, then data
     * bytes, the 0xff last. */
    p[0] = 0xf0;
    p[AGI_AGI256_PIC_SIZE - 1] = 0xff;
    assert_int_equal(agi_picture_form_of(p, AGI_AGI256_PIC_SIZE, &agi256)->id, AGI_PICTURE_FORM_VECTOR);
    assert_int_equal(agi_picture_form_of(p, AGI_AGI256_PIC_SIZE, NULL)->id, AGI_PICTURE_FORM_VECTOR);
    assert_int_equal(agi_picture_form_of(NULL, 0, &agi256)->id, AGI_PICTURE_FORM_VECTOR);
    free(p);
}

/* One loop, one 3x2 cel, clear key 0x80: row 0 "0x11 0x12 0" (third
 * pixel clear), row 1 "0x13 0x14 0x15 0". */
// clang-format off
static const uint8_t test_view256[] = {
    0x0f, 0xf0, 1, 0, 0, /* id 0xF00F, 1 loop, no description */
    7, 0,                /* loop 0 at 7 */
    1, 3, 0,             /* 1 cel at loop + 3 */
    3, 2, 0x80,          /* width 3, height 2, clear key */
    0x11, 0x12, 0, 0x13, 0x14, 0x15, 0,
};
// clang-format on

static void test_agi256_view(void **state)
{
    (void)state;
    assert_true(agi_agi256_view_is_256(test_view256, sizeof test_view256));
    static const uint8_t sierra[] = {1, 1, 1, 0, 0};
    assert_false(agi_agi256_view_is_256(sierra, sizeof sierra));
    relic_err err;
    relic_err_clear(&err);
    unsigned loops, cels;
    assert_int_equal(agi_agi256_view_counts(test_view256, sizeof test_view256, &loops, &err), RELIC_OK);
    assert_int_equal(loops, 1);
    assert_int_equal(agi_agi256_loop_cels(test_view256, sizeof test_view256, 0, &cels, &err), RELIC_OK);
    assert_int_equal(cels, 1);
    agi_agi256_cel cel;
    assert_int_equal(agi_agi256_cel_decode(test_view256, sizeof test_view256, 0, 0, &cel, &err), RELIC_OK);
    assert_int_equal(cel.width, 3);
    assert_int_equal(cel.height, 2);
    assert_int_equal(cel.clear_key, 0x80);
    static const uint8_t want[] = {0x11, 0x12, 0x80, 0x13, 0x14, 0x15};
    assert_memory_equal(cel.pixels, want, sizeof want);
    agi_agi256_cel_free(&cel);
    assert_null(cel.pixels);
    assert_int_equal(agi_agi256_cel_decode(test_view256, sizeof test_view256, 0, 1, &cel, &err), RELIC_EUSAGE);
    assert_int_equal(agi_agi256_cel_decode(test_view256, sizeof test_view256, 1, 0, &cel, &err), RELIC_EUSAGE);
}

static void test_agi256_view_malformed(void **state)
{
    (void)state;
    uint8_t v[sizeof test_view256];
    agi_agi256_cel cel;
    relic_err err;
    unsigned loops;
    /* Every truncation fails cleanly somewhere, never reads past the end. */
    for (size_t n = 0; n < sizeof test_view256; n++) {
        relic_err_clear(&err);
        int rc = agi_agi256_cel_decode(test_view256, n, 0, 0, &cel, &err);
        assert_int_not_equal(rc, RELIC_OK);
        assert_null(cel.pixels);
    }
    /* Data ends in the last row: the error names the offset past the end. */
    relic_err_clear(&err);
    assert_int_equal(agi_agi256_cel_decode(test_view256, sizeof test_view256 - 1, 0, 0, &cel, &err), RELIC_EDATA);
    assert_int_equal(err.offset, sizeof test_view256 - 1);
    assert_non_null(strstr(err.msg, "row 1"));
    /* A row wider than the cel. */
    memcpy(v, test_view256, sizeof v);
    v[15] = 0x16; /* row 0's terminator becomes a third pixel, then 0x13 a fourth */
    relic_err_clear(&err);
    assert_int_equal(agi_agi256_cel_decode(v, sizeof v, 0, 0, &cel, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 16);
    assert_non_null(strstr(err.msg, "past width 3"));
    /* A 0x0 cel. */
    memcpy(v, test_view256, sizeof v);
    v[10] = 0;
    relic_err_clear(&err);
    assert_int_equal(agi_agi256_cel_decode(v, sizeof v, 0, 0, &cel, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 10);
    /* A loop table past the end, a Sierra header. */
    memcpy(v, test_view256, sizeof v);
    v[2] = 200;
    assert_int_equal(agi_agi256_view_counts(v, sizeof v, &loops, &err), RELIC_EDATA);
    v[0] = 1;
    assert_int_equal(agi_agi256_view_counts(v, sizeof v, &loops, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "0xF00F"));
}

static int test_agi256_detect_with(const relic_buf *pic, const relic_buf *view, char why[4][240])
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
    unsigned count;
    int flags = (int)agi_extensions_detect(&g, why, 4, &count);
    agi_fileset_free(&fs);
    return flags;
}

static void test_agi256_detect(void **state)
{
    (void)state;
    relic_buf vector = RELIC_BUF_INIT, raw = RELIC_BUF_INIT, view = RELIC_BUF_INIT, sierra = RELIC_BUF_INIT;
    static const uint8_t pic[] = {0xf0, 0x02, 0xff};
    static const uint8_t sierra_view[] = {1, 1, 0, 0, 0};
    relic_buf_append(&vector, pic, sizeof pic);
    relic_buf_append(&sierra, sierra_view, sizeof sierra_view);
    for (unsigned i = 0; i < AGI_AGI256_PIC_SIZE; i++)
        relic_buf_u8(&raw, (uint8_t)(i & 0x7f));
    relic_buf_append(&view, test_view256, sizeof test_view256);
    char why[4][240];
    assert_int_equal(test_agi256_detect_with(&vector, &sierra, why), 0);
    assert_int_equal(test_agi256_detect_with(&raw, &sierra, why), AGI_EXT_AGI256);
    assert_non_null(strstr(why[0], "picture 2"));
    /* A 0xF00F view is AGI256-2's (test_agi256_2.c tells the two apart). */
    assert_int_equal(test_agi256_detect_with(&vector, &view, why), AGI_EXT_AGI256_2);
    assert_non_null(strstr(why[0], "view 5"));
    /* The descriptor row: its name and its palette size. */
    unsigned n;
    const agi_extension *t = agi_extensions(&n);
    int rows = 0;
    for (unsigned i = 0; i < n; i++)
        if (t[i].flag == AGI_EXT_AGI256) {
            rows++;
            assert_string_equal(t[i].name, "agi256");
            assert_int_equal(t[i].palette_colors, 256);
            assert_int_equal(t[i].palette_shake_max, 0);
        }
    assert_int_equal(rows, 1);
    relic_buf_free(&vector);
    relic_buf_free(&raw);
    relic_buf_free(&view);
    relic_buf_free(&sierra);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agi256_palette),
        cmocka_unit_test(test_agi256_picture),
        cmocka_unit_test(test_agi256_picture_form),
        cmocka_unit_test(test_agi256_view),
        cmocka_unit_test(test_agi256_view_malformed),
        cmocka_unit_test(test_agi256_detect),
    };
    // clang-format on
    return cmocka_run_group_tests_name("agi256", tests, NULL, NULL);
}
