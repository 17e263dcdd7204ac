/* Unit tests for libio and libformats/file: deterministic indexed PNG, sorted JSON,
 * atomic writes, safe output paths and case-insensitive folder lookup. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "relic/io.h"
#include "support.h"

// clang-format off
static const uint8_t test_palette[16 * 3] = {
    0, 0, 0, 0, 0, 170, 0, 170, 0, 0, 170, 170, 170, 0, 0, 170, 0, 170, 170, 85, 0, 170, 170, 170,
    85, 85, 85, 85, 85, 255, 85, 255, 85, 85, 255, 255, 255, 85, 85, 255, 85, 255, 255, 255, 85, 255, 255, 255,
};
// clang-format on

typedef struct png_source {
    const uint8_t *p;
    size_t len, pos;
} png_source;

static void test_png_read_cb(png_structp png, png_bytep out, png_size_t n)
{
    png_source *s = png_get_io_ptr(png);
    if (n > s->len - s->pos)
        png_error(png, "short");
    memcpy(out, s->p + s->pos, n);
    s->pos += n;
}

static void test_png_encodes_indexed_and_deterministic(void **state)
{
    (void)state;
    uint8_t pix[5 * 3];
    for (int i = 0; i < 15; i++)
        pix[i] = (uint8_t)i;
    relic_png img = {5, 3, pix, test_palette, 16, 15, 0};
    relic_buf a = RELIC_BUF_INIT, b = RELIC_BUF_INIT;
    assert_int_equal(relic_png_encode(&img, &a, NULL), RELIC_OK);
    assert_int_equal(relic_png_encode(&img, &b, NULL), RELIC_OK);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.data, b.data, a.len);
    for (size_t i = 0; i + 4 <= a.len; i++) /* no time stamp chunk */
        assert_false(memcmp(a.data + i, "tIME", 4) == 0);
    /* Read it back with libpng: palette image, 4-bit, same indices and colours. */
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    png_source src = {a.data, a.len, 0};
    png_set_read_fn(png, &src, test_png_read_cb);
    png_read_info(png, info);
    assert_int_equal(png_get_color_type(png, info), PNG_COLOR_TYPE_PALETTE);
    assert_int_equal(png_get_bit_depth(png, info), 4);
    png_colorp pal;
    int npal;
    png_get_PLTE(png, info, &pal, &npal);
    assert_int_equal(npal, 16);
    assert_int_equal(pal[9].blue, 255);
    assert_true(png_get_valid(png, info, PNG_INFO_tRNS));
    png_set_packing(png);
    uint8_t row[5];
    for (int y = 0; y < 3; y++) {
        png_read_row(png, row, NULL);
        assert_memory_equal(row, pix + 5 * y, 5);
    }
    png_destroy_read_struct(&png, &info, NULL);
    relic_buf_free(&a);
    relic_buf_free(&b);
}

static void test_png_refuses_bad_input(void **state)
{
    (void)state;
    uint8_t pix[1] = {16};
    relic_png img = {1, 1, pix, test_palette, 16, -1, 0};
    relic_buf a = RELIC_BUF_INIT;
    assert_int_equal(relic_png_encode(&img, &a, NULL), RELIC_EUSAGE);
    img.width = 0;
    assert_int_equal(relic_png_encode(&img, &a, NULL), RELIC_EUSAGE);
    relic_buf_free(&a);
}

/* A private chunk goes after the image data with its CRC, libpng still
 * reads the image, and relic_png_find_chunk gives the same bytes back. */
static void test_png_private_chunk_round_trip(void **state)
{
    (void)state;
    uint8_t pix[2] = {1, 2};
    const uint8_t keep[5] = {'a', 'b', 0, 0xff, 'c'};
    const relic_png_chunk c = {"tbRW", keep, sizeof keep};
    relic_png img = {2, 1, pix, test_palette, 16, -1, 1};
    relic_buf a = RELIC_BUF_INIT, rgb = RELIC_BUF_INIT;
    assert_int_equal(relic_png_encode_chunk(&img, &c, &a, NULL), RELIC_OK);
    relic_png_chunk got, idat;
    assert_int_equal(relic_png_find_chunk(a.data, a.len, "tbRW", &got, NULL), RELIC_OK);
    assert_string_equal(got.name, "tbRW");
    assert_int_equal(got.len, sizeof keep);
    assert_memory_equal(got.data, keep, sizeof keep);
    assert_int_equal(relic_png_find_chunk(a.data, a.len, "IDAT", &idat, NULL), RELIC_OK);
    assert_true(got.data > idat.data); /* after the image data */
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    png_source src = {a.data, a.len, 0};
    png_set_read_fn(png, &src, test_png_read_cb);
    png_read_info(png, info);
    png_set_packing(png);
    uint8_t row[2];
    png_read_row(png, row, NULL);
    assert_memory_equal(row, pix, 2);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    const uint8_t px[3] = {9, 8, 7};
    assert_int_equal(relic_png_encode_rgb_chunk(1, 1, px, &c, &rgb, NULL), RELIC_OK);
    assert_int_equal(relic_png_find_chunk(rgb.data, rgb.len, "tbRW", &got, NULL), RELIC_OK);
    assert_memory_equal(got.data, keep, sizeof keep);
    relic_buf_free(&a);
    relic_buf_free(&rgb);
}

