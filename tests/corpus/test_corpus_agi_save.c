/* Corpus tests for AGI saves: every file in $RELIC_CORPUS/agi/<game>/saves
 * decodes with a detected profile, passes the structural checks,
 * re-encodes byte for byte, takes a one-byte edit of v3 as exactly that
 * byte, and agrees with its game: OBJECT item count, names and runtime
 * length, the object-record count, and every resource its replay loads
 * present.  Without RELIC_CORPUS the tests skip with a reason; under
 * CI=true they are required. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "relic/agi.h"
#include "relic/agi_save.h"
#include "relic/agi_save_json.h"
#include "relic/io.h"
#include "support.h"

static void save_check_game(const char *path, const agi_save *s, const agi_game *g)
{
    const agi_file *f = agi_fileset_find(g->files, "OBJECT");
    agi_objects ob;
    relic_err err;
    relic_err_clear(&err);
    if (!f || agi_objects_decode(f->data, f->len, g->profile->inventory_xor, &ob, &err))
        fail_msg("%s: game OBJECT: %s", path, err.msg);
    assert_int_equal(ob.count, s->item_count);
    assert_int_equal(ob.raw_len - 3, s->inventory_len);
    for (unsigned i = 0; i < ob.count; i++)
        assert_string_equal(ob.items[i].name, agi_save_item_name(s, i));
    assert_int_equal(s->profile->object_header_is_count ? ob.max_object : ob.max_object + 1u, s->object_count);
    agi_objects_free(&ob);
    agi_replay_op *ops;
    unsigned n;
    assert_int_equal(agi_save_replay_ops(s, &ops, &n, NULL), RELIC_OK);
    for (unsigned i = 0; i < n; i++) {
        agi_kind k;
        unsigned num;
        if (!agi_replay_op_resource(&ops[i], &k, &num))
            continue;
        if (num >= g->dirs[k].count || !g->dirs[k].entry[num].present)
            fail_msg("%s: replay pair %u loads %s %u, which the game lacks", path, ops[i].pair, agi_kind_name(k), num);
    }
    free(ops);
}

static void save_check_file(const char *path, const agi_game *g, unsigned *count)
{
    relic_buf f = RELIC_BUF_INIT, re = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (relic_file_read(path, &f, &err))
        fail_msg("%s: %s", path, err.msg);
    agi_save s;
    if (agi_save_decode(f.data, f.len, NULL, &s, &err) || agi_save_validate(&s, &err))
        fail_msg("%s: %s (offset 0x%zx)", path, err.msg, err.offset);
    assert_int_equal(agi_save_encode(&s, &re, &err), RELIC_OK);
    if (re.len != f.len || memcmp(re.data, f.data, f.len) != 0)
        fail_msg("%s: does not re-encode byte for byte", path);
    save_check_game(path, &s, g);
    char v[8];
    snprintf(v, sizeof v, "%u", (s.state.vars[3] + 1u) & 0xff);
    assert_int_equal(agi_save_set(&s, "v3", v, &err), RELIC_OK);
    relic_buf_reset(&re);
    assert_int_equal(agi_save_encode(&s, &re, &err), RELIC_OK);
    size_t changed = 0, v3 = s.block_offset[0] + 2 + 7 + 3;
    for (size_t i = 0; i < f.len; i++)
        changed += re.data[i] != f.data[i];
    assert_int_equal(changed, 1);
    assert_int_not_equal(re.data[v3], f.data[v3]);
    agi_save_free(&s);
    relic_buf_free(&re);
    relic_buf_free(&f);
    (*count)++;
}

static void save_check_game_dir(const char *game_dir, unsigned *files)
{
    relic_dir d;
    if (relic_dir_open(game_dir, &d, NULL))
        return;
    const char *saves = relic_dir_find(&d, "saves");
    char sdir[2048];
    if (saves)
        snprintf(sdir, sizeof sdir, "%s/%s", game_dir, saves);
    relic_dir_close(&d);
    if (!saves)
        return;
    agi_fileset fs = {0, 0};
    agi_game g;
    relic_err err;
    relic_err_clear(&err);
    if (agi_fileset_read_dir(game_dir, &fs, &err) || agi_game_open(&fs, NULL, &g, &err))
        fail_msg("%s: %s", game_dir, err.msg);
    DIR *sd = opendir(sdir);
    struct dirent *e;
    while (sd && (e = readdir(sd))) {
        if (e->d_name[0] == '.')
            continue;
        char path[2400];
        snprintf(path, sizeof path, "%s/%s", sdir, e->d_name);
        save_check_file(path, &g, files);
    }
    if (sd)
        closedir(sd);
    agi_fileset_free(&fs);
}

static void test_corpus_agi_saves(void **state)
{
    (void)state;
    char agi[1024];
    test_corpus_require("agi", "agi save", agi, sizeof agi);
    DIR *d = opendir(agi);
    if (!d)
        fail_msg("cannot open %s", agi);
    struct dirent *e;
    unsigned files = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char dir[1400];
        snprintf(dir, sizeof dir, "%s/%s", agi, e->d_name);
        save_check_game_dir(dir, &files);
    }
    closedir(d);
    print_message("# agi save corpus: %u saves decoded, validated, re-encoded byte for byte, cross-checked\n", files);
    assert_true(files >= 8);
}

/* The acceptance statement for the one corpus game with saves. */
static void test_corpus_ltec_profile(void **state)
{
    (void)state;
    char root[1024];
    test_corpus_require("", "agi save", root, sizeof root);
    for (int i = 1; i <= 8; i++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/agi/ltec/saves/SG.%d", root, i);
        relic_buf f = RELIC_BUF_INIT;
        if (relic_file_read(path, &f, NULL))
            fail_msg("%s missing", path);
        agi_save s;
        assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, NULL), RELIC_OK);
        assert_string_equal(s.profile->name, "2.936");
        assert_int_equal(s.block_count, 5);
        assert_int_equal(s.block_len[0], 0x05e1);
        agi_save_free(&s);
        relic_buf_free(&f);
    }
}

