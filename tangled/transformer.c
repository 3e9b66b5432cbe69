#line 157 "chapters/07-transformer.nw"
/* transformer.c: the Transformer's building blocks (chapter 7). */
#include "transformer.h"
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#line 755 "chapters/07-transformer.nw"
void attention_mask(int *mask, const int *key_len, int causal,
                    int B, int Tq, int Tk)
{
    for (int b = 0; b < B; b++)
        for (int i = 0; i < Tq; i++)
            for (int j = 0; j < Tk; j++) {
                int real_key = !key_len || j < key_len[b];
                int seen = !causal || j <= i;
                size_t at = ((size_t)b * Tq + i) * Tk + j;
                mask[at] = real_key && seen;
            }
}
#line 1820 "chapters/B-fast.nw"
enum { LN_LANES = 8 };
/* LN_LANES partial sums side by side: sum l in element l */
typedef real ln_lanes
    __attribute__((vector_size(LN_LANES * sizeof(real))));
static void lanes_at(ln_lanes *v, const real *x)  /* x[0, LN_LANES) */
{
    memcpy(v, x, sizeof *v);
}

static real lanes_total(const ln_lanes *s)
{
    real total = 0;
    for (int l = 0; l < LN_LANES; l++) total += (*s)[l];
    return total;
}

void layernorm_moments_lanes(real *mean, double *var, const real *x,
                             int D)
{
    ln_lanes su = {0}, su2 = {0}, v;
    int d = 0;
    for (; d + LN_LANES <= D; d += LN_LANES) {
        lanes_at(&v, x + d);
        su += v;
    }
    for (; d < D; d++) su[d % LN_LANES] += x[d];
    real m = lanes_total(&su) / D;
    for (d = 0; d + LN_LANES <= D; d += LN_LANES) {
        lanes_at(&v, x + d);
        v -= m;
        su2 += v * v;
    }
    for (; d < D; d++) su2[d % LN_LANES] += (x[d] - m) * (x[d] - m);
    *mean = m;
    *var = (double)lanes_total(&su2) / D;
}
#line 1858 "chapters/B-fast.nw"
void layernorm_grad_means_lanes(real *g_mean, real *gx_mean,
                                const real *dy, const real *x,
                                const real *gamma, real mu, real r,
                                int D)
{
    ln_lanes sg = {0}, sgx = {0}, xhat, g, gm;
    int d = 0;
    for (; d + LN_LANES <= D; d += LN_LANES) {
        lanes_at(&xhat, x + d);
        xhat = (xhat - mu) * r;
        lanes_at(&g, dy + d);
        lanes_at(&gm, gamma + d);
        g *= gm;
        sg += g;
        sgx += g * xhat;
    }
    for (; d < D; d++) {
        real xhat = (x[d] - mu) * r, g = dy[d] * gamma[d];
        sg[d % LN_LANES] += g;
        sgx[d % LN_LANES] += g * xhat;
    }
    *g_mean = lanes_total(&sg) / D;
    *gx_mean = lanes_total(&sgx) / D;
}
#line 1955 "chapters/B-fast.nw"
static inline real larger(real a, real b) { return a > b ? a : b; }
typedef real sm_lanes
    __attribute__((vector_size(SM_LANES * sizeof(real))));

