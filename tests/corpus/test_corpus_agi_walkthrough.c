/* Corpus test: whole games from their first cycle to their final score.
 * tests/corpus/walkthrough/GAME.in is a timed input script written from
 * the game's logic (text of ours, not corpus data) with "CYCLE expect ..."
 * checkpoints (pic-render(1)); each is run headless, under the game's own
 * profile and under 2.936 (the oracle's), and every checkpoint must hold
 * at its cycle; under 2.936 the screen at each point the DOSBox oracle shot
 * (tests/corpus/agi_walkthrough_oracle.sha256) must give its digest.  The table below names each game's maximum score: the
 * script's last score checkpoint must be it.  A game whose own interpreter is not relic's guess runs under that one
 * alone. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_vm.h"
#include "relic/io.h"
#include "relic/sha256.h"
#include "support.h"

static const struct walkthrough {
    const char *game;
    unsigned max_score; /* what the logic awards in all (v3) */
    const char *own;    /* the interpreter the game shipped with when relic's guess is not it (NULL: the guess) */
} walkthroughs[] = {
    {"demoquest", 3, NULL}, /* three v3++; v7 is the template's 255 */
    {"patqst", 21, NULL},   /* seven "v3 += 3"; v7 is the template's 150 */
    /* v7 says 40; every scoring action once gives 41 ("attack cedric"
     * scores each time: once here).  2.936 came beside the game
     * (../shared/reference/agi-interpreter-2.936); without its executable
     * relic guesses 2.917 */
    {"ltec", 41, "2.936"},
};

/* The points of tests/corpus/agi_walkthrough_oracle.sha256 (the DOSBox
 * oracle's shots of the walkthroughs, tests/corpus/agi_oracle/README.md):
 * `GAME POINT TICK STATUS ORIGINAL_SHA256 RELIC_FONT_SHA256`. */
typedef struct walk_point {
    char game[32], point[32], status[16], original[65], own[65];
    unsigned long tick;
} walk_point;

enum { WALK_MAX_POINTS = 128 };
static walk_point points[WALK_MAX_POINTS];
static unsigned point_count;
static uint8_t scr[AGI_SCREEN_W * AGI_SCREEN_H];

static void read_points(void)
{
    relic_buf b = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (relic_file_read("tests/corpus/agi_walkthrough_oracle.sha256", &b, &err))
        fail_msg("tests/corpus/agi_walkthrough_oracle.sha256: %s", err.msg);
    relic_buf_u8(&b, 0);
    for (char *line = (char *)b.data, *next; line && *line && point_count < WALK_MAX_POINTS; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        walk_point *p = &points[point_count];
        if (sscanf(line, "%31s %31s %lu %15s %64s %64s", p->game, p->point, &p->tick, p->status, p->original, p->own) ==
            6)
            point_count++;
    }
    relic_buf_free(&b);
}

/* The oracle points of the game up to cycle `upto` not yet checked: the
 * screen with relic's font must give the golden digest.  *next walks the
 * table; returns the mismatches. */
static unsigned check_points(agi_vm *vm, const agi_input_script *in, const char *game, unsigned long upto,
                             unsigned *next)
{
    unsigned bad = 0;
    relic_err err;
    relic_err_clear(&err);
    for (; *next < point_count; ++*next) {
        const walk_point *p = &points[*next];
        if (strcmp(p->game, game))
            continue;
        if (p->tick > upto)
            break;
        while (agi_vm_cycles(vm) < p->tick && !agi_vm_has_quit(vm))
            if (agi_vm_cycle(vm, in, &err))
                fail_msg("%s: cycle %lu: %s", game, agi_vm_cycles(vm), err.msg);
        char own[65];
        agi_vm_render(vm);
        agi_vm_screen(vm, NULL, scr);
        relic_sha256_hex(scr, sizeof scr, own);
        if (!strcmp(p->status, "differs")) { /* neither exact nor a reason: goldens.py found a rule */
            print_message("# %s %s: differs from the original with no reason\n", game, p->point);
            bad++;
        }
        if (strcmp(own, p->own)) {
            print_message("# %s %s (cycle %lu): screen %s, golden %s\n", game, p->point, p->tick, own, p->own);
            bad++;
        }
        print_message("# | %s | %s | %lu | %s |\n", game, p->point, p->tick, p->status);
    }
    return bad;
}

