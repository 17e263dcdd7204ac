/* Corpus tests for the headless AGI interpreter over $RELIC_CORPUS/agi/<game>:
 * every game runs from its start for 2,000 cycles with the scripted input
 * tests/fixtures/agi/corpus_run.in without an interpreter error, and the
 * frames at cycles 100, 500, 1000 and 2000 match the digests in
 * tests/corpus/agi_runtime.sha256 (RELIC_GOLDEN_WRITE=1 prints new lines
 * instead).  Prints the cycle rate with a frame composed every cycle. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "relic/agi_vm.h"
#include "relic/io.h"
#include "relic/sha256.h"
#include "support.h"

static const unsigned long vm_ticks[] = {100, 500, 1000, 2000};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The golden digest for game/tick, or NULL. */
static const char *golden(const relic_buf *g, const char *game, unsigned long tick, char out[65])
{
    char key[128];
    snprintf(key, sizeof key, "\n%s %lu ", game, tick);
    const char *p = g->data ? strstr((const char *)g->data, key) : NULL;
    if (!p || sscanf(p + strlen(key), "%64s", out) != 1)
        return NULL;
    return out;
}

static int run_game(const char *root, const char *name, const agi_input_script *in, const relic_buf *gold,
                    double *cycles, double *secs)
{
    char dir[2200];
    snprintf(dir, sizeof dir, "%s/%s", root, name);
    agi_fileset fs = {0};
    agi_game game;
    agi_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    int bad = 0;
    agi_vm_opts o = {.seed = in->seed, .profile = NULL};
    if (agi_fileset_read_dir(dir, &fs, &err) || agi_game_open(&fs, NULL, &game, &err) ||
        agi_vm_new(&game, &o, &vm, &err)) {
        print_message("# %s: cannot start: %s\n", name, err.msg);
        agi_fileset_free(&fs);
        return 1;
    }
    double t0 = now();
    for (size_t k = 0; k < sizeof vm_ticks / sizeof vm_ticks[0] && !bad; k++) {
        while (agi_vm_cycles(vm) < vm_ticks[k] && !agi_vm_has_quit(vm)) {
            if (agi_vm_cycle(vm, in, &err)) {
                print_message("# %s: %s\n", name, err.msg);
                bad = 1;
                break;
            }
            agi_vm_render(vm);
        }
        if (bad)
            break;
        char hex[65], want[65];
        relic_sha256_hex(agi_vm_frame_vis(vm), AGI_PIC_CELLS, hex);
        if (getenv("RELIC_GOLDEN_WRITE")) {
            printf("%s %lu %s\n", name, vm_ticks[k], hex);
        } else if (!golden(gold, name, vm_ticks[k], want)) {
            print_message("# %s: no golden digest for cycle %lu (%s)\n", name, vm_ticks[k], hex);
            bad = 1;
        } else if (strcmp(want, hex)) {
            print_message("# %s: frame at cycle %lu is %s, golden %s\n", name, vm_ticks[k], hex, want);
            bad = 1;
        }
    }
    *secs += now() - t0;
    *cycles += (double)agi_vm_cycles(vm);
    agi_vm_free(vm);
    agi_fileset_free(&fs);
    return bad;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void test_corpus_runs(void **state)
{
    (void)state;
    const char *corpus = test_corpus_root();
    if (!corpus) {
        print_message("# agi corpus tests skipped: RELIC_CORPUS not set\n");
        skip();
    }
    char root[1024];
    snprintf(root, sizeof root, "%s/agi", corpus);
    relic_buf script = RELIC_BUF_INIT, gold = RELIC_BUF_INIT;
    test_fixture("agi/corpus_run.in", &script);
    relic_err err;
    relic_err_clear(&err);
    relic_buf_u8(&gold, '\n');
    relic_buf extra = RELIC_BUF_INIT;
    if (relic_file_read("tests/corpus/agi_runtime.sha256", &extra, &err) == RELIC_OK)
        relic_buf_append(&gold, extra.data, extra.len);
    relic_buf_u8(&gold, 0);
    relic_buf_free(&extra);
    agi_input_script in;
    if (agi_input_parse((const char *)script.data, script.len, &in, &err))
        fail_msg("corpus_run.in: %s", err.msg);
    DIR *d = opendir(root);
    if (!d)
        fail_msg("%s: cannot list", root);
    char *names[64];
    unsigned n = 0;
    for (struct dirent *e; (e = readdir(d)) && n < 64;)
        if (e->d_name[0] != '.')
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, n, sizeof names[0], by_name);
    unsigned failed = 0;
    double cycles = 0, secs = 0;
    for (unsigned i = 0; i < n; i++) {
        failed += (unsigned)run_game(root, names[i], &in, &gold, &cycles, &secs);
        free(names[i]);
    }
    print_message("# agi runtime: %u of %u games ran 2,000 cycles cleanly with matching frames; %.0f cycles/s "
                  "(frame composed every cycle)\n",
                  n - failed, n, secs > 0 ? cycles / secs : 0.0);
    agi_input_free(&in);
    relic_buf_free(&script);
    relic_buf_free(&gold);
    assert_int_equal(failed, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_corpus_runs)};
    return cmocka_run_group_tests_name("agi_vm_corpus", tests, NULL, NULL);
}
