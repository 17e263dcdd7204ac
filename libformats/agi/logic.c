/* AGI logic payload framing and message table (agi-spec logic_bytecode.md,
 * "Logic payload"): code_length:u16le, bytecode, message_count:u8, offsets
 * u16le[count + 1] relative to the first offset, then message text XORed
 * with "Avis Durgan" up to the end given by offset 0.  Decoding checks the
 * key against the data: text is kept as stored when the plain reading is
 * the one that fits the offset table better (messages starting after zero
 * bytes); every corpus game, v3 included, reads keyed.  A third reading
 * uses the AGDS clone's key "Alex Simkin" (agds.c): only on request
 * (agi_logic_messages_decode_agds, for games detected as AGDS), and only
 * when it fits strictly better than both (the corpus game groza).  The
 * runtime and the logic sources keep the Sierra reading, the one AGI 2.936
 * shows (the oracle goldens).   A message whose zero
 * byte is missing runs to the end of the region, as some fan games ship;
 * a region that ends past the payload reads zeros there, as AGI 2.936's
 * memory holds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/cursor.h"
#include "agi_private.h"

/* How well a reading of the text region fits its offset table: messages
 * that start right after a zero byte (or at the region start), plus one
 * when the region itself ends with a zero byte. */
static unsigned agi_logic_fit(const uint8_t *text, size_t region_start, size_t region_end, const uint16_t *offs,
                              unsigned count)
{
    unsigned fit = region_end > region_start && text[region_end - 1] == 0;
    for (unsigned i = 1; i <= count; i++)
        if (offs[i] >= region_start && offs[i] < region_end && (offs[i] == region_start || text[offs[i] - 1] == 0))
            fit++;
    return fit;
}

