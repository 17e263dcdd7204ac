/* Fuzzes .rvn save reading as save-inspect does it: decode, the JSON
 * document, validation, a diff against itself (must be empty with --all)
 * and an unchanged rewrite, which must decode to the same variables. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/riven_save_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    riven_save s;
    if (riven_save_decode(data, size, &s, NULL))
        return 0;
    json_t *doc = riven_save_to_json(&s);
    if (!doc)
        abort();
    json_decref(doc);
    riven_save_validate(&s, NULL);
    json_t *d = riven_save_diff(&s, &s, NULL, 0, 1);
    if (json_array_size(d) != 0)
        abort();
    json_decref(d);
    if (s.names.count && s.vars.count)
        riven_save_set_path(&s, s.names.names[0], "0x12345678", NULL);
    relic_buf out = RELIC_BUF_INIT;
    if (riven_save_encode(data, size, &s, &out, NULL) == 0) {
        riven_save b;
        if (riven_save_decode(out.data, out.len, &b, NULL))
            abort();
        if (b.vars.count != s.vars.count || memcmp(b.vars.rec, s.vars.rec, s.vars.count * sizeof *s.vars.rec) != 0)
            abort();
        riven_save_free(&b);
    }
    relic_buf_free(&out);
    riven_save_free(&s);
    return 0;
}
