// A small C++ program using the installed relic the way another project
// would: headers from <prefix>/include/relic, libraries from pkg-config
// (relic = librelic-vm + librelic-formats).  It reads bytes through the
// bounded cursor, decodes a two-word WORDS.TOK and names an opcode of
// each VM; the checks make it exit nonzero if any answer is wrong.
#include <cstdio>
#include <cstring>
#include <string>
#include "relic/agi.h"
#include "relic/agi_profile.h"
#include "relic/cursor.h"
#include "relic/riven_vm.h"
#include "relic/soup.h"

int main()
{
    int bad = 0;
    const uint8_t bytes[] = {0x34, 0x12, 0x78, 0x56};
    relic_cur c = relic_cur_make(bytes, sizeof bytes, 0);
    unsigned a = relic_le16(&c), b = relic_be16(&c);
    relic_le16(&c); // past the end: sticky failure, not a crash
    if (a != 0x1234 || b != 0x7856 || !c.failed) {
        std::printf("cursor: %x %x failed=%d\n", a, b, c.failed);
        bad = 1;
    }
    if (std::string(agi_kind_name(AGI_PICTURE)) != "picture")
        bad = 1;
    if (!agi_profile_find("2.936")) {
        std::printf("no profile 2.936\n");
        bad = 1;
    }
    // WORDS.TOK: 26 letter offsets, then "a" (group 0) and "ab" sharing one
    // letter with it (group 1); each last letter has bit 7 set.
    uint8_t tok[52 + 12] = {};
    tok[1] = 52; // offset of the 'a' section
    const uint8_t words[] = {0x00, 0x80 | ('a' ^ 0x7f), 0x00, 0x00, 0x01, 0x80 | ('b' ^ 0x7f), 0x00, 0x01, 0x00};
    std::memcpy(tok + 52, words, sizeof words);
    agi_words w;
    relic_err err;
    relic_err_clear(&err);
    if (agi_words_decode(tok, 52 + sizeof words, &w, &err) == RELIC_OK) {
        std::printf("words: %u (%s, %s)\n", w.count, w.count ? w.words[0].text : "-", w.count > 1 ? w.words[1].text : "-");
        if (w.count != 2 || std::string(w.words[1].text) != "ab" || w.words[1].id != 1)
            bad = 1;
        agi_words_free(&w);
    } else {
        std::printf("words: %s\n", err.msg);
        bad = 1;
    }
    const riven_op_info *op = riven_op(1);
    std::printf("riven op 1: %s, soup op 0: %s\n", op ? op->name : "?", soup_opcode_name(0) ? soup_opcode_name(0) : "?");
    if (!op)
        bad = 1;
    std::printf(bad ? "FAILED\n" : "relic from C++: ok\n");
    return bad;
}
