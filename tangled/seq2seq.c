#line 92 "chapters/03-bottleneck.nw"
/* seq2seq.c: the encoder-decoder of chapter 3. */
#include "seq2seq.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>
#undef I    /* <complex.h>'s imaginary unit; here I is a size */
#line 264 "chapters/03-bottleneck.nw"
static inline real sigmoid(real x)
{
    return 1 / (1 + exp_real(-x));
}
#line 343 "chapters/03-bottleneck.nw"
static void lstm_cell(real *restrict a /* [4H] */,
                      real *restrict c /* [H] */,
                      real *restrict h /* [H] */,
                      const real *restrict c_prev /* [H] or NULL */,
                      int H)
{
    for (int k = 0; k < H; k++) {
        real i = sigmoid(a[k]), f = sigmoid(a[H + k]);
        real g = fast_tanh(a[2 * H + k]), o = sigmoid(a[3 * H + k]);
        real cell = i * g + (c_prev ? f * c_prev[k] : 0);
        a[k] = i; a[H + k] = f;
        a[2 * H + k] = g; a[3 * H + k] = o;
        c[k] = cell;
        h[k] = o * fast_tanh(cell);
    }
}
#line 502 "chapters/03-bottleneck.nw"
static void lstm_cell_backward(real *restrict da /* [4H] */,
                               real *restrict dh_carry /* [H] */,
                               real *restrict dc_carry /* [H] */,
                               const real *restrict dh /* or NULL */,
                               const real *restrict gate /* [4H] */,
                               const real *restrict c /* [H] */,
                               const real *restrict c_prev, int H)
{
    for (int k = 0; k < H; k++) {
        
#line 517 "chapters/03-bottleneck.nw"
real i = gate[k], f = gate[H + k], g = gate[2 * H + k];
real o = gate[3 * H + k], tc = fast_tanh(c[k]);
real dhk = dh_carry[k] + (dh ? dh[k] : 0);
/* h = o * tanh(c) */
real dck = dc_carry[k] + dhk * o * (1 - tc * tc);
real d_o = dhk * tc;
/* c = i * g + f * c_prev */
real d_i = dck * g, d_g = dck * i;
real d_f = c_prev ? dck * c_prev[k] : 0;
dc_carry[k] = dck * f;
da[k] = d_i * i * (1 - i);              /* i = sigmoid */
da[H + k] = d_f * f * (1 - f);          /* f = sigmoid */
da[2 * H + k] = d_g * (1 - g * g);      /* g = tanh */
da[3 * H + k] = d_o * o * (1 - o);      /* o = sigmoid */
#line 512 "chapters/03-bottleneck.nw"
    }
}
#line 863 "chapters/B-fast.nw"
static size_t packed_rows(const int *len, int B)
{
    size_t R = 0;
    for (int b = 0; b < B; b++) R += len[b];
    return R;
}

