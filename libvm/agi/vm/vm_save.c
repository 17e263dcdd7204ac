/* The interpreter state to and from the save codec (agi-spec
 * session_and_persistence.md "Save-file envelope", the 2.936 block
 * partitions, "Resource replay sequence" and "Restore action outcomes"):
 * a save is filled through agi_save_init and restored by replaying its
 * active pair prefix with recording disabled.
 *
 * Object flag bits: 0x0001 drawn and 0x0040 animated as agi_save.h says;
 * 0x0010 update and 0x2000 fixed loop as sgalland/sage-agi
 * src/sage/agi/objects/ViewFlags.hx numbers them; the other bits are
 * relic's own assignment, so relic's saves round-trip their meaning. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vm_private.h"

#define OBJ_DRAWN 0x0001
#define OBJ_NO_BLOCKS 0x0002
#define OBJ_FIX_PRI 0x0004
#define OBJ_NO_HORIZON 0x0008
#define OBJ_UPDATE 0x0010
#define OBJ_CYCLING 0x0020
#define OBJ_ANIMATED 0x0040
#define OBJ_ON_WATER 0x0100
#define OBJ_NO_OBJS 0x0200
#define OBJ_REPOSITIONED 0x0400
#define OBJ_ON_LAND 0x0800
#define OBJ_END_DELAY 0x1000
#define OBJ_FIX_LOOP 0x2000
#define OBJ_DIDNT_MOVE 0x4000

static const struct {
    uint16_t bit;
    size_t off;
} agi_vm_obj_bits[] = {
    {OBJ_DRAWN, offsetof(agi_vm_obj, drawn)},       {OBJ_NO_BLOCKS, offsetof(agi_vm_obj, no_blocks)},
    {OBJ_FIX_PRI, offsetof(agi_vm_obj, fix_pri)},   {OBJ_NO_HORIZON, offsetof(agi_vm_obj, no_horizon)},
    {OBJ_UPDATE, offsetof(agi_vm_obj, updating)},   {OBJ_CYCLING, offsetof(agi_vm_obj, cycling)},
    {OBJ_ANIMATED, offsetof(agi_vm_obj, animated)}, {OBJ_ON_WATER, offsetof(agi_vm_obj, on_water)},
    {OBJ_NO_OBJS, offsetof(agi_vm_obj, no_objs)},   {OBJ_REPOSITIONED, offsetof(agi_vm_obj, repositioned)},
    {OBJ_ON_LAND, offsetof(agi_vm_obj, on_land)},   {OBJ_END_DELAY, offsetof(agi_vm_obj, end_delay)},
    {OBJ_FIX_LOOP, offsetof(agi_vm_obj, fix_loop)}, {OBJ_DIDNT_MOVE, offsetof(agi_vm_obj, didnt_move)},
};
#define AGI_VM_OBJ_BITS (sizeof agi_vm_obj_bits / sizeof agi_vm_obj_bits[0])

/* session_and_persistence.md: the 3.002.102 (0x05e4) and Gold Rush
 * (0x0404) block-1 layouts end with the menu and release gates; 2.936 and
 * 3.002.086 saves do not hold them. */
static int agi_vm_save_has_gates(const agi_profile *p)
{
    return p->save_b1_layout == AGI_SAVE_B1_GR || (p->save_b1_layout == AGI_SAVE_B1_V2 && p->save_block1 >= 0x05e4);
}
static void agi_vm_obj_to_save(const agi_vm *vm, unsigned i, agi_save_object *r)
{
    const agi_vm_obj *o = &vm->obj[i];
    r->move_interval = o->step_time;
    r->move_countdown = o->step_count;
    r->event = (uint8_t)i;
    r->x = (uint16_t)o->x;
    r->y = (uint16_t)o->y;
    r->view = o->view;
    r->loop = o->loop;
    r->cel = o->cel;
    const agi_view *v = o->has_view ? agi_vm_view_at(vm, o->view) : NULL;
    r->loop_count = v ? (uint8_t)v->loop_count : 0;
    r->cel_count = v && o->loop < v->loop_count ? (uint8_t)v->loops[v->loop[o->loop]].cel_count : 0;
    r->prev_x = (uint16_t)o->px;
    r->prev_y = (uint16_t)o->py;
    r->width = o->width;
    r->height = o->height;
    r->step_size = o->step;
    r->cycle_interval = o->cycle_time;
    r->cycle_countdown = o->cycle_count;
    r->direction = o->dir;
    r->motion = o->motion;
    r->cycle_mode = o->cycle_mode;
    r->priority = o->fix_pri ? o->priority : agi_vm_obj_priority(vm, o);
    for (size_t b = 0; b < AGI_VM_OBJ_BITS; b++)
        if (((const uint8_t *)o)[agi_vm_obj_bits[b].off])
            r->flags |= agi_vm_obj_bits[b].bit;
    if (o->motion == AGI_MOTION_WANDER) {
        r->motion_params[0] = o->wander_count;
    } else if (o->motion == AGI_MOTION_FOLLOW) {
        r->motion_params[0] = o->move_step;
        r->motion_params[1] = o->move_flag;
        r->motion_params[2] = o->follow_retry;
    } else if (o->motion == AGI_MOTION_MOVE) {
        r->motion_params[0] = o->move_x;
        r->motion_params[1] = o->move_y;
        r->motion_params[2] = o->move_step;
        r->motion_params[3] = o->move_flag;
    } else {
        r->motion_params[3] = o->end_flag;
    }
}