/* The bulk writer (fast = 1) over chunk lengths around its CRC's 16- and
 * 64-byte strides (and Adler-32 past its 5,552-byte runs), for an image it filters Up (rows shifted by one) and
 * one it leaves unfiltered (noise): relic_png_find_chunk checks every CRC
 * with its own table code, libpng reads the pixels back. */
static void test_png_fast_any_chunk_length(void **state)
{
    (void)state;
    static const size_t lens[] = {0, 1, 31, 63, 64, 65, 127, 128, 129, 200, 4099};
    enum { W = 97, H = 71 }; /* 6,958 bytes filtered: over one 5,552-byte Adler-32 run */
    uint8_t pix[W * H], keep[4099], pal[256 * 3];
    uint32_t r = 12345;
    for (size_t i = 0; i < sizeof keep; i++)
        keep[i] = (uint8_t)((r = r * 1103515245u + 12345u) >> 16);
    for (size_t i = 0; i < sizeof pal; i++)
        pal[i] = (uint8_t)i;
    for (int kind = 0; kind < 2; kind++) {
        for (int i = 0; i < W * H; i++)
            pix[i] = kind ? keep[i % 4000] : (uint8_t)(i % W / 4 + i / W);
        for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
            const relic_png_chunk c = {"tbRW", keep, lens[k]};
            relic_png img = {W, H, pix, pal, 256, -1, 1};
            relic_buf a = RELIC_BUF_INIT;
            assert_int_equal(relic_png_encode_chunk(&img, &c, &a, NULL), RELIC_OK);
            relic_png_chunk got;
            assert_int_equal(relic_png_find_chunk(a.data, a.len, "tbRW", &got, NULL), RELIC_OK);
            assert_int_equal(got.len, lens[k]);
            assert_int_equal(relic_png_find_chunk(a.data, a.len, "IEND", &got, NULL), RELIC_OK);
            png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
            png_infop info = png_create_info_struct(png);
            png_source src = {a.data, a.len, 0};
            png_set_read_fn(png, &src, test_png_read_cb);
            png_read_info(png, info);
            uint8_t row[W];
            for (int y = 0; y < H; y++) {
                png_read_row(png, row, NULL);
                assert_memory_equal(row, pix + y * W, W);
            }
            png_read_end(png, NULL);
            png_destroy_read_struct(&png, &info, NULL);
            relic_buf_free(&a);
        }
    }
}

/* The bulk writer's level: a 608x392 card of dithered grain (a gradient
 * plus 24 levels of noise, as the bench's photographic tBMPs) gains under
 * a tenth from deflate and is stored: the IDAT holds every filtered row
 * (609 x 392 bytes) and the stored-block headers; the same card without
 * the grain is compressed.  Both read back, and equal images give equal
 * bytes. */
static void test_png_fast_stores_photographs(void **state)
{
    (void)state;
    enum { W = 608, H = 392 };
    static uint8_t pix[W * H], pal[256 * 3];
    for (size_t i = 0; i < sizeof pal; i++)
        pal[i] = (uint8_t)i;
    for (int grain = 1; grain >= 0; grain--) {
        uint32_t r = 2463534242u;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                r ^= r << 13, r ^= r >> 17, r ^= r << 5;
                pix[y * W + x] = (uint8_t)((x * 160 / W + y * 80 / H + (grain ? (int)(r % 24) : 0)) % 256);
            }
        relic_png img = {W, H, pix, pal, 256, -1, 1};
        relic_buf a = RELIC_BUF_INIT, b = RELIC_BUF_INIT;
        assert_int_equal(relic_png_encode(&img, &a, NULL), RELIC_OK);
        assert_int_equal(relic_png_encode(&img, &b, NULL), RELIC_OK);
        assert_int_equal(a.len, b.len);
        assert_memory_equal(a.data, b.data, a.len);
        relic_png_chunk idat;
        assert_int_equal(relic_png_find_chunk(a.data, a.len, "IDAT", &idat, NULL), RELIC_OK);
        if (grain) {
            assert_true(idat.len > (size_t)(W + 1) * H);
            assert_int_equal(idat.data[2] & 0x06, 0); /* the first block's BTYPE: 00, stored */
        } else {
            assert_true(idat.len < (size_t)(W + 1) * H / 10);
        }
        png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
        png_infop info = png_create_info_struct(png);
        png_source src = {a.data, a.len, 0};
        png_set_read_fn(png, &src, test_png_read_cb);
        png_read_info(png, info);
        static uint8_t row[W];
        for (int y = 0; y < H; y++) {
            png_read_row(png, row, NULL);
            assert_memory_equal(row, pix + y * W, W);
        }
        png_read_end(png, NULL);
        png_destroy_read_struct(&png, &info, NULL);
        relic_buf_free(&a);
        relic_buf_free(&b);
    }
}

