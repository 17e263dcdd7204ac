/* Unit tests for Riven tBMP (every Riven packing command against a
 * hand-worked case, raw 8 and 24 bpp, encoder round trips) and tWAV (raw
 * PCM, DVI ADPCM against hand-computed samples in mono and stereo, the
 * encoder, malformed chunks).  Expected values were worked out by hand from
 * the rules cited in libformats/riven/tbmp.c and twav.c. */
#include <string.h>
#include <sndfile.h>
#include "relic/io.h"
#include "relic/riven_media.h"
#include "support.h"

/* A 1-row Riven-packed 8 bpp tBMP of `len` pixels around `stream`. */
static size_t packed(const char *stream_hex, size_t len, uint8_t *d, size_t cap)
{
    size_t n = 0;
    uint8_t head[8] = {0, (uint8_t)len, 0, 1, 0, (uint8_t)((len + 1) & ~1u), 0x04, 0x02};
    memcpy(d, head, 8);
    n = 8;
    memset(d + n, 0, 4 + 768 + 4); /* colour table header, 256 zero colours, u32 */
    n += 4 + 768 + 4;
    n += test_hex(stream_hex, d + n, cap - n);
    return n;
}

static void check_pack(const char *stream, const char *want_hex)
{
    static uint8_t d[2048];
    uint8_t want[64];
    size_t wn = test_hex(want_hex, want, sizeof want);
    size_t n = packed(stream, wn, d, sizeof d);
    riven_bitmap b;
    relic_err err;
    relic_err_clear(&err);
    if (riven_tbmp_decode(d, n, &b, &err))
        fail_msg("%s: %s (offset 0x%zx)", stream, err.msg, err.offset);
    if (memcmp(b.pixels, want, wn) != 0) {
        char got[200] = "";
        for (size_t i = 0; i < wn; i++)
            snprintf(got + strlen(got), sizeof got - strlen(got), "%02x ", b.pixels[i]);
        fail_msg("%s: got %s want %s", stream, got, want_hex);
    }
    riven_bitmap_free(&b);
}

#define P "02 10 20 30 40 " /* prefix: pixels 10 20 30 40 */

static void test_riven_packing_commands(void **state)
{
    (void)state;
    check_pack("01 05 06 00", "05 06");
    check_pack(P "41 00", "10 20 30 40 30 40");
    check_pack(P "81 00", "10 20 30 40 10 20 30 40");
    check_pack(P "c1 01", "10 20 30 40 30 40");
    check_pack(P "c1 02", "10 20 30 40 10 20");
    check_pack(P "c1 10 77", "10 20 30 40 30 77");
    check_pack(P "c1 12", "10 20 30 40 30 40");
    check_pack(P "c1 23", "10 20 30 40 30 43");
    check_pack(P "c1 33", "10 20 30 40 30 3d");
    check_pack(P "c1 40 77", "10 20 30 40 77 40");
    check_pack(P "c1 42", "10 20 30 40 30 40");
    check_pack(P "c1 50 77 88", "10 20 30 40 77 88");
    check_pack(P "c1 53 77", "10 20 30 40 20 77");
    check_pack(P "c1 5b 77", "10 20 30 40 77 30");
    check_pack(P "c1 62 77", "10 20 30 40 77 42");
    check_pack(P "c1 72 77", "10 20 30 40 77 3e");
    check_pack(P "c1 82", "10 20 30 40 32 40");
    check_pack(P "c1 92 77", "10 20 30 40 32 77");
    check_pack(P "c1 a0 12", "10 20 30 40 31 42");
    check_pack(P "c1 b0 12", "10 20 30 40 31 3e");
    check_pack(P "c1 c2", "10 20 30 40 2e 40");
    check_pack(P "c1 d2 77", "10 20 30 40 2e 77");
    check_pack(P "c1 e0 12", "10 20 30 40 2f 42");
    check_pack(P "c1 f0 12", "10 20 30 40 2f 3e");
    check_pack(P "c1 ff 12", "10 20 30 40 2f 3e");
    check_pack(P "c1 a4 04 77", "10 20 30 40 10 20 30 77");
    check_pack(P "c1 a8 04", "10 20 30 40 10 20 30 40");
    check_pack(P "c1 ac 04 77", "10 20 30 40 10 20 30 40 10 77");
    check_pack(P "c1 b4 02", "10 20 30 40 30 40 30 40 30 40");
    check_pack(P "c1 fc 00 04 77", "10 20 30 40 10 20 30 77");
    check_pack(P "c1 fc 0c 04", "10 20 30 40 10 20 30 40 10 20");
    check_pack(P "c2 82 c2", "10 20 30 40 32 40 30 40"); /* two subcommands in one 0xc2 */
    check_pack(P "80 00", "10 20 30 40");                /* zero repeats, then the end */
}

