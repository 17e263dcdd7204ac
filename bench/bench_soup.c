/* make bench: SOUP (Redguard) disassembly in bytes per second and VM
 * statements per second, on synthetic scripts. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "relic/soup.h"
#include "relic/soup_vm.h"

/* SOUP: a varied statement mix repeated, disassembled; then a counting
 * loop that yields every 50 iterations, run in the VM. */
void bench_soup(void)
{
    soup_def def;
    soup_ctx ctx;
    if (soup_def_builtin(&def, NULL) || soup_ctx_init(&ctx, &def, NULL))
        return;
    static const char *const strs[] = {"DOOR"};
    ctx.strings = (const char **)strs;
    ctx.nstrings = 1;
    relic_buf src = RELIC_BUF_INIT, code = RELIC_BUF_INIT, text = RELIC_BUF_INIT;
    for (int i = 0; i < 2000; i++)
        relic_buf_printf(&src, "PushAnimation(1, 25)\nif TimeOfDay = 1 and var1 != 0 {\n var3 = var3 * 2 / 2 - 1\n}\n"
                               "@\"DOOR\".PlayAnimation(var1, Me.ref3)\ncall SetGlobalFlag(&TimeOfDay)\nEnd #0000\n");
    uint32_t pc;
    if (soup_assemble(&ctx, (const char *)src.data, src.len, &code, &pc, NULL) == RELIC_OK) {
        int reps = 0;
        double t0 = bench_now(), t;
        do {
            relic_buf_reset(&text);
            soup_disasm_text(&ctx, code.data, code.len, 0, &text, NULL);
            reps++;
            t = bench_now() - t0;
        } while (t < 0.5);
        printf("soup disasm:    %8.1f MB/s of bytecode\n", (double)code.len * reps / t / 1e6);
    }
    relic_buf_reset(&code);
    const char *loop = "t:\nvar0 = var0 + 3 * 2\nvar1 = var1 + 1\nif var1 < 50 {\nGoto t\n}\nvar1 = 0\nYield\nGoto t\n";
    soup_vm *vm = soup_vm_new(&def, NULL, NULL);
    if (vm && soup_assemble(&ctx, loop, strlen(loop), &code, &pc, NULL) == RELIC_OK) {
        int32_t vars[2] = {0, 0};
        soup_actor_def a = {.name = "LOOP", .code = code.data, .len = code.len, .vars = vars, .nvars = 2};
        soup_vm_add_actor(vm, &a, NULL);
        double t0 = bench_now();
        soup_vm_run(vm, 0, 40000, 100000000, NULL);
        double t = bench_now() - t0;
        printf("soup vm:        %8.1f M statements/s\n", (double)soup_vm_steps(vm) / t / 1e6);
    }
    soup_vm_free(vm);
    soup_ctx_free(&ctx);
    soup_def_free(&def);
    relic_buf_free(&src);
    relic_buf_free(&code);
    relic_buf_free(&text);
}
