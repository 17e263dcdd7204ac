/* The AGI interpreter's profile variants (agi-spec version_profiles.md,
 * conformance_matrix.md "Profile variants"): each test runs the same state
 * or bytecode under two or more profiles and asserts where the spec says
 * they differ (loop selection, draw partitions, show.pic, distance, target
 * motion, movement clear, said and string slots, 2.272 menu stubs, v3
 * gates, input width and key-map capacity, Gold Rush room aliases, the
 * exact-zero left boundary, 2.230 packed loop headers) and, for the
 * position actions, that every ordering ends in the common state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_logic.h"
#include "relic/agi_view.h"
#include "relic/agi_vm.h"
#include "../../libvm/agi/vm/vm_rules.h"
#include "agi_vm_support.h"

/* One cycle of `hex` as logic 0 under `profile`; the VM is returned. */
static agi_vm *run(const char *profile, const char *hex)
{
    agi_vm *vm = test_vm_new(profile);
    test_vm_code(vm, 0, hex);
    relic_err err;
    if (test_vm_cycle(vm, &err))
        fail_msg("%s: %s", profile, err.msg);
    return vm;
}

/* A view payload: `loops` loop entries sharing one loop whose first byte is
 * `header`, with `cels` cel offsets: the first points at a 4x4 cel of
 * colour 1, the second at one of colour 2, the rest at the first. */
static void view_payload(relic_buf *b, unsigned loops, uint8_t header, unsigned cels)
{
    unsigned l = 5 + 2 * loops, a = 1 + 2 * cels, bcel = a + 11;
    relic_buf_u8(b, 0), relic_buf_u8(b, 0), relic_buf_u8(b, (uint8_t)loops);
    relic_buf_le16(b, 0); /* no description */
    for (unsigned i = 0; i < loops; i++)
        relic_buf_le16(b, (uint16_t)l);
    relic_buf_u8(b, header);
    for (unsigned i = 0; i < cels; i++)
        relic_buf_le16(b, (uint16_t)(i == 1 ? bcel : a));
    for (unsigned colour = 1; colour <= 2; colour++) {
        relic_buf_u8(b, 4), relic_buf_u8(b, 4), relic_buf_u8(b, 0); /* 4x4, transparent colour 0 */
        for (int row = 0; row < 4; row++)
            relic_buf_u8(b, (uint8_t)(colour << 4 | 4)), relic_buf_u8(b, 0);
    }
}

/* Decodes the payload under the VM's profile into view slot n. */
static void vm_view(agi_vm *vm, unsigned n, unsigned loops, uint8_t header, unsigned cels)
{
    relic_buf b = RELIC_BUF_INIT;
    view_payload(&b, loops, header, cels);
    agi_view *v = calloc(1, sizeof *v);
    relic_err err;
    relic_err_clear(&err);
    assert_non_null(v);
    if (agi_view_decode(b.data, b.len, vm->profile, v, &err))
        fail_msg("view: %s", err.msg);
    relic_buf_free(&b);
    vm->res->view[n] = v;
}

/* An active, updating object of view `view` (loop 0, cel 0) at x, y. */
static agi_vm_obj *vm_obj(agi_vm *vm, unsigned n, unsigned view, int x, int y)
{
    agi_vm_obj *o = &vm->obj[n];
    o->has_view = 1;
    o->view = (uint8_t)view;
    o->loop = o->cel = 0;
    o->width = o->height = 4;
    o->x = o->px = x;
    o->y = o->py = y;
    o->drawn = o->animated = o->updating = 1;
    o->step = o->step_time = o->step_count = 1;
    return o;
}

/* Loop after one post-logic pass of object 1 moving in `dir` through a
 * view with `loops` loops, at cadence `cadence`. */
static unsigned loop_after(const char *profile, unsigned loops, unsigned dir, unsigned cadence, int f20)
{
    agi_vm *vm = test_vm_new(profile);
    test_vm_code(vm, 0, "00");
    vm_view(vm, 1, loops, 1, 1);
    agi_vm_obj *o = vm_obj(vm, 1, 1, 60, 100);
    o->dir = (uint8_t)dir;
    o->step_time = o->step_count = (uint8_t)cadence;
    vm->flags[20] = (uint8_t)f20;
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    unsigned loop = o->loop;
    agi_vm_free(vm);
    return loop;
}

