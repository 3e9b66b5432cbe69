#line 33 "chapters/06-alignment.nw"
/* align.c: alignment accuracy and heatmaps (chapter 6). */
#include "align.h"
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#line 89 "chapters/06-alignment.nw"
void align_score_add(AlignScore *a, const real *w, int T, int S,
                     int n_src, const Link *link, int n_links)
{
    assert(n_src >= 1 && n_src <= S);
    for (int j = 0; j < T; j++) {
        const real *row = w + (size_t)j * S;
        int peak = 0, sure = 0, hit = 0, after = 0;
        double on_gold = 0;
        for (int s = 1; s < S; s++) if (row[s] > row[peak]) peak = s;
        
#line 110 "chapters/06-alignment.nw"
for (int k = 0; k < n_links; k++) {
    if (link[k].tgt != j + 1) continue;
    sure += link[k].sure;
    hit |= link[k].src == peak;
    after |= link[k].src + 1 == peak;
    on_gold += row[link[k].src];
}
#line 99 "chapters/06-alignment.nw"
        if (!sure) continue;            /* nothing to score */
        a->rows++;
        a->hits += hit;
        a->after += after;
        a->gold_weight += on_gold;
        a->entropy += attention_entropy(row, n_src);
        a->max_entropy += log(n_src);
    }
}
#line 122 "chapters/06-alignment.nw"
double align_accuracy(const AlignScore *a)
{
    return a->rows ? (double)a->hits / a->rows : 0;
}

double align_after(const AlignScore *a)
{
    return a->rows ? (double)a->after / a->rows : 0;
}

double align_gold_weight(const AlignScore *a)
{
    return a->rows ? a->gold_weight / a->rows : 0;
}

double align_entropy(const AlignScore *a)
{
    return a->rows ? a->entropy / a->rows : 0;
}

double align_max_entropy(const AlignScore *a)
{
    return a->rows ? a->max_entropy / a->rows : 0;
}
#line 166 "chapters/06-alignment.nw"
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
        
#line 190 "chapters/06-alignment.nw"
int T = batch.T - 1, S = batch.S;
for (int b = 0; b < batch.B; b++)
    visit(m->weights + (size_t)b * T * S, T, S, batch.row[b], ctx);
#line 180 "chapters/06-alignment.nw"
    }
    free(rows);
    batch_free(&batch);
}
#line 195 "chapters/06-alignment.nw"
typedef struct { AlignScore a; const Dataset *d; } AlignVisit;

static void score_one(const real *w, int T, int S, int row, void *ctx)
{
    AlignVisit *v = ctx;
    int n_links;
    const Link *link = pair_links(v->d, row, &n_links);
    align_score_add(&v->a, w, T, S, v->d->src_len[row], link,
                    n_links);
}

AlignScore align_evaluate(Model *m, const Dataset *d, int batch_size)
{
    AlignVisit v = { {0}, d };
    for_each_attention(m, d, batch_size, score_one, &v);
    return v.a;
}
#line 227 "chapters/06-alignment.nw"
typedef struct { AlignScore *by_len; const Dataset *d; } LengthVisit;

static void score_by_length(const real *w, int T, int S, int row,
                            void *ctx)
{
    LengthVisit *v = ctx;
    AlignScore *a = &v->by_len[v->d->src_len[row] - 2];
    AlignVisit one = { *a, v->d };
    score_one(w, T, S, row, &one);
    *a = one.a;
}

void align_evaluate_by_length(Model *m, const Dataset *d,
                              int batch_size, AlignScore *by_len)
{
    memset(by_len, 0, (MAX_WORDS + 1) * sizeof *by_len);
    LengthVisit v = { by_len, d };
    for_each_attention(m, d, batch_size, score_by_length, &v);
}
#line 248 "chapters/06-alignment.nw"
AlignScore align_score_sum(const AlignScore *a, int n)
{
    AlignScore sum = {0};
    for (int i = 0; i < n; i++) {
        sum.rows += a[i].rows;
        sum.hits += a[i].hits;
        sum.after += a[i].after;
        sum.gold_weight += a[i].gold_weight;
        sum.entropy += a[i].entropy;
        sum.max_entropy += a[i].max_entropy;
    }
    return sum;
}
#line 284 "chapters/06-alignment.nw"
double attention_entropy(const real *w, int n)
{
    double h = 0;
    for (int s = 0; s < n; s++)
        if (w[s] > 0) h -= w[s] * log(w[s]);
    return h;
}
#line 324 "chapters/06-alignment.nw"
double align_chance(int min_words, int max_words)
{
    double hits = 0, rows = 0;
    for (int n = min_words; n <= max_words; n++) {
        hits += (double)n / (n + 2);
        rows += n;
    }
    return hits / rows;
}
#line 375 "chapters/06-alignment.nw"
const char *weight_shade(real w)
{
    static const char *const glyph[5] = {"·", "░", "▒", "▓", "█"};
    int level = (int)(w * 5);
    return glyph[level < 0 ? 0 : level > 4 ? 4 : level];
}

void text_heatmap(FILE *f, const real *w, int rows, int cols,
                  const char *const *row_label,
                  const char *const *col_label)
{
    int left = 0;
    for (int r = 0; r < rows; r++)
        if ((int)strlen(row_label[r]) > left)
            left = (int)strlen(row_label[r]);
    
#line 399 "chapters/06-alignment.nw"
fprintf(f, "%*s ", left, "");
for (int c = 0; c < cols; c++)
    fprintf(f, "%s%s", col_label[c], c + 1 < cols ? " " : "\n");
#line 391 "chapters/06-alignment.nw"
    for (int r = 0; r < rows; r++) {
        fprintf(f, "%*s ", left, row_label[r]);
        
#line 403 "chapters/06-alignment.nw"
for (int c = 0; c < cols; c++) {
    const char *glyph = weight_shade(w[(size_t)r * cols + c]);
    for (int k = 0; k < (int)strlen(col_label[c]); k++)
        fputs(glyph, f);
    if (c + 1 < cols) fputc(' ', f);
}
#line 394 "chapters/06-alignment.nw"
        fputc('\n', f);
    }
}
#line 3939 "chapters/A-programs.nw"
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
    
#line 3955 "chapters/A-programs.nw"
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
#line 3951 "chapters/A-programs.nw"
    out_close(f);
}
