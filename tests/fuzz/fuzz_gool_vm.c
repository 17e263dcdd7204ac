/* Fuzzes the GOOL interpreter: the input is a code item run as state 0 of
 * a one-state entry (stack start from the first byte) for a few frames
 * with an event in between, under a small step budget.  Every run must
 * end in success or a reported error, never a crash or a hang. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/gool_vm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 5)
        return 0;
    gool_entry g;
    memset(&g, 0, sizeof g);
    g.eid = 0x4CD945CDu;
    g.item_count = 5;
    g.hdr.stack_start = data[0];
    g.hdr.event_count = 2;
    uint32_t pool[3] = {g.eid, 0x100, 0xFFFFFFFFu};
    uint16_t map[2] = {0x8000, 0};
    gool_state st[1] = {{0, 0, 0, GOOL_PC_NONE, (uint16_t)(data[1] & 1 ? 0 : GOOL_PC_NONE), 0}};
    g.code_len = (size - 1) / 4;
    g.code = calloc(g.code_len, 4);
    if (!g.code)
        return 0;
    for (size_t i = 0; i < g.code_len; i++)
        g.code[i] = (uint32_t)data[1 + 4 * i] | (uint32_t)data[2 + 4 * i] << 8 | (uint32_t)data[3 + 4 * i] << 16 |
                    (uint32_t)data[4 + 4 * i] << 24;
    g.pool = pool;
    g.pool_len = 3;
    g.map = map;
    g.map_len = 2;
    g.states = st;
    g.state_count = 1;
    gool_vm *vm = gool_vm_new(&(gool_vm_config){.max_steps = 20000});
    if (!vm)
        abort();
    relic_err err;
    relic_err_clear(&err);
    int rc = gool_vm_init(vm, &g, 0, 1, &err);
    for (int f = 0; f < 6 && !rc; f++) {
        if (f == 3)
            rc = gool_vm_event(vm, f & 1 ? 0x100 : 0, 0, NULL, &err);
        if (!rc)
            rc = gool_vm_frame(vm, &err);
    }
    if (rc && err.code != rc)
        abort();
    gool_vm_free(vm);
    free(g.code);
    return 0;
}
