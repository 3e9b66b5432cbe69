/* Tests for chapter 9: the English-to-Spanish grammar, its links,
   and the metrics (AER, BLEU, chrF). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "spanish.h"
#include "metrics.h"

enum { ROOM = SPANISH_MAX_WORDS + 8 };

/* a TaskPair with room for any sentence of the grammar */
#include "task-pair.h"

/* parse an English sentence, words by spaces, with the grammar */
static int parse_text(const char *text, TaskPair *p)
{
    int words[ROOM], n = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
        int k = 0;
        while (k < spanish_task.n_src
               && strcmp(spanish_task.src_words[k], w)) k++;
        assert_true(k < spanish_task.n_src);
        words[n++] = k;
    }
    return spanish_parse(words, n, p);
}

/* the Spanish of a pair, words joined by spaces */
static const char *spanish_text(const TaskPair *p)
{
    static char buf[512];
    buf[0] = '\0';
    for (int i = 0; i < p->tgt_words; i++) {
        if (i) strcat(buf, " ");
        strcat(buf, spanish_task.tgt_words[p->tgt[i]]);
    }
    return buf;
}

/* 1 sure, 0 possible, -1 no link from target t to source s */
static int link_of(const TaskPair *p, int s, int t)
{
    for (int k = 0; k < p->n_links; k++)
        if (p->link[k].src == s && p->link[k].tgt == t)
            return p->link[k].sure;
    return -1;
}

static void test_a_possessive_swaps_and_del_links_twice(void **state)
{
    (void)state;
    Pair q;
    TaskPair *p = pair_init(&q);
    /* 1   2   3  4     5   6    7   8   9   10    */
    assert_true(parse_text("the man 's small dog does not see the"
                           " woman", p));
    assert_string_equal(spanish_text(p),
                        "el perro pequeño del hombre no ve a la mujer");
    assert_int_equal(link_of(p, 3, 1), 0);      /* el ~ 's: possible */
    assert_int_equal(link_of(p, 5, 2), 1);      /* perro = dog */
    assert_int_equal(link_of(p, 4, 3), 1);      /* pequeño = small */
    assert_int_equal(link_of(p, 3, 4), 1);      /* del = 's */
    assert_int_equal(link_of(p, 1, 4), 1);      /*     and the */
    assert_int_equal(link_of(p, 2, 5), 1);      /* hombre = man */
    assert_int_equal(link_of(p, 7, 6), 1);      /* no = not */
    assert_int_equal(link_of(p, 8, 7), 1);      /* ve = see */
    assert_int_equal(link_of(p, 6, 7), 0);      /*    ~ does */
    for (int s = 1; s <= 10; s++)               /* a: no link */
        assert_int_equal(link_of(p, s, 8), -1);
    assert_int_equal(link_of(p, 9, 9), 1);      /* la = the */
    assert_int_equal(link_of(p, 10, 10), 1);    /* mujer = woman */
    assert_int_equal(p->n_links, 11);
    assert_int_equal(q.tag[7], PH_UNALIGNED);
    assert_int_equal(q.tag[2], PH_ADJECTIVE);
    assert_int_equal(q.tag[6], PH_NEGATION);
}

static void test_adjectives_reverse_and_articles_agree(void **state)
{
    (void)state;
    Pair q;
    TaskPair *p = pair_init(&q);
    assert_true(parse_text("the small red car sees a woman", p));
    assert_string_equal(spanish_text(p),
                        "el coche rojo pequeño ve a una mujer");
    assert_int_equal(link_of(p, 3, 3), 1);      /* rojo = red */
    assert_int_equal(link_of(p, 2, 4), 1);      /* pequeño = small */
    assert_true(parse_text("some small red houses see the man", p));
    assert_string_equal(spanish_text(p),
                        "unas casas rojas pequeñas ven al hombre");
    assert_int_equal(link_of(p, 6, 6), 1);      /* al = the */
    assert_int_equal(q.tag[0], PH_AGREEMENT);
    assert_true(parse_text("an old woman 's dogs eat", p));
    assert_string_equal(spanish_text(p),
                        "los perros de una mujer vieja comen");
    assert_true(parse_text("a woman 's old dogs eat", p));
    assert_string_equal(spanish_text(p),
                        "los perros viejos de una mujer comen");
    assert_int_equal(link_of(p, 3, 4), 1);      /* de = 's */
    assert_int_equal(link_of(p, 1, 5), 1);      /* una = a */
}

