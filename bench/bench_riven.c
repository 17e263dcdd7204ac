/* make bench: Riven.  Side by side, in interleaved pairs (issue 20):
 * riven-script --extract (raw + PNG conversion, default -j) and
 * --raw-only against scummvm-tools' extract_mohawk and against the
 * simplest raw dump (read the directory, write each resource with
 * fopen/fwrite, in this process), on the project's sample archive and on a
 * synthetic archive of 3,000 small 8-bit tBMPs and one of 100 large
 * photographic ones (608x392), built with riven-script --build;
 * min/median/max wall time over 21 pairs (the sample) or 7 (the
 * synthetic; the order inside a pair alternates; each output folder is
 * removed before, not during, its timed run), the ratio of the medians, min/median/max of the per-pair ratios, and
 * riven-script's peak RSS.  Then Riven-packed tBMP decoding in pixels per
 * second.  Prints, never asserts.  RELIC_BENCH_RIVEN_DIR puts the
 * synthetic archive and every output folder elsewhere than build/ (a
 * tmpfs such as /dev/shm takes the disk out of the comparison). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench.h"
#include "relic/io.h"
#include "relic/mohawk.h"
#include "relic/riven_media.h"

/* Pairs per archive: the sample's runs take a few milliseconds, and on
 * ext4 without a journal one run's cost swings with how many inodes were
 * freed near its folder just before (0.5x to 1.2x extract_mohawk from one
 * bench run to the next), so it gets three times as many. */
#define BENCH_RIVEN_PAIRS 21

static const char *bench_riven_bin(void) { return getenv("RELIC_BIN") ? getenv("RELIC_BIN") : "build/bin"; }
static const char *bench_riven_dir(void)
{
    return getenv("RELIC_BENCH_RIVEN_DIR") ? getenv("RELIC_BENCH_RIVEN_DIR") : "build";
}

/* Runs a shell command; its wall time, and the peak RSS (KiB) of what it
 * ran.  wait4's ru_maxrss cannot give that here: a child forked from this
 * process starts with this process's resident pages, so every command would
 * report the bench's own size (17.9 MiB).  /usr/bin/time, a small process,
 * measures the command instead; without it the RSS is not reported (0). */
static double bench_riven_run(const char *cmd, long *rss_kib)
{
    char rss_file[1100];
    snprintf(rss_file, sizeof rss_file, "%s/bench-riven-rss.txt", bench_riven_dir());
    int timed = rss_kib && access("/usr/bin/time", X_OK) == 0;
    double t0 = bench_now();
    pid_t pid = fork();
    if (pid == 0) {
        if (timed)
            execl("/usr/bin/time", "time", "-f", "%M", "-o", rss_file, "/bin/sh", "-c", cmd, (char *)NULL);
        else
            execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0)
        return -1;
    double t = bench_now() - t0;
    if (rss_kib) {
        *rss_kib = 0;
        FILE *f = timed ? fopen(rss_file, "r") : NULL;
        if (f) {
            if (fscanf(f, "%ld", rss_kib) != 1)
                *rss_kib = 0;
            fclose(f);
            remove(rss_file);
        }
    }
    return WIFEXITED(status) && (WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == 1) ? t : -1;
}

/* The simplest raw dump: the directory, then each resource to its own file. */
static int bench_riven_simple_dump(const char *archive, const char *dir)
{
    relic_map m;
    mhk_archive a;
    if (relic_file_map(archive, &m, NULL))
        return -1;
    if (mhk_open(m.data, m.len, &a, NULL)) {
        relic_file_unmap(&m);
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; i < a.count && !rc; i++) {
        char path[1200], tag[5];
        mhk_tag_str(a.res[i].tag, tag);
        snprintf(path, sizeof path, "%s/%s_%u.bin", dir, tag, a.res[i].id);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(mhk_data(&a, &a.res[i]), 1, a.res[i].size, f) != a.res[i].size)
            rc = -1;
        if (f && fclose(f) != 0)
            rc = -1;
    }
    mhk_close(&a);
    relic_file_unmap(&m);
    return rc;
}

