/* Whole-file reads and atomic writes (relic/io.h).  Writes go to a
 * temporary file in the destination folder and are renamed over the target,
 * so a crash never leaves a half-written output and inputs are never
 * opened for writing.  The temporary is created with
 * O_CREAT|O_EXCL|O_NOFOLLOW under a name nobody can guess in advance, so a
 * symbolic link planted in the output folder is never followed (open(2):
 * "If O_CREAT and O_EXCL are set, ... symbolic links are not followed"). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "relic/io.h"
#include "file_private.h"

int relic_file_read(const char *path, relic_buf *out, relic_err *err)
{
    relic_buf_reset(out);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        goto io_error;
    struct stat st;
    if (fstat(fd, &st) != 0)
        goto io_error_fd;
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "not a regular file");
        relic_err_file(err, path);
        return RELIC_EIO;
    }
    if ((uint64_t)st.st_size > RELIC_MAX_FILE_SIZE) {
        close(fd);
        relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "file larger than %zu bytes", RELIC_MAX_FILE_SIZE);
        relic_err_file(err, path);
        return RELIC_EDATA;
    }
    if (relic_buf_reserve(out, (size_t)st.st_size + 1)) {
        close(fd);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    for (;;) {
        if (out->cap - out->len == 0 && relic_buf_reserve(out, 4096)) {
            close(fd);
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        }
        ssize_t n = read(fd, out->data + out->len, out->cap - out->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            goto io_error_fd;
        if (n == 0)
            break;
        out->len += (size_t)n;
        if (out->len > RELIC_MAX_FILE_SIZE)
            break;
    }
    close(fd);
    return RELIC_OK;
io_error_fd : {
    int e = errno;
    close(fd);
    errno = e;
}
io_error:
    relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "%s", strerror(errno));
    relic_err_file(err, path);
    return RELIC_EIO;
}

/* ---- unpredictable temporary names ------------------------------------------
 * Each thread draws a 128-bit key from getrandom once, then names its n-th
 * temporary SipHash-2-4(key, n): one name costs no system call (agi-unpack
 * writes ~9,000 files and pays one open and one rename for each), and
 * names seen in the folder tell nothing about the next ones.  Safety does
 * not rest on the name: O_EXCL|O_NOFOLLOW refuse anything already there,
 * the name only keeps a squatter from making every attempt collide.  This
 * per-thread generator is the library's only mutable state; it holds no
 * data of any caller. */
typedef struct relic_file_namer {
    uint64_t k0, k1, counter;
    int seeded;
} relic_file_namer;

static _Thread_local relic_file_namer relic_file_names;

static uint64_t relic_file_rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

// clang-format off
#define RELIC_SIPROUND                                                                                                 \
    do {                                                                                                               \
        v0 += v1; v1 = relic_file_rotl(v1, 13); v1 ^= v0; v0 = relic_file_rotl(v0, 32);                              \
        v2 += v3; v3 = relic_file_rotl(v3, 16); v3 ^= v2;                                                             \
        v0 += v3; v3 = relic_file_rotl(v3, 21); v3 ^= v0;                                                             \
        v2 += v1; v1 = relic_file_rotl(v1, 17); v1 ^= v2; v2 = relic_file_rotl(v2, 32);                              \
    } while (0)
// clang-format on

/* SipHash-2-4 of one 64-bit word (Aumasson and Bernstein, "SipHash: a
 * fast short-input PRF", 2012, section 2), length byte 8. */
static uint64_t relic_file_siphash(uint64_t k0, uint64_t k1, uint64_t m)
{
    uint64_t v0 = k0 ^ 0x736f6d6570736575ULL, v1 = k1 ^ 0x646f72616e646f6dULL;
    uint64_t v2 = k0 ^ 0x6c7967656e657261ULL, v3 = k1 ^ 0x7465646279746573ULL;
    uint64_t b = (uint64_t)8 << 56;
    v3 ^= m;
    RELIC_SIPROUND;
    RELIC_SIPROUND;
    v0 ^= m;
    v3 ^= b;
    RELIC_SIPROUND;
    RELIC_SIPROUND;
    v0 ^= b;
    v2 ^= 0xff;
    RELIC_SIPROUND;
    RELIC_SIPROUND;
    RELIC_SIPROUND;
    RELIC_SIPROUND;
    return v0 ^ v1 ^ v2 ^ v3;
}

uint64_t relic_file_next_name(void)
{
    relic_file_namer *n = &relic_file_names;
    if (!n->seeded) {
        uint64_t key[2];
        if (getrandom(key, sizeof key, GRND_NONBLOCK) != (ssize_t)sizeof key) {
            /* No entropy yet (early boot): a weaker key, still safe, as
             * O_EXCL and not the name is what refuses a planted file. */
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            key[0] = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^ (uint64_t)(uintptr_t)&key;
            key[1] = (uint64_t)getpid() * 0x9e3779b97f4a7c15ULL ^ (uint64_t)(uintptr_t)n;
        }
        n->k0 = key[0];
        n->k1 = key[1];
        n->seeded = 1;
    }
    return relic_file_siphash(n->k0, n->k1, n->counter++);
}

