/* pic-render's run: load the payloads, draw them in order with one shared
 * step budget, then write the PNG, raw frame, GIF and the report (one
 * jansson tree; the text output is printed from it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "streams.h"
#include "json_report.h"
#include "relic/agi.h"
#include "relic/agi_ext.h"
#include "relic/agi_picture.h"
#include "relic/gif.h"
#include "relic/io.h"
#include "relic/sha256.h"
#include "render.h"

typedef struct pic_source {
    agi_fileset fs;
    agi_game game;
    int have_game;
    const agi_profile *profile;
    unsigned extensions;      /* AGI_EXT_* of the game */
    int agi256;               /* the base picture was a raw bitmap (256 colours) */
    uint8_t palette[256 * 3]; /* of the images written */
    unsigned ncolors;
} pic_source;

typedef struct pic_anim {
    const pic_opts *o;
    relic_buf frames; /* unscaled composed frames */
    size_t frame_size, count;
    unsigned long done; /* commands of earlier pictures */
    unsigned long last; /* command of the last captured frame */
} pic_anim;

static unsigned pic_width(int channel) { return channel == PIC_CHANNEL_BOTH ? 2 * AGI_PIC_WIDTH : AGI_PIC_WIDTH; }

/* The selected channel(s) side by side, one palette index per pixel. */
static void pic_compose(int channel, const uint8_t *vis, const uint8_t *pri, uint8_t *out)
{
    if (channel != PIC_CHANNEL_BOTH) {
        memcpy(out, channel == PIC_CHANNEL_PRIORITY ? pri : vis, AGI_PIC_CELLS);
        return;
    }
    for (unsigned y = 0; y < AGI_PIC_HEIGHT; y++) {
        memcpy(out + y * 2 * AGI_PIC_WIDTH, vis + y * AGI_PIC_WIDTH, AGI_PIC_WIDTH);
        memcpy(out + y * 2 * AGI_PIC_WIDTH + AGI_PIC_WIDTH, pri + y * AGI_PIC_WIDTH, AGI_PIC_WIDTH);
    }
}

static void pic_anim_capture(pic_anim *a, const uint8_t *vis, const uint8_t *pri)
{
    size_t at = a->frames.len;
    relic_buf_zeros(&a->frames, a->frame_size);
    if (!a->frames.oom) {
        pic_compose(a->o->channel, vis, pri, a->frames.data + at);
        a->count++;
    }
}

static void pic_anim_step(void *ctx, unsigned long n, const uint8_t *vis, const uint8_t *pri)
{
    pic_anim *a = ctx;
    if ((a->done + n) % a->o->every == 0) {
        pic_anim_capture(a, vis, pri);
        a->last = a->done + n;
    }
}

static int pic_load(const pic_opts *o, pic_source *src, const char *which, relic_buf *payload, relic_err *err)
{
    if (!src->have_game) {
        int rc = cli_read_input(which, payload, err);
        if (rc)
            relic_err_file(err, which);
        return rc;
    }
    agi_record rec;
    int rc = agi_game_load(&src->game, AGI_PICTURE, (unsigned)strtoul(which, NULL, 10), &rec, payload, err);
    if (rc && !err->file[0])
        relic_err_file(err, o->game_dir);
    return rc;
}

static int pic_open(const pic_opts *o, pic_source *src, relic_err *err)
{
    src->profile = o->profile ? o->profile : agi_profile_find("2.936");
    if (!o->game_dir)
        return RELIC_OK;
    agi_open_opts oo = {.profile = o->profile};
    int rc = agi_fileset_read_dir(o->game_dir, &src->fs, err);
    if (rc == RELIC_OK)
        rc = agi_game_open(&src->fs, &oo, &src->game, err);
    if (rc) {
        if (!err->file[0])
            relic_err_file(err, o->game_dir);
        return rc;
    }
    src->have_game = 1;
    src->profile = src->game.profile;
    unsigned why_count;
    src->extensions = agi_extensions_detect(&src->game, NULL, 0, &why_count);
    return RELIC_OK;
}

/* Payload offsets of a game's picture mean nothing on disk: say so. */
static void pic_data_error(const pic_opts *o, const char *which, relic_err *err)
{
    if (!o->game_dir) {
        relic_err_file(err, which);
        return;
    }
    char msg[sizeof err->msg + 64];
    if (err->offset != RELIC_NO_OFFSET)
        snprintf(msg, sizeof msg, "picture %s: %s (payload offset 0x%zx)", which, err->msg, err->offset);
    else
        snprintf(msg, sizeof msg, "picture %s: %s", which, err->msg);
    relic_err_set(err, err->code, RELIC_NO_OFFSET, "%s", msg);
    relic_err_file(err, o->game_dir);
}

