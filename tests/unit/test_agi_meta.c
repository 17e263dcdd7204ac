/* Unit tests for the AGI metadata formats: OBJECT (resource_containers.md
 * "Inventory metadata file"), WORDS.TOK (input_text_and_menus.md
 * "Dictionary file"), logic message tables (logic_bytecode.md "Logic
 * payload") and the profile table (version_profiles.md). */
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_json.h"
#include "relic/io.h"
#include "support.h"

static void xor_key(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] ^= (uint8_t) "Avis Durgan"[i % 11];
}

static void test_objects_fixture_xor(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("agi/v2mini/OBJECT", &f);
    agi_objects o;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_objects_decode(f.data, f.len, -1, &o, &err), RELIC_OK);
    assert_true(o.xor_key);
    assert_int_equal(o.count, 3);
    assert_int_equal(o.max_object, 4);
    assert_string_equal(o.items[2].name, "lamp");
    assert_int_equal(o.items[1].location, 255);
    relic_buf re = RELIC_BUF_INIT;
    assert_int_equal(agi_objects_encode(&o, 0, &re, NULL), RELIC_OK);
    assert_int_equal(re.len, f.len);
    assert_memory_equal(re.data, f.data, f.len);
    agi_objects_free(&o);
    relic_buf_free(&re);
    relic_buf_free(&f);
}

static void test_objects_plain_and_shared_names(void **state)
{
    (void)state;
    uint8_t d[64];
    /* 3 items, names "?" shared by items 0 and 2, then "rope" */
    size_t n = test_hex("09 00 05  09 00 00  0b 00 07  09 00 ff  3f 00 72 6f 70 65 00", d, sizeof d);
    agi_objects o;
    assert_int_equal(agi_objects_decode(d, n, 1, &o, NULL), RELIC_OK);
    assert_false(o.xor_key); /* only the plain reading is consistent */
    assert_string_equal(o.items[2].name, "?");
    relic_buf re = RELIC_BUF_INIT;
    assert_int_equal(agi_objects_encode(&o, 1, &re, NULL), RELIC_OK);
    assert_int_equal(re.len, n);
    assert_memory_equal(re.data, d, n);
    relic_buf_reset(&re);
    assert_int_equal(agi_objects_encode(&o, 0, &re, NULL), RELIC_OK);
    assert_int_equal(re.len, n + 2); /* "?" stored twice */
    agi_objects_free(&o);
    relic_buf_free(&re);
}

static void test_objects_malformed(void **state)
{
    (void)state;
    agi_objects o;
    relic_err err;
    relic_err_clear(&err);
    uint8_t d[32];
    size_t n = test_hex("04 00 00 00 00 00 00", d, sizeof d); /* table size not a multiple of 3 */
    uint8_t k[32];
    memcpy(k, d, n);
    xor_key(k, n);
    assert_int_equal(agi_objects_decode(d, n, 0, &o, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "multiple of 3"));
    n = test_hex("03 00 00 20 00 00 61 00", d, sizeof d); /* name offset outside the pool */
    assert_int_equal(agi_objects_decode(d, n, 0, &o, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 3);
    n = test_hex("03 00 00 03 00 00 61 62", d, sizeof d); /* name not terminated */
    assert_int_equal(agi_objects_decode(d, n, 0, &o, &err), RELIC_EDATA);
    n = test_hex("30 00", d, sizeof d); /* shorter than the header */
    assert_int_equal(agi_objects_decode(d, n, 0, &o, &err), RELIC_EDATA);
    /* Found by fuzzing: 146 items sharing one long name fit when shared, but
     * stored once per item the pool passes 64 KiB. */
    static uint8_t many[3 + 146 * 3 + 449];
    many[0] = 0xb6;
    many[1] = 0x01;
    for (int i = 0; i < 146; i++) {
        many[3 + 3 * i] = 0xb6;
        many[4 + 3 * i] = 0x01;
    }
    memset(many + 3 + 146 * 3, 'a', 448);
    assert_int_equal(agi_objects_decode(many, sizeof many, 0, &o, &err), RELIC_OK);
    relic_buf re = RELIC_BUF_INIT;
    assert_int_equal(agi_objects_encode(&o, 0, &re, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "16-bit name offset"));
    relic_buf_reset(&re);
    assert_int_equal(agi_objects_encode(&o, 1, &re, &err), RELIC_OK);
    assert_int_equal(re.len, sizeof many);
    relic_buf_free(&re);
    agi_objects_free(&o);
    /* As shipped by one corpus game: a stub, read as no items (ScummVM's
     * reading; test_agi_placeholder.c). */
    const uint8_t placeholder[] = "*****\x1a";
    assert_int_equal(agi_objects_decode(placeholder, 6, -1, &o, &err), RELIC_OK);
    assert_int_equal(o.placeholder, 1);
    agi_objects_free(&o);
}

static void test_words_fixture_and_round_trip(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("agi/v2mini/WORDS.TOK", &f);
    agi_words w;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_words_decode(f.data, f.len, &w, &err), RELIC_OK);
    assert_int_equal(w.count, 3);
    assert_string_equal(w.words[1].text, "apple");
    assert_int_equal(w.words[1].id, 7);
    assert_string_equal(w.words[2].text, "look");
    relic_buf re = RELIC_BUF_INIT;
    assert_int_equal(agi_words_encode(&w, &re, &err), RELIC_OK);
    assert_int_equal(re.len, f.len);
    assert_memory_equal(re.data, f.data, f.len);
    agi_words_free(&w);
    relic_buf_free(&re);
    relic_buf_free(&f);
}

