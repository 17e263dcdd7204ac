/* The headless AGI interpreter (libvm agi_vm.h) against the agi-spec worked
 * rules: bytecode errors, condition lists, placement spiral, collision,
 * control lines, target bands, approach delay, random countdown, room
 * switch, replay checkpoint, parser, event queue, menus, the input script,
 * and the sample game driven through its rooms (build/samples/relicdemo,
 * built by `make test` before the tests run). */
#include <string.h>
#include "relic/agi_logic.h"
#include "relic/agi_vm.h"
#include "relic/sha256.h"
#include "agi_vm_support.h"

static void test_scalar_rules(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "v10 = 250; v10 += 10; v11 = 0; v11--; v12 = 255; v12++; v13 = 20; v13 *= 13;\n"
                  "v14 = 7; v14 /= 2; v20 = 30; v21 = 20; v20 -= v21; set(f30); toggle(f30); toggle(f31);\n"
                  "v40 = 41; *v40 = 9; return();");
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    assert_int_equal(vm->vars[10], 4);   /* low 8 bits */
    assert_int_equal(vm->vars[11], 0);   /* decrement saturates */
    assert_int_equal(vm->vars[12], 255); /* increment saturates */
    assert_int_equal(vm->vars[13], (20 * 13) & 0xff);
    assert_int_equal(vm->vars[14], 3);
    assert_int_equal(vm->vars[20], 10);
    assert_int_equal(vm->flags[30], 0);
    assert_int_equal(vm->flags[31], 1);
    assert_int_equal(vm->vars[41], 9);
    agi_vm_free(vm);
}

static void test_conditions(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0,
                  "v1 = 3;\n"
                  "if (v1 == 3 && (v1 == 9 || v1 > 2)) { v50 = 1; }\n"
                  "if (v1 == 3 && (v1 == 9 || v1 == 8)) { v51 = 1; }\n"
                  "if (!(v1 < 3)) { v52 = 1; }\n"
                  "if ((v1 == 4 || !isset(f40))) { v53 = 1; }\n"
                  "return();");
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    assert_int_equal(vm->vars[50], 1);
    assert_int_equal(vm->vars[51], 0);
    assert_int_equal(vm->vars[52], 1);
    assert_int_equal(vm->vars[53], 1);
    agi_vm_free(vm);
}

static void test_bytecode_errors(void **state)
{
    (void)state;
    relic_err err;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_code(vm, 0, "f0 00"); /* 0xf0 is no 2.936 action */
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "unknown action 0xf0"));
    assert_non_null(strstr(err.msg, "logic 0 offset 0x0"));
    /* the error sticks */
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_EDATA);
    agi_vm_free(vm);

    vm = test_vm_new(NULL);
    test_vm_code(vm, 0, "fe 10 00 00"); /* goto past the end */
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "outside the code"));
    agi_vm_free(vm);

    vm = test_vm_new(NULL);
    test_vm_code(vm, 0, "fe fd ff"); /* goto itself: budget */
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "step budget"));
    agi_vm_free(vm);

    vm = test_vm_new(NULL);
    test_vm_code(vm, 0, "16 00 00"); /* call(0) forever */
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "nested deeper"));
    agi_vm_free(vm);

    vm = test_vm_new(NULL);
    test_vm_code(vm, 0, "ff 07 05"); /* condition list without its end */
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_EDATA);
    agi_vm_free(vm);
}

static void test_nested_calls(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "v1 = 1; call(7); v3 = v2; return();");
    test_vm_logic(vm, 7, "v2 = 42; return(); v2 = 9;");
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    assert_int_equal(vm->vars[3], 42);
    agi_vm_free(vm);
}

