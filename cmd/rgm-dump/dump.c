/* rgm-dump's report: one jansson tree (sections, actors, and what was
 * asked for), printed as JSON or through dump_print_text. */
#include <stdio.h>
#include "relic/io.h"
#include <string.h>
#include "dump.h"
#include "relic/soup.h"

static json_t *dump_actor(const rgm_actor *a)
{
    return json_pack("{s:s, s:I, s:i, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:i, s:i, s:i}", "name",
                     a->name, "offset", (json_int_t)a->offset, "instances", a->instances, "script_length",
                     (json_int_t)a->script_length, "script_data_offset", (json_int_t)a->script_data_offset, "script_pc",
                     (json_int_t)a->script_pc, "num_strings", (json_int_t)a->num_strings, "string_offsets_index",
                     (json_int_t)a->string_offsets_index, "num_variables", (json_int_t)a->num_variables,
                     "variable_offset", (json_int_t)a->variable_offset, "raat_offset", (json_int_t)a->raat_offset,
                     "rahk_offset", (json_int_t)a->rahk_offset, "ralc_offset", (json_int_t)a->ralc_offset,
                     "raex_offset", (json_int_t)a->raex_offset, "raw_0x89", a->raw_89, "raw_0x8d", a->raw_8d,
                     "raw_0x91", a->raw_91);
}

static int dump_script(dump_ctx *x, const rgm_actor *a, json_t *doc, relic_err *err)
{
    const uint8_t *code;
    size_t len;
    int rc = rgm_actor_script(&x->map, a, &code, &len, err);
    if (rc)
        return rc;
    soup_ctx ctx;
    if ((rc = soup_ctx_from_map(&ctx, &x->map, a, &x->def)))
        return relic_err_set(err, rc, RELIC_NO_OFFSET, "out of memory");
    soup_listing l;
    size_t origin = x->map.rasc ? x->map.rasc->data_offset + a->script_data_offset : 0;
    rc = soup_disasm(&ctx, code, len, a->script_pc, origin, &l, err);
    if (!rc) {
        relic_buf text = RELIC_BUF_INIT;
        soup_listing_text(&l, &text);
        json_t *ins = json_array();
        for (size_t i = 0; i < l.n; i++) {
            const soup_insn *in = &l.ins[i];
            json_t *o =
                json_pack("{s:I, s:I, s:i, s:s, s:s}", "offset", (json_int_t)in->pos, "length", (json_int_t)in->len,
                          "opcode", in->op, "name", soup_opcode_name(in->op), "text", in->text);
            if (in->has_target)
                relic_json_set(o, "target", json_integer(in->target), &x->json_oom);
            if (in->engine_fault) /* a ++/-- inside a formula: the engine fails on it */
                relic_json_set(o, "engine_fault", json_true(), &x->json_oom);
            relic_json_append(ins, o, &x->json_oom);
        }
        relic_json_set(doc, "script",
                       json_pack("{s:s, s:I, s:I, s:o, s:s#}", "actor", a->name, "script_pc", (json_int_t)a->script_pc,
                                 "length", (json_int_t)len, "instructions", ins, "listing",
                                 text.data ? (const char *)text.data : "", (int)text.len),
                       &x->json_oom);
        relic_buf_free(&text);
        soup_listing_free(&l);
    }
    soup_ctx_free(&ctx);
    return rc;
}

static json_t *dump_placements(const rgm_map *m, int *oom)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < m->nplacements; i++) {
        const rgm_placement *p = &m->placements[i];
        relic_json_append(
            arr,
            json_pack("{s:I, s:I, s:i, s:i, s:s, s:s, s:i, s:[i,i,i], s:[I,I,I], s:i, s:i, s:i, s:i, s:i, "
                      "s:[i,i,i]}",
                      "offset", (json_int_t)p->offset, "id", (json_int_t)p->id, "type", p->type, "active", p->active,
                      "script_name", p->script_name, "model_name", p->model_name, "is_static", p->is_static, "pos",
                      p->pos_x, p->pos_y, p->pos_z, "angle", (json_int_t)p->angle_x, (json_int_t)p->angle_y,
                      (json_int_t)p->angle_z, "texture", p->texture, "intensity", p->intensity, "radius", p->radius,
                      "model_id", p->model_id, "world_id", p->world_id, "color", p->red, p->green, p->blue),
            oom);
    }
    return arr;
}

