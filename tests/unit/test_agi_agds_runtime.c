/* An AGDS game at run time (libformats/agi/codepage.c, libvm/agi/vm/
 * vm_screen.c and vm_input.c): its CP866 text drawn with Cyrillic glyphs in
 * windows and text cells (relic's own or a font file's), the parser folding
 * typed Cyrillic letters to the Latin letters WORDS.TOK stores, the input
 * script's UTF-8 typed as CP866, and the state's text as UTF-8.  Each
 * fixture is explicit bytes; each test also runs the game without the
 * AGDS flag to show the rule is what makes the difference. */
#include <jansson.h>
#include <stdio.h>
#include "agi_vm_support.h"
#include "relic/agi_ext.h"
#include "relic/agi_vm_json.h"

static uint8_t screen[AGI_SCREEN_W * AGI_SCREEN_H];

/* Whether text cell (row, col) shows the 8 rows of glyph gl in fg on bg. */
static int cell_shows(const uint8_t *gl, unsigned row, unsigned col, uint8_t fg, uint8_t bg)
{
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++)
            if (screen[(row * 8 + y) * AGI_SCREEN_W + col * 8 + x] != ((gl[y] & (0x80 >> x)) ? fg : bg))
                return 0;
    return 1;
}

/* A VM running src as logic 0, compiled as a Sierra game's (CP437 text:
 * "Ç" is byte 0x80, "α" 0xe0), then flagged AGDS when agds is set (the
 * messages are already decoded, so they keep those bytes). */
static agi_vm *vm_with(const char *src, int agds)
{
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, src);
    vm->extensions = agds ? AGI_EXT_AGDS : 0;
    return vm;
}

/* The message window "\x80\xe0!" (CP866 "Ар!"): with the AGDS flag its
 * first cells show relic's Cyrillic glyphs, black on white; a Sierra game
 * draws those bytes blank in a window; a font file's upper half replaces
 * relic's. */
static void test_window_glyphs(void **state)
{
    (void)state;
    for (int agds = 0; agds < 2; agds++) {
        agi_vm *vm = vm_with("print(\"\xc3\x87\xce\xb1!\");\nreturn();", agds);
        test_vm_run(vm, NULL, 1);
        assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_MESSAGE);
        char lines[22][41];
        unsigned widest, top, left;
        assert_int_equal(agi_vm_window_layout(vm, lines, &widest, &top, &left), 1);
        assert_string_equal(lines[0], "\x80\xe0!");
        test_vm_draw(vm, screen);
        if (agds) {
            assert_true(cell_shows(agi_vm_font_cp866 + 8 * (0x80 - 0x80), top, left, 0, 15));
            assert_true(cell_shows(agi_vm_font_cp866 + 8 * (0xe0 - 0x80), top, left + 1, 0, 15));
        } else {
            assert_true(test_cell_solid(screen, top, left, 15));
            assert_true(test_cell_solid(screen, top, left + 1, 15));
        }
        assert_true(cell_shows(agi_vm_font + 8 * '!', top, left + 2, 0, 15));

        /* A font file's 128 glyphs: glyph 0x80 all ink, 0xe0 an underline. */
        uint8_t upper[AGI_FONT_UPPER_BYTES] = {0};
        memset(upper, 0xff, 8);
        upper[8 * 0x60 + 7] = 0xff;
        agi_vm_fonts f = {.upper = upper};
        agi_vm_screen_with(vm, &f, screen);
        if (agds) {
            assert_true(test_cell_solid(screen, top, left, 0));
            assert_true(cell_shows(upper + 8 * 0x60, top, left + 1, 0, 15));
        } else {
            assert_true(test_cell_solid(screen, top, left, 15));
        }
        agi_vm_free(vm);
    }
}

/* The input line (a text cell row, as the status line and display()
 * text): a typed CP866 byte echoes with its Cyrillic glyph in an AGDS
 * game, relic's box in a Sierra game. */
static void test_input_line_glyphs(void **state)
{
    (void)state;
    for (int agds = 0; agds < 2; agds++) {
        agi_vm *vm = vm_with("set.string(s0, \">\");\nset.cursor.char(\"_\");\naccept.input();\nreturn();", agds);
        test_vm_run(vm, "1 key 0xa2\n2 key \xd0\xb7\n", 3); /* в, then з by its UTF-8 */
        test_vm_draw(vm, screen);
        assert_true(test_cell_is(screen, 23, 0, '>', 15, 0));
        assert_true(cell_shows(agds ? agi_vm_font_cp866 + 8 * (0xa2 - 0x80) : agi_vm_font + 8 * 0xa2, 23, 1, 15, 0));
        /* з is CP866 0xa7; a Sierra game's page has no з: no key */
        assert_string_equal(vm->input->input_line, agds ? "\xa2\xa7" : "\xa2");
        assert_true(test_cell_is(screen, 23, agds ? 3 : 2, '_', 15, 0));
        agi_vm_free(vm);
    }
}

/* relic's glyphs: the letters are drawn (not the box of other codes), А
 * shares A's drawing, and the box drawing half stays a box. */
