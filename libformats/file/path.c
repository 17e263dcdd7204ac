/* Safe output paths (relic/io.h).  Names that come from inside an archive or
 * from user data are joined under an output root only when every component
 * is a plain name, and no existing component is a symbolic link, so nothing
 * can be written outside the folder given with -o. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#ifdef __linux__
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>
#endif
#include "relic/io.h"

/* Marks a folder made just now as the top of directory hierarchies
 * (FS_TOPDIR_FL, ioctl_iflags(2)): a placement hint, nothing more.  ext4
 * then puts each folder made inside it in the emptiest block group it
 * finds instead of in its parent's group (fs/ext4/ialloc.c,
 * find_group_orlov), and files go to their folder's group.  That matters
 * on ext4 without a journal (this project's machines), where each new
 * inode is found by walking the group's free inodes past every one
 * deleted in the last 5 s (300 s more while its inode table block is
 * dirty), one buffer look-up each (recently_deleted()): in a group where
 * thousands of files were just removed, by a build or by `rm -rf` of the
 * previous output, each create walked thousands of them.  The choice has
 * a price: each folder made inside a marked one reads every group's
 * counters (get_orlov_stats), about 0.1 ms on a 250 GB disk.  So
 * relic_mkdirs marks the folders it makes (an output root), and a tool
 * whose tree has thousands of files marks its own folders too
 * (agi-unpack).  Measured with the output removed before each run:
 * agi-unpack hankqe (2,803 files) 0.5-1.0 s of system time a run
 * unmarked, 0.07-0.15 s with every folder marked, 0.7-1.3 s wall with
 * only the root; riven-script's sample (44 files, 15 folders) 5.2-8.4 ms
 * unmarked, 4.4-5.0 ms with every folder, 3.0-3.8 ms with the root.
 * Elsewhere (tmpfs, other file systems) the ioctl fails and nothing
 * changes. */
void relic_dir_spread(const char *path)
{
#if defined(__linux__) && defined(FS_TOPDIR_FL)
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return;
    int flags = 0;
    if (ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0 && !(flags & FS_TOPDIR_FL)) {
        flags |= FS_TOPDIR_FL;
        (void)ioctl(fd, FS_IOC_SETFLAGS, &flags);
    }
    close(fd);
#else
    (void)path;
#endif
}

int relic_mkdirs(const char *path, relic_err *err)
{
    char tmp[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof tmp)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "bad folder name");
    memcpy(tmp, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (tmp[i] != '/' && tmp[i] != '\0')
            continue;
        char c = tmp[i];
        tmp[i] = '\0';
        if (mkdir(tmp, 0777) == 0) {
            relic_dir_spread(tmp);
        } else if (errno != EEXIST) {
            relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot create folder: %s", strerror(errno));
            relic_err_file(err, tmp);
            return RELIC_EIO;
        }
        tmp[i] = c;
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "not a folder");
        relic_err_file(err, path);
        return RELIC_EIO;
    }
    return RELIC_OK;
}

static int relic_path_component_ok(const char *s, size_t n)
{
    if (n == 0 || (n == 1 && s[0] == '.') || (n == 2 && s[0] == '.' && s[1] == '.'))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '\\' || (unsigned char)s[i] < 0x20)
            return 0;
    return 1;
}

int relic_path_join(const char *root, const char *rel, int make_dirs, char *out, size_t outsz, relic_err *err)
{
    if (rel[0] == '/' || rel[0] == '\0')
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "refusing output name '%s'", rel);
    int w = snprintf(out, outsz, "%s", root);
    if (w < 0 || (size_t)w >= outsz)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "output path too long");
    size_t len = (size_t)w;
    const char *p = rel;
    while (*p) {
        const char *slash = strchr(p, '/');
        size_t n = slash ? (size_t)(slash - p) : strlen(p);
        if (!relic_path_component_ok(p, n))
            return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "refusing output name '%s'", rel);
        if (len + 1 + n + 1 > outsz)
            return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "output path too long");
        out[len++] = '/';
        memcpy(out + len, p, n);
        len += n;
        out[len] = '\0';
        struct stat st;
        if (lstat(out, &st) == 0) {
            if (S_ISLNK(st.st_mode))
                return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "refusing to follow symbolic link '%s'", out);
            if (slash && !S_ISDIR(st.st_mode))
                return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "'%s' is not a folder", out);
        } else if (slash && make_dirs) {
            if (mkdir(out, 0777) != 0 && errno != EEXIST)
                return relic_err_set(err, RELIC_EIO, RELIC_NO_OFFSET, "cannot create folder '%s': %s", out,
                                     strerror(errno));
        }
        if (!slash)
            break;
        p = slash + 1;
        if (*p == '\0')
            return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "refusing output name '%s'", rel);
    }
    return RELIC_OK;
}

int relic_path_same_file(const char *a, const char *b)
{
    if (strcmp(a, b) == 0)
        return 1;
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return 0;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
