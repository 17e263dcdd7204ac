/* Unit tests for Riven .rvn saves as save-inspect sees them
 * (libformats/riven/save.c ZIPS codec, libio/riven/save_json.c):
 * the JSON document, edits by name and JSON Pointer, validation with
 * offsets, semantic diffs with ignore patterns, and byte-identical
 * rewrites of the committed fixtures (tests/fixtures/riven/make_fixtures.py). */
#include <string.h>
#include "relic/mohawk.h"
#include "relic/riven_save_json.h"
#include "support.h"

static void test_zips(void **state)
{
    (void)state;
    uint8_t d[64];
    size_t n = test_hex("00 02  00 04 7a 6d 61 70 00 0c  00 01 7a 00 28", d, sizeof d);
    riven_zips z;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(riven_zips_decode(d, n, &z, &err), RELIC_OK);
    assert_int_equal(z.count, 2);
    assert_string_equal(z.items[0].name, "zmap");
    assert_int_equal(z.items[0].card, 12);
    assert_int_equal(z.items[1].len, 1);
    assert_int_equal(z.items[1].card, 40);
    relic_buf re = RELIC_BUF_INIT;
    assert_int_equal(riven_zips_encode(&z, &re, NULL), RELIC_OK);
    assert_int_equal(re.len, n);
    assert_memory_equal(re.data, d, n);
    riven_zips_free(&z);
    /* second record's name runs past the end: offset of its length field */
    n = test_hex("00 02  00 04 7a 6d 61 70 00 0c  00 05 7a 00 28", d, sizeof d);
    assert_int_equal(riven_zips_decode(d, n, &z, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 10);
    /* count larger than the resource can hold */
    n = test_hex("00 09 00 00 00 00", d, sizeof d);
    assert_int_equal(riven_zips_decode(d, n, &z, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0);
    assert_int_equal(riven_zips_decode(d, 1, &z, &err), RELIC_EDATA);
    relic_buf_free(&re);
}

static void test_load(const char *rel, relic_buf *raw, riven_save *s)
{
    test_fixture(rel, raw);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(riven_save_decode(raw->data, raw->len, s, &err), RELIC_OK);
}

static void test_json_and_set(void **state)
{
    (void)state;
    relic_buf raw = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
    riven_save s;
    test_load("riven/save_a.rvn", &raw, &s);
    json_t *doc = riven_save_to_json(&s);
    assert_string_equal(json_string_value(json_object_get(doc, "format")), "relic-riven-save");
    assert_string_equal(json_string_value(json_object_get(doc, "edition")), "cd");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(doc, "variables"), "CurrentCardID")), 5);
    assert_int_equal(json_array_size(json_object_get(doc, "zip_modes")), 1);
    json_decref(doc);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(riven_save_validate(&s, &err), RELIC_OK);
    /* both path forms, case-insensitive; hex and decimal */
    assert_int_equal(riven_save_set_path(&s, "ttelescope", "0xffffffff", &err), RELIC_OK);
    assert_int_equal(riven_save_set_path(&s, "/variables/CURRENTCARDID", "12", &err), RELIC_OK);
    uint32_t v = 0;
    assert_int_equal(riven_save_get(&s, "tTelescope", &v), 0);
    assert_int_equal(v, 0xffffffffu);
    /* refused edits leave the save as it was */
    assert_int_equal(riven_save_set_path(&s, "tTelescope", "4294967296", &err), RELIC_EUSAGE);
    assert_int_equal(riven_save_set_path(&s, "tTelescope", "-1", &err), RELIC_EUSAGE);
    assert_int_equal(riven_save_set_path(&s, "tTelescope", "0x", &err), RELIC_EUSAGE);
    assert_int_equal(riven_save_set_path(&s, "tTelescope", "7 ", &err), RELIC_EUSAGE);
    assert_int_equal(riven_save_set_path(&s, "ghost", "1", &err), RELIC_EUSAGE);
    assert_non_null(strstr(err.msg, "'ghost'"));
    assert_int_equal(riven_save_set_path(&s, "/zip_modes/0", "1", &err), RELIC_EUSAGE);
    assert_int_equal(riven_save_set_path(&s, "/variables/", "1", &err), RELIC_EUSAGE);
    assert_int_equal(riven_save_get(&s, "tTelescope", &v), 0);
    assert_int_equal(v, 0xffffffffu);
    /* written back, only the two values changed */
    assert_int_equal(riven_save_encode(raw.data, raw.len, &s, &out, &err), RELIC_OK);
    assert_int_equal(out.len, raw.len);
    size_t ndiff = 0;
    for (size_t i = 0; i < raw.len; i++)
        ndiff += raw.data[i] != out.data[i];
    assert_int_equal(ndiff, 4 + 1); /* ffffffff over 00000002; 0c over 05 */
    riven_save b;
    assert_int_equal(riven_save_decode(out.data, out.len, &b, &err), RELIC_OK);
    assert_int_equal(riven_save_get(&b, "currentcardid", &v), 0);
    assert_int_equal(v, 12);
    riven_save_free(&b);
    riven_save_free(&s);
    relic_buf_free(&raw);
    relic_buf_free(&out);
}

