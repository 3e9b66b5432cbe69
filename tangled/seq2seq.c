#line 101 "chapters/03-bottleneck.nw"
/* seq2seq.c: the LSTM encoder-decoder of chapter 3. */
#include "seq2seq.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>
#undef I    /* <complex.h>'s imaginary unit; here I is a size */
#line 422 "chapters/03-bottleneck.nw"
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
#line 581 "chapters/03-bottleneck.nw"
static void lstm_cell_backward(real *restrict da /* [4H] */,
                               real *restrict dh_carry /* [H] */,
                               real *restrict dc_carry /* [H] */,
                               const real *restrict dh /* or NULL */,
                               const real *restrict gate /* [4H] */,
                               const real *restrict c /* [H] */,
                               const real *restrict c_prev, int H)
{
    for (int k = 0; k < H; k++) {
        
#line 596 "chapters/03-bottleneck.nw"
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
#line 591 "chapters/03-bottleneck.nw"
    }
}
#line 1054 "chapters/B-fast.nw"
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
#line 145 "chapters/03-bottleneck.nw"
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
#line 164 "chapters/03-bottleneck.nw"
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
#line 380 "chapters/03-bottleneck.nw"
void lstm_forward_plain(real *h, real *c, real *gates, real *h_last,
                        real *c_last, const real *x, const int *len,
                        const real *h0, const real *c0,
                        const real *Wx, const real *Wh,
                        const real *bias, int B, int T, int I, int H)
{
    int G = 4 * H;
    for (int b = 0; b < B; b++) {
        for (int t = 0; t < len[b]; t++) {
            
#line 402 "chapters/03-bottleneck.nw"
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
#line 390 "chapters/03-bottleneck.nw"
        }
        
#line 444 "chapters/03-bottleneck.nw"
for (int t = len[b]; t < T; t++) {
    memset(h + ((size_t)b * T + t) * H, 0, sizeof(real) * H);
    memset(c + ((size_t)b * T + t) * H, 0, sizeof(real) * H);
}
#line 392 "chapters/03-bottleneck.nw"
        
#line 449 "chapters/03-bottleneck.nw"
size_t last = ((size_t)b * T + len[b] - 1) * H;
if (h_last)
    memcpy(h_last + (size_t)b * H, h + last, sizeof(real) * H);
if (c_last)
    memcpy(c_last + (size_t)b * H, c + last, sizeof(real) * H);
#line 393 "chapters/03-bottleneck.nw"
    }
}
#line 526 "chapters/03-bottleneck.nw"
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
        
#line 550 "chapters/03-bottleneck.nw"
for (int k = 0; k < H; k++) {
    dh_carry[k] = dh_last ? dh_last[(size_t)b * H + k] : 0;
    dc_carry[k] = dc_last ? dc_last[(size_t)b * H + k] : 0;
}
#line 541 "chapters/03-bottleneck.nw"
        for (int t = len[b] - 1; t >= 0; t--) {
            
#line 562 "chapters/03-bottleneck.nw"
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
#line 543 "chapters/03-bottleneck.nw"
        }
        
#line 612 "chapters/03-bottleneck.nw"
for (int k = 0; k < H; k++) {
    if (dh0) dh0[(size_t)b * H + k] += dh_carry[k];
    if (dc0) dc0[(size_t)b * H + k] += dc_carry[k];
}
#line 545 "chapters/03-bottleneck.nw"
    }
    free(da); free(dh_carry); free(dc_carry);
}
#line 2652 "chapters/B-fast.nw"
/* order[i]: the row that goes i-th, longest first (stable); returns
   1 if the rows are already in that order */
static int longest_first(int *order /* [B] */, const int *len, int B)
{
    int sorted = 1;
    for (int i = 0; i < B; i++) {
        int j = i;
        for (; j > 0 && len[order[j - 1]] < len[i]; j--)
            order[j] = order[j - 1];
        order[j] = i;
        sorted &= j == i;
    }
    return sorted;
}

/* copy rows of [size] reals: to[i] = from[order[i]] (gather), or
   to[order[i]] = from[i] (scatter); a NULL array stays NULL */
static real *gather(const real *from, const int *order, int B,
                    size_t size)
{
    if (!from) return NULL;
    real *to = xcalloc((size_t)B * size, sizeof(real));
    for (int i = 0; i < B; i++)
        memcpy(to + i * size, from + order[i] * size,
               size * sizeof(real));
    return to;
}

