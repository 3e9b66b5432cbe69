#line 1759 "chapters/10-captions.nw"
/* captioner.c: the captioner, a family of models that reads images
   (chapter 10). */
#include "captioner.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>
#line 1796 "chapters/10-captions.nw"
const char *const captioner_variant[] = {
    "none", "dot", "general", "additive", NULL
};

ModelConfig captioner_config_default(void)
{
    return (ModelConfig){ .family = &captioner_family,
                          .tgt_vocab = N_SPECIAL + 10,
                          .E = 32, .H = 32,
                          .attention = ATTN_ADDITIVE,
                          .positional = 1, .locations = 36,
                          .lambda = 0 };
}

int captioner_variant_from_name(const char *name)
{
    char known[128] = "";
    for (int v = 0; captioner_variant[v]; v++) {
        if (!strcmp(name, captioner_variant[v])) return v;
        strcat(strcat(known, v ? ", " : ""), captioner_variant[v]);
    }
    refuse("unknown attention '%s' for a captioner; the known are:"
           " %s", shown(name), known);
}
#line 1829 "chapters/10-captions.nw"
static Model *captioner_create(const ModelConfig *cfg, int max_B,
                               int max_len, uint64_t seed)
{
    Captioner *c = xcalloc(1, sizeof *c);
    Seq2Seq *s = &c->s;
    Model *m = &s->m;
    m->cfg = *cfg;
    int H = cfg->H, L = cfg->locations, B = max_B, T = max_len - 1;
    Params *p = &m->params;
    params_init(p);
    c->pos = cfg->positional ? params_add(p, "img_pos", L, H) : -1;
    c->h0_W = params_add(p, "h0_W", H, H);
    c->h0_b = params_add(p, "h0_b", 1, H);
    c->c0_W = params_add(p, "c0_W", H, H);
    c->c0_b = params_add(p, "c0_b", 1, H);
    decoder_declare(s);
    params_alloc(p);
    Rng rng;
    rng_seed(&rng, seed);
    if (c->pos >= 0) init_normal(param(p, c->pos), (size_t)L * H, 0.1,
                                 &rng);
    init_xavier_uniform(param(p, c->h0_W), H, H, &rng);
    init_xavier_uniform(param(p, c->c0_W), H, H, &rng);
    decoder_init(s, &rng);
    seq2seq_workspace(s, B, L, max_len);
    c->len = xcalloc(B, sizeof(int));
    size_t sizes[5] = { (size_t)B * H, (size_t)B * H, (size_t)B * H,
                        (size_t)B * H, (size_t)B * T * L };
    real **arrays[5] = { &c->mean, &c->pre_h, &c->d_mean, &c->d_pre,
                         &c->d_outside };
    alloc_parts(arrays, sizes, 5);
    return m;
}

static void captioner_free(Model *m)
{
    Captioner *c = captioner_of(m);
    free(c->len);
    free(c->mean);
    seq2seq_family.free(m);     /* the decoder's, and the block */
}
#line 1880 "chapters/10-captions.nw"
static Encoding captioner_encode(Model *m, const Batch *batch)
{
    Captioner *c = captioner_of(m);
    Seq2Seq *s = &c->s;
    const Params *p = &m->params;
    int B = batch->B, H = m->cfg.H, L = m->cfg.locations;
    assert(batch->feat && batch->feat_size == L * H && batch->S == L);
    for (int b = 0; b < B; b++) {
        
#line 1903 "chapters/10-captions.nw"
const real *a = batch->feat + (size_t)batch->row[b] * L * H;
const real *pos = c->pos >= 0 ? param(p, c->pos) : NULL;
real *out = s->enc_h + (size_t)b * L * H;
real *mean = c->mean + (size_t)b * H;
memset(mean, 0, sizeof(real) * H);
for (int i = 0; i < L; i++)
    for (int k = 0; k < H; k++) {
        real v = a[i * H + k] + (pos ? pos[i * H + k] : 0);
        out[i * H + k] = v;
        mean[k] += v / L;
    }
for (int i = 0; i < L; i++) s->src_mask[b * L + i] = 1;
c->len[b] = L;
#line 1889 "chapters/10-captions.nw"
    }
    linear_forward(c->pre_h, c->mean, param(p, c->h0_W),
                   param(p, c->h0_b), B, H, H);
    for (size_t i = 0; i < (size_t)B * H; i++)
        s->enc_h_last[i] = fast_tanh(c->pre_h[i]);
    linear_forward(s->enc_c_last, c->mean, param(p, c->c0_W),
                   param(p, c->c0_b), B, H, H);
    return (Encoding){ s->enc_h, s->enc_h_last, s->enc_c_last, c->len,
                       s->src_mask, B, L, H };
}
#line 1925 "chapters/10-captions.nw"
static double coverage(Captioner *c, int B, int T, int L, int tokens);

