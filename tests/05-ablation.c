/* Tests for chapter 5: the control model none+Wc, the model with
   the combining layer W_c and attention fixed on the last token.
   Built in double precision. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "families.h"
#include "model-check.h"

static void test_control_is_found_by_name(void **s)
{
    (void)s;
    assert_int_equal(kind_from_name("none+Wc"), ATTN_NONE_WC);
    assert_int_equal(ATTN_NONE_WC, SCORE_LAST);
    assert_false(attention_chooses(ATTN_NONE));
    assert_false(attention_chooses(ATTN_NONE_WC));
    assert_true(attention_chooses(ATTN_DOT));
    assert_true(attention_chooses(ATTN_ADDITIVE));
}

/* the control has W_c and nothing else: the dot model's count */
static void test_control_has_the_parameters_of_the_dot_model(void **s)
{
    (void)s;
    ModelConfig mc = model_config_default();
    mc.attention = ATTN_NONE_WC;
    Model *ctrl = model_create(&mc, 4, 8, 1);
    mc.attention = ATTN_DOT;
    Model *dot = model_create(&mc, 4, 8, 1);
    mc.attention = ATTN_NONE;
    Model *none = model_create(&mc, 4, 8, 1);
    assert_int_equal(ctrl->params.count, dot->params.count);
    assert_int_equal(ctrl->params.count - none->params.count,
                     2 * 64 * 64);
    model_free(ctrl); model_free(dot); model_free(none);
}

/* every real step's weights: exactly 1 on the last real token */
static void test_control_weights_sit_on_the_last_token(void **s)
{
    (void)s;
    Dataset d;
    Batch batch;
    small_batch(&batch, &d, 5, 5);
    ModelConfig mc = model_config_default();
    mc.E = 6; mc.H = 6; mc.attention = ATTN_NONE_WC;
    Model *m = model_create(&mc, 5, d.L, 3);
    model_forward(m, &batch);
    int T = batch.T - 1, S = batch.S;
    for (int b = 0; b < batch.B; b++)
        for (int t = 0; t < seq2seq_of(m)->dec_len[b]; t++)
            for (int k = 0; k < S; k++) {
                real w = m->weights[((size_t)b * T + t) * S + k];
                assert_true(w == (k == batch.src_len[b] - 1 ? 1 : 0));
            }
    model_free(m);
    batch_free(&batch);
    dataset_free(&d);
}

/* its context is the encoder's final state, at every step */
static void test_control_context_is_the_final_state(void **s)
{
    (void)s;
    Dataset d;
    Batch batch;
    small_batch(&batch, &d, 5, 5);
    ModelConfig mc = model_config_default();
    mc.E = 5; mc.H = 4; mc.attention = ATTN_NONE_WC;
    Model *m = model_create(&mc, 5, d.L, 3);
    model_forward(m, &batch);
    int T = batch.T - 1, H = mc.H;
    Seq2Seq *q = seq2seq_of(m);
    for (int b = 0; b < batch.B; b++)
        for (int t = 0; t < q->dec_len[b]; t++)
            for (int k = 0; k < H; k++)
                assert_true(q->context[((size_t)b * T + t) * H + k]
                            == q->enc_h_last[b * H + k]);
    model_free(m);
    batch_free(&batch);
    dataset_free(&d);
}

static void test_control_model_matches_finite_differences(void **s)
{
    (void)s;
    check_model_gradients(ATTN_NONE_WC);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_control_is_found_by_name),
        cmocka_unit_test(test_control_has_the_parameters_of_the_dot_model),
        cmocka_unit_test(test_control_weights_sit_on_the_last_token),
        cmocka_unit_test(test_control_context_is_the_final_state),
        cmocka_unit_test(test_control_model_matches_finite_differences),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
