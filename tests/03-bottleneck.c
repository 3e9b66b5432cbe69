/* Tests for chapter 3: embedding, LSTM, the encoder-decoder and its
   training. Built in double precision; every backward pass is
   checked against finite differences. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "seq2seq.h"
#include "model-check.h"


static void fill(real *x, size_t n, Rng *rng, double std)
{
    init_normal(x, n, std, rng);
}

/* ---- embedding ------------------------------------------------- */
typedef struct { real *x, *table, *R; int *ids, *len; } EmbCase;
enum { EB = 2, ET = 3, EE = 4, EV = 6 };

static double emb_loss(void *ctx)
{
    EmbCase *c = ctx;
    embedding_forward(c->x, c->ids, c->len, c->table, EB, ET, EE);
    double L = 0;
    for (int i = 0; i < EB * ET * EE; i++) L += c->R[i] * c->x[i];
    return L;
}

static void test_embedding_gradient_and_padding_row(void **s)
{
    (void)s;
    real x[EB * ET * EE], table[EV * EE], R[EB * ET * EE];
    real dtable[EV * EE] = {0};
    int ids[EB * ET] = {4, 5, 4, 2, 5, PAD}, len[EB] = {3, 2};
    Rng rng;
    rng_seed(&rng, 1);
    fill(table, EV * EE, &rng, 1);
    fill(R, EB * ET * EE, &rng, 1);
    EmbCase c = {x, table, R, ids, len};
    emb_loss(&c);
    embedding_backward(dtable, R, ids, len, EB, ET, EE);
    assert_int_equal(grad_check("emb", table, dtable, EV * EE, EV * EE,
                                emb_loss, &c), 0);
    for (int e = 0; e < EE; e++) assert_true(dtable[PAD * EE + e] == 0);
    for (int e = 0; e < EE; e++) assert_true(x[(1 * ET + 2) * EE + e] == 0);
}

/* ---- LSTM ------------------------------------------------------ */
typedef struct {
    int B, T, I, H;
    const int *len;
    real *h, *c, *gates, *h_last, *c_last, *x, *h0, *c0;
    real *Wx, *Wh, *bias, *Rh, *Rhl, *Rcl;
} LstmCase;

static double lstm_loss(void *ctx)
{
    LstmCase *k = ctx;
    int B = k->B, T = k->T, H = k->H;
    lstm_forward(k->h, k->c, k->gates, k->h_last, k->c_last, k->x,
                 k->len, k->h0, k->c0, k->Wx, k->Wh, k->bias,
                 B, T, k->I, H);
    double L = 0;
    for (int i = 0; i < B * T * H; i++) L += k->Rh[i] * k->h[i];
    for (int i = 0; i < B * H; i++)
        L += k->Rhl[i] * k->h_last[i] + k->Rcl[i] * k->c_last[i];
    return L;
}

static void check_lstm(int B, int T, int I, int H, const int *len,
                       int with_h0)
{
    int G = 4 * H;
    size_t sizes[] = {B*T*H, B*T*H, B*T*G, B*H, B*H, B*T*I, B*H, B*H,
                      I*G, H*G, G, B*T*H, B*H, B*H};
    real *a[14];
    Rng rng;
    rng_seed(&rng, 2);
    for (int k = 0; k < 14; k++) {
        a[k] = calloc(sizes[k], sizeof(real));
        fill(a[k], sizes[k], &rng, 0.5);
    }
    LstmCase c = {B, T, I, H, len, a[0], a[1], a[2], a[3], a[4], a[5],
                  with_h0 ? a[6] : NULL, with_h0 ? a[7] : NULL,
                  a[8], a[9], a[10], a[11], a[12], a[13]};
    real *dx = calloc(B * T * I, sizeof(real));
    real *dh0 = calloc(B * H, sizeof(real)), *dc0 = calloc(B * H, sizeof(real));
    real *dWx = calloc(I * G, sizeof(real)), *dWh = calloc(H * G, sizeof(real));
    real *db = calloc(G, sizeof(real));
    lstm_loss(&c);
    lstm_backward(dx, with_h0 ? dh0 : NULL, with_h0 ? dc0 : NULL,
                  dWx, dWh, db, c.Rh, c.Rhl, c.Rcl, c.h, c.c, c.gates,
                  c.x, len, c.h0, c.c0, c.Wx, c.Wh, B, T, I, H);
    int bad = 0;
    bad += grad_check("lstm Wx", c.Wx, dWx, I * G, CHECKS, lstm_loss, &c);
    bad += grad_check("lstm Wh", c.Wh, dWh, H * G, CHECKS, lstm_loss, &c);
    bad += grad_check("lstm bias", c.bias, db, G, CHECKS, lstm_loss, &c);
    /* inputs at padding positions do not matter: gradient 0 */
    bad += grad_check("lstm x", c.x, dx, B * T * I, 200, lstm_loss, &c);
    if (with_h0) {
        bad += grad_check("lstm h0", c.h0, dh0, B * H, B * H, lstm_loss, &c);
        bad += grad_check("lstm c0", c.c0, dc0, B * H, B * H, lstm_loss, &c);
    }
    assert_int_equal(bad, 0);
    for (int k = 0; k < 14; k++) free(a[k]);
    free(dx); free(dh0); free(dc0); free(dWx); free(dWh); free(db);
}

