/* Names of the variables and flags the interpreter itself reads or writes
 * (agi-spec runtime_state.md "Variables and flags", "Top-level cycle
 * order"; object_behavior.md "Movement proposal and screen boundaries";
 * input_text_and_menus.md "Raw-key condition", "Parser"; sound.md;
 * session_and_persistence.md "Room transition").  Every other number is
 * the game's own. */
#ifndef RELIC_AGI_VM_NAMES_H
#define RELIC_AGI_VM_NAMES_H

enum agi_vm_var {
    AGI_V_ROOM = 0,      /* current room */
    AGI_V_PREV_ROOM = 1, /* room before the last new.room */
    AGI_V_EGO_EDGE = 2,  /* boundary object 0 touched (1 top .. 4 left) */
    AGI_V_SCORE = 3,
    AGI_V_OBJ_EDGE_OBJ = 4, /* object (not 0) that touched a boundary */
    AGI_V_OBJ_EDGE = 5,     /* the boundary it touched */
    AGI_V_EGO_DIR = 6,      /* object 0's direction */
    AGI_V_MAX_SCORE = 7,
    AGI_V_FREE_MEMORY = 8,
    AGI_V_PARSE_ERROR = 9, /* unknown word's position / parser count */
    AGI_V_SPEED = 10,      /* cycle delay in 20 Hz ticks */
    AGI_V_SECONDS = 11,
    AGI_V_MINUTES = 12,
    AGI_V_HOURS = 13,
    AGI_V_DAYS = 14,
    AGI_V_JOY_SENS = 15, /* joystick sensitivity */
    AGI_V_EGO_VIEW = 16, /* object 0's view at room entry */
    AGI_V_ERROR = 17,
    AGI_V_ERROR_INFO = 18,
    AGI_V_KEY = 19,       /* last raw key */
    AGI_V_COMPUTER = 20,  /* computer type */
    AGI_V_MSG_TIMER = 21, /* message window close timer */
    AGI_V_SOUND_TYPE = 22,
    AGI_V_VOLUME = 23,
    AGI_V_INPUT_LEN = 24,  /* maximum input length */
    AGI_V_INV_SELECT = 25, /* item selected in the inventory (0xff: none) */
    AGI_V_MONITOR = 26     /* monitor type */
};

enum agi_vm_flag {
    AGI_F_EGO_WATER = 0,  /* object 0 is wholly on water */
    AGI_F_EGO_HIDDEN = 1, /* object 0 is hidden from view */
    AGI_F_INPUT = 2,      /* a line was entered */
    AGI_F_EGO_SIGNAL = 3, /* object 0 touched a signal line */
    AGI_F_SAID = 4,       /* said() matched this cycle */
    AGI_F_NEW_ROOM = 5,   /* first cycle of a room */
    AGI_F_RESTART = 6,    /* restart.game ran */
    AGI_F_NO_SCRIPT = 7,  /* script buffer not recorded */
    AGI_F_JOY_DOUBLE = 8,
    AGI_F_SOUND = 9, /* sound on */
    AGI_F_TRACE = 10,
    AGI_F_FIRST_LOGIC = 11,   /* first logic 0 run */
    AGI_F_RESTORED = 12,      /* restore.game ran */
    AGI_F_INV_SELECT = 13,    /* status lets the player select an item */
    AGI_F_MENU = 14,          /* menu enabled */
    AGI_F_WINDOW_NOWAIT = 15, /* print leaves the window open */
    AGI_F_RESTART_NOASK = 16, /* restart without the confirmation */
    AGI_F_LOOP4_BIG = 20      /* 3.002.102+: more than four loops use the table */
};

#endif
