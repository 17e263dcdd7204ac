/* JSON forms of OBJECT, WORDS.TOK and logic message tables (see
 * relic/agi_json.h; keys documented in man/agi-unpack.1). */
#include <stdlib.h>
#include <string.h>
#include "relic/core.h"
#include "../../libformats/agi/agi_private.h" /* librelic-formats internals */
#include "json_private.h"
#include "relic/agi_ext.h"
#include "relic/agi_json.h"
#include "relic/io.h"
#include "relic/text.h"

static json_t *agi_json_text(const char *s) { return relic_json_bytes((const uint8_t *)s, strlen(s)); }

/* AGDS text is CP866 (agds.c), every other game's CP437. */
static json_t *agi_json_text_cp866(const char *s)
{
    relic_buf b = RELIC_BUF_INIT;
    agi_cp866_to_utf8((const uint8_t *)s, strlen(s), &b);
    json_t *j = b.oom ? NULL : json_stringn(b.data ? (const char *)b.data : "", b.len);
    relic_buf_free(&b);
    return j;
}

/* A JSON string back to zero-terminated CP437 (CP866 when cp866) bytes
 * (malloc'd). */
static char *agi_json_to_bytes_cp(const json_t *s, int cp866)
{
    relic_buf b = RELIC_BUF_INIT;
    if ((cp866 ? agi_utf8_to_cp866(json_string_value(s), json_string_length(s), &b)
               : relic_utf8_to_cp437(json_string_value(s), json_string_length(s), &b)) >= 0 ||
        memchr(b.data ? (void *)b.data : (void *)"", 0, b.len)) {
        relic_buf_free(&b);
        return NULL;
    }
    relic_buf_u8(&b, 0);
    if (b.oom) {
        relic_buf_free(&b);
        return NULL;
    }
    return (char *)relic_buf_take(&b, NULL);
}

static char *agi_json_to_bytes(const json_t *s) { return agi_json_to_bytes_cp(s, 0); }

json_t *agi_objects_to_json(const agi_objects *o)
{
    json_t *items = json_array();
    int oom = 0;
    for (unsigned i = 0; i < o->count; i++)
        relic_json_append(items,
                          json_pack("{s:i, s:o, s:i}", "index", (int)i, "name", agi_json_text(o->items[i].name),
                                    "location", (int)o->items[i].location),
                          &oom);
    if (oom) { /* a lost item: no document rather than a short one */
        json_decref(items);
        return NULL;
    }
    json_t *doc = json_pack("{s:s, s:i, s:s, s:i}", "format", AGI_OBJECTS_JSON_FORMAT, "format_version", 1, "encoding",
                            o->xor_key == AGI_MSG_KEY_AGDS ? "agds"
                            : o->xor_key                   ? "xor"
                                                           : "plain",
                            "max_object", (int)o->max_object);
    int lost = 0;
    if (o->placeholder)
        relic_json_set(doc, "placeholder", json_true(), &lost);
    relic_json_set(doc, "items", items, &lost);
    if (lost) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

int agi_objects_write_json(const agi_objects *o, relic_buf *out, relic_err *err)
{
    /* agi_objects_to_json's document in its printed order */
    const char *enc = o->xor_key == AGI_MSG_KEY_AGDS ? "agds" : o->xor_key ? "xor" : "plain";
    relic_json_stream s;
    relic_json_stream_begin(&s, out);
    relic_json_stream_open(&s, NULL, '{');
    relic_json_stream_string(&s, "format", AGI_OBJECTS_JSON_FORMAT, strlen(AGI_OBJECTS_JSON_FORMAT));
    relic_json_stream_int(&s, "format_version", 1);
    relic_json_stream_string(&s, "encoding", enc, strlen(enc));
    relic_json_stream_int(&s, "max_object", o->max_object);
    if (o->placeholder)
        relic_json_stream_bool(&s, "placeholder", 1);
    relic_json_stream_open(&s, "items", '[');
    for (unsigned i = 0; i < o->count; i++) {
        const char *name = o->items[i].name;
        relic_json_stream_open(&s, NULL, '{');
        relic_json_stream_int(&s, "index", i);
        relic_json_stream_bytes(&s, "name", (const uint8_t *)name, strlen(name));
        relic_json_stream_int(&s, "location", o->items[i].location);
        relic_json_stream_close(&s, '}');
    }
    relic_json_stream_close(&s, ']');
    relic_json_stream_close(&s, '}');
    return relic_json_stream_end(&s, err);
}

int agi_objects_from_json(const json_t *j, agi_objects *o, relic_err *err)
{
    memset(o, 0, sizeof *o);
    const char *enc = json_string_value(json_object_get(j, "encoding"));
    json_t *items = json_object_get(j, "items");
    json_int_t max = json_integer_value(json_object_get(j, "max_object"));
    if (!json_is_array(items) || !json_is_integer(json_object_get(j, "max_object")) || max < 0 || max > 255)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "objects: need \"items\" and \"max_object\" (0-255)");
    o->xor_key = enc && strcmp(enc, "agds") == 0     ? AGI_MSG_KEY_AGDS
                 : !enc || strcmp(enc, "plain") != 0 ? AGI_MSG_KEY_SIERRA
                                                     : AGI_MSG_PLAIN;
    o->max_object = (uint8_t)max;
    o->count = (unsigned)json_array_size(items);
    if (o->count > 0xffff / 3)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "objects: too many items");
    o->items = relic_calloc_array(o->count, sizeof *o->items);
    if (!o->items)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned i = 0; i < o->count; i++) {
        json_t *it = json_array_get(items, i);
        json_t *name = json_object_get(it, "name");
        json_int_t loc = json_integer_value(json_object_get(it, "location"));
        if (!json_is_string(name) || loc < 0 || loc > 255 || !(o->items[i].name = agi_json_to_bytes(name))) {
            agi_objects_free(o);
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET,
                                 "objects: item %u needs a name (CP437 text) and a location 0-255", i);
        }
        o->items[i].location = (uint8_t)loc;
    }
    return RELIC_OK;
}