static void scatter(real *to, real *from, const int *order, int B,
                    size_t size)
{
    for (int i = 0; to && i < B; i++)
        memcpy(to + order[i] * size, from + i * size,
               size * sizeof(real));
    free(from);
}
#line 909 "chapters/B-fast.nw"
/* rows still running at step t: len[] is non-increasing */
static int rows_running(const int *len, int B, int t)
{
    int n = 0;
    while (n < B && len[n] > t) n++;
    return n;
}
#line 922 "chapters/B-fast.nw"
void lstm_forward_packed(real *h, real *c, real *gates, real *h_last,
                         real *c_last, const real *x, const int *len,
                         const real *h0, const real *c0,
                         const real *Wx, const real *Wh,
                         const real *bias,
                         int B, int T, int I, int H)
{
    int G = 4 * H;
    
#line 2693 "chapters/B-fast.nw"
int order[B], sorted_len[B];
if (!longest_first(order, len, B)) {
    for (int i = 0; i < B; i++) sorted_len[i] = len[order[i]];
    size_t TH = (size_t)T * H;
    real *hs = xcalloc((size_t)B * TH, sizeof(real));
    real *cs = xcalloc((size_t)B * TH, sizeof(real));
    real *hl = gather(h_last, order, B, H);   /* NULL stays NULL */
    real *cl = gather(c_last, order, B, H);
    real *xs = gather(x, order, B, (size_t)T * I);
    real *h0s = gather(h0, order, B, H);
    real *c0s = gather(c0, order, B, H);
    lstm_forward_packed(hs, cs, gates, hl, cl, xs, sorted_len, h0s,
                        c0s, Wx, Wh, bias, B, T, I, H);
    scatter(h, hs, order, B, TH);
    scatter(c, cs, order, B, TH);
    scatter(h_last, hl, order, B, H);
    scatter(c_last, cl, order, B, H);
    free(xs); free(h0s); free(c0s);
    return;
}
#line 931 "chapters/B-fast.nw"
    
#line 1079 "chapters/B-fast.nw"
size_t R = packed_rows(len, B);
real *x_packed = xcalloc(R * I, sizeof(real));     /* [R, I] */
pack_steps(x_packed, x, NULL, len, B, T, I, 0);
for (size_t r = 0; r < R; r++)
    memcpy(gates + r * G, bias, sizeof(real) * G);
matmul(gates, G, x_packed, I, Wx, G, (int)R, I, G);
free(x_packed);
#line 932 "chapters/B-fast.nw"
    real *Wh_packed = xcalloc(matmul_packed_size(H, G), sizeof(real));
    matmul_pack(Wh_packed, Wh, G, H, G);
    size_t step = 0;                    /* packed row of (t, 0) */
    for (int t = 0; t < T; t++) {
        int n = rows_running(len, B, t);
        real *a = gates + step * G;         /* [n, G] */
        
#line 1128 "chapters/B-fast.nw"
if (t > 0)
    matmul_packed(a, G, h + (size_t)(t - 1) * H, T * H, Wh_packed,
                  n, H, G);
else if (h0)
    matmul_packed(a, G, h0, H, Wh_packed, n, H, G);
#line 939 "chapters/B-fast.nw"
        
#line 949 "chapters/B-fast.nw"
for (int b = 0; b < n; b++) {
    size_t at = ((size_t)b * T + t) * H;
    const real *c_prev = t > 0 ? c + at - H
                       : c0 ? c0 + (size_t)b * H : NULL;
    lstm_cell(a + (size_t)b * G, c + at, h + at, c_prev, H);
}
#line 940 "chapters/B-fast.nw"
        
#line 956 "chapters/B-fast.nw"
for (int b = n; b < B; b++) {
    memset(h + ((size_t)b * T + t) * H, 0, sizeof(real) * H);
    memset(c + ((size_t)b * T + t) * H, 0, sizeof(real) * H);
}
#line 941 "chapters/B-fast.nw"
        step += n;
    }
    free(Wh_packed);
    
#line 961 "chapters/B-fast.nw"
for (int b = 0; b < B; b++) {
    
#line 449 "chapters/03-bottleneck.nw"
size_t last = ((size_t)b * T + len[b] - 1) * H;
if (h_last)
    memcpy(h_last + (size_t)b * H, h + last, sizeof(real) * H);
if (c_last)
    memcpy(c_last + (size_t)b * H, c + last, sizeof(real) * H);
#line 963 "chapters/B-fast.nw"
}
#line 945 "chapters/B-fast.nw"
}
#line 1150 "chapters/B-fast.nw"
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
    
#line 2717 "chapters/B-fast.nw"
int order[B], sorted_len[B];
if (!longest_first(order, len, B)) {
    for (int i = 0; i < B; i++) sorted_len[i] = len[order[i]];
    size_t TH = (size_t)T * H, TI = (size_t)T * I;
    real *dxs = gather(dx, order, B, TI);
    real *dh0s = gather(dh0, order, B, H);
    real *dc0s = gather(dc0, order, B, H);
    real *dhs = gather(dh, order, B, TH);
    real *dhl = gather(dh_last, order, B, H);
    real *dcl = gather(dc_last, order, B, H);
    real *hs = gather(h, order, B, TH), *cs = gather(c, order, B, TH);
    real *xs = gather(x, order, B, TI);
    real *h0s = gather(h0, order, B, H);
    real *c0s = gather(c0, order, B, H);
    lstm_backward_packed(dxs, dh0s, dc0s, dWx, dWh, dbias, dhs, dhl,
                         dcl, hs, cs, gates, xs, sorted_len, h0s, c0s,
                         Wx, Wh, B, T, I, H);
    scatter(dx, dxs, order, B, TI);
    scatter(dh0, dh0s, order, B, H);
    scatter(dc0, dc0s, order, B, H);
    free(dhs); free(dhl); free(dcl); free(hs); free(cs); free(xs);
    free(h0s); free(c0s);
    return;
}
#line 1161 "chapters/B-fast.nw"
    
