/* The rooms and logics a logic names (agi-spec logic_bytecode.md, the
 * action table: new.room 0x12, new.room.v 0x13, call 0x16, call.v 0x17),
 * and the resources its commands bring in from disk (the loaders below),
 * read from the same linear scan as the disassembler, so a logic the
 * disassembler reads gives every constant operand.  A variable operand is
 * resolved when the instruction before it, in the same straight run of
 * code, assigns the variable a constant (assignn, 0x03): the idiom
 * `v = N; new.room.v(v)`; any other is counted as not known. */
#include <string.h>
#include "logic_private.h"

/* The commands that make the interpreter read a resource from its volume
 * (agi-spec runtime_state.md "Resource lifecycle"; the same commands call
 * the loaders in vm/vm_res.c): the resource is always the first operand.
 * Commands that use a resource already loaded (set.view, add.to.pic,
 * sound, discard.*) read nothing from disk: the game must have loaded it
 * through one of these first.  draw.pic stands here for AGI256 games,
 * whose raw pictures it loads itself (vm/vm_exec.c). */
static const struct agi_refs_loader {
    uint8_t opcode;
    uint8_t kind; /* agi_kind */
    uint8_t by_var;
} agi_refs_loaders[] = {
    {AGI_A_NEW_ROOM, AGI_LOGIC, 0},      {AGI_A_NEW_ROOM_V, AGI_LOGIC, 1}, {AGI_A_LOAD_LOGICS, AGI_LOGIC, 0},
    {AGI_A_LOAD_LOGICS_V, AGI_LOGIC, 1}, {AGI_A_CALL, AGI_LOGIC, 0},       {AGI_A_CALL_V, AGI_LOGIC, 1},
    {AGI_A_LOAD_PIC, AGI_PICTURE, 1},    {AGI_A_DRAW_PIC, AGI_PICTURE, 1}, {AGI_A_LOAD_VIEW, AGI_VIEW, 0},
    {AGI_A_LOAD_VIEW_V, AGI_VIEW, 1},    {AGI_A_SHOW_OBJ, AGI_VIEW, 0},    {AGI_A_SHOW_OBJ_V, AGI_VIEW, 1},
    {AGI_A_LOAD_SOUND, AGI_SOUND, 0},
};

/* Whether some if or goto lands at code offset `off`. */
static int agi_refs_is_target(const agi_scan *s, uint32_t off)
{
    for (unsigned i = 0; i < s->count; i++)
        if (s->insn[i].kind != AGI_INSN_ACTION && s->insn[i].target == off)
            return 1;
    return 0;
}

int agi_refs_loader(uint8_t opcode, agi_kind *kind, int *by_var)
{
    for (size_t k = 0; k < sizeof agi_refs_loaders / sizeof agi_refs_loaders[0]; k++)
        if (agi_refs_loaders[k].opcode == opcode) {
            *kind = (agi_kind)agi_refs_loaders[k].kind;
            *by_var = agi_refs_loaders[k].by_var;
            return 1;
        }
    return 0;
}

int agi_refs_assigned_before(const agi_scan *s, unsigned i, uint8_t *value)
{
    const agi_insn *in = &s->insn[i];
    const agi_insn *prev = i ? &s->insn[i - 1] : NULL;
    /* the assignment must run right before: no jump lands between them */
    if (prev && prev->kind == AGI_INSN_ACTION && prev->cmd->opcode == AGI_A_ASSIGNN &&
        s->code[prev->off + 1] == s->code[in->off + 1] && !agi_refs_is_target(s, in->off)) {
        *value = s->code[prev->off + 2];
        return 1;
    }
    return 0;
}

static void agi_refs_mark(uint8_t *set, unsigned *unknown, const agi_scan *s, unsigned i, int by_var)
{
    uint8_t arg = s->code[s->insn[i].off + 1];
    if (!by_var || agi_refs_assigned_before(s, i, &arg))
        set[arg] = 1;
    else
        (*unknown)++;
}

static void agi_refs_loads(agi_logic_refs *out, const agi_scan *s, unsigned i)
{
    agi_kind kind;
    int by_var;
    if (agi_refs_loader(s->insn[i].cmd->opcode, &kind, &by_var))
        agi_refs_mark(out->load[kind], &out->load_unknown[kind], s, i, by_var);
}

int agi_logic_refs_read(const uint8_t *payload, size_t len, const agi_logic_ctx *ctx, agi_logic_refs *out,
                        relic_err *err)
{
    memset(out, 0, sizeof *out);
    agi_scan s;
    int rc = agi_scan_code(payload, len, ctx ? ctx->profile : NULL, ctx ? ctx->strict : 0, &s, err);
    if (rc)
        return rc;
    for (unsigned i = 0; i < s.count; i++) {
        const agi_insn *in = &s.insn[i];
        if (in->kind != AGI_INSN_ACTION || in->len < 2)
            continue;
        switch (in->cmd->opcode) {
        case AGI_A_NEW_ROOM: agi_refs_mark(out->new_room, &out->new_room_unknown, &s, i, 0); break;
        case AGI_A_NEW_ROOM_V: agi_refs_mark(out->new_room, &out->new_room_unknown, &s, i, 1); break;
        case AGI_A_CALL: agi_refs_mark(out->call, &out->call_unknown, &s, i, 0); break;
        case AGI_A_CALL_V: agi_refs_mark(out->call, &out->call_unknown, &s, i, 1); break;
        default: break;
        }
        agi_refs_loads(out, &s, i);
    }
    agi_scan_free(&s);
    return RELIC_OK;
}
