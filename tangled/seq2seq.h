#line 78 "chapters/03-bottleneck.nw"
/* seq2seq.h: the encoder-decoder of chapter 3. */
#ifndef SEQ2SEQ_H
#define SEQ2SEQ_H
#include "task.h"
#line 652 "chapters/04-attention.nw"
#include "attention.h"
#line 125 "chapters/03-bottleneck.nw"
void embedding_forward(real *x /* [B, T, E] */,
                       const int *ids /* [B, T] */,
                       const int *len /* [B] */,
                       const real *table /* [V, E] */,
                       int B, int T, int E);
void embedding_backward(real *dtable /* [V, E] */,
                        const real *dx /* [B, T, E] */,
                        const int *ids, const int *len,
                        int B, int T, int E);
#line 276 "chapters/03-bottleneck.nw"
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
#line 427 "chapters/03-bottleneck.nw"
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
#line 698 "chapters/B-fast.nw"
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
#line 1015 "chapters/B-fast.nw"
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
#line 548 "chapters/03-bottleneck.nw"
typedef struct {
    int src_vocab, tgt_vocab;       /* V of each language */
    int E, H;                       /* embedding and hidden size */
    int attention;                  /* ATTN_NONE, or chapter 4's */
    
#line 137 "chapters/07b-training.nw"
int layers, heads, ff;      /* chapter 7: N blocks a side, N_H, F */
int positional, scaled;     /* chapter 7: 1, 1 is the paper's */
#line 553 "chapters/03-bottleneck.nw"
} ModelConfig;
enum { ATTN_NONE = 0 
#line 254 "chapters/04-attention.nw"
, ATTN_DOT = 1, ATTN_GENERAL = 2, ATTN_ADDITIVE = 3
#line 59 "chapters/05-ablation.nw"
, ATTN_NONE_WC = 4
#line 123 "chapters/07b-training.nw"
, ATTN_TRANSFORMER = 5
#line 554 "chapters/03-bottleneck.nw"
                                         };
extern const char *const attention_name[];
int attention_from_name(const char *name);
ModelConfig model_config_default(void);
#line 75 "chapters/05-ablation.nw"
static inline int attention_chooses(int kind)
{
    return kind != ATTN_NONE && kind != ATTN_NONE_WC;
}
#line 609 "chapters/03-bottleneck.nw"
typedef struct {
    ModelConfig cfg;
    Params params;
    int src_emb, enc_Wx, enc_Wh, enc_b;     /* [V,E] [E,4H] [H,4H] */
    int tgt_emb, dec_Wx, dec_Wh, dec_b;
    int out_W, out_b;                       /* [H, V], [1, V] */
    
#line 654 "chapters/04-attention.nw"
Scorer scorer;              /* chapter 4: the attention score */
int att_Wc;                 /* [He + Hd, Hd] */
AttnCache attn;
real *context;              /* [B, T', H] */
real *cat;                  /* [R, 2H] */
real *att_h;                /* [B, T', H] */
real *d_context;            /* [B, T', H] */
real *d_cat;                /* [R, 2H] */
real *att_rows;             /* [R, H] */
#line 155 "chapters/07b-training.nw"
struct TModel *tm;          /* chapter 7: the Transformer, or NULL */
#line 616 "chapters/03-bottleneck.nw"
    int max_B, max_S, max_T;                /* workspace capacity */
    const real *top;                /* [B, T', H]: what the output
                                       layer read, for backward */
    
#line 628 "chapters/03-bottleneck.nw"
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
#line 620 "chapters/03-bottleneck.nw"
} Model;
Model *model_create(const ModelConfig *cfg, int max_B, int max_len,
                    uint64_t seed);
void model_free(Model *m);
#line 157 "chapters/07b-training.nw"
enum { TMODEL_MAX_LAYERS = (PARAMS_MAX_TENSORS - 8) / 30,
       TMODEL_GROUP_ROWS = 8 };
const char *transformer_check(const ModelConfig *cfg);
void transformer_build(Model *m, int max_B, int max_len,
                       uint64_t seed);
void transformer_free(struct TModel *tm);
double transformer_forward(Model *m, const Batch *batch);
void transformer_backward(Model *m, const Batch *batch);
void transformer_greedy_decode(Model *m, const Batch *batch,
                               int steps, int *out, real *weights);
