/* make bench, AGI extraction side by side (issue 20): for every corpus
 * game, agi-unpack's wall time per file written; agi-unpack against
 * `agikit extract` of the same game (when $AGIKIT names agikit's cli.js);
 * and `agi-unpack --raw` against `cp -r` of its own output.  Pairs are
 * interleaved (relic, peer, relic, peer, ...) so load on the machine hits
 * both alike; ratios relic/peer of wall time (and of user + system CPU
 * time, which other load disturbs less) are printed as min/median/max,
 * never asserted.
 *
 * Nothing is deleted between timed runs: each run writes a folder of its
 * own, and a game's folders are removed only after its last pair, then
 * the file system is synced and the bench waits RELIC_BENCH_SETTLE
 * seconds (default 6).  On ext4 without a journal (this machine's disk)
 * a new inode is found by walking its block group past every inode
 * deleted in the last 5 s (300 s more while its inode table block is
 * dirty; fs/ext4/ialloc.c, recently_deleted()), so a run that follows
 * `rm -rf` of the previous run's output walked thousands of them per
 * file, and the tool that writes more files paid for the bench's own
 * clean-up (0.1-3 ms a file instead of ~30 us).
 *
 * Environment: RELIC_BIN (tools, default build/bin), AGIKIT (path of
 * agikit's dist/cli.js, run with node), RELIC_BENCH_DIR (scratch folder,
 * default build/bench-unpack: the project disk; give /dev/shm/... for
 * tmpfs), RELIC_BENCH_PAIRS (default 5), RELIC_BENCH_JOBS (agi-unpack -j,
 * default: agi-unpack's own default), RELIC_BENCH_VIEWS (the view forms of
 * the extra fewer-files pair against agikit, default "sheets": one PNG a
 * loop instead of a PNG a cel, a sheet and a GIF; "off" leaves it out),
 * RELIC_BENCH_SETTLE (seconds to wait after a game's clean-up). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench.h"

extern char **environ;

#define BENCH_UNPACK_MAX_PAIRS 64

/* Runs argv (stdout and stderr to /dev/null); returns its wall seconds
 * (and, in *cpu when not NULL, its user + system seconds: less disturbed
 * by other load on the machine), or -1 when it could not start, was killed
 * or failed.  agi-unpack's exit
 * 1 (a data error: groza's placeholder resources) is a finished run; any
 * other tool must exit 0 (agikit exits 1 when it throws). */
static double bench_unpack_spawn_cpu(char *const argv[], double *cpu)
{
    int ok_status = strstr(argv[0], "agi-unpack") ? 1 : 0;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    double t0 = bench_now();
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return -1;
    int status;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0)
        if (errno != EINTR)
            return -1;
    double t = bench_now() - t0;
    if (cpu)
        *cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
               (double)ru.ru_stime.tv_usec * 1e-6;
    return WIFEXITED(status) && WEXITSTATUS(status) <= ok_status ? t : -1;
}

static double bench_unpack_spawn(char *const argv[]) { return bench_unpack_spawn_cpu(argv, NULL); }

static void bench_unpack_rm(const char *dir)
{
    char *argv[] = {"rm", "-rf", (char *)dir, NULL};
    bench_unpack_spawn(argv);
}

