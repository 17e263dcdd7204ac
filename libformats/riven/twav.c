/* Riven tWAV sounds.  Facts from ScummVM engines/mohawk/sound.cpp
 * (makeMohawkWaveStream) and sound.h: "MHWK", u32 size, "WAVE", then
 * chunks until "Data": ADPC (u32 size, u16 item count, u16 channels, per
 * item u32 sample frame and per channel s16 last sample, u16 step index),
 * Cue# (u32 size, u16 point count, per point u32 frame, u8 name length, the
 * name, a pad byte when the length is even), Data (u32 size = 20 + payload,
 * u16 rate, u32 sample count, u8 bits, u8 channels, u16 encoding 0 raw /
 * 1 DVI ADPCM / 2 MPEG-2 layer II, u16 loop count, u32 loop start, u32 loop
 * end, payload).  Raw 16-bit PCM is signed big-endian, 8-bit unsigned.  DVI
 * ADPCM (audio/decoders/adpcm.cpp, DVI_ADPCMStream and decodeIMA) takes the
 * high nibble first; in stereo the high nibble is the left channel; each
 * step is (2*(code&7)+1)*step/8 with the standard IMA step and index
 * tables.  Decoding stops at the Data chunk's sample count; trailing bytes
 * are ignored.  MPEG-2 payloads are returned undecoded. */
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/cursor.h"
#include "relic/mohawk.h"
#include "relic/riven_media.h"

/* The IMA ADPCM step-size and index-adjust tables (public IMA
 * recommendation, as in ScummVM's adpcm.cpp). */
// clang-format off
static const int16_t riven_ima_steps[89] = {
    7,     8,     9,     10,    11,    12,    13,    14,    16,    17,    19,    21,    23,    25,    28,
    31,    34,    37,    41,    45,    50,    55,    60,    66,    73,    80,    88,    97,    107,   118,
    130,   143,   157,   173,   190,   209,   230,   253,   279,   307,   337,   371,   408,   449,   494,
    544,   598,   658,   724,   796,   876,   963,   1060,  1166,  1282,  1411,  1552,  1707,  1878,  2066,
    2272,  2499,  2749,  3024,  3327,  3660,  4026,  4428,  4871,  5358,  5894,  6484,  7132,  7845,  8630,
    9493,  10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767};
// clang-format on
static const int8_t riven_ima_index[8] = {-1, -1, -1, -1, 2, 4, 6, 8};

int16_t riven_adpcm_decode(riven_adpcm *st, unsigned code)
{
    int32_t e = (2 * (int32_t)(code & 7) + 1) * riven_ima_steps[st->step_index] / 8;
    int32_t v = st->last + ((code & 8) ? -e : e);
    v = v < -32768 ? -32768 : v > 32767 ? 32767 : v;
    st->last = v;
    st->step_index += riven_ima_index[code & 7];
    st->step_index = st->step_index < 0 ? 0 : st->step_index > 88 ? 88 : st->step_index;
    return (int16_t)v;
}

void riven_sound_free(riven_sound *s)
{
    if (s) {
        free(s->samples);
        s->samples = NULL;
    }
}

static int riven_twav_adpc(relic_cur *c, relic_err *err)
{
    relic_be32(c);
    uint16_t items = relic_be16(c);
    uint16_t ch = relic_be16(c);
    if (!c->failed && (ch < 1 || ch > 2))
        return relic_err_set(err, RELIC_EDATA, relic_tell(c) - 2, "ADPC chunk with %u channels", ch);
    for (unsigned i = 0; i < items && !c->failed; i++) {
        relic_be32(c);
        for (unsigned k = 0; k < ch; k++) {
            relic_be16(c);
            size_t at = relic_tell(c);
            uint16_t idx = relic_be16(c);
            if (!c->failed && idx > 88)
                return relic_err_set(err, RELIC_EDATA, at, "ADPCM step index %u out of range (0-88)", idx);
        }
    }
    return relic_cur_check(c, err);
}

