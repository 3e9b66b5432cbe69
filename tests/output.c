/* Tests of the toolkit's output files and memory budget (appendix A):
   a file is written whole or not at all, a failed or interrupted
   write leaves nothing behind, and run_bytes agrees with what a run
   really allocates. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "seq2seq.h"

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
    assert_string_equal(contents(), "whole\n");
    struct stat st;
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

static void test_shown_escapes_and_cuts(void **s)
{
    (void)s;
    assert_string_equal(shown("a\rb\x1b"), "a\\rb\\x1b");
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
    mc.attention = attention;
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
                    " allocated %.0f\n", attention_name[attention], E,
                    H, max_words, B, estimate, used);
    assert_true(fabs(estimate - used) <= 0.03 * used);
    model_free(m);
    dataset_free(&train);
    dataset_free(&val);
}

static void test_run_bytes_is_what_a_run_allocates(void **s)
{
    (void)s;
    for (int k = 0; attention_name[k]; k++) {
        check_budget(k, 64, 64, 6, 64);
        check_budget(k, 16, 48, 20, 8);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_file_is_renamed_into_place_when_whole),
        cmocka_unit_test(test_a_failed_write_leaves_the_old_file),
        cmocka_unit_test(test_an_early_exit_removes_the_unfinished_file),
        cmocka_unit_test(test_shown_escapes_and_cuts),
        cmocka_unit_test(test_run_bytes_is_what_a_run_allocates),
    };
    return cmocka_run_group_tests_name("output files and memory", tests,
                                       NULL, NULL);
}
