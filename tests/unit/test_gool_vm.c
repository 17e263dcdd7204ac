/* Unit tests for the GOOL interpreter: traces asserted frame by frame on
 * small assembled objects (wait counts, state changes, trans blocks, event
 * map states and handlers), exact arithmetic, and the errors a hostile
 * entry can cause (step budget, division by zero, unknown opcode, pc past
 * the code). */
#include <string.h>
#include "relic/core.h"
#include "relic/gool.h"
#include "relic/gool_dis.h"
#include "relic/gool_vm.h"
#include "support.h"

static const char *const prog = ".entry TestC\n.items 5\n"
                                ".header id=1 category=0x300 format=1 stack=0x40 events=2 eids=1\n"
                                ".pool\n .eid TestC\n .word 7\n"
                                ".map\n .map 0x0001\n .map handler hnd\n"
                                ".states\n"
                                " .state flags=0 status=0 extern=0 event=none trans=none code=start\n"
                                " .state flags=0 status=0 extern=0 event=none trans=tr code=s1\n"
                                ".code\n"
                                "start: MOVE self.f10, #3\n"
                                "loop:  SUB self.f10, #1\n"
                                "       MOVE self.f10, pop\n"
                                "       ANIS 0, 0, 1, 0\n"
                                "       BNEZ loop, 0, f10\n"
                                "       SNDB pool[1], f0, 0, 0\n"
                                "       CST 1, f0\n"
                                "s1:    ANIS 1, 0, 2, 0\n"
                                "       BRA s1, 0, f0\n"
                                "tr:    MSC #5, 0, 0, 0\n"
                                "       RET 0, f0\n"
                                "hnd:   DBG pool[1], #2\n"
                                "       RET 0, f0\n";

static uint32_t host_answer(void *user, const gool_trace_rec *rec)
{
    (void)user;
    return strcmp(rec->what, "SPD") == 0 ? 42 : 0;
}

static void build(const char *src, gool_entry *g)
{
    relic_err err;
    relic_err_clear(&err);
    if (gool_asm(src, strlen(src), g, &err))
        fail_msg("assemble: %s", err.msg);
}

/* "frame:what:arg0" for every trace record, space separated. */
static size_t ntrace(const gool_vm *vm)
{
    size_t n;
    gool_vm_trace_records(vm, &n);
    return n;
}

static const gool_trace_rec *trace_at(const gool_vm *vm, size_t i)
{
    size_t n;
    const gool_trace_rec *t = gool_vm_trace_records(vm, &n);
    assert_true(i < n);
    return &t[i];
}

static void trace_text(const gool_vm *vm, char *out, size_t outsz)
{
    size_t n = 0;
    out[0] = 0;
    for (size_t i = 0; i < ntrace(vm) && n < outsz; i++)
        n += (size_t)snprintf(out + n, outsz - n, "%s%u:%s:%u", i ? " " : "", trace_at(vm, i)->frame,
                              trace_at(vm, i)->what, trace_at(vm, i)->nargs ? trace_at(vm, i)->arg[0] : 0);
}

static void test_frames(void **state)
{
    (void)state;
    gool_entry g;
    build(prog, &g);
    gool_vm *vm = NULL;
    vm = gool_vm_new(NULL);
    assert_non_null(vm);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(gool_vm_init(vm, &g, 0, 1, &err), RELIC_OK);
    if (gool_vm_run(vm, 6, 1000, &err))
        fail_msg("%s", err.msg);
    char t[1024];
    trace_text(vm, t, sizeof t);
    assert_string_equal(t, "0:state:0 0:ANIS:0 1:ANIS:0 2:ANIS:0 3:SNDB:7 3:state:1 3:ANIS:1 "
                           "4:MSC:1280 5:MSC:1280 5:ANIS:1");
    assert_int_equal(gool_vm_state(vm), 1);
    assert_int_equal(gool_vm_word(vm, 10), 0);
    /* Event 1 runs its handler and comes back; event 0 changes state. */
    size_t before = ntrace(vm);
    assert_int_equal(gool_vm_event(vm, 1 << 8, 0, NULL, &err), RELIC_OK);
    assert_int_equal(ntrace(vm), before + 2);
    assert_string_equal(trace_at(vm, before + 1)->what, "DBG");
    assert_int_equal(trace_at(vm, before + 1)->arg[0], 512); /* R (#2) is read before L */
    assert_int_equal(trace_at(vm, before + 1)->arg[1], 7);
    assert_int_equal(gool_vm_frame(vm, &err), RELIC_OK); /* still waiting from frame 5 */
    assert_string_equal(trace_at(vm, ntrace(vm) - 1)->what, "MSC");
    assert_int_equal(gool_vm_event(vm, 0, 0, NULL, &err), RELIC_OK);
    assert_string_equal(trace_at(vm, ntrace(vm) - 1)->what, "state");
    gool_vm_free(vm);
    gool_entry_free(&g);
}

