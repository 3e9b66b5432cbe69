#line 184 "chapters/07b-training.nw"
/* tmodel.h: the encoder-decoder Transformer (chapter 7). */
#ifndef TMODEL_H
#define TMODEL_H
#include "seq2seq.h"
#include "transformer.h"
#line 224 "chapters/07b-training.nw"
typedef struct {
    int D, NH, F;
    int post_norm;              /* 0: pre-norm, 1: the paper's */
    int ln_g[3], ln_b[3];       /* [1, D] each */
    MultiHead self, cross;
    FeedForward ffn;
} DecoderBlock;
#line 245 "chapters/07b-training.nw"
void decoder_block_declare(DecoderBlock *blk, Params *p,
                           const char *name, int D, int NH, int dk,
                           int F);
void decoder_block_init(const DecoderBlock *blk, Params *p,
                        Rng *rng);
#line 287 "chapters/07b-training.nw"
typedef struct {
    MhaCache self, cross;
    real *n1, *s, *a1, *n2, *c, *a2, *n3, *h, *f;   /* h: [N, F] */
    real *mean, *rstd;                  /* [3, N]: one row per norm */
    real *d_n1, *d_s, *d_a1, *d_n2, *d_c, *d_a2, *d_n3, *d_h, *d_f;
} DecoderCache;
void decoder_cache_alloc(DecoderCache *c, const DecoderBlock *blk,
                         int max_B, int max_T, int max_S);
void decoder_cache_free(DecoderCache *c);
#line 329 "chapters/07b-training.nw"
void decoder_block_forward(real *y /* [B, T, D] */, DecoderCache *c,
                           const DecoderBlock *blk, const Params *p,
                           const real *x /* [B, T, D] */,
                           const real *enc /* [B, S, D] */,
                           const int *self_mask /* [B, T, T] */,
                           const int *cross_mask /* [B, T, S] */,
                           int B, int T, int S);
#line 392 "chapters/07b-training.nw"
void decoder_block_backward(real *dx /* [B, T, D] */,
                            real *d_enc /* [B, S, D] */, Params *p,
                            DecoderCache *c, const DecoderBlock *blk,
                            const real *dy, const real *x,
                            const real *enc, const int *self_mask,
                            const int *cross_mask, int B, int T,
                            int S);
#line 165 "chapters/07b-training.nw"
enum { TMODEL_MAX_LAYERS = (PARAMS_MAX_TENSORS - 8) / 30 };
extern const ModelFamily transformer_family;
const char *transformer_check(const ModelConfig *cfg);
int transformer_head_width(const ModelConfig *cfg);
#line 526 "chapters/07b-training.nw"
enum { TMODEL_GROUP_ROWS = 8 };     /* sentences in a group */
#line 628 "chapters/07b-training.nw"
typedef struct TModel {
    Model m;                    /* first; unused in a group's */
    int D, NH, dk, F, layers, positional, post_norm;
    int src_emb, tgt_emb;               /* [Vs, D], [Vt, D] */
    int enc_ln_g, enc_ln_b, dec_ln_g, dec_ln_b;     /* [1, D] */
    int out_W, out_b;                   /* [D, Vt], [1, Vt] */
    Block enc[TMODEL_MAX_LAYERS];
    DecoderBlock dec[TMODEL_MAX_LAYERS];
    int shown_layer, shown_head;        /* head -1: the mean */
    int rerun_prefix;           /* chapter 8: no cache in decoding */
    int groups;                 /* of sentences: a batch's */
    struct TModel **group;      /* [groups]: [0] is this one */
    WeightPanels panels;        /* appendix B: packed once a pass */
    
#line 655 "chapters/07b-training.nw"
Batch slice;                /* a group's sentences */
real *pe;                   /* [S, D]: the positional encoding */
int *enc_mask, *self_mask, *cross_mask; /* [B,S,S] [B,T,T] [B,T,S] */
int *dec_in, *dec_tgt, *dec_len;        /* [B, T], [B, T], [B] */
real *enc_x, *dec_x;        /* [L+1, B, S, D], [L+1, B, T, D] */
real *enc_out, *dec_out;    /* [B, S, D], [B, T, D]: normed */
real *enc_mean, *enc_rstd, *dec_mean, *dec_rstd;    /* [B*S] ... */
real *logits, *prob, *d_logits;         /* [B, T, V] */
real *d_enc[2], *d_enc_out, *d_dec[2], *d_dec_out;
BlockCache enc_c[TMODEL_MAX_LAYERS];
DecoderCache dec_c[TMODEL_MAX_LAYERS];
#line 642 "chapters/07b-training.nw"
} TModel;
static inline TModel *tmodel_of(Model *m)
{
    return (TModel *)m;
}
#line 2230 "chapters/08-using.nw"
void tmodel_rerun_prefix(Model *m, int on);
#line 4861 "chapters/A-programs.nw"
#define TRANSFORMER_OPTIONS(cfg)                                  \
    {"--layers", OPT_INT, &(cfg).layers, 1, TMODEL_MAX_LAYERS,    \
     "transformer: blocks a side"},                               \
    {"--heads", OPT_INT, &(cfg).heads, 1, 4096,                   \
     "transformer: heads N_H (divide --hidden, or --head-width)"},\
    {"--head-width", OPT_INT, &(cfg).head_width, 1, MHA_MAX_WIDTH,\
     "transformer: d_k of a head (unset: --hidden / --heads)"},   \
    {"--ff", OPT_INT, &(cfg).ff, 1, 4096,                         \
     "transformer: feed-forward width F"},                        \
    {"--positional", OPT_INT, &(cfg).positional, 0, 1,            \
     "transformer: 0 drops the positional encoding"},             \
    {"--scale", OPT_INT, &(cfg).scaled, 0, 1,                     \
     "transformer: 0 drops the 1/sqrt(d_k) scale"},               \
    {"--post-norm", OPT_INT, &(cfg).post_norm, 0, 1,              \
     "transformer: 1 puts the norms after the sums, as the paper"}
void refuse_bad_transformer(const ModelConfig *cfg);
void refuse_unused_transformer_options(int argc, char **argv,
                                       const char *why);
#line 191 "chapters/07b-training.nw"
#endif
