/* rgm-dump --run/--all: the map's actors in the SOUP VM with the stub
 * host, and the deterministic trace it records, as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dump.h"
#include "streams.h"
#include "relic/io.h"
#include "relic/soup_vm.h"

static const char *const dump_ev_kind[] = {"call", "flag", "latch", "var", "attr", "end", "task_done"};
static const char *const dump_call_kind[] = {"function", "task", "multitask"};

/* Failed allocations set *oom (sticky, relic_json_set). */
static json_t *dump_trace(const soup_vm *vm, const soup_def *def, const soup_stub *s, int *oom)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < s->nev; i++) {
        const soup_trace_ev *e = &s->ev[i];
        json_t *o = json_pack("{s:I, s:s, s:s}", "tick", (json_int_t)e->tick, "event", dump_ev_kind[e->kind], "actor",
                              soup_vm_actor_name(vm, e->actor));
        if (e->kind == SOUP_EV_CALL) {
            json_t *args = json_array();
            for (unsigned k = 0; k < e->nargs; k++)
                relic_json_append(args, e->strs[k] ? json_string(e->strs[k]) : json_integer(e->args[k]), oom);
            relic_json_set(o, "function",
                           e->index < def->nfn ? json_string(def->fn[e->index].name) : json_integer(e->index), oom);
            relic_json_set(o, "receiver", json_string(soup_vm_actor_name(vm, e->receiver)), oom);
            relic_json_set(o, "kind", json_string(dump_call_kind[e->call_kind]), oom);
            relic_json_set(o, "initial", json_boolean(e->initial), oom);
            relic_json_set(o, "elapsed", json_integer(e->elapsed), oom);
            relic_json_set(o, "args", args, oom);
        } else if (e->kind == SOUP_EV_END) {
            relic_json_set(o, "at", json_integer(e->old_value), oom);
            relic_json_set(o, "target", json_integer(e->new_value), oom);
        } else if (e->kind == SOUP_EV_TASK_DONE) {
            relic_json_set(o, "operand", json_integer(e->index), oom);
        } else {
            relic_json_set(o, "index", json_integer(e->index), oom);
            if ((e->kind == SOUP_EV_FLAG || e->kind == SOUP_EV_LATCH) && e->index < def->nflags)
                relic_json_set(o, "name", json_string(def->flags[e->index].name), oom);
            relic_json_set(o, "old", json_integer(e->old_value), oom);
            relic_json_set(o, "new", json_integer(e->new_value), oom);
        }
        relic_json_append(arr, o, oom);
    }
    return arr;
}

int dump_run(dump_ctx *x, json_t *doc, relic_err *err)
{
    const dump_opts *o = x->o;
    soup_stub *stub = calloc(1, sizeof *stub);
    if (!stub)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    soup_stub_init(stub);
    stub->default_task_len = (unsigned)o->task_len;
    /* Without --trace nothing is kept per event (only counted); with it the
     * record is bounded by the step budget: at most max_steps events. */
    stub->record = o->trace != NULL;
    stub->max_events = (size_t)o->max_steps;
    soup_host host = soup_stub_host(stub);
    soup_vm_config cfg = {256, (uint32_t)o->seed, 0, 0};
    soup_vm *vm = soup_vm_new(&x->def, &host, &cfg);
    int rc =
        vm ? soup_vm_load_map(vm, &x->map, err) : relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int actor = -1;
    if (!rc && o->run && (actor = soup_vm_find_actor(vm, o->run)) < 0)
        rc = relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "no actor named %s", o->run);
    relic_err run_err;
    relic_err_clear(&run_err);
    int run_rc = rc ? rc : soup_vm_run(vm, actor, (uint32_t)o->ticks, o->max_steps, &run_err);
    if (!rc) {
        json_t *run = json_pack("{s:I, s:I, s:I}", "ticks", (json_int_t)soup_vm_tick_count(vm), "statements",
                                (json_int_t)soup_vm_steps(vm), "events", (json_int_t)(stub->nev + stub->dropped));
        if (run_rc) {
            char line[400];
            relic_err_format(&run_err, line, sizeof line);
            relic_json_set(run, "stopped", json_string(line), &x->json_oom);
        }
        relic_json_set(doc, "run", run, &x->json_oom);
        if (o->trace) {
            int trace_oom = 0;
            json_t *tr =
                json_pack("{s:s, s:i, s:s, s:I, s:I, s:I, s:I, s:o}", "format", "relic-rgm-dump-trace",
                          "format_version", 1, "scope", o->run ? o->run : "all", "ticks", (json_int_t)o->ticks, "seed",
                          (json_int_t)o->seed, "task_length", (json_int_t)o->task_len, "events_dropped",
                          (json_int_t)stub->dropped, "events", dump_trace(vm, &x->def, stub, &trace_oom));
            rc = relic_json_check(trace_oom, err);
            if (!rc)
                rc = cli_write_json(o->trace, tr, err);
            json_decref(tr);
        }
        if (!rc && run_rc) {
            *err = run_err;
            rc = run_rc;
        }
    }
    soup_vm_free(vm);
    soup_stub_free(stub);
    free(stub);
    return rc;
}
