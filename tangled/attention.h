#line 125 "chapters/04-attention.nw"
/* attention.h: score, softmax, average (chapter 4). */
#ifndef ATTENTION_H
#define ATTENTION_H
#include "toolkit.h"
#line 181 "chapters/04-attention.nw"
#define MASKED_SCORE (-REAL_MAX)
void masked_softmax(real *w /* [n] */, const real *score /* [n] */,
                    const int *mask /* [n] */, int n);
void softmax_backward(real *dscore /* [n] */, const real *w /* [n] */,
                      const real *dw /* [n] */, int n);
#line 264 "chapters/04-attention.nw"
enum { SCORE_DOT = 1, SCORE_GENERAL, SCORE_ADDITIVE,
       SCORE_LAST };            /* a kind too: chapter 5's control */
typedef struct {
    int kind;                   /* SCORE_DOT, ... */
    int Hd, He, A;              /* decoder, encoder, additive sizes */
    int W_d, W_e, v;            /* additive: [Hd,A], [He,A], [1,A] */
    int W_a;                    /* general: [Hd, He] */
} Scorer;
const char *scorer_check(int kind, int Hd, int He);
void scorer_declare(Scorer *sc, Params *p, int kind, int Hd, int He);
void scorer_declare_named(Scorer *sc, Params *p, const char *prefix,
                          int kind, int Hd, int He);
void scorer_init(const Scorer *sc, Params *p, Rng *rng);
#line 377 "chapters/04-attention.nw"
typedef struct {
    int max_B, max_T, max_S;
    real *weights;      /* [B, T, S], rows t >= dec_len[b] unset */
    
#line 2601 "chapters/B-fast.nw"
real *dec_rows;     /* [R, Hd], the decoder's real steps */
real *q;            /* general: [R, He], h_t W_a */
real *pd, *pe;      /* additive: [R, A], [B, S, A] */
real *u;            /* additive: [A], one pair's tanh */
real *d_weights, *d_score;      /* [S] scratch */
real *d_q, *d_pd, *d_pe;        /* gradients of q, pd, pe */
real *d_dec_rows;               /* [R, Hd] */
#line 381 "chapters/04-attention.nw"
    
#line 1719 "chapters/10-captions.nw"
const real *d_outside;      /* [B, T, S] or NULL: chapter 10 */
#line 382 "chapters/04-attention.nw"
} AttnCache;
void attn_cache_alloc(AttnCache *c, const Scorer *sc, int max_B,
                      int max_T, int max_S);
void attn_cache_free(AttnCache *c);
#line 388 "chapters/04-attention.nw"
void attention_forward(real *context /* [B, T, He] */, AttnCache *c,
                       const Scorer *sc, const Params *p,
                       const real *dec /* [B, T, Hd] */,
                       const real *enc /* [B, S, He] */,
                       const int *mask /* [B, S] */,
                       const int *dec_len /* [B] */,
                       int B, int T, int S);
#line 526 "chapters/04-attention.nw"
void attention_backward(real *d_dec /* [B, T, Hd] */,
                        real *d_enc /* [B, S, He] */, Params *p,
                        AttnCache *c, const Scorer *sc,
                        const real *d_context /* [B, T, He] */,
                        const real *dec, const real *enc,
                        const int *mask /* [B, S] */,
                        const int *dec_len, int B, int T, int S);
#line 2378 "chapters/B-fast.nw"
void attention_forward_plain(real *context, AttnCache *c,
                             const Scorer *sc, const Params *p,
                             const real *dec, const real *enc,
                             const int *mask, const int *dec_len,
                             int B, int T, int S);
void attention_forward_rows(real *context, AttnCache *c,
                            const Scorer *sc, const Params *p,
                            const real *dec, const real *enc,
                            const int *mask, const int *dec_len,
                            int B, int T, int S);
void attention_backward_plain(real *d_dec, real *d_enc, Params *p,
                              AttnCache *c, const Scorer *sc,
                              const real *d_context, const real *dec,
                              const real *enc, const int *mask,
                              const int *dec_len,
                              int B, int T, int S);
void attention_backward_rows(real *d_dec, real *d_enc, Params *p,
                             AttnCache *c, const Scorer *sc,
                             const real *d_context, const real *dec,
                             const real *enc, const int *mask,
                             const int *dec_len, int B, int T, int S);
#line 132 "chapters/04-attention.nw"
#endif
