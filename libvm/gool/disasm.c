/* GOOL disassembler: an entry to the text form read by asm.c.  Labels come
 * from the state descriptors (event/trans/code pcs of states that run this
 * entry's own code), event handlers in the state map (value | 0x8000, as
 * wurlyfox/c1 src/gool.c GoolSendEvent reads it), branch offsets (relative
 * to the next word, seed "CFL"), and JAL/MOVC code addresses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/gool_dis.h"
#include "relic/nsf.h"

static void gool_mark(uint8_t *fl, size_t n, long t, uint8_t what)
{
    if (t >= 0 && (size_t)t < n)
        fl[t] |= what;
}

int gool_dis_labels(const gool_entry *g, gool_game game, uint8_t *fl)
{
    memset(fl, 0, g->code_len);
    for (size_t i = 0; i < g->state_count; i++) {
        const gool_state *s = &g->states[i];
        if (!gool_state_local(g, s))
            continue;
        gool_mark(fl, g->code_len, s->event_pc, GOOL_LBL_STATE);
        gool_mark(fl, g->code_len, s->trans_pc, GOOL_LBL_STATE);
        gool_mark(fl, g->code_len, s->code_pc, GOOL_LBL_STATE);
    }
    for (size_t i = 0; i < g->map_len && i < g->hdr.event_count; i++)
        if (g->map[i] & GOOL_MAP_HANDLER)
            gool_mark(fl, g->code_len, g->map[i] & 0x7FFF, GOOL_LBL_HANDLER);
    for (size_t pc = 0; pc < g->code_len; pc++) {
        const gool_opdesc *op = gool_op_find(game, g->code[pc]);
        if (!op)
            continue;
        for (unsigned k = 0; k < op->fmt->count; k++) {
            const gool_field *f = &op->fmt->f[k];
            uint32_t v = gool_field_get(g->code[pc], f);
            if (f->kind == GOOL_FK_REL) {
                long off = (long)(v ^ 0x200) - 0x200;
                gool_mark(fl, g->code_len, (long)pc + 1 + off, GOOL_LBL_TARGET);
            } else if (f->kind == GOOL_FK_CODE && v != 0x3FFF) {
                gool_mark(fl, g->code_len, (long)v, GOOL_LBL_SUB);
            }
        }
    }
    return RELIC_OK;
}

void gool_dis_insn_text(const gool_ctx *cx, uint32_t word, size_t pc, gool_dis_insn *out)
{
    relic_buf ops = RELIC_BUF_INIT, com = RELIC_BUF_INIT;
    memset(out, 0, sizeof *out);
    out->op = gool_op_find(cx->game, word);
    if (!out->op) {
        out->mnemonic = ".word";
        snprintf(out->operands, sizeof out->operands, "0x%08x", word);
        snprintf(out->comment, sizeof out->comment, "unknown opcode 0x%02x", word >> 24);
        return;
    }
    out->mnemonic = out->op->name;
    for (unsigned k = 0; k < out->op->fmt->count; k++) {
        if (k)
            relic_buf_printf(&ops, ", ");
        int bad;
        gool_field_text(cx, word, pc, &out->op->fmt->f[k], &ops, &com, &bad);
        out->invalid += bad;
    }
    if (!ops.oom && ops.len)
        snprintf(out->operands, sizeof out->operands, "%.*s", (int)ops.len, (const char *)ops.data);
    if (!com.oom && com.len)
        snprintf(out->comment, sizeof out->comment, "%.*s", (int)com.len - 1, (const char *)com.data + 1);
    relic_buf_free(&ops);
    relic_buf_free(&com);
}

static void gool_dis_code(const gool_ctx *cx, const uint32_t *code, const uint8_t *fl, const char *const *notes,
                          unsigned flags, relic_buf *out, gool_dis_stats *st)
{
    for (size_t pc = 0; pc < cx->code_len; pc++) {
        if (fl && fl[pc]) {
            relic_buf_printf(out, "L%04zx:", pc);
            if (notes && notes[pc])
                relic_buf_printf(out, "%*s; %s", 10, "", notes[pc]);
            relic_buf_printf(out, "\n");
            st->labels++;
        }
        gool_dis_insn in;
        gool_dis_insn_text(cx, code[pc], pc, &in);
        int n = (int)(strlen(in.mnemonic) + 1 + strlen(in.operands));
        if (flags & GOOL_DIS_ADDRESSES)
            relic_buf_printf(out, "    %04zx %08x", pc * 4, code[pc]);
        relic_buf_printf(out, "    %s%s%s", in.mnemonic, in.operands[0] ? " " : "", in.operands);
        if (in.comment[0])
            relic_buf_printf(out, "%*s; %s", n < 36 ? 36 - n : 1, "", in.comment);
        relic_buf_printf(out, "\n");
        st->insns++;
        st->unknown += in.op == NULL;
        st->invalid += (size_t)in.invalid;
    }
}

int gool_disasm_code(const uint32_t *code, size_t n, const uint32_t *pool, size_t pool_len, gool_game game,
                     relic_buf *out, gool_dis_stats *st, relic_err *err)
{
    return gool_disasm_code_with(code, n, pool, pool_len, game, 0, out, st, err);
}

int gool_disasm_code_with(const uint32_t *code, size_t n, const uint32_t *pool, size_t pool_len, gool_game game,
                          unsigned flags, relic_buf *out, gool_dis_stats *st, relic_err *err)
{
    gool_dis_stats z = {0};
    *st = z;
    if (game == GOOL_GAME_AUTO)
        game = gool_detect_game(code, n);
    gool_entry g = {0};
    g.code = (uint32_t *)code;
    g.code_len = n;
    uint8_t *fl = calloc(n + 1, 1);
    if (!fl)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    gool_dis_labels(&g, game, fl);
    gool_ctx cx = {game, pool, pool_len, pool_len, n, fl, 1}; /* any pool word may be an EID here */
    relic_buf_printf(out, ".game %d\n.code\n", (int)game);
    gool_dis_code(&cx, code, fl, NULL, flags, out, st);
    free(fl);
    return relic_buf_check(out, err);
}

