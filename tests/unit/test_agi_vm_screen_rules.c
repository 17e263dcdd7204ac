/* The screen as AGI 2.936 draws it, not as a state (tests/corpus/
 * agi_oracle/README.md, probe games under DOSBox): a configure.screen after
 * show.pic moves neither the picture nor the status line already drawn,
 * while objects redrawn later use the new base; display() text is lost
 * where an updated object is redrawn over it; the status line is drawn
 * when turned on and when the score or sound changes; the input line when
 * input is accepted and at each key, its prompt only at accept.input and
 * Enter, both again at new.room, and there is no cursor character before
 * set.cursor.char. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_logic.h"
#include "relic/agi_view.h"
#include "relic/agi_vm.h"
#include "agi_vm_support.h"

static uint8_t screen[AGI_SCREEN_W * AGI_SCREEN_H];

/* The picture stays on rows 0-20 and the status line on row 21 after
 * configure.screen(1, 22, 0); an object drawn after it sits on the new
 * base, and a moving one's path copies the picture shifted by a row.
 * In room 0 the walker needs its step size: objects get 1 at new.room. */
static void test_configure_after_show_pic(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_square(vm, 0);
    memset(vm->pic_vis + 60 * AGI_PIC_WIDTH, 2, AGI_PIC_WIDTH); /* a green line on picture row 60 */
    test_vm_logic(vm, 0,
                  "if (isset(f5)) {\n  show.pic();\n  status.line.on();\n  configure.screen(1, 22, 0);\n"
                  "  animate.obj(o1);\n  set.view(o1, 0);\n  position(o1, 10, 63);\n  draw(o1);\n"
                  "  v40 = 3;\n  set.dir(o1, v40);\n  v41 = 1;\n  step.size(o1, v41);\n"
                  "  animate.obj(o2);\n  set.view(o2, 0);\n  position(o2, 100, 80);\n  draw(o2);\n}\nreturn();");
    test_vm_run(vm, NULL, 6); /* 5 steps: none in the cycle of its draw */
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 21, 1, 'S', 0, 15)); /* the status line where it was drawn */
    assert_true(test_cell_solid(screen, 0, 1, 15));       /* the picture's row 0, no status line */
    assert_int_equal(test_px(screen, 200, 60), 2);        /* the picture unmoved */
    assert_int_equal(test_px(screen, 200, 68), 15);
    assert_int_equal(test_px(screen, 200, 86), 1); /* o2 on the new base: rows 77-80 + 8 */
    assert_int_equal(test_px(screen, 200, 78), 15);
    assert_int_equal(vm->obj[1].x, 15);
    assert_int_equal(test_px(screen, 2 * 12, 68), 2); /* o1's path: picture row 60 copied to screen row 68 */
    assert_int_equal(test_px(screen, 2 * 12, 60), 2);
    assert_int_equal(test_px(screen, 2 * 9, 68), 15); /* left of the path: unmoved */
    assert_int_equal(test_px(screen, 2 * 16, 70), 1); /* o1 itself, rows 60-63 + 8 */
    /* The next show.pic draws the picture from the new base. */
    test_vm_logic(vm, 0, "show.pic();\nreturn();");
    test_vm_run(vm, NULL, 7);
    test_vm_draw(vm, screen);
    assert_int_equal(test_px(screen, 200, 68), 2);
    assert_int_equal(test_px(screen, 200, 60), 15);
    agi_vm_free(vm);
}

/* Text under an updated object is lost where the object is redrawn: in its
 * old and new rectangles, pixel by pixel, also when it stands still; text
 * over an object that no longer updates stays (the walker's step size
 * set, as room 0 has none). */
