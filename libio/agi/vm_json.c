/* The interpreter state as JSON for pic-render --state (names follow
 * agi-spec conformance_results.md "Portable values": variables as vN,
 * flags as fN, observable concepts rather than storage). */
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include "relic/agi_ext.h"
#include "relic/agi_vm_json.h"
#include "relic/io.h"
#include "../../libvm/agi/vm/vm_private.h" /* the VM state it describes */

static json_t *agi_vm_obj_json(const agi_vm *vm, unsigned i)
{
    const agi_vm_obj *o = &vm->obj[i];
    static const char *motions[] = {"normal", "wander", "follow", "move"};
    static const char *cycles[] = {"normal", "end.of.loop", "reverse.loop", "reverse"};
    json_t *j = json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:b, s:b, s:b, s:i, s:i, s:s, s:s, s:b, s:i}",
                          "number", i, "view", o->view, "loop", o->loop, "cel", o->cel, "width", o->width, "height",
                          o->height, "x", o->x, "y", o->y, "drawn", o->drawn, "animated", o->animated, "updating",
                          o->updating, "direction", o->dir, "step", o->step, "motion", motions[o->motion & 3], "cycle",
                          cycles[o->cycle_mode & 3], "cycling", o->cycling, "priority", agi_vm_obj_priority(vm, o));
    return j;
}

/* The game's text as UTF-8: its bytes read in the game's code page
 * (agi_codepage_for: CP866 for an AGDS game, else CP437).  NULL on a
 * failed allocation, which the sticky setters then catch. */
static json_t *agi_vm_json_text(const agi_vm *vm, const char *s)
{
    size_t n = strlen(s), i = 0;
    while (i < n && (uint8_t)s[i] < 0x80)
        i++;
    if (i == n) /* ASCII is the same in every page and its own UTF-8 */
        return json_stringn_nocheck(s, n);
    relic_buf b = RELIC_BUF_INIT;
    agi_codepage_for(vm->extensions)->to_utf8((const uint8_t *)s, n, &b);
    json_t *j = b.oom ? NULL : json_stringn_nocheck(b.data ? (const char *)b.data : "", b.len);
    relic_buf_free(&b);
    return j;
}

/* The modal the cycle waits on (null when none) and the open window.  Here
 * and in agi_vm_state_json a failed allocation sets *oom (sticky,
 * relic_json_set): the state is then no document rather than a short one. */
static json_t *agi_vm_modal_json(const agi_vm *vm, int *oom)
{
    static const char *kinds[] = {"none", "message", "confirm", "edit", "inventory", "menu", "save", "restore"};
    agi_vm_modal_look look;
    agi_vm_modal_describe(vm, &look);
    const agi_vm_modal_look *m = &look;
    if (m->kind == AGI_MODAL_NONE || (unsigned)m->kind >= sizeof kinds / sizeof kinds[0])
        return json_null();
    json_t *j = json_pack("{s:s, s:i}", "kind", kinds[m->kind], "selection", m->sel);
    if (m->kind == AGI_MODAL_EDIT || (m->kind == AGI_MODAL_SAVE && m->purpose == AGI_SAVEDLG_DESC))
        relic_json_set(j, "edit", agi_vm_json_text(vm, m->edit), oom);
    if (m->kind == AGI_MODAL_CONFIRM)
        relic_json_set(j, "confirm", json_string(m->purpose == AGI_CONFIRM_RESTART ? "restart" : "quit"), oom);
    if (m->kind == AGI_MODAL_MENU)
        relic_json_set(j, "heading", json_integer(m->heading), oom);
    return j;
}

