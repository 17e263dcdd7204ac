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
    /* The key's place as a counter, not i % length: a division per byte
     * was most of decoding a logic's messages. */
    for (size_t i = 0, k = 0; i < n; i++) {
        p[i] ^= (uint8_t)key[k];
        if (++k == AGI_XOR_KEY_LEN)
            k = 0;
    }
}

void agi_xor(uint8_t *p, size_t n) { agi_xor_with(p, n, AGI_XOR_KEY); }
