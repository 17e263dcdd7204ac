/* AGI interpreter core (agi-spec runtime_state.md "Top-level cycle order"
 * and "Resource lifecycle", session_and_persistence.md "Room transition"
 * and "Resource replay sequence"): the VM's life, resource loading with the
 * ordered-discard rule, replay recording, room switches, the cycle and the
 * composed frame. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vm_private.h"

int agi_vm_fail(agi_vm *vm, const char *fmt, ...)
{
    if (vm->err.code)
        return vm->err.code;
    va_list ap;
    va_start(ap, fmt);
    char msg[sizeof vm->err.msg];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char where[48] = "";
    if (vm->depth)
        snprintf(where, sizeof where, "logic %u offset 0x%x: ", vm->stack[vm->depth - 1].logic,
                 (unsigned)vm->stack[vm->depth - 1].pc);
    return relic_err_set(&vm->err, RELIC_EDATA, RELIC_NO_OFFSET, "cycle %lu: %s%s", vm->cycle, where, msg);
}

void agi_vm_log(agi_vm *vm, const char *kind, const char *text)
{
    char *slot = vm->msg_log[vm->msg_n % AGI_VM_MSG_LOG];
    snprintf(slot, sizeof vm->msg_log[0], "%lu %s: %s", vm->cycle, kind, text ? text : "");
    vm->msg_n++;
}

/* xorshift32: our own deterministic stand-in for the profile's generator,
 * whose seed the spec treats as a conformance input ("Approach and random
 * motion"). */
uint16_t agi_vm_random(agi_vm *vm)
{
    uint32_t x = vm->rng;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    vm->rng = x;
    return (uint16_t)(x >> 8);
}

void agi_vm_record(agi_vm *vm, uint8_t kind, uint8_t value)
{
    if (vm->replay_off || vm->flags[7] || !vm->replay)
        return;
    if (vm->replay_count >= vm->replay_cap) {
        agi_vm_fail(vm, "replay list full (%u pairs; script.size too small)", vm->replay_cap);
        return;
    }
    vm->replay[2 * vm->replay_count] = kind;
    vm->replay[2 * vm->replay_count + 1] = value;
    vm->replay_count++;
}

static int agi_vm_load(agi_vm *vm, agi_kind kind, unsigned n, relic_buf *out)
{
    agi_record rec;
    relic_err e;
    relic_err_clear(&e);
    if (!vm->game)
        return agi_vm_fail(vm, "%s %u: no game to load it from", agi_kind_name(kind), n);
    if (agi_game_load(vm->game, kind, n, &rec, out, &e))
        return agi_vm_fail(vm, "%s %u: %s", agi_kind_name(kind), n, e.msg);
    return RELIC_OK;
}

int agi_vm_load_logic(agi_vm *vm, unsigned n, int record)
{
    n &= 0xff;
    if (vm->logic[n] && vm->logic[n]->loaded)
        return RELIC_OK;
    agi_vm_logic *l = vm->logic[n];
    if (!l && !(l = vm->logic[n] = calloc(1, sizeof *l)))
        return agi_vm_fail(vm, "out of memory");
    relic_buf_free(&l->payload);
    if (agi_vm_load(vm, AGI_LOGIC, n, &l->payload))
        return vm->err.code;
    relic_err e;
    relic_err_clear(&e);
    agi_logic_messages_free(&l->msgs);
    if (agi_logic_messages_decode(l->payload.data, l->payload.len, &l->msgs, &e))
        return agi_vm_fail(vm, "logic %u: %s (payload offset 0x%zx)", n, e.msg, e.offset);
    l->code_len = l->msgs.code_length;
    l->loaded = 1;
    if (record)
        agi_vm_record(vm, AGI_REPLAY_LOAD_LOGIC, (uint8_t)n);
    return RELIC_OK;
}

