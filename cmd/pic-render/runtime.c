/* pic-render's runtime mode: run a game headlessly from its start to a
 * cycle with a timed input script (libvm agi_vm.h), then write the visible
 * game area, the state, a frame sequence, a conformance bundle or a save.
 * One jansson report; text output comes from the same tree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "json_report.h"
#include "relic/agi.h"
#include "relic/agi_save.h"
#include "relic/agi_sn76489.h"
#include "relic/agi_vm_json.h"
#include "relic/core.h"
#include "relic/gif.h"
#include "relic/io.h"
#include "relic/sha256.h"
#include "render.h"

typedef struct rt_ctx {
    const pic_opts *o;
    agi_fileset fs;
    agi_game game;
    agi_input_script in;
    agi_vm *vm;
    json_t *frames;
    relic_buf gif_planes; /* --gif: each frame's plane, AGI_PIC_CELLS bytes apiece */
    json_t *failures;     /* the script's expectations that did not hold */
    size_t next_expect;   /* the first expectation not checked yet */
    unsigned long checked;
    int oom;         /* sticky (relic_json_set): a lost report member fails the run */
    unsigned warned; /* resource warnings printed so far */
} rt_ctx;

/* Damaged resources the run reads as AGI 2.936 does: one line each, as the
 * VM first meets them. */
static void rt_warnings(rt_ctx *c)
{
    for (; c->warned < agi_vm_resource_warnings(c->vm); c->warned++)
        cli_warn("%s: warning: %s", c->o->game_dir, agi_vm_resource_warning(c->vm, c->warned));
}

static const uint8_t *rt_plane(const rt_ctx *c)
{
    return c->o->channel == PIC_CHANNEL_PRIORITY ? agi_vm_frame_pri(c->vm) : agi_vm_frame_vis(c->vm);
}

/* The colours of rt_plane: the run's palette (AGIPAL switches it, AGI256
 * has 256), EGA for the priority plane. */
static const uint8_t *rt_palette(const rt_ctx *c)
{
    return c->o->channel == PIC_CHANNEL_PRIORITY ? agi_ega_palette : agi_vm_palette(c->vm);
}

static unsigned rt_colors(const rt_ctx *c)
{
    return c->o->channel == PIC_CHANNEL_PRIORITY ? 16 : agi_vm_palette_colors(c->vm);
}

int pic_write_image(const pic_opts *o, const char *path, const uint8_t *img, unsigned w, unsigned h, int wide_source,
                    const uint8_t *palette, relic_err *err)
{
    return pic_write_image_colors(o, path, img, w, h, wide_source, palette, 16, err);
}

int pic_write_image_colors(const pic_opts *o, const char *path, const uint8_t *img, unsigned w, unsigned h,
                           int wide_source, const uint8_t *palette, unsigned ncolors, relic_err *err)
{
    unsigned bw, bh;
    uint8_t *big = cli_image_scale(img, w, h, (unsigned)o->scale, o->aspect, wide_source, &bw, &bh);
    if (!big)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    relic_png png = {bw, bh, big, palette, ncolors, -1, 0};
    relic_buf b = RELIC_BUF_INIT;
    int rc = relic_png_encode(&png, &b, err);
    if (rc == RELIC_OK)
        rc = cli_write_output(path, b.data, b.len, err);
    relic_buf_free(&b);
    free(big);
    return rc;
}

/* --restore: the save replaces the state before the first cycle (its
 * replay pairs rebuild the room) and that cycle goes on from logic 0 as
 * the game's own restore dialog does; cycles count from 0. */
static int rt_restore(rt_ctx *c, relic_err *err)
{
    relic_buf b = RELIC_BUF_INIT;
    agi_save s;
    int rc = relic_file_read(c->o->restore, &b, err);
    if (rc == RELIC_OK && (rc = agi_save_decode(b.data, b.len, agi_vm_profile(c->vm), &s, err)) == RELIC_OK) {
        if ((rc = agi_vm_restore(c->vm, &s, err)) && !err->file[0])
            relic_err_file(err, c->o->game_dir);
        agi_save_free(&s);
    }
    if (rc && !err->file[0])
        relic_err_file(err, c->o->restore);
    relic_buf_free(&b);
    return rc;
}

