/* AGI persistent objects (agi-spec object_behavior.md): lifecycle,
 * priority table and horizon, placement spiral, object-object collision,
 * footprint control acceptance, the movement rectangle, cadence, automatic
 * loop selection, cel cycling, target / approach / random motion,
 * add.to.pic (logic_bytecode.md 0x7a), the composed frame and which
 * redraws reach the screen (AGI 2.936 as measured by probe games,
 * tests/corpus/agi_oracle/README.md). */
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
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

static const agi_view *agi_vm_obj_view(agi_vm *vm, agi_vm_obj *o) { return o->has_view ? vm->res.view[o->view] : NULL; }

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

/* object_behavior.md "Drawing order and refresh": earlier partition, then
 * later, each by drawing key with object number breaking ties.  A fixed
 * priority sorts as the first row of its band, not after every row as
 * the spec has it: under 2.936 an object fixed at 6 with its baseline on
 * row 66 is drawn before one standing on row 62 and after one on row 60
 * (key 60), one fixed at 9 on row 104 before one on row 98 (probes). */
static int agi_vm_draw_key(const agi_vm *vm, const agi_vm_obj *o)
{
    return o->fix_pri ? vm->pri_band[o->priority & 0x0f] : o->y;
}

/* Both partitions' drawing orders in one pass over the objects, each key
 * found once (the frame is composed every cycle). */
static void agi_vm_draw_order(const agi_vm *vm, uint8_t order[2][AGI_VM_OBJECTS], unsigned n[2])
{
    /* 2.089 draws the earlier partition in object-number order. */
    int unsorted_early = vm->rules->draw_early_unsorted;
    int key[2][AGI_VM_OBJECTS];
    n[0] = n[1] = 0;
    for (unsigned i = 0; i < AGI_VM_OBJECTS; i++) {
        const agi_vm_obj *o = &vm->obj[i];
        if (!o->drawn || !o->animated || !o->has_view || !vm->res.view[o->view])
            continue;
        int part = o->updating != 0, k = part == 0 && unsorted_early ? 0 : agi_vm_draw_key(vm, o);
        uint8_t *ord = order[part];
        int *ky = key[part];
        unsigned j = n[part]++;
        while (j > 0 && ky[j - 1] > k) {
            ord[j] = ord[j - 1];
            ky[j] = ky[j - 1];
            j--;
        }
        ord[j] = (uint8_t)i;
        ky[j] = k;
    }
}

/* The rectangle agi_cel_draw writes for cel c at (x, baseline y), with
 * its position adjustments, kept for the next render to restore. */
static void agi_vm_frame_mark(agi_vm *vm, const agi_cel *c, int x, int y)
{
    int top = y - c->height + 1, left = x;
    if (top < 0) {
        left += top;
        top = 0;
    }
    if (left + c->width > AGI_PIC_WIDTH)
        left = AGI_PIC_WIDTH - c->width;
    int x0 = left < 0 ? 0 : left, x1 = left + c->width > AGI_PIC_WIDTH ? AGI_PIC_WIDTH : left + c->width;
    int y1 = top + c->height > AGI_PIC_HEIGHT ? AGI_PIC_HEIGHT : top + c->height;
    if (x1 <= x0 || y1 <= top)
        return;
    if (vm->frame_rect_n == RELIC_COUNTOF(vm->frame_rect)) { /* cannot happen: one per object */
        vm->frame_kept = 0;
        return;
    }
    vm->frame_rect[vm->frame_rect_n].x0 = (int16_t)x0;
    vm->frame_rect[vm->frame_rect_n].x1 = (int16_t)x1;
    vm->frame_rect[vm->frame_rect_n].y0 = (int16_t)top;
    vm->frame_rect[vm->frame_rect_n].y1 = (int16_t)y1;
    vm->frame_rect_n++;
}

/* The frame is composed every cycle: when the shown picture has not
 * changed since the last one, only the cels drawn then are wiped, not the
 * whole of both planes. */
