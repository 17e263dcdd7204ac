/* AGI interpreter resources (agi-spec runtime_state.md "Resource
 * lifecycle", session_and_persistence.md "Resource replay sequence",
 * sound.md "Playback"): loading with the ordered-discard rule, the replay
 * list, and the playing sound.  Calls only vm_state.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_ext.h"
#include "vm_private.h"
#include "vm_res.h"

/* Where a loaded logic's next run starts (set.scan.start, a restore). */
void agi_vm_logic_scan_start(agi_vm *vm, unsigned logic, uint16_t at)
{
    agi_vm_logic *l = vm->res->logic[logic & 0xff];
    if (l && l->loaded)
        l->scan_start = at;
}

void agi_vm_record(agi_vm *vm, uint8_t kind, uint8_t value)
{
    /* AGI 2.936 records nothing before the game's first new.room: a probe
     * that loaded, drew and added 5 cels in room 0 saved 0 pairs; the same
     * work after new.room(1) saved 24 (DOSBox, save-inspect). */
    if (vm->replay->off || !vm->replay->armed || vm->flags[AGI_F_NO_SCRIPT] || !vm->replay->pairs)
        return;
    /* A full list: AGI 2.936 goes on without a message (a probe game
     * added 255 cels to the picture without script.size); the pair is not
     * recorded, and the state JSON counts it. */
    if (vm->replay->count >= vm->replay->cap) {
        vm->replay->dropped++;
        return;
    }
    vm->replay->pairs[2 * vm->replay->count] = kind;
    vm->replay->pairs[2 * vm->replay->count + 1] = value;
    vm->replay->count++;
}

/* An AGDS game keys its message text with the clone's key, not Sierra's
 * (agds.c, after ScummVM's AgiEngine::decrypt choosing CRYPT_KEY_AGDS for
 * GF_AGDS games); the extension flag found when the VM opened the game
 * chooses the reading, so the runtime shows what agi-unpack exports. */
static int agi_vm_res_messages(const agi_vm *vm, const agi_vm_logic *l, agi_logic_messages *out, relic_err *err)
{
    if (vm->extensions & AGI_EXT_AGDS)
        return agi_logic_messages_decode_agds(l->payload.data, l->payload.len, out, err);
    return agi_logic_messages_decode(l->payload.data, l->payload.len, out, err);
}

/* A damaged resource the VM reads as AGI 2.936 does warns once, however
 * often it is loaded; the line keeps the payload offset. */
static void agi_vm_res_warn(agi_vm *vm, agi_kind kind, unsigned n, const char *msg, size_t offset)
{
    uint8_t *bit = &vm->res->warned[kind][(n & 0xff) >> 3], mask = (uint8_t)(1u << (n & 7));
    if (*bit & mask)
        return;
    char(*grown)[200] = realloc(vm->res->warnings, (vm->res->warnings_n + 1) * sizeof *grown);
    if (!grown)
        return; /* a warning lost to memory, never the run */
    *bit |= mask;
    vm->res->warnings = grown;
    snprintf(grown[vm->res->warnings_n++], sizeof *grown, "%s %u: %s (payload offset 0x%zx)", agi_kind_name(kind),
             n & 0xff, msg, offset);
}

unsigned agi_vm_resource_warnings(const agi_vm *vm) { return vm->res->warnings_n; }

const char *agi_vm_resource_warning(const agi_vm *vm, unsigned i)
{
    return i < vm->res->warnings_n ? vm->res->warnings[i] : NULL;
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
    if (vm->res->logic[n] && vm->res->logic[n]->loaded)
        return RELIC_OK;
    agi_vm_logic *l = vm->res->logic[n];
    if (!l && !(l = vm->res->logic[n] = calloc(1, sizeof *l)))
        return agi_vm_fail(vm, "out of memory");
    relic_buf_free(&l->payload);
    if (agi_vm_load(vm, AGI_LOGIC, n, &l->payload))
        return vm->err.code;
    relic_err e;
    relic_err_clear(&e);
    agi_logic_messages_free(&l->msgs);
    if (agi_vm_res_messages(vm, l, &l->msgs, &e))
        return agi_vm_fail(vm, "logic %u: %s (payload offset 0x%zx)", n, e.msg, e.offset);
    if (l->msgs.warnings)
        agi_vm_res_warn(vm, AGI_LOGIC, n, l->msgs.warning, l->msgs.warning_offset);
    l->code_len = l->msgs.code_length;
    l->loaded = 1;
    if (record)
        agi_vm_record(vm, AGI_REPLAY_LOAD_LOGIC, (uint8_t)n);
    return RELIC_OK;
}

