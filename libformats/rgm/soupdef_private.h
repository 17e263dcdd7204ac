/* Built-in SOUP386 tables (soupdef_names.c). */
#ifndef RELIC_SOUPDEF_PRIVATE_H
#define RELIC_SOUPDEF_PRIVATE_H

#include <stddef.h>
#include <stdint.h>
#include "relic/rgm_soupdef.h"

typedef struct soup_builtin_fn {
    const char *name;
    soup_fn_kind kind;
    int params;
} soup_builtin_fn;

typedef struct soup_builtin_flag {
    const char *name;
    soup_flag_type type;
    int32_t value;
} soup_builtin_flag;

extern const soup_builtin_fn soup_builtin_fns[];
extern const size_t soup_builtin_nfns;
extern const soup_builtin_flag soup_builtin_flags[];
extern const size_t soup_builtin_nflags;

#endif
