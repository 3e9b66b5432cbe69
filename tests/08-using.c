/* Tests of chapter 8: checkpoints that refuse bad files, beam search
   against greedy decoding, exhaustive search and teacher forcing,
   and the translate program's handling of bad lines. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>
#include "beam.h"
#include "checkpoint.h"
#include "families.h"


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
static Checkpoint small(int kind, int E, int H, uint64_t seed)
{
    ModelConfig c = model_config_default();
    kind_config(&c, kind);
    c.E = E;
    c.H = H;
    Model *m = model_create(&c, 16, 8, seed);
    return (Checkpoint){ 3, 6, m, &reversal_task };
}

/* a small Transformer (family 2), trained on nothing; heads of
   width dk (0: D / heads) */
static Checkpoint small_transformer(int D, int heads, int ff,
                                    int layers, uint64_t seed, int dk)
{
    ModelConfig c = model_config_default();
    c.family = &transformer_family;
    c.H = D;
    c.heads = heads;
    c.head_width = dk;
    c.ff = ff;
    c.layers = layers;
    Model *m = model_create(&c, 16, 8, seed);
    return (Checkpoint){ 3, 6, m,
                         &reversal_task };
}

/* the model's logits of the last forward pass, either family */
static const real *logits_of(const Model *m)
{
    Model *w = (Model *)m;
    return m->cfg.family == &transformer_family ? tmodel_of(w)->logits
                                               : seq2seq_of(w)->logits;
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

/* the task's name, after the digest at byte 32: its length, then
   the 8 bytes of "reversal"; every field after it moves this far */
enum { NAME = 4 + 8 };

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
    CkptStatus s = ckpt_decode(&ck, &reversal_task, buf, n, 4, &err);
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
    for (int kind = ATTN_NONE; kind <= ATTN_NONE_WC; kind++) {
        Checkpoint ck = small(kind, 5, 7, 1);
        assert_int_equal(seq2seq_family.param_count(&ck.model->cfg),
                         ck.model->params.count);
        ckpt_free(&ck);
    }
    int sizes[][5] = { {4, 2, 6, 1, 0}, {8, 4, 3, 2, 0},
                       {6, 3, 10, TMODEL_MAX_LAYERS, 0},
                       {64, 4, 128, 1, 0}, {8, 3, 5, 1, 7},
                       {64, 4, 128, 1, 64} }; /* D, N_H, F, L, d_k */
    for (int i = 0; i < 6; i++) {
        Checkpoint ck = small_transformer(sizes[i][0], sizes[i][1],
                                          sizes[i][2], sizes[i][3], 1,
                                          sizes[i][4]);
        assert_int_equal(transformer_family.param_count(&ck.model->cfg),
                         ck.model->params.count);
        ckpt_free(&ck);
    }
}

/* train briefly, so that translations end and differ */
static Model *trained(int kind, int max_B)
{
    ModelConfig c = model_config_default();
    kind_config(&c, kind);
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

/* save, load, and compare the parameters, greedy decoding's tokens
   and weights, and beam search's */
static void round_trip(int attention)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s.ckpt", dir,
             kind_name(attention));
    Model *model = trained(attention, 64);
    Checkpoint ck = { 3, 6, model,
                      &reversal_task };
    CkptError err;
    ckpt_save(&ck, path);
    out_commit();
    Checkpoint back;
    assert_int_equal(ckpt_load(&back, &reversal_task, path, 64, &err), CKPT_OK);
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
    BeamConfig bc = { 2, BEAM_ALPHA };
    double lp1[32], lp2[32];
    beam_decode(ck.model, &b, &bc, steps, o1, lp1, w1);
    beam_decode(back.model, &b, &bc, steps, o2, lp2, w2);
    assert_memory_equal(o1, o2, 32 * steps * sizeof(int));
    assert_memory_equal(lp1, lp2, sizeof lp1);
    assert_memory_equal(w1, w2, nw * sizeof(real));
    free(o1); free(o2); free(w1); free(w2);
    batch_free(&b);
    ckpt_free(&ck);
    ckpt_free(&back);
}

static void test_round_trip_is_bit_identical(void **s)
{
    (void)s;
    round_trip(ATTN_DOT);
    round_trip(kind_from_name("transformer"));
}

/* the paper's six layers a side: 188 tensors, which the store
   holds; every tensor gets a gradient, and a save and a load give
   back the same values and the same loss */
static void test_a_six_layer_transformer_runs_and_round_trips(void **s)
{
    (void)s;
    Checkpoint ck = small_transformer(8, 2, 6, 6, 1, 0);
    const Params *p = &ck.model->params;
    assert_int_equal(p->n_tensors, 8 + 6 * 30);
    Batch b;
    recipe_batch(&b, 16);
    params_zero_grad(&ck.model->params);
    double loss = model_forward(ck.model, &b);
    assert_true(isfinite(loss) && loss > 0);
    model_backward(ck.model, &b);
    for (int t = 0; t < p->n_tensors; t++) {
        const Tensor *x = &p->tensor[t];
        double norm = 0;
        for (int i = 0; i < x->rows * x->cols; i++)
            norm += fabs(param_grad(p, t)[i]);
        if (!(norm > 0)) print_error("no gradient in %s\n", x->name);
        assert_true(norm > 0);
    }
    char path[128];
    snprintf(path, sizeof path, "%s/six-layers.ckpt", dir);
    ckpt_save(&ck, path);
    out_commit();
    Checkpoint back;
    CkptError err;
    assert_int_equal(ckpt_load(&back, &reversal_task, path, 16, &err),
                     CKPT_OK);
    assert_int_equal(back.model->cfg.layers, 6);
    assert_int_equal(back.model->params.count, p->count);
    assert_memory_equal(back.model->params.value, p->value,
                        p->count * sizeof(real));
    assert_true(model_forward(back.model, &b) == loss);
    batch_free(&b);
    ckpt_free(&back);
    ckpt_free(&ck);
}

/* a small checkpoint of each family: LSTM, then Transformer */
static Checkpoint small_of_family(int family)
{
    return family == 1 ? small(ATTN_GENERAL, 2, 2, 1)
                       : small_transformer(2, 1, 2, 1, 1, 0);
}

static void test_every_prefix_is_refused_as_truncated(void **s)
{
    (void)s;
    for (int family = 1; family <= 2; family++) {
        Checkpoint ck = small_of_family(family);
        size_t n;
        unsigned char *buf = encode(&ck, &n);
        for (size_t k = 0; k < n; k++)
            refused(buf, k, CKPT_TRUNCATED, "truncated");
        Checkpoint back;
        CkptError err;
        assert_int_equal(ckpt_decode(&back, &reversal_task, buf, n, 4, &err),
                         CKPT_OK);
        assert_true(back.model->cfg.family == model_families[family - 1]);
        ckpt_free(&back);
        free(buf);
        ckpt_free(&ck);
    }
}

