/* Tests for chapter 7: the Transformer's building blocks. Built in
   double precision. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "transformer.h"

#define CHECKS 200              /* finite-difference checks a tensor */
#define AGREE 1e-12             /* "the same, to rounding" in double */

static real *randn(size_t n, Rng *rng)
{
    real *x = xcalloc(n, sizeof(real));
    init_normal(x, n, 1, rng);
    return x;
}

static double max_diff(const real *a, const real *b, size_t n)
{
    double worst = 0;
    for (size_t i = 0; i < n; i++) worst = fmax(worst, fabs(a[i] - b[i]));
    return worst;
}

static double weighted_sum(const real *R, const real *y, size_t n)
{
    double L = 0;
    for (size_t i = 0; i < n; i++) L += R[i] * y[i];
    return L;
}

/* ---- the bridge ------------------------------------------------ */
static void test_unscaled_one_head_attention_is_chapter_4s_dot_attention(
    void **s)
{
    (void)s;
    enum { B = 3, T = 4, S = 5, H = 6 };
    Rng rng;
    rng_seed(&rng, 7);
    real *dec = randn(B * T * H, &rng), *enc = randn(B * S * H, &rng);
    int src_len[B] = {5, 3, 2}, dec_len[B] = {T, T, T}, mask4[B * S];
    for (int b = 0; b < B; b++)
        for (int j = 0; j < S; j++) mask4[b * S + j] = j < src_len[b];
    Scorer sc;                              /* chapter 4 */
    Params p;
    params_init(&p);
    scorer_declare(&sc, &p, SCORE_DOT, H, H);  /* no parameter */
    params_alloc(&p);
    AttnCache cache;
    attn_cache_alloc(&cache, &sc, B, T, S);
    real ctx4[B * T * H], out[B * T * H], w[B * T * S];
    attention_forward(ctx4, &cache, &sc, &p, dec, enc, mask4, dec_len,
                      B, T, S);
    int mask[B * T * S];                    /* chapter 7 */
    attention_mask(mask, src_len, 0, B, T, S);  /* 0: not causal */
    sdpa_forward(out, w, dec, enc, enc, mask, 1, B, 1, T, S, H, H);
    assert_true(max_diff(w, cache.weights, B * T * S) < AGREE);
    assert_true(max_diff(out, ctx4, B * T * H) < AGREE);
    attn_cache_free(&cache);
    params_free(&p);
    free(dec);
    free(enc);
}

/* ---- masks ------------------------------------------------------- */
static void test_hidden_keys_get_zero_weight_and_rows_sum_to_one(
    void **s)
{
    (void)s;
    enum { B = 2, T = 5, NH = 2, dk = 3 };
    Rng rng;
    rng_seed(&rng, 8);
    real *Q = randn(B * T * NH * dk, &rng), *K = randn(B * T * NH * dk,
                                                        &rng);
    real *V = randn(B * T * NH * dk, &rng), out[B * T * NH * dk];
    real w[B * NH * T * T];
    int len[B] = {5, 3}, mask[B * T * T];
    for (int causal = 0; causal < 2; causal++) {
        attention_mask(mask, len, causal, B, T, T);
        sdpa_forward(out, w, Q, K, V, mask, 0.5, B, NH, T, T, dk, dk);
        for (int b = 0; b < B; b++)
            for (int h = 0; h < NH; h++)
                for (int i = 0; i < T; i++) {
                    const real *row = w + ((b * NH + h) * T + i) * T;
                    const int *m = mask + (b * T + i) * T;
                    double sum = 0;
                    for (int j = 0; j < T; j++) {
                        assert_true(isfinite(row[j]));
                        if (!m[j]) assert_true(row[j] == 0);
                        if (causal && j > i) assert_true(row[j] == 0);
                        if (j >= len[b]) assert_true(row[j] == 0);
                        sum += row[j];
                    }
                    assert_true(fabs(sum - 1) < AGREE);
                }
    }
    free(Q); free(K); free(V);
}

static void test_a_row_with_no_visible_key_sends_no_gradient(void **s)
{
    (void)s;
    enum { B = 2, Tq = 3, Tk = 4, NH = 2, dk = 3, dv = 2 };
    Rng rng;
    rng_seed(&rng, 9);
    real *Q = randn(B * Tq * NH * dk, &rng);
    real *K = randn(B * Tk * NH * dk, &rng);
    real *V = randn(B * Tk * NH * dv, &rng);
    real out[B * Tq * NH * dv], w[B * NH * Tq * Tk];
    real d_out[B * Tq * NH * dv];
    real dQ[B * Tq * NH * dk] = {0}, dK[B * Tk * NH * dk] = {0};
    real dV[B * Tk * NH * dv] = {0};
    int len[B] = {4, 0}, mask[B * Tq * Tk];     /* sentence 1: empty */
    attention_mask(mask, len, 0, B, Tq, Tk);
    sdpa_forward(out, w, Q, K, V, mask, 0.7, B, NH, Tq, Tk, dk, dv);
    for (int k = NH * Tq * Tk; k < B * NH * Tq * Tk; k++)
        assert_true(w[k] == 1.0 / Tk);          /* finite: 1/Tk */
    for (int k = 0; k < B * Tq * NH * dv; k++)  /* only sentence 1 */
        d_out[k] = k < Tq * NH * dv ? 0 : 1;
    sdpa_backward(dQ, dK, dV, d_out, w, Q, K, V, mask, 0.7, B, NH, Tq,
                  Tk, dk, dv);
    for (int k = 0; k < B * Tq * NH * dk; k++) assert_true(dQ[k] == 0);
    for (int k = 0; k < B * Tk * NH * dk; k++) assert_true(dK[k] == 0);
    for (int k = 0; k < B * Tk * NH * dv; k++) assert_true(dV[k] == 0);
    free(Q); free(K); free(V);
}

