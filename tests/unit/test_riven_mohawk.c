/* Unit tests for the Mohawk archive reader and writer (libformats/mohawk)
 * on fixtures built from explicit bytes (tests/fixtures/riven/
 * make_fixtures.py), plus interoperability with scummvm-tools:
 * extract_mohawk reads archives relic writes, relic reads archives
 * construct_mohawk writes.  Without those tools the interop tests skip with
 * a reason, except under CI=true where `make deps` installs them. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "relic/io.h"
#include "relic/core.h"
#include "relic/mohawk.h"
#include "support.h"

static void test_read_fixture(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("riven/mini.mhk", &f);
    mhk_archive a;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(mhk_open(f.data, f.len, &a, &err), RELIC_OK);
    assert_int_equal(a.count, 4);
    assert_int_equal(a.file_count, 4);
    /* types in tag order: CARD (ids 0, 1), HSPT, NAME */
    assert_int_equal(a.res[0].tag, MHK_TAG('C', 'A', 'R', 'D'));
    assert_int_equal(a.res[0].id, 0);
    assert_string_equal(a.res[0].name, "start_here");
    assert_int_equal(a.res[1].id, 1);
    assert_string_equal(a.res[1].name, "alpha");
    assert_int_equal(a.res[1].flags, 0x10);
    assert_null(a.res[2].name);
    const mhk_resource *r = mhk_find(&a, mhk_tag("NAME"), 4);
    assert_non_null(r);
    assert_int_equal(r->offset, 28);
    assert_int_equal(r->size, 29);
    assert_int_equal(mhk_data(&a, r)[1], 3);
    assert_ptr_equal(mhk_find_name(&a, mhk_tag("CARD"), "ALPHA"), &a.res[1]);
    assert_null(mhk_find(&a, mhk_tag("CARD"), 7));
    mhk_close(&a);
    relic_buf_free(&f);
}

/* The writer reproduces the hand-built archive byte for byte. */
static void test_write_matches_fixture(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("riven/mini.mhk", &f);
    mhk_archive a;
    assert_int_equal(mhk_open(f.data, f.len, &a, NULL), RELIC_OK);
    mhk_entry e[4];
    for (size_t i = 0; i < a.count; i++) {
        const mhk_resource *r = &a.res[i];
        e[r->file_index - 1] = (mhk_entry){r->tag, r->id, r->name, mhk_data(&a, r), r->size, r->flags};
    }
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(mhk_write(e, 4, &out, NULL), RELIC_OK);
    assert_int_equal(out.len, f.len);
    assert_memory_equal(out.data, f.data, f.len);
    mhk_close(&a);
    relic_buf_free(&out);
    relic_buf_free(&f);
}

static void test_write_names_many_types(void **state)
{
    (void)state;
    const mhk_entry e[] = {
        {mhk_tag("tBMP"), 5, "a_b", (const uint8_t *)"xy", 2, 0},
        {mhk_tag("tBMP"), 2, "ab", (const uint8_t *)"z", 1, 0},
        {mhk_tag("NAME"), 1, "cards", (const uint8_t *)"", 0, 0},
        {mhk_tag("tWAV"), 9, NULL, (const uint8_t *)"q", 1, 0},
    };
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(mhk_write(e, 4, &out, NULL), RELIC_OK);
    mhk_archive a;
    assert_int_equal(mhk_open(out.data, out.len, &a, NULL), RELIC_OK);
    assert_int_equal(a.count, 4);
    assert_string_equal(mhk_find(&a, mhk_tag("tBMP"), 5)->name, "a_b");
    assert_string_equal(mhk_find(&a, mhk_tag("tBMP"), 2)->name, "ab");
    assert_string_equal(mhk_find(&a, mhk_tag("NAME"), 1)->name, "cards");
    assert_null(mhk_find(&a, mhk_tag("tWAV"), 9)->name);
    assert_int_equal(mhk_find(&a, mhk_tag("tBMP"), 5)->size, 2);
    /* Byte-stable: writing again gives the same bytes. */
    relic_buf again = RELIC_BUF_INIT;
    assert_int_equal(mhk_write(e, 4, &again, NULL), RELIC_OK);
    assert_int_equal(again.len, out.len);
    assert_memory_equal(again.data, out.data, out.len);
    mhk_close(&a);
    relic_buf_free(&again);
    /* Duplicate ids are refused. */
    const mhk_entry dup[] = {{mhk_tag("tBMP"), 5, NULL, (const uint8_t *)"", 0, 0},
                             {mhk_tag("tBMP"), 5, NULL, (const uint8_t *)"", 0, 0}};
    relic_err err;
    relic_err_clear(&err);
    relic_buf_reset(&out);
    assert_int_equal(mhk_write(dup, 2, &out, &err), RELIC_EUSAGE);
    assert_non_null(strstr(err.msg, "duplicate"));
    relic_buf_free(&out);
}

