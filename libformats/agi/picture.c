/* AGI picture command stream (agi-spec picture_resources.md): the
 * guarded data reader and its raw-operand exceptions, drawing channels,
 * corner/absolute/relative lines with the exact modulo-256 rasterizer,
 * four-connected seed fill (iterative span fill, explicit work list) and the
 * profile-selected pattern plots ("Pattern mode and plots"). */
#include <stdlib.h>
#include <string.h>
#include "relic/agi_picture.h"

#define AGI_PIC_MAX_X 159
#define AGI_PIC_MAX_Y 167

typedef struct agi_pic {
    const uint8_t *data;
    size_t len, pos;
    int truncated; /* a raw operand ran past the end */
    const agi_profile *prof;
    uint8_t *vis, *pri;
    int vis_on, pri_on;
    uint8_t vis_col, pri_col;
    uint8_t mode;               /* pattern mode byte of 0xf9 */
    struct agi_pic_span *spans; /* fill work list, grown on demand */
    size_t spans_cap;
    int oom;
    agi_picture_stats *st;
} agi_pic;

/* Row words per radius (table "Plot geometry"); v3 differs only at r=1. */
// clang-format off
static const uint16_t agi_pic_shape_v2[8][15] = {
    {0x8000},
    {0xe000, 0xe000, 0xe000},
    {0x7000, 0xf800, 0xf800, 0xf800, 0x7000},
    {0x3800, 0x7c00, 0xfe00, 0xfe00, 0xfe00, 0x7c00, 0x3800},
    {0x1c00, 0x7f00, 0xff80, 0xff80, 0xff80, 0xff80, 0xff80, 0x7f00, 0x1c00},
    {0x0e00, 0x3f80, 0x7fc0, 0x7fc0, 0xffe0, 0xffe0, 0xffe0, 0x7fc0, 0x7fc0, 0x3f80, 0x1f00},
    {0x0f80, 0x3fe0, 0x7ff0, 0x7ff0, 0xfff8, 0xfff8, 0xfff8, 0xfff8, 0xfff8, 0x7ff0, 0x7ff0, 0x3fe0, 0x0f80},
    {0x07c0, 0x1ff0, 0x3ff8, 0x7ffc, 0x7ffc, 0xfffe, 0xfffe, 0xfffe, 0xfffe, 0xfffe, 0x7ffc, 0x7ffc, 0x3ff8,
     0x1ff0, 0x07c0},
};
// clang-format on
static const uint16_t agi_pic_shape_v3_r1[3] = {0x4000, 0xe000, 0x4000};
static const uint16_t agi_pic_column_mask[8] = {0x8000, 0x2000, 0x0800, 0x0200, 0x0080, 0x0020, 0x0008, 0x0002};

static inline void agi_pic_put(agi_pic *c, unsigned idx)
{
    if (c->vis_on)
        c->vis[idx] = c->vis_col;
    if (c->pri_on)
        c->pri[idx] = c->pri_col;
}

static inline void agi_pic_plot(agi_pic *c, unsigned x, unsigned y) { agi_pic_put(c, y * AGI_PIC_WIDTH + x); }

/* Guarded data byte: a byte >= 0xf0 (or the end) ends the command and is
 * left for the main scanner. */
static int agi_pic_data(agi_pic *c, uint8_t *b)
{
    if (c->pos >= c->len || c->data[c->pos] >= 0xf0)
        return 0;
    *b = c->data[c->pos++];
    return 1;
}

/* Raw operand of 0xf0/0xf2/0xf9: consumed whatever its value. */
static uint8_t agi_pic_raw(agi_pic *c)
{
    if (c->pos >= c->len) {
        c->truncated = 1;
        return 0;
    }
    return c->data[c->pos++];
}

static int agi_pic_x(agi_pic *c, uint8_t *x)
{
    if (!agi_pic_data(c, x))
        return 0;
    if (*x > AGI_PIC_MAX_X)
        *x = AGI_PIC_MAX_X;
    return 1;
}

static int agi_pic_y(agi_pic *c, uint8_t *y)
{
    if (!agi_pic_data(c, y))
        return 0;
    if (*y > AGI_PIC_MAX_Y)
        *y = AGI_PIC_MAX_Y;
    return 1;
}

static int agi_pic_pair(agi_pic *c, uint8_t *x, uint8_t *y) { return agi_pic_x(c, x) && agi_pic_y(c, y); }

static void agi_pic_fill_span(agi_pic *c, int y, int l, int r)
{
    size_t at = (size_t)y * AGI_PIC_WIDTH + (size_t)l, n = (size_t)(r - l + 1);
    if (c->vis_on)
        memset(c->vis + at, c->vis_col, n);
    if (c->pri_on)
        memset(c->pri + at, c->pri_col, n);
}

