/* The AGI interpreter's modal waits (libvm/agi/vm/vm_modal.c) against the
 * agi-spec rules: a message window blocks its cycle until Enter or Esc and
 * the logic resumes after the print; f15 leaves the window up without
 * waiting; the line editors' limits; the inventory selector and v25 (and the
 * acknowledgement-only early profiles); restart and quit confirmations with
 * f16 and the 2.411 exception; the menu opened at the input phase, its
 * navigation, disabled items and the v3 gate; the save and restore
 * selectors writing and reading real save files; the random state carried
 * through a save. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_logic.h"
#include "relic/agi_vm.h"
#include "relic/agi_vm_json.h"
#include "relic/io.h"
#include "agi_vm_support.h"

static void test_message_blocks(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "v70++;\nif (!isset(f50)) { set(f50); print(\"Hello.\"); v60 = 1; }\nreturn();");
    test_vm_run(vm, "3 key a\n4 key enter\n", 1);
    assert_int_equal(vm->modal->kind, AGI_MODAL_MESSAGE);
    assert_string_equal(vm->txt->window, "Hello.");
    assert_int_equal(vm->vars[60], 0); /* the statement after print waits */
    test_vm_run(vm, "3 key a\n4 key enter\n", 4);
    assert_int_equal(vm->modal->kind, AGI_MODAL_MESSAGE); /* 'a' does not close it */
    assert_int_equal(vm->vars[70], 1);                    /* logic 0 ran once */
    test_vm_run(vm, "3 key a\n4 key enter\n", 5);
    assert_int_equal(vm->modal->kind, AGI_MODAL_NONE);
    assert_int_equal(vm->txt->win_open, 0);
    assert_int_equal(vm->vars[60], 1);
    assert_int_equal(vm->vars[70], 1); /* the blocked cycle finished, no new one */
    test_vm_run(vm, NULL, 6);
    assert_int_equal(vm->vars[70], 2);
    agi_vm_free(vm);
}

/* f15: the window stays up and the logic goes on; close.window closes it. */
static void test_message_no_wait(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "if (!isset(f50)) { set(f50); set(f15); print(\"Still here.\"); v60 = 1; }\n"
                  "if (v61 == 1) { close.window(); }\nreturn();");
    test_vm_run(vm, NULL, 2);
    assert_int_equal(vm->modal->kind, AGI_MODAL_NONE);
    assert_int_equal(vm->vars[60], 1);
    assert_int_equal(vm->txt->win_open, 1);
    vm->vars[61] = 1;
    test_vm_run(vm, NULL, 3);
    assert_int_equal(vm->txt->win_open, 0);
    agi_vm_free(vm);
}

/* get.string keeps min(max + 1, 40) bytes with the terminator; get.num
 * takes three characters of any kind (AGI 2.936, issue 28's probes W and
 * W2: "oo1_" echoed and 0 kept, "123" of 1234, "999" 231) and keeps the
 * low eight bits of the digits they begin with. */
static void test_line_editors(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "if (!isset(f50)) { set(f50); get.string(s1, \"Name: \", 22, 0, 5); v60 = 1; }\n"
                  "if (v60 == 1 && !isset(f51)) { set(f51); get.num(\"Number? \", v62); v61 = 1; }\nreturn();");
    strcpy(vm->strings[1], "old");
    test_vm_run(vm, NULL, 1);
    assert_int_equal(vm->modal->kind, AGI_MODAL_EDIT);
    assert_string_equal(vm->strings[1], ""); /* cleared first */
    test_vm_run(vm, "1 type \"abcdefgh\"\n2 key 7\n2 key 0x08\n2 type \"9994\"\n", 3);
    assert_string_equal(vm->strings[1], "abcde");
    assert_int_equal(vm->vars[60], 1);
    assert_int_equal(vm->vars[61], 1);
    assert_int_equal(vm->vars[62], 999 & 0xff); /* "999": the fourth digit refused */
    vm->flags[51] = 0;
    test_vm_run(vm, NULL, 4);
    test_vm_run(vm, "4 key 9\n4 key x\n4 key 7\n4 key 8\n", 5);
    assert_string_equal(vm->modal->edit, "9x7"); /* a letter is a character like the digits */
    static uint8_t screen[AGI_SCREEN_W * AGI_SCREEN_H];
    test_vm_draw(vm, screen); /* echoed as typed on the input line, before the cursor */
    assert_true(test_cell_is(screen, 23, 8, '9', 15, 0));
    assert_true(test_cell_is(screen, 23, 9, 'x', 15, 0));
    assert_true(test_cell_is(screen, 23, 10, '7', 15, 0));
    assert_true(test_cell_is(screen, 23, 11, '_', 15, 0));
    test_vm_run(vm, "5 key enter\n", 6);
    assert_int_equal(vm->vars[62], 9); /* the digits the text begins with */
    agi_vm_free(vm);
}

