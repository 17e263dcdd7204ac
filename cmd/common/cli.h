/* Conventions shared by every relic command: program name, one-line error
 * reports "tool: FILE: what (offset 0x…)", exit codes (0 ok, 1 data error,
 * 2 usage, 3 I/O), --version text and a progress line that appears only
 * when stderr is a terminal. */
#ifndef RELIC_CLI_H
#define RELIC_CLI_H

#include "relic/error.h"

enum { CLI_EXIT_OK = 0, CLI_EXIT_DATA = 1, CLI_EXIT_USAGE = 2, CLI_EXIT_IO = 3 };

void cli_init(const char *prog);
const char *cli_prog(void);
/* Exit code for a relic error code. */
int cli_exit_code(int relic_code);
void cli_report(const relic_err *err);
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "prog: msg" and a pointer to --help, returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_print_version(void);
void cli_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_progress_done(void);
/* getopt_long with relic's report of a bad option: one line naming it
 * ("unknown option '--x'", "option '-o' needs a value") and the --help
 * hint, then exit 2; so callers never see '?' or ':'. */
struct option;
int cli_getopt(int argc, char *const argv[], const char *shortopts, const struct option *longopts);
/* The cases every option loop ends with: -h prints help and -V the
 * version (both CLI_EXIT_OK); anything else is an unknown option
 * (CLI_EXIT_USAGE). */
int cli_last_option(int c, void (*help)(void));
/* Parses a whole decimal number in [lo, hi]. */
int cli_parse_uint(const char *s, unsigned long lo, unsigned long hi, unsigned long *out);
/* The same for an option's or operand's value: 0, or the usage error
 * "bad WHAT 'S' (LO..HI)" printed and CLI_EXIT_USAGE returned. */
int cli_uint_arg(const char *what, const char *s, unsigned long lo, unsigned long hi, unsigned long *out);

#endif
