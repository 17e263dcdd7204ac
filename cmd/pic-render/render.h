/* pic-render internals: options and the run. */
#ifndef PIC_RENDER_H
#define PIC_RENDER_H

#include "relic/agi_profile.h"

enum { PIC_CHANNEL_VISUAL = 1, PIC_CHANNEL_PRIORITY = 2, PIC_CHANNEL_BOTH = 3 };

#define PIC_MAX_OVERLAYS 64

typedef struct pic_opts {
    const char *game_dir;      /* GAME_DIR mode, else NULL */
    const char *file;          /* --file PAYLOAD */
    unsigned long picture;
    const char *overlay[PIC_MAX_OVERLAYS]; /* numbers (game) or payload files */
    unsigned overlays;
    const char *out_png, *out_raw, *out_gif;
    int channel;
    unsigned long scale, steps, every, delay;
    int aspect, sha256, json;
    const agi_profile *profile;
} pic_opts;

int pic_render_run(const pic_opts *o);

#endif
