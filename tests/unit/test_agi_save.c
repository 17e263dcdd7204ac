/* Unit tests for the AGI save codec (agi-spec session_and_persistence.md):
 * one hand-built save per block-1 partition and profile shape (fixtures
 * from tests/fixtures/agi/save/make_saves.py, whose docstring lists the
 * values checked here), the v3 block-3 transform, the 2.089 four-block
 * envelope, byte-exact re-encoding, edits by path, the replay operations,
 * and malformed saves failing with the block and offset. */
#include <string.h>
#include "relic/agi_save.h"
#include "relic/agi_save_json.h"
#include "support.h"

typedef struct save_case {
    const char *file, *profile;
    unsigned blocks, b1;
} save_case;

// clang-format off
static const save_case save_cases[] = {
    {"agi/save/s2089.sav", "2.089", 4, 0x03db},   {"agi/save/s2272.sav", "2.272", 5, 0x03db},
    {"agi/save/s2440.sav", "2.440", 5, 0x05df},   {"agi/save/RTSG.1", "2.936", 5, 0x05e1},
    {"agi/save/s3086.sav", "3.002.086", 5, 0x05e1}, {"agi/save/s3102.sav", "3.002.102", 5, 0x05e4},
    {"agi/save/s3149.sav", "3.002.149", 5, 0x0404},
};
// clang-format on

static void check_common(const agi_save *s, const save_case *c)
{
    char desc[AGI_SAVE_DESC_LEN + 1];
    agi_save_description(s, desc);
    assert_string_equal(desc, "relic test");
    assert_string_equal(s->profile->name, c->profile);
    assert_int_equal(s->block_count, c->blocks);
    assert_int_equal(s->block_len[0], c->b1);
    assert_memory_equal(s->state.signature, "RT\0\0\0\0\0", 7);
    assert_int_equal(s->state.vars[0], 7);
    assert_int_equal(s->state.vars[3], 42);
    assert_int_equal(s->state.vars[255], 9);
    assert_true(agi_save_flag(s, 0));
    assert_true(agi_save_flag(s, 9));
    assert_true(agi_save_flag(s, 255));
    assert_false(agi_save_flag(s, 7));
    assert_false(agi_save_flag(s, 8));
    assert_int_equal(s->state.timer_ticks, 0x01020304);
    assert_int_equal(s->state.horizon, 36);
    assert_int_equal(s->state.picture, 7);
    assert_int_equal(s->state.replay_capacity, 6);
    assert_int_equal(s->state.replay_count, 5);
    assert_int_equal(s->state.keys[0].raw_key, 0x011b);
    assert_int_equal(s->state.keys[0].status, 3);
    assert_int_equal(s->state.keys[38].raw_key, 0x3b00);
    assert_string_equal((const char *)s->state.strings[0], "hello");
    assert_int_equal(s->state.text_fg, 15);
    assert_int_equal(s->state.input_row, 22);
    assert_int_equal(s->state.prompt_char, '>');
    assert_int_equal(s->state.display_bottom_row, 21);
    /* block 2 */
    assert_int_equal(s->object_count, 2);
    const agi_save_object *o = &s->objects[0];
    assert_int_equal(o->x, 20);
    assert_int_equal(o->y, 100);
    assert_int_equal(o->view, 1);
    assert_int_equal(o->view_token, 0x1234);
    assert_int_equal(o->cel, 2);
    assert_int_equal(o->cel_count, 3);
    assert_int_equal(o->render_token, 0x5678);
    assert_int_equal(o->height, 30);
    assert_int_equal(o->priority, 9);
    assert_int_equal(o->flags, 0x4051);
    assert_memory_equal(o->motion_params, "\x01\x02\x03\x04", 4);
    /* block 3, after the transform when the profile has one */
    assert_int_equal(s->item_count, 3);
    assert_string_equal(agi_save_item_name(s, 1), "key");
    assert_string_equal(agi_save_item_name(s, 2), "lamp");
    assert_int_equal(s->items[1].location, AGI_SAVE_CARRIED);
    assert_int_equal(s->items[2].location, 5);
    /* block 4 */
    assert_int_equal(s->replay_slots, 6);
    assert_int_equal(s->replay[10], 9);
}

