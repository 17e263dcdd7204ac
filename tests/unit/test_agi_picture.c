/* Unit tests for the AGI picture decoder, one per drawing rule of
 * agi-spec picture_resources.md, over the fixtures written by
 * tests/fixtures/agi/make_picture_fixtures.py (expected cells for the
 * stipple and the long line come from that script's independent model). */
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_picture.h"
#include "support.h"

typedef struct planes {
    uint8_t vis[AGI_PIC_CELLS], pri[AGI_PIC_CELLS];
    agi_picture_stats st;
    relic_err err;
} planes;

static planes pl;

static int draw_opts(const char *fixture, const char *profile, const agi_picture_opts *opts)
{
    relic_buf b = RELIC_BUF_INIT;
    char rel[128];
    snprintf(rel, sizeof rel, "agi/pic/%s", fixture);
    test_fixture(rel, &b);
    relic_err_clear(&pl.err);
    const agi_profile *p = agi_profile_find(profile);
    assert_non_null(p);
    int rc = agi_picture_draw(&(agi_picture_args){b.data, b.len, p, pl.vis, pl.pri, opts}, &pl.st, &pl.err);
    relic_buf_free(&b);
    return rc;
}

static int draw(const char *fixture, const char *profile) { return draw_opts(fixture, profile, NULL); }

static uint8_t V(unsigned x, unsigned y) { return pl.vis[y * AGI_PIC_WIDTH + x]; }

static uint8_t P(unsigned x, unsigned y) { return pl.pri[y * AGI_PIC_WIDTH + x]; }

static unsigned count(const uint8_t *plane, uint8_t value)
{
    unsigned n = 0;
    for (unsigned i = 0; i < AGI_PIC_CELLS; i++)
        n += plane[i] == value;
    return n;
}

static void test_line_example(void **state)
{
    (void)state;
    assert_int_equal(draw("line_example.bin", "2.936"), RELIC_OK);
    assert_int_equal(V(0, 0), 0);
    assert_int_equal(V(1, 0), 0);
    assert_int_equal(V(2, 1), 0);
    assert_int_equal(V(3, 1), 0);
    assert_int_equal(count(pl.vis, 0), 4);             /* and nothing else: not (1,1) or (2,0) */
    assert_int_equal(count(pl.pri, 4), AGI_PIC_CELLS); /* priority channel never enabled */
    assert_int_equal(pl.st.commands, 2);
    assert_int_equal(pl.st.end_offset, 7);
}

static void test_clamp_255(void **state)
{
    (void)state;
    assert_int_equal(draw("clamp_255.bin", "2.936"), RELIC_OK);
    for (unsigned x = 0; x < 160; x++) /* 0 - 1 = 255 -> 159: the whole row, not one cell */
        assert_int_equal(V(x, 5), 0);
    for (unsigned y = 0; y < 168; y++)
        assert_int_equal(V(20, y), 0);
    assert_int_equal(count(pl.vis, 0), 160 + 168 - 1);
    assert_int_equal(draw("clamp_coords.bin", "2.936"), RELIC_OK);
    assert_int_equal(V(159, 167), 1);
    assert_int_equal(count(pl.vis, 1), 1);
}

static void test_fill_noops(void **state)
{
    (void)state;
    assert_int_equal(draw("fill_noop.bin", "2.936"), RELIC_OK);
    assert_int_equal(count(pl.pri, 4), AGI_PIC_CELLS); /* (a)-(c) changed nothing */
    assert_int_equal(count(pl.vis, 1), 160);           /* the line */
    assert_int_equal(count(pl.vis, 2), 0);             /* (d) seed not white */
    assert_int_equal(pl.st.fills, 0);
}

static void test_fill_connectivity(void **state)
{
    (void)state;
    assert_int_equal(draw("fill_both.bin", "2.936"), RELIC_OK);
    assert_int_equal(count(pl.vis, 2), AGI_PIC_CELLS); /* visual connectivity crosses the priority line */
    assert_int_equal(count(pl.pri, 6), AGI_PIC_CELLS);
    assert_int_equal(pl.st.fills, 1);
    assert_int_equal(draw("fill_priority.bin", "2.936"), RELIC_OK);
    assert_int_equal(count(pl.pri, 6), 160 * 80);
    assert_int_equal(count(pl.pri, 5), 160);
    assert_int_equal(count(pl.pri, 4), 160 * 87);
    assert_int_equal(count(pl.vis, 15), AGI_PIC_CELLS);
}

static void test_brush_radius_one_per_profile(void **state)
{
    (void)state;
    assert_int_equal(draw("brush_r1.bin", "2.936"), RELIC_OK); /* v2: 2 by 3 block */
    assert_int_equal(count(pl.vis, 0), 6);
    for (unsigned y = 79; y <= 81; y++)
        assert_true(V(79, y) == 0 && V(80, y) == 0);
    assert_int_equal(draw("brush_r1.bin", "3.002.149"), RELIC_OK); /* v3: centre row only */
    assert_int_equal(count(pl.vis, 0), 2);
    assert_true(V(79, 80) == 0 && V(80, 80) == 0);
    assert_int_equal(draw("brush_r1.bin", "2.411"), RELIC_OK); /* point plot */
    assert_int_equal(count(pl.vis, 0), 1);
    assert_int_equal(V(80, 80), 0);
    assert_int_equal(draw("brush_r1.bin", "2.272"), RELIC_OK); /* no pattern commands */
    assert_int_equal(count(pl.vis, 0), 0);
    assert_int_equal(pl.st.commands, 1);
}

