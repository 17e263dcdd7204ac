/* AGI sound playback schedule: agi-spec sound.md "Tick schedule",
 * "Channel profiles", "PC-speaker output" and "Four-channel command output",
 * with the per-profile rules read from agi_profile (version_profiles.md).
 *
 * Choices where the chapter is silent, kept visible here:
 *  - A channel terminator on the four-channel device sends attenuation 0x0f
 *    for that channel in every profile: the chapter says terminated channels
 *    "remain silent while the others continue", and spells the byte out for
 *    2.411/2.440 and 2.917+.
 *  - Envelope profiles produce one attenuation output per channel per tick;
 *    the stream records every output on an event or terminator tick, and an
 *    intervening tick's output only when it changes the byte last sent for
 *    that channel (a repeated identical byte leaves the chip as it was).
 *  - Channel 3's envelope index is only ever disabled at start and never
 *    reset by an event, so channel 3 never runs the envelope. */
#include <stdlib.h>
#include <string.h>
#include "relic/agi_sound_sched.h"

/* sound.md "Profiles 2.917 and later": the default envelope table. */
// clang-format off
static const uint8_t agi_snd_envelope[] = {
    0xfe, 0xfd, 0xfe, 0xff, 0x00, 0x00, 0x01, 0x01, 0x01, 0x01, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02,
    0x02, 0x02, 0x03, 0x03, 0x03, 0x03, 0x03, 0x03, 0x03, 0x04, 0x04, 0x04, 0x04, 0x05, 0x05, 0x05,
    0x05, 0x06, 0x06, 0x06, 0x06, 0x06, 0x07, 0x07, 0x07, 0x07, 0x08, 0x08, 0x08, 0x08, 0x09, 0x09,
    0x09, 0x09, 0x0a, 0x0a, 0x0a, 0x0a, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0c, 0x0c, 0x0c, 0x0c,
    0x0c, 0x0c, 0x0d, 0x80,
};
// clang-format on
#define AGI_SND_ENV_END 0x80

static const uint8_t agi_snd_selector_byte[AGI_SOUND_CHANNELS] = {0x90, 0xb0, 0xd0, 0xf0};

static const char *const agi_snd_kind_names[] = {"tone", "noise", "attenuation", "silence"};

const char *agi_snd_kind_name(agi_snd_kind k)
{
    return (unsigned)k < sizeof agi_snd_kind_names / sizeof agi_snd_kind_names[0] ? agi_snd_kind_names[k] : "?";
}

void agi_snd_cmds_free(agi_snd_cmds *c)
{
    free(c->v);
    memset(c, 0, sizeof *c);
}

static agi_snd_cmd *agi_snd_push(agi_snd_cmds *c, const agi_snd_sched *s, unsigned ch, agi_snd_kind kind)
{
    if (c->oom)
        return NULL;
    if (c->count == c->cap) {
        size_t ncap = c->cap ? c->cap * 2 : 256;
        agi_snd_cmd *v = realloc(c->v, ncap * sizeof *v);
        if (!v) {
            c->oom = 1;
            return NULL;
        }
        c->v = v;
        c->cap = ncap;
    }
    agi_snd_cmd *cmd = &c->v[c->count++];
    memset(cmd, 0, sizeof *cmd);
    cmd->tick = s->tick;
    cmd->channel = (uint8_t)ch;
    cmd->kind = (uint8_t)kind;
    return cmd;
}

static void agi_snd_send_atten(agi_snd_sched *s, agi_snd_cmds *out, unsigned ch, uint8_t byte)
{
    agi_snd_cmd *cmd = agi_snd_push(out, s, ch, AGI_SNDCMD_ATTEN);
    s->ch[ch].last_byte = byte;
    if (!cmd)
        return;
    cmd->attenuation = byte & 0x0f;
    cmd->nbytes = 1;
    cmd->bytes[0] = byte;
}

agi_snd_device agi_snd_device_for(const agi_profile *p, unsigned selector)
{
    if (selector == 0 || (selector == 8 && p->snd_select8_single))
        return AGI_SND_SPEAKER;
    return AGI_SND_PCJR;
}

void agi_snd_start(agi_snd_sched *s, const agi_sound *snd, const agi_snd_opts *o)
{
    memset(s, 0, sizeof *s);
    s->snd = snd;
    s->profile = o && o->profile ? o->profile : agi_profile_find("2.936");
    s->selector = o ? o->selector : 1;
    s->global_adjust = o ? o->global_adjust : 0;
    s->device = agi_snd_device_for(s->profile, s->selector);
    s->nchan = s->device == AGI_SND_SPEAKER ? 1 : AGI_SOUND_CHANNELS;
    s->active = 1;
    for (unsigned ch = 0; ch < AGI_SOUND_CHANNELS; ch++) {
        s->ch[ch].countdown = 1;
        s->ch[ch].base = 0x0f;
        s->ch[ch].env_index = -1;
        s->ch[ch].env_value = 0x0f;
        s->ch[ch].last_byte = -1;
    }
}