static int bench_riven_cmp(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

typedef struct bench_riven_row {
    const char *what;
    double t[BENCH_RIVEN_PAIRS];
    long rss;
    int n;
    double q[BENCH_RIVEN_PAIRS]; /* this run / extract_mohawk's, per pair */
    int nq;
} bench_riven_row;

static void bench_riven_row_print(const bench_riven_row *r, double ref)
{
    double s[BENCH_RIVEN_PAIRS];
    memcpy(s, r->t, sizeof s);
    qsort(s, (size_t)r->n, sizeof *s, bench_riven_cmp);
    if (r->n == 0) {
        printf("  %-38s not available\n", r->what);
        return;
    }
    double med = s[r->n / 2];
    printf("  %-38s %8.3f %8.3f %8.3f s", r->what, s[0], med, s[r->n - 1]);
    if (ref > 0)
        printf("   %5.2fx extract_mohawk", med / ref);
    if (r->nq > 0) {
        double q[BENCH_RIVEN_PAIRS];
        memcpy(q, r->q, sizeof q);
        qsort(q, (size_t)r->nq, sizeof *q, bench_riven_cmp);
        printf(" (pairs %.2f/%.2f/%.2f)", q[0], q[r->nq / 2], q[r->nq - 1]);
    }
    if (r->rss > 0)
        printf("   peak RSS %.1f MiB", (double)r->rss / 1024.0);
    printf("\n");
}

static double bench_riven_median(const bench_riven_row *r)
{
    double s[BENCH_RIVEN_PAIRS];
    memcpy(s, r->t, sizeof s);
    qsort(s, (size_t)r->n, sizeof *s, bench_riven_cmp);
    return r->n ? s[r->n / 2] : -1;
}

/* Interleaved pairs over one archive (an absolute or build-relative path). */
static void bench_riven_extract(const char *label, const char *archive, int pairs)
{
    char cmd[3][3400], clean[3][1200], abs[1024], sl[1100], all[4400];
    const char *bin = bench_riven_bin(), *dir = bench_riven_dir();
    if (!realpath(archive, abs)) /* extract_mohawk runs in its output folder */
        snprintf(abs, sizeof abs, "%s", archive);
    snprintf(clean[0], sizeof clean[0], "rm -rf %s/bench-rx", dir);
    snprintf(clean[1], sizeof clean[1], "rm -rf %s/bench-em && mkdir %s/bench-em", dir, dir);
    snprintf(clean[2], sizeof clean[2], "rm -rf %s/bench-rr", dir);
    snprintf(sl, sizeof sl, "%s/bench-sl", dir);
    snprintf(cmd[0], sizeof cmd[0], "%s/riven-script %s --extract %s/bench-rx >/dev/null", bin, abs, dir);
    /* Debian installs it in /usr/games, which is not always on PATH. */
    const char *em = access("/usr/games/extract_mohawk", X_OK) == 0 ? "/usr/games/extract_mohawk" : "extract_mohawk";
    snprintf(cmd[1], sizeof cmd[1], "cd %s/bench-em && %s %s >/dev/null 2>&1", dir, em, abs);
    snprintf(cmd[2], sizeof cmd[2], "%s/riven-script %s --extract %s/bench-rr --raw-only >/dev/null", bin, abs, dir);
    bench_riven_row rows[4] = {{"riven-script --extract (raw + PNG)", {0}, 0, 0, {0}, 0},
                               {"extract_mohawk (raw)", {0}, 0, 0, {0}, 0},
                               {"riven-script --extract --raw-only", {0}, 0, 0, {0}, 0},
                               {"simplest loop (raw, fopen/fwrite)", {0}, 0, 0, {0}, 0}};
    for (int p = 0; p < pairs; p++) {
        static const int order[2][3] = {{0, 1, 2}, {1, 2, 0}};
        double tp[4] = {-1, -1, -1, -1};
        for (int i = 0; i < 3; i++) {
            int k = order[p % 2][i];
            long rss = 0;
            if (system(clean[k]) != 0)
                continue;
            double t = bench_riven_run(cmd[k], &rss);
            if (t >= 0) {
                rows[k].t[rows[k].n++] = tp[k] = t;
                if (k != 1 && rss > rows[k].rss)
                    rows[k].rss = rss;
            }
        }
        snprintf(all, sizeof all, "rm -rf %s && mkdir -p %s", sl, sl);
        if (system(all) == 0) {
            double t0 = bench_now();
            if (bench_riven_simple_dump(archive, sl) == 0)
                rows[3].t[rows[3].n++] = tp[3] = bench_now() - t0;
        }
        for (int k = 0; k < 4; k++)
            if (k != 1 && tp[k] > 0 && tp[1] > 0)
                rows[k].q[rows[k].nq++] = tp[k] / tp[1];
    }
    double ref = bench_riven_median(&rows[1]);
    printf("riven extraction, %s (%s; min / median / max of %d interleaved runs):\n", label, archive, pairs);
    for (int k = 0; k < 4; k++)
        bench_riven_row_print(&rows[k], k == 1 ? -1 : ref);
    snprintf(all, sizeof all, "rm -rf %s/bench-rx %s/bench-em %s/bench-rr %s", dir, dir, dir, sl);
    if (system(all) != 0)
        printf("could not remove the riven bench folders\n");
}

/* `count` 8-bit w x h tBMPs of one picture, built by riven-script --build:
 * a gradient (flat runs, what deflate finds easy) or, photo = 1, a
 * gradient with pseudo-random grain like Riven's rendered cards, whose
 * 256-colour dithering leaves deflate few long matches. */
static int bench_riven_synthetic(const char *dir, const char *archive, int count, int w, int h, int photo)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/img.ppm", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "P3 %d %d 255\n", w, h);
    uint32_t r = 2463534242u;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int c = ((x / 10) * 16 + y / 8) % 200;
            if (photo) {
                r ^= r << 13, r ^= r >> 17, r ^= r << 5;
                c = (x * 160 / w + y * 80 / h + (int)(r % 24)) % 256;
            }
            fprintf(f, "%d %d %d\n", c, (c * 3) % 256, 255 - c);
        }
    fclose(f);
    snprintf(path, sizeof path, "%s/archive.txt", dir);
    if (!(f = fopen(path, "w")))
        return -1;
    for (int i = 1; i <= count; i++)
        fprintf(f, "tBMP %d - bitmap8 img.ppm\n", i);
    fclose(f);
    char cmd[2800];
    snprintf(cmd, sizeof cmd, "%s/riven-script --build %s -o %s", bench_riven_bin(), path, archive);
    return system(cmd) == 0 ? 0 : -1;
}

