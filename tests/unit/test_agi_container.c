/* Unit tests for the AGI containers: v2 and v3 directories, volume records,
 * whole-game opening (case-insensitive names, volume gaps, split-directory
 * fallback, large files mapped) and the writers (agi-spec
 * resource_containers.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/agi_json.h"
#include "relic/io.h"
#include "support.h"

static void test_dir_v2_absent_rule_and_limit(void **state)
{
    (void)state;
    static uint8_t d[3 * 300 + 2];
    memset(d, 0, sizeof d);
    const uint8_t first[] = {0x12, 0x34, 0x56, 0xf0, 0x00, 0x01, 0xff, 0xff, 0xff, 0xef, 0xff, 0xff};
    memcpy(d, first, sizeof first);
    agi_dir dir;
    assert_int_equal(agi_dir_parse_v2(d, sizeof d, &dir, NULL), RELIC_OK);
    assert_int_equal(dir.count, 256); /* entries past 256 are not resources */
    assert_true(dir.entry[0].present);
    assert_int_equal(dir.entry[0].volume, 1);
    assert_int_equal(dir.entry[0].offset, 0x23456);
    assert_false(dir.entry[1].present); /* high nibble 0xf, not ff ff ff */
    assert_false(dir.entry[2].present);
    assert_true(dir.entry[3].present);
    assert_int_equal(dir.entry[3].volume, 14);
    assert_int_equal(agi_dir_parse_v2(d, 5, &dir, NULL), RELIC_OK);
    assert_int_equal(dir.count, 1); /* a partial group is no entry */
}

static void test_dir_v3_sections_and_absent_rule(void **state)
{
    (void)state;
    uint8_t d[64];
    size_t n = test_hex("08 00 0e 00 11 00 11 00" /* logic 8, picture 14, view 17, sound 17 */
                        "ff ff ff f0 00 10"       /* logic 0 absent, logic 1 present in volume 15 */
                        "00 12 34"                /* picture 0 */
                        "10 00 00 ff ff",         /* sound: one entry and a partial group */
                        d, sizeof d);
    agi_dir dirs[AGI_KIND_COUNT];
    assert_int_equal(agi_dir_parse_v3(d, n, dirs, NULL), RELIC_OK);
    assert_int_equal(dirs[AGI_LOGIC].count, 2);
    assert_false(dirs[AGI_LOGIC].entry[0].present);
    assert_true(dirs[AGI_LOGIC].entry[1].present); /* only ff ff ff is absent in v3 */
    assert_int_equal(dirs[AGI_LOGIC].entry[1].volume, 15);
    assert_int_equal(dirs[AGI_PICTURE].entry[0].offset, 0x1234);
    assert_int_equal(dirs[AGI_VIEW].count, 0);
    assert_int_equal(dirs[AGI_SOUND].count, 1);
    assert_int_equal(dirs[AGI_SOUND].entry[0].volume, 1);
}

