/* Unit tests for the atomic writer (libformats/file/file.c), its streaming
 * form, the audio writer over it (audio.c), staged trees (tree.c) and
 * relic_path_same_file (path.c): temporaries are exclusive, unpredictable
 * and beside the target; nothing is left after abort or failure; a
 * symbolic link at the final name is replaced, never followed; a staged
 * tree appears whole or not at all; a device (/dev/null) is written
 * directly. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "relic/io.h"
#include "support.h"

static void path_in(char *out, size_t n, const char *dir, const char *name) { snprintf(out, n, "%s/%s", dir, name); }

static size_t files_in(const char *dir)
{
    relic_dir d;
    assert_int_equal(relic_dir_open(dir, &d, NULL), RELIC_OK);
    size_t n = d.count;
    relic_dir_close(&d);
    return n;
}

static void read_back(const char *path, const char *want)
{
    relic_buf b = RELIC_BUF_INIT;
    assert_int_equal(relic_file_read(path, &b, NULL), RELIC_OK);
    assert_int_equal(b.len, strlen(want));
    assert_memory_equal(b.data, want, b.len);
    relic_buf_free(&b);
}

/* The name is "<path>.<16 hex>.tmp" (no process id), different every
 * time, and the file is a fresh regular file opened for writing. */
static void test_temp_names(void **state)
{
    (void)state;
    char dir[512], path[600];
    test_tmpdir(dir, sizeof dir);
    path_in(path, sizeof path, dir, "out.bin");
    char seen[64][700];
    for (int i = 0; i < 64; i++) {
        relic_out o;
        assert_int_equal(relic_out_open(&o, path, 0, NULL), RELIC_OK);
        size_t plen = strlen(path), tlen = strlen(o.tmp);
        assert_int_equal(tlen, plen + 1 + 16 + 4);
        assert_memory_equal(o.tmp, path, plen);
        assert_int_equal(o.tmp[plen], '.');
        for (size_t k = plen + 1; k < plen + 17; k++)
            assert_non_null(strchr("0123456789abcdef", o.tmp[k]));
        assert_string_equal(o.tmp + plen + 17, ".tmp");
        char pid[32];
        snprintf(pid, sizeof pid, ".%ld.", (long)getpid());
        assert_null(strstr(o.tmp + plen, pid));
        struct stat st;
        assert_int_equal(lstat(o.tmp, &st), 0);
        assert_true(S_ISREG(st.st_mode));
        assert_int_equal(st.st_size, 0);
        snprintf(seen[i], sizeof seen[i], "%s", o.tmp);
        for (int k = 0; k < i; k++)
            assert_string_not_equal(seen[k], seen[i]);
        relic_out_abort(&o);
        assert_int_not_equal(lstat(seen[i], &st), 0);
    }
    assert_int_equal(files_in(dir), 0);
    test_tmpdir_remove(dir);
}

/* Streaming: write in pieces, commit renames; abort and a failed open
 * leave nothing. */
static void test_stream_commit_abort(void **state)
{
    (void)state;
    char dir[512], path[600], bad[700];
    test_tmpdir(dir, sizeof dir);
    path_in(path, sizeof path, dir, "s.txt");
    relic_out o;
    assert_int_equal(relic_out_open(&o, path, RELIC_OUT_DURABLE, NULL), RELIC_OK);
    assert_int_equal(relic_out_write(&o, "hello ", 6, NULL), RELIC_OK);
    assert_int_equal(relic_out_write(&o, "world", 5, NULL), RELIC_OK);
    assert_int_equal(relic_out_commit(&o, NULL), RELIC_OK);
    assert_null(o.tmp);
    read_back(path, "hello world");
    assert_int_equal(files_in(dir), 1);
    /* abort keeps the older file */
    assert_int_equal(relic_out_open(&o, path, 0, NULL), RELIC_OK);
    assert_int_equal(relic_out_write(&o, "partial", 7, NULL), RELIC_OK);
    relic_out_abort(&o);
    relic_out_abort(&o);
    read_back(path, "hello world");
    assert_int_equal(files_in(dir), 1);
    /* a folder that does not exist: an I/O error naming the file */
    snprintf(bad, sizeof bad, "%s/missing/x", dir);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(relic_file_write_atomic(bad, "x", 1, &err), RELIC_EIO);
    assert_string_equal(err.file, bad);
    test_tmpdir_remove(dir);
}

