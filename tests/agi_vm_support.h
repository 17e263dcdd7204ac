/* Helpers shared by the AGI interpreter unit tests: a VM without a game,
 * logic installed from AGI Studio source or raw bytecode, one cycle. */
#ifndef RELIC_TEST_AGI_VM_SUPPORT_H
#define RELIC_TEST_AGI_VM_SUPPORT_H

#include <stdlib.h>
#include <string.h>
#include "relic/agi_logic.h"
#include "relic/agi_view.h"
#include "relic/agi_vm.h"
#include "../libvm/agi/vm/vm_test_internal.h" /* the tests reach inside the VM: its one includer */
#include "support.h"

/* profile NULL: the default (2.936).  The priority plane is all 4, as a
 * picture without priority drawing leaves it. */
static inline agi_vm *test_vm_new(const char *profile)
{
    agi_vm *vm;
    relic_err err;
    relic_err_clear(&err);
    agi_vm_opts o = {.seed = 5, .max_steps = 10000, .profile = profile ? agi_profile_find(profile) : NULL};
    if (profile && !o.profile)
        fail_msg("no profile %s", profile);
    if (agi_vm_new(NULL, &o, &vm, &err))
        fail_msg("agi_vm_new: %s", err.msg);
    memset(vm->pic_pri, 4, sizeof vm->pic_pri);
    return vm;
}

/* Installs source text (AGI Studio syntax) as logic n. */
static inline void test_vm_logic(agi_vm *vm, unsigned n, const char *src)
{
    relic_buf p = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    agi_compile_opts co = {.file_name = "t.lgc"};
    if (agi_logic_compile(src, strlen(src), &co, &p, &err))
        fail_msg("compile: %s", err.msg);
    if (agi_vm_install_logic(vm, n, p.data, p.len, &err))
        fail_msg("install: %s", err.msg);
    relic_buf_free(&p);
}

/* Raw bytecode (no messages) as logic n. */
static inline void test_vm_code(agi_vm *vm, unsigned n, const char *hex)
{
    uint8_t code[512];
    size_t len = test_hex(hex, code, sizeof code);
    relic_buf p = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (agi_logic_encode(code, len, NULL, 0, 1, &p, &err) || agi_vm_install_logic(vm, n, p.data, p.len, &err))
        fail_msg("encode: %s", err.msg);
    relic_buf_free(&p);
}

static inline int test_vm_cycle(agi_vm *vm, relic_err *err)
{
    relic_err_clear(err);
    return agi_vm_cycle(vm, NULL, err);
}

/* Runs until vm->cycle == cycles with the input script text (may be NULL). */
static inline void test_vm_run(agi_vm *vm, const char *script, unsigned long cycles)
{
    agi_input_script in = {0};
    relic_err err;
    relic_err_clear(&err);
    if (script && agi_input_parse(script, strlen(script), &in, &err))
        fail_msg("script: %s", err.msg);
    if (agi_vm_run(vm, script ? &in : NULL, cycles, &err))
        fail_msg("run: %s", err.msg);
    agi_input_free(&in);
}

/* The 320x200 screen of the frame just run: the composed frame, then the
 * text planes over it, as the oracle compares it. */
static inline void test_vm_draw(agi_vm *vm, uint8_t *screen)
{
    agi_vm_render(vm);
    agi_vm_screen(vm, NULL, screen);
}

static inline uint8_t test_px(const uint8_t *screen, unsigned x, unsigned y) { return screen[y * AGI_SCREEN_W + x]; }

/* Whether text cell (row, col) of a 320x200 screen shows glyph ch of
 * relic's font in fg on bg; whether it is all colour c. */
static inline int test_cell_is(const uint8_t *screen, unsigned row, unsigned col, uint8_t ch, uint8_t fg, uint8_t bg)
{
    const uint8_t *gl = agi_vm_font + 8 * ch;
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++)
            if (screen[(row * 8 + y) * AGI_SCREEN_W + col * 8 + x] != ((gl[y] & (0x80 >> x)) ? fg : bg))
                return 0;
    return 1;
}

static inline int test_cell_solid(const uint8_t *screen, unsigned row, unsigned col, uint8_t c)
{
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++)
            if (screen[(row * 8 + y) * AGI_SCREEN_W + col * 8 + x] != c)
                return 0;
    return 1;
}

/* A one-loop, one-cel view of a 4x4 square in colour 1 in view slot n. */
static inline void test_vm_square(agi_vm *vm, unsigned n)
{
    static const uint8_t bytes[] = {0, 0, 1, 0, 0, 7, 0, 1, 3, 0, 4, 4, 0, 0x14, 0, 0x14, 0, 0x14, 0, 0x14, 0};
    agi_view *v = calloc(1, sizeof *v);
    relic_err err;
    relic_err_clear(&err);
    assert_non_null(v);
    if (agi_view_decode(bytes, sizeof bytes, vm->profile, v, &err))
        fail_msg("view: %s", err.msg);
    vm->res->view[n] = v;
}

#endif