static void test_dir_v3_malformed(void **state)
{
    (void)state;
    uint8_t d[16];
    agi_dir dirs[AGI_KIND_COUNT];
    relic_err err;
    relic_err_clear(&err);
    size_t n = test_hex("08 00 0b 00", d, sizeof d); /* truncated header */
    assert_int_equal(agi_dir_parse_v3(d, n, dirs, &err), RELIC_EDATA);
    n = test_hex("08 00 40 00 08 00 08 00", d, sizeof d); /* picture offset past the end */
    assert_int_equal(agi_dir_parse_v3(d, n, dirs, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 2);
    n = test_hex("08 00 08 00 08 00 04 00", d, sizeof d); /* offset inside the header */
    assert_int_equal(agi_dir_parse_v3(d, n, dirs, &err), RELIC_EDATA);
}

static void test_record_v2_checks(void **state)
{
    (void)state;
    uint8_t vol[32];
    size_t n = test_hex("00 12 34 03 03 00 aa bb cc", vol, sizeof vol);
    agi_record rec;
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_record_load(AGI_LAYOUT_V2, vol, n, 1, 3, &rec, &out, &err), RELIC_OK);
    assert_int_equal(out.len, 3);
    assert_memory_equal(out.data, "\xaa\xbb\xcc", 3);
    assert_int_equal(agi_record_load(AGI_LAYOUT_V2, vol, n, 1, 2, &rec, &out, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "volume"));
    assert_int_equal(agi_record_load(AGI_LAYOUT_V2, vol, n, 0, 3, &rec, &out, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "magic"));
    assert_int_equal(agi_record_load(AGI_LAYOUT_V2, vol, n, 40, 3, &rec, &out, &err), RELIC_EDATA);
    assert_int_equal(err.offset, 40);
    vol[4] = 0x09; /* a length that lies */
    assert_int_equal(agi_record_load(AGI_LAYOUT_V2, vol, n, 1, 3, &rec, &out, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "past the end of the volume"));
    assert_int_equal(agi_record_load(AGI_LAYOUT_V2, vol, n, 7, 3, &rec, &out, &err),
                     RELIC_EDATA); /* truncated header */
    relic_buf_free(&out);
}

static void test_record_v3_metadata(void **state)
{
    (void)state;
    uint8_t vol[32];
    size_t n = test_hex("12 34 82 05 00 04 00 f0 af 2b ff", vol, sizeof vol);
    agi_record rec;
    relic_buf out = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_record_load(AGI_LAYOUT_V3, vol, n, 0, 2, &rec, &out, &err), RELIC_OK);
    assert_int_equal(rec.transform, AGI_TRANSFORM_PICTURE_NIBBLE);
    assert_memory_equal(out.data, "\xf0\x0a\xf2\x0b\xff", 5);
    assert_int_equal(agi_record_load(AGI_LAYOUT_V3, vol, n, 0, 3, &rec, &out, &err), RELIC_EDATA);
    vol[2] = 0x02; /* bit 0x80 clear: whole byte is the volume; lengths differ: LZW */
    assert_int_equal(agi_record_load(AGI_LAYOUT_V3, vol, n, 0, 2, &rec, &out, &err), RELIC_EDATA);
    assert_int_equal(rec.transform, AGI_TRANSFORM_LZW);
    assert_non_null(strstr(err.msg, "lzw payload"));
    relic_buf_free(&out);
}

static void load_fixture_game(const char *dir, agi_fileset *fs, agi_game *g)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", getenv("RELIC_FIXTURES") ? getenv("RELIC_FIXTURES") : "tests/fixtures", dir);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_fileset_read_dir(path, fs, &err), RELIC_OK);
    assert_int_equal(agi_game_open(fs, NULL, g, &err), RELIC_OK);
}

static void test_game_v2_fixture(void **state)
{
    (void)state;
    agi_fileset fs = {0, 0};
    agi_game g;
    load_fixture_game("agi/v2mini", &fs, &g);
    assert_int_equal(g.layout, AGI_LAYOUT_V2);
    assert_string_equal(g.dir_file[AGI_LOGIC], "logdir"); /* found without regard to case */
    assert_non_null(g.volumes[0]);
    assert_null(g.volumes[1]);
    assert_non_null(g.volumes[2]); /* a gap in the numbering */
    assert_int_equal(g.dirs[AGI_LOGIC].count, 3);
    assert_false(g.dirs[AGI_LOGIC].entry[1].present);
    assert_int_equal(g.profile_source, AGI_PROFILE_FROM_SHAPE);
    /* no version string and no strong evidence of an early profile: 2.917,
     * as ScummVM takes for fan games it does not know */
    assert_string_equal(g.profile->name, "2.917");
    assert_null(g.profile_declared);
    agi_record rec;
    relic_buf p = RELIC_BUF_INIT;
    assert_int_equal(agi_game_load(&g, AGI_LOGIC, 2, &rec, &p, NULL), RELIC_OK);
    assert_int_equal(rec.volume_byte, 2);
    assert_int_equal(agi_game_load(&g, AGI_PICTURE, 0, &rec, &p, NULL), RELIC_OK);
    assert_memory_equal(p.data, "\xf0\x0a\xf2\x0b\xff", 5);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_game_load(&g, AGI_LOGIC, 1, &rec, &p, &err), RELIC_EUSAGE);
    assert_int_equal(agi_game_load(&g, AGI_VIEW, 0, &rec, &p, &err), RELIC_EUSAGE);
    relic_buf_free(&p);
    agi_fileset_free(&fs);
}

