#line 842 "chapters/09-spanish.nw"
/* metrics.c: alignment error rate, BLEU and chrF (chapter 9). */
#include "metrics.h"
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#line 874 "chapters/09-spanish.nw"
static int gold_link(const Link *gold, int n_gold, Link l)
{
    for (int k = 0; k < n_gold; k++)
        if (gold[k].src == l.src && gold[k].tgt == l.tgt)
            return gold[k].sure ? 2 : 1;    /* in S and P, or P */
    return 0;
}

void aer_count(AerCounts *c, const Link *a, int n_a,
               const Link *gold, int n_gold, const int *tag, int want)
{
    for (int k = 0; k < n_a; k++) {
        if (want >= 0 && tag[a[k].tgt] != want) continue;
        int g = gold_link(gold, n_gold, a[k]);
        c->A++;
        c->AS += g == 2;
        c->AP += g > 0;
    }
    for (int k = 0; k < n_gold; k++)
        if (gold[k].sure && (want < 0 || tag[gold[k].tgt] == want))
            c->S++;
}
#line 900 "chapters/09-spanish.nw"
double aer(const AerCounts *c)
{
    return c->A + c->S > 0 ? 1 - (c->AS + c->AP) / (c->A + c->S) : 0;
}

double aer_precision(const AerCounts *c)
{
    return c->A > 0 ? c->AP / c->A : 0;
}

double aer_recall(const AerCounts *c)
{
    return c->S > 0 ? c->AS / c->S : 0;
}
#line 980 "chapters/09-spanish.nw"
void aer_chance(AerCounts *c, int words, int S, const Link *gold,
                int n_gold, const int *tag, int want)
{
    for (int t = 1; t <= words; t++)
        if (want < 0 || tag[t] == want) c->A++;
    for (int k = 0; k < n_gold; k++) {
        if (want >= 0 && tag[gold[k].tgt] != want) continue;
        c->AP += 1.0 / S;
        c->AS += gold[k].sure ? 1.0 / S : 0;
        c->S += gold[k].sure;
    }
}
#line 1003 "chapters/09-spanish.nw"
void aer_best_argmax(AerCounts *c, int words, const Link *gold,
                     int n_gold, const int *tag, int want)
{
    for (int t = 1; t <= words; t++) {
        if (want >= 0 && tag[t] != want) continue;
        int best = 0;               /* 2 sure, 1 possible, 0 none */
        for (int k = 0; k < n_gold; k++)
            if (gold[k].tgt == t && 1 + gold[k].sure > best)
                best = 1 + gold[k].sure;
        c->A++;
        c->AS += best == 2;
        c->AP += best > 0;
    }
    for (int k = 0; k < n_gold; k++)
        if (gold[k].sure && (want < 0 || tag[gold[k].tgt] == want))
            c->S++;
}
#line 938 "chapters/09-spanish.nw"
int links_argmax(Link *out, const real *w, int words, int S)
{
    for (int j = 0; j < words; j++) {
        const real *row = w + (size_t)j * S;
        int peak = 0;
        for (int s = 1; s < S; s++) if (row[s] > row[peak]) peak = s;
        out[j] = (Link){ .src = peak, .tgt = j + 1, .sure = 1 };
    }
    return words;
}

