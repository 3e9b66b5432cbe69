/* Tests of the toolkit's output files and memory budget (appendix A):
   a file is written whole or not at all, a failed or interrupted
   write leaves nothing behind, and run_bytes agrees with what a run
   really allocates. */
#define _XOPEN_SOURCE 700           /* mknod, for the root-only test */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>
#include "families.h"

static char dir[64], path[128];

static void fresh_dir(void)
{
    strcpy(dir, "/tmp/am-output-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/out.tex", dir);
}

/* how many entries the folder holds (temporary files included) */
static int entries(void)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.') n++;
    closedir(d);
    return n;
}

static void remove_dir(void)
{
    unlink(path);
    assert_int_equal(entries(), 0);
    assert_int_equal(rmdir(dir), 0);
}

static const char *contents(void)
{
    static char buf[256];
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void test_a_file_is_renamed_into_place_when_whole(void **s)
{
    (void)s;
    fresh_dir();
    umask(022);
    FILE *f = out_open(path);
    fprintf(f, "whole\n");
    assert_int_equal(entries(), 1);     /* only the temporary file */
    out_close(f);
    struct stat st;
    assert_int_equal(stat(path, &st), -1);  /* not before the commit */
    assert_int_equal(entries(), 1);
    out_commit();
    assert_string_equal(contents(), "whole\n");
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0644);
    assert_int_equal(entries(), 1);
    remove_dir();
}

/* in a child: open `path`, write, then break the file or exit early */
static int child_status(int how)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        FILE *f = out_open(path);
        fprintf(f, "new contents\n");
        if (how == 0) {
            close(fileno(f));   /* every later write fails */
            out_close(f);
            _exit(0);           /* not reached: out_close exits */
        }
        refuse("stopping with a file half written");
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_a_failed_write_leaves_the_old_file(void **s)
{
    (void)s;
    fresh_dir();
    FILE *old = fopen(path, "w");
    fprintf(old, "old\n");
    fclose(old);
    assert_int_equal(child_status(0), 1);
    assert_string_equal(contents(), "old\n");
    assert_int_equal(entries(), 1);     /* no temporary file left */
    remove_dir();
}

static void test_an_early_exit_removes_the_unfinished_file(void **s)
{
    (void)s;
    fresh_dir();
    assert_int_equal(child_status(1), 2);
    assert_int_equal(entries(), 0);
    remove_dir();
}

/* write "new\n" to `name` in a child, commit, and return the exit
   status (-1 if the child died of a signal) */
static int write_in_child(const char *name)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        FILE *f = out_open(name);
        fprintf(f, "new\n");
        out_close(f);
        out_commit();
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_a_replaced_file_keeps_its_mode(void **s)
{
    (void)s;
    fresh_dir();
    umask(022);
    FILE *old = fopen(path, "w");
    fprintf(old, "old\n");
    fclose(old);
    assert_int_equal(chmod(path, 0600), 0);
    int root = geteuid() == 0;          /* root keeps the owner too */
    if (root) assert_int_equal(chown(path, 65534, 65534), 0);
    assert_int_equal(write_in_child(path), 0);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_string_equal(contents(), "new\n");
    assert_int_equal(st.st_mode & 07777, 0600);
    if (root) {
        assert_int_equal(st.st_uid, 65534);
        assert_int_equal(st.st_gid, 65534);
    }
    remove_dir();
}

/* a link is followed: its target is replaced, in the target's
   folder, and the link stays a link */
