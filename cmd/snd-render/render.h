/* snd-render internals: options and the run. */
#ifndef SND_RENDER_H
#define SND_RENDER_H

#include "relic/agi_profile.h"
#include "relic/agi_sn76489.h"

typedef struct render_opts {
    const char *game_dir, *file; /* one of them */
    unsigned sound;
    const char *output, *events, *midi;
    const char *output_name;    /* what reports call output ("-" when it is a temporary); NULL: output */
    const agi_profile *profile; /* NULL: the game's, or 2.936 */
    int selector;               /* -1: from device */
    unsigned rate, channels, loops, adjust;
    agi_synth_sampling sampling; /* --sampling (default box) */
    unsigned noise_bits;         /* 15 or 16; 0: the noise chip of the selector's machine */
    double gain_db;
    double max_seconds;
    int json;
} render_opts;

int render_run(const render_opts *o);

#endif
