#line 390 "chapters/11-documents.nw"
/* han.c: a GRU in both directions, attention with a learned query,
   and a hierarchical document classifier (chapter 11). */
#include "han.h"
#include "tasks.h"
#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>
#undef I    /* <complex.h>'s imaginary unit; here I is a size */
#line 463 "chapters/11-documents.nw"
void gru_forward(real *h, real *gates, const real *x, const int *len,
                 const real *Wx, const real *Wh, const real *bias,
                 int N, int T, int I, int H)
{
    size_t G = 4 * (size_t)H, rows = (size_t)N * T;
    
#line 479 "chapters/11-documents.nw"
for (size_t i = 0; i < rows; i++)
    memcpy(gates + i * G, bias, sizeof(real) * 3 * H);
matmul(gates, G, x, I, Wx, 3 * H, rows, I, 3 * H);
#line 469 "chapters/11-documents.nw"
    for (int t = 0; t < T; t++) {
        real *g_t = gates + (size_t)t * G;      /* row n: n T G on */
        const real *h_prev = t ? h + (size_t)(t - 1) * H : NULL;
        
#line 486 "chapters/11-documents.nw"
if (t)      /* h_prev [U_r | U_z]: the first 2H columns of Wh */
    matmul(g_t, T * G, h_prev, T * H, Wh, 3 * H, N, H, 2 * H);
#line 473 "chapters/11-documents.nw"
        
#line 490 "chapters/11-documents.nw"
for (int n = 0; n < N; n++) {
    real *g = g_t + (size_t)n * T * G;
    const real *hp = t ? h_prev + (size_t)n * T * H : NULL;
    for (int k = 0; k < H; k++) {
        int on = t < len[n];
        g[k] = on ? sigmoid(g[k]) : 0;                  /* r */
        g[H + k] = on ? sigmoid(g[H + k]) : 0;          /* z */
        g[3 * H + k] = on && hp ? g[k] * hp[k] : 0;     /* r h */
    }
}
if (t)      /* (r * h_prev) U: the last H columns of Wh */
    matmul(g_t + 2 * H, T * G, g_t + 3 * H, T * G, Wh + 2 * H,
           3 * H, N, H, H);
#line 474 "chapters/11-documents.nw"
        
#line 505 "chapters/11-documents.nw"
for (int n = 0; n < N; n++) {
    real *g = g_t + (size_t)n * T * G;
    real *h_t = h + ((size_t)n * T + t) * H;
    const real *hp = t ? h_prev + (size_t)n * T * H : NULL;
    for (int k = 0; k < H; k++) {
        if (t >= len[n]) { h_t[k] = g[2 * H + k] = 0; continue; }
        real cand = fast_tanh(g[2 * H + k]), z = g[H + k];
        g[2 * H + k] = cand;
        h_t[k] = (1 - z) * cand + (hp ? z * hp[k] : 0);
    }
}
#line 475 "chapters/11-documents.nw"
    }
}
#line 549 "chapters/11-documents.nw"
void gru_backward(real *dx, real *dWx, real *dWh, real *dbias,
                  real *work, const real *dh, const real *h,
                  const real *gates, const real *x, const int *len,
                  const real *Wx, const real *Wh, int N, int T, int I,
                  int H)
{
    size_t G = 4 * (size_t)H, rows = (size_t)N * T;
    real *da = work;                            /* [N, T, 4H] */
    real *dh_all = work + rows * G;             /* [N, T, H] */
    memcpy(dh_all, dh, sizeof(real) * rows * H);
    memset(da, 0, sizeof(real) * rows * G);
    for (int t = T - 1; t >= 0; t--) {
        real *da_t = da + (size_t)t * G;
        const real *g_t = gates + (size_t)t * G;
        
#line 572 "chapters/11-documents.nw"
for (int n = 0; n < N; n++) {
    if (t >= len[n]) continue;
    const real *g = g_t + (size_t)n * T * G;
    real *d = da_t + (size_t)n * T * G;
    const real *gbar = dh_all + ((size_t)n * T + t) * H;
    const real *hp = t ? h + ((size_t)n * T + t - 1) * H : NULL;
    real *dhp = t ? dh_all + ((size_t)n * T + t - 1) * H : NULL;
    for (int k = 0; k < H; k++) {
        real z = g[H + k], cand = g[2 * H + k];
        real d_cand = gbar[k] * (1 - z);
        real d_z = gbar[k] * ((hp ? hp[k] : 0) - cand);
        if (dhp) dhp[k] += gbar[k] * z;
        d[2 * H + k] = d_cand * (1 - cand * cand);  /* tanh */
        d[H + k] = d_z * z * (1 - z);               /* sigmoid */
    }
}
#line 564 "chapters/11-documents.nw"
        if (!t) continue;                       /* no h_prev */
        
#line 593 "chapters/11-documents.nw"
matmul_backward(da_t + 3 * H, T * G, dWh + 2 * H, 3 * H,
                da_t + 2 * H, T * G, g_t + 3 * H, T * G,
                Wh + 2 * H, 3 * H, N, H, H);
for (int n = 0; n < N; n++) {
    if (t >= len[n]) continue;
    const real *g = g_t + (size_t)n * T * G;
    real *d = da_t + (size_t)n * T * G;
    const real *hp = h + ((size_t)n * T + t - 1) * H;
    real *dhp = dh_all + ((size_t)n * T + t - 1) * H;
    for (int k = 0; k < H; k++) {
        real r = g[k], d_rh = d[3 * H + k];
        dhp[k] += d_rh * r;
        d[k] = d_rh * hp[k] * r * (1 - r);          /* sigmoid */
    }
}
#line 566 "chapters/11-documents.nw"
        
#line 611 "chapters/11-documents.nw"
matmul_backward(dh_all + (size_t)(t - 1) * H, T * H, dWh, 3 * H,
                da_t, T * G, h + (size_t)(t - 1) * H, T * H, Wh,
                3 * H, N, H, 2 * H);
#line 567 "chapters/11-documents.nw"
    }
    
#line 617 "chapters/11-documents.nw"
matmul_backward(dx, I, dWx, 3 * H, da, G, x, I, Wx, 3 * H, rows, I,
                3 * H);
for (size_t i = 0; i < rows; i++)
    for (int j = 0; j < 3 * H; j++) dbias[j] += da[i * G + j];
#line 569 "chapters/11-documents.nw"
}
#line 662 "chapters/11-documents.nw"
void bigru_declare(BiGru *g, Params *p, const char *name, int dirs,
                   int I, int H)
{
    *g = (BiGru){ .dirs = dirs, .I = I, .H = H };
    char tensor[TENSOR_NAME_MAX];
    for (int d = 0; d < dirs; d++) {
        const char *side = d ? "bwd" : "fwd";
        snprintf(tensor, sizeof tensor, "%s_%s_Wx", name, side);
        g->Wx[d] = params_add(p, tensor, I, 3 * H);
        snprintf(tensor, sizeof tensor, "%s_%s_Wh", name, side);
        g->Wh[d] = params_add(p, tensor, H, 3 * H);
        snprintf(tensor, sizeof tensor, "%s_%s_b", name, side);
        g->b[d] = params_add(p, tensor, 1, 3 * H);
    }
}
#line 681 "chapters/11-documents.nw"
void bigru_init(const BiGru *g, Params *p, Rng *rng)
{
    for (int d = 0; d < g->dirs; d++) {
        init_xavier_uniform(param(p, g->Wx[d]), g->I, 3 * g->H, rng);
        init_orthogonal(param(p, g->Wh[d]), g->H, 3 * g->H, rng);
    }
}
#line 690 "chapters/11-documents.nw"
size_t bigru_cache_reals(const BiGru *g, int N, int T)
{
    size_t NT = (size_t)N * T;
    return g->dirs * NT * 6 * g->H
           + (g->dirs == 2 ? 2 * NT * g->I : 0) + NT * 5 * g->H;
}