json_t *agi_words_to_json(const agi_words *w)
{
    json_t *words = json_array();
    int oom = 0;
    for (unsigned i = 0; i < w->count; i++)
        relic_json_append(
            words, json_pack("{s:i, s:o}", "id", (int)w->words[i].id, "word", agi_json_text(w->words[i].text)), &oom);
    if (oom) {
        json_decref(words);
        return NULL;
    }
    json_t *doc = json_pack("{s:s, s:i}", "format", AGI_WORDS_JSON_FORMAT, "format_version", 1);
    int lost = 0;
    if (w->placeholder)
        relic_json_set(doc, "placeholder", json_true(), &lost);
    relic_json_set(doc, "words", words, &lost);
    if (lost) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

int agi_words_write_json(const agi_words *w, relic_buf *out, relic_err *err)
{
    /* agi_words_to_json's document in its printed order */
    relic_json_stream s;
    relic_json_stream_begin(&s, out);
    relic_json_stream_open(&s, NULL, '{');
    relic_json_stream_string(&s, "format", AGI_WORDS_JSON_FORMAT, strlen(AGI_WORDS_JSON_FORMAT));
    relic_json_stream_int(&s, "format_version", 1);
    if (w->placeholder)
        relic_json_stream_bool(&s, "placeholder", 1);
    relic_json_stream_open(&s, "words", '[');
    for (unsigned i = 0; i < w->count; i++) {
        const char *t = w->words[i].text;
        relic_json_stream_open(&s, NULL, '{');
        relic_json_stream_int(&s, "id", w->words[i].id);
        relic_json_stream_bytes(&s, "word", (const uint8_t *)t, strlen(t));
        relic_json_stream_close(&s, '}');
    }
    relic_json_stream_close(&s, ']');
    relic_json_stream_close(&s, '}');
    return relic_json_stream_end(&s, err);
}

int agi_words_from_json(const json_t *j, agi_words *w, relic_err *err)
{
    memset(w, 0, sizeof *w);
    json_t *words = json_object_get(j, "words");
    if (!json_is_array(words))
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "words: need a \"words\" array");
    w->count = (unsigned)json_array_size(words);
    w->words = relic_calloc_array(w->count, sizeof *w->words);
    if (!w->words)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (unsigned i = 0; i < w->count; i++) {
        json_t *e = json_array_get(words, i);
        json_t *text = json_object_get(e, "word");
        json_int_t id = json_integer_value(json_object_get(e, "id"));
        if (!json_is_string(text) || id < 0 || id > 0xffff || !(w->words[i].text = agi_json_to_bytes(text))) {
            agi_words_free(w);
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "words: entry %u needs a word and an id 0-65535",
                                 i);
        }
        w->words[i].id = (uint16_t)id;
    }
    return RELIC_OK;
}