static void test_a_dropped_pronoun_links_to_the_verb_as_possible(
    void **state)
{
    (void)state;
    Pair q;
    TaskPair *p = pair_init(&q);
    assert_true(parse_text("they do not bring the old man", p));
    assert_string_equal(spanish_text(p), "no traen al hombre viejo");
    assert_int_equal(link_of(p, 1, 2), 0);      /* traen ~ they */
    assert_int_equal(link_of(p, 2, 2), 0);      /*         ~ do */
    assert_int_equal(link_of(p, 4, 2), 1);      /*         = bring */
    assert_int_equal(link_of(p, 3, 1), 1);      /* no = not */
    assert_int_equal(q.tag[1], PH_DROPPED);
    assert_true(parse_text("she sees", p));
    assert_string_equal(spanish_text(p), "ve");
}

/* the personal a: before any person after most verbs, before a
   definite one after necesitar, never after tener */
static void test_the_personal_a_follows_the_verbs_rule(void **state)
{
    (void)state;
    Pair q;
    TaskPair *p = pair_init(&q);
    assert_true(parse_text("the man has a sister", p));
    assert_string_equal(spanish_text(p), "el hombre tiene una hermana");
    assert_true(parse_text("the men have the boy", p));
    assert_string_equal(spanish_text(p), "los hombres tienen el niño");
    assert_true(parse_text("the man sees a sister", p));
    assert_string_equal(spanish_text(p), "el hombre ve a una hermana");
    assert_true(parse_text("the man needs a sister", p));
    assert_string_equal(spanish_text(p), "el hombre necesita una hermana");
    assert_true(parse_text("the man needs the sister", p));
    assert_string_equal(spanish_text(p),
                        "el hombre necesita a la hermana");
    assert_true(parse_text("the man needs a dog 's sister", p));
    assert_string_equal(spanish_text(p),
                        "el hombre necesita a la hermana de un perro");
}

static void test_sentences_outside_the_grammar_are_refused(void **s)
{
    (void)s;
    Pair q;
    TaskPair *p = pair_init(&q);
    const char *bad[] = {
        "a dogs sees", "some dog sees", "they does not see",
        "the dog see", "the dogs sees", "the dogs 's cat sees",
        "the dog does not sees", "the dog sees the", "dog sees",
        "the small small dog sees", "the big red old dog sees",
        "the dog not see", "sees the dog", "the dog sees a cat cat",
        "an dog sees", "a old dog sees", "an uncle sees a apple",
        "the red small car sees", "the clean dirty car sees",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (parse_text(bad[i], p)) fail_msg("accepted '%s'", bad[i]);
}

/* every drawn pair: links inside the sentence, one link at most per
   cell, every word but the personal a linked, every English word
   linked, the tags in range, at most 3 more Spanish words; and the
   grammar's parser, given the English, writes the same pair */
static void test_every_drawn_pair_is_well_formed(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 9);
    Pair q, r;
    TaskPair *p = pair_init(&q), *again = pair_init(&r);
    for (int i = 0; i < 3000; i++) {
        int words = SPANISH_MIN_WORDS
                  + i % (SPANISH_MAX_WORDS - SPANISH_MIN_WORDS + 1);
        spanish_task.draw(&spanish_task, words, &rng, p);
        assert_int_equal(p->src_words, words);
        assert_true(p->tgt_words <= words + spanish_task.extra_words);
        int src_linked[ROOM] = {0}, tgt_linked[ROOM] = {0};
        for (int k = 0; k < p->n_links; k++) {
            Link l = p->link[k];
            assert_true(l.src >= 1 && l.src <= p->src_words);
            assert_true(l.tgt >= 1 && l.tgt <= p->tgt_words);
            for (int j = 0; j < k; j++)
                assert_false(p->link[j].src == l.src
                             && p->link[j].tgt == l.tgt);
            src_linked[l.src] = tgt_linked[l.tgt] = 1;
        }
        for (int s = 1; s <= p->src_words; s++)
            assert_true(src_linked[s]);
        for (int t = 1; t <= p->tgt_words; t++) {
            int tag = q.tag[t - 1];
            assert_true(tag >= 0 && tag < N_PHENOMENA);
            assert_int_equal(tgt_linked[t], tag != PH_UNALIGNED);
        }
        assert_true(spanish_parse(q.src, p->src_words, again));
        assert_int_equal(again->tgt_words, p->tgt_words);
        assert_memory_equal(r.tgt, q.tgt, sizeof(int) * p->tgt_words);
        assert_memory_equal(r.tag, q.tag, sizeof(int) * p->tgt_words);
        assert_int_equal(again->n_links, p->n_links);
        assert_memory_equal(r.link, q.link,
                            sizeof(Link) * p->n_links);
    }
}