static double captioner_forward(Model *m, const Batch *batch)
{
    Captioner *c = captioner_of(m);
    Encoding enc = captioner_encode(m, batch);
    double loss = decode_teacher_forced(m, batch, &enc);
    if (m->cfg.lambda > 0 && m->cfg.attention != ATTN_NONE) {
        int B = batch->B, tokens = 0;
        for (int b = 0; b < B; b++) tokens += c->s.dec_len[b];
        double sum = coverage(c, B, batch->T - 1, m->cfg.locations,
                              tokens);
        loss += m->cfg.lambda * sum / tokens;
    }
    return loss;
}
#line 1945 "chapters/10-captions.nw"
static double coverage(Captioner *c, int B, int T, int L, int tokens)
{
    const Model *m = &c->s.m;
    const int *steps = c->s.dec_len;
    double sum = 0;
    memset(c->d_outside, 0, sizeof(real) * B * T * L);
    for (int b = 0; b < B; b++)
        for (int i = 0; i < L; i++) {
            double seen = 0;            /* sum over t of alpha_ti */
            for (int t = 0; t < steps[b]; t++)
                seen += m->weights[((size_t)b * T + t) * L + i];
            sum += (1 - seen) * (1 - seen);
            real g = (real)(-2 * m->cfg.lambda * (1 - seen) / tokens);
            for (int t = 0; t < steps[b]; t++)
                c->d_outside[((size_t)b * T + t) * L + i] = g;
        }
    return sum;
}
#line 1976 "chapters/10-captions.nw"
static void captioner_backward(Model *m, const Batch *batch)
{
    Captioner *c = captioner_of(m);
    Seq2Seq *s = &c->s;
    Params *p = &m->params;
    int B = batch->B, H = m->cfg.H, L = m->cfg.locations;
    if (m->cfg.lambda > 0 && m->cfg.attention != ATTN_NONE)
        s->attn.d_outside = c->d_outside;
    decoder_backward(m, batch);
    s->attn.d_outside = NULL;
    
#line 1992 "chapters/10-captions.nw"
for (size_t i = 0; i < (size_t)B * H; i++) {
    real h = s->enc_h_last[i];
    c->d_pre[i] = s->d_h_last[i] * (1 - h * h);
}
memset(c->d_mean, 0, sizeof(real) * B * H);
linear_backward(c->d_mean, param_grad(p, c->h0_W),
                param_grad(p, c->h0_b), c->d_pre, c->mean,
                param(p, c->h0_W), B, H, H);
linear_backward(c->d_mean, param_grad(p, c->c0_W),
                param_grad(p, c->c0_b), s->d_c_last, c->mean,
                param(p, c->c0_W), B, H, H);
#line 1987 "chapters/10-captions.nw"
    
#line 2007 "chapters/10-captions.nw"
if (c->pos >= 0) {
    real *d_pos = param_grad(p, c->pos);
    for (int b = 0; b < B; b++)
        for (int i = 0; i < L; i++)
            for (int k = 0; k < H; k++)
                d_pos[i * H + k] +=
                    s->d_enc_h[((size_t)b * L + i) * H + k]
                    + c->d_mean[(size_t)b * H + k] / L;
}
#line 1988 "chapters/10-captions.nw"
}
#line 2023 "chapters/10-captions.nw"
static DecoderState *captioner_start(Model *m, const Encoding *enc)
{
    return seq2seq_family.start(m, enc);
}