static void test_tmov_size_from_next_offset(void **state)
{
    (void)state;
    const mhk_entry e[] = {
        {mhk_tag("tMOV"), 1, NULL, (const uint8_t *)"movie", 5, 0},
        {mhk_tag("tBMP"), 1, NULL, (const uint8_t *)"xyz", 3, 0},
    };
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(mhk_write(e, 2, &out, NULL), RELIC_OK);
    /* Zero the movie's size in the file table: the reader must not need it. */
    size_t dir =
        ((size_t)out.data[20] << 24) | ((size_t)out.data[21] << 16) | ((size_t)out.data[22] << 8) | out.data[23];
    size_t ft = dir + (((size_t)out.data[24] << 8) | out.data[25]);
    memset(out.data + ft + 4 + 4, 0, 3);
    mhk_archive a;
    assert_int_equal(mhk_open(out.data, out.len, &a, NULL), RELIC_OK);
    assert_int_equal(mhk_find(&a, mhk_tag("tMOV"), 1)->size, 5);
    mhk_close(&a);
    relic_buf_free(&out);
}

static void test_malformed(void **state)
{
    (void)state;
    relic_err err;
    relic_err_clear(&err);
    mhk_archive a;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("riven/bad_index.mhk", &f);
    assert_int_equal(mhk_open(f.data, f.len, &a, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "file index 9"));
    assert_int_equal(err.offset, 0xa1 + 0x1c + 4);
    relic_buf_reset(&f);
    test_fixture("riven/bad_size.mhk", &f);
    assert_int_equal(mhk_open(f.data, f.len, &a, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "past the end"));
    relic_buf_reset(&f);
    test_fixture("riven/mini.mhk", &f);
    for (size_t cut = 0; cut < f.len; cut += 7)
        assert_int_equal(mhk_open(f.data, cut, &a, &err), RELIC_EDATA);
    f.data[0] = 'X';
    assert_int_equal(mhk_open(f.data, f.len, &a, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0);
    relic_buf_free(&f);
}

/* Issue 16: a truncated archive laid out as the engine's (directory first,
 * save_engine.rvn) lists every entry; the ones whose data the cut removed
 * are marked with the offset of their file-table entry, the rest read.  A
 * bad file index is marked too; a declared size of 0xFFFFFFFF fails. */
static void test_lenient(void **state)
{
    (void)state;
    relic_err err;
    relic_err_clear(&err);
    mhk_archive a;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("riven/save_engine.rvn", &f);
    assert_int_equal(mhk_open(f.data, f.len, &a, &err), RELIC_OK);
    const mhk_resource *vars = mhk_find(&a, mhk_tag("VARS"), 1);
    size_t cut = vars->offset + vars->size; /* VERS and ZIPS lie after this */
    uint32_t ft = relic_rd_be32(f.data + 20) + relic_rd_be16(f.data + 24);
    mhk_close(&a);
    assert_int_equal(mhk_open(f.data, cut, &a, &err), RELIC_EDATA); /* strict: the whole archive fails */
    assert_int_equal(mhk_open_lenient(f.data, cut, &a, &err), RELIC_OK);
    assert_int_equal(a.count, 4);
    assert_int_equal(a.broken, 2);
    const mhk_resource *vers = mhk_find(&a, mhk_tag("VERS"), 1), *zips = mhk_find(&a, mhk_tag("ZIPS"), 1);
    assert_true(vers->broken && zips->broken);
    assert_int_equal(vers->size, 0);
    assert_int_equal(vers->declared_size, 4);
    assert_int_equal(vers->broken_at, ft + 4 + 10 * (size_t)(vers->file_index - 1));
    assert_non_null(strstr(vers->why, "past the end"));
    assert_false(mhk_find(&a, mhk_tag("VARS"), 1)->broken);
    assert_int_equal(mhk_find(&a, mhk_tag("VARS"), 1)->size, 9 * 12);
    mhk_close(&a);
    relic_buf_reset(&f);
    test_fixture("riven/bad_index.mhk", &f);
    assert_int_equal(mhk_open_lenient(f.data, f.len, &a, &err), RELIC_OK);
    assert_int_equal(a.broken, 1);
    assert_int_equal(a.count, 4);
    mhk_close(&a);
    relic_wr_be32(f.data + 16, 0xffffffffu);
    assert_int_equal(mhk_open_lenient(f.data, f.len, &a, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 16);
    assert_non_null(strstr(err.msg, "0xffffffff"));
    relic_buf_free(&f);
}

/* ---- scummvm-tools interop ---- */

static int find_tool(const char *name, char *out, size_t outsz)
{
    const char *dirs[] = {"/usr/games", "/usr/bin", "/usr/local/bin", "/usr/local/games"};
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        snprintf(out, outsz, "%s/%s", dirs[i], name);
        if (access(out, X_OK) == 0)
            return 0;
    }
    const char *ci = getenv("CI");
    if (ci && strcmp(ci, "true") == 0)
        fail_msg("%s is missing; `make deps` installs scummvm-tools", name);
    print_message("# riven interop tests skipped: %s not found (install scummvm-tools)\n", name);
    return -1;
}

static void test_extract_mohawk_reads_ours(void **state)
{
    (void)state;
    char tool[256];
    if (find_tool("extract_mohawk", tool, sizeof tool)) {
        skip();
        return;
    }
    const mhk_entry e[] = {
        {mhk_tag("tBMP"), 3, "pic", (const uint8_t *)"PIXELS", 6, 0},
        {mhk_tag("NAME"), 1, "cards", (const uint8_t *)"\0\0", 2, 0},
        {mhk_tag("tWAV"), 7, NULL, (const uint8_t *)"snd", 3, 0},
        {mhk_tag("NAME"), 2, "hotspots", (const uint8_t *)"h", 1, 0},
    };
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(mhk_write(e, 4, &out, NULL), RELIC_OK);
    char dir[512], path[700], cmd[2048];
    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/ours.mhk", dir);
    assert_int_equal(relic_file_write_atomic(path, out.data, out.len, NULL), RELIC_OK);
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' ours.mhk >/dev/null 2>&1", dir, tool);
    assert_int_equal(system(cmd), 0);
    const char *want[][2] = {{"0000_00_tBMP_3_pic.bin", "PIXELS"},
                             {"0001_00_NAME_1_cards.bin", "\0\0"},
                             {"0002_00_tWAV_7.bin", "snd"},
                             {"0003_00_NAME_2_hotspots.bin", "h"}};
    const size_t wlen[] = {6, 2, 3, 1};
    for (size_t i = 0; i < 4; i++) {
        relic_buf got = RELIC_BUF_INIT;
        snprintf(path, sizeof path, "%s/%s", dir, want[i][0]);
        relic_err err;
        relic_err_clear(&err);
        if (relic_file_read(path, &got, &err))
            fail_msg("extract_mohawk did not write %s", want[i][0]);
        assert_int_equal(got.len, wlen[i]);
        assert_memory_equal(got.data, want[i][1], wlen[i]);
        relic_buf_free(&got);
    }
    test_tmpdir_remove(dir);
    relic_buf_free(&out);
}

static void test_we_read_construct_mohawk(void **state)
{
    (void)state;
    char tool[256];
    if (find_tool("construct_mohawk", tool, sizeof tool)) {
        skip();
        return;
    }
    char dir[512], path[700], cmd[2048];
    test_tmpdir(dir, sizeof dir);
    /* construct_mohawk names resources by file name: INDEX_FLAGS_TAG_ID[_NAME].bin;
     * names are only sound on one type (its string offsets restart per type). */
    const char *files[][2] = {{"0000_00_tBMP_5_zeta.bin", "ZZ"},
                              {"0001_00_tBMP_2_alpha.bin", "AAA"},
                              {"0002_00_CARD_1.bin", "card"},
                              {"0003_20_tWAV_4.bin", "w"}};
    for (size_t i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i][0]);
        assert_int_equal(relic_file_write_atomic(path, files[i][1], strlen(files[i][1]), NULL), RELIC_OK);
    }
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' theirs.mhk %s %s %s %s >/dev/null 2>&1", dir, tool, files[0][0],
             files[1][0], files[2][0], files[3][0]);
    assert_int_equal(system(cmd), 0);
    snprintf(path, sizeof path, "%s/theirs.mhk", dir);
    relic_buf f = RELIC_BUF_INIT;
    assert_int_equal(relic_file_read(path, &f, NULL), RELIC_OK);
    mhk_archive a;
    relic_err err;
    relic_err_clear(&err);
    if (mhk_open(f.data, f.len, &a, &err))
        fail_msg("%s (offset 0x%zx)", err.msg, err.offset);
    assert_int_equal(a.count, 4);
    const mhk_resource *r = mhk_find(&a, mhk_tag("tBMP"), 5);
    assert_non_null(r);
    assert_string_equal(r->name, "zeta");
    assert_int_equal(r->size, 2);
    assert_memory_equal(mhk_data(&a, r), "ZZ", 2);
    r = mhk_find(&a, mhk_tag("tBMP"), 2);
    assert_string_equal(r->name, "alpha");
    assert_memory_equal(mhk_data(&a, r), "AAA", 3);
    r = mhk_find(&a, mhk_tag("CARD"), 1);
    assert_memory_equal(mhk_data(&a, r), "card", 4);
    r = mhk_find(&a, mhk_tag("tWAV"), 4);
    assert_int_equal(r->flags, 0x20);
    assert_int_equal(r->size, 1);
    mhk_close(&a);
    relic_buf_free(&f);
    test_tmpdir_remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_fixture),
        cmocka_unit_test(test_write_matches_fixture),
        cmocka_unit_test(test_write_names_many_types),
        cmocka_unit_test(test_tmov_size_from_next_offset),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_lenient),
        cmocka_unit_test(test_extract_mohawk_reads_ours),
        cmocka_unit_test(test_we_read_construct_mohawk),
    };
    return cmocka_run_group_tests_name("riven_mohawk", tests, NULL, NULL);
}
