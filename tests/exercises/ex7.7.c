/* Check for exercise 7.7: the Transformer's parameters in closed
   form, against the model that model_create builds. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "tmodel.h"

size_t ex_transformer_param_count(int Vs, int Vt, int D, int F,
                                  int layers);

static void expect_count(int Vs, int Vt, int D, int NH, int F,
                         int layers)
{
    ModelConfig mc = model_config_default();
    mc.family = &transformer_family;
    mc.src_vocab = Vs; mc.tgt_vocab = Vt;
    mc.H = D; mc.heads = NH; mc.ff = F; mc.layers = layers;
    Model *m = model_create(&mc, 2, 8, 1);
    assert_int_equal(ex_transformer_param_count(Vs, Vt, D, F, layers),
                     m->params.count);
    model_free(m);
}

static void test_the_recipe_s_transformer(void **s)
{
    (void)s;
    expect_count(REVERSAL_VOCAB, REVERSAL_VOCAB, 64, 4, 128, 1);
}

static void test_other_sizes_and_depths(void **s)
{
    (void)s;
    expect_count(10, 13, 8, 2, 5, 1);
    expect_count(21, 21, 32, 1, 64, 2);
    expect_count(7, 9, 12, 3, 20, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_recipe_s_transformer),
        cmocka_unit_test(test_other_sizes_and_depths),
    };
    return cmocka_run_group_tests_name("exercise 7.7", tests, NULL, NULL);
}
