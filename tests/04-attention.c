/* Tests for chapter 4: masked softmax, the three scorers, and the
   model with attention. Built in double precision. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "families.h"
#include "model-check.h"

static void test_masked_rows_sum_to_one_and_padding_gets_zero(void **s)
{
    (void)s;
    real score[5] = {0.3, -2, 1.5, 7, 7}, w[5];
    int mask[5] = {1, 1, 1, 0, 0};
    masked_softmax(w, score, mask, 5);
    assert_true(fabs(w[0] + w[1] + w[2] - 1) < 1e-15);
    assert_true(w[3] == 0 && w[4] == 0);
    assert_true(w[2] > w[0] && w[0] > w[1]);
}

static void test_a_fully_masked_row_gives_finite_weights(void **s)
{
    (void)s;
    real score[4] = {1, 2, 3, 4}, w[4];
    int mask[4] = {0, 0, 0, 0};
    masked_softmax(w, score, mask, 4);
    for (int k = 0; k < 4; k++) {
        assert_true(isfinite(w[k]));
        assert_true(w[k] == 0.25);
    }
}

static void test_scores_of_plus_or_minus_1e4_stay_finite(void **s)
{
    (void)s;
    real score[4] = {1e4, -1e4, 1e4, 1e4}, w[4];
    int mask[4] = {1, 1, 1, 0};
    masked_softmax(w, score, mask, 4);
    for (int k = 0; k < 4; k++) assert_true(isfinite(w[k]));
    assert_true(fabs(w[0] - 0.5) < 1e-15 && w[1] == 0 && w[3] == 0);
    real low[3] = {-1e4, -1e4 - 1, 5};
    int mask2[3] = {1, 1, 0};
    masked_softmax(w, low, mask2, 3);
    assert_true(fabs(w[0] - 1 / (1 + exp(-1.0))) < 1e-12 && w[2] == 0);
}

/* ---- each scorer, alone ----------------------------------------- */
enum { AB = 3, AT = 4, AS = 5 };
typedef struct {
    Scorer sc;
    Params p;
    AttnCache cache;
    real *dec, *enc, *ctx, *R;
    int *mask, *dec_len, Hd, He;
} AttnCase;

static double attn_loss(void *ctx)
{
    AttnCase *c = ctx;
    attention_forward(c->ctx, &c->cache, &c->sc, &c->p, c->dec, c->enc,
                      c->mask, c->dec_len, AB, AT, AS);
    double L = 0;
    for (int b = 0; b < AB; b++)
        for (int t = 0; t < c->dec_len[b]; t++)
            for (int k = 0; k < c->He; k++) {
                size_t i = ((size_t)b * AT + t) * c->He + k;
                L += c->R[i] * c->ctx[i];
            }
    return L;
}

static void check_scorer(int kind, int Hd, int He)
{
    AttnCase c = {.Hd = Hd, .He = He};
    int mask[AB * AS] = {1, 1, 1, 1, 1,   1, 1, 1, 0, 0,  1, 1, 0, 0, 0};
    int dec_len[AB] = {4, 3, 2};
    c.mask = mask; c.dec_len = dec_len;
    params_init(&c.p);
    scorer_declare(&c.sc, &c.p, kind, Hd, He);
    if (c.p.n_tensors == 0) params_add(&c.p, "unused", 1, 1);
    params_alloc(&c.p);
    Rng rng;
    rng_seed(&rng, 41);
    scorer_init(&c.sc, &c.p, &rng);
    attn_cache_alloc(&c.cache, &c.sc, AB, AT, AS);
    c.dec = calloc(AB * AT * Hd, sizeof(real));
    c.enc = calloc(AB * AS * He, sizeof(real));
    c.ctx = calloc(AB * AT * He, sizeof(real));
    c.R = calloc(AB * AT * He, sizeof(real));
    init_normal(c.dec, AB * AT * Hd, 1, &rng);
    init_normal(c.enc, AB * AS * He, 1, &rng);
    init_normal(c.R, AB * AT * He, 1, &rng);
    real *d_dec = calloc(AB * AT * Hd, sizeof(real));
    real *d_enc = calloc(AB * AS * He, sizeof(real));
    attn_loss(&c);
    attention_backward(d_dec, d_enc, &c.p, &c.cache, &c.sc, c.R, c.dec,
                       c.enc, mask, dec_len, AB, AT, AS);
    int bad = grad_check("dec", c.dec, d_dec, AB * AT * Hd, 200,
                         attn_loss, &c)
            + grad_check("enc", c.enc, d_enc, AB * AS * He, 200,
                         attn_loss, &c);
    for (int k = 0; k < c.p.n_tensors; k++) {
        const Tensor *t = &c.p.tensor[k];
        bad += grad_check(t->name, param(&c.p, k), param_grad(&c.p, k),
                          (size_t)t->rows * t->cols, 200, attn_loss, &c);
    }
    assert_int_equal(bad, 0);
    /* padding positions of the encoder get no gradient */
    for (int k = 0; k < He; k++) {
        assert_true(d_enc[(1 * AS + 3) * He + k] == 0);
        assert_true(d_enc[(2 * AS + 4) * He + k] == 0);
    }
    /* the weights of real steps sum to one, and skip padding */
    for (int b = 0; b < AB; b++)
        for (int t = 0; t < dec_len[b]; t++) {
            double sum = 0;
            for (int j = 0; j < AS; j++) {
                real w = c.cache.weights[(b * AT + t) * AS + j];
                if (!mask[b * AS + j]) assert_true(w == 0);
                sum += w;
            }
            assert_true(fabs(sum - 1) < 1e-12);
        }
    free(c.dec); free(c.enc); free(c.ctx); free(c.R);
    free(d_dec); free(d_enc);
    attn_cache_free(&c.cache);
    params_free(&c.p);
}

