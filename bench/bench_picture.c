/* make bench: pictures drawn per second over every corpus picture (one
 * core), target >= 10,000/s. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "relic/agi.h"
#include "relic/agi_picture.h"

/* Every picture of every corpus game drawn with its game's profile, over
 * and over for a second: pictures per second on one core. */
void bench_pictures(const char *root)
{
    relic_buf *pics;
    const agi_profile **prof;
    size_t n = bench_agi_payloads(root, AGI_PICTURE, &pics, &prof);
    static uint8_t vis[AGI_PIC_CELLS], pri[AGI_PIC_CELLS];
    size_t drawn = 0, failed = 0;
    /* CPU time as well as wall time: on a shared machine the wall clock
     * counts other processes' turns. */
    double c0 = bench_cpu(), t0 = bench_now(), t;
    do {
        for (size_t i = 0; i < n; i++)
            failed += agi_picture_draw(&(agi_picture_args){pics[i].data, pics[i].len, prof[i], vis, pri, NULL}, NULL,
                                       NULL) != 0;
        drawn += n;
        t = bench_now() - t0;
    } while (n && t < 1.0);
    double cpu = bench_cpu() - c0;
    printf("pictures drawn: %8.0f pictures/s of CPU time, %.0f/s wall  (%zu corpus pictures, %zu failed)\n",
           n && cpu > 0 ? (double)drawn / cpu : 0.0, n ? (double)drawn / t : 0.0, n, failed);
    bench_agi_payloads_free(pics, prof, n);
}
