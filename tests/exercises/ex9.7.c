/* Check for exercise 9.7: links by argmax over the words only. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "metrics.h"

int ex_links_argmax_words(Link *out, const real *w, int words, int S);

/* three rows over <sos> a b <eos>: the first peaks on <eos>, the
   second on <sos>, the third on a word; a tie goes to the first */
static void test_markers_are_passed_over(void **s)
{
    (void)s;
    const real w[3 * 4] = {
        0.1, 0.2, 0.3, 0.4,
        0.5, 0.2, 0.2, 0.1,
        0.0, 0.6, 0.3, 0.1,
    };
    Link out[3];
    assert_int_equal(ex_links_argmax_words(out, w, 3, 4), 3);
    int want[3] = { 2, 1, 1 };
    for (int j = 0; j < 3; j++) {
        assert_int_equal(out[j].src, want[j]);
        assert_int_equal(out[j].tgt, j + 1);
    }
}

/* where every peak is on a word, it is links_argmax */
static void test_word_peaks_agree_with_links_argmax(void **s)
{
    (void)s;
    const real w[2 * 5] = {
        0.0, 0.1, 0.7, 0.1, 0.1,
        0.1, 0.1, 0.1, 0.6, 0.1,
    };
    Link a[2], b[2];
    links_argmax(a, w, 2, 5);
    assert_int_equal(ex_links_argmax_words(b, w, 2, 5), 2);
    for (int j = 0; j < 2; j++) {
        assert_int_equal(a[j].src, b[j].src);
        assert_int_equal(a[j].tgt, b[j].tgt);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_markers_are_passed_over),
        cmocka_unit_test(test_word_peaks_agree_with_links_argmax),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
