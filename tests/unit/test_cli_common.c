/* Unit tests for the command conventions in cmd/common (image.c,
 * streams.c, the options' descriptor of opts.c) and the JSON key order of
 * libio/json.c: the --aspect
 * shapes (ScummVM's 4:3 row mapping), output names, `-o -`, and numbered
 * keys in numeric order. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "image.h"
#include "cli.h"
#include "json_report.h"
#include "opts.h"
#include "relic/io.h"
#include "streams.h"
#include "support.h"

static void test_aspect_sizes(void **state)
{
    (void)state;
    unsigned w, h;
    cli_image_size(160, 168, 1, CLI_ASPECT_NONE, 0, &w, &h);
    assert_int_equal(w, 160), assert_int_equal(h, 168);
    cli_image_size(160, 168, 1, CLI_ASPECT_WIDE, 0, &w, &h);
    assert_int_equal(w, 320), assert_int_equal(h, 168);
    cli_image_size(160, 168, 1, CLI_ASPECT_4_3, 0, &w, &h);
    assert_int_equal(w, 320), assert_int_equal(h, 201);
    /* The screen is already double-wide: only 4:3 changes it. */
    cli_image_size(320, 200, 1, CLI_ASPECT_WIDE, 1, &w, &h);
    assert_int_equal(w, 320), assert_int_equal(h, 200);
    cli_image_size(320, 200, 1, CLI_ASPECT_4_3, 1, &w, &h);
    assert_int_equal(w, 320), assert_int_equal(h, 240);
    cli_image_size(320, 200, 2, CLI_ASPECT_4_3, 1, &w, &h);
    assert_int_equal(w, 640), assert_int_equal(h, 480);
}

static void test_aspect_rows(void **state)
{
    (void)state;
    /* Five rows, one pixel wide: 4:3 gives six, output row y showing source
     * row (y * 5 + 3) / 6, that is 0, 1, 2, 3, 3, 4. */
    const uint8_t src[5] = {10, 11, 12, 13, 14};
    unsigned w, h;
    uint8_t *out = cli_image_scale(src, 1, 5, 1, CLI_ASPECT_4_3, 1, &w, &h);
    assert_non_null(out);
    assert_int_equal(w, 1), assert_int_equal(h, 6);
    const uint8_t want[6] = {10, 11, 12, 13, 13, 14};
    assert_memory_equal(out, want, 6);
    free(out);
    /* Scale 2, double-wide: each pixel becomes a 4x2 block. */
    const uint8_t two[2] = {1, 2};
    out = cli_image_scale(two, 2, 1, 2, CLI_ASPECT_WIDE, 0, &w, &h);
    assert_int_equal(w, 8), assert_int_equal(h, 2);
    const uint8_t block[16] = {1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1, 2, 2, 2, 2};
    assert_memory_equal(out, block, 16);
    free(out);
}

static void test_aspect_values(void **state)
{
    (void)state;
    cli_aspect a = CLI_ASPECT_NONE;
    assert_int_equal(cli_parse_aspect(NULL, &a), 0), assert_int_equal(a, CLI_ASPECT_WIDE);
    assert_int_equal(cli_parse_aspect("4:3", &a), 0), assert_int_equal(a, CLI_ASPECT_4_3);
    assert_int_equal(cli_parse_aspect("2:1", &a), 0), assert_int_equal(a, CLI_ASPECT_WIDE);
    assert_int_equal(cli_parse_aspect("16:9", &a), -1);
}

static void test_output_names(void **state)
{
    (void)state;
    assert_int_equal(cli_output_name_ok("a.png", "png", 0), 0);
    assert_int_equal(cli_output_name_ok("A.PNG", "png", 0), 0);
    assert_int_equal(cli_output_name_ok("a.bmp", "png", 0), -1);
    assert_int_equal(cli_output_name_ok("dir.png/a", "png", 0), -1);
    assert_int_equal(cli_output_name_ok("noext", "png", 0), -1);
    assert_int_equal(cli_output_name_ok("-", "png", 1), 0);
    assert_int_equal(cli_output_name_ok("-", "png", 0), -1);
    assert_int_equal(cli_output_name_ok("s.flac", "wav,flac,ogg", 0), 0);
    assert_int_equal(cli_output_name_ok("s.fla", "wav,flac,ogg", 0), -1);
}

static void test_stdout_is_dash(void **state)
{
    (void)state;
    relic_err err;
    relic_err_clear(&err);
    fflush(stdout);
    assert_int_equal(cli_write_output("-", "", 0, &err), RELIC_OK);
}

/* cli_json_report(doc) with stdout and stderr caught: returns its result,
 * what it printed (malloc'd) in *out and stderr's first bytes in err. */
