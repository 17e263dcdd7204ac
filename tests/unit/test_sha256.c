/* SHA-256 against the FIPS 180-2/180-4 example vectors (one block, empty,
 * two blocks, one million 'a' fed in odd pieces). */
#include <string.h>
#include "relic/sha256.h"
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sha256_vectors),
        cmocka_unit_test(test_sha256_million_a_in_pieces),
    };
    return cmocka_run_group_tests_name("sha256", tests, NULL, NULL);
}
