/* Tests for chapter 6: alignment accuracy, chance, text heatmaps. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "align.h"
#include "seq2seq.h"

enum { N = 5, S = N + 2, ROWS = N + 1 };
/* a uniform row of float weights is uniform to about 1e-7 */
static const double ENTROPY_TOL = 1e-6;

/* the reversal task's links for a sentence of n words */
static int anti_diagonal(Link *link, int n)
{
    for (int t = 1; t <= n; t++)
        link[t - 1] = (Link){ .src = n + 1 - t, .tgt = t, .sure = 1 };
    return n;
}

static void test_a_perfect_anti_diagonal_scores_100_percent(void **s)
{
    (void)s;
    real w[ROWS * S] = {0};
    for (int j = 0; j < N; j++) w[j * S + N - j] = 1;
    w[N * S + S - 1] = 1;                   /* the <eos> row */
    Link link[N];
    AlignScore a = {0};
    align_score_add(&a, w, ROWS, S, S, link, anti_diagonal(link, N));
    assert_int_equal(a.rows, N);
    assert_int_equal(a.hits, N);
    assert_true(align_accuracy(&a) == 1);
    assert_true(align_gold_weight(&a) == 1);
}

static void test_a_peak_one_after_gold_is_counted_as_after(void **s)
{
    (void)s;
    real w[ROWS * S] = {0};
    for (int j = 0; j < N; j++) w[j * S + N - j + 1] = 1;  /* shifted */
    w[1 * S + N - 1] = 1;                   /* row 1 on gold */
    w[1 * S + N] = 0;
    Link link[N];
    AlignScore a = {0};
    align_score_add(&a, w, ROWS, S, S, link, anti_diagonal(link, N));
    assert_int_equal(a.rows, N);
    assert_int_equal(a.hits, 1);
    assert_int_equal(a.after, N - 1);
    assert_true(fabs(align_after(&a) - (N - 1.0) / N) < 1e-12);
    AlignScore sum = align_score_sum(&a, 1);
    assert_int_equal(sum.after, N - 1);
}

static void test_the_main_diagonal_scores_0_percent(void **s)
{
    (void)s;
    real w[ROWS * S] = {0};
    for (int j = 0; j < ROWS; j++) w[j * S + j + 1] = 0.9;
    for (int j = 0; j < ROWS; j++) w[j * S] += 0.1;
    Link link[6];
    AlignScore a = {0};               /* 6 words: no row j has */
    align_score_add(&a, w, ROWS, S, S, link, /* j + 1 == 6 - j */
                    anti_diagonal(link, 6));
    assert_int_equal(a.rows, 6);
    assert_int_equal(a.hits, 0);
    assert_true(align_accuracy(&a) == 0);
}

static void test_chance_matches_a_brute_force_count(void **s)
{
    (void)s;
    /* every (length, row, position) equally weighted per sentence:
       enumerate them all and count the hits */
    for (int lo = 1; lo <= 6; lo++)
        for (int hi = lo; hi <= 20; hi += 3) {
            double hits = 0, rows = 0;
            for (int n = lo; n <= hi; n++)
                for (int j = 0; j < n; j++)
                    for (int pos = 0; pos < n + 2; pos++) {
                        hits += (pos == n - j) / (n + 2.0);
                        rows += 1.0 / (n + 2.0);
                    }
            assert_true(fabs(align_chance(lo, hi) - hits / rows) < 1e-12);
        }
    double recipe = (3.0 / 5 + 4.0 / 6 + 5.0 / 7 + 6.0 / 8) / 18;
    assert_true(fabs(align_chance(3, 6) - recipe) < 1e-12);
}

static void test_entropy_is_zero_one_hot_and_log_n_uniform(void **s)
{
    (void)s;
    real one_hot[4] = {0, 1, 0, 0};
    assert_true(attention_entropy(one_hot, 4) == 0);
    for (int n = 1; n <= 8; n++) {
        real uniform[8];
        for (int k = 0; k < n; k++) uniform[k] = (real)1 / n;
        assert_true(fabs(attention_entropy(uniform, n) - log(n))
                    < ENTROPY_TOL);
    }
    real two[2] = {0.25, 0.75};
    double h = -0.25 * log(0.25) - 0.75 * log(0.75);
    assert_true(fabs(attention_entropy(two, 2) - h) < ENTROPY_TOL);
}

/* The score's entropy reads only the n_src real tokens of a row;
   its largest value is log n_src, whatever the padded width S. */
static void test_the_score_takes_entropy_over_real_tokens(void **s)
{
    (void)s;
    enum { S8 = 8, N3 = 3 };                /* 3 words, 5 tokens */
    real w[(N3 + 1) * S8] = {0};
    for (int j = 0; j <= N3; j++)
        for (int k = 0; k < N3 + 2; k++) w[j * S8 + k] = 0.2;
    Link link[N3];
    AlignScore a = {0};
    align_score_add(&a, w, N3 + 1, S8, N3 + 2, link,
                    anti_diagonal(link, N3));
    assert_int_equal(a.rows, N3);
    assert_true(fabs(align_entropy(&a) - log(5.0)) < ENTROPY_TOL);
    assert_true(fabs(align_max_entropy(&a) - log(5.0)) < 1e-12);
}

/* A pair made by hand, 4 target words over a source of 5 tokens:
   word 1 has two sure links (one-to-many), word 2 a sure and a
   possible link, word 3 only a possible link, word 4 none. Words 3
   and 4 are not scored; a peak on any link of a scored word hits. */