static void pack_steps(real *dst /* [R, W] */,
                       const real *src /* [B, T, W] */,
                       const real *first /* [B, W] or NULL */,
                       const int *len, int B, int T, int W, int shift)
{
    for (int t = 0; t < T; t++)
        for (int b = 0; b < B && len[b] > t; b++, dst += W) {
            int s = t - shift;
            const real *row = s >= 0 ? src + ((size_t)b * T + s) * W
                            : first ? first + (size_t)b * W : NULL;
            if (row) memcpy(dst, row, sizeof(real) * W);
            else memset(dst, 0, sizeof(real) * W);
        }
}
#line 136 "chapters/03-bottleneck.nw"
void embedding_forward(real *x, const int *ids, const int *len,
                       const real *table, int B, int T, int E)
{
    for (int b = 0; b < B; b++)
        for (int t = 0; t < T; t++) {
            real *row = x + ((size_t)b * T + t) * E;
            if (t < len[b])
                memcpy(row, table + (size_t)ids[b * T + t] * E,
                       sizeof(real) * E);
            else
                memset(row, 0, sizeof(real) * E);
        }
}
#line 155 "chapters/03-bottleneck.nw"
void embedding_backward(real *dtable, const real *dx, const int *ids,
                        const int *len, int B, int T, int E)
{
    for (int b = 0; b < B; b++)
        for (int t = 0; t < len[b]; t++) {
            int id = ids[b * T + t];
            if (id == PAD) continue;
            const real *g = dx + ((size_t)b * T + t) * E;
            for (int e = 0; e < E; e++)
                dtable[(size_t)id * E + e] += g[e];
        }
}
#line 301 "chapters/03-bottleneck.nw"
void lstm_forward_plain(real *h, real *c, real *gates, real *h_last,
                        real *c_last, const real *x, const int *len,
                        const real *h0, const real *c0,
                        const real *Wx, const real *Wh,
                        const real *bias, int B, int T, int I, int H)
{
    int G = 4 * H;
    for (int b = 0; b < B; b++) {
        for (int t = 0; t < len[b]; t++) {
            
#line 323 "chapters/03-bottleneck.nw"
size_t at = (size_t)b * T + t;              /* row (b, t) */
const real *h_prev = t > 0 ? h + (at - 1) * H
                   : h0 ? h0 + (size_t)b * H : NULL;
const real *c_prev = t > 0 ? c + (at - 1) * H
                   : c0 ? c0 + (size_t)b * H : NULL;
real *a = gates + at * G;           /* [4H]: i, f, g, o */
memcpy(a, bias, sizeof(real) * G);
matmul_naive(a, G, x + at * I, I, Wx, G, 1, I, G);
if (h_prev) matmul_naive(a, G, h_prev, H, Wh, G, 1, H, G);
lstm_cell(a, c + at * H, h + at * H, c_prev, H);
#line 311 "chapters/03-bottleneck.nw"
        }
        
#line 365 "chapters/03-bottleneck.nw"
for (int t = len[b]; t < T; t++) {
    memset(h + ((size_t)b * T + t) * H, 0, sizeof(real) * H);
    memset(c + ((size_t)b * T + t) * H, 0, sizeof(real) * H);
}
#line 313 "chapters/03-bottleneck.nw"
        
#line 370 "chapters/03-bottleneck.nw"
size_t last = ((size_t)b * T + len[b] - 1) * H;
if (h_last)
    memcpy(h_last + (size_t)b * H, h + last, sizeof(real) * H);
if (c_last)
    memcpy(c_last + (size_t)b * H, c + last, sizeof(real) * H);
#line 314 "chapters/03-bottleneck.nw"
    }
}
#line 447 "chapters/03-bottleneck.nw"
void lstm_backward_plain(real *dx, real *dh0, real *dc0, real *dWx,
                         real *dWh, real *dbias, const real *dh,
                         const real *dh_last, const real *dc_last,
                         const real *h, const real *c,
                         const real *gates, const real *x,
                         const int *len, const real *h0,
                         const real *c0, const real *Wx,
                         const real *Wh, int B, int T, int I, int H)
{
    int G = 4 * H;
    real *da = xcalloc(G, sizeof(real));            /* [4H] */
    real *dh_carry = xcalloc(H, sizeof(real));      /* [H] */
    real *dc_carry = xcalloc(H, sizeof(real));      /* [H] */
    for (int b = 0; b < B; b++) {
        
#line 471 "chapters/03-bottleneck.nw"
for (int k = 0; k < H; k++) {
    dh_carry[k] = dh_last ? dh_last[(size_t)b * H + k] : 0;
    dc_carry[k] = dc_last ? dc_last[(size_t)b * H + k] : 0;
}
#line 462 "chapters/03-bottleneck.nw"
        for (int t = len[b] - 1; t >= 0; t--) {
            
#line 483 "chapters/03-bottleneck.nw"
size_t at = (size_t)b * T + t;              /* row (b, t) */
const real *h_prev = t > 0 ? h + (at - 1) * H
                   : h0 ? h0 + (size_t)b * H : NULL;
const real *c_prev = t > 0 ? c + (at - 1) * H
                   : c0 ? c0 + (size_t)b * H : NULL;
lstm_cell_backward(da, dh_carry, dc_carry, dh ? dh + at * H : NULL,
                   gates + at * G, c + at * H, c_prev, H);
for (int k = 0; k < G; k++) dbias[k] += da[k];
matmul_backward_naive(dx ? dx + at * I : NULL, I, dWx, G, da, G,
                      x + at * I, I, Wx, G, 1, I, G);
memset(dh_carry, 0, sizeof(real) * H);
if (h_prev)
    matmul_backward_naive(dh_carry, H, dWh, G, da, G, h_prev, H, Wh,
                          G, 1, H, G);
#line 464 "chapters/03-bottleneck.nw"
        }
        
#line 533 "chapters/03-bottleneck.nw"
for (int k = 0; k < H; k++) {
    if (dh0) dh0[(size_t)b * H + k] += dh_carry[k];
    if (dc0) dc0[(size_t)b * H + k] += dc_carry[k];
}
#line 466 "chapters/03-bottleneck.nw"
    }
    free(da); free(dh_carry); free(dc_carry);
}
#line 720 "chapters/B-fast.nw"
/* rows still running at step t: len[] is non-increasing */
static int rows_running(const int *len, int B, int t)
{
    int n = 0;
    while (n < B && len[n] > t) n++;
    return n;
}
#line 731 "chapters/B-fast.nw"
void lstm_forward_packed(real *h, real *c, real *gates, real *h_last,
                         real *c_last, const real *x, const int *len,
                         const real *h0, const real *c0,
                         const real *Wx, const real *Wh,
                         const real *bias,
                         int B, int T, int I, int H)
{
    int G = 4 * H;
    for (int b = 1; b < B; b++) assert(len[b] <= len[b - 1]);
    
#line 888 "chapters/B-fast.nw"
size_t R = packed_rows(len, B);
real *x_packed = xcalloc(R * I, sizeof(real));     /* [R, I] */
pack_steps(x_packed, x, NULL, len, B, T, I, 0);
for (size_t r = 0; r < R; r++)
    memcpy(gates + r * G, bias, sizeof(real) * G);
matmul(gates, G, x_packed, I, Wx, G, (int)R, I, G);
free(x_packed);
#line 741 "chapters/B-fast.nw"
    real *Wh_packed = xcalloc(matmul_packed_size(H, G), sizeof(real));
    matmul_pack(Wh_packed, Wh, G, H, G);
    size_t step = 0;                    /* packed row of (t, 0) */
    for (int t = 0; t < T; t++) {
        int n = rows_running(len, B, t);
        real *a = gates + step * G;         /* [n, G] */
        
#line 994 "chapters/B-fast.nw"
if (t > 0)
    matmul_packed(a, G, h + (size_t)(t - 1) * H, T * H, Wh_packed,
                  n, H, G);
else if (h0)
    matmul_packed(a, G, h0, H, Wh_packed, n, H, G);
#line 748 "chapters/B-fast.nw"
        
#line 758 "chapters/B-fast.nw"
for (int b = 0; b < n; b++) {
    size_t at = ((size_t)b * T + t) * H;
    const real *c_prev = t > 0 ? c + at - H
                       : c0 ? c0 + (size_t)b * H : NULL;
    lstm_cell(a + (size_t)b * G, c + at, h + at, c_prev, H);
}
#line 749 "chapters/B-fast.nw"
        
#line 765 "chapters/B-fast.nw"
for (int b = n; b < B; b++) {
    memset(h + ((size_t)b * T + t) * H, 0, sizeof(real) * H);
    memset(c + ((size_t)b * T + t) * H, 0, sizeof(real) * H);
}
#line 750 "chapters/B-fast.nw"
        step += n;
    }
    free(Wh_packed);
    
#line 770 "chapters/B-fast.nw"
for (int b = 0; b < B; b++) {
    
#line 370 "chapters/03-bottleneck.nw"
size_t last = ((size_t)b * T + len[b] - 1) * H;
if (h_last)
    memcpy(h_last + (size_t)b * H, h + last, sizeof(real) * H);
if (c_last)
    memcpy(c_last + (size_t)b * H, c + last, sizeof(real) * H);
#line 772 "chapters/B-fast.nw"
}
#line 754 "chapters/B-fast.nw"
}
#line 1033 "chapters/B-fast.nw"
void lstm_backward_packed(real *dx, real *dh0, real *dc0, real *dWx,
                          real *dWh, real *dbias, const real *dh,
                          const real *dh_last, const real *dc_last,
                          const real *h, const real *c,
                          const real *gates, const real *x,
                          const int *len, const real *h0,
                          const real *c0, const real *Wx,
                          const real *Wh, int B, int T, int I, int H)
{
    int G = 4 * H;
    
#line 1062 "chapters/B-fast.nw"
size_t R = packed_rows(len, B);
real *dh_carry = xcalloc((size_t)2 * B * H + R * (G + I + H)
                         + matmul_packed_size(G, H), sizeof(real));
real *dc_carry = dh_carry + (size_t)B * H;  /* [B, H] each */
real *da_all = dc_carry + (size_t)B * H;    /* [R, G] */
real *packed = da_all + R * G;  /* [R, I]: x, then dx */
real *h_prev = packed + R * I;  /* [R, H] */
real *WhT = h_prev + R * H;     /* [G, H], packed */
if (dh_last) memcpy(dh_carry, dh_last, sizeof(real) * B * H);
if (dc_last) memcpy(dc_carry, dc_last, sizeof(real) * B * H);
matmul_pack_t(WhT, Wh, G, G, H);
#line 1044 "chapters/B-fast.nw"
    size_t step = R;                    /* packed row of (t, 0) */
    for (int t = T - 1; t >= 0; t--) {
        int n = rows_running(len, B, t);
        step -= n;
        real *da = da_all + step * G;       /* [n, G] */
        
#line 1077 "chapters/B-fast.nw"
for (int b = 0; b < n; b++) {
    size_t at = ((size_t)b * T + t) * H;
    const real *c_prev = t > 0 ? c + at - H
                       : c0 ? c0 + (size_t)b * H : NULL;
    lstm_cell_backward(da + (size_t)b * G, dh_carry + b * H,
                       dc_carry + b * H, dh ? dh + at : NULL,
                       gates + (step + b) * G, c + at, c_prev, H);
}
#line 1050 "chapters/B-fast.nw"
        
#line 1089 "chapters/B-fast.nw"
if (t > 0 || h0) {
    memset(dh_carry, 0, sizeof(real) * n * H);
    matmul_packed(dh_carry, H, da, G, WhT, n, G, H);
}
#line 1051 "chapters/B-fast.nw"
    }
    
#line 1102 "chapters/B-fast.nw"
for (size_t r = 0; r < R; r++)
    for (int k = 0; k < G; k++) dbias[k] += da_all[r * G + k];
pack_steps(packed, x, NULL, len, B, T, I, 0);
matmul_tn(dWx, G, packed, I, da_all, G, I, (int)R, G);
pack_steps(h_prev, h, h0, len, B, T, H, 1);
matmul_tn(dWh, G, h_prev, H, da_all, G, H, (int)R, G);
#line 1053 "chapters/B-fast.nw"
    
#line 1113 "chapters/B-fast.nw"
if (dx) {
    memset(packed, 0, sizeof(real) * R * I);
    matmul_nt(packed, I, da_all, G, Wx, G, (int)R, G, I);
    const real *row = packed;
    for (int t = 0; t < T; t++)
        for (int b = 0; b < B && len[b] > t; b++, row += I)
            for (int k = 0; k < I; k++)
                dx[((size_t)b * T + t) * I + k] += row[k];
}
#line 1054 "chapters/B-fast.nw"
    
#line 1124 "chapters/B-fast.nw"
for (int k = 0; k < B * H; k++) {
    if (dh0) dh0[k] += h0 ? dh_carry[k] : 0;
    if (dc0) dc0[k] += dc_carry[k];
}
#line 1055 "chapters/B-fast.nw"
    free(dh_carry);
}
#line 682 "chapters/B-fast.nw"
void lstm_forward(real *h, real *c, real *gates, real *h_last,
                  real *c_last, const real *x, const int *len,
                  const real *h0, const real *c0, const real *Wx,
                  const real *Wh, const real *bias,
                  int B, int T, int I, int H)
{
#ifdef PLAIN_KERNELS
    lstm_forward_plain(h, c, gates, h_last, c_last, x, len, h0, c0,
                       Wx, Wh, bias, B, T, I, H);
#else
    lstm_forward_packed(h, c, gates, h_last, c_last, x, len, h0, c0,
                        Wx, Wh, bias, B, T, I, H);
#endif
}
#line 1130 "chapters/B-fast.nw"
void lstm_backward(real *dx, real *dh0, real *dc0, real *dWx,
                   real *dWh, real *dbias, const real *dh,
                   const real *dh_last, const real *dc_last,
                   const real *h, const real *c, const real *gates,
                   const real *x, const int *len, const real *h0,
                   const real *c0, const real *Wx, const real *Wh,
                   int B, int T, int I, int H)
{
#ifdef PLAIN_KERNELS
    lstm_backward_plain(dx, dh0, dc0, dWx, dWh, dbias, dh, dh_last,
                        dc_last, h, c, gates, x, len, h0, c0, Wx, Wh,
                        B, T, I, H);
#else
    lstm_backward_packed(dx, dh0, dc0, dWx, dWh, dbias, dh, dh_last,
                         dc_last, h, c, gates, x, len, h0, c0, Wx,
                         Wh, B, T, I, H);
#endif
}
#line 567 "chapters/03-bottleneck.nw"
const char *const attention_name[] = {
    "none", 
#line 256 "chapters/04-attention.nw"
"dot", "general", "additive",
#line 61 "chapters/05-ablation.nw"
"none+Wc",
#line 125 "chapters/07b-training.nw"
"transformer",
#line 569 "chapters/03-bottleneck.nw"
    NULL
};