static void test_save_profiles(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof save_cases / sizeof save_cases[0]; i++) {
        const save_case *c = &save_cases[i];
        relic_buf f = RELIC_BUF_INIT, re = RELIC_BUF_INIT;
        test_fixture(c->file, &f);
        agi_save_guess g;
        relic_err err;
        relic_err_clear(&err);
        assert_int_equal(agi_save_detect(f.data, f.len, &g, &err), RELIC_OK);
        assert_string_equal(g.profile->name, c->profile);
        agi_save s;
        assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, &err), RELIC_OK);
        check_common(&s, c);
        assert_int_equal(agi_save_validate(&s, &err), RELIC_OK);
        assert_int_equal(agi_save_encode(&s, &re, &err), RELIC_OK);
        assert_int_equal(re.len, f.len);
        assert_memory_equal(re.data, f.data, f.len);
        agi_save_free(&s);
        relic_buf_free(&re);
        relic_buf_free(&f);
    }
}

static void test_save_layout_specifics(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    agi_save s;
    agi_save_guess g;
    /* 2.089: four blocks, no resume block; early partition has the
     * startup-count word at 0x0141 and six strings. */
    test_fixture("agi/save/s2089.sav", &f);
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, NULL), RELIC_OK);
    assert_int_equal(s.resume_count, 0);
    assert_memory_equal(s.state.reserved_word_a, "\xa5\xa6", 2);
    assert_string_equal((const char *)s.state.strings[5], "end");
    assert_int_equal(s.state.strings_reserved[0], 0xa8);
    agi_save_free(&s);
    relic_buf_free(&f);
    /* 2.272 and 2.230 share the shape. */
    test_fixture("agi/save/s2272.sav", &f);
    assert_int_equal(agi_save_detect(f.data, f.len, &g, NULL), RELIC_OK);
    assert_string_equal(g.candidates, "2.230 2.272");
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, NULL), RELIC_OK);
    assert_int_equal(s.resume_count, 2);
    assert_int_equal(s.resume[1].logic, 7);
    assert_int_equal(s.resume[1].offset, 0x0123);
    assert_int_equal(s.resume_end, 0xbeef);
    agi_save_free(&s);
    relic_buf_free(&f);
    /* 2.440: 0x05df stops before the checkpoint. */
    test_fixture("agi/save/s2440.sav", &f);
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, NULL), RELIC_OK);
    assert_int_equal(s.state.replay_checkpoint, 0);
    assert_string_equal((const char *)s.state.strings[11], "end");
    assert_memory_equal(s.state.reserved_word_b, "\x0f\x00", 2);
    agi_save_free(&s);
    relic_buf_free(&f);
    /* 3.002.102: the two gates after the checkpoint. */
    test_fixture("agi/save/s3102.sav", &f);
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, NULL), RELIC_OK);
    assert_int_equal(s.state.replay_checkpoint, 2);
    assert_int_equal(s.state.menu_gate, 1);
    assert_int_equal(s.state.release_gate, 1);
    agi_save_free(&s);
    relic_buf_free(&f);
    /* 3.002.149: 49 keys. */
    test_fixture("agi/save/s3149.sav", &f);
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, NULL), RELIC_OK);
    assert_int_equal(s.state.keys[48].raw_key, 0x4400);
    assert_int_equal(s.state.keys[48].status, 48);
    assert_int_equal(s.state.release_gate, 1);
    agi_save_free(&s);
    relic_buf_free(&f);
}

static void test_save_v3_transform(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("agi/save/s3086.sav", &f);
    /* Block 3 on disk is XORed with "Avis Durgan": its first byte is the
     * low byte of item 0's name offset (9) ^ 'A'. */
    size_t b3 = 31 + 2 + 0x05e1 + 2 + 2 * 0x2b + 2;
    assert_int_equal(f.data[b3], 9 ^ 'A');
    agi_save s;
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, NULL), RELIC_OK);
    assert_int_equal(s.inventory[0], 9);
    assert_string_equal(agi_save_item_name(&s, 0), "?");
    /* Forcing 2.936 reads the same bytes untransformed: not an inventory. */
    agi_save t;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_save_decode(f.data, f.len, agi_profile_find("2.936"), &t, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "block 3"));
    agi_save_free(&s);
    relic_buf_free(&f);
}