static void test_one_to_many_and_unaligned_words_are_scored_as_stated(
    void **s)
{
    (void)s;
    enum { T5 = 5, S5 = 5 };
    const Link link[] = {
        {1, 1, 1}, {2, 1, 1},           /* word 1: positions 1, 2 */
        {3, 2, 1}, {4, 2, 0},    /* word 2: 3 sure, 4 possible */
        {1, 3, 0},                      /* word 3: possible only */
    };
    real w[T5 * S5] = {
        0.1, 0.2, 0.6, 0.1, 0.0,        /* word 1: peak 2, a hit */
        0.0, 0.6, 0.1, 0.1, 0.2,        /* word 2: peak 1, a miss */
        0.0, 0.9, 0.1, 0.0, 0.0,        /* word 3: not scored */
        0.0, 0.0, 0.0, 0.0, 1.0,        /* word 4: not scored */
        0.0, 0.0, 0.0, 0.0, 1.0,        /* <eos>: not scored */
    };
    AlignScore a = {0};
    align_score_add(&a, w, T5, S5, S5, link, 5);
    assert_int_equal(a.rows, 2);
    assert_int_equal(a.hits, 1);        /* peak 1 is not linked */
    assert_true(fabs(a.gold_weight - (0.8 + 0.3)) < 1e-12);
    w[1 * S5 + 1] = 0;                  /* now the peak is on 4, */
    w[1 * S5 + 4] = 0.8;                /* the possible link: a hit */
    a = (AlignScore){0};
    align_score_add(&a, w, T5, S5, S5, link, 5);
    assert_int_equal(a.hits, 2);
}

static void test_text_heatmap_matches_its_golden_output(void **s)
{
    (void)s;
    real w[3 * 4] = {0.00, 0.19, 0.20, 0.61,
                     0.39, 0.40, 0.59, 1.00,
                     0.79, 0.80, 0.05, 0.95};
    const char *rows[3] = {"ve", "perro", "<eos>"};
    const char *cols[4] = {"<sos>", "a", "dog", "sees"};
    char buf[1024] = {0};
    FILE *f = fmemopen(buf, sizeof buf - 1, "w");
    text_heatmap(f, w, 3, 4, rows, cols);
    fclose(f);
    const char *golden =
        "      <sos> a dog sees\n"
        "   ve ····· · ░░░ ▓▓▓▓\n"
        "perro ░░░░░ ▒ ▒▒▒ ████\n"
        "<eos> ▓▓▓▓▓ █ ··· ████\n";
    assert_string_equal(buf, golden);
}

static void test_the_lengths_scores_add_up_to_the_whole_sets(void **s)
{
    (void)s;
    DataConfig dc = data_config_default();
    dc.n_train = 4; dc.n_val = 60;
    dc.min_words = 2; dc.max_words = 9;
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    ModelConfig mc = model_config_default();
    mc.E = 8; mc.H = 8; mc.attention = ATTN_ADDITIVE;
    Model *m = model_create(&mc, 16, val_set.L, 3);
    AlignScore by_len[MAX_WORDS + 1], all;
    align_evaluate_by_length(m, &val_set, 16, by_len);
    all = align_evaluate(m, &val_set, 16);
    AlignScore sum = align_score_sum(by_len, MAX_WORDS + 1);
    assert_int_equal(sum.rows, all.rows);
    assert_int_equal(sum.hits, all.hits);
    assert_true(fabs(sum.gold_weight - all.gold_weight) < 1e-9);
    assert_true(fabs(sum.entropy - all.entropy) < 1e-9);
    assert_true(fabs(sum.max_entropy - all.max_entropy) < 1e-9);
    long words[MAX_WORDS + 1] = {0};  /* n rows for n words */
    for (int i = 0; i < val_set.n; i++) {
        int n = val_set.src_len[i] - 2;
        words[n] += n;
    }
    for (int n = 0; n <= MAX_WORDS; n++)
        assert_int_equal(by_len[n].rows, words[n]);
    model_free(m);
    dataset_free(&train_set);
    dataset_free(&val_set);
}

static void test_alignment_of_a_trained_model_beats_chance(void **s)
{
    (void)s;
    DataConfig dc = data_config_default();
    dc.n_train = 800; dc.n_val = 50;
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    ModelConfig mc = model_config_default();
    mc.E = 16; mc.H = 16; mc.attention = ATTN_DOT;
    TrainConfig tc = train_config_default();
    tc.epochs = 6; tc.batch_size = 32; tc.lr = 1e-2;
    Model *m = model_create(&mc, 32, train_set.L, 2);
    AlignScore before = align_evaluate(m, &val_set, 32);
    train_model(m, &train_set, &val_set, &tc, NULL, NULL);
    AlignScore after = align_evaluate(m, &val_set, 32);
    assert_true(before.rows == after.rows && after.rows > 0);
    assert_true(align_accuracy(&after) > 2 * align_chance(3, 6));
    assert_true(align_accuracy(&after) > align_accuracy(&before));
    model_free(m);
    dataset_free(&train_set);
    dataset_free(&val_set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_perfect_anti_diagonal_scores_100_percent),
        cmocka_unit_test(test_a_peak_one_after_gold_is_counted_as_after),
        cmocka_unit_test(test_the_main_diagonal_scores_0_percent),
        cmocka_unit_test(test_chance_matches_a_brute_force_count),
        cmocka_unit_test(test_entropy_is_zero_one_hot_and_log_n_uniform),
        cmocka_unit_test(test_the_score_takes_entropy_over_real_tokens),
        cmocka_unit_test(test_one_to_many_and_unaligned_words_are_scored_as_stated),
        cmocka_unit_test(test_text_heatmap_matches_its_golden_output),
        cmocka_unit_test(test_alignment_of_a_trained_model_beats_chance),
        cmocka_unit_test(test_the_lengths_scores_add_up_to_the_whole_sets),
    };
    return cmocka_run_group_tests_name("chapter 6: alignment", tests,
                                       NULL, NULL);
}
