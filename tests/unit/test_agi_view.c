/* Unit tests for the AGI view decoder (agi-spec view_resources.md): rows,
 * transparency, description, per-cel stateful mirroring through shared
 * loops, the 2.230 packed loop header, the mirrored-row construction, and
 * malformed payloads.  Fixtures: tests/fixtures/agi/make_picture_fixtures.py. */
#include <string.h>
#include "relic/agi_view.h"
#include "support.h"

static int decode(const char *fixture, const char *profile, agi_view *v, relic_err *err)
{
    relic_buf b = RELIC_BUF_INIT;
    char rel[128];
    snprintf(rel, sizeof rel, "agi/pic/%s", fixture);
    test_fixture(rel, &b);
    relic_err_clear(err);
    int rc = agi_view_decode(b.data, b.len, agi_profile_find(profile), v, err);
    relic_buf_free(&b);
    return rc;
}

static void pixels(const agi_view *v, unsigned loop, unsigned cel, uint8_t *out, size_t n)
{
    const agi_cel *c = agi_view_cel(v, loop, cel);
    assert_non_null(c);
    assert_int_equal((size_t)c->width * c->height, n);
    agi_cel_pixels(c, out);
}

static void test_view_shared_loops_mirroring(void **state)
{
    (void)state;
    agi_view v;
    relic_err err;
    assert_int_equal(decode("view_shared.bin", "2.936", &v, &err), RELIC_OK);
    assert_int_equal(v.loop_count, 2);
    assert_int_equal(v.loops_len, 1); /* both entries share one loop */
    assert_int_equal(v.cels_len, 1);
    assert_string_equal((const char *)v.description, "Hi");
    const agi_cel *c = agi_view_cel(&v, 0, 0);
    assert_int_equal(c->width, 4);
    assert_int_equal(c->height, 2);
    assert_int_equal(c->transparent, 0);
    assert_null(agi_view_cel(&v, 0, 1));
    uint8_t px[8];
    assert_int_equal(agi_view_select_loop(&v, 0, &err), RELIC_OK);
    pixels(&v, 0, 0, px, 8);
    assert_memory_equal(px, "\x00\x04\x01\x00\x02\x02\x02\x02", 8);
    assert_int_equal(agi_view_select_loop(&v, 1, &err), RELIC_OK);
    pixels(&v, 1, 0, px, 8);
    assert_memory_equal(px, "\x00\x01\x04\x00\x02\x02\x02\x02", 8);
    assert_int_equal(c->control, 0x90); /* orientation now loop 1 */
    /* The implicit trailing pixel became an explicit leading run. */
    assert_memory_equal(c->rows, "\x01\x11\x41\x00\x24\x00", 6);
    pixels(&v, 0, 0, px, 8); /* shared state: loop 0's entry sees it too */
    assert_memory_equal(px, "\x00\x01\x04\x00", 4);
    assert_int_equal(agi_view_select_loop(&v, 1, &err), RELIC_OK); /* already oriented: unchanged */
    pixels(&v, 1, 0, px, 8);
    assert_memory_equal(px, "\x00\x01\x04\x00", 4);
    assert_int_equal(agi_view_select_loop(&v, 0, &err), RELIC_OK);
    assert_memory_equal(c->rows, "\x01\x41\x11\x00\x24\x00", 6); /* back to the file's bytes */
    assert_int_equal(agi_view_select_loop(&v, 2, &err), RELIC_EUSAGE);
    agi_view_free(&v);
}

static void test_view_packed_230(void **state)
{
    (void)state;
    agi_view v;
    relic_err err;
    assert_int_equal(decode("view_packed.bin", "2.230", &v, &err), RELIC_OK);
    assert_int_equal(v.loop_count, 2);
    assert_int_equal(v.loops[0].cel_count, 1); /* low nibble of 0xc1 */
    uint8_t px[3];
    assert_int_equal(agi_view_select_loop(&v, 0, &err), RELIC_OK);
    pixels(&v, 0, 0, px, 3);
    assert_memory_equal(px, "\x05\x06\x00", 3);
    assert_int_equal(agi_view_select_loop(&v, 1, &err), RELIC_OK);
    pixels(&v, 1, 0, px, 3);
    assert_memory_equal(px, "\x00\x06\x05", 3);
    assert_int_equal(v.loops[0].header, 0xd1);
    assert_int_equal(v.loops[0].stored_header, 0xc1);
    agi_view_free(&v);
    /* The same bytes under a full-byte profile: 0xc1 cels do not fit; the
     * loop is read as far as it goes, with a warning. */
    assert_int_equal(decode("view_packed.bin", "2.936", &v, &err), RELIC_OK);
    assert_true(v.warnings > 0);
    assert_true(v.loops[0].cel_count < 0xc1);
    agi_view_free(&v);
}