/* Runs a one-state program for up to 3 frames; returns the result. */
static int run_game(gool_game game, const char *code, gool_vm **vm, relic_err *err)
{
    char src[2048];
    snprintf(src, sizeof src,
             ".entry TestC\n.game %d\n.items 5\n.header id=1 category=0x300 format=1 stack=0x40 events=0 eids=1\n"
             ".pool\n .eid TestC\n.map\n.states\n .state flags=0 status=0 extern=0 event=none trans=none code=L0\n"
             ".code\nL0:\n%s",
             (int)game, code);
    gool_entry *g = calloc(1, sizeof *g);
    build(src, g);
    *vm = gool_vm_new(&(gool_vm_config){.game = game, .max_steps = 1000, .host = host_answer});
    assert_non_null(*vm);
    int rc = gool_vm_init(*vm, g, 0, 7, err);
    for (int f = 0; f < 3 && !rc; f++)
        rc = gool_vm_frame(*vm, err);
    return rc;
}

static int run_small(const char *code, gool_vm **vm, relic_err *err) { return run_game(GOOL_GAME_C1, code, vm, err); }

static void free_small(gool_vm *vm)
{
    gool_entry *g = (gool_entry *)gool_vm_entry(vm);
    gool_vm_free(vm);
    gool_entry_free(g);
    free(g);
}

static void test_arithmetic(void **state)
{
    (void)state;
    gool_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    const char *code = "    MOVE self.f1, #-3\n"  /* -768 */
                       "    SHA self.f1, #-255\n" /* shift by -65280: saturates to -1 */
                       "    MOVE self.f2, pop\n"
                       "    MOD #7, #-2\n" /* 1792 % -512 = 256 */
                       "    MOVE self.f3, pop\n"
                       "    DIV self.f1, #1\n" /* -768 / 256 = -3 */
                       "    MOVE self.f4, pop\n"
                       "    SLT self.f1, #0\n"
                       "    MOVE self.f5, pop\n"
                       "    TST #3, #1\n" /* (768 & 256) == 256 */
                       "    MOVE self.f6, pop\n"
                       "    SPD #1, #2\n" /* engine: the host answers 42 */
                       "    MOVE self.f7, pop\n"
                       "    NOTB self.f8, #0\n"
                       "    ANIS 0, 0, 63, 0\n";
    assert_int_equal(run_small(code, &vm, &err), RELIC_OK);
    assert_int_equal((int32_t)gool_vm_word(vm, 2), -1);
    assert_int_equal(gool_vm_word(vm, 3), 256);
    assert_int_equal((int32_t)gool_vm_word(vm, 4), -3);
    assert_int_equal(gool_vm_word(vm, 5), 1);
    assert_int_equal(gool_vm_word(vm, 6), 1);
    assert_int_equal(gool_vm_word(vm, 7), 42);
    assert_int_equal(gool_vm_word(vm, 8), 0xFFFFFFFFu);
    free_small(vm);
}

static void expect_vm_error(const char *code, const char *want)
{
    gool_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(run_small(code, &vm, &err), RELIC_EDATA);
    if (!strstr(err.msg, want))
        fail_msg("want '%s', got '%s'", want, err.msg);
    free_small(vm);
}

static void test_errors(void **state)
{
    (void)state;
    expect_vm_error("    BRA L0, 0, f0\n", "step budget of 1000 exhausted");
    expect_vm_error("    DIV #1, #0\n", "division by zero");
    expect_vm_error("    MOD #1, #0\n", "division by zero");
    expect_vm_error("    .word 0x30000000\n", "unknown opcode");
    expect_vm_error("    MOVE push, #1\n", "pc past the code item");
    expect_vm_error("    MOVE push, ref(0xb85)\n", "invalid operand class");
}

/* Faults carry the byte offset of the instruction: the code item's
 * origin (0 for an assembled entry) plus 4 per word. */
