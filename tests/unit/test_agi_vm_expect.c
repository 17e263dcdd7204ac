/* The input script's checkpoints ("CYCLE expect ...", libvm/agi/vm/vm_expect.c):
 * every kind parsed, malformed lines refused with their line number, and
 * each kind checked against a VM's state, holding and not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_vm.h"
#include "agi_vm_support.h"

static void parse_ok_len(const char *text, size_t len, agi_input_script *s)
{
    relic_err err;
    relic_err_clear(&err);
    if (agi_input_parse(text, len, s, &err))
        fail_msg("parse: %s", err.msg);
}

static void parse_ok(const char *text, agi_input_script *s) { parse_ok_len(text, strlen(text), s); }

static void test_parse_kinds(void **state)
{
    (void)state;
    agi_input_script s;
    parse_ok("# a walkthrough\n"
             "40 expect score 3\n"
             "10 key enter\n"
             "12 expect room 5   # the meadow\n"
             "40 expect flag 12 set\n"
             "40 expect flag 255 clear\n"
             "12 expect var 200 17\n"
             "50 expect has 3\n"
             "50 expect has Brass Key\n"
             "50 expect has \"rope\"\n"
             "60 expect message \"You see a \\\"door\\\" # here\"\n"
             "61 expect message none\n",
             &s);
    assert_int_equal(s.count, 1);
    assert_int_equal(s.expect_count, 10);
    /* cycle order, then line order */
    assert_int_equal(s.expect[0].kind, AGI_EXPECT_ROOM);
    assert_int_equal(s.expect[0].value, 5);
    assert_int_equal(s.expect[0].line, 4);
    assert_int_equal(s.expect[1].kind, AGI_EXPECT_VAR);
    assert_int_equal(s.expect[1].number, 200);
    assert_int_equal(s.expect[1].value, 17);
    assert_int_equal(s.expect[2].kind, AGI_EXPECT_SCORE);
    assert_int_equal(s.expect[2].line, 2);
    assert_int_equal(s.expect[3].kind, AGI_EXPECT_FLAG);
    assert_int_equal(s.expect[3].value, 1);
    assert_int_equal(s.expect[4].number, 255);
    assert_int_equal(s.expect[4].value, 0);
    assert_int_equal(s.expect[5].kind, AGI_EXPECT_HAS);
    assert_int_equal(s.expect[5].number, 3);
    assert_null(s.expect[5].text);
    assert_string_equal(s.expect[6].text, "Brass Key");
    assert_string_equal(s.expect[7].text, "rope");
    assert_int_equal(s.expect[8].kind, AGI_EXPECT_MESSAGE);
    assert_string_equal(s.expect[8].text, "You see a \"door\" # here");
    assert_int_equal(s.expect[9].kind, AGI_EXPECT_NO_MESSAGE);
    char d[80];
    agi_expect_describe(&s.expect[3], d, sizeof d);
    assert_string_equal(d, "flag 12 set");
    agi_expect_describe(&s.expect[6], d, sizeof d);
    assert_string_equal(d, "has \"Brass Key\"");
    agi_input_free(&s);
    assert_null(s.expect);
}

static void test_parse_malformed(void **state)
{
    (void)state;
    const char *bad[] = {"1 expect\n",
                         "1 expect room\n",
                         "1 expect room 256\n",
                         "1 expect room five\n",
                         "1 expect room 5 6\n",
                         "1 expect score -1\n",
                         "1 expect flag 3\n",
                         "1 expect flag 3 on\n",
                         "1 expect flag 300 set\n",
                         "1 expect var 3\n",
                         "1 expect var 3 4 5\n",
                         "1 expect var 3 x\n",
                         "1 expect has\n",
                         "1 expect has \"\"\n",
                         "1 expect has \"rope\n",
                         "1 expect message hello\n",
                         "1 expect message \"hello\n",
                         "1 expect message \"a\" b\n",
                         "1 expect weather fine\n",
                         "x expect room 1\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        agi_input_script s;
        relic_err err;
        relic_err_clear(&err);
        char text[80];
        snprintf(text, sizeof text, "5 key enter\n%s", bad[i]);
        if (agi_input_parse(text, strlen(text), &s, &err) != RELIC_EDATA)
            fail_msg("accepted: %s", bad[i]);
        assert_non_null(strstr(err.msg, "line 2"));
        assert_int_equal(err.offset, 12); /* the line's first byte */
        assert_null(s.expect);
        assert_int_equal(s.expect_count, 0);
    }
}

static int holds(const agi_vm *vm, const char *line, char *found, size_t len)
{
    agi_input_script s;
    parse_ok(line, &s);
    assert_int_equal(s.expect_count, 1);
    int ok = agi_vm_expect_holds(vm, &s.expect[0], found, len);
    agi_input_free(&s);
    return ok;
}

