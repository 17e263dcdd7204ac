/* The AGI interpreter against Sierra's AGI 2.936 as measured under DOSBox
 * (tests/corpus/agi_oracle/README.md): the first cycle is a room entry and
 * the state at cycle 0; the screen layout before configure.screen; the
 * message window's box, word wrap, trailing newline, the "Message too
 * verbose" window and blank high characters; print.at rows counted from the
 * display base row; the status line's fixed columns; the input line's
 * prompt string and cursor; text attributes and clearing colours in
 * graphics mode; errors the original survives (the rest of the cycle is
 * abandoned) and a full replay list (the pair is dropped). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_logic.h"
#include "relic/agi_view.h"
#include "relic/agi_vm.h"
#include "agi_vm_support.h"

static uint8_t screen[AGI_SCREEN_W * AGI_SCREEN_H];

static void draw(agi_vm *vm) { agi_vm_screen(vm, NULL, screen); }


/* Cycle 0 is a room entry (f5), without f11 in 2.936; v20 is 0 (PC). */
static void test_first_cycle(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "v53++;\nif (isset(f5)) { v50++; }\nif (isset(f11)) { v51 = 1; }\nv52 = v20;\nreturn();");
    test_vm_run(vm, NULL, 2);
    assert_int_equal(vm->vars[50], 1); /* the first cycle only */
    assert_int_equal(vm->vars[51], 0);
    assert_int_equal(vm->vars[52], 0);
    assert_int_equal(vm->vars[53], 2);
    agi_vm_free(vm);
}

/* Before configure.screen: the picture from row 0, the status line on 21. */
static void test_default_layout(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "status.line.on();\nreturn();");
    test_vm_run(vm, NULL, 1);
    draw(vm);
    assert_true(test_cell_is(screen, 21, 1, 'S', 0, 15));
    assert_true(test_cell_solid(screen, 0, 1, 0));
    agi_vm_free(vm);
}

/* "Score:" from column 1 and "Sound:" from column 30, whatever the width. */
static void test_status_columns(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "configure.screen(1, 22, 0);\nstatus.line.on();\nv3 = 5;\nv7 = 255;\nreturn();");
    test_vm_run(vm, NULL, 1);
    draw(vm);
    assert_true(test_cell_is(screen, 0, 1, 'S', 0, 15));
    assert_true(test_cell_is(screen, 0, 12, '2', 0, 15));
    assert_true(test_cell_solid(screen, 0, 29, 15));
    assert_true(test_cell_is(screen, 0, 30, 'S', 0, 15));
    assert_true(test_cell_is(screen, 0, 36, 'o', 0, 15));
    agi_vm_free(vm);
}

/* The prompt string s0, the text (none typed here), then the cursor. */
static void test_input_line(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "configure.screen(1, 22, 0);\nset.string(s0, \">\");\nset.cursor.char(\"_\");\n"
                  "accept.input();\nreturn();");
    test_vm_run(vm, NULL, 1);
    draw(vm);
    assert_true(test_cell_is(screen, 22, 0, '>', 15, 0));
    assert_true(test_cell_is(screen, 22, 1, '_', 15, 0));
    agi_vm_free(vm);
}

/* The box of a one-line, two-character message centred on a black frame:
 * text at row 10, column 19 (x 152, y 80); white from x 142 to 177 and y 75
 * to 92; the red frame on x 144-145 and 174-175, y 76 and 91. */
static void test_window_box(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "print(\"ab\");\nreturn();");
    test_vm_run(vm, NULL, 1);
    draw(vm);
    assert_true(test_cell_is(screen, 10, 19, 'a', 0, 15));
    assert_int_equal(test_px(screen, 141, 80), 0);
    assert_int_equal(test_px(screen, 142, 75), 15);
    assert_int_equal(test_px(screen, 143, 80), 15);
    assert_int_equal(test_px(screen, 144, 80), 4);
    assert_int_equal(test_px(screen, 145, 80), 4);
    assert_int_equal(test_px(screen, 146, 80), 15);
    assert_int_equal(test_px(screen, 150, 76), 4);
    assert_int_equal(test_px(screen, 150, 91), 4);
    assert_int_equal(test_px(screen, 150, 92), 15);
    assert_int_equal(test_px(screen, 150, 93), 0);
    assert_int_equal(test_px(screen, 174, 80), 4);
    assert_int_equal(test_px(screen, 176, 80), 15);
    assert_int_equal(test_px(screen, 177, 92), 15);
    assert_int_equal(test_px(screen, 178, 80), 0);
    agi_vm_free(vm);
}

