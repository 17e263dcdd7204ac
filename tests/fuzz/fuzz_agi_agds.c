/* libFuzzer target: AGDS message tables (the AGDS-key reading of
 * libformats/agi/logic.c), AGDS-keyed OBJECT files (object.c), the
 * CP866 text round trip (agds.c) and the code page row the runtime uses
 * (codepage.c: its fold of typed bytes to what WORDS.TOK can hold). */
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
    /* The runtime's row: every typed byte folds to a byte WORDS.TOK can
     * hold (below 0x80) when it is a letter, and its conversions are the
     * page's. */
    const agi_codepage *cp = agi_codepage_for(AGI_EXT_AGDS);
    for (size_t i = 0; i < n; i++) {
        uint8_t f = cp->fold(data[i]);
        int letter = data[i] <= 0xaf || (data[i] >= 0xe0 && data[i] <= 0xf1);
        if (data[i] >= 0x80 && letter && f >= 0x80)
            __builtin_trap();
    }
    relic_buf a = RELIC_BUF_INIT, b = RELIC_BUF_INIT;
    cp->to_utf8(data, n, &a);
    agi_cp866_to_utf8(data, n, &b);
    if (!a.oom && !b.oom && (a.len != b.len || (a.len && memcmp(a.data, b.data, a.len) != 0)))
        __builtin_trap();
    relic_buf_free(&a);
    relic_buf_free(&b);
    return 0;
}
