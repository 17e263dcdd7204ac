/* Unit tests for the SN76489 / PC-speaker synthesis (libformats/sound/sn76489.c):
 * measured tone frequencies against clock / (32 * divisor) and the PC
 * timer, the 2 dB attenuation step, the noise register width, the render
 * length and determinism. */
#include <math.h>
#include <string.h>
#include "relic/agi_midi.h"
#include "relic/agi_sn76489.h"
#include "support.h"

static void push(agi_snd_cmds *c, uint64_t tick, agi_snd_kind kind, uint32_t divisor, unsigned n, uint8_t b0,
                 uint8_t b1)
{
    if (c->count == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 16;
        c->v = realloc(c->v, c->cap * sizeof *c->v);
    }
    agi_snd_cmd *m = &c->v[c->count++];
    memset(m, 0, sizeof *m);
    m->tick = tick;
    m->kind = (uint8_t)kind;
    m->divisor = divisor;
    m->nbytes = (uint8_t)n;
    m->bytes[0] = b0;
    m->bytes[1] = b1;
}

/* A one-second tone on channel 0 at attenuation att. */
static float *render_tone(unsigned divisor, unsigned att, size_t *n, unsigned rate)
{
    agi_snd_cmds c = {0};
    push(&c, 0, AGI_SNDCMD_TONE, divisor, 2, (uint8_t)(0x80 | (divisor & 0x0f)), (uint8_t)(divisor >> 4));
    push(&c, 0, AGI_SNDCMD_ATTEN, 0, 1, (uint8_t)(0x90 | att), 0);
    agi_synth_opts o = {.rate = rate};
    float *out;
    assert_int_equal(agi_synth_render(&c, AGI_SND_PCJR, 60, &o, &out, n, NULL), RELIC_OK);
    agi_snd_cmds_free(&c);
    return out;
}

/* Frequency from sign changes, skipping the first samples. */
static double measure_hz(const float *x, size_t n, unsigned rate)
{
    size_t first = 0, last = 0, crossings = 0;
    for (size_t i = 101; i < n; i++)
        if ((x[i - 1] < 0) != (x[i] < 0)) {
            if (!first)
                first = i;
            last = i;
            crossings++;
        }
    return (double)(crossings - 1) / 2.0 / ((double)(last - first) / rate);
}

static double rms(const float *x, size_t from, size_t to)
{
    double s = 0;
    for (size_t i = from; i < to; i++)
        s += (double)x[i] * x[i];
    return sqrt(s / (double)(to - from));
}

static void test_tone_frequency(void **state)
{
    (void)state;
    static const unsigned divisors[] = {0x3ff, 0x1ab, 0x0d6, 0x040, 0x010, 0x008};
    for (size_t i = 0; i < sizeof divisors / sizeof divisors[0]; i++) {
        size_t n;
        float *x = render_tone(divisors[i], 0, &n, 44100);
        assert_int_equal(n, 44100);
        double want = AGI_SN76489_CLOCK / (32.0 * divisors[i]);
        double got = measure_hz(x, n, 44100);
        if (fabs(got - want) / want > 0.005)
            fail_msg("divisor 0x%x: %.2f Hz, want %.2f", divisors[i], got, want);
        free(x);
    }
}

static void test_attenuation_step(void **state)
{
    (void)state;
    size_t n;
    float *a = render_tone(0x100, 0, &n, 48000);
    float *b = render_tone(0x100, 1, &n, 48000);
    float *c = render_tone(0x100, 0x0f, &n, 48000);
    double ratio = rms(b, 1000, n) / rms(a, 1000, n);
    if (fabs(20 * log10(ratio) + 2.0) > 0.05)
        fail_msg("one attenuation step is %.3f dB, want -2", 20 * log10(ratio));
    assert_true(rms(c, 1000, n) < 1e-6);
    assert_true(fabs(agi_sn76489_gain(5) - pow(10, -0.5)) < 1e-12);
    free(a);
    free(b);
    free(c);
}

