/* How a SOUP interpreter invocation fails (relic SOUP seed "VM
 * Architecture"): the first error is kept (sticky in soup_exec.rc) and
 * names the actor and the byte offset in the map's script data.  Apart
 * from vm.c so that the natives (vm_native.c), which vm.c calls, fail the
 * same way without calling back into the interpreter. */
#include <stdarg.h>
#include <stdio.h>
#include "vm_private.h"

int soup_x_fail(soup_exec *x, uint32_t at, int code, const char *fmt, ...)
{
    if (x->rc)
        return x->rc;
    const soup_actor *a = &x->vm->actors[x->actor];
    char msg[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    relic_err_set(x->err, code, a->origin + at, "%s: %s", a->name, msg);
    return x->rc = code;
}
