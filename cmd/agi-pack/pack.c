/* agi-pack's run: gather payloads and metadata from the unpacked tree,
 * build the container in memory, then write each file atomically. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "relic/agi_json.h"
#include "relic/core.h"
#include "relic/io.h"
#include "pack.h"

typedef struct pack_ctx {
    const pack_opts *o;
    relic_buf payload[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
    agi_build_input in;
    agi_fileset out;
    pack_names names;
    uint8_t from_source[AGI_DIR_ENTRIES]; /* logic compiled from .lgc */
} pack_ctx;

/* Hex text: pairs of hex digits, whitespace ignored, '#' to end of line a
 * comment.  Returns the byte offset of the first bad character, or -1. */
static long pack_hex(const relic_buf *text, relic_buf *out)
{
    int have = 0;
    unsigned acc = 0;
    for (size_t i = 0; i < text->len; i++) {
        int ch = text->data[i];
        if (ch == '#') {
            while (i < text->len && text->data[i] != '\n')
                i++;
            continue;
        }
        if (isspace(ch))
            continue;
        if (!isxdigit(ch))
            return (long)i;
        acc = acc << 4 | (unsigned)(isdigit(ch) ? ch - '0' : tolower(ch) - 'a' + 10);
        if (++have == 2) {
            relic_buf_u8(out, (uint8_t)acc);
            have = 0;
            acc = 0;
        }
    }
    return have ? (long)text->len : -1;
}

/* Reads SRC/rel into out; 1 when present, 0 when absent, <0 on error. */
static int pack_read(const pack_ctx *x, const char *rel, relic_buf *out, relic_err *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", x->o->src_dir, rel);
    if (access(path, F_OK) != 0)
        return 0;
    return relic_file_read(path, out, err) ? -1 : 1;
}

static int pack_load_payload(pack_ctx *x, agi_kind kind, unsigned num, relic_err *err)
{
    const char *kn = agi_kind_name(kind);
    char rel[96];
    snprintf(rel, sizeof rel, "raw/%s/%s%03u.bin", kn, kn, num);
    relic_buf *p = &x->payload[kind][num];
    if (kind == AGI_LOGIC) { /* a source wins over a raw payload */
        int src = pack_logic_source(x->o, &x->names, num, p, err);
        if (src)
            x->in.payloads[kind][num] = src > 0 ? p : NULL;
        x->from_source[num] = src > 0;
        if (src)
            return src < 0 ? -1 : 0;
    }
    int rc = pack_read(x, rel, p, err);
    if (rc == 0) {
        relic_buf text = RELIC_BUF_INIT;
        snprintf(rel, sizeof rel, "raw/%s/%s%03u.hex", kn, kn, num);
        rc = pack_read(x, rel, &text, err);
        long bad = rc > 0 ? pack_hex(&text, p) : -1;
        relic_buf_free(&text);
        if (bad >= 0) {
            relic_err_set(err, RELIC_EDATA, (size_t)bad, "not hex text");
            relic_err_file(err, rel);
            return -1;
        }
    }
    if (rc > 0)
        x->in.payloads[kind][num] = p;
    return rc < 0 ? -1 : 0;
}

/* Replaces a logic payload's message table with the JSON one when they
 * differ, so an untouched tree repacks byte for byte. */
static int pack_messages(pack_ctx *x, unsigned num, relic_err *err)
{
    char rel[64];
    snprintf(rel, sizeof rel, "logic/logic%03u.messages.json", num);
    int failed;
    json_t *j = pack_json_load(x->o->src_dir, rel, err, &failed);
    if (!j)
        return failed ? -1 : 0;
    relic_buf *p = &x->payload[AGI_LOGIC][num];
    char **msgs = NULL;
    unsigned count = 0;
    int encrypted = 1, rc = agi_messages_from_json(j, &msgs, &count, &encrypted, err);
    json_decref(j);
    agi_logic_messages cur;
    int same = 0;
    int (*decode)(const uint8_t *, size_t, agi_logic_messages *, relic_err *) =
        encrypted == AGI_MSG_KEY_AGDS ? agi_logic_messages_decode_agds : agi_logic_messages_decode;
    if (rc == RELIC_OK && decode(p->data, p->len, &cur, NULL) == RELIC_OK) {
        same = cur.count == count && cur.encrypted == encrypted;
        for (unsigned i = 1; same && i <= count; i++)
            same = (!cur.msg[i].text && !msgs[i - 1]) ||
                   (cur.msg[i].text && msgs[i - 1] && strcmp(cur.msg[i].text, msgs[i - 1]) == 0);
        agi_logic_messages_free(&cur);
    }
    if (rc == RELIC_OK && !same) {
        size_t code_len = p->len >= 2 ? relic_rd_le16(p->data) : 0;
        relic_buf nb = RELIC_BUF_INIT;
        if (code_len + 2 > p->len)
            rc = relic_err_set(err, RELIC_EDATA, 0, "logic %u: bytecode length past the payload", num);
        else
            rc = agi_logic_encode(p->data + 2, code_len, msgs, count, encrypted, &nb, err);
        if (rc == RELIC_OK) {
            relic_buf_free(p);
            *p = nb;
        } else {
            relic_buf_free(&nb);
        }
    }
    agi_messages_free(msgs, count);
    if (rc)
        relic_err_file(err, rel);
    return rc ? -1 : 0;
}

