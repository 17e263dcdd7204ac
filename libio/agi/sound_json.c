/* The AGI sound command stream (sound_sched.c) as JSON, one object per
 * chip write, in the shape of the agi-spec conformance results'
 * `sound_commands` array.  Apart from the scheduler so librelic-vm needs no
 * JSON library; this file is built into librelic-io. */
#include "relic/agi_sound_json.h"
#include "relic/io.h"

json_t *agi_snd_cmds_to_json(const agi_snd_cmds *c)
{
    json_t *a = json_array();
    int oom = 0; /* sticky (relic_json_set): a lost command makes no array */
    for (size_t i = 0; i < c->count && !oom; i++) {
        const agi_snd_cmd *cmd = &c->v[i];
        json_t *o = json_pack("{s:s, s:I, s:i}", "kind", agi_snd_kind_name((agi_snd_kind)cmd->kind), "tick",
                              (json_int_t)cmd->tick, "channel", cmd->channel);
        if (cmd->kind == AGI_SNDCMD_TONE)
            relic_json_set(o, "divisor", json_integer(cmd->divisor), &oom);
        else if (cmd->kind == AGI_SNDCMD_NOISE)
            relic_json_set(o, "noise", json_integer(cmd->divisor), &oom);
        else if (cmd->kind == AGI_SNDCMD_ATTEN)
            relic_json_set(o, "attenuation", json_integer(cmd->attenuation), &oom);
        if (cmd->nbytes) {
            json_t *b = json_array();
            for (unsigned k = 0; k < cmd->nbytes; k++)
                relic_json_append(b, json_integer(cmd->bytes[k]), &oom);
            relic_json_set(o, "bytes", b, &oom);
        }
        relic_json_append(a, o, &oom);
    }
    if (oom) {
        json_decref(a);
        return NULL;
    }
    return a;
}
