/* Corpus test for an AGDS game at run time over $RELIC_CORPUS/agi/groza
 * (ScummVM's "Groza [AGDS sample]", profile 2.440): run with the clone's
 * rules (no Sierra profile named), its first message window, the credits in
 * CP866, is open at cycle 40; the screen drawn with relic's Cyrillic
 * letters matches a golden digest (RELIC_GOLDEN_WRITE=1 prints it), the
 * window's bytes come from the upper half (another upper half changes the
 * screen), and the state reports the window as UTF-8 Cyrillic. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_ext.h"
#include "relic/agi_vm.h"
#include "relic/agi_vm_json.h"
#include "relic/sha256.h"
#include "support.h"

#define GROZA_TICK 40
/* relic's screen of groza at cycle 40: the credits window in Cyrillic. */
static const char groza_screen[] = "3c11f39cb9581f402dbbf4af240687c2317edf61eeb534e8323f440fe8817491";

static uint8_t screen[AGI_SCREEN_W * AGI_SCREEN_H];

static void test_groza_window(void **state)
{
    (void)state;
    char dir[1200];
    test_corpus_require("agi/groza", "agds", dir, sizeof dir);
    agi_fileset fs = {0};
    agi_game game;
    agi_vm *vm = NULL;
    relic_err err;
    relic_err_clear(&err);
    agi_vm_opts o = {.seed = 1};
    if (agi_fileset_read_dir(dir, &fs, &err) || agi_game_open(&fs, NULL, &game, &err) ||
        agi_vm_new(&game, &o, &vm, &err))
        fail_msg("groza: cannot start: %s", err.msg);
    unsigned why_count;
    assert_true(agi_extensions_detect(&game, NULL, 0, &why_count) & AGI_EXT_AGDS);
    while (agi_vm_cycles(vm) < GROZA_TICK)
        if (agi_vm_cycle(vm, NULL, &err))
            fail_msg("groza: %s", err.msg);
    assert_int_equal(agi_vm_modal_state(vm), AGI_MODAL_MESSAGE);

    agi_vm_render(vm);
    agi_vm_screen(vm, NULL, screen);
    char hex[65], other[65];
    relic_sha256_hex(screen, sizeof screen, hex);
    if (getenv("RELIC_GOLDEN_WRITE"))
        printf("groza %d %s\n", GROZA_TICK, hex);
    else
        assert_string_equal(hex, groza_screen);

    static uint8_t ink[AGI_FONT_UPPER_BYTES];
    memset(ink, 0xff, sizeof ink);
    agi_vm_fonts f = {.upper = ink};
    agi_vm_screen_with(vm, &f, screen);
    relic_sha256_hex(screen, sizeof screen, other);
    assert_string_not_equal(hex, other);

    json_t *j = agi_vm_state_json(vm);
    assert_non_null(j);
    const char *window = json_string_value(json_object_get(j, "window"));
    assert_non_null(window);
    /* " Обучающая программа" */
    assert_non_null(strstr(window, "\xd0\x9e\xd0\xb1\xd1\x83\xd1\x87\xd0\xb0\xd1\x8e\xd1\x89\xd0\xb0\xd1\x8f "
                                   "\xd0\xbf\xd1\x80\xd0\xbe\xd0\xb3\xd1\x80\xd0\xb0\xd0\xbc\xd0\xbc\xd0\xb0"));
    json_decref(j);
    agi_vm_free(vm);
    agi_fileset_free(&fs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_groza_window),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