void scaled_softmax_rows_lanes(real *w, const int *mask, real scale,
                               int rows, int n)
{
    size_t all = (size_t)rows * n;
    for (size_t k = 0; k < all; k++)
        w[k] = !mask || mask[k] ? scale * w[k] : MASKED_SCORE;
    for (int i = 0; i < rows; i++)
        
#line 1973 "chapters/B-fast.nw"
{
    real *z = w + (size_t)i * n, max = z[0];
    for (int j = 1; j < n; j++) max = larger(z[j], max);
    for (int j = 0; j < n; j++) z[j] -= max;
}
#line 1967 "chapters/B-fast.nw"
    for (size_t k = 0; k < all; k++) w[k] = exp_real(w[k]);
    for (int i = 0; i < rows; i++)
        
#line 1980 "chapters/B-fast.nw"
{
    real *e = w + (size_t)i * n, total = 0;
    sm_lanes sum = {0};
    int j = 0;
    for (; j + SM_LANES <= n; j += SM_LANES) {
        sm_lanes x;
        memcpy(&x, e + j, sizeof x);
        sum += x;
    }
    for (; j < n; j++) sum[j % SM_LANES] += e[j];
    for (int l = 0; l < SM_LANES; l++) total += sum[l];
    real inv = 1 / total;
    for (j = 0; j < n; j++) e[j] *= inv;
}
#line 1970 "chapters/B-fast.nw"
}
#line 2024 "chapters/B-fast.nw"
void scaled_softmax_rows_backward_lanes(real *ds, const real *w,
                                        const real *dw, real scale,
                                        int rows, int n)
{
    for (int i = 0; i < rows; i++) {
        const real *p = w + (size_t)i * n, *dp = dw + (size_t)i * n;
        real *d = ds + (size_t)i * n, dot = 0;
        sm_lanes sum = {0};
        int j = 0;
        for (; j + SM_LANES <= n; j += SM_LANES) {
            sm_lanes a, b;
            memcpy(&a, p + j, sizeof a);
            memcpy(&b, dp + j, sizeof b);
            sum += a * b;
        }
        for (; j < n; j++) sum[j % SM_LANES] += p[j] * dp[j];
        for (int l = 0; l < SM_LANES; l++) dot += sum[l];
        for (j = 0; j < n; j++) d[j] = p[j] * (dp[j] - dot) * scale;
    }
}
#line 319 "chapters/07-transformer.nw"
void scaled_softmax_rows_plain(real *w, const int *mask, real scale,
                               int rows, int n)
{
    for (int i = 0; i < rows; i++) {
        real *z = w + (size_t)i * n;
        for (int j = 0; j < n; j++) z[j] *= scale;
        if (mask) masked_softmax(z, z, mask + (size_t)i * n, n);
        else softmax(z, z, n);
    }
}
#line 336 "chapters/07-transformer.nw"
void sdpa_forward(real *out, real *weights, const real *Q,
                  const real *K, const real *V, const int *mask,
                  real scale, int B, int NH, int Tq, int Tk,
                  int dk, int dv)
{
    int ldq = NH * dk, ldv = NH * dv;
    /* the products below add into these */
    memset(out, 0, sizeof(real) * B * Tq * ldv);
    memset(weights, 0, sizeof(real) * B * NH * Tq * Tk);
    for (int b = 0; b < B; b++)
        for (int h = 0; h < NH; h++) {
            const real *q = Q + (size_t)b * Tq * ldq + h * dk;
            const real *k = K + (size_t)b * Tk * ldq + h * dk;
            const real *v = V + (size_t)b * Tk * ldv + h * dv;
            real *w = weights + ((size_t)b * NH + h) * Tq * Tk;
            real *o = out + (size_t)b * Tq * ldv + h * dv;
            
#line 358 "chapters/07-transformer.nw"
matmul_nt(w, Tk, q, ldq, k, ldq, Tq, dk, Tk);       /* Q K^T */
scaled_softmax_rows(w, mask ? mask + (size_t)b * Tq * Tk : NULL,
                    scale, Tq, Tk);
#line 353 "chapters/07-transformer.nw"
            
#line 363 "chapters/07-transformer.nw"
matmul(o, ldv, w, Tk, v, ldv, Tq, Tk, dv);          /* weights V */
#line 354 "chapters/07-transformer.nw"
        }
}
#line 402 "chapters/07-transformer.nw"
void sdpa_backward(real *dQ, real *dK, real *dV, const real *d_out,
                   const real *weights, const real *Q, const real *K,
                   const real *V, const int *mask, real scale, int B,
                   int NH, int Tq, int Tk, int dk, int dv)
{
    int ldq = NH * dk, ldv = NH * dv;
    size_t TT = (size_t)Tq * Tk;
    real *wz = xcalloc(3 * TT, sizeof(real));       /* [Tq, Tk] */
    real *dw = wz + TT, *ds = dw + TT;              /* each */
    for (int b = 0; b < B; b++)
        for (int h = 0; h < NH; h++) {
            
#line 423 "chapters/07-transformer.nw"
size_t at_q = (size_t)b * Tq * ldq + h * dk;
size_t at_k = (size_t)b * Tk * ldq + h * dk;
size_t at_v = (size_t)b * Tk * ldv + h * dv;
const real *w = weights + ((size_t)b * NH + h) * TT;
const real *d_o = d_out + (size_t)b * Tq * ldv + h * dv;
#line 414 "chapters/07-transformer.nw"
            
#line 430 "chapters/07-transformer.nw"
for (int i = 0; i < Tq; i++) {
    const int *m = mask ? mask + ((size_t)b * Tq + i) * Tk : NULL;
    int visible = 0;
    for (int j = 0; j < Tk; j++) visible += !m || m[j];
    for (int j = 0; j < Tk; j++)
        wz[(size_t)i * Tk + j] = visible ? w[(size_t)i * Tk + j] : 0;
}
#line 415 "chapters/07-transformer.nw"
            
#line 445 "chapters/07-transformer.nw"
memset(dw, 0, sizeof(real) * TT);
matmul_backward(dw, Tk, dV + at_v, ldv, d_o, ldv, wz, Tk,
                V + at_v, ldv, Tq, Tk, dv);
#line 416 "chapters/07-transformer.nw"
            
#line 453 "chapters/07-transformer.nw"
scaled_softmax_rows_backward(ds, wz, dw, scale, Tq, Tk);
#line 417 "chapters/07-transformer.nw"
            
#line 465 "chapters/07-transformer.nw"
matmul(dQ + at_q, ldq, ds, Tk, K + at_k, ldq, Tq, Tk, dk);
matmul_tn(dK + at_k, ldq, ds, Tk, Q + at_q, ldq, Tk, Tq, dk);
#line 418 "chapters/07-transformer.nw"
        }
    free(wz);
}
#line 471 "chapters/07-transformer.nw"
void scaled_softmax_rows_backward_plain(real *ds, const real *w,
                                        const real *dw, real scale,
                                        int rows, int n)
{
    memset(ds, 0, sizeof(real) * rows * n);
    for (int i = 0; i < rows; i++)
        softmax_backward(ds + (size_t)i * n, w + (size_t)i * n,
                         dw + (size_t)i * n, n);
    for (size_t k = 0; k < (size_t)rows * n; k++) ds[k] *= scale;
}
#line 581 "chapters/07-transformer.nw"
static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
#line 556 "chapters/07-transformer.nw"
ScoreStats score_statistics(int dk, int Tk, int trials, real scale,
                            Rng *rng)
{
    real *q = xcalloc((size_t)dk * (Tk + 1) + 4 * (size_t)Tk,
                      sizeof(real));
    real *k = q + dk, *s = k + (size_t)dk * Tk;
    real *w = s + Tk, *g = w + Tk, *ds = g + Tk;
    double *row_rms = xcalloc(trials, sizeof(double));
    double sum = 0, sum2 = 0, wmax = 0, g2 = 0, qg2 = 0;
    for (int n = 0; n < trials; n++) {
        
#line 589 "chapters/07-transformer.nw"
for (int i = 0; i < dk * (Tk + 1); i++) q[i] = rng_normal(rng);
for (int j = 0; j < Tk; j++) g[j] = rng_normal(rng);
#line 567 "chapters/07-transformer.nw"
        
#line 593 "chapters/07-transformer.nw"
real largest = 0;
for (int j = 0; j < Tk; j++) {
    real dot = 0;
    for (int i = 0; i < dk; i++) dot += q[i] * k[(size_t)j * dk + i];
    s[j] = scale * dot;
    sum += s[j];
    sum2 += (double)s[j] * s[j];
}
softmax(w, s, Tk);
memset(ds, 0, sizeof(real) * Tk);
softmax_backward(ds, w, g, Tk);
double row2 = 0;
for (int j = 0; j < Tk; j++) {
    if (w[j] > largest) largest = w[j];
    row2 += (double)ds[j] * ds[j];
}
g2 += row2;
row_rms[n] = sqrt(row2 / Tk);
wmax += largest;
#line 568 "chapters/07-transformer.nw"
        
#line 616 "chapters/07-transformer.nw"
for (int i = 0; i < dk; i++) {
    real dq = 0;
    for (int j = 0; j < Tk; j++) dq += ds[j] * k[(size_t)j * dk + i];
    qg2 += (double)(scale * dq) * (scale * dq);
}
#line 569 "chapters/07-transformer.nw"
    }
    qsort(row_rms, trials, sizeof *row_rms, by_value);
    double median = row_rms[trials / 2];
    free(q);
    free(row_rms);
    double count = (double)trials * Tk, mean = sum / count;
    return (ScoreStats){ sum2 / count - mean * mean,
                         wmax / trials, sqrt(g2 / count), median,
                         sqrt(qg2 / trials) };
}
#line 843 "chapters/07-transformer.nw"
const char *mha_check(int D, int NH, int dk)
{
    static char message[160];
    if (D < 1 || NH < 1 || dk < 1
        || (long)NH * dk > MHA_MAX_WIDTH) {
        snprintf(message, sizeof message, "%d heads of width %d"
                 " at a model width of %d: each must be at least 1,"
                 " and the heads together at most %d wide", NH, dk,
                 D, MHA_MAX_WIDTH);
        return message;
    }
    return NULL;
}
#line 861 "chapters/07-transformer.nw"
int add_named(Params *p, const char *prefix, const char *name,
              int rows, int cols)
{
    char full[TENSOR_NAME_MAX];
    snprintf(full, sizeof full, "%s.%s", prefix, name);
    return params_add(p, full, rows, cols);
}

