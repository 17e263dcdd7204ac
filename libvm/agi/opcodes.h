/* The AGI logic command table (agi-spec logic_bytecode.md "Action opcodes"
 * and "Condition opcodes", version_profiles.md for the ranges), as X-macro
 * lists used for the enums and the descriptor tables of opcodes.c.
 *
 * X(ENUM, opcode, "name", "operand types", first profile, handler)
 * The handler is the interpreter's function for the command: vm/vm_exec.c
 * dispatches through a table built from this column, and each handler
 * lives in the vm/ file that owns the state it changes (vm/vm_private.h
 * declares them); the logic tools (lang/) ignore the column.
 * Operand types, one letter each: n number, v variable, f flag, m message,
 * o object, i inventory item, s string slot, w word number, c controller.
 * Names are the ones AGI Studio and WinAGI sources use (the lead's syntax
 * reference: the demoquest src/ Logic*.txt files); operand counts and
 * ranges follow the spec.  Choices where public tables disagree:
 *  - 0x86 quit: one selector byte, none in 2.089/2.230 (version_profiles.md
 *    2.089 and 2.230; some tables give it no operand everywhere).
 *  - 0x97/0x98 print.at/print.at.v: four operands in every profile; the spec
 *    says 2.411/2.440 use the same encoding (some tables give three).
 *  - 0x95 trace.on: no operand; the extra byte the spec mentions is consumed
 *    only at run time while tracing, which a static scanner cannot know.
 *  - 0xaf discard.sound: one operand, the scanner length the spec keeps for
 *    it although execution consumes none.
 *  - 0xb0 hide.mouse: one ignored byte in 3.002.086, none in 3.002.102/149
 *    (logic_bytecode.md "Version 3 extension actions").
 *  - 0x00 condition: never true; no public name, called "false" here.
 *  - 0x74 word.to.string and 0xaa set.simple take a number, as AGI Studio. */
#ifndef RELIC_AGI_OPCODES_H
#define RELIC_AGI_OPCODES_H