static void test_words_encode_sorts_when_ungrouped(void **state)
{
    (void)state;
    agi_word list[] = {{"zebra", 9}, {"ant", 1}, {"7up", 4}, {"anthill", 2}};
    agi_words w = {list, 4, 0};
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(agi_words_encode(&w, &out, NULL), RELIC_OK);
    agi_words back;
    assert_int_equal(agi_words_decode(out.data, out.len, &back, NULL), RELIC_OK);
    assert_int_equal(back.count, 4);
    assert_string_equal(back.words[0].text, "7up"); /* non-letters lead the 'a' section */
    assert_string_equal(back.words[1].text, "ant");
    assert_string_equal(back.words[2].text, "anthill");
    assert_string_equal(back.words[3].text, "zebra");
    assert_int_equal(out.data[0] << 8 | out.data[1], 52); /* 'a' right after the header */
    assert_int_equal(out.data[2] << 8 | out.data[3], 0);  /* no 'b' words */
    agi_words_free(&back);
    relic_buf_free(&out);
}

static void test_words_malformed(void **state)
{
    (void)state;
    agi_words w;
    relic_err err;
    relic_err_clear(&err);
    uint8_t d[80];
    memset(d, 0, sizeof d);
    assert_int_equal(agi_words_decode(d, 51, &w, &err), RELIC_EDATA);
    d[1] = 52; /* 'a' at 52: prefix 3 with no previous word */
    d[52] = 3;
    d[53] = 0x9e;
    assert_int_equal(agi_words_decode(d, 57, &w, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 52);
    d[52] = 0;
    d[53] = 0x1e; /* no final-byte mark: runs off the end */
    assert_int_equal(agi_words_decode(d, 56, &w, &err), RELIC_EDATA);
    d[1] = 200; /* section offset past the file: the error names it */
    assert_int_equal(agi_words_decode(d, 60, &w, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 200);
    assert_non_null(strstr(err.msg, "0xc8"));
}

/* Real games put the 'a' section at 0x33: its first prefix byte (0) is the
 * low byte of the header's last offset ('z' = 0). */
static void test_words_section_inside_header(void **state)
{
    (void)state;
    uint8_t d[52 + 8];
    memset(d, 0, sizeof d);
    d[1] = 0x33; /* 'a' at 0x33 */
    // clang-format off
    const uint8_t tail[] = {0x9e, 0x00, 0x01, /* "a" id 1 (prefix byte is d[0x33]) */
                            0x01, 0x87, 0x00, 0x02, /* "ax" id 2 */
                            0x00};            /* final padding */
    // clang-format on
    memcpy(d + 0x34, tail, sizeof tail);
    agi_words w;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_words_decode(d, 0x34 + sizeof tail, &w, &err), RELIC_OK);
    assert_int_equal(w.count, 2);
    assert_string_equal(w.words[0].text, "a");
    assert_int_equal(w.words[0].id, 1);
    assert_string_equal(w.words[1].text, "ax");
    assert_int_equal(w.words[1].id, 2);
    agi_words_free(&w);
    /* two letters sharing one start read its words once; an offset before
     * another section's start is fine too */
    d[3] = 0x33;
    assert_int_equal(agi_words_decode(d, 0x34 + sizeof tail, &w, &err), RELIC_OK);
    assert_int_equal(w.count, 2);
    agi_words_free(&w);
    /* an entry cut by the end of the file is still an error, at its offset */
    assert_int_equal(agi_words_decode(d, 0x34 + 5, &w, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0x37);
}

/* A declared text end past the payload, with the message's zero inside
 * it: the text is the payload's, with a warning. */
static void test_logic_messages_end_past_payload(void **state)
{
    (void)state;
    uint8_t p[] = {0x01, 0x00, 0x00, 0x01, 0x10, 0x00, 0x04, 0x00, 'H' ^ 'A', 'i' ^ 'v', 0 ^ 'i'};
    agi_logic_messages m;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_logic_messages_decode(p, sizeof p, &m, &err), RELIC_OK);
    assert_int_equal(m.count, 1);
    assert_string_equal(m.msg[1].text, "Hi");
    assert_int_equal(m.warnings, 1);
    assert_int_equal(m.warning_offset, 4);
    assert_non_null(strstr(m.warning, "0x14"));
    agi_logic_messages_free(&m);
}

/* The oracle probe (AGI 2.936 under DOSBox): an unterminated "Hi " whose
 * text end lies 8 bytes past the payload, the volume bytes after it
 * keyed to read "VOLBYTE".  The original printed "Hi s Durgan": the key
 * over the zeros its memory holds past the payload, not the volume's
 * bytes; so do the decoder and the runtime. */
static void test_logic_messages_past_payload_read_zeros(void **state)
{
    (void)state;
    uint8_t vol[] = {0x03,
                     0x00,
                     0x65,
                     0x01,
                     0x00,
                     0x01,
                     0x0f,
                     0x00,
                     0x04,
                     0x00,
                     0x09,
                     0x1f,
                     0x49,
                     /* what the volume holds next */ 0x25,
                     0x6f,
                     0x08,
                     0x37,
                     0x2b,
                     0x33,
                     0x24,
                     0x6e};
    agi_logic_messages m;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_logic_messages_decode(vol, 13, &m, &err), RELIC_OK);
    assert_string_equal(m.msg[1].text, "Hi s Durgan");
    assert_true(m.msg[1].unterminated);
    assert_int_equal(m.warnings, 1);
    assert_int_equal(m.warning_offset, 6);
    assert_non_null(strstr(m.warning, "read as zeros"));
    agi_logic_messages_free(&m);
}