void mha_declare(MultiHead *mh, Params *p, const char *name, int D,
                 int NH, int dk)
{
    const char *problem = mha_check(D, NH, dk);
    if (problem) refuse("%s", problem);
    *mh = (MultiHead){ .D = D, .NH = NH, .dk = dk,
                       .scale = (real)(1 / sqrt((double)dk)) };
    mh->W_q = add_named(p, name, "W_q", D, NH * dk);
    mh->W_k = add_named(p, name, "W_k", D, NH * dk);
    mh->W_v = add_named(p, name, "W_v", D, NH * dk);
    mh->W_o = add_named(p, name, "W_o", NH * dk, D);
}
#line 884 "chapters/07-transformer.nw"
void mha_init(const MultiHead *mh, Params *p, Rng *rng)
{
    int w[3] = { mh->W_q, mh->W_k, mh->W_v }, A = mh->NH * mh->dk;
    for (int k = 0; k < 3; k++)
        init_xavier_uniform(param(p, w[k]), mh->D, A, rng);
    init_xavier_uniform(param(p, mh->W_o), A, mh->D, rng);
}
#line 909 "chapters/07-transformer.nw"
void mha_cache_alloc(MhaCache *c, const MultiHead *mh, int max_B,
                     int max_Tq, int max_Tk)
{
    size_t Nq = (size_t)max_B * max_Tq, Nk = (size_t)max_B * max_Tk;
    size_t A = (size_t)mh->NH * mh->dk, W = Nq * mh->NH * max_Tk;
    size_t sizes[] = { Nq * A, Nk * A, Nk * A, W, Nq * A,
                       Nq * A, Nk * A, Nk * A, Nq * A };
    real **arrays[] = { &c->q, &c->k, &c->v, &c->weights, &c->heads,
                        &c->d_q, &c->d_k, &c->d_v, &c->d_heads };
    alloc_parts(arrays, sizes, sizeof sizes / sizeof *sizes);
    c->max_B = max_B; c->max_Tq = max_Tq; c->max_Tk = max_Tk;
}

