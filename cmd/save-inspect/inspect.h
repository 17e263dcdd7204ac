/* save-inspect internals: options and the four commands (report, diff,
 * set, validate). */
#ifndef SAVE_INSPECT_H
#define SAVE_INSPECT_H

#include <jansson.h>
#include "relic/agi_save.h"

#define INSPECT_MAX_IGNORE 64

typedef struct inspect_opts {
    int json, all, in_place;
    const agi_profile *profile;
    const char *game_dir, *out;
    const char *ignore[INSPECT_MAX_IGNORE];
    unsigned nignore;
    char **args;             /* operands after the options */
    int nargs;
} inspect_opts;

/* diff exit statuses, as diff(1): above 1 is trouble. */
enum { INSPECT_DIFF_EQUAL = 0, INSPECT_DIFF_DIFFERENT = 1, INSPECT_DIFF_USAGE = 2, INSPECT_DIFF_IO = 3,
       INSPECT_DIFF_DATA = 4 };

/* Reads and decodes one save; reports on stderr and returns the relic
 * code on failure. */
int inspect_load(const char *path, const inspect_opts *o, agi_save *s, relic_err *err);
int inspect_report(const inspect_opts *o);
int inspect_diff(const inspect_opts *o);
int inspect_set(const inspect_opts *o);
int inspect_validate(const inspect_opts *o);
/* --game: cross-checks into doc["game"]; returns the number of failed
 * checks, or -1 when the game cannot be opened (reported). */
int inspect_game_check(const inspect_opts *o, const char *save_path, const agi_save *s, json_t *doc);

#endif
