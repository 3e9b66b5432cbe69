/* Check for exercise 7.8: the accuracy of a model blind to word
   order, against a count over every permutation. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "transformer.h"

void ex_order_blind_accuracy(const int *words, int n, double *token,
                             double *exact);

/* over all permutations of n words: fixed points, and identities */
static void count_permutations(int n, double *fixed, double *all,
                               double *identity)
{
    int p[8], used[8] = {0}, depth = 0;
    *fixed = *all = *identity = 0;
    p[0] = -1;
    while (depth >= 0) {                /* depth-first enumeration */
        if (p[depth] >= 0) used[p[depth]] = 0;
        do p[depth]++; while (p[depth] < n && used[p[depth]]);
        if (p[depth] == n) { p[depth] = -1; depth--; continue; }
        used[p[depth]] = 1;
        if (depth + 1 < n) { p[++depth] = -1; continue; }
        int f = 0;
        for (int i = 0; i < n; i++) f += p[i] == i;
        *fixed += f; *all += 1; *identity += f == n;
    }
}

static void expect(const int *words, int n)
{
    double right = 0, tokens = 0, exact = 0;
    for (int i = 0; i < n; i++) {
        double fixed, all, identity;
        count_permutations(words[i], &fixed, &all, &identity);
        right += fixed / all + 1;       /* the words, and <eos> */
        tokens += words[i] + 1;
        exact += identity / all;
    }
    double token = -1, whole = -1;
    ex_order_blind_accuracy(words, n, &token, &whole);
    assert_true(fabs(token - right / tokens) < 1e-12);
    assert_true(fabs(whole - exact / n) < 1e-12);
}

static void test_one_sentence_of_each_length(void **s)
{
    (void)s;
    for (int w = 1; w <= 6; w++) expect(&w, 1);
}

static void test_a_mixed_set_of_sentences(void **s)
{
    (void)s;
    int words[] = {3, 6, 4, 4, 5, 3, 6};
    expect(words, 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_sentence_of_each_length),
        cmocka_unit_test(test_a_mixed_set_of_sentences),
    };
    return cmocka_run_group_tests_name("exercise 7.8", tests, NULL, NULL);
}
