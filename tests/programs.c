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
#include <regex.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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
    char *line = malloc(strlen(command) + 8);
    assert_non_null(line);
    sprintf(line, "%s 2>&1", command);
    FILE *p = popen(line, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    while (fgetc(p) != EOF) {}      /* let the command finish */
    int status = pclose(p);
    free(line);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* run a command, expect `status` and `message` in what it printed */
static void expect(const char *command, int status, const char *message)
{
    char out[8192];
    int got = run(command, out, sizeof out);
    if (got != status || !strstr(out, message))
        print_error("%s\n  exit %d, printed: %s  expected exit %d"
                    " and: %s\n", command, got, out, status, message);
    assert_int_equal(got, status);
    assert_non_null(strstr(out, message));
}

/* a scratch folder for output files, removed by the caller */
static char scratch[64];
static void make_scratch(void)
{
    strcpy(scratch, "/tmp/am-programs-XXXXXX");
    assert_non_null(mkdtemp(scratch));
}
static void remove_scratch(void)
{
    char command[128];
    snprintf(command, sizeof command, "rm -rf %s", scratch);
    assert_int_equal(system(command), 0);
}
static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* the whole contents of a small file */
static char *slurp(const char *path)
{
    static char buf[8192];
    FILE *f = fopen(path, "r");
    if (!f) print_error("cannot read %s\n", path);
    assert_non_null(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
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
    refused("build/bin/ablation --threads 0",
            "--threads 0 is out of range: expected 1 to 64");
    refused("build/bin/sweep --threads 65",
            "--threads 65 is out of range");
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
    refused("build/bin/ablation --later bogus", "unknown attention 'bogus'");
    refused("build/bin/sweep --later bogus", "unknown attention 'bogus'");
    refused("build/bin/ablation --configs dot,none --later dot",
            "it cannot come later");
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
    refused("build/bin/heatmap", "give --sentence or --first-error");
    refused("build/bin/han-study --configs han,dot",
            "'dot' is not a variant of the document classifier");
    refused("build/bin/han-study --configs han/3", "--configs");
    refused("build/bin/han-study --seeds 0", "--seeds");
}

static void test_every_program_answers_help(void **s)
{
    (void)s;
    const char *programs[] = {"schedule", "loss-floor", "task-samples",
                              "train", "shapes", "sweep", "ablation",
                              "heatmap", "bench", "caption-study",
                              "caption",
                              "han-study", "classify",
                              "depth-study"};
    for (size_t i = 0; i < sizeof programs / sizeof *programs; i++) {
        char command[100], out[4096];
        snprintf(command, sizeof command, "build/bin/%s --help",
                 programs[i]);
        assert_int_equal(run(command, out, sizeof out), 0);
        assert_non_null(strstr(out, "usage:"));
        if (strstr(out, "(null)")) print_error("%s: %s", command, out);
        assert_null(strstr(out, "(null)"));
    }
}

/* ---- output that is never lost ------------------------------------ */
static void test_a_standard_output_that_fails_is_an_error(void **s)
{
    (void)s;
    expect("sh -c 'build/bin/schedule > /dev/full'", 1,
           "cannot write the standard output: No space left");
    expect("sh -c 'build/bin/loss-floor --help > /dev/full'", 1,
           "cannot write the standard output");
    expect("sh -c 'build/bin/shapes >&-'", 1,
           "cannot write the standard output");
    /* a reader that closes the pipe early, like head: silence, and
       the status of a death by SIGPIPE, as Unix tools do */
    char out[4096];
    assert_int_equal(run("bash -c 'set -o pipefail; build/bin/schedule"
                         " --epochs 1000 | head -c 1 > /dev/null'",
                         out, sizeof out), 128 + SIGPIPE);
    assert_string_equal(out, "");
}

static void test_outputs_are_checked_before_any_work(void **s)
{
    (void)s;
    make_scratch();
    char command[512], table[128], bad[128];
    snprintf(table, sizeof table, "%s/table.tex", scratch);
    expect("build/bin/train --summary /missing/x.tex", 2,
           "cannot write '/missing/x.tex': No such file or directory");
    expect("build/bin/train --summary /proc/x.tex", 2,
           "cannot write '/proc/x.tex'");
    snprintf(command, sizeof command,
             "build/bin/train --summary %s", scratch);
    expect(command, 2, "is a folder, not a file");
    snprintf(command, sizeof command, "build/bin/ablation --table %s"
             " --curves %s", table, table);
    expect(command, 2, "another output has the same name");
    /* one good output and one bad: nothing is trained, nothing
       written, and the refusal comes at once */
    snprintf(command, sizeof command, "build/bin/ablation --table %s"
             " --align-timing /missing/t.tex", table);
    expect(command, 2, "--align-timing: cannot write");
    assert_false(exists(table));
    /* bench's tables of chapter 7, refused before a minute of timing */
    snprintf(command, sizeof command, "build/bin/bench --models %s"
             " --models-words /missing/w.tex", table);
    expect(command, 2, "--models-words: cannot write");
    assert_false(exists(table));
    if (geteuid() != 0) {           /* root may write anywhere */
        snprintf(bad, sizeof bad, "%s/ro", scratch);
        assert_int_equal(mkdir(bad, 0555), 0);
        snprintf(command, sizeof command,
                 "build/bin/task-samples --stats %s/x.tex", bad);
        expect(command, 2, "Permission denied");
    }
    remove_scratch();
}

/* a FIFO, and as root a device, given as an output: written through,
   never replaced; a block device is refused before any work */
static void test_devices_and_fifos_are_written_through(void **s)
{
    (void)s;
    make_scratch();
    char command[600], fifo[128];
    const char *tiny = "build/bin/train --epochs 1 --train-pairs 20"
                       " --val-pairs 20 --hidden 8 --embed 8";
    snprintf(fifo, sizeof fifo, "%s/fifo", scratch);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    snprintf(command, sizeof command, "%s --summary %s > /dev/null &"
             " timeout 60 cat %s; wait $!", tiny, fifo, fifo);
    expect(command, 0, "After 1 epochs the validation loss");
    struct stat st;
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    /* names of open files: the standard output (a pipe here, then a
       file, which gets the summary after the lines printed before
       it), and the shell's >(...) */
    snprintf(command, sizeof command, "%s --summary /dev/stdout | cat",
             tiny);
    expect(command, 0, "After 1 epochs the validation loss");
    snprintf(command, sizeof command, "%s --summary /dev/stdout >"
             " %s/log && cat %s/log", tiny, scratch, scratch);
    expect(command, 0, "\nAfter 1 epochs");  /* not at the start */
    snprintf(command, sizeof command, "bash -c \"%s --summary"
             " >(cat) > /dev/null; wait \\$!\"", tiny);
    expect(command, 0, "After 1 epochs the validation loss");
    if (geteuid() != 0) {
        print_message("skipped the devices: making one needs root\n");
        remove_scratch();
        return;
    }
    snprintf(command, sizeof command, "mknod %s/full c 1 7 &&"
             " mknod %s/disk b 7 200", scratch, scratch);
    assert_int_equal(system(command), 0);
    snprintf(command, sizeof command, ": 2> /dev/null > %s/full",
             scratch);
    if (system(command) != 0) {
        /* a /tmp mounted nodev opens no device: use the checkout */
        remove_scratch();
        strcpy(scratch, "build/am-programs-XXXXXX");
        assert_non_null(mkdtemp(scratch));
        snprintf(command, sizeof command, "mknod %s/full c 1 7 &&"
                 " mknod %s/disk b 7 200", scratch, scratch);
        assert_int_equal(system(command), 0);
    }
    snprintf(command, sizeof command, "%s --summary %s/full", tiny,
             scratch);
    expect(command, 1, "full': No space left on device");
    snprintf(fifo, sizeof fifo, "%s/full", scratch);
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    snprintf(command, sizeof command, "%s --summary %s/disk", tiny,
             scratch);
    expect(command, 2, "it is a block device");
    remove_scratch();
}

/* transformer-study trains for minutes: every file it will write,
   maps and sentences included, is planned before the first epoch,
   and a refusal leaves no file behind */
static void test_the_transformer_study_plans_every_output_first(
    void **s)
{
    (void)s;
    make_scratch();
    char command[512], table[128], out[8192];
    snprintf(table, sizeof table, "%s/table.tex", scratch);
    const char *bad[] = {
        "--heatmaps /missing/h", "--heatmaps: cannot write"
                                 " '/missing/h-self.dat'",
        "--summary /missing/s", "--summary: cannot write"
                                " '/missing/s-params.tex'",
        "--head-curves /missing/c.dat", "--head-curves: cannot write",
        "--tests /missing/t.tex", "--tests: cannot write",
    };
    for (int k = 0; k < 8; k += 2) {
        snprintf(command, sizeof command, "build/bin/transformer-study"
                 " --variants base --seeds 1 --epochs 1 --table %s %s",
                 table, bad[k]);
        expect(command, 2, bad[k + 1]);
        run(command, out, sizeof out);
        if (strstr(out, "seed 1")) print_error("trained: %s\n", out);
        assert_null(strstr(out, "seed 1"));     /* nothing trained */
        assert_false(exists(table));            /* nothing written */
    }
    snprintf(command, sizeof command, "build/bin/transformer-study"
             " --variants base,warmup --seeds 1 --epochs 1 --table %s",
             table);
    refused(command, "a warm-up of 1 epochs in a run of 1");
    run(command, out, sizeof out);
    assert_null(strstr(out, "seed 1"));     /* not even base trained */
    assert_false(exists(table));
    remove_scratch();
}

/* sweep --tables: a tiny run writes the table without the later
   kind and its twin with it, the tests of dot against none and
   against the control, of the control against none, a line
   of the figures' data per length and per tenth, and the errors'
   sentence although no sentence reaches the last tenth */
static void test_the_sweeps_tables_hold_their_rows(void **s)
{
    (void)s;
    refused("build/bin/sweep --tables /nonexistent/dir/s",
            "/nonexistent/dir/s-table.tex");
    make_scratch();
    char command[600], name[6][160];
    const char *suffix[6] = {"table.tex", "table-later.tex",
                             "tests.tex", "align.dat", "errors.dat",
                             "errors-said.tex"};
    for (int i = 0; i < 6; i++)
        snprintf(name[i], sizeof name[i], "%s/s-%s", scratch,
                 suffix[i]);
    snprintf(command, sizeof command, "build/bin/sweep --models"
             " none:8,dot:8,transformer:8,none+Wc:8 --later transformer"
             " --layers 1 --heads 1 --ff 8 --seeds 2 --epochs 1"
             " --train-pairs 32 --val-pairs 40 --min-words 3"
             " --max-words 5 --tables %s/s > /dev/null", scratch);
    expect(command, 0, "");
    const char *table = slurp(name[0]);
    assert_non_null(strstr(table, "\\midrule\nnone, $H = 8$ & "));
    assert_non_null(strstr(table, "n/a & n/a & n/a \\\\\ndot, $H = 8$"));
    assert_null(strstr(table, "transformer"));
    assert_non_null(strstr(slurp(name[1]),
                           "\\midrule\ntransformer, $D = 8$ & "));
    const char *tests = slurp(name[2]);
    assert_non_null(strstr(tests, "\\midrule\ndot, loss & none & $"));
    assert_non_null(strstr(tests, "\nnone+Wc, loss & none & $"));
    assert_non_null(strstr(tests, "\ndot, loss & none+Wc & $"));
    assert_null(strstr(tests, "none+Wc, loss & dot"));
    assert_null(strstr(tests, "transformer"));
    const char *align = slurp(name[3]);
    assert_non_null(strstr(align, "\n3 20.000 nan nan "));
    assert_non_null(strstr(align, "\n5 14.286 nan nan "));
    assert_non_null(strstr(slurp(name[4]), "\n95 "));
    /* 5 words leave the last tenth empty: the sentence ends before */
    assert_non_null(strstr(slurp(name[5]), ": none with $H = 8$, $"));
    remove_scratch();
}

static int check_verdicts(const char *text);   /* below */

/* depth-study: a depth the store cannot hold, or given twice, is
   refused before any training; a tiny run writes a row a depth and
   a comparison with the first */
static void test_the_depth_study_checks_its_depths(void **s)
{
    (void)s;
    refused("build/bin/depth-study --depths 1,7",
            "--depths 7 is out of range: expected 1 to 6");
    refused("build/bin/depth-study --depths 0", "--depths 0 is out of"
            " range");
    refused("build/bin/depth-study --depths 2,02",
            "--depths lists 2 twice");
    refused("build/bin/depth-study --depths 1,,2", "has an empty item");
    make_scratch();
    char command[700], table[128], summary[128], tests[128];
    snprintf(table, sizeof table, "%s/t.tex", scratch);
    snprintf(summary, sizeof summary, "%s/s.tex", scratch);
    snprintf(tests, sizeof tests, "%s/p.tex", scratch);
    snprintf(command, sizeof command, "build/bin/depth-study --depths"
             " 1,3 --seeds 2 --epochs 1 --train-pairs 32 --val-pairs 8"
             " --table %s --summary %s --tests %s", table, summary,
             tests);
    expect(command, 0, "");
    assert_non_null(strstr(slurp(table), "\\midrule\n1 & "));
    assert_non_null(strstr(slurp(table), "\\\\\n3 & "));
    assert_non_null(strstr(slurp(summary), "\\depthVerdict"));
    const char *t = slurp(tests);
    assert_non_null(strstr(t, "\\midrule\n3, loss & 1 & $"));
    assert_non_null(strstr(t, "\\\\\n3, exact (points) & 1 & $"));
    check_verdicts(t);
    remove_scratch();
}

static void test_long_prefixes_are_refused_not_cut(void **s)
{
    (void)s;
    char prefix[400], command[600];
    memset(prefix, 'a', sizeof prefix - 1);
    prefix[sizeof prefix - 1] = '\0';
    memcpy(prefix, "/tmp/", 5);
    snprintf(command, sizeof command, "build/bin/ablation --heatmaps %s",
             prefix);
    expect(command, 2, "File name too long");
    snprintf(command, sizeof command, "build/bin/sweep --summary %s",
             prefix);
    expect(command, 2, "File name too long");
    /* a long path of short names is written whole: three distinct
       files per scorer, where 300 bytes used to cut them into one */
    make_scratch();
    char dir[300];
    snprintf(dir, sizeof dir, "%s/", scratch);
    while (strlen(dir) < 260) strcat(dir, "folder-of-outputs/");
    snprintf(command, sizeof command, "mkdir -p %s", dir);
    assert_int_equal(system(command), 0);
    snprintf(command, sizeof command, "build/bin/ablation --configs dot"
             " --seeds 1 --epochs 1 --heatmaps %sh > /dev/null", dir);
    expect(command, 0, "");
    const char *ext[] = {".dat", ".gpi", ".txt"};
    for (int e = 0; e < 3; e++) {
        char name[400];
        snprintf(name, sizeof name, "%sh-dot%s", dir, ext[e]);
        if (!exists(name)) print_error("missing: %s\n", name);
        assert_true(exists(name));
    }
    remove_scratch();
}

/* the sanitizers reserve terabytes of address space, which no
   ulimit -v allows: the tests that set one are skipped under them */
static int under_a_sanitizer(void)
{
    if (!getenv("ASAN_OPTIONS")) return 0;
    print_message("skipped: ulimit -v and the sanitizers do not mix\n");
    return 1;
}

/* the budget counts every run in memory at once (--threads), and is
   a share of what the program may have: here, what ulimit -v allows
   (which also keeps a broken check from taking the machine's memory) */
static void test_the_budget_counts_every_run_in_memory(void **s)
{
    (void)s;
    if (under_a_sanitizer()) return;
    expect("bash -c 'ulimit -v 2000000; timeout 60 build/bin/ablation"
           " --configs dot --seeds 20 --threads 20 --epochs 1"
           " --hidden 512 --embed 512'", 2,
           "lower --hidden, --embed or --threads (20 runs in memory"
           " at once)");
    expect("bash -c 'ulimit -v 2000000; timeout 60 build/bin/ablation"
           " --configs dot --seeds 20 --threads 20 --epochs 1"
           " --hidden 512 --embed 512'", 2,
           "of the address space that ulimit -v allows");
    expect("bash -c 'ulimit -v 16000000; timeout 60 build/bin/ablation"
           " --threads 64 --seeds 20 --hidden 4096 --embed 4096'", 2,
           "(64 runs in memory at once)");
}

static void test_memory_budget_refuses_a_run_that_cannot_fit(void **s)
{
    (void)s;
    expect("build/bin/train --batch 4096 --max-words 60 --hidden 4096"
           " --attention additive", 2, "GB of memory");
    expect("build/bin/train --batch 4096 --max-words 60 --hidden 4096"
           " --attention additive", 2,
           "lower --batch, --hidden, --embed or --max-words");
}

/* ---- input that is never silently bent ---------------------------- */
static void test_numbers_are_read_consistently(void **s)
{
    (void)s;
    expect("build/bin/schedule --pairs 1e+07 --epochs 1 > /dev/null",
           0, "");
    expect("build/bin/loss-floor --smoothing 1e-320", 0, "");
    expect("build/bin/schedule --pairs 1.5", 2,
           "--pairs expects a whole number, not '1.5'");
    expect("build/bin/schedule --peak 1.0000001", 2,
           "--peak 1.0000001 is out of range: expected 0 to 1");
    expect("build/bin/loss-floor --vocab ' 5'", 2,
           "--vocab expects a whole number, not ' 5'");
    expect("build/bin/loss-floor --vocab '5 '", 2,
           "--vocab expects a whole number, not '5 '");
    expect("build/bin/loss-floor --vocab +5", 0, "");
    expect("build/bin/loss-floor --vocab ''", 2,
           "--vocab needs a value, and '' is empty");
    expect("build/bin/train --summary ''", 2,
           "--summary needs a value, and '' is empty");
    expect("build/bin/task-samples --train-pairs 0", 2,
           "--train-pairs 0 is out of range: expected 1 to 10000000");
    expect("build/bin/schedule --help", 0, "1 to 10000000");
    char value[10001], command[10100], out[8192];
    memset(value, '7', sizeof value - 1);
    value[sizeof value - 1] = '\0';
    snprintf(command, sizeof command, "build/bin/loss-floor --vocab %s",
             value);
    expect(command, 2, "... (10000 bytes in all)");
    assert_int_equal(run(command, out, sizeof out), 2);
    assert_true(strlen(out) < 300);
}

static void test_lists_and_repeats_are_not_bent(void **s)
{
    (void)s;
    expect("build/bin/ablation --configs none,,dot", 2,
           "--configs 'none,,dot' has an empty item");
    expect("build/bin/ablation --configs dot,", 2, "has an empty item");
    expect("build/bin/sweep --models ,none:8", 2, "has an empty item");
    expect("build/bin/loss-floor --vocab 5 --vocab 6", 2,
           "--vocab is given twice");
    expect("build/bin/ablation --configs dot,none,dot", 2,
           "--configs lists 'dot' twice");
    expect("build/bin/sweep --models dot:8,dot:8", 2,
           "--models lists 'dot:8' twice");
    /* an option the run would not use is refused, not ignored */
    expect("build/bin/train --attention dot --layers 2", 2,
           "--layers is an option of the Transformer, and --attention"
           " is not transformer");
    expect("build/bin/ablation --configs none,dot --heads 2", 2,
           "--heads is an option of the Transformer, and --configs"
           " has no transformer");
    expect("build/bin/sweep --models dot:8 --ff 8", 2,
           "--ff is an option of the Transformer");
    expect("build/bin/train --attention transformer --layers 1"
           " --epochs 1 --train-pairs 8 --val-pairs 8 > /dev/null", 0,
           "");
    /* the store holds six layers a side, the paper's, and no more */
    expect("build/bin/train --attention transformer --layers 7", 2,
           "--layers 7 is out of range: expected 1 to 6");
}

static void test_summaries_with_one_or_no_attention(void **s)
{
    (void)s;
    make_scratch();
    const char *configs[] = {"none", "dot"};
    for (int c = 0; c < 2; c++) {
        char command[600];
        snprintf(command, sizeof command, "build/bin/ablation --configs"
                 " %s --seeds 1 --epochs 1 --summary %s/s.tex"
                 " --align-summary %s/a.tex --align-timing %s/t.tex"
                 " > /dev/null", configs[c], scratch, scratch, scratch);
        expect(command, 0, "");
        char path[128];
        snprintf(path, sizeof path, "%s/s.tex", scratch);
        assert_non_null(strstr(slurp(path), "nothing to compare"));
        snprintf(path, sizeof path, "%s/a.tex", scratch);
        const char *a = slurp(path);
        assert_null(strstr(a, " in,"));
        assert_non_null(strstr(a, c ? "of the rows for dot, against"
                               : "No configuration with attention"));
        snprintf(path, sizeof path, "%s/t.tex", scratch);
        const char *t = slurp(path);
        if (!c) assert_non_null(strstr(t, "no alignment to time"));
        else assert_non_null(strstr(t, "for dot"));
    }
    remove_scratch();
}

/* text with each time of a table, "1.23 (1.20-1.30)" and the spaces
   that pad it (a time of 10 s or more takes one more column), and the
   summary's sentences that rank training times, replaced by "T" */
static char *without_times(const char *text)
{
    static const char *const pattern[] = {
        /* with the padding before it: a slower run's wider time
           takes a column's padding */
        " *[0-9]+\\.[0-9]+ \\([0-9]+\\.[0-9]+-+[0-9]+\\.[0-9]+\\)",
        "(In training time|The training times).*The loss floor"};
    char *out = strdup(text);
    for (int p = 0; p < 2; p++) {
        regex_t re;
        assert_int_equal(regcomp(&re, pattern[p], REG_EXTENDED), 0);
        regmatch_t m;
        size_t from = 0;
        while (regexec(&re, out + from, 1, &m, 0) == 0) {
            size_t at = from + m.rm_so, end = from + m.rm_eo;
            memmove(out + at + 1, out + end, strlen(out + end) + 1);
            out[at] = 'T';
            from = at + 1;
        }
        regfree(&re);
    }
    return out;
}

/* ablation with N threads into folder DIR: stdout and its files */
static const char *const thread_files[] = {"out.txt", "table.tex",
    "curves.dat", "summary.tex", "align.tex", "hm-dot.dat",
    "hm-additive.txt", "tests.tex", "align-tests.tex"};

static void run_ablation_threads(const char *dir, int threads)
{
    char command[2048];
    snprintf(command, sizeof command, "mkdir -p %s && "
             "build/bin/ablation --configs none,dot,additive"
             " --seeds 2 --epochs 2 --hidden 16 --embed 16"
             " --threads %d --table %s/table.tex"
             " --curves %s/curves.dat --summary %s/summary.tex"
             " --align-table %s/align.tex --heatmaps %s/hm"
             " --tests %s/tests.tex --align-tests %s/align-tests.tex"
             " > %s/out.txt", dir, threads, dir, dir, dir, dir, dir,
             dir, dir, dir);
    expect(command, 0, "");
}

/* --later dot: the table and the summary leave dot out, the table's
   twin shows both rows and the tests' twin compares dot with the
   baseline; the summary has no twin */
static void test_later_kinds_go_to_the_twins_only(void **s)
{
    (void)s;
    make_scratch();
    char command[1024], path[160];
    snprintf(command, sizeof command, "build/bin/ablation --configs"
             " none,dot --later dot --seeds 1 --epochs 1 --table"
             " %s/t.tex --summary %s/s.tex --align-table %s/a.tex"
             " --tests %s/p.tex > /dev/null", scratch, scratch,
             scratch, scratch);
    expect(command, 0, "");
    const char *file[] = {"t.tex", "a.tex", "t-later.tex",
                          "a-later.tex"};
    for (int f = 0; f < 4; f++) {
        snprintf(path, sizeof path, "%s/%s", scratch, file[f]);
        char *text = slurp(path);
        assert_non_null(strstr(text, "\nnone & "));
        if ((strstr(text, "\ndot & ") != NULL) != (f >= 2))
            fail_msg("%s: the row of dot is %s", file[f],
                     f >= 2 ? "missing" : "there");
    }
    snprintf(path, sizeof path, "%s/s.tex", scratch);
    char *text = slurp(path);
    assert_null(strstr(text, "{dot}"));
    snprintf(path, sizeof path, "%s/s-later.tex", scratch);
    assert_int_equal(access(path, F_OK), -1);
    snprintf(path, sizeof path, "%s/p.tex", scratch);
    assert_null(strstr(slurp(path), "\ndot & "));
    snprintf(path, sizeof path, "%s/p-later.tex", scratch);
    assert_non_null(strstr(slurp(path), "\ndot & none & "));
    remove_scratch();
}

static void test_two_threads_print_what_one_thread_prints(void **s)
{
    (void)s;
    make_scratch();
    char one[128], two[128], path[160];
    snprintf(one, sizeof one, "%s/one", scratch);
    snprintf(two, sizeof two, "%s/two", scratch);
    run_ablation_threads(one, 1);
    run_ablation_threads(two, 2);
    for (size_t f = 0; f < sizeof thread_files / sizeof *thread_files;
         f++) {
        snprintf(path, sizeof path, "%s/%s", one, thread_files[f]);
        char *a = without_times(slurp(path));
        snprintf(path, sizeof path, "%s/%s", two, thread_files[f]);
        char *b = without_times(slurp(path));
        if (strcmp(a, b))
            fail_msg("%s differs:\n%s\nagainst\n%s", thread_files[f],
                     a, b);
        free(a); free(b);
    }
    remove_scratch();
}

/* every row of a table of paired tests (tests_row): the verdict is
   "real" exactly when |t| exceeds the critical value of the header;
   the number of rows called real is returned */
static int check_verdicts(const char *text)
{
    const char *head = strstr(text, "verdict, $|t| > ");
    assert_non_null(head);
    double critical = atof(head + strlen("verdict, $|t| > "));
    assert_true(critical > 0);
    int rows = 0, real = 0;
    for (const char *at = strstr(head, "\\midrule\n") + 9;
         strncmp(at, "\\bottomrule", 11); at = strchr(at, '\n') + 1) {
        /* a row: A & B & $diff$ & $t$ & verdict \\ */
        const char *cell = at;
        for (int c = 0; c < 3; c++) cell = strchr(cell, '&') + 1;
        const char *dollar = strchr(cell, '$');
        assert_non_null(dollar);
        double t = strncmp(dollar + 1, "-\\infty", 7) == 0 ? -1e300
                 : strncmp(dollar + 1, "\\infty", 6) == 0 ? 1e300
                 : atof(dollar + 1);
        const char *verdict = strchr(cell, '&') + 2;
        int says_real = strncmp(verdict, "real \\\\", 7) == 0;
        if (!says_real && strncmp(verdict, "inside the noise \\\\", 19))
            fail_msg("a verdict neither real nor inside the noise:"
                     " %.60s", verdict);
        if (says_real != (t > critical || t < -critical))
            fail_msg("t = %g against %g called %s", t, critical,
                     says_real ? "real" : "inside the noise");
        rows++;
        real += says_real;
    }
    assert_true(rows > 0);
    return real;
}

/* a small ablation whose tests come out both ways: the verdicts
   follow |t| against the critical value (the entropy's table is
   written by the same tests_row) */
static void test_a_verdict_is_real_exactly_when_t_exceeds_it(void **s)
{
    (void)s;
    make_scratch();
    char command[1024], path[160];
    snprintf(command, sizeof command, "build/bin/ablation --configs"
             " none,none+Wc,dot --seeds 3 --epochs 1 --hidden 8"
             " --embed 8 --tests %s/l.tex > /dev/null", scratch);
    expect(command, 0, "");
    snprintf(path, sizeof path, "%s/l.tex", scratch);
    int real = check_verdicts(slurp(path));
    assert_true(real > 0);      /* dot against none, at least */
    remove_scratch();
}

/* with several schedules, each model under a later schedule is
   tested against itself under the first, and the model under the
   first against the baseline, as without schedules */
static void test_each_schedule_is_tested_against_the_first(void **s)
{
    (void)s;
    make_scratch();
    char command[1024], path[160];
    snprintf(command, sizeof command, "build/bin/ablation --configs"
             " none,dot --seeds 2 --epochs 2 --hidden 8 --embed 8"
             " --schedules 0/1,1/0.1 --tests %s/t.tex > /dev/null",
             scratch);
    expect(command, 0, "");
    snprintf(path, sizeof path, "%s/t.tex", scratch);
    const char *text = slurp(path);
    assert_non_null(strstr(text, "\\midrule\ndot & none & $"));
    assert_non_null(strstr(text, "\\\\\nnone, 1/0.1 & none, 0/1 & $"));
    assert_non_null(strstr(text, "\\\\\ndot, 1/0.1 & dot, 0/1 & $"));
    remove_scratch();
}

static void test_a_warm_up_as_long_as_the_run_is_refused(void **s)
{
    (void)s;
    expect("build/bin/ablation --schedules 0/1,16/0.1", 2,
           "a warm-up of 16 epochs leaves nothing of a run of 16");
    expect("build/bin/ablation --epochs 4 --schedules 5/0.1", 2,
           "a warm-up of 5 epochs");
}

/* spanish-apertium, without Apertium: the grammar's own Spanish, two
   lines of it changed as Apertium changes them, is compared */
static void test_the_apertium_comparison_judges_each_difference(void **s)
{
    (void)s;
    make_scratch();
    char command[1024];
    snprintf(command, sizeof command,
             "build/bin/spanish-apertium --pairs 12 --english %s/en"
             " --spanish %s/es && sed -e 's/ no abren a la madre/ no"
             " abren la madre/' -e 's/^unos árboles baratos conocen$/"
             "Algunos los árboles baratos saben/' %s/es > %s/ap",
             scratch, scratch, scratch, scratch);
    expect(command, 0, "");
    snprintf(command, sizeof command,
             "build/bin/spanish-apertium --pairs 12 --apertium %s/ap"
             " --table %s/table --summary %s/summary", scratch,
             scratch, scratch);
    expect(command, 0, "");
    snprintf(command, sizeof command, "%s/summary", scratch);
    assert_non_null(strstr(slurp(command), "Of the 12 sentences, 10"
        " (83.3\\,\\%) are the grammar's word for word. Of the 2 that"
        " differ, 0 differ only in ways acceptable both ways; 2 show"
        " a difference where the grammar is right, 0 one where"
        " Apertium is right, and 0 one that no rule explains."));
    snprintf(command, sizeof command, "%s/table", scratch);
    const char *table = slurp(command);
    assert_non_null(strstr(table, "personal \\emph{a} left out &"
                           " grammar & 1 & \\emph{a} / \\emph{---}"));
    assert_non_null(strstr(table, "a synonym & both & 1 &"
                           " \\emph{unos} / \\emph{algunos los}"));
    assert_non_null(strstr(table, "a wrong sense & grammar & 1 &"
                           " \\emph{conocen} / \\emph{saben}"));
    assert_non_null(strstr(table, "an article after \\emph{algunos} &"
                           " grammar & 1 & \\emph{unos} /"
                           " \\emph{algunos los}"));
    snprintf(command, sizeof command,
             "head -3 %s/ap > %s/short; build/bin/spanish-apertium"
             " --pairs 12 --apertium %s/short", scratch, scratch,
             scratch);
    expect(command, 2, "has 3 lines, not the 12 sentences drawn");
    remove_scratch();
}

/* spanish-study's sweep: its options are checked before any work,
   and its rows come out in the order of their pairs, the study's own
   among them, each compared with the row above */
static void test_the_spanish_sweep_orders_and_compares_its_rows(void **s)
{
    (void)s;
    make_scratch();
    char command[1024];
    expect("build/bin/spanish-study --configs none,dot --sweep /dev/null",
           2, "--sweep-kind additive: not one of --configs");
    expect("build/bin/spanish-study --sweep /dev/null --sweep-pairs"
           " 300,1200", 2, "'1200' is not a number of pairs");
    snprintf(command, sizeof command,
             "build/bin/spanish-study --configs additive --seeds 2"
             " --epochs 1 --train-pairs 40 --sweep-pairs 60,20"
             " --sweep %s/sweep", scratch);
    expect(command, 0, "");
    snprintf(command, sizeof command, "%s/sweep", scratch);
    const char *t = slurp(command), *r20 = strstr(t, "\n20 & "),
               *r40 = strstr(t, "\n40 & "), *r60 = strstr(t, "\n60 & ");
    assert_true(r20 && r40 && r60 && r20 < r40 && r40 < r60);
    assert_true(strstr(r20, "$t = ") > r40);   /* none in row 1 */
    assert_true(strstr(r40, "$t = ") < r60);
    remove_scratch();
}

/* spanish-study's sentence on the heads, its table of the
   phenomena's leaders and its table of the models' tests: every (seed, phenomenon with gold links) cell
   counted, a leader named for each of the six phenomena, each with
   its test */
static void test_the_spanish_study_counts_heads_and_leaders(void **s)
{
    (void)s;
    make_scratch();
    char command[1024];
    snprintf(command, sizeof command,
             "build/bin/spanish-study --configs none+Wc,dot,transformer"
             " --seeds 2 --epochs 1 --train-pairs 40 --heads-said %s/heads"
             " --phenomena-tests %s/leaders --tests %s/tests", scratch,
             scratch, scratch);
    expect(command, 0, "");
    snprintf(command, sizeof command, "%s/heads", scratch);
    assert_non_null(strstr(slurp(command),
                           "Of the 12 cells of 2 seeds by 6 phenomena"));
    snprintf(command, sizeof command, "%s/leaders", scratch);
    const char *t = slurp(command);
    int rows = 0;
    for (const char *at = strstr(t, "\\midrule\n");
         (at = strchr(at, '\n') + 1) && strncmp(at, "\\bottomrule", 11);
         rows++) {                  /* "phenomenon: leader & ..." */
        const char *colon = strstr(at, ": ");
        assert_true(colon && colon < strchr(at, '&'));
    }
    assert_int_equal(rows, 6);
    assert_non_null(strstr(t, "\ndropped pronoun: "));
    assert_null(strstr(t, "no link"));
    check_verdicts(t);
    /* the models' tests: each that attends against the control on
       exact sentences, then the two that attend on the AER */
    snprintf(command, sizeof command, "%s/tests", scratch);
    t = slurp(command);
    assert_non_null(strstr(t, "\\midrule\ndot, exact (\\%) & none+Wc & $"));
    assert_non_null(strstr(t, "\ntransformer, exact (\\%) & none+Wc & $"));
    assert_non_null(strstr(t, "\ntransformer, AER & dot & $"));
    check_verdicts(t);
    remove_scratch();
}

/* the Spanish task by name: a possessive 's is read as a word of its
   own; an unknown task is refused with the list */
static void test_the_spanish_task_reads_a_possessive(void **s)
{
    (void)s;
    expect("build/bin/heatmap --task spanish --epochs 1 --max-words 12"
           " --sentence \"the man's dog sees\"", 0,
           "<sos> the man 's dog sees <eos>");
    expect("build/bin/heatmap --task french --sentence 'the dog'", 2,
           "--task: 'french' is not a task; the tasks are: reversal"
           " spanish documents");
    expect("build/bin/heatmap --sentence \"the dog's cat\"", 2,
           "'dog's' is not in the lexicon");
    make_scratch();
    char command[1024];
    snprintf(command, sizeof command,
             "build/bin/train --task spanish --attention dot"
             " --epochs 1 --train-pairs 64 --val-pairs 8 --max-words 8 --save %s/m > /dev/null"
             " && echo \"the man's dog sees\" | build/bin/translate"
             " --task spanish --heatmap --model %s/m", scratch,
             scratch);
    expect(command, 0, "<sos> the man 's dog sees <eos>");
    snprintf(command, sizeof command, "echo \"the zebra's cat\" |"
             " build/bin/translate --task spanish --model %s/m",
             scratch);
    expect(command, 2, "'zebra's' is not in the lexicon");
    remove_scratch();
}

static void test_sentences_split_at_any_white_space(void **s)
{
    (void)s;
    char out[8192];
    int status = run("build/bin/heatmap --epochs 1 --sentence"
                     " \"$(printf 'the\\r\\rdog\\vsees\\fa\\302\\240fish')\"",
                     out, sizeof out);
    if (status) print_error("%s", out);
    assert_int_equal(status, 0);
    assert_non_null(strstr(out, "<sos> the dog sees a fish <eos>"));
}

static void test_words_in_messages_are_escaped_and_whole(void **s)
{
    (void)s;
    expect("build/bin/heatmap --sentence \"$(printf 'the dog\\033x')\"",
           2, "'dog\\x1bx' is not in the lexicon");
    expect("build/bin/heatmap --sentence"
           " 'the abcdefghijklmnopqrstuvwxyzabcdefghijk'", 2,
           "'abcdefghijklmnopqrstuvwxyzabcdefghijk' is not in");
    char command[6000];
    snprintf(command, sizeof command, "build/bin/heatmap --sentence '");
    size_t n0 = strlen(command);
    memset(command + n0, 'x', 5000);
    strcpy(command + n0 + 5000, "'");
    expect(command, 2, "... (5000 bytes in all)");
}

/* chapter 10's programs refuse a bad scene, a bad configuration and a
   missing package before any training */
static void test_the_caption_programs_refuse_before_training(void **s)
{
    (void)s;
    expect("build/bin/caption --items 0:12,0:5", 2,
           "cell 0 is given twice");
    expect("build/bin/caption --items 9:1", 2,
           "'9:1' is not CELL:PICTURE");
    expect("build/bin/caption --items 0:1,1:2,2:3,3:4,4:5", 2,
           "--items lists more than 4 items");
    expect("build/bin/caption --items 0:1 --scene 2", 2,
           "--items and --scene both name the scene");
    expect("build/bin/caption --attention none", 2,
           "no weights to show");
    expect("build/bin/caption --data /nonexistent", 2,
           "apt-get install dataset-fashion-mnist");
    expect("build/bin/caption-study --data /nonexistent", 2,
           "/nonexistent/train-images-idx3-ubyte.gz does not exist");
    expect("build/bin/caption-study --configs additive/x", 2,
           "'x' in 'additive/x' is not l=NUMBER, nopos or patch");
    expect("build/bin/caption-study --configs transformer", 2,
           "unknown attention 'transformer' for a captioner");
    expect("build/bin/caption-study --configs dot/l=-1", 2, "--configs");
    expect("build/bin/caption-study --min-items 3 --max-items 2", 2,
           "--min-items 3 is above --max-items 2");
    expect("build/bin/caption-study --configs dot --figure /tmp/x", 2,
           "--figure-config 'additive' is not among --configs");
    expect("build/bin/caption-study --configs none --figure-config none"
           " --text /tmp/x", 2, "does not attend");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_numbers_are_refused_by_name),
        cmocka_unit_test(test_unknown_options_and_names_list_what_is_known),
        cmocka_unit_test(test_bad_sentence_lengths_and_sizes_are_refused),
        cmocka_unit_test(test_bad_sentences_are_refused_before_training),
        cmocka_unit_test(test_every_program_answers_help),
        cmocka_unit_test(test_a_standard_output_that_fails_is_an_error),
        cmocka_unit_test(test_outputs_are_checked_before_any_work),
        cmocka_unit_test(test_devices_and_fifos_are_written_through),
        cmocka_unit_test(
            test_the_transformer_study_plans_every_output_first),
        cmocka_unit_test(test_the_depth_study_checks_its_depths),
        cmocka_unit_test(test_long_prefixes_are_refused_not_cut),
        cmocka_unit_test(test_the_sweeps_tables_hold_their_rows),
        cmocka_unit_test(test_memory_budget_refuses_a_run_that_cannot_fit),
        cmocka_unit_test(test_the_budget_counts_every_run_in_memory),
        cmocka_unit_test(test_numbers_are_read_consistently),
        cmocka_unit_test(test_lists_and_repeats_are_not_bent),
        cmocka_unit_test(test_summaries_with_one_or_no_attention),
        cmocka_unit_test(test_a_warm_up_as_long_as_the_run_is_refused),
        cmocka_unit_test(test_two_threads_print_what_one_thread_prints),
        cmocka_unit_test(test_a_verdict_is_real_exactly_when_t_exceeds_it),
        cmocka_unit_test(test_each_schedule_is_tested_against_the_first),
        cmocka_unit_test(test_later_kinds_go_to_the_twins_only),
        cmocka_unit_test(test_sentences_split_at_any_white_space),
        cmocka_unit_test(test_words_in_messages_are_escaped_and_whole),
        cmocka_unit_test(
            test_the_apertium_comparison_judges_each_difference),
        cmocka_unit_test(
            test_the_spanish_sweep_orders_and_compares_its_rows),
        cmocka_unit_test(
            test_the_spanish_study_counts_heads_and_leaders),
        cmocka_unit_test(test_the_spanish_task_reads_a_possessive),
        cmocka_unit_test(
            test_the_caption_programs_refuse_before_training),
    };
    return cmocka_run_group_tests_name("programs: bad input", tests,
                                       NULL, NULL);
}