int attention_from_name(const char *name)
{
    for (int k = 0; attention_name[k]; k++)
        if (!strcmp(name, attention_name[k])) return k;
    char known[128] = "";
    for (int k = 0; attention_name[k]; k++) {
        strcat(known, k ? ", " : "");
        strcat(known, attention_name[k]);
    }
    refuse("unknown attention '%s'; the known kinds are: %s",
           shown(name), known);
}
#line 589 "chapters/03-bottleneck.nw"
ModelConfig model_config_default(void)
{
    return (ModelConfig){ .src_vocab = REVERSAL_VOCAB,
                          .tgt_vocab = REVERSAL_VOCAB,
                          .E = 64, .H = 64,
                          .attention = ATTN_NONE
                          
#line 140 "chapters/07b-training.nw"
, .layers = 1, .heads = 4, .ff = 128, .positional = 1, .scaled = 1
#line 595 "chapters/03-bottleneck.nw"
                                                               };
}
#line 645 "chapters/03-bottleneck.nw"
Model *model_create(const ModelConfig *cfg, int max_B, int max_len,
                    uint64_t seed)
{
    assert(cfg->E > 0 && cfg->H > 0 && max_B > 0 && max_len > 1);
    Model *m = xcalloc(1, sizeof *m);
    m->cfg = *cfg;
    
#line 176 "chapters/07b-training.nw"
if (cfg->attention == ATTN_TRANSFORMER) {
    transformer_build(m, max_B, max_len, seed);
    return m;
}
#line 652 "chapters/03-bottleneck.nw"
    int E = cfg->E, H = cfg->H;
    int Vs = cfg->src_vocab, Vt = cfg->tgt_vocab;
    Params *p = &m->params;
    params_init(p);
    
#line 668 "chapters/03-bottleneck.nw"
m->src_emb = params_add(p, "src_emb", Vs, E);
m->enc_Wx = params_add(p, "enc_Wx", E, 4 * H);
m->enc_Wh = params_add(p, "enc_Wh", H, 4 * H);
m->enc_b = params_add(p, "enc_b", 1, 4 * H);
m->tgt_emb = params_add(p, "tgt_emb", Vt, E);
m->dec_Wx = params_add(p, "dec_Wx", E, 4 * H);
m->dec_Wh = params_add(p, "dec_Wh", H, 4 * H);
m->dec_b = params_add(p, "dec_b", 1, 4 * H);
m->out_W = params_add(p, "out_W", H, Vt);
m->out_b = params_add(p, "out_b", 1, Vt);
#line 657 "chapters/03-bottleneck.nw"
    
#line 665 "chapters/04-attention.nw"
if (cfg->attention != ATTN_NONE) {
    scorer_declare(&m->scorer, p, cfg->attention, H, H);
    m->att_Wc = params_add(p, "att_Wc", 2 * H, H);
}
#line 658 "chapters/03-bottleneck.nw"
    params_alloc(p);
    Rng rng;
    rng_seed(&rng, seed);
    
#line 680 "chapters/03-bottleneck.nw"
init_normal(param(p, m->src_emb), (size_t)Vs * E, 1, &rng);
init_xavier_uniform(param(p, m->enc_Wx), E, 4 * H, &rng);
init_orthogonal(param(p, m->enc_Wh), H, 4 * H, &rng);
init_normal(param(p, m->tgt_emb), (size_t)Vt * E, 1, &rng);
init_xavier_uniform(param(p, m->dec_Wx), E, 4 * H, &rng);
init_orthogonal(param(p, m->dec_Wh), H, 4 * H, &rng);
init_xavier_uniform(param(p, m->out_W), H, Vt, &rng);
#line 662 "chapters/03-bottleneck.nw"
    
#line 670 "chapters/04-attention.nw"
if (cfg->attention != ATTN_NONE) {
    scorer_init(&m->scorer, p, &rng);
    init_xavier_uniform(param(p, m->att_Wc), 2 * H, H, &rng);
}
#line 663 "chapters/03-bottleneck.nw"
    
#line 697 "chapters/03-bottleneck.nw"
int B = max_B, S = max_len, T = max_len - 1;
int V = Vt > Vs ? Vt : Vs;
m->max_B = B; m->max_S = S; m->max_T = T;
m->dec_in = xcalloc((size_t)B * (2 * T + 1 + S), sizeof(int));
m->dec_tgt = m->dec_in + (size_t)B * T;
m->dec_len = m->dec_tgt + (size_t)B * T;
m->src_mask = m->dec_len + B;
size_t sizes[] = {
    
#line 713 "chapters/03-bottleneck.nw"
(size_t)B * S * E, (size_t)B * S * H, (size_t)B * S * H,
(size_t)B * S * 4 * H, (size_t)B * H, (size_t)B * H,
(size_t)B * T * E, (size_t)B * T * H, (size_t)B * T * H,
(size_t)B * T * 4 * H,
(size_t)B * T * V, (size_t)B * T * V,
(size_t)B * T * V, (size_t)B * T * H, (size_t)B * T * H,
(size_t)B * T * E, (size_t)B * S * E,
(size_t)B * S * H, (size_t)B * H, (size_t)B * H,
#line 706 "chapters/03-bottleneck.nw"
};
real **arrays[] = {
    
#line 722 "chapters/03-bottleneck.nw"
&m->src_x, &m->enc_h, &m->enc_c,
&m->enc_gates, &m->enc_h_last, &m->enc_c_last,
&m->dec_x, &m->dec_h, &m->dec_c,
&m->dec_gates,
&m->logits, &m->prob,
&m->d_logits, &m->d_top, &m->d_dec_h,
&m->d_dec_x, &m->d_src_x,
&m->d_enc_h, &m->d_h_last, &m->d_c_last,
#line 709 "chapters/03-bottleneck.nw"
};
alloc_parts(arrays, sizes, sizeof sizes / sizeof *sizes);
#line 680 "chapters/04-attention.nw"
if (cfg->attention != ATTN_NONE) {
    attn_cache_alloc(&m->attn, &m->scorer, B, T, S);
    m->context = xcalloc((size_t)B * T * 8 * H, sizeof(real));
    m->cat = m->context + (size_t)B * T * H;        /* [R, 2H] */
    m->att_h = m->cat + (size_t)B * T * 2 * H;      /* [B, T', H] */
    m->d_context = m->att_h + (size_t)B * T * H;    /* [B, T', H] */
    m->d_cat = m->d_context + (size_t)B * T * H;    /* [R, 2H] */
    m->att_rows = m->d_cat + (size_t)B * T * 2 * H; /* [R, H] */
}
#line 664 "chapters/03-bottleneck.nw"
    return m;
}
#line 732 "chapters/03-bottleneck.nw"
void model_free(Model *m)
{
    if (!m) return;
    free(m->dec_in);
    free(m->src_x);
    
#line 690 "chapters/04-attention.nw"
if (m->cfg.attention != ATTN_NONE) {
    attn_cache_free(&m->attn);
    free(m->context);
}
#line 190 "chapters/07b-training.nw"
if (m->tm) transformer_free(m->tm);
#line 738 "chapters/03-bottleneck.nw"
    params_free(&m->params);
    free(m);
}
#line 993 "chapters/A-programs.nw"
double run_bytes(const DataConfig *dc, const ModelConfig *cfg,
                 int max_B)
{
    double E = cfg->E, H = cfg->H, A = cfg->H;
    double Vs = cfg->src_vocab, Vt = cfg->tgt_vocab;
    double V = Vs > Vt ? Vs : Vt, L = dc->max_words + 2;
    double B = max_B, S = L, T = L - 1;
    double data = (dc->n_train + dc->n_val)     /* and the links */
                  * (2 * L + 3 + 3 * (L - 2));
    double par = (Vs + Vt) * E + 2 * (E + H + 1) * 4 * H
                 + (H + 1) * Vt;
    double work = B * S * (2 * E + 7 * H) + 4 * B * H
                  + B * T * (2 * E + 8 * H + 3 * V);
    double ints = B * (2 * T + 1 + S);
    if (cfg->attention == ATTN_TRANSFORMER) {
        
#line 1037 "chapters/A-programs.nw"
double D = cfg->H, F = cfg->ff, NH = cfg->heads, Ly = cfg->layers;
double blk = 4 * D * D + 4 * D + 2 * D * F + F + D;
double G = (max_B - 1) / TMODEL_GROUP_ROWS;     /* more workspaces */
double R = B + G * TMODEL_GROUP_ROWS, BS = R * S, BT = R * T;
par = (Vs + Vt) * D + Ly * (2 * blk + 4 * D * D + 2 * D) + 4 * D
      + (D + 1) * Vt;
ints = BS * S + 2 * BT * T + BT * S + 2 * BT + R + R * (2 * S + 3);
work = (1 + G) * S * D + (Ly + 5) * (BS + BT) * D + 2 * (BS + BT)
       + 3 * BT * Vt + B * T * S
       + Ly * (18 * BS * D + 2 * BS * F + 4 * BS + BS * NH * S
               + 28 * BT * D + 2 * BT * F + 6 * BT + 4 * BS * D
               + BT * NH * (T + S));
#line 1009 "chapters/A-programs.nw"
        return (data + ints) * sizeof(int)
               + (4 * par + work) * sizeof(real);
    }
    if (cfg->attention != ATTN_NONE) {
        
#line 1022 "chapters/A-programs.nw"
par += 2 * H * H;
if (cfg->attention == ATTN_GENERAL) par += H * H;
if (cfg->attention == ATTN_ADDITIVE) par += 2 * H * A + A;
work += 10 * B * T * H + B * T * S + A + 2 * B * T * (H + A)
        + 2 * B * S * A + 2 * S;
#line 1014 "chapters/A-programs.nw"
    }
    double scratch = 4 * H * H * sizeof(double);
    return (data + ints) * sizeof(int)
           + (4 * par + work) * sizeof(real) + scratch;
}
#line 707 "chapters/04-attention.nw"
static const real *attend(Model *m, const real *dec_h /* [B,T,H] */,
                          const Encoding *enc, const int *dec_len,
                          int B, int T)
{
    int H = m->cfg.H;
    const Params *p = &m->params;
    attention_forward(m->context, &m->attn, &m->scorer, p, dec_h,
                      enc->out, enc->mask, dec_len, B, T, enc->S);
    
#line 723 "chapters/04-attention.nw"
size_t R = 0;
for (int b = 0; b < B; b++)
    for (int t = 0; t < dec_len[b]; t++, R++) {
        size_t at = ((size_t)b * T + t) * H;
        memcpy(m->cat + R * 2 * H, m->context + at, sizeof(real) * H);
        memcpy(m->cat + R * 2 * H + H, dec_h + at, sizeof(real) * H);
    }
#line 716 "chapters/04-attention.nw"
    linear_forward(m->att_rows, m->cat, param(p, m->att_Wc), NULL,
                   (int)R, 2 * H, H);
    
#line 731 "chapters/04-attention.nw"
const real *row = m->att_rows;
for (int b = 0; b < B; b++)
    for (int t = 0; t < T; t++) {
        real *h = m->att_h + ((size_t)b * T + t) * H;
        if (t >= dec_len[b]) {
            memset(h, 0, sizeof(real) * H);
            continue;
        }
        for (int k = 0; k < H; k++) h[k] = fast_tanh(row[k]);
        row += H;
    }
#line 719 "chapters/04-attention.nw"
    return m->att_h;
}
#line 80 "chapters/05-ablation.nw"
_Static_assert((int)ATTN_NONE_WC == (int)SCORE_LAST,
               "the control's attention kind is the fixed scorer");
