/* AGI sound payloads (agi-spec sound.md "Payload format"): four channel
 * streams of five-byte events, each ended by a 0xffff duration. */
#ifndef RELIC_AGI_SOUND_H
#define RELIC_AGI_SOUND_H

#include <stddef.h>
#include <stdint.h>
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AGI_SOUND_CHANNELS 4
#define AGI_SOUND_END 0xffffu /* duration that ends a channel */

typedef struct agi_sound_event {
    uint16_t duration; /* ticks until the next record; 0 means 65536 */
    uint16_t tone;     /* little-endian word of bytes 2..3 */
    uint8_t control;   /* low nibble: attenuation, 0x0f silent */
    uint32_t offset;   /* payload offset of the event */
} agi_sound_event;

typedef struct agi_sound_channel {
    uint16_t start; /* payload offset from the header */
    uint32_t end;   /* payload offset of its 0xffff terminator (endless: where its zero records begin) */
    agi_sound_event *events;
    unsigned count;
    uint8_t endless; /* runs past the payload: after its events, zero records forever */
} agi_sound_channel;

typedef struct agi_sound {
    agi_sound_channel ch[AGI_SOUND_CHANNELS];
    unsigned warnings;     /* damaged channels, read as AGI 2.936 reads them */
    size_t warning_offset; /* payload offset of the first */
    char warning[160];
} agi_sound;

/* Decodes every channel as AGI 2.936 reads it: a channel that starts or
 * runs past the payload reads the zeros the interpreter's memory holds
 * there (endless zero records), one inside the header reads the header;
 * each is counted in warnings.  Errors (a payload shorter than its header,
 * out of memory) carry payload offsets; on failure *out is left empty (safe
 * to free). */
int agi_sound_decode(const uint8_t *data, size_t len, agi_sound *out, relic_err *err);
void agi_sound_free(agi_sound *s);

/* The 10-bit SN76489 divisor a tone word carries: bits 0..5 of the low
 * byte above bits 0..3 of the high byte. */
static inline uint16_t agi_sound_divisor(uint16_t tone)
{
    return (uint16_t)(((tone & 0x003f) << 4) | ((tone >> 8) & 0x000f));
}
/* sound.md "PC-speaker output": the timer divisor for a tone word. */
static inline uint32_t agi_sound_speaker_divisor(uint16_t tone) { return 12u * agi_sound_divisor(tone); }

#ifdef __cplusplus
}
#endif

#endif
