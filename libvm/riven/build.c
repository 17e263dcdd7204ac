/* The text sources riven-script --build reads (and --extract writes): NAME
 * lists (one name per line), u16 word lists, card and hotspot scripts (a
 * "card name=N zip=N" or "hotspot blst=N name=N rect=L,T,R,B u0=N
 * cursor=N index=N u1=N flags=N" header line carrying every field of the
 * CARD / HSPT record of libformats/riven/card.c, then the script text of
 * asm.c), PPM P3 images and sample lists.  Lives in libvm so other
 * programs and the fuzz target (tests/fuzz/fuzz_riven_source.c) reuse it. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/riven.h"
#include "relic/riven_media.h"
#include "relic/core.h"
#include "relic/riven_vm.h"

static int riven_src_names(const char *src, relic_buf *out, relic_err *err)
{
    riven_names nm = {0};
    size_t cap = 0;
    int rc = RELIC_OK;
    for (const char *p = src; *p && !rc;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n && p[0] != '#') {
            if (nm.count == 0xffff) {
                rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "too many names (at most 65535)");
                break;
            }
            char *name = strndup(p, n);
            if (!name || relic_grow((void **)&nm.names, &cap, (size_t)nm.count + 1, sizeof *nm.names, 16)) {
                free(name);
                rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
                break;
            }
            nm.names[nm.count++] = name;
        }
        p += n + (e ? 1 : 0);
    }
    if (rc) {
        riven_names_free(&nm);
        return rc;
    }
    rc = riven_names_encode(&nm, 0, out, err);
    riven_names_free(&nm);
    return rc;
}

static int riven_src_words(const char *src, relic_buf *out, relic_err *err)
{
    unsigned line = 1;
    for (const char *p = src; *p;) {
        if (*p == '#') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        if (isspace((unsigned char)*p)) {
            line += *p == '\n';
            p++;
            continue;
        }
        char *end;
        long v = strtol(p, &end, 0);
        if (end == p || v < -32768 || v > 0xffff || (*end && !isspace((unsigned char)*end)))
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "line %u: expected a 16-bit number", line);
        relic_buf_be16(out, (uint16_t)v);
        p = end;
    }
    return relic_buf_check(out, err);
}

/* "key=value" from a header line, or `def`. */
static long riven_src_key(const char *line, const char *key, long def)
{
    size_t k = strlen(key);
    for (const char *p = line; (p = strstr(p, key)) != NULL; p += k)
        if ((p == line || p[-1] == ' ') && p[k] == '=')
            return strtol(p + k + 1, NULL, 0);
    return def;
}

static const char *riven_src_next_line(const char *p)
{
    const char *e = strchr(p, '\n');
    return e ? e + 1 : p + strlen(p);
}

static int riven_src_card(const char *src, const riven_nameset *ns, relic_buf *out, relic_err *err)
{
    if (strncmp(src, "card", 4) != 0)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "line 1: expected 'card name=N zip=N'");
    relic_buf_be16(out, (uint16_t)riven_src_key(src, "name", -1));
    relic_buf_be16(out, (uint16_t)riven_src_key(src, "zip", 0));
    const char *body = riven_src_next_line(src);
    int rc = riven_script_assemble(body, strlen(body), ns, out, err);
    if (rc) {
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err->msg);
        relic_err_set(err, rc, RELIC_NO_OFFSET, "script after the card line: %s", msg);
    }
    return rc;
}