static void test_save_edit(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT, re = RELIC_BUF_INIT;
    test_fixture("agi/save/RTSG.1", &f);
    agi_save s;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, &err), RELIC_OK);
    assert_int_equal(agi_save_set(&s, "v3", "7", &err), RELIC_OK);
    assert_int_equal(agi_save_encode(&s, &re, &err), RELIC_OK);
    assert_int_equal(re.len, f.len);
    size_t v3 = 31 + 2 + 7 + 3, changed = 0;
    for (size_t i = 0; i < f.len; i++)
        changed += re.data[i] != f.data[i];
    assert_int_equal(changed, 1);
    assert_int_equal(re.data[v3], 7);
    /* f8 is bit 0x80 of the second flag byte. */
    relic_buf_reset(&re);
    assert_int_equal(agi_save_set(&s, "/flags/f8", "1", &err), RELIC_OK);
    assert_int_equal(agi_save_set(&s, "/inventory/2/location", "255", &err), RELIC_OK);
    assert_int_equal(agi_save_set(&s, "/strings/0", "\"NAME\"", &err), RELIC_OK);
    assert_int_equal(agi_save_set(&s, "/objects/0/x", "0x30", &err), RELIC_OK);
    assert_int_equal(agi_save_encode(&s, &re, &err), RELIC_OK);
    assert_int_equal(re.data[31 + 2 + 0x0107 + 1], 0x40 | 0x80);
    assert_memory_equal(re.data + 31 + 2 + 0x020b, "NAME\0", 5);
    assert_int_equal(s.objects[0].x, 0x30);
    /* refused: out of range, unknown paths, reserved bytes, long text */
    assert_int_equal(agi_save_set(&s, "v3", "256", &err), RELIC_EUSAGE);
    assert_int_equal(agi_save_set(&s, "f3", "2", &err), RELIC_EUSAGE);
    assert_int_equal(agi_save_set(&s, "v256", "1", &err), RELIC_EUSAGE);
    assert_int_equal(agi_save_set(&s, "/inventory/3/location", "1", &err), RELIC_EUSAGE);
    assert_int_equal(agi_save_set(&s, "/reserved/word_012d", "0", &err), RELIC_EUSAGE);
    assert_int_equal(agi_save_set(&s, "/objects/0/x", "-1", &err), RELIC_EUSAGE);
    assert_int_equal(agi_save_set(&s, "/objects/0/view", "010", &err), RELIC_OK);
    assert_int_equal(s.objects[0].view, 10); /* decimal, not octal */
    assert_int_equal(agi_save_set(&s, "/strings/12", "x", &err), RELIC_EUSAGE);
    assert_int_equal(agi_save_set(&s, "/strings/1", "0123456789012345678901234567890123456789x", &err), RELIC_EUSAGE);
    agi_save_free(&s);
    relic_buf_free(&re);
    relic_buf_free(&f);
}

static void test_save_replay_ops(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("agi/save/RTSG.1", &f);
    agi_save s;
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, NULL), RELIC_OK);
    agi_replay_op *ops;
    unsigned n;
    assert_int_equal(agi_save_replay_ops(&s, &ops, &n, NULL), RELIC_OK);
    assert_int_equal(n, 5);
    assert_string_equal(agi_replay_kind_name(ops[3].kind), "draw.picture");
    assert_int_equal(ops[4].value, 2);
    free(ops);
    /* A kind-5 packet: (5,0) then (view, loop) (cel, x) (y, pri/ctl). */
    static const uint8_t packet[] = {5, 0, 11, 1, 2, 30, 140, 0x4f};
    memcpy(s.replay, packet, sizeof packet);
    s.state.replay_count = 4;
    assert_int_equal(agi_save_replay_ops(&s, &ops, &n, NULL), RELIC_OK);
    assert_int_equal(n, 1);
    assert_true(ops[0].complete);
    assert_int_equal(ops[0].view, 11);
    assert_int_equal(ops[0].x, 30);
    assert_int_equal(ops[0].y, 140);
    assert_int_equal(ops[0].pri_ctl, 0x4f);
    free(ops);
    relic_err err;
    relic_err_clear(&err);
    s.state.replay_count = 3; /* the packet is cut short */
    s.state.replay_checkpoint = 0;
    assert_int_equal(agi_save_validate(&s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "kind-5"));
    s.replay[0] = 12; /* unknown kind */
    assert_int_equal(agi_save_validate(&s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "unknown kind 12"));
    assert_null(agi_replay_kind_name(12));
    s.state.replay_capacity = 7;
    assert_int_equal(agi_save_validate(&s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "capacity"));
    assert_int_equal(err.offset, 31 + 2 + 0x013f);
    agi_save_free(&s);
    relic_buf_free(&f);
}