static int test_report(const json_t *doc, const char *list_key, char **out, char *err, size_t errsz)
{
    char dir[256], po[300], pe[300];
    test_tmpdir(dir, sizeof dir);
    snprintf(po, sizeof po, "%s/out", dir);
    snprintf(pe, sizeof pe, "%s/err", dir);
    fflush(stdout);
    fflush(stderr);
    int so = dup(1), se = dup(2), fo = open(po, O_WRONLY | O_CREAT | O_TRUNC, 0600),
        fe = open(pe, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(so >= 0 && se >= 0 && fo >= 0 && fe >= 0);
    dup2(fo, 1), dup2(fe, 2);
    int rc = cli_json_report(doc, "relic-test", 3, list_key);
    fflush(stdout);
    fflush(stderr);
    dup2(so, 1), dup2(se, 2);
    close(so), close(se), close(fo), close(fe);
    relic_buf b = RELIC_BUF_INIT;
    relic_err e;
    assert_int_equal(relic_file_read(pe, &b, &e), RELIC_OK);
    snprintf(err, errsz, "%.*s", (int)b.len, b.len ? (const char *)b.data : "");
    assert_int_equal(relic_file_read(po, &b, &e), RELIC_OK);
    relic_buf_u8(&b, 0);
    *out = (char *)relic_buf_take(&b, NULL);
    test_tmpdir_remove(dir);
    return rc;
}

/* Every --json document is an object with format and format_version: an
 * object gains them (keeping its own), a list is wrapped under its key.
 * With any allocation failing, the whole document or nothing, -1 and the
 * reason on stderr; never a document short of a member. */
static void test_json_report_shape(void **state)
{
    (void)state;
    json_t *doc = json_pack("{s:i, s:[i, i]}", "v10", 1, "list", 2, 3), *own = json_pack("{s:s}", "format", "mine");
    json_t *arr = json_pack("[i]", 7);
    char *out, err[256];
    assert_int_equal(test_report(doc, NULL, &out, err, sizeof err), 0);
    assert_string_equal(out,
                        "{\n  \"format\": \"relic-test\",\n  \"format_version\": 3,\n  \"v10\": 1,\n  \"list\": [\n"
                        "    2,\n    3\n  ]\n}\n");
    assert_string_equal(err, "");
    free(out);
    assert_null(json_object_get(doc, "format")); /* doc stays the caller's */
    assert_int_equal(test_report(own, NULL, &out, err, sizeof err), 0);
    assert_non_null(strstr(out, "\"format\": \"mine\""));
    assert_non_null(strstr(out, "\"format_version\": 3"));
    free(out);
    assert_int_equal(test_report(arr, "saves", &out, err, sizeof err), 0);
    assert_string_equal(out,
                        "{\n  \"format\": \"relic-test\",\n  \"format_version\": 3,\n  \"saves\": [\n    7\n  ]\n}\n");
    free(out);
    assert_int_equal(test_report(NULL, NULL, &out, err, sizeof err), -1); /* a failed builder's NULL */
    assert_string_equal(out, "");
    assert_non_null(strstr(err, "out of memory"));
    free(out);
    char *whole;
    assert_int_equal(test_report(doc, NULL, &whole, err, sizeof err), 0);
    int lost = 0, n;
    for (n = 0; n < 64; n++) {
        test_json_fail_at(n);
        int rc = test_report(doc, NULL, &out, err, sizeof err);
        test_json_fail_at(-1);
        if (rc) {
            assert_string_equal(out, "");
            assert_non_null(strstr(err, "out of memory"));
            lost++;
        } else {
            assert_string_equal(out, whole);
        }
        free(out);
    }
    assert_true(lost > 0 && lost < n);
    free(whole);
    json_decref(doc);
    json_decref(own);
    json_decref(arr);
}

/* The descriptor's parser: codes and values as getopt gives them, each
 * row's name as typed, -v/-q taken by the parser, and the mode check
 * naming the first option outside the mode. */
static void test_opts_modes(void **state)
{
    (void)state;
    enum { M_ONE = 1, M_TWO = 2, O_LONG = 256 };
    static const cli_opt table[] = {
        {"output", 'o', required_argument, 'o', CLI_OUT_FILE, M_ONE},
        {"long-only", 0, no_argument, O_LONG, CLI_VAL, M_TWO},
        {"json", 0, no_argument, 300, CLI_PRINTS, CLI_ALL_MODES},
    };
    char *argv[] = {"tool", "-o", "x.png", "pos", "--long", "-v", "--json", NULL};
    cli_parser p;
    cli_opts_init(&p, table, 3, 7, argv);
    assert_int_equal(cli_opts_next(&p), 'o');
    assert_string_equal(optarg, "x.png");
    assert_int_equal(cli_opts_next(&p), O_LONG); /* an abbreviation, as getopt_long allows */
    assert_int_equal(cli_opts_next(&p), 300);    /* -v is the parser's */
    assert_int_equal(cli_opts_next(&p), -1);
    assert_int_equal(cli_verbosity(), 1);
    cli_set_verbosity(0);
    assert_string_equal(argv[optind], "pos");
    char name[32];
    assert_string_equal(cli_opts_typed(&p, 'o', name, sizeof name), "-o");
    assert_string_equal(cli_opts_typed(&p, O_LONG, name, sizeof name), "--long-only");
    assert_true(cli_opts_given(&p, 300));
    assert_int_equal(p.stdout_row, 2); /* --json takes standard output */
    fflush(stderr);
    assert_int_equal(cli_opts_mode(&p, M_ONE, "one"), CLI_EXIT_USAGE); /* --long-only */
    assert_int_equal(cli_opts_mode(&p, M_TWO, "two"), CLI_EXIT_USAGE); /* -o */
    char *argv2[] = {"tool", "-o", "a.png", NULL};
    cli_opts_init(&p, table, 3, 3, argv2);
    while (cli_opts_next(&p) != -1)
        ;
    assert_int_equal(cli_opts_mode(&p, M_ONE, "one"), 0);
    assert_false(cli_opts_given(&p, O_LONG));
    assert_int_equal(p.stdout_row, -1);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_aspect_sizes),
        cmocka_unit_test(test_aspect_rows),
        cmocka_unit_test(test_aspect_values),
        cmocka_unit_test(test_output_names),
        cmocka_unit_test(test_stdout_is_dash),
        cmocka_unit_test(test_json_report_shape),
        cmocka_unit_test(test_opts_modes),
    };
    // clang-format on
    return cmocka_run_group_tests_name("cli_common", tests, NULL, NULL);
}