static void test_fault_offsets(void **state)
{
    (void)state;
    gool_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(run_small("    .word 0x81000000\n    .word 0x81000000\n    DIV #1, #0\n", &vm, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 8);
    assert_non_null(strstr(err.msg, "pc 2: division by zero"));
    free_small(vm);
    /* A decoded entry: the code item starts where the entry's item table
     * says (item 1's offset, the u32 at byte 20). */
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("gool/tiny.nsentry", &f);
    gool_entry g;
    assert_int_equal(gool_entry_decode(f.data, f.len, 0x1000, &g, &err), RELIC_OK);
    size_t item1 = relic_rd_le32(f.data + 20);
    assert_int_equal(g.code_origin, 0x1000 + item1);
    for (size_t i = 0; i < g.code_len; i++)
        g.code[i] = 0x03800800u; /* DIV #1, #0 */
    vm = gool_vm_new(NULL);
    assert_non_null(vm);
    relic_err_clear(&err);
    int rc = gool_vm_init(vm, &g, 0, 1, &err);
    for (int i = 0; i < 3 && !rc; i++)
        rc = gool_vm_frame(vm, &err);
    assert_int_equal(rc, RELIC_EDATA);
    assert_int_equal(err.offset, 0x1000 + item1 + 4 * g.states[0].code_pc);
    gool_vm_free(vm);
    gool_entry_free(&g);
    relic_buf_free(&f);
}

/* Crash 2 runs with its own destination encoding: dst(0x60A) is
 * self.f10 (0x400 set, 0x200 set), dst(0x005) frame slot 5. */
static void test_crash2_run(void **state)
{
    (void)state;
    gool_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(run_game(GOOL_GAME_C2,
                              "    MOVE dst(0x60a), #3\n    MOVE dst(0x005), #2\n    MOVE self.f11, stack[5]\n"
                              "    BRA L0, 0, f0, 0\n",
                              &vm, &err),
                     RELIC_EDATA); /* the loop ends on the step budget */
    assert_non_null(strstr(err.msg, "step budget"));
    assert_int_equal(gool_vm_word(vm, 10), 3 * 256);
    assert_int_equal(gool_vm_word(vm, 11), 2 * 256);
    assert_ptr_equal(gool_vm_layout_of(vm)->status_c, 28);
    free_small(vm);
    /* Opcode 0x4F runs only in Crash 3 (an engine query: traced). */
    relic_err_clear(&err);
    assert_int_equal(
        run_game(GOOL_GAME_C3, "    OP79 #1, #2\n    MOVE self.f12, pop\n    RET 0, f0, 0, 2\n", &vm, &err), RELIC_OK);
    assert_string_equal(trace_at(vm, 1)->what, "OP79");
    free_small(vm);
}

static void test_code_block_ends(void **state)
{
    (void)state;
    gool_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    /* RET from the initial frame ends the code thread; later frames idle. */
    assert_int_equal(run_small("    MOVE self.f1, #1\n    RET 0, f0\n", &vm, &err), RELIC_OK);
    assert_int_equal(ntrace(vm), 2);
    assert_string_equal(trace_at(vm, 1)->what, "done");
    assert_int_equal(gool_vm_code_pc(vm), GOOL_PC_NONE);
    assert_int_equal(gool_vm_word(vm, 1), 256);
    assert_int_equal(gool_vm_steps(vm), 2);
    free_small(vm);
}

static void test_head_block(void **state)
{
    (void)state;
    gool_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    /* MOVC into once_p (field 36) arms a head block; the next state change
     * runs it once and clears the field. */
    const char *code = "    MOVC hd, once_p, 0\n"
                       "    CST 0, self\n"
                       "hd: MOVE self.f40, #5\n"
                       "    RET 0, self\n";
    /* State 0 re-arms and re-enters itself forever: the head block runs
     * each time (f40 set) until the step budget stops the frame. */
    assert_int_equal(run_small(code, &vm, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "step budget"));
    assert_int_equal(gool_vm_word(vm, 40), 1280);
    assert_true(gool_vm_changes(vm) > 100);
    free_small(vm);
    code = "    MOVC hd, once_p, 0\n"
           "    CST 0, self\n"
           "hd: MOVC hd, once_p, 0\n" /* re-arms itself: nested head blocks must stop */
           "    CST 0, self\n";
    assert_int_equal(run_small(code, &vm, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "too deeply"));
    free_small(vm);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_frames),
        cmocka_unit_test(test_arithmetic),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_fault_offsets),
        cmocka_unit_test(test_crash2_run),
        cmocka_unit_test(test_code_block_ends),
        cmocka_unit_test(test_head_block),
    };
    // clang-format on
    return cmocka_run_group_tests_name("gool_vm", tests, NULL, NULL);
}