static void test_a_new_last_position_leaves_the_past_bit_identical(
    void **s)
{
    (void)s;
    enum { B = 2, T = 6, NH = 2, dk = 3, W = NH * dk };
    Rng rng;
    rng_seed(&rng, 11);
    real *Q = randn(B * T * W, &rng), *K = randn(B * T * W, &rng);
    real *V = randn(B * T * W, &rng), w[B * NH * T * T];
    real before[B * T * W], after[B * T * W];
    int mask[B * T * T];
    attention_mask(mask, NULL, 1, B, T, T);         /* causal */
    sdpa_forward(before, w, Q, K, V, mask, 0.5, B, NH, T, T, dk, dk);
    for (int d = 0; d < W; d++) {       /* sentence 0: a new last */
        int last = (T - 1) * W + d;     /* query, key and value */
        Q[last] = rng_normal(&rng);
        K[last] = rng_normal(&rng);
        V[last] = rng_normal(&rng);
    }
    sdpa_forward(after, w, Q, K, V, mask, 0.5, B, NH, T, T, dk, dk);
    assert_memory_equal(before, after, sizeof(real) * (T - 1) * W);
    assert_memory_equal(before + T * W, after + T * W,
                        sizeof(real) * T * W);      /* sentence 1 */
    assert_true(max_diff(before + (T - 1) * W, after + (T - 1) * W, W)
                > 1e-3);
    free(Q); free(K); free(V);
}

/* ---- scaled dot-product attention: gradients --------------------- */
typedef struct {
    real *Q, *K, *V, *out, *w, *R;
    const int *mask;
    int B, NH, Tq, Tk, dk, dv;
} SdpaCase;

static double sdpa_loss(void *ctx)
{
    SdpaCase *c = ctx;
    sdpa_forward(c->out, c->w, c->Q, c->K, c->V, c->mask, 0.6, c->B,
                 c->NH, c->Tq, c->Tk, c->dk, c->dv);
    return weighted_sum(c->R, c->out,
                        (size_t)c->B * c->Tq * c->NH * c->dv);
}

static void check_sdpa(int Tq, int Tk, int causal)
{
    enum { B = 2, NH = 2, dk = 3, dv = 2 };
    Rng rng;
    rng_seed(&rng, 10);
    size_t nq = (size_t)B * Tq * NH * dk, nk = (size_t)B * Tk * NH * dk;
    size_t nv = (size_t)B * Tk * NH * dv, no = (size_t)B * Tq * NH * dv;
    int len[B] = {Tk, Tk - 2};
    int *mask = xcalloc((size_t)B * Tq * Tk, sizeof(int));
    attention_mask(mask, len, causal, B, Tq, Tk);
    SdpaCase c = { randn(nq, &rng), randn(nk, &rng), randn(nv, &rng),
                   xcalloc(no, sizeof(real)),
                   xcalloc((size_t)B * NH * Tq * Tk, sizeof(real)),
                   randn(no, &rng), mask, B, NH, Tq, Tk, dk, dv };
    real *dQ = xcalloc(nq, sizeof(real)), *dK = xcalloc(nk, sizeof(real));
    real *dV = xcalloc(nv, sizeof(real));
    sdpa_loss(&c);
    sdpa_backward(dQ, dK, dV, c.R, c.w, c.Q, c.K, c.V, mask, 0.6, B, NH,
                  Tq, Tk, dk, dv);
    int bad = grad_check("Q", c.Q, dQ, nq, CHECKS, sdpa_loss, &c)
            + grad_check("K", c.K, dK, nk, CHECKS, sdpa_loss, &c)
            + grad_check("V", c.V, dV, nv, CHECKS, sdpa_loss, &c);
    assert_int_equal(bad, 0);
    free(c.Q); free(c.K); free(c.V); free(c.out); free(c.w); free(c.R);
    free(dQ); free(dK); free(dV); free(mask);
}

static void test_scaled_attention_matches_finite_differences(void **s)
{
    (void)s;
    check_sdpa(4, 4, 1);        /* self: causal and padding */
    check_sdpa(3, 5, 0);        /* cross: Tq != Tk, padding */
}