static void test_counter_not_reset(void **state)
{
    (void)state;
    /* Rewriting the same divisor every tick must not disturb the tone. */
    agi_snd_cmds c = {0};
    for (uint64_t t = 0; t < 60; t++)
        push(&c, t, AGI_SNDCMD_TONE, 0x1ab, 2, 0x8b, 0x1a);
    push(&c, 0, AGI_SNDCMD_ATTEN, 0, 1, 0x90, 0);
    c.v[c.count - 1].tick = 0;
    /* keep ticks ordered: move the attenuation next to the first tone */
    agi_snd_cmd att = c.v[c.count - 1];
    memmove(&c.v[2], &c.v[1], (c.count - 2) * sizeof att);
    c.v[1] = att;
    agi_synth_opts o = {.rate = 44100};
    float *x, *y;
    size_t n;
    assert_int_equal(agi_synth_render(&c, AGI_SND_PCJR, 60, &o, &x, &n, NULL), RELIC_OK);
    y = render_tone(0x1ab, 0, &n, 44100);
    assert_memory_equal(x, y, n * sizeof *x);
    free(x);
    free(y);
    agi_snd_cmds_free(&c);
}

static void test_speaker_frequency(void **state)
{
    (void)state;
    agi_snd_cmds c = {0};
    push(&c, 1, AGI_SNDCMD_TONE, 5124, 0, 0, 0);
    push(&c, 61, AGI_SNDCMD_SILENCE, 0, 0, 0, 0);
    agi_synth_opts o = {.rate = 44100};
    float *x;
    size_t n;
    assert_int_equal(agi_synth_render(&c, AGI_SND_SPEAKER, 62, &o, &x, &n, NULL), RELIC_OK);
    assert_int_equal(n, 62 * 44100 / 60);
    double want = AGI_SPEAKER_CLOCK / 5124.0;
    double got = measure_hz(x + 735, 44100, 44100);
    if (fabs(got - want) / want > 0.005)
        fail_msg("speaker: %.2f Hz, want %.2f", got, want);
    assert_true(rms(x, 0, 700) < 1e-6);          /* silent before tick 1 */
    assert_true(rms(x, 61 * 735 + 2, n) < 1e-6); /* and after the silence */
    free(x);
    agi_snd_cmds_free(&c);
}

static unsigned rising(const float *x, size_t n)
{
    unsigned r = 0;
    for (size_t i = 1; i < n; i++)
        r += x[i - 1] < 0 && x[i] >= 0;
    return r;
}

static void test_noise_width(void **state)
{
    (void)state;
    /* Periodic noise at the fastest preset rate: one pulse per register
     * length of shifts, the shift rate being clock / 512. */
    agi_snd_cmds c = {0};
    push(&c, 0, AGI_SNDCMD_NOISE, 0, 1, 0xe0, 0);
    push(&c, 0, AGI_SNDCMD_ATTEN, 0, 1, 0xf0, 0);
    /* The NCR 8496's 16-bit register feeds bit 1 back: a 15-shift ring. */
    static const struct {
        agi_noise_chip chip;
        int ring;
    } rings[] = {{AGI_NOISE_SN76489, 15}, {AGI_NOISE_LFSR16, 16}, {AGI_NOISE_NCR8496, 15}};
    for (size_t i = 0; i < sizeof rings / sizeof rings[0]; i++) {
        agi_synth_opts o = {.rate = 96000, .noise = rings[i].chip};
        float *x;
        size_t n;
        assert_int_equal(agi_synth_render(&c, AGI_SND_PCJR, 60, &o, &x, &n, NULL), RELIC_OK);
        double want = AGI_SN76489_CLOCK / 512.0 / rings[i].ring;
        if (fabs(rising(x, n) - want) > 2)
            fail_msg("chip %d periodic noise: %u pulses, want %.1f", (int)rings[i].chip, rising(x, n), want);
        free(x);
    }
    /* White noise: loud, with no tone-like period. */
    c.v[0].bytes[0] = 0xe4;
    agi_synth_opts o = {.rate = 44100};
    float *x, *y;
    size_t n;
    assert_int_equal(agi_synth_render(&c, AGI_SND_PCJR, 60, &o, &x, &n, NULL), RELIC_OK);
    assert_true(rms(x, 0, n) > 0.1);
    assert_int_equal(agi_synth_render(&c, AGI_SND_PCJR, 60, &o, &y, &n, NULL), RELIC_OK);
    assert_memory_equal(x, y, n * sizeof *x); /* deterministic */
    free(x);
    free(y);
    agi_snd_cmds_free(&c);
}

