/* Unit tests for the Crash containers: EIDs, NSF chunks (checksum,
 * compressed chunks, entry tables, the chunk writer) and GOOL entries, on
 * the hand-packed fixtures of tests/fixtures/gool/make_fixtures.py. */
#include <string.h>
#include "relic/gool.h"
#include "relic/nsf.h"
#include "support.h"

static void test_eid_round_trip(void **state)
{
    (void)state;
    uint32_t eid = 0;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(nsf_eid_parse("CrabC", &eid, &err), RELIC_OK);
    assert_int_equal(eid, 0x4CD945CDu);
    char name[6];
    nsf_eid_name(0x4CD945CDu, name);
    assert_string_equal(name, "CrabC");
    nsf_eid_name(NSF_EID_NONE, name);
    assert_string_equal(name, "NONE!");
    assert_int_equal(nsf_eid_parse("NONE!", &eid, NULL), RELIC_OK);
    assert_int_equal(eid, NSF_EID_NONE);
    assert_true(nsf_eid_valid(eid));
    assert_false(nsf_eid_valid(0x4CD945CCu));
    assert_false(nsf_eid_valid(0x80000001u));
    assert_int_equal(nsf_eid_parse("Crab", &eid, &err), RELIC_EUSAGE);
    assert_int_equal(nsf_eid_parse("Cr-bC", &eid, &err), RELIC_EUSAGE);
}

static void test_checksum_known(void **state)
{
    (void)state;
    uint8_t *z = calloc(1, NSF_CHUNK_SIZE);
    /* An all-zero chunk only rotates the seed 65536 times: 3 * 65536 is a
     * multiple of 32, so the seed comes back unchanged. */
    assert_int_equal(nsf_chunk_checksum(z), 0x12345678u);
    z[12] = 0xFF; /* the checksum field itself is not summed */
    assert_int_equal(nsf_chunk_checksum(z), 0x12345678u);
    /* The last byte: 65535 rotations (29 bits net) before it is added,
     * one after. */
    z[NSF_CHUNK_SIZE - 1] = 1;
    uint32_t before = (0x12345678u >> 3) | (0x12345678u << 29);
    uint32_t want = ((before + 1) << 3) | ((before + 1) >> 29);
    assert_int_equal(nsf_chunk_checksum(z), want);
    free(z);
}

static void test_nsf_read_plain_and_compressed(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("gool/tiny.nsf", &f);
    nsf_file nsf;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(nsf_read(f.data, f.len, &nsf, &err), RELIC_OK);
    assert_int_equal(nsf.count, 2);
    assert_int_equal(nsf.bad_checksums, 0);
    assert_false(nsf.chunks[0].compressed);
    assert_true(nsf.chunks[1].compressed);
    assert_int_equal(nsf.chunks[1].file_offset, NSF_CHUNK_SIZE);
    assert_int_equal(nsf.chunks[0].id, 1);
    assert_int_equal(nsf.chunks[1].id, 3);
    assert_int_equal(nsf.chunks[0].checksum, nsf.chunks[0].computed);
    /* Same entries: only the id and the checksum differ. */
    assert_memory_equal(nsf.chunks[0].data + 16, nsf.chunks[1].data + 16, NSF_CHUNK_SIZE - 16);
    assert_int_equal(nsf.chunks[0].entry_count, 1);
    const nsf_entry *e = &nsf.chunks[1].entries[0];
    char name[6];
    nsf_eid_name(e->eid, name);
    assert_string_equal(name, "TestC");
    assert_int_equal(e->type, 11);
    assert_int_equal(e->item_count, 6);
    assert_int_equal(e->origin, NSF_CHUNK_SIZE + 24);
    assert_ptr_equal(nsf_find(&nsf, e->eid), &nsf.chunks[0].entries[0]);

    /* The writer packs the same entry into the same chunk, byte for byte. */
    relic_buf ent = RELIC_BUF_INIT;
    relic_buf_append(&ent, e->data, e->len);
    uint8_t *out = malloc(NSF_CHUNK_SIZE);
    assert_int_equal(nsf_chunk_build(0, 1, &ent, 1, out, &err), RELIC_OK);
    assert_memory_equal(out, nsf.chunks[0].data, NSF_CHUNK_SIZE);
    free(out);
    relic_buf_free(&ent);
    nsf_free(&nsf);
    relic_buf_free(&f);
}

