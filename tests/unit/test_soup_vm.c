/* Unit tests for the SOUP VM against the relic SOUP seed: the ISLAND FLAG2
 * script's four blocking PushAnimation tasks and End 0 repeating, traced
 * tick by tick; Rnd masks and the LCG; flag latch rules and defaults;
 * formulas (signed *, unsigned /, division by zero), signed comparisons,
 * conjunction folding, both sides evaluated; entry and main
 * continuations; Gosub/Return, ScriptRV; task slots, Wait, TaskStop;
 * attributes; control mask; the step budget. */
#include <string.h>
#include "relic/soup.h"
#include "relic/soup_vm.h"
#include "support.h"

typedef struct rig {
    soup_def def;
    soup_ctx ctx;
    soup_stub stub;
    soup_vm *vm;
    relic_buf code[4];
    int actor;
} rig;

static const char *const rig_strings[] = {"Flag", "SECOND"};

static void rig_init(rig *r, const char *def_text)
{
    memset(r, 0, sizeof *r);
    if (def_text) {
        relic_buf d = RELIC_BUF_INIT;
        relic_buf_append(&d, def_text, strlen(def_text));
        assert_int_equal(soup_def_parse((const char *)d.data, d.len, &r->def, NULL), RELIC_OK);
        relic_buf_free(&d);
    } else
        assert_int_equal(soup_def_builtin(&r->def, NULL), RELIC_OK);
    assert_int_equal(soup_ctx_init(&r->ctx, &r->def, NULL), RELIC_OK);
    r->ctx.strings = (const char **)rig_strings;
    r->ctx.nstrings = 2;
    soup_stub_init(&r->stub);
    soup_host h = soup_stub_host(&r->stub);
    r->vm = soup_vm_new(&r->def, &h, NULL);
    assert_non_null(r->vm);
}

static int rig_actor(rig *r, int k, const char *name, const char *src, const int32_t *vars, size_t nvars,
                     const uint8_t *attrs)
{
    uint32_t pc;
    relic_err err;
    relic_err_clear(&err);
    if (soup_assemble(&r->ctx, src, strlen(src), &r->code[k], &pc, &err))
        fail_msg("assemble: %s", err.msg);
    soup_actor_def d = {.name = name,
                        .code = r->code[k].data,
                        .len = r->code[k].len,
                        .script_pc = pc,
                        .base = (uint32_t)(k * 0x1000),
                        .strings = rig_strings,
                        .nstrings = 2,
                        .vars = vars,
                        .nvars = nvars,
                        .attrs = attrs};
    int a = soup_vm_add_actor(r->vm, &d, &err);
    assert_true(a >= 0);
    return a;
}

static void rig_free(rig *r)
{
    soup_vm_free(r->vm);
    soup_stub_free(&r->stub);
    soup_ctx_free(&r->ctx);
    soup_def_free(&r->def);
    for (int i = 0; i < 4; i++)
        relic_buf_free(&r->code[i]);
}

static int rig_run(rig *r, int actor, uint32_t ticks, relic_err *err)
{
    relic_err_clear(err);
    return soup_vm_run(r->vm, actor, ticks, 100000, err);
}

static int32_t var(rig *r, int actor, unsigned i)
{
    int32_t v = 0;
    assert_int_equal(soup_vm_var(r->vm, actor, i, &v), 0);
    return v;
}

/* Calls of one tick as "name(a,b)" (initial) or "name(a,b)+" (revisit). */
static void calls_of_tick(rig *r, uint32_t tick, char *out, size_t outsz)
{
    out[0] = '\0';
    for (size_t i = 0; i < r->stub.nev; i++) {
        const soup_trace_ev *e = &r->stub.ev[i];
        if (e->tick != tick)
            continue;
        char one[96];
        if (e->kind == SOUP_EV_CALL) {
            size_t n = (size_t)snprintf(one, sizeof one, "%s(", r->def.fn[e->index].name);
            for (unsigned k = 0; k < e->nargs; k++)
                n += (size_t)snprintf(one + n, sizeof one - n, "%s%d", k ? "," : "", e->args[k]);
            snprintf(one + n, sizeof one - n, ")%s ", e->initial ? "" : "+");
        } else if (e->kind == SOUP_EV_END)
            snprintf(one, sizeof one, "End ");
        else if (e->kind == SOUP_EV_TASK_DONE)
            snprintf(one, sizeof one, "done ");
        else
            continue;
        strncat(out, one, outsz - strlen(out) - 1);
    }
}

