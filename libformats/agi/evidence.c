/* Choosing a game's profile from evidence (agi-spec version_profiles.md;
 * picture_resources.md "Pattern mode and plots" for the picture command
 * vocabulary; logic_bytecode.md for the opcode ranges;
 * resource_containers.md "Inventory metadata file" for the OBJECT forms).
 * The declared interpreter version is evidence, not truth: some games
 * declare an older version than the features their data uses.  When the
 * declared profile does not accept all of the data, the earliest profile
 * that does is chosen.  A guess from shape alone (no version string)
 * starts from 2.917, the default ScummVM gives fan games it does not know
 * (engines/agi/detection_tables.h, GAME_LVFPN "fanmade" rows with version
 * 0x2917), unless the data needs another one. */
#include <stdio.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "relic/agi.h"
#include "relic/agi_ext.h"
#include "relic/core.h"
#include "agi_private.h"

/* What the pictures use. */
typedef struct agi_pic_vocab {
    unsigned pictures;    /* pictures read */
    unsigned with_plots;  /* pictures with 0xf9/0xfa */
    unsigned with_shapes; /* pictures whose 0xf9 selects a brush radius above 0 */
    int first_plot;       /* picture number of the first, or -1 */
    size_t first_plot_at; /* its payload offset */
    int first_shape;
    size_t first_shape_at;
} agi_pic_vocab;

/* One picture's command bytes: 0xf0, 0xf2 and 0xf9 take one raw operand;
 * every other byte below 0xf0 is an operand. */
static void agi_evidence_picture(const uint8_t *d, size_t len, unsigned number, agi_pic_vocab *v)
{
    int plots = 0, shapes = 0;
    size_t plot_at = 0, shape_at = 0;
    for (size_t i = 0; i < len; i++) {
#ifdef __SSE2__
        /* Operand bytes (below 0xf0) are most of a picture and need
         * nothing: sixteen at a time are passed over until a command
         * byte (this loop over every picture was half of opening a game
         * for agi-unpack --raw). */
        while (len - i >= 16) {
            __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(d + i));
            unsigned cmd = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(w, _mm_set1_epi8((char)0xf0)), w));
            if (cmd) {
                i += (size_t)__builtin_ctz(cmd);
                break;
            }
            i += 16;
        }
        if (i >= len)
            break;
#endif
        uint8_t b = d[i];
        if (b == 0xff)
            break;
        if (b == 0xf9 || b == 0xfa) {
            if (!plots++)
                plot_at = i;
        }
        if (b == 0xf0 || b == 0xf2 || b == 0xf9) {
            /* Only a radius above 0 needs shaped brushes: 2.411's point
             * plots read a radius-0 mode (spray bit or not) as single
             * pixels, with no seed bytes. */
            if (b == 0xf9 && i + 1 < len && (d[i + 1] & 0x07) && !shapes++)
                shape_at = i;
            i++;
        }
    }
    v->pictures++;
    if (plots && !v->with_plots++) {
        v->first_plot = (int)number;
        v->first_plot_at = plot_at;
    }
    if (shapes && !v->with_shapes++) {
        v->first_shape = (int)number;
        v->first_shape_at = shape_at;
    }
}

static void agi_evidence_add(agi_game *g, const char *fmt, const char *a, const char *b)
{
    if (g->evidence_count < RELIC_COUNTOF(g->evidence))
        snprintf(g->evidence[g->evidence_count++], sizeof g->evidence[0], fmt, a, b);
}

typedef struct agi_weigh {
    agi_game *g;
    const agi_open_opts *opts;
    agi_pic_vocab pic;
    int object_form;       /* -1 no file or unreadable, 0 plain only, 1 XOR only, 2 both */
    int logic_checked[32]; /* per profile index: 0 unknown, 1 accepts, -1 refuses */
    int logic_refused_by[32];
    int failed; /* sticky: out of memory while weighing, so nothing it saw is evidence */
} agi_weigh;

/* A load or check that ran out of memory says nothing about the profile;
 * it is remembered and the whole weighing fails instead. */
static int agi_weigh_note(agi_weigh *w, int rc)
{
    if (rc == RELIC_ENOMEM)
        w->failed = RELIC_ENOMEM;
    return rc;
}