void mha_cache_free(MhaCache *c) { free(c->q); }
#line 953 "chapters/07-transformer.nw"
void mha_forward(real *out, MhaCache *c, const MultiHead *mh,
                 const Params *p, const real *x_q, const real *x_kv,
                 const int *mask, int B, int Tq, int Tk)
{
    int D = mh->D, NH = mh->NH, A = NH * mh->dk;
    int Nq = B * Tq, Nk = B * Tk;
    assert(B <= c->max_B && Tq <= c->max_Tq && Tk <= c->max_Tk);
    linear_forward(c->q, x_q, param(p, mh->W_q), NULL, Nq, D, A);
    linear_forward(c->k, x_kv, param(p, mh->W_k), NULL, Nk, D, A);
    linear_forward(c->v, x_kv, param(p, mh->W_v), NULL, Nk, D, A);
    sdpa_forward(c->heads, c->weights, c->q, c->k, c->v, mask,
                 mh->scale, B, NH, Tq, Tk, mh->dk, mh->dk);
    linear_forward(out, c->heads, param(p, mh->W_o), NULL, Nq, A, D);
}
#line 989 "chapters/07-transformer.nw"
void mha_backward(real *d_xq, real *d_xkv, Params *p, MhaCache *c,
                  const MultiHead *mh, const real *d_out,
                  const real *x_q, const real *x_kv, const int *mask,
                  int B, int Tq, int Tk)
{
    int D = mh->D, NH = mh->NH, A = NH * mh->dk;
    int Nq = B * Tq, Nk = B * Tk;
    memset(c->d_heads, 0, sizeof(real) * Nq * A);
    memset(c->d_q, 0, sizeof(real) * Nq * A);
    memset(c->d_k, 0, sizeof(real) * Nk * A);
    memset(c->d_v, 0, sizeof(real) * Nk * A);
    linear_backward(c->d_heads, param_grad(p, mh->W_o), NULL, d_out,
                    c->heads, param(p, mh->W_o), Nq, A, D);
    sdpa_backward(c->d_q, c->d_k, c->d_v, c->d_heads, c->weights,
                  c->q, c->k, c->v, mask, mh->scale, B, NH, Tq, Tk,
                  mh->dk, mh->dk);
    
#line 1009 "chapters/07-transformer.nw"
linear_backward(d_xq, param_grad(p, mh->W_q), NULL, c->d_q, x_q,
                param(p, mh->W_q), Nq, D, A);
linear_backward(d_xkv, param_grad(p, mh->W_k), NULL, c->d_k, x_kv,
                param(p, mh->W_k), Nk, D, A);
linear_backward(d_xkv, param_grad(p, mh->W_v), NULL, c->d_v, x_kv,
                param(p, mh->W_v), Nk, D, A);
#line 1006 "chapters/07-transformer.nw"
}
#line 1081 "chapters/07-transformer.nw"
void positional_encoding(real *pe, int T, int D)
{
    assert(D % 2 == 0);
    for (int p = 0; p < T; p++)
        for (int i = 0; i < D / 2; i++) {
            double angle = p * pow(10000.0, -2.0 * i / D);
            pe[(size_t)p * D + 2 * i] = (real)sin(angle);
            pe[(size_t)p * D + 2 * i + 1] = (real)cos(angle);
        }
}
#line 1170 "chapters/07-transformer.nw"
void layernorm_moments_plain(real *mean, double *var, const real *x,
                             int D)
{
    real sum = 0, sq = 0;
    for (int d = 0; d < D; d++) sum += x[d];
    real m = sum / D;
    for (int d = 0; d < D; d++) sq += (x[d] - m) * (x[d] - m);
    *mean = m;
    *var = (double)sq / D;
}

