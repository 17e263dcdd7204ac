/* The one shape of every --json document a command prints: an object whose
 * "format" names what it is and whose "format_version" says which layout of
 * it (bumped when a key changes meaning).  A tool's list is wrapped under a
 * key rather than printed bare. */
#ifndef RELIC_CLI_JSON_REPORT_H
#define RELIC_CLI_JSON_REPORT_H

#include <jansson.h>

/* Prints doc to stdout: an object gains format/format_version when it has
 * none; an array becomes {"format", "format_version", list_key: doc}.  doc
 * stays the caller's.  Returns 0, or -1 when printing failed. */
int cli_json_report(const json_t *doc, const char *format, int format_version, const char *list_key);

#endif
