#line 23 "chapters/06-alignment.nw"
/* align.h: alignment accuracy and heatmaps (chapter 6). */
#ifndef ALIGN_H
#define ALIGN_H
#include "model.h"
#line 69 "chapters/06-alignment.nw"
typedef struct {
    long rows, hits;            /* rows scored, peaks on gold */
    long after;                 /* peaks one token after gold */
    double gold_weight;         /* sum of the weights on gold */
    double entropy, max_entropy;    /* sums of H(row), log n_src */
} AlignScore;
void align_score_add(AlignScore *a, const real *w /* [T, S] */,
                     int T, int S, int n_src, const Link *link,
                     int n_links);
double align_accuracy(const AlignScore *a);
double align_after(const AlignScore *a);
double align_gold_weight(const AlignScore *a);
double align_entropy(const AlignScore *a);
double align_max_entropy(const AlignScore *a);
#line 159 "chapters/06-alignment.nw"
typedef void (*AttentionVisit)(const real *w /* [T, S] */, int T,
                               int S, int row, void *ctx);
void for_each_attention(Model *m, const Dataset *d, int batch_size,
                        AttentionVisit visit, void *ctx);
AlignScore align_evaluate(Model *m, const Dataset *d, int batch_size);
#line 221 "chapters/06-alignment.nw"
void align_evaluate_by_length(Model *m, const Dataset *d,
                              int batch_size,
                              AlignScore *by_len /* [MAX_WORDS+1] */);
AlignScore align_score_sum(const AlignScore *a /* [n] */, int n);
#line 281 "chapters/06-alignment.nw"
double attention_entropy(const real *w /* [n] */, int n);
#line 321 "chapters/06-alignment.nw"
double align_chance(int min_words, int max_words);
#line 368 "chapters/06-alignment.nw"
const char *weight_shade(real w);
void text_heatmap(FILE *f, const real *w /* [rows, cols] */,
                  int rows, int cols,
                  const char *const *row_label /* [rows] */,
                  const char *const *col_label /* [cols] */);
#line 3932 "chapters/A-programs.nw"
void heatmap_files(const char *dat, const char *gpi,
                   const real *w /* [T, C] */, int T, int C,
                   const char *const *row /* [T] */,
                   const char *const *col /* [C] */,
                   const Link *gold, int n_gold);
#line 30 "chapters/06-alignment.nw"
#endif