static void test_game_v3_fixture(void **state)
{
    (void)state;
    agi_fileset fs = {0, 0};
    agi_game g;
    load_fixture_game("agi/v3mini", &fs, &g);
    assert_int_equal(g.layout, AGI_LAYOUT_V3);
    assert_string_equal(g.prefix, "MG");
    assert_false(g.split_dirs);
    agi_record rec;
    relic_buf p = RELIC_BUF_INIT;
    assert_int_equal(agi_game_load(&g, AGI_VIEW, 0, &rec, &p, NULL), RELIC_OK);
    assert_int_equal(rec.transform, AGI_TRANSFORM_LZW);
    assert_int_equal(p.len, 28);
    assert_int_equal(agi_game_load(&g, AGI_PICTURE, 0, &rec, &p, NULL), RELIC_OK);
    assert_int_equal(rec.transform, AGI_TRANSFORM_PICTURE_NIBBLE);
    assert_int_equal(agi_game_load(&g, AGI_LOGIC, 0, &rec, &p, NULL), RELIC_OK);
    assert_int_equal(rec.transform, AGI_TRANSFORM_NONE);
    relic_buf_free(&p);
    agi_fileset_free(&fs);
}

static void add_copy(agi_fileset *fs, const char *name, const char *hex)
{
    uint8_t tmp[256];
    size_t n = test_hex(hex, tmp, sizeof tmp);
    uint8_t *d = malloc(n ? n : 1);
    memcpy(d, tmp, n);
    assert_int_equal(agi_fileset_add(fs, name, d, n, NULL), RELIC_OK);
}

static void test_game_v3_split_fallback_and_version(void **state)
{
    (void)state;
    agi_fileset fs = {0, 0};
    add_copy(&fs, "logdir", "00 00 00");
    add_copy(&fs, "picdir", "");
    add_copy(&fs, "viewdir", "");
    add_copy(&fs, "snddir", "");
    add_copy(&fs, "xyvol.0", "12 34 00 02 00 02 00 00 00");
    add_copy(&fs, "agidata.ovl", "00 56 65 72 73 69 6f 6e 20 33 2e 30 30 32 2e 31 30 37 00"); /* "Version 3.002.107" */
    agi_game g;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_game_open(&fs, NULL, &g, &err), RELIC_OK);
    assert_int_equal(g.layout, AGI_LAYOUT_V3);
    assert_true(g.split_dirs);
    assert_string_equal(g.version, "3.002.107");
    assert_string_equal(g.profile->name, "3.002.102"); /* 3.002.107 selects it */
    assert_int_equal(g.profile_source, AGI_PROFILE_FROM_AGIDATA);
    agi_record rec;
    relic_buf p = RELIC_BUF_INIT;
    assert_int_equal(agi_game_load(&g, AGI_LOGIC, 0, &rec, &p, &err), RELIC_OK);
    assert_int_equal(rec.header_len, 7);
    relic_buf_free(&p);
    agi_fileset_free(&fs);
}