int agi_vm_install_logic(agi_vm *vm, unsigned n, const uint8_t *payload, size_t len, relic_err *err)
{
    n &= 0xff;
    agi_vm_logic *l = vm->logic[n];
    if (!l && !(l = vm->logic[n] = calloc(1, sizeof *l)))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    relic_buf_free(&l->payload);
    agi_logic_messages_free(&l->msgs);
    l->loaded = 0;
    relic_buf_append(&l->payload, payload, len);
    if (relic_buf_check(&l->payload, err))
        return err->code;
    if (agi_logic_messages_decode(l->payload.data, l->payload.len, &l->msgs, err))
        return err->code;
    l->code_len = l->msgs.code_length;
    l->scan_start = 0;
    l->loaded = l->pinned = 1;
    return RELIC_OK;
}

int agi_vm_load_pic(agi_vm *vm, unsigned n, int record)
{
    n &= 0xff;
    if (vm->pic_loaded[n])
        return RELIC_OK;
    relic_buf_free(&vm->pic[n]);
    if (agi_vm_load(vm, AGI_PICTURE, n, &vm->pic[n]))
        return vm->err.code;
    vm->pic_loaded[n] = 1;
    vm->pic_order[vm->pic_n++] = (uint8_t)n;
    if (record)
        agi_vm_record(vm, AGI_REPLAY_LOAD_PICTURE, (uint8_t)n);
    return RELIC_OK;
}

int agi_vm_load_view(agi_vm *vm, unsigned n, int record)
{
    n &= 0xff;
    if (vm->view[n])
        return RELIC_OK;
    relic_buf p = RELIC_BUF_INIT;
    if (agi_vm_load(vm, AGI_VIEW, n, &p))
        return vm->err.code;
    agi_view *v = calloc(1, sizeof *v);
    relic_err e;
    relic_err_clear(&e);
    if (!v || agi_view_decode(p.data, p.len, vm->profile, v, &e)) {
        free(v);
        relic_buf_free(&p);
        return agi_vm_fail(vm, "view %u: %s", n, v ? e.msg : "out of memory");
    }
    relic_buf_free(&p);
    vm->view[n] = v;
    vm->view_order[vm->view_n++] = (uint8_t)n;
    if (record)
        agi_vm_record(vm, AGI_REPLAY_LOAD_VIEW, (uint8_t)n);
    return RELIC_OK;
}

int agi_vm_load_sound(agi_vm *vm, unsigned n, int record)
{
    n &= 0xff;
    if (vm->sound[n])
        return RELIC_OK;
    relic_buf p = RELIC_BUF_INIT;
    if (agi_vm_load(vm, AGI_SOUND, n, &p))
        return vm->err.code;
    agi_sound *s = calloc(1, sizeof *s);
    relic_err e;
    relic_err_clear(&e);
    if (!s || agi_sound_decode(p.data, p.len, s, &e)) {
        free(s);
        relic_buf_free(&p);
        return agi_vm_fail(vm, "sound %u: %s", n, s ? e.msg : "out of memory");
    }
    relic_buf_free(&p);
    vm->sound[n] = s;
    if (record)
        agi_vm_record(vm, AGI_REPLAY_LOAD_SOUND, (uint8_t)n);
    return RELIC_OK;
}

/* "Discarding one of those resources also discards every resource loaded
 * later in the same family." */
void agi_vm_discard_pic(agi_vm *vm, unsigned n)
{
    n &= 0xff;
    for (unsigned i = 0; i < vm->pic_n; i++) {
        if (vm->pic_order[i] != n)
            continue;
        for (unsigned j = i; j < vm->pic_n; j++) {
            relic_buf_free(&vm->pic[vm->pic_order[j]]);
            vm->pic_loaded[vm->pic_order[j]] = 0;
        }
        vm->pic_n = i;
        return;
    }
}

