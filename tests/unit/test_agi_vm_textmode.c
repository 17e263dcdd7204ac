/* display() text and the text mode against Sierra's AGI 2.936 as measured
 * under DOSBox (tests/corpus/agi_oracle/README.md, probes and groza's
 * title): rows past 24 written over row 24, a destructive backspace, long
 * runs of text, the word wrap's spaces (a break drops only the last space,
 * a cut drops none), the font file's parts by size, the 8x14 glyphs of
 * the text mode sampled to 200 rows, and the text mode's colours. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_vm.h"
#include "agi_vm_support.h"

static uint8_t screen[AGI_SCREEN_W * AGI_SCREEN_H];

/* Runs the VM up to cycle `to`. */
static void run_to(agi_vm *vm, unsigned long to)
{
    relic_err err;
    relic_err_clear(&err);
    if (agi_vm_run(vm, NULL, to, &err))
        fail_msg("run: %s", err.msg);
}

/* Row r's 40 characters. */
static const char *row_text(const agi_vm *vm, unsigned r)
{
    static char t[41];
    memcpy(t, vm->txt->text[r], 40);
    t[40] = 0;
    return t;
}

/* Past row 24 the cursor stays on row 24: each further line is written
 * over it from column 0 (the screen does not scroll). */
static void test_display_past_row_24(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "display(21, 0, \"A1\\nB22\\nC333333\\nD4444444444\\nE55\\nF6\");\nreturn();");
    run_to(vm, 1);
    assert_string_equal(row_text(vm, 21), "A1                                      ");
    assert_string_equal(row_text(vm, 23), "C333333                                 ");
    assert_string_equal(row_text(vm, 24), "F6544444444                             ");
    agi_vm_free(vm);
}

/* A line of 40 characters moves the cursor past row 24 twice, and the text
 * after a cut word goes on over row 24 ("IJK" over "nopqrstuvwxyz"). */
static void test_display_wrap_on_row_24(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "display(23, 0, \"Habcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz\\nIJK\");\nreturn();");
    run_to(vm, 1);
    assert_string_equal(row_text(vm, 23), "Habcdefghijklmnopqrstuvwxyzabcdefghijklm");
    assert_string_equal(row_text(vm, 24), "IJKqrstuvwxyz                           ");
    agi_vm_free(vm);
}

/* A message longer than 600 bytes is written to its end: row 24 shows its
 * last line (groza's title texts run on for 629 and 929 bytes). */
static void test_display_long_run(void **state)
{
    (void)state;
    static char src[2200], msg[1200];
    size_t o = 0;
    for (unsigned i = 0; i < 30; i++)
        o += (size_t)snprintf(msg + o, sizeof msg - o, "line %02u of a long run of display text\\n", i);
    msg[o - 2] = 0; /* no newline after the last */
    snprintf(src, sizeof src, "display(0, 0, \"%s\");\nreturn();", msg);
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, src);
    run_to(vm, 1);
    assert_string_equal(row_text(vm, 0), "line 00 of a long run of display text   ");
    assert_string_equal(row_text(vm, 23), "line 23 of a long run of display text   ");
    assert_string_equal(row_text(vm, 24), "line 29 of a long run of display text   ");
    agi_vm_free(vm);
}

/* 0x08 clears the cell left of the cursor and moves there; at column 0 the
 * cursor stays; 0x07, 0x09 and 0x1b are glyphs. */
static void test_display_backspace(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "display(2, 0, \"ab\\x08c\");\ndisplay(3, 5, \"\\x08xy\");\ndisplay(4, 0, \"\\x08xy\");\n"
                  "display(5, 0, \"abcd\\x08\\x08\\x08\\x08\\x08\\x08XY\");\ndisplay(6, 0, \"a\\x07b\\x09c\\x1bd\");\n"
                  "display(7, 0, \"abcdefghijklmnopqrstuvwxyzabcdefghijklm\\x08Q\");\nreturn();");
    run_to(vm, 1);
    assert_string_equal(row_text(vm, 2), "ac                                      ");
    assert_string_equal(row_text(vm, 3), "    xy                                  ");
    assert_string_equal(row_text(vm, 4), "xy                                      ");
    assert_string_equal(row_text(vm, 5), "XY                                      ");
    assert_string_equal(row_text(vm, 6), "a\ab\tc\x1b"
                                         "d                                 ");
    assert_string_equal(row_text(vm, 7), "abcdefghijklmnopqrstuvwxyzabcdefghijkl  ");
    assert_int_equal(vm->txt->text[8][0], 'Q');
    agi_vm_free(vm);
}