void bigru_cache_alloc(BiGruCache *c, const BiGru *g, int N, int T)
{
    size_t NT = (size_t)N * T, H = g->H, rev = g->dirs == 2;
    size_t sizes[] = { NT * H, rev * NT * H, NT * 4 * H,
                       rev * NT * 4 * H, NT * H, rev * NT * H,
                       rev * NT * g->I, rev * NT * g->I, NT * 5 * H };
    real **arrays[] = { &c->h[0], &c->h[1], &c->gates[0],
                        &c->gates[1], &c->dh[0], &c->dh[1], &c->x_rev,
                        &c->d_x_rev, &c->work };
    alloc_parts(arrays, sizes, sizeof sizes / sizeof *sizes);
}
#line 722 "chapters/11-documents.nw"
static void gru_run(BiGruCache *c, const BiGru *g, const Params *p,
                    int d, const real *x, const int *len, int N,
                    int T)
{
    gru_forward(c->h[d], c->gates[d], x, len, param(p, g->Wx[d]),
                param(p, g->Wh[d]), param(p, g->b[d]), N, T, g->I,
                g->H);
}

void bigru_forward(real *out, BiGruCache *c, const BiGru *g,
                   const Params *p, const real *x, const int *len,
                   int N, int T)
{
    int H = g->H, D = g->dirs * H, I = g->I;
    gru_run(c, g, p, 0, x, len, N, T);
    if (g->dirs == 2) {
        
#line 745 "chapters/11-documents.nw"
memset(c->x_rev, 0, sizeof(real) * N * T * I);
for (int n = 0; n < N; n++)
    for (int t = 0; t < len[n]; t++)
        memcpy(c->x_rev + ((size_t)n * T + len[n] - 1 - t) * I,
               x + ((size_t)n * T + t) * I, sizeof(real) * I);
#line 739 "chapters/11-documents.nw"
        gru_run(c, g, p, 1, c->x_rev, len, N, T);
    }
    
#line 752 "chapters/11-documents.nw"
for (int n = 0; n < N; n++)
    for (int t = 0; t < T; t++) {
        real *o = out + ((size_t)n * T + t) * D;
        memcpy(o, c->h[0] + ((size_t)n * T + t) * H,
               sizeof(real) * H);
        if (g->dirs == 1) continue;
        if (t < len[n])     /* read at step len - 1 - t */
            memcpy(o + H, c->h[1] + ((size_t)n * T + len[n] - 1 - t)
                   * H, sizeof(real) * H);
        else
            memset(o + H, 0, sizeof(real) * H);
    }
#line 742 "chapters/11-documents.nw"
}
#line 769 "chapters/11-documents.nw"
static void gru_back(real *dx, Params *p, BiGruCache *c,
                     const BiGru *g, int d, const real *x,
                     const int *len, int N, int T)
{
    gru_backward(dx, param_grad(p, g->Wx[d]), param_grad(p, g->Wh[d]),
                 param_grad(p, g->b[d]), c->work, c->dh[d], c->h[d],
                 c->gates[d], x, len, param(p, g->Wx[d]),
                 param(p, g->Wh[d]), N, T, g->I, g->H);
}