/* The lengths (in shifts) of the first runs of equal output bits of a
 * white-noise register, computed here from the chip's description: XNOR
 * of bits 1 and 5 fed into bit 15 (the NCR 8496) or XOR of bits 0 and 1
 * fed into bit 14 (the SN76489). */
static void reference_white_runs(int ncr, unsigned *runs, unsigned nruns)
{
    uint32_t top = ncr ? 0x8000u : 0x4000u, r = top;
    unsigned len = 0, k = 0;
    while (k < nruns) {
        uint32_t before = r & 1;
        uint32_t fb = ncr ? !(((r >> 1) ^ (r >> 5)) & 1) : ((r ^ (r >> 1)) & 1);
        r = (r >> 1) | (fb ? top : 0);
        len++;
        if ((r & 1) != before) {
            runs[k++] = len;
            len = 0;
        }
    }
}

static void test_noise_white_sequence(void **state)
{
    (void)state;
    /* White noise at the fastest rate (a shift every 512 chip clocks):
     * the runs between level changes, in shifts, are the register's. */
    agi_snd_cmds c = {0};
    push(&c, 0, AGI_SNDCMD_NOISE, 0, 1, 0xe4, 0);
    push(&c, 0, AGI_SNDCMD_ATTEN, 0, 1, 0xf0, 0);
    const unsigned rate = 192000;
    const double shift = 512.0 * rate / AGI_SN76489_CLOCK; /* samples a shift */
    for (int ncr = 0; ncr <= 1; ncr++) {
        agi_synth_opts o = {.rate = rate, .noise = ncr ? AGI_NOISE_NCR8496 : AGI_NOISE_SN76489};
        float *x;
        size_t n;
        assert_int_equal(agi_synth_render(&c, AGI_SND_PCJR, 60, &o, &x, &n, NULL), RELIC_OK);
        unsigned want[41], k = 0;
        reference_white_runs(ncr, want, 41);
        size_t last = 0;
        for (size_t i = 1; i < n && k < 41; i++)
            if ((x[i - 1] < 0) != (x[i] < 0)) {
                unsigned got = (unsigned)lround((double)(i - last) / shift);
                /* the first run starts with the write, not on a shift */
                if (k > 0 && got != want[k])
                    fail_msg("%s white noise: run %u is %u shifts, want %u", ncr ? "NCR 8496" : "SN76489", k, got,
                             want[k]);
                last = i;
                k++;
            }
        assert_int_equal(k, 41);
        free(x);
    }
    agi_snd_cmds_free(&c);
}

static void test_noise_restart(void **state)
{
    (void)state;
    /* The same white-noise byte written again on every tick: the TI part
     * restarts its register each time, the NCR 8496 only when the byte
     * changes white to periodic or back, so its noise is the same as one
     * write's. */
    agi_snd_cmds once = {0}, again = {0};
    push(&once, 0, AGI_SNDCMD_NOISE, 0, 1, 0xe4, 0);
    push(&once, 0, AGI_SNDCMD_ATTEN, 0, 1, 0xf0, 0);
    push(&again, 0, AGI_SNDCMD_NOISE, 0, 1, 0xe4, 0);
    push(&again, 0, AGI_SNDCMD_ATTEN, 0, 1, 0xf0, 0);
    for (uint64_t t = 1; t < 60; t++)
        push(&again, t, AGI_SNDCMD_NOISE, 0, 1, 0xe4, 0);
    for (int ncr = 0; ncr <= 1; ncr++) {
        agi_synth_opts o = {.rate = 44100, .noise = ncr ? AGI_NOISE_NCR8496 : AGI_NOISE_SN76489};
        float *x, *y;
        size_t n;
        assert_int_equal(agi_synth_render(&once, AGI_SND_PCJR, 60, &o, &x, &n, NULL), RELIC_OK);
        assert_int_equal(agi_synth_render(&again, AGI_SND_PCJR, 60, &o, &y, &n, NULL), RELIC_OK);
        assert_int_equal(memcmp(x, y, n * sizeof *x) == 0, ncr);
        free(x);
        free(y);
    }
    assert_int_equal(agi_noise_chip_for(2), AGI_NOISE_NCR8496);
    assert_int_equal(agi_noise_chip_for(1), AGI_NOISE_SN76489);
    agi_snd_cmds_free(&once);
    agi_snd_cmds_free(&again);
}

