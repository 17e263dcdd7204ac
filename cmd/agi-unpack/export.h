/* agi-unpack exporters (export.c): what is written for each resource
 * beyond its raw payload.  They write through write.h only. */
#ifndef AGI_UNPACK_EXPORT_H
#define AGI_UNPACK_EXPORT_H

#include "write.h"

typedef void (*unpack_export_fn)(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload,
                                 json_t *row);

typedef struct unpack_exporter {
    agi_kind kind;
    const char *name;
    unpack_export_fn run;
    int raw;
} unpack_exporter;

/* Runs every exporter registered for the resource's kind. */
void unpack_export(unpack_ctx *x, agi_kind kind, unsigned num, const agi_record *rec, const relic_buf *payload,
                   json_t *row);

/* export_messages.c: logic/logicNNN.messages.json */
void unpack_export_messages(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload, json_t *row);

/* export_sound.c (--sounds): sounds/sndNNN.wav and sounds/sndNNN.events.json */
void unpack_export_sound(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload, json_t *row);
/* export_logic.c: logic/logicNNN.lgc source, with --asm logicNNN.asm */
void unpack_export_logic(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload, json_t *row);
/* export_picture.c: pictures/picNNN.png and picNNN.priority.png */
void unpack_export_picture(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload, json_t *row);
/* export_view.c: views/viewNNN/ (cel PNGs, loop sheets and GIFs, as --views
 * says) and views/viewNNN.json */
void unpack_export_view(unpack_ctx *x, unsigned num, const agi_record *rec, const relic_buf *payload, json_t *row);

#endif