/* a dataset of short sentences: every pair fits its rows (the
   grammar measures a drawn sentence before writing it; make sanitize
   catches a write past the pair's room) */
static void test_short_datasets_fit_their_rows(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 3);
    Dataset d;
    dataset_generate(&d, &spanish_task, 500, 2, 3, &rng);
    assert_int_equal(d.L, 3 + spanish_task.extra_words + 2);
    for (int p = 0; p < d.n; p++) {
        assert_true(d.src_len[p] >= 4 && d.src_len[p] <= 5);
        assert_true(d.tgt_len[p] <= d.L);
    }
    dataset_free(&d);
}

/* the lexicon: 45 nouns, 20 adjectives, 20 verbs, both genders;
   the Spanish words valid UTF-8 and lower case */
static void test_the_lexicon_has_its_sizes_and_real_spelling(void **s)
{
    (void)s;
    assert_int_equal(SP_NOUNS, 45);
    assert_int_equal(SP_ADJECTIVES, 20);
    assert_int_equal(SP_VERBS, 20);
    int accented = 0, tilde = 0;
    for (int i = 0; i < spanish_task.n_tgt; i++) {
        const unsigned char *w =
            (const unsigned char *)spanish_task.tgt_words[i];
        for (; *w; w++) {
            assert_false(*w >= 'A' && *w <= 'Z');
            if (*w < 0x80) continue;
            assert_int_equal(*w, 0xc3);     /* á é í ó ú ñ: C3 xx */
            w++;
            accented += *w != 0xb1;
            tilde += *w == 0xb1;
        }
    }
    assert_true(accented > 0 && tilde > 0);
    Vocab en, es;
    vocab_build(&en, &spanish_task, SOURCE);
    vocab_build(&es, &spanish_task, TARGET);
    assert_int_equal(en.size, N_SPECIAL + EN_WORDS);
    assert_true(es.size < N_SPECIAL + ES_WORDS);    /* grande twice */
    assert_true(vocab_find(&es, "pequeña") > 0);
    assert_true(vocab_find(&en, "'s") > 0);
    vocab_free(&en);
    vocab_free(&es);
}

/* the worked example of section "The alignment error rate": does
   not see / no ve, A = {(not, no), (does, ve)} */
static void test_aer_of_the_worked_example(void **state)
{
    (void)state;
    enum { DOES = 1, NOT = 2, SEE = 3, NO = 1, VE = 2 };
    Link gold[] = { { NOT, NO, 1 }, { SEE, VE, 1 }, { DOES, VE, 0 } };
    Link a[] = { { NOT, NO, 1 }, { DOES, VE, 1 } };
    AerCounts c = { 0, 0, 0, 0 };
    aer_count(&c, a, 2, gold, 3, NULL, -1);
    assert_true(c.A == 2 && c.S == 2 && c.AS == 1 && c.AP == 2);
    assert_float_equal(aer_precision(&c), 1.0, 1e-15);
    assert_float_equal(aer_recall(&c), 0.5, 1e-15);
    assert_float_equal(aer(&c), 0.25, 1e-15);
    /* the sure links alone, or with the possible one: AER 0 */
    AerCounts exact = { 0, 0, 0, 0 }, more = { 0, 0, 0, 0 };
    aer_count(&exact, gold, 2, gold, 3, NULL, -1);
    aer_count(&more, gold, 3, gold, 3, NULL, -1);
    assert_float_equal(aer(&exact), 0, 1e-15);
    assert_float_equal(aer(&more), 0, 1e-15);
    /* by tag: only the links of target words tagged 7 */
    int tag[3] = { 0, 7, 0 };               /* no is 7, ve is 0 */
    AerCounts no = { 0, 0, 0, 0 };
    aer_count(&no, a, 2, gold, 3, tag, 7);
    assert_true(no.A == 1 && no.S == 1 && no.AS == 1 && no.AP == 1);
}

