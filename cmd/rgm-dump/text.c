/* rgm-dump's text form, read from the same tree --json prints. */
#include <stdio.h>
#include <string.h>
#include "dump.h"

static json_int_t dump_int(const json_t *o, const char *k) { return json_integer_value(json_object_get(o, k)); }

static void dump_text_actors(const json_t *doc)
{
    const json_t *actors = json_object_get(doc, "actors"), *a;
    size_t i;
    printf("%zu actors (names: %s)\n", json_array_size(actors), json_string_value(json_object_get(doc, "names")));
    printf("  %-9s %8s %8s %6s %5s %5s  %s\n", "name", "script@", "length", "pc", "strs", "vars", "raw 0x89 0x8d 0x91");
    json_array_foreach (actors, i, a)
        printf("  %-9s %8lld %8lld %6lld %5lld %5lld  %lld %lld %lld\n", json_string_value(json_object_get(a, "name")),
               (long long)dump_int(a, "script_data_offset"), (long long)dump_int(a, "script_length"),
               (long long)dump_int(a, "script_pc"), (long long)dump_int(a, "num_strings"),
               (long long)dump_int(a, "num_variables"), (long long)dump_int(a, "raw_0x89"),
               (long long)dump_int(a, "raw_0x8d"), (long long)dump_int(a, "raw_0x91"));
    if (json_array_size(actors))
        printf("  (RAHD 0x89..0x91 are shown raw: the public sources disagree on their meaning)\n");
}

static void dump_text_tables(const json_t *doc)
{
    const char *key;
    const json_t *v, *e;
    size_t i;
    json_object_foreach ((json_t *)json_object_get(doc, "strings"), key, v) {
        printf("strings of %s:\n", key);
        json_array_foreach (v, i, e)
            printf("  %zu: %s\n", i, json_is_string(e) ? json_string_value(e) : "(unreadable)");
    }
    json_object_foreach ((json_t *)json_object_get(doc, "variables"), key, v) {
        printf("variables of %s:\n", key);
        json_array_foreach (v, i, e)
            printf("  var%zu = %lld\n", i, (long long)json_integer_value(e));
    }
    json_object_foreach ((json_t *)json_object_get(doc, "attributes"), key, v) {
        printf("attributes of %s:%s\n", key, json_is_null(v) ? " (no table)" : "");
        json_array_foreach (v, i, e) {
            const char *name = json_string_value(json_object_get(e, "name"));
            printf("  %3lld%s%s = %lld\n", (long long)dump_int(e, "index"), name ? " " : "", name ? name : "",
                   (long long)dump_int(e, "value"));
        }
    }
    const json_t *pl = json_object_get(doc, "placements");
    if (pl)
        printf("%zu placements\n", json_array_size(pl));
    json_array_foreach (pl, i, e) {
        const json_t *p = json_object_get(e, "pos"), *an = json_object_get(e, "angle");
        printf(
            "  id %lld type %lld active %lld %-9s model %-9s pos %lld,%lld,%lld angle %lld,%lld,%lld\n",
            (long long)dump_int(e, "id"), (long long)dump_int(e, "type"), (long long)dump_int(e, "active"),
            json_string_value(json_object_get(e, "script_name")), json_string_value(json_object_get(e, "model_name")),
            (long long)json_integer_value(json_array_get(p, 0)), (long long)json_integer_value(json_array_get(p, 1)),
            (long long)json_integer_value(json_array_get(p, 2)), (long long)json_integer_value(json_array_get(an, 0)),
            (long long)json_integer_value(json_array_get(an, 1)), (long long)json_integer_value(json_array_get(an, 2)));
    }
}

void dump_print_text(const json_t *doc)
{
    const json_t *secs = json_object_get(doc, "sections"), *s;
    size_t i;
    printf("%zu sections\n", json_array_size(secs));
    json_array_foreach (secs, i, s) {
        printf("  %-4s at 0x%06llx, %lld bytes", json_string_value(json_object_get(s, "tag")),
               (long long)dump_int(s, "offset"), (long long)dump_int(s, "size"));
        const json_t *r = json_object_get(s, "records");
        if (r) {
            printf(", %lld x %lld-byte records", (long long)dump_int(r, "count"), (long long)dump_int(r, "size"));
            if (json_object_get(r, "declared"))
                printf(" (count field %lld)", (long long)dump_int(r, "declared"));
            if (dump_int(r, "rest"))
                printf(", %lld bytes left over", (long long)dump_int(r, "rest"));
        }
        printf("\n");
    }
    const json_t *end = json_object_get(doc, "end");
    if (json_is_integer(end))
        printf("  END  at 0x%06llx\n", (long long)json_integer_value(end));
    else
        printf("  (no END tag)\n");
    dump_text_actors(doc);
    dump_text_tables(doc);
    const json_t *script = json_object_get(doc, "script");
    if (script)
        printf("script of %s (%lld bytes):\n%s", json_string_value(json_object_get(script, "actor")),
               (long long)dump_int(script, "length"), json_string_value(json_object_get(script, "listing")));
    const json_t *run = json_object_get(doc, "run");
    if (run) {
        printf("run: %lld ticks, %lld statements, %lld events", (long long)dump_int(run, "ticks"),
               (long long)dump_int(run, "statements"), (long long)dump_int(run, "events"));
        const char *stop = json_string_value(json_object_get(run, "stopped"));
        printf("%s%s\n", stop ? ", stopped: " : "", stop ? stop : "");
    }
}
