/* A Standard MIDI File from an AGI sound command stream, as AGI editors
 * offer (WinAGI, AGI Studio export sounds as MIDI). */
#ifndef RELIC_AGI_MIDI_H
#define RELIC_AGI_MIDI_H

#include "relic/agi_sound_sched.h"
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Format 1: a tempo track, then one track per stream channel (MIDI channels
 * 1-3 for the tones, 10 (percussion) for the noise channel).  One MIDI tick
 * is one 60 Hz sound tick.  Note numbers come from the divisors (nearest
 * equal-tempered note), velocities from the attenuation at note start. */
int agi_midi_encode(const agi_snd_cmds *c, agi_snd_device device, uint64_t end_tick, relic_buf *out, relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
