/* The AGI interpreter's base state (agi-spec runtime_state.md "Variables
 * and flags", "Strings"): variables, flags, strings, the clock and random
 * source, the message log and the sticky error.  The lowest layer: it calls
 * no other vm_*.c file. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_ext.h"
#include "relic/core.h"
#include "vm_private.h"
#include "vm_state.h"

/* Where a message arose: the logic running and the offset of its command,
 * or nothing between logics (the cycle's own work).  The stack is
 * vm_exec.c's, a higher layer: asked through vm->hooks. */
static void agi_vm_where(const agi_vm *vm, char *where, size_t size)
{
    where[0] = '\0';
    if (vm->hooks.where)
        vm->hooks.where(vm, where, size);
}

int agi_vm_fail(agi_vm *vm, const char *fmt, ...)
{
    if (vm->err.code)
        return vm->err.code;
    va_list ap;
    va_start(ap, fmt);
    char msg[sizeof vm->err.msg];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char where[48];
    agi_vm_where(vm, where, sizeof where);
    return relic_err_set(&vm->err, RELIC_EDATA, RELIC_NO_OFFSET, "cycle %lu: %s%s", vm->cycle, where, msg);
}

/* An error the original interpreter survives (measured on AGI 2.936 with
 * probe games: a sound played before it was loaded, a loop or cel outside
 * the view): it shows no message and abandons the rest of the cycle, the
 * logic that called and its callers included; the next cycle runs as
 * usual.  The state JSON reports the count and the last one. */
int agi_vm_abandon(agi_vm *vm, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char msg[160];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char where[48];
    agi_vm_where(vm, where, sizeof where);
    snprintf(vm->abandon_msg, sizeof vm->abandon_msg, "cycle %lu: %s%s", vm->cycle, where, msg);
    vm->abandoned++;
    vm->abandon = 1;
    return RELIC_OK;
}

/* The end of a log entry cut to its slot (state JSON "messages"). */
#define AGI_VM_LOG_CUT " [cut]"

