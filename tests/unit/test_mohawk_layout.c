/* Unit tests for Mohawk layouts (libformats/mohawk/layout.c and
 * layout_text.c): an archive's layout, captured, printed, parsed back and
 * written with the archive's own resources, gives the archive's bytes, for
 * layouts relic's writer would not choose (tests/fixtures/riven/
 * odd_layout.mhk and the engine's save layout, both from explicit bytes in
 * make_fixtures.py); a resource that changed size moves past the end;
 * resources that no longer fit are refused with the reason; malformed
 * layout lines are errors. */
#include <string.h>
#include "relic/core.h"
#include "relic/mohawk.h"
#include "support.h"

/* The archive's resources as writer entries, in directory order. */
static mhk_entry *layout_entries(const mhk_archive *a)
{
    mhk_entry *e = relic_calloc_array(a->count, sizeof *e);
    assert_non_null(e);
    for (size_t i = 0; i < a->count; i++)
        e[i] = (mhk_entry){a->res[i].tag, a->res[i].id, a->res[i].name, mhk_data(a, &a->res[i]), a->res[i].size, 0};
    return e;
}

/* capture -> text -> parse, line by line, as riven-script does. */
static void layout_through_text(const mhk_archive *a, mhk_layout *back)
{
    mhk_layout l;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(mhk_layout_capture(a, &l, &err), RELIC_OK);
    relic_buf text = RELIC_BUF_INIT;
    assert_int_equal(mhk_layout_text(&l, &text, &err), RELIC_OK);
    relic_buf_u8(&text, 0);
    memset(back, 0, sizeof *back);
    for (char *p = (char *)text.data, *nl; *p; p = nl + 1) {
        nl = strchr(p, '\n');
        assert_non_null(nl);
        *nl = 0;
        if (mhk_layout_parse_line(back, p, &err))
            fail_msg("'%s': %s", p, err.msg);
    }
    relic_buf_free(&text);
    mhk_layout_free(&l);
}

static void layout_round_trip(const uint8_t *d, size_t len)
{
    mhk_archive a;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(mhk_open(d, len, &a, &err), RELIC_OK);
    mhk_layout l;
    layout_through_text(&a, &l);
    mhk_entry *e = layout_entries(&a);
    char why[160] = "";
    if (!mhk_layout_fits(&l, e, a.count, why, sizeof why))
        fail_msg("does not fit: %s", why);
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(mhk_write_layout(&l, e, a.count, &out, &err), RELIC_OK);
    assert_int_equal(out.len, len);
    assert_memory_equal(out.data, d, len);
    relic_buf_free(&out);
    free(e);
    mhk_layout_free(&l);
    mhk_close(&a);
}

static void test_fixtures_round_trip(void **state)
{
    (void)state;
    static const char *const names[] = {"riven/odd_layout.mhk", "riven/save_engine.rvn", "riven/mini.mhk"};
    for (size_t i = 0; i < RELIC_COUNTOF(names); i++) {
        relic_buf f = RELIC_BUF_INIT;
        test_fixture(names[i], &f);
        layout_round_trip(f.data, f.len);
        relic_buf_free(&f);
    }
}

/* The odd fixture's facts, as the layout records them. */
static void test_odd_layout_facts(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("riven/odd_layout.mhk", &f);
    mhk_archive a;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(mhk_open(f.data, f.len, &a, &err), RELIC_OK);
    mhk_layout l;
    assert_int_equal(mhk_layout_capture(&a, &l, &err), RELIC_OK);
    assert_int_equal(l.dir, 28);       /* the directory right after the header */
    assert_int_equal(l.compaction, 0); /* relic writes 1 */
    assert_int_equal(l.ntypes, 3);     /* XDAT, NAME, ZINF: not in tag order */
    assert_int_equal(l.types[0].tag, MHK_TAG('X', 'D', 'A', 'T'));
    assert_int_equal(l.types[0].rows[0], 7); /* id 7 before id 3 */
    assert_int_equal(l.types[1].nt, l.types[2].nt);
    assert_int_equal(l.nfiles, 5);
    assert_int_equal(l.files[1].extra, 0x1234);
    assert_int_equal(l.files[2].flags, 0x08);
    assert_int_equal(l.ngaps, 3); /* padding, the orphan file, padding */
    assert_string_equal(mhk_layout_name(&l, MHK_TAG('X', 'D', 'A', 'T'), 3), "old chime");
    assert_null(mhk_layout_name(&l, MHK_TAG('Z', 'I', 'N', 'F'), 1));
    mhk_layout_free(&l);
    mhk_close(&a);
    relic_buf_free(&f);
}