/* From (x0,y0), already plotted, to (x1,y1) inclusive.  The accumulators
 * are eight bits wide on purpose: long segments wrap as the original does. */
static void agi_pic_line(agi_pic *c, unsigned x0, unsigned y0, unsigned x1, unsigned y1)
{
    if (y0 == y1) {
        unsigned lo = x0 < x1 ? x0 : x1, hi = x0 < x1 ? x1 : x0;
        agi_pic_fill_span(c, (int)y0, (int)lo, (int)hi);
        return;
    }
    if (x0 == x1) {
        unsigned lo = y0 < y1 ? y0 : y1, hi = y0 < y1 ? y1 : y0;
        for (unsigned y = lo; y <= hi; y++)
            agi_pic_plot(c, x0, y);
        return;
    }
    uint8_t dx = (uint8_t)(x1 > x0 ? x1 - x0 : x0 - x1), dy = (uint8_t)(y1 > y0 ? y1 - y0 : y0 - y1);
    int xstep = x1 > x0 ? 1 : -1, ystep = y1 > y0 ? 1 : -1;
    uint8_t major, xerr, yerr;
    if (dx >= dy) {
        major = dx;
        xerr = 0;
        yerr = (uint8_t)(dx / 2);
    } else {
        major = dy;
        xerr = (uint8_t)(dy / 2);
        yerr = 0;
    }
    int x = (int)x0, y = (int)y0;
    for (unsigned i = 0; i < major; i++) {
        yerr = (uint8_t)(yerr + dy);
        if (yerr >= major) {
            yerr = (uint8_t)(yerr - major);
            y += ystep;
        }
        xerr = (uint8_t)(xerr + dx);
        if (xerr >= major) {
            xerr = (uint8_t)(xerr - major);
            x += xstep;
        }
        /* Wrapped accumulators only ever advance less, so points stay in
         * the endpoints' box; the check keeps that a local fact. */
        if ((unsigned)x <= AGI_PIC_MAX_X && (unsigned)y <= AGI_PIC_MAX_Y)
            agi_pic_plot(c, (unsigned)x, (unsigned)y);
    }
}

/* 0xf4 (vertical first) and 0xf5 (horizontal first). */
static void agi_pic_corner(agi_pic *c, int vertical)
{
    uint8_t x, y, v;
    if (!agi_pic_pair(c, &x, &y))
        return;
    agi_pic_plot(c, x, y);
    for (;;) {
        if (vertical) {
            if (!agi_pic_y(c, &v))
                return;
            agi_pic_line(c, x, y, x, v);
            y = v;
        } else {
            if (!agi_pic_x(c, &v))
                return;
            agi_pic_line(c, x, y, v, y);
            x = v;
        }
        vertical = !vertical;
    }
}

/* 0xf6: absolute polyline. */
static void agi_pic_absolute(agi_pic *c)
{
    uint8_t x, y, nx, ny;
    if (!agi_pic_pair(c, &x, &y))
        return;
    agi_pic_plot(c, x, y);
    while (agi_pic_pair(c, &nx, &ny)) {
        agi_pic_line(c, x, y, nx, ny);
        x = nx;
        y = ny;
    }
}

/* 0xf7: packed deltas, modulo 256 then an upper clamp only. */
static void agi_pic_relative(agi_pic *c)
{
    uint8_t x, y, b;
    if (!agi_pic_pair(c, &x, &y))
        return;
    agi_pic_plot(c, x, y);
    while (agi_pic_data(c, &b)) {
        uint8_t mx = (uint8_t)((b & 0x70) >> 4), my = (uint8_t)(b & 0x07);
        uint8_t nx = (uint8_t)((b & 0x80) ? x - mx : x + mx);
        uint8_t ny = (uint8_t)((b & 0x08) ? y - my : y + my);
        if (nx > AGI_PIC_MAX_X)
            nx = AGI_PIC_MAX_X;
        if (ny > AGI_PIC_MAX_Y)
            ny = AGI_PIC_MAX_Y;
        agi_pic_line(c, x, y, nx, ny);
        x = nx;
        y = ny;
    }
}

/* A span [xl, xr] of row y whose neighbour row y + dy is still to scan
 * (Heckbert's seed fill, Graphics Gems I, "A Seed Fill Algorithm"). */
typedef struct agi_pic_span {
    uint8_t y, xl, xr;
    int8_t dy;
} agi_pic_span;

static int agi_pic_push(agi_pic *c, size_t *sp, int y, int xl, int xr, int dy)
{
    if (y + dy < 0 || y + dy > AGI_PIC_MAX_Y)
        return 1;
    if (*sp == c->spans_cap) {
        size_t cap = c->spans_cap ? 2 * c->spans_cap : 256;
        agi_pic_span *grown = realloc(c->spans, cap * sizeof *grown);
        if (!grown)
            return 0;
        c->spans = grown;
        c->spans_cap = cap;
    }
    c->spans[(*sp)++] = (agi_pic_span){(uint8_t)y, (uint8_t)xl, (uint8_t)xr, (int8_t)dy};
    return 1;
}