void bigru_backward(real *dx, Params *p, BiGruCache *c,
                    const BiGru *g, const real *d_out, const real *x,
                    const int *len, int N, int T)
{
    int H = g->H, D = g->dirs * H, I = g->I;
    
#line 799 "chapters/11-documents.nw"
for (int d = 0; d < g->dirs; d++)
    memset(c->dh[d], 0, sizeof(real) * N * T * H);
for (int n = 0; n < N; n++)
    for (int t = 0; t < len[n]; t++) {
        const real *o = d_out + ((size_t)n * T + t) * D;
        memcpy(c->dh[0] + ((size_t)n * T + t) * H, o,
               sizeof(real) * H);
        if (g->dirs == 2)
            memcpy(c->dh[1] + ((size_t)n * T + len[n] - 1 - t) * H,
                   o + H, sizeof(real) * H);
    }
#line 785 "chapters/11-documents.nw"
    gru_back(dx, p, c, g, 0, x, len, N, T);
    if (g->dirs == 1) return;
    memset(c->d_x_rev, 0, sizeof(real) * N * T * I);
    gru_back(c->d_x_rev, p, c, g, 1, c->x_rev, len, N, T);
    for (int n = 0; n < N; n++)
        for (int t = 0; t < len[n]; t++) {
            real *to = dx + ((size_t)n * T + t) * I;
            const real *from = c->d_x_rev
                               + ((size_t)n * T + len[n] - 1 - t) * I;
            for (int i = 0; i < I; i++) to[i] += from[i];
        }
}
#line 862 "chapters/11-documents.nw"
void seqpool_declare(SeqPool *pl, Params *p, const char *name,
                     int mode, int dirs, int H)
{
    *pl = (SeqPool){ .mode = mode, .dirs = dirs, .D = dirs * H,
                     .Hq = H, .query = -1 };
    if (mode != POOL_ATTENTION) return;
    scorer_declare_named(&pl->sc, p, name, SCORE_ADDITIVE, H, pl->D);
    char tensor[TENSOR_NAME_MAX];
    snprintf(tensor, sizeof tensor, "%s_query", name);
    pl->query = params_add(p, tensor, 1, H);
}