static void gool_dis_target(const gool_entry *g, int local, unsigned pc, relic_buf *out)
{
    if (pc == GOOL_PC_NONE)
        relic_buf_printf(out, "none");
    else if (local && pc < g->code_len)
        relic_buf_printf(out, "L%04x", pc);
    else
        relic_buf_printf(out, "@%u", pc);
}

static void gool_dis_tables(const gool_entry *g, relic_buf *out)
{
    char name[6];
    relic_buf_printf(out, ".pool\n");
    for (size_t i = 0; i < g->pool_len; i++) {
        uint32_t w = g->pool[i];
        nsf_eid_name(w, name);
        uint32_t back = 0;
        if (i < g->hdr.eid_count && nsf_eid_valid(w) && nsf_eid_parse(name, &back, NULL) == 0 && back == w)
            relic_buf_printf(out, "    .eid %s%*s; %zu\n", name, 26, "", i);
        else
            relic_buf_printf(out, "    .word 0x%08x%*s; %zu = %d\n", w, 20, "", i, (int32_t)w);
    }
    if (g->item_count > 3) {
        relic_buf_printf(out, ".map\n");
        for (size_t i = 0; i < g->map_len; i++) {
            uint16_t v = g->map[i];
            relic_buf_printf(out, "    .map ");
            if (i < g->hdr.event_count && (v & GOOL_MAP_HANDLER) && (size_t)(v & 0x7FFF) < g->code_len)
                relic_buf_printf(out, "handler L%04x", v & 0x7FFF);
            else
                relic_buf_printf(out, "0x%04x", v);
            relic_buf_printf(out, "%*s; %s %zu\n", 20, "", i < g->hdr.event_count ? "event" : "subtype",
                             i < g->hdr.event_count ? i : i - g->hdr.event_count);
        }
    }
    if (g->item_count > 4) {
        relic_buf_printf(out, ".states\n");
        for (size_t i = 0; i < g->state_count; i++) {
            const gool_state *s = &g->states[i];
            int local = gool_state_local(g, s);
            relic_buf_printf(out, "    .state flags=0x%08x status=0x%08x extern=%u event=", s->flags, s->status,
                             s->extern_idx);
            gool_dis_target(g, local, s->event_pc, out);
            relic_buf_printf(out, " trans=");
            gool_dis_target(g, local, s->trans_pc, out);
            relic_buf_printf(out, " code=");
            gool_dis_target(g, local, s->code_pc, out);
            relic_buf_printf(out, "  ; state %zu\n", i);
        }
    }
    if (g->item_count > 5) {
        relic_buf_printf(out, ".anim\n");
        for (size_t i = 0; i < g->anim_len; i++)
            relic_buf_printf(out, "%s%02x%s", i % 16 ? " " : "    .bytes ", g->anim[i],
                             i % 16 == 15 || i + 1 == g->anim_len ? "\n" : "");
    }
}

