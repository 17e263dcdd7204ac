/* Unit tests for the AGI decompiler's bounds (libvm/agi/lang/decompile.c):
 * deeply nested if blocks (logic_bytecode.md "Conditional blocks") cost
 * time linear in the depth up to AGI_DECOMPILE_MAX_DEPTH, the deepest the
 * bytecode can encode (so the decompiler's own error past it cannot be
 * reached from a valid payload), and 16,000 nested ifs are refused. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "relic/agi.h"
#include "relic/agi_logic.h"
#include "support.h"

/* n nested "if (have.key()) {" (ff 0d ff dd dd), a return inside, every
 * block ending at the same place, as a compiler makes them. */
static void nested_ifs(unsigned n, relic_buf *out)
{
    size_t len = (size_t)n * 5 + 1;
    uint8_t *code = malloc(len);
    assert_non_null(code);
    for (unsigned k = 0; k < n; k++) {
        uint8_t *p = code + (size_t)k * 5;
        size_t after = (size_t)(n - k - 1) * 5 + 1;
        p[0] = 0xff;
        p[1] = 0x0d;
        p[2] = 0xff;
        p[3] = (uint8_t)(after & 0xff);
        p[4] = (uint8_t)(after >> 8);
    }
    code[len - 1] = 0x00;
    relic_buf_reset(out);
    assert_int_equal(agi_logic_encode(code, len, NULL, 0, 1, out, NULL), RELIC_OK);
    free(code);
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static int decompile(unsigned n, relic_buf *src, relic_err *err, double *took)
{
    relic_buf p = RELIC_BUF_INIT;
    nested_ifs(n, &p);
    agi_logic_ctx ctx = {agi_profile_find("2.936"), NULL, NULL, 0, 0, 0};
    relic_buf_reset(src);
    relic_err_clear(err);
    double t0 = seconds();
    int rc = agi_logic_decompile(p.data, p.len, &ctx, src, err);
    *took = seconds() - t0;
    relic_buf_free(&p);
    return rc;
}

/* At the cap the output is whole: every block closes. */
static void test_depth_at_cap(void **state)
{
    (void)state;
    relic_buf src = RELIC_BUF_INIT;
    relic_err err;
    double took;
    assert_int_equal(decompile(AGI_DECOMPILE_MAX_DEPTH, &src, &err, &took), RELIC_OK);
    relic_buf_u8(&src, 0);
    size_t closes = 0;
    for (const char *s = (const char *)src.data; (s = strstr(s, "}\n")); s++)
        closes++;
    assert_int_equal(closes, AGI_DECOMPILE_MAX_DEPTH);
    relic_buf_free(&src);
}

/* Time linear in depth: 16 times the depth costs at most about 16 times
 * (a wide margin for a loaded machine; before the fix, full indentation
 * made it quadratic: 6,554 levels wrote 86 MB). */
static void test_depth_linear(void **state)
{
    (void)state;
    relic_buf src = RELIC_BUF_INIT;
    relic_err err;
    double small, big;
    unsigned n = AGI_DECOMPILE_MAX_DEPTH / 16;
    assert_int_equal(decompile(n, &src, &err, &small), RELIC_OK);
    size_t small_len = src.len;
    assert_int_equal(decompile(AGI_DECOMPILE_MAX_DEPTH, &src, &err, &big), RELIC_OK);
    print_message("# nested ifs: %u in %.4f s (%zu bytes), %u in %.4f s (%zu bytes)\n", n, small, small_len,
                  AGI_DECOMPILE_MAX_DEPTH, big, src.len);
    assert_true(src.len < small_len * 16 * 2);
    assert_true(big < 0.05 || big < small * 16 * 8);
    relic_buf_free(&src);
}

/* 16,000 nested ifs in source: the bytecode cannot hold them (the outer
 * block's displacement would exceed 32,767), so the compiler refuses them
 * with a clear error, at once. */
static void test_compile_16000_nested(void **state)
{
    (void)state;
    const unsigned n = 16000;
    relic_buf text = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
    for (unsigned i = 0; i < n; i++)
        relic_buf_append(&text, "if (have.key()) {\n", 18);
    relic_buf_append(&text, "return();\n", 10);
    for (unsigned i = 0; i < n; i++)
        relic_buf_append(&text, "}\n", 2);
    agi_compile_opts o = {agi_profile_find("2.936"), NULL, NULL, "deep.lgc", NULL, NULL, 0};
    relic_err err;
    relic_err_clear(&err);
    double t0 = seconds();
    int rc = agi_logic_compile((const char *)text.data, text.len, &o, &out, &err);
    double took = seconds() - t0;
    print_message("# compile of %u nested ifs: rc %d in %.4f s: %s\n", n, rc, took, err.msg);
    assert_int_not_equal(rc, RELIC_OK);
    assert_true(err.msg[0] != '\0');
    assert_true(took < 2.0);
    relic_buf_free(&text);
    relic_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_depth_at_cap),
        cmocka_unit_test(test_depth_linear),
        cmocka_unit_test(test_compile_16000_nested),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