/* The random source's state rides in the description header after its
 * terminator, which no interpreter displays (session_and_persistence.md
 * "Save-file envelope": the description is the zero-terminated prefix), so
 * a restored run draws the same numbers as one that never saved: bytes
 * 24..26 "RNG", 27..30 the state, little-endian, when the description
 * leaves them free. */
#define AGI_VM_RNG_AT 24
static void agi_vm_save_rng(const agi_vm *vm, uint8_t *header)
{
    if (memchr(header, 0, AGI_VM_RNG_AT) == NULL)
        return;
    memcpy(header + AGI_VM_RNG_AT, "RNG", 3);
    for (unsigned i = 0; i < 4; i++)
        header[AGI_VM_RNG_AT + 3 + i] = (uint8_t)(vm->rng >> (8 * i));
}

/* A save without that record (the original's) starts the random source
 * from the run's seed again, so a restore gives the same numbers however
 * the run reached it (the dialog after N cycles, or pic-render --restore);
 * the original seeds it from the clock, which no run can repeat. */
static void agi_vm_load_rng(agi_vm *vm, const uint8_t *header)
{
    if (memchr(header, 0, AGI_VM_RNG_AT) == NULL || memcmp(header + AGI_VM_RNG_AT, "RNG", 3) != 0) {
        vm->rng = vm->seed;
        return;
    }
    uint32_t r = 0;
    for (unsigned i = 0; i < 4; i++)
        r |= (uint32_t)header[AGI_VM_RNG_AT + 3 + i] << (8 * i);
    if (r) /* xorshift never reaches 0 */
        vm->rng = r;
}

int agi_vm_to_save(const agi_vm *vm, const char *description, agi_save *s, relic_err *err)
{
    const agi_objects *m = &vm->objects_meta;
    const uint8_t *inv = m->raw && m->raw_len >= 3 ? m->raw + 3 : NULL;
    size_t inv_len = inv ? m->raw_len - 3 : 0;
    unsigned resume = 1 + agi_vm_logics_loaded(vm);
    int rc = agi_save_init(
        s, &(agi_save_init_args){vm->profile, vm->obj_count, inv, inv_len, agi_vm_replay_cap(vm), resume}, err);
    if (rc)
        return rc;
    snprintf((char *)s->header, sizeof s->header, "%s", description ? description : "");
    agi_vm_save_rng(vm, s->header);
    agi_save_state *st = &s->state;
    memcpy(st->signature, vm->signature, 7);
    memcpy(st->vars, vm->vars, 256);
    for (unsigned f = 0; f < 256; f++)
        agi_save_set_flag(s, f, vm->flags[f]);
    st->timer_ticks = vm->timer;
    st->horizon = (uint16_t)vm->horizon;
    st->rect_left = (uint16_t)vm->block_x1;
    st->rect_top = (uint16_t)vm->block_y1;
    st->rect_right = (uint16_t)vm->block_x2;
    st->rect_bottom = (uint16_t)vm->block_y2;
    st->rect_enabled = (uint16_t)vm->block;
    st->direction_coupling = (uint16_t)vm->player_control;
    st->picture = vm->picture < 0 ? 0 : (uint16_t)vm->picture;
    agi_vm_input_to_save(vm, st);
    memcpy(st->strings, vm->strings, sizeof vm->strings);
    agi_vm_text_to_save(vm, st);
    st->menu_gate = agi_vm_menu_gate_now(vm); /* serialized only by the layouts that hold them */
    st->prev_nav_event = vm->nav_event;
    for (unsigned i = 0; i < vm->obj_count; i++)
        agi_vm_obj_to_save(vm, i, &s->objects[i]);
    for (unsigned i = 0; i < s->item_count && i < vm->item_count; i++)
        s->items[i].location = vm->items[i];
    agi_vm_replay_to_save(vm, s);
    agi_vm_logics_to_save(vm, s);
    return RELIC_OK;
}

