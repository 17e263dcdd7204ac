/* 16-bit PCM WAV of relic's own (relic/io.h), so tools that write only WAV
 * need no libsndfile and its codec libraries (issue #20: 16 shared objects
 * and ~2 ms of loading for agi-unpack).  The canonical 44-byte RIFF/WAVE
 * layout (Microsoft RIFF "WAVE" form: RIFF header, "fmt " chunk with
 * WAVE_FORMAT_PCM, "data" chunk), every field little-endian, exactly the
 * bytes libsndfile writes for SF_FORMAT_WAV | SF_FORMAT_PCM_16 with one or
 * two channels (more channels make libsndfile write WAVE_FORMAT_EXTENSIBLE,
 * which this writer refuses rather than differ). */
#include <string.h>
#include "relic/core.h"
#include "relic/io.h"

/* Samples go out in blocks converted to little-endian, so a ten-minute
 * clip costs no second copy of itself. */
#define RELIC_WAV_BLOCK 4096

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

int relic_wav_write(const char *path, const int16_t *samples, size_t frames, unsigned channels, unsigned rate,
                    relic_err *err)
{
    uint8_t block[RELIC_WAV_BLOCK];
    int rc = relic_wav_header(block, frames, channels, rate, err);
    if (rc)
        return rc;
    relic_out out;
    if ((rc = relic_out_open(&out, path, 0, err)) != RELIC_OK)
        return rc;
    rc = relic_out_write(&out, block, RELIC_WAV_HEADER_LEN, err);
    size_t left = frames * channels, at = 0;
    while (rc == RELIC_OK && left) {
        size_t n = left < RELIC_WAV_BLOCK / 2 ? left : RELIC_WAV_BLOCK / 2;
        for (size_t i = 0; i < n; i++)
            relic_wr_le16(block + 2 * i, (uint16_t)samples[at + i]);
        rc = relic_out_write(&out, block, 2 * n, err);
        at += n;
        left -= n;
    }
    if (rc != RELIC_OK) {
        relic_out_abort(&out);
        return rc;
    }
    return relic_out_commit(&out, err);
}
