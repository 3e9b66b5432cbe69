#line 831 "chapters/09-spanish.nw"
/* metrics.h: alignment error rate, BLEU and chrF (chapter 9). */
#ifndef METRICS_H
#define METRICS_H
#include "align.h"
#line 854 "chapters/09-spanish.nw"
typedef struct {
    double A, S;        /* |A|, |S| */
    double AS, AP;      /* |A and S|, |A and P| */
} AerCounts;
void aer_count(AerCounts *c, const Link *a, int n_a,
               const Link *gold, int n_gold, const int *tag,
               int want);
double aer(const AerCounts *c);
double aer_precision(const AerCounts *c);
double aer_recall(const AerCounts *c);
#line 976 "chapters/09-spanish.nw"
void aer_chance(AerCounts *c, int words, int S, const Link *gold,
                int n_gold, const int *tag, int want);
#line 999 "chapters/09-spanish.nw"
void aer_best_argmax(AerCounts *c, int words, const Link *gold,
                     int n_gold, const int *tag, int want);
#line 932 "chapters/09-spanish.nw"
int links_argmax(Link *out /* [words] */, const real *w /* [T, S] */,
                 int words, int S);
int links_above(Link *out /* [words * S] */, const real *w, int words,
                int S, double threshold);
#line 1078 "chapters/09-spanish.nw"
enum { BLEU_N = 4 };
typedef struct {
    double match[BLEU_N], total[BLEU_N];    /* clipped, all */
    double c, r;                    /* candidate, best match length */
} BleuCounts;
void bleu_add(BleuCounts *b, const int *cand, int n_cand,
              const int *const *ref, const int *n_ref, int refs);
double bleu(const BleuCounts *b, double *bp /* or NULL */);
double bleu_precision(const BleuCounts *b, int n);
#line 1195 "chapters/09-spanish.nw"
enum { CHRF_N = 6 };
typedef struct {
    double match[CHRF_N], cand[CHRF_N], ref[CHRF_N];
} ChrfCounts;
void chrf_add(ChrfCounts *c, const char *cand, const char *ref,
              int max_n);
double chrf(const ChrfCounts *c, double beta, int max_n);
#line 839 "chapters/09-spanish.nw"
#endif