/* A sentence that is all padding gets the finite weights 1/S from
   the forward pass; the backward pass must send nothing through
   them, to the decoder, the encoder or the scorer's weights. */
static void check_all_padding_row_sends_no_gradient(int kind)
{
    enum { H = 4 };
    Scorer sc;
    Params p;
    params_init(&p);
    scorer_declare(&sc, &p, kind, H, H);
    if (p.n_tensors == 0) params_add(&p, "unused", 1, 1);
    params_alloc(&p);
    Rng rng;
    rng_seed(&rng, 43);
    scorer_init(&sc, &p, &rng);
    AttnCache cache;
    attn_cache_alloc(&cache, &sc, 2, 3, 4);
    real dec[2 * 3 * H], enc[2 * 4 * H], ctx[2 * 3 * H], R[2 * 3 * H];
    real d_dec[2 * 3 * H] = {0}, d_enc[2 * 4 * H] = {0};
    init_normal(dec, 2 * 3 * H, 1, &rng);
    init_normal(enc, 2 * 4 * H, 1, &rng);
    int mask[2 * 4] = {1, 1, 0, 0,   0, 0, 0, 0};
    int dec_len[2] = {3, 3};
    attention_forward(ctx, &cache, &sc, &p, dec, enc, mask, dec_len,
                      2, 3, 4);
    for (int k = 0; k < 3 * 4; k++)     /* finite weights 1/S */
        assert_true(cache.weights[3 * 4 + k] == 0.25);
    for (int k = 0; k < 2 * 3 * H; k++)  /* gradient on sentence 1 */
        R[k] = k < 3 * H ? 0 : 1;
    attention_backward(d_dec, d_enc, &p, &cache, &sc, R, dec, enc, mask,
                       dec_len, 2, 3, 4);
    for (int k = 0; k < 2 * 3 * H; k++) assert_true(d_dec[k] == 0);
    for (int k = 0; k < 2 * 4 * H; k++) assert_true(d_enc[k] == 0);
    for (size_t k = 0; k < p.count; k++) assert_true(p.grad[k] == 0);
    attn_cache_free(&cache);
    params_free(&p);
}

static void test_an_all_padding_row_sends_no_gradient(void **s)
{
    (void)s;
    check_all_padding_row_sends_no_gradient(SCORE_DOT);
    check_all_padding_row_sends_no_gradient(SCORE_GENERAL);
    check_all_padding_row_sends_no_gradient(SCORE_ADDITIVE);
}

/* 37 = 2 * 16 + 5: dot_product's main loop runs twice and its tail
   once, and additive_pair's loops run their full vector bodies */
enum { FULL_LANES = 37 };

static void test_additive_score_matches_finite_differences(void **s)
{
    (void)s;
    check_scorer(SCORE_ADDITIVE, 3, 5);     /* sizes may differ */
    check_scorer(SCORE_ADDITIVE, 4, 4);
    check_scorer(SCORE_ADDITIVE, FULL_LANES, FULL_LANES);
}

static void test_dot_score_matches_finite_differences(void **s)
{
    (void)s;
    check_scorer(SCORE_DOT, 4, 4);
    check_scorer(SCORE_DOT, FULL_LANES, FULL_LANES);
}

static void test_general_score_matches_finite_differences(void **s)
{
    (void)s;
    check_scorer(SCORE_GENERAL, 3, 5);
    check_scorer(SCORE_GENERAL, 4, 4);
    check_scorer(SCORE_GENERAL, FULL_LANES, FULL_LANES);
}

