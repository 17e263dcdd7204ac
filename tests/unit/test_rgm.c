/* Unit tests for the RGM container and script records (RGM.md "Section
 * Framing", RAHD, MPOB, RASB/RAST, RAVA, RAAT) over the hand-built fixtures
 * of tests/fixtures/redguard/make_fixtures.py, plus the map writer. */
#include <string.h>
#include "relic/rgm.h"
#include "support.h"

static void load_map(const char *rel, relic_buf *f, rgm_map *m)
{
    test_fixture(rel, f);
    relic_err err;
    relic_err_clear(&err);
    if (rgm_map_open(f->data, f->len, m, &err) != RELIC_OK)
        fail_msg("%s: %s (offset 0x%zx)", rel, err.msg, err.offset);
}

static void test_sections_and_rewrite(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT, re = RELIC_BUF_INIT;
    rgm_map m;
    load_map("redguard/mini.rgm", &f, &m);
    assert_int_equal(m.file.count, 9);
    assert_string_equal(m.file.sec[0].tag, "RAHD");
    assert_int_equal(m.file.sec[0].offset, 0);
    assert_int_equal(m.file.sec[0].data_offset, 8);
    assert_int_equal(m.file.sec[0].len, 8 + 2 * 165);
    assert_string_equal(m.file.sec[8].tag, "ZZZZ"); /* unknown: kept as bytes */
    assert_int_equal(m.file.sec[8].len, 3);
    assert_true(m.file.has_end);
    assert_int_equal(m.file.tail_len, 8);
    assert_int_equal(rgm_write(&m.file, &re, NULL), RELIC_OK);
    assert_int_equal(re.len, f.len);
    assert_memory_equal(re.data, f.data, f.len);
    rgm_map_close(&m);
    relic_buf_free(&f);
    relic_buf_free(&re);
}

static void test_end_without_length(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    rgm_map m;
    load_map("redguard/end_nolen.rgm", &f, &m);
    assert_true(m.file.has_end);
    assert_int_equal(m.file.tail_len, 4);
    assert_int_equal(m.file.count, 9);
    rgm_map_close(&m);
    relic_buf_free(&f);
}

static void test_actors(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    rgm_map m;
    load_map("redguard/mini.rgm", &f, &m);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(m.nactors, 2);
    assert_int_equal(m.rahd_prefix, 0x0037801b);
    const rgm_actor *a = rgm_map_actor(&m, "FLAG2");
    assert_non_null(a);
    assert_int_equal(a->offset, 16);
    assert_int_equal(a->script_length, 61);
    assert_int_equal(a->raw_89, -1);
    assert_int_equal(a->raw_8d, 5);
    const uint8_t *code;
    size_t len;
    assert_int_equal(rgm_actor_script(&m, a, &code, &len, &err), RELIC_OK);
    assert_int_equal(len, 61);
    assert_int_equal(code[0], 0x00);
    assert_int_equal(code[56], 0x05);
    const rgm_actor *d = rgm_map_actor(&m, "DOOR");
    assert_int_equal(d->script_pc, 9);
    assert_int_equal(d->script_data_offset, 61);
    const char *s;
    assert_int_equal(rgm_actor_string(&m, d, 1, &s, &err), RELIC_OK);
    assert_string_equal(s, "Gate");
    assert_int_equal(rgm_actor_string(&m, d, 2, &s, &err), RELIC_EDATA);
    int32_t v;
    assert_int_equal(rgm_actor_var(&m, d, 1, &v, &err), RELIC_OK);
    assert_int_equal(v, -2);
    assert_int_equal(rgm_actor_var(&m, d, 2, &v, &err), RELIC_EDATA);
    const uint8_t *at = rgm_actor_attrs(&m, d);
    assert_non_null(at);
    assert_int_equal(at[6], 20);
    assert_int_equal(m.nplacements, 1);
    const rgm_placement *p = &m.placements[0];
    assert_int_equal(p->id, 7);
    assert_string_equal(p->script_name, "DOOR");
    assert_int_equal(p->pos_x, -100);
    assert_int_equal(p->pos_y, 200);
    assert_int_equal(p->pos_z, 0x123456);
    assert_int_equal(p->angle_y, 512);
    assert_int_equal(p->blue, 64);
    rgm_map_close(&m);
    relic_buf_free(&f);
}

