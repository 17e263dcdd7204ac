/* make bench: AGI saves decoded, re-encoded and diffed per second. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include <jansson.h>
#include "relic/agi_save.h"
#include "relic/agi_save_json.h"
#include "relic/io.h"

/* AGI saves: decodes, byte-exact re-encodes and semantic diffs per second
 * over the corpus saves (agi/<game>/saves), or the unit-test fixtures. */
void bench_saves(const char *corpus)
{
    enum { MAX_SAVES = 64 };
    relic_buf files[MAX_SAVES];
    unsigned n = 0;
    char dir[1400];
    if (corpus)
        snprintf(dir, sizeof dir, "%s/agi/ltec/saves", corpus);
    else
        snprintf(dir, sizeof dir, "tests/fixtures/agi/save");
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && n < MAX_SAVES && (e = readdir(d))) {
        char path[2800];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        files[n] = (relic_buf)RELIC_BUF_INIT;
        agi_save s;
        if (e->d_name[0] == '.' || relic_file_read(path, &files[n], NULL) ||
            agi_save_decode(files[n].data, files[n].len, NULL, &s, NULL)) {
            relic_buf_free(&files[n]);
            continue;
        }
        agi_save_free(&s);
        n++;
    }
    if (d)
        closedir(d);
    if (n < 2) {
        printf("saves: fewer than two decodable saves in %s\n", dir);
        return;
    }
    agi_save *s = calloc(n, sizeof *s);
    relic_buf out = RELIC_BUF_INIT;
    unsigned reps = 0, diffs = 0;
    double t0 = bench_now(), dec, enc, dif;
    do {
        for (unsigned i = 0; i < n; i++) {
            agi_save_decode(files[i].data, files[i].len, NULL, &s[i], NULL);
            agi_save_free(&s[i]);
        }
        reps++;
    } while ((dec = bench_now() - t0) < 0.5);
    double dec_rate = reps * n / dec;
    for (unsigned i = 0; i < n; i++)
        agi_save_decode(files[i].data, files[i].len, NULL, &s[i], NULL);
    reps = 0;
    t0 = bench_now();
    do {
        for (unsigned i = 0; i < n; i++) {
            relic_buf_reset(&out);
            agi_save_encode(&s[i], &out, NULL);
        }
        reps++;
    } while ((enc = bench_now() - t0) < 0.5);
    double enc_rate = reps * n / enc;
    t0 = bench_now();
    do {
        for (unsigned i = 0; i + 1 < n; i++) {
            json_decref(agi_save_diff(&s[i], &s[i + 1], NULL, 0, 0));
            diffs++;
        }
    } while ((dif = bench_now() - t0) < 0.5);
    printf("saves (%u from %s): %.0f decodes/s, %.0f encodes/s, %.0f diffs/s\n", n, dir, dec_rate, enc_rate,
           diffs / dif);
    for (unsigned i = 0; i < n; i++) {
        agi_save_free(&s[i]);
        relic_buf_free(&files[i]);
    }
    free(s);
    relic_buf_free(&out);
}
