/* Check for exercise 3.3: gradient clipping by global norm. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "seq2seq.h"

double ex_clip_grad_norm(Params *p, double max_norm);

static void test_a_large_gradient_is_scaled_to_the_limit(void **s)
{
    (void)s;
    Params p;
    params_init(&p);
    params_add(&p, "a", 1, 2);
    params_add(&p, "b", 2, 1);
    params_alloc(&p);
    p.grad[0] = 3; p.grad[1] = 0; p.grad[2] = -4; p.grad[3] = 12;
    assert_true(fabs(ex_clip_grad_norm(&p, 6.5) - 13) < 1e-12);
    assert_true(fabs(grad_norm(&p) - 6.5) < 1e-12);
    assert_true(fabs(p.grad[3] - 6) < 1e-12);   /* same direction */
    assert_true(fabs(p.grad[0] - 1.5) < 1e-12);
    params_free(&p);
}

static void test_a_small_gradient_is_left_alone(void **s)
{
    (void)s;
    Params p;
    params_init(&p);
    params_add(&p, "a", 1, 2);
    params_alloc(&p);
    p.grad[0] = 0.3; p.grad[1] = -0.4;
    assert_true(fabs(ex_clip_grad_norm(&p, 1) - 0.5) < 1e-12);
    assert_true(p.grad[0] == 0.3 && p.grad[1] == -0.4);
    params_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_large_gradient_is_scaled_to_the_limit),
        cmocka_unit_test(test_a_small_gradient_is_left_alone),
    };
    return cmocka_run_group_tests_name("exercise 3.3", tests, NULL, NULL);
}