/* object_behavior.md "Direction and automatic loop selection". */
static void test_loop_selection(void **state)
{
    (void)state;
    /* more than four loops: 2.936/3.002.086 always, 2.917 and older never,
     * 3.002.102/3.002.149 only while f20 is set */
    assert_int_equal(loop_after("2.936", 5, 5, 1, 0), 2);
    assert_int_equal(loop_after("3.002.086", 5, 1, 1, 0), 3);
    assert_int_equal(loop_after("2.917", 5, 5, 1, 0), 0);
    assert_int_equal(loop_after("2.440", 5, 5, 1, 0), 0);
    assert_int_equal(loop_after("2.089", 5, 5, 1, 0), 0);
    assert_int_equal(loop_after("3.002.149", 5, 5, 1, 0), 0);
    assert_int_equal(loop_after("3.002.149", 5, 5, 1, 1), 2);
    assert_int_equal(loop_after("3.002.102", 5, 5, 1, 1), 2);
    /* exactly four: every profile, with or without f20 */
    assert_int_equal(loop_after("2.917", 4, 5, 1, 0), 2);
    assert_int_equal(loop_after("3.002.149", 4, 1, 1, 0), 3);
    assert_int_equal(loop_after("2.089", 4, 5, 1, 0), 2);
    /* two and three loops: the common small table */
    assert_int_equal(loop_after("2.917", 2, 7, 1, 0), 1);
    assert_int_equal(loop_after("2.089", 3, 7, 1, 0), 1);
    assert_int_equal(loop_after("2.936", 3, 5, 1, 0), 0);
    /* the cadence gate: countdown 2 selects only in 2.089/2.230/2.272 */
    assert_int_equal(loop_after("2.089", 4, 5, 2, 0), 2);
    assert_int_equal(loop_after("2.230", 4, 5, 2, 0), 2);
    assert_int_equal(loop_after("2.272", 4, 5, 2, 0), 2);
    assert_int_equal(loop_after("2.411", 4, 5, 2, 0), 0);
    assert_int_equal(loop_after("2.936", 4, 5, 2, 0), 0);
}

/* Actions 0x25/0x26: 2.089's erase-then-snapshot order and the others'
 * write-both order end in the same state (current == previous); the
 * headless composer keeps no rendered copy for the erase to remove. */
static void test_position_order(void **state)
{
    (void)state;
    const char *profiles[] = {"2.089", "2.230", "2.272", "2.936"};
    for (size_t i = 0; i < sizeof profiles / sizeof profiles[0]; i++) {
        agi_vm *vm = test_vm_new(profiles[i]);
        test_vm_code(vm, 0,
                     "25 01 32 78 03 0a 14 03 0b 15 26 02 0a 0b 00"); /* position(1,50,120); position.v(2,v10,v11) */
        vm_view(vm, 1, 1, 1, 1);
        agi_vm_obj *a = vm_obj(vm, 1, 1, 10, 100), *b = vm_obj(vm, 2, 1, 90, 60);
        a->animated = b->animated = 0; /* no post-logic movement */
        relic_err err;
        assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
        assert_int_equal(a->x, 50), assert_int_equal(a->px, 50);
        assert_int_equal(a->y, 120), assert_int_equal(a->py, 120);
        assert_int_equal(b->x, 20), assert_int_equal(b->px, 20);
        assert_int_equal(b->y, 21), assert_int_equal(b->py, 21);
        assert_int_equal(a->drawn, 1);
        agi_vm_free(vm);
    }
}

/* Colour at (10, 59) after composing objects 1 (colour 1, baseline 61)
 * and 2 (colour 2, baseline 60), both priority 6, in one partition. */
static uint8_t overlap_colour(const char *profile, int updating)
{
    agi_vm *vm = test_vm_new(profile);
    vm_view(vm, 1, 1, 2, 2);
    agi_vm_obj *a = vm_obj(vm, 1, 1, 10, 61), *b = vm_obj(vm, 2, 1, 10, 60);
    b->cel = 1;
    a->updating = b->updating = (uint8_t)updating;
    vm->shown = 1;
    agi_vm_render(vm);
    uint8_t c = vm->frame_vis[59 * 160 + 10];
    agi_vm_free(vm);
    return c;
}

