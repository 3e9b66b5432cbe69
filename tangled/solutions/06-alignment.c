#line 377 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 6. */
#include "align.h"
#include <math.h>
#line 384 "chapters/C-solutions.nw"
double ex_row_entropy(const real *w, int n)
{
    double h = 0;
    for (int s = 0; s < n; s++)
        if (w[s] > 0) h -= w[s] * log(w[s]);
    return h;
}
#line 394 "chapters/C-solutions.nw"
int ex_align_hits(const real *w, int S, int words,
                  int (*gold)(int words, int step))
{
    int hits = 0;
    for (int j = 0; j < words; j++) {
        const real *row = w + (size_t)j * S;
        int peak = 0;
        for (int s = 1; s < S; s++) if (row[s] > row[peak]) peak = s;
        hits += peak == gold(words, j);
    }
    return hits;
}