/* object_behavior.md "Placement search": left 1, down 1, right 2, up 2. */
static void test_placement_spiral(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    agi_vm_obj *o = &vm->obj[3];
    o->width = o->height = 1;
    o->x = 50, o->y = 100;
    vm->pic_pri[100 * 160 + 50] = 0;
    static const int want[][2] = {{49, 100}, {49, 101}, {50, 101}, {51, 101}, {51, 100}, {51, 99}, {50, 99}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        o->x = 50, o->y = 100;
        agi_vm_place(vm, o);
        assert_int_equal(o->x, want[i][0]);
        assert_int_equal(o->y, want[i][1]);
        vm->pic_pri[o->y * 160 + o->x] = 0; /* forbid it: the next candidate wins */
    }
    /* at or above the horizon moves to horizon + 1 first */
    memset(vm->pic_pri, 4, sizeof vm->pic_pri);
    o->x = 10, o->y = 20;
    agi_vm_place(vm, o);
    assert_int_equal(o->y, 37);
    agi_vm_free(vm);
}

/* "Object-object collision": equality of edges counts as overlap. */
static void test_collision(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    agi_vm_obj *a = &vm->obj[1], *b = &vm->obj[2];
    b->drawn = b->animated = 1;
    a->width = b->width = 5;
    a->x = 10, b->x = 15;
    a->y = b->y = a->py = b->py = 100;
    assert_true(agi_vm_collides(vm, a));
    b->x = 16;
    assert_false(agi_vm_collides(vm, a));
    b->x = 5; /* 5 + 5 == 10: still overlapping */
    assert_true(agi_vm_collides(vm, a));
    /* crossing: saved below, now above */
    a->py = 90, a->y = 110;
    assert_true(agi_vm_collides(vm, a));
    /* shared saved baseline, moving apart: no crossing */
    a->py = 100, a->y = 110;
    assert_false(agi_vm_collides(vm, a));
    a->no_objs = 1;
    a->y = 100;
    assert_false(agi_vm_collides(vm, a));
    agi_vm_free(vm);
}

/* "Footprint control acceptance" as AGI 2.936 reads it: water when every
 * cell is water, a signal when any cell is one. */
static void test_control_lines(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    agi_vm_obj *o = &vm->obj[0];
    o->x = 10, o->y = 100, o->width = 3, o->height = 1;
    uint8_t *row = vm->pic_pri + 100 * 160 + 10;
    row[0] = 3, row[1] = 2, row[2] = 4; /* water, signal, then plain */
    assert_true(agi_vm_control_ok(vm, o, 1));
    assert_int_equal(vm->flags[0], 0);
    assert_int_equal(vm->flags[3], 1); /* not only when the last cell is one */
    o->on_water = 1;
    assert_false(agi_vm_control_ok(vm, o, 1));
    row[1] = row[2] = 3; /* partly water is land: the last cell does not decide */
    row[0] = 4;
    assert_false(agi_vm_control_ok(vm, o, 1));
    assert_int_equal(vm->flags[0], 0);
    assert_int_equal(vm->flags[3], 0);
    row[0] = 3;
    assert_true(agi_vm_control_ok(vm, o, 1));
    assert_int_equal(vm->flags[0], 1);
    o->on_water = 0;
    o->on_land = 1;
    assert_false(agi_vm_control_ok(vm, o, 1));
    o->on_land = 0;
    row[1] = 1; /* a block line */
    assert_false(agi_vm_control_ok(vm, o, 1));
    o->no_blocks = 1;
    assert_true(agi_vm_control_ok(vm, o, 1));
    row[1] = 0;
    assert_false(agi_vm_control_ok(vm, o, 1));
    o->fix_pri = 1, o->priority = 15; /* priority 15 bypasses the scan */
    assert_true(agi_vm_control_ok(vm, o, 1));
    agi_vm_free(vm);
}

/* "Target motion": exact band edges are not near. */
static void test_target_bands(void **state)
{
    (void)state;
    assert_int_equal(agi_vm_target_dir(3, 0, 3), 3);
    assert_int_equal(agi_vm_target_dir(2, 0, 3), 0);
    assert_int_equal(agi_vm_target_dir(-3, 0, 3), 7);
    assert_int_equal(agi_vm_target_dir(-2, -2, 3), 0);
    assert_int_equal(agi_vm_target_dir(0, -3, 3), 1);
    assert_int_equal(agi_vm_target_dir(5, 5, 1), 4);
    assert_int_equal(agi_vm_target_dir(-1, 1, 1), 6);
    assert_int_equal(agi_vm_target_dir(-1, -1, 1), 8);
    assert_int_equal(agi_vm_target_dir(1, -1, 1), 2);
    assert_int_equal(agi_vm_target_dir(0, 1, 1), 5);
}

