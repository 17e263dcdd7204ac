/* Output helpers shared by every tool: deterministic indexed PNG and
 * sorted-key JSON (librelic-io, which needs libpng and jansson), and audio
 * files (librelic-audio, libsndfile).  The file helpers they write through
 * are in relic/file.h (librelic-formats, no dependency), included here so
 * every caller keeps one include. */
#ifndef RELIC_IO_H
#define RELIC_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <jansson.h>
#include "relic/buf.h"
#include "relic/error.h"
#include "relic/file.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One private chunk written after the image data: bytes a converter keeps
 * so that the PNG can be turned back into its source exactly (riven-script
 * keeps a tBMP's own bytes in "tbRW").  name follows the PNG naming rules:
 * lower-case first and second letters (ancillary, private), upper-case
 * third; an upper-case fourth (unsafe to copy) tells editors to drop it
 * when they change the image. */
typedef struct relic_png_chunk {
    char name[5];
    const uint8_t *data;
    size_t len;
} relic_png_chunk;

/* Indexed PNG: one byte per pixel holding a palette index < ncolors;
 * palette is ncolors RGB triples; trns_index >= 0 marks one index fully
 * transparent.  Bit depth is the smallest that holds the palette.  No time
 * or text chunks, fixed compression: equal images give equal bytes. */
typedef struct relic_png {
    unsigned width, height;
    const uint8_t *pixels;
    const uint8_t *palette;
    unsigned ncolors;
    int trns_index;
    /* 1: the bulk writer (png.c), for extraction where encoding is most
     * of the time: libdeflate level 1, or stored blocks for a large image
     * that a sample shows deflate would shrink by less than a tenth
     * (dithered photographs), filter Up or None chosen per image from the
     * pixels, one IDAT; different bytes from 0, but still fixed, so equal
     * images keep giving equal bytes. */
    int fast;
} relic_png;
int relic_png_encode(const relic_png *img, relic_buf *out, relic_err *err);
/* The same with an optional private chunk (NULL: none). */
int relic_png_encode_chunk(const relic_png *img, const relic_png_chunk *chunk, relic_buf *out, relic_err *err);
/* Truecolour PNG of width*height RGB triples, same determinism rules. */
int relic_png_encode_rgb(unsigned width, unsigned height, const uint8_t *rgb, relic_buf *out, relic_err *err);
/* The same with an optional private chunk (NULL: none). */
int relic_png_encode_rgb_chunk(unsigned width, unsigned height, const uint8_t *rgb, const relic_png_chunk *chunk,
                               relic_buf *out, relic_err *err);
int relic_png_write(const char *path, const relic_png *img, relic_err *err);
/* The first chunk called `name` (4 letters) in a PNG file's bytes, its data
 * pointing into png; every chunk up to it must be whole and match its CRC.
 * RELIC_EDATA with the offset of the bad chunk, or when there is none. */
int relic_png_find_chunk(const uint8_t *png, size_t len, const char *name, relic_png_chunk *out, relic_err *err);

/* Audio through libsndfile (librelic-audio): interleaved 16-bit samples;
 * the container and codec follow the file extension (.wav PCM 16, .flac,
 * .ogg Vorbis).
 * Written to a temporary file and renamed, like every output. */
int relic_audio_write(const char *path, const int16_t *samples, size_t frames, unsigned channels, unsigned rate,
                      relic_err *err);
/* Streaming audio output, for clips made block by block (memory constant in
 * the clip's length): open, write frames any number of times, then commit
 * (or abort, which removes the temporary).  relic_audio_write is open +
 * one write + commit.  Failing write/commit already abort. */
typedef struct relic_audio_out {
    relic_out out;
    void *sf;     /* SNDFILE *, kept opaque so this header needs no sndfile.h */
    int io_errno; /* first failed read/write/seek of the file */
} relic_audio_out;
int relic_audio_open(relic_audio_out *a, const char *path, unsigned channels, unsigned rate, relic_err *err);
int relic_audio_write_frames(relic_audio_out *a, const int16_t *samples, size_t frames, relic_err *err);
int relic_audio_commit(relic_audio_out *a, relic_err *err);
void relic_audio_abort(relic_audio_out *a);
/* The libsndfile major format for a path's extension, or 0 when unknown. */
int relic_audio_format_for(const char *path);

/* JSON through relic's one writer (libio/json.c): each object's
 * keys by relic_json_key_rank, then in the order they were set; two-space
 * indent, ending in a newline.  A NULL doc (a failed json_pack or builder)
 * is RELIC_ENOMEM, so a writer can pass a builder's result straight in. */
/* The class of a key in relic's order of keys: 0 format, 1
 * format_version, 2 identity (name, number, id, index, kind, type,
 * version, profile, *_version, and the numbering keys logic, picture,
 * view, sound, loop, cel, item, card), 3 sizes and counts (size, length,
 * count, width, height, *_size, *_length, *_count), 4 contents. */
int relic_json_key_rank(const char *key);
int relic_json_encode(const json_t *doc, relic_buf *out, relic_err *err);
int relic_json_write(const char *path, const json_t *doc, relic_err *err);
int relic_json_print(FILE *f, const json_t *doc);
/* A JSON document written straight into out, token by token, in the bytes
 * relic_json_encode prints for the same tree, without building it (for
 * large documents written once and never read back).  The caller gives
 * each object's keys in their order (by relic_json_key_rank's classes, as
 * the tree would print them) and a NULL key for array elements and the
 * top-level value.  Failures (out of memory, unbalanced closes) are
 * sticky; relic_json_stream_end appends the final newline and reports them
 * (RELIC_ENOMEM, out left empty). */
typedef int (*relic_json_sink_fn)(void *ctx, const uint8_t *p, size_t n, relic_err *err);
typedef struct relic_json_stream {
    relic_buf *out;
    relic_buf open; /* a byte per open container: 1 once it has a member */
    relic_buf text; /* CP437 text converted to UTF-8 */
    relic_json_sink_fn sink;
    void *sink_ctx;
    int sink_rc; /* the sink's first failure: sticky */
    relic_err sink_err;
} relic_json_stream;
void relic_json_stream_begin(relic_json_stream *s, relic_buf *out);
/* Optional, right after begin: the document leaves through sink in pieces
 * of about RELIC_JSON_SINK_CHUNK bytes as it is printed, and
 * relic_json_stream_end hands over the rest, so a large document never
 * needs a buffer of its size (vtgadv's 1.8 MB game.json was 0.5 ms of page
 * faults on a growing one).  A failing sink fails the stream with its own
 * error. */
#define RELIC_JSON_SINK_CHUNK ((size_t)64 << 10)
void relic_json_stream_sink(relic_json_stream *s, relic_json_sink_fn sink, void *ctx);
void relic_json_stream_open(relic_json_stream *s, const char *key, char bracket); /* '{' or '[' */
void relic_json_stream_close(relic_json_stream *s, char bracket);                 /* '}' or ']' */
void relic_json_stream_int(relic_json_stream *s, const char *key, long long v);
void relic_json_stream_real(relic_json_stream *s, const char *key, double v);
void relic_json_stream_bool(relic_json_stream *s, const char *key, int v);
void relic_json_stream_null(relic_json_stream *s, const char *key);
void relic_json_stream_string(relic_json_stream *s, const char *key, const char *utf8, size_t n);
/* CP437 bytes, as relic_json_bytes maps them. */
void relic_json_stream_bytes(relic_json_stream *s, const char *key, const uint8_t *cp437, size_t n);
/* A jansson value, printed as relic_json_encode prints it at this depth. */
void relic_json_stream_value(relic_json_stream *s, const char *key, const json_t *v);
/* The members of the object obj, in order, into the object open now. */
void relic_json_stream_members(relic_json_stream *s, const json_t *obj);
/* Bytes as a string of lowercase hex digits, two a byte. */
void relic_json_stream_hex(relic_json_stream *s, const char *key, const uint8_t *p, size_t n);
int relic_json_stream_end(relic_json_stream *s, relic_err *err);
/* Sticky JSON tree building, like the cursor: jansson's setters return -1
 * on a failed allocation (and take a NULL value from a failed json_* call),
 * which, ignored, silently drops a key.  These set/append (taking the
 * reference, as the _new setters do), record any failure in *oom and leave
 * it set; the builder checks it once, before writing, with relic_json_check
 * (RELIC_ENOMEM "out of memory" when set). */
void relic_json_set(json_t *obj, const char *key, json_t *value, int *oom);
void relic_json_append(json_t *arr, json_t *value, int *oom);
int relic_json_check(int oom, relic_err *err);
/* path + "/" + key escaped as one JSON Pointer segment (RFC 6901: '~' as
 * ~0, '/' as ~1), cut to fit cap (> 0). */
void relic_json_pointer_join(char *out, size_t cap, const char *path, const char *key);
/* The differences from a to b as an array of {path, old, new} (null where
 * a side lacks the path), path a JSON Pointer, sorted by path with numbers
 * in numeric order; ignored(path, arg) nonzero drops a node and everything
 * under it.  Takes a and b (releases them, as the _new setters take their
 * value), so a caller can pass the builders' results straight in.  NULL
 * when a or b is NULL or an allocation failed. */
json_t *relic_json_diff(json_t *a, json_t *b, int (*ignored)(const char *path, void *arg), void *arg);
/* A JSON string from bytes (CP437 mapping, see relic/text.h). */
json_t *relic_json_bytes(const uint8_t *s, size_t n);

#ifdef __cplusplus
}
#endif

#endif
