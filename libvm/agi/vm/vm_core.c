/* AGI interpreter core, the top layer (agi-spec runtime_state.md "Top-level
 * cycle order", object_behavior.md "Drawing order and refresh"): the VM's
 * life, the cycle, and the composed frame.  agi_vm_new fills vm->hooks,
 * through which lower layers reach restart, save and restore. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_ext.h"
#include "relic/agi_picture.h"
#include "vm_private.h"

/* Step 1's ticks: each 20 Hz timer tick carries three 60 Hz sound ticks. */
static void agi_vm_clock(agi_vm *vm, unsigned ticks)
{
    for (unsigned t = 0; t < ticks; t++) {
        agi_vm_sound_ticks(vm, 3);
        agi_vm_clock_tick(vm);
    }
}

int agi_vm_new(const agi_game *game, const agi_vm_opts *o, agi_vm **out, relic_err *err)
{
    *out = NULL;
    agi_vm *vm = calloc(1, sizeof *vm);
    if (vm && (!agi_vm_text_new(vm) || !agi_vm_input_new(vm) || !agi_vm_replay_new(vm) || !agi_vm_events_new(vm) ||
               !agi_vm_exec_new(vm) || !agi_vm_flow_new(vm) || !agi_vm_res_new(vm) || !agi_vm_modal_new(vm))) {
        agi_vm_free(vm);
        vm = NULL;
    }
    if (!vm)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    vm->game = game;
    vm->profile = o && o->profile ? o->profile : game && game->profile ? game->profile : agi_profile_find("2.936");
    vm->rules = agi_vm_rules_for(vm->profile);
    memcpy(vm->palette, agi_ega_palette, 16 * 3);
    unsigned why_count;
    vm->extensions = game ? agi_extensions_detect(game, NULL, 0, &why_count) : 0;
    /* A profile the caller names is Sierra's interpreter of that version,
     * which reads an AGDS game's text with Sierra's key: AGI 2.936 under
     * DOSBox shows groza's first message as the Sierra-keyed bytes (its
     * "Message too verbose" window, tests/corpus/agi_oracle.sha256). */
    if (o && o->profile)
        vm->extensions &= ~agi_extensions_of_clone();
    agi_vm_ext_rules ext_rules = agi_vm_ext_rules_for(vm->extensions);
    vm->raw_picture_op = ext_rules.raw_picture_op;
    vm->wide_views = ext_rules.wide_views;
    vm->palette_colors = 16;
    unsigned ext_n;
    const agi_extension *ext = agi_extensions(&ext_n);
    for (unsigned i = 0; i < ext_n; i++)
        if ((vm->extensions & ext[i].flag) && ext[i].palette_colors == 256) {
            agi_agi256_palette(vm->palette);
            vm->palette_colors = 256;
        }
    vm->hooks = (agi_vm_hooks){agi_vm_restart_now, agi_vm_to_save,           agi_vm_from_save,
                               agi_vm_input_typed, agi_vm_input_parsed_word, agi_vm_exec_where};
    vm->rng = vm->seed = o && o->seed ? o->seed : 1;
    vm->machine = o ? (unsigned)o->machine : AGI_MACHINE_PC;
    vm->ticks_per_cycle = o ? o->ticks_per_cycle : 0;
    agi_vm_exec_budget(vm, o && o->max_steps ? o->max_steps : 1000000);
    vm->room_override = o && o->start_room > 0 ? o->start_room : -1;
    agi_vm_savedlg_folder(vm, o ? o->save_dir : NULL);
    relic_err_clear(&vm->err);
    const agi_file *fo = game ? agi_fileset_find(game->files, "OBJECT") : NULL;
    const agi_file *fw = game ? agi_fileset_find(game->files, "WORDS.TOK") : NULL;
    /* A game whose OBJECT or WORDS.TOK does not decode still runs, without
     * inventory or vocabulary; the warning says so. */
    relic_err e;
    relic_err_clear(&e);
    if (fo &&
        agi_objects_decode(fo->data, fo->len, agi_objects_key(vm->profile, vm->extensions), &vm->objects_meta, &e)) {
        snprintf(vm->warning, sizeof vm->warning, "OBJECT: %s; running without inventory", e.msg);
        memset(&vm->objects_meta, 0, sizeof vm->objects_meta);
        fo = NULL;
    }
    if (fo && vm->objects_meta.placeholder) /* a stub: as if absent, without a warning */
        fo = NULL;
    if (fw && agi_words_decode(fw->data, fw->len, &vm->words, &e)) {
        size_t w = strlen(vm->warning);
        snprintf(vm->warning + w, sizeof vm->warning - w, "%sWORDS.TOK: %s; running without vocabulary", w ? "; " : "",
                 e.msg);
        memset(&vm->words, 0, sizeof vm->words);
    }
    vm->item_count = vm->objects_meta.count;
    vm->items = calloc(vm->item_count + 1, 1);
    vm->obj_count =
        fo ? (vm->profile->object_header_is_count ? vm->objects_meta.max_object : vm->objects_meta.max_object + 1u)
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
    agi_vm_res_free(vm);
    agi_vm_savedlg_free(vm);
    agi_vm_modal_free(vm);
    agi_objects_free(&vm->objects_meta);
    agi_words_free(&vm->words);
    free(vm->items);
    agi_vm_text_free(vm);
    agi_vm_input_free(vm);
    agi_vm_replay_free(vm);
    agi_vm_events_free(vm);
    agi_vm_exec_free(vm);
    agi_vm_flow_free(vm);
    free(vm);
}

