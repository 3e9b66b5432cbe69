#line 1970 "chapters/A-programs.nw"
/* sweep: accuracy against sentence length, for several models. */
#include "checkpoint.h"
#include "families.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_MODELS = 8, MAX_SWEEP_SEEDS = 10 };
#line 2018 "chapters/A-programs.nw"
static int parse_models(const char *list, ModelConfig *mc)
{
    char buf[256], *item[MAX_MODELS];
    int n = split_list(buf, sizeof buf, "--models", list, item,
                       MAX_MODELS);
    for (int k = 0; k < n; k++) {
        char *colon = strchr(item[k], ':');
        if (!colon)
            refuse("--models: '%s' is not KIND:HIDDEN",
                   shown(item[k]));
        *colon = '\0';
        mc[k] = model_config_default();
        kind_config(&mc[k], kind_from_name(item[k]));
        mc[k].H = mc[k].E = (int)parse_long("--models", colon + 1,
                                            1, 4096);
    }
    return n;
}
#line 2149 "chapters/A-programs.nw"
static void acc_stats(double out[2], const Eval *ev /* [seeds] */,
                      int seeds, int words, int which)
{
    double sum = 0, sq = 0, x[MAX_SWEEP_SEEDS];
    for (int s = 0; s < seeds; s++) {
        const long *c = ev[s].by_len[words] + 2 * which;
        x[s] = c[0] ? 100.0 * c[1] / c[0] : 0;
        sum += x[s];
    }
    out[0] = sum / seeds;
    for (int s = 0; s < seeds; s++)
        sq += (x[s] - out[0]) * (x[s] - out[0]);
    out[1] = seeds > 1 ? sqrt(sq / (seeds - 1)) : 0;
}
#line 2105 "chapters/A-programs.nw"
typedef struct {
    const ModelConfig *mc;              /* [models] */
    TrainConfig tc;
    int seeds;
    const Dataset *train_set, *val_set;
    Eval (*ev)[MAX_SWEEP_SEEDS];        /* [models] */
    Model **kept;       /* [models]: first seed's; NULL: keep none */
} SweepPlan;

static void train_sweep_run(int index, void *ctx)
{
    const SweepPlan *pl = ctx;
    int k = index / pl->seeds, s = index % pl->seeds;
    
#line 2122 "chapters/A-programs.nw"
TrainConfig t = pl->tc;
t.seed = pl->tc.seed + (uint64_t)s;
Model *m = model_create(&pl->mc[k], t.batch_size, pl->train_set->L,
                        t.seed);
double t0 = seconds_now();
train_model(m, pl->train_set, pl->val_set, &t, NULL, NULL);
Eval *ev = &pl->ev[k][s];
*ev = evaluate(m, pl->val_set, t.batch_size);
progress("%s:%d seed %d trained in %.1f s, val loss %.4f",
         kind_name(config_kind(&pl->mc[k])), pl->mc[k].H,
         (int)t.seed, seconds_now() - t0, ev->loss);
if (s == 0 && pl->kept) pl->kept[k] = m;    /* main saves it */
else model_free(m);
#line 2119 "chapters/A-programs.nw"
}

#line 1983 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "sweep";
    DataConfig dc = data_config_default();
    TrainConfig tc = train_config_default();
    dc.min_words = 3; dc.max_words = 20;
    dc.n_train = 6000; dc.n_val = 900;
    const char *list = "none:32,none:64,none:128";
    char *summary = NULL, *save = NULL, *later = NULL;
    
#line 2041 "chapters/A-programs.nw"
int seed = 1, seeds = 3, threads = default_threads();
ModelConfig tdef = model_config_default();  /* chapter 7's sizes */
Option options[] = {
    {"--models", OPT_TEXT, &list, 0, 0, "KIND:H,KIND:H,..."},
    {"--threads", OPT_INT, &threads, 1, THREADS_MAX,
     "runs trained at once"},
    {"--seed", OPT_INT, &seed, 0, 1e9, "first training seed"},
    {"--seeds", OPT_INT, &seeds, 1, MAX_SWEEP_SEEDS, "seeds"},
    {"--epochs", OPT_INT, &tc.epochs, 1, 1e4, "epochs"},
    {"--min-words", OPT_INT, &dc.min_words, 1, MAX_WORDS, "shortest"},
    {"--max-words", OPT_INT, &dc.max_words, 1, MAX_WORDS, "longest"},
    {"--train-pairs", OPT_INT, &dc.n_train, 1, 1e7, "training pairs"},
    {"--val-pairs", OPT_INT, &dc.n_val, 1, 1e7, "validation pairs"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "prefix for summaries"},
    {"--save", OPT_TEXT, &save, 0, 0, "prefix for checkpoints"},
    {"--later", OPT_TEXT, &later, 0, 0,
     "kinds whose summary goes to a file of its own"},
    TRANSFORMER_OPTIONS(tdef),
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "accuracy against sentence length");
tc.seed = (uint64_t)seed;
char *summary_name[3] = {NULL, NULL, NULL};
const char *group_suffix[3] = {"-none.tex", "-attention.tex",
                               "-later.tex"};
for (int g = 0; summary && g < 3; g++) {
    summary_name[g] = out_name(summary, group_suffix[g]);
    out_plan("--summary", summary_name[g]);
}
#line 1993 "chapters/A-programs.nw"
    ModelConfig mc[MAX_MODELS];
    int n_models = parse_models(list, mc);
    
