#line 1653 "chapters/08-using.nw"
/* beam.c: beam search (chapter 8). */
#include "beam.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>
#line 1665 "chapters/08-using.nw"
double length_penalty(int length, double alpha)
{
    return pow((5.0 + length) / 6.0, alpha);
}
#line 1671 "chapters/08-using.nw"
int beam_steps(const Batch *batch)
{
    int steps = 1;
    for (int b = 0; b < batch->B; b++) {
        int limit = max_output_length(batch->src_len[b] - 2);
        if (limit > steps) steps = limit;
    }
    return steps;
}
#line 1693 "chapters/08-using.nw"
static double log_sum_exp(const real *z /* [V] */, int V)
{
    double zmax = z[0], sum = 0;
    for (int k = 1; k < V; k++) if (z[k] > zmax) zmax = z[k];
    for (int k = 0; k < V; k++) sum += exp((double)z[k] - zmax);
    return zmax + log(sum);
}
#line 1702 "chapters/08-using.nw"
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
#line 1734 "chapters/08-using.nw"
enum { SLOT_EMPTY, SLOT_OPEN, SLOT_DONE };
typedef struct {
    int steps, S;                   /* the sizes of the arrays */
    int *state, *length;            /* [N] */
    double *score;                  /* [N]: log-probability */
    int *tokens;                    /* [N, steps] */
    real *weights;                  /* [N, steps, S] or NULL */
} Beam;
#line 1752 "chapters/08-using.nw"
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
#line 1862 "chapters/08-using.nw"
static void beam_alloc(Beam *bm, int N, int steps, int S)
{
    bm->steps = steps;
    bm->S = S;
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
#line 1928 "chapters/08-using.nw"
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
#line 1954 "chapters/08-using.nw"
static void take(Beam *to, int i, const Beam *from,
                 const Candidate *c, int s, const real *step_w)
{
    int steps = to->steps, S = to->S, p = c->parent;
    memcpy(to->tokens + (size_t)i * steps,
           from->tokens + (size_t)p * steps, sizeof(int) * steps);
    to->tokens[(size_t)i * steps + s] = c->token;
    if (to->weights) {
        memcpy(to->weights + (size_t)i * steps * S,
               from->weights + (size_t)p * steps * S,
               sizeof(real) * steps * S);
        memcpy(to->weights + ((size_t)i * steps + s) * S,
               step_w + (size_t)p * S, sizeof(real) * S);
    }
    to->score[i] = c->score;
    to->length[i] = c->length;
    to->state[i] = c->token == EOS ? SLOT_DONE : SLOT_OPEN;
}
#line 2019 "chapters/08-using.nw"
static double key_of(const Beam *bm, int i, double alpha)
{
    return bm->score[i] / length_penalty(bm->length[i], alpha);
}

static int worst_of(const Beam *bm, int i0, int k, double alpha)
{
    int worst = i0;
    for (int i = i0 + 1; i < i0 + k; i++)
        if (key_of(bm, i, alpha) < key_of(bm, worst, alpha))
            worst = i;
    return worst;
}

static void write_answer(int *out, double *logprob, real *weights,
                         int b, const Beam *from, int i)
{
    int steps = from->steps, S = from->S;
    memcpy(out + (size_t)b * steps, from->tokens + (size_t)i * steps,
           sizeof(int) * steps);
    if (logprob) logprob[b] = from->score[i];
    if (weights)
        memcpy(weights + (size_t)b * steps * S,
               from->weights + (size_t)i * steps * S,
               sizeof(real) * steps * S);
}
#line 1775 "chapters/08-using.nw"
void beam_decode(Model *m, const Batch *batch, const BeamConfig *bc,
                 int steps, int *out, double *logprob, real *weights)
{
    int B = batch->B, k = bc->width, N = B * k, S = batch->S;
    int V = m->cfg.tgt_vocab;
    assert(k >= 1 && N <= m->max_B && steps >= 1
           && steps <= m->max_T);
    Encoding one = encode_source(m, batch);
    
#line 1817 "chapters/08-using.nw"
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
#line 1784 "chapters/08-using.nw"
    
#line 1842 "chapters/08-using.nw"
Beam cur, next, done;
beam_alloc(&cur, N, steps, weights ? S : 0);
beam_alloc(&next, N, steps, weights ? S : 0);
beam_alloc(&done, N, steps, weights ? S : 0);
DecoderState *d = decoder_start(m, &enc);
for (int i = 0; i < N; i++)
    cur.state[i] = i % k == 0 ? SLOT_OPEN : SLOT_EMPTY;
int *input = xcalloc((size_t)2 * N + 3 * B, sizeof(int));
int *parent = input + N, *closed = parent + N;
int *n_done = closed + B, *limit = n_done + B, open_sentences = B;
for (int b = 0; b < B; b++) {
    limit[b] = max_output_length(batch->src_len[b] - 2);
    if (limit[b] > steps) limit[b] = steps;
}
real *step_w = weights ? xcalloc((size_t)N * S, sizeof(real)) : NULL;
Candidate *cand = xcalloc((size_t)k * V, sizeof(Candidate));
#line 1785 "chapters/08-using.nw"
    for (int s = 0; s < steps && open_sentences; s++) {
        for (int i = 0; i < N; i++)
            input[i] = s == 0 ? SOS : cur.tokens[i * steps + s - 1];
        decoder_step(m, d, &enc, input, step_w);
        for (int i = 0; i < N; i++) parent[i] = i;
        for (int b = 0; b < B; b++) {
            if (closed[b]) continue;
            
#line 1901 "chapters/08-using.nw"
int nc = 0, i0 = b * k, open = 0;
for (int i = i0; i < i0 + k; i++)
    if (cur.state[i] == SLOT_OPEN)
        nc = extend(cand, nc, i, d->logits + (size_t)i * V, V,
                    cur.score[i], cur.length[i] + 1, bc->alpha);
qsort(cand, nc, sizeof *cand, by_key);
for (int i = i0; i < i0 + k; i++) next.state[i] = SLOT_EMPTY;
for (int c = 0; c < nc && open < k; c++) {
    if (cand[c].token != EOS) {
        parent[i0 + open] = cand[c].parent;
        take(&next, i0 + open++, &cur, &cand[c], s, step_w);
    } else if (c < k) {             /* among the best k: finished */
        int slot = n_done[b] < k ? i0 + n_done[b]++
                                 : worst_of(&done, i0, k, bc->alpha);
        if (done.state[slot] != SLOT_DONE
            || cand[c].key > key_of(&done, slot, bc->alpha))
            take(&done, slot, &cur, &cand[c], s, step_w);
    }
}
#line 1793 "chapters/08-using.nw"
            
#line 1993 "chapters/08-using.nw"
int settled = n_done[b] == k;
if (settled && open > 0) {
    int worst = worst_of(&done, i0, k, bc->alpha);
    settled = key_of(&done, worst, bc->alpha)
              >= key_of(&next, i0, bc->alpha);
}
if (settled || open == 0 || s + 1 == limit[b]) {
    assert(n_done[b] > 0 || open > 0);
    const Beam *from = n_done[b] ? &done : &next;
    int best = i0;
    for (int i = i0 + 1; i < i0 + n_done[b]; i++)
        if (key_of(&done, i, bc->alpha)
            > key_of(&done, best, bc->alpha))
            best = i;
    write_answer(out, logprob, weights, b, from, best);
    for (int i = i0; i < i0 + k; i++) next.state[i] = SLOT_EMPTY;
    closed[b] = 1;
    open_sentences--;
}
#line 1794 "chapters/08-using.nw"
        }
        
#line 2051 "chapters/08-using.nw"
Beam t = cur;
cur = next;
next = t;
decoder_reorder(m, d, parent);
#line 1796 "chapters/08-using.nw"
    }
    
#line 2060 "chapters/08-using.nw"
assert(open_sentences == 0);        /* each closes by its limit */
beam_free(&cur);
beam_free(&next);
beam_free(&done);
decoder_stop(m, d);
free(rep); free(rep_mask);
free(input); free(step_w); free(cand);
#line 1798 "chapters/08-using.nw"
}
