#line 2027 "chapters/A-programs.nw"
/* train: train one model on the task; a line per epoch. */
#include "checkpoint.h"
#include "tasks.h"
#include <stdio.h>
#include <stdlib.h>

#line 2110 "chapters/A-programs.nw"
typedef struct { double *sec; int n; } EpochTimes;

static void print_epoch(int epoch, double train_loss, double val_loss,
                        double seconds, void *ctx)
{
    EpochTimes *times = ctx;
    times->sec[times->n++] = seconds;
    printf("%7d  %10.4f  %8.4f  %7.3f\n", epoch, train_loss,
           val_loss, seconds);
    fflush(stdout);
}

#line 2035 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "train";
    DataConfig dc = data_config_default();
    ModelConfig mc = model_config_default();
    TrainConfig tc = train_config_default();
    
#line 2060 "chapters/A-programs.nw"
int seed = 1, data_seed = 1;
const char *attention = "none", *task = "reversal";
char *summary = NULL, *save = NULL;
Option options[] = {
    {"--task", OPT_TEXT, &task, 0, 0, "reversal or spanish"},
    {"--attention", OPT_TEXT, &attention, 0, 0,
     "none, dot, general, additive or transformer"},
    {"--seed", OPT_INT, &seed, 0, 1e9, "training seed"},
    {"--data-seed", OPT_INT, &data_seed, 0, 1e9, "data seed"},
    {"--epochs", OPT_INT, &tc.epochs, 1, 1e4, "epochs"},
    {"--batch", OPT_INT, &tc.batch_size, 1, 4096, "pairs per batch"},
    {"--lr", OPT_REAL, &tc.lr, 1e-6, 1, "peak learning rate"},
    {"--embed", OPT_INT, &mc.E, 1, 4096, "embedding size E"},
    {"--hidden", OPT_INT, &mc.H, 1, 4096, "hidden size H"},
    {"--min-words", OPT_INT, &dc.min_words, 1, MAX_WORDS, "shortest"},
    {"--max-words", OPT_INT, &dc.max_words, 1, MAX_WORDS, "longest"},
    {"--train-pairs", OPT_INT, &dc.n_train, 1, 1e7, "training pairs"},
    {"--val-pairs", OPT_INT, &dc.n_val, 1, 1e7, "validation pairs"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "file for a summary"},
    {"--save", OPT_TEXT, &save, 0, 0, "checkpoint to write"},
    TRANSFORMER_OPTIONS(mc),
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "train an encoder-decoder on a task");
dc.task = task_from_name(task);
mc.src_vocab = task_vocab_size(dc.task, SOURCE);
mc.tgt_vocab = task_vocab_size(dc.task, TARGET);
kind_config(&mc, kind_from_name(attention));
refuse_bad_transformer(&mc);
if (mc.family != &transformer_family)
    refuse_unused_transformer_options(argc, argv, "--attention is"
                                      " not transformer");
tc.seed = (uint64_t)seed;
dc.seed = (uint64_t)data_seed;
if (summary) out_plan("--summary", summary);
#line 5926 "chapters/A-programs.nw"
if (save) {
    out_plan("--save", save);
    CkptError err;
    if (ckpt_check_size(&mc, &err) != CKPT_OK)
        refuse("--save: translate could not load this model, %s;"
               " lower --hidden or --embed", err.message);
}
#line 2096 "chapters/A-programs.nw"
double need = run_bytes(&dc, &mc, tc.batch_size);
memory_check(need, "--batch, --hidden, --embed or --max-words");
progress("building the data and the model (%.3g MB)", need / 1e6);
#line 2042 "chapters/A-programs.nw"
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    Model *m = model_create(&mc, tc.batch_size, train_set.L, tc.seed);
    
#line 2101 "chapters/A-programs.nw"
printf("# %s attention, E=%d H=%d, %zu parameters, seed %d\n"
       "# %d training and %d validation pairs of %d to %d words\n",
       kind_name(config_kind(&mc)), mc.E, mc.H, m->params.count,
       seed, dc.n_train, dc.n_val, dc.min_words, dc.max_words);
printf("# epoch  train-loss  val-loss  seconds\n");
#line 2046 "chapters/A-programs.nw"
    EpochTimes times = { xcalloc(tc.epochs, sizeof(double)), 0 };
    train_model(m, &train_set, &val_set, &tc, print_epoch, &times);
    
#line 2123 "chapters/A-programs.nw"
Eval ev = evaluate(m, &val_set, tc.batch_size);
printf("# validation: loss %.4f, token accuracy %.2f%%, exact"
       " sentences %.2f%%\n", ev.loss,
       100.0 * ev.tokens_right / ev.tokens,
       100.0 * ev.sentences_right / ev.sentences);
#line 2049 "chapters/A-programs.nw"
    if (summary) 
#line 2132 "chapters/A-programs.nw"
{
    FILE *f = out_open(summary);
    double floor = smoothed_loss_floor(mc.tgt_vocab, LABEL_SMOOTHING);
    
#line 2152 "chapters/A-programs.nw"
double *x = times.sec, median, lo, hi;
int n = times.n;
for (int i = 1; i < n; i++)             /* insertion sort */
    for (int j = i; j > 0 && x[j - 1] > x[j]; j--) {
        double tmp = x[j]; x[j] = x[j - 1]; x[j - 1] = tmp;
    }
median = n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
lo = x[0];
hi = x[n - 1];
#line 2136 "chapters/A-programs.nw"
    fprintf(f, "After %d epochs the validation loss is %.3f, %.3f"
            " above the floor of %.3f and %s the tutorial's 0.78;"
            " greedy decoding gets %.1f\\%% of the validation"
            " tokens and %.1f\\%% of the sentences exactly right."
            " An epoch of training took %.2f seconds on one core"
            " (the median of the %d epochs; range %.2f to %.2f).\n",
            tc.epochs, ev.loss, ev.loss - floor, floor,
            ev.loss < 0.78 ? "below" : "above",
            100.0 * ev.tokens_right / ev.tokens,
            100.0 * ev.sentences_right / ev.sentences,
            median, tc.epochs, lo, hi);
    out_close(f);
}
#line 2050 "chapters/A-programs.nw"
    if (save) 
#line 5912 "chapters/A-programs.nw"
{
    Checkpoint ck = { dc.min_words, dc.max_words, m, dc.task };
    ckpt_save(&ck, save);
    printf("# saved to %s\n", save);
}
#line 2051 "chapters/A-programs.nw"
    free(times.sec);
    model_free(m);
    dataset_free(&train_set);
    dataset_free(&val_set);
    return 0;
}
