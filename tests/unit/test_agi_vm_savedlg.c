/* The save and restore dialogs as AGI 2.936 shows them (tests/corpus/
 * agi_oracle/README.md "Interpreter windows", probes S1 to S3 under
 * DOSBox): the directory window 31 columns wide with the path field on
 * its last line, Esc cancelling at every step, the slot list with its
 * pointer, restore listing only saved slots or "There are no games",
 * the description field, the path typed and a directory that does not
 * exist, the verify windows' text, the in-memory store
 * of a run without a save folder, and the input cursor blanked until the
 * verify window. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "relic/agi_save.h"
#include "relic/agi_vm.h"
#include "relic/io.h"
#include "agi_vm_support.h"

static uint8_t screen[AGI_SCREEN_W * AGI_SCREEN_H];

/* F1 saves, F2 restores, F3 changes v40; an input line ">_" on row 23. */
static agi_vm *dlg_vm(const char *profile)
{
    agi_vm *vm = test_vm_new(profile);
    test_vm_logic(vm, 0,
                  "if (v50 == 0) {\n  v50 = 1;\n  set.string(s0, \">\");\n  set.cursor.char(\"_\");\n"
                  "  accept.input();\n  set.key(0, 59, c1);\n  set.key(0, 60, c2);\n  set.key(0, 61, c3);\n}\n"
                  "if (controller(c1)) { v40 = 7; save.game(); v71++; }\n"
                  "if (controller(c2)) { restore.game(); v72++; }\n"
                  "if (controller(c3)) { v40 = 3; }\nreturn();");
    return vm;
}

/* "SAVE GAME" window: rows 5-14, text from column 4, the box 31 columns
 * wide whatever its lines; the path "\" and the cursor character in a
 * black field on row 14, columns 4-34; Esc closes it and the cycle goes
 * on. */
static void test_directory_window(void **state)
{
    (void)state;
    agi_vm *vm = dlg_vm("2.936");
    const char *script = "2 key f1\n4 key esc\n";
    test_vm_run(vm, script, 3);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_SAVE);
    char lines[22][41];
    unsigned widest, top, left, n = agi_vm_window_layout(vm, lines, &widest, &top, &left);
    assert_int_equal(n, 10);
    assert_int_equal(widest, 31);
    assert_int_equal(top, 5);
    assert_int_equal(left, 4);
    assert_string_equal(lines[0], "         SAVE GAME");
    assert_string_equal(lines[7], "\"C:\\savegame\")");
    test_vm_draw(vm, screen);
    assert_int_equal(test_px(screen, 22, 35), 15); /* the box: x 22-289, y 35-124 */
    assert_int_equal(test_px(screen, 289, 124), 15);
    assert_true(test_cell_is(screen, 5, 13, 'S', 0, 15));
    assert_true(test_cell_is(screen, 14, 4, '\\', 15, 0));
    assert_true(test_cell_is(screen, 14, 5, '_', 15, 0));
    assert_true(test_cell_solid(screen, 14, 34, 0));
    assert_int_equal(test_px(screen, 280, 112), 15);
    assert_true(test_cell_solid(screen, 23, 1, 0)); /* the input cursor blanked */
    assert_int_equal(vm->vars[71], 0);
    test_vm_run(vm, script, 5);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_NONE);
    assert_int_equal(vm->vars[71], 1);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 1, '_', 15, 0));
    agi_vm_free(vm);

    vm = dlg_vm("2.936");
    test_vm_run(vm, "2 key f2\n", 3);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_RESTORE);
    assert_non_null(strstr(vm->txt->window, "        RESTORE GAME\n\nOn which disk or in which directory is the game"));
    agi_vm_free(vm);
}

/* The save list: the prompt 34 wide, an empty line, 12 slot lines " - ";
 * the pointer 0x1a in the selected line's first column, moved by the
 * arrows; Esc cancels. */
static void test_slot_list(void **state)
{
    (void)state;
    agi_vm *vm = dlg_vm("2.936");
    const char *script = "2 key f1\n3 key enter\n4 key down\n6 key esc\n";
    test_vm_run(vm, script, 4);
    char lines[22][41];
    unsigned widest, top, left, n = agi_vm_window_layout(vm, lines, &widest, &top, &left);
    assert_int_equal(n, 17);
    assert_int_equal(widest, 34);
    assert_int_equal(top, 2);
    assert_int_equal(left, 3);
    assert_string_equal(lines[0], "Use the arrow keys to select the");
    assert_string_equal(lines[16], " - ");
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 7, 3, 0x1a, 0, 15));
    assert_true(test_cell_is(screen, 8, 4, '-', 0, 15));
    test_vm_run(vm, script, 5);
    test_vm_draw(vm, screen);
    assert_true(test_cell_solid(screen, 7, 3, 15));
    assert_true(test_cell_is(screen, 8, 3, 0x1a, 0, 15));
    assert_true(test_cell_solid(screen, 23, 1, 0));
    test_vm_run(vm, script, 7);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_NONE);
    assert_int_equal(vm->vars[71], 1);
    agi_vm_free(vm);
}