/* Which resource each replay kind names (session_and_persistence.md
 * "Resource replay sequence"): loads, draws and discards name their
 * resource by the value, kind 5 by the packet's view. */
static void test_replay_op_resource(void **state)
{
    (void)state;
    static const struct {
        uint8_t kind, value;
        agi_kind want;
    } rows[] = {{0, 7, AGI_LOGIC},    {1, 8, AGI_VIEW},     {2, 9, AGI_PICTURE}, {3, 10, AGI_SOUND},
                {4, 11, AGI_PICTURE}, {6, 12, AGI_PICTURE}, {7, 13, AGI_VIEW},   {8, 14, AGI_PICTURE}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        agi_replay_op op = {.kind = rows[i].kind, .value = rows[i].value, .view = 99};
        agi_kind k = AGI_KIND_COUNT;
        unsigned num = 0;
        assert_int_equal(agi_replay_op_resource(&op, &k, &num), 1);
        assert_int_equal(k, rows[i].want);
        assert_int_equal(num, rows[i].value);
    }
    agi_replay_op add = {.kind = 5, .value = 0, .view = 11, .complete = 1};
    agi_kind k;
    unsigned num;
    assert_int_equal(agi_replay_op_resource(&add, &k, &num), 1);
    assert_int_equal(k, AGI_VIEW);
    assert_int_equal(num, 11);
    add.complete = 0; /* the active sequence ends inside the packet */
    assert_int_equal(agi_replay_op_resource(&add, &k, &num), 0);
    agi_replay_op unknown = {.kind = 9, .value = 1};
    assert_int_equal(agi_replay_op_resource(&unknown, &k, &num), 0);
}

static void test_save_malformed(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    agi_save s;
    relic_err err;
    relic_err_clear(&err);
    test_fixture("agi/save/bad_length.sav", &f);
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "block 4"));
    assert_int_equal(err.offset, 31 + 2 + 0x05e1 + 2 + 2 * 0x2b + 2 + 20);
    relic_buf_free(&f);
    test_fixture("agi/save/bad_truncated.sav", &f);
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "block 5"));
    relic_buf_free(&f);
    test_fixture("agi/save/bad_count.sav", &f);
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "replay count 60"));
    assert_int_equal(err.offset, 31 + 2 + 0x0141);
    relic_buf_free(&f);
    /* Edits of a good save: each makes one impossible structure. */
    test_fixture("agi/save/RTSG.1", &f);
    uint8_t *d = f.data;
    size_t b2 = 31 + 2 + 0x05e1;
    d[b2] = 0x2a; /* block 2: 42 bytes, not whole records; the rest then misframes */
    assert_int_equal(agi_save_decode(d, f.len, agi_profile_find("2.936"), &s, &err), RELIC_EDATA);
    d[b2] = 2 * 0x2b;
    size_t b5 = f.len - 14;
    d[b5 + 2 + 8] = 0; /* terminator logic 0xffff -> 0x ff00 */
    assert_int_equal(agi_save_decode(d, f.len, NULL, &s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "terminator"));
    d[b5 + 2 + 8] = 0xff;
    d[b5 + 2 + 4] = 0xff; /* terminator in the middle */
    d[b5 + 2 + 5] = 0xff;
    assert_int_equal(agi_save_decode(d, f.len, NULL, &s, &err), RELIC_EDATA);
    assert_int_equal(err.offset, b5 + 2 + 4);
    d[b5 + 2 + 4] = 7;
    d[b5 + 2 + 5] = 0;
    assert_int_equal(agi_save_decode(d, f.len, NULL, &s, &err), RELIC_OK);
    agi_save_free(&s);
    /* forced profile with another block-1 length */
    assert_int_equal(agi_save_decode(d, f.len, agi_profile_find("2.440"), &s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "block 1"));
    /* trailing bytes, short header, nothing known */
    relic_buf_append(&f, "x", 1);
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "after block 5"));
    assert_int_equal(agi_save_decode(f.data, 20, NULL, &s, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0);
    uint8_t odd[31 + 4 * 2] = {0};
    assert_int_equal(agi_save_decode(odd, sizeof odd, NULL, &s, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "no known profile"));
    relic_buf_free(&f);
}

