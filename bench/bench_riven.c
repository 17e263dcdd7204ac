/* make bench: Riven: raw extraction of a synthetic Mohawk archive (relic
 * against extract_mohawk when installed) and tBMP decoding rate. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "relic/io.h"
#include "relic/mohawk.h"
#include "relic/riven_media.h"

/* Riven: raw extraction of a 48 MiB synthetic Mohawk archive by
 * riven-script --extract and by scummvm-tools' extract_mohawk in the same
 * run (MB/s and ratio; the type is one neither converts), and Riven-packed
 * tBMP decoding in pixels per second. */
void bench_riven(void)
{
    enum { N = 192, SZ = 256 << 10 };
    uint8_t *blob = malloc(SZ);
    mhk_entry *e = calloc(N, sizeof *e);
    for (size_t i = 0; i < SZ; i++)
        blob[i] = (uint8_t)(i * 2654435761u >> 24);
    for (unsigned i = 0; i < N; i++)
        e[i] = (mhk_entry){mhk_tag("BLOB"), (uint16_t)i, NULL, blob, SZ, 0};
    relic_buf arc = RELIC_BUF_INIT;
    const char *path = "build/bench-riven.mhk";
    if (mhk_write(e, N, &arc, NULL) || relic_file_write_atomic(path, arc.data, arc.len, NULL)) {
        printf("riven: could not write %s\n", path);
    } else {
        const char *bin = getenv("RELIC_BIN") ? getenv("RELIC_BIN") : "build/bin";
        char ours[600], theirs[600];
        snprintf(ours, sizeof ours, "rm -rf build/bench-rx && %s/riven-script %s --extract build/bench-rx >/dev/null", bin,
                 path);
        snprintf(theirs, sizeof theirs,
                 "rm -rf build/bench-em && mkdir build/bench-em && cd build/bench-em && "
                 "(extract_mohawk ../bench-riven.mhk || /usr/games/extract_mohawk ../bench-riven.mhk) >/dev/null 2>&1");
        double mb = (double)arc.len / 1e6, t_ours = 1e9, t_theirs = 1e9;
        for (int r = 0; r < 3; r++) {
            double t0 = bench_now();
            if (system(ours) == 0 && bench_now() - t0 < t_ours)
                t_ours = bench_now() - t0;
            t0 = bench_now();
            if (system(theirs) == 0 && bench_now() - t0 < t_theirs)
                t_theirs = bench_now() - t0;
        }
        printf("riven archive extraction (%.1f MB, %u resources, best of 3, incl. process start):\n", mb, N);
        printf("  riven-script --extract  %8.1f MB/s\n", mb / t_ours);
        if (t_theirs < 1e9)
            printf("  extract_mohawk          %8.1f MB/s  (relic is %.2fx)\n", mb / t_theirs, t_theirs / t_ours);
        else
            printf("  extract_mohawk          not available (install scummvm-tools)\n");
        if (system("rm -rf build/bench-rx build/bench-em build/bench-riven.mhk") != 0)
            printf("could not remove the riven bench files\n");
    }
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
    relic_buf_free(&arc);
    free(e);
    free(blob);
}
