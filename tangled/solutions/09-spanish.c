#line 938 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 9. */
#include "metrics.h"
#include <math.h>
#line 946 "chapters/C-solutions.nw"
double ex_bleu_add_one(const BleuCounts *b)
{
    double bp;
    bleu(b, &bp);
    double log_sum = 0;
    for (int n = 1; n <= BLEU_N; n++) {
        double match = b->match[n - 1], total = b->total[n - 1];
        if (n > 1) match += 1, total += 1;
        if (match == 0 || total == 0) return 0;
        log_sum += log(match / total) / BLEU_N;
    }
    return bp * exp(log_sum);
}
#line 968 "chapters/C-solutions.nw"
int ex_links_argmax_words(Link *out, const real *w, int words, int S)
{
    for (int j = 0; j < words; j++) {
        const real *row = w + (size_t)j * S;
        int peak = 1;
        for (int s = 2; s < S - 1; s++)
            if (row[s] > row[peak]) peak = s;
        out[j] = (Link){ .src = peak, .tgt = j + 1, .sure = 1 };
    }
    return words;
}
