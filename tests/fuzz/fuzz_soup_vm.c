/* Fuzzes the SOUP VM: two actors share the input as bytecode (the second
 * starts half way), with variables, attributes and strings, for 8 ticks
 * under a 20000-statement budget.  Faults must be reported, never crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/soup_vm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static soup_def fuzz_def;
static int fuzz_ready;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (!fuzz_ready) {
        if (soup_def_builtin(&fuzz_def, NULL))
            abort();
        fuzz_ready = 1;
    }
    static const char *const strs[] = {"B", "A"};
    int32_t vars[4] = {3, 4, 1, 2};
    uint8_t attrs[256];
    memset(attrs, 1, sizeof attrs);
    soup_stub stub;
    soup_stub_init(&stub);
    stub.default_task_len = 2;
    soup_host host = soup_stub_host(&stub);
    soup_vm *vm = soup_vm_new(&fuzz_def, &host, NULL);
    if (!vm)
        abort();
    size_t half = size / 2;
    soup_actor_def a = {.name = "A",
                        .code = data,
                        .len = size,
                        .script_pc = (uint32_t)(data[0] % size),
                        .strings = strs,
                        .nstrings = 2,
                        .vars = vars,
                        .nvars = 4,
                        .attrs = attrs};
    soup_actor_def b = {.name = "B",
                        .code = data + half,
                        .len = size - half,
                        .base = (uint32_t)half,
                        .strings = strs,
                        .nstrings = 2,
                        .vars = vars,
                        .nvars = 2};
    relic_err err;
    relic_err_clear(&err);
    if (soup_vm_add_actor(vm, &a, &err) < 0 || soup_vm_add_actor(vm, &b, &err) < 0)
        abort();
    int rc = soup_vm_run(vm, -1, 8, 20000, &err);
    if (rc != RELIC_OK && rc != RELIC_WARN && rc != RELIC_EDATA)
        abort();
    if (soup_vm_steps(vm) > 20000)
        abort();
    soup_vm_free(vm);
    soup_stub_free(&stub);
    return 0;
}
