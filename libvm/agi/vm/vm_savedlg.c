/* The save and restore dialogs of the AGI interpreter (agi-spec
 * session_and_persistence.md "Save selector", "Save action outcomes",
 * "Restore action outcomes", "Save names and signatures"; logic_bytecode.md
 * save.game 0x7d, restore.game 0x7e), as AGI 2.936 shows them under DOSBox
 * (probes S1 and S2, tests/corpus/agi_oracle/README.md "Interpreter
 * windows"): each step is a message window with AGIDATA.OVL's wording,
 * centred as print centres, and the cycle that ran the action blocks
 * until the last one closes.
 *
 *   directory  "SAVE GAME" / "RESTORE GAME" and the question, 31 columns
 *              wide, the path "\" in a black field on its last line
 *   list       the slots, " - " and the description a line, the selected
 *              one with the pointer (0x1a) in its first column; save lists
 *              all 12, restore only the saved ones
 *   no games   restore with nothing saved: "There are no games to ..."
 *   describe   save: "How would you like to describe this saved game?",
 *              the description typed in a black field, no cursor
 *   verify     "About to save the game ..." / "About to restore ...", the
 *              description and the file name, Enter or Esc
 *
 * Esc cancels at every step: the window goes and the blocked cycle goes
 * on.  The path is edited in its field (probe S7: backspace, "x"); a
 * directory that does not exist gives "There is no directory named ...",
 * whose Enter goes back to the path.  The headless runtime has no DOS
 * disk: its one directory is the root, "\" (or "", "C:", "C:\"; other
 * paths do not exist), and the file is the save folder's SIGSG.N when the
 * run has one (pic-render --save-dir), else the slot of relic's own
 * in-memory store, which lives as long as the VM (a save, then a restore
 * in one run, work as on a disk). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "relic/agi_save.h"
#include "relic/io.h"
#include "vm_modal.h"
#include "vm_private.h"

#define DLG_DESC_MAX 30 /* characters a description takes */

/* Opens (or moves to) a step's window; force: the box is `width` wide. */
static void agi_dlg_window(agi_vm *vm, int step, const char *text, int width, int force)
{
    agi_vm_window_show(vm, text, -1, -1, width);
    agi_vm_window_force(vm, force);
    vm->modal->purpose = (uint8_t)step;
}

/* The input line's cursor cell from the directory window to the verify
 * one: a space, then the cursor character again (vm_rules.h
 * savedlg_hides_cursor; probe S3: blank under the directory and slot
 * windows, back under "About to save"). */
static void agi_dlg_input_cursor(agi_vm *vm, int show)
{
    if (vm->rules->savedlg_hides_cursor)
        agi_vm_text_cursor_show(vm, show);
}

static void agi_dlg_close(agi_vm *vm)
{
    vm->modal->kind = AGI_MODAL_NONE;
    agi_vm_window_close(vm);
    agi_dlg_input_cursor(vm, 1);
}

static void agi_dlg_slot_path(const agi_vm *vm, unsigned slot, char *out, size_t sz)
{
    snprintf(out, sz, "%s/%.7sSG.%u", vm->saves->save_dir, vm->signature, slot + 1);
}

/* The slot's save as bytes (a copy from the folder, or a view of mem[]). */
static int agi_dlg_slot_read(const agi_vm *vm, unsigned slot, relic_buf *b, relic_err *e)
{
    if (!vm->saves->save_dir) {
        const relic_buf *m = &vm->saves->mem[slot];
        if (!m->len)
            return relic_err_set(e, RELIC_EIO, RELIC_NO_OFFSET, "slot %u is empty", slot + 1);
        relic_buf_append(b, m->data, m->len);
        return relic_buf_check(b, e);
    }
    char path[4200];
    agi_dlg_slot_path(vm, slot, path, sizeof path);
    return relic_file_read(path, b, e);
}

/* When the slot's file was written, in the two-second steps of a DOS
 * file time (0: no file): the folder's file time, or the order of the
 * run's in-memory saves. */
static uint64_t agi_dlg_slot_time(const agi_vm *vm, unsigned slot)
{
    if (!vm->saves->save_dir)
        return vm->saves->mem_time[slot];
    char path[4200];
    struct stat st;
    agi_dlg_slot_path(vm, slot, path, sizeof path);
    return stat(path, &st) == 0 && st.st_mtime > 0 ? (uint64_t)st.st_mtime / 2 + 1 : 0;
}

/* Slots 1..12: a save whose envelope decodes and whose signature prefix
 * matches is listed with its description.  Returns the slot of the newest
 * such file, the lowest slot of the newest on a tie, or -1 when none is
 * listed: AGI 2.936 preselects it in both lists (probes of issue 28:
 * eight saves copied at once, h1 first; two written two seconds later,
 * the later one, slot 10, a save of another game in slot 9 as new but not
 * counted; after a save into slot 12 both lists point at 12, and after a
 * restore of slot 5 or 4 they point where they did before). */
