/* relic benchmarks (make bench): prints rates and ratios, asserts nothing.
 *   - LZW expansion and compression rates over real payloads (the corpus
 *     payloads, or synthetic text when no corpus is present);
 *   - picture-nibble expansion rate;
 *   - in-memory load of every resource of each corpus game;
 *   - agi-unpack of every corpus game side by side with its peers
 *     (bench_unpack.c; RELIC_BENCH_ONLY=unpack runs only that part,
 *     =runtime only the AGI interpreter's cycle rate);
 * and, from the other bench_<area>.c files, pictures, sound, saves, logic,
 * GOOL, SOUP and Riven. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "relic/agi.h"
#include "bench.h"

/* Wall time for whole commands (file writing is part of the cost)... */
double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ...and this process's CPU time for codec rates, which other work on the
 * machine disturbs less. */
double bench_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct bench_set {
    relic_buf plain, packed; /* all payloads concatenated; each compressed */
    size_t *plain_len, *packed_len, count;
} bench_set;

static void bench_add(bench_set *s, const uint8_t *p, size_t n)
{
    s->plain_len = realloc(s->plain_len, (s->count + 1) * sizeof *s->plain_len);
    s->packed_len = realloc(s->packed_len, (s->count + 1) * sizeof *s->packed_len);
    size_t before = s->packed.len;
    relic_buf_append(&s->plain, p, n);
    agi_lzw_compress(p, n, &s->packed);
    s->plain_len[s->count] = n;
    s->packed_len[s->count] = s->packed.len - before;
    s->count++;
}

static const char *bench_corpus(void)
{
    const char *c = getenv("RELIC_CORPUS");
    struct stat st;
    if (c && *c)
        return c;
    return stat("../shared/corpus/agi", &st) == 0 ? "../shared/corpus" : NULL;
}

static double bench_game_load_ms(const char *dir, size_t *bytes, unsigned *count, bench_set *collect)
{
    agi_fileset fs = {0, 0};
    agi_game g;
    relic_buf p = RELIC_BUF_INIT;
    double t0 = bench_now();
    if (agi_fileset_read_dir(dir, &fs, NULL) || agi_game_open(&fs, NULL, &g, NULL))
        return -1;
    *bytes = 0;
    *count = 0;
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < g.dirs[k].count; n++) {
            agi_record rec;
            if (!g.dirs[k].entry[n].present || agi_game_load(&g, (agi_kind)k, n, &rec, &p, NULL))
                continue;
            *bytes += p.len;
            (*count)++;
            if (collect)
                bench_add(collect, p.data, p.len);
        }
    double ms = (bench_now() - t0) * 1e3;
    relic_buf_free(&p);
    agi_fileset_free(&fs);
    return ms;
}

/* Best of several passes over every payload: rates in MB/s of output. */
static double bench_lzw_expand_pass(const bench_set *s, uint8_t *out)
{
    double t0 = bench_cpu();
    size_t in = 0, o = 0;
    for (size_t i = 0; i < s->count; i++) {
        agi_lzw_expand(s->packed.data + in, s->packed_len[i], out + o, s->plain_len[i], NULL);
        in += s->packed_len[i];
        o += s->plain_len[i];
    }
    return bench_cpu() - t0;
}

static void bench_lzw(bench_set *s)
{
    uint8_t *out = malloc(s->plain.len + 1);
    double best = 1e9;
    for (int r = 0; r < 15; r++) {
        double t = bench_lzw_expand_pass(s, out);
        if (t < best)
            best = t;
    }
    int ok = memcmp(out, s->plain.data, s->plain.len) == 0;
    printf("lzw expand:     %8.1f MB/s of output  (%zu payloads, %.2f MB, ratio %.3f; target >= 300)%s\n",
           (double)s->plain.len / best / 1e6, s->count, (double)s->plain.len / 1e6,
           (double)s->packed.len / (double)s->plain.len, ok ? "" : "  MISMATCH");
    relic_buf c = RELIC_BUF_INIT;
    best = 1e9;
    for (int r = 0; r < 5; r++) {
        double t0 = bench_cpu();
        size_t o = 0;
        for (size_t i = 0; i < s->count; i++) {
            relic_buf_reset(&c);
            agi_lzw_compress(s->plain.data + o, s->plain_len[i], &c);
            o += s->plain_len[i];
        }
        double t = bench_cpu() - t0;
        if (t < best)
            best = t;
    }
    printf("lzw compress:   %8.1f MB/s of input\n", (double)s->plain.len / best / 1e6);
    relic_buf_free(&c);
    free(out);
}