/* ---- multi-head attention ---------------------------------------- */
typedef struct {
    MultiHead mh;
    Params p;
    MhaCache cache;
    real *x_q, *x_kv, *out, *R;
    const int *mask;
    int B, Tq, Tk;
} MhaCase;

static double mha_loss(void *ctx)
{
    MhaCase *c = ctx;
    mha_forward(c->out, &c->cache, &c->mh, &c->p, c->x_q, c->x_kv,
                c->mask, c->B, c->Tq, c->Tk);
    return weighted_sum(c->R, c->out, (size_t)c->B * c->Tq * c->mh.D);
}

static int check_params(Params *p, LossFn loss, void *ctx)
{
    int bad = 0;
    for (int k = 0; k < p->n_tensors; k++) {
        const Tensor *t = &p->tensor[k];
        bad += grad_check(t->name, param(p, k), param_grad(p, k),
                          (size_t)t->rows * t->cols, CHECKS, loss, ctx);
    }
    return bad;
}

/* self attention when cross is 0 (x_kv is x_q), else cross
   attention from Tq queries to Tk = Tq + 3 keys; heads of width dk,
   D / NH or not */
static void check_mha(int NH, int dk, int cross)
{
    enum { B = 2, D = 8 };
    int Tq = 5, Tk = cross ? Tq + 3 : Tq;
    MhaCase c = { .B = B, .Tq = Tq, .Tk = Tk };
    Rng rng;
    rng_seed(&rng, 11);
    params_init(&c.p);
    mha_declare(&c.mh, &c.p, "att", D, NH, dk);
    params_alloc(&c.p);
    mha_init(&c.mh, &c.p, &rng);
    mha_cache_alloc(&c.cache, &c.mh, B, Tq, Tk);
    int len[B] = {Tk, Tk - 2};
    int *mask = xcalloc((size_t)B * Tq * Tk, sizeof(int));
    attention_mask(mask, len, !cross, B, Tq, Tk);
    c.mask = mask;
    c.x_q = randn((size_t)B * Tq * D, &rng);
    c.x_kv = cross ? randn((size_t)B * Tk * D, &rng) : c.x_q;
    c.out = xcalloc((size_t)B * Tq * D, sizeof(real));
    c.R = randn((size_t)B * Tq * D, &rng);
    real *d_xq = xcalloc((size_t)B * Tq * D, sizeof(real));
    real *d_xkv = cross ? xcalloc((size_t)B * Tk * D, sizeof(real))
                        : d_xq;
    params_zero_grad(&c.p);
    mha_loss(&c);
    mha_backward(d_xq, d_xkv, &c.p, &c.cache, &c.mh, c.R, c.x_q, c.x_kv,
                 mask, B, Tq, Tk);
    int bad = grad_check("x_q", c.x_q, d_xq, (size_t)B * Tq * D, CHECKS,
                         mha_loss, &c)
            + check_params(&c.p, mha_loss, &c);
    if (cross)
        bad += grad_check("x_kv", c.x_kv, d_xkv, (size_t)B * Tk * D,
                          CHECKS, mha_loss, &c);
    assert_int_equal(bad, 0);
    if (cross) { free(c.x_kv); free(d_xkv); }
    free(c.x_q); free(d_xq); free(c.out); free(c.R); free(mask);
    mha_cache_free(&c.cache);
    params_free(&c.p);
}

static void test_self_attention_with_1_2_4_heads_matches_finite_differences(
    void **s)
{
    (void)s;
    check_mha(1, 8, 0);
    check_mha(2, 4, 0);
    check_mha(4, 2, 0);
}

/* heads wider (4 x 5 = 20 > D) and narrower (3 x 2 = 6 < D) than
   D / NH, the width no longer tied to the model's */
static void test_heads_of_any_width_match_finite_differences(void **s)
{
    (void)s;
    check_mha(4, 5, 0);
    check_mha(3, 2, 0);
    check_mha(4, 5, 1);
    Params p;
    MultiHead mh;
    params_init(&p);
    mha_declare(&mh, &p, "att", 8, 4, 5);   /* the scale is the head's */
    assert_true(fabs(mh.scale - 1 / sqrt(5.0)) < AGREE);
    params_free(&p);
}

static void test_cross_attention_matches_finite_differences(void **s)
{
    (void)s;
    check_mha(2, 4, 1);
    check_mha(4, 2, 1);
}

