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
    relic_buf fallback; /* used when the file could not be mapped */
    int mapped;
} relic_map;
int relic_file_map(const char *path, relic_map *m, relic_err *err);
void relic_file_unmap(relic_map *m);
/* Writes data to path through a temporary file in the same folder and a
 * rename, so readers never see a half-written file.  The temporary is made
 * with O_CREAT|O_EXCL|O_NOFOLLOW under an unpredictable name: nothing
 * planted in the folder (a symbolic link) is ever opened.  One open, one
 * write, one close and one rename; no fsync (see RELIC_OUT_DURABLE).  A
 * character device (/dev/null) is written directly, without a temporary. */
int relic_file_write_atomic(const char *path, const void *data, size_t len, relic_err *err);

/* RELIC_OUT_DURABLE: fsync the file before the rename and its folder after.
 * Without it a crash of the process never leaves a partial file, but a
 * power cut may lose the newest output; extraction (thousands of files that
 * can be made again) skips it, replacing a user's only copy (save-inspect
 * set --in-place) asks for it. */
#define RELIC_OUT_DURABLE 1u
/* RELIC_OUT_FRESH: path is inside a staged tree (relic_tree below, its
 * out_flags), where no reader looks until the tree is renamed into place:
 * the file is made under its own name, with no temporary and no rename. */
#define RELIC_OUT_FRESH 2u
int relic_file_write_atomic_flags(const char *path, const void *data, size_t len, unsigned flags, relic_err *err);

/* Streaming form of the atomic writer, for writers that cannot hand over one
 * buffer (libsndfile, block-by-block synthesis):
 *   relic_out_open   creates the temporary beside path (o->fd is writable);
 *   relic_out_write  appends bytes (or write to o->fd directly);
 *   relic_out_commit closes (checking close), renames over path;
 *   relic_out_abort  closes and unlinks the temporary (safe to call twice
 *                    and after a failed commit, which already aborts).
 * path must stay valid until commit or abort.  On failure of open/commit
 * nothing is left under either name. */
typedef struct relic_out {
    int fd;
    unsigned flags;
    const char *path;
    char *tmp;  /* temporary name, NULL once committed or aborted */
    int fresh;  /* made under its own name in a staged tree (tmp == path) */
    int device; /* path is a character device (/dev/null): written directly */
} relic_out;
int relic_out_open(relic_out *o, const char *path, unsigned flags, relic_err *err);
int relic_out_write(relic_out *o, const void *data, size_t len, relic_err *err);
int relic_out_commit(relic_out *o, relic_err *err);
void relic_out_abort(relic_out *o);

/* An output folder written whole.  When OUT does not exist yet, the run
 * writes into a hidden sibling, OUT.<16 hex>.tmp, made now, and
 * relic_tree_commit renames it to OUT (never over anything that appeared
 * there meanwhile): readers see no output or all of it, and the files in
 * it need no rename of their own (out_flags is RELIC_OUT_FRESH).  When
 * OUT exists, the run writes into it, each file through the atomic
 * writer.  Commit after a partial run too: what was written is kept, as
 * it would be in an existing OUT.  A stage that cannot be renamed (OUT
 * appeared meanwhile) is removed and the commit fails: all or nothing.
 * OUT naming a character device (/dev/null, for timing and validation
 * runs) stages in a private folder under $TMPDIR (or /tmp) that the
 * commit removes. */
typedef struct relic_tree {
    const char *root;   /* where to write: the stage, or OUT itself */
    unsigned out_flags; /* for relic_out_open / relic_file_write_atomic_flags */
    char *final;        /* OUT as given */
    char *stage;        /* the hidden sibling, or NULL */
    int discard;        /* OUT is a device (/dev/null): the stage is removed */
} relic_tree;
int relic_tree_begin(relic_tree *t, const char *out_dir, relic_err *err);
int relic_tree_commit(relic_tree *t, relic_err *err); /* frees the names */

/* 1 when a and b name the same existing file or folder (same device and
 * inode, which also catches hard links, symbolic links and "./x" vs "x"),
 * or the same path text; 0 otherwise.  Tools that read and write files call
 * it to refuse an output that would overwrite an input. */
int relic_path_same_file(const char *a, const char *b);

/* Joins `rel` (slash-separated) under `root` into out.  Refuses absolute
 * names, empty, `.` and `..` components, and any existing component that is
 * a symbolic link; creates missing folders when make_dirs is set. */
int relic_path_join(const char *root, const char *rel, int make_dirs, char *out, size_t outsz, relic_err *err);
/* mkdir -p for a folder given by the user (not from an archive); marks
 * each folder it makes with relic_dir_spread. */
int relic_mkdirs(const char *path, relic_err *err);
/* A placement hint for a folder this run made (best effort, see path.c):
 * its subfolders spread over the file system instead of crowding one
 * group of inodes. */
void relic_dir_spread(const char *path);

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
