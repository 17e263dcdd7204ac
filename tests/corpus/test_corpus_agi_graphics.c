/* Corpus goldens for AGI graphics ($RELIC_CORPUS/agi/<game>): every
 * picture and every view cel of every game decodes, and the SHA-256 of
 * each picture's visual and priority planes (the canonical 26,880-byte
 * frames of agi-spec conformance_results.md) and of each view's cels (all
 * loops, each selected in turn) equal the digests committed in
 * tests/corpus/agi_pictures.sha256 and agi_views.sha256.  Those files hold
 * only our digests, never corpus bytes; RELIC_GEN_GOLDEN=1 rewrites them
 * (then read the diff before committing). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_picture.h"
#include "relic/agi_view.h"
#include "relic/io.h"
#include "relic/sha256.h"
#include "support.h"

typedef struct golden_run {
    relic_buf pictures, views; /* "hex  game/picture_NNN/visual\n" lines */
    unsigned games, npictures, nviews, ncels, trailing;
} golden_run;

static void golden_line(relic_buf *b, const char *hex, const char *game, const char *what)
{
    char line[512];
    int n = snprintf(line, sizeof line, "%s  %s/%s\n", hex, game, what);
    relic_buf_append(b, line, (size_t)n);
}

static void golden_pictures(golden_run *r, const char *game, const agi_game *g)
{
    relic_buf p = RELIC_BUF_INIT;
    static uint8_t vis[AGI_PIC_CELLS], pri[AGI_PIC_CELLS];
    for (unsigned n = 0; n < g->dirs[AGI_PICTURE].count; n++) {
        if (!g->dirs[AGI_PICTURE].entry[n].present)
            continue;
        agi_record rec;
        agi_picture_stats st;
        relic_err err;
        relic_err_clear(&err);
        if (agi_game_load(g, AGI_PICTURE, n, &rec, &p, &err) ||
            agi_picture_draw(&(agi_picture_args){p.data, p.len, g->profile, vis, pri, NULL}, &st, &err))
            fail_msg("%s picture %u: %s (offset 0x%zx)", game, n, err.msg, err.offset);
        r->trailing += st.end_offset + 1 != p.len;
        char hex[65], what[64];
        relic_sha256_hex(vis, sizeof vis, hex);
        snprintf(what, sizeof what, "picture_%03u/visual", n);
        golden_line(&r->pictures, hex, game, what);
        relic_sha256_hex(pri, sizeof pri, hex);
        snprintf(what, sizeof what, "picture_%03u/priority", n);
        golden_line(&r->pictures, hex, game, what);
        r->npictures++;
    }
    relic_buf_free(&p);
}

