/* AGI sound payloads: agi-spec sound.md "Payload format".  Four
 * little-endian channel offsets, then per channel a run of five-byte events
 * (duration u16le, tone word u16le, control byte) ended by a lone 0xffff
 * duration.  Channels may share bytes (games point silent channels at one
 * terminator), so each is read independently; the decoder never assumes the
 * streams are disjoint or ordered.
 *
 * Damaged payloads read as AGI 2.936 reads them: the interpreter follows a
 * channel offset from the sound's start in memory whatever it is, and the
 * memory past a loaded resource holds zeros (a probe game printed a message
 * running past its logic payload as the key over zero bytes, not as the
 * volume bytes that follow).  So a channel that starts inside the header
 * reads the header, and one that starts or runs past the payload reads zero
 * records there: 65536 ticks of tone 0 at full volume each, never a
 * terminator.  On the Tandy the probe's sound with channel 3 at 0x8b07
 * played loud noise and never set its flag; on the PC speaker, which reads
 * channel 0 only, it ended with channel 0.  Each such channel is marked
 * `endless`; the sound carries one warning. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_sound.h"
#include "relic/cursor.h"
#include "agi_private.h"

#define AGI_SOUND_HEADER 8
#define AGI_SOUND_EVENT 5

static uint16_t agi_sound_le16(const uint8_t *data, size_t len, size_t at)
{
    return (uint16_t)(agi_mem_byte(data, len, at) | agi_mem_byte(data, len, at + 1) << 8);
}

static void agi_sound_warn(agi_sound *s, size_t offset, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void agi_sound_warn(agi_sound *s, size_t offset, const char *fmt, ...)
{
    if (s->warnings++)
        return;
    s->warning_offset = offset;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->warning, sizeof s->warning, fmt, ap);
    va_end(ap);
}

static int agi_sound_channel_decode(const uint8_t *data, size_t len, unsigned ch, uint16_t start, agi_sound *s,
                                    relic_err *err)
{
    agi_sound_channel *out = &s->ch[ch];
    out->start = start;
    if (start < AGI_SOUND_HEADER)
        agi_sound_warn(s, (size_t)ch * 2, "channel %u offset 0x%x inside the 8-byte header: reads it as events", ch,
                       start);
    /* No more events than whole or partial records before the end. */
    size_t cap = start < len ? (len - start) / AGI_SOUND_EVENT + 2 : 1;
    out->events = malloc(cap * sizeof *out->events);
    if (!out->events)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (size_t at = start;; at += AGI_SOUND_EVENT) {
        if (at >= len) {
            out->endless = 1;
            out->end = (uint32_t)at;
            if (at == start)
                agi_sound_warn(s, (size_t)ch * 2,
                               "channel %u offset 0x%x outside the payload (%zu bytes): reads zero records, never ends",
                               ch, start, len);
            else
                agi_sound_warn(s, at,
                               "channel %u runs past the payload without its 0xffff terminator: reads zero "
                               "records, never ends",
                               ch);
            return RELIC_OK;
        }
        uint16_t duration = agi_sound_le16(data, len, at);
        if (duration == AGI_SOUND_END) {
            out->end = (uint32_t)at;
            return RELIC_OK;
        }
        if (at + AGI_SOUND_EVENT > len)
            agi_sound_warn(s, at,
                           "channel %u runs past the payload without its 0xffff terminator: reads zero "
                           "records, never ends",
                           ch);
        agi_sound_event *e = &out->events[out->count++];
        e->duration = duration;
        e->tone = agi_sound_le16(data, len, at + 2);
        e->control = agi_mem_byte(data, len, at + 4);
        e->offset = (uint32_t)at;
    }
}

int agi_sound_decode(const uint8_t *data, size_t len, agi_sound *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    relic_cur c = relic_cur_make(data, len, 0);
    uint16_t start[AGI_SOUND_CHANNELS];
    for (unsigned ch = 0; ch < AGI_SOUND_CHANNELS; ch++)
        start[ch] = relic_le16(&c);
    if (c.failed)
        return relic_err_set(err, RELIC_EDATA, 0, "sound payload of %zu bytes is shorter than its 8-byte header", len);
    for (unsigned ch = 0; ch < AGI_SOUND_CHANNELS; ch++) {
        int rc = agi_sound_channel_decode(data, len, ch, start[ch], out, err);
        if (rc) {
            agi_sound_free(out);
            return rc;
        }
    }
    return RELIC_OK;
}

void agi_sound_free(agi_sound *s)
{
    for (unsigned ch = 0; ch < AGI_SOUND_CHANNELS; ch++)
        free(s->ch[ch].events);
    memset(s, 0, sizeof *s);
}
