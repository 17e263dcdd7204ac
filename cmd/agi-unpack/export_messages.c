/* agi-unpack exporter: a logic's message table as
 * logic/logicNNN.messages.json (agi-spec logic_bytecode.md "Logic
 * payload"; keys in agi-unpack(1)). */
#include <stdio.h>
#include "export.h"
#include "relic/agi_json.h"
#include "relic/agi_ext.h"

void unpack_export_messages(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload, json_t *row)
{
    agi_logic_messages m;
    relic_err err;
    relic_err_clear(&err);
    /* An AGDS game's text reads with its own key, as CP866 (agds.c). */
    int rc = x->o->extensions & AGI_EXT_AGDS ? agi_logic_messages_decode_agds(payload->data, payload->len, &m, &err)
                                             : agi_logic_messages_decode(payload->data, payload->len, &m, &err);
    if (rc) {
        unpack_fail(x, AGI_LOGIC, num, rec, &err, row);
        return;
    }
    relic_json_set(row, "messages", json_integer(m.count), &x->json_oom);
    unpack_warn(x, AGI_LOGIC, num, rec, m.warnings, m.warning, m.warning_offset, row);
    unpack_page_item *it = x->out ? unpack_page_slot(x, AGI_LOGIC, num) : NULL;
    char rel[64];
    snprintf(rel, sizeof rel, "logic/logic%03u.messages.json", num);
    if (it) { /* index.html shows the document: build it once, for both */
        json_t *doc = agi_messages_to_json(&m, num);
        if (unpack_write(x, rel, NULL, 0, doc) == 0)
            it->messages = json_incref(doc);
        json_decref(doc);
    } else if (x->out) {
        /* No page (--raw): the same bytes without the tree, which with
         * its encoding and freeing was a fifth of --raw's instructions. */
        relic_err_clear(&err);
        unpack_write_json_bytes(x, rel, agi_messages_write_json(&m, num, &x->enc, &err), &err);
    }
    agi_logic_messages_free(&m);
}
