/* Unit tests for which directory entries a game can load (libvm/agi/lang/
 * usage.c, refs.c's loaders) and for the entry that points inside another
 * record (libformats/agi/load.c): the reach from logic 0, loads by number,
 * through a variable, and from a logic that cannot be read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_logic.h"
#include "support.h"

static void add_copy(agi_fileset *fs, const char *name, const char *hex)
{
    uint8_t tmp[256];
    size_t n = test_hex(hex, tmp, sizeof tmp);
    uint8_t *d = malloc(n ? n : 1);
    memcpy(d, tmp, n);
    assert_int_equal(agi_fileset_add(fs, name, d, n, NULL), RELIC_OK);
}

static void open_fixture(const char *dir, agi_fileset *fs, agi_game *g)
{
    char path[256];
    snprintf(path, sizeof path, "%s/agi/%s", getenv("RELIC_FIXTURES") ? getenv("RELIC_FIXTURES") : "tests/fixtures",
             dir);
    assert_int_equal(agi_fileset_read_dir(path, fs, NULL), RELIC_OK);
    assert_int_equal(agi_game_open(fs, NULL, g, NULL), RELIC_OK);
}

/* The loaders by number, through a variable assigned right before, and
 * through one whose value the code does not show; set.view and sound use a
 * loaded view or sound and load nothing. */
static void test_refs_loads(void **state)
{
    (void)state;
    uint8_t raw[64];
    agi_logic_refs r;
    /* load.view(5) load.view.v(v7) v40=9 load.pic(v40) load.pic(v41) show.obj(3)
     * show.obj.v(v42) load.sound(4) load.logics(6) set.view(o1, 8) sound(2, f3)
     * return */
    size_t n = test_hex("1a 00  1e 05 1f 07 03 28 09 18 28 18 29 81 03 a2 2a 62 04 14 06 29 01 08 63 02 03 00"
                        "  00 02 00",
                        raw, sizeof raw);
    assert_int_equal(agi_logic_refs_read(raw, n, NULL, &r, NULL), RELIC_OK);
    for (unsigned i = 0; i < 256; i++) {
        assert_int_equal(r.load[AGI_VIEW][i], i == 5 || i == 3);
        assert_int_equal(r.load[AGI_PICTURE][i], i == 9);
        assert_int_equal(r.load[AGI_SOUND][i], i == 4);
        assert_int_equal(r.load[AGI_LOGIC][i], i == 6);
    }
    assert_int_equal(r.load_unknown[AGI_VIEW], 2);
    assert_int_equal(r.load_unknown[AGI_PICTURE], 1);
    assert_int_equal(r.load_unknown[AGI_SOUND], 0);
    assert_int_equal(r.load_unknown[AGI_LOGIC], 0);
}

/* The stale-entries fixture: what logics 0 and 1 load is used, the rest
 * not, and each stale entry names the record it points into. */
static void test_usage_stale_entries(void **state)
{
    (void)state;
    agi_fileset fs = {0, 0};
    agi_game g;
    open_fixture("stale_entries", &fs, &g);
    agi_game_usage u;
    assert_int_equal(agi_game_usage_read(&g, &u, NULL), RELIC_OK);
    assert_int_equal(agi_game_usage_of(&u, AGI_LOGIC, 0), AGI_USE_FIXED);
    assert_int_equal(agi_game_usage_of(&u, AGI_LOGIC, 1), AGI_USE_NAMED);
    assert_int_equal(agi_game_usage_of(&u, AGI_LOGIC, 2), AGI_USE_NONE);
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 0), AGI_USE_NAMED); /* v50 = 0 right before */
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 1), AGI_USE_NONE);
    assert_int_equal(agi_game_usage_of(&u, AGI_VIEW, 0), AGI_USE_NAMED);
    assert_int_equal(agi_game_usage_of(&u, AGI_VIEW, 1), AGI_USE_NONE);
    assert_int_equal(agi_game_usage_of(&u, AGI_SOUND, 0), AGI_USE_NAMED);
    assert_int_equal(agi_game_usage_of(&u, AGI_SOUND, 1), AGI_USE_NONE);
    assert_int_equal(agi_game_usage_of(&u, AGI_SOUND, 300), AGI_USE_NONE);
    agi_kind k;
    unsigned num;
    uint32_t off;
    assert_true(agi_game_entry_inside(&g, AGI_LOGIC, 2, &k, &num, &off));
    assert_int_equal(k, AGI_LOGIC);
    assert_int_equal(num, 1);
    assert_int_equal(off, 0xd);
    assert_true(agi_game_entry_inside(&g, AGI_VIEW, 1, &k, &num, &off)); /* at logic 0's very record */
    assert_int_equal(k, AGI_LOGIC);
    assert_int_equal(num, 0);
    assert_int_equal(off, 0);
    assert_true(agi_game_entry_inside(&g, AGI_SOUND, 1, &k, &num, &off));
    assert_int_equal(k, AGI_PICTURE);
    assert_false(agi_game_entry_inside(&g, AGI_VIEW, 2, &k, &num, &off)); /* past the end of VOL.0 */
    assert_false(agi_game_entry_inside(&g, AGI_LOGIC, 1, &k, &num, &off));
    assert_false(agi_game_entry_inside(&g, AGI_VIEW, 0, &k, &num, &off));
    agi_fileset_free(&fs);
}

