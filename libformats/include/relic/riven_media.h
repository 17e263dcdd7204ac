/* Riven tBMP bitmaps and tWAV sounds.  tBMP: 8 bpp (raw, or Riven-packed)
 * with a 256-colour palette, and 24 bpp raw; decoded to indices + palette or
 * to RGB.  tWAV: a nested MHWK/WAVE file with ADPC, Cue# and Data chunks;
 * raw 8/16-bit PCM and DVI/IMA ADPCM decode to 16-bit samples; MPEG-2
 * layer II payloads decode separately through libsndfile. */
#ifndef RELIC_RIVEN_MEDIA_H
#define RELIC_RIVEN_MEDIA_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    RIVEN_BMP_BPP8 = 0x0002,
    RIVEN_BMP_BPP24 = 0x0004,
    RIVEN_BMP_BPP_MASK = 0x0007,
    RIVEN_BMP_HAS_CLUT = 0x0008,
    RIVEN_BMP_DRAW_MASK = 0x00f0,
    RIVEN_BMP_PACK_MASK = 0x0f00,
    RIVEN_BMP_PACK_NONE = 0x0000,
    RIVEN_BMP_PACK_LZ = 0x0100,
    RIVEN_BMP_PACK_RIVEN = 0x0400
};

typedef struct riven_bitmap {
    unsigned width, height, bytes_per_row;
    uint16_t format;
    unsigned bpp;             /* 8 or 24 */
    uint8_t *pixels;          /* 8 bpp: width*height indices; 24 bpp: width*height RGB triples */
    uint8_t palette[256 * 3]; /* RGB, 8 bpp only */
} riven_bitmap;

int riven_tbmp_decode(const uint8_t *d, size_t n, riven_bitmap *b, relic_err *err);
/* 8 bpp with palette (raw or Riven-packed, by `pack`) or 24 bpp raw. */
int riven_tbmp_encode(const riven_bitmap *b, uint16_t pack, relic_buf *out, relic_err *err);
/* 1 when the bytes are exactly what riven_tbmp_encode(decoded, NONE)
 * writes back: unpacked 8 bpp with its colour table, rows padded with 0 to
 * the encoder's even width.  Such a tBMP is rebuilt from its image alone. */
int riven_tbmp_is_plain(const uint8_t *d, size_t n);
void riven_bitmap_free(riven_bitmap *b);

enum { RIVEN_WAV_RAW = 0, RIVEN_WAV_ADPCM = 1, RIVEN_WAV_MPEG2 = 2 };

typedef struct riven_sound {
    unsigned rate, channels, bits;
    uint16_t encoding;
    uint32_t sample_count; /* frames, from the Data chunk */
    uint16_t loop_count;
    uint32_t loop_start, loop_end;
    unsigned cue_points;
    int16_t *samples; /* interleaved, frames*channels; NULL for MPEG-2 */
    size_t frames;
    size_t data_offset, data_len; /* the Data payload within the resource */
} riven_sound;

int riven_twav_decode(const uint8_t *d, size_t n, riven_sound *s, relic_err *err);
/* Writes `frames` interleaved 16-bit samples as raw PCM 16 or DVI ADPCM
 * (with an ADPC chunk). */
int riven_twav_encode(const int16_t *samples, size_t frames, unsigned channels, unsigned rate, uint16_t encoding,
                      relic_buf *out, relic_err *err);
void riven_sound_free(riven_sound *s);
/* For an MPEG tWAV that riven_twav_decode returned without samples: decodes
 * its payload through libsndfile's MPEG support (layers I-III via mpg123). */
int riven_twav_decode_mpeg(const uint8_t *d, size_t n, riven_sound *s, relic_err *err);

/* One DVI/IMA ADPCM channel, as ScummVM audio/decoders/adpcm.cpp decodes it. */
typedef struct riven_adpcm {
    int32_t last;
    int32_t step_index;
} riven_adpcm;
int16_t riven_adpcm_decode(riven_adpcm *st, unsigned code);

#ifdef __cplusplus
}
#endif

#endif
