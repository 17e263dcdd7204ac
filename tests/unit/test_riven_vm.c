/* Unit tests for libvm/riven: the command table, the decompiler (JSON tree
 * and text from it) and the executor's traces: the card-switch event chain,
 * switch/case/default, hotspot enable/disable and clicks, screen-update
 * batching, logical time, the step budget and unknown opcodes. */
#include <string.h>
#include "relic/riven_script_json.h"
#include "support.h"

static void test_assemble_errors(void **state)
{
    (void)state;
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    const char *bad[][2] = {
        {"on CardLoad {\n  switch (var1) {\n  }\n}\n", "line 3: switch without branches"},
        {"on Nowhere {\n}\n", "line 1: unknown event 'Nowhere'"},
        {"on CardLoad {\n  setVariable(ghost, 1)\n}\n", "line 2: unknown name 'ghost'"},
        {"on CardLoad {\n  fly(1)\n}\n", "line 2: unknown command 'fly'"},
        {"on CardLoad {\n", "line 1: missing '}' at the end"},
        {"}\n", "line 1: unbalanced '}'"},
        {"case 1:\n", "line 1: case outside a switch"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_equal(riven_script_assemble(bad[i][0], strlen(bad[i][0]), NULL, &out, &err), RELIC_EDATA);
        assert_string_equal(err.msg, bad[i][1]);
        assert_int_equal(out.len, 0);
    }
    const char *ok = "# comment\non MouseDown {\n  op99(1, 0x10, -1)\n  changeStack(2, 0x00030004)\n}\n";
    assert_int_equal(riven_script_assemble(ok, strlen(ok), NULL, &out, &err), RELIC_OK);
    uint8_t want[64];
    size_t n =
        test_hex("00 01 00 00 00 02 00 63 00 03 00 01 00 10 ff ff 00 1b 00 03 00 02 00 03 00 04", want, sizeof want);
    assert_int_equal(out.len, n);
    assert_memory_equal(out.data, want, n);
    relic_buf_free(&out);
}

static void test_op_table(void **state)
{
    (void)state;
    assert_string_equal(riven_op(1)->name, "drawBitmap");
    assert_int_equal(riven_op(1)->argc, 9);
    assert_string_equal(riven_op(27)->name, "changeStack");
    assert_string_equal(riven_op(39)->name, "activatePLST");
    /* Issue 16: every command of the engine's table is named, with its source. */
    assert_string_equal(riven_op(5)->name, "activateSynthesizedMLST");
    assert_string_equal(riven_op(5)->source, "rivenx");
    assert_string_equal(riven_op(12)->name, "stopSound");
    assert_string_equal(riven_op(25)->name, "decrementVariable");
    assert_string_equal(riven_op(26)->name, "closeAllMovies");
    assert_string_equal(riven_op(28)->name, "disableMovie");
    assert_string_equal(riven_op(29)->name, "disableAllMovies");
    assert_string_equal(riven_op(31)->name, "enableMovie");
    assert_string_equal(riven_op(32)->name, "playMovieBlocking");
    assert_string_equal(riven_op(33)->name, "playMovieBackground");
    assert_string_equal(riven_op(34)->name, "stopMovie");
    assert_string_equal(riven_op(37)->name, "fadeAmbientSounds");
    assert_string_equal(riven_op(38)->name, "storeMovieOpcode");
    assert_string_equal(riven_op(41)->name, "activateMLSTAndPlay");
    assert_string_equal(riven_op(47)->name, "activateSLSTWithVolume");
    assert_int_equal(riven_op(1)->min_argc, 1);
    assert_null(riven_op(11));
    assert_null(riven_op(48));
    for (unsigned op = 0; op < 48; op++)
        if (riven_op((uint16_t)op))
            assert_non_null(riven_op((uint16_t)op)->source);
    /* Old names still assemble to the same opcode. */
    assert_int_equal(riven_op_by_name("unknown28"), 28);
    assert_int_equal(riven_op_by_name("playMovie"), 32);
    assert_string_equal(riven_event_name(10), "DisplayUpdate");
    assert_null(riven_event_name(8));
}

static void test_decompile_text(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT, nf = RELIC_BUF_INIT;
    test_fixture("riven/card_switch.bin", &f);
    test_fixture("riven/name_vars.bin", &nf);
    riven_card c;
    riven_names vars;
    assert_int_equal(riven_card_decode(f.data, f.len, &c, NULL), RELIC_OK);
    assert_int_equal(riven_names_decode(nf.data, nf.len, &vars, NULL), RELIC_OK);
    riven_nameset ns = {.variables = &vars};
    json_t *tree = riven_script_json(&c.script, &ns);
    assert_non_null(tree);
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(riven_script_text(tree, &out, NULL), RELIC_OK);
    relic_buf_u8(&out, 0);
    assert_string_equal((const char *)out.data, "on CardLoad {\n"
                                                "    setVariable(Alpha, 5)\n"
                                                "    switch (Alpha) {\n"
                                                "        case 5:\n"
                                                "            switch (mid) {\n"
                                                "                default:\n"
                                                "                    enableHotspot(3)\n"
                                                "            }\n"
                                                "        default:\n"
                                                "    }\n"
                                                "    changeStack(1, 0x00010002)\n"
                                                "}\n");
    /* The assembler turns that text back into the very same bytes. */
    relic_buf back = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (riven_script_assemble((const char *)out.data, out.len - 1, &ns, &back, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(back.len, f.len - 4);
    assert_memory_equal(back.data, f.data + 4, f.len - 4);
    relic_buf_free(&back);
    json_t *h0 = json_array_get(json_object_get(tree, "handlers"), 0);
    assert_int_equal(json_integer_value(json_object_get(h0, "event_type")), 6);
    json_t *sw = json_array_get(json_object_get(h0, "commands"), 1);
    assert_string_equal(json_string_value(json_object_get(sw, "var")), "Alpha");
    json_decref(tree);
    riven_names_free(&vars);
    riven_card_free(&c);
    relic_buf_free(&out);
    relic_buf_free(&nf);
    relic_buf_free(&f);
}

typedef struct trace_log {
    relic_buf b;
} trace_log;

static void log_trace(void *ctx, const riven_trace_ev *ev)
{
    relic_buf *b = &((trace_log *)ctx)->b;
    switch (ev->kind) {
    case RIVEN_TRACE_COMMAND:
        relic_buf_printf(b, "%s", riven_op(ev->op)->name);
        for (unsigned i = 0; i < ev->argc; i++)
            relic_buf_printf(b, " %u", ev->argv[i]);
        break;
    case RIVEN_TRACE_EVENT:
        relic_buf_printf(b, "on %s", riven_event_name(ev->event));
        if (ev->hotspot >= 0)
            relic_buf_printf(b, " hotspot %d", ev->hotspot);
        break;
    case RIVEN_TRACE_DISPLAY: relic_buf_printf(b, "display %d", ev->transition); break;
    case RIVEN_TRACE_CARD: relic_buf_printf(b, "card %u", ev->card); break;
    case RIVEN_TRACE_CLICK_IGNORED: relic_buf_printf(b, "ignored %d", ev->hotspot); break;
    case RIVEN_TRACE_DEFAULT_PICTURE: relic_buf_printf(b, "default picture %u", ev->argv[0]); break;
    }
    relic_buf_printf(b, " @%llu\n", (unsigned long long)ev->time_ms);
}

static void script(const char *hex, riven_card *c)
{
    uint8_t d[256];
    size_t n = test_hex(hex, d, sizeof d);
    relic_err err;
    relic_err_clear(&err);
    if (riven_card_decode(d, n, c, &err))
        fail_msg("test script: %s at 0x%zx", err.msg, err.offset);
}

static void test_event_chain_and_click(void **state)
{
    (void)state;
    riven_card c1, c2;
    /* card 1: load { setVariable(0, 1) }  display { activatePLST(1) }  open { playMovieBackground(1) } */
    script("00 00 00 00  00 03  00 06 00 01 00 07 00 02 00 00 00 01"
           "  00 0a 00 01 00 27 00 01 00 01  00 09 00 01 00 21 00 01 00 01",
           &c1);
    /* card 2: close { pause(100, 0) }  load { switch(0) { case 1: incrementVariable(0, 2) default: setVariable(0, 9) } }
     * open { disableScreenUpdate() drawBitmap(...) enableScreenUpdate() } */
    script("00 00 00 00  00 03  00 07 00 01 00 0e 00 02 00 64 00 00"
           "  00 06 00 01 00 08 00 02 00 00 00 02  00 01 00 01 00 18 00 02 00 00 00 02"
           "                                         ff ff 00 01 00 07 00 02 00 00 00 09"
           "  00 09 00 03 00 14 00 00  00 01 00 09 00 05 00 00 00 00 00 10 00 10 00 00 00 00 00 00 00 00  00 15 00 00",
           &c2);
    /* card 1 hotspot blst 4: mouse down { transition(16) switchCard(2) }; hotspot blst 5 has an empty rect */
    uint8_t d[128];
    size_t n = test_hex("00 02  00 04 00 00 00 00 00 00 00 10 00 10 00 00 00 00 00 00 00 00 00 00"
                        "  00 01 00 00 00 02 00 12 00 01 00 10 00 02 00 01 00 02"
                        "  00 05 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  00 00",
                        d, sizeof d);
    riven_hotspots hs;
    assert_int_equal(riven_hotspots_decode(d, n, &hs, NULL), RELIC_OK);
    riven_world_card world[2] = {{1, &c1, &hs, NULL, NULL}, {2, &c2, NULL, NULL, NULL}};
    trace_log log = {RELIC_BUF_INIT};
    riven_host host = {&log, log_trace, NULL};
    riven_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    assert_non_null(vm = riven_vm_new(world, 2, &host, &err));
    assert_int_equal(riven_vm_goto(vm, 1, &err), RELIC_OK);
    assert_int_equal(riven_vm_run(vm, 1000, &err), RELIC_OK);
    assert_int_equal(riven_vm_click(vm, 5, &err), RELIC_OK); /* disabled: empty rect */
    assert_int_equal(riven_vm_click(vm, 4, &err), RELIC_OK);
    assert_int_equal(riven_vm_run(vm, 1000, &err), RELIC_OK);
    assert_int_equal(riven_vm_var(vm, 0), 3);
    assert_int_equal(riven_vm_current_card(vm), 2);
    relic_buf_u8(&log.b, 0);
    assert_string_equal((const char *)log.b.data, "card 1 @0\n"
                                                  "on CardLoad @0\n"
                                                  "setVariable 0 1 @0\n"
                                                  "default picture 1 @0\n"
                                                  "on DisplayUpdate @0\n"
                                                  "activatePLST 1 @0\n"
                                                  "display -1 @0\n"
                                                  "on CardOpen @0\n"
                                                  "playMovieBackground 1 @0\n"
                                                  "ignored 5 @0\n"
                                                  "on MouseDown hotspot 4 @0\n"
                                                  "transition 16 @0\n"
                                                  "switchCard 2 @0\n"
                                                  "on CardClose @0\n"
                                                  "card 2 @0\n"
                                                  "on CardLoad @0\n"
                                                  "switch 1 @0\n"
                                                  "incrementVariable 0 2 @0\n"
                                                  "default picture 1 @0\n"
                                                  "on DisplayUpdate @0\n"
                                                  "display 16 @0\n"
                                                  "on CardOpen @0\n"
                                                  "disableScreenUpdate @0\n"
                                                  "drawBitmap 5 0 0 16 16 0 0 0 0 @0\n"
                                                  "enableScreenUpdate @0\n"
                                                  "on DisplayUpdate @0\n"
                                                  "display -1 @0\n"
                                                  "on MouseUp hotspot 4 @0\n");
    riven_vm_free(vm);
    relic_buf_free(&log.b);
    riven_hotspots_free(&hs);
    riven_card_free(&c1);
    riven_card_free(&c2);
}

static void test_budget_and_unknown(void **state)
{
    (void)state;
    riven_card loop, bad;
    script("00 00 00 00  00 01  00 06 00 01  00 02 00 01 00 03", &loop); /* load { switchCard(3) } */
    script("00 00 00 00  00 01  00 06 00 01  00 63 00 00", &bad);        /* load { op99() } */
    riven_world_card world[2] = {{3, &loop, NULL, NULL, NULL}, {4, &bad, NULL, NULL, NULL}};
    riven_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    assert_non_null(vm = riven_vm_new(world, 2, NULL, &err));
    assert_int_equal(riven_vm_goto(vm, 3, &err), RELIC_OK);
    assert_int_equal(riven_vm_run(vm, 500, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "step budget of 500"));
    riven_vm_free(vm);
    assert_non_null(vm = riven_vm_new(world, 2, NULL, &err));
    assert_int_equal(riven_vm_goto(vm, 4, &err), RELIC_OK);
    assert_int_equal(riven_vm_run(vm, 500, &err), RELIC_EDATA);
    assert_string_equal(err.msg, "unknown command 99 on card 4 (in the script of CARD 4)");
    assert_int_equal(riven_vm_goto(vm, 9, &err), RELIC_EDATA);
    assert_int_equal(riven_vm_click(vm, 1, &err), RELIC_EUSAGE);
    riven_vm_free(vm);
    riven_card_free(&loop);
    riven_card_free(&bad);
}

static void test_pause_and_external(void **state)
{
    (void)state;
    riven_card c;
    /* load { pause(250, 0) pause(-5, 0) callExternal(2, 1, 7) } */
    script("00 00 00 00  00 01  00 06 00 03  00 0e 00 02 00 fa 00 00  00 0e 00 02 ff fb 00 00"
           "  00 11 00 03 00 02 00 01 00 07",
           &c);
    riven_world_card world[1] = {{0, &c, NULL, NULL, NULL}};
    riven_vm *vm = NULL;
    assert_non_null(vm = riven_vm_new(world, 1, NULL, NULL));
    assert_int_equal(riven_vm_goto(vm, 0, NULL), RELIC_OK);
    assert_int_equal(riven_vm_run(vm, 100, NULL), RELIC_OK);
    assert_int_equal(riven_vm_time_ms(vm), 250);
    riven_vm_free(vm);
    riven_card_free(&c);
}

/* Issue 16/17: real scripts run.  drawBitmap with one argument (the whole
 * screen in ScummVM), an empty slot of the engine's table (opcode 11) and
 * movie commands run or are recorded; a switch to a card that is not
 * loaded names the archive and the script; a switchCard loop stops on the
 * budget with a work stack that stays small. */
static void test_real_scripts(void **state)
{
    (void)state;
    riven_card ok, lost, loop;
    /* load { drawBitmap(7) op11(1) playMovieBlocking(2) decrementVariable(0, 1) } */
    script("00 00 00 00  00 01  00 06 00 04  00 01 00 01 00 07  00 0b 00 01 00 01  00 20 00 01 00 02"
           "  00 19 00 02 00 00 00 01",
           &ok);
    script("00 00 00 00  00 01  00 09 00 01  00 02 00 01 00 63", &lost); /* open { switchCard(99) } */
    script("00 00 00 00  00 01  00 06 00 01  00 02 00 01 00 07", &loop); /* load { switchCard(7) } */
    // clang-format off
    riven_world_card world[3] = {{5, &ok, NULL, NULL, "a.mhk"}, {6, &lost, NULL, NULL, "b.mhk"},
                                 {7, &loop, NULL, NULL, "c.mhk"}};
    // clang-format on
    trace_log log = {RELIC_BUF_INIT};
    riven_host host = {&log, NULL, NULL};
    riven_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    assert_non_null(vm = riven_vm_new(world, 3, &host, &err));
    assert_int_equal(riven_vm_goto(vm, 5, &err), RELIC_OK);
    assert_int_equal(riven_vm_run(vm, 100, &err), RELIC_OK);
    assert_int_equal(riven_vm_var(vm, 0), 0xffffffffu);
    assert_int_equal(riven_vm_goto(vm, 6, &err), RELIC_OK);
    assert_int_equal(riven_vm_run(vm, 100, &err), RELIC_EDATA);
    assert_string_equal(err.msg, "switch to card 99, which is not loaded (in the script of CARD 6)");
    assert_string_equal(err.file, "b.mhk");
    riven_vm_free(vm);
    relic_err_clear(&err);
    assert_non_null(vm = riven_vm_new(world, 3, &host, &err));
    assert_int_equal(riven_vm_goto(vm, 7, &err), RELIC_OK);
    assert_int_equal(riven_vm_run(vm, 200000, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "step budget of 200000 exhausted on card 7"));
    assert_string_equal(err.file, "c.mhk");
    /* it ran the whole budget (the old fixed 100,000-entry stack stopped it
     * earlier), and the work stack stayed within its stated bound */
    assert_int_equal(riven_vm_steps(vm), 200000);
    assert_true(riven_vm_depth(vm) <= 64 + 8 * 200000u);
    riven_vm_free(vm);
    riven_card_free(&ok);
    riven_card_free(&lost);
    riven_card_free(&loop);
}

/* Issue 16/17: the text-source builder (libvm) carries every field of a
 * HSPT record, including u0, u1 (0xFFFF on real hotspots) and a name
 * index with no NAME resource, and a card's name index and zip place. */
static void test_source_builder(void **state)
{
    (void)state;
    const char *src = "# one hotspot\n"
                      "hotspot blst=7 name=-1 rect=-2,3,600,390 u0=5 cursor=2003 index=4 u1=-1 flags=8\n"
                      "on MouseDown {\n    switchCard(3)\n}\n";
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (riven_source_build("hotspots", src, NULL, &out, &err))
        fail_msg("%s", err.msg);
    uint8_t want[64];
    size_t n = test_hex("00 01  00 07 ff ff ff fe 00 03 02 58 01 86 00 05 07 d3 00 04 ff ff 00 08"
                        "  00 01 00 00 00 01 00 02 00 01 00 03",
                        want, sizeof want);
    assert_int_equal(out.len, n);
    assert_memory_equal(out.data, want, n);
    riven_hotspots h;
    assert_int_equal(riven_hotspots_decode(out.data, out.len, &h, NULL), RELIC_OK);
    assert_int_equal(h.items[0].u1, -1);
    assert_int_equal(h.items[0].u0, 5);
    assert_int_equal(h.items[0].name, -1);
    riven_hotspots_free(&h);
    relic_buf_reset(&out);
    assert_int_equal(riven_source_build("card", "card name=3 zip=1\non CardOpen {\n}\n", NULL, &out, &err), RELIC_OK);
    n = test_hex("00 03 00 01  00 01 00 09 00 00", want, sizeof want);
    assert_int_equal(out.len, n);
    assert_memory_equal(out.data, want, n);
    relic_buf_reset(&out);
    assert_int_equal(riven_source_build("sprites", "", NULL, &out, &err), RELIC_EDATA);
    assert_string_equal(err.msg, "unknown kind 'sprites'");
    assert_int_equal(riven_source_build("card", "hotspot\n", NULL, &out, &err), RELIC_EDATA);
    relic_buf_free(&out);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_op_table),
        cmocka_unit_test(test_assemble_errors),
        cmocka_unit_test(test_decompile_text),
        cmocka_unit_test(test_event_chain_and_click),
        cmocka_unit_test(test_budget_and_unknown),
        cmocka_unit_test(test_pause_and_external),
        cmocka_unit_test(test_real_scripts),
        cmocka_unit_test(test_source_builder),
    };
    // clang-format on
    return cmocka_run_group_tests_name("riven_vm", tests, NULL, NULL);
}
