/* The sample maps (samples/redguard/NAME.rgmsrc) built with soup_build_map:
 * every actor script disassembles and reassembles to the same bytes, and
 * together the samples use every SOUP opcode. */
#include <string.h>
#include "relic/rgm.h"
#include "relic/soup.h"
#include "support.h"

static void check_map(const char *rel, int seen[256])
{
    relic_buf src = RELIC_BUF_INIT, rgm = RELIC_BUF_INIT;
    test_fixture(rel, &src);
    soup_def def;
    assert_int_equal(soup_def_builtin(&def, NULL), RELIC_OK);
    relic_err err;
    relic_err_clear(&err);
    if (soup_build_map(&def, (const char *)src.data, src.len, &rgm, &err))
        fail_msg("%s: %s", rel, err.msg);
    rgm_map m;
    assert_int_equal(rgm_map_open(rgm.data, rgm.len, &m, &err), RELIC_OK);
    assert_true(m.nactors >= 2);
    assert_true(m.nplacements >= 2);
    int entry = 0;
    for (size_t i = 0; i < m.nactors; i++) {
        const rgm_actor *a = &m.actors[i];
        const uint8_t *code;
        size_t len;
        assert_int_equal(rgm_actor_script(&m, a, &code, &len, &err), RELIC_OK);
        soup_ctx ctx;
        assert_int_equal(soup_ctx_from_map(&ctx, &m, a, &def), RELIC_OK);
        soup_listing l;
        if (soup_disasm(&ctx, code, len, a->script_pc, 0, &l, &err))
            fail_msg("%s %s: %s (offset 0x%zx)", rel, a->name, err.msg, err.offset);
        for (size_t k = 0; k < l.n; k++)
            seen[l.ins[k].op] = 1;
        relic_buf text = RELIC_BUF_INIT, back = RELIC_BUF_INIT;
        soup_listing_text(&l, &text);
        uint32_t pc;
        if (soup_assemble(&ctx, (const char *)text.data, text.len, &back, &pc, &err))
            fail_msg("%s %s: %s", rel, a->name, err.msg);
        assert_int_equal(back.len, len);
        assert_memory_equal(back.data, code, len);
        assert_int_equal(pc, a->script_pc);
        entry += a->script_pc != 0;
        /* Operands inside values (not statement opcodes) are counted from
         * the bytes: every opcode byte value that the text mentions. */
        for (size_t k = 0; k < len; k++)
            if (soup_opcode_name(code[k]) &&
                (code[k] == SOUP_OP_NUMERIC || code[k] == SOUP_OP_STRING || code[k] == SOUP_OP_NUMALT))
                seen[code[k]] |= 2;
        relic_buf_free(&text);
        relic_buf_free(&back);
        soup_listing_free(&l);
        soup_ctx_free(&ctx);
    }
    assert_true(entry >= 1);
    rgm_map_close(&m);
    soup_def_free(&def);
    relic_buf_free(&src);
    relic_buf_free(&rgm);
}

static void test_samples(void **state)
{
    (void)state;
    int seen[256] = {0};
    check_map("../../samples/redguard/harbor.rgmsrc", seen);
    check_map("../../samples/redguard/ferry.rgmsrc", seen);
    for (int op = 0; op < 256; op++)
        if (soup_opcode_name((uint8_t)op) && !seen[op])
            fail_msg("no sample uses opcode 0x%02x (%s)", op, soup_opcode_name((uint8_t)op));
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_samples)};
    return cmocka_run_group_tests_name("rgm_samples", tests, NULL, NULL);
}