/* A symbolic link at the final name is replaced by the new file; its
 * target is untouched. */
static void test_link_at_target_replaced(void **state)
{
    (void)state;
    char dir[512], path[600], victim[600];
    test_tmpdir(dir, sizeof dir);
    path_in(path, sizeof path, dir, "out.png");
    path_in(victim, sizeof victim, dir, "victim");
    assert_int_equal(relic_file_write_atomic(victim, "keep", 4, NULL), RELIC_OK);
    assert_int_equal(symlink(victim, path), 0);
    assert_int_equal(relic_file_write_atomic(path, "new", 3, NULL), RELIC_OK);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    read_back(path, "new");
    read_back(victim, "keep");
    test_tmpdir_remove(dir);
}

/* Streaming audio gives the bytes of the one-buffer writer; abort leaves
 * nothing. */
static void test_audio_stream(void **state)
{
    (void)state;
    char dir[512], a[600], b[600], c[600];
    test_tmpdir(dir, sizeof dir);
    path_in(a, sizeof a, dir, "a.wav");
    path_in(b, sizeof b, dir, "b.wav");
    path_in(c, sizeof c, dir, "c.wav");
    int16_t pcm[2000];
    for (int i = 0; i < 2000; i++)
        pcm[i] = (int16_t)(i * 37 - 30000);
    assert_int_equal(relic_audio_write(a, pcm, 1000, 2, 22050, NULL), RELIC_OK);
    relic_audio_out o;
    assert_int_equal(relic_audio_open(&o, b, 2, 22050, NULL), RELIC_OK);
    assert_int_equal(relic_audio_write_frames(&o, pcm, 300, NULL), RELIC_OK);
    assert_int_equal(relic_audio_write_frames(&o, pcm + 600, 700, NULL), RELIC_OK);
    assert_int_equal(relic_audio_commit(&o, NULL), RELIC_OK);
    relic_buf x = RELIC_BUF_INIT, y = RELIC_BUF_INIT;
    assert_int_equal(relic_file_read(a, &x, NULL), RELIC_OK);
    assert_int_equal(relic_file_read(b, &y, NULL), RELIC_OK);
    assert_int_equal(x.len, 44 + 4000);
    assert_int_equal(x.len, y.len);
    assert_memory_equal(x.data, y.data, x.len);
    assert_int_equal(relic_audio_open(&o, c, 1, 8000, NULL), RELIC_OK);
    assert_int_equal(relic_audio_write_frames(&o, pcm, 10, NULL), RELIC_OK);
    relic_audio_abort(&o);
    assert_int_equal(files_in(dir), 2);
    relic_buf_free(&x);
    relic_buf_free(&y);
    test_tmpdir_remove(dir);
}

static void test_same_file(void **state)
{
    (void)state;
    char dir[512], a[600], b[600], hard[600], soft[600], dotted[700];
    test_tmpdir(dir, sizeof dir);
    path_in(a, sizeof a, dir, "a");
    path_in(b, sizeof b, dir, "b");
    path_in(hard, sizeof hard, dir, "hard");
    path_in(soft, sizeof soft, dir, "soft");
    snprintf(dotted, sizeof dotted, "%s/./a", dir);
    assert_int_equal(relic_file_write_atomic(a, "1", 1, NULL), RELIC_OK);
    assert_int_equal(relic_file_write_atomic(b, "1", 1, NULL), RELIC_OK);
    assert_int_equal(link(a, hard), 0);
    assert_int_equal(symlink("a", soft), 0);
    assert_true(relic_path_same_file(a, a));
    assert_true(relic_path_same_file(a, hard));
    assert_true(relic_path_same_file(a, soft));
    assert_true(relic_path_same_file(a, dotted));
    assert_true(relic_path_same_file(dir, dir));
    assert_false(relic_path_same_file(a, b));
    assert_false(relic_path_same_file(a, "/nonexistent/relic"));
    test_tmpdir_remove(dir);
}