static json_t *pic_stats_json(const char *which, int number, const agi_picture_stats *st, size_t len, int *oom)
{
    json_t *j = json_pack("{s:I, s:I, s:I, s:I, s:b, s:I}", "commands", (json_int_t)st->commands, "fills",
                          (json_int_t)st->fills, "ignored_bytes", (json_int_t)st->ignored, "end_offset",
                          (json_int_t)st->end_offset, "stopped", st->stopped, "trailing_bytes",
                          (json_int_t)(st->stopped ? 0 : len - st->end_offset - 1));
    relic_json_set(j, "source", number >= 0 ? json_integer(number) : json_string(which), oom);
    return j;
}

/* Draws the base picture and the overlays; fills report with one row each.
 * Here and in pic_outputs, failed allocations set *oom (sticky,
 * relic_json_set): a lost row makes no report. */
static int pic_draw_all(const pic_opts *o, pic_source *src, uint8_t *vis, uint8_t *pri, pic_anim *anim, json_t *rows,
                        unsigned long *total, int *stopped, int *oom, relic_err *err)
{
    relic_buf payload = RELIC_BUF_INIT;
    char base[16];
    snprintf(base, sizeof base, "%lu", o->picture);
    int rc = RELIC_OK;
    for (unsigned i = 0; i <= o->overlays && rc == RELIC_OK && !*stopped; i++) {
        const char *which = i == 0 ? (o->game_dir ? base : o->file) : o->overlay[i - 1];
        if ((rc = pic_load(o, src, which, &payload, err)))
            break;
        agi_picture_stats st;
        agi_picture_opts po = {.overlay = i > 0, .on_command = anim ? pic_anim_step : NULL, .ctx = anim};
        if (o->steps && *total >= o->steps) {
            *stopped = 1;
            break;
        }
        po.max_steps = o->steps ? o->steps - *total : 0;
        /* A raw bitmap (AGI256) can only be the base picture; an overlay
         * draws vector commands over it. */
        const agi_picture_form *form =
            i == 0 ? agi_picture_form_of(payload.data, payload.len, src->have_game ? &src->extensions : NULL) : NULL;
        if (form && form->decode_raw) {
            agi_picture_raw_info info;
            if ((rc = form->decode_raw(payload.data, payload.len, vis, &info, err)))
                break;
            memset(pri, 4, AGI_PIC_CELLS); /* no priority screen: the cleared one (agi-spec) */
            src->agi256 = 1;
            form->palette(src->palette);
            src->ncolors = form->colors;
            json_t *row = json_pack("{s:b, s:I, s:I}", form->name, 1, "white_filled", (json_int_t)info.white_filled,
                                    "ignored_bytes", (json_int_t)info.ignored_bytes);
            relic_json_set(row, "source", o->game_dir ? json_integer(atoi(which)) : json_string(which), oom);
            relic_json_append(rows, row, oom);
            continue;
        }
        rc = agi_picture_draw(&(agi_picture_args){payload.data, payload.len, src->profile, vis, pri, &po}, &st, err);
        if (rc) {
            pic_data_error(o, which, err);
            break;
        }
        *total += st.commands;
        *stopped = st.stopped;
        if (anim)
            anim->done = *total;
        relic_json_append(rows, pic_stats_json(which, o->game_dir ? atoi(which) : -1, &st, payload.len, oom), oom);
    }
    relic_buf_free(&payload);
    return rc;
}

static int pic_write_gif(const pic_opts *o, const pic_source *src, pic_anim *a, unsigned w, relic_err *err)
{
    unsigned bw = 0, bh = 0;
    relic_gif_frame *frames = calloc(a->count, sizeof *frames);
    int rc = frames ? RELIC_OK : relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (size_t i = 0; rc == RELIC_OK && i < a->count; i++) {
        uint8_t *big = cli_image_scale(a->frames.data + i * a->frame_size, w, AGI_PIC_HEIGHT, (unsigned)o->scale,
                                       o->aspect, 0, &bw, &bh);
        if (!big)
            rc = relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
        frames[i].pixels = big;
        frames[i].delay_cs = i + 1 == a->count ? 300 : (unsigned)o->delay; /* hold the finished picture */
    }
    relic_gif g = {bw, bh, src->palette, src->ncolors, -1};
    relic_buf gif = RELIC_BUF_INIT;
    if (rc == RELIC_OK && (rc = relic_gif_encode(&g, frames, a->count, &gif, err)) == RELIC_OK)
        rc = cli_write_output(o->out_gif, gif.data, gif.len, err);
    relic_buf_free(&gif);
    for (size_t i = 0; frames && i < a->count; i++)
        free((void *)frames[i].pixels);
    free(frames);
    return rc;
}

