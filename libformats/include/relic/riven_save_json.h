/* JSON form of Riven .rvn saves, edits by variable name and semantic
 * diffs, with the conventions of relic/agi_save_json.h (keys documented
 * in save-inspect(1)). */
#ifndef RELIC_RIVEN_SAVE_JSON_H
#define RELIC_RIVEN_SAVE_JSON_H

#include <jansson.h>
#include "relic/riven.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIVEN_SAVE_JSON_FORMAT "relic-riven-save"

/* {format, format_version, version, edition, name_count, record_count,
 * variables: {NAME: value}, variable_state: {NAME: {references,
 * initialized}}, zip_modes: [{name, card}], extra_records}.  A name that occurs twice keeps the first
 * record's value, as the engine's lookup does.  NULL when an allocation
 * failed (never a document short of a member). */
json_t *riven_save_to_json(const riven_save *s);
/* "cd", "dvd" or "unknown" for a VERS 1 value. */
const char *riven_save_edition(uint32_t version);
/* Sets one variable: path is NAME or /variables/NAME (JSON Pointer, case-
 * insensitive like the engine), value decimal or 0x-hex up to 0xffffffff.
 * An unknown variable or a bad value is RELIC_EUSAGE, s unchanged. */
int riven_save_set_path(riven_save *s, const char *path, const char *value, relic_err *err);
/* What the engine would trip on: names without records or records without
 * names, a name used twice, a missing or unknown VERS. */
int riven_save_validate(const riven_save *s, relic_err *err);
/* Differences from a to b as [{path, old, new}] (null where a side lacks
 * the path), sorted by path; ignore: JSON Pointer patterns (* matches one
 * segment) dropped with everything under them; unless all is set,
 * /variable_state is dropped too.  NULL when an allocation failed. */
json_t *riven_save_diff(const riven_save *a, const riven_save *b, const char *const *ignore, unsigned nignore, int all);

#ifdef __cplusplus
}
#endif

#endif
