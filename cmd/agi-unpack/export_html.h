/* agi-unpack's browsable page (export_html.c). */
#ifndef AGI_UNPACK_EXPORT_HTML_H
#define AGI_UNPACK_EXPORT_HTML_H

#include <jansson.h>
#include "relic/error.h"
#include "write.h"

/* Writes OUT/index.html from the run's summary (the game.json document)
 * and the documents kept as their files were written (page); call after
 * everything else is written.  Resources that failed are listed with their
 * error, not linked. */
int unpack_html_write(const char *out_dir, unsigned out_flags, const json_t *summary, const unpack_page *page,
                      relic_err *err);

#endif