static unsigned wrap(const char *text, unsigned width, char lines[][41], unsigned *widest)
{
    return agi_vm_text_wrap(text, width, lines, 8, widest);
}

/* A line is broken at its last space when it would hold `width`
 * characters: spaces before that one stay (they widen a window), spaces
 * after it begin the next line; a line without a space is cut after
 * `width` characters and the spaces after the cut stay, a newline right
 * after it ending that line. */
static void test_wrap_spaces(void **state)
{
    (void)state;
    char lines[8][41];
    unsigned widest;
    assert_int_equal(wrap("aaaaaaaaaaaaaaaaaaaaaaaaa   bbbbbbbbb", 30, lines, &widest), 2);
    assert_string_equal(lines[0], "aaaaaaaaaaaaaaaaaaaaaaaaa  ");
    assert_string_equal(lines[1], "bbbbbbbbb");
    assert_int_equal(widest, 27);
    assert_int_equal(wrap("ccccccccccccccccccccccccccccc  dd", 30, lines, &widest), 2);
    assert_string_equal(lines[1], " dd");
    assert_int_equal(wrap("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  yy", 30, lines, &widest), 2);
    assert_string_equal(lines[0], "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    assert_string_equal(lines[1], "  yy");
    assert_int_equal(wrap("aaaaaaaaaaaaaaaaaaaaaaaaaaaa d", 30, lines, &widest), 2); /* 29 a line at most */
    assert_string_equal(lines[1], "d");
    assert_int_equal(wrap("ab\n", 30, lines, &widest), 2); /* a final newline: an empty line */
    assert_string_equal(lines[1], "");
    /* a newline right after a cut is the cut line's break (probe S6) */
    assert_int_equal(wrap("abcdefghijklmnopqrstuvwxyz0123\n\nin file:", 30, lines, &widest), 3);
    assert_string_equal(lines[0], "abcdefghijklmnopqrstuvwxyz0123");
    assert_string_equal(lines[1], "");
    assert_string_equal(lines[2], "in file:");
}

/* The font file's parts by its size; any other size is an error. */
static void test_fonts_split(void **state)
{
    (void)state;
    static uint8_t data[7680];
    agi_vm_fonts f;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_vm_fonts_split(data, 2048, &f, &err), RELIC_OK);
    assert_true(f.text == data && !f.window && !f.text14);
    assert_int_equal(agi_vm_fonts_split(data, 4096, &f, &err), RELIC_OK);
    assert_true(f.text == data && f.window == data + 2048 && !f.text14);
    assert_int_equal(agi_vm_fonts_split(data, 3584, &f, &err), RELIC_OK);
    assert_true(!f.text && !f.window && f.text14 == data);
    assert_int_equal(agi_vm_fonts_split(data, 5632, &f, &err), RELIC_OK);
    assert_true(f.text == data && !f.window && f.text14 == data + 2048);
    assert_int_equal(agi_vm_fonts_split(data, 7680, &f, &err), RELIC_OK);
    assert_true(f.text == data && f.window == data + 2048 && f.text14 == data + 4096);
    assert_int_equal(agi_vm_fonts_split(data, 3000, &f, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "3000"));
}

/* In the text mode a cell's 8 screen rows show glyph rows 0 1 3 5 7 8 10
 * 12 of the 8x14 font (the 640x350 screen sampled to 200 rows); graphics
 * mode and a text mode without the 8x14 font keep the 8x8 glyph. */