static void test_flag2_ticks(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, NULL);
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("redguard/flag2.bin", &f);
    soup_actor_def d = {.name = "FLAG2", .code = f.data, .len = f.len};
    int a = soup_vm_add_actor(r.vm, &d, NULL);
    relic_err err;
    assert_int_equal(rig_run(&r, a, 11, &err), RELIC_OK);
    static const char *const want[] = {
        "PushAnimation(1,25) ",
        "PushAnimation(1,25)+ done PushAnimation(10,1) ",
        "PushAnimation(10,1)+ done PushAnimation(1,3) ",
        "PushAnimation(1,3)+ done PushAnimation(10,2) ",
        "PushAnimation(10,2)+ done End ",
        "PushAnimation(1,25) ", /* End 0 restarts at the script base */
        "PushAnimation(1,25)+ done PushAnimation(10,1) ",
    };
    char got[512];
    for (uint32_t t = 1; t <= 7; t++) {
        calls_of_tick(&r, t, got, sizeof got);
        assert_string_equal(got, want[t - 1]);
    }
    /* Tick 11 starts the third round: the cursor is past the first call. */
    assert_int_equal(soup_vm_main_pc(r.vm, a), 14);
    relic_buf_free(&f);
    rig_free(&r);
}

static void test_rnd(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, NULL);
    int32_t vars[5] = {0};
    int a = rig_actor(&r, 0, "R",
                      "var0 = Rnd(10)\nvar1 = QuickRnd(255)\nvar2 = Rnd(3)\nvar3 = Rnd(20000)\n"
                      "var4 = QuickRnd(0)\nYield\n",
                      vars, 5, NULL);
    relic_err err;
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_OK);
    /* Draws from state 1: 16838 5758 10113 17515 31051. */
    assert_int_equal(var(&r, a, 0), 16838 % 16 % 10);
    assert_int_equal(var(&r, a, 1), 5758 & 255);
    assert_int_equal(var(&r, a, 2), (10113 & 3) % 3);
    assert_int_equal(var(&r, a, 3), 17515);
    assert_int_equal(var(&r, a, 4), 0);
    assert_int_equal(soup_vm_rng_draw(r.vm), 5627); /* the sixth draw: the zero mask still consumed one */
    rig_free(&r);
}

static const char *const flags_def = "[functions]\nfunction SetGlobalFlag parms 1\nfunction TestGlobalFlag parms 1\n"
                                     "function ResetGlobalFlag parms 1\n"
                                     "[flags]\nBOOL B 0\nFLIPFLOP F 0\nCOUNTER C 3\nNUMBER N 5\nCOUNTER Z 0\n";

static void test_flag_latches(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, flags_def);
    int32_t vars[4] = {0};
    int a = rig_actor(&r, 0, "F",
                      "call SetGlobalFlag(&B)\ncall SetGlobalFlag(&B)\ncall SetGlobalFlag(&F)\n"
                      "call SetGlobalFlag(&F)\ncall SetGlobalFlag(&C)\ncall SetGlobalFlag(&N)\n"
                      "call SetGlobalFlag(&Z)\n"
                      "var0 = TestGlobalFlag(&B)\ncall ResetGlobalFlag(&B)\nvar1 = TestGlobalFlag(&B)\n"
                      "call SetGlobalFlag(&B)\nvar2 = TestGlobalFlag(&Z)\nvar3 = TestGlobalFlag(&N)\nYield\n",
                      vars, 4, NULL);
    relic_err err;
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_OK);
    int latch;
    /* BOOL toggled once (second set was latched), then reset and set
     * again: toggles back. */
    assert_int_equal(soup_vm_flag(r.vm, 0, &latch), 0);
    assert_int_equal(latch, 1);
    assert_int_equal(soup_vm_flag(r.vm, 1, &latch), 0); /* FLIPFLOP twice */
    assert_int_equal(soup_vm_flag(r.vm, 2, &latch), 2); /* COUNTER 3 -> 2 */
    assert_int_equal(latch, 1);
    assert_int_equal(soup_vm_flag(r.vm, 3, &latch), 5); /* NUMBER keeps its value */
    assert_int_equal(latch, 1);
    assert_int_equal(var(&r, a, 0), 1);
    assert_int_equal(var(&r, a, 1), 0);
    assert_int_equal(var(&r, a, 2), 0); /* a zero COUNTER is not latched */
    assert_int_equal(var(&r, a, 3), 1);
    rig_free(&r);
    /* The six non-zero defaults of the built-in table. */
    rig_init(&r, NULL);
    assert_int_equal(soup_vm_flag(r.vm, 195, &latch), 12);
    assert_int_equal(soup_vm_flag(r.vm, 0, &latch), 1);
    assert_int_equal(soup_vm_flag(r.vm, 1, &latch), 0);
    rig_free(&r);
}

