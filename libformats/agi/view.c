/* AGI view payloads (agi-spec view_resources.md "Payload structure", "Row
 * decoding", "Stateful mirroring"): header, loop and cel tables, the 2.230
 * packed loop header, run-length rows, the mirroring a loop selection
 * applies to the shared loaded rows, and cel composition ("Baseline
 * placement", "Transparency and priority composition"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/agi_view.h"
#include "relic/cursor.h"
#include "agi_private.h"

void agi_view_free(agi_view *v)
{
    for (unsigned i = 0; i < v->loops_len; i++)
        free(v->loops[i].cel);
    for (unsigned i = 0; i < v->cels_len; i++)
        free(v->cels[i].rows);
    free(v->loops);
    free(v->cels);
    free(v->loop);
    free(v->description);
    memset(v, 0, sizeof *v);
}

static void agi_view_warn(agi_view *v, size_t offset, const char *what, size_t at)
{
    if (!v->warnings++) {
        snprintf(v->warning, sizeof v->warning, "%s at 0x%zx", what, at);
        v->warning_offset = offset;
    }
}

/* The cel at payload offset off: found among those already read, else
 * read (its rows copied out of the payload). */
static int agi_view_cel_at(agi_view *v, const uint8_t *payload, size_t len, size_t off, unsigned *index, relic_err *err)
{
    for (unsigned i = 0; i < v->cels_len; i++)
        if (v->cels[i].offset == off) {
            *index = i;
            return RELIC_OK;
        }
    /* Past the payload AGI 2.936's memory holds zeros (logic.c, sound.c):
     * a cel there is 0x0, a row the payload cuts ends with it, and the
     * rows after it are empty. */
    uint8_t w = agi_mem_byte(payload, len, off), h = agi_mem_byte(payload, len, off + 1),
            ctl = agi_mem_byte(payload, len, off + 2);
    if (off + 3 > len)
        agi_view_warn(v, off, "a cel past the payload, read as zeros there", off);
    size_t start = off + 3 < len ? off + 3 : len, p = start, zeros = 0;
    unsigned widest = 0;
    for (unsigned r = 0; r < h; r++) {
        const uint8_t *z = p < len ? memchr(payload + p, 0, len - p) : NULL;
        if (!z) {
            zeros = h - r; /* this row's end and the empty rows after it */
            agi_view_warn(v, p, "a cel whose rows run past the payload, read as zeros there (empty rows)", off);
            p = len;
            break;
        }
        unsigned total = 0;
        for (const uint8_t *b = payload + p; b < z; b++)
            total += v->wide ? 1u : *b & 0x0fu;
        widest = total > widest ? total : widest;
        p = (size_t)(z - payload) + 1;
    }
    if (widest > w)
        agi_view_warn(v, off, "a cel row wider than its cel, drawn past its right edge as AGI 2.936 does", off);
    agi_cel *grown = realloc(v->cels, (v->cels_len + 1) * sizeof *grown);
    if (!grown)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    v->cels = grown;
    agi_cel *c = &v->cels[v->cels_len];
    memset(c, 0, sizeof *c);
    c->offset = off;
    c->width = w;
    c->height = h;
    c->control = c->stored_control = ctl;
    c->wide = v->wide;
    c->transparent = c->wide ? ctl : ctl & 0x0f;
    c->rows_len = p - start + zeros;
    c->rows_cap = c->rows_len ? c->rows_len : 1;
    c->rows = calloc(c->rows_cap, 1);
    if (!c->rows)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    memcpy(c->rows, payload + start, p - start);
    *index = v->cels_len++;
    return RELIC_OK;
}

