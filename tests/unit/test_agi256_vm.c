/* AGI256 in the headless runtime (libvm/agi vm_rules.c agi_vm_ext_rules,
 * vm_res.c agi_vm_draw_raw_pic): a game built from explicit bytes whose
 * logic 0 draws a raw 256-colour picture with opcode 0xaa and shows it;
 * the frame, the screen and the palette are the picture's and the VGA
 * palette's; a 0xF00F view draws whole-byte pixels.  A game without the
 * extension keeps 0xaa as set.simple. */
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_ext.h"
#include "relic/agi_view.h"
#include "agi_vm_support.h"

/* A pixel of the fixture picture: every index 0..255 appears, the first
 * byte (0x10) is below the vector commands, so agi256.c detects it. */
static uint8_t test_agi256_px(size_t i) { return (uint8_t)(0x10 + i * 7 + i / 160); }

/* Builds a v2 game: logic 0 from hex bytecode, picture 3 from `pic`. */
static void test_agi256_game(const char *hex, const relic_buf *pic, agi_fileset *fs, agi_game *g)
{
    uint8_t code[64];
    size_t n = test_hex(hex, code, sizeof code);
    relic_buf logic = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_logic_encode(code, n, NULL, 0, 1, &logic, &err), RELIC_OK);
    agi_build_input in;
    memset(&in, 0, sizeof in);
    in.payloads[AGI_LOGIC][0] = &logic;
    in.payloads[AGI_PICTURE][3] = pic;
    agi_build_opts opts = {.layout = AGI_LAYOUT_V2};
    fs->files = NULL;
    fs->count = 0;
    assert_int_equal(agi_game_build(&in, &opts, fs, &err), RELIC_OK);
    assert_int_equal(agi_game_open(fs, NULL, g, &err), RELIC_OK);
    relic_buf_free(&logic);
}

static agi_vm *test_agi256_run(const agi_game *g)
{
    agi_vm *vm;
    relic_err err;
    relic_err_clear(&err);
    agi_vm_opts o = {.seed = 5, .max_steps = 10000};
    assert_int_equal(agi_vm_new(g, &o, &vm, &err), RELIC_OK);
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    agi_vm_render(vm);
    return vm;
}

static void test_agi256_vm_picture(void **state)
{
    (void)state;
    relic_buf pic = RELIC_BUF_INIT;
    for (size_t i = 0; i < AGI_AGI256_PIC_SIZE; i++)
        relic_buf_u8(&pic, test_agi256_px(i));
    agi_fileset fs;
    agi_game g;
    /* assignn(v10, 3); 0xaa(v10): picture v10 as 256 colours; show.pic; return */
    test_agi256_game("03 0a 03 aa 0a 1a 00", &pic, &fs, &g);
    agi_vm *vm = test_agi256_run(&g);
    assert_int_equal(vm->extensions & AGI_EXT_AGI256, AGI_EXT_AGI256);
    /* The frame is the bitmap, index for index. */
    const uint8_t *f = agi_vm_frame_vis(vm);
    for (size_t i = 0; i < AGI_AGI256_PIC_SIZE; i++)
        if (f[i] != test_agi256_px(i))
            fail_msg("frame pixel %zu is %u, the picture has %u", i, f[i], test_agi256_px(i));
    /* The priority plane is what a fresh screen has: the opcode draws
     * the visual plane only. */
    for (size_t i = 0; i < AGI_PIC_CELLS; i++)
        if (agi_vm_frame_pri(vm)[i] != agi_vm_frame_pri(vm)[0])
            fail_msg("priority cell %zu changed", i);
    /* The palette is the VGA one, 256 colours. */
    uint8_t vga[256 * 3];
    agi_agi256_palette(vga);
    assert_int_equal(agi_vm_palette_colors(vm), 256);
    assert_memory_equal(agi_vm_palette(vm), vga, sizeof vga);
    /* The 320x200 screen doubles each pixel below the status line. */
    static uint8_t scr[AGI_SCREEN_W * AGI_SCREEN_H];
    agi_vm_screen_fonts(vm, NULL, NULL, scr);
    unsigned top = (unsigned)vm->txt->base_row * 8;
    for (unsigned y = 0; y < AGI_PIC_HEIGHT; y += 37)
        for (unsigned x = 0; x < AGI_PIC_WIDTH; x += 13) {
            uint8_t want = test_agi256_px((size_t)y * AGI_PIC_WIDTH + x);
            assert_int_equal(scr[(top + y) * AGI_SCREEN_W + 2 * x], want);
            assert_int_equal(scr[(top + y) * AGI_SCREEN_W + 2 * x + 1], want);
        }
    agi_vm_free(vm);
    agi_fileset_free(&fs);
    relic_buf_free(&pic);
}

