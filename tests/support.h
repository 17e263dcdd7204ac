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

#endif
