/* Riven script commands and event types, as X-macro lists used for both
 * the enums and the name tables.  Opcodes, argument counts and event
 * numbers from the seed document "Riven scripts" (one section per command);
 * names follow what each command does there, and commands the document
 * calls unknown are named unknownNN.  -1: variable argument count. */
#ifndef RIVEN_OPCODES_H
#define RIVEN_OPCODES_H

#define RIVEN_COMMANDS(X)                   \
    X(1, drawBitmap, 9)                     \
    X(2, switchCard, 1)                     \
    X(3, playSoundGroup, -1)                \
    X(4, playSound, 3)                      \
    X(7, setVariable, 2)                    \
    X(8, switch, 2)                         \
    X(9, enableHotspot, 1)                  \
    X(10, disableHotspot, 1)                \
    X(12, unknown12, 1)                     \
    X(13, setCursor, 1)                     \
    X(14, pause, 2)                         \
    X(17, callExternal, -1)                 \
    X(18, transition, -1)                   \
    X(19, reloadCard, 0)                    \
    X(20, disableScreenUpdate, 0)           \
    X(21, enableScreenUpdate, 0)            \
    X(24, incrementVariable, 2)             \
    X(27, changeStack, 3)                   \
    X(28, unknown28, 1)                     \
    X(29, unknown29, 0)                     \
    X(31, unknown31, 1)                     \
    X(32, playMovie, 1)                     \
    X(33, playMovieBackground, 1)           \
    X(34, unknown34, 1)                     \
    X(36, unknown36, 0)                     \
    X(37, unknown37, 0)                     \
    X(38, unknown38, 5)                     \
    X(39, activatePLST, 1)                  \
    X(40, activateSLST, 1)                  \
    X(41, unknown41, 1)                     \
    X(43, activateBLST, 1)                  \
    X(44, activateFLST, 1)                  \
    X(45, zipMode, 0)                       \
    X(46, activateMLST, 2)

#define RIVEN_EVENTS(X)          \
    X(0, MouseDown)              \
    X(1, MouseStillDown)         \
    X(2, MouseUp)                \
    X(3, MouseEnter)             \
    X(4, MouseWithin)            \
    X(5, MouseLeave)             \
    X(6, CardLoad)               \
    X(7, CardClose)              \
    X(9, CardOpen)               \
    X(10, DisplayUpdate)

#define RIVEN_OP_ENUM(num, name, argc) RIVEN_OP_##name = num,
enum riven_opcode { RIVEN_COMMANDS(RIVEN_OP_ENUM) };
#undef RIVEN_OP_ENUM

#define RIVEN_EV_ENUM(num, name) RIVEN_EV_##name = num,
enum riven_event { RIVEN_EVENTS(RIVEN_EV_ENUM) };
#undef RIVEN_EV_ENUM

#endif