/* Consecutive real saves differ in game state only: SG.5 -> SG.6 picks up
 * the keycard (item 7), scores (v3 13 -> 16) and sets flags; no reserved
 * byte or object token shows up. */
static void test_corpus_ltec_diff(void **state)
{
    (void)state;
    char root[1024];
    test_corpus_require("", "agi save", root, sizeof root);
    agi_save s[2];
    for (int i = 0; i < 2; i++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/agi/ltec/saves/SG.%d", root, 5 + i);
        relic_buf f = RELIC_BUF_INIT;
        if (relic_file_read(path, &f, NULL) || agi_save_decode(f.data, f.len, NULL, &s[i], NULL))
            fail_msg("%s does not decode", path);
        relic_buf_free(&f);
    }
    json_t *d = agi_save_diff(&s[0], &s[1], NULL, 0, 0);
    int item = 0, score = 0;
    size_t i;
    json_t *e;
    json_array_foreach (d, i, e) {
        const char *p = json_string_value(json_object_get(e, "path"));
        item |= strcmp(p, "/inventory/7/location") == 0 && json_integer_value(json_object_get(e, "new")) == 255;
        score |= strcmp(p, "/variables/v3") == 0;
        if (strncmp(p, "/reserved", 9) == 0 || strstr(p, "_token"))
            fail_msg("spurious difference %s", p);
    }
    assert_true(item);
    assert_true(score);
    json_decref(d);
    agi_save_free(&s[0]);
    agi_save_free(&s[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_agi_saves),
        cmocka_unit_test(test_corpus_ltec_profile),
        cmocka_unit_test(test_corpus_ltec_diff),
    };
    return cmocka_run_group_tests_name("corpus_agi_save", tests, NULL, NULL);
}
