/* Unit tests for the AGI logic tools (libvm/agi): the command table against
 * version_profiles.md ranges, the disassembler, decompiler and compiler on
 * hand-built bytecode (logic_bytecode.md), every structural case round
 * tripped byte for byte, and malformed input reported with its offset. */
#include <string.h>
#include "relic/agi_logic.h"
#include "support.h"

/* A payload from code bytes (hex) and messages. */
static void payload(const char *hex, char **msgs, unsigned count, relic_buf *out)
{
    uint8_t code[512];
    size_t n = test_hex(hex, code, sizeof code);
    relic_buf_reset(out);
    assert_int_equal(agi_logic_encode(code, n, msgs, count, 1, out, NULL), RELIC_OK);
}

static agi_words test_words;
static agi_objects test_objects;

static void setup_names(void)
{
    static agi_word words[] = {{"anyword", 1}, {"look", 20}, {"peer", 20}, {"tree", 31}};
    static agi_item items[] = {{"?", 0, 0}, {"lamp", 0, 0}};
    test_words.words = words;
    test_words.count = 4;
    test_objects.items = items;
    test_objects.count = 2;
}

/* The listing of p assembles back to p. */
static void asm_round_trip(const relic_buf *p, const agi_logic_ctx *ctx)
{
    relic_buf lst = RELIC_BUF_INIT, re = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (agi_logic_disasm(p->data, p->len, ctx, &lst, &err))
        fail_msg("disassemble: %s", err.msg);
    agi_compile_opts o = {ctx->profile, ctx->words, ctx->objects, "t.asm", NULL, NULL, 0};
    if (agi_logic_assemble((char *)lst.data, lst.len, &o, &re, &err))
        fail_msg("assemble: %s\n%.*s", err.msg, (int)lst.len, (char *)lst.data);
    assert_int_equal(re.len, p->len);
    assert_memory_equal(re.data, p->data, p->len);
    relic_buf_free(&lst);
    relic_buf_free(&re);
}

/* Decompiles to exactly `want`, then compiles back to the same payload;
 * the listing assembles back to it too. */
static void round_trip(const relic_buf *p, const char *profile, const char *want)
{
    setup_names();
    agi_logic_ctx ctx = {agi_profile_find(profile), &test_words, &test_objects, 7, 0, 0};
    asm_round_trip(p, &ctx);
    relic_buf src = RELIC_BUF_INIT, re = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (agi_logic_decompile(p->data, p->len, &ctx, &src, &err))
        fail_msg("decompile: %s", err.msg);
    relic_buf_u8(&src, 0);
    if (want)
        assert_string_equal((char *)src.data, want);
    agi_compile_opts o = {ctx.profile, &test_words, &test_objects, "t.lgc", NULL, NULL, 0};
    if (agi_logic_compile((char *)src.data, src.len - 1, &o, &re, &err))
        fail_msg("compile: %s\n%s", err.msg, (char *)src.data);
    assert_int_equal(re.len, p->len);
    assert_memory_equal(re.data, p->data, p->len);
    relic_buf_free(&src);
    relic_buf_free(&re);
}

static void test_table_ranges(void **state)
{
    (void)state;
    unsigned n;
    const agi_profile *ps = agi_profiles(&n);
    for (unsigned i = 0; i < n; i++) {
        const agi_profile *p = &ps[i];
        assert_non_null(agi_action_info(p->action_max, p));
        assert_null(agi_action_info((uint8_t)(p->action_max + 1), p));
        assert_non_null(agi_condition_info(0x12, p));
        assert_null(agi_condition_info(0x13, p));
        for (unsigned op = 0; op <= p->action_max; op++) { /* "since" agrees with the ranges */
            const agi_cmd *c = agi_action_info((uint8_t)op, p);
            assert_int_equal(c->opcode, op);
            assert_int_equal(strlen(c->args), c->nargs);
            assert_true(agi_profile_find(c->since)->action_max >= op);
        }
    }
    assert_int_equal(agi_profile_find("2.089")->action_max, 0x9a);
    assert_int_equal(agi_profile_find("2.272")->action_max, 0xa0);
    assert_int_equal(agi_profile_find("2.440")->action_max, 0xa9);
    assert_int_equal(agi_profile_find("2.917")->action_max, 0xad);
    assert_int_equal(agi_profile_find("2.936")->action_max, 0xaf);
    assert_int_equal(agi_profile_find("3.002.086")->action_max, 0xb1);
    assert_int_equal(agi_profile_find("3.002.149")->action_max, 0xb5);
    assert_null(agi_action_info(0xb6, NULL));
}

