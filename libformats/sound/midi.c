/* Standard MIDI File writer for AGI sound command streams (our own layout,
 * after the MIDI 1.0 "Standard MIDI Files" specification: MThd/MTrk chunks,
 * variable-length delta times, meta events FF 51 tempo and FF 2F end).
 *
 * Division 30 ticks per quarter at 500,000 us per quarter makes a MIDI tick
 * exactly one 60 Hz sound tick, so timing is lossless.  A note runs while
 * its channel is audible; a new divisor starts a new note, an attenuation
 * change of a sounding note does not retrigger it.  Noise uses GM
 * percussion keys: 38 (snare) for white noise, 42 (closed hi-hat) for
 * periodic noise. */
#include <math.h>
#include <string.h>
#include "relic/agi_midi.h"
#include "relic/agi_sn76489.h"

#define MIDI_DIVISION 30
#define MIDI_TEMPO_US 500000
#define MIDI_VLQ_MAX 0x0fffffffu

typedef struct midi_track {
    relic_buf *b;
    uint64_t last;
} midi_track;

static void midi_vlq(relic_buf *b, uint32_t v)
{
    uint8_t tmp[5];
    int n = 0;
    tmp[n++] = v & 0x7f;
    while (v >>= 7)
        tmp[n++] = (uint8_t)(0x80 | (v & 0x7f));
    while (n--)
        relic_buf_u8(b, tmp[n]);
}

/* Delta time to `tick`; gaps beyond one VLQ are bridged with empty text
 * meta events. */
static void midi_delta(midi_track *t, uint64_t tick)
{
    uint64_t d = tick - t->last;
    while (d > MIDI_VLQ_MAX) {
        midi_vlq(t->b, MIDI_VLQ_MAX);
        relic_buf_append(t->b, "\xff\x01\x00", 3);
        d -= MIDI_VLQ_MAX;
    }
    midi_vlq(t->b, (uint32_t)d);
    t->last = tick;
}

static void midi_event(midi_track *t, uint64_t tick, uint8_t status, uint8_t a, uint8_t b)
{
    midi_delta(t, tick);
    relic_buf_u8(t->b, status);
    relic_buf_u8(t->b, a);
    relic_buf_u8(t->b, b);
}

static uint8_t midi_note(double hz)
{
    if (hz <= 0)
        return 0;
    double n = 69.0 + 12.0 * log2(hz / 440.0);
    return n < 0 ? 0 : n > 127 ? 127 : (uint8_t)lround(n);
}

static uint8_t midi_velocity(unsigned att)
{
    unsigned v = (15u - (att & 0x0f)) * 127u / 15u;
    return (uint8_t)(v ? v : 1);
}

typedef struct midi_chan {
    int sounding; /* note number + 1, or 0 */
    int fresh;    /* a new event: its attenuation starts a new note */
    int pitch;    /* note for the current divisor / noise mode */
    unsigned att;
} midi_chan;

static void midi_update(midi_track *t, midi_chan *m, uint8_t mc, uint64_t tick, int pitch, unsigned att)
{
    int audible = (att & 0x0f) != 0x0f;
    if (m->sounding && (!audible || pitch != m->sounding - 1 || m->fresh)) {
        midi_event(t, tick, (uint8_t)(0x80 | mc), (uint8_t)(m->sounding - 1), 0);
        m->sounding = 0;
    }
    if (audible && !m->sounding) {
        midi_event(t, tick, (uint8_t)(0x90 | mc), (uint8_t)pitch, midi_velocity(att));
        m->sounding = pitch + 1;
    }
    m->pitch = pitch;
    m->att = att;
    m->fresh = 0;
}

static void midi_channel_track(const agi_snd_cmds *c, agi_snd_device device, unsigned ch, uint64_t end, relic_buf *b)
{
    midi_track t = {b, 0};
    uint8_t mc = ch == 3 ? 9 : (uint8_t)ch;
    midi_chan m = {0, 0, 60, 0x0f};
    if (device == AGI_SND_PCJR && ch < 3) { /* square lead */
        midi_delta(&t, 0);
        relic_buf_u8(b, (uint8_t)(0xc0 | mc));
        relic_buf_u8(b, 80);
    }
    for (size_t i = 0; i < c->count; i++) {
        const agi_snd_cmd *k = &c->v[i];
        if (k->channel != ch)
            continue;
        switch (k->kind) {
        case AGI_SNDCMD_TONE:
            if (device == AGI_SND_SPEAKER)
                midi_update(&t, &m, mc, k->tick,
                            midi_note((double)AGI_SPEAKER_CLOCK / (k->divisor ? k->divisor : 65536)), 0);
            else if (ch < 3) /* the attenuation that follows starts the note */
                m.pitch = midi_note((double)AGI_SN76489_CLOCK / (32.0 * (k->divisor ? k->divisor : 1024)));
            m.fresh = 1;
            break;
        case AGI_SNDCMD_NOISE:
            m.pitch = (k->divisor & 4) ? 38 : 42;
            m.fresh = 1;
            break;
        case AGI_SNDCMD_ATTEN: midi_update(&t, &m, mc, k->tick, m.pitch, k->attenuation); break;
        case AGI_SNDCMD_SILENCE: midi_update(&t, &m, mc, k->tick, m.pitch, 0x0f); break;
        }
    }
    midi_update(&t, &m, mc, end, m.pitch, 0x0f);
    midi_delta(&t, end);
    relic_buf_append(b, "\xff\x2f\x00", 3);
}

static void midi_chunk(relic_buf *out, const char *id, const relic_buf *body)
{
    relic_buf_append(out, id, 4);
    relic_buf_be32(out, (uint32_t)body->len);
    relic_buf_append(out, body->data, body->len);
}

int agi_midi_encode(const agi_snd_cmds *c, agi_snd_device device, uint64_t end_tick, relic_buf *out, relic_err *err)
{
    unsigned nchan = device == AGI_SND_SPEAKER ? 1 : AGI_SOUND_CHANNELS;
    relic_buf body = RELIC_BUF_INIT;
    relic_buf_append(out, "MThd", 4);
    relic_buf_be32(out, 6);
    relic_buf_be16(out, 1);
    relic_buf_be16(out, (uint16_t)(nchan + 1));
    relic_buf_be16(out, MIDI_DIVISION);
    /* Tempo track. */
    relic_buf_append(&body, "\x00\xff\x51\x03", 4);
    relic_buf_u8(&body, (MIDI_TEMPO_US >> 16) & 0xff);
    relic_buf_u8(&body, (MIDI_TEMPO_US >> 8) & 0xff);
    relic_buf_u8(&body, MIDI_TEMPO_US & 0xff);
    relic_buf_append(&body, "\x00\xff\x2f\x00", 4);
    midi_chunk(out, "MTrk", &body);
    for (unsigned ch = 0; ch < nchan; ch++) {
        relic_buf_reset(&body);
        midi_channel_track(c, device, ch, end_tick, &body);
        midi_chunk(out, "MTrk", &body);
    }
    int rc = relic_buf_check(&body, err);
    relic_buf_free(&body);
    return rc ? rc : relic_buf_check(out, err);
}