static int agi_dlg_scan_slots(agi_vm *vm)
{
    agi_vm_modal *m = vm->modal;
    int newest = -1;
    uint64_t newest_time = 0;
    for (unsigned k = 0; k < AGI_VM_SAVE_SLOTS; k++) {
        relic_buf b = RELIC_BUF_INIT;
        agi_save s;
        m->slot_valid[k] = 0;
        m->slot_desc[k][0] = 0;
        if (agi_dlg_slot_read(vm, k, &b, NULL) == RELIC_OK &&
            agi_save_decode(b.data, b.len, vm->profile, &s, NULL) == RELIC_OK) {
            if (memcmp(s.state.signature, vm->signature, 7) == 0) {
                m->slot_valid[k] = 1;
                snprintf(m->slot_desc[k], sizeof m->slot_desc[k], "%.31s", (const char *)s.header);
                uint64_t t = agi_dlg_slot_time(vm, k);
                if (newest < 0 || t > newest_time)
                    newest = (int)k, newest_time = t;
            }
            agi_save_free(&s);
        }
        relic_buf_free(&b);
    }
    return newest;
}

/* The name the verify window shows: AGIDATA.OVL's "%s%s%ssg.%d" (the
 * path, a "\" when it does not end in one, the game id, the slot) in
 * lower case, a drive alone standing for its root (issue 28's probe: the
 * path "C:" typed, "c:\sg.12" shown; "\" and ltec's empty id give
 * "\sg.5"; not measured for an empty path, shown as "sg.N"). */
static void agi_dlg_file_name(const agi_vm *vm, char *out, size_t sz)
{
    const char *p = vm->modal->path;
    size_t n = strlen(p);
    snprintf(out, sz, "%s%s%.7ssg.%u", p, n && p[n - 1] != '\\' ? "\\" : "", vm->signature,
             (unsigned)vm->modal->entries[vm->modal->sel] + 1);
    for (char *c = out; *c; c++)
        if (*c >= 'A' && *c <= 'Z')
            *c = (char)(*c - 'A' + 'a');
}

/* The one directory of relic's disk: the root. */
static int agi_dlg_path_exists(const char *p)
{
    if ((p[0] == 'c' || p[0] == 'C') && p[1] == ':')
        p += 2;
    return !p[0] || (p[0] == '\\' && !p[1]);
}

static void agi_dlg_directory(agi_vm *vm, int restore)
{
    char t[300];
    snprintf(t, sizeof t,
             restore ? "        RESTORE GAME\n\nOn which disk or in which directory is the game that you want to "
                       "restore?\n\n%s\n\n"
                     : "         SAVE GAME\n\nOn which disk or in which directory do you wish to save this "
                       "game?\n\n%s\n\n",
             "(For example, \"B:\" or \"C:\\savegame\")");
    agi_dlg_window(vm, AGI_SAVEDLG_DIR, t, 31, 1);
}

/* The list: the prompt, an empty line, a line a slot; box_rows keeps the
 * line of the first slot for the pointer (vm_screen.c). */
static void agi_dlg_list(agi_vm *vm)
{
    agi_vm_modal *m = vm->modal;
    int restore = m->kind == AGI_MODAL_RESTORE;
    int newest = agi_dlg_scan_slots(vm);
    m->n_entries = 0;
    m->sel = 0;
    for (unsigned k = 0; k < AGI_VM_SAVE_SLOTS; k++)
        if (!restore || m->slot_valid[k]) {
            if ((int)k == newest)
                m->sel = (int)m->n_entries;
            m->entries[m->n_entries++] = (uint8_t)k;
        }
    if (!m->n_entries) { /* restore, nothing saved */
        char t[200];
        snprintf(t, sizeof t, "There are no games to\nrestore in\n\n%s\n\nPress ENTER to continue.", m->path);
        /* the input line's cursor stays a space under it (issue 28's probe
         * P4: no "_" on row 22 while it is up) */
        agi_dlg_window(vm, AGI_SAVEDLG_NONE_SAVED, t, 0, 0);
        return;
    }
    const char *prompt = restore ? "Use the arrow keys to select the game which you wish to restore. Press ENTER to "
                                   "restore the game, ESC to not restore a game."
                                 : "Use the arrow keys to select the slot in which you wish to save the game. Press "
                                   "ENTER to save in the slot, ESC to not save a game.";
    char t[600], lines[22][41];
    unsigned widest;
    int n = snprintf(t, sizeof t, "%s\n", prompt);
    for (unsigned i = 0; i < m->n_entries && n > 0 && (size_t)n < sizeof t; i++)
        n += snprintf(t + n, sizeof t - (size_t)n, "\n - %.30s",
                      m->slot_valid[m->entries[i]] ? m->slot_desc[m->entries[i]] : "");
    m->box_rows = (int)agi_vm_text_wrap(prompt, 34, lines, 22, &widest) + 1;
    agi_dlg_window(vm, AGI_SAVEDLG_LIST, t, 34, 1);
}

