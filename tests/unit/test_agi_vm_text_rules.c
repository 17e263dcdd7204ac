/* Text, input and modal screens as AGI 2.936 draws them (tests/corpus/
 * agi_oracle/README.md, "Text, input and modal screens", probe games under
 * DOSBox): the input line is text cells written at its events in the text
 * attribute of that moment, a redraw clearing its row first; prevent.input
 * clears the row to black; echo.line adds the previous line's rest;
 * get.string's prompt and text are cells; the menu is cells on row 0 and
 * a box; the inventory is the text mode's black on grey. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_view.h"
#include "relic/agi_vm.h"
#include "agi_vm_support.h"

static uint8_t screen[AGI_SCREEN_W * AGI_SCREEN_H];

/* Function keys F1..F4 as controllers 1..4 running the given actions. */
static void vm_keys(agi_vm *vm, const char *f1, const char *f2, const char *f3, const char *f4)
{
    char src[1024];
    snprintf(src, sizeof src,
             "if (v50 == 0) {\n  v50 = 1;\n  set.string(s0, \">\");\n  set.cursor.char(\"_\");\n  accept.input();\n"
             "  set.key(0, 59, c1);\n  set.key(0, 60, c2);\n  set.key(0, 61, c3);\n  set.key(0, 62, c4);\n}\n"
             "if (controller(c1)) { %s }\nif (controller(c2)) { %s }\nif (controller(c3)) { %s }\n"
             "if (controller(c4)) { %s }\nreturn();",
             f1, f2, f3, f4);
    test_vm_logic(vm, 0, src);
}

/* A key is drawn in the attribute of now, the text before it stays as it
 * was drawn; Enter draws the whole line again in the attribute of now;
 * with a background the row is cleared white. */
static void test_input_line_attribute(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_keys(vm, "set.text.attribute(2, 0);", "set.text.attribute(14, 4);", "", "");
    const char *script = "1 key a\n2 key f1\n3 key b\n5 key enter\n7 key f2\n8 key c\n10 key enter\n";
    test_vm_run(vm, script, 4);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 0, '>', 15, 0));
    assert_true(test_cell_is(screen, 23, 1, 'a', 15, 0));
    assert_true(test_cell_is(screen, 23, 2, 'b', 2, 0));
    assert_true(test_cell_is(screen, 23, 3, '_', 2, 0));
    test_vm_run(vm, script, 6);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 0, '>', 2, 0));
    assert_true(test_cell_is(screen, 23, 1, '_', 2, 0));
    assert_true(test_cell_solid(screen, 23, 2, 0));
    test_vm_run(vm, script, 9);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 0, '>', 2, 0)); /* drawn before */
    assert_true(test_cell_is(screen, 23, 1, 'c', 0, 15));
    assert_true(test_cell_is(screen, 23, 2, '_', 0, 15));
    assert_true(test_cell_solid(screen, 23, 3, 0));
    test_vm_run(vm, script, 11);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 0, '>', 0, 15));
    assert_true(test_cell_solid(screen, 23, 2, 15));
    assert_true(test_cell_solid(screen, 23, 39, 15));
    agi_vm_free(vm);
}

/* Backspace draws the cursor character where the last character was and a
 * space where the cursor was, in the attribute of now. */
static void test_input_line_backspace(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_keys(vm, "set.text.attribute(14, 4);", "", "", "");
    test_vm_run(vm, "1 key a\n2 key b\n3 key f1\n4 key backspace\n", 6);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 1, 'a', 15, 0));
    assert_true(test_cell_is(screen, 23, 2, '_', 0, 15));
    assert_true(test_cell_solid(screen, 23, 3, 15));
    assert_string_equal(vm->input->input_line, "a");
    agi_vm_free(vm);
}

/* A redraw (accept.input) clears the row: display() text on it goes;
 * prevent.input clears it to black whatever the attribute, each time,
 * and keeps the typed text for the next accept.input. */