static void test_formulas_and_conditions(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, NULL);
    int32_t vars[8] = {0};
    int a = rig_actor(&r, 0, "X",
                      "var0 = -8 / 2\nvar1 = -3 * 4\nvar2 = -8 >> 1\nvar3 = 1 << 33\nvar4 = 2 + 3 * 4\n"
                      "if -1 < 1 {\n var5 = 1\n}\n"
                      "if var6++ = 100 and var7++ = 100 {\n var5 = 99\n}\n"
                      "if 1 = 1 or 1 = 1 and 1 = 0 {\n var5 = 98\n}\nYield\n",
                      vars, 8, NULL);
    relic_err err;
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_OK);
    assert_int_equal(var(&r, a, 0), 2147483644); /* unsigned division */
    assert_int_equal(var(&r, a, 1), -12);
    assert_int_equal(var(&r, a, 2), -4);
    assert_int_equal(var(&r, a, 3), 2);  /* shift count masked to 5 bits */
    assert_int_equal(var(&r, a, 4), 20); /* no precedence */
    assert_int_equal(var(&r, a, 5), 1);  /* signed <, and no precedence for or/and */
    assert_int_equal(var(&r, a, 6), 1);  /* both sides evaluated with updates */
    assert_int_equal(var(&r, a, 7), 1);
    rig_free(&r);

    rig_init(&r, NULL);
    a = rig_actor(&r, 0, "Z", "var0 = 1 / var0\n", vars, 1, NULL);
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "division by zero"));
    assert_int_equal(err.offset, 7);
    rig_free(&r);
}

static void test_continuations_and_subroutines(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, NULL);
    int32_t vars[4] = {0};
    int a = rig_actor(&r, 0, "C",
                      ".main main\nvar0 = var0 + 1\nYield\nEndint\n"
                      "main:\nGosub sub\nvar2 = var2 + 1\nEnd main\n"
                      "sub:\nvar1 = var1 + 10\nReturn\n",
                      vars, 4, NULL);
    relic_err err;
    assert_int_equal(rig_run(&r, a, 3, &err), RELIC_OK);
    /* Entry: tick 1 yields after var0++, tick 2 reaches Endint (cursor
     * back to 0), tick 3 increments again. */
    assert_int_equal(var(&r, a, 0), 2);
    assert_int_equal(var(&r, a, 1), 30);
    assert_int_equal(var(&r, a, 2), 3);
    rig_free(&r);

    rig_init(&r, NULL);
    a = rig_actor(&r, 0, "V",
                  "ScriptRV 1\nGoto skip\nvar0 = 5\nskip:\nAnchor = 7\nScriptRV 0\nGosub s\nEnd #0000\n"
                  "s:\nvar1 = 1\nReturn\n",
                  vars, 4, NULL);
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_OK);
    assert_int_equal(var(&r, a, 0), 5); /* rv 0 != 1: the Goto's 5 bytes were skipped */
    assert_int_equal(var(&r, a, 1), 1); /* rv 0 matched: Gosub ran */
    assert_int_equal(soup_vm_anchor(r.vm, a), 7);
    rig_free(&r);
}

static void test_tasks(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, NULL);
    int32_t vars[2] = {0};
    int a = rig_actor(&r, 0, "W", "Wait(3)\nvar0 = var0 + 1\nYield\n", vars, 2, NULL);
    relic_err err;
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_OK);
    int blocking;
    assert_int_equal(soup_vm_tasks(r.vm, a, &blocking), 1);
    assert_int_equal(blocking, 1);
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_OK); /* elapsed 1 < 2: still waiting */
    assert_int_equal(var(&r, a, 0), 0);
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_OK); /* elapsed 2: done, body continues */
    assert_int_equal(var(&r, a, 0), 1);
    rig_free(&r);

    /* Multitasks do not block; reissuing the same operand address does
     * not call again; TaskStop by label removes the slot. */
    rig_init(&r, NULL);
    r.stub.default_task_len = 100;
    a = rig_actor(&r, 0, "M",
                  "t:\n@PushAnimation(1, 2)\nvar0 = var0 + 1\nif var0 < 3 {\nGoto t\n}\n"
                  "var1 = var1 + 1\nTaskStop t\nYield\n",
                  vars, 2, NULL);
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_OK);
    assert_int_equal(var(&r, a, 0), 3);
    size_t calls = 0;
    for (size_t i = 0; i < r.stub.nev; i++)
        calls += r.stub.ev[i].kind == SOUP_EV_CALL;
    assert_int_equal(calls, 1);
    assert_int_equal(soup_vm_tasks(r.vm, a, NULL), 0);
    rig_free(&r);

    /* A seventh task is an error. */
    rig_init(&r, NULL);
    r.stub.default_task_len = 100;
    a = rig_actor(&r, 0, "S", "@Wait(9)\n@Wait(9)\n@Wait(9)\n@Wait(9)\n@Wait(9)\n@Wait(9)\n@Wait(9)\nYield\n", vars, 2,
                  NULL);
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "task slots"));
    rig_free(&r);
}

