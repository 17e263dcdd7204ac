/* riven-script: resource listing and decompiled card and hotspot scripts,
 * each built once as a JSON tree and printed as JSON or as text from it. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "json_report.h"
#include "relic/io.h"
#include "rscript.h"

const mhk_resource *rs_find(const rs_ctx *c, uint32_t tag, uint16_t id, const rs_archive **which)
{
    for (size_t i = 0; i < c->n; i++) {
        const mhk_resource *r = mhk_find(&c->ar[i].a, tag, id);
        if (r) {
            if (which)
                *which = &c->ar[i];
            return r;
        }
    }
    return NULL;
}

/* Top-level scalars as "key: value", arrays and objects by size. */
static int rs_generic_text(const json_t *doc, relic_buf *out, relic_err *err)
{
    const char *key;
    json_t *v;
    void *it = json_object_iter((json_t *)doc);
    const char *keys[64];
    size_t n = 0;
    for (; it && n < 64; it = json_object_iter_next((json_t *)doc, it))
        keys[n++] = json_object_iter_key(it);
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && strcmp(keys[j - 1], keys[j]) > 0; j--) {
            const char *t = keys[j];
            keys[j] = keys[j - 1];
            keys[j - 1] = t;
        }
    for (size_t i = 0; i < n; i++) {
        key = keys[i];
        v = json_object_get(doc, key);
        if (json_is_string(v))
            relic_buf_printf(out, "%s: %s\n", key, json_string_value(v));
        else if (json_is_integer(v))
            relic_buf_printf(out, "%s: %" JSON_INTEGER_FORMAT "\n", key, json_integer_value(v));
        else if (json_is_array(v))
            relic_buf_printf(out, "%s: %zu entries\n", key, json_array_size(v));
        else if (json_is_boolean(v))
            relic_buf_printf(out, "%s: %s\n", key, json_is_true(v) ? "yes" : "no");
    }
    return relic_buf_check(out, err);
}