/* "Approach and random motion": retry delay 255 -> 0 and the direct
 * direction; stationary recovery picks a nonzero direction and a delay of
 * at least the step; later updates subtract the step. */
static void test_approach_delay(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    agi_vm_obj *e = &vm->obj[0], *o = &vm->obj[1];
    e->x = 100, e->y = 100, e->width = 4;
    o->x = 10, o->y = 100, o->width = 4, o->step = 2;
    o->motion = AGI_MOTION_FOLLOW;
    o->move_step = 5;
    o->follow_retry = 255;
    agi_vm_motion(vm, o, 1);
    assert_int_equal(o->follow_retry, 0);
    assert_int_equal(o->dir, 3);
    o->didnt_move = 1;
    agi_vm_motion(vm, o, 1);
    assert_in_range(o->dir, 1, 8);
    assert_true(o->follow_retry >= 2);
    assert_true(o->follow_retry < (90 + 0) / 2 + 1);
    uint8_t dir = o->dir, r = o->follow_retry;
    o->didnt_move = 0;
    agi_vm_motion(vm, o, 1);
    assert_int_equal(o->dir, dir);
    assert_int_equal(o->follow_retry, r - 2 >= 0 ? r - 2 : 0);
    o->follow_retry = 1; /* 1 - 2 is negative: becomes 0 */
    agi_vm_motion(vm, o, 1);
    assert_int_equal(o->follow_retry, 0);
    agi_vm_motion(vm, o, 1); /* delay zero: the direct direction again */
    assert_int_equal(o->dir, 3);
    /* near enough: completion flag and normal motion */
    o->x = 99;
    o->move_flag = 77;
    agi_vm_motion(vm, o, 1);
    assert_int_equal(o->motion, AGI_MOTION_NORMAL);
    assert_int_equal(vm->flags[77], 1);
    agi_vm_free(vm);
}

static void test_random_countdown(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    agi_vm_obj *o = &vm->obj[2];
    o->motion = AGI_MOTION_WANDER;
    o->wander_count = 0;
    for (int i = 0; i < 50; i++) {
        o->wander_count = 0;
        agi_vm_motion(vm, o, 2);
        assert_in_range(o->wander_count, 6, 50);
        assert_in_range(o->dir, 0, 8);
    }
    uint8_t dir = o->dir, c = o->wander_count;
    agi_vm_motion(vm, o, 2); /* nonzero countdown, moved: keep */
    assert_int_equal(o->dir, dir);
    assert_int_equal(o->wander_count, c - 1);
    o->didnt_move = 1; /* stationary: choose again */
    agi_vm_motion(vm, o, 2);
    assert_in_range(o->wander_count, 6, 50);
    agi_vm_free(vm);
}

/* session_and_persistence.md "Room transition". */
static void test_room_switch(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 5, "return();");
    vm->vars[0] = 4;
    vm->obj[0].view = 11;
    vm->obj[0].width = 10;
    vm->vars[2] = 4;
    vm->vars[4] = vm->vars[5] = 9;
    vm->horizon = 80;
    vm->block = 1;
    vm->obj[3].drawn = vm->obj[3].animated = 1;
    agi_vm_switch_room(vm, 5);
    assert_int_equal(vm->vars[1], 4);
    assert_int_equal(vm->vars[0], 5);
    assert_int_equal(vm->vars[16], 11);
    assert_int_equal(vm->vars[2], 0);
    assert_int_equal(vm->vars[4], 0);
    assert_int_equal(vm->obj[0].x, 150);
    assert_int_equal(vm->horizon, 36);
    assert_int_equal(vm->block, 0);
    assert_int_equal(vm->flags[5], 1);
    assert_int_equal(vm->obj[3].drawn, 0);
    assert_int_equal(vm->flow->abort_flow, 1);
    agi_vm_free(vm);
}

/* new.room in logic 0 re-enters logic 0 in the same cycle; f5 is cleared
 * at the end of the cycle. */