static int pack_objects_same(const agi_objects *a, const agi_objects *b)
{
    if (a->xor_key != b->xor_key || a->max_object != b->max_object || a->count != b->count)
        return 0;
    for (unsigned i = 0; i < a->count; i++)
        if (a->items[i].location != b->items[i].location || strcmp(a->items[i].name, b->items[i].name) != 0)
            return 0;
    return 1;
}

static int pack_words_same(const agi_words *a, const agi_words *b)
{
    if (a->count != b->count)
        return 0;
    for (unsigned i = 0; i < a->count; i++)
        if (a->words[i].id != b->words[i].id || strcmp(a->words[i].text, b->words[i].text) != 0)
            return 0;
    return 1;
}

/* Encodes the JSON form, unless the shipped file kept in raw/ says the same
 * thing: then its bytes are reused, so layouts no encoder would choose
 * (shared pool strings in odd orders) survive a repack exactly. */
static int pack_encode_metadata(const json_t *j, const char *file, const relic_buf *shipped, relic_buf *b,
                                relic_err *err)
{
    int rc, same = 0;
    if (strcmp(file, "OBJECT") == 0) {
        agi_objects ob, old;
        rc = agi_objects_from_json(j, &ob, err);
        if (rc == RELIC_OK) {
            if (shipped->len && agi_objects_decode(shipped->data, shipped->len, ob.xor_key, &old, NULL) == RELIC_OK) {
                same = pack_objects_same(&ob, &old);
                agi_objects_free(&old);
            }
            if (!same)
                rc = agi_objects_encode(&ob, 1, b, err);
            agi_objects_free(&ob);
        }
    } else {
        agi_words w, old;
        rc = agi_words_from_json(j, &w, err);
        if (rc == RELIC_OK) {
            if (shipped->len && agi_words_decode(shipped->data, shipped->len, &old, NULL) == RELIC_OK) {
                same = pack_words_same(&w, &old);
                agi_words_free(&old);
            }
            if (!same)
                rc = agi_words_encode(&w, b, err);
            agi_words_free(&w);
        }
    }
    if (rc == RELIC_OK && same)
        relic_buf_append(b, shipped->data, shipped->len);
    return rc;
}

static int pack_metadata(pack_ctx *x, const char *rel, const char *file, const char *shipped_name, relic_err *err)
{
    char raw_rel[64];
    snprintf(raw_rel, sizeof raw_rel, "raw/%s", file);
    relic_buf shipped = RELIC_BUF_INIT, b = RELIC_BUF_INIT;
    int failed, have_raw = pack_read(x, raw_rel, &shipped, err);
    json_t *j = have_raw < 0 ? NULL : pack_json_load(x->o->src_dir, rel, err, &failed);
    int rc = RELIC_OK;
    if (have_raw < 0 || (!j && failed))
        rc = -1;
    else if (j)
        rc = pack_encode_metadata(j, file, &shipped, &b, err);
    else if (have_raw > 0)
        relic_buf_append(&b, shipped.data, shipped.len); /* no JSON (it did not decode): as shipped */
    json_decref(j);
    relic_buf_free(&shipped);
    if (rc == RELIC_OK && (j || have_raw > 0)) {
        size_t len;
        if (relic_buf_check(&b, err))
            return -1;
        uint8_t *data = relic_buf_take(&b, &len);
        return agi_fileset_add(&x->out, shipped_name ? shipped_name : file, data ? data : relic_calloc_array(0, 1), len,
                               err)
                   ? -1
                   : 0;
    }
    relic_buf_free(&b);
    if (rc && !err->file[0])
        relic_err_file(err, rel);
    return rc ? -1 : 0;
}