int rs_print(const rs_ctx *c, json_t *doc, int (*text)(const json_t *, relic_buf *, relic_err *))
{
    if (!doc) {
        relic_err err;
        relic_err_clear(&err);
        relic_err_set(&err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        cli_report(&err);
        return CLI_EXIT_IO;
    }
    int rc = 0;
    if (c->json) {
        rc = cli_json_report(doc, "relic-riven-script", 1, NULL);
    } else {
        relic_buf out = RELIC_BUF_INIT;
        relic_err err;
        relic_err_clear(&err);
        rc = (text ? text : rs_generic_text)(doc, &out, &err);
        if (!rc && out.len)
            fwrite(out.data, 1, out.len, stdout);
        relic_buf_free(&out);
    }
    json_decref(doc);
    return rc ? CLI_EXIT_IO : CLI_EXIT_OK;
}

json_t *rs_list(const rs_ctx *c)
{
    json_t *doc = json_object(), *arr = json_array();
    int oom = 0; /* sticky (relic_json_set): a lost member makes no listing */
    relic_json_set(doc, "archives", arr, &oom);
    for (size_t i = 0; i < c->n && !oom; i++) {
        const mhk_archive *a = &c->ar[i].a;
        json_t *ao = json_object(), *rs = json_array();
        relic_json_set(ao, "file", json_string(c->ar[i].path), &oom);
        relic_json_set(ao, "resources", rs, &oom);
        for (size_t k = 0; k < a->count && !oom; k++) {
            const mhk_resource *r = &a->res[k];
            char t[5];
            mhk_tag_str(r->tag, t);
            json_t *o = json_object();
            relic_json_set(o, "type", json_string(t), &oom);
            relic_json_set(o, "id", json_integer(r->id), &oom);
            relic_json_set(o, "name",
                           r->name ? relic_json_bytes((const uint8_t *)r->name, strlen(r->name)) : json_null(), &oom);
            relic_json_set(o, "offset", json_integer(r->offset), &oom);
            relic_json_set(o, "size", json_integer(r->size), &oom);
            relic_json_set(o, "flags", json_integer(r->flags), &oom);
            if (r->broken) { /* listed with what the directory declares, and why it cannot be read */
                relic_json_set(o, "broken", json_true(), &oom);
                relic_json_set(o, "declared_offset", json_integer(r->declared_offset), &oom);
                relic_json_set(o, "declared_size", json_integer(r->declared_size), &oom);
                relic_json_set(o, "error", json_string(r->why), &oom);
                relic_json_set(o, "error_offset", json_integer((json_int_t)r->broken_at), &oom);
            }
            relic_json_append(rs, o, &oom);
        }
        relic_json_append(arr, ao, &oom);
    }
    if (oom) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

/* One archive's probe: size, counts, problems, then rows (taken). */
static json_t *rs_probe_archive(const rs_archive *ar, json_t *rows, int *oom)
{
    json_t *types = json_object(), *problems = json_array();
    const mhk_archive *a = &ar->a;
    for (size_t k = 0; k < a->count; k++) {
        const mhk_resource *r = &a->res[k];
        char t[5];
        mhk_tag_str(r->tag, t);
        json_t *n = json_object_get(types, t);
        relic_json_set(types, t, json_integer(n ? json_integer_value(n) + 1 : 1), oom);
        if (r->broken)
            relic_json_append(problems,
                              json_pack("{s:s, s:i, s:s, s:s, s:I}", "type", t, "id", r->id, "severity", "error",
                                        "message", r->why, "offset", (json_int_t)r->broken_at),
                              oom);
    }
    return json_pack("{s:s, s:I, s:I, s:o, s:o, s:o}", "file", ar->path, "size", (json_int_t)ar->map.len,
                     "resource_count", (json_int_t)a->count, "types", types, "problems", problems, "resources", rows);
}

json_t *rs_probe(const rs_ctx *c)
{
    json_t *list = rs_list(c), *archives = json_array();
    int oom = !list;
    for (size_t i = 0; i < c->n && !oom; i++) {
        json_t *rows = json_object_get(json_array_get(json_object_get(list, "archives"), i), "resources");
        relic_json_append(archives, rs_probe_archive(&c->ar[i], json_incref(rows), &oom), &oom);
    }
    json_decref(list);
    json_t *doc =
        json_pack("{s:s, s:i, s:o}", "format", "relic-riven-probe", "format_version", 1, "archives", archives);
    if (oom) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

int rs_list_text(const json_t *doc, relic_buf *out, relic_err *err)
{
    const json_t *arr = json_object_get(doc, "archives");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *ao = json_array_get(arr, i), *rs = json_object_get(ao, "resources");
        relic_buf_printf(out, "%s: %zu resources\n", json_string_value(json_object_get(ao, "file")),
                         json_array_size(rs));
        for (size_t k = 0; k < json_array_size(rs); k++) {
            const json_t *o = json_array_get(rs, k);
            const char *name = json_string_value(json_object_get(o, "name"));
            if (json_is_true(json_object_get(o, "broken"))) {
                relic_buf_printf(out,
                                 "  %s %5" JSON_INTEGER_FORMAT " %8" JSON_INTEGER_FORMAT " bytes at 0x%08" PRIx64
                                 " declared, BROKEN: %s%s%s\n",
                                 json_string_value(json_object_get(o, "type")),
                                 json_integer_value(json_object_get(o, "id")),
                                 json_integer_value(json_object_get(o, "declared_size")),
                                 (uint64_t)json_integer_value(json_object_get(o, "declared_offset")),
                                 json_string_value(json_object_get(o, "error")), name ? "  " : "", name ? name : "");
                continue;
            }
            relic_buf_printf(
                out, "  %s %5" JSON_INTEGER_FORMAT " %8" JSON_INTEGER_FORMAT " bytes at 0x%08" PRIx64 "%s%s\n",
                json_string_value(json_object_get(o, "type")), json_integer_value(json_object_get(o, "id")),
                json_integer_value(json_object_get(o, "size")),
                (uint64_t)json_integer_value(json_object_get(o, "offset")), name ? "  " : "", name ? name : "");
        }
    }
    return relic_buf_check(out, err);
}

static json_t *rs_name(const riven_names *nm, int16_t i)
{
    const char *s = i >= 0 ? riven_names_get(nm, (uint16_t)i) : NULL;
    return s ? json_string(s) : json_null();
}

static int rs_card_json(const rs_ctx *c, const rs_archive *a, const mhk_resource *r, json_t *cards, relic_err *err)
{
    riven_card card;
    int rc = riven_card_decode(mhk_data(&a->a, r), r->size, &card, err);
    if (rc) {
        if (err->offset != RELIC_NO_OFFSET)
            err->offset += r->offset;
        relic_err_file(err, a->path);
        return rc;
    }
    json_t *o = json_object();
    int oom = 0; /* sticky (relic_json_set): a lost member is out of memory */
    relic_json_set(o, "id", json_integer(r->id), &oom);
    relic_json_set(o, "name", rs_name(c->ns.cards, card.name), &oom);
    relic_json_set(o, "name_index", json_integer(card.name), &oom);
    relic_json_set(o, "zip_mode_place", json_integer(card.zip_mode_place), &oom);
    relic_json_set(o, "script", riven_script_json(&card.script, &c->ns), &oom);
    relic_json_append(cards, o, &oom);
    riven_card_free(&card);
    if (relic_json_check(oom, err))
        relic_err_file(err, a->path);
    return oom ? RELIC_ENOMEM : RELIC_OK;
}

static int rs_hspt_json(const rs_ctx *c, const rs_archive *a, const mhk_resource *r, json_t *all, relic_err *err)
{
    riven_hotspots h;
    int rc = riven_hotspots_decode(mhk_data(&a->a, r), r->size, &h, err);
    if (rc) {
        if (err->offset != RELIC_NO_OFFSET)
            err->offset += r->offset;
        relic_err_file(err, a->path);
        return rc;
    }
    json_t *o = json_object(), *arr = json_array();
    int oom = 0; /* sticky (relic_json_set): a lost member is out of memory */
    relic_json_set(o, "card", json_integer(r->id), &oom);
    relic_json_set(o, "hotspots", arr, &oom);
    for (unsigned i = 0; i < h.count && !oom; i++) {
        const riven_hotspot *s = &h.items[i];
        json_t *ho = json_object();
        relic_json_set(ho, "blst_id", json_integer(s->blst_id), &oom);
        relic_json_set(ho, "name", rs_name(c->ns.hotspots, s->name), &oom);
        relic_json_set(ho, "name_index", json_integer(s->name), &oom);
        relic_json_set(ho, "rect", json_pack("[iiii]", s->left, s->top, s->right, s->bottom), &oom);
        relic_json_set(ho, "u0", json_integer(s->u0), &oom);
        relic_json_set(ho, "cursor", json_integer(s->cursor), &oom);
        relic_json_set(ho, "index", json_integer(s->index), &oom);
        /* 0xFFFF on every real hotspot (ScummVM reads it as the transition offset) */
        relic_json_set(ho, "u1", json_integer((uint16_t)s->u1), &oom);
        relic_json_set(ho, "flags", json_integer(s->flags), &oom);
        relic_json_set(ho, "script", riven_script_json(&s->script, &c->ns), &oom);
        relic_json_append(arr, ho, &oom);
    }
    relic_json_append(all, o, &oom);
    riven_hotspots_free(&h);
    if (relic_json_check(oom, err))
        relic_err_file(err, a->path);
    return oom ? RELIC_ENOMEM : RELIC_OK;
}

int rs_decompile_one(const rs_ctx *c, const rs_archive *a, const mhk_resource *r, json_t **doc, relic_err *err)
{
    json_t *cards = json_array(), *hs = json_array();
    *doc = json_pack("{s:o,s:o}", "cards", cards, "hotspots", hs);
    if (!*doc) /* cards and hs went with it */
        return relic_json_check(1, err);
    if (r->tag == mhk_tag("CARD"))
        return rs_card_json(c, a, r, cards, err);
    return rs_hspt_json(c, a, r, hs, err);
}

/* card/hotspot: an id, -1 for all, -2 for none. */
int rs_decompile(const rs_ctx *c, long card, long hotspot, json_t **doc, relic_err *err)
{
    json_t *cards = json_array(), *hs = json_array();
    *doc = json_pack("{s:o,s:o}", "cards", cards, "hotspots", hs);
    if (!*doc)
        return relic_json_check(1, err);
    uint32_t tcard = mhk_tag("CARD"), thspt = mhk_tag("HSPT");
    int found = 0;
    for (size_t i = 0; i < c->n; i++) {
        const rs_archive *a = &c->ar[i];
        for (size_t k = 0; k < a->a.count; k++) {
            const mhk_resource *r = &a->a.res[k];
            int rc = RELIC_OK;
            if (r->tag == tcard && (card == -1 || card == r->id)) {
                rc = rs_card_json(c, a, r, cards, err);
                found++;
            }
            if (r->tag == thspt && (card == -1 || hotspot == r->id)) {
                rc = rc ? rc : rs_hspt_json(c, a, r, hs, err);
                found++;
            }
            if (rc)
                return rc;
        }
    }
    if (!found && card != -1)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "no %s %ld in the archives",
                             card >= 0 ? "CARD" : "HSPT", card >= 0 ? card : hotspot);
    return RELIC_OK;
}

int rs_decompile_text(const json_t *doc, relic_buf *out, relic_err *err)
{
    const json_t *cards = json_object_get(doc, "cards"), *hs = json_object_get(doc, "hotspots");
    for (size_t i = 0; i < json_array_size(cards); i++) {
        const json_t *o = json_array_get(cards, i);
        const char *name = json_string_value(json_object_get(o, "name"));
        /* the header line --build reads, carrying every field of the record */
        relic_buf_printf(out, "card name=%" JSON_INTEGER_FORMAT " zip=%" JSON_INTEGER_FORMAT "\n",
                         json_integer_value(json_object_get(o, "name_index")),
                         json_integer_value(json_object_get(o, "zip_mode_place")));
        relic_buf_printf(out, "# card %" JSON_INTEGER_FORMAT "%s%s\n", json_integer_value(json_object_get(o, "id")),
                         name ? " " : "", name ? name : "");
        int rc = riven_script_text(json_object_get(o, "script"), out, err);
        if (rc)
            return rc;
    }
    for (size_t i = 0; i < json_array_size(hs); i++) {
        const json_t *o = json_array_get(hs, i), *arr = json_object_get(o, "hotspots");
        for (size_t k = 0; k < json_array_size(arr); k++) {
            const json_t *h = json_array_get(arr, k), *rect = json_object_get(h, "rect");
            const char *name = json_string_value(json_object_get(h, "name"));
            relic_buf_printf(
                out, "hotspot blst=%d name=%d rect=%d,%d,%d,%d u0=%d cursor=%d index=%d u1=%d flags=%d\n",
                (int)json_integer_value(json_object_get(h, "blst_id")),
                (int)json_integer_value(json_object_get(h, "name_index")),
                (int)json_integer_value(json_array_get(rect, 0)), (int)json_integer_value(json_array_get(rect, 1)),
                (int)json_integer_value(json_array_get(rect, 2)), (int)json_integer_value(json_array_get(rect, 3)),
                (int)json_integer_value(json_object_get(h, "u0")),
                (int)json_integer_value(json_object_get(h, "cursor")),
                (int)json_integer_value(json_object_get(h, "index")), (int)json_integer_value(json_object_get(h, "u1")),
                (int)json_integer_value(json_object_get(h, "flags")));
            relic_buf_printf(out, "# card %" JSON_INTEGER_FORMAT " hotspot %" JSON_INTEGER_FORMAT "%s%s\n",
                             json_integer_value(json_object_get(o, "card")),
                             json_integer_value(json_object_get(h, "blst_id")), name ? " " : "", name ? name : "");
            int rc = riven_script_text(json_object_get(h, "script"), out, err);
            if (rc)
                return rc;
        }
    }
    return relic_buf_check(out, err);
}
