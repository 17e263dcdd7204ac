/* Fuzzes the input-script parser pic-render --input reads
 * (agi_input_parse, relic/agi_vm.h): arbitrary bytes, not NUL-terminated,
 * must parse or fail with an error carrying a message; on success every
 * event has a known kind and typed text where a kind needs it, and every
 * checkpoint ("CYCLE expect ...") is in cycle order with a known kind,
 * bytes in range and the text a message needs. */
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
    /* checkpoints: in cycle order, a known kind, the text a kind needs */
    for (size_t i = 0; i < s.expect_count; i++) {
        const agi_expect *e = &s.expect[i];
        if (e->kind > AGI_EXPECT_NO_MESSAGE || (i && s.expect[i - 1].cycle > e->cycle))
            abort();
        if ((e->kind == AGI_EXPECT_MESSAGE && !e->text) || e->number > 255 || e->value > 255)
            abort();
        char d[700];
        agi_expect_describe(e, d, sizeof d);
        if (!d[0])
            abort();
    }
    agi_input_free(&s);
    return 0;
}