/* Runs one game under profile (NULL: the game's); returns the failures.
 * Under 2.936 the oracle points are checked too. */
static unsigned run_walkthrough(const char *root, const struct walkthrough *w, const agi_input_script *in,
                                const char *profile)
{
    char dir[1200];
    snprintf(dir, sizeof dir, "%s/%s", root, w->game);
    agi_fileset fs = {0};
    agi_game game;
    agi_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    const agi_profile *prof = profile ? agi_profile_find(profile) : NULL;
    agi_open_opts oo = {.profile = prof};
    agi_vm_opts vo = {.profile = prof, .seed = in->have_seed ? in->seed : 1, .ticks_per_cycle = in->ticks_per_cycle};
    if (agi_fileset_read_dir(dir, &fs, &err) || agi_game_open(&fs, &oo, &game, &err) ||
        agi_vm_new(&game, &vo, &vm, &err))
        fail_msg("%s: cannot start: %s", w->game, err.msg);
    unsigned bad = 0, rooms = 0, last_room = 256, next_point = 0;
    for (size_t i = 0; i < in->expect_count; i++) {
        const agi_expect *e = &in->expect[i];
        if (profile)
            bad += check_points(vm, in, w->game, e->cycle, &next_point);
        while (agi_vm_cycles(vm) < e->cycle && !agi_vm_has_quit(vm))
            if (agi_vm_cycle(vm, in, &err))
                fail_msg("%s: cycle %lu: %s", w->game, agi_vm_cycles(vm), err.msg);
        char want[700], found[700];
        agi_expect_describe(e, want, sizeof want);
        if (agi_vm_cycles(vm) < e->cycle)
            snprintf(found, sizeof found, "the game quit at cycle %lu", agi_vm_cycles(vm));
        else if (agi_vm_expect_holds(vm, e, found, sizeof found))
            continue;
        print_message("# %s (%s): line %u: cycle %lu: expected %s, found %s\n", w->game, agi_vm_profile(vm)->name,
                      e->line, e->cycle, want, found);
        bad++;
    }
    if (profile)
        bad += check_points(vm, in, w->game, (unsigned long)-1, &next_point);
    for (size_t i = 0; i < in->expect_count; i++)
        if (in->expect[i].kind == AGI_EXPECT_ROOM && in->expect[i].value != last_room)
            rooms++, last_room = in->expect[i].value;
    print_message("# %s (%s): %zu checkpoints, %u rooms, score %u of %u at cycle %lu, %u failed\n", w->game,
                  agi_vm_profile(vm)->name, in->expect_count, rooms, agi_vm_var(vm, 3), w->max_score, agi_vm_cycles(vm),
                  bad);
    agi_vm_free(vm);
    agi_fileset_free(&fs);
    return bad;
}

static void test_walkthroughs(void **state)
{
    (void)state;
    char root[1024];
    test_corpus_require("agi", "agi walkthroughs", root, sizeof root);
    read_points();
    unsigned bad = 0;
    for (size_t i = 0; i < sizeof walkthroughs / sizeof walkthroughs[0]; i++) {
        const struct walkthrough *w = &walkthroughs[i];
        char path[256];
        snprintf(path, sizeof path, "tests/corpus/walkthrough/%s.in", w->game);
        relic_buf script = RELIC_BUF_INIT;
        agi_input_script in = {0};
        relic_err err;
        relic_err_clear(&err);
        if (relic_file_read(path, &script, &err) || agi_input_parse((const char *)script.data, script.len, &in, &err))
            fail_msg("%s: %s", path, err.msg);
        /* the script ends at the game's maximum score */
        unsigned final = 0;
        for (size_t k = 0; k < in.expect_count; k++)
            if (in.expect[k].kind == AGI_EXPECT_SCORE)
                final = in.expect[k].value;
        if (final != w->max_score)
            fail_msg("%s: the last score checkpoint is %u, not the maximum %u", path, final, w->max_score);
        if (!w->own)
            bad += run_walkthrough(root, w, &in, NULL);
        bad += run_walkthrough(root, w, &in, w->own ? w->own : "2.936");
        agi_input_free(&in);
        relic_buf_free(&script);
    }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_walkthroughs)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
