/* `-` for standard input and output, and output names that say their
 * format: the file conventions every command shares. */
#ifndef RELIC_CLI_STREAMS_H
#define RELIC_CLI_STREAMS_H

#include <stddef.h>
#include <jansson.h>
#include "relic/buf.h"
#include "relic/error.h"

/* Reads a whole input file, or standard input when path is "-". */
int cli_read_input(const char *path, relic_buf *out, relic_err *err);

/* 1 when path names a character device (/dev/null, a terminal): an output
 * that takes bytes as they come, like "-", without a name's format. */
int cli_output_is_device(const char *path);
/* Usage check for an output name: "-" or a device (when allowed) or a
 * name ending in one of the comma-separated extensions ("png" or
 * "wav,flac,ogg"), any case.  Returns 0 when fine. */
int cli_output_name_ok(const char *path, const char *extensions, int allow_stdout);

/* Writes bytes to path through the atomic writer, or to standard output
 * when path is "-" (an option of kind CLI_OUT_FILE, opts.h); -v names
 * each file written. */
int cli_write_output(const char *path, const void *data, size_t len, relic_err *err);
/* A JSON document (relic_json_encode) the same way. */
int cli_write_json(const char *path, const json_t *doc, relic_err *err);
/* Moves a finished file to dest ("-" or a device, cli_write_output), for
 * writers that need a seekable file such as audio containers: the file
 * and its private folder `dir` (NULL: none) are removed once read, before
 * dest is written, so a reader that closes the pipe early (`| head`,
 * SIGPIPE) leaves nothing behind in the temporary folder. */
int cli_copy_output(const char *path, const char *dir, const char *dest, relic_err *err);

#endif