static void test_one_lstm_step_matches_finite_differences(void **s)
{
    (void)s;
    int len[3] = {1, 1, 1};
    check_lstm(3, 1, 5, 4, len, 1);
}

static void test_lstm_over_a_ragged_batch_matches_finite_differences(void **s)
{
    (void)s;
    int len[4] = {6, 4, 4, 1};
    check_lstm(4, 6, 3, 5, len, 0);
    check_lstm(4, 6, 3, 5, len, 1);
}

/* ---- output layer and loss -------------------------------------- */
typedef struct { real *x, *W, *b, *logits, *prob; int *target; } OutCase;
enum { ON = 5, OH = 4, OV = 7 };

static double out_loss(void *ctx)
{
    OutCase *c = ctx;
    int counted;
    linear_forward(c->logits, c->x, c->W, c->b, ON, OH, OV);
    return cross_entropy_forward(c->prob, c->logits, c->target, ON, OV,
                                 LABEL_SMOOTHING, PAD, &counted) / counted;
}

static void test_output_layer_with_the_loss_matches_finite_differences(void **s)
{
    (void)s;
    real x[ON * OH], W[OH * OV], b[OV], logits[ON * OV], prob[ON * OV];
    real dx[ON * OH] = {0}, dW[OH * OV] = {0}, db[OV] = {0};
    real dlogits[ON * OV] = {0};
    int target[ON] = {4, 6, PAD, 3, 5};
    Rng rng;
    rng_seed(&rng, 3);
    fill(x, ON * OH, &rng, 1); fill(W, OH * OV, &rng, 1); fill(b, OV, &rng, 1);
    OutCase c = {x, W, b, logits, prob, target};
    out_loss(&c);
    cross_entropy_backward(dlogits, prob, target, ON, OV,
                           LABEL_SMOOTHING, PAD, 1.0 / 4);
    linear_backward(dx, dW, db, dlogits, x, W, ON, OH, OV);
    int bad = grad_check("out W", W, dW, OH * OV, 100, out_loss, &c)
            + grad_check("out b", b, db, OV, 100, out_loss, &c)
            + grad_check("out x", x, dx, ON * OH, 100, out_loss, &c);
    assert_int_equal(bad, 0);
}

static void test_whole_model_matches_finite_differences(void **s)
{
    (void)s;
    check_model_gradients(ATTN_NONE);
}

