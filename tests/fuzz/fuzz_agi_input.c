/* Fuzzes the input-script parser pic-render --input reads
 * (agi_input_parse, relic/agi_vm.h): arbitrary bytes, not NUL-terminated,
 * must parse or fail with an error carrying a message; on success every
 * event is in cycle order with a known kind and typed text where a kind
 * needs it. */
#include <stdint.h>
#include <stdlib.h>
#include "relic/agi_vm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    agi_input_script s = {0};
    relic_err err;
    relic_err_clear(&err);
    if (agi_input_parse((const char *)data, size, &s, &err) != RELIC_OK) {
        if (!err.msg[0])
            abort();
        agi_input_free(&s);
        return 0;
    }
    for (size_t i = 0; i < s.count; i++) {
        if (s.ev[i].kind > AGI_IN_MENU)
            abort();
        if (s.ev[i].kind == AGI_IN_TYPE && !s.ev[i].text)
            abort();
    }
    agi_input_free(&s);
    return 0;
}