static int rt_open(rt_ctx *c, relic_err *err)
{
    const pic_opts *o = c->o;
    agi_open_opts oo = {.profile = o->profile};
    int rc = agi_fileset_read_dir(o->game_dir, &c->fs, err);
    if (rc == RELIC_OK)
        rc = agi_game_open(&c->fs, &oo, &c->game, err);
    if (rc == RELIC_OK && o->input) {
        relic_buf b = RELIC_BUF_INIT;
        if ((rc = relic_file_read(o->input, &b, err)) == RELIC_OK &&
            (rc = agi_input_parse((const char *)b.data, b.len, &c->in, err)))
            relic_err_file(err, o->input);
        relic_buf_free(&b);
        if (rc)
            return rc;
    }
    if (rc) {
        if (!err->file[0])
            relic_err_file(err, o->game_dir);
        return rc;
    }
    agi_vm_opts vo = {.profile = o->profile,
                      .machine = (agi_vm_machine)o->machine,
                      .seed = o->have_seed      ? (uint32_t)o->seed
                              : c->in.have_seed ? c->in.seed
                                                : 1,
                      .ticks_per_cycle = c->in.ticks_per_cycle,
                      .start_room = o->room >= 0 ? (int)o->room : 0,
                      .save_dir = o->save_dir};
    if (o->save_dir && (rc = relic_mkdirs(o->save_dir, err)))
        return rc;
    if ((rc = agi_vm_new(&c->game, &vo, &c->vm, err)) && !err->file[0])
        relic_err_file(err, o->game_dir);
    if (rc == RELIC_OK && agi_vm_warning(c->vm)[0])
        cli_warn("%s: %s", o->game_dir, agi_vm_warning(c->vm));
    if (rc == RELIC_OK && o->restore)
        rc = rt_restore(c, err);
    return rc;
}

static int rt_frame_out(rt_ctx *c, relic_err *err)
{
    char name[64], path[4096];
    snprintf(name, sizeof name, "frame_%06lu.png", agi_vm_cycles(c->vm));
    int rc = relic_path_join(c->o->frames_dir, name, 0, path, sizeof path, err);
    if (rc == RELIC_OK)
        rc = pic_write_image_colors(c->o, path, rt_plane(c), AGI_PIC_WIDTH, AGI_PIC_HEIGHT, 0, rt_palette(c),
                                    rt_colors(c), err);
    if (rc == RELIC_OK)
        relic_json_append(c->frames, json_string(name), &c->oom);
    return rc;
}

/* --gif keeps at most this much of the run's planes (160x168 bytes a
 * frame, 9,986 frames): a longer run takes a larger --every. */
#define RT_GIF_MAX_BYTES ((size_t)256 << 20)

static int rt_gif_keep(rt_ctx *c, relic_err *err)
{
    if (c->gif_planes.len + AGI_PIC_CELLS > RT_GIF_MAX_BYTES)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "--gif: more than %zu frames; take a larger --every",
                             RT_GIF_MAX_BYTES / AGI_PIC_CELLS);
    relic_buf_append(&c->gif_planes, rt_plane(c), AGI_PIC_CELLS);
    return relic_buf_check(&c->gif_planes, err);
}

/* The kept planes enlarged by --scale/--aspect, one GIF frame each, shown
 * --every cycles at the default 20 cycles a second (5 hundredths each). */
static int rt_gif_write(rt_ctx *c, relic_err *err)
{
    size_t n = c->gif_planes.len / AGI_PIC_CELLS;
    if (n == 0)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "--gif: no frame (the run ends before cycle %lu)",
                             c->o->every);
    unsigned bw, bh;
    cli_image_size(AGI_PIC_WIDTH, AGI_PIC_HEIGHT, (unsigned)c->o->scale, c->o->aspect, 0, &bw, &bh);
    size_t big = (size_t)bw * bh;
    uint8_t *px = relic_alloc_array(n, big);
    relic_gif_frame *fr = relic_calloc_array(n, sizeof *fr);
    int rc = px && fr ? RELIC_OK : relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    for (size_t i = 0; rc == RELIC_OK && i < n; i++) {
        cli_image_scale_to(c->gif_planes.data + i * AGI_PIC_CELLS, AGI_PIC_WIDTH, AGI_PIC_HEIGHT, (unsigned)c->o->scale,
                           c->o->aspect, 0, px + i * big);
        fr[i].pixels = px + i * big;
        fr[i].delay_cs = (unsigned)(c->o->every * 5 > 65535 ? 65535 : c->o->every * 5);
    }
    relic_gif g = {bw, bh, rt_palette(c), rt_colors(c), -1};
    relic_buf b = RELIC_BUF_INIT;
    if (rc == RELIC_OK)
        rc = relic_gif_encode(&g, fr, n, &b, err);
    if (rc == RELIC_OK)
        rc = cli_write_output(c->o->run_gif, b.data, b.len, err);
    relic_buf_free(&b);
    free(px);
    free(fr);
    return rc;
}