void agi_vm_render(agi_vm *vm)
{
    if (!vm->frame_kept) {
        memcpy(vm->frame_vis, vm->show_vis, AGI_PIC_CELLS);
        memcpy(vm->frame_pri, vm->show_pri, AGI_PIC_CELLS);
    } else
        for (unsigned k = 0; k < vm->frame_rect_n; k++)
            for (int y = vm->frame_rect[k].y0; y < vm->frame_rect[k].y1; y++) {
                size_t at = (size_t)y * AGI_PIC_WIDTH + (size_t)vm->frame_rect[k].x0;
                size_t n = (size_t)(vm->frame_rect[k].x1 - vm->frame_rect[k].x0);
                memcpy(vm->frame_vis + at, vm->show_vis + at, n);
                memcpy(vm->frame_pri + at, vm->show_pri + at, n);
            }
    vm->frame_kept = 1;
    vm->frame_rect_n = 0;
    if (!vm->shown)
        return;
    uint8_t order[2][AGI_VM_OBJECTS];
    unsigned n[2];
    agi_vm_draw_order(vm, order, n);
    for (int part = 0; part < 2; part++) {
        for (unsigned k = 0; k < n[part]; k++) {
            agi_vm_obj *o = &vm->obj[order[part][k]];
            relic_err e;
            relic_err_clear(&e);
            if (agi_view_select_loop(vm->res.view[o->view], o->loop, &e))
                continue;
            const agi_cel *c = agi_view_cel(vm->res.view[o->view], o->loop, o->cel);
            if (c) {
                agi_vm_frame_mark(vm, c, o->x, o->y);
                agi_cel_draw(c, o->x, o->y, agi_vm_obj_priority(vm, o), vm->frame_vis, vm->frame_pri);
            }
        }
    }
}

/* The screen pixels of an object's rectangle (AGI x, baseline y, size)
 * under the display base row of now. */
static void agi_vm_obj_to_screen(agi_vm *vm, int x, int y, int w, int h)
{
    if (!vm->scr_live) /* hankqe's room 25 draws its dancers under a black screen */
        return;
    int top = vm->txt.base_row * 8, y0 = y - h + 1;
    agi_vm_text_wipe(vm, 2 * x, top + y0, 2 * (x + w) - 1, top + y);
    x = x < 0 ? 0 : x > AGI_PIC_WIDTH ? AGI_PIC_WIDTH : x;
    w = x + w > AGI_PIC_WIDTH ? AGI_PIC_WIDTH - x : w;
    y0 = y0 < 0 ? 0 : y0;
    y = y >= AGI_PIC_HEIGHT ? AGI_PIC_HEIGHT - 1 : y;
    if (w <= 0 || y < y0)
        return;
    unsigned k = vm->blit_n;
    if (k == RELIC_COUNTOF(vm->blit)) { /* full: the last one grows to cover this one too */
        k--;
        int x1 = x + w - 1 > vm->blit[k].x1 ? x + w - 1 : vm->blit[k].x1;
        x = x < vm->blit[k].x0 ? x : vm->blit[k].x0;
        w = x1 - x + 1;
        y0 = y0 < vm->blit[k].y0 ? y0 : vm->blit[k].y0;
        y = y > vm->blit[k].y1 ? y : vm->blit[k].y1;
    } else
        vm->blit_n++;
    vm->blit[k].x0 = (int16_t)x;
    vm->blit[k].x1 = (int16_t)(x + w - 1);
    vm->blit[k].y0 = (int16_t)y0;
    vm->blit[k].y1 = (int16_t)y;
    vm->blit[k].top = (int16_t)top;
}

/* The queued redraws copied from the frame of now to the kept screen
 * (nothing to do while the screen is the frame). */
void agi_vm_obj_flush(agi_vm *vm)
{
    if (vm->scr_split && vm->blit_n) {
        agi_vm_render(vm);
        for (unsigned k = 0; k < vm->blit_n; k++)
            for (int y = vm->blit[k].y0; y <= vm->blit[k].y1; y++)
                if (vm->blit[k].top + y < AGI_SCREEN_H)
                    memcpy(vm->scr_gfx + (vm->blit[k].top + y) * AGI_PIC_WIDTH + vm->blit[k].x0,
                           vm->frame_vis + y * AGI_PIC_WIDTH + vm->blit[k].x0,
                           (size_t)(vm->blit[k].x1 - vm->blit[k].x0 + 1));
    }
    vm->blit_n = 0;
}

/* An object copied from the picture buffer to the screen as AGI 2.936's
 * update does: the union of the rectangle it was last shown in and the
 * one it has now. */
