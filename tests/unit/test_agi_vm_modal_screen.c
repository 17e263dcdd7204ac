/* What is on the screen while a cycle waits on a modal: AGI 2.936's
 * draw() and erase() reach the screen when they run, so a print after an
 * erase in the same cycle shows the room without the object (found by the
 * DOSBox oracle on demoquest's walkthrough: room 7 erases the car, then
 * prints "Whoa!  You are going through time."; tests/corpus/agi_oracle/
 * README.md, "Walkthroughs").  relic queues the cycle's redraws while the
 * screen is kept apart from the frame (after a configure.screen or a
 * stopped object's change); they now reach it when the modal opens. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_vm.h"
#include "agi_vm_support.h"

static uint8_t screen[AGI_SCREEN_W * AGI_SCREEN_H];

static void test_erase_before_print(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_square(vm, 0);
    /* configure.screen after show.pic keeps the screen apart from the
     * frame; o1 stands at picture x 4-7, rows 160-163 (screen rows 168-171) */
    test_vm_logic(vm, 0,
                  "if (isset(f5)) {\n  show.pic();\n  configure.screen(1, 22, 0);\n"
                  "  animate.obj(o1);\n  set.view(o1, 0);\n  position(o1, 4, 163);\n  draw(o1);\n}\n"
                  "if (v50 == 3) {\n  erase(o1);\n  print(\"Whoa!\");\n}\nv50++;\nreturn();");
    test_vm_run(vm, NULL, 3);
    test_vm_draw(vm, screen);
    assert_int_equal(test_px(screen, 2 * 5, 170), 1); /* o1 shown */
    test_vm_run(vm, NULL, 5);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_MESSAGE);
    test_vm_draw(vm, screen);
    assert_int_equal(test_px(screen, 2 * 5, 170), 15); /* gone under the waiting window */
    agi_vm_free(vm);
}

/* A picture behind the first message window (issue 28, part 3; probes W
 * and W2 under 2.936): a print between the picture's drawing and show.pic
 * shows the screen as it was, black at the start, around the window; a
 * show.pic with a window left up (f15) takes the window away and shows
 * the picture where it stood. */
static void test_picture_behind_first_window(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    memset(vm->pic_vis, 2, sizeof vm->pic_vis); /* what draw.pic drew, not shown yet */
    test_vm_logic(vm, 0,
                  "if (v50 == 0) {\n  v50 = 1;\n  print(\"Hi\");\n}\n"
                  "if (v50 == 2) {\n  v50 = 3;\n  set(f15);\n  print(\"Hi\");\n  show.pic();\n}\n"
                  "if (v50 == 1) {\n  v50 = 2;\n}\nreturn();");
    test_vm_run(vm, NULL, 1);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_MESSAGE);
    test_vm_draw(vm, screen);
    assert_int_equal(test_px(screen, 4, 100), 0);   /* black around the window */
    assert_int_equal(test_px(screen, 160, 84), 15); /* the window's white */
    test_vm_run(vm, "1 key enter\n", 4);
    assert_int_equal(vm->vars[50], 3);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_NONE);
    test_vm_draw(vm, screen);
    assert_int_equal(test_px(screen, 160, 84), 2); /* the window gone, the picture */
    assert_int_equal(test_px(screen, 4, 100), 2);
    agi_vm_free(vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_erase_before_print),
        cmocka_unit_test(test_picture_behind_first_window),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
