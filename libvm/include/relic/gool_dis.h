/* GOOL disassembler and assembler: an entry to the text listing that
 * gool-dis prints, and that text back to the same entry, byte for byte. */
#ifndef RELIC_GOOL_DIS_H
#define RELIC_GOOL_DIS_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"
#include "relic/error.h"
#include "relic/gool.h"
#include "relic/gool_isa.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gool_dis_stats {
    size_t insns;   /* code words */
    size_t unknown; /* words with no mnemonic (printed as .word) */
    size_t invalid; /* operands in the invalid 0xB80..0xBFF class */
    size_t labels;
} gool_dis_stats;

/* Label flags per code word (1 = target), from states, the event map and
 * every branch, JAL and MOVC; code_len bytes. */
enum { GOOL_LBL_TARGET = 1, GOOL_LBL_SUB = 2, GOOL_LBL_HANDLER = 4, GOOL_LBL_STATE = 8 };
int gool_dis_labels(const gool_entry *g, gool_game game, uint8_t *flags);

/* One instruction: mnemonic (or ".word"), operand text, comment. */
typedef struct gool_dis_insn {
    const char *mnemonic;
    const gool_opdesc *op; /* NULL for .word */
    char operands[160];
    char comment[160];
    int invalid; /* invalid operand classes in it */
} gool_dis_insn;
void gool_dis_insn_text(const gool_ctx *cx, uint32_t word, size_t pc, gool_dis_insn *out);

/* Listing options: GOOL_DIS_ADDRESSES puts the byte address in the code
 * item and the raw word before each instruction ("0010 11801e1f  MOVE
 * ..."; the assembler skips that column), for cross-checking with other
 * tools' listings. */
enum { GOOL_DIS_ADDRESSES = 1 };

/* The whole entry as assembler text. */
int gool_disasm(const gool_entry *g, gool_game game, relic_buf *out, gool_dis_stats *st, relic_err *err);
int gool_disasm_with(const gool_entry *g, gool_game game, unsigned flags, relic_buf *out, gool_dis_stats *st,
                     relic_err *err);
/* A bare code item (and optional pool) as text, no entry directives.
 * Without a header no pool word is known to be an EID, so every pool
 * word that reads as one (nsf_eid_valid and a name that parses back) is
 * named in the comments, as the entry's EIDs are in entry mode. */
int gool_disasm_code(const uint32_t *code, size_t n, const uint32_t *pool, size_t pool_len, gool_game game,
                     relic_buf *out, gool_dis_stats *st, relic_err *err);
int gool_disasm_code_with(const uint32_t *code, size_t n, const uint32_t *pool, size_t pool_len, gool_game game,
                          unsigned flags, relic_buf *out, gool_dis_stats *st, relic_err *err);

/* Assembles gool_disasm's text (or hand-written text in that form); an
 * error message starts "line N:". */
int gool_asm(const char *text, size_t len, gool_entry *out, relic_err *err);

/* The text-source builder (build.c): one listing to a bare entry's
 * bytes, and entries to an NSF file (normal chunks, ids 1, 3, 5...). */
int gool_build_entry(const char *text, size_t len, relic_buf *out, relic_err *err);
int gool_build_nsf(const relic_buf *entries, size_t n, relic_buf *out, relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
