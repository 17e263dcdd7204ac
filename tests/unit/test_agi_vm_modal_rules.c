/* The interpreter's own windows as AGI 2.936 shows them (tests/corpus/
 * agi_oracle/README.md, "Interpreter windows", probe games under DOSBox):
 * a print with v21 set closes by itself after v21 half-seconds (20 Hz
 * ticks, 10 a unit) and v21 goes back to 0; version() shows the
 * interpreter's own text; restart.game's confirmation blanks the input
 * line's cursor while it is up; show.obj draws the cel and its
 * description. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_vm.h"
#include "agi_vm_support.h"

/* F1 runs the given actions (controller 1). */
static void vm_key(agi_vm *vm, const char *f1)
{
    char src[512];
    snprintf(src, sizeof src,
             "if (v50 == 0) {\n  v50 = 1;\n  set.key(0, 59, c1);\n}\n"
             "if (controller(c1)) { %s }\nreturn();",
             f1);
    test_vm_logic(vm, 0, src);
}

/* v21 4: 40 ticks; one tick a cycle (v10 0), two with v10 2. */
static void test_print_timed(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_key(vm, "v21 = 4; print(\"timed\"); v60 = 7;");
    test_vm_run(vm, "1 key f1\n", 30);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_MESSAGE);
    assert_int_equal(vm->vars[21], 0);
    assert_int_equal(vm->vars[60], 0);
    test_vm_run(vm, "1 key f1\n", 50);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_NONE);
    assert_int_equal(vm->vars[60], 7); /* the blocked cycle went on */
    agi_vm_free(vm);

    vm = test_vm_new(NULL);
    vm_key(vm, "v10 = 2; v21 = 4; print(\"timed\");");
    test_vm_run(vm, "1 key f1\n", 18);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_MESSAGE);
    test_vm_run(vm, "1 key f1\n", 26);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_NONE);
    agi_vm_free(vm);
}

/* Without v21 a print waits for a key however long. */
static void test_print_untimed(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_key(vm, "print(\"waits\");");
    test_vm_run(vm, "1 key f1\n", 400);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_MESSAGE);
    agi_vm_free(vm);
}

static uint8_t screen[AGI_SCREEN_W * AGI_SCREEN_H];

/* restart.game's confirmation blanks the input cursor while up and puts
 * it back after Esc; quit's keeps it. */
static void test_restart_cursor(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new("2.936");
    test_vm_logic(vm, 0,
                  "if (v50 == 0) {\n  v50 = 1;\n  set.string(s0, \">\");\n  set.cursor.char(\"_\");\n"
                  "  accept.input();\n  set.key(0, 59, c1);\n  set.key(0, 60, c2);\n}\n"
                  "if (controller(c1)) { restart.game(); }\nif (controller(c2)) { quit(0); }\nreturn();");
    const char *script = "2 key f1\n5 key esc\n7 key f2\n";
    test_vm_run(vm, script, 4);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_CONFIRM);
    agi_vm_render(vm);
    agi_vm_screen(vm, NULL, screen);
    assert_true(test_cell_is(screen, 23, 0, '>', 15, 0));
    assert_true(test_cell_solid(screen, 23, 1, 0));
    test_vm_run(vm, script, 6);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_NONE);
    agi_vm_render(vm);
    agi_vm_screen(vm, NULL, screen);
    assert_true(test_cell_is(screen, 23, 1, '_', 15, 0));
    test_vm_run(vm, script, 9);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_CONFIRM);
    agi_vm_render(vm);
    agi_vm_screen(vm, NULL, screen);
    assert_true(test_cell_is(screen, 23, 1, '_', 15, 0));
    agi_vm_free(vm);
}

/* get.priority reads the stored value (probe GP): 0 never drawn, the old
 * band on the cycle of a move, set.priority's after release.priority. */
static void test_get_priority_stored(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new("2.936");
    test_vm_square(vm, 0);
    vm_key(vm, "animate.obj(o2); set.view(o2, 0); position(o2, 40, 100); get.priority(o2, v40);"
               "animate.obj(o4); set.view(o4, 0); position(o4, 80, 100); draw(o4);"
               "position(o4, 80, 150); get.priority(o4, v42);"
               "set.priority(o2, 5); release.priority(o2); get.priority(o2, v43);");
    test_vm_run(vm, "1 key f1\n", 3);
    assert_int_equal(vm->vars[40], 0);
    assert_int_equal(vm->vars[42], 9);
    assert_int_equal(vm->vars[43], 5);
    agi_vm_free(vm);
}

static void test_version_text(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new("2.936");
    vm_key(vm, "version();");
    test_vm_run(vm, "1 key f1\n", 3);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_MESSAGE);
    assert_string_equal(vm->txt->window, "Adventure Game Interpreter\n      Version 2.936");
    agi_vm_free(vm);
}

/* show.obj (probes O and O2): the first cel with its bottom on row 167
 * from x (159 - w) / 2, the text under its rectangle gone; the
 * description in a window (none: the payload's first bytes to a NUL);
 * Enter takes both away and the cycle goes on. */
static void test_show_obj(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new("2.936");
    test_vm_square(vm, 3);
    vm->res->view[3]->description = (uint8_t *)strdup("A square.");
    vm_key(vm, "display(20, 19, \"ab\"); show.obj(3); v71 = 1;");
    test_vm_run(vm, "1 key f1\n3 key enter\n", 3);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_MESSAGE);
    assert_string_equal(vm->txt->window, "A square.");
    assert_int_equal(vm->vars[71], 0);
    agi_vm_render(vm);
    agi_vm_screen(vm, NULL, screen);
    assert_int_equal(screen[164 * AGI_SCREEN_W + 154], 1); /* x 77-80, y 164-167 */
    assert_int_equal(screen[167 * AGI_SCREEN_W + 161], 1);
    assert_int_not_equal(screen[164 * AGI_SCREEN_W + 153], 1);
    assert_int_not_equal(screen[163 * AGI_SCREEN_W + 154], 1);
    assert_int_equal(vm->txt->wiped[20][19][4], 0x3f); /* x 154-159 of the "a" cell */
    assert_int_equal(vm->txt->wiped[20][19][3], 0);
    test_vm_run(vm, "1 key f1\n3 key enter\n", 4);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_NONE);
    assert_int_equal(vm->vars[71], 1);
    agi_vm_render(vm);
    agi_vm_screen(vm, NULL, screen);
    assert_int_not_equal(screen[164 * AGI_SCREEN_W + 154], 1);
    assert_int_equal(vm->txt->wiped[20][19][4], 0x3f);
    agi_vm_free(vm);

    vm = test_vm_new("2.936");
    test_vm_square(vm, 3);
    vm->res->view[3]->reserved[0] = vm->res->view[3]->reserved[1] = 1;
    vm_key(vm, "show.obj(3);");
    test_vm_run(vm, "1 key f1\n", 3);
    assert_string_equal(vm->txt->window, "\x01\x01\x01");
    agi_vm_free(vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_print_timed),         cmocka_unit_test(test_print_untimed),
        cmocka_unit_test(test_version_text),        cmocka_unit_test(test_restart_cursor),
        cmocka_unit_test(test_get_priority_stored), cmocka_unit_test(test_show_obj),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
