/* Audio output over libsndfile (relic/io.h): 16-bit PCM WAV, FLAC or Ogg
 * Vorbis chosen by extension.  libsndfile writes through a path, so the
 * file is made under a temporary name in the destination folder and
 * renamed, as every relic output is. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "relic/io.h"

int relic_audio_format_for(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot)
        return 0;
    if (strcasecmp(dot, ".wav") == 0)
        return SF_FORMAT_WAV | SF_FORMAT_PCM_16;
    if (strcasecmp(dot, ".flac") == 0)
        return SF_FORMAT_FLAC | SF_FORMAT_PCM_16;
    if (strcasecmp(dot, ".ogg") == 0 || strcasecmp(dot, ".oga") == 0)
        return SF_FORMAT_OGG | SF_FORMAT_VORBIS;
    return 0;
}

int relic_audio_write(const char *path, const int16_t *samples, size_t frames, unsigned channels, unsigned rate,
                      relic_err *err)
{
    int format = relic_audio_format_for(path);
    if (!format)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "unknown audio extension (use .wav, .flac or .ogg)");
    if (channels == 0 || channels > 8 || rate == 0)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "bad channel count or rate");
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 32);
    if (!tmp)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    /* The extension stays last: some formats are picked by name. */
    snprintf(tmp, plen + 32, "%s.tmp%ld%s", path, (long)getpid(), strrchr(path, '.'));
    SF_INFO info;
    memset(&info, 0, sizeof info);
    info.samplerate = (int)rate;
    info.channels = (int)channels;
    info.format = format;
    SNDFILE *sf = sf_open(tmp, SFM_WRITE, &info);
    if (!sf) {
        relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot write audio: %s", sf_strerror(NULL));
        relic_err_file(err, path);
        free(tmp);
        return RELIC_EIO;
    }
    /* No date or software strings: equal audio gives equal files. */
    sf_count_t done = sf_writef_short(sf, samples, (sf_count_t)frames);
    int close_rc = sf_close(sf);
    if (done != (sf_count_t)frames || close_rc != 0 || rename(tmp, path) != 0) {
        relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot write audio: %s", strerror(errno));
        relic_err_file(err, path);
        unlink(tmp);
        free(tmp);
        return RELIC_EIO;
    }
    free(tmp);
    return RELIC_OK;
}