static int pack_write_files(pack_ctx *x, relic_err *err)
{
    if (relic_mkdirs(x->o->out_dir, err))
        return -1;
    for (size_t i = 0; i < x->out.count; i++) {
        char path[4096];
        const agi_file *f = &x->out.files[i];
        if (relic_path_join(x->o->out_dir, f->name, 0, path, sizeof path, err) ||
            relic_file_write_atomic(path, f->data, f->len, err))
            return -1;
        cli_verbose("wrote %s (%zu bytes)", path, f->len);
    }
    return 0;
}

int pack_run(const pack_opts *o)
{
    pack_ctx *x = calloc(1, sizeof *x);
    if (!x)
        return CLI_EXIT_IO;
    x->o = o;
    relic_err err;
    relic_err_clear(&err);
    relic_dir probe;
    if (relic_dir_open(o->src_dir, &probe, &err)) {
        cli_report(&err);
        free(x);
        return CLI_EXIT_IO;
    }
    relic_dir_close(&probe);
    int failed = pack_names_load(o, &x->names, &err) != 0;
    unsigned found = 0;
    for (int k = 0; k < AGI_KIND_COUNT && !failed; k++)
        for (unsigned n = 0; n < AGI_DIR_ENTRIES && !failed; n++) {
            failed = pack_load_payload(x, (agi_kind)k, n, &err) != 0;
            found += x->in.payloads[k][n] != NULL;
            if (!failed && k == AGI_LOGIC && x->in.payloads[k][n] && !x->from_source[n])
                failed = pack_messages(x, n, &err) != 0;
        }
    json_t *game = NULL;
    const json_t *layout = NULL;
    if (!failed && o->keep_layout) {
        game = pack_json_load(o->src_dir, "game.json", &err, &failed);
        layout = json_object_get(game, "container");
        if (!failed && !json_is_object(layout)) {
            relic_err_set(&err, RELIC_EDATA, RELIC_NO_OFFSET,
                          "no \"container\" in game.json (unpacked by an older agi-unpack?)");
            relic_err_file(&err, "game.json");
            failed = 1;
        }
    }
    /* Under --keep-layout the files keep their shipped names ("object"). */
    const char *obj_name = layout ? json_string_value(json_object_get(json_object_get(game, "objects"), "file")) : NULL;
    const char *words_name = layout ? json_string_value(json_object_get(json_object_get(game, "words"), "file")) : NULL;
    if (!failed)
        failed = pack_metadata(x, "objects.json", "OBJECT", obj_name, &err) ||
                 pack_metadata(x, "words.json", "WORDS.TOK", words_name, &err);
    if (!failed && found == 0) {
        /* An empty game is never what was meant: most likely the wrong folder. */
        relic_err_set(&err, RELIC_EDATA, RELIC_NO_OFFSET,
                      "no payloads under raw/<kind>/ or logic/ (is this an unpacked tree?)");
        relic_err_file(&err, o->src_dir);
        failed = 1;
    }
    if (!failed)
        failed = (layout ? agi_game_rebuild(layout, &x->in, &x->out, &err)
                         : agi_game_build(&x->in, &o->build, &x->out, &err)) != RELIC_OK;
    json_decref(game);
    if (!failed)
        failed = pack_write_files(x, &err) != 0;
    if (failed) {
        if (err.file[0] && err.file[0] != '/' && err.code == RELIC_EDATA &&
            strncmp(err.file, o->src_dir, strlen(o->src_dir))) {
            char rel[sizeof err.file];
            snprintf(rel, sizeof rel, "%s", err.file);
            err.file[0] = '\0';
            char path[sizeof err.file + 4096];
            snprintf(path, sizeof path, "%s/%s", o->src_dir, rel);
            relic_err_file(&err, path);
        }
        cli_report(&err);
    }
    for (int k = 0; k < AGI_KIND_COUNT; k++)
        for (unsigned n = 0; n < AGI_DIR_ENTRIES; n++)
            relic_buf_free(&x->payload[k][n]);
    agi_fileset_free(&x->out);
    pack_names_free(&x->names);
    free(x);
    return failed ? cli_exit_code(err.code) : CLI_EXIT_OK;
}
