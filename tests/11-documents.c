/* Tests for chapter 11: the document task with its evidence, the
   GRU in both directions, pooling with a learned query, and the
   hierarchical classifier. Built in double precision. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "families.h"
#include "tasks.h"
#include "model-check.h"        /* check_every_tensor */

/* ---- the task --------------------------------------------------- */
enum { ROOM = DOC_MAX_SENTENCES * DOC_SENTENCE_TOKENS + 2 };
#include "task-pair.h"

static void test_the_full_stop_is_the_first_word_after_the_specials(
    void **s)
{
    (void)s;
    Vocab v;
    vocab_build(&v, &documents_task, SOURCE);
    assert_int_equal(vocab_find(&v, "."), DOC_PERIOD_ID);
    assert_int_equal(v.size, N_SPECIAL + DOC_WORDS);
    vocab_free(&v);
}

/* every document: one sentence about the cat, its adjective linked,
   the class the adjective's size, every sentence ended by "." */
static void test_one_sentence_is_the_cats_and_its_adjective_decides(
    void **s)
{
    (void)s;
    Rng rng;
    rng_seed(&rng, 11);
    Pair q;
    long gold_at[DOC_MAX_SENTENCES] = {0};
    for (int k = 0; k < 4000; k++) {
        TaskPair *p = pair_init(&q);
        int n = 1 + k % DOC_MAX_SENTENCES;
        documents_task.draw(&documents_task, n, &rng, p);
        assert_int_equal(p->n_links, 1);
        assert_int_equal(p->tgt_words, 1);
        int adj = p->src[p->link[0].src - 1], cats = 0, periods = 0;
        int cat_sentence = -1, link_sentence = -1;
        for (int i = 0; i < p->src_words; i++) {
            if (p->src[i] == DW_CAT) { cats++; cat_sentence = periods; }
            if (i == p->link[0].src - 1) link_sentence = periods;
            periods += p->src[i] == DW_PERIOD;
        }
        assert_int_equal(periods, n);
        assert_int_equal(p->src[p->src_words - 1], DW_PERIOD);
        assert_int_equal(cats, 1);
        assert_int_equal(cat_sentence, link_sentence);
        assert_true(adj >= DW_ADJ && adj < DW_ADJ + DOC_ADJECTIVES);
        assert_int_equal(p->tgt[0], (adj - DW_ADJ) / 4);
        if (n == DOC_MAX_SENTENCES) gold_at[link_sentence]++;
    }
    for (int i = 0; i < DOC_MAX_SENTENCES; i++)
        assert_true(gold_at[i] > 0);    /* every place is drawn */
}

static void test_sentences_are_split_at_full_stops(void **s)
{
    (void)s;
    int P = DOC_PERIOD_ID, w = N_SPECIAL + 5;
    /* <sos> w w . . w . w <eos>: the empty one between is skipped,
       and the words before <eos> are a last sentence */
    int ids[] = { SOS, w, w, P, P, w, P, w, EOS };
    int first[4], words[4];
    int n = doc_sentences(first, words, 4, ids, 9);
    assert_int_equal(n, 3);
    assert_int_equal(first[0], 1); assert_int_equal(words[0], 2);
    assert_int_equal(first[1], 5); assert_int_equal(words[1], 1);
    assert_int_equal(first[2], 7); assert_int_equal(words[2], 1);
    assert_int_equal(doc_sentences(first, words, 2, ids, 9), -1);
}

/* the exact chance levels: by hand, and by counting the bag of words'
   best guess over drawn documents */
static void test_the_chance_levels_are_exact(void **s)
{
    (void)s;
    assert_true(fabs(doc_bag_of_words(1) - 1) < 1e-15);
    assert_true(fabs(doc_bag_of_words(2) - 0.75) < 1e-15);
    assert_true(fabs(doc_bag_of_words(3) - 0.75) < 1e-15);
    assert_true(fabs(doc_bag_of_words(4) - 11.0 / 16) < 1e-15);
    assert_true(fabs(doc_bag_of_words(5) - 11.0 / 16) < 1e-15);
    assert_true(fabs(doc_word_chance() - (0.25 + 0.25 + 1.0 / 6) / 3)
                < 1e-15);
    assert_true(fabs(doc_sentence_chance(2, 4) - (0.5 + 1.0 / 3 + 0.25)
                     / 3) < 1e-15);
    Rng rng;
    rng_seed(&rng, 5);
    Pair q;
    double right = 0;
    int trials = 20000;
    for (int k = 0; k < trials; k++) {
        TaskPair *p = pair_init(&q);
        documents_task.draw(&documents_task, 4, &rng, p);
        int big = 0;
        for (int i = 0; i < p->src_words; i++)
            big += p->src[i] >= DW_ADJ && p->src[i] < DW_ADJ + 4;
        right += big > 2 ? p->tgt[0] == 0 : big < 2 ? p->tgt[0] == 1
                                                     : 0.5;
    }
    assert_true(fabs(right / trials - 11.0 / 16) < 0.01);
}

