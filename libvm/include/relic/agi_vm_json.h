/* The AGI interpreter's state as JSON (libvm/agi/vm/vm_json.c).  Kept apart
 * from relic/agi_vm.h so the interpreter's header names no JSON type: the
 * JSON writers live in librelic-io, which needs jansson; the interpreter
 * (librelic-vm) does not. */
#ifndef RELIC_AGI_VM_JSON_H
#define RELIC_AGI_VM_JSON_H

#include <jansson.h>
#include "relic/agi_vm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The state as JSON (variables, flags, strings, objects, inventory, room,
 * parser, messages, unimplemented actions met); NULL when an allocation
 * failed (never a state short of a member). */
json_t *agi_vm_state_json(const agi_vm *vm);

#ifdef __cplusplus
}
#endif

#endif
