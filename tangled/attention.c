#line 108 "chapters/04-attention.nw"
/* attention.c: score, softmax, average (chapter 4). */
#include "attention.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>
#line 156 "chapters/04-attention.nw"
void masked_softmax(real *w, const real *score, const int *mask,
                    int n)
{
    for (int s = 0; s < n; s++)
        w[s] = mask[s] ? score[s] : MASKED_SCORE;
    softmax(w, w, n);
}
#line 175 "chapters/04-attention.nw"
void softmax_backward(real *dscore, const real *w, const real *dw,
                      int n)
{
    real dot = dot_product(w, dw, n);
    for (int j = 0; j < n; j++) dscore[j] += w[j] * (dw[j] - dot);
}
#line 251 "chapters/04-attention.nw"
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
#line 270 "chapters/04-attention.nw"
void scorer_declare(Scorer *sc, Params *p, int kind, int Hd, int He)
{
    const char *problem = scorer_check(kind, Hd, He);
    if (problem) refuse("%s", problem);
    *sc = (Scorer){ .kind = kind, .Hd = Hd, .He = He, .A = Hd,
                    .W_d = -1, .W_e = -1, .v = -1, .W_a = -1 };
    if (kind == SCORE_ADDITIVE) {
        sc->W_d = params_add(p, "att_W_d", Hd, sc->A);
        sc->W_e = params_add(p, "att_W_e", He, sc->A);
        sc->v = params_add(p, "att_v", 1, sc->A);
    } else if (kind == SCORE_GENERAL) {
        sc->W_a = params_add(p, "att_W_a", Hd, He);
    }
}

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
#line 551 "chapters/04-attention.nw"
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
#line 321 "chapters/04-attention.nw"
void attn_cache_alloc(AttnCache *c, const Scorer *sc, int max_B,
                      int max_T, int max_S)
{
    size_t B = max_B, T = max_T, S = max_S, A = sc->A, He = sc->He;
    size_t sizes[] = { B * T * S, B * T * He, B * T * A, B * S * A,
                       A, S, S, B * T * He, B * T * A, B * S * A };
    real **arrays[] = { &c->weights, &c->q, &c->pd, &c->pe, &c->u,
                        &c->d_weights, &c->d_score, &c->d_q, &c->d_pd,
                        &c->d_pe };
    alloc_parts(arrays, sizes, sizeof sizes / sizeof *sizes);
    c->max_B = max_B; c->max_T = max_T; c->max_S = max_S;
}