static json_t *dump_attrs(const dump_ctx *x, const rgm_actor *a, int *oom)
{
    const uint8_t *at = rgm_actor_attrs(&x->map, a);
    if (!at)
        return json_null();
    json_t *arr = json_array();
    for (int i = 0; i < 256; i++)
        if (at[i]) {
            json_t *o = json_pack("{s:i, s:i}", "index", i, "value", at[i]);
            if ((size_t)i < x->def.nattrs)
                relic_json_set(o, "name", json_string(x->def.attrs[i]), oom);
            relic_json_append(arr, o, oom);
        }
    return arr;
}

/* Failed allocations set *oom (sticky, relic_json_set), here and in the
 * functions above; dump_report keeps it in x->json_oom. */
static void dump_tables(const dump_ctx *x, const rgm_actor *a, json_t *strs, json_t *vars, json_t *attrs, int *oom)
{
    if (strs) {
        json_t *arr = json_array();
        for (uint32_t k = 0; k < a->num_strings && k < 65536; k++) {
            const char *s;
            relic_json_append(arr,
                              rgm_actor_string(&x->map, a, k, &s, NULL)
                                  ? json_null()
                                  : relic_json_bytes((const uint8_t *)s, strlen(s)),
                              oom);
        }
        relic_json_set(strs, a->name, arr, oom);
    }
    if (vars) {
        json_t *arr = json_array();
        for (uint32_t k = 0; k < a->num_variables && k < 65536; k++) {
            int32_t v;
            relic_json_append(arr, rgm_actor_var(&x->map, a, k, &v, NULL) ? json_null() : json_integer(v), oom);
        }
        relic_json_set(vars, a->name, arr, oom);
    }
    if (attrs)
        relic_json_set(attrs, a->name, dump_attrs(x, a, oom), oom);
}

int dump_report(dump_ctx *x, json_t *doc, relic_err *err)
{
    const dump_opts *o = x->o;
    const rgm_map *m = &x->map;
    json_t *secs = json_array(), *actors = json_array();
    for (size_t i = 0; i < m->file.count; i++) {
        json_t *row = json_pack("{s:s, s:I, s:I}", "tag", m->file.sec[i].tag, "offset",
                                (json_int_t)m->file.sec[i].offset, "size", (json_int_t)m->file.sec[i].len);
        rgm_records r;
        if (rgm_section_records(&m->file.sec[i], &r)) {
            relic_json_set(row, "records",
                           json_pack("{s:I, s:I, s:I}", "size", (json_int_t)r.size, "count", (json_int_t)r.count,
                                     "rest", (json_int_t)r.rest),
                           &x->json_oom);
            if (r.has_count)
                relic_json_set(json_object_get(row, "records"), "declared", json_integer(r.declared), &x->json_oom);
        }
        relic_json_append(secs, row, &x->json_oom);
    }
    for (size_t i = 0; i < m->nactors; i++)
        relic_json_append(actors, dump_actor(&m->actors[i]), &x->json_oom);
    relic_json_set(doc, "sections", secs, &x->json_oom);
    relic_json_set(doc, "actors", actors, &x->json_oom);
    relic_json_set(doc, "end", m->file.has_end ? json_integer((json_int_t)m->file.end_offset) : json_null(),
                   &x->json_oom);
    relic_json_set(doc, "names", json_string(x->def.builtin ? "built-in" : "SOUP386.DEF"), &x->json_oom);
    const rgm_actor *only = NULL;
    if (o->actor && !(only = rgm_map_actor(m, o->actor)))
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "no actor named %s", o->actor);
    json_t *strs = o->strings ? json_object() : NULL, *vars = o->vars ? json_object() : NULL,
           *attrs = o->attrs ? json_object() : NULL;
    for (size_t i = 0; i < m->nactors; i++)
        if (!only || only == &m->actors[i])
            dump_tables(x, &m->actors[i], strs, vars, attrs, &x->json_oom);
    if (strs)
        relic_json_set(doc, "strings", strs, &x->json_oom);
    if (vars)
        relic_json_set(doc, "variables", vars, &x->json_oom);
    if (attrs)
        relic_json_set(doc, "attributes", attrs, &x->json_oom);
    if (o->placements)
        relic_json_set(doc, "placements", dump_placements(m, &x->json_oom), &x->json_oom);
    return only ? dump_script(x, only, doc, err) : RELIC_OK;
}