/* A word that would reach the width with its leading space moves on: 28
 * characters then " d" is two lines (top row 9, left column 6). */
static void test_word_wrap(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "print(\"aaaaaaaaa bbbbbbbbb cccccccc d\");\nreturn();");
    test_vm_run(vm, NULL, 1);
    draw(vm);
    assert_true(test_cell_is(screen, 9, 6, 'a', 0, 15));
    assert_true(test_cell_is(screen, 9, 33, 'c', 0, 15));
    assert_true(test_cell_is(screen, 10, 6, 'd', 0, 15));
    agi_vm_free(vm);
}

/* A trailing newline gives an empty last line: "abc\n" is two lines. */
static void test_trailing_newline(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "print(\"abc\\n\");\nreturn();");
    test_vm_run(vm, NULL, 1);
    draw(vm);
    assert_true(test_cell_is(screen, 9, 18, 'a', 0, 15)); /* (21 - 2) / 2 */
    assert_true(test_cell_solid(screen, 10, 18, 15));
    assert_int_equal(test_px(screen, 150, 92), 15); /* the box reaches (9 + 2) * 8 + 4 */
    agi_vm_free(vm);
}

/* 19 lines are shown; from 20 the original's "Message too verbose" window
 * quotes the first 20 characters; bytes from 0x80 are blank in a window. */
static void test_verbose_and_high_chars(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(
        vm, 0,
        "if (v50 == 0) { print(\"a\\na\\na\\na\\na\\na\\na\\na\\na\\na\\na\\na\\na\\na\\na\\na\\na\\na\\na\"); }\n"
        "if (v50 == 1) { "
        "print("
        "\"bbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb"
        "\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\\nbbbbbbb\"); }\n"
        "if (v50 == 2) { print(\"x\\xc4y\"); }\nv50++;\nreturn();");
    test_vm_run(vm, "2 key enter\n4 key enter\n", 1);
    draw(vm);
    assert_true(test_cell_is(screen, 1, 19, 'a', 0, 15)); /* 19 lines from row 1 */
    assert_true(test_cell_is(screen, 19, 19, 'a', 0, 15));
    test_vm_run(vm, "2 key enter\n4 key enter\n", 4);
    draw(vm);
    assert_true(test_cell_is(screen, 7, 9, 'M', 0, 15)); /* 7 lines, 22 wide */
    assert_true(test_cell_is(screen, 9, 9, '"', 0, 15));
    assert_true(test_cell_is(screen, 9, 10, 'b', 0, 15));
    assert_true(test_cell_is(screen, 13, 9, 'P', 0, 15));
    test_vm_run(vm, "2 key enter\n4 key enter\n", 6);
    draw(vm);
    assert_true(test_cell_is(screen, 10, 18, 'x', 0, 15));
    assert_true(test_cell_solid(screen, 10, 19, 15));
    assert_true(test_cell_is(screen, 10, 20, 'y', 0, 15));
    agi_vm_free(vm);
}

/* A 4,096-byte font's second table (AGI 2.936's window routine indexes the
 * 2,048 bytes at F000:FA6E with every byte): print("x\x80y") draws glyph
 * 0x80 from it, while display() text keeps the first table's glyph 0x80. */
