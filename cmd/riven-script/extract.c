/* riven-script --extract: every selected resource raw as
 * OUT/<archive>/<TYPE>/<id>[_name].bin and, unless --raw-only, converted
 * (extract_convert.c; a tBMP's PNG keeps its bytes, so it has no .bin
 * unless it does not decode); then per archive the manifest --build reads back
 * and an index.html (extract_index.c).  Resources are independent jobs on
 * a pool of -j N threads; each is read from the archive's map and its pages
 * are released afterwards, so memory is bounded by the largest resources in
 * flight, not by the archive.  Every file is written atomically; messages
 * are printed in job order after the pool, so the output is the same for
 * any N.  A broken directory entry (a truncated archive) is reported with
 * its offset and the rest is still extracted. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "cli.h"
#include "relic/core.h"
#include "relic/io.h"
#include "rscript.h"

/* Makes OUT/<archive>/<TYPE> for every selected resource, once per folder. */
static int rs_prepare_dirs(const rs_ctx *c, const rs_opts *o, relic_err *err)
{
    char last[400] = "", rel[420], path[4096];
    for (size_t i = 0; i < c->n; i++) {
        char arch[128];
        rs_archive_dir(&c->ar[i], arch);
        for (size_t k = 0; k < c->ar[i].a.count; k++) {
            const mhk_resource *r = &c->ar[i].a.res[k];
            if (!rs_selected(o, r))
                continue;
            char base[200], dir[400];
            rs_resource_base(r, base, sizeof base);
            *strchr(base, '/') = 0;
            snprintf(dir, sizeof dir, "%s/%s", arch, base);
            if (!strcmp(dir, last))
                continue;
            snprintf(last, sizeof last, "%s", dir);
            snprintf(rel, sizeof rel, "%s/x", dir);
            int rc = relic_path_join(o->dest.root, rel, 1, path, sizeof path, err);
            if (rc)
                return rc;
        }
    }
    return RELIC_OK;
}

int rs_parse_only(const char *arg, rs_opts *o)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", arg);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(tok, ':');
        if (colon)
            *colon = 0;
        if (strlen(tok) != 4 || o->nsel == (int)RELIC_COUNTOF(o->sel))
            return -1;
        unsigned long id = 0;
        if (colon && cli_parse_uint(colon + 1, 0, 65535, &id))
            return -1;
        o->sel[o->nsel].tag = mhk_tag(tok);
        o->sel[o->nsel].id = colon ? (long)id : -1;
        o->nsel++;
    }
    return 0;
}

typedef struct rs_job {
    const rs_archive *a;
    const mhk_resource *r;
    rs_out *out; /* read by the manifest and the page */
    int rc, did;
    relic_err err;
} rs_job;

/* A worker's read buffer, reused across its resources. */
typedef struct rs_worker_buf {
    uint8_t *p;
    size_t cap;
} rs_worker_buf;

typedef struct rs_pool {
    const rs_ctx *c;
    const rs_opts *o;
    rs_job *jobs;
    size_t n;
    atomic_size_t next, done;
} rs_pool;

/* Drops the resource's pages from this process (they are clean file
 * pages: the kernel reads them again if anything needs them). */