/* Level changes in a render, about its mean (noise is one-sided when
 * point-sampled). */
static unsigned level_changes(const float *x, size_t n)
{
    double mean = 0;
    for (size_t i = 0; i < n; i++)
        mean += x[i] / (double)n;
    unsigned changes = 0;
    for (size_t i = 1; i < n; i++)
        changes += (x[i - 1] < mean) != (x[i] < mean);
    return changes;
}

static void test_noise_voice2_power_on(void **state)
{
    (void)state;
    /* White noise at voice 2's rate (0xe7) before voice 2 has ever been
     * written: the original on a Tandy or a PCjr under DOSBox plays a hiss
     * (its voices start at one step: a shift every second step, 111,861 a
     * second).  Once voice 2 is written with 0, a divisor of 1,024, the
     * same noise shifts every 2,048 steps (109 a second), a low rumble. */
    agi_snd_cmds never = {0}, zero = {0};
    push(&never, 0, AGI_SNDCMD_NOISE, 3, 1, 0xe7, 0);
    push(&never, 0, AGI_SNDCMD_ATTEN, 0, 1, 0xf0, 0);
    push(&zero, 0, AGI_SNDCMD_TONE, 0, 2, 0xc0, 0x00);
    push(&zero, 0, AGI_SNDCMD_NOISE, 3, 1, 0xe7, 0);
    push(&zero, 0, AGI_SNDCMD_ATTEN, 0, 1, 0xf0, 0);
    for (int ncr = 0; ncr <= 1; ncr++) {
        agi_synth_opts o = {.rate = 44100, .noise = ncr ? AGI_NOISE_NCR8496 : AGI_NOISE_SN76489};
        float *x, *y;
        size_t n;
        assert_int_equal(agi_synth_render(&never, AGI_SND_PCJR, 60, &o, &x, &n, NULL), RELIC_OK);
        assert_int_equal(agi_synth_render(&zero, AGI_SND_PCJR, 60, &o, &y, &n, NULL), RELIC_OK);
        unsigned hiss = level_changes(x, n), rumble = level_changes(y, n);
        if (hiss < 5000 || rumble > 120)
            fail_msg("%s: %u level changes a second unwritten, %u after writing 0", ncr ? "NCR 8496" : "SN76489", hiss,
                     rumble);
        free(x);
        free(y);
    }
    /* Once voice 2 is written, the noise follows it. */
    agi_snd_cmds w = {0};
    push(&w, 0, AGI_SNDCMD_TONE, 64, 2, 0xc0, 0x04);
    push(&w, 0, AGI_SNDCMD_NOISE, 3, 1, 0xe3, 0);
    push(&w, 0, AGI_SNDCMD_ATTEN, 0, 1, 0xf0, 0);
    agi_synth_opts o = {.rate = 96000, .noise = AGI_NOISE_NCR8496};
    float *x;
    size_t n;
    assert_int_equal(agi_synth_render(&w, AGI_SND_PCJR, 60, &o, &x, &n, NULL), RELIC_OK);
    double want = AGI_SN76489_CLOCK / (32.0 * 64) / 15; /* a shift per tone cycle, a 15-shift ring */
    if (fabs(rising(x, n) - want) > 2)
        fail_msg("periodic noise at voice 2's rate: %u pulses, want %.1f", rising(x, n), want);
    free(x);
    agi_snd_cmds_free(&never);
    agi_snd_cmds_free(&zero);
    agi_snd_cmds_free(&w);
}