void agi_vm_log(agi_vm *vm, const char *kind, const char *text)
{
    char *slot = vm->msg_log[vm->msg_n % AGI_VM_MSG_LOG];
    size_t size = sizeof vm->msg_log[0];
    /* A message longer than the log's slot is kept cut, and says so. */
    if (snprintf(slot, size, "%lu %s: %s", vm->cycle, kind, text ? text : "") >= (int)size)
        memcpy(slot + size - sizeof AGI_VM_LOG_CUT, AGI_VM_LOG_CUT, sizeof AGI_VM_LOG_CUT);
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

int agi_vm_string_slot(const agi_vm *vm, unsigned slot)
{
    return slot < vm->rules->string_slots && slot < sizeof vm->strings / sizeof vm->strings[0];
}

/* Variables, flags, strings, inventory, clock and the quit state as the
 * interpreter starts (runtime_state.md "Initial state"). */
void agi_vm_state_reset(agi_vm *vm)
{
    memset(vm->vars, 0, sizeof vm->vars);
    memset(vm->flags, 0, sizeof vm->flags);
    memset(vm->strings, 0, sizeof vm->strings);
    for (unsigned i = 0; i < vm->item_count; i++)
        vm->items[i] = vm->objects_meta.items[i].location;
    vm->quit = 0;
    vm->abandon = 0;
    vm->abandoned = 0;
    vm->abandon_msg[0] = 0;
    vm->cycle = vm->timer = vm->timer_sub = 0;
    vm->vars[AGI_V_SPEED] = 0;
    vm->vars[AGI_V_INPUT_LEN] = 41; /* maximum input length */
    vm->flags[AGI_F_SOUND] = 1;     /* sound on, as the interpreter starts */
    /* The first cycle is a room entry: f5 is set as by new.room, so the
     * games' set-up blocks (maximum score, configure.screen, prompt,
     * cursor, set.key) run (measured on AGI 2.936; ScummVM playGame sets
     * it too).  Cleared after the cycle like any f5. */
    vm->flags[AGI_F_NEW_ROOM] = 1;
    vm->flags[AGI_F_FIRST_LOGIC] = vm->rules->first_cycle_f11;
    agi_vm_machine_state(vm);
}

/* What AGI 2.936 sets from the machine it detected, at start and again
 * after every restore (its code at 0x1080 and 0x2651 of AGI.EXE): v20 the
 * device selector, v26 the monitor (3: EGA, the screen relic draws), v22
 * the sound type (1 with selector 0, else 3) and, with a nonzero
 * selector, f11.  A probe game on the EGA machine read v20 0, v22 1, v26 3
 * and f11 0 on its first cycle. */
void agi_vm_machine_state(agi_vm *vm)
{
    vm->vars[AGI_V_COMPUTER] = (uint8_t)vm->machine;
    vm->vars[AGI_V_MONITOR] = 3;
    vm->vars[AGI_V_SOUND_TYPE] = vm->machine ? 3 : 1;
    if (vm->machine)
        vm->flags[AGI_F_FIRST_LOGIC] = 1;
}

/* The 20 Hz clock: v11..v14 count seconds, minutes, hours and days. */
void agi_vm_clock_tick(agi_vm *vm)
{
    vm->timer++;
    if (++vm->timer_sub < 20)
        return;
    vm->timer_sub = 0;
    if (++vm->vars[AGI_V_SECONDS] < 60)
        return;
    vm->vars[AGI_V_SECONDS] = 0;
    if (++vm->vars[AGI_V_MINUTES] < 60)
        return;
    vm->vars[AGI_V_MINUTES] = 0;
    if (++vm->vars[AGI_V_HOURS] < 24)
        return;
    vm->vars[AGI_V_HOURS] = 0;
    vm->vars[AGI_V_DAYS]++;
}

/* The public accessors of this layer's state (agi_vm.h; the frame, modal
 * and sound ones are vm_core.c's). */
uint8_t agi_vm_var(const agi_vm *vm, unsigned n) { return vm->vars[n & 0xff]; }
void agi_vm_set_var(agi_vm *vm, unsigned n, uint8_t value) { vm->vars[n & 0xff] = value; }
int agi_vm_flag(const agi_vm *vm, unsigned n) { return vm->flags[n & 0xff]; }
void agi_vm_set_flag(agi_vm *vm, unsigned n, int on) { vm->flags[n & 0xff] = on != 0; }
const char *agi_vm_string(const agi_vm *vm, unsigned n) { return n < RELIC_COUNTOF(vm->strings) ? vm->strings[n] : ""; }
unsigned long agi_vm_cycles(const agi_vm *vm) { return vm->cycle; }
int agi_vm_has_quit(const agi_vm *vm) { return vm->quit; }
const agi_profile *agi_vm_profile(const agi_vm *vm) { return vm->profile; }
const char *agi_vm_warning(const agi_vm *vm) { return vm->warning; }

/* Copies at most size - 1 bytes of src into string slot `slot` (checked)
 * and terminates it (the slots are 40 bytes). */
void agi_vm_string_set(agi_vm *vm, unsigned slot, const char *src, size_t size)
{
    if (!agi_vm_string_slot(vm, slot))
        return;
    size_t n = strnlen(src, size - 1);
    memmove(vm->strings[slot], src, n);
    vm->strings[slot][n] = 0;
}

/* The actions on variables, flags and inventory locations
 * (logic_bytecode.md "Action opcodes" 0x01-0x11, 0x5c-0x61, 0x82,
 * 0xa5-0xa8): opcodes.h's handler column. */
void agi_vm_op_increment(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    if (vm->vars[a[0]] < 255)
        vm->vars[a[0]]++;
}

void agi_vm_op_decrement(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    if (vm->vars[a[0]] > 0)
        vm->vars[a[0]]--;
}

void agi_vm_op_assignn(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, vm->vars[a[0]] = a[1]; }
void agi_vm_op_assignv(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, vm->vars[a[0]] = vm->vars[a[1]]; }

void agi_vm_op_addn(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[a[0]] = (uint8_t)(vm->vars[a[0]] + a[1]);
}

void agi_vm_op_addv(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[a[0]] = (uint8_t)(vm->vars[a[0]] + vm->vars[a[1]]);
}

void agi_vm_op_subn(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[a[0]] = (uint8_t)(vm->vars[a[0]] - a[1]);
}

void agi_vm_op_subv(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[a[0]] = (uint8_t)(vm->vars[a[0]] - vm->vars[a[1]]);
}

void agi_vm_op_lindirectv(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[vm->vars[a[0]]] = vm->vars[a[1]];
}

void agi_vm_op_rindirect(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[a[0]] = vm->vars[vm->vars[a[1]]];
}

void agi_vm_op_lindirectn(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[vm->vars[a[0]]] = a[1];
}

void agi_vm_op_set(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, vm->flags[a[0]] = 1; }
void agi_vm_op_reset(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, vm->flags[a[0]] = 0; }
void agi_vm_op_toggle(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, vm->flags[a[0]] ^= 1; }
void agi_vm_op_set_v(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, vm->flags[vm->vars[a[0]]] = 1; }
void agi_vm_op_reset_v(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, vm->flags[vm->vars[a[0]]] = 0; }
void agi_vm_op_toggle_v(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, vm->flags[vm->vars[a[0]]] ^= 1; }

/* An inventory item's location, when the item exists. */
static void agi_vm_item_put(agi_vm *vm, unsigned item, uint8_t room)
{
    if (item < vm->item_count)
        vm->items[item] = room;
}

void agi_vm_op_get(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, agi_vm_item_put(vm, a[0], 0xff); }
void agi_vm_op_get_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_item_put(vm, vm->vars[a[0]], 0xff);
}
void agi_vm_op_drop(agi_vm *vm, const uint8_t *a, unsigned logic) { (void)logic, agi_vm_item_put(vm, a[0], 0); }
void agi_vm_op_put(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_item_put(vm, a[0], vm->vars[a[1]]);
}
void agi_vm_op_put_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_item_put(vm, vm->vars[a[0]], vm->vars[a[1]]);
}

