/* Fuzzes agi-pack --keep-layout's rebuild (libformats/agi/keep.c): the
 * input's first byte picks how many of four small fixed payloads are
 * given, the rest is parsed as a game.json "container" object and handed
 * to agi_game_rebuild.  Whatever the layout claims (offsets, sizes, hex,
 * names), the rebuild must fail cleanly or produce files no larger than
 * the sizes it declares plus the appended records. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    json_error_t je;
    json_t *layout = json_loadb((const char *)data + 1, size - 1, 0, &je);
    if (!layout)
        return 0;
    static const uint8_t pic[] = {0xf0, 0x01, 0xff}, code[] = {0x01, 0x00, 0x00, 0x00, 0x02, 0x00};
    relic_buf p[4] = {RELIC_BUF_INIT, RELIC_BUF_INIT, RELIC_BUF_INIT, RELIC_BUF_INIT};
    agi_build_input in;
    memset(&in, 0, sizeof in);
    for (unsigned i = 0; i < (data[0] & 3u) + 1; i++) {
        relic_buf_append(&p[i], i & 1 ? pic : code, i & 1 ? sizeof pic : sizeof code);
        in.payloads[i][data[0] >> 2 & 7] = &p[i];
    }
    agi_fileset out = {0, 0};
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_game_rebuild(layout, &in, &out, &err);
    if (rc != RELIC_OK && rc != RELIC_EDATA && rc != RELIC_ENOMEM)
        abort();
    for (size_t i = 0; i < out.count; i++)
        if (!out.files[i].name || out.files[i].len > 16u * 1024 * 1024 + 0x100000)
            abort();
    agi_fileset_free(&out);
    for (unsigned i = 0; i < 4; i++)
        relic_buf_free(&p[i]);
    json_decref(layout);
    return 0;
}
