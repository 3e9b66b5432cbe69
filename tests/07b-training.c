/* Tests for chapter 7, part 2: the encoder-decoder Transformer,
   trained through chapter 3's interface. Built in double precision;
   the whole model is checked against finite differences. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tmodel.h"
#include "model-check.h"

/* a small Transformer: D = 4, two heads of 2, F = 6. (With F = 128
   one of the 128 ReLUs of one real row sat at -7.4e-7, inside the
   finite-difference step, and its kink failed the check: the
   feed-forward layer is kept narrow so that no unit sits there.) */
static ModelConfig small_config(int layers, int positional,
                                int scaled)
{
    ModelConfig mc = model_config_default();
    mc.family = &transformer_family;
    mc.H = 4; mc.heads = 2; mc.ff = 6; mc.layers = layers;
    mc.positional = positional; mc.scaled = scaled;
    return mc;
}

static Model *small_transformer(int layers, int positional,
                                int scaled, int max_B, int L)
{
    ModelConfig mc = small_config(layers, positional, scaled);
    return model_create(&mc, max_B, L, 7);
}

/* every tensor of the whole model, on a ragged (padded) batch; the
   heads are head_width wide, or D / N_H if it is 0 */
static void check_config_gradients(const ModelConfig *mc)
{
    Dataset d;
    Batch batch;
    small_batch(&batch, &d, 5, 5);
    assert_true(batch.src_len[0] > batch.src_len[4]);  /* ragged */
    Model *m = model_create(mc, 5, d.L, 7);
    assert_int_equal(tmodel_of(m)->dk,
                     mc->head_width ? mc->head_width
                                    : mc->H / mc->heads);
    assert_int_equal(check_every_tensor(m, &batch), 0);
    model_free(m);
    batch_free(&batch);
    dataset_free(&d);
}

static void check_transformer_gradients(int layers, int positional,
                                        int scaled)
{
    ModelConfig mc = small_config(layers, positional, scaled);
    check_config_gradients(&mc);
}

static void test_transformer_one_layer_matches_finite_differences(
    void **s)
{
    (void)s;
    check_transformer_gradients(1, 1, 1);
}

static void test_transformer_two_layers_matches_finite_differences(
    void **s)
{
    (void)s;
    check_transformer_gradients(2, 1, 1);
}

/* the paper's depth, which the store of chapter 1 holds since it
   has room for 192 tensors */
static void test_transformer_six_layers_matches_finite_differences(
    void **s)
{
    (void)s;
    check_transformer_gradients(6, 1, 1);
}

/* heads of width 3, not D / N_H = 2: the projections [4, 6] and
   [6, 4], through every block of the model */
static void test_transformer_with_wider_heads_matches_finite_differences(
    void **s)
{
    (void)s;
    ModelConfig mc = small_config(1, 1, 1);
    mc.head_width = 3;
    check_config_gradients(&mc);
}

/* the paper's post-norm blocks, and no last norms, two layers */
static void test_post_norm_transformer_matches_finite_differences(
    void **s)
{
    (void)s;
    ModelConfig mc = small_config(2, 1, 1);
    mc.post_norm = 1;
    check_config_gradients(&mc);
}

static void
test_transformer_without_position_or_scale_matches_finite_differences(
    void **s)
{
    (void)s;
    check_transformer_gradients(1, 0, 0);
}

/* greedy decoding through chapter 3's greedy_decode: its first step
   must pick the word the teacher-forced logits rank first at
   position 0, and its weights must be the forward pass's */
static void test_greedy_decoding_agrees_with_the_forward_pass(void **s)
{
    (void)s;
    Dataset d;
    Batch batch;
    small_batch(&batch, &d, 5, 5);
    Model *m = small_transformer(2, 1, 1, 5, d.L);
    model_forward(m, &batch);
    int T = batch.T - 1, S = batch.S, V = m->cfg.tgt_vocab;
    real *w = xcalloc((size_t)5 * T * S, sizeof(real));
    memcpy(w, m->weights, sizeof(real) * 5 * T * S);
    int first[5];
    for (int b = 0; b < 5; b++) {
        const real *z = tmodel_of(m)->logits + (size_t)b * T * V;
        first[b] = FIRST_OUTPUT;     /* never <pad>, <unk>, <sos> */
        for (int k = FIRST_OUTPUT + 1; k < V; k++)
            if (z[k] > z[first[b]]) first[b] = k;
    }
    int *out = xcalloc((size_t)5 * T, sizeof(int));
    real *wd = xcalloc((size_t)5 * T * S, sizeof(real));
    greedy_decode(m, &batch, T, out, wd);
    for (int b = 0; b < 5; b++) {
        assert_int_equal(out[b * T], first[b]);
        for (int j = 0; j < S; j++)     /* row 0 saw only <sos> */
            assert_true(fabs(wd[(size_t)b * T * S + j]
                             - w[(size_t)b * T * S + j]) < 1e-12);
    }
    free(w); free(wd); free(out);
    model_free(m);
    batch_free(&batch);
    dataset_free(&d);
}

