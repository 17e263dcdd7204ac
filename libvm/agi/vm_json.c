/* The interpreter state as JSON for pic-render --state (names follow
 * agi-spec conformance_results.md "Portable values": variables as vN,
 * flags as fN, observable concepts rather than storage). */
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include "relic/text.h"
#include "relic/agi_vm_json.h"
#include "vm_private.h"

static json_t *agi_vm_obj_json(const agi_vm *vm, unsigned i)
{
    const agi_vm_obj *o = &vm->obj[i];
    static const char *motions[] = {"normal", "wander", "follow", "move"};
    static const char *cycles[] = {"normal", "end.of.loop", "reverse.loop", "reverse"};
    json_t *j = json_pack("{s:i, s:b, s:b, s:b, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:s, s:s, s:b, s:i}",
                          "number", i, "drawn", o->drawn, "animated", o->animated, "updating", o->updating, "x", o->x,
                          "y", o->y, "view", o->view, "loop", o->loop, "cel", o->cel, "width", o->width, "height",
                          o->height, "direction", o->dir, "step", o->step, "motion", motions[o->motion & 3], "cycle",
                          cycles[o->cycle_mode & 3], "cycling", o->cycling, "priority", agi_vm_obj_priority(vm, o));
    return j;
}

static json_t *agi_vm_json_text(const char *s)
{
    relic_buf b = RELIC_BUF_INIT;
    relic_cp437_to_utf8((const uint8_t *)s, strlen(s), &b);
    relic_buf_u8(&b, 0);
    json_t *j = json_string(b.oom ? "" : (const char *)b.data);
    relic_buf_free(&b);
    return j ? j : json_string("");
}

/* The modal the cycle waits on (null when none) and the open window. */
static json_t *agi_vm_modal_json(const agi_vm *vm)
{
    static const char *kinds[] = {"none", "message", "confirm", "edit", "inventory", "menu", "save", "restore"};
    const agi_vm_modal *m = &vm->modal;
    if (m->kind == AGI_MODAL_NONE || m->kind >= sizeof kinds / sizeof kinds[0])
        return json_null();
    json_t *j = json_pack("{s:s, s:i}", "kind", kinds[m->kind], "selection", m->sel);
    if (m->kind == AGI_MODAL_EDIT || (m->kind == AGI_MODAL_SAVE && m->purpose))
        json_object_set_new(j, "edit", agi_vm_json_text(m->edit));
    if (m->kind == AGI_MODAL_CONFIRM)
        json_object_set_new(j, "confirm", json_string(m->purpose == AGI_CONFIRM_RESTART ? "restart" : "quit"));
    if (m->kind == AGI_MODAL_MENU)
        json_object_set_new(j, "heading", json_integer(m->heading));
    return j;
}

json_t *agi_vm_state_json(const agi_vm *vm)
{
    /* Flags as {"f0": false, ...}: the shape of save-inspect --json and of
     * the conformance results' "values" (issue 18: one form for one state). */
    json_t *vars = json_object(), *flags = json_object(), *strings = json_array(), *objs = json_array();
    json_t *inv = json_array(), *words = json_array(), *log = json_array(), *gaps = json_array();
    char name[16];
    for (unsigned i = 0; i < 256; i++) {
        snprintf(name, sizeof name, "v%u", i);
        json_object_set_new(vars, name, json_integer(vm->vars[i]));
        snprintf(name, sizeof name, "f%u", i);
        json_object_set_new(flags, name, json_boolean(vm->flags[i]));
    }
    for (unsigned i = 0; i < vm->rules->string_slots && i < 12; i++) {
        char s[41];
        snprintf(s, sizeof s, "%.40s", vm->strings[i]);
        json_array_append_new(strings, agi_vm_json_text(s));
    }
    for (unsigned i = 0; i < AGI_VM_OBJECTS; i++)
        if (vm->obj[i].drawn || vm->obj[i].animated)
            json_array_append_new(objs, agi_vm_obj_json(vm, i));
    for (unsigned i = 0; i < vm->item_count; i++) {
        const char *n = vm->objects_meta.items[i].name;
        json_array_append_new(inv, json_pack("{s:i, s:o, s:i}", "item", i, "name", agi_vm_json_text(n ? n : ""),
                                             "location", vm->items[i]));
    }
    for (unsigned i = 0; i < vm->input.parsed_n; i++)
        json_array_append_new(words,
                              json_pack("{s:i, s:s}", "id", vm->input.parsed[i], "text", vm->input.parsed_text[i]));
    unsigned first = vm->msg_n > AGI_VM_MSG_LOG ? vm->msg_n - AGI_VM_MSG_LOG : 0;
    for (unsigned i = first; i < vm->msg_n; i++)
        json_array_append_new(log, agi_vm_json_text(vm->msg_log[i % AGI_VM_MSG_LOG]));
    for (const agi_vm_gap *g = agi_vm_gaps; g->missing; g++)
        if (vm->unimpl_seen[g->opcode])
            json_array_append_new(gaps, json_pack("{s:i, s:s, s:i, s:b}", "opcode", g->opcode, "missing", g->missing,
                                                  "times", vm->unimpl_seen[g->opcode], "partial", g->partial));
    json_t *parser = json_pack("{s:o, s:i, s:b, s:b, s:o}", "words", words, "count", vm->input.parse_count, "f2",
                               vm->flags[AGI_F_INPUT], "f4", vm->flags[AGI_F_SAID], "last_input",
                               agi_vm_json_text(vm->input.last_input));
    json_t *text = json_array();
    for (unsigned r = 0; r < 25; r++)
        json_array_append_new(text, agi_vm_json_text(vm->txt.text[r]));
    json_t *j =
        json_pack("{s:s, s:s, s:I, s:i, s:i, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:i, s:b, s:b, s:o}", "format",
                  "relic-agi-state", "profile", vm->profile->name, "cycle", (json_int_t)vm->cycle, "room",
                  vm->vars[AGI_V_ROOM], "horizon", vm->horizon, "variables", vars, "flags", flags, "strings", strings,
                  "objects", objs, "inventory", inv, "parser", parser, "messages", log, "unimplemented", gaps,
                  "picture", vm->picture, "shown", vm->shown, "quit", vm->quit, "text", text);
    if (vm->warning[0])
        json_object_set_new(j, "warning", json_string(vm->warning));
    json_object_set_new(j, "format_version", json_integer(2)); /* 2: flags as an object */
    json_object_set_new(j, "signature", json_string(vm->signature));
    json_object_set_new(j, "replay_count", json_integer(vm->replay.count));
    json_object_set_new(j, "replay_dropped", json_integer(vm->replay.dropped));
    json_object_set_new(j, "abandoned_cycles", json_integer(vm->abandoned));
    json_object_set_new(j, "last_abandon", vm->abandon_msg[0] ? json_string(vm->abandon_msg) : json_null());
    json_object_set_new(j, "modal", agi_vm_modal_json(vm));
    json_object_set_new(j, "window", vm->txt.win_open ? agi_vm_json_text(vm->txt.window) : json_null());
    return j;
}