static int agi_view_loop_at(agi_view *v, const uint8_t *payload, size_t len, size_t off, unsigned *index,
                            relic_err *err)
{
    for (unsigned i = 0; i < v->loops_len; i++)
        if (v->loops[i].offset == off) {
            *index = i;
            return RELIC_OK;
        }
    relic_cur cur = relic_cur_make(payload, len, 0);
    relic_seek(&cur, off);
    uint8_t header = relic_u8(&cur);
    unsigned count = v->packed_loops ? (header & 0x0fu) : header;
    uint16_t cel_off[255];
    unsigned have = 0;
    for (unsigned i = 0; i < count; i++) {
        cel_off[i] = relic_le16(&cur);
        have += !cur.failed;
    }
    int crc = relic_cur_check(&cur, err);
    if (crc && have == 0)
        return crc;
    if (have < count) { /* the loop has fewer cels than its header says */
        agi_view_warn(v, off, "a loop whose cel table runs past the payload, read to its end", off);
        count = have;
    }
    agi_loop_data *grown = realloc(v->loops, (v->loops_len + 1) * sizeof *grown);
    if (!grown)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    v->loops = grown;
    agi_loop_data *l = &v->loops[v->loops_len];
    memset(l, 0, sizeof *l);
    l->offset = off;
    l->header = l->stored_header = header;
    l->cel = relic_calloc_array(count, sizeof *l->cel);
    unsigned me = v->loops_len++;
    if (!l->cel)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned i = 0; i < count; i++) {
        unsigned ci = 0;
        relic_err sub;
        relic_err_clear(&sub);
        int rc = agi_view_cel_at(v, payload, len, off + cel_off[i], &ci, &sub);
        if (rc) {
            if (err)
                *err = sub;
            return rc;
        }
        v->loops[me].cel[i] = ci;
        v->loops[me].cel_count = i + 1;
    }
    *index = me;
    return RELIC_OK;
}

static int agi_view_read_description(agi_view *v, const uint8_t *payload, size_t len, relic_err *err)
{
    if (v->description_offset == 0)
        return RELIC_OK;
    size_t off = v->description_offset;
    const uint8_t *z = off < len ? memchr(payload + off, 0, len - off) : NULL;
    if (!z)
        return relic_err_set(err, RELIC_EDATA, 3, "view description at 0x%zx is not inside the payload", off);
    v->description_len = (size_t)(z - (payload + off));
    v->description = malloc(v->description_len + 1);
    if (!v->description)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    memcpy(v->description, payload + off, v->description_len + 1);
    return RELIC_OK;
}

static int agi_view_decode_form(const uint8_t *payload, size_t len, const agi_profile *p, int wide, agi_view *v,
                                relic_err *err)
{
    memset(v, 0, sizeof *v);
    if (!p) /* no hidden default: the caller knows the game's profile */
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "decoding a view needs a profile");
    v->wide = wide;
    v->packed_loops = wide ? 0 : p->view_packed_loops;
    relic_cur cur = relic_cur_make(payload, len, 0);
    v->reserved[0] = relic_u8(&cur);
    v->reserved[1] = relic_u8(&cur);
    unsigned count = relic_u8(&cur);
    v->description_offset = relic_le16(&cur);
    uint16_t loop_off[255];
    for (unsigned i = 0; i < count; i++)
        loop_off[i] = relic_le16(&cur);
    int crc = relic_cur_check(&cur, err);
    if (crc)
        return crc;
    v->loop = relic_calloc_array(count, sizeof *v->loop);
    if (!v->loop)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int rc = agi_view_read_description(v, payload, len, err);
    for (unsigned i = 0; i < count && rc == RELIC_OK; i++) {
        rc = agi_view_loop_at(v, payload, len, loop_off[i], &v->loop[i], err);
        v->loop_count = i + 1;
    }
    if (rc)
        agi_view_free(v);
    return rc;
}

int agi_view_decode(const uint8_t *payload, size_t len, const agi_profile *p, agi_view *v, relic_err *err)
{
    return agi_view_decode_form(payload, len, p, 0, v, err);
}

int agi_view_decode_agi256(const uint8_t *payload, size_t len, const agi_profile *p, agi_view *v, relic_err *err)
{
    return agi_view_decode_form(payload, len, p, 1, v, err);
}