json_t *agi_messages_to_json(const agi_logic_messages *m, unsigned logic_number)
{
    json_t *list = json_array();
    int oom = 0;
    int agds = m->encrypted == AGI_MSG_KEY_AGDS;
    for (unsigned i = 1; i <= m->count; i++) {
        json_t *e =
            json_pack("{s:i, s:o}", "number", (int)i, "text",
                      m->msg[i].text ? (agds ? agi_json_text_cp866(m->msg[i].text) : agi_json_text(m->msg[i].text))
                                     : json_null());
        if (m->msg[i].unterminated)
            relic_json_set(e, "unterminated", json_true(), &oom);
        relic_json_append(list, e, &oom);
    }
    if (oom) {
        json_decref(list);
        return NULL;
    }
    json_t *doc = json_pack("{s:s, s:i, s:i, s:i, s:b}", "format", AGI_MESSAGES_JSON_FORMAT, "format_version", 1,
                            "logic", (int)logic_number, "count", (int)m->count, "encrypted", m->encrypted != 0);
    if (agds) /* only AGDS tables carry it: the text is CP866 under the AGDS key */
        relic_json_set(doc, "xor_key", json_string("agds"), &oom);
    relic_json_set(doc, "messages", list, &oom);
    if (oom) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

int agi_messages_write_json(const agi_logic_messages *m, unsigned logic_number, relic_buf *out, relic_err *err)
{
    /* agi_messages_to_json's document, key for key in its printed order */
    int agds = m->encrypted == AGI_MSG_KEY_AGDS;
    relic_json_stream s;
    relic_buf text = RELIC_BUF_INIT;
    relic_json_stream_begin(&s, out);
    relic_json_stream_open(&s, NULL, '{');
    relic_json_stream_string(&s, "format", AGI_MESSAGES_JSON_FORMAT, strlen(AGI_MESSAGES_JSON_FORMAT));
    relic_json_stream_int(&s, "format_version", 1);
    relic_json_stream_int(&s, "logic", logic_number);
    relic_json_stream_int(&s, "count", m->count);
    relic_json_stream_bool(&s, "encrypted", m->encrypted != 0);
    if (agds)
        relic_json_stream_string(&s, "xor_key", "agds", 4);
    relic_json_stream_open(&s, "messages", '[');
    for (unsigned i = 1; i <= m->count; i++) {
        const char *t = m->msg[i].text;
        relic_json_stream_open(&s, NULL, '{');
        relic_json_stream_int(&s, "number", i);
        if (!t) {
            relic_json_stream_null(&s, "text");
        } else if (agds) {
            relic_buf_reset(&text);
            agi_cp866_to_utf8((const uint8_t *)t, strlen(t), &text);
            if (text.oom)
                out->oom = 1;
            else
                relic_json_stream_string(&s, "text", (const char *)text.data, text.len);
        } else {
            relic_json_stream_bytes(&s, "text", (const uint8_t *)t, strlen(t));
        }
        if (m->msg[i].unterminated)
            relic_json_stream_bool(&s, "unterminated", 1);
        relic_json_stream_close(&s, '}');
    }
    relic_json_stream_close(&s, ']');
    relic_json_stream_close(&s, '}');
    relic_buf_free(&text);
    return relic_json_stream_end(&s, err);
}

void agi_messages_free(char **messages, unsigned count)
{
    if (!messages)
        return;
    for (unsigned i = 0; i < count; i++)
        free(messages[i]);
    free(messages);
}

int agi_messages_from_json(const json_t *j, char ***messages, unsigned *count, int *encrypted, relic_err *err)
{
    json_t *list = json_object_get(j, "messages");
    *messages = NULL;
    *count = 0;
    if (!json_is_array(list))
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "messages: need a \"messages\" array");
    json_t *enc = json_object_get(j, "encrypted");
    *encrypted = enc ? json_is_true(enc) : 1;
    const char *key = json_string_value(json_object_get(j, "xor_key"));
    int agds = key && strcmp(key, "agds") == 0;
    if (agds && *encrypted)
        *encrypted = AGI_MSG_KEY_AGDS;
    unsigned n = 0;
    for (size_t i = 0; i < json_array_size(list); i++) {
        json_int_t num = json_integer_value(json_object_get(json_array_get(list, i), "number"));
        if (num < 1 || num > 255)
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "messages: entry %zu needs a number 1-255", i);
        if ((unsigned)num > n)
            n = (unsigned)num;
    }
    json_t *declared = json_object_get(j, "count");
    if (json_is_integer(declared) && json_integer_value(declared) > (json_int_t)n &&
        json_integer_value(declared) <= 255)
        n = (unsigned)json_integer_value(declared);
    char **m = relic_calloc_array(n, sizeof *m);
    if (!m)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (size_t i = 0; i < json_array_size(list); i++) {
        json_t *e = json_array_get(list, i);
        unsigned num = (unsigned)json_integer_value(json_object_get(e, "number"));
        json_t *text = json_object_get(e, "text");
        if (json_is_null(text) || !text)
            continue;
        free(m[num - 1]);
        if (!json_is_string(text) || !(m[num - 1] = agi_json_to_bytes_cp(text, agds))) {
            agi_messages_free(m, n);
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "messages: message %u is not %s text", num,
                                 agds ? "CP866" : "CP437");
        }
    }
    *messages = m;
    *count = n;
    return RELIC_OK;
}

json_t *agi_json_hex(const uint8_t *p, size_t n)
{
    char *s = relic_alloc_array(2 * n + 1, 1);
    if (!s)
        return NULL;
    relic_hex_lower(p, n, s);
    s[2 * n] = '\0';
    /* Hex digits are ASCII: jansson's UTF-8 check and length scan would
     * only repeat what relic_hex_lower guarantees (a fifth of --raw). */
    json_t *j = json_stringn_nocheck(s, 2 * n);
    free(s);
    return j;
}
