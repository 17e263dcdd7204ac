/* Animated indexed GIF through giflib: one global palette, a delay per
 * frame, optional transparent index, looping forever.  Equal input gives
 * equal bytes. */
#ifndef RELIC_GIF_H
#define RELIC_GIF_H

#include <stddef.h>
#include <stdint.h>
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct relic_gif {
    unsigned width, height;
    const uint8_t *palette; /* ncolors RGB triples */
    unsigned ncolors;       /* 2..256 */
    int trns_index;         /* -1: none */
} relic_gif;

typedef struct relic_gif_frame {
    const uint8_t *pixels; /* width*height palette indices */
    unsigned delay_cs;     /* hundredths of a second */
} relic_gif_frame;

int relic_gif_encode(const relic_gif *g, const relic_gif_frame *frames, size_t nframes, relic_buf *out, relic_err *err);
/* Encodes and writes atomically (temporary file and rename). */
int relic_gif_write(const char *path, const relic_gif *g, const relic_gif_frame *frames, size_t nframes,
                    relic_err *err);

#ifdef __cplusplus
}
#endif

#endif
