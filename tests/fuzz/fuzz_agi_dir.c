/* Fuzzes the AGI directory parsers: the whole input is handed both to
 * agi_dir_parse_v2 (one split directory such as LOGDIR) and to
 * agi_dir_parse_v3 (a combined PDIR with four section offsets), and the
 * documented shape of the result is checked: at most 256 entries, v2 reads
 * every complete three-byte group, absent entries are zeroed, offsets fit
 * in 20 bits. */
#include <stdint.h>
#include <stdlib.h>
#include "relic/agi.h"
#include "relic/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_dir(const agi_dir *d)
{
    if (d->count > AGI_DIR_ENTRIES)
        abort();
    for (unsigned i = 0; i < d->count; i++) {
        const agi_dir_entry *e = &d->entry[i];
        if (e->offset > 0xfffffu || e->volume > 15)
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    relic_err err;

    agi_dir dir;
    relic_err_clear(&err);
    if (agi_dir_parse_v2(data, size, &dir, &err) == RELIC_OK) {
        size_t want = size / 3 < AGI_DIR_ENTRIES ? size / 3 : AGI_DIR_ENTRIES;
        if (dir.count != want)
            abort();
        check_dir(&dir);
        for (unsigned i = 0; i < dir.count; i++)
            if (!dir.entry[i].present && (dir.entry[i].volume || dir.entry[i].offset))
                abort();
    }

    agi_dir dirs[AGI_KIND_COUNT];
    relic_err_clear(&err);
    if (agi_dir_parse_v3(data, size, dirs, &err) == RELIC_OK) {
        for (int k = 0; k < AGI_KIND_COUNT; k++) {
            check_dir(&dirs[k]);
            if (dirs[k].file_offset < 8 || dirs[k].file_offset > size ||
                dirs[k].count > (size - dirs[k].file_offset) / 3)
                abort();
        }
    } else if (err.code == RELIC_OK) {
        abort(); /* a failure must fill in the error */
    }
    return 0;
}
