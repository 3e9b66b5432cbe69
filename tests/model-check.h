/* model-check.h: helpers shared by the tests of chapters 3 and 4:
   a small ragged batch, and a finite-difference check of every
   tensor of a whole model. Included by one test file each. */
#include "seq2seq.h"

#ifndef CHECKS
#define CHECKS 60       /* finite-difference checks per tensor */
#endif

/* ---- the whole model ------------------------------------------- */
typedef struct { Model *m; Batch *batch; } ModelCase;

static double model_loss(void *ctx)
{
    ModelCase *c = ctx;
    return model_forward(c->m, c->batch);
}

/* a batch of `count` pairs from a small dataset */
static void small_batch(Batch *b, Dataset *d, int count, int max_words)
{
    Rng rng;
    rng_seed(&rng, 4);
    dataset_generate(d, &reversal_task, count, 1, max_words, &rng);
    int rows[16];
    for (int i = 0; i < count; i++) rows[i] = i;
    batch_alloc(b, count, d->L);
    batch_fill(b, d, rows, count);
}

/* the loss's gradient for every tensor of model m on the batch,
   against finite differences; the number of failed tensors */
static int check_every_tensor(Model *m, Batch *batch)
{
    params_zero_grad(&m->params);
    model_forward(m, batch);
    model_backward(m, batch);
    ModelCase c = {m, batch};
    int bad = 0;
    for (int k = 0; k < m->params.n_tensors; k++) {
        const Tensor *t = &m->params.tensor[k];
        bad += grad_check(t->name, param(&m->params, k),
                          param_grad(&m->params, k),
                          (size_t)t->rows * t->cols, CHECKS, model_loss,
                          &c);
    }
    return bad;
}

static void __attribute__((unused)) check_model_gradients(int attention)
{
    Dataset d;
    Batch batch;
    small_batch(&batch, &d, 5, 5);
    assert_true(batch.src_len[0] > batch.src_len[4]);  /* ragged */
    ModelConfig mc = model_config_default();
    mc.E = 3; mc.H = 4; mc.attention = attention;
    Model *m = model_create(&mc, 5, d.L, 7);
    assert_int_equal(check_every_tensor(m, &batch), 0);
    model_free(m);
    batch_free(&batch);
    dataset_free(&d);
}
