/* AGI sound payloads: agi-spec sound.md "Payload format".  Four
 * little-endian channel offsets, then per channel a run of five-byte events
 * (duration u16le, tone word u16le, control byte) ended by a lone 0xffff
 * duration.  Channels may share bytes (games point silent channels at one
 * terminator), so each is read independently through its own cursor window;
 * the decoder never assumes the streams are disjoint or ordered. */
#include <stdlib.h>
#include <string.h>
#include "relic/agi_sound.h"
#include "relic/cursor.h"

#define AGI_SOUND_HEADER 8
#define AGI_SOUND_EVENT 5

static int agi_sound_channel_decode(relic_cur *whole, unsigned ch, uint16_t start, agi_sound_channel *out,
                                    relic_err *err)
{
    out->start = start;
    if (start < AGI_SOUND_HEADER || start >= whole->len)
        return relic_err_set(err, RELIC_EDATA, (size_t)ch * 2, "channel %u offset 0x%x outside the payload (%zu bytes)",
                             ch, start, whole->len);
    /* The stream cannot hold more events than bytes remain / 5. */
    size_t cap = (whole->len - start) / AGI_SOUND_EVENT + 1;
    out->events = malloc(cap * sizeof *out->events);
    if (!out->events)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    relic_cur c = relic_cur_make(whole->base, whole->len, whole->origin);
    relic_seek(&c, start);
    for (;;) {
        size_t at = c.pos;
        uint16_t duration = relic_le16(&c);
        if (c.failed)
            return relic_err_set(err, RELIC_EDATA, whole->origin + at, "channel %u ends without its 0xffff terminator",
                                 ch);
        if (duration == AGI_SOUND_END) {
            out->end = (uint32_t)at;
            return RELIC_OK;
        }
        agi_sound_event *e = &out->events[out->count];
        e->duration = duration;
        e->tone = relic_le16(&c);
        e->control = relic_u8(&c);
        e->offset = (uint32_t)at;
        if (c.failed)
            return relic_err_set(err, RELIC_EDATA, whole->origin + at, "channel %u event truncated (%zu of 5 bytes)",
                                 ch, whole->len - at);
        out->count++;
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
        int rc = agi_sound_channel_decode(&c, ch, start[ch], &out->ch[ch], err);
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
