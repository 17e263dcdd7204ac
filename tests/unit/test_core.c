/* Unit tests for libformats/core: the bounded cursor, buffers, errors and
 * the CP437 text mapping. */
#include <string.h>
#include "relic/buf.h"
#include "relic/cursor.h"
#include "relic/error.h"
#include "relic/text.h"
#include "relic/core.h"
#include "support.h"

static void test_cursor_reads_both_endians(void **state)
{
    (void)state;
    const uint8_t d[] = {0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc};
    relic_cur c = relic_cur_make(d, sizeof d, 0);
    assert_int_equal(relic_le16(&c), 0x3412);
    assert_int_equal(relic_be16(&c), 0x5678);
    relic_seek(&c, 0);
    assert_int_equal(relic_le32(&c), 0x78563412);
    relic_seek(&c, 0);
    assert_int_equal(relic_be32(&c), 0x12345678);
    relic_seek(&c, 3);
    assert_int_equal(relic_be24(&c), 0x789abc);
    assert_int_equal(relic_remaining(&c), 0);
    assert_int_equal(c.failed, 0);
}

static void test_cursor_error_is_sticky_with_offset(void **state)
{
    (void)state;
    const uint8_t d[] = {1, 2, 3};
    relic_cur c = relic_cur_make(d, sizeof d, 0x100);
    assert_int_equal(relic_u8(&c), 1);
    assert_int_equal(relic_le32(&c), 0); /* only two bytes remain */
    assert_int_equal(c.failed, 1);
    assert_int_equal(relic_u8(&c), 0); /* still failed, even though a byte remains */
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(relic_cur_check(&c, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0x101); /* where the short read began, absolute */
}

static void test_cursor_sub_windows(void **state)
{
    (void)state;
    const uint8_t d[] = {0, 1, 2, 3, 4, 5};
    relic_cur c = relic_cur_make(d, sizeof d, 10);
    relic_cur s = relic_sub(&c, 2, 3);
    assert_int_equal(relic_u8(&s), 2);
    assert_int_equal(relic_tell(&s), 13);
    relic_skip(&s, 2);
    assert_int_equal(s.failed, 0);
    relic_u8(&s);
    assert_int_equal(s.failed, 1);
    assert_int_equal(c.failed, 0);
    relic_cur bad = relic_sub(&c, 4, 3); /* past the end */
    assert_int_equal(bad.failed, 1);
    assert_int_equal(c.failed, 1);
    assert_null(relic_bytes(&bad, 1));
}

static void test_cursor_seek_past_end_fails(void **state)
{
    (void)state;
    const uint8_t d[] = {0};
    relic_cur c = relic_cur_make(d, 1, 0);
    relic_seek(&c, 1);
    assert_int_equal(c.failed, 0);
    relic_seek(&c, 2);
    assert_int_equal(c.failed, 1);
}

static void test_buf_grows_and_patches(void **state)
{
    (void)state;
    relic_buf b = RELIC_BUF_INIT;
    for (int i = 0; i < 1000; i++)
        relic_buf_u8(&b, (uint8_t)i);
    relic_buf_le16(&b, 0x1234);
    relic_buf_be16(&b, 0x1234);
    relic_buf_le32(&b, 0xdeadbeef);
    relic_buf_put_le16(&b, 0, 0xabcd);
    relic_buf_put_le16(&b, b.len, 1); /* out of range: ignored */
    assert_int_equal(b.len, 1008);
    assert_int_equal(b.data[0], 0xcd);
    assert_int_equal(b.data[1], 0xab);
    assert_memory_equal(b.data + 1000, "\x34\x12\x12\x34\xef\xbe\xad\xde", 8);
    relic_buf_printf(&b, "%d-%s", 42, "x");
    assert_memory_equal(b.data + 1008, "42-x", 4);
    assert_int_equal(relic_buf_check(&b, NULL), RELIC_OK);
    size_t n;
    uint8_t *p = relic_buf_take(&b, &n);
    assert_int_equal(n, 1012);
    assert_null(b.data);
    free(p);
}

static void test_err_format(void **state)
{
    (void)state;
    relic_err e;
    relic_err_clear(&e);
    relic_err_set(&e, RELIC_EDATA, 0x1f, "bad %s", "thing");
    relic_err_file(&e, "VOL.0");
    relic_err_file(&e, "other"); /* first name wins */
    char line[256];
    relic_err_format(&e, line, sizeof line);
    assert_string_equal(line, "VOL.0: bad thing (offset 0x1f)");
    relic_err_set(&e, RELIC_EIO, RELIC_NO_OFFSET, "gone");
    relic_err_format(&e, line, sizeof line);
    assert_string_equal(line, "VOL.0: gone");
}

static void test_cp437_round_trips_every_byte(void **state)
{
    (void)state;
    uint8_t all[256];
    for (int i = 0; i < 256; i++)
        all[i] = (uint8_t)i;
    relic_buf u = RELIC_BUF_INIT, back = RELIC_BUF_INIT;
    relic_cp437_to_utf8(all, 256, &u);
    assert_int_equal(relic_utf8_to_cp437((const char *)u.data, u.len, &back), -1);
    assert_int_equal(back.len, 256);
    assert_memory_equal(back.data, all, 256);
    relic_buf_reset(&u);
    relic_cp437_to_utf8((const uint8_t *)"\x82\xc9", 2, &u); /* e-acute, box corner */
    assert_memory_equal(u.data, "\xc3\xa9\xe2\x95\x94", 5);
    relic_buf_reset(&back);
    assert_int_equal(relic_utf8_to_cp437("ok\xe2\x82\xac", 5, &back), 2); /* euro sign: not CP437 */
    relic_buf_free(&u);
    relic_buf_free(&back);
}

static void test_alloc_and_grow(void **state)
{
    (void)state;
    void *z = relic_alloc_array(0, 8);
    assert_non_null(z); /* a zero count is not a failure */
    free(z);
    assert_null(relic_alloc_array(SIZE_MAX / 2, 4)); /* overflow, not a short block */
    assert_null(relic_calloc_array(SIZE_MAX / 2, 4));
    uint32_t *v = NULL;
    size_t cap = 0;
    assert_int_equal(relic_grow((void **)&v, &cap, 1, sizeof *v, 16), 0);
    assert_int_equal(cap, 16);
    assert_int_equal(relic_grow((void **)&v, &cap, 17, sizeof *v, 16), 0);
    assert_int_equal(cap, 32);
    assert_int_equal(relic_grow((void **)&v, &cap, 5, sizeof *v, 16), 0);
    assert_int_equal(cap, 32);
    assert_int_equal(relic_grow((void **)&v, &cap, SIZE_MAX / 2, sizeof *v, 16), -1);
    assert_int_equal(cap, 32); /* unchanged on failure */
    free(v);
}

static void test_raw_endian_helpers(void **state)
{
    (void)state;
    uint8_t b[4];
    relic_wr_le32(b, 0x12345678u);
    assert_int_equal(b[0], 0x78);
    assert_int_equal(relic_rd_be32(b), 0x78563412u);
    relic_wr_be16(b, 0xabcd);
    assert_int_equal(relic_rd_le16(b), 0xcdab);
    assert_int_equal(relic_rd_be16(b), 0xabcd);
    relic_wr_le16(b + 2, 0x0102);
    assert_int_equal(relic_rd_le32(b), 0x0102cdabu);
    relic_wr_be32(b, 1);
    assert_int_equal(b[3], 1);
    int a[7];
    assert_int_equal(RELIC_COUNTOF(a), 7);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cursor_reads_both_endians),
        cmocka_unit_test(test_cursor_error_is_sticky_with_offset),
        cmocka_unit_test(test_cursor_sub_windows),
        cmocka_unit_test(test_cursor_seek_past_end_fails),
        cmocka_unit_test(test_buf_grows_and_patches),
        cmocka_unit_test(test_err_format),
        cmocka_unit_test(test_cp437_round_trips_every_byte),
        cmocka_unit_test(test_alloc_and_grow),
        cmocka_unit_test(test_raw_endian_helpers),
    };
    // clang-format on
    return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
