/* Unit tests for the SOUP disassembler and assembler: hand-built bytecode
 * for every opcode in every value mode it may take (seed "Opcode Table",
 * "Operand Encoding"), the expected text, and assemble(disassemble(x)) == x;
 * the public tools' known bugs (operators 3/4 swapped, code before
 * script_pc not shown, Anchor and ScriptRV mis-encoded) each have a test;
 * malformed bytecode gives an error with its offset. */
#include <string.h>
#include "relic/soup.h"
#include "support.h"

static const char *const strs[] = {"Flag", "DOOR01", "Flag"};

static void ctx_make(soup_ctx *ctx)
{
    assert_int_equal(soup_ctx_init(ctx, NULL, NULL), RELIC_OK);
    ctx->strings = (const char **)strs;
    ctx->nstrings = 3;
}

/* Disassembles hex, checks the joined statement texts, reassembles the
 * listing and checks the bytes. */
static void check_case(const char *hex, uint32_t pc, const char *want)
{
    uint8_t code[256];
    size_t n = test_hex(hex, code, sizeof code);
    soup_ctx ctx;
    ctx_make(&ctx);
    soup_listing l;
    relic_err err;
    relic_err_clear(&err);
    if (soup_disasm(&ctx, code, n, pc, 0, &l, &err))
        fail_msg("%s: %s (offset 0x%zx)", hex, err.msg, err.offset);
    relic_buf joined = RELIC_BUF_INIT, text = RELIC_BUF_INIT, back = RELIC_BUF_INIT;
    for (size_t i = 0; i < l.n; i++)
        relic_buf_printf(&joined, "%s%s", i ? " | " : "", l.ins[i].text);
    relic_buf_u8(&joined, 0);
    assert_string_equal((const char *)joined.data, want);
    soup_listing_text(&l, &text);
    uint32_t pc2;
    if (soup_assemble(&ctx, (const char *)text.data, text.len, &back, &pc2, &err))
        fail_msg("%s: reassembly: %s\n%.*s", want, err.msg, (int)text.len, (const char *)text.data);
    assert_int_equal(back.len, n);
    assert_memory_equal(back.data, code, n);
    assert_int_equal(pc2, pc);
    soup_listing_free(&l);
    relic_buf_free(&joined);
    relic_buf_free(&text);
    relic_buf_free(&back);
    soup_ctx_free(&ctx);
}

static void test_calls(void **state)
{
    (void)state;
    check_case("00 88 00 02 07 01 00 00 00 07 19 00 00 00", 0, "PushAnimation(1, 25)");
    check_case("01 21 00 02 07 01 00 00 00 07 19 00 00 00", 0, "@PlayAnimation(1, 25)");
    check_case("02 66 00 01 07 04 00 00 00", 0, "call Rnd(4)");
    check_case("00 00 00", 0, "NullFunction()");
    /* Parameter mode: flag (u16 pad), var (3 pad), property, string, alt. */
    check_case("02 0c 00 05 06 05 00 00 00 0a 02 00 00 00 14 01 00 03 00 15 01 00 00 00 16 ff ff ff ff", 0,
               "call PrintParms(After_Iszara, var2, Player.ref3, \"DOOR01\", &-1)");
    /* String index 2 repeats index 0's text, so it stays numbered. */
    check_case("02 0e 00 01 15 02 00 00 00", 0, "call PrintStringParm($2)");
    check_case("02 56 00 01 16 00 00 00 00", 0, "call TestGlobalFlag(&TimeOfDay)");
    check_case("00 27 00 01 07 41 42 43 44", 0, "RTX('ABCD')");
    check_case("00 27 00 01 16 41 42 43 44", 0, "RTX(&'ABCD')");
    check_case("00 27 00 01 07 01 00 00 00", 0, "RTX(1)");
    /* Unknown function ids stay numbered. */
    check_case("02 e8 03 00", 0, "call fn1000()");
    /* Object calls: statement with dispatch byte, value without. */
    check_case("19 04 01 00 88 00 02 07 01 00 00 00 07 02 00 00 00", 0, "\"DOOR01\".PushAnimation(1, 2)");
    check_case("19 00 00 01 88 00 00", 0, "@Me.PushAnimation()");
    check_case("1a 0a 01 02 66 00 01 07 03 00 00 00", 0, "call var1::Rnd(3)");
    check_case("0a 00 1a 01 00 66 00 01 07 03 00 00 00 00", 0, "var0 = Player::Rnd(3)");
    check_case("0a 00 19 02 00 66 00 01 07 03 00 00 00 00", 0, "var0 = Camera.Rnd(3)");
    check_case("0a 00 00 66 00 01 07 01 00 00 00 01 01 66 00 01 07 01 00 00 00 00", 0, "var0 = task Rnd(1) + @Rnd(1)");
}

