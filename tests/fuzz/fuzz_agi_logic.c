/* Fuzzes agi_logic_messages_decode, the reader of a logic payload's
 * framing and message table (bytecode length, count, offsets, XORed text).
 * On success the documented shape is checked: a message has text exactly
 * when its offset is non-zero (or, when the declared text end lay past the
 * payload and a warning says so, none when it was cut off), and the table
 * sits after the bytecode.  The
 * result is always freed. */
#include <stdint.h>
#include <stdlib.h>
#include "relic/agi.h"
#include "relic/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    agi_logic_messages m;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_logic_messages_decode(data, size, &m, &err);
    if (rc == RELIC_OK) {
        if (m.count > 255 || m.table_offset != 2 + (size_t)m.code_length || m.table_offset >= size || !m.msg)
            abort();
        for (unsigned i = 1; i <= m.count; i++)
            if (m.msg[i].text ? m.msg[i].offset == 0 : m.msg[i].offset != 0 && !m.warnings)
                abort();
    } else if (err.code != rc) {
        abort();
    }
    agi_logic_messages_free(&m);
    return 0;
}
