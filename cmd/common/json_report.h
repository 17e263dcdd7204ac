/* The one shape of every --json document a command prints: an object whose
 * "format" names what it is and whose "format_version" says which layout of
 * it (bumped when a key changes meaning).  A tool's list is wrapped under a
 * key rather than printed bare. */
#ifndef RELIC_CLI_JSON_REPORT_H
#define RELIC_CLI_JSON_REPORT_H

#include <jansson.h>

/* Prints doc to stdout: an object gains format/format_version when it has
 * none; an array becomes {"format", "format_version", list_key: doc}.  doc
 * stays the caller's; a NULL doc is a failed allocation.  Returns 0, or -1
 * (reported on stderr: the caller exits with CLI_EXIT_IO) when printing
 * failed or a member was lost to a failed allocation, in which case
 * nothing is printed. */
int cli_json_report(const json_t *doc, const char *format, int format_version, const char *list_key);

#endif