/* Stop or completion: the device goes silent and playback ends. */
static void agi_snd_finish(agi_snd_sched *s, agi_snd_cmds *out, int stopped)
{
    for (unsigned ch = 0; ch < s->nchan; ch++) {
        agi_snd_cmd *cmd = agi_snd_push(out, s, ch, AGI_SNDCMD_SILENCE);
        if (cmd) {
            cmd->attenuation = 0x0f;
            if (s->device == AGI_SND_PCJR) {
                cmd->nbytes = 1;
                cmd->bytes[0] = agi_snd_selector_byte[ch] | 0x0f;
            }
        }
    }
    s->active = 0;
    s->stopped = stopped;
    s->completion_tick = s->tick;
}

/* 2.917+: one attenuation output of an envelope channel, as AGI 2.936
 * computes it (AGI.EXE 0x8162): the global adjustment is added only to an
 * envelope step's result, not to a base attenuation sent without one
 * (channel 3, or after the table's end); the sums are signed bytes. */
static uint8_t agi_snd_envelope_output(agi_snd_sched *s, unsigned ch)
{
    agi_snd_chan *c = &s->ch[ch];
    if (c->base == 0x0f)
        return agi_snd_selector_byte[ch] | 0x0f;
    int a = c->base;
    if (c->env_index >= 0) {
        uint8_t step = agi_snd_envelope[c->env_index];
        if (step == AGI_SND_ENV_END) {
            c->env_index = -1;
            c->base = c->env_value;
            a = c->base;
        } else {
            c->env_index++;
            a = c->base + (int8_t)step;
            a = a < 0 ? 0 : a > 0x0f ? 0x0f : a;
            c->env_value = (uint8_t)a;
            a = (int8_t)(uint8_t)(a + s->global_adjust);
            if (a > 0x0f)
                a = 0x0f;
        }
    }
    if (s->selector == 2 && a < 8)
        a += 2;
    return (uint8_t)(agi_snd_selector_byte[ch] | (uint8_t)a);
}

/* The attenuation byte a consumed event sends (four-channel device). */
static uint8_t agi_snd_event_atten(agi_snd_sched *s, unsigned ch, uint8_t control)
{
    uint8_t b = control;
    switch (s->profile->snd_atten) {
    case AGI_SND_ATTEN_DEV2_RAW:
    case AGI_SND_ATTEN_WHOLE_BYTE:
        if (s->selector == 2 && (b & 0x0f) < 8)
            b = (uint8_t)(b + 3);
        if (s->profile->snd_atten == AGI_SND_ATTEN_WHOLE_BYTE) {
            b = (uint8_t)(b + s->global_adjust);
            if ((int8_t)b > 15)
                b = 0x0f;
        }
        return b;
    case AGI_SND_ATTEN_CLAMP: {
        unsigned n = (b & 0x0fu) + s->global_adjust;
        return (uint8_t)((b & 0xf0) | (n > 0x0f ? 0x0f : n));
    }
    case AGI_SND_ATTEN_ENVELOPE:
        if (ch < 3)
            s->ch[ch].env_index = 0;
        s->ch[ch].base = control & 0x0f;
        return agi_snd_envelope_output(s, ch);
    }
    return b;
}

static void agi_snd_send_tone(agi_snd_sched *s, agi_snd_cmds *out, unsigned ch, uint16_t tone)
{
    uint8_t hi = (uint8_t)(tone >> 8), lo = (uint8_t)tone;
    int noise = (hi & 0xf0) == 0xe0;
    agi_snd_cmd *cmd = agi_snd_push(out, s, ch, noise ? AGI_SNDCMD_NOISE : AGI_SNDCMD_TONE);
    if (!cmd)
        return;
    cmd->divisor = noise ? (hi & 0x07u) : agi_sound_divisor(tone);
    cmd->bytes[0] = hi;
    cmd->nbytes = 1;
    if (s->profile->snd_tone == AGI_SND_TONE_BOTH || (hi & 0xe0) != 0xe0)
        cmd->bytes[cmd->nbytes++] = lo;
}

