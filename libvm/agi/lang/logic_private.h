/* Shared between the AGI logic disassembler, decompiler and compiler: the
 * linear instruction scan of a bytecode stream and text helpers. */
#ifndef RELIC_AGI_LOGIC_PRIVATE_H
#define RELIC_AGI_LOGIC_PRIVATE_H

#include "relic/agi_logic.h"
#include "../opcodes.h"

typedef enum agi_insn_kind { AGI_INSN_ACTION, AGI_INSN_IF, AGI_INSN_GOTO } agi_insn_kind;

typedef struct agi_insn {
    uint32_t off, len; /* in the bytecode (after code_length) */
    agi_insn_kind kind;
    const agi_cmd *cmd;          /* ACTION */
    uint32_t cond_off, cond_len; /* IF: bytes between the two 0xff */
    uint32_t target;             /* IF: where a false list goes; GOTO: target */
    int foreign;                 /* uses an opcode the profile lacks (lenient scan) */
} agi_insn;

typedef struct agi_scan {
    const uint8_t *code;
    uint32_t len;
    agi_insn *insn;
    unsigned count;
    int32_t *at; /* [len + 1]: instruction index starting at an offset, or -1 */
} agi_scan;

/* Splits the bytecode of a logic payload into instructions, checking every
 * opcode against the profile and every jump against the code bounds.  Not
 * strict: an opcode that a later profile has is accepted and the
 * instruction marked foreign.
 * Errors carry payload offsets. */
int agi_scan_code(const uint8_t *payload, size_t len, const agi_profile *p, int strict, agi_scan *s, relic_err *err);
void agi_scan_free(agi_scan *s);
/* What the disassembler, the decompiler and the check share: scans the
 * code (ctx's profile and strictness) and reads the message table, hands
 * both to body (NULL: only the scan), frees them and returns body's
 * result or the scan's error. */
typedef int (*agi_scan_body)(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, const agi_scan *s,
                             const agi_logic_messages *m, relic_buf *out, relic_err *err);
int agi_scan_run(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, agi_scan_body body, relic_buf *out,
                 relic_err *err);
/* Length of the predicate at code[off] (opcode included), or 0 when it
 * runs past `end`. */
uint32_t agi_scan_predicate_len(const uint8_t *code, uint32_t off, uint32_t end, const agi_cmd *c);

/* The loader commands (refs.c): 1 when `opcode` makes the interpreter
 * read a resource from disk, its kind, and whether its first operand is a
 * variable rather than the number. */
int agi_refs_loader(uint8_t opcode, agi_kind *kind, int *by_var);
/* 1 when the instruction before s->insn[i], with no jump landing between,
 * assigns s->insn[i]'s first operand (a variable) a constant: *value. */
int agi_refs_assigned_before(const agi_scan *s, unsigned i, uint8_t *value);

/* Whether #message lines (agi_logic_encode, encrypted, count = highest
 * present message) rebuild this payload exactly; else it needs #table. */
int agi_logic_table_regular(const uint8_t *payload, size_t len, const agi_scan *s, const agi_logic_messages *m);

/* A message text as a source string literal: quotes, escapes for '"', '\\',
 * newlines and control bytes, bytes above 0x7f as UTF-8 from the game's
 * code page (CP866 for AGDS among `extensions`, else CP437). */
void agi_text_quote(const char *s, unsigned extensions, relic_buf *out);
/* The first dictionary word with this id, or NULL. */
const char *agi_text_word(const agi_words *w, uint16_t id);
/* The item's name when it names exactly one item (ignoring case, as the
 * compiler looks names up), else NULL. */
const char *agi_text_item(const agi_objects *o, unsigned item);

#endif
