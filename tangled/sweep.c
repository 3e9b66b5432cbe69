#line 636 "chapters/A-programs.nw"
/* sweep: accuracy against sentence length, for several models. */
#include "seq2seq.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_MODELS = 8 };
#line 674 "chapters/A-programs.nw"
static int parse_models(const char *list, ModelConfig *mc)
{
    char buf[256], *item[MAX_MODELS];
    int n = split_list(buf, sizeof buf, "--models", list, item,
                       MAX_MODELS);
    for (int k = 0; k < n; k++) {
        char *colon = strchr(item[k], ':');
        if (!colon)
            refuse("--models: '%s' is not KIND:HIDDEN", item[k]);
        *colon = '\0';
        mc[k] = model_config_default();
        mc[k].attention = attention_from_name(item[k]);
        mc[k].H = mc[k].E = (int)parse_long("--models", colon + 1,
                                            1, 4096);
    }
    return n;
}

#line 645 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "sweep";
    DataConfig dc = data_config_default();
    TrainConfig tc = train_config_default();
    dc.min_words = 3; dc.max_words = 20;
    dc.n_train = 6000; dc.n_val = 900;
    const char *list = "none:32,none:64,none:128";
    char *summary = NULL;
    
#line 696 "chapters/A-programs.nw"
int seed = 1;
Option options[] = {
    {"--models", OPT_TEXT, &list, 0, 0, "KIND:H,KIND:H,..."},
    {"--seed", OPT_INT, &seed, 0, 1e9, "training seed"},
    {"--epochs", OPT_INT, &tc.epochs, 1, 1e4, "epochs"},
    {"--min-words", OPT_INT, &dc.min_words, 1, MAX_WORDS, "shortest"},
    {"--max-words", OPT_INT, &dc.max_words, 1, MAX_WORDS, "longest"},
    {"--train-pairs", OPT_INT, &dc.n_train, 1, 1e7, "training pairs"},
    {"--val-pairs", OPT_INT, &dc.n_val, 1, 1e7, "validation pairs"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "prefix for summaries"},
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "accuracy against sentence length");
tc.seed = (uint64_t)seed;
#line 655 "chapters/A-programs.nw"
    ModelConfig mc[MAX_MODELS];
    int n_models = parse_models(list, mc);
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    Eval ev[MAX_MODELS];
    for (int k = 0; k < n_models; k++) {
        
#line 712 "chapters/A-programs.nw"
Model *m = model_create(&mc[k], tc.batch_size, train_set.L, tc.seed);
double t0 = seconds_now();
train_model(m, &train_set, &val_set, &tc, NULL, NULL);
ev[k] = evaluate(m, &val_set, tc.batch_size);
fprintf(stderr, "sweep: %s:%d trained in %.1f s, val loss %.4f\n",
        attention_name[mc[k].attention], mc[k].H,
        seconds_now() - t0, ev[k].loss);
model_free(m);
#line 662 "chapters/A-programs.nw"
    }
    
#line 724 "chapters/A-programs.nw"
printf("# words");
for (int k = 0; k < n_models; k++)
    printf("  %s:%d(token exact)", attention_name[mc[k].attention],
           mc[k].H);
printf("\n");
for (int w = dc.min_words; w <= dc.max_words; w++) {
    printf("%7d", w);
    for (int k = 0; k < n_models; k++) {
        const long *c = ev[k].by_len[w];
        printf("  %6.2f %6.2f", c[0] ? 100.0 * c[1] / c[0] : 0,
               c[2] ? 100.0 * c[3] / c[2] : 0);
    }
    printf("\n");
}
#line 664 "chapters/A-programs.nw"
    if (summary) {
        
#line 744 "chapters/A-programs.nw"
for (int with = 0; with < 2; with++) {
    char name[300];
    snprintf(name, sizeof name, "%s-%s.tex", summary,
             with ? "attention" : "none");
    FILE *f = fopen(name, "w");
    if (!f) refuse("cannot write '%s'", name);
    fprintf(f, "Token accuracy from %d-word to %d-word sentences",
            dc.min_words, dc.max_words);
    const char *sep = ":";
    for (int k = 0; k < n_models; k++) {
        if ((mc[k].attention != ATTN_NONE) != with) continue;
        const long *lo = ev[k].by_len[dc.min_words];
        const long *hi = ev[k].by_len[dc.max_words];
        fprintf(f, "%s %s%s attention with $H = %d$, %.1f\\%% to"
                " %.1f\\%%", sep, with ? "" : "no",
                with ? attention_name[mc[k].attention] : "", mc[k].H,
                lo[0] ? 100.0 * lo[1] / lo[0] : 0,
                hi[0] ? 100.0 * hi[1] / hi[0] : 0);
        sep = ";";
    }
    fprintf(f, "%s.\n", *sep == ':' ? ": no such model was run" : "");
    fclose(f);
}
#line 666 "chapters/A-programs.nw"
    }
    dataset_free(&train_set);
    dataset_free(&val_set);
    return 0;
}
