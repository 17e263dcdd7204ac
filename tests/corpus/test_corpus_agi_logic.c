/* Corpus tests for the AGI logic tools over $RELIC_CORPUS/agi/<game>:
 * every logic disassembles and assembles back, decompiles and compiles back,
 * byte for byte
 * (message table included); the AGI Studio sources shipped with demoquest
 * (src/LogicN.txt) compile to the game's own logic bytes.  Prints the
 * rates: decompiled logics per second, compiled source lines per second. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "relic/agi_ext.h"
#include "relic/agi_logic.h"
#include "relic/io.h"
#include "support.h"

typedef struct logic_game {
    agi_fileset fs;
    agi_game game;
    agi_words words;
    agi_objects objects;
    int have_words, have_objects;
    /* The extensions agi-unpack would find (AGI_EXT_*): an AGDS game's
     * logics and OBJECT go through CP866 text and the clone's key. */
    unsigned ext;
} logic_game;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int game_open(const char *dir, logic_game *g)
{
    relic_err err;
    relic_err_clear(&err);
    memset(g, 0, sizeof *g);
    if (agi_fileset_read_dir(dir, &g->fs, &err) || agi_game_open(&g->fs, NULL, &g->game, &err))
        fail_msg("%s: %s", dir, err.msg);
    unsigned why_count;
    g->ext = agi_extensions_detect(&g->game, NULL, 0, &why_count);
    const agi_file *w = agi_fileset_find(&g->fs, "WORDS.TOK"), *o = agi_fileset_find(&g->fs, "OBJECT");
    g->have_words = w && agi_words_decode(w->data, w->len, &g->words, NULL) == RELIC_OK;
    g->have_objects = o && agi_objects_decode(o->data, o->len, agi_objects_key(g->game.profile, g->ext), &g->objects,
                                              NULL) == RELIC_OK;
    return 0;
}

static void game_close(logic_game *g)
{
    if (g->have_words)
        agi_words_free(&g->words);
    if (g->have_objects)
        agi_objects_free(&g->objects);
    agi_fileset_free(&g->fs);
}

static unsigned count_lines(const relic_buf *b)
{
    unsigned n = 0;
    for (size_t i = 0; i < b->len; i++)
        n += b->data[i] == '\n';
    return n;
}

static double t_decompile, t_compile;
static unsigned n_logics, n_lines;

static void game_round_trip(const char *dir, logic_game *g)
{
    unsigned ext = g->ext;
    agi_logic_ctx ctx = {
        g->game.profile, g->have_words ? &g->words : NULL, g->have_objects ? &g->objects : NULL, 0, 0, ext};
    agi_compile_opts co = {g->game.profile, ctx.words, ctx.objects, "logic.lgc", NULL, NULL, ext};
    relic_buf p = RELIC_BUF_INIT, src = RELIC_BUF_INIT, re = RELIC_BUF_INIT, dis = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    for (unsigned n = 0; n < g->game.dirs[AGI_LOGIC].count; n++) {
        if (!g->game.dirs[AGI_LOGIC].entry[n].present)
            continue;
        agi_record rec;
        if (agi_game_load(&g->game, AGI_LOGIC, n, &rec, &p, &err))
            fail_msg("%s: logic %u: %s", dir, n, err.msg);
        ctx.number = n;
        relic_buf_reset(&dis);
        if (agi_logic_disasm(p.data, p.len, &ctx, &dis, &err))
            fail_msg("%s: logic %u: disassemble: %s (offset 0x%zx)", dir, n, err.msg, err.offset);
        relic_buf_reset(&re);
        if (agi_logic_assemble((const char *)dis.data, dis.len, &co, &re, &err))
            fail_msg("%s: logic %u: assemble: %s", dir, n, err.msg);
        if (re.len != p.len || memcmp(re.data, p.data, p.len) != 0)
            fail_msg("%s: logic %u: assemble(disassemble(L)) differs from L", dir, n);
        relic_buf_reset(&src);
        relic_buf_reset(&re);
        double t0 = now();
        if (agi_logic_decompile(p.data, p.len, &ctx, &src, &err))
            fail_msg("%s: logic %u: decompile: %s (offset 0x%zx)", dir, n, err.msg, err.offset);
        double t1 = now();
        if (agi_logic_compile((const char *)src.data, src.len, &co, &re, &err))
            fail_msg("%s: logic %u: compile: %s", dir, n, err.msg);
        t_compile += now() - t1;
        t_decompile += t1 - t0;
        n_lines += count_lines(&src);
        n_logics++;
        if (re.len != p.len || memcmp(re.data, p.data, p.len) != 0)
            fail_msg("%s: logic %u: compile(decompile(L)) differs from L", dir, n);
    }
    relic_buf_free(&p);
    relic_buf_free(&src);
    relic_buf_free(&re);
    relic_buf_free(&dis);
}

