/* SN76489 (PCjr) and PC-speaker synthesis driven by an AGI command stream
 * (agi-spec sound.md: "Exact analog waveform synthesis is outside the
 * specification"; this is our model of the hardware it names).
 *
 * Facts used, from public chip descriptions (SMS Power "SN76489" notes;
 * zeridajh.org "SN76489 sound chip details"): the tone counters decrement at
 * clock/16 and flip their output each time they reload from the 10-bit
 * divisor, giving clock / (32 * divisor); a divisor of 0 counts as 1024;
 * a frequency write does not reset the running counter.  The noise counter
 * reloads from 0x10, 0x20, 0x40 or channel 2's divisor and shifts the
 * register on every second reload.  The noise register itself differs by
 * chip (syn_noise_chips below).  Attenuation steps are 2 dB, 0x0f off.  The
 * PC speaker is the PC timer (1,193,180 Hz) in square-wave mode: high for
 * the larger half of the divisor, low for the other.
 *
 * Sound ticks are the timer interrupt AGI 2.936 programs (sound.md "Tick
 * schedule" says 60 Hz): divisor 0x4dae of the PC timer's 14,318,180 / 12
 * Hz (AGI.EXE 0x8447), 19,886 timer clocks, which are 59,658 clocks of the
 * SN76489 (fed 14,318,180 / 4 Hz): tick k starts at chip step
 * k * 59,658 / 16, every 16.6661 ms (60.0012 Hz).
 *
 * Rendering is exact in time: every flip happens on an integer chip step,
 * and is added to a derivative buffer as a box-filtered step (the part of
 * the sample before the step and the part after), which is then summed.
 * Cost is proportional to flips, not to chip steps. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_sn76489.h"
#include "relic/core.h"

#define SYN_TONES 3
#define SYN_AMP 0.25 /* four channels at 0 dB fill [-1, 1] */
#define SYN_SPEAKER_AMP 0.5
/* Point sampling records the speaker as DOSBox's mixer does: a note between
 * its rest and 10,000 / 32,768 of full scale (DOSBox's speaker swings
 * +-5,000 where its Tandy voice reaches 8,191, the quarter scale a point
 * sampled voice reaches here). */
#define SYN_SPEAKER_POINT_AMP (10000.0 / 32768.0)

typedef struct syn_tone {
    uint32_t half[2]; /* chip steps of each half period */
    uint64_t counter; /* steps until the next flip */
    int phase;        /* which half runs now */
    double sign;      /* +1 / -1 */
    double amp;
} syn_tone;

#define SYN_WIN 4096 /* frames summed at a time; stays in cache */

typedef struct syn {
    float *out; /* the caller's frames, or NULL when streaming */
    size_t frames;
    agi_synth_sink sink; /* streaming: gets each finished window */
    void *sink_ctx;
    int sink_rc;            /* first non-zero sink result: stop */
    float block[SYN_WIN];   /* streaming: the window's frames */
    float win[SYN_WIN + 1]; /* derivative of frames [wpos, wpos + SYN_WIN] */
    uint64_t wpos;
    double acc;                     /* running sum: the signal level */
    uint64_t rate, step_num, clock; /* step k is at k * step_num / clock s */
    uint64_t clocks_per_timer;      /* the chip's clocks per PC timer clock */
    uint64_t now;                   /* current chip step */
    int speaker;
    double speaker_amp; /* a speaker note's level */
    int point;          /* AGI_SYNTH_POINT: the level at each sample's instant */
    double swing, rest; /* a voice's level: amp * (swing * sign + rest) */
    syn_tone tone[SYN_TONES];
    uint16_t divisor[SYN_TONES];
    uint8_t latched; /* register 0..7 of the last latch byte */
    /* noise */
    uint8_t noise_ctl;
    uint64_t noise_counter;
    int noise_flip;
    uint32_t lfsr;
    const struct syn_noise_chip *chip;
    double noise_amp;
} syn;

