/* File helpers every reader and writer goes through: whole-file reads and
 * maps, atomic writes (temporary file + rename), output paths that cannot
 * escape their folder, case-insensitive folder listings.  Part of
 * librelic-formats; needs nothing beyond the C library. */
#ifndef RELIC_FILE_H
#define RELIC_FILE_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Files larger than this are refused rather than read (no game file is). */
#define RELIC_MAX_FILE_SIZE ((size_t)256 << 20)

int relic_file_read(const char *path, relic_buf *out, relic_err *err);

/* A whole file mapped read-only (or read into memory where mapping is not
 * possible).  Large archives are mapped rather than read: copying 50 MB
 * into fresh heap pages cost more than extracting it. */
typedef struct relic_map {
    const uint8_t *data;
    size_t len;
    relic_buf fallback;  /* used when the file could not be mapped */
    int mapped;
} relic_map;
int relic_file_map(const char *path, relic_map *m, relic_err *err);
void relic_file_unmap(relic_map *m);
/* Writes data to path through a temporary file in the same folder and a
 * rename, so readers never see a half-written file. */
int relic_file_write_atomic(const char *path, const void *data, size_t len, relic_err *err);

/* Joins `rel` (slash-separated) under `root` into out.  Refuses absolute
 * names, empty, `.` and `..` components, and any existing component that is
 * a symbolic link; creates missing folders when make_dirs is set. */
int relic_path_join(const char *root, const char *rel, int make_dirs,
                    char *out, size_t outsz, relic_err *err);
/* mkdir -p for a folder given by the user (not from an archive). */
int relic_mkdirs(const char *path, relic_err *err);

/* The names in one folder, read once, looked up without regard to ASCII case
 * (games ship `vol.0`, `LOGDIR`, `VVOL.1`). */
typedef struct relic_dir {
    char **names;
    size_t count;
} relic_dir;
int relic_dir_open(const char *path, relic_dir *d, relic_err *err);
/* The real name of `name` in d, or NULL. */
const char *relic_dir_find(const relic_dir *d, const char *name);
void relic_dir_close(relic_dir *d);

#ifdef __cplusplus
}
#endif

#endif
