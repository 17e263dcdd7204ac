/* AGI persistent objects (agi-spec object_behavior.md): lifecycle,
 * priority table and horizon, view, loop and cel, placement spiral,
 * object-object collision, footprint control acceptance; the frame they
 * are drawn in and the screen of AGI 2.936 ("Drawing order and refresh",
 * logic_bytecode.md 0x7a add.to.pic; the redraws that reach the screen as
 * measured by probe games, tests/corpus/agi_oracle/README.md): drawing
 * order, the frame composed from the shown picture, an object's draw and
 * erase copied to the screen, the kept screen (scr_split), add.to.pic.
 * Their motion is vm_motion.c. */
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

static const agi_view *agi_vm_obj_view(agi_vm *vm, agi_vm_obj *o)
{
    return o->has_view ? agi_vm_view_at(vm, o->view) : NULL;
}

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
    const agi_view *v = agi_vm_view_at(vm, view & 0xff);
    if (!v)
        return agi_vm_fail(vm, "object %u: view %u is not loaded", (unsigned)(o - vm->obj), view & 0xff);
    o->view = (uint8_t)view;
    o->has_view = 1;
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
        if (!o->drawn || !o->animated || !o->has_view || !agi_vm_view_at(vm, o->view))
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
            const agi_cel *c = agi_vm_view_cel(vm, o->view, o->loop, o->cel, &e);
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
    int y0 = y - h + 1, top = agi_vm_text_wipe_picture(vm, 2 * x, y0, 2 * (x + w) - 1, y);
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
    if (!o->has_view || !agi_vm_view_at(vm, o->view)) {
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
    if (vm->scr_split || !vm->shown || !vm->scr_live || agi_vm_text_mode(vm))
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


int agi_vm_add_to_pic(agi_vm *vm, unsigned view, unsigned loop, unsigned cel, unsigned x, unsigned y, unsigned pri,
                      int record)
{
    const agi_view *v = agi_vm_view_at(vm, view & 0xff);
    if (!v)
        return agi_vm_fail(vm, "add.to.pic: view %u is not loaded", view & 0xff);
    relic_err e;
    relic_err_clear(&e);
    const agi_cel *c = loop < v->loop_count ? agi_vm_view_cel(vm, view, loop, cel, &e) : NULL;
    if (!c)
        return agi_vm_fail(vm, "add.to.pic: view %u has no loop %u cel %u", view & 0xff, loop, cel);
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
