/* Fuzzes the AGI WORDS.TOK dictionary codec.  The input is decoded; on
 * success the word list is encoded with agi_words_encode and the result
 * decoded again, which must give back the same words (text and id).  The
 * encoder keeps the given order when the list is already grouped by
 * section (initial letter, as agi_words_encode defines it) and otherwise
 * sorts it by design, so grouped lists are compared in order and others as
 * sorted multisets.  An encoder refusal (an empty word, one longer than 255
 * bytes, or more than 64 KiB) skips the comparison. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/buf.h"
#include "relic/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The section agi_words_encode files a word under (see words.c). */
static int section_of(const char *text)
{
    int c = tolower((unsigned char)text[0]);
    return c < 'a' ? 0 : c > 'z' ? 25 : c - 'a';
}

static int word_cmp(const void *a, const void *b)
{
    const agi_word *x = *(agi_word *const *)a, *y = *(agi_word *const *)b;
    int sx = section_of(x->text), sy = section_of(y->text);
    if (sx != sy)
        return sx < sy ? -1 : 1;
    int c = strcmp(x->text, y->text);
    if (c)
        return c;
    return x->id < y->id ? -1 : x->id > y->id;
}

static const agi_word **ordered(const agi_words *w, int sort)
{
    const agi_word **v = malloc((w->count ? w->count : 1) * sizeof *v);
    if (!v)
        return NULL;
    for (unsigned i = 0; i < w->count; i++)
        v[i] = &w->words[i];
    if (sort)
        qsort(v, w->count, sizeof *v, word_cmp);
    return v;
}

static void compare(const agi_words *a, const agi_words *b)
{
    if (a->count != b->count) {
        fprintf(stderr, "words round trip: %u words became %u\n", a->count, b->count);
        abort();
    }
    int grouped = 1;
    for (unsigned i = 1; i < a->count; i++)
        if (section_of(a->words[i].text) < section_of(a->words[i - 1].text))
            grouped = 0;
    const agi_word **va = ordered(a, !grouped), **vb = ordered(b, !grouped);
    if (va && vb)
        for (unsigned i = 0; i < a->count; i++)
            if (va[i]->id != vb[i]->id || strcmp(va[i]->text, vb[i]->text) != 0) {
                fprintf(stderr, "words round trip (%s): word %u \"%s\"/%u became \"%s\"/%u\n",
                        grouped ? "in order" : "sorted", i, va[i]->text, va[i]->id, vb[i]->text, vb[i]->id);
                abort();
            }
    free(va);
    free(vb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    agi_words w;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_words_decode(data, size, &w, &err);
    if (rc != RELIC_OK) {
        if (err.code != rc)
            abort();
        agi_words_free(&w);
        return 0;
    }
    for (unsigned i = 0; i < w.count; i++)
        for (const unsigned char *p = (const unsigned char *)w.words[i].text; *p; p++)
            if (*p >= 0x80)
                abort(); /* (b & 0x7f) ^ 0x7f is always below 0x80 */

    relic_buf enc = RELIC_BUF_INIT;
    relic_err_clear(&err);
    if (agi_words_encode(&w, &enc, &err) == RELIC_OK) {
        agi_words back;
        relic_err berr;
        relic_err_clear(&berr);
        if (agi_words_decode(enc.data, enc.len, &back, &berr) != RELIC_OK) {
            fprintf(stderr, "words round trip: re-decode of %zu encoded bytes failed: %s (offset %zu)\n", enc.len,
                    berr.msg, berr.offset);
            abort();
        }
        compare(&w, &back);
        agi_words_free(&back);
    }
    relic_buf_free(&enc);
    agi_words_free(&w);
    return 0;
}