/* ---- the GRU ---------------------------------------------------- */
/* one step of one unit, by Cho et al.'s equations: the reset gate
   multiplies the previous state before the product */
static void test_a_gru_step_follows_cho_et_al(void **s)
{
    (void)s;
    real x[2] = {0.5, -1.0}, h[2], gates[8];
    real Wx[3] = {0.3, -0.2, 0.7}, Wh[3] = {0.9, 0.4, -1.1};
    real bias[3] = {0.1, 0.2, -0.3};
    int len = 2;
    gru_forward(h, gates, x, &len, Wx, Wh, bias, 1, 2, 1, 1);
    double h0 = 0;
    for (int t = 0; t < 2; t++) {
        double r = 1 / (1 + exp(-(x[t] * 0.3 + h0 * 0.9 + 0.1)));
        double z = 1 / (1 + exp(-(x[t] * -0.2 + h0 * 0.4 + 0.2)));
        double c = tanh(x[t] * 0.7 + (r * h0) * -1.1 - 0.3);
        h0 = z * h0 + (1 - z) * c;
        assert_true(fabs(h[t] - h0) < 1e-12);
    }
}

enum { GN = 3, GT = 4, GI = 3, GH = 2 };
typedef struct {
    BiGru g;
    BiGruCache cache;
    Params p;
    real x[GN * GT * GI], out[GN * GT * 2 * GH], R[GN * GT * 2 * GH];
    int len[GN];
} GruCase;

static double gru_loss(void *ctx)
{
    GruCase *c = ctx;
    bigru_forward(c->out, &c->cache, &c->g, &c->p, c->x, c->len, GN, GT);
    double L = 0;
    for (int i = 0; i < GN * GT * c->g.dirs * GH; i++)
        L += c->R[i] * c->out[i];
    return L;
}

static void check_gru(int dirs)
{
    GruCase c;
    memset(&c, 0, sizeof c);
    int len[GN] = {4, 2, 0};            /* ragged, and an empty row */
    memcpy(c.len, len, sizeof len);
    params_init(&c.p);
    bigru_declare(&c.g, &c.p, "gru", dirs, GI, GH);
    params_alloc(&c.p);
    Rng rng;
    rng_seed(&rng, 3);
    bigru_init(&c.g, &c.p, &rng);
    for (size_t i = 0; i < c.p.count; i++)     /* biases too */
        c.p.value[i] += 0.3 * rng_normal(&rng);
    for (int i = 0; i < GN * GT * GI; i++) c.x[i] = rng_normal(&rng);
    for (int i = 0; i < GN * GT * 2 * GH; i++) c.R[i] = rng_normal(&rng);
    bigru_cache_alloc(&c.cache, &c.g, GN, GT);
    real dx[GN * GT * GI] = {0};
    params_zero_grad(&c.p);
    gru_loss(&c);
    bigru_backward(dx, &c.p, &c.cache, &c.g, c.R, c.x, c.len, GN, GT);
    int bad = 0;
    for (int k = 0; k < c.p.n_tensors; k++) {
        const Tensor *t = &c.p.tensor[k];
        bad += grad_check(t->name, param(&c.p, k), param_grad(&c.p, k),
                          (size_t)t->rows * t->cols, CHECKS, gru_loss,
                          &c);
    }
    bad += grad_check("x", c.x, dx, GN * GT * GI, GN * GT * GI,
                      gru_loss, &c);
    assert_int_equal(bad, 0);
    /* padding: zero states past each end, for every direction */
    gru_loss(&c);
    for (int n = 0; n < GN; n++)
        for (int t = len[n]; t < GT; t++)
            for (int k = 0; k < dirs * GH; k++)
                assert_true(c.out[(n * GT + t) * dirs * GH + k] == 0);
    free(c.cache.h[0]);
    params_free(&c.p);
}

