/* The run's sound as AGI 2.936 plays it on each machine (agi-spec sound.md
 * "Logic operations", "Channel profiles"; the machine's state from AGI.EXE
 * 0x1080 and 0x2651): v20, v22 and f11 from the device selector, the
 * device a run's sounds are scheduled for, v23 read on every tick, and the
 * silence and completion flags of a sound replaced, stopped, gated by f9
 * and ended by a restart.  Sounds are installed from explicit bytes. */
#include "relic/agi.h"
#include "relic/agi_vm.h"
#include "agi_vm_support.h"

static agi_vm *sound_vm(agi_vm_machine machine)
{
    agi_vm *vm;
    relic_err err;
    relic_err_clear(&err);
    agi_vm_opts o = {.seed = 5, .max_steps = 10000, .machine = machine};
    if (agi_vm_new(NULL, &o, &vm, &err))
        fail_msg("agi_vm_new: %s", err.msg);
    agi_vm_keep_sound_commands(vm, 1);
    return vm;
}

/* Installs sound n as if load.sound had read it from the game. */
static void sound_install(agi_vm *vm, unsigned n, const char *hex)
{
    uint8_t b[256];
    size_t len = test_hex(hex, b, sizeof b);
    agi_sound *s = calloc(1, sizeof *s);
    relic_err err;
    relic_err_clear(&err);
    if (!s || agi_sound_decode(b, len, s, &err))
        fail_msg("sound: %s", err.msg);
    vm->res->sound[n] = s;
}

/* Channel 0: one 600-tick note at attenuation 5 (divisor 0x05c, latch
 * byte 0x8c); channels 1 and 2 a note each; channel 3 white noise. */
#define SOUND_LONG                                                                                   \
    "08 00 0f 00 16 00 1d 00  58 02 05 8c 95  ff ff  58 02 0a a8 b3  ff ff  58 02 10 c5 d7  ff ff  " \
    "58 02 00 e5 f6  ff ff"
/* Channel 0 only: a 4-tick note, then the end. */
#define SOUND_SHORT "08 00 0f 00 11 00 13 00  04 00 20 86 94  ff ff  ff ff  ff ff  ff ff"

static void test_machine_state(void **state)
{
    (void)state;
    static const struct {
        agi_vm_machine m;
        int v20, v22, f11;
    } want[] = {{AGI_MACHINE_PC, 0, 1, 0}, {AGI_MACHINE_PCJR, 1, 3, 1}, {AGI_MACHINE_TANDY, 2, 3, 1}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        agi_vm *vm = sound_vm(want[i].m);
        test_vm_logic(vm, 0, "v50 = v20;\nv51 = v22;\nif (isset(f11)) { v52 = 1; }\nreturn();");
        test_vm_run(vm, NULL, 1);
        assert_int_equal(vm->vars[50], want[i].v20);
        assert_int_equal(vm->vars[51], want[i].v22);
        assert_int_equal(vm->vars[52], want[i].f11);
        assert_int_equal(vm->vars[AGI_V_MONITOR], 3);
        agi_vm_free(vm);
    }
}

/* A restore sets them again from the machine, not from the save. */
static void test_machine_state_after_restore(void **state)
{
    (void)state;
    agi_vm *a = sound_vm(AGI_MACHINE_PC), *b = sound_vm(AGI_MACHINE_TANDY);
    test_vm_logic(a, 0, "return();");
    test_vm_run(a, NULL, 1);
    agi_save s;
    relic_err err;
    relic_err_clear(&err);
    if (agi_vm_to_save(a, "t", &s, &err) || agi_vm_from_save(b, &s, &err))
        fail_msg("save: %s", err.msg);
    assert_int_equal(b->vars[AGI_V_COMPUTER], 2);
    assert_int_equal(b->vars[AGI_V_SOUND_TYPE], 3);
    assert_int_equal(b->flags[AGI_F_FIRST_LOGIC], 1);
    agi_save_free(&s);
    agi_vm_free(a);
    agi_vm_free(b);
}

static size_t count_channel(const agi_snd_cmds *c, unsigned ch, unsigned kind)
{
    size_t n = 0;
    for (size_t i = 0; i < c->count; i++)
        n += c->v[i].channel == ch && c->v[i].kind == kind;
    return n;
}

/* The Tandy plays all four channels with the selector-2 adjustment; the
 * PC plays channel 0 on the speaker. */
