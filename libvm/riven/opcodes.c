/* Riven script command and event names, the tables generated from the
 * X-macro lists in opcodes.h (each command's name cites its source there).
 * Apart from the decompiler so the interpreter and the assembler need
 * nothing of the decompiler's JSON tree. */
#include <stddef.h>
#include "opcodes.h"
#include "relic/riven_vm.h"

#define RIVEN_OP_ROW(num, nm, n, min, src) {num, #nm, n, min, src},
static const riven_op_info riven_ops[] = {RIVEN_COMMANDS(RIVEN_OP_ROW)};
#undef RIVEN_OP_ROW

#define RIVEN_EV_ROW(num, nm) [num] = #nm,
static const char *const riven_events[] = {RIVEN_EVENTS(RIVEN_EV_ROW)};
#undef RIVEN_EV_ROW

const riven_op_info *riven_op(uint16_t op)
{
    for (size_t i = 0; i < sizeof riven_ops / sizeof *riven_ops; i++)
        if (riven_ops[i].op == op)
            return &riven_ops[i];
    return NULL;
}

const char *riven_event_name(uint16_t event)
{
    return event < sizeof riven_events / sizeof *riven_events ? riven_events[event] : NULL;
}
