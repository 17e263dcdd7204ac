/* relic error values (see relic/error.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "relic/error.h"

void relic_err_clear(relic_err *err)
{
    if (!err)
        return;
    err->code = RELIC_OK;
    err->offset = RELIC_NO_OFFSET;
    err->file[0] = '\0';
    err->msg[0] = '\0';
}

int relic_err_set(relic_err *err, int code, size_t offset, const char *fmt, ...)
{
    if (!err)
        return code;
    err->code = code;
    err->offset = offset;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return code;
}

void relic_err_file(relic_err *err, const char *file)
{
    if (err && file && !err->file[0])
        snprintf(err->file, sizeof err->file, "%s", file);
}

void relic_err_format(const relic_err *err, char *out, size_t outsz)
{
    const char *file = err->file[0] ? err->file : NULL;
    if (err->offset != RELIC_NO_OFFSET)
        snprintf(out, outsz, "%s%s%s (offset 0x%zx)", file ? file : "", file ? ": " : "", err->msg, err->offset);
    else
        snprintf(out, outsz, "%s%s%s", file ? file : "", file ? ": " : "", err->msg);
}