#line 2585 "chapters/B-fast.nw"
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
#line 1162 "chapters/B-fast.nw"
    size_t step = R;                    /* packed row of (t, 0) */
    for (int t = T - 1; t >= 0; t--) {
        int n = rows_running(len, B, t);
        step -= n;
        real *da = da_all + step * G;       /* [n, G] */
        
#line 1183 "chapters/B-fast.nw"
for (int b = 0; b < n; b++) {
    size_t at = ((size_t)b * T + t) * H;
    const real *c_prev = t > 0 ? c + at - H
                       : c0 ? c0 + (size_t)b * H : NULL;
    lstm_cell_backward(da + (size_t)b * G, dh_carry + b * H,
                       dc_carry + b * H, dh ? dh + at : NULL,
                       gates + (step + b) * G, c + at, c_prev, H);
}
#line 1168 "chapters/B-fast.nw"
        
#line 1195 "chapters/B-fast.nw"
if (t > 0 || h0) {
    memset(dh_carry, 0, sizeof(real) * n * H);
    matmul_packed(dh_carry, H, da, G, WhT, n, G, H);
}
#line 1169 "chapters/B-fast.nw"
    }
    
#line 1208 "chapters/B-fast.nw"
for (size_t r = 0; r < R; r++)
    for (int k = 0; k < G; k++) dbias[k] += da_all[r * G + k];
pack_steps(packed, x, NULL, len, B, T, I, 0);
matmul_tn(dWx, G, packed, I, da_all, G, I, (int)R, G);
pack_steps(h_prev, h, h0, len, B, T, H, 1);
matmul_tn(dWh, G, h_prev, H, da_all, G, H, (int)R, G);
#line 1171 "chapters/B-fast.nw"
    
#line 1219 "chapters/B-fast.nw"
if (dx) {
    memset(packed, 0, sizeof(real) * R * I);
    matmul_nt(packed, I, da_all, G, Wx, G, (int)R, G, I);
    const real *row = packed;
    for (int t = 0; t < T; t++)
        for (int b = 0; b < B && len[b] > t; b++, row += I)
            for (int k = 0; k < I; k++)
                dx[((size_t)b * T + t) * I + k] += row[k];
}
#line 1172 "chapters/B-fast.nw"
    
#line 1230 "chapters/B-fast.nw"
for (int k = 0; k < B * H; k++) {
    if (dh0) dh0[k] += h0 ? dh_carry[k] : 0;
    if (dc0) dc0[k] += dc_carry[k];
}
#line 1173 "chapters/B-fast.nw"
    free(dh_carry);
}
#line 879 "chapters/B-fast.nw"
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
#line 2281 "chapters/B-fast.nw"
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
#line 902 "chapters/03-bottleneck.nw"
const char *const attention_name[] = {
    "none", 
#line 288 "chapters/04-attention.nw"
"dot", "general", "additive",
#line 63 "chapters/05-ablation.nw"
"none+Wc",
#line 904 "chapters/03-bottleneck.nw"
    NULL
};
#line 911 "chapters/03-bottleneck.nw"
ModelConfig model_config_default(void)
{
    return (ModelConfig){ .family = &seq2seq_family,
                          .src_vocab = REVERSAL_VOCAB,
                          .tgt_vocab = REVERSAL_VOCAB,
                          .E = 64, .H = 64,
                          .attention = ATTN_NONE
                          
#line 147 "chapters/07b-training.nw"
, .layers = 1, .heads = 4, .ff = 128, .positional = 1, .scaled = 1
, .head_width = 0, .post_norm = 0
#line 367 "chapters/11-documents.nw"
, .directions = 2
#line 918 "chapters/03-bottleneck.nw"
                                                               };
}
#line 969 "chapters/03-bottleneck.nw"
static Model *seq2seq_create(const ModelConfig *cfg, int max_B,
                             int max_len, uint64_t seed)
{
    Seq2Seq *s = xcalloc(1, sizeof *s);
    Model *m = &s->m;
    m->cfg = *cfg;
    int E = cfg->E, H = cfg->H, Vs = cfg->src_vocab;
    Params *p = &m->params;
    params_init(p);
    
#line 990 "chapters/03-bottleneck.nw"
s->src_emb = params_add(p, "src_emb", Vs, E);
s->enc_Wx = params_add(p, "enc_Wx", E, 4 * H);
s->enc_Wh = params_add(p, "enc_Wh", H, 4 * H);
s->enc_b = params_add(p, "enc_b", 1, 4 * H);
#line 979 "chapters/03-bottleneck.nw"
    decoder_declare(s);
    params_alloc(p);
    Rng rng;
    rng_seed(&rng, seed);
    
#line 995 "chapters/03-bottleneck.nw"
init_normal(param(p, s->src_emb), (size_t)Vs * E, 1, &rng);
init_xavier_uniform(param(p, s->enc_Wx), E, 4 * H, &rng);
init_orthogonal(param(p, s->enc_Wh), H, 4 * H, &rng);
#line 984 "chapters/03-bottleneck.nw"
    decoder_init(s, &rng);
    seq2seq_workspace(s, max_B, max_len, max_len);
    return m;
}
#line 1022 "chapters/03-bottleneck.nw"
void decoder_declare(Seq2Seq *s)
{
    const ModelConfig *cfg = &s->m.cfg;
    Params *p = &s->m.params;
    int E = cfg->E, H = cfg->H, Vt = cfg->tgt_vocab;
    
#line 1042 "chapters/03-bottleneck.nw"
s->tgt_emb = params_add(p, "tgt_emb", Vt, E);
s->dec_Wx = params_add(p, "dec_Wx", E, 4 * H);
s->dec_Wh = params_add(p, "dec_Wh", H, 4 * H);
s->dec_b = params_add(p, "dec_b", 1, 4 * H);
s->out_W = params_add(p, "out_W", H, Vt);
s->out_b = params_add(p, "out_b", 1, Vt);
#line 1028 "chapters/03-bottleneck.nw"
    
#line 807 "chapters/04-attention.nw"
if (cfg->attention != ATTN_NONE) {
    scorer_declare(&s->scorer, p, cfg->attention, H, H);
    s->att_Wc = params_add(p, "att_Wc", 2 * H, H);
}
#line 1029 "chapters/03-bottleneck.nw"
}