/* Slot 2, "xy" typed in the description field (row 11 from column 4 with
 * the cursor character), the verify window's text with the cursor back,
 * Enter: the save is kept in memory.  F3 changes v40, and the restore
 * lists only slot 2, verifies and brings v40 back, the cycle aborted and
 * the run's cycle count going on. */
static void test_save_then_restore_in_memory(void **state)
{
    (void)state;
    agi_vm *vm = dlg_vm("2.936");
    const char *script = "2 key f1\n3 key enter\n3 key down\n3 key enter\n3 key x\n3 key y\n"
                         "4 key enter\n6 key enter\n8 key f3\n10 key f2\n11 key enter\n12 key enter\n14 key enter\n";
    test_vm_run(vm, script, 4);
    char lines[22][41];
    unsigned widest, top, left, n = agi_vm_window_layout(vm, lines, &widest, &top, &left);
    assert_int_equal(n, 4);
    assert_int_equal(top, 8);
    assert_int_equal(widest, 31);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 11, 4, 'x', 15, 0));
    assert_true(test_cell_is(screen, 11, 5, 'y', 15, 0));
    assert_true(test_cell_is(screen, 11, 6, '_', 15, 0));
    assert_true(test_cell_solid(screen, 11, 34, 0));
    test_vm_run(vm, script, 5);
    assert_string_equal(vm->txt->window, "About to save the game\ndescribed as:\n\nxy\n\nin file:\n\\sg.2\n\n"
                                         "Press ENTER to continue.\nPress ESC to cancel.");
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 1, '_', 15, 0));
    assert_int_equal(vm->saves->mem[1].len, 0);
    test_vm_run(vm, script, 7);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_NONE);
    assert_true(vm->saves->mem[1].len > 0);
    assert_int_equal(vm->saves->mem[0].len, 0);
    assert_int_equal(vm->vars[71], 1);
    test_vm_run(vm, script, 12);
    assert_int_equal(vm->vars[40], 3);
    n = agi_vm_window_layout(vm, lines, &widest, &top, &left);
    assert_int_equal(n, 6); /* four prompt lines, an empty one, slot 2 */
    assert_int_equal(top, 7);
    assert_string_equal(lines[5], " - xy");
    test_vm_run(vm, script, 13);
    assert_string_equal(vm->txt->window, "About to restore the game\ndescribed as:\n\nxy\n\nfrom file:\n\\sg.2\n\n"
                                         "Press ENTER to continue.\nPress ESC to cancel.");
    test_vm_run(vm, script, 16);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_NONE);
    assert_int_equal(vm->vars[40], 7);
    assert_int_equal(vm->vars[72], 0); /* aborted, not continued */
    assert_int_equal(vm->cycle, 16);
    agi_vm_free(vm);
}

/* Restore with nothing saved: the directory, then "There are no games";
 * Enter closes it and the cycle goes on. */
static void test_restore_nothing_saved(void **state)
{
    (void)state;
    agi_vm *vm = dlg_vm("2.936");
    const char *script = "2 key f2\n3 key enter\n4 key enter\n";
    test_vm_run(vm, script, 4);
    assert_string_equal(vm->txt->window, "There are no games to\nrestore in\n\n\\\n\nPress ENTER to continue.");
    test_vm_draw(vm, screen);
    assert_true(test_cell_solid(screen, 23, 1, 0)); /* the input cursor still a space (probe P4) */
    test_vm_run(vm, script, 5);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_NONE);
    assert_int_equal(vm->vars[72], 1);
    agi_vm_free(vm);
}

/* The slot last saved is selected in the next list and its description
 * offered in the field (probe S4). */
static void test_last_slot_selected(void **state)
{
    (void)state;
    agi_vm *vm = dlg_vm("2.936");
    const char *script = "2 key f1\n3 key enter\n3 key down\n3 key down\n3 key enter\n3 type \"abc\"\n3 key enter\n"
                         "5 key f1\n6 key enter\n7 key enter\n";
    test_vm_run(vm, script, 7);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_SAVE);
    assert_int_equal(vm->modal->sel, 2);
    test_vm_run(vm, script, 8);
    assert_string_equal(vm->modal->edit, "abc");
    agi_vm_free(vm);
}

