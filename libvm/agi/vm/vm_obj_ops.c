/* The AGI interpreter's object and picture actions (agi-spec
 * logic_bytecode.md "Action opcodes" 0x1a, 0x21-0x59, 0x5a, 0x5b, 0x7a,
 * 0x7b, 0x83, 0x84, 0x93, 0x94, 0xae, with object_behavior.md): opcodes.h's
 * handler column for the state vm_obj.c keeps (objects, the picture as
 * shown, horizon, block, player control).  Where a profile selects a
 * variant the handler reads the rule from vm->rules (vm_rules.h).  Calls
 * vm_obj.c, vm_motion.c, vm_text.c (show.pic closes the
 * window) and the layers below. */
#include <stdlib.h>
#include <string.h>
#include "../opcodes.h"
#include "vm_private.h"

static agi_vm_obj *agi_vm_obj_of(agi_vm *vm, const uint8_t *a) { return &vm->obj[a[0]]; }

/* Action 0x1a.  2.089/2.230/2.272 keep f15 and an open window. */
void agi_vm_op_show_pic(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    memcpy(vm->show_vis, vm->pic_vis, AGI_PIC_CELLS);
    memcpy(vm->show_pri, vm->pic_pri, AGI_PIC_CELLS);
    vm->frame_kept = 0;
    vm->shown = 1;
    vm->pic_row = agi_vm_text_base_row(vm); /* a configure.screen after this moves nothing drawn */
    vm->scr_split = 0;
    vm->scr_live = 1;
    /* The picture rows of the screen are redrawn over any text there. */
    agi_vm_text_fill(vm, (unsigned)vm->pic_row, 0, (unsigned)vm->pic_row + 20, 39, 0xff);
    if (vm->rules->show_pic_keeps_window)
        return;
    vm->flags[AGI_F_WINDOW_NOWAIT] = 0;
    agi_vm_close_window(vm);
}

void agi_vm_op_animate_obj(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_animate(agi_vm_obj_of(vm, a));
}

void agi_vm_op_unanimate_all(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    for (unsigned i = 0; i < AGI_VM_OBJECTS; i++)
        vm->obj[i].drawn = vm->obj[i].animated = 0;
}

void agi_vm_op_draw(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_draw(vm, agi_vm_obj_of(vm, a));
}
void agi_vm_op_erase(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_erase(vm, agi_vm_obj_of(vm, a));
}

/* 2.089 erases the drawn object between setting the position and the
 * snapshot; frames are composed from object state on demand, so no
 * rendered copy is retained and every profile ends in this state. */
void agi_vm_op_position(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_position(vm, agi_vm_obj_of(vm, a), a[1], a[2]);
}

void agi_vm_op_position_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_position(vm, agi_vm_obj_of(vm, a), vm->vars[a[1]], vm->vars[a[2]]);
}

void agi_vm_op_get_posn(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    const agi_vm_obj *o = agi_vm_obj_of(vm, a);
    vm->vars[a[1]] = (uint8_t)o->x;
    vm->vars[a[2]] = (uint8_t)o->y;
}

void agi_vm_op_reposition(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    agi_vm_obj_stale(vm, o);
    int x = o->x + (int8_t)vm->vars[a[1]], y = o->y + (int8_t)vm->vars[a[2]];
    o->x = x < 0 ? 0 : x;
    o->y = y < 0 ? 0 : y;
    o->repositioned = 1;
    agi_vm_place(vm, o);
}

static void agi_vm_reposition_to(agi_vm *vm, agi_vm_obj *o, int x, int y)
{
    agi_vm_obj_stale(vm, o);
    o->x = x;
    o->y = y;
    o->repositioned = 1;
    agi_vm_place(vm, o);
}

void agi_vm_op_reposition_to(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_reposition_to(vm, agi_vm_obj_of(vm, a), a[1], a[2]);
}

void agi_vm_op_reposition_to_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_reposition_to(vm, agi_vm_obj_of(vm, a), vm->vars[a[1]], vm->vars[a[2]]);
}

/* set.view, set.loop, set.cel (and their .v forms): the object's old
 * rectangle goes stale first. */
typedef int (*agi_vm_obj_setter)(agi_vm *vm, agi_vm_obj *o, unsigned value);
static void agi_vm_obj_set(agi_vm *vm, const uint8_t *a, agi_vm_obj_setter set, unsigned value)
{
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    agi_vm_obj_stale(vm, o);
    set(vm, o, value);
}

void agi_vm_op_set_view(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_set(vm, a, agi_vm_set_view, a[1]);
}

void agi_vm_op_set_view_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_set(vm, a, agi_vm_set_view, vm->vars[a[1]]);
}

void agi_vm_op_set_loop(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_set(vm, a, agi_vm_set_loop, a[1]);
}