/* Pictures loaded through a variable that increment can bring to any
 * value: every picture counts, and logic 0 and v40 are why. */
static void test_usage_by_variable(void **state)
{
    (void)state;
    agi_fileset fs = {0, 0};
    agi_game g;
    open_fixture("loaded_bad", &fs, &g);
    agi_game_usage u;
    assert_int_equal(agi_game_usage_read(&g, &u, NULL), RELIC_OK);
    assert_int_equal(agi_game_usage_of(&u, AGI_VIEW, 1), AGI_USE_NAMED);
    assert_int_equal(agi_game_usage_of(&u, AGI_VIEW, 0), AGI_USE_NONE);
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 1), AGI_USE_VARIABLE);
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 200), AGI_USE_VARIABLE);
    assert_int_equal(u.every_kind[AGI_PICTURE], AGI_USE_VARIABLE);
    assert_int_equal(u.why_logic[AGI_PICTURE], 0);
    assert_int_equal(u.why_var[AGI_PICTURE], 40);
    assert_int_equal(u.every_kind[AGI_VIEW], AGI_USE_NONE);
    agi_fileset_free(&fs);
}

/* Logic 0 = call.v(v5): every logic is reached, so logic 1's load.view(4)
 * counts; logic 2 cannot be read, so every entry of the other kinds does,
 * logic 2 being why.  Without the call.v, logic 1 is never reached and
 * what it loads does not count. */
static void test_usage_reach(void **state)
{
    (void)state;
    static const char *const logic0[] = {"03 00 17 05 00 00 02 00", "01 00 00 00 02 00"};
    for (unsigned t = 0; t < 2; t++) {
        char vol[256];
        snprintf(vol, sizeof vol, "12 34 00 %02x 00 %s  12 34 00 08 00 03 00 1e 04 00 00 02 00", t ? 6 : 8, logic0[t]);
        agi_fileset fs = {0, 0};
        add_copy(&fs, "VOL.0", vol);
        add_copy(&fs, "LOGDIR", t ? "00 00 00  00 00 0b  00 03 00" : "00 00 00  00 00 0d  00 03 00");
        add_copy(&fs, "PICDIR", "");
        add_copy(&fs, "VIEWDIR", "");
        add_copy(&fs, "SNDDIR", "");
        agi_game g;
        assert_int_equal(agi_game_open(&fs, NULL, &g, NULL), RELIC_OK);
        agi_game_usage u;
        assert_int_equal(agi_game_usage_read(&g, &u, NULL), RELIC_OK);
        if (t == 0) {
            assert_int_equal(agi_game_usage_of(&u, AGI_LOGIC, 1), AGI_USE_VARIABLE);
            assert_int_equal(agi_game_usage_of(&u, AGI_LOGIC, 2), AGI_USE_VARIABLE);
            assert_int_equal(agi_game_usage_of(&u, AGI_VIEW, 4), AGI_USE_NAMED);
            assert_int_equal(agi_game_usage_of(&u, AGI_VIEW, 7), AGI_USE_UNREAD);
            assert_int_equal(agi_game_usage_of(&u, AGI_SOUND, 0), AGI_USE_UNREAD);
            assert_int_equal(u.why_logic[AGI_VIEW], 2);
        } else {
            assert_int_equal(agi_game_usage_of(&u, AGI_LOGIC, 1), AGI_USE_NONE);
            assert_int_equal(agi_game_usage_of(&u, AGI_LOGIC, 2), AGI_USE_NONE);
            assert_int_equal(agi_game_usage_of(&u, AGI_VIEW, 4), AGI_USE_NONE);
        }
        agi_fileset_free(&fs);
    }
}