#line 989 "chapters/A-programs.nw"
double run_bytes(const DataConfig *dc, const ModelConfig *cfg,
                 int max_B);
#line 3398 "chapters/A-programs.nw"
#define TRANSFORMER_OPTIONS(cfg)                                  \
    {"--layers", OPT_INT, &(cfg).layers, 1, TMODEL_MAX_LAYERS,    \
     "transformer: blocks a side"},                               \
    {"--heads", OPT_INT, &(cfg).heads, 1, 4096,                   \
     "transformer: heads N_H (must divide --hidden)"},            \
    {"--ff", OPT_INT, &(cfg).ff, 1, 4096,                         \
     "transformer: feed-forward width F"},                        \
    {"--positional", OPT_INT, &(cfg).positional, 0, 1,            \
     "transformer: 0 drops the positional encoding"},             \
    {"--scale", OPT_INT, &(cfg).scaled, 0, 1,                     \
     "transformer: 0 drops the 1/sqrt(d_k) scale"}
void refuse_bad_transformer(const ModelConfig *cfg);
void refuse_unused_transformer_options(int argc, char **argv,
                                       const char *why);
#line 758 "chapters/03-bottleneck.nw"
typedef struct {
    const real *out;            /* [B, S, H]: a vector per token */
    const real *h_last, *c_last;    /* [B, H]: the final state */
    const int *len;             /* [B]: row b's tokens are 0..len-1 */
    const int *mask;            /* [B, S]: 1 for a token, 0 for pad */
    int B, S, H;
} Encoding;
Encoding encode_source(Model *m, const Batch *batch);
#line 793 "chapters/03-bottleneck.nw"
double decode_teacher_forced(Model *m, const Batch *batch,
                             const Encoding *enc);
#line 867 "chapters/03-bottleneck.nw"
#define LABEL_SMOOTHING 0.1
double model_forward(Model *m, const Batch *batch);
void model_backward(Model *m, const Batch *batch);
#line 979 "chapters/03-bottleneck.nw"
void greedy_decode(Model *m, const Batch *batch, int steps,
                   int *out /* [B, steps] */,
                   real *weights /* [B, steps, S] or NULL */);
#line 1365 "chapters/08-using.nw"
typedef struct {
    int N, H;                       /* rows: sentences, hypotheses */
    real *h, *c;                    /* [N, H]: the running state */
    real *logits;                   /* [N, V]: the last step's */
    real *h_new, *cell, *gates, *x; /* one step's scratch */
    int *ones;                      /* [N]: every row runs one step */
    int *words, max_T, t;           /* Transformer: [N, max_T] fed */
} DecoderState;
void decoder_state_alloc(DecoderState *d, const Model *m, int N);
void decoder_state_free(DecoderState *d);
void decoder_step(Model *m, DecoderState *d, const Encoding *enc,
                  const int *input /* [N] */,
                  real *weights /* [N, S] or NULL */);
void decoder_state_reorder(DecoderState *d,
                           const int *parent /* [N] */);
#line 1489 "chapters/08-using.nw"
void transformer_decoder_step(Model *m, DecoderState *d,
                              const Encoding *enc, const int *input,
                              real *weights);
Encoding transformer_encode(Model *m, const Batch *batch);
#line 1057 "chapters/03-bottleneck.nw"
typedef struct {
    double loss;                            /* mean, teacher forced */
    long tokens, tokens_right, sentences, sentences_right;
    long by_len[MAX_WORDS + 1][4];  /* the four counts, by words */
} Eval;
Eval evaluate(Model *m, const Dataset *d, int batch_size);
double validation_loss(Model *m, const Dataset *d, int batch_size);
#line 1132 "chapters/03-bottleneck.nw"
typedef struct {
    int epochs, batch_size, warmup_epochs;
    double lr, lr_floor;
    uint64_t seed;
} TrainConfig;
TrainConfig train_config_default(void);
typedef void (*EpochHook)(int epoch, double train_loss,
                          double val_loss, double seconds, void *ctx);
void train_model(Model *m, const Dataset *train_set,
                 const Dataset *val_set, const TrainConfig *tc,
                 EpochHook hook, void *ctx);
#line 89 "chapters/03-bottleneck.nw"
#endif