#line 1393 "chapters/08-using.nw"
void decoder_step(Model *m, DecoderState *d, const Encoding *enc,
                  const int *input, real *weights)
{
    if (m->tm) {
        transformer_decoder_step(m, d, enc, input, weights);
        return;
    }
    const Params *p = &m->params;
    int N = d->N, E = m->cfg.E, H = m->cfg.H;
    int V = m->cfg.tgt_vocab;
    assert(enc->B == N && N <= m->max_B);
    embedding_forward(d->x, input, d->ones, param(p, m->tgt_emb),
                      N, 1, E);
    lstm_forward(d->h_new, d->cell, d->gates, d->h, d->c, d->x,
                 d->ones, d->h, d->c, param(p, m->dec_Wx),
                 param(p, m->dec_Wh), param(p, m->dec_b), N, 1, E, H);
    const real *dec_top = d->h_new;         /* [N, 1, H] */
    if (m->cfg.attention != ATTN_NONE) {
        dec_top = attend(m, d->h_new, enc, d->ones, N, 1);
        if (weights)
            memcpy(weights, m->attn.weights,
                   sizeof(real) * N * enc->S);
    }
    linear_forward(d->logits, dec_top, param(p, m->out_W),
                   param(p, m->out_b), N, H, V);
}
#line 1421 "chapters/08-using.nw"
void decoder_state_alloc(DecoderState *d, const Model *m, int N)
{
    int E = m->cfg.E, H = m->cfg.H, V = m->cfg.tgt_vocab;
    assert(N > 0 && N <= m->max_B);
    d->N = N;
    d->h = xcalloc((size_t)N * (8 * H + E + V), sizeof(real));
    d->c = d->h + (size_t)N * H;
    d->h_new = d->c + (size_t)N * H;
    d->cell = d->h_new + (size_t)N * H;
    d->gates = d->cell + (size_t)N * H;         /* [N, 4H] */
    d->x = d->gates + (size_t)N * 4 * H;        /* [N, E] */
    d->logits = d->x + (size_t)N * E;           /* [N, V] */
    d->ones = xcalloc(N, sizeof(int));
    for (int i = 0; i < N; i++) d->ones[i] = 1;
    d->H = H;
    d->max_T = m->max_T;
    d->t = 0;
    d->words = m->tm ? xcalloc((size_t)2 * N * m->max_T, sizeof(int))
                     : NULL;                /* and as much scratch */
}

