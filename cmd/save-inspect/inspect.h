/* save-inspect internals: options, the per-format descriptor each save kind
 * exports (agi.c, riven.c), and the format-blind drivers of the four
 * commands (report.c, diff.c, edit.c) that loop over the format table
 * (formats.c) instead of branching on a save kind. */
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
    char **args; /* operands after the options */
    int nargs;
} inspect_opts;

enum { INSPECT_CMD_REPORT, INSPECT_CMD_DIFF, INSPECT_CMD_SET, INSPECT_CMD_VALIDATE };

/* diff exit statuses, as diff(1): above 1 is trouble. */
enum {
    INSPECT_DIFF_EQUAL = 0,
    INSPECT_DIFF_DIFFERENT = 1,
    INSPECT_DIFF_USAGE = 2,
    INSPECT_DIFF_IO = 3,
    INSPECT_DIFF_DATA = 4
};

/* One save kind.  A decoded save is opaque to the drivers (void *). */
typedef struct inspect_format {
    const char *title; /* "an AGI save": used in messages */
    /* 1 when the bytes are a save of this kind (the last row takes all). */
    int (*detect)(const uint8_t *data, size_t len);
    /* Options this kind refuses for cmd: -1 when fine, else the exit status
     * (already reported). */
    int (*check)(const inspect_opts *o, int cmd, const char *path);
    size_t save_size; /* the decoded save's struct */
    /* Decodes raw into a zeroed save_size struct; on failure nothing is
     * left to release. */
    int (*decode)(const inspect_opts *o, const relic_buf *raw, void *save, relic_err *err);
    /* Frees what a successful decode holds (not the struct itself). */
    void (*release)(void *save);
    /* Prints the report (text or JSON); returns the exit status. */
    int (*report)(const inspect_opts *o, const char *path, const relic_buf *raw, void *save);
    /* The differences, NULL when an allocation failed. */
    json_t *(*diff)(const inspect_opts *o, const void *a, const void *b);
    /* One PATH=VALUE edit. */
    int (*set)(void *save, const char *path, const char *value, relic_err *err);
    /* Re-encodes; raw holds the bytes the save was decoded from. */
    int (*encode)(const void *save, const relic_buf *raw, relic_buf *out, relic_err *err);
    /* Checks a decoded save: RELIC_OK and the "ok (...)" summary in ok_line,
     * or the finding in err (RELIC_ENOMEM when a key for row was lost); may
     * add keys to row. */
    int (*validate)(const inspect_opts *o, const char *path, void *save, json_t *row, char *ok_line, size_t n,
                    relic_err *err);
} inspect_format;

extern const inspect_format inspect_agi_format;
extern const inspect_format inspect_riven_format;

/* formats.c: the table, in detection order, and the one allocation of a
 * decoded save for every format. */
const inspect_format *inspect_format_of(const relic_buf *raw);
int inspect_load(const inspect_format *f, const inspect_opts *o, const relic_buf *raw, void **save, relic_err *err);
void inspect_release(const inspect_format *f, void *save);

/* util.c (leaf): helpers the drivers and formats share. */
/* Reads path, or standard input for "-"; reports on failure. */
int inspect_read(const char *path, relic_buf *raw, relic_err *err);
/* The name messages use for path ("-" is "<stdin>"). */
const char *inspect_name(const char *path);
/* Splits one PATH=VALUE edit argument. */
int inspect_edit_split(const char *arg, char *path, size_t pathsz, const char **value, relic_err *err);
/* Prints diff rows (NULL: lost to a failed allocation) as "PATH: OLD ->
 * NEW" lines or one JSON document; 0, or -1 when nothing could be printed
 * (reported). */
int inspect_print_diffs(const inspect_opts *o, json_t *diffs);
/* Prints a save's report, JSON (the format's name) or text, unless oom
 * says a member was lost or doc is NULL; returns status, or CLI_EXIT_IO
 * when it could not print (reported). */
int inspect_print_report(const inspect_opts *o, const json_t *doc, int oom, const char *format,
                         void (*text)(const json_t *doc), int status);

/* The drivers. */
int inspect_report(const inspect_opts *o);
int inspect_diff(const inspect_opts *o);
int inspect_set(const inspect_opts *o);
int inspect_validate(const inspect_opts *o);

/* agi.c, --game: cross-checks into doc["game"]; returns the number of
 * failed checks, or -code when the game cannot be opened (reported).  A
 * failed allocation sets *oom (sticky, relic_json_set). */
int inspect_game_check(const inspect_opts *o, const char *save_path, const agi_save *s, json_t *doc, int *oom);

#endif
