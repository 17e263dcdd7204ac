/* AGI room transition (agi-spec session_and_persistence.md "Room
 * transition", steps 1-9), for new.room and new.room.v. */
#include <string.h>
#include "vm_private.h"

/* session_and_persistence.md "Room transition", steps 1-9. */
void agi_vm_switch_room(agi_vm *vm, unsigned room)
{
    if (vm->room_override >= 0) {
        room = (unsigned)vm->room_override;
        vm->room_override = -1;
    }
    agi_vm_stop_sound(vm);
    int w0 = vm->obj[0].width;
    uint8_t view0 = vm->obj[0].view;
    for (unsigned i = 0; i < AGI_VM_OBJECTS; i++) {
        agi_vm_obj *o = &vm->obj[i];
        o->drawn = o->animated = o->updating = 0;
        o->motion = AGI_MOTION_NORMAL;
        o->step = o->step_time = o->step_count = o->cycle_time = o->cycle_count = 1;
    }
    vm->scr_live = 0; /* until show.pic, object redraws stay off the screen */
    agi_vm_input_forget_parse(vm);
    vm->flags[AGI_F_INPUT] = vm->flags[AGI_F_SAID] = 0;
    agi_vm_res_leave_room(vm);
    agi_vm_replay_new_room(vm);
    vm->player_control = 1;
    vm->block = 0;
    vm->horizon = 36;
    vm->vars[AGI_V_PREV_ROOM] = vm->vars[AGI_V_ROOM];
    vm->vars[AGI_V_ROOM] = (uint8_t)room;
    vm->vars[AGI_V_EGO_VIEW] = view0;
    vm->vars[AGI_V_OBJ_EDGE_OBJ] = vm->vars[AGI_V_OBJ_EDGE] = 0;
    agi_vm_load_logic(vm, room, 1);
    switch (vm->vars[AGI_V_EGO_EDGE]) {
    case 1: vm->obj[0].y = 167; break;
    case 2: vm->obj[0].x = 0; break;
    case 3: vm->obj[0].y = 37; break;
    case 4: vm->obj[0].x = 160 - w0; break;
    }
    vm->vars[AGI_V_EGO_EDGE] = 0;
    vm->flags[AGI_F_NEW_ROOM] = 1;
    agi_vm_flow_abort(vm, 1);
    /* AGI 2.936 draws the status line and the input line again here, on
     * the rows and with the maximum score, prompt and cursor of now (a
     * probe set them after status.line.on and accept.input, then called
     * new.room: "Score:0 of 7" on row 0 and "N>_" on row 22). */
    agi_vm_status_again(vm);
    if (agi_vm_text_input_enabled(vm))
        agi_vm_input_redraw(vm);
}

/* Action 0x12: the Gold Rush build's immediate room aliases. */
static unsigned agi_vm_room_alias(const agi_vm *vm, unsigned room)
{
    const agi_vm_rules *p = vm->rules;
    if (p->room_alias_to && room >= p->room_alias_first && room <= p->room_alias_last)
        return p->room_alias_to;
    return room;
}

/* new.room / new.room.v (logic_bytecode.md "Action opcodes" 0x12, 0x13):
 * opcodes.h's handler column. */
void agi_vm_op_new_room(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_switch_room(vm, agi_vm_room_alias(vm, a[0]));
}

void agi_vm_op_new_room_v(agi_vm *vm, const uint8_t *a, unsigned logic)
{
    (void)logic, agi_vm_switch_room(vm, vm->vars[a[0]]);
}