static void bench_picnibble(void)
{
    /* A synthetic picture stream: colour changes and coordinate runs. */
    relic_buf pic = RELIC_BUF_INIT, packed = RELIC_BUF_INIT;
    for (int i = 0; i < 60000; i++) {
        if (i % 50 == 0) {
            relic_buf_u8(&pic, 0xf0);
            relic_buf_u8(&pic, (uint8_t)(i % 16));
        } else {
            relic_buf_u8(&pic, (uint8_t)(i % 160));
        }
    }
    relic_buf_u8(&pic, 0xff);
    agi_picnibble_pack(pic.data, pic.len, &packed);
    uint8_t *out = malloc(pic.len);
    double best = 1e9;
    for (int r = 0; r < 20; r++) {
        double t0 = bench_cpu();
        agi_picnibble_expand(packed.data, packed.len, out, pic.len, NULL);
        double t = bench_cpu() - t0;
        if (t < best)
            best = t;
    }
    printf("nibble expand:  %8.1f MB/s of output\n", (double)pic.len / best / 1e6);
    free(out);
    relic_buf_free(&pic);
    relic_buf_free(&packed);
}


size_t bench_agi_payloads(const char *root, agi_kind kind, relic_buf **payloads, const agi_profile ***profiles)
{
    size_t n = 0;
    *payloads = NULL;
    *profiles = NULL;
    DIR *d = opendir(root);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char dir[1400];
        agi_fileset fs = {0, 0};
        agi_game g;
        snprintf(dir, sizeof dir, "%s/%s", root, e->d_name);
        if (e->d_name[0] == '.' || agi_fileset_read_dir(dir, &fs, NULL) || agi_game_open(&fs, NULL, &g, NULL)) {
            agi_fileset_free(&fs);
            continue;
        }
        for (unsigned k = 0; k < g.dirs[kind].count; k++) {
            agi_record rec;
            relic_buf p = RELIC_BUF_INIT;
            if (!g.dirs[kind].entry[k].present || agi_game_load(&g, kind, k, &rec, &p, NULL)) {
                relic_buf_free(&p);
                continue;
            }
            *payloads = realloc(*payloads, (n + 1) * sizeof **payloads);
            *profiles = realloc(*profiles, (n + 1) * sizeof **profiles);
            (*payloads)[n] = p;
            (*profiles)[n++] = g.profile;
        }
        agi_fileset_free(&fs);
    }
    if (d)
        closedir(d);
    return n;
}

void bench_agi_payloads_free(relic_buf *payloads, const agi_profile **profiles, size_t n)
{
    for (size_t i = 0; i < n; i++)
        relic_buf_free(&payloads[i]);
    free(payloads);
    free(profiles);
}

int main(void)
{
    bench_set s;
    memset(&s, 0, sizeof s);
    const char *corpus = bench_corpus();
    char root[1024];
    /* RELIC_BENCH_ONLY=unpack, =riven or =runtime: only those lines (a
     * whole run takes minutes; these parts are what issue 20 is judged on;
     * RELIC_BENCH_RIVEN_DIR puts the riven folders on another file system). */
    const char *only = getenv("RELIC_BENCH_ONLY");
    if (only && strcmp(only, "unpack") == 0) {
        if (corpus) {
            snprintf(root, sizeof root, "%s/agi", corpus);
            bench_unpack_side_by_side(root);
        }
        return 0;
    }
    if (only && strcmp(only, "riven") == 0) {
        bench_riven();
        return 0;
    }
    if (only && strcmp(only, "runtime") == 0) {
        if (corpus) {
            snprintf(root, sizeof root, "%s/agi", corpus);
            bench_runtime(root);
        }
        return 0;
    }
    if (corpus) {
        snprintf(root, sizeof root, "%s/agi", corpus);
        DIR *d = opendir(root);
        struct dirent *e;
        printf("corpus games, all resources loaded in memory (best of 5):\n");
        while (d && (e = readdir(d))) {
            if (e->d_name[0] == '.')
                continue;
            char dir[1400];
            snprintf(dir, sizeof dir, "%s/%s", root, e->d_name);
            size_t bytes;
            unsigned count;
            double best = bench_game_load_ms(dir, &bytes, &count, &s);
            for (int r = 0; r < 4; r++) {
                double ms = bench_game_load_ms(dir, &bytes, &count, NULL);
                if (ms < best)
                    best = ms;
            }
            printf("  %-10s %4u resources %8zu bytes %7.2f ms\n", e->d_name, count, bytes, best);
        }
        if (d)
            closedir(d);
    } else {
        printf("no corpus (set RELIC_CORPUS): LZW measured on synthetic text\n");
        uint8_t text[4096];
        for (int i = 0; i < 400; i++) {
            for (size_t j = 0; j < sizeof text; j++)
                text[j] = (uint8_t)("the quick brown fox jumps over the lazy dog "[(j * 7 + (size_t)i) % 44]);
            bench_add(&s, text, sizeof text);
        }
    }
    bench_lzw(&s);
    bench_picnibble();
    if (corpus)
        bench_pictures(root);
    if (corpus)
        bench_sound(root);
    bench_saves(corpus);
    bench_gool(corpus);
    bench_riven();
    bench_soup();
    if (corpus)
        bench_logic(root);
    if (corpus)
        bench_runtime(root);
    if (corpus)
        bench_unpack_side_by_side(root);

    relic_buf_free(&s.plain);
    relic_buf_free(&s.packed);
    free(s.plain_len);
    free(s.packed_len);
    return 0;
}
