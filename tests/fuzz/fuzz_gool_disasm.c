/* Fuzzes the disassembler and assembler together: the input (after one
 * byte choosing Crash 1, 2 or 3 and whether to print addresses) is a code
 * item; its listing must assemble back to exactly the same words. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/gool_dis.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    gool_game game = (gool_game)(data[0] % 3 + 1);
    unsigned flags = data[0] & 0x80 ? GOOL_DIS_ADDRESSES : 0;
    size_t n = (size - 1) / 4;
    uint32_t *code = calloc(n + 1, 4);
    if (!code)
        return 0;
    for (size_t i = 0; i < n; i++)
        code[i] = relic_rd_le32(data + 1 + 4 * i);
    relic_buf text = RELIC_BUF_INIT;
    gool_dis_stats st;
    relic_err err;
    relic_err_clear(&err);
    if (gool_disasm_code_with(code, n, NULL, 0, game, flags, &text, &st, &err) != RELIC_OK)
        abort();
    gool_entry g;
    if (gool_asm((const char *)text.data, text.len, &g, &err) != RELIC_OK) {
        fprintf(stderr, "listing does not assemble: %s\n%.*s\n", err.msg, (int)text.len, (const char *)text.data);
        abort();
    }
    if (g.code_len != n || memcmp(g.code, code, 4 * n) != 0) {
        fprintf(stderr, "assemble(disassemble(code)) differs\n");
        abort();
    }
    gool_entry_free(&g);
    relic_buf_free(&text);
    free(code);
    return 0;
}