static void test_save_json(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("agi/save/RTSG.1", &f);
    agi_save s;
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &s, NULL), RELIC_OK);
    json_t *doc = agi_save_to_json(&s);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(doc, "variables"), "v3")), 42);
    assert_true(json_is_true(json_object_get(json_object_get(doc, "flags"), "f9")));
    assert_int_equal(json_integer_value(json_object_get(json_array_get(json_object_get(doc, "objects"), 0), "x")), 20);
    assert_int_equal(
        json_integer_value(json_object_get(json_array_get(json_object_get(doc, "inventory"), 1), "location")), 255);
    assert_string_equal(json_string_value(json_array_get(json_object_get(doc, "strings"), 0)), "hello");
    assert_string_equal(json_string_value(json_object_get(json_object_get(doc, "reserved"), "word_013d")), "0f00");
    assert_string_equal(json_string_value(json_object_get(json_object_get(doc, "reserved"), "replay_inactive")),
                        "0909");
    assert_int_equal(json_integer_value(json_object_get(doc, "replay_checkpoint")), 2);
    json_decref(doc);
    agi_save_free(&s);
    relic_buf_free(&f);
}

static void test_save_diff(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("agi/save/RTSG.1", &f);
    agi_save a, b;
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &a, NULL), RELIC_OK);
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &b, NULL), RELIC_OK);
    json_t *d = agi_save_diff(&a, &b, NULL, 0, 1);
    assert_int_equal(json_array_size(d), 0);
    json_decref(d);
    b.state.vars[3] = 43;
    b.objects[1].x = 5;
    b.objects[0].view_token = 1;    /* a token: noise unless --all */
    b.state.reserved_word_a[0] = 0; /* reserved: noise unless --all */
    b.state.timer_ticks++;
    d = agi_save_diff(&a, &b, NULL, 0, 0);
    assert_int_equal(json_array_size(d), 3);
    assert_string_equal(json_string_value(json_object_get(json_array_get(d, 0), "path")), "/objects/1/x");
    assert_string_equal(json_string_value(json_object_get(json_array_get(d, 1), "path")), "/timer_ticks");
    assert_string_equal(json_string_value(json_object_get(json_array_get(d, 2), "path")), "/variables/v3");
    assert_int_equal(json_integer_value(json_object_get(json_array_get(d, 2), "old")), 42);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(d, 2), "new")), 43);
    json_decref(d);
    static const char *const ignore[] = {"/timer_ticks", "/objects/*/x"};
    d = agi_save_diff(&a, &b, ignore, 2, 0);
    assert_int_equal(json_array_size(d), 1);
    json_decref(d);
    d = agi_save_diff(&a, &b, ignore, 2, 1);
    assert_int_equal(json_array_size(d), 3); /* v3, the token, the reserved word */
    json_decref(d);
    agi_save_free(&a);
    agi_save_free(&b);
    relic_buf_free(&f);
}

/* A failed allocation anywhere makes no document and no diff, never a
 * short one: a diff short of a row reads as equal saves. */
static json_t *test_save_json_build(const void *arg) { return agi_save_to_json(arg); }

static json_t *test_save_diff_build(const void *arg)
{
    const agi_save *ab = arg;
    return agi_save_diff(&ab[0], &ab[1], NULL, 0, 1);
}

static void test_save_json_alloc_failure(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("agi/save/RTSG.1", &f);
    agi_save ab[2];
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &ab[0], NULL), RELIC_OK);
    assert_int_equal(agi_save_decode(f.data, f.len, NULL, &ab[1], NULL), RELIC_OK);
    ab[1].state.vars[3] = 43;
    test_json_whole_or_null(test_save_json_build, &ab[0], 100000);
    test_json_whole_or_null(test_save_diff_build, ab, 100000);
    agi_save_free(&ab[0]);
    agi_save_free(&ab[1]);
    relic_buf_free(&f);
}