/* chance: the expected counts of a uniformly random argmax equal the
   mean over every choice of one source position per word */
static void test_aer_chance_is_the_mean_over_every_argmax(void **s)
{
    (void)s;
    enum { WORDS = 3, S = 4 };
    Link gold[] = { { 1, 1, 1 }, { 2, 1, 1 }, { 3, 2, 0 }, { 2, 2, 1 } };
    AerCounts chance = { 0, 0, 0, 0 }, sum = { 0, 0, 0, 0 };
    aer_chance(&chance, WORDS, S, gold, 4, NULL, -1);
    int choices = 0;
    for (int a0 = 0; a0 < S; a0++)
        for (int a1 = 0; a1 < S; a1++)
            for (int a2 = 0; a2 < S; a2++, choices++) {
                Link a[] = { { a0, 1, 1 }, { a1, 2, 1 }, { a2, 3, 1 } };
                aer_count(&sum, a, 3, gold, 4, NULL, -1);
            }
    assert_float_equal(chance.A, sum.A / choices, 1e-12);
    assert_float_equal(chance.S, sum.S / choices, 1e-12);
    assert_float_equal(chance.AS, sum.AS / choices, 1e-12);
    assert_float_equal(chance.AP, sum.AP / choices, 1e-12);
}

static void test_links_are_read_off_the_weights_as_stated(void **s)
{
    (void)s;
    real w[3 * 4] = { 0.1, 0.6, 0.3, 0.0,       /* word 1 */
                      0.0, 0.45, 0.45, 0.1,     /* word 2: a tie */
                      0.9, 0.05, 0.05, 0.0 };   /* <eos>: not read */
    Link a[12];
    assert_int_equal(links_argmax(a, w, 2, 4), 2);
    assert_int_equal(a[0].src, 1);
    assert_int_equal(a[0].tgt, 1);
    assert_int_equal(a[1].src, 1);              /* the earlier */
    assert_int_equal(a[1].tgt, 2);
    assert_int_equal(links_above(a, w, 2, 4, 0.4), 3);
    assert_int_equal(a[0].src, 1);
    assert_int_equal(a[1].src, 1);
    assert_int_equal(a[2].src, 2);
    assert_int_equal(a[2].tgt, 2);
    assert_int_equal(links_above(a, w, 2, 4, 0.7), 0);
}

/* words to numbers, a new number for each new word */
static int words_to_ids(int *ids, const char *text, char dict[][16],
                        int *n_dict)
{
    char buf[256];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", text);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
        int k = 0;
        while (k < *n_dict && strcmp(dict[k], w)) k++;
        if (k == *n_dict) snprintf(dict[(*n_dict)++], 16, "%s", w);
        ids[n++] = k;
    }
    return n;
}