/* One expectation that did not hold: a line on stderr naming the script
 * line, the cycle, what was expected and what was found, and the same in
 * the report's "failures". */
static void rt_expect_failed(rt_ctx *c, const agi_expect *e, const char *found)
{
    char want[700];
    agi_expect_describe(e, want, sizeof want);
    cli_warn("%s:%u: cycle %lu: expected %s, found %s", c->o->input, e->line, e->cycle, want, found);
    relic_json_append(c->failures,
                      json_pack("{s:I, s:I, s:s, s:s}", "line", (json_int_t)e->line, "cycle", (json_int_t)e->cycle,
                                "expected", want, "found", found),
                      &c->oom);
}

/* Checks every expectation of the cycles reached so far (all of them are
 * checked: a failure does not stop the run). */
static void rt_expect_check(rt_ctx *c)
{
    unsigned long now = agi_vm_cycles(c->vm);
    for (; c->next_expect < c->in.expect_count && c->in.expect[c->next_expect].cycle <= now; c->next_expect++) {
        const agi_expect *e = &c->in.expect[c->next_expect];
        char found[700];
        c->checked++;
        if (!agi_vm_expect_holds(c->vm, e, found, sizeof found))
            rt_expect_failed(c, e, found);
    }
}

/* The expectations past the run's end: failures when the game quit before
 * them, else not checked (--tick stopped the run first). */
static void rt_expect_rest(rt_ctx *c)
{
    if (!agi_vm_has_quit(c->vm))
        return;
    char found[64];
    snprintf(found, sizeof found, "the game quit at cycle %lu", agi_vm_cycles(c->vm));
    for (; c->next_expect < c->in.expect_count; c->next_expect++, c->checked++)
        rt_expect_failed(c, &c->in.expect[c->next_expect], found);
}

static int rt_run(rt_ctx *c, relic_err *err)
{
    const pic_opts *o = c->o;
    if (o->frames_dir && relic_mkdirs(o->frames_dir, err))
        return err->code;
    agi_vm_keep_sound_commands(c->vm, o->audio != NULL);
    /* without --tick the run goes on to the script's last expectation */
    unsigned long tick = o->tick;
    if (!o->have_tick && c->in.expect_count)
        tick = c->in.expect[c->in.expect_count - 1].cycle;
    rt_expect_check(c);
    while (agi_vm_cycles(c->vm) < tick && !agi_vm_has_quit(c->vm)) {
        int rc = agi_vm_cycle(c->vm, &c->in, err);
        rt_warnings(c);
        if (rc) {
            relic_err_file(err, o->game_dir);
            return rc;
        }
        rt_expect_check(c);
        if ((o->frames_dir || o->run_gif) && agi_vm_cycles(c->vm) % o->every == 0) {
            agi_vm_render(c->vm);
            if (o->frames_dir && (rc = rt_frame_out(c, err)))
                return rc;
            if (o->run_gif && (rc = rt_gif_keep(c, err)))
                return rc;
        }
    }
    rt_expect_rest(c);
    agi_vm_render(c->vm);
    return RELIC_OK;
}

/* The report's "expectations" (only when the script has some). */
static void rt_expect_report(rt_ctx *c, json_t *report)
{
    if (!c->in.expect_count)
        return;
    relic_json_set(report, "expectations",
                   json_pack("{s:I, s:I, s:I, s:O}", "checked", (json_int_t)c->checked, "failed",
                             (json_int_t)json_array_size(c->failures), "not_reached",
                             (json_int_t)(c->in.expect_count - c->checked), "failures", c->failures),
                   &c->oom);
}