static int agi_weigh_logic(agi_weigh *w, const agi_profile *p, unsigned index, relic_buf *payload)
{
    if (!w->opts || !w->opts->logic_accepts || index >= RELIC_COUNTOF(w->logic_checked))
        return 1;
    if (w->logic_checked[index])
        return w->logic_checked[index] > 0;
    w->logic_checked[index] = 1;
    const agi_dir *d = &w->g->dirs[AGI_LOGIC];
    for (unsigned n = 0; n < d->count; n++) {
        agi_record rec;
        if (!d->entry[n].present ||
            agi_weigh_note(w, agi_game_load(w->g, AGI_LOGIC, n, &rec, payload, NULL)) != RELIC_OK)
            continue;
        int verdict = w->opts->logic_accepts(w->opts->logic_ctx, payload->data, payload->len, p);
        if (verdict < 0) {
            w->failed = RELIC_ENOMEM;
            break;
        }
        if (!verdict) {
            w->logic_checked[index] = -1;
            w->logic_refused_by[index] = (int)n;
            break;
        }
    }
    return w->logic_checked[index] > 0;
}

/* Every rule the data imposes on a profile; 1 when p accepts it all. */
static int agi_weigh_accepts(agi_weigh *w, const agi_profile *p, unsigned index, relic_buf *payload)
{
    if (p->layout != w->g->layout)
        return 0;
    if (w->pic.with_plots && p->brush == AGI_BRUSH_NONE)
        return 0;
    if (w->pic.with_shapes && p->brush == AGI_BRUSH_POINT)
        return 0;
    /* Only an OBJECT that reads XOR-keyed alone is strong evidence; a plain
     * one is weak (tools write both forms, ScummVM reads both). */
    if (w->object_form == 1 && !p->inventory_xor)
        return 0;
    return agi_weigh_logic(w, p, index, payload);
}

/* The pictures' command vocabulary.  A raw 256-colour bitmap (AGI256,
 * agi256.c) is no command stream: its bytes say nothing of the
 * interpreter's picture commands.  A whole-screen one shows the extension
 * by itself and is left out; a shorter payload that is no command stream
 * is a bitmap only in such a game, so it waits until the rest is read. */
static void agi_weigh_pictures(agi_weigh *w, relic_buf *payload)
{
    agi_game *g = w->g;
    w->pic.first_plot = w->pic.first_shape = -1;
    const agi_dir *d = &g->dirs[AGI_PICTURE];
    uint8_t waiting[AGI_DIR_ENTRIES] = {0};
    int bitmaps = 0;
    for (unsigned n = 0; n < d->count; n++) {
        agi_record rec;
        if (!d->entry[n].present || agi_weigh_note(w, agi_game_load(g, AGI_PICTURE, n, &rec, payload, NULL)))
            continue;
        if (agi_agi256_picture_is_raw(payload->data, payload->len))
            bitmaps = 1;
        else if (agi_agi256_picture_is_raw_in_game(payload->data, payload->len))
            waiting[n] = 1;
        else
            agi_evidence_picture(payload->data, payload->len, n, &w->pic);
    }
    for (unsigned n = 0; n < d->count && !bitmaps; n++) {
        agi_record rec;
        if (waiting[n] && agi_weigh_note(w, agi_game_load(g, AGI_PICTURE, n, &rec, payload, NULL)) == RELIC_OK)
            agi_evidence_picture(payload->data, payload->len, n, &w->pic);
    }
}

static void agi_weigh_gather(agi_weigh *w, relic_buf *payload)
{
    agi_game *g = w->g;
    agi_weigh_pictures(w, payload);
    w->object_form = -1;
    const agi_file *obj = agi_fileset_find(g->files, "OBJECT");
    agi_objects o;
    if (obj) {
        int plain = 0, xored = 0;
        if (agi_weigh_note(w, agi_objects_decode(obj->data, obj->len, 0, &o, NULL)) == RELIC_OK) {
            plain = !o.xor_key;
            agi_objects_free(&o);
        }
        if (agi_weigh_note(w, agi_objects_decode(obj->data, obj->len, 1, &o, NULL)) == RELIC_OK) {
            xored = o.xor_key;
            agi_objects_free(&o);
        }
        w->object_form = plain && xored ? 2 : xored ? 1 : plain ? 0 : -1;
    }
}