static void test_one_head_with_identity_projections_is_sdpa(void **s)
{
    (void)s;
    enum { B = 2, Tq = 3, Tk = 5, D = 6 };
    Params p;
    MultiHead mh;
    MhaCache c;
    Rng rng;
    rng_seed(&rng, 12);
    params_init(&p);
    mha_declare(&mh, &p, "att", D, 1, D);
    params_alloc(&p);
    int w[4] = { mh.W_q, mh.W_k, mh.W_v, mh.W_o };
    for (int k = 0; k < 4; k++)
        for (int d = 0; d < D; d++) param(&p, w[k])[d * D + d] = 1;
    mha_cache_alloc(&c, &mh, B, Tq, Tk);
    real *x_q = randn(B * Tq * D, &rng), *x_kv = randn(B * Tk * D, &rng);
    real out[B * Tq * D], ref[B * Tq * D], wt[B * Tq * Tk];
    int len[B] = {5, 2}, mask[B * Tq * Tk];
    attention_mask(mask, len, 0, B, Tq, Tk);
    mha_forward(out, &c, &mh, &p, x_q, x_kv, mask, B, Tq, Tk);
    sdpa_forward(ref, wt, x_q, x_kv, x_kv, mask, 1 / sqrt(D), B, 1, Tq,
                 Tk, D, D);
    assert_true(max_diff(out, ref, B * Tq * D) < AGREE);
    assert_true(max_diff(c.weights, wt, B * Tq * Tk) < AGREE);
    free(x_q); free(x_kv);
    mha_cache_free(&c);
    params_free(&p);
}

static void test_absurd_head_sizes_are_refused(void **s)
{
    (void)s;
    const char *why = mha_check(64, 5, 0);
    assert_non_null(why);
    assert_non_null(strstr(why, "64"));
    assert_non_null(strstr(why, "5 heads of width 0"));
    assert_non_null(mha_check(64, 4096, 2));     /* 8192 wide */
    assert_null(mha_check(64, 4, 16));
    assert_null(mha_check(64, 5, 64));  /* heads need not divide D */
    assert_non_null(block_check(64, 4, 16, 0));
    assert_null(block_check(64, 4, 16, 128));
}

/* ---- layer norm and the feed-forward layer ----------------------- */
typedef struct {
    real *x, *y, *mean, *rstd, *gamma, *beta, *R;
    int N, D;
} LnCase;

static double ln_loss(void *ctx)
{
    LnCase *c = ctx;
    layernorm_forward(c->y, c->mean, c->rstd, c->x, c->gamma, c->beta,
                      c->N, c->D);
    return weighted_sum(c->R, c->y, (size_t)c->N * c->D);
}

/* D = 6 runs only the loops' tails (LN_LANES = 8); D = 20 runs two
   whole groups of lanes and then a tail, and so their junction. */
static void check_layer_norm(int D, uint64_t seed)
{
    enum { N = 4 };
    Rng rng;
    rng_seed(&rng, seed);
    real *y = xcalloc(N * D, sizeof(real)), mean[N], rstd[N];
    real *dx = xcalloc(N * D, sizeof(real));
    real *dgamma = xcalloc(D, sizeof(real));
    real *dbeta = xcalloc(D, sizeof(real));
    LnCase c = { randn(N * D, &rng), y, mean, rstd, randn(D, &rng),
                 randn(D, &rng), randn(N * D, &rng), N, D };
    for (int k = 0; k < N * D; k++) c.x[k] = 3 * c.x[k] + 1;
    ln_loss(&c);
    for (int n = 0; n < N; n++) {       /* mean 0, variance 1 */
        double m = 0, v = 0;
        for (int d = 0; d < D; d++) {
            double xhat = (y[n * D + d] - c.beta[d]) / c.gamma[d];
            m += xhat / D;
            v += xhat * xhat / D;
        }
        assert_true(fabs(m) < 1e-12 && fabs(v - 1) < 1e-4);
    }
    layernorm_backward(dx, dgamma, dbeta, c.R, c.x, mean, rstd, c.gamma,
                       N, D);
    int bad = grad_check("x", c.x, dx, N * D, CHECKS, ln_loss, &c)
            + grad_check("gamma", c.gamma, dgamma, D, CHECKS, ln_loss, &c)
            + grad_check("beta", c.beta, dbeta, D, CHECKS, ln_loss, &c);
    assert_int_equal(bad, 0);
    free(c.x); free(c.gamma); free(c.beta); free(c.R);
    free(y); free(dx); free(dgamma); free(dbeta);
}

static void test_layer_norm_matches_finite_differences(void **s)
{
    (void)s;
    check_layer_norm(6, 13);
    check_layer_norm(20, 14);
}

typedef struct {
    FeedForward f;
    Params p;
    real *x, *y, *h, *R;
    int N;
} FfnCase;

static double ffn_loss(void *ctx)
{
    FfnCase *c = ctx;
    ffn_forward(c->y, c->h, &c->f, &c->p, c->x, c->N);
    return weighted_sum(c->R, c->y, (size_t)c->N * c->f.D);
}

