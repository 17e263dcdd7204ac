/* Read-only file mappings (relic/io.h).  Files that cannot be mapped
 * (pipes, empty files, exotic file systems) fall back to relic_file_read,
 * so callers see one interface. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "relic/io.h"

static int relic_map_read(const char *path, relic_map *m, relic_err *err)
{
    int rc = relic_file_read(path, &m->fallback, err);
    m->data = m->fallback.data;
    m->len = m->fallback.len;
    return rc;
}

int relic_file_map(const char *path, relic_map *m, relic_err *err)
{
    memset(m, 0, sizeof *m);
    m->fallback = (relic_buf)RELIC_BUF_INIT;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
        (uint64_t)st.st_size > RELIC_MAX_FILE_SIZE) {
        if (fd >= 0)
            close(fd);
        return relic_map_read(path, m, err); /* reports the precise reason */
    }
    void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (p == MAP_FAILED)
        return relic_map_read(path, m, err);
    m->data = p;
    m->len = (size_t)st.st_size;
    m->mapped = 1;
    return RELIC_OK;
}

void relic_file_unmap(relic_map *m)
{
    if (m->mapped)
        munmap((void *)m->data, m->len);
    relic_buf_free(&m->fallback);
    memset(m, 0, sizeof *m);
}
