/* agi-unpack's room map (export_rooms.c). */
#ifndef AGI_UNPACK_EXPORT_ROOMS_H
#define AGI_UNPACK_EXPORT_ROOMS_H
#include "relic/buf.h"
#include "relic/error.h"
#include "write.h"

/* Writes rooms.json, rooms.dot and (when Graphviz's dot runs) rooms.svg
 * into root from the logics' references kept on the page; the page keeps
 * the SVG text, empty when dot did not run (a warning is printed). */
int unpack_rooms_write(const char *root, unsigned out_flags, unpack_page *page, relic_err *err);

#endif