/* object_behavior.md "Drawing order and refresh": 2.089 draws the earlier
 * partition in object-number order. */
static void test_draw_partitions(void **state)
{
    (void)state;
    assert_int_equal(overlap_colour("2.936", 0), 1); /* key 60 then key 61: object 1 on top */
    assert_int_equal(overlap_colour("2.230", 0), 1);
    assert_int_equal(overlap_colour("2.272", 0), 1);
    assert_int_equal(overlap_colour("2.089", 0), 2); /* object 1 then object 2 */
    assert_int_equal(overlap_colour("2.089", 1), 1); /* the later partition is sorted */
    assert_int_equal(overlap_colour("2.936", 1), 1);
}

/* show.pic (0x1a): 2.089/2.230/2.272 keep f15 and the open window. */
static void test_show_pic(void **state)
{
    (void)state;
    const char *keep[] = {"2.089", "2.230", "2.272"}, *close[] = {"2.411", "2.936", "3.002.149"};
    for (int k = 0; k < 3; k++) {
        for (int which = 0; which < 2; which++) {
            agi_vm *vm = test_vm_new(which ? close[k] : keep[k]);
            test_vm_code(vm, 0, "1a 00");
            vm->flags[15] = 1;
            snprintf(vm->txt->window, sizeof vm->txt->window, "left open");
            relic_err err;
            assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
            assert_int_equal(vm->shown, 1);
            assert_int_equal(vm->flags[15], which ? 0 : 1);
            assert_int_equal(vm->txt->window[0] != 0, which ? 0 : 1);
            agi_vm_free(vm);
        }
    }
}

static unsigned distance_of(const char *profile)
{
    agi_vm *vm = test_vm_new(profile);
    test_vm_code(vm, 0, "45 01 02 32 00"); /* distance(1, 2, v50) */
    agi_vm_obj *a = vm_obj(vm, 1, 1, 0, 167), *b = vm_obj(vm, 2, 1, 150, 0);
    a->animated = b->animated = 0;
    a->width = b->width = 2;
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    unsigned d = vm->vars[50];
    agi_vm_free(vm);
    return d;
}

/* Action 0x45: |1 - 151| + |167 - 0| = 317. */
static void test_distance(void **state)
{
    (void)state;
    assert_int_equal(distance_of("2.936"), 254);
    assert_int_equal(distance_of("2.411"), 254);
    assert_int_equal(distance_of("2.089"), 317 & 0xff);
    assert_int_equal(distance_of("2.230"), 317 & 0xff);
    assert_int_equal(distance_of("2.272"), 317 & 0xff);
}

/* Target motion 0x51 under `profile` for object 1 at (50, 100), direction
 * 7, to (tx, 100): v51 = completion flag f40 seen by the logic, v52 the
 * direction right after the action. */
static void target_start(const char *profile, unsigned tx, unsigned *done, unsigned *dir)
{
    agi_vm *vm = test_vm_new(profile);
    char code[128];
    /* move.obj(1, tx, 100, 0, f40); if (isset(f40)) v51 = 1; get.dir(1, v52) */
    snprintf(code, sizeof code, "51 01 %02x 64 00 28 ff 07 28 ff 03 00 03 33 01 57 01 34 00", tx);
    test_vm_code(vm, 0, code);
    agi_vm_obj *o = vm_obj(vm, 1, 1, 50, 100);
    o->animated = 0;
    o->dir = 7;
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    *done = vm->vars[51];
    *dir = vm->vars[52];
    agi_vm_free(vm);
}

/* object_behavior.md "Target motion": 2.089/2.230/2.272 defer the first
 * direction and an already-satisfied completion. */