static void agi_weigh_report(agi_weigh *w, const agi_profile *chosen, unsigned chosen_index)
{
    agi_game *g = w->g;
    char a[96], b[96];
    if (w->pic.with_plots) {
        snprintf(a, sizeof a, "%u of %u pictures use pattern plots 0xf9/0xfa", w->pic.with_plots, w->pic.pictures);
        snprintf(b, sizeof b, "picture %d offset 0x%zx", w->pic.first_plot, w->pic.first_plot_at);
        agi_evidence_add(g, "%s (first: %s): a profile with patterns", a, b);
    }
    if (w->pic.with_shapes) {
        snprintf(a, sizeof a, "%u pictures select brush radii above 0", w->pic.with_shapes);
        snprintf(b, sizeof b, "picture %d offset 0x%zx", w->pic.first_shape, w->pic.first_shape_at);
        agi_evidence_add(g, "%s (first: %s): shaped brushes (2.440+)", a, b);
    }
    if (w->object_form == 1)
        agi_evidence_add(g, "%s%s", "OBJECT reads only XOR-keyed: 2.411+", "");
    else if (w->object_form == 0)
        agi_evidence_add(g, "%s%s", "OBJECT reads plain (weak evidence: every reader takes both forms)", "");
    unsigned count;
    const agi_profile *t = agi_profiles(&count);
    for (unsigned i = 0; i < count && i < RELIC_COUNTOF(w->logic_checked); i++)
        if (w->logic_checked[i] < 0 && i != chosen_index) {
            snprintf(a, sizeof a, "logic %d uses opcodes %s does not have", w->logic_refused_by[i], t[i].name);
            agi_evidence_add(g, "%s%s", a, "");
            break;
        }
    if (w->logic_checked[chosen_index] > 0)
        agi_evidence_add(g, "every logic parses under %s%s", chosen->name, "");
}

int agi_game_weigh_profile(agi_game *g, const agi_open_opts *opts, relic_err *err)
{
    agi_weigh w;
    memset(&w, 0, sizeof w);
    w.g = g;
    w.opts = opts;
    relic_buf payload = RELIC_BUF_INIT;
    agi_weigh_gather(&w, &payload);
    unsigned count, start = 0;
    const agi_profile *t = agi_profiles(&count);
    g->profile_declared = g->profile_source == AGI_PROFILE_FROM_SHAPE ? NULL : g->profile;
    /* The starting point: the declared profile, or for a shape guess the
     * layout's default (its row's default_profile). */
    const agi_profile *start_p = g->profile;
    if (g->profile_source == AGI_PROFILE_FROM_SHAPE)
        start_p = agi_layout_default_profile(g->layout);
    for (unsigned i = 0; i < count; i++)
        if (&t[i] == start_p || (start_p && start_p->variant_of && strcmp(t[i].name, start_p->variant_of) == 0))
            start = i;
    const agi_profile *chosen = start_p;
    unsigned chosen_index = start;
    if (!start_p || !agi_weigh_accepts(&w, start_p, start, &payload)) {
        for (unsigned i = 0; i < count; i++) {
            if (t[i].variant_of || !agi_weigh_accepts(&w, &t[i], i, &payload))
                continue;
            chosen = &t[i];
            chosen_index = i;
            break;
        }
    }
    /* When the pictures already refused the declared profile, its logic
     * check still belongs in the report. */
    if (chosen != start_p && start_p)
        agi_weigh_logic(&w, start_p, start, &payload);
    relic_buf_free(&payload);
    if (w.failed)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory while choosing the profile");
    if (chosen && chosen != start_p)
        g->profile_source = AGI_PROFILE_FROM_EVIDENCE;
    if (chosen && chosen != g->profile) {
        g->profile = chosen;
        g->exact_profile = 0;
    }
    agi_weigh_report(&w, chosen ? chosen : g->profile, chosen_index);
    return RELIC_OK;
}