static void test_game_missing_pieces(void **state)
{
    (void)state;
    agi_fileset fs = {0, 0};
    agi_game g;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_game_open(&fs, NULL, &g, &err), RELIC_EDATA); /* no volumes */
    add_copy(&fs, "VOL.0", "12 34 00 00 00");
    assert_int_equal(agi_game_open(&fs, NULL, &g, &err), RELIC_EDATA); /* no directories */
    assert_non_null(strstr(err.msg, "LOGDIR"));
    add_copy(&fs, "LOGDIR", "00 00 00 30 00 00");
    add_copy(&fs, "PICDIR", "");
    add_copy(&fs, "VIEWDIR", "");
    add_copy(&fs, "SNDDIR", "");
    assert_int_equal(agi_game_open(&fs, NULL, &g, &err), RELIC_OK);
    agi_record rec;
    relic_buf p = RELIC_BUF_INIT;
    assert_int_equal(agi_game_load(&g, AGI_LOGIC, 1, &rec, &p, &err), RELIC_EDATA); /* VOL.3 absent */
    assert_string_equal(err.file, "LOGDIR");
    assert_int_equal(err.offset, 3);
    relic_buf_free(&p);
    agi_fileset_free(&fs);
}

/* A v2 game with one picture (payload `pic`, hex) and an AGIDATA.OVL
 * naming `version` (NULL: none): the profile chosen from the evidence. */
static const char *evidence_profile(const char *version, const char *pic, agi_game *g, agi_fileset *fs)
{
    char vol[512], ovl[64] = "";
    uint8_t tmp[64];
    size_t n = test_hex(pic, tmp, sizeof tmp);
    snprintf(vol, sizeof vol, "12 34 00 %02zx 00 %s", n, pic);
    add_copy(fs, "VOL.0", vol);
    add_copy(fs, "LOGDIR", "");
    add_copy(fs, "PICDIR", "00 00 00");
    add_copy(fs, "VIEWDIR", "");
    add_copy(fs, "SNDDIR", "");
    if (version) {
        for (const char *p = "Version "; *p; p++)
            snprintf(ovl + strlen(ovl), sizeof ovl - strlen(ovl), "%02x ", (unsigned)*p);
        for (const char *p = version; *p; p++)
            snprintf(ovl + strlen(ovl), sizeof ovl - strlen(ovl), "%02x ", (unsigned)*p);
        strcat(ovl, "00");
        add_copy(fs, "AGIDATA.OVL", ovl);
    }
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_game_open(fs, NULL, g, &err), RELIC_OK);
    return g->profile->name;
}

static void test_game_profile_from_evidence(void **state)
{
    (void)state;
    agi_game g;
    agi_fileset fs = {0, 0};
    /* declared 2.272, no patterns: the declaration stands */
    assert_string_equal(evidence_profile("2.272", "f0 01 f6 00 00 10 10 ff", &g, &fs), "2.272");
    assert_int_equal(g.profile_source, AGI_PROFILE_FROM_AGIDATA);
    agi_fileset_free(&fs);
    /* declared 2.272 but point plots (radius 0, spray bit too): the
     * earliest profile with them, 2.411, whose plots read no seeds */
    assert_string_equal(evidence_profile("2.272", "f9 20 fa 6c 7d ff", &g, &fs), "2.411");
    assert_int_equal(g.profile_source, AGI_PROFILE_FROM_EVIDENCE);
    assert_string_equal(g.profile_declared->name, "2.272");
    assert_true(g.evidence_count >= 1);
    assert_non_null(strstr(g.evidence[0], "0xf9/0xfa"));
    agi_fileset_free(&fs);
    /* a brush radius above 0 needs shaped brushes: 2.440 */
    assert_string_equal(evidence_profile("2.272", "f9 02 fa 10 10 ff", &g, &fs), "2.440");
    agi_fileset_free(&fs);
    /* past the first sixteen bytes (the scan passes operands over sixteen
     * at a time): a plot at offset 0x15 is found, and an 0xf9 that is
     * 0xf0's operand is not a plot */
    char pic[200] = "f6";
    for (int i = 0; i < 20; i++)
        strcat(pic, " 10");
    strcat(pic, " f9 02 fa 10 10");
    for (int i = 0; i < 20; i++)
        strcat(pic, " 10");
    strcat(pic, " ff");
    assert_string_equal(evidence_profile("2.272", pic, &g, &fs), "2.440");
    assert_non_null(strstr(g.evidence[0], "offset 0x15"));
    agi_fileset_free(&fs);
    strcpy(pic, "f6");
    for (int i = 0; i < 20; i++)
        strcat(pic, " 10");
    strcat(pic, " f0 f9 f6 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 ff");
    assert_string_equal(evidence_profile("2.272", pic, &g, &fs), "2.272");
    agi_fileset_free(&fs);
    /* shape alone: 2.917, kept when the data accepts it */
    assert_string_equal(evidence_profile(NULL, "f9 02 fa 10 10 ff", &g, &fs), "2.917");
    assert_int_equal(g.profile_source, AGI_PROFILE_FROM_SHAPE);
    assert_null(g.profile_declared);
    agi_fileset_free(&fs);
}

