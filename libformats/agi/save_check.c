/* AGI save replay sequence and structural checks: agi-spec
 * session_and_persistence.md "Resource replay sequence" (pair kinds, the
 * four-pair kind-5 packet), "Replay checkpoints", "Profile 2.936 block 4"
 * (capacity * 2 = block-4 length) and "Profile 2.936 block 5" (8-bit
 * logic numbers). */
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "relic/agi_save.h"
#include "save_private.h"

#define AGI_REPLAY_NAME(n, id, name, resource) [n] = name,
static const char *const agi_replay_names[] = {AGI_REPLAY_KINDS(AGI_REPLAY_NAME)};
#undef AGI_REPLAY_NAME
#define AGI_REPLAY_RESOURCE(n, id, name, resource) [n] = resource,
static const agi_kind agi_replay_resources[] = {AGI_REPLAY_KINDS(AGI_REPLAY_RESOURCE)};
#undef AGI_REPLAY_RESOURCE

const char *agi_replay_kind_name(unsigned kind) { return kind < AGI_REPLAY_KIND_COUNT ? agi_replay_names[kind] : NULL; }

int agi_replay_op_resource(const agi_replay_op *op, agi_kind *kind, unsigned *number)
{
    if (op->kind >= AGI_REPLAY_KIND_COUNT || (op->kind == AGI_REPLAY_ADD_TO_PICTURE && !op->complete))
        return 0;
    *kind = agi_replay_resources[op->kind];
    *number = op->kind == AGI_REPLAY_ADD_TO_PICTURE ? op->view : op->value;
    return 1;
}

int agi_save_replay_ops(const agi_save *s, agi_replay_op **ops, unsigned *count, relic_err *err)
{
    unsigned active = s->state.replay_count <= s->replay_slots ? s->state.replay_count : s->replay_slots;
    *count = 0;
    *ops = relic_calloc_array(active, sizeof **ops);
    if (!*ops)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned i = 0; i < active;) {
        agi_replay_op *op = &(*ops)[(*count)++];
        const uint8_t *p = s->replay + 2 * (size_t)i;
        op->pair = i;
        op->kind = p[0];
        op->value = p[1];
        op->complete = 1;
        i++;
        if (op->kind != AGI_REPLAY_ADD_TO_PICTURE)
            continue;
        if (active - i < 3) {
            op->complete = 0;
            i = active;
            continue;
        }
        op->view = p[2];
        op->loop = p[3];
        op->cel = p[4];
        op->x = p[5];
        op->y = p[6];
        op->pri_ctl = p[7];
        i += 3;
    }
    return RELIC_OK;
}

static size_t agi_save_b1_field_offset(const agi_save *s, const char *name)
{
    size_t n;
    const agi_save_field *f = agi_save_b1_fields(s->profile->save_b1_layout, &n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(f[i].name, name) == 0)
            return s->block_offset[0] + 2 + f[i].pos;
    return RELIC_NO_OFFSET;
}

static int agi_save_check_replay(const agi_save *s, relic_err *err)
{
    agi_replay_op *ops;
    unsigned n;
    int rc = agi_save_replay_ops(s, &ops, &n, err);
    if (rc)
        return rc;
    size_t b4 = s->block_offset[3] + 2;
    for (unsigned i = 0; i < n && rc == RELIC_OK; i++) {
        const agi_replay_op *op = &ops[i];
        if (!agi_replay_kind_name(op->kind))
            rc = relic_err_set(err, RELIC_EDATA, b4 + 2 * op->pair, "block 4: replay pair %u has unknown kind %u",
                               op->pair, op->kind);
        else if (op->kind == AGI_REPLAY_ADD_TO_PICTURE && !op->complete)
            rc = relic_err_set(err, RELIC_EDATA, b4 + 2 * op->pair,
                               "block 4: replay pair %u starts a four-pair kind-5 packet the active count cuts short",
                               op->pair);
    }
    free(ops);
    return rc;
}

int agi_save_validate(const agi_save *s, relic_err *err)
{
    size_t n;
    const agi_save_field *f = agi_save_b1_fields(s->profile->save_b1_layout, &n);
    int have_checkpoint = 0;
    for (size_t i = 0; i < n; i++)
        if (strcmp(f[i].name, "replay_checkpoint") == 0)
            have_checkpoint = agi_save_field_present(&f[i], s->block_len[0]);
    if ((unsigned)s->state.replay_capacity != s->replay_slots)
        return relic_err_set(err, RELIC_EDATA, agi_save_b1_field_offset(s, "replay_capacity"),
                             "block 1: replay capacity %u does not match the %u pairs of block 4",
                             s->state.replay_capacity, s->replay_slots);
    if (have_checkpoint && s->state.replay_checkpoint > s->state.replay_count)
        return relic_err_set(err, RELIC_EDATA, agi_save_b1_field_offset(s, "replay_checkpoint"),
                             "block 1: replay checkpoint %u is past the active count %u", s->state.replay_checkpoint,
                             s->state.replay_count);
    int rc = agi_save_check_replay(s, err);
    if (rc)
        return rc;
    for (unsigned i = 0; i < s->resume_count; i++)
        if (s->resume[i].logic > 0xff)
            return relic_err_set(err, RELIC_EDATA, s->block_offset[4] + 2 + 4 * (size_t)i,
                                 "block 5: record %u names logic %u, not an 8-bit resource number", i,
                                 s->resume[i].logic);
    for (unsigned i = 0; i < s->object_count; i++) {
        const agi_save_object *o = &s->objects[i];
        if ((o->flags & AGI_SAVE_OBJ_DRAWN) && (o->loop >= o->loop_count || o->cel >= o->cel_count))
            return relic_err_set(err, RELIC_EDATA, s->block_offset[1] + 2 + (size_t)i * AGI_SAVE_OBJECT_LEN,
                                 "block 2: drawn object %u selects loop %u of %u, cel %u of %u", i, o->loop,
                                 o->loop_count, o->cel, o->cel_count);
    }
    return RELIC_OK;
}