size_t agi_view_mirror_row(const uint8_t *row, size_t rowlen, unsigned width, uint8_t transparent, uint8_t *out)
{
    size_t n = rowlen && row[rowlen - 1] == 0 ? rowlen - 1 : rowlen, first = n, o = 0;
    unsigned total = 0;
    for (size_t i = 0; i < n; i++) {
        total += row[i] & 0x0fu;
        if (first == n && (row[i] >> 4) != transparent)
            first = i;
    }
    if (first == n) {
        out[0] = 0;
        return 1;
    }
    /* Implicit trailing transparency becomes explicit leading runs.  AGI
     * 2.936 counts in a byte: a row wider than its cel is shifted right
     * by (width - total) mod 256 pixels (a DOSBox probe mirrored a 4-wide
     * cel's 8-pixel row 252 pixels on), and mirroring it back restores it. */
    for (unsigned gap = (width - total) & 0xffu; gap; gap -= gap > 15 ? 15 : gap)
        out[o++] = (uint8_t)(transparent << 4 | (gap > 15 ? 15 : gap));
    for (size_t i = n; i > first; i--)
        out[o++] = row[i - 1];
    out[o++] = 0;
    return o;
}

/* Mirrors every row of a cel in place (its buffer grows as needed). */
static int agi_view_mirror_cel(agi_cel *c, relic_err *err)
{
    size_t cap = c->rows_len + (size_t)c->height * AGI_VIEW_MIRROR_EXTRA + 1;
    uint8_t *out = malloc(cap);
    if (!out)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    size_t p = 0, o = 0;
    for (unsigned r = 0; r < c->height; r++) {
        const uint8_t *z = memchr(c->rows + p, 0, c->rows_len - p);
        size_t rowlen = (size_t)(z - (c->rows + p)) + 1;
        size_t m = agi_view_mirror_row(c->rows + p, rowlen, c->width, c->transparent, out + o);
        p += rowlen;
        o += m;
    }
    free(c->rows);
    c->rows = out;
    c->rows_len = o;
    c->rows_cap = cap;
    return RELIC_OK;
}

int agi_view_select_loop(agi_view *v, unsigned loop, relic_err *err)
{
    if (loop >= v->loop_count)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "view has no loop %u", loop);
    agi_loop_data *l = &v->loops[v->loop[loop]];
    if (v->packed_loops) {
        if (!(l->header & 0x80) || ((l->header >> 4) & 3u) == (loop & 3u))
            return RELIC_OK;
        if (l->header & 0x40)
            for (unsigned i = 0; i < l->cel_count; i++) {
                int rc = agi_view_mirror_cel(&v->cels[l->cel[i]], err);
                if (rc)
                    return rc;
            }
        l->header = (uint8_t)((l->header & ~0x30u) | (loop & 3u) << 4);
        return RELIC_OK;
    }
    for (unsigned i = 0; i < l->cel_count; i++) {
        agi_cel *c = &v->cels[l->cel[i]];
        if (c->wide || !(c->control & 0x80) || ((c->control >> 4) & 7u) == (loop & 7u))
            continue;
        int rc = agi_view_mirror_cel(c, err);
        if (rc)
            return rc;
        c->control = (uint8_t)((c->control & 0x8fu) | (loop & 7u) << 4);
    }
    return RELIC_OK;
}

const agi_cel *agi_view_cel(const agi_view *v, unsigned loop, unsigned cel)
{
    if (loop >= v->loop_count)
        return NULL;
    const agi_loop_data *l = &v->loops[v->loop[loop]];
    return cel < l->cel_count ? &v->cels[l->cel[cel]] : NULL;
}