/* Inventory: carried items only; f13 makes it select into v25 (Esc 0xff);
 * the 2.272 profile never selects. */
static void test_inventory(void **state)
{
    (void)state;
    static const char *profiles[] = {"2.936", "2.272"};
    for (unsigned k = 0; k < 2; k++) {
        agi_vm *vm = test_vm_new(profiles[k]);
        static const uint8_t items[4] = {0, 0xff, 3, 0xff};
        free(vm->items);
        vm->items = malloc(sizeof items);
        assert_non_null(vm->items);
        memcpy(vm->items, items, sizeof items);
        vm->item_count = 4;
        test_vm_logic(vm, 0,
                      "if (!isset(f50)) { set(f50); set(f13); v25 = 77; status(); v60 = 1; }\n"
                      "if (v61 == 1) { reset(f50); v61 = 0; }\nreturn();");
        test_vm_run(vm, NULL, 1);
        assert_int_equal(vm->modal->kind, AGI_MODAL_INVENTORY);
        assert_int_equal(vm->modal->n_entries, 2);
        assert_int_equal(vm->modal->entries[1], 3);
        assert_int_equal(vm->modal->interactive, k == 0);
        test_vm_run(vm, "1 key right\n1 key enter\n", 2);
        assert_int_equal(vm->modal->kind, AGI_MODAL_NONE);
        assert_int_equal(vm->vars[60], 1);
        assert_int_equal(vm->vars[25], k == 0 ? 3 : 77);
        if (k == 0) { /* Esc cancels with 0xff */
            vm->vars[61] = 1;
            test_vm_run(vm, "4 key esc\n", 5);
            assert_int_equal(vm->vars[25], 0xff);
        }
        agi_vm_free(vm);
    }
}

/* The inventory screen is the text mode: closing it is graphics()'s
 * return, display() text gone, the status line drawn again (demoquest's
 * clock under AGI 2.936, gone after F4 and Enter until its logic writes it
 * again). */
static void test_inventory_clears_display_text(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new("2.936");
    test_vm_logic(vm, 0,
                  "if (v50 == 0) { v50 = 1; configure.screen(1, 22, 0); status.line.on(); display(0, 20, \"12:34\"); "
                  "display(10, 5, \"hello\"); }\n"
                  "if (v51 == 1) { v51 = 2; status(); }\nreturn();");
    test_vm_run(vm, NULL, 1);
    assert_memory_equal(&vm->txt->text[0][20], "12:34", 5);
    assert_memory_equal(&vm->txt->text[10][5], "hello", 5);
    vm->vars[51] = 1;
    test_vm_run(vm, NULL, 2); /* cycles are counted from the start */
    assert_int_equal(vm->modal->kind, AGI_MODAL_INVENTORY);
    test_vm_run(vm, "3 key enter\n", 5);
    assert_int_equal(vm->modal->kind, AGI_MODAL_NONE);
    assert_memory_equal(&vm->txt->text[10][5], "     ", 5);
    assert_int_equal(vm->txt->text_attr[10][5], 0xff);
    assert_memory_equal(&vm->txt->text[0][20], "     ", 5); /* the status line's blanks */
    assert_memory_equal(&vm->txt->text[0][1], "Score:", 6);
    agi_vm_free(vm);
}

/* A restart goes on counting cycles: the input script is timed by them,
 * so with the count back at 0 its events came again (patqst's F9 under
 * relic replayed the keys before it).  The menu survives it (2.936,
 * patqst's Esc after its F9). */