static void test_riven_packing_malformed(void **state)
{
    (void)state;
    static uint8_t d[2048];
    riven_bitmap b;
    relic_err err;
    relic_err_clear(&err);
    size_t n = packed(P "c1 58", 6, d, sizeof d);
    assert_int_equal(riven_tbmp_decode(d, n, &b, &err), RELIC_EDATA);
    assert_string_equal(err.msg, "unknown Riven packing subcommand 0x58");
    assert_int_equal(err.offset, 8 + 776 + 6);
    n = packed("c1 0f", 2, d, sizeof d); /* copies from before the image */
    assert_int_equal(riven_tbmp_decode(d, n, &b, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 8 + 776 + 1);
    n = packed("03 01 02", 6, d, sizeof d); /* literal duplets cut short */
    assert_int_equal(riven_tbmp_decode(d, n, &b, &err), RELIC_EDATA);
    n = packed("01 00 00", 2, d, sizeof d);
    d[7] = 0x03; /* 16 bpp */
    assert_int_equal(riven_tbmp_decode(d, n, &b, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 6);
}

static void test_raw_and_round_trips(void **state)
{
    (void)state;
    uint8_t px[6 * 3], rgb[3 * 3 * 2];
    for (int i = 0; i < 18; i++)
        px[i] = (uint8_t)(i % 5 == 0 ? 7 : i * 3);
    riven_bitmap b = {.width = 6, .height = 3, .bpp = 8, .pixels = px};
    for (int i = 0; i < 256; i++)
        b.palette[i * 3] = (uint8_t)i, b.palette[i * 3 + 1] = (uint8_t)(255 - i), b.palette[i * 3 + 2] = 9;
    uint16_t packs[2] = {RIVEN_BMP_PACK_NONE, RIVEN_BMP_PACK_RIVEN};
    for (int k = 0; k < 2; k++) {
        relic_buf out = RELIC_BUF_INIT;
        assert_int_equal(riven_tbmp_encode(&b, packs[k], &out, NULL), RELIC_OK);
        riven_bitmap d;
        assert_int_equal(riven_tbmp_decode(out.data, out.len, &d, NULL), RELIC_OK);
        assert_int_equal(d.format & RIVEN_BMP_PACK_MASK, packs[k]);
        assert_memory_equal(d.pixels, px, sizeof px);
        assert_memory_equal(d.palette, b.palette, sizeof b.palette);
        riven_bitmap_free(&d);
        relic_buf_free(&out);
    }
    /* 24 bpp raw: 3x2, stored B,G,R with rows padded to 10 bytes. */
    for (int i = 0; i < 18; i++)
        rgb[i] = (uint8_t)(i * 11);
    riven_bitmap c = {.width = 3, .height = 2, .bpp = 24, .pixels = rgb};
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(riven_tbmp_encode(&c, 0, &out, NULL), RELIC_OK);
    assert_int_equal(out.len, 8 + 20);
    assert_int_equal(out.data[5], 10);
    assert_int_equal(out.data[8], rgb[2]); /* blue first */
    riven_bitmap d;
    assert_int_equal(riven_tbmp_decode(out.data, out.len, &d, NULL), RELIC_OK);
    assert_int_equal(d.bpp, 24);
    assert_memory_equal(d.pixels, rgb, sizeof rgb);
    riven_bitmap_free(&d);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(riven_tbmp_decode(out.data, out.len - 1, &d, &err), RELIC_EDATA);
    relic_buf_free(&out);
}

/* ---- tWAV ---- */

static size_t twav(const char *chunks_hex, uint8_t *d, size_t cap)
{
    memcpy(d, "MHWK\0\0\0\0WAVE", 12);
    return 12 + test_hex(chunks_hex, d + 12, cap - 12);
}

static void test_adpcm_hand_computed(void **state)
{
    (void)state;
    uint8_t d[128];
    /* Data: size 22, rate 22050, 4 frames, 16 bits, mono, encoding 1, no loop; bytes 70 8f, trailing ee ee */
    size_t n = twav("44 61 74 61 00 00 00 16 56 22 00 00 00 04 10 01 00 01 00 00 00 00 00 00 00 00 00 00"
                    " 70 8f ee ee",
                    d, sizeof d);
    d[12 + 7] = 0x18; /* the payload is 4 bytes: 20 + 4 */
    riven_sound s;
    relic_err err;
    relic_err_clear(&err);
    if (riven_twav_decode(d, n, &s, &err))
        fail_msg("%s at 0x%zx", err.msg, err.offset);
    assert_int_equal(s.frames, 4);
    assert_int_equal(s.rate, 22050);
    const int16_t mono[4] = {13, 15, 14, -10};
    assert_memory_equal(s.samples, mono, sizeof mono);
    riven_sound_free(&s);
    d[12 + 15] = 2; /* stereo: 4 frames now need 4 bytes */
    assert_int_equal(riven_twav_decode(d, n, &s, &err), RELIC_OK);
    const int16_t stereo[8] = {13, 0, 11, -13};
    assert_memory_equal(s.samples, stereo, 4 * sizeof *stereo);
    riven_sound_free(&s);
    d[12 + 13] = 5; /* 5 stereo frames need 5 bytes: too many */
    assert_int_equal(riven_twav_decode(d, n, &s, &err), RELIC_EDATA);
}

static void test_pcm_and_chunks(void **state)
{
    (void)state;
    uint8_t d[160];
    /* Cue# with one point "ab" (even length: pad), ADPC with one item, then 8-bit PCM mono 3 frames */
    size_t n = twav("43 75 65 23 00 00 00 0a 00 01 00 00 00 00 02 61 62 00"
                    " 41 44 50 43 00 00 00 0c 00 01 00 01 00 00 00 00 00 00 00 58"
                    " 44 61 74 61 00 00 00 17 1f 40 00 00 00 03 08 01 00 00 00 00 00 00 00 00 00 00 00 00"
                    " 80 ff 00",
                    d, sizeof d);
    riven_sound s;
    relic_err err;
    relic_err_clear(&err);
    if (riven_twav_decode(d, n, &s, &err))
        fail_msg("%s at 0x%zx", err.msg, err.offset);
    assert_int_equal(s.cue_points, 1);
    assert_int_equal(s.rate, 8000);
    const int16_t want[3] = {0, 127 * 256, -128 * 256};
    assert_memory_equal(s.samples, want, sizeof want);
    riven_sound_free(&s);
    /* ADPCM step index 0x59 = 89 is out of range */
    uint8_t bad[160];
    memcpy(bad, d, n);
    bad[12 + 18 + 4 + 4 + 2 + 2 + 4 + 2 + 1] = 0x59;
    assert_int_equal(riven_twav_decode(bad, n, &s, &err), RELIC_EDATA);
    assert_string_equal(err.msg, "ADPCM step index 89 out of range (0-88)");
    assert_int_equal(err.offset, 12 + 18 + 18);
    memcpy(bad, d, n);
    memcpy(bad + 12, "Junk", 4);
    assert_int_equal(riven_twav_decode(bad, n, &s, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 12);
    for (size_t cut = 0; cut < n - 3; cut++)
        assert_int_equal(riven_twav_decode(d, cut, &s, &err), RELIC_EDATA);
}

static void test_twav_encode(void **state)
{
    (void)state;
    int16_t in[40];
    for (int i = 0; i < 40; i++)
        in[i] = (int16_t)((i % 20 < 10 ? i % 20 : 20 - i % 20) * 150 - 700); /* a triangle ADPCM can follow */
    relic_buf out = RELIC_BUF_INIT;
    assert_int_equal(riven_twav_encode(in, 20, 2, 11025, RIVEN_WAV_RAW, &out, NULL), RELIC_OK);
    riven_sound s;
    assert_int_equal(riven_twav_decode(out.data, out.len, &s, NULL), RELIC_OK);
    assert_int_equal(s.channels, 2);
    assert_memory_equal(s.samples, in, sizeof in);
    riven_sound_free(&s);
    relic_buf_reset(&out);
    assert_int_equal(riven_twav_encode(in, 40, 1, 11025, RIVEN_WAV_ADPCM, &out, NULL), RELIC_OK);
    assert_int_equal(riven_twav_decode(out.data, out.len, &s, NULL), RELIC_OK);
    assert_int_equal(s.encoding, RIVEN_WAV_ADPCM);
    assert_int_equal(s.frames, 40);
    /* The encoder picks the nearest code, so the decoded wave follows the input. */
    int32_t worst = 0;
    for (int i = 10; i < 40; i++) {
        int32_t e = s.samples[i] - in[i];
        worst = e < 0 ? (-e > worst ? -e : worst) : (e > worst ? e : worst);
    }
    assert_true(worst < 400);
    riven_sound_free(&s);
    relic_buf_free(&out);
}

/* MPEG payloads go through libsndfile; layer III is what libsndfile can
 * write for the test, and mpg123 decodes layer II the same way. */
static void test_mpeg_payload(void **state)
{
    (void)state;
    char dir[512], path[700];
    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/t.mp3", dir);
    SF_INFO info = {.samplerate = 22050, .channels = 1, .format = SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III};
    SNDFILE *f = sf_open(path, SFM_WRITE, &info);
    if (!f) {
        print_message("# riven MPEG test skipped: this libsndfile cannot write MPEG (%s)\n", sf_strerror(NULL));
        test_tmpdir_remove(dir);
        skip();
        return;
    }
    int16_t tone[2205];
    for (int i = 0; i < 2205; i++)
        tone[i] = (int16_t)((i % 50 < 25 ? i % 50 : 50 - i % 50) * 300 - 3750);
    sf_writef_short(f, tone, 2205);
    sf_close(f);
    relic_buf mp3 = RELIC_BUF_INIT, t = RELIC_BUF_INIT;
    assert_int_equal(relic_file_read(path, &mp3, NULL), RELIC_OK);
    relic_buf_append(&t, "MHWK\0\0\0\0WAVEData", 16);
    relic_buf_be32(&t, (uint32_t)(20 + mp3.len));
    relic_buf_be16(&t, 22050);
    relic_buf_be32(&t, 2205);
    relic_buf_u8(&t, 16);
    relic_buf_u8(&t, 1);
    relic_buf_be16(&t, RIVEN_WAV_MPEG2);
    relic_buf_zeros(&t, 10);
    relic_buf_append(&t, mp3.data, mp3.len);
    riven_sound s;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(riven_twav_decode(t.data, t.len, &s, &err), RELIC_OK);
    assert_null(s.samples);
    assert_int_equal(s.data_len, mp3.len);
    if (riven_twav_decode_mpeg(t.data, t.len, &s, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(s.rate, 22050);
    assert_int_equal(s.channels, 1);
    assert_true(s.frames >= 2205 - 1152 && s.frames <= 2205 + 2304);
    riven_sound_free(&s);
    memset(t.data + 40, 0x55, t.len - 40); /* not MPEG any more */
    assert_int_equal(riven_twav_decode(t.data, t.len, &s, &err), RELIC_OK);
    assert_int_equal(riven_twav_decode_mpeg(t.data, t.len, &s, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 40);
    riven_sound_free(&s);
    relic_buf_free(&mp3);
    relic_buf_free(&t);
    test_tmpdir_remove(dir);
}

/* An MPEG-2 layer II tWAV made from explicit bytes: ten silent frames
 * (header FF F5 84 00: MPEG-2, layer II, no CRC, 64 kbit/s, 24000 Hz,
 * stereo; all-zero bit allocation, so every subband is silent; 144 *
 * 64000 / 24000 = 384 bytes and 1152 samples a frame).  The Data chunk claims 22050 Hz
 * mono: the decoded sound carries the stream's own rate and channels, as
 * ScummVM's MP3 stream does. */
static void test_mp2_explicit_bytes(void **state)
{
    (void)state;
    relic_buf t = RELIC_BUF_INIT;
    relic_buf_append(&t, "MHWK\0\0\0\0WAVEData", 16);
    relic_buf_be32(&t, 20 + 10 * 384);
    relic_buf_be16(&t, 22050);
    relic_buf_be32(&t, 10 * 1152);
    relic_buf_u8(&t, 16);
    relic_buf_u8(&t, 1);
    relic_buf_be16(&t, RIVEN_WAV_MPEG2);
    relic_buf_zeros(&t, 10);
    for (int f = 0; f < 10; f++) {
        static const uint8_t hdr[4] = {0xff, 0xf5, 0x84, 0x00};
        relic_buf_append(&t, hdr, 4);
        relic_buf_zeros(&t, 380);
    }
    riven_sound s;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(riven_twav_decode(t.data, t.len, &s, &err), RELIC_OK);
    assert_int_equal(s.encoding, RIVEN_WAV_MPEG2);
    assert_null(s.samples);
    int rc = riven_twav_decode_mpeg(t.data, t.len, &s, &err);
    if (rc && strstr(err.msg, "MPEG support")) {
        print_message("# riven MP2 test skipped: %s\n", err.msg);
        relic_buf_free(&t);
        skip();
        return;
    }
    if (rc)
        fail_msg("%s", err.msg);
    assert_int_equal(s.rate, 24000);
    assert_int_equal(s.channels, 2);
    assert_true(s.frames >= 5 * 1152 && s.frames <= 10 * 1152); /* layer II: 1152 samples a frame */
    for (size_t i = 0; i < s.frames * 2; i++)
        assert_int_equal(s.samples[i], 0);
    riven_sound_free(&s);
    relic_buf_free(&t);
}

/* riven_tbmp_is_plain: an unpacked 3x2 bitmap as the encoder writes it
 * (rows padded to 4 bytes), then the same with a non-zero pad byte, a
 * header bit set, one byte short, and Riven-packed. */
static void test_tbmp_is_plain(void **state)
{
    (void)state;
    uint8_t px[6] = {1, 2, 3, 4, 5, 6};
    riven_bitmap b = {.width = 3, .height = 2, .bpp = 8, .pixels = px};
    for (int i = 0; i < 768; i++)
        b.palette[i] = (uint8_t)(i * 7);
    relic_buf t = RELIC_BUF_INIT, p = RELIC_BUF_INIT;
    assert_int_equal(riven_tbmp_encode(&b, RIVEN_BMP_PACK_NONE, &t, NULL), RELIC_OK);
    assert_int_equal(t.len, 12 + 768 + 4 * 2);
    assert_true(riven_tbmp_is_plain(t.data, t.len));
    t.data[12 + 768 + 3] = 9; /* row 0's pad byte */
    assert_false(riven_tbmp_is_plain(t.data, t.len));
    t.data[12 + 768 + 3] = 0;
    t.data[0] |= 0x40; /* a high bit of the width field */
    assert_false(riven_tbmp_is_plain(t.data, t.len));
    t.data[0] &= 0x3f;
    assert_false(riven_tbmp_is_plain(t.data, t.len - 1));
    assert_int_equal(riven_tbmp_encode(&b, RIVEN_BMP_PACK_RIVEN, &p, NULL), RELIC_OK);
    assert_false(riven_tbmp_is_plain(p.data, p.len));
    relic_buf_free(&t);
    relic_buf_free(&p);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_riven_packing_commands),
        cmocka_unit_test(test_tbmp_is_plain),
        cmocka_unit_test(test_riven_packing_malformed),
        cmocka_unit_test(test_raw_and_round_trips),
        cmocka_unit_test(test_adpcm_hand_computed),
        cmocka_unit_test(test_pcm_and_chunks),
        cmocka_unit_test(test_twav_encode),
        cmocka_unit_test(test_mpeg_payload),
        cmocka_unit_test(test_mp2_explicit_bytes),
    };
    // clang-format on
    return cmocka_run_group_tests_name("riven_media", tests, NULL, NULL);
}
