/* Unit tests for WAV output through libsndfile (libformats/io/audio.c,
 * relic_audio_*): the canonical 44-byte RIFF/WAVE header and little-endian
 * samples, spelled out byte for byte; a clip streamed in pieces gives the
 * bytes of the whole clip; libsndfile reads the file back; bad shapes are
 * refused with nothing left on disk. */
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/io.h"
#include "support.h"

static void wav_path(char *out, size_t n, const char *dir, const char *name) { snprintf(out, n, "%s/%s", dir, name); }

static void wav_expect_file(const char *path, const uint8_t *want, size_t len)
{
    relic_buf b = RELIC_BUF_INIT;
    assert_int_equal(relic_file_read(path, &b, NULL), RELIC_OK);
    assert_int_equal(b.len, len);
    assert_memory_equal(b.data, want, len);
    relic_buf_free(&b);
}

/* Every field spelled out: a wrong size, rate, byte rate, block align or
 * byte order fails here, and so would a chunk libsndfile started adding. */
static void test_wav_explicit_bytes(void **state)
{
    (void)state;
    char dir[512], mono[600], stereo[600];
    test_tmpdir(dir, sizeof dir);
    wav_path(mono, sizeof mono, dir, "m.wav");
    wav_path(stereo, sizeof stereo, dir, "s.WAV");
    static const int16_t m[] = {0x0102, -2, 0x7fff};
    static const uint8_t want_m[] = {'R',  'I',  'F',  'F',  0x2a, 0x00, 0x00, 0x00, 'W',  'A',  'V',  'E',  'f',
                                     'm',  't',  ' ',  0x10, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x22, 0x56,
                                     0x00, 0x00, 0x44, 0xac, 0x00, 0x00, 0x02, 0x00, 0x10, 0x00, 'd',  'a',  't',
                                     'a',  0x06, 0x00, 0x00, 0x00, 0x02, 0x01, 0xfe, 0xff, 0xff, 0x7f};
    assert_int_equal(relic_audio_write(mono, m, 3, 1, 22050, NULL), RELIC_OK);
    wav_expect_file(mono, want_m, sizeof want_m);
    static const int16_t s[] = {-32768, 1, 0x1234, -0x1234};
    static const uint8_t want_s[] = {'R',  'I',  'F',  'F',  0x2c, 0x00, 0x00, 0x00, 'W',  'A',  'V',  'E',  'f',
                                     'm',  't',  ' ',  0x10, 0x00, 0x00, 0x00, 0x01, 0x00, 0x02, 0x00, 0x44, 0xac,
                                     0x00, 0x00, 0x10, 0xb1, 0x02, 0x00, 0x04, 0x00, 0x10, 0x00, 'd',  'a',  't',
                                     'a',  0x08, 0x00, 0x00, 0x00, 0x00, 0x80, 0x01, 0x00, 0x34, 0x12, 0xcc, 0xed};
    assert_int_equal(relic_audio_write(stereo, s, 2, 2, 44100, NULL), RELIC_OK);
    wav_expect_file(stereo, want_s, sizeof want_s);
    test_tmpdir_remove(dir);
}

/* Written whole (empty, odd lengths, more than one libsndfile buffer) and
 * read back as it went in. */
static void test_wav_reads_back(void **state)
{
    (void)state;
    static const struct {
        unsigned channels, rate;
        size_t frames;
    } cases[] = {{1, 44100, 0}, {1, 22050, 1001}, {2, 8000, 5003}, {1, 44100, 9000}};
    char dir[512], path[600];
    test_tmpdir(dir, sizeof dir);
    wav_path(path, sizeof path, dir, "x.wav");
    int16_t *pcm = malloc(2 * 9000 * sizeof *pcm);
    int16_t *back = malloc(2 * 9000 * sizeof *back);
    assert_non_null(pcm);
    assert_non_null(back);
    for (size_t i = 0; i < 2 * 9000; i++)
        pcm[i] = (int16_t)(i * 7919u);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        unsigned ch = cases[k].channels, rate = cases[k].rate;
        size_t frames = cases[k].frames;
        assert_int_equal(relic_audio_write(path, pcm, frames, ch, rate, NULL), RELIC_OK);
        relic_buf a = RELIC_BUF_INIT;
        assert_int_equal(relic_file_read(path, &a, NULL), RELIC_OK);
        assert_int_equal(a.len, 44 + 2 * ch * frames);
        relic_buf_free(&a);
        SF_INFO info;
        memset(&info, 0, sizeof info);
        SNDFILE *sf = sf_open(path, SFM_READ, &info);
        assert_non_null(sf);
        assert_int_equal(info.format, SF_FORMAT_WAV | SF_FORMAT_PCM_16);
        assert_int_equal(info.channels, (int)ch);
        assert_int_equal(info.samplerate, (int)rate);
        assert_int_equal(info.frames, (sf_count_t)frames);
        if (frames) {
            assert_int_equal(sf_readf_short(sf, back, (sf_count_t)frames), (sf_count_t)frames);
            assert_memory_equal(back, pcm, frames * ch * sizeof *pcm);
        }
        sf_close(sf);
    }
    free(pcm);
    free(back);
    test_tmpdir_remove(dir);
}