/* One record (event or terminator) of a channel, on the current tick. */
static void agi_snd_consume(agi_snd_sched *s, agi_snd_cmds *out, unsigned ch)
{
    static const agi_sound_event zero_record; /* what memory past the payload reads as (sound.c) */
    const agi_sound_channel *sc = &s->snd->ch[ch];
    agi_snd_chan *c = &s->ch[ch];
    if (c->next >= sc->count && !sc->endless) {
        c->done = 1;
        c->base = 0x0f;
        if (s->device == AGI_SND_PCJR)
            agi_snd_send_atten(s, out, ch, agi_snd_selector_byte[ch] | 0x0f);
        return;
    }
    c->zero = c->next >= sc->count;
    const agi_sound_event *e = c->zero ? &zero_record : &sc->events[c->next++];
    c->countdown = e->duration ? e->duration : 65536u; /* 16-bit countdown wraps */
    if (s->device == AGI_SND_SPEAKER) {
        int silent = (e->control & 0x0f) == 0x0f;
        agi_snd_cmd *cmd = agi_snd_push(out, s, ch, silent ? AGI_SNDCMD_SILENCE : AGI_SNDCMD_TONE);
        if (cmd) {
            cmd->attenuation = e->control & 0x0f;
            cmd->divisor = silent ? 0 : agi_sound_speaker_divisor(e->tone);
        }
        return;
    }
    agi_snd_send_tone(s, out, ch, e->tone);
    agi_snd_send_atten(s, out, ch, agi_snd_event_atten(s, ch, e->control));
}

int agi_snd_tick(agi_snd_sched *s, int f9, agi_snd_cmds *out)
{
    if (!s->active)
        return RELIC_OK;
    s->tick++;
    if (!f9) {
        agi_snd_finish(s, out, 1);
        return out->oom ? RELIC_ENOMEM : RELIC_OK;
    }
    int envelope = s->device == AGI_SND_PCJR && s->profile->snd_atten == AGI_SND_ATTEN_ENVELOPE;
    unsigned done = 0;
    for (unsigned ch = 0; ch < s->nchan; ch++) {
        agi_snd_chan *c = &s->ch[ch];
        if (!c->done && --c->countdown == 0)
            agi_snd_consume(s, out, ch);
        else if (!c->done && envelope) {
            uint8_t b = agi_snd_envelope_output(s, ch);
            if (b != c->last_byte)
                agi_snd_send_atten(s, out, ch, b);
        }
        done += c->done;
    }
    if (done == s->nchan)
        agi_snd_finish(s, out, 0);
    return out->oom ? RELIC_ENOMEM : RELIC_OK;
}

int agi_snd_stop(agi_snd_sched *s, agi_snd_cmds *out)
{
    if (s->active)
        agi_snd_finish(s, out, 1);
    return out->oom ? RELIC_ENOMEM : RELIC_OK;
}

int agi_snd_is_done(const agi_snd_sched *s) { return !s->active; }

uint64_t agi_snd_completion(const agi_snd_sched *s) { return s->completion_tick; }

uint64_t agi_snd_idle_ticks(const agi_snd_sched *s)
{
    if (!s->active)
        return 0;
    int envelope = s->device == AGI_SND_PCJR && s->profile->snd_atten == AGI_SND_ATTEN_ENVELOPE;
    uint64_t idle = UINT64_MAX;
    for (unsigned ch = 0; ch < s->nchan; ch++) {
        const agi_snd_chan *c = &s->ch[ch];
        if (c->done)
            continue;
        /* A running envelope may change the byte on any tick. */
        if (envelope && c->env_index >= 0 && c->base != 0x0f)
            return 0;
        if (c->countdown - 1 < idle)
            idle = c->countdown - 1;
    }
    return idle == UINT64_MAX ? 0 : idle;
}

void agi_snd_skip(agi_snd_sched *s, uint64_t ticks)
{
    uint64_t idle = agi_snd_idle_ticks(s);
    if (ticks > idle)
        ticks = idle;
    for (unsigned ch = 0; ch < s->nchan; ch++)
        if (!s->ch[ch].done)
            s->ch[ch].countdown -= (uint32_t)ticks;
    s->tick += ticks;
}

/* Whether every channel still playing plays a zero record past its
 * payload (sound.c): such a sound never ends on its own, so the
 * whole-sound schedule stops it there. */
static int agi_snd_only_zero_records(const agi_snd_sched *s)
{
    for (unsigned ch = 0; ch < s->nchan; ch++)
        if (!s->ch[ch].done && !s->ch[ch].zero)
            return 0;
    return 1;
}

int agi_snd_schedule(const agi_sound *snd, const agi_snd_opts *o, agi_snd_cmds *out, uint64_t *completion,
                     relic_err *err)
{
    agi_snd_sched s;
    agi_snd_start(&s, snd, o);
    while (s.active) {
        agi_snd_skip(&s, agi_snd_idle_ticks(&s));
        if (agi_snd_tick(&s, 1, out))
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        if (s.active && agi_snd_only_zero_records(&s))
            agi_snd_stop(&s, out);
    }
    if (completion)
        *completion = s.completion_tick;
    return RELIC_OK;
}