/* ---- the forward pass against the formulas ------------------ */
/* e_ts of section 4.2, straight from the formula, in plain loops */
static double score_by_formula(const Scorer *sc, const Params *p,
                               const real *h_t, const real *h_s)
{
    int Hd = sc->Hd, He = sc->He, A = sc->A;
    double e = 0;
    if (sc->kind == SCORE_DOT)                  /* h_t . h_s */
        for (int k = 0; k < He; k++) e += h_t[k] * h_s[k];
    if (sc->kind == SCORE_GENERAL) {            /* h_t W_a h_s */
        const real *W_a = param(p, sc->W_a);    /* [Hd, He] */
        for (int j = 0; j < Hd; j++)
            for (int k = 0; k < He; k++)
                e += h_t[j] * W_a[j * He + k] * h_s[k];
    }
    if (sc->kind == SCORE_ADDITIVE) {   /* tanh(h_t W_d+h_s W_e).v */
        const real *W_d = param(p, sc->W_d), *W_e = param(p, sc->W_e);
        for (int a = 0; a < A; a++) {
            double pre = 0;
            for (int j = 0; j < Hd; j++)
                pre += h_t[j] * W_d[j * A + a];
            for (int k = 0; k < He; k++)
                pre += h_s[k] * W_e[k * A + a];
            e += tanh(pre) * param(p, sc->v)[a];
        }
    }
    return e;
}

enum { FB = 3, FT = 4, FS = 5 };
#define FORMULA_ATOL 1e-12

/* Score, softmax and average of every real step, by the formulas,
   against attention_forward: weights and context. Sentences 1 and
   2 stop before T, so each real step's row in dec_rows differs
   from its place (b, t) in [B, T, Hd]. */
static void check_forward_by_formula(int kind, int Hd, int He)
{
    Scorer sc;
    Params p;
    Rng rng;
    AttnCache c;
    params_init(&p);
    scorer_declare(&sc, &p, kind, Hd, He);
    params_add(&p, "unused", 1, 1);
    params_alloc(&p);
    rng_seed(&rng, 47);
    scorer_init(&sc, &p, &rng);
    attn_cache_alloc(&c, &sc, FB, FT, FS);
    real *dec = calloc(FB * FT * Hd, sizeof(real)); /* [B, T, Hd] */
    real *enc = calloc(FB * FS * He, sizeof(real)); /* [B, S, He] */
    real *ctx = calloc(FB * FT * He, sizeof(real)); /* [B, T, He] */
    init_normal(dec, FB * FT * Hd, 1, &rng);
    init_normal(enc, FB * FS * He, 1, &rng);
    int mask[FB * FS] = {1, 1, 1, 1, 1,  1, 1, 1, 0, 0,
                         1, 1, 0, 0, 0};
    int dec_len[FB] = {2, 4, 3};
    attention_forward(ctx, &c, &sc, &p, dec, enc, mask, dec_len,
                      FB, FT, FS);
    for (int b = 0; b < FB; b++)
        for (int t = 0; t < dec_len[b]; t++) {
            double e[FS] = {0}, w[FS], max = -INFINITY, sum = 0;
            const real *h_t = dec + (b * FT + t) * Hd;
            for (int s = 0; s < FS; s++) if (mask[b * FS + s]) {
                e[s] = score_by_formula(&sc, &p, h_t,
                                        enc + (b * FS + s) * He);
                max = fmax(max, e[s]);
            }
            for (int s = 0; s < FS; s++)
                sum += w[s] = mask[b * FS + s] ? exp(e[s] - max) : 0;
            for (int s = 0; s < FS; s++)
                assert_true(fabs(c.weights[(b * FT + t) * FS + s]
                                 - w[s] / sum) < FORMULA_ATOL);
            for (int k = 0; k < He; k++) {
                double avg = 0;
                for (int s = 0; s < FS; s++)
                    avg += w[s] / sum * enc[(b * FS + s) * He + k];
                assert_true(fabs(ctx[(b * FT + t) * He + k] - avg)
                            < FORMULA_ATOL);
            }
        }
    free(dec); free(enc); free(ctx);
    attn_cache_free(&c);
    params_free(&p);
}

static void test_attention_forward_agrees_with_the_formulas(void **s)
{
    (void)s;
    check_forward_by_formula(SCORE_DOT, 5, 5);
    check_forward_by_formula(SCORE_GENERAL, 3, 5);
    check_forward_by_formula(SCORE_ADDITIVE, 3, 5);
    check_forward_by_formula(SCORE_DOT, FULL_LANES, FULL_LANES);
    check_forward_by_formula(SCORE_GENERAL, FULL_LANES, 6);
    check_forward_by_formula(SCORE_ADDITIVE, 6, FULL_LANES);
}