/* Last index r >= x of the run of `t` starting at row[x] (row[x] == t),
 * eight cells at a time: fills spend their time here. */
static inline int agi_pic_run_end(const uint8_t *row, int x, uint8_t t)
{
    int i = x + 1;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t pat = 0x0101010101010101ull * t;
    for (; i + 8 <= AGI_PIC_WIDTH; i += 8) {
        uint64_t w;
        memcpy(&w, row + i, 8);
        w ^= pat;
        if (w)
            return i + (__builtin_ctzll(w) >> 3) - 1;
    }
#endif
    while (i < AGI_PIC_WIDTH && row[i] == t)
        i++;
    return i - 1;
}

/* First index in [x, last] holding `t`, or last + 1. */
static inline int agi_pic_find(const uint8_t *row, int x, int last, uint8_t t)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t pat = 0x0101010101010101ull * t, ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    for (; x + 8 <= last + 1; x += 8) {
        uint64_t w;
        memcpy(&w, row + x, 8);
        w ^= pat; /* zero bytes where row == t; the lowest flag below is exact */
        uint64_t z = (w - ones) & ~w & highs;
        if (z)
            return x + (__builtin_ctzll(z) >> 3);
    }
#endif
    while (x <= last && row[x] != t)
        x++;
    return x;
}

/* One seed of 0xf8 ("Seed fill" rules 1-6).  Spans are filled whole; the
 * filled colour differs from the target, so filled cells end the search.
 * Returns 0 when the span stack cannot grow. */
static int agi_pic_fill(agi_pic *c, unsigned sx, unsigned sy)
{
    const uint8_t *plane;
    uint8_t target;
    if (c->vis_on) {
        if (c->vis_col == 15)
            return 1;
        plane = c->vis;
        target = 15;
    } else if (c->pri_on) {
        if (c->pri_col == 4)
            return 1;
        plane = c->pri;
        target = 4;
    } else {
        return 1;
    }
    if (plane[sy * AGI_PIC_WIDTH + sx] != target)
        return 1;
    if (c->st)
        c->st->fills++;
    size_t sp = 0;
    int ok =
        agi_pic_push(c, &sp, (int)sy, (int)sx, (int)sx, 1) && agi_pic_push(c, &sp, (int)sy + 1, (int)sx, (int)sx, -1);
    while (ok && sp) {
        agi_pic_span s = c->spans[--sp];
        int dy = s.dy, y = s.y + dy, x1 = s.xl, x2 = s.xr, x = x1, l;
        const uint8_t *row = plane + (size_t)y * AGI_PIC_WIDTH;
        if (row[x] == target) {
            for (l = x; l > 0 && row[l - 1] == target; l--)
                ;
            if (l < x1)
                ok &= agi_pic_push(c, &sp, y, l, x1 - 1, -dy); /* leak back past the parent's left end */
        } else {
            x = l = agi_pic_find(row, x + 1, x2, target);
        }
        while (ok && x <= x2) {
            int r = agi_pic_run_end(row, x, target);
            agi_pic_fill_span(c, y, l, r);
            ok &= agi_pic_push(c, &sp, y, l, r, dy);
            if (r > x2)
                ok &= agi_pic_push(c, &sp, y, x2 + 1, r, -dy); /* ... and past its right end */
            x = l = agi_pic_find(row, r + 2, x2, target);
        }
    }
    return ok;
}

/* One shaped, possibly stippled, plot ("Plot geometry", "Stipple
 * sequence"); candidates are linear indices, so v2 X 160 wraps a row. */
static void agi_pic_pattern(agi_pic *c, unsigned x, unsigned y, uint8_t seed)
{
    int r = c->mode & 7, limit = c->prof->brush_limit;
    int dx = 2 * (int)x - r, sy = (int)y - r;
    if (dx > limit - 2 * r)
        dx = limit - 2 * r;
    if (dx < 0)
        dx = 0;
    if (sy > AGI_PIC_MAX_Y - 2 * r)
        sy = AGI_PIC_MAX_Y - 2 * r;
    if (sy < 0)
        sy = 0;
    unsigned sx = (unsigned)dx / 2;
    const uint16_t *rows = (r == 1 && c->prof->brush == AGI_BRUSH_V3) ? agi_pic_shape_v3_r1 : agi_pic_shape_v2[r];
    uint8_t state = (uint8_t)(seed | 1);
    for (int i = 0; i <= 2 * r; i++)
        for (int j = 0; j <= r; j++) {
            if (!(c->mode & 0x10) && !(rows[i] & agi_pic_column_mask[j]))
                continue;
            if (c->mode & 0x20) {
                int carry = state & 1;
                state >>= 1;
                if (carry)
                    state ^= 0xb8;
                if ((state & 3) != 2)
                    continue;
            }
            unsigned idx = (unsigned)(sy + i) * AGI_PIC_WIDTH + sx + (unsigned)j;
            if (idx < AGI_PIC_CELLS)
                agi_pic_put(c, idx);
        }
}