static void test_feed_forward_matches_finite_differences(void **s)
{
    (void)s;
    enum { N = 5, D = 4, F = 7 };
    FfnCase c = { .N = N };
    Rng rng;
    rng_seed(&rng, 14);
    params_init(&c.p);
    ffn_declare(&c.f, &c.p, "ffn", D, F);
    params_alloc(&c.p);
    ffn_init(&c.f, &c.p, &rng);
    init_normal(param(&c.p, c.f.b1), F, 0.5, &rng);
    real y[N * D], h[N * F], dh[N * F], dx[N * D] = {0};
    c.x = randn(N * D, &rng);
    c.y = y; c.h = h;
    c.R = randn(N * D, &rng);
    ffn_loss(&c);
    int zeros = 0;                  /* the ReLU must cut somewhere */
    for (int k = 0; k < N * F; k++) zeros += h[k] == 0;
    assert_true(zeros > 0 && zeros < N * F);
    ffn_backward(dx, dh, &c.p, &c.f, c.R, c.x, h, N);
    int bad = grad_check("x", c.x, dx, N * D, CHECKS, ffn_loss, &c)
            + check_params(&c.p, ffn_loss, &c);
    assert_int_equal(bad, 0);
    free(c.x); free(c.R);
    params_free(&c.p);
}

/* ---- the block ----------------------------------------------------- */
enum { BB = 2, BT = 6, BD = 8, BNH = 2, BF = 12 };
typedef struct {
    Block blk;
    Params p;
    BlockCache cache;
    real *x, *y, *R;
    const int *mask;
    int B, T;
} BlockCase;

static double block_loss(void *ctx)
{
    BlockCase *c = ctx;
    block_forward(c->y, &c->cache, &c->blk, &c->p, c->x, c->mask, c->B,
                  c->T);
    return weighted_sum(c->R, c->y, (size_t)c->B * c->T * BD);
}

/* a block of width BD with layer norms that are not the identity */
static void block_setup(BlockCase *c, int B, int T, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    c->B = B; c->T = T;
    params_init(&c->p);
    block_declare(&c->blk, &c->p, "blk", BD, BNH, BD / BNH, BF);
    params_alloc(&c->p);
    block_init(&c->blk, &c->p, &rng);
    int ln[4] = { c->blk.ln1_g, c->blk.ln1_b, c->blk.ln2_g,
                  c->blk.ln2_b };
    for (int k = 0; k < 4; k++)
        for (int d = 0; d < BD; d++)
            param(&c->p, ln[k])[d] += 0.3 * rng_normal(&rng);
    block_cache_alloc(&c->cache, &c->blk, B, T);
    c->x = randn((size_t)B * T * BD, &rng);
    c->y = xcalloc((size_t)B * T * BD, sizeof(real));
    c->R = randn((size_t)B * T * BD, &rng);
}

static void block_teardown(BlockCase *c)
{
    free(c->x); free(c->y); free(c->R);
    block_cache_free(&c->cache);
    params_free(&c->p);
}

/* a pre-norm block, or a post-norm one */
static void check_block(int post_norm)
{
    BlockCase c;
    block_setup(&c, BB, BT, 15);
    c.blk.post_norm = post_norm;
    int len[BB] = {BT, BT - 2}, mask[BB * BT * BT];
    attention_mask(mask, len, 1, BB, BT, BT);
    c.mask = mask;
    real dx[BB * BT * BD] = {0};
    params_zero_grad(&c.p);
    block_loss(&c);
    block_backward(dx, &c.p, &c.cache, &c.blk, c.R, c.x, mask, BB, BT);
    int bad = grad_check("x", c.x, dx, BB * BT * BD, CHECKS, block_loss,
                         &c)
            + check_params(&c.p, block_loss, &c);
    assert_int_equal(bad, 0);
    block_teardown(&c);
}

static void test_block_matches_finite_differences(void **s)
{
    (void)s;
    check_block(0);
}

static void test_post_norm_block_matches_finite_differences(void **s)
{
    (void)s;
    check_block(1);
}

static void test_changing_a_future_token_leaves_the_past_bit_identical(
    void **s)
{
    (void)s;
    BlockCase c;
    block_setup(&c, BB, BT, 16);
    int mask[BB * BT * BT];
    attention_mask(mask, NULL, 1, BB, BT, BT);      /* causal */
    c.mask = mask;
    size_t n = (size_t)BB * BT * BD, last = (BT - 1) * BD;
    real before[BB * BT * BD];
    block_loss(&c);
    memcpy(before, c.y, sizeof before);
    for (int d = 0; d < BD; d++)        /* a new last token, in 0 */
        c.x[last + d] = 2 * sin(d + 1.0);   /* (not a shifted copy: */
                                            /* layer norm removes it) */
    block_loss(&c);
    assert_memory_equal(before, c.y, sizeof(real) * last);
    assert_memory_equal(before + BT * BD, c.y + BT * BD,
                        sizeof(real) * (n - BT * BD));
    assert_true(max_diff(before + last, c.y + last, BD) > 1e-3);
    block_teardown(&c);
}

