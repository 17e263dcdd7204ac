/* gool-dis listing and disassembly: the chunk/entry table of an NSF file,
 * and GOOL entries as assembler text or as JSON (one jansson tree). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "cli.h"
#include "streams.h"
#include "json_report.h"
#include "gool_dis.h"
#include "relic/core.h"
#include "relic/gool_dis.h"
#include "relic/io.h"

int gd_load(const char *path, relic_buf *data, nsf_file *nsf, int *bare, relic_err *err)
{
    memset(nsf, 0, sizeof *nsf);
    *bare = 0;
    int rc = cli_read_input(path, data, err);
    if (rc)
        return rc;
    if (data->len >= 4 && data->data[0] == 0xFF && data->data[1] == 0xFF && data->data[2] == 0 && data->data[3] == 1) {
        *bare = 1;
        return RELIC_OK;
    }
    return nsf_read(data->data, data->len, nsf, err);
}

int gd_entry(const gd_opts *o, const relic_buf *data, const nsf_file *nsf, int bare, gool_entry *g, relic_err *err)
{
    /* Callers free g whatever happens, so it is valid on every return. */
    gool_entry empty = {0};
    *g = empty;
    if (bare)
        return gool_entry_decode(data->data, data->len, 0, g, err);
    uint32_t eid;
    if (!o->entry)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "an NSF file needs --entry NAME");
    if (nsf_eid_parse(o->entry, &eid, err))
        return RELIC_EUSAGE;
    const nsf_entry *e = nsf_find(nsf, eid);
    if (!e)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "no entry named %s", o->entry);
    return gool_entry_decode(e->data, e->len, e->origin, g, err);
}

/* The code array of a JSON listing, one object per word, and its counts;
 * entries and bare code items (--code) share it.  Here and below, failed
 * allocations set *oom (sticky, relic_json_set): a lost member makes no
 * listing. */
static void gd_code_json(const gool_entry *g, gool_game game, int guess, json_t *code, gool_dis_stats *st, int *oom)
{
    uint8_t *fl = calloc(g->code_len + 1, 1);
    memset(st, 0, sizeof *st);
    if (fl)
        gool_dis_labels(g, game, fl);
    gool_ctx cx = {game, g->pool, g->pool_len, g->hdr.eid_count, g->code_len, fl, guess};
    for (size_t pc = 0; pc < g->code_len; pc++) {
        gool_dis_insn in;
        gool_dis_insn_text(&cx, g->code[pc], pc, &in);
        relic_json_append(code,
                          json_pack("{s:I,s:I,s:b,s:s,s:s,s:s}", "pc", (json_int_t)pc, "word", (json_int_t)g->code[pc],
                                    "label", fl && fl[pc], "mnemonic", in.mnemonic, "operands", in.operands, "comment",
                                    in.comment),
                          oom);
        st->insns++;
        st->unknown += in.op == NULL;
        st->invalid += (size_t)in.invalid;
        st->labels += fl && fl[pc];
    }
    free(fl);
}

static json_t *gd_stats_json(const gool_dis_stats *st)
{
    return json_pack("{s:I,s:I,s:I,s:I}", "instructions", (json_int_t)st->insns, "unknown", (json_int_t)st->unknown,
                     "invalid", (json_int_t)st->invalid, "labels", (json_int_t)st->labels);
}

static json_t *gd_entry_json(const gool_entry *g, gool_game game, gool_dis_stats *st, int *oom)
{
    char name[6];
    nsf_eid_name(g->eid, name);
    if (game == GOOL_GAME_AUTO)
        game = gool_detect_game(g->code, g->code_len);
    json_t *root = json_object(), *pool = json_array(), *states = json_array(), *code = json_array();
    relic_json_set(root, "entry", json_string(name), oom);
    relic_json_set(root, "game", json_integer(game), oom);
    relic_json_set(root, "items", json_integer(g->item_count), oom);
    relic_json_set(root, "header",
                   json_pack("{s:I,s:I,s:I,s:I,s:I,s:I}", "id", (json_int_t)g->hdr.id, "category",
                             (json_int_t)g->hdr.category, "format", (json_int_t)g->hdr.format, "stack_start",
                             (json_int_t)g->hdr.stack_start, "event_count", (json_int_t)g->hdr.event_count, "eid_count",
                             (json_int_t)g->hdr.eid_count),
                   oom);
    for (size_t i = 0; i < g->pool_len; i++)
        relic_json_append(pool, json_integer(g->pool[i]), oom);
    relic_json_set(root, "pool", pool, oom);
    for (size_t i = 0; i < g->state_count; i++) {
        const gool_state *s = &g->states[i];
        relic_json_append(states,
                          json_pack("{s:I,s:I,s:i,s:i,s:i,s:i,s:b}", "flags", (json_int_t)s->flags, "status",
                                    (json_int_t)s->status, "extern", s->extern_idx, "event_pc", s->event_pc, "trans_pc",
                                    s->trans_pc, "code_pc", s->code_pc, "local", gool_state_local(g, s)),
                          oom);
    }
    relic_json_set(root, "states", states, oom);
    gd_code_json(g, game, 0, code, st, oom);
    relic_json_set(root, "code", code, oom);
    relic_json_set(root, "stats", gd_stats_json(st), oom);
    return root;
}

