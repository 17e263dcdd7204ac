/* Helpers shared by the JSON forms of AGI data (librelic-io's libio/agi). */
#ifndef RELIC_AGI_JSON_PRIVATE_H
#define RELIC_AGI_JSON_PRIVATE_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

/* Bytes as a JSON string of lowercase hex digits (json.c). */
json_t *agi_json_hex(const uint8_t *p, size_t n);

#endif
