/* libsndfile through dlopen (POSIX.1-2008 dlopen/dlsym) rather than at link
 * time.  Linked, libsndfile brings FLAC, Vorbis, Opus, mpg123 and LAME
 * with it: nine shared objects mapped and relocated at every start of
 * riven-script, pic-render and snd-render, which on a small archive cost
 * more than the extraction (riven-script on the project's sample: 4.2 ms of
 * CPU against 2.8 ms without them).  Loaded here only when a file needs a
 * codec: FLAC or Ogg output, MPEG tWAV decoding; .wav goes through
 * librelic-io's own writer.  RTLD_NODELETE keeps the library mapped after
 * the caller's dlclose, so later calls find it loaded and no state of ours
 * lives between calls: the dynamic loader holds it. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <string.h>
#include "sndfile_load.h"

/* libsndfile's soname: ABI 1 since 1.0 (sndfile.h's sf_* signatures). */
#define RELIC_SF_SONAME "libsndfile.so.1"

/* dlsym's object pointer into a function pointer: POSIX requires that
 * this works (XSH dlsym); memcpy keeps ISO C's rule about the cast. */
static int relic_sf_sym(void *lib, const char *name, void *fn, size_t size)
{
    void *p = dlsym(lib, name);
    if (!p)
        return -1;
    memcpy(fn, &p, size);
    return 0;
}

int relic_sf_load(relic_sf_api *api, relic_err *err)
{
    memset(api, 0, sizeof *api);
    void *lib = dlopen(RELIC_SF_SONAME, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (!lib) {
        const char *why = dlerror();
        return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot load %s for this audio codec: %s",
                             RELIC_SF_SONAME, why ? why : "not found");
    }
    int bad = relic_sf_sym(lib, "sf_open_virtual", &api->open_virtual, sizeof api->open_virtual) |
              relic_sf_sym(lib, "sf_close", &api->close, sizeof api->close) |
              relic_sf_sym(lib, "sf_error", &api->error, sizeof api->error) |
              relic_sf_sym(lib, "sf_strerror", &api->strerror, sizeof api->strerror) |
              relic_sf_sym(lib, "sf_readf_short", &api->readf_short, sizeof api->readf_short) |
              relic_sf_sym(lib, "sf_writef_short", &api->writef_short, sizeof api->writef_short);
    dlclose(lib); /* RTLD_NODELETE: still mapped, the pointers stay valid */
    if (bad)
        return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "%s lacks a function relic calls", RELIC_SF_SONAME);
    return RELIC_OK;
}