static void test_input_line_prevent_accept(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_keys(vm, "display(23, 10, \"XXXX\");", "prevent.input();", "accept.input();", "set.text.attribute(14, 4);");
    const char *script = "1 key a\n2 key f1\n3 key f3\n5 key f4\n6 key f2\n8 key f3\n9 key f1\n10 key f2\n";
    test_vm_run(vm, script, 3);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 10, 'X', 15, 0));
    test_vm_run(vm, script, 4);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 1, 'a', 15, 0));
    assert_true(test_cell_solid(screen, 23, 10, 0)); /* the redraw cleared it */
    test_vm_run(vm, script, 7);
    test_vm_draw(vm, screen);
    for (unsigned c = 0; c < 40; c++)
        assert_true(test_cell_solid(screen, 23, c, 0));
    test_vm_run(vm, script, 9);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 1, 'a', 0, 15)); /* kept, drawn black on white */
    test_vm_run(vm, script, 11);
    test_vm_draw(vm, screen);
    assert_true(test_cell_solid(screen, 23, 10, 0)); /* prevent.input again cleared it */
    assert_true(test_cell_solid(screen, 23, 1, 0));
    agi_vm_free(vm);
}

/* clear.lines over the input row wipes it; the next key draws only
 * itself and the cursor. */
static void test_input_line_cleared(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_keys(vm, "clear.lines(23, 23, 0);", "", "", "");
    test_vm_run(vm, "1 key a\n2 key b\n3 key f1\n4 key d\n", 6);
    test_vm_draw(vm, screen);
    assert_true(test_cell_solid(screen, 23, 0, 0));
    assert_true(test_cell_solid(screen, 23, 2, 0));
    assert_true(test_cell_is(screen, 23, 3, 'd', 15, 0));
    assert_true(test_cell_is(screen, 23, 4, '_', 15, 0));
    agi_vm_free(vm);
}

/* graphics() draws the input line again in the attribute of now. */
static void test_input_line_graphics(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_keys(vm, "set.text.attribute(2, 0);", "text.screen();", "graphics();", "");
    test_vm_run(vm, "1 key a\n2 key f1\n3 key f2\n4 key f3\n", 6);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 0, '>', 2, 0));
    assert_true(test_cell_is(screen, 23, 1, 'a', 2, 0));
    assert_true(test_cell_is(screen, 23, 2, '_', 2, 0));
    agi_vm_free(vm);
}

/* echo.line adds the previous line's characters beyond the current
 * length: "hel" entered, "x" typed, echo.line gives "xel". */
static void test_echo_line(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_keys(vm, "echo.line();", "", "", "");
    test_vm_run(vm, "1 key h\n2 key e\n3 key l\n4 key enter\n5 key x\n6 key f1\n", 8);
    test_vm_draw(vm, screen);
    assert_string_equal(vm->input->input_line, "xel");
    assert_true(test_cell_is(screen, 23, 1, 'x', 15, 0));
    assert_true(test_cell_is(screen, 23, 2, 'e', 15, 0));
    assert_true(test_cell_is(screen, 23, 3, 'l', 15, 0));
    assert_true(test_cell_is(screen, 23, 4, '_', 15, 0));
    agi_vm_free(vm);
}

/* get.string writes its prompt and text as cells at (row, col) over what
 * is there, in the attribute of now, and leaves them; the input line's
 * cursor becomes a space, then comes back one cell further right; at a
 * row from 25 on the prompt starts at the input line's cursor cell.
 * get.num's prompt takes the input line, which is drawn again after. */
static void test_get_string_cells(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_keys(vm, "display(10, 0, \"..........................\"); get.string(s1, \"Name: \", 10, 5, 12);",
            "get.num(\"N? \", v60);", "get.string(s2, \"L: \", 25, 0, 30);", "");
    const char *script = "1 key a\n2 key f1\n3 key B\n4 key o\n5 key enter\n7 key f2\n8 key 4\n9 key enter\n"
                         "10 key f3\n11 key x\n12 key enter\n";
    test_vm_run(vm, script, 5);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 10, 4, '.', 15, 0));
    assert_true(test_cell_is(screen, 10, 5, 'N', 15, 0));
    assert_true(test_cell_is(screen, 10, 12, 'o', 15, 0));
    assert_true(test_cell_is(screen, 10, 13, '_', 15, 0));
    assert_true(test_cell_is(screen, 10, 14, '.', 15, 0)); /* the rest of the row stays */
    assert_true(test_cell_solid(screen, 23, 2, 0));        /* the input cursor is a space */
    test_vm_run(vm, script, 6);
    test_vm_draw(vm, screen);
    assert_string_equal(vm->strings[1], "Bo");
    assert_true(test_cell_is(screen, 10, 12, 'o', 15, 0)); /* the text stays, its cursor goes */
    assert_true(test_cell_is(screen, 10, 13, ' ', 15, 0));
    assert_true(test_cell_is(screen, 23, 1, 'a', 15, 0));
    assert_true(test_cell_solid(screen, 23, 2, 0));
    assert_true(test_cell_is(screen, 23, 3, '_', 15, 0));
    test_vm_run(vm, script, 10); /* get.num done: ">a_" again */
    test_vm_draw(vm, screen);
    assert_int_equal(vm->vars[60], 4);
    assert_true(test_cell_is(screen, 23, 2, '_', 15, 0));
    assert_true(test_cell_solid(screen, 23, 3, 0));
    test_vm_run(vm, script, 13);
    test_vm_draw(vm, screen);
    assert_string_equal(vm->strings[2], "x");
    assert_true(test_cell_is(screen, 23, 1, 'a', 15, 0));
    assert_true(test_cell_is(screen, 23, 2, 'L', 15, 0)); /* the prompt from the cursor cell */
    assert_true(test_cell_is(screen, 23, 3, '_', 15, 0)); /* over its ':' */
    assert_true(test_cell_is(screen, 23, 5, 'x', 15, 0));
    agi_vm_free(vm);
}