static void test_window_font_high_glyph(void **state)
{
    (void)state;
    static uint8_t fonts[2 * 256 * 8];
    memcpy(fonts, agi_vm_font, 256 * 8);
    memcpy(fonts + 256 * 8, agi_vm_font, 256 * 8);
    static const uint8_t window_80[8] = {0x81, 0x42, 0x24, 0x18, 0x18, 0x24, 0x42, 0x81}; /* an X */
    static const uint8_t text_80[8] = {0xff, 0x00, 0xff, 0x00, 0xff, 0x00, 0xff, 0x00};   /* stripes */
    memcpy(fonts + 256 * 8 + 0x80 * 8, window_80, 8);
    memcpy(fonts + 0x80 * 8, text_80, 8);
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "if (v50 == 0) { display(2, 0, \"\\x80\"); print(\"x\\x80y\"); }\nv50++;\nreturn();");
    test_vm_run(vm, NULL, 1);
    agi_vm_screen_fonts(vm, fonts, fonts + 256 * 8, screen);
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++) {
            assert_int_equal(test_px(screen, 19 * 8 + x, 10 * 8 + y), (window_80[y] & (0x80 >> x)) ? 0 : 15);
            assert_int_equal(test_px(screen, x, 2 * 8 + y), (text_80[y] & (0x80 >> x)) ? 15 : 0);
        }
    agi_vm_screen_fonts(vm, fonts, NULL, screen); /* without the window table: blank */
    assert_true(test_cell_solid(screen, 10, 19, 15));
    agi_vm_free(vm);
}

/* display() formats like a 40-wide window whatever the start column and
 * writes line by line: a character in column 39 moves to the next row, then
 * the line's newline moves once more (groza's title text under AGI 2.936);
 * a 0x0d counts for the wrap and, written, starts the next row. */
static void test_display_wrap(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "display(5, 1, \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaZ bb\\x0dcc dd\");\n"
                  "display(10, 0, \"cccccccccccccccccccccccccccccccccccccccY e\");\nreturn();");
    test_vm_run(vm, NULL, 1);
    assert_int_equal(vm->txt->text[5][39], 'a');
    assert_int_equal(vm->txt->text[6][0], 'Z'); /* the 40th, past column 39 */
    assert_int_not_equal(vm->txt->text[6][1], 'b');
    assert_int_equal(vm->txt->text[7][0], ' '); /* a cut keeps the space after it */
    assert_int_equal(vm->txt->text[7][1], 'b');
    assert_int_equal(vm->txt->text[7][2], 'b');
    assert_int_not_equal(vm->txt->text[7][3], 'c');
    assert_int_equal(vm->txt->text[8][0], 'c');
    assert_int_equal(vm->txt->text[8][3], 'd');
    assert_int_equal(vm->txt->text[10][39], 'Y');
    assert_int_not_equal(vm->txt->text[11][1], 'e'); /* the empty row */
    assert_int_equal(vm->txt->text[12][1], 'e');
    agi_vm_free(vm);
}

/* A '%' before a character that is no substitution drops both; a final
 * '%' is dropped (groza's room 5 window: "urt%' ..." shows "urt ...");
 * a backslash makes the next character plain ("74\%$" shows "74%$"). */
static void test_percent_unknown(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "display(2, 0, \"x%'y%\");\ndisplay(3, 0, \"a\\\\%$b\");\nreturn();");
    test_vm_run(vm, NULL, 1);
    assert_int_equal(vm->txt->text[2][0], 'x');
    assert_int_equal(vm->txt->text[2][1], 'y');
    assert_int_not_equal(vm->txt->text[2][2], '%');
    assert_int_equal(vm->txt->text[3][0], 'a'); /* a backslash: the next one plain */
    assert_int_equal(vm->txt->text[3][1], '%');
    assert_int_equal(vm->txt->text[3][2], '$');
    assert_int_equal(vm->txt->text[3][3], 'b');
    agi_vm_free(vm);
}

/* print.at's row counts from the display base row. */
static void test_print_at_row(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "configure.screen(1, 22, 0);\nprint.at(\"ab\", 5, 2, 0);\nreturn();");
    test_vm_run(vm, NULL, 1);
    draw(vm);
    assert_true(test_cell_is(screen, 6, 2, 'a', 0, 15));
    agi_vm_free(vm);
}

/* Graphics mode: a non-zero background draws black on white; clearing with
 * any colour but black draws white (15 included: 0xff is not "no text"). */
static void test_text_attributes(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "set.text.attribute(4, 1);\ndisplay(5, 0, \"a\");\nset.text.attribute(4, 0);\n"
                  "display(6, 0, \"a\");\nclear.lines(7, 7, 4);\nclear.lines(8, 8, 15);\n"
                  "clear.text.rect(9, 2, 9, 3, 0);\nreturn();");
    test_vm_run(vm, NULL, 1);
    draw(vm);
    assert_true(test_cell_is(screen, 5, 0, 'a', 0, 15));
    assert_true(test_cell_is(screen, 6, 0, 'a', 4, 0));
    assert_true(test_cell_solid(screen, 7, 39, 15));
    assert_true(test_cell_solid(screen, 8, 0, 15));
    assert_true(test_cell_solid(screen, 9, 2, 0));
    agi_vm_free(vm);
}

