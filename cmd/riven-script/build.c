/* riven-script --build: reads the text manifest, builds NAME resources
 * first (the scripts resolve names through them), then every other
 * resource (text sources through libvm's riven_source_build, kind "raw"
 * copied byte for byte, kind "png" the tBMP bytes an extracted PNG
 * keeps), and writes the archive laid out as the manifest's '@' lines
 * record (mhk_write_layout) while the resources fit them, else with
 * mhk_write in manifest order.  A FILE is relative to the manifest's
 * folder unless absolute.  An output that names an input (the manifest or
 * a source: same path, or same device and inode) is refused before
 * anything is written. */
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "streams.h"
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/io.h"
#include "relic/mohawk.h"
#include "relic/riven_media.h"
#include "build.h"
#include "rscript.h"

typedef struct rs_build_line {
    char type[8], name[64], kind[16], file[256];
    unsigned long id;
    unsigned lineno;
} rs_build_line;

/* A FILE names a path from the manifest's folder, or an absolute one as it is. */
static void rs_build_path(const char *dir, const char *file, char *path, size_t cap)
{
    if (file[0] == '/')
        snprintf(path, cap, "%s", file);
    else
        snprintf(path, cap, "%s/%s", dir, file);
}

static int rs_build_source(const char *dir, const char *file, relic_buf *text, relic_err *err)
{
    char path[4608];
    rs_build_path(dir, file, path, sizeof path);
    int rc = relic_file_read(path, text, err);
    if (!rc) {
        relic_buf_u8(text, 0);
        rc = relic_buf_check(text, err);
    }
    if (rc)
        relic_err_file(err, path);
    return rc;
}

typedef struct rs_png_src {
    const uint8_t *p;
    size_t n, at;
} rs_png_src;

static void rs_png_read_cb(png_structp png, png_bytep out, png_size_t len)
{
    rs_png_src *s = png_get_io_ptr(png);
    if (len > s->n - s->at)
        png_error(png, "truncated");
    memcpy(out, s->p + s->at, len);
    s->at += len;
}

/* A PNG marked tbPX: its 8-bit indices and 256-colour palette, as
 * --extract wrote them, become the unpacked tBMP riven_tbmp_encode writes
 * (the bytes the archive had: --extract compared them before choosing
 * tbPX).  Anything else (another depth, colour type or palette size) is
 * refused. */
static int rs_build_png_plain(const uint8_t *d, size_t n, relic_buf *out, relic_err *err)
{
    riven_bitmap b = {.bpp = 8};
    uint8_t *volatile px = NULL; /* what a libpng error (longjmp) must free */
    rs_png_src src = {d, n, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_read_struct(&png, &info, NULL);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    int rc = RELIC_OK;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(px);
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "PNG image data does not decode");
    }
    png_set_read_fn(png, &src, rs_png_read_cb);
    png_read_info(png, info);
    png_colorp pal = NULL;
    int npal = 0;
    b.width = png_get_image_width(png, info);
    b.height = png_get_image_height(png, info);
    if (png_get_color_type(png, info) != PNG_COLOR_TYPE_PALETTE || png_get_bit_depth(png, info) != 8 ||
        png_get_interlace_type(png, info) != PNG_INTERLACE_NONE || !png_get_PLTE(png, info, &pal, &npal) ||
        npal != 256 || b.width == 0 || b.width > 0x3fff || b.height == 0 || b.height > 0x3fff)
        rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET,
                           "a " RS_TBMP_PLAIN_CHUNK " PNG is 8-bit indexed with 256 colours, at most 16383 wide");
    if (!rc && !(b.pixels = px = relic_alloc_array((size_t)b.width, b.height)))
        rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned y = 0; !rc && y < b.height; y++)
        png_read_row(png, b.pixels + (size_t)y * b.width, NULL);
    for (int i = 0; !rc && i < 256; i++) {
        b.palette[3 * i] = pal[i].red;
        b.palette[3 * i + 1] = pal[i].green;
        b.palette[3 * i + 2] = pal[i].blue;
    }
    if (!rc)
        rc = riven_tbmp_encode(&b, RIVEN_BMP_PACK_NONE, out, err);
    png_destroy_read_struct(&png, &info, NULL);
    free(px);
    return rc;
}

