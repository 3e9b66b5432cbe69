#line 140 "chapters/07-transformer.nw"
/* transformer.h: the Transformer's building blocks (chapter 7). */
#ifndef TRANSFORMER_H
#define TRANSFORMER_H
#include "attention.h"
#line 750 "chapters/07-transformer.nw"
void attention_mask(int *mask /* [B, Tq, Tk] */,
                    const int *key_len /* [B], or NULL */,
                    int causal, int B, int Tq, int Tk);
#line 1935 "chapters/B-fast.nw"
enum { SM_LANES = 4 };
void scaled_softmax_rows_lanes(real *w, const int *mask, real scale,
                               int rows, int n);
void scaled_softmax_rows_backward_lanes(real *ds, const real *w,
                                        const real *dw, real scale,
                                        int rows, int n);
void layernorm_moments_lanes(real *mean, double *var, const real *x,
                             int D);
void layernorm_grad_means_lanes(real *g_mean, real *gx_mean,
                                const real *dy, const real *x,
                                const real *gamma, real mu, real r,
                                int D);
void layernorm_moments_plain(real *mean, double *var, const real *x,
                             int D);
void layernorm_grad_means_plain(real *g_mean, real *gx_mean,
                                const real *dy, const real *x,
                                const real *gamma, real mu, real r,
                                int D);
#line 277 "chapters/07-transformer.nw"
void sdpa_forward(real *out /* [B, Tq, NH*dv] */,
                  real *weights /* [B, NH, Tq, Tk] */,
                  const real *Q /* [B, Tq, NH*dk] */,
                  const real *K /* [B, Tk, NH*dk] */,
                  const real *V /* [B, Tk, NH*dv] */,
                  const int *mask /* [B, Tq, Tk] or NULL */,
                  real scale, int B, int NH, int Tq, int Tk,
                  int dk, int dv);
void sdpa_backward(real *dQ, real *dK, real *dV,
                   const real *d_out, const real *weights,
                   const real *Q, const real *K, const real *V,
                   const int *mask, real scale, int B, int NH,
                   int Tq, int Tk, int dk, int dv);
/* rows of n scores each: scale, mask, softmax, in place */
void scaled_softmax_rows(real *w /* [rows, n] */,
                         const int *mask /* [rows, n] or NULL */,
                         real scale, int rows, int n);
void scaled_softmax_rows_plain(real *w, const int *mask, real scale,
                               int rows, int n);
/* their gradient, scale included: writes (not adds) ds = dL/dZ */
void scaled_softmax_rows_backward(real *ds /* [rows, n] */,
                                  const real *w, const real *dw,
                                  real scale, int rows, int n);
void scaled_softmax_rows_backward_plain(real *ds, const real *w,
                                        const real *dw, real scale,
                                        int rows, int n);
#line 545 "chapters/07-transformer.nw"
typedef struct {
    double score_var;       /* variance of a (scaled) score */
    double max_weight;      /* mean largest weight of a row */
    double grad_rms;        /* RMS gradient reaching the scores */
    double grad_median;     /* median of each row's RMS gradient */
    double query_grad;      /* RMS norm of the query's gradient */
} ScoreStats;
ScoreStats score_statistics(int dk, int Tk, int trials, real scale,
                            Rng *rng);
#line 802 "chapters/07-transformer.nw"
enum { MHA_MAX_WIDTH = 4096 };          /* NH * dk, at most */
typedef struct {
    int D, NH, dk;              /* dk = dv: the width of a head */
    real scale;                 /* 1/sqrt(dk), or 1 */
    int W_q, W_k, W_v, W_o;     /* [D, NH*dk] x3, [NH*dk, D] */
} MultiHead;
#line 835 "chapters/07-transformer.nw"
const char *mha_check(int D, int NH, int dk);
int add_named(Params *p, const char *prefix, const char *name,
              int rows, int cols);
void mha_declare(MultiHead *mh, Params *p, const char *name, int D,
                 int NH, int dk);
void mha_init(const MultiHead *mh, Params *p, Rng *rng);
#line 897 "chapters/07-transformer.nw"
typedef struct {
    int max_B, max_Tq, max_Tk;
    real *q, *k, *v;        /* [B, Tq, A], [B, Tk, A], [B, Tk, A] */
    real *weights;          /* [B, NH, Tq, Tk] */
    real *heads;            /* [B, Tq, A]: the heads side by side */
    real *d_q, *d_k, *d_v, *d_heads;        /* as q, k, v, heads */
} MhaCache;
void mha_cache_alloc(MhaCache *c, const MultiHead *mh, int max_B,
                     int max_Tq, int max_Tk);