static void test_check_state(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new("2.936");
    test_vm_logic(vm, 0,
                  "if (v50 == 0) {\n  v50 = 1;\n  v0 = 7;\n  v3 = 12;\n  set(f40);\n"
                  "  print(\"A long line that the window\\nbreaks  in two.\");\n}\nreturn();");
    test_vm_run(vm, NULL, 1);
    char found[700];
    assert_true(holds(vm, "1 expect room 7\n", found, sizeof found));
    assert_false(holds(vm, "1 expect room 8\n", found, sizeof found));
    assert_string_equal(found, "room 7");
    assert_true(holds(vm, "1 expect score 12\n", found, sizeof found));
    assert_false(holds(vm, "1 expect score 13\n", found, sizeof found));
    assert_string_equal(found, "score 12");
    assert_true(holds(vm, "1 expect flag 40 set\n", found, sizeof found));
    assert_false(holds(vm, "1 expect flag 41 set\n", found, sizeof found));
    assert_string_equal(found, "flag 41 clear");
    assert_true(holds(vm, "1 expect var 50 1\n", found, sizeof found));
    assert_false(holds(vm, "1 expect var 50 2\n", found, sizeof found));
    assert_string_equal(found, "var 50 1");
    /* white space runs count as one space; a part of the text is enough */
    assert_true(holds(vm, "1 expect message \"window breaks in\"\n", found, sizeof found));
    assert_false(holds(vm, "1 expect message \"windows\"\n", found, sizeof found));
    assert_string_equal(found, "message \"A long line that the window breaks in two.\"");
    assert_false(holds(vm, "1 expect message none\n", found, sizeof found));
    /* no game: no items */
    assert_false(holds(vm, "1 expect has 1\n", found, sizeof found));
    assert_string_equal(found, "no item 1 (the game has 0)");
    assert_false(holds(vm, "1 expect has rope\n", found, sizeof found));
    assert_string_equal(found, "no item named \"rope\"");
    test_vm_run(vm, "1 key enter\n", 2);
    assert_true(holds(vm, "2 expect message none\n", found, sizeof found));
    assert_false(holds(vm, "2 expect message \"A long\"\n", found, sizeof found));
    assert_string_equal(found, "no message window");
    agi_vm_free(vm);
}

/* "has" on a game with an OBJECT file: the sample game's brass key. */
static void test_check_items(void **state)
{
    (void)state;
    const char *b = getenv("BUILD");
    char path[512];
    snprintf(path, sizeof path, "%s/samples/relicdemo", b && *b ? b : "build");
    agi_fileset fs;
    agi_game game;
    relic_err err;
    relic_err_clear(&err);
    if (agi_fileset_read_dir(path, &fs, &err)) {
        print_message("# sample game not built (make samples): skipped\n");
        skip();
    }
    if (agi_game_open(&fs, NULL, &game, &err))
        fail_msg("%s: %s", path, err.msg);
    relic_buf in = RELIC_BUF_INIT;
    test_fixture("agi/relicdemo_expect.in", &in);
    agi_input_script s;
    parse_ok_len((const char *)in.data, in.len, &s); /* a file read is not NUL-terminated */
    relic_buf_free(&in);
    agi_vm_opts o = {.seed = s.seed};
    agi_vm *vm;
    if (agi_vm_new(&game, &o, &vm, &err))
        fail_msg("vm: %s", err.msg);
    char found[700];
    assert_false(holds(vm, "0 expect has \"brass key\"\n", found, sizeof found));
    assert_string_equal(found, "item 1 in room 2");
    /* every checkpoint of the fixture holds at its cycle */
    for (size_t i = 0; i < s.expect_count; i++) {
        if (agi_vm_run(vm, &s, s.expect[i].cycle, &err))
            fail_msg("run: %s", err.msg);
        if (!agi_vm_expect_holds(vm, &s.expect[i], found, sizeof found))
            fail_msg("line %u: found %s", s.expect[i].line, found);
    }
    assert_true(holds(vm, "0 expect has \"BRASS KEY\"\n", found, sizeof found));
    assert_true(holds(vm, "0 expect has 1\n", found, sizeof found));
    assert_false(holds(vm, "0 expect has lamp\n", found, sizeof found));
    assert_string_equal(found, "no item named \"lamp\"");
    agi_vm_free(vm);
    agi_input_free(&s);
    agi_fileset_free(&fs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_kinds),
        cmocka_unit_test(test_parse_malformed),
        cmocka_unit_test(test_check_state),
        cmocka_unit_test(test_check_items),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
