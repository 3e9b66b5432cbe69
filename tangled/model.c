#line 695 "chapters/03-bottleneck.nw"
/* model.c: the code written once for every model family. */
#include "model.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>
#line 822 "chapters/03-bottleneck.nw"
Model *model_create(const ModelConfig *cfg, int max_B, int max_len,
                    uint64_t seed)
{
    assert(cfg->family && !cfg->family->check(cfg));
    assert(max_B > 0 && max_len > 1);
    return cfg->family->create(cfg, max_B, max_len, seed);
}

void model_free(Model *m)
{
    if (m) m->cfg.family->free(m);
}

double model_forward(Model *m, const Batch *batch)
{
    assert(batch->B <= m->max_B && batch->S <= m->max_S
           && batch->T - 1 <= m->max_T);
    return m->cfg.family->forward(m, batch);
}

void model_backward(Model *m, const Batch *batch)
{
    m->cfg.family->backward(m, batch);
}

void require_decoder(const ModelFamily *family)
{
    if (!family->start || !family->encode)
        refuse("a '%s' model classifies documents: it has no"
               " decoder, so it cannot translate or decode",
               family->name);
}

Encoding encode_source(Model *m, const Batch *batch)
{
    assert(batch->B <= m->max_B && batch->S <= m->max_S);
    require_decoder(m->cfg.family);
    return m->cfg.family->encode(m, batch);
}

DecoderState *decoder_start(Model *m, const Encoding *enc)
{
    assert(enc->B <= m->max_B);
    require_decoder(m->cfg.family);
    return m->cfg.family->start(m, enc);
}

void decoder_step(Model *m, DecoderState *d, const Encoding *enc,
                  const int *input, real *weights)
{
    m->cfg.family->step(m, d, enc, input, weights);
}

void decoder_stop(Model *m, DecoderState *d)
{
    if (d) m->cfg.family->stop(d);
}
#line 978 "chapters/08-using.nw"
int field_count(const ModelFamily *family)
{
    int n = 0;
    while (family->fields[n].name) n++;
    return n;
}

int field_value(const ModelConfig *cfg, const ConfigField *field)
{
    int v;
    memcpy(&v, (const char *)cfg + field->offset, sizeof v);
    return v;
}

void field_set(ModelConfig *cfg, const ConfigField *field, int v)
{
    memcpy((char *)cfg + field->offset, &v, sizeof v);
}
#line 1565 "chapters/08-using.nw"
void decoder_reorder(Model *m, DecoderState *d, const int *parent)
{
    m->cfg.family->reorder(d, parent);
}
#line 1144 "chapters/A-programs.nw"
double run_bytes(const DataConfig *dc, const ModelConfig *cfg,
                 int max_B)
{
    double L = dc->max_words + dc->task->extra_words + 2;
    double data = (dc->n_train + dc->n_val)     /* tags, links */
                  * (3 * L + 3 + 3 * (L - 2));
    return data * sizeof(int)
           + cfg->family->bytes(cfg, max_B, (int)L);
}
#line 1185 "chapters/03-bottleneck.nw"
void shift_targets(const Batch *batch, int *dec_in, int *dec_tgt,
                   int *dec_len)
{
    int B = batch->B, T = batch->T - 1;
    for (int b = 0; b < B; b++) {
        dec_len[b] = batch->tgt_len[b] - 1;
        for (int t = 0; t < T; t++) {
            const int *row = batch->tgt + (size_t)b * batch->T;
            dec_in[b * T + t] = t < dec_len[b] ? row[t] : PAD;
            dec_tgt[b * T + t] = t < dec_len[b] ? row[t + 1] : PAD;
        }
    }
}
#line 1390 "chapters/03-bottleneck.nw"
void greedy_decode(Model *m, const Batch *batch, int steps, int *out,
                   real *weights)
{
    int B = batch->B, S = batch->S, V = m->cfg.tgt_vocab;
    assert(steps <= m->max_T);
    Encoding enc = encode_source(m, batch);
    DecoderState *d = decoder_start(m, &enc);
    int *input = xcalloc((size_t)2 * B, sizeof(int));
    int *done = input + B;
    real *w = weights ? xcalloc((size_t)B * S, sizeof(real)) : NULL;
    for (int b = 0; b < B; b++) input[b] = SOS;
    for (int k = 0; k < B * steps; k++) out[k] = PAD;
    if (weights) memset(weights, 0, sizeof(real) * B * steps * S);
    for (int s = 0, left = B; s < steps && left > 0; s++) {
        decoder_step(m, d, &enc, input, w);
        
#line 1416 "chapters/03-bottleneck.nw"
for (int b = 0; b < B; b++) {
    const real *z = d->logits + (size_t)b * V;
    int best = FIRST_OUTPUT;
    for (int k = best + 1; k < V; k++) if (z[k] > z[best]) best = k;
    if (!done[b]) out[b * steps + s] = best;
    if (!done[b] && best == EOS) {
        done[b] = 1;
        left--;
    }
    input[b] = best;
    if (w) memcpy(weights + ((size_t)b * steps + s) * S,
                  w + (size_t)b * S, sizeof(real) * S);
}
#line 1406 "chapters/03-bottleneck.nw"
    }
    decoder_stop(m, d);
    free(input);
    free(w);
}
#line 1587 "chapters/03-bottleneck.nw"
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
        
