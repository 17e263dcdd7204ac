/* Shared by the atomic writer (file.c) and staged trees (tree.c). */
#ifndef RELIC_FILE_PRIVATE_H
#define RELIC_FILE_PRIVATE_H

#include <stdint.h>

/* The next unpredictable 64-bit name of this thread (file.c). */
uint64_t relic_file_next_name(void);

#endif
