/* AGI WORDS.TOK dictionary (agi-spec input_text_and_menus.md, "Dictionary
 * file"): 26 big-endian section offsets a..z, then prefix-compressed
 * entries (prefix length, suffix bytes (b & 0x7f) ^ 0x7f with 0x80 on the
 * last, word id u16be).  Observed files (every corpus game) end with one
 * zero byte and file words that start with a digit under 'a', before the
 * letters; each section restarts the prefix chain. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/core.h"
#include "relic/cursor.h"
#include "agi_private.h"

#define AGI_WORDS_HEADER 52
#define AGI_WORD_MAX 255

static int agi_words_push(agi_words *w, size_t *cap, const char *text, uint16_t id)
{
    if (relic_grow((void **)&w->words, cap, (size_t)w->count + 1, sizeof *w->words, 64))
        return -1;
    if (!(w->words[w->count].text = strdup(text)))
        return -1;
    w->words[w->count++].id = id;
    return 0;
}

/* Reads the entries of one section [c->pos, end). */
static int agi_words_section(relic_cur *c, size_t end, agi_words *w, size_t *cap, relic_err *err)
{
    char prev[AGI_WORD_MAX + 1] = "", word[AGI_WORD_MAX + 1];
    size_t prev_len = 0;
    while (c->pos < end && !c->failed) {
        size_t at = relic_tell(c);
        /* The file's final zero byte is padding, not an entry. */
        if (end - c->pos < 4 && c->pos + 1 == c->len && c->base[c->pos] == 0) {
            relic_skip(c, 1);
            break;
        }
        size_t n = relic_u8(c);
        if (n > prev_len)
            return relic_err_set(err, RELIC_EDATA, at, "prefix length %zu longer than the previous word", n);
        memcpy(word, prev, n);
        uint8_t b;
        do {
            b = relic_u8(c);
            if (n >= AGI_WORD_MAX)
                return relic_err_set(err, RELIC_EDATA, at, "word longer than %d bytes", AGI_WORD_MAX);
            word[n++] = (char)((b & 0x7f) ^ 0x7f);
        } while (!(b & 0x80) && !c->failed);
        word[n] = '\0';
        uint16_t id = relic_be16(c);
        /* Reading on into the next section is what the interpreter does;
         * only the end of the file stops it. */
        if (c->failed)
            return relic_err_set(err, RELIC_EDATA, at, "entry at 0x%zx runs past the end of the file", at);
        if (agi_words_push(w, cap, word, id))
            return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        memcpy(prev, word, n + 1);
        prev_len = n;
    }
    return RELIC_OK;
}

static int agi_words_read(const uint8_t *data, size_t len, agi_words *out, relic_err *err);

/* A placeholder stub (agi_file_is_stub) reads as no words, as ScummVM's
 * Words::loadDictionary reads it: every section offset lies past the end
 * of the file, so no section yields a word; the original interpreter never
 * looks one up in a game that parses nothing (groza: no said() or parse
 * in any logic).  A file that is not a stub keeps its error. */
int agi_words_decode(const uint8_t *data, size_t len, agi_words *out, relic_err *err)
{
    relic_err e;
    relic_err_clear(&e);
    int rc = agi_words_read(data, len, out, &e);
    if (rc == RELIC_OK)
        return RELIC_OK;
    if (rc != RELIC_ENOMEM && agi_file_is_stub(data, len)) {
        memset(out, 0, sizeof *out);
        out->placeholder = 1;
        return RELIC_OK;
    }
    if (err)
        *err = e;
    return rc;
}