static void agi_vm_obj_from_save(agi_vm *vm, unsigned i, const agi_save_object *r)
{
    agi_vm_obj *o = &vm->obj[i];
    memset(o, 0, sizeof *o);
    o->step_time = r->move_interval;
    o->step_count = r->move_countdown;
    o->x = r->x;
    o->y = r->y;
    o->view = r->view;
    o->loop = r->loop;
    o->cel = r->cel;
    o->px = r->prev_x;
    o->py = r->prev_y;
    o->width = (uint8_t)r->width;
    o->height = (uint8_t)r->height;
    o->step = r->step_size;
    o->cycle_time = r->cycle_interval;
    o->cycle_count = r->cycle_countdown;
    o->dir = r->direction;
    o->motion = r->motion & 3;
    o->cycle_mode = r->cycle_mode & 3;
    o->pri_read = o->priority = r->priority;
    for (size_t b = 0; b < AGI_VM_OBJ_BITS; b++)
        ((uint8_t *)o)[agi_vm_obj_bits[b].off] = (r->flags & agi_vm_obj_bits[b].bit) != 0;
    const uint8_t *p = r->motion_params;
    if (o->motion == AGI_MOTION_WANDER) {
        o->wander_count = p[0];
    } else if (o->motion == AGI_MOTION_FOLLOW) {
        o->move_step = p[0], o->move_flag = p[1], o->follow_retry = p[2];
    } else if (o->motion == AGI_MOTION_MOVE) {
        o->move_x = p[0], o->move_y = p[1], o->move_step = p[2], o->move_flag = p[3];
    } else {
        o->end_flag = p[3];
    }
}

/* "Replay stops sound, resets room resource caches, disables recording,
 * executes the sequence in order, and then re-enables recording". */
static int agi_vm_replay(agi_vm *vm, const agi_save *s, relic_err *err)
{
    agi_replay_op *ops;
    unsigned n;
    int rc = agi_save_replay_ops(s, &ops, &n, err);
    if (rc)
        return rc;
    agi_vm_replay_pause(vm, 1);
    for (unsigned i = 0; i < n && !vm->err.code; i++) {
        const agi_replay_op *op = &ops[i];
        switch (op->kind) {
        case AGI_REPLAY_LOAD_LOGIC: agi_vm_load_logic(vm, op->value, 0); break;
        case AGI_REPLAY_LOAD_VIEW: agi_vm_load_view(vm, op->value, 0); break;
        case AGI_REPLAY_LOAD_PICTURE: agi_vm_load_pic(vm, op->value, 0); break;
        case AGI_REPLAY_LOAD_SOUND: agi_vm_load_sound(vm, op->value, 0); break;
        case AGI_REPLAY_DRAW_PICTURE: agi_vm_draw_pic(vm, op->value, 0); break;
        case AGI_REPLAY_OVERLAY_PICTURE: agi_vm_draw_pic(vm, op->value, 1); break;
        case AGI_REPLAY_DISCARD_PICTURE: agi_vm_discard_pic(vm, op->value); break;
        case AGI_REPLAY_DISCARD_VIEW: agi_vm_discard_view(vm, op->value); break;
        case AGI_REPLAY_ADD_TO_PICTURE:
            if (op->complete)
                agi_vm_add_to_pic(vm, op->view, op->loop, op->cel, op->x, op->y, op->pri_ctl, 0);
            break;
        default: break;
        }
    }
    agi_vm_replay_pause(vm, 0);
    free(ops);
    if (vm->err.code) {
        *err = vm->err;
        return err->code;
    }
    return RELIC_OK;
}

