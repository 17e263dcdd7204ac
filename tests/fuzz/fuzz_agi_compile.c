/* Fuzzes agi_logic_compile and agi_logic_assemble on arbitrary text: either a payload
 * whose framing the message decoder accepts, or an error carrying its
 * code and a file:line:column message. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_logic.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int fuzz_include(void *user, const char *name, relic_buf *out, relic_err *err)
{
    (void)user;
    (void)err;
    /* every include is this same text, so nesting hits the depth limit */
    relic_buf_append(out, "#include \"x\"\n", 13);
    (void)name;
    return RELIC_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    agi_compile_opts o = {NULL, NULL, NULL, "fuzz.lgc", fuzz_include, NULL, 0};
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    /* the first byte picks the compiler or the assembler */
    int rc = size && data[0] & 1 ? agi_logic_assemble((const char *)data, size, &o, &out, &err)
                                 : agi_logic_compile((const char *)data, size, &o, &out, &err);
    if (rc == RELIC_OK) {
        agi_logic_messages m;
        if (agi_logic_messages_decode(out.data, out.len, &m, NULL) != RELIC_OK)
            abort();
        agi_logic_messages_free(&m);
    } else if (err.code != rc ||
               (rc == RELIC_EDATA && strncmp(err.msg, "fuzz.lgc:", 9) != 0 && strncmp(err.msg, "x:", 2) != 0)) {
        abort();
    }
    relic_buf_free(&out);
    return 0;
}
