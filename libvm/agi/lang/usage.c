/* Which directory entries a game can load: the logics reachable from
 * logic 0 (which the interpreter runs every cycle, agi-spec
 * runtime_state.md "Logic activations") through new.room, call and
 * load.logics, and every resource those logics load (refs.c's loaders).
 * A load through a variable counts the values the variable can hold:
 * every constant some reachable logic assigns it (assignn, assignv from
 * another variable, new.room for v0, which the interpreter sets to the
 * room entered), and 0, where every variable starts.  A variable that any
 * other command may write (increment, random, get.posn ...; the
 * interpreter's own v1-v26; an indirect write that can reach it) can hold
 * anything, and a load through it counts every entry of its kind; so does
 * a reachable logic that cannot be read, for every kind.  The analysis
 * ignores the order of the code, so what it counts is a superset of what
 * a run loads.  agi-unpack reports an unreadable entry the game never
 * loads as a warning (some Sierra games ship stale directory entries
 * pointing into other resources' bytes) and one it can load as an
 * error. */
#include <stdlib.h>
#include <string.h>
#include "logic_private.h"

/* The interpreter's own variables (runtime_state.md "Variables and
 * flags"): v0 the room, set by new.room; v1 the previous room; the rest up
 * to v26 it writes itself (edges, ego's direction, keys, clock, ...). */
enum { AGI_USAGE_LAST_SYSTEM_VAR = 26 };

typedef uint8_t agi_usage_set[AGI_DIR_ENTRIES / 8];

typedef struct agi_usage_walk {
    agi_game_usage *u;
    const agi_game *g;
    uint8_t queued[AGI_DIR_ENTRIES];
    uint8_t queue[AGI_DIR_ENTRIES];
    unsigned head, tail;
    agi_usage_set val[256];                  /* the constants a variable can hold */
    uint8_t any[256];                        /* it can hold anything */
    agi_usage_set copy[256];                 /* copy[d] holds s: somewhere d = s */
    agi_usage_set indirect;                  /* variables that index an indirect write */
    agi_usage_set loads[AGI_KIND_COUNT];     /* variables a loader of the kind reads */
    uint8_t load_logic[AGI_KIND_COUNT][256]; /* the first logic that does */
} agi_usage_walk;

static void agi_usage_bit(agi_usage_set s, unsigned n) { s[n >> 3] |= (uint8_t)(1u << (n & 7)); }
static int agi_usage_has(const agi_usage_set s, unsigned n) { return s[n >> 3] >> (n & 7) & 1; }

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

/* Every entry of `kind` counts, because of logic `logic` (and variable
 * `var` for AGI_USE_VARIABLE). */
static void agi_usage_every(agi_usage_walk *w, agi_kind kind, agi_use why, unsigned logic, unsigned var)
{
    if (w->u->every_kind[kind])
        return;
    w->u->every_kind[kind] = (uint8_t)why;
    w->u->why_logic[kind] = (uint8_t)logic;
    w->u->why_var[kind] = (uint8_t)var;
    if (kind == AGI_LOGIC)
        for (unsigned n = 0; n < w->g->dirs[AGI_LOGIC].count; n++)
            agi_usage_add(w, AGI_LOGIC, n, why);
}

/* The commands whose variable operands are only read: the loaders that
 * take one and the picture commands.  Any other command with a variable
 * operand is taken to write it. */
static int agi_usage_reads_only(uint8_t op)
{
    static const uint8_t ops[] = {AGI_A_LOAD_LOGICS_V, AGI_A_CALL_V,        AGI_A_LOAD_PIC,    AGI_A_DRAW_PIC,
                                  AGI_A_DISCARD_PIC,   AGI_A_OVERLAY_PIC,   AGI_A_LOAD_VIEW_V, AGI_A_SHOW_OBJ_V,
                                  AGI_A_SET_VIEW_V,    AGI_A_DISCARD_VIEW_V};
    for (size_t i = 0; i < sizeof ops; i++)
        if (ops[i] == op)
            return 1;
    return 0;
}

/* What one action tells: the resource it loads, the variable it writes. */
static void agi_usage_action(agi_usage_walk *w, const agi_scan *s, unsigned i, unsigned logic)
{
    const agi_insn *in = &s->insn[i];
    const uint8_t *a = s->code + in->off + 1;
    uint8_t op = in->cmd->opcode, value;
    agi_kind kind;
    int by_var;
    if (agi_refs_loader(op, &kind, &by_var)) {
        if (!by_var || agi_refs_assigned_before(s, i, &value)) {
            agi_usage_add(w, kind, by_var ? value : a[0], AGI_USE_NAMED);
        } else if (!agi_usage_has(w->loads[kind], a[0])) {
            agi_usage_bit(w->loads[kind], a[0]);
            w->load_logic[kind][a[0]] = (uint8_t)logic;
        }
    }
    switch (op) {
    case AGI_A_ASSIGNN: agi_usage_bit(w->val[a[0]], a[1]); return;
    case AGI_A_ASSIGNV: agi_usage_bit(w->copy[a[0]], a[1]); return;
    case AGI_A_NEW_ROOM: agi_usage_bit(w->val[0], a[0]); return;
    case AGI_A_NEW_ROOM_V: agi_usage_bit(w->copy[0], a[0]); return;
    case AGI_A_LINDIRECTN:
    case AGI_A_LINDIRECTV: agi_usage_bit(w->indirect, a[0]); return;
    default: break;
    }
    if (agi_usage_reads_only(op))
        return;
    for (unsigned k = 0; k < in->cmd->nargs && in->cmd->args[k]; k++)
        if (in->cmd->args[k] == 'v')
            w->any[a[k]] = 1;
}