static void test_text_mode_font14(void **state)
{
    (void)state;
    static uint8_t font14[256 * 14], font8[256 * 8];
    for (unsigned r = 0; r < 14; r++)
        font14['A' * 14 + r] = (uint8_t)(r + 1); /* row r lights the bits of r + 1 */
    for (unsigned r = 0; r < 8; r++)
        font8['A' * 8 + r] = 0x80;
    static const uint8_t rows[8] = {0, 1, 3, 5, 7, 8, 10, 12};
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "if (v50 == 0) { set.text.attribute(14, 0); text.screen(); display(3, 2, \"A\"); }\n"
                  "if (v50 == 1) { graphics(); display(3, 2, \"A\"); }\nv50++;\nreturn();");
    run_to(vm, 1);
    agi_vm_render(vm);
    agi_vm_fonts f = {.text = font8, .text14 = font14};
    agi_vm_screen_with(vm, &f, screen);
    for (unsigned k = 0; k < 8; k++)
        for (unsigned x = 0; x < 8; x++)
            assert_int_equal(screen[(3 * 8 + k) * AGI_SCREEN_W + 2 * 8 + x], ((rows[k] + 1) & (0x80 >> x)) ? 14 : 0);
    f.text14 = NULL;
    agi_vm_screen_with(vm, &f, screen);
    for (unsigned k = 0; k < 8; k++)
        assert_int_equal(screen[(3 * 8 + k) * AGI_SCREEN_W + 2 * 8], 14);
    run_to(vm, 2);
    agi_vm_render(vm);
    f.text14 = font14; /* graphics mode: the 8x8 glyph */
    agi_vm_screen_with(vm, &f, screen);
    for (unsigned k = 0; k < 8; k++)
        assert_int_equal(screen[(3 * 8 + k) * AGI_SCREEN_W + 2 * 8], 14);
    agi_vm_free(vm);
}

/* Text-mode colours: the attribute byte's top bit blinks, so a background
 * shows as bg & 7; a non-zero background set in graphics mode was kept as
 * white and shows grey; clear.lines clears to black whatever the colour;
 * a window is its lines in black on grey with no box; no status or input
 * line is drawn. */
static void test_text_mode_colours(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "if (v50 == 0) { status.line.on(); accept.input(); set.text.attribute(2, 4); text.screen();\n"
                  "  display(1, 0, \"g\"); set.text.attribute(12, 12); display(4, 0, \"s\");\n"
                  "  clear.lines(7, 8, 1); print(\"hi\"); }\nv50++;\nreturn();");
    run_to(vm, 1);
    assert_int_equal(vm->txt->text_attr[0][0], 0x72); /* the screen cleared grey */
    assert_int_equal(vm->txt->text_attr[1][0], 0x72);
    assert_int_equal(vm->txt->text_attr[4][0], 0x4c);
    assert_int_equal(vm->txt->text_attr[7][5], 0x00);
    agi_vm_render(vm);
    agi_vm_screen(vm, NULL, screen);
    for (unsigned x = 0; x < AGI_SCREEN_W; x++) /* rows 21 and 23: the grey fill only */
        for (unsigned y = 0; y < 8; y++) {
            assert_int_equal(screen[(21 * 8 + y) * AGI_SCREEN_W + x], 7);
            assert_int_equal(screen[(23 * 8 + y) * AGI_SCREEN_W + x], 7);
        }
    for (unsigned y = 10 * 8 - 5; y < 10 * 8 + 13; y++) /* the window: no white box, no red frame */
        for (unsigned x = 19 * 8 - 10; x < 21 * 8 + 10; x++)
            assert_true(screen[y * AGI_SCREEN_W + x] == 7 || screen[y * AGI_SCREEN_W + x] == 0);
    agi_vm_free(vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_display_past_row_24), cmocka_unit_test(test_display_wrap_on_row_24),
        cmocka_unit_test(test_display_long_run),    cmocka_unit_test(test_display_backspace),
        cmocka_unit_test(test_wrap_spaces),         cmocka_unit_test(test_fonts_split),
        cmocka_unit_test(test_text_mode_font14),    cmocka_unit_test(test_text_mode_colours),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