static void test_table_variants(void **state)
{
    (void)state;
    assert_int_equal(agi_action_info(0x86, agi_profile_find("2.089"))->nargs, 0);
    assert_int_equal(agi_action_info(0x86, agi_profile_find("2.230"))->nargs, 0);
    assert_int_equal(agi_action_info(0x86, agi_profile_find("2.272"))->nargs, 1);
    assert_int_equal(agi_action_info(0xb0, agi_profile_find("3.002.086"))->nargs, 1);
    assert_int_equal(agi_action_info(0xb0, agi_profile_find("3.002.102"))->nargs, 0);
    assert_int_equal(agi_action_info(0x97, agi_profile_find("2.411"))->nargs, 4);
    assert_string_equal(agi_action_find("PRINT.AT", NULL)->name, "print.at");
    assert_int_equal(agi_action_find("menu.input", NULL)->opcode, 0xa1);
    assert_null(agi_action_find("menu.input", agi_profile_find("2.272")));
    assert_int_equal(agi_condition_find("said", NULL)->opcode, 0x0e);
    assert_null(agi_condition_find("nonsense", NULL));
}

static void test_nested_or_not_else(void **state)
{
    (void)state;
    char *msgs[] = {"hi"};
    relic_buf p = RELIC_BUF_INIT;
    payload("ff 07 05 ff 14 00"
            " ff fc 01 01 01 fd 09 01 fc ff 05 00 65 01 fe 03 00 05 03 02"
            " 00",
            msgs, 1, &p);
    round_trip(&p, "2.936",
               "// logic 7, decompiled by relic for profile 2.936\n"
               "if (isset(f5)) {\n"
               "  if ((v1 == 1 || !has(\"lamp\"))) {\n"
               "    print(\"hi\");\n"
               "  } else {\n"
               "    v3 += 2;\n"
               "  }\n"
               "}\n"
               "return();\n"
               "\n// Messages\n#message 1 \"hi\"\n");
    relic_buf_free(&p);
}

static void test_said_backward_goto(void **state)
{
    (void)state;
    relic_buf p = RELIC_BUF_INIT;
    /* said("look", anyword 0x0001, rest-of-line 0x270f); goto back to 0 */
    payload("ff 0e 03 14 00 01 00 0f 27 ff 03 00 fe f1 ff 00", NULL, 0, &p);
    round_trip(&p, "2.936",
               "// logic 7, decompiled by relic for profile 2.936\n"
               "L0000:\n"
               "if (said(\"look\",\"anyword\",9999)) {\n"
               "  goto(L0000);\n"
               "}\n"
               "return();\n"
               "\n// Messages\n");
    relic_buf_free(&p);
}

static void test_comparisons_and_arith(void **state)
{
    (void)state;
    relic_buf p = RELIC_BUF_INIT;
    /* !=, >=, <= (NOT + equal/less/greater), isset.v, assignments */
    payload("ff fd 01 02 03 fd 04 02 03 fd 05 02 07 08 04 ff 00 00"
            " 01 04 02 04 03 04 05 04 04 05 05 04 05 06 04 05 07 04 01 08 04 05"
            " 09 04 05 0a 04 05 0b 04 06 a5 04 02 a6 04 05 a7 04 02 a8 04 05 00",
            NULL, 0, &p);
    round_trip(&p, "2.936",
               "// logic 7, decompiled by relic for profile 2.936\n"
               "if (v2 != 3 && v2 >= v3 && v2 <= 7 && isset.v(v4)) {\n"
               "}\n"
               "v4++;\n"
               "v4--;\n"
               "v4 = 5;\n"
               "v4 = v5;\n"
               "v4 += 5;\n"
               "v4 += v5;\n"
               "v4 -= 1;\n"
               "v4 -= v5;\n"
               "*v4 = v5;\n"
               "v4 = *v5;\n"
               "*v4 = 6;\n"
               "v4 *= 2;\n"
               "v4 *= v5;\n"
               "v4 /= 2;\n"
               "v4 /= v5;\n"
               "return();\n"
               "\n// Messages\n");
    relic_buf_free(&p);
}

