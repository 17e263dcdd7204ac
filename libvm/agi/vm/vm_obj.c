/* AGI persistent objects (agi-spec object_behavior.md): lifecycle,
 * priority table and horizon, view, loop and cel, placement spiral,
 * object-object collision, footprint control acceptance.  Their motion is
 * vm_motion.c; the frame and the screen they are drawn to vm_frame.c. */
#include <string.h>
#include "vm_private.h"

void agi_vm_set_horizon_table(agi_vm *vm, unsigned base)
{
    if (base > 167)
        base = 167;
    for (unsigned y = 0; y < 168; y++) {
        unsigned p = y < base ? 4 : (y - base) * 10 / (168 - base) + 5;
        vm->pri_table[y] = (uint8_t)(p > 15 ? 15 : p);
    }
    /* The frame is composed every cycle: its sort reads these, not the table. */
    vm->pri_band[0] = -1;
    for (unsigned p = 1; p < 16; p++) {
        int y = 0;
        while (y < 168 && vm->pri_table[y] < p)
            y++;
        vm->pri_band[p] = (int16_t)y;
    }
}

uint8_t agi_vm_obj_priority(const agi_vm *vm, const agi_vm_obj *o)
{
    if (o->fix_pri)
        return o->priority & 0x0f;
    return vm->pri_table[o->y < 0 ? 0 : o->y > 167 ? 167 : o->y];
}

const agi_view *agi_vm_obj_view(agi_vm *vm, agi_vm_obj *o) { return o->has_view ? vm->res.view[o->view] : NULL; }

int agi_vm_set_cel(agi_vm *vm, agi_vm_obj *o, unsigned cel)
{
    const agi_view *v = agi_vm_obj_view(vm, o);
    if (!v)
        return agi_vm_fail(vm, "set.cel on object %u without a view", (unsigned)(o - vm->obj));
    const agi_loop_data *ld = &v->loops[v->loop[o->loop]];
    if (cel >= ld->cel_count)
        return agi_vm_abandon(vm, "object %u: cel %u outside loop %u of view %u (%u cels)", (unsigned)(o - vm->obj),
                              cel, o->loop, o->view, ld->cel_count);
    o->cel = (uint8_t)cel;
    const agi_cel *c = &v->cels[ld->cel[cel]];
    o->width = c->width;
    o->height = c->height;
    o->end_delay = 0;
    if (o->x + o->width > 160)
        o->x = 160 - o->width;
    if (o->x < 0)
        o->x = 0;
    if (o->y - o->height < -1)
        o->y = o->height - 1;
    return RELIC_OK;
}

int agi_vm_set_loop(agi_vm *vm, agi_vm_obj *o, unsigned loop)
{
    const agi_view *v = agi_vm_obj_view(vm, o);
    if (!v)
        return agi_vm_fail(vm, "set.loop on object %u without a view", (unsigned)(o - vm->obj));
    if (loop >= v->loop_count)
        return agi_vm_abandon(vm, "object %u: loop %u outside view %u (%u loops)", (unsigned)(o - vm->obj), loop,
                              o->view, v->loop_count);
    o->loop = (uint8_t)loop;
    unsigned n = v->loops[v->loop[loop]].cel_count;
    return agi_vm_set_cel(vm, o, o->cel < n ? o->cel : 0);
}

int agi_vm_set_view(agi_vm *vm, agi_vm_obj *o, unsigned view)
{
    if (!vm->res.view[view & 0xff])
        return agi_vm_fail(vm, "object %u: view %u is not loaded", (unsigned)(o - vm->obj), view & 0xff);
    o->view = (uint8_t)view;
    o->has_view = 1;
    const agi_view *v = vm->res.view[view & 0xff];
    if (v->loop_count == 0)
        return agi_vm_fail(vm, "view %u has no loops", view & 0xff);
    return agi_vm_set_loop(vm, o, o->loop < v->loop_count ? o->loop : 0);
}

/* The first animate.obj sets the object's flag word anew (2.936 probes:
 * an object drawn before it is not shown; ignore.horizon and fix.loop
 * given before it are lost; ScummVM's cmdAnimateObj likewise). */
void agi_vm_obj_animate(agi_vm_obj *o)
{
    if (o->animated)
        return;
    o->drawn = o->fix_loop = o->fix_pri = o->no_horizon = o->no_objs = o->no_blocks = 0;
    o->on_water = o->on_land = o->repositioned = o->didnt_move = o->end_delay = o->blitted = 0;
    o->animated = o->cycling = o->updating = 1;
    o->dir = 0;
    o->motion = AGI_MOTION_NORMAL;
    o->cycle_mode = AGI_CYCLE_NORMAL;
}