/* runtime_state.md "Top-level cycle order", steps 1-10. */
/* Steps 6 and 7: logic 0 (resumed when a wait blocked it) and re-entry.
 * Returns 1 when the cycle is blocked again. */
/* The cycle's object redraws reach the screen.  While the display base
 * row is the one the shown picture was drawn from, the screen is the
 * frame (agi_vm_render) and nothing needs keeping; after a
 * configure.screen that moved it, AGI 2.936 leaves the picture where it
 * was and copies each redrawn rectangle from the picture buffer to the new
 * base (a probe: its walker's path shows the picture shifted by the
 * difference, the rest of the screen unmoved;
 * tests/corpus/agi_oracle/README.md). */
static void agi_vm_screen_blits(agi_vm *vm)
{
    if (!vm->scr_split && vm->pic_row == agi_vm_text_base_row(vm)) {
        vm->blit_n = 0;
        return;
    }
    if (!vm->scr_split) { /* the picture as shown, from its row */
        memset(vm->scr_gfx, 0, sizeof vm->scr_gfx);
        for (unsigned y = 0; y < AGI_PIC_HEIGHT && vm->pic_row * 8 + y < AGI_SCREEN_H; y++)
            memcpy(vm->scr_gfx + (vm->pic_row * 8 + y) * AGI_PIC_WIDTH, vm->show_vis + y * AGI_PIC_WIDTH,
                   AGI_PIC_WIDTH);
        vm->scr_split = 1;
    }
    agi_vm_obj_flush(vm);
}

static int agi_vm_run_logic(agi_vm *vm)
{
    agi_vm_exec_new_cycle(vm);
    for (unsigned reentry = 0;; reentry++) {
        agi_vm_flow_abort(vm, 0);
        agi_vm_exec(vm, 0);
        if (agi_vm_flow_suspended(vm) && !vm->err.code) /* a key wait or a modal */
            return 1;
        if (vm->err.code || vm->quit || vm->abandon || !agi_vm_flow_aborted(vm))
            return 0;
        if (reentry > 1000) {
            agi_vm_fail(vm, "logic 0 re-entered over 1000 times in one cycle");
            return 0;
        }
        vm->vars[AGI_V_PARSE_ERROR] = vm->vars[AGI_V_OBJ_EDGE_OBJ] = vm->vars[AGI_V_OBJ_EDGE] = 0;
        vm->flags[AGI_F_INPUT] = 0;
    }
}

/* A modal blocks its cycle: this call's events go to it, and once it has
 * closed the blocked cycle continues where it stopped (after the input
 * phase's menu, or inside logic).  Returns 1 while still blocked. */
