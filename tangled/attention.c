#line 135 "chapters/04-attention.nw"
/* attention.c: score, softmax, average (chapter 4). */
#include "attention.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>
#line 188 "chapters/04-attention.nw"
void masked_softmax(real *w, const real *score, const int *mask,
                    int n)
{
    for (int s = 0; s < n; s++)
        w[s] = mask[s] ? score[s] : MASKED_SCORE;
    softmax(w, w, n);
}
#line 210 "chapters/04-attention.nw"
void softmax_backward(real *dscore, const real *w, const real *dw,
                      int n)
{
    real dot = dot_product(w, dw, n);
    for (int j = 0; j < n; j++) dscore[j] += w[j] * (dw[j] - dot);
}
#line 297 "chapters/04-attention.nw"
const char *scorer_check(int kind, int Hd, int He)
{
    static char message[200];
    if (kind < SCORE_DOT || kind > SCORE_LAST)
        return "unknown scorer kind";
    if (kind == SCORE_DOT && Hd != He) {
        snprintf(message, sizeof message, "the dot score needs equal"
                 " decoder and encoder sizes, not %d and %d; use the"
                 " general or additive score, whose learned weights"
                 " map one size to the other", Hd, He);
        return message;
    }
    return NULL;
}
#line 318 "chapters/04-attention.nw"
void scorer_declare(Scorer *sc, Params *p, int kind, int Hd, int He)
{
    scorer_declare_named(sc, p, "att", kind, Hd, He);
}