static void test_unstructured_kept(void **state)
{
    (void)state;
    relic_buf p = RELIC_BUF_INIT;
    /* the inner if's false jump leaves its enclosing block: no source form */
    payload("ff 07 01 ff 08 00 ff 07 02 ff 04 00 0c 03 00 00 0c 04 00", NULL, 0, &p);
    round_trip(&p, "2.936", NULL);
    /* a goto into the middle of an instruction */
    payload("fe 01 00 0c 0d 00", NULL, 0, &p);
    round_trip(&p, "2.936", NULL);
    /* a long header kept as bytes (its false jump goes backwards) wraps
     * over several #bytes lines */
    payload("ff 0e 0c 01 00 01 00 01 00 01 00 01 00 01 00 01 00 01 00 01 00 01 00 01 00 01 00 ff e2 ff 00", NULL, 0,
            &p);
    round_trip(&p, "2.936",
               "// logic 7, decompiled by relic for profile 2.936\n"
               "// relic: if (said(\"anyword\",\"anyword\",\"anyword\",\"anyword\",\"anyword\",\"anyword\","
               "\"anyword\",\"anyword\",\"anyword\",\"anyword\",\"anyword\",\"anyword\")) has no structured form "
               "(its false jump leaves the block); its header is kept as stored, false -> 0x0000\n"
               "#bytes ff 0e 0c 01 00 01 00 01 00 01 00 01 00 01 00 01\n"
               "#bytes 00 01 00 01 00 01 00 01 00 01 00 ff e2 ff\n"
               "return();\n\n// Messages\n");
    /* odd markers: a dangling NOT, an unclosed OR group, an empty list */
    payload("ff 07 01 fd ff 00 00 ff fc 07 01 ff 00 00 ff ff 00 00 00", NULL, 0, &p);
    round_trip(&p, "2.936", NULL);
    relic_buf_free(&p);
}

static void test_messages_shared_and_raw(void **state)
{
    (void)state;
    char *msgs[] = {"same", "same", NULL, "x\n\"q\"\x01\xe9"};
    relic_buf p = RELIC_BUF_INIT;
    payload("65 01 65 02 65 03 65 04 65 09 00", msgs, 4, &p);
    round_trip(&p, "2.936",
               "// logic 7, decompiled by relic for profile 2.936\n"
               "print(\"same\");\n"
               "print(m2);\n"
               "print(m3);\n"
               "print(\"x\\n\\\"q\\\"\\x01\xce\x98\");\n"
               "print(m9);\n"
               "return();\n"
               "\n// Messages\n#message 1 \"same\"\n#message 2 \"same\"\n#message 4 \"x\\n\\\"q\\\"\\x01\xce\x98\"\n");
    /* a trailing absent message cannot come from #message lines */
    char *holes[] = {"a", NULL};
    payload("65 01 00", holes, 2, &p);
    round_trip(&p, "2.936", NULL);
    relic_buf_free(&p);
}