static void test_unchanged_rewrite(void **state)
{
    (void)state;
    static const char *const fx[] = {"riven/save_a.rvn", "riven/save_b.rvn", "riven/save_dvd.rvn"};
    for (size_t i = 0; i < 3; i++) {
        relic_buf raw = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
        riven_save s;
        test_load(fx[i], &raw, &s);
        assert_int_equal(riven_save_encode(raw.data, raw.len, &s, &out, NULL), RELIC_OK);
        assert_int_equal(out.len, raw.len);
        assert_memory_equal(out.data, raw.data, raw.len);
        riven_save_free(&s);
        relic_buf_free(&raw);
        relic_buf_free(&out);
    }
}

static const char *test_path(json_t *diffs, size_t i)
{
    return json_string_value(json_object_get(json_array_get(diffs, i), "path"));
}

static void test_diff(void **state)
{
    (void)state;
    relic_buf ra = RELIC_BUF_INIT, rb = RELIC_BUF_INIT;
    riven_save a, b;
    test_load("riven/save_a.rvn", &ra, &a);
    test_load("riven/save_b.rvn", &rb, &b);
    json_t *d = riven_save_diff(&a, &b, NULL, 0, 0);
    assert_int_equal(json_array_size(d), 4);
    assert_string_equal(test_path(d, 0), "/variables/CurrentCardID");
    assert_int_equal(json_integer_value(json_object_get(json_array_get(d, 0), "old")), 5);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(d, 0), "new")), 12);
    assert_string_equal(test_path(d, 3), "/zip_modes/1");
    assert_true(json_is_null(json_object_get(json_array_get(d, 3), "old")));
    json_decref(d);
    d = riven_save_diff(&a, &b, NULL, 0, 1); /* --all: reference counts too */
    assert_int_equal(json_array_size(d), 5);
    assert_string_equal(test_path(d, 0), "/variable_state/aTrapBook/references");
    json_decref(d);
    const char *ign[] = {"/zip_modes", "/variables/*Door"};
    d = riven_save_diff(&a, &b, ign, 2, 0);
    assert_int_equal(json_array_size(d), 2);
    assert_string_equal(test_path(d, 1), "/variables/tTelescope");
    json_decref(d);
    d = riven_save_diff(&a, &a, NULL, 0, 1);
    assert_int_equal(json_array_size(d), 0);
    json_decref(d);
    riven_save_free(&a);
    riven_save_free(&b);
    relic_buf_free(&ra);
    relic_buf_free(&rb);
}

/* A failed allocation anywhere makes no document and no diff, never a
 * short one: a diff short of a row reads as equal saves. */
static json_t *test_json_build(const void *arg) { return riven_save_to_json(arg); }

static json_t *test_diff_build(const void *arg)
{
    const riven_save *ab = arg;
    return riven_save_diff(&ab[0], &ab[1], NULL, 0, 1);
}

static void test_alloc_failure(void **state)
{
    (void)state;
    relic_buf ra = RELIC_BUF_INIT, rb = RELIC_BUF_INIT;
    riven_save ab[2];
    test_load("riven/save_a.rvn", &ra, &ab[0]);
    test_load("riven/save_b.rvn", &rb, &ab[1]);
    test_json_whole_or_null(test_json_build, &ab[0], 100000);
    test_json_whole_or_null(test_diff_build, ab, 100000);
    riven_save_free(&ab[0]);
    riven_save_free(&ab[1]);
    relic_buf_free(&ra);
    relic_buf_free(&rb);
}