/* The menu: the bar on row 0 (the status line on row 21), the drop-down
 * box from row 1 as wide as the first item, a longer item over its frame;
 * a disabled item dithered; closed, the box's cells show the picture, the
 * bar stays with no heading inverted and the cells outside the box stay. */
static void test_menu_cells(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "if (v50 == 0) {\n  v50 = 1;\n  status.line.on();\n  set.menu(\"File\");\n"
                  "  set.menu.item(\"ab\", c10);\n  set.menu.item(\"abcdef\", c11);\n  set.menu.item(\"Off\", c12);\n"
                  "  submit.menu();\n  disable.item(c12);\n  set(f14);\n  set.key(27, 0, c20);\n"
                  "  display(2, 0, \"XXXXXXXXXX\");\n}\nif (controller(c20)) { menu.input(); }\nreturn();");
    const char *script = "1 key esc\n4 key esc\n";
    test_vm_run(vm, script, 3);
    test_vm_draw(vm, screen);
    assert_int_equal(vm->modal->kind, AGI_MODAL_MENU);
    assert_true(test_cell_is(screen, 0, 1, 'F', 15, 0)); /* the open heading inverted */
    assert_true(test_cell_is(screen, 0, 5, ' ', 0, 15));
    assert_true(test_cell_is(screen, 21, 1, 'S', 0, 15));
    assert_true(test_cell_is(screen, 2, 1, 'a', 15, 0)); /* the selected item */
    assert_true(test_cell_is(screen, 3, 1, 'a', 0, 15));
    assert_true(test_cell_is(screen, 3, 6, 'f', 0, 15)); /* past the box */
    assert_int_equal(screen[8 * AGI_SCREEN_W + 0], 15);  /* the box: white, then the black frame */
    assert_int_equal(screen[9 * AGI_SCREEN_W + 4], 0);
    assert_int_equal(screen[16 * AGI_SCREEN_W + 2], 0);
    assert_int_equal(screen[16 * AGI_SCREEN_W + 3 * 8 + 4], 0); /* right frame after 2 cells of text */
    assert_int_equal(screen[16 * AGI_SCREEN_W + 3 * 8 + 6], 15);
    assert_true(test_cell_is(screen, 2, 5, 'X', 15, 0)); /* display() text right of the box */
    /* "Off" dithered: 'O' in black on white keeps black only where x + y is even */
    const uint8_t *gl = agi_vm_font + 8 * 'O';
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++)
            assert_int_equal(screen[(32 + y) * AGI_SCREEN_W + 8 + x], (gl[y] & (0x80 >> x)) && !((x + y) % 2) ? 0 : 15);
    test_vm_run(vm, script, 6);
    test_vm_draw(vm, screen);
    assert_int_equal(vm->modal->kind, AGI_MODAL_NONE);
    assert_true(test_cell_is(screen, 0, 1, 'F', 0, 15)); /* the bar stays, not inverted */
    assert_true(test_cell_solid(screen, 2, 1, 0));       /* the box's cells: the (black) picture */
    assert_true(test_cell_solid(screen, 1, 0, 0));
    assert_true(test_cell_is(screen, 3, 6, 'f', 0, 15)); /* the overflow stays */
    agi_vm_free(vm);
}

