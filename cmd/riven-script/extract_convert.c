/* riven-script --extract conversions, one resource at a time (called from
 * the extraction pool, so nothing here keeps state): tBMP to PNG (8 bpp
 * indexed with the bitmap's colour table as the palette, 24 bpp
 * truecolour, the tBMP's bytes in a private chunk), tWAV to WAV/FLAC at its own rate and channel count, NAME
 * to JSON, CARD and HSPT to the text sources --build reads, the card
 * lists (PLST, BLST, FLST, MLST) and SFXE effects to JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "relic/io.h"
#include "relic/riven_media.h"
#include "rscript.h"

/* The PNG also keeps the tBMP's own bytes in its private "tbRW" chunk
 * (unsafe to copy: an editor that changes the image drops it), so one file
 * holds both the picture and what --build needs to rebuild the resource
 * byte for byte; no separate .bin is written for it.  An unpacked 8 bpp
 * tBMP that the encoder writes back exactly from the PNG's own pixels and
 * palette gets the empty "tbPX" chunk instead: the same file without a
 * second copy of the image (3,000 synthetic 160x120 bitmaps: 64 MB of PNGs
 * became 4.2 MB). */
static int rs_convert_tbmp(const rs_dest *dest, const char *base, const uint8_t *d, size_t n, relic_err *err)
{
    riven_bitmap b;
    int rc = riven_tbmp_decode(d, n, &b, err);
    if (rc)
        return rc;
    relic_buf png = RELIC_BUF_INIT;
    const relic_png_chunk raw = {RS_TBMP_CHUNK, d, n}, plain = {RS_TBMP_PLAIN_CHUNK, NULL, 0};
    if (b.bpp == 8) {
        relic_png img = {b.width, b.height, b.pixels, b.palette, 256, -1, 1};
        rc = relic_png_encode_chunk(&img, riven_tbmp_is_plain(d, n) ? &plain : &raw, &png, err);
    } else {
        rc = relic_png_encode_rgb_chunk(b.width, b.height, b.pixels, &raw, &png, err);
    }
    char rel[600];
    snprintf(rel, sizeof rel, "%s.png", base);
    if (!rc)
        rc = rs_write_prepared(dest, rel, png.data, png.len, err);
    relic_buf_free(&png);
    riven_bitmap_free(&b);
    return rc;
}

static int rs_convert_twav(const rs_ctx *c, const rs_dest *dest, const char *base, const uint8_t *d, size_t n,
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
    rc = relic_path_join(dest->root, rel, 1, path, sizeof path, err);
    if (!rc)
        rc = relic_audio_write(path, s.samples, s.frames, s.channels, s.rate, err);
    riven_sound_free(&s);
    return rc;
}

static json_t *rs_list_json(const mhk_resource *r, const uint8_t *d, riven_list_kind k, relic_err *err)
{
    riven_list l;
    if (riven_list_decode(k, d, r->size, &l, err))
        return NULL;
    const riven_list_desc *desc = riven_list_desc_of(k);
    json_t *recs = json_array();
    int oom = 0; /* sticky (relic_json_set): a lost record is out of memory */
    for (unsigned i = 0; i < l.count; i++) {
        json_t *o = json_object();
        for (unsigned f = 0; f < desc->nfields; f++)
            relic_json_set(o, desc->fields[f], json_integer(l.values[(size_t)i * desc->nfields + f]), &oom);
        relic_json_append(recs, o, &oom);
    }
    riven_list_free(&l);
    json_t *doc = oom ? NULL
                      : json_pack("{s:s,s:i,s:s,s:i,s:o}", "format", "relic-riven-list", "format_version", 1, "type",
                                  desc->tag, "id", r->id, "records", recs);
    if (!doc) {
        if (oom)
            json_decref(recs);
        relic_json_check(1, err);
    }
    return doc;
}

