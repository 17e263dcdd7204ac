/* AGI game file sets: which files of a folder make a game (agi-spec
 * resource_containers.md: the four split directories or PDIR, PVOL.N
 * volumes, OBJECT, WORDS.TOK, and the interpreter files that carry its
 * version string).  A leaf under the container files. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "relic/agi.h"
#include "relic/core.h"
#include "relic/io.h"
#include "agi_private.h"

const agi_file *agi_fileset_find(const agi_fileset *fs, const char *name)
{
    for (size_t i = 0; i < fs->count; i++)
        if (strcasecmp(fs->files[i].name, name) == 0)
            return &fs->files[i];
    return NULL;
}

int agi_fileset_add(agi_fileset *fs, const char *name, uint8_t *data, size_t len, relic_err *err)
{
    agi_file *p = realloc(fs->files, (fs->count + 1) * sizeof *p);
    char *copy = strdup(name);
    if (!p || !copy) {
        if (p)
            fs->files = p;
        free(copy);
        free(data);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    fs->files = p;
    fs->files[fs->count++] = (agi_file){copy, data, len, NULL};
    return RELIC_OK;
}

void agi_fileset_free(agi_fileset *fs)
{
    for (size_t i = 0; i < fs->count; i++) {
        free(fs->files[i].name);
        if (fs->files[i].map) {
            relic_file_unmap(fs->files[i].map);
            free(fs->files[i].map);
        } else {
            free(fs->files[i].data);
        }
    }
    free(fs->files);
    fs->files = NULL;
    fs->count = 0;
}

/* `name` is PVOL.N (P possibly empty): returns N and the prefix length. */
int agi_volume_name(const char *name, size_t *prefix_len)
{
    const char *dot = strrchr(name, '.');
    if (!dot || dot - name < 3 || strncasecmp(dot - 3, "VOL", 3) != 0 || !isdigit((unsigned char)dot[1]))
        return -1;
    char *end;
    long n = strtol(dot + 1, &end, 10);
    if (*end || n < 0 || n > 15)
        return -1;
    *prefix_len = (size_t)(dot - 3 - name);
    return (int)n;
}

static int agi_is_game_file(const char *name)
{
    // clang-format off
    static const char *const fixed[] = {"LOGDIR", "PICDIR", "VIEWDIR", "SNDDIR", "OBJECT",
                                        "WORDS.TOK", "AGIDATA.OVL", "AGI", "SIERRA.COM"};
    // clang-format on
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (strcasecmp(name, fixed[i]) == 0)
            return 1;
    size_t n = strlen(name), plen;
    /* AGIPAL palettes pal.N (agipal.c). */
    if (n > 4 && n <= 7 && strncasecmp(name, "pal.", 4) == 0 && strspn(name + 4, "0123456789") == n - 4)
        return 1;
    if (n > 3 && n <= 11 && strcasecmp(name + n - 3, "DIR") == 0 && !strchr(name, '.'))
        return 1;
    return agi_volume_name(name, &plen) >= 0;
}

/* Volumes are mapped, not read: copying vtgadv's 1.9 MB into fresh heap
 * pages was a tenth of agi-unpack --raw's serial time (1.1 ms of page
 * faults and copying against about 0.1 ms).  Small files are read: a
 * mapping costs more than they do.  A mapped file truncated by another
 * program while it is read faults (SIGBUS), as Riven's mapped archives
 * do; reading a game that is being rewritten is not supported. */
#define AGI_FILESET_MAP_MIN (64u << 10)

static int agi_fileset_add_mapped(agi_fileset *fs, const char *name, const char *path, relic_err *err)
{
    relic_map *m = malloc(sizeof *m);
    if (!m)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int rc = relic_file_map(path, m, err);
    if (rc) {
        free(m);
        return rc;
    }
    if (!m->mapped) { /* read after all: hand over the buffer */
        size_t len;
        uint8_t *data = relic_buf_take(&m->fallback, &len);
        relic_file_unmap(m);
        free(m);
        return agi_fileset_add(fs, name, data, len, err);
    }
    rc = agi_fileset_add(fs, name, NULL, 0, err);
    if (rc) {
        relic_file_unmap(m);
        free(m);
        return rc;
    }
    agi_file *f = &fs->files[fs->count - 1];
    f->data = (uint8_t *)(uintptr_t)m->data;
    f->len = m->len;
    f->map = m;
    return RELIC_OK;
}

int agi_fileset_read_dir(const char *path, agi_fileset *fs, relic_err *err)
{
    relic_dir d;
    int rc = relic_dir_open(path, &d, err);
    if (rc)
        return rc;
    relic_buf b = RELIC_BUF_INIT;
    char full[4096];
    for (size_t i = 0; i < d.count && rc == RELIC_OK; i++) {
        if (!agi_is_game_file(d.names[i]))
            continue;
        snprintf(full, sizeof full, "%s/%s", path, d.names[i]);
        struct stat st;
        if (stat(full, &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size >= AGI_FILESET_MAP_MIN) {
            rc = agi_fileset_add_mapped(fs, d.names[i], full, err);
            continue;
        }
        rc = relic_file_read(full, &b, err);
        if (rc == RELIC_OK) {
            size_t len;
            uint8_t *data = relic_buf_take(&b, &len);
            rc = agi_fileset_add(fs, d.names[i], data, len, err);
        }
    }
    relic_buf_free(&b);
    relic_dir_close(&d);
    return rc;
}

int agi_fileset_add_buf(agi_fileset *out, const char *name, relic_buf *b, relic_err *err)
{
    if (relic_buf_check(b, err))
        return RELIC_ENOMEM;
    size_t len;
    uint8_t *data = relic_buf_take(b, &len);
    return agi_fileset_add(out, name, data ? data : relic_calloc_array(0, 1), len, err);
}

int agi_file_is_stub(const uint8_t *d, size_t len)
{
    if (!d || len < 1 || d[len - 1] != 0x1a)
        return 0;
    for (size_t i = 0; i + 1 < len; i++)
        if (d[i] < 0x20 || d[i] > 0x7e)
            return 0;
    return 1;
}