static unsigned riven_twav_cues(relic_cur *c)
{
    relic_be32(c);
    uint16_t points = relic_be16(c);
    for (unsigned i = 0; i < points && !c->failed; i++) {
        relic_be32(c);
        uint8_t len = relic_u8(c);
        relic_skip(c, len + ((len & 1) ? 0u : 1u));
    }
    return points;
}

static int riven_twav_samples(relic_cur *c, riven_sound *s, size_t payload, relic_err *err)
{
    size_t total = (size_t)s->sample_count * s->channels;
    size_t need = s->encoding == RIVEN_WAV_ADPCM ? (total + 1) / 2 : total * (s->bits / 8);
    if (need > payload)
        return relic_err_set(err, RELIC_EDATA, relic_tell(c), "Data chunk holds %zu bytes, %u frames need %zu", payload,
                             s->sample_count, need);
    s->samples = relic_calloc_array(total, sizeof *s->samples);
    if (!s->samples)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    const uint8_t *p = relic_bytes(c, need);
    if (relic_cur_check(c, err))
        return err ? err->code : RELIC_EDATA;
    if (s->encoding == RIVEN_WAV_ADPCM) {
        riven_adpcm st[2] = {{0, 0}, {0, 0}};
        for (size_t i = 0; i < total; i++) {
            unsigned nib = (i & 1) ? p[i / 2] & 0x0f : p[i / 2] >> 4;
            s->samples[i] = riven_adpcm_decode(&st[s->channels == 2 ? (i & 1) : 0], nib);
        }
    } else if (s->bits == 16) {
        for (size_t i = 0; i < total; i++)
            s->samples[i] = (int16_t)(uint16_t)((p[2 * i] << 8) | p[2 * i + 1]);
    } else {
        for (size_t i = 0; i < total; i++)
            s->samples[i] = (int16_t)((p[i] - 128) * 256);
    }
    s->frames = s->sample_count;
    return RELIC_OK;
}

int riven_twav_decode(const uint8_t *d, size_t n, riven_sound *s, relic_err *err)
{
    memset(s, 0, sizeof *s);
    relic_cur c = relic_cur_make(d, n, 0);
    uint32_t magic = relic_be32(&c);
    relic_be32(&c);
    uint32_t wave = relic_be32(&c);
    if (relic_cur_check(&c, err))
        return err ? err->code : RELIC_EDATA;
    if (magic != MHK_TAG('M', 'H', 'W', 'K') || wave != MHK_TAG('W', 'A', 'V', 'E'))
        return relic_err_set(err, RELIC_EDATA, 0, "not a tWAV (no MHWK/WAVE header)");
    for (;;) {
        size_t at = relic_tell(&c);
        uint32_t tag = relic_be32(&c);
        if (relic_cur_check(&c, err))
            return err ? err->code : RELIC_EDATA;
        if (tag == MHK_TAG('A', 'D', 'P', 'C')) {
            int rc = riven_twav_adpc(&c, err);
            if (rc)
                return rc;
        } else if (tag == MHK_TAG('C', 'u', 'e', '#')) {
            s->cue_points = riven_twav_cues(&c);
        } else if (tag == MHK_TAG('D', 'a', 't', 'a')) {
            break;
        } else {
            char t[5];
            mhk_tag_str(tag, t);
            return relic_err_set(err, RELIC_EDATA, at, "unknown tWAV chunk '%s'", t);
        }
    }
    size_t at = relic_tell(&c);
    uint32_t size = relic_be32(&c);
    s->rate = relic_be16(&c);
    s->sample_count = relic_be32(&c);
    s->bits = relic_u8(&c);
    s->channels = relic_u8(&c);
    s->encoding = relic_be16(&c);
    s->loop_count = relic_be16(&c);
    s->loop_start = relic_be32(&c);
    s->loop_end = relic_be32(&c);
    if (relic_cur_check(&c, err))
        return err ? err->code : RELIC_EDATA;
    if (size < 20 || size - 20 > relic_remaining(&c))
        return relic_err_set(err, RELIC_EDATA, at, "Data chunk size %u runs past the resource", size);
    if (s->channels < 1 || s->channels > 2)
        return relic_err_set(err, RELIC_EDATA, at + 11, "%u channels", s->channels);
    s->data_offset = c.pos;
    s->data_len = size - 20;
    if (s->encoding == RIVEN_WAV_MPEG2)
        return RELIC_OK;
    if (s->encoding > RIVEN_WAV_MPEG2)
        return relic_err_set(err, RELIC_EDATA, at + 12, "unknown tWAV encoding %u", s->encoding);
    if (s->encoding == RIVEN_WAV_RAW && s->bits != 8 && s->bits != 16)
        return relic_err_set(err, RELIC_EDATA, at + 10, "raw PCM with %u bits per sample", s->bits);
    int rc = riven_twav_samples(&c, s, s->data_len, err);
    if (rc)
        riven_sound_free(s);
    return rc;
}

