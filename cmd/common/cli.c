/* Shared command conventions (cli.h). */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"

static const char *cli_name = "relic";
static int cli_progress_shown;

void cli_init(const char *prog)
{
    const char *slash = strrchr(prog, '/');
    cli_name = slash ? slash + 1 : prog;
}

const char *cli_prog(void) { return cli_name; }

int cli_exit_code(int code)
{
    switch (code) {
    case RELIC_OK:
    case RELIC_WARN: return CLI_EXIT_OK;
    case RELIC_EUSAGE: return CLI_EXIT_USAGE;
    case RELIC_EIO:
    case RELIC_ENOMEM: return CLI_EXIT_IO;
    default: return CLI_EXIT_DATA;
    }
}

void cli_report(const relic_err *err)
{
    char line[600];
    relic_err_format(err, line, sizeof line);
    cli_progress_done();
    fprintf(stderr, "%s: %s\n", cli_name, line);
}

void cli_warn(const char *fmt, ...)
{
    cli_progress_done();
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", cli_name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", cli_name);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry '%s --help'.\n", cli_name);
    va_end(ap);
    return CLI_EXIT_USAGE;
}

void cli_print_version(void) { printf("%s (relic) %s\n", cli_name, RELIC_VERSION); }

void cli_progress(const char *fmt, ...)
{
    if (!isatty(STDERR_FILENO))
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "\r%s: ", cli_name);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\033[K");
    va_end(ap);
    cli_progress_shown = 1;
}

void cli_progress_done(void)
{
    if (cli_progress_shown) {
        fprintf(stderr, "\r\033[K");
        cli_progress_shown = 0;
    }
}

int cli_last_option(int c, void (*help)(void))
{
    if (c == 'h') {
        help();
        return CLI_EXIT_OK;
    }
    if (c == 'V') {
        cli_print_version();
        return CLI_EXIT_OK;
    }
    return cli_usage_error("unknown option");
}

int cli_parse_uint(const char *s, unsigned long lo, unsigned long hi, unsigned long *out)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-')
        return -1;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int cli_uint_arg(const char *what, const char *s, unsigned long lo, unsigned long hi, unsigned long *out)
{
    if (cli_parse_uint(s, lo, hi, out))
        return cli_usage_error("bad %s '%s' (%lu..%lu)", what, s, lo, hi);
    return 0;
}

int cli_getopt(int argc, char *const argv[], const char *shortopts, const struct option *longopts)
{
    /* A leading ':' makes getopt tell a missing value (':') from an
     * unknown option ('?'), and keeps it silent: the message is ours. */
    char spec[128];
    snprintf(spec, sizeof spec, ":%s", shortopts);
    opterr = 0;
    int c = getopt_long(argc, argv, spec, longopts, NULL);
    if (c != '?' && c != ':')
        return c;
    /* An unknown long option (optopt 0) or a long option without its value
     * is the word getopt just stepped over; a short one is named by optopt
     * (it may sit inside a cluster such as -xq). */
    const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
    char shown[64];
    if ((c == '?' && optopt == 0) || (c == ':' && strncmp(arg, "--", 2) == 0))
        snprintf(shown, sizeof shown, "%.*s", (int)strcspn(arg, "="), arg);
    else
        snprintf(shown, sizeof shown, "-%c", optopt > 0 && optopt < 128 ? optopt : '?');
    cli_progress_done();
    if (c == ':')
        cli_usage_error("option '%s' needs a value", shown);
    else
        cli_usage_error("unknown option '%s'", shown);
    exit(CLI_EXIT_USAGE);
}