static void test_view_mirror_row_rules(void **state)
{
    (void)state;
    uint8_t out[64];
    /* Leading explicit transparent run dropped, 20 implicit pixels split
     * 15 + 5, transparent run after the first visible run kept, reversed. */
    const uint8_t row[] = {0x73, 0x12, 0x72, 0x21, 0x00};
    size_t n = agi_view_mirror_row(row, sizeof row, 28, 7, out);
    assert_int_equal(n, 6);
    assert_memory_equal(out, "\x7f\x75\x21\x72\x12\x00", 6);
    const uint8_t blank[] = {0x75, 0x00};
    assert_int_equal(agi_view_mirror_row(blank, sizeof blank, 5, 7, out), 1);
    assert_int_equal(out[0], 0);
    const uint8_t wide[] = {0x1f, 0x00}; /* 15 pixels in 10: shifted 251 */
    assert_int_equal(agi_view_mirror_row(wide, sizeof wide, 10, 0, out), 19);
    assert_int_equal(out[16], 0x0b);
    assert_int_equal(out[17], 0x1f);
}

static void test_view_pixels_beyond_width(void **state)
{
    (void)state;
    /* Runs past the declared width are not part of the cel; the row keeps
     * going to its zero. */
    uint8_t rows[] = {0x35, 0x41, 0x00, 0x12, 0x00};
    agi_cel c = {.width = 3, .height = 2, .transparent = 0, .rows = rows, .rows_len = sizeof rows};
    uint8_t px[6];
    agi_cel_pixels(&c, px);
    assert_memory_equal(px, "\x03\x03\x03\x01\x01\x00", 6);
}