static void test_assignments_and_formulas(void **state)
{
    (void)state;
    /* Byte 3 is "*", byte 4 is "/" (public tools swap them). */
    check_case("06 00 00 07 02 00 00 00 03 07 03 00 00 00 04 07 02 00 00 00 00", 0, "TimeOfDay = 2 * 3 / 2");
    check_case("0a 01 07 01 00 00 00 01 06 01 00 02 0a 02 05 07 01 00 00 00 06 07 01 00 00 00 07 07 0f 00 00 00 "
               "08 07 10 00 00 00 09 07 ff 00 00 00 00",
               0, "var1 = 1 + After_Catacombs - var2 << 1 >> 1 & 15 | 16 ^ 255");
    check_case("14 00 00 03 00 07 09 00 00 00 00", 0, "Me.ref3 = 9");
    check_case("14 04 00 03 01 14 01 00 02 00 00", 0, "\"Flag\".ref259 = Player.ref2");
    check_case("0f 01 00 05 00", 0, "++Player.ref5");
    /* Fuzzer find: a String index above 255 is no object selector. */
    check_case("0a 00 15 00 00 00 53 00", 0, "var0 = $1392508928");
    check_case("10 0a 03 05 00", 0, "--var3.ref5");
    check_case("0a 00 0f 00 00 01 00 01 15 00 00 00 00 00", 0, "var0 = ++Me.ref1 + \"Flag\"");
}

static void test_control_flow(void **state)
{
    (void)state;
    check_case("03 06 00 00 0a 00 07 01 00 00 00 01 0a 03 00 05 07 02 00 00 00 00 1b 00 00 00 18", 0,
               "if TimeOfDay++ = 1 and var3 >= 2 | Yield");
    check_case("03 14 00 00 01 00 0b 01 0a 00 0b 02 07 00 00 00 00 00 07 00 00 00 00 00 1d 00 00 00 18 04 00 00 00 00",
               0, "if Me.ref1-- != var0-- or 0 = 0 | Yield | Goto #0000");
    /* A false target outside the script is kept as a plain offset. */
    check_case("03 07 01 00 00 00 02 07 02 00 00 00 00 ff 00 00 00", 0, "if 1 < 2");
    check_case("04 05 00 00 00 05 00 00 00 00", 0, "Goto #0005 | End #0000");
    check_case("11 06 00 00 00 12 13", 0, "Gosub #0006 | Return | Endint");
    check_case("1b 00 00 00 00 1c 00 00 00 00 1d 00 00 00 00", 0,
               "TaskStop #0000 | TaskPause #0000 | TaskResume #0000");
    /* Anchor is one byte; ScriptRV is one byte and a Return after it
     * carries four bytes (the five the mismatch path skips). */
    check_case("17 05 1e 01 12 00 00 00 00 1e 00 11 00 00 00 00", 0,
               "Anchor = 5 | ScriptRV 1 | Return | ScriptRV 0 | Gosub #0000");
}

/* The entry continuation before script_pc is shown and marked. */
static void test_both_continuations(void **state)
{
    (void)state;
    uint8_t code[16];
    size_t n = test_hex("0a 00 07 07 00 00 00 00 18 05 09 00 00 00", code, sizeof code);
    soup_ctx ctx;
    ctx_make(&ctx);
    relic_buf t = RELIC_BUF_INIT;
    assert_int_equal(soup_disasm_text(&ctx, code, n, 9, &t, NULL), RELIC_OK);
    relic_buf_u8(&t, 0);
    assert_string_equal((const char *)t.data, ".main #0009\n"
                                              "; entry continuation\n"
                                              "    var0 = 7\n"
                                              "    Yield\n"
                                              "; main continuation\n"
                                              "#0009:\n"
                                              "    End #0009\n");
    relic_buf_free(&t);
    soup_ctx_free(&ctx);
    check_case("0a 00 07 07 00 00 00 00 18 05 09 00 00 00", 9, "var0 = 7 | Yield | End #0009");
}