static void test_point_sampling(void **state)
{
    (void)state;
    /* Point sampling takes the chip's level at each sample's instant, each
     * voice between 0 and its level as the chip (and the emulator that
     * records the original) outputs it: a tone at attenuation 0 gives only
     * 0 and 0.25, a quarter of full scale, and 0.125 on average; the box
     * render swings +-0.25 with values between at its edges. */
    agi_snd_cmds c = {0};
    push(&c, 0, AGI_SNDCMD_TONE, 0x1ab, 2, 0x8b, 0x1a);
    push(&c, 0, AGI_SNDCMD_ATTEN, 0, 1, 0x90, 0);
    push(&c, 30, AGI_SNDCMD_ATTEN, 0, 1, 0x9f, 0);
    agi_synth_opts o = {.rate = 22050, .sampling = AGI_SYNTH_POINT};
    float *x;
    size_t n, between = 0;
    assert_int_equal(agi_synth_render(&c, AGI_SND_PCJR, 60, &o, &x, &n, NULL), RELIC_OK);
    double sum = 0;
    for (size_t i = 0; i < n / 2; i++) {
        if (fabsf(x[i]) > 1e-6f && fabsf(x[i] - 0.25f) > 1e-6f)
            fail_msg("point sample %zu is %f, not 0 or 0.25", i, x[i]);
        sum += x[i];
    }
    assert_true(fabs(sum / (double)(n / 2) - 0.125) < 0.005);
    for (size_t i = n / 2 + 1; i < n; i++) /* attenuation 15: the voice rests at 0 */
        assert_true(fabsf(x[i]) < 1e-6f);
    free(x);
    o.sampling = AGI_SYNTH_BOX;
    assert_int_equal(agi_synth_render(&c, AGI_SND_PCJR, 60, &o, &x, &n, NULL), RELIC_OK);
    for (size_t i = 0; i < n / 2; i++)
        between += fabsf(fabsf(x[i]) - 0.25f) > 1e-4f;
    assert_true(between > 100);
    free(x);
    agi_synth_sampling sm = AGI_SYNTH_BOX;
    assert_int_equal(agi_synth_sampling_parse("point", &sm), 0);
    assert_int_equal(sm, AGI_SYNTH_POINT);
    assert_int_equal(agi_synth_sampling_parse("linear", &sm), -1);
    agi_snd_cmds_free(&c);
}

static void test_speaker_point_rests_low(void **state)
{
    (void)state;
    /* The speaker carries current in the high half of its square only:
     * switched off it rests at the low level, as DOSBox records the
     * original on an EGA machine (+-5,000 around its rest at -5,000).
     * Point sampled, a note swings between 0 and 10,000 / 32,768 and the
     * silence after it is 0, not the middle of the swing. */
    agi_snd_cmds c = {0};
    push(&c, 0, AGI_SNDCMD_TONE, 5124, 0, 0, 0);
    push(&c, 30, AGI_SNDCMD_SILENCE, 0, 0, 0, 0);
    agi_synth_opts o = {.rate = 22050, .sampling = AGI_SYNTH_POINT};
    float *x;
    size_t n;
    const float high = 10000.0f / 32768.0f;
    assert_int_equal(agi_synth_render(&c, AGI_SND_SPEAKER, 60, &o, &x, &n, NULL), RELIC_OK);
    double sum = 0;
    for (size_t i = 0; i < n / 2 - 2; i++) {
        if (fabsf(x[i]) > 1e-6f && fabsf(x[i] - high) > 1e-6f)
            fail_msg("speaker point sample %zu is %f, not 0 or %f", i, x[i], high);
        sum += x[i];
    }
    assert_true(fabs(sum / (double)(n / 2 - 2) - high / 2) < 0.01);
    for (size_t i = n / 2 + 2; i < n; i++)
        assert_true(fabsf(x[i]) < 1e-6f);
    free(x);
    agi_snd_cmds_free(&c);
}