static void test_reentry(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "v100++; if (v0 == 0) { new.room(2); } if (isset(f5)) { v101 = v0; } return();");
    test_vm_logic(vm, 2, "return();");
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    assert_int_equal(vm->vars[100], 2);
    assert_int_equal(vm->vars[101], 2);
    assert_int_equal(vm->flags[5], 0);
    agi_vm_free(vm);
}

/* "Replay checkpoints": rollback restores the saved count. */
static void test_replay_checkpoint(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    test_vm_logic(vm, 0, "script.size(10); load.logics(0); push.script(); v0 = 0; load.logics(0); return();");
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    assert_int_equal(vm->replay->cap, 10);
    assert_int_equal(vm->replay->checkpoint, 0);
    vm->replay->armed = 1; /* recording starts with the first room switch; this test records directly */
    agi_vm_record(vm, AGI_REPLAY_LOAD_VIEW, 3);
    agi_vm_record(vm, AGI_REPLAY_LOAD_VIEW, 4);
    vm->replay->checkpoint = 1;
    agi_vm_record(vm, AGI_REPLAY_LOAD_VIEW, 5);
    assert_int_equal(vm->replay->count, 3);
    test_vm_logic(vm, 0, "pop.script(); return();");
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    assert_int_equal(vm->replay->count, 1);
    agi_vm_record(vm, AGI_REPLAY_LOAD_VIEW, 6); /* appends after the restored prefix */
    assert_int_equal(vm->replay->pairs[2], AGI_REPLAY_LOAD_VIEW);
    assert_int_equal(vm->replay->pairs[3], 6);
    vm->flags[7] = 1; /* f7 stops recording */
    agi_vm_record(vm, AGI_REPLAY_LOAD_VIEW, 7);
    assert_int_equal(vm->replay->count, 2);
    agi_vm_free(vm);
}

static void vm_words(agi_vm *vm)
{
    static agi_word w[] = {{"look", 20}, {"at", 0}, {"the", 0}, {"tree", 30}, {"pick up", 40}, {"key", 50}};
    vm->words.words = malloc(sizeof w);
    memcpy(vm->words.words, w, sizeof w);
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
        vm->words.words[i].text = strdup(w[i].text);
    vm->words.count = sizeof w / sizeof w[0];
}

/* "Parser normalization" and "Parser results". */
static void test_parser(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_words(vm);
    agi_vm_parse(vm, "  Look, at THE (tree)!! ");
    assert_int_equal(vm->input->parsed_n, 2);
    assert_int_equal(vm->input->parsed[0], 20);
    assert_int_equal(vm->input->parsed[1], 30);
    assert_string_equal(vm->input->parsed_text[1], "tree");
    assert_int_equal(vm->flags[2], 1);
    assert_int_equal(vm->input->parse_count, 2);
    uint8_t look_tree[] = {20, 0, 30, 0}, look_any[] = {20, 0, 1, 0}, rest[] = {0x0f, 0x27}, look[] = {20, 0};
    assert_false(agi_vm_said(vm, look, 1)); /* not a full match */
    assert_true(agi_vm_said(vm, look_any, 2));
    assert_false(agi_vm_said(vm, look_tree, 2)); /* f4: already matched */
    vm->flags[4] = 0;
    assert_true(agi_vm_said(vm, look_tree, 2));
    /* multi-word entries, then the unknown word's position */
    agi_vm_parse(vm, "pick up the shiny key");
    assert_int_equal(vm->input->parsed_n, 2); /* the unknown word is kept */
    assert_int_equal(vm->input->parsed[0], 40);
    assert_int_equal(vm->input->parsed[1], 0xffff);
    assert_int_equal(vm->input->parse_count, 2);
    assert_int_equal(vm->vars[9], 2);
    assert_string_equal(vm->input->parsed_text[1], "shiny");
    assert_int_equal(vm->flags[2], 1);
    assert_true(agi_vm_said(vm, rest, 1)); /* terminator-only after an unknown word */
    /* only zero-id words: f2 stays clear */
    agi_vm_parse(vm, "the at");
    assert_int_equal(vm->flags[2], 0);
    agi_vm_parse(vm, "look at-the tree"); /* the hyphen joins "atthe" */
    assert_int_equal(vm->input->parse_count, 2);
    assert_string_equal(vm->input->parsed_text[1], "atthe");
    agi_vm_parse(vm, "xyzzy");
    assert_int_equal(vm->vars[9], 1);
    assert_int_equal(agi_vm_strcmp_norm("Don't-Panic!", "dont panic"), 0);
    agi_vm_free(vm);
}