static void test_a_link_is_followed_and_kept(void **s)
{
    (void)s;
    fresh_dir();
    char sub[128], target[160], link2[160];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    snprintf(target, sizeof target, "%s/real.tex", sub);
    FILE *old = fopen(target, "w");
    fprintf(old, "old\n");
    fclose(old);
    assert_int_equal(symlink("sub/real.tex", path), 0);
    assert_int_equal(write_in_child(path), 0);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_string_equal(contents(), "new\n");   /* read through it */
    /* a dangling link makes its target */
    snprintf(link2, sizeof link2, "%s/dangling", dir);
    assert_int_equal(symlink("sub/made.tex", link2), 0);
    assert_int_equal(write_in_child(link2), 0);
    assert_int_equal(lstat(link2, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    snprintf(target, sizeof target, "%s/made.tex", sub);
    assert_int_equal(stat(target, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    unlink(target);
    snprintf(target, sizeof target, "%s/real.tex", sub);
    unlink(target);
    unlink(link2);
    assert_int_equal(rmdir(sub), 0);
    remove_dir();
}

/* a FIFO is written through: the reader gets the bytes, and the
   FIFO is still a FIFO, not a file renamed over it */
static void test_a_fifo_is_written_through(void **s)
{
    (void)s;
    fresh_dir();
    assert_int_equal(mkfifo(path, 0600), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(20);                  /* never hang the tests */
        FILE *f = out_open(path);   /* waits for the reader */
        fprintf(f, "through\n");
        out_close(f);
        out_commit();
        _exit(0);
    }
    alarm(30);                      /* a file renamed over it hangs */
    assert_string_equal(contents(), "through\n");
    alarm(0);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    remove_dir();
}

/* a name 1 to 11 bytes short of the limit is legal: its temporary
   file must not push it over */
static void test_a_name_near_the_limit_is_written(void **s)
{
    (void)s;
    fresh_dir();
    long max = pathconf(dir, _PC_NAME_MAX);
    char name[600];
    for (long len = max - 11; len <= max; len += 5) {
        int n = snprintf(name, sizeof name, "%s/", dir);
        memset(name + n, 'n', (size_t)len);
        name[n + len] = '\0';
        assert_int_equal(write_in_child(name), 0);
        assert_int_equal(unlink(name), 0);
    }
    remove_dir();
}

/* SIGINT, SIGTERM or SIGHUP while a file is being written: the
   temporary file is removed and the program dies of the signal */
static void test_a_signal_removes_the_temporary_file(void **s)
{
    (void)s;
    const int sig[] = { SIGINT, SIGTERM, SIGHUP };
    for (int i = 0; i < 3; i++) {
        fresh_dir();
        fflush(NULL);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            FILE *f = out_open(path);
            fprintf(f, "half\n");
            fflush(f);
            kill(getpid(), sig[i]);
            _exit(0);               /* not reached */
        }
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFSIGNALED(status));
        assert_int_equal(WTERMSIG(status), sig[i]);
        assert_int_equal(entries(), 0);
        remove_dir();
    }
}

/* outputs appear together: a program that fails after closing one
   output leaves the older files, all of them */
static void test_a_failed_run_replaces_none_of_its_outputs(void **s)
{
    (void)s;
    fresh_dir();
    FILE *old = fopen(path, "w");
    fprintf(old, "old\n");
    fclose(old);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        FILE *f = out_open(path);
        fprintf(f, "new\n");
        out_close(f);
        refuse("a later step fails");
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 2);
    assert_string_equal(contents(), "old\n");
    assert_int_equal(entries(), 1);
    remove_dir();
}

/* root only (CI runs as root): a character device given as an
   output is written through, never replaced by a file */
static void test_a_device_is_never_replaced(void **s)
{
    (void)s;
    if (geteuid() != 0) {
        print_message("skipped: making a device needs root\n");
        skip();
    }
    fresh_dir();
    /* the device of /dev/null, 1:3, under another name */
    assert_int_equal(mknod(path, S_IFCHR | 0666, makedev(1, 3)), 0);
    int fd = open(path, O_WRONLY);
    if (fd < 0 && errno == EACCES) {    /* /tmp mounted nodev */
        unlink(path);
        remove_dir();
        strcpy(dir, "build/am-device-XXXXXX");  /* the checkout's */
        assert_non_null(mkdtemp(dir));
        snprintf(path, sizeof path, "%s/out.tex", dir);
        assert_int_equal(mknod(path, S_IFCHR | 0666, makedev(1, 3)),
                         0);
        fd = open(path, O_WRONLY);
    }
    if (fd < 0) {
        print_message("skipped: devices cannot be opened here: %s\n",
                      strerror(errno));
        unlink(path);
        remove_dir();
        skip();
    }
    close(fd);
    assert_int_equal(write_in_child(path), 0);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    assert_int_equal(major(st.st_rdev), 1);
    assert_int_equal(minor(st.st_rdev), 3);
    /* /dev/full's 1:7: the write error is an error, exit 1 */
    unlink(path);
    assert_int_equal(mknod(path, S_IFCHR | 0666, makedev(1, 7)), 0);
    assert_int_equal(write_in_child(path), 1);
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    remove_dir();
}

static void test_shown_escapes_and_cuts(void **s)
{
    (void)s;
    assert_string_equal(shown("a\rb\x1b"), "a\\rb\\x1b");
    /* UTF-8 kept whole; a stray byte, a cut sequence, an overlong
       form and a C1 control escaped */
    assert_string_equal(shown("caf\303\251"), "caf\303\251");
    assert_string_equal(shown("a\377b\303"), "a\\xffb\\xc3");
    assert_string_equal(shown("\300\257"), "\\xc0\\xaf");
    assert_string_equal(shown("\302\233x"), "\\xc2\\x9bx");
    /* a cut between characters, marked */
    char accents[101] = "";
    for (int k = 0; k < 50; k++) strcat(accents, "\303\251");
    const char *u = shown(accents);
    assert_non_null(strstr(u, "\303\251... (100 bytes in all)"));
    char long_text[101];
    memset(long_text, 'x', 100);
    long_text[100] = '\0';
    const char *t = shown(long_text);
    assert_non_null(strstr(t, "... (100 bytes in all)"));
    assert_true(strlen(t) < 70);
}

/* run_bytes against the bytes datasets_make and model_create ask
   xcalloc for, within 3%: the count includes the orthogonal
   initialiser's scratch twice (it is freed in between) */
static void check_budget(int attention, int E, int H, int max_words,
                         int B)
{
    DataConfig dc = data_config_default();
    dc.max_words = max_words;
    ModelConfig mc = model_config_default();
    kind_config(&mc, attention);
    mc.E = E;
    mc.H = H;
    size_t before = bytes_allocated;
    Dataset train, val;
    datasets_make(&train, &val, &dc);
    Model *m = model_create(&mc, B, train.L, 1);
    double used = (double)(bytes_allocated - before);
    double estimate = run_bytes(&dc, &mc, B);
    if (fabs(estimate - used) > 0.03 * used)
        print_error("%s E=%d H=%d words=%d B=%d: run_bytes %.0f,"
                    " allocated %.0f\n", kind_name(attention), E,
                    H, max_words, B, estimate, used);
    assert_true(fabs(estimate - used) <= 0.03 * used);
    model_free(m);
    dataset_free(&train);
    dataset_free(&val);
}

static void test_run_bytes_is_what_a_run_allocates(void **s)
{
    (void)s;
    for (int k = 0; kind_name(k); k++) {
        check_budget(k, 64, 64, 6, 64);
        check_budget(k, 16, 48, 20, 8);
    }
}

int main(void)
{
    /* a shell starts a background job with SIGINT ignored, and a
       program keeps a signal ignored that it started with ignored:
       start from the defaults, as a program run from a terminal
       does, before the first output sets the handlers */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_file_is_renamed_into_place_when_whole),
        cmocka_unit_test(test_a_failed_write_leaves_the_old_file),
        cmocka_unit_test(test_an_early_exit_removes_the_unfinished_file),
        cmocka_unit_test(test_a_replaced_file_keeps_its_mode),
        cmocka_unit_test(test_a_link_is_followed_and_kept),
        cmocka_unit_test(test_a_fifo_is_written_through),
        cmocka_unit_test(test_a_name_near_the_limit_is_written),
        cmocka_unit_test(test_a_signal_removes_the_temporary_file),
        cmocka_unit_test(test_a_failed_run_replaces_none_of_its_outputs),
        cmocka_unit_test(test_a_device_is_never_replaced),
        cmocka_unit_test(test_shown_escapes_and_cuts),
        cmocka_unit_test(test_run_bytes_is_what_a_run_allocates),
    };
    return cmocka_run_group_tests_name("output files and memory", tests,
                                       NULL, NULL);
}