void decoder_init(Seq2Seq *s, Rng *rng)
{
    const ModelConfig *cfg = &s->m.cfg;
    Params *p = &s->m.params;
    int E = cfg->E, H = cfg->H, Vt = cfg->tgt_vocab;
    
#line 1049 "chapters/03-bottleneck.nw"
init_normal(param(p, s->tgt_emb), (size_t)Vt * E, 1, rng);
init_xavier_uniform(param(p, s->dec_Wx), E, 4 * H, rng);
init_orthogonal(param(p, s->dec_Wh), H, 4 * H, rng);
init_xavier_uniform(param(p, s->out_W), H, Vt, rng);
#line 1037 "chapters/03-bottleneck.nw"
    
#line 812 "chapters/04-attention.nw"
if (cfg->attention != ATTN_NONE) {
    scorer_init(&s->scorer, p, rng);
    init_xavier_uniform(param(p, s->att_Wc), 2 * H, H, rng);
}
#line 1038 "chapters/03-bottleneck.nw"
}
#line 1071 "chapters/03-bottleneck.nw"
void seq2seq_workspace(Seq2Seq *s, int max_B, int max_S, int max_len)
{
    Model *m = &s->m;
    const ModelConfig *cfg = &m->cfg;
    int E = cfg->E, H = cfg->H;
    int Vs = cfg->src_vocab, Vt = cfg->tgt_vocab;
    
#line 1081 "chapters/03-bottleneck.nw"
int B = max_B, S = max_S, T = max_len - 1;
int V = Vt > Vs ? Vt : Vs;
m->max_B = B; m->max_S = S; m->max_T = T;
s->dec_in = xcalloc((size_t)B * (2 * T + 1 + S), sizeof(int));
s->dec_tgt = s->dec_in + (size_t)B * T;
s->dec_len = s->dec_tgt + (size_t)B * T;
s->src_mask = s->dec_len + B;
size_t sizes[] = {
    
#line 1097 "chapters/03-bottleneck.nw"
(size_t)B * S * E, (size_t)B * S * H, (size_t)B * S * H,
(size_t)B * S * 4 * H, (size_t)B * H, (size_t)B * H,
(size_t)B * T * E, (size_t)B * T * H, (size_t)B * T * H,
(size_t)B * T * 4 * H,
(size_t)B * T * V, (size_t)B * T * V,
(size_t)B * T * V, (size_t)B * T * H, (size_t)B * T * H,
(size_t)B * T * E, (size_t)B * S * E,
(size_t)B * S * H, (size_t)B * H, (size_t)B * H,
#line 1090 "chapters/03-bottleneck.nw"
};
real **arrays[] = {
    
#line 1106 "chapters/03-bottleneck.nw"
&s->src_x, &s->enc_h, &s->enc_c,
&s->enc_gates, &s->enc_h_last, &s->enc_c_last,
&s->dec_x, &s->dec_h, &s->dec_c,
&s->dec_gates,
&s->logits, &s->prob,
&s->d_logits, &s->d_top, &s->d_dec_h,
&s->d_dec_x, &s->d_src_x,
&s->d_enc_h, &s->d_h_last, &s->d_c_last,
#line 1093 "chapters/03-bottleneck.nw"
};
alloc_parts(arrays, sizes, sizeof sizes / sizeof *sizes);
#line 833 "chapters/04-attention.nw"
if (cfg->attention != ATTN_NONE) {
    attn_cache_alloc(&s->attn, &s->scorer, B, T, S);
    m->weights = s->attn.weights;
    s->context = xcalloc((size_t)B * T * 8 * H, sizeof(real));
    s->cat = s->context + (size_t)B * T * H;        /* [R, 2H] */
    s->att_h = s->cat + (size_t)B * T * 2 * H;      /* [B, T', H] */
    s->d_context = s->att_h + (size_t)B * T * H;    /* [B, T', H] */
    s->d_cat = s->d_context + (size_t)B * T * H;    /* [R, 2H] */
    s->att_rows = s->d_cat + (size_t)B * T * 2 * H; /* [R, H] */
}
#line 1078 "chapters/03-bottleneck.nw"
}
#line 1116 "chapters/03-bottleneck.nw"
static void seq2seq_free(Model *m)
{
    Seq2Seq *s = seq2seq_of(m);
    free(s->dec_in);
    free(s->src_x);
    
#line 844 "chapters/04-attention.nw"
if (m->cfg.attention != ATTN_NONE) {
    attn_cache_free(&s->attn);
    free(s->context);
}
#line 1122 "chapters/03-bottleneck.nw"
    params_free(&m->params);
    free(s);
}
#line 862 "chapters/04-attention.nw"
static const real *attend(Seq2Seq *s, const real *dec_h /* [B,T,H] */,
                          const Encoding *enc, const int *dec_len,
                          int B, int T)
{
    const Model *m = &s->m;
    int H = m->cfg.H;
    const Params *p = &m->params;
    attention_forward(s->context, &s->attn, &s->scorer, p, dec_h,
                      enc->out, enc->mask, dec_len, B, T, enc->S);
    
#line 879 "chapters/04-attention.nw"
size_t R = 0;
for (int b = 0; b < B; b++)
    for (int t = 0; t < dec_len[b]; t++, R++) {
        size_t at = ((size_t)b * T + t) * H;
        memcpy(s->cat + R * 2 * H, s->context + at, sizeof(real) * H);
        memcpy(s->cat + R * 2 * H + H, dec_h + at, sizeof(real) * H);
    }
#line 872 "chapters/04-attention.nw"
    linear_forward(s->att_rows, s->cat, param(p, s->att_Wc), NULL,
                   (int)R, 2 * H, H);
    
#line 887 "chapters/04-attention.nw"
const real *row = s->att_rows;
for (int b = 0; b < B; b++)
    for (int t = 0; t < T; t++) {
        real *h = s->att_h + ((size_t)b * T + t) * H;
        if (t >= dec_len[b]) {
            memset(h, 0, sizeof(real) * H);
            continue;
        }
        for (int k = 0; k < H; k++) h[k] = fast_tanh(row[k]);
        row += H;
    }
#line 875 "chapters/04-attention.nw"
    return s->att_h;
}
#line 79 "chapters/05-ablation.nw"
int attention_chooses(int kind)
{
    return kind != ATTN_NONE && kind != ATTN_NONE_WC;
}
_Static_assert((int)ATTN_DOT == (int)SCORE_DOT
               && (int)ATTN_GENERAL == (int)SCORE_GENERAL
               && (int)ATTN_ADDITIVE == (int)SCORE_ADDITIVE
               && (int)ATTN_NONE_WC == (int)SCORE_LAST,
               "each attention kind is its scorer's kind");
