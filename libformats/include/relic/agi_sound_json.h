/* The AGI sound command stream as JSON (libformats/sound/sound_json.c), apart
 * from relic/agi_sound_sched.h so the scheduler's header names no JSON
 * type (the JSON writers are librelic-io). */
#ifndef RELIC_AGI_SOUND_JSON_H
#define RELIC_AGI_SOUND_JSON_H

#include <jansson.h>
#include "relic/agi_sound_sched.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The stream as the conformance `sound_commands` array: tick, channel,
 * kind, divisor or attenuation, and the chip bytes. */
json_t *agi_snd_cmds_to_json(const agi_snd_cmds *c);

#ifdef __cplusplus
}
#endif

#endif
