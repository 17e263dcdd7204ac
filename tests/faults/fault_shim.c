/* Fault-injection shim for tests/faults/run.sh, loaded with LD_PRELOAD (as
 * SQLite's and jq's test suites fail one call at a time): the Nth call of
 * one kind fails with a chosen errno.
 *
 *   RELIC_FAULT_CALL   write | fsync | rename | open | malloc
 *                      (open covers open, open64, openat, openat64;
 *                      rename covers renameat2, a staged tree's move)
 *   RELIC_FAULT_N      which call fails, from 1; 0 or unset: count only
 *   RELIC_FAULT_ERRNO  ENOSPC (default), EIO or ENOMEM
 *   RELIC_FAULT_COUNT  file that gets "CALL COUNT" lines at exit, one per
 *                      kind (and "squat N")
 *   RELIC_FAULT_SQUAT  first | all: just before an open with O_CREAT runs,
 *                      plant a symbolic link to RELIC_FAULT_VICTIM at its
 *                      path (first: every odd-numbered such open, so each
 *                      file's first try meets one and a retry can succeed;
 *                      all: every one)
 *
 * Programs the tool starts run without the shim (LD_PRELOAD is cleared).
 * Only calls made after the shim's constructor count, so the dynamic
 * loader's own work is not a site.  The shim never allocates and writes
 * its count file with raw system calls, so it does not count itself.
 * Test code, not part of any library: its state is global by nature. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { FAULT_WRITE, FAULT_FSYNC, FAULT_RENAME, FAULT_OPEN, FAULT_MALLOC, FAULT_KINDS };
static const char *const fault_names[FAULT_KINDS] = {"write", "fsync", "rename", "open", "malloc"};

static int fault_armed;
static int fault_kind = -1;
static unsigned long fault_n;
static int fault_errno = ENOSPC;
static unsigned long fault_counts[FAULT_KINDS];
static int fault_squat; /* 0 off, 1 first, 2 all */
static const char *fault_victim;
/* Per thread: the "every odd-numbered open" rule must hold for each
 * writer, or two threads taking turns leave one of them squatted at every
 * retry and the test fails a tool that retries correctly. */
static _Thread_local unsigned long fault_creates;
static unsigned long fault_squats;

#ifndef FAULT_NO_MALLOC
extern void *__libc_malloc(size_t n);
#endif

__attribute__((constructor)) static void fault_init(void)
{
    const char *call = getenv("RELIC_FAULT_CALL"), *n = getenv("RELIC_FAULT_N"), *e = getenv("RELIC_FAULT_ERRNO");
    for (int k = 0; call && k < FAULT_KINDS; k++)
        if (strcmp(call, fault_names[k]) == 0)
            fault_kind = k;
    fault_n = n ? strtoul(n, NULL, 10) : 0;
    if (e && strcmp(e, "EIO") == 0)
        fault_errno = EIO;
    else if (e && strcmp(e, "ENOMEM") == 0)
        fault_errno = ENOMEM;
    const char *sq = getenv("RELIC_FAULT_SQUAT");
    fault_victim = getenv("RELIC_FAULT_VICTIM");
    if (sq && fault_victim)
        fault_squat = strcmp(sq, "all") == 0 ? 2 : 1;
    /* The faults are the tool's own: a program it starts (agi-unpack runs
     * Graphviz's dot) runs without the shim, or its Nth malloc would fail
     * too and the tool's reaction to a missing program would be the
     * outcome instead of its reaction to the fault. */
    unsetenv("LD_PRELOAD");
    fault_armed = 1;
}

/* The attacker's move, made at the last moment: a link at the very name. */
static void fault_plant(int dir, const char *path, int flags)
{
    if (!fault_armed || !fault_squat || !(flags & O_CREAT))
        return;
    if (fault_squat == 1 && (fault_creates++ & 1))
        return;
    if (syscall(SYS_symlinkat, fault_victim, dir, path) == 0)
        __atomic_fetch_add(&fault_squats, 1, __ATOMIC_RELAXED);
}

