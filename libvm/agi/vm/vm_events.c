/* The AGI event queue (agi-spec input_text_and_menus.md "Event queue"):
 * 20 physical slots, 19 pending events. */
#include <stdlib.h>
#include <string.h>
#include "vm_private.h"

/* The queue: the whole state of this file. */
struct agi_vm_events {
    agi_vm_event queue[AGI_VM_QUEUE];
    unsigned q_read, q_write;
};

int agi_vm_post(agi_vm *vm, uint8_t type, uint16_t value)
{
    unsigned next = (vm->events->q_write + 1) % AGI_VM_QUEUE;
    if (next == vm->events->q_read)
        return 0;
    vm->events->queue[vm->events->q_write].type = type;
    vm->events->queue[vm->events->q_write].value = value;
    vm->events->q_write = next;
    return 1;
}

int agi_vm_poll(agi_vm *vm, agi_vm_event *ev)
{
    if (vm->events->q_read == vm->events->q_write)
        return 0;
    *ev = vm->events->queue[vm->events->q_read];
    vm->events->q_read = (vm->events->q_read + 1) % AGI_VM_QUEUE;
    return 1;
}

void agi_vm_events_reset(agi_vm *vm) { vm->events->q_read = vm->events->q_write = 0; }

/* The queue with the vm (agi_vm_new) and without it. */
int agi_vm_events_new(agi_vm *vm) { return (vm->events = calloc(1, sizeof *vm->events)) != NULL; }
void agi_vm_events_free(agi_vm *vm) { free(vm->events); }
