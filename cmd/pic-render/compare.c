/* pic-render --compare: two conformance bundles compared as
 * conformance_results.md defines (every reference case required, no extra
 * cases, errors fail, observations compared recursively with JSON Pointer
 * paths; frames by sha256, with pixel counts and a bounding box when both
 * PPM artifacts load). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "json_report.h"
#include "relic/agi_picture.h"
#include "relic/io.h"
#include "render.h"

static const char *pc_str(const json_t *j)
{
    const char *s = json_string_value(j);
    return s ? s : "";
}

/* The failures found so far; a failed allocation sets oom (sticky,
 * relic_json_set), and a lost failure would read as a match. */
typedef struct pc_fails {
    json_t *arr;
    int oom;
} pc_fails;

/* extra: NULL, or keys to add (taken). */
static void pc_fail(pc_fails *fails, const char *id, const char *kind, const char *path, json_t *extra)
{
    json_t *f = json_pack("{s:s, s:s}", "case", id, "kind", kind);
    const char *k;
    json_t *v;
    if (path)
        relic_json_set(f, "path", json_string(path), &fails->oom);
    json_object_foreach (extra, k, v)
        relic_json_set(f, k, json_incref(v), &fails->oom);
    json_decref(extra);
    relic_json_append(fails->arr, f, &fails->oom);
}

static void pc_values(pc_fails *fails, const char *id, const char *path, json_t *r, json_t *c)
{
    if (json_typeof(r) != json_typeof(c) && !(json_is_boolean(r) && json_is_boolean(c))) {
        pc_fail(fails, id, "different", path, NULL);
        return;
    }
    char sub[512];
    if (json_is_object(r)) {
        const char *k;
        json_t *v;
        json_object_foreach (r, k, v) {
            relic_json_pointer_join(sub, sizeof sub, path, k);
            json_t *cv = json_object_get(c, k);
            if (!cv)
                pc_fail(fails, id, "missing", sub, NULL);
            else
                pc_values(fails, id, sub, v, cv);
        }
    } else if (json_is_array(r)) {
        if (json_array_size(r) != json_array_size(c)) {
            pc_fail(fails, id, "different", path, NULL);
            return;
        }
        for (size_t i = 0; i < json_array_size(r); i++) {
            snprintf(sub, sizeof sub, "%s/%zu", path, i);
            pc_values(fails, id, sub, json_array_get(r, i), json_array_get(c, i));
        }
    } else if (!json_equal(r, c)) {
        pc_fail(fails, id, "different", path, NULL);
    }
}

/* The 26,880 palette indices of a bundle's PPM artifact, or -1. */
static int pc_ppm(const char *bundle, json_t *frame, uint8_t *out)
{
    const char *art = json_string_value(json_object_get(frame, "artifact"));
    if (!art || strstr(art, "..") || art[0] == '/')
        return -1;
    const char *slash = strrchr(bundle, '/');
    char path[4096];
    snprintf(path, sizeof path, "%.*s%s", slash ? (int)(slash - bundle + 1) : 0, bundle, art);
    relic_buf b = RELIC_BUF_INIT;
    relic_err e;
    relic_err_clear(&e);
    int w, h, mx, used = 0, rc = -1;
    if (relic_file_read(path, &b, &e) == RELIC_OK && b.len > 2 &&
        sscanf((const char *)b.data, "P6 %d %d %d%n", &w, &h, &mx, &used) == 3 && w == AGI_PIC_WIDTH &&
        h == AGI_PIC_HEIGHT && mx == 255 && b.len >= (size_t)used + 1 + 3 * AGI_PIC_CELLS) {
        const uint8_t *p = b.data + used + 1;
        rc = 0;
        for (size_t i = 0; i < AGI_PIC_CELLS && rc == 0; i++) {
            rc = -1;
            for (int k = 0; k < 16; k++)
                if (!memcmp(p + 3 * i, agi_ega_palette + 3 * k, 3)) {
                    out[i] = (uint8_t)k;
                    rc = 0;
                    break;
                }
        }
    }
    relic_buf_free(&b);
    return rc;
}

