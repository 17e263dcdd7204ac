/* save-inspect internals: options and the four commands (report, diff,
 * set, validate). */
#ifndef SAVE_INSPECT_H
#define SAVE_INSPECT_H

#include <jansson.h>
#include "relic/agi_save.h"
#include "relic/buf.h"

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
/* Splits one PATH=VALUE edit argument (shared by the AGI and Riven modes). */
int inspect_edit_split(const char *arg, char *path, size_t pathsz, const char **value, relic_err *err);
int inspect_validate(const inspect_opts *o);
/* Prints diff rows as "PATH: OLD -> NEW" lines or one JSON document. */
void inspect_print_diffs(const inspect_opts *o, json_t *diffs);
/* set's output step: writes out to -o NEW, or to SAVE keeping SAVE.bak
 * (in holds the original bytes); rc is the encoder's result.  Reports and
 * returns the exit status. */
int inspect_write_edit(const inspect_opts *o, const char *path, const relic_buf *in, const relic_buf *out, int rc,
                       relic_err *err);

/* Riven .rvn saves (riven.c), told apart by their "MHWK" signature. */
int inspect_is_riven(const char *path);
int inspect_riven_report(const inspect_opts *o);
int inspect_riven_diff(const inspect_opts *o);
int inspect_riven_set(const inspect_opts *o);
/* Fills row (error or format) and prints the text line; 1 when bad. */
int inspect_riven_validate(const inspect_opts *o, const char *path, const relic_buf *in, json_t *row);
/* --game: cross-checks into doc["game"]; returns the number of failed
 * checks, or -1 when the game cannot be opened (reported). */
int inspect_game_check(const inspect_opts *o, const char *save_path, const agi_save *s, json_t *doc);

#endif