/* The first unknown word stays a word of the line (AGI 2.936, ltec's
 * "look at xyzzy" answered by its said("examine", anyword) and
 * word.to.string(s1, v9 - 1) showing "xyzzy"): anyword matches it, no
 * dictionary id does, and word.to.string copies it. */
static void test_parser_unknown_word(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm_words(vm);
    agi_vm_parse(vm, "look at xyzzy tree");
    assert_int_equal(vm->vars[9], 2);
    uint8_t look_any[] = {20, 0, 1, 0}, look_tree[] = {20, 0, 30, 0}, look_any_tree[] = {20, 0, 1, 0, 30, 0};
    assert_false(agi_vm_said(vm, look_tree, 2));
    assert_false(agi_vm_said(vm, look_any_tree, 3)); /* the parse stopped at xyzzy */
    assert_true(agi_vm_said(vm, look_any, 2));
    test_vm_logic(vm, 0,
                  "accept.input();\nif (isset(f2)) { word.to.string(s1, 1); word.to.string(s2, 0); }\nreturn();");
    test_vm_run(vm, "1 type \"look at xyzzy\"\n", 3);
    assert_string_equal(vm->strings[1], "xyzzy");
    assert_string_equal(vm->strings[2], "look");
    agi_vm_free(vm);
}

/* "Event queue": 20 slots, at most 19 pending. */
static void test_event_queue(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    for (int i = 0; i < 19; i++)
        assert_true(agi_vm_post(vm, AGI_EV_KEY, (uint16_t)('a' + i)));
    assert_false(agi_vm_post(vm, AGI_EV_KEY, 'z'));
    agi_vm_event ev;
    assert_true(agi_vm_poll(vm, &ev));
    assert_int_equal(ev.value, 'a');
    assert_true(agi_vm_post(vm, AGI_EV_KEY, 'z'));
    /* have.key skips non-key events and stores the key in v19 */
    while (agi_vm_poll(vm, &ev)) {}
    agi_vm_post(vm, AGI_EV_STATUS, 3);
    agi_vm_post(vm, AGI_EV_DIR, 3);
    agi_vm_post(vm, AGI_EV_KEY, 'q');
    vm->vars[19] = 0;
    assert_true(agi_vm_have_key(vm));
    assert_int_equal(vm->vars[19], 'q');
    assert_true(agi_vm_have_key(vm)); /* v19 still set: true without dequeuing */
    vm->vars[19] = 0;
    assert_false(agi_vm_have_key(vm));
    agi_vm_free(vm);
}

/* "Menu interaction": item movement wraps within the heading. */
static void test_menu_wrap(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    vm->menus->heading_n = 2;
    const uint8_t head[5] = {0, 0, 0, 1, 1};
    for (unsigned i = 0; i < 5; i++) {
        vm->menus->menu[i].heading = head[i];
        vm->menus->menu[i].status = (uint8_t)(10 + i);
        vm->menus->menu[i].enabled = 1;
    }
    vm->menus->menu_n = 5;
    assert_int_equal(agi_vm_menu_next(vm, 0, 1), 1);
    assert_int_equal(agi_vm_menu_next(vm, 2, 1), 0);
    assert_int_equal(agi_vm_menu_next(vm, 0, -1), 2);
    assert_int_equal(agi_vm_menu_next(vm, 4, 1), 3);
    agi_vm_free(vm);
}