/* object_behavior.md "Object-object collision". */
int agi_vm_collides(const agi_vm *vm, const agi_vm_obj *o)
{
    if (o->no_objs)
        return 0;
    for (unsigned i = 0; i < AGI_VM_OBJECTS; i++) {
        const agi_vm_obj *q = &vm->obj[i];
        if (q == o || !q->drawn || !q->animated || q->no_objs)
            continue;
        if (o->x + o->width < q->x || o->x > q->x + q->width)
            continue;
        if (o->y == q->y || (o->y > q->y && o->py < q->py) || (o->y < q->y && o->py > q->py))
            return 1;
    }
    return 0;
}

/* object_behavior.md "Footprint control acceptance", with the classes
 * as AGI 2.936 reads them (probes under DOSBox): the footprint is on
 * water only when every cell is water, and it touches a signal line when
 * any cell is one.  The spec's "final cell decides" is not what the
 * original does: an on-land object walking into water from the left
 * stopped with its last cell in the water (x 19, not 14), the ego's f0
 * came at x 20 with all six cells in it (not x 15), and f3 stayed set
 * while any cell was on the line (x 95 to 100, not 95 alone).  ScummVM's
 * checkPriority reads them the same way. */
int agi_vm_control_ok(agi_vm *vm, agi_vm_obj *o, int is_ego)
{
    if (agi_vm_obj_priority(vm, o) == 15)
        return 1;
    if (o->y < 0 || o->y > 167)
        return 0;
    int water = 1, signal = 0;
    const uint8_t *row = vm->pic_pri + o->y * AGI_PIC_WIDTH;
    for (int i = 0; i < o->width; i++) {
        int x = o->x + i;
        if (x < 0 || x >= AGI_PIC_WIDTH)
            continue;
        if (row[x] == 3)
            continue;
        water = 0;
        if (row[x] == 0 || (row[x] == 1 && !o->no_blocks))
            return 0;
        if (row[x] == 2)
            signal = 1;
    }
    if (is_ego) {
        vm->flags[AGI_F_EGO_SIGNAL] = (uint8_t)signal;
        vm->flags[AGI_F_EGO_WATER] = (uint8_t)water;
    }
    if (o->on_water && !water)
        return 0;
    if (o->on_land && water)
        return 0;
    return 1;
}

static int agi_vm_good_position(agi_vm *vm, agi_vm_obj *o)
{
    if (o->x < 0 || o->x + o->width > 160 || o->y - o->height < -1 || o->y > 167)
        return 0;
    if (!o->no_horizon && o->y <= vm->horizon)
        return 0;
    return !agi_vm_collides(vm, o) && agi_vm_control_ok(vm, o, o == &vm->obj[0]);
}

/* object_behavior.md "Placement search": left 1, down 1, right 2, up 2,
 * left 3, ... one candidate per unit step. */
void agi_vm_place(agi_vm *vm, agi_vm_obj *o)
{
    if (!o->no_horizon && o->y <= vm->horizon)
        o->y = vm->horizon + 1;
    if (agi_vm_good_position(vm, o))
        return;
    static const int dx[4] = {-1, 0, 1, 0}, dy[4] = {0, 1, 0, -1};
    int x = o->x, y = o->y;
    for (int leg = 0; leg < 700; leg++) {
        int d = leg % 4, len = leg / 2 + 1;
        for (int s = 0; s < len; s++) {
            o->x += dx[d];
            o->y += dy[d];
            if (agi_vm_good_position(vm, o))
                return;
        }
    }
    o->x = x;
    o->y = y;
}

/* The last navigation event (a type-2 value), kept for the save. */
void agi_vm_obj_nav(agi_vm *vm, uint16_t value) { vm->nav_event = value; }

/* Objects, the picture planes, horizon, block and player control as at
 * start.  Step size, cadence and cel timer stay 0 until the first room
 * transition sets them to 1 (session_and_persistence.md "Room transition"
 * step 4; animate.obj leaves them): under 2.936 a room-0 object never
 * moves at its own step, never cycles, and a move.obj never recomputes
 * its direction, so it runs on to the screen edge. */
void agi_vm_obj_reset(agi_vm *vm)
{
    vm->nav_event = 0;
    memset(vm->obj, 0, sizeof vm->obj);
    memset(vm->pic_vis, 15, sizeof vm->pic_vis);
    memset(vm->pic_pri, 4, sizeof vm->pic_pri);
    memset(vm->show_vis, 0, sizeof vm->show_vis);
    memset(vm->show_pri, 4, sizeof vm->show_pri);
    vm->frame_kept = 0;
    vm->shown = 0;
    vm->picture = -1;
    vm->pic_row = vm->scr_split = 0;
    vm->scr_live = 1;
    vm->blit_n = 0;
    agi_vm_set_horizon_table(vm, 48);
    vm->horizon = 36;
    vm->block = 0;
    vm->player_control = 1;
}