void seqpool_init(const SeqPool *pl, Params *p, Rng *rng)
{
    if (pl->mode != POOL_ATTENTION) return;
    scorer_init(&pl->sc, p, rng);
    init_xavier_uniform(param(p, pl->query), 1, pl->Hq, rng);
}
#line 886 "chapters/11-documents.nw"
size_t seqpool_cache_reals(const SeqPool *pl, int N, int T)
{
    if (pl->mode != POOL_ATTENTION) return 0;
    size_t n = N, A = pl->Hq, Hd = pl->Hq, He = pl->D, S = T;
    return n * S + n * Hd + n * He  /* weights, dec_rows, q */
           + n * A + n * S * A + A  /* pd, pe, u */
           + S + S                  /* d_weights, d_score */
           + n * He + n * A         /* d_q, d_pd */
           + n * S * A + n * Hd     /* d_pe, d_dec_rows */
           + 2 * n * Hd;            /* q_rows, d_q_rows */
}

void seqpool_alloc(SeqPool *pl, int N, int T)
{
    pl->nonempty = xcalloc(N, sizeof(int));
    if (pl->mode != POOL_ATTENTION) return;
    attn_cache_alloc(&pl->cache, &pl->sc, N, 1, T);
    real **arrays[] = { &pl->q_rows, &pl->d_q_rows };
    size_t sizes[] = { (size_t)N * pl->Hq, (size_t)N * pl->Hq };
    alloc_parts(arrays, sizes, 2);
}

void seqpool_free(SeqPool *pl)
{
    free(pl->nonempty);
    if (pl->mode != POOL_ATTENTION) return;
    attn_cache_free(&pl->cache);
    free(pl->q_rows);
}
#line 931 "chapters/11-documents.nw"
void seqpool_forward(real *pooled, real *w, SeqPool *pl,
                     const Params *p, const real *x, const int *len,
                     const int *mask, int N, int T)
{
    int D = pl->D;
    memset(pooled, 0, sizeof(real) * N * D);
    memset(w, 0, sizeof(real) * N * T);
    for (int n = 0; n < N; n++) pl->nonempty[n] = len[n] > 0;
    if (pl->mode == POOL_ATTENTION) {
        
#line 951 "chapters/11-documents.nw"
for (int n = 0; n < N; n++)
    memcpy(pl->q_rows + (size_t)n * pl->Hq, param(p, pl->query),
           sizeof(real) * pl->Hq);
attention_forward(pooled, &pl->cache, &pl->sc, p, pl->q_rows, x, mask,
                  pl->nonempty, N, 1, T);
for (int n = 0; n < N; n++)
    if (len[n])
        memcpy(w + (size_t)n * T, pl->cache.weights + (size_t)n * T,
               sizeof(real) * T);
#line 941 "chapters/11-documents.nw"
        return;
    }
    for (int n = 0; n < N; n++) {
        if (!len[n]) continue;
        real *o = pooled + (size_t)n * D;
        
#line 962 "chapters/11-documents.nw"
const real *first = x + (size_t)n * T * D;
const real *last = first + (size_t)(len[n] - 1) * D;
int H = D / pl->dirs;
if (pl->mode == POOL_MEAN) {
    for (int t = 0; t < len[n]; t++) {
        w[(size_t)n * T + t] = (real)1 / len[n];
        for (int k = 0; k < D; k++) o[k] += first[t * D + k] / len[n];
    }
} else {        /* forward's final state, then backward's */
    memcpy(o, last, sizeof(real) * H);
    if (pl->dirs == 2) memcpy(o + H, first + H, sizeof(real) * H);
}
#line 947 "chapters/11-documents.nw"
    }
}
#line 978 "chapters/11-documents.nw"
void seqpool_backward(real *dx, Params *p, SeqPool *pl,
                      const real *d_pooled, const real *x,
                      const int *len, const int *mask, int N, int T)
{
    int D = pl->D, H = D / pl->dirs;
    if (pl->mode == POOL_ATTENTION) {
        
#line 1005 "chapters/11-documents.nw"
memset(pl->d_q_rows, 0, sizeof(real) * N * pl->Hq);
attention_backward(pl->d_q_rows, dx, p, &pl->cache, &pl->sc, d_pooled,
                   pl->q_rows, x, mask, pl->nonempty, N, 1, T);
real *dq = param_grad(p, pl->query);
for (int n = 0; n < N; n++)
    for (int k = 0; k < pl->Hq; k++)
        dq[k] += pl->d_q_rows[(size_t)n * pl->Hq + k];
#line 985 "chapters/11-documents.nw"
        return;
    }
    for (int n = 0; n < N; n++) {
        if (!len[n]) continue;
        const real *g = d_pooled + (size_t)n * D;
        real *first = dx + (size_t)n * T * D;
        real *last = first + (size_t)(len[n] - 1) * D;
        if (pl->mode == POOL_MEAN) {
            for (int t = 0; t < len[n]; t++)
                for (int k = 0; k < D; k++)
                    first[t * D + k] += g[k] / len[n];
            continue;
        }
        for (int k = 0; k < H; k++) last[k] += g[k];
        if (pl->dirs == 2)
            for (int k = 0; k < H; k++) first[H + k] += g[H + k];
    }
}
#line 1040 "chapters/11-documents.nw"
static const char *const han_variant[] = {
    "han", "han-words", "han-sentences", "han-mean", "han-last",
    NULL };
