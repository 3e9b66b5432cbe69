/* Check for exercise 4.3: the concat score is the additive score
   with its weight matrix split in two. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "attention.h"

double ex_concat_score(const real *h_t, const real *h_s, int Hd,
                       int He, const real *W, const real *v, int A);

enum { HD = 3, HE = 4, A = 5 };

static void test_concat_equals_additive_with_split_weights(void **s)
{
    (void)s;
    real h_t[HD], h_s[HE], W[(HD + HE) * A], v[A];
    Rng rng;
    rng_seed(&rng, 43);
    init_normal(h_t, HD, 1, &rng); init_normal(h_s, HE, 1, &rng);
    init_normal(W, (HD + HE) * A, 0.5, &rng); init_normal(v, A, 1, &rng);
    /* additive: v . tanh(h_t W_d + h_s W_e), W_d = W[0:HD], W_e = rest */
    double e = 0;
    for (int a = 0; a < A; a++) {
        double pre = 0;
        for (int k = 0; k < HD; k++) pre += h_t[k] * W[k * A + a];
        for (int k = 0; k < HE; k++) pre += h_s[k] * W[(HD + k) * A + a];
        e += v[a] * tanh(pre);
    }
    assert_true(fabs(ex_concat_score(h_t, h_s, HD, HE, W, v, A) - e)
                < 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_concat_equals_additive_with_split_weights),
    };
    return cmocka_run_group_tests_name("exercise 4.3", tests, NULL, NULL);
}
