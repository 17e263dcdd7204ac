/* riven-script --build: the manifest builder and the text sources it reads. */
#ifndef RS_BUILD_H
#define RS_BUILD_H

#include "relic/buf.h"
#include "relic/error.h"
#include "relic/riven_vm.h"

/* Builds the archive; returns an exit code (errors already printed). */
int rs_build(const char *manifest, const char *out);

#endif
