/* Keys the input line's editor takes, as AGI 2.936 shows them under
 * DOSBox (tests/corpus/agi_oracle/README.md, probe K): every key not
 * mapped goes in as its low byte (an F-key as a NUL drawn blank, Esc and
 * Tab as their glyphs), and after text.screen() the keys echo at the
 * top-left corner until Enter draws the input line again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_vm.h"
#include "agi_vm_support.h"

/* Row r's first n characters. */
static const char *row_text(const agi_vm *vm, unsigned r, unsigned n)
{
    static char t[41];
    memcpy(t, vm->txt->text[r], n);
    t[n] = 0;
    return t;
}

/* s0 ">", the cursor "_", the input line on row 23; F1 text.screen(). */
static agi_vm *keys_vm(void)
{
    agi_vm *vm = test_vm_new("2.936");
    test_vm_logic(vm, 0,
                  "if (v50 == 0) {\n  v50 = 1;\n  set.string(s0, \">\");\n  set.cursor.char(\"_\");\n"
                  "  accept.input();\n  set.key(0, 59, c1);\n}\n"
                  "if (controller(c1)) { text.screen(); }\nreturn();");
    return vm;
}

static void test_unmapped_keys_typed(void **state)
{
    (void)state;
    agi_vm *vm = keys_vm();
    const char *script = "2 key a\n3 key f3\n4 key b\n5 key esc\n6 key tab\n7 key backspace\n8 key backspace\n"
                         "9 key f4\n";
    test_vm_run(vm, script, 5);
    assert_string_equal(row_text(vm, 23, 5), ">a b_"); /* the NUL drawn blank */
    assert_int_equal(vm->input->input_len, 3);
    assert_int_equal(vm->input->input_line[1], 0);
    test_vm_run(vm, script, 7);
    assert_string_equal(row_text(vm, 23, 7), ">a b\x1b\x09_");
    test_vm_run(vm, script, 9);
    assert_string_equal(row_text(vm, 23, 6), ">a b_ ");
    assert_int_equal(vm->input->input_len, 3);
    test_vm_run(vm, script, 10);
    assert_string_equal(row_text(vm, 23, 6), ">a b _");
    assert_int_equal(vm->vars[19], 0); /* v19 keeps no NUL key */
    agi_vm_free(vm);
}

static void test_text_mode_echo(void **state)
{
    (void)state;
    agi_vm *vm = keys_vm();
    const char *script = "2 key f1\n3 key x\n4 key y\n5 key f3\n6 key z\n7 key backspace\n8 key enter\n";
    test_vm_run(vm, script, 7);
    assert_string_equal(row_text(vm, 0, 6), "xy z_ ");
    assert_string_equal(row_text(vm, 23, 3), "   ");
    test_vm_run(vm, script, 8);
    assert_string_equal(row_text(vm, 0, 6), "xy _  ");
    test_vm_run(vm, script, 9);
    assert_string_equal(row_text(vm, 0, 6), "xy    "); /* the corner's cursor gone */
    assert_string_equal(row_text(vm, 23, 3), ">_ ");
    agi_vm_free(vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unmapped_keys_typed),
        cmocka_unit_test(test_text_mode_echo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
