/* Unit tests for AGI sound (agi-spec sound.md): the payload decoder
 * (libformats/agi/sound.c) and the tick schedule and per-profile command
 * stream (libformats/sound/sound_sched.c).  Streams are compared as compact text:
 * "TICK/CH K BYTES" with K = T tone, N noise, A attenuation, S silence, and
 * BYTES the chip bytes in hex, or "dN" for a PC-speaker divisor. */
#include <string.h>
#include "relic/agi_sound.h"
#include "relic/agi_sound_json.h"
#include "support.h"

/* samples/relicdemo/raw/sound/sound001.hex */
#define SAMPLE_SOUND                                                          \
    "08 00 1e 00 20 00 22 00  0f 00 1a 8b 92  0f 00 15 83 92  0f 00 11 8d 92" \
    "  1e 00 0d 86 92  ff ff  ff ff  ff ff  ff ff"

static void decode_hex(const char *hex, agi_sound *s)
{
    uint8_t d[512];
    size_t n = test_hex(hex, d, sizeof d);
    relic_err err;
    relic_err_clear(&err);
    if (agi_sound_decode(d, n, s, &err) != RELIC_OK)
        fail_msg("decode: %s (offset %zu)", err.msg, err.offset);
}

static void stream_text(const agi_snd_cmds *c, char *out, size_t outsz)
{
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < c->count && n + 40 < outsz; i++) {
        const agi_snd_cmd *m = &c->v[i];
        n += (size_t)snprintf(out + n, outsz - n, "%s%llu/%u %c", i ? " " : "", (unsigned long long)m->tick, m->channel,
                              "TNAS"[m->kind]);
        if (m->nbytes)
            for (unsigned k = 0; k < m->nbytes; k++)
                n += (size_t)snprintf(out + n, outsz - n, "%s%02x", k ? "" : " ", m->bytes[k]);
        else if (m->kind == AGI_SNDCMD_TONE)
            n += (size_t)snprintf(out + n, outsz - n, " d%u", m->divisor);
    }
}

/* Schedules hex under a profile and compares the text of its stream. */
static uint64_t expect_stream(const char *hex, const char *profile, unsigned selector, uint8_t adjust, const char *want)
{
    agi_sound s;
    decode_hex(hex, &s);
    agi_snd_opts o = {agi_profile_find(profile), selector, adjust};
    assert_non_null(o.profile);
    agi_snd_cmds c = {0};
    uint64_t end = 0;
    assert_int_equal(agi_snd_schedule(&s, &o, &c, &end, NULL), RELIC_OK);
    char text[4096];
    stream_text(&c, text, sizeof text);
    if (want && strcmp(text, want) != 0)
        fail_msg("profile %s selector %u adjust %u:\n  got  %s\n  want %s", profile, selector, adjust, text, want);
    agi_snd_cmds_free(&c);
    agi_sound_free(&s);
    return end;
}

static void test_decode_sample(void **state)
{
    (void)state;
    agi_sound s;
    decode_hex(SAMPLE_SOUND, &s);
    assert_int_equal(s.ch[0].count, 4);
    assert_int_equal(s.ch[0].events[0].duration, 15);
    assert_int_equal(s.ch[0].events[0].tone, 0x8b1a);
    assert_int_equal(agi_sound_divisor(s.ch[0].events[0].tone), 0x1ab);
    assert_int_equal(s.ch[0].events[3].duration, 30);
    assert_int_equal(s.ch[0].events[3].offset, 23);
    assert_int_equal(s.ch[0].end, 28);
    for (unsigned ch = 1; ch < 4; ch++)
        assert_int_equal(s.ch[ch].count, 0);
    agi_sound_free(&s);
}

static void test_decode_malformed(void **state)
{
    (void)state;
    uint8_t d[8];
    size_t n = test_hex("08 00 0a 00 0a", d, sizeof d);
    agi_sound s;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_sound_decode(d, n, &s, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 0);
    assert_non_null(strstr(err.msg, "shorter than its 8-byte header"));
    agi_sound_free(&s);
}

/* A damaged payload decodes as AGI 2.936 reads it (sound.c): one warning
 * (the first damage, its payload offset), the channel's events read with
 * zeros past the payload, and `endless` where zero records follow. */