int agi_vm_install_logic(agi_vm *vm, unsigned n, const uint8_t *payload, size_t len, relic_err *err)
{
    n &= 0xff;
    agi_vm_logic *l = vm->res->logic[n];
    if (!l && !(l = vm->res->logic[n] = calloc(1, sizeof *l)))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    relic_buf_free(&l->payload);
    agi_logic_messages_free(&l->msgs);
    l->loaded = 0;
    relic_buf_append(&l->payload, payload, len);
    if (relic_buf_check(&l->payload, err))
        return err->code;
    if (agi_vm_res_messages(vm, l, &l->msgs, err))
        return err->code;
    l->code_len = l->msgs.code_length;
    l->scan_start = 0;
    l->loaded = l->pinned = 1;
    return RELIC_OK;
}

int agi_vm_load_pic(agi_vm *vm, unsigned n, int record)
{
    n &= 0xff;
    if (vm->res->pic_loaded[n])
        return RELIC_OK;
    relic_buf_free(&vm->res->pic[n]);
    if (agi_vm_load(vm, AGI_PICTURE, n, &vm->res->pic[n]))
        return vm->err.code;
    vm->res->pic_loaded[n] = 1;
    vm->res->pic_order[vm->res->pic_n++] = (uint8_t)n;
    if (record)
        agi_vm_record(vm, AGI_REPLAY_LOAD_PICTURE, (uint8_t)n);
    return RELIC_OK;
}

int agi_vm_load_view(agi_vm *vm, unsigned n, int record)
{
    n &= 0xff;
    if (vm->res->view[n])
        return RELIC_OK;
    relic_buf p = RELIC_BUF_INIT;
    if (agi_vm_load(vm, AGI_VIEW, n, &p))
        return vm->err.code;
    agi_view *v = calloc(1, sizeof *v);
    relic_err e;
    relic_err_clear(&e);
    int wide = vm->wide_views && agi_agi256_view_is_256(p.data, p.len);
    if (!v || (wide ? agi_view_decode_agi256 : agi_view_decode)(p.data, p.len, vm->profile, v, &e)) {
        free(v);
        relic_buf_free(&p);
        return agi_vm_fail(vm, "view %u: %s", n, v ? e.msg : "out of memory");
    }
    relic_buf_free(&p);
    if (v->warnings)
        agi_vm_res_warn(vm, AGI_VIEW, n, v->warning, v->warning_offset);
    vm->res->view[n] = v;
    vm->res->view_order[vm->res->view_n++] = (uint8_t)n;
    if (record)
        agi_vm_record(vm, AGI_REPLAY_LOAD_VIEW, (uint8_t)n);
    return RELIC_OK;
}

/* A loaded view's cel, its loop made ready first (the view decodes a loop
 * when first selected); NULL when the loop does not decode (err says why)
 * or has no such cel. */
const agi_cel *agi_vm_view_cel(agi_vm *vm, unsigned view, unsigned loop, unsigned cel, relic_err *err)
{
    agi_view *v = vm->res->view[view & 0xff];
    if (agi_view_select_loop(v, loop, err))
        return NULL;
    return agi_view_cel(v, loop, cel);
}

int agi_vm_load_sound(agi_vm *vm, unsigned n, int record)
{
    n &= 0xff;
    if (vm->res->sound[n])
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
    if (s->warnings)
        agi_vm_res_warn(vm, AGI_SOUND, n, s->warning, s->warning_offset);
    vm->res->sound[n] = s;
    if (record)
        agi_vm_record(vm, AGI_REPLAY_LOAD_SOUND, (uint8_t)n);
    return RELIC_OK;
}

/* "Discarding one of those resources also discards every resource loaded
 * later in the same family." */
