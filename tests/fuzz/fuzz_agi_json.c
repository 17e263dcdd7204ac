/* Fuzzes the JSON readers agi-pack uses (relic/agi_json.h): the first byte
 * picks agi_objects_from_json, agi_words_from_json or
 * agi_messages_from_json, the rest is JSON text.  A document that is read
 * is written back with the matching *_to_json and read again, which must
 * succeed with the same counts (the round trip agi-unpack -> agi-pack
 * relies on). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_objects(const json_t *j)
{
    agi_objects a, b;
    if (agi_objects_from_json(j, &a, NULL) != RELIC_OK)
        return;
    json_t *back = agi_objects_to_json(&a);
    if (!back || agi_objects_from_json(back, &b, NULL) != RELIC_OK || b.count != a.count)
        abort();
    for (unsigned i = 0; i < a.count; i++)
        if (strcmp(a.items[i].name, b.items[i].name) != 0 || a.items[i].location != b.items[i].location)
            abort();
    json_decref(back);
    agi_objects_free(&a);
    agi_objects_free(&b);
}

static void fuzz_words(const json_t *j)
{
    agi_words a, b;
    if (agi_words_from_json(j, &a, NULL) != RELIC_OK)
        return;
    json_t *back = agi_words_to_json(&a);
    if (!back || agi_words_from_json(back, &b, NULL) != RELIC_OK || b.count != a.count)
        abort();
    json_decref(back);
    agi_words_free(&a);
    agi_words_free(&b);
}

static void fuzz_messages(const json_t *j)
{
    char **msgs = NULL;
    unsigned count = 0;
    int encrypted = 0;
    if (agi_messages_from_json(j, &msgs, &count, &encrypted, NULL) != RELIC_OK)
        return;
    agi_messages_free(msgs, count);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    json_t *j = json_loadb((const char *)data + 1, size - 1, JSON_DECODE_ANY, NULL);
    if (!j)
        return 0;
    switch (data[0] % 3) {
    case 0: fuzz_objects(j); break;
    case 1: fuzz_words(j); break;
    default: fuzz_messages(j); break;
    }
    json_decref(j);
    return 0;
}