void agi_vm_op_set_loop_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_set(vm, a, agi_vm_set_loop, vm->vars[a[1]]);
}

void agi_vm_op_set_cel(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_set(vm, a, agi_vm_set_cel, a[1]);
}

void agi_vm_op_set_cel_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_set(vm, a, agi_vm_set_cel, vm->vars[a[1]]);
}

void agi_vm_op_fix_loop(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->fix_loop = 1;
}
void agi_vm_op_release_loop(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->fix_loop = 0;
}

void agi_vm_op_last_cel(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    const agi_vm_obj *o = agi_vm_obj_of(vm, a);
    const agi_view *vw = o->has_view ? agi_vm_view_at(vm, o->view) : NULL;
    vm->vars[a[1]] = vw && o->loop < vw->loop_count ? (uint8_t)(vw->loops[vw->loop[o->loop]].cel_count - 1) : 0;
}

void agi_vm_op_current_cel(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[a[1]] = agi_vm_obj_of(vm, a)->cel;
}

void agi_vm_op_current_loop(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[a[1]] = agi_vm_obj_of(vm, a)->loop;
}

void agi_vm_op_current_view(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[a[1]] = agi_vm_obj_of(vm, a)->view;
}

void agi_vm_op_number_of_loops(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    const agi_vm_obj *o = agi_vm_obj_of(vm, a);
    const agi_view *v = o->has_view ? agi_vm_view_at(vm, o->view) : NULL;
    vm->vars[a[1]] = v ? (uint8_t)v->loop_count : 0;
}

static void agi_vm_fix_priority(agi_vm_obj *o, uint8_t priority)
{
    o->fix_pri = 1;
    o->pri_read = o->priority = priority;
}

void agi_vm_op_set_priority(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_fix_priority(agi_vm_obj_of(vm, a), a[1]);
}

void agi_vm_op_set_priority_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_fix_priority(agi_vm_obj_of(vm, a), vm->vars[a[1]]);
}

void agi_vm_op_release_priority(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->fix_pri = 0;
}

void agi_vm_op_get_priority(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    const agi_vm_obj *o = agi_vm_obj_of(vm, a);
    vm->vars[a[1]] = vm->rules->get_priority_stored ? o->pri_read & 0x0f : agi_vm_obj_priority(vm, o);
}

void agi_vm_op_stop_update(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    if (o->drawn)
        o->updating = 0;
}

void agi_vm_op_start_update(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    if (o->drawn)
        o->updating = 1;
}

void agi_vm_op_force_update(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic, agi_vm_obj_force_update(vm);
}

void agi_vm_op_ignore_horizon(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->no_horizon = 1;
}

void agi_vm_op_observe_horizon(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->no_horizon = 0;
}

void agi_vm_op_set_horizon(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, vm->horizon = a[0]; }

void agi_vm_op_object_on_water(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->on_water = 1;
}

void agi_vm_op_object_on_land(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->on_land = 1;
}

void agi_vm_op_object_on_anything(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    o->on_water = o->on_land = 0;
}

void agi_vm_op_ignore_objs(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->no_objs = 1;
}
void agi_vm_op_observe_objs(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->no_objs = 0;
}

/* Action 0x45's stored value: 254 at most, or (2.089/2.230/2.272) the low
 * byte of the distance. */
static uint8_t agi_vm_distance_value(const agi_vm *vm, int d)
{
    if (vm->rules->distance_wraps)
        return (uint8_t)d;
    return (uint8_t)(d > 254 ? 254 : d);
}

void agi_vm_op_distance(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    const agi_vm_obj *p = &vm->obj[a[0]], *q = &vm->obj[a[1]];
    uint8_t d = 255;
    if (p->drawn && q->drawn)
        d = agi_vm_distance_value(vm, abs((p->x + p->width / 2) - (q->x + q->width / 2)) + abs(p->y - q->y));
    vm->vars[a[2]] = d;
}

void agi_vm_op_stop_cycling(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->cycling = 0;
}
void agi_vm_op_start_cycling(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->cycling = 1;
}

static void agi_vm_cycle_mode(agi_vm_obj *o, uint8_t mode)
{
    o->cycle_mode = mode;
    o->cycling = 1;
}

void agi_vm_op_normal_cycle(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_cycle_mode(agi_vm_obj_of(vm, a), AGI_CYCLE_NORMAL);
}

void agi_vm_op_reverse_cycle(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_cycle_mode(agi_vm_obj_of(vm, a), AGI_CYCLE_REVERSE);
}

/* end.of.loop / reverse.loop: cycling to the loop's end, then flag a[1]. */
static void agi_vm_cycle_to_end(agi_vm *vm, const uint8_t *a, uint8_t mode)
{
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    o->cycle_mode = mode;
    o->end_flag = a[1];
    vm->flags[a[1]] = 0;
    o->cycling = 1;
    o->end_delay = 1;
}

