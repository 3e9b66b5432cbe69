#line 1559 "chapters/08-using.nw"
/* beam.c: beam search (chapter 8). */
#include "beam.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>
#line 1571 "chapters/08-using.nw"
double length_penalty(int length, double alpha)
{
    return pow((5.0 + length) / 6.0, alpha);
}
#line 1586 "chapters/08-using.nw"
static double log_sum_exp(const real *z /* [V] */, int V)
{
    double zmax = z[0], sum = 0;
    for (int k = 1; k < V; k++) if (z[k] > zmax) zmax = z[k];
    for (int k = 0; k < V; k++) sum += exp((double)z[k] - zmax);
    return zmax + log(sum);
}
#line 1595 "chapters/08-using.nw"
void target_logprob(Model *m, const Batch *batch, double *logprob)
{
    int B = batch->B, T = batch->T, V = m->cfg.tgt_vocab;
    Encoding enc = encode_source(m, batch);
    DecoderState *d = decoder_start(m, &enc);
    int *input = xcalloc(B, sizeof(int));
    for (int b = 0; b < B; b++) logprob[b] = 0;
    for (int t = 0; t + 1 < T; t++) {
        for (int b = 0; b < B; b++)
            input[b] = batch->tgt[(size_t)b * T + t];
        decoder_step(m, d, &enc, input, NULL);
        for (int b = 0; b < B; b++) {
            if (t + 1 >= batch->tgt_len[b]) continue;
            const real *z = d->logits + (size_t)b * V;
            int y = batch->tgt[(size_t)b * T + t + 1];
            logprob[b] += (double)z[y] - log_sum_exp(z, V);
        }
    }
    decoder_stop(m, d);
    free(input);
}
#line 1624 "chapters/08-using.nw"
enum { SLOT_EMPTY, SLOT_OPEN, SLOT_DONE };
typedef struct {
    int *state, *length;            /* [N] */
    double *score;                  /* [N]: log-probability */
    int *tokens;                    /* [N, steps] */
    real *weights;                  /* [N, steps, S] or NULL */
} Beam;
#line 1642 "chapters/08-using.nw"
typedef struct {
    int parent, token, length, order;
    double score, key;
} Candidate;

static int by_key(const void *a, const void *b)
{
    const Candidate *x = a, *y = b;
    if (x->key != y->key) return x->key > y->key ? -1 : 1;
    return x->order - y->order;
}
#line 1725 "chapters/08-using.nw"
static void beam_alloc(Beam *bm, int N, int steps, int S)
{
    bm->state = xcalloc((size_t)N * (2 + steps), sizeof(int));
    bm->length = bm->state + N;
    bm->tokens = bm->length + N;
    for (size_t i = 0; i < (size_t)N * steps; i++)
        bm->tokens[i] = PAD;
    bm->score = xcalloc(N, sizeof(double));
    bm->weights = S ? xcalloc((size_t)N * steps * S, sizeof(real))
                    : NULL;
}

static void beam_free(Beam *bm)
{
    free(bm->state);
    free(bm->score);
    free(bm->weights);
}
#line 1772 "chapters/08-using.nw"
static Candidate candidate(int parent, int token, double score,
                           int length, int order, double alpha)
{
    return (Candidate){ parent, token, length, order, score,
                        score / length_penalty(length, alpha) };
}