#line 881 "chapters/08-using.nw"
static size_t seq2seq_param_count(const ModelConfig *c)
{
    size_t E = c->E, H = c->H, Vs = c->src_vocab, Vt = c->tgt_vocab;
    size_t lstm = 4 * H * (E + H + 1);      /* W_x, W_h, b */
    size_t n = Vs * E + Vt * E + 2 * lstm + (H + 1) * Vt;
    if (c->attention != ATTN_NONE) n += 2 * H * H;   /* W_c [2H, H] */
    if (c->attention == ATTN_GENERAL) n += H * H;      /* W_a */
    if (c->attention == ATTN_ADDITIVE)    /* W_a, U_a [H, H], v [H] */
        n += 2 * H * H + H;
    return n;
}
#line 912 "chapters/08-using.nw"
static const ConfigField seq2seq_fields[] = {
    { "source vocabulary", offsetof(ModelConfig, src_vocab), 1,
      CKPT_MAX_SIZE },
    { "target vocabulary", offsetof(ModelConfig, tgt_vocab), 1,
      CKPT_MAX_SIZE },
    { "embedding size", offsetof(ModelConfig, E), 1, CKPT_MAX_SIZE },
    { "hidden size", offsetof(ModelConfig, H), 1, CKPT_MAX_SIZE },
    { "attention kind", offsetof(ModelConfig, attention), 0,
      ATTN_NONE_WC },
    { NULL, 0, 0, 0 }
};
#line 1143 "chapters/03-bottleneck.nw"
static Encoding seq2seq_encode(Model *m, const Batch *batch)
{
    Seq2Seq *s = seq2seq_of(m);
    const Params *p = &m->params;
    int B = batch->B, S = batch->S, E = m->cfg.E, H = m->cfg.H;
    embedding_forward(s->src_x, batch->src, batch->src_len,
                      param(p, s->src_emb), B, S, E);
    lstm_forward(s->enc_h, s->enc_c, s->enc_gates, s->enc_h_last,
                 s->enc_c_last, s->src_x, batch->src_len, NULL, NULL,
                 param(p, s->enc_Wx), param(p, s->enc_Wh),
                 param(p, s->enc_b), B, S, E, H);
    for (int b = 0; b < B; b++)
        for (int t = 0; t < S; t++)
            s->src_mask[b * S + t] = t < batch->src_len[b];
    return (Encoding){ s->enc_h, s->enc_h_last, s->enc_c_last,
                       batch->src_len, s->src_mask, B, S, H };
}
#line 1209 "chapters/03-bottleneck.nw"
double decode_teacher_forced(Model *m, const Batch *batch,
                             const Encoding *enc)
{
    Seq2Seq *s = seq2seq_of(m);
    const Params *p = &m->params;
    int B = batch->B, T = batch->T - 1, E = m->cfg.E, H = m->cfg.H;
    int V = m->cfg.tgt_vocab;
    shift_targets(batch, s->dec_in, s->dec_tgt, s->dec_len);
    embedding_forward(s->dec_x, s->dec_in, s->dec_len,
                      param(p, s->tgt_emb), B, T, E);
    lstm_forward(s->dec_h, s->dec_c, s->dec_gates, NULL, NULL,
                 s->dec_x, s->dec_len, enc->h_last, enc->c_last,
                 param(p, s->dec_Wx), param(p, s->dec_Wh),
                 param(p, s->dec_b), B, T, E, H);
    const real *top = s->dec_h;             /* [B, T', H] */
    
#line 900 "chapters/04-attention.nw"
if (m->cfg.attention != ATTN_NONE)
    top = attend(s, s->dec_h, enc, s->dec_len, B, T);
#line 1225 "chapters/03-bottleneck.nw"
    
#line 1244 "chapters/03-bottleneck.nw"
linear_forward(s->logits, top, param(p, s->out_W), param(p, s->out_b),
               B * T, H, V);
s->top = top;
#line 1226 "chapters/03-bottleneck.nw"
    int counted;
    double sum = cross_entropy_forward(s->prob, s->logits, s->dec_tgt,
                                       B * T, V, LABEL_SMOOTHING, PAD,
                                       &counted);
    return sum / counted;
}
#line 1259 "chapters/03-bottleneck.nw"
static double seq2seq_forward(Model *m, const Batch *batch)
{
    Encoding enc = seq2seq_encode(m, batch);
    return decode_teacher_forced(m, batch, &enc);
}
#line 1266 "chapters/03-bottleneck.nw"
void decoder_backward(Model *m, const Batch *batch)
{
    Seq2Seq *s = seq2seq_of(m);
    Params *p = &m->params;
    int B = batch->B, S = batch->S, T = batch->T - 1;
    int E = m->cfg.E, H = m->cfg.H, V = m->cfg.tgt_vocab;
    
#line 1295 "chapters/03-bottleneck.nw"
int counted = 0;
for (int b = 0; b < B; b++) counted += s->dec_len[b];
memset(s->d_logits, 0, sizeof(real) * B * T * V);
cross_entropy_backward(s->d_logits, s->prob, s->dec_tgt, B * T, V,
                       LABEL_SMOOTHING, PAD, 1.0 / counted);
memset(s->d_top, 0, sizeof(real) * B * T * H);
linear_backward(s->d_top, param_grad(p, s->out_W),
                param_grad(p, s->out_b), s->d_logits, s->top,
                param(p, s->out_W), B * T, H, V);
#line 1273 "chapters/03-bottleneck.nw"
    
#line 1310 "chapters/03-bottleneck.nw"
real *d_dec_h = s->d_top;               /* [B, T', H] */
memset(s->d_enc_h, 0, sizeof(real) * B * S * H);
#line 916 "chapters/04-attention.nw"
if (m->cfg.attention != ATTN_NONE) {
    d_dec_h = s->d_dec_h;
    
#line 928 "chapters/04-attention.nw"
const int *dec_len = s->dec_len;
size_t R = 0;
for (int b = 0; b < B; b++)
    for (int t = 0; t < dec_len[b]; t++, R++) {
        const real *h = s->att_h + ((size_t)b * T + t) * H;
        const real *dh = s->d_top + ((size_t)b * T + t) * H;
        for (int k = 0; k < H; k++)
            s->att_rows[R * H + k] = dh[k] * (1 - h[k] * h[k]);
    }
memset(s->d_cat, 0, sizeof(real) * R * 2 * H);
linear_backward(s->d_cat, param_grad(p, s->att_Wc), NULL,
                s->att_rows, s->cat, param(p, s->att_Wc), (int)R,
                2 * H, H);
#line 944 "chapters/04-attention.nw"
const real *dcat = s->d_cat;
for (int b = 0; b < B; b++)
    for (int t = 0; t < dec_len[b]; t++, dcat += 2 * H) {
        size_t at = ((size_t)b * T + t) * H;
        memcpy(s->d_context + at, dcat, sizeof(real) * H);
        memcpy(d_dec_h + at, dcat + H, sizeof(real) * H);
    }
#line 919 "chapters/04-attention.nw"
    attention_backward(d_dec_h, s->d_enc_h, p, &s->attn, &s->scorer,
                       s->d_context, s->dec_h, s->enc_h,
                       s->src_mask, s->dec_len, B, T, S);
}
#line 1274 "chapters/03-bottleneck.nw"
    
#line 1316 "chapters/03-bottleneck.nw"
memset(s->d_dec_x, 0, sizeof(real) * B * T * E);
memset(s->d_h_last, 0, sizeof(real) * B * H);
memset(s->d_c_last, 0, sizeof(real) * B * H);
lstm_backward(s->d_dec_x, s->d_h_last, s->d_c_last,
              param_grad(p, s->dec_Wx), param_grad(p, s->dec_Wh),
              param_grad(p, s->dec_b), d_dec_h, NULL, NULL,
              s->dec_h, s->dec_c, s->dec_gates, s->dec_x, s->dec_len,
              s->enc_h_last, s->enc_c_last, param(p, s->dec_Wx),
              param(p, s->dec_Wh), B, T, E, H);
embedding_backward(param_grad(p, s->tgt_emb), s->d_dec_x, s->dec_in,
                   s->dec_len, B, T, E);
#line 1275 "chapters/03-bottleneck.nw"
}