static void agi_vm_obj_blit(agi_vm *vm, agi_vm_obj *o)
{
    int x0 = o->x, x1 = o->x + o->width, y0 = o->y - o->height, y1 = o->y;
    if (o->blitted) {
        if (o->bx < x0)
            x0 = o->bx;
        if (o->bx + o->bw > x1)
            x1 = o->bx + o->bw;
        if (o->by - o->bh < y0)
            y0 = o->by - o->bh;
        if (o->by > y1)
            y1 = o->by;
    }
    agi_vm_obj_to_screen(vm, x0, y1, x1 - x0, y1 - y0);
    o->blitted = 1;
    o->bx = o->x;
    o->by = o->y;
    o->bw = o->width;
    o->bh = o->height;
}

void agi_vm_obj_blit_all(agi_vm *vm)
{
    for (unsigned i = 0; i < AGI_VM_OBJECTS; i++) {
        agi_vm_obj *o = &vm->obj[i];
        if (o->drawn && o->animated && o->updating && o->has_view) {
            o->pri_read = agi_vm_obj_priority(vm, o);
            agi_vm_obj_blit(vm, o);
        }
    }
}

void agi_vm_obj_draw(agi_vm *vm, agi_vm_obj *o)
{
    if (o->drawn)
        return;
    if (!o->has_view || !vm->res.view[o->view]) {
        agi_vm_fail(vm, "draw of object %u without a loaded view", (unsigned)(o - vm->obj));
        return;
    }
    o->updating = 1;
    agi_vm_place(vm, o);
    o->px = o->x;
    o->py = o->y;
    o->pw = o->width;
    o->ph = o->height;
    o->pri_read = agi_vm_obj_priority(vm, o);
    o->drawn = 1;
    o->blitted = 0;
    if (vm->rules->draw_marks_repositioned) /* no step in the next due pass */
        o->repositioned = 1;
    if (o->animated) /* only animated objects are drawn (2.936 probe) */
        agi_vm_obj_blit(vm, o);
}

/* erase copies what an update copies: the union of the rectangle last
 * shown and the one it has now (a probe under 2.936: reposition.to then
 * erase restores both places). */
void agi_vm_obj_erase(agi_vm *vm, agi_vm_obj *o)
{
    int was = o->drawn && o->blitted && o->animated;
    o->drawn = 0;
    if (was)
        agi_vm_obj_blit(vm, o);
    o->blitted = 0;
}

/* From now on the screen is kept (scr_split) rather than composed: what
 * is on it now stays until a redraw copies over it. */
static void agi_vm_screen_keep(agi_vm *vm)
{
    if (vm->scr_split || !vm->shown || !vm->scr_live || vm->txt.text_mode)
        return;
    agi_vm_render(vm);
    memset(vm->scr_gfx, 0, sizeof vm->scr_gfx);
    for (unsigned y = 0; y < AGI_PIC_HEIGHT && (unsigned)vm->pic_row * 8 + y < AGI_SCREEN_H; y++)
        memcpy(vm->scr_gfx + ((unsigned)vm->pic_row * 8 + y) * AGI_PIC_WIDTH, vm->frame_vis + y * AGI_PIC_WIDTH,
               AGI_PIC_WIDTH);
    vm->scr_split = 1;
}

/* A stopped object's new cel, loop, view or place does not reach the
 * screen by itself (2.936 probes: set.cel, set.loop, set.view,
 * reposition.to and reposition on stopped objects leave their old images
 * shown): the screen is kept from here on, until a redraw covers them. */
void agi_vm_obj_stale(agi_vm *vm, agi_vm_obj *o)
{
    if (o->drawn && o->animated && !o->updating && o->blitted)
        agi_vm_screen_keep(vm);
}

/* force.update redraws every object, stopped or not, not only its own
 * (probes: a stopped object's new cel and new place show after
 * force.update of another object; changes made after it do not). */
void agi_vm_obj_force_update(agi_vm *vm)
{
    for (unsigned i = 0; i < AGI_VM_OBJECTS; i++) {
        agi_vm_obj *o = &vm->obj[i];
        if (o->drawn && o->animated && o->has_view)
            agi_vm_obj_blit(vm, o);
    }
    agi_vm_obj_flush(vm); /* now: later changes wait for the next redraw */
}

/* position / position.v set the previous position with the new one, so
 * the next redraw (update, erase) copies the new rectangle only and the
 * image at the old place stays on the screen (probes under 2.936: a
 * walker, a stopped object then start.update, and one erased at once
 * each leave their image where they stood; reposition.to does not).
 * 2.089 removes the old image first: the next redraw covers both. */
