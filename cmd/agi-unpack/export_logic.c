/* agi-unpack exporter: a logic as AGI Studio source logic/logicNNN.lgc
 * (relic/agi_logic.h decompiler; agi-pack compiles it back to the same
 * bytes) and, with --asm, a listing logic/logicNNN.asm.  Words and item
 * names come from the game's WORDS.TOK and OBJECT when they decode. */
#include <stdio.h>
#include "export.h"
#include "relic/agi_logic.h"

typedef struct unpack_names {
    agi_words words;
    agi_objects objects;
    int have_words, have_objects;
} unpack_names;

static void unpack_names_load(const unpack_ctx *x, unpack_names *n)
{
    const agi_file *w = agi_fileset_find(x->game.files, "WORDS.TOK");
    const agi_file *o = agi_fileset_find(x->game.files, "OBJECT");
    n->have_words = w && agi_words_decode(w->data, w->len, &n->words, NULL) == RELIC_OK;
    n->have_objects =
        o && agi_objects_decode(o->data, o->len, x->game.profile->inventory_xor, &n->objects, NULL) == RELIC_OK;
}

static void unpack_names_free(unpack_names *n)
{
    if (n->have_words)
        agi_words_free(&n->words);
    if (n->have_objects)
        agi_objects_free(&n->objects);
}

void unpack_export_logic(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload, json_t *row)
{
    if (!x->o->out_dir)
        return;
    unpack_names names = {0};
    unpack_names_load(x, &names);
    agi_logic_ctx ctx = {x->game.profile, names.have_words ? &names.words : NULL,
                         names.have_objects ? &names.objects : NULL, num, 0};
    relic_buf text = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    char rel[64];
    if (agi_logic_decompile(payload->data, payload->len, &ctx, &text, &err)) {
        unpack_fail(x, AGI_LOGIC, num, rec, &err, row);
    } else {
        snprintf(rel, sizeof rel, "logic/logic%03u.lgc", num);
        if (unpack_write(x, rel, text.data, text.len, NULL) == 0)
            json_object_set_new(row, "source", json_string(rel));
        relic_buf_reset(&text);
        if (x->o->write_asm && agi_logic_disasm(payload->data, payload->len, &ctx, &text, &err) == RELIC_OK) {
            snprintf(rel, sizeof rel, "logic/logic%03u.asm", num);
            if (unpack_write(x, rel, text.data, text.len, NULL) == 0)
                json_object_set_new(row, "asm", json_string(rel));
        }
    }
    relic_buf_free(&text);
    unpack_names_free(&names);
}