/* A damaged volume record names the resource and the volume file. */
static void test_game_damage_names_resource(void **state)
{
    (void)state;
    agi_fileset fs = {0, 0};
    add_copy(&fs, "VOL.0", "12 34 00 01 00 aa 12 34");
    add_copy(&fs, "LOGDIR", "ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff 00 00 06");
    add_copy(&fs, "PICDIR", "");
    add_copy(&fs, "VIEWDIR", "");
    add_copy(&fs, "SNDDIR", "");
    agi_game g;
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_game_open(&fs, NULL, &g, &err), RELIC_OK);
    agi_record rec;
    relic_buf p = RELIC_BUF_INIT;
    assert_int_equal(agi_game_load(&g, AGI_LOGIC, 5, &rec, &p, &err), RELIC_EDATA);
    assert_string_equal(err.msg, "logic 5: record header past the end of VOL.0");
    assert_string_equal(err.file, "VOL.0");
    assert_int_equal(err.offset, 6);
    relic_buf_free(&p);
    agi_fileset_free(&fs);
}

/* Builds a game in memory and reads it back, for both layouts. */
static void test_build_round_trip(void **state)
{
    (void)state;
    static relic_buf payload[4];
    agi_build_input in;
    memset(&in, 0, sizeof in);
    const char *pic = "f0 0a f2 0b f1 ff";
    uint8_t tmp[64];
    size_t n = test_hex(pic, tmp, sizeof tmp);
    relic_buf_append(&payload[0], tmp, n);
    for (int i = 0; i < 3000; i++)
        relic_buf_u8(&payload[1], (uint8_t)(i % 7));
    relic_buf_append(&payload[2], "xyz", 3);
    uint32_t seed = 7;
    for (int i = 0; i < 1500; i++) { /* noise: LZW cannot shrink it */
        seed = seed * 1103515245u + 12345u;
        relic_buf_u8(&payload[3], (uint8_t)(seed >> 24));
    }
    in.payloads[AGI_VIEW][1] = &payload[3];
    in.payloads[AGI_PICTURE][3] = &payload[0];
    in.payloads[AGI_VIEW][0] = &payload[1];
    in.payloads[AGI_LOGIC][255] = &payload[2];
    for (int layout = 2; layout <= 3; layout++) {
        agi_build_opts opts = {.layout = (agi_layout)layout, .compress = 1, .max_volume_size = 1000};
        strcpy(opts.prefix, layout == 3 ? "RT" : "");
        agi_fileset fs = {0, 0};
        relic_err err;
        relic_err_clear(&err);
        assert_int_equal(agi_game_build(&in, &opts, &fs, &err), RELIC_OK);
        assert_non_null(agi_fileset_find(&fs, layout == 3 ? "RTVOL.1" : "VOL.1")); /* split at 1000 bytes */
        agi_game g;
        assert_int_equal(agi_game_open(&fs, NULL, &g, &err), RELIC_OK);
        assert_int_equal(g.layout, layout);
        assert_int_equal(g.dirs[AGI_LOGIC].count, 256);
        assert_int_equal(g.dirs[AGI_SOUND].count, 0);
        agi_record rec;
        relic_buf p = RELIC_BUF_INIT;
        for (int k = 0; k < AGI_KIND_COUNT; k++)
            for (unsigned num = 0; num < 256; num++) {
                const relic_buf *want = in.payloads[k][num];
                int present = num < g.dirs[k].count && g.dirs[k].entry[num].present;
                assert_int_equal(present, want != NULL);
                if (!want)
                    continue;
                assert_int_equal(agi_game_load(&g, (agi_kind)k, num, &rec, &p, &err), RELIC_OK);
                assert_int_equal(p.len, want->len);
                assert_memory_equal(p.data, want->data, want->len);
                if (layout == 3 && k == AGI_PICTURE)
                    assert_int_equal(rec.transform, AGI_TRANSFORM_PICTURE_NIBBLE);
                if (layout == 3 && k == AGI_VIEW)
                    assert_int_equal(rec.transform, num == 0 ? AGI_TRANSFORM_LZW : AGI_TRANSFORM_NONE);
                if (layout == 3 && k == AGI_LOGIC) /* too small to gain: stored */
                    assert_int_equal(rec.transform, AGI_TRANSFORM_NONE);
            }
        relic_buf_free(&p);
        agi_fileset_free(&fs);
    }
    for (int i = 0; i < 4; i++)
        relic_buf_free(&payload[i]);
}