static int extend(Candidate *cand, int nc, int parent,
                  const real *z /* [V] */, int V, double score,
                  int length, double alpha)
{
    double lse = log_sum_exp(z, V);
    for (int w = FIRST_OUTPUT; w < V; w++, nc++)
        cand[nc] = candidate(parent, w, score + ((double)z[w] - lse),
                             length, nc, alpha);
    return nc;
}
#line 1660 "chapters/08-using.nw"
void beam_decode(Model *m, const Batch *batch, const BeamConfig *bc,
                 int steps, int *out, double *logprob, real *weights)
{
    int B = batch->B, k = bc->width, N = B * k, S = batch->S;
    int V = m->cfg.tgt_vocab;
    assert(k >= 1 && N <= m->max_B && steps >= 1);
    Encoding one = encode_source(m, batch);
    
#line 1687 "chapters/08-using.nw"
size_t H = one.H, SH = (size_t)S * H;
real *rep = xcalloc((size_t)N * (SH + 2 * H), sizeof(real));
real *rep_h = rep + N * SH, *rep_c = rep_h + (size_t)N * H;
int *rep_mask = xcalloc((size_t)N * (S + 1), sizeof(int));
int *rep_len = rep_mask + (size_t)N * S;
for (int i = 0; i < N; i++) {
    int b = i / k;
    memcpy(rep + i * SH, one.out + b * SH, sizeof(real) * SH);
    for (int t = 0; t < S; t++)
        rep_mask[(size_t)i * S + t] = t < one.len[b];
    rep_len[i] = one.len[b];
    if (!one.h_last) continue;
    memcpy(rep_h + i * H, one.h_last + b * H, sizeof(real) * H);
    memcpy(rep_c + i * H, one.c_last + b * H, sizeof(real) * H);
}
Encoding enc = { .out = rep, .len = rep_len, .mask = rep_mask,
                  .B = N, .S = S, .H = (int)H,
                  .h_last = one.h_last ? rep_h : NULL,
                  .c_last = one.h_last ? rep_c : NULL };
#line 1668 "chapters/08-using.nw"
    
#line 1711 "chapters/08-using.nw"
Beam cur, next;
beam_alloc(&cur, N, steps, weights ? S : 0);
beam_alloc(&next, N, steps, weights ? S : 0);
DecoderState *d = decoder_start(m, &enc);
for (int i = 0; i < N; i++)
    cur.state[i] = i % k == 0 ? SLOT_OPEN : SLOT_EMPTY;
int *input = xcalloc((size_t)2 * N, sizeof(int)), any_open = 1;
int *parent = input + N;
real *step_w = weights ? xcalloc((size_t)N * S, sizeof(real)) : NULL;
Candidate *cand = xcalloc((size_t)k * (V + 1), sizeof(Candidate));
#line 1669 "chapters/08-using.nw"
    for (int s = 0; s < steps && any_open; s++) {
        for (int i = 0; i < N; i++)
            input[i] = s == 0 ? SOS : cur.tokens[i * steps + s - 1];
        decoder_step(m, d, &enc, input, step_w);
        any_open = 0;
        for (int b = 0; b < B; b++) {
            
#line 1749 "chapters/08-using.nw"
int nc = 0;
for (int j = 0; j < k; j++) {
    int i = b * k + j;
    if (cur.state[i] == SLOT_DONE) {
        cand[nc] = candidate(i, -1, cur.score[i], cur.length[i],
                             nc, bc->alpha);
        nc++;
    } else if (cur.state[i] == SLOT_OPEN)
        nc = extend(cand, nc, i, d->logits + (size_t)i * V, V,
                    cur.score[i], cur.length[i] + 1, bc->alpha);
}
qsort(cand, nc, sizeof *cand, by_key);
for (int j = 0; j < k; j++) {
    
#line 1795 "chapters/08-using.nw"
int i = b * k + j;
parent[i] = i;
if (j >= nc) { next.state[i] = SLOT_EMPTY; continue; }
const Candidate *c = &cand[j];
int from = parent[i] = c->parent;
memcpy(next.tokens + (size_t)i * steps,
       cur.tokens + (size_t)from * steps, sizeof(int) * steps);
if (weights)
    memcpy(next.weights + (size_t)i * steps * S,
           cur.weights + (size_t)from * steps * S,
           sizeof(real) * steps * S);
#line 1811 "chapters/08-using.nw"
if (c->token >= 0) {
    next.tokens[(size_t)i * steps + s] = c->token;
    if (weights)
        memcpy(next.weights + ((size_t)i * steps + s) * S,
               step_w + (size_t)from * S, sizeof(real) * S);
}
next.state[i] = c->token < 0 || c->token == EOS ? SLOT_DONE
                                                 : SLOT_OPEN;
any_open |= next.state[i] == SLOT_OPEN;
#line 1807 "chapters/08-using.nw"
next.score[i] = c->score;
next.length[i] = c->length;
#line 1763 "chapters/08-using.nw"
}
#line 1676 "chapters/08-using.nw"
        }
        
#line 1823 "chapters/08-using.nw"
Beam t = cur;
cur = next;
next = t;
decoder_reorder(m, d, parent);
#line 1678 "chapters/08-using.nw"
    }
    
#line 1830 "chapters/08-using.nw"
for (int b = 0; b < B; b++) {
    int i = b * k;
    memcpy(out + (size_t)b * steps, cur.tokens + (size_t)i * steps,
           sizeof(int) * steps);
    if (logprob) logprob[b] = cur.score[i];
    if (weights)
        memcpy(weights + (size_t)b * steps * S,
               cur.weights + (size_t)i * steps * S,
               sizeof(real) * steps * S);
}
#line 1680 "chapters/08-using.nw"
    
#line 1842 "chapters/08-using.nw"
beam_free(&cur);
beam_free(&next);
decoder_stop(m, d);
free(rep); free(rep_mask);
free(input); free(step_w); free(cand);
#line 1681 "chapters/08-using.nw"
}