static void test_v3_and_profile_opcodes(void **state)
{
    (void)state;
    relic_buf p = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
    payload("b3 01 02 03 04 b4 01 02 b5 b1 01 00", NULL, 0, &p);
    round_trip(&p, "3.002.149",
               "// logic 7, decompiled by relic for profile 3.002.149\n"
               "fence.mouse(1,2,3,4);\nmouse.posn(v1,v2);\nrelease.key();\nallow.menu(1);\nreturn();\n"
               "\n// Messages\n");
    payload("b0 07 00", NULL, 0, &p); /* 3.002.086: hide.mouse eats a byte */
    round_trip(&p, "3.002.086",
               "// logic 7, decompiled by relic for profile 3.002.086\n"
               "hide.mouse(7);\nreturn();\n\n// Messages\n");
    payload("86 00", NULL, 0, &p); /* 2.089 quit has no selector */
    round_trip(&p, "2.089", "// logic 7, decompiled by relic for profile 2.089\nquit();\nreturn();\n\n// Messages\n");
    /* an action of a later profile: kept as bytes, noted */
    payload("ff 0c 13 ff 01 00 a1 00", NULL, 0, &p);
    round_trip(&p, "2.272", NULL);
    agi_logic_ctx ctx = {agi_profile_find("2.272"), NULL, NULL, 0, 0, 0};
    assert_int_equal(agi_logic_disasm(p.data, p.len, &ctx, &out, NULL), RELIC_OK);
    relic_buf_u8(&out, 0);
    assert_non_null(strstr((char *)out.data, "menu.input   ; not an action of profile 2.272"));
    relic_buf_free(&out);
    relic_buf_free(&p);
}

static void test_disasm_listing(void **state)
{
    (void)state;
    char *msgs[] = {"hi"};
    relic_buf p = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
    payload("ff fc fd 07 01 0e 02 01 00 0f 27 fc ff 02 00 65 01 fe ec ff 00", msgs, 1, &p);
    setup_names();
    agi_logic_ctx ctx = {agi_profile_find("2.936"), &test_words, NULL, 3, 1, 0};
    assert_int_equal(agi_logic_disasm(p.data, p.len, &ctx, &out, NULL), RELIC_OK);
    relic_buf_u8(&out, 0);
    const char *want = "; logic 3, profile 2.936: 21 code bytes, 1 messages (encrypted)\n"
                       "; offsets count from the first bytecode byte (payload offset 2)\n"
                       "L0000:\n"
                       "0000  ff                         if\n"
                       "0001  fc                           or.begin\n"
                       "0002  fd                             not\n"
                       "0003  07 01                          isset f1\n"
                       "0005  0e 02 01 00 0f 27              said 1, 9999   ; 1=\"anyword\"\n"
                       "000b  fc                           or.end\n"
                       "000c  ff 02 00                   then, else L0011\n"
                       "000f  65 01                      print m1   ; m1=\"hi\"\n"
                       "L0011:\n"
                       "0011  fe ec ff                   goto L0000\n"
                       "0014  00                         return\n"
                       "#message 1 \"hi\"\n";
    assert_string_equal((char *)out.data, want);
    relic_buf_free(&out);
    relic_buf_free(&p);
}

static void expect_error(const char *hex, const char *profile, int strict, const char *msg, size_t offset)
{
    uint8_t raw[64];
    size_t n = test_hex(hex, raw, sizeof raw);
    agi_logic_ctx ctx = {profile ? agi_profile_find(profile) : NULL, NULL, NULL, 0, strict, 0};
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_logic_disasm(raw, n, &ctx, &out, &err), RELIC_EDATA);
    if (!strstr(err.msg, msg))
        fail_msg("'%s' does not say '%s'", err.msg, msg);
    assert_int_equal(err.offset, offset);
    relic_err_clear(&err);
    assert_int_equal(agi_logic_decompile(raw, n, &ctx, &out, &err), RELIC_EDATA);
    assert_int_equal(err.offset, offset);
    relic_buf_free(&out);
}

/* The room map's reader: new.room and call by number, new.room.v right
 * after an assignn of its variable, and not when a jump lands between
 * them or the variable differs. */