static void expect_damaged(const char *hex, size_t offset, const char *what, unsigned ch, unsigned count, int endless,
                           agi_sound *s)
{
    uint8_t d[256];
    size_t n = test_hex(hex, d, sizeof d);
    relic_err err;
    relic_err_clear(&err);
    if (agi_sound_decode(d, n, s, &err) != RELIC_OK)
        fail_msg("'%s': %s", hex, err.msg);
    if (!s->warnings || s->warning_offset != offset || !strstr(s->warning, what))
        fail_msg("'%s': warned %u \"%s\" at %zu, want \"%s\" at %zu", hex, s->warnings, s->warning, s->warning_offset,
                 what, offset);
    assert_int_equal(s->ch[ch].count, count);
    assert_int_equal(s->ch[ch].endless, endless);
}

static void test_decode_damaged(void **state)
{
    (void)state;
    agi_sound s;
    expect_damaged("08 00 0a 00 30 00 0a 00 ff ff ff ff", 4, "channel 2 offset 0x30 outside the payload (12 bytes)", 2,
                   0, 1, &s);
    assert_int_equal(s.warnings, 1);
    assert_int_equal(s.ch[0].endless, 0);
    agi_sound_free(&s);
    /* Inside the header: the header's bytes are the first events. */
    expect_damaged("00 00 0a 00 0a 00 0a 00 ff ff", 0, "channel 0 offset 0x0 inside the 8-byte header", 0, 2, 1, &s);
    assert_int_equal(s.ch[0].events[0].duration, 0);
    assert_int_equal(s.ch[0].events[0].tone, 0x000a);
    assert_int_equal(s.ch[0].events[1].duration, 0x0a00);
    assert_int_equal(s.ch[0].events[1].tone, 0xff00);
    assert_int_equal(s.ch[0].events[1].control, 0xff);
    agi_sound_free(&s);
    /* A record cut by the end reads zeros for its missing bytes. */
    expect_damaged("08 00 0a 00 0a 00 0a 00 05 00 00 80 90 ff", 13, "channel 0 runs past the payload", 0, 2, 1, &s);
    assert_int_equal(s.ch[0].events[1].duration, 0x00ff);
    assert_int_equal(s.ch[0].events[1].tone, 0);
    agi_sound_free(&s);
    expect_damaged("08 00 0a 00 0a 00 0a 00 ff ff 05 00 00", 10, "channel 1 runs past the payload", 1, 1, 1, &s);
    assert_int_equal(s.ch[0].endless, 0);
    agi_sound_free(&s);
    /* The last whole event ends at the end: the next record is zeros. */
    expect_damaged("08 00 0d 00 0d 00 0d 00 01 00 00 00 0f", 13, "channel 0 runs past the payload", 0, 1, 1, &s);
    agi_sound_free(&s);
}

/* Channel 3 points past the payload (the damaged game's 0x8b07): on the
 * four-channel device it plays zero records, noise at full volume, and
 * the sound never ends (AGI 2.936 on a Tandy never set the flag); the PC
 * speaker reads channel 0 only and ends with it.  The whole-sound
 * schedule stops on the tick channel 0 ends. */
#define DAMAGED_SOUND "08 00 0d 00 0d 00 07 8b  03 00 1a 8b 90  ff ff"

static void test_schedule_endless(void **state)
{
    (void)state;
    uint64_t end = expect_stream(DAMAGED_SOUND, "2.936", 1, 0,
                                 "1/0 T 8b1a 1/0 A 90 1/1 A bf 1/2 A df 1/3 T 0000 1/3 A f0 "
                                 "4/0 A 9f 4/0 S 9f 4/1 S bf 4/2 S df 4/3 S ff");
    assert_int_equal(end, 4);
    agi_sound s;
    decode_hex(DAMAGED_SOUND, &s);
    agi_snd_opts o = {agi_profile_find("2.936"), 1, 0};
    agi_snd_sched sc;
    agi_snd_cmds c = {0};
    agi_snd_start(&sc, &s, &o);
    for (unsigned t = 0; t < 70000; t++)
        assert_int_equal(agi_snd_tick(&sc, 1, &c), RELIC_OK);
    assert_false(agi_snd_is_done(&sc)); /* the zero records go on */
    agi_snd_cmds_free(&c);
    o.selector = 0;
    agi_snd_start(&sc, &s, &o);
    for (unsigned t = 0; t < 4; t++)
        assert_int_equal(agi_snd_tick(&sc, 1, &c), RELIC_OK);
    assert_true(agi_snd_is_done(&sc));
    assert_int_equal(agi_snd_completion(&sc), 4);
    agi_snd_cmds_free(&c);
    agi_sound_free(&s);
}