void agi_vm_discard_pic(agi_vm *vm, unsigned n)
{
    n &= 0xff;
    for (unsigned i = 0; i < vm->res->pic_n; i++) {
        if (vm->res->pic_order[i] != n)
            continue;
        for (unsigned j = i; j < vm->res->pic_n; j++) {
            relic_buf_free(&vm->res->pic[vm->res->pic_order[j]]);
            vm->res->pic_loaded[vm->res->pic_order[j]] = 0;
        }
        vm->res->pic_n = i;
        return;
    }
}

void agi_vm_discard_view(agi_vm *vm, unsigned n)
{
    n &= 0xff;
    for (unsigned i = 0; i < vm->res->view_n; i++) {
        if (vm->res->view_order[i] != n)
            continue;
        for (unsigned j = i; j < vm->res->view_n; j++) {
            unsigned v = vm->res->view_order[j];
            for (unsigned k = 0; k < AGI_VM_OBJECTS; k++)
                if (vm->obj[k].has_view && vm->obj[k].view == v && !vm->obj[k].drawn)
                    vm->obj[k].has_view = 0;
            agi_view_free(vm->res->view[v]);
            free(vm->res->view[v]);
            vm->res->view[v] = NULL;
        }
        vm->res->view_n = i;
        return;
    }
}

int agi_vm_draw_pic(agi_vm *vm, unsigned n, int overlay)
{
    n &= 0xff;
    if (!vm->res->pic_loaded[n])
        return agi_vm_fail(vm, "picture %u drawn before it was loaded", n);
    agi_picture_opts po = {.overlay = overlay};
    relic_err e;
    relic_err_clear(&e);
    if (agi_picture_draw(
            &(agi_picture_args){vm->res->pic[n].data, vm->res->pic[n].len, vm->profile, vm->pic_vis, vm->pic_pri, &po},
            NULL, &e))
        return agi_vm_fail(vm, "picture %u: %s (payload offset 0x%zx)", n, e.msg, e.offset);
    vm->picture = (int)n;
    return RELIC_OK;
}

/* An AGI256 or AGI256-2 game's raw picture (vm_rules.h agi_vm_ext_rules): loaded,
 * then laid over the visual plane as 160x168 palette indices; the
 * priority plane keeps what draw.pic left (ScummVM drawPictureAGI256
 * writes the visual plane only).  The replay list has no record for it:
 * Sierra's save layout knows no such picture. */
int agi_vm_draw_raw_pic(agi_vm *vm, unsigned n)
{
    n &= 0xff;
    int rc = agi_vm_load_pic(vm, n, 1);
    if (rc)
        return rc;
    relic_err e;
    relic_err_clear(&e);
    if (agi_agi256_picture_decode(vm->res->pic[n].data, vm->res->pic[n].len, vm->pic_vis, NULL, &e))
        return agi_vm_fail(vm, "picture %u: %s (payload offset 0x%zx)", n, e.msg, e.offset);
    vm->picture = (int)n;
    return RELIC_OK;
}

/* The scheduler counts ticks from each sound's start; the run's clock
 * places them. */
static void agi_vm_snd_rebase(agi_vm *vm, size_t from)
{
    for (size_t i = from; i < vm->audio->snd_cmds.count; i++)
        vm->audio->snd_cmds.v[i].tick += vm->audio->snd_base;
}

void agi_vm_stop_sound(agi_vm *vm)
{
    if (!vm->audio->snd_playing)
        return;
    size_t n0 = vm->audio->keep_sound_cmds ? vm->audio->snd_cmds.count : (vm->audio->snd_cmds.count = 0);
    agi_snd_stop(&vm->audio->snd, &vm->audio->snd_cmds);
    agi_vm_snd_rebase(vm, n0);
    vm->audio->snd_playing = 0;
    vm->flags[vm->audio->snd_flag] = 1;
}

int agi_vm_start_sound(agi_vm *vm, unsigned n, unsigned flag)
{
    agi_vm_stop_sound(vm);
    vm->flags[flag & 0xff] = 0;
    if (!vm->res->sound[n & 0xff])
        return agi_vm_abandon(vm, "sound %u played before it was loaded", n & 0xff);
    /* The device the machine's selector picks; v23 is the global
     * attenuation adjustment, read again on every tick. */
    agi_snd_opts so = {.profile = vm->profile, .selector = vm->machine, .global_adjust = vm->vars[AGI_V_VOLUME]};
    agi_snd_start(&vm->audio->snd, vm->res->sound[n & 0xff], &so);
    vm->audio->snd_base = vm->audio->snd_clock;
    vm->audio->snd_playing = 1;
    vm->audio->snd_flag = (uint8_t)flag;
    return RELIC_OK;
}

