#line 193 "chapters/07b-training.nw"
/* tmodel.c: the encoder-decoder Transformer (chapter 7). */
#include "tmodel.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#line 252 "chapters/07b-training.nw"
void decoder_block_declare(DecoderBlock *blk, Params *p,
                           const char *name, int D, int NH, int dk,
                           int F)
{
    static const char *gain[3] = {"ln1_g", "ln2_g", "ln3_g"},
                      *bias[3] = {"ln1_b", "ln2_b", "ln3_b"};
    char sub[TENSOR_NAME_MAX];
    *blk = (DecoderBlock){ .D = D, .NH = NH, .F = F };
    for (int k = 0; k < 3; k++) {
        blk->ln_g[k] = add_named(p, name, gain[k], 1, D);
        blk->ln_b[k] = add_named(p, name, bias[k], 1, D);
    }
    snprintf(sub, sizeof sub, "%s.self", name);
    mha_declare(&blk->self, p, sub, D, NH, dk);
    snprintf(sub, sizeof sub, "%s.cross", name);
    mha_declare(&blk->cross, p, sub, D, NH, dk);
    snprintf(sub, sizeof sub, "%s.ffn", name);
    ffn_declare(&blk->ffn, p, sub, D, F);
}

void decoder_block_init(const DecoderBlock *blk, Params *p, Rng *rng)
{
    for (int k = 0; k < 3; k++)
        for (int d = 0; d < blk->D; d++)
            param(p, blk->ln_g[k])[d] = 1;
    mha_init(&blk->self, p, rng);
    mha_init(&blk->cross, p, rng);
    ffn_init(&blk->ffn, p, rng);
}
#line 298 "chapters/07b-training.nw"
void decoder_cache_alloc(DecoderCache *c, const DecoderBlock *blk,
                         int max_B, int max_T, int max_S)
{
    size_t N = (size_t)max_B * max_T, ND = N * blk->D;
    size_t NF = N * blk->F;
    real **arrays[] = { &c->n1, &c->s, &c->a1, &c->n2, &c->c, &c->a2,
                        &c->n3, &c->f, &c->d_n1, &c->d_s, &c->d_a1,
                        &c->d_n2, &c->d_c, &c->d_a2, &c->d_n3,
                        &c->d_f };
    int n = sizeof arrays / sizeof *arrays;
    real *base = xcalloc(n * ND + 2 * NF + 6 * N, sizeof(real));
    for (int k = 0; k < n; k++, base += ND) *arrays[k] = base;
    c->h = base; c->d_h = base + NF;
    c->mean = base + 2 * NF; c->rstd = c->mean + 3 * N;
    mha_cache_alloc(&c->self, &blk->self, max_B, max_T, max_T);
    mha_cache_alloc(&c->cross, &blk->cross, max_B, max_T, max_S);
}

void decoder_cache_free(DecoderCache *c)
{
    free(c->n1);
    mha_cache_free(&c->self);
    mha_cache_free(&c->cross);
}
#line 338 "chapters/07b-training.nw"
static void norm_forward(real *y, const DecoderCache *c,
                         const Params *p, const DecoderBlock *blk,
                         int k, const real *x, int N)
{
    layernorm_forward(y, c->mean + (size_t)k * N,
                      c->rstd + (size_t)k * N, x,
                      param(p, blk->ln_g[k]), param(p, blk->ln_b[k]),
                      N, blk->D);
}

static void norm_backward(real *dx, Params *p, const DecoderCache *c,
                          const DecoderBlock *blk, int k,
                          const real *dy, const real *x, int N)
{
    layernorm_backward(dx, param_grad(p, blk->ln_g[k]),
                       param_grad(p, blk->ln_b[k]), dy, x,
                       c->mean + (size_t)k * N,
                       c->rstd + (size_t)k * N,
                       param(p, blk->ln_g[k]), N, blk->D);
}