static void every_bit_flip_is_caught(Checkpoint ck)
{
    size_t n;
    unsigned char *buf = encode(&ck, &n);
    long corrupt = 0;
    for (size_t bit = 0; bit < 8 * n; bit++) {
        buf[bit / 8] ^= (unsigned char)(1u << bit % 8);
        Checkpoint back;
        CkptError err;
        CkptStatus st = ckpt_decode(&back, &reversal_task, buf, n, 4, &err);
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

static void test_every_bit_flip_is_caught(void **s)
{
    (void)s;
    every_bit_flip_is_caught(small(ATTN_ADDITIVE, 2, 2, 1));
    every_bit_flip_is_caught(small_transformer(2, 1, 2, 1, 1, 0));
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
    put32(buf + 8, 4);
    refused(buf, n, CKPT_VERSION, "version 4; this program reads"
            " version 3 only (the file is newer)");
    put32(buf + 8, 0);
    refused(buf, n, CKPT_VERSION, "(the file is older); train the"
            " model again");
    /* versions 1 and 2 had another magic number */
    unsigned char *old = malloc(n + 2);     /* a text copy: 2 more */
    memcpy(old, buf, n);
    memcpy(old, "\x89" "AMCK\r\n\x1a", 8);
    put32(old + 8, 2);
    refused(old, n, CKPT_VERSION, "format version 2, before version 3"
            " changed the magic number");
    /* a copy in text mode, each way: the magic number names it */
    const char *text_copies[] = { "\x89" "AMC\n\x1a\n",
                                  "\x89" "AMC\r\n\x1a\r\n",
                                  "\x89" "AMC\r\r\n\x1a\r\n" };
    for (int c = 0; c < 3; c++) {
        size_t len = strlen(text_copies[c]);
        memcpy(old, text_copies[c], len);
        memcpy(old + len, buf + 8, n - 8);
        refused(old, n - 8 + len, CKPT_NOT_CHECKPOINT, "its line"
                " endings were rewritten, as a copy in text mode does");
    }
    free(old);
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
    put32(buf + 52 + NAME, 5000);       /* H = 5000 */
    reseal(buf, n);
    refused(buf, n, CKPT_TOO_LARGE, "hidden size 5000");
    put32(buf + 52 + NAME, 2);
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
    put32(buf + 32, vocab_digest(&reversal_task) ^ 1);
    reseal(buf, n);
    refused(buf, n, CKPT_VOCAB, "trained on other words");
    put32(buf + 32, vocab_digest(&reversal_task));
    int past = 1;                       /* one past the last family */
    while (model_families[past - 1]) past++;
    put32(buf + 20, past);
    reseal(buf, n);
    char unknown[96];
    snprintf(unknown, sizeof unknown, "model family %d is unknown; this"
             " build knows families 1 to %d", past, past - 1);
    refused(buf, n, CKPT_FAMILY, unknown);
    put32(buf + 20, 3);
    reseal(buf, n);
    refused(buf, n, CKPT_FAMILY, "model family 3, the captioner, reads"
            " images");
    put32(buf + 20, 2);                 /* an LSTM record as one */
    reseal(buf, n);
    refused(buf, n, CKPT_MALFORMED, "transformer configuration of"
            " 20 bytes, not 32 to 40");
    put32(buf + 20, 1);
    put32(buf + 56 + NAME, 9);
    reseal(buf, n);
    refused(buf, n, CKPT_CONFIG, "attention kind 9; it is 0 to 4");
    free(buf);
    ckpt_free(&ck);
}

/* a model is loaded for one task: another task's name, the same
   name with other words, and a name too long to be one are refused */
static const char *const other_words[] = { "el", "niño" };

static void test_a_model_of_another_task_is_refused(void **s)
{
    (void)s;
    Checkpoint ck = small(ATTN_DOT, 2, 2, 1);
    size_t n;
    unsigned char *buf = encode(&ck, &n);
    Task copy = reversal_task;
    copy.name = "copy";
    Checkpoint back;
    CkptError err;
    assert_int_equal(ckpt_decode(&back, &copy, buf, n, 4, &err),
                     CKPT_TASK);
    assert_non_null(strstr(err.message, "the model was trained on task"
                           " 'reversal'; this program expects task"
                           " 'copy'"));
    assert_null(back.model);
    Task renamed = reversal_task;       /* same name, other words */
    renamed.n_tgt = 2;
    renamed.tgt_words = other_words;
    assert_int_equal(ckpt_decode(&back, &renamed, buf, n, 4, &err),
                     CKPT_VOCAB);
    assert_non_null(strstr(err.message, "trained on other words"));
    assert_int_equal(ckpt_decode(&back, &reversal_task, buf, n, 4,
                                 &err), CKPT_OK);
    assert_ptr_equal(back.task, &reversal_task);
    ckpt_free(&back);
    put32(buf + 36, 1000);
    reseal(buf, n);
    refused(buf, n, CKPT_MALFORMED, "a task name of 1000 bytes");
    put32(buf + 36, 8);
    buf[40] = 'R';
    reseal(buf, n);
    refused(buf, n, CKPT_TASK, "trained on task 'Reversal'");
    free(buf);
    ckpt_free(&ck);
}

/* the first tensor, src_emb [21, 2], written as [2, 21]; then a
   configuration whose count the tensors do not fill; then a count
   of tensors above what a store holds */
static void test_shapes_that_disagree_are_named(void **s)
{
    (void)s;
    Checkpoint ck = small(ATTN_DOT, 2, 2, 1);
    size_t n;
    unsigned char *buf = encode(&ck, &n);
    size_t rows_at = 68 + NAME + 4 + strlen("src_emb");
    put32(buf + rows_at, 2);
    put32(buf + rows_at + 4, 21);
    reseal(buf, n);
    refused(buf, n, CKPT_SHAPE, "tensor 0 is src_emb [2, 21] in the"
            " file; the configuration makes it src_emb [21, 2]");
    put32(buf + rows_at, 21);
    put32(buf + rows_at + 4, 2);
    put32(buf + 52 + NAME, 3);          /* H = 3 */
    reseal(buf, n);
    refused(buf, n, CKPT_SHAPE, "embedding size 2, hidden size 3,"
            " attention kind 1 has");
    put32(buf + 52 + NAME, 2);
    put32(buf + 64 + NAME, PARAMS_MAX_TENSORS + 1);   /* the count */
    reseal(buf, n);
    char more[80];
    snprintf(more, sizeof more, "%d tensors, more than the %d a model",
             PARAMS_MAX_TENSORS + 1, PARAMS_MAX_TENSORS);
    refused(buf, n, CKPT_MALFORMED, more);
    free(buf);
    ckpt_free(&ck);
}

/* The Transformer's record, field by field, after the task's name:
   [36] its length, then [40] V_s, [44] V_t, [48] D, [52] layers,
   [56] heads, [60] F, [64] positional, [68] scaled, [72] the head
   width, [76] post-norm (each NAME bytes further on). Each edit is undone after its
   check. */
static void test_bad_transformer_records_are_named(void **s)
{
    (void)s;
    Checkpoint ck = small_transformer(4, 2, 6, 1, 1, 0);
    size_t n;
    unsigned char *buf = encode(&ck, &n);
    struct { int at; uint32_t value; CkptStatus status;
             const char *message; } bad[] = {
        {36, 28, CKPT_MALFORMED, "configuration of 28 bytes, not 32"
                                 " to 40"},
        {36, 34, CKPT_MALFORMED, "configuration of 34 bytes"},
        {40, 20, CKPT_VOCAB, "vocabularies of 20 and"},
        {48, 0, CKPT_CONFIG, "width 0"},
        {48, 5000, CKPT_TOO_LARGE, "width 5000, more than the limit"},
        {52, 0, CKPT_CONFIG, "layer count 0"},
        {52, 7, CKPT_CONFIG, "1 to 6 layers a side, not 7"},
        {52, 2, CKPT_SHAPE, "width 4, layer count 2"},
        {56, 3, CKPT_CONFIG, "cannot be cut into 3 heads"},
        {56, 70000, CKPT_TOO_LARGE, "head count 70000"},
        {60, 0, CKPT_CONFIG, "feed-forward width 0"},
        {60, 7, CKPT_SHAPE, "feed-forward width 7,"},
        {64, 2, CKPT_CONFIG, "positional switch 2; it is 0 to 1"},
        {68, 5, CKPT_CONFIG, "scale switch 5; it is 0 to 1"},
        {72, 5000, CKPT_TOO_LARGE, "head width 5000, more than"},
        {72, 3, CKPT_SHAPE, "head width 3"},
        {72, 4096, CKPT_CONFIG, "2 heads of width 4096"},
        {76, 2, CKPT_CONFIG, "post-norm switch 2; it is 0 to 1"},
        {76, 1, CKPT_SHAPE, "post-norm switch 1 has"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        unsigned char saved[4];
        memcpy(saved, buf + bad[k].at + NAME, 4);
        put32(buf + bad[k].at + NAME, bad[k].value);
        reseal(buf, n);
        refused(buf, n, bad[k].status, bad[k].message);
        memcpy(buf + bad[k].at + NAME, saved, 4);
    }
    reseal(buf, n);                     /* and whole again, it loads */
    Checkpoint back;
    CkptError err;
    assert_int_equal(ckpt_decode(&back, &reversal_task, buf, n, 4, &err), CKPT_OK);
    assert_int_equal(back.model->cfg.heads, 2);
    ckpt_free(&back);
    free(buf);
    ckpt_free(&ck);
}

/* A file saved before the head width and the post-norm switch, whose
   record stops after the scale switch (32 bytes), loads as the model
   it was, pre-norm, its heads D / N_H wide; a model with a head width
   of its own keeps it. */
static void test_a_record_without_the_head_width_still_loads(void **s)
{
    (void)s;
    Checkpoint ck = small_transformer(4, 2, 6, 1, 1, 0);
    size_t n;
    unsigned char *buf = encode(&ck, &n);
    size_t past = 80 + NAME;            /* past the two later fields */
    memmove(buf + past - 8, buf + past, n - past);
    n -= 8;
    put32(buf + 36 + NAME, 32);
    reseal(buf, n);
    Checkpoint back;
    CkptError err;
    assert_int_equal(ckpt_decode(&back, &reversal_task, buf, n, 4,
                                 &err), CKPT_OK);
    const Params *p = &ck.model->params, *q = &back.model->params;
    assert_int_equal(back.model->cfg.head_width, 0);
    assert_int_equal(back.model->cfg.post_norm, 0);
    assert_int_equal(tmodel_of(back.model)->dk, 2);
    assert_int_equal(q->count, p->count);
    assert_memory_equal(q->value, p->value, sizeof(real) * p->count);
    ckpt_free(&back);
    ckpt_free(&ck);
    free(buf);
    ck = small_transformer(4, 2, 6, 1, 1, 3);   /* heads 2 x 3 */
    buf = encode(&ck, &n);
    assert_int_equal(ckpt_decode(&back, &reversal_task, buf, n, 4,
                                 &err), CKPT_OK);
    assert_int_equal(tmodel_of(back.model)->dk, 3);
    assert_int_equal(back.model->params.count, ck.model->params.count);
    ckpt_free(&back);
    ckpt_free(&ck);
    free(buf);
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
    assert_non_null(strstr(err.message, "of kind additive, not dot"));
    assert_int_equal(ckpt_expect(&ck, -1, 64, &err), CKPT_MISMATCH);
    assert_non_null(strstr(err.message, "hidden size 2, not 64"));
    assert_int_equal(ckpt_expect(&ck, ATTN_ADDITIVE, 2, &err),
                     CKPT_OK);
    ckpt_free(&ck);
    ck = small_transformer(4, 2, 6, 1, 1, 0);
    assert_int_equal(ckpt_expect(&ck, ATTN_DOT, 0, &err),
                     CKPT_MISMATCH);
    assert_non_null(strstr(err.message, "of kind transformer, not"
                           " dot"));
    assert_int_equal(ckpt_expect(&ck, -1, 64, &err), CKPT_MISMATCH);
    assert_non_null(strstr(err.message, "hidden size 4, not 64"));
    assert_int_equal(ckpt_expect(&ck, kind_from_name("transformer"), 4, &err),
                     CKPT_OK);
    ckpt_free(&ck);
}

/* save in a child process, whose file size limit is limit bytes
   (0: none) and whose standard error goes to err_path; return the
   child's exit status */
static int save_in_child(const Checkpoint *ck, const char *path,
                         rlim_t limit, const char *err_path)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (!freopen(err_path, "w", stderr)) _exit(99);
        if (limit) {
            struct rlimit small_files;
            getrlimit(RLIMIT_FSIZE, &small_files);
            small_files.rlim_cur = limit;
            signal(SIGXFSZ, SIG_IGN);
            setrlimit(RLIMIT_FSIZE, &small_files);
        }
        ckpt_save(ck, path);
        out_commit();
        _exit(0);
    }
    int status;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int file_holds(const char *path, const char *text)
{
    char buf[1000] = "";
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    if (!strstr(buf, text)) print_error("%s holds: %s\n", path, buf);
    return strstr(buf, text) != NULL;
}

/* A write that fails part-way (here: a file size limit, as a full
   disk would) ends the program with status 1 and the reason, leaves
   the old file whole and no temporary behind. */
static void test_a_failed_write_leaves_the_old_file(void **s)
{
    (void)s;
    char path[128], err_path[128], cmd[300];
    snprintf(path, sizeof path, "%s/keep.ckpt", dir);
    snprintf(err_path, sizeof err_path, "%s/stderr.txt", dir);
    Checkpoint old = small(ATTN_NONE, 2, 2, 1);
    Checkpoint big = small(ATTN_NONE, 32, 32, 2);
    assert_int_equal(save_in_child(&old, path, 0, err_path), 0);
    assert_int_equal(save_in_child(&big, path, 4096, err_path), 1);
    assert_true(file_holds(err_path, "cannot write"));
    assert_true(file_holds(err_path, "File too large"));
    Checkpoint back;
    CkptError err;
    assert_int_equal(ckpt_load(&back, &reversal_task, path, 4, &err), CKPT_OK);
    assert_int_equal(back.model->cfg.E, 2);
    ckpt_free(&back);
    snprintf(cmd, sizeof cmd, "test $(ls %s | grep -c keep) -eq 1",
             dir);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(save_in_child(&old, "/nonexistent/x.ckpt", 0,
                                   err_path), 1);
    assert_true(file_holds(err_path, "No such file or directory"));
    ckpt_free(&old);
    ckpt_free(&big);
}

/* a diverged model is not saved: the loader would refuse it */
static void test_a_model_that_is_not_finite_is_not_saved(void **s)
{
    (void)s;
    char path[128], err_path[128];
    snprintf(path, sizeof path, "%s/nan.ckpt", dir);
    snprintf(err_path, sizeof err_path, "%s/nan.err", dir);
    Checkpoint ck = small(ATTN_DOT, 2, 2, 1);
    ck.model->params.value[5] = NAN;
    assert_int_equal(save_in_child(&ck, path, 0, err_path), 1);
    assert_true(file_holds(err_path, "parameter 5 of the model is"));
    assert_int_equal(access(path, F_OK), -1);
    unlink(err_path);
    ckpt_free(&ck);
}

static void test_loading_a_missing_file_says_why(void **s)
{
    (void)s;
    Checkpoint ck;
    CkptError err;
    assert_int_equal(ckpt_load(&ck, &reversal_task, "/nonexistent/x.ckpt", 4, &err),
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
    int kinds[] = { ATTN_NONE, ATTN_DOT, ATTN_ADDITIVE,
                    kind_from_name("transformer") };
    for (int i = 0; i < 4; i++) {
        Model *m = trained(kinds[i], 64);
        Batch b;
        recipe_batch(&b, 64);
        int steps = b.T - 1;
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

/* an untrained model whose output bias makes <pad>, <unk> and
   <sos> its most probable words at every step: neither greedy
   decoding nor beam search may emit them, and width 1 is still
   greedy decoding */
static void emits_no_special_token(const int *out, int B, int steps)
{
    for (int r = 0; r < B; r++)         /* up to each <eos> */
        for (int j = 0; j < steps; j++) {
            int w = out[r * steps + j];
            assert_true(w >= FIRST_OUTPUT);
            if (w == EOS) break;
        }
}

static void test_special_tokens_are_never_emitted(void **s)
{
    (void)s;
    int kinds[] = { ATTN_NONE, ATTN_DOT, kind_from_name("transformer") };
    for (int i = 0; i < 3; i++) {
        Checkpoint ck = small(kinds[i], 8, 8, 3);
        Model *m = ck.model;
        Params *p = &m->params;
        for (int t = 0; t < p->n_tensors; t++)
            if (!strcmp(p->tensor[t].name, "out_b"))
                for (int w = 0; w < FIRST_OUTPUT; w++)
                    p->value[p->tensor[t].offset + w] = 50 - w;
        Batch b;
        recipe_batch(&b, 4);
        int steps = b.T - 1, g[4 * 16], o[4 * 16];
        greedy_decode(m, &b, steps, g, NULL);
        emits_no_special_token(g, 4, steps);
        for (int k = 1; k <= 4; k *= 4) {
            BeamConfig bc = { k, BEAM_ALPHA };
            beam_decode(m, &b, &bc, steps, o, NULL, NULL);
            emits_no_special_token(o, 4, steps);
            if (k == 1)
                assert_memory_equal(g, o, sizeof(int) * 4 * steps);
        }
        batch_free(&b);
        ckpt_free(&ck);
    }
}

/* the Transformer's cache of keys and values changes nothing but the
   time: beam search with it and with the prefix rerun at every step
   returns the same tokens and, to SCORE_TOL, the same scores, on a
   batch of [rows] sentences of the recipe (at most 16) */
static void assert_cache_is_the_rerun(Model *m, int rows)
{
    Batch b;
    recipe_batch(&b, rows);
    int steps = b.T - 1, cached[16 * 16], rerun[16 * 16];
    double lp_cached[16], lp_rerun[16];
    BeamConfig bc = { 4, BEAM_ALPHA };
    beam_decode(m, &b, &bc, steps, cached, lp_cached, NULL);
    tmodel_rerun_prefix(m, 1);
    beam_decode(m, &b, &bc, steps, rerun, lp_rerun, NULL);
    assert_memory_equal(cached, rerun, sizeof(int) * rows * steps);
    for (int i = 0; i < rows; i++)
        assert_true(fabs(lp_cached[i] - lp_rerun[i]) <= SCORE_TOL);
    batch_free(&b);
}

static void test_the_cache_gives_what_rerunning_the_prefix_gives(
    void **s)
{
    (void)s;
    Model *m = trained(kind_from_name("transformer"), 64);
    assert_cache_is_the_rerun(m, 16);
    model_free(m);
}

/* the same with heads of width 5, not D / N_H = 8, pre-norm and
   post-norm, on a model trained on nothing (its random weights make
   ties unlikely) */
static void check_cache_of_untrained(int post_norm)
{
    ModelConfig c = model_config_default();
    c.family = &transformer_family;
    c.H = 16; c.heads = 2; c.ff = 12; c.layers = 1;
    c.head_width = 5; c.post_norm = post_norm;
    Model *m = model_create(&c, 16, 8, 3);
    assert_cache_is_the_rerun(m, 4);    /* 4 x 4 rows of the beam */
    model_free(m);
}

static void test_the_cache_gives_the_rerun_with_a_head_width(void **s)
{
    (void)s;
    check_cache_of_untrained(0);
}

static void test_the_cache_gives_the_rerun_in_post_norm(void **s)
{
    (void)s;
    check_cache_of_untrained(1);
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
                    &src_len, &len, NULL, NULL, NULL, NULL, 0 };
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
        const real *z = logits_of(m) + (size_t)t * V;
        double zmax = z[0], sum = 0;
        for (int w = 1; w < V; w++) if (z[w] > zmax) zmax = z[w];
        for (int w = 0; w < V; w++) sum += exp(z[w] - zmax);
        lp += z[y[t]] - zmax - log(sum);
    }
    batch_free(&b);
    return lp;
}

static void score_is_teacher_forced(int attention)
{
    Model *m = trained(attention, 64);
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
    double gold[16];                    /* and target_logprob too */
    target_logprob(m, &b, gold);
    double tf = teacher_forced(m, b.src, b.src_len[0], b.tgt + 1,
                               b.tgt_len[0] - 1);
    assert_true(fabs(tf - gold[0]) <= SCORE_TOL);
    batch_free(&b);
    model_free(m);
}

static void test_the_score_is_the_teacher_forced_log_probability(
    void **s)
{
    (void)s;
    score_is_teacher_forced(ATTN_GENERAL);
    score_is_teacher_forced(kind_from_name("transformer"));
}

/* Every translation of up to STEPS tokens over a 6-word target
   vocabulary (<eos> and two words may be output), scored by teacher
   forcing; a translation ends at <eos>, and a sequence that reaches
   the step limit without it is not one. */
enum { TINY_V = 6, STEPS = 3, WIDE = 200 };

static void exhaustive(Model *m, const int *src, int src_len,
                       int *y, int n, int *best, int *best_n,
                       double *best_key)
{
    for (int w = FIRST_OUTPUT; w < TINY_V; w++) {
        y[n] = w;
        if (w == EOS) {
            double lp = teacher_forced(m, src, src_len, y, n + 1);
            double key = lp / length_penalty(n + 1, BEAM_ALPHA);
            if (key > *best_key) {
                *best_key = key;
                *best_n = n + 1;
                memcpy(best, y, sizeof(int) * (n + 1));
            }
        } else if (n + 1 < STEPS) {
            exhaustive(m, src, src_len, y, n + 1, best, best_n,
                       best_key);
        }
    }
}

static void test_a_wide_beam_is_exhaustive_search(void **s)
{
    (void)s;
    int kinds[] = { ATTN_NONE, ATTN_DOT, kind_from_name("transformer") };
    for (int i = 0; i < 3; i++) {
        for (uint64_t seed = 1; seed <= 3; seed++) {
            ModelConfig c = model_config_default();
            c.tgt_vocab = TINY_V;
            c.E = c.H = 4;
            c.heads = 2;
            c.ff = 4;
            kind_config(&c, kinds[i]);
            Model *m = model_create(&c, WIDE, 8, seed);
            int src[5] = { SOS, 5, 9, 12, EOS };
            int src_len = 5, len = STEPS + 1;
            Dataset one = { 1, 5, src, src, &src_len, &len, NULL,
                            NULL, NULL, NULL, 0 };
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

/* chapter 11: classify reads documents and refuses each bad line;
   a classifier is refused by translate and train, which decode */
static void test_classify_names_each_bad_input(void **s)
{
    (void)s;
    char path[128], lstm[128], cmd[1200];
    snprintf(path, sizeof path, "%s/han.ckpt", dir);
    snprintf(lstm, sizeof lstm, "%s/lstm.ckpt", dir);
    ModelConfig mc = han_config_default();
    mc.E = mc.H = 4;
    Checkpoint ck = { 2, 6, model_create(&mc, 1, 56, 1),
                      &documents_task };
    ckpt_save(&ck, path);
    ModelConfig lc = model_config_default();    /* an LSTM, same task */
    lc.src_vocab = mc.src_vocab;
    lc.tgt_vocab = mc.tgt_vocab;
    lc.E = lc.H = 4;
    Checkpoint other = { 2, 6, model_create(&lc, 1, 56, 1),
                         &documents_task };
    ckpt_save(&other, lstm);
    out_commit();
    const char *lines =
        "the dog is tiny . a huge cat sleeps .\\n"
        "the cat is enormous .\\n" "the cat . . is big .\\n"
        ". the cat is big .\\n" "\\n"
        "a cat runs . a cat runs . a cat runs . a cat runs . a cat runs"
        " . a cat runs . a cat runs . a cat runs . a cat runs .\\n"
        "the big cat sees a dog a dog a dog a dog a dog a dog .\\n";
    snprintf(cmd, sizeof cmd, "printf '%s' | build/bin/classify"
             " --model %s", lines, path);
    expect(cmd, 2, "class: ");
    expect(cmd, 2, "line 2: 'enormous' is not a word of the task");
    expect(cmd, 2, "line 3: an empty sentence (two full stops)");
    expect(cmd, 2, "line 4: an empty first sentence");
    expect(cmd, 2, "line 5: empty");
    expect(cmd, 2, "line 6: more than 8 sentences");
    expect(cmd, 2, "line 7: sentence 1 has 16 words; the model reads"
           " at most 12");
    expect(cmd, 2, "6 of 7 lines refused");
    snprintf(cmd, sizeof cmd, "printf 'a cat runs\\r.\\n' |"
             " build/bin/classify --model %s", path);
    expect(cmd, 2, "line 1 holds a carriage return at byte 11");
    snprintf(cmd, sizeof cmd, "build/bin/classify --model %s"
             " --document 'a cat runs .'", lstm);
    expect(cmd, 2, "holds a 'lstm' model, not a document classifier");
    snprintf(cmd, sizeof cmd, "build/bin/translate --task documents"
             " --model %s --sentence 'a cat runs .'", path);
    expect(cmd, 2, "a 'han' model classifies documents: it has no"
           " decoder");
    expect("build/bin/train --attention han --epochs 1", 2,
           "a 'han' model classifies documents");
    expect("build/bin/classify", 2, "--model is required");
    ckpt_free(&ck);
    ckpt_free(&other);
}

/* a small untrained model whose output bias makes it end every
   translation at once, with <eos>: it translates without comment */
static Checkpoint small_that_ends(int kind)
{
    Checkpoint ck = small(kind, 8, 8, 1);
    Params *p = &ck.model->params;
    for (int t = 0; t < p->n_tensors; t++)
        if (!strcmp(p->tensor[t].name, "out_b"))
            p->value[p->tensor[t].offset + EOS] = 50;
    return ck;
}

static void test_translate_and_train_name_each_bad_input(void **s)
{
    (void)s;
    char path[128], cmd[1000];
    snprintf(path, sizeof path, "%s/none.ckpt", dir);
    Checkpoint ck = small(ATTN_NONE, 8, 8, 1);
    ckpt_save(&ck, path);
    out_commit();
    /* untrained, it never emits <eos>: the translation is cut at the
       limit, 2 n + 10 tokens, and said to be */
    snprintf(cmd, sizeof cmd, "build/bin/translate --model %s"
             " --sentence 'the dog'", path);
    expect(cmd, 0, "translate: --sentence: the translation has no"
           " <eos> within 14 tokens, the limit for 2 words");
    ckpt_free(&ck);
    ck = small_that_ends(ATTN_NONE);
    ckpt_save(&ck, path);
    out_commit();
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
    expect(cmd, 2, "holds a model of kind none, not dot");
    snprintf(cmd, sizeof cmd, "build/bin/translate --model %s"
             " --heatmap --sentence 'the dog'", path);
    expect(cmd, 2, "no attention, so there are no weights");
    /* a reader that stops early, like head: translate stops too,
       silently, with the status of a death by SIGPIPE */
    snprintf(cmd, sizeof cmd, "bash -c 'yes the dog eats | head -n"
             " 100000 > %s/many.txt; build/bin/translate --model %s"
             " < %s/many.txt | head -n 1 > /dev/null;"
             " exit ${PIPESTATUS[0]}'", dir, path, dir);
    assert_int_equal(run(cmd, out, sizeof out), 128 + SIGPIPE);
    assert_string_equal(out, "");
    expect("build/bin/translate --model /nonexistent/m.ckpt"
           " --sentence 'the dog'", 2, "cannot open");
    expect("build/bin/translate --sentence 'the dog'", 2,
           "--model is required");
    expect("build/bin/train --epochs 1 --train-pairs 64 --val-pairs 8"
           " --save /nonexistent/m.ckpt", 2, "--save: cannot write"
           " '/nonexistent/m.ckpt': No such file or directory");
    ckpt_free(&ck);
}

/* a NUL byte or a lone carriage return refuses its line, named, and
   never cuts it; a Windows line ending is still a line ending */
static void test_a_nul_or_a_lone_return_refuses_its_line(void **s)
{
    (void)s;
    char path[128], cmd[1000], out[8192];
    snprintf(path, sizeof path, "%s/lines.ckpt", dir);
    Checkpoint ck = small_that_ends(ATTN_NONE);
    ckpt_save(&ck, path);
    out_commit();
    snprintf(cmd, sizeof cmd, "printf 'the big dog\\0 zebra ..\\nthe"
             " cat eats\\n' | build/bin/translate --model %s", path);
    expect(cmd, 2, "line 1 holds a NUL byte at byte 12");
    expect(cmd, 2, "1 of 2 lines refused");
    run(cmd, out, sizeof out);
    assert_null(strstr(out, "translate: line 2"));
    snprintf(cmd, sizeof cmd, "printf 'the big dog\\rthe old man\\r"
             "zebra\\r' | build/bin/translate --model %s", path);
    expect(cmd, 2, "line 1 holds a carriage return at byte 12");
    snprintf(cmd, sizeof cmd, "printf '\\0the big dog\\n' |"
             " build/bin/translate --model %s", path);
    expect(cmd, 2, "line 1 holds a NUL byte at byte 1");
    snprintf(cmd, sizeof cmd, "printf 'the cat eats\\r\\nthe dog"
             " eats\\r\\n' | build/bin/translate --model %s", path);
    expect(cmd, 0, "");
    /* words in messages: whole, and escaped where a terminal would
       obey them or they are not UTF-8 */
    snprintf(cmd, sizeof cmd, "printf 'the do\\377g\\n' |"
             " build/bin/translate --model %s", path);
    expect(cmd, 2, "'do\\xffg' holds '\\xff'");
    snprintf(cmd, sizeof cmd, "build/bin/translate --model %s"
             " --sentence \"$(printf 'the d\\nog')\"", path);
    expect(cmd, 2, "'d\\nog' holds '\\n'");
    snprintf(cmd, sizeof cmd, "build/bin/translate --model %s"
             " --sentence 'the abcdefghijklmnopqrstuvwxyzabcdefgh'",
             path);
    expect(cmd, 2, "'abcdefghijklmnopqrstuvwxyzabcdefgh' is not in");
    snprintf(cmd, sizeof cmd, "build/bin/translate --model %s"
             " --sentence 'the d\303\251g'", path);
    expect(cmd, 2, "'d\303\251g' holds '\303\251'");
    ckpt_free(&ck);
}

/* train refuses, before training, a model its loader would refuse */
static void test_train_saves_only_what_translate_can_load(void **s)
{
    (void)s;
    char path[128], cmd[600];
    snprintf(path, sizeof path, "%s/big.ckpt", dir);
    snprintf(cmd, sizeof cmd, "build/bin/train --attention dot"
             " --hidden 2048 --epochs 1 --train-pairs 1 --val-pairs 1"
             " --batch 1 --save %s", path);
    expect(cmd, 2, "--save: translate could not load this model, too"
           " large: the configuration has 43053717 parameters, more"
           " than the limit of 16777216");
    struct stat st;
    assert_int_equal(stat(path, &st), -1);
    snprintf(cmd, sizeof cmd, "build/bin/sweep --models none:8,dot:2048"
             " --save %s/s", dir);
    expect(cmd, 2, "could not load the model dot:2048");
    /* the check is the loader's: a model just within it is saved */
    ModelConfig c = model_config_default();
    CkptError err;
    c.attention = ATTN_DOT;
    c.E = c.H = 2048;
    assert_int_equal(ckpt_check_size(&c, &err), CKPT_TOO_LARGE);
    c.E = c.H = 512;
    assert_int_equal(ckpt_check_size(&c, &err), CKPT_OK);
}

/* FIFOs, pipes and devices as --model: read or refused, at once */
static void test_fifos_and_streams_are_read_or_refused(void **s)
{
    (void)s;
    char path[128], fifo[128], cmd[1000];
    snprintf(path, sizeof path, "%s/stream.ckpt", dir);
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    Checkpoint ck = small(ATTN_NONE, 8, 8, 1);
    ckpt_save(&ck, path);
    out_commit();
    assert_int_equal(mkfifo(fifo, 0600), 0);
    const char *t = "timeout 20 build/bin/translate --sentence"
                    " 'the dog eats' --model";
    snprintf(cmd, sizeof cmd, "%s %s", t, fifo);  /* nobody writes */
    expect(cmd, 2, "empty: it gave no bytes");
    snprintf(cmd, sizeof cmd, "cat %s | %s /dev/stdin", path, t);
    expect(cmd, 0, "");
    snprintf(cmd, sizeof cmd, "bash -c \"%s <(cat %s)\"", t, path);
    expect(cmd, 0, "");
    snprintf(cmd, sizeof cmd, "(cat %s > %s &); %s %s", path, fifo, t,
             fifo);
    expect(cmd, 0, "");
    snprintf(cmd, sizeof cmd, "%s /dev/zero", t);
    expect(cmd, 2, "not a checkpoint");
    snprintf(cmd, sizeof cmd, "%s %s", t, dir);
    expect(cmd, 2, "it is a folder, not a checkpoint");
    snprintf(cmd, sizeof cmd, "(cat %s; echo more) | %s /dev/stdin",
             path, t);
    expect(cmd, 2, "more bytes follow");
    snprintf(cmd, sizeof cmd, "head -c 100 %s | %s /dev/stdin", path,
             t);
    expect(cmd, 2, "truncated: 100 bytes of the");
    unlink(fifo);
    ckpt_free(&ck);
}

/* heatmap --model: a saved dot model, untrained, gets its first
   sentence with a repeated word wrong, and that is the one the rule
   picks; a damaged file, a model without attention, a classifier and
   options of training beside --model are refused */
static void test_heatmap_picks_by_its_rule_and_refuses_bad_models(
    void **s)
{
    (void)s;
    char path[128], none[128], cmd[1000], file[160];
    snprintf(path, sizeof path, "%s/dot.ckpt", dir);
    snprintf(none, sizeof none, "%s/none.ckpt", dir);
    Checkpoint ck = small(ATTN_DOT, 8, 8, 1), nk = small(ATTN_NONE, 8,
                                                         8, 1);
    ckpt_save(&ck, path);
    ckpt_save(&nk, none);
    out_commit();
    snprintf(cmd, sizeof cmd, "build/bin/heatmap --model %s"
             " --first-error 4 --draw-seed 3 --files %s/hm > /dev/null",
             path, dir);
    expect(cmd, 0, "");
    /* the sentences the rule reads: 4 to 6 words, from their seed
       (3, whose first sentence repeats no word) */
    Dataset drawn;
    Rng rng;
    rng_seed(&rng, 3);
    dataset_generate(&drawn, &reversal_task, 1000, 4, 6, &rng);
    snprintf(file, sizeof file, "%s/hm-said.tex", dir);
    FILE *f = fopen(file, "r");
    assert_non_null(f);
    int picked = 0;
    assert_int_equal(fscanf(f, "The rule picks sentence %d of the 1000"
                            " drawn", &picked), 1);
    fclose(f);
    assert_true(picked > 1);
    /* the untrained model gets every sentence wrong: the first with
       a repeated word is picked */
    for (int r = 0; r < picked; r++) {
        const int *w = drawn.src + (size_t)r * drawn.L;
        int n = drawn.src_len[r], repeats = 0;
        for (int a = 1; a + 1 < n; a++)
            for (int b = a + 1; b + 1 < n; b++) repeats += w[a] == w[b];
        if ((repeats > 0) != (r == picked - 1))
            fail_msg("sentence %d of those drawn %s a word", r + 1,
                     repeats ? "repeats" : "repeats no");
    }
    dataset_free(&drawn);
    snprintf(file, sizeof file, "%s/hm.gpi", dir);
    assert_true(access(file, F_OK) == 0);
    snprintf(cmd, sizeof cmd, "build/bin/heatmap --model %s"
             " --first-error 7", path);
    expect(cmd, 2, "trained on sentences of at most 6 words");
    snprintf(cmd, sizeof cmd, "build/bin/heatmap --model %s"
             " --sentence 'the dog'", none);
    expect(cmd, 2, "has no attention, so there are no weights");
    snprintf(cmd, sizeof cmd, "build/bin/heatmap --model %s"
             " --attention additive --sentence 'the dog'", path);
    expect(cmd, 2, "not additive");
    snprintf(cmd, sizeof cmd, "head -c 100 %s > %s/cut.ckpt;"
             " build/bin/heatmap --model %s/cut.ckpt --sentence"
             " 'the dog'", path, dir, dir);
    expect(cmd, 2, "truncated: 100 bytes of the");
    snprintf(cmd, sizeof cmd, "build/bin/heatmap --model %s --epochs 2"
             " --sentence 'the dog'", path);
    expect(cmd, 2, "--epochs is an option of training");
    ModelConfig mc = han_config_default();      /* a classifier */
    mc.E = mc.H = 4;
    Checkpoint hk = { 2, 6, model_create(&mc, 1, 56, 1),
                      &documents_task };
    snprintf(file, sizeof file, "%s/han-map.ckpt", dir);
    ckpt_save(&hk, file);
    out_commit();
    snprintf(cmd, sizeof cmd, "build/bin/heatmap --task documents"
             " --model %s --sentence 'a cat runs'", file);
    expect(cmd, 2, "a 'han' model classifies documents: it has no"
           " decoder");
    ckpt_free(&hk);
    expect("build/bin/heatmap --first-error 5", 2,
           "--first-error searches with a saved model");
    expect("build/bin/heatmap", 2, "give --sentence or --first-error");
    expect("build/bin/heatmap --sentence 'the dog' --draw-seed 2", 2,
           "--draw-seed is the seed of --first-error's sentences");
    ckpt_free(&ck);
    ckpt_free(&nk);
}

/* translate checks the memory of the model it loads, for the beam
   it is asked for (ulimit -v makes the machine small; the
   sanitizers' reserved address space does not fit under one) */
static void test_translate_checks_the_memory_of_its_beam(void **s)
{
    (void)s;
    if (getenv("ASAN_OPTIONS")) {
        print_message("skipped: ulimit -v and the sanitizers\n");
        return;
    }
    char path[128], cmd[1000];
    snprintf(path, sizeof path, "%s/heads.ckpt", dir);
    snprintf(cmd, sizeof cmd, "build/bin/train --attention transformer"
             " --hidden 64 --heads 64 --layers 1 --ff 64 --max-words"
             " 20 --epochs 1 --train-pairs 1 --val-pairs 1 --batch 1"
             " --save %s", path);
    expect(cmd, 0, "saved to");
    const char *t = "bash -c 'ulimit -v 60000; build/bin/translate"
                    " --sentence \"the dog sees a cat\" --model";
    snprintf(cmd, sizeof cmd, "%s %s --beam 64'", t, path);
    expect(cmd, 2, "too large for this machine: decoding 64 rows at"
           " once");
    snprintf(cmd, sizeof cmd, "%s %s --beam 1'", t, path);
    expect(cmd, 0, "");
}

/* the tests are built in double, the programs in float: a value that
   a double holds and a float cannot is refused by the programs, not
   loaded as infinity */
static void test_a_value_too_large_for_float_is_refused(void **s)
{
    (void)s;
    char path[128], cmd[400];
    snprintf(path, sizeof path, "%s/huge.ckpt", dir);
    Checkpoint ck = small(ATTN_NONE, 2, 2, 1);
    ck.model->params.value[3] = 1e300;
    ckpt_save(&ck, path);
    out_commit();
    Checkpoint back;                    /* a double holds it */
    CkptError err;
    assert_int_equal(ckpt_load(&back, &reversal_task, path, 1, &err), CKPT_OK);
    ckpt_free(&back);
    snprintf(cmd, sizeof cmd, "build/bin/translate --model %s"
             " --sentence 'the dog eats'", path);
    expect(cmd, 2, "tensor src_emb holds 1e+300 at index 3");
    expect(cmd, 2, "this build's float can hold");
    ckpt_free(&ck);
}

/* a Transformer saved by train is translated by translate, greedily
   and with a beam, with a heatmap of the mean or of one head */
static void test_train_saves_and_translate_loads_a_transformer(
    void **s)
{
    (void)s;
    char path[128], cmd[1000], out[8192];
    snprintf(path, sizeof path, "%s/t.ckpt", dir);
    snprintf(cmd, sizeof cmd, "build/bin/train --attention transformer"
             " --epochs 2 --train-pairs 256 --val-pairs 16 --save %s",
             path);
    expect(cmd, 0, "# saved to");
    Checkpoint ck;
    CkptError err;
    assert_int_equal(ckpt_load(&ck, &reversal_task, path, 4, &err),
                     CKPT_OK);
    assert_true(ck.model->cfg.family == &transformer_family);
    assert_int_equal(ck.model->cfg.heads, 4);
    ckpt_free(&ck);
    const char *good[] = { "--beam 1", "--beam 4", "--heatmap",
                           "--heatmap --head 3 --beam 2" };
    for (int k = 0; k < 4; k++) {
        snprintf(cmd, sizeof cmd, "build/bin/translate --model %s %s"
                 " --sentence 'the old man sees a fish'", path,
                 good[k]);
        assert_int_equal(run(cmd, out, sizeof out), 0);
        assert_null(strstr(out, "translate:"));
        if (strstr(good[k], "--heatmap"))
            assert_non_null(strstr(out, "<sos> the old man"));
    }
    snprintf(cmd, sizeof cmd, "build/bin/translate --model %s"
             " --attention dot --sentence 'the dog'", path);
    expect(cmd, 2, "holds a model of kind transformer, not dot");
    snprintf(cmd, sizeof cmd, "build/bin/translate --model %s"
             " --head 5 --heatmap --sentence 'the dog'", path);
    expect(cmd, 2, "--head 5: the model in");
}

/* the sweep's first seed, saved by sweep --save, is the very model
   train --save writes for the same data and seed (chapter 8 decodes
   the sweep's models) */
static void test_the_sweep_saves_what_train_saves(void **s)
{
    (void)s;
    const char *data = "--epochs 1 --train-pairs 64 --val-pairs 8"
                       " --min-words 3 --max-words 20";
    char cmd[600], a[128], b[128];
    snprintf(cmd, sizeof cmd, "build/bin/sweep --models dot:8,none:6"
             " --seeds 2 %s --save %s/sweep > /dev/null", data, dir);
    expect(cmd, 0, "");
    snprintf(cmd, sizeof cmd, "build/bin/train --attention dot"
             " --hidden 8 --embed 8 %s --save %s/train.ckpt", data, dir);
    expect(cmd, 0, "# saved to");
    snprintf(a, sizeof a, "%s/sweep-dot-8.ckpt", dir);
    snprintf(b, sizeof b, "%s/train.ckpt", dir);
    Checkpoint x, y;
    CkptError err;
    assert_int_equal(ckpt_load(&x, &reversal_task, a, 1, &err), CKPT_OK);
    assert_int_equal(ckpt_load(&y, &reversal_task, b, 1, &err), CKPT_OK);
    assert_int_equal(x.model->params.count, y.model->params.count);
    assert_memory_equal(x.model->params.value, y.model->params.value,
                        sizeof(real) * x.model->params.count);
    ckpt_free(&x);
    ckpt_free(&y);
    snprintf(a, sizeof a, "%s/sweep-none-6.ckpt", dir);
    assert_int_equal(ckpt_load(&x, &reversal_task, a, 1, &err), CKPT_OK);
    assert_int_equal(x.model->cfg.H, 6);
    ckpt_free(&x);
    expect("build/bin/sweep --models none:8 --save /nonexistent/s", 2,
           "--save: cannot write '/nonexistent/s-none-8.ckpt'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_param_count_is_model_creates),
        cmocka_unit_test(test_round_trip_is_bit_identical),
        cmocka_unit_test(
            test_a_six_layer_transformer_runs_and_round_trips),
        cmocka_unit_test(test_every_prefix_is_refused_as_truncated),
        cmocka_unit_test(test_every_bit_flip_is_caught),
        cmocka_unit_test(test_strangers_and_other_versions_are_named),
        cmocka_unit_test(test_lengths_and_limits_are_checked),
        cmocka_unit_test(test_other_lexicons_and_families_are_refused),
        cmocka_unit_test(test_a_model_of_another_task_is_refused),
        cmocka_unit_test(test_shapes_that_disagree_are_named),
        cmocka_unit_test(test_bad_transformer_records_are_named),
        cmocka_unit_test(test_a_non_finite_value_is_refused),
        cmocka_unit_test(test_a_contradicting_command_line_is_named),
        cmocka_unit_test(test_a_failed_write_leaves_the_old_file),
        cmocka_unit_test(test_loading_a_missing_file_says_why),
        cmocka_unit_test(test_width_one_is_greedy_decoding),
        cmocka_unit_test(
            test_the_score_is_the_teacher_forced_log_probability),
        cmocka_unit_test(test_a_wide_beam_is_exhaustive_search),
        cmocka_unit_test(test_special_tokens_are_never_emitted),
        cmocka_unit_test(
            test_the_cache_gives_what_rerunning_the_prefix_gives),
        cmocka_unit_test(
            test_the_cache_gives_the_rerun_with_a_head_width),
        cmocka_unit_test(test_the_cache_gives_the_rerun_in_post_norm),
        cmocka_unit_test(
            test_a_record_without_the_head_width_still_loads),
        cmocka_unit_test(test_translate_and_train_name_each_bad_input),
        cmocka_unit_test(test_classify_names_each_bad_input),
        cmocka_unit_test(test_a_nul_or_a_lone_return_refuses_its_line),
        cmocka_unit_test(test_train_saves_only_what_translate_can_load),
        cmocka_unit_test(test_a_model_that_is_not_finite_is_not_saved),
        cmocka_unit_test(test_fifos_and_streams_are_read_or_refused),
        cmocka_unit_test(test_translate_checks_the_memory_of_its_beam),
        cmocka_unit_test(
            test_heatmap_picks_by_its_rule_and_refuses_bad_models),
        cmocka_unit_test(
            test_train_saves_and_translate_loads_a_transformer),
        cmocka_unit_test(test_a_value_too_large_for_float_is_refused),
        cmocka_unit_test(test_the_sweep_saves_what_train_saves),
    };
    return cmocka_run_group_tests_name("chapter 8: using a model",
                                       tests, make_dir, remove_dir);
}