/* A sound played before it was loaded: the original abandons the rest of
 * the cycle without a message and goes on; the state reports it. */
static void test_abandoned_cycle(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "v60++;\nif (v60 == 1) { call(1); v62 = 1; }\nreturn();");
    test_vm_logic(vm, 1, "sound(1, f40);\nv61 = 1;\nreturn();");
    test_vm_run(vm, NULL, 2);
    assert_int_equal(vm->vars[60], 2);
    assert_int_equal(vm->vars[61], 0);
    assert_int_equal(vm->vars[62], 0);
    assert_int_equal(vm->abandoned, 1);
    assert_non_null(strstr(vm->abandon_msg, "sound 1"));
    /* where it arose, as an error says it */
    assert_non_null(strstr(vm->abandon_msg, ": logic 1 offset 0x"));
    agi_vm_free(vm);
}

/* A one-loop view of `cels` 4x4 cels (colour 1) in view slot n. */
static void vm_view(agi_vm *vm, unsigned n, unsigned cels)
{
    relic_buf b = RELIC_BUF_INIT;
    unsigned cel_at = 1 + 2 * cels;
    relic_buf_u8(&b, 0), relic_buf_u8(&b, 0), relic_buf_u8(&b, 1);
    relic_buf_le16(&b, 0); /* no description */
    relic_buf_le16(&b, 7); /* the loop, after the header and this entry */
    relic_buf_u8(&b, (uint8_t)cels);
    for (unsigned i = 0; i < cels; i++)
        relic_buf_le16(&b, (uint16_t)cel_at);
    relic_buf_u8(&b, 4), relic_buf_u8(&b, 4), relic_buf_u8(&b, 0);
    for (int row = 0; row < 4; row++)
        relic_buf_u8(&b, 1 << 4 | 4), relic_buf_u8(&b, 0);
    agi_view *v = calloc(1, sizeof *v);
    relic_err err;
    relic_err_clear(&err);
    assert_non_null(v);
    if (agi_view_decode(b.data, b.len, vm->profile, v, &err))
        fail_msg("view: %s", err.msg);
    relic_buf_free(&b);
    vm->res->view[n] = v;
}

/* A loop or a cel outside the view abandons the cycle the same way. */
static void test_abandoned_loop_and_cel(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_view(vm, 0, 2);
    test_vm_logic(vm, 0,
                  "v60++;\nif (v60 == 1) { animate.obj(o1); set.view(o1, 0); set.loop(o1, 3); v61 = 1; }\n"
                  "if (v60 == 2) { set.cel(o1, 5); v62 = 1; }\nif (v60 == 3) { set.cel(o1, 1); v63 = 1; }\n"
                  "return();");
    test_vm_run(vm, NULL, 3);
    assert_int_equal(vm->vars[61], 0);
    assert_int_equal(vm->vars[62], 0);
    assert_int_equal(vm->vars[63], 1);
    assert_int_equal(vm->obj[1].cel, 1);
    assert_int_equal(vm->abandoned, 2);
    assert_non_null(strstr(vm->abandon_msg, "cel 5"));
    agi_vm_free(vm);
}

/* Nothing is recorded before the first new.room; a full replay list: the
 * original goes on and the pair is not recorded. */
static void test_replay_full(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_view(vm, 0, 1);
    test_vm_logic(vm, 0,
                  "v64++;\nif (v64 == 1) { add.to.pic(0, 0, 0, 10, 20, 15, 4); }\n"
                  "if (v64 == 2) { new.room(1); }\nif (v0 == 1) { call(1); }\nreturn();");
    test_vm_logic(vm, 1,
                  "v63++;\nif (v63 == 2) { script.size(5); add.to.pic(0, 0, 0, 10, 20, 15, 4);\n"
                  "add.to.pic(0, 0, 0, 30, 20, 15, 4); v61 = 1; }\nreturn();");
    test_vm_run(vm, NULL, 1);
    assert_int_equal(vm->replay->count, 0); /* room 0, before any new.room */
    test_vm_run(vm, NULL, 2);
    assert_int_equal(vm->vars[0], 1);
    vm_view(vm, 0, 1); /* the room switch discarded it */
    test_vm_run(vm, NULL, 3);
    assert_int_equal(vm->vars[61], 1);
    assert_int_equal(vm->replay->count, 5);
    assert_int_equal(vm->replay->dropped, 3);
    agi_vm_free(vm);
}

