/* agi-pack: logic sources.  SRC/logic/logicNNN.lgc (AGI Studio syntax,
 * relic/agi_logic.h), or else the listing logicNNN.asm, compiles to the
 * logic payload, with said() words from
 * SRC/words.json, item names from SRC/objects.json, #include files beside
 * the source, and the profile from --profile or SRC/game.json. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "relic/agi_ext.h"
#include "relic/agi_json.h"
#include "relic/agi_logic.h"
#include "relic/io.h"
#include "pack.h"

json_t *pack_json_load(const char *src_dir, const char *name, relic_err *err, int *failed)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", src_dir, name);
    *failed = 0;
    if (access(path, F_OK) != 0)
        return NULL;
    json_error_t je;
    json_t *j = json_load_file(path, 0, &je);
    if (!j) {
        relic_err_set(err, RELIC_EDATA, (size_t)je.position, "line %d: %s", je.line, je.text);
        relic_err_file(err, path);
        *failed = 1;
    }
    return j;
}

static void pack_logic_name(const char *src_dir, const char *name, relic_err *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", src_dir, name);
    relic_err_file(err, path);
}

int pack_names_load(const pack_opts *o, pack_names *n, relic_err *err)
{
    memset(n, 0, sizeof *n);
    n->profile = o->profile;
    int failed;
    json_t *j = pack_json_load(o->src_dir, "words.json", err, &failed);
    if (j) {
        n->have_words = agi_words_from_json(j, &n->words, err) == RELIC_OK;
        if ((failed = !n->have_words))
            pack_logic_name(o->src_dir, "words.json", err);
        json_decref(j);
    }
    if (failed)
        return -1;
    if ((j = pack_json_load(o->src_dir, "objects.json", err, &failed))) {
        n->have_objects = agi_objects_from_json(j, &n->objects, err) == RELIC_OK;
        if ((failed = !n->have_objects))
            pack_logic_name(o->src_dir, "objects.json", err);
        json_decref(j);
    }
    if (failed)
        return -1;
    if ((j = pack_json_load(o->src_dir, "game.json", err, &failed))) {
        const char *p = json_string_value(json_object_get(j, "profile"));
        if (!n->profile)
            n->profile = p ? agi_profile_find(p) : NULL;
        /* The extensions agi-unpack found: AGDS sources hold CP866 text
         * and compile to messages under the clone's key. */
        unsigned ext_count;
        const agi_extension *ext = agi_extensions(&ext_count);
        json_t *names = json_object_get(j, "extensions");
        for (size_t k = 0; k < json_array_size(names); k++)
            for (unsigned e = 0; e < ext_count; e++) {
                const char *name = json_string_value(json_array_get(names, k));
                if (name && strcmp(name, ext[e].name) == 0)
                    n->extensions |= ext[e].flag;
            }
        json_decref(j);
    }
    return failed ? -1 : 0;
}

void pack_names_free(pack_names *n)
{
    if (n->have_words)
        agi_words_free(&n->words);
    if (n->have_objects)
        agi_objects_free(&n->objects);
}

typedef struct pack_include {
    const char *dir;
} pack_include;

static int pack_logic_include(void *user, const char *name, relic_buf *out, relic_err *err)
{
    const pack_include *inc = user;
    char path[4096];
    if (relic_path_join(inc->dir, name, 0, path, sizeof path, err))
        return err->code;
    return relic_file_read(path, out, err);
}

int pack_logic_source(const pack_opts *o, const pack_names *n, unsigned num, relic_buf *out, relic_err *err)
{
    char dir[4096], path[4200];
    snprintf(dir, sizeof dir, "%s/logic", o->src_dir);
    snprintf(path, sizeof path, "%s/logic%03u.lgc", dir, num);
    int listing = access(path, F_OK) != 0;
    if (listing) { /* no source: an assembly listing will do */
        snprintf(path, sizeof path, "%s/logic%03u.asm", dir, num);
        if (access(path, F_OK) != 0)
            return 0;
    }
    relic_buf src = RELIC_BUF_INIT;
    if (relic_file_read(path, &src, err))
        return -1;
    pack_include inc = {dir};
    agi_compile_opts co = {n->profile,
                           n->have_words ? &n->words : NULL,
                           n->have_objects ? &n->objects : NULL,
                           path,
                           pack_logic_include,
                           &inc,
                           n->extensions};
    relic_buf_reset(out);
    const char *text = src.data ? (const char *)src.data : "";
    int rc =
        listing ? agi_logic_assemble(text, src.len, &co, out, err) : agi_logic_compile(text, src.len, &co, out, err);
    relic_buf_free(&src);
    return rc ? -1 : 1;
}