/* The inventory screen: the text mode's black on grey, the second item of
 * a row ending in column 38, the help of the acknowledgement from column
 * 4, the selection white on black and its help from column 2. */
static void test_inventory_screen(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    static agi_item names[3] = {{"?", 0, 0}, {"rope", 0, 0}, {"lamp", 0, 0}};
    static const uint8_t items[3] = {0, 0xff, 0xff};
    free(vm->items);
    vm->items = malloc(sizeof items);
    assert_non_null(vm->items);
    memcpy(vm->items, items, sizeof items);
    vm->item_count = 3;
    agi_objects saved = vm->objects_meta;
    vm->objects_meta.items = names;
    vm->objects_meta.count = 3;
    test_vm_logic(vm, 0, "if (!isset(f50)) { set(f50); status(); set(f13); status(); }\nreturn();");
    test_vm_run(vm, NULL, 1);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 0, 11, 'Y', 0, 7));
    assert_true(test_cell_is(screen, 2, 1, 'r', 0, 7));
    assert_true(test_cell_is(screen, 2, 35, 'l', 0, 7));
    assert_true(test_cell_is(screen, 2, 38, 'p', 0, 7));
    assert_true(test_cell_solid(screen, 2, 39, 7));
    assert_true(test_cell_is(screen, 24, 4, 'P', 0, 7));
    test_vm_run(vm, "1 key enter\n", 2);
    test_vm_draw(vm, screen);
    assert_true(vm->modal->interactive);
    assert_true(test_cell_is(screen, 2, 1, 'r', 15, 0));
    assert_true(test_cell_is(screen, 24, 2, 'P', 0, 7));
    vm->objects_meta = saved;
    agi_vm_free(vm);
}

/* Selecting (f13) with nothing carried, "nothing" is the selection,
 * white on black (ltec's F4 under AGI 2.936). */
static void test_inventory_nothing_selected(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm->item_count = 0;
    test_vm_logic(vm, 0, "if (!isset(f50)) { set(f50); status(); set(f13); status(); }\nreturn();");
    test_vm_run(vm, NULL, 1);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 2, 16, 'n', 0, 7)); /* acknowledging: black on grey */
    test_vm_run(vm, "1 key enter\n", 2);
    test_vm_draw(vm, screen);
    assert_true(vm->modal->interactive);
    assert_true(test_cell_is(screen, 2, 16, 'n', 15, 0));
    assert_true(test_cell_is(screen, 2, 22, 'g', 15, 0));
    agi_vm_free(vm);
}

/* %w shows a word as it was typed, known or not. */
static void test_word_as_typed(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    static agi_word words[1] = {{"look", 2}};
    agi_words saved = vm->words;
    vm->words.words = words;
    vm->words.count = 1;
    test_vm_logic(vm, 0, "accept.input();\nif (isset(f2)) { display(1, 0, \"[%w1][%w2]\"); }\nreturn();");
    test_vm_run(vm, "1 type \"LOOK Xyzzy\"\n", 3);
    assert_int_equal(vm->input->parse_count, 2); /* the unknown word's position */
    assert_string_equal(vm->input->parsed_text[0], "LOOK");
    assert_string_equal(vm->input->parsed_text[1], "Xyzzy");
    assert_string_equal(vm->txt->text[1], "[LOOK][Xyzzy]                           ");
    vm->words = saved;
    agi_vm_free(vm);
}

/* %vN|W shows the number in W digits, zero-padded (AGI 2.936, demoquest's
 * clock "0:01:26"); a longer one keeps its last W digits (ScummVM). */
static void test_var_width(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "v50 = 7; v51 = 5; v52 = 42; v53 = 200;\n"
                  "display(1, 0, \"[%v50|3][%v51|2][%v52|1][%v53][%v53|2]\");\nreturn();");
    test_vm_run(vm, NULL, 1);
    assert_string_equal(vm->txt->text[1], "[007][05][2][200][00]                   ");
    agi_vm_free(vm);
}

/* A backspace in a window's text clears the cell left of it and the
 * rest is written from there (groza's F1 window under AGI 2.936); the
 * box keeps the width the layout gave it. */