/* Explicit bytes: signature, one 1-byte chunk "abCD" {0x42} with its CRC
 * (crc32 of "abCD\x42"), then IEND. */
static void test_png_find_chunk_malformed(void **state)
{
    (void)state;
    uint8_t f[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0,   0,   0,   1,   'a',  'b',  'C',  'D', 0x42,
                   0,    0,   0,   0,   0,    0,    0,    0,    'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    uint32_t crc = 0xffffffffu; /* bitwise CRC-32, independent of the library's table */
    for (int i = 12; i < 17; i++) {
        crc ^= f[i];
        for (int k = 0; k < 8; k++)
            crc = (crc & 1) ? 0xedb88320u ^ (crc >> 1) : crc >> 1;
    }
    crc ^= 0xffffffffu;
    f[17] = (uint8_t)(crc >> 24), f[18] = (uint8_t)(crc >> 16), f[19] = (uint8_t)(crc >> 8), f[20] = (uint8_t)crc;
    relic_png_chunk c;
    relic_err e;
    assert_int_equal(relic_png_find_chunk(f, sizeof f, "abCD", &c, &e), RELIC_OK);
    assert_int_equal(c.len, 1);
    assert_int_equal(c.data[0], 0x42);
    assert_int_equal(relic_png_find_chunk(f, sizeof f, "tbRW", &c, &e), RELIC_EDATA); /* not there */
    assert_non_null(strstr(e.msg, "no tbRW chunk"));
    assert_int_equal(relic_png_find_chunk(f, 18, "abCD", &c, &e), RELIC_EDATA); /* cut inside the CRC */
    assert_int_equal(e.offset, 8);
    f[16] ^= 1; /* one data bit: the CRC no longer matches */
    assert_int_equal(relic_png_find_chunk(f, sizeof f, "abCD", &c, &e), RELIC_EDATA);
    assert_non_null(strstr(e.msg, "CRC"));
    assert_int_equal(e.offset, 8);
    f[16] ^= 1;
    f[11] = 0xff; /* a length past the end of the file */
    assert_int_equal(relic_png_find_chunk(f, sizeof f, "abCD", &c, &e), RELIC_EDATA);
    f[0] = 0; /* no signature */
    assert_int_equal(relic_png_find_chunk(f, sizeof f, "abCD", &c, &e), RELIC_EDATA);
    assert_int_equal(relic_png_find_chunk(f, 3, "abCD", &c, &e), RELIC_EDATA);
}

/* Keys print in the order they were set (the builder's order) within
 * their class, not sorted by name. */
static void test_json_insertion_order(void **state)
{
    (void)state;
    json_t *doc = json_pack("{s:i, s:i, s:[i]}", "zeta", 1, "alpha", 2, "mid", 3);
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(relic_json_encode(doc, &out, NULL), RELIC_OK);
    static const char want[] = "{\n  \"zeta\": 1,\n  \"alpha\": 2,\n  \"mid\": [\n    3\n  ]\n}\n";
    assert_int_equal(out.len, sizeof want - 1);
    assert_memory_equal(out.data, want, sizeof want - 1);
    json_decref(doc);
    /* by class first: format, format_version, identity, sizes and counts,
     * contents; within a class as set */
    doc = json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i}", "data", 1, "stored_size", 2, "number", 3,
                    "format_version", 4, "width", 5, "kind", 6, "format", 7, "v10", 8, "v2", 9, "interpreter_version",
                    10);
    assert_int_equal(relic_json_encode(doc, &out, NULL), RELIC_OK);
    static const char ranked[] = "{\n  \"format\": 7,\n  \"format_version\": 4,\n  \"number\": 3,\n  \"kind\": 6,\n"
                                 "  \"interpreter_version\": 10,\n  \"stored_size\": 2,\n  \"width\": 5,\n"
                                 "  \"data\": 1,\n  \"v10\": 8,\n  \"v2\": 9\n}\n";
    relic_buf_u8(&out, 0);
    assert_string_equal((const char *)out.data, ranked);
    assert_int_equal(relic_json_key_rank("format"), 0);
    assert_int_equal(relic_json_key_rank("format_version"), 1);
    assert_int_equal(relic_json_key_rank("profile"), 2);
    assert_int_equal(relic_json_key_rank("_version"), 4); /* a suffix needs a stem */
    assert_int_equal(relic_json_key_rank("record_count"), 3);
    assert_int_equal(relic_json_key_rank("counts"), 4);
    json_decref(doc);
    relic_buf_free(&out);
}