/* Picks, for each sample, the code whose decoded value is nearest: the
 * encoder then agrees with the decoder above by construction. */
static uint8_t riven_adpcm_pick(riven_adpcm *st, int16_t want)
{
    unsigned best = 0;
    int32_t best_err = INT32_MAX;
    for (unsigned code = 0; code < 16; code++) {
        riven_adpcm t = *st;
        int32_t e = riven_adpcm_decode(&t, code) - want;
        e = e < 0 ? -e : e;
        if (e < best_err) {
            best_err = e;
            best = code;
        }
    }
    riven_adpcm_decode(st, best);
    return (uint8_t)best;
}

int riven_twav_encode(const int16_t *samples, size_t frames, unsigned channels, unsigned rate, uint16_t encoding,
                      relic_buf *out, relic_err *err)
{
    if (channels < 1 || channels > 2 || rate > 0xffff || frames > 0xffffffffu ||
        (encoding != RIVEN_WAV_RAW && encoding != RIVEN_WAV_ADPCM))
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "cannot encode this tWAV");
    size_t total = frames * channels;
    size_t payload = encoding == RIVEN_WAV_ADPCM ? (total + 1) / 2 : total * 2;
    size_t start = out->len;
    relic_buf_append(out, "MHWK", 4);
    relic_buf_be32(out, 0);
    relic_buf_append(out, "WAVE", 4);
    if (encoding == RIVEN_WAV_ADPCM) {
        relic_buf_append(out, "ADPC", 4);
        relic_buf_be32(out, 4 + 4 + 4 * channels);
        relic_buf_be16(out, 1);
        relic_buf_be16(out, (uint16_t)channels);
        relic_buf_be32(out, 0);
        relic_buf_zeros(out, 4 * channels);
    }
    relic_buf_append(out, "Data", 4);
    relic_buf_be32(out, (uint32_t)(20 + payload));
    relic_buf_be16(out, (uint16_t)rate);
    relic_buf_be32(out, (uint32_t)frames);
    relic_buf_u8(out, 16); /* the decoded sample width, for either encoding */
    relic_buf_u8(out, (uint8_t)channels);
    relic_buf_be16(out, encoding);
    relic_buf_be16(out, 0);
    relic_buf_be32(out, 0);
    relic_buf_be32(out, (uint32_t)frames);
    if (encoding == RIVEN_WAV_ADPCM) {
        riven_adpcm st[2] = {{0, 0}, {0, 0}};
        for (size_t i = 0; i < total; i += 2) {
            uint8_t hi = riven_adpcm_pick(&st[0], samples[i]);
            uint8_t lo = i + 1 < total ? riven_adpcm_pick(&st[channels == 2 ? 1 : 0], samples[i + 1]) : 0;
            relic_buf_u8(out, (uint8_t)(hi << 4 | lo));
        }
    } else {
        for (size_t i = 0; i < total; i++)
            relic_buf_be16(out, (uint16_t)samples[i]);
    }
    size_t len = out->len - start;
    if (!out->oom) {
        out->data[start + 4] = (uint8_t)((len - 8) >> 24);
        out->data[start + 5] = (uint8_t)((len - 8) >> 16);
        out->data[start + 6] = (uint8_t)((len - 8) >> 8);
        out->data[start + 7] = (uint8_t)(len - 8);
    }
    return relic_buf_check(out, err);
}
