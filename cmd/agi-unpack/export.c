/* agi-unpack's exporters: what is written for each resource beyond its raw
 * payload.  One row per exporter; each lives in its own export_<what>.c.
 * An exporter adds keys to the resource's game.json row and reports its
 * own decoding errors with unpack_fail (the rest of the run goes on). */
#include "export.h"
#include "relic/core.h"

/* raw: still run under --raw (payload-level JSON, no rendering). */
// clang-format off
static const unpack_exporter unpack_exporters[] = {
    {AGI_LOGIC, "messages", unpack_export_messages, 1},
    {AGI_SOUND, "sound", unpack_export_sound, 0},
    {AGI_LOGIC, "source", unpack_export_logic, 0},
    {AGI_PICTURE, "picture", unpack_export_picture, 0},
    {AGI_VIEW, "view", unpack_export_view, 0},
};
// clang-format on

void unpack_export(unpack_ctx *x, agi_kind kind, unsigned num, const agi_record *rec, const relic_buf *payload,
                   json_t *row)
{
    for (size_t i = 0; i < RELIC_COUNTOF(unpack_exporters); i++)
        if (unpack_exporters[i].kind == kind && (unpack_exporters[i].raw || !x->o->raw_only))
            unpack_exporters[i].run(x, num, rec, payload, row);
}
