/* Unit tests for the GOOL instruction sets, disassembler and assembler:
 * operand class boundaries, sign extensions, branch offsets relative to
 * the next word, mnemonic selection by sub-operation, and text round trips
 * (seed 003 "GOOL Instruction Table"; classes as in wurlyfox/c1 gool.c). */
#include <string.h>
#include "relic/core.h"
#include "relic/gool.h"
#include "relic/gool_dis.h"
#include "support.h"

static void test_operand_class_boundaries(void **state)
{
    (void)state;
    static const struct {
        unsigned v;
        gool_oclass c;
    } t[] = {
        {0x000, GOOL_OC_POOL},  {0x3FF, GOOL_OC_POOL},    {0x400, GOOL_OC_EXT},     {0x7FF, GOOL_OC_EXT},
        {0x800, GOOL_OC_INT},   {0x9FF, GOOL_OC_INT},     {0xA00, GOOL_OC_FRAC},    {0xAFF, GOOL_OC_FRAC},
        {0xB00, GOOL_OC_FRAME}, {0xB7F, GOOL_OC_FRAME},   {0xB80, GOOL_OC_INVALID}, {0xBDF, GOOL_OC_INVALID},
        {0xBE0, GOOL_OC_NULL},  {0xBE1, GOOL_OC_INVALID}, {0xBF0, GOOL_OC_POP2},    {0xBFF, GOOL_OC_INVALID},
        {0xC00, GOOL_OC_LINK},  {0xDFF, GOOL_OC_LINK},    {0xE00, GOOL_OC_SELF},    {0xE1E, GOOL_OC_SELF},
        {0xE1F, GOOL_OC_STACK}, {0xE20, GOOL_OC_SELF},    {0xFFF, GOOL_OC_SELF},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (gool_operand_class(t[i].v) != t[i].c)
            fail_msg("0x%03x: class %d, want %d", t[i].v, gool_operand_class(t[i].v), t[i].c);
}

static void test_sign_extension(void **state)
{
    (void)state;
    assert_int_equal(gool_operand_imm(0x800), 0);
    assert_int_equal(gool_operand_imm(0x8FF), 255 * 256);
    assert_int_equal(gool_operand_imm(0x900), -256 * 256);
    assert_int_equal(gool_operand_imm(0x9FF), -256);
    assert_int_equal(gool_operand_imm(0xA7F), 127 * 16);
    assert_int_equal(gool_operand_imm(0xA80), -128 * 16);
    assert_int_equal(gool_operand_imm(0xAFF), -16);
    assert_int_equal(gool_operand_frame(0xB3F), 63);
    assert_int_equal(gool_operand_frame(0xB40), -64);
    assert_int_equal(gool_operand_frame(0xB7F), -1);
}

/* One word through the text form and back. */
static void one(uint32_t word, size_t pc, size_t code_len, const char *want)
{
    uint8_t lbl[64] = {0};
    gool_ctx cx = {GOOL_GAME_C1, NULL, 0, 0, code_len, lbl, 0};
    gool_dis_insn in;
    gool_dis_insn_text(&cx, word, pc, &in);
    char got[256];
    snprintf(got, sizeof got, "%s %s", in.mnemonic, in.operands);
    if (strcmp(got, want) != 0)
        fail_msg("0x%08x: '%s', want '%s'", word, got, want);
}

static void test_operand_text(void **state)
{
    (void)state;
    one(0x11801E1F, 0, 4, "MOVE push, #1");
    one(0x11BFF3FF, 0, 4, "MOVE pool[1023], ref(0xbff)"); /* 0xBFF in the source: invalid */
    one(0x00400BE0, 0, 4, "ADD null, ext[0]");
    one(0x119FF7FF, 0, 4, "MOVE ext[1023], #-1");
    one(0x11A01B7F, 0, 4, "MOVE arg[0], #0.0625");
    one(0x11AFFB3F, 0, 4, "MOVE stack[63], #-0.0625");
    one(0x11A80B40, 0, 4, "MOVE arg[63], #-8.0000");
    /* The engine's frac value is sext8 << 4: 0xAF0 is -256 (-1.0), 0xAEF
     * -272 (-1.0625), where disgool prints -1.10000 and -2.0625. */
    one(0x15AF0E1F, 0, 4, "SHA pop, #-1.0000");
    one(0x15AEFE1F, 0, 4, "SHA pop, #-1.0625");
    one(0x11E1FDFF, 0, 4, "MOVE link[7].f63, pop");
    one(0x11C00E00, 0, 4, "MOVE self.self, link[0].self");
    one(0x11BF0E20, 0, 4, "MOVE self.pc, pop2");
    one(0x11BE0E1F, 0, 4, "MOVE push, null");
}

static void test_control_flow(void **state)
{
    (void)state;
    /* Offsets count from the word after the branch. */
    one(0x8207C3FE, 3, 4, "BRA L0002, 0, pop");
    one(0x8217C000, 0, 4, "BNEZ L0001, 0, pop");
    one(0x822404FF, 0, 4, "BEQZ rel(255), 1, scale_z"); /* target outside the code */
    one(0x82400005, 0, 4, "CST 5, self");
    one(0x8257C007, 0, 4, "CSNZ 7, pop");
    one(0x82800000, 0, 4, "RET 0, self");
    one(0x82C00000, 0, 4, "CFL 0, self, 0, 3"); /* a selector with no name */
    one(0x88400003, 0, 4, "RST 3, self");
    one(0x89C00000, 0, 4, "GDF 0, self");
    one(0x8917C3FF, 1, 4, "GBNF L0001, 0, pop");
    one(0x86300002, 0, 4, "JAL L0002, 0, 3");
    one(0x86003FFF, 0, 4, "JAL none, 0, 0");
    one(0x83410000, 0, 4, "ANIS 0, 0, 1, 1");
    one(0x8761F001, 0, 4, "EVNT pool[1], pop, 0, 3");
    one(0x91200441, 0, 4, "CHLF 1, 17, 0, 2");
    one(0x30000000, 0, 4, ".word 0x30000000");
}

/* PAD's low 12 bits are a button mask the engine tests bit by bit
 * (wurlyfox/c1 GoolTestControls), not a pool reference. */
static void test_pad_mask(void **state)
{
    (void)state;
    one(0x1a0820a0, 0, 4, "PAD 0x0a0, 2, 0, 8, 0, 0");
    one(0x1a081800, 0, 4, "PAD 0x800, 1, 0, 8, 0, 0");
    one(0x1a1f3fff, 0, 4, "PAD 0xfff, 3, 0, 15, 1, 0");
}

static void test_crash2_set(void **state)
{
    (void)state;
    uint8_t lbl[8] = {0};
    gool_ctx cx = {GOOL_GAME_C2, NULL, 0, 0, 4, lbl, 0};
    gool_dis_insn in;
    /* Opcode 50 is BRA in Crash 2/3 (0x82 selects nothing there). */
    gool_dis_insn_text(&cx, 0x3207C3FEu, 3, &in);
    assert_string_equal(in.mnemonic, "BRA");
    assert_string_equal(in.operands, "L0002, 0, pop, 0");
    gool_dis_insn_text(&cx, 0x2B000E1Fu, 0, &in);
    assert_string_equal(in.mnemonic, "SIN");
    gool_dis_insn_text(&cx, 0x82000000u, 0, &in);
    assert_string_equal(in.mnemonic, ".word");
    uint32_t c1[2] = {0x11801E1F, 0x82800000}, c2[2] = {0x11801E1F, 0x31000000};
    assert_int_equal(gool_detect_game(c1, 2), GOOL_GAME_C1);
    assert_int_equal(gool_detect_game(c2, 2), GOOL_GAME_C2);
}

static void text_game(gool_game game, uint32_t word, const char *want_mn, const char *want_ops, const char *want_com)
{
    uint8_t lbl[8] = {0};
    gool_ctx cx = {game, NULL, 0, 0, 4, lbl, 0};
    gool_dis_insn in;
    gool_dis_insn_text(&cx, word, 0, &in);
    if (strcmp(in.mnemonic, want_mn) || strcmp(in.operands, want_ops) || (want_com && strcmp(in.comment, want_com)))
        fail_msg("game %d 0x%08x: '%s %s' ; '%s', want '%s %s' ; '%s'", game, word, in.mnemonic, in.operands,
                 in.comment, want_mn, want_ops, want_com ? want_com : "");
}

/* Crash 2/3 destination operands (CrashEdit GetDestRefVal): 0x000-0x3FF
 * and 0x800-0xBFF are frame slots, 0x400-0x7FF and 0xC00-0xFFF object
 * fields; the canonical encodings print by name, the rest raw. */
static void test_crash2_destinations(void **state)
{
    (void)state;
    /* Opcode 17 (MOVE) with S = #1 (0x801), D in bits 0..11. */
    text_game(GOOL_GAME_C2, 0x11801B05u, "MOVE", "stack[5], #1", "");
    text_game(GOOL_GAME_C2, 0x11801B7Fu, "MOVE", "arg[0], #1", "");
    text_game(GOOL_GAME_C2, 0x11801005u, "MOVE", "dst(0x005), #1", "dst(0x005)=stack[5]");
    text_game(GOOL_GAME_C2, 0x1180187Fu, "MOVE", "dst(0x87f), #1", "dst(0x87f)=arg[0]");
    text_game(GOOL_GAME_C2, 0x11801C41u, "MOVE", "link[1].parent, #1", "");
    text_game(GOOL_GAME_C2, 0x11801441u, "MOVE", "dst(0x441), #1", "dst(0x441)=link[1].parent");
    text_game(GOOL_GAME_C2, 0x11801E1Fu, "MOVE", "push, #1", "");
    text_game(GOOL_GAME_C3, 0x11801E08u, "MOVE", "self.trans_x, #1", "");
    text_game(GOOL_GAME_C3, 0x11801608u, "MOVE", "dst(0x608), #1", "dst(0x608)=self.trans_x");
    /* Crash 1 keeps the source classes: 0x005 is pool[5]. */
    text_game(GOOL_GAME_C1, 0x11801005u, "MOVE", "pool[5], #1", NULL);
    assert_int_equal(gool_dst2_class(0x3FF), GOOL_DST2_FRAME);
    assert_int_equal(gool_dst2_class(0x800), GOOL_DST2_FRAME);
    assert_int_equal(gool_dst2_class(0xBFF), GOOL_DST2_FRAME);
    assert_int_equal(gool_dst2_class(0x400), GOOL_DST2_LINK);
    assert_int_equal(gool_dst2_class(0x7FF), GOOL_DST2_SELF);
    assert_int_equal(gool_dst2_class(0x61F), GOOL_DST2_PUSH);
    /* A Crash 2 destination cannot be an immediate or the pool. */
    gool_entry g;
    relic_err err;
    relic_err_clear(&err);
    const char *bad = ".game 2\n.items 3\n.code\n    MOVE #1, #1\n";
    assert_int_equal(gool_asm(bad, strlen(bad), &g, &err), RELIC_EDATA);
}

static void test_names(void **state)
{
    (void)state;
    /* MSC primary in bits 20..23, secondary 15..19 (disgool disGOOL_MSC). */
    text_game(GOOL_GAME_C1, 0x1C300E1Fu, "MSC", "pop, 0, 0, LR", NULL);
    text_game(GOOL_GAME_C1, 0x1CA00E1Fu, "MSC", "pop, 0, SB3, SBW", NULL);
    text_game(GOOL_GAME_C1, 0x1CC08E1Fu, "MSC", "pop, 0, LOAD, MSCB", NULL);
    text_game(GOOL_GAME_C1, 0x1CB08E1Fu, "MSC", "pop, 0, TNRS, SBR", NULL);
    text_game(GOOL_GAME_C1, 0x1C308E1Fu, "MSC", "pop, 0, 1, LR", NULL); /* no group: a number */
    /* VECA/VECB sub-operation in bits 18..20. */
    text_game(GOOL_GAME_C1, 0x85040E1Fu, "VECA", "pop, 0, 0, PROJ, 0", NULL);
    text_game(GOOL_GAME_C1, 0x850C0E1Fu, "VECA", "pop, 0, 0, 3, 0", NULL); /* disgool: no name */
    text_game(GOOL_GAME_C1, 0x8E000E1Fu, "VECB", "pop, 0, 0, RBND, 0", NULL);
    /* CVMR/CVMW colour index in bits 15..20. */
    text_game(GOOL_GAME_C1, 0x23048BE0u, "CVMR", "null, 0, color.r, 0", NULL);
    text_game(GOOL_GAME_C1, 0x240B8E1Fu, "CVMW", "pop, 0, intensity.b, 0", NULL);
    text_game(GOOL_GAME_C2, 0x23020BE0u, "CVMR", "null, 0, colr1, 0", NULL);
    /* 0x82 selectors 9 and 10: conditional returns (disgool RTNZ/RTEZ). */
    text_game(GOOL_GAME_C1, 0x82974000u, "RTNZ", "0, subtype", NULL);
    text_game(GOOL_GAME_C1, 0x82A74000u, "RTEZ", "0, subtype", NULL);
    assert_int_equal(gool_isa_decode(GOOL_GAME_C1, 0x82974000u, NULL), GOOL_OP_RTNZ);
    assert_int_equal(gool_isa_decode(GOOL_GAME_C1, 0x82B74000u, NULL), GOOL_OP_CFL);
    /* Crash 3 opcodes 0x4F..0x51 exist only there. */
    assert_int_equal(gool_isa_decode(GOOL_GAME_C3, 0x4F000000u, NULL), GOOL_OP_OP79);
    assert_int_equal(gool_isa_decode(GOOL_GAME_C3, 0x51000000u, NULL), GOOL_OP_OP81);
    assert_int_equal(gool_isa_decode(GOOL_GAME_C2, 0x4F000000u, NULL), GOOL_OP_NONE);
    assert_int_equal(gool_isa_decode(GOOL_GAME_C2, 0x11000000u, NULL), GOOL_OP_MOVE);
    uint32_t c3[2] = {0x11801E1F, 0x50000000};
    assert_int_equal(gool_detect_game(c3, 2), GOOL_GAME_C3);
    /* The descriptions of 0x8C and 0x8D (CrashEdit: 140 SNDP, 141 SNDA). */
    assert_non_null(strstr(gool_op_find(GOOL_GAME_C1, 0x8C000000u)->what, "play sound"));
    assert_non_null(strstr(gool_op_find(GOOL_GAME_C1, 0x8D000000u)->what, "adjust audio"));
}

/* assemble(disassemble(x)) == x for bare code of each game, x given as
 * explicit words, names and raw destination forms included. */
static void round_trip_code(gool_game game, const uint32_t *words, size_t n)
{
    relic_buf text = RELIC_BUF_INIT, re = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    gool_dis_stats st;
    assert_int_equal(gool_disasm_code(words, n, NULL, 0, game, &text, &st, &err), RELIC_OK);
    gool_entry g;
    if (gool_asm((const char *)text.data, text.len, &g, &err))
        fail_msg("game %d: %s\n%.*s", game, err.msg, (int)text.len, (const char *)text.data);
    assert_int_equal(g.code_len, n);
    for (size_t i = 0; i < n; i++)
        if (g.code[i] != words[i])
            fail_msg("game %d word %zu: 0x%08x, want 0x%08x\n%.*s", game, i, g.code[i], words[i], (int)text.len,
                     (const char *)text.data);
    gool_entry_free(&g);
    relic_buf_free(&text);
    relic_buf_free(&re);
}

static void test_game_round_trips(void **state)
{
    (void)state;
    static const uint32_t c1[] = {0x11801E1F, 0x1CA00E1F, 0x1CC48E1F, 0x85040E1F, 0x8E000E1F, 0x23048BE0,
                                  0x240B8E1F, 0x82974000, 0x82A74000, 0x82B74000, 0x8C000000, 0x8D000000,
                                  0x1a0820a0, 0x1a081800, 0x1a1f3fff, 0x15AF0E1F, 0x15AEFE1F, 0x11AFFB3F};
    static const uint32_t c2[] = {0x11801B05, 0x11801005, 0x1180187F, 0x11801C41, 0x11801441, 0x11801E1F,
                                  0x11801608, 0x23020BE0, 0x2B000E1F, 0x3207C3FE, 0x4E000000, 0x19801E08};
    static const uint32_t c3[] = {0x11801B05, 0x11801005, 0x4F000000, 0x50801E1F, 0x51BE0BE0, 0x17801E1F};
    round_trip_code(GOOL_GAME_C1, c1, RELIC_COUNTOF(c1));
    round_trip_code(GOOL_GAME_C2, c2, RELIC_COUNTOF(c2));
    round_trip_code(GOOL_GAME_C3, c3, RELIC_COUNTOF(c3));
}

static void test_fixture_round_trip(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT, text = RELIC_BUF_INIT, re = RELIC_BUF_INIT;
    test_fixture("gool/tiny.nsentry", &f);
    gool_entry g, back;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(gool_entry_decode(f.data, f.len, 0, &g, &err), RELIC_OK);
    gool_dis_stats st;
    assert_int_equal(gool_disasm(&g, GOOL_GAME_AUTO, &text, &st, &err), RELIC_OK);
    assert_int_equal(st.insns, 4);
    assert_int_equal(st.unknown, 0);
    assert_int_equal(st.labels, 2);
    relic_buf_u8(&text, 0);
    const char *t = (const char *)text.data;
    assert_non_null(strstr(t, ".entry TestC\n"));
    assert_non_null(strstr(t, "L0000:          ; state 0 code\n    MOVE push, #1\n"));
    assert_non_null(strstr(t, "    BRA L0002, 0, pop\n"));
    assert_non_null(strstr(t, "code=L0000"));
    assert_int_equal(gool_asm(t, strlen(t), &back, &err), RELIC_OK);
    assert_int_equal(gool_entry_encode(&back, &re, &err), RELIC_OK);
    assert_int_equal(re.len, f.len);
    assert_memory_equal(re.data, f.data, f.len);
    gool_entry_free(&g);
    gool_entry_free(&back);
    relic_buf_free(&f);
    relic_buf_free(&re);
    relic_buf_free(&text);
}

static void expect_asm_error(const char *src, const char *want)
{
    gool_entry g;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(gool_asm(src, strlen(src), &g, &err), RELIC_EDATA);
    if (!strstr(err.msg, want))
        fail_msg("'%s': got '%s'", want, err.msg);
}

static void test_asm_errors(void **state)
{
    (void)state;
    expect_asm_error(".code\n    FOO pop, pop\n", "line 2: unknown mnemonic 'FOO'");
    expect_asm_error(".code\n    MOVE push\n", "wrong operand count");
    expect_asm_error(".code\n    MOVE push, #256\n", "bad operand '#256'");
    expect_asm_error(".code\n    MOVE push, #0.03\n", "bad operand '#0.03'");
    expect_asm_error(".code\n    BRA nowhere, 0, pop\n", "bad operand 'nowhere'");
    expect_asm_error(".code\na:\na:\n", "line 3: label defined twice");
    expect_asm_error(".entry Toolong\n", "bad .entry name");
    /* Labels may be used before they are placed. */
    const char *ok = ".entry TestC\n.items 3\n.code\n    BRA end, 0, pop\n    NOP null, null\nend:\n"
                     "    RET 0, pop\n";
    gool_entry g;
    assert_int_equal(gool_asm(ok, strlen(ok), &g, NULL), RELIC_OK);
    assert_int_equal(g.code_len, 3);
    assert_int_equal(g.code[0], 0x8207C001u);
    assert_int_equal(g.code[1], 0x81BE0BE0u);
    gool_entry_free(&g);
    /* Field names and numbers are the same operand. */
    const char *named = ".code\n    MOVE self.trans_x, link[5].f9\n    MOVE self.f8, link[player].trans_y\n"
                        "    BNEZ @0, 0, misc\n";
    assert_int_equal(gool_asm(named, strlen(named), &g, NULL), RELIC_EDATA); /* link index is a number */
    named = ".code\n    MOVE self.trans_x, link[5].f9\n    MOVE self.f8, link[5].trans_y\n    BNEZ @0, 0, misc\n";
    assert_int_equal(gool_asm(named, strlen(named), &g, NULL), RELIC_OK);
    assert_int_equal(g.code[0], g.code[1]);
    assert_int_equal(g.code[0], 0x11D49E08u);
    assert_int_equal(g.code[2], 0x82194000u | 0x3FDu);
    gool_entry_free(&g);
}

/* The operand encodings per game: Crash 1 reads MOVC's field at bit 14 and
 * destinations as source classes; Crash 2/3 use CrashEdit's Setc2/Call2 and
 * DestRef.  Auto and unknown games read as Crash 1. */
static void test_game_encodings(void **state)
{
    (void)state;
    const gool_encoding *c1 = gool_game_encoding(GOOL_GAME_C1), *c2 = gool_game_encoding(GOOL_GAME_C2);
    const gool_encoding *c3 = gool_game_encoding(GOOL_GAME_C3);
    assert_int_equal(c1->dst2, 0);
    assert_int_equal(c1->movc_field, 14);
    assert_int_equal(c1->external_bit, 0);
    assert_int_equal(c2->dst2, 1);
    assert_int_equal(c2->movc_field, 18);
    assert_int_equal(c2->external_bit, 1);
    assert_memory_equal(c2, c3, sizeof *c2);
    assert_int_equal(gool_game_encoding(GOOL_GAME_AUTO)->movc_field, c1->movc_field);
    assert_int_equal(gool_game_encoding((gool_game)99)->dst2, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_operand_class_boundaries),
        cmocka_unit_test(test_sign_extension),
        cmocka_unit_test(test_operand_text),
        cmocka_unit_test(test_control_flow),
        cmocka_unit_test(test_pad_mask),
        cmocka_unit_test(test_crash2_set),
        cmocka_unit_test(test_crash2_destinations),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_game_round_trips),
        cmocka_unit_test(test_fixture_round_trip),
        cmocka_unit_test(test_asm_errors),
        cmocka_unit_test(test_game_encodings),
    };
    return cmocka_run_group_tests_name("gool_isa", tests, NULL, NULL);
}