static void captioner_step(Model *m, DecoderState *d,
                           const Encoding *enc, const int *input,
                           real *weights)
{
    seq2seq_family.step(m, d, enc, input, weights);
}

static void captioner_stop(DecoderState *d)
{
    seq2seq_family.stop(d);
}

static void captioner_reorder(DecoderState *d, const int *parent)
{
    seq2seq_family.reorder(d, parent);
}
#line 2049 "chapters/10-captions.nw"
static const char *captioner_check(const ModelConfig *cfg)
{
    if (cfg->E < 1 || cfg->H < 1 || cfg->tgt_vocab < 1)
        return "every size of a captioner must be at least 1";
    if (cfg->locations < 1 || cfg->locations > MAX_WORDS + 2)
        return "a captioner reads 1 to MAX_WORDS + 2 locations";
    if (cfg->attention < ATTN_NONE || cfg->attention > ATTN_ADDITIVE)
        return "a captioner's attention kind is unknown";
    if (cfg->positional < 0 || cfg->positional > 1)
        return "a captioner's positions are on (1) or off (0)";
    if (!(cfg->lambda >= 0 && cfg->lambda <= 1e6))
        return "the doubly stochastic weight must lie in 0 to 1e6";
    return NULL;
}

static size_t captioner_param_count(const ModelConfig *c)
{
    size_t E = c->E, H = c->H, Vt = c->tgt_vocab, L = c->locations;
    size_t n = (c->positional ? L * H : 0) + 2 * (H * H + H)
               + Vt * E + 4 * H * (E + H + 1) + (H + 1) * Vt;
    if (c->attention != ATTN_NONE) n += 2 * H * H;
    if (c->attention == ATTN_GENERAL) n += H * H;
    if (c->attention == ATTN_ADDITIVE) n += 2 * H * H + H;
    return n;
}

static double captioner_bytes(const ModelConfig *cfg, int max_B,
                              int max_len)
{
    double E = cfg->E, H = cfg->H, A = cfg->H, V = cfg->tgt_vocab;
    double B = max_B, S = cfg->locations, T = max_len - 1;
    double par = (double)captioner_param_count(cfg);
    double work = B * S * (2 * E + 7 * H) + 4 * B * H
                  + B * T * (2 * E + 8 * H + 3 * V)
                  + 4 * B * H + B * T * S;      /* the captioner's */
    if (cfg->attention != ATTN_NONE)
        work += 10 * B * T * H + B * T * S + A + 2 * B * T * (H + A)
                + 2 * B * S * A + 2 * S;
    double ints = B * (2 * T + 1 + S) + B;
    return ints * sizeof(int) + (4 * par + work) * sizeof(real)
           + 4 * H * H * sizeof(double);
}

static const ConfigField captioner_fields[] = {
    { "target vocabulary", offsetof(ModelConfig, tgt_vocab), 1,
      CKPT_MAX_SIZE },
    { "embedding size", offsetof(ModelConfig, E), 1, CKPT_MAX_SIZE },
    { "hidden size", offsetof(ModelConfig, H), 1, CKPT_MAX_SIZE },
    { "attention kind", offsetof(ModelConfig, attention), 0,
      ATTN_ADDITIVE },
    { "positions", offsetof(ModelConfig, positional), 0, 1 },
    { "locations", offsetof(ModelConfig, locations), 1,
      MAX_WORDS + 2 },
    { NULL, 0, 0, 0 }
};
#line 2108 "chapters/10-captions.nw"
const ModelFamily captioner_family = {
    .name = "captioner", .variants = captioner_variant,
    .check = captioner_check, .bytes = captioner_bytes,
    .create = captioner_create, .free = captioner_free,
    .forward = captioner_forward, .backward = captioner_backward,
    .encode = captioner_encode, .start = captioner_start,
    .step = captioner_step, .stop = captioner_stop,
    .chooses = attention_chooses,
    .param_count = captioner_param_count, .fields = captioner_fields,
    .reorder = captioner_reorder, .reads_images = 1,
};