/* One entry: text listing to stdout, or its JSON object appended to arr. */
static int gd_one(const gd_opts *o, const gool_entry *g, json_t *arr, int *oom, relic_err *err)
{
    gool_dis_stats st;
    if (o->json) {
        relic_json_append(arr, gd_entry_json(g, o->game, &st, oom), oom);
        return relic_json_check(*oom, err);
    }
    relic_buf text = RELIC_BUF_INIT;
    int rc = gool_disasm_with(g, o->game, o->addresses ? GOOL_DIS_ADDRESSES : 0, &text, &st, err);
    if (!rc)
        fwrite(text.data, 1, text.len, stdout);
    relic_buf_free(&text);
    return rc;
}

static json_t *gd_table(const nsf_file *nsf, int *oom)
{
    json_t *root = json_object(), *chunks = json_array();
    for (size_t i = 0; i < nsf->count; i++) {
        const nsf_chunk *ch = &nsf->chunks[i];
        json_t *ents = json_array();
        for (unsigned k = 0; k < ch->entry_count; k++) {
            const nsf_entry *e = &ch->entries[k];
            char name[6];
            nsf_eid_name(e->eid, name);
            relic_json_append(ents,
                              json_pack("{s:s,s:I,s:I,s:I,s:I}", "name", name, "eid", (json_int_t)e->eid, "type",
                                        (json_int_t)e->type, "size", (json_int_t)e->len, "items",
                                        (json_int_t)e->item_count),
                              oom);
        }
        relic_json_append(chunks,
                          json_pack("{s:I,s:I,s:I,s:I,s:b,s:I,s:b,s:o}", "index", (json_int_t)i, "offset",
                                    (json_int_t)ch->file_offset, "type", (json_int_t)ch->type, "id", (json_int_t)ch->id,
                                    "compressed", ch->compressed, "checksum", (json_int_t)ch->checksum, "checksum_ok",
                                    ch->type == NSF_CHUNK_TEXTURE || ch->checksum == ch->computed, "entries", ents),
                          oom);
    }
    relic_json_set(root, "chunks", chunks, oom);
    relic_json_set(root, "bad_checksums", json_integer(nsf->bad_checksums), oom);
    return root;
}

static void gd_table_text(const json_t *root)
{
    size_t i, k;
    json_t *ch, *e;
    json_array_foreach (json_object_get(root, "chunks"), i, ch) {
        printf("chunk %zu  offset 0x%06llx  type %lld  id %lld  %s  checksum 0x%08llx %s\n", i,
               (long long)json_integer_value(json_object_get(ch, "offset")),
               (long long)json_integer_value(json_object_get(ch, "type")),
               (long long)json_integer_value(json_object_get(ch, "id")),
               json_is_true(json_object_get(ch, "compressed")) ? "compressed" : "plain",
               (long long)json_integer_value(json_object_get(ch, "checksum")),
               json_is_true(json_object_get(ch, "checksum_ok")) ? "ok" : "BAD");
        json_array_foreach (json_object_get(ch, "entries"), k, e)
            printf("  %s  type %2lld  %6lld bytes  %lld items\n", json_string_value(json_object_get(e, "name")),
                   (long long)json_integer_value(json_object_get(e, "type")),
                   (long long)json_integer_value(json_object_get(e, "size")),
                   (long long)json_integer_value(json_object_get(e, "items")));
    }
    printf("%lld bad checksums\n", (long long)json_integer_value(json_object_get(root, "bad_checksums")));
}

static int gd_all(const gd_opts *o, const nsf_file *nsf, json_t *arr, int *oom, relic_err *err)
{
    for (size_t i = 0; i < nsf->count; i++)
        for (unsigned k = 0; k < nsf->chunks[i].entry_count; k++) {
            const nsf_entry *e = &nsf->chunks[i].entries[k];
            if (e->type != GOOL_ENTRY_TYPE)
                continue;
            gool_entry g;
            int rc = gool_entry_decode(e->data, e->len, e->origin, &g, err);
            if (!rc)
                rc = gd_one(o, &g, arr, oom, err);
            gool_entry_free(&g);
            if (rc)
                return rc;
        }
    return RELIC_OK;
}

