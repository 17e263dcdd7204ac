/* JSON form of AGI saves and edits by JSON Pointer path (keys documented
 * in save-inspect(1)). */
#ifndef RELIC_AGI_SAVE_JSON_H
#define RELIC_AGI_SAVE_JSON_H

#include <jansson.h>
#include "relic/agi_save.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Everything in the save, with portable names: /variables/v3, /flags/f9,
 * /objects/0/x, /inventory/5/location, /strings/0, reserved ranges as hex
 * under /reserved.  NULL when an allocation failed (never a document short
 * of a member). */
json_t *agi_save_to_json(const agi_save *s);
/* Sets one field: path is a JSON Pointer of agi_save_to_json's document
 * (or the shorthands vN, fN); value is decimal/0x-hex, 0/1/true/false for
 * flags, text for strings, signature and description.  A value outside
 * the field's range or an unknown path is RELIC_EUSAGE, s unchanged. */
int agi_save_set(agi_save *s, const char *path, const char *value, relic_err *err);

/* Differences from a to b as an array of {path, old, new} (null where a
 * side lacks the path), sorted by path with numbers in numeric order.
 * ignore: JSON Pointer patterns (* matches one segment) dropped with
 * everything under them; unless all is set, /reserved and the objects'
 * reference tokens are dropped too.  NULL when an allocation failed (an
 * empty or short list would read as equal saves). */
json_t *agi_save_diff(const agi_save *a, const agi_save *b, const char *const *ignore, unsigned nignore, int all);

#ifdef __cplusplus
}
#endif

#endif