static void test_padding_changes_neither_outputs_nor_final_state(void **s)
{
    (void)s;
    /* one sentence alone, then in a batch with a longer sentence
       (so it is padded to S = 9) */
    Dataset d;
    Rng rng;
    rng_seed(&rng, 5);
    dataset_generate(&d, &reversal_task, 2, 7, 7, &rng);
    d.src_len[1] = 5;                       /* 3 words */
    d.src[1 * d.L + 4] = EOS;
    for (int t = 5; t < d.L; t++) d.src[1 * d.L + t] = PAD;
    ModelConfig mc = model_config_default();
    mc.E = 8; mc.H = 6;
    Model *m = model_create(&mc, 2, d.L, 9);
    Batch alone, together;
    batch_alloc(&alone, 2, d.L);
    batch_alloc(&together, 2, d.L);
    int one[1] = {1}, both[2] = {1, 0};
    batch_fill(&alone, &d, one, 1);
    batch_fill(&together, &d, both, 2);
    assert_int_equal(alone.S, 5);
    assert_int_equal(together.S, 9);
    assert_int_equal(together.row[1], 1);   /* sorted second */
    Encoding e1 = encode_source(m, &alone);
    real out1[5 * 6], h1[6], c1[6];
    memcpy(out1, e1.out, sizeof out1);
    memcpy(h1, e1.h_last, sizeof h1);
    memcpy(c1, e1.c_last, sizeof c1);
    Encoding e2 = encode_source(m, &together);
    for (int t = 0; t < 5; t++)
        for (int k = 0; k < 6; k++)
            assert_true(out1[t * 6 + k] == e2.out[(1 * 9 + t) * 6 + k]);
    for (int k = 0; k < 6; k++) {
        assert_true(h1[k] == e2.h_last[6 + k]);
        assert_true(c1[k] == e2.c_last[6 + k]);
        assert_true(e2.out[(1 * 9 + 7) * 6 + k] == 0);   /* padding */
    }
    batch_free(&alone);
    batch_free(&together);
    model_free(m);
    dataset_free(&d);
}

static void test_same_seed_gives_the_same_training(void **s)
{
    (void)s;
    DataConfig dc = data_config_default();
    dc.n_train = 200; dc.n_val = 40;
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    ModelConfig mc = model_config_default();
    mc.E = 8; mc.H = 8;
    TrainConfig tc = train_config_default();
    tc.epochs = 2; tc.batch_size = 16;
    Model *a = model_create(&mc, 16, train_set.L, 3);
    Model *b = model_create(&mc, 16, train_set.L, 3);
    Model *c = model_create(&mc, 16, train_set.L, 4);
    train_model(a, &train_set, &val_set, &tc, NULL, NULL);
    train_model(b, &train_set, &val_set, &tc, NULL, NULL);
    tc.seed = 4;
    train_model(c, &train_set, &val_set, &tc, NULL, NULL);
    size_t bytes = a->params.count * sizeof(real);
    assert_memory_equal(a->params.value, b->params.value, bytes);
    assert_memory_not_equal(a->params.value, c->params.value, bytes);
    model_free(a); model_free(b); model_free(c);
    dataset_free(&train_set);
    dataset_free(&val_set);
}

static void record_loss(int epoch, double train_loss, double val_loss,
                        double seconds, void *ctx)
{
    (void)train_loss; (void)seconds;
    ((double *)ctx)[epoch - 1] = val_loss;
}

static void test_training_lowers_the_loss_and_decoding_learns(void **s)
{
    (void)s;
    DataConfig dc = data_config_default();
    dc.n_train = 600; dc.n_val = 60;
    dc.min_words = 1; dc.max_words = 2;
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    ModelConfig mc = model_config_default();
    mc.E = 16; mc.H = 16;
    TrainConfig tc = train_config_default();
    tc.epochs = 12; tc.batch_size = 32; tc.lr = 2e-2;
    Model *m = model_create(&mc, 32, train_set.L, 5);
    double val_loss[12];
    train_model(m, &train_set, &val_set, &tc, record_loss, val_loss);
    assert_true(val_loss[11] < 0.5 * val_loss[0]);
    Eval ev = evaluate(m, &val_set, 32);
    assert_true(ev.tokens_right > 0.9 * ev.tokens);
    assert_int_equal(ev.sentences, 60);
    long words = 0, wrong = 0;      /* the places count the words */
    for (int p = 0; p < PLACES; p++) {
        words += ev.by_place[p][0];
        wrong += ev.by_place[p][1];
    }
    assert_int_equal(words, ev.tokens - ev.sentences);
    assert_true(wrong <= ev.tokens - ev.tokens_right);
    assert_true(wrong >= ev.tokens - ev.tokens_right - ev.sentences);
    model_free(m);
    dataset_free(&train_set);
    dataset_free(&val_set);
}