static void agi_dlg_describe(agi_vm *vm)
{
    agi_vm_modal *m = vm->modal;
    unsigned slot = m->entries[m->sel];
    /* a used slot's description to edit (probe S4: "abc" offered again) */
    snprintf(m->edit, sizeof m->edit, "%.30s", m->slot_valid[slot] ? m->slot_desc[slot] : "");
    m->limit = DLG_DESC_MAX + 1;
    agi_dlg_window(vm, AGI_SAVEDLG_DESC, "How would you like to describe this saved game?\n\n", 31, 1);
}

static void agi_dlg_verify(agi_vm *vm)
{
    agi_vm_modal *m = vm->modal;
    char t[400], file[64];
    agi_dlg_file_name(vm, file, sizeof file);
    int restore = m->kind == AGI_MODAL_RESTORE;
    snprintf(t, sizeof t, "About to %s the game\ndescribed as:\n\n%s\n\n%s file:\n%s\n\n%s",
             restore ? "restore" : "save", restore ? m->slot_desc[m->entries[m->sel]] : m->edit,
             restore ? "from" : "in", file, "Press ENTER to continue.\nPress ESC to cancel.");
    agi_dlg_window(vm, AGI_SAVEDLG_VERIFY, t, 0, 0);
    agi_dlg_input_cursor(vm, 1);
}

void agi_vm_modal_selector(agi_vm *vm, int restore)
{
    agi_vm_stop_sound(vm);
    memset(vm->modal, 0, offsetof(agi_vm_modal, entries));
    vm->modal->kind = restore ? AGI_MODAL_RESTORE : AGI_MODAL_SAVE;
    agi_vm_flow_suspend(vm, 1); /* agi_vm_exec returns; the stack resumes after the action */
    agi_vm_flow_resume_at(vm, AGI_STAGE_LOGIC);
    /* the directory last accepted in this run is offered again (issue 28's
     * probe: "C:" typed once, Enter alone in the next restore's directory
     * window gave "c:\\sg.4") */
    snprintf(vm->modal->path, sizeof vm->modal->path, "%s", vm->saves->path[0] ? vm->saves->path : "\\");
    agi_dlg_input_cursor(vm, 0);
    agi_dlg_directory(vm, restore);
}

static void agi_dlg_save_write(agi_vm *vm)
{
    unsigned slot = vm->modal->entries[vm->modal->sel];
    char path[4200];
    snprintf(vm->saves->save_desc, sizeof vm->saves->save_desc, "%.31s", vm->modal->edit);
    agi_save s;
    relic_buf b = RELIC_BUF_INIT;
    relic_err e;
    relic_err_clear(&e);
    snprintf(path, sizeof path, "slot %u (in memory)", slot + 1);
    if (vm->saves->save_dir)
        agi_dlg_slot_path(vm, slot, path, sizeof path);
    /* A failed write is recoverable: reported, and the game continues. */
    if (vm->hooks.to_save(vm, vm->saves->save_desc, &s, &e) == RELIC_OK) {
        if (agi_save_encode(&s, &b, &e) == RELIC_OK) {
            if (!vm->saves->save_dir) {
                relic_buf_free(&vm->saves->mem[slot]);
                vm->saves->mem[slot] = b;
                vm->saves->mem_time[slot] = ++vm->saves->mem_clock;
                b = (relic_buf)RELIC_BUF_INIT;
                vm->saves->saves_written++;
            } else if (relic_file_write_atomic(path, b.data, b.len, &e) == RELIC_OK) {
                vm->saves->saves_written++;
            }
        }
        agi_save_free(&s);
    }
    agi_vm_log(vm, "save", e.code ? e.msg : path);
    relic_buf_free(&b);
}

/* A restore replaces the state and aborts the continuation: logic 0 runs
 * again from the restored resume positions.  The run's cycle count goes
 * on (it is the input script's clock, not the game's). */