/* Regular files under dir (recursively). */
static unsigned bench_unpack_count(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    unsigned n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char p[4096];
        struct stat st;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (lstat(p, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            n += bench_unpack_count(p);
        else if (S_ISREG(st.st_mode))
            n++;
    }
    closedir(d);
    return n;
}

static int bench_unpack_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct bench_unpack_ctx {
    const char *bin, *agikit, *scratch, *jobs, *views;
    int pairs, settle;
} bench_unpack_ctx;

/* agi-unpack GAME -o OUT [flag] [-j N] into argv (strings in store). */
static void bench_unpack_argv(const bench_unpack_ctx *c, const char *game, const char *out, const char *flag,
                              char store[3][4096], char *argv[9])
{
    int n = 0;
    snprintf(store[0], sizeof store[0], "%s/agi-unpack", c->bin);
    snprintf(store[1], sizeof store[1], "-j%s", c->jobs ? c->jobs : "");
    argv[n++] = store[0];
    argv[n++] = (char *)game;
    argv[n++] = "-o";
    argv[n++] = (char *)out;
    if (flag)
        argv[n++] = (char *)flag;
    if (c->jobs)
        argv[n++] = store[1];
    argv[n] = NULL;
}

/* argv with its output folder (the argument equal to out) renamed
 * out-<tag>-<i>: a folder nobody wrote before (strings in store). */
static void bench_unpack_fresh(char *const argv[], const char *out, const char *tag, int i, char store[4096],
                               char *fresh[12])
{
    int n = 0;
    snprintf(store, 4096, "%s-%s%d", out, tag, i);
    for (; argv[n] && n < 11; n++)
        fresh[n] = strcmp(argv[n], out) == 0 ? store : argv[n];
    fresh[n] = NULL;
}

/* Interleaved pairs: time a, then b, `pairs` times, each run into a
 * fresh folder (nothing is deleted until the game is done); prints
 * "label: relic X ms, peer Y ms (medians), ratio min/median/max". */
static void bench_unpack_pairs(const bench_unpack_ctx *c, const char *label, char *const a[], const char *a_out,
                               char *const b[], const char *b_out, unsigned files)
{
    double ta[BENCH_UNPACK_MAX_PAIRS], tb[BENCH_UNPACK_MAX_PAIRS], r[BENCH_UNPACK_MAX_PAIRS];
    double rc[BENCH_UNPACK_MAX_PAIRS];
    static int runs; /* tells the folders of successive calls apart */
    int n = 0;
    for (int i = 0; i < c->pairs; i++) {
        double cx = 0, cy = 0;
        char sa[4096], sb[4096];
        char *fa[12], *fb[12];
        bench_unpack_fresh(a, a_out, "a", runs, sa, fa);
        bench_unpack_fresh(b, b_out, "b", runs, sb, fb);
        runs++;
        double x = bench_unpack_spawn_cpu(fa, &cx);
        double y = bench_unpack_spawn_cpu(fb, &cy);
        if (x <= 0 || y <= 0) {
            printf("  %-34s a run failed (pair %d)\n", label, i + 1);
            break;
        }
        ta[n] = x;
        tb[n] = y;
        r[n] = x / y;
        rc[n] = cy > 0 ? cx / cy : 0;
        n++;
    }
    if (n == 0)
        return;
    qsort(ta, (size_t)n, sizeof *ta, bench_unpack_cmp);
    qsort(tb, (size_t)n, sizeof *tb, bench_unpack_cmp);
    qsort(r, (size_t)n, sizeof *r, bench_unpack_cmp);
    qsort(rc, (size_t)n, sizeof *rc, bench_unpack_cmp);
    printf("  %-34s relic %8.1f ms  peer %8.1f ms  ratio %.2f / %.2f / %.2f  (cpu %.2f / %.2f / %.2f)", label,
           ta[n / 2] * 1e3, tb[n / 2] * 1e3, r[0], r[n / 2], r[n - 1], rc[0], rc[n / 2], rc[n - 1]);
    if (files)
        printf("  (%u files, %.0f us/file)", files, ta[n / 2] * 1e6 / files);
    printf("\n");
    fflush(stdout);
}

/* Relic alone (no peer reads the game): median and per file. */
static void bench_unpack_solo(const bench_unpack_ctx *c, const char *label, char *const a[], const char *a_out,
                              unsigned files)
{
    double t[BENCH_UNPACK_MAX_PAIRS];
    int n = 0;
    for (int i = 0; i < c->pairs; i++) {
        char sa[4096];
        char *fa[12];
        bench_unpack_fresh(a, a_out, "solo", i, sa, fa);
        if ((t[n] = bench_unpack_spawn(fa)) <= 0)
            break;
        n++;
    }
    if (n == 0)
        return;
    qsort(t, (size_t)n, sizeof *t, bench_unpack_cmp);
    printf("  %-34s relic %8.1f ms (min %.1f, max %.1f)  (%u files, %.0f us/file)\n", label, t[n / 2] * 1e3, t[0] * 1e3,
           t[n - 1] * 1e3, files, files ? t[n / 2] * 1e6 / files : 0.0);
    fflush(stdout);
}

/* agikit opens LOGDIR, VOL.0, ... by their upper-case names; corpus games
 * ship lower-case ones.  A folder of upper-case symbolic links to the
 * game's files lets it read them (nothing is copied). */
static int bench_unpack_upper(const char *game, const char *dest)
{
    if (mkdir(dest, 0777) != 0 && errno != EEXIST)
        return -1;
    /* The links must name the files from wherever agikit resolves them:
     * a relative corpus path (../shared/corpus) would dangle in DEST. */
    char game_abs[PATH_MAX];
    if (!realpath(game, game_abs))
        return -1;
    game = game_abs;
    DIR *d = opendir(game);
    if (!d)
        return -1;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char from[4096], to[4096], up[256];
        size_t i = 0;
        for (; e->d_name[i] && i + 1 < sizeof up; i++)
            up[i] = (char)toupper((unsigned char)e->d_name[i]);
        up[i] = '\0';
        if (snprintf(from, sizeof from, "%s/%s", game, e->d_name) >= (int)sizeof from ||
            snprintf(to, sizeof to, "%s/%s", dest, up) >= (int)sizeof to ||
            (symlink(from, to) != 0 && errno != EEXIST)) {
            closedir(d);
            return -1;
        }
    }
    closedir(d);
    return 0;
}