static void test_target_defer(void **state)
{
    (void)state;
    unsigned done, dir;
    target_start("2.936", 50, &done, &dir);
    assert_int_equal(done, 1);
    assert_int_equal(dir, 0);
    target_start("2.411", 80, &done, &dir);
    assert_int_equal(done, 0);
    assert_int_equal(dir, 3);
    const char *early[] = {"2.089", "2.230", "2.272"};
    for (int i = 0; i < 3; i++) {
        target_start(early[i], 50, &done, &dir);
        assert_int_equal(done, 0);
        assert_int_equal(dir, 7);
        target_start(early[i], 80, &done, &dir);
        assert_int_equal(dir, 7); /* the previous direction until the next update */
    }
    /* the deferred calculation runs at the next eligible update */
    agi_vm *vm = test_vm_new("2.089");
    test_vm_code(vm, 0, "ff 01 0a 00 ff 09 00 51 01 50 64 00 28 03 0a 01 00"); /* once: move.obj(1,80,100,0,f40) */
    agi_vm_obj *o = vm_obj(vm, 1, 1, 50, 100);
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    assert_int_equal(o->dir, 0);
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    assert_int_equal(o->dir, 3);
    agi_vm_free(vm);
}

/* Actions 0x4d/0x4e: 2.089/2.230 against the common rule (2.272 on). */
static void test_motion_clear(void **state)
{
    (void)state;
    const char *profiles[] = {"2.089", "2.230", "2.272", "2.936"};
    for (int i = 0; i < 4; i++) {
        int early = i < 2;
        agi_vm *vm = test_vm_new(profiles[i]);
        test_vm_code(vm, 0, "4d 01 4e 02 4e 00 00"); /* stop.motion(1) start.motion(2) start.motion(0) */
        agi_vm_obj *a = vm_obj(vm, 1, 1, 10, 100), *b = vm_obj(vm, 2, 1, 60, 100);
        a->drawn = b->drawn = 0;
        a->dir = b->dir = 3;
        a->motion = b->motion = AGI_MOTION_WANDER;
        vm->player_control = 0;
        vm->vars[6] = 4;
        vm->nav_event = 5;
        relic_err err;
        assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
        assert_int_equal(a->dir, 0);
        assert_int_equal(a->motion, early ? AGI_MOTION_WANDER : AGI_MOTION_NORMAL);
        assert_int_equal(b->dir, 3);
        assert_int_equal(b->motion, early ? AGI_MOTION_WANDER : AGI_MOTION_NORMAL);
        assert_int_equal(vm->vars[6], 0);
        assert_int_equal(vm->player_control, 1); /* v6 -> object 0 */
        assert_int_equal(vm->nav_event, early ? 0 : 5);
        agi_vm_free(vm);
        /* 0x4d on object 0 selects object -> v6 coupling everywhere */
        vm = run(profiles[i], "4d 00 00");
        assert_int_equal(vm->player_control, 0);
        agi_vm_free(vm);
    }
}

static int said(agi_vm *vm, const uint16_t *pattern, unsigned n)
{
    uint8_t w[20];
    for (unsigned i = 0; i < n; i++)
        w[2 * i] = (uint8_t)pattern[i], w[2 * i + 1] = (uint8_t)(pattern[i] >> 8);
    vm->flags[4] = 0;
    return agi_vm_said(vm, w, n);
}

/* input_text_and_menus.md "Parsed-word matching": 2.089 needs equal counts
 * and has no 0x270f tail. */
static void test_said_exact(void **state)
{
    (void)state;
    static const uint16_t tail[] = {5, 0x270f}, any[] = {1, 6, 7}, short_[] = {5, 6};
    const char *profiles[] = {"2.089", "2.230", "2.936"};
    for (int i = 0; i < 3; i++) {
        agi_vm *vm = test_vm_new(profiles[i]);
        vm->flags[2] = 1;
        vm->input->parsed[0] = 5, vm->input->parsed[1] = 6, vm->input->parsed[2] = 7;
        vm->input->parsed_n = vm->input->parse_count = 3;
        assert_int_equal(said(vm, tail, 2), i == 0 ? 0 : 1);
        assert_int_equal(said(vm, any, 3), 1);
        assert_int_equal(said(vm, short_, 2), 0);
        vm->input->parsed_n = vm->input->parse_count = 2;
        assert_int_equal(said(vm, tail, 2), i == 0 ? 0 : 1); /* 0x270f is no wildcard either */
        assert_int_equal(vm->flags[4], i == 0 ? 0 : 1);
        agi_vm_free(vm);
    }
}