void scorer_declare_named(Scorer *sc, Params *p, const char *prefix,
                          int kind, int Hd, int He)
{
    const char *problem = scorer_check(kind, Hd, He);
    if (problem) refuse("%s", problem);
    *sc = (Scorer){ .kind = kind, .Hd = Hd, .He = He, .A = Hd,
                    .W_d = -1, .W_e = -1, .v = -1, .W_a = -1 };
    char name[TENSOR_NAME_MAX];
    
#line 335 "chapters/04-attention.nw"
if (kind == SCORE_ADDITIVE) {
    snprintf(name, sizeof name, "%s_W_d", prefix);
    sc->W_d = params_add(p, name, Hd, sc->A);
    snprintf(name, sizeof name, "%s_W_e", prefix);
    sc->W_e = params_add(p, name, He, sc->A);
    snprintf(name, sizeof name, "%s_v", prefix);
    sc->v = params_add(p, name, 1, sc->A);
} else if (kind == SCORE_GENERAL) {
    snprintf(name, sizeof name, "%s_W_a", prefix);
    sc->W_a = params_add(p, name, Hd, He);
}
#line 332 "chapters/04-attention.nw"
}
#line 348 "chapters/04-attention.nw"
void scorer_init(const Scorer *sc, Params *p, Rng *rng)
{
    if (sc->kind == SCORE_ADDITIVE) {
        init_xavier_uniform(param(p, sc->W_d), sc->Hd, sc->A, rng);
        init_xavier_uniform(param(p, sc->W_e), sc->He, sc->A, rng);
        init_xavier_uniform(param(p, sc->v), 1, sc->A, rng);
    } else if (sc->kind == SCORE_GENERAL) {
        init_xavier_uniform(param(p, sc->W_a), sc->Hd, sc->He, rng);
    }
}
#line 440 "chapters/04-attention.nw"
/* unit a of h_t W_d + h_s W_e, the additive score's hidden layer */
static real additive_pre(const Scorer *sc, const Params *p,
                         const real *h_t, const real *h_s, int a)
{
    const real *W_d = param(p, sc->W_d), *W_e = param(p, sc->W_e);
    real pre = 0;
    for (int j = 0; j < sc->Hd; j++)
        pre += h_t[j] * W_d[(size_t)j * sc->A + a];
    for (int k = 0; k < sc->He; k++)
        pre += h_s[k] * W_e[(size_t)k * sc->A + a];
    return pre;
}
#line 454 "chapters/04-attention.nw"
static real score_pair(const Scorer *sc, const Params *p,
                       const real *h_t /* [Hd] */,
                       const real *h_s /* [He] */)
{
    int Hd = sc->Hd, He = sc->He;
    real e = 0;
    if (sc->kind == SCORE_DOT) {            /* h_t . h_s */
        for (int k = 0; k < He; k++) e += h_t[k] * h_s[k];
    } else if (sc->kind == SCORE_GENERAL) { /* (h_t W_a) . h_s */
        const real *W_a = param(p, sc->W_a);        /* [Hd, He] */
        for (int j = 0; j < Hd; j++)
            for (int k = 0; k < He; k++)
                e += h_t[j] * W_a[(size_t)j * He + k] * h_s[k];
    } else if (sc->kind == SCORE_ADDITIVE) {    /* tanh(...) . v */
        const real *v = param(p, sc->v);            /* [A] */
        for (int a = 0; a < sc->A; a++)
            e += fast_tanh(additive_pre(sc, p, h_t, h_s, a)) * v[a];
    }
    return e;
}
#line 619 "chapters/04-attention.nw"
static void additive_unit_backward(real *dh_t, real *dh_s, Params *p,
                                   const Scorer *sc, const real *h_t,
                                   const real *h_s, int a, real de)
{
    int A = sc->A;
    const real *W_d = param(p, sc->W_d), *W_e = param(p, sc->W_e);
    real *dW_d = param_grad(p, sc->W_d);
    real *dW_e = param_grad(p, sc->W_e);
    real u = fast_tanh(additive_pre(sc, p, h_t, h_s, a));
    param_grad(p, sc->v)[a] += de * u;
    real dp = de * param(p, sc->v)[a] * (1 - u * u);
    for (int j = 0; j < sc->Hd; j++) {
        dh_t[j] += dp * W_d[(size_t)j * A + a];
        dW_d[(size_t)j * A + a] += dp * h_t[j];
    }
    for (int k = 0; k < sc->He; k++) {
        dh_s[k] += dp * W_e[(size_t)k * A + a];
        dW_e[(size_t)k * A + a] += dp * h_s[k];
    }
}
#line 642 "chapters/04-attention.nw"
static void score_pair_backward(real *dh_t, real *dh_s, Params *p,
                                const Scorer *sc, const real *h_t,
                                const real *h_s, real de)
{
    int Hd = sc->Hd, He = sc->He;
    if (sc->kind == SCORE_DOT) {            /* e = h_t . h_s */
        for (int k = 0; k < He; k++) {
            dh_t[k] += de * h_s[k];
            dh_s[k] += de * h_t[k];
        }
    } else if (sc->kind == SCORE_GENERAL) { /* e = h_t W_a h_s */
        const real *W_a = param(p, sc->W_a);
        real *dW_a = param_grad(p, sc->W_a);
        for (int j = 0; j < Hd; j++)
            for (int k = 0; k < He; k++) {
                size_t jk = (size_t)j * He + k;
                dh_t[j] += de * W_a[jk] * h_s[k];
                dh_s[k] += de * h_t[j] * W_a[jk];
                dW_a[jk] += de * h_t[j] * h_s[k];
            }
    } else if (sc->kind == SCORE_ADDITIVE) {
        for (int a = 0; a < sc->A; a++)
            additive_unit_backward(dh_t, dh_s, p, sc, h_t, h_s, a,
                                   de);
    }
}
#line 1510 "chapters/B-fast.nw"
static real additive_pair(real *restrict u /* [A] */,
                          const real *restrict pd /* [A] */,
                          const real *restrict pe /* [A] */,
                          const real *restrict v /* [A] */, int A)
{
    for (int k = 0; k < A; k++) u[k] = fast_tanh(pd[k] + pe[k]);
    return dot_product(u, v, A);
}
#line 1626 "chapters/B-fast.nw"
static void additive_pair_backward(real *restrict dpd /* [A] */,
                                   real *restrict dpe /* [A] */,
                                   real *restrict dv /* [A] */,
                                   const real *restrict pd,
                                   const real *restrict pe,
                                   const real *restrict v,
                                   real ds, int A)
{
    for (int k = 0; k < A; k++) {
        real u = fast_tanh(pd[k] + pe[k]);
        dv[k] += ds * u;
        real dpre = ds * v[k] * (1 - u * u);
        dpd[k] += dpre;
        dpe[k] += dpre;
    }
}
#line 2556 "chapters/B-fast.nw"
/* the rows t < len[b] of x [B, T, W], one after another: [R, W] */
static size_t copy_real_rows(real *rows, const real *x,
                             const int *len, int B, int T, int W)
{
    size_t R = 0;
    for (int b = 0; b < B; b++) {
        memcpy(rows + R * W, x + (size_t)b * T * W,
               sizeof(real) * len[b] * W);
        R += len[b];
    }
    return R;
}