static void test_gru_gradients_over_ragged_rows(void **s)
{
    (void)s;
    check_gru(1);
}

static void test_gru_gradients_in_both_directions(void **s)
{
    (void)s;
    check_gru(2);
}

/* the backward direction reads each row from its end: a row's states
   do not depend on the padding after it */
static void test_padding_changes_no_state_in_either_direction(void **s)
{
    (void)s;
    GruCase c;
    memset(&c, 0, sizeof c);
    params_init(&c.p);
    bigru_declare(&c.g, &c.p, "gru", 2, GI, GH);
    params_alloc(&c.p);
    Rng rng;
    rng_seed(&rng, 8);
    bigru_init(&c.g, &c.p, &rng);
    bigru_cache_alloc(&c.cache, &c.g, GN, GT);
    for (int i = 0; i < GN * GT * GI; i++) c.x[i] = rng_normal(&rng);
    int len[GN] = {2, 2, 2};
    memcpy(c.len, len, sizeof len);
    bigru_forward(c.out, &c.cache, &c.g, &c.p, c.x, c.len, GN, GT);
    real short_out[GN * 2 * 2 * GH];        /* T = 2: no padding */
    real x2[GN * 2 * GI];
    for (int n = 0; n < GN; n++)
        memcpy(x2 + n * 2 * GI, c.x + n * GT * GI, sizeof(real) * 2 * GI);
    bigru_forward(short_out, &c.cache, &c.g, &c.p, x2, c.len, GN, 2);
    for (int n = 0; n < GN; n++)
        for (int k = 0; k < 2 * 2 * GH; k++)
            assert_true(fabs(short_out[n * 2 * 2 * GH + k]
                             - c.out[n * GT * 2 * GH + k]) < 1e-14);
    free(c.cache.h[0]);
    params_free(&c.p);
}

/* ---- pooling ---------------------------------------------------- */
enum { PN = 3, PT = 4, PH = 2, PD = 2 * PH };
typedef struct {
    SeqPool pool;
    Params p;
    real x[PN * PT * PD], out[PN * PD], w[PN * PT], R[PN * PD];
    int len[PN], mask[PN * PT];
} PoolCase;

static double pool_loss(void *ctx)
{
    PoolCase *c = ctx;
    seqpool_forward(c->out, c->w, &c->pool, &c->p, c->x, c->len,
                    c->mask, PN, PT);
    double L = 0;
    for (int i = 0; i < PN * PD; i++) L += c->R[i] * c->out[i];
    return L;
}

static void check_pool(int mode)
{
    PoolCase c;
    memset(&c, 0, sizeof c);
    int len[PN] = {4, 0, 2};            /* an empty row in between */
    memcpy(c.len, len, sizeof len);
    for (int n = 0; n < PN; n++)
        for (int t = 0; t < PT; t++) c.mask[n * PT + t] = t < len[n];
    params_init(&c.p);
    seqpool_declare(&c.pool, &c.p, "pool", mode, 2, PH);
    params_alloc(&c.p);
    Rng rng;
    rng_seed(&rng, 6);
    seqpool_init(&c.pool, &c.p, &rng);
    seqpool_alloc(&c.pool, PN, PT);
    for (int i = 0; i < PN * PT * PD; i++) c.x[i] = rng_normal(&rng);
    for (int i = 0; i < PN * PD; i++) c.R[i] = rng_normal(&rng);
    real dx[PN * PT * PD] = {0};
    params_zero_grad(&c.p);
    pool_loss(&c);
    seqpool_backward(dx, &c.p, &c.pool, c.R, c.x, c.len, c.mask, PN,
                     PT);
    int bad = 0;
    for (int k = 0; k < c.p.n_tensors; k++) {
        const Tensor *t = &c.p.tensor[k];
        bad += grad_check(t->name, param(&c.p, k), param_grad(&c.p, k),
                          (size_t)t->rows * t->cols, CHECKS, pool_loss,
                          &c);
    }
    bad += grad_check("x", c.x, dx, PN * PT * PD, PN * PT * PD,
                      pool_loss, &c);
    assert_int_equal(bad, 0);
    pool_loss(&c);
    for (int k = 0; k < PD; k++) assert_true(c.out[PD + k] == 0);
    if (mode != POOL_LAST)      /* weights: a distribution a row */
        for (int n = 0; n < PN; n++) {
            double sum = 0;
            for (int t = 0; t < PT; t++) sum += c.w[n * PT + t];
            assert_true(fabs(sum - (len[n] > 0)) < 1e-12);
        }
    seqpool_free(&c.pool);
    params_free(&c.p);
}