/* Every kind of value, in bytes written out here: escapes, UTF-8 kept,
 * the integer extremes, reals in their fewest digits (".0" on whole ones,
 * null for what JSON cannot say), empty containers, an empty key. */
static void test_json_exact_bytes(void **state)
{
    (void)state;
    json_t *doc =
        json_pack("{s:i, s:I, s:I, s:s, s:s, s:[], s:{}, s:[i, [s, {}], {s:n, s:b, s:b}], s:f, s:f, s:f, s:f}", "b", -7,
                  "min", (json_int_t)INT64_MIN, "max", (json_int_t)INT64_MAX, "esc",
                  "q\" b\\ n\n t\t \x01\x1f\x7f\b\f\r", "utf8", "caf\xc3\xa9 \xe2\x99\xa5", "ea", "eo", "nest", 1,
                  "two", "null", "yes", 1, "no", 0, "real", 0.1, "whole", 3.0, "tiny", 1e-300, "third", 1.0 / 3);
    assert_non_null(doc);
    json_object_set_new(doc, "", json_string("empty key"));
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(relic_json_encode(doc, &out, NULL), RELIC_OK);
    static const char want[] = "{\n"
                               "  \"b\": -7,\n"
                               "  \"min\": -9223372036854775808,\n"
                               "  \"max\": 9223372036854775807,\n"
                               "  \"esc\": \"q\\\" b\\\\ n\\n t\\t \\u0001\\u001F\x7f\\b\\f\\r\",\n"
                               "  \"utf8\": \"caf\xc3\xa9 \xe2\x99\xa5\",\n"
                               "  \"ea\": [],\n"
                               "  \"eo\": {},\n"
                               "  \"nest\": [\n"
                               "    1,\n"
                               "    [\n"
                               "      \"two\",\n"
                               "      {}\n"
                               "    ],\n"
                               "    {\n"
                               "      \"null\": null,\n"
                               "      \"yes\": true,\n"
                               "      \"no\": false\n"
                               "    }\n"
                               "  ],\n"
                               "  \"real\": 0.1,\n"
                               "  \"whole\": 3.0,\n"
                               "  \"tiny\": 1e-300,\n"
                               "  \"third\": 0.3333333333333333,\n"
                               "  \"\": \"empty key\"\n"
                               "}\n";
    relic_buf_u8(&out, 0);
    assert_string_equal((const char *)out.data, want);
    json_decref(doc);
    /* not finite: JSON has no spelling, so null (jansson refuses to make
     * such a real, the stream takes one) */
    relic_json_stream s;
    relic_json_stream_begin(&s, &out);
    relic_json_stream_open(&s, NULL, '[');
    relic_json_stream_real(&s, NULL, HUGE_VAL);
    relic_json_stream_real(&s, NULL, -2.5);
    relic_json_stream_close(&s, ']');
    assert_int_equal(relic_json_stream_end(&s, NULL), RELIC_OK);
    relic_buf_u8(&out, 0);
    assert_string_equal((const char *)out.data, "[\n  null,\n  -2.5\n]\n");
    relic_buf_free(&out);
}

/* Nesting as deep as the data makes it (a decompiled script tree): no
 * recursion, no limit but memory. */
static void test_json_deep(void **state)
{
    (void)state;
    enum { DEPTH = 20000 };
    json_t *doc = json_array(), *leaf = doc;
    for (int i = 0; i < DEPTH; i++) {
        json_t *next = json_array();
        json_array_append_new(leaf, next);
        leaf = next;
    }
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(relic_json_encode(doc, &out, NULL), RELIC_OK);
    /* each level but the innermost ("[]") opens, indents its child, and
     * closes on its own indented line */
    size_t want = 2 + 1;
    for (size_t d = 0; d < DEPTH; d++)
        want += 1 + (1 + 2 * (d + 1)) + (1 + 2 * d) + 1;
    assert_int_equal(out.len, want);
    assert_memory_equal(out.data + out.len - 3, "\n]\n", 3);
    json_decref(doc);
    relic_buf_free(&out);
}

/* The escaping rule, byte by byte, as a reference for the fast copies. */
static void test_json_escape_reference(relic_buf *b, const char *s, size_t n)
{
    relic_buf_u8(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *named = c == '"'    ? "\\\""
                            : c == '\\' ? "\\\\"
                            : c == '\b' ? "\\b"
                            : c == '\f' ? "\\f"
                            : c == '\n' ? "\\n"
                            : c == '\r' ? "\\r"
                            : c == '\t' ? "\\t"
                                        : NULL;
        if (named)
            relic_buf_append(b, named, 2);
        else if (c < 0x20)
            relic_buf_printf(b, "\\u%04X", c);
        else
            relic_buf_u8(b, c);
    }
    relic_buf_u8(b, '"');
}

