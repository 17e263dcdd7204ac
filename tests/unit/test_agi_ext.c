/* The AGI community extensions (libformats/agi/agipal.c): AGIPAL palette
 * files decoded from explicit bytes, detection from the file set, the
 * shake.screen range of the descriptor row, and the runtime switch. */
#include "agi_vm_support.h"
#include "relic/agi_ext.h"

/* 72 bytes: chunk 0 colours 0-7, chunk 1 (ignored), chunk 2 colours 8-15. */
static void test_pal_bytes(uint8_t pal[72])
{
    memset(pal, 0, 72);
    pal[0] = 63;                               /* colour 0 red full */
    pal[21] = 0, pal[22] = 63, pal[23] = 32;   /* colour 7 */
    memset(pal + 24, 0x2a, 24);                /* chunk 1: never read */
    pal[48] = 1, pal[49] = 2, pal[50] = 3;     /* colour 8 */
    pal[69] = 0x7f;                            /* colour 15 red: above 63, keeps 0x3f */
}

static void test_agipal_decode(void **state)
{
    (void)state;
    uint8_t pal[72], rgb[48];
    unsigned masked = 99;
    relic_err err;
    relic_err_clear(&err);
    test_pal_bytes(pal);
    assert_int_equal(agi_agipal_decode(pal, sizeof pal, rgb, &masked, &err), RELIC_OK);
    assert_int_equal(masked, 1);
    assert_int_equal(rgb[0], 255);
    assert_int_equal(rgb[1], 0);
    assert_int_equal(rgb[22], 255);
    assert_int_equal(rgb[23], 32 * 255 / 63);
    assert_int_equal(rgb[24], 1 * 255 / 63); /* colour 8 from byte 48, not chunk 1 */
    assert_int_equal(rgb[25], 2 * 255 / 63);
    assert_int_equal(rgb[26], 3 * 255 / 63);
    assert_int_equal(rgb[45], 255);          /* 0x7f & 0x3f = 63 */
    /* A longer file (the eight chunks of a real one) reads the same. */
    uint8_t big[192];
    memset(big, 0x3f, sizeof big);
    memcpy(big, pal, sizeof pal);
    uint8_t rgb2[48];
    assert_int_equal(agi_agipal_decode(big, sizeof big, rgb2, NULL, &err), RELIC_OK);
    assert_memory_equal(rgb, rgb2, 48);
}

static void test_agipal_malformed(void **state)
{
    (void)state;
    uint8_t pal[72], rgb[48];
    relic_err err;
    test_pal_bytes(pal);
    relic_err_clear(&err);
    assert_int_equal(agi_agipal_decode(pal, 71, rgb, NULL, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 48); /* chunk 2 is the one cut short */
    relic_err_clear(&err);
    assert_int_equal(agi_agipal_decode(pal, 20, rgb, NULL, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0);
    relic_err_clear(&err);
    assert_int_equal(agi_agipal_decode(NULL, 0, rgb, NULL, &err), RELIC_EDATA);
}

static void test_fs_add(agi_fileset *fs, const char *name, const uint8_t *bytes, size_t len)
{
    relic_err err;
    relic_err_clear(&err);
    uint8_t *copy = malloc(len ? len : 1);
    assert_non_null(copy);
    if (len)
        memcpy(copy, bytes, len);
    assert_int_equal(agi_fileset_add(fs, name, copy, len, &err), RELIC_OK);
}

static void test_agipal_detect(void **state)
{
    (void)state;
    uint8_t pal[72];
    test_pal_bytes(pal);
    char why[4][240];
    unsigned n = 9;
    agi_fileset fs = {0, 0};
    agi_game g;
    memset(&g, 0, sizeof g);
    g.files = &fs;
    test_fs_add(&fs, "PAL.99", pal, sizeof pal); /* outside pal.100..109 */
    test_fs_add(&fs, "pal.110", pal, sizeof pal);
    assert_int_equal(agi_extensions_detect(&g, why, 4, &n), 0);
    assert_int_equal(n, 0);
    test_fs_add(&fs, "PAL.104", pal, sizeof pal); /* names compare without case */
    assert_int_equal(agi_extensions_detect(&g, why, 4, &n), AGI_EXT_AGIPAL);
    assert_int_equal(n, 1);
    assert_non_null(strstr(why[0], "pal.104"));
    uint8_t rgb[48];
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_agipal_load(&fs, 104, rgb, NULL, &err), RELIC_OK);
    assert_int_equal(rgb[0], 255);
    assert_int_equal(agi_agipal_load(&fs, 105, rgb, NULL, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "pal.105"));
    agi_fileset_free(&fs);

    unsigned count;
    const agi_extension *t = agi_extensions(&count);
    assert_true(count >= 1);
    assert_string_equal(t[0].name, "agipal");
    assert_non_null(agi_extension_for_shake(AGI_EXT_AGIPAL, 100));
    assert_non_null(agi_extension_for_shake(AGI_EXT_AGIPAL, 109));
    assert_null(agi_extension_for_shake(AGI_EXT_AGIPAL, 99));
    assert_null(agi_extension_for_shake(AGI_EXT_AGIPAL, 110));
    assert_null(agi_extension_for_shake(0, 101)); /* not an AGIPAL game: a real shake */
}

/* shake.screen(101) in an AGIPAL game switches the runtime palette to
 * pal.101; shake.screen(102) without a pal.102 keeps it. */
static void test_agipal_runtime(void **state)
{
    (void)state;
    uint8_t pal[72];
    test_pal_bytes(pal);
    agi_fileset fs = {0, 0};
    test_fs_add(&fs, "pal.101", pal, sizeof pal);
    agi_game g;
    memset(&g, 0, sizeof g);
    g.files = &fs;
    agi_vm *vm = test_vm_new(NULL);
    assert_memory_equal(agi_vm_palette(vm), agi_ega_palette, 48);
    assert_int_equal(agi_vm_agipal_file(vm), 0);
    vm->game = &g;
    vm->extensions = AGI_EXT_AGIPAL; /* what agi_vm_new finds in a game with pal.101 */
    test_vm_code(vm, 0, "6e 65 6e 66 00"); /* shake.screen(101) shake.screen(102) return */
    relic_err err;
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    assert_int_equal(agi_vm_agipal_file(vm), 101);
    assert_int_equal(agi_vm_palette(vm)[0], 255);
    assert_int_equal(agi_vm_palette(vm)[45], 255);
    assert_int_equal(agi_vm_palette(vm)[3 * 15 + 1], 0); /* EGA white would be 0xff */
    vm->game = NULL;
    agi_vm_free(vm);

    /* Not an AGIPAL game: shake.screen(101) leaves the EGA colours. */
    vm = test_vm_new(NULL);
    vm->game = &g; /* extensions stay 0 */
    test_vm_code(vm, 0, "6e 65 00");
    assert_int_equal(test_vm_cycle(vm, &err), RELIC_OK);
    assert_int_equal(agi_vm_agipal_file(vm), 0);
    assert_memory_equal(agi_vm_palette(vm), agi_ega_palette, 48);
    vm->game = NULL;
    agi_vm_free(vm);
    agi_fileset_free(&fs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agipal_decode),
        cmocka_unit_test(test_agipal_malformed),
        cmocka_unit_test(test_agipal_detect),
        cmocka_unit_test(test_agipal_runtime),
    };
    return cmocka_run_group_tests_name("agi_ext", tests, NULL, NULL);
}
