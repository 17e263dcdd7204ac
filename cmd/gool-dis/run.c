/* gool-dis --run: one object through F frames of the GOOL interpreter,
 * events delivered before the frames they name; the trace printed (text
 * or JSON) and optionally written to a file. */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "cli.h"
#include "json_report.h"
#include "gool_dis.h"
#include "streams.h"
#include "relic/gool_vm.h"
#include "relic/io.h"

static const char *const gd_blocks[] = {"code", "trans", "event", "handler", "head"};

/* Failed allocations set *oom (sticky, relic_json_set): a lost record
 * makes no trace rather than a shorter one. */
static json_t *gd_trace_json(const gool_vm *vm, const char *error, int *oom)
{
    /* the same document on stdout (--json) and in --trace's file */
    json_t *root = json_pack("{s:s, s:i}", "format", "relic-gool-dis-run", "format_version", 1), *recs = json_array();
    size_t ntrace;
    const gool_trace_rec *trace = gool_vm_trace_records(vm, &ntrace);
    for (size_t i = 0; i < ntrace; i++) {
        const gool_trace_rec *r = &trace[i];
        json_t *args = json_array();
        for (unsigned k = 0; k < r->nargs; k++)
            relic_json_append(args, json_integer((json_int_t)(int32_t)r->arg[k]), oom); /* GOOL values are signed */
        relic_json_append(recs,
                          json_pack("{s:I,s:s,s:I,s:I,s:s,s:o,s:I}", "frame", (json_int_t)r->frame, "block",
                                    gd_blocks[r->block % 5], "pc", (json_int_t)r->pc, "word", (json_int_t)r->word, "op",
                                    r->what, "args", args, "result", (json_int_t)(int32_t)r->result),
                          oom);
    }
    relic_json_set(root, "frames", json_integer(gool_vm_frames(vm)), oom);
    relic_json_set(root, "steps", json_integer((json_int_t)gool_vm_steps(vm)), oom);
    relic_json_set(root, "state", json_integer(gool_vm_state(vm)), oom);
    relic_json_set(root, "error", error ? json_string(error) : json_null(), oom);
    relic_json_set(root, "trace", recs, oom);
    return root;
}

static void gd_trace_text(const json_t *root)
{
    size_t i, k;
    json_t *r, *a;
    json_array_foreach (json_object_get(root, "trace"), i, r) {
        printf("frame %lld  %-7s pc %4lld  %-5s", (long long)json_integer_value(json_object_get(r, "frame")),
               json_string_value(json_object_get(r, "block")), (long long)json_integer_value(json_object_get(r, "pc")),
               json_string_value(json_object_get(r, "op")));
        json_array_foreach (json_object_get(r, "args"), k, a)
            printf(" %lld", (long long)json_integer_value(a));
        printf("\n");
    }
    printf("%lld frames, %lld instructions, state %lld\n",
           (long long)json_integer_value(json_object_get(root, "frames")),
           (long long)json_integer_value(json_object_get(root, "steps")),
           (long long)json_integer_value(json_object_get(root, "state")));
}

static int gd_frames(const gd_opts *o, gool_vm *vm, relic_err *err)
{
    int rc = RELIC_OK;
    for (unsigned long f = 0; f < o->frames && !rc; f++) {
        for (unsigned i = 0; i < o->nevents && !rc; i++)
            if (o->events[i].frame == f)
                rc = gool_vm_event(vm, o->events[i].event, 0, NULL, err);
        if (!rc)
            rc = gool_vm_frame(vm, err);
    }
    return rc;
}

int gd_run(const gd_opts *o)
{
    relic_buf data = RELIC_BUF_INIT;
    nsf_file nsf;
    int bare;
    relic_err err;
    relic_err_clear(&err);
    gool_entry g;
    memset(&g, 0, sizeof g);
    gool_vm *vm = NULL;
    int rc = gd_load(o->input, &data, &nsf, &bare, &err);
    if (!rc)
        rc = gd_entry(o, &data, &nsf, bare, &g, &err);
    if (!rc) {
        gool_vm_config cfg = {.game = o->game != GOOL_GAME_AUTO ? o->game : gool_detect_game(g.code, g.code_len),
                              .max_steps = o->max_steps};
        if (!(vm = gool_vm_new(&cfg)))
            rc = relic_err_set(&err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    int loaded = !rc;
    if (!rc)
        rc = gool_vm_init(vm, &g, (unsigned)o->state, (uint32_t)o->seed, &err);
    if (!rc)
        rc = gd_frames(o, vm, &err);
    if (loaded) { /* the trace up to an error is still worth showing */
        int oom = 0;
        json_t *doc = gd_trace_json(vm, rc ? err.msg : NULL, &oom);
        relic_err werr;
        relic_err_clear(&werr);
        if (relic_json_check(oom, &werr)) {
            if (!rc)
                rc = werr.code;
            err = werr;
        } else if (o->json) {
            if (cli_json_report(doc, "relic-gool-dis-run", 1, "frames") && !rc)
                rc = RELIC_EIO; /* reported; err stays clear, so not again */
        } else {
            gd_trace_text(doc);
        }
        if (!oom && o->trace && cli_write_json(o->trace, doc, &werr)) {
            cli_report(&werr);
            if (!rc)
                rc = werr.code;
            err = werr;
        }
        json_decref(doc);
    }
    gool_vm_free(vm);
    gool_entry_free(&g);
    nsf_free(&nsf);
    relic_buf_free(&data);
    fflush(stdout); /* the trace first, then the error that ended it */
    if (rc && err.code != RELIC_OK) {
        relic_err_file(&err, o->input);
        if (!o->trace || rc != RELIC_EIO)
            cli_report(&err);
    }
    return cli_exit_code(rc);
}
