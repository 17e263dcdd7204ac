/* GOOL instruction descriptors and operands (the "GOOL Interpreter" page, "GOOL
 * Instruction Table"; the 12-bit operand classes as translated by
 * wurlyfox/c1 src/gool.c GoolTranslateGop/InGop/OutGop and shown by
 * cbhacks/CrashEdit GOOLInstruction.cs):
 *   0x000-0x3FF pool[i]      0x400-0x7FF ext[i] (the running code's pool)
 *   0x800-0x9FF #n  (9-bit signed << 8)   0xA00-0xAFF #n.nnnn (8-bit << 4)
 *   0xB00-0xB7F frame slot (7-bit signed: stack[n] / arg[-n-1])
 *   0xBE0 null   0xBF0 pop2 (double pop)   rest of 0xB80-0xBFF invalid
 *   0xC00-0xDFF link[k].fN (k = bits 6..8, field = bits 0..5)
 *   0xE1F pop (source) / push (destination)   0xE00-0xFFF self.fN */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/gool_isa.h"
#include "relic/nsf.h"
#include "relic/core.h"

/* Object field names by word index (the gool_process layout in
 * wurlyfox/c1 src/gool.h: links, six vectors, status words, the
 * interpreter's own registers, animation and path state).  Field 31 is
 * the stack pointer, which is why 0xE1F and register 0x1F mean pop/push. */
// clang-format off
static const char *const gool_field_names[] = {
    "self", "parent", "sibling", "children", "creator", "player", "collider", "interrupter",
    "trans_x", "trans_y", "trans_z", "rot_x", "rot_y", "rot_z", "scale_x", "scale_y", "scale_z",
    "vel_x", "vel_y", "vel_z", "misc_b_x", "misc_b_y", "misc_b_z", "mode_a", "mode_b", "mode_c",
    "status_a", "status_b", "status_c", "subtype", "pid_flags", "sp", "pc", "fp", "tp", "ep", "once_p",
    "misc", "ack", "anim_stamp", "state_stamp", "anim_counter", "anim_seq", "anim_frame", "entity",
    "path_progress", "path_length", "floor_y", "state_flags", "speed", "invinc_state", "invinc_stamp",
    "impact_stamp", "impact_velocity", "size", "event", "cam_zoom", "ang_velocity_y", "hotspot_size",
    "voice_id",
};
// clang-format on
#define GOOL_NAMED_FIELDS RELIC_COUNTOF(gool_field_names)

/* Sub-operation and colour names (disgool src/disgool.c: disGOOL_MSC and
 * its SBW/SBR/MSCB groups, disGOOL_VECA, disGOOL_VECB, GOOL_DIS_FormatCol;
 * Crash 2/3 colours: CrashEdit GOOLInterpreter.cs ObjectColors2).  NULL:
 * no name (disgool's ILL/NOP slots), printed as a number. */
// clang-format off
static const char *const gool_msc_names[16] = {"EARG", "DIST", "AGDP", "LR",   "SR",   "LXAG", "VDST", "FIND",
                                               "SNRS", "SZON", "SBW",  "SBR",  "MSCB", "BACE", "TCOL", "CARD"};
// clang-format on
static const char *const gool_msc_sbw[16] = {"SB3", "CB3", "SPTB", "CPTB", "PSSB", "RSSB", NULL, NULL, "SXB", "CXB"};
static const char *const gool_msc_sbr[16] = {NULL, "TNRS", "TB3", "TPTB"};
// clang-format off
static const char *const gool_msc_mscb[16] = {"SAVE", "LOAD", "SPAR", "UNKB", "ZONE", "SNDU", "SNDC", "TRMO",
                                              "LYAG", "LLEV", "SNSD", "GLBI"};