static void test_brush_shapes(void **state)
{
    (void)state;
    assert_int_equal(draw("brush_r2.bin", "2.917"), RELIC_OK);
    assert_int_equal(count(pl.vis, 0), 11);
    assert_int_equal(V(79, 78), 15); /* 7000 row: middle column only */
    assert_int_equal(V(80, 78), 0);
    assert_int_equal(V(81, 78), 15);
    assert_int_equal(V(79, 80), 0);
    assert_int_equal(V(81, 80), 0);
    assert_int_equal(draw("brush_r2.bin", "3.002.086"), RELIC_OK);
    assert_int_equal(count(pl.vis, 0), 11); /* same as v2 */
    assert_int_equal(draw("brush_r7.bin", "2.440"), RELIC_OK);
    /* Cells per row: row word AND the column masks 8000 2000 ... 0002:
     * 07c0:2 1ff0:4 3ff8:6 7ffc:6 7ffc:6 fffe:8 (x5) 7ffc:6 7ffc:6 3ff8:6 1ff0:4 07c0:2 */
    assert_int_equal(count(pl.vis, 0), 2 + 4 + 6 + 6 + 6 + 40 + 6 + 6 + 6 + 4 + 2);
    assert_int_equal(V(78, 73), 15); /* start (76,73): 07c0 admits columns 3 and 4 only */
    assert_int_equal(V(79, 73), 0);
    assert_int_equal(V(80, 73), 0);
    assert_int_equal(V(81, 73), 15);
    assert_int_equal(V(76, 80), 0);
}

static void test_stipple_sequence(void **state)
{
    (void)state;
    assert_int_equal(draw("stipple.bin", "2.936"), RELIC_OK);
    assert_int_equal(count(pl.vis, 0), 4);
    assert_int_equal(V(79, 78), 0);
    assert_int_equal(V(79, 79), 0);
    assert_int_equal(V(80, 80), 0);
    assert_int_equal(V(81, 81), 0);
}

static void test_right_edge_wrap(void **state)
{
    (void)state;
    assert_int_equal(draw("edge_wrap.bin", "2.936"), RELIC_OK);
    assert_int_equal(count(pl.vis, 0), 11);
    assert_int_equal(V(0, 80), 0); /* X 160 of rows 79..81 lands at X 0 of 80..82 */
    assert_int_equal(V(0, 81), 0);
    assert_int_equal(V(0, 82), 0);
    assert_int_equal(V(0, 79), 15);
    assert_int_equal(V(0, 83), 15);
    assert_int_equal(V(159, 78), 0);
    assert_int_equal(draw("edge_wrap.bin", "3.002.149"), RELIC_OK);
    assert_int_equal(count(pl.vis, 0), 11);
    assert_int_equal(V(0, 80), 15); /* v3 limit 318: starts at 157 */
    assert_int_equal(V(157, 80), 0);
    assert_int_equal(draw("edge_end.bin", "2.936"), RELIC_OK);
    assert_int_equal(count(pl.vis, 0), 14); /* 15 candidates, the last past the surface */
}

static void test_guarded_reader(void **state)
{
    (void)state;
    assert_int_equal(draw("raw_operand.bin", "2.936"), RELIC_OK);
    assert_int_equal(V(0, 0), 3);
    assert_int_equal(P(0, 0), 1); /* 0xf3 was an operand, priority stayed on */
    assert_int_equal(draw("partial_pair.bin", "2.936"), RELIC_OK);
    assert_int_equal(count(pl.vis, 1), 0);
    assert_int_equal(V(1, 1), 7);
    assert_int_equal(draw("early_f9.bin", "2.272"), RELIC_OK);
    assert_int_equal(V(0, 0), 1);
    assert_int_equal(pl.st.ignored, 1);
    assert_int_equal(draw("early_f9.bin", "2.936"), RELIC_OK);
    assert_int_equal(count(pl.vis, 1), 0);
}

static void test_long_line_accumulators(void **state)
{
    (void)state;
    assert_int_equal(draw("long_line.bin", "2.936"), RELIC_OK);
    assert_int_equal(V(10, 8), 0);  /* 8-bit accumulators */
    assert_int_equal(V(10, 9), 15); /* where wide arithmetic would go */
    assert_int_equal(V(159, 115), 0);
    assert_int_equal(V(159, 150), 15);
    assert_int_equal(count(pl.vis, 0), 160);
}