static void test_tick_is_the_timer_interrupt(void **state)
{
    (void)state;
    /* AGI 2.936 runs sound from the PC timer at divisor 0x4dae: a tick is
     * 19,886 timer clocks, 59,658 clocks of the chip, 16.6661 ms.  A tone
     * written on tick 600 starts 600 * 59,658 / 3,579,545 s in (9.99978 s),
     * ten samples at 44,100 Hz before tick 600 of a 60 Hz clock. */
    agi_snd_cmds c = {0};
    push(&c, 600, AGI_SNDCMD_TONE, 0x1ab, 2, 0x8b, 0x1a);
    push(&c, 600, AGI_SNDCMD_ATTEN, 0, 1, 0x90, 0);
    for (int speaker = 0; speaker <= 1; speaker++) {
        if (speaker)
            c.v[0].divisor = 5124;
        agi_synth_opts o = {.rate = 44100};
        float *x;
        size_t n, first = 0;
        assert_int_equal(agi_synth_render(&c, speaker ? AGI_SND_SPEAKER : AGI_SND_PCJR, 610, &o, &x, &n, NULL),
                         RELIC_OK);
        while (first < n && fabsf(x[first]) < 1e-6f)
            first++;
        double clock = speaker ? AGI_SPEAKER_CLOCK : AGI_SN76489_CLOCK / 3.0;
        size_t want = (size_t)(600.0 * 19886.0 / clock * 44100);
        if (first + 1 < want || first > want + 1)
            fail_msg("%s: tick 600 starts at sample %zu, want %zu", speaker ? "speaker" : "SN76489", first, want);
        free(x);
    }
    agi_snd_cmds_free(&c);
}

/* A sink that counts its calls. */
static int count_sink(void *ctx, const float *frames, size_t n)
{
    (void)frames, (void)n;
    ++*(int *)ctx;
    return 0;
}

static void test_length_loops_and_limit(void **state)
{
    (void)state;
    agi_snd_cmds c = {0};
    push(&c, 1, AGI_SNDCMD_TONE, 0x1ab, 2, 0x8b, 0x1a);
    agi_synth_opts o = {.rate = 22050, .loops = 3};
    assert_int_equal(agi_synth_frames(76, &o), 76 * 3 * 22050 / 60);
    o.max_ticks = 100;
    assert_int_equal(agi_synth_frames(76, &o), 100 * 22050 / 60);
    float *x;
    size_t n;
    o.rate = 100;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_synth_render(&c, AGI_SND_PCJR, 76, &o, &x, &n, &err), RELIC_EUSAGE);
    assert_non_null(strstr(err.msg, "sample rate 100 outside 8000..384000"));
    /* the streaming entry refuses the same rates before the sink sees a frame */
    int calls = 0;
    n = 1;
    relic_err_clear(&err);
    assert_int_equal(agi_synth_stream(&c, AGI_SND_PCJR, 76, &o, count_sink, &calls, &n, &err), RELIC_EUSAGE);
    assert_non_null(strstr(err.msg, "sample rate 100 outside"));
    o.rate = AGI_SYNTH_MAX_RATE + 1;
    assert_int_equal(agi_synth_stream(&c, AGI_SND_PCJR, 76, &o, count_sink, &calls, &n, &err), RELIC_EUSAGE);
    assert_int_equal(n, 0);
    assert_int_equal(calls, 0);
    o.rate = 8000;
    assert_int_equal(agi_synth_stream(&c, AGI_SND_PCJR, 76, &o, count_sink, &calls, &n, &err), RELIC_OK);
    assert_int_equal(n, agi_synth_frames(76, &o));
    assert_true(calls > 0);
    agi_snd_cmds_free(&c);
}

/* Commands on every tick land on window boundaries at some rates (a
 * level change exactly at a window's end once wrote past the window; the
 * sanitizer build catches a regression).  The level must also be exactly
 * the tone's at every sample of a steady stretch. */
static void test_commands_every_tick(void **state)
{
    (void)state;
    agi_snd_cmds c = {0};
    push(&c, 0, AGI_SNDCMD_TONE, 0x3ff, 2, 0x8f, 0x3f);
    for (uint64_t t = 0; t < 1200; t++)
        push(&c, t, AGI_SNDCMD_ATTEN, 0, 1, (uint8_t)(0x90 | (t & 1 ? 0x0f : 0x00)), 0);
    static const unsigned rates[] = {8000, 11025, 22050, 44100, 48000, 96000, 192000};
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++) {
        agi_synth_opts o = {.rate = rates[r]};
        float *x;
        size_t n;
        assert_int_equal(agi_synth_render(&c, AGI_SND_PCJR, 1200, &o, &x, &n, NULL), RELIC_OK);
        assert_int_equal(n, (size_t)1200 * rates[r] / 60);
        for (size_t i = 0; i < n; i++)
            if (!(x[i] >= -0.2501f && x[i] <= 0.2501f))
                fail_msg("rate %u: sample %zu is %f", rates[r], i, x[i]);
        /* odd ticks are silent: the middle of tick 1001 */
        size_t mid = (size_t)(1001.5 * rates[r] / 60);
        assert_true(x[mid] > -1e-4f && x[mid] < 1e-4f);
        free(x);
    }
    agi_snd_cmds_free(&c);
}