/* The noise shift register of each chip: a shift moves the register right
 * and feeds `top` with, in white noise, the parity of `white_taps` (its
 * complement with `xnor`) or, in periodic noise, the bit `periodic_tap`;
 * the output is bit 0.
 *  - SN76489 (the PCjr's TI part): 15 bits tapped at 0 and 1; every write
 *    of the noise register restarts it (SMS Power "SN76489" notes).
 *  - 16-bit register tapped at 0 and 3 (the Sega variants, --noise-bits 16).
 *  - NCR 8496 (the Tandy 1000's): 16 bits, white noise the XNOR of bits 1
 *    and 5, periodic noise bit 1 fed back (a 15-shift ring), restarted only
 *    when a write changes the white/periodic bit.  These are the Tandy rules
 *    of MAME's sn76496.cpp (the NCR8496 notes of 2018, from chip tests),
 *    which DOSBox plays the original interpreter with on a Tandy. */
typedef struct syn_noise_chip {
    uint32_t top, white_taps, periodic_tap;
    int xnor;
    int restart_on_mode_only;
} syn_noise_chip;

static const syn_noise_chip syn_noise_chips[AGI_NOISE_CHIPS] = {
    [AGI_NOISE_SN76489] = {0x4000u, 0x0003u, 0x0001u, 0, 0},
    [AGI_NOISE_LFSR16] = {0x8000u, 0x0009u, 0x0001u, 0, 0},
    [AGI_NOISE_NCR8496] = {0x8000u, 0x0022u, 0x0002u, 1, 1},
};

/* A tone voice's half period, in chip steps, before its first frequency
 * write.  The chip's registers hold no defined value at power-on; the
 * oracle's chip (DOSBox's Tandy and PCjr sound) holds period 0 there and
 * flips the voice on every step (a written 0 counts 1,024 in it too).
 * Two things follow: noise that follows voice 2 (control 3 or 7) before
 * voice 2 is written is a hiss, a shift every second step, not the
 * rumble of a divisor of 1,024; and, since a frequency write never
 * resets a counter, where each voice stands when its first note arrives
 * sets the phase of that note and every later one. */
#define SYN_POWER_ON_HALF 1u

static const char *const syn_sampling_names[] = {[AGI_SYNTH_BOX] = "box", [AGI_SYNTH_POINT] = "point"};

int agi_synth_sampling_parse(const char *name, agi_synth_sampling *out)
{
    for (unsigned i = 0; i < sizeof syn_sampling_names / sizeof syn_sampling_names[0]; i++)
        if (strcmp(name, syn_sampling_names[i]) == 0) {
            *out = (agi_synth_sampling)i;
            return 0;
        }
    return -1;
}

agi_noise_chip agi_noise_chip_for(unsigned selector) { return selector == 2 ? AGI_NOISE_NCR8496 : AGI_NOISE_SN76489; }

double agi_sn76489_gain(unsigned attenuation)
{
    attenuation &= 0x0f;
    return attenuation == 0x0f ? 0.0 : pow(10.0, -2.0 * attenuation / 20.0);
}

size_t agi_synth_frames(uint64_t end_tick, const agi_synth_opts *o)
{
    uint64_t ticks = end_tick * (o->loops ? o->loops : 1);
    if (o->max_ticks && ticks > o->max_ticks)
        ticks = o->max_ticks;
    return (size_t)(ticks * o->rate / AGI_SND_TICK_HZ);
}

/* A level change of d at chip step t into the sample grid: box-filtered
 * (sample n is the mean level over its interval), or point-sampled (sample
 * n is the level at its start, every change between two instants landing
 * whole on the next).  syn_advance keeps t inside the window. */
static void syn_step(syn *s, uint64_t t, double d)
{
    uint64_t num = t * s->step_num * s->rate;
    uint64_t n = num / s->clock;
    if (n >= s->frames)
        return;
    double frac = (double)(num % s->clock) / (double)s->clock;
    if (s->point && frac > 0.0)
        frac = 1.0;
    size_t i = (size_t)(n - s->wpos);
    if (n < s->wpos || i >= SYN_WIN) /* cannot happen: syn_advance keeps steps inside */
        return;
    s->win[i] += (float)(d * (1.0 - frac));
    s->win[i + 1] += (float)(d * frac);
}

#define SYN_TICK_TIMER_CLOCKS 19886u /* AGI 2.936's timer divisor, 0x4dae */

/* The first chip step of tick `tick`: 19,886 timer clocks a tick, each
 * three clocks of the SN76489 or one step of the speaker's timer. */
static uint64_t syn_tick_step(const syn *s, uint64_t tick)
{
    return tick * SYN_TICK_TIMER_CLOCKS * s->clocks_per_timer / s->step_num;
}