static void test_appending_padding_leaves_real_outputs_unchanged(
    void **s)
{
    (void)s;
    enum { T = 4, TP = 7 };         /* a sentence of 4, padded to 7 */
    BlockCase a, b;
    block_setup(&a, 1, T, 17);
    block_setup(&b, 1, TP, 17);     /* the same parameters */
    memcpy(b.x, a.x, sizeof(real) * T * BD);    /* padding: random */
    int len[1] = {T}, mask_a[T * T], mask_b[TP * TP];
    attention_mask(mask_a, len, 0, 1, T, T);
    attention_mask(mask_b, len, 0, 1, TP, TP);
    a.mask = mask_a;
    b.mask = mask_b;
    block_loss(&a);
    block_loss(&b);
    assert_memory_equal(a.y, b.y, sizeof(real) * T * BD);
    block_teardown(&a);
    block_teardown(&b);
}

/* ---- positions --------------------------------------------------- */
static void test_positional_encoding_matches_its_formula(void **s)
{
    (void)s;
    enum { T = 50, D = 12 };
    real pe[T * D];
    positional_encoding(pe, T, D);
    for (int p = 0; p < T; p++)
        for (int i = 0; i < D / 2; i++) {
            long double angle = p / powl(10000.0L, 2.0L * i / D);
            assert_true(fabsl(pe[p * D + 2 * i] - sinl(angle)) < AGREE);
            assert_true(fabsl(pe[p * D + 2 * i + 1] - cosl(angle))
                        < AGREE);
        }
    assert_true(pe[0] == 0 && pe[1] == 1);       /* position 0 */
}

/* PE(p + k) = M_k PE(p), M_k block-diagonal with the rotations
   [cos wk, sin wk; -sin wk, cos wk], read from row k of the table */
static void test_a_shift_of_positions_is_a_fixed_linear_map(void **s)
{
    (void)s;
    enum { T = 64, D = 16 };
    real pe[T * D], M[D * D], moved[D];
    positional_encoding(pe, T, D);
    for (int k = 0; k < T; k++) {
        memset(M, 0, sizeof M);
        for (int i = 0; i < D / 2; i++) {
            real sk = pe[k * D + 2 * i], ck = pe[k * D + 2 * i + 1];
            M[(2 * i) * D + 2 * i] = ck;
            M[(2 * i) * D + 2 * i + 1] = sk;
            M[(2 * i + 1) * D + 2 * i] = -sk;
            M[(2 * i + 1) * D + 2 * i + 1] = ck;
        }
        for (int p = 0; p + k < T; p++) {
            for (int r = 0; r < D; r++) {
                moved[r] = 0;
                for (int q = 0; q < D; q++)
                    moved[r] += M[r * D + q] * pe[p * D + q];
            }
            assert_true(max_diff(moved, pe + (p + k) * D, D) < AGREE);
        }
    }
}

/* without positions, permuting the input rows permutes the output
   rows, to rounding; with them added, it does not */
static void test_self_attention_is_permutation_equivariant(void **s)
{
    (void)s;
    enum { T = 6 };
    static const int perm[T] = {3, 0, 5, 1, 4, 2};
    BlockCase c;
    block_setup(&c, 1, T, 18);
    c.mask = NULL;
    real x[T * BD], y[T * BD], pe[T * BD];
    memcpy(x, c.x, sizeof x);
    positional_encoding(pe, T, BD);
    for (int with_pe = 0; with_pe < 2; with_pe++) {
        for (int k = 0; k < T * BD; k++)
            c.x[k] = x[k] + (with_pe ? pe[k] : 0);
        block_loss(&c);
        memcpy(y, c.y, sizeof y);
        for (int i = 0; i < T; i++)
            for (int d = 0; d < BD; d++)
                c.x[i * BD + d] = x[perm[i] * BD + d]
                                  + (with_pe ? pe[i * BD + d] : 0);
        block_loss(&c);
        double worst = 0;
        for (int i = 0; i < T; i++)
            worst = fmax(worst, max_diff(c.y + i * BD,
                                         y + perm[i] * BD, BD));
        if (with_pe) assert_true(worst > 1e-3);
        else assert_true(worst < AGREE);
    }
    block_teardown(&c);
}

/* ---- counts -------------------------------------------------------- */
static void check_counts(int B, int T, int D, int NH, int dk, int F)
{
    int A = NH * dk;
    Params p;
    Block blk;
    BlockCache c;
    Rng rng;
    rng_seed(&rng, 19);
    params_init(&p);
    block_declare(&blk, &p, "blk", D, NH, dk, F);
    params_alloc(&p);
    block_init(&blk, &p, &rng);
    block_cache_alloc(&c, &blk, B, T);
    size_t n = (size_t)B * T * D;
    real *x = randn(n, &rng), *y = xcalloc(n, sizeof(real));
    real *dy = randn(n, &rng), *dx = xcalloc(n, sizeof(real));
    assert_int_equal(p.count, block_param_count(D, A, F));
    uint64_t f0 = flop_count;
    block_forward(y, &c, &blk, &p, x, NULL, B, T);
    uint64_t f1 = flop_count;
    block_backward(dx, &p, &c, &blk, dy, x, NULL, B, T);
    uint64_t f2 = flop_count;
    assert_int_equal(f1 - f0, block_forward_flops(B, T, D, A, F));
    assert_int_equal(f2 - f1, 2 * block_forward_flops(B, T, D, A, F));
    free(x); free(y); free(dy); free(dx);
    block_cache_free(&c);
    params_free(&p);
}

