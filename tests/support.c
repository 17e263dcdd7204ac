/* Test helpers (support.h). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/io.h"
#include "support.h"

void test_fixture(const char *rel, relic_buf *out)
{
    char path[1024];
    const char *root = getenv("RELIC_FIXTURES");
    snprintf(path, sizeof path, "%s/%s", root ? root : "tests/fixtures", rel);
    relic_err err;
    relic_err_clear(&err);
    if (relic_file_read(path, out, &err) != RELIC_OK)
        fail_msg("fixture %s: %s", path, err.msg);
}

const char *test_corpus_root(void)
{
    const char *root = getenv("RELIC_CORPUS");
    return root && *root ? root : NULL;
}

void test_corpus_require(const char *sub, const char *what, char *out, size_t outsz)
{
    const char *root = test_corpus_root();
    if (!root) {
        const char *ci = getenv("CI");
        if (ci && strcmp(ci, "true") == 0)
            fail_msg("RELIC_CORPUS is not set, and corpus tests are required under CI");
        print_message("# %s corpus tests skipped: RELIC_CORPUS not set (point it at shared/corpus)\n", what);
        skip();
    }
    snprintf(out, outsz, "%s%s%s", root, *sub ? "/" : "", sub);
}

void test_tmpdir(char *out, size_t outsz)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(out, outsz, "%s/relic-test-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(out))
        fail_msg("mkdtemp failed");
}

void test_tmpdir_remove(const char *path)
{
    char cmd[1200];
    if (strncmp(path, "/tmp/", 5) != 0 && !getenv("TMPDIR"))
        return;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
    if (system(cmd) != 0)
        fail_msg("cannot remove %s", path);
}

size_t test_hex(const char *hex, uint8_t *out, size_t outsz)
{
    size_t n = 0;
    while (*hex) {
        if (isspace((unsigned char)*hex)) {
            hex++;
            continue;
        }
        unsigned v;
        if (sscanf(hex, "%2x", &v) != 1 || n >= outsz)
            fail_msg("bad test hex at '%s'", hex);
        out[n++] = (uint8_t)v;
        hex += 2;
    }
    return n;
}

static long test_json_alloc_left = -1;

static void *test_json_malloc(size_t n)
{
    if (test_json_alloc_left == 0) {
        test_json_alloc_left = -1; /* one fault: the calls after it succeed */
        return NULL;
    }
    if (test_json_alloc_left > 0)
        test_json_alloc_left--;
    return malloc(n);
}

void test_json_fail_at(long n)
{
    test_json_alloc_left = n;
    json_set_alloc_funcs(n < 0 ? malloc : test_json_malloc, free);
}

unsigned test_json_whole_or_null(json_t *(*build)(const void *arg), const void *arg, unsigned max_calls)
{
    json_t *whole = build(arg);
    assert_non_null(whole);
    unsigned n = 0, lost = 0;
    for (; n < max_calls; n++) {
        test_json_fail_at((long)n);
        json_t *doc = build(arg);
        long spare = test_json_alloc_left;
        test_json_fail_at(-1);
        if (doc && !json_equal(doc, whole)) {
            char *got = json_dumps(doc, JSON_COMPACT | JSON_SORT_KEYS);
            fail_msg("allocation %u failing: a document short of a member: %.200s", n, got ? got : "?");
        }
        lost += !doc;
        int done = spare > 0; /* the nth call never came: every call was tried */
        json_decref(doc);
        if (done)
            break;
    }
    json_decref(whole);
    assert_true(lost > 0);
    return n;
}