void agi_vm_op_get_room_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    uint8_t *v = vm->vars;
    v[a[1]] = v[a[0]] < vm->item_count ? vm->items[v[a[0]]] : 0;
}

void agi_vm_op_random(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    unsigned lo = a[0], hi = a[1];
    vm->vars[a[2]] = hi < lo ? (uint8_t)lo : (uint8_t)(lo + agi_vm_random(vm) % (hi - lo + 1));
}

void agi_vm_op_mul_n(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[a[0]] = (uint8_t)(vm->vars[a[0]] * a[1]);
}

void agi_vm_op_mul_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, vm->vars[a[0]] = (uint8_t)(vm->vars[a[0]] * vm->vars[a[1]]);
}

/* Division by zero is outside valid bytecode: the value stays. */
void agi_vm_op_div_n(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    if (a[1])
        vm->vars[a[0]] = (uint8_t)(vm->vars[a[0]] / a[1]);
}

void agi_vm_op_div_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic;
    if (vm->vars[a[1]])
        vm->vars[a[0]] = (uint8_t)(vm->vars[a[0]] / vm->vars[a[1]]);
}

/* The run's control signals (vm->flow): an action that blocks its cycle
 * (a modal, a busy-wait for a key) suspends the logic stack and says where
 * the blocked cycle resumes; new.room, an accepted restart or restore
 * abort the rest of logic 0's pass. */
/* vm->flow_halt mirrors the suspended and aborted signals. */
static void agi_vm_flow_mirror(agi_vm *vm)
{
    vm->flow_halt = (uint8_t)(vm->flow->suspended    ? AGI_HALT_SUSPEND
                              : vm->flow->abort_flow ? AGI_HALT_STOP
                                                     : AGI_HALT_NONE);
}

void agi_vm_flow_suspend(agi_vm *vm, int on)
{
    vm->flow->suspended = on;
    agi_vm_flow_mirror(vm);
}
void agi_vm_flow_resume_at(agi_vm *vm, int stage) { vm->flow->resume_stage = stage; }
void agi_vm_flow_abort(agi_vm *vm, int on)
{
    vm->flow->abort_flow = on;
    agi_vm_flow_mirror(vm);
}
/* agi_vm_restore: the next cycle goes on from logic 0. */
void agi_vm_flow_restored(agi_vm *vm, int on) { vm->flow->restored = on; }

/* What the cycle and the bytecode loop read: whether logic is suspended,
 * the stage a blocked cycle resumes at, whether a restore is pending
 * (after an action the loop reads vm->flow_halt). */
int agi_vm_flow_suspended(const agi_vm *vm) { return vm->flow->suspended; }
int agi_vm_flow_aborted(const agi_vm *vm) { return vm->flow->abort_flow; }
int agi_vm_flow_stage(const agi_vm *vm) { return vm->flow->resume_stage; }
int agi_vm_flow_is_restored(const agi_vm *vm) { return vm->flow->restored; }

/* The signals are vm_state.c's (vm_state.h): made with the vm. */
int agi_vm_flow_new(agi_vm *vm) { return (vm->flow = calloc(1, sizeof *vm->flow)) != NULL; }
void agi_vm_flow_free(agi_vm *vm) { free(vm->flow); }

void agi_vm_flow_reset(agi_vm *vm)
{
    vm->flow->abort_flow = vm->flow->suspended = 0;
    vm->flow->resume_stage = AGI_STAGE_NONE;
    agi_vm_flow_mirror(vm);
}

void agi_vm_script_text(const agi_vm *vm, const char *utf8, char *out, size_t cap)
{
    relic_buf b = RELIC_BUF_INIT;
    size_t n = strlen(utf8);
    long bad = agi_codepage_for(vm->extensions)->from_utf8(utf8, n, &b);
    size_t done = bad < 0 ? n : (size_t)bad;
    if (b.oom) { /* nothing converted: the bytes as written */
        b.len = 0;
        done = 0;
    }
    snprintf(out, cap, "%.*s%s", (int)b.len, b.data ? (const char *)b.data : "", utf8 + done);
    relic_buf_free(&b);
}

void agi_vm_text_utf8(const agi_vm *vm, const char *bytes, char *out, size_t cap)
{
    relic_buf b = RELIC_BUF_INIT;
    agi_codepage_for(vm->extensions)->to_utf8((const uint8_t *)bytes, strlen(bytes), &b);
    size_t n = b.oom ? 0 : b.len;
    if (n > cap - 1) { /* whole characters only: back off continuation bytes */
        n = cap - 1;
        while (n && (b.data[n] & 0xc0) == 0x80)
            n--;
    }
    if (n)
        memcpy(out, b.data, n);
    out[n] = 0;
    relic_buf_free(&b);
}
