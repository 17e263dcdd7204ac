/* make bench: logic decompilation (logics/s) and compilation (source
 * lines/s) over every corpus logic. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "relic/agi.h"
#include "relic/agi_logic.h"

/* Decompiles every logic of a game, then compiles the sources; adds the
 * seconds spent and the counts. */
static void bench_logic_game(const char *dir, double *t_dec, double *t_cc, unsigned *logics, unsigned *lines)
{
    agi_fileset fs = {0, 0};
    agi_game g;
    if (agi_fileset_read_dir(dir, &fs, NULL) || agi_game_open(&fs, NULL, &g, NULL))
        return;
    agi_words w;
    agi_objects o;
    const agi_file *wf = agi_fileset_find(&fs, "WORDS.TOK"), *of = agi_fileset_find(&fs, "OBJECT");
    int hw = wf && agi_words_decode(wf->data, wf->len, &w, NULL) == RELIC_OK;
    int ho = of && agi_objects_decode(of->data, of->len, g.profile->inventory_xor, &o, NULL) == RELIC_OK;
    agi_logic_ctx ctx = {g.profile, hw ? &w : NULL, ho ? &o : NULL, 0, 0, 0};
    agi_compile_opts co = {g.profile, ctx.words, ctx.objects, "bench.lgc", NULL, NULL, 0};
    relic_buf p = RELIC_BUF_INIT, src = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
    for (unsigned n = 0; n < g.dirs[AGI_LOGIC].count; n++) {
        agi_record rec;
        if (!g.dirs[AGI_LOGIC].entry[n].present || agi_game_load(&g, AGI_LOGIC, n, &rec, &p, NULL))
            continue;
        relic_buf_reset(&src);
        double t0 = bench_now();
        if (agi_logic_decompile(p.data, p.len, &ctx, &src, NULL))
            continue;
        double t1 = bench_now();
        relic_buf_reset(&out);
        agi_logic_compile((const char *)src.data, src.len, &co, &out, NULL);
        *t_cc += bench_now() - t1;
        *t_dec += t1 - t0;
        (*logics)++;
        for (size_t i = 0; i < src.len; i++)
            *lines += src.data[i] == '\n';
    }
    relic_buf_free(&p);
    relic_buf_free(&src);
    relic_buf_free(&out);
    if (hw)
        agi_words_free(&w);
    if (ho)
        agi_objects_free(&o);
    agi_fileset_free(&fs);
}

void bench_logic(const char *root)
{
    double t_dec = 0, t_cc = 0;
    unsigned logics = 0, lines = 0;
    DIR *d = opendir(root);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char dir[1400];
        snprintf(dir, sizeof dir, "%s/%s", root, e->d_name);
        for (int r = 0; r < 3; r++)
            bench_logic_game(dir, &t_dec, &t_cc, &logics, &lines);
    }
    if (d)
        closedir(d);
    if (logics && t_dec > 0 && t_cc > 0)
        printf("logic decompiler: %.0f logics/s; compiler: %.0f source lines/s (%u logics, 3 passes)\n", logics / t_dec,
               lines / t_cc, logics / 3);
}
