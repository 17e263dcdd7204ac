/* pic-render internals: options and the run. */
#ifndef PIC_RENDER_H
#define PIC_RENDER_H

#include <stdint.h>
#include "relic/agi_profile.h"
#include "relic/agi_sn76489.h"
#include "image.h"
#include "streams.h"
#include "relic/error.h"

enum { PIC_CHANNEL_VISUAL = 1, PIC_CHANNEL_PRIORITY = 2, PIC_CHANNEL_BOTH = 3 };

#define PIC_MAX_OVERLAYS 64

typedef struct pic_opts {
    const char *game_dir; /* GAME_DIR mode, else NULL */
    const char *file;     /* --file PAYLOAD */
    unsigned long picture;
    const char *overlay[PIC_MAX_OVERLAYS]; /* numbers (game) or payload files */
    unsigned overlays;
    const char *out_png, *out_raw, *out_gif;
    int channel;
    unsigned long scale, steps, every, delay;
    cli_aspect aspect; /* --aspect [2:1|4:3] */
    int sha256, json;
    const agi_profile *profile;
    /* runtime mode (--room / --from-start) */
    int runtime;
    long room; /* -1: from the start */
    unsigned long tick, seed;
    int have_seed, have_tick;
    const char *run_gif; /* --gif: the run's frames as one animated GIF */
    const char *input, *state, *frames_dir, *bundle, *save, *case_id, *screen, *font, *cyrillic_font, *audio, *restore,
        *save_dir;
    unsigned machine;             /* --device: agi_vm_machine (the device selector) */
    agi_synth_sampling sampling;  /* --sampling */
    unsigned long audio_channels; /* --audio-channels: 1, or 2 as DOSBox captures */
} pic_opts;

struct agi_vm;
int pic_render_run(const pic_opts *o);
int pic_runtime_run(const pic_opts *o);
/* PNG of w x h pixels at --scale/--aspect; wide_source: the pixels are
 * already double-wide (the 320x200 screen), so --aspect does not widen
 * them again.  path "-" is standard output. */
int pic_write_image(const pic_opts *o, const char *path, const uint8_t *img, unsigned w, unsigned h, int wide_source,
                    const uint8_t *palette, relic_err *err);
/* The same with a palette of ncolors (256: an AGI256 picture). */
int pic_write_image_colors(const pic_opts *o, const char *path, const uint8_t *img, unsigned w, unsigned h,
                           int wide_source, const uint8_t *palette, unsigned ncolors, relic_err *err);
int pic_bundle_write(const pic_opts *o, const struct agi_vm *vm, relic_err *err);
int pic_save_write(const pic_opts *o, const struct agi_vm *vm, relic_err *err);
/* --compare REF CANDIDATE: prints the comparison; exit status */
int pic_compare_run(const char *ref, const char *cand, int json);

#endif