static void check_mha_counts(int B, int Tq, int Tk, int D, int NH,
                             int dk)
{
    Params p;
    MultiHead mh;
    MhaCache c;
    Rng rng;
    rng_seed(&rng, 20);
    params_init(&p);
    mha_declare(&mh, &p, "att", D, NH, dk);
    params_alloc(&p);
    mha_init(&mh, &p, &rng);
    mha_cache_alloc(&c, &mh, B, Tq, Tk);
    real *xq = randn((size_t)B * Tq * D, &rng);
    real *xkv = randn((size_t)B * Tk * D, &rng);
    real *y = xcalloc((size_t)B * Tq * D, sizeof(real));
    real *dxq = xcalloc((size_t)B * Tq * D, sizeof(real));
    real *dxkv = xcalloc((size_t)B * Tk * D, sizeof(real));
    assert_int_equal(p.count, mha_param_count(D, NH * dk));
    uint64_t f0 = flop_count;
    mha_forward(y, &c, &mh, &p, xq, xkv, NULL, B, Tq, Tk);
    uint64_t f1 = flop_count;
    mha_backward(dxq, dxkv, &p, &c, &mh, y, xq, xkv, NULL, B, Tq, Tk);
    uint64_t f2 = flop_count;
    assert_int_equal(f1 - f0, mha_forward_flops(B, Tq, Tk, D, NH * dk));
    assert_int_equal(f2 - f1,
                     2 * mha_forward_flops(B, Tq, Tk, D, NH * dk));
    free(xq); free(xkv); free(y); free(dxq); free(dxkv);
    mha_cache_free(&c);
    params_free(&p);
}

static void test_counts_match_the_closed_form(void **s)
{
    (void)s;
    check_counts(4, 8, 64, 4, 16, 128);
    check_counts(3, 5, 16, 2, 8, 40);   /* sizes off the kernel's tile */
    check_counts(2, 33, 32, 1, 32, 7);
    check_counts(2, 8, 16, 4, 16, 24);  /* heads 4 x 16 = 64 > D */
    check_mha_counts(3, 4, 9, 16, 4, 4);   /* cross: Tq != Tk */
    check_mha_counts(2, 7, 7, 40, 8, 5);
    check_mha_counts(2, 5, 6, 12, 3, 7);   /* 3 x 7 = 21 != D */
}

/* ---- the fast kernels of appendix B ---------------------------- */

static void test_the_lanes_softmax_is_the_plain_one(void **s)
{
    (void)s;
    Rng rng = {7};
    int widths[] = { 1, 3, 4, 7, 21 };
    for (int c = 0; c < 5; c++) {
        int rows = 6, n = widths[c];
        size_t all = (size_t)rows * n;
        real *w = randn(all, &rng), *ref = xcalloc(all, sizeof(real));
        real *got = xcalloc(all, sizeof(real));
        int *mask = xcalloc(all, sizeof(int));
        for (size_t k = 0; k < all; k++)   /* row 0 sees no key */
            mask[k] = k >= (size_t)n && rng_uniform(&rng) < 0.7;
        for (int m = 0; m < 2; m++) {   /* with the mask, without */
            const int *mk = m ? NULL : mask;
            memcpy(ref, w, sizeof(real) * all);
            scaled_softmax_rows_plain(ref, mk, 3, rows, n);
            memcpy(got, w, sizeof(real) * all);
            scaled_softmax_rows_lanes(got, mk, 3, rows, n);
            assert_true(max_diff(got, ref, all) < AGREE);
        }
        free(w); free(ref); free(got); free(mask);
    }
}

static void test_the_lanes_softmax_gradient_is_the_plain_one(void **s)
{
    (void)s;
    Rng rng = {9};
    int widths[] = { 1, 3, 4, 7, 21 };
    for (int c = 0; c < 5; c++) {
        int rows = 6, n = widths[c];
        size_t all = (size_t)rows * n;
        real *w = xcalloc(all, sizeof(real)), *dw = randn(all, &rng);
        real *ref = randn(all, &rng), *got = randn(all, &rng);
        for (int i = 0; i < rows; i++) {    /* rows of weights */
            real sum = 0;
            for (int j = 0; j < n; j++)
                sum += w[i * n + j] = rng_uniform(&rng);
            for (int j = 0; j < n; j++) w[i * n + j] /= sum;
        }
        scaled_softmax_rows_backward_plain(ref, w, dw, 3, rows, n);
        scaled_softmax_rows_backward_lanes(got, w, dw, 3, rows, n);
        assert_true(max_diff(got, ref, all) < AGREE);
        free(w); free(dw); free(ref); free(got);
    }
}

