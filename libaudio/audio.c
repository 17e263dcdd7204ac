/* Audio output over libsndfile (relic/io.h): 16-bit PCM WAV, FLAC or Ogg
 * Vorbis chosen by extension.  libsndfile writes through the descriptor of
 * the atomic writer's temporary (its virtual I/O, never a path of its own),
 * so the file is created O_EXCL|O_NOFOLLOW under an unpredictable name and
 * renamed into place like every relic output.  Virtual I/O rather than
 * sf_open_fd because libsndfile ignores a failed write of the header it
 * rewrites in sf_close (the fault suite caught a WAV renamed into place
 * with a stale header): the callbacks keep the first error and commit
 * refuses to rename.  libsndfile is linked normally: the tools that write
 * no audio do not link this library at all (Makefile, AUDIO_TOOLS). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "relic/io.h"
#include <sndfile.h>

/* One descriptor per output extension.  A .wav with one or two channels is
 * the canonical 44-byte RIFF/WAVE header and the samples (tests/unit/
 * test_wav.c spells the bytes out). */
typedef struct relic_audio_kind {
    const char *ext;
    int sf_format;
} relic_audio_kind;

static const relic_audio_kind relic_audio_kinds[] = {
    {".wav", SF_FORMAT_WAV | SF_FORMAT_PCM_16},
    {".flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_16},
    {".ogg", SF_FORMAT_OGG | SF_FORMAT_VORBIS},
    {".oga", SF_FORMAT_OGG | SF_FORMAT_VORBIS},
};

int relic_audio_format_for(const char *path)
{
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof relic_audio_kinds / sizeof relic_audio_kinds[0]; i++)
        if (strcasecmp(dot, relic_audio_kinds[i].ext) == 0)
            return relic_audio_kinds[i].sf_format;
    return 0;
}

static sf_count_t relic_audio_vlen(void *user)
{
    relic_audio_out *a = user;
    struct stat st;
    return fstat(a->out.fd, &st) == 0 ? (sf_count_t)st.st_size : -1;
}

static sf_count_t relic_audio_vseek(sf_count_t offset, int whence, void *user)
{
    relic_audio_out *a = user;
    off_t r = lseek(a->out.fd, (off_t)offset, whence);
    if (r < 0 && !a->io_errno)
        a->io_errno = errno;
    return (sf_count_t)r;
}

static sf_count_t relic_audio_vread(void *ptr, sf_count_t count, void *user)
{
    relic_audio_out *a = user;
    ssize_t n;
    do
        n = read(a->out.fd, ptr, (size_t)count);
    while (n < 0 && errno == EINTR);
    if (n < 0 && !a->io_errno)
        a->io_errno = errno;
    return n < 0 ? 0 : (sf_count_t)n;
}

static sf_count_t relic_audio_vwrite(const void *ptr, sf_count_t count, void *user)
{
    relic_audio_out *a = user;
    const uint8_t *p = ptr;
    sf_count_t done = 0;
    while (done < count) {
        ssize_t n = write(a->out.fd, p + done, (size_t)(count - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (!a->io_errno)
                a->io_errno = n < 0 ? errno : EIO;
            break;
        }
        done += n;
    }
    return done;
}

static sf_count_t relic_audio_vtell(void *user)
{
    relic_audio_out *a = user;
    return (sf_count_t)lseek(a->out.fd, 0, SEEK_CUR);
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
    /* The descriptor stays the atomic writer's to close. */
    static SF_VIRTUAL_IO io = {relic_audio_vlen, relic_audio_vseek, relic_audio_vread, relic_audio_vwrite,
                               relic_audio_vtell};
    SNDFILE *f = sf_open_virtual(&io, SFM_WRITE, &info, a);
    if (!f) {
        relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot write audio: %s", sf_strerror(NULL));
        relic_err_file(err, path);
        relic_out_abort(&a->out);
        return RELIC_EIO;
    }
    a->sf = f;
    /* No date or software strings: equal audio gives equal files. */
    return RELIC_OK;
}

static int relic_audio_fail(relic_audio_out *a, relic_err *err)
{
    SNDFILE *f = a->sf;
    const char *why = a->io_errno ? strerror(a->io_errno) : f && sf_error(f) ? sf_strerror(f) : "short write";
    relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot write audio: %s", why);
    relic_err_file(err, a->out.path);
    relic_audio_abort(a);
    return RELIC_EIO;
}

int relic_audio_write_frames(relic_audio_out *a, const int16_t *samples, size_t frames, relic_err *err)
{
    SNDFILE *f = a->sf;
    if (!f)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "audio output not open");
    if (sf_writef_short(f, samples, (sf_count_t)frames) != (sf_count_t)frames || a->io_errno)
        return relic_audio_fail(a, err);
    return RELIC_OK;
}

int relic_audio_commit(relic_audio_out *a, relic_err *err)
{
    SNDFILE *f = a->sf;
    if (!f)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "audio output not open");
    /* sf_close rewrites the header through the descriptor; an error from
     * any earlier buffered write shows in sf_error. */
    if (sf_error(f) != SF_ERR_NO_ERROR || a->io_errno)
        return relic_audio_fail(a, err);
    int rc = sf_close(f);
    a->sf = NULL;
    if (rc != 0 || a->io_errno)
        return relic_audio_fail(a, err);
    return relic_out_commit(&a->out, err);
}

void relic_audio_abort(relic_audio_out *a)
{
    if (a->sf)
        sf_close(a->sf);
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