static void seq2seq_backward(Model *m, const Batch *batch)
{
    Seq2Seq *s = seq2seq_of(m);
    Params *p = &m->params;
    int B = batch->B, S = batch->S, E = m->cfg.E, H = m->cfg.H;
    decoder_backward(m, batch);
    
#line 1330 "chapters/03-bottleneck.nw"
memset(s->d_src_x, 0, sizeof(real) * B * S * E);
lstm_backward(s->d_src_x, NULL, NULL, param_grad(p, s->enc_Wx),
              param_grad(p, s->enc_Wh), param_grad(p, s->enc_b),
              s->d_enc_h, s->d_h_last, s->d_c_last, s->enc_h,
              s->enc_c, s->enc_gates, s->src_x, batch->src_len,
              NULL, NULL, param(p, s->enc_Wx), param(p, s->enc_Wh),
              B, S, E, H);
embedding_backward(param_grad(p, s->src_emb), s->d_src_x, batch->src,
                   batch->src_len, B, S, E);
#line 1284 "chapters/03-bottleneck.nw"
}
#line 1435 "chapters/03-bottleneck.nw"
typedef struct {
    DecoderState d;                 /* first */
    int H;
    real *h, *c;                    /* [N, H]: the running state */
    real *h_new, *cell, *gates, *x; /* one step's scratch */
    int *ones;                      /* [N]: every row runs one step */
} LstmState;