int links_above(Link *out, const real *w, int words, int S,
                double threshold)
{
    int n = 0;
    for (int j = 0; j < words; j++)
        for (int s = 0; s < S; s++)
            if (w[(size_t)j * S + s] > threshold)
                out[n++] = (Link){ .src = s, .tgt = j + 1,
                                   .sure = 1 };
    return n;
}
#line 1092 "chapters/09-spanish.nw"
static int count_ngram(const int *g, int n, const int *x, int len)
{
    int count = 0;
    for (int i = 0; i + n <= len; i++)
        count += !memcmp(x + i, g, sizeof(int) * n);
    return count;
}
#line 1103 "chapters/09-spanish.nw"
void bleu_add(BleuCounts *b, const int *cand, int n_cand,
              const int *const *ref, const int *n_ref, int refs)
{
    for (int n = 1; n <= BLEU_N; n++)
        for (int i = 0; i + n <= n_cand; i++) {
            b->total[n - 1]++;
            if (count_ngram(cand + i, n, cand, i + n - 1) > 0)
                continue;           /* counted at its first */
            int most = 0;
            for (int k = 0; k < refs; k++) {
                int in_ref = count_ngram(cand + i, n, ref[k],
                                         n_ref[k]);
                if (in_ref > most) most = in_ref;
            }
            int here = count_ngram(cand + i, n, cand, n_cand);
            b->match[n - 1] += here < most ? here : most;
        }
    
#line 1125 "chapters/09-spanish.nw"
int best = n_ref[0];
for (int k = 1; k < refs; k++) {
    int d = abs(n_ref[k] - n_cand), d_best = abs(best - n_cand);
    if (d < d_best || (d == d_best && n_ref[k] < best))
        best = n_ref[k];
}
b->c += n_cand;
b->r += best;
#line 1121 "chapters/09-spanish.nw"
}
#line 1135 "chapters/09-spanish.nw"
double bleu_precision(const BleuCounts *b, int n)
{
    assert(n >= 1 && n <= BLEU_N);
    double all = b->total[n - 1];
    return all > 0 ? b->match[n - 1] / all : 0;
}

double bleu(const BleuCounts *b, double *bp)
{
    double penalty = b->c > b->r ? 1
                   : b->c > 0 ? exp(1 - b->r / b->c) : 0;
    if (bp) *bp = penalty;
    double log_sum = 0;
    for (int n = 1; n <= BLEU_N; n++) {
        double p = bleu_precision(b, n);
        if (p == 0) return 0;
        log_sum += log(p) / BLEU_N;
    }
    return penalty * exp(log_sum);
}
#line 1206 "chapters/09-spanish.nw"
static int code_points(int *out /* [strlen(s)] */, const char *s)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        int len = *p < 0x80 ? 1 : *p < 0xe0 ? 2 : *p < 0xf0 ? 3 : 4;
        int cp = len == 1 ? *p : *p & (0x3f >> (len - 1));
        for (int k = 1; k < len && p[k]; k++)
            cp = cp << 6 | (p[k] & 0x3f);
        if (cp != ' ') out[n++] = cp;
        for (int k = 0; k < len && *p; k++) p++;
    }
    return n;
}
#line 1223 "chapters/09-spanish.nw"
void chrf_add(ChrfCounts *c, const char *cand, const char *ref,
              int max_n)
{
    assert(max_n >= 1 && max_n <= CHRF_N);
    int *x = xcalloc(strlen(cand) + 1, sizeof(int));
    int *y = xcalloc(strlen(ref) + 1, sizeof(int));
    int nx = code_points(x, cand), ny = code_points(y, ref);
    for (int n = 1; n <= max_n; n++) {
        c->cand[n - 1] += nx >= n ? nx - n + 1 : 0;
        c->ref[n - 1] += ny >= n ? ny - n + 1 : 0;
        for (int i = 0; i + n <= nx; i++) {
            if (count_ngram(x + i, n, x, i + n - 1) > 0) continue;
            int here = count_ngram(x + i, n, x, nx);
            int there = count_ngram(x + i, n, y, ny);
            c->match[n - 1] += here < there ? here : there;
        }
    }
    free(x); free(y);
}
#line 1244 "chapters/09-spanish.nw"
double chrf(const ChrfCounts *c, double beta, int max_n)
{
    double P = 0, R = 0;
    for (int n = 0; n < max_n; n++) {
        P += c->cand[n] > 0 ? c->match[n] / c->cand[n] : 0;
        R += c->ref[n] > 0 ? c->match[n] / c->ref[n] : 0;
    }
    P /= max_n;
    R /= max_n;
    double b2 = beta * beta;
    return P + R > 0 ? (1 + b2) * P * R / (b2 * P + R) : 0;
}