// clang-format on
static const char *const gool_veca_names[8] = {"PATH", "PROJ", "APCR", NULL, "MATT", "MTRT", "TVTX", "SNMT"};
static const char *const gool_vecb_names[8] = {"RBND", "VCU1", "VCU2", "VCU3", "VCU4", "VCU5"};
// clang-format off
static const char *const gool_color1_names[64] = {
    "lightmatrix.v1x", "lightmatrix.v1y", "lightmatrix.v1z", "lightmatrix.v2x", "lightmatrix.v2y",
    "lightmatrix.v2z", "lightmatrix.v3x", "lightmatrix.v3y", "lightmatrix.v3z", "color.r",
    "color.g",         "color.b",         "colormatrix.v1x", "colormatrix.v1y", "colormatrix.v1z",
    "colormatrix.v2x", "colormatrix.v2y", "colormatrix.v2z", "colormatrix.v3x", "colormatrix.v3y",
    "colormatrix.v3z", "intensity.r",     "intensity.g",     "intensity.b"};
// clang-format on
// clang-format off
static const char *const gool_color2_names[64] = {"mod1",  "mod2",  "mod3",  "modfinal", "colr1", "colg1",
                                                  "colb1", "colr2", "colg2", "colb2",    "colr3", "colg3",
                                                  "colb3", "finalr", "finalg", "finalb"};
// clang-format on

/* The table a named field reads; MSC's secondary field depends on the
 * primary sub-operation in bits 20..23 (groups SBW, SBR, MSCB only). */
static const char *const *gool_name_table(unsigned names, uint32_t word, size_t *n)
{
    *n = 16;
    switch ((gool_names)names) {
    case GOOL_NAMES_MSC: return gool_msc_names;
    case GOOL_NAMES_MSC_SUB:
        switch ((word >> 20) & 0xF) {
        case 10: return gool_msc_sbw;
        case 11: return gool_msc_sbr;
        case 12: return gool_msc_mscb;
        }
        return NULL;
    case GOOL_NAMES_VECA: *n = 8; return gool_veca_names;
    case GOOL_NAMES_VECB: *n = 8; return gool_vecb_names;
    case GOOL_NAMES_COLOR1: *n = 64; return gool_color1_names;
    case GOOL_NAMES_COLOR2: *n = 64; return gool_color2_names;
    case GOOL_NAMES_NONE: break;
    }
    return NULL;
}

/* A name -> its index; MSC secondary names are unique over the three groups. */
static int gool_name_lookup(unsigned names, const char *s, long *v)
{
    static const char *const *const msc_sub[3] = {gool_msc_sbw, gool_msc_sbr, gool_msc_mscb};
    size_t n;
    const char *const *t = gool_name_table(names, 0, &n);
    for (int g = 0; g < (names == GOOL_NAMES_MSC_SUB ? 3 : 1); g++) {
        if (names == GOOL_NAMES_MSC_SUB)
            t = msc_sub[g];
        for (size_t i = 0; t && i < n; i++)
            if (t[i] && strcmp(t[i], s) == 0) {
                *v = (long)i;
                return 0;
            }
    }
    return -1;
}

static void gool_field_name(relic_buf *out, unsigned i)
{
    if (i < GOOL_NAMED_FIELDS)
        relic_buf_printf(out, "%s", gool_field_names[i]);
    else
        relic_buf_printf(out, "f%u", i);
}

/* "fN" or a field name -> index. */
static int gool_field_lookup(const char *s, long *n)
{
    char *end;
    if (s[0] == 'f' && s[1] >= '0' && s[1] <= '9') {
        *n = strtol(s + 1, &end, 10);
        return *end ? -1 : 0;
    }
    for (size_t i = 0; i < GOOL_NAMED_FIELDS; i++)
        if (strcmp(s, gool_field_names[i]) == 0) {
            *n = (long)i;
            return 0;
        }
    return -1;
}

