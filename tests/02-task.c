/* Tests for chapter 2: the task with a known alignment. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "task.h"

static void test_vocabularies_are_specials_then_sorted_words(void **s)
{
    (void)s;
    Vocab en, es;
    vocab_build(&en, ENGLISH);
    vocab_build(&es, SPANISH);
    assert_int_equal(en.size, 21);
    assert_int_equal(es.size, 21);
    assert_string_equal(en.word[PAD], "<pad>");
    assert_string_equal(en.word[EOS], "<eos>");
    assert_string_equal(en.word[N_SPECIAL], "a");
    assert_string_equal(es.word[N_SPECIAL], "come");
    for (int i = N_SPECIAL + 1; i < en.size; i++) {
        assert_true(strcmp(en.word[i - 1], en.word[i]) < 0);
        assert_true(strcmp(es.word[i - 1], es.word[i]) < 0);
    }
    assert_int_equal(vocab_find(&en, "dog"), vocab_find(&en, "dog"));
    assert_int_equal(vocab_find(&en, "perro"), -1);
}

/* the Spanish id of the translation of English id `id` */
static int translate(int id)
{
    Vocab en, es;
    vocab_build(&en, ENGLISH);
    vocab_build(&es, SPANISH);
    for (int i = 0; i < LEXICON_SIZE; i++)
        if (!strcmp(lexicon[i][ENGLISH], en.word[id]))
            return vocab_find(&es, lexicon[i][SPANISH]);
    return -1;
}

static void test_every_target_is_the_reversed_translation(void **s)
{
    (void)s;
    Dataset train, val;
    DataConfig c = data_config_default();
    datasets_make(&train, &val, &c);
    assert_int_equal(train.n, 3000);
    assert_int_equal(val.n, 300);
    assert_int_equal(train.L, 8);
    for (int p = 0; p < train.n; p++) {
        const int *src = train.src + p * train.L;
        const int *tgt = train.tgt + p * train.L;
        int n = train.src_len[p] - 2;
        assert_in_range(n, 3, 6);
        assert_int_equal(train.tgt_len[p], n + 2);
        assert_int_equal(src[0], SOS);
        assert_int_equal(tgt[0], SOS);
        assert_int_equal(src[n + 1], EOS);
        assert_int_equal(tgt[n + 1], EOS);
        for (int j = 0; j < n; j++)
            assert_int_equal(tgt[j + 1],
                             translate(src[gold_source_index(n, j)]));
    }
    dataset_free(&train);
    dataset_free(&val);
}

static void test_ids_are_in_range_and_padding_only_at_the_end(void **s)
{
    (void)s;
    Dataset train, val;
    DataConfig c = data_config_default();
    c.min_words = 1;
    c.max_words = 20;
    datasets_make(&train, &val, &c);
    int lengths_seen[21] = {0};
    for (int p = 0; p < val.n; p++) {
        lengths_seen[val.src_len[p] - 2] = 1;
        for (int t = 0; t < val.L; t++) {
            int x = val.src[p * val.L + t], y = val.tgt[p * val.L + t];
            assert_in_range(x, 0, 20);
            assert_in_range(y, 0, 20);
            int inside = t < val.src_len[p];
            assert_true(inside ? x != PAD && y != PAD
                               : x == PAD && y == PAD);
            if (inside && t > 0 && t + 1 < val.src_len[p])
                assert_true(x >= N_SPECIAL && y >= N_SPECIAL);
        }
    }
    for (int n = 1; n <= 20; n++) assert_true(lengths_seen[n]);
    dataset_free(&train);
    dataset_free(&val);
}

static void test_the_same_seed_gives_the_same_data(void **s)
{
    (void)s;
    Dataset a, av, b, bv, c, cv;
    DataConfig k = data_config_default();
    datasets_make(&a, &av, &k);
    datasets_make(&b, &bv, &k);
    k.seed = 2;
    datasets_make(&c, &cv, &k);
    size_t bytes = sizeof(int) * a.n * a.L;
    assert_memory_equal(a.src, b.src, bytes);
    assert_memory_equal(av.tgt, bv.tgt, sizeof(int) * av.n * av.L);
    assert_memory_not_equal(a.src, c.src, bytes);
    dataset_free(&a); dataset_free(&av);
    dataset_free(&b); dataset_free(&bv);
    dataset_free(&c); dataset_free(&cv);
}

static void test_gold_alignment_is_the_anti_diagonal(void **s)
{
    (void)s;
    assert_int_equal(gold_source_index(4, 0), 4);
    assert_int_equal(gold_source_index(4, 3), 1);
    assert_int_equal(gold_source_index(4, 4), -1);
}

static void test_a_batch_is_sorted_longest_first_and_trimmed(void **s)
{
    (void)s;
    Dataset train, val;
    DataConfig c = data_config_default();
    datasets_make(&train, &val, &c);
    Batch b;
    batch_alloc(&b, 64, train.L);
    int rows[10];
    for (int i = 0; i < 10; i++) rows[i] = 3 * i;
    batch_fill(&b, &train, rows, 10);
    assert_int_equal(b.B, 10);
    int longest = 0;
    for (int i = 0; i < 10; i++)
        if (train.src_len[rows[i]] > longest) longest = train.src_len[rows[i]];
    assert_int_equal(b.S, longest);
    for (int i = 0; i < 10; i++) {
        if (i) assert_true(b.src_len[i - 1] >= b.src_len[i]);
        assert_int_equal(b.src_len[i], train.src_len[b.row[i]]);
        assert_memory_equal(b.src + i * b.S, train.src + b.row[i] * train.L,
                            sizeof(int) * b.S);
        assert_memory_equal(b.tgt + i * b.T, train.tgt + b.row[i] * train.L,
                            sizeof(int) * b.T);
    }
    batch_free(&b);
    dataset_free(&train);
    dataset_free(&val);
}

static void test_a_typed_sentence_becomes_ids(void **s)
{
    (void)s;
    int ids[8];
    Vocab en;
    vocab_build(&en, ENGLISH);
    assert_int_equal(parse_sentence(ids, "  the big\tdog sees ", 6), 6);
    assert_int_equal(ids[0], SOS);
    assert_int_equal(ids[1], vocab_find(&en, "the"));
    assert_int_equal(ids[3], vocab_find(&en, "dog"));
    assert_int_equal(ids[5], EOS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vocabularies_are_specials_then_sorted_words),
        cmocka_unit_test(test_every_target_is_the_reversed_translation),
        cmocka_unit_test(test_ids_are_in_range_and_padding_only_at_the_end),
        cmocka_unit_test(test_the_same_seed_gives_the_same_data),
        cmocka_unit_test(test_gold_alignment_is_the_anti_diagonal),
        cmocka_unit_test(test_a_batch_is_sorted_longest_first_and_trimmed),
        cmocka_unit_test(test_a_typed_sentence_becomes_ids),
    };
    return cmocka_run_group_tests_name("chapter 2: the task", tests,
                                       NULL, NULL);
}