static void test_logic_messages_fixture(void **state)
{
    (void)state;
    relic_buf f = RELIC_BUF_INIT;
    test_fixture("agi/v2mini/vol.0", &f);
    agi_logic_messages m;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_logic_messages_decode(f.data + 5, 22, &m, &err), RELIC_OK);
    assert_int_equal(m.count, 2);
    assert_true(m.encrypted);
    assert_string_equal(m.msg[1].text, "Hello.");
    assert_string_equal(m.msg[2].text, "Bye.");
    char *texts[] = {"Hello.", "Bye."};
    relic_buf re = RELIC_BUF_INIT;
    assert_int_equal(agi_logic_encode(f.data + 7, 1, texts, 2, 1, &re, &err), RELIC_OK);
    assert_int_equal(re.len, 22);
    assert_memory_equal(re.data, f.data + 5, 22);
    agi_logic_messages_free(&m);
    relic_buf_free(&re);
    relic_buf_free(&f);
}

/* Texts longer than the decoder's run of the key laid out over and over
 * (176 bytes), built here with the key applied byte by byte: decoded and
 * encoded, the key stays in step across every run and in the tail. */
static void test_logic_messages_long_keyed(void **state)
{
    (void)state;
    static uint8_t p[10 + 400 + 1 + 37 + 1];
    char one[401], two[38];
    for (int i = 0; i < 400; i++)
        one[i] = (char)('a' + i % 23);
    one[400] = '\0';
    memset(two, 'Q', 37);
    two[37] = '\0';
    size_t end = 6 + sizeof one + sizeof two;
    /* code length 1, one code byte, 2 messages, text end, offsets 6 and 6 + 401 */
    uint8_t head[10] = {0x01, 0x00, 0x00, 0x02, 0, 0, 0x06, 0x00, 0, 0};
    head[4] = (uint8_t)end;
    head[5] = (uint8_t)(end >> 8);
    head[8] = (uint8_t)(6 + sizeof one);
    head[9] = (uint8_t)((6 + sizeof one) >> 8);
    memcpy(p, head, sizeof head);
    memcpy(p + 10, one, sizeof one);
    memcpy(p + 10 + sizeof one, two, sizeof two);
    xor_key(p + 10, sizeof p - 10);
    agi_logic_messages m;
    assert_int_equal(agi_logic_messages_decode(p, sizeof p, &m, NULL), RELIC_OK);
    assert_true(m.encrypted);
    assert_int_equal(m.count, 2);
    assert_string_equal(m.msg[1].text, one);
    assert_string_equal(m.msg[2].text, two);
    agi_logic_messages_free(&m);
    char *texts[] = {one, two};
    relic_buf re = RELIC_BUF_INIT;
    assert_int_equal(agi_logic_encode(p + 2, 1, texts, 2, 1, &re, NULL), RELIC_OK);
    assert_int_equal(re.len, sizeof p);
    assert_memory_equal(re.data, p, sizeof p);
    relic_buf_free(&re);
}