static const int word_mode[HAN_VARIANTS] = {
    POOL_ATTENTION, POOL_ATTENTION, POOL_MEAN, POOL_MEAN, POOL_LAST };
static const int sentence_mode[HAN_VARIANTS] = {
    POOL_ATTENTION, POOL_MEAN, POOL_ATTENTION, POOL_MEAN, POOL_LAST };

static int han_chooses(int variant)
{
    return variant < HAN_MEAN;
}
#line 1087 "chapters/11-documents.nw"
static void han_declare(Han *h, const ModelConfig *cfg)
{
    Params *p = &h->m.params;
    int dirs = cfg->directions, H = cfg->H, D = dirs * H;
    params_init(p);
    h->emb = params_add(p, "emb", cfg->src_vocab, cfg->E);
    bigru_declare(&h->word_gru, p, "word", dirs, cfg->E, H);
    seqpool_declare(&h->word_pool, p, "word_att",
                    word_mode[cfg->attention], dirs, H);
    bigru_declare(&h->sent_gru, p, "sent", dirs, D, H);
    seqpool_declare(&h->sent_pool, p, "sent_att",
                    sentence_mode[cfg->attention], dirs, H);
    h->out_W = params_add(p, "out_W", D, cfg->tgt_vocab);
    h->out_b = params_add(p, "out_b", 1, cfg->tgt_vocab);
    h->D = D;
}
#line 1109 "chapters/11-documents.nw"
static void han_split(Han *h, const Batch *batch)
{
    int B = batch->B, S = batch->S;
    h->NS = 1; h->W = 1;
    for (int b = 0; b < B; b++) {
        int *first = h->s_first + b * h->max_NS;
        int *words = h->s_words + b * h->max_NS;
        int n = doc_sentences(first, words, h->max_NS,
                              batch->src + (size_t)b * S,
                              batch->src_len[b]);
        
#line 1129 "chapters/11-documents.nw"
if (n < 0)
    refuse("a document has more than %d sentences, the most this"
           " model reads", h->max_NS);
for (int i = 0; i < n; i++)
    if (words[i] > h->max_W)
        refuse("a sentence has %d words; this model reads at most %d",
               words[i], h->max_W);
#line 1120 "chapters/11-documents.nw"
        h->s_len[b] = n;
        if (n > h->NS) h->NS = n;
        for (int i = 0; i < n; i++)
            if (words[i] > h->W) h->W = words[i];
    }
    
#line 1138 "chapters/11-documents.nw"
int NS = h->NS, W = h->W;
for (int b = 0; b < B; b++)
    for (int i = 0; i < NS; i++) {
        int row = b * NS + i, n = i < h->s_len[b];
        int first = n ? h->s_first[b * h->max_NS + i] : 0;
        h->w_len[row] = n ? h->s_words[b * h->max_NS + i] : 0;
        h->s_mask[row] = n;
        for (int t = 0; t < W; t++) {
            int on = t < h->w_len[row];
            h->w_mask[row * W + t] = on;
            h->w_ids[row * W + t] =
                on ? batch->src[(size_t)b * S + first + t] : PAD;
        }
    }
#line 1126 "chapters/11-documents.nw"
}
#line 1154 "chapters/11-documents.nw"
static void han_read(Han *h, const Batch *batch)
{
    const Params *p = &h->m.params;
    int B = batch->B, E = h->m.cfg.E, V = h->m.cfg.tgt_vocab;
    han_split(h, batch);
    int NS = h->NS, W = h->W, N = B * NS;
    embedding_forward(h->x, h->w_ids, h->w_len, param(p, h->emb), N,
                      W, E);
    bigru_forward(h->word_out, &h->word_cache, &h->word_gru, p, h->x,
                  h->w_len, N, W);
    seqpool_forward(h->sent_in, h->word_w, &h->word_pool, p,
                    h->word_out, h->w_len, h->w_mask, N, W);
    bigru_forward(h->sent_out, &h->sent_cache, &h->sent_gru, p,
                  h->sent_in, h->s_len, B, NS);
    seqpool_forward(h->doc, h->sent_w, &h->sent_pool, p, h->sent_out,
                    h->s_len, h->s_mask, B, NS);
    linear_forward(h->logits, h->doc, param(p, h->out_W),
                   param(p, h->out_b), B, h->D, V);
}
#line 1179 "chapters/11-documents.nw"
static double han_forward(Model *m, const Batch *batch)
{
    Han *h = han_of(m);
    int B = batch->B, V = m->cfg.tgt_vocab;
    han_read(h, batch);
    for (int b = 0; b < B; b++) {
        h->label[b] = batch->tgt[(size_t)b * batch->T + 1];
        assert(h->label[b] >= N_SPECIAL && h->label[b] < V);
    }
    double total = cross_entropy_forward(h->prob, h->logits, h->label,
                                         B, V, 0, PAD, &h->counted);
    return total / h->counted;
}
#line 1197 "chapters/11-documents.nw"
static void han_backward(Model *m, const Batch *batch)
{
    Han *h = han_of(m);
    Params *p = &m->params;
    int B = batch->B, V = m->cfg.tgt_vocab, E = m->cfg.E, D = h->D;
    int NS = h->NS, W = h->W, N = B * NS;
    memset(h->d_logits, 0, sizeof(real) * B * V);
    cross_entropy_backward(h->d_logits, h->prob, h->label, B, V, 0,
                           PAD, 1.0 / h->counted);
    memset(h->d_doc, 0, sizeof(real) * B * D);
    linear_backward(h->d_doc, param_grad(p, h->out_W),
                    param_grad(p, h->out_b), h->d_logits, h->doc,
                    param(p, h->out_W), B, D, V);
    
#line 1217 "chapters/11-documents.nw"
memset(h->d_sent_out, 0, sizeof(real) * N * D);
seqpool_backward(h->d_sent_out, p, &h->sent_pool, h->d_doc,
                 h->sent_out, h->s_len, h->s_mask, B, NS);
memset(h->d_sent_in, 0, sizeof(real) * N * D);
bigru_backward(h->d_sent_in, p, &h->sent_cache, &h->sent_gru,
               h->d_sent_out, h->sent_in, h->s_len, B, NS);
#line 1211 "chapters/11-documents.nw"
    
#line 1225 "chapters/11-documents.nw"
memset(h->d_word_out, 0, sizeof(real) * N * W * D);
seqpool_backward(h->d_word_out, p, &h->word_pool, h->d_sent_in,
                 h->word_out, h->w_len, h->w_mask, N, W);
memset(h->d_x, 0, sizeof(real) * N * W * E);
bigru_backward(h->d_x, p, &h->word_cache, &h->word_gru, h->d_word_out,
               h->x, h->w_len, N, W);
#line 1212 "chapters/11-documents.nw"
    embedding_backward(param_grad(p, h->emb), h->d_x, h->w_ids,
                       h->w_len, N, W, E);
}
#line 1260 "chapters/11-documents.nw"
void han_classify(Model *m, const Batch *batch, int *label)
{
    assert(m->cfg.family == &han_family);
    Han *h = han_of(m);
    int V = m->cfg.tgt_vocab;
    han_read(h, batch);
    for (int b = 0; b < batch->B; b++) {
        const real *z = h->logits + (size_t)b * V;
        int best = N_SPECIAL;
        for (int k = best + 1; k < V; k++)
            if (z[k] > z[best]) best = k;
        label[b] = best;
    }
}
#line 1276 "chapters/11-documents.nw"
int han_evidence(const Model *m, int b, real *token_w,
                 real *sentence_w)
{
    const Han *h = (const Han *)m;
    int n = h->s_len[b], NS = h->NS, W = h->W;
    memset(token_w, 0, sizeof(real) * m->max_S);
    for (int i = 0; i < n; i++) {
        int row = b * NS + i, first = h->s_first[b * h->max_NS + i];
        sentence_w[i] = h->sent_w[row];
        for (int t = 0; t < h->w_len[row]; t++)
            token_w[first + t] = h->word_w[(size_t)row * W + t];
    }
    return n;
}
#line 1302 "chapters/11-documents.nw"
void han_show(FILE *f, const Model *m, int b, const int *ids,
              const Vocab *src, int gold_at)
{
    real *token_w = xcalloc(m->max_S, sizeof(real));
    real sent_w[HAN_MAX_SENTENCES];
    int n = han_evidence(m, b, token_w, sent_w);
    const Han *h = (const Han *)m;
    for (int i = 0; i < n; i++) {
        int first = h->s_first[b * h->max_NS + i];
        int end = first + h->s_words[b * h->max_NS + i];
        int gold = gold_at >= first && gold_at < end;
        int bar = (int)lround(20 * sent_w[i]);
        fprintf(f, "%c %4.2f %.*s%*s ", gold ? '>' : ' ', sent_w[i],
                bar, "####################", 20 - bar, "");
        for (int t = first; t < end; t++)
            fprintf(f, t == gold_at ? " [%s]:%d" : " %s:%d",
                    src->word[ids[t]], (int)lround(100 * token_w[t]));
        fprintf(f, "\n");
    }
    free(token_w);
}
#line 1332 "chapters/11-documents.nw"
typedef struct { size_t reals, ints; } HanSizes;