/* input_text_and_menus.md "String slots": six in 2.089/2.230/2.272. */
static void test_string_slots(void **state)
{
    (void)state;
    const char *profiles[] = {"2.089", "2.230", "2.272", "2.411", "2.936"};
    for (int i = 0; i < 5; i++) {
        int six = i < 3;
        agi_vm *vm = test_vm_new(profiles[i]);
        /* if (compare.strings(s7, s8)) v50 = 1; if (compare.strings(s4, s5)) v51 = 1; parse(s7);
         * word.to.string(s9, 0) */
        test_vm_code(vm, 0, "ff 0f 07 08 ff 03 00 03 32 01 ff 0f 04 05 ff 03 00 03 33 01 75 07 74 09 00 00");
        snprintf(vm->strings[7], 40, "open door");
        snprintf(vm->strings[8], 40, "Open-Door");
        snprintf(vm->strings[4], 40, "x");
        snprintf(vm->strings[5], 40, "X");
        relic_err err;
        assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
        assert_int_equal(vm->vars[50], six ? 0 : 1);
        assert_int_equal(vm->vars[51], 1);
        assert_int_equal(vm->flags[2], six ? 0 : 1); /* "open" is unknown: parse sets f2 */
        assert_int_equal(vm->input->parse_count, six ? 0 : 1);
        /* s9 is no slot with six; else the unknown word, which the
         * parser keeps as the line's word (see test_parser_unknown_word) */
        assert_string_equal(vm->strings[9], six ? "" : "open");
        agi_vm_free(vm);
    }
}

/* 2.272: 0x9b consumes two bytes; 0x9c..0xa0 build no menu. */
static void test_menu_stubs(void **state)
{
    (void)state;
    /* set.upper.left(7, 8); v50 = 9; set.menu(m1); set.menu.item(m2, c5); submit.menu; enable.item(c5) */
    const char *code = "9b 07 08 03 32 09 9c 01 9d 02 05 9e 9f 05 a0 05 00";
    agi_vm *vm = run("2.272", code);
    assert_int_equal(vm->vars[50], 9);
    assert_int_equal(vm->menus->heading_n, 0);
    assert_int_equal(vm->menus->menu_n, 0);
    assert_int_equal(vm->menus->menu_done, 0);
    agi_vm_free(vm);
    vm = run("2.411", code);
    assert_int_equal(vm->vars[50], 9);
    assert_int_equal(vm->menus->heading_n, 1);
    assert_int_equal(vm->menus->menu_n, 1);
    assert_int_equal(vm->menus->menu_done, 1);
    agi_vm_free(vm);
    vm = test_vm_new("2.230"); /* no 0x9b at all */
    test_vm_code(vm, 0, code);
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "unknown action 0x9b"));
    agi_vm_free(vm);
}

/* input_text_and_menus.md "Tracked key release", "Menu interaction";
 * logic_bytecode.md "Version 3 extension actions". */
static void test_v3_gates(void **state)
{
    (void)state;
    const char *inc[] = {"2.917", "2.936", "3.002.086"}, *one[] = {"3.002.102", "3.002.149"};
    for (int i = 0; i < 3; i++) {
        agi_vm *vm = run(inc[i], "ad ad ad 00");
        assert_int_equal(vm->input->release_gate, 3);
        vm->input->release_gate = 255;
        relic_err err;
        assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
        assert_int_equal(vm->input->release_gate, 2); /* modulo 256 */
        agi_vm_free(vm);
    }
    for (int i = 0; i < 2; i++) {
        agi_vm *vm = run(one[i], "ad ad ad 00");
        assert_int_equal(vm->input->release_gate, 1);
        agi_vm_free(vm);
        vm = run(one[i], "ad b5 00");
        assert_int_equal(vm->input->release_gate, 0);
        agi_vm_free(vm);
    }
    agi_vm *vm = test_vm_new("2.440"); /* no 0xad */
    test_vm_code(vm, 0, "ad 00");
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_EDATA);
    agi_vm_free(vm);
    /* the menu gate starts permitting; 0xb1 stores its byte */
    vm = test_vm_new("3.002.149");
    assert_int_equal(vm->menus->menu_gate, 1);
    agi_vm_free(vm);
    vm = run("3.002.086", "b1 00 00");
    assert_int_equal(vm->menus->menu_gate, 0);
    agi_vm_free(vm);
    vm = run("3.002.102", "b1 07 00");
    assert_int_equal(vm->menus->menu_gate, 7);
    agi_vm_free(vm);
    /* 0xb0 eats a byte only in 3.002.086; 0xb2..0xb4 only consume */
    vm = run("3.002.086", "b0 00 03 32 09 00");
    assert_int_equal(vm->vars[50], 9);
    agi_vm_free(vm);
    vm = run("3.002.102", "b0 00 03 32 09 00");
    assert_int_equal(vm->vars[50], 0);
    agi_vm_free(vm);
    vm = run("3.002.149", "b2 b3 01 02 03 04 b4 05 06 03 32 09 00");
    assert_int_equal(vm->vars[50], 9);
    assert_int_equal(vm->vars[5], 0);
    agi_vm_free(vm);
}