static void test_dot_with_unequal_sizes_is_refused_by_name(void **s)
{
    (void)s;
    const char *why = scorer_check(SCORE_DOT, 64, 128);
    assert_non_null(why);
    assert_non_null(strstr(why, "64"));
    assert_non_null(strstr(why, "128"));
    assert_non_null(strstr(why, "general"));
    assert_null(scorer_check(SCORE_DOT, 64, 64));
    assert_null(scorer_check(SCORE_ADDITIVE, 64, 128));
    assert_null(scorer_check(SCORE_GENERAL, 64, 128));
}

static void test_scorers_are_found_by_name(void **s)
{
    (void)s;
    assert_int_equal(kind_from_name("none"), ATTN_NONE);
    assert_int_equal(kind_from_name("dot"), ATTN_DOT);
    assert_int_equal(kind_from_name("general"), ATTN_GENERAL);
    assert_int_equal(kind_from_name("additive"), ATTN_ADDITIVE);
    assert_int_equal(ATTN_DOT, SCORE_DOT);
    assert_int_equal(ATTN_ADDITIVE, SCORE_ADDITIVE);
}

/* ---- the model with attention ----------------------------------- */
static void test_model_with_dot_attention_matches_finite_differences(void **s)
{
    (void)s;
    check_model_gradients(ATTN_DOT);
}

static void test_model_with_general_attention_matches_finite_differences(void **s)
{
    (void)s;
    check_model_gradients(ATTN_GENERAL);
}

static void test_model_with_additive_attention_matches_finite_differences(void **s)
{
    (void)s;
    check_model_gradients(ATTN_ADDITIVE);
}

static void test_attention_adds_parameters(void **s)
{
    (void)s;
    ModelConfig mc = model_config_default();
    size_t count[4];
    for (int k = 0; k < 4; k++) {
        mc.attention = k;
        Model *m = model_create(&mc, 4, 8, 1);
        count[k] = m->params.count;
        model_free(m);
    }
    assert_int_equal(count[ATTN_DOT] - count[ATTN_NONE], 128 * 64);
    assert_int_equal(count[ATTN_GENERAL] - count[ATTN_DOT], 64 * 64);
    assert_int_equal(count[ATTN_ADDITIVE] - count[ATTN_DOT],
                     2 * 64 * 64 + 64);
}

static void test_greedy_weights_sum_to_one_over_real_tokens(void **s)
{
    (void)s;
    Dataset d;
    Batch batch;
    small_batch(&batch, &d, 5, 5);
    ModelConfig mc = model_config_default();
    mc.E = 6; mc.H = 6; mc.attention = ATTN_ADDITIVE;
    Model *m = model_create(&mc, 5, d.L, 3);
    int steps = 4, out[5 * 4];
    real *w = calloc(5 * steps * batch.S, sizeof(real));
    greedy_decode(m, &batch, steps, out, w);
    for (int b = 0; b < 5; b++)
        for (int j = 0; j < steps; j++) {
            double sum = 0;
            for (int t = 0; t < batch.S; t++) {
                real x = w[(b * steps + j) * batch.S + t];
                if (t >= batch.src_len[b]) assert_true(x == 0);
                sum += x;
            }
            assert_true(fabs(sum - 1) < 1e-12);
        }
    free(w);
    model_free(m);
    batch_free(&batch);
    dataset_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_masked_rows_sum_to_one_and_padding_gets_zero),
        cmocka_unit_test(test_a_fully_masked_row_gives_finite_weights),
        cmocka_unit_test(test_scores_of_plus_or_minus_1e4_stay_finite),
        cmocka_unit_test(test_an_all_padding_row_sends_no_gradient),
        cmocka_unit_test(test_additive_score_matches_finite_differences),
        cmocka_unit_test(test_dot_score_matches_finite_differences),
        cmocka_unit_test(test_attention_forward_agrees_with_the_formulas),
        cmocka_unit_test(test_general_score_matches_finite_differences),
        cmocka_unit_test(test_dot_with_unequal_sizes_is_refused_by_name),
        cmocka_unit_test(test_scorers_are_found_by_name),
        cmocka_unit_test(test_model_with_dot_attention_matches_finite_differences),
        cmocka_unit_test(test_model_with_general_attention_matches_finite_differences),
        cmocka_unit_test(test_model_with_additive_attention_matches_finite_differences),
        cmocka_unit_test(test_attention_adds_parameters),
        cmocka_unit_test(test_greedy_weights_sum_to_one_over_real_tokens),
    };
    return cmocka_run_group_tests_name("chapter 4: attention", tests,
                                       NULL, NULL);
}