static void test_window_backspace(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "if (v50 == 0) {\n  v50 = 1;\n  show.pic();\n  print(\"ab\\x08cd\");\n}\nreturn();");
    test_vm_run(vm, NULL, 2);
    test_vm_draw(vm, screen);
    assert_true(vm->txt->win_open);
    /* "ab" 0x08 "cd" is laid out 5 wide (from column 17 on row 10) */
    assert_true(test_cell_is(screen, 10, 17, 'a', 0, 15));
    assert_true(test_cell_is(screen, 10, 18, 'c', 0, 15));
    assert_true(test_cell_is(screen, 10, 19, 'd', 0, 15));
    assert_true(test_cell_solid(screen, 10, 20, 15));
    assert_true(test_cell_solid(screen, 10, 21, 15));
    agi_vm_free(vm);
}

/* Closing a window copies the picture over its box: display() text under
 * it goes (the white picture shows), text outside stays.  An object
 * redrawn under a window left up (f15) wipes the window on its path. */
static void test_window_close_and_wipe(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_square(vm, 0);
    test_vm_logic(vm, 0,
                  "if (v50 == 0) {\n  v50 = 1;\n  show.pic();\n"
                  "  display(10, 0, \"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\");\n  print(\"hello\");\n}\n"
                  "if (v50 == 1 && v51 == 1) {\n  v50 = 2;\n  animate.obj(o1);\n  set.view(o1, 0);\n"
                  "  position(o1, 70, 84);\n  draw(o1);\n  v40 = 3;\n  set.dir(o1, v40);\n  v41 = 1;\n"
                  "  step.size(o1, v41);\n  set(f15);\n  print(\"a window left up\");\n}\nreturn();");
    test_vm_run(vm, "1 key enter\n", 3);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 10, 0, 'X', 15, 0));
    assert_true(test_cell_is(screen, 10, 14, 'X', 15, 0)); /* left of the box ("hello" from column 17) */
    assert_true(test_cell_solid(screen, 10, 16, 15));      /* under it: the picture */
    assert_true(test_cell_solid(screen, 10, 22, 15));
    assert_true(test_cell_is(screen, 10, 24, 'X', 15, 0));
    vm->vars[51] = 1;
    test_vm_run(vm, NULL, 8);
    test_vm_draw(vm, screen);
    assert_true(vm->txt->win_open);
    /* the window ("a window left up" on row 10 from column 12) is white
     * where the square has not been, and shows the square's path (the
     * white picture) and the square itself where it went */
    assert_true(test_cell_is(screen, 10, 14, 'w', 0, 15));
    assert_int_equal(vm->obj[1].x, 74);                      /* drawn on cycle 4, moving from cycle 5 */
    assert_int_equal(screen[82 * AGI_SCREEN_W + 2 * 77], 1); /* the square */
    assert_false(test_cell_is(screen, 10, 18, 'o', 0, 15));  /* its path over "window" */
    for (unsigned x = 140; x < 148; x++)
        assert_int_equal(screen[82 * AGI_SCREEN_W + x], 15);
    agi_vm_free(vm);
}

/* prevent.input with the input row moved: the line drawn on row 23 keeps
 * its text and loses its cursor; the new row is cleared. */
static void test_prevent_moved_row(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_keys(vm, "display(22, 5, \"ZZ\"); configure.screen(0, 22, 21); prevent.input();", "", "", "");
    test_vm_run(vm, "1 key a\n2 key f1\n", 4);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 1, 'a', 15, 0));
    assert_true(test_cell_solid(screen, 23, 2, 0));
    assert_true(test_cell_solid(screen, 22, 5, 0));
    agi_vm_free(vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_input_line_attribute),
        cmocka_unit_test(test_input_line_backspace),
        cmocka_unit_test(test_input_line_prevent_accept),
        cmocka_unit_test(test_input_line_cleared),
        cmocka_unit_test(test_input_line_graphics),
        cmocka_unit_test(test_echo_line),
        cmocka_unit_test(test_get_string_cells),
        cmocka_unit_test(test_menu_cells),
        cmocka_unit_test(test_inventory_screen),
        cmocka_unit_test(test_word_as_typed),
        cmocka_unit_test(test_window_close_and_wipe),
        cmocka_unit_test(test_window_backspace),
        cmocka_unit_test(test_var_width),
        cmocka_unit_test(test_inventory_nothing_selected),
        cmocka_unit_test(test_prevent_moved_row),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
