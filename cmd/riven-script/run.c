/* riven-script --run: loads every CARD (with its HSPT and BLST) of the
 * archives, optionally the variables of a .rvn save (matched by name
 * through the save's NAME 1 and the archives' NAME 4), runs the start
 * card's event chain and each --click, and reports a trace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "streams.h"
#include "relic/core.h"
#include "relic/io.h"
#include "rscript.h"

typedef struct rs_world {
    riven_world_card *cards;
    riven_card *card;
    riven_hotspots *hs;
    riven_list *blst;
    size_t n;
} rs_world;

static void rs_world_free(rs_world *w)
{
    for (size_t i = 0; i < w->n; i++) {
        riven_card_free(&w->card[i]);
        riven_hotspots_free(&w->hs[i]);
        riven_list_free(&w->blst[i]);
    }
    free(w->cards);
    free(w->card);
    free(w->hs);
    free(w->blst);
}

static int rs_fix(relic_err *err, const rs_archive *a, const mhk_resource *r)
{
    if (err->offset != RELIC_NO_OFFSET)
        err->offset += r->offset;
    relic_err_file(err, a->path);
    return err->code;
}

static int rs_world_load(const rs_ctx *c, rs_world *w, relic_err *err)
{
    size_t total = 0;
    for (size_t i = 0; i < c->n; i++)
        total += c->ar[i].a.count;
    w->cards = relic_calloc_array(total, sizeof *w->cards);
    w->card = relic_calloc_array(total, sizeof *w->card);
    w->hs = relic_calloc_array(total, sizeof *w->hs);
    w->blst = relic_calloc_array(total, sizeof *w->blst);
    if (!w->cards || !w->card || !w->hs || !w->blst)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (size_t i = 0; i < c->n; i++) {
        const rs_archive *a = &c->ar[i];
        for (size_t k = 0; k < a->a.count; k++) {
            const mhk_resource *r = &a->a.res[k];
            if (r->tag != mhk_tag("CARD"))
                continue;
            size_t j = w->n++;
            riven_world_card *wc = &w->cards[j];
            wc->id = r->id;
            wc->archive = a->path;
            if (riven_card_decode(mhk_data(&a->a, r), r->size, &w->card[j], err))
                return rs_fix(err, a, r);
            wc->card = &w->card[j];
            const mhk_resource *h = mhk_find(&a->a, mhk_tag("HSPT"), r->id);
            if (h) {
                if (riven_hotspots_decode(mhk_data(&a->a, h), h->size, &w->hs[j], err))
                    return rs_fix(err, a, h);
                wc->hotspots = &w->hs[j];
            }
            const mhk_resource *b = mhk_find(&a->a, mhk_tag("BLST"), r->id);
            if (b) {
                if (riven_list_decode(RIVEN_BLST, mhk_data(&a->a, b), b->size, &w->blst[j], err))
                    return rs_fix(err, a, b);
                wc->blst = &w->blst[j];
            }
        }
    }
    return RELIC_OK;
}

/* Save variables, matched by name through the save's NAME 1 and the
 * archives' NAME 4 (by position when the archives have no NAME 4). */
static int rs_load_vars(const rs_ctx *c, const char *path, riven_vm *vm, relic_err *err)
{
    relic_buf f = RELIC_BUF_INIT;
    riven_save sv;
    int rc = relic_file_read(path, &f, err);
    if (!rc)
        rc = riven_save_decode(f.data, f.len, &sv, err);
    if (rc) {
        relic_err_file(err, path);
        relic_buf_free(&f);
        return rc;
    }
    for (size_t i = 0; i < sv.vars.count && i < sv.names.count; i++) {
        int k = c->ns.variables->count ? riven_names_find(c->ns.variables, sv.names.names[i]) : (int)i;
        if (k >= 0)
            riven_vm_set_var(vm, (uint16_t)k, sv.vars.rec[i][2]);
    }
    riven_save_free(&sv);
    relic_buf_free(&f);
    return RELIC_OK;
}

typedef struct rs_tracer {
    const rs_ctx *c;
    json_t *arr;
    rs_screen *screen; /* NULL without --screen/--frames */
    int oom;           /* sticky (relic_json_set): a lost entry fails the run */
} rs_tracer;

static const char *const rs_kinds[] = {"command", "event", "display", "card", "click_ignored", "default_picture"};

static void rs_trace(void *ctx, const riven_trace_ev *ev)
{
    rs_tracer *t = ctx;
    if (t->screen)
        rs_screen_event(t->screen, ev);
    json_t *o = json_object();
    int *oom = &t->oom;
    relic_json_set(o, "kind", json_string(rs_kinds[ev->kind]), oom);
    relic_json_set(o, "step", json_integer((json_int_t)ev->step), oom);
    relic_json_set(o, "time_ms", json_integer((json_int_t)ev->time_ms), oom);
    relic_json_set(o, "card", json_integer(ev->card), oom);
    if (ev->kind == RIVEN_TRACE_COMMAND) {
        const riven_op_info *info = riven_op(ev->op);
        relic_json_set(o, "op", json_integer(ev->op), oom);
        relic_json_set(o, "name", json_string(info ? info->name : "?"), oom);
        json_t *args = json_array();
        for (unsigned i = 0; i < ev->argc; i++)
            relic_json_append(args, json_integer(ev->argv[i]), oom);
        relic_json_set(o, "args", args, oom);
        if (ev->op == 17 && ev->argc)
            relic_json_set(o, "external",
                           riven_names_get(t->c->ns.externals, ev->argv[0])
                               ? json_string(riven_names_get(t->c->ns.externals, ev->argv[0]))
                               : json_null(),
                           oom);
    } else if (ev->kind == RIVEN_TRACE_EVENT) {
        relic_json_set(o, "event", json_string(riven_event_name(ev->event)), oom);
    } else if (ev->kind == RIVEN_TRACE_DISPLAY) {
        relic_json_set(o, "transition", ev->transition < 0 ? json_null() : json_integer(ev->transition), oom);
    }
    if (ev->hotspot >= 0)
        relic_json_set(o, "hotspot", json_integer(ev->hotspot), oom);
    relic_json_append(t->arr, o, oom);
}