static int agi_logic_messages_read(const uint8_t *payload, size_t len, int allow_agds, agi_logic_messages *out,
                                   relic_err *err)
{
    memset(out, 0, sizeof *out);
    relic_cur c = relic_cur_make(payload, len, 0);
    out->code_length = relic_le16(&c);
    relic_skip(&c, out->code_length);
    out->table_offset = c.pos;
    unsigned count = relic_u8(&c);
    if (relic_cur_check(&c, err))
        return relic_err_set(err, RELIC_EDATA, c.fail_pos, "bytecode length %u runs past the end of the payload",
                             out->code_length);
    size_t base = c.pos; /* offsets count from here */
    uint16_t offs[256];
    for (unsigned i = 0; i <= count; i++)
        offs[i] = relic_le16(&c);
    if (relic_cur_check(&c, err))
        return relic_err_set(err, RELIC_EDATA, c.fail_pos, "message offset table runs past the end of the payload");
    size_t region_start = 2 * ((size_t)count + 1), region_end = offs[0];
    if (count == 0 || region_end < region_start)
        region_end = region_start; /* no text region */
    /* The text region past the payload reads as zeros: AGI 2.936 decrypts
     * its message text up to offset 0's end in memory, and the memory past
     * a loaded resource holds zeros, not the volume bytes that follow (a
     * probe game whose unterminated "Hi " ran 8 bytes past its payload,
     * with distinctive volume bytes after it, printed "Hi s Durgan": the
     * key over zeros). */
    size_t have = len - base; /* text bytes inside the payload */
    if (base + region_end > len) {
        out->warnings++;
        out->warning_offset = base;
        snprintf(out->warning, sizeof out->warning,
                 "message text end 0x%zx past the end of the payload (0x%zx), read as zeros past it", base + region_end,
                 len);
    } else {
        have = region_end;
    }
    size_t tlen = region_end;
    uint8_t *plain = malloc(tlen + 1), *keyed = malloc(tlen + 1), *agds = malloc(tlen + 1);
    out->msg = calloc((size_t)count + 1, sizeof *out->msg);
    if (!plain || !keyed || !agds || !out->msg) {
        free(plain);
        free(keyed);
        free(agds);
        agi_logic_messages_free(out);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    memset(plain, 0, tlen);
    memcpy(plain, payload + base, have);
    memcpy(keyed, plain, tlen);
    memcpy(agds, plain, tlen);
    agi_xor(keyed + region_start, tlen - region_start);
    agi_xor_with(agds + region_start, tlen - region_start, AGI_XOR_KEY_AGDS);
    /* The reading is weighed on the payload's own bytes, not the zeros. */
    size_t fit_end = have > region_start ? have : region_start;
    unsigned fit_keyed = agi_logic_fit(keyed, region_start, fit_end, offs, count),
             fit_plain = agi_logic_fit(plain, region_start, fit_end, offs, count),
             fit_agds = agi_logic_fit(agds, region_start, fit_end, offs, count);
    out->encrypted = fit_keyed >= fit_plain ? AGI_MSG_KEY_SIERRA : AGI_MSG_PLAIN;
    if (allow_agds && fit_agds > fit_keyed && fit_agds > fit_plain)
        out->encrypted = AGI_MSG_KEY_AGDS;
    const uint8_t *text = out->encrypted == AGI_MSG_KEY_AGDS ? agds : out->encrypted ? keyed : plain;
    out->count = count;
    int rc = RELIC_OK;
    for (unsigned i = 1; i <= count && rc == RELIC_OK; i++) {
        out->msg[i].offset = offs[i];
        if (offs[i] == 0)
            continue;
        if (offs[i] < region_start || offs[i] >= region_end) {
            rc = relic_err_set(err, RELIC_EDATA, base + 2 * (size_t)i,
                               "message %u offset 0x%x is outside the text region", i, offs[i]);
            break;
        }
        /* A message without its zero byte runs to the end of the region
         * (seen in real games); it is kept and marked. */
        const uint8_t *z = memchr(text + offs[i], 0, region_end - offs[i]);
        size_t n = z ? (size_t)(z - (text + offs[i])) : region_end - offs[i];
        out->msg[i].unterminated = z == NULL;
        if (!(out->msg[i].text = malloc(n + 1))) {
            rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
            break;
        }
        memcpy(out->msg[i].text, text + offs[i], n);
        out->msg[i].text[n] = '\0';
    }
    free(plain);
    free(keyed);
    free(agds);
    if (rc)
        agi_logic_messages_free(out);
    return rc;
}

int agi_logic_messages_decode(const uint8_t *payload, size_t len, agi_logic_messages *out, relic_err *err)
{
    return agi_logic_messages_read(payload, len, 0, out, err);
}

int agi_logic_messages_decode_agds(const uint8_t *payload, size_t len, agi_logic_messages *out, relic_err *err)
{
    return agi_logic_messages_read(payload, len, 1, out, err);
}

void agi_logic_messages_free(agi_logic_messages *m)
{
    if (m->msg)
        for (unsigned i = 0; i <= m->count; i++)
            free(m->msg[i].text);
    free(m->msg);
    memset(m, 0, sizeof *m);
}

int agi_logic_encode(const uint8_t *code, size_t code_len, char *const *messages, unsigned count, int encrypt,
                     relic_buf *out, relic_err *err)
{
    if (code_len > 0xffff || count > 255)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "logic too large (%zu code bytes, %u messages)",
                             code_len, count);
    relic_buf_le16(out, (uint16_t)code_len);
    relic_buf_append(out, code, code_len);
    relic_buf_u8(out, (uint8_t)count);
    size_t base = out->len;
    relic_buf_zeros(out, 2 * ((size_t)count + 1));
    size_t text_start = out->len;
    for (unsigned i = 1; i <= count; i++) {
        if (!messages[i - 1])
            continue;
        if (out->len - base > 0xffff)
            return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "message text larger than 64 KiB");
        relic_buf_put_le16(out, base + 2 * (size_t)i, (uint16_t)(out->len - base));
        relic_buf_append(out, messages[i - 1], strlen(messages[i - 1]) + 1);
    }
    if (out->len - base > 0xffff)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "message text larger than 64 KiB");
    relic_buf_put_le16(out, base, (uint16_t)(out->len - base));
    if (encrypt && !out->oom)
        agi_xor_with(out->data + text_start, out->len - text_start,
                     encrypt == AGI_MSG_KEY_AGDS ? AGI_XOR_KEY_AGDS : AGI_XOR_KEY);
    return relic_buf_check(out, err);
}
