/* Object rules of AGI 2.936 measured with probe games under DOSBox
 * (tests/corpus/agi_oracle/README.md, "The rules found"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_logic.h"
#include "relic/agi_view.h"
#include "relic/agi_vm.h"
#include "agi_vm_support.h"

/* A one-loop, one-cel view of a w x h block in colour c in slot n (w <= 15). */
static void vm_block(agi_vm *vm, unsigned n, uint8_t w, uint8_t h, uint8_t c)
{
    uint8_t bytes[256] = {0, 0, 1, 0, 0, 7, 0, 1, 3, 0};
    size_t k = 10;
    bytes[k++] = w;
    bytes[k++] = h;
    bytes[k++] = 15; /* transparent colour */
    for (unsigned y = 0; y < h; y++) {
        bytes[k++] = (uint8_t)(c << 4 | w);
        bytes[k++] = 0;
    }
    agi_view *v = calloc(1, sizeof *v);
    relic_err err;
    relic_err_clear(&err);
    assert_non_null(v);
    if (agi_view_decode(bytes, k, vm->profile, v, &err))
        fail_msg("view: %s", err.msg);
    vm->res->view[n] = v;
}

/* reposition.to.v every cycle moves the object there, in room 1 as in
 * room 0, whatever its y. */
static void test_reposition_to_each_cycle(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_square(vm, 0);
    test_vm_logic(vm, 0,
                  "if (isset(f5)) {\n  show.pic();\n"
                  "  animate.obj(o1);\n  set.view(o1, 0);\n  position(o1, 20, 100);\n  draw(o1);\n"
                  "  animate.obj(o2);\n  set.view(o2, 0);\n  position(o2, 20, 44);\n  draw(o2);\n"
                  "  v40 = 20;\n  v41 = 100;\n  v43 = 44;\n}\n"
                  "v40++;\nreposition.to.v(o1, v40, v41);\nreposition.to.v(o2, v40, v43);\nreturn();");
    test_vm_run(vm, NULL, 10);
    assert_int_equal(vm->obj[1].x, 30);
    assert_int_equal(vm->obj[2].x, 30);
    agi_vm_free(vm);
}

static uint8_t screen[AGI_SCREEN_W * AGI_SCREEN_H];

/* The colour of AGI pixel (x, y) on the screen (display base row 0). */
static uint8_t agi_px(unsigned x, unsigned y) { return screen[y * AGI_SCREEN_W + 2 * x]; }

/* position on a drawn object sets its previous position too: the redraw
 * copies the new rectangle only and the image at the old place stays, for
 * a walker and for a stopped object started again; 2.089 removes it. */
static void test_position_leaves_image(void **state)
{
    (void)state;
    static const char *const profiles[] = {NULL, "2.089"};
    for (unsigned k = 0; k < 2; k++) {
        agi_vm *vm = test_vm_new(profiles[k]);
        test_vm_square(vm, 0);
        test_vm_logic(vm, 0,
                      "if (isset(f5)) {\n  show.pic();\n"
                      "  animate.obj(o1);\n  set.view(o1, 0);\n  position(o1, 10, 50);\n  draw(o1);\n"
                      "  animate.obj(o2);\n  set.view(o2, 0);\n  position(o2, 10, 90);\n  draw(o2);\n"
                      "  stop.update(o2);\n}\n"
                      "v45++;\nif (v45 == 3) {\n  position(o1, 30, 50);\n  position(o2, 30, 90);\n"
                      "  start.update(o2);\n}\nreturn();");
        test_vm_run(vm, NULL, 6);
        test_vm_draw(vm, screen);
        assert_int_equal(agi_px(31, 49), 1); /* the new places */
        assert_int_equal(agi_px(31, 89), 1);
        assert_int_equal(agi_px(11, 49), k ? 15 : 1); /* the old ones */
        assert_int_equal(agi_px(11, 89), k ? 15 : 1);
        agi_vm_free(vm);
    }
}

/* erase copies the union of the rectangle last shown and the current one:
 * after reposition.to both places lose the display() text over them;
 * after position only the new one, and the old image stays. */
