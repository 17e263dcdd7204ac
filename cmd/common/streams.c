/* `-` for standard input and output, output names (streams.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "relic/file.h"
#include "relic/io.h"
#include "streams.h"

int cli_read_input(const char *path, relic_buf *out, relic_err *err)
{
    if (strcmp(path, "-") != 0)
        return relic_file_read(path, out, err);
    relic_buf_reset(out);
    uint8_t chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) {
        if (out->len + n > RELIC_MAX_FILE_SIZE)
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "standard input: larger than %zu MiB",
                                 (size_t)RELIC_MAX_FILE_SIZE >> 20);
        relic_buf_append(out, chunk, n);
    }
    if (ferror(stdin))
        return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot read standard input");
    return relic_buf_check(out, err);
}

int cli_output_is_device(const char *path)
{
    struct stat st;
    return strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISCHR(st.st_mode);
}

int cli_output_name_ok(const char *path, const char *extensions, int allow_stdout)
{
    if (strcmp(path, "-") == 0 || cli_output_is_device(path))
        return allow_stdout ? 0 : -1;
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash))
        return -1;
    dot++;
    size_t n = strlen(dot);
    for (const char *e = extensions; *e;) {
        size_t k = strcspn(e, ",");
        if (k == n && strncasecmp(e, dot, n) == 0)
            return 0;
        e += k + (e[k] == ',');
    }
    return -1;
}

/* The data goes to the real standard output (cli_stdout_fd: the text
 * printed meanwhile went to stderr), past stdio's buffer. */
static int cli_write_stdout(const void *data, size_t len, relic_err *err)
{
    fflush(stdout);
    int fd = cli_stdout_fd();
    const char *p = data;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            cli_stdout_reported();
            return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot write standard output");
        }
        p += n;
        len -= (size_t)n;
    }
    return RELIC_OK;
}

int cli_write_output(const char *path, const void *data, size_t len, relic_err *err)
{
    int rc = strcmp(path, "-") == 0 ? cli_write_stdout(data, len, err) : relic_file_write_atomic(path, data, len, err);
    if (rc == RELIC_OK)
        cli_verbose("wrote %s (%zu bytes)", strcmp(path, "-") == 0 ? "standard output" : path, len);
    return rc;
}

int cli_write_json(const char *path, const json_t *doc, relic_err *err)
{
    relic_buf b = RELIC_BUF_INIT;
    int rc = relic_json_encode(doc, &b, err);
    if (rc == RELIC_OK)
        rc = cli_write_output(path, b.data, b.len, err);
    relic_buf_free(&b);
    return rc;
}

int cli_copy_output(const char *path, const char *dir, const char *dest, relic_err *err)
{
    relic_buf b = RELIC_BUF_INIT;
    int rc = relic_file_read(path, &b, err);
    unlink(path);
    if (dir)
        rmdir(dir);
    if (rc == RELIC_OK)
        rc = cli_write_output(dest, b.data, b.len, err);
    relic_buf_free(&b);
    return rc;
}
