/* Fuzzes the Riven script-list codec, the decompiler and assembler, and the
 * executor.  Input: a script list.  It must re-encode to the bytes it
 * consumed; its decompiled text must assemble back to those bytes; and it
 * runs as card 1's script (with a click on hotspot 0 made of the same
 * script) under a step budget, which must end in success or an error,
 * never a crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/riven_script_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    riven_script s;
    if (riven_script_decode(data, size, 0, &s, NULL))
        return 0;
    relic_buf out = RELIC_BUF_INIT, text = RELIC_BUF_INIT, back = RELIC_BUF_INIT;
    if (riven_script_encode(&s, &out, NULL) == 0 && (out.len != s.size || memcmp(out.data, data, s.size) != 0))
        abort();
    json_t *tree = riven_script_json(&s, NULL);
    if (tree && riven_script_text(tree, &text, NULL) == 0) {
        if (riven_script_assemble((const char *)text.data, text.len, NULL, &back, NULL) == 0 &&
            (back.len != s.size || memcmp(back.data, data, s.size) != 0))
            abort();
    }
    json_decref(tree);
    riven_card card = {0, 0, s};
    riven_hotspot h = {.blst_id = 0, .right = 1, .bottom = 1, .script = s};
    riven_hotspots hs = {&h, 1};
    riven_world_card world[2] = {{1, &card, &hs, NULL, NULL}, {2, &card, NULL, NULL, NULL}};
    riven_vm *vm = NULL;
    if ((vm = riven_vm_new(world, 2, NULL, NULL)) != NULL) {
        if (riven_vm_goto(vm, 1, NULL) == 0 && riven_vm_run(vm, 2000, NULL) == 0 && riven_vm_current_card(vm) == 1 &&
            riven_vm_click(vm, 0, NULL) == 0)
            riven_vm_run(vm, 2000, NULL);
        riven_vm_free(vm);
    }
    relic_buf_free(&out);
    relic_buf_free(&text);
    relic_buf_free(&back);
    riven_script_free(&s);
    return 0;
}
