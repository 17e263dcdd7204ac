/* make bench: shared timing helpers and one entry point per area, each in
 * its own bench_<area>.c.  Rates are printed, never asserted. */
#ifndef RELIC_BENCH_H
#define RELIC_BENCH_H

/* Wall-clock seconds, for whole commands. */
double bench_now(void);
/* This process's CPU seconds, for codec rates. */
double bench_cpu(void);

#include "relic/agi.h"

/* Every loadable payload of one kind in every game under root, with its
 * game's profile; returns the count (arrays are malloc'd, payloads owned
 * by the caller; bench_agi_payloads_free releases both). */
size_t bench_agi_payloads(const char *root, agi_kind kind, relic_buf **payloads, const agi_profile ***profiles);
void bench_agi_payloads_free(relic_buf *payloads, const agi_profile **profiles, size_t n);

/* root: the corpus folder of AGI games ($RELIC_CORPUS/agi) */
void bench_sound(const char *root);
/* corpus: $RELIC_CORPUS, or NULL for the unit-test fixtures */
void bench_saves(const char *corpus);
void bench_logic(const char *root);
void bench_pictures(const char *root);
/* corpus: $RELIC_CORPUS or NULL (then only the interpreter loop runs) */
void bench_gool(const char *corpus);
void bench_riven(void);
void bench_soup(void);
#include "relic/agi.h"

/* Every loadable payload of one kind in every game under root, with its
 * game's profile; returns the count (arrays are malloc'd, payloads owned
 * by the caller; bench_agi_payloads_free releases both). */
size_t bench_agi_payloads(const char *root, agi_kind kind, relic_buf **payloads, const agi_profile ***profiles);
void bench_agi_payloads_free(relic_buf *payloads, const agi_profile **profiles, size_t n);

/* root: the corpus folder of AGI games ($RELIC_CORPUS/agi) */
void bench_runtime(const char *root);
/* bench_unpack.c: agi-unpack per file written, against agikit extract and,
 * with --raw, against cp -r of its own output */
void bench_unpack_side_by_side(const char *root);

#endif