static void test_run_device(void **state)
{
    (void)state;
    agi_vm *vm = sound_vm(AGI_MACHINE_TANDY);
    sound_install(vm, 1, SOUND_LONG);
    test_vm_logic(vm, 0, "if (isset(f5)) { sound(1, f40); }\nreturn();");
    test_vm_run(vm, NULL, 2);
    const agi_snd_cmds *c = agi_vm_sound_commands(vm);
    assert_true(c->count >= 8);
    assert_int_equal(c->v[0].kind, AGI_SNDCMD_TONE);
    assert_int_equal(c->v[1].bytes[0], 0x90 | 5); /* 5 - 2 (envelope) = 3, +2 (Tandy) */
    assert_int_equal(count_channel(c, 3, AGI_SNDCMD_NOISE), 1);
    assert_int_equal(count_channel(c, 2, AGI_SNDCMD_TONE), 1);
    agi_vm_free(vm);

    vm = sound_vm(AGI_MACHINE_PC);
    sound_install(vm, 1, SOUND_LONG);
    test_vm_logic(vm, 0, "if (isset(f5)) { sound(1, f40); }\nreturn();");
    test_vm_run(vm, NULL, 2);
    c = agi_vm_sound_commands(vm);
    assert_int_equal(c->count, 1);
    assert_int_equal(c->v[0].kind, AGI_SNDCMD_TONE);
    assert_int_equal(c->v[0].divisor, agi_sound_speaker_divisor(0x8c05));
    agi_vm_free(vm);
}

/* v23 is read on every tick, as the interrupt handler reads it. */
static void test_volume_each_tick(void **state)
{
    (void)state;
    agi_vm *vm = sound_vm(AGI_MACHINE_PCJR);
    sound_install(vm, 1, SOUND_LONG);
    test_vm_logic(vm, 0, "v50++;\nif (isset(f5)) { sound(1, f40); }\nif (v50 == 2) { v23 = 4; }\nreturn();");
    test_vm_run(vm, NULL, 6);
    /* Started after tick 3 (first record on tick 4); v23 is 4 from tick 7,
     * where the envelope gives 4..7 from base 5. */
    const agi_snd_cmds *c = agi_vm_sound_commands(vm);
    size_t seen = 0;
    for (size_t i = 0; i < c->count; i++)
        if (c->v[i].channel == 0 && c->v[i].kind == AGI_SNDCMD_ATTEN && c->v[i].tick >= 7) {
            assert_true(c->v[i].attenuation >= 8);
            seen++;
        }
    assert_true(seen > 0);
    agi_vm_free(vm);
}

/* A sound started while another plays: the first is silenced on that
 * tick and its flag set; the new flag is cleared.  stop.sound silences
 * and sets the flag; a stopped sound stays stopped. */
static void test_replace_and_stop(void **state)
{
    (void)state;
    agi_vm *vm = sound_vm(AGI_MACHINE_TANDY);
    sound_install(vm, 1, SOUND_LONG);
    sound_install(vm, 2, SOUND_LONG);
    test_vm_logic(vm, 0,
                  "v50++;\nif (v50 == 1) { set(f41); sound(1, f40); }\nif (v50 == 3) { sound(2, f41); }\n"
                  "if (v50 == 5) { stop.sound(); }\nreturn();");
    test_vm_run(vm, NULL, 3);
    assert_int_equal(vm->flags[40], 1);
    assert_int_equal(vm->flags[41], 0);
    const agi_snd_cmds *c = agi_vm_sound_commands(vm);
    size_t silences = 0;
    for (size_t i = 0; i < c->count; i++)
        if (c->v[i].kind == AGI_SNDCMD_SILENCE) {
            assert_int_equal(c->v[i].bytes[0], 0x9f + 0x20 * (silences % 4));
            assert_int_equal(c->v[i].tick, 9); /* the third cycle's logic, after its ticks */
            silences++;
        }
    assert_int_equal(silences, 4);
    test_vm_run(vm, NULL, 6);
    assert_int_equal(vm->flags[41], 1);
    assert_int_equal(count_channel(c, 0, AGI_SNDCMD_SILENCE), 2);
    size_t n = c->count;
    test_vm_run(vm, NULL, 8);
    assert_int_equal(c->count, n);
    agi_vm_free(vm);
}

/* f9 clear at a tick stops the sound on that tick (silence, flag set);
 * a short sound ends by itself with its flag set; a restart silences. */