static void test_erase_union(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_square(vm, 0);
    test_vm_logic(vm, 0,
                  "if (isset(f5)) {\n  show.pic();\n"
                  "  animate.obj(o1);\n  set.view(o1, 0);\n  position(o1, 20, 47);\n  draw(o1);\n"
                  "  animate.obj(o2);\n  set.view(o2, 0);\n  position(o2, 60, 60);\n  draw(o2);\n}\n"
                  "v45++;\nif (v45 == 3) {\n  display(5, 0, \"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\");\n"
                  "  reposition.to(o1, 30, 47);\n  erase(o1);\n  position(o2, 70, 60);\n  erase(o2);\n}\n"
                  "return();");
    test_vm_run(vm, NULL, 6);
    test_vm_draw(vm, screen);
    for (unsigned x = 20; x < 34; x++) /* text row 5 is screen rows 40-47 */
        assert_int_equal(agi_px(x, 45), 15);
    assert_true(test_cell_is(screen, 5, 3, 'X', 15, 0)); /* left and right of the two */
    assert_true(test_cell_is(screen, 5, 12, 'X', 15, 0));
    assert_int_equal(agi_px(61, 58), 1); /* o2's image where it was */
    assert_int_equal(agi_px(71, 58), 15);
    agi_vm_free(vm);
}

/* Only animated objects are drawn, and the first animate.obj sets the
 * flag word anew: an object drawn before it is not drawn, ignore.horizon
 * and fix.loop given before it are lost. */
static void test_animate_sets_flags_anew(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_square(vm, 0);
    test_vm_logic(vm, 0,
                  "if (isset(f5)) {\n  show.pic();\n"
                  "  set.view(o1, 0);\n  position(o1, 10, 60);\n  draw(o1);\n"
                  "  set.view(o2, 0);\n  position(o2, 30, 60);\n  draw(o2);\n  animate.obj(o2);\n"
                  "  set.view(o3, 0);\n  position(o3, 50, 60);\n  draw(o3);\n  animate.obj(o3);\n  draw(o3);\n"
                  "  ignore.horizon(o4);\n  fix.loop(o4);\n  animate.obj(o4);\n  set.view(o4, 0);\n"
                  "  position(o4, 70, 20);\n  draw(o4);\n}\nreturn();");
    test_vm_run(vm, NULL, 3);
    test_vm_draw(vm, screen);
    assert_int_equal(agi_px(11, 59), 15); /* never animated */
    assert_int_equal(agi_px(31, 59), 15); /* animated after draw */
    assert_int_equal(vm->obj[2].drawn, 0);
    assert_int_equal(agi_px(51, 59), 1); /* drawn again after */
    assert_int_equal(vm->obj[4].y, vm->horizon + 1);
    assert_int_equal(vm->obj[4].fix_loop, 0);
    agi_vm_free(vm);
}

/* A fixed priority sorts as the first row of its band: an object fixed
 * at 6 (band 60-71) is drawn after a baseline-60 one of a lower number and
 * before one on row 62, whatever its own baseline. */
static void test_fixed_priority_draw_key(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_block(vm, 0, 6, 30, 1);
    vm_block(vm, 1, 6, 30, 4);
    test_vm_logic(vm, 0,
                  "if (isset(f5)) {\n  show.pic();\n"
                  "  animate.obj(o1);\n  set.view(o1, 0);\n  position(o1, 10, 60);\n  draw(o1);\n"
                  "  animate.obj(o2);\n  set.view(o2, 1);\n  position(o2, 13, 50);\n  set.priority(o2, 6);\n"
                  "  draw(o2);\n"
                  "  animate.obj(o3);\n  set.view(o3, 0);\n  position(o3, 30, 62);\n  draw(o3);\n"
                  "  animate.obj(o4);\n  set.view(o4, 1);\n  position(o4, 33, 66);\n  set.priority(o4, 6);\n"
                  "  draw(o4);\n}\nreturn();");
    test_vm_run(vm, NULL, 3);
    test_vm_draw(vm, screen);
    assert_int_equal(agi_px(14, 45), 4); /* o2 over o1 */
    assert_int_equal(agi_px(34, 55), 1); /* o3 over o4 */
    agi_vm_free(vm);
}

