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
 * table of points.
 *
 * tests/corpus/agi_oracle_restore.sha256 holds the same kind of points for
 * the game's real saves restored through its own dialog: a POINT named
 * RUN/NAME ran with GAME-restore-all.input and every save of GAME/saves in
 * its slot (RUN "all"), or with GAME-restore-one.input and the save RUN
 * alone as slot 1, in a folder of the test's own whose files all have one
 * time (the dialog preselects the newest).  And a restore through the
 * dialog must give, at every tick after it, the screen of agi_vm_restore
 * (pic-render --restore) the same number of cycles on. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "relic/agi_save.h"
#include "relic/agi_vm.h"
#include "relic/io.h"
#include "relic/sha256.h"
#include "support.h"

typedef struct oracle_point {
    char game[32], point[32], status[16], original[65], own[65];
    unsigned long tick;
} oracle_point;

static uint8_t scr[AGI_SCREEN_W * AGI_SCREEN_H];

static unsigned read_points(const char *file, oracle_point *pts, unsigned max)
{
    relic_buf b = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (relic_file_read(file, &b, &err))
        fail_msg("%s: %s", file, err.msg);
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

/* Runs `game` once through its points pts[0..count) (ascending ticks) with
 * the input script `path` and the dialogs' folder save_dir (NULL: none);
 * returns the number of mismatches. */
static unsigned run_game(const char *root, oracle_point *pts, unsigned count, const agi_vm_fonts *bios,
                         const char *path, const char *save_dir)
{
    char dir[1200];
    snprintf(dir, sizeof dir, "%s/%s", root, pts[0].game);
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
    agi_vm_opts vo = {.profile = prof,
                      .seed = in.have_seed ? in.seed : 1,
                      .ticks_per_cycle = in.ticks_per_cycle,
                      .save_dir = save_dir};
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

/* $RELIC_BIOS_FONT into font and fonts; 0 when it names no usable font. */
static int load_bios_font(relic_buf *font, agi_vm_fonts *fonts)
{
    const char *fp = getenv("RELIC_BIOS_FONT");
    relic_err err;
    relic_err_clear(&err);
    *fonts = (agi_vm_fonts){0};
    if (fp && *fp && relic_file_read(fp, font, &err) == RELIC_OK &&
        (agi_vm_fonts_split(font->data, font->len, fonts, &err) || !fonts->text)) {
        print_message("# RELIC_BIOS_FONT %s is %zu bytes, not 2,048, 4,096, 5,632 or 7,680: not used\n", fp, font->len);
        relic_buf_free(font);
    }
    if (!font->data)
        print_message("# original-interpreter digests skipped: RELIC_BIOS_FONT does not name the video BIOS 8x8 "
                      "font (2,048 bytes; the DOSBox oracle dumps it); relic-font digests still checked\n");
    return font->data != NULL;
}

static void test_oracle_points(void **state)
{
    (void)state;
    char root[1024];
    test_corpus_require("agi", "agi oracle", root, sizeof root);
    enum { max_points = 256 };
    static oracle_point pts[max_points];
    unsigned n = read_points("tests/corpus/agi_oracle.sha256", pts, max_points);
    assert_true(n >= 18);        /* six games, three points or more each */
    assert_true(n < max_points); /* a full table may have left points unread */
    relic_buf font = RELIC_BUF_INIT;
    agi_vm_fonts fonts;
    int have_font = load_bios_font(&font, &fonts);
    unsigned bad = 0, exact = 0;
    for (unsigned i = 0; i < n;) {
        unsigned j = i;
        while (j < n && !strcmp(pts[j].game, pts[i].game))
            exact += !strncmp(pts[j].status, "exact", 5), j++;
        char path[256];
        snprintf(path, sizeof path, "tests/corpus/agi_oracle/%s.input", pts[i].game);
        bad += run_game(root, pts + i, j - i, have_font ? &fonts : NULL, path, NULL);
        i = j;
    }
    print_message("# agi oracle: %u points, %u exact against AGI 2.936%s, %u mismatches\n", n, exact,
                  have_font ? "" : " (not compared: no BIOS font)", bad);
    relic_buf_free(&font);
    assert_int_equal(bad, 0);
}

/* A folder of the test's own for a restore run: every save of
 * root/game/saves in its slot (run "all") or the save `run` as slot 1,
 * all with one file time.  Returns 0 when it could not be made. */
static int restore_folder(const char *root, const char *game, const char *run, char *dir, size_t dir_sz)
{
    snprintf(dir, dir_sz, "%s", "/tmp/relic-restore-XXXXXX");
    if (!mkdtemp(dir))
        return 0;
    for (unsigned k = 1; k <= 12; k++) {
        char from[1400], to[1400], name[16];
        snprintf(name, sizeof name, "SG.%u", k);
        if (strcmp(run, "all") && k > 1)
            break;
        snprintf(from, sizeof from, "%s/%s/saves/%s", root, game, strcmp(run, "all") ? run : name);
        snprintf(to, sizeof to, "%s/SG.%u", dir, k);
        relic_buf b = RELIC_BUF_INIT;
        relic_err err;
        relic_err_clear(&err);
        if (relic_file_read(from, &b, &err) == RELIC_OK &&
            relic_file_write_atomic(to, b.data, b.len, &err) == RELIC_OK) {
            struct timespec t[2] = {{1000000000L, 0}, {1000000000L, 0}};
            utimensat(AT_FDCWD, to, t, 0);
        }
        relic_buf_free(&b);
    }
    return 1;
}

static void remove_folder(const char *dir)
{
    for (unsigned k = 1; k <= 12; k++) {
        char p[1200];
        snprintf(p, sizeof p, "%s/SG.%u", dir, k);
        remove(p);
    }
    rmdir(dir);
}

/* The points of tests/corpus/agi_oracle_restore.sha256: runs of POINT's
 * RUN/ prefix, each in a fresh folder. */
static void test_restore_points(void **state)
{
    (void)state;
    char root[1024];
    test_corpus_require("agi", "agi oracle restores", root, sizeof root);
    enum { max_points = 256 };
    static oracle_point pts[max_points];
    unsigned n = read_points("tests/corpus/agi_oracle_restore.sha256", pts, max_points);
    assert_true(n >= 8);
    assert_true(n < max_points);
    relic_buf font = RELIC_BUF_INIT;
    agi_vm_fonts fonts;
    int have_font = load_bios_font(&font, &fonts);
    unsigned bad = 0, exact = 0;
    for (unsigned i = 0; i < n;) {
        char run[32], dir[64], path[256];
        const char *slash = strchr(pts[i].point, '/');
        assert_non_null(slash);
        snprintf(run, sizeof run, "%.*s", (int)(slash - pts[i].point), pts[i].point);
        unsigned j = i;
        while (j < n && !strcmp(pts[j].game, pts[i].game) && !strncmp(pts[j].point, pts[i].point, strlen(run) + 1))
            exact += !strncmp(pts[j].status, "exact", 5), j++;
        snprintf(path, sizeof path, "tests/corpus/agi_oracle/%s-restore-%s.input", pts[i].game,
                 strcmp(run, "all") ? "one" : "all");
        assert_true(restore_folder(root, pts[i].game, run, dir, sizeof dir));
        bad += run_game(root, pts + i, j - i, have_font ? &fonts : NULL, path, dir);
        remove_folder(dir);
        i = j;
    }
    print_message("# agi oracle restores: %u points, %u exact against AGI 2.936%s, %u mismatches\n", n, exact,
                  have_font ? "" : " (not compared: no BIOS font)", bad);
    relic_buf_free(&font);
    assert_int_equal(bad, 0);
}

static agi_vm *restore_vm(const agi_game *game, const char *save_dir)
{
    agi_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    agi_vm_opts vo = {.profile = agi_profile_find("2.936"), .seed = 1, .save_dir = save_dir};
    if (agi_vm_new(game, &vo, &vm, &err))
        fail_msg("cannot start: %s", err.msg);
    return vm;
}

static void restore_cycle(agi_vm *vm, const agi_input_script *in)
{
    relic_err err;
    relic_err_clear(&err);
    if (agi_vm_cycle(vm, in, &err))
        fail_msg("cycle %lu: %s", agi_vm_cycles(vm), err.msg);
}

/* One save through the dialog (GAME-restore-one.input) and through
 * agi_vm_restore: the same screen at each of the 50 ticks after it. */
static unsigned restore_compare(const agi_game *game, const char *save, const agi_input_script *in, const char *dir)
{
    static uint8_t other[AGI_SCREEN_W * AGI_SCREEN_H];
    agi_vm *a = restore_vm(game, dir), *b = restore_vm(game, NULL);
    relic_buf bytes = RELIC_BUF_INIT;
    agi_save s;
    relic_err err;
    relic_err_clear(&err);
    if (relic_file_read(save, &bytes, &err) || agi_save_decode(bytes.data, bytes.len, agi_vm_profile(b), &s, &err))
        fail_msg("%s: %s", save, err.msg);
    if (agi_vm_restore(b, &s, &err))
        fail_msg("%s: %s", save, err.msg);
    agi_save_free(&s);
    relic_buf_free(&bytes);
    int opened = 0;
    while (agi_vm_cycles(a) < 2000 && !(opened && agi_vm_modal_state(a) == AGI_MODAL_NONE)) {
        opened |= agi_vm_modal_state(a) == AGI_MODAL_RESTORE;
        restore_cycle(a, in);
    }
    assert_true(opened);
    unsigned differ = 0;
    for (unsigned k = 0; k < 50 && !differ; k++) {
        if (k)
            restore_cycle(a, in);
        restore_cycle(b, NULL);
        agi_vm_render(a);
        agi_vm_render(b);
        agi_vm_screen(a, NULL, scr);
        agi_vm_screen(b, NULL, other);
        if (memcmp(scr, other, sizeof scr)) {
            print_message("# %s: the dialog's restore (cycle %lu) and agi_vm_restore (cycle %lu) differ\n", save,
                          agi_vm_cycles(a), agi_vm_cycles(b));
            differ++;
        }
    }
    agi_vm_free(a);
    agi_vm_free(b);
    return differ;
}

static void test_restore_equals_dialog(void **state)
{
    (void)state;
    char root[1024], dir[1200], path[1400];
    test_corpus_require("agi", "agi restore through the dialog", root, sizeof root);
    const char *script_path = "tests/corpus/agi_oracle/ltec-restore-one.input";
    relic_buf script = RELIC_BUF_INIT;
    agi_input_script in = {0};
    agi_fileset fs = {0};
    agi_game game;
    relic_err err;
    relic_err_clear(&err);
    agi_open_opts oo = {.profile = agi_profile_find("2.936")};
    snprintf(dir, sizeof dir, "%s/ltec", root);
    if (relic_file_read(script_path, &script, &err) ||
        agi_input_parse((const char *)script.data, script.len, &in, &err))
        fail_msg("%s: %s", script_path, err.msg);
    if (agi_fileset_read_dir(dir, &fs, &err) || agi_game_open(&fs, &oo, &game, &err))
        fail_msg("ltec: %s", err.msg);
    unsigned differ = 0;
    for (unsigned k = 1; k <= 8; k++) {
        char run[16], folder[64];
        snprintf(run, sizeof run, "SG.%u", k);
        snprintf(path, sizeof path, "%s/saves/%s", dir, run);
        assert_true(restore_folder(root, "ltec", run, folder, sizeof folder));
        differ += restore_compare(&game, path, &in, folder);
        remove_folder(folder);
    }
    print_message("# ltec: 8 saves, the dialog's restore and agi_vm_restore differ in %u\n", differ);
    agi_fileset_free(&fs);
    agi_input_free(&in);
    relic_buf_free(&script);
    assert_int_equal(differ, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_oracle_points), cmocka_unit_test(test_restore_points),
                                       cmocka_unit_test(test_restore_equals_dialog)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
