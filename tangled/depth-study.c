#line 21 "chapters/07c-depth.nw"
/* depth-study: the Transformer at several depths on sentences of
   3 to 20 words (chapter 7). */
#include "families.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
enum { MAX_DEPTHS = TMODEL_MAX_LAYERS, MAX_SEEDS = 10 };
#line 2896 "chapters/A-programs.nw"
static void mean_sd(const double *x, int n, double *mean, double *sd)
{
    double sum = 0, sq = 0;
    for (int i = 0; i < n; i++) sum += x[i];
    *mean = sum / n;
    for (int i = 0; i < n; i++) sq += (x[i] - *mean) * (x[i] - *mean);
    *sd = n > 1 ? sqrt(sq / (n - 1)) : 0;
}
#line 2919 "chapters/A-programs.nw"
static double paired_t(const double *a, const double *b, int n,
                       double *t)
{
    double d[MAX_SEEDS], mean, sd;
    for (int s = 0; s < n; s++) d[s] = a[s] - b[s];
    mean_sd(d, n, &mean, &sd);
    *t = sd > 0 ? mean / (sd / sqrt(n))
       : mean == 0 ? 0 : mean > 0 ? INFINITY : -INFINITY;
    return mean;
}
#line 2943 "chapters/A-programs.nw"
static double t_critical(int df)
{
    static const double table[20] = {
        0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
        2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110,
        2.101, 2.093 };
    return table[df < 1 ? 1 : df > 19 ? 19 : df];
}
#line 2966 "chapters/A-programs.nw"
static void tests_begin(FILE *f, int seeds, const char *first)
{
    fprintf(f, "\\begin{tabular}{llrrl}\n\\toprule\n%s & against"
            " & difference & ", first);
    if (seeds < 2) fprintf(f, "$t$ & verdict \\\\\n");
    else fprintf(f, "$t$, %d d.f. & verdict, $|t| > %.2f$ \\\\\n",
                 seeds - 1, t_critical(seeds - 1));
    fprintf(f, "\\midrule\n");
}

static void tests_end(FILE *f)
{
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
}
#line 2990 "chapters/A-programs.nw"
static void tests_row(FILE *f, const char *a, const char *b,
                      const double *xa /* [seeds] */,
                      const double *xb /* [seeds] */, int seeds)
{
    double t, diff = paired_t(xa, xb, seeds, &t);
    fprintf(f, "%s & %s & $%+.*f$ & ", a, b,
            fabs(diff) >= 1 ? 2 : 4, diff);
    if (seeds < 2) fprintf(f, "-- & one seed");
    else {
        if (isinf(t)) fprintf(f, "$%s\\infty$", t < 0 ? "-" : "");
        else fprintf(f, "$%.2f$", fabs(t) < 0.005 ? 0.0 : t);
        fprintf(f, " & %s", fabs(t) > t_critical(seeds - 1)
                ? "real" : "inside the noise");
    }
    fprintf(f, " \\\\\n");
}
#line 54 "chapters/07c-depth.nw"
typedef struct {
    Eval final;
    size_t params;
    double flops;               /* a forward pass, per sentence */
} DepthRun;

typedef struct {
    int depth[MAX_DEPTHS], n_depths, seeds;
    ModelConfig base;
    TrainConfig tc;
    const Dataset *train, *val;
    DepthRun *run;              /* [n_depths * seeds] */
} DepthPlan;
#line 69 "chapters/07c-depth.nw"
static void depth_run(int index, void *ctx)
{
    DepthPlan *pl = ctx;
    int k = index / pl->seeds, s = index % pl->seeds;
    DepthRun *run = &pl->run[index];
    ModelConfig mc = pl->base;
    mc.layers = pl->depth[k];
    TrainConfig tc = pl->tc;
    tc.seed = (uint64_t)(s + 1);
    Model *m = model_create(&mc, tc.batch_size, pl->train->L,
                            tc.seed);
    run->params = m->params.count;
    train_model(m, pl->train, pl->val, &tc, NULL, NULL);
    run->final = evaluate(m, pl->val, tc.batch_size);
    uint64_t before = flop_count;
    validation_loss(m, pl->val, tc.batch_size);
    run->flops = (double)(flop_count - before) / pl->val->n;
    progress("%d layers a side, seed %d: val loss %.4f", mc.layers,
             s + 1, run->final.loss);
    model_free(m);
}
#line 169 "chapters/07c-depth.nw"
static void depth_stat(const DepthPlan *pl, int k, int i,
                    double *x /* [seeds] */)
{
    for (int s = 0; s < pl->seeds; s++) {
        const Eval *e = &pl->run[k * pl->seeds + s].final;
        x[s] = i == 0 ? e->loss
                      : 100.0 * e->sentences_right / e->sentences;
    }
}