// clang-format off
#define AGI_ACTION_LIST(X) \
    X(RETURN, 0x00, "return", "", "2.089", agi_vm_op_none) \
    X(INCREMENT, 0x01, "increment", "v", "2.089", agi_vm_op_increment) \
    X(DECREMENT, 0x02, "decrement", "v", "2.089", agi_vm_op_decrement) \
    X(ASSIGNN, 0x03, "assignn", "vn", "2.089", agi_vm_op_assignn) \
    X(ASSIGNV, 0x04, "assignv", "vv", "2.089", agi_vm_op_assignv) \
    X(ADDN, 0x05, "addn", "vn", "2.089", agi_vm_op_addn) \
    X(ADDV, 0x06, "addv", "vv", "2.089", agi_vm_op_addv) \
    X(SUBN, 0x07, "subn", "vn", "2.089", agi_vm_op_subn) \
    X(SUBV, 0x08, "subv", "vv", "2.089", agi_vm_op_subv) \
    X(LINDIRECTV, 0x09, "lindirectv", "vv", "2.089", agi_vm_op_lindirectv) \
    X(RINDIRECT, 0x0a, "rindirect", "vv", "2.089", agi_vm_op_rindirect) \
    X(LINDIRECTN, 0x0b, "lindirectn", "vn", "2.089", agi_vm_op_lindirectn) \
    X(SET, 0x0c, "set", "f", "2.089", agi_vm_op_set) \
    X(RESET, 0x0d, "reset", "f", "2.089", agi_vm_op_reset) \
    X(TOGGLE, 0x0e, "toggle", "f", "2.089", agi_vm_op_toggle) \
    X(SET_V, 0x0f, "set.v", "v", "2.089", agi_vm_op_set_v) \
    X(RESET_V, 0x10, "reset.v", "v", "2.089", agi_vm_op_reset_v) \
    X(TOGGLE_V, 0x11, "toggle.v", "v", "2.089", agi_vm_op_toggle_v) \
    X(NEW_ROOM, 0x12, "new.room", "n", "2.089", agi_vm_op_new_room) \
    X(NEW_ROOM_V, 0x13, "new.room.v", "v", "2.089", agi_vm_op_new_room_v) \
    X(LOAD_LOGICS, 0x14, "load.logics", "n", "2.089", agi_vm_op_load_logics) \
    X(LOAD_LOGICS_V, 0x15, "load.logics.v", "v", "2.089", agi_vm_op_load_logics_v) \
    X(CALL, 0x16, "call", "n", "2.089", agi_vm_op_call) \
    X(CALL_V, 0x17, "call.v", "v", "2.089", agi_vm_op_call_v) \
    X(LOAD_PIC, 0x18, "load.pic", "v", "2.089", agi_vm_op_load_pic) \
    X(DRAW_PIC, 0x19, "draw.pic", "v", "2.089", agi_vm_op_draw_pic) \
    X(SHOW_PIC, 0x1a, "show.pic", "", "2.089", agi_vm_op_show_pic) \
    X(DISCARD_PIC, 0x1b, "discard.pic", "v", "2.089", agi_vm_op_discard_pic) \
    X(OVERLAY_PIC, 0x1c, "overlay.pic", "v", "2.089", agi_vm_op_overlay_pic) \
    X(SHOW_PRI_SCREEN, 0x1d, "show.pri.screen", "", "2.089", agi_vm_op_none) \
    X(LOAD_VIEW, 0x1e, "load.view", "n", "2.089", agi_vm_op_load_view) \
    X(LOAD_VIEW_V, 0x1f, "load.view.v", "v", "2.089", agi_vm_op_load_view_v) \
    X(DISCARD_VIEW, 0x20, "discard.view", "n", "2.089", agi_vm_op_discard_view) \
    X(ANIMATE_OBJ, 0x21, "animate.obj", "o", "2.089", agi_vm_op_animate_obj) \
    X(UNANIMATE_ALL, 0x22, "unanimate.all", "", "2.089", agi_vm_op_unanimate_all) \
    X(DRAW, 0x23, "draw", "o", "2.089", agi_vm_op_draw) \
    X(ERASE, 0x24, "erase", "o", "2.089", agi_vm_op_erase) \
    X(POSITION, 0x25, "position", "onn", "2.089", agi_vm_op_position) \
    X(POSITION_V, 0x26, "position.v", "ovv", "2.089", agi_vm_op_position_v) \
    X(GET_POSN, 0x27, "get.posn", "ovv", "2.089", agi_vm_op_get_posn) \
    X(REPOSITION, 0x28, "reposition", "ovv", "2.089", agi_vm_op_reposition) \
    X(SET_VIEW, 0x29, "set.view", "on", "2.089", agi_vm_op_set_view) \
    X(SET_VIEW_V, 0x2a, "set.view.v", "ov", "2.089", agi_vm_op_set_view_v) \
    X(SET_LOOP, 0x2b, "set.loop", "on", "2.089", agi_vm_op_set_loop) \
    X(SET_LOOP_V, 0x2c, "set.loop.v", "ov", "2.089", agi_vm_op_set_loop_v) \
    X(FIX_LOOP, 0x2d, "fix.loop", "o", "2.089", agi_vm_op_fix_loop) \
    X(RELEASE_LOOP, 0x2e, "release.loop", "o", "2.089", agi_vm_op_release_loop) \
    X(SET_CEL, 0x2f, "set.cel", "on", "2.089", agi_vm_op_set_cel) \
    X(SET_CEL_V, 0x30, "set.cel.v", "ov", "2.089", agi_vm_op_set_cel_v) \
    X(LAST_CEL, 0x31, "last.cel", "ov", "2.089", agi_vm_op_last_cel) \
    X(CURRENT_CEL, 0x32, "current.cel", "ov", "2.089", agi_vm_op_current_cel) \
    X(CURRENT_LOOP, 0x33, "current.loop", "ov", "2.089", agi_vm_op_current_loop) \
    X(CURRENT_VIEW, 0x34, "current.view", "ov", "2.089", agi_vm_op_current_view) \
    X(NUMBER_OF_LOOPS, 0x35, "number.of.loops", "ov", "2.089", agi_vm_op_number_of_loops) \
    X(SET_PRIORITY, 0x36, "set.priority", "on", "2.089", agi_vm_op_set_priority) \
    X(SET_PRIORITY_V, 0x37, "set.priority.v", "ov", "2.089", agi_vm_op_set_priority_v) \
    X(RELEASE_PRIORITY, 0x38, "release.priority", "o", "2.089", agi_vm_op_release_priority) \
    X(GET_PRIORITY, 0x39, "get.priority", "ov", "2.089", agi_vm_op_get_priority) \
    X(STOP_UPDATE, 0x3a, "stop.update", "o", "2.089", agi_vm_op_stop_update) \
    X(START_UPDATE, 0x3b, "start.update", "o", "2.089", agi_vm_op_start_update) \
    X(FORCE_UPDATE, 0x3c, "force.update", "o", "2.089", agi_vm_op_force_update) \
    X(IGNORE_HORIZON, 0x3d, "ignore.horizon", "o", "2.089", agi_vm_op_ignore_horizon) \
    X(OBSERVE_HORIZON, 0x3e, "observe.horizon", "o", "2.089", agi_vm_op_observe_horizon) \
    X(SET_HORIZON, 0x3f, "set.horizon", "n", "2.089", agi_vm_op_set_horizon) \
    X(OBJECT_ON_WATER, 0x40, "object.on.water", "o", "2.089", agi_vm_op_object_on_water) \
    X(OBJECT_ON_LAND, 0x41, "object.on.land", "o", "2.089", agi_vm_op_object_on_land) \
    X(OBJECT_ON_ANYTHING, 0x42, "object.on.anything", "o", "2.089", agi_vm_op_object_on_anything) \
    X(IGNORE_OBJS, 0x43, "ignore.objs", "o", "2.089", agi_vm_op_ignore_objs) \
    X(OBSERVE_OBJS, 0x44, "observe.objs", "o", "2.089", agi_vm_op_observe_objs) \
    X(DISTANCE, 0x45, "distance", "oov", "2.089", agi_vm_op_distance) \
    X(STOP_CYCLING, 0x46, "stop.cycling", "o", "2.089", agi_vm_op_stop_cycling) \
    X(START_CYCLING, 0x47, "start.cycling", "o", "2.089", agi_vm_op_start_cycling) \
    X(NORMAL_CYCLE, 0x48, "normal.cycle", "o", "2.089", agi_vm_op_normal_cycle) \
    X(END_OF_LOOP, 0x49, "end.of.loop", "of", "2.089", agi_vm_op_end_of_loop) \
    X(REVERSE_CYCLE, 0x4a, "reverse.cycle", "o", "2.089", agi_vm_op_reverse_cycle) \
    X(REVERSE_LOOP, 0x4b, "reverse.loop", "of", "2.089", agi_vm_op_reverse_loop) \
    X(CYCLE_TIME, 0x4c, "cycle.time", "ov", "2.089", agi_vm_op_cycle_time) \
    X(STOP_MOTION, 0x4d, "stop.motion", "o", "2.089", agi_vm_op_stop_motion) \
    X(START_MOTION, 0x4e, "start.motion", "o", "2.089", agi_vm_op_start_motion) \
    X(STEP_SIZE, 0x4f, "step.size", "ov", "2.089", agi_vm_op_step_size) \
    X(STEP_TIME, 0x50, "step.time", "ov", "2.089", agi_vm_op_step_time) \
    X(MOVE_OBJ, 0x51, "move.obj", "onnnf", "2.089", agi_vm_op_move_obj) \
    X(MOVE_OBJ_V, 0x52, "move.obj.v", "ovvvf", "2.089", agi_vm_op_move_obj_v) \
    X(FOLLOW_EGO, 0x53, "follow.ego", "onf", "2.089", agi_vm_op_follow_ego) \
    X(WANDER, 0x54, "wander", "o", "2.089", agi_vm_op_wander) \
    X(NORMAL_MOTION, 0x55, "normal.motion", "o", "2.089", agi_vm_op_normal_motion) \
    X(SET_DIR, 0x56, "set.dir", "ov", "2.089", agi_vm_op_set_dir) \
    X(GET_DIR, 0x57, "get.dir", "ov", "2.089", agi_vm_op_get_dir) \
    X(IGNORE_BLOCKS, 0x58, "ignore.blocks", "o", "2.089", agi_vm_op_ignore_blocks) \
    X(OBSERVE_BLOCKS, 0x59, "observe.blocks", "o", "2.089", agi_vm_op_observe_blocks) \
    X(BLOCK, 0x5a, "block", "nnnn", "2.089", agi_vm_op_block) \
    X(UNBLOCK, 0x5b, "unblock", "", "2.089", agi_vm_op_unblock) \
    X(GET, 0x5c, "get", "i", "2.089", agi_vm_op_get) \
    X(GET_V, 0x5d, "get.v", "v", "2.089", agi_vm_op_get_v) \
    X(DROP, 0x5e, "drop", "i", "2.089", agi_vm_op_drop) \
    X(PUT, 0x5f, "put", "iv", "2.089", agi_vm_op_put) \
    X(PUT_V, 0x60, "put.v", "vv", "2.089", agi_vm_op_put_v) \
    X(GET_ROOM_V, 0x61, "get.room.v", "vv", "2.089", agi_vm_op_get_room_v) \
    X(LOAD_SOUND, 0x62, "load.sound", "n", "2.089", agi_vm_op_load_sound) \
    X(SOUND, 0x63, "sound", "nf", "2.089", agi_vm_op_sound) \
    X(STOP_SOUND, 0x64, "stop.sound", "", "2.089", agi_vm_op_stop_sound) \
    X(PRINT, 0x65, "print", "m", "2.089", agi_vm_op_print) \
    X(PRINT_V, 0x66, "print.v", "v", "2.089", agi_vm_op_print_v) \
    X(DISPLAY, 0x67, "display", "nnm", "2.089", agi_vm_op_display) \
    X(DISPLAY_V, 0x68, "display.v", "vvv", "2.089", agi_vm_op_display_v) \
    X(CLEAR_LINES, 0x69, "clear.lines", "nnn", "2.089", agi_vm_op_clear_lines) \
    X(TEXT_SCREEN, 0x6a, "text.screen", "", "2.089", agi_vm_op_text_screen) \
    X(GRAPHICS, 0x6b, "graphics", "", "2.089", agi_vm_op_graphics) \
    X(SET_CURSOR_CHAR, 0x6c, "set.cursor.char", "m", "2.089", agi_vm_op_set_cursor_char) \
    X(SET_TEXT_ATTRIBUTE, 0x6d, "set.text.attribute", "nn", "2.089", agi_vm_op_set_text_attribute) \
    X(SHAKE_SCREEN, 0x6e, "shake.screen", "n", "2.089", agi_vm_op_shake_screen) \
    X(CONFIGURE_SCREEN, 0x6f, "configure.screen", "nnn", "2.089", agi_vm_op_configure_screen) \
    X(STATUS_LINE_ON, 0x70, "status.line.on", "", "2.089", agi_vm_op_status_line_on) \
    X(STATUS_LINE_OFF, 0x71, "status.line.off", "", "2.089", agi_vm_op_status_line_off) \
    X(SET_STRING, 0x72, "set.string", "sm", "2.089", agi_vm_op_set_string) \
    X(GET_STRING, 0x73, "get.string", "smnnn", "2.089", agi_vm_op_get_string) \
    X(WORD_TO_STRING, 0x74, "word.to.string", "sn", "2.089", agi_vm_op_word_to_string) \
    X(PARSE, 0x75, "parse", "s", "2.089", agi_vm_op_parse) \
    X(GET_NUM, 0x76, "get.num", "mv", "2.089", agi_vm_op_get_num) \
    X(PREVENT_INPUT, 0x77, "prevent.input", "", "2.089", agi_vm_op_prevent_input) \
    X(ACCEPT_INPUT, 0x78, "accept.input", "", "2.089", agi_vm_op_accept_input) \
    X(SET_KEY, 0x79, "set.key", "nnc", "2.089", agi_vm_op_set_key) \
    X(ADD_TO_PIC, 0x7a, "add.to.pic", "nnnnnnn", "2.089", agi_vm_op_add_to_pic) \
    X(ADD_TO_PIC_V, 0x7b, "add.to.pic.v", "vvvvvvv", "2.089", agi_vm_op_add_to_pic_v) \
    X(STATUS, 0x7c, "status", "", "2.089", agi_vm_op_status) \
    X(SAVE_GAME, 0x7d, "save.game", "", "2.089", agi_vm_op_save_game) \
    X(RESTORE_GAME, 0x7e, "restore.game", "", "2.089", agi_vm_op_restore_game) \
    X(INIT_DISK, 0x7f, "init.disk", "", "2.089", agi_vm_op_none) \
    X(RESTART_GAME, 0x80, "restart.game", "", "2.089", agi_vm_op_restart_game) \
    X(SHOW_OBJ, 0x81, "show.obj", "n", "2.089", agi_vm_op_show_obj) \
    X(RANDOM, 0x82, "random", "nnv", "2.089", agi_vm_op_random) \
    X(PROGRAM_CONTROL, 0x83, "program.control", "", "2.089", agi_vm_op_program_control) \
    X(PLAYER_CONTROL, 0x84, "player.control", "", "2.089", agi_vm_op_player_control) \
    X(OBJ_STATUS_V, 0x85, "obj.status.v", "v", "2.089", agi_vm_op_obj_status_v) \
    X(QUIT, 0x86, "quit", "n", "2.089", agi_vm_op_quit) \
    X(SHOW_MEM, 0x87, "show.mem", "", "2.089", agi_vm_op_none) \
    X(PAUSE, 0x88, "pause", "", "2.089", agi_vm_op_pause) \
    X(ECHO_LINE, 0x89, "echo.line", "", "2.089", agi_vm_op_echo_line) \
    X(CANCEL_LINE, 0x8a, "cancel.line", "", "2.089", agi_vm_op_cancel_line) \
    X(INIT_JOY, 0x8b, "init.joy", "", "2.089", agi_vm_op_none) \
    X(TOGGLE_MONITOR, 0x8c, "toggle.monitor", "", "2.089", agi_vm_op_none) \
    X(VERSION, 0x8d, "version", "", "2.089", agi_vm_op_version) \
    X(SCRIPT_SIZE, 0x8e, "script.size", "n", "2.089", agi_vm_op_script_size) \
    X(SET_GAME_ID, 0x8f, "set.game.id", "m", "2.089", agi_vm_op_set_game_id) \
    X(LOG, 0x90, "log", "m", "2.089", agi_vm_op_none) \
    X(SET_SCAN_START, 0x91, "set.scan.start", "", "2.089", agi_vm_op_set_scan_start) \
    X(RESET_SCAN_START, 0x92, "reset.scan.start", "", "2.089", agi_vm_op_reset_scan_start) \
    X(REPOSITION_TO, 0x93, "reposition.to", "onn", "2.089", agi_vm_op_reposition_to) \
    X(REPOSITION_TO_V, 0x94, "reposition.to.v", "ovv", "2.089", agi_vm_op_reposition_to_v) \
    X(TRACE_ON, 0x95, "trace.on", "", "2.089", agi_vm_op_none) \
    X(TRACE_INFO, 0x96, "trace.info", "nnn", "2.089", agi_vm_op_none) \
    X(PRINT_AT, 0x97, "print.at", "mnnn", "2.089", agi_vm_op_print_at) \
    X(PRINT_AT_V, 0x98, "print.at.v", "vnnn", "2.089", agi_vm_op_print_at_v) \
    X(DISCARD_VIEW_V, 0x99, "discard.view.v", "v", "2.089", agi_vm_op_discard_view_v) \
    X(CLEAR_TEXT_RECT, 0x9a, "clear.text.rect", "nnnnn", "2.089", agi_vm_op_clear_text_rect) \
    X(SET_UPPER_LEFT, 0x9b, "set.upper.left", "nn", "2.272", agi_vm_op_none) \
    X(SET_MENU, 0x9c, "set.menu", "m", "2.272", agi_vm_op_set_menu) \
    X(SET_MENU_ITEM, 0x9d, "set.menu.item", "mc", "2.272", agi_vm_op_set_menu_item) \
    X(SUBMIT_MENU, 0x9e, "submit.menu", "", "2.272", agi_vm_op_submit_menu) \
    X(ENABLE_ITEM, 0x9f, "enable.item", "c", "2.272", agi_vm_op_enable_item) \
    X(DISABLE_ITEM, 0xa0, "disable.item", "c", "2.272", agi_vm_op_disable_item) \
    X(MENU_INPUT, 0xa1, "menu.input", "", "2.411", agi_vm_op_menu_input) \
    X(SHOW_OBJ_V, 0xa2, "show.obj.v", "v", "2.411", agi_vm_op_show_obj_v) \
    X(OPEN_DIALOGUE, 0xa3, "open.dialogue", "", "2.411", agi_vm_op_open_dialogue) \
    X(CLOSE_DIALOGUE, 0xa4, "close.dialogue", "", "2.411", agi_vm_op_close_dialogue) \
    X(MUL_N, 0xa5, "mul.n", "vn", "2.411", agi_vm_op_mul_n) \
    X(MUL_V, 0xa6, "mul.v", "vv", "2.411", agi_vm_op_mul_v) \
    X(DIV_N, 0xa7, "div.n", "vn", "2.411", agi_vm_op_div_n) \
    X(DIV_V, 0xa8, "div.v", "vv", "2.411", agi_vm_op_div_v) \
    X(CLOSE_WINDOW, 0xa9, "close.window", "", "2.411", agi_vm_op_close_window) \
    X(SET_SIMPLE, 0xaa, "set.simple", "n", "2.917", agi_vm_op_set_simple) \
    X(PUSH_SCRIPT, 0xab, "push.script", "", "2.917", agi_vm_op_push_script) \
    X(POP_SCRIPT, 0xac, "pop.script", "", "2.917", agi_vm_op_pop_script) \
    X(HOLD_KEY, 0xad, "hold.key", "", "2.917", agi_vm_op_hold_key) \
    X(SET_PRI_BASE, 0xae, "set.pri.base", "n", "2.936", agi_vm_op_set_pri_base) \
    X(DISCARD_SOUND, 0xaf, "discard.sound", "n", "2.936", agi_vm_op_none) \
    X(HIDE_MOUSE, 0xb0, "hide.mouse", "", "3.002.086", agi_vm_op_none) \
    X(ALLOW_MENU, 0xb1, "allow.menu", "n", "3.002.086", agi_vm_op_allow_menu) \
    X(SHOW_MOUSE, 0xb2, "show.mouse", "", "3.002.102", agi_vm_op_none) \
    X(FENCE_MOUSE, 0xb3, "fence.mouse", "nnnn", "3.002.102", agi_vm_op_none) \
    X(MOUSE_POSN, 0xb4, "mouse.posn", "vv", "3.002.102", agi_vm_op_none) \
    X(RELEASE_KEY, 0xb5, "release.key", "", "3.002.102", agi_vm_op_release_key)
