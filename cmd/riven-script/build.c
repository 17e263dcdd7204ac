/* riven-script --build: reads the text manifest, builds NAME resources
 * first (the scripts resolve names through them), then every other
 * resource, and writes the archive with mhk_write in manifest order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "relic/io.h"
#include "relic/mohawk.h"
#include "build.h"

typedef struct rs_build_line {
    char type[8], name[64], kind[16], file[256];
    unsigned long id;
    unsigned lineno;
} rs_build_line;

static int rs_build_source(const char *dir, const char *file, relic_buf *text, relic_err *err)
{
    char path[4608];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    int rc = relic_file_read(path, text, err);
    if (!rc) {
        relic_buf_u8(text, 0);
        rc = relic_buf_check(text, err);
    }
    if (rc)
        relic_err_file(err, path);
    return rc;
}

static int rs_build_make(const char *dir, const rs_build_line *l, const riven_nameset *ns, relic_buf *out,
                         relic_err *err)
{
    relic_buf text = RELIC_BUF_INIT;
    int rc = rs_build_source(dir, l->file, &text, err);
    const char *src = (const char *)text.data;
    if (rc)
        return rc;
    if (!strcmp(l->kind, "names"))
        rc = rs_src_names(src, out, err);
    else if (!strcmp(l->kind, "words"))
        rc = rs_src_words(src, out, err);
    else if (!strcmp(l->kind, "card"))
        rc = rs_src_card(src, ns, out, err);
    else if (!strcmp(l->kind, "hotspots"))
        rc = rs_src_hotspots(src, ns, out, err);
    else if (!strcmp(l->kind, "bitmap8"))
        rc = rs_src_bitmap(src, 8, 0, out, err);
    else if (!strcmp(l->kind, "bitmap8riven"))
        rc = rs_src_bitmap(src, 8, 0x0400, out, err);
    else if (!strcmp(l->kind, "bitmap24"))
        rc = rs_src_bitmap(src, 24, 0, out, err);
    else if (!strcmp(l->kind, "pcm") || !strcmp(l->kind, "adpcm"))
        rc = rs_src_sound(src, l->kind[0] == 'a', out, err);
    else
        rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "unknown kind '%s'", l->kind);
    if (rc && !err->file[0]) {
        char path[4608];
        snprintf(path, sizeof path, "%s/%s", dir, l->file);
        relic_err_file(err, path);
    }
    relic_buf_free(&text);
    return rc;
}

static int rs_build_parse(const char *manifest, rs_build_line **lines, size_t *n, relic_err *err)
{
    relic_buf m = RELIC_BUF_INIT;
    int rc = relic_file_read(manifest, &m, err);
    relic_buf_u8(&m, 0);
    if (!rc)
        rc = relic_buf_check(&m, err);
    *lines = calloc(m.len / 8 + 1, sizeof **lines);
    *n = 0;
    unsigned no = 0;
    for (char *p = (char *)m.data; !rc && p && *p;) {
        char *e = strchr(p, '\n');
        if (e)
            *e = 0;
        no++;
        char *s = p + strspn(p, " \t");
        rs_build_line *l = &(*lines)[*n];
        char idbuf[16];
        if (*s && *s != '#') {
            if (sscanf(s, "%7s %15s %63s %15s %255s", l->type, idbuf, l->name, l->kind, l->file) != 5 ||
                strlen(l->type) != 4 || cli_parse_uint(idbuf, 0, 65535, &l->id))
                rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "line %u: expected TYPE ID NAME|- KIND FILE",
                                   no);
            l->lineno = no;
            if (!strcmp(l->name, "-"))
                l->name[0] = 0;
            (*n)++;
        }
        p = e ? e + 1 : NULL;
    }
    if (rc)
        relic_err_file(err, manifest);
    relic_buf_free(&m);
    return rc;
}

int rs_build(const char *manifest, const char *out)
{
    relic_err err;
    relic_err_clear(&err);
    rs_build_line *lines = NULL;
    size_t n = 0;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", manifest);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        strcpy(dir, ".");
    int rc = rs_build_parse(manifest, &lines, &n, &err);
    relic_buf *bufs = calloc(n + 1, sizeof *bufs);
    mhk_entry *e = calloc(n + 1, sizeof *e);
    riven_names names[6];
    memset(names, 0, sizeof names);
    riven_nameset ns = {&names[1], &names[2], &names[3], &names[4], &names[5]};
    for (int pass = 0; pass < 2 && !rc; pass++)
        for (size_t i = 0; i < n && !rc; i++) {
            int is_name = !strcmp(lines[i].type, "NAME");
            if (is_name != (pass == 0))
                continue;
            rc = rs_build_make(dir, &lines[i], &ns, &bufs[i], &err);
            if (!rc && is_name && lines[i].id >= 1 && lines[i].id <= 5)
                rc = riven_names_decode(bufs[i].data, bufs[i].len, &names[lines[i].id], &err);
            e[i] = (mhk_entry){mhk_tag(lines[i].type), (uint16_t)lines[i].id, lines[i].name, bufs[i].data, bufs[i].len,
                               0};
        }
    relic_buf arc = RELIC_BUF_INIT;
    if (!rc)
        rc = mhk_write(e, n, &arc, &err);
    if (!rc && (rc = relic_file_write_atomic(out, arc.data, arc.len, &err)))
        relic_err_file(&err, out);
    if (rc)
        cli_report(&err);
    for (size_t i = 0; i < n; i++)
        relic_buf_free(&bufs[i]);
    for (int k = 0; k < 6; k++)
        riven_names_free(&names[k]);
    relic_buf_free(&arc);
    free(bufs);
    free(e);
    free(lines);
    return rc ? cli_exit_code(rc) : CLI_EXIT_OK;
}