static void test_attention_with_a_learned_query_has_right_gradients(
    void **s)
{
    (void)s;
    check_pool(POOL_ATTENTION);
}

static void test_mean_and_last_pooling_have_right_gradients(void **s)
{
    (void)s;
    check_pool(POOL_MEAN);
    check_pool(POOL_LAST);
}

/* ---- the whole classifier -------------------------------------- */

static void small_documents(Batch *b, Dataset *d, int count)
{
    Rng rng;
    rng_seed(&rng, 4);
    dataset_generate(d, &documents_task, count, 1, 3, &rng);
    int rows[8];
    for (int i = 0; i < count; i++) rows[i] = i;
    batch_alloc(b, count, d->L);
    batch_fill(b, d, rows, count);
}

static void check_classifier(int variant, int dirs)
{
    Dataset d;
    Batch batch;
    small_documents(&batch, &d, 4);
    ModelConfig mc = han_config_default();
    mc.E = 3; mc.H = 2; mc.attention = variant; mc.directions = dirs;
    assert_null(mc.family->check(&mc));
    Model *m = model_create(&mc, 4, d.L, 7);
    assert_int_equal(check_every_tensor(m, &batch), 0);
    model_free(m);
    batch_free(&batch);
    dataset_free(&d);
}

static void test_the_classifier_has_right_gradients_for_every_variant(
    void **s)
{
    (void)s;
    for (int v = 0; v < HAN_VARIANTS; v++) check_classifier(v, 2);
    check_classifier(HAN_BOTH, 1);
}

/* the evidence: a distribution over each document's sentences, and
   over the words of each sentence, zero at the full stops */
static void test_the_evidence_sums_to_one_a_sentence(void **s)
{
    (void)s;
    Dataset d;
    Batch batch;
    small_documents(&batch, &d, 4);
    ModelConfig mc = han_config_default();
    Model *m = model_create(&mc, 4, d.L, 7);
    int label[4];
    han_classify(m, &batch, label);
    real token_w[64], sent_w[HAN_MAX_SENTENCES];
    for (int b = 0; b < 4; b++) {
        assert_true(label[b] >= N_SPECIAL && label[b] < mc.tgt_vocab);
        int n = han_evidence(m, b, token_w, sent_w);
        const int *src = batch.src + b * batch.S;
        double sum_s = 0, sum_w = 0;
        for (int i = 0; i < n; i++) sum_s += sent_w[i];
        for (int t = 0; t < batch.src_len[b]; t++) {
            if (src[t] == DOC_PERIOD_ID || src[t] < N_SPECIAL)
                assert_true(token_w[t] == 0);
            sum_w += token_w[t];
        }
        assert_true(fabs(sum_s - 1) < 1e-12);
        assert_true(fabs(sum_w - n) < 1e-12);   /* 1 a sentence */
    }
    model_free(m);
    batch_free(&batch);
    dataset_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            test_the_full_stop_is_the_first_word_after_the_specials),
        cmocka_unit_test(
            test_one_sentence_is_the_cats_and_its_adjective_decides),
        cmocka_unit_test(test_sentences_are_split_at_full_stops),
        cmocka_unit_test(test_the_chance_levels_are_exact),
        cmocka_unit_test(test_a_gru_step_follows_cho_et_al),
        cmocka_unit_test(test_gru_gradients_over_ragged_rows),
        cmocka_unit_test(test_gru_gradients_in_both_directions),
        cmocka_unit_test(
            test_padding_changes_no_state_in_either_direction),
        cmocka_unit_test(
            test_attention_with_a_learned_query_has_right_gradients),
        cmocka_unit_test(test_mean_and_last_pooling_have_right_gradients),
        cmocka_unit_test(
            test_the_classifier_has_right_gradients_for_every_variant),
        cmocka_unit_test(test_the_evidence_sums_to_one_a_sentence),
    };
    return cmocka_run_group_tests_name("chapter 11: documents", tests,
                                       NULL, NULL);
}
