/* Corpus tests for AGI sound over real games ($RELIC_CORPUS/agi/<game>):
 * every sound payload decodes (except the few resources listed below that
 * are not AGI sound data at all), and schedules under the game's profile
 * on both devices; the command streams are hashed and compared with our
 * own committed digests, so any change in scheduling shows up.  Every
 * sound is also rendered (8 kHz, cut at ten minutes as the tools do): the
 * audio must last completion tick / 60 s to the sample, and a sound with an
 * audible event must not render as silence.  Without
 * RELIC_CORPUS the tests skip with a reason; under CI=true they are
 * required. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_sn76489.h"
#include "relic/agi_sound.h"
#include "relic/agi_sound_sched.h"
#include "support.h"

/* Directory entries that point at data which is not an AGI sound payload
 * (text, or bytes with no channel terminators): they decode as AGI 2.936
 * reads them (channels past the payload read zeros), with a warning. */
static const struct {
    const char *game;
    unsigned num;
} known_bad[] = {
    {"hankqe", 11},
    {"hankqe", 12},
    {"patqst", 46},
    {"patqst", 117},
};

/* FNV-1a 64 of each game's command streams (selector 1 then 0, every
 * sound in number order); regenerate by running with RELIC_PRINT_DIGESTS=1
 * after checking that a change is intended. */
static const struct {
    const char *game;
    const char *digest;
} goldens[] = {
#include "sound_digests.inc"
};

static int is_known_bad(const char *game, unsigned num)
{
    for (size_t i = 0; i < sizeof known_bad / sizeof known_bad[0]; i++)
        if (strcmp(known_bad[i].game, game) == 0 && known_bad[i].num == num)
            return 1;
    return 0;
}

static void fnv(uint64_t *h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) {
        *h ^= b[i];
        *h *= 0x100000001b3ull;
    }
}

static void hash_stream(uint64_t *h, const agi_snd_cmds *c, uint64_t end)
{
    for (size_t i = 0; i < c->count; i++) {
        const agi_snd_cmd *m = &c->v[i];
        uint8_t rec[16] = {0};
        for (int k = 0; k < 8; k++)
            rec[k] = (uint8_t)(m->tick >> (8 * k));
        rec[8] = m->channel;
        rec[9] = m->kind;
        rec[10] = m->attenuation;
        rec[11] = m->nbytes;
        rec[12] = m->nbytes > 0 ? m->bytes[0] : 0;
        rec[13] = m->nbytes > 1 ? m->bytes[1] : 0;
        rec[14] = (uint8_t)m->divisor;
        rec[15] = (uint8_t)(m->divisor >> 8);
        fnv(h, rec, sizeof rec);
    }
    fnv(h, &end, sizeof end);
}

#define RENDER_RATE 8000
#define RENDER_MAX_TICKS (600 * AGI_SND_TICK_HZ)

/* Whether the stream turns any channel audible before the cut. */
static int has_audible(const agi_snd_cmds *c)
{
    for (size_t i = 0; i < c->count; i++)
        if (c->v[i].kind == AGI_SNDCMD_ATTEN && c->v[i].attenuation != 0x0f && c->v[i].tick < RENDER_MAX_TICKS)
            return 1;
    return 0;
}

static void render_check(const char *game, unsigned n, const agi_snd_cmds *c, uint64_t end, unsigned *cut)
{
    agi_synth_opts o = {.rate = RENDER_RATE, .max_ticks = RENDER_MAX_TICKS};
    float *x;
    size_t frames;
    relic_err err;
    relic_err_clear(&err);
    if (agi_synth_render(c, AGI_SND_PCJR, end, &o, &x, &frames, &err))
        fail_msg("%s: sound %u: render: %s", game, n, err.msg);
    uint64_t ticks = end < RENDER_MAX_TICKS ? end : RENDER_MAX_TICKS;
    *cut += end > RENDER_MAX_TICKS;
    if (frames != ticks * RENDER_RATE / AGI_SND_TICK_HZ)
        fail_msg("%s: sound %u: %zu frames for %llu ticks", game, n, frames, (unsigned long long)ticks);
    double peak = 0;
    for (size_t i = 0; i < frames; i++)
        peak = x[i] > peak ? x[i] : -x[i] > peak ? -x[i] : peak;
    if (has_audible(c) && peak == 0)
        fail_msg("%s: sound %u renders as silence", game, n);
    free(x);
}

