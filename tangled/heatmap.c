#line 3677 "chapters/A-programs.nw"
/* heatmap: where a trained model looks, on a reader's sentence. */
#include "align.h"
#include "families.h"
#include "tasks.h"
#include <stdio.h>
#include <stdlib.h>

static void log_epoch(int epoch, double train_loss, double val_loss,
                      double seconds, void *ctx)
{
    (void)ctx;
    progress("epoch %2d, train loss %.4f, val loss %.4f, %.2f s",
             epoch, train_loss, val_loss, seconds);
}

int main(int argc, char **argv)
{
    program_name = "heatmap";
    
#line 3707 "chapters/A-programs.nw"
DataConfig dc = data_config_default();
ModelConfig mc = model_config_default();
TrainConfig tc = train_config_default();
const char *attention = "dot", *sentence = NULL, *task = "reversal";
int seed = 1;
Option options[] = {
    {"--sentence", OPT_TEXT, &sentence, 0, 0, "English words"},
    {"--task", OPT_TEXT, &task, 0, 0, "reversal or spanish"},
    {"--attention", OPT_TEXT, &attention, 0, 0, "dot, general,"
     " additive"},
    {"--seed", OPT_INT, &seed, 0, 1e9, "training seed"},
    {"--epochs", OPT_INT, &tc.epochs, 1, 1e4, "epochs"},
    {"--max-words", OPT_INT, &dc.max_words, 1, MAX_WORDS, "longest"},
    TRANSFORMER_OPTIONS(mc),
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "train, then show where the model looks on a sentence");
if (!sentence) refuse("--sentence is required (try --help)");
dc.task = task_from_name(task);
mc.src_vocab = task_vocab_size(dc.task, SOURCE);
mc.tgt_vocab = task_vocab_size(dc.task, TARGET);
kind_config(&mc, kind_from_name(attention));
refuse_bad_transformer(&mc);
if (mc.family != &transformer_family)
    refuse_unused_transformer_options(argc, argv, "--attention is"
                                      " not transformer");
if (!kind_chooses(config_kind(&mc)))
    refuse("--attention %s has no weights to show: it does not"
           " choose where to look", kind_name(config_kind(&mc)));
if (dc.max_words < dc.min_words) dc.min_words = dc.max_words;
tc.seed = (uint64_t)seed;
#line 3696 "chapters/A-programs.nw"
    int ids[MAX_WORDS + 3];
    int len = parse_sentence(ids, sentence, dc.max_words, dc.task);
    
#line 3746 "chapters/A-programs.nw"
Dataset train_set, val_set;
datasets_make(&train_set, &val_set, &dc);
int max_len = len > train_set.L ? len : train_set.L;
memory_check(run_bytes(&dc, &mc, tc.batch_size), "--max-words");
Model *m = model_create(&mc, tc.batch_size, max_len + 1, tc.seed);
progress("training %s attention for %d epochs",
         kind_name(config_kind(&mc)), tc.epochs);
train_model(m, &train_set, &val_set, &tc, log_epoch, NULL);
dataset_free(&train_set);
dataset_free(&val_set);
#line 3699 "chapters/A-programs.nw"
    
#line 3761 "chapters/A-programs.nw"
Dataset one = {1, len, ids, ids, &len, &len, NULL, NULL, NULL,
               NULL, 0};
Batch batch;
batch_alloc(&batch, 1, len);
int row = 0;
batch_fill(&batch, &one, &row, 1);
int steps = len;
int *out = xcalloc(steps, sizeof(int));
real *w = xcalloc((size_t)steps * len, sizeof(real));
greedy_decode(m, &batch, steps, out, w);
batch_free(&batch);
#line 3700 "chapters/A-programs.nw"
    
#line 3774 "chapters/A-programs.nw"
Vocab en, es;
vocab_build(&en, dc.task, SOURCE);
vocab_build(&es, dc.task, TARGET);
const char *rows[MAX_WORDS + 3], *cols[MAX_WORDS + 3];
int n_rows = 0;
printf("translation:");
while (n_rows < steps) {
    rows[n_rows] = es.word[out[n_rows]];
    if (out[n_rows++] == EOS) break;
    printf(" %s", rows[n_rows - 1]);
}
printf("\n\n");
for (int s = 0; s < len; s++) cols[s] = en.word[ids[s]];
text_heatmap(stdout, w, n_rows, len, rows, cols);
#line 3701 "chapters/A-programs.nw"
    free(out); free(w);
    model_free(m);
    return 0;
}