#line 4275 "chapters/A-programs.nw"
int any_transformer = 0;
for (int k = 0; k < n_models; k++) {
    if (mc[k].family != &transformer_family) continue;
    mc[k].layers = tdef.layers; mc[k].heads = tdef.heads;
    mc[k].head_width = tdef.head_width;
    mc[k].ff = tdef.ff; mc[k].positional = tdef.positional;
    mc[k].scaled = tdef.scaled; mc[k].post_norm = tdef.post_norm;
    refuse_bad_transformer(&mc[k]);
    any_transformer = 1;
}
if (!any_transformer)
    refuse_unused_transformer_options(argc, argv, "--models has no"
                                      " transformer");
#line 1996 "chapters/A-programs.nw"
    
#line 2193 "chapters/A-programs.nw"
int group[MAX_MODELS];
for (int k = 0; k < n_models; k++)
    group[k] = kind_listed(config_kind(&mc[k]), "--later", later) ? 2
             : mc[k].family != &seq2seq_family
               || mc[k].attention != ATTN_NONE;
#line 1997 "chapters/A-programs.nw"
    
#line 2074 "chapters/A-programs.nw"
char *save_name[MAX_MODELS] = {NULL};
for (int k = 0; save && k < n_models; k++) {
    char suffix[64];
    snprintf(suffix, sizeof suffix, "-%s-%d.ckpt",
             kind_name(config_kind(&mc[k])), mc[k].H);
    save_name[k] = out_name(save, suffix);
    out_plan("--save", save_name[k]);
    CkptError err;
    if (ckpt_check_size(&mc[k], &err) != CKPT_OK)
        refuse("--save: translate could not load the model %s:%d,"
               " %s", kind_name(config_kind(&mc[k])), mc[k].H,
               err.message);
}
#line 1998 "chapters/A-programs.nw"
    
#line 2091 "chapters/A-programs.nw"
double need = 0;
for (int k = 0; k < n_models; k++)
    need = fmax(need, run_bytes(&dc, &mc[k], tc.batch_size));
int resident = (threads < n_models * seeds ? threads
                : n_models * seeds) + (save ? n_models : 0);
memory_check(need * resident,
             "the sizes of --models, --max-words or --threads");
#line 1999 "chapters/A-programs.nw"
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    static Eval ev[MAX_MODELS][MAX_SWEEP_SEEDS];
    static Model *kept[MAX_MODELS];
    SweepPlan plan = { mc, tc, seeds, &train_set, &val_set, ev,
                       save ? kept : NULL };
    run_parallel(train_sweep_run, &plan, n_models * seeds, threads);
    
#line 2138 "chapters/A-programs.nw"
for (int k = 0; save && k < n_models; k++) {
    Checkpoint ck = { dc.min_words, dc.max_words, kept[k],
                      dc.task };
    ckpt_save(&ck, save_name[k]);
    model_free(kept[k]);
    free(save_name[k]);
}
#line 2007 "chapters/A-programs.nw"
    
#line 2168 "chapters/A-programs.nw"
printf("# words, then per model: token mean, sd, exact mean, sd;"
       " %d seeds\n#", seeds);
for (int k = 0; k < n_models; k++)
    printf(" %s:%d", kind_name(config_kind(&mc[k])), mc[k].H);
printf("\n");
for (int w = dc.min_words; w <= dc.max_words; w++) {
    printf("%7d", w);
    for (int k = 0; k < n_models; k++) {
        double tok[2], ex[2];
        acc_stats(tok, ev[k], seeds, w, 0);
        acc_stats(ex, ev[k], seeds, w, 1);
        printf("  %6.2f %5.2f %6.2f %5.2f", tok[0], tok[1], ex[0],
               ex[1]);
    }
    printf("\n");
}
#line 2008 "chapters/A-programs.nw"
    if (summary) {
        
#line 2200 "chapters/A-programs.nw"
for (int with = 0; with < 3; with++) {
    FILE *f = out_open(summary_name[with]);
    fprintf(f, "Token accuracy from %d-word to %d-word sentences,"
            " mean $\\pm$ standard deviation over %d seeds",
            dc.min_words, dc.max_words, seeds);
    const char *sep = ":";
    for (int k = 0; k < n_models; k++) {
        int kind = config_kind(&mc[k]);
        if (group[k] != with) continue;
        double lo[2], hi[2];
        acc_stats(lo, ev[k], seeds, dc.min_words, 0);
        acc_stats(hi, ev[k], seeds, dc.max_words, 0);
        if (mc[k].family == &transformer_family)
            fprintf(f, "%s the Transformer of width $D = %d$", sep,
                    mc[k].H);
        else
            fprintf(f, "%s %s%s attention with $H = %d$", sep,
                    with ? "" : "no", with ? kind_name(kind) : "",
                    mc[k].H);
        fprintf(f, ", $%.1f \\pm %.1f$\\%% to $%.1f \\pm %.1f$\\%%",
                lo[0], lo[1], hi[0], hi[1]);
        sep = ";";
    }
    fprintf(f, "%s.\n", *sep == ':' ? ": no such model was run" : "");
    out_close(f);
}
#line 2010 "chapters/A-programs.nw"
    }
    dataset_free(&train_set);
    dataset_free(&val_set);
    return 0;
}