/* The picture buffer is not part of the reset a restore does: only the
 * replay's own picture pairs change it.  AGI 2.936 restoring a game saved
 * before any new.room (no pairs recorded) showed the picture it had up
 * (probe S2 of tests/corpus/agi_oracle/README.md "Interpreter windows"). */
int agi_vm_from_save(agi_vm *vm, const agi_save *s, relic_err *err)
{
    uint8_t *keep = malloc(2 * (size_t)AGI_PIC_CELLS);
    if (keep) {
        memcpy(keep, vm->pic_vis, AGI_PIC_CELLS);
        memcpy(keep + AGI_PIC_CELLS, vm->pic_pri, AGI_PIC_CELLS);
    }
    agi_vm_reset(vm);
    if (keep) {
        memcpy(vm->pic_vis, keep, AGI_PIC_CELLS);
        memcpy(vm->pic_pri, keep + AGI_PIC_CELLS, AGI_PIC_CELLS);
        free(keep);
    }
    relic_err_clear(&vm->err);
    agi_vm_load_rng(vm, s->header);
    const agi_save_state *st = &s->state;
    memcpy(vm->signature, st->signature, 7);
    memcpy(vm->vars, st->vars, 256);
    for (unsigned f = 0; f < 256; f++)
        vm->flags[f] = (uint8_t)agi_save_flag(s, f);
    agi_vm_machine_state(vm); /* the machine's, not the save's */
    vm->timer = st->timer_ticks;
    vm->horizon = st->horizon;
    vm->block = st->rect_enabled != 0;
    vm->block_x1 = st->rect_left, vm->block_y1 = st->rect_top;
    vm->block_x2 = st->rect_right, vm->block_y2 = st->rect_bottom;
    vm->player_control = st->direction_coupling != 0;
    vm->picture = st->picture;
    agi_vm_input_from_save(vm, st);
    memcpy(vm->strings, st->strings, sizeof vm->strings);
    agi_vm_text_from_save(vm, st);
    if (agi_vm_text_input_enabled(vm))
        agi_vm_input_redraw(vm); /* a restore draws the whole screen again */
    if (agi_vm_save_has_gates(vm->profile)) {
        agi_vm_menu_gate(vm, (uint8_t)st->menu_gate);
        agi_vm_input_release_gate(vm, st->release_gate);
    }
    if (vm->profile->save_b1_layout == AGI_SAVE_B1_EARLY)
        vm->nav_event = st->prev_nav_event;
    for (unsigned i = 0; i < vm->item_count && i < s->item_count; i++)
        vm->items[i] = s->items[i].location;
    int rc = agi_vm_replay_from_save(vm, s, err);
    if (rc)
        return rc;
    rc = agi_vm_replay(vm, s, err);
    if (rc)
        return rc;
    for (unsigned i = 0; i < s->resume_count; i++)
        agi_vm_logic_scan_start(vm, s->resume[i].logic, s->resume[i].offset);
    for (unsigned i = 0; i < s->object_count && i < AGI_VM_OBJECTS; i++) {
        agi_vm_obj_from_save(vm, i, &s->objects[i]);
        vm->obj[i].has_view = agi_vm_view_at(vm, vm->obj[i].view) != NULL;
    }
    memcpy(vm->show_vis, vm->pic_vis, AGI_PIC_CELLS);
    memcpy(vm->show_pri, vm->pic_pri, AGI_PIC_CELLS);
    vm->frame_kept = 0;
    vm->shown = 1;
    vm->pic_row = agi_vm_text_base_row(vm); /* a restore draws the whole screen again */
    vm->scr_split = 0;
    vm->scr_live = 1;
    agi_vm_status_again(vm);
    /* f12, "restore.game ran": the logic run that goes on after a restore
     * sees it, and the cycle's end clears it (runtime_state.md "cycle
     * boundary" step 9).  AGI 2.936 under DOSBox (probe RC in
     * tests/corpus/agi_oracle/README.md "Restored saves"): the logic's
     * isset(f12) branch ran once, on the cycle that accepted the dialog. */
    vm->flags[AGI_F_RESTORED] = 1;
    return RELIC_OK;
}

int agi_vm_restore(agi_vm *vm, const agi_save *s, relic_err *err)
{
    unsigned long cycle = vm->cycle;
    int rc = agi_vm_from_save(vm, s, err);
    vm->cycle = cycle;
    agi_vm_flow_restored(vm, rc == RELIC_OK);
    return rc;
}
