/* Checked allocation and counted-array growth (relic/core.h). */
#include <stdlib.h>
#include "relic/core.h"

void *relic_alloc_array(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    return malloc(n && size ? n * size : 1);
}

void *relic_calloc_array(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    return n && size ? calloc(n, size) : calloc(1, 1);
}

int relic_grow(void **items, size_t *cap, size_t need, size_t size, size_t first)
{
    if (need <= *cap)
        return 0;
    size_t ncap = *cap ? *cap : (first ? first : 1);
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2)
            return -1;
        ncap *= 2;
    }
    if (size && ncap > SIZE_MAX / size)
        return -1;
    void *p = realloc(*items, ncap * size);
    if (!p)
        return -1;
    *items = p;
    *cap = ncap;
    return 0;
}