void agi_vm_discard_view(agi_vm *vm, unsigned n)
{
    n &= 0xff;
    for (unsigned i = 0; i < vm->view_n; i++) {
        if (vm->view_order[i] != n)
            continue;
        for (unsigned j = i; j < vm->view_n; j++) {
            unsigned v = vm->view_order[j];
            for (unsigned k = 0; k < AGI_VM_OBJECTS; k++)
                if (vm->obj[k].has_view && vm->obj[k].view == v && !vm->obj[k].drawn)
                    vm->obj[k].has_view = 0;
            agi_view_free(vm->view[v]);
            free(vm->view[v]);
            vm->view[v] = NULL;
        }
        vm->view_n = i;
        return;
    }
}

int agi_vm_draw_pic(agi_vm *vm, unsigned n, int overlay)
{
    n &= 0xff;
    if (!vm->pic_loaded[n])
        return agi_vm_fail(vm, "picture %u drawn before it was loaded", n);
    agi_picture_opts po = {.overlay = overlay};
    relic_err e;
    relic_err_clear(&e);
    if (agi_picture_draw(&(agi_picture_args){vm->pic[n].data, vm->pic[n].len, vm->profile, vm->pic_vis, vm->pic_pri, &po}, NULL, &e))
        return agi_vm_fail(vm, "picture %u: %s (payload offset 0x%zx)", n, e.msg, e.offset);
    vm->picture = (int)n;
    return RELIC_OK;
}

/* The scheduler counts ticks from each sound's start; the run's clock
 * places them. */
static void agi_vm_snd_rebase(agi_vm *vm, size_t from)
{
    for (size_t i = from; i < vm->snd_cmds.count; i++)
        vm->snd_cmds.v[i].tick += vm->snd_base;
}

void agi_vm_stop_sound(agi_vm *vm)
{
    if (!vm->snd_playing)
        return;
    size_t n0 = vm->keep_sound_cmds ? vm->snd_cmds.count : (vm->snd_cmds.count = 0);
    agi_snd_stop(&vm->snd, &vm->snd_cmds);
    agi_vm_snd_rebase(vm, n0);
    vm->snd_playing = 0;
    vm->flags[vm->snd_flag] = 1;
}

int agi_vm_start_sound(agi_vm *vm, unsigned n, unsigned flag)
{
    agi_vm_stop_sound(vm);
    vm->flags[flag & 0xff] = 0;
    if (!vm->sound[n & 0xff])
        return agi_vm_fail(vm, "sound %u played before it was loaded", n & 0xff);
    agi_snd_opts so = {.profile = vm->profile};
    agi_snd_start(&vm->snd, vm->sound[n & 0xff], &so);
    vm->snd_base = vm->snd_clock;
    vm->snd_playing = 1;
    vm->snd_flag = (uint8_t)flag;
    return RELIC_OK;
}

static void agi_vm_free_resources(agi_vm *vm)
{
    for (unsigned i = 0; i < 256; i++) {
        relic_buf_free(&vm->pic[i]);
        vm->pic_loaded[i] = 0;
        if (vm->view[i]) {
            agi_view_free(vm->view[i]);
            free(vm->view[i]);
            vm->view[i] = NULL;
        }
        if (vm->sound[i]) {
            agi_sound_free(vm->sound[i]);
            free(vm->sound[i]);
            vm->sound[i] = NULL;
        }
    }
    vm->pic_n = vm->view_n = 0;
}

/* keep0: a room switch keeps logic 0; keep_pinned: installed logics stand
 * for the game's files, so a restart keeps them (from their start). */
static void agi_vm_free_logics(agi_vm *vm, int keep0, int keep_pinned)
{
    for (unsigned i = keep0 ? 1 : 0; i < 256; i++) {
        agi_vm_logic *l = vm->logic[i];
        if (l && keep_pinned && l->pinned) {
            l->scan_start = 0;
            continue;
        }
        if (!l)
            continue;
        relic_buf_free(&l->payload);
        agi_logic_messages_free(&l->msgs);
        free(l);
        vm->logic[i] = NULL;
    }
}