/* A click target: a number is a BLST id, anything else a NAME 2 name. */
static int rs_click_id(const rs_ctx *c, const rs_world *w, uint16_t card, const char *s, uint16_t *out)
{
    unsigned long v;
    if (cli_parse_uint(s, 0, 65535, &v) == 0) {
        *out = (uint16_t)v;
        return 0;
    }
    int ni = riven_names_find(c->ns.hotspots, s);
    for (size_t i = 0; ni >= 0 && i < w->n; i++)
        for (unsigned k = 0; w->cards[i].id == card && w->cards[i].hotspots && k < w->cards[i].hotspots->count; k++)
            if (w->cards[i].hotspots->items[k].name == ni) {
                *out = w->cards[i].hotspots->items[k].blst_id;
                return 0;
            }
    return -1;
}

int rs_run(const rs_ctx *c, const rs_opts *o, json_t **summary, relic_err *err)
{
    rs_world w = {0};
    riven_vm *vm = NULL;
    rs_tracer t = {c, json_array(), NULL, 0};
    t.oom = !t.arr;
    if (o->screen || o->frames) {
        if (!(t.screen = calloc(1, sizeof *t.screen))) {
            json_decref(t.arr);
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
        t.screen->c = c;
        t.screen->frames = o->frames;
        if (o->frames && relic_mkdirs(o->frames, err)) {
            free(t.screen);
            json_decref(t.arr);
            return err->code;
        }
    }
    riven_host host = {&t, rs_trace, NULL};
    int rc = rs_world_load(c, &w, err);
    if (!rc)
        rc = (vm = riven_vm_new(w.cards, w.n, &host, err)) ? RELIC_OK : err->code;
    if (rc) {
        rs_world_free(&w);
        json_decref(t.arr);
        return rc;
    }
    if (o->vars)
        rc = rs_load_vars(c, o->vars, vm, err);
    if (!rc)
        rc = riven_vm_goto(vm, (uint16_t)o->card, err);
    if (!rc)
        rc = riven_vm_run(vm, o->max_steps, err);
    if (!rc && o->screen)
        rc = rs_screen_write(t.screen, o->screen, 0, err);
    for (int i = 0; !rc && i < o->nclicks; i++) {
        uint16_t id = 0;
        if (rs_click_id(c, &w, riven_vm_current_card(vm), o->clicks[i], &id))
            rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "no hotspot '%s' on card %u", o->clicks[i],
                               riven_vm_current_card(vm));
        if (!rc)
            rc = riven_vm_click(vm, id, err);
        if (!rc)
            rc = riven_vm_run(vm, o->max_steps, err);
        if (!rc && o->screen)
            rc = rs_screen_write(t.screen, o->screen, (unsigned)i + 1, err);
    }
    if (!rc && t.screen && t.screen->err.code) {
        *err = t.screen->err;
        rc = err->code;
    }
    if (!rc && t.screen)
        rc = rs_screen_absent(t.screen, err);
    json_t *vars = json_object();
    for (unsigned i = 0; i < 65536; i++) {
        if (!riven_vm_var(vm, (uint16_t)i))
            continue;
        const char *name = riven_names_get(c->ns.variables, (uint16_t)i);
        char key[16];
        snprintf(key, sizeof key, "var%u", i);
        relic_json_set(vars, name ? name : key, json_integer(riven_vm_var(vm, (uint16_t)i)), &t.oom);
    }
    *summary =
        json_pack("{s:i,s:i,s:I,s:I,s:o,s:I}", "start_card", (int)o->card, "final_card", riven_vm_current_card(vm),
                  "steps", (json_int_t)riven_vm_steps(vm), "time_ms", (json_int_t)riven_vm_time_ms(vm), "variables",
                  vars, "trace_entries", (json_int_t)json_array_size(t.arr));
    if (t.screen) {
        relic_json_set(*summary, "display_updates", json_integer(t.screen->updates), &t.oom);
        if (o->frames)
            relic_json_set(*summary, "frames", json_integer(t.screen->frames_written), &t.oom);
        if (t.screen->missing)
            relic_json_set(*summary, "pictures_missing", json_integer(t.screen->missing), &t.oom);
    }
    if (t.oom || !*summary) { /* no summary or trace short of a member */
        json_decref(*summary);
        *summary = NULL;
        if (!rc)
            rc = relic_json_check(1, err);
    }
    if (o->trace && *summary) {
        relic_err e;
        relic_err_clear(&e);
        json_t *doc = json_pack("{s:s, s:i, s:O, s:O}", "format", "relic-riven-script-trace", "format_version", 1,
                                "summary", *summary, "trace", t.arr);
        int wrc = cli_write_json(o->trace, doc, &e);
        json_decref(doc);
        if (wrc && !rc) {
            *err = e;
            rc = wrc;
        }
    }
    json_decref(t.arr);
    free(t.screen);
    riven_vm_free(vm);
    rs_world_free(&w);
    return rc;
}