void layernorm_forward(real *y, real *mean, real *rstd, const real *x,
                       const real *gamma, const real *beta, int N,
                       int D)
{
    for (int n = 0; n < N; n++) {
        const real *x_n = x + (size_t)n * D;
        real *y_n = y + (size_t)n * D, m;
        double var;
        layernorm_moments(&m, &var, x_n, D);
        real r = (real)(1 / sqrt(var + LAYERNORM_EPS));
        for (int d = 0; d < D; d++)
            y_n[d] = (x_n[d] - m) * r * gamma[d] + beta[d];
        mean[n] = m;
        rstd[n] = r;
    }
}
#line 1215 "chapters/07-transformer.nw"
void layernorm_grad_means_plain(real *g_mean, real *gx_mean,
                                const real *dy, const real *x,
                                const real *gamma, real mu, real r,
                                int D)
{
    real sg = 0, sgx = 0;
    for (int d = 0; d < D; d++) {
        real xhat = (x[d] - mu) * r, g = dy[d] * gamma[d];
        sg += g;
        sgx += g * xhat;
    }
    *g_mean = sg / D;
    *gx_mean = sgx / D;
}
#line 1231 "chapters/07-transformer.nw"
void layernorm_backward(real *restrict dx, real *restrict dgamma,
                        real *restrict dbeta, const real *dy,
                        const real *x, const real *mean,
                        const real *rstd, const real *gamma, int N,
                        int D)
{
    for (int n = 0; n < N; n++) {
        const real *x_n = x + (size_t)n * D;
        const real *dy_n = dy + (size_t)n * D;
        real *dx_n = dx + (size_t)n * D, mu = mean[n], r = rstd[n];
        real g_mean, gx_mean;
        layernorm_grad_means(&g_mean, &gx_mean, dy_n, x_n, gamma, mu,
                             r, D);
        for (int d = 0; d < D; d++) {
            real xhat = (x_n[d] - mu) * r, g = dy_n[d] * gamma[d];
            dx_n[d] += r * (g - g_mean - xhat * gx_mean);
            dgamma[d] += dy_n[d] * xhat;
            dbeta[d] += dy_n[d];
        }
    }
}
#line 1302 "chapters/07-transformer.nw"
void residual_forward(real *y, const real *x, const real *fx,
                      size_t n)
{
    for (size_t i = 0; i < n; i++) y[i] = x[i] + fx[i];
}

