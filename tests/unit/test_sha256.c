/* SHA-256 against the FIPS 180-2/180-4 example vectors (one block, empty,
 * two blocks, one million 'a' fed in odd pieces), and the two block
 * functions (portable, SHA extensions) against each other. */
#include <string.h>
#include "relic/sha256.h"
#include "../libformats/core/sha256_private.h"
#include "support.h"

static void test_sha256_vectors(void **state)
{
    (void)state;
    char hex[65];
    relic_sha256_hex("abc", 3, hex);
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    relic_sha256_hex("", 0, hex);
    assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    relic_sha256_hex(two, strlen(two), hex);
    assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

static void test_sha256_million_a_in_pieces(void **state)
{
    (void)state;
    uint8_t chunk[997];
    memset(chunk, 'a', sizeof chunk);
    relic_sha256 s;
    relic_sha256_init(&s);
    size_t left = 1000000;
    while (left) {
        size_t n = left < sizeof chunk ? left : sizeof chunk;
        relic_sha256_update(&s, chunk, n);
        left -= n;
    }
    uint8_t d[32];
    relic_sha256_final(&s, d);
    assert_memory_equal(d,
                        "\xcd\xc7\x6e\x5c\x99\x14\xfb\x92\x81\xa1\xc7\xe2\x84\xd7\x3e\x67"
                        "\xf1\x80\x9a\x48\xa4\x97\x20\x0e\x04\x6d\x39\xcc\xc7\x11\x2c\xd0",
                        32);
    /* 55 and 56 bytes: the padding boundary that needs a second block. */
    char hex[65];
    relic_sha256_hex(chunk, 56, hex);
    assert_string_equal(hex, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
}

/* Digest of len bytes fed in pieces of `piece` (every split of the block
 * buffer and the direct whole-block path). */
static void sha256_pieces(const uint8_t *p, size_t len, size_t piece, uint8_t d[32])
{
    relic_sha256 s;
    relic_sha256_init(&s);
    for (size_t at = 0; at < len; at += piece)
        relic_sha256_update(&s, p + at, len - at < piece ? len - at : piece);
    relic_sha256_final(&s, d);
}

static void test_sha256_any_split(void **state)
{
    (void)state;
    uint8_t buf[300], one[32], d[32];
    for (size_t i = 0; i < sizeof buf; i++)
        buf[i] = (uint8_t)(i * 131 + 7);
    for (size_t len = 0; len <= sizeof buf; len += 17) {
        sha256_pieces(buf, len, len ? len : 1, one);
        for (size_t piece = 1; piece < 70; piece += 3) {
            sha256_pieces(buf, len, piece, d);
            assert_memory_equal(d, one, 32);
        }
    }
    /* FIPS 180-2 appendix B.2 fed byte by byte, then unaligned. */
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    sha256_pieces((const uint8_t *)two, strlen(two), 1, d);
    assert_memory_equal(d,
                        "\x24\x8d\x6a\x61\xd2\x06\x38\xb8\xe5\xc0\x26\x93\x0c\x3e\x60\x39"
                        "\xa3\x3c\xe4\x59\x64\xff\x21\x67\xf6\xec\xed\xd4\x19\xdb\x06\xc1",
                        32);
    memcpy(buf + 1, two, strlen(two));
    sha256_pieces(buf + 1, strlen(two), 64, one);
    assert_memory_equal(d, one, 32);
}

/* The SHA-extension blocks equal the portable ones (where the processor
 * has them; elsewhere the portable path is all there is). */
static void test_sha256_block_functions_agree(void **state)
{
    (void)state;
    uint8_t buf[64 * 9 + 1];
    uint32_t x = 1;
    for (size_t i = 0; i < sizeof buf; i++) {
        x = x * 1103515245u + 12345u;
        buf[i] = (uint8_t)(x >> 16);
    }
    for (size_t n = 1; n <= 9; n++) {
        uint32_t a[8] = {1, 2, 3, 4, 5, 6, 7, 0xffffffffu}, b[8];
        memcpy(b, a, sizeof a);
        relic_sha256_blocks_portable(a, buf + 1, n);
        if (!relic_sha256_blocks_accel(b, buf + 1, n))
            skip();
        assert_memory_equal(a, b, sizeof a);
    }
    /* "abc" padded by hand: FIPS 180-2 appendix B.1's one block. */
    uint8_t blk[64] = {'a', 'b', 'c', 0x80};
    blk[63] = 24;
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    relic_sha256_blocks_portable(h, blk, 1);
    assert_int_equal(h[0], 0xba7816bf);
    assert_int_equal(h[7], 0xf20015ad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sha256_vectors),
        cmocka_unit_test(test_sha256_million_a_in_pieces),
        cmocka_unit_test(test_sha256_any_split),
        cmocka_unit_test(test_sha256_block_functions_agree),
    };
    return cmocka_run_group_tests_name("sha256", tests, NULL, NULL);
}