static void test_logic_messages_plain_absent_unterminated(void **state)
{
    (void)state;
    char *texts[] = {"one", NULL, "three"};
    relic_buf p = RELIC_BUF_INIT;
    assert_int_equal(agi_logic_encode((const uint8_t *)"\x00", 1, texts, 3, 0, &p, NULL), RELIC_OK);
    agi_logic_messages m;
    assert_int_equal(agi_logic_messages_decode(p.data, p.len, &m, NULL), RELIC_OK);
    assert_false(m.encrypted); /* the stored text only fits the table unkeyed */
    assert_null(m.msg[2].text);
    assert_string_equal(m.msg[3].text, "three");
    agi_logic_messages_free(&m);
    p.data[p.len - 1] = 'X'; /* drop the last zero byte */
    assert_int_equal(agi_logic_messages_decode(p.data, p.len, &m, NULL), RELIC_OK);
    assert_true(m.msg[3].unterminated);
    assert_string_equal(m.msg[3].text, "threeX");
    agi_logic_messages_free(&m);
    relic_buf_free(&p);
}

static void test_logic_messages_malformed(void **state)
{
    (void)state;
    agi_logic_messages m;
    relic_err err;
    relic_err_clear(&err);
    uint8_t d[32];
    size_t n = test_hex("10 00 00", d, sizeof d); /* code length past the payload */
    assert_int_equal(agi_logic_messages_decode(d, n, &m, &err), RELIC_EDATA);
    n = test_hex("01 00 00 02 06 00", d, sizeof d); /* offset table cut short */
    assert_int_equal(agi_logic_messages_decode(d, n, &m, &err), RELIC_EDATA);
    n = test_hex("01 00 00 01 40 00 04 00", d, sizeof d); /* text end past the payload: read, warned */
    assert_int_equal(agi_logic_messages_decode(d, n, &m, &err), RELIC_OK);
    assert_int_equal(m.warnings, 1);
    /* All of its text lies past the payload: the key over zeros, to the
     * region's end, as AGI 2.936 decrypts its memory. */
    assert_int_equal(strlen(m.msg[1].text), 0x40 - 4);
    assert_memory_equal(m.msg[1].text, "Avis DurganAvis", 15);
    agi_logic_messages_free(&m);
    n = test_hex("01 00 00 01 05 00 09 00 41", d, sizeof d); /* message outside the region */
    assert_int_equal(agi_logic_messages_decode(d, n, &m, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 6);
}

/* agi_messages_write_json prints relic_json_encode's bytes of
 * agi_messages_to_json's tree: no messages, an absent one, an
 * unterminated one, CP437 and control bytes, and an AGDS table (CP866
 * text, its xor_key member). */
static void test_messages_stream_same_as_tree(void **state)
{
    (void)state;
    char t1[] = "caf\x82 \"q\" \\ tab\there", t3[] = "\x01\x1f plain", t4[] = "\x8f\xe0 AGDS";
    agi_message msgs[5] = {{0}, {4, t1, 0}, {0, NULL, 0}, {9, t3, 1}, {12, t4, 0}};
    for (int kind = 0; kind < 4; kind++) {
        agi_logic_messages m;
        memset(&m, 0, sizeof m);
        m.msg = msgs;
        m.count = kind == 0 ? 0 : kind == 1 ? 1 : 4;
        m.encrypted = kind == 3 ? AGI_MSG_KEY_AGDS : kind == 2 ? AGI_MSG_PLAIN : AGI_MSG_KEY_SIERRA;
        json_t *doc = agi_messages_to_json(&m, 42);
        relic_buf tree = RELIC_BUF_INIT, stream = RELIC_BUF_INIT;
        assert_int_equal(relic_json_encode(doc, &tree, NULL), RELIC_OK);
        assert_int_equal(agi_messages_write_json(&m, 42, &stream, NULL), RELIC_OK);
        assert_int_equal(stream.len, tree.len);
        assert_memory_equal(stream.data, tree.data, tree.len);
        json_decref(doc);
        relic_buf_free(&tree);
        relic_buf_free(&stream);
    }
}

/* agi_objects_write_json and agi_words_write_json print relic_json_encode's
 * bytes of the trees: each encoding, placeholders, CP437 names, none. */
static void test_objects_words_stream_same_as_tree(void **state)
{
    (void)state;
    char n0[] = "?", n1[] = "caf\x82 \"key\"", w0[] = "a", w1[] = "\x9b\\x";
    agi_item items[2] = {{0}};
    items[0].name = n0;
    items[0].location = 0;
    items[1].name = n1;
    items[1].location = 255;
    agi_word words[2] = {{w0, 1}, {w1, 9999}};
    for (int k = 0; k < 4; k++) {
        agi_objects o;
        memset(&o, 0, sizeof o);
        o.items = items;
        o.count = k == 3 ? 0 : 2;
        o.xor_key = k == 1 ? AGI_MSG_KEY_SIERRA : k == 2 ? AGI_MSG_KEY_AGDS : AGI_MSG_PLAIN;
        o.max_object = (uint8_t)(k * 7);
        o.placeholder = k == 3;
        agi_words w = {words, k == 3 ? 0 : 2, k == 3};
        relic_buf tree = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
        json_t *doc = agi_objects_to_json(&o);
        assert_int_equal(relic_json_encode(doc, &tree, NULL), RELIC_OK);
        assert_int_equal(agi_objects_write_json(&o, &out, NULL), RELIC_OK);
        assert_int_equal(out.len, tree.len);
        assert_memory_equal(out.data, tree.data, tree.len);
        json_decref(doc);
        doc = agi_words_to_json(&w);
        assert_int_equal(relic_json_encode(doc, &tree, NULL), RELIC_OK);
        assert_int_equal(agi_words_write_json(&w, &out, NULL), RELIC_OK);
        assert_int_equal(out.len, tree.len);
        assert_memory_equal(out.data, tree.data, tree.len);
        json_decref(doc);
        relic_buf_free(&tree);
        relic_buf_free(&out);
    }
}

static void test_messages_json_round_trip(void **state)
{
    (void)state;
    char *texts[] = {"caf\x82", NULL};
    relic_buf p = RELIC_BUF_INIT;
    assert_int_equal(agi_logic_encode((const uint8_t *)"\x00", 1, texts, 2, 1, &p, NULL), RELIC_OK);
    agi_logic_messages m;
    assert_int_equal(agi_logic_messages_decode(p.data, p.len, &m, NULL), RELIC_OK);
    json_t *j = agi_messages_to_json(&m, 7);
    assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(j, "messages"), 0), "text")),
                        "caf\xc3\xa9");
    char **back;
    unsigned count;
    int enc;
    assert_int_equal(agi_messages_from_json(j, &back, &count, &enc, NULL), RELIC_OK);
    assert_int_equal(count, 2);
    assert_true(enc);
    assert_string_equal(back[0], "caf\x82");
    assert_null(back[1]);
    agi_messages_free(back, count);
    json_decref(j);
    agi_logic_messages_free(&m);
    relic_buf_free(&p);
}

