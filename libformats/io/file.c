/* Whole-file reads and atomic writes (relic/io.h).  Writes go to a
 * temporary file in the destination folder and are renamed over the target,
 * so a crash never leaves a half-written output and inputs are never
 * opened for writing. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "relic/io.h"

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
io_error_fd: {
    int e = errno;
    close(fd);
    errno = e;
}
io_error:
    relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "%s", strerror(errno));
    relic_err_file(err, path);
    return RELIC_EIO;
}

static int relic_file_write_all(int fd, const uint8_t *p, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Creates a fresh temporary file beside path.  O_EXCL with mode 0666 lets
 * the kernel apply the user's umask, so no umask/fchmod calls are needed. */
static int relic_file_open_temp(const char *path, char *tmp, size_t tmpsz)
{
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        snprintf(tmp, tmpsz, "%s.tmp.%ld.%u", path, (long)getpid(), attempt);
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

int relic_file_write_atomic(const char *path, const void *data, size_t len, relic_err *err)
{
    size_t tmpsz = strlen(path) + 48;
    char *tmp = malloc(tmpsz);
    if (!tmp)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int fd = relic_file_open_temp(path, tmp, tmpsz);
    if (fd < 0)
        goto fail;
    if (relic_file_write_all(fd, data, len) != 0 || close(fd) != 0) {
        int e = errno;
        close(fd);
        unlink(tmp);
        errno = e;
        goto fail;
    }
    if (rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        errno = e;
        goto fail;
    }
    free(tmp);
    return RELIC_OK;
fail:
    relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot write: %s", strerror(errno));
    relic_err_file(err, path);
    free(tmp);
    return RELIC_EIO;
}
