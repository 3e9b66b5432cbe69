#line 684 "chapters/03-bottleneck.nw"
/* model.h: what every model family offers (chapter 3). */
#ifndef MODEL_H
#define MODEL_H
#include "task.h"
#line 708 "chapters/03-bottleneck.nw"
typedef struct ModelFamily ModelFamily;
typedef struct {
    const ModelFamily *family;      /* which kind of model */
    int src_vocab, tgt_vocab;       /* V of each language */
    int E, H;                       /* embedding and hidden size */
    int attention;                  /* the family's variant */
    
#line 142 "chapters/07b-training.nw"
int layers, heads, ff;      /* chapter 7: N blocks a side, N_H, F */
int positional, scaled;     /* chapter 7: 1, 1 is the paper's */
int head_width;             /* chapter 7: d_k; 0 is D/N_H */
int post_norm;              /* chapter 7: 0 pre-norm, 1 the paper's */
#line 1737 "chapters/10-captions.nw"
int locations;              /* chapter 10: an image's L */
double lambda;              /* chapter 10: eq. 14's weight */
#line 365 "chapters/11-documents.nw"
int directions;             /* chapter 11: 1 or 2 */
#line 715 "chapters/03-bottleneck.nw"
} ModelConfig;
#line 728 "chapters/03-bottleneck.nw"
typedef struct {
    ModelConfig cfg;
    Params params;                  /* every tensor, by name */
    int max_B, max_S, max_T;        /* the workspace's capacity */
    real *weights;                  /* [B, T', S] or NULL */
} Model;
#line 743 "chapters/03-bottleneck.nw"
typedef struct {
    const real *out;            /* [B, S, H]: a vector per token */
    const real *h_last, *c_last;    /* [B, H]: the final state */
    const int *len;             /* [B]: row b's tokens are 0..len-1 */
    const int *mask;            /* [B, S]: 1 for a token, 0 for pad */
    int B, S, H;
} Encoding;
#line 756 "chapters/03-bottleneck.nw"
typedef struct {
    int N;                          /* rows: sentences, hypotheses */
    real *logits;                   /* [N, V]: the last step's */
} DecoderState;
#line 765 "chapters/03-bottleneck.nw"
struct ModelFamily {
    const char *name;
    const char *const *variants;    /* by cfg.attention; NULL ends */
    const char *(*check)(const ModelConfig *cfg); /* NULL or why */
    double (*bytes)(const ModelConfig *cfg, int max_B, int max_len);
    Model *(*create)(const ModelConfig *cfg, int max_B, int max_len,
                     uint64_t seed);
    void (*free)(Model *m);
    double (*forward)(Model *m, const Batch *batch);  /* the loss */
    void (*backward)(Model *m, const Batch *batch);   /* adds grads */
    Encoding (*encode)(Model *m, const Batch *batch);
    DecoderState *(*start)(Model *m, const Encoding *enc);
    void (*step)(Model *m, DecoderState *d, const Encoding *enc,
                 const int *input /* [N] */,
                 real *weights /* [N, S] or NULL */);
    void (*stop)(DecoderState *d);
    
#line 92 "chapters/05-ablation.nw"
int (*chooses)(int variant);    /* does it pick where to look? */
#line 1371 "chapters/07b-training.nw"
int (*show)(Model *m, int layer, int head);     /* or NULL */
#line 956 "chapters/08-using.nw"
const struct ConfigField *fields;       /* NULL name ends */
int later_fields;               /* the last ones; 0 if absent */
size_t (*param_count)(const ModelConfig *cfg);
#line 1560 "chapters/08-using.nw"
void (*reorder)(DecoderState *d, const int *parent /* [N] */);
#line 1747 "chapters/10-captions.nw"
int reads_images;           /* chapter 10: feat, not src */
#line 782 "chapters/03-bottleneck.nw"
};
#line 960 "chapters/08-using.nw"
typedef struct ConfigField {
    const char *name;
    size_t offset;                  /* of its int in ModelConfig */
    int min, max;
} ConfigField;
enum { CKPT_MAX_SIZE = 4096 };
enum { MAX_LEN_A = 2, MAX_LEN_B = 10 };
static inline int max_output_length(int words)
{
    return MAX_LEN_A * words + MAX_LEN_B;   /* <eos> included */
}
int field_count(const ModelFamily *family);
int field_value(const ModelConfig *cfg, const ConfigField *field);
void field_set(ModelConfig *cfg, const ConfigField *field, int v);
#line 1140 "chapters/A-programs.nw"
double run_bytes(const DataConfig *dc, const ModelConfig *cfg,
                 int max_B);
#line 793 "chapters/03-bottleneck.nw"
#define LABEL_SMOOTHING 0.1
Model *model_create(const ModelConfig *cfg, int max_B, int max_len,
                    uint64_t seed);
void model_free(Model *m);
double model_forward(Model *m, const Batch *batch);
void model_backward(Model *m, const Batch *batch);
Encoding encode_source(Model *m, const Batch *batch);
DecoderState *decoder_start(Model *m, const Encoding *enc);
void decoder_step(Model *m, DecoderState *d, const Encoding *enc,
                  const int *input, real *weights);
void decoder_stop(Model *m, DecoderState *d);
void require_decoder(const ModelFamily *family);
#line 1180 "chapters/03-bottleneck.nw"
void shift_targets(const Batch *batch, int *dec_in /* [B, T'] */,
                   int *dec_tgt /* [B, T'] */,
                   int *dec_len /* [B] */);
#line 1384 "chapters/03-bottleneck.nw"
enum { FIRST_OUTPUT = EOS };    /* ids below it are never output */
void greedy_decode(Model *m, const Batch *batch, int steps,
                   int *out /* [B, steps] */,
                   real *weights /* [B, steps, S] or NULL */);
#line 1562 "chapters/08-using.nw"
void decoder_reorder(Model *m, DecoderState *d, const int *parent);
#line 1572 "chapters/03-bottleneck.nw"
enum { PLACES = 10 };           /* tenths of a target sentence */
typedef struct {
    double loss;                            /* mean, teacher forced */
    long tokens, tokens_right, sentences, sentences_right;
    long by_len[MAX_WORDS + 1][4];  /* the four counts, by words */
    long by_place[PLACES][2];       /* words, words wrong */
} Eval;
Eval evaluate(Model *m, const Dataset *d, int batch_size);
double validation_loss(Model *m, const Dataset *d, int batch_size);
int word_place(int j, int n);
#line 1661 "chapters/03-bottleneck.nw"
typedef struct {
    int epochs, batch_size, warmup_epochs;
    double lr, lr_floor;
    int inverse_sqrt;       /* 1: chapter 1's lr_inverse_sqrt */
    uint64_t seed;
} TrainConfig;
TrainConfig train_config_default(void);
const char *train_config_check(const TrainConfig *tc);
typedef void (*EpochHook)(int epoch, double train_loss,
                          double val_loss, double seconds, void *ctx);
void train_model(Model *m, const Dataset *train_set,
                 const Dataset *val_set, const TrainConfig *tc,
                 EpochHook hook, void *ctx);
#line 692 "chapters/03-bottleneck.nw"
#endif