/* --screen: the 320x200 screen with the bundled font or --font's file,
 * split by its size (agi_vm_fonts_split): the 8x8 glyphs for all text,
 * the 2,048 bytes at F000:FA6E that AGI 2.936's message windows index, and
 * the 8x14 glyphs of its text mode; --cyrillic-font's glyphs from 0x80 for
 * an AGDS game's CP866 text (agi_vm_upper_font_split). */
static int rt_screen(rt_ctx *c, relic_err *err)
{
    relic_buf font = RELIC_BUF_INIT, cyr = RELIC_BUF_INIT;
    agi_vm_fonts fonts = {0};
    int rc = RELIC_OK;
    if (c->o->font && (rc = relic_file_read(c->o->font, &font, err)) == RELIC_OK &&
        (rc = agi_vm_fonts_split(font.data, font.len, &fonts, err)) != RELIC_OK)
        relic_err_file(err, c->o->font);
    if (rc == RELIC_OK && c->o->cyrillic_font && (rc = relic_file_read(c->o->cyrillic_font, &cyr, err)) == RELIC_OK &&
        (rc = agi_vm_upper_font_split(cyr.data, cyr.len, &fonts.upper, err)) != RELIC_OK)
        relic_err_file(err, c->o->cyrillic_font);
    static uint8_t scr[AGI_SCREEN_W * AGI_SCREEN_H];
    if (rc == RELIC_OK) {
        agi_vm_screen_with(c->vm, &fonts, scr);
        rc = pic_write_image_colors(c->o, c->o->screen, scr, AGI_SCREEN_W, AGI_SCREEN_H, 1, agi_vm_palette(c->vm),
                                    agi_vm_palette_colors(c->vm), err);
    }
    relic_buf_free(&font);
    relic_buf_free(&cyr);
    return rc;
}

/* --audio: the run's sound commands through the synthesizer at 22,050 Hz,
 * on as many equal channels as asked: two by default, the layout of
 * DOSBox's wave capture of the original, so that a comparison converts
 * both recordings alike. */
static int rt_audio(rt_ctx *c, relic_err *err)
{
    agi_synth_opts so = {.rate = 22050, .noise = agi_noise_chip_for(c->o->machine), .sampling = c->o->sampling};
    agi_snd_device dev = agi_snd_device_for(agi_vm_profile(c->vm), c->o->machine);
    float *f = NULL;
    int16_t *pcm = NULL;
    size_t frames = 0;
    int rc = agi_synth_render(agi_vm_sound_commands(c->vm), dev, agi_vm_sound_clock(c->vm), &so, &f, &frames, err);
    if (rc == RELIC_OK)
        rc = agi_synth_to_pcm16(f, frames, 0.0, (unsigned)c->o->audio_channels, &pcm, err);
    if (rc == RELIC_OK)
        rc = relic_audio_write(c->o->audio, pcm, frames, (unsigned)c->o->audio_channels, so.rate, err);
    free(f);
    free(pcm);
    return rc;
}

static int rt_outputs(rt_ctx *c, json_t *report, relic_err *err)
{
    const pic_opts *o = c->o;
    json_t *outputs = json_object_get(report, "outputs");
    int rc = RELIC_OK;
    int *oom = &c->oom;
    if (o->out_png && (rc = pic_write_image_colors(o, o->out_png, rt_plane(c), AGI_PIC_WIDTH, AGI_PIC_HEIGHT, 0,
                                                   rt_palette(c), rt_colors(c), err)) == 0)
        relic_json_set(outputs, "png", json_string(o->out_png), oom);
    if (rc == RELIC_OK && o->out_raw &&
        (rc = cli_write_output(o->out_raw, rt_plane(c), AGI_PIC_CELLS, err)) == RELIC_OK)
        relic_json_set(outputs, "raw", json_string(o->out_raw), oom);
    if (rc == RELIC_OK && o->state) {
        json_t *st = agi_vm_state_json(c->vm);
        *oom |= !st;
        relic_json_set(st, "sha256", json_incref(json_object_get(report, "sha256")), oom);
        /* checked before writing: a state file short of a member is no state */
        if ((rc = relic_json_check(*oom, err)) == RELIC_OK && (rc = cli_write_json(o->state, st, err)) == RELIC_OK)
            relic_json_set(outputs, "state", json_string(o->state), oom);
        json_decref(st);
    }
    if (rc == RELIC_OK && o->bundle && (rc = pic_bundle_write(o, c->vm, err)) == RELIC_OK)
        relic_json_set(outputs, "bundle", json_string(o->bundle), oom);
    if (rc == RELIC_OK && o->save && (rc = pic_save_write(o, c->vm, err)) == RELIC_OK)
        relic_json_set(outputs, "save", json_string(o->save), oom);
    if (rc == RELIC_OK && o->frames_dir)
        relic_json_set(outputs, "frames", json_incref(c->frames), oom);
    if (rc == RELIC_OK && o->run_gif && (rc = rt_gif_write(c, err)) == RELIC_OK)
        relic_json_set(outputs, "gif", json_string(o->run_gif), oom);
    if (rc == RELIC_OK && o->audio && (rc = rt_audio(c, err)) == RELIC_OK) {
        relic_json_set(outputs, "audio", json_string(o->audio), oom);
        relic_json_set(report, "sound_commands", json_integer((json_int_t)agi_vm_sound_commands(c->vm)->count), oom);
    }
    if (rc == RELIC_OK && o->screen && (rc = rt_screen(c, err)) == RELIC_OK)
        relic_json_set(outputs, "screen", json_string(o->screen), oom);
    return rc == RELIC_OK ? relic_json_check(*oom, err) : rc;
}