static void test_refs(void **state)
{
    (void)state;
    uint8_t raw[64];
    agi_logic_refs r;
    size_t n = test_hex("0c 00 12 05 03 1e 07 13 1e 13 1f 16 02 00 00 01 00", raw, sizeof raw);
    assert_int_equal(agi_logic_refs_read(raw, n, NULL, &r, NULL), RELIC_OK);
    for (unsigned i = 0; i < 256; i++) {
        assert_int_equal(r.new_room[i], i == 5 || i == 7);
        assert_int_equal(r.call[i], i == 2);
    }
    assert_int_equal(r.new_room_unknown, 1);
    assert_int_equal(r.call_unknown, 0);
    n = test_hex("09 00 fe 03 00 03 1e 09 13 1e 00 00 01 00", raw, sizeof raw);
    assert_int_equal(agi_logic_refs_read(raw, n, NULL, &r, NULL), RELIC_OK);
    assert_int_equal(r.new_room[9], 0);
    assert_int_equal(r.new_room_unknown, 1);
    n = test_hex("03 00 fe 10 00 00 01 00", raw, sizeof raw);
    relic_err err;
    assert_int_equal(agi_logic_refs_read(raw, n, NULL, &r, &err), RELIC_EDATA);
}

static void test_malformed(void **state)
{
    (void)state;
    expect_error("03 00 fe 10 00 00 01 00", NULL, 0, "jump to 0x13 outside the code", 2);
    expect_error("05 00 00 fe f0 ff 00 01 00", NULL, 0, "jump to 0x", 3);
    expect_error("02 00 00 0c 00 01 00", NULL, 0, "set truncated", 3);
    expect_error("04 00 ff 0e 05 14 00 01 00", NULL, 0, "said truncated", 3);
    expect_error("03 00 ff 07 01 00 01 00", NULL, 0, "condition list runs past", 2);
    expect_error("02 00 ae 01 00 01 00", "2.917", 1, "unknown action 0xae for profile 2.917", 2);
    expect_error("01 00 c0 00 01 00", NULL, 0, "unknown action 0xc0", 2);
    expect_error("04 00 ff 13 ff 00 00 01 00", NULL, 0, "unknown condition 0x13", 3);
    expect_error("09 00 00", NULL, 0, "code length 9 runs past", 0);
    /* a goto onto itself decompiles (no loop in the decompiler) */
    relic_buf p = RELIC_BUF_INIT;
    payload("fe fd ff", NULL, 0, &p);
    round_trip(&p, "2.936", "// logic 7, decompiled by relic for profile 2.936\nL0000:\ngoto(L0000);\n\n// Messages\n");
    relic_buf_free(&p);
}

static int test_include(void *user, const char *name, relic_buf *out, relic_err *err)
{
    (void)user;
    if (strcmp(name, "defs.h"))
        return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "not found");
    const char *t = "#define ego o0\n#define lamp \"lamp\"\n#define room_flag f5\n";
    relic_buf_append(out, t, strlen(t));
    return RELIC_OK;
}

static void compile_expect(const char *src, const char *profile, const char *want_hex, const char *want_err)
{
    setup_names();
    agi_compile_opts o = {
        profile ? agi_profile_find(profile) : NULL, &test_words, &test_objects, "t.lgc", test_include, NULL, 0};
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_logic_compile(src, strlen(src), &o, &out, &err);
    if (want_err) {
        assert_int_equal(rc, RELIC_EDATA);
        if (strcmp(err.msg, want_err))
            fail_msg("got '%s', want '%s'", err.msg, want_err);
    } else {
        if (rc)
            fail_msg("compile: %s", err.msg);
        uint8_t want[256];
        size_t n = test_hex(want_hex, want, sizeof want);
        assert_int_equal(out.len, n);
        assert_memory_equal(out.data, want, n);
    }
    relic_buf_free(&out);
}