// clang-format off
#define F(s, w, k) {s, w, GOOL_FK_##k, 0}
#define N(s, w, t) {s, w, GOOL_FK_NAMED, GOOL_NAMES_##t}
static const gool_format gool_fmt_lr = {2, {F(0, 12, REF), F(12, 12, REF)}};
static const gool_format gool_fmt_ds = {2, {F(0, 12, DST), F(12, 12, REF)}};
static const gool_format gool_fmt_movc = {3, {F(0, 14, CODE), F(14, 6, REG), F(20, 4, IMM)}};
static const gool_format gool_fmt_movc2 = {4, {F(0, 14, CODE), F(14, 1, IMM), F(15, 3, IMM), F(18, 6, REG)}};
/* PAD's low 12 bits are the button mask itself, never an operand: seed
 * 003 "GOOL Instruction Table" names PAD's B "Controller Buttons"; the
 * engine's test (wurlyfox/c1 src/gool.c GoolTestControls, PSX 8001FDC4)
 * ANDs `instruction & 0xFFF` with the pad's tapped/held bits, and
 * CrashEdit GOOLInstructionList.cs (CPAD, "BBBBBBBBBBBB PP SS DDDD T 000")
 * declares B a plain field, not a [ref].  disgool (src/disgool.c gPAD,
 * gRefI(PAD_Gop)) formats it as a reference, hence its `ireg[0x280]` for
 * the mask 0x0a0 and `0` for the mask 0x800 (read as the integer #0). */
static const gool_format gool_fmt_pad = {6, {F(0, 12, MASK), F(12, 2, IMM), F(14, 2, IMM), F(16, 4, IMM),
                                             F(20, 1, IMM), F(21, 3, IMM)}};
static const gool_format gool_fmt_msc = {4, {F(0, 12, REF), F(12, 3, IMM), F(15, 5, IMM), F(20, 4, IMM)}};
static const gool_format gool_fmt_msc1 = {4, {F(0, 12, REF), F(12, 3, IMM), N(15, 5, MSC_SUB), N(20, 4, MSC)}};
static const gool_format gool_fmt_cvm1 = {4, {F(0, 12, REF), F(12, 3, IMM), N(15, 6, COLOR1), F(21, 3, IMM)}};
static const gool_format gool_fmt_cvm2 = {4, {F(0, 12, REF), F(12, 3, IMM), N(15, 6, COLOR2), F(21, 3, IMM)}};
static const gool_format gool_fmt_br = {3, {F(0, 10, REL), F(10, 4, IMM), F(14, 6, REG)}};
static const gool_format gool_fmt_br4 = {4, {F(0, 10, REL), F(10, 4, IMM), F(14, 6, REG), F(20, 4, IMM)}};
static const gool_format gool_fmt_st = {2, {F(0, 14, IMM), F(14, 6, REG)}};
static const gool_format gool_fmt_st2 = {4, {F(0, 10, IMM), F(10, 4, IMM), F(14, 6, REG), F(20, 4, IMM)}};
static const gool_format gool_fmt_rt = {2, {F(0, 14, IMM), F(14, 6, REG)}};
static const gool_format gool_fmt_cflraw = {4, {F(0, 14, IMM), F(14, 6, REG), F(20, 2, IMM), F(22, 2, IMM)}};
static const gool_format gool_fmt_anis = {4, {F(0, 7, IMM), F(7, 9, IMM), F(16, 6, IMM), F(22, 2, IMM)}};
static const gool_format gool_fmt_anif = {4, {F(0, 12, REF), F(12, 4, IMM), F(16, 6, IMM), F(22, 2, IMM)}};
static const gool_format gool_fmt_vec = {5, {F(0, 12, REF), F(12, 3, IMM), F(15, 3, IMM), F(18, 3, IMM),
                                             F(21, 3, IMM)}};
static const gool_format gool_fmt_veca1 = {5, {F(0, 12, REF), F(12, 3, IMM), F(15, 3, IMM), N(18, 3, VECA),
                                               F(21, 3, IMM)}};
static const gool_format gool_fmt_vecb1 = {5, {F(0, 12, REF), F(12, 3, IMM), F(15, 3, IMM), N(18, 3, VECB),
                                               F(21, 3, IMM)}};