static void syn_tone_run(syn *s, syn_tone *t, uint64_t end)
{
    uint64_t at = s->now + t->counter;
    if (at < end && t->amp == 0.0) {
        /* Silent: keep the phase without visiting every flip. */
        uint64_t period = (uint64_t)t->half[0] + t->half[1];
        at += (end - at) / period * period;
    }
    while (at < end) {
        if (t->amp != 0.0)
            syn_step(s, at, -2.0 * s->swing * t->sign * t->amp);
        t->sign = -t->sign;
        t->phase ^= 1;
        at += t->half[t->phase];
    }
    t->counter = at - end;
}

static uint32_t syn_noise_period(const syn *s)
{
    unsigned rate = s->noise_ctl & 3;
    if (rate < 3)
        return 0x10u << rate;
    return s->tone[2].half[0]; /* voice 2's period, or its power-on one */
}

static void syn_noise_run(syn *s, uint64_t end)
{
    uint32_t period = syn_noise_period(s);
    uint64_t at = s->now + s->noise_counter;
    while (at < end) {
        s->noise_flip ^= 1;
        if (s->noise_flip) {
            uint32_t old = s->lfsr & 1, fb;
            if (s->noise_ctl & 4) { /* white: parity of the tapped bits */
                uint32_t x = s->lfsr & s->chip->white_taps;
                x ^= x >> 8;
                x ^= x >> 4;
                x ^= x >> 2;
                x ^= x >> 1;
                fb = (x & 1) ^ (uint32_t)s->chip->xnor;
            } else {
                fb = (s->lfsr & s->chip->periodic_tap) != 0; /* the single bit circulates */
            }
            s->lfsr = (s->lfsr >> 1) | (fb ? s->chip->top : 0);
            if ((s->lfsr & 1) != old && s->noise_amp != 0.0)
                syn_step(s, at, ((s->lfsr & 1) ? 2.0 : -2.0) * s->swing * s->noise_amp);
        }
        at += period;
    }
    s->noise_counter = at - end;
}

static void syn_run(syn *s, uint64_t end)
{
    if (end <= s->now)
        return;
    unsigned n = s->speaker ? 1 : SYN_TONES;
    for (unsigned i = 0; i < n; i++)
        syn_tone_run(s, &s->tone[i], end);
    if (!s->speaker)
        syn_noise_run(s, end);
    s->now = end;
}

/* The window's derivative becomes finished frames; the window moves on. */
static void syn_flush(syn *s)
{
    size_t n = s->wpos >= s->frames ? 0 : s->frames - s->wpos < SYN_WIN ? (size_t)(s->frames - s->wpos) : SYN_WIN;
    float *restrict out = s->out ? s->out + s->wpos : s->block;
    const float *restrict win = s->win;
    double acc = s->acc;
    for (size_t i = 0; i < n; i++) {
        acc += win[i];
        double v = acc < 1.0 ? acc : 1.0;
        out[i] = (float)(v > -1.0 ? v : -1.0);
    }
    s->acc = acc;
    if (!s->out && n && !s->sink_rc)
        s->sink_rc = s->sink(s->sink_ctx, s->block, n);
    float carry = s->win[SYN_WIN];
    memset(s->win, 0, sizeof s->win);
    s->win[0] = carry;
    s->wpos += SYN_WIN;
}

/* The first chip step whose sample lies past the window. */
static uint64_t syn_window_end(const syn *s)
{
    return ((s->wpos + SYN_WIN) * s->clock + s->step_num * s->rate - 1) / (s->step_num * s->rate);
}

/* Runs the chip to step `end`, finishing windows on the way. */
static void syn_advance(syn *s, uint64_t end)
{
    for (;;) {
        /* Strictly before: a level change at `end` itself (a command) must
         * still fall inside the window. */
        uint64_t wend = syn_window_end(s);
        if (end < wend || s->sink_rc) {
            syn_run(s, end);
            return;
        }
        syn_run(s, wend);
        syn_flush(s);
    }
}

/* A voice whose output is on the `sign` side gets amplitude new_amp. */
static void syn_set_amp(syn *s, double *amp, double new_amp, double sign)
{
    double d = (new_amp - *amp) * (s->swing * sign + s->rest);
    if (d != 0.0)
        syn_step(s, s->now, d);
    *amp = new_amp;
}