static void add_real_rows(real *x /* [B, T, W] */,
                          const real *rows /* [R, W] */,
                          const int *len, int B, int T, int W)
{
    for (int b = 0; b < B; b++) {
        real *at = x + (size_t)b * T * W;
        for (size_t k = 0; k < (size_t)len[b] * W; k++)
            at[k] += *rows++;
    }
}
#line 405 "chapters/04-attention.nw"
void attention_forward_plain(real *context, AttnCache *c,
                             const Scorer *sc, const Params *p,
                             const real *dec, const real *enc,
                             const int *mask, const int *dec_len,
                             int B, int T, int S)
{
    int Hd = sc->Hd, He = sc->He;
    assert(B <= c->max_B && T <= c->max_T && S <= c->max_S);
    for (int b = 0; b < B; b++)
        for (int t = 0; t < dec_len[b]; t++) {
            const real *h_t = dec + ((size_t)b * T + t) * Hd;
            real *w = c->weights + ((size_t)b * T + t) * S;
            
#line 427 "chapters/04-attention.nw"
for (int s = 0; s < S; s++) {
    if (!mask[(size_t)b * S + s]) continue;     /* padding */
    const real *h_s = enc + ((size_t)b * S + s) * He;
    w[s] = score_pair(sc, p, h_t, h_s);
}
#line 66 "chapters/05-ablation.nw"
if (sc->kind == SCORE_LAST) {
    const int *mask_b = mask + (size_t)b * S;
    int last = 0;
    for (int s = 0; s < S; s++) if (mask_b[s]) last = s;
    for (int s = 0; s < S; s++) w[s] = s == last ? 0 : MASKED_SCORE;
}
#line 418 "chapters/04-attention.nw"
            masked_softmax(w, w, mask + (size_t)b * S, S);
            
#line 478 "chapters/04-attention.nw"
real *ctx = context + ((size_t)b * T + t) * He;
memset(ctx, 0, sizeof(real) * He);
for (int s = 0; s < S; s++) {
    if (!mask[(size_t)b * S + s]) continue;     /* weight 0 */
    const real *h_s = enc + ((size_t)b * S + s) * He;
    for (int k = 0; k < He; k++) ctx[k] += w[s] * h_s[k];
}
#line 420 "chapters/04-attention.nw"
        }
}
#line 537 "chapters/04-attention.nw"
void attention_backward_plain(real *d_dec, real *d_enc, Params *p,
                              AttnCache *c, const Scorer *sc,
                              const real *d_context, const real *dec,
                              const real *enc, const int *mask,
                              const int *dec_len, int B, int T, int S)
{
    int Hd = sc->Hd, He = sc->He;
    real *d_weights = xcalloc(S, sizeof(real));     /* [S] */
    real *d_score = xcalloc(S, sizeof(real));       /* [S] */
    for (int b = 0; b < B; b++)
        for (int t = 0; t < dec_len[b]; t++) {
            size_t at = (size_t)b * T + t;          /* step (b, t) */
            const real *w = c->weights + at * S;
            const real *dctx = d_context + at * He;
            
#line 577 "chapters/04-attention.nw"
for (int s = 0; s < S; s++) {
    d_weights[s] = 0;
    if (!mask[(size_t)b * S + s]) continue;     /* weight 0 */
    const real *h_s = enc + ((size_t)b * S + s) * He;
    real *dh_s = d_enc + ((size_t)b * S + s) * He;
    for (int k = 0; k < He; k++) {
        d_weights[s] += dctx[k] * h_s[k];
        dh_s[k] += w[s] * dctx[k];
    }
}
#line 552 "chapters/04-attention.nw"
            
#line 1723 "chapters/10-captions.nw"
if (c->d_outside)
    for (int s = 0; s < S; s++)
        d_weights[s] += c->d_outside[at * S + s];
#line 553 "chapters/04-attention.nw"
            memset(d_score, 0, sizeof(real) * S);
            softmax_backward(d_score, w, d_weights, S);
            
#line 610 "chapters/04-attention.nw"
for (int s = 0; s < S; s++) {
    if (d_score[s] == 0) continue;  /* masked (weight 0, so 0) */
    size_t bs = (size_t)b * S + s;
    score_pair_backward(d_dec + at * Hd, d_enc + bs * He, p, sc,
                        dec + at * Hd, enc + bs * He, d_score[s]);
}
#line 556 "chapters/04-attention.nw"
        }
    free(d_weights); free(d_score);
}
#line 1450 "chapters/B-fast.nw"
void attention_forward_rows(real *context, AttnCache *c,
                            const Scorer *sc, const Params *p,
                            const real *dec, const real *enc,
                            const int *mask, const int *dec_len,
                            int B, int T, int S)
{
    int Hd = sc->Hd, He = sc->He, A = sc->A;
    assert(B <= c->max_B && T <= c->max_T && S <= c->max_S);
    
#line 1473 "chapters/B-fast.nw"
size_t R = copy_real_rows(c->dec_rows, dec, dec_len, B, T, Hd);
if (sc->kind == SCORE_GENERAL)
    linear_forward(c->q, c->dec_rows, param(p, sc->W_a),
                   NULL, R, Hd, He);
if (sc->kind == SCORE_ADDITIVE) {
    linear_forward(c->pd, c->dec_rows, param(p, sc->W_d),
                   NULL, R, Hd, A);
    linear_forward(c->pe, enc, param(p, sc->W_e), NULL, B * S, He, A);
}
#line 1459 "chapters/B-fast.nw"
    size_t row = 0;                 /* row of (b, t) in dec_rows */
    for (int b = 0; b < B; b++)
        for (int t = 0; t < dec_len[b]; t++, row++) {
            const real *h_t = dec + ((size_t)b * T + t) * Hd;
            real *w = c->weights + ((size_t)b * T + t) * S;
            
#line 1488 "chapters/B-fast.nw"
for (int s = 0; s < S; s++) {
    if (!mask[(size_t)b * S + s]) continue;     /* padding */
    const real *h_s = enc + ((size_t)b * S + s) * He;
    real e = 0;
    if (sc->kind == SCORE_DOT) {
        e = dot_product(h_t, h_s, He);
    } else if (sc->kind == SCORE_GENERAL) {
        e = dot_product(c->q + row * He, h_s, He);
    } else if (sc->kind == SCORE_ADDITIVE) {
        e = additive_pair(c->u, c->pd + row * A,
                          c->pe + ((size_t)b * S + s) * A,
                          param(p, sc->v), A);
    }
    w[s] = e;
}
#line 66 "chapters/05-ablation.nw"
if (sc->kind == SCORE_LAST) {
    const int *mask_b = mask + (size_t)b * S;
    int last = 0;
    for (int s = 0; s < S; s++) if (mask_b[s]) last = s;
    for (int s = 0; s < S; s++) w[s] = s == last ? 0 : MASKED_SCORE;
}
#line 1465 "chapters/B-fast.nw"
            masked_softmax(w, w, mask + (size_t)b * S, S);
            
#line 478 "chapters/04-attention.nw"
real *ctx = context + ((size_t)b * T + t) * He;
memset(ctx, 0, sizeof(real) * He);
for (int s = 0; s < S; s++) {
    if (!mask[(size_t)b * S + s]) continue;     /* weight 0 */
    const real *h_s = enc + ((size_t)b * S + s) * He;
    for (int k = 0; k < He; k++) ctx[k] += w[s] * h_s[k];
}
#line 1467 "chapters/B-fast.nw"
        }
}
#line 1540 "chapters/B-fast.nw"
void attention_backward_rows(real *d_dec, real *d_enc, Params *p,
                             AttnCache *c, const Scorer *sc,
                             const real *d_context, const real *dec,
                             const real *enc, const int *mask,
                             const int *dec_len, int B, int T, int S)
{
    int Hd = sc->Hd, He = sc->He, A = sc->A;
    
#line 2609 "chapters/B-fast.nw"
if (sc->kind == SCORE_GENERAL)
    memset(c->d_q, 0, sizeof(real) * B * T * He);
if (sc->kind == SCORE_ADDITIVE) {
    memset(c->d_pd, 0, sizeof(real) * B * T * A);
    memset(c->d_pe, 0, sizeof(real) * B * S * A);
}
#line 1548 "chapters/B-fast.nw"
    size_t row = 0;                 /* row of (b, t) in dec_rows */
    for (int b = 0; b < B; b++)
        for (int t = 0; t < dec_len[b]; t++, row++) {
            const real *w = c->weights + ((size_t)b * T + t) * S;
            const real *dctx = d_context + ((size_t)b * T + t) * He;
            
#line 1564 "chapters/B-fast.nw"
for (int s = 0; s < S; s++) {
    c->d_weights[s] = 0;
    if (!mask[(size_t)b * S + s]) continue;     /* weight 0 */
    const real *h_s = enc + ((size_t)b * S + s) * He;
    real *dh_s = d_enc + ((size_t)b * S + s) * He;
    c->d_weights[s] = dot_product(dctx, h_s, He);
    for (int k = 0; k < He; k++) dh_s[k] += w[s] * dctx[k];
}
#line 1554 "chapters/B-fast.nw"
            
#line 1727 "chapters/10-captions.nw"
if (c->d_outside)
    for (int s = 0; s < S; s++)
        c->d_weights[s] += c->d_outside[((size_t)b * T + t) * S + s];
#line 1555 "chapters/B-fast.nw"
            memset(c->d_score, 0, sizeof(real) * S);
            softmax_backward(c->d_score, w, c->d_weights, S);
            
#line 1580 "chapters/B-fast.nw"
const real *h_t = dec + ((size_t)b * T + t) * Hd;
real *dh_t = d_dec + ((size_t)b * T + t) * Hd;
for (int s = 0; s < S; s++) {
    real ds = c->d_score[s];
    if (ds == 0) continue;      /* masked (weight 0, so ds 0) */
    const real *h_s = enc + ((size_t)b * S + s) * He;
    real *dh_s = d_enc + ((size_t)b * S + s) * He;
    if (sc->kind == SCORE_DOT) {        /* e = h_t . h_s */
        for (int k = 0; k < He; k++) {
            dh_t[k] += ds * h_s[k];
            dh_s[k] += ds * h_t[k];
        }
    } else if (sc->kind == SCORE_GENERAL) {     /* e = q . h_s */
        const real *q = c->q + row * He;
        real *dq = c->d_q + row * He;
        for (int k = 0; k < He; k++) {
            dq[k] += ds * h_s[k];
            dh_s[k] += ds * q[k];
        }
    } else if (sc->kind == SCORE_ADDITIVE) {
        
#line 1606 "chapters/B-fast.nw"
additive_pair_backward(c->d_pd + row * A,
                       c->d_pe + ((size_t)b * S + s) * A,
                       param_grad(p, sc->v), c->pd + row * A,
                       c->pe + ((size_t)b * S + s) * A,
                       param(p, sc->v), ds, A);
#line 1601 "chapters/B-fast.nw"
    }
}
#line 1558 "chapters/B-fast.nw"
        }
    
#line 1648 "chapters/B-fast.nw"
size_t R = row;
memset(c->d_dec_rows, 0, sizeof(real) * R * Hd);
if (sc->kind == SCORE_GENERAL)
    linear_backward(c->d_dec_rows, param_grad(p, sc->W_a), NULL,
                    c->d_q, c->dec_rows, param(p, sc->W_a), (int)R,
                    Hd, He);
if (sc->kind == SCORE_ADDITIVE) {
    linear_backward(c->d_dec_rows, param_grad(p, sc->W_d), NULL,
                    c->d_pd, c->dec_rows, param(p, sc->W_d), (int)R,
                    Hd, A);
    linear_backward(d_enc, param_grad(p, sc->W_e), NULL, c->d_pe,
                    enc, param(p, sc->W_e), B * S, He, A);
}
if (sc->kind == SCORE_GENERAL || sc->kind == SCORE_ADDITIVE)
    add_real_rows(d_dec, c->d_dec_rows, dec_len, B, T, Hd);
#line 1560 "chapters/B-fast.nw"
}
#line 2619 "chapters/B-fast.nw"
void attn_cache_alloc(AttnCache *c, const Scorer *sc, int max_B,
                      int max_T, int max_S)
{
    size_t B = max_B, T = max_T, S = max_S, A = sc->A, He = sc->He;
    size_t Hd = sc->Hd;
    size_t sizes[] = { B * T * S, B * T * Hd, B * T * He, B * T * A,
                       B * S * A, A, S, S, B * T * He, B * T * A,
                       B * S * A, B * T * Hd };
    real **arrays[] = { &c->weights, &c->dec_rows, &c->q, &c->pd,
                        &c->pe, &c->u, &c->d_weights, &c->d_score,
                        &c->d_q, &c->d_pd, &c->d_pe, &c->d_dec_rows };
    alloc_parts(arrays, sizes, sizeof sizes / sizeof *sizes);
    c->max_B = max_B; c->max_T = max_T; c->max_S = max_S;
    
#line 1721 "chapters/10-captions.nw"
c->d_outside = NULL;
#line 2633 "chapters/B-fast.nw"
}

void attn_cache_free(AttnCache *c) { free(c->weights); }
#line 2302 "chapters/B-fast.nw"
void attention_forward(real *context, AttnCache *c, const Scorer *sc,
                       const Params *p, const real *dec,
                       const real *enc, const int *mask,
                       const int *dec_len, int B, int T, int S)
{
#ifdef PLAIN_KERNELS
    attention_forward_plain(context, c, sc, p, dec, enc, mask,
                            dec_len, B, T, S);
#else
    attention_forward_rows(context, c, sc, p, dec, enc, mask,
                           dec_len, B, T, S);
#endif
}
#line 2317 "chapters/B-fast.nw"
void attention_backward(real *d_dec, real *d_enc, Params *p,
                        AttnCache *c, const Scorer *sc,
                        const real *d_context, const real *dec,
                        const real *enc, const int *mask,
                        const int *dec_len, int B, int T, int S)
{
#ifdef PLAIN_KERNELS
    attention_backward_plain(d_dec, d_enc, p, c, sc, d_context, dec,
                             enc, mask, dec_len, B, T, S);
#else
    attention_backward_rows(d_dec, d_enc, p, c, sc, d_context, dec,
                            enc, mask, dec_len, B, T, S);
#endif
}
