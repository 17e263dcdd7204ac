/* riven-script --extract: the names and writers every extraction file
 * shares (a leaf: it calls only the libraries), so extract.c, the
 * converters (extract_convert.c) and the pages (extract_index.c) call down
 * into it and never into each other in a circle. */
#include <stdio.h>
#include <string.h>
#include "relic/io.h"
#include "rscript.h"

/* Letters, digits, '-', '_' and '.' are kept, anything else becomes '_';
 * a leading '.' too, so no component is hidden, "." or "..". */
void rs_safe(const char *in, size_t max, char *out)
{
    size_t n = 0;
    for (; *in && n < max; in++, n++) {
        char ch = *in;
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' ||
                 ch == '_' || (ch == '.' && n > 0);
        out[n] = ok ? ch : '_';
    }
    out[n] = 0;
}

void rs_archive_dir(const rs_archive *a, char out[128])
{
    const char *slash = strrchr(a->path, '/');
    rs_safe(slash ? slash + 1 : a->path, 100, out);
    if (!out[0])
        strcpy(out, "_");
}

void rs_resource_base(const mhk_resource *r, char *out, size_t cap)
{
    char tag[5], tagsafe[8], name[80];
    mhk_tag_str(r->tag, tag);
    rs_safe(tag, 4, tagsafe);
    if (tagsafe[0] == 0)
        strcpy(tagsafe, "_");
    rs_safe(r->name ? r->name : "", 60, name);
    snprintf(out, cap, "%s/%u%s%s", tagsafe, r->id, name[0] ? "_" : "", name);
}

int rs_write(const rs_dest *d, const char *rel, const void *p, size_t n, relic_err *err)
{
    char path[4096];
    int rc = relic_path_join(d->root, rel, 1, path, sizeof path, err);
    return rc ? rc : relic_file_write_atomic_flags(path, p, n, d->flags, err);
}

/* For a folder rs_extract made and checked (relic_path_join) before the
 * pool started: rel is built from sanitized components only (rs_safe), so
 * it joins as text, without one lstat per component and file. */
int rs_write_prepared(const rs_dest *d, const char *rel, const void *p, size_t n, relic_err *err)
{
    char path[4096];
    int w = snprintf(path, sizeof path, "%s/%s", d->root, rel);
    if (w < 0 || (size_t)w >= sizeof path)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "output path too long");
    return relic_file_write_atomic_flags(path, p, n, d->flags, err);
}

int rs_selected(const rs_opts *o, const mhk_resource *r)
{
    if (!o->nsel)
        return 1;
    for (int i = 0; i < o->nsel; i++)
        if (o->sel[i].tag == r->tag && (o->sel[i].id < 0 || o->sel[i].id == r->id))
            return 1;
    return 0;
}
