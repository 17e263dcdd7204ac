/* riven-script --run --screen/--frames: the card as the player sees it.
 * A 608x392 back buffer takes the pictures in script order: drawBitmap
 * (command 1) places tBMP ID with its top-left corner at (left, top),
 * clipped to the command's rectangle (seed document "Riven scripts",
 * command 1; with fewer than 5 arguments the whole screen, as ScummVM's
 * drawBitmap does), activatePLST (command 39, and the default picture of
 * ScummVM's RivenCard::defaultLoadScript) the current card's PLST record
 * with that index.  Every display update the VM reports copies it to the
 * front buffer (commands 20/21 and events 6/10 decide when, in the VM);
 * --frames writes one PNG per update, --screen the front buffer after the
 * load chain and after each --click. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "streams.h"
#include "relic/io.h"
#include "relic/riven_media.h"
#include "rscript.h"

static void rs_screen_lack(rs_screen *sc, const char *tag, uint16_t id, int damaged)
{
    sc->missing++;
    for (unsigned i = 0; i < sc->nabsent; i++)
        if (sc->absent[i].tag == mhk_tag(tag) && sc->absent[i].id == id)
            return;
    if (sc->nabsent < RS_SCREEN_ABSENT) {
        sc->absent[sc->nabsent].tag = mhk_tag(tag);
        sc->absent[sc->nabsent].id = id;
        sc->absent[sc->nabsent++].damaged = (uint8_t)damaged;
    }
}

int rs_screen_absent(const rs_screen *sc, relic_err *err)
{
    if (!sc || !sc->nabsent)
        return RELIC_OK;
    char list[400] = "";
    size_t n = 0;
    for (unsigned i = 0; i < sc->nabsent && n < sizeof list - 40; i++) {
        char tag[5];
        mhk_tag_str(sc->absent[i].tag, tag);
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s %u%s", i ? ", " : "", tag, sc->absent[i].id,
                              sc->absent[i].damaged ? " (damaged)" : "");
    }
    return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET,
                         "pictures the cards draw are not in the given archives: %s%s (black on the screen; "
                         "give the archive that holds them)",
                         list, sc->nabsent == RS_SCREEN_ABSENT ? ", ..." : "");
}

static void rs_screen_blit(rs_screen *sc, uint16_t id, int left, int top, int right, int bottom)
{
    const rs_archive *a;
    const mhk_resource *r = rs_find(sc->c, mhk_tag("tBMP"), id, &a);
    riven_bitmap b;
    if (!r || r->broken || riven_tbmp_decode(mhk_data(&a->a, r), r->size, &b, NULL)) {
        rs_screen_lack(sc, "tBMP", id, r != NULL);
        return;
    }
    if (right > RS_SCREEN_W)
        right = RS_SCREEN_W;
    if (bottom > RS_SCREEN_H)
        bottom = RS_SCREEN_H;
    for (int y = top < 0 ? 0 : top; y < bottom && y - top < (int)b.height; y++)
        for (int x = left < 0 ? 0 : left; x < right && x - left < (int)b.width; x++) {
            size_t src = (size_t)(y - top) * b.width + (size_t)(x - left);
            uint8_t *dst = sc->back + ((size_t)y * RS_SCREEN_W + (size_t)x) * 3;
            memcpy(dst, b.bpp == 8 ? b.palette + 3 * b.pixels[src] : b.pixels + 3 * src, 3);
        }
    riven_bitmap_free(&b);
}

static void rs_screen_plst(rs_screen *sc, uint16_t card, uint16_t index)
{
    const rs_archive *a;
    const mhk_resource *r = rs_find(sc->c, mhk_tag("PLST"), card, &a);
    riven_list l;
    if (!r || r->broken || riven_list_decode(RIVEN_PLST, mhk_data(&a->a, r), r->size, &l, NULL)) {
        rs_screen_lack(sc, "PLST", card, r != NULL);
        return;
    }
    for (unsigned i = 0; i < l.count; i++) {
        const uint16_t *v = l.values + (size_t)i * 6; /* index bitmap left top right bottom */
        if (v[0] == index) {
            rs_screen_blit(sc, v[1], (int16_t)v[2], (int16_t)v[3], (int16_t)v[4], (int16_t)v[5]);
            break;
        }
    }
    riven_list_free(&l);
}

int rs_screen_png(const rs_screen *sc, const char *path, relic_err *err)
{
    relic_buf png = RELIC_BUF_INIT;
    int rc = relic_png_encode_rgb(RS_SCREEN_W, RS_SCREEN_H, sc->front, &png, err);
    if (!rc)
        rc = cli_write_output(path, png.data, png.len, err);
    relic_buf_free(&png);
    return rc;
}

void rs_screen_event(rs_screen *sc, const riven_trace_ev *ev)
{
    if (ev->kind == RIVEN_TRACE_CARD) {
        sc->card = ev->card;
    } else if (ev->kind == RIVEN_TRACE_DEFAULT_PICTURE) {
        rs_screen_plst(sc, ev->card, ev->argv[0]);
    } else if (ev->kind == RIVEN_TRACE_COMMAND && ev->op == 39 && ev->argc >= 1) {
        rs_screen_plst(sc, ev->card, ev->argv[0]);
    } else if (ev->kind == RIVEN_TRACE_COMMAND && ev->op == 1 && ev->argc >= 1) {
        if (ev->argc >= 5)
            rs_screen_blit(sc, ev->argv[0], (int16_t)ev->argv[1], (int16_t)ev->argv[2], (int16_t)ev->argv[3],
                           (int16_t)ev->argv[4]);
        else
            rs_screen_blit(sc, ev->argv[0], 0, 0, RS_SCREEN_W, RS_SCREEN_H);
    } else if (ev->kind == RIVEN_TRACE_DISPLAY) {
        memcpy(sc->front, sc->back, sizeof sc->front);
        sc->updates++;
        if (sc->frames && !sc->err.code) {
            char path[4200];
            snprintf(path, sizeof path, "%s/frame-%05u.png", sc->frames, sc->updates);
            if (rs_screen_png(sc, path, &sc->err) == RELIC_OK)
                sc->frames_written++;
        }
    }
}

/* FILE for the first picture, FILE-1, FILE-2 ... before the extension after. */
int rs_screen_write(rs_screen *sc, const char *file, unsigned n, relic_err *err)
{
    char path[4200];
    const char *dot = strrchr(file, '.'), *slash = strrchr(file, '/');
    if (n == 0)
        snprintf(path, sizeof path, "%s", file);
    else if (dot && (!slash || dot > slash))
        snprintf(path, sizeof path, "%.*s-%u%s", (int)(dot - file), file, n, dot);
    else
        snprintf(path, sizeof path, "%s-%u", file, n);
    int rc = rs_screen_png(sc, path, err);
    if (rc)
        relic_err_file(err, path);
    return rc;
}