/* A new OUT is staged in a hidden sibling (its missing parents made, a
 * trailing slash ignored): files are made under their own names, a second
 * write replaces the first, an abort leaves nothing, and the commit moves
 * the whole tree into place. */
static void test_tree_staged(void **state)
{
    (void)state;
    char dir[512], out[600], parent[600], file[800], want[600];
    test_tmpdir(dir, sizeof dir);
    snprintf(out, sizeof out, "%s/a/b/out/", dir);
    snprintf(want, sizeof want, "%s/a/b/out", dir);
    snprintf(parent, sizeof parent, "%s/a/b", dir);
    relic_tree t;
    assert_int_equal(relic_tree_begin(&t, out, NULL), RELIC_OK);
    assert_non_null(t.stage);
    assert_ptr_equal(t.root, t.stage);
    assert_int_equal(t.out_flags, RELIC_OUT_FRESH);
    size_t n = strlen(want);
    assert_memory_equal(t.stage, want, n);
    assert_int_equal(strlen(t.stage), n + 1 + 16 + 4);
    assert_string_equal(t.stage + n + 17, ".tmp");
    struct stat st;
    assert_int_not_equal(lstat(want, &st), 0);
    assert_int_equal(lstat(t.stage, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    snprintf(file, sizeof file, "%s/x.txt", t.root);
    assert_int_equal(relic_file_write_atomic_flags(file, "first", 5, t.out_flags, NULL), RELIC_OK);
    assert_int_equal(relic_file_write_atomic_flags(file, "second", 6, t.out_flags, NULL), RELIC_OK);
    read_back(file, "second");
    relic_out o;
    snprintf(file, sizeof file, "%s/partial.bin", t.root);
    assert_int_equal(relic_out_open(&o, file, t.out_flags, NULL), RELIC_OK);
    assert_int_equal(relic_out_write(&o, "half", 4, NULL), RELIC_OK);
    relic_out_abort(&o);
    assert_int_not_equal(lstat(file, &st), 0);
    assert_int_equal(files_in(t.root), 1);
    assert_int_equal(relic_tree_commit(&t, NULL), RELIC_OK);
    assert_null(t.stage);
    snprintf(file, sizeof file, "%s/x.txt", want);
    read_back(file, "second");
    assert_int_equal(files_in(parent), 1);
    test_tmpdir_remove(dir);
}

/* A character device (/dev/null) takes the bytes directly: no temporary
 * beside it (there is no folder to write one in), nothing renamed over it,
 * an abort removes nothing; a tree whose OUT is a device is made in a
 * private folder under TMPDIR and removed whole at the commit. */
static void test_device_output(void **state)
{
    (void)state;
    struct stat st;
    if (stat("/dev/null", &st) != 0 || !S_ISCHR(st.st_mode))
        skip();
    assert_int_equal(relic_file_write_atomic("/dev/null", "bytes", 5, NULL), RELIC_OK);
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    relic_out o;
    assert_int_equal(relic_out_open(&o, "/dev/null", 0, NULL), RELIC_OK);
    assert_int_equal(relic_out_write(&o, "half", 4, NULL), RELIC_OK);
    relic_out_abort(&o);
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    char dir[512], file[700];
    test_tmpdir(dir, sizeof dir);
    const char *old = getenv("TMPDIR");
    char *saved = old ? strdup(old) : NULL;
    setenv("TMPDIR", dir, 1);
    relic_tree t;
    assert_int_equal(relic_tree_begin(&t, "/dev/null", NULL), RELIC_OK);
    assert_true(t.discard);
    assert_int_equal(strncmp(t.root, dir, strlen(dir)), 0);
    snprintf(file, sizeof file, "%s/x.txt", t.root);
    assert_int_equal(relic_file_write_atomic_flags(file, "kept?", 5, t.out_flags, NULL), RELIC_OK);
    assert_int_equal(files_in(dir), 1);
    assert_int_equal(relic_tree_commit(&t, NULL), RELIC_OK);
    assert_int_equal(files_in(dir), 0);
    if (saved)
        setenv("TMPDIR", saved, 1);
    else
        unsetenv("TMPDIR");
    free(saved);
    test_tmpdir_remove(dir);
}

/* An existing OUT is written in place, each file through a temporary. */
static void test_tree_existing(void **state)
{
    (void)state;
    char dir[512], out[600];
    test_tmpdir(dir, sizeof dir);
    path_in(out, sizeof out, dir, "out");
    assert_int_equal(mkdir(out, 0777), 0);
    relic_tree t;
    assert_int_equal(relic_tree_begin(&t, out, NULL), RELIC_OK);
    assert_null(t.stage);
    assert_string_equal(t.root, out);
    assert_int_equal(t.out_flags, 0);
    assert_int_equal(relic_tree_commit(&t, NULL), RELIC_OK);
    assert_int_equal(files_in(dir), 1);
    /* a file where OUT should be: refused */
    path_in(out, sizeof out, dir, "plain");
    assert_int_equal(relic_file_write_atomic(out, "x", 1, NULL), RELIC_OK);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(relic_tree_begin(&t, out, &err), RELIC_EIO);
    test_tmpdir_remove(dir);
}

/* OUT made by someone else while the run wrote (even empty): the commit
 * refuses to replace it and removes the stage, without following a link
 * planted in it. */
static void test_tree_appeared(void **state)
{
    (void)state;
    char dir[512], out[600], victim[600], file[800], link_path[800];
    test_tmpdir(dir, sizeof dir);
    path_in(out, sizeof out, dir, "out");
    path_in(victim, sizeof victim, dir, "victim");
    assert_int_equal(relic_file_write_atomic(victim, "keep", 4, NULL), RELIC_OK);
    relic_tree t;
    assert_int_equal(relic_tree_begin(&t, out, NULL), RELIC_OK);
    snprintf(file, sizeof file, "%s/sub", t.root);
    assert_int_equal(mkdir(file, 0777), 0);
    snprintf(file, sizeof file, "%s/sub/x.txt", t.root);
    assert_int_equal(relic_file_write_atomic_flags(file, "x", 1, t.out_flags, NULL), RELIC_OK);
    snprintf(link_path, sizeof link_path, "%s/sub/link", t.root);
    assert_int_equal(symlink(victim, link_path), 0);
    assert_int_equal(mkdir(out, 0777), 0);
    relic_err err;
    relic_err_clear(&err);
    assert_int_equal(relic_tree_commit(&t, &err), RELIC_EIO);
    assert_string_equal(err.file, out);
    assert_non_null(strstr(err.msg, "appeared"));
    assert_int_equal(files_in(out), 0);
    assert_int_equal(files_in(dir), 2); /* out and victim: the stage is gone */
    read_back(victim, "keep");
    test_tmpdir_remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_temp_names),
        cmocka_unit_test(test_stream_commit_abort),
        cmocka_unit_test(test_link_at_target_replaced),
        cmocka_unit_test(test_audio_stream),
        cmocka_unit_test(test_same_file),
        cmocka_unit_test(test_tree_staged),
        cmocka_unit_test(test_tree_existing),
        cmocka_unit_test(test_device_output),
        cmocka_unit_test(test_tree_appeared),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