static void test_restart_keeps_cycle(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new("2.936");
    test_vm_logic(vm, 0,
                  "if (v0 == 0) {\n  if (!isset(f6)) {\n    set.menu(\"A\");\n    set.menu.item(\"x\", c1);\n"
                  "    set.menu(\"B\");\n    set.menu.item(\"y\", c2);\n    submit.menu();\n  }\n  new.room(1);\n}\n"
                  "if (v19 == 97) { set(f16); restart.game(); }\nreturn();");
    test_vm_logic(vm, 1, "return();");
    agi_input_script in = {0};
    relic_err err;
    relic_err_clear(&err);
    const char *script = "3 key a\n";
    if (agi_input_parse(script, strlen(script), &in, &err))
        fail_msg("script: %s", err.msg);
    for (int i = 0; i < 8; i++)
        assert_int_equal(agi_vm_cycle(vm, &in, &err), RELIC_OK);
    assert_int_equal(vm->cycle, 8); /* restarted once, in cycle 3 */
    assert_int_equal(vm->flags[6], 0);
    /* the menu stays: logic 0 built it before the restart only */
    assert_int_equal(vm->vars[0], 1);
    assert_int_equal(vm->menus->heading_n, 2);
    assert_int_equal(vm->menus->menu_n, 2);
    assert_true(vm->menus->menu_done);
    agi_input_free(&in);
    agi_vm_free(vm);
}

/* Restart: f16 skips the prompt except in 2.411; Esc keeps playing. */
static void test_restart_and_quit(void **state)
{
    (void)state;
    const char *src = "if (isset(f6)) { v62 = 1; }\n"
                      "if (!isset(f6) && !isset(f50)) { set(f50); set(f16); v60 = 9; restart.game(); v61 = 1; }\n"
                      "return();";
    agi_vm *vm = test_vm_new("2.936");
    test_vm_logic(vm, 0, src);
    test_vm_run(vm, NULL, 1);
    assert_int_equal(vm->modal->kind, AGI_MODAL_NONE);
    assert_int_equal(vm->vars[62], 1); /* logic 0 ran again with f6 set */
    assert_int_equal(vm->vars[60], 0); /* the reset cleared the variables */
    assert_int_equal(vm->vars[61], 0); /* and the continuation was dropped */
    assert_int_equal(vm->flags[6], 0); /* f6 lasts until the end of that cycle */
    agi_vm_free(vm);

    vm = test_vm_new("2.411");
    test_vm_logic(vm, 0, src);
    test_vm_run(vm, NULL, 1);
    assert_int_equal(vm->modal->kind, AGI_MODAL_CONFIRM);
    test_vm_run(vm, "1 key esc\n", 2);
    assert_int_equal(vm->vars[61], 1); /* cancelled: the next statement runs */
    assert_int_equal(vm->vars[62], 0);
    agi_vm_free(vm);

    vm = test_vm_new("2.411");
    test_vm_logic(vm, 0, src);
    test_vm_run(vm, "1 key enter\n", 2);
    assert_int_equal(vm->vars[61], 0); /* accepted: the continuation is gone */
    assert_int_equal(vm->vars[62], 1);
    agi_vm_free(vm);

    vm = test_vm_new("2.936");
    test_vm_logic(vm, 0, "if (v70 == 0) { v70 = 1; quit(0); }\nquit(1);\nreturn();");
    test_vm_run(vm, NULL, 1);
    assert_int_equal(vm->modal->kind, AGI_MODAL_CONFIRM);
    test_vm_run(vm, "1 key esc\n", 2); /* kept playing: then quit(1) exits at once */
    assert_int_equal(vm->quit, 1);
    agi_vm_free(vm);
}

static const char menu_src[] = "if (!isset(f50)) { set(f50);\n"
                               "  set.menu(\"File\"); set.menu.item(\"Save\", c1); set.menu.item(\"Quit\", c2);\n"
                               "  set.menu(\"Help\"); set.menu.item(\"About\", c3); set.menu.item(\"Hints\", c4);\n"
                               "  submit.menu(); disable.item(c4); set(f14); }\n"
                               "if (v60 == 1) { v60 = 0; menu.input(); }\n"
                               "if (controller(c1)) { v61 = 1; }\nif (controller(c3)) { v61 = 3; }\n"
                               "if (controller(c4)) { v61 = 4; }\nreturn();";