static void test_input_script(void **state)
{
    (void)state;
    const char *txt = "# comment\nseed 42\nticks-per-cycle 2\n3 key enter\n5 type \"look at #3 tree\"\n"
                      "7 dir 3\n9 menu About\n9 menu 12\n10 key f10   # trailing comment\n11 key 0x4800\n";
    agi_input_script s;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_input_parse(txt, strlen(txt), &s, &err), RELIC_OK);
    assert_int_equal(s.seed, 42);
    assert_int_equal(s.ticks_per_cycle, 2);
    assert_int_equal(s.count, 7);
    assert_int_equal(s.ev[0].value, 0x0d);
    assert_string_equal(s.ev[1].text, "look at #3 tree");
    assert_int_equal(s.ev[2].kind, AGI_IN_DIR);
    assert_string_equal(s.ev[3].text, "About");
    assert_int_equal(s.ev[4].value, 12);
    assert_int_equal(s.ev[5].value, 0x4400);
    assert_int_equal(s.ev[6].value, 0x4800);
    agi_input_free(&s);
    const char *bad[] = {"3 key nosuchkey\n", "x key enter\n", "3 jump\n", "3 type \"open\n", "3 dir 9\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        relic_err_clear(&err);
        assert_int_equal(agi_input_parse(bad[i], strlen(bad[i]), &s, &err), RELIC_EDATA);
        assert_non_null(strstr(err.msg, "line 1"));
        /* Without an err the code still comes back, and nothing is kept. */
        assert_int_equal(agi_input_parse(bad[i], strlen(bad[i]), &s, NULL), RELIC_EDATA);
        assert_null(s.ev);
        assert_int_equal(s.count, 0);
    }
}

/* ---- the sample game ------------------------------------------------------ */

typedef struct demo {
    agi_fileset fs;
    agi_game game;
    agi_input_script in;
    agi_vm *vm;
} demo;

static int demo_open(demo *d)
{
    memset(d, 0, sizeof *d);
    const char *b = getenv("BUILD");
    char path[512];
    snprintf(path, sizeof path, "%s/samples/relicdemo", b && *b ? b : "build");
    relic_err err;
    relic_err_clear(&err);
    if (agi_fileset_read_dir(path, &d->fs, &err))
        return -1;
    if (agi_game_open(&d->fs, NULL, &d->game, &err))
        fail_msg("%s: %s", path, err.msg);
    relic_buf in = RELIC_BUF_INIT;
    test_fixture("agi/relicdemo_walk.in", &in);
    if (agi_input_parse((const char *)in.data, in.len, &d->in, &err))
        fail_msg("script: %s", err.msg);
    relic_buf_free(&in);
    agi_vm_opts o = {.seed = d->in.seed};
    if (agi_vm_new(&d->game, &o, &d->vm, &err))
        fail_msg("vm: %s", err.msg);
    return 0;
}

static void demo_close(demo *d)
{
    agi_vm_free(d->vm);
    agi_input_free(&d->in);
    agi_fileset_free(&d->fs);
}

static void demo_run(demo *d, unsigned long tick)
{
    relic_err err;
    relic_err_clear(&err);
    if (agi_vm_run(d->vm, &d->in, tick, &err))
        fail_msg("run: %s", err.msg);
    agi_vm_render(d->vm);
}

static void demo_digest(demo *d, char hex[65]) { relic_sha256_hex(d->vm->frame_vis, AGI_PIC_CELLS, hex); }

/* As AGI 2.936 draws it: no cursor character (the sample never calls
 * set.cursor.char), and the score of before "get key" while its window
 * waits (the status line is drawn again after the logic has run). */
#define SAMPLE_SCREEN_SHA "636bb07b010493040ec8ca75c4e18f4c1b1ce13f397af6c5ee64a68a56421b2a"

static void test_sample_game(void **state)
{
    (void)state;
    demo d;
    if (demo_open(&d)) {
        print_message("# sample game not built (make samples): skipped\n");
        skip();
    }
    static const struct {
        unsigned long tick;
        unsigned room, score;
        int f201, key_carried;
        const char *sha;
    } cp[] = {
        {2, 1, 0, 0, 0, "555f18208387ab41795db209feaa1703e272c5a4196dc76dd3d2b5ed0ad99c15"},
        {139, 2, 0, 0, 0, "1cd110946d499690b179b44902b4655b3a39a84aa795e6698dcfb57ecf3650d9"},
        {253, 2, 5, 0, 1, "7d0c87020d928f2986cfbe10fb400237b6b1c928c352ed7b115657940dc492e1"},
        {300, 3, 5, 0, 1, "ec52b77382b4f243108969ded643ea9f2b93ead2c4acf6079b3361bb2fe2a18b"},
        {403, 3, 10, 1, 1, "f4873bd3e46a12702517ab4d5c043e70da92eb49334d4118c8c24afd490fe747"},
    };
    for (size_t i = 0; i < sizeof cp / sizeof cp[0]; i++) {
        demo_run(&d, cp[i].tick);
        char hex[65];
        demo_digest(&d, hex);
        assert_int_equal(d.vm->vars[0], cp[i].room);
        assert_int_equal(d.vm->vars[3], cp[i].score);
        assert_int_equal(d.vm->flags[201], cp[i].f201);
        assert_int_equal(d.vm->items[1] == 0xff, cp[i].key_carried);
        assert_string_equal(hex, cp[i].sha);
    }
    demo_close(&d);
}