static void agi_dlg_restore(agi_vm *vm, unsigned slot)
{
    unsigned long cycle = vm->cycle;
    relic_buf b = RELIC_BUF_INIT;
    agi_save s;
    relic_err e;
    relic_err_clear(&e);
    if (agi_dlg_slot_read(vm, slot, &b, &e) == RELIC_OK &&
        agi_save_decode(b.data, b.len, vm->profile, &s, &e) == RELIC_OK) {
        if (vm->hooks.from_save(vm, &s, &e) == RELIC_OK) { /* keeps save_dir and mem[] */
            agi_vm_flow_abort(vm, 1);
        }
        vm->cycle = cycle;
        agi_save_free(&s);
    }
    relic_buf_free(&b);
    if (e.code) /* a read failure after selection is fatal (spec) */
        agi_vm_fail(vm, "restore of slot %u failed: %s", slot + 1, e.msg);
    else
        agi_vm_log(vm, "restore", vm->saves->save_dir ? vm->saves->save_dir : "in memory");
}

/* A key for the field: the description, or the path (30 characters,
 * not measured beyond the field). */
static void agi_dlg_type(agi_vm *vm, uint16_t key)
{
    agi_vm_modal *m = vm->modal;
    char *t = m->purpose == AGI_SAVEDLG_DIR ? m->path : m->edit;
    size_t n = strlen(t), limit = m->purpose == AGI_SAVEDLG_DIR ? sizeof m->path - 1 : m->limit;
    if (key == 0x08 && n)
        t[n - 1] = 0;
    else if (key >= 0x20 && key < 0x100 && n + 1 < limit) {
        t[n] = (char)key;
        t[n + 1] = 0;
    }
}

static void agi_dlg_no_dir(agi_vm *vm)
{
    char t[200];
    snprintf(t, sizeof t, "There is no directory named\n%s.\nPress ENTER to try again.\nPress ESC to cancel.",
             vm->modal->path);
    agi_dlg_window(vm, AGI_SAVEDLG_NO_DIR, t, 0, 0);
}

/* One event for the open dialog: type 1 raw key, type 2 direction. */
void agi_vm_savedlg_event(agi_vm *vm, uint8_t type, uint16_t v)
{
    agi_vm_modal *m = vm->modal;
    if (m->purpose == AGI_SAVEDLG_LIST && type == AGI_EV_DIR && (v == 1 || v == 5) && m->n_entries) {
        m->sel = (m->sel + (v == 1 ? (int)m->n_entries - 1 : 1)) % (int)m->n_entries;
        return;
    }
    if (type != AGI_EV_KEY)
        return;
    if (v == 0x1b) {
        agi_dlg_close(vm);
        return;
    }
    if (v != 0x0d) {
        if (m->purpose == AGI_SAVEDLG_DESC || m->purpose == AGI_SAVEDLG_DIR)
            agi_dlg_type(vm, v);
        return;
    }
    switch (m->purpose) {
    case AGI_SAVEDLG_DIR:
        if (agi_dlg_path_exists(m->path)) {
            snprintf(vm->saves->path, sizeof vm->saves->path, "%s", m->path);
            agi_dlg_list(vm);
        } else
            agi_dlg_no_dir(vm);
        break;
    case AGI_SAVEDLG_NO_DIR: agi_dlg_directory(vm, m->kind == AGI_MODAL_RESTORE); break;
    case AGI_SAVEDLG_LIST:
        if (m->kind == AGI_MODAL_SAVE)
            agi_dlg_describe(vm);
        else
            agi_dlg_verify(vm);
        break;
    case AGI_SAVEDLG_DESC: agi_dlg_verify(vm); break;
    case AGI_SAVEDLG_VERIFY: {
        unsigned slot = m->entries[m->sel];
        int restore = m->kind == AGI_MODAL_RESTORE;
        agi_dlg_close(vm);
        if (restore)
            agi_dlg_restore(vm, slot);
        else
            agi_dlg_save_write(vm);
        break;
    }
    default: agi_dlg_close(vm); break;
    }
}

/* The save and restore actions (logic_bytecode.md "Action opcodes" 0x7d,
 * 0x7e, 0xaa): opcodes.h's handler column. */
void agi_vm_op_save_game(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic, agi_vm_modal_selector(vm, 0);
}
void agi_vm_op_restore_game(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)a, (void)logic, agi_vm_modal_selector(vm, 1);
}

/* set.simple: the last save description into a string slot. */
void agi_vm_op_set_simple(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_string_set(vm, a[0], vm->saves->save_desc, 32);
}

/* The dialogs' folder (agi_vm_options.save_dir; NULL: saves stay in memory). */
void agi_vm_savedlg_folder(agi_vm *vm, const char *dir) { vm->saves->save_dir = dir; }

void agi_vm_savedlg_free(agi_vm *vm)
{
    if (!vm->saves) /* the vm's making failed first */
        return;
    for (unsigned k = 0; k < AGI_VM_SAVE_SLOTS; k++)
        relic_buf_free(&vm->saves->mem[k]);
}