#line 451 "chapters/07b-training.nw"
static void decoder_forward_post(real *y, DecoderCache *c,
                                 const DecoderBlock *blk,
                                 const Params *p, const real *x,
                                 const real *enc,
                                 const int *self_mask,
                                 const int *cross_mask, int B, int T,
                                 int S)
{
    int N = B * T;
    size_t ND = (size_t)N * blk->D;
    mha_forward(c->s, &c->self, &blk->self, p, x, x, self_mask, B, T,
                T);
    residual_forward(c->n1, x, c->s, ND);
    norm_forward(c->a1, c, p, blk, 0, c->n1, N);
    mha_forward(c->c, &c->cross, &blk->cross, p, c->a1, enc,
                cross_mask, B, T, S);
    residual_forward(c->n2, c->a1, c->c, ND);
    norm_forward(c->a2, c, p, blk, 1, c->n2, N);
    ffn_forward(c->f, c->h, &blk->ffn, p, c->a2, N);
    residual_forward(c->n3, c->a2, c->f, ND);
    norm_forward(y, c, p, blk, 2, c->n3, N);
}
#line 475 "chapters/07b-training.nw"
static void decoder_backward_post(real *dx, real *d_enc, Params *p,
                                  DecoderCache *c,
                                  const DecoderBlock *blk,
                                  const real *dy, const real *x,
                                  const real *enc,
                                  const int *self_mask,
                                  const int *cross_mask, int B, int T,
                                  int S)
{
    int N = B * T;
    size_t ND = (size_t)N * blk->D;
    norm_backward(c->d_n3, p, c, blk, 2, dy, c->n3, N);
    residual_backward(c->d_a2, c->d_f, c->d_n3, ND);
    ffn_backward(c->d_a2, c->d_h, p, &blk->ffn, c->d_f, c->a2, c->h,
                 N);
    norm_backward(c->d_n2, p, c, blk, 1, c->d_a2, c->n2, N);
    residual_backward(c->d_a1, c->d_c, c->d_n2, ND);
    mha_backward(c->d_a1, d_enc, p, &c->cross, &blk->cross, c->d_c,
                 c->a1, enc, cross_mask, B, T, S);
    norm_backward(c->d_n1, p, c, blk, 0, c->d_a1, c->n1, N);
    residual_backward(dx, c->d_s, c->d_n1, ND);
    mha_backward(dx, dx, p, &c->self, &blk->self, c->d_s, x, x,
                 self_mask, B, T, T);
}
#line 360 "chapters/07b-training.nw"
void decoder_block_forward(real *y, DecoderCache *c,
                           const DecoderBlock *blk, const Params *p,
                           const real *x, const real *enc,
                           const int *self_mask,
                           const int *cross_mask, int B, int T, int S)
{
    int N = B * T;
    size_t ND = (size_t)N * blk->D;
    if (blk->post_norm) {
        decoder_forward_post(y, c, blk, p, x, enc, self_mask,
                             cross_mask, B, T, S);
        return;
    }
    norm_forward(c->n1, c, p, blk, 0, x, N);
    mha_forward(c->s, &c->self, &blk->self, p, c->n1, c->n1,
                self_mask, B, T, T);
    residual_forward(c->a1, x, c->s, ND);
    norm_forward(c->n2, c, p, blk, 1, c->a1, N);
    mha_forward(c->c, &c->cross, &blk->cross, p, c->n2, enc,
                cross_mask, B, T, S);
    residual_forward(c->a2, c->a1, c->c, ND);
    norm_forward(c->n3, c, p, blk, 2, c->a2, N);
    ffn_forward(c->f, c->h, &blk->ffn, p, c->n3, N);
    residual_forward(y, c->a2, c->f, ND);
}
#line 401 "chapters/07b-training.nw"
void decoder_block_backward(real *dx, real *d_enc, Params *p,
                            DecoderCache *c, const DecoderBlock *blk,
                            const real *dy, const real *x,
                            const real *enc, const int *self_mask,
                            const int *cross_mask, int B, int T,
                            int S)
{
    int N = B * T;
    size_t ND = (size_t)N * blk->D;
    real *cleared[] = { c->d_n1, c->d_s, c->d_a1, c->d_n2, c->d_c,
                        c->d_a2, c->d_n3, c->d_f };
    for (int k = 0; k < 8; k++)
        memset(cleared[k], 0, sizeof(real) * ND);
    if (blk->post_norm) {
        decoder_backward_post(dx, d_enc, p, c, blk, dy, x, enc,
                              self_mask, cross_mask, B, T, S);
        return;
    }
    residual_backward(c->d_a2, c->d_f, dy, ND);
    ffn_backward(c->d_n3, c->d_h, p, &blk->ffn, c->d_f, c->n3, c->h,
                 N);
    norm_backward(c->d_a2, p, c, blk, 2, c->d_n3, c->a2, N);
    residual_backward(c->d_a1, c->d_c, c->d_a2, ND);
    mha_backward(c->d_n2, d_enc, p, &c->cross, &blk->cross, c->d_c,
                 c->n2, enc, cross_mask, B, T, S);
    norm_backward(c->d_a1, p, c, blk, 1, c->d_n2, c->a1, N);
    residual_backward(dx, c->d_s, c->d_a1, ND);
    mha_backward(c->d_n1, c->d_n1, p, &c->self, &blk->self, c->d_s,
                 c->n1, c->n1, self_mask, B, T, T);
    norm_backward(dx, p, c, blk, 0, c->d_n1, x, N);
}
#line 820 "chapters/07b-training.nw"
static void tm_alloc_work(TModel *tm, const ModelConfig *cfg, int B,
                          int S)
{
    int D = tm->D, Vt = cfg->tgt_vocab, T = S - 1, L = tm->layers;
    
#line 828 "chapters/07b-training.nw"
batch_alloc(&tm->slice, B, S);
size_t BS = (size_t)B * S, BT = (size_t)B * T;
tm->pe = xcalloc((size_t)S * D, sizeof(real));
positional_encoding(tm->pe, S, D);
tm->enc_mask = xcalloc(BS * S + 2 * BT * T + BT * S + 2 * BT + B,
                       sizeof(int));
tm->self_mask = tm->enc_mask + BS * S;
tm->cross_mask = tm->self_mask + BT * T;
tm->dec_in = tm->cross_mask + BT * S;
tm->dec_tgt = tm->dec_in + BT;
tm->dec_len = tm->dec_tgt + BT;
#line 846 "chapters/07b-training.nw"
size_t SD = BS * D, TD = BT * D, TV = BT * Vt;
size_t sizes[] = { (L + 1) * SD, (L + 1) * TD, SD, TD, BS, BS, BT,
                   BT, TV, TV, TV, SD, SD, SD, TD, TD, TD };
real **arrays[] = { &tm->enc_x, &tm->dec_x, &tm->enc_out,
                    &tm->dec_out, &tm->enc_mean, &tm->enc_rstd,
                    &tm->dec_mean, &tm->dec_rstd, &tm->logits,
                    &tm->prob, &tm->d_logits, &tm->d_enc[0],
                    &tm->d_enc[1], &tm->d_enc_out, &tm->d_dec[0],
                    &tm->d_dec[1], &tm->d_dec_out };
alloc_parts(arrays, sizes, sizeof sizes / sizeof *sizes);
#line 840 "chapters/07b-training.nw"
for (int l = 0; l < L; l++) {
    block_cache_alloc(&tm->enc_c[l], &tm->enc[l], B, S);
    decoder_cache_alloc(&tm->dec_c[l], &tm->dec[l], B, T, S);
}
#line 825 "chapters/07b-training.nw"
}
#line 858 "chapters/07b-training.nw"
static void tm_free_work(TModel *tm)
{
    for (int l = 0; l < tm->layers; l++) {
        block_cache_free(&tm->enc_c[l]);
        decoder_cache_free(&tm->dec_c[l]);
    }
    batch_free(&tm->slice);
    free(tm->enc_x);
    free(tm->enc_mask);
    free(tm->pe);
    free(tm);
}
#line 1077 "chapters/07b-training.nw"
static const Batch *tm_slice(TModel *w, const Batch *batch, int b0)
{
    Batch *slice = &w->slice;
    int rest = batch->B - b0;
    slice->B = rest < TMODEL_GROUP_ROWS ? rest : TMODEL_GROUP_ROWS;
    slice->S = slice->T = 0;
    for (int b = 0; b < slice->B; b++) {
        slice->src_len[b] = batch->src_len[b0 + b];
        slice->tgt_len[b] = batch->tgt_len[b0 + b];
        if (slice->src_len[b] > slice->S)
            slice->S = slice->src_len[b];
        if (slice->tgt_len[b] > slice->T)
            slice->T = slice->tgt_len[b];
    }
    
#line 1096 "chapters/07b-training.nw"
for (int b = 0; b < slice->B; b++) {
    const int *src = batch->src + (size_t)(b0 + b) * batch->S;
    const int *tgt = batch->tgt + (size_t)(b0 + b) * batch->T;
    for (int t = 0; t < slice->S; t++)
        slice->src[b * slice->S + t] = src[t];
    for (int t = 0; t < slice->T; t++)
        slice->tgt[b * slice->T + t] = tgt[t];
}
#line 1092 "chapters/07b-training.nw"
    return slice;
}
#line 686 "chapters/07b-training.nw"
const char *transformer_check(const ModelConfig *cfg)
{
    static char message[160];
    if (cfg->layers < 1 || cfg->layers > TMODEL_MAX_LAYERS) {
        snprintf(message, sizeof message, "a Transformer has 1 to %d"
                 " layers a side, not %d", TMODEL_MAX_LAYERS,
                 cfg->layers);
        return message;
    }
    if (cfg->H % 2) {
        snprintf(message, sizeof message, "the positional encoding"
                 " needs an even model width, not %d", cfg->H);
        return message;
    }
    
#line 707 "chapters/07b-training.nw"
if (!cfg->head_width && (cfg->heads < 1 || cfg->H % cfg->heads)) {
    snprintf(message, sizeof message, "a model width of %d cannot be"
             " cut into %d heads of equal width; choose a number of"
             " heads that divides it, or a head width", cfg->H,
             cfg->heads);
    return message;
}
#line 701 "chapters/07b-training.nw"
    int dk = transformer_head_width(cfg);
    return block_check(cfg->H, cfg->heads, dk, cfg->ff);
}
#line 715 "chapters/07b-training.nw"
int transformer_head_width(const ModelConfig *cfg)
{
    return cfg->head_width ? cfg->head_width : cfg->H / cfg->heads;
}
#line 727 "chapters/07b-training.nw"
static Model *transformer_create(const ModelConfig *cfg, int max_B,
                                 int max_len, uint64_t seed)
{
    TModel *tm = xcalloc(1, sizeof *tm);
    *tm = (TModel){ .m.cfg = *cfg, .D = cfg->H, .NH = cfg->heads,
                    .dk = transformer_head_width(cfg),
                    .F = cfg->ff, .layers = cfg->layers,
                    .positional = cfg->positional,
                    .post_norm = cfg->post_norm,
                    .shown_layer = cfg->layers - 1,
                    .shown_head = -1 };
    Model *m = &tm->m;
    Params *p = &m->params;
    params_init(p);
    
#line 754 "chapters/07b-training.nw"
int D = tm->D, Vs = cfg->src_vocab, Vt = cfg->tgt_vocab;
char name[TENSOR_NAME_MAX];
tm->src_emb = params_add(p, "src_emb", Vs, D);
for (int l = 0; l < tm->layers; l++) {
    snprintf(name, sizeof name, "enc%d", l);
    block_declare(&tm->enc[l], p, name, D, tm->NH, tm->dk, tm->F);
    if (!cfg->scaled) tm->enc[l].att.scale = 1;
    tm->enc[l].post_norm = tm->post_norm;
}
if (!tm->post_norm) {
    tm->enc_ln_g = params_add(p, "enc_ln_g", 1, D);
    tm->enc_ln_b = params_add(p, "enc_ln_b", 1, D);
}
tm->tgt_emb = params_add(p, "tgt_emb", Vt, D);
for (int l = 0; l < tm->layers; l++) {
    snprintf(name, sizeof name, "dec%d", l);
    decoder_block_declare(&tm->dec[l], p, name, D, tm->NH, tm->dk,
                          tm->F);
    if (!cfg->scaled)
        tm->dec[l].self.scale = tm->dec[l].cross.scale = 1;
    tm->dec[l].post_norm = tm->post_norm;
}
if (!tm->post_norm) {
    tm->dec_ln_g = params_add(p, "dec_ln_g", 1, D);
    tm->dec_ln_b = params_add(p, "dec_ln_b", 1, D);
}
tm->out_W = params_add(p, "out_W", D, Vt);
tm->out_b = params_add(p, "out_b", 1, Vt);
#line 742 "chapters/07b-training.nw"
    params_alloc(p);
    weight_panels_init(&tm->panels, p);
    Rng rng;
    rng_seed(&rng, seed);
    
#line 784 "chapters/07b-training.nw"
init_normal(param(p, tm->src_emb), (size_t)Vs * D, 1, &rng);
for (int l = 0; l < tm->layers; l++)
    block_init(&tm->enc[l], p, &rng);
init_normal(param(p, tm->tgt_emb), (size_t)Vt * D, 1, &rng);
for (int l = 0; l < tm->layers; l++)
    decoder_block_init(&tm->dec[l], p, &rng);
init_xavier_uniform(param(p, tm->out_W), D, Vt, &rng);
for (int d = 0; d < D && !tm->post_norm; d++)
    param(p, tm->enc_ln_g)[d] = param(p, tm->dec_ln_g)[d] = 1;
#line 747 "chapters/07b-training.nw"
    
#line 804 "chapters/07b-training.nw"
m->max_B = max_B; m->max_S = max_len; m->max_T = max_len - 1;
tm_alloc_work(tm, cfg, max_B, max_len);
m->weights = xcalloc((size_t)max_B * m->max_T * max_len,
                     sizeof(real));             /* [B, T', S] */
tm->groups = (max_B + TMODEL_GROUP_ROWS - 1) / TMODEL_GROUP_ROWS;
tm->group = xcalloc(tm->groups, sizeof *tm->group);
tm->group[0] = tm;
for (int g = 1; g < tm->groups; g++) {
    TModel *w = tm->group[g] = xcalloc(1, sizeof *w);
    *w = *tm;                   /* the same handles and sizes */
    w->groups = 0;
    w->panels = (WeightPanels){0};      /* the model's, not its */
    tm_alloc_work(w, cfg, TMODEL_GROUP_ROWS, max_len);
}
#line 748 "chapters/07b-training.nw"
    return m;
}
#line 872 "chapters/07b-training.nw"
static void transformer_free(Model *m)
{
    TModel *tm = tmodel_of(m);
    free(m->weights);
    weight_panels_free(&tm->panels);
    params_free(&m->params);
    for (int g = 1; g < tm->groups; g++) tm_free_work(tm->group[g]);
    free(tm->group);
    tm_free_work(tm);
}
#line 4882 "chapters/A-programs.nw"
void refuse_bad_transformer(const ModelConfig *cfg)
{
    const char *problem = cfg->family == &transformer_family
                          ? transformer_check(cfg) : NULL;
    if (problem) refuse("--hidden, --heads, --head-width, --ff,"
                        " --layers: %s", problem);
}
#line 4894 "chapters/A-programs.nw"
void refuse_unused_transformer_options(int argc, char **argv,
                                       const char *why)
{
    static const char *const name[] = { "--layers", "--heads",
                                        "--head-width", "--ff",
                                        "--positional", "--scale",
                                        "--post-norm" };
    for (int k = 0; k < 7; k++)
        if (option_given(argc, argv, name[k]))
            refuse("%s is an option of the Transformer, and %s; drop"
                   " it", name[k], why);
}
#line 894 "chapters/07b-training.nw"
static void tm_embed(real *x /* [B, T, D] */, const TModel *tm,
                     const Params *p, int table, const int *ids,
                     const int *len, int B, int T)
{
    int D = tm->D;
    embedding_forward(x, ids, len, param(p, table), B, T, D);
    if (!tm->positional) return;
    for (int b = 0; b < B; b++)
        for (int t = 0; t < len[b]; t++)
            for (int d = 0; d < D; d++)
                x[((size_t)b * T + t) * D + d] += tm->pe[t * D + d];
}
#line 910 "chapters/07b-training.nw"
static void tm_last_norm(real *y, real *mean, real *rstd,
                         const TModel *tm, const Params *p, int g,
                         int b, const real *x, int N)
{
    if (tm->post_norm)
        memcpy(y, x, sizeof(real) * N * tm->D);
    else
        layernorm_forward(y, mean, rstd, x, param(p, g), param(p, b),
                          N, tm->D);
}

