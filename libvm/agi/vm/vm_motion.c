/* AGI objects' motion (agi-spec object_behavior.md "Approach and random
 * motion", "Target motion", "Direction and automatic loop selection",
 * "Cel cycling", "Movement"): the passes before and after a cycle's logic,
 * the block rectangle, target / follow / wander motion, automatic loop
 * selection and cel cycling.  Calls vm_obj.c for an object's loop,
 * cel and place. */
#include <stdlib.h>
#include "vm_private.h"

static const agi_view *agi_motion_view(const agi_vm *vm, const agi_vm_obj *o)
{
    return o->has_view ? agi_vm_view_at(vm, o->view) : NULL;
}

unsigned agi_vm_target_dir(int dx, int dy, int s)
{
    static const uint8_t grid[3][3] = {{8, 1, 2}, {7, 0, 3}, {6, 5, 4}};
    int xc = dx <= -s ? 0 : dx >= s ? 2 : 1;
    int yc = dy <= -s ? 0 : dy >= s ? 2 : 1;
    return grid[yc][xc];
}

static void agi_vm_motion_done(agi_vm *vm, agi_vm_obj *o)
{
    if (o->motion == AGI_MOTION_MOVE)
        o->step = o->move_step;
    vm->flags[o->move_flag] = 1;
    o->motion = AGI_MOTION_NORMAL;
    o->dir = 0;
    if (o == &vm->obj[0]) {
        vm->player_control = 1;
        vm->vars[AGI_V_EGO_DIR] = 0;
    }
}

static void agi_vm_follow(agi_vm *vm, agi_vm_obj *o)
{
    const agi_vm_obj *e = &vm->obj[0];
    int dx = (e->x + e->width / 2) - (o->x + o->width / 2), dy = e->y - o->y;
    unsigned dir = agi_vm_target_dir(dx, dy, o->move_step);
    if (dir == 0) {
        o->dir = 0;
        o->motion = AGI_MOTION_NORMAL;
        vm->flags[o->move_flag] = 1;
        return;
    }
    if (o->follow_retry == 255) {
        o->follow_retry = 0;
        o->dir = (uint8_t)dir;
        return;
    }
    if (o->didnt_move) {
        unsigned d;
        while ((d = agi_vm_random(vm) % 9) == 0) {}
        o->dir = (uint8_t)d;
        int dist = (abs(dx) + abs(dy)) / 2 + 1;
        if (dist <= o->step) {
            o->follow_retry = o->step;
        } else {
            int r;
            while ((r = agi_vm_random(vm) % dist) < o->step) {}
            o->follow_retry = (uint8_t)r;
        }
        return;
    }
    if (o->follow_retry) {
        int8_t r = (int8_t)(uint8_t)(o->follow_retry - o->step);
        o->follow_retry = r >= 0 ? (uint8_t)r : 0;
        return;
    }
    o->dir = (uint8_t)dir;
}

/* object_behavior.md "Approach and random motion", "Target motion". */
void agi_vm_motion(agi_vm *vm, agi_vm_obj *o, unsigned n)
{
    switch (o->motion) {
    case AGI_MOTION_WANDER: {
        uint8_t old = o->wander_count--;
        if (old != 0 && !o->didnt_move)
            break;
        o->dir = (uint8_t)(agi_vm_random(vm) % 9);
        unsigned r;
        while ((r = agi_vm_random(vm) % 51) < 6) {}
        o->wander_count = (uint8_t)r;
        if (n == 0)
            vm->vars[AGI_V_EGO_DIR] = o->dir;
        break;
    }
    case AGI_MOTION_FOLLOW: agi_vm_follow(vm, o); break;
    case AGI_MOTION_MOVE: {
        unsigned dir = agi_vm_target_dir(o->move_x - o->x, o->move_y - o->y, o->step);
        if (dir == 0)
            agi_vm_motion_done(vm, o);
        else
            o->dir = (uint8_t)dir;
        if (n == 0)
            vm->vars[AGI_V_EGO_DIR] = o->dir;
        break;
    }
    default: break;
    }
}

