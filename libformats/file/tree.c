/* Staged output trees (relic/file.h, relic_tree): a new output folder is
 * built under a hidden sibling name and renamed into place whole, with
 * renameat2(RENAME_NOREPLACE) where the kernel has it (Linux 3.15+,
 * rename(2)), so the rename never replaces a folder that appeared while
 * the run wrote.  On tmpfs the rename each file otherwise needs was a
 * fifth of agi-unpack --raw's writing (enclos: 6.3 -> 4.9 ms). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "relic/io.h"
#include "file_private.h"

/* OUT without trailing slashes ("out/" and "out" are one folder). */
static char *relic_tree_trim(const char *out_dir)
{
    size_t n = strlen(out_dir);
    while (n > 1 && out_dir[n - 1] == '/')
        n--;
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, out_dir, n);
        s[n] = '\0';
    }
    return s;
}

/* The parent folder of a trimmed OUT, made if missing, as relic_mkdirs
 * made every folder above OUT before staging. */
static int relic_tree_parent(const char *final, relic_err *err)
{
    const char *slash = strrchr(final, '/');
    if (!slash || slash == final)
        return RELIC_OK;
    char parent[4096];
    size_t n = (size_t)(slash - final);
    if (n >= sizeof parent)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "bad folder name");
    memcpy(parent, final, n);
    parent[n] = '\0';
    return relic_mkdirs(parent, err);
}

static int relic_tree_stage(relic_tree *t, relic_err *err)
{
    size_t n = strlen(t->final) + 24;
    if (!(t->stage = malloc(n)))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned attempt = 0; attempt < 16; attempt++) {
        snprintf(t->stage, n, "%s.%016llx.tmp", t->final, (unsigned long long)relic_file_next_name());
        if (mkdir(t->stage, 0777) == 0) {
            relic_dir_spread(t->stage);
            t->root = t->stage;
            t->out_flags = RELIC_OUT_FRESH;
            return RELIC_OK;
        }
        if (errno != EEXIST && errno != EINTR)
            break;
    }
    relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot create folder: %s", strerror(errno));
    relic_err_file(err, t->final); /* the user's name, not the stage's */
    free(t->stage);
    t->stage = NULL;
    return RELIC_EIO;
}

/* OUT is a device (/dev/null): the run writes into a private folder that
 * the commit removes, so every file is made and checked, and none kept. */
static int relic_tree_discard(relic_tree *t, relic_err *err)
{
    const char *tmp = getenv("TMPDIR");
    size_t n = (tmp && *tmp ? strlen(tmp) : 4) + 24;
    if (!(t->stage = malloc(n)))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    snprintf(t->stage, n, "%s/relic-null-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(t->stage)) {
        relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot create a temporary folder: %s", strerror(errno));
        relic_err_file(err, t->stage);
        free(t->stage);
        t->stage = NULL;
        return RELIC_EIO;
    }
    t->root = t->stage;
    t->out_flags = RELIC_OUT_FRESH;
    t->discard = 1;
    return RELIC_OK;
}

int relic_tree_begin(relic_tree *t, const char *out_dir, relic_err *err)
{
    memset(t, 0, sizeof *t);
    if (!out_dir[0])
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "bad folder name");
    if (!(t->final = relic_tree_trim(out_dir)))
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    t->root = t->final;
    struct stat st;
    int rc;
    if (stat(t->final, &st) == 0 && S_ISCHR(st.st_mode))
        rc = relic_tree_discard(t, err);
    else if (lstat(t->final, &st) == 0 || errno != ENOENT)
        rc = relic_mkdirs(t->final, err); /* an existing OUT: checked, written in place */
    else if ((rc = relic_tree_parent(t->final, err)) == RELIC_OK)
        rc = relic_tree_stage(t, err);
    if (rc) {
        free(t->final);
        memset(t, 0, sizeof *t);
    }
    return rc;
}

static int relic_tree_rename(const char *from, const char *to)
{
#ifdef RENAME_NOREPLACE
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS)
        return -1;
#endif
    /* No RENAME_NOREPLACE here: rename(2) would replace an empty folder
     * made meanwhile, so refuse anything that exists now. */
    struct stat st;
    if (lstat(to, &st) == 0) {
        errno = EEXIST;
        return -1;
    }
    return rename(from, to);
}

static int relic_tree_remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)type;
    (void)ftw;
    remove(path); /* a link is removed, never followed (FTW_PHYS) */
    return 0;
}

/* A tree that cannot be moved into place is removed, as a file that
 * cannot be renamed into place is: OUT gets all of the run or none of it.
 * Depth first and physical: nothing outside the stage is touched. */
static void relic_tree_remove(const char *stage) { nftw(stage, relic_tree_remove_one, 16, FTW_DEPTH | FTW_PHYS); }

int relic_tree_commit(relic_tree *t, relic_err *err)
{
    int rc = RELIC_OK;
    if (t->discard)
        relic_tree_remove(t->stage);
    else if (t->stage && relic_tree_rename(t->stage, t->final) != 0) {
        int e = errno;
        rc = relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot move the output into place: %s; nothing written",
                           e == EEXIST || e == ENOTEMPTY ? "the folder appeared while writing" : strerror(e));
        relic_err_file(err, t->final);
        relic_tree_remove(t->stage);
    }
    free(t->stage);
    free(t->final);
    memset(t, 0, sizeof *t);
    return rc;
}