/* The menu opens at the input phase after menu.input; headings move with
 * left/right, items with up/down and wrap; a disabled item does not
 * select; the selection becomes a controller in the same cycle. */
static void test_menu(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, menu_src);
    test_vm_run(vm, NULL, 1);
    vm->vars[60] = 1;
    test_vm_run(vm, "2 key right\n2 key down\n2 key enter\n", 2);
    assert_int_equal(vm->modal->kind, AGI_MODAL_NONE); /* requested in cycle 1 */
    test_vm_run(vm, "2 key right\n2 key down\n2 key enter\n", 3);
    assert_int_equal(vm->modal->kind, AGI_MODAL_MENU); /* Enter on the disabled Hints waits */
    assert_int_equal(vm->modal->heading, 1);
    assert_string_equal(vm->menus->menu[vm->modal->sel].text, "Hints");
    test_vm_run(vm, "3 key down\n3 key enter\n", 4);
    assert_int_equal(vm->modal->kind, AGI_MODAL_NONE);
    assert_int_equal(vm->vars[61], 3); /* wrapped to About */
    /* reopened, it resumes at the remembered heading and item */
    vm->vars[60] = 1;
    test_vm_run(vm, NULL, 5);
    test_vm_run(vm, "5 key esc\n", 6);
    assert_int_equal(vm->menus->menu_heading_cur, 1);
    agi_vm_free(vm);

    /* the v3 gate keeps a request closed */
    vm = test_vm_new("3.002.149");
    test_vm_logic(vm, 0, menu_src);
    test_vm_run(vm, NULL, 1);
    vm->menus->menu_gate = 0;
    vm->vars[60] = 1;
    test_vm_run(vm, NULL, 3);
    assert_int_equal(vm->modal->kind, AGI_MODAL_NONE);
    agi_vm_free(vm);
}

/* The selectors write SIGSG.N into the save folder and read it back;
 * restore aborts the continuation. */
static void test_save_restore_selectors(void **state)
{
    (void)state;
    char dir[256], path[300];
    test_tmpdir(dir, sizeof dir);
    agi_vm *vm = test_vm_new(NULL);
    vm->saves->save_dir = dir;
    test_vm_logic(vm, 0,
                  "if (!isset(f50)) { set(f50); set.game.id(\"TS\"); }\n"
                  "if (v60 == 1) { v60 = 0; v70 = 42; save.game(); v71 = 1; }\n"
                  "if (v60 == 2) { v60 = 0; restore.game(); v72 = 1; }\nreturn();");
    test_vm_run(vm, NULL, 1);
    vm->vars[60] = 1;
    /* directory, slot 2, the description, the verify window */
    test_vm_run(vm, "2 key enter\n2 key down\n2 key enter\n2 type \"second slot\"\n2 key enter\n", 3);
    assert_int_equal(vm->modal->kind, AGI_MODAL_NONE);
    assert_int_equal(vm->vars[71], 1);
    assert_string_equal(vm->saves->save_desc, "second slot");
    snprintf(path, sizeof path, "%s/TSSG.2", dir);
    relic_buf b = RELIC_BUF_INIT;
    assert_int_equal(relic_file_read(path, &b, NULL), RELIC_OK);
    assert_memory_equal(b.data, "second slot", 12);
    relic_buf_free(&b);

    vm->vars[70] = 5;
    vm->vars[60] = 2;
    test_vm_run(vm, "4 key enter\n4 key enter\n4 key enter\n", 5); /* the only saved slot is listed */
    assert_int_equal(vm->modal->kind, AGI_MODAL_NONE);
    assert_int_equal(vm->vars[70], 42);
    assert_int_equal(vm->vars[72], 0); /* aborted, not continued */
    agi_vm_free(vm);

    /* without a folder the dialog opens too (the saves stay in memory);
     * Esc cancels and the cycle goes on */
    vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "if (v71 == 0) { save.game(); v71 = 1; }\nreturn();");
    test_vm_run(vm, NULL, 1);
    assert_int_equal(vm->modal->kind, AGI_MODAL_SAVE);
    assert_int_equal(vm->vars[71], 0);
    test_vm_run(vm, "1 key esc\n", 2);
    assert_int_equal(vm->modal->kind, AGI_MODAL_NONE);
    assert_int_equal(vm->vars[71], 1);
    agi_vm_free(vm);
    test_tmpdir_remove(dir);
}