void residual_backward(real *dx, real *dfx, const real *dy, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        dx[i] += dy[i];
        dfx[i] += dy[i];
    }
}
#line 1320 "chapters/07-transformer.nw"
void ffn_declare(FeedForward *f, Params *p, const char *name, int D,
                 int F)
{
    *f = (FeedForward){ .D = D, .F = F };
    f->W1 = add_named(p, name, "W1", D, F);
    f->b1 = add_named(p, name, "b1", 1, F);
    f->W2 = add_named(p, name, "W2", F, D);
    f->b2 = add_named(p, name, "b2", 1, D);
}

void ffn_init(const FeedForward *f, Params *p, Rng *rng)
{
    init_xavier_uniform(param(p, f->W1), f->D, f->F, rng);
    init_xavier_uniform(param(p, f->W2), f->F, f->D, rng);
}
#line 1346 "chapters/07-transformer.nw"
void ffn_forward(real *y, real *h, const FeedForward *f,
                 const Params *p, const real *x, int N)
{
    linear_forward(h, x, param(p, f->W1), param(p, f->b1), N, f->D,
                   f->F);
    for (size_t i = 0; i < (size_t)N * f->F; i++)
        if (h[i] < 0) h[i] = 0;
    linear_forward(y, h, param(p, f->W2), param(p, f->b2), N, f->F,
                   f->D);
}
#line 1359 "chapters/07-transformer.nw"
void ffn_backward(real *dx, real *dh, Params *p, const FeedForward *f,
                  const real *dy, const real *x, const real *h, int N)
{
    memset(dh, 0, sizeof(real) * N * f->F);
    linear_backward(dh, param_grad(p, f->W2), param_grad(p, f->b2),
                    dy, h, param(p, f->W2), N, f->F, f->D);
    for (size_t i = 0; i < (size_t)N * f->F; i++)  /* h = max(0,.) */
        if (h[i] <= 0) dh[i] = 0;
    linear_backward(dx, param_grad(p, f->W1), param_grad(p, f->b1),
                    dh, x, param(p, f->W1), N, f->D, f->F);
}
#line 1483 "chapters/07-transformer.nw"
const char *block_check(int D, int NH, int dk, int F)
{
    static char message[120];
    if (F < 1) {
        snprintf(message, sizeof message, "the feed-forward width"
                 " must be at least 1, not %d", F);
        return message;
    }
    return mha_check(D, NH, dk);
}
#line 1495 "chapters/07-transformer.nw"
void block_declare(Block *blk, Params *p, const char *name, int D,
                   int NH, int dk, int F)
{
    const char *problem = block_check(D, NH, dk, F);
    if (problem) refuse("%s", problem);
    char sub[TENSOR_NAME_MAX];
    *blk = (Block){ .D = D, .NH = NH, .F = F };
    blk->ln1_g = add_named(p, name, "ln1_g", 1, D);
    blk->ln1_b = add_named(p, name, "ln1_b", 1, D);
    snprintf(sub, sizeof sub, "%s.att", name);
    mha_declare(&blk->att, p, sub, D, NH, dk);
    blk->ln2_g = add_named(p, name, "ln2_g", 1, D);
    blk->ln2_b = add_named(p, name, "ln2_b", 1, D);
    snprintf(sub, sizeof sub, "%s.ffn", name);
    ffn_declare(&blk->ffn, p, sub, D, F);
}
#line 1513 "chapters/07-transformer.nw"
void block_init(const Block *blk, Params *p, Rng *rng)
{
    for (int d = 0; d < blk->D; d++) {
        param(p, blk->ln1_g)[d] = 1;
        param(p, blk->ln2_g)[d] = 1;
    }
    mha_init(&blk->att, p, rng);
    ffn_init(&blk->ffn, p, rng);
}
#line 1540 "chapters/07-transformer.nw"
void block_cache_alloc(BlockCache *c, const Block *blk, int max_B,
                       int max_T)
{
    size_t N = (size_t)max_B * max_T, D = blk->D, F = blk->F;
    size_t sizes[] = { N * D, N * D, N * D, N * D, N * F, N * D,
                       N, N, N, N,
                       N * D, N * D, N * D, N * D, N * F, N * D };
    real **arrays[] = { &c->n1, &c->att_out, &c->a, &c->n2, &c->h,
                        &c->f, &c->mean1, &c->rstd1, &c->mean2,
                        &c->rstd2, &c->d_n1, &c->d_att, &c->d_a,
                        &c->d_n2, &c->d_h, &c->d_f };
    alloc_parts(arrays, sizes, sizeof sizes / sizeof *sizes);
    mha_cache_alloc(&c->att, &blk->att, max_B, max_T, max_T);
}

