/* Check for exercise 7.1: the mask of restricted self attention. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "transformer.h"

void ex_window_mask(int *mask, const int *key_len, int r, int causal,
                    int B, int Tq, int Tk);

enum { B = 2, T = 5 };

static void expect(const int *want, const int *key_len, int r,
                   int causal)
{
    int got[B * T * T];
    memset(got, 0x7f, sizeof got);      /* neither 0 nor 1 */
    ex_window_mask(got, key_len, r, causal, B, T, T);
    for (int k = 0; k < B * T * T; k++) assert_int_equal(got[k], want[k]);
}

/* two windows drawn by hand: r = 1 on padded keys, and r = 2 with
   the causal mask and no padding */
static void test_windows_drawn_by_hand(void **s)
{
    (void)s;
    static const int len[B] = {5, 3};
    static const int one[B * T * T] = {
        1, 1, 0, 0, 0,  1, 1, 1, 0, 0,  0, 1, 1, 1, 0,  0, 0, 1, 1, 1,
        0, 0, 0, 1, 1,
        1, 1, 0, 0, 0,  1, 1, 1, 0, 0,  0, 1, 1, 0, 0,  0, 0, 1, 0, 0,
        0, 0, 0, 0, 0 };
    static const int causal_two[B * T * T] = {
        1, 0, 0, 0, 0,  1, 1, 0, 0, 0,  1, 1, 1, 0, 0,  0, 1, 1, 1, 0,
        0, 0, 1, 1, 1,
        1, 0, 0, 0, 0,  1, 1, 0, 0, 0,  1, 1, 1, 0, 0,  0, 1, 1, 1, 0,
        0, 0, 1, 1, 1 };
    expect(one, len, 1, 0);
    expect(causal_two, NULL, 2, 1);
}

static void test_a_window_of_zero_is_the_diagonal(void **s)
{
    (void)s;
    int want[B * T * T];
    for (int k = 0; k < B * T * T; k++)
        want[k] = k / T % T == k % T;       /* query i == key j */
    expect(want, NULL, 0, 0);
    expect(want, NULL, 0, 1);
}

/* a window as wide as the sentence hides nothing that the full mask
   of attention_mask shows, in self and in cross attention shapes */
static void test_a_window_as_wide_as_the_keys_is_the_full_mask(void **s)
{
    (void)s;
    enum { Bc = 3, Tq = 4, Tk = 6 };
    int key_len[Bc] = {6, 1, 4}, got[Bc * Tq * Tk], want[Bc * Tq * Tk];
    for (int causal = 0; causal < 2; causal++)
        for (int r = Tk - 1; r <= Tk + 2; r++) {
            memset(got, 0x7f, sizeof got);
            ex_window_mask(got, key_len, r, causal, Bc, Tq, Tk);
            attention_mask(want, key_len, causal, Bc, Tq, Tk);
            for (int k = 0; k < Bc * Tq * Tk; k++)
                assert_int_equal(got[k], want[k]);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_windows_drawn_by_hand),
        cmocka_unit_test(test_a_window_of_zero_is_the_diagonal),
        cmocka_unit_test(test_a_window_as_wide_as_the_keys_is_the_full_mask),
    };
    return cmocka_run_group_tests_name("exercise 7.1", tests, NULL, NULL);
}