/* 0xfa: point plots (2.411) or pattern plots, with a seed byte first when
 * mode bit 0x20 asks for stippling. */
static void agi_pic_plots(agi_pic *c)
{
    for (;;) {
        uint8_t seed = 0, x, y;
        if (c->prof->brush != AGI_BRUSH_POINT && (c->mode & 0x20) && !agi_pic_data(c, &seed))
            return;
        if (!agi_pic_pair(c, &x, &y))
            return;
        if (c->prof->brush == AGI_BRUSH_POINT)
            agi_pic_plot(c, x, y);
        else
            agi_pic_pattern(c, x, y, seed);
    }
}

/* Runs one command byte; 0 when the profile does not define it. */
static int agi_pic_command(agi_pic *c, uint8_t cmd)
{
    switch (cmd) {
    case 0xf0:
        c->vis_col = agi_pic_raw(c) & 0x0f;
        c->vis_on = 1;
        break;
    case 0xf1: c->vis_on = 0; break;
    case 0xf2:
        c->pri_col = agi_pic_raw(c) & 0x0f;
        c->pri_on = 1;
        break;
    case 0xf3: c->pri_on = 0; break;
    case 0xf4: agi_pic_corner(c, 1); break;
    case 0xf5: agi_pic_corner(c, 0); break;
    case 0xf6: agi_pic_absolute(c); break;
    case 0xf7: agi_pic_relative(c); break;
    case 0xf8: {
        uint8_t x, y;
        while (agi_pic_pair(c, &x, &y))
            if (!agi_pic_fill(c, x, y))
                c->oom = 1;
        break;
    }
    case 0xf9: c->mode = agi_pic_raw(c); break;
    case 0xfa: agi_pic_plots(c); break;
    default: return 0;
    }
    return 1;
}

static int agi_pic_run(agi_pic *c, const agi_picture_opts *opts, agi_picture_stats *st, relic_err *err)
{
    uint8_t last = c->prof->brush == AGI_BRUSH_NONE ? 0xf8 : 0xfa;
    for (;;) {
        if (c->pos >= c->len)
            return relic_err_set(err, RELIC_EDATA, c->len, "picture ends before its 0xff");
        uint8_t b = c->data[c->pos];
        if (b < 0xf0 || (b > last && b != 0xff && c->prof->brush == AGI_BRUSH_NONE)) {
            c->pos++;
            st->ignored++;
            continue;
        }
        st->end_offset = c->pos;
        if (b == 0xff)
            return RELIC_OK;
        if (opts && opts->max_steps && st->commands >= opts->max_steps) {
            st->stopped = 1;
            return RELIC_OK;
        }
        if (b > last)
            return relic_err_set(err, RELIC_EDATA, c->pos, "picture command 0x%02x is not defined in profile %s", b,
                                 c->prof->name);
        c->pos++;
        agi_pic_command(c, b);
        if (c->oom)
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        if (c->truncated)
            return relic_err_set(err, RELIC_EDATA, c->len, "picture ends inside the operand of command 0x%02x", b);
        st->commands++;
        if (opts && opts->on_command)
            opts->on_command(opts->ctx, st->commands, c->vis, c->pri);
    }
}

int agi_picture_draw(const agi_picture_args *a, agi_picture_stats *st, relic_err *err)
{
    agi_picture_stats local;
    if (!st)
        st = &local;
    memset(st, 0, sizeof *st);
    if (!a || !a->profile || !a->visual || !a->priority)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "drawing a picture needs a profile and two planes");
    const uint8_t *payload = a->payload;
    size_t len = a->len;
    const agi_profile *p = a->profile;
    const agi_picture_opts *opts = a->opts;
    uint8_t *visual = a->visual, *priority = a->priority;
    if (!opts || !opts->overlay) {
        memset(visual, 15, AGI_PIC_CELLS);
        memset(priority, 4, AGI_PIC_CELLS);
    }
    agi_pic c;
    memset(&c, 0, sizeof c);
    c.data = payload;
    c.len = payload ? len : 0;
    c.prof = p;
    c.vis = visual;
    c.pri = priority;
    c.st = st;
    int rc = agi_pic_run(&c, opts, st, err);
    free(c.spans);
    return rc;
}