static int riven_src_hotspots(const char *src, const riven_nameset *ns, relic_buf *out, relic_err *err)
{
    size_t count_at = out->len;
    unsigned count = 0;
    relic_buf_be16(out, 0);
    const char *p = src;
    while (*p && strncmp(p, "hotspot", 7) != 0)
        p = riven_src_next_line(p);
    while (*p) {
        const char *hdr = p, *body = riven_src_next_line(p), *end = body;
        while (*end && strncmp(end, "hotspot", 7) != 0)
            end = riven_src_next_line(end);
        const char *r = strstr(hdr, "rect=");
        long l = 0, t = 0, rr = 0, b = 0;
        if (r)
            sscanf(r + 5, "%ld,%ld,%ld,%ld", &l, &t, &rr, &b);
        // clang-format off
        const long f[11] = {riven_src_key(hdr, "blst", 0),   riven_src_key(hdr, "name", -1),  l, t, rr, b,
                            riven_src_key(hdr, "u0", 0),     riven_src_key(hdr, "cursor", 0), riven_src_key(hdr, "index", 0),
                            riven_src_key(hdr, "u1", 0),     riven_src_key(hdr, "flags", 0)};
        // clang-format on
        for (int k = 0; k < 11; k++)
            relic_buf_be16(out, (uint16_t)f[k]);
        int rc = riven_script_assemble(body, (size_t)(end - body), ns, out, err);
        if (rc) {
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err->msg);
            return relic_err_set(err, rc, RELIC_NO_OFFSET, "hotspot %u script: %s", count, msg);
        }
        count++;
        p = end;
    }
    if (count > 0xffff)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "more than 65535 hotspots");
    if (!out->oom)
        relic_wr_be16(out->data + count_at, (uint16_t)count);
    return relic_buf_check(out, err);
}

/* PPM P3: "P3 width height maxval" then r g b triples (comments with '#'). */
static int riven_src_ppm(const char *src, unsigned *w, unsigned *h, uint8_t **rgb, relic_err *err)
{
    long v[3];
    const char *p = src;
    *rgb = NULL;
    if (strncmp(p, "P3", 2) != 0)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "not a PPM P3 image");
    p += 2;
    size_t need = 3, got = 0, total = 0;
    while (*p) {
        if (*p == '#') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        char *end;
        long x = strtol(p, &end, 10);
        if (end == p || x < 0 || x > 0xffff) {
            free(*rgb);
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "bad number in PPM image");
        }
        p = end;
        if (got < need) {
            v[got++] = x;
            if (got == 3) {
                if (v[0] < 1 || v[1] < 1 || v[0] > 4096 || v[1] > 4096 || v[2] != 255)
                    return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "PPM must be 1-4096 pixels, maxval 255");
                *w = (unsigned)v[0];
                *h = (unsigned)v[1];
                *rgb = relic_calloc_array((size_t)*w * *h, 3);
                if (!*rgb)
                    return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
            }
            continue;
        }
        if (total == (size_t)*w * *h * 3 || x > 255) {
            free(*rgb);
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "PPM has extra or out-of-range samples");
        }
        (*rgb)[total++] = (uint8_t)x;
    }
    if (!*rgb || total != (size_t)*w * *h * 3) {
        free(*rgb);
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "PPM image is incomplete");
    }
    return RELIC_OK;
}

static int riven_src_bitmap(const char *src, unsigned bpp, uint16_t pack, relic_buf *out, relic_err *err)
{
    riven_bitmap b;
    memset(&b, 0, sizeof b);
    uint8_t *rgb = NULL;
    int rc = riven_src_ppm(src, &b.width, &b.height, &rgb, err);
    if (rc)
        return rc;
    b.bpp = bpp;
    b.pixels = rgb;
    uint8_t *idx = NULL;
    if (bpp == 8) {
        size_t np = (size_t)b.width * b.height;
        unsigned ncol = 0;
        idx = relic_alloc_array(np, 1);
        unsigned last = 0; /* runs of one colour are the common case: try the previous index first */
        for (size_t i = 0; idx && i < np && !rc; i++) {
            unsigned k = 0;
            if (ncol && memcmp(b.palette + 3 * last, rgb + 3 * i, 3) == 0)
                k = last;
            else
                while (k < ncol && memcmp(b.palette + 3 * k, rgb + 3 * i, 3) != 0)
                    k++;
            last = k < 256 ? k : 0;
            if (k == ncol) {
                if (ncol == 256)
                    rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "more than 256 colours for 8 bpp");
                else
                    memcpy(b.palette + 3 * ncol++, rgb + 3 * i, 3);
            }
            if (idx)
                idx[i] = (uint8_t)k;
        }
        if (!idx)
            rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        b.pixels = idx;
    }
    if (!rc)
        rc = riven_tbmp_encode(&b, pack, out, err);
    free(idx);
    free(rgb);
    return rc;
}