/* A tMOV's extent runs to the next file, as the reader reads it. */
static void test_tmov_round_trip(void **state)
{
    (void)state;
    static const uint8_t mov[] = {1, 2, 3, 4, 5}, bmp[] = {9, 9};
    mhk_entry e[] = {{MHK_TAG('t', 'M', 'O', 'V'), 1, NULL, mov, sizeof mov, 0},
                     {MHK_TAG('t', 'B', 'M', 'P'), 4, "pic", bmp, sizeof bmp, 0x10}};
    relic_buf arc = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(mhk_write(e, 2, &arc, &err), RELIC_OK);
    layout_round_trip(arc.data, arc.len);
    relic_buf_free(&arc);
}

static void expect_misfit(const mhk_layout *l, const mhk_entry *e, size_t n, const char *want)
{
    char why[160] = "";
    assert_false(mhk_layout_fits(l, e, n, why, sizeof why));
    if (!strstr(why, want))
        fail_msg("why '%s', want '%s'", why, want);
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(mhk_write_layout(l, e, n, &out, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, want));
    relic_buf_free(&out);
}

static void test_misfits(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("riven/odd_layout.mhk", &f);
    mhk_archive a;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(mhk_open(f.data, f.len, &a, &err), RELIC_OK);
    mhk_layout l;
    assert_int_equal(mhk_layout_capture(&a, &l, &err), RELIC_OK);
    mhk_entry *e = layout_entries(&a);
    size_t x7 = 0;
    while (e[x7].tag != MHK_TAG('X', 'D', 'A', 'T') || e[x7].id != 7)
        x7++;
    expect_misfit(&l, e, a.count - 1, "the layout has 4 resources, the manifest 3");
    e[x7].name = "other";
    expect_misfit(&l, e, a.count, "XDAT 7 is named 'other', the layout's 'shared'");
    e[x7].name = NULL;
    expect_misfit(&l, e, a.count, "XDAT 7 is named '', the layout's 'shared'");
    e[x7].name = "shared";
    e[x7].id = 8;
    expect_misfit(&l, e, a.count, "XDAT 8 is not in the layout");
    e[x7].id = 7;
    mhk_entry keep = e[x7 ? 0 : 1];
    e[x7 ? 0 : 1] = e[x7];
    expect_misfit(&l, e, a.count, "XDAT 7 is in the manifest twice");
    e[x7 ? 0 : 1] = keep;
    char why[160];
    assert_true(mhk_layout_fits(&l, e, a.count, why, sizeof why));
    free(e);
    mhk_layout_free(&l);
    mhk_close(&a);
    relic_buf_free(&f);
}

/* Two resources in one file must bring the same bytes. */
static void test_shared_file(void **state)
{
    (void)state;
    mhk_layout l = {0};
    relic_err err;
    relic_err_clear(&err);
    static const char *const lines[] = {"@archive 64 56 1 64 0x20 0x20 0x20 14",
                                        "@type AAAA 0x10 0x10",
                                        "@rows 1:1",
                                        "@type BBBB 0x16 0x10",
                                        "@rows 1:1",
                                        "@file 0x1c 4 0 0"};
    for (size_t i = 0; i < RELIC_COUNTOF(lines); i++)
        assert_int_equal(mhk_layout_parse_line(&l, lines[i], &err), RELIC_OK);
    static const uint8_t x[4] = {1, 2, 3, 4}, y[4] = {1, 2, 3, 5};
    mhk_entry e[] = {{MHK_TAG('A', 'A', 'A', 'A'), 1, NULL, x, 4, 0}, {MHK_TAG('B', 'B', 'B', 'B'), 1, NULL, y, 4, 0}};
    expect_misfit(&l, e, 2, "BBBB 1 shares file 1 with another resource but not its bytes");
    e[1].data = x;
    char why[160];
    assert_true(mhk_layout_fits(&l, e, 2, why, sizeof why));
    mhk_layout_free(&l);
}

/* A resource that changed size moves past the end; everything else stays
 * where it was, and the header's sizes grow with the file. */
