/* JSON forms of AGI metadata, shared by agi-unpack (writing) and agi-pack
 * (reading) so the two cannot drift apart.  Keys are documented in
 * agi-unpack(1).  Text is CP437 mapped to UTF-8 (relic/text.h). */
#ifndef RELIC_AGI_JSON_H
#define RELIC_AGI_JSON_H

#include <jansson.h>
#include "relic/agi.h"

#ifdef __cplusplus
extern "C" {
#endif

json_t *agi_objects_to_json(const agi_objects *o);
int agi_objects_from_json(const json_t *j, agi_objects *o, relic_err *err);
json_t *agi_words_to_json(const agi_words *w);
int agi_words_from_json(const json_t *j, agi_words *w, relic_err *err);
json_t *agi_messages_to_json(const agi_logic_messages *m, unsigned logic_number);
/* messages[0..count-1] = messages 1..count (NULL = absent). */
int agi_messages_from_json(const json_t *j, char ***messages, unsigned *count, int *encrypted, relic_err *err);
void agi_messages_free(char **messages, unsigned count);

#ifdef __cplusplus
}
#endif

#endif