static void test_nsf_bad(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    nsf_file nsf;
    relic_err err;
    relic_err_clear(&err);
    test_fixture("gool/bad_checksum.nsf", &f);
    assert_int_equal(nsf_read(f.data, f.len, &nsf, &err), RELIC_OK); /* reported, not fatal */
    assert_int_equal(nsf.bad_checksums, 1);
    assert_int_not_equal(nsf.chunks[0].checksum, nsf.chunks[0].computed);
    nsf_free(&nsf);
    relic_buf_free(&f);

    test_fixture("gool/bad_lz.nsf", &f);
    assert_int_equal(nsf_read(f.data, f.len, &nsf, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 12);
    assert_non_null(strstr(err.msg, "back reference"));
    relic_buf_free(&f);

    uint8_t junk[4] = {0x34, 0x12, 0, 0};
    assert_int_equal(nsf_read(junk, sizeof junk, &nsf, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0);
    junk[0] = 0x99;
    assert_int_equal(nsf_read(junk, sizeof junk, &nsf, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "magic"));
}

static void test_nsf_chunk_kinds(void **state)
{
    (void)state;
    uint8_t *c = calloc(1, NSF_CHUNK_SIZE);
    nsf_file nsf;
    relic_err err;
    relic_err_clear(&err);
    /* A texture chunk has no entry table: whatever sits there is pixels. */
    c[0] = 0x34, c[1] = 0x12, c[2] = 1, c[8] = 0xFF, c[9] = 0xFF;
    assert_int_equal(nsf_read(c, NSF_CHUNK_SIZE, &nsf, &err), RELIC_OK);
    assert_int_equal(nsf.chunks[0].type, 1);
    assert_int_equal(nsf.chunks[0].entry_count, 0);
    assert_int_equal(nsf.bad_checksums, 0); /* texture checksums are not checked */
    nsf_free(&nsf);
    /* The same table in a normal chunk is refused, with the offset. */
    c[2] = 0;
    assert_int_equal(nsf_read(c, NSF_CHUNK_SIZE, &nsf, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 8);
    /* An entry offset past the chunk end. */
    memset(c, 0, NSF_CHUNK_SIZE);
    c[0] = 0x34, c[1] = 0x12, c[8] = 1, c[16] = 24, c[20] = 0x01, c[22] = 0x01;
    assert_int_equal(nsf_read(c, NSF_CHUNK_SIZE, &nsf, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 20);
    assert_non_null(strstr(err.msg, "outside its chunk"));
    /* The writer refuses entries that do not fit. */
    relic_buf big[2] = {RELIC_BUF_INIT, RELIC_BUF_INIT};
    relic_buf_zeros(&big[0], 40000);
    relic_buf_zeros(&big[1], 40000);
    assert_int_equal(nsf_chunk_build(0, 1, big, 2, c, &err), RELIC_EDATA);
    assert_int_equal(nsf_chunk_build(0, 1, big, 1, c, &err), RELIC_OK);
    assert_int_equal(nsf_chunk_checksum(c), (uint32_t)(c[12] | c[13] << 8 | c[14] << 16 | (uint32_t)c[15] << 24));
    relic_buf_free(&big[0]);
    relic_buf_free(&big[1]);
    free(c);
}

static void test_gool_entry_round_trip(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("gool/tiny.nsentry", &f);
    gool_entry g;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(gool_entry_decode(f.data, f.len, 0, &g, &err), RELIC_OK);
    assert_int_equal(g.item_count, 6);
    assert_int_equal(g.hdr.id, 5);
    assert_int_equal(g.hdr.category, 0x300);
    assert_int_equal(g.hdr.stack_start, 0x40);
    assert_int_equal(g.hdr.eid_count, 1);
    assert_int_equal(g.code_len, 4);
    assert_int_equal(g.code[3], 0x8207C3FEu);
    assert_int_equal(g.pool_len, 2);
    assert_int_equal(g.pool[0], g.eid);
    assert_int_equal(g.map_len, 2);
    assert_int_equal(g.map[1], 0xFF);
    assert_int_equal(g.state_count, 1);
    assert_int_equal(g.states[0].event_pc, GOOL_PC_NONE);
    assert_int_equal(g.states[0].code_pc, 0);
    assert_true(gool_state_local(&g, &g.states[0]));
    assert_int_equal(g.anim_len, 8);
    relic_buf re = RELIC_BUF_INIT;
    assert_int_equal(gool_entry_encode(&g, &re, &err), RELIC_OK);
    assert_int_equal(re.len, f.len);
    assert_memory_equal(re.data, f.data, f.len);
    relic_buf_free(&re);
    gool_entry_free(&g);
    relic_buf_free(&f);
}

static void expect_bad(const char *fix, size_t offset, const char *what)
{
    relic_buf f = RELIC_BUF_INIT;
    test_fixture(fix, &f);
    gool_entry g;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(gool_entry_decode(f.data, f.len, 0, &g, &err), RELIC_EDATA);
    if (err.offset != offset || !strstr(err.msg, what))
        fail_msg("%s: got '%s' at 0x%zx, want '%s' at 0x%zx", fix, err.msg, err.offset, what, offset);
    relic_buf_free(&f);
}

static void test_gool_entry_malformed(void **state)
{
    (void)state;
    expect_bad("gool/bad_magic.nsentry", 0, "magic");
    expect_bad("gool/bad_order.nsentry", 24, "before it begins");
    expect_bad("gool/bad_past.nsentry", 40, "past the entry");
    expect_bad("gool/bad_pc.nsentry", 0x60 + 14, "code pc 9 past the code item");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eid_round_trip),
        cmocka_unit_test(test_checksum_known),
        cmocka_unit_test(test_nsf_read_plain_and_compressed),
        cmocka_unit_test(test_nsf_bad),
        cmocka_unit_test(test_nsf_chunk_kinds),
        cmocka_unit_test(test_gool_entry_round_trip),
        cmocka_unit_test(test_gool_entry_malformed),
    };
    return cmocka_run_group_tests_name("gool_format", tests, NULL, NULL);
}
