/* make bench: GOOL: words disassembled and assembled per second over the corpus
 *     entries, and interpreter instructions per second on a tight loop. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "relic/gool_dis.h"
#include "relic/gool_vm.h"
#include "relic/io.h"

/* GOOL rates: disassembly and assembly over the corpus entries (or none),
 * and the interpreter on an arithmetic loop stopped by its step budget. */
void bench_gool(const char *corpus)
{
    char dir[1100], path[1400];
    size_t words = 0, chars = 0;
    double tdis = 0, tasm = 0;
    DIR *d = NULL;
    if (corpus) {
        snprintf(dir, sizeof dir, "%s/gool/crash1-gooc", corpus);
        d = opendir(dir);
    }
    struct dirent *e;
    while (d && (e = readdir(d))) {
        relic_buf f = RELIC_BUF_INIT, text = RELIC_BUF_INIT;
        gool_entry g, back;
        gool_dis_stats st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] == '.' || relic_file_read(path, &f, NULL) || gool_entry_decode(f.data, f.len, 0, &g, NULL)) {
            relic_buf_free(&f);
            continue;
        }
        for (int r = 0; r < 20; r++) {
            relic_buf_reset(&text);
            double t0 = bench_now();
            gool_disasm(&g, GOOL_GAME_AUTO, &text, &st, NULL);
            double t1 = bench_now();
            if (gool_asm((const char *)text.data, text.len, &back, NULL) == RELIC_OK)
                gool_entry_free(&back);
            tasm += bench_now() - t1;
            tdis += t1 - t0;
            words += st.insns;
            chars += text.len;
        }
        gool_entry_free(&g);
        relic_buf_free(&f);
        relic_buf_free(&text);
    }
    if (d)
        closedir(d);
    if (words)
        printf("gool: %.0f words/s disassembled, %.0f words/s assembled (%zu words, %.1f MB of text)\n", words / tdis,
               words / tasm, words, chars / 1e6);
    static const char loop[] = ".entry LoopC\n.items 5\n.header id=1 category=0x300 format=1 stack=0x40 "
                               "events=0 eids=1\n.pool\n.eid LoopC\n.map\n.states\n.state flags=0 status=0 "
                               "extern=0 event=none trans=none code=top\n.code\ntop: ADD self.f1, #1\n"
                               "MOVE self.f1, pop\nANDB self.f1, #255\nMOVE self.f2, pop\nBRA top, 0, f0\n";
    gool_entry g;
    if (gool_asm(loop, sizeof loop - 1, &g, NULL) != RELIC_OK)
        return;
    gool_vm *vm = gool_vm_new(&(gool_vm_config){.max_steps = 20000000});
    if (!vm) {
        gool_entry_free(&g);
        return;
    }
    double t0 = bench_now();
    if (gool_vm_init(vm, &g, 0, 1, NULL) == RELIC_OK)
        gool_vm_frame(vm, NULL);
    double t = bench_now() - t0;
    printf("gool: %.0f interpreter instructions/s (%llu instructions)\n", (double)gool_vm_steps(vm) / t,
           (unsigned long long)gool_vm_steps(vm));
    gool_vm_free(vm);
    gool_entry_free(&g);
}