static void test_build_refuses_bad_input(void **state)
{
    (void)state;
    agi_build_input in;
    memset(&in, 0, sizeof in);
    relic_buf big = RELIC_BUF_INIT;
    relic_buf_zeros(&big, 70000);
    in.payloads[AGI_SOUND][1] = &big;
    agi_build_opts opts = {.layout = AGI_LAYOUT_V2};
    agi_fileset fs = {0, 0};
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(agi_game_build(&in, &opts, &fs, &err), RELIC_EDATA);
    assert_non_null(strstr(err.msg, "65535"));
    agi_fileset_free(&fs);
    opts.layout = AGI_LAYOUT_V3; /* no prefix */
    assert_int_equal(agi_game_build(&in, &opts, &fs, &err), RELIC_EUSAGE);
    agi_fileset_free(&fs);
    relic_buf_free(&big);
}

/* A folder's files as agi_fileset_read_dir takes them: a volume of 64 KiB
 * or more is mapped, a small file read, each with its bytes; files that
 * are no game's are left out; freeing releases both kinds. */
static void test_fileset_maps_large_files(void **state)
{
    (void)state;
    char dir[512], path[600];
    test_tmpdir(dir, sizeof dir);
    size_t big_len = (64u << 10) + 3;
    uint8_t *big = malloc(big_len);
    assert_non_null(big);
    for (size_t i = 0; i < big_len; i++)
        big[i] = (uint8_t)(i * 7 + (i >> 9));
    snprintf(path, sizeof path, "%s/VOL.0", dir);
    assert_int_equal(relic_file_write_atomic(path, big, big_len, NULL), RELIC_OK);
    snprintf(path, sizeof path, "%s/LOGDIR", dir);
    assert_int_equal(relic_file_write_atomic(path, "\xff\xff\xff", 3, NULL), RELIC_OK);
    snprintf(path, sizeof path, "%s/notes.txt", dir);
    assert_int_equal(relic_file_write_atomic(path, "x", 1, NULL), RELIC_OK);
    agi_fileset fs = {0, 0};
    assert_int_equal(agi_fileset_read_dir(dir, &fs, NULL), RELIC_OK);
    assert_int_equal(fs.count, 2);
    const agi_file *vol = agi_fileset_find(&fs, "vol.0"), *logdir = agi_fileset_find(&fs, "LOGDIR");
    assert_non_null(vol);
    assert_non_null(logdir);
    assert_non_null(vol->map);
    assert_int_equal(vol->len, big_len);
    assert_memory_equal(vol->data, big, big_len);
    assert_null(logdir->map);
    assert_int_equal(logdir->len, 3);
    assert_memory_equal(logdir->data, "\xff\xff\xff", 3);
    agi_fileset_free(&fs);
    assert_int_equal(fs.count, 0);
    free(big);
    test_tmpdir_remove(dir);
}