static void rs_release(const rs_archive *a, const mhk_resource *r)
{
    if (!a->map.mapped || !r->size || a->fd >= 0) /* read with pread: its pages were never touched */
        return;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    uintptr_t base = (uintptr_t)a->map.data, lo = (base + r->offset) & ~(uintptr_t)(page - 1);
    uintptr_t hi = (base + r->offset + r->size + page - 1) & ~(uintptr_t)(page - 1);
    madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

/* The resource's bytes: one pread into the worker's buffer (so the
 * archive's pages never count against this process), or the map. */
static const uint8_t *rs_job_data(const rs_job *j, rs_worker_buf *wb, relic_err *err)
{
    if (j->a->fd < 0 || j->r->size == 0)
        return mhk_data(&j->a->a, j->r);
    if (j->r->size > wb->cap) {
        uint8_t *g = realloc(wb->p, j->r->size);
        if (!g) {
            relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
            return NULL;
        }
        wb->p = g;
        wb->cap = j->r->size;
    }
    size_t done = 0;
    while (done < j->r->size) {
        ssize_t got = pread(j->a->fd, wb->p + done, j->r->size - done, (off_t)j->r->offset + (off_t)done);
        if (got <= 0) {
            relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot read %u bytes at 0x%x", j->r->size, j->r->offset);
            relic_err_file(err, j->a->path);
            return NULL;
        }
        done += (size_t)got;
    }
    return wb->p;
}

static void rs_job_run(const rs_pool *p, rs_job *j, rs_worker_buf *wb)
{
    char arch[128], base[400], rel[420];
    rs_archive_dir(j->a, arch);
    size_t k = (size_t)snprintf(base, sizeof base, "%s/", arch);
    rs_resource_base(j->r, base + k, sizeof base - k);
    relic_err_clear(&j->err);
    if (j->r->broken) {
        char tag[5];
        mhk_tag_str(j->r->tag, tag);
        j->rc = relic_err_set(&j->err, RELIC_EDATA, j->r->broken_at, "%s %u: %s", tag, j->r->id, j->r->why);
        relic_err_file(&j->err, j->a->path);
        return;
    }
    snprintf(rel, sizeof rel, "%s.bin", base);
    const uint8_t *d = rs_job_data(j, wb, &j->err);
    if (!d) {
        j->rc = j->err.code;
        return;
    }
    /* A converted tBMP keeps its bytes inside its PNG: one file, not two. */
    int in_png = !p->o->raw_only && j->r->tag == mhk_tag("tBMP");
    j->rc = in_png ? RELIC_OK : rs_write_prepared(&p->o->dest, rel, d, j->r->size, &j->err);
    if (!j->rc && !p->o->raw_only)
        j->rc = rs_convert(p->c, &p->o->dest, base, j->a, j->r, d, &j->did, j->out, &j->err);
    if (in_png && j->rc == RELIC_OK)
        j->out->form = RS_FORM_PNG;
    if (in_png && j->rc == RELIC_EDATA) {
        /* a bitmap that does not decode is still extracted, raw */
        relic_err why = j->err;
        j->rc = rs_write_prepared(&p->o->dest, rel, d, j->r->size, &j->err);
        if (!j->rc) {
            j->rc = RELIC_EDATA;
            j->err = why;
        }
    }
    if (j->rc == RELIC_EDATA) {
        if (j->err.offset != RELIC_NO_OFFSET)
            j->err.offset += j->r->offset;
        relic_err_file(&j->err, j->a->path);
    }
    rs_release(j->a, j->r);
}

/* The calling thread (show set) also draws the progress line: one
 * thread only, as the line is redrawn in place. */
static void rs_work(rs_pool *p, int show)
{
    rs_worker_buf wb = {NULL, 0};
    for (;;) {
        size_t i = atomic_fetch_add(&p->next, 1);
        if (i >= p->n)
            break;
        rs_job_run(p, &p->jobs[i], &wb);
        size_t done = atomic_fetch_add(&p->done, 1) + 1;
        if (show)
            cli_progress("%zu/%zu resources", done, p->n);
    }
    free(wb.p);
}

static void *rs_worker(void *arg)
{
    rs_work(arg, 0);
    return NULL;
}

static void rs_out_free(rs_out *out, size_t n)
{
    for (size_t i = 0; out && i < n; i++)
        relic_buf_free(&out[i].text);
    free(out);
}

/* Resource bytes that pay for one more thread by default.  A thread costs
 * its start (clone, a stack mapped and faulted in) and shares the folders'
 * locks; below a MiB one thread does the whole job in about a millisecond
 * (the project's 3 KB sample), so only larger archives get more (the
 * synthetic 3,000-bitmap one, 60 MB: 0.20 s wall with one, 0.17 s with
 * two, median of 5 on tmpfs). */
#define RS_BYTES_PER_THREAD (1u << 20)

static unsigned rs_threads(const rs_opts *o, const rs_pool *p)
{
    size_t jobs = p->n, bytes = 0;
    for (size_t i = 0; !o->jobs && i < jobs; i++)
        bytes += p->jobs[i].r->size;
    long n = o->jobs ? (long)o->jobs : sysconf(_SC_NPROCESSORS_ONLN);
    if (!o->jobs && (size_t)n > bytes / RS_BYTES_PER_THREAD + 1)
        n = (long)(bytes / RS_BYTES_PER_THREAD + 1);
    if (n < 1)
        n = 1;
    if ((size_t)n > jobs)
        n = jobs ? (long)jobs : 1;
    return (unsigned)(n > 64 ? 64 : n);
}

static int rs_extract_into(const rs_ctx *c, const rs_opts *o, json_t **summary, relic_err *err)
{
    int rc;
    size_t total = 0;
    for (size_t i = 0; i < c->n; i++)
        total += c->ar[i].a.count;
    rs_pool p = {c, o, relic_calloc_array(total, sizeof(rs_job)), 0, 0, 0};
    rs_out *out = relic_calloc_array(total + 1, sizeof *out); /* RS_FORM_BIN, no text until a job says */
    if (!p.jobs || !out) {
        free(p.jobs);
        free(out);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    for (size_t i = 0, at = 0; i < c->n; at += c->ar[i].a.count, i++)
        for (size_t k = 0; k < c->ar[i].a.count; k++)
            if (rs_selected(o, &c->ar[i].a.res[k]))
                p.jobs[p.n++] = (rs_job){&c->ar[i], &c->ar[i].a.res[k], &out[at + k], 0, 0, {0}};
    if ((rc = rs_prepare_dirs(c, o, err))) {
        free(p.jobs);
        rs_out_free(out, total);
        return rc;
    }
    json_object_seed(1); /* before any thread builds JSON (jansson's rule) */
    unsigned nt = rs_threads(o, &p);
    pthread_t tid[64];
    unsigned started = 0;
    for (unsigned t = 1; t < nt; t++, started++)
        if (pthread_create(&tid[started], NULL, rs_worker, &p) != 0)
            break;
    rs_work(&p, 1);
    for (unsigned t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    cli_progress_done();
    unsigned long raw = 0, converted = 0, failed = 0;
    int worst = RELIC_OK;
    for (size_t i = 0; i < p.n; i++) {
        rs_job *j = &p.jobs[i];
        if (j->rc == RELIC_OK) {
            raw++;
            converted += (unsigned long)j->did;
            if (cli_verbosity() > 0) {
                char tag[5];
                mhk_tag_str(j->r->tag, tag);
                cli_verbose("%s: %s %u extracted%s", j->a->path, tag, j->r->id, j->did ? " and converted" : "");
            }
        } else if (j->rc == RELIC_EDATA) {
            /* a malformed resource is reported and the rest extracted */
            raw += !j->r->broken;
            cli_report(&j->err);
            failed++;
            worst = RELIC_EDATA;
        } else if (!worst || worst == RELIC_EDATA) {
            *err = j->err;
            worst = j->rc;
        }
    }
    free(p.jobs);
    if (worst && worst != RELIC_EDATA) {
        rs_out_free(out, total);
        return worst;
    }
    for (size_t i = 0, at = 0; i < c->n; at += c->ar[i].a.count, i++) {
        relic_err e;
        relic_err_clear(&e);
        if ((rc = rs_write_manifest(c, o, &c->ar[i], &out[at], &e)) ||
            (!o->raw_only && (rc = rs_write_index(c, o, &c->ar[i], &out[at], &e)))) {
            *err = e;
            rs_out_free(out, total);
            return rc;
        }
    }
    rs_out_free(out, total);
    if (!o->raw_only && (rc = rs_write_top_index(c, o, err)))
        return rc;
    *summary = json_pack("{s:s,s:I,s:I,s:I}", "output", o->extract, "raw", (json_int_t)raw, "converted",
                         (json_int_t)converted, "failed", (json_int_t)failed);
    if (worst)
        relic_err_set(err, worst, RELIC_NO_OFFSET, "%lu resources could not be extracted or converted", failed);
    return worst;
}

/* A new OUT is written whole (relic_tree): in a hidden sibling renamed
 * into place after the pages, each file without a rename of its own. */
int rs_extract(const rs_ctx *c, const rs_opts *o, json_t **summary, relic_err *err)
{
    relic_tree tree;
    int rc = relic_tree_begin(&tree, o->extract, err);
    if (rc)
        return rc;
    rs_opts staged = *o;
    staged.dest = (rs_dest){tree.root, tree.out_flags};
    rc = rs_extract_into(c, &staged, summary, err);
    relic_err moved;
    relic_err_clear(&moved);
    if (relic_tree_commit(&tree, &moved) != RELIC_OK) {
        json_decref(*summary); /* nothing was written after all */
        *summary = NULL;
        *err = moved;
        rc = moved.code;
    }
    return rc;
}