/* demoquest ships its AGI Studio sources: each compiles to the game's bytes. */
static unsigned demoquest_sources(const char *dir, logic_game *g, unsigned *total)
{
    char srcdir[1500];
    snprintf(srcdir, sizeof srcdir, "%s/src", dir);
    DIR *d = opendir(srcdir);
    if (!d)
        return 0;
    unsigned same = 0;
    struct dirent *e;
    relic_err err;
    relic_err_clear(&err);
    while ((e = readdir(d))) {
        unsigned n;
        if (sscanf(e->d_name, "Logic%u.txt", &n) != 1)
            continue;
        char path[2800];
        snprintf(path, sizeof path, "%s/%s", srcdir, e->d_name);
        relic_buf src = RELIC_BUF_INIT, p = RELIC_BUF_INIT, re = RELIC_BUF_INIT;
        agi_record rec;
        if (relic_file_read(path, &src, &err) || agi_game_load(&g->game, AGI_LOGIC, n, &rec, &p, &err))
            fail_msg("%s: %s", path, err.msg);
        /* The game's own extensions, as agi-pack compiles its sources. */
        agi_compile_opts co = {g->game.profile,
                               g->have_words ? &g->words : NULL,
                               g->have_objects ? &g->objects : NULL,
                               e->d_name,
                               NULL,
                               NULL,
                               g->ext};
        if (agi_logic_compile((const char *)src.data, src.len, &co, &re, &err))
            fail_msg("%s", err.msg);
        (*total)++;
        same += re.len == p.len && memcmp(re.data, p.data, p.len) == 0;
        relic_buf_free(&src);
        relic_buf_free(&p);
        relic_buf_free(&re);
    }
    closedir(d);
    return same;
}

static void test_corpus_agi_logic(void **state)
{
    (void)state;
    char agi[1024];
    test_corpus_require("agi", "agi logic", agi, sizeof agi);
    DIR *d = opendir(agi);
    if (!d)
        fail_msg("cannot open %s", agi);
    struct dirent *e;
    unsigned games = 0, src_same = 0, src_total = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char dir[1400];
        snprintf(dir, sizeof dir, "%s/%s", agi, e->d_name);
        logic_game *g = calloc(1, sizeof *g);
        game_open(dir, g);
        game_round_trip(dir, g);
        src_same += demoquest_sources(dir, g, &src_total);
        game_close(g);
        free(g);
        games++;
    }
    closedir(d);
    print_message("# agi logic: %u games, %u logics, compile(decompile(L)) == assemble(disassemble(L)) == L for all; "
                  "%u/%u shipped sources byte-identical\n",
                  games, n_logics, src_same, src_total);
    print_message("# agi logic: %.0f logics/s decompiled, %.0f source lines/s compiled\n",
                  t_decompile > 0 ? n_logics / t_decompile : 0, t_compile > 0 ? n_lines / t_compile : 0);
    assert_true(games >= 9);
    assert_true(src_total >= 8);
    assert_int_equal(src_same, src_total);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_agi_logic),
    };
    return cmocka_run_group_tests_name("corpus_agi_logic", tests, NULL, NULL);
}
