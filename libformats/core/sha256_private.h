/* SHA-256's block functions (sha256.c), internal to librelic-formats: the
 * portable one and the one on the x86 SHA extensions, so that a test can
 * check each against the other and against FIPS 180-4's examples. */
#ifndef RELIC_SHA256_PRIVATE_H
#define RELIC_SHA256_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

/* Runs the compression function over n whole 64-byte blocks of p. */
void relic_sha256_blocks_portable(uint32_t h[8], const uint8_t *p, size_t n);
/* The same on the SHA extensions; returns 0 (h untouched) when this
 * processor or build has none. */
int relic_sha256_blocks_accel(uint32_t h[8], const uint8_t *p, size_t n);

#endif