/* After a game: its folders removed, the file system synced (the
 * deleted inodes' table blocks clean, so the kernel skips them for 5 s,
 * not 300), and a wait past that, so the next game's runs do not pay
 * for this one's clean-up (see the top of the file). */
static void bench_unpack_clean(const bench_unpack_ctx *c, const char *dir)
{
    bench_unpack_rm(dir);
    char *sync_argv[] = {"sync", "-f", (char *)c->scratch, NULL};
    bench_unpack_spawn(sync_argv);
    if (c->settle > 0)
        sleep((unsigned)c->settle);
}

static void bench_unpack_game(const bench_unpack_ctx *c, const char *root, const char *name)
{
    char game[4096], dir[4096], out_a[4200], out_b[4200], probe[4300], upper[4200], raw_keep[4200];
    snprintf(game, sizeof game, "%s/%s", root, name);
    snprintf(dir, sizeof dir, "%s/%s", c->scratch, name);
    snprintf(out_a, sizeof out_a, "%s/relic", dir);
    snprintf(out_b, sizeof out_b, "%s/peer", dir);
    snprintf(upper, sizeof upper, "%s/game", dir);
    snprintf(raw_keep, sizeof raw_keep, "%s/raw-kept", dir);
    bench_unpack_rm(dir);
    if (mkdir(dir, 0777) != 0) {
        printf("  cannot create %s\n", dir);
        return;
    }
    char sa[3][4096];
    char *a[9];
    printf(" %s:\n", name);

    /* Full extraction: files written (a first run of each tool, into a
     * folder of its own), then against agikit. */
    snprintf(probe, sizeof probe, "%s-count", out_a);
    bench_unpack_argv(c, game, probe, NULL, sa, a);
    if (bench_unpack_spawn(a) < 0) {
        printf("  agi-unpack failed on %s\n", game);
        bench_unpack_clean(c, dir);
        return;
    }
    unsigned files = bench_unpack_count(probe);
    bench_unpack_argv(c, game, out_a, NULL, sa, a);
    snprintf(probe, sizeof probe, "%s-count", out_b);
    char *kprobe[] = {"node", (char *)c->agikit, "extract", upper, probe, NULL};
    if (c->agikit && bench_unpack_upper(game, upper) == 0) {
        char *k[] = {"node", (char *)c->agikit, "extract", upper, out_b, NULL};
        if (bench_unpack_spawn(kprobe) < 0) {
            printf("  %-34s agikit does not read this game\n", "full vs agikit extract");
            bench_unpack_solo(c, "full", a, out_a, files);
        } else {
            unsigned peer_files = bench_unpack_count(probe);
            char label[96];
            snprintf(label, sizeof label, "full vs agikit (%u files)", peer_files);
            bench_unpack_pairs(c, label, a, out_a, k, out_b, files);
            /* The same with fewer view forms (--views): what file count
             * costs, since agikit writes one file a view. */
            if (strcmp(c->views, "off") != 0) {
                char flag[64], few_label[96], fs[3][4096];
                char *fa[9];
                snprintf(flag, sizeof flag, "--views=%s", c->views);
                snprintf(probe, sizeof probe, "%s-few-count", out_a);
                bench_unpack_argv(c, game, probe, flag, fs, fa);
                unsigned few = bench_unpack_spawn(fa) < 0 ? 0 : bench_unpack_count(probe);
                bench_unpack_argv(c, game, out_a, flag, fs, fa);
                snprintf(few_label, sizeof few_label, "%s vs agikit", flag);
                if (few)
                    bench_unpack_pairs(c, few_label, fa, out_a, k, out_b, few);
            }
        }
    } else {
        printf("  %-34s (set AGIKIT=.../agikit/packages/cli/dist/cli.js for the agikit pair)\n", "full");
        bench_unpack_solo(c, "full", a, out_a, files);
    }

    /* --raw against cp -r of its own output. */
    bench_unpack_argv(c, game, raw_keep, "--raw", sa, a);
    if (bench_unpack_spawn(a) >= 0) {
        unsigned raw_files = bench_unpack_count(raw_keep);
        bench_unpack_argv(c, game, out_a, "--raw", sa, a);
        char *cp[] = {"cp", "-r", raw_keep, out_b, NULL};
        bench_unpack_pairs(c, "--raw vs cp -r of its output", a, out_a, cp, out_b, raw_files);
    }
    bench_unpack_clean(c, dir);
}

