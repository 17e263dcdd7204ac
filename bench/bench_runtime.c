/* make bench: the headless AGI interpreter's cycle rate (cycles/s with the
 * frame composed every cycle) over each corpus game, 2,000 cycles from the
 * start with a walk and an Enter every fifth cycle, so that message windows
 * close again soon.  Only cycles that ran (not those spent waiting in a
 * modal, which cost almost nothing and change no frame) are counted, over
 * the whole time: the rate is never flattered by waiting. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "relic/agi.h"
#include "relic/agi_vm.h"

static const char bench_rt_walk[] = "seed 1\n40 type \"look\"\n150 dir 3\n300 dir 5\n";

/* The walk plus "N key enter" for N = 5, 10, ... 2000. */
static int bench_rt_script(agi_input_script *in)
{
    char text[24 * 400 + sizeof bench_rt_walk];
    size_t n = (size_t)snprintf(text, sizeof text, "%s", bench_rt_walk);
    for (unsigned c = 5; c <= 2000 && n < sizeof text; c += 5)
        n += (size_t)snprintf(text + n, sizeof text - n, "%u key enter\n", c);
    return agi_input_parse(text, n < sizeof text ? n : sizeof text - 1, in, NULL);
}

static int bench_rt_game(const char *dir, const agi_input_script *in, double *secs, double *cycles)
{
    agi_fileset fs = {0, 0};
    agi_game g;
    agi_vm *vm = NULL;
    agi_vm_opts o = {.seed = 1};
    if (agi_fileset_read_dir(dir, &fs, NULL) || agi_game_open(&fs, NULL, &g, NULL) || agi_vm_new(&g, &o, &vm, NULL)) {
        agi_fileset_free(&fs);
        return -1;
    }
    relic_err err;
    relic_err_clear(&err);
    double t0 = bench_cpu();
    unsigned long ran = 0;
    while (agi_vm_cycles(vm) < 2000 && !agi_vm_has_quit(vm) && agi_vm_cycle(vm, in, &err) == RELIC_OK) {
        if (agi_vm_modal_state(vm) != AGI_MODAL_NONE)
            continue; /* the frame cannot change while a modal waits */
        agi_vm_render(vm);
        ran++;
    }
    *secs += bench_cpu() - t0;
    *cycles += (double)ran;
    agi_vm_free(vm);
    agi_fileset_free(&fs);
    return 0;
}

void bench_runtime(const char *root)
{
    agi_input_script in;
    if (bench_rt_script(&in))
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
