#line 378 "chapters/11-documents.nw"
/* han.h: a GRU in both directions, attention with a learned query,
   and a hierarchical document classifier (chapter 11). */
#ifndef HAN_H
#define HAN_H
#include "seq2seq.h"
#include "documents.h"
#line 453 "chapters/11-documents.nw"
void gru_forward(real *h /* [N, T, H] */,
                 real *gates /* [N, T, 4H]: r, z, h~, r * h_prev */,
                 const real *x /* [N, T, I] */,
                 const int *len /* [N] */,
                 const real *Wx /* [I, 3H] */,
                 const real *Wh /* [H, 3H] */,
                 const real *bias /* [3H] */, int N, int T, int I,
                 int H);
#line 540 "chapters/11-documents.nw"
void gru_backward(real *dx /* [N, T, I] or NULL */, real *dWx,
                  real *dWh, real *dbias,
                  real *work /* [N, T, 5H] scratch */,
                  const real *dh /* [N, T, H] */, const real *h,
                  const real *gates, const real *x, const int *len,
                  const real *Wx, const real *Wh, int N, int T, int I,
                  int H);
#line 644 "chapters/11-documents.nw"
typedef struct {
    int dirs, I, H;                 /* 1 or 2 directions */
    int Wx[2], Wh[2], b[2];         /* [I, 3H], [H, 3H], [1, 3H] */
} BiGru;
typedef struct {
    real *h[2], *gates[2];          /* [N, T, H], [N, T, 4H] */
    real *dh[2];                    /* [N, T, H] */
    real *x_rev, *d_x_rev;          /* [N, T, I]: the reversed rows */
    real *work;                     /* [N, T, 5H] */
} BiGruCache;
void bigru_declare(BiGru *g, Params *p, const char *name, int dirs,
                   int I, int H);
void bigru_init(const BiGru *g, Params *p, Rng *rng);
size_t bigru_cache_reals(const BiGru *g, int N, int T);
void bigru_cache_alloc(BiGruCache *c, const BiGru *g, int N, int T);
#line 712 "chapters/11-documents.nw"
void bigru_forward(real *out /* [N, T, D] */, BiGruCache *c,
                   const BiGru *g, const Params *p,
                   const real *x /* [N, T, I] */,
                   const int *len /* [N] */, int N, int T);
void bigru_backward(real *dx /* [N, T, I] */, Params *p,
                    BiGruCache *c, const BiGru *g,
                    const real *d_out /* [N, T, D] */,
                    const real *x, const int *len, int N, int T);
#line 844 "chapters/11-documents.nw"
enum { POOL_ATTENTION, POOL_MEAN, POOL_LAST };
typedef struct {
    int mode, dirs, D, Hq;          /* D = dirs H; the query's size */
    Scorer sc;                      /* additive; its v is u_w */
    int query;                      /* [1, Hq]: q; q W_d is b_w */
    AttnCache cache;
    real *q_rows, *d_q_rows;        /* [N, Hq]: q, once per row */
    int *nonempty;                  /* [N]: rows with a word */
} SeqPool;
void seqpool_declare(SeqPool *pl, Params *p, const char *name,
                     int mode, int dirs, int H);
void seqpool_init(const SeqPool *pl, Params *p, Rng *rng);
size_t seqpool_cache_reals(const SeqPool *pl, int N, int T);
void seqpool_alloc(SeqPool *pl, int N, int T);
void seqpool_free(SeqPool *pl);
#line 920 "chapters/11-documents.nw"
void seqpool_forward(real *pooled /* [N, D] */, real *w /* [N, T] */,
                     SeqPool *pl, const Params *p,
                     const real *x /* [N, T, D] */,
                     const int *len /* [N] */,
                     const int *mask /* [N, T] */, int N, int T);
void seqpool_backward(real *dx /* [N, T, D] */, Params *p,
                      SeqPool *pl, const real *d_pooled /* [N, D] */,
                      const real *x, const int *len, const int *mask,
                      int N, int T);
#line 1028 "chapters/11-documents.nw"
enum { HAN_BOTH, HAN_WORDS_ONLY, HAN_SENTENCES_ONLY, HAN_MEAN,
       HAN_LAST, HAN_VARIANTS };
enum { HAN_MAX_SENTENCES = 8, HAN_MAX_WORDS = 12 };
extern const ModelFamily han_family;
ModelConfig han_config_default(void);
#line 1061 "chapters/11-documents.nw"
typedef struct {
    Model m;                            /* first */
    int emb, out_W, out_b;              /* [V, E], [D, V], [1, V] */
    BiGru word_gru, sent_gru;
    SeqPool word_pool, sent_pool;
    int max_NS, max_W, NS, W, D;        /* capacity; this batch's */
    int *w_ids, *w_len, *w_mask;        /* [N, W], [N], [N, W] */
    int *s_len, *s_mask;                /* [B], [B, NS] */
    int *s_first, *s_words;             /* [B, max_NS] */
    int *label, counted;                /* [B]: target ids */
    real *x, *word_out, *word_w;    /* [N, W, E], [N, W, D], [N, W] */
    real *sent_in, *sent_out, *sent_w;  /* [N, D], [N, D], [N] */
    real *doc, *logits, *prob;          /* [B, D], [B, V], [B, V] */
    real *d_x, *d_word_out, *d_sent_in, *d_sent_out, *d_doc;
    real *d_logits;
    BiGruCache word_cache, sent_cache;
} Han;
static inline Han *han_of(Model *m)
{
    return (Han *)m;
}
#line 1254 "chapters/11-documents.nw"
void han_classify(Model *m, const Batch *batch, int *label /* [B] */);
int han_evidence(const Model *m, int b,
                 real *token_w /* [S] */,
                 real *sentence_w /* [HAN_MAX_SENTENCES] */);
#line 1297 "chapters/11-documents.nw"
void han_show(FILE *f, const Model *m, int b,
              const int *ids /* [S]: row b's tokens */,
              const Vocab *src, int gold_at /* or -1 */);
#line 387 "chapters/11-documents.nw"
#endif
