#line 32 "chapters/06-alignment.nw"
/* align.c: alignment accuracy and heatmaps (chapter 6). */
#include "align.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#line 74 "chapters/06-alignment.nw"
void align_score_add(AlignScore *a, const real *w, int T, int S,
                     const Link *link, int n_links)
{
    for (int j = 0; j < T; j++) {
        const real *row = w + (size_t)j * S;
        int peak = 0, sure = 0, hit = 0;
        double on_gold = 0;
        for (int s = 1; s < S; s++) if (row[s] > row[peak]) peak = s;
        
#line 91 "chapters/06-alignment.nw"
for (int k = 0; k < n_links; k++) {
    if (link[k].tgt != j + 1) continue;
    sure += link[k].sure;
    hit |= link[k].src == peak;
    on_gold += row[link[k].src];
}
#line 83 "chapters/06-alignment.nw"
        if (!sure) continue;            /* nothing to score */
        a->rows++;
        a->hits += hit;
        a->gold_weight += on_gold;
    }
}
#line 102 "chapters/06-alignment.nw"
double align_accuracy(const AlignScore *a)
{
    return a->rows ? (double)a->hits / a->rows : 0;
}

double align_gold_weight(const AlignScore *a)
{
    return a->rows ? a->gold_weight / a->rows : 0;
}
#line 131 "chapters/06-alignment.nw"
void for_each_attention(Model *m, const Dataset *d, int batch_size,
                        AttentionVisit visit, void *ctx)
{
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
        
#line 154 "chapters/06-alignment.nw"
int T = batch.T - 1, S = batch.S;
for (int b = 0; b < batch.B; b++)
    visit(m->weights + (size_t)b * T * S, T, S, batch.row[b], ctx);
#line 145 "chapters/06-alignment.nw"
    }
    free(rows);
    batch_free(&batch);
}
#line 159 "chapters/06-alignment.nw"
typedef struct { AlignScore a; const Dataset *d; } AlignVisit;

static void score_one(const real *w, int T, int S, int row, void *ctx)
{
    AlignVisit *v = ctx;
    int n_links;
    const Link *link = pair_links(v->d, row, &n_links);
    align_score_add(&v->a, w, T, S, link, n_links);
}

AlignScore align_evaluate(Model *m, const Dataset *d, int batch_size)
{
    AlignVisit v = { {0, 0, 0}, d };
    for_each_attention(m, d, batch_size, score_one, &v);
    return v.a;
}
#line 201 "chapters/06-alignment.nw"
double align_chance(int min_words, int max_words)
{
    double hits = 0, rows = 0;
    for (int n = min_words; n <= max_words; n++) {
        hits += (double)n / (n + 2);
        rows += n;
    }
    return hits / rows;
}
#line 245 "chapters/06-alignment.nw"
static const char *const shade[5] = {"·", "░", "▒", "▓", "█"};

void text_heatmap(FILE *f, const real *w, int rows, int cols,
                  const char *const *row_label,
                  const char *const *col_label)
{
    int left = 0;
    for (int r = 0; r < rows; r++)
        if ((int)strlen(row_label[r]) > left)
            left = (int)strlen(row_label[r]);
    
#line 264 "chapters/06-alignment.nw"
fprintf(f, "%*s ", left, "");
for (int c = 0; c < cols; c++)
    fprintf(f, "%s%s", col_label[c], c + 1 < cols ? " " : "\n");
#line 256 "chapters/06-alignment.nw"
    for (int r = 0; r < rows; r++) {
        fprintf(f, "%*s ", left, row_label[r]);
        
#line 270 "chapters/06-alignment.nw"
for (int c = 0; c < cols; c++) {
    real x = w[(size_t)r * cols + c];
    int level = (int)(x * 5);
    if (level > 4) level = 4;
    if (level < 0) level = 0;
    for (int k = 0; k < (int)strlen(col_label[c]); k++)
        fputs(shade[level], f);
    if (c + 1 < cols) fputc(' ', f);
}
#line 259 "chapters/06-alignment.nw"
        fputc('\n', f);
    }
}
#line 3084 "chapters/A-programs.nw"
void heatmap_files(const char *dat, const char *gpi, const real *w,
                   int T, int C, const char *const *row,
                   const char *const *col, const Link *gold,
                   int n_gold)
{
    FILE *f = out_open(dat);
    for (int j = 0; j < T; j++)
        for (int c = 0; c < C; c++)
            fprintf(f, "%d %d %.4f\n", c, j, w[j * C + c]);
    out_close(f);
    f = out_open(gpi);
    
#line 3100 "chapters/A-programs.nw"
fprintf(f, "set xtics (");
for (int c = 0; c < C; c++)
    fprintf(f, "%s\"%s\" %d", c ? ", " : "", col[c], c);
fprintf(f, ")\nset ytics (");
for (int j = 0; j < T; j++)
    fprintf(f, "%s\"%s\" %d", j ? ", " : "", row[j], j);
fprintf(f, ")\nset xrange [-0.5:%g]\nset yrange [%g:-0.5]\n",
        C - 0.5, T - 0.5);
for (int k = 0; k < n_gold; k++) {
    int g = gold[k].src, j = gold[k].tgt - 1;
    fprintf(f, "set object %d rect from %g,%g to %g,%g front"
            " fillstyle empty border lc rgb '#d62728' lw 4 dt %d\n",
            k + 1, g - 0.5, j - 0.5, g + 0.5, j + 0.5,
            gold[k].sure ? 1 : 2);
}
#line 3096 "chapters/A-programs.nw"
    out_close(f);
}