static void agi_vm_free_resources(agi_vm *vm)
{
    for (unsigned i = 0; i < 256; i++) {
        relic_buf_free(&vm->res->pic[i]);
        vm->res->pic_loaded[i] = 0;
        if (vm->res->view[i]) {
            agi_view_free(vm->res->view[i]);
            free(vm->res->view[i]);
            vm->res->view[i] = NULL;
        }
        if (vm->res->sound[i]) {
            agi_sound_free(vm->res->sound[i]);
            free(vm->res->sound[i]);
            vm->res->sound[i] = NULL;
        }
    }
    vm->res->pic_n = vm->res->view_n = 0;
}

/* keep0: a room switch keeps logic 0; keep_pinned: installed logics stand
 * for the game's files, so a restart keeps them (from their start). */
static void agi_vm_free_logics(agi_vm *vm, int keep0, int keep_pinned)
{
    for (unsigned i = keep0 ? 1 : 0; i < 256; i++) {
        agi_vm_logic *l = vm->res->logic[i];
        if (l && keep_pinned && l->pinned) {
            l->scan_start = 0;
            continue;
        }
        if (!l)
            continue;
        relic_buf_free(&l->payload);
        agi_logic_messages_free(&l->msgs);
        free(l);
        vm->res->logic[i] = NULL;
    }
}

/* One 60 Hz sound tick: the scheduler's commands, and the end flag when
 * the sound is done. */
void agi_vm_sound_tick(agi_vm *vm)
{
    vm->audio->snd_clock++;
    if (!vm->audio->snd_playing)
        return;
    size_t n0 = vm->audio->keep_sound_cmds ? vm->audio->snd_cmds.count : (vm->audio->snd_cmds.count = 0);
    vm->audio->snd.global_adjust = vm->vars[AGI_V_VOLUME];
    agi_snd_tick(&vm->audio->snd, vm->flags[AGI_F_SOUND], &vm->audio->snd_cmds);
    agi_vm_snd_rebase(vm, n0);
    if (agi_snd_is_done(&vm->audio->snd)) {
        vm->audio->snd_playing = 0;
        vm->flags[vm->audio->snd_flag] = 1;
    }
}

/* n sound ticks in one call: a 20 Hz timer tick's three (vm_core.c);
 * without a sound playing each only moves the clock. */
void agi_vm_sound_ticks(agi_vm *vm, unsigned n)
{
    while (n--)
        agi_vm_sound_tick(vm);
}

void agi_vm_audio_reset(agi_vm *vm) { agi_vm_stop_sound(vm); }

/* Everything but installed logics (which stand for the game's files). */
void agi_vm_res_reset(agi_vm *vm)
{
    agi_vm_free_resources(vm);
    agi_vm_free_logics(vm, 0, 1);
}

/* Before any script.size the list has AGI_VM_REPLAY_DEFAULT pairs
 * (relic's choice: the spec leaves an unconfigured capacity open). */
void agi_vm_replay_reset(agi_vm *vm)
{
    free(vm->replay->pairs);
    vm->replay->cap = vm->replay->count = vm->replay->checkpoint = vm->replay->dropped = 0;
    vm->replay->armed = 0;
    if ((vm->replay->pairs = calloc(AGI_VM_REPLAY_DEFAULT, 2)))
        vm->replay->cap = AGI_VM_REPLAY_DEFAULT;
    vm->replay->off = 0;
}

/* The resources and the sound are vm_res.c's (vm_res.h): made with the
 * vm; freed, with the replay list's pairs, by agi_vm_res_free (a vm whose
 * making failed half way included). */
int agi_vm_res_new(agi_vm *vm)
{
    vm->res = calloc(1, sizeof *vm->res);
    vm->audio = calloc(1, sizeof *vm->audio);
    return vm->res && vm->audio;
}

void agi_vm_res_free(agi_vm *vm)
{
    if (vm->res && vm->audio) {
        agi_vm_free_resources(vm);
        agi_vm_free_logics(vm, 0, 0);
        agi_snd_cmds_free(&vm->audio->snd_cmds);
        free(vm->res->warnings);
    }
    if (vm->replay) {
        free(vm->replay->pairs);
        vm->replay->pairs = NULL;
    }
    free(vm->res);
    free(vm->audio);
    vm->res = NULL;
    vm->audio = NULL;
}

