/* The AGI event queue (agi-spec input_text_and_menus.md "Event queue"):
 * 20 physical slots, 19 pending events. */
#include <string.h>
#include "vm_private.h"

int agi_vm_post(agi_vm *vm, uint8_t type, uint16_t value)
{
    unsigned next = (vm->events.q_write + 1) % AGI_VM_QUEUE;
    if (next == vm->events.q_read)
        return 0;
    vm->events.queue[vm->events.q_write].type = type;
    vm->events.queue[vm->events.q_write].value = value;
    vm->events.q_write = next;
    return 1;
}

int agi_vm_poll(agi_vm *vm, agi_vm_event *ev)
{
    if (vm->events.q_read == vm->events.q_write)
        return 0;
    *ev = vm->events.queue[vm->events.q_read];
    vm->events.q_read = (vm->events.q_read + 1) % AGI_VM_QUEUE;
    return 1;
}

void agi_vm_events_reset(agi_vm *vm) { vm->events.q_read = vm->events.q_write = 0; }
