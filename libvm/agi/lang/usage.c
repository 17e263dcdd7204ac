/* Which directory entries a game can load: the logics reachable from
 * logic 0 (which the interpreter runs every cycle, agi-spec
 * runtime_state.md "Logic activations") through new.room, call and
 * load.logics, and every resource those logics load (refs.c).  What a
 * reachable logic loads through a variable whose value its code does not
 * show could be any entry of the kind, so every entry of that kind counts;
 * likewise every entry of every kind when a reachable logic cannot be read.
 * agi-unpack reports an unreadable entry the game never loads as a warning
 * (some Sierra games ship stale directory entries pointing into other
 * resources' bytes) and one it can load as an error. */
#include <stdlib.h>
#include <string.h>
#include "logic_private.h"

typedef struct agi_usage_walk {
    agi_game_usage *u;
    const agi_game *g;
    uint8_t queued[AGI_DIR_ENTRIES];
    uint8_t queue[AGI_DIR_ENTRIES];
    unsigned head, tail;
} agi_usage_walk;

static int agi_usage_present(const agi_game *g, agi_kind kind, unsigned n)
{
    return n < g->dirs[kind].count && g->dirs[kind].entry[n].present;
}

static void agi_usage_add(agi_usage_walk *w, agi_kind kind, unsigned n, agi_use why)
{
    if (!w->u->use[kind][n])
        w->u->use[kind][n] = (uint8_t)why;
    if (kind == AGI_LOGIC && !w->queued[n] && agi_usage_present(w->g, kind, n)) {
        w->queued[n] = 1;
        w->queue[w->tail++] = (uint8_t)n;
    }
}

/* Every entry of `kind` counts, because of logic `logic`. */
static void agi_usage_every(agi_usage_walk *w, agi_kind kind, agi_use why, unsigned logic)
{
    if (w->u->every_kind[kind])
        return;
    w->u->every_kind[kind] = (uint8_t)why;
    w->u->why_logic[kind] = (uint8_t)logic;
    if (kind == AGI_LOGIC)
        for (unsigned n = 0; n < w->g->dirs[AGI_LOGIC].count; n++)
            agi_usage_add(w, AGI_LOGIC, n, why);
}

static void agi_usage_take(agi_usage_walk *w, const agi_logic_refs *refs, unsigned logic)
{
    for (int k = 0; k < AGI_KIND_COUNT; k++) {
        for (unsigned n = 0; n < AGI_DIR_ENTRIES; n++)
            if (refs->load[k][n])
                agi_usage_add(w, (agi_kind)k, n, AGI_USE_NAMED);
        if (refs->load_unknown[k])
            agi_usage_every(w, (agi_kind)k, AGI_USE_VARIABLE, logic);
    }
}

int agi_game_usage_read(const agi_game *g, agi_game_usage *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    agi_usage_walk *w = calloc(1, sizeof *w);
    agi_logic_refs *refs = malloc(sizeof *refs);
    relic_buf payload = RELIC_BUF_INIT;
    int rc = w && refs ? RELIC_OK : relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    if (rc == RELIC_OK) {
        w->u = out;
        w->g = g;
        agi_usage_add(w, AGI_LOGIC, 0, AGI_USE_FIXED);
    }
    agi_logic_ctx ctx = {.profile = g->profile};
    while (rc == RELIC_OK && w->head < w->tail) {
        unsigned n = w->queue[w->head++];
        agi_record rec;
        relic_err e;
        relic_err_clear(&e);
        int lrc = agi_game_load(g, AGI_LOGIC, n, &rec, &payload, &e);
        if (lrc == RELIC_OK)
            lrc = agi_logic_refs_read(payload.data, payload.len, &ctx, refs, &e);
        if (lrc == RELIC_ENOMEM) {
            rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        } else if (lrc) {
            for (int k = 0; k < AGI_KIND_COUNT; k++)
                agi_usage_every(w, (agi_kind)k, AGI_USE_UNREAD, n);
        } else {
            agi_usage_take(w, refs, n);
        }
    }
    relic_buf_free(&payload);
    free(refs);
    free(w);
    return rc;
}

agi_use agi_game_usage_of(const agi_game_usage *u, agi_kind kind, unsigned number)
{
    if ((unsigned)kind >= AGI_KIND_COUNT || number >= AGI_DIR_ENTRIES)
        return AGI_USE_NONE;
    if (u->use[kind][number])
        return (agi_use)u->use[kind][number];
    return (agi_use)u->every_kind[kind];
}
