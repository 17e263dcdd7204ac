/* Corpus test of byte-identical rebuilds (issue 15, agi-pack
 * --keep-layout): for every game of $RELIC_CORPUS/agi, the container
 * layout taken from the opened game (through its JSON text, as game.json
 * carries it) and the unchanged payloads rebuild every directory and
 * volume file byte for byte; one edited logic then changes only its
 * directory entry and its record: the old one cleared, the new one at the
 * end of its volume. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/agi.h"
#include "relic/agi_json.h"
#include "support.h"

typedef struct keep_game {
    agi_fileset fs, out;
    agi_game game;
    relic_buf payload[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
    agi_build_input in;
} keep_game;

static void keep_load(const char *dir, keep_game *c)
{
    relic_err err;
    relic_err_clear(&err);
    if (agi_fileset_read_dir(dir, &c->fs, &err) || agi_game_open(&c->fs, NULL, &c->game, &err))
        fail_msg("%s: %s", dir, err.msg);
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < c->game.dirs[k].count; n++) {
            agi_record rec;
            if (c->game.dirs[k].entry[n].present &&
                agi_game_load(&c->game, (agi_kind)k, n, &rec, &c->payload[k][n], &err) == RELIC_OK)
                c->in.payloads[k][n] = &c->payload[k][n];
        }
}

/* The layout as game.json carries it: dumped to text and parsed back. */
static json_t *keep_layout(const keep_game *c)
{
    json_t *j = agi_container_layout_to_json(&c->game);
    assert_non_null(j);
    char *text = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    json_error_t je;
    json_t *back = json_loads(text, 0, &je);
    free(text);
    assert_non_null(back);
    return back;
}

/* Number of files of out that differ from the shipped ones. */
static unsigned keep_compare(const char *dir, const keep_game *c, const agi_fileset *out, unsigned *files)
{
    unsigned differ = 0;
    *files = (unsigned)out->count;
    for (size_t i = 0; i < out->count; i++) {
        const agi_file *o = agi_fileset_find(&c->fs, out->files[i].name);
        if (!o)
            fail_msg("%s: rebuilt %s was not shipped", dir, out->files[i].name);
        differ += o->len != out->files[i].len || memcmp(o->data, out->files[i].data, o->len) != 0;
    }
    return differ;
}

static void keep_edit_one_logic(const char *dir, keep_game *c, const json_t *layout)
{
    unsigned n = 0;
    while (n < AGI_DIR_ENTRIES && !c->in.payloads[AGI_LOGIC][n])
        n++;
    assert_true(n < AGI_DIR_ENTRIES);
    relic_buf edited = RELIC_BUF_INIT;
    relic_buf_append(&edited, c->payload[AGI_LOGIC][n].data, c->payload[AGI_LOGIC][n].len);
    relic_buf_u8(&edited, 0); /* one more byte after the message table */
    agi_record rec;
    relic_buf scratch = RELIC_BUF_INIT;
    assert_int_equal(agi_game_load(&c->game, AGI_LOGIC, n, &rec, &scratch, NULL), RELIC_OK);
    size_t rec_len = rec.header_len + rec.stored_len;
    relic_buf_free(&scratch);
    agi_build_input in = c->in;
    in.payloads[AGI_LOGIC][n] = &edited;
    agi_fileset out = {0, 0};
    relic_err err;
    relic_err_clear(&err);
    if (agi_game_rebuild(layout, &in, &out, &err) != RELIC_OK)
        fail_msg("%s: edited rebuild: %s", dir, err.msg);
    const agi_dir_entry *e = &c->game.dirs[AGI_LOGIC].entry[n];
    const agi_file *dir_out = NULL, *dir_in = agi_fileset_find(&c->fs, c->game.dir_file[AGI_LOGIC]);
    for (size_t i = 0; i < out.count; i++)
        if (strcasecmp(out.files[i].name, dir_in->name) == 0)
            dir_out = &out.files[i];
    assert_non_null(dir_out);
    /* the directory changes in the edited entry only */
    size_t entry_at = c->game.dirs[AGI_LOGIC].file_offset + 3 * (size_t)n;
    assert_int_equal(dir_out->len, dir_in->len);
    for (size_t b = 0; b < dir_in->len; b++)
        if (b < entry_at || b >= entry_at + 3)
            assert_int_equal(dir_out->data[b], dir_in->data[b]);
    const uint8_t *b3 = dir_out->data + entry_at; /* volume nibble, 20-bit offset */
    unsigned new_vol = b3[0] >> 4;
    size_t new_off = (size_t)(b3[0] & 15) << 16 | (size_t)b3[1] << 8 | b3[2];
    const agi_file *nv = c->game.volumes[new_vol];
    assert_int_equal(new_off, nv ? nv->len : 0); /* at the end of a volume */
    for (size_t i = 0; i < out.count; i++) {
        const agi_file *f = &out.files[i], *o = agi_fileset_find(&c->fs, f->name);
        if (f == dir_out)
            continue;
        if (!o) { /* a volume the rebuild added */
            assert_null(nv);
            assert_int_equal(f->data[0], 0x12);
            continue;
        }
        size_t old_start = o == c->game.volumes[e->volume] ? e->offset : o->len, old_end = old_start;
        if (old_start < o->len)
            old_end += rec_len;
        assert_true(f->len >= o->len);
        /* identical but the old record (cleared) and what was appended */
        assert_memory_equal(f->data, o->data, old_start);
        assert_memory_equal(f->data + old_end, o->data + old_end, o->len - old_end);
        for (size_t b = old_start; b < old_end; b++)
            assert_int_equal(f->data[b], 0);
        if (o == nv) {
            assert_int_equal(f->data[new_off], 0x12);
            assert_int_equal(f->data[new_off + 1], 0x34);
        } else {
            assert_int_equal(f->len, o->len);
        }
    }
    agi_fileset_free(&out);
    relic_buf_free(&edited);
}

static void test_corpus_agi_keep_layout(void **state)
{
    (void)state;
    char root[1024];
    test_corpus_require("agi", "AGI keep-layout", root, sizeof root);
    DIR *d = opendir(root);
    assert_non_null(d);
    struct dirent *ent;
    unsigned games = 0, files = 0;
    while ((ent = readdir(d))) {
        if (ent->d_name[0] == '.')
            continue;
        char dir[1400];
        snprintf(dir, sizeof dir, "%s/%s", root, ent->d_name);
        keep_game *c = calloc(1, sizeof *c);
        assert_non_null(c);
        keep_load(dir, c);
        json_t *layout = keep_layout(c);
        relic_err err;
        relic_err_clear(&err);
        if (agi_game_rebuild(layout, &c->in, &c->out, &err) != RELIC_OK)
            fail_msg("%s: rebuild: %s", dir, err.msg);
        unsigned n;
        unsigned differ = keep_compare(dir, c, &c->out, &n);
        if (differ)
            fail_msg("%s: %u of %u rebuilt container files differ", dir, differ, n);
        files += n;
        keep_edit_one_logic(dir, c, layout);
        json_decref(layout);
        for (int k = 0; k < AGI_KIND_COUNT; k++)
            for (unsigned i = 0; i < AGI_DIR_ENTRIES; i++)
                relic_buf_free(&c->payload[k][i]);
        agi_fileset_free(&c->out);
        agi_fileset_free(&c->fs);
        free(c);
        games++;
    }
    closedir(d);
    print_message("# corpus: %u games, %u container files rebuilt byte for byte\n", games, files);
    assert_true(games >= 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_agi_keep_layout),
    };
    return cmocka_run_group_tests_name("corpus_agi_keep", tests, NULL, NULL);
}