static const char *layer_word(int n)
{
    return n == 1 ? "layer" : "layers";
}
#line 188 "chapters/07c-depth.nw"
static void write_depth_table(const DepthPlan *pl, FILE *f)
{
    int n = pl->seeds;
    fprintf(f, "\\begin{tabular}{rrrrr*{%d}{r}}\n\\toprule\n"
            "layers & & MFLOP per & val & exact"
            " & \\multicolumn{%d}{c}{val loss / exact (\\%%), seed}"
            " \\\\\n\\cmidrule(lr){6-%d}\n"
            "a side & parameters & sentence & loss & (\\%%)",
            n, n, n + 5);
    for (int s = 0; s < n; s++) fprintf(f, " & %d", s + 1);
    fprintf(f, " \\\\\n\\midrule\n");
    for (int k = 0; k < pl->n_depths; k++) {
        
#line 206 "chapters/07c-depth.nw"
double x[2][MAX_SEEDS], mean[2], sd[2];
for (int i = 0; i < 2; i++) {
    depth_stat(pl, k, i, x[i]);
    mean_sd(x[i], n, &mean[i], &sd[i]);
}
const DepthRun *first = &pl->run[k * n];
fprintf(f, "%d & %zu & %.2f & $%.3f \\pm %.3f$ & $%.1f \\pm %.1f$",
        pl->depth[k], first->params, first->flops * 1e-6, mean[0],
        sd[0], mean[1], sd[1]);
for (int s = 0; s < n; s++)
    fprintf(f, " & %.3f / %.1f", x[0][s], x[1][s]);
fprintf(f, " \\\\\n");
#line 201 "chapters/07c-depth.nw"
    }
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
}
#line 224 "chapters/07c-depth.nw"
static void write_depth_summary(const DepthPlan *pl,
                                const DataConfig *dc, FILE *f)
{
    const ModelConfig *c = &pl->base;
    fprintf(f, "\\newcommand{\\depthSeeds}{%d}\n"
            "\\newcommand{\\depthTrain}{%d}\n"
            "\\newcommand{\\depthVal}{%d}\n"
            "\\newcommand{\\depthEpochs}{%d}\n"
            "\\newcommand{\\depthSizes}{$D = %d$, $N_H = %d$ heads of"
            " $d_k = %d$, $F = %d$}\n", pl->seeds, dc->n_train,
            dc->n_val, pl->tc.epochs, c->H, c->heads, c->H / c->heads,
            c->ff);
    struct rusage use;
    getrusage(RUSAGE_SELF, &use);
    fprintf(f, "\\newcommand{\\depthCpu}{%.0f}\n",
            use.ru_utime.tv_sec + use.ru_utime.tv_usec / 1e6
            + use.ru_stime.tv_sec + use.ru_stime.tv_usec / 1e6);
    
#line 260 "chapters/07c-depth.nw"
double x[MAX_SEEDS], mean, sd[2], lowest = INFINITY;
for (int e = 0; e < 2; e++) {
    depth_stat(pl, e ? pl->n_depths - 1 : 0, 0, x);
    mean_sd(x, pl->seeds, &mean, &sd[e]);
}
for (int k = 0; k < pl->n_depths; k++) {
    depth_stat(pl, k, 0, x);
    for (int s = 0; s < pl->seeds; s++) lowest = fmin(lowest, x[s]);
}
double floor = smoothed_loss_floor(pl->base.tgt_vocab,
                                   LABEL_SMOOTHING);
fprintf(f, "\\newcommand{\\depthSpread}{%.3f at %d %s a side and"
        " %.3f at %d}\n", sd[0], pl->depth[0],
        layer_word(pl->depth[0]), sd[1], pl->depth[pl->n_depths - 1]);
fprintf(f, "\\newcommand{\\depthLowest}{the lowest loss of any run,"
        " %.3f, is %.3f %s the loss floor of"
        " chapter~\\ref{ch:toolkit}, %.4f}\n", lowest,
        fabs(lowest - floor), lowest >= floor ? "above" : "below",
        floor);
#line 242 "chapters/07c-depth.nw"
    int n_apart = 0;
    for (int k = 1; k < pl->n_depths; k++)
        for (int i = 0; i < 2; i++) {
            double a[MAX_SEEDS], b[MAX_SEEDS], t;
            depth_stat(pl, k, i, a);
            depth_stat(pl, 0, i, b);
            paired_t(a, b, pl->seeds, &t);
            n_apart += pl->seeds > 1
                       && fabs(t) > t_critical(pl->seeds - 1);
        }
    
#line 282 "chapters/07c-depth.nw"
if (n_apart == 0)
    fprintf(f, "\\newcommand{\\depthVerdict}{No depth differs from"
            " %d %s a side by more than the noise, in loss or in"
            " exact sentences: the seeds do not rank the depths.}\n",
            pl->depth[0], layer_word(pl->depth[0]));
else
    fprintf(f, "\\newcommand{\\depthVerdict}{%d of the table's"
            " differences %s outside the noise; only %s their"
            " two depths.}\n", n_apart, n_apart == 1 ? "is" : "are",
            n_apart == 1 ? "that ranks" : "those rank");
#line 253 "chapters/07c-depth.nw"
}
#line 300 "chapters/07c-depth.nw"
static void write_depth_tests(const DepthPlan *pl, FILE *f)
{
    tests_begin(f, pl->seeds, "layers a side, measure");
    for (int k = 1; k < pl->n_depths; k++)
        for (int i = 0; i < 2; i++) {
            double a[MAX_SEEDS], b[MAX_SEEDS];
            char name[64], against[16];
            depth_stat(pl, k, i, a);
            depth_stat(pl, 0, i, b);
            snprintf(name, sizeof name, "%d, %s", pl->depth[k],
                     i ? "exact (points)" : "loss");
            snprintf(against, sizeof against, "%d", pl->depth[0]);
            tests_row(f, name, against, a, b, pl->seeds);
        }
    tests_end(f);
}
#line 34 "chapters/07c-depth.nw"
int main(int argc, char **argv)
{
    program_name = "depth-study";
    
#line 98 "chapters/07c-depth.nw"
DataConfig dc = data_config_default();
dc.min_words = 3; dc.max_words = 20;
dc.n_train = 3000; dc.n_val = 450;
TrainConfig tc = train_config_default();
tc.epochs = 8;
ModelConfig base = model_config_default();
base.family = &transformer_family;
base.H = 32; base.heads = 2; base.ff = 64;
const char *depths = "1,2,4,6";
char *table = NULL, *summary = NULL, *tests = NULL;
int seeds = 3, threads = default_threads();
Option options[] = {
    {"--depths", OPT_TEXT, &depths, 0, 0, "layers a side, a list"},
    {"--seeds", OPT_INT, &seeds, 1, MAX_SEEDS, "seeds 1..N"},
    {"--epochs", OPT_INT, &tc.epochs, 1, 1e4, "epochs"},
    {"--train-pairs", OPT_INT, &dc.n_train, 1, 1e7, "training pairs"},
    {"--val-pairs", OPT_INT, &dc.n_val, 1, 1e7, "validation pairs"},
    {"--hidden", OPT_INT, &base.H, 2, 4096, "model width D"},
    {"--heads", OPT_INT, &base.heads, 1, 4096,
     "heads N_H (must divide --hidden)"},
    {"--ff", OPT_INT, &base.ff, 1, 4096, "feed-forward width F"},
    {"--threads", OPT_INT, &threads, 1, THREADS_MAX,
     "runs trained at once"},
    {"--table", OPT_TEXT, &table, 0, 0, "file: the table"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "file: the sentences"},
    {"--tests", OPT_TEXT, &tests, 0, 0, "file: the paired tests"},
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "train the Transformer at several depths");
refuse_bad_transformer(&base);
#line 136 "chapters/07c-depth.nw"
DepthPlan plan = { .seeds = seeds, .base = base, .tc = tc };
char buf[64], *item[MAX_DEPTHS];
plan.n_depths = split_list(buf, sizeof buf, "--depths", depths, item,
                           MAX_DEPTHS);
for (int k = 0; k < plan.n_depths; k++) {
    plan.depth[k] = (int)parse_long("--depths", item[k], 1,
                                    TMODEL_MAX_LAYERS);
    for (int j = 0; j < k; j++)
        if (plan.depth[j] == plan.depth[k])
            refuse("--depths lists %d twice", plan.depth[k]);
}
#line 129 "chapters/07c-depth.nw"
if (table) out_plan("--table", table);
if (summary) out_plan("--summary", summary);
if (tests) out_plan("--tests", tests);
#line 38 "chapters/07c-depth.nw"
    
#line 152 "chapters/07c-depth.nw"
Dataset train_set, val_set;
datasets_make(&train_set, &val_set, &dc);
plan.train = &train_set;
plan.val = &val_set;
plan.run = xcalloc((size_t)plan.n_depths * seeds, sizeof(DepthRun));
ModelConfig deepest = base;
for (int k = 0; k < plan.n_depths; k++)
    if (plan.depth[k] > deepest.layers)
        deepest.layers = plan.depth[k];
memory_check(threads * run_bytes(&dc, &deepest, tc.batch_size),
             "--threads or the sizes");
run_parallel(depth_run, &plan, plan.n_depths * seeds, threads);
#line 39 "chapters/07c-depth.nw"
    
#line 318 "chapters/07c-depth.nw"
if (table) {
    FILE *f = out_open(table);
    write_depth_table(&plan, f);
    out_close(f);
}
if (summary) {
    FILE *f = out_open(summary);
    write_depth_summary(&plan, &dc, f);
    out_close(f);
}
if (tests) {
    FILE *f = out_open(tests);
    write_depth_tests(&plan, f);
    out_close(f);
}
free(plan.run);
dataset_free(&train_set);
dataset_free(&val_set);
#line 40 "chapters/07c-depth.nw"
    out_commit();
    return 0;
}