static int bench_unpack_name_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

void bench_unpack_side_by_side(const char *root)
{
    bench_unpack_ctx c = {
        .bin = getenv("RELIC_BIN") ? getenv("RELIC_BIN") : "build/bin",
        .agikit = getenv("AGIKIT"),
        .scratch = getenv("RELIC_BENCH_DIR") ? getenv("RELIC_BENCH_DIR") : "build/bench-unpack",
        .jobs = getenv("RELIC_BENCH_JOBS"),
        .views = getenv("RELIC_BENCH_VIEWS") ? getenv("RELIC_BENCH_VIEWS") : "sheets",
        .pairs = getenv("RELIC_BENCH_PAIRS") ? atoi(getenv("RELIC_BENCH_PAIRS")) : 5,
        .settle = getenv("RELIC_BENCH_SETTLE") ? atoi(getenv("RELIC_BENCH_SETTLE")) : 6,
    };
    if (c.pairs < 1)
        c.pairs = 1;
    if (c.pairs > BENCH_UNPACK_MAX_PAIRS)
        c.pairs = BENCH_UNPACK_MAX_PAIRS;
    if (c.agikit && access(c.agikit, R_OK) != 0)
        c.agikit = NULL;
    if (mkdir(c.scratch, 0777) != 0 && errno != EEXIST) {
        printf("agi-unpack side by side: cannot create %s\n", c.scratch);
        return;
    }
    printf("agi-unpack side by side (%s, %d interleaved pairs; ratio relic/peer min / median / max; times are "
           "medians, incl. process start):\n",
           c.scratch, c.pairs);
    DIR *d = opendir(root);
    if (!d)
        return;
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.' && (names = realloc(names, (n + 1) * sizeof *names)))
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, n, sizeof *names, bench_unpack_name_cmp);
    for (size_t i = 0; i < n; i++) {
        bench_unpack_game(&c, root, names[i]);
        free(names[i]);
    }
    free(names);
    rmdir(c.scratch);
}