/* Both lists preselect the newest save, not the one last restored (issue
 * 28's probe under AGI 2.936: after restoring slot 5 the next lists still
 * pointed at h1): "abc" saved in slot 3, "first" in slot 1, slot 3
 * restored; the restore and the save lists then point at slot 1. */
static void test_restore_keeps_newest_selected(void **state)
{
    (void)state;
    agi_vm *vm = dlg_vm("2.936");
    const char *script = "2 key f1\n3 key enter\n3 key down\n3 key down\n3 key enter\n3 type \"abc\"\n3 key enter\n"
                         "5 key f1\n6 key enter\n6 key up\n6 key up\n6 key enter\n6 type \"first\"\n6 key enter\n"
                         "8 key f2\n9 key enter\n9 key down\n9 key enter\n10 key enter\n"
                         "12 key f2\n13 key enter\n15 key esc\n16 key f1\n17 key enter\n";
    test_vm_run(vm, script, 8);
    assert_true(vm->saves->mem[0].len > 0 && vm->saves->mem[2].len > 0);
    test_vm_run(vm, script, 10);
    assert_int_equal(vm->modal->sel, 1);
    assert_string_equal(vm->txt->window, "About to restore the game\ndescribed as:\n\nabc\n\nfrom file:\n\\sg.3\n\n"
                                         "Press ENTER to continue.\nPress ESC to cancel.");
    test_vm_run(vm, script, 14);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_RESTORE);
    assert_int_equal(vm->modal->n_entries, 2);
    assert_int_equal(vm->modal->sel, 0);
    test_vm_run(vm, script, 18);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_SAVE);
    assert_int_equal(vm->modal->sel, 0);
    agi_vm_free(vm);
}

/* The save bytes of vm's state, its signature replaced by `signature`. */
static void dlg_write_save(agi_vm *vm, const char *dir, unsigned slot, const char *signature, long mtime)
{
    char keep[8], path[512];
    agi_save s;
    relic_buf b = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    memcpy(keep, vm->signature, sizeof keep);
    snprintf(vm->signature, sizeof vm->signature, "%s", signature);
    if (agi_vm_to_save(vm, "d", &s, &err) || agi_save_encode(&s, &b, &err))
        fail_msg("save: %s", err.msg);
    memcpy(vm->signature, keep, sizeof keep);
    snprintf(path, sizeof path, "%s/SG.%u", dir, slot);
    if (relic_file_write_atomic(path, b.data, b.len, &err))
        fail_msg("%s: %s", path, err.msg);
    struct timespec t[2] = {{mtime, 0}, {mtime, 0}};
    assert_int_equal(utimensat(AT_FDCWD, path, t, 0), 0);
    agi_save_free(&s);
    relic_buf_free(&b);
}

/* Saves in a folder: the list preselects the newest file in the two-second
 * steps of DOS file times, the lowest slot of a tie, a save of another
 * game (not listed) not counted; the arrows wrap at both ends (probe P1 of
 * issue 28: up on h1 gave H8, down on H8 h1). */
static void test_newest_file_selected(void **state)
{
    (void)state;
    char dir[] = "/tmp/relic-savedlg-XXXXXX";
    assert_non_null(mkdtemp(dir));
    agi_vm *vm = dlg_vm("2.936");
    vm->saves->save_dir = dir;
    dlg_write_save(vm, dir, 2, "", 1000000000L);
    dlg_write_save(vm, dir, 5, "", 1000000100L);
    dlg_write_save(vm, dir, 7, "", 1000000101L); /* the same two seconds as slot 5 */
    dlg_write_save(vm, dir, 9, "XYZ", 1000000200L);
    const char *script = "2 key f2\n3 key enter\n4 key up\n5 key up\n6 key down\n";
    test_vm_run(vm, script, 4);
    assert_int_equal(vm->modal->n_entries, 3);
    assert_int_equal(vm->modal->sel, 1);
    test_vm_run(vm, script, 6);
    assert_int_equal(vm->modal->sel, 2); /* up from the first line: the last */
    test_vm_run(vm, script, 7);
    assert_int_equal(vm->modal->sel, 0); /* down from the last: the first */
    agi_vm_free(vm);

    vm = dlg_vm("2.936");
    vm->saves->save_dir = dir;
    dlg_write_save(vm, dir, 7, "", 1000000102L);
    test_vm_run(vm, "2 key f1\n3 key enter\n", 4);
    assert_int_equal(vm->modal->n_entries, 12);
    assert_int_equal(vm->modal->sel, 6);
    agi_vm_free(vm);
    for (unsigned k = 2; k <= 9; k++) {
        char path[512];
        snprintf(path, sizeof path, "%s/SG.%u", dir, k);
        remove(path);
    }
    rmdir(dir);
}