/* Kind "png": the tBMP bytes --extract kept in the PNG's private chunk,
 * which must still decode to a bitmap of the PNG's own size (a chunk
 * copied into another picture is refused), or, marked tbPX, the PNG's
 * own image.  A PNG re-saved by an editor has lost the chunk ("PNG has no
 * tbRW chunk"). */
static int rs_build_png(const uint8_t *d, size_t n, relic_buf *out, relic_err *err)
{
    relic_png_chunk hdr, raw;
    int rc = relic_png_find_chunk(d, n, "IHDR", &hdr, err);
    if (!rc && hdr.len != 13)
        rc = relic_err_set(err, RELIC_EDATA, 8, "PNG header is %zu bytes, not 13", hdr.len);
    if (!rc && (rc = relic_png_find_chunk(d, n, RS_TBMP_CHUNK, &raw, err)) == RELIC_EDATA &&
        relic_png_find_chunk(d, n, RS_TBMP_PLAIN_CHUNK, &raw, NULL) == RELIC_OK)
        return rs_build_png_plain(d, n, out, err);
    riven_bitmap b;
    if (!rc && !(rc = riven_tbmp_decode(raw.data, raw.len, &b, err))) {
        relic_cur h = relic_cur_make(hdr.data, hdr.len, 0);
        uint32_t w = relic_be32(&h), ht = relic_be32(&h);
        if (w != b.width || ht != b.height)
            rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET,
                               "the " RS_TBMP_CHUNK " bitmap is %ux%u, the PNG %ux%u", b.width, b.height, w, ht);
        riven_bitmap_free(&b);
    }
    if (!rc)
        relic_buf_append(out, raw.data, raw.len);
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
    if (!strcmp(l->kind, "raw"))
        relic_buf_append(out, text.data, text.len - 1); /* without the NUL rs_build_source added */
    else if (!strcmp(l->kind, "png"))
        rc = rs_build_png(text.data, text.len - 1, out, err);
    else
        rc = riven_source_build(l->kind, src, ns, out, err);
    if (!rc)
        rc = relic_buf_check(out, err);
    if (rc && !err->file[0]) {
        char path[4608];
        rs_build_path(dir, l->file, path, sizeof path);
        relic_err_file(err, path);
    }
    relic_buf_free(&text);
    return rc;
}

/* Resource lines into *lines, the archive's layout ('@' lines, --extract
 * writes them) into *layout. */
static int rs_build_parse(const char *manifest, rs_build_line **lines, size_t *n, mhk_layout *layout, relic_err *err)
{
    relic_buf m = RELIC_BUF_INIT;
    int rc = relic_file_read(manifest, &m, err);
    relic_buf_u8(&m, 0);
    if (!rc)
        rc = relic_buf_check(&m, err);
    *lines = relic_calloc_array(m.len / 8 + 1, sizeof **lines);
    if (!*lines && !rc)
        rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
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
        if (*s == '@') {
            if ((rc = mhk_layout_parse_line(layout, s, err)) == RELIC_EDATA) {
                char what[sizeof err->msg];
                snprintf(what, sizeof what, "%s", err->msg);
                relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "line %u: %s", no, what);
            }
        } else if (*s && *s != '#') {
            if (sscanf(s, "%7s %15s %63s %15s %255s", l->type, idbuf, l->name, l->kind, l->file) != 5 ||
                strlen(l->type) != 4 || cli_parse_uint(idbuf, 0, 65535, &l->id))
                rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "line %u: expected TYPE ID NAME|- KIND FILE", no);
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

/* Same path, or the same file under another name. */
static int rs_build_same(const char *a, const struct stat *sa, int have_a, const char *b)
{
    struct stat sb;
    if (strcmp(a, b) == 0)
        return 1;
    return have_a && stat(b, &sb) == 0 && sa->st_dev == sb.st_dev && sa->st_ino == sb.st_ino;
}

static int rs_build_check_output(const char *manifest, const char *dir, const rs_build_line *lines, size_t n,
                                 const char *out)
{
    struct stat so;
    int have = stat(out, &so) == 0;
    if (rs_build_same(out, &so, have, manifest))
        return cli_usage_error("output %s names the input %s", out, manifest);
    for (size_t i = 0; i < n; i++) {
        char path[4608];
        rs_build_path(dir, lines[i].file, path, sizeof path);
        if (rs_build_same(out, &so, have, path))
            return cli_usage_error("output %s names the input %s", out, path);
    }
    return CLI_EXIT_OK;
}

