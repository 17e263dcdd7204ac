/* AGI sound playback schedule (agi-spec sound.md "Tick schedule",
 * "Channel profiles", "PC-speaker output", "Four-channel command output"):
 * turns a decoded payload into the ordered command stream a conforming
 * interpreter sends to its sound device, tick by tick.  The stream is the
 * normative part of AGI sound; synthesis (agi_sn76489.h) only listens to it.
 *
 * Ticks are the 60 Hz sound ticks.  Tick 0 is the start; every participating
 * channel reads its first record on tick 1.  Commands of one tick are in
 * channel order, a tone before its channel's attenuation. */
#ifndef RELIC_AGI_SOUND_SCHED_H
#define RELIC_AGI_SOUND_SCHED_H

#include <stddef.h>
#include <stdint.h>
#include "relic/agi_profile.h"
#include "relic/agi_sound.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AGI_SND_TICK_HZ 60

typedef enum agi_snd_kind {
    AGI_SNDCMD_TONE,   /* divisor: chip divisor (pcjr) or timer divisor (speaker) */
    AGI_SNDCMD_NOISE,  /* noise control byte (high byte 0xe0..0xef); divisor = its low 3 bits */
    AGI_SNDCMD_ATTEN,  /* attenuation: low nibble of the byte sent */
    AGI_SNDCMD_SILENCE /* stop/completion silence (pcjr: 9f bf df ff; speaker off) */
} agi_snd_kind;
const char *agi_snd_kind_name(agi_snd_kind k); /* "tone", "noise", "attenuation", "silence" */

typedef enum agi_snd_device {
    AGI_SND_SPEAKER, /* single channel, PC-speaker divisors */
    AGI_SND_PCJR     /* four channels, SN76489 command bytes */
} agi_snd_device;

typedef struct agi_snd_cmd {
    uint64_t tick;
    uint8_t channel; /* the stream channel that produced it */
    uint8_t kind;    /* agi_snd_kind */
    uint8_t attenuation;
    uint8_t nbytes; /* bytes sent to the SN76489 (pcjr only) */
    uint8_t bytes[2];
    uint32_t divisor;
} agi_snd_cmd;

typedef struct agi_snd_cmds {
    agi_snd_cmd *v;
    size_t count, cap;
    int oom;
} agi_snd_cmds;
void agi_snd_cmds_free(agi_snd_cmds *c);

typedef struct agi_snd_opts {
    const agi_profile *profile; /* NULL: 2.936 */
    unsigned selector;          /* device selector: 0 = PC speaker (and 8 from 2.917) */
    uint8_t global_adjust;      /* runtime global attenuation adjustment */
} agi_snd_opts;

typedef struct agi_snd_chan {
    uint32_t countdown; /* ticks until the next record */
    unsigned next;      /* index of the next event */
    uint8_t done;       /* terminator consumed */
    uint8_t zero;       /* playing a zero record past the payload (an endless channel) */
    uint8_t base;       /* base attenuation (envelope profiles) */
    int16_t env_index;  /* -1: envelope disabled */
    uint8_t env_value;
    int16_t last_byte; /* last attenuation byte sent, -1 none */
} agi_snd_chan;

typedef struct agi_snd_sched {
    const agi_sound *snd;
    const agi_profile *profile;
    unsigned selector;
    uint8_t global_adjust;
    agi_snd_device device;
    unsigned nchan; /* participating channels: 1 or 4 */
    uint64_t tick;
    int active;
    int stopped; /* ended by stop or by the f9 gate, not naturally */
    uint64_t completion_tick;
    agi_snd_chan ch[AGI_SOUND_CHANNELS];
} agi_snd_sched;

/* The device a selector picks under a profile (sound.md "Channel profiles"). */
agi_snd_device agi_snd_device_for(const agi_profile *p, unsigned selector);

/* Playback start: every participating channel will read on tick 1. */
void agi_snd_start(agi_snd_sched *s, const agi_sound *snd, const agi_snd_opts *o);
/* One sound tick.  f9 is flag f9 at the start of the tick: clear stops
 * playback on this tick.  Commands are appended to out; returns RELIC_OK or
 * RELIC_ENOMEM. */
int agi_snd_tick(agi_snd_sched *s, int f9, agi_snd_cmds *out);
/* Action 0x64: silences an active sound at the current tick. */
int agi_snd_stop(agi_snd_sched *s, agi_snd_cmds *out);
int agi_snd_is_done(const agi_snd_sched *s);
/* The tick playback completed on (valid once done). */
uint64_t agi_snd_completion(const agi_snd_sched *s);
/* How many coming ticks would send nothing and read nothing (so a caller
 * may skip them with agi_snd_skip); 0 when the next tick does something. */
uint64_t agi_snd_idle_ticks(const agi_snd_sched *s);
void agi_snd_skip(agi_snd_sched *s, uint64_t ticks);

/* The whole sound, f9 held set: commands into out (appended) and the
 * completion tick.  A sound whose endless channels (agi_sound.h) are all
 * that is left playing never ends on its own: the schedule stops it on
 * the tick the last other channel ends (silence, as a stop sends). */
int agi_snd_schedule(const agi_sound *snd, const agi_snd_opts *o, agi_snd_cmds *out, uint64_t *completion,
                     relic_err *err);

/* The stream as JSON: relic/agi_sound_json.h (librelic-io). */

#ifdef __cplusplus
}
#endif

#endif
