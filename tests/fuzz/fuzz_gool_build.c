/* Fuzzes the GOOL text-source builder (libvm/gool/build.c): the input is
 * a listing; when it assembles, the entry must decode and re-encode to the
 * same bytes, and the NSF file packed from it must read back. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "relic/gool_dis.h"
#include "relic/nsf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    relic_buf ent = RELIC_BUF_INIT, re = RELIC_BUF_INIT, nsf = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (gool_build_entry((const char *)data, size, &ent, &err) == RELIC_OK) {
        gool_entry g;
        if (gool_entry_decode(ent.data, ent.len, 0, &g, &err) == RELIC_OK) {
            if (gool_entry_encode(&g, &re, &err) != RELIC_OK || re.len != ent.len || memcmp(re.data, ent.data, re.len))
                abort();
        }
        gool_entry_free(&g);
        if (gool_build_nsf(&ent, 1, &nsf, &err) == RELIC_OK) {
            nsf_file f;
            if (nsf_read(nsf.data, nsf.len, &f, &err) != RELIC_OK)
                abort();
            nsf_free(&f);
        }
    }
    relic_buf_free(&ent);
    relic_buf_free(&re);
    relic_buf_free(&nsf);
    return 0;
}
