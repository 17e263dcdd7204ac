/* Unit tests for the Riven resource codecs (libformats/riven): NAME with
 * its sorted index, CARD and HSPT script lists (every command encoding,
 * nested switches, exact byte consumption), the fixed-record lists, SLST,
 * RMAP and VARS, and malformed input with offsets.  Fixtures come from
 * tests/fixtures/riven/make_fixtures.py. */
#include <string.h>
#include "relic/mohawk.h"
#include "relic/riven.h"
#include "support.h"

static void test_names(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("riven/name_vars.bin", &f);
    riven_names nm;
    assert_int_equal(riven_names_decode(f.data, f.len, &nm, NULL), RELIC_OK);
    assert_int_equal(nm.count, 3);
    assert_string_equal(riven_names_get(&nm, 1), "Alpha");
    assert_int_equal(riven_names_find(&nm, "MID"), 2);
    assert_int_equal(nm.index[0], 1);
    relic_buf re = RELIC_BUF_INIT;
    /* A recomputed index (case-insensitive order) equals the stored one. */
    assert_int_equal(riven_names_encode(&nm, 0, &re, NULL), RELIC_OK);
    assert_int_equal(re.len, f.len);
    assert_memory_equal(re.data, f.data, f.len);
    riven_names_free(&nm);
    relic_err err;
    relic_err_clear(&err);
    uint8_t d[32];
    size_t n = test_hex("00 01 00 05 00 00 61 62", d, sizeof d); /* string past the end */
    assert_int_equal(riven_names_decode(d, n, &nm, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 2);
    n = test_hex("00 01 00 00 00 00 61 62", d, sizeof d); /* unterminated */
    assert_int_equal(riven_names_decode(d, n, &nm, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "terminated"));
    n = test_hex("7f ff 00 00", d, sizeof d); /* count too large */
    assert_int_equal(riven_names_decode(d, n, &nm, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0);
    relic_buf_free(&re);
    relic_buf_free(&f);
}

static void test_card_nested_switch(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("riven/card_switch.bin", &f);
    riven_card c;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(riven_card_decode(f.data, f.len, &c, &err), RELIC_OK);
    const riven_script *s = &c.script;
    assert_int_equal(s->size, f.len - 4); /* every byte consumed */
    assert_int_equal(s->nhandlers, 1);
    assert_int_equal(s->handlers[0].event, 6);
    assert_int_equal(s->handlers[0].ncmds, 3);
    const riven_cmd *top = &s->cmds[s->handlers[0].first_cmd];
    assert_int_equal(top[0].op, 7);
    assert_int_equal(s->args[top[0].args + 1], 5);
    assert_int_equal(top[1].op, 8);
    assert_int_equal(top[1].ncases, 2);
    assert_int_equal(top[2].op, 27);
    assert_int_equal(s->args[top[2].args + 2], 2);
    const riven_case *k = &s->cases[top[1].first_case];
    assert_int_equal(k[0].value, 5);
    assert_int_equal(k[1].value, RIVEN_SWITCH_DEFAULT);
    assert_int_equal(k[1].ncmds, 0);
    const riven_cmd *inner = &s->cmds[k[0].first_cmd];
    assert_int_equal(inner->op, 8);
    const riven_case *k2 = &s->cases[inner->first_case];
    assert_int_equal(k2->value, 0xffff);
    assert_int_equal(s->cmds[k2->first_cmd].op, 9);
    assert_int_equal(s->args[s->cmds[k2->first_cmd].args], 3);
    relic_buf re = RELIC_BUF_INIT;
    assert_int_equal(riven_card_encode(&c, &re, NULL), RELIC_OK);
    assert_int_equal(re.len, f.len);
    assert_memory_equal(re.data, f.data, f.len);
    riven_card_free(&c);
    /* Every truncation is an error, never a crash. */
    for (size_t cut = 0; cut < f.len; cut++)
        assert_int_not_equal(riven_card_decode(f.data, cut, &c, &err), RELIC_OK);
    relic_buf_free(&re);
    relic_buf_free(&f);
}

static void test_script_malformed(void **state)
{
    (void)state;
    relic_err err;
    relic_err_clear(&err);
    riven_card c;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("riven/bad_switch.bin", &f);
    assert_int_equal(riven_card_decode(f.data, f.len, &c, &err), RELIC_EDATA);
    assert_string_equal(err.msg, "switch without branches");
    assert_int_equal(err.offset, 10 + 6);
    relic_buf_reset(&f);
    test_fixture("riven/bad_trunc.bin", &f);
    assert_int_equal(riven_card_decode(f.data, f.len, &c, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 12);
    assert_non_null(strstr(err.msg, "argument count 9"));
    uint8_t d[64];
    size_t n = test_hex("00 01 00 06 00 01  00 1b 00 02 00 01 00 02", d, sizeof d); /* 27 with 2 args */
    riven_script s;
    assert_int_equal(riven_script_decode(d, n, 0, &s, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 8);
    n = test_hex("00 01 00 06 00 01  00 08 00 03 00 01 00 01", d, sizeof d); /* switch argc 3 */
    assert_int_equal(riven_script_decode(d, n, 0, &s, &err), RELIC_EDATA);
    n = test_hex("00 01 00 06 ff ff", d, sizeof d); /* count too large */
    assert_int_equal(riven_script_decode(d, n, 0, &s, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 4);
    /* A script with trailing bytes reports its own size. */
    n = test_hex("00 01 00 09 00 01  00 13 00 00  de ad", d, sizeof d);
    assert_int_equal(riven_script_decode(d, n, 0, &s, &err), RELIC_OK);
    assert_int_equal(s.size, 10);
    riven_script_free(&s);
    relic_buf_free(&f);
}

static void test_hotspots(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("riven/hspt_one.bin", &f);
    riven_hotspots h;
    assert_int_equal(riven_hotspots_decode(f.data, f.len, &h, NULL), RELIC_OK);
    assert_int_equal(h.count, 1);
    assert_int_equal(h.items[0].blst_id, 1);
    assert_int_equal(h.items[0].right, 110);
    assert_int_equal(h.items[0].cursor, 2002);
    assert_int_equal(h.items[0].script.size, 12);
    relic_buf re = RELIC_BUF_INIT;
    assert_int_equal(riven_hotspots_encode(&h, &re, NULL), RELIC_OK);
    assert_int_equal(re.len, f.len);
    assert_memory_equal(re.data, f.data, f.len);
    riven_hotspots_free(&h);
    relic_err err;
    relic_err_clear(&err);
    for (size_t cut = 0; cut < f.len; cut++)
        assert_int_equal(riven_hotspots_decode(f.data, cut, &h, &err), RELIC_EDATA);
    relic_buf_free(&re);
    relic_buf_free(&f);
}

static void test_lists(void **state)
{
    (void)state;
    uint8_t d[128];
    /* PLST: 2 records: (1, bmp 10, 0,0,608,392) (2, bmp 11, 5,6,7,8) */
    size_t n = test_hex("00 02 00 01 00 0a 00 00 00 00 02 60 01 88 00 02 00 0b 00 05 00 06 00 07 00 08", d, sizeof d);
    riven_list l;
    assert_int_equal(riven_list_decode(RIVEN_PLST, d, n, &l, NULL), RELIC_OK);
    assert_int_equal(l.count, 2);
    assert_int_equal(l.values[4], 608);
    assert_string_equal(riven_list_desc_of(RIVEN_PLST)->fields[1], "bitmap");
    relic_buf re = RELIC_BUF_INIT;
    assert_int_equal(riven_list_encode(&l, &re, NULL), RELIC_OK);
    assert_memory_equal(re.data, d, n);
    riven_list_free(&l);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(riven_list_decode(RIVEN_MLST, d, n, &l, &err), RELIC_EDATA); /* 2 x 22 bytes don't fit */
    /* SLST: 1 record, index 1, 2 sounds (3, 4), fade 1, loop 1, volume 256, u0 0, u1 0,
     * volumes 256 128, balances -1 1, u2 0 0 */
    n = test_hex("00 01 00 01 00 02 00 03 00 04 00 01 00 01 01 00 00 00 00 00 01 00 00 80 ff ff 00 01 00 00 00 00", d,
                 sizeof d);
    riven_slst s;
    assert_int_equal(riven_slst_decode(d, n, &s, NULL), RELIC_OK);
    assert_int_equal(s.recs[0].nsounds, 2);
    assert_int_equal(s.recs[0].balances[0], -1);
    assert_int_equal(s.recs[0].volumes[1], 128);
    relic_buf_reset(&re);
    assert_int_equal(riven_slst_encode(&s, &re, NULL), RELIC_OK);
    assert_int_equal(re.len, n);
    assert_memory_equal(re.data, d, n);
    riven_slst_free(&s);
    assert_int_equal(riven_slst_decode(d, n - 1, &s, &err), RELIC_EDATA);
    /* Found by fuzzing: a bad sound count in a later record (the error used freed memory). */
    n = test_hex("00 02  00 00 00 00 00 00 00 00 00 00 00 00 00 00  00 02 ff ff  00 00 00 00 00 00 00 00 00 00", d,
                 sizeof d);
    assert_int_equal(riven_slst_decode(d, n, &s, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 18);
    assert_non_null(strstr(err.msg, "65535"));
    /* RMAP and VARS */
    n = test_hex("00 01 00 02 12 34 56 78", d, sizeof d);
    riven_rmap r;
    assert_int_equal(riven_rmap_decode(d, n, &r, NULL), RELIC_OK);
    assert_int_equal(r.codes[1], 0x12345678);
    riven_rmap_free(&r);
    assert_int_equal(riven_rmap_decode(d, 6, &r, &err), RELIC_EDATA);
    n = test_hex("00 00 00 01 00 00 00 00 00 00 00 07", d, sizeof d);
    riven_vars v;
    assert_int_equal(riven_vars_decode(d, n, &v, NULL), RELIC_OK);
    assert_int_equal(v.rec[0][2], 7);
    relic_buf_reset(&re);
    assert_int_equal(riven_vars_encode(&v, &re, NULL), RELIC_OK);
    assert_memory_equal(re.data, d, n);
    riven_vars_free(&v);
    assert_int_equal(riven_vars_decode(d, 11, &v, &err), RELIC_EDATA);
    relic_buf_free(&re);
}

static void test_save(void **state)
{
    (void)state;
    uint8_t names[64], vars[64], vers[4] = {0, 1, 0, 0}, zips[4] = {0, 0, 0, 0};
    /* NAME 1: "lamp", "Visits" (index: lamp, Visits) */
    size_t nn = test_hex("00 02 00 00 00 05 00 00 00 01 6c 61 6d 70 00 56 69 73 69 74 73 00", names, sizeof names);
    size_t nv = test_hex("00 00 00 01 00 00 00 00 00 00 00 03  00 00 00 02 00 00 00 01 00 00 00 07", vars, sizeof vars);
    const mhk_entry e[] = {
        {mhk_tag("VERS"), 1, NULL, vers, 4, 0},
        {mhk_tag("NAME"), 1, NULL, names, nn, 0},
        {mhk_tag("VARS"), 1, NULL, vars, nv, 0},
        {mhk_tag("ZIPS"), 1, NULL, zips, 4, 0},
    };
    relic_buf orig = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
    assert_int_equal(mhk_write(e, 4, &orig, NULL), RELIC_OK);
    riven_save sv;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(riven_save_decode(orig.data, orig.len, &sv, &err), RELIC_OK);
    assert_int_equal(sv.version, RIVEN_SAVE_VERSION_CD);
    uint32_t v = 0;
    assert_int_equal(riven_save_get(&sv, "visits", &v), 0);
    assert_int_equal(v, 7);
    /* Unchanged, the save rewrites to its own bytes. */
    assert_int_equal(riven_save_encode(orig.data, orig.len, &sv, &out, NULL), RELIC_OK);
    assert_int_equal(out.len, orig.len);
    assert_memory_equal(out.data, orig.data, orig.len);
    assert_int_equal(riven_save_set(&sv, "LAMP", 9, NULL), RELIC_OK);
    assert_int_equal(riven_save_set(&sv, "ghost", 1, &err), RELIC_EUSAGE);
    relic_buf_reset(&out);
    assert_int_equal(riven_save_encode(orig.data, orig.len, &sv, &out, NULL), RELIC_OK);
    riven_save_free(&sv);
    assert_int_equal(riven_save_decode(out.data, out.len, &sv, NULL), RELIC_OK);
    assert_int_equal(riven_save_get(&sv, "lamp", &v), 0);
    assert_int_equal(v, 9);
    assert_int_equal(sv.vars.rec[0][0], 1); /* the other fields are kept */
    riven_save_free(&sv);
    /* Not a save: no VARS */
    relic_buf_reset(&out);
    assert_int_equal(mhk_write(e, 2, &out, NULL), RELIC_OK);
    assert_int_equal(riven_save_decode(out.data, out.len, &sv, &err), RELIC_EDATA);
    assert_string_equal(err.msg, "not a Riven save (no VARS 1)");
    relic_buf_free(&out);
    relic_buf_free(&orig);
}

/* SFXE from explicit bytes (ScummVM riven_graphics.cpp layout): tag 'SL',
 * 2 frames, table at 0x1c, rect 10,20,110,120, speed 15, reserved bytes,
 * offsets 0x24 and 0x27, frame bytes to the end. */
static void test_sfxe(void **state)
{
    (void)state;
    uint8_t d[64];
    size_t n = test_hex("53 4c 00 02 00 00 00 1c 00 0a 00 14 00 6e 00 78 00 0f 00 00 00 00 00 00 00 00 00 00"
                        " 00 00 00 24 00 00 00 27  aa bb cc dd ee",
                        d, sizeof d);
    riven_sfxe x;
    relic_err err;
    relic_err_clear(&err);
    if (riven_sfxe_decode(d, n, &x, &err))
        fail_msg("%s at 0x%zx", err.msg, err.offset);
    assert_int_equal(x.frame_count, 2);
    assert_int_equal(x.right, 110);
    assert_int_equal(x.speed, 15);
    assert_int_equal(x.frame_offset[1], 0x27);
    assert_int_equal(x.frame_size[0], 3);
    assert_int_equal(x.frame_size[1], 2);
    riven_sfxe_free(&x);
    d[0x23] = 0x40; /* second frame past the end: the offset of its table entry */
    assert_int_equal(riven_sfxe_decode(d, n, &x, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0x20);
    d[0] = 'X';
    assert_int_equal(riven_sfxe_decode(d, n, &x, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0);
    assert_int_equal(riven_sfxe_decode(d, 10, &x, &err), RELIC_EDATA);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_card_nested_switch),
        cmocka_unit_test(test_script_malformed),
        cmocka_unit_test(test_hotspots),
        cmocka_unit_test(test_lists),
        cmocka_unit_test(test_save),
        cmocka_unit_test(test_sfxe),
    };
    return cmocka_run_group_tests_name("riven_formats", tests, NULL, NULL);
}