static void test_bleu_of_the_papers_examples(void **state)
{
    (void)state;
    char dict[128][16];
    int n_dict = 0, c[32], r[3][32], n_c, n_r[3];
    const int *refs[3] = { r[0], r[1], r[2] };
    /* Papineni et al. 2002, example 2: modified unigram p = 2/7 */
    n_c = words_to_ids(c, "the the the the the the the", dict, &n_dict);
    n_r[0] = words_to_ids(r[0], "the cat is on the mat", dict, &n_dict);
    n_r[1] = words_to_ids(r[1], "there is a cat on the mat", dict,
                          &n_dict);
    BleuCounts b = { { 0 }, { 0 }, 0, 0 };
    bleu_add(&b, c, n_c, refs, n_r, 2);
    assert_float_equal(bleu_precision(&b, 1), 2.0 / 7, 1e-15);
    assert_float_equal(bleu_precision(&b, 2), 0, 1e-15);
    /* example 1: candidates 1 and 2 against three references */
    n_r[0] = words_to_ids(r[0], "it is a guide to action that ensures"
        " that the military will forever heed party commands", dict,
        &n_dict);
    n_r[1] = words_to_ids(r[1], "it is the guiding principle which"
        " guarantees the military forces always being under the"
        " command of the party", dict, &n_dict);
    n_r[2] = words_to_ids(r[2], "it is the practical guide for the"
        " army always to heed the directions of the party", dict,
        &n_dict);
    n_c = words_to_ids(c, "it is a guide to action which ensures that"
        " the military always obeys the commands of the party", dict,
        &n_dict);
    BleuCounts one = { { 0 }, { 0 }, 0, 0 };
    bleu_add(&one, c, n_c, refs, n_r, 3);
    assert_float_equal(bleu_precision(&one, 1), 17.0 / 18, 1e-15);
    assert_float_equal(bleu_precision(&one, 2), 10.0 / 17, 1e-15);
    n_c = words_to_ids(c, "it is to insure the troops forever hearing"
        " the activity guidebook that party direct", dict, &n_dict);
    BleuCounts two = { { 0 }, { 0 }, 0, 0 };
    bleu_add(&two, c, n_c, refs, n_r, 3);
    assert_float_equal(bleu_precision(&two, 1), 8.0 / 14, 1e-15);
    assert_float_equal(bleu_precision(&two, 2), 1.0 / 13, 1e-15);
    /* the chapter's worked examples, by hand */
    n_r[0] = words_to_ids(r[0], "el perro grande ve el gato", dict,
                          &n_dict);
    n_c = words_to_ids(c, "el perro grande ve al gato", dict, &n_dict);
    BleuCounts es = { { 0 }, { 0 }, 0, 0 };
    double bp;
    bleu_add(&es, c, n_c, refs, n_r, 1);
    assert_float_equal(bleu(&es, &bp), pow(1.0 / 12, 0.25), 1e-12);
    assert_float_equal(bp, 1, 1e-15);
    n_c = words_to_ids(c, "el perro grande ve", dict, &n_dict);
    BleuCounts brief = { { 0 }, { 0 }, 0, 0 };
    bleu_add(&brief, c, n_c, refs, n_r, 1);
    assert_float_equal(bleu(&brief, &bp), exp(-0.5), 1e-12);
    assert_float_equal(bp, exp(-0.5), 1e-12);
}

static void test_chrf_of_the_worked_examples(void **state)
{
    (void)state;
    ChrfCounts c;
    memset(&c, 0, sizeof c);
    chrf_add(&c, "gatos", "gato", 2);
    assert_float_equal(chrf(&c, 3, 2), 10 * 0.775 / (9 * 0.775 + 1),
                       1e-12);
    memset(&c, 0, sizeof c);
    chrf_add(&c, "niño", "nino", 1);        /* code points, not bytes */
    assert_float_equal(c.match[0], 3, 0);
    assert_float_equal(c.cand[0], 4, 0);
    assert_float_equal(chrf(&c, 3, 1), 0.75, 1e-12);
    memset(&c, 0, sizeof c);                /* spaces are left out */
    chrf_add(&c, "el  gato rojo", "elgatorojo", CHRF_N);
    assert_float_equal(chrf(&c, 3, CHRF_N), 1, 1e-12);
    memset(&c, 0, sizeof c);
    chrf_add(&c, "abc", "xyz", CHRF_N);
    assert_float_equal(chrf(&c, 3, CHRF_N), 0, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_possessive_swaps_and_del_links_twice),
        cmocka_unit_test(test_adjectives_reverse_and_articles_agree),
        cmocka_unit_test(
            test_a_dropped_pronoun_links_to_the_verb_as_possible),
        cmocka_unit_test(test_the_personal_a_follows_the_verbs_rule),
        cmocka_unit_test(test_sentences_outside_the_grammar_are_refused),
        cmocka_unit_test(test_every_drawn_pair_is_well_formed),
        cmocka_unit_test(
            test_the_lexicon_has_its_sizes_and_real_spelling),
        cmocka_unit_test(test_short_datasets_fit_their_rows),
        cmocka_unit_test(test_aer_of_the_worked_example),
        cmocka_unit_test(test_aer_chance_is_the_mean_over_every_argmax),
        cmocka_unit_test(test_links_are_read_off_the_weights_as_stated),
        cmocka_unit_test(test_bleu_of_the_papers_examples),
        cmocka_unit_test(test_chrf_of_the_worked_examples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