/* One synthetic archive, built, extracted side by side, removed. */
static void bench_riven_synthetic_pairs(const char *label, int count, int w, int h, int photo, int pairs)
{
    char syn[1100], synarch[1200], cmd[2400];
    snprintf(syn, sizeof syn, "%s/bench-riven", bench_riven_dir());
    snprintf(synarch, sizeof synarch, "%s/syn.mhk", syn);
    snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s", syn, syn);
    if (system(cmd) == 0 && bench_riven_synthetic(syn, synarch, count, w, h, photo) == 0)
        bench_riven_extract(label, synarch, pairs);
    else
        printf("riven extraction: could not build the synthetic archive (%s)\n", label);
    snprintf(cmd, sizeof cmd, "rm -rf %s", syn);
    if (system(cmd) != 0)
        printf("could not remove %s\n", syn);
}

void bench_riven(void)
{
    if (access("build/samples/riven/relicdemo.mhk", R_OK) == 0)
        bench_riven_extract("the project's sample archive", "build/samples/riven/relicdemo.mhk", BENCH_RIVEN_PAIRS);
    else
        printf("riven extraction: build/samples/riven/relicdemo.mhk missing (make samples)\n");
    bench_riven_synthetic_pairs("3,000 8-bit 160x120 tBMPs", 3000, 160, 120, 0, 7);
    /* issue 30: the PNG encoder's own cost, on few large photographic cards */
    bench_riven_synthetic_pairs("100 8-bit 608x392 photographic tBMPs", 100, 608, 392, 1, 7);
    /* tBMP: a 608x392 (Riven's card size) 8 bpp image, Riven-packed. */
    riven_bitmap b = {.width = 608, .height = 392, .bpp = 8};
    b.pixels = malloc(608 * 392);
    for (size_t i = 0; i < 608 * 392; i++)
        b.pixels[i] = (uint8_t)((i % 608) / 19 + (i / 608) / 49 * 8);
    relic_buf t = RELIC_BUF_INIT;
    if (riven_tbmp_encode(&b, RIVEN_BMP_PACK_RIVEN, &t, NULL) == 0) {
        double t0 = bench_now();
        unsigned reps = 200;
        for (unsigned r = 0; r < reps; r++) {
            riven_bitmap d;
            if (riven_tbmp_decode(t.data, t.len, &d, NULL) == 0)
                riven_bitmap_free(&d);
        }
        double dt = bench_now() - t0;
        printf("riven tBMP decode (608x392, Riven-packed, %zu bytes): %.1f Mpixels/s\n", t.len,
               (double)reps * 608 * 392 / dt / 1e6);
    }
    free(b.pixels);
    relic_buf_free(&t);
}
