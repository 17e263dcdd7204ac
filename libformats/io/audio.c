/* Audio output over libsndfile (relic/io.h): 16-bit PCM WAV, FLAC or Ogg
 * Vorbis chosen by extension.  libsndfile writes through the descriptor of
 * the atomic writer's temporary (sf_open_fd, never a path of its own), so
 * the file is created O_EXCL|O_NOFOLLOW under an unpredictable name and
 * renamed into place like every relic output. */
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

int relic_audio_open(relic_audio_out *a, const char *path, unsigned channels, unsigned rate, relic_err *err)
{
    memset(a, 0, sizeof *a);
    a->out.fd = -1;
    int format = relic_audio_format_for(path);
    if (!format)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "unknown audio extension (use .wav, .flac or .ogg)");
    if (channels == 0 || channels > 8 || rate == 0)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "bad channel count or rate");
    int rc = relic_out_open(&a->out, path, 0, err);
    if (rc)
        return rc;
    SF_INFO info;
    memset(&info, 0, sizeof info);
    info.samplerate = (int)rate;
    info.channels = (int)channels;
    info.format = format;
    /* close_desc 0: the descriptor stays the atomic writer's to close. */
    a->sf = sf_open_fd(a->out.fd, SFM_WRITE, &info, 0);
    if (!a->sf) {
        relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot write audio: %s", sf_strerror(NULL));
        relic_err_file(err, path);
        relic_out_abort(&a->out);
        return RELIC_EIO;
    }
    /* No date or software strings: equal audio gives equal files. */
    return RELIC_OK;
}

static int relic_audio_fail(relic_audio_out *a, relic_err *err)
{
    const char *why = a->sf && sf_error((SNDFILE *)a->sf) ? sf_strerror((SNDFILE *)a->sf)
                      : errno                             ? strerror(errno)
                                                          : "short write";
    relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot write audio: %s", why);
    relic_err_file(err, a->out.path);
    relic_audio_abort(a);
    return RELIC_EIO;
}

int relic_audio_write_frames(relic_audio_out *a, const int16_t *samples, size_t frames, relic_err *err)
{
    if (!a->sf)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "audio output not open");
    errno = 0;
    if (sf_writef_short((SNDFILE *)a->sf, samples, (sf_count_t)frames) != (sf_count_t)frames)
        return relic_audio_fail(a, err);
    return RELIC_OK;
}

int relic_audio_commit(relic_audio_out *a, relic_err *err)
{
    if (!a->sf)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "audio output not open");
    errno = 0;
    /* sf_close rewrites the header through the descriptor; an error from
     * any earlier buffered write shows in sf_error. */
    if (sf_error((SNDFILE *)a->sf) != SF_ERR_NO_ERROR)
        return relic_audio_fail(a, err);
    int rc = sf_close((SNDFILE *)a->sf);
    a->sf = NULL;
    if (rc != 0)
        return relic_audio_fail(a, err);
    return relic_out_commit(&a->out, err);
}

void relic_audio_abort(relic_audio_out *a)
{
    if (a->sf)
        sf_close((SNDFILE *)a->sf);
    a->sf = NULL;
    relic_out_abort(&a->out);
}

int relic_audio_write(const char *path, const int16_t *samples, size_t frames, unsigned channels, unsigned rate,
                      relic_err *err)
{
    relic_audio_out a;
    int rc = relic_audio_open(&a, path, channels, rate, err);
    if (rc == RELIC_OK)
        rc = relic_audio_write_frames(&a, samples, frames, err);
    if (rc == RELIC_OK)
        rc = relic_audio_commit(&a, err);
    return rc;
}
