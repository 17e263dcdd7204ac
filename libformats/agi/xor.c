/* The repeating XOR of AGI text: OBJECT files, logic message tables and
 * save block 3 (agi-spec resource_containers.md "Inventory metadata file",
 * logic_bytecode.md), keyed "Avis Durgan", or "Alex Simkin" in AGDS games
 * (agds.c).  A leaf: the files that read XORed text call it, it calls
 * nothing. */
#include <stddef.h>
#include <stdint.h>
#include "agi_private.h"

void agi_xor_with(uint8_t *p, size_t n, const char *key)
{
    /* The key laid out 16 times over: the inner loop has no counter to
     * wrap and the compiler does it 16 bytes at a time (byte by byte it
     * was a twentieth of --raw on a game with long message tables). */
    uint8_t run[AGI_XOR_KEY_LEN * 16];
    for (size_t i = 0; i < sizeof run; i++)
        run[i] = (uint8_t)key[i % AGI_XOR_KEY_LEN];
    size_t i = 0;
    for (; n - i >= sizeof run; i += sizeof run)
        for (size_t j = 0; j < sizeof run; j++)
            p[i + j] ^= run[j];
    for (size_t j = 0; i < n; i++, j++)
        p[i] ^= run[j];
}

void agi_xor(uint8_t *p, size_t n) { agi_xor_with(p, n, AGI_XOR_KEY); }