void block_cache_free(BlockCache *c)
{
    free(c->n1);
    mha_cache_free(&c->att);
}
#line 1651 "chapters/07-transformer.nw"
static void block_forward_post(real *y, BlockCache *c,
                               const Block *blk, const Params *p,
                               const real *x, const int *mask, int B,
                               int T)
{
    int N = B * T, D = blk->D;
    real *sum1 = c->n1, *sum2 = c->n2;      /* before their norms */
    mha_forward(c->att_out, &c->att, &blk->att, p, x, x, mask, B, T,
                T);
    residual_forward(sum1, x, c->att_out, (size_t)N * D);
    layernorm_forward(c->a, c->mean1, c->rstd1, sum1,
                      param(p, blk->ln1_g), param(p, blk->ln1_b),
                      N, D);
    ffn_forward(c->f, c->h, &blk->ffn, p, c->a, N);
    residual_forward(sum2, c->a, c->f, (size_t)N * D);
    layernorm_forward(y, c->mean2, c->rstd2, sum2,
                      param(p, blk->ln2_g), param(p, blk->ln2_b),
                      N, D);
}
#line 1673 "chapters/07-transformer.nw"
static void block_backward_post(real *dx, Params *p, BlockCache *c,
                                const Block *blk, const real *dy,
                                const real *x, const int *mask,
                                int B, int T)
{
    int N = B * T, D = blk->D;
    size_t ND = (size_t)N * D;
    real *d_sum1 = c->d_n1, *d_sum2 = c->d_n2;
    layernorm_backward(d_sum2, param_grad(p, blk->ln2_g),
                       param_grad(p, blk->ln2_b), dy, c->n2,
                       c->mean2, c->rstd2, param(p, blk->ln2_g),
                       N, D);
    residual_backward(c->d_a, c->d_f, d_sum2, ND);
    ffn_backward(c->d_a, c->d_h, p, &blk->ffn, c->d_f, c->a, c->h, N);
    layernorm_backward(d_sum1, param_grad(p, blk->ln1_g),
                       param_grad(p, blk->ln1_b), c->d_a, c->n1,
                       c->mean1, c->rstd1, param(p, blk->ln1_g),
                       N, D);
    residual_backward(dx, c->d_att, d_sum1, ND);
    mha_backward(dx, dx, p, &c->att, &blk->att, c->d_att, x, x, mask,
                 B, T, T);
}
#line 1578 "chapters/07-transformer.nw"
void block_forward(real *y, BlockCache *c, const Block *blk,
                   const Params *p, const real *x, const int *mask,
                   int B, int T)
{
    int N = B * T, D = blk->D;
    if (blk->post_norm) {
        block_forward_post(y, c, blk, p, x, mask, B, T);
        return;
    }
    layernorm_forward(c->n1, c->mean1, c->rstd1, x,
                      param(p, blk->ln1_g), param(p, blk->ln1_b),
                      N, D);
    mha_forward(c->att_out, &c->att, &blk->att, p, c->n1, c->n1, mask,
                B, T, T);                       /* self attention */
    residual_forward(c->a, x, c->att_out, (size_t)N * D);
    layernorm_forward(c->n2, c->mean2, c->rstd2, c->a,
                      param(p, blk->ln2_g), param(p, blk->ln2_b),
                      N, D);
    ffn_forward(c->f, c->h, &blk->ffn, p, c->n2, N);
    residual_forward(y, c->a, c->f, (size_t)N * D);
}
#line 1603 "chapters/07-transformer.nw"
void block_backward(real *dx, Params *p, BlockCache *c,
                    const Block *blk, const real *dy, const real *x,
                    const int *mask, int B, int T)
{
    int N = B * T, D = blk->D;
    size_t ND = (size_t)N * D;
    real *cleared[] = { c->d_n1, c->d_att, c->d_a, c->d_n2, c->d_f };
    for (int k = 0; k < 5; k++)
        memset(cleared[k], 0, sizeof(real) * ND);
    if (blk->post_norm) {
        block_backward_post(dx, p, c, blk, dy, x, mask, B, T);
        return;
    }
    residual_backward(c->d_a, c->d_f, dy, ND);
    ffn_backward(c->d_n2, c->d_h, p, &blk->ffn, c->d_f, c->n2, c->h,
                 N);
    layernorm_backward(c->d_a, param_grad(p, blk->ln2_g),
                       param_grad(p, blk->ln2_b), c->d_n2, c->a,
                       c->mean2, c->rstd2, param(p, blk->ln2_g),
                       N, D);
    residual_backward(dx, c->d_att, c->d_a, ND);
    mha_backward(c->d_n1, c->d_n1, p, &c->att, &blk->att, c->d_att,
                 c->n1, c->n1, mask, B, T, T);
    layernorm_backward(dx, param_grad(p, blk->ln1_g),
                       param_grad(p, blk->ln1_b), c->d_n1, x,
                       c->mean1, c->rstd1, param(p, blk->ln1_g),
                       N, D);
}
#line 1786 "chapters/07-transformer.nw"
size_t mha_param_count(int D, int A) { return 4 * (size_t)D * A; }