/* every step of greedy decoding records the weights of the row it
   predicted from: up to each sentence's <eos> they are the forward
   pass's, fed the words greedy decoding wrote */
static void test_greedy_weights_are_the_forward_pass_on_its_words(
    void **s)
{
    (void)s;
    Dataset d;
    Batch batch;
    small_batch(&batch, &d, 5, 5);
    Model *m = small_transformer(2, 1, 1, 5, d.L);
    int T = batch.T - 1, S = batch.S;
    int *out = xcalloc((size_t)5 * T, sizeof(int));
    real *wd = xcalloc((size_t)5 * T * S, sizeof(real));
    greedy_decode(m, &batch, T, out, wd);
    int rows[5];
    for (int b = 0; b < 5; b++) {       /* the target: <sos>, out */
        int *tgt = batch.tgt + (size_t)b * batch.T;
        tgt[0] = SOS;
        rows[b] = 0;
        while (rows[b] < T && out[b * T + rows[b]] != EOS) {
            tgt[rows[b] + 1] = out[b * T + rows[b]];
            rows[b]++;
        }
        if (rows[b] < T) tgt[++rows[b]] = EOS;  /* rows to <eos> */
        for (int t = rows[b] + 1; t <= T; t++) tgt[t] = PAD;
        batch.tgt_len[b] = rows[b] + 1;
    }
    model_forward(m, &batch);
    for (int b = 0; b < 5; b++)
        for (size_t i = 0; i < (size_t)rows[b] * S; i++)
            assert_true(fabs(wd[(size_t)b * T * S + i]
                             - m->weights[(size_t)b * T * S + i])
                        < 1e-12);
    free(wd); free(out);
    model_free(m);
    batch_free(&batch);
    dataset_free(&d);
}

/* share times the loss of model m on batch; its gradient, times
   share, added to sum_grad */
static double weighted(Model *m, Batch *batch, double share,
                       real *sum_grad)
{
    params_zero_grad(&m->params);
    double loss = model_forward(m, batch);
    model_backward(m, batch);
    for (size_t i = 0; i < m->params.count; i++)
        sum_grad[i] += share * m->params.grad[i];
    return share * loss;
}

static int target_tokens(const Batch *batch)
{
    int tokens = 0;
    for (int b = 0; b < batch->B; b++)
        tokens += batch->tgt_len[b] - 1;
    return tokens;
}

/* one group: five sentences, padded to their longest, then the
   same five with a longer sixth, which pads them further */
static void test_more_padding_in_a_group_changes_no_sentence(void **s)
{
    (void)s;
    Dataset d;
    Batch all, few, one;
    small_batch(&all, &d, 6, 9);        /* sorted: row 0 longest */
    batch_alloc(&few, 5, d.L);
    batch_fill(&few, &d, all.row + 1, 5);
    batch_alloc(&one, 1, d.L);
    batch_fill(&one, &d, all.row, 1);
    assert_true(all.S > few.S && all.T > few.T);  /* more padding */
    Model *m = small_transformer(1, 1, 1, 6, d.L);
    size_t P = m->params.count;
    real *grad = xcalloc(2 * P, sizeof(real)), *parts = grad + P;
    double n = target_tokens(&all);
    double loss = weighted(m, &all, 1, grad);
    double sum = weighted(m, &few, target_tokens(&few) / n, parts)
                 + weighted(m, &one, target_tokens(&one) / n, parts);
    assert_true(fabs(loss - sum) < 1e-12);
    for (size_t i = 0; i < P; i++)
        assert_true(fabs(grad[i] - parts[i]) < 1e-12);
    free(grad);
    model_free(m);
    batch_free(&all); batch_free(&few); batch_free(&one);
    dataset_free(&d);
}

/* a batch of 16 sentences runs in groups of TMODEL_GROUP_ROWS; its
   loss and every gradient must be the sums of its sentences', each
   run alone and weighted by its share of the target tokens */
static void test_a_batch_in_groups_is_its_sentences_one_at_a_time(
    void **s)
{
    (void)s;
    enum { N = 16 };
    assert_true((int)N > (int)TMODEL_GROUP_ROWS);
    Dataset d;
    Batch batch, one;
    small_batch(&batch, &d, N, 9);
    batch_alloc(&one, 1, d.L);
    Model *m = small_transformer(1, 1, 1, N, d.L);
    size_t P = m->params.count;
    real *grad = xcalloc(2 * P, sizeof(real)), *parts = grad + P;
    double n = target_tokens(&batch), sum = 0;
    double loss = weighted(m, &batch, 1, grad);
    for (int b = 0; b < N; b++) {
        batch_fill(&one, &d, &batch.row[b], 1);
        sum += weighted(m, &one, target_tokens(&one) / n, parts);
    }
    assert_true(fabs(loss - sum) < 1e-12);
    for (size_t i = 0; i < P; i++)
        assert_true(fabs(grad[i] - parts[i]) < 1e-12);
    free(grad);
    model_free(m);
    batch_free(&batch);
    batch_free(&one);
    dataset_free(&d);
}