void agi_vm_move_to(agi_vm *vm, agi_vm_obj *o, unsigned x, unsigned y, unsigned step, unsigned flag)
{
    o->motion = AGI_MOTION_MOVE;
    o->move_x = (uint8_t)x;
    o->move_y = (uint8_t)y;
    o->move_step = o->step;
    if (step)
        o->step = (uint8_t)step;
    o->move_flag = (uint8_t)flag;
    vm->flags[flag & 0xff] = 0;
    o->updating = 1;
    if (o == &vm->obj[0])
        vm->player_control = 0;
    /* 2.089/2.230/2.272 leave the first direction (and a completion
     * already due) to the next target-motion update. */
    if (!vm->rules->move_defers_first)
        agi_vm_motion(vm, o, (unsigned)(o - vm->obj));
}

static int agi_vm_in_block(const agi_vm *vm, int x, int y)
{
    return x > vm->block_x1 && x < vm->block_x2 && y > vm->block_y1 && y < vm->block_y2;
}

static const int agi_dir_dx[9] = {0, 0, 1, 1, 1, 0, -1, -1, -1};
static const int agi_dir_dy[9] = {0, -1, -1, 0, 1, 1, 1, 0, -1};

static int agi_vm_eligible(const agi_vm_obj *o) { return o->drawn && o->animated && o->updating; }

void agi_vm_pre_logic(agi_vm *vm)
{
    for (unsigned i = 0; i < AGI_VM_OBJECTS; i++) {
        agi_vm_obj *o = &vm->obj[i];
        if (!agi_vm_eligible(o))
            continue;
        if (o->step_count == 1)
            agi_vm_motion(vm, o, i);
        if (vm->block && !o->no_blocks && o->dir && o->dir <= 8) {
            int nx = o->x + agi_dir_dx[o->dir] * o->step, ny = o->y + agi_dir_dy[o->dir] * o->step;
            if (agi_vm_in_block(vm, o->x, o->y) != agi_vm_in_block(vm, nx, ny)) {
                o->rect_state = 1;
                o->dir = 0;
                if (i == 0)
                    vm->vars[AGI_V_EGO_DIR] = 0;
            }
        }
    }
}

/* The loop the direction selects, or -1 for no change.  The two/three-loop
 * table is common; which views get the four-loop table is the variant. */
static int agi_vm_loop_for_dir(const agi_vm *vm, unsigned loops, unsigned dir)
{
    static const int8_t small[9] = {-1, -1, 0, 0, 0, -1, 1, 1, 1}, big[9] = {-1, 3, 0, 0, 0, 2, 1, 1, 1};
    if (dir > 8)
        return -1;
    if (loops == 2 || loops == 3)
        return small[dir];
    if (loops == 4)
        return big[dir];
    if (loops < 4)
        return -1;
    switch (vm->rules->loop4) {
    case AGI_LOOP4_AT_LEAST: return big[dir];
    case AGI_LOOP4_F20: return agi_vm_flag(vm, AGI_F_LOOP4_BIG) ? big[dir] : -1;
    default: return -1;
    }
}

/* 2.411 and later select only when the cadence countdown is 1. */
static int agi_vm_loop_select_due(const agi_vm *vm, const agi_vm_obj *o)
{
    return vm->rules->loop_select_every_pass || o->step_count == 1;
}
/* "Direction and automatic loop selection": the cadence gate and the
 * tables are profile variants (vm->rules). */
static void agi_vm_select_loop(agi_vm *vm, agi_vm_obj *o, const agi_view *v)
{
    if (!v || o->fix_loop || !agi_vm_loop_select_due(vm, o))
        return;
    int want = agi_vm_loop_for_dir(vm, v->loop_count, o->dir);
    if (want >= 0 && (unsigned)want != o->loop)
        agi_vm_set_loop(vm, o, (unsigned)want);
}

