/* Fuzzes the SOUP disassembler: the first two bytes choose script_pc, the
 * rest is bytecode with a three-string table.  Whatever decodes must
 * reassemble to the same bytes (assemble(disassemble(x)) == x). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/soup.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static soup_def fuzz_def;
static int fuzz_ready;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    if (!fuzz_ready) {
        if (soup_def_builtin(&fuzz_def, NULL))
            abort();
        fuzz_ready = 1;
    }
    static const char *const strs[] = {"Door", "with \"quote\"", "Door"};
    soup_ctx ctx;
    soup_ctx_init(&ctx, &fuzz_def, NULL);
    ctx.strings = (const char **)strs;
    ctx.nstrings = 3;
    const uint8_t *code = data + 2;
    size_t len = size - 2;
    uint32_t pc = (uint32_t)(data[0] | data[1] << 8);
    if (pc > len)
        pc = 0;
    relic_buf text = RELIC_BUF_INIT, back = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (soup_disasm_text(&ctx, code, len, pc, &text, &err) == RELIC_OK) {
        uint32_t pc2;
        if (soup_assemble(&ctx, (const char *)text.data, text.len, &back, &pc2, &err) != RELIC_OK)
            abort();
        if (back.len != len || (len && memcmp(back.data, code, len)) || pc2 != pc)
            abort();
    }
    relic_buf_free(&text);
    relic_buf_free(&back);
    soup_ctx_free(&ctx);
    return 0;
}
