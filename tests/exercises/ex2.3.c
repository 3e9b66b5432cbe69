/* Check for exercise 2.3: counting validation sentences that also
   occur in the training set. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "task.h"

int ex_count_overlap(const Dataset *train, const Dataset *val);

static void test_overlap_counts_shared_sentences_once(void **s)
{
    (void)s;
    /* rows of L = 5: lengths in tokens, padding after <eos> */
    int tsrc[3 * 5] = {SOS, 5, 6, EOS, 0,   SOS, 7, 8, 9, EOS,
                       SOS, 5, 6, EOS, 0};
    int tlen[3] = {4, 5, 4};
    int vsrc[4 * 5] = {SOS, 5, 6, EOS, 0,   SOS, 7, 8, EOS, 0,
                       SOS, 7, 8, 9, EOS,   SOS, 6, 5, EOS, 0};
    int vlen[4] = {4, 4, 5, 4};
    Dataset train = {3, 5, tsrc, tsrc, tlen, tlen, NULL, NULL, NULL, NULL,
                     0};
    Dataset val = {4, 5, vsrc, vsrc, vlen, vlen, NULL, NULL, NULL, NULL,
                   0};
    assert_int_equal(ex_count_overlap(&train, &val), 2);
    assert_int_equal(ex_count_overlap(&val, &train), 3);
}

static void test_overlap_of_a_set_with_itself_is_its_size(void **s)
{
    (void)s;
    Rng rng;
    rng_seed(&rng, 5);
    Dataset d;
    dataset_generate(&d, &reversal_task, 50, 6, 9, &rng);
    assert_int_equal(ex_count_overlap(&d, &d), 50);
    dataset_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_overlap_counts_shared_sentences_once),
        cmocka_unit_test(test_overlap_of_a_set_with_itself_is_its_size),
    };
    return cmocka_run_group_tests_name("exercise 2.3", tests, NULL, NULL);
}