static void test_view_malformed(void **state)
{
    (void)state;
    agi_view v;
    relic_err err;
    /* a last row cut by the payload ends with it (the zeros past it) */
    assert_int_equal(decode("bad_view_row.bin", "2.936", &v, &err), RELIC_OK);
    assert_int_equal(v.warnings, 1);
    assert_int_equal(v.warning_offset, 15);
    assert_non_null(strstr(v.warning, "rows run past the payload"));
    agi_view_free(&v);
    assert_int_equal(decode("bad_view_wide.bin", "2.936", &v, &err), RELIC_OK);
    /* a row wider than its cel warns at its cel, and mirrors shifted */
    assert_int_equal(v.warnings, 1);
    assert_int_equal(v.warning_offset, 12);
    assert_int_equal(agi_view_select_loop(&v, 0, &err), RELIC_OK);
    assert_int_equal(agi_view_select_loop(&v, 1, &err), RELIC_OK);
    assert_int_equal(v.warnings, 1);
    agi_view_free(&v);
    const uint8_t short_hdr[] = {0, 0, 3, 0};
    relic_err_clear(&err);
    const agi_profile *p2936 = agi_profile_find("2.936");
    assert_int_equal(agi_view_decode(short_hdr, sizeof short_hdr, p2936, &v, &err), RELIC_EDATA);
    assert_int_equal(agi_view_decode(short_hdr, sizeof short_hdr, NULL, &v, &err), RELIC_EUSAGE);
    const uint8_t bad_desc[] = {0, 0, 0, 0x40, 0};
    assert_int_equal(agi_view_decode(bad_desc, sizeof bad_desc, p2936, &v, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 3);
}

/* Composition: a 2x2 cel (colours 1 2 / 3 transparent) on prepared planes. */
static void test_cel_draw_rules(void **state)
{
    (void)state;
    static uint8_t vis[160 * 168], pri[160 * 168];
    uint8_t rows[] = {0x11, 0x21, 0x00, 0x31, 0x01, 0x00};
    agi_cel c = {.width = 2, .height = 2, .transparent = 0, .rows = rows, .rows_len = sizeof rows};
    memset(vis, 15, sizeof vis);
    memset(pri, 4, sizeof pri);
    agi_cel_draw(&c, 10, 20, 4, vis, pri); /* equal priority draws */
    assert_int_equal(vis[19 * 160 + 10], 1);
    assert_int_equal(vis[19 * 160 + 11], 2);
    assert_int_equal(vis[20 * 160 + 10], 3);
    assert_int_equal(vis[20 * 160 + 11], 15); /* transparent */
    assert_int_equal(pri[20 * 160 + 11], 4);
    memset(vis, 15, sizeof vis);
    agi_cel_draw(&c, 30, 20, 3, vis, pri); /* 4 > 3: rejected */
    assert_int_equal(vis[19 * 160 + 30], 15);
    /* Control values scan down the column: 1 over 9 compares as 9, over
     * nothing above 2 as 0 (even priority 0 draws). */
    memset(pri, 4, sizeof pri);
    pri[19 * 160 + 50] = 1;
    pri[25 * 160 + 50] = 9;
    for (int y = 19; y < 168; y++)
        pri[y * 160 + 51] = 2;
    agi_cel_draw(&c, 50, 20, 0, vis, pri);
    assert_int_equal(vis[19 * 160 + 50], 15);
    assert_int_equal(vis[19 * 160 + 51], 2);
    assert_int_equal(pri[19 * 160 + 51], 0);
    /* Top above row 0: baseline 0 gives top -1, so the cel moves one left
     * and one down. */
    memset(vis, 15, sizeof vis);
    memset(pri, 4, sizeof pri);
    agi_cel_draw(&c, 70, 0, 15, vis, pri);
    assert_int_equal(vis[0 * 160 + 69], 1);
    assert_int_equal(vis[1 * 160 + 69], 3);
    /* Right edge: left 159 becomes 158; negative left clips. */
    agi_cel_draw(&c, 159, 100, 15, vis, pri);
    assert_int_equal(vis[99 * 160 + 158], 1);
    assert_int_equal(vis[99 * 160 + 159], 2);
    agi_cel_draw(&c, -1, 120, 15, vis, pri);
    assert_int_equal(vis[119 * 160 + 0], 2);
    assert_int_equal(vis[120 * 160 + 0], 15); /* its transparent pixel */
    /* Rows below the bottom are skipped. */
    agi_cel_draw(&c, 5, 168, 15, vis, pri);
    assert_int_equal(vis[167 * 160 + 5], 1);
}

/* Past the payload AGI 2.936's memory holds zeros: a loop whose second
 * cel lies past it has a 0x0 cel there, with a warning; a cel whose rows
 * the payload cuts ends that row there and has empty rows after it (a
 * DOSBox probe drew such a 3x4 cel's two rows and nothing below). */
static void test_view_past_payload_reads_zeros(void **state)
{
    (void)state;
    static const uint8_t view[] = {0x01, 0x01, 0x01, 0x00, 0x00, 0x07, 0x00, /* one loop at 7 */
                                   0x02, 0x05, 0x00, 0x40, 0x00,             /* two cels: 7+5, 7+0x40 */
                                   0x02, 0x01, 0x0f, 0x12, 0x00};            /* 2x1, colour 1 x2 */
    agi_view v;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_view_decode(view, sizeof view, agi_profile_find("2.936"), &v, &err), RELIC_OK);
    assert_int_equal(v.loops[v.loop[0]].cel_count, 2);
    const agi_cel *c = agi_view_cel(&v, 0, 1);
    assert_int_equal(c->width, 0);
    assert_int_equal(c->height, 0);
    assert_int_equal(v.warnings, 1);
    assert_int_equal(v.warning_offset, 0x47);
    assert_non_null(strstr(v.warning, "past the payload"));
    agi_view_free(&v);
    /* The probe's cel: 3x4, rows "44 00" and "24", then the payload ends. */
    static const uint8_t cut[] = {0x01, 0x01, 0x01, 0x00, 0x00, 0x07, 0x00, 0x01,
                                  0x03, 0x00, 0x03, 0x04, 0x00, 0x44, 0x00, 0x24};
    assert_int_equal(agi_view_decode(cut, sizeof cut, agi_profile_find("2.936"), &v, &err), RELIC_OK);
    assert_int_equal(v.warnings, 2); /* the rows past the payload, the 4-pixel rows of a 3-wide cel */
    assert_int_equal(v.warning_offset, 15);
    c = agi_view_cel(&v, 0, 0);
    assert_int_equal(c->rows_len, 6);
    assert_memory_equal(c->rows, "\x44\x00\x24\x00\x00\x00", 6);
    static uint8_t vis[160 * 168], pri[160 * 168];
    memset(vis, 15, sizeof vis);
    memset(pri, 4, sizeof pri);
    agi_cel_draw(c, 20, 60, 15, vis, pri);
    assert_memory_equal(vis + 57 * 160 + 20, "\x04\x04\x04\x04\x0f", 5); /* past its width, as drawn */
    assert_memory_equal(vis + 58 * 160 + 20, "\x02\x02\x02\x02\x0f", 5);
    assert_int_equal(vis[59 * 160 + 20], 15);
    agi_view_free(&v);
}

/* A row wider than its cel mirrors as AGI 2.936 mirrors it: shifted right
 * by (width - total) mod 256 pixels, out of the cel here (255 pixels of
 * transparent runs, then the run); mirrored back it is the row again.
 * The view warns when decoded. */
