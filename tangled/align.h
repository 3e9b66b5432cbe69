#line 21 "chapters/06-alignment.nw"
/* align.h: alignment accuracy and heatmaps (chapter 6). */
#ifndef ALIGN_H
#define ALIGN_H
#include "model.h"
#line 53 "chapters/06-alignment.nw"
typedef struct {
    long rows, hits;            /* rows scored, peaks on gold */
    double gold_weight;         /* sum of the weights on gold */
} AlignScore;
void align_score_add(AlignScore *a, const real *w /* [rows, S] */,
                     int words, int S);
double align_accuracy(const AlignScore *a);
double align_gold_weight(const AlignScore *a);
#line 94 "chapters/06-alignment.nw"
AlignScore align_evaluate(Model *m, const Dataset *d, int batch_size);
#line 145 "chapters/06-alignment.nw"
double align_chance(int min_words, int max_words);
#line 186 "chapters/06-alignment.nw"
void text_heatmap(FILE *f, const real *w /* [rows, cols] */,
                  int rows, int cols,
                  const char *const *row_label /* [rows] */,
                  const char *const *col_label /* [cols] */);
#line 28 "chapters/06-alignment.nw"
#endif