static void agi_vm_cycle_cel(agi_vm *vm, agi_vm_obj *o, const agi_view *v)
{
    if (!v)
        return;
    unsigned last = v->loops[v->loop[o->loop]].cel_count - 1, cel = o->cel;
    if ((o->cycle_mode == AGI_CYCLE_END || o->cycle_mode == AGI_CYCLE_REVERSE_END) && o->end_delay) {
        o->end_delay = 0;
        return;
    }
    switch (o->cycle_mode) {
    case AGI_CYCLE_NORMAL: cel = cel >= last ? 0 : cel + 1; break;
    case AGI_CYCLE_REVERSE: cel = cel == 0 ? last : cel - 1; break;
    case AGI_CYCLE_END:
        if (cel < last && ++cel != last)
            break;
        goto done;
    case AGI_CYCLE_REVERSE_END:
        if (cel > 0 && --cel != 0)
            break;
    done:
        vm->flags[o->end_flag] = 1;
        o->cycling = 0;
        o->dir = 0;
        o->cycle_mode = AGI_CYCLE_NORMAL;
        break;
    }
    agi_vm_set_cel(vm, o, cel);
}

static void agi_vm_move(agi_vm *vm, agi_vm_obj *o, unsigned n)
{
    if (o->step_count != 0 && --o->step_count != 0)
        return;
    o->step_count = o->step_time;
    int ox = o->x, oy = o->y, x = ox, y = oy, border = 0;
    if (!o->repositioned && o->dir <= 8) {
        x += agi_dir_dx[o->dir] * o->step;
        y += agi_dir_dy[o->dir] * o->step;
    }
    o->repositioned = 0;
    if (x < 0 || (x == 0 && vm->rules->left_zero_boundary)) {
        x = 0;
        border = 4;
    } else if (x + o->width > 160) {
        x = 160 - o->width;
        border = 2;
    }
    if (y - o->height < -1) {
        y = o->height - 1;
        border = 1;
    } else if (y > 167) {
        y = 167;
        border = 3;
    } else if (!o->no_horizon && y <= vm->horizon) {
        y = vm->horizon + 1;
        border = 1;
    }
    o->px = ox;
    o->py = oy;
    o->x = x;
    o->y = y;
    if ((x != ox || y != oy) && (agi_vm_collides(vm, o) || !agi_vm_control_ok(vm, o, n == 0))) {
        o->x = ox;
        o->y = oy;
        border = 0;
        agi_vm_place(vm, o);
    }
    if (border) {
        if (n == 0)
            vm->vars[AGI_V_EGO_EDGE] = (uint8_t)border;
        else {
            vm->vars[AGI_V_OBJ_EDGE_OBJ] = (uint8_t)n;
            vm->vars[AGI_V_OBJ_EDGE] = (uint8_t)border;
        }
        if (o->motion == AGI_MOTION_MOVE)
            agi_vm_motion_done(vm, o);
    }
    o->didnt_move = o->x == ox && o->y == oy;
}

void agi_vm_post_logic(agi_vm *vm)
{
    for (unsigned i = 0; i < AGI_VM_OBJECTS && !vm->err.code; i++) {
        agi_vm_obj *o = &vm->obj[i];
        if (!agi_vm_eligible(o))
            continue;
        const agi_view *v = agi_motion_view(vm, o); /* its view, NULL when none is loaded */
        agi_vm_select_loop(vm, o, v);
        if (o->cycling && o->cycle_count != 0 && --o->cycle_count == 0) {
            agi_vm_cycle_cel(vm, o, v);
            o->cycle_count = o->cycle_time;
        }
    }
    for (unsigned i = 0; i < AGI_VM_OBJECTS && !vm->err.code; i++)
        if (agi_vm_eligible(&vm->obj[i]))
            agi_vm_move(vm, &vm->obj[i], i);
}