void attn_cache_free(AttnCache *c) { free(c->weights); }
#line 344 "chapters/04-attention.nw"
void attention_forward(real *context /* [B, T, He] */, AttnCache *c,
                       const Scorer *sc, const Params *p,
                       const real *dec /* [B, T, Hd] */,
                       const real *enc /* [B, S, He] */,
                       const int *mask /* [B, S] */,
                       const int *dec_len /* [B] */,
                       int B, int T, int S)
{
    int Hd = sc->Hd, He = sc->He, A = sc->A;
    assert(B <= c->max_B && T <= c->max_T && S <= c->max_S);
    
#line 378 "chapters/04-attention.nw"
if (sc->kind == SCORE_GENERAL)
    linear_forward(c->q, dec, param(p, sc->W_a), NULL, B * T, Hd, He);
if (sc->kind == SCORE_ADDITIVE) {
    linear_forward(c->pd, dec, param(p, sc->W_d), NULL, B * T, Hd, A);
    linear_forward(c->pe, enc, param(p, sc->W_e), NULL, B * S, He, A);
}
#line 355 "chapters/04-attention.nw"
    for (int b = 0; b < B; b++)
        for (int t = 0; t < dec_len[b]; t++) {
            const real *h_t = dec + ((size_t)b * T + t) * Hd;
            real *w = c->weights + ((size_t)b * T + t) * S;
            
#line 391 "chapters/04-attention.nw"
for (int s = 0; s < S; s++) {
    if (!mask[(size_t)b * S + s]) continue;     /* padding */
    const real *h_s = enc + ((size_t)b * S + s) * He;
    real e = 0;
    if (sc->kind == SCORE_DOT) {
        e = dot_product(h_t, h_s, He);
    } else if (sc->kind == SCORE_GENERAL) {
        e = dot_product(c->q + ((size_t)b * T + t) * He, h_s, He);
    } else if (sc->kind == SCORE_ADDITIVE) {
        const real *pd = c->pd + ((size_t)b * T + t) * A;
        const real *pe = c->pe + ((size_t)b * S + s) * A;
        for (int k = 0; k < A; k++)
            c->u[k] = fast_tanh(pd[k] + pe[k]);
        e = dot_product(c->u, param(p, sc->v), A);
    }
    w[s] = e;
}
#line 64 "chapters/05-ablation.nw"
if (sc->kind == SCORE_LAST) {
    const int *mask_b = mask + (size_t)b * S;
    int last = 0;
    for (int s = 0; s < S; s++) if (mask_b[s]) last = s;
    for (int s = 0; s < S; s++) w[s] = s == last ? 0 : MASKED_SCORE;
}
#line 360 "chapters/04-attention.nw"
            masked_softmax(w, w, mask + (size_t)b * S, S);
            
#line 414 "chapters/04-attention.nw"
real *ctx = context + ((size_t)b * T + t) * He;
memset(ctx, 0, sizeof(real) * He);
for (int s = 0; s < S; s++) {
    if (!mask[(size_t)b * S + s]) continue;     /* weight 0 */
    const real *h_s = enc + ((size_t)b * S + s) * He;
    for (int k = 0; k < He; k++) ctx[k] += w[s] * h_s[k];
}
#line 362 "chapters/04-attention.nw"
        }
}
#line 445 "chapters/04-attention.nw"
void attention_backward(real *d_dec, real *d_enc, Params *p,
                        AttnCache *c, const Scorer *sc,
                        const real *d_context, const real *dec,
                        const real *enc, const int *mask,
                        const int *dec_len, int B, int T, int S)
{
    int Hd = sc->Hd, He = sc->He, A = sc->A;
    
#line 472 "chapters/04-attention.nw"
if (sc->kind == SCORE_GENERAL)
    memset(c->d_q, 0, sizeof(real) * B * T * He);
if (sc->kind == SCORE_ADDITIVE) {
    memset(c->d_pd, 0, sizeof(real) * B * T * A);
    memset(c->d_pe, 0, sizeof(real) * B * S * A);
}
#line 453 "chapters/04-attention.nw"
    for (int b = 0; b < B; b++)
        for (int t = 0; t < dec_len[b]; t++) {
            const real *w = c->weights + ((size_t)b * T + t) * S;
            const real *dctx = d_context + ((size_t)b * T + t) * He;
            
#line 480 "chapters/04-attention.nw"
for (int s = 0; s < S; s++) {
    c->d_weights[s] = 0;
    if (!mask[(size_t)b * S + s]) continue;     /* weight 0 */
    const real *h_s = enc + ((size_t)b * S + s) * He;
    real *dh_s = d_enc + ((size_t)b * S + s) * He;
    c->d_weights[s] = dot_product(dctx, h_s, He);
    for (int k = 0; k < He; k++) dh_s[k] += w[s] * dctx[k];
}
#line 458 "chapters/04-attention.nw"
            memset(c->d_score, 0, sizeof(real) * S);
            softmax_backward(c->d_score, w, c->d_weights, S);
            
#line 514 "chapters/04-attention.nw"
const real *h_t = dec + ((size_t)b * T + t) * Hd;
real *dh_t = d_dec + ((size_t)b * T + t) * Hd;
for (int s = 0; s < S; s++) {
    real ds = c->d_score[s];
    if (ds == 0) continue;              /* masked: nothing to send */
    const real *h_s = enc + ((size_t)b * S + s) * He;
    real *dh_s = d_enc + ((size_t)b * S + s) * He;
    if (sc->kind == SCORE_DOT) {        /* e = h_t . h_s */
        for (int k = 0; k < He; k++) {
            dh_t[k] += ds * h_s[k];
            dh_s[k] += ds * h_t[k];
        }
    } else if (sc->kind == SCORE_GENERAL) {     /* e = q . h_s */
        const real *q = c->q + ((size_t)b * T + t) * He;
        real *dq = c->d_q + ((size_t)b * T + t) * He;
        for (int k = 0; k < He; k++) {
            dq[k] += ds * h_s[k];
            dh_s[k] += ds * q[k];
        }
    } else if (sc->kind == SCORE_ADDITIVE) {
        
#line 542 "chapters/04-attention.nw"
additive_pair_backward(c->d_pd + ((size_t)b * T + t) * A,
                       c->d_pe + ((size_t)b * S + s) * A,
                       param_grad(p, sc->v),
                       c->pd + ((size_t)b * T + t) * A,
                       c->pe + ((size_t)b * S + s) * A,
                       param(p, sc->v), ds, A);
#line 535 "chapters/04-attention.nw"
    }
}
#line 461 "chapters/04-attention.nw"
        }
    
#line 571 "chapters/04-attention.nw"
if (sc->kind == SCORE_GENERAL)
    linear_backward(d_dec, param_grad(p, sc->W_a), NULL, c->d_q, dec,
                    param(p, sc->W_a), B * T, Hd, He);
if (sc->kind == SCORE_ADDITIVE) {
    linear_backward(d_dec, param_grad(p, sc->W_d), NULL, c->d_pd,
                    dec, param(p, sc->W_d), B * T, Hd, A);
    linear_backward(d_enc, param_grad(p, sc->W_e), NULL, c->d_pe,
                    enc, param(p, sc->W_e), B * S, He, A);
}
#line 463 "chapters/04-attention.nw"
}