/* A save built from nothing by a runtime re-decodes to the same state. */
static void test_save_init(void **state)
{
    (void)state;
    static const uint8_t inv[] = {6, 0, 0, 8, 0, 0xff, '?', 0, 'k', 'e', 'y', 0};
    const agi_profile *p = agi_profile_find("3.002.149");
    agi_save s, t;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_save_init(&s, &(agi_save_init_args){p, 3, inv, sizeof inv, 4, 2}, &err), RELIC_OK);
    assert_int_equal(s.item_count, 2);
    assert_string_equal(agi_save_item_name(&s, 1), "key");
    s.state.vars[0] = 12;
    s.state.replay_count = 1;
    s.replay[0] = AGI_REPLAY_LOAD_LOGIC;
    s.replay[1] = 12;
    s.resume[1].logic = 12;
    memcpy(s.header, "new", 3);
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(agi_save_encode(&s, &out, &err), RELIC_OK);
    assert_int_equal(out.len, 31 + 2 + 0x0404 + 2 + 3 * 0x2b + 2 + sizeof inv + 2 + 8 + 2 + 12);
    assert_int_equal(out.data[31 + 2 + 0x013d], 0x0f);                       /* canonical reserved word */
    assert_int_equal(out.data[31 + 2 + 0x0404 + 2 + 3 * 0x2b + 2], 6 ^ 'A'); /* block 3 transformed */
    assert_int_equal(agi_save_decode(out.data, out.len, NULL, &t, &err), RELIC_OK);
    assert_string_equal(t.profile->name, "3.002.149");
    assert_int_equal(agi_save_validate(&t, &err), RELIC_OK);
    assert_int_equal(t.state.vars[0], 12);
    assert_int_equal(t.resume_count, 2);
    assert_int_equal(t.resume[1].logic, 12);
    assert_string_equal(agi_save_item_name(&t, 0), "?");
    agi_save_free(&t);
    agi_save_free(&s);
    /* a block 3 that is no inventory is refused */
    assert_int_equal(agi_save_init(&s, &(agi_save_init_args){p, 1, inv, 4, 1, 0}, &err), RELIC_EDATA);
    /* no profile is a usage error, not a hidden default */
    assert_int_equal(agi_save_init(&s, &(agi_save_init_args){NULL, 1, inv, sizeof inv, 1, 0}, &err), RELIC_EUSAGE);
    relic_buf_free(&out);
}

/* A last inventory name that runs to the end of block 3 without its zero
 * (seen in real saves) reads to the block end, warns, and survives a
 * rewrite byte for byte. */
static void test_save_unterminated_item_name(void **state)
{
    (void)state;
    static const uint8_t inv[] = {6, 0, 0, 8, 0, 0xff, '?', 0, 'k', 'e', 'y'};
    const agi_profile *p = agi_profile_find("2.936");
    agi_save s, t;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_save_init(&s, &(agi_save_init_args){p, 1, inv, sizeof inv, 2, 1}, &err), RELIC_OK);
    assert_int_equal(s.warnings, 1);
    assert_string_equal(agi_save_item_name(&s, 1), "key");
    relic_buf out = RELIC_BUF_INIT, again = RELIC_BUF_INIT;
    assert_int_equal(agi_save_encode(&s, &out, &err), RELIC_OK);
    assert_int_equal(agi_save_decode(out.data, out.len, p, &t, &err), RELIC_OK);
    assert_int_equal(t.warnings, 1);
    assert_non_null(strstr(t.warning, "item 1 name is not terminated"));
    size_t b3 = t.block_offset[2] + 2;
    assert_int_equal(t.warning_offset, b3 + 8); /* where the name starts */
    assert_int_equal(t.item_count, 2);
    assert_string_equal(agi_save_item_name(&t, 1), "key");
    assert_int_equal(agi_save_encode(&t, &again, &err), RELIC_OK);
    assert_int_equal(again.len, out.len);
    assert_memory_equal(again.data, out.data, out.len);
    agi_save_free(&t);
    agi_save_free(&s);
    relic_buf_free(&out);
    relic_buf_free(&again);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_save_profiles),     cmocka_unit_test(test_save_layout_specifics),
        cmocka_unit_test(test_save_v3_transform), cmocka_unit_test(test_save_edit),
        cmocka_unit_test(test_save_replay_ops), cmocka_unit_test(test_replay_op_resource),   cmocka_unit_test(test_save_malformed),
        cmocka_unit_test(test_save_json),         cmocka_unit_test(test_save_diff),
        cmocka_unit_test(test_save_json_alloc_failure), cmocka_unit_test(test_save_init),
        cmocka_unit_test(test_save_unterminated_item_name),
    };
    // clang-format on
    return cmocka_run_group_tests_name("agi_save", tests, NULL, NULL);
}