static void test_profiles(void **state)
{
    (void)state;
    unsigned n;
    const agi_profile *all = agi_profiles(&n);
    assert_int_equal(n, 11); /* ten promoted profiles and the Gold Rush build of 3.002.149 */
    assert_string_equal(all[0].name, "2.089");
    assert_int_equal(agi_profile_find("2.936")->action_max, 0xaf);
    assert_int_equal(agi_profile_find("2.089")->action_max, 0x9a);
    assert_int_equal(agi_profile_find("3.002.149")->key_map_entries, 49);
    assert_string_equal(agi_profile_find("2.439")->name, "2.440");
    assert_string_equal(agi_profile_find("2.915")->name, "2.917");
    assert_null(agi_profile_find("2.9"));
    int exact;
    assert_string_equal(agi_profile_for_version("2.426", &exact)->name, "2.411");
    assert_false(exact);
    assert_string_equal(agi_profile_for_version("2.936", &exact)->name, "2.936");
    assert_true(exact);
    assert_string_equal(agi_profile_for_version("3.002.098", &exact)->name, "3.002.086");
    assert_string_equal(agi_profile_for_version("2.001", &exact)->name, "2.089");
    assert_null(agi_profile_for_version("x", &exact));
    /* The build variant is chosen by game, never by version number. */
    assert_string_equal(agi_profile_for_version("3.002.149", &exact)->name, "3.002.149");
    assert_string_equal(agi_profile_for_version("3.002.150", &exact)->name, "3.002.149");
    const agi_profile *gr = agi_profile_find("3.002.149-gr");
    assert_non_null(gr);
    assert_ptr_equal(agi_profile_for_game(agi_profile_find("3.002.149"), "GR"), gr);
    assert_ptr_equal(agi_profile_for_game(agi_profile_find("3.002.149"), "gr"), gr);
    assert_string_equal(agi_profile_for_game(agi_profile_find("3.002.149"), "MH2")->name, "3.002.149");
    assert_string_equal(agi_profile_for_game(agi_profile_find("3.002.102"), "GR")->name, "3.002.102");
    assert_int_equal(gr->key_map_entries, 49);
    assert_int_equal(gr->save_block1, 0x0404);
    for (unsigned i = 0; i < n; i++) /* the v3 profiles, and only they, use the combined container */
        assert_int_equal(all[i].layout == AGI_LAYOUT_V3, all[i].name[0] == '3');
}