static void test_flag2_fixture(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT, t = RELIC_BUF_INIT;
    test_fixture("redguard/flag2.bin", &f);
    assert_int_equal(f.len, 61);
    soup_ctx ctx;
    ctx_make(&ctx);
    assert_int_equal(soup_disasm_text(&ctx, f.data, f.len, 0, &t, NULL), RELIC_OK);
    relic_buf_u8(&t, 0);
    assert_string_equal((const char *)t.data, ".main #0000\n"
                                              "; main continuation\n"
                                              "#0000:\n"
                                              "    PushAnimation(1, 25)\n"
                                              "    PushAnimation(10, 1)\n"
                                              "    PushAnimation(1, 3)\n"
                                              "    PushAnimation(10, 2)\n"
                                              "    End #0000\n");
    relic_buf_free(&t);
    relic_buf_free(&f);
    soup_ctx_free(&ctx);
}

static void nested_text(const char *hex, const char *want)
{
    uint8_t code[128];
    size_t n = test_hex(hex, code, sizeof code);
    soup_ctx ctx;
    ctx_make(&ctx);
    relic_buf t = RELIC_BUF_INIT;
    assert_int_equal(soup_disasm_text(&ctx, code, n, 0, &t, NULL), RELIC_OK);
    relic_buf_u8(&t, 0);
    assert_string_equal((const char *)t.data, want);
    relic_buf_free(&t);
    soup_ctx_free(&ctx);
}

static void test_blocks(void **state)
{
    (void)state;
    /* if 1 = 1 { if 2 = 2 { Yield } Yield } Yield */
    nested_text("03 07 01 00 00 00 00 07 01 00 00 00 00 24 00 00 00"
                " 03 07 02 00 00 00 00 07 02 00 00 00 00 23 00 00 00 18 18 18",
                ".main #0000\n; main continuation\n    if 1 = 1 {\n        if 2 = 2 {\n            Yield\n"
                "        }\n        Yield\n    }\n    Yield\n");
    check_case("03 07 01 00 00 00 00 07 01 00 00 00 00 24 00 00 00"
               " 03 07 02 00 00 00 00 07 02 00 00 00 00 23 00 00 00 18 18 18",
               0, "if 1 = 1 | if 2 = 2 | Yield | Yield | Yield");
}

static void test_assembler_labels(void **state)
{
    (void)state;
    soup_ctx ctx;
    ctx_make(&ctx);
    const char *src = ".main top\n  var0 = 1 ; a comment\ntop:\n  if var0 < 3 {\n    var0 = var0 + 1\n  }\n"
                      "  Goto top\n";
    relic_buf out = RELIC_BUF_INIT;
    uint32_t pc;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(soup_assemble(&ctx, src, strlen(src), &out, &pc, &err), RELIC_OK);
    assert_int_equal(pc, 8);
    uint8_t want[64];
    size_t n = test_hex("0a 00 07 01 00 00 00 00"
                        " 03 0a 00 00 02 07 03 00 00 00 00 22 00 00 00"
                        " 0a 00 0a 00 01 07 01 00 00 00 00"
                        " 04 08 00 00 00",
                        want, sizeof want);
    assert_int_equal(out.len, n);
    assert_memory_equal(out.data, want, n);
    relic_buf_free(&out);
    // clang-format off
    static const char *const bad[] = {"Goto nowhere\n", "#0004:\n", "Frobnicate(1)\n", "var0 = 1 +\n",
                                      "if 1 = 1 {\n", "}\n", "PushAnimation(Rnd(1))\n", "x = \"nope\"\n"};
    // clang-format on
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        relic_buf o = RELIC_BUF_INIT;
        assert_int_equal(soup_assemble(&ctx, bad[i], strlen(bad[i]), &o, &pc, &err), RELIC_EDATA);
        if (!strstr(err.msg, "line "))
            fail_msg("%s: %s", bad[i], err.msg);
        relic_buf_free(&o);
    }
    /* A call statement takes a call after its object, not a reference. */
    static const char *const not_calls[] = {"@Me.ref3\n", "call Player.ref1\n"};
    for (size_t i = 0; i < sizeof not_calls / sizeof not_calls[0]; i++) {
        relic_buf o = RELIC_BUF_INIT;
        assert_int_equal(soup_assemble(&ctx, not_calls[i], strlen(not_calls[i]), &o, &pc, &err), RELIC_EDATA);
        if (!strstr(err.msg, "line 1: expected a call after the object"))
            fail_msg("%s: %s", not_calls[i], err.msg);
        relic_buf_free(&o);
    }
    soup_ctx_free(&ctx);
}

