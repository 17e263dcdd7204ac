/* Unit tests for the SOUP386.DEF parser (SOUPDEF.md section layout) and
 * the built-in name tables. */
#include <string.h>
#include "relic/rgm_soupdef.h"
#include "support.h"

static void test_parse_fixture(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("redguard/mini.def", &f);
    soup_def d;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(soup_def_parse((const char *)f.data, f.len, &d, &err), RELIC_OK);
    assert_int_equal(d.nfn, 5);
    assert_string_equal(d.fn[0].name, "NullFunction");
    assert_string_equal(d.fn[1].name, "PushAnimation");
    assert_int_equal(d.fn[1].kind, SOUP_FN_TASK);
    assert_int_equal(d.fn[2].kind, SOUP_FN_FUNCTION);
    assert_int_equal(d.fn[3].kind, SOUP_FN_MULTITASK);
    assert_int_equal(d.fn[3].params, 7);
    assert_int_equal(soup_def_fn_find(&d, "rnd"), 2);
    assert_int_equal(d.nrefs, 2);
    assert_string_equal(d.refs[1], "health");
    assert_int_equal(d.nattrs, 2);
    assert_string_equal(d.attrs[1], "attr_weight");
    assert_int_equal(d.nequates, 2);
    assert_string_equal(d.equates[1].name, "LIMIT");
    assert_int_equal(d.equates[1].value, 9);
    assert_int_equal(d.nflags, 4);
    assert_int_equal(d.flags[0].type, SOUP_FLAG_NUMBER);
    assert_int_equal(d.flags[0].value, 1);
    assert_string_equal(d.flags[0].comment, "1 day");
    assert_int_equal(d.flags[1].type, SOUP_FLAG_BOOL);
    assert_string_equal(d.flags[2].comment, "a switch");
    assert_int_equal(d.flags[3].type, SOUP_FLAG_COUNTER);
    assert_int_equal(soup_def_flag_find(&d, "lever"), 2);
    soup_def_free(&d);
    relic_buf_free(&f);
}

static void test_parse_errors(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("redguard/bad_def_flag.def", &f);
    soup_def d;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(soup_def_parse((const char *)f.data, f.len, &d, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 38); /* start of the BOOL line */
    relic_buf_free(&f);
    const char *bad = "[functions]\ntask Wait 1\n";
    assert_int_equal(soup_def_parse(bad, strlen(bad), &d, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 12);
}

static void test_builtin(void **state)
{
    (void)state;
    soup_def d;
    assert_int_equal(soup_def_builtin(&d, NULL), RELIC_OK);
    assert_int_equal(d.nfn, 367);
    assert_int_equal(d.nflags, 369);
    assert_string_equal(d.fn[0].name, "NullFunction");
    assert_int_equal(soup_def_fn_find(&d, "PushAnimation"), 136);
    assert_int_equal(d.fn[136].params, 2);
    assert_int_equal(d.fn[136].kind, SOUP_FN_TASK);
    assert_int_equal(soup_def_fn_find(&d, "Rnd"), 102);
    /* The seed's six non-zero defaults, and nothing else non-zero. */
    static const char *const nz[] = {"TimeOfDay", "OB_TelV", "OB_TelH", "At_Shoals", "Rock_1_Down", "Rock_2_Down"};
    static const int32_t val[] = {1, 1, 12, 1, 1, 1};
    int nonzero = 0;
    for (size_t i = 0; i < d.nflags; i++)
        nonzero += d.flags[i].value != 0;
    assert_int_equal(nonzero, 6);
    for (int i = 0; i < 6; i++)
        assert_int_equal(d.flags[soup_def_flag_find(&d, nz[i])].value, val[i]);
    soup_def_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_fixture),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_builtin),
    };
    return cmocka_run_group_tests_name("rgm_soupdef", tests, NULL, NULL);
}