/* No channels, no rate, an unknown extension, a folder that is not there:
 * an error and no file. */
static void test_wav_refused(void **state)
{
    (void)state;
    char dir[512], path[600], missing[600], odd[600];
    test_tmpdir(dir, sizeof dir);
    wav_path(path, sizeof path, dir, "x.wav");
    wav_path(missing, sizeof missing, dir, "no/x.wav");
    wav_path(odd, sizeof odd, dir, "x.wav.txt");
    int16_t pcm[6] = {0};
    relic_err err;
    assert_int_equal(relic_audio_write(path, pcm, 1, 0, 8000, &err), RELIC_EUSAGE);
    assert_int_equal(relic_audio_write(path, pcm, 1, 1, 0, &err), RELIC_EUSAGE);
    assert_int_equal(relic_audio_write(odd, pcm, 1, 1, 8000, &err), RELIC_EUSAGE);
    assert_int_equal(relic_audio_write(missing, pcm, 1, 1, 8000, &err), RELIC_EIO);
    relic_dir d;
    assert_int_equal(relic_dir_open(dir, &d, NULL), RELIC_OK);
    assert_int_equal(d.count, 0);
    relic_dir_close(&d);
    test_tmpdir_remove(dir);
}

/* Streaming: frames in uneven pieces (empty, one, thousands) give the
 * bytes of the whole clip written at once, so the header's sizes were
 * rewritten at commit; nothing is at the path before commit.  Abort
 * leaves no file, and a closed writer refuses more frames. */
static void test_wav_stream(void **state)
{
    (void)state;
    char dir[512], ours[600], whole[600];
    test_tmpdir(dir, sizeof dir);
    wav_path(ours, sizeof ours, dir, "ours.wav");
    wav_path(whole, sizeof whole, dir, "whole.wav");
    enum { FRAMES = 14000 };
    int16_t *pcm = malloc(2 * FRAMES * sizeof *pcm);
    assert_non_null(pcm);
    for (size_t i = 0; i < 2 * FRAMES; i++)
        pcm[i] = (int16_t)(i * 40503u);
    static const size_t pieces[] = {0, 1, 6143, 0, 2, 7854};
    relic_audio_out w;
    assert_int_equal(relic_audio_open(&w, ours, 2, 11025, NULL), RELIC_OK);
    size_t at = 0;
    for (size_t k = 0; k < sizeof pieces / sizeof pieces[0]; k++) {
        assert_int_equal(relic_audio_write_frames(&w, pcm + 2 * at, pieces[k], NULL), RELIC_OK);
        at += pieces[k];
    }
    assert_int_equal(at, FRAMES);
    relic_buf a = RELIC_BUF_INIT, b = RELIC_BUF_INIT;
    relic_err err;
    assert_int_not_equal(relic_file_read(ours, &a, &err), RELIC_OK);
    assert_int_equal(relic_audio_commit(&w, NULL), RELIC_OK);
    assert_int_equal(relic_audio_write(whole, pcm, FRAMES, 2, 11025, NULL), RELIC_OK);
    assert_int_equal(relic_file_read(ours, &a, NULL), RELIC_OK);
    assert_int_equal(relic_file_read(whole, &b, NULL), RELIC_OK);
    assert_int_equal(a.len, 44 + 4 * FRAMES);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.data, b.data, a.len);
    relic_buf_free(&a);
    relic_buf_free(&b);
    remove(ours);
    remove(whole);
    assert_int_equal(relic_audio_write_frames(&w, pcm, 1, &err), RELIC_EUSAGE);
    assert_int_equal(relic_audio_open(&w, ours, 1, 8000, NULL), RELIC_OK);
    assert_int_equal(relic_audio_write_frames(&w, pcm, 10, NULL), RELIC_OK);
    relic_audio_abort(&w);
    relic_dir d;
    assert_int_equal(relic_dir_open(dir, &d, NULL), RELIC_OK);
    assert_int_equal(d.count, 0);
    relic_dir_close(&d);
    free(pcm);
    test_tmpdir_remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wav_explicit_bytes),
        cmocka_unit_test(test_wav_reads_back),
        cmocka_unit_test(test_wav_refused),
        cmocka_unit_test(test_wav_stream),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