static void test_corner_lines(void **state)
{
    (void)state;
    assert_int_equal(draw("corners.bin", "2.936"), RELIC_OK);
    assert_int_equal(V(10, 15), 0);
    assert_int_equal(V(20, 20), 0);
    assert_int_equal(V(30, 20), 0);
    assert_int_equal(V(55, 10), 0);
    assert_int_equal(V(60, 15), 0);
    assert_int_equal(count(pl.vis, 0), 11 + 20 + 11 + 10);
}

static void test_nibble_example_drawn(void **state)
{
    (void)state;
    relic_buf b = RELIC_BUF_INIT;
    test_fixture("agi/pic/nibble_example.bin", &b);
    uint8_t exp[8];
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_picnibble_expand(b.data, b.len, exp, sizeof exp, &err), RELIC_OK);
    assert_memory_equal(exp, "\xf0\x0a\xf2\x0b\xf6\x00\x00\xff", 8);
    const agi_profile *p3 = agi_profile_find("3.002.149");
    assert_int_equal(agi_picture_draw(&(agi_picture_args){exp, sizeof exp, p3, pl.vis, pl.pri, NULL}, NULL, &err),
                     RELIC_OK);
    assert_int_equal(V(0, 0), 10);
    assert_int_equal(P(0, 0), 11);
    relic_buf_free(&b);
}

static unsigned steps_seen;
static void on_step(void *ctx, unsigned long n, const uint8_t *vis, const uint8_t *pri)
{
    (void)vis;
    (void)pri;
    steps_seen = (unsigned)n;
    *(unsigned *)ctx += 1;
}

static void test_steps_and_overlay(void **state)
{
    (void)state;
    agi_picture_opts o = {.max_steps = 1};
    assert_int_equal(draw_opts("line_example.bin", "2.936", &o), RELIC_OK);
    assert_int_equal(pl.st.stopped, 1);
    assert_int_equal(pl.st.end_offset, 2);
    assert_int_equal(count(pl.vis, 15), AGI_PIC_CELLS);
    unsigned calls = 0;
    agi_picture_opts cb = {.on_command = on_step, .ctx = &calls};
    assert_int_equal(draw_opts("corners.bin", "2.936", &cb), RELIC_OK);
    assert_int_equal(calls, 3);
    assert_int_equal(steps_seen, 3);
    /* Overlay keeps what is there. */
    assert_int_equal(draw("clamp_coords.bin", "2.936"), RELIC_OK);
    agi_picture_opts ov = {.overlay = 1};
    assert_int_equal(draw_opts("line_example.bin", "2.936", &ov), RELIC_OK);
    assert_int_equal(V(159, 167), 1);
    assert_int_equal(V(3, 1), 0);
    assert_int_equal(draw("line_example.bin", "2.936"), RELIC_OK);
    assert_int_equal(V(159, 167), 15);
}

static void test_malformed(void **state)
{
    (void)state;
    assert_int_equal(draw("bad_command.bin", "2.936"), RELIC_EDATA);
    assert_int_equal(pl.err.offset, 2);
    assert_non_null(strstr(pl.err.msg, "0xfb"));
    assert_int_equal(draw("bad_command.bin", "2.089"), RELIC_OK); /* ignored at a boundary there */
    assert_int_equal(draw("bad_no_end.bin", "2.936"), RELIC_EDATA);
    assert_int_equal(pl.err.offset, 5);
    assert_int_equal(V(0, 0), 0); /* drawn up to there */
    assert_int_equal(draw("bad_raw_end.bin", "2.936"), RELIC_EDATA);
    assert_non_null(strstr(pl.err.msg, "operand"));
    relic_err err;
    const agi_profile *p2936 = agi_profile_find("2.936");
    assert_int_equal(agi_picture_draw(&(agi_picture_args){NULL, 0, p2936, pl.vis, pl.pri, NULL}, NULL, &err),
                     RELIC_EDATA);
    /* no profile is a usage error: there is no hidden default */
    assert_int_equal(agi_picture_draw(&(agi_picture_args){NULL, 0, NULL, pl.vis, pl.pri, NULL}, NULL, &err),
                     RELIC_EUSAGE);
}

static void test_palette(void **state)
{
    (void)state;
    assert_memory_equal(agi_ega_palette + 6 * 3, "\xaa\x55\x00", 3);
    assert_memory_equal(agi_ega_palette + 15 * 3, "\xff\xff\xff", 3);
    assert_memory_equal(agi_ega_palette + 8 * 3, "\x55\x55\x55", 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_example),
        cmocka_unit_test(test_clamp_255),
        cmocka_unit_test(test_fill_noops),
        cmocka_unit_test(test_fill_connectivity),
        cmocka_unit_test(test_brush_radius_one_per_profile),
        cmocka_unit_test(test_brush_shapes),
        cmocka_unit_test(test_stipple_sequence),
        cmocka_unit_test(test_right_edge_wrap),
        cmocka_unit_test(test_guarded_reader),
        cmocka_unit_test(test_long_line_accumulators),
        cmocka_unit_test(test_corner_lines),
        cmocka_unit_test(test_nibble_example_drawn),
        cmocka_unit_test(test_steps_and_overlay),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_palette),
    };
    return cmocka_run_group_tests_name("agi_picture", tests, NULL, NULL);
}
