/* Corpus test of the headless AGI runtime against Sierra's AGI 2.936: the
 * points of tests/corpus/agi_oracle.sha256 (captured with the DOSBox
 * oracle, tests/corpus/agi_oracle/README.md) are run with relic under the
 * 2.936 profile and each game's input script, and the 320x200 screen is
 * compared as 64,000 EGA indices.  With relic's own font every point must
 * give its RELIC_FONT digest; with the video BIOS 8x8 font named by
 * $RELIC_BIOS_FONT (2,048 bytes, not in the tree: IBM's data) every point
 * marked `exact` must give the original interpreter's digest; with a
 * file that also holds the 2,048 bytes at F000:FA6E that AGI 2.936's
 * message windows index (4,096 or 7,680 bytes) the `exact-rom` points too,
 * and with one that holds the EGA 8x14 font of its text mode (5,632 or
 * 7,680 bytes; agi_vm_fonts_split) the `exact-8x14` points.  Prints the
 * table of points. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_vm.h"
#include "relic/io.h"
#include "relic/sha256.h"
#include "support.h"

typedef struct oracle_point {
    char game[32], point[32], status[16], original[65], own[65];
    unsigned long tick;
} oracle_point;

static uint8_t scr[AGI_SCREEN_W * AGI_SCREEN_H];

static unsigned read_points(oracle_point *pts, unsigned max)
{
    relic_buf b = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (relic_file_read("tests/corpus/agi_oracle.sha256", &b, &err))
        fail_msg("tests/corpus/agi_oracle.sha256: %s", err.msg);
    relic_buf_u8(&b, 0);
    unsigned n = 0;
    for (char *line = (char *)b.data, *next; line && *line && n < max; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        oracle_point *p = &pts[n];
        if (sscanf(line, "%31s %31s %lu %15s %64s %64s", p->game, p->point, &p->tick, p->status, p->original, p->own) ==
            6)
            n++;
    }
    relic_buf_free(&b);
    return n;
}

/* Runs `game` once through its points pts[0..count) (ascending ticks);
 * returns the number of mismatches. */
static unsigned run_game(const char *root, oracle_point *pts, unsigned count, const agi_vm_fonts *bios)
{
    char dir[1200], path[256];
    snprintf(dir, sizeof dir, "%s/%s", root, pts[0].game);
    snprintf(path, sizeof path, "tests/corpus/agi_oracle/%s.input", pts[0].game);
    relic_buf script = RELIC_BUF_INIT;
    agi_input_script in = {0};
    agi_fileset fs = {0};
    agi_game game;
    agi_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    const agi_profile *prof = agi_profile_find("2.936");
    agi_open_opts oo = {.profile = prof};
    if (relic_file_read(path, &script, &err) || agi_input_parse((const char *)script.data, script.len, &in, &err))
        fail_msg("%s: %s", path, err.msg);
    agi_vm_opts vo = {.profile = prof, .seed = in.have_seed ? in.seed : 1, .ticks_per_cycle = in.ticks_per_cycle};
    if (agi_fileset_read_dir(dir, &fs, &err) || agi_game_open(&fs, &oo, &game, &err) ||
        agi_vm_new(&game, &vo, &vm, &err))
        fail_msg("%s: cannot start: %s", pts[0].game, err.msg);
    unsigned bad = 0;
    for (unsigned i = 0; i < count; i++) {
        oracle_point *p = &pts[i];
        while (agi_vm_cycles(vm) < p->tick && !agi_vm_has_quit(vm))
            if (agi_vm_cycle(vm, &in, &err))
                fail_msg("%s %s: %s", p->game, p->point, err.msg);
        agi_vm_render(vm);
        char own[65], orig[65] = "-";
        agi_vm_screen(vm, NULL, scr);
        relic_sha256_hex(scr, sizeof scr, own);
        int own_ok = !strcmp(own, p->own), orig_ok = -1;
        int exact = bios && (!strcmp(p->status, "exact") || (bios->window && !strcmp(p->status, "exact-rom")) ||
                             (bios->text14 && !strcmp(p->status, "exact-8x14")));
        if (bios) {
            agi_vm_screen_with(vm, bios, scr);
            relic_sha256_hex(scr, sizeof scr, orig);
            orig_ok = !strcmp(orig, p->original);
        }
        if (!own_ok || (exact && orig_ok == 0) || (!exact && !strcmp(p->status, "differs"))) {
            print_message("# %s %s (cycle %lu): relic font %s (golden %s), BIOS font %s (original %s)\n", p->game,
                          p->point, p->tick, own, p->own, orig, p->original);
            bad++;
        }
        print_message("# | %s | %s | %lu | %s | %s |\n", p->game, p->point, p->tick, p->status,
                      orig_ok < 0 ? "not compared (no RELIC_BIOS_FONT)"
                      : orig_ok   ? "equal"
                                  : "differs");
    }
    agi_vm_free(vm);
    agi_fileset_free(&fs);
    agi_input_free(&in);
    relic_buf_free(&script);
    return bad;
}

static void test_oracle_points(void **state)
{
    (void)state;
    char root[1024];
    test_corpus_require("agi", "agi oracle", root, sizeof root);
    enum { max_points = 256 };
    static oracle_point pts[max_points];
    unsigned n = read_points(pts, max_points);
    assert_true(n >= 18);        /* six games, three points or more each */
    assert_true(n < max_points); /* a full table may have left points unread */
    relic_buf font = RELIC_BUF_INIT;
    const char *fp = getenv("RELIC_BIOS_FONT");
    relic_err err;
    relic_err_clear(&err);
    agi_vm_fonts fonts = {0};
    if (fp && *fp && relic_file_read(fp, &font, &err) == RELIC_OK &&
        (agi_vm_fonts_split(font.data, font.len, &fonts, &err) || !fonts.text)) {
        print_message("# RELIC_BIOS_FONT %s is %zu bytes, not 2,048, 4,096, 5,632 or 7,680: not used\n", fp, font.len);
        relic_buf_free(&font);
    }
    if (!font.data)
        print_message("# original-interpreter digests skipped: RELIC_BIOS_FONT does not name the video BIOS 8x8 "
                      "font (2,048 bytes; the DOSBox oracle dumps it); relic-font digests still checked\n");
    unsigned bad = 0, exact = 0;
    for (unsigned i = 0; i < n;) {
        unsigned j = i;
        while (j < n && !strcmp(pts[j].game, pts[i].game))
            exact += !strncmp(pts[j].status, "exact", 5), j++;
        bad += run_game(root, pts + i, j - i, font.data ? &fonts : NULL);
        i = j;
    }
    print_message("# agi oracle: %u points, %u exact against AGI 2.936%s, %u mismatches\n", n, exact,
                  font.data ? "" : " (not compared: no BIOS font)", bad);
    relic_buf_free(&font);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_oracle_points)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