/* Strings long enough for the sixteen- and eight-bytes-at-a-time copies:
 * each byte that needs an escape (and bytes around the 0x20 and 0x80
 * edges) at every place of a 1..40-byte string print as the byte-by-byte
 * rule says. */
static void test_json_long_strings_escape(void **state)
{
    (void)state;
    static const unsigned char specials[] = {'"', '\\', 0x01, 0x1f, 0x20, 0x21, 0x7f, 0x5b, 0x5d, '\n', 0x22 ^ 0x80};
    json_t *doc = json_array();
    relic_buf want = RELIC_BUF_INIT;
    relic_buf_u8(&want, '[');
    for (size_t len = 1; len <= 40; len++)
        for (size_t at = 0; at < len; at++)
            for (size_t k = 0; k < sizeof specials; k++) {
                char s[41];
                memset(s, 'a' + (int)(len % 26), len);
                s[at] = (char)specials[k];
                /* a high byte alone is not UTF-8: pair it as U+00A2 */
                if (specials[k] >= 0x80) {
                    s[at] = (char)0xc2;
                    if (at + 1 < len)
                        s[at + 1] = (char)0xa2;
                    else
                        s[at] = 'z';
                }
                json_array_append_new(doc, json_stringn(s, len));
                relic_buf_append(&want, json_array_size(doc) > 1 ? ",\n  " : "\n  ", json_array_size(doc) > 1 ? 4 : 3);
                test_json_escape_reference(&want, s, len);
            }
    relic_buf_append(&want, "\n]\n", 3);
    assert_int_equal(json_array_size(doc), 40 * 41 / 2 * sizeof specials);
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(relic_json_encode(doc, &out, NULL), RELIC_OK);
    assert_int_equal(out.len, want.len);
    assert_memory_equal(out.data, want.data, want.len);
    json_decref(doc);
    relic_buf_free(&out);
    relic_buf_free(&want);
}

/* The streaming writer prints relic_json_encode's bytes of the same tree:
 * nested and empty containers, every scalar, CP437 text; and refuses a
 * close with nothing open. */
static void test_json_stream_same_as_tree(void **state)
{
    (void)state;
    json_t *doc = json_pack("{s:[], s:{}, s:[i,{s:n,s:b},[[]]], s:{s:s,s:I,s:b}}", "a", "b", "c", -7, "k", "m", 0, "d",
                            "s", "q\"\n", "v", (json_int_t)1234567890123LL, "w", 1);
    json_object_set_new(json_object_get(doc, "d"), "x", relic_json_bytes((const uint8_t *)"\x82\xdb", 2));
    relic_buf tree = RELIC_BUF_INIT, out = RELIC_BUF_INIT;
    assert_int_equal(relic_json_encode(doc, &tree, NULL), RELIC_OK);
    relic_json_stream s;
    relic_json_stream_begin(&s, &out);
    relic_json_stream_open(&s, NULL, '{');
    relic_json_stream_open(&s, "a", '[');
    relic_json_stream_close(&s, ']');
    relic_json_stream_open(&s, "b", '{');
    relic_json_stream_close(&s, '}');
    relic_json_stream_open(&s, "c", '[');
    relic_json_stream_int(&s, NULL, -7);
    relic_json_stream_open(&s, NULL, '{');
    relic_json_stream_null(&s, "k");
    relic_json_stream_bool(&s, "m", 0);
    relic_json_stream_close(&s, '}');
    relic_json_stream_open(&s, NULL, '[');
    relic_json_stream_open(&s, NULL, '[');
    relic_json_stream_close(&s, ']');
    relic_json_stream_close(&s, ']');
    relic_json_stream_close(&s, ']');
    relic_json_stream_open(&s, "d", '{');
    relic_json_stream_string(&s, "s", "q\"\n", 3);
    relic_json_stream_int(&s, "v", 1234567890123LL);
    relic_json_stream_bool(&s, "w", 1);
    relic_json_stream_bytes(&s, "x", (const uint8_t *)"\x82\xdb", 2);
    relic_json_stream_close(&s, '}');
    relic_json_stream_close(&s, '}');
    assert_int_equal(relic_json_stream_end(&s, NULL), RELIC_OK);
    assert_int_equal(out.len, tree.len);
    assert_memory_equal(out.data, tree.data, tree.len);
    relic_json_stream_begin(&s, &out);
    relic_json_stream_close(&s, '}');
    assert_int_equal(relic_json_stream_end(&s, NULL), RELIC_ENOMEM);
    assert_int_equal(out.len, 0);
    json_decref(doc);
    relic_buf_free(&tree);
    relic_buf_free(&out);
}

typedef struct test_sink {
    relic_buf got;
    unsigned calls, fail_at; /* fail_at: the call that fails (0: none) */
} test_sink;