size_t block_param_count(int D, int A, int F)
{
    return mha_param_count(D, A) + 4 * (size_t)D   /* layer norms */
           + 2 * (size_t)D * F + F + D;            /* feed-forward */
}

uint64_t mha_forward_flops(int B, int Tq, int Tk, int D, int A)
{
    uint64_t b = B, d = D, a = A;
    return 4 * b * Tq * d * a + 4 * b * Tk * d * a  /* projections */
           + 4 * b * Tq * Tk * a;               /* scores, average */
}

uint64_t block_forward_flops(int B, int T, int D, int A, int F)
{
    return mha_forward_flops(B, T, T, D, A) + 4ull * B * T * D * F;
}
#line 2333 "chapters/B-fast.nw"
void scaled_softmax_rows(real *w, const int *mask, real scale,
                         int rows, int n)
{
#ifdef PLAIN_KERNELS
    scaled_softmax_rows_plain(w, mask, scale, rows, n);
#else
    scaled_softmax_rows_lanes(w, mask, scale, rows, n);
#endif
}

void scaled_softmax_rows_backward(real *ds, const real *w,
                                  const real *dw, real scale,
                                  int rows, int n)
{
#ifdef PLAIN_KERNELS
    scaled_softmax_rows_backward_plain(ds, w, dw, scale, rows, n);
#else
    scaled_softmax_rows_backward_lanes(ds, w, dw, scale, rows, n);
#endif
}

void layernorm_moments(real *mean, double *var, const real *x, int D)
{
#ifdef PLAIN_KERNELS
    layernorm_moments_plain(mean, var, x, D);
#else
    layernorm_moments_lanes(mean, var, x, D);
#endif
}

void layernorm_grad_means(real *g_mean, real *gx_mean,
                          const real *dy, const real *x,
                          const real *gamma, real mu, real r, int D)
{
#ifdef PLAIN_KERNELS
    layernorm_grad_means_plain(g_mean, gx_mean, dy, x, gamma, mu, r,
                               D);
#else
    layernorm_grad_means_lanes(g_mean, gx_mean, dy, x, gamma, mu, r,
                               D);
#endif
}
