/* AGI logic bytecode tools (agi-spec logic_bytecode.md): the command
 * table, a disassembler, a decompiler to AGI Studio / WinAGI source and a
 * compiler from that source.  Decompiling then compiling any logic gives
 * back its bytes exactly; what no structured source can express is written
 * as raw #bytes lines with a comment. */
#ifndef RELIC_AGI_LOGIC_H
#define RELIC_AGI_LOGIC_H

#include <stddef.h>
#include <stdint.h>
#include "relic/agi.h"
#include "relic/agi_profile.h"
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One action or condition.  args holds one letter per operand: n number,
 * v variable, f flag, m message, o object, i item, s string, w word list
 * (said), c controller. */
typedef struct agi_cmd {
    const char *name;
    const char *args;
    const char *since; /* first profile that accepts it */
    uint8_t opcode;
    uint8_t nargs;
} agi_cmd;

/* The descriptor of an opcode in a profile (NULL profile: every opcode
 * through 0xb5, later operand forms), or NULL when the profile has none. */
const agi_cmd *agi_action_info(uint8_t op, const agi_profile *p);
const agi_cmd *agi_condition_info(uint8_t op, const agi_profile *p);
/* By name, case-insensitive. */
const agi_cmd *agi_action_find(const char *name, const agi_profile *p);
const agi_cmd *agi_condition_find(const char *name, const agi_profile *p);

typedef struct agi_logic_ctx {
    const agi_profile *profile; /* NULL: every opcode through 0xb5 */
    const agi_words *words;     /* said() words as text; NULL: numbers */
    const agi_objects *objects; /* item names; NULL: numbers */
    unsigned number;            /* the logic's number, for messages */
    int strict;                 /* an opcode of a later profile is an error,
                                    not a note (the decompiler then keeps it
                                    as #bytes) */
    unsigned extensions;        /* the game's AGI_EXT_* (agi_ext.h): AGDS
                                    reads messages with the clone's key and
                                    writes its CP866 text as UTF-8 */
} agi_logic_ctx;

/* Text listing of a logic payload: one line per instruction with offset,
 * bytes, mnemonic and operands, labels at jump targets, then the messages. */
int agi_logic_disasm(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, relic_buf *out, relic_err *err);
/* What agi_logic_disasm would return, short of running out of memory for
 * the text: the code and message table are walked, no listing is built.
 * The profile evidence asks this of every logic under every profile. */
int agi_logic_check(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, relic_err *err);
/* The deepest if nesting the decompiler writes.  It is the bytecode's own
 * limit (logic_bytecode.md "Conditional blocks"): an if is at least five
 * bytes (ff, one condition byte, ff, s16 displacement) and a block ends at
 * most 32,767 bytes after its header, so blocks nested one inside the next
 * go at most 1 + 32,767 / 5 deep; the interpreter could not jump over a
 * deeper stack either.  Deeper nesting is an error naming the offset of the
 * first if too deep (a guard should the scanner ever accept longer jumps).
 * Output and time are linear in the depth (indentation stops growing at 32
 * levels). */
#define AGI_DECOMPILE_MAX_DEPTH 6554u
/* Source text that agi_logic_compile turns back into the same payload. */
int agi_logic_decompile(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, relic_buf *out, relic_err *err);

/* What a logic names: the rooms it can enter (new.room, and new.room.v
 * right after the variable is assigned a constant) and the logics it calls
 * (call, call.v likewise), one byte per number; the *_unknown counts are
 * variable operands whose value the code does not show.  load[kind] are
 * the resources its commands read from disk (new.room, call, load.logics,
 * load.pic, load.view, show.obj, load.sound and their .v forms, and
 * draw.pic for AGI256's raw pictures), load_unknown[kind] those through a
 * variable whose value the code does not show. */
typedef struct agi_logic_refs {
    uint8_t new_room[256];
    uint8_t call[256];
    unsigned new_room_unknown, call_unknown;
    uint8_t load[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
    unsigned load_unknown[AGI_KIND_COUNT];
} agi_logic_refs;
int agi_logic_refs_read(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, agi_logic_refs *out,
                        relic_err *err);

/* Why a game can load a directory entry (agi_game_usage_read). */
typedef enum agi_use {
    AGI_USE_NONE,     /* no logic the game can run loads it */
    AGI_USE_FIXED,    /* the interpreter loads it itself (logic 0, run every cycle) */
    AGI_USE_NAMED,    /* a logic the game can run loads it by number (or
                         through a variable assigned it right before) */
    AGI_USE_VALUE,    /* such a logic loads it through a variable that can
                         hold its number */
    AGI_USE_VARIABLE, /* such a logic loads this kind through a variable
                         that can hold any value: every entry of the kind
                         counts as loaded */
    AGI_USE_UNREAD    /* a logic the game can run cannot be read, so what
                         it loads is not known: every entry counts */
} agi_use;

/* The entries a game can load: logic 0, then every logic that a logic so
 * far reached enters, calls or loads, and every resource those logics
 * load (the loaders of agi_logic_refs_read).  A load through a variable
 * counts every value the reached logics can give it (assignn, assignv,
 * new.room for v0, 0 at the start); a variable that another command or
 * the interpreter writes (v2-v26; v1 follows v0) can hold anything.  why_logic[kind] and
 * why_var[kind]: the first logic, and for AGI_USE_VARIABLE the variable,
 * that made every entry of the kind count (every_kind[kind]). */
typedef struct agi_game_usage {
    uint8_t use[AGI_KIND_COUNT][AGI_DIR_ENTRIES]; /* agi_use */
    uint8_t every_kind[AGI_KIND_COUNT];           /* agi_use: NONE, VARIABLE or UNREAD */
    uint8_t why_logic[AGI_KIND_COUNT];
    uint8_t why_var[AGI_KIND_COUNT];
} agi_game_usage;
/* Reads the logics of an open game (its profile, lenient about opcodes of
 * later profiles as the interpreter is); RELIC_ENOMEM is the only error. */
int agi_game_usage_read(const agi_game *g, agi_game_usage *out, relic_err *err);
/* Why entry `number` of `kind` can be loaded; AGI_USE_NONE when not. */
agi_use agi_game_usage_of(const agi_game_usage *u, agi_kind kind, unsigned number);

/* Supplies the text of an #include "name"; returns a relic code. */
typedef int (*agi_include_fn)(void *user, const char *name, relic_buf *out, relic_err *err);

typedef struct agi_compile_opts {
    const agi_profile *profile; /* NULL: every opcode through 0xb5 */
    const agi_words *words;     /* for said("word"); NULL: numbers only */
    const agi_objects *objects; /* for "item name" operands */
    const char *file_name;      /* in error messages */
    agi_include_fn include;     /* NULL: #include is an error */
    void *include_user;
    unsigned extensions; /* AGI_EXT_*: AGDS keys the messages with
                                    the clone's key, strings go to CP866 */
} agi_compile_opts;

/* Compiles source text into a logic payload (code and message table).
 * Errors say file:line:column in err->msg. */
int agi_logic_compile(const char *src, size_t len, const agi_compile_opts *o, relic_buf *payload, relic_err *err);
/* Assembles the listing form agi_logic_disasm writes (the offset and bytes
 * columns are optional and ignored; ';' starts a comment; labels, if /
 * not / or.begin / or.end / predicates / "then, else LABEL", goto LABEL,
 * actions with comma-separated operands, #message / #bytes / #table).  A
 * command of a later profile than o->profile is accepted, as listed. */
int agi_logic_assemble(const char *src, size_t len, const agi_compile_opts *o, relic_buf *payload, relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