/* The layout's gaps are the volume bytes no record covers: before the
 * first record, between records, after the last; a record two entries
 * share is one extent.  The streamed layout is the same document. */
static void test_layout_gaps(void **state)
{
    (void)state;
    agi_fileset fs = {0, 0};
    agi_game g;
    add_copy(&fs, "VOL.0", "aa bb  12 34 00 02 00 c1 c2  dd ee ff  12 34 00 01 00 c3  99");
    add_copy(&fs, "LOGDIR", "");
    add_copy(&fs, "PICDIR", "00 00 02  00 00 02  00 00 0c");
    add_copy(&fs, "VIEWDIR", "");
    add_copy(&fs, "SNDDIR", "");
    assert_int_equal(agi_game_open(&fs, NULL, &g, NULL), RELIC_OK);
    json_t *layout = agi_container_layout_to_json(&g);
    assert_non_null(layout);
    json_t *gaps = json_object_get(json_array_get(json_object_get(layout, "volume_files"), 0), "gaps");
    static const struct {
        int offset;
        const char *hex;
    } want[] = {{0, "aabb"}, {9, "ddeeff"}, {18, "99"}};
    assert_int_equal(json_array_size(gaps), 3);
    for (size_t i = 0; i < 3; i++) {
        json_t *gap = json_array_get(gaps, i);
        assert_int_equal(json_integer_value(json_object_get(gap, "offset")), want[i].offset);
        assert_string_equal(json_string_value(json_object_get(gap, "hex")), want[i].hex);
    }
    assert_int_equal(json_array_size(json_object_get(layout, "records")), 3);
    /* streamed: the same document */
    agi_layout_records *lr = calloc(1, sizeof *lr);
    assert_non_null(lr);
    assert_int_equal(agi_layout_records_fill(&g, lr), RELIC_OK);
    relic_buf out = RELIC_BUF_INIT;
    relic_json_stream js;
    relic_json_stream_begin(&js, &out);
    relic_json_stream_open(&js, NULL, '{');
    agi_container_layout_stream(&g, lr, &js, "container");
    relic_json_stream_close(&js, '}');
    assert_int_equal(relic_json_stream_end(&js, NULL), RELIC_OK);
    json_t *streamed = json_loadb((const char *)out.data, out.len, 0, NULL);
    assert_non_null(streamed);
    assert_true(json_equal(json_object_get(streamed, "container"), layout));
    json_decref(streamed);
    relic_buf_free(&out);
    free(lr);
    json_decref(layout);
    agi_fileset_free(&fs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dir_v2_absent_rule_and_limit),
        cmocka_unit_test(test_dir_v3_sections_and_absent_rule),
        cmocka_unit_test(test_dir_v3_malformed),
        cmocka_unit_test(test_record_v2_checks),
        cmocka_unit_test(test_record_v3_metadata),
        cmocka_unit_test(test_game_v2_fixture),
        cmocka_unit_test(test_game_v3_fixture),
        cmocka_unit_test(test_game_v3_split_fallback_and_version),
        cmocka_unit_test(test_game_missing_pieces),
        cmocka_unit_test(test_game_damage_names_resource),
        cmocka_unit_test(test_game_profile_from_evidence),
        cmocka_unit_test(test_build_round_trip),
        cmocka_unit_test(test_build_refuses_bad_input),
        cmocka_unit_test(test_fileset_maps_large_files),
        cmocka_unit_test(test_layout_gaps),
    };
    return cmocka_run_group_tests_name("agi_container", tests, NULL, NULL);
}