static void han_capacity(int max_len, int *max_NS, int *max_W)
{
    *max_NS = (max_len - 1) / 2 < HAN_MAX_SENTENCES
              ? (max_len - 1) / 2 : HAN_MAX_SENTENCES;
    *max_W = max_len - 2 < HAN_MAX_WORDS ? max_len - 2
                                         : HAN_MAX_WORDS;
    if (*max_NS < 1) *max_NS = 1;
    if (*max_W < 1) *max_W = 1;
}
#line 1345 "chapters/11-documents.nw"
static HanSizes han_sizes(const Han *h, const ModelConfig *cfg,
                          int max_B)
{
    size_t B = max_B, N = B * h->max_NS, W = h->max_W, D = h->D;
    size_t E = cfg->E, V = cfg->tgt_vocab;
    HanSizes s;
    s.ints = 2 * N * W                  /* w_ids, w_mask */
             + N + B + N                /* w_len, s_len, s_mask */
             + 2 * B * h->max_NS + B    /* s_first, s_words, label */
             + N + B;                   /* the pools' nonempty */
    s.reals = 2 * (N * W * E            /* x, and its gradient, */
                   + N * W * D          /* word_out, */
                   + 2 * N * D          /* sent_in, sent_out, */
                   + B * D + B * V)     /* doc, logits */
              + N * W + N + B * V       /* word_w, sent_w, prob */
              + bigru_cache_reals(&h->word_gru, N, W)
              + bigru_cache_reals(&h->sent_gru, B, h->max_NS)
              + seqpool_cache_reals(&h->word_pool, N, W)
              + seqpool_cache_reals(&h->sent_pool, B, h->max_NS);
    return s;
}
#line 1368 "chapters/11-documents.nw"
static Model *han_create(const ModelConfig *cfg, int max_B,
                         int max_len, uint64_t seed)
{
    Han *h = xcalloc(1, sizeof *h);
    h->m.cfg = *cfg;
    h->m.max_B = max_B;
    h->m.max_S = max_len;
    h->m.max_T = max_len - 1;
    han_capacity(max_len, &h->max_NS, &h->max_W);
    han_declare(h, cfg);
    params_alloc(&h->m.params);
    
#line 1385 "chapters/11-documents.nw"
Params *p = &h->m.params;
Rng rng;
rng_seed(&rng, seed);
init_normal(param(p, h->emb), (size_t)cfg->src_vocab * cfg->E, 0.1,
            &rng);
bigru_init(&h->word_gru, p, &rng);
seqpool_init(&h->word_pool, p, &rng);
bigru_init(&h->sent_gru, p, &rng);
seqpool_init(&h->sent_pool, p, &rng);
init_xavier_uniform(param(p, h->out_W), h->D, cfg->tgt_vocab, &rng);
#line 1380 "chapters/11-documents.nw"
    
#line 1397 "chapters/11-documents.nw"
size_t B = max_B, N = B * h->max_NS, W = h->max_W, D = h->D;
size_t E = cfg->E, V = cfg->tgt_vocab;
int **ints[] = { &h->w_ids, &h->w_mask, &h->w_len, &h->s_len,
                 &h->s_mask, &h->s_first, &h->s_words, &h->label };
size_t n_ints[] = { N * W, N * W, N, B, N, B * h->max_NS,
                    B * h->max_NS, B };
for (int k = 0; k < 8; k++)
    *ints[k] = xcalloc(n_ints[k], sizeof(int));
real **arrays[] = { &h->x, &h->d_x, &h->word_out, &h->d_word_out,
                    &h->sent_in, &h->d_sent_in, &h->sent_out,
                    &h->d_sent_out, &h->doc, &h->d_doc, &h->logits,
                    &h->d_logits, &h->word_w, &h->sent_w, &h->prob };
size_t sizes[] = { N * W * E, N * W * E, N * W * D, N * W * D, N * D,
                   N * D, N * D, N * D, B * D, B * D, B * V, B * V,
                   N * W, N, B * V };
alloc_parts(arrays, sizes, sizeof sizes / sizeof *sizes);
bigru_cache_alloc(&h->word_cache, &h->word_gru, N, W);
bigru_cache_alloc(&h->sent_cache, &h->sent_gru, B, h->max_NS);
seqpool_alloc(&h->word_pool, N, W);
seqpool_alloc(&h->sent_pool, B, h->max_NS);
#line 1381 "chapters/11-documents.nw"
    return &h->m;
}
#line 1419 "chapters/11-documents.nw"
static void han_free(Model *m)
{
    Han *h = han_of(m);
    free(h->w_ids); free(h->w_mask); free(h->w_len); free(h->s_len);
    free(h->s_mask); free(h->s_first); free(h->s_words);
    free(h->label); free(h->x);
    free(h->word_cache.h[0]); free(h->sent_cache.h[0]);
    seqpool_free(&h->word_pool); seqpool_free(&h->sent_pool);
    params_free(&m->params);
    free(h);
}
#line 1436 "chapters/11-documents.nw"
static double han_bytes(const ModelConfig *cfg, int max_B,
                        int max_len)
{
    Han h;
    memset(&h, 0, sizeof h);
    han_capacity(max_len, &h.max_NS, &h.max_W);
    han_declare(&h, cfg);
    HanSizes s = han_sizes(&h, cfg, max_B);
    double per_param = 4;   /* value, gradient, Adam's m and v */
    return sizeof h + per_param * h.m.params.count * sizeof(real)
           + s.reals * sizeof(real) + s.ints * sizeof(int);
}