static const gool_format gool_fmt_jal = {3, {F(0, 14, CODE), F(14, 6, IMM), F(20, 4, IMM)}};
static const gool_format gool_fmt_jal2 = {4, {F(0, 14, CODE), F(14, 1, IMM), F(15, 5, IMM), F(20, 4, IMM)}};
static const gool_format gool_fmt_evnt = {4, {F(0, 12, REF), F(12, 6, REG), F(18, 3, IMM), F(21, 3, IMM)}};
static const gool_format gool_fmt_chld = {4, {F(0, 6, IMM), F(6, 6, IMM), F(12, 8, IMM), F(20, 4, IMM)}};
static const gool_format gool_fmt_sndb = {4, {F(0, 12, REF), F(12, 6, REG), F(18, 2, IMM), F(20, 4, IMM)}};
#undef F
#undef N
// clang-format on

#define GOOL_ROW(id, op, mask, sel, fmt, what) {GOOL_OP_##id, #id, op, mask, sel, &gool_fmt_##fmt, what},
static const gool_opdesc gool_c1_ops[] = {GOOL_C1_OPS(GOOL_ROW)};
static const gool_opdesc gool_c2_ops[] = {GOOL_C2_OPS(GOOL_ROW)};
static const gool_opdesc gool_c3_ops[] = {GOOL_C2_OPS(GOOL_ROW) GOOL_C3_OPS(GOOL_ROW)};
#undef GOOL_ROW

/* The seam between games: one descriptor table per instruction set. */
typedef struct gool_isa_table {
    const gool_opdesc *ops;
    size_t count;
    gool_encoding enc;
} gool_isa_table;

/* Crash 2/3 encodings: CrashEdit's DestRef destinations and its Setc2/Call2
 * words (field at bit 18, bit 14 external). */
static const gool_isa_table gool_isa_tables[] = {
    [GOOL_GAME_AUTO] = {gool_c1_ops, RELIC_COUNTOF(gool_c1_ops), {0, 14, 0}},
    [GOOL_GAME_C1] = {gool_c1_ops, RELIC_COUNTOF(gool_c1_ops), {0, 14, 0}},
    [GOOL_GAME_C2] = {gool_c2_ops, RELIC_COUNTOF(gool_c2_ops), {1, 18, 1}},
    [GOOL_GAME_C3] = {gool_c3_ops, RELIC_COUNTOF(gool_c3_ops), {1, 18, 1}},
};

const gool_encoding *gool_game_encoding(gool_game game)
{
    return &gool_isa_tables[(unsigned)game < RELIC_COUNTOF(gool_isa_tables) ? game : 0].enc;
}

const gool_opdesc *gool_ops(gool_game game, size_t *count)
{
    const gool_isa_table *t = &gool_isa_tables[(unsigned)game < RELIC_COUNTOF(gool_isa_tables) ? game : 0];
    *count = t->count;
    return t->ops;
}

const gool_opdesc *gool_op_find(gool_game game, uint32_t word)
{
    size_t n;
    const gool_opdesc *t = gool_ops(game, &n);
    for (size_t i = 0; i < n; i++)
        if (t[i].opcode == word >> 24 && (word & t[i].sel_mask) == t[i].sel)
            return &t[i];
    return NULL;
}

gool_op_id gool_isa_decode(gool_game game, uint32_t word, const gool_opdesc **desc)
{
    const gool_opdesc *d = gool_op_find(game, word);
    if (desc)
        *desc = d;
    return d ? d->id : GOOL_OP_NONE;
}

gool_dst2 gool_dst2_class(unsigned v)
{
    if (!(v & 0x400))
        return GOOL_DST2_FRAME;
    if (!(v & 0x200))
        return GOOL_DST2_LINK;
    return (v & 0x1FF) == 0x1F ? GOOL_DST2_PUSH : GOOL_DST2_SELF;
}

