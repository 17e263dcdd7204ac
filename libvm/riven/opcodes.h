/* Riven script commands and event types, as X-macro lists used for both
 * the enums and the name tables.  Opcodes, usual argument counts and event
 * numbers from the seed document "Riven scripts" (one section per command).
 * Every opcode the engine's dispatch table defines (0..47) has a row; the
 * `src` column says where its name comes from:
 *   seed     the seed document's section title for the command;
 *   scummvm  ScummVM engines/mohawk/riven_scripts.cpp, setupOpcodes()
 *            (and the RivenCommandType enum in riven_scripts.h);
 *   rivenx   rivenx Engine/RXScriptEngine.mm, the dispatch table set up in
 *            +initialize (_opcode_* selectors), for commands ScummVM
 *            leaves empty.
 * Columns: opcode, name, usual argument count (-1 variable), the fewest
 * arguments the engine reads (ScummVM drawBitmap draws the whole screen
 * with fewer than 5; delay reads one), source of the name.
 * 32 is the blocking play (ScummVM playMovieBlocking, rivenx
 * startMovieAndWaitUntilDone), 33 the background play (ScummVM playMovie,
 * rivenx startMovie). */
#ifndef RIVEN_OPCODES_H
#define RIVEN_OPCODES_H

// clang-format off
#define RIVEN_COMMANDS(X)                                   \
    X(1, drawBitmap, 9, 1, "seed")                          \
    X(2, switchCard, 1, 1, "seed")                          \
    X(3, playSoundGroup, -1, 1, "seed")                     \
    X(4, playSound, 3, 1, "seed")                           \
    X(5, activateSynthesizedMLST, -1, 0, "rivenx")          \
    X(6, complexAnimation, -1, 0, "scummvm")                \
    X(7, setVariable, 2, 2, "seed")                         \
    X(8, switch, 2, 2, "seed")                              \
    X(9, enableHotspot, 1, 1, "seed")                       \
    X(10, disableHotspot, 1, 1, "seed")                     \
    X(12, stopSound, 1, 1, "scummvm")                       \
    X(13, setCursor, 1, 1, "seed")                          \
    X(14, pause, 2, 1, "seed")                              \
    X(17, callExternal, -1, 2, "seed")                      \
    X(18, transition, -1, 1, "seed")                        \
    X(19, reloadCard, 0, 0, "seed")                         \
    X(20, disableScreenUpdate, 0, 0, "seed")                \
    X(21, enableScreenUpdate, 0, 0, "seed")                 \
    X(24, incrementVariable, 2, 2, "seed")                  \
    X(25, decrementVariable, 2, 2, "rivenx")                \
    X(26, closeAllMovies, 0, 0, "rivenx")                   \
    X(27, changeStack, 3, 3, "seed")                        \
    X(28, disableMovie, 1, 1, "scummvm")                    \
    X(29, disableAllMovies, 0, 0, "scummvm")                \
    X(30, setMovieRate, -1, 0, "scummvm")                   \
    X(31, enableMovie, 1, 1, "scummvm")                     \
    X(32, playMovieBlocking, 1, 1, "scummvm")               \
    X(33, playMovieBackground, 1, 1, "seed")                \
    X(34, stopMovie, 1, 1, "scummvm")                       \
    X(35, activateSFXE, 1, 0, "rivenx")                     \
    X(36, unknown36, 0, 0, "scummvm")                       \
    X(37, fadeAmbientSounds, 0, 0, "scummvm")               \
    X(38, storeMovieOpcode, 5, 5, "scummvm")                \
    X(39, activatePLST, 1, 1, "seed")                       \
    X(40, activateSLST, 1, 1, "seed")                       \
    X(41, activateMLSTAndPlay, 1, 1, "scummvm")             \
    X(42, noop42, 0, 0, "rivenx")                           \
    X(43, activateBLST, 1, 1, "seed")                       \
    X(44, activateFLST, 1, 1, "seed")                       \
    X(45, zipMode, 0, 0, "seed")                            \
    X(46, activateMLST, 2, 1, "seed")                       \
    X(47, activateSLSTWithVolume, -1, 1, "rivenx")
// clang-format on

/* Names earlier relic releases printed, still read by the assembler so old
 * sources keep assembling to the same bytes. */
#define RIVEN_COMMAND_ALIASES(X) \
    X(12, unknown12)             \
    X(28, unknown28)             \
    X(29, unknown29)             \
    X(31, unknown31)             \
    X(32, playMovie)             \
    X(34, unknown34)             \
    X(37, unknown37)             \
    X(38, unknown38)             \
    X(41, unknown41)

/* The engine's dispatch table has 48 slots (ScummVM setupOpcodes, rivenx
 * RX_COMMAND_COUNT); opcodes beyond it are not Riven commands. */
#define RIVEN_ENGINE_OPCODES 48

// clang-format off
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
// clang-format on

#define RIVEN_OP_ENUM(num, name, argc, min, src) RIVEN_OP_##name = num,
enum riven_opcode { RIVEN_COMMANDS(RIVEN_OP_ENUM) };
#undef RIVEN_OP_ENUM

#define RIVEN_EV_ENUM(num, name) RIVEN_EV_##name = num,
enum riven_event { RIVEN_EVENTS(RIVEN_EV_ENUM) };
#undef RIVEN_EV_ENUM

#endif
