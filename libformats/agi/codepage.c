/* The code page of an AGI game's text, one const row per page: Sierra's
 * games are CP437 (the PC's own page), an AGDS game's CP866 (agds.c).  A
 * row says how the game's bytes read as UTF-8 and back, and how the parser
 * folds a typed byte before it looks the word up in WORDS.TOK.
 *
 * The fold of CP866 follows ScummVM's AGI engine (engines/agi/words.cpp,
 * Words::convertRussianUserInput, applied for Russian games, Groza the AGDS
 * sample among them; read, not copied): WORDS.TOK cannot hold a byte from
 * 0x80 (each suffix byte is (b & 0x7f) ^ 0x7f, bit 0x80 ends the word:
 * agi-spec input_text_and_menus.md "Dictionary file"), so a Russian
 * dictionary stores each Cyrillic letter as one Latin letter, and the
 * parser turns each typed letter, capital or small, into that letter:
 *   а a  б b  в v  г g  д d  е e  ё e  ж w  з z  и i  й i  к k  л l
 *   м m  н n  о o  п p  р r  с s  т t  у u  ф f  х x  ц c  ч y  ш h
 *   щ h  ъ j  ы i  ь j  э e  ю u  я q
 * The word as typed (the Cyrillic bytes) is what %w and word.to.string
 * show. */
#include "relic/agi_ext.h"
#include "relic/text.h"

static uint8_t agi_cp437_fold(uint8_t typed) { return typed >= 'A' && typed <= 'Z' ? (uint8_t)(typed + 32) : typed; }

static uint8_t agi_cp866_fold(uint8_t typed)
{
    /* а..я in alphabet order (ё apart): the Latin letter of each */
    static const char latin[33] = "abvgdewziiklmnoprstufxcyhhjijeuq";
    if (typed >= 0x80 && typed <= 0x9f) /* А..Я */
        return (uint8_t)latin[typed - 0x80];
    if (typed >= 0xa0 && typed <= 0xaf) /* а..п */
        return (uint8_t)latin[typed - 0xa0];
    if (typed >= 0xe0 && typed <= 0xef) /* р..я */
        return (uint8_t)latin[typed - 0xe0 + 16];
    if (typed == 0xf0 || typed == 0xf1) /* Ё ё */
        return 'e';
    return agi_cp437_fold(typed);
}

// clang-format off
static const agi_codepage agi_codepage_table[] = {
    {.flag = 0, .name = "cp437", .to_utf8 = relic_cp437_to_utf8, .from_utf8 = relic_utf8_to_cp437,
     .fold = agi_cp437_fold},
    {.flag = AGI_EXT_AGDS, .name = "cp866", .to_utf8 = agi_cp866_to_utf8, .from_utf8 = agi_utf8_to_cp866,
     .fold = agi_cp866_fold},
};
// clang-format on

const agi_codepage *agi_codepage_for(unsigned extensions)
{
    for (size_t i = 1; i < sizeof agi_codepage_table / sizeof agi_codepage_table[0]; i++)
        if (extensions & agi_codepage_table[i].flag)
            return &agi_codepage_table[i];
    return &agi_codepage_table[0];
}
