/* libsndfile, loaded when a codec is first needed (sndfile_load.c): the
 * functions librelic-audio calls, as a table each caller keeps. */
#ifndef RELIC_SNDFILE_LOAD_H
#define RELIC_SNDFILE_LOAD_H
#include <sndfile.h>
#include "relic/error.h"

typedef struct relic_sf_api {
    SNDFILE *(*open_virtual)(SF_VIRTUAL_IO *io, int mode, SF_INFO *info, void *user);
    int (*close)(SNDFILE *f);
    int (*error)(SNDFILE *f);
    const char *(*strerror)(SNDFILE *f);
    sf_count_t (*readf_short)(SNDFILE *f, short *p, sf_count_t frames);
    sf_count_t (*writef_short)(SNDFILE *f, const short *p, sf_count_t frames);
} relic_sf_api;

/* Fills api from libsndfile.so.1, loading it on the first call in the
 * process; RELIC_EIO naming the library when it cannot be loaded. */
int relic_sf_load(relic_sf_api *api, relic_err *err);

#endif