int gd_list(const gd_opts *o)
{
    relic_buf data = RELIC_BUF_INIT;
    nsf_file nsf;
    int bare, rc;
    relic_err err;
    relic_err_clear(&err);
    json_t *doc = NULL;
    rc = gd_load(o->input, &data, &nsf, &bare, &err);
    int oom = 0, unprinted = 0; /* unprinted: the JSON report failed, and said so */
    if (!rc && !bare && !o->entry && !o->all) {
        doc = gd_table(&nsf, &oom);
        rc = relic_json_check(oom, &err);
        if (!rc && o->json)
            unprinted = cli_json_report(doc, "relic-gool-dis-list", 1, "files") != 0;
        else if (!rc)
            gd_table_text(doc);
    } else if (!rc) {
        json_t *arr = o->json ? json_array() : NULL;
        if (o->all && !bare) {
            rc = gd_all(o, &nsf, arr, &oom, &err);
        } else {
            gool_entry g;
            rc = gd_entry(o, &data, &nsf, bare, &g, &err);
            if (!rc)
                rc = gd_one(o, &g, arr, &oom, &err);
            gool_entry_free(&g);
        }
        if (!rc && arr)
            unprinted = cli_json_report(arr, "relic-gool-dis", 1, "entries") != 0;
        doc = arr;
    }
    json_decref(doc);
    nsf_free(&nsf);
    relic_buf_free(&data);
    if (rc) {
        relic_err_file(&err, o->input);
        cli_report(&err);
    }
    return unprinted ? CLI_EXIT_IO : cli_exit_code(rc);
}

static int gd_words(const char *path, relic_buf *b, uint32_t **w, size_t *n, relic_err *err)
{
    int rc = cli_read_input(path, b, err);
    if (rc)
        return rc;
    if (b->len % 4)
        return relic_err_set(err, RELIC_EDATA, b->len & ~(size_t)3, "%zu bytes is not a whole number of words", b->len);
    *n = b->len / 4;
    *w = calloc(*n + 1, 4);
    if (!*w)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (size_t i = 0; i < *n; i++)
        (*w)[i] = relic_rd_le32(b->data + 4 * i);
    return RELIC_OK;
}

int gd_code(const gd_opts *o)
{
    relic_buf cb = RELIC_BUF_INIT, pb = RELIC_BUF_INIT, text = RELIC_BUF_INIT;
    uint32_t *code = NULL, *pool = NULL;
    size_t nc = 0, np = 0;
    relic_err err;
    relic_err_clear(&err);
    const char *file = o->code;
    int unprinted = 0;
    int rc = gd_words(o->code, &cb, &code, &nc, &err);
    if (!rc && o->pool) {
        file = o->pool;
        rc = gd_words(o->pool, &pb, &pool, &np, &err);
    }
    gool_dis_stats st;
    if (!rc && o->json) {
        /* A bare code item has no header: every pool word may be an EID. */
        gool_game game = o->game != GOOL_GAME_AUTO ? o->game : gool_detect_game(code, nc);
        gool_entry g = {0};
        g.code = code;
        g.code_len = nc;
        g.pool = pool;
        g.pool_len = np;
        g.hdr.eid_count = (uint32_t)np;
        json_t *root = json_object(), *arr = json_array();
        int oom = 0; /* sticky (relic_json_set): a lost member makes no listing */
        relic_json_set(root, "format", json_string("relic-gool-dis-code"), &oom);
        relic_json_set(root, "format_version", json_integer(1), &oom);
        relic_json_set(root, "game", json_integer(game), &oom);
        gd_code_json(&g, game, 1, arr, &st, &oom);
        relic_json_set(root, "code", arr, &oom);
        relic_json_set(root, "stats", gd_stats_json(&st), &oom);
        rc = relic_json_check(oom, &err);
        if (!rc && cli_json_report(root, "relic-gool-dis-code", 1, NULL))
            unprinted = 1; /* reported */
        json_decref(root);
    } else if (!rc) {
        rc =
            gool_disasm_code_with(code, nc, pool, np, o->game, o->addresses ? GOOL_DIS_ADDRESSES : 0, &text, &st, &err);
    }
    if (!rc && !o->json)
        fwrite(text.data, 1, text.len, stdout);
    free(code);
    free(pool);
    relic_buf_free(&cb);
    relic_buf_free(&pb);
    relic_buf_free(&text);
    if (rc) {
        relic_err_file(&err, file);
        cli_report(&err);
    }
    return unprinted ? CLI_EXIT_IO : cli_exit_code(rc);
}