/* Object 1 from (20, 100) with move.obj to (60, 100) at step `step`, set
 * up in room `room` (after a new.room when it is not 0) once the test sets
 * f201; after 60 cycles. */
static agi_vm_obj *room_walker(agi_vm *vm, unsigned room, unsigned step)
{
    char src[512];
    snprintf(src, sizeof src,
             "if (v0 == 0 && v49 != 0) { new.room.v(v49); }\n"
             "if (isset(f201) && !isset(f200)) { set(f200); animate.obj(o1); set.view(o1, 0);\n"
             "position(o1, 20, 100); draw(o1); move.obj(o1, 60, 100, %u, f40); }\nreturn();",
             step);
    test_vm_logic(vm, 0, src);
    test_vm_logic(vm, 1, "return();");
    vm->vars[49] = (uint8_t)room;
    if (room)
        test_vm_run(vm, NULL, 1);
    vm_view(vm, 0, 2); /* a room switch discards it */
    vm->flags[201] = 1;
    test_vm_run(vm, NULL, 60);
    return &vm->obj[1];
}

/* 2.936 probes (README "Object motion"): before the first room transition
 * an object's step size, cadence and cel timer are 0.  move.obj's own
 * step moves it, but its direction is never computed again, so it passes
 * its target; at step 0 it keeps step 0 and stands; its cel never cycles.
 * After new.room all three are 1 and it stops within a step of the target. */
static void test_room0_motion(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    agi_vm_obj *o = room_walker(vm, 0, 1);
    assert_int_equal(o->x, 79); /* a step in each cycle after the draw's, past 60 */
    assert_int_equal(o->dir, 3);
    assert_int_equal(o->cel, 0);
    assert_int_equal(vm->flags[40], 0);
    agi_vm_free(vm);
    vm = test_vm_new(NULL);
    o = room_walker(vm, 0, 0);
    assert_int_equal(o->x, 20);
    assert_int_equal(o->dir, 2); /* dy 0 is "above" in a band of 0 */
    agi_vm_free(vm);
    vm = test_vm_new(NULL);
    o = room_walker(vm, 1, 1);
    assert_int_equal(o->x, 60);
    assert_int_equal(o->dir, 0);
    assert_int_equal(vm->flags[40], 1);
    agi_vm_free(vm);
}

/* x of object 1 after each of `n` cycles (xs[i]: after i + 1): drawn at
 * (20, 100) and sent to x 60 by move.obj in one cycle, step time `st`,
 * in room 1, under `profile`. */
static void drawn_walker(const char *profile, unsigned st, unsigned n, int *xs)
{
    agi_vm *vm = test_vm_new(profile);
    test_vm_logic(vm, 0,
                  "if (v0 == 0) { new.room(1); }\n"
                  "if (isset(f201) && !isset(f200)) { set(f200); animate.obj(o1); set.view(o1, 0);\n"
                  "position(o1, 20, 100); step.time(o1, v48); draw(o1); move.obj(o1, 60, 100, 1, f40); }\nreturn();");
    test_vm_logic(vm, 1, "return();");
    test_vm_run(vm, NULL, 1);
    vm_view(vm, 0, 2); /* after the room switch, which discards it */
    vm->flags[201] = 1;
    vm->vars[48] = (uint8_t)st;
    for (unsigned i = 0; i < n; i++) {
        test_vm_run(vm, NULL, vm->cycle + 1);
        xs[i] = vm->obj[1].x;
    }
    agi_vm_free(vm);
}

/* 2.936 probe (README "Drawn this cycle, not moved this cycle"): draw
 * marks the object newly positioned, so the first motion pass that finds
 * it due applies no step: step time 1 gives 20 21 22 after the draw's
 * pass, step time 2 and 3 move first in their second due pass.  Not
 * measured for 2.917, which keeps the step (ScummVM's cmdDraw). */