/* 0xa3/0xa4 and closing window state; key-map capacity. */
static void test_input_width_and_keys(void **state)
{
    (void)state;
    agi_vm *vm = run("2.936", "a3 00");
    assert_int_equal(vm->txt->input_width_override, 1);
    agi_vm_free(vm);
    vm = run("3.002.149", "a3 00");
    assert_int_equal(vm->txt->input_width_override, 0);
    agi_vm_free(vm);
    vm = run("3.002.102", "a3 a4 00");
    assert_int_equal(vm->txt->input_width_override, 0);
    agi_vm_free(vm);
    /* show.pic closes window state: only 3.002.102 drops the override */
    vm = run("3.002.102", "a3 1a 00");
    assert_int_equal(vm->txt->input_width_override, 0);
    agi_vm_free(vm);
    vm = run("2.936", "a3 1a 00");
    assert_int_equal(vm->txt->input_width_override, 1);
    agi_vm_free(vm);
    vm = run("2.936", "a3 a9 00"); /* close.window clears it everywhere */
    assert_int_equal(vm->txt->input_width_override, 0);
    agi_vm_free(vm);
    /* set.key 45 times: 39 entries, 49 in 3.002.149 */
    char code[45 * 12 + 8] = "";
    for (int i = 0; i < 45; i++) {
        char one[16];
        snprintf(one, sizeof one, "79 %02x 00 %02x ", 0x41 + i, i);
        strcat(code, one);
    }
    strcat(code, "00");
    vm = run("2.936", code);
    assert_int_equal(vm->input->keymap_n, 39);
    agi_vm_free(vm);
    vm = run("3.002.149", code);
    assert_int_equal(vm->input->keymap_n, 45);
    agi_vm_free(vm);
}

/* version_profiles.md 3.002.149: Gold Rush's immediate room aliases. */
static unsigned room_after(const char *profile, const char *code)
{
    agi_vm *vm = test_vm_new(profile);
    test_vm_code(vm, 0x49, "00");
    test_vm_code(vm, 0x7f, "00");
    test_vm_code(vm, 0x80, "00");
    test_vm_code(vm, 0x81, "00");
    test_vm_code(vm, 0, code);
    relic_err err;
    if (test_vm_cycle(vm, &err))
        fail_msg("%s: %s", profile, err.msg);
    unsigned room = vm->vars[0];
    agi_vm_free(vm);
    return room;
}

static void test_room_alias(void **state)
{
    (void)state;
    /* if (v0 == 0) new.room(N) */
    assert_int_equal(room_after("3.002.149-gr", "ff 01 00 00 ff 02 00 12 7f 00"), 0x49);
    assert_int_equal(room_after("3.002.149-gr", "ff 01 00 00 ff 02 00 12 80 00"), 0x49);
    assert_int_equal(room_after("3.002.149-gr", "ff 01 00 00 ff 02 00 12 81 00"), 0x81);
    assert_int_equal(room_after("3.002.149", "ff 01 00 00 ff 02 00 12 7f 00"), 0x7f);
    assert_int_equal(room_after("3.002.102", "ff 01 00 00 ff 02 00 12 80 00"), 0x80);
    /* new.room.v is not remapped */
    assert_int_equal(room_after("3.002.149-gr", "ff 01 00 00 ff 05 00 03 0a 7f 13 0a 00"), 0x7f);
}

