/* 16-bit PCM WAV of relic's own (relic/io.h), so tools that write only WAV
 * need no libsndfile and its codec libraries (issue #20: 16 shared objects
 * and ~2 ms of loading for agi-unpack).  The canonical 44-byte RIFF/WAVE
 * layout (Microsoft RIFF "WAVE" form: RIFF header, "fmt " chunk with
 * WAVE_FORMAT_PCM, "data" chunk), every field little-endian, exactly the
 * bytes libsndfile writes for SF_FORMAT_WAV | SF_FORMAT_PCM_16 with one or
 * two channels (more channels make libsndfile write WAVE_FORMAT_EXTENSIBLE,
 * which this writer refuses rather than differ).  Streaming: the header
 * goes out first with no frames, the samples block by block, and commit
 * writes the header again with the sizes counted, as libsndfile does, so a
 * clip synthesised block by block never exists whole in memory. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "relic/core.h"
#include "relic/io.h"

/* Samples go out in blocks converted to little-endian, so a ten-minute
 * clip costs no second copy of itself.  16 KiB holds one 4,096-frame
 * stereo window of snd-render's: one write call per window, as many as
 * libsndfile made (4 KiB made twice as many: 12,925 against 6,467 for a
 * 600 s mono clip at 44,100 Hz). */
#define RELIC_WAV_BLOCK 16384

int relic_wav_header(uint8_t out[RELIC_WAV_HEADER_LEN], size_t frames, unsigned channels, unsigned rate, relic_err *err)
{
    if (channels == 0 || channels > 2 || rate == 0 || rate > 0x7fffffffu)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "WAV: bad channel count or rate");
    uint32_t block = 2u * channels;
    if (frames > (UINT32_MAX - (RELIC_WAV_HEADER_LEN - 8)) / block)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "WAV: too long for a 32-bit RIFF size");
    uint32_t data = (uint32_t)frames * block;
    memcpy(out, "RIFF", 4);
    relic_wr_le32(out + 4, data + RELIC_WAV_HEADER_LEN - 8);
    memcpy(out + 8, "WAVEfmt ", 8);
    relic_wr_le32(out + 16, 16); /* fmt chunk size */
    relic_wr_le16(out + 20, 1);  /* WAVE_FORMAT_PCM */
    relic_wr_le16(out + 22, channels);
    relic_wr_le32(out + 24, rate);
    relic_wr_le32(out + 28, rate * block);
    relic_wr_le16(out + 32, block);
    relic_wr_le16(out + 34, 16); /* bits per sample */
    memcpy(out + 36, "data", 4);
    relic_wr_le32(out + 40, data);
    return RELIC_OK;
}

int relic_wav_is_path(const char *path)
{
    /* The rule of relic_audio_format_for: the text after the last dot. */
    const char *dot = strrchr(path, '.');
    return dot && strcasecmp(dot, ".wav") == 0;
}

int relic_wav_open(relic_wav_out *w, const char *path, unsigned channels, unsigned rate, relic_err *err)
{
    memset(w, 0, sizeof *w);
    w->out.fd = -1;
    uint8_t h[RELIC_WAV_HEADER_LEN];
    int rc = relic_wav_header(h, 0, channels, rate, err);
    if (rc)
        return rc;
    if ((rc = relic_out_open(&w->out, path, 0, err)) != RELIC_OK)
        return rc;
    w->channels = channels;
    w->rate = rate;
    if ((rc = relic_out_write(&w->out, h, sizeof h, err)) != RELIC_OK)
        relic_out_abort(&w->out);
    return rc;
}

int relic_wav_write_frames(relic_wav_out *w, const int16_t *samples, size_t frames, relic_err *err)
{
    if (w->out.fd < 0)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "WAV output not open");
    /* Refused before a byte goes out: the header could not say the size. */
    uint8_t block[RELIC_WAV_BLOCK];
    if (frames > SIZE_MAX - w->frames || relic_wav_header(block, w->frames + frames, w->channels, w->rate, err)) {
        relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "WAV: too long for a 32-bit RIFF size");
        relic_err_file(err, w->out.path);
        relic_out_abort(&w->out);
        return RELIC_EUSAGE;
    }
    int rc = RELIC_OK;
    size_t left = frames * w->channels, at = 0;
    while (rc == RELIC_OK && left) {
        size_t n = left < RELIC_WAV_BLOCK / 2 ? left : RELIC_WAV_BLOCK / 2;
        for (size_t i = 0; i < n; i++)
            relic_wr_le16(block + 2 * i, (uint16_t)samples[at + i]);
        rc = relic_out_write(&w->out, block, 2 * n, err);
        at += n;
        left -= n;
    }
    if (rc != RELIC_OK) {
        relic_out_abort(&w->out);
        return rc;
    }
    w->frames += frames;
    return RELIC_OK;
}

int relic_wav_commit(relic_wav_out *w, relic_err *err)
{
    if (w->out.fd < 0)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "WAV output not open");
    uint8_t h[RELIC_WAV_HEADER_LEN];
    int rc = relic_wav_header(h, w->frames, w->channels, w->rate, err);
    /* The sizes, over the placeholder at offset 0; a failed or short
     * pwrite must not leave a file renamed into place with a stale header. */
    ssize_t n = 0;
    if (rc == RELIC_OK) {
        do
            n = pwrite(w->out.fd, h, sizeof h, 0);
        while (n < 0 && errno == EINTR);
        if (n != (ssize_t)sizeof h) {
            rc = relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot write WAV header: %s",
                               n < 0 ? strerror(errno) : "short write");
            relic_err_file(err, w->out.path);
        }
    }
    if (rc != RELIC_OK) {
        relic_out_abort(&w->out);
        return rc;
    }
    return relic_out_commit(&w->out, err);
}

void relic_wav_abort(relic_wav_out *w) { relic_out_abort(&w->out); }

int relic_wav_write(const char *path, const int16_t *samples, size_t frames, unsigned channels, unsigned rate,
                    relic_err *err)
{
    relic_wav_out w;
    int rc = relic_wav_open(&w, path, channels, rate, err);
    if (rc == RELIC_OK)
        rc = relic_wav_write_frames(&w, samples, frames, err);
    if (rc == RELIC_OK)
        rc = relic_wav_commit(&w, err);
    return rc;
}
