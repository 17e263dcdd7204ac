/* libFuzzer target: AGDS message tables (the AGDS-key reading of
 * libformats/agi/logic.c), AGDS-keyed OBJECT files (object.c) and the
 * CP866 text round trip (agds.c). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_ext.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    agi_logic_messages m;
    relic_err err;
    relic_err_clear(&err);
    if (agi_logic_messages_decode_agds(data, size, &m, &err) == RELIC_OK)
        agi_logic_messages_free(&m);
    /* An OBJECT asked for under the clone's key reads with it or plain,
     * never with Sierra's key. */
    agi_objects o;
    if (agi_objects_decode(data, size, AGI_MSG_KEY_AGDS, &o, &err) == RELIC_OK) {
        if (o.xor_key != AGI_MSG_KEY_AGDS && o.xor_key != AGI_MSG_PLAIN)
            __builtin_trap();
        agi_objects_free(&o);
    }
    /* Every byte string survives CP866 -> UTF-8 -> CP866. */
    size_t n = size < 512 ? size : 512;
    relic_buf u = RELIC_BUF_INIT, back = RELIC_BUF_INIT;
    agi_cp866_to_utf8(data, n, &u);
    if (!u.oom && (agi_utf8_to_cp866(u.data ? (const char *)u.data : "", u.len, &back) != -1 || back.len != n ||
                   (n && memcmp(back.data, data, n) != 0)))
        __builtin_trap();
    relic_buf_free(&u);
    relic_buf_free(&back);
    /* Arbitrary UTF-8 input must not crash the reverse mapping. */
    relic_buf r = RELIC_BUF_INIT;
    agi_utf8_to_cp866((const char *)data, n, &r);
    relic_buf_free(&r);
    return 0;
}