static void tm_last_norm_backward(real *dx, const TModel *tm,
                                  Params *p, int g, int b,
                                  const real *dy, const real *x,
                                  const real *mean, const real *rstd,
                                  int N)
{
    if (tm->post_norm)
        residual_forward(dx, dx, dy, (size_t)N * tm->D);  /* += */
    else
        layernorm_backward(dx, param_grad(p, g), param_grad(p, b), dy,
                           x, mean, rstd, param(p, g), N, tm->D);
}
#line 939 "chapters/07b-training.nw"
static void tm_encode(Model *m, TModel *tm, const Batch *batch)
{
    const Params *p = &m->params;
    int B = batch->B, S = batch->S, D = tm->D;
    size_t SD = (size_t)B * S * D;
    assert(B <= m->max_B && S <= m->max_S);
    tm_embed(tm->enc_x, tm, p, tm->src_emb, batch->src,
             batch->src_len, B, S);
    attention_mask(tm->enc_mask, batch->src_len, 0, B, S, S);
    for (int l = 0; l < tm->layers; l++)
        block_forward(tm->enc_x + (l + 1) * SD, &tm->enc_c[l],
                      &tm->enc[l], p, tm->enc_x + l * SD,
                      tm->enc_mask, B, S);
    tm_last_norm(tm->enc_out, tm->enc_mean, tm->enc_rstd, tm, p,
                 tm->enc_ln_g, tm->enc_ln_b,
                 tm->enc_x + tm->layers * SD, B * S);
}
#line 964 "chapters/07b-training.nw"
static void tm_decode(Model *m, TModel *tm, const int *src_len,
                      int B, int T, int S)
{
    const Params *p = &m->params;
    int D = tm->D, V = m->cfg.tgt_vocab;
    size_t TD = (size_t)B * T * D;
    tm_embed(tm->dec_x, tm, p, tm->tgt_emb, tm->dec_in, tm->dec_len,
             B, T);
    attention_mask(tm->self_mask, tm->dec_len, 1, B, T, T);
    attention_mask(tm->cross_mask, src_len, 0, B, T, S);
    for (int l = 0; l < tm->layers; l++)
        decoder_block_forward(tm->dec_x + (l + 1) * TD, &tm->dec_c[l],
                              &tm->dec[l], p, tm->dec_x + l * TD,
                              tm->enc_out, tm->self_mask,
                              tm->cross_mask, B, T, S);
    tm_last_norm(tm->dec_out, tm->dec_mean, tm->dec_rstd, tm, p,
                 tm->dec_ln_g, tm->dec_ln_b,
                 tm->dec_x + tm->layers * TD, B * T);
    linear_forward(tm->logits, tm->dec_out, param(p, tm->out_W),
                   param(p, tm->out_b), B * T, D, V);
}
#line 1000 "chapters/07b-training.nw"
static void show_weights(real *w /* [B, T0, S0] */, int T0, int S0,
                         const TModel *tm, const TModel *work, int B,
                         int T, int S)
{
    const real *all = work->dec_c[tm->shown_layer].cross.weights;
    int NH = tm->NH, h0 = tm->shown_head < 0 ? 0 : tm->shown_head;
    int h1 = tm->shown_head < 0 ? NH : h0 + 1;
    for (int b = 0; b < B; b++)
        for (int i = 0; i < T; i++)
            for (int j = 0; j < S; j++) {
                real sum = 0;
                for (int h = h0; h < h1; h++)
                    sum += all[(((size_t)b * NH + h) * T + i) * S
                               + j];
                w[((size_t)b * T0 + i) * S0 + j] = sum / (h1 - h0);
            }
}
#line 1037 "chapters/07b-training.nw"
static double transformer_forward(Model *m, const Batch *batch)
{
    TModel *tm = tmodel_of(m);
    int T0 = batch->T - 1, S0 = batch->S, V = m->cfg.tgt_vocab;
    assert(T0 <= m->max_T && batch->B <= m->max_B);
    memset(m->weights, 0,
           sizeof(real) * batch->B * T0 * S0);
    double sum = 0;
    int counted = 0;
    weight_panels_begin(&tm->panels);
    for (int g = 0; g * TMODEL_GROUP_ROWS < batch->B; g++) {
        TModel *w = tm->group[g];
        int b0 = g * TMODEL_GROUP_ROWS;
        const Batch *gb = tm_slice(w, batch, b0);
        
#line 1059 "chapters/07b-training.nw"
int B = gb->B, S = gb->S, T = gb->T - 1, n;
tm_encode(m, w, gb);
shift_targets(gb, w->dec_in, w->dec_tgt, w->dec_len);
tm_decode(m, w, gb->src_len, B, T, S);
show_weights(m->weights + (size_t)b0 * T0 * S0, T0, S0, tm, w,
             B, T, S);
sum += cross_entropy_forward(w->prob, w->logits, w->dec_tgt, B * T,
                             V, LABEL_SMOOTHING, PAD, &n);
counted += n;
#line 1052 "chapters/07b-training.nw"
    }
    weight_panels_end();
    return sum / counted;
}
#line 1117 "chapters/07b-training.nw"
static void tm_backward(Model *m, TModel *tm, int counted)
{
    Params *p = &m->params;
    const Batch *batch = &tm->slice;
    int B = batch->B, S = batch->S, T = batch->T - 1;
    int D = tm->D, V = m->cfg.tgt_vocab, N = B * T;
    size_t SD = (size_t)B * S * D, TD = (size_t)N * D;
    
#line 1148 "chapters/07b-training.nw"
memset(tm->d_logits, 0, sizeof(real) * N * V);
cross_entropy_backward(tm->d_logits, tm->prob, tm->dec_tgt, N, V,
                       LABEL_SMOOTHING, PAD, 1.0 / counted);
memset(tm->d_dec_out, 0, sizeof(real) * TD);
linear_backward(tm->d_dec_out, param_grad(p, tm->out_W),
                param_grad(p, tm->out_b), tm->d_logits, tm->dec_out,
                param(p, tm->out_W), N, D, V);
real *dy = tm->d_dec[0], *dx = tm->d_dec[1];
memset(dy, 0, sizeof(real) * TD);
tm_last_norm_backward(dy, tm, p, tm->dec_ln_g, tm->dec_ln_b,
                      tm->d_dec_out, tm->dec_x + tm->layers * TD,
                      tm->dec_mean, tm->dec_rstd, N);
#line 1125 "chapters/07b-training.nw"
    
#line 1162 "chapters/07b-training.nw"
memset(tm->d_enc_out, 0, sizeof(real) * SD);
for (int l = tm->layers - 1; l >= 0; l--) {
    memset(dx, 0, sizeof(real) * TD);
    decoder_block_backward(dx, tm->d_enc_out, p, &tm->dec_c[l],
                           &tm->dec[l], dy, tm->dec_x + l * TD,
                           tm->enc_out, tm->self_mask, tm->cross_mask,
                           B, T, S);
    real *swap = dy; dy = dx; dx = swap;
}
embedding_backward(param_grad(p, tm->tgt_emb), dy, tm->dec_in,
                   tm->dec_len, B, T, D);
#line 1126 "chapters/07b-training.nw"
    
#line 1175 "chapters/07b-training.nw"
real *ey = tm->d_enc[0], *ex = tm->d_enc[1];
memset(ey, 0, sizeof(real) * SD);
tm_last_norm_backward(ey, tm, p, tm->enc_ln_g, tm->enc_ln_b,
                      tm->d_enc_out, tm->enc_x + tm->layers * SD,
                      tm->enc_mean, tm->enc_rstd, B * S);
for (int l = tm->layers - 1; l >= 0; l--) {
    memset(ex, 0, sizeof(real) * SD);
    block_backward(ex, p, &tm->enc_c[l], &tm->enc[l], ey,
                   tm->enc_x + l * SD, tm->enc_mask, B, S);
    real *swap = ey; ey = ex; ex = swap;
}
embedding_backward(param_grad(p, tm->src_emb), ey, batch->src,
                   batch->src_len, B, S, D);
#line 1127 "chapters/07b-training.nw"
}
#line 1135 "chapters/07b-training.nw"
static void transformer_backward(Model *m, const Batch *batch)
{
    TModel *tm = tmodel_of(m);
    int counted = 0;
    for (int b = 0; b < batch->B; b++)
        counted += batch->tgt_len[b] - 1;
    weight_panels_begin(&tm->panels);
    for (int g = 0; g * TMODEL_GROUP_ROWS < batch->B; g++)
        tm_backward(m, tm->group[g], counted);
    weight_panels_end();
}
#line 1312 "chapters/07b-training.nw"
static void decode_prefix(Model *m, TModel *tm, const int *src_len,
                          int B, int S, const int *words, int stride,
                          int n)
{
    for (int b = 0; b < B; b++) {
        tm->dec_len[b] = n;
        for (int t = 0; t < n; t++)
            tm->dec_in[b * n + t] = words[(size_t)b * stride + t];
    }
    tm_decode(m, tm, src_len, B, n, S);
}
#line 1328 "chapters/07b-training.nw"
static void newest_weights(real *w /* row b at w + b * stride */,
                           size_t stride, Model *m, const TModel *tm,
                           int B, int n, int S)
{
    show_weights(m->weights, n, S, tm, tm, B, n, S);
    for (int b = 0; b < B; b++)
        memcpy(w + b * stride,
               m->weights + ((size_t)b * n + n - 1) * S,
               sizeof(real) * S);
}
#line 2232 "chapters/08-using.nw"
void tmodel_rerun_prefix(Model *m, int on)
{
    tmodel_of(m)->rerun_prefix = on;
}
#line 2244 "chapters/08-using.nw"
typedef struct KvCache {
    int N, T, S, D, NH, dk, A, F, layers;
    real *k, *v, *k_gather, *v_gather;  /* [L, N, T, A] each */
    real *ck, *cv;                      /* [L, N, S, A] each */
    int *cross_mask;                    /* [N, S] */
    real *x, *y, *nrm;                  /* [N, D] each */
    real *q, *heads, *kv_new;           /* [N, A] each */
    real *h, *w, *mean, *rstd;  /* [N, F], [N, NH, T + S], [N] */
    real *block;                /* the one allocation of them all */
} KvCache;
#line 2256 "chapters/08-using.nw"
static KvCache *kv_start(Model *m, const Encoding *enc)
{
    TModel *tm = tmodel_of(m);
    KvCache *kv = xcalloc(1, sizeof *kv);
    *kv = (KvCache){ .N = enc->B, .T = m->max_T, .S = enc->S,
                     .D = tm->D, .NH = tm->NH, .dk = tm->dk,
                     .A = tm->NH * tm->dk, .F = tm->F,
                     .layers = tm->layers };
    size_t L = kv->layers, N = kv->N, D = kv->D, A = kv->A;
    size_t self = L * N * kv->T * A, cross = L * N * kv->S * A;
    size_t W = N * kv->NH * (kv->T + kv->S);
    size_t sizes[] = { self, self, self, self, cross, cross,
                       N * D, N * D, N * D, N * A, N * A, N * A,
                       N * kv->F, W, N, N };
    real **arrays[] = { &kv->k, &kv->v, &kv->k_gather, &kv->v_gather,
                        &kv->ck, &kv->cv, &kv->x, &kv->y, &kv->nrm,
                        &kv->q, &kv->heads, &kv->kv_new, &kv->h,
                        &kv->w, &kv->mean, &kv->rstd };
    alloc_parts(arrays, sizes, sizeof sizes / sizeof *sizes);
    kv->block = kv->k;          /* k and k_gather swap, below */
    
#line 2289 "chapters/08-using.nw"
const Params *p = &m->params;
size_t NS = (size_t)kv->N * kv->S;
for (int l = 0; l < kv->layers; l++) {
    const MultiHead *c = &tm->dec[l].cross;
    linear_forward(kv->ck + l * NS * A, enc->out, param(p, c->W_k),
                   NULL, (int)NS, (int)D, (int)A);
    linear_forward(kv->cv + l * NS * A, enc->out, param(p, c->W_v),
                   NULL, (int)NS, (int)D, (int)A);
}
kv->cross_mask = xcalloc(NS, sizeof(int));
for (size_t i = 0; i < N; i++)
    for (int j = 0; j < kv->S; j++)
        kv->cross_mask[i * kv->S + j] = j < enc->len[i];
#line 2277 "chapters/08-using.nw"
    return kv;
}

