#line 5809 "chapters/A-programs.nw"
/* padding-count: how much of an epoch of the length sweep is
   padding, a batch padded whole or in groups (chapter 7). */
#include "tmodel.h"
#include <stdio.h>
#include <stdlib.h>
#line 5835 "chapters/A-programs.nw"
typedef struct {
    long real, padded, grouped;         /* positions */
    long words, sentences, batches, longest;
} Positions;

static void count_batch(Positions *n, const Batch *b, int max_words)
{
    n->batches++;
    n->longest += b->S - 2 == max_words;
    n->padded += (long)b->B * (b->S + b->T - 1);
    for (int i = 0; i < b->B; i++) {
        n->real += b->src_len[i] + b->tgt_len[i] - 1;
        n->words += b->src_len[i] - 2;
        n->sentences++;
    }
    for (int b0 = 0; b0 < b->B; b0 += TMODEL_GROUP_ROWS) {
        int S = 0, T = 0, end = b0 + TMODEL_GROUP_ROWS;
        if (end > b->B) end = b->B;
        for (int i = b0; i < end; i++) {
            if (b->src_len[i] > S) S = b->src_len[i];
            if (b->tgt_len[i] > T) T = b->tgt_len[i];
        }
        n->grouped += (long)(end - b0) * (S + T - 1);
    }
}

#line 5816 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "padding-count";
    parse_options(argc, argv, NULL, 0, "write how much of an epoch of"
                  " the length sweep is padding (LaTeX, stdout)");
    DataConfig dc = data_config_default();
    dc.min_words = 3; dc.max_words = 20;        /* as in sweep */
    dc.n_train = 6000; dc.n_val = 900;
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    
#line 5862 "chapters/A-programs.nw"
int n = train_set.n, *order = xcalloc(n, sizeof(int));
for (int i = 0; i < n; i++) order[i] = i;
Rng rng;
rng_seed(&rng, 1);
rng_shuffle(&rng, order, n);
Batch batch;
batch_alloc(&batch, 64, train_set.L);
Positions c = {0};
for (int start = 0; start < n; start += 64) {
    batch_fill(&batch, &train_set, order + start,
               n - start < 64 ? n - start : 64);
    count_batch(&c, &batch, dc.max_words);
}
#line 5880 "chapters/A-programs.nw"
printf("On one epoch of the sweep's %d training pairs, in %ld"
       " batches of up to 64, a sentence has %.1f words on average,"
       " and %ld of the batches hold one of %d words. Of the"
       " positions a batch padded to its longest computes,"
       " %.0f\\,\\%%"
       " are padding; run in groups of %d, each padded to its own"
       " longest, %.0f\\,\\%%, and the groups compute %.0f\\,\\%% of"
       " the batch's positions%%\n", n, c.batches,
       (double)c.words / c.sentences, c.longest, dc.max_words,
       100.0 * (c.padded - c.real) / c.padded, TMODEL_GROUP_ROWS,
       100.0 * (c.grouped - c.real) / c.grouped,
       100.0 * c.grouped / c.padded);
#line 5876 "chapters/A-programs.nw"
batch_free(&batch);
free(order);
#line 5827 "chapters/A-programs.nw"
    dataset_free(&train_set);
    dataset_free(&val_set);
    return 0;
}
