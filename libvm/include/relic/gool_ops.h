/* GOOL opcode lists as X-macros: X(id, opcode, sub-op mask, sub-op, layout,
 * description).  Crash 1 names and layouts follow the instruction table in
 * the "GOOL Interpreter" page (see README, References); Crash 2/3 opcode numbers and layouts
 * follow cbhacks/CrashEdit Crash/Formats/Crash Formats/GOOL/
 * GOOLInstructionList.cs.  A mnemonic with a sub-op mask owns the words
 * whose bits 20..23 match; the plain CFL/RSTT/RSTF rows after the named
 * ones catch the remaining selector values, so every word has a name.
 * The ids name the enum gool_op_id (relic/gool_isa.h): the Crash 1 list,
 * then GOOL_C23_IDS for the mnemonics only Crash 2 and 3 have. */
#ifndef RELIC_GOOL_OPS_H
#define RELIC_GOOL_OPS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GOOL_SEL 0xF00000u
#define GOOL_S(tc) ((uint32_t)(tc) << 20)

// clang-format off
#define GOOL_C1_OPS(X) \
    X(ADD, 0x00, 0, 0, lr, "add: push L + R") \
    X(SUB, 0x01, 0, 0, lr, "subtract: push L - R") \
    X(MUL, 0x02, 0, 0, lr, "multiply: push L * R") \
    X(DIV, 0x03, 0, 0, lr, "divide: push L / R") \
    X(CEQ, 0x04, 0, 0, lr, "push L == R") \
    X(ANDL, 0x05, 0, 0, lr, "logical and") \
    X(ORL, 0x06, 0, 0, lr, "logical or") \
    X(ANDB, 0x07, 0, 0, lr, "bitwise and") \
    X(ORB, 0x08, 0, 0, lr, "bitwise or") \
    X(SLT, 0x09, 0, 0, lr, "push L < R") \
    X(SLE, 0x0A, 0, 0, lr, "push L <= R") \
    X(SGT, 0x0B, 0, 0, lr, "push L > R") \
    X(SGE, 0x0C, 0, 0, lr, "push L >= R") \
    X(MOD, 0x0D, 0, 0, lr, "modulo: push L % R") \
    X(XOR, 0x0E, 0, 0, lr, "exclusive or") \
    X(TST, 0x0F, 0, 0, lr, "push (L & R) == R") \
    X(RND, 0x10, 0, 0, lr, "random in [B, A)") \
    X(MOVE, 0x11, 0, 0, ds, "D = S") \
    X(NOTL, 0x12, 0, 0, ds, "D = !S") \
    X(PATH, 0x13, 0, 0, lr, "path progress") \
    X(LEA, 0x14, 0, 0, ds, "D = &S") \
    X(SHA, 0x15, 0, 0, lr, "arithmetic shift L by R") \
    X(PSHV, 0x16, 0, 0, lr, "push B then A") \
    X(NOTB, 0x17, 0, 0, ds, "D = ~S") \
    X(MOVC, 0x18, 0, 0, movc, "field R = code address") \
    X(ABS, 0x19, 0, 0, ds, "D = |S|") \
    X(PAD, 0x1A, 0, 0, pad, "test controller buttons") \
    X(SPD, 0x1B, 0, 0, lr, "speed: B + V * tick") \
    X(MSC, 0x1C, 0, 0, msc1, "multi-purpose") \
    X(PRS, 0x1D, 0, 0, lr, "driven sine wave") \
    X(SSAW, 0x1E, 0, 0, lr, "synchronized saw wave") \
    X(RGL, 0x1F, 0, 0, lr, "read global") \
    X(WGL, 0x20, 0, 0, lr, "write global") \
    X(ANGD, 0x21, 0, 0, lr, "angle between") \
    X(APCH, 0x22, 0, 0, lr, "approach a value") \
    X(CVMR, 0x23, 0, 0, cvm1, "color read") \
    X(CVMW, 0x24, 0, 0, cvm1, "color write") \
    X(ROT, 0x25, 0, 0, lr, "approach an angle") \
    X(PSHP, 0x26, 0, 0, lr, "push pointers") \
    X(ANID, 0x27, 0, 0, ds, "D = animation at F") \
    X(DBG, 0x80, 0, 0, lr, "debug print") \
    X(NOP, 0x81, 0, 0, lr, "no operation") \
    X(BRA, 0x82, GOOL_SEL, GOOL_S(0x0), br, "branch") \
    X(BNEZ, 0x82, GOOL_SEL, GOOL_S(0x1), br, "branch if nonzero") \
    X(BEQZ, 0x82, GOOL_SEL, GOOL_S(0x2), br, "branch if zero") \
    X(CST, 0x82, GOOL_SEL, GOOL_S(0x4), st, "change state") \
    X(CSNZ, 0x82, GOOL_SEL, GOOL_S(0x5), st, "change state if nonzero") \
    X(CSEZ, 0x82, GOOL_SEL, GOOL_S(0x6), st, "change state if zero") \
    X(RET, 0x82, GOOL_SEL, GOOL_S(0x8), rt, "return") \
    X(RTNZ, 0x82, GOOL_SEL, GOOL_S(0x9), rt, "return if nonzero") \
    X(RTEZ, 0x82, GOOL_SEL, GOOL_S(0xA), rt, "return if zero") \
    X(CFL, 0x82, 0, 0, cflraw, "control flow (other selector)") \
    X(ANIS, 0x83, 0, 0, anis, "change animation sequence") \
    X(ANIF, 0x84, 0, 0, anif, "change animation frame") \
    X(VECA, 0x85, 0, 0, veca1, "vector operation") \
    X(JAL, 0x86, 0, 0, jal, "jump and link") \
    X(EVNT, 0x87, 0, 0, evnt, "send an event") \
    X(RST, 0x88, GOOL_SEL, GOOL_S(0x4), st, "state return, guard true") \
    X(RSNT, 0x88, GOOL_SEL, GOOL_S(0x5), st, "state return if nonzero, guard true") \
    X(RSZT, 0x88, GOOL_SEL, GOOL_S(0x6), st, "state return if zero, guard true") \
    X(RSCT, 0x88, GOOL_SEL, GOOL_S(0x7), st, "state return on previous condition, guard true") \
    X(RNT, 0x88, GOOL_SEL, GOOL_S(0x8), rt, "null return, guard true") \
    X(RNNT, 0x88, GOOL_SEL, GOOL_S(0x9), rt, "null return if nonzero, guard true") \
    X(RNZT, 0x88, GOOL_SEL, GOOL_S(0xA), rt, "null return if zero, guard true") \
    X(RNCT, 0x88, GOOL_SEL, GOOL_S(0xB), rt, "null return on previous condition, guard true") \
    X(GDT, 0x88, GOOL_SEL, GOOL_S(0xC), rt, "guard true") \
    X(GNT, 0x88, GOOL_SEL, GOOL_S(0xD), rt, "if nonzero guard true") \
    X(GZT, 0x88, GOOL_SEL, GOOL_S(0xE), rt, "if zero guard true") \
    X(GCT, 0x88, GOOL_SEL, GOOL_S(0xF), rt, "on previous condition guard true") \
    X(GBNT, 0x88, GOOL_SEL, GOOL_S(0x1), br, "if nonzero guard true else branch") \
    X(GBZT, 0x88, GOOL_SEL, GOOL_S(0x2), br, "if zero guard true else branch") \
    X(RSTT, 0x88, 0, 0, cflraw, "state return, guard true (other selector)") \
    X(RSF, 0x89, GOOL_SEL, GOOL_S(0x4), st, "state return, guard false") \
    X(RSNF, 0x89, GOOL_SEL, GOOL_S(0x5), st, "state return if nonzero, guard false") \
    X(RSZF, 0x89, GOOL_SEL, GOOL_S(0x6), st, "state return if zero, guard false") \
    X(RSCF, 0x89, GOOL_SEL, GOOL_S(0x7), st, "state return on previous condition, guard false") \
    X(RNF, 0x89, GOOL_SEL, GOOL_S(0x8), rt, "null return, guard false") \
    X(RNNF, 0x89, GOOL_SEL, GOOL_S(0x9), rt, "null return if nonzero, guard false") \
    X(RNZF, 0x89, GOOL_SEL, GOOL_S(0xA), rt, "null return if zero, guard false") \
    X(RNCF, 0x89, GOOL_SEL, GOOL_S(0xB), rt, "null return on previous condition, guard false") \
    X(GDF, 0x89, GOOL_SEL, GOOL_S(0xC), rt, "guard false") \
    X(GNF, 0x89, GOOL_SEL, GOOL_S(0xD), rt, "if nonzero guard false") \
    X(GZF, 0x89, GOOL_SEL, GOOL_S(0xE), rt, "if zero guard false") \
    X(GCF, 0x89, GOOL_SEL, GOOL_S(0xF), rt, "on previous condition guard false") \
    X(GBNF, 0x89, GOOL_SEL, GOOL_S(0x1), br, "if nonzero guard false else branch") \
    X(GBZF, 0x89, GOOL_SEL, GOOL_S(0x2), br, "if zero guard false else branch") \
    X(RSTF, 0x89, 0, 0, cflraw, "state return, guard false (other selector)") \
    X(CHLD, 0x8A, 0, 0, chld, "spawn children") \
    X(NTRY, 0x8B, 0, 0, lr, "page operation") \
    X(SNDA, 0x8C, 0, 0, lr, "play sound A at volume B") \
    X(SNDB, 0x8D, 0, 0, sndb, "adjust audio (pitch, count, delay, decay)") \
    X(VECB, 0x8E, 0, 0, vecb1, "vector operation") \
    X(EVNB, 0x8F, 0, 0, evnt, "broadcast an event") \
    X(EVNU, 0x90, 0, 0, evnt, "send an event (colliders)") \
    X(CHLF, 0x91, 0, 0, chld, "spawn children, no replacement")