static void kv_free(KvCache *kv)
{
    if (!kv) return;
    free(kv->block);
    free(kv->cross_mask);
    free(kv);
}
#line 2351 "chapters/08-using.nw"
static void kv_norm(KvCache *kv, const Params *p,
                    const DecoderBlock *blk, int k)
{
    layernorm_forward(kv->nrm, kv->mean, kv->rstd, kv->x,
                      param(p, blk->ln_g[k]), param(p, blk->ln_b[k]),
                      kv->N, kv->D);
}

static const real *kv_in(KvCache *kv, const Params *p,
                         const DecoderBlock *blk, int k)
{
    if (blk->post_norm) return kv->x;
    kv_norm(kv, p, blk, k);
    return kv->nrm;
}

static void kv_add(KvCache *kv, const Params *p,
                   const DecoderBlock *blk, int k)
{
    size_t ND = (size_t)kv->N * kv->D;
    residual_forward(kv->x, kv->x, kv->y, ND);
    if (!blk->post_norm) return;
    kv_norm(kv, p, blk, k);
    memcpy(kv->x, kv->nrm, sizeof(real) * ND);
}

static void kv_attend(KvCache *kv, const Params *p,
                      const DecoderBlock *blk, int k,
                      const real *in /* [N, D] */,
                      const MultiHead *mh, const real *K,
                      const real *V /* row i at + i * stride * A */,
                      const int *mask /* [N, Tk] or NULL */, int Tk,
                      int stride)
{
    int N = kv->N, D = kv->D, NH = kv->NH, A = kv->A;
    linear_forward(kv->q, in, param(p, mh->W_q), NULL, N, D, A);
    for (int i = 0; i < N; i++) {
        size_t at = (size_t)i * stride * A;
        sdpa_forward(kv->heads + (size_t)i * A,
                     kv->w + (size_t)i * NH * (kv->T + kv->S),
                     kv->q + (size_t)i * A, K + at, V + at,
                     mask ? mask + (size_t)i * Tk : NULL, mh->scale,
                     1, NH, 1, Tk, kv->dk, kv->dk);
    }
    linear_forward(kv->y, kv->heads, param(p, mh->W_o), NULL, N, A,
                   D);
    kv_add(kv, p, blk, k);
}
#line 2436 "chapters/08-using.nw"
static void kv_shown_weights(real *w /* [N, S] */, const KvCache *kv,
                             const TModel *tm)
{
    int NH = kv->NH, S = kv->S, h0 = tm->shown_head < 0 ? 0
                                                    : tm->shown_head;
    int h1 = tm->shown_head < 0 ? NH : h0 + 1;
    for (int i = 0; i < kv->N; i++)
        for (int j = 0; j < S; j++) {
            real sum = 0;
            for (int h = h0; h < h1; h++)
                sum += kv->w[(size_t)i * NH * (kv->T + kv->S)
                             + (size_t)h * S + j];
            w[(size_t)i * S + j] = sum / (h1 - h0);
        }
}
#line 2459 "chapters/08-using.nw"
static void kv_reorder(KvCache *kv, const int *parent, int t)
{
    size_t row = (size_t)kv->T * kv->A;
    for (int l = 0; l < kv->layers; l++)
        for (int i = 0; i < kv->N; i++) {
            size_t to = ((size_t)l * kv->N + i) * row;
            size_t from = ((size_t)l * kv->N + parent[i]) * row;
            memcpy(kv->k_gather + to, kv->k + from,
                   sizeof(real) * t * kv->A);
            memcpy(kv->v_gather + to, kv->v + from,
                   sizeof(real) * t * kv->A);
        }
    real *swap = kv->k; kv->k = kv->k_gather; kv->k_gather = swap;
    swap = kv->v; kv->v = kv->v_gather; kv->v_gather = swap;
}
#line 2310 "chapters/08-using.nw"
static void kv_step(Model *m, KvCache *kv, int t, const int *input,
                    real *logits /* [N, V] */,
                    real *weights /* [N, S] or NULL */)
{
    TModel *tm = tmodel_of(m);
    const Params *p = &m->params;
    int N = kv->N, D = kv->D;
    assert(t < kv->T);
    
#line 2332 "chapters/08-using.nw"
for (int i = 0; i < N; i++)
    for (int d = 0; d < D; d++)
        kv->x[(size_t)i * D + d] =
            param(p, tm->tgt_emb)[(size_t)input[i] * D + d]
            + (tm->positional ? tm->pe[(size_t)t * D + d] : 0);
#line 2319 "chapters/08-using.nw"
    for (int l = 0; l < kv->layers; l++) {
        const DecoderBlock *blk = &tm->dec[l];
        
#line 2402 "chapters/08-using.nw"
int A = kv->A;
size_t slab = (size_t)N * kv->T * A;
real *K = kv->k + l * slab, *V = kv->v + l * slab;
real *new = kv->kv_new;                 /* [N, A]: this position's */
const real *in = kv_in(kv, p, blk, 0);
linear_forward(new, in, param(p, blk->self.W_k), NULL, N, D, A);
for (int i = 0; i < N; i++)
    memcpy(K + ((size_t)i * kv->T + t) * A, new + (size_t)i * A,
           sizeof(real) * A);
linear_forward(new, in, param(p, blk->self.W_v), NULL, N, D, A);
for (int i = 0; i < N; i++)
    memcpy(V + ((size_t)i * kv->T + t) * A, new + (size_t)i * A,
           sizeof(real) * A);
kv_attend(kv, p, blk, 0, in, &blk->self, K, V, NULL, t + 1, kv->T);
#line 2322 "chapters/08-using.nw"
        
#line 2419 "chapters/08-using.nw"
size_t cslab = (size_t)N * kv->S * kv->A;
const real *cin = kv_in(kv, p, blk, 1);
kv_attend(kv, p, blk, 1, cin, &blk->cross, kv->ck + l * cslab,
          kv->cv + l * cslab, kv->cross_mask, kv->S, kv->S);
if (weights && l == tm->shown_layer)
    kv_shown_weights(weights, kv, tm);
#line 2323 "chapters/08-using.nw"
        
#line 2426 "chapters/08-using.nw"
const real *fin = kv_in(kv, p, blk, 2);
ffn_forward(kv->y, kv->h, &blk->ffn, p, fin, N);
kv_add(kv, p, blk, 2);
#line 2324 "chapters/08-using.nw"
    }
    tm_last_norm(kv->nrm, kv->mean, kv->rstd, tm, p, tm->dec_ln_g,
                 tm->dec_ln_b, kv->x, N);
    linear_forward(logits, kv->nrm, param(p, tm->out_W),
                   param(p, tm->out_b), N, D, m->cfg.tgt_vocab);
}
#line 1228 "chapters/07b-training.nw"
typedef struct {
    DecoderState d;                 /* first */
    int *words;                     /* [N, max_T]: the words fed */
    int max_T, t;                   /* steps run so far */
    struct KvCache *kv;             /* chapter 8's, or NULL */
} TState;