void agi_cel_pixels(const agi_cel *c, uint8_t *out)
{
    memset(out, c->transparent, (size_t)c->width * c->height);
    size_t p = 0;
    for (unsigned r = 0; r < c->height && p < c->rows_len; r++) {
        uint8_t *line = out + (size_t)r * c->width;
        unsigned x = 0;
        for (; p < c->rows_len && c->rows[p]; p++) {
            unsigned colour = c->wide ? c->rows[p] : c->rows[p] >> 4u, n = c->wide ? 1u : c->rows[p] & 0x0fu;
            if (colour != c->transparent && n == 0 && x < c->width) /* 65536 cells: the rest of the cel */
                memset(line + x, (int)colour, (size_t)c->width * c->height - ((size_t)r * c->width + x));
            if (colour != c->transparent)
                for (unsigned i = x; i < x + n && i < c->width; i++)
                    line[i] = (uint8_t)colour;
            x += colour != c->transparent && n == 0 ? 65536u : n;
        }
        p++; /* the row's zero */
    }
}

/* Comparison value of a destination cell holding a control value 0..2:
 * the first value above 2 found scanning down the column, else 0. */
static uint8_t agi_cel_cmp_below(const uint8_t *priority, int x, int y)
{
    for (int yy = y + 1; yy < 168; yy++)
        if (priority[yy * 160 + x] > 2)
            return priority[yy * 160 + x];
    return 0;
}

/* Surface columns [from, to) of row y (vrow, prow) in colour: the
 * composition test of each cell, a value above 2 compared as it is. */
static void agi_cel_draw_run(uint8_t *vrow, uint8_t *prow, const uint8_t *priority, int y, int from, int to,
                             uint8_t colour, uint8_t p)
{
    for (int dx = from; dx < to; dx++) {
        uint8_t q = prow[dx];
        if (q <= 2)
            q = agi_cel_cmp_below(priority, dx, y);
        if (q <= p) {
            vrow[dx] = colour;
            prow[dx] = p;
        }
    }
}

/* One visible run of n cells from column `from` of row y.  AGI 2.936
 * draws into a linear 160-byte-wide buffer: a run past column 159 goes on
 * at the start of the rows below (a DOSBox probe's 8-pixel row of a 4-wide
 * cel at x 156 drew columns 156..159 and 0..3 of the next row), and ends
 * at the bottom of the surface.  Columns left of 0 are skipped. */
static void agi_cel_draw_span(uint8_t *visual, uint8_t *priority, int y, long from, long n, uint8_t colour, uint8_t p)
{
    long to = from + n;
    if (from < 0)
        from = 0;
    for (; y < 168 && from < to; y++, to -= 160) {
        if (from < 160)
            agi_cel_draw_run(visual + y * 160, priority + y * 160, priority, y, (int)from, (int)(to < 160 ? to : 160),
                             colour, p);
        from = from > 160 ? from - 160 : 0;
    }
}

/* Straight from the run-length rows: transparent runs cost nothing.  Each
 * row starts at the cel's left edge; its runs are drawn whole, past the
 * cel's width too, as the original draws them (a probe's 4-wide cel with
 * an 8-pixel row drew 8 pixels).  A visible run of length 0 counts 65536
 * cells, as the original's loop counter wraps (it filled the surface to
 * its end). */
void agi_cel_draw(const agi_cel *c, int x, int baseline_y, uint8_t p, uint8_t *visual, uint8_t *priority)
{
    int top = baseline_y - c->height + 1, left = x, width = c->width;
    if (top < 0) { /* a position adjustment, not top clipping */
        left += top;
        top = 0;
    }
    if (left + width > 160)
        left = 160 - width;
    const uint8_t *rows = c->rows;
    size_t pos = 0, len = c->rows_len;
    unsigned wide = c->wide, transparent = c->transparent;
    for (int r = 0; r < c->height && pos < len; r++) {
        int y = top + r;
        long cx = left;
        if (y >= 168)
            break; /* every row after is below the surface too */
        for (; pos < len && rows[pos]; pos++) {
            unsigned colour = wide ? rows[pos] : rows[pos] >> 4u, n = wide ? 1u : rows[pos] & 0x0fu;
            if (colour == transparent) {
                cx += n;
                continue;
            }
            long cells = n ? (long)n : 65536L;
            agi_cel_draw_span(visual, priority, y, cx, cells, (uint8_t)colour, p);
            cx += cells;
        }
        pos++; /* the row's zero */
    }
}