/* What the other files read of the resources: a logic's record (NULL:
 * never loaded), a loaded view (NULL: not loaded); how many logics are
 * loaded, and their scan starts into a save made for them (logic 0 first,
 * at 0; save_format.md "Resume list"). */
const agi_vm_logic *agi_vm_logic_at(const agi_vm *vm, unsigned n) { return vm->res->logic[n & 0xff]; }
const agi_view *agi_vm_view_at(const agi_vm *vm, unsigned n) { return vm->res->view[n & 0xff]; }

/* Logic n loaded (not recorded: logic 0 and call's) and its record; NULL
 * when it does not load (vm->err says why). */
const agi_vm_logic *agi_vm_logic_ready(agi_vm *vm, unsigned n)
{
    return agi_vm_load_logic(vm, n, 0) ? NULL : vm->res->logic[n & 0xff];
}

unsigned agi_vm_logics_loaded(const agi_vm *vm)
{
    unsigned n = 0;
    for (unsigned i = 0; i < 256; i++)
        n += vm->res->logic[i] && vm->res->logic[i]->loaded;
    return n;
}

void agi_vm_logics_to_save(const agi_vm *vm, agi_save *s)
{
    unsigned r = 0;
    if (s->resume_count)
        s->resume[r++] = (agi_save_resume){0, 0};
    for (unsigned i = 0; i < 256 && r < s->resume_count; i++)
        if (vm->res->logic[i] && vm->res->logic[i]->loaded)
            s->resume[r++] = (agi_save_resume){(uint16_t)i, vm->res->logic[i]->scan_start};
}

/* The public accessors of the sound (agi_vm.h). */
void agi_vm_keep_sound_commands(agi_vm *vm, int keep) { vm->audio->keep_sound_cmds = keep != 0; }
const agi_snd_cmds *agi_vm_sound_commands(const agi_vm *vm) { return &vm->audio->snd_cmds; }
uint64_t agi_vm_sound_clock(const agi_vm *vm) { return vm->audio->snd_clock; }

/* A room switch keeps logic 0 and installed logics, and drops the rest. */
void agi_vm_res_leave_room(agi_vm *vm)
{
    agi_vm_free_logics(vm, 1, 1);
    agi_vm_free_resources(vm);
}

/* The resource, replay-list and sound actions (logic_bytecode.md "Action
 * opcodes" 0x14, 0x15, 0x18-0x1b, 0x1e, 0x1f, 0x20, 0x62-0x64, 0x8e,
 * 0x99, 0xab, 0xac): opcodes.h's handler column. */
void agi_vm_op_load_logics(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_load_logic(vm, a[0], 1);
}

void agi_vm_op_load_logics_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_load_logic(vm, vm->vars[a[0]], 1);
}

void agi_vm_op_load_pic(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_load_pic(vm, vm->vars[a[0]], 1);
}

void agi_vm_op_draw_pic(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    if (agi_vm_draw_pic(vm, vm->vars[a[0]], 0) == RELIC_OK)
        agi_vm_record(vm, AGI_REPLAY_DRAW_PICTURE, vm->vars[a[0]]);
}

void agi_vm_op_overlay_pic(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    if (agi_vm_draw_pic(vm, vm->vars[a[0]], 1) == RELIC_OK)
        agi_vm_record(vm, AGI_REPLAY_OVERLAY_PICTURE, vm->vars[a[0]]);
}

void agi_vm_op_discard_pic(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    agi_vm_discard_pic(vm, vm->vars[a[0]]);
    agi_vm_record(vm, AGI_REPLAY_DISCARD_PICTURE, vm->vars[a[0]]);
}

void agi_vm_op_load_view(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, agi_vm_load_view(vm, a[0], 1); }

void agi_vm_op_load_view_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_load_view(vm, vm->vars[a[0]], 1);
}

static void agi_vm_res_discard_view(agi_vm *vm, unsigned n)
{
    agi_vm_discard_view(vm, n);
    agi_vm_record(vm, AGI_REPLAY_DISCARD_VIEW, (uint8_t)n);
}