static DecoderState *transformer_start(Model *m, const Encoding *enc)
{
    int N = enc->B;
    TState *st = xcalloc(1, sizeof *st);
    st->d.N = N;
    st->d.logits = xcalloc((size_t)N * m->cfg.tgt_vocab,
                           sizeof(real));
    st->max_T = m->max_T;
    st->words = xcalloc((size_t)2 * N * m->max_T, sizeof(int));
    if (!tmodel_of(m)->rerun_prefix) st->kv = kv_start(m, enc);
    return &st->d;                  /* words: and as much scratch */
}

static void transformer_stop(DecoderState *d)
{
    TState *st = (TState *)d;
    kv_free(st->kv);
    free(d->logits);
    free(st->words);
    free(st);
}
#line 1269 "chapters/07b-training.nw"
static void transformer_step(Model *m, DecoderState *d,
                             const Encoding *enc, const int *input,
                             real *weights)
{
    TModel *tm = tmodel_of(m);
    TState *st = (TState *)d;
    int N = d->N, S = enc->S, V = m->cfg.tgt_vocab, n = st->t + 1;
    assert(enc->B == N && n <= m->max_T);
    for (int i = 0; i < N; i++)
        st->words[(size_t)i * st->max_T + st->t] = input[i];
    if (st->kv) {                   /* chapter 8's cache */
        kv_step(m, st->kv, st->t++, input, d->logits, weights);
        return;
    }
    if (enc->out != tm->enc_out)
        memcpy(tm->enc_out, enc->out, sizeof(real) * N * S * tm->D);
    decode_prefix(m, tm, enc->len, N, S, st->words, st->max_T, n);
    for (int i = 0; i < N; i++)
        memcpy(d->logits + (size_t)i * V,
               tm->logits + ((size_t)i * n + n - 1) * V,
               sizeof(real) * V);
    if (weights) newest_weights(weights, S, m, tm, N, n, S);
    st->t++;
}
#line 1297 "chapters/07b-training.nw"
static Encoding transformer_encode(Model *m, const Batch *batch)
{
    TModel *tm = tmodel_of(m);
    tm_encode(m, tm, batch);
    return (Encoding){ tm->enc_out, NULL, NULL, batch->src_len,
                       NULL, batch->B, batch->S, tm->D };
}
#line 1373 "chapters/07b-training.nw"
static int transformer_show(Model *m, int layer, int head)
{
    TModel *tm = tmodel_of(m);
    if (layer < 0) layer = tm->layers - 1;
    if (layer >= tm->layers || head < -1 || head >= tm->NH) return 0;
    tm->shown_layer = layer;
    tm->shown_head = head;
    return 1;
}
#line 896 "chapters/08-using.nw"
static size_t transformer_param_count(const ModelConfig *c)
{
    size_t D = c->H, F = c->ff, L = c->layers;
    size_t A = (size_t)c->heads * transformer_head_width(c);
    size_t Vs = c->src_vocab, Vt = c->tgt_vocab;
    size_t ffn = 2 * D * F + F + D;         /* W1, b1, W2, b2 */
    size_t enc = 4 * D * A + 2 * 2 * D + ffn;   /* and 2 norms */
    size_t dec = 8 * D * A + 3 * 2 * D + ffn;   /* and 3 norms */
    size_t last = c->post_norm ? 0 : 2 * 2 * D; /* the last norms */
    return (Vs + Vt) * D + L * (enc + dec) + last + (D + 1) * Vt;
}
#line 927 "chapters/08-using.nw"
static const ConfigField transformer_fields[] = {
    { "source vocabulary", offsetof(ModelConfig, src_vocab), 1,
      CKPT_MAX_SIZE },
    { "target vocabulary", offsetof(ModelConfig, tgt_vocab), 1,
      CKPT_MAX_SIZE },
    { "width", offsetof(ModelConfig, H), 1, CKPT_MAX_SIZE },
    { "layer count", offsetof(ModelConfig, layers), 1,
      CKPT_MAX_SIZE },
    { "head count", offsetof(ModelConfig, heads), 1, CKPT_MAX_SIZE },
    { "feed-forward width", offsetof(ModelConfig, ff), 1,
      CKPT_MAX_SIZE },
    { "positional switch", offsetof(ModelConfig, positional), 0, 1 },
    { "scale switch", offsetof(ModelConfig, scaled), 0, 1 },
    { "head width", offsetof(ModelConfig, head_width), 0,
      CKPT_MAX_SIZE },                  /* later: 0 is D/NH */
    { "post-norm switch", offsetof(ModelConfig, post_norm), 0, 1 },
    { NULL, 0, 0, 0 }                   /* later: 0 is pre-norm */
};
#line 1595 "chapters/08-using.nw"
static void transformer_reorder(DecoderState *d, const int *parent)
{
    TState *st = (TState *)d;
    size_t N = d->N, T = st->max_T;
    int *gathered = st->words + N * T;
    for (size_t i = 0; i < N; i++)
        memcpy(gathered + i * T, st->words + parent[i] * T,
               sizeof(int) * T);
    memcpy(st->words, gathered, sizeof(int) * N * T);
    if (st->kv) kv_reorder(st->kv, parent, st->t);
}
#line 1344 "chapters/07b-training.nw"
static const char *const transformer_variants[] = { "transformer",
                                                    NULL };