static void test_speaker_schedule_zero_duration(void **state)
{
    (void)state;
    /* Channel 0: 3 ticks of tone 0x8b1a, 0 ticks (= 65536) silent, 2 ticks
     * of tone 0x0215, end.  Reads on ticks 1, 4, 65540, 65542. */
    const char *hex = "08 00 17 00 17 00 17 00  03 00 1a 8b 90  00 00 00 80 9f  02 00 15 02 93  ff ff";
    uint64_t end = expect_stream(hex, "2.936", 0, 0, "1/0 T d5124 4/0 S 65540/0 T d4056 65542/0 S");
    assert_int_equal(end, 65542);
    /* Selector 8 also picks the speaker from 2.917 on, not before. */
    expect_stream(hex, "2.917", 8, 0, "1/0 T d5124 4/0 S 65540/0 T d4056 65542/0 S");
    end = expect_stream(hex, "2.440", 8, 0, NULL);
    assert_int_equal(end, 65542);
}

static void test_incremental_and_gate(void **state)
{
    (void)state;
    agi_sound s;
    decode_hex(SAMPLE_SOUND, &s);
    agi_snd_opts o = {agi_profile_find("2.936"), 0, 0};
    agi_snd_sched sc;
    agi_snd_cmds c = {0};
    agi_snd_start(&sc, &s, &o);
    unsigned ticks = 0;
    while (!agi_snd_is_done(&sc)) {
        assert_int_equal(agi_snd_tick(&sc, 1, &c), RELIC_OK);
        ticks++;
    }
    assert_int_equal(ticks, 76); /* 15+15+15+30 ticks of notes, terminator on tick 76 */
    assert_int_equal(agi_snd_completion(&sc), 76);
    assert_false(sc.stopped);
    char text[512];
    stream_text(&c, text, sizeof text);
    assert_string_equal(text, "1/0 T d5124 16/0 T d4068 31/0 T d3420 46/0 T d2568 76/0 S");
    /* f9 clear at the start of tick 3: no event of that tick is read. */
    agi_snd_cmds_free(&c);
    agi_snd_start(&sc, &s, &o);
    agi_snd_tick(&sc, 1, &c);
    agi_snd_tick(&sc, 1, &c);
    agi_snd_tick(&sc, 0, &c);
    assert_true(agi_snd_is_done(&sc));
    assert_true(sc.stopped);
    assert_int_equal(agi_snd_completion(&sc), 3);
    stream_text(&c, text, sizeof text);
    assert_string_equal(text, "1/0 T d5124 3/0 S");
    /* Stop on the four-channel device sends 9f bf df ff. */
    agi_snd_cmds_free(&c);
    o.selector = 1;
    agi_snd_start(&sc, &s, &o);
    agi_snd_tick(&sc, 1, &c);
    agi_snd_stop(&sc, &c);
    agi_snd_tick(&sc, 1, &c); /* nothing after a stop */
    stream_text(&c, text, sizeof text);
    assert_string_equal(text, "1/0 T 8b1a 1/0 A 90 1/1 A bf 1/2 A df 1/3 A ff 1/0 S 9f 1/1 S bf 1/2 S df 1/3 S ff");
    agi_snd_cmds_free(&c);
    agi_sound_free(&s);
}

/* One event per channel: ch0 tone 0x0c85 attenuation 5 (4 ticks), ch3
 * noise 0x00e5 attenuation 4 (2 ticks), ch1/ch2 empty. */
#define FOUR "08 00 0d 00 0d 00 0f 00  04 00 85 0c 95  ff ff  02 00 00 e5 f4  ff ff"

static void test_profile_tone_bytes(void **state)
{
    (void)state;
    expect_stream(FOUR, "2.411", 1, 0,
                  "1/0 T 0c85 1/0 A 95 1/1 A bf 1/2 A df 1/3 N e500 1/3 A f4 3/3 A ff 5/0 A 9f "
                  "5/0 S 9f 5/1 S bf 5/2 S df 5/3 S ff");
    expect_stream(FOUR, "2.440", 1, 0,
                  "1/0 T 0c85 1/0 A 95 1/1 A bf 1/2 A df 1/3 N e5 1/3 A f4 3/3 A ff 5/0 A 9f "
                  "5/0 S 9f 5/1 S bf 5/2 S df 5/3 S ff");
}