static void corpus_game_sounds(const char *dir, const char *game, unsigned *sounds, unsigned *bad, unsigned *cut)
{
    agi_fileset fs = {0, 0};
    agi_game g;
    relic_err err;
    relic_err_clear(&err);
    if (agi_fileset_read_dir(dir, &fs, &err) || agi_game_open(&fs, NULL, &g, &err))
        fail_msg("%s: %s", dir, err.msg);
    uint64_t h = 0xcbf29ce484222325ull;
    relic_buf p = RELIC_BUF_INIT;
    for (unsigned n = 0; n < g.dirs[AGI_SOUND].count; n++) {
        if (!g.dirs[AGI_SOUND].entry[n].present)
            continue;
        agi_record rec;
        if (agi_game_load(&g, AGI_SOUND, n, &rec, &p, &err))
            fail_msg("%s: sound %u: %s", game, n, err.msg);
        agi_sound s;
        int rc = agi_sound_decode(p.data, p.len, &s, &err);
        if (is_known_bad(game, n)) {
            /* read as AGI 2.936 would play them: channels past the payload */
            if (rc != RELIC_OK || !s.warnings)
                fail_msg("%s: sound %u should decode with a warning", game, n);
            agi_sound_free(&s);
            (*bad)++;
            continue;
        }
        if (rc)
            fail_msg("%s: sound %u: %s (offset 0x%zx)", game, n, err.msg, err.offset);
        for (unsigned sel = 2; sel-- > 0;) {
            agi_snd_opts o = {g.profile, sel, 0};
            agi_snd_cmds c = {0};
            uint64_t end = 0;
            assert_int_equal(agi_snd_schedule(&s, &o, &c, &end, &err), RELIC_OK);
            assert_true(end >= 1);
            assert_true(c.count >= 1);
            assert_int_equal(c.v[c.count - 1].kind, AGI_SNDCMD_SILENCE);
            assert_true(c.v[c.count - 1].tick == end);
            hash_stream(&h, &c, end);
            if (sel == 1)
                render_check(game, n, &c, end, cut);
            agi_snd_cmds_free(&c);
        }
        (*sounds)++;
        agi_sound_free(&s);
    }
    relic_buf_free(&p);
    agi_fileset_free(&fs);
    char digest[17];
    snprintf(digest, sizeof digest, "%016llx", (unsigned long long)h);
    if (getenv("RELIC_PRINT_DIGESTS")) {
        printf("    {\"%s\", \"%s\"},\n", game, digest);
        return;
    }
    for (size_t i = 0; i < sizeof goldens / sizeof goldens[0]; i++)
        if (strcmp(goldens[i].game, game) == 0) {
            if (strcmp(goldens[i].digest, digest) != 0)
                fail_msg("%s: sound command digest %s, committed %s", game, digest, goldens[i].digest);
            return;
        }
    fail_msg("%s: no committed sound digest (%s)", game, digest);
}

static void test_corpus_agi_sounds(void **state)
{
    (void)state;
    char top[1024];
    test_corpus_require("agi", "agi sound", top, sizeof top);
    DIR *d = opendir(top);
    if (!d)
        fail_msg("cannot open %s", top);
    struct dirent *e;
    unsigned games = 0, sounds = 0, bad = 0, cut = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char dir[1400];
        snprintf(dir, sizeof dir, "%s/%s", top, e->d_name);
        corpus_game_sounds(dir, e->d_name, &sounds, &bad, &cut);
        games++;
    }
    closedir(d);
    print_message("# agi sound corpus: %u games, %u sounds scheduled and rendered (%u cut at ten minutes), %u known "
                  "non-sound entries read with a warning\n",
                  games, sounds, cut, bad);
    assert_int_equal(bad, sizeof known_bad / sizeof known_bad[0]);
    assert_true(games >= 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_agi_sounds),
    };
    return cmocka_run_group_tests_name("corpus_agi_sound", tests, NULL, NULL);
}
