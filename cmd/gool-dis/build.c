/* gool-dis --assemble: listings to entries, and entries to an NSF file
 * (normal chunks filled in order, ids 1, 3, 5... as the games number
 * them). */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gool_dis.h"
#include "relic/gool_dis.h"
#include "relic/io.h"

static int gd_pack(relic_buf *ents, int n, relic_buf *out, relic_err *err)
{
    uint8_t *chunk = malloc(NSF_CHUNK_SIZE);
    if (!chunk)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int first = 0, rc = RELIC_OK;
    uint32_t id = 1;
    while (first < n && !rc) {
        int count = 0;
        size_t used = 20;
        while (first + count < n && used + 4 + ((ents[first + count].len + 3) & ~(size_t)3) <= NSF_CHUNK_SIZE) {
            used += 4 + ((ents[first + count].len + 3) & ~(size_t)3);
            count++;
        }
        if (!count) {
            rc = relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "entry %d is larger than a chunk", first + 1);
            break;
        }
        rc = nsf_chunk_build(0, id, ents + first, (unsigned)count, chunk, err);
        relic_buf_append(out, chunk, NSF_CHUNK_SIZE);
        first += count;
        id += 2;
    }
    free(chunk);
    return rc ? rc : relic_buf_check(out, err);
}

int gd_assemble(const gd_opts *o)
{
    size_t l = strlen(o->out);
    int nsf = l > 4 && strcmp(o->out + l - 4, ".nsf") == 0;
    if (!nsf && o->ninputs != 1)
        return cli_usage_error("several sources need an -o ending in .nsf");
    relic_buf *ents = calloc((size_t)o->ninputs, sizeof *ents);
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    const char *file = o->out;
    int rc = ents ? RELIC_OK : relic_err_set(&err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (int i = 0; i < o->ninputs && !rc; i++) {
        relic_buf src = RELIC_BUF_INIT;
        gool_entry g;
        file = o->inputs[i];
        rc = relic_file_read(file, &src, &err);
        if (!rc)
            rc = gool_asm((const char *)src.data, src.len, &g, &err);
        if (!rc) {
            rc = gool_entry_encode(&g, &ents[i], &err);
            gool_entry_free(&g);
        }
        relic_buf_free(&src);
    }
    if (!rc) {
        file = o->out;
        if (nsf)
            rc = gd_pack(ents, o->ninputs, &out, &err);
        else
            relic_buf_append(&out, ents[0].data, ents[0].len);
        if (!rc)
            rc = relic_file_write_atomic(o->out, out.data, out.len, &err);
    }
    for (int i = 0; ents && i < o->ninputs; i++)
        relic_buf_free(&ents[i]);
    free(ents);
    relic_buf_free(&out);
    if (rc) {
        relic_err_file(&err, file);
        cli_report(&err);
    }
    return cli_exit_code(rc);
}