static void test_profile_attenuation_rules(void **state)
{
    (void)state;
    /* 2.089/2.230: device 2 adds 3 to nibbles below 8; global adjust ignored. */
    const char *tail = " 1/1 A bf 1/2 A df 1/3 N e500";
    char want[512];
    snprintf(want, sizeof want, "1/0 T 0c85 1/0 A 98%s 1/3 A f7 3/3 A ff 5/0 A 9f", tail);
    strcat(want, " 5/0 S 9f 5/1 S bf 5/2 S df 5/3 S ff");
    expect_stream(FOUR, "2.089", 2, 9, want);
    expect_stream(FOUR, "2.230", 2, 0, want);
    /* 2.272: then the adjust on the whole byte, signed: 0x98 + 0x09 = 0xa1
     * (negative, sent as is, changing channel); 0xf7 + 9 = 0x00 -> 0; a
     * positive result above 15 becomes 0x0f.  Terminators send their
     * channel's 0x0f as is. */
    snprintf(want, sizeof want, "1/0 T 0c85 1/0 A a1 1/1 A bf 1/2 A df 1/3 N e500 1/3 A 00 3/3 A ff 5/0 A 9f");
    strcat(want, " 5/0 S 9f 5/1 S bf 5/2 S df 5/3 S ff");
    expect_stream(FOUR, "2.272", 2, 9, want);
    expect_stream(FOUR, "2.272", 1, 0x20,
                  "1/0 T 0c85 1/0 A b5 1/1 A bf 1/2 A df 1/3 N e500 1/3 A 0f 3/3 A ff "
                  "5/0 A 9f 5/0 S 9f 5/1 S bf 5/2 S df 5/3 S ff");
    expect_stream(FOUR, "2.272", 1, 0x70,
                  "1/0 T 0c85 1/0 A 05 1/1 A bf 1/2 A df 1/3 N e500 1/3 A 0f 3/3 A ff "
                  "5/0 A 9f 5/0 S 9f 5/1 S bf 5/2 S df 5/3 S ff");
    /* 2.411/2.440: nibble + adjust clamped, no device-2 change. */
    expect_stream(FOUR, "2.411", 2, 3,
                  "1/0 T 0c85 1/0 A 98 1/1 A bf 1/2 A df 1/3 N e500 1/3 A f7 3/3 A ff "
                  "5/0 A 9f 5/0 S 9f 5/1 S bf 5/2 S df 5/3 S ff");
    expect_stream(FOUR, "2.440", 1, 12,
                  "1/0 T 0c85 1/0 A 9f 1/1 A bf 1/2 A df 1/3 N e5 1/3 A ff 3/3 A ff "
                  "5/0 A 9f 5/0 S 9f 5/1 S bf 5/2 S df 5/3 S ff");
}

static void test_envelope_steps(void **state)
{
    (void)state;
    /* 2.936, channel 0 at base 5 for 80 ticks: fe fd fe ff 00 00 01 ...
     * gives 3 2 3 4 5 5 6 ... clamped at 15; only changes are sent between
     * events.  Channel 3 never runs the envelope (index kept disabled). */
    const char *hex = "08 00 0d 00 0d 00 0f 00  50 00 85 0c 95  ff ff  50 00 00 e5 f4  ff ff";
    agi_sound s;
    decode_hex(hex, &s);
    agi_snd_opts o = {agi_profile_find("2.936"), 1, 0};
    agi_snd_cmds c = {0};
    uint64_t end;
    assert_int_equal(agi_snd_schedule(&s, &o, &c, &end, NULL), RELIC_OK);
    assert_int_equal(end, 81);
    int att[82];
    for (int t = 0; t < 82; t++)
        att[t] = -1;
    for (size_t i = 0; i < c.count; i++)
        if (c.v[i].channel == 0 && c.v[i].kind == AGI_SNDCMD_ATTEN)
            att[c.v[i].tick] = c.v[i].attenuation;
    // clang-format off
    static const int want[][2] = {{1, 3}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, -1}, {7, 6}, {8, -1}, {11, 7},
                                  {12, -1}, {19, 8}, {26, 9}, {30, 10}, {34, 11}, {39, 12}, {43, 13},
                                  {47, 14}, {51, 15}, {52, -1}, {66, -1}, {67, -1}, {68, -1}, {81, 15}};
    // clang-format on
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (att[want[i][0]] != want[i][1])
            fail_msg("tick %d: attenuation %d, want %d", want[i][0], att[want[i][0]], want[i][1]);
    for (size_t i = 0; i < c.count; i++)
        if (c.v[i].channel == 3 && c.v[i].kind == AGI_SNDCMD_ATTEN && c.v[i].tick < 81)
            assert_int_equal(c.v[i].bytes[0], 0xf4); /* only the event's own output */
    agi_snd_cmds_free(&c);
    /* Global adjust then device 2: 3+0 -> 3 < 8 -> 5; base 0x0f untouched. */
    o.selector = 2;
    o.global_adjust = 1;
    assert_int_equal(agi_snd_schedule(&s, &o, &c, &end, NULL), RELIC_OK);
    assert_int_equal(c.v[1].bytes[0], 0x96); /* 5-2=3, +1 = 4, +2 = 6 */
    assert_int_equal(c.v[2].bytes[0], 0xbf);
    /* ch3 runs no envelope, and AGI 2.936 adds the global adjustment only
     * to an envelope step (AGI.EXE 0x8185 jumps past it): 4, +2 = 6. */
    assert_int_equal(c.v[5].bytes[0], 0xf6);
    agi_snd_cmds_free(&c);
    agi_sound_free(&s);
}

