/* SHA-256 (FIPS 180-4), for digests of decoded frames and goldens. */
#ifndef RELIC_SHA256_H
#define RELIC_SHA256_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct relic_sha256 {
    uint32_t h[8];
    uint64_t total; /* bytes fed */
    uint8_t block[64];
    size_t fill;
} relic_sha256;

void relic_sha256_init(relic_sha256 *s);
void relic_sha256_update(relic_sha256 *s, const void *data, size_t len);
void relic_sha256_final(relic_sha256 *s, uint8_t digest[32]);
/* One call: the digest of data as 64 lowercase hex digits and a zero. */
void relic_sha256_hex(const void *data, size_t len, char hex[65]);

#ifdef __cplusplus
}
#endif

#endif
