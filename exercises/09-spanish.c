/* Exercises of chapter 9, real alignments. Replace each TODO with
   your code, then check it: make exercise EX=9.6 (or EX=9.7). */
#include "metrics.h"

/* Exercise 9.6: BLEU with add-one smoothing, for a single sentence.
   As bleu(b, NULL), but for n = 2, 3 and 4 the precision is
   (match + 1) / (total + 1); the unigram precision and the brevity
   penalty are BLEU's. */
double ex_bleu_add_one(const BleuCounts *b)
{
    (void)b;
    return 0;   /* TODO */
}

/* Exercise 9.7: links by argmax over the words only. As
   links_argmax, but a row's link goes to the largest weight among
   the columns 1 to S - 2 (the words; column 0 is <sos>, S - 1 is
   <eos>), the first of equal weights. S is at least 3. */
int ex_links_argmax_words(Link *out /* [words] */,
                          const real *w /* [words, S] */, int words,
                          int S)
{
    (void)out; (void)w; (void)words; (void)S;
    return 0;   /* TODO */
}