/* Object 0 moving left from x = 1 by one: v2 after the move. */
static unsigned left_code(const char *profile, int x)
{
    agi_vm *vm = test_vm_new(profile);
    test_vm_code(vm, 0, "00");
    vm_obj(vm, 0, 1, x, 100)->has_view = 0;
    vm->vars[6] = 7;
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    assert_int_equal(vm->obj[0].x, 0);
    unsigned v2 = vm->vars[2];
    agi_vm_free(vm);
    return v2;
}

/* object_behavior.md "Movement proposal and screen boundaries". */
static void test_left_zero(void **state)
{
    (void)state;
    assert_int_equal(left_code("3.002.086", 1), 4);
    assert_int_equal(left_code("2.936", 1), 0);
    assert_int_equal(left_code("3.002.149", 1), 0);
    assert_int_equal(left_code("2.936", 0), 4); /* a negative proposal everywhere */
    assert_int_equal(left_code("3.002.086", 0), 4);
}

/* view_resources.md: 2.230 loop header 0x12 is two cels (orientation 1);
 * elsewhere the same byte counts 18. */
static unsigned last_cel(const char *profile)
{
    agi_vm *vm = test_vm_new(profile);
    test_vm_code(vm, 0, "31 01 32 00"); /* last.cel(1, v50) */
    vm_view(vm, 1, 1, 0x12, 18);
    vm_obj(vm, 1, 1, 10, 100)->animated = 0;
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    unsigned n = vm->vars[50];
    agi_vm_free(vm);
    return n;
}

static void test_packed_last_cel(void **state)
{
    (void)state;
    assert_int_equal(last_cel("2.230"), 1);
    assert_int_equal(last_cel("2.272"), 17);
    assert_int_equal(last_cel("2.936"), 17);
}

/* The gates travel in the 3.002.102 and Gold Rush save layouts only. */
static uint8_t gate_after_restore(const char *profile)
{
    agi_vm *vm = run(profile, "b1 00 00");
    assert_int_equal(vm->menus->menu_gate, 0);
    agi_save s;
    relic_err err;
    relic_err_clear(&err);
    if (agi_vm_to_save(vm, "t", &s, &err) || agi_vm_from_save(vm, &s, &err))
        fail_msg("%s: %s", profile, err.msg);
    uint8_t g = vm->menus->menu_gate;
    agi_save_free(&s);
    agi_vm_free(vm);
    return g;
}

static void test_gate_saves(void **state)
{
    (void)state;
    assert_int_equal(gate_after_restore("3.002.102"), 0);
    assert_int_equal(gate_after_restore("3.002.149-gr"), 0);
    assert_int_equal(gate_after_restore("3.002.086"), 1); /* not in its block 1: reset to permitting */
}

/* Every profile has its own runtime-rules row; an unknown one gets the
 * 2.936 row. */
static void test_rules_table(void **state)
{
    (void)state;
    unsigned n;
    const agi_profile *p = agi_profiles(&n);
    for (unsigned i = 0; i < n; i++)
        assert_string_equal(agi_vm_rules_for(&p[i])->profile, p[i].name);
    agi_profile custom = *agi_profile_find("2.089");
    custom.name = "9.999";
    assert_string_equal(agi_vm_rules_for(&custom)->profile, "2.936");
    assert_int_equal(agi_vm_rules_for(agi_profile_find("2.089"))->string_slots, 6);
    assert_int_equal(agi_vm_rules_for(agi_profile_find("3.002.149-gr"))->room_alias_to, 0x49);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loop_selection),  cmocka_unit_test(test_position_order),
        cmocka_unit_test(test_draw_partitions), cmocka_unit_test(test_show_pic),
        cmocka_unit_test(test_distance),        cmocka_unit_test(test_target_defer),
        cmocka_unit_test(test_motion_clear),    cmocka_unit_test(test_said_exact),
        cmocka_unit_test(test_string_slots),    cmocka_unit_test(test_menu_stubs),
        cmocka_unit_test(test_v3_gates),        cmocka_unit_test(test_input_width_and_keys),
        cmocka_unit_test(test_rules_table),     cmocka_unit_test(test_room_alias),      cmocka_unit_test(test_left_zero),
        cmocka_unit_test(test_packed_last_cel), cmocka_unit_test(test_gate_saves),
    };
    // clang-format on
    return cmocka_run_group_tests_name("agi_vm_profiles", tests, NULL, NULL);
}