static int test_sink_take(void *ctx, const uint8_t *p, size_t n, relic_err *err)
{
    test_sink *t = ctx;
    if (++t->calls == t->fail_at)
        return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "sink %u failed", t->calls);
    assert_true(n <= RELIC_JSON_SINK_CHUNK + 64);
    relic_buf_append(&t->got, p, n);
    return RELIC_OK;
}

/* A document of `hexes` hex members of 100,000 bytes each, into out. */
static int test_sink_doc(relic_buf *out, test_sink *sink, const uint8_t *bytes, unsigned hexes, relic_err *err)
{
    relic_json_stream s;
    relic_json_stream_begin(&s, out);
    if (sink)
        relic_json_stream_sink(&s, test_sink_take, sink);
    relic_json_stream_open(&s, NULL, '[');
    for (unsigned i = 0; i < hexes; i++) {
        relic_json_stream_open(&s, NULL, '{');
        relic_json_stream_hex(&s, "hex", bytes, 100000);
        relic_json_stream_int(&s, "n", i);
        relic_json_stream_close(&s, '}');
    }
    relic_json_stream_hex(&s, NULL, bytes, 0);
    relic_json_stream_close(&s, ']');
    return relic_json_stream_end(&s, err);
}

/* Through a sink the document leaves in pieces of about a chunk, the same
 * bytes as in one buffer, and the buffer stays near a chunk; a failing
 * sink fails the end with its own error. */
static void test_json_stream_sink(void **state)
{
    (void)state;
    uint8_t *bytes = malloc(100000);
    assert_non_null(bytes);
    for (size_t i = 0; i < 100000; i++)
        bytes[i] = (uint8_t)(i * 131 + 7);
    relic_buf whole = RELIC_BUF_INIT, piece = RELIC_BUF_INIT;
    assert_int_equal(test_sink_doc(&whole, NULL, bytes, 5, NULL), RELIC_OK);
    test_sink t = {RELIC_BUF_INIT, 0, 0};
    assert_int_equal(test_sink_doc(&piece, &t, bytes, 5, NULL), RELIC_OK);
    assert_true(t.calls >= whole.len / RELIC_JSON_SINK_CHUNK);
    assert_true(piece.cap <= 2 * RELIC_JSON_SINK_CHUNK + 4096);
    assert_int_equal(t.got.len, whole.len);
    assert_memory_equal(t.got.data, whole.data, whole.len);
    relic_buf_free(&t.got);
    test_sink bad = {RELIC_BUF_INIT, 0, 3};
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(test_sink_doc(&piece, &bad, bytes, 5, &err), RELIC_EIO);
    assert_string_equal(err.msg, "sink 3 failed");
    assert_int_equal(bad.calls, 3); /* nothing offered after the failure */
    relic_buf_free(&bad.got);
    relic_buf_free(&whole);
    relic_buf_free(&piece);
    free(bytes);
}

/* CP437 game text as JSON strings: ASCII as is (NUL kept), high bytes
 * mapped (0x82 is e-acute, 0xdb the full block). */
static void test_json_bytes_cp437(void **state)
{
    (void)state;
    json_t *a = relic_json_bytes((const uint8_t *)"Hi\0there", 8);
    assert_int_equal(json_string_length(a), 8);
    assert_memory_equal(json_string_value(a), "Hi\0there", 8);
    json_t *b = relic_json_bytes((const uint8_t *)"caf\x82 \xdb", 6);
    assert_string_equal(json_string_value(b), "caf\xc3\xa9 \xe2\x96\x88");
    json_t *c = relic_json_bytes(NULL, 0);
    assert_string_equal(json_string_value(c), "");
    json_decref(a);
    json_decref(b);
    json_decref(c);
}

static int test_count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static void test_atomic_write_and_read(void **state)
{
    (void)state;
    char dir[256], path[300];
    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/out.bin", dir);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(relic_file_write_atomic(path, "abc", 3, &err), RELIC_OK);
    assert_int_equal(relic_file_write_atomic(path, "defg", 4, &err), RELIC_OK); /* replaces */
    relic_buf b = RELIC_BUF_INIT;
    assert_int_equal(relic_file_read(path, &b, &err), RELIC_OK);
    assert_int_equal(b.len, 4);
    assert_memory_equal(b.data, "defg", 4);
    assert_int_equal(test_count_entries(dir), 1); /* no temporary left behind */
    snprintf(path, sizeof path, "%s/missing/out.bin", dir);
    assert_int_equal(relic_file_write_atomic(path, "x", 1, &err), RELIC_EIO);
    assert_int_equal(relic_file_read(path, &b, &err), RELIC_EIO);
    assert_string_equal(err.file, path);
    assert_int_equal(relic_file_read(dir, &b, &err), RELIC_EIO); /* a folder */
    relic_buf_free(&b);
    test_tmpdir_remove(dir);
}

/* Mapped files read the same bytes as relic_file_read; empty files, folders
 * and missing files take the read path and report the same way. */