static void agi_usage_logic(agi_usage_walk *w, unsigned n, relic_buf *payload, int *oom)
{
    agi_record rec;
    relic_err e;
    relic_err_clear(&e);
    agi_scan s;
    int rc = agi_game_load(w->g, AGI_LOGIC, n, &rec, payload, &e);
    if (rc == RELIC_OK)
        rc = agi_scan_code(payload->data, payload->len, w->g->profile, 0, &s, &e);
    if (rc == RELIC_ENOMEM) {
        *oom = 1;
        return;
    }
    if (rc) {
        for (int k = 0; k < AGI_KIND_COUNT; k++)
            agi_usage_every(w, (agi_kind)k, AGI_USE_UNREAD, n, 0);
        return;
    }
    for (unsigned i = 0; i < s.count; i++)
        if (s.insn[i].kind == AGI_INSN_ACTION)
            agi_usage_action(w, &s, i, n);
    agi_scan_free(&s);
}

/* The values each variable can hold, through the copies and the indirect
 * writes, until nothing changes (each pass adds, so it ends). */
static void agi_usage_settle(agi_usage_walk *w)
{
    for (int changed = 1; changed;) {
        changed = 0;
        for (unsigned d = 0; d < 256; d++)
            for (unsigned s = 0; s < 256; s++) {
                if (!agi_usage_has(w->copy[d], s))
                    continue;
                if (w->any[s] && !w->any[d])
                    w->any[d] = 1, changed = 1;
                for (unsigned b = 0; b < sizeof w->val[d]; b++)
                    if ((w->val[s][b] | w->val[d][b]) != w->val[d][b])
                        w->val[d][b] |= w->val[s][b], changed = 1;
            }
        for (unsigned a = 0; a < 256; a++)
            for (unsigned x = 0; agi_usage_has(w->indirect, a) && x < 256; x++)
                if ((w->any[a] || agi_usage_has(w->val[a], x)) && !w->any[x])
                    w->any[x] = 1, changed = 1;
    }
}

/* The loads through variables, by the values the variables can hold. */
static void agi_usage_resolve(agi_usage_walk *w)
{
    agi_usage_settle(w);
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned v = 0; v < 256; v++) {
            if (!agi_usage_has(w->loads[k], v))
                continue;
            if (w->any[v]) {
                agi_usage_every(w, (agi_kind)k, AGI_USE_VARIABLE, w->load_logic[k][v], v);
                continue;
            }
            for (unsigned x = 0; x < 256; x++)
                if (agi_usage_has(w->val[v], x))
                    agi_usage_add(w, (agi_kind)k, x, AGI_USE_VALUE);
        }
}

static void agi_usage_start(agi_usage_walk *w)
{
    for (unsigned v = 0; v < 256; v++)
        agi_usage_bit(w->val[v], 0);
    agi_usage_bit(w->copy[1], 0);
    for (unsigned v = 2; v <= AGI_USAGE_LAST_SYSTEM_VAR; v++)
        w->any[v] = 1;
    agi_usage_add(w, AGI_LOGIC, 0, AGI_USE_FIXED);
}

int agi_game_usage_read(const agi_game *g, agi_game_usage *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    agi_usage_walk *w = calloc(1, sizeof *w);
    if (!w)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    w->u = out;
    w->g = g;
    agi_usage_start(w);
    relic_buf payload = RELIC_BUF_INIT;
    int oom = 0;
    /* the logics the variables' values reach are read in turn */
    while (!oom && w->head < w->tail) {
        while (!oom && w->head < w->tail)
            agi_usage_logic(w, w->queue[w->head++], &payload, &oom);
        if (!oom)
            agi_usage_resolve(w);
    }
    relic_buf_free(&payload);
    free(w);
    return oom ? relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory") : RELIC_OK;
}

agi_use agi_game_usage_of(const agi_game_usage *u, agi_kind kind, unsigned number)
{
    if ((unsigned)kind >= AGI_KIND_COUNT || number >= AGI_DIR_ENTRIES)
        return AGI_USE_NONE;
    if (u->use[kind][number])
        return (agi_use)u->use[kind][number];
    return (agi_use)u->every_kind[kind];
}