void decoder_state_free(DecoderState *d)
{
    free(d->h);
    free(d->ones);
    free(d->words);
}
#line 1453 "chapters/08-using.nw"
void decoder_state_reorder(DecoderState *d, const int *parent)
{
    size_t N = d->N, H = d->H, T = d->max_T;
    for (size_t i = 0; i < N; i++) {
        memcpy(d->h_new + i * H, d->h + parent[i] * H,
               sizeof(real) * H);
        memcpy(d->cell + i * H, d->c + parent[i] * H,
               sizeof(real) * H);
    }
    memcpy(d->h, d->h_new, sizeof(real) * N * H);
    memcpy(d->c, d->cell, sizeof(real) * N * H);
    if (!d->words) return;
    int *gathered = d->words + N * T;
    for (size_t i = 0; i < N; i++)
        memcpy(gathered + i * T, d->words + parent[i] * T,
               sizeof(int) * T);
    memcpy(d->words, gathered, sizeof(int) * N * T);
}
#line 768 "chapters/03-bottleneck.nw"
Encoding encode_source(Model *m, const Batch *batch)
{
    const Params *p = &m->params;
    int B = batch->B, S = batch->S, E = m->cfg.E, H = m->cfg.H;
    assert(B <= m->max_B && S <= m->max_S);
    embedding_forward(m->src_x, batch->src, batch->src_len,
                      param(p, m->src_emb), B, S, E);
    lstm_forward(m->enc_h, m->enc_c, m->enc_gates, m->enc_h_last,
                 m->enc_c_last, m->src_x, batch->src_len, NULL, NULL,
                 param(p, m->enc_Wx), param(p, m->enc_Wh),
                 param(p, m->enc_b), B, S, E, H);
    for (int b = 0; b < B; b++)
        for (int t = 0; t < S; t++)
            m->src_mask[b * S + t] = t < batch->src_len[b];
    return (Encoding){ m->enc_h, m->enc_h_last, m->enc_c_last,
                       batch->src_len, m->src_mask, B, S, H };
}
#line 803 "chapters/03-bottleneck.nw"
static void shift_targets(Model *m, const Batch *batch)
{
    int B = batch->B, T = batch->T - 1;
    for (int b = 0; b < B; b++) {
        m->dec_len[b] = batch->tgt_len[b] - 1;
        for (int t = 0; t < T; t++) {
            const int *row = batch->tgt + (size_t)b * batch->T;
            m->dec_in[b * T + t] = t < m->dec_len[b] ? row[t] : PAD;
            m->dec_tgt[b * T + t] = t < m->dec_len[b] ? row[t + 1]
                                                      : PAD;
        }
    }
}
#line 827 "chapters/03-bottleneck.nw"
double decode_teacher_forced(Model *m, const Batch *batch,
                             const Encoding *enc)
{
    const Params *p = &m->params;
    int B = batch->B, T = batch->T - 1, E = m->cfg.E, H = m->cfg.H;
    int V = m->cfg.tgt_vocab;
    assert(T <= m->max_T);
    shift_targets(m, batch);
    embedding_forward(m->dec_x, m->dec_in, m->dec_len,
                      param(p, m->tgt_emb), B, T, E);
    lstm_forward(m->dec_h, m->dec_c, m->dec_gates, NULL, NULL,
                 m->dec_x, m->dec_len, enc->h_last, enc->c_last,
                 param(p, m->dec_Wx), param(p, m->dec_Wh),
                 param(p, m->dec_b), B, T, E, H);
    const real *top = m->dec_h;             /* [B, T', H] */
    
#line 744 "chapters/04-attention.nw"
if (m->cfg.attention != ATTN_NONE)
    top = attend(m, m->dec_h, enc, m->dec_len, B, T);
#line 843 "chapters/03-bottleneck.nw"
    
#line 861 "chapters/03-bottleneck.nw"
linear_forward(m->logits, top, param(p, m->out_W), param(p, m->out_b),
               B * T, H, V);
m->top = top;
#line 844 "chapters/03-bottleneck.nw"
    int counted;
    double sum = cross_entropy_forward(m->prob, m->logits, m->dec_tgt,
                                       B * T, V, LABEL_SMOOTHING, PAD,
                                       &counted);
    return sum / counted;
}
#line 882 "chapters/03-bottleneck.nw"
double model_forward(Model *m, const Batch *batch)
{
    
#line 181 "chapters/07b-training.nw"
if (m->tm) return transformer_forward(m, batch);
#line 885 "chapters/03-bottleneck.nw"
    Encoding enc = encode_source(m, batch);
    return decode_teacher_forced(m, batch, &enc);
}
#line 890 "chapters/03-bottleneck.nw"
void model_backward(Model *m, const Batch *batch)
{
    
#line 183 "chapters/07b-training.nw"
if (m->tm) { transformer_backward(m, batch); return; }
#line 893 "chapters/03-bottleneck.nw"
    Params *p = &m->params;
    int B = batch->B, S = batch->S, T = batch->T - 1;
    int E = m->cfg.E, H = m->cfg.H, V = m->cfg.tgt_vocab;
    
#line 904 "chapters/03-bottleneck.nw"
int counted = 0;
for (int b = 0; b < B; b++) counted += m->dec_len[b];
memset(m->d_logits, 0, sizeof(real) * B * T * V);
cross_entropy_backward(m->d_logits, m->prob, m->dec_tgt, B * T, V,
                       LABEL_SMOOTHING, PAD, 1.0 / counted);
memset(m->d_top, 0, sizeof(real) * B * T * H);
linear_backward(m->d_top, param_grad(p, m->out_W),
                param_grad(p, m->out_b), m->d_logits, m->top,
                param(p, m->out_W), B * T, H, V);
#line 897 "chapters/03-bottleneck.nw"
    
#line 917 "chapters/03-bottleneck.nw"
real *d_dec_h = m->d_top;               /* [B, T', H] */
memset(m->d_enc_h, 0, sizeof(real) * B * S * H);
#line 762 "chapters/04-attention.nw"
if (m->cfg.attention != ATTN_NONE) {
    d_dec_h = m->d_dec_h;
    
#line 774 "chapters/04-attention.nw"
const int *dec_len = m->dec_len;
size_t R = 0;
for (int b = 0; b < B; b++)
    for (int t = 0; t < dec_len[b]; t++, R++) {
        const real *h = m->att_h + ((size_t)b * T + t) * H;
        const real *dh = m->d_top + ((size_t)b * T + t) * H;
        for (int k = 0; k < H; k++)
            m->att_rows[R * H + k] = dh[k] * (1 - h[k] * h[k]);
    }
memset(m->d_cat, 0, sizeof(real) * R * 2 * H);
linear_backward(m->d_cat, param_grad(p, m->att_Wc), NULL,
                m->att_rows, m->cat, param(p, m->att_Wc), (int)R,
                2 * H, H);
#line 790 "chapters/04-attention.nw"
const real *dcat = m->d_cat;
for (int b = 0; b < B; b++)
    for (int t = 0; t < dec_len[b]; t++, dcat += 2 * H) {
        size_t at = ((size_t)b * T + t) * H;
        memcpy(m->d_context + at, dcat, sizeof(real) * H);
        memcpy(d_dec_h + at, dcat + H, sizeof(real) * H);
    }
#line 765 "chapters/04-attention.nw"
    attention_backward(d_dec_h, m->d_enc_h, p, &m->attn, &m->scorer,
                       m->d_context, m->dec_h, m->enc_h,
                       m->src_mask, m->dec_len, B, T, S);
}
#line 898 "chapters/03-bottleneck.nw"
    
#line 923 "chapters/03-bottleneck.nw"
memset(m->d_dec_x, 0, sizeof(real) * B * T * E);
memset(m->d_h_last, 0, sizeof(real) * B * H);
memset(m->d_c_last, 0, sizeof(real) * B * H);
lstm_backward(m->d_dec_x, m->d_h_last, m->d_c_last,
              param_grad(p, m->dec_Wx), param_grad(p, m->dec_Wh),
              param_grad(p, m->dec_b), d_dec_h, NULL, NULL,
              m->dec_h, m->dec_c, m->dec_gates, m->dec_x, m->dec_len,
              m->enc_h_last, m->enc_c_last, param(p, m->dec_Wx),
              param(p, m->dec_Wh), B, T, E, H);
embedding_backward(param_grad(p, m->tgt_emb), m->d_dec_x, m->dec_in,
                   m->dec_len, B, T, E);
#line 899 "chapters/03-bottleneck.nw"
    
#line 937 "chapters/03-bottleneck.nw"
memset(m->d_src_x, 0, sizeof(real) * B * S * E);
lstm_backward(m->d_src_x, NULL, NULL, param_grad(p, m->enc_Wx),
              param_grad(p, m->enc_Wh), param_grad(p, m->enc_b),
              m->d_enc_h, m->d_h_last, m->d_c_last, m->enc_h,
              m->enc_c, m->enc_gates, m->src_x, batch->src_len,
              NULL, NULL, param(p, m->enc_Wx), param(p, m->enc_Wh),
              B, S, E, H);
embedding_backward(param_grad(p, m->src_emb), m->d_src_x, batch->src,
                   batch->src_len, B, S, E);
#line 900 "chapters/03-bottleneck.nw"
}
#line 987 "chapters/03-bottleneck.nw"
void greedy_decode(Model *m, const Batch *batch, int steps, int *out,
                   real *weights)
{
    
#line 185 "chapters/07b-training.nw"
if (m->tm) {
    transformer_greedy_decode(m, batch, steps, out, weights);
    return;
}
#line 991 "chapters/03-bottleneck.nw"
    const Params *p = &m->params;
    int B = batch->B, E = m->cfg.E, H = m->cfg.H;
    int V = m->cfg.tgt_vocab;
    Encoding enc = encode_source(m, batch);
    
#line 1005 "chapters/03-bottleneck.nw"
real *state = xcalloc((size_t)B * (8 * H + E + V), sizeof(real));
real *h = state, *c = h + B * H;        /* [B, H] the state */
real *h_new = c + B * H, *cell = h_new + B * H;    /* [B, 1, H] */
real *gates = cell + B * H;             /* [B, 1, 4H] */
real *x = gates + 4 * B * H, *logits = x + B * E;
int *input = xcalloc((size_t)3 * B, sizeof(int));
int *ones = input + B, *done = ones + B;
memcpy(h, enc.h_last, sizeof(real) * B * H);
memcpy(c, enc.c_last, sizeof(real) * B * H);
for (int b = 0; b < B; b++) {
    input[b] = SOS;
    ones[b] = 1;
}
(void)weights;
#line 996 "chapters/03-bottleneck.nw"
    for (int s = 0; s < steps; s++) {
        
#line 1022 "chapters/03-bottleneck.nw"
embedding_forward(x, input, ones, param(p, m->tgt_emb), B, 1, E);
lstm_forward(h_new, cell, gates, h, c, x, ones, h, c,
             param(p, m->dec_Wx), param(p, m->dec_Wh),
             param(p, m->dec_b), B, 1, E, H);
const real *top = h_new;                /* [B, 1, H] */
#line 749 "chapters/04-attention.nw"
if (m->cfg.attention != ATTN_NONE) {
    top = attend(m, h_new, &enc, ones, B, 1);
    for (int b = 0; weights && b < B; b++)
        memcpy(weights + ((size_t)b * steps + s) * enc.S,
               m->attn.weights + (size_t)b * enc.S,
               sizeof(real) * enc.S);
}
#line 1028 "chapters/03-bottleneck.nw"
linear_forward(logits, top, param(p, m->out_W), param(p, m->out_b),
               B, H, V);
#line 998 "chapters/03-bottleneck.nw"
        
#line 1037 "chapters/03-bottleneck.nw"
for (int b = 0; b < B; b++) {
    const real *z = logits + (size_t)b * V;
    int best = 0;
    for (int k = 1; k < V; k++) if (z[k] > z[best]) best = k;
    out[b * steps + s] = done[b] ? PAD : best;
    done[b] |= best == EOS;
    input[b] = best;
}
#line 999 "chapters/03-bottleneck.nw"
    }
    free(state);
    free(input);
}
#line 1069 "chapters/03-bottleneck.nw"
static Eval evaluate_set(Model *m, const Dataset *d, int batch_size,
                         int decode)
{
    Eval ev;
    memset(&ev, 0, sizeof ev);
    Batch batch;
    batch_alloc(&batch, batch_size, d->L);
    int *rows = xcalloc(batch_size, sizeof(int));
    int *out = xcalloc((size_t)batch_size * d->L, sizeof(int));
    double loss_sum = 0;
    for (int start = 0; start < d->n; start += batch_size) {
        int count = d->n - start;
        if (count > batch_size) count = batch_size;
        for (int i = 0; i < count; i++) rows[i] = start + i;
        batch_fill(&batch, d, rows, count);
        
#line 1104 "chapters/03-bottleneck.nw"
double loss = model_forward(m, &batch);
int steps = batch.T - 1;
if (decode) greedy_decode(m, &batch, steps, out, NULL);
for (int b = 0; b < batch.B; b++) {
    const int *tgt = batch.tgt + (size_t)b * batch.T;
    int n = batch.tgt_len[b] - 1, right = 0;
    for (int j = 0; decode && j < n; j++)
        right += out[b * steps + j] == tgt[j + 1];
    long *bl = ev.by_len[batch.src_len[b] - 2];
    bl[0] += n; bl[1] += right; bl[2]++; bl[3] += right == n;
    ev.tokens += n; ev.tokens_right += right;
    ev.sentences++; ev.sentences_right += right == n;
    loss_sum += loss * n;
}
#line 1085 "chapters/03-bottleneck.nw"
    }
    ev.loss = loss_sum / ev.tokens;
    free(rows); free(out);
    batch_free(&batch);
    return ev;
}

