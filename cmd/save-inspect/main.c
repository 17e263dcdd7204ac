/* save-inspect: report, compare, edit and check AGI saved games; see
 * man/save-inspect.1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "opts.h"
#include "inspect.h"
#include "relic/io.h"

static void inspect_help(void)
{
    printf("Usage: %s [--json] [--game GAME_DIR] [--profile P] SAVE\n"
           "       %s diff [--json] [--ignore PATH]... [--all] A B\n"
           "       %s set SAVE (-o NEW | --in-place) PATH=VALUE...\n"
           "       %s validate [--json] [--game GAME_DIR] SAVE...\n"
           "Decode, compare, edit and check Sierra AGI saved games (SG.1 ...) and\n"
           "Riven saves (.rvn, recognised by content).  SAVE - reads standard input.\n\n"
           "      --json           print everything as JSON\n"
           "  -g, --game DIR       cross-check against the game in DIR\n"
           "      --profile P      interpreter profile (2.089 ... 3.002.149) instead of\n"
           "                       the one the save's shape selects\n"
           "  -i, --ignore PATH    diff: drop differences at or under PATH (a JSON\n"
           "                       Pointer; * matches one path segment); repeatable\n"
           "  -a, --all            diff: also compare reserved bytes and object tokens\n"
           "  -o, --output NEW     set: write the edited save to NEW (- for standard\n"
           "                       output)\n"
           "      --in-place       set: replace SAVE, keeping SAVE.bak (-o naming SAVE\n"
           "                       itself is refused without it)\n"
           "  -v, --verbose        say each file written\n"
           "  -q, --quiet          no warnings\n"
           "  -h, --help           show this help\n"
           "  -V, --version        show the version\n\n"
           "PATH is a JSON Pointer of the --json document (/variables/v3, /flags/f9,\n"
           "/objects/0/x, /inventory/5/location, /strings/0) or vN / fN.\n"
           "Exit status: 0 ok, 1 data error, 2 usage error, 3 I/O error; diff: 0 equal,\n"
           "1 different, 2 usage error, 3 I/O error, 4 malformed save.\n",
           cli_prog(), cli_prog(), cli_prog(), cli_prog());
}

enum {
    CMD_REPORT = INSPECT_CMD_REPORT,
    CMD_DIFF = INSPECT_CMD_DIFF,
    CMD_SET = INSPECT_CMD_SET,
    CMD_VALIDATE = INSPECT_CMD_VALIDATE
};

static int inspect_usage(int cmd, const char *fmt, const char *arg)
{
    cli_usage_error(fmt, arg);
    return cmd == CMD_DIFF ? INSPECT_DIFF_USAGE : CLI_EXIT_USAGE;
}

/* The options and the commands they belong to (bits 1 << CMD_...). */
enum { OPT_JSON = 256, OPT_PROFILE, OPT_IN_PLACE };
#define INSPECT_BIT(cmd) (1u << (cmd))
// clang-format off
static const cli_opt inspect_options[] = {
    {"json", 0, no_argument, OPT_JSON, CLI_PRINTS,
     INSPECT_BIT(CMD_REPORT) | INSPECT_BIT(CMD_DIFF) | INSPECT_BIT(CMD_VALIDATE)},
    {"game", 'g', required_argument, 'g', CLI_VAL, INSPECT_BIT(CMD_REPORT) | INSPECT_BIT(CMD_VALIDATE)},
    {"profile", 0, required_argument, OPT_PROFILE, CLI_VAL, CLI_ALL_MODES},
    {"ignore", 'i', required_argument, 'i', CLI_VAL, INSPECT_BIT(CMD_DIFF)},
    {"all", 'a', no_argument, 'a', CLI_VAL, INSPECT_BIT(CMD_DIFF)},
    {"output", 'o', required_argument, 'o', CLI_OUT_FILE, INSPECT_BIT(CMD_SET)},
    {"in-place", 0, no_argument, OPT_IN_PLACE, CLI_VAL, INSPECT_BIT(CMD_SET)},
};
// clang-format on

/* Options that make sense for each command, and its operands. */
static int inspect_check_opts(const cli_parser *p, int cmd, const inspect_opts *o)
{
    static const char *const names[] = {"the report", "diff", "set", "validate"};
    if (cli_opts_mode(p, INSPECT_BIT(cmd), names[cmd]))
        return CLI_EXIT_USAGE; /* INSPECT_DIFF_USAGE for diff too */
    switch (cmd) {
    case CMD_REPORT:
        if (o->nargs != 1)
            return inspect_usage(cmd, "expected one SAVE%s", "");
        break;
    case CMD_DIFF:
        if (o->nargs != 2)
            return inspect_usage(cmd, "diff expects two saves A and B%s", "");
        break;
    case CMD_SET:
        if (o->nargs < 1)
            return inspect_usage(cmd, "set expects SAVE and PATH=VALUE edits%s", "");
        if (!!o->out == !!o->in_place)
            return inspect_usage(cmd, "set needs exactly one of -o NEW and --in-place%s", "");
        for (int i = 1; i < o->nargs; i++)
            if (!strchr(o->args[i], '='))
                return inspect_usage(cmd, "edit '%s' is not PATH=VALUE", o->args[i]);
        break;
    default:
        if (o->nargs < 1)
            return inspect_usage(cmd, "validate expects one or more saves%s", "");
    }
    return -1;
}

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    int cmd = CMD_REPORT;
    if (argc > 1) {
        static const char *const sub[] = {"diff", "set", "validate"};
        for (int i = 0; i < 3; i++)
            if (strcmp(argv[1], sub[i]) == 0)
                cmd = i + 1;
    }
    if (cmd != CMD_REPORT) {
        argv[1] = argv[0];
        argv++;
        argc--;
    }
    inspect_opts o;
    memset(&o, 0, sizeof o);
    int c;
    cli_parser p;
    cli_opts_init(&p, inspect_options, sizeof inspect_options / sizeof inspect_options[0], argc, argv);
    while ((c = cli_opts_next(&p)) != -1) {
        switch (c) {
        case OPT_JSON: o.json = 1; break;
        case 'g': o.game_dir = optarg; break;
        case OPT_PROFILE:
            if (!(o.profile = agi_profile_find(optarg)))
                return inspect_usage(cmd, "unknown profile '%s'", optarg);
            break;
        case 'i':
            if (o.nignore == INSPECT_MAX_IGNORE || optarg[0] != '/')
                return inspect_usage(cmd, "bad --ignore '%s' (a JSON Pointer such as /timer_ticks)", optarg);
            o.ignore[o.nignore++] = optarg;
            break;
        case 'a': o.all = 1; break;
        case 'o': o.out = optarg; break;
        case OPT_IN_PLACE: o.in_place = 1; break;
        case 'h': inspect_help(); return CLI_EXIT_OK;
        case 'V': cli_print_version(); return CLI_EXIT_OK;
        default: return cmd == CMD_DIFF ? INSPECT_DIFF_USAGE : CLI_EXIT_USAGE;
        }
    }
    o.args = argv + optind;
    o.nargs = argc - optind;
    int rc = inspect_check_opts(&p, cmd, &o);
    if (rc >= 0)
        return rc;
    switch (cmd) {
    case CMD_DIFF: return inspect_diff(&o);
    case CMD_SET: return inspect_set(&o);
    case CMD_VALIDATE: return inspect_validate(&o);
    default: return inspect_report(&o);
    }
}