static size_t han_param_count(const ModelConfig *cfg)
{
    Han h;
    memset(&h, 0, sizeof h);
    han_declare(&h, cfg);
    return h.m.params.count;
}
#line 1459 "chapters/11-documents.nw"
static const char *han_check(const ModelConfig *cfg)
{
    if (cfg->attention < 0 || cfg->attention >= HAN_VARIANTS)
        return "unknown variant of the document classifier";
    if (cfg->directions != 1 && cfg->directions != 2)
        return "the document classifier reads in 1 or 2 directions";
    if (cfg->E < 1 || cfg->H < 1)
        return "the embedding and hidden sizes must be at least 1";
    if (cfg->tgt_vocab <= N_SPECIAL)
        return "the document classifier needs at least one class";
    return NULL;
}
#line 1474 "chapters/11-documents.nw"
static const ConfigField han_fields[] = {
    { "source vocabulary", offsetof(ModelConfig, src_vocab), 1,
      CKPT_MAX_SIZE },
    { "target vocabulary", offsetof(ModelConfig, tgt_vocab), 1,
      CKPT_MAX_SIZE },
    { "embedding size", offsetof(ModelConfig, E), 1, CKPT_MAX_SIZE },
    { "hidden size", offsetof(ModelConfig, H), 1, CKPT_MAX_SIZE },
    { "variant", offsetof(ModelConfig, attention), 0,
      HAN_VARIANTS - 1 },
    { "directions", offsetof(ModelConfig, directions), 1, 2 },
    { NULL, 0, 0, 0 }
};

const ModelFamily han_family = {
    .name = "han", .variants = han_variant,
    .check = han_check, .bytes = han_bytes,
    .create = han_create, .free = han_free,
    .forward = han_forward, .backward = han_backward,
    .chooses = han_chooses,
    .fields = han_fields, .param_count = han_param_count,
};
#line 1506 "chapters/11-documents.nw"
ModelConfig han_config_default(void)
{
    ModelConfig cfg = model_config_default();
    cfg.family = &han_family;
    cfg.attention = HAN_BOTH;
    cfg.src_vocab = task_vocab_size(&documents_task, SOURCE);
    cfg.tgt_vocab = task_vocab_size(&documents_task, TARGET);
    cfg.E = cfg.H = 16;
    cfg.directions = 2;
    return cfg;
}