Eval evaluate(Model *m, const Dataset *d, int batch_size)
{
    return evaluate_set(m, d, batch_size, 1);
}

double validation_loss(Model *m, const Dataset *d, int batch_size)
{
    return evaluate_set(m, d, batch_size, 0).loss;
}
#line 1145 "chapters/03-bottleneck.nw"
TrainConfig train_config_default(void)
{
    return (TrainConfig){ .epochs = 16, .batch_size = 64,
                          .warmup_epochs = 0, .lr = 5e-3,
                          .lr_floor = 5e-3, .seed = 1 };
}
#line 1160 "chapters/03-bottleneck.nw"
void train_model(Model *m, const Dataset *train_set,
                 const Dataset *val_set, const TrainConfig *tc,
                 EpochHook hook, void *ctx)
{
    int n = train_set->n, bs = tc->batch_size;
    long per_epoch = (n + bs - 1) / bs, step = 0;
    long total = per_epoch * tc->epochs;
    long warmup = per_epoch * tc->warmup_epochs;
    if (warmup >= total) warmup = 0;
    Rng rng;
    rng_seed(&rng, tc->seed ^ 0x5eed5eed5eedULL);
    Adam opt;
    adam_init(&opt);
    Batch batch;
    batch_alloc(&batch, bs, train_set->L);
    int *order = xcalloc(n, sizeof(int));
    for (int i = 0; i < n; i++) order[i] = i;
    for (int epoch = 1; epoch <= tc->epochs; epoch++) {
        
#line 1187 "chapters/03-bottleneck.nw"
double t0 = seconds_now(), loss_sum = 0;
long tokens = 0;
rng_shuffle(&rng, order, n);
for (int start = 0; start < n; start += bs, step++) {
    int count = n - start < bs ? n - start : bs;
    batch_fill(&batch, train_set, order + start, count);
    params_zero_grad(&m->params);
    double loss = model_forward(m, &batch);
    model_backward(m, &batch);
    adam_step(&opt, &m->params, lr_schedule(step, warmup, total,
                                            tc->lr, tc->lr_floor));
    
#line 1208 "chapters/03-bottleneck.nw"
int batch_tokens = 0;
for (int b = 0; b < batch.B; b++)
    batch_tokens += batch.tgt_len[b] - 1;
loss_sum += loss * batch_tokens;
tokens += batch_tokens;
#line 1199 "chapters/03-bottleneck.nw"
}
double seconds = seconds_now() - t0;
if (hook) {
    double val_loss = val_set ? validation_loss(m, val_set, bs) : NAN;
    hook(epoch, loss_sum / tokens, val_loss, seconds, ctx);
}
#line 1179 "chapters/03-bottleneck.nw"
    }
    free(order);
    batch_free(&batch);
}
