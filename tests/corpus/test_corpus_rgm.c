/* Corpus tests over real Redguard maps (RGM files under $RELIC_CORPUS/redguard):
 * every map lists and rewrites byte for byte, every actor's script lies
 * inside RASC and disassembles, and assembling that text gives the same
 * bytes.  The shared corpus has no Redguard data today, so these skip with
 * a printed reason whenever the folder is absent or holds no RGM file,
 * also under CI (the absence is a property of the corpus, not a failure). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "relic/io.h"
#include "relic/rgm.h"
#include "relic/soup.h"
#include "support.h"

static int rgm_corpus_check(const char *path)
{
    relic_buf f = RELIC_BUF_INIT, re = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (relic_file_read(path, &f, &err))
        fail_msg("%s: %s", path, err.msg);
    rgm_map m;
    if (rgm_map_open(f.data, f.len, &m, &err))
        fail_msg("%s: %s (offset 0x%zx)", path, err.msg, err.offset);
    assert_int_equal(rgm_write(&m.file, &re, &err), RELIC_OK);
    assert_int_equal(re.len, f.len);
    assert_memory_equal(re.data, f.data, f.len);
    int scripts = 0;
    for (size_t i = 0; i < m.nactors; i++) {
        const uint8_t *code;
        size_t len;
        if (rgm_actor_script(&m, &m.actors[i], &code, &len, &err))
            fail_msg("%s: %s (offset 0x%zx)", path, err.msg, err.offset);
        relic_buf text = RELIC_BUF_INIT, bytes = RELIC_BUF_INIT;
        soup_ctx ctx;
        soup_ctx_from_map(&ctx, &m, &m.actors[i], NULL);
        if (soup_disasm_text(&ctx, code, len, m.actors[i].script_pc, &text, &err))
            fail_msg("%s: %s: %s (offset 0x%zx)", path, m.actors[i].name, err.msg, err.offset);
        uint32_t pc;
        if (soup_assemble(&ctx, (const char *)text.data, text.len, &bytes, &pc, &err))
            fail_msg("%s: %s: reassembly: %s", path, m.actors[i].name, err.msg);
        assert_int_equal(bytes.len, len);
        assert_memory_equal(bytes.data, code, len);
        assert_int_equal(pc, m.actors[i].script_pc);
        soup_ctx_free(&ctx);
        relic_buf_free(&text);
        relic_buf_free(&bytes);
        scripts++;
    }
    rgm_map_close(&m);
    relic_buf_free(&f);
    relic_buf_free(&re);
    return scripts;
}

static void test_corpus_rgm_maps(void **state)
{
    (void)state;
    const char *root = test_corpus_root();
    if (!root) {
        print_message("# redguard corpus tests skipped: RELIC_CORPUS not set (the corpus has no Redguard data "
                      "today in any case)\n");
        skip();
    }
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/redguard", root);
    DIR *d = opendir(dir);
    int maps = 0, scripts = 0;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcasecmp(e->d_name + n - 4, ".rgm") != 0)
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        scripts += rgm_corpus_check(path);
        maps++;
    }
    if (d)
        closedir(d);
    if (!maps) {
        print_message("# redguard corpus tests skipped: no RGM files under %s (the corpus has no Redguard data)\n",
                      dir);
        skip();
    }
    print_message("# redguard corpus: %d maps, %d scripts round-tripped\n", maps, scripts);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_corpus_rgm_maps)};
    return cmocka_run_group_tests_name("corpus_rgm", tests, NULL, NULL);
}
