/* SOUP386 bytecode (Redguard scripts): the opcode table, the context that
 * names things (SOUP386.DEF plus the actor's string table), the
 * disassembler and the assembler.  Authority: the "SOUP Scripting" notes
 * (see README, References: "Bytecode Encoding", "Operators", "Control Flow",
 * "Function Dispatch"); see libvm/soup/disasm.c for the text syntax. */
#ifndef RELIC_SOUP_H
#define RELIC_SOUP_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"
#include "relic/error.h"
#include "relic/rgm.h"
#include "relic/rgm_soupdef.h"

#ifdef __cplusplus
extern "C" {
#endif

/* X(value, enum suffix, name, use): use says where the opcode may appear:
 * S statement (MAIN), V value (LHS, RHS, FORMULA), P parameter. */
// clang-format off
#define SOUP_OPCODES(X)                          \
    X(0x00, TASK, "Task", "SV")                  \
    X(0x01, MULTITASK, "Multitask", "SV")        \
    X(0x02, FUNCTION, "Function", "SV")          \
    X(0x03, IF, "If", "S")                       \
    X(0x04, GOTO, "Goto", "S")                   \
    X(0x05, END, "End", "S")                     \
    X(0x06, FLAG, "Flag", "SVP")                 \
    X(0x07, NUMERIC, "Numeric", "VP")            \
    X(0x0A, LOCALVAR, "LocalVar", "SVP")         \
    X(0x0F, OBJINC, "ObjDot++", "SV")            \
    X(0x10, OBJDEC, "ObjDot--", "SV")            \
    X(0x11, GOSUB, "Gosub", "S")                 \
    X(0x12, RETURN, "Return", "S")               \
    X(0x13, ENDINT, "Endint", "S")               \
    X(0x14, OBJDOT, "ObjectDot", "SVP")          \
    X(0x15, STRING, "String", "VP")              \
    X(0x16, NUMALT, "NumericAlt", "VP")          \
    X(0x17, ANCHOR, "Anchor", "S")               \
    X(0x18, YIELD, "Yield", "S")                 \
    X(0x19, OBJTASK, "ObjDotTask", "SV")         \
    X(0x1A, OBJFUNC, "ObjDotFunc", "SV")         \
    X(0x1B, TASKSTOP, "TaskStop", "S")           \
    X(0x1C, TASKPAUSE, "TaskPause", "S")         \
    X(0x1D, TASKRESUME, "TaskResume", "S")       \
    X(0x1E, SCRIPTRV, "ScriptRV", "S")
// clang-format on

enum soup_opcode {
#define SOUP_X_ENUM(v, e, n, u) SOUP_OP_##e = v,
    SOUP_OPCODES(SOUP_X_ENUM)
#undef SOUP_X_ENUM
};

typedef enum soup_mode { SOUP_MAIN, SOUP_LHS, SOUP_RHS, SOUP_PARAM, SOUP_FORMULA } soup_mode;

/* Name of a defined opcode, or NULL. */
const char *soup_opcode_name(uint8_t op);
/* Whether op may appear in mode (unknown opcodes: never). */
int soup_opcode_allowed(uint8_t op, soup_mode mode);

/* Object selector bytes (seed, "Object Name Encoding"). */
enum { SOUP_OBJ_ME = 0, SOUP_OBJ_PLAYER = 1, SOUP_OBJ_CAMERA = 2, SOUP_OBJ_STRING = 4, SOUP_OBJ_VAR = 10 };
/* LHS/RHS update bytes. */
enum { SOUP_UPD_READ = 0, SOUP_UPD_INC = 10, SOUP_UPD_DEC = 11 };

/* What names things while reading or writing one actor's script. */
typedef struct soup_ctx {
    const soup_def *def;
    const char **strings; /* actor strings; NULL entries are unreadable */
    size_t nstrings;
    soup_def own_def; /* used when no def was given */
    int own, own_strings;
} soup_ctx;

/* def NULL: the built-in tables. */
int soup_ctx_init(soup_ctx *ctx, const soup_def *def, relic_err *err);
int soup_ctx_from_map(soup_ctx *ctx, const rgm_map *m, const rgm_actor *a, const soup_def *def);
void soup_ctx_free(soup_ctx *ctx);

typedef struct soup_insn {
    uint32_t pos, len;
    uint8_t op;
    char *text; /* one statement, without label or braces */
    int has_target;
    uint32_t target;  /* jump/label operand */
    uint32_t if_end;  /* If: false-branch target */
    int nested;       /* If rendered as a { } block */
    int engine_fault; /* a ++/-- inside a formula: the engine fails here */
} soup_insn;

typedef struct soup_listing {
    soup_insn *ins;
    size_t n;
    uint32_t script_pc;
    size_t len;
} soup_listing;

/* Decodes every instruction of code[0, len) (both continuations: entry at
 * 0 and main at script_pc).  Unknown opcodes and bad operand bytes are
 * errors with the file offset (origin + position). */
int soup_disasm(const soup_ctx *ctx, const uint8_t *code, size_t len, uint32_t script_pc, size_t origin,
                soup_listing *out, relic_err *err);
void soup_listing_free(soup_listing *l);
/* The listing as assembler text: ".main" directive, labels, blocks. */
void soup_listing_text(const soup_listing *l, relic_buf *out);
/* Both steps at once. */
int soup_disasm_text(const soup_ctx *ctx, const uint8_t *code, size_t len, uint32_t script_pc, relic_buf *out,
                     relic_err *err);

/* Assembles text in the syntax soup_listing_text writes; *script_pc from
 * ".main" (0 without one).  Errors carry the byte offset in the text. */
int soup_assemble(const soup_ctx *ctx, const char *text, size_t len, relic_buf *out, uint32_t *script_pc,
                  relic_err *err);

/* A map source (samples/redguard/NAME.rgmsrc): actors with strings,
 * variables, attributes, placements and assembler scripts, built into an
 * RGM file with rgm_build. */
int soup_build_map(const soup_def *def, const char *text, size_t len, relic_buf *out, relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
