/* agi-pack: build an AGI game folder (v2 split or v3 combined container)
 * from an unpacked tree as agi-unpack writes it; see man/agi-pack.1. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "opts.h"
#include "relic/io.h"
#include "pack.h"

static void agi_pack_help(void)
{
    printf("Usage: %s SRC_DIR -o GAME_DIR [--v3 PREFIX] [options]\n"
           "Build an AGI game from an unpacked tree:\n"
           "  SRC_DIR/raw/<kind>/<kind>NNN.bin   expanded payloads (or .hex: hex text)\n"
           "  SRC_DIR/logic/logicNNN.lgc         logic source (wins over the raw payload\n"
           "                                     and its messages.json)\n"
           "  SRC_DIR/logic/logicNNN.asm         assembly listing, when there is no .lgc\n"
           "  SRC_DIR/logic/logicNNN.messages.json  message tables (replace the payload's\n"
           "                                        when they differ)\n"
           "  SRC_DIR/objects.json, SRC_DIR/words.json  OBJECT and WORDS.TOK\n\n"
           "  -o, --output DIR         the game folder to write\n"
           "      --v3 PREFIX          combined v3 container PREFIXDIR + PREFIXVOL.N\n"
           "                           (compressed; default: v2 split container)\n"
           "      --no-compress        v3 without LZW or picture packing\n"
           "      --max-volume BYTES   start a new VOL.N past this size (default 1048575)\n"
           "      --keep-layout        rebuild the shipped files byte for byte from the\n"
           "                           \"container\" of SRC_DIR/game.json: unchanged\n"
           "                           payloads keep their place, changed ones go to\n"
           "                           the end of their volume\n"
           "      --profile P          compile logic sources for profile P (default: the\n"
           "                           \"profile\" of SRC_DIR/game.json, else any)\n"
           "  -v, --verbose            say each file written\n"
           "  -q, --quiet              no warnings\n"
           "  -h, --help               show this help\n"
           "  -V, --version            show the version\n\n"
           "Exit status: 0 ok, 1 bad input data, 2 usage error, 3 I/O error.\n",
           cli_prog());
}

// clang-format off
static const cli_opt agi_pack_options[] = {
    {"output", 'o', required_argument, 'o', CLI_OUT_MANY, CLI_ALL_MODES},
    {"v3", 0, required_argument, '3', CLI_VAL, CLI_ALL_MODES},
    {"no-compress", 0, no_argument, 'n', CLI_VAL, CLI_ALL_MODES},
    {"max-volume", 0, required_argument, 'm', CLI_VAL, CLI_ALL_MODES},
    {"profile", 0, required_argument, 'P', CLI_VAL, CLI_ALL_MODES},
    {"keep-layout", 0, no_argument, 'K', CLI_VAL, CLI_ALL_MODES},
};
// clang-format on

int main(int argc, char **argv)
{
    cli_init(argv[0]);
    pack_opts o;
    memset(&o, 0, sizeof o);
    o.build.layout = AGI_LAYOUT_V2;
    o.build.compress = 1;
    int c;
    unsigned long n;
    cli_parser p;
    cli_opts_init(&p, agi_pack_options, sizeof agi_pack_options / sizeof agi_pack_options[0], argc, argv);
    while ((c = cli_opts_next(&p)) != -1) {
        switch (c) {
        case 'o': o.out_dir = optarg; break;
        case '3':
            if (!*optarg || strlen(optarg) > 8 || strpbrk(optarg, "/\\. "))
                return cli_usage_error("--v3 takes a file-name prefix of 1-8 characters");
            o.build.layout = AGI_LAYOUT_V3;
            snprintf(o.build.prefix, sizeof o.build.prefix, "%s", optarg);
            break;
        case 'n': o.build.compress = 0; break;
        case 'K': o.keep_layout = 1; break;
        case 'm':
            if (cli_parse_uint(optarg, 64, 0xfffff, &n))
                return cli_usage_error("--max-volume takes 64 to 1048575");
            o.build.max_volume_size = (uint32_t)n;
            break;
        case 'P':
            if (!(o.profile = agi_profile_find(optarg)))
                return cli_usage_error("unknown profile '%s'", optarg);
            break;
        default: return cli_last_option(c, agi_pack_help);
        }
    }
    if (optind != argc - 1)
        return cli_usage_error("expected one SRC_DIR");
    if (!o.out_dir)
        return cli_usage_error("give -o GAME_DIR");
    if (o.keep_layout && (o.build.layout != AGI_LAYOUT_V2 || !o.build.compress || o.build.max_volume_size))
        return cli_usage_error("--keep-layout takes the layout from game.json (no --v3, --no-compress, --max-volume)");
    o.src_dir = argv[optind];
    /* The game files would overwrite the sources they are built from. */
    if (relic_path_same_file(o.src_dir, o.out_dir))
        return cli_usage_error("output folder %s is the source folder", o.out_dir);
    return pack_run(&o);
}
