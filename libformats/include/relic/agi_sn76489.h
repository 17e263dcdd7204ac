/* Sound synthesis for AGI command streams (agi_sound_sched.h): a Texas
 * Instruments SN76489 / PCjr model (three square-wave tone channels and a
 * noise channel) and a PC-speaker model.  Deterministic: the same stream
 * and options always give the same samples. */
#ifndef RELIC_AGI_SN76489_H
#define RELIC_AGI_SN76489_H

#include <stddef.h>
#include <stdint.h>
#include "relic/agi_sound_sched.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AGI_SN76489_CLOCK 3579545u /* PCjr: the NTSC colour-burst crystal */
#define AGI_SPEAKER_CLOCK 1193180u /* PC timer input */
#define AGI_SYNTH_MAX_RATE 384000u

/* The noise generator of the chip the machine carries (sn76489.c
 * documents each row). */
typedef enum agi_noise_chip {
    AGI_NOISE_SN76489 = 0, /* PCjr's TI part: 15-bit register tapped 0, 1 */
    AGI_NOISE_LFSR16,      /* a 16-bit register tapped 0, 3 (Sega variants) */
    AGI_NOISE_NCR8496,     /* Tandy 1000: 16-bit, XNOR of bits 1 and 5 */
    AGI_NOISE_CHIPS
} agi_noise_chip;

/* The chip of the machine a device selector stands for: the Tandy's
 * (selector 2) NCR 8496, the PCjr's SN76489 otherwise. */
agi_noise_chip agi_noise_chip_for(unsigned selector);

/* How the chip's output becomes samples: the mean level over each
 * sample's interval (band-limited: high tones do not alias), or the level
 * at each sample's instant, as an emulator records it (DOSBox's Tandy and
 * PCjr sound and its wave capture, the oracle's recordings of the
 * original: overtones above half the rate fold back); each voice and the
 * PC speaker then sound one-sided, from 0 (silent, or the low half of the
 * square) to their level. */
typedef enum agi_synth_sampling {
    AGI_SYNTH_BOX = 0,
    AGI_SYNTH_POINT,
} agi_synth_sampling;

/* The sampling named `name` ("box" or "point"): 0, or -1 for another name. */
int agi_synth_sampling_parse(const char *name, agi_synth_sampling *out);

typedef struct agi_synth_opts {
    unsigned rate;        /* output samples per second (8000..384000) */
    agi_noise_chip noise; /* the noise generator (default the PCjr's) */
    agi_synth_sampling sampling;
    unsigned loops;     /* play the stream this many times (0 = 1) */
    uint64_t max_ticks; /* stop after this many ticks (0 = no limit) */
} agi_synth_opts;

/* Frames the render of end_tick ticks (times loops) at rate gives:
 * ticks * rate / 60, cut at max_ticks when set. */
size_t agi_synth_frames(uint64_t end_tick, const agi_synth_opts *o);

/* Renders a whole command stream (ticks 0..end_tick) for its device into a
 * new mono buffer of agi_synth_frames() floats in [-1, 1] (free() it).
 * With AGI_SYNTH_BOX each square is integrated over every output sample (a
 * box filter at the chip's own step rate), so high tones do not alias;
 * AGI_SYNTH_POINT takes the level at each sample's instant. */
int agi_synth_render(const agi_snd_cmds *c, agi_snd_device device, uint64_t end_tick, const agi_synth_opts *o,
                     float **out, size_t *frames, relic_err *err);

/* The same into the caller's buffer of agi_synth_frames() floats (every
 * frame is written), so one buffer can serve many renders. */
int agi_synth_render_into(const agi_snd_cmds *c, agi_snd_device device, uint64_t end_tick, const agi_synth_opts *o,
                          float *out, size_t frames, relic_err *err);

/* Streaming render: the same samples as agi_synth_render, handed to sink a
 * window (at most 4,096 frames) at a time, so memory does not grow with the
 * clip's length.  A non-zero sink result stops the render and is returned
 * (the sink fills err itself).  frames gets the total on success. */
typedef int (*agi_synth_sink)(void *ctx, const float *frames, size_t n);
int agi_synth_stream(const agi_snd_cmds *c, agi_snd_device device, uint64_t end_tick, const agi_synth_opts *o,
                     agi_synth_sink sink, void *ctx, size_t *frames, relic_err *err);
/* agi_synth_to_pcm16 into the caller's frames * channels samples. */
void agi_synth_pcm16_into(const float *x, size_t frames, double gain_db, unsigned channels, int16_t *out);

/* Interleaved 16-bit samples from a render: gain in dB, the mono signal
 * copied to each of `channels`, rounded to nearest and clipped. */
int agi_synth_to_pcm16(const float *x, size_t frames, double gain_db, unsigned channels, int16_t **out, relic_err *err);

/* Attenuation steps are 2 dB: the linear gain of a 4-bit attenuation
 * (0x0f is off). */
double agi_sn76489_gain(unsigned attenuation);

#ifdef __cplusplus
}
#endif

#endif
