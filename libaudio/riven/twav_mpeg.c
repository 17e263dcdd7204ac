/* MPEG audio payloads of tWAV resources (Data encoding 2, the DVD
 * release's MPEG-2 layer II; ScummVM engines/mohawk/sound.cpp hands them to
 * an MP3 decoder).  Decoded here by libsndfile's MPEG support (libsndfile
 * >= 1.1 with mpg123, which reads layers I, II and III) from memory through
 * sf_open_virtual, into the same 16-bit samples as PCM and ADPCM. */
#include <stdlib.h>
#include <string.h>
#include <sndfile.h>
#include "relic/riven_media.h"

typedef struct riven_mem {
    const uint8_t *p;
    sf_count_t len, pos;
} riven_mem;

static sf_count_t riven_mem_len(void *u) { return ((riven_mem *)u)->len; }

static sf_count_t riven_mem_seek(sf_count_t off, int whence, void *u)
{
    riven_mem *m = u;
    sf_count_t at = whence == SEEK_SET ? off : whence == SEEK_CUR ? m->pos + off : m->len + off;
    if (at < 0 || at > m->len)
        return -1;
    m->pos = at;
    return at;
}

static sf_count_t riven_mem_read(void *ptr, sf_count_t n, void *u)
{
    riven_mem *m = u;
    if (n > m->len - m->pos)
        n = m->len - m->pos;
    memcpy(ptr, m->p + m->pos, (size_t)n);
    m->pos += n;
    return n;
}

static sf_count_t riven_mem_write(const void *ptr, sf_count_t n, void *u)
{
    (void)ptr;
    (void)n;
    (void)u;
    return 0;
}

static sf_count_t riven_mem_tell(void *u) { return ((riven_mem *)u)->pos; }

int riven_twav_decode_mpeg(const uint8_t *d, size_t n, riven_sound *s, relic_err *err)
{
    if (s->encoding != RIVEN_WAV_MPEG2 || s->data_offset > n || s->data_len > n - s->data_offset)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "not an MPEG tWAV");
    SF_VIRTUAL_IO io = {riven_mem_len, riven_mem_seek, riven_mem_read, riven_mem_write, riven_mem_tell};
    riven_mem m = {d + s->data_offset, (sf_count_t)s->data_len, 0};
    SF_INFO info;
    memset(&info, 0, sizeof info);
    SNDFILE *f = sf_open_virtual(&io, SFM_READ, &info, &m);
    if (!f || (info.format & SF_FORMAT_TYPEMASK) != SF_FORMAT_MPEG || info.channels < 1 || info.channels > 2) {
        if (f)
            sf_close(f);
        return relic_err_set(err, RELIC_EDATA, s->data_offset, "MPEG payload not decodable (%s)",
                             f ? "not MPEG audio" : sf_strerror(NULL));
    }
    size_t cap = 4096, frames = 0;
    int16_t *buf = malloc(cap * (size_t)info.channels * sizeof *buf);
    for (;;) {
        if (!buf)
            break;
        sf_count_t got = sf_readf_short(f, buf + frames * (size_t)info.channels, (sf_count_t)(cap - frames));
        if (got <= 0)
            break;
        frames += (size_t)got;
        if (frames == cap) {
            int16_t *g = cap > ((size_t)1 << 26) ? NULL : realloc(buf, cap * 2 * (size_t)info.channels * sizeof *buf);
            if (!g) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = g;
            cap *= 2;
        }
    }
    sf_close(f);
    if (!buf)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory (or over 64 M frames)");
    free(s->samples);
    s->samples = buf;
    s->frames = frames;
    s->channels = (unsigned)info.channels;
    s->rate = (unsigned)info.samplerate;
    return RELIC_OK;
}
