/* The --json document shape shared by every command (json_report.h). */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "json_report.h"
#include "relic/io.h"

int cli_json_report(const json_t *doc, const char *format, int format_version, const char *list_key)
{
    /* The shallow copy goes key by key through the sticky setter: jansson's
     * json_copy ignores a failed insertion, which would print a report
     * short of a member. */
    json_t *out = json_object();
    int oom = !out || !doc;
    const char *key;
    json_t *v;
    /* format and format_version first (the document's own when it has
     * them), then the document's members in their order */
    json_t *own_format = json_is_object(doc) ? json_object_get(doc, "format") : NULL;
    json_t *own_version = json_is_object(doc) ? json_object_get(doc, "format_version") : NULL;
    relic_json_set(out, "format", own_format ? json_incref(own_format) : json_string(format), &oom);
    relic_json_set(out, "format_version", own_version ? json_incref(own_version) : json_integer(format_version), &oom);
    if (json_is_object(doc)) {
        json_object_foreach ((json_t *)doc, key, v)
            if (strcmp(key, "format") != 0 && strcmp(key, "format_version") != 0)
                relic_json_set(out, key, json_incref(v), &oom);
    } else {
        relic_json_set(out, list_key ? list_key : "items", json_incref((json_t *)doc), &oom);
    }
    /* Encoded whole before the first byte goes out: a failure half-way
     * through jansson's dumper would leave half a document on stdout. */
    relic_err err;
    relic_err_clear(&err);
    relic_buf b = RELIC_BUF_INIT;
    int rc = relic_json_check(oom, &err);
    if (rc == RELIC_OK)
        rc = relic_json_encode(out, &b, &err);
    /* Flushed here: a full disk behind stdout shows only at the flush, and
     * the exit status must say the report was lost. */
    if (rc == RELIC_OK && (fwrite(b.data, 1, b.len, stdout) != b.len || fflush(stdout) != 0)) {
        rc = relic_err_set(&err, RELIC_EIO, RELIC_NO_OFFSET, "cannot write standard output");
        cli_stdout_reported();
    }
    if (rc)
        cli_report(&err);
    relic_buf_free(&b);
    json_decref(out);
    return rc ? -1 : 0;
}
