/* save-inspect --game: a save against the game that wrote it.  OBJECT
 * gives the inventory block (session_and_persistence.md "Profile 2.936
 * block 3": the block is OBJECT's runtime data) and the object-record
 * count (its maximum-object byte); the signature is compared with the
 * file-name stem ("Save names and signatures"); the replay sequence names
 * the resources a restore loads, which must exist in the game, and block-5
 * resume offsets must fall inside their logic's bytecode. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cli.h"
#include "inspect.h"
#include "relic/agi.h"

static void inspect_check(json_t *checks, int *failed, const char *name, int ok, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void inspect_check(json_t *checks, int *failed, const char *name, int ok, const char *fmt, ...)
{
    char detail[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    json_array_append_new(checks, json_pack("{s:s, s:b, s:s}", "check", name, "ok", ok, "detail", detail));
    *failed += !ok;
}

static void inspect_check_objects(const agi_game *g, const agi_save *s, json_t *checks, int *failed)
{
    const agi_file *f = agi_fileset_find(g->files, "OBJECT");
    agi_objects ob;
    relic_err err;
    relic_err_clear(&err);
    if (!f || agi_objects_decode(f->data, f->len, g->profile->inventory_xor, &ob, &err)) {
        inspect_check(checks, failed, "inventory", 0, "OBJECT %s", f ? err.msg : "is missing");
        return;
    }
    inspect_check(checks, failed, "inventory_count", ob.count == s->item_count, "OBJECT has %u items, the save %u",
                  ob.count, s->item_count);
    inspect_check(checks, failed, "inventory_length", ob.raw_len - 3 == s->inventory_len,
                  "OBJECT runtime data is %zu bytes, block 3 %zu", ob.raw_len - 3, s->inventory_len);
    unsigned bad = 0, first = 0;
    for (unsigned i = 0; i < ob.count && i < s->item_count; i++)
        if (strcmp(ob.items[i].name, agi_save_item_name(s, i)) != 0 && !bad++)
            first = i;
    if (bad)
        inspect_check(checks, failed, "inventory_names", 0, "%u names differ, first item %u (\"%s\" in OBJECT)", bad,
                      first, ob.items[first].name);
    else
        inspect_check(checks, failed, "inventory_names", 1, "every item name matches OBJECT");
    unsigned want = s->profile->object_header_is_count ? ob.max_object : ob.max_object + 1u;
    inspect_check(checks, failed, "object_records", want == s->object_count,
                  "OBJECT sets %u object records, block 2 holds %u", want, s->object_count);
    agi_objects_free(&ob);
}

static void inspect_check_signature(const char *save_path, const agi_save *s, json_t *checks, int *failed)
{
    const char *base = strrchr(save_path, '/');
    base = base ? base + 1 : save_path;
    char sig[8];
    memcpy(sig, s->state.signature, 7);
    sig[7] = '\0';
    const char *sg = NULL;
    for (const char *p = base; (p = strchr(p, '.')); p++)
        if (p - base >= 2 && strncasecmp(p - 2, "SG", 2) == 0 && isdigit((unsigned char)p[1]))
            sg = p - 2;
    if (!sg) {
        inspect_check(checks, failed, "signature", 1, "signature \"%s\"; file name is not <signature>SG.<n>", sig);
        return;
    }
    size_t stem = (size_t)(sg - base);
    int ok = stem == strlen(sig) && strncasecmp(base, sig, stem) == 0;
    inspect_check(checks, failed, "signature", ok, "signature \"%s\", file name stem \"%.*s\"", sig, (int)stem, base);
}

/* Resources the replay loads, in order of first use. */
static void inspect_replay_resources(const agi_game *g, const agi_save *s, json_t *out, json_t *checks, int *failed)
{
    static const int kind_of[AGI_REPLAY_KIND_COUNT] = {AGI_LOGIC, AGI_VIEW, AGI_PICTURE, AGI_SOUND, AGI_PICTURE,
                                                      AGI_VIEW, AGI_PICTURE, AGI_VIEW, AGI_PICTURE};
    agi_replay_op *ops;
    unsigned n, missing = 0;
    uint8_t seen[AGI_KIND_COUNT][AGI_DIR_ENTRIES];
    memset(seen, 0, sizeof seen);
    if (agi_save_replay_ops(s, &ops, &n, NULL))
        return;
    for (unsigned i = 0; i < n; i++) {
        if (ops[i].kind >= AGI_REPLAY_KIND_COUNT || (ops[i].kind == AGI_REPLAY_ADD_TO_PICTURE && !ops[i].complete))
            continue;
        int k = kind_of[ops[i].kind];
        unsigned num = ops[i].kind == AGI_REPLAY_ADD_TO_PICTURE ? ops[i].view : ops[i].value;
        if (seen[k][num]++)
            continue;
        int present = num < g->dirs[k].count && g->dirs[k].entry[num].present;
        missing += !present;
        json_array_append_new(out, json_pack("{s:s, s:i, s:b}", "kind", agi_kind_name((agi_kind)k), "number",
                                             (int)num, "present", present));
    }
    free(ops);
    inspect_check(checks, failed, "replay_resources", missing == 0, "%u resources the replay names are missing",
                  missing);
}

static void inspect_check_resume(const agi_game *g, const agi_save *s, json_t *checks, int *failed)
{
    relic_buf payload = RELIC_BUF_INIT;
    unsigned bad = 0, checked = 0;
    for (unsigned i = 0; i < s->resume_count; i++) {
        unsigned num = s->resume[i].logic;
        agi_record rec;
        if (num >= g->dirs[AGI_LOGIC].count || !g->dirs[AGI_LOGIC].entry[num].present ||
            agi_game_load(g, AGI_LOGIC, num, &rec, &payload, NULL) || payload.len < 2)
            continue;
        checked++;
        unsigned code = payload.data[0] | payload.data[1] << 8;
        bad += s->resume[i].offset > code;
    }
    relic_buf_free(&payload);
    inspect_check(checks, failed, "resume_offsets", bad == 0, "%u of %u resume records point past their bytecode", bad,
                  checked);
}

int inspect_game_check(const inspect_opts *o, const char *save_path, const agi_save *s, json_t *doc)
{
    agi_fileset fs = {0, 0};
    agi_game g;
    relic_err err;
    relic_err_clear(&err);
    int rc = agi_fileset_read_dir(o->game_dir, &fs, &err);
    if (rc == RELIC_OK)
        rc = agi_game_open(&fs, NULL, &g, &err);
    if (rc) {
        relic_err_file(&err, o->game_dir);
        cli_report(&err);
        agi_fileset_free(&fs);
        return -rc;
    }
    int failed = 0;
    json_t *checks = json_array(), *resources = json_array();
    inspect_check_objects(&g, s, checks, &failed);
    inspect_check_signature(save_path, s, checks, &failed);
    inspect_replay_resources(&g, s, resources, checks, &failed);
    if (s->profile->save_blocks > 4)
        inspect_check_resume(&g, s, checks, &failed);
    json_object_set_new(doc, "game", json_pack("{s:s, s:s, s:o, s:o, s:i}", "dir", o->game_dir, "profile",
                                               g.profile->name, "checks", checks, "resources", resources, "failed",
                                               failed));
    agi_fileset_free(&fs);
    return failed;
}