/* The file name in the verify window is in lower case, a drive alone
 * standing for its root, and the directory accepted once is offered in
 * the next dialog (issue 28's probe: "C:" typed, "c:\\sg.12" shown, and
 * Enter alone in the next restore gave "c:\\sg.4"). */
static void test_file_name_lower_case(void **state)
{
    (void)state;
    agi_vm *vm = dlg_vm("2.936");
    snprintf(vm->signature, sizeof vm->signature, "KQ1");
    const char *script = "2 key f1\n3 key backspace\n3 type \"C:\"\n3 key enter\n3 type \"x\"\n"
                         "5 key enter\n7 key f2\n8 key enter\n8 key enter\n";
    test_vm_run(vm, script, 4);
    assert_string_equal(vm->txt->window, "About to save the game\ndescribed as:\n\nx\n\nin file:\nc:\\kq1sg.1\n\n"
                                         "Press ENTER to continue.\nPress ESC to cancel.");
    test_vm_run(vm, script, 8);
    assert_string_equal(vm->modal->path, "C:");
    test_vm_run(vm, script, 9);
    assert_string_equal(vm->txt->window, "About to restore the game\ndescribed as:\n\nx\n\nfrom file:\nc:\\kq1sg.1\n\n"
                                         "Press ENTER to continue.\nPress ESC to cancel.");
    agi_vm_free(vm);
}

/* agi_vm_restore (pic-render --restore) is the dialog's restore: a save
 * of the original's kind (no random-source record in its header) brought
 * back through the dialog at cycle 12 and into a fresh VM gives the same
 * variables, random draws included, cycle for cycle after it; the first
 * cycle goes on from logic 0 (v19 as saved, no input phase). */
static void test_restore_equals_dialog(void **state)
{
    (void)state;
    agi_vm *a = dlg_vm("2.936");
    test_vm_logic(a, 0,
                  "if (v50 == 0) {\n  v50 = 1;\n  set.string(s0, \">\");\n  set.cursor.char(\"_\");\n"
                  "  accept.input();\n  set.key(0, 59, c1);\n  set.key(0, 60, c2);\n}\n"
                  "v82 = v19;\nrandom(0, 255, v80);\nv81++;\nif (controller(c1)) { save.game(); }\n"
                  "if (controller(c2)) { restore.game(); }\nreturn();");
    const char *script = "2 key f1\n3 key enter\n3 key enter\n3 type \"x\"\n3 key enter\n"
                         "10 key f2\n11 key enter\n11 key enter\n12 key enter\n";
    test_vm_run(a, script, 5);
    assert_true(a->saves->mem[0].len > 31);
    memset(a->saves->mem[0].data + 2, 0, 29); /* "x" and nothing after: no record */
    agi_save s;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_save_decode(a->saves->mem[0].data, a->saves->mem[0].len, agi_vm_profile(a), &s, &err),
                     RELIC_OK);
    s.state.vars[19] = 42; /* a key the restored cycle's logic reads before any input phase clears it */
    relic_buf_free(&a->saves->mem[0]);
    assert_int_equal(agi_save_encode(&s, &a->saves->mem[0], &err), RELIC_OK);
    agi_vm *b = dlg_vm("2.936");
    test_vm_logic(b, 0,
                  "if (v50 == 0) {\n  v50 = 1;\n  set.string(s0, \">\");\n  set.cursor.char(\"_\");\n"
                  "  accept.input();\n  set.key(0, 59, c1);\n  set.key(0, 60, c2);\n}\n"
                  "v82 = v19;\nrandom(0, 255, v80);\nv81++;\nif (controller(c1)) { save.game(); }\n"
                  "if (controller(c2)) { restore.game(); }\nreturn();");
    assert_int_equal(agi_vm_restore(b, &s, &err), RELIC_OK);
    agi_save_free(&s);
    test_vm_run(a, script, 13);
    assert_int_equal(agi_vm_modal_state(a), AGI_MODAL_NONE);
    assert_int_equal(a->vars[82], 42);
    for (unsigned k = 1; k <= 8; k++) {
        test_vm_run(a, script, 12 + k);
        test_vm_run(b, NULL, k);
        assert_memory_equal(a->vars, b->vars, 256);
    }
    agi_vm_free(a);
    agi_vm_free(b);
}

