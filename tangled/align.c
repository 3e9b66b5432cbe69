#line 31 "chapters/06-alignment.nw"
/* align.c: alignment accuracy and heatmaps (chapter 6). */
#include "align.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#line 63 "chapters/06-alignment.nw"
void align_score_add(AlignScore *a, const real *w, int words, int S)
{
    for (int j = 0; j < words; j++) {
        const real *row = w + (size_t)j * S;
        int gold = gold_source_index(words, j), peak = 0;
        for (int s = 1; s < S; s++) if (row[s] > row[peak]) peak = s;
        a->rows++;
        a->hits += peak == gold;
        a->gold_weight += row[gold];
    }
}

double align_accuracy(const AlignScore *a)
{
    return a->rows ? (double)a->hits / a->rows : 0;
}

double align_gold_weight(const AlignScore *a)
{
    return a->rows ? a->gold_weight / a->rows : 0;
}
#line 97 "chapters/06-alignment.nw"
AlignScore align_evaluate(Model *m, const Dataset *d, int batch_size)
{
    AlignScore a = {0, 0, 0};
    assert(m->weights);
    Batch batch;
    batch_alloc(&batch, batch_size, d->L);
    int *rows = xcalloc(batch_size, sizeof(int));
    for (int start = 0; start < d->n; start += batch_size) {
        int count = d->n - start;
        if (count > batch_size) count = batch_size;
        for (int i = 0; i < count; i++) rows[i] = start + i;
        batch_fill(&batch, d, rows, count);
        model_forward(m, &batch);
        
#line 119 "chapters/06-alignment.nw"
int T = batch.T - 1, S = batch.S;
for (int b = 0; b < batch.B; b++)
    align_score_add(&a, m->weights + (size_t)b * T * S,
                    batch.src_len[b] - 2, S);
#line 111 "chapters/06-alignment.nw"
    }
    free(rows);
    batch_free(&batch);
    return a;
}
#line 148 "chapters/06-alignment.nw"
double align_chance(int min_words, int max_words)
{
    double hits = 0, rows = 0;
    for (int n = min_words; n <= max_words; n++) {
        hits += (double)n / (n + 2);
        rows += n;
    }
    return hits / rows;
}
#line 192 "chapters/06-alignment.nw"
static const char *const shade[5] = {"·", "░", "▒", "▓", "█"};

void text_heatmap(FILE *f, const real *w, int rows, int cols,
                  const char *const *row_label,
                  const char *const *col_label)
{
    int left = 0;
    for (int r = 0; r < rows; r++)
        if ((int)strlen(row_label[r]) > left)
            left = (int)strlen(row_label[r]);
    
#line 211 "chapters/06-alignment.nw"
fprintf(f, "%*s ", left, "");
for (int c = 0; c < cols; c++)
    fprintf(f, "%s%s", col_label[c], c + 1 < cols ? " " : "\n");
#line 203 "chapters/06-alignment.nw"
    for (int r = 0; r < rows; r++) {
        fprintf(f, "%*s ", left, row_label[r]);
        
#line 217 "chapters/06-alignment.nw"
for (int c = 0; c < cols; c++) {
    real x = w[(size_t)r * cols + c];
    int level = (int)(x * 5);
    if (level > 4) level = 4;
    if (level < 0) level = 0;
    for (int k = 0; k < (int)strlen(col_label[c]); k++)
        fputs(shade[level], f);
    if (c + 1 < cols) fputc(' ', f);
}
#line 206 "chapters/06-alignment.nw"
        fputc('\n', f);
    }
}