static json_t *rs_sfxe_json(const mhk_resource *r, const uint8_t *d, relic_err *err)
{
    riven_sfxe x;
    if (riven_sfxe_decode(d, r->size, &x, err))
        return NULL;
    json_t *frames = json_array();
    int oom = 0;
    for (unsigned i = 0; i < x.frame_count; i++)
        relic_json_append(
            frames,
            json_pack("{s:I,s:I}", "offset", (json_int_t)x.frame_offset[i], "size", (json_int_t)x.frame_size[i]), &oom);
    json_t *o =
        oom ? NULL
            : json_pack("{s:s,s:i,s:i,s:i,s:[iiii],s:i,s:I,s:o}", "format", "relic-riven-sfxe", "format_version", 1,
                        "id", r->id, "frame_count", x.frame_count, "rect", x.left, x.top, x.right, x.bottom, "speed",
                        x.speed, "table_offset", (json_int_t)x.table_offset, "frames", frames);
    riven_sfxe_free(&x);
    if (!o) {
        if (oom)
            json_decref(frames);
        relic_json_check(1, err);
    }
    return o;
}

static const struct {
    const char *tag;
    riven_list_kind kind;
} rs_lists[] = {{"PLST", RIVEN_PLST}, {"BLST", RIVEN_BLST}, {"FLST", RIVEN_FLST}, {"MLST", RIVEN_MLST}};

int rs_convert(const rs_ctx *c, const rs_dest *dest, const char *base, const rs_archive *a, const mhk_resource *r,
               const uint8_t *d, int *did, rs_out *out, relic_err *err)
{
    char rel[600];
    json_t *j = NULL;
    relic_buf text = RELIC_BUF_INIT;
    int rc = RELIC_OK;
    *did = 1;
    if (r->tag == mhk_tag("tBMP"))
        return rs_convert_tbmp(dest, base, d, r->size, err);
    if (r->tag == mhk_tag("tWAV"))
        return rs_convert_twav(c, dest, base, d, r->size, err);
    snprintf(rel, sizeof rel, "%s.json", base);
    if (r->tag == mhk_tag("NAME")) {
        riven_names nm;
        if ((rc = riven_names_decode(d, r->size, &nm, err)))
            return rc;
        j = json_array();
        int oom = !j;
        for (unsigned i = 0; i < nm.count; i++)
            relic_json_append(j, relic_json_bytes((const uint8_t *)nm.names[i], strlen(nm.names[i])), &oom);
        riven_names_free(&nm);
        /* an object like every other document, the list under "names" */
        json_t *doc = json_pack("{s:s, s:i, s:o}", "format", "relic-riven-names", "format_version", 1, "names", j);
        j = doc;
        rc = relic_json_check(oom || !doc, err);
        if (!rc)
            rc = relic_json_encode(j, &text, err);
    } else if (r->tag == mhk_tag("CARD") || r->tag == mhk_tag("HSPT")) {
        rc = rs_decompile_one(c, a, r, &j, err);
        if (!rc)
            rc = rs_decompile_text(j, &text, err);
        snprintf(rel, sizeof rel, "%s.txt", base);
    } else if (r->tag == mhk_tag("SFXE")) {
        j = rs_sfxe_json(r, d, err);
        rc = j ? relic_json_encode(j, &text, err) : err->code;
    } else {
        size_t k = 0;
        while (k < sizeof rs_lists / sizeof *rs_lists && r->tag != mhk_tag(rs_lists[k].tag))
            k++;
        if (k == sizeof rs_lists / sizeof *rs_lists) {
            *did = 0;
            return RELIC_OK;
        }
        j = rs_list_json(r, d, rs_lists[k].kind, err);
        rc = j ? relic_json_encode(j, &text, err) : err->code;
    }
    if (!rc)
        rc = rs_write_prepared(dest, rel, text.data, text.len, err);
    json_decref(j);
    if (!rc && (r->tag == mhk_tag("CARD") || r->tag == mhk_tag("HSPT")))
        out->text = text; /* the page shows the same text: it is not decompiled twice */
    else
        relic_buf_free(&text);
    return rc;
}