// clang-format on

// clang-format off
#define GOOL_C2_OPS(X) \
    X(ADD, 0, 0, 0, lr, "add") X(SUB, 1, 0, 0, lr, "subtract") X(MUL, 2, 0, 0, lr, "multiply") \
    X(DIV, 3, 0, 0, lr, "divide") X(CEQ, 4, 0, 0, lr, "equal") X(ANDL, 5, 0, 0, lr, "logical and") \
    X(ORL, 6, 0, 0, lr, "logical or") X(ANDB, 7, 0, 0, lr, "bitwise and") X(ORB, 8, 0, 0, lr, "bitwise or") \
    X(SLT, 9, 0, 0, lr, "less") X(SLE, 10, 0, 0, lr, "less or equal") X(SGT, 11, 0, 0, lr, "greater") \
    X(SGE, 12, 0, 0, lr, "greater or equal") X(MOD, 13, 0, 0, lr, "modulo") X(XOR, 14, 0, 0, lr, "xor") \
    X(TST, 15, 0, 0, lr, "test bits") X(RND, 16, 0, 0, lr, "random") X(MOVE, 17, 0, 0, ds, "move") \
    X(NOTL, 18, 0, 0, ds, "logical not") X(PATH, 19, 0, 0, lr, "path") X(LEA, 20, 0, 0, ds, "address") \
    X(SHA, 21, 0, 0, lr, "shift") X(PSHV, 22, 0, 0, lr, "push") X(NOTB, 23, 0, 0, ds, "bitwise not") \
    X(MOVC, 24, 0, 0, movc2, "code address") X(ABS, 25, 0, 0, ds, "absolute") X(PAD, 26, 0, 0, pad, "pad") \
    X(SPD, 27, 0, 0, lr, "speed") X(MSC, 28, 0, 0, msc, "misc") X(PRS, 29, 0, 0, lr, "sine wave") \
    X(SSAW, 30, 0, 0, lr, "saw wave") X(RGL, 31, 0, 0, lr, "read global") X(WGL, 32, 0, 0, lr, "write global") \
    X(ANGD, 33, 0, 0, lr, "angle") X(APCH, 34, 0, 0, lr, "approach") X(CVMR, 35, 0, 0, cvm2, "color read") \
    X(CVMW, 36, 0, 0, cvm2, "color write") X(ROT, 37, 0, 0, lr, "rotate") X(PSHP, 38, 0, 0, lr, "push pointers") \
    X(ANID, 39, 0, 0, ds, "animation") X(EFLR, 40, 0, 0, lr, "entity field row") \
    X(EFLV, 41, 0, 0, lr, "entity field value") X(ARRL, 42, 0, 0, lr, "array load") \
    X(SIN, 43, 0, 0, ds, "sine") X(COS, 44, 0, 0, ds, "cosine") X(ATAN, 45, 0, 0, lr, "arc tangent") \
    X(OP46, 46, 0, 0, ds, "unknown 46") X(NOP, 47, 0, 0, lr, "no operation") X(DBG, 48, 0, 0, lr, "debug") \
    X(RET, 49, 0, 0, cflraw, "return") X(BRA, 50, 0, 0, br4, "branch") X(BNEZ, 51, 0, 0, br4, "branch nonzero") \
    X(BEQZ, 52, 0, 0, br4, "branch zero") X(CST, 53, 0, 0, st2, "change state") \
    X(CSNZ, 54, 0, 0, st2, "change state nonzero") X(CSEZ, 55, 0, 0, st2, "change state zero") \
    X(ANIS, 56, 0, 0, anis, "change animation sequence") X(ANIF, 57, 0, 0, anif, "change animation frame") X(VECA, 58, 0, 0, vec, "vector") \
    X(JAL, 59, 0, 0, jal2, "jump and link") X(EVNT, 60, 0, 0, evnt, "send event") \
    X(RSTT, 61, 0, 0, cflraw, "event return true") X(RSTF, 62, 0, 0, cflraw, "event return false") \
    X(CHLD, 63, 0, 0, chld, "spawn") X(NTRY, 64, 0, 0, lr, "page") X(SNDA, 65, 0, 0, lr, "play sound A at volume B") \
    X(SNDB, 66, 0, 0, sndb, "adjust audio") X(VECB, 67, 0, 0, vec, "vector") X(EVNB, 68, 0, 0, evnt, "broadcast") \
    X(EVNU, 69, 0, 0, evnt, "send event colliders") X(CHLF, 70, 0, 0, chld, "spawn, no replacement") \
    X(CALR, 71, 0, 0, lr, "call native") X(OP72, 72, 0, 0, lr, "unknown 72") X(MIPS, 73, 0, 0, lr, "native code") \
    X(OP74, 74, 0, 0, lr, "unknown 74") X(OP75, 75, 0, 0, lr, "unknown 75") X(OP76, 76, 0, 0, lr, "unknown 76") \
    X(OP77, 77, 0, 0, lr, "unknown 77") X(ARRS, 78, 0, 0, lr, "array store")
// clang-format on

/* Crash 3 only: CrashEdit lists 79..81 for GameVersion.Crash3 (UNK79..81,
 * DefaultFormat: two source operands). */
// clang-format off
#define GOOL_C3_OPS(X) \
    X(OP79, 79, 0, 0, lr, "unknown 79 (Crash 3)") X(OP80, 80, 0, 0, lr, "unknown 80 (Crash 3)") \
    X(OP81, 81, 0, 0, lr, "unknown 81 (Crash 3)")

/* Mnemonics of Crash 2/3 that Crash 1 lacks, for the enum. */
#define GOOL_C23_IDS(X) \
    X(EFLR) X(EFLV) X(ARRL) X(SIN) X(COS) X(ATAN) X(OP46) X(CALR) X(OP72) X(MIPS) X(OP74) X(OP75) X(OP76) \
    X(OP77) X(ARRS) X(OP79) X(OP80) X(OP81)
// clang-format on

/* Every id once: the Crash 1 rows (row macro R), then the Crash 2/3 ones (I). */
#define GOOL_OP_IDS_ALL(R, I) GOOL_C1_OPS(R) GOOL_C23_IDS(I)

#ifdef __cplusplus
}
#endif

#endif
