/* Conventions shared by every relic command: program name, one-line error
 * reports "tool: FILE: what (offset 0x…)", exit codes (0 ok, 1 data error,
 * 2 usage, 3 I/O), --version text, -v/-q, the check of standard output at
 * exit and a progress line that appears only when stderr is a terminal
 * and the work has lasted a second. */
#ifndef RELIC_CLI_H
#define RELIC_CLI_H

#include "relic/error.h"

enum { CLI_EXIT_OK = 0, CLI_EXIT_DATA = 1, CLI_EXIT_USAGE = 2, CLI_EXIT_IO = 3 };

/* Also arranges the check of standard output at exit: text that could not
 * be written (a full disk, /dev/full) turns the exit status into 3 with
 * "cannot write standard output", as a lost --json report does. */
void cli_init(const char *prog);
const char *cli_prog(void);
/* Exit code for a relic error code. */
int cli_exit_code(int relic_code);
void cli_report(const relic_err *err);
/* A warning (the exit status does not change): silenced by -q. */
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* An error said in a line of its own (never silenced). */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* -q (-1), normal (0) or -v (1 and more). */
void cli_set_verbosity(int level);
int cli_verbosity(void);
/* A line said only under -v: what was done (each file written). */
void cli_verbose(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Standard output failed and was reported: the check at exit says nothing
 * more (the caller already exits with CLI_EXIT_IO). */
void cli_stdout_reported(void);
/* The descriptor of the real standard output: while an output option
 * writes its data there, the commands' text goes to stderr (opts.h). */
int cli_stdout_fd(void);
/* Sends what the command prints to stderr from now on, keeping standard
 * output for one option's data (cli_stdout_fd).  0, or -1 when the
 * descriptors could not be duplicated. */
int cli_stdout_divert(void);
/* Prints "prog: msg" and a pointer to --help, returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_print_version(void);
/* "prog: 120/400" on stderr, redrawn in place, when stderr is a terminal,
 * -q was not given and the command has run for a second (the environment
 * variable RELIC_PROGRESS_AFTER, in seconds, moves that point: tests);
 * never in pipes or logs.  Redrawn at most ten times a second. */
void cli_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_progress_done(void);
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