static int agi_words_read(const uint8_t *data, size_t len, agi_words *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    relic_cur c = relic_cur_make(data, len, 0);
    size_t off[26];
    for (int i = 0; i < 26; i++)
        off[i] = relic_be16(&c);
    if (relic_cur_check(&c, err))
        return relic_err_set(err, RELIC_EDATA, len, "dictionary of %zu bytes is shorter than its 52-byte header", len);
    size_t cap = 0;
    /* A section may start anywhere inside the file, in any order: real
     * games put the 'a' section at 0x33, where its first entry's prefix
     * byte (0) is the low byte of the header's last offset, and the
     * interpreter simply reads from there.  A section runs to the next
     * higher section start (or the end of the file); letters that share
     * one start share its words, which are read once. */
    for (int i = 0; i < 26; i++) {
        if (off[i] == 0)
            continue;
        if (off[i] >= len) {
            agi_words_free(out);
            return relic_err_set(err, RELIC_EDATA, off[i], "section '%c' offset 0x%zx past the end of the file",
                                 'a' + i, off[i]);
        }
        int seen = 0;
        size_t end = len;
        for (int j = 0; j < 26; j++) {
            seen |= j < i && off[j] == off[i];
            if (off[j] > off[i] && off[j] < end)
                end = off[j];
        }
        if (seen)
            continue;
        relic_seek(&c, off[i]);
        if (agi_words_section(&c, end, out, &cap, err)) {
            agi_words_free(out);
            return err ? err->code : RELIC_EDATA;
        }
    }
    return RELIC_OK;
}

void agi_words_free(agi_words *w)
{
    for (unsigned i = 0; i < w->count; i++)
        free(w->words[i].text);
    free(w->words);
    memset(w, 0, sizeof *w);
}

/* Section of a word: its initial letter; anything before 'a' goes first in
 * the 'a' section and anything after 'z' last in 'z', as observed. */
static int agi_words_section_of(const char *text)
{
    int c = tolower((unsigned char)text[0]);
    if (c < 'a')
        return 0;
    if (c > 'z')
        return 25;
    return c - 'a';
}

static int agi_words_cmp(const void *a, const void *b)
{
    const agi_word *x = *(agi_word *const *)a, *y = *(agi_word *const *)b;
    int sx = agi_words_section_of(x->text), sy = agi_words_section_of(y->text);
    if (sx != sy)
        return sx - sy;
    return strcmp(x->text, y->text);
}

int agi_words_encode(const agi_words *w, relic_buf *out, relic_err *err)
{
    /* Keep the given order when it is already grouped by section (so a
     * decoded file re-encodes byte for byte); otherwise sort. */
    const agi_word **order = relic_alloc_array(w->count, sizeof *order);
    if (!order)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    int grouped = 1;
    for (unsigned i = 0; i < w->count; i++) {
        order[i] = &w->words[i];
        if (!w->words[i].text[0] || strlen(w->words[i].text) > AGI_WORD_MAX) {
            free(order);
            return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "word %u is empty or too long", i);
        }
        if (i && agi_words_section_of(w->words[i].text) < agi_words_section_of(w->words[i - 1].text))
            grouped = 0;
    }
    if (!grouped)
        qsort(order, w->count, sizeof *order, agi_words_cmp);
    size_t start = out->len;
    relic_buf_zeros(out, AGI_WORDS_HEADER);
    int section = -1;
    const char *prev = "";
    for (unsigned i = 0; i < w->count; i++) {
        const char *t = order[i]->text;
        int s = agi_words_section_of(t);
        if (s != section) {
            if (out->len - start > 0xffff) {
                free(order);
                return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "dictionary larger than 64 KiB");
            }
            if (!out->oom) {
                out->data[start + 2 * (size_t)s] = (uint8_t)((out->len - start) >> 8);
                out->data[start + 2 * (size_t)s + 1] = (uint8_t)(out->len - start);
            }
            section = s;
            prev = "";
        }
        size_t n = 0, tl = strlen(t);
        while (prev[n] && prev[n] == t[n] && n < tl - 1) /* at least one suffix byte */
            n++;
        relic_buf_u8(out, (uint8_t)n);
        for (size_t k = n; k < tl; k++)
            relic_buf_u8(out, (uint8_t)(((uint8_t)t[k] ^ 0x7f) | (k + 1 == tl ? 0x80 : 0)));
        relic_buf_be16(out, order[i]->id);
        prev = t;
    }
    relic_buf_u8(out, 0);
    free(order);
    return relic_buf_check(out, err);
}