/* session_and_persistence.md "Room transition", steps 1-9. */
void agi_vm_switch_room(agi_vm *vm, unsigned room)
{
    if (vm->room_override >= 0) {
        room = (unsigned)vm->room_override;
        vm->room_override = -1;
    }
    agi_vm_stop_sound(vm);
    int w0 = vm->obj[0].width;
    uint8_t view0 = vm->obj[0].view;
    for (unsigned i = 0; i < AGI_VM_OBJECTS; i++) {
        agi_vm_obj *o = &vm->obj[i];
        o->drawn = o->animated = o->updating = 0;
        o->motion = AGI_MOTION_NORMAL;
        o->step = o->step_time = o->step_count = o->cycle_time = o->cycle_count = 1;
    }
    vm->parsed_n = 0;
    vm->flags[2] = vm->flags[4] = 0;
    agi_vm_free_logics(vm, 1, 1);
    agi_vm_free_resources(vm);
    vm->replay_count = 0;
    vm->player_control = 1;
    vm->block = 0;
    vm->horizon = 36;
    vm->vars[1] = vm->vars[0];
    vm->vars[0] = (uint8_t)room;
    vm->vars[16] = view0;
    vm->vars[4] = vm->vars[5] = 0;
    agi_vm_load_logic(vm, room, 1);
    switch (vm->vars[2]) {
    case 1: vm->obj[0].y = 167; break;
    case 2: vm->obj[0].x = 0; break;
    case 3: vm->obj[0].y = 37; break;
    case 4: vm->obj[0].x = 160 - w0; break;
    }
    vm->vars[2] = 0;
    vm->flags[5] = 1;
    vm->abort_flow = 1;
}

static void agi_vm_clock(agi_vm *vm, unsigned ticks)
{
    for (unsigned t = 0; t < ticks; t++) {
        vm->timer++;
        for (int s = 0; s < 3; s++) {
            vm->snd_clock++;
            if (!vm->snd_playing)
                continue;
            size_t n0 = vm->keep_sound_cmds ? vm->snd_cmds.count : (vm->snd_cmds.count = 0);
            agi_snd_tick(&vm->snd, vm->flags[9], &vm->snd_cmds);
            agi_vm_snd_rebase(vm, n0);
            if (agi_snd_is_done(&vm->snd)) {
                vm->snd_playing = 0;
                vm->flags[vm->snd_flag] = 1;
            }
        }
        if (++vm->timer_sub < 20)
            continue;
        vm->timer_sub = 0;
        if (++vm->vars[11] < 60)
            continue;
        vm->vars[11] = 0;
        if (++vm->vars[12] < 60)
            continue;
        vm->vars[12] = 0;
        if (++vm->vars[13] < 24)
            continue;
        vm->vars[13] = 0;
        vm->vars[14]++;
    }
}