/* A save built here: names with a '/', a repeated name, chosen VERS/ZIPS. */
static void test_build(relic_buf *out, const char *names_hex, const char *vars_hex, const uint8_t *vers, int zips)
{
    static uint8_t names[128], vars[128], zp[2];
    size_t nn = test_hex(names_hex, names, sizeof names), nv = test_hex(vars_hex, vars, sizeof vars);
    mhk_entry e[4] = {{mhk_tag("NAME"), 1, NULL, names, nn, 0}, {mhk_tag("VARS"), 1, NULL, vars, nv, 0}};
    size_t n = 2;
    if (vers)
        e[n++] = (mhk_entry){mhk_tag("VERS"), 1, NULL, vers, 4, 0};
    if (zips)
        e[n++] = (mhk_entry){mhk_tag("ZIPS"), 1, NULL, zp, 2, 0};
    relic_buf_reset(out);
    assert_int_equal(mhk_write(e, n, out, NULL), RELIC_OK);
}

static void test_validate(void **state)
{
    (void)state;
    static const uint8_t cd[4] = {0, 1, 0, 0}, odd[4] = {0, 2, 0, 0};
    /* NAME 1: "a/b", "A/B" (the second repeats the first, case-insensitively) */
    const char *names = "00 02 00 00 00 04 00 00 00 01 61 2f 62 00 41 2f 42 00";
    const char *vars = "00 00 00 01 00 00 00 01 00 00 00 03  00 00 00 01 00 00 00 01 00 00 00 09";
    relic_buf raw = RELIC_BUF_INIT;
    riven_save s;
    relic_err err;
    relic_err_clear(&err);
    test_build(&raw, names, vars, cd, 1);
    assert_int_equal(riven_save_decode(raw.data, raw.len, &s, &err), RELIC_OK);
    json_t *doc = riven_save_to_json(&s);
    json_t *jv = json_object_get(doc, "variables");
    assert_int_equal(json_object_size(jv), 1); /* the engine's lookup only reaches the first */
    assert_int_equal(json_integer_value(json_object_get(jv, "a/b")), 3);
    json_decref(doc);
    assert_int_equal(riven_save_validate(&s, &err), RELIC_EDATA);
    assert_int_equal(err.offset, s.names_offset + 4);
    assert_non_null(strstr(err.msg, "repeats"));
    /* ~1 in a JSON Pointer segment is '/' */
    assert_int_equal(riven_save_set_path(&s, "/variables/A~1b", "5", &err), RELIC_OK);
    assert_int_equal(s.vars.rec[0][2], 5);
    riven_save_free(&s);
    /* one record short */
    test_build(&raw, names, "00 00 00 01 00 00 00 01 00 00 00 03", cd, 1);
    assert_int_equal(riven_save_decode(raw.data, raw.len, &s, &err), RELIC_OK);
    assert_int_equal(riven_save_validate(&s, &err), RELIC_EDATA);
    assert_int_equal(err.offset, s.vars_offset);
    riven_save_free(&s);
    const char *one = "00 01 00 00 00 00 78 00";
    const char *onev = "00 00 00 01 00 00 00 01 00 00 00 03";
    test_build(&raw, one, onev, NULL, 1);
    assert_int_equal(riven_save_decode(raw.data, raw.len, &s, &err), RELIC_OK);
    assert_int_equal(riven_save_validate(&s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "VERS"));
    riven_save_free(&s);
    test_build(&raw, one, onev, odd, 1);
    assert_int_equal(riven_save_decode(raw.data, raw.len, &s, &err), RELIC_OK);
    assert_int_equal(riven_save_validate(&s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "0x00020000"));
    doc = riven_save_to_json(&s);
    assert_string_equal(json_string_value(json_object_get(doc, "edition")), "unknown");
    json_decref(doc);
    riven_save_free(&s);
    test_build(&raw, one, onev, cd, 0);
    assert_int_equal(riven_save_decode(raw.data, raw.len, &s, &err), RELIC_OK);
    assert_int_equal(riven_save_validate(&s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "ZIPS"));
    riven_save_free(&s);
    test_build(&raw, one, onev, cd, 1);
    assert_int_equal(riven_save_decode(raw.data, raw.len, &s, &err), RELIC_OK);
    assert_int_equal(riven_save_validate(&s, &err), RELIC_OK);
    riven_save_free(&s);
    relic_buf_free(&raw);
}