static void expect_error(const char *hex, size_t offset, const char *what)
{
    uint8_t code[64];
    size_t n = test_hex(hex, code, sizeof code);
    soup_ctx ctx;
    ctx_make(&ctx);
    soup_listing l;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(soup_disasm(&ctx, code, n, 0, 0x100, &l, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0x100 + offset);
    if (!strstr(err.msg, what))
        fail_msg("'%s' lacks '%s'", err.msg, what);
    soup_ctx_free(&ctx);
}

/* var0 = 5++ : bytes 10 then 0 end the formula; the listing prints and
 * marks it, the assembler gives back the same bytes. */
static void test_formula_update(void **state)
{
    (void)state;
    static const char *const hex[2] = {"0a 00 07 05 00 00 00 0a 00 18", "06 02 00 0a 01 0b 00 18"};
    static const char *const want[2] = {"var0 = 5++ ; engine fault: ++ inside a formula",
                                        "After_League = var1-- ; engine fault: -- inside a formula"};
    for (int k = 0; k < 2; k++) {
        uint8_t code[32];
        size_t n = test_hex(hex[k], code, sizeof code);
        soup_ctx ctx;
        ctx_make(&ctx);
        soup_listing l;
        relic_err err;
        relic_err_clear(&err);
        assert_int_equal(soup_disasm(&ctx, code, n, 0, 0, &l, &err), RELIC_OK);
        assert_int_equal(l.n, 2);
        assert_string_equal(l.ins[0].text, want[k]);
        assert_int_equal(l.ins[0].engine_fault, 1);
        assert_int_equal(l.ins[1].engine_fault, 0);
        relic_buf text = RELIC_BUF_INIT, back = RELIC_BUF_INIT;
        soup_listing_text(&l, &text);
        uint32_t pc;
        assert_int_equal(soup_assemble(&ctx, (const char *)text.data, text.len, &back, &pc, &err), RELIC_OK);
        assert_int_equal(back.len, n);
        assert_memory_equal(back.data, code, n);
        relic_buf_free(&text);
        relic_buf_free(&back);
        soup_listing_free(&l);
        soup_ctx_free(&ctx);
    }
}

static void test_malformed(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("redguard/bad_opcode.bin", &f);
    soup_ctx ctx;
    ctx_make(&ctx);
    soup_listing l;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(soup_disasm(&ctx, f.data, f.len, 0, 0, &l, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 1);
    assert_non_null(strstr(err.msg, "unknown opcode 0x08"));
    relic_buf_free(&f);
    test_fixture("redguard/bad_formula.bin", &f);
    assert_int_equal(soup_disasm(&ctx, f.data, f.len, 0, 0, &l, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 8);
    assert_non_null(strstr(err.msg, "past the end"));
    relic_buf_free(&f);
    soup_ctx_free(&ctx);
    expect_error("1f", 0, "unknown opcode 0x1f");
    expect_error("07 00 00 00 00", 0, "cannot start a statement");
    /* Byte 10 is ++ (issue 16: listed, not refused); the byte after it
     * must end the formula. */
    expect_error("0a 00 07 01 00 00 00 0a 07 01 00 00 00 00", 8, "after ++/-- in a formula, not 0");
    expect_error("0a 00 07 01 00 00 00 0c 00", 7, "unknown formula operator 12");
    expect_error("02 66 00 01 02 66 00 00", 4, "cannot be a native parameter");
    expect_error("02 66 00 01 06 00 00 01 00", 7, "padding");
    expect_error("0a 00 04 00 00 00 00 00", 2, "cannot be used as a value");
    expect_error("03 07 01 00 00 00 06 07 01 00 00 00 00 00 00 00 00", 6, "unknown comparison 6");
    expect_error("03 07 01 00 00 00 00 07 01 00 00 00 03 00 00 00 00", 12, "unknown conjunction 3");
    expect_error("03 0a 00 0c 00 07 01 00 00 00 00 00 00 00 00", 3, "unknown update byte 12");
    expect_error("14 03 00 00 00 07 01 00 00 00 00", 1, "unknown object selector 0x03");
    expect_error("19 00 00 03 66 00 00", 3, "unknown dispatch byte 3");
    expect_error("04 00 00", 1, "past the end");
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_calls),           cmocka_unit_test(test_assignments_and_formulas),
        cmocka_unit_test(test_control_flow),    cmocka_unit_test(test_both_continuations),
        cmocka_unit_test(test_flag2_fixture),   cmocka_unit_test(test_blocks),
        cmocka_unit_test(test_assembler_labels), cmocka_unit_test(test_formula_update),
        cmocka_unit_test(test_malformed),
    };
    // clang-format on
    return cmocka_run_group_tests_name("soup_asm", tests, NULL, NULL);
}
