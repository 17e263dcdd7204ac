/* Placeholder OBJECT and WORDS.TOK files (libformats/agi/fileset.c
 * agi_file_is_stub): the AGDS sample groza ships both as the six bytes
 * "*****" 0x1a.  They read as an empty item list and an empty dictionary,
 * as ScummVM reads them, with no error; a short file that is not such a
 * text stub is still an error, and the runtime runs a stub game without a
 * warning. */
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_json.h"
#include "agi_vm_support.h"

static const uint8_t test_stub[] = {'*', '*', '*', '*', '*', 0x1a};

static void test_placeholder_words(void **state)
{
    (void)state;
    agi_words w;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_words_decode(test_stub, sizeof test_stub, &w, &err), RELIC_OK);
    assert_int_equal(w.count, 0);
    assert_int_equal(w.placeholder, 1);
    json_t *j = agi_words_to_json(&w);
    assert_true(json_is_true(json_object_get(j, "placeholder")));
    assert_int_equal(json_array_size(json_object_get(j, "words")), 0);
    json_decref(j);
    agi_words_free(&w);
    /* Not stubs: no end-of-file mark, a byte outside printable ASCII, an
     * empty file, the header of a real dictionary cut short. */
    static const uint8_t no_eof[] = {'*', '*', '*', '*', '*', '*'};
    static const uint8_t binary[] = {'*', 0x01, '*', '*', '*', 0x1a};
    static const uint8_t cut[] = {0x00, 0x34, 0x00, 0x00, 0x00, 0x40};
    const struct {
        const uint8_t *d;
        size_t n;
    } bad[] = {{no_eof, sizeof no_eof}, {binary, sizeof binary}, {cut, sizeof cut}, {test_stub, 0}};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        relic_err_clear(&err);
        assert_int_equal(agi_words_decode(bad[i].d, bad[i].n, &w, &err), RELIC_EDATA);
        assert_non_null(strstr(err.msg, "52-byte header"));
        assert_int_equal(w.placeholder, 0);
    }
}

static void test_placeholder_objects(void **state)
{
    (void)state;
    agi_objects o;
    relic_err err;
    for (int key = AGI_MSG_PLAIN; key <= AGI_MSG_KEY_AGDS; key++) {
        relic_err_clear(&err);
        assert_int_equal(agi_objects_decode(test_stub, sizeof test_stub, key, &o, &err), RELIC_OK);
        assert_int_equal(o.count, 0);
        assert_int_equal(o.placeholder, 1);
        assert_int_equal(o.xor_key, AGI_MSG_PLAIN);
        json_t *j = agi_objects_to_json(&o);
        assert_true(json_is_true(json_object_get(j, "placeholder")));
        json_decref(j);
        agi_objects_free(&o);
    }
    /* The same bytes without the end-of-file mark stay an error. */
    static const uint8_t no_eof[] = {'*', '*', '*', '*', '*', '*'};
    relic_err_clear(&err);
    assert_int_equal(agi_objects_decode(no_eof, sizeof no_eof, AGI_MSG_KEY_AGDS, &o, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "runs past the end"));
    /* A valid file that happens to end in 0x1a is read as data. */
    static const uint8_t real[] = {0x03, 0x00, 0x10, 0x03, 0x00, 0x00, '?', 0x00};
    relic_err_clear(&err);
    assert_int_equal(agi_objects_decode(real, sizeof real, AGI_MSG_PLAIN, &o, &err), RELIC_OK);
    assert_int_equal(o.placeholder, 0);
    assert_int_equal(o.count, 1);
    agi_objects_free(&o);
}

/* A game with both stubs runs without inventory or vocabulary and
 * without a warning; 16 objects, as a game without OBJECT. */
static void test_placeholder_runtime(void **state)
{
    (void)state;
    static const uint8_t code[] = {0x00}; /* return */
    relic_buf logic = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_logic_encode(code, sizeof code, NULL, 0, 1, &logic, &err), RELIC_OK);
    agi_build_input in;
    memset(&in, 0, sizeof in);
    in.payloads[AGI_LOGIC][0] = &logic;
    agi_build_opts opts = {.layout = AGI_LAYOUT_V2};
    agi_fileset fs = {0, 0};
    assert_int_equal(agi_game_build(&in, &opts, &fs, &err), RELIC_OK);
    uint8_t *obj = malloc(sizeof test_stub), *words = malloc(sizeof test_stub);
    memcpy(obj, test_stub, sizeof test_stub);
    memcpy(words, test_stub, sizeof test_stub);
    assert_int_equal(agi_fileset_add(&fs, "OBJECT", obj, sizeof test_stub, &err), RELIC_OK);
    assert_int_equal(agi_fileset_add(&fs, "WORDS.TOK", words, sizeof test_stub, &err), RELIC_OK);
    agi_game g;
    assert_int_equal(agi_game_open(&fs, NULL, &g, &err), RELIC_OK);
    agi_vm *vm;
    agi_vm_opts o = {.seed = 5, .max_steps = 1000};
    assert_int_equal(agi_vm_new(&g, &o, &vm, &err), RELIC_OK);
    assert_string_equal(agi_vm_warning(vm), "");
    assert_int_equal(vm->obj_count, 16);
    assert_int_equal(vm->item_count, 0);
    assert_int_equal(vm->words.count, 0);
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    agi_vm_free(vm);
    agi_fileset_free(&fs);
    relic_buf_free(&logic);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_placeholder_words),
        cmocka_unit_test(test_placeholder_objects),
        cmocka_unit_test(test_placeholder_runtime),
    };
    return cmocka_run_group_tests_name("agi_placeholder", tests, NULL, NULL);
}