void agi_vm_op_discard_view(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_res_discard_view(vm, a[0]);
}

void agi_vm_op_discard_view_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_res_discard_view(vm, vm->vars[a[0]]);
}

void agi_vm_op_load_sound(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, agi_vm_load_sound(vm, a[0], 1); }

void agi_vm_op_sound(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, agi_vm_start_sound(vm, a[0], a[1]); }
void agi_vm_op_stop_sound(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)a, (void)logic, agi_vm_stop_sound(vm); }

/* script.size: a new, empty list of a[0] pairs. */
void agi_vm_op_script_size(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    free(vm->replay->pairs);
    vm->replay->pairs = calloc(a[0] ? a[0] : 1, 2);
    vm->replay->cap = vm->replay->pairs ? a[0] : 0;
    vm->replay->count = vm->replay->checkpoint = 0;
}

void agi_vm_op_push_script(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic, vm->replay->checkpoint = vm->replay->count;
}

void agi_vm_op_pop_script(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic, vm->replay->count = vm->replay->checkpoint;
}

/* shake.screen: in a game with a palette extension (AGIPAL), operands in
 * the extension row's range load pal.<operand> instead of shaking
 * (ScummVM engines/agi/op_cmd.cpp cmdShakeScreen); a missing or short
 * file keeps the palette, as ScummVM's setAGIPal does.  No shake. */
void agi_vm_op_shake_screen(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    if (!vm->game || !vm->game->files || !agi_extension_for_shake(vm->extensions, a[0]))
        return;
    uint8_t rgb[16 * 3];
    relic_err err;
    relic_err_clear(&err);
    if (agi_agipal_load(vm->game->files, a[0], rgb, NULL, &err) == RELIC_OK) {
        memcpy(vm->palette, rgb, sizeof rgb);
        vm->agipal_file = a[0];
    }
}

/* A restart's list: as long as the old one, empty (kept when memory runs out). */
void agi_vm_replay_renew(agi_vm *vm, unsigned cap)
{
    uint8_t *r = cap ? calloc(cap, 2) : NULL;
    if (r) {
        free(vm->replay->pairs);
        vm->replay->pairs = r;
        vm->replay->cap = cap;
    }
}

/* A room switch empties the list and arms recording. */
void agi_vm_replay_new_room(agi_vm *vm)
{
    vm->replay->count = 0;
    vm->replay->armed = 1;
}

/* Recording off while a restore replays a save's list. */
void agi_vm_replay_pause(agi_vm *vm, int off) { vm->replay->off = off; }

/* A restore's list: the save's pairs, count and checkpoint, armed (a
 * saved game is in a room). */
int agi_vm_replay_from_save(agi_vm *vm, const agi_save *s, relic_err *err)
{
    free(vm->replay->pairs);
    vm->replay->cap = s->replay_slots;
    if (!(vm->replay->pairs = calloc(vm->replay->cap ? 2 * (size_t)vm->replay->cap : 1, 1)))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    memcpy(vm->replay->pairs, s->replay, 2 * (size_t)vm->replay->cap);
    vm->replay->count = s->state.replay_count;
    vm->replay->armed = 1;
    vm->replay->checkpoint = s->state.replay_checkpoint;
    return RELIC_OK;
}

/* The replay list with the vm (agi_vm_new) and without it (its pairs are
 * freed by agi_vm_res_free). */
int agi_vm_replay_new(agi_vm *vm) { return (vm->replay = calloc(1, sizeof *vm->replay)) != NULL; }
void agi_vm_replay_free(agi_vm *vm) { free(vm->replay); }

/* What the other files read of the replay list. */
unsigned agi_vm_replay_cap(const agi_vm *vm) { return vm->replay->cap; }
unsigned agi_vm_replay_count(const agi_vm *vm) { return vm->replay->count; }
unsigned agi_vm_replay_dropped(const agi_vm *vm) { return vm->replay->dropped; }

void agi_vm_replay_to_save(const agi_vm *vm, agi_save *s)
{
    s->state.replay_count = (uint16_t)vm->replay->count;
    s->state.replay_checkpoint = (uint16_t)vm->replay->checkpoint;
    if (vm->replay->cap)
        memcpy(s->replay, vm->replay->pairs, 2 * (size_t)vm->replay->cap);
}
