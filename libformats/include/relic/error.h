/* relic error values: a graded code, a message, the file and the byte offset
 * where the problem was found.  Libraries fill one in and return its code;
 * only commands print.  Grades follow libarchive's (ok, warn, data, I/O). */
#ifndef RELIC_ERROR_H
#define RELIC_ERROR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum relic_code {
    RELIC_OK = 0,
    RELIC_WARN = 1,   /* usable result, something was odd */
    RELIC_EDATA = 2,  /* the input is malformed */
    RELIC_EIO = 3,    /* the file system refused */
    RELIC_EUSAGE = 4, /* the caller asked for something impossible */
    RELIC_ENOMEM = 5
};

#define RELIC_NO_OFFSET SIZE_MAX

typedef struct relic_err {
    int code;
    size_t offset; /* byte offset in `file`, or RELIC_NO_OFFSET */
    char file[256];
    char msg[200];
} relic_err;

void relic_err_clear(relic_err *err);
/* Fills err (when not NULL) and returns code, so callers can
 * `return relic_err_set(err, RELIC_EDATA, off, "...")`. */
int relic_err_set(relic_err *err, int code, size_t offset, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Names the file the error belongs to, unless one is already named. */
void relic_err_file(relic_err *err, const char *file);
/* "file: message (offset 0x1234)" into out. */
void relic_err_format(const relic_err *err, char *out, size_t outsz);

#ifdef __cplusplus
}
#endif

#endif
