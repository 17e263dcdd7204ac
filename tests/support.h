/* Helpers shared by the cmocka test programs: fixture and corpus paths,
 * whole-file reads, temporary folders. */
#ifndef RELIC_TEST_SUPPORT_H
#define RELIC_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>
#include <jansson.h>
#include "relic/buf.h"

/* tests/fixtures/<rel>, read whole; fails the test when missing. */
void test_fixture(const char *rel, relic_buf *out);
/* The corpus root ($RELIC_CORPUS), or NULL: callers skip with a printed
 * reason, except under CI=true where a missing corpus fails. */
const char *test_corpus_root(void);
/* $RELIC_CORPUS/<sub> (or the root itself for "") into out.  Without a
 * corpus it prints "# <what> corpus tests skipped: ..." and skips the
 * current test; under CI=true a missing corpus fails it instead.  Returns
 * only when the corpus is there. */
void test_corpus_require(const char *sub, const char *what, char *out, size_t outsz);
/* A fresh empty folder under $TMPDIR; removed by test_tmpdir_remove. */
void test_tmpdir(char *out, size_t outsz);
void test_tmpdir_remove(const char *path);
/* Bytes from a hex string ("12 34 ab"). */
size_t test_hex(const char *hex, uint8_t *out, size_t outsz);
/* jansson's allocator failing at its nth call (from 0) only, the calls
 * after it succeeding again: a builder that ignores one failed setter then
 * goes on to a document short of a member.  n < 0: no fault. */
void test_json_fail_at(long n);
/* For the sticky JSON builders (relic_json_set): build(arg) once without a
 * fault, then with the allocator failing at its 1st, 2nd, ... call, up to
 * max_calls or until a build no longer reaches the failing call.  Each result must be NULL or equal to
 * the whole document, never one short of a member; at least one must be
 * NULL.  Returns how many failing calls were tried. */
unsigned test_json_whole_or_null(json_t *(*build)(const void *arg), const void *arg, unsigned max_calls);

#endif