/* add.to.pic's priority box: a frame of the margin's control value from
 * the baseline up its priority band (rows 96-100 for a 10-row cel on row
 * 100; rows 144-150 on row 150); its rectangle reaches the screen at once,
 * over display() text. */
static void test_add_to_pic_box(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_block(vm, 0, 10, 10, 1);
    test_vm_logic(vm, 0,
                  "if (isset(f5)) {\n  show.pic();\n  display(5, 0, \"XXXXXXXXXXXXXXXXXXXX\");\n"
                  "  add.to.pic(0, 0, 0, 60, 100, 0, 0);\n  add.to.pic(0, 0, 0, 100, 150, 0, 1);\n"
                  "  add.to.pic(0, 0, 0, 20, 45, 0, 4);\n}\nreturn();");
    test_vm_run(vm, NULL, 2);
    const uint8_t *pri = vm->pic_pri;
    assert_int_equal(pri[100 * 160 + 64], 0); /* bottom */
    assert_int_equal(pri[96 * 160 + 64], 0);  /* top: the band's first row */
    assert_int_equal(pri[98 * 160 + 60], 0);  /* sides */
    assert_int_equal(pri[98 * 160 + 69], 0);
    assert_int_equal(pri[98 * 160 + 64], 9); /* inside: the cel's priority */
    assert_int_equal(pri[95 * 160 + 60], 9);
    assert_int_equal(pri[144 * 160 + 104], 1);
    assert_int_equal(pri[143 * 160 + 100], 13);
    assert_int_equal(pri[45 * 160 + 20], 4); /* margin 4: no box */
    test_vm_draw(vm, screen);
    assert_int_equal(agi_px(21, 41), 1); /* the cel over the text */
    assert_true(test_cell_is(screen, 5, 8, 'X', 15, 0));
    agi_vm_free(vm);
}

/* A stopped object's new view or place waits for a redraw; force.update
 * of any object redraws them all, at once. */
static void test_stopped_object_waits(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_block(vm, 0, 4, 4, 1);
    vm_block(vm, 1, 4, 4, 4);
    test_vm_logic(
        vm, 0,
        "if (isset(f5)) {\n  show.pic();\n"
        "  animate.obj(o1);\n  set.view(o1, 0);\n  position(o1, 10, 60);\n  draw(o1);\n  stop.update(o1);\n"
        "  animate.obj(o2);\n  set.view(o2, 0);\n  position(o2, 30, 60);\n  draw(o2);\n  stop.update(o2);\n"
        "  animate.obj(o3);\n  set.view(o3, 0);\n  position(o3, 50, 60);\n  draw(o3);\n  stop.update(o3);\n"
        "  animate.obj(o4);\n  set.view(o4, 0);\n  position(o4, 70, 60);\n  draw(o4);\n  stop.update(o4);\n}\n"
        "v45++;\nif (v45 == 3) {\n  set.view(o2, 1);\n  force.update(o3);\n  set.view(o1, 1);\n"
        "  reposition.to(o4, 70, 80);\n}\nreturn();");
    test_vm_run(vm, NULL, 6);
    test_vm_draw(vm, screen);
    assert_int_equal(agi_px(11, 59), 1); /* changed after the force.update: still the old view */
    assert_int_equal(agi_px(31, 59), 4); /* before it: shown */
    assert_int_equal(agi_px(71, 59), 1); /* still where it was */
    assert_int_equal(agi_px(71, 79), 15);
    agi_vm_free(vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reposition_to_each_cycle),
        cmocka_unit_test(test_position_leaves_image),
        cmocka_unit_test(test_erase_union),
        cmocka_unit_test(test_animate_sets_flags_anew),
        cmocka_unit_test(test_fixed_priority_draw_key),
        cmocka_unit_test(test_add_to_pic_box),
        cmocka_unit_test(test_stopped_object_waits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
