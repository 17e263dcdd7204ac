/* make bench: the headless AGI interpreter's cycle rate (cycles/s with the
 * frame composed every cycle) over each corpus game, 2,000 cycles from the
 * start with Enter presses and a walk, as the corpus test drives them. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "relic/agi.h"
#include "relic/agi_vm.h"

static const char bench_rt_script[] = "seed 1\n3 key enter\n10 key enter\n20 key enter\n40 type \"look\"\n"
                                      "60 key enter\n150 dir 3\n300 dir 5\n";

static int bench_rt_game(const char *dir, const agi_input_script *in, double *secs, double *cycles)
{
    agi_fileset fs = {0, 0};
    agi_game g;
    agi_vm *vm = NULL;
    agi_vm_opts o = {.seed = 1};
    if (agi_fileset_read_dir(dir, &fs, NULL) || agi_game_open(&fs, NULL, &g, NULL) ||
        agi_vm_new(&g, &o, &vm, NULL)) {
        agi_fileset_free(&fs);
        return -1;
    }
    relic_err err;
    relic_err_clear(&err);
    double t0 = bench_cpu();
    while (vm->cycle < 2000 && !vm->quit && agi_vm_cycle(vm, in, &err) == RELIC_OK)
        agi_vm_render(vm);
    *secs += bench_cpu() - t0;
    *cycles += (double)vm->cycle;
    agi_vm_free(vm);
    agi_fileset_free(&fs);
    return 0;
}

void bench_runtime(const char *root)
{
    agi_input_script in;
    if (agi_input_parse(bench_rt_script, sizeof bench_rt_script - 1, &in, NULL))
        return;
    DIR *d = opendir(root);
    if (!d) {
        agi_input_free(&in);
        return;
    }
    double secs = 0, cycles = 0, best_size = 0, big_secs = 0, big_cycles = 0;
    char big[64] = "";
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char dir[2048];
        snprintf(dir, sizeof dir, "%s/%s", root, e->d_name);
        double s = 0, c = 0;
        if (bench_rt_game(dir, &in, &s, &c))
            continue;
        secs += s, cycles += c;
        /* "the largest game": the one that ran longest per cycle */
        if (c > 0 && s / c > best_size) {
            best_size = s / c;
            big_secs = s, big_cycles = c;
            snprintf(big, sizeof big, "%.60s", e->d_name);
        }
    }
    closedir(d);
    agi_input_free(&in);
    if (secs > 0)
        printf("agi runtime: %.0f cycles/s over the corpus, slowest game %s %.0f cycles/s (frame every cycle)\n",
               cycles / secs, big, big_secs > 0 ? big_cycles / big_secs : 0.0);
}