static void test_assemble_by_hand(void **state)
{
    (void)state;
    setup_names();
    /* no offset or bytes columns: written by hand */
    const char *src = "; a hand-written listing\n"
                      "top:\n"
                      "  if\n    or.begin\n      not\n      isset f1\n      said \"look\", 31\n    or.end\n"
                      "  then, else skip\n"
                      "  print m1 ; comment\n"
                      "skip:\n"
                      "  goto top\n"
                      "  return\n"
                      "#message 1 \"hi\"\n";
    agi_compile_opts o = {agi_profile_find("2.936"), &test_words, &test_objects, "h.asm", NULL, NULL, 0};
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (agi_logic_assemble(src, strlen(src), &o, &out, &err))
        fail_msg("%s", err.msg);
    uint8_t want[64];
    size_t n = test_hex("15 00 ff fc fd 07 01 0e 02 14 00 1f 00 fc ff 02 00 65 01 fe ec ff 00"
                        " 01 07 00 04 00 29 1f 69",
                        want, sizeof want);
    assert_int_equal(out.len, n);
    assert_memory_equal(out.data, want, n);
    const char *bad = "if\n  isset f1\n";
    assert_int_equal(agi_logic_assemble(bad, strlen(bad), &o, &out, &err), RELIC_EDATA);
    assert_string_equal(err.msg, "h.asm:3:1: condition list without its 'then, else LABEL'");
    bad = "print m1\nisset f1\n";
    assert_int_equal(agi_logic_assemble(bad, strlen(bad), &o, &out, &err), RELIC_EDATA);
    assert_string_equal(err.msg, "h.asm:2:1: unknown action 'isset' for this profile");
    relic_buf_free(&out);
}

static void test_compile_source_forms(void **state)
{
    (void)state;
    /* #include, #define, item by name, said by word, adjacent strings,
     * a new message numbered after the declared ones, comments */
    compile_expect("#include \"defs.h\"\n/* block */ if (room_flag && said(\"peer\", \"tree\")) { // c\n"
                   "  get(lamp); erase(ego); print(\"a\" \"b\"); print(\"new\");\n}\nreturn();\n#message 1 \"ab\"\n",
                   "2.936",
                   /* 0x15 code bytes, then the table: "ab" and "new" XORed with "Avis Durgan" */
                   "15 00 ff 07 05 0e 02 14 00 1f 00 ff 08 00 5c 01 24 00 65 01 65 02 00"
                   " 02 0d 00 06 00 09 00 20 14 69 1d 45 33 75",
                   NULL);
    compile_expect("if (isset(f5)) {\n  print(\"x\";\n}\n", NULL, NULL, "t.lgc:2:12: expected ')', found ';'");
    compile_expect("goto(nowhere);\n", NULL, NULL, "t.lgc:1:6: label 'nowhere' is not defined");
    compile_expect("if (isset(f1)) {\n", NULL, NULL, "t.lgc:1:1: block opened here is never closed");
    compile_expect("menu.input();\n", "2.272", NULL, "t.lgc:1:1: menu.input is not an action of this profile");
    compile_expect("bogus(1);\n", NULL, NULL, "t.lgc:1:1: unknown action 'bogus'");
    compile_expect("if (said(\"xyzzy\")) {}\n", NULL, NULL, "t.lgc:1:10: \"xyzzy\" is not in the dictionary");
    compile_expect("set(v1);\n", NULL, NULL, "t.lgc:1:5: expected a f operand, found 'v1'");
    compile_expect("v1 = 300;\n", NULL, NULL, "t.lgc:1:6: operand 300 is larger than 255");
    compile_expect("#include \"nope.h\"\n", NULL, NULL, "t.lgc:1:1: #include \"nope.h\": not found");
    compile_expect("print(\"a\n", NULL, NULL, "t.lgc:1:7: unterminated string");
    compile_expect("/* open", NULL, NULL, "t.lgc:1:1: unterminated comment");
    compile_expect("if ((isset(f1) && isset(f2))) {}", NULL, NULL,
                   "t.lgc:1:16: expected '||' or ')' in an OR group, found '&&'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_ranges),
        cmocka_unit_test(test_table_variants),
        cmocka_unit_test(test_nested_or_not_else),
        cmocka_unit_test(test_said_backward_goto),
        cmocka_unit_test(test_comparisons_and_arith),
        cmocka_unit_test(test_unstructured_kept),
        cmocka_unit_test(test_messages_shared_and_raw),
        cmocka_unit_test(test_v3_and_profile_opcodes),
        cmocka_unit_test(test_disasm_listing),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_refs),
        cmocka_unit_test(test_compile_source_forms),
        cmocka_unit_test(test_assemble_by_hand),
    };
    return cmocka_run_group_tests_name("agi_logic", tests, NULL, NULL);
}
