/* Folder listings with case-insensitive lookup (relic/io.h): AGI games ship
 * with upper- and lower-case names, and the folder is read once. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "relic/io.h"

static int relic_dir_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int relic_dir_open(const char *path, relic_dir *d, relic_err *err)
{
    d->names = NULL;
    d->count = 0;
    DIR *dp = opendir(path);
    if (!dp) {
        relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot open folder: %s", strerror(errno));
        relic_err_file(err, path);
        return RELIC_EIO;
    }
    size_t cap = 0;
    struct dirent *de;
    while ((de = readdir(dp)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        if (d->count == cap) {
            size_t ncap = cap ? cap * 2 : 32;
            char **p = realloc(d->names, ncap * sizeof *p);
            if (!p)
                goto oom;
            d->names = p;
            cap = ncap;
        }
        if (!(d->names[d->count] = strdup(de->d_name)))
            goto oom;
        d->count++;
    }
    closedir(dp);
    /* Sorted so that lookups among names differing only in case are stable. */
    if (d->count)
        qsort(d->names, d->count, sizeof *d->names, relic_dir_cmp);
    return RELIC_OK;
oom:
    closedir(dp);
    relic_dir_close(d);
    return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
}

const char *relic_dir_find(const relic_dir *d, const char *name)
{
    for (size_t i = 0; i < d->count; i++)
        if (strcasecmp(d->names[i], name) == 0)
            return d->names[i];
    return NULL;
}

void relic_dir_close(relic_dir *d)
{
    for (size_t i = 0; i < d->count; i++)
        free(d->names[i]);
    free(d->names);
    d->names = NULL;
    d->count = 0;
}