static int riven_src_sound(const char *src, uint16_t encoding, relic_buf *out, relic_err *err)
{
    unsigned rate = 0, channels = 0;
    int used = 0;
    if (sscanf(src, "rate %u channels %u%n", &rate, &channels, &used) != 2 || channels < 1 || channels > 2)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "line 1: expected 'rate R channels C'");
    relic_buf words = RELIC_BUF_INIT;
    int rc = riven_src_words(src + used, &words, err);
    if (!rc && (words.len / 2) % channels)
        rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "sample count is not a multiple of the channels");
    int16_t *s = NULL;
    size_t n = words.len / 2;
    if (!rc && !(s = relic_alloc_array(n, sizeof *s)))
        rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (size_t i = 0; !rc && i < n; i++)
        s[i] = (int16_t)relic_rd_be16(words.data + 2 * i);
    if (!rc)
        rc = riven_twav_encode(s, n / channels, channels, rate, encoding, out, err);
    free(s);
    relic_buf_free(&words);
    return rc;
}

/* The kinds of the manifest, one row each (names for --help and errors). */
typedef struct riven_src_kind {
    const char *name;
    int (*build)(const char *src, const riven_nameset *ns, relic_buf *out, relic_err *err);
} riven_src_kind;

static int riven_src_k_names(const char *s, const riven_nameset *ns, relic_buf *o, relic_err *e)
{
    (void)ns;
    return riven_src_names(s, o, e);
}
static int riven_src_k_words(const char *s, const riven_nameset *ns, relic_buf *o, relic_err *e)
{
    (void)ns;
    return riven_src_words(s, o, e);
}
static int riven_src_k_bitmap8(const char *s, const riven_nameset *ns, relic_buf *o, relic_err *e)
{
    (void)ns;
    return riven_src_bitmap(s, 8, RIVEN_BMP_PACK_NONE, o, e);
}
static int riven_src_k_bitmap8riven(const char *s, const riven_nameset *ns, relic_buf *o, relic_err *e)
{
    (void)ns;
    return riven_src_bitmap(s, 8, RIVEN_BMP_PACK_RIVEN, o, e);
}
static int riven_src_k_bitmap24(const char *s, const riven_nameset *ns, relic_buf *o, relic_err *e)
{
    (void)ns;
    return riven_src_bitmap(s, 24, RIVEN_BMP_PACK_NONE, o, e);
}
static int riven_src_k_pcm(const char *s, const riven_nameset *ns, relic_buf *o, relic_err *e)
{
    (void)ns;
    return riven_src_sound(s, RIVEN_WAV_RAW, o, e);
}
static int riven_src_k_adpcm(const char *s, const riven_nameset *ns, relic_buf *o, relic_err *e)
{
    (void)ns;
    return riven_src_sound(s, RIVEN_WAV_ADPCM, o, e);
}

// clang-format off
static const riven_src_kind riven_src_kinds[] = {
    {"names", riven_src_k_names},       {"words", riven_src_k_words},
    {"card", riven_src_card},           {"hotspots", riven_src_hotspots},
    {"bitmap8", riven_src_k_bitmap8},   {"bitmap8riven", riven_src_k_bitmap8riven},
    {"bitmap24", riven_src_k_bitmap24}, {"pcm", riven_src_k_pcm},
    {"adpcm", riven_src_k_adpcm},
};
// clang-format on

int riven_source_build(const char *kind, const char *src, const riven_nameset *ns, relic_buf *out, relic_err *err)
{
    relic_err local; /* the script builders rewrite err->msg, so they need one */
    if (!err) {
        relic_err_clear(&local);
        err = &local;
    }
    for (size_t i = 0; i < RELIC_COUNTOF(riven_src_kinds); i++)
        if (strcmp(riven_src_kinds[i].name, kind) == 0)
            return riven_src_kinds[i].build(src, ns, out, err);
    return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "unknown kind '%s'", kind);
}