static void test_attributes_and_control(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, NULL);
    uint8_t attrs[256] = {0};
    attrs[31] = 200; /* signed byte <= 0: falls back to the jump time */
    int32_t vars[3] = {0};
    int a = rig_actor(&r, 0, "A",
                      "call SetAttribute(6, 300)\nvar0 = GetMyAttr(300)\nvar1 = GetAttribute(115)\n"
                      "call SetMyAttr(1, 4)\ncall DisableScript()\nvar2 = var2 + 1\nYield\n",
                      vars, 3, attrs);
    assert_int_equal(soup_vm_attr(r.vm, a, 31), 6);
    assert_int_equal(soup_vm_attr(r.vm, a, 32), 80);
    assert_int_equal(soup_vm_attr(r.vm, a, 35), 2);
    assert_int_equal(soup_vm_attr(r.vm, a, 34), 10);
    relic_err err;
    assert_int_equal(rig_run(&r, a, 3, &err), RELIC_OK);
    assert_int_equal(soup_vm_attr(r.vm, a, 6), 44);
    assert_int_equal(soup_vm_attr(r.vm, a, 115), 44);
    assert_int_equal(soup_vm_attr(r.vm, a, 119), 0); /* SetMyAttr does not mirror */
    assert_int_equal(var(&r, a, 0), 0);
    assert_int_equal(var(&r, a, 1), 44);
    assert_int_equal(var(&r, a, 2), 1); /* DisableScript: later ticks do nothing */
    assert_int_equal(soup_vm_control(r.vm, a), 1);
    rig_free(&r);
}

static void test_faults_and_budget(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, NULL);
    int a = rig_actor(&r, 0, "L", "t:\nGoto t\n", NULL, 0, NULL);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(soup_vm_run(r.vm, a, 1, 1000, &err), RELIC_WARN);
    assert_non_null(strstr(err.msg, "step budget"));
    assert_int_equal(soup_vm_steps(r.vm), 1000);
    rig_free(&r);

    rig_init(&r, NULL);
    static const uint8_t bad[] = {0x18, 0x08};
    soup_actor_def d = {.name = "B", .code = bad, .len = 2, .origin = 0x40};
    a = soup_vm_add_actor(r.vm, &d, NULL);
    assert_int_equal(rig_run(&r, a, 2, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0x41);
    assert_non_null(strstr(err.msg, "unknown opcode 0x08"));
    rig_free(&r);

    rig_init(&r, NULL);
    a = rig_actor(&r, 0, "P", "var0 = 1\n", NULL, 0, NULL);
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "variable 0 out of range"));
    rig_free(&r);

    /* var0 = 5++ (bytes 0a 00 07 05000000 0a 00): the engine fails at the
     * operator byte, so the VM refuses it there (offset 0x40 + 7). */
    rig_init(&r, NULL);
    static const int32_t one_var[1] = {0};
    static const uint8_t inc[] = {0x0a, 0x00, 0x07, 0x05, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x18};
    soup_actor_def di = {.name = "I", .code = inc, .len = sizeof inc, .origin = 0x40, .vars = one_var, .nvars = 1};
    a = soup_vm_add_actor(r.vm, &di, NULL);
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0x47);
    assert_non_null(strstr(err.msg, "++ inside a formula"));
    rig_free(&r);

    rig_init(&r, NULL);
    a = rig_actor(&r, 0, "E", "Yield\n", NULL, 0, NULL);
    assert_int_equal(rig_run(&r, a, 2, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "outside the script"));
    rig_free(&r);
}

/* The stub's record is bounded: record 0 keeps nothing however long the
 * run; record 1 keeps at most max_events and counts the rest. */