/* The full screen at the key pick-up: the sample never calls
 * configure.screen, so the layout is AGI 2.936's default (game area from
 * screen row 0, status line on text row 21, input line on 23); the message
 * window waiting for Enter; relic's font. */
static void test_sample_screen(void **state)
{
    (void)state;
    demo d;
    if (demo_open(&d)) {
        print_message("# sample game not built (make samples): skipped\n");
        skip();
    }
    demo_run(&d, 251);
    static uint8_t scr[AGI_SCREEN_W * AGI_SCREEN_H];
    agi_vm_screen(d.vm, NULL, scr);
    assert_int_equal(scr[(21 * 8 + 4) * AGI_SCREEN_W + 316], 15); /* status line background */
    assert_int_equal(scr[0], d.vm->frame_vis[0]);                 /* game area from text row 0 */
    assert_int_equal(scr[1], d.vm->frame_vis[0]);
    assert_string_equal(d.vm->txt->window, "You pick up the brass key.");
    char hex[65];
    relic_sha256_hex(scr, sizeof scr, hex);
    assert_string_equal(hex, SAMPLE_SCREEN_SHA);
    /* the window waits: still up a cycle later, gone after the Enter of 252 */
    demo_run(&d, 252);
    assert_int_equal(d.vm->modal->kind, AGI_MODAL_MESSAGE);
    agi_vm_screen(d.vm, NULL, scr);
    relic_sha256_hex(scr, sizeof scr, hex);
    assert_string_equal(hex, SAMPLE_SCREEN_SHA);
    demo_run(&d, 253);
    assert_int_equal(d.vm->modal->kind, AGI_MODAL_NONE);
    assert_int_equal(d.vm->txt->win_open, 0);
    agi_vm_screen(d.vm, NULL, scr);
    relic_sha256_hex(scr, sizeof scr, hex);
    assert_string_not_equal(hex, SAMPLE_SCREEN_SHA);
    /* glyphs: 'A' has its apex in column 3 of row 0, the box for code 1 */
    assert_int_equal(agi_vm_font['A' * 8], 0x38);
    assert_int_equal(agi_vm_font[1 * 8], 0x7c);
    demo_close(&d);
}

/* Sound on the run's 60 Hz clock: "get key" in cycle 250 starts sound 1
 * after 251 timer ticks (753 sound ticks); its first record plays on the
 * next tick; f241 is set when it completes. */
static void test_sample_sound(void **state)
{
    (void)state;
    demo d;
    if (demo_open(&d)) {
        print_message("# sample game not built (make samples): skipped\n");
        skip();
    }
    d.vm->audio->keep_sound_cmds = 1;
    demo_run(&d, 251);
    assert_int_equal(d.vm->audio->snd_cmds.count, 0);
    demo_run(&d, 252);
    assert_true(d.vm->audio->snd_cmds.count > 0);
    assert_int_equal(d.vm->audio->snd_cmds.v[0].tick, 754);
    assert_int_equal(d.vm->flags[241], 0);
    demo_run(&d, 300);
    assert_int_equal(d.vm->flags[241], 1);
    assert_int_equal(d.vm->audio->snd_clock, 900);
    demo_close(&d);
}

/* Save at T, restore in a fresh VM: the next 100 cycles match a run
 * without the save/restore (frame digests and variables). */
