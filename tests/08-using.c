/* Tests of chapter 8: checkpoints that refuse bad files, beam search
   against greedy decoding, exhaustive search and teacher forcing,
   and the translate program's handling of bad lines. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>
#include "beam.h"
#include "checkpoint.h"

#define SCORE_TOL 1e-9      /* beam score against teacher forcing */

static char dir[64];        /* a scratch folder for files */

static int make_dir(void **s)
{
    (void)s;
    strcpy(dir, "/tmp/am-ch8-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **s)
{
    (void)s;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd);
}

/* a small model of the given kind, trained on nothing */
static Checkpoint small(int attention, int E, int H, uint64_t seed)
{
    ModelConfig c = model_config_default();
    c.attention = attention;
    c.E = E;
    c.H = H;
    Model *m = model_create(&c, 16, 8, seed);
    return (Checkpoint){ FAMILY_LSTM, 3, 6, m };
}

static unsigned char *encode(const Checkpoint *ck, size_t *n)
{
    *n = ckpt_encode(NULL, ck);
    unsigned char *buf = malloc(*n);
    assert_non_null(buf);
    assert_int_equal(ckpt_encode(buf, ck), *n);
    return buf;
}

/* rewrite the length and the checksum after an edit, as a forger
   would, so that the checks after the checksum are reached */
static void reseal(unsigned char *buf, size_t n)
{
    for (int k = 0; k < 8; k++)
        buf[12 + k] = (unsigned char)((uint64_t)n >> 8 * k);
    uint32_t crc = (uint32_t)crc32(0L, buf, (uInt)(n - 4));
    for (int k = 0; k < 4; k++)
        buf[n - 4 + k] = (unsigned char)(crc >> 8 * k);
}

static void put32(unsigned char *p, uint32_t x)
{
    for (int k = 0; k < 4; k++) p[k] = (unsigned char)(x >> 8 * k);
}

/* decode and expect a status and a piece of the message */
static void refused(const unsigned char *buf, size_t n,
                    CkptStatus status, const char *message)
{
    Checkpoint ck;
    CkptError err;
    CkptStatus s = ckpt_decode(&ck, buf, n, 4, &err);
    if (s != status || !strstr(err.message, message))
        print_error("status %d, expected %d; message: %s\n"
                    "  expected: %s\n", s, status, err.message,
                    message);
    assert_int_equal(s, status);
    assert_non_null(strstr(err.message, message));
    assert_null(ck.model);
}

static void test_param_count_is_model_creates(void **s)
{
    (void)s;
    for (int kind = ATTN_NONE; kind <= ATTN_ADDITIVE; kind++) {
        Checkpoint ck = small(kind, 5, 7, 1);
        assert_int_equal(lstm_param_count(&ck.model->cfg),
                         ck.model->params.count);
        ckpt_free(&ck);
    }
}

/* train briefly, so that translations end and differ */
static Model *trained(int attention, int max_B)
{
    ModelConfig c = model_config_default();
    c.attention = attention;
    c.E = c.H = 16;
    DataConfig dc = data_config_default();
    dc.n_train = 640;
    dc.n_val = 64;
    TrainConfig tc = train_config_default();
    tc.epochs = 3;
    Dataset tr, va;
    datasets_make(&tr, &va, &dc);
    Model *m = model_create(&c, max_B, tr.L, 7);
    train_model(m, &tr, &va, &tc, NULL, NULL);
    dataset_free(&tr);
    dataset_free(&va);
    return m;
}

/* the first B validation pairs of the recipe, as a batch */
static void recipe_batch(Batch *b, int B)
{
    DataConfig dc = data_config_default();
    dc.n_train = 1;
    dc.n_val = B;
    Dataset tr, va;
    datasets_make(&tr, &va, &dc);
    int rows[64];
    for (int i = 0; i < B; i++) rows[i] = i;
    batch_alloc(b, B, va.L);
    batch_fill(b, &va, rows, B);
    dataset_free(&tr);
    dataset_free(&va);
}

static void test_round_trip_is_bit_identical(void **s)
{
    (void)s;
    char path[128];
    snprintf(path, sizeof path, "%s/dot.ckpt", dir);
    Checkpoint ck = { FAMILY_LSTM, 3, 6, trained(ATTN_DOT, 64) };
    CkptError err;
    assert_int_equal(ckpt_save(&ck, path, &err), CKPT_OK);
    Checkpoint back;
    assert_int_equal(ckpt_load(&back, path, 64, &err), CKPT_OK);
    const Params *p = &ck.model->params, *q = &back.model->params;
    assert_int_equal(p->count, q->count);
    assert_memory_equal(p->value, q->value, p->count * sizeof(real));
    assert_int_equal(back.min_words, 3);
    assert_int_equal(back.max_words, 6);
    Batch b;
    recipe_batch(&b, 32);
    int steps = b.T - 1;
    size_t nw = (size_t)32 * steps * b.S;
    int *o1 = calloc(32 * steps, sizeof(int));
    int *o2 = calloc(32 * steps, sizeof(int));
    real *w1 = calloc(nw, sizeof(real)), *w2 = calloc(nw, sizeof(real));
    greedy_decode(ck.model, &b, steps, o1, w1);
    greedy_decode(back.model, &b, steps, o2, w2);
    assert_memory_equal(o1, o2, 32 * steps * sizeof(int));
    assert_memory_equal(w1, w2, nw * sizeof(real));
    free(o1); free(o2); free(w1); free(w2);
    batch_free(&b);
    ckpt_free(&ck);
    ckpt_free(&back);
}

static void test_every_prefix_is_refused_as_truncated(void **s)
{
    (void)s;
    Checkpoint ck = small(ATTN_GENERAL, 2, 2, 1);
    size_t n;
    unsigned char *buf = encode(&ck, &n);
    for (size_t k = 0; k < n; k++)
        refused(buf, k, CKPT_TRUNCATED, "truncated");
    Checkpoint back;
    CkptError err;
    assert_int_equal(ckpt_decode(&back, buf, n, 4, &err), CKPT_OK);
    ckpt_free(&back);
    free(buf);
    ckpt_free(&ck);
}

static void test_every_bit_flip_is_caught(void **s)
{
    (void)s;
    Checkpoint ck = small(ATTN_ADDITIVE, 2, 2, 1);
    size_t n;
    unsigned char *buf = encode(&ck, &n);
    long corrupt = 0;
    for (size_t bit = 0; bit < 8 * n; bit++) {
        buf[bit / 8] ^= (unsigned char)(1u << bit % 8);
        Checkpoint back;
        CkptError err;
        CkptStatus st = ckpt_decode(&back, buf, n, 4, &err);
        assert_int_not_equal(st, CKPT_OK);
        if (bit / 8 >= CKPT_HEADER_BYTES)
            assert_int_equal(st, CKPT_CORRUPT);
        corrupt += st == CKPT_CORRUPT;
        buf[bit / 8] ^= (unsigned char)(1u << bit % 8);
    }
    assert_true(corrupt >= 8 * ((long)n - CKPT_HEADER_BYTES));
    free(buf);
    ckpt_free(&ck);
}

static void test_strangers_and_other_versions_are_named(void **s)
{
    (void)s;
    const char *text = "the old man sees a fish\n";
    refused((const unsigned char *)text, strlen(text),
            CKPT_NOT_CHECKPOINT, "not a checkpoint");
    Checkpoint ck = small(ATTN_NONE, 2, 2, 1);
    size_t n;
    unsigned char *buf = encode(&ck, &n);
    put32(buf + 8, 2);
    refused(buf, n, CKPT_VERSION, "version 2; this program reads"
            " version 1 only (the file is newer)");
    put32(buf + 8, 0);
    refused(buf, n, CKPT_VERSION, "(the file is older)");
    free(buf);
    ckpt_free(&ck);
}

static void test_lengths_and_limits_are_checked(void **s)
{
    (void)s;
    Checkpoint ck = small(ATTN_NONE, 2, 2, 1);
    size_t n;
    unsigned char *buf = encode(&ck, &n);
    unsigned char *more = calloc(n + 3, 1);
    memcpy(more, buf, n);
    refused(more, n + 3, CKPT_TRAILING, "3 bytes follow");
    buf[12 + 5] = 1;                    /* a length of 2^40 bytes */
    refused(buf, n, CKPT_TOO_LARGE, "more than the limit");
    buf[12 + 5] = 0;
    put32(buf + 52, 5000);              /* H = 5000 */
    reseal(buf, n);
    refused(buf, n, CKPT_TOO_LARGE, "hidden size 5000");
    put32(buf + 52, 2);
    buf[60] ^= 1;                       /* a flip after the header */
    refused(buf, n, CKPT_CORRUPT, "corrupt: the checksum");
    free(more);
    free(buf);
    ckpt_free(&ck);
}

static void test_other_lexicons_and_families_are_refused(void **s)
{
    (void)s;
    Checkpoint ck = small(ATTN_DOT, 2, 2, 1);
    size_t n;
    unsigned char *buf = encode(&ck, &n);
    put32(buf + 32, vocab_digest() ^ 1);
    reseal(buf, n);
    refused(buf, n, CKPT_VOCAB, "trained on other words");
    put32(buf + 32, vocab_digest());
    put32(buf + 20, 2);
    reseal(buf, n);
    refused(buf, n, CKPT_FAMILY, "model family 2 is unknown");
    put32(buf + 20, FAMILY_LSTM);
    put32(buf + 56, 9);
    reseal(buf, n);
    refused(buf, n, CKPT_CONFIG, "attention kind 9 is unknown");
    free(buf);
    ckpt_free(&ck);
}

/* the first tensor, src_emb [21, 2], written as [2, 21]; then a
   configuration whose count the tensors do not fill */
static void test_shapes_that_disagree_are_named(void **s)
{
    (void)s;
    Checkpoint ck = small(ATTN_DOT, 2, 2, 1);
    size_t n;
    unsigned char *buf = encode(&ck, &n);
    size_t rows_at = 68 + 4 + strlen("src_emb");
    put32(buf + rows_at, 2);
    put32(buf + rows_at + 4, 21);
    reseal(buf, n);
    refused(buf, n, CKPT_SHAPE, "tensor 0 is src_emb [2, 21] in the"
            " file; the configuration makes it src_emb [21, 2]");
    put32(buf + rows_at, 21);
    put32(buf + rows_at + 4, 2);
    put32(buf + 52, 3);                 /* H = 3 */
    reseal(buf, n);
    refused(buf, n, CKPT_SHAPE, "a dot model with E=2, H=3 has");
    free(buf);
    ckpt_free(&ck);
}

static void test_a_non_finite_value_is_refused(void **s)
{
    (void)s;
    Checkpoint ck = small(ATTN_NONE, 2, 2, 1);
    ck.model->params.value[5] = NAN;
    size_t n;
    unsigned char *buf = encode(&ck, &n);
    refused(buf, n, CKPT_VALUE, "tensor src_emb holds nan at index 5");
    free(buf);
    ckpt_free(&ck);
}

static void test_a_contradicting_command_line_is_named(void **s)
{
    (void)s;
    Checkpoint ck = small(ATTN_ADDITIVE, 2, 2, 1);
    CkptError err;
    assert_int_equal(ckpt_expect(&ck, ATTN_DOT, 0, &err),
                     CKPT_MISMATCH);
    assert_non_null(strstr(err.message, "additive attention, not dot"));
    assert_int_equal(ckpt_expect(&ck, -1, 64, &err), CKPT_MISMATCH);
    assert_non_null(strstr(err.message, "hidden size 2, not 64"));
    assert_int_equal(ckpt_expect(&ck, ATTN_ADDITIVE, 2, &err),
                     CKPT_OK);
    ckpt_free(&ck);
}

/* A write that fails part-way (here: a file size limit, as a full
   disk would) leaves the old file whole and no temporary behind. */
static void test_a_failed_write_leaves_the_old_file(void **s)
{
    (void)s;
    char path[128], cmd[300];
    snprintf(path, sizeof path, "%s/keep.ckpt", dir);
    Checkpoint old = small(ATTN_NONE, 2, 2, 1);
    Checkpoint big = small(ATTN_NONE, 32, 32, 2);
    CkptError err;
    assert_int_equal(ckpt_save(&old, path, &err), CKPT_OK);
    struct rlimit was, small_files;
    getrlimit(RLIMIT_FSIZE, &was);
    small_files = was;
    small_files.rlim_cur = 4096;
    signal(SIGXFSZ, SIG_IGN);
    setrlimit(RLIMIT_FSIZE, &small_files);
    CkptStatus st = ckpt_save(&big, path, &err);
    setrlimit(RLIMIT_FSIZE, &was);
    assert_int_equal(st, CKPT_IO);
    assert_non_null(strstr(err.message, "writing"));
    assert_non_null(strstr(err.message, "is unchanged"));
    Checkpoint back;
    assert_int_equal(ckpt_load(&back, path, 4, &err), CKPT_OK);
    assert_int_equal(back.model->cfg.E, 2);
    ckpt_free(&back);
    snprintf(cmd, sizeof cmd, "test $(ls %s | grep -c keep) -eq 1",
             dir);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(ckpt_save(&old, "/nonexistent/x.ckpt", &err),
                     CKPT_IO);
    assert_non_null(strstr(err.message, "cannot create a temporary"));
    ckpt_free(&old);
    ckpt_free(&big);
}

static void test_loading_a_missing_file_says_why(void **s)
{
    (void)s;
    Checkpoint ck;
    CkptError err;
    assert_int_equal(ckpt_load(&ck, "/nonexistent/x.ckpt", 4, &err),
                     CKPT_IO);
    assert_non_null(strstr(err.message, "'/nonexistent/x.ckpt':"
                           " cannot open: No such file"));
}

/* ---- beam search ------------------------------------------------ */

static int translation_length(const int *out, int steps)
{
    int n = 0;
    while (n < steps && out[n] != PAD) if (out[n++] == EOS) break;
    return n;
}


static void test_width_one_is_greedy_decoding(void **s)
{
    (void)s;
    int kinds[] = { ATTN_NONE, ATTN_DOT, ATTN_ADDITIVE };
    for (int i = 0; i < 3; i++) {
        Model *m = trained(kinds[i], 64);
        Batch b;
        recipe_batch(&b, 64);
        int steps = b.T;
        size_t nw = (size_t)64 * steps * b.S;
        int *g = calloc(64 * steps, sizeof(int));
        int *o = calloc(64 * steps, sizeof(int));
        real *gw = calloc(nw, sizeof(real));
        real *ow = calloc(nw, sizeof(real));
        greedy_decode(m, &b, steps, g, gw);
        BeamConfig bc = { 1, BEAM_ALPHA };
        beam_decode(m, &b, &bc, steps, o, NULL, ow);
        assert_memory_equal(g, o, 64 * steps * sizeof(int));
        for (int r = 0; r < 64; r++) {  /* steps up to <eos> */
            size_t at = (size_t)r * steps * b.S;
            int n = translation_length(g + r * steps, steps);
            assert_memory_equal(gw + at, ow + at,
                                sizeof(real) * n * b.S);
        }
        free(g); free(o); free(gw); free(ow);
        batch_free(&b);
        model_free(m);
    }
}

/* log P(y | x) by teacher forcing: the sentence's source and the
   target <sos> y, through chapter 3's decode_teacher_forced, and the
   log-softmax of its logits at each y */
static double teacher_forced(Model *m, const int *src, int src_len,
                             const int *y, int n)
{
    int tgt[64] = { SOS }, len = n + 1;
    memcpy(tgt + 1, y, sizeof(int) * n);
    Dataset one = { 1, src_len > len ? src_len : len, NULL, NULL,
                    &src_len, &len };
    int srcbuf[64] = { 0 }, tgtbuf[64] = { 0 };
    memcpy(srcbuf, src, sizeof(int) * src_len);
    memcpy(tgtbuf, tgt, sizeof(int) * len);
    one.src = srcbuf;
    one.tgt = tgtbuf;
    Batch b;
    batch_alloc(&b, 1, one.L);
    int row = 0;
    batch_fill(&b, &one, &row, 1);
    model_forward(m, &b);
    int V = m->cfg.tgt_vocab;
    double lp = 0;
    for (int t = 0; t < n; t++) {
        const real *z = m->logits + (size_t)t * V;
        double zmax = z[0], sum = 0;
        for (int w = 1; w < V; w++) if (z[w] > zmax) zmax = z[w];
        for (int w = 0; w < V; w++) sum += exp(z[w] - zmax);
        lp += z[y[t]] - zmax - log(sum);
    }
    batch_free(&b);
    return lp;
}

static void test_the_score_is_the_teacher_forced_log_probability(
    void **s)
{
    (void)s;
    Model *m = trained(ATTN_GENERAL, 64);
    Batch b;
    recipe_batch(&b, 16);
    int steps = b.T - 1, out[16 * 16];
    double lp[16];
    BeamConfig bc = { 4, BEAM_ALPHA };
    beam_decode(m, &b, &bc, steps, out, lp, NULL);
    for (int i = 0; i < 16; i++) {
        const int *y = out + i * steps;
        int n = translation_length(y, steps);
        double tf = teacher_forced(m, b.src + i * b.S, b.src_len[i],
                                   y, n);
        if (fabs(tf - lp[i]) > SCORE_TOL)
            print_error("sentence %d: beam %.15g, teacher forced"
                        " %.15g\n", i, lp[i], tf);
        assert_true(fabs(tf - lp[i]) <= SCORE_TOL);
    }
    batch_free(&b);
    model_free(m);
}

/* Every target of up to STEPS tokens over a 6-word target
   vocabulary, scored by teacher forcing; a sequence ends at <eos> or
   at the step limit. */
enum { TINY_V = 6, STEPS = 3, WIDE = 200 };

static void exhaustive(Model *m, const int *src, int src_len,
                       int *y, int n, int *best, int *best_n,
                       double *best_key)
{
    for (int w = 0; w < TINY_V; w++) {
        y[n] = w;
        if (w == EOS || n + 1 == STEPS) {
            double lp = teacher_forced(m, src, src_len, y, n + 1);
            double key = lp / length_penalty(n + 1, BEAM_ALPHA);
            if (key > *best_key) {
                *best_key = key;
                *best_n = n + 1;
                memcpy(best, y, sizeof(int) * (n + 1));
            }
        } else {
            exhaustive(m, src, src_len, y, n + 1, best, best_n,
                       best_key);
        }
    }
}

static void test_a_wide_beam_is_exhaustive_search(void **s)
{
    (void)s;
    for (int kind = ATTN_NONE; kind <= ATTN_DOT; kind++) {
        for (uint64_t seed = 1; seed <= 3; seed++) {
            ModelConfig c = model_config_default();
            c.tgt_vocab = TINY_V;
            c.E = c.H = 4;
            c.attention = kind;
            Model *m = model_create(&c, WIDE, 8, seed);
            int src[5] = { SOS, 5, 9, 12, EOS };
            int src_len = 5, len = STEPS + 1;
            Dataset one = { 1, 5, src, src, &src_len, &len };
            Batch b;
            batch_alloc(&b, 1, 5);
            int row = 0;
            batch_fill(&b, &one, &row, 1);
            int out[STEPS], y[STEPS], best[STEPS], best_n = 0;
            double lp, best_key = -1e300;
            BeamConfig bc = { WIDE, BEAM_ALPHA };
            beam_decode(m, &b, &bc, STEPS, out, &lp, NULL);
            exhaustive(m, src, 5, y, 0, best, &best_n, &best_key);
            assert_int_equal(translation_length(out, STEPS), best_n);
            assert_memory_equal(out, best, sizeof(int) * best_n);
            batch_free(&b);
            model_free(m);
        }
    }
}

/* ---- the translate program -------------------------------------- */

/* the command with each build/bin/ replaced by $BIN_DIR/ when make
   sets BIN_DIR (the programs of the compiler and flags under test) */
static int run(const char *command, char *out, size_t size)
{
    char line[2400], *o = line;
    const char *bin = getenv("BIN_DIR"), *dir = "build/bin/";
    for (const char *c = command; *c && o < line + 1800;) {
        if (bin && !strncmp(c, dir, strlen(dir))) {
            o += sprintf(o, "%s/", bin);
            c += strlen(dir);
        } else {
            *o++ = *c++;
        }
    }
    strcpy(o, " 2>&1");
    FILE *p = popen(line, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void expect(const char *command, int status,
                   const char *message)
{
    char out[8192];
    int got = run(command, out, sizeof out);
    if (got != status || !strstr(out, message))
        print_error("%s\n  exit %d, printed: %s  expected exit %d"
                    " and: %s\n", command, got, out, status, message);
    assert_int_equal(got, status);
    assert_non_null(strstr(out, message));
}

static void test_translate_and_train_name_each_bad_input(void **s)
{
    (void)s;
    char path[128], cmd[1000];
    snprintf(path, sizeof path, "%s/none.ckpt", dir);
    Checkpoint ck = small(ATTN_NONE, 8, 8, 1);
    CkptError err;
    assert_int_equal(ckpt_save(&ck, path, &err), CKPT_OK);
    const char *lines = "the dog sees a cat\\n\\nthe zebra eats\\n"
                        "The dog eats\\nthe dog, eats\\n"
                        "a a a a a a a\\nthe cat eats\\n";
    snprintf(cmd, sizeof cmd, "printf '%s' | build/bin/translate"
             " --model %s", lines, path);
    expect(cmd, 2, "line 2 is empty");
    expect(cmd, 2, "line 3: 'zebra' is not in the lexicon, whose words are");
    expect(cmd, 2, "line 4: 'The' has a capital letter");
    expect(cmd, 2, "line 5: 'dog,' holds ','");
    expect(cmd, 2, "line 6 has 7 words");
    expect(cmd, 2, "5 of 7 lines refused");
    char out[8192];             /* the two good lines: translated */
    run(cmd, out, sizeof out);
    int translations = 0;
    for (char *p = out; *p; p = strchr(p, '\n') + 1) {
        translations += strncmp(p, "translate:", 10) != 0
                        && *p != ' ';   /* a message's second line */
        if (!strchr(p, '\n')) break;
    }
    assert_int_equal(translations, 2);
    snprintf(cmd, sizeof cmd, "build/bin/translate --model %s"
             " --attention dot --sentence 'the dog'", path);
    expect(cmd, 2, "holds a model with none attention, not dot");
    snprintf(cmd, sizeof cmd, "build/bin/translate --model %s"
             " --heatmap --sentence 'the dog'", path);
    expect(cmd, 2, "no attention, so there are no weights");
    expect("build/bin/translate --model /nonexistent/m.ckpt"
           " --sentence 'the dog'", 2, "cannot open");
    expect("build/bin/translate --sentence 'the dog'", 2,
           "--model is required");
    expect("build/bin/train --epochs 1 --train-pairs 64 --val-pairs 8"
           " --save /nonexistent/m.ckpt", 1, "train: cannot save the"
           " model: cannot create a temporary file next to"
           " '/nonexistent/m.ckpt': No such file or directory");
    ckpt_free(&ck);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_param_count_is_model_creates),
        cmocka_unit_test(test_round_trip_is_bit_identical),
        cmocka_unit_test(test_every_prefix_is_refused_as_truncated),
        cmocka_unit_test(test_every_bit_flip_is_caught),
        cmocka_unit_test(test_strangers_and_other_versions_are_named),
        cmocka_unit_test(test_lengths_and_limits_are_checked),
        cmocka_unit_test(test_other_lexicons_and_families_are_refused),
        cmocka_unit_test(test_shapes_that_disagree_are_named),
        cmocka_unit_test(test_a_non_finite_value_is_refused),
        cmocka_unit_test(test_a_contradicting_command_line_is_named),
        cmocka_unit_test(test_a_failed_write_leaves_the_old_file),
        cmocka_unit_test(test_loading_a_missing_file_says_why),
        cmocka_unit_test(test_width_one_is_greedy_decoding),
        cmocka_unit_test(
            test_the_score_is_the_teacher_forced_log_probability),
        cmocka_unit_test(test_a_wide_beam_is_exhaustive_search),
        cmocka_unit_test(test_translate_and_train_name_each_bad_input),
    };
    return cmocka_run_group_tests_name("chapter 8: using a model",
                                       tests, make_dir, remove_dir);
}