static void test_event_record_bound(void **state)
{
    (void)state;
    static int32_t vars[1] = {0};
    for (int mode = 0; mode < 2; mode++) {
        rig r;
        rig_init(&r, NULL);
        r.stub.record = mode;
        r.stub.max_events = 10;
        int a = rig_actor(&r, 0, "C", "t:\nvar0 = var0 + 1\nGoto t\n", vars, 1, NULL);
        relic_err err;
        relic_err_clear(&err);
        assert_int_equal(soup_vm_run(r.vm, a, 1, 1000, &err), RELIC_WARN);
        if (mode == 0) {
            assert_null(r.stub.ev);
            assert_int_equal(r.stub.nev, 500);
        } else {
            assert_int_equal(r.stub.nev, 10);
            assert_int_equal(r.stub.dropped, 490);
            assert_true(r.stub.cap <= 256);
        }
        rig_free(&r);
    }
}

static void test_object_calls(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, NULL);
    r.stub.default_task_len = 2;
    int32_t vars[2] = {7, 0};
    int a = rig_actor(&r, 0, "Flag", "\"SECOND\".PushAnimation(var0, 1)\nvar1 = var1 + 1\nYield\n", vars, 2, NULL);
    int32_t v2[1] = {42};
    int b = rig_actor(&r, 1, "second", "Yield\n", v2, 1, NULL);
    relic_err err;
    assert_int_equal(rig_run(&r, -1, 1, &err), RELIC_OK);
    /* The caller continued; the receiver owns the slot, and the argument
     * var0 was read from the receiver's variables. */
    assert_int_equal(var(&r, a, 1), 1);
    assert_int_equal(soup_vm_tasks(r.vm, b, NULL), 1);
    assert_int_equal(soup_vm_tasks(r.vm, a, NULL), 0);
    assert_int_equal(r.stub.ev[0].receiver, b);
    assert_int_equal(r.stub.ev[0].args[0], 42);
    rig_free(&r);
}

static void test_control_mask_and_pause(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, NULL);
    r.stub.default_task_len = 100;
    int32_t vars[2] = {0};
    const char *src = "PushAnimation(1, 1)\nvar0 = var0 + 1\nYield\nEnd #0000\n";
    int a = rig_actor(&r, 0, "K", src, vars, 2, NULL);
    relic_err err;
    /* 0x08 excludes the actor from updates altogether. */
    soup_vm_set_control(r.vm, a, 0x08);
    assert_int_equal(rig_run(&r, a, 2, &err), RELIC_OK);
    assert_int_equal(r.stub.nev, 0);
    /* Ordinary path: the blocking task holds the body. */
    soup_vm_set_control(r.vm, a, 0);
    assert_int_equal(rig_run(&r, a, 3, &err), RELIC_OK);
    assert_int_equal(var(&r, a, 0), 0);
    /* 0x04: no existing-task pass and no blocking gate before the body. */
    soup_vm_set_control(r.vm, a, 0x04);
    assert_int_equal(rig_run(&r, a, 1, &err), RELIC_OK);
    assert_int_equal(var(&r, a, 0), 1);
    rig_free(&r);

    /* TaskPause/TaskResume by label: a paused blocking slot neither
     * advances nor blocks. */
    rig_init(&r, NULL);
    r.stub.default_task_len = 100;
    a = rig_actor(&r, 0, "Q",
                  "t:\n@PushAnimation(2, 2)\nTaskPause t\nbody:\nvar0 = var0 + 1\nif var0 = 3 {\nTaskResume t\n}\n"
                  "Yield\nGoto body\n",
                  vars, 2, NULL);
    assert_int_equal(rig_run(&r, a, 4, &err), RELIC_OK);
    size_t revisits = 0;
    for (size_t i = 0; i < r.stub.nev; i++)
        revisits += r.stub.ev[i].kind == SOUP_EV_CALL && !r.stub.ev[i].initial;
    /* Paused on ticks 1-2 (no revisits), resumed on tick 3: the pass of
     * tick 4 revisits it once. */
    assert_int_equal(var(&r, a, 0), 4);
    assert_int_equal(revisits, 1);
    rig_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flag2_ticks),
        cmocka_unit_test(test_rnd),
        cmocka_unit_test(test_flag_latches),
        cmocka_unit_test(test_formulas_and_conditions),
        cmocka_unit_test(test_continuations_and_subroutines),
        cmocka_unit_test(test_tasks),
        cmocka_unit_test(test_attributes_and_control),
        cmocka_unit_test(test_faults_and_budget),
        cmocka_unit_test(test_event_record_bound),
        cmocka_unit_test(test_object_calls),
        cmocka_unit_test(test_control_mask_and_pause),
    };
    return cmocka_run_group_tests_name("soup_vm", tests, NULL, NULL);
}
