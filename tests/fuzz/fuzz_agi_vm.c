/* Fuzzes the AGI interpreter: the first byte picks the profile (so every
 * profile variant runs), the rest is the bytecode of logic 0 (the message
 * table is built around it), run for a few cycles with scripted events
 * (which also drive any modal the bytecode opens: windows, editors, menus,
 * selectors) under a small step budget in a VM without a game, with the
 * full screen drawn each cycle.  Every run must end in success or a
 * reported error, never a crash or a hang. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_vm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    unsigned np;
    const agi_profile *profiles = agi_profiles(&np);
    const agi_profile *prof = &profiles[data[0] % np];
    data++, size--;
    static char *msgs[2] = {"%v3 %s1 %w1 %m1 %g1 %o0", "hello"};
    relic_buf p = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (agi_logic_encode(data, size, msgs, 2, 1, &p, &err)) {
        relic_buf_free(&p);
        return 0;
    }
    agi_vm *vm;
    agi_vm_opts o = {.profile = prof, .seed = 7, .max_steps = 5000};
    if (agi_vm_new(NULL, &o, &vm, &err) == RELIC_OK) {
        agi_vm_install_logic(vm, 0, p.data, p.len, &err);
        agi_vm_install_logic(vm, 1, p.data, p.len, &err);
        // clang-format off
        agi_input_event ev[9] = {{1, AGI_IN_KEY, 0x0d, NULL},  {2, AGI_IN_DIR, 3, NULL},
                                 {3, AGI_IN_TYPE, 0, "look"},  {4, AGI_IN_KEY, 0x5000, NULL},
                                 {4, AGI_IN_KEY, 0x1b, NULL},  {5, AGI_IN_MENU, 1, NULL},
                                 {6, AGI_IN_KEY, 0x4d00, NULL}, {7, AGI_IN_KEY, 0x0d, NULL},
                                 {8, AGI_IN_TYPE, 0, "12"}};
        // clang-format on
        agi_input_script in = {.ev = ev, .count = 9, .cap = 9, .seed = 7, .have_seed = 1};
        static uint8_t screen[AGI_SCREEN_W * AGI_SCREEN_H];
        for (int i = 0; i < 10; i++) {
            relic_err_clear(&err);
            if (agi_vm_cycle(vm, &in, &err))
                break;
            agi_vm_render(vm);
            agi_vm_screen(vm, NULL, screen);
        }
        agi_vm_free(vm);
    }
    relic_buf_free(&p);
    return 0;
}