static void test_word_place_cuts_a_sentence_into_tenths(void **s)
{
    (void)s;
    for (int j = 0; j < 10; j++) assert_int_equal(word_place(j, 10), j);
    for (int j = 0; j < 20; j++)
        assert_int_equal(word_place(j, 20), j / 2);
    assert_int_equal(word_place(0, 3), 0);
    assert_int_equal(word_place(1, 3), 3);
    assert_int_equal(word_place(2, 3), 6);
    assert_int_equal(word_place(0, 1), 0);
    for (int n = 1; n <= MAX_WORDS; n++)
        for (int j = 0; j < n; j++) {
            int p = word_place(j, n);
            assert_true(p >= 0 && p < PLACES);
            if (j) assert_true(p >= word_place(j - 1, n));
        }
}

static void test_errors_are_counted_once_per_word_by_place(void **s)
{
    (void)s;
    DataConfig dc = data_config_default();
    dc.n_train = 4; dc.n_val = 40;
    dc.min_words = dc.max_words = 10;
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    ModelConfig mc = model_config_default();
    mc.E = 4; mc.H = 4;
    Model *m = model_create(&mc, 16, val_set.L, 1);
    /* <eos> first at every step: every word is wrong */
    param(&m->params, seq2seq_of(m)->out_b)[EOS] = 100;
    Eval ev = evaluate(m, &val_set, 16);
    assert_int_equal(ev.tokens_right, 0);
    for (int p = 0; p < PLACES; p++) {
        assert_int_equal(ev.by_place[p][0], 40);   /* 1 a tenth */
        assert_int_equal(ev.by_place[p][1], 40);
    }
    model_free(m);
    dataset_free(&train_set);
    dataset_free(&val_set);
}

static void test_greedy_output_is_padding_after_eos(void **s)
{
    (void)s;
    Dataset d;
    Batch batch;
    small_batch(&batch, &d, 6, 4);
    ModelConfig mc = model_config_default();
    mc.E = 4; mc.H = 4;
    Model *m = model_create(&mc, 6, d.L, 1);
    /* make <eos> the most likely word at every step */
    param(&m->params, seq2seq_of(m)->out_b)[EOS] = 100;
    int out[6 * 5];
    greedy_decode(m, &batch, 5, out, NULL);
    for (int b = 0; b < 6; b++) {
        assert_int_equal(out[b * 5], EOS);
        for (int j = 1; j < 5; j++) assert_int_equal(out[b * 5 + j], PAD);
    }
    model_free(m);
    batch_free(&batch);
    dataset_free(&d);
}

/* a cosine schedule needs a step after its warm-up: a warm-up as
   long as the run is refused by name, not quietly dropped; the
   inverse square root takes any warm-up */
static void test_a_warmup_as_long_as_the_run_is_refused(void **s)
{
    (void)s;
    TrainConfig tc = train_config_default();
    assert_null(train_config_check(&tc));
    tc.warmup_epochs = tc.epochs - 1;
    assert_null(train_config_check(&tc));
    tc.warmup_epochs = tc.epochs;
    const char *why = train_config_check(&tc);
    assert_non_null(why);
    assert_non_null(strstr(why, "warm-up of 16 epochs"));
    tc.inverse_sqrt = 1;
    assert_null(train_config_check(&tc));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedding_gradient_and_padding_row),
        cmocka_unit_test(test_one_lstm_step_matches_finite_differences),
        cmocka_unit_test(test_lstm_over_a_ragged_batch_matches_finite_differences),
        cmocka_unit_test(test_output_layer_with_the_loss_matches_finite_differences),
        cmocka_unit_test(test_whole_model_matches_finite_differences),
        cmocka_unit_test(test_padding_changes_neither_outputs_nor_final_state),
        cmocka_unit_test(test_same_seed_gives_the_same_training),
        cmocka_unit_test(test_training_lowers_the_loss_and_decoding_learns),
        cmocka_unit_test(test_greedy_output_is_padding_after_eos),
        cmocka_unit_test(test_word_place_cuts_a_sentence_into_tenths),
        cmocka_unit_test(test_errors_are_counted_once_per_word_by_place),
        cmocka_unit_test(test_a_warmup_as_long_as_the_run_is_refused),
    };
    return cmocka_run_group_tests_name("chapter 3: the bottleneck", tests,
                                       NULL, NULL);
}