/* The random state rides in the description header past its terminator. */
static void test_save_keeps_random_state(void **state)
{
    (void)state;
    agi_vm *a = test_vm_new(NULL), *b = test_vm_new(NULL);
    test_vm_logic(a, 0, "return();");
    test_vm_logic(b, 0, "return();");
    for (int i = 0; i < 7; i++)
        agi_vm_random(a);
    agi_save s;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_vm_to_save(a, "desc", &s, &err), RELIC_OK);
    char d[32];
    agi_save_description(&s, d);
    assert_string_equal(d, "desc");
    assert_int_equal(agi_vm_from_save(b, &s, &err), RELIC_OK);
    assert_int_equal(agi_vm_random(a), agi_vm_random(b));
    agi_save_free(&s);
    /* a description that fills the header leaves no room: nothing stored */
    assert_int_equal(agi_vm_to_save(a, "a description of thirty bytes!", &s, &err), RELIC_OK);
    assert_int_not_equal(memcmp(s.header + 24, "RNG", 3), 0);
    agi_save_free(&s);
    agi_vm_free(a);
    agi_vm_free(b);
}

/* A restore leaves the picture buffer to the replay's pairs: with none
 * (a game saved before any new.room) the picture up stays (probe S2). */
static void test_restore_keeps_picture(void **state)
{
    (void)state;
    agi_vm *a = test_vm_new(NULL), *b = test_vm_new(NULL);
    test_vm_logic(a, 0, "return();");
    test_vm_logic(b, 0, "return();");
    agi_save s;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_vm_to_save(a, "desc", &s, &err), RELIC_OK);
    memset(b->pic_vis, 2, sizeof b->pic_vis);
    memset(b->pic_pri, 9, sizeof b->pic_pri);
    assert_int_equal(agi_vm_from_save(b, &s, &err), RELIC_OK);
    assert_int_equal(b->pic_vis[0], 2);
    assert_int_equal(b->pic_pri[100], 9);
    assert_int_equal(b->show_vis[0], 2);
    agi_save_free(&s);
    agi_vm_free(a);
    agi_vm_free(b);
}

/* The state JSON (pic-render --state) with a message window up: a failed
 * allocation anywhere makes no state, never one short of a member. */
static json_t *test_state_build(const void *arg) { return agi_vm_state_json(arg); }

static void test_state_json_alloc_failure(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "if (!isset(f50)) { set(f50); print(\"Hello.\"); }\nreturn();");
    test_vm_run(vm, NULL, 1);
    json_t *st = agi_vm_state_json(vm);
    assert_string_equal(json_string_value(json_object_get(st, "format")), "relic-agi-state");
    assert_int_equal(json_integer_value(json_object_get(st, "format_version")), 2);
    assert_string_equal(json_string_value(json_object_get(json_object_get(st, "modal"), "kind")), "message");
    assert_string_equal(json_string_value(json_object_get(st, "window")), "Hello.");
    json_decref(st);
    test_json_whole_or_null(test_state_build, vm, 100000);
    agi_vm_free(vm);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_message_blocks),  cmocka_unit_test(test_message_no_wait),
        cmocka_unit_test(test_line_editors),    cmocka_unit_test(test_inventory), cmocka_unit_test(test_inventory_clears_display_text),
        cmocka_unit_test(test_restart_and_quit), cmocka_unit_test(test_restart_keeps_cycle), cmocka_unit_test(test_menu),
        cmocka_unit_test(test_save_restore_selectors), cmocka_unit_test(test_save_keeps_random_state),
        cmocka_unit_test(test_restore_keeps_picture),
        cmocka_unit_test(test_state_json_alloc_failure),
    };
    // clang-format on
    return cmocka_run_group_tests_name("agi_vm_modal", tests, NULL, NULL);
}
