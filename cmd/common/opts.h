/* The options' descriptor every relic command parses with: one table row
 * per option says its names, whether it takes a value, what the value
 * names (one output file, where "-" is standard output, or a folder or a
 * series of files, where "-" is refused) and the modes of the command it
 * applies to.  From the table come the getopt tables, the report of a bad
 * option as the user typed it, the rule that only one option may write
 * to standard output, the usage error for an option that does not apply
 * to the chosen mode, and -v/-q, which every command takes. */
#ifndef RELIC_CLI_OPTS_H
#define RELIC_CLI_OPTS_H

#include <getopt.h>
#include <stddef.h>

/* What an option's value names. */
enum {
    CLI_VAL = 0,       /* a number, a name, an input: no output */
    CLI_OUT_FILE = 1,  /* one output file; "-" is standard output */
    CLI_OUT_MANY = 2,  /* a folder or a series of files: "-" is refused */
    CLI_OUT_NAMED = 3, /* one file whose format needs a name (seekable,
                          an extension): "-" is refused */
    CLI_PRINTS = 4     /* no value; the option prints its document on
                          standard output (--json) */
};

/* Every mode of a command: the default of a row's modes. */
#define CLI_ALL_MODES 0u

typedef struct cli_opt {
    const char *name; /* long name without "--" */
    int short_name;   /* the letter of -X, or 0 for a long-only option */
    int has_arg;      /* no_argument, required_argument, optional_argument */
    int code;         /* what cli_opts_next returns (short_name, or >= 256) */
    int output;       /* CLI_VAL, CLI_OUT_FILE, ... */
    unsigned modes;   /* bit mask of the modes it applies to (CLI_ALL_MODES) */
} cli_opt;

#define CLI_MAX_OPTS 48

typedef struct cli_parser {
    const cli_opt *opts;
    size_t count;
    int argc;
    char **argv;
    struct option longopts[CLI_MAX_OPTS + 5];
    char shortopts[3 * CLI_MAX_OPTS + 8];
    /* How each row was given last: 0 not given, 1 by its short name,
     * 2 by its long name; -v and -q are not rows. */
    unsigned char given[CLI_MAX_OPTS];
    int stdout_row; /* the row writing to standard output, or -1 */
} cli_parser;

/* Prepares parsing of argv with the table (at most CLI_MAX_OPTS rows;
 * -h/--help, -V/--version, -v/--verbose and -q/--quiet are added). */
void cli_opts_init(cli_parser *p, const cli_opt *opts, size_t count, int argc, char **argv);
/* The next option's code (optarg holds its value), 'h' or 'V', or -1 at
 * the end.  -v and -q are handled here.  A bad option, a missing value,
 * "-" where it is refused and a second option on standard output are
 * reported in one line naming the option as typed, then exit 2.  At the
 * end, when an output option took standard output, what the command
 * prints as text goes to stderr instead (cli_stdout_fd keeps the real
 * standard output for that option's data). */
int cli_opts_next(cli_parser *p);
/* 1 when the row with this code was given. */
int cli_opts_given(const cli_parser *p, int code);
/* The usage error for the first given option whose modes lack mode (a
 * single bit), "option '--run' does not apply to MODE_NAME": returns
 * CLI_EXIT_USAGE (reported) or 0. */
int cli_opts_mode(const cli_parser *p, unsigned mode, const char *mode_name);
/* The row's name as the user typed it ("-r" or "--run"). */
const char *cli_opts_typed(const cli_parser *p, int code, char *buf, size_t size);

#endif