static int transformer_chooses(int variant)
{
    (void)variant;
    return 1;
}
#line 1199 "chapters/A-programs.nw"
static double transformer_bytes(const ModelConfig *cfg, int max_B,
                                int max_len)
{
    double Vs = cfg->src_vocab, Vt = cfg->tgt_vocab;
    double B = max_B, S = max_len, T = max_len - 1;
    double D = cfg->H, F = cfg->ff, NH = cfg->heads;
    double A = NH * transformer_head_width(cfg), Ly = cfg->layers;
    double blk = 4 * D * A + 4 * D + 2 * D * F + F + D;
    double G = (max_B - 1) / TMODEL_GROUP_ROWS; /* more workspaces */
    double R = B + G * TMODEL_GROUP_ROWS, BS = R * S, BT = R * T;
    double par = (Vs + Vt) * D + Ly * (2 * blk + 4 * D * A + 2 * D)
                 + 4 * D + (D + 1) * Vt;
    if (A > D) D = A;           /* the workspace's bound, below */
    double ints = BS * S + 2 * BT * T + BT * S + 2 * BT + R
                  + R * (2 * S + 3);
    double work = (1 + G) * S * D + (Ly + 5) * (BS + BT) * D
                  + 2 * (BS + BT) + 3 * BT * Vt + B * T * S
                  + Ly * (18 * BS * D + 2 * BS * F + 4 * BS
                          + BS * NH * S + 28 * BT * D + 2 * BT * F
                          + 6 * BT + 4 * BS * D + BT * NH * (T + S));
    return ints * sizeof(int) + (6 * par + work) * sizeof(real);
}
#line 1352 "chapters/07b-training.nw"
const ModelFamily transformer_family = {
    .name = "transformer", .variants = transformer_variants,
    .chooses = transformer_chooses, .check = transformer_check,
    .bytes = transformer_bytes, .create = transformer_create,
    .free = transformer_free, .forward = transformer_forward,
    .backward = transformer_backward, .encode = transformer_encode,
    .start = transformer_start, .step = transformer_step,
    .stop = transformer_stop,
    
#line 1364 "chapters/07b-training.nw"
.show = transformer_show,
#line 924 "chapters/08-using.nw"
.param_count = transformer_param_count,
.fields = transformer_fields, .later_fields = 2,
#line 1573 "chapters/08-using.nw"
.reorder = transformer_reorder,
#line 1361 "chapters/07b-training.nw"
};
