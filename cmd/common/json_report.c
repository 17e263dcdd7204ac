/* The --json document shape shared by every command (json_report.h). */
#include <stdio.h>
#include "json_report.h"
#include "relic/io.h"

int cli_json_report(const json_t *doc, const char *format, int format_version, const char *list_key)
{
    json_t *out;
    if (json_is_object(doc)) {
        out = json_copy((json_t *)doc); /* shallow: only the top level gains keys */
        if (out && !json_object_get(out, "format"))
            json_object_set_new(out, "format", json_string(format));
        if (out && !json_object_get(out, "format_version"))
            json_object_set_new(out, "format_version", json_integer(format_version));
    } else {
        out = json_pack("{s:s, s:i, s:O}", "format", format, "format_version", format_version,
                        list_key ? list_key : "items", (json_t *)doc);
    }
    int rc = out ? relic_json_print(stdout, out) : -1;
    json_decref(out);
    return rc;
}
