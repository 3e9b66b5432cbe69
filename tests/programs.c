/* Tests of the programs' handling of bad input: every refusal is a
   clear message and exit status 2, never a crash. The programs are
   run from the repository root, as the Makefile builds them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* the command with each build/bin/ in it replaced by $BIN_DIR/ when
   make sets BIN_DIR: the programs built with the compiler and flags
   under test (make CC=clang test, make sanitize) */
static const char *in_bin_dir(const char *command)
{
    static char *buf;
    const char *bin = getenv("BIN_DIR"), *dir = "build/bin/";
    if (!bin) return command;
    size_t nd = strlen(dir), nb = strlen(bin), k = 0;
    for (const char *c = strstr(command, dir); c; c = strstr(c + nd, dir))
        k++;
    buf = realloc(buf, strlen(command) + k * (nb + 1) + 1);
    assert_non_null(buf);
    char *o = buf;
    for (const char *c = command; *c;)
        if (strncmp(c, dir, nd) == 0) {
            o += sprintf(o, "%s/", bin);
            c += nd;
        } else
            *o++ = *c++;
    *o = '\0';
    return buf;
}

/* run a command line, return its exit status; its output, standard
   error included, is left in `out` */
static int run(const char *command, char *out, size_t size)
{
    command = in_bin_dir(command);
    char line[600];
    snprintf(line, sizeof line, "%s 2>&1", command);
    FILE *p = popen(line, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void refused(const char *command, const char *message)
{
    char out[4096];
    int status = run(command, out, sizeof out);
    if (status != 2 || !strstr(out, message))
        print_error("%s\n  exit %d, printed: %s  expected exit 2 and: %s\n",
                    command, status, out, message);
    assert_int_equal(status, 2);
    assert_non_null(strstr(out, message));
}

static void test_bad_numbers_are_refused_by_name(void **s)
{
    (void)s;
    refused("build/bin/train --epochs 0", "--epochs 0 is out of range");
    refused("build/bin/train --hidden 0", "--hidden 0 is out of range");
    refused("build/bin/train --epochs 1x", "--epochs expects a whole number");
    refused("build/bin/train --lr nan", "--lr expects a number");
    refused("build/bin/train --epochs", "--epochs needs a value");
    refused("build/bin/train --batch -3", "--batch -3 is out of range");
}

static void test_unknown_options_and_names_list_what_is_known(void **s)
{
    (void)s;
    refused("build/bin/train --bogus 1", "unknown option '--bogus'");
    refused("build/bin/train --attention fancy",
            "the known kinds are: none, dot, general, additive");
    refused("build/bin/ablation --configs none,bogus",
            "unknown attention 'bogus'");
    refused("build/bin/ablation --schedules 1", "is not W/F");
    refused("build/bin/sweep --models dot", "is not KIND:HIDDEN");
    refused("build/bin/sweep --models none:0", "--models 0 is out of range");
}

static void test_bad_sentence_lengths_and_sizes_are_refused(void **s)
{
    (void)s;
    refused("build/bin/train --min-words 7 --max-words 3",
            "sentence lengths are inverted");
    refused("build/bin/task-samples --count 50 --train-pairs 10",
            "--count 50 is more than the 10 training pairs");
    refused("build/bin/train --train-pairs 0", "--train-pairs 0 is out of range");
    refused("build/bin/schedule --warmup-epochs 16",
            "leaves no step after warmup");
}

static void test_bad_sentences_are_refused_before_training(void **s)
{
    (void)s;
    refused("build/bin/heatmap --sentence 'the dog flies'",
            "'flies' is not in the lexicon; the words are: a big bird");
    refused("build/bin/heatmap --sentence '   '", "the sentence is empty");
    refused("build/bin/heatmap --sentence 'a a a a a a a'",
            "more than 6 words");
    refused("build/bin/heatmap --sentence '<eos>'", "'<eos>' is not in");
    refused("build/bin/heatmap --attention none --sentence 'the dog'",
            "no weights to show");
    refused("build/bin/heatmap", "--sentence is required");
}

static void test_every_program_answers_help(void **s)
{
    (void)s;
    const char *programs[] = {"schedule", "loss-floor", "task-samples",
                              "train", "shapes", "sweep", "ablation",
                              "heatmap", "bench"};
    for (size_t i = 0; i < sizeof programs / sizeof *programs; i++) {
        char command[100], out[4096];
        snprintf(command, sizeof command, "build/bin/%s --help",
                 programs[i]);
        assert_int_equal(run(command, out, sizeof out), 0);
        assert_non_null(strstr(out, "usage:"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_numbers_are_refused_by_name),
        cmocka_unit_test(test_unknown_options_and_names_list_what_is_known),
        cmocka_unit_test(test_bad_sentence_lengths_and_sizes_are_refused),
        cmocka_unit_test(test_bad_sentences_are_refused_before_training),
        cmocka_unit_test(test_every_program_answers_help),
    };
    return cmocka_run_group_tests_name("programs: bad input", tests,
                                       NULL, NULL);
}
