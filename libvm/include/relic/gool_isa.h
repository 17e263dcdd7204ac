/* The GOOL instruction sets of Crash 1 and of Crash 2/3: one descriptor per
 * mnemonic (opcode, sub-operation selector, operand layout), operand
 * decoding by class, and the text form the disassembler prints and the
 * assembler reads. */
#ifndef RELIC_GOOL_ISA_H
#define RELIC_GOOL_ISA_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"
#include "relic/error.h"
#include "relic/gool_ops.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gool_game { GOOL_GAME_AUTO = 0, GOOL_GAME_C1 = 1, GOOL_GAME_C2 = 2, GOOL_GAME_C3 = 3 } gool_game;

/* How a game encodes the operands that differ between the instruction sets:
 * the seam the disassembler, assembler and VM read instead of testing which
 * game it is (a new game is one row in libvm/gool/isa.c). */
typedef struct gool_encoding {
    uint8_t dst2;         /* destinations are CrashEdit's DestRef (gool_dst2_class),
                           * not Crash 1's source classes */
    uint8_t movc_field;   /* first bit of MOVC's object field: 14 (Crash 1), 18 */
    uint8_t external_bit; /* MOVC/JAL bit 14 names another entry's code (Crash 2/3) */
} gool_encoding;

/* The encoding of a game; GOOL_GAME_AUTO and unknown values read as Crash 1. */
const gool_encoding *gool_game_encoding(gool_game game);

/* One name per mnemonic of every game, generated from the opcode X-macro
 * lists (libvm/gool/gool_ops.h): the disassembler, assembler and VM switch
 * on these, never on raw opcode numbers (which differ between games). */
typedef enum gool_op_id {
    GOOL_OP_NONE = 0, /* no mnemonic: an unknown opcode */
#define GOOL_OP_ENUM_ROW(id, op, mask, sel, fmt, what) GOOL_OP_##id,
#define GOOL_OP_ENUM_ID(id) GOOL_OP_##id,
    GOOL_OP_IDS_ALL(GOOL_OP_ENUM_ROW, GOOL_OP_ENUM_ID)
#undef GOOL_OP_ENUM_ROW
#undef GOOL_OP_ENUM_ID
        GOOL_OP_COUNT
} gool_op_id;

/* How a bit field of an instruction is read. */
typedef enum gool_fkind {
    GOOL_FK_REF,   /* 12-bit source operand (pool, immediate, frame, field, pop) */
    GOOL_FK_DST,   /* 12-bit destination operand: Crash 1 the source classes
                    * with push for pop; Crash 2/3 CrashEdit's DestRef */
    GOOL_FK_IMM,   /* unsigned immediate */
    GOOL_FK_REG,   /* 6-bit object field index; 0x1F pops */
    GOOL_FK_CODE,  /* 14-bit code word index; 0x3FFF none */
    GOOL_FK_REL,   /* 10-bit signed offset from the next instruction */
    GOOL_FK_NAMED, /* unsigned immediate printed by name from table `names` */
    GOOL_FK_MASK,  /* unsigned bit mask, printed in hex (PAD's buttons) */
} gool_fkind;

/* Name tables of GOOL_FK_NAMED fields (disgool src/disgool.c disGOOL_MSC,
 * disGOOL_VECA/B, GOOL_DIS_FormatCol; CrashEdit GOOLInterpreter.cs
 * ObjectColors2 for Crash 2/3 colours). */
typedef enum gool_names {
    GOOL_NAMES_NONE,
    GOOL_NAMES_MSC,
    GOOL_NAMES_MSC_SUB,
    GOOL_NAMES_VECA,
    GOOL_NAMES_VECB,
    GOOL_NAMES_COLOR1,
    GOOL_NAMES_COLOR2
} gool_names;

typedef struct gool_field {
    uint8_t shift, width, kind, names;
} gool_field;

#define GOOL_MAX_FIELDS 6

typedef struct gool_format {
    uint8_t count;
    gool_field f[GOOL_MAX_FIELDS];
} gool_format;

typedef struct gool_opdesc {
    gool_op_id id;
    const char *name;
    uint8_t opcode;
    uint32_t sel_mask, sel; /* word & sel_mask == sel picks this mnemonic */
    const gool_format *fmt;
    const char *what; /* one-line description */
} gool_opdesc;

/* Operand classes of a 12-bit operand (wurlyfox/c1 src/gool.c). */
typedef enum gool_oclass {
    GOOL_OC_POOL,
    GOOL_OC_EXT,
    GOOL_OC_INT,
    GOOL_OC_FRAC,
    GOOL_OC_FRAME,
    GOOL_OC_NULL,
    GOOL_OC_POP2,
    GOOL_OC_INVALID,
    GOOL_OC_LINK,
    GOOL_OC_STACK,
    GOOL_OC_SELF
} gool_oclass;

gool_oclass gool_operand_class(unsigned v);
/* Signed value of an integer (<< 8) or fraction (<< 4) immediate. */
int32_t gool_operand_imm(unsigned v);
/* Frame slot: >= 0 frame word, < 0 argument -n-1. */
int gool_operand_frame(unsigned v);

/* The descriptor table for a game (C2 and C3 share one). */
const gool_opdesc *gool_ops(gool_game game, size_t *count);
/* The mnemonic for a word, or NULL for an unknown opcode. */
const gool_opdesc *gool_op_find(gool_game game, uint32_t word);
/* Decodes a word to its mnemonic id (GOOL_OP_NONE for an unknown opcode);
 * *desc (may be NULL) gets the descriptor or NULL. */
gool_op_id gool_isa_decode(gool_game game, uint32_t word, const gool_opdesc **desc);
const gool_opdesc *gool_op_by_name(gool_game game, const char *name);
uint32_t gool_field_get(uint32_t word, const gool_field *f);
/* Crash 1 code uses opcodes 0x80..0x91, Crash 2/3 code stays below 0x52. */
gool_game gool_detect_game(const uint32_t *code, size_t n);

/* Context for operand text: the pool for comments, code length for labels. */
typedef struct gool_ctx {
    gool_game game;
    const uint32_t *pool;
    size_t pool_len, eid_count, code_len;
    const uint8_t *is_label; /* code_len flags, or NULL: print @N */
    int guess_eids;          /* no header: name only EIDs whose first character is not '0' */
} gool_ctx;

/* Appends the text of field f of word at pc; comment (may be NULL) gets a
 * note such as the pool value.  *invalid (may be NULL) is set to 1 when the
 * operand class is invalid. */
void gool_field_text(const gool_ctx *cx, uint32_t word, size_t pc, const gool_field *f, relic_buf *out,
                     relic_buf *comment, int *invalid);
/* Parses one operand token for field f; label lookup through resolve. */
typedef int (*gool_label_fn)(void *user, const char *name, long *pc);
int gool_field_parse(gool_game game, const char *tok, const gool_field *f, size_t pc, gool_label_fn resolve, void *user,
                     uint32_t *bits, relic_err *err);
/* Crash 2/3 destination operands (CrashEdit GOOLInstruction.cs
 * GetDestRefVal): bit 0x400 clear is a frame slot (low 7 bits signed),
 * set is an object field (bit 0x200 clear: link bits 6..8, field 0..5;
 * set: field 0..8, 0x1F the stack push). */
typedef enum gool_dst2 { GOOL_DST2_FRAME, GOOL_DST2_LINK, GOOL_DST2_PUSH, GOOL_DST2_SELF } gool_dst2;
gool_dst2 gool_dst2_class(unsigned v);

#ifdef __cplusplus
}
#endif

#endif