/* One in-memory v2 game: logic 0's code (hex, with its length), logic 2
 * = load.pic(v0) return; directory entries for logics 0-2 (1 absent). */
static void usage_of_code(const char *code0, agi_game_usage *u)
{
    uint8_t c[64];
    size_t n = test_hex(code0, c, sizeof c);
    char vol[512], *p = vol;
    p += sprintf(p, "12 34 00 %02x 00 %02x 00", (unsigned)(n + 5), (unsigned)n);
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, " %02x", c[i]);
    p += sprintf(p, " 00 02 00");
    unsigned at2 = (unsigned)(n + 10);
    sprintf(p, "  12 34 00 08 00 03 00 18 00 00 00 02 00");
    char dir[64];
    snprintf(dir, sizeof dir, "00 00 00  ff ff ff  00 %02x %02x", at2 >> 8, at2 & 0xff);
    agi_fileset fs = {0, 0};
    add_copy(&fs, "VOL.0", vol);
    add_copy(&fs, "LOGDIR", dir);
    add_copy(&fs, "PICDIR", "");
    add_copy(&fs, "VIEWDIR", "");
    add_copy(&fs, "SNDDIR", "");
    agi_game g;
    assert_int_equal(agi_game_open(&fs, NULL, &g, NULL), RELIC_OK);
    assert_int_equal(agi_game_usage_read(&g, u, NULL), RELIC_OK);
    agi_fileset_free(&fs);
}

/* load.pic(v0) in room 2: v0 holds the rooms new.room enters (and 0, where
 * it starts), and a value copied from a variable assigned elsewhere; a
 * command that writes v0 otherwise (increment), or an indirect write whose
 * index can be 0 (lindirectn(v30, ...) with v30 never assigned: v30 is 0),
 * makes it any value. */
static void test_usage_values(void **state)
{
    (void)state;
    agi_game_usage u;
    usage_of_code("12 02 00", &u); /* new.room(2) */
    assert_int_equal(agi_game_usage_of(&u, AGI_LOGIC, 2), AGI_USE_NAMED);
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 0), AGI_USE_VALUE);
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 2), AGI_USE_VALUE);
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 1), AGI_USE_NONE);
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 9), AGI_USE_NONE);
    /* v50 = 9 (then a return between: not the idiom), v0 = v50, new.room(2) */
    usage_of_code("03 32 09 00 04 00 32 12 02 00", &u);
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 9), AGI_USE_VALUE);
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 1), AGI_USE_NONE);
    usage_of_code("01 00 12 02 00", &u); /* increment(v0) */
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 1), AGI_USE_VARIABLE);
    assert_int_equal(u.why_logic[AGI_PICTURE], 2);
    assert_int_equal(u.why_var[AGI_PICTURE], 0);
    usage_of_code("0b 1e 05 12 02 00", &u); /* lindirectn(v30, 5) */
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 1), AGI_USE_VARIABLE);
    usage_of_code("03 1e 40 0b 1e 05 12 02 00", &u); /* v30 = 64 first: v64 or v0 */
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 1), AGI_USE_VARIABLE);
    usage_of_code("04 00 05 12 02 00", &u); /* v0 = v5, which the interpreter writes */
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 1), AGI_USE_VARIABLE);
    usage_of_code("13 2a 12 02 00", &u); /* new.room.v(v42): v42 is 0, room 0 */
    assert_int_equal(agi_game_usage_of(&u, AGI_PICTURE, 1), AGI_USE_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refs_loads),        cmocka_unit_test(test_usage_stale_entries),
        cmocka_unit_test(test_usage_by_variable), cmocka_unit_test(test_usage_reach),
        cmocka_unit_test(test_usage_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
