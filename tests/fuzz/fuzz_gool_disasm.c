/* Fuzzes the disassembler and assembler together: the input (after one
 * byte choosing Crash 1 or Crash 2/3) is a code item; its listing must
 * assemble back to exactly the same words. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/gool_dis.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    gool_game game = data[0] & 1 ? GOOL_GAME_C2 : GOOL_GAME_C1;
    size_t n = (size - 1) / 4;
    uint32_t *code = calloc(n + 1, 4);
    if (!code)
        return 0;
    for (size_t i = 0; i < n; i++)
        code[i] = (uint32_t)data[1 + 4 * i] | (uint32_t)data[2 + 4 * i] << 8 | (uint32_t)data[3 + 4 * i] << 16 |
                  (uint32_t)data[4 + 4 * i] << 24;
    relic_buf text = RELIC_BUF_INIT;
    gool_dis_stats st;
    relic_err err;
    relic_err_clear(&err);
    if (gool_disasm_code(code, n, NULL, 0, game, &text, &st, &err) != RELIC_OK)
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