static void test_envelope_end_copies_value(void **state)
{
    (void)state;
    /* Base 0: table steps clamp at 0 then rise to 13; the 0x80 entry (step
     * 68) copies 13 into the base, which then holds for the next 30 ticks. */
    const char *hex = "08 00 0d 00 0d 00 0d 00  64 00 85 0c 90  ff ff";
    agi_sound s;
    decode_hex(hex, &s);
    agi_snd_opts o = {agi_profile_find("3.002.149"), 1, 0};
    agi_snd_cmds c = {0};
    uint64_t end;
    assert_int_equal(agi_snd_schedule(&s, &o, &c, &end, NULL), RELIC_OK);
    assert_int_equal(end, 101);
    uint8_t last = 0;
    uint64_t last_tick = 0;
    for (size_t i = 0; i < c.count; i++)
        if (c.v[i].channel == 0 && c.v[i].kind == AGI_SNDCMD_ATTEN && c.v[i].tick < 101) {
            last = c.v[i].attenuation;
            last_tick = c.v[i].tick;
        }
    assert_int_equal(last, 13);
    assert_int_equal(last_tick, 67); /* 13 first appears on table step 67 */
    agi_snd_cmds_free(&c);
    agi_sound_free(&s);
}

static void test_json(void **state)
{
    (void)state;
    agi_sound s;
    decode_hex(SAMPLE_SOUND, &s);
    agi_snd_opts o = {agi_profile_find("2.936"), 0, 0};
    agi_snd_cmds c = {0};
    assert_int_equal(agi_snd_schedule(&s, &o, &c, NULL, NULL), RELIC_OK);
    json_t *j = agi_snd_cmds_to_json(&c);
    char *txt = json_dumps(j, JSON_SORT_KEYS | JSON_COMPACT);
    assert_string_equal(txt, "[{\"channel\":0,\"divisor\":5124,\"kind\":\"tone\",\"tick\":1},"
                             "{\"channel\":0,\"divisor\":4068,\"kind\":\"tone\",\"tick\":16},"
                             "{\"channel\":0,\"divisor\":3420,\"kind\":\"tone\",\"tick\":31},"
                             "{\"channel\":0,\"divisor\":2568,\"kind\":\"tone\",\"tick\":46},"
                             "{\"channel\":0,\"kind\":\"silence\",\"tick\":76}]");
    free(txt);
    json_decref(j);
    agi_snd_cmds_free(&c);
    agi_sound_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decode_sample),
        cmocka_unit_test(test_decode_malformed),
        cmocka_unit_test(test_decode_damaged),
        cmocka_unit_test(test_schedule_endless),
        cmocka_unit_test(test_speaker_schedule_zero_duration),
        cmocka_unit_test(test_incremental_and_gate),
        cmocka_unit_test(test_profile_tone_bytes),
        cmocka_unit_test(test_profile_attenuation_rules),
        cmocka_unit_test(test_envelope_steps),
        cmocka_unit_test(test_envelope_end_copies_value),
        cmocka_unit_test(test_json),
    };
    return cmocka_run_group_tests_name("agi_sound", tests, NULL, NULL);
}
