/* Tests for chapter 2: the task with a known alignment. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "task.h"

/* the FNV-1a hash of the recipe's data, as the book drew it before
   tasks were values (commit 31ee51e) */
#define RECIPE_HASH 0x32c9a70847e907a9u

static void test_vocabularies_are_specials_then_sorted_words(void **s)
{
    (void)s;
    Vocab en, es;
    vocab_build(&en, &reversal_task, SOURCE);
    vocab_build(&es, &reversal_task, TARGET);
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
    vocab_free(&en);
    vocab_free(&es);
}

/* the Spanish id of the translation of English id `id` */
static int translate(int id)
{
    Vocab en, es;
    vocab_build(&en, &reversal_task, SOURCE);
    vocab_build(&es, &reversal_task, TARGET);
    int found = -1;
    for (int i = 0; i < LEXICON_SIZE; i++)
        if (!strcmp(english[i], en.word[id]))
            found = vocab_find(&es, spanish[i]);
    vocab_free(&en);
    vocab_free(&es);
    return found;
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
                             translate(src[n - j]));
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

/* every pair's links: one sure link per target word, from target
   position t to source position n + 1 - t, in target order */
static void test_the_reversal_links_are_the_anti_diagonal(void **s)
{
    (void)s;
    Dataset train, val;
    DataConfig c = data_config_default();
    datasets_make(&train, &val, &c);
    int four_words = 0;
    for (int p = 0; p < train.n; p++) {
        int n = train.src_len[p] - 2, count;
        const Link *link = pair_links(&train, p, &count);
        assert_int_equal(count, n);
        for (int t = 1; t <= n; t++) {
            assert_int_equal(link[t - 1].tgt, t);
            assert_int_equal(link[t - 1].src, n + 1 - t);
            assert_int_equal(link[t - 1].sure, 1);
        }
        if (n == 4 && !four_words++) {   /* figure 2.1's pair */
            assert_int_equal(link[0].src, 4);   /* step 0 */
            assert_int_equal(link[3].src, 1);   /* step 3 */
        }
    }
    assert_int_equal(train.first_link[train.n],
                     train.first_link[train.n - 1]
                     + train.src_len[train.n - 1] - 2);
    dataset_free(&train);
    dataset_free(&val);
}

/* a task's pairs: each target word translates the source word at
   its own position, and is linked to it, except "a" (word 5) */
static void copy_draw(const Task *t, int words, Rng *rng, TaskPair *p)
{
    (void)t;
    p->src_words = p->tgt_words = words;
    p->n_links = 0;
    for (int i = 0; i < words; i++) {
        p->src[i] = p->tgt[i] = rng_below(rng, 7);
        if (p->src[i] != 5)                 /* "a" is left unaligned */
            p->link[p->n_links++] = (Link){ i + 1, i + 1, 1 };
    }
}

static void test_a_task_of_other_words_gets_its_own_vocabularies(
    void **s)
{
    (void)s;
    /* seven words a side, accents, and a word listed twice */
    static const char *const src_words[] = {
        "the", "boy", "small", "child", "sees", "a", "the",
    };
    static const char *const tgt_words[] = {
        "el", "niño", "pequeño", "nino", "ve", "un", "el",
    };
    const Task copy = { "copy", 7, 7, src_words, tgt_words, 0,
                        copy_draw };
    Vocab en, es;
    vocab_build(&en, &copy, SOURCE);
    vocab_build(&es, &copy, TARGET);
    assert_int_equal(en.size, N_SPECIAL + 6);       /* "the" once */
    assert_int_equal(es.size, N_SPECIAL + 6);       /* "el" once */
    const char *sorted[] = { "el", "nino", "niño", "pequeño", "un",
                             "ve" };
    for (int i = 0; i < 6; i++)
        assert_string_equal(es.word[N_SPECIAL + i], sorted[i]);
    assert_int_equal(vocab_find(&es, "niño"), N_SPECIAL + 2);
    assert_int_equal(vocab_find(&es, "pequeño"), N_SPECIAL + 3);
    Dataset d;
    Rng rng;
    rng_seed(&rng, 3);
    dataset_generate(&d, &copy, 40, 2, 5, &rng);
    assert_int_equal(d.L, 7);
    for (int p = 0; p < d.n; p++) {
        int n = d.src_len[p] - 2, count, unaligned = 0;
        const Link *link = pair_links(&d, p, &count);
        for (int i = 1; i <= n; i++) {
            const char *w = en.word[d.src[p * d.L + i]];
            assert_in_range(d.tgt[p * d.L + i], N_SPECIAL,
                            es.size - 1);
            unaligned += !strcmp(w, "a");
        }
        assert_int_equal(count, n - unaligned);
        for (int k = 0; k < count; k++) {
            assert_int_equal(link[k].src, link[k].tgt);
            assert_string_not_equal(
                en.word[d.src[p * d.L + link[k].src]], "a");
        }
    }
    dataset_free(&d);
    vocab_free(&en);
    vocab_free(&es);
}

/* the recipe's data, pinned: the same seed must give the same
   sentences as before tasks were values (FNV-1a of every id) */
static void test_the_recipe_data_is_unchanged(void **s)
{
    (void)s;
    Dataset train, val;
    DataConfig c = data_config_default();
    datasets_make(&train, &val, &c);
    uint64_t h = 14695981039346656037u;
    const Dataset *set[2] = { &train, &val };
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < set[k]->n * set[k]->L; i++) {
            h = (h ^ (uint64_t)set[k]->src[i]) * 1099511628211u;
            h = (h ^ (uint64_t)set[k]->tgt[i]) * 1099511628211u;
        }
    print_message("recipe data hash %016llx\n", (unsigned long long)h);
    assert_true(h == RECIPE_HASH);
    dataset_free(&train);
    dataset_free(&val);
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
    vocab_build(&en, &reversal_task, SOURCE);
    assert_int_equal(parse_sentence(ids, "  the big\tdog sees ", 6,
                                    &reversal_task), 6);
    assert_int_equal(ids[0], SOS);
    assert_int_equal(ids[1], vocab_find(&en, "the"));
    assert_int_equal(ids[3], vocab_find(&en, "dog"));
    assert_int_equal(ids[5], EOS);
    vocab_free(&en);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vocabularies_are_specials_then_sorted_words),
        cmocka_unit_test(test_every_target_is_the_reversed_translation),
        cmocka_unit_test(test_ids_are_in_range_and_padding_only_at_the_end),
        cmocka_unit_test(test_the_same_seed_gives_the_same_data),
        cmocka_unit_test(test_the_reversal_links_are_the_anti_diagonal),
        cmocka_unit_test(test_a_task_of_other_words_gets_its_own_vocabularies),
        cmocka_unit_test(test_the_recipe_data_is_unchanged),
        cmocka_unit_test(test_a_batch_is_sorted_longest_first_and_trimmed),
        cmocka_unit_test(test_a_typed_sentence_becomes_ids),
    };
    return cmocka_run_group_tests_name("chapter 2: the task", tests,
                                       NULL, NULL);
}
