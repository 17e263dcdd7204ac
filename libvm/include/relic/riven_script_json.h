/* The Riven script decompiler (libio/riven/decompile.c): a script list as
 * one JSON tree, and the text printed from that tree.  Apart from
 * relic/riven_vm.h so the VM's header names no JSON type: the decompiler
 * builds its tree with jansson and is part of librelic-io. */
#ifndef RELIC_RIVEN_SCRIPT_JSON_H
#define RELIC_RIVEN_SCRIPT_JSON_H

#include <jansson.h>
#include "relic/riven_vm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* {"handlers": [{"event": "CardLoad", "event_type": 6, "commands": [...]}]}
 * with each command {"op", "name", "args", ...names...} and switches
 * {"op": 8, "name": "switch", "var", "var_name", "cases": [{"value" | "default": true, "commands"}]}. */
json_t *riven_script_json(const riven_script *s, const riven_nameset *names);
/* "on CardLoad {\n    setVariable(name, 5)\n ... }\n" from that tree. */
int riven_script_text(const json_t *tree, relic_buf *out, relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