const gool_opdesc *gool_op_by_name(gool_game game, const char *name)
{
    size_t n;
    const gool_opdesc *t = gool_ops(game, &n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    return NULL;
}

gool_game gool_detect_game(const uint32_t *code, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((code[i] >> 24) >= 0x80 && (code[i] >> 24) <= 0x91) /* no Crash 2/3 opcode is this high */
            return GOOL_GAME_C1;
    for (size_t i = 0; i < n; i++)
        if ((code[i] >> 24) >= 0x4F && (code[i] >> 24) <= 0x51) /* the Crash 3 additions */
            return GOOL_GAME_C3;
    return n ? GOOL_GAME_C2 : GOOL_GAME_C1;
}

uint32_t gool_field_get(uint32_t word, const gool_field *f) { return (word >> f->shift) & ((1u << f->width) - 1); }

gool_oclass gool_operand_class(unsigned v)
{
    v &= 0xFFF;
    if (v < 0x400)
        return GOOL_OC_POOL;
    if (v < 0x800)
        return GOOL_OC_EXT;
    if (v < 0xA00)
        return GOOL_OC_INT;
    if (v < 0xB00)
        return GOOL_OC_FRAC;
    if (v < 0xB80)
        return GOOL_OC_FRAME;
    if (v == 0xBE0)
        return GOOL_OC_NULL;
    if (v == 0xBF0)
        return GOOL_OC_POP2;
    if (v < 0xC00)
        return GOOL_OC_INVALID;
    if (v < 0xE00)
        return GOOL_OC_LINK;
    return v == 0xE1F ? GOOL_OC_STACK : GOOL_OC_SELF;
}

static int32_t gool_sext(uint32_t v, int bits)
{
    uint32_t m = 1u << (bits - 1);
    v &= (1u << bits) - 1;
    return (int32_t)(v ^ m) - (int32_t)m;
}

int32_t gool_operand_imm(unsigned v)
{
    if (gool_operand_class(v) == GOOL_OC_INT)
        return gool_sext(v, 9) * 256;
    return gool_sext(v, 8) * 16;
}

int gool_operand_frame(unsigned v) { return gool_sext(v, 7); }

static void gool_ref_text(const gool_ctx *cx, unsigned v, int dst, relic_buf *out, relic_buf *comment)
{
    int n;
    switch (gool_operand_class(v)) {
    case GOOL_OC_POOL:
        relic_buf_printf(out, "pool[%u]", v);
        if (comment && cx->pool && v < cx->pool_len) {
            uint32_t w = cx->pool[v];
            char name[6];
            uint32_t back = 0;
            nsf_eid_name(w, name);
            if (v < cx->eid_count && nsf_eid_valid(w) && nsf_eid_parse(name, &back, NULL) == 0 && back == w &&
                !(cx->guess_eids && name[0] == '0')) { /* a small odd number is not taken for a name */
                relic_buf_printf(comment, " pool[%u]='%s'", v, name);
            } else {
                relic_buf_printf(comment, " pool[%u]=0x%x", v, w);
            }
        }
        break;
    case GOOL_OC_EXT: relic_buf_printf(out, "ext[%u]", v - 0x400); break;
    case GOOL_OC_INT: relic_buf_printf(out, "#%d", gool_sext(v, 9)); break;
    case GOOL_OC_FRAC:
        /* The engine's value is sext8(v) << 4 in 1/256 units (wurlyfox/c1
         * src/gool.c GoolTranslateGop, "frac ref"; CrashEdit
         * GOOLInstruction.cs GetRefVal: val << 0x18 >> 0x14), so 0xAFF is
         * -16, i.e. -0.0625.  disgool (src/disgool.c GOOL_DIS_FormatRef) negates the
         * 3-bit integer and 4-bit fraction apart (8 - i, 16 - f) without the
         * borrow and prints -1.0625 for it (and "0" for 0xA80, -8.0): its
         * listing is wrong for every negative value with a fraction. */
        n = gool_sext(v, 8);
        relic_buf_printf(out, "#%s%d.%04d", n < 0 ? "-" : "", abs(n) / 16, (abs(n) % 16) * 625);
        break;
    case GOOL_OC_FRAME:
        n = gool_operand_frame(v);
        if (n >= 0)
            relic_buf_printf(out, "stack[%d]", n);
        else
            relic_buf_printf(out, "arg[%d]", -n - 1);
        break;
    case GOOL_OC_NULL: relic_buf_printf(out, "null"); break;
    case GOOL_OC_POP2: relic_buf_printf(out, "pop2"); break;
    case GOOL_OC_INVALID: relic_buf_printf(out, "ref(0x%03x)", v); break;
    case GOOL_OC_LINK:
        relic_buf_printf(out, "link[%u].", (v >> 6) & 7);
        gool_field_name(out, v & 0x3F);
        break;
    case GOOL_OC_STACK: relic_buf_printf(out, dst ? "push" : "pop"); break;
    case GOOL_OC_SELF:
        relic_buf_printf(out, "self.");
        gool_field_name(out, v & 0x1FF);
        break;
    }
}

/* Crash 2/3 destination: the canonical encodings (frame 0xB00.., link
 * 0xC00.., self 0xE00.., push 0xE1F, the same bits as the source classes)
 * print by name; every other encoding of the same slot prints as
 * dst(0xNNN) with the slot in the comment, so the bytes come back. */
static void gool_dst2_text(unsigned v, relic_buf *out, relic_buf *comment)
{
    relic_buf name = RELIC_BUF_INIT;
    int n = gool_sext(v, 7);
    unsigned canon = 0;
    switch (gool_dst2_class(v)) {
    case GOOL_DST2_FRAME:
        if (n >= 0)
            relic_buf_printf(&name, "stack[%d]", n);
        else
            relic_buf_printf(&name, "arg[%d]", -n - 1);
        canon = 0xB00 | (v & 0x7F);
        break;
    case GOOL_DST2_LINK:
        relic_buf_printf(&name, "link[%u].", (v >> 6) & 7);
        gool_field_name(&name, v & 0x3F);
        canon = 0xC00 | (v & 0x1FF);
        break;
    case GOOL_DST2_PUSH:
        relic_buf_printf(&name, "push");
        canon = 0xE1F;
        break;
    case GOOL_DST2_SELF:
        relic_buf_printf(&name, "self.");
        gool_field_name(&name, v & 0x1FF);
        canon = 0xE00 | (v & 0x1FF);
        break;
    }
    if (name.oom) {
        out->oom = 1;
    } else if (v == canon) {
        relic_buf_append(out, name.data, name.len);
    } else {
        relic_buf_printf(out, "dst(0x%03x)", v);
        if (comment)
            relic_buf_printf(comment, " dst(0x%03x)=%.*s", v, (int)name.len, (const char *)name.data);
    }
    relic_buf_free(&name);
}

static void gool_target_text(const gool_ctx *cx, long t, relic_buf *out)
{
    if (t >= 0 && (size_t)t < cx->code_len && cx->is_label)
        relic_buf_printf(out, "L%04lx", t);
    else
        relic_buf_printf(out, "@%ld", t);
}

void gool_field_text(const gool_ctx *cx, uint32_t word, size_t pc, const gool_field *f, relic_buf *out,
                     relic_buf *comment, int *invalid)
{
    uint32_t v = gool_field_get(word, f);
    size_t nn;
    const char *const *names;
    if (invalid)
        *invalid = 0;
    if (f->kind == GOOL_FK_DST && gool_game_encoding(cx->game)->dst2) {
        gool_dst2_text(v, out, comment);
        return;
    }
    switch ((gool_fkind)f->kind) {
    case GOOL_FK_DST: /* Crash 1 destinations use the source classes */
    case GOOL_FK_REF:
        gool_ref_text(cx, v, f->kind == GOOL_FK_DST, out, comment);
        if (invalid)
            *invalid = gool_operand_class(v) == GOOL_OC_INVALID;
        break;
    case GOOL_FK_IMM: relic_buf_printf(out, "%u", v); break;
    case GOOL_FK_MASK: relic_buf_printf(out, "0x%03x", v); break;
    case GOOL_FK_NAMED:
        names = gool_name_table(f->names, word, &nn);
        if (names && v < nn && names[v])
            relic_buf_printf(out, "%s", names[v]);
        else
            relic_buf_printf(out, "%u", v);
        break;
    case GOOL_FK_REG:
        if (v == 0x1F)
            relic_buf_printf(out, "pop");
        else
            gool_field_name(out, v);
        break;
    case GOOL_FK_CODE:
        if (v == 0x3FFF)
            relic_buf_printf(out, "none");
        else
            gool_target_text(cx, (long)v, out);
        break;
    case GOOL_FK_REL: {
        long t = (long)pc + 1 + gool_sext(v, 10);
        if (t >= 0 && (size_t)t < cx->code_len && cx->is_label)
            gool_target_text(cx, t, out);
        else
            relic_buf_printf(out, "rel(%d)", gool_sext(v, 10));
        break;
    }
    }
}

/* Whole-token integer (decimal, or 0x hex, optional sign). */
static int gool_num(const char *s, long *v)
{
    char *end;
    if (!*s)
        return -1;
    *v = strtol(s, &end, 0);
    return *end ? -1 : 0;
}

/* "name[N]" -> N; "name[N].FIELD" -> N and the field index (m may be NULL). */
static int gool_indexed(const char *tok, const char *name, long *n, long *m)
{
    size_t k = strlen(name);
    if (strncmp(tok, name, k) != 0 || tok[k] != '[')
        return -1;
    char *end;
    *n = strtol(tok + k + 1, &end, 10);
    if (end == tok + k + 1 || *end != ']')
        return -1;
    if (!m)
        return end[1] ? -1 : 0;
    if (end[1] != '.')
        return -1;
    return gool_field_lookup(end + 2, m);
}

static int gool_dec(const char *s, long *v)
{
    char *end;
    if (!*s || *s == '-' || *s == '+')
        return -1;
    *v = strtol(s, &end, 10);
    return *end ? -1 : 0;
}

/* "#n" integer class, "#n.dddd" fraction class (a multiple of 1/16). */
static int gool_imm_parse(const char *s, uint32_t *bits)
{
    int neg = *s == '-';
    const char *dot = strchr(s, '.');
    long v;
    if (!dot) {
        if (gool_num(s, &v) || v < -256 || v > 255)
            return -1;
        *bits = 0x800 | ((uint32_t)v & 0x1FF);
        return 0;
    }
    char ip[16], fp[8] = "0000";
    size_t li = (size_t)(dot - s), lf = strlen(dot + 1);
    if (li == 0 || li >= sizeof ip || lf == 0 || lf > 4)
        return -1;
    memcpy(ip, s, li);
    ip[li] = 0;
    memcpy(fp, dot + 1, lf);
    long a, b;
    if (gool_dec(ip + neg, &a) || gool_dec(fp, &b))
        return -1;
    long t = a * 10000 + b;
    if (t % 625)
        return -1;
    t /= 625;
    if (neg)
        t = -t;
    if (t < -128 || t > 127)
        return -1;
    *bits = 0xA00 | ((uint32_t)t & 0xFF);
    return 0;
}

/* "name(N)" -> N (any gool_num form): the raw operand forms ref(),
 * dst() and rel(). */
static int gool_wrapped(const char *tok, const char *name, long *n)
{
    size_t k = strlen(name), l = strlen(tok);
    char tmp[16];
    if (strncmp(tok, name, k) != 0 || tok[k] != '(' || l < k + 3 || tok[l - 1] != ')' || l - k - 2 >= sizeof tmp)
        return -1;
    memcpy(tmp, tok + k + 1, l - k - 2);
    tmp[l - k - 2] = 0;
    return gool_num(tmp, n);
}

static int gool_ref_parse(const char *tok, int dst, uint32_t *bits)
{
    long n, m;
    if (strcmp(tok, "null") == 0)
        *bits = 0xBE0;
    else if (strcmp(tok, "pop2") == 0)
        *bits = 0xBF0;
    else if (strcmp(tok, dst ? "push" : "pop") == 0)
        *bits = 0xE1F;
    else if (tok[0] == '#')
        return gool_imm_parse(tok + 1, bits);
    else if (gool_indexed(tok, "pool", &n, NULL) == 0 && n >= 0 && n < 0x400)
        *bits = (uint32_t)n;
    else if (gool_indexed(tok, "ext", &n, NULL) == 0 && n >= 0 && n < 0x400)
        *bits = 0x400 | (uint32_t)n;
    else if (gool_indexed(tok, "stack", &n, NULL) == 0 && n >= 0 && n < 64)
        *bits = 0xB00 | (uint32_t)n;
    else if (gool_indexed(tok, "arg", &n, NULL) == 0 && n >= 0 && n < 64)
        *bits = 0xB00 | ((uint32_t)(-n - 1) & 0x7F);
    else if (gool_indexed(tok, "link", &n, &m) == 0 && n >= 0 && n < 8 && m >= 0 && m < 64)
        *bits = 0xC00 | (uint32_t)n << 6 | (uint32_t)m;
    else if (strncmp(tok, "self.", 5) == 0 && gool_field_lookup(tok + 5, &n) == 0 && n >= 0 && n < 0x200 && n != 0x1F)
        *bits = 0xE00 | (uint32_t)n;
    else if (gool_wrapped(tok, "ref", &n) == 0 && n >= 0 && n <= 0xFFF)
        *bits = (uint32_t)n;
    else
        return -1;
    return 0;
}

/* Crash 2/3 destination text back to bits: the canonical names, or the
 * raw dst(0xNNN) form. */
static int gool_dst2_parse(const char *tok, uint32_t *bits)
{
    long n;
    if (strncmp(tok, "dst(", 4) == 0) {
        if (gool_wrapped(tok, "dst", &n) || n < 0 || n > 0xFFF)
            return -1;
        *bits = (uint32_t)n;
        return 0;
    }
    if (strcmp(tok, "null") == 0 || strcmp(tok, "pop2") == 0 || tok[0] == '#' || strncmp(tok, "pool[", 5) == 0 ||
        strncmp(tok, "ext[", 4) == 0 || strncmp(tok, "ref(", 4) == 0)
        return -1; /* no such destination in Crash 2/3 */
    return gool_ref_parse(tok, 1, bits);
}

static int gool_target_parse(const char *tok, gool_label_fn resolve, void *user, long *t)
{
    if (tok[0] == '@')
        return gool_num(tok + 1, t);
    return resolve ? resolve(user, tok, t) : -1;
}

int gool_field_parse(gool_game game, const char *tok, const gool_field *f, size_t pc, gool_label_fn resolve, void *user,
                     uint32_t *bits, relic_err *err)
{
    long v = 0;
    uint32_t max = (1u << f->width) - 1;
    int bad = 0;
    if (f->kind == GOOL_FK_DST && gool_game_encoding(game)->dst2) {
        if (gool_dst2_parse(tok, bits))
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "bad operand '%s'", tok);
        return RELIC_OK;
    }
    switch ((gool_fkind)f->kind) {
    case GOOL_FK_DST:
    case GOOL_FK_REF: bad = gool_ref_parse(tok, f->kind == GOOL_FK_DST, bits); break;
    case GOOL_FK_IMM:
    case GOOL_FK_MASK:
        bad = gool_num(tok, &v) || v < 0 || (unsigned long)v > max;
        *bits = (uint32_t)v;
        break;
    case GOOL_FK_NAMED:
        if (gool_name_lookup(f->names, tok, &v))
            bad = gool_num(tok, &v) || v < 0 || (unsigned long)v > max;
        *bits = (uint32_t)v;
        break;
    case GOOL_FK_REG:
        if (strcmp(tok, "pop") == 0)
            v = 0x1F;
        else
            bad = gool_field_lookup(tok, &v) || v < 0 || v > 63 || v == 0x1F;
        *bits = (uint32_t)v;
        break;
    case GOOL_FK_CODE:
        if (strcmp(tok, "none") == 0)
            v = 0x3FFF;
        else
            bad = gool_target_parse(tok, resolve, user, &v) || v < 0 || v > 0x3FFF;
        *bits = (uint32_t)v;
        break;
    case GOOL_FK_REL:
        if (strncmp(tok, "rel(", 4) == 0) {
            bad = gool_wrapped(tok, "rel", &v) != 0;
        } else {
            bad = gool_target_parse(tok, resolve, user, &v) != 0;
            v -= (long)pc + 1;
        }
        bad = bad || v < -512 || v > 511;
        *bits = (uint32_t)v & 0x3FF;
        break;
    }
    if (bad)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "bad operand '%s'", tok);
    return RELIC_OK;
}