static void test_drawn_not_moved(void **state)
{
    (void)state;
    int xs[9];
    drawn_walker(NULL, 1, 3, xs);
    assert_int_equal(xs[0], 20);
    assert_int_equal(xs[1], 21);
    assert_int_equal(xs[2], 22);
    drawn_walker(NULL, 2, 6, xs);
    static const int two[6] = {20, 20, 20, 21, 21, 22};
    for (unsigned i = 0; i < 6; i++)
        assert_int_equal(xs[i], two[i]);
    drawn_walker(NULL, 3, 9, xs); /* the probe's 20 (x6) 21 21 21 22 */
    assert_int_equal(xs[4], 20);
    assert_int_equal(xs[5], 21);
    assert_int_equal(xs[8], 22);
    drawn_walker("2.917", 1, 3, xs);
    assert_int_equal(xs[0], 21);
    assert_int_equal(xs[2], 23);
}

/* 2.936 probes (README "animate.obj resets the flags"): animate.obj on an
 * object that is not animated (never, or since new.room or unanimate.all)
 * clears what ignore.horizon, fix.loop, ignore.objs, ignore.blocks and
 * set.priority gave it: drawn above the horizon it is placed below it,
 * and a priority fixed before takes the baseline's again (12 at y 140).
 * Given after animate.obj, they hold. */
static void test_animate_resets_flags(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "if (v0 == 0) { new.room(1); }\n"
                  "if (isset(f201) && !isset(f200)) { set(f200);\n"
                  "  ignore.horizon(o1); fix.loop(o1); ignore.objs(o1); ignore.blocks(o1); set.priority(o1, 15);\n"
                  "  animate.obj(o1); set.view(o1, 0); position(o1, 80, 20); draw(o1);\n"
                  "  animate.obj(o2); set.view(o2, 0); ignore.horizon(o2); set.priority(o2, 15);\n"
                  "  position(o2, 100, 20); draw(o2); }\n"
                  "if (isset(f202)) { reset(f202); unanimate.all(); animate.obj(o2); set.view(o2, 0);\n"
                  "  position(o2, 100, 140); draw(o2); }\n"
                  "if (isset(f200)) { get.priority(o1, v70); get.priority(o2, v71); }\nreturn();");
    test_vm_logic(vm, 1, "return();");
    test_vm_run(vm, NULL, 1);
    vm_view(vm, 0, 2);
    vm->flags[201] = 1;
    test_vm_run(vm, NULL, 3);
    agi_vm_obj *o1 = &vm->obj[1], *o2 = &vm->obj[2];
    assert_int_equal(o1->y, 37); /* the horizon (36) + 1: ignore.horizon gone */
    assert_int_equal(o1->fix_loop | o1->no_objs | o1->no_blocks | o1->fix_pri, 0);
    assert_int_equal(vm->vars[70], 4);
    assert_int_equal(o2->y, 20); /* given after animate.obj: kept */
    assert_int_equal(vm->vars[71], 15);
    vm->flags[202] = 1;
    test_vm_run(vm, NULL, 5);
    assert_int_equal(vm->vars[71], 12); /* set.priority gone with the new animate.obj */
    agi_vm_free(vm);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_cycle),       cmocka_unit_test(test_default_layout),
        cmocka_unit_test(test_status_columns),    cmocka_unit_test(test_input_line),
        cmocka_unit_test(test_window_box),        cmocka_unit_test(test_word_wrap),
        cmocka_unit_test(test_trailing_newline),  cmocka_unit_test(test_verbose_and_high_chars),
        cmocka_unit_test(test_print_at_row),      cmocka_unit_test(test_text_attributes),
        cmocka_unit_test(test_abandoned_cycle),   cmocka_unit_test(test_abandoned_loop_and_cel),
        cmocka_unit_test(test_replay_full),       cmocka_unit_test(test_display_wrap),
        cmocka_unit_test(test_percent_unknown),   cmocka_unit_test(test_window_font_high_glyph),
        cmocka_unit_test(test_room0_motion),      cmocka_unit_test(test_drawn_not_moved),
        cmocka_unit_test(test_animate_resets_flags),
    };
    // clang-format on
    return cmocka_run_group_tests(tests, NULL, NULL);
}