void agi_vm_op_end_of_loop(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_cycle_to_end(vm, a, AGI_CYCLE_END);
}

void agi_vm_op_reverse_loop(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_cycle_to_end(vm, a, AGI_CYCLE_REVERSE_END);
}

void agi_vm_op_cycle_time(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    o->cycle_time = o->cycle_count = vm->vars[a[1]];
}

/* Actions 0x4d/0x4e in 2.089/2.230 (returns 0 for the common rule): 0x4d
 * clears direction only; 0x4e changes neither; both act on object 0's
 * coupling, and 0x4e forgets the remembered navigation event. */
static int agi_vm_motion_clear_early(agi_vm *vm, agi_vm_obj *o, uint8_t op)
{
    if (!vm->rules->motion_clear_early)
        return 0;
    if (op == AGI_A_STOP_MOTION)
        o->dir = 0;
    if (o != &vm->obj[0])
        return 1;
    vm->vars[AGI_V_EGO_DIR] = 0;
    vm->player_control = op != AGI_A_STOP_MOTION;
    if (op == AGI_A_START_MOTION)
        vm->nav_event = 0;
    return 1;
}

void agi_vm_op_stop_motion(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    if (agi_vm_motion_clear_early(vm, o, AGI_A_STOP_MOTION))
        return;
    o->dir = 0;
    o->motion = AGI_MOTION_NORMAL;
    if (o == &vm->obj[0]) {
        vm->vars[AGI_V_EGO_DIR] = 0;
        vm->player_control = 0;
    }
}

void agi_vm_op_start_motion(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    if (agi_vm_motion_clear_early(vm, o, AGI_A_START_MOTION))
        return;
    o->motion = AGI_MOTION_NORMAL;
    if (o == &vm->obj[0]) {
        vm->vars[AGI_V_EGO_DIR] = 0;
        vm->player_control = 1;
    }
}

void agi_vm_op_step_size(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->step = vm->vars[a[1]];
}

void agi_vm_op_step_time(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    o->step_time = o->step_count = vm->vars[a[1]];
}

void agi_vm_op_move_obj(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_move_to(vm, agi_vm_obj_of(vm, a), a[1], a[2], a[3], a[4]);
}

void agi_vm_op_move_obj_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    const uint8_t *v = vm->vars;
    agi_vm_move_to(vm, agi_vm_obj_of(vm, a), v[a[1]], v[a[2]], v[a[3]], a[4]);
}

void agi_vm_op_follow_ego(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    o->motion = AGI_MOTION_FOLLOW;
    o->move_step = a[1] > o->step ? a[1] : o->step;
    o->move_flag = a[2];
    vm->flags[a[2]] = 0;
    o->follow_retry = 255;
    o->updating = 1;
}

void agi_vm_op_wander(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    o->motion = AGI_MOTION_WANDER;
    o->wander_count = 0;
    o->updating = 1;
    if (o == &vm->obj[0]) {
        vm->vars[AGI_V_EGO_DIR] = 0;
        vm->player_control = 0;
    }
}

void agi_vm_op_normal_motion(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->motion = AGI_MOTION_NORMAL;
}

void agi_vm_op_set_dir(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    agi_vm_obj *o = agi_vm_obj_of(vm, a);
    o->dir = vm->vars[a[1]] > 8 ? 0 : vm->vars[a[1]];
    if (o == &vm->obj[0])
        vm->vars[AGI_V_EGO_DIR] = o->dir;
}

void agi_vm_op_get_dir(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[a[1]] = agi_vm_obj_of(vm, a)->dir;
}

void agi_vm_op_ignore_blocks(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->no_blocks = 1;
}

void agi_vm_op_observe_blocks(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_obj_of(vm, a)->no_blocks = 0;
}

void agi_vm_op_block(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    vm->block = 1;
    vm->block_x1 = a[0], vm->block_y1 = a[1], vm->block_x2 = a[2], vm->block_y2 = a[3];
}

void agi_vm_op_unblock(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)a, (void)logic, vm->block = 0; }

void agi_vm_op_add_to_pic(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_add_to_pic(vm, a[0], a[1], a[2], a[3], a[4], a[5] | (a[6] << 4), 1);
}

void agi_vm_op_add_to_pic_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    const uint8_t *v = vm->vars;
    agi_vm_add_to_pic(vm, v[a[0]], v[a[1]], v[a[2]], v[a[3]], v[a[4]], v[a[5]] | (v[a[6]] << 4), 1);
}

void agi_vm_op_program_control(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic, vm->player_control = 0;
}

void agi_vm_op_player_control(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic;
    vm->player_control = 1;
    vm->obj[0].motion = AGI_MOTION_NORMAL;
}

void agi_vm_op_set_pri_base(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_set_horizon_table(vm, a[0]);
}
