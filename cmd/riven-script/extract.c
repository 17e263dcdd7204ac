/* riven-script --extract: every resource raw as OUT/<archive>/<TYPE>/<id>[_name].bin,
 * plus tBMP as PNG, tWAV as WAV or FLAC, NAME as JSON and CARD/HSPT scripts
 * as text.  Names from inside archives pass one sanitizer and then
 * relic_path_join, so they cannot leave OUT. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "relic/io.h"
#include "relic/riven_media.h"
#include "rscript.h"

/* Letters, digits, '-', '_' and '.' are kept, anything else becomes '_';
 * a leading '.' too, so no component is hidden, "." or "..". */
static void rs_safe(const char *in, size_t max, char *out)
{
    size_t n = 0;
    for (; *in && n < max; in++, n++) {
        char ch = *in;
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' ||
                 ch == '_' || (ch == '.' && n > 0);
        out[n] = ok ? ch : '_';
    }
    out[n] = 0;
}

static int rs_write(const char *root, const char *rel, const void *p, size_t n, relic_err *err)
{
    char path[4096];
    int rc = relic_path_join(root, rel, 1, path, sizeof path, err);
    return rc ? rc : relic_file_write_atomic(path, p, n, err);
}

static int rs_convert_tbmp(const char *root, const char *base, const uint8_t *d, size_t n, relic_err *err)
{
    riven_bitmap b;
    int rc = riven_tbmp_decode(d, n, &b, err);
    if (rc)
        return rc;
    relic_png img = {b.width, b.height, b.pixels, b.palette, 256, -1};
    uint8_t *idx = NULL, *pal = NULL;
    if (b.bpp == 24) {
        /* PNG output is indexed: a 24 bpp image becomes its own palette when it
         * has at most 256 colours, otherwise a 3-3-2 cube. */
        size_t np = (size_t)b.width * b.height;
        idx = malloc(np + 1);
        pal = calloc(256 * 3, 1);
        if (!idx || !pal) {
            free(idx);
            free(pal);
            riven_bitmap_free(&b);
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
        for (unsigned k = 0; k < 256; k++) {
            pal[k * 3] = (uint8_t)((k >> 5) * 255 / 7);
            pal[k * 3 + 1] = (uint8_t)(((k >> 2) & 7) * 255 / 7);
            pal[k * 3 + 2] = (uint8_t)((k & 3) * 255 / 3);
        }
        for (size_t i = 0; i < np; i++) {
            const uint8_t *p = b.pixels + 3 * i;
            idx[i] = (uint8_t)((p[0] >> 5) << 5 | (p[1] >> 5) << 2 | (p[2] >> 6));
        }
        img.pixels = idx;
        img.palette = pal;
    }
    relic_buf png = RELIC_BUF_INIT;
    rc = relic_png_encode(&img, &png, err);
    char rel[600];
    snprintf(rel, sizeof rel, "%s.png", base);
    if (!rc)
        rc = rs_write(root, rel, png.data, png.len, err);
    relic_buf_free(&png);
    free(idx);
    free(pal);
    riven_bitmap_free(&b);
    return rc;
}

static int rs_convert_twav(const rs_ctx *c, const char *root, const char *base, const uint8_t *d, size_t n,
                           relic_err *err)
{
    riven_sound s;
    int rc = riven_twav_decode(d, n, &s, err);
    if (!rc && !s.samples)
        rc = riven_twav_decode_mpeg(d, n, &s, err);
    if (rc)
        return rc;
    char rel[600], path[4096];
    snprintf(rel, sizeof rel, "%s.%s", base, c->audio_format);
    rc = relic_path_join(root, rel, 1, path, sizeof path, err);
    if (!rc)
        rc = relic_audio_write(path, s.samples, s.frames, s.channels, s.rate, err);
    riven_sound_free(&s);
    return rc;
}

static int rs_convert(const rs_ctx *c, const char *root, const char *base, const rs_archive *a,
                      const mhk_resource *r, int *did, relic_err *err)
{
    const uint8_t *d = mhk_data(&a->a, r);
    char rel[600];
    json_t *j = NULL;
    relic_buf text = RELIC_BUF_INIT;
    int rc = RELIC_OK;
    *did = r->tag == mhk_tag("tBMP") || r->tag == mhk_tag("tWAV") || r->tag == mhk_tag("NAME") ||
           r->tag == mhk_tag("CARD") || r->tag == mhk_tag("HSPT");
    if (r->tag == mhk_tag("tBMP"))
        return rs_convert_tbmp(root, base, d, r->size, err);
    if (r->tag == mhk_tag("tWAV"))
        return rs_convert_twav(c, root, base, d, r->size, err);
    if (r->tag == mhk_tag("NAME")) {
        riven_names nm;
        if ((rc = riven_names_decode(d, r->size, &nm, err)))
            return rc;
        j = json_array();
        for (unsigned i = 0; i < nm.count; i++)
            json_array_append_new(j, relic_json_bytes((const uint8_t *)nm.names[i], strlen(nm.names[i])));
        riven_names_free(&nm);
        snprintf(rel, sizeof rel, "%s.json", base);
        rc = relic_json_encode(j, &text, err);
    } else if (r->tag == mhk_tag("CARD") || r->tag == mhk_tag("HSPT")) {
        int is_card = r->tag == mhk_tag("CARD");
        rc = rs_decompile(c, is_card ? r->id : -2, is_card ? -2 : r->id, &j, err);
        if (!rc)
            rc = rs_decompile_text(j, &text, err);
        snprintf(rel, sizeof rel, "%s.txt", base);
    } else {
        return RELIC_OK;
    }
    if (!rc)
        rc = rs_write(root, rel, text.data, text.len, err);
    json_decref(j);
    relic_buf_free(&text);
    return rc;
}

int rs_extract(const rs_ctx *c, const char *out_dir, json_t **summary, relic_err *err)
{
    int rc = relic_mkdirs(out_dir, err);
    if (rc)
        return rc;
    unsigned long raw = 0, converted = 0, failed = 0;
    int worst = RELIC_OK;
    for (size_t i = 0; i < c->n; i++) {
        const rs_archive *a = &c->ar[i];
        const char *slash = strrchr(a->path, '/');
        char arch[128], tag[5], tagsafe[8], name[80], base[400];
        rs_safe(slash ? slash + 1 : a->path, 100, arch);
        for (size_t k = 0; k < a->a.count; k++) {
            const mhk_resource *r = &a->a.res[k];
            mhk_tag_str(r->tag, tag);
            rs_safe(tag, 4, tagsafe);
            if (tagsafe[0] == 0)
                strcpy(tagsafe, "_");
            rs_safe(r->name ? r->name : "", 60, name);
            snprintf(base, sizeof base, "%s/%s/%u%s%s", arch, tagsafe, r->id, name[0] ? "_" : "", name);
            char rel[420];
            snprintf(rel, sizeof rel, "%s.bin", base);
            relic_err e;
            relic_err_clear(&e);
            rc = rs_write(out_dir, rel, mhk_data(&a->a, r), r->size, &e);
            if (rc) {
                *err = e;
                return rc;
            }
            raw++;
            int did = 0;
            rc = rs_convert(c, out_dir, base, a, r, &did, &e);
            if (rc == RELIC_OK) {
                converted += (unsigned long)did;
                continue;
            }
            if (rc != RELIC_EDATA) {
                *err = e;
                return rc;
            }
            /* A malformed resource is reported and the rest extracted. */
            if (e.offset != RELIC_NO_OFFSET)
                e.offset += r->offset;
            relic_err_file(&e, a->path);
            cli_report(&e);
            failed++;
            worst = RELIC_EDATA;
        }
    }
    *summary = json_pack("{s:s,s:I,s:I,s:I}", "output", out_dir, "raw", (json_int_t)raw, "converted",
                         (json_int_t)converted, "failed", (json_int_t)failed);
    if (worst)
        relic_err_set(err, worst, RELIC_NO_OFFSET, "%lu resources could not be converted", failed);
    return worst;
}