static int agi_vm_blocked(agi_vm *vm, const agi_input_script *in, int *stage)
{
    int resume = agi_vm_flow_stage(vm);
    agi_vm_script_input(vm, in);
    if (agi_vm_modal_state(vm) != AGI_MODAL_NONE || vm->err.code || vm->quit)
        return 1;
    *stage = resume;
    agi_vm_flow_resume_at(vm, AGI_STAGE_NONE);
    if (agi_vm_flow_aborted(vm)) { /* restart or restore accepted: logic 0 anew */
        agi_vm_flow_suspend(vm, 0);
        agi_vm_exec_drop(vm);
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
    vm->abandon = 0; /* an abandon outside logic (object update) ends with its cycle */
    unsigned ticks = vm->ticks_per_cycle ? vm->ticks_per_cycle : vm->vars[AGI_V_SPEED] ? vm->vars[AGI_V_SPEED] : 1;
    agi_vm_clock(vm, ticks); /* 1: pacing */
    int stage = AGI_STAGE_NONE;
    agi_vm_modal_count(vm, ticks);
    if (agi_vm_flow_is_restored(vm) && agi_vm_modal_state(vm) == AGI_MODAL_NONE) { /* agi_vm_restore */
        agi_vm_flow_restored(vm, 0);
        agi_vm_script_input(vm, in);
        stage = AGI_STAGE_LOGIC;
    }
    if (agi_vm_modal_state(vm) != AGI_MODAL_NONE && agi_vm_blocked(vm, in, &stage)) {
        vm->cycle++;
        goto done;
    }
    if (stage == AGI_STAGE_NONE) {
        agi_vm_input_controllers_clear(vm); /* 2 */
        vm->flags[AGI_F_INPUT] = vm->flags[AGI_F_SAID] = 0;
        agi_vm_input_phase(vm, in); /* 3, with a requested menu */
        if (agi_vm_modal_state(vm) != AGI_MODAL_NONE) {
            vm->cycle++;
            goto done;
        }
    }
    if (stage != AGI_STAGE_LOGIC) {
        agi_vm_input_events(vm);
        if (!agi_vm_flow_suspended(vm)) {
            if (vm->player_control) /* 4 */
                vm->obj[0].dir = vm->vars[AGI_V_EGO_DIR];
            else
                vm->vars[AGI_V_EGO_DIR] = vm->obj[0].dir;
            agi_vm_pre_logic(vm); /* 5 */
        }
    }
    if (agi_vm_run_logic(vm)) { /* 6, 7 */
        vm->cycle++;
        goto done;
    }
    if (vm->err.code)
        goto done;
    if (vm->abandon) { /* agi_vm_abandon: nothing more of this cycle */
        vm->abandon = 0;
        agi_vm_exec_drop(vm);
        vm->cycle++;
        goto done;
    }
    vm->obj[0].dir = vm->vars[AGI_V_EGO_DIR];                    /* 8 */
    vm->vars[AGI_V_OBJ_EDGE_OBJ] = vm->vars[AGI_V_OBJ_EDGE] = 0; /* 9 */
    vm->flags[AGI_F_NEW_ROOM] = vm->flags[AGI_F_RESTART] = vm->flags[AGI_F_RESTORED] = 0;
    vm->flags[AGI_F_FIRST_LOGIC] = 0;
    if (!agi_vm_text_mode(vm)) { /* 10 */
        agi_vm_status_check(vm);
        agi_vm_post_logic(vm);
        agi_vm_obj_blit_all(vm);
        agi_vm_screen_blits(vm);
    }
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

/* The public accessors of the frame (agi_vm.h). */
const uint8_t *agi_vm_frame_vis(const agi_vm *vm) { return vm->frame_vis; }
const uint8_t *agi_vm_frame_pri(const agi_vm *vm) { return vm->frame_pri; }
const uint8_t *agi_vm_palette(const agi_vm *vm) { return vm->palette; }
unsigned agi_vm_palette_colors(const agi_vm *vm) { return vm->palette_colors; }
unsigned agi_vm_agipal_file(const agi_vm *vm) { return vm->agipal_file; }