static void test_midi(void **state)
{
    (void)state;
    /* The sample sound's stream on the PCjr (2.936 envelope bytes): C4 E4
     * G4 C5 read on ticks 1, 16, 31, 46, ended on tick 76. */
    agi_snd_cmds c = {0};
    push(&c, 1, AGI_SNDCMD_TONE, 0x1ab, 2, 0x8b, 0x1a);
    push(&c, 1, AGI_SNDCMD_ATTEN, 0, 1, 0x90, 0);
    c.v[1].attenuation = 0;
    push(&c, 8, AGI_SNDCMD_ATTEN, 0, 1, 0x95, 0); /* envelope: no retrigger */
    c.v[2].attenuation = 5;
    push(&c, 16, AGI_SNDCMD_TONE, 0x153, 2, 0x83, 0x15);
    push(&c, 16, AGI_SNDCMD_ATTEN, 0, 1, 0x93, 0);
    c.v[4].attenuation = 3;
    push(&c, 20, AGI_SNDCMD_SILENCE, 0, 1, 0x9f, 0);
    relic_buf m = RELIC_BUF_INIT;
    assert_int_equal(agi_midi_encode(&c, AGI_SND_PCJR, 76, &m, NULL), RELIC_OK);
    uint8_t want[256];
    size_t n = test_hex("4d546864 00000006 0001 0005 001e"
                        "4d54726b 0000000b 00ff5103 07a120 00ff2f00"
                        "4d54726b 00000017 00c050 01903c7f 0f803c00 00904065 04804000 38ff2f00"
                        "4d54726b 00000007 00c150 4cff2f00"
                        "4d54726b 00000007 00c250 4cff2f00"
                        "4d54726b 00000004 4cff2f00",
                        want, sizeof want);
    assert_int_equal(m.len, n);
    assert_memory_equal(m.data, want, n);
    relic_buf_free(&m);
    agi_snd_cmds_free(&c);
}

/* One MIDI note-on of a track: tick, key. */
typedef struct midi_on {
    uint64_t tick;
    unsigned key;
} midi_on;

static uint32_t midi_read_vlq(const uint8_t *p, size_t *i)
{
    uint32_t v = 0;
    do
        v = (v << 7) | (p[*i] & 0x7f);
    while (p[(*i)++] & 0x80);
    return v;
}

/* The note-ons of track `track` (0 = the tempo track) of a format-1 file. */
static size_t midi_note_ons(const relic_buf *m, unsigned track, midi_on *out, size_t cap)
{
    size_t i = 14, n = 0;
    for (unsigned t = 0; t < track; t++)
        i += 8 + ((size_t)m->data[i + 4] << 24 | (size_t)m->data[i + 5] << 16 | (size_t)m->data[i + 6] << 8 |
                  m->data[i + 7]);
    size_t end =
        i + 8 +
        ((size_t)m->data[i + 4] << 24 | (size_t)m->data[i + 5] << 16 | (size_t)m->data[i + 6] << 8 | m->data[i + 7]);
    uint64_t tick = 0;
    for (i += 8; i < end;) {
        tick += midi_read_vlq(m->data, &i);
        uint8_t st = m->data[i++];
        if (st == 0xff) {
            i++;
            i += midi_read_vlq(m->data, &i);
        } else if ((st & 0xf0) == 0xc0) {
            i++;
        } else {
            if ((st & 0xf0) == 0x90 && m->data[i + 1] && n < cap)
                out[n++] = (midi_on){tick, m->data[i]};
            i += 2;
        }
    }
    return n;
}

/* MIDI from a scheduled sound: each tone channel's note-ons are exactly the
 * events that start an audible note (tone write then attenuation not 0x0f),
 * on their ticks, keyed by the divisor's nearest equal-tempered note; the
 * noise track's by the noise type (38 white, 42 periodic). */