/* The manifest's recorded layout when the resources still fit it (an
 * unchanged extraction comes back byte for byte; a resource that changed
 * size moves past the end), else relic's own: an added, removed or renamed
 * resource says so on stderr and lays the archive out anew.
 * A name the manifest could not hold ("-" for one with a space) is the
 * layout's either way. */
static int rs_build_write(const char *manifest, const mhk_layout *layout, const rs_build_line *lines, mhk_entry *e,
                          size_t n, relic_buf *arc, relic_err *err)
{
    if (!layout->length) {
        if (layout->ntypes || layout->nfiles || layout->ngaps || layout->strings_len)
            cli_warn("%s: layout lines without @archive: the archive is laid out anew", manifest);
        return mhk_write(e, n, arc, err);
    }
    for (size_t i = 0; i < n; i++) {
        const char *kept = lines[i].name[0] ? NULL : mhk_layout_name(layout, e[i].tag, e[i].id);
        if (kept && !rs_plain_name(kept))
            e[i].name = kept;
    }
    char why[160];
    if (mhk_layout_fits(layout, e, n, why, sizeof why))
        return mhk_write_layout(layout, e, n, arc, err);
    cli_warn("%s: layout not kept (%s): the archive is laid out anew", manifest, why);
    return mhk_write(e, n, arc, err);
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
    mhk_layout layout;
    memset(&layout, 0, sizeof layout);
    int rc = rs_build_parse(manifest, &lines, &n, &layout, &err);
    if (!rc) {
        int usage = rs_build_check_output(manifest, dir, lines, n, out);
        if (usage) {
            free(lines);
            mhk_layout_free(&layout);
            return usage;
        }
    }
    relic_buf *bufs = relic_calloc_array(n, sizeof *bufs);
    mhk_entry *e = relic_calloc_array(n, sizeof *e);
    if ((!bufs || !e) && !rc)
        rc = relic_err_set(&err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    riven_names names[6];
    memset(names, 0, sizeof names);
    riven_nameset ns = {&names[1], &names[2], &names[3], &names[4], &names[5]};
    for (int pass = 0; pass < 2 && !rc; pass++)
        for (size_t i = 0; i < n && !rc; i++) {
            int is_name = !strcmp(lines[i].type, "NAME");
            if (is_name != (pass == 0))
                continue;
            /* a source named again with the same kind (one image for many
             * resources) builds the same bytes: reuse them */
            size_t same = i;
            for (size_t k = i; k-- > 0 && same == i;)
                if (!strcmp(lines[k].file, lines[i].file) && !strcmp(lines[k].kind, lines[i].kind) &&
                    strcmp(lines[k].kind, "card") && strcmp(lines[k].kind, "hotspots") && bufs[k].len &&
                    (strcmp(lines[i].type, "NAME") != 0) == (strcmp(lines[k].type, "NAME") != 0))
                    same = k;
            if (same != i)
                relic_buf_append(&bufs[i], bufs[same].data, bufs[same].len);
            else
                rc = rs_build_make(dir, &lines[i], &ns, &bufs[i], &err);
            if (!rc && is_name && lines[i].id >= 1 && lines[i].id <= 5)
                rc = riven_names_decode(bufs[i].data, bufs[i].len, &names[lines[i].id], &err);
            e[i] =
                (mhk_entry){mhk_tag(lines[i].type), (uint16_t)lines[i].id, lines[i].name, bufs[i].data, bufs[i].len, 0};
        }
    relic_buf arc = RELIC_BUF_INIT;
    if (!rc)
        rc = rs_build_write(manifest, &layout, lines, e, n, &arc, &err);
    if (!rc && (rc = cli_write_output(out, arc.data, arc.len, &err)))
        relic_err_file(&err, out);
    if (rc)
        cli_report(&err);
    for (size_t i = 0; i < n; i++)
        relic_buf_free(&bufs[i]);
    for (int k = 0; k < 6; k++)
        riven_names_free(&names[k]);
    relic_buf_free(&arc);
    mhk_layout_free(&layout);
    free(bufs);
    free(e);
    free(lines);
    return rc ? cli_exit_code(rc) : CLI_EXIT_OK;
}
