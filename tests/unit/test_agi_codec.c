/* Unit tests for the AGI v3 payload transforms: dictionary (LZW) expansion
 * and compression, picture-nibble expansion and packing
 * (resource_containers.md, "Dictionary expansion", "Picture-nibble
 * expansion"). */
#include <string.h>
#include "relic/agi.h"
#include "../libformats/agi/agi_private.h"
#include "support.h"

static void test_lzw_hand_packed_stream(void **state)
{
    (void)state;
    relic_buf s = RELIC_BUF_INIT;
    test_fixture("agi/lzw_ababab.bin", &s); /* reset A B 0x102 0x104(next-code case) end */
    uint8_t out[7];
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_lzw_expand(s.data, s.len, out, sizeof out, &err), RELIC_OK);
    assert_memory_equal(out, "ABABABA", 7);
    relic_buf_free(&s);
}

static void test_lzw_code_beyond_dictionary(void **state)
{
    (void)state;
    relic_buf s = RELIC_BUF_INIT;
    test_fixture("agi/bad_lzw_code.bin", &s); /* reset A 0x1ff end */
    uint8_t out[16];
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_lzw_expand(s.data, s.len, out, sizeof out, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "beyond the dictionary"));
    assert_int_equal(err.offset, 2); /* third code starts at bit 18 */
    relic_buf_free(&s);
}

static void test_lzw_longer_than_declared(void **state)
{
    (void)state;
    relic_buf s = RELIC_BUF_INIT;
    test_fixture("agi/lzw_ababab.bin", &s);
    uint8_t out[7];
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_lzw_expand(s.data, s.len, out, 5, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "longer than the declared"));
    assert_int_equal(agi_lzw_expand(s.data, s.len, out, 7, &err), RELIC_OK);
    relic_buf_free(&s);
}

static void test_lzw_shorter_than_declared_and_truncated(void **state)
{
    (void)state;
    relic_buf s = RELIC_BUF_INIT;
    test_fixture("agi/lzw_ababab.bin", &s);
    uint8_t out[16];
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_lzw_expand(s.data, s.len, out, 9, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "header declares 9"));
    assert_int_equal(agi_lzw_expand(s.data, 3, out, 7, &err), RELIC_EDATA); /* cut mid-stream */
    assert_non_null(strstr(err.msg, "ends before the end code"));
    const uint8_t no_reset[] = {0x41, 0x00, 0x00};
    assert_int_equal(agi_lzw_expand(no_reset, sizeof no_reset, out, 1, &err), RELIC_EDATA);
    relic_buf_free(&s);
}

/* Round trips across width changes (0x200, 0x400) and dictionary resets. */
static void test_lzw_round_trip_sizes(void **state)
{
    (void)state;
    static uint8_t in[65535], out[65535];
    uint32_t seed = 12345;
    const size_t sizes[] = {0, 1, 2, 100, 1000, 5000, 20000, 65535};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        for (size_t i = 0; i < sizes[k]; i++) {
            seed = seed * 1103515245u + 12345u;
            /* half text-like runs, half noise */
            in[i] = (i / 300) % 2 ? (uint8_t)(seed >> 24) : (uint8_t)("the quick brown fox "[i % 20]);
        }
        relic_buf c = RELIC_BUF_INIT;
        agi_lzw_compress(in, sizes[k], &c);
        /* the counting run (the layout check's) says the same length */
        assert_int_equal(agi_lzw_compressed_len(in, sizes[k]), c.len);
        relic_err err;
        relic_err_clear(&err);
        assert_int_equal(agi_lzw_expand(c.data, c.len, out, sizes[k], &err), RELIC_OK);
        assert_memory_equal(out, in, sizes[k]);
        relic_buf_free(&c);
    }
}

/* agi_lzw_shrinks, which stops early, agrees with the full count on
 * noise, text, runs and mixes of them, at sizes around the width changes
 * and resets, including data that compresses to about its own length. */
static void test_lzw_shrinks_agrees(void **state)
{
    (void)state;
    static uint8_t in[40000];
    uint32_t seed = 777;
    const size_t sizes[] = {0, 1, 2, 3, 7, 64, 300, 480, 500, 505, 511, 515, 530, 1500, 4000, 9000, 40000};
    for (int mix = 0; mix < 6; mix++)
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            for (size_t i = 0; i < sizes[k]; i++) {
                seed = seed * 1103515245u + 12345u;
                uint8_t noise = (uint8_t)(seed >> 24), text = (uint8_t)("the quick brown fox "[i % 20]);
                /* mix 0 noise, 1 text, 2 one byte, 3-5 noise of 64, 32 and
                 * 16 symbols: about 1.1, 0.9-1.0 and 0.65-1.0 of its
                 * length, around the break-even point */
                uint8_t mask = mix == 3 ? 0x3f : mix == 4 ? 0x1f : 0x0f;
                in[i] = mix == 0 ? noise : mix == 1 ? text : mix == 2 ? 'x' : (uint8_t)(noise & mask);
            }
            int full = agi_lzw_compressed_len(in, sizes[k]) < sizes[k];
            assert_int_equal(agi_lzw_shrinks(in, sizes[k]), full);
        }
}

