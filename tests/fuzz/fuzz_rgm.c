/* Fuzzes rgm_map_open and the per-actor views (script, strings,
 * variables, attributes): on success a rewrite is byte-identical and every
 * view either succeeds inside its section or reports an error. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/rgm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rgm_map m;
    relic_err err;
    relic_err_clear(&err);
    if (rgm_map_open(data, size, &m, &err) != RELIC_OK)
        return 0;
    relic_buf re = RELIC_BUF_INIT;
    if (rgm_write(&m.file, &re, NULL) != RELIC_OK || re.len != size || (size && memcmp(re.data, data, size)))
        abort();
    relic_buf_free(&re);
    for (size_t i = 0; i < m.nactors && i < 64; i++) {
        const rgm_actor *a = &m.actors[i];
        const uint8_t *code;
        size_t len;
        if (rgm_actor_script(&m, a, &code, &len, NULL) == RELIC_OK && len &&
            (code < m.rasc->data || code + len > m.rasc->data + m.rasc->len))
            abort();
        for (uint32_t k = 0; k < a->num_strings && k < 16; k++) {
            const char *s;
            if (rgm_actor_string(&m, a, k, &s, NULL) == RELIC_OK && strlen(s) >= m.rast->len)
                abort();
        }
        int32_t v;
        for (uint32_t k = 0; k < a->num_variables && k < 16; k++)
            rgm_actor_var(&m, a, k, &v, NULL);
        rgm_actor_attrs(&m, a);
    }
    rgm_map_close(&m);
    return 0;
}