/* f12 after a restore (probe RC under DOSBox, tests/corpus/agi_oracle/
 * README.md "Restored saves"): the logic run that goes on in the cycle
 * that accepted the dialog sees it, once; the next cycles do not.  The
 * saved f12 is clear, so only the restore sets it; agi_vm_restore
 * (pic-render --restore) gives the first cycle the same. */
static void test_restore_sets_f12(void **state)
{
    (void)state;
    const char *src = "if (v50 == 0) {\n  v50 = 1;\n  set.string(s0, \">\");\n  set.cursor.char(\"_\");\n"
                      "  accept.input();\n  set.key(0, 59, c1);\n  set.key(0, 60, c2);\n}\n"
                      "v81++;\nif (isset(f12)) { v73++; v74 = v81; }\n"
                      "if (controller(c1)) { save.game(); }\nif (controller(c2)) { restore.game(); }\nreturn();";
    agi_vm *a = dlg_vm("2.936");
    test_vm_logic(a, 0, src);
    const char *script = "2 key f1\n3 key enter\n3 key enter\n3 type \"x\"\n3 key enter\n"
                         "10 key f2\n11 key enter\n11 key enter\n12 key enter\n";
    test_vm_run(a, script, 12);
    assert_int_equal(agi_vm_modal_state(a), AGI_MODAL_RESTORE);
    assert_int_equal(a->vars[73], 0);
    test_vm_run(a, script, 13);
    assert_int_equal(agi_vm_modal_state(a), AGI_MODAL_NONE);
    assert_int_equal(a->vars[73], 1);
    unsigned saved = a->vars[81];
    assert_int_equal(a->vars[74], saved);
    test_vm_run(a, script, 16);
    assert_int_equal(a->vars[73], 1);
    assert_false(a->flags[12]);

    agi_save s;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_save_decode(a->saves->mem[0].data, a->saves->mem[0].len, agi_vm_profile(a), &s, &err),
                     RELIC_OK);
    assert_false(agi_save_flag(&s, 12));
    agi_vm *b = dlg_vm("2.936");
    test_vm_logic(b, 0, src);
    assert_int_equal(agi_vm_restore(b, &s, &err), RELIC_OK);
    agi_save_free(&s);
    test_vm_run(b, NULL, 1);
    assert_int_equal(b->vars[73], 1);
    assert_int_equal(b->vars[74], saved);
    test_vm_run(b, NULL, 3);
    assert_int_equal(b->vars[73], 1);
    agi_vm_free(a);
    agi_vm_free(b);
}

/* The path is edited in its field; a directory relic's disk lacks gives
 * "There is no directory named", whose Enter goes back to the path; an
 * empty path is the root (probe S7). */
static void test_path_edit(void **state)
{
    (void)state;
    agi_vm *vm = dlg_vm("2.936");
    const char *script = "2 key f1\n3 key backspace\n3 key x\n4 key enter\n5 key enter\n6 key backspace\n6 key enter\n";
    test_vm_run(vm, script, 4);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 14, 4, 'x', 15, 0));
    assert_true(test_cell_is(screen, 14, 5, '_', 15, 0));
    test_vm_run(vm, script, 5);
    assert_string_equal(vm->txt->window,
                        "There is no directory named\nx.\nPress ENTER to try again.\nPress ESC to cancel.");
    test_vm_run(vm, script, 6);
    assert_non_null(strstr(vm->txt->window, "SAVE GAME"));
    assert_string_equal(vm->modal->path, "x");
    test_vm_run(vm, script, 7);
    assert_non_null(strstr(vm->txt->window, "Use the arrow keys to select the slot"));
    agi_vm_free(vm);
}

/* The cursor blanking is 2.936's (savedlg_hides_cursor): a profile
 * without the rule keeps it. */
static void test_cursor_rule(void **state)
{
    (void)state;
    agi_vm *vm = dlg_vm("2.917");
    test_vm_run(vm, "2 key f1\n", 3);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_SAVE);
    test_vm_draw(vm, screen);
    assert_true(test_cell_is(screen, 23, 1, '_', 15, 0));
    agi_vm_free(vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_directory_window),
        cmocka_unit_test(test_slot_list),
        cmocka_unit_test(test_save_then_restore_in_memory),
        cmocka_unit_test(test_restore_nothing_saved),
        cmocka_unit_test(test_last_slot_selected),
        cmocka_unit_test(test_restore_keeps_newest_selected),
        cmocka_unit_test(test_newest_file_selected),
        cmocka_unit_test(test_file_name_lower_case),
        cmocka_unit_test(test_restore_equals_dialog),
        cmocka_unit_test(test_restore_sets_f12),
        cmocka_unit_test(test_path_edit),
        cmocka_unit_test(test_cursor_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
