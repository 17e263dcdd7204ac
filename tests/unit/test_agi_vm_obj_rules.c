/* Object rules of AGI 2.936 measured with probe games under DOSBox
 * (tests/corpus/agi_oracle/README.md, "The rules found"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_logic.h"
#include "relic/agi_view.h"
#include "relic/agi_vm.h"
#include "../../libvm/agi/vm_internal.h" /* the tests reach inside the VM */
#include "agi_vm_support.h"

/* A one-loop, one-cel view of a 4x4 square in colour 1 in slot n. */
static void vm_square(agi_vm *vm, unsigned n)
{
    static const uint8_t bytes[] = {0, 0, 1, 0, 0, 7, 0, 1, 3, 0, 4, 4, 0, 0x14, 0, 0x14, 0, 0x14, 0, 0x14, 0};
    agi_view *v = calloc(1, sizeof *v);
    relic_err err;
    relic_err_clear(&err);
    assert_non_null(v);
    if (agi_view_decode(bytes, sizeof bytes, vm->profile, v, &err))
        fail_msg("view: %s", err.msg);
    vm->res.view[n] = v;
}

/* reposition.to.v every cycle moves the object there, in room 1 as in
 * room 0, whatever its y. */
static void test_reposition_to_each_cycle(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_square(vm, 0);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reposition_to_each_cycle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