typedef void (*SoftmaxRows)(real *, const int *, real, int, int);

static void test_a_padded_row_normalises_bit_for_bit_as_unpadded(
    void **s)
{
    (void)s;
    Rng rng = {11};
    enum { ROWS = 3, PAD_MAX = 9 };
    SoftmaxRows version[2] = { scaled_softmax_rows_plain,
                               scaled_softmax_rows_lanes };
    for (int v = 0; v < 2; v++)
        for (int n = 1; n <= 21; n++)
            for (int k = 1; k <= PAD_MAX; k++) {
                int wide = n + k;
                real *w = randn((size_t)ROWS * wide, &rng);
                real *u = xcalloc((size_t)ROWS * n, sizeof(real));
                int *mw = xcalloc((size_t)ROWS * wide, sizeof(int));
                int *mu = xcalloc((size_t)ROWS * n, sizeof(int));
                for (int i = 0; i < ROWS; i++)
                    for (int j = 0; j < n; j++) {   /* key 0 seen */
                        int seen = j == 0 || rng_uniform(&rng) < 0.7;
                        mu[i * n + j] = mw[i * wide + j] = seen;
                        u[i * n + j] = w[i * wide + j];
                    }               /* the padding's mw stays 0 */
                version[v](u, mu, 0.5, ROWS, n);
                version[v](w, mw, 0.5, ROWS, wide);
                for (int i = 0; i < ROWS; i++) {
                    assert_memory_equal(w + i * wide, u + i * n,
                                        sizeof(real) * n);
                    for (int j = n; j < wide; j++)
                        assert_true(w[i * wide + j] == 0);
                }
                free(w); free(u); free(mw); free(mu);
            }
}

static void test_layer_norms_lanes_are_its_plain_sums(void **s)
{
    (void)s;
    Rng rng = {13};
    for (int D = 1; D <= 21; D++) {
        real *x = randn(D, &rng), *dy = randn(D, &rng);
        real *gamma = randn(D, &rng);
        for (int d = 0; d < D; d++) x[d] += 3;   /* a mean far from 0 */
        real m[2], g[2], gx[2];
        double var[2];
        layernorm_moments_plain(&m[0], &var[0], x, D);
        layernorm_moments_lanes(&m[1], &var[1], x, D);
        assert_true(fabs(m[0] - m[1]) < AGREE);
        assert_true(fabs(var[0] - var[1]) < AGREE);
        layernorm_grad_means_plain(&g[0], &gx[0], dy, x, gamma, m[0],
                                   0.7, D);
        layernorm_grad_means_lanes(&g[1], &gx[1], dy, x, gamma, m[0],
                                   0.7, D);
        assert_true(fabs(g[0] - g[1]) < AGREE);
        assert_true(fabs(gx[0] - gx[1]) < AGREE);
        free(x); free(dy); free(gamma);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unscaled_one_head_attention_is_chapter_4s_dot_attention),
        cmocka_unit_test(test_hidden_keys_get_zero_weight_and_rows_sum_to_one),
        cmocka_unit_test(test_a_row_with_no_visible_key_sends_no_gradient),
        cmocka_unit_test(test_a_new_last_position_leaves_the_past_bit_identical),
        cmocka_unit_test(test_scaled_attention_matches_finite_differences),
        cmocka_unit_test(test_self_attention_with_1_2_4_heads_matches_finite_differences),
        cmocka_unit_test(test_cross_attention_matches_finite_differences),
        cmocka_unit_test(test_heads_of_any_width_match_finite_differences),
        cmocka_unit_test(test_one_head_with_identity_projections_is_sdpa),
        cmocka_unit_test(test_absurd_head_sizes_are_refused),
        cmocka_unit_test(test_layer_norm_matches_finite_differences),
        cmocka_unit_test(test_feed_forward_matches_finite_differences),
        cmocka_unit_test(test_block_matches_finite_differences),
        cmocka_unit_test(test_post_norm_block_matches_finite_differences),
        cmocka_unit_test(test_changing_a_future_token_leaves_the_past_bit_identical),
        cmocka_unit_test(test_appending_padding_leaves_real_outputs_unchanged),
        cmocka_unit_test(test_positional_encoding_matches_its_formula),
        cmocka_unit_test(test_a_shift_of_positions_is_a_fixed_linear_map),
        cmocka_unit_test(test_self_attention_is_permutation_equivariant),
        cmocka_unit_test(test_counts_match_the_closed_form),
        cmocka_unit_test(test_the_lanes_softmax_is_the_plain_one),
        cmocka_unit_test(test_the_lanes_softmax_gradient_is_the_plain_one),
        cmocka_unit_test(test_layer_norms_lanes_are_its_plain_sums),
        cmocka_unit_test(test_a_padded_row_normalises_bit_for_bit_as_unpadded),
    };
    return cmocka_run_group_tests_name("chapter 7: the Transformer's"
                                       " blocks", tests, NULL, NULL);
}