void agi_vm_obj_position(agi_vm *vm, agi_vm_obj *o, int x, int y)
{
    if (o->drawn && o->blitted && (x != o->bx || y != o->by) && !vm->rules->position_removes_image) {
        agi_vm_screen_keep(vm);
        o->bx = x;
        o->by = y;
    }
    o->x = o->px = x;
    o->y = o->py = y;
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
static void agi_vm_select_loop(agi_vm *vm, agi_vm_obj *o)
{
    const agi_view *v = agi_vm_obj_view(vm, o);
    if (!v || o->fix_loop || !agi_vm_loop_select_due(vm, o))
        return;
    int want = agi_vm_loop_for_dir(vm, v->loop_count, o->dir);
    if (want >= 0 && (unsigned)want != o->loop)
        agi_vm_set_loop(vm, o, (unsigned)want);
}

static void agi_vm_cycle_cel(agi_vm *vm, agi_vm_obj *o)
{
    const agi_view *v = agi_vm_obj_view(vm, o);
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
        agi_vm_select_loop(vm, o);
        if (o->cycling && o->cycle_count != 0 && --o->cycle_count == 0) {
            agi_vm_cycle_cel(vm, o);
            o->cycle_count = o->cycle_time;
        }
    }
    for (unsigned i = 0; i < AGI_VM_OBJECTS && !vm->err.code; i++)
        if (agi_vm_eligible(&vm->obj[i]))
            agi_vm_move(vm, &vm->obj[i], i);
}

int agi_vm_add_to_pic(agi_vm *vm, unsigned view, unsigned loop, unsigned cel, unsigned x, unsigned y, unsigned pri,
                      int record)
{
    agi_view *v = vm->res.view[view & 0xff];
    if (!v)
        return agi_vm_fail(vm, "add.to.pic: view %u is not loaded", view & 0xff);
    relic_err e;
    relic_err_clear(&e);
    if (loop >= v->loop_count || agi_view_select_loop(v, loop, &e) || !agi_view_cel(v, loop, cel))
        return agi_vm_fail(vm, "add.to.pic: view %u has no loop %u cel %u", view & 0xff, loop, cel);
    const agi_cel *c = agi_view_cel(v, loop, cel);
    uint8_t p = pri & 0x0f, margin = (uint8_t)(pri >> 4);
    if (p == 0)
        p = vm->pri_table[y > 167 ? 167 : y];
    agi_cel_draw(c, (int)x, (int)y, p, vm->pic_vis, vm->pic_pri);
    agi_cel_draw(c, (int)x, (int)y, p, vm->show_vis, vm->show_pri);
    vm->frame_kept = 0;
    /* The priority box (2.936 probes: walkers stop at its sides and its
     * top, not only at the line under the cel): a frame in the margin's
     * control value from the baseline up the rows of the same priority
     * band, at most the cel's height (a 10-row cel on row 100 gets rows
     * 96-100, on row 150 rows 144-150). */
    if (margin < 4 && y <= 167) {
        unsigned top = y;
        while (top > 0 && y - top + 1 < c->height && vm->pri_table[top - 1] == vm->pri_table[y])
            top--;
        for (unsigned r = top; r <= y; r++)
            for (unsigned i = 0; i < c->width && x + i < 160; i++)
                if (r == top || r == y || i == 0 || i + 1 == c->width) {
                    vm->pic_pri[r * 160 + x + i] = margin;
                    vm->show_pri[r * 160 + x + i] = margin;
                }
    }
    /* Its rectangle is copied to the screen at once: display() text
     * there is lost (probe). */
    if (record)
        agi_vm_obj_to_screen(vm, (int)x, (int)y, c->width, c->height);
    if (record) {
        agi_vm_record(vm, AGI_REPLAY_ADD_TO_PICTURE, 0);
        agi_vm_record(vm, (uint8_t)view, (uint8_t)loop);
        agi_vm_record(vm, (uint8_t)cel, (uint8_t)x);
        agi_vm_record(vm, (uint8_t)y, (uint8_t)pri);
    }
    return RELIC_OK;
}

/* Objects, the picture planes, horizon, block and player control as at
 * start.  Step size, cadence and cel timer stay 0 until the first room
 * transition sets them to 1 (session_and_persistence.md "Room transition"
 * step 4; animate.obj leaves them): under 2.936 a room-0 object never
 * moves at its own step, never cycles, and a move.obj never recomputes
 * its direction, so it runs on to the screen edge. */
void agi_vm_obj_reset(agi_vm *vm)
{
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