void agi_vm_reset(agi_vm *vm)
{
    agi_vm_stop_sound(vm);
    agi_vm_free_resources(vm);
    agi_vm_free_logics(vm, 0, 1);
    memset(vm->vars, 0, sizeof vm->vars);
    memset(vm->flags, 0, sizeof vm->flags);
    memset(vm->strings, 0, sizeof vm->strings);
    memset(vm->obj, 0, sizeof vm->obj);
    for (unsigned i = 0; i < AGI_VM_OBJECTS; i++) {
        agi_vm_obj *o = &vm->obj[i];
        o->step = o->step_time = o->step_count = o->cycle_time = o->cycle_count = 1;
    }
    for (unsigned i = 0; i < vm->item_count; i++)
        vm->items[i] = vm->objects_meta.items[i].location;
    memset(vm->pic_vis, 15, sizeof vm->pic_vis);
    memset(vm->pic_pri, 4, sizeof vm->pic_pri);
    memset(vm->show_vis, 0, sizeof vm->show_vis);
    memset(vm->show_pri, 4, sizeof vm->show_pri);
    memset(vm->text, ' ', sizeof vm->text);
    memset(vm->text_attr, 0xff, sizeof vm->text_attr);
    memset(&vm->modal, 0, sizeof vm->modal);
    vm->resume_stage = AGI_STAGE_NONE;
    vm->win_open = 0;
    vm->window[0] = 0;
    memset(vm->menu_item_of, 0, sizeof vm->menu_item_of);
    vm->menu_heading_cur = 0;
    vm->save_desc[0] = 0;
    for (unsigned r = 0; r < 25; r++)
        vm->text[r][40] = 0;
    vm->shown = 0;
    vm->picture = -1;
    agi_vm_set_horizon_table(vm, 48);
    vm->horizon = 36;
    vm->block = 0;
    vm->player_control = 1;
    vm->q_read = vm->q_write = 0;
    vm->keymap_n = 0;
    memset(vm->controller, 0, sizeof vm->controller);
    vm->parsed_n = 0;
    vm->input_line[0] = vm->last_input[0] = 0;
    vm->input_enabled = vm->status_enabled = 0;
    vm->input_row = 23;
    vm->status_row = 0;
    vm->base_row = 1;
    vm->prompt_char = '>';
    vm->text_fg = 15;
    vm->text_bg = 0;
    vm->text_mode = 0;
    vm->menu_n = vm->heading_n = 0;
    vm->menu_done = vm->menu_request = 0;
    vm->menu_gate = 1; /* the spec gives no initial value: nonzero permits menus */
    vm->input_width_override = 0;
    vm->nav_event = 0;
    /* Before any script.size the list has AGI_VM_REPLAY_DEFAULT pairs
     * (relic's choice: the spec leaves an unconfigured capacity open). */
    free(vm->replay);
    vm->replay_cap = vm->replay_count = vm->replay_checkpoint = 0;
    if ((vm->replay = calloc(AGI_VM_REPLAY_DEFAULT, 2)))
        vm->replay_cap = AGI_VM_REPLAY_DEFAULT;
    vm->replay_off = 0;
    vm->depth = 0;
    vm->abort_flow = vm->quit = vm->suspended = vm->key_wait = 0;
    vm->cycle = vm->timer = vm->timer_sub = 0;
    vm->vars[10] = 0;
    vm->vars[20] = 3;  /* the interpreter's computer type is EGA-era PC; v26 monitor: EGA */
    vm->vars[26] = 3;
    vm->vars[22] = 1;  /* sound type: PC */
    vm->vars[24] = 41; /* maximum input length */
    vm->flags[9] = 1;  /* sound on, as the interpreter starts */
    vm->flags[11] = 1; /* first logic 0 run (cleared after the first cycle) */
    if (vm->game)
        agi_vm_load_logic(vm, 0, 0);
}