static void test_file_map(void **state)
{
    (void)state;
    char dir[256], path[300];
    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/m.bin", dir);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(relic_file_write_atomic(path, "mapped", 6, &err), RELIC_OK);
    relic_map m;
    assert_int_equal(relic_file_map(path, &m, &err), RELIC_OK);
    assert_int_equal(m.mapped, 1);
    assert_int_equal(m.len, 6);
    assert_memory_equal(m.data, "mapped", 6);
    relic_file_unmap(&m);
    assert_int_equal(relic_file_write_atomic(path, "", 0, &err), RELIC_OK);
    assert_int_equal(relic_file_map(path, &m, &err), RELIC_OK);
    assert_int_equal(m.len, 0);
    assert_int_equal(m.mapped, 0);
    relic_file_unmap(&m);
    assert_int_equal(relic_file_map(dir, &m, &err), RELIC_EIO);
    relic_file_unmap(&m);
    snprintf(path, sizeof path, "%s/missing.bin", dir);
    relic_err_clear(&err);
    assert_int_equal(relic_file_map(path, &m, &err), RELIC_EIO);
    assert_string_equal(err.file, path);
    relic_file_unmap(&m);
    test_tmpdir_remove(dir);
}

static void test_path_join_refuses_escapes(void **state)
{
    (void)state;
    char dir[256], out[512], link[300];
    test_tmpdir(dir, sizeof dir);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(relic_path_join(dir, "raw/logic/logic000.bin", 1, out, sizeof out, &err), RELIC_OK);
    struct stat st;
    assert_int_equal(stat(strcat(strcpy(link, dir), "/raw/logic"), &st), 0); /* made */
    assert_int_equal(relic_path_join(dir, "../evil", 1, out, sizeof out, &err), RELIC_EUSAGE);
    assert_int_equal(relic_path_join(dir, "a/../../evil", 1, out, sizeof out, &err), RELIC_EUSAGE);
    assert_int_equal(relic_path_join(dir, "/etc/passwd", 1, out, sizeof out, &err), RELIC_EUSAGE);
    assert_int_equal(relic_path_join(dir, "a//b", 1, out, sizeof out, &err), RELIC_EUSAGE);
    assert_int_equal(relic_path_join(dir, "a/./b", 1, out, sizeof out, &err), RELIC_EUSAGE);
    assert_int_equal(relic_path_join(dir, "", 1, out, sizeof out, &err), RELIC_EUSAGE);
    assert_int_equal(relic_path_join(dir, "a\\b", 1, out, sizeof out, &err), RELIC_EUSAGE);
    snprintf(link, sizeof link, "%s/escape", dir);
    assert_int_equal(symlink("/tmp", link), 0);
    assert_int_equal(relic_path_join(dir, "escape/file", 1, out, sizeof out, &err), RELIC_EUSAGE);
    assert_non_null(strstr(err.msg, "symbolic link"));
    assert_int_equal(relic_path_join(dir, "escape", 1, out, sizeof out, &err), RELIC_EUSAGE);
    test_tmpdir_remove(dir);
}

static void test_dir_lookup_ignores_case(void **state)
{
    (void)state;
    char dir[256], path[300];
    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/vol.0", dir);
    assert_int_equal(relic_file_write_atomic(path, "x", 1, NULL), RELIC_OK);
    relic_dir d;
    assert_int_equal(relic_dir_open(dir, &d, NULL), RELIC_OK);
    assert_string_equal(relic_dir_find(&d, "VOL.0"), "vol.0");
    assert_null(relic_dir_find(&d, "VOL.1"));
    relic_dir_close(&d);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(relic_dir_open(path, &d, &err), RELIC_EIO);
    test_tmpdir_remove(dir);
}

/* The document test_json_builder_sticky builds: 3 keys, an array of 4. */
static json_t *test_json_build(int *oom)
{
    json_t *doc = json_object(), *arr = json_array();
    relic_json_set(doc, "name", json_string("relic"), oom);
    relic_json_set(doc, "count", json_integer(4), oom);
    for (int i = 0; i < 4; i++)
        relic_json_append(arr, json_integer(i), oom);
    relic_json_set(doc, "items", arr, oom);
    return doc;
}