json_t *agi_vm_state_json(const agi_vm *vm)
{
    /* Flags as {"f0": false, ...}: the shape of save-inspect --json and of
     * the conformance results' "values" (issue 18: one form for one state). */
    json_t *vars = json_object(), *flags = json_object(), *strings = json_array(), *objs = json_array();
    json_t *inv = json_array(), *words = json_array(), *log = json_array(), *gaps = json_array();
    char name[16];
    int oom = 0;
    for (unsigned i = 0; i < 256; i++) {
        snprintf(name, sizeof name, "v%u", i);
        relic_json_set(vars, name, json_integer(vm->vars[i]), &oom);
        snprintf(name, sizeof name, "f%u", i);
        relic_json_set(flags, name, json_boolean(vm->flags[i]), &oom);
    }
    for (unsigned i = 0; i < vm->rules->string_slots && i < 12; i++) {
        char s[41];
        snprintf(s, sizeof s, "%.40s", vm->strings[i]);
        relic_json_append(strings, agi_vm_json_text(vm, s), &oom);
    }
    for (unsigned i = 0; i < AGI_VM_OBJECTS; i++)
        if (vm->obj[i].drawn || vm->obj[i].animated)
            relic_json_append(objs, agi_vm_obj_json(vm, i), &oom);
    for (unsigned i = 0; i < vm->item_count; i++) {
        const char *n = vm->objects_meta.items[i].name;
        relic_json_append(
            inv,
            json_pack("{s:i, s:o, s:i}", "item", i, "name", agi_vm_json_text(vm, n ? n : ""), "location", vm->items[i]),
            &oom);
    }
    for (unsigned i = 0; i < agi_vm_input_word_count(vm); i++)
        relic_json_append(words,
                          json_pack("{s:i, s:o}", "id", agi_vm_input_word_id(vm, i), "text",
                                    agi_vm_json_text(vm, agi_vm_input_word_text(vm, i))),
                          &oom);
    unsigned first = vm->msg_n > AGI_VM_MSG_LOG ? vm->msg_n - AGI_VM_MSG_LOG : 0;
    for (unsigned i = first; i < vm->msg_n; i++)
        relic_json_append(log, agi_vm_json_text(vm, vm->msg_log[i % AGI_VM_MSG_LOG]), &oom);
    for (const agi_vm_gap *g = agi_vm_gaps; g->missing; g++)
        if (vm->unimpl_seen[g->opcode])
            relic_json_append(gaps,
                              json_pack("{s:i, s:s, s:i, s:b}", "opcode", g->opcode, "missing", g->missing, "times",
                                        vm->unimpl_seen[g->opcode], "partial", g->partial),
                              &oom);
    json_t *parser = json_pack("{s:i, s:o, s:b, s:b, s:o}", "count", agi_vm_input_parse_count(vm), "words", words, "f2",
                               vm->flags[AGI_F_INPUT], "f4", vm->flags[AGI_F_SAID], "last_input",
                               agi_vm_json_text(vm, agi_vm_input_last_line(vm)));
    json_t *text = json_array();
    for (unsigned r = 0; r < 25; r++)
        relic_json_append(text, agi_vm_json_text(vm, agi_vm_text_row(vm, r)), &oom);
    /* format, identity, counts, then the state (relic/io.h's order) */
    json_t *j = json_pack("{s:s, s:i, s:s, s:i, s:i, s:I, s:i, s:i, s:b, s:b, s:o}", "format", "relic-agi-state",
                          "format_version", 2, /* 2: flags as an object */
                          "profile", vm->profile->name, "picture", vm->picture, "replay_count", agi_vm_replay_count(vm),
                          "cycle", (json_int_t)vm->cycle, "room", vm->vars[AGI_V_ROOM], "horizon", vm->horizon, "shown",
                          vm->shown, "quit", vm->quit, "signature", agi_vm_json_text(vm, vm->signature));
    if (vm->warning[0])
        relic_json_set(j, "warning", json_string(vm->warning), &oom);
    relic_json_set(j, "variables", vars, &oom);
    relic_json_set(j, "flags", flags, &oom);
    relic_json_set(j, "strings", strings, &oom);
    relic_json_set(j, "objects", objs, &oom);
    relic_json_set(j, "inventory", inv, &oom);
    relic_json_set(j, "parser", parser, &oom);
    relic_json_set(j, "messages", log, &oom);
    relic_json_set(j, "unimplemented", gaps, &oom);
    relic_json_set(j, "text", text, &oom);
    relic_json_set(j, "replay_dropped", json_integer(agi_vm_replay_dropped(vm)), &oom);
    relic_json_set(j, "abandoned_cycles", json_integer(vm->abandoned), &oom);
    relic_json_set(j, "last_abandon", vm->abandon_msg[0] ? json_string(vm->abandon_msg) : json_null(), &oom);
    relic_json_set(j, "modal", agi_vm_modal_json(vm, &oom), &oom);
    relic_json_set(j, "window",
                   agi_vm_text_window_open(vm) ? agi_vm_json_text(vm, agi_vm_text_window(vm)) : json_null(), &oom);
    if (oom) {
        json_decref(j);
        return NULL;
    }
    return j;
}