/* the products of decoding one sentence in T' steps, read from
   flop_count around the steps, with the prefix rerun or with the
   cache of keys and values */
static uint64_t decoding_flops(Model *m, const Batch *b, int rerun)
{
    tmodel_rerun_prefix(m, rerun);
    Encoding enc = encode_source(m, b);
    uint64_t before = flop_count;
    DecoderState *d = decoder_start(m, &enc);
    int input = SOS;
    for (int t = 0; t < b->T - 1; t++, input = FIRST_OUTPUT + 1)
        decoder_step(m, d, &enc, &input, NULL);
    decoder_stop(m, d);
    return flop_count - before;
}

/* exercise 7.9's count, P = 6D^2 + 2DF a position and C = 2D^2 a
   source token in each of L blocks, with what it leaves out added:
   the scores and averages of both attentions and the output layer.
   Step s runs s positions when rerunning, one with the cache. */
static uint64_t counted_flops(int L, int D, int F, int V, int S,
                              int T, int rerun)
{
    uint64_t P = 6ull * D * D + 2ull * D * F, C = 2ull * D * D;
    uint64_t mac = rerun ? 0 : L * C * S;       /* once, at start */
    for (uint64_t s = 1; s <= (uint64_t)T; s++) {
        uint64_t n = rerun ? s : 1;
        mac += L * (n * P + (rerun ? C * S : 0))
               + L * (2 * n * s * D + 2 * n * S * D)   /* scores */
               + n * D * V;                            /* logits */
    }
    return 2 * mac;
}

static void test_decoding_costs_what_exercise_7_9_counts(void **s)
{
    (void)s;
    static const int sizes[2][4] = { {4, 2, 6, 2}, {64, 4, 128, 1} };
    Dataset d;
    Batch b;
    small_batch(&b, &d, 1, 6);
    for (int k = 0; k < 2; k++) {       /* D, N_H, F, layers */
        ModelConfig mc = model_config_default();
        mc.family = &transformer_family;
        mc.H = sizes[k][0]; mc.heads = sizes[k][1];
        mc.ff = sizes[k][2]; mc.layers = sizes[k][3];
        Model *m = model_create(&mc, 1, d.L, 7);
        for (int rerun = 0; rerun < 2; rerun++)
            assert_int_equal(decoding_flops(m, &b, rerun),
                             counted_flops(mc.layers, mc.H, mc.ff,
                                           mc.tgt_vocab, b.S,
                                           b.T - 1, rerun));
        model_free(m);
    }
    batch_free(&b);
    dataset_free(&d);
}

static void test_bad_transformer_sizes_are_named(void **s)
{
    (void)s;
    ModelConfig mc = model_config_default();
    mc.family = &transformer_family;
    assert_null(transformer_check(&mc));
    mc.heads = 3;
    assert_non_null(strstr(transformer_check(&mc), "3 heads"));
    mc.head_width = 16;                 /* 3 heads of 16: no need */
    assert_null(transformer_check(&mc));
    mc.head_width = 2000;               /* 3 x 2000 = 6000 wide */
    assert_non_null(strstr(transformer_check(&mc), "at most 4096"));
    mc.head_width = 0;
    mc.heads = 4; mc.layers = 0;
    assert_non_null(strstr(transformer_check(&mc), "not 0"));
    mc.layers = 1; mc.ff = 0;
    assert_non_null(strstr(transformer_check(&mc), "not 0"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            test_transformer_one_layer_matches_finite_differences),
        cmocka_unit_test(
            test_transformer_two_layers_matches_finite_differences),
        cmocka_unit_test(
            test_transformer_six_layers_matches_finite_differences),
        cmocka_unit_test(
test_transformer_without_position_or_scale_matches_finite_differences),
        cmocka_unit_test(
            test_transformer_with_wider_heads_matches_finite_differences),
        cmocka_unit_test(
            test_post_norm_transformer_matches_finite_differences),
        cmocka_unit_test(test_greedy_decoding_agrees_with_the_forward_pass),
        cmocka_unit_test(
            test_greedy_weights_are_the_forward_pass_on_its_words),
        cmocka_unit_test(
            test_more_padding_in_a_group_changes_no_sentence),
        cmocka_unit_test(
            test_a_batch_in_groups_is_its_sentences_one_at_a_time),
        cmocka_unit_test(test_decoding_costs_what_exercise_7_9_counts),
        cmocka_unit_test(test_bad_transformer_sizes_are_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