// clang-format on

/* said (0x0e) is variable length: count, then count little-endian words;
 * its "w" entry stands for that whole list. */
// clang-format off
#define AGI_CONDITION_LIST(X) \
    X(FALSE, 0x00, "false", "", "2.089", agi_vm_test_false) \
    X(EQUALN, 0x01, "equaln", "vn", "2.089", agi_vm_test_equaln) \
    X(EQUALV, 0x02, "equalv", "vv", "2.089", agi_vm_test_equalv) \
    X(LESSN, 0x03, "lessn", "vn", "2.089", agi_vm_test_lessn) \
    X(LESSV, 0x04, "lessv", "vv", "2.089", agi_vm_test_lessv) \
    X(GREATERN, 0x05, "greatern", "vn", "2.089", agi_vm_test_greatern) \
    X(GREATERV, 0x06, "greaterv", "vv", "2.089", agi_vm_test_greaterv) \
    X(ISSET, 0x07, "isset", "f", "2.089", agi_vm_test_isset) \
    X(ISSET_V, 0x08, "isset.v", "v", "2.089", agi_vm_test_isset_v) \
    X(HAS, 0x09, "has", "i", "2.089", agi_vm_test_has) \
    X(OBJ_IN_ROOM, 0x0a, "obj.in.room", "iv", "2.089", agi_vm_test_obj_in_room) \
    X(POSN, 0x0b, "posn", "onnnn", "2.089", agi_vm_test_posn) \
    X(CONTROLLER, 0x0c, "controller", "c", "2.089", agi_vm_test_controller) \
    X(HAVE_KEY, 0x0d, "have.key", "", "2.089", agi_vm_test_have_key) \
    X(SAID, 0x0e, "said", "w", "2.089", agi_vm_test_said) \
    X(COMPARE_STRINGS, 0x0f, "compare.strings", "ss", "2.089", agi_vm_test_compare_strings) \
    X(OBJ_IN_BOX, 0x10, "obj.in.box", "onnnn", "2.089", agi_vm_test_obj_in_box) \
    X(CENTER_POSN, 0x11, "center.posn", "onnnn", "2.089", agi_vm_test_center_posn) \
    X(RIGHT_POSN, 0x12, "right.posn", "onnnn", "2.089", agi_vm_test_right_posn)
// clang-format on

#define AGI_X_ENUM_ACTION(e, op, name, args, since, handler) AGI_A_##e = op,
#define AGI_X_ENUM_COND(e, op, name, args, since, handler) AGI_C_##e = op,
enum agi_action_op { AGI_ACTION_LIST(AGI_X_ENUM_ACTION) AGI_ACTION_END };
enum agi_condition_op { AGI_CONDITION_LIST(AGI_X_ENUM_COND) AGI_CONDITION_END };
#undef AGI_X_ENUM_ACTION
#undef AGI_X_ENUM_COND

/* Structural bytes of the main stream and of condition lists. */
enum { AGI_OP_OR = 0xfc, AGI_OP_NOT = 0xfd, AGI_OP_GOTO = 0xfe, AGI_OP_IF = 0xff };

/* said() word numbers with a fixed meaning (input_text_and_menus.md). */
/* AGI_WORD_UNKNOWN: the id the parser gives the first unknown word, which
 * it keeps as a word (only `anyword` matches it). */
enum { AGI_WORD_ANY = 0x0001, AGI_WORD_REST = 0x270f, AGI_WORD_UNKNOWN = 0xffff };

#endif