static void test_lzw_compresses_repetition(void **state)
{
    (void)state;
    static uint8_t in[30000];
    memset(in, 'x', sizeof in);
    relic_buf c = RELIC_BUF_INIT;
    agi_lzw_compress(in, sizeof in, &c);
    assert_true(c.len < 1000);
    relic_buf_free(&c);
}

static void test_picnibble_spec_example(void **state)
{
    (void)state;
    const uint8_t stored[] = {0xf0, 0xaf, 0x2b, 0xff};
    const uint8_t expanded[] = {0xf0, 0x0a, 0xf2, 0x0b, 0xff};
    uint8_t out[5];
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_picnibble_expand(stored, sizeof stored, out, sizeof out, &err), RELIC_OK);
    assert_memory_equal(out, expanded, 5);
    relic_buf p = RELIC_BUF_INIT;
    assert_int_equal(agi_picnibble_pack(expanded, sizeof expanded, &p), 1);
    assert_int_equal(p.len, 4); /* the spec's stored form exactly */
    assert_int_equal(agi_picnibble_packed_len(expanded, sizeof expanded), 4);
    assert_memory_equal(p.data, stored, 4);
    /* An odd nibble count is padded with a low zero nibble. */
    const uint8_t odd[] = {0xf0, 0x0a, 0xff};
    relic_buf_reset(&p);
    assert_int_equal(agi_picnibble_pack(odd, sizeof odd, &p), 1);
    assert_int_equal(p.len, 3);
    assert_int_equal(agi_picnibble_packed_len(odd, sizeof odd), 3);
    assert_memory_equal(p.data, "\xf0\xaf\xf0", 3);
    assert_int_equal(agi_picnibble_expand(p.data, p.len, out, 3, &err), RELIC_OK);
    assert_memory_equal(out, odd, 3);
    relic_buf_free(&p);
}

static void test_picnibble_malformed(void **state)
{
    (void)state;
    uint8_t out[8];
    relic_err err;
    relic_err_clear(&err);
    const uint8_t no_end[] = {0xf0, 0xaf, 0x2b};
    assert_int_equal(agi_picnibble_expand(no_end, sizeof no_end, out, sizeof out, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "before command 0xff"));
    const uint8_t ok[] = {0xf0, 0xaf, 0x2b, 0xff};
    assert_int_equal(agi_picnibble_expand(ok, sizeof ok, out, 3, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "longer than the declared"));
    assert_int_equal(agi_picnibble_expand(ok, sizeof ok, out, 8, &err), RELIC_EDATA);
}

static void test_picnibble_pack_refuses_lossy(void **state)
{
    (void)state;
    relic_buf p = RELIC_BUF_INIT;
    const uint8_t big_colour[] = {0xf0, 0x1a, 0xff};
    const uint8_t trailing[] = {0xf0, 0x01, 0xff, 0x00};
    const uint8_t no_end[] = {0xf0, 0x01};
    assert_int_equal(agi_picnibble_pack(big_colour, sizeof big_colour, &p), 0);
    assert_int_equal(agi_picnibble_pack(trailing, sizeof trailing, &p), 0);
    assert_int_equal(agi_picnibble_pack(no_end, sizeof no_end, &p), 0);
    assert_int_equal(p.len, 0);
    /* the length the layout check counts refuses the same streams */
    assert_int_equal(agi_picnibble_packed_len(big_colour, sizeof big_colour), 0);
    assert_int_equal(agi_picnibble_packed_len(trailing, sizeof trailing), 0);
    assert_int_equal(agi_picnibble_packed_len(no_end, sizeof no_end), 0);
    assert_int_equal(agi_picnibble_packed_len(no_end, 0), 0);
    relic_buf_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lzw_hand_packed_stream),
        cmocka_unit_test(test_lzw_code_beyond_dictionary),
        cmocka_unit_test(test_lzw_longer_than_declared),
        cmocka_unit_test(test_lzw_shorter_than_declared_and_truncated),
        cmocka_unit_test(test_lzw_round_trip_sizes),
        cmocka_unit_test(test_lzw_shrinks_agrees),
        cmocka_unit_test(test_lzw_compresses_repetition),
        cmocka_unit_test(test_picnibble_spec_example),
        cmocka_unit_test(test_picnibble_malformed),
        cmocka_unit_test(test_picnibble_pack_refuses_lossy),
    };
    return cmocka_run_group_tests_name("agi_codec", tests, NULL, NULL);
}
