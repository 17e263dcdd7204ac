/* agi-unpack exporter: a logic as AGI Studio source logic/logicNNN.lgc
 * (relic/agi_logic.h decompiler; agi-pack compiles it back to the same
 * bytes) and, with --asm, a listing logic/logicNNN.asm.  Words and item
 * names come from the game's WORDS.TOK and OBJECT when they decode (once
 * per run, write.c).  The text is built in the worker's reused buffer. */
#include <stdio.h>
#include <stdlib.h>
#include "export.h"
#include "relic/agi_logic.h"

void unpack_export_logic(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload, json_t *row)
{
    if (!x->out)
        return;
    const unpack_names *names = x->names;
    agi_logic_ctx ctx = {x->game->profile,
                         names->have_words ? &names->words : NULL,
                         names->have_objects ? &names->objects : NULL,
                         num,
                         0,
                         x->o->extensions};
    relic_buf *text = &x->enc;
    relic_buf_reset(text);
    relic_err err;
    relic_err_clear(&err);
    char rel[64];
    if (agi_logic_decompile(payload->data, payload->len, &ctx, text, &err)) {
        unpack_fail(x, AGI_LOGIC, num, rec, &err, row);
    } else {
        snprintf(rel, sizeof rel, "logic/logic%03u.lgc", num);
        if (unpack_write(x, rel, text->data, text->len, NULL) == 0) {
            relic_json_set(row, "source", json_string(rel), &x->json_oom);
            unpack_page_item *it = unpack_page_slot(x, AGI_LOGIC, num);
            if (it)
                unpack_page_keep_text(it, text->data, text->len);
            if (it && !it->refs && (it->refs = malloc(sizeof *it->refs)) &&
                agi_logic_refs_read(payload->data, payload->len, &ctx, it->refs, NULL) != RELIC_OK) {
                free(it->refs); /* decompiled, so scanned: not expected */
                it->refs = NULL;
            }
        }
        relic_buf_reset(text);
        if (x->o->write_asm && agi_logic_disasm(payload->data, payload->len, &ctx, text, &err) == RELIC_OK) {
            snprintf(rel, sizeof rel, "logic/logic%03u.asm", num);
            if (unpack_write(x, rel, text->data, text->len, NULL) == 0)
                relic_json_set(row, "asm", json_string(rel), &x->json_oom);
        }
    }
}
