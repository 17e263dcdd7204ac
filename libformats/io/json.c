/* JSON output over jansson (relic/io.h): sorted keys and a fixed indent so
 * equal documents print equal bytes. */
#include <string.h>
#include "relic/io.h"
#include "relic/text.h"

#define RELIC_JSON_FLAGS (JSON_SORT_KEYS | JSON_INDENT(2))

static int relic_json_cb(const char *buf, size_t size, void *data)
{
    relic_buf_append(data, buf, size);
    return 0;
}

int relic_json_encode(const json_t *doc, relic_buf *out, relic_err *err)
{
    relic_buf_reset(out);
    if (json_dump_callback(doc, relic_json_cb, out, RELIC_JSON_FLAGS) != 0)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "JSON encoding failed");
    relic_buf_u8(out, '\n');
    return relic_buf_check(out, err);
}

int relic_json_write(const char *path, const json_t *doc, relic_err *err)
{
    relic_buf b = RELIC_BUF_INIT;
    int rc = relic_json_encode(doc, &b, err);
    if (rc == RELIC_OK)
        rc = relic_file_write_atomic(path, b.data, b.len, err);
    relic_buf_free(&b);
    return rc;
}

int relic_json_print(FILE *f, const json_t *doc)
{
    if (json_dumpf(doc, f, RELIC_JSON_FLAGS) != 0)
        return -1;
    return fputc('\n', f) == EOF ? -1 : 0;
}

json_t *relic_json_bytes(const uint8_t *s, size_t n)
{
    relic_buf b = RELIC_BUF_INIT;
    relic_cp437_to_utf8(s, n, &b);
    json_t *j = b.oom ? NULL : json_stringn(b.data ? (const char *)b.data : "", b.len);
    relic_buf_free(&b);
    return j;
}
