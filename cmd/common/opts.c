/* The options' descriptor and its parser (opts.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "opts.h"

/* Codes of the options every command takes besides its table. */
enum { OPTS_VERBOSE = 'v', OPTS_QUIET = 'q' };

static const cli_opt opts_common[] = {
    {"help", 'h', no_argument, 'h', CLI_VAL, CLI_ALL_MODES},
    {"version", 'V', no_argument, 'V', CLI_VAL, CLI_ALL_MODES},
    {"verbose", 'v', no_argument, OPTS_VERBOSE, CLI_VAL, CLI_ALL_MODES},
    {"quiet", 'q', no_argument, OPTS_QUIET, CLI_VAL, CLI_ALL_MODES},
};
#define OPTS_NCOMMON (sizeof opts_common / sizeof opts_common[0])

static void opts_add(cli_parser *p, size_t *nl, size_t *ns, const cli_opt *o)
{
    p->longopts[*nl] = (struct option){o->name, o->has_arg, NULL, o->code};
    (*nl)++;
    if (!o->short_name)
        return;
    p->shortopts[(*ns)++] = (char)o->short_name;
    if (o->has_arg != no_argument)
        p->shortopts[(*ns)++] = ':';
    if (o->has_arg == optional_argument)
        p->shortopts[(*ns)++] = ':';
}

void cli_opts_init(cli_parser *p, const cli_opt *opts, size_t count, int argc, char **argv)
{
    memset(p, 0, sizeof *p);
    p->opts = opts;
    p->count = count < CLI_MAX_OPTS ? count : CLI_MAX_OPTS;
    p->argc = argc;
    p->argv = argv;
    p->stdout_row = -1;
    size_t nl = 0, ns = 0;
    /* A leading ':' makes getopt tell a missing value (':') from an
     * unknown option ('?'), and keeps it silent: the message is ours. */
    p->shortopts[ns++] = ':';
    for (size_t i = 0; i < p->count; i++)
        opts_add(p, &nl, &ns, &opts[i]);
    for (size_t i = 0; i < OPTS_NCOMMON; i++)
        opts_add(p, &nl, &ns, &opts_common[i]);
    p->shortopts[ns] = 0;
    opterr = 0;
    optind = 1;
}

/* The row for a code: the table's, then the common ones. */
static const cli_opt *opts_row(const cli_parser *p, int code)
{
    for (size_t i = 0; i < p->count; i++)
        if (p->opts[i].code == code)
            return &p->opts[i];
    for (size_t i = 0; i < OPTS_NCOMMON; i++)
        if (opts_common[i].code == code)
            return &opts_common[i];
    return NULL;
}

static const char *opts_name(const cli_opt *o, int by_short, char *buf, size_t size)
{
    if (by_short && o->short_name)
        snprintf(buf, size, "-%c", o->short_name);
    else
        snprintf(buf, size, "--%s", o->name);
    return buf;
}

const char *cli_opts_typed(const cli_parser *p, int code, char *buf, size_t size)
{
    const cli_opt *o = opts_row(p, code);
    if (!o)
        return "?";
    size_t i = (size_t)(o - p->opts);
    return opts_name(o, i < p->count && p->given[i] == 1, buf, size);
}

int cli_opts_given(const cli_parser *p, int code)
{
    const cli_opt *o = opts_row(p, code);
    size_t i = o ? (size_t)(o - p->opts) : p->count;
    return i < p->count && p->given[i];
}

/* A bad option, reported as typed: getopt stepped over the word of a long
 * option (argv[optind - 1]); a short one is named by optopt (it may sit in
 * a cluster such as -xq, where optind has not moved yet).  An option that
 * takes no value given one (--list=x) comes back as '?' with optopt its
 * code, which names the row. */