#line 1628 "chapters/03-bottleneck.nw"
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
    for (int j = 0; decode && j < n - 1; j++) {  /* not <eos> */
        long *c = ev.by_place[word_place(j, n - 1)];
        c[0]++; c[1] += out[b * steps + j] != tgt[j + 1];
    }
    ev.tokens += n; ev.tokens_right += right;
    ev.sentences++; ev.sentences_right += right == n;
    loss_sum += loss * n;
}
#line 1603 "chapters/03-bottleneck.nw"
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

int word_place(int j, int n)
{
    assert(0 <= j && j < n);
    return PLACES * j / n;
}
#line 1676 "chapters/03-bottleneck.nw"
TrainConfig train_config_default(void)
{
    return (TrainConfig){ .epochs = 16, .batch_size = 64,
                          .warmup_epochs = 0, .lr = 5e-3,
                          .lr_floor = 5e-3, .seed = 1 };
}
#line 1697 "chapters/03-bottleneck.nw"
const char *train_config_check(const TrainConfig *tc)
{
    static char why[160];
    if (tc->inverse_sqrt || tc->warmup_epochs < tc->epochs)
        return NULL;
    snprintf(why, sizeof why, "a warm-up of %d epochs in a run of %d"
             " leaves no step to decay over: use fewer warm-up"
             " epochs", tc->warmup_epochs, tc->epochs);
    return why;
}
#line 1718 "chapters/03-bottleneck.nw"
void train_model(Model *m, const Dataset *train_set,
                 const Dataset *val_set, const TrainConfig *tc,
                 EpochHook hook, void *ctx)
{
    int n = train_set->n, bs = tc->batch_size;
    long per_epoch = (n + bs - 1) / bs, step = 0;
    long total = per_epoch * tc->epochs;
    long warmup = per_epoch * tc->warmup_epochs;
    const char *why = train_config_check(tc);
    if (why) refuse("%s", why);
    Rng rng;
    rng_seed(&rng, tc->seed ^ 0x5eed5eed5eedULL);
    Adam opt;
    adam_init(&opt);
    Batch batch;
    batch_alloc(&batch, bs, train_set->L);
    int *order = xcalloc(n, sizeof(int));
    for (int i = 0; i < n; i++) order[i] = i;
    for (int epoch = 1; epoch <= tc->epochs; epoch++) {
        
#line 1746 "chapters/03-bottleneck.nw"
double t0 = seconds_now(), loss_sum = 0;
long tokens = 0;
rng_shuffle(&rng, order, n);
for (int start = 0; start < n; start += bs, step++) {
    int count = n - start < bs ? n - start : bs;
    batch_fill(&batch, train_set, order + start, count);
    params_zero_grad(&m->params);
    double loss = model_forward(m, &batch);
    model_backward(m, &batch);
    double lr = tc->inverse_sqrt
        ? lr_inverse_sqrt(step, warmup, tc->lr)
        : lr_schedule(step, warmup, total, tc->lr, tc->lr_floor);
    adam_step(&opt, &m->params, lr);
    
#line 1769 "chapters/03-bottleneck.nw"
int batch_tokens = 0;
for (int b = 0; b < batch.B; b++)
    batch_tokens += batch.tgt_len[b] - 1;
loss_sum += loss * batch_tokens;
tokens += batch_tokens;
#line 1760 "chapters/03-bottleneck.nw"
}
double seconds = seconds_now() - t0;
if (hook) {
    double val_loss = val_set ? validation_loss(m, val_set, bs) : NAN;
    hook(epoch, loss_sum / tokens, val_loss, seconds, ctx);
}
#line 1738 "chapters/03-bottleneck.nw"
    }
    free(order);
    batch_free(&batch);
}