/* 0, or -1 when the JSON report could not be printed (reported). */
static int rt_print(const pic_opts *o, const json_t *r)
{
    if (o->json)
        return cli_json_report(r, "relic-pic-render-run", 1, NULL);
    printf("cycle %lld room %lld\n", (long long)json_integer_value(json_object_get(r, "cycle")),
           (long long)json_integer_value(json_object_get(r, "room")));
    json_t *x = json_object_get(r, "expectations");
    if (x)
        printf("expectations: %lld checked, %lld failed, %lld not reached\n",
               (long long)json_integer_value(json_object_get(x, "checked")),
               (long long)json_integer_value(json_object_get(x, "failed")),
               (long long)json_integer_value(json_object_get(x, "unchecked")));
    if (o->sha256) {
        json_t *s = json_object_get(r, "sha256");
        printf("%s  visual\n%s  priority\n", json_string_value(json_object_get(s, "visual")),
               json_string_value(json_object_get(s, "priority")));
    }
    return 0;
}

int pic_runtime_run(const pic_opts *o)
{
    rt_ctx c;
    memset(&c, 0, sizeof c);
    c.o = o;
    c.frames = json_array();
    c.failures = json_array();
    c.oom = !c.frames || !c.failures;
    relic_err err;
    relic_err_clear(&err);
    int rc = rt_open(&c, &err), unprinted = 0;
    if (rc == RELIC_OK)
        rc = rt_run(&c, &err);
    if (rc == RELIC_OK) {
        char hv[65], hp[65];
        relic_sha256_hex(agi_vm_frame_vis(c.vm), AGI_PIC_CELLS, hv);
        relic_sha256_hex(agi_vm_frame_pri(c.vm), AGI_PIC_CELLS, hp);
        json_t *report =
            json_pack("{s:s, s:s, s:I, s:i, s:b, s:{s:s, s:s}, s:{}, s:i, s:i}", "format", "relic-pic-render-run",
                      "profile", agi_vm_profile(c.vm)->name, "cycle", (json_int_t)agi_vm_cycles(c.vm), "room",
                      agi_vm_var(c.vm, 0), "quit", agi_vm_has_quit(c.vm), "sha256", "visual", hv, "priority", hp,
                      "outputs", "width", AGI_PIC_WIDTH, "height", AGI_PIC_HEIGHT);
        c.oom |= !report;
        rt_expect_report(&c, report);
        if ((rc = rt_outputs(&c, report, &err)) == RELIC_OK)
            unprinted = rt_print(o, report);
        json_decref(report);
    }
    if (rc)
        cli_report(&err);
    json_decref(c.frames);
    relic_buf_free(&c.gif_planes);
    size_t failed = json_array_size(c.failures);
    json_decref(c.failures);
    agi_vm_free(c.vm);
    agi_input_free(&c.in);
    agi_fileset_free(&c.fs);
    if (rc)
        return cli_exit_code(rc);
    /* a walkthrough's failed checkpoint is a data error: exit 1 */
    return unprinted ? CLI_EXIT_IO : failed ? CLI_EXIT_DATA : CLI_EXIT_OK;
}
