/* Bounded byte cursor with a sticky error (see relic/cursor.h, DESIGN.md
 * "The cursor"). */
#include "relic/cursor.h"

relic_cur relic_cur_make(const uint8_t *data, size_t len, size_t origin)
{
    relic_cur c = {data, data ? len : 0, 0, origin, 0, 0, NULL};
    return c;
}

void relic_cur_fail(relic_cur *c, const char *what)
{
    if (c->failed)
        return;
    c->failed = 1;
    c->fail_pos = c->pos;
    c->fail_what = what;
}

/* Claims n bytes or fails; on failure the cursor stays where it was so the
 * reported offset is where the short read began. */
static const uint8_t *relic_cur_take(relic_cur *c, size_t n)
{
    if (c->failed || n > c->len - c->pos) {
        relic_cur_fail(c, "unexpected end of data");
        return NULL;
    }
    const uint8_t *p = c->base + c->pos;
    c->pos += n;
    return p;
}

uint8_t relic_u8(relic_cur *c)
{
    const uint8_t *p = relic_cur_take(c, 1);
    return p ? p[0] : 0;
}

uint16_t relic_le16(relic_cur *c)
{
    const uint8_t *p = relic_cur_take(c, 2);
    return p ? (uint16_t)(p[0] | p[1] << 8) : 0;
}

uint16_t relic_be16(relic_cur *c)
{
    const uint8_t *p = relic_cur_take(c, 2);
    return p ? (uint16_t)(p[0] << 8 | p[1]) : 0;
}

uint32_t relic_le24(relic_cur *c)
{
    const uint8_t *p = relic_cur_take(c, 3);
    return p ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 : 0;
}

uint32_t relic_be24(relic_cur *c)
{
    const uint8_t *p = relic_cur_take(c, 3);
    return p ? (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | (uint32_t)p[2] : 0;
}

uint32_t relic_le32(relic_cur *c)
{
    const uint8_t *p = relic_cur_take(c, 4);
    return p ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24 : 0;
}

uint32_t relic_be32(relic_cur *c)
{
    const uint8_t *p = relic_cur_take(c, 4);
    return p ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3] : 0;
}

const uint8_t *relic_bytes(relic_cur *c, size_t n) { return relic_cur_take(c, n); }

void relic_skip(relic_cur *c, size_t n) { (void)relic_cur_take(c, n); }

void relic_seek(relic_cur *c, size_t pos)
{
    if (pos > c->len) {
        relic_cur_fail(c, "offset past the end of data");
        return;
    }
    if (!c->failed)
        c->pos = pos;
}

relic_cur relic_sub(relic_cur *c, size_t off, size_t len)
{
    if (c->failed || off > c->len || len > c->len - off) {
        relic_cur_fail(c, "range past the end of data");
        relic_cur bad = relic_cur_make(NULL, 0, c->origin + off);
        bad.failed = 1;
        bad.fail_what = "range past the end of data";
        return bad;
    }
    return relic_cur_make(c->base + off, len, c->origin + off);
}

size_t relic_remaining(const relic_cur *c) { return c->failed ? 0 : c->len - c->pos; }

int relic_cur_check(const relic_cur *c, relic_err *err)
{
    if (!c->failed)
        return RELIC_OK;
    return relic_err_set(err, RELIC_EDATA, c->origin + c->fail_pos, "%s",
                         c->fail_what ? c->fail_what : "malformed data");
}
