/* pic-render's conformance bundles (agi-spec conformance_results.md
 * "Bundle envelope", "Canonical visual frame", "Portable values"): writing
 * one case with a P6 PPM artifact, and comparing two bundles (missing and
 * extra cases, errors, differing observations at JSON Pointer paths, and
 * for frames with artifacts the differing-pixel count and bounding box).
 * Also --save, through the save codec. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "relic/agi_save.h"
#include "relic/agi_vm_json.h"
#include "relic/io.h"
#include "relic/sha256.h"
#include "render.h"

static int pb_ppm_name(const char *bundle, char *out, size_t outsz)
{
    const char *slash = strrchr(bundle, '/');
    const char *base = slash ? slash + 1 : bundle;
    size_t n = strlen(base);
    if (n > 5 && strcmp(base + n - 5, ".json") == 0)
        n -= 5;
    return snprintf(out, outsz, "%.*s.ppm", (int)n, base) >= (int)outsz ? -1 : 0;
}

int pic_bundle_write(const pic_opts *o, const agi_vm *vm, relic_err *err)
{
    char ppm[256], path[4096];
    if (pb_ppm_name(o->bundle, ppm, sizeof ppm))
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "bundle name too long");
    const char *slash = strrchr(o->bundle, '/');
    snprintf(path, sizeof path, "%.*s%s", slash ? (int)(slash - o->bundle + 1) : 0, o->bundle, ppm);
    relic_buf b = RELIC_BUF_INIT;
    char head[32];
    int hl = snprintf(head, sizeof head, "P6\n%d %d\n255\n", AGI_PIC_WIDTH, AGI_PIC_HEIGHT);
    relic_buf_append(&b, head, (size_t)hl);
    for (size_t i = 0; i < AGI_PIC_CELLS; i++)
        relic_buf_append(&b, agi_vm_palette(vm) + 3 * (agi_vm_frame_vis(vm)[i] & (agi_vm_palette_colors(vm) - 1)), 3);
    int rc = relic_buf_check(&b, err);
    if (rc == RELIC_OK)
        rc = relic_file_write_atomic(path, b.data, b.len, err);
    relic_buf_free(&b);
    if (rc)
        return rc;
    char hex[65];
    relic_sha256_hex(agi_vm_frame_vis(vm), AGI_PIC_CELLS, hex);
    json_t *st = agi_vm_state_json(vm);
    if (!st)
        return relic_json_check(1, err);
    json_t *values = json_pack("{s:O, s:O, s:O, s:O}", "room", json_object_get(st, "room"), "variables",
                               json_object_get(st, "variables"), "flags", json_object_get(st, "flags"), "cycle",
                               json_object_get(st, "cycle"));
    json_decref(st);
    char id[64];
    snprintf(id, sizeof id, "run/tick_%lu", o->tick);
    json_t *frame = json_pack("{s:i, s:i, s:s, s:s, s:s}", "width", AGI_PIC_WIDTH, "height", AGI_PIC_HEIGHT,
                              "pixel_format", "ega16-indexed-row-major", "sha256", hex, "artifact", ppm);
    json_t *cas = json_pack("{s:s, s:s, s:{s:o, s:o}}", "id", o->case_id ? o->case_id : id, "status", "ok",
                            "observations", "frame", frame, "values", values);
    json_t *doc = json_pack("{s:s, s:i, s:s, s:s, s:s, s:[o]}", "format", "agi-clean-room-conformance-results",
                            "format_version", 2, "suite_id", "relic-pic-render", "profile", agi_vm_profile(vm)->name,
                            "producer", "relic pic-render " RELIC_VERSION, "cases", cas);
    rc = relic_json_write(o->bundle, doc, err);
    json_decref(doc);
    return rc;
}

int pic_save_write(const pic_opts *o, const agi_vm *vm, relic_err *err)
{
    agi_save s;
    char desc[32];
    snprintf(desc, sizeof desc, "relic tick %lu", o->tick);
    int rc = agi_vm_to_save(vm, desc, &s, err);
    if (rc)
        return rc;
    relic_buf b = RELIC_BUF_INIT;
    if ((rc = agi_save_encode(&s, &b, err)) == RELIC_OK)
        rc = cli_write_output(o->save, b.data, b.len, err);
    relic_buf_free(&b);
    agi_save_free(&s);
    return rc;
}