static double syn_noise_sign(const syn *s) { return (s->lfsr & 1) ? 1.0 : -1.0; }
static double syn_noise_level(const syn *s) { return s->noise_amp * (s->swing * syn_noise_sign(s) + s->rest); }

static void syn_noise_write(syn *s, uint8_t ctl)
{
    double before = syn_noise_level(s);
    if (!s->chip->restart_on_mode_only || ((ctl ^ s->noise_ctl) & 4))
        s->lfsr = s->chip->top;
    s->noise_ctl = ctl & 7;
    double after = syn_noise_level(s);
    if (after != before)
        syn_step(s, s->now, after - before);
}

static void syn_set_divisor(syn *s, unsigned ch, uint16_t div)
{
    s->divisor[ch] = div & 0x3ff;
    uint32_t d = s->divisor[ch] ? s->divisor[ch] : 1024u;
    s->tone[ch].half[0] = s->tone[ch].half[1] = d;
}

/* One byte to the SN76489: a latch (bit 7) or a data byte for the latched
 * register. */
static void syn_write(syn *s, uint8_t b)
{
    if (b & 0x80)
        s->latched = (b >> 4) & 7;
    unsigned ch = s->latched >> 1;
    if (s->latched & 1) { /* attenuation */
        double g = SYN_AMP * agi_sn76489_gain(b & 0x0f);
        if (ch < SYN_TONES)
            syn_set_amp(s, &s->tone[ch].amp, g, s->tone[ch].sign);
        else
            syn_set_amp(s, &s->noise_amp, g, syn_noise_sign(s));
    } else if (ch < SYN_TONES) {
        if (b & 0x80)
            syn_set_divisor(s, ch, (uint16_t)((s->divisor[ch] & 0x3f0) | (b & 0x0f)));
        else
            syn_set_divisor(s, ch, (uint16_t)((s->divisor[ch] & 0x00f) | ((b & 0x3f) << 4)));
    } else {
        syn_noise_write(s, b);
    }
}

static void syn_speaker(syn *s, const agi_snd_cmd *c)
{
    syn_tone *t = &s->tone[0];
    if (c->kind == AGI_SNDCMD_TONE) {
        uint32_t d = c->divisor ? c->divisor : 65536u;
        t->half[0] = (d + 1) / 2;
        t->half[1] = d / 2 ? d / 2 : 1;
        syn_set_amp(s, &t->amp, s->speaker_amp, t->sign);
    } else if (c->kind == AGI_SNDCMD_SILENCE) {
        syn_set_amp(s, &t->amp, 0.0, t->sign);
    }
}

static void syn_init(syn *s, agi_snd_device device, const agi_synth_opts *o, float *out, size_t frames)
{
    memset(s, 0, sizeof *s);
    s->out = out;
    s->frames = frames;
    s->rate = o->rate;
    s->speaker = device == AGI_SND_SPEAKER;
    /* Point sampling records the chip as an emulator does: each voice
     * between 0 and its level (the chip's outputs are one-sided; MAME's
     * model, which DOSBox plays, gives each voice up to a quarter of full
     * scale), the mean band-limited render swings each voice +-level.
     * The speaker is one-sided too: switched off, or in the low half of
     * its square, it carries no current, and DOSBox rests it at its low
     * level; a silence at the middle would make every rest a step. */
    s->point = o->sampling == AGI_SYNTH_POINT;
    s->swing = s->point ? 0.5 : 1.0;
    s->rest = s->point ? 0.5 : 0.0;
    s->speaker_amp = s->point ? SYN_SPEAKER_POINT_AMP : SYN_SPEAKER_AMP;
    s->step_num = s->speaker ? 1 : 16;
    s->clock = s->speaker ? AGI_SPEAKER_CLOCK : AGI_SN76489_CLOCK;
    s->clocks_per_timer = s->speaker ? 1 : 3; /* 14,318,180 Hz / 4 against / 12 */
    s->chip = &syn_noise_chips[(unsigned)o->noise < AGI_NOISE_CHIPS ? o->noise : AGI_NOISE_SN76489];
    s->lfsr = s->chip->top;
    s->latched = 0;
    for (unsigned i = 0; i < SYN_TONES; i++) {
        s->tone[i].half[0] = s->tone[i].half[1] = SYN_POWER_ON_HALF;
        s->tone[i].sign = 1.0;
        s->tone[i].counter = 1;
    }
    s->noise_counter = 1;
}