static void test_malformed(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    rgm_map m;
    relic_err err;
    relic_err_clear(&err);
    test_fixture("redguard/bad_section_len.rgm", &f);
    assert_int_equal(rgm_map_open(f.data, f.len, &m, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0);
    assert_non_null(strstr(err.msg, "past the end"));
    relic_buf_free(&f);

    load_map("redguard/bad_script_offset.rgm", &f, &m);
    const uint8_t *code;
    size_t len;
    assert_int_equal(rgm_actor_script(&m, &m.actors[0], &code, &len, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 16 + 0x51);
    assert_non_null(strstr(err.msg, "outside RASC"));
    rgm_map_close(&m);
    relic_buf_free(&f);

    /* A RAHD count that does not fit, and a truncated header. */
    uint8_t b[32];
    size_t n = test_hex("52 41 48 44 00 00 00 08 05 00 00 00 1b 80 37 00", b, sizeof b);
    assert_int_equal(rgm_map_open(b, n, &m, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 8);
    n = test_hex("52 41 48 44 00 00", b, sizeof b);
    assert_int_equal(rgm_map_open(b, n, &m, &err), RELIC_EDATA);
    n = test_hex("52 41 01 44 00 00 00 00", b, sizeof b);
    assert_int_equal(rgm_map_open(b, n, &m, &err), RELIC_EDATA);
}

static void test_build_reads_back(void **state)
{
    (void)state;
    static const uint8_t code[] = {0x18, 0x05, 0, 0, 0, 0};
    static const char *const strs[] = {"Door", "Key"};
    static const int32_t vars[] = {5, -1};
    uint8_t attrs[256] = {0};
    attrs[6] = 9;
    // clang-format off
    rgm_build_actor a[2] = {
        {.name = "ONE", .code = code, .code_len = sizeof code, .script_pc = 1, .strings = strs, .nstrings = 2,
         .vars = vars, .nvars = 2, .attrs = attrs},
        {.name = "TWO", .code = code, .code_len = sizeof code},
    };
    // clang-format on
    rgm_placement pl = {.id = 3, .type = 1, .active = 1, .script_name = "TWO", .pos_x = -5, .pos_z = 77, .red = 1};
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(rgm_build(a, 2, &pl, 1, &out, &err), RELIC_OK);
    rgm_map m;
    assert_int_equal(rgm_map_open(out.data, out.len, &m, &err), RELIC_OK);
    assert_int_equal(m.nactors, 2);
    const rgm_actor *one = rgm_map_actor(&m, "ONE"), *two = rgm_map_actor(&m, "TWO");
    const char *s;
    assert_int_equal(rgm_actor_string(&m, one, 1, &s, &err), RELIC_OK);
    assert_string_equal(s, "Key");
    int32_t v;
    assert_int_equal(rgm_actor_var(&m, one, 0, &v, &err), RELIC_OK);
    assert_int_equal(v, 5);
    assert_int_equal(two->script_data_offset, 6);
    assert_int_equal(one->script_pc, 1);
    assert_int_equal(rgm_actor_attrs(&m, one)[6], 9);
    assert_int_equal(m.nplacements, 1);
    assert_int_equal(m.placements[0].pos_x, -5);
    assert_int_equal(m.placements[0].pos_z, 77);
    assert_string_equal(m.placements[0].script_name, "TWO");
    rgm_map_close(&m);
    relic_buf_free(&out);
}

static void test_records(void **state)
{
    (void)state;
    uint8_t b[64];
    /* RALC of 26 bytes: two 12-byte records and 2 left over, reported
     * rather than assumed (the sources disagree on its record size). */
    size_t n = test_hex("52 41 4c 43 00 00 00 1a", b, sizeof b);
    memset(b + n, 0, 26);
    rgm_file f;
    assert_int_equal(rgm_open(b, n + 26, &f, NULL), RELIC_OK);
    rgm_records r;
    assert_int_equal(rgm_section_records(&f.sec[0], &r), 1);
    assert_int_equal(r.size, 12);
    assert_int_equal(r.count, 2);
    assert_int_equal(r.rest, 2);
    assert_false(r.has_count);
    assert_false(f.has_end);
    rgm_close(&f);
    n = test_hex("4d 50 4f 42 00 00 00 02 07 00", b, sizeof b);
    assert_int_equal(rgm_open(b, n, &f, NULL), RELIC_OK);
    assert_int_equal(rgm_section_records(&f.sec[0], &r), 1);
    assert_int_equal(r.count, 0);
    assert_false(r.has_count); /* too short for its count */
    rgm_close(&f);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sections_and_rewrite), cmocka_unit_test(test_end_without_length),
        cmocka_unit_test(test_actors),               cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_build_reads_back),    cmocka_unit_test(test_records),
    };
    // clang-format on
    return cmocka_run_group_tests_name("rgm", tests, NULL, NULL);
}