static int pic_outputs(const pic_opts *o, const pic_source *src, const uint8_t *vis, const uint8_t *pri, pic_anim *anim,
                       json_t *out, int *oom, relic_err *err)
{
    unsigned w = pic_width(o->channel);
    uint8_t *img = malloc((size_t)w * AGI_PIC_HEIGHT);
    if (!img)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    pic_compose(o->channel, vis, pri, img);
    int rc = RELIC_OK;
    /* The priority plane keeps the EGA colours; only an AGI256 visual needs 256. */
    int wide = src->agi256 && (o->channel & PIC_CHANNEL_VISUAL);
    if (o->out_png &&
        (rc = pic_write_image_colors(o, o->out_png, img, w, AGI_PIC_HEIGHT, 0, wide ? src->palette : agi_ega_palette,
                                     wide ? 256 : 16, err)) == RELIC_OK)
        relic_json_set(out, "png", json_string(o->out_png), oom);
    if (rc == RELIC_OK && o->out_raw &&
        (rc = cli_write_output(o->out_raw, o->channel == PIC_CHANNEL_PRIORITY ? pri : vis, AGI_PIC_CELLS, err)) ==
            RELIC_OK)
        relic_json_set(out, "raw", json_string(o->out_raw), oom);
    if (rc == RELIC_OK && anim && (rc = pic_write_gif(o, src, anim, w, err)) == RELIC_OK) {
        relic_json_set(out, "gif", json_string(o->out_gif), oom);
        relic_json_set(out, "gif_frames", json_integer((json_int_t)anim->count), oom);
    }
    free(img);
    return rc;
}

/* 0, or -1 when the JSON report could not be printed (reported). */
static int pic_print(const pic_opts *o, const json_t *report)
{
    if (o->json)
        return cli_json_report(report, "relic-pic-render", 1, NULL);
    if (!o->sha256)
        return 0;
    const char *name = json_string_value(json_object_get(report, "name"));
    const char *keys[2] = {"visual", "priority"};
    json_t *sums = json_object_get(report, "sha256");
    for (int i = 0; i < 2; i++)
        if (json_object_get(sums, keys[i]))
            printf("%s  %s/%s\n", json_string_value(json_object_get(sums, keys[i])), name, keys[i]);
    return 0;
}

int pic_render_run(const pic_opts *o)
{
    pic_source src;
    memset(&src, 0, sizeof src);
    memcpy(src.palette, agi_ega_palette, 16 * 3);
    src.ncolors = 16;
    relic_err err;
    relic_err_clear(&err);
    static uint8_t vis[AGI_PIC_CELLS], pri[AGI_PIC_CELLS];
    pic_anim anim = {.o = o, .frames = RELIC_BUF_INIT, .frame_size = (size_t)pic_width(o->channel) * AGI_PIC_HEIGHT};
    json_t *rows = json_array(), *outputs = json_object();
    unsigned long total = 0;
    int stopped = 0, oom = !rows || !outputs;
    int rc = pic_open(o, &src, &err);
    if (rc == RELIC_OK) {
        if (o->out_gif)
            pic_anim_capture(&anim, vis, pri); /* the cleared surface first */
        rc = pic_draw_all(o, &src, vis, pri, o->out_gif ? &anim : NULL, rows, &total, &stopped, &oom, &err);
    }
    if (rc == RELIC_OK && o->out_gif && anim.last != total)
        pic_anim_capture(&anim, vis, pri);
    if (rc == RELIC_OK)
        rc = pic_outputs(o, &src, vis, pri, o->out_gif ? &anim : NULL, outputs, &oom, &err);
    if (rc == RELIC_OK)
        rc = relic_json_check(oom, &err);
    if (rc) {
        cli_report(&err);
    } else {
        char name[32], hv[65], hp[65];
        snprintf(name, sizeof name, "picture_%03lu", o->picture);
        json_t *sums = json_object();
        relic_sha256_hex(vis, AGI_PIC_CELLS, hv);
        relic_sha256_hex(pri, AGI_PIC_CELLS, hp);
        if (o->channel & PIC_CHANNEL_VISUAL)
            relic_json_set(sums, "visual", json_string(hv), &oom);
        if (o->channel & PIC_CHANNEL_PRIORITY)
            relic_json_set(sums, "priority", json_string(hp), &oom);
        json_t *report =
            json_pack("{s:s, s:O, s:s, s:s, s:I, s:b, s:o, s:O, s:o}", "format", "relic-pic-render", "pictures", rows,
                      "profile", src.profile->name, "name", o->game_dir ? name : o->file, "commands", (json_int_t)total,
                      "stopped", stopped, "sha256", sums, "outputs", outputs, "width", json_integer(AGI_PIC_WIDTH));
        relic_json_set(report, "height", json_integer(AGI_PIC_HEIGHT), &oom);
        if (relic_json_check(oom, &err)) {
            cli_report(&err);
            rc = err.code;
        } else if (pic_print(o, report)) {
            rc = RELIC_EIO; /* reported */
        }
        json_decref(report);
    }
    json_decref(rows);
    json_decref(outputs);
    relic_buf_free(&anim.frames);
    agi_fileset_free(&src.fs);
    return rc ? cli_exit_code(rc) : CLI_EXIT_OK;
}
