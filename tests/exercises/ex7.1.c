/* Check for exercise 7.1: the attention mask. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "transformer.h"

void ex_attention_mask(int *mask, const int *key_len, int causal,
                       int B, int Tq, int Tk);

enum { B = 2, T = 4 };
static const int len[B] = {4, 2};

static void expect(const int *want, const int *key_len, int causal)
{
    int got[B * T * T];
    memset(got, 0x7f, sizeof got);      /* neither 0 nor 1 */
    ex_attention_mask(got, key_len, causal, B, T, T);
    for (int k = 0; k < B * T * T; k++) assert_int_equal(got[k], want[k]);
}

static void test_padding_alone_hides_the_padded_keys(void **s)
{
    (void)s;
    static const int want[B * T * T] = {
        1, 1, 1, 1,  1, 1, 1, 1,  1, 1, 1, 1,  1, 1, 1, 1,
        1, 1, 0, 0,  1, 1, 0, 0,  1, 1, 0, 0,  1, 1, 0, 0 };
    expect(want, len, 0);
}

static void test_causal_alone_hides_the_future(void **s)
{
    (void)s;
    static const int want[B * T * T] = {
        1, 0, 0, 0,  1, 1, 0, 0,  1, 1, 1, 0,  1, 1, 1, 1,
        1, 0, 0, 0,  1, 1, 0, 0,  1, 1, 1, 0,  1, 1, 1, 1 };
    expect(want, NULL, 1);
}

static void test_both_hide_padding_and_the_future(void **s)
{
    (void)s;
    static const int want[B * T * T] = {
        1, 0, 0, 0,  1, 1, 0, 0,  1, 1, 1, 0,  1, 1, 1, 1,
        1, 0, 0, 0,  1, 1, 0, 0,  1, 1, 0, 0,  1, 1, 0, 0 };
    expect(want, len, 1);
}

static void test_cross_attention_shapes_match_the_library(void **s)
{
    (void)s;
    int key_len[3] = {5, 1, 3}, got[3 * 2 * 5], want[3 * 2 * 5];
    memset(got, 0x7f, sizeof got);
    ex_attention_mask(got, key_len, 0, 3, 2, 5);
    attention_mask(want, key_len, 0, 3, 2, 5);
    for (int k = 0; k < 3 * 2 * 5; k++) assert_int_equal(got[k], want[k]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_padding_alone_hides_the_padded_keys),
        cmocka_unit_test(test_causal_alone_hides_the_future),
        cmocka_unit_test(test_both_hide_padding_and_the_future),
        cmocka_unit_test(test_cross_attention_shapes_match_the_library),
    };
    return cmocka_run_group_tests_name("exercise 7.1", tests, NULL, NULL);
}