static void test_malformed_fixtures(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        size_t offset;
    } bad[] = {{"riven/bad_save_vars.rvn", 0xc8}, {"riven/bad_save_zips.rvn", 0xce}};
    for (size_t i = 0; i < 2; i++) {
        relic_buf raw = RELIC_BUF_INIT;
        riven_save s;
        relic_err err;
        relic_err_clear(&err);
        test_fixture(bad[i].file, &raw);
        assert_int_equal(riven_save_decode(raw.data, raw.len, &s, &err), RELIC_EDATA);
        assert_int_equal(err.offset, bad[i].offset);
        relic_buf_free(&raw);
    }
}

/* Issue 16: a save as the engine writes it (directory first, more VARS
 * records than names, 0xBD-wrapped ZIPS names) validates, reports its
 * extra records by index, strips the delimiters from zip names while
 * keeping them in the bytes, and edits change only the value's bytes. */
static void test_engine_save(void **state)
{
    (void)state;
    relic_buf raw = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
    riven_save s;
    relic_err err;
    relic_err_clear(&err);
    test_fixture("riven/save_engine.rvn", &raw);
    assert_int_equal(riven_save_decode(raw.data, raw.len, &s, &err), RELIC_OK);
    assert_int_equal(s.names.count, 6);
    assert_int_equal(s.vars.count, 9);
    assert_int_equal(riven_save_validate(&s, &err), RELIC_OK);
    assert_int_equal(riven_save_extra_records(&s), 3);
    json_t *doc = riven_save_to_json(&s);
    json_t *extra = json_object_get(doc, "extra_records");
    assert_int_equal(json_array_size(extra), 3);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(extra, 1), "record")), 7);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(extra, 1), "value")), 7);
    json_t *z0 = json_array_get(json_object_get(doc, "zip_modes"), 0);
    assert_string_equal(json_string_value(json_object_get(z0, "name")), "zmap");
    assert_non_null(json_object_get(z0, "raw_name"));
    json_decref(doc);
    assert_string_equal(s.zips.items[1].name, "zdome");
    assert_int_equal(s.zips.items[1].len, 7);
    assert_int_equal(s.zips.items[1].raw[0], 0xbd);
    /* the ZIPS codec writes the raw bytes back */
    relic_buf z = RELIC_BUF_INIT;
    assert_int_equal(riven_zips_encode(&s.zips, &z, NULL), RELIC_OK);
    assert_int_equal(z.len, 2 + (2 + 6 + 2) + (2 + 7 + 2));
    assert_int_equal(z.data[4], 0xbd);
    relic_buf_free(&z);
    /* a no-op edit gives the very same file */
    assert_int_equal(riven_save_set(&s, "CurrentCardID", 5, &err), RELIC_OK);
    assert_int_equal(riven_save_encode(raw.data, raw.len, &s, &out, &err), RELIC_OK);
    assert_int_equal(out.len, raw.len);
    assert_memory_equal(out.data, raw.data, raw.len);
    /* a real edit changes the value's bytes and nothing else */
    relic_buf_reset(&out);
    assert_int_equal(riven_save_set(&s, "CurrentCardID", 0x01020304, &err), RELIC_OK);
    assert_int_equal(riven_save_encode(raw.data, raw.len, &s, &out, &err), RELIC_OK);
    assert_int_equal(out.len, raw.len);
    size_t diff = 0, first = 0;
    for (size_t i = 0; i < raw.len; i++)
        if (out.data[i] != raw.data[i] && diff++ == 0)
            first = i;
    assert_int_equal(diff, 4);
    assert_int_equal(first, s.vars_offset + 12 + 8);
    riven_save_free(&s);
    relic_buf_free(&out);
    relic_buf_free(&raw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zips),
        cmocka_unit_test(test_json_and_set),
        cmocka_unit_test(test_unchanged_rewrite),
        cmocka_unit_test(test_diff),
        cmocka_unit_test(test_alloc_failure),
        cmocka_unit_test(test_validate),
        cmocka_unit_test(test_malformed_fixtures),
        cmocka_unit_test(test_engine_save),
    };
    return cmocka_run_group_tests_name("riven_save", tests, NULL, NULL);
}
