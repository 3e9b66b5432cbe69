#line 90 "chapters/03-bottleneck.nw"
/* seq2seq.h: the LSTM encoder-decoder of chapter 3. */
#ifndef SEQ2SEQ_H
#define SEQ2SEQ_H
#include "model.h"
#line 794 "chapters/04-attention.nw"
#include "attention.h"
#line 134 "chapters/03-bottleneck.nw"
void embedding_forward(real *x /* [B, T, E] */,
                       const int *ids /* [B, T] */,
                       const int *len /* [B] */,
                       const real *table /* [V, E] */,
                       int B, int T, int E);
void embedding_backward(real *dtable /* [V, E] */,
                        const real *dx /* [B, T, E] */,
                        const int *ids, const int *len,
                        int B, int T, int E);
#line 343 "chapters/03-bottleneck.nw"
static inline real sigmoid(real x)
{
    return 1 / (1 + exp_real(-x));
}
#line 355 "chapters/03-bottleneck.nw"
void lstm_forward(real *h /* [B, T, H] */, real *c /* [B, T, H] */,
                  real *gates /* [B, T, 4H], for lstm_backward */,
                  real *h_last /* [B, H] or NULL */,
                  real *c_last /* [B, H] or NULL */,
                  const real *x /* [B, T, I] */,
                  const int *len /* [B], non-increasing
                                    (for the packed version) */,
                  const real *h0 /* [B, H] or NULL */,
                  const real *c0 /* [B, H] or NULL */,
                  const real *Wx /* [I, 4H] */,
                  const real *Wh /* [H, 4H] */,
                  const real *bias /* [4H] */,
                  int B, int T, int I, int H);
#line 506 "chapters/03-bottleneck.nw"
void lstm_backward(real *dx /* [B, T, I] or NULL */,
                   real *dh0 /* [B, H] or NULL */,
                   real *dc0 /* [B, H] or NULL */,
                   real *dWx, real *dWh, real *dbias,
                   const real *dh /* [B, T, H] or NULL */,
                   const real *dh_last /* [B, H] or NULL */,
                   const real *dc_last /* [B, H] or NULL */,
                   const real *h, const real *c,
                   const real *gates /* lstm_forward's */,
                   const real *x, const int *len,
                   const real *h0, const real *c0,
                   const real *Wx, const real *Wh,
                   int B, int T, int I, int H);
#line 2249 "chapters/B-fast.nw"
void lstm_forward_plain(real *h, real *c, real *gates, real *h_last,
                        real *c_last, const real *x, const int *len,
                        const real *h0, const real *c0,
                        const real *Wx, const real *Wh,
                        const real *bias, int B, int T, int I, int H);
void lstm_forward_packed(real *h, real *c, real *gates, real *h_last,
                         real *c_last, const real *x, const int *len,
                         const real *h0, const real *c0,
                         const real *Wx, const real *Wh,
                         const real *bias,
                         int B, int T, int I, int H);
#line 2263 "chapters/B-fast.nw"
void lstm_backward_plain(real *dx, real *dh0, real *dc0, real *dWx,
                         real *dWh, real *dbias, const real *dh,
                         const real *dh_last, const real *dc_last,
                         const real *h, const real *c,
                         const real *gates, const real *x,
                         const int *len, const real *h0,
                         const real *c0, const real *Wx,
                         const real *Wh, int B, int T, int I, int H);
void lstm_backward_packed(real *dx, real *dh0, real *dc0, real *dWx,
                          real *dWh, real *dbias, const real *dh,
                          const real *dh_last, const real *dc_last,
                          const real *h, const real *c,
                          const real *gates, const real *x,
                          const int *len, const real *h0,
                          const real *c0, const real *Wx,
                          const real *Wh, int B, int T, int I, int H);
#line 894 "chapters/03-bottleneck.nw"
enum { ATTN_NONE = 0 
#line 286 "chapters/04-attention.nw"
, ATTN_DOT = 1, ATTN_GENERAL = 2, ATTN_ADDITIVE = 3
#line 61 "chapters/05-ablation.nw"
, ATTN_NONE_WC = 4
#line 894 "chapters/03-bottleneck.nw"
                                         };
extern const char *const attention_name[];
extern const ModelFamily seq2seq_family;
ModelConfig model_config_default(void);
#line 931 "chapters/03-bottleneck.nw"
typedef struct {
    Model m;                                /* first */
    int src_emb, enc_Wx, enc_Wh, enc_b;     /* [V,E] [E,4H] [H,4H] */
    int tgt_emb, dec_Wx, dec_Wh, dec_b;
    int out_W, out_b;                       /* [H, V], [1, V] */
    
#line 796 "chapters/04-attention.nw"
Scorer scorer;              /* chapter 4: the attention score */
int att_Wc;                 /* [He + Hd, Hd] */
AttnCache attn;
real *context;              /* [B, T', H] */
real *cat;                  /* [R, 2H] */
real *att_h;                /* [B, T', H] */
real *d_context;            /* [B, T', H] */
real *d_cat;                /* [R, 2H] */
real *att_rows;             /* [R, H] */
#line 937 "chapters/03-bottleneck.nw"
    const real *top;                /* [B, T', H]: what the output
                                       layer read, for backward */
    
#line 949 "chapters/03-bottleneck.nw"
int *dec_in, *dec_tgt, *dec_len;    /* [B, T'], [B, T'], [B] */
int *src_mask;                      /* [B, S] */
real *src_x, *enc_h, *enc_c;        /* [B, S, E], [B, S, H] x2 */
real *enc_gates;                    /* [B, S, 4H], for backward */
real *enc_h_last, *enc_c_last;      /* [B, H] */
real *dec_x, *dec_h, *dec_c;        /* [B, T', E], [B, T', H] x2 */
real *dec_gates;                    /* [B, T', 4H], for backward */
real *logits, *prob;                /* [B, T', V] */
real *d_logits, *d_top, *d_dec_h;   /* gradients of the above */
real *d_dec_x, *d_src_x;            /* [B, T', E], [B, S, E] */
real *d_enc_h, *d_h_last, *d_c_last;    /* [B, S, H], [B, H] */
#line 940 "chapters/03-bottleneck.nw"
} Seq2Seq;
static inline Seq2Seq *seq2seq_of(Model *m)
{
    return (Seq2Seq *)m;
}
#line 1003 "chapters/03-bottleneck.nw"
void decoder_declare(Seq2Seq *s);
void decoder_init(Seq2Seq *s, Rng *rng);
void seq2seq_workspace(Seq2Seq *s, int max_B, int max_S,
                       int max_len);
#line 1168 "chapters/03-bottleneck.nw"
double decode_teacher_forced(Model *m, const Batch *batch,
                             const Encoding *enc);
#line 1290 "chapters/03-bottleneck.nw"
void decoder_backward(Model *m, const Batch *batch);
#line 77 "chapters/05-ablation.nw"
int attention_chooses(int kind);
#line 98 "chapters/03-bottleneck.nw"
#endif