/* A short bitmap leaves the rest of the screen white (index 15), as
 * ScummVM's drawPictureAGI256 does; the run goes on. */
static void test_agi256_vm_short(void **state)
{
    (void)state;
    relic_buf pic = RELIC_BUF_INIT;
    for (size_t i = 0; i < AGI_AGI256_PIC_SIZE; i++)
        relic_buf_u8(&pic, 0x20);
    agi_fileset fs;
    agi_game g;
    test_agi256_game("03 0a 03 aa 0a 1a 00", &pic, &fs, &g);
    /* The game is detected from the full bitmap; then the payload the
     * runtime reads is cut to 100 bytes. */
    agi_vm *vm;
    relic_err err;
    relic_err_clear(&err);
    agi_vm_opts o = {.seed = 5, .max_steps = 10000};
    assert_int_equal(agi_vm_new(&g, &o, &vm, &err), RELIC_OK);
    assert_int_equal(agi_vm_load_pic(vm, 3, 0), RELIC_OK);
    vm->res->pic[3].len = 100;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    agi_vm_render(vm);
    assert_int_equal(agi_vm_frame_vis(vm)[99], 0x20);
    assert_int_equal(agi_vm_frame_vis(vm)[100], 15);
    assert_int_equal(agi_vm_frame_vis(vm)[AGI_PIC_CELLS - 1], 15);
    agi_vm_free(vm);
    agi_fileset_free(&fs);
    relic_buf_free(&pic);
}

/* Without the extension (a vector picture) 0xaa is Sierra's set.simple:
 * no picture, 16 colours. */
static void test_agi256_vm_sierra(void **state)
{
    (void)state;
    static const uint8_t vector[] = {0xf0, 0x02, 0xff};
    relic_buf pic = RELIC_BUF_INIT;
    relic_buf_append(&pic, vector, sizeof vector);
    agi_fileset fs;
    agi_game g;
    test_agi256_game("03 0a 03 aa 0a 1a 00", &pic, &fs, &g);
    agi_vm *vm = test_agi256_run(&g);
    assert_int_equal(vm->extensions & AGI_EXT_AGI256, 0);
    assert_int_equal(agi_vm_palette_colors(vm), 16);
    assert_memory_equal(agi_vm_palette(vm), agi_ega_palette, 48);
    assert_int_equal(vm->res->pic_loaded[3], 0);
    agi_vm_free(vm);
    agi_fileset_free(&fs);
    relic_buf_free(&pic);
}

/* A 0xF00F view (ScummVM's AGI256-2 form) draws whole-byte pixels: rows
 * 11 12 | 13 14 15 of a 3x2 cel with clear key 0x80, by add.to.pic. */