/* Notes on label lines: which states, handlers and calls enter there. */
static char **gool_dis_notes(const gool_entry *g, const uint8_t *fl)
{
    char **notes = calloc(g->code_len + 1, sizeof *notes);
    if (!notes)
        return NULL;
    for (size_t pc = 0; pc < g->code_len; pc++) {
        if (!fl[pc])
            continue;
        relic_buf b = RELIC_BUF_INIT;
        for (size_t i = 0; i < g->state_count; i++) {
            const gool_state *s = &g->states[i];
            if (!gool_state_local(g, s))
                continue;
            if (s->event_pc == pc)
                relic_buf_printf(&b, "state %zu event, ", i);
            if (s->trans_pc == pc)
                relic_buf_printf(&b, "state %zu trans, ", i);
            if (s->code_pc == pc)
                relic_buf_printf(&b, "state %zu code, ", i);
        }
        for (size_t i = 0; i < g->map_len && i < g->hdr.event_count; i++)
            if ((g->map[i] & GOOL_MAP_HANDLER) && (size_t)(g->map[i] & 0x7FFF) == pc)
                relic_buf_printf(&b, "handler for event %zu, ", i);
        if (fl[pc] & GOOL_LBL_SUB)
            relic_buf_printf(&b, "subroutine, ");
        if (b.len >= 2 && !b.oom) {
            b.data[b.len - 2] = 0;
            notes[pc] = (char *)b.data;
        } else {
            relic_buf_free(&b);
        }
    }
    return notes;
}

int gool_disasm(const gool_entry *g, gool_game game, relic_buf *out, gool_dis_stats *st, relic_err *err)
{
    return gool_disasm_with(g, game, 0, out, st, err);
}

int gool_disasm_with(const gool_entry *g, gool_game game, unsigned flags, relic_buf *out, gool_dis_stats *st,
                     relic_err *err)
{
    gool_dis_stats z = {0};
    *st = z;
    if (game == GOOL_GAME_AUTO)
        game = gool_detect_game(g->code, g->code_len);
    char name[6];
    nsf_eid_name(g->eid, name);
    relic_buf_printf(out, ".entry %s\n.game %d\n.items %u\n", name, (int)game, g->item_count);
    relic_buf_printf(out, ".header id=0x%x category=0x%x format=%u stack=0x%x events=%u eids=%u\n", g->hdr.id,
                     g->hdr.category, g->hdr.format, g->hdr.stack_start, g->hdr.event_count, g->hdr.eid_count);
    gool_dis_tables(g, out);
    uint8_t *fl = calloc(g->code_len + 1, 1);
    if (!fl)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    gool_dis_labels(g, game, fl);
    char **notes = gool_dis_notes(g, fl);
    gool_ctx cx = {game, g->pool, g->pool_len, g->hdr.eid_count, g->code_len, fl, 0};
    relic_buf_printf(out, ".code\n");
    gool_dis_code(&cx, g->code, fl, (const char *const *)notes, flags, out, st);
    if (notes)
        for (size_t pc = 0; pc < g->code_len; pc++)
            free(notes[pc]);
    free(notes);
    free(fl);
    return relic_buf_check(out, err);
}