static void test_display_wiped_by_object(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_square(vm, 0);
    test_vm_logic(vm, 0,
                  "if (isset(f5)) {\n  show.pic();\n  animate.obj(o1);\n  set.view(o1, 0);\n"
                  "  position(o1, 0, 83);\n  draw(o1);\n  v40 = 3;\n  set.dir(o1, v40);\n"
                  "  v41 = 1;\n  step.size(o1, v41);\n"
                  "  animate.obj(o2);\n  set.view(o2, 0);\n  position(o2, 20, 43);\n  draw(o2);\n"
                  "  animate.obj(o3);\n  set.view(o3, 0);\n  position(o3, 20, 123);\n  draw(o3);\n"
                  "  stop.update(o3);\n  display(5, 0, \"XXXXXXXX\");\n  display(10, 0, \"XXXXXXXX\");\n"
                  "  display(15, 0, \"XXXXXXXX\");\n}\nreturn();");
    test_vm_run(vm, NULL, 9); /* 8 steps: none in the cycle of its draw */
    test_vm_draw(vm, screen);
    assert_int_equal(vm->obj[1].x, 8);
    for (unsigned x = 0; x < 16; x++) /* o1's path, x 0-11 on rows 80-83: the white picture */
        for (unsigned y = 80; y < 84; y++)
            assert_int_equal(test_px(screen, x, y), 15);
    assert_int_equal(test_px(screen, 2 * 9, 81), 1); /* o1 now at x 8-11 */
    const uint8_t *gl = agi_vm_font + 8 * 'X';
    for (unsigned y = 4; y < 8; y++) /* the rows below its rectangle keep the text */
        for (unsigned x = 0; x < 8; x++)
            assert_int_equal(test_px(screen, x, 80 + y), (gl[y] & (0x80 >> x)) ? 15 : 0);
    assert_true(test_cell_is(screen, 10, 4, 'X', 15, 0)); /* ahead of it: untouched */
    assert_int_equal(test_px(screen, 2 * 21, 41), 1);     /* o2 standing: its rectangle shows it */
    assert_true(test_cell_is(screen, 5, 2, 'X', 15, 0));
    assert_true(test_cell_is(screen, 5, 7, 'X', 15, 0));
    assert_true(test_cell_is(screen, 15, 5, 'X', 15, 0)); /* o3 stopped updating: the text stays */
    agi_vm_free(vm);
}

/* The status line is drawn when turned on, with the maximum score of then,
 * and again when the score changes, on the status row of that moment. */
static void test_status_redraw(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "v41++;\nif (v41 == 1) { status.line.on(); v7 = 9; }\n"
                  "if (v41 == 2) { configure.screen(1, 22, 0); }\nif (v41 == 3) { v3 = 4; }\nreturn();");
    test_vm_run(vm, NULL, 2);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 21, 12, '0', 0, 15)); /* "Score:0 of 0" */
    assert_true(test_cell_solid(screen, 0, 1, 0));
    test_vm_run(vm, NULL, 3);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 21, 7, '0', 0, 15)); /* the old line stays */
    assert_true(test_cell_is(screen, 0, 7, '4', 0, 15));  /* "Score:4 of 9" on the new row */
    assert_true(test_cell_is(screen, 0, 12, '9', 0, 15));
    agi_vm_free(vm);
}

/* The input line: the prompt and cursor of accept.input; a key goes after
 * the prompt drawn with the cursor character of now; Enter draws the line
 * again with the prompt of now. */
static void test_input_redraw(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "if (isset(f5)) {\n  set.string(s0, \"A>\");\n  set.cursor.char(\"#\");\n  accept.input();\n"
                  "  set.string(s0, \"B>\");\n  set.cursor.char(\"_\");\n}\nreturn();");
    const char *script = "1 key x\n2 key enter\n";
    test_vm_run(vm, script, 1);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 0, 'A', 15, 0));
    assert_true(test_cell_is(screen, 23, 2, '#', 15, 0));
    test_vm_run(vm, script, 2);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 1, '>', 15, 0));
    assert_true(test_cell_is(screen, 23, 2, 'x', 15, 0));
    assert_true(test_cell_is(screen, 23, 3, '_', 15, 0));
    test_vm_run(vm, script, 3);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 0, 'B', 15, 0));
    assert_true(test_cell_is(screen, 23, 2, '_', 15, 0));
    assert_true(test_cell_solid(screen, 23, 3, 0));
    agi_vm_free(vm);
}

/* new.room draws the status line and the input line again, as they are
 * now: the maximum score, prompt, cursor and rows set after they were
 * drawn. */
static void test_new_room_redraws(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "if (isset(f5) && v0 == 0) {\n  status.line.on();\n  accept.input();\n  set.string(s0, \"N>\");\n"
                  "  set.cursor.char(\"_\");\n  configure.screen(1, 22, 0);\n  v7 = 7;\n  new.room(1);\n}\nreturn();");
    test_vm_logic(vm, 1, "return();");
    test_vm_run(vm, NULL, 1);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 0, 12, '7', 0, 15)); /* "Score:0 of 7" on row 0 */
    assert_true(test_cell_is(screen, 22, 0, 'N', 15, 0));
    assert_true(test_cell_is(screen, 22, 2, '_', 15, 0));
    agi_vm_free(vm);
}

/* Before set.cursor.char there is no cursor character. */
static void test_no_default_cursor(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "set.string(s0, \">\");\naccept.input();\nreturn();");
    test_vm_run(vm, NULL, 1);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 0, '>', 15, 0));
    assert_true(test_cell_solid(screen, 23, 1, 0));
    agi_vm_free(vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_configure_after_show_pic),
        cmocka_unit_test(test_display_wiped_by_object),
        cmocka_unit_test(test_status_redraw),
        cmocka_unit_test(test_input_redraw),
        cmocka_unit_test(test_no_default_cursor),
        cmocka_unit_test(test_new_room_redraws),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