static void test_save_restore(void **state)
{
    (void)state;
    demo a, b;
    if (demo_open(&a)) {
        print_message("# sample game not built (make samples): skipped\n");
        skip();
    }
    demo_open(&b);
    demo_run(&a, 200);
    agi_save s, back;
    relic_buf bytes = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (agi_vm_to_save(a.vm, "test", &s, &err) || agi_save_encode(&s, &bytes, &err) ||
        agi_save_decode(bytes.data, bytes.len, a.vm->profile, &back, &err))
        fail_msg("save: %s", err.msg);
    if (agi_vm_from_save(b.vm, &back, &err))
        fail_msg("restore: %s", err.msg);
    b.vm->cycle = a.vm->cycle;
    b.vm->timer_sub = a.vm->timer_sub;
    for (unsigned long t = 201; t <= 300; t++) {
        demo_run(&a, t);
        demo_run(&b, t);
        char ha[65], hb[65];
        demo_digest(&a, ha);
        demo_digest(&b, hb);
        assert_string_equal(ha, hb);
        assert_memory_equal(a.vm->vars, b.vm->vars, 256);
        assert_memory_equal(a.vm->flags, b.vm->flags, 256);
    }
    agi_save_free(&s);
    agi_save_free(&back);
    relic_buf_free(&bytes);
    demo_close(&a);
    demo_close(&b);
}

/* The public accessors read and write the state the interpreter uses. */
static void test_accessors(void **state)
{
    (void)state;
    agi_vm *vm = test_vm_new(NULL);
    agi_vm_set_var(vm, AGI_V_SCORE, 17);
    assert_int_equal(vm->vars[AGI_V_SCORE], 17);
    assert_int_equal(agi_vm_var(vm, 3), 17);
    agi_vm_set_flag(vm, AGI_F_SOUND, 0);
    assert_int_equal(vm->flags[9], 0);
    agi_vm_set_flag(vm, 200, 5);
    assert_int_equal(agi_vm_flag(vm, 200), 1);
    snprintf(vm->strings[2], sizeof vm->strings[2], "abc");
    assert_string_equal(agi_vm_string(vm, 2), "abc");
    assert_string_equal(agi_vm_string(vm, 12), "");
    assert_ptr_equal(agi_vm_frame_vis(vm), vm->frame_vis);
    assert_ptr_equal(agi_vm_frame_pri(vm), vm->frame_pri);
    assert_string_equal(agi_vm_profile(vm)->name, "2.936");
    assert_string_equal(agi_vm_warning(vm), "");
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_NONE);
    test_vm_logic(vm, 0, "print(\"hi\");\nreturn();");
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_MESSAGE);
    assert_int_equal(agi_vm_cycles(vm), 1);
    assert_int_equal(agi_vm_has_quit(vm), 0);
    agi_vm_keep_sound_commands(vm, 1);
    assert_int_equal(vm->audio->keep_sound_cmds, 1);
    assert_ptr_equal(agi_vm_sound_commands(vm), &vm->audio->snd_cmds);
    assert_true(agi_vm_sound_clock(vm) > 0);
    agi_vm_free(vm);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scalar_rules),     cmocka_unit_test(test_conditions),
        cmocka_unit_test(test_bytecode_errors),  cmocka_unit_test(test_nested_calls),
        cmocka_unit_test(test_placement_spiral), cmocka_unit_test(test_collision),
        cmocka_unit_test(test_control_lines),    cmocka_unit_test(test_target_bands),
        cmocka_unit_test(test_approach_delay),   cmocka_unit_test(test_random_countdown),
        cmocka_unit_test(test_room_switch),      cmocka_unit_test(test_reentry),
        cmocka_unit_test(test_replay_checkpoint), cmocka_unit_test(test_parser), cmocka_unit_test(test_parser_unknown_word),
        cmocka_unit_test(test_event_queue),      cmocka_unit_test(test_menu_wrap),
        cmocka_unit_test(test_input_script),     cmocka_unit_test(test_sample_game),
        cmocka_unit_test(test_save_restore),     cmocka_unit_test(test_sample_screen),
        cmocka_unit_test(test_sample_sound),     cmocka_unit_test(test_accessors),
    };
    // clang-format on
    return cmocka_run_group_tests_name("agi_vm", tests, NULL, NULL);
}