static void test_builtin_glyphs(void **state)
{
    (void)state;
    const uint8_t *box = agi_vm_font + 8 * 0x80;
    assert_memory_equal(agi_vm_font_cp866 + 8 * (0x80 - 0x80), agi_vm_font + 8 * 'A', 8);
    for (unsigned c = 0x80; c < 0x100; c++) {
        int letter = c <= 0xaf || (c >= 0xe0 && c <= 0xf1);
        assert_int_equal(memcmp(agi_vm_font_cp866 + 8 * (c - 0x80), box, 8) != 0, letter);
    }
    /* Б, Г, Ж, Я are drawn for relic: none is a Latin glyph */
    static const uint8_t own[] = {0x81, 0x83, 0x86, 0x9f};
    for (unsigned i = 0; i < sizeof own; i++)
        for (unsigned l = 'A'; l <= 'Z'; l++)
            assert_int_not_equal(memcmp(agi_vm_font_cp866 + 8 * (own[i] - 0x80), agi_vm_font + 8 * l, 8), 0);
}

/* A font file of the upper half: 1,024 bytes (INT 1Fh's table) or a whole
 * 2,048-byte 8x8 font, whose second half is used; other sizes are errors. */
static void test_upper_font_split(void **state)
{
    (void)state;
    static uint8_t data[2048];
    const uint8_t *upper;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_vm_upper_font_split(data, 1024, &upper, &err), RELIC_OK);
    assert_ptr_equal(upper, data);
    assert_int_equal(agi_vm_upper_font_split(data, 2048, &upper, &err), RELIC_OK);
    assert_ptr_equal(upper, data + 1024);
    assert_int_equal(agi_vm_upper_font_split(data, 1023, &upper, &err), RELIC_EDATA);
    assert_null(upper);
    assert_non_null(strstr(err.msg, "1,024"));
    assert_int_equal(agi_vm_upper_font_split(data, 4096, &upper, &err), RELIC_EDATA);
}

/* WORDS.TOK from explicit bytes: "kniga" (книга) id 7 under k, "vzqtj"
 * (взять) id 5 under v; the format keeps 7 bits a letter. */
static size_t words_tok(uint8_t *p)
{
    static const struct {
        const char *w;
        uint16_t id;
    } words[] = {{"kniga", 7}, {"vzqtj", 5}};
    size_t n = 52;
    memset(p, 0, 52);
    for (unsigned i = 0; i < 2; i++) {
        unsigned sec = (unsigned)(words[i].w[0] - 'a');
        p[2 * sec] = (uint8_t)(n >> 8), p[2 * sec + 1] = (uint8_t)n;
        p[n++] = 0; /* prefix */
        size_t len = strlen(words[i].w);
        for (size_t k = 0; k < len; k++)
            p[n++] = (uint8_t)((words[i].w[k] ^ 0x7f) | (k + 1 == len ? 0x80 : 0));
        p[n++] = (uint8_t)(words[i].id >> 8), p[n++] = (uint8_t)words[i].id;
    }
    p[n++] = 0;
    return n;
}

static void vm_words(agi_vm *vm)
{
    uint8_t tok[128];
    size_t n = words_tok(tok);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_words_decode(tok, n, &vm->words, &err), RELIC_OK);
    assert_int_equal(vm->words.count, 2);
}

/* "ВЗЯТЬ книга" typed in CP866: an AGDS game's parser folds each letter,
 * either case, to the dictionary's Latin letter and finds both words,
 * keeping the words as typed; a Sierra game's finds none. */
static void test_parser_cyrillic(void **state)
{
    (void)state;
    static const char line[] = "\x82\x87\x9f\x92\x9c \xaa\xad\xa8\xa3\xa0";
    for (int agds = 0; agds < 2; agds++) {
        agi_vm *vm = vm_with("return();", agds);
        vm_words(vm);
        agi_vm_parse(vm, line);
        if (agds) {
            assert_int_equal(vm->input->parse_count, 2);
            assert_int_equal(vm->input->parsed[0], 5);
            assert_int_equal(vm->input->parsed[1], 7);
            assert_string_equal(vm->input->parsed_text[0], "\x82\x87\x9f\x92\x9c");
            assert_int_equal(vm->vars[AGI_V_PARSE_ERROR], 0);
        } else {
            assert_int_equal(vm->input->parsed[0], AGI_WORD_UNKNOWN);
            assert_int_equal(vm->vars[AGI_V_PARSE_ERROR], 1);
        }
        assert_int_equal(vm->flags[AGI_F_INPUT], 1);
        agi_vm_free(vm);
    }
}

/* The code page rows: CP866 folds every Cyrillic letter to the Latin letter
 * of ScummVM's table (ё as е, й as и, ш and щ alike), CP437 only ASCII. */