static void test_agi256_vm_view(void **state)
{
    (void)state;
    // clang-format off
    static const uint8_t view[] = {
        0x0f, 0xf0, 1, 0, 0, 7, 0, /* id 0xF00F, 1 loop at 7, no description */
        1, 3, 0,                   /* 1 cel at loop + 3 */
        3, 2, 0x80,                /* width 3, height 2, clear key 0x80 */
        0x11, 0x12, 0, 0x13, 0x14, 0x15, 0,
    };
    // clang-format on
    uint8_t code[64];
    /* load.view(1); add.to.pic(1, 0, 0, 10, 50, 15, 4); return */
    size_t n = test_hex("1e 01 7a 01 00 00 0a 32 0f 04 00", code, sizeof code);
    relic_buf logic = RELIC_BUF_INIT, v = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_logic_encode(code, n, NULL, 0, 1, &logic, &err), RELIC_OK);
    relic_buf_append(&v, view, sizeof view);
    agi_build_input in;
    memset(&in, 0, sizeof in);
    in.payloads[AGI_LOGIC][0] = &logic;
    in.payloads[AGI_VIEW][1] = &v;
    agi_build_opts opts = {.layout = AGI_LAYOUT_V2};
    agi_fileset fs = {0, 0};
    assert_int_equal(agi_game_build(&in, &opts, &fs, &err), RELIC_OK);
    agi_game g;
    assert_int_equal(agi_game_open(&fs, NULL, &g, &err), RELIC_OK);
    agi_vm *vm = test_agi256_run(&g);
    assert_int_equal(vm->extensions & AGI_EXT_VGA256, AGI_EXT_AGI256_2);
    const uint8_t *f = agi_vm_frame_vis(vm);
    uint8_t under = f[0]; /* what the clear key leaves: the screen as it was */
    assert_int_equal(f[49 * 160 + 10], 0x11);
    assert_int_equal(f[49 * 160 + 11], 0x12);
    assert_int_equal(f[49 * 160 + 12], under);
    assert_int_equal(f[50 * 160 + 10], 0x13);
    assert_int_equal(f[50 * 160 + 11], 0x14);
    assert_int_equal(f[50 * 160 + 12], 0x15);
    assert_int_equal(f[50 * 160 + 13], under);
    /* The decoded cel: wide, the whole key, and no mirroring on loop 1+. */
    const agi_cel *c = agi_view_cel(vm->res->view[1], 0, 0);
    assert_int_equal(c->wide, 1);
    assert_int_equal(c->transparent, 0x80);
    uint8_t px[6];
    agi_cel_pixels(c, px);
    static const uint8_t want[6] = {0x11, 0x12, 0x80, 0x13, 0x14, 0x15};
    assert_memory_equal(px, want, 6);
    agi_vm_free(vm);
    agi_fileset_free(&fs);
    relic_buf_free(&logic);
    relic_buf_free(&v);
}

/* The rules rows: AGI256's opcode, AGI256-2's opcode and wide views,
 * nothing for the others. */
static void test_agi256_vm_rules(void **state)
{
    (void)state;
    assert_int_equal(agi_vm_ext_rules_for(AGI_EXT_AGI256).raw_picture_op, 0xaa);
    assert_int_equal(agi_vm_ext_rules_for(AGI_EXT_AGI256).wide_views, 0);
    assert_int_equal(agi_vm_ext_rules_for(AGI_EXT_AGI256_2).raw_picture_op, 0xaa);
    assert_int_equal(agi_vm_ext_rules_for(AGI_EXT_AGI256_2).wide_views, 1);
    assert_int_equal(agi_vm_ext_rules_for(AGI_EXT_VGA256).flag, AGI_EXT_VGA256);
    assert_int_equal(agi_vm_ext_rules_for(AGI_EXT_AGIPAL).wide_views, 0);
    assert_int_equal(agi_vm_ext_rules_for(AGI_EXT_AGI256 | AGI_EXT_AGIPAL).raw_picture_op, 0xaa);
    assert_int_equal(agi_vm_ext_rules_for(AGI_EXT_AGIPAL | AGI_EXT_AGDS).raw_picture_op, 0);
    assert_int_equal(agi_vm_ext_rules_for(0).flag, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agi256_vm_picture), cmocka_unit_test(test_agi256_vm_short),
        cmocka_unit_test(test_agi256_vm_sierra),  cmocka_unit_test(test_agi256_vm_view),
        cmocka_unit_test(test_agi256_vm_rules),
    };
    return cmocka_run_group_tests_name("agi256_vm", tests, NULL, NULL);
}