static int relic_file_write_all(int fd, const uint8_t *p, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0) {
            errno = EIO;
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

static int relic_out_fail(relic_out *o, const char *what, int e, relic_err *err)
{
    relic_err_set(err, e == ENOMEM ? RELIC_ENOMEM : RELIC_EIO, RELIC_NO_OFFSET, "%s: %s", what, strerror(e));
    relic_err_file(err, o->path ? o->path : "?");
    return e == ENOMEM ? RELIC_ENOMEM : RELIC_EIO;
}

/* Inside a staged tree (RELIC_OUT_FRESH) the file is made under its own
 * name: nobody reads the tree before it is renamed into place, so there is
 * nothing to hide a half-written file from; O_EXCL|O_NOFOLLOW still refuse
 * whatever is there.  A name the run already wrote takes the usual path,
 * so a second write replaces the first as it would elsewhere. */
static int relic_out_open_fresh(relic_out *o, const char *path)
{
    o->fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (o->fd < 0)
        return errno == EEXIST ? 0 : -1;
    if (!(o->tmp = strdup(path))) {
        close(o->fd);
        unlink(path);
        o->fd = -1;
        errno = ENOMEM;
        return -1;
    }
    o->fresh = 1;
    return 1;
}

int relic_out_open(relic_out *o, const char *path, unsigned flags, relic_err *err)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    o->flags = flags;
    o->path = path;
    /* A device (/dev/null for a timing or validation run, as ffmpeg's
     * null output, or a terminal) takes the bytes as they come: there is
     * no file to replace and no folder to put a temporary in. */
    struct stat st;
    if (stat(path, &st) == 0 && S_ISCHR(st.st_mode)) {
        o->fd = open(path, O_WRONLY | O_CLOEXEC);
        if (o->fd < 0)
            return relic_out_fail(o, "cannot open", errno, err);
        o->device = 1;
        return RELIC_OK;
    }
    if (flags & RELIC_OUT_FRESH) {
        int made = relic_out_open_fresh(o, path);
        if (made > 0)
            return RELIC_OK;
        if (made < 0)
            return relic_out_fail(o, "cannot create file", errno, err);
    }
    size_t plen = strlen(path);
    /* ".<16 hex>.tmp" after the name: beside the target, same file system. */
    o->tmp = malloc(plen + 24);
    if (!o->tmp)
        return relic_out_fail(o, "cannot write", ENOMEM, err);
    for (unsigned attempt = 0; attempt < 16; attempt++) {
        snprintf(o->tmp, plen + 24, "%s.%016llx.tmp", path, (unsigned long long)relic_file_next_name());
        /* 0666: the kernel applies the user's umask, no fchmod needed. */
        o->fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (o->fd >= 0)
            return RELIC_OK;
        if (errno != EEXIST && errno != EINTR)
            break;
    }
    int e = errno;
    free(o->tmp);
    o->tmp = NULL;
    return relic_out_fail(o, "cannot create temporary file", e, err);
}

int relic_out_write(relic_out *o, const void *data, size_t len, relic_err *err)
{
    if (o->fd < 0)
        return relic_out_fail(o, "cannot write", EBADF, err);
    if (relic_file_write_all(o->fd, data, len) != 0)
        return relic_out_fail(o, "cannot write", errno, err);
    return RELIC_OK;
}

void relic_out_abort(relic_out *o)
{
    if (o->fd >= 0)
        close(o->fd);
    if (o->tmp && !o->device)
        unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    o->fd = -1;
}

/* Makes the rename itself durable: the folder's entry is data too. */
static void relic_out_sync_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if ((size_t)(slash - path) < sizeof dir)
        snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    else
        return;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

int relic_out_commit(relic_out *o, relic_err *err)
{
    if (o->device) {
        int fd = o->fd;
        o->fd = -1;
        if (fd < 0 || close(fd) != 0)
            return relic_out_fail(o, "cannot write", fd < 0 ? EBADF : errno, err);
        return RELIC_OK;
    }
    if (o->fd < 0 || !o->tmp) {
        relic_out_abort(o);
        return relic_out_fail(o, "cannot write", EBADF, err);
    }
    if ((o->flags & RELIC_OUT_DURABLE) && fsync(o->fd) != 0) {
        int e = errno;
        relic_out_abort(o);
        return relic_out_fail(o, "cannot sync", e, err);
    }
    int fd = o->fd;
    o->fd = -1;
    /* close reports delayed write errors (NFS, quota): check it. */
    if (close(fd) != 0) {
        int e = errno;
        relic_out_abort(o);
        return relic_out_fail(o, "cannot write", e, err);
    }
    if (!o->fresh && rename(o->tmp, o->path) != 0) {
        int e = errno;
        relic_out_abort(o);
        return relic_out_fail(o, "cannot rename into place", e, err);
    }
    if (o->flags & RELIC_OUT_DURABLE)
        relic_out_sync_dir(o->path);
    free(o->tmp);
    o->tmp = NULL;
    return RELIC_OK;
}

int relic_file_write_atomic_flags(const char *path, const void *data, size_t len, unsigned flags, relic_err *err)
{
    relic_out o;
    int rc = relic_out_open(&o, path, flags, err);
    if (rc == RELIC_OK && (rc = relic_out_write(&o, data, len, err)) != RELIC_OK)
        relic_out_abort(&o);
    if (rc == RELIC_OK)
        rc = relic_out_commit(&o, err);
    return rc;
}

int relic_file_write_atomic(const char *path, const void *data, size_t len, relic_err *err)
{
    return relic_file_write_atomic_flags(path, data, len, 0, err);
}