static void test_codepage_fold(void **state)
{
    (void)state;
    const agi_codepage *ru = agi_codepage_for(AGI_EXT_AGDS), *pc = agi_codepage_for(0);
    assert_string_equal(ru->name, "cp866");
    assert_string_equal(pc->name, "cp437");
    assert_ptr_equal(agi_codepage_for(AGI_EXT_AGIPAL), pc);
    static const char small[] = "abvgdewziiklmnoprstufxcyhhjijeuq";
    for (unsigned i = 0; i < 32; i++) {
        uint8_t lower = (uint8_t)(i < 16 ? 0xa0 + i : 0xe0 + i - 16);
        assert_int_equal(ru->fold((uint8_t)(0x80 + i)), small[i]);
        assert_int_equal(ru->fold(lower), small[i]);
        assert_int_equal(pc->fold(lower), lower);
    }
    assert_int_equal(ru->fold(0xf0), 'e');
    assert_int_equal(ru->fold(0xf1), 'e');
    assert_int_equal(ru->fold('Q'), 'q');
    assert_int_equal(ru->fold(0xb0), 0xb0);
    assert_int_equal(pc->fold('Q'), 'q');
}

/* The input script's UTF-8 "взять книгу" is typed as CP866 in an AGDS game
 * (the parser then finds взять); the state reports the typed line, the
 * parsed words, a string and the message log as UTF-8 Cyrillic.  In a
 * Sierra game the same script types no CP866 bytes. */
static void test_script_and_state(void **state)
{
    (void)state;
    static const char script[] = "1 type \"\xd0\xb2\xd0\xb7\xd1\x8f\xd1\x82\xd1\x8c \xd0\xba\xd0\xbd\xd0\xb8\xd0"
                                 "\xb3\xd0\xb0\"\n";
    for (int agds = 0; agds < 2; agds++) {
        agi_vm *vm = vm_with(
            "set.string(s1, \"\xc3\x87\xce\xb1\");\nset.game.id(\"\xc3\x87\");\naccept.input();\nreturn();", agds);
        vm_words(vm);
        test_vm_run(vm, script, 2);
        json_t *j = agi_vm_state_json(vm);
        assert_non_null(j);
        json_t *parser = json_object_get(j, "parser");
        const char *last = json_string_value(json_object_get(parser, "last_input"));
        const char *s1 = json_string_value(json_array_get(json_object_get(j, "strings"), 1));
        if (agds) {
            assert_string_equal(vm->input->last_input, "\xa2\xa7\xef\xe2\xec \xaa\xad\xa8\xa3\xa0");
            assert_int_equal(vm->input->parsed[0], 5);
            assert_string_equal(last,
                                "\xd0\xb2\xd0\xb7\xd1\x8f\xd1\x82\xd1\x8c \xd0\xba\xd0\xbd\xd0\xb8\xd0\xb3\xd0\xb0");
            json_t *w0 = json_array_get(json_object_get(parser, "words"), 0);
            assert_string_equal(json_string_value(json_object_get(w0, "text")),
                                "\xd0\xb2\xd0\xb7\xd1\x8f\xd1\x82\xd1\x8c");
            assert_string_equal(s1, "\xd0\x90\xd1\x80"); /* Ар */
            assert_string_equal(json_string_value(json_object_get(j, "signature")), "\xd0\x90");
        } else {
            assert_int_equal(strchr(vm->input->last_input, (char)0xa2) == NULL, 1);
            assert_int_equal(vm->input->parsed[0], AGI_WORD_UNKNOWN);
            assert_string_equal(s1, "\xc3\x87\xce\xb1"); /* Çα */
        }
        json_decref(j);
        agi_vm_free(vm);
    }
}

/* A checkpoint's text is UTF-8 too: "message \"Ар!\"" holds on an AGDS
 * game's window "\x80\xe0!", not on a Sierra game's (whose bytes read
 * "Çα!"), and what was found is reported as UTF-8 in the game's page. */
static void test_expect_cyrillic(void **state)
{
    (void)state;
    static const char script[] = "1 expect message \"\xd0\x90\xd1\x80!\"\n1 expect message \"\xd0\x91\"\n";
    for (int agds = 0; agds < 2; agds++) {
        agi_vm *vm = vm_with("print(\"\xc3\x87\xce\xb1!\");\nreturn();", agds);
        test_vm_run(vm, NULL, 1);
        agi_input_script in = {0};
        relic_err err;
        relic_err_clear(&err);
        assert_int_equal(agi_input_parse(script, strlen(script), &in, &err), RELIC_OK);
        assert_int_equal(in.expect_count, 2);
        char found[700];
        assert_int_equal(agi_vm_expect_holds(vm, &in.expect[0], found, sizeof found), agds);
        assert_int_equal(agi_vm_expect_holds(vm, &in.expect[1], found, sizeof found), 0);
        assert_string_equal(found, agds ? "message \"\xd0\x90\xd1\x80!\"" : "message \"\xc3\x87\xce\xb1!\"");
        agi_input_free(&in);
        agi_vm_free(vm);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_window_glyphs),    cmocka_unit_test(test_input_line_glyphs),
        cmocka_unit_test(test_builtin_glyphs),   cmocka_unit_test(test_upper_font_split),
        cmocka_unit_test(test_parser_cyrillic),  cmocka_unit_test(test_codepage_fold),
        cmocka_unit_test(test_script_and_state), cmocka_unit_test(test_expect_cyrillic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