int agi_vm_new(const agi_game *game, const agi_vm_opts *o, agi_vm **out, relic_err *err)
{
    *out = NULL;
    agi_vm *vm = calloc(1, sizeof *vm);
    if (!vm)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    vm->game = game;
    vm->profile = o && o->profile ? o->profile : game && game->profile ? game->profile : agi_profile_find("2.936");
    vm->rng = o && o->seed ? o->seed : 1;
    vm->ticks_per_cycle = o ? o->ticks_per_cycle : 0;
    vm->max_steps = o && o->max_steps ? o->max_steps : 1000000;
    vm->room_override = o && o->start_room > 0 ? o->start_room : -1;
    vm->save_dir = o ? o->save_dir : NULL;
    relic_err_clear(&vm->err);
    const agi_file *fo = game ? agi_fileset_find(game->files, "OBJECT") : NULL;
    const agi_file *fw = game ? agi_fileset_find(game->files, "WORDS.TOK") : NULL;
    /* A game whose OBJECT or WORDS.TOK does not decode still runs, without
     * inventory or vocabulary; the warning says so. */
    relic_err e;
    relic_err_clear(&e);
    if (fo && agi_objects_decode(fo->data, fo->len, vm->profile->inventory_xor, &vm->objects_meta, &e)) {
        snprintf(vm->warning, sizeof vm->warning, "OBJECT: %s; running without inventory", e.msg);
        memset(&vm->objects_meta, 0, sizeof vm->objects_meta);
        fo = NULL;
    }
    if (fw && agi_words_decode(fw->data, fw->len, &vm->words, &e)) {
        size_t w = strlen(vm->warning);
        snprintf(vm->warning + w, sizeof vm->warning - w, "%sWORDS.TOK: %s; running without vocabulary",
                 w ? "; " : "", e.msg);
        memset(&vm->words, 0, sizeof vm->words);
    }
    vm->item_count = vm->objects_meta.count;
    vm->items = calloc(vm->item_count + 1, 1);
    vm->obj_count = fo ? (vm->profile->object_header_is_count ? vm->objects_meta.max_object
                                                              : vm->objects_meta.max_object + 1u)
                       : 16;
    if (!vm->items) {
        agi_vm_free(vm);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    agi_vm_reset(vm);
    if (game && vm->err.code) {
        *err = vm->err;
        agi_vm_free(vm);
        return err->code;
    }
    relic_err_clear(&vm->err);
    *out = vm;
    return RELIC_OK;
}

void agi_vm_free(agi_vm *vm)
{
    if (!vm)
        return;
    agi_vm_free_resources(vm);
    agi_vm_free_logics(vm, 0, 0);
    agi_objects_free(&vm->objects_meta);
    agi_words_free(&vm->words);
    agi_snd_cmds_free(&vm->snd_cmds);
    free(vm->items);
    free(vm->replay);
    free(vm);
}

/* runtime_state.md "Top-level cycle order", steps 1-10. */
/* Steps 6 and 7: logic 0 (resumed when a wait blocked it) and re-entry.
 * Returns 1 when the cycle is blocked again. */
static int agi_vm_run_logic(agi_vm *vm)
{
    vm->steps = 0;
    for (unsigned reentry = 0;; reentry++) {
        vm->abort_flow = 0;
        agi_vm_exec(vm, 0);
        if (vm->suspended && !vm->err.code) /* a key wait or a modal */
            return 1;
        if (vm->err.code || vm->quit || !vm->abort_flow)
            return 0;
        if (reentry > 1000) {
            agi_vm_fail(vm, "logic 0 re-entered over 1000 times in one cycle");
            return 0;
        }
        vm->vars[9] = vm->vars[4] = vm->vars[5] = 0;
        vm->flags[2] = 0;
    }
}

/* A modal blocks its cycle: this call's events go to it, and once it has
 * closed the blocked cycle continues where it stopped (after the input
 * phase's menu, or inside logic).  Returns 1 while still blocked. */
static int agi_vm_blocked(agi_vm *vm, const agi_input_script *in, int *stage)
{
    int resume = vm->resume_stage;
    agi_vm_script_input(vm, in);
    if (vm->modal.kind != AGI_MODAL_NONE || vm->err.code || vm->quit)
        return 1;
    *stage = resume;
    vm->resume_stage = AGI_STAGE_NONE;
    if (vm->abort_flow) { /* restart or restore accepted: logic 0 anew */
        vm->suspended = 0;
        vm->depth = 0;
        *stage = AGI_STAGE_LOGIC;
    }
    return 0;
}

int agi_vm_cycle(agi_vm *vm, const agi_input_script *in, relic_err *err)
{
    if (vm->err.code || vm->quit) {
        if (vm->err.code)
            *err = vm->err;
        return vm->err.code;
    }
    unsigned ticks = vm->ticks_per_cycle ? vm->ticks_per_cycle : vm->vars[10] ? vm->vars[10] : 1;
    agi_vm_clock(vm, ticks);                              /* 1: pacing */
    int stage = AGI_STAGE_NONE;
    if (vm->modal.kind != AGI_MODAL_NONE && agi_vm_blocked(vm, in, &stage)) {
        vm->cycle++;
        goto done;
    }
    if (stage == AGI_STAGE_NONE) {
        memset(vm->controller, 0, sizeof vm->controller); /* 2 */
        vm->flags[2] = vm->flags[4] = 0;
        agi_vm_input_phase(vm, in);                       /* 3, with a requested menu */
        if (vm->modal.kind != AGI_MODAL_NONE) {
            vm->cycle++;
            goto done;
        }
    }
    if (stage != AGI_STAGE_LOGIC) {
        agi_vm_input_events(vm);
        if (!vm->suspended) {
            if (vm->player_control)                       /* 4 */
                vm->obj[0].dir = vm->vars[6];
            else
                vm->vars[6] = vm->obj[0].dir;
            agi_vm_pre_logic(vm);                         /* 5 */
        }
    }
    if (agi_vm_run_logic(vm)) {                           /* 6, 7 */
        vm->cycle++;
        goto done;
    }
    if (vm->err.code)
        goto done;
    vm->obj[0].dir = vm->vars[6];                         /* 8 */
    vm->vars[4] = vm->vars[5] = 0;                        /* 9 */
    vm->flags[5] = vm->flags[6] = vm->flags[12] = 0;
    vm->flags[11] = 0;
    if (!vm->text_mode)                                   /* 10 */
        agi_vm_post_logic(vm);
    vm->cycle++;
done:
    if (vm->err.code) {
        *err = vm->err;
        return err->code;
    }
    return RELIC_OK;
}

int agi_vm_run(agi_vm *vm, const agi_input_script *in, unsigned long cycles, relic_err *err)
{
    while (vm->cycle < cycles && !vm->quit) {
        int rc = agi_vm_cycle(vm, in, err);
        if (rc)
            return rc;
    }
    return RELIC_OK;
}

/* object_behavior.md "Drawing order and refresh": earlier partition, then
 * later, each by drawing key with object number breaking ties. */
static int agi_vm_draw_key(const agi_vm_obj *o)
{
    if (!o->fix_pri)
        return o->y;
    return o->priority == 0 ? -1 : 168;
}

void agi_vm_render(agi_vm *vm)
{
    memcpy(vm->frame_vis, vm->show_vis, AGI_PIC_CELLS);
    memcpy(vm->frame_pri, vm->show_pri, AGI_PIC_CELLS);
    if (!vm->shown)
        return;
    uint8_t order[AGI_VM_OBJECTS];
    for (int part = 0; part < 2; part++) {
        /* 2.089 draws the earlier partition in object-number order. */
        int sorted = part == 1 || !vm->profile->draw_early_unsorted;
        unsigned n = 0;
        for (unsigned i = 0; i < AGI_VM_OBJECTS; i++) {
            const agi_vm_obj *o = &vm->obj[i];
            if (!o->drawn || !o->has_view || !vm->view[o->view] || (o->updating != 0) != part)
                continue;
            unsigned j = n++;
            while (sorted && j > 0 && agi_vm_draw_key(&vm->obj[order[j - 1]]) > agi_vm_draw_key(o)) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = (uint8_t)i;
        }
        for (unsigned k = 0; k < n; k++) {
            agi_vm_obj *o = &vm->obj[order[k]];
            relic_err e;
            relic_err_clear(&e);
            if (agi_view_select_loop(vm->view[o->view], o->loop, &e))
                continue;
            const agi_cel *c = agi_view_cel(vm->view[o->view], o->loop, o->cel);
            if (c)
                agi_cel_draw(c, o->x, o->y, agi_vm_obj_priority(vm, o), vm->frame_vis, vm->frame_pri);
        }
    }
}
