/* Corpus tests over real AGI games ($RELIC_CORPUS/agi/<game>): every present
 * resource loads and every logic's message table decodes, metadata files
 * decode, and each game repacked as v2 and as compressed v3 loads back to
 * identical payloads.  Without RELIC_CORPUS the tests skip with a reason;
 * under CI=true they are required. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "relic/agi.h"
#include "support.h"

/* One corpus game ships 6-byte placeholders ("*****" and a DOS end-of-file
 * byte) instead of OBJECT and WORDS.TOK; they read as empty, marked as
 * placeholders (what ScummVM reads; the game asks for no word or item). */
static int is_placeholder(const agi_file *f) { return f && f->len == 6 && memcmp(f->data, "*****\x1a", 6) == 0; }

typedef struct corpus_game {
    agi_fileset fs;
    agi_game game;
    relic_buf payload[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
    unsigned present, loaded;
} corpus_game;

static void corpus_load(const char *dir, corpus_game *c)
{
    relic_err err;
    relic_err_clear(&err);
    if (agi_fileset_read_dir(dir, &c->fs, &err) || agi_game_open(&c->fs, NULL, &c->game, &err))
        fail_msg("%s: %s", dir, err.msg);
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < c->game.dirs[k].count; n++) {
            if (!c->game.dirs[k].entry[n].present)
                continue;
            c->present++;
            agi_record rec;
            if (agi_game_load(&c->game, (agi_kind)k, n, &rec, &c->payload[k][n], &err) != RELIC_OK)
                fail_msg("%s: %s %u: %s: %s (offset 0x%zx)", dir, agi_kind_name((agi_kind)k), n, err.file, err.msg,
                         err.offset);
            c->loaded++;
            if (k == AGI_LOGIC) {
                agi_logic_messages m;
                if (agi_logic_messages_decode(c->payload[k][n].data, c->payload[k][n].len, &m, &err))
                    fail_msg("%s: logic %u messages: %s", dir, n, err.msg);
                agi_logic_messages_free(&m);
            }
        }
}

static void corpus_free(corpus_game *c)
{
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < AGI_DIR_ENTRIES; n++)
            relic_buf_free(&c->payload[k][n]);
    agi_fileset_free(&c->fs);
}

static void corpus_check_metadata(const char *dir, const corpus_game *c)
{
    const agi_file *obj = agi_fileset_find(&c->fs, "OBJECT");
    const agi_file *words = agi_fileset_find(&c->fs, "WORDS.TOK");
    relic_err err;
    relic_err_clear(&err);
    if (obj) {
        agi_objects o;
        int rc = agi_objects_decode(obj->data, obj->len, c->game.profile->inventory_xor, &o, &err);
        if (is_placeholder(obj)) {
            assert_int_equal(rc, RELIC_OK);
            assert_int_equal(o.placeholder, 1);
            assert_int_equal(o.count, 0);
            agi_objects_free(&o);
        } else {
            if (rc)
                fail_msg("%s: OBJECT: %s", dir, err.msg);
            assert_true(o.count > 0);
            agi_objects_free(&o);
        }
    }
    if (words) {
        agi_words w;
        int rc = agi_words_decode(words->data, words->len, &w, &err);
        if (is_placeholder(words)) {
            assert_int_equal(rc, RELIC_OK);
            assert_int_equal(w.placeholder, 1);
            assert_int_equal(w.count, 0);
            agi_words_free(&w);
            return;
        }
        if (rc)
            fail_msg("%s: WORDS.TOK: %s", dir, err.msg);
        relic_buf re = RELIC_BUF_INIT; /* the dictionary encoder reproduces every shipped file */
        assert_int_equal(agi_words_encode(&w, &re, &err), RELIC_OK);
        if (re.len != words->len || memcmp(re.data, words->data, re.len) != 0)
            fail_msg("%s: WORDS.TOK does not re-encode byte for byte", dir);
        relic_buf_free(&re);
        agi_words_free(&w);
    }
    const agi_file *ovl = agi_fileset_find(&c->fs, "AGIDATA.OVL");
    if (ovl) { /* the version string is found and selects a profile, unless the data needs a later one */
        assert_true(c->game.profile_source == AGI_PROFILE_FROM_AGIDATA ||
                    c->game.profile_source == AGI_PROFILE_FROM_EVIDENCE);
        assert_non_null(c->game.profile_declared);
        assert_true(c->game.version[0] != '\0');
    }
}

static void corpus_round_trip(const char *dir, corpus_game *c, agi_layout layout)
{
    agi_build_input in;
    memset(&in, 0, sizeof in);
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < c->game.dirs[k].count; n++)
            if (c->game.dirs[k].entry[n].present)
                in.payloads[k][n] = &c->payload[k][n];
    agi_build_opts opts = {.layout = layout, .compress = 1};
    strcpy(opts.prefix, layout == AGI_LAYOUT_V3 ? "RT" : "");
    agi_fileset fs = {0, 0};
    relic_err err;
    relic_err_clear(&err);
    if (agi_game_build(&in, &opts, &fs, &err))
        fail_msg("%s: build v%d: %s", dir, layout, err.msg);
    agi_game g;
    assert_int_equal(agi_game_open(&fs, NULL, &g, &err), RELIC_OK);
    relic_buf p = RELIC_BUF_INIT;
    unsigned same = 0;
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < AGI_DIR_ENTRIES; n++) {
            const relic_buf *want = in.payloads[k][n];
            int present = n < g.dirs[k].count && g.dirs[k].entry[n].present;
            assert_int_equal(present, want != NULL);
            if (!want)
                continue;
            agi_record rec;
            if (agi_game_load(&g, (agi_kind)k, n, &rec, &p, &err))
                fail_msg("%s: repacked v%d %s %u: %s", dir, layout, agi_kind_name((agi_kind)k), n, err.msg);
            assert_int_equal(p.len, want->len);
            assert_memory_equal(p.data, want->data, want->len);
            same++;
        }
    assert_int_equal(same, c->present);
    relic_buf_free(&p);
    agi_fileset_free(&fs);
}

static void test_corpus_agi_games(void **state)
{
    (void)state;
    char root[1024];
    test_corpus_require("agi", "agi", root, sizeof root);
    DIR *d = opendir(root);
    if (!d)
        fail_msg("cannot open %s", root);
    struct dirent *e;
    unsigned games = 0, resources = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char dir[1400];
        snprintf(dir, sizeof dir, "%s/%s", root, e->d_name);
        corpus_game *c = calloc(1, sizeof *c);
        corpus_load(dir, c);
        assert_int_equal(c->loaded, c->present);
        assert_true(c->present > 0);
        corpus_check_metadata(dir, c);
        corpus_round_trip(dir, c, AGI_LAYOUT_V2);
        corpus_round_trip(dir, c, AGI_LAYOUT_V3);
        resources += c->present;
        games++;
        corpus_free(c);
        free(c);
    }
    closedir(d);
    print_message("# corpus: %u games, %u resources, all loaded and round-tripped\n", games, resources);
    assert_true(games >= 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_agi_games),
    };
    return cmocka_run_group_tests_name("corpus_agi", tests, NULL, NULL);
}