static void test_json_builder_sticky(void **state)
{
    (void)state;
    int oom = 0;
    json_t *doc = test_json_build(&oom);
    assert_int_equal(oom, 0);
    assert_int_equal(relic_json_check(oom, NULL), RELIC_OK);
    assert_int_equal(json_object_size(doc), 3);
    json_decref(doc);
    /* A NULL value (a failed json_integer) or parent sets it; success after
     * a failure leaves it set. */
    relic_json_set(NULL, "k", json_integer(1), &oom);
    assert_int_equal(oom, 1);
    json_t *o = json_object();
    relic_json_set(o, "k", json_integer(1), &oom);
    assert_int_equal(oom, 1);
    json_decref(o);
    oom = 0;
    json_t *a = json_array();
    relic_json_append(a, NULL, &oom);
    assert_int_equal(oom, 1);
    assert_int_equal(json_array_size(a), 0);
    json_decref(a);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(relic_json_check(1, &err), RELIC_ENOMEM);
    assert_string_equal(err.msg, "out of memory");
    /* A builder's NULL handed straight to a writer is the same failure. */
    relic_buf nothing = RELIC_BUF_INIT;
    assert_int_equal(relic_json_encode(NULL, &nothing, &err), RELIC_ENOMEM);
    relic_buf_free(&nothing);
    /* Every allocation in turn failing: either the whole document or oom. */
    int whole = 0, caught = 0;
    for (int n = 0; n < 64; n++) {
        oom = 0;
        test_json_fail_at(n);
        doc = test_json_build(&oom);
        test_json_fail_at(-1);
        int complete = doc && json_object_size(doc) == 3 && json_array_size(json_object_get(doc, "items")) == 4;
        assert_true(complete || oom);
        whole += complete && !oom;
        caught += oom;
        json_decref(doc);
    }
    assert_true(whole > 0 && caught > 0);
}

/* relic_json_diff: leaves, a missing side as null, keys escaped as JSON
 * Pointer segments, paths in numeric order, ignored subtrees; NULL for a
 * missing document, and under any failed allocation (an empty or short
 * list would read as equal documents). */
static int test_diff_ignore(const char *path, void *arg) { return strcmp(path, arg) == 0; }

static json_t *test_diff_build(const void *arg)
{
    json_t *const *ab = arg;
    return relic_json_diff(json_incref(ab[0]), json_incref(ab[1]), test_diff_ignore, "/skip");
}

static void test_json_diff(void **state)
{
    (void)state;
    json_t *ab[2] = {json_loads("{\"v\": {\"v2\": 1, \"v10\": 2, \"v3\": 3}, \"a/b~c\": 1, \"list\": [1, 2],"
                                " \"skip\": {\"x\": 1}, \"gone\": true}",
                                0, NULL),
                     json_loads("{\"v\": {\"v2\": 5, \"v10\": 6, \"v3\": 3}, \"a/b~c\": 2, \"list\": [1, 2, 3],"
                                " \"skip\": {\"x\": 2}, \"new\": 7}",
                                0, NULL)};
    json_t *d = test_diff_build(ab);
    char *s = json_dumps(d, JSON_COMPACT);
    assert_string_equal(s,
                        "[{\"path\":\"/a~1b~0c\",\"old\":1,\"new\":2},{\"path\":\"/gone\",\"old\":true,\"new\":null},"
                        "{\"path\":\"/list/2\",\"old\":null,\"new\":3},{\"path\":\"/new\",\"old\":null,\"new\":7},"
                        "{\"path\":\"/v/v2\",\"old\":1,\"new\":5},{\"path\":\"/v/v10\",\"old\":2,\"new\":6}]");
    free(s);
    json_decref(d);
    assert_null(relic_json_diff(json_incref(ab[0]), NULL, test_diff_ignore, "/skip"));
    assert_int_equal(ab[0]->refcount, 1); /* taken and released */
    test_json_whole_or_null(test_diff_build, ab, 10000);
    json_decref(ab[0]);
    json_decref(ab[1]);
    char p[16];
    relic_json_pointer_join(p, sizeof p, "/ab", "c/d~e");
    assert_string_equal(p, "/ab/c~1d~0e");
    relic_json_pointer_join(p, 8, "/ab", "c/d~e"); /* cut before an escape that does not fit */
    assert_string_equal(p, "/ab/c");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_png_encodes_indexed_and_deterministic),
        cmocka_unit_test(test_png_refuses_bad_input),
        cmocka_unit_test(test_png_private_chunk_round_trip),
        cmocka_unit_test(test_png_fast_any_chunk_length),
        cmocka_unit_test(test_png_fast_stores_photographs),
        cmocka_unit_test(test_png_find_chunk_malformed),
        cmocka_unit_test(test_json_insertion_order),
        cmocka_unit_test(test_json_exact_bytes),
        cmocka_unit_test(test_json_deep),
        cmocka_unit_test(test_json_long_strings_escape),
        cmocka_unit_test(test_json_stream_same_as_tree),
        cmocka_unit_test(test_json_stream_sink),
        cmocka_unit_test(test_json_bytes_cp437),
        cmocka_unit_test(test_json_builder_sticky),
        cmocka_unit_test(test_json_diff),
        cmocka_unit_test(test_atomic_write_and_read),
        cmocka_unit_test(test_file_map),
        cmocka_unit_test(test_path_join_refuses_escapes),
        cmocka_unit_test(test_dir_lookup_ignores_case),
    };
    return cmocka_run_group_tests_name("io", tests, NULL, NULL);
}