static void test_changed_size_moves_to_end(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("riven/odd_layout.mhk", &f);
    mhk_archive a, b;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(mhk_open(f.data, f.len, &a, &err), RELIC_OK);
    mhk_layout l;
    assert_int_equal(mhk_layout_capture(&a, &l, &err), RELIC_OK);
    mhk_entry *e = layout_entries(&a);
    static const uint8_t longer[] = "a longer ZINF";
    for (size_t i = 0; i < a.count; i++)
        if (e[i].tag == MHK_TAG('Z', 'I', 'N', 'F')) {
            e[i].data = longer;
            e[i].len = sizeof longer;
        }
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(mhk_write_layout(&l, e, a.count, &out, &err), RELIC_OK);
    assert_int_equal(out.len, f.len + sizeof longer);
    assert_int_equal(mhk_open(out.data, out.len, &b, &err), RELIC_OK);
    for (size_t i = 0; i < a.count; i++) {
        const mhk_resource *r = mhk_find(&b, e[i].tag, e[i].id), *was = mhk_find(&a, e[i].tag, e[i].id);
        assert_non_null(r);
        assert_int_equal(r->size, e[i].len);
        assert_memory_equal(mhk_data(&b, r), e[i].data, e[i].len);
        assert_int_equal(r->offset, e[i].tag == MHK_TAG('Z', 'I', 'N', 'F') ? f.len : was->offset);
    }
    assert_memory_equal(out.data, f.data, 4); /* then the sizes, grown */
    assert_int_equal(relic_rd_be32(out.data + 4), out.len - 8);
    assert_int_equal(relic_rd_be32(out.data + 16), out.len);
    /* the directory but ZINF's file-table entry (at 0x9e), and the data before ZINF's old place */
    assert_memory_equal(out.data + 20, f.data + 20, 0x9e - 20);
    assert_int_equal(relic_rd_be32(out.data + 0x9e), f.len);
    assert_memory_equal(out.data + 0xa6, f.data + 0xa6, 0xd0 - 0xa6);
    mhk_close(&b);
    relic_buf_free(&out);
    free(e);
    mhk_layout_free(&l);
    mhk_close(&a);
    relic_buf_free(&f);
}

/* A tMOV reads up to the next file: moving that file would lengthen it. */
static void test_move_would_lengthen_tmov(void **state)
{
    (void)state;
    static const uint8_t mov[] = {1, 2, 3, 4, 5}, dat[] = {7, 7, 7}, dat2[] = {7, 7, 7, 7};
    mhk_entry e[] = {{MHK_TAG('t', 'M', 'O', 'V'), 1, NULL, mov, sizeof mov, 0},
                     {MHK_TAG('X', 'D', 'A', 'T'), 1, NULL, dat, sizeof dat, 0}};
    relic_buf arc = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(mhk_write(e, 2, &arc, &err), RELIC_OK);
    mhk_archive a;
    assert_int_equal(mhk_open(arc.data, arc.len, &a, &err), RELIC_OK);
    mhk_layout l;
    assert_int_equal(mhk_layout_capture(&a, &l, &err), RELIC_OK);
    e[1].data = dat2;
    e[1].len = sizeof dat2;
    expect_misfit(&l, e, 2, "tMOV 1 would read");
    mhk_layout_free(&l);
    mhk_close(&a);
    relic_buf_free(&arc);
}

static void test_malformed_lines(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "@bogus 1",
        "@rows 1:2",                     /* before any @type */
        "@file 0x10 4",                  /* too few fields */
        "@file 0x10 4 0x01 0",           /* flag bits 0..2 are size bits */
        "@file 0x10 134217728 0 0",      /* over 27 bits */
        "@strings abc",                  /* odd hex */
        "@gap 0x10 zz",                  /* not hex */
        "@archive 10 2 1 10 28 0 0 4",   /* shorter than the header */
        "@type TOOLONG 0x10 0x10",       /* a tag is 4 characters */
        "@archive 64 56 1 64 28 0 0 4 5" /* one field too many */
    };
    for (size_t i = 0; i < RELIC_COUNTOF(bad); i++) {
        mhk_layout l = {0};
        relic_err err;
        relic_err_clear(&err);
        if (mhk_layout_parse_line(&l, bad[i], &err) != RELIC_EDATA)
            fail_msg("'%s' was accepted", bad[i]);
        mhk_layout_free(&l);
    }
}

/* A lenient archive with broken entries has no layout to keep. */
static void test_capture_refuses_broken(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("riven/bad_index.mhk", &f);
    mhk_archive a;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(mhk_open_lenient(f.data, f.len, &a, &err), RELIC_OK);
    mhk_layout l;
    assert_int_equal(mhk_layout_capture(&a, &l, &err), RELIC_EDATA);
    mhk_close(&a);
    relic_buf_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixtures_round_trip),
        cmocka_unit_test(test_odd_layout_facts),
        cmocka_unit_test(test_tmov_round_trip),
        cmocka_unit_test(test_misfits),
        cmocka_unit_test(test_shared_file),
        cmocka_unit_test(test_malformed_lines),
        cmocka_unit_test(test_capture_refuses_broken),
        cmocka_unit_test(test_changed_size_moves_to_end),
        cmocka_unit_test(test_move_would_lengthen_tmov),
    };
    return cmocka_run_group_tests_name("mohawk_layout", tests, NULL, NULL);
}