/* Digest of every cel of every loop, as drawn after selecting the loop. */
static void golden_view(golden_run *r, const char *game, unsigned n, agi_view *v)
{
    relic_sha256 s;
    relic_sha256_init(&s);
    uint8_t px[256 * 256];
    for (unsigned l = 0; l < v->loop_count; l++) {
        relic_err err;
        relic_err_clear(&err);
        if (agi_view_select_loop(v, l, &err))
            fail_msg("%s view %u loop %u: %s (offset 0x%zx)", game, n, l, err.msg, err.offset);
        const agi_cel *c;
        for (unsigned i = 0; (c = agi_view_cel(v, l, i)); i++) {
            uint8_t hdr[3] = {c->width, c->height, c->transparent};
            agi_cel_pixels(c, px);
            relic_sha256_update(&s, hdr, 3);
            relic_sha256_update(&s, px, (size_t)c->width * c->height);
            r->ncels++;
        }
    }
    uint8_t d[32];
    relic_sha256_final(&s, d);
    char hex[65], what[32];
    for (int i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", d[i]);
    snprintf(what, sizeof what, "view_%03u", n);
    golden_line(&r->views, hex, game, what);
}

static void golden_views(golden_run *r, const char *game, const agi_game *g)
{
    relic_buf p = RELIC_BUF_INIT;
    for (unsigned n = 0; n < g->dirs[AGI_VIEW].count; n++) {
        if (!g->dirs[AGI_VIEW].entry[n].present)
            continue;
        agi_record rec;
        agi_view v;
        relic_err err;
        relic_err_clear(&err);
        if (agi_game_load(g, AGI_VIEW, n, &rec, &p, &err) || agi_view_decode(p.data, p.len, g->profile, &v, &err))
            fail_msg("%s view %u: %s (offset 0x%zx)", game, n, err.msg, err.offset);
        golden_view(r, game, n, &v);
        agi_view_free(&v);
        r->nviews++;
    }
    relic_buf_free(&p);
}

static int golden_name_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void golden_compare(const relic_buf *got, const char *name)
{
    char path[1024];
    const char *fix = getenv("RELIC_FIXTURES");
    snprintf(path, sizeof path, "%s/../corpus/%s", fix ? fix : "tests/fixtures", name);
    relic_err err;
    relic_err_clear(&err);
    const char *gen = getenv("RELIC_GEN_GOLDEN");
    if (gen && strcmp(gen, "1") == 0) {
        assert_int_equal(relic_file_write_atomic(path, got->data, got->len, &err), RELIC_OK);
        print_message("# wrote %s\n", path);
        return;
    }
    relic_buf want = RELIC_BUF_INIT;
    if (relic_file_read(path, &want, &err))
        fail_msg("%s: %s (RELIC_GEN_GOLDEN=1 writes it)", path, err.msg);
    if (want.len == got->len && memcmp(want.data, got->data, got->len) == 0) {
        relic_buf_free(&want);
        return;
    }
    /* Name the first differing line. */
    size_t i = 0, line = 0;
    while (i < want.len && i < got->len && want.data[i] == got->data[i])
        i++;
    while (i > 0 && got->data[i - 1] != '\n')
        i--;
    for (size_t k = 0; k < i; k++)
        line += got->data[k] == '\n';
    const char *end = memchr(got->data + i, '\n', got->len - i);
    fail_msg("%s differs from this run at line %zu: %.*s", name, line + 1,
             end ? (int)(end - (const char *)(got->data + i)) : 0, (const char *)got->data + i);
}

static void test_corpus_agi_graphics(void **state)
{
    (void)state;
    char dir[1024];
    test_corpus_require("agi", "agi graphics", dir, sizeof dir);
    DIR *d = opendir(dir);
    if (!d)
        fail_msg("cannot open %s", dir);
    char *names[64];
    unsigned count = 0;
    struct dirent *e;
    while ((e = readdir(d)) && count < 64)
        if (e->d_name[0] != '.')
            names[count++] = strdup(e->d_name);
    closedir(d);
    qsort(names, count, sizeof names[0], golden_name_cmp);
    golden_run r;
    memset(&r, 0, sizeof r);
    for (unsigned i = 0; i < count; i++) {
        char game_dir[1400];
        snprintf(game_dir, sizeof game_dir, "%s/%s", dir, names[i]);
        agi_fileset fs = {0, 0};
        agi_game g;
        relic_err err;
        relic_err_clear(&err);
        if (agi_fileset_read_dir(game_dir, &fs, &err) || agi_game_open(&fs, NULL, &g, &err))
            fail_msg("%s: %s", game_dir, err.msg);
        golden_pictures(&r, names[i], &g);
        golden_views(&r, names[i], &g);
        agi_fileset_free(&fs);
        free(names[i]);
        r.games++;
    }
    print_message("# agi graphics: %u games, %u pictures (%u with bytes after their 0xff), %u views, %u cels\n",
                  r.games, r.npictures, r.trailing, r.nviews, r.ncels);
    assert_true(r.games >= 9);
    golden_compare(&r.pictures, "agi_pictures.sha256");
    golden_compare(&r.views, "agi_views.sha256");
    relic_buf_free(&r.pictures);
    relic_buf_free(&r.views);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_agi_graphics),
    };
    return cmocka_run_group_tests_name("corpus_agi_graphics", tests, NULL, NULL);
}