static DecoderState *seq2seq_start(Model *m, const Encoding *enc)
{
    int N = enc->B, E = m->cfg.E, H = m->cfg.H, V = m->cfg.tgt_vocab;
    LstmState *st = xcalloc(1, sizeof *st);
    
#line 1464 "chapters/03-bottleneck.nw"
st->d.N = N;
st->H = H;
st->h = xcalloc((size_t)N * (8 * H + E + V), sizeof(real));
st->c = st->h + (size_t)N * H;
st->h_new = st->c + (size_t)N * H;
st->cell = st->h_new + (size_t)N * H;
st->gates = st->cell + (size_t)N * H;       /* [N, 4H] */
st->x = st->gates + (size_t)N * 4 * H;      /* [N, E] */
st->d.logits = st->x + (size_t)N * E;       /* [N, V] */
st->ones = xcalloc(N, sizeof(int));
for (int i = 0; i < N; i++) st->ones[i] = 1;
#line 1448 "chapters/03-bottleneck.nw"
    memcpy(st->h, enc->h_last, sizeof(real) * N * H);
    memcpy(st->c, enc->c_last, sizeof(real) * N * H);
    return &st->d;
}

#line 1478 "chapters/03-bottleneck.nw"
static void seq2seq_stop(DecoderState *d)
{
    LstmState *st = (LstmState *)d;
    free(st->h);
    free(st->ones);
    free(st);
}
#line 1490 "chapters/03-bottleneck.nw"
static void seq2seq_step(Model *m, DecoderState *d,
                         const Encoding *enc, const int *input,
                         real *weights)
{
    Seq2Seq *s = seq2seq_of(m);
    LstmState *st = (LstmState *)d;
    const Params *p = &m->params;
    int N = d->N, E = m->cfg.E, H = m->cfg.H, V = m->cfg.tgt_vocab;
    embedding_forward(st->x, input, st->ones, param(p, s->tgt_emb),
                      N, 1, E);
    lstm_forward(st->h_new, st->cell, st->gates, st->h, st->c, st->x,
                 st->ones, st->h, st->c, param(p, s->dec_Wx),
                 param(p, s->dec_Wh), param(p, s->dec_b), N, 1, E, H);
    const real *top = st->h_new;            /* [N, 1, H] */
    
#line 1515 "chapters/03-bottleneck.nw"
(void)enc; (void)weights;
#line 905 "chapters/04-attention.nw"
if (m->cfg.attention != ATTN_NONE) {
    top = attend(s, st->h_new, enc, st->ones, N, 1);
    if (weights)
        memcpy(weights, s->attn.weights, sizeof(real) * N * enc->S);
}
#line 1505 "chapters/03-bottleneck.nw"
    linear_forward(d->logits, top, param(p, s->out_W),
                   param(p, s->out_b), N, H, V);
}
#line 1579 "chapters/08-using.nw"
static void seq2seq_reorder(DecoderState *d, const int *parent)
{
    LstmState *st = (LstmState *)d;
    size_t N = d->N, H = st->H;
    for (size_t i = 0; i < N; i++) {
        memcpy(st->h_new + i * H, st->h + parent[i] * H,
               sizeof(real) * H);
        memcpy(st->cell + i * H, st->c + parent[i] * H,
               sizeof(real) * H);
    }
    memcpy(st->h, st->h_new, sizeof(real) * N * H);
    memcpy(st->c, st->cell, sizeof(real) * N * H);
}
#line 1532 "chapters/03-bottleneck.nw"
static const char *seq2seq_check(const ModelConfig *cfg)
{
    int kinds = 0;
    while (attention_name[kinds]) kinds++;
    if (cfg->E < 1 || cfg->H < 1 || cfg->src_vocab < 1
        || cfg->tgt_vocab < 1)
        return "every size of an encoder-decoder must be at least 1";
    if (cfg->attention < 0 || cfg->attention >= kinds)
        return "an encoder-decoder's attention kind is unknown";
    return NULL;
}
#line 1155 "chapters/A-programs.nw"
static double seq2seq_bytes(const ModelConfig *cfg, int max_B,
                            int max_len)
{
    double E = cfg->E, H = cfg->H, A = cfg->H;
    double Vs = cfg->src_vocab, Vt = cfg->tgt_vocab;
    double V = Vs > Vt ? Vs : Vt;
    double B = max_B, S = max_len, T = max_len - 1;
    double par = (Vs + Vt) * E + 2 * (E + H + 1) * 4 * H
                 + (H + 1) * Vt;
    double work = B * S * (2 * E + 7 * H) + 4 * B * H
                  + B * T * (2 * E + 8 * H + 3 * V);
    double ints = B * (2 * T + 1 + S);
    if (cfg->attention != ATTN_NONE) {
        
#line 1177 "chapters/A-programs.nw"
par += 2 * H * H;
if (cfg->attention == ATTN_GENERAL) par += H * H;
if (cfg->attention == ATTN_ADDITIVE) par += 2 * H * A + A;
work += 10 * B * T * H + B * T * S + A + 2 * B * T * (H + A)
        + 2 * B * S * A + 2 * S;
#line 1169 "chapters/A-programs.nw"
    }
    double scratch = 4 * H * H * sizeof(double);
    return ints * sizeof(int) + (4 * par + work) * sizeof(real)
           + scratch;
}
#line 1544 "chapters/03-bottleneck.nw"
const ModelFamily seq2seq_family = {
    .name = "lstm", .variants = attention_name,
    .check = seq2seq_check, .bytes = seq2seq_bytes,
    .create = seq2seq_create, .free = seq2seq_free,
    .forward = seq2seq_forward, .backward = seq2seq_backward,
    .encode = seq2seq_encode, .start = seq2seq_start,
    .step = seq2seq_step, .stop = seq2seq_stop,
    
#line 94 "chapters/05-ablation.nw"
.chooses = attention_chooses,
#line 910 "chapters/08-using.nw"
.param_count = seq2seq_param_count, .fields = seq2seq_fields,
#line 1571 "chapters/08-using.nw"
.reorder = seq2seq_reorder,
#line 1552 "chapters/03-bottleneck.nw"
};
