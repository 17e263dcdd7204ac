/* Shared command conventions (cli.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"

/* One command per process: its name, -v/-q, the progress line's clock and
 * the standard output kept aside for an option's data. */
static const char *cli_name = "relic";
static int cli_progress_shown;
static int cli_level;
static int cli_stdout_said;
static int cli_data_fd = STDOUT_FILENO;
static double cli_started, cli_progress_last, cli_progress_after = 1.0;

static double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Text the command printed and the C library could not write shows only
 * here, at the last flush: exit 3 then, as gnulib's close_stdout does. */
static void cli_check_stdout(void)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return;
    if (!cli_stdout_said) {
        cli_progress_done();
        fprintf(stderr, "%s: cannot write standard output\n", cli_name);
    }
    _exit(CLI_EXIT_IO);
}

void cli_init(const char *prog)
{
    const char *slash = strrchr(prog, '/');
    cli_name = slash ? slash + 1 : prog;
    cli_started = cli_now();
    const char *after = getenv("RELIC_PROGRESS_AFTER");
    if (after && *after)
        cli_progress_after = strtod(after, NULL);
    atexit(cli_check_stdout);
}

void cli_set_verbosity(int level) { cli_level = level; }

int cli_verbosity(void) { return cli_level; }

void cli_stdout_reported(void) { cli_stdout_said = 1; }

int cli_stdout_fd(void) { return cli_data_fd; }

int cli_stdout_divert(void)
{
    if (cli_data_fd != STDOUT_FILENO)
        return 0;
    fflush(stdout);
    int fd = dup(STDOUT_FILENO);
    if (fd < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    cli_data_fd = fd;
    return 0;
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

/* One line on stderr, "tool: message", after clearing a progress line:
 * what warnings, errors and verbose notes share. */
static void cli_vsay(const char *fmt, va_list ap)
{
    cli_progress_done();
    fprintf(stderr, "%s: ", cli_name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void cli_warn(const char *fmt, ...)
{
    if (cli_level < 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    cli_vsay(fmt, ap);
    va_end(ap);
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_vsay(fmt, ap);
    va_end(ap);
}

void cli_verbose(const char *fmt, ...)
{
    if (cli_level <= 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    cli_vsay(fmt, ap);
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
    if (cli_level < 0 || !isatty(STDERR_FILENO))
        return;
    double now = cli_now();
    if (now - cli_started < cli_progress_after || (cli_progress_shown && now - cli_progress_last < 0.1))
        return;
    cli_progress_last = now;
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