void mha_cache_free(MhaCache *c);
#line 939 "chapters/07-transformer.nw"
void mha_forward(real *out /* [B, Tq, D] */, MhaCache *c,
                 const MultiHead *mh, const Params *p,
                 const real *x_q /* [B, Tq, D] */,
                 const real *x_kv /* [B, Tk, D] */,
                 const int *mask /* [B, Tq, Tk] or NULL */,
                 int B, int Tq, int Tk);
void mha_backward(real *d_xq /* [B, Tq, D] */,
                  real *d_xkv /* [B, Tk, D] */, Params *p,
                  MhaCache *c, const MultiHead *mh,
                  const real *d_out /* [B, Tq, D] */,
                  const real *x_q, const real *x_kv,
                  const int *mask, int B, int Tq, int Tk);
#line 1078 "chapters/07-transformer.nw"
void positional_encoding(real *pe /* [T, D] */, int T, int D);
#line 1137 "chapters/07-transformer.nw"
#define LAYERNORM_EPS 1e-5
void layernorm_forward(real *y /* [N, D] */, real *mean /* [N] */,
                       real *rstd /* [N] */,
                       const real *x /* [N, D] */,
                       const real *gamma /* [D] */,
                       const real *beta /* [D] */, int N, int D);
void layernorm_backward(real *dx /* [N, D] */, real *dgamma,
                        real *dbeta, const real *dy, const real *x,
                        const real *mean, const real *rstd,
                        const real *gamma, int N, int D);
/* the mean and variance of a row; the two means of its backward */
void layernorm_moments(real *mean, double *var, const real *x, int D);
void layernorm_grad_means(real *g_mean, real *gx_mean,
                          const real *dy, const real *x,
                          const real *gamma, real mu, real r, int D);
#line 1280 "chapters/07-transformer.nw"
void residual_forward(real *y /* [n] */, const real *x /* [n] */,
                      const real *fx /* [n] */, size_t n);
void residual_backward(real *dx /* [n] */, real *dfx /* [n] */,
                       const real *dy /* [n] */, size_t n);
typedef struct {
    int D, F;
    int W1, b1, W2, b2;     /* [D, F], [1, F], [F, D], [1, D] */
} FeedForward;
#line 1296 "chapters/07-transformer.nw"
void ffn_declare(FeedForward *f, Params *p, const char *name, int D,
                 int F);
void ffn_init(const FeedForward *f, Params *p, Rng *rng);
#line 1338 "chapters/07-transformer.nw"
void ffn_forward(real *y /* [N, D] */, real *h /* [N, F] */,
                 const FeedForward *f, const Params *p,
                 const real *x /* [N, D] */, int N);
void ffn_backward(real *dx /* [N, D] */, real *dh /* [N, F] */,
                  Params *p, const FeedForward *f, const real *dy,
                  const real *x, const real *h, int N);
#line 1456 "chapters/07-transformer.nw"
typedef struct {
    int D, NH, F;
    int post_norm;              /* 0: pre-norm, 1: the paper's */
    int ln1_g, ln1_b, ln2_g, ln2_b;     /* [1, D] each */
    MultiHead att;
    FeedForward ffn;
} Block;
#line 1477 "chapters/07-transformer.nw"
const char *block_check(int D, int NH, int dk, int F);
void block_declare(Block *blk, Params *p, const char *name, int D,
                   int NH, int dk, int F);
void block_init(const Block *blk, Params *p, Rng *rng);
#line 1529 "chapters/07-transformer.nw"
typedef struct {
    MhaCache att;
    real *n1, *att_out, *a, *n2, *h, *f;    /* [N, D], h: [N, F] */
    real *mean1, *rstd1, *mean2, *rstd2;    /* [N] */
    real *d_n1, *d_att, *d_a, *d_n2, *d_h, *d_f;
} BlockCache;
void block_cache_alloc(BlockCache *c, const Block *blk, int max_B,
                       int max_T);
void block_cache_free(BlockCache *c);
#line 1566 "chapters/07-transformer.nw"
void block_forward(real *y /* [B, T, D] */, BlockCache *c,
                   const Block *blk, const Params *p,
                   const real *x /* [B, T, D] */,
                   const int *mask /* [B, T, T] or NULL */,
                   int B, int T);
void block_backward(real *dx /* [B, T, D] */, Params *p,
                    BlockCache *c, const Block *blk,
                    const real *dy /* [B, T, D] */, const real *x,
                    const int *mask, int B, int T);
#line 1779 "chapters/07-transformer.nw"
size_t mha_param_count(int D, int A);
size_t block_param_count(int D, int A, int F);
uint64_t mha_forward_flops(int B, int Tq, int Tk, int D, int A);
uint64_t block_forward_flops(int B, int T, int D, int A, int F);
#line 154 "chapters/07-transformer.nw"
#endif
