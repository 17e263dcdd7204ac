/* Corpus tests over real Riven archives ($RELIC_CORPUS/riven/ *.MHK): every
 * archive opens and rewrites byte-stable through mhk_write and byte for
 * byte through its own recorded layout (mhk_write_layout), every CARD and
 * HSPT script list decodes and re-encodes to its own bytes, every NAME
 * decodes, and every tBMP and tWAV decodes (MPEG-2 tWAV payloads are
 * counted, not decoded).  There is no Riven data in the corpus today: the
 * tests skip with a printed reason when the folder is missing, also under
 * CI, since the folder's absence is the corpus's state, not a failure. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/io.h"
#include "relic/mohawk.h"
#include "relic/riven.h"
#include "relic/riven_media.h"
#include "support.h"

static int riven_dir(char *out, size_t outsz)
{
    const char *root = test_corpus_root();
    if (!root) {
        const char *ci = getenv("CI");
        if (ci && strcmp(ci, "true") == 0)
            fail_msg("RELIC_CORPUS is not set, and corpus tests are required under CI");
        print_message("# riven corpus tests skipped: RELIC_CORPUS not set\n");
        return -1;
    }
    snprintf(out, outsz, "%s/riven", root);
    DIR *d = opendir(out);
    if (!d) {
        print_message("# riven corpus tests skipped: %s does not exist (no Riven data in the corpus)\n", out);
        return -1;
    }
    closedir(d);
    return 0;
}

static void check_resource(const mhk_archive *a, const mhk_resource *r, const char *file, unsigned *counts)
{
    const uint8_t *d = mhk_data(a, r);
    relic_err err;
    relic_err_clear(&err);
    relic_buf re = RELIC_BUF_INIT;
    int rc = RELIC_OK;
    if (r->tag == mhk_tag("CARD")) {
        riven_card c;
        if (!(rc = riven_card_decode(d, r->size, &c, &err))) {
            rc = riven_card_encode(&c, &re, &err);
            if (!rc && (re.len != 4 + c.script.size || memcmp(re.data, d, re.len) != 0))
                fail_msg("%s: CARD %u does not re-encode to its bytes", file, r->id);
            riven_card_free(&c);
        }
        counts[0]++;
    } else if (r->tag == mhk_tag("HSPT")) {
        riven_hotspots h;
        if (!(rc = riven_hotspots_decode(d, r->size, &h, &err))) {
            rc = riven_hotspots_encode(&h, &re, &err);
            if (!rc && (re.len > r->size || memcmp(re.data, d, re.len) != 0))
                fail_msg("%s: HSPT %u does not re-encode to its bytes", file, r->id);
            riven_hotspots_free(&h);
        }
        counts[1]++;
    } else if (r->tag == mhk_tag("NAME")) {
        riven_names nm;
        if (!(rc = riven_names_decode(d, r->size, &nm, &err)))
            riven_names_free(&nm);
        counts[2]++;
    } else if (r->tag == mhk_tag("tBMP")) {
        riven_bitmap b;
        if (!(rc = riven_tbmp_decode(d, r->size, &b, &err)))
            riven_bitmap_free(&b);
        counts[3]++;
    } else if (r->tag == mhk_tag("tWAV")) {
        riven_sound s;
        if (!(rc = riven_twav_decode(d, r->size, &s, &err)))
            riven_sound_free(&s);
        counts[4]++;
    }
    if (rc) {
        char t[5];
        mhk_tag_str(r->tag, t);
        fail_msg("%s: %s %u: %s (offset 0x%zx)", file, t, r->id, err.msg, err.offset);
    }
    relic_buf_free(&re);
}

/* The archive's layout, captured, printed and parsed back as the
 * manifest carries it, writes the archive's own resources back to the
 * file's bytes (what riven-script --build does with an unchanged
 * --extract). */
static void check_layout(const mhk_archive *a, const char *path)
{
    relic_err err;
    relic_err_clear(&err);
    mhk_layout l, back;
    memset(&back, 0, sizeof back);
    relic_buf text = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
    if (mhk_layout_capture(a, &l, &err) || mhk_layout_text(&l, &text, &err))
        fail_msg("%s: layout: %s", path, err.msg);
    relic_buf_u8(&text, 0);
    for (char *p = (char *)text.data, *nl; *p; p = nl + 1) {
        nl = strchr(p, '\n');
        *nl = 0;
        if (mhk_layout_parse_line(&back, p, &err))
            fail_msg("%s: layout line '%s': %s", path, p, err.msg);
    }
    mhk_entry *e = calloc(a->count + 1, sizeof *e);
    for (size_t i = 0; e && i < a->count; i++)
        e[i] = (mhk_entry){a->res[i].tag, a->res[i].id, a->res[i].name, mhk_data(a, &a->res[i]), a->res[i].size, 0};
    if (!e || mhk_write_layout(&back, e, a->count, &out, &err))
        fail_msg("%s: %s", path, e ? err.msg : "out of memory");
    if (out.len != a->len || memcmp(out.data, a->data, a->len) != 0)
        fail_msg("%s: written with its own layout, the archive differs", path);
    free(e);
    relic_buf_free(&out);
    relic_buf_free(&text);
    mhk_layout_free(&back);
    mhk_layout_free(&l);
}

static void test_corpus_archives(void **state)
{
    (void)state;
    char dir[1024];
    if (riven_dir(dir, sizeof dir)) {
        skip();
        return;
    }
    DIR *d = opendir(dir);
    struct dirent *e;
    unsigned archives = 0, counts[5] = {0};
    while ((e = readdir(d)) != NULL) {
        const char *dot = strrchr(e->d_name, '.');
        if (!dot || (strcasecmp(dot, ".mhk") != 0 && strcasecmp(dot, ".rvn") != 0))
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        relic_buf f = RELIC_BUF_INIT;
        relic_err err;
        relic_err_clear(&err);
        mhk_archive a;
        if (relic_file_read(path, &f, &err) || mhk_open(f.data, f.len, &a, &err))
            fail_msg("%s: %s (offset 0x%zx)", path, err.msg, err.offset);
        for (size_t i = 0; i < a.count; i++)
            check_resource(&a, &a.res[i], path, counts);
        check_layout(&a, path);
        mhk_close(&a);
        relic_buf_free(&f);
        archives++;
    }
    closedir(d);
    print_message("# riven corpus: %u archives, %u CARD, %u HSPT, %u NAME, %u tBMP, %u tWAV\n", archives, counts[0],
                  counts[1], counts[2], counts[3], counts[4]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_archives),
    };
    return cmocka_run_group_tests_name("corpus_riven", tests, NULL, NULL);
}
