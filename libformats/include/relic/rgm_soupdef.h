/* SOUP386.DEF, the Redguard script definition file: function table
 * (index 0 is the synthetic NullFunction), references, attributes and
 * equates from auto blocks, and global flags.  Follows
 * michidk/redguard-preservation docs/engine/SOUPDEF.md; see
 * libformats/rgm/soupdef.c. */
#ifndef RELIC_RGM_SOUPDEF_H
#define RELIC_RGM_SOUPDEF_H

#include <stddef.h>
#include <stdint.h>
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum soup_fn_kind { SOUP_FN_FUNCTION, SOUP_FN_TASK, SOUP_FN_MULTITASK } soup_fn_kind;
/* Runtime kinds zero to three, in the loader's order (SOUP seed, "Global Flags"). */
typedef enum soup_flag_type { SOUP_FLAG_BOOL, SOUP_FLAG_FLIPFLOP, SOUP_FLAG_COUNTER, SOUP_FLAG_NUMBER } soup_flag_type;

typedef struct soup_def_fn {
    char *name;
    soup_fn_kind kind;
    int params;
} soup_def_fn;

typedef struct soup_def_flag {
    char *name;
    soup_flag_type type;
    int32_t value;
    char *comment; /* may be NULL */
} soup_def_flag;

typedef struct soup_def_equate {
    char *name;
    int32_t value;
} soup_def_equate;

typedef struct soup_def {
    soup_def_fn *fn;
    size_t nfn;
    soup_def_flag *flags;
    size_t nflags;
    char **refs;
    size_t nrefs;
    char **attrs; /* auto-block names without a value: RAAT byte names */
    size_t nattrs;
    soup_def_equate *equates;
    size_t nequates;
    int builtin; /* 1 when filled from the built-in tables */
} soup_def;

int soup_def_parse(const char *text, size_t len, soup_def *out, relic_err *err);
/* Function names, kinds and parameter counts, and the 369 flags with their
 * defaults, from the public sources named in soupdef_names.c; no refs or
 * attribute names. */
int soup_def_builtin(soup_def *out, relic_err *err);
void soup_def_free(soup_def *d);
/* Case-insensitive lookups; -1 when absent. */
long soup_def_fn_find(const soup_def *d, const char *name);
long soup_def_flag_find(const soup_def *d, const char *name);
long soup_def_ref_find(const soup_def *d, const char *name);
const char *soup_flag_type_name(soup_flag_type t);

#ifdef __cplusplus
}
#endif

#endif