static void opts_bad(const cli_parser *p, int c)
{
    const char *arg = optind > 0 && optind <= p->argc ? p->argv[optind - 1] : "";
    const cli_opt *row = optopt ? opts_row(p, optopt) : NULL;
    int as_long = strncmp(arg, "--", 2) == 0 && (c == '?' ? optopt == 0 || row : 1);
    char shown[64];
    if (as_long)
        snprintf(shown, sizeof shown, "%.*s", (int)strcspn(arg, "="), arg);
    else
        snprintf(shown, sizeof shown, "-%c", optopt > 32 && optopt < 127 ? optopt : '?');
    if (c == ':')
        cli_usage_error("option '%s' needs a value", shown);
    else if (as_long && row && strchr(arg, '='))
        cli_usage_error("option '%s' takes no value", shown);
    else
        cli_usage_error("unknown option '%s'", shown);
    exit(CLI_EXIT_USAGE);
}

/* "-" for an output: standard output where the row allows it, at most
 * once per run (--json counts). */
static void opts_output(cli_parser *p, size_t row, int by_short)
{
    const cli_opt *o = &p->opts[row];
    int wants_stdout = o->output == CLI_PRINTS || (o->output != CLI_VAL && optarg && strcmp(optarg, "-") == 0);
    if (!wants_stdout)
        return;
    char a[48], b[48];
    if (o->output == CLI_OUT_MANY || o->output == CLI_OUT_NAMED) {
        cli_usage_error("option '%s' cannot write to standard output (-): %s", opts_name(o, by_short, a, sizeof a),
                        o->output == CLI_OUT_MANY ? "it writes a folder or several files"
                                                  : "its file must be named (format, seeks)");
        exit(CLI_EXIT_USAGE);
    }
    if (p->stdout_row >= 0 && (size_t)p->stdout_row != row) {
        const cli_opt *first = &p->opts[p->stdout_row];
        opts_name(first, p->given[p->stdout_row] == 1, a, sizeof a);
        opts_name(o, by_short, b, sizeof b);
        cli_usage_error("%s%s and %s%s both write to standard output", a, first->output == CLI_PRINTS ? "" : " -", b,
                        o->output == CLI_PRINTS ? "" : " -");
        exit(CLI_EXIT_USAGE);
    }
    p->stdout_row = (int)row;
}

/* The end of the options: an output option's data takes standard output,
 * and the command's own text moves to stderr. */
static int opts_end(cli_parser *p)
{
    if (p->stdout_row >= 0 && p->opts[p->stdout_row].output == CLI_OUT_FILE && cli_stdout_divert() != 0) {
        cli_error("cannot duplicate standard output");
        exit(CLI_EXIT_IO);
    }
    return -1;
}

int cli_opts_next(cli_parser *p)
{
    for (;;) {
        int longindex = -1;
        int c = getopt_long(p->argc, p->argv, p->shortopts, p->longopts, &longindex);
        if (c == -1)
            return opts_end(p);
        if (c == '?' || c == ':')
            opts_bad(p, c);
        if (c == OPTS_VERBOSE || c == OPTS_QUIET) {
            int level = cli_verbosity();
            cli_set_verbosity(c == OPTS_QUIET ? -1 : level < 0 ? 1 : level + 1);
            continue;
        }
        const cli_opt *o = opts_row(p, c);
        if (o && o >= p->opts && o < p->opts + p->count) {
            size_t row = (size_t)(o - p->opts);
            /* getopt sets the index only for a long name. */
            int by_short = longindex < 0;
            p->given[row] = by_short ? 1 : 2;
            opts_output(p, row, by_short);
        }
        return c;
    }
}

int cli_opts_mode(const cli_parser *p, unsigned mode, const char *mode_name)
{
    for (size_t i = 0; i < p->count; i++) {
        if (!p->given[i] || p->opts[i].modes == CLI_ALL_MODES || (p->opts[i].modes & mode))
            continue;
        char name[48];
        return cli_usage_error("option '%s' does not apply to %s",
                               opts_name(&p->opts[i], p->given[i] == 1, name, sizeof name), mode_name);
    }
    return 0;
}