static void test_version_scan(void **state)
{
    (void)state;
    char v[24];
    const char blob[] = "\x01\x02junk Version 2.917\x00more";
    assert_int_equal(agi_version_scan((const uint8_t *)blob, sizeof blob, v, sizeof v), 1);
    assert_string_equal(v, "2.917");
    const char none[] = "Version x.yyy and Version 12";
    assert_int_equal(agi_version_scan((const uint8_t *)none, sizeof none, v, sizeof v), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_objects_fixture_xor),
        cmocka_unit_test(test_objects_plain_and_shared_names),
        cmocka_unit_test(test_objects_malformed),
        cmocka_unit_test(test_words_fixture_and_round_trip),
        cmocka_unit_test(test_words_encode_sorts_when_ungrouped),
        cmocka_unit_test(test_words_malformed),
        cmocka_unit_test(test_logic_messages_past_payload_read_zeros),
        cmocka_unit_test(test_logic_messages_fixture),
        cmocka_unit_test(test_logic_messages_long_keyed),
        cmocka_unit_test(test_messages_stream_same_as_tree),
        cmocka_unit_test(test_objects_words_stream_same_as_tree),
        cmocka_unit_test(test_logic_messages_plain_absent_unterminated),
        cmocka_unit_test(test_logic_messages_malformed),
        cmocka_unit_test(test_messages_json_round_trip),
        cmocka_unit_test(test_words_section_inside_header),
        cmocka_unit_test(test_logic_messages_end_past_payload),
        cmocka_unit_test(test_profiles),
        cmocka_unit_test(test_version_scan),
    };
    return cmocka_run_group_tests_name("agi_meta", tests, NULL, NULL);
}