static void pc_frame(pc_fails *fails, const char *id, const char *ref, const char *cand, json_t *r, json_t *c)
{
    if (json_equal(json_object_get(r, "sha256"), json_object_get(c, "sha256")))
        return;
    static uint8_t a[AGI_PIC_CELLS], b[AGI_PIC_CELLS];
    json_t *extra = NULL;
    if (pc_ppm(ref, r, a) == 0 && pc_ppm(cand, c, b) == 0) {
        int n = 0, x0 = AGI_PIC_WIDTH, y0 = AGI_PIC_HEIGHT, x1 = -1, y1 = -1;
        for (int i = 0; i < AGI_PIC_CELLS; i++)
            if (a[i] != b[i]) {
                int x = i % AGI_PIC_WIDTH, y = i / AGI_PIC_WIDTH;
                n++;
                x0 = x < x0 ? x : x0, y0 = y < y0 ? y : y0, x1 = x > x1 ? x : x1, y1 = y > y1 ? y : y1;
            }
        extra = json_pack("{s:i, s:[i, i, i, i]}", "differing_pixels", n, "bbox", x0, y0, x1, y1);
        fails->oom |= !extra;
    }
    pc_fail(fails, id, "different", "/observations/frame/sha256", extra);
}

static json_t *pc_case(json_t *cases, const char *id)
{
    size_t i;
    json_t *c;
    json_array_foreach (cases, i, c) {
        if (!strcmp(pc_str(json_object_get(c, "id")), id))
            return c;
    }
    return NULL;
}

int pic_compare_run(const char *ref, const char *cand, int json)
{
    json_error_t je;
    json_t *r = json_load_file(ref, 0, &je), *c = json_load_file(cand, 0, &je);
    if (!r || !c) {
        fprintf(stderr, "%s: %s: %s (line %d)\n", cli_prog(), !r ? ref : cand, je.text, je.line);
        json_decref(r);
        json_decref(c);
        return CLI_EXIT_DATA;
    }
    pc_fails fails = {json_array(), 0};
    json_t *rc_ = json_object_get(r, "cases"), *cc = json_object_get(c, "cases");
    size_t i;
    json_t *rcase;
    json_array_foreach (rc_, i, rcase) {
        const char *id = pc_str(json_object_get(rcase, "id"));
        json_t *ccase = pc_case(cc, id);
        if (!ccase) {
            pc_fail(&fails, id, "missing-case", NULL, NULL);
            continue;
        }
        if (strcmp(pc_str(json_object_get(ccase, "status")), "ok")) {
            pc_fail(&fails, id, "error", NULL, NULL);
            continue;
        }
        json_t *ro = json_object_get(rcase, "observations"), *co = json_object_get(ccase, "observations");
        const char *k;
        json_t *v;
        json_object_foreach (ro, k, v) {
            json_t *cv = json_object_get(co, k);
            char path[256];
            relic_json_pointer_join(path, sizeof path, "/observations", k);
            if (!cv)
                pc_fail(&fails, id, "missing", path, NULL);
            else if (!strcmp(k, "frame"))
                pc_frame(&fails, id, ref, cand, v, cv);
            else
                pc_values(&fails, id, path, v, cv);
        }
    }
    json_array_foreach (cc, i, rcase) {
        const char *id = pc_str(json_object_get(rcase, "id"));
        if (!pc_case(rc_, id))
            pc_fail(&fails, id, "extra-case", NULL, NULL);
    }
    int same = json_array_size(fails.arr) == 0, status = same ? CLI_EXIT_OK : CLI_EXIT_DATA;
    json_t *rep =
        json_pack("{s:s, s:b, s:O}", "format", "relic-pic-render-compare", "match", same, "failures", fails.arr);
    relic_err err;
    relic_err_clear(&err);
    if (relic_json_check(fails.oom || !fails.arr || !rep, &err)) {
        cli_report(&err);
        status = CLI_EXIT_IO;
    } else if (json) {
        if (cli_json_report(rep, "relic-pic-render-compare", 1, NULL))
            status = CLI_EXIT_IO;
    } else {
        json_t *f;
        json_array_foreach (fails.arr, i, f) {
            printf("%s: %s", json_string_value(json_object_get(f, "case")),
                   json_string_value(json_object_get(f, "kind")));
            if (json_object_get(f, "path"))
                printf(" at %s", json_string_value(json_object_get(f, "path")));
            if (json_object_get(f, "differing_pixels"))
                printf(" (%lld pixels differ)", (long long)json_integer_value(json_object_get(f, "differing_pixels")));
            printf("\n");
        }
        printf("%s\n", same ? "match" : "differ");
    }
    json_decref(rep);
    json_decref(fails.arr);
    json_decref(r);
    json_decref(c);
    return status;
}