__attribute__((destructor)) static void fault_report(void)
{
    const char *path = getenv("RELIC_FAULT_COUNT");
    if (!path)
        return;
    fault_armed = 0;
    int fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    for (int k = 0; k < FAULT_KINDS; k++) {
        char line[64];
        int len = snprintf(line, sizeof line, "%s %lu\n", fault_names[k], fault_counts[k]);
        if (len > 0)
            syscall(SYS_write, fd, line, (size_t)len);
    }
    char line[64];
    int len = snprintf(line, sizeof line, "squat %lu\n", fault_squats);
    if (len > 0)
        syscall(SYS_write, fd, line, (size_t)len);
    syscall(SYS_close, fd);
}

/* 1 when this call of kind k is the one to fail. */
static int fault_hit(int k)
{
    if (!fault_armed)
        return 0;
    unsigned long n = ++fault_counts[k];
    if (k == fault_kind && fault_n && n == fault_n) {
        errno = fault_errno;
        return 1;
    }
    return 0;
}

#define FAULT_NEXT(name, type) ((type)dlsym(RTLD_NEXT, name))

ssize_t write(int fd, const void *buf, size_t n)
{
    static ssize_t (*next)(int, const void *, size_t);
    if (!next)
        next = FAULT_NEXT("write", ssize_t(*)(int, const void *, size_t));
    /* Standard error stays usable: the tool must be able to say why. */
    if (fd != STDERR_FILENO && fault_hit(FAULT_WRITE))
        return -1;
    return next(fd, buf, n);
}

int fsync(int fd)
{
    static int (*next)(int);
    if (!next)
        next = FAULT_NEXT("fsync", int (*)(int));
    if (fault_hit(FAULT_FSYNC))
        return -1;
    return next(fd);
}

int rename(const char *a, const char *b)
{
    static int (*next)(const char *, const char *);
    if (!next)
        next = FAULT_NEXT("rename", int (*)(const char *, const char *));
    if (fault_hit(FAULT_RENAME))
        return -1;
    return next(a, b);
}

int renameat2(int da, const char *a, int db, const char *b, unsigned flags)
{
    static int (*next)(int, const char *, int, const char *, unsigned);
    if (!next)
        next = FAULT_NEXT("renameat2", int (*)(int, const char *, int, const char *, unsigned));
    if (fault_hit(FAULT_RENAME))
        return -1;
    return next(da, a, db, b, flags);
}

// clang-format off
#define FAULT_OPEN_BODY(dir, call)                                                                                     \
    mode_t mode = 0;                                                                                                   \
    fault_plant(dir, path, flags);                                                                                                   \
    if (flags & (O_CREAT | O_TMPFILE)) {                                                                               \
        va_list ap;                                                                                                    \
        va_start(ap, flags);                                                                                           \
        mode = (mode_t)va_arg(ap, int);                                                                                \
        va_end(ap);                                                                                                    \
    }                                                                                                                  \
    if (fault_hit(FAULT_OPEN))                                                                                         \
        return -1;                                                                                                     \
    return call
// clang-format on

int open(const char *path, int flags, ...)
{
    static int (*next)(const char *, int, ...);
    if (!next)
        next = FAULT_NEXT("open", int (*)(const char *, int, ...));
    FAULT_OPEN_BODY(AT_FDCWD, next(path, flags, mode));
}

int open64(const char *path, int flags, ...)
{
    static int (*next)(const char *, int, ...);
    if (!next)
        next = FAULT_NEXT("open64", int (*)(const char *, int, ...));
    FAULT_OPEN_BODY(AT_FDCWD, next(path, flags, mode));
}

int openat(int dir, const char *path, int flags, ...)
{
    static int (*next)(int, const char *, int, ...);
    if (!next)
        next = FAULT_NEXT("openat", int (*)(int, const char *, int, ...));
    FAULT_OPEN_BODY(dir, next(dir, path, flags, mode));
}

int openat64(int dir, const char *path, int flags, ...)
{
    static int (*next)(int, const char *, int, ...);
    if (!next)
        next = FAULT_NEXT("openat64", int (*)(int, const char *, int, ...));
    FAULT_OPEN_BODY(dir, next(dir, path, flags, mode));
}

/* glibc's own entry point, so no dlsym (which itself allocates) is needed.
 * Left out of sanitizer builds (FAULT_NO_MALLOC): there the sanitizer owns
 * malloc, and a malloc defined ahead of it runs before it is set up. */
#ifndef FAULT_NO_MALLOC
void *malloc(size_t n)
{
    if (fault_hit(FAULT_MALLOC))
        return NULL;
    return __libc_malloc(n);
}
#endif