static void syn_render(syn *s, const agi_snd_cmds *c, uint64_t end_tick, const agi_synth_opts *o)
{
    unsigned loops = o->loops ? o->loops : 1;
    uint64_t limit = o->max_ticks ? o->max_ticks : UINT64_MAX;
    for (unsigned l = 0; l < loops; l++) {
        uint64_t base = (uint64_t)l * end_tick;
        for (size_t i = 0; i < c->count && !s->sink_rc; i++) {
            uint64_t tick = base + c->v[i].tick;
            if (tick > limit)
                break;
            syn_advance(s, syn_tick_step(s, tick));
            if (s->speaker)
                syn_speaker(s, &c->v[i]);
            else
                for (unsigned k = 0; k < c->v[i].nbytes; k++)
                    syn_write(s, c->v[i].bytes[k]);
        }
    }
    while (s->wpos < s->frames && !s->sink_rc) {
        syn_run(s, syn_window_end(s));
        syn_flush(s);
    }
}

/* The synthesiser's state (too large for the stack), once the rate is
 * known to be one it renders. */
static int syn_alloc(const agi_synth_opts *o, syn **out, relic_err *err)
{
    if (o->rate < 8000 || o->rate > AGI_SYNTH_MAX_RATE)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "sample rate %u outside 8000..%u", o->rate,
                             AGI_SYNTH_MAX_RATE);
    *out = malloc(sizeof **out);
    if (!*out)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    return RELIC_OK;
}

int agi_synth_render_into(const agi_snd_cmds *c, agi_snd_device device, uint64_t end_tick, const agi_synth_opts *o,
                          float *buf, size_t n, relic_err *err)
{
    syn *sp;
    int rc = syn_alloc(o, &sp, err);
    if (rc)
        return rc;
    syn_init(sp, device, o, buf, n);
    syn_render(sp, c, end_tick, o);
    free(sp);
    return RELIC_OK;
}

int agi_synth_stream(const agi_snd_cmds *c, agi_snd_device device, uint64_t end_tick, const agi_synth_opts *o,
                     agi_synth_sink sink, void *ctx, size_t *frames, relic_err *err)
{
    *frames = 0;
    syn *sp;
    int rc = syn_alloc(o, &sp, err);
    if (rc)
        return rc;
    size_t n = agi_synth_frames(end_tick, o);
    syn_init(sp, device, o, NULL, n);
    sp->sink = sink;
    sp->sink_ctx = ctx;
    syn_render(sp, c, end_tick, o);
    rc = sp->sink_rc;
    free(sp);
    if (rc)
        return rc; /* the sink has filled err */
    *frames = n;
    return RELIC_OK;
}

void agi_synth_pcm16_into(const float *x, size_t frames, double gain_db, unsigned channels, int16_t *out)
{
    double g = 32767.0 * pow(10.0, gain_db / 20.0);
    for (size_t i = 0; i < frames; i++) {
        double v = lrint(x[i] * g);
        int16_t s = (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
        for (unsigned c = 0; c < channels; c++)
            out[i * channels + c] = s;
    }
}

int agi_synth_render(const agi_snd_cmds *c, agi_snd_device device, uint64_t end_tick, const agi_synth_opts *o,
                     float **out, size_t *frames, relic_err *err)
{
    *out = NULL;
    *frames = 0;
    size_t n = agi_synth_frames(end_tick, o);
    float *buf = relic_alloc_array(n, sizeof *buf);
    if (!buf)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory for %zu samples", n);
    int rc = agi_synth_render_into(c, device, end_tick, o, buf, n, err);
    if (rc) {
        free(buf);
        return rc;
    }
    *out = buf;
    *frames = n;
    return RELIC_OK;
}

int agi_synth_to_pcm16(const float *x, size_t frames, double gain_db, unsigned channels, int16_t **out, relic_err *err)
{
    *out = relic_alloc_array(frames * channels, sizeof **out);
    if (!*out)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory for %zu samples", frames);
    agi_synth_pcm16_into(x, frames, gain_db, channels, *out);
    return RELIC_OK;
}