static void test_view_wide_row_mirrors_shifted(void **state)
{
    (void)state;
    // clang-format off
    static const uint8_t view[] = {0x01, 0x01, 0x02, 0x00, 0x00, 0x09, 0x00, 0x09, 0x00, /* loops 0, 1 share */
                                   0x01, 0x03, 0x00,                                   /* one cel at 9+3 */
                                   0x02, 0x01, 0x8f, 0x13, 0x00}; /* 2x1, mirror bit, 3 pixels of colour 1 */
    // clang-format on
    agi_view v;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_view_decode(view, sizeof view, agi_profile_find("2.936"), &v, &err), RELIC_OK);
    assert_int_equal(v.warnings, 1);
    assert_non_null(strstr(v.warning, "wider"));
    assert_int_equal(agi_view_select_loop(&v, 1, &err), RELIC_OK);
    const agi_cel *c = agi_view_cel(&v, 1, 0);
    assert_int_equal(c->rows_len, 19);
    for (unsigned i = 0; i < 17; i++)
        assert_int_equal(c->rows[i], 0xff);
    assert_int_equal(c->rows[17], 0x13);
    uint8_t px[2];
    agi_cel_pixels(c, px);
    assert_int_equal(px[0], 15);
    assert_int_equal(px[1], 15);
    assert_int_equal(agi_view_select_loop(&v, 0, &err), RELIC_OK);
    c = agi_view_cel(&v, 0, 0);
    assert_int_equal(c->rows_len, 2);
    assert_memory_equal(c->rows, "\x13\x00", 2);
    agi_view_free(&v);
}

/* The oracle probe's drawing (AGI 2.936 under DOSBox): a 4x3 cel with
 * rows of 8, 4 and 18 pixels (runs 48 | 14 | 2f 23), mirrored at x 60
 * and drawn at x 156; then a zero-length visible run. */
static void test_cel_draw_linear(void **state)
{
    (void)state;
    static uint8_t vis[160 * 168], pri[160 * 168];
    uint8_t rows[] = {0x48, 0x00, 0x14, 0x00, 0x2f, 0x23, 0x00};
    agi_cel c = {.width = 4, .height = 3, .transparent = 0, .rows = rows, .rows_len = sizeof rows};
    memset(vis, 15, sizeof vis);
    memset(pri, 4, sizeof pri);
    agi_cel_draw(&c, 156, 80, 15, vis, pri);
    for (int x = 156; x < 160; x++) { /* on into the row below */
        assert_int_equal(vis[78 * 160 + x], 4);
        assert_int_equal(vis[80 * 160 + x], 2);
    }
    for (int x = 0; x < 4; x++)
        assert_int_equal(vis[79 * 160 + x], 4);
    for (int x = 0; x < 14; x++)
        assert_int_equal(vis[81 * 160 + x], 2);
    assert_int_equal(vis[81 * 160 + 14], 15);
    /* Mirrored, the 8-pixel row is shifted (4 - 8) mod 256 = 252 pixels:
     * from x 60 of row 48 to x 152 of row 49, as the probe drew it. */
    uint8_t m[64];
    size_t n = agi_view_mirror_row(rows, 2, 4, 0, m);
    agi_cel mc = {.width = 4, .height = 1, .transparent = 0, .rows = m, .rows_len = n};
    memset(vis, 15, sizeof vis);
    agi_cel_draw(&mc, 60, 48, 15, vis, pri);
    for (int x = 152; x < 160; x++)
        assert_int_equal(vis[49 * 160 + x], 4);
    assert_int_equal(vis[48 * 160 + 60], 15);
    /* A visible run of length 0 fills on to the end of the surface (the
     * probe's 0x50 at (100, 148)); the next rows draw over it. */
    uint8_t zero[] = {0x50, 0x00, 0x13, 0x00};
    agi_cel z = {.width = 3, .height = 2, .transparent = 0, .rows = zero, .rows_len = sizeof zero};
    memset(vis, 15, sizeof vis);
    agi_cel_draw(&z, 100, 149, 15, vis, pri);
    assert_int_equal(vis[148 * 160 + 99], 15);
    assert_int_equal(vis[148 * 160 + 100], 5);
    assert_int_equal(vis[149 * 160 + 100], 1);
    assert_int_equal(vis[149 * 160 + 103], 5);
    assert_int_equal(vis[167 * 160 + 159], 5);
    uint8_t px[6];
    agi_cel_pixels(&z, px);
    assert_memory_equal(px, "\x05\x05\x05\x01\x01\x01", 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_view_past_payload_reads_zeros),
        cmocka_unit_test(test_view_wide_row_mirrors_shifted),
        cmocka_unit_test(test_cel_draw_linear),
        cmocka_unit_test(test_view_shared_loops_mirroring),
        cmocka_unit_test(test_view_packed_230),
        cmocka_unit_test(test_view_mirror_row_rules),
        cmocka_unit_test(test_view_pixels_beyond_width),
        cmocka_unit_test(test_view_malformed),
        cmocka_unit_test(test_cel_draw_rules),
    };
    return cmocka_run_group_tests_name("agi_view", tests, NULL, NULL);
}