static void test_midi_matches_events(void **state)
{
    (void)state;
    /* ch0: C5-ish (0x0d6), a rest, A4 (0x0fe); ch1: one note; ch2: none;
     * ch3: white noise, then periodic. */
    uint8_t b[128];
    size_t len = test_hex("08 00 19 00 20 00 22 00"
                          "0a 00 0d 86 92  05 00 00 80 9f  0c 00 0f 8e 94  ff ff"
                          "14 00 1a a5 b3  ff ff"
                          "ff ff"
                          "06 00 00 e4 f2  06 00 00 e1 f3  ff ff",
                          b, sizeof b);
    agi_sound snd;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_sound_decode(b, len, &snd, &err), RELIC_OK);
    agi_snd_opts o = {agi_profile_find("2.936"), 2, 0};
    agi_snd_cmds c = {0};
    uint64_t end = 0;
    assert_int_equal(agi_snd_schedule(&snd, &o, &c, &end, NULL), RELIC_OK);
    relic_buf m = RELIC_BUF_INIT;
    assert_int_equal(agi_midi_encode(&c, AGI_SND_PCJR, end, &m, NULL), RELIC_OK);
    for (unsigned ch = 0; ch < 4; ch++) {
        midi_on want[16], got[16];
        size_t nw = 0;
        int key = -1, fresh = 0;
        for (size_t i = 0; i < c.count; i++) {
            const agi_snd_cmd *k = &c.v[i];
            if (k->channel != ch)
                continue;
            if (k->kind == AGI_SNDCMD_TONE) {
                double hz = AGI_SN76489_CLOCK / (32.0 * (k->divisor ? k->divisor : 1024));
                key = (int)lround(69 + 12 * log2(hz / 440.0));
                fresh = 1;
            } else if (k->kind == AGI_SNDCMD_NOISE) {
                key = (k->divisor & 4) ? 38 : 42;
                fresh = 1;
            } else if (k->kind == AGI_SNDCMD_ATTEN && fresh) {
                if (k->attenuation != 0x0f)
                    want[nw++] = (midi_on){k->tick, (unsigned)key};
                fresh = 0;
            }
        }
        size_t ng = midi_note_ons(&m, ch + 1, got, 16);
        assert_int_equal(ng, nw);
        for (size_t i = 0; i < nw; i++) {
            assert_int_equal(got[i].tick, want[i].tick);
            assert_int_equal(got[i].key, want[i].key);
        }
    }
    /* The events by hand: ch0 on ticks 1 and 16 (0x0d6: 523 Hz = C5 72;
     * 0x0fe: 440.4 Hz = A4 69), ch1 on tick 1, ch3 on ticks 1 and 7. */
    midi_on got[16];
    assert_int_equal(midi_note_ons(&m, 1, got, 16), 2);
    assert_int_equal(got[0].key, 72);
    assert_int_equal(got[1].tick, 16);
    assert_int_equal(got[1].key, 69);
    assert_int_equal(midi_note_ons(&m, 4, got, 16), 2);
    assert_int_equal(got[0].key, 38);
    assert_int_equal(got[1].key, 42);
    relic_buf_free(&m);
    agi_snd_cmds_free(&c);
    agi_sound_free(&snd);
}

int main(void)
{
    // clang-format off
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tone_frequency),
        cmocka_unit_test(test_attenuation_step),
        cmocka_unit_test(test_counter_not_reset),
        cmocka_unit_test(test_speaker_frequency),
        cmocka_unit_test(test_noise_width),
        cmocka_unit_test(test_noise_white_sequence),
        cmocka_unit_test(test_noise_restart),
        cmocka_unit_test(test_noise_voice2_power_on),
        cmocka_unit_test(test_point_sampling),
        cmocka_unit_test(test_speaker_point_rests_low),
        cmocka_unit_test(test_tick_is_the_timer_interrupt),
        cmocka_unit_test(test_length_loops_and_limit),
        cmocka_unit_test(test_commands_every_tick),
        cmocka_unit_test(test_midi),
        cmocka_unit_test(test_midi_matches_events),
    };
    // clang-format on
    return cmocka_run_group_tests_name("agi_synth", tests, NULL, NULL);
}
