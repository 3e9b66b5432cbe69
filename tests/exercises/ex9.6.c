/* Check for exercise 9.6: BLEU with add-one smoothing. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>
#include "metrics.h"

double ex_bleu_add_one(const BleuCounts *b);
enum { ES_EL = 1, ES_PERRO, ES_GRANDE, ES_VE, ES_AL, ES_GATO };

static BleuCounts counts_of(const int *cand, int n_cand,
                            const int *ref, int n_ref)
{
    BleuCounts b;
    memset(&b, 0, sizeof b);
    bleu_add(&b, cand, n_cand, &ref, &n_ref, 1);
    return b;
}

/* el perro ve against el perro grande ve: p1 = 3/3, p2 = 1/2 and
   p3 = 0/1 smoothed to 2/3 and 1/2, p4 = 0/0 to 1/1; the brevity
   penalty is exp(1 - 4/3) */
static void test_a_short_sentence_gets_a_score(void **s)
{
    (void)s;
    int cand[] = { ES_EL, ES_PERRO, ES_VE };
    int ref[] = { ES_EL, ES_PERRO, ES_GRANDE, ES_VE };
    BleuCounts b = counts_of(cand, 3, ref, 4);
    assert_true(bleu(&b, NULL) == 0);
    double want = exp(1 - 4.0 / 3) * pow(1.0 * 2 / 3 * 1 / 2 * 1,
                                         0.25);
    assert_float_equal(ex_bleu_add_one(&b), want, 1e-12);
}

/* the chapter's worked example: the smoothed precisions are 5/6,
   4/6, 3/5 and 2/4, no penalty */
static void test_the_chapters_example_is_smoothed(void **s)
{
    (void)s;
    int cand[] = { ES_EL, ES_PERRO, ES_GRANDE, ES_VE, ES_AL, ES_GATO };
    int ref[] = { ES_EL, ES_PERRO, ES_GRANDE, ES_VE, ES_EL, ES_GATO };
    BleuCounts b = counts_of(cand, 6, ref, 6);
    double want = pow(5.0 / 6 * 4 / 6 * 3 / 5 * 2 / 4, 0.25);
    assert_float_equal(ex_bleu_add_one(&b), want, 1e-12);
}

/* a candidate with no word right scores 0, smoothing or not */
static void test_no_word_right_is_zero(void **s)
{
    (void)s;
    int cand[] = { ES_GATO, ES_GATO };
    int ref[] = { ES_EL, ES_PERRO };
    BleuCounts b = counts_of(cand, 2, ref, 2);
    assert_float_equal(ex_bleu_add_one(&b), 0, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_short_sentence_gets_a_score),
        cmocka_unit_test(test_the_chapters_example_is_smoothed),
        cmocka_unit_test(test_no_word_right_is_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
