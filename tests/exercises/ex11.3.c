/* Check for exercise 11.3: the bag of words' best class. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>
#include "documents.h"

int ex_bag_of_words_class(const int *ids, int len);

/* two big adjectives against one small; one against one is a tie */
static void test_the_majority_of_adjectives_decides(void **s)
{
    (void)s;
    int big = DW_ADJ + 1, small = DW_ADJ + 5;
    int doc[] = { DW_THE, DW_CAT, DW_IS, small, DW_PERIOD,
                  DW_A, big, DW_CAT + 1, DW_INTRANSITIVE, DW_PERIOD,
                  DW_A, big + 2, DW_CAT + 2, DW_INTRANSITIVE,
                  DW_PERIOD };
    assert_int_equal(ex_bag_of_words_class(doc, 15), 0);
    assert_int_equal(ex_bag_of_words_class(doc, 10), 0);   /* tie */
    doc[6] = small + 1;
    assert_int_equal(ex_bag_of_words_class(doc, 15), 1);
}

/* on drawn documents of four sentences it is right as often as the
   exact bound says, 11/16 */
static void test_it_reaches_the_exact_bound(void **s)
{
    (void)s;
    Rng rng;
    rng_seed(&rng, 3);
    int src[64], tgt[4], tag[64];
    Link link[8];
    TaskPair p = { 0, 0, src, tgt, 0, link, tag };
    int right = 0, n = 20000;
    for (int k = 0; k < n; k++) {
        documents_task.draw(&documents_task, 4, &rng, &p);
        right += ex_bag_of_words_class(src, p.src_words) == tgt[0];
    }
    /* ties go to big, which is right half the time: the same mean */
    assert_true(fabs((double)right / n - doc_bag_of_words(4)) < 0.015);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_majority_of_adjectives_decides),
        cmocka_unit_test(test_it_reaches_the_exact_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
