/* The AGI sound command stream (sound_sched.c) as JSON, one object per
 * chip write, in the shape of the agi-spec conformance results'
 * `sound_commands` array.  Apart from the scheduler so librelic-vm needs no
 * JSON library; this file is built into librelic-io. */
#include "relic/agi_sound_json.h"

json_t *agi_snd_cmds_to_json(const agi_snd_cmds *c)
{
    json_t *a = json_array();
    for (size_t i = 0; i < c->count; i++) {
        const agi_snd_cmd *cmd = &c->v[i];
        json_t *o = json_pack("{s:I, s:i, s:s}", "tick", (json_int_t)cmd->tick, "channel", cmd->channel, "kind",
                              agi_snd_kind_name((agi_snd_kind)cmd->kind));
        if (cmd->kind == AGI_SNDCMD_TONE)
            json_object_set_new(o, "divisor", json_integer(cmd->divisor));
        else if (cmd->kind == AGI_SNDCMD_NOISE)
            json_object_set_new(o, "noise", json_integer(cmd->divisor));
        else if (cmd->kind == AGI_SNDCMD_ATTEN)
            json_object_set_new(o, "attenuation", json_integer(cmd->attenuation));
        if (cmd->nbytes) {
            json_t *b = json_array();
            for (unsigned k = 0; k < cmd->nbytes; k++)
                json_array_append_new(b, json_integer(cmd->bytes[k]));
            json_object_set_new(o, "bytes", b);
        }
        json_array_append_new(a, o);
    }
    return a;
}
