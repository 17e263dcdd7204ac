/* riven-script --build: the manifest builder and the text sources it reads. */
#ifndef RS_BUILD_H
#define RS_BUILD_H

#include "relic/buf.h"
#include "relic/error.h"
#include "relic/riven_vm.h"

/* Builds the archive; returns an exit code (errors already printed). */
int rs_build(const char *manifest, const char *out);

/* Each reads the text `src` (named `file` for errors) and appends the resource bytes. */
int rs_src_names(const char *src, relic_buf *out, relic_err *err);
int rs_src_words(const char *src, relic_buf *out, relic_err *err);
int rs_src_card(const char *src, const riven_nameset *ns, relic_buf *out, relic_err *err);
int rs_src_hotspots(const char *src, const riven_nameset *ns, relic_buf *out, relic_err *err);
int rs_src_bitmap(const char *src, unsigned bpp, uint16_t pack, relic_buf *out, relic_err *err);
int rs_src_sound(const char *src, uint16_t encoding, relic_buf *out, relic_err *err);

#endif
