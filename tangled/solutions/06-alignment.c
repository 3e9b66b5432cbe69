#line 417 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 6. */
#include "align.h"
#include <math.h>
#line 430 "chapters/C-solutions.nw"
double ex_peak_gap(const real *w, int n)
{
    double first = w[0], second = -1;
    for (int s = 1; s < n; s++) {
        if (w[s] >= first) { second = first; first = w[s]; }
        else if (w[s] > second) second = w[s];
    }
    return second > 0 ? log(first / second) : INFINITY;
}
#line 442 "chapters/C-solutions.nw"
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