static void test_gate_end_restart(void **state)
{
    (void)state;
    agi_vm *vm = sound_vm(AGI_MACHINE_TANDY);
    sound_install(vm, 1, SOUND_LONG);
    sound_install(vm, 2, SOUND_SHORT);
    test_vm_logic(vm, 0, "v50++;\nif (v50 == 1) { sound(1, f40); }\nif (v50 == 2) { reset(f9); }\nreturn();");
    test_vm_run(vm, NULL, 3);
    assert_int_equal(vm->flags[40], 1);
    assert_false(vm->audio->snd_playing);
    const agi_snd_cmds *c = agi_vm_sound_commands(vm);
    assert_int_equal(c->v[c->count - 1].kind, AGI_SNDCMD_SILENCE);
    assert_int_equal(c->v[c->count - 1].tick, 7); /* the first tick after the cycle that cleared f9 */
    agi_vm_free(vm);

    vm = sound_vm(AGI_MACHINE_TANDY);
    sound_install(vm, 2, SOUND_SHORT);
    test_vm_logic(vm, 0, "if (isset(f5)) { sound(2, f42); }\nreturn();");
    test_vm_run(vm, NULL, 2);
    assert_int_equal(vm->flags[42], 0);
    test_vm_run(vm, NULL, 3);
    assert_int_equal(vm->flags[42], 1); /* read tick 1, end read tick 5 */
    agi_vm_free(vm);

    vm = sound_vm(AGI_MACHINE_TANDY);
    sound_install(vm, 1, SOUND_LONG);
    test_vm_logic(vm, 0, "v50++;\nif (v50 == 1) { sound(1, f40); }\nreturn();");
    test_vm_run(vm, NULL, 2);
    vm->hooks.restart(vm);
    c = agi_vm_sound_commands(vm);
    assert_int_equal(c->v[c->count - 1].kind, AGI_SNDCMD_SILENCE);
    assert_false(vm->audio->snd_playing);
    agi_vm_free(vm);
}

/* The damaged game's sound: channel 3 at 0x8b07, far past its payload
 * (issue 32).  AGI 2.936 ran it: on a Tandy the channel's zero records
 * kept the sound going (the oracle probe never saw its flag), on the PC
 * speaker the sound ended with channel 0.  The run goes on, the sound
 * warns once though loaded three times. */
#define SOUND_DAMAGED "08 00 0d 00 0d 00 07 8b  03 00 1a 8b 90  ff ff"

static void damaged_game_run(agi_vm_machine machine, int flag_set)
{
    relic_buf logic = RELIC_BUF_INIT, snd = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    const char *src = "if (v60 < 2) { v60++; load.sound(1); new.room(0); }\n"
                      "if (v60 == 2) { v60++; load.sound(1); sound(1, f50); }\nreturn();";
    agi_compile_opts co = {.file_name = "t.lgc"};
    if (agi_logic_compile(src, strlen(src), &co, &logic, &err))
        fail_msg("compile: %s", err.msg);
    uint8_t b[32];
    relic_buf_append(&snd, b, test_hex(SOUND_DAMAGED, b, sizeof b));
    agi_build_input in;
    memset(&in, 0, sizeof in);
    in.payloads[AGI_LOGIC][0] = &logic;
    in.payloads[AGI_SOUND][1] = &snd;
    agi_build_opts bo = {.layout = AGI_LAYOUT_V2};
    agi_fileset fs = {0};
    agi_game g;
    assert_int_equal(agi_game_build(&in, &bo, &fs, &err), RELIC_OK);
    assert_int_equal(agi_game_open(&fs, NULL, &g, &err), RELIC_OK);
    agi_vm *vm;
    agi_vm_opts o = {.seed = 5, .max_steps = 10000, .machine = machine};
    assert_int_equal(agi_vm_new(&g, &o, &vm, &err), RELIC_OK);
    if (agi_vm_run(vm, NULL, 200, &err))
        fail_msg("run: %s", err.msg);
    assert_int_equal(vm->vars[60], 3);
    assert_int_equal(vm->flags[50], flag_set);
    assert_int_equal(agi_vm_resource_warnings(vm), 1);
    const char *w = agi_vm_resource_warning(vm, 0);
    if (!strstr(w, "sound 1: channel 3 offset 0x8b07 outside the payload") || !strstr(w, "(payload offset 0x6)"))
        fail_msg("warning: %s", w);
    assert_null(agi_vm_resource_warning(vm, 1));
    agi_vm_free(vm);
    agi_fileset_free(&fs);
    relic_buf_free(&logic);
    relic_buf_free(&snd);
}

static void test_damaged_channel_runs(void **state)
{
    (void)state;
    damaged_game_run(AGI_MACHINE_TANDY, 0);
    damaged_game_run(AGI_MACHINE_PC, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_machine_state),        cmocka_unit_test(test_machine_state_after_restore),
        cmocka_unit_test(test_run_device),           cmocka_unit_test(test_volume_each_tick),
        cmocka_unit_test(test_replace_and_stop),     cmocka_unit_test(test_gate_end_restart),
        cmocka_unit_test(test_damaged_channel_runs),
    };
    return cmocka_run_group_tests_name("agi_vm_sound", tests, NULL, NULL);
}
