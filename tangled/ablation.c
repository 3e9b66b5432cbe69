#line 2812 "chapters/A-programs.nw"
/* ablation: the same model, one flag apart, several seeds. */
#include "families.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#line 3918 "chapters/A-programs.nw"
#include "align.h"

#line 2820 "chapters/A-programs.nw"
enum { MAX_CONFIGS = 6, MAX_SCHEDULES = 4, MAX_SEEDS = 20,
       MAX_EPOCHS = 100 };
#line 2848 "chapters/A-programs.nw"
typedef struct {
    double curve[MAX_EPOCHS];       /* validation loss per epoch */
    double seconds;
    Eval final;
    size_t params;
    
#line 3543 "chapters/A-programs.nw"
Model *model;                   /* chapter 6: the model in training */
const Dataset *align_set;
double align_curve[MAX_EPOCHS + 1];     /* accuracy, epoch 0..E */
double entropy_curve[MAX_EPOCHS + 1];   /* nats, epoch 0..E */
AlignScore align;               /* after training */
#line 2854 "chapters/A-programs.nw"
} Run;

static void record_epoch(int epoch, double train_loss,
                         double val_loss, double seconds, void *ctx)
{
    Run *run = ctx;
    (void)train_loss;
    run->curve[epoch - 1] = val_loss;
    run->seconds += seconds;
    
#line 3595 "chapters/A-programs.nw"
if (kind_chooses(config_kind(&run->model->cfg))) {
    AlignScore a = align_evaluate(run->model, run->align_set,
                                  run->model->max_B);
    run->align_curve[epoch] = align_accuracy(&a);
    run->entropy_curve[epoch] = align_entropy(&a);
}
#line 2864 "chapters/A-programs.nw"
}
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
#line 3250 "chapters/A-programs.nw"
static void row_stats(double st[4][2], const Run *run /* [seeds] */,
                      int seeds)
{
    double x[4][MAX_SEEDS];
    for (int s = 0; s < seeds; s++) {
        const Eval *e = &run[s].final;
        x[0][s] = e->loss;
        x[1][s] = 100.0 * e->tokens_right / e->tokens;
        x[2][s] = 100.0 * e->sentences_right / e->sentences;
        x[3][s] = run[s].seconds;
    }
    for (int i = 0; i < 4; i++)
        mean_sd(x[i], seeds, &st[i][0], &st[i][1]);
}
#line 3271 "chapters/A-programs.nw"
static void seconds_stats(double out[3] /* median, min, max */,
                          const Run *run /* [seeds] */, int seeds)
{
    double x[MAX_SEEDS];
    for (int s = 0; s < seeds; s++) {
        double v = run[s].seconds;
        int i = s;
        for (; i > 0 && x[i - 1] > v; i--) x[i] = x[i - 1];
        x[i] = v;               /* insertion keeps x[] sorted */
    }
    out[0] = seeds % 2 ? x[seeds / 2]
           : (x[seeds / 2 - 1] + x[seeds / 2]) / 2;
    out[1] = x[0];
    out[2] = x[seeds - 1];
}
#line 3498 "chapters/A-programs.nw"
typedef double (*RunValue)(const Run *run);

static double loss_of(const Run *run)
{
    return run->final.loss;
}

static void compare_runs(FILE *f, Run run[][MAX_SEEDS],
                         const int *kind, int i, int j, int seeds,
                         RunValue value)
{
    double a[MAX_SEEDS], b[MAX_SEEDS];
    for (int s = 0; s < seeds; s++) {
        a[s] = value(&run[i][s]);
        b[s] = value(&run[j][s]);
    }
    tests_row(f, kind_name(kind[j]), kind_name(kind[i]), b, a, seeds);
}
#line 3011 "chapters/A-programs.nw"
typedef struct { int warmup; double floor; } Schedule;

static int parse_schedules(const char *list, Schedule *out)
{
    char buf[128], *item[MAX_SCHEDULES];
    int n = split_list(buf, sizeof buf, "--schedules", list, item,
                       MAX_SCHEDULES);
    for (int q = 0; q < n; q++) {
        char *slash = strchr(item[q], '/');
        if (!slash)
            refuse("--schedules: '%s' is not W/F", shown(item[q]));
        *slash = '\0';
        out[q].warmup = (int)parse_long("--schedules", item[q], 0,
                                        1000);
        out[q].floor = parse_double("--schedules", slash + 1, 0, 1);
    }
    return n;
}
#line 3139 "chapters/A-programs.nw"
static char *later_name(const char *name)
{
    const char *dot = strrchr(name, '.');
    const char *slash = strrchr(name, '/');
    size_t stem = strlen(name);
    if (dot && (!slash || dot > slash)) stem = (size_t)(dot - name);
    char *twin = xcalloc(strlen(name) + 7, 1);
    memcpy(twin, name, stem);
    strcat(strcat(twin, "-later"), name + stem);
    return twin;            /* t.tex gives t-later.tex */
}

static char *plan_later(const char *option, const char *name,
                        int any_later)
{
    if (!name) return NULL;
    out_plan(option, name);
    if (!any_later) return NULL;
    char *twin = later_name(name);
    out_plan(option, twin);
    return twin;
}
#line 3854 "chapters/A-programs.nw"
static double entropy_of(const Run *run)
{
    return align_entropy(&run->align);
}

static const char *const heatmap_ext[] = {".dat", ".gpi", ".txt"};

static char *heatmap_name(const char *prefix, int kind,
                          const char *ext)
{
    char suffix[64];
    snprintf(suffix, sizeof suffix, "-%s%s", kind_name(kind),
             ext);
    return out_name(prefix, suffix);
}

static void write_heatmap(const char *prefix, Model *m,
                          const Dataset *d)
{
    int row = 0;
    while (row < d->n - 1 && d->src_len[row] != d->L) row++;
    Batch batch;
    batch_alloc(&batch, 1, d->L);
    batch_fill(&batch, d, &row, 1);
    model_forward(m, &batch);
    int T = batch.T - 1, S = batch.S;
    const real *w = m->weights;        /* [1, T', S] */
    
#line 3892 "chapters/A-programs.nw"
Vocab en, es;
vocab_build(&en, &reversal_task, SOURCE);
vocab_build(&es, &reversal_task, TARGET);
const char *rows[MAX_WORDS + 2], *cols[MAX_WORDS + 2];
for (int j = 0; j < T; j++) rows[j] = es.word[batch.tgt[j + 1]];
for (int s = 0; s < S; s++) cols[s] = en.word[batch.src[s]];
#line 3882 "chapters/A-programs.nw"
    
#line 3901 "chapters/A-programs.nw"
char *dat = heatmap_name(prefix, config_kind(&m->cfg), ".dat");
char *gpi = heatmap_name(prefix, config_kind(&m->cfg), ".gpi");
int n_links;
const Link *link = pair_links(d, row, &n_links);
heatmap_files(dat, gpi, w, T, S, rows, cols, link, n_links);
free(dat);
free(gpi);
#line 3883 "chapters/A-programs.nw"
    
#line 3910 "chapters/A-programs.nw"
char *name = heatmap_name(prefix, config_kind(&m->cfg), ".txt");
FILE *f = out_open(name);
text_heatmap(f, w, T, S, rows, cols);
out_close(f);
free(name);
#line 3884 "chapters/A-programs.nw"
    vocab_free(&en);
    vocab_free(&es);
    batch_free(&batch);
}
#line 3184 "chapters/A-programs.nw"
typedef struct {
    ModelConfig base;
    TrainConfig tc;
    const int *kind;                    /* [n_conf] */
    const Schedule *sched;
    int n_conf, seeds;
    const Dataset *train_set, *val_set;
    Run (*runs)[MAX_CONFIGS][MAX_SEEDS];    /* [schedules] */
    
#line 3611 "chapters/A-programs.nw"
const Dataset *align_set;
int heatmaps;                   /* keep models for heatmaps */
#line 3193 "chapters/A-programs.nw"
} Plan;
#line 3196 "chapters/A-programs.nw"
static void train_one_run(int index, void *ctx)
{
    const Plan *pl = ctx;
    int s = index % pl->seeds, k = index / pl->seeds % pl->n_conf;
    int q = index / pl->seeds / pl->n_conf;
    ModelConfig mc = pl->base;
    kind_config(&mc, pl->kind[k]);
    TrainConfig t = pl->tc;
    t.seed = (uint64_t)(s + 1);
    t.warmup_epochs = pl->sched[q].warmup;
    t.lr_floor = pl->sched[q].floor * t.lr;
    Run *run = &pl->runs[q][k][s];
    Model *m = model_create(&mc, t.batch_size, pl->train_set->L,
                            t.seed);
    run->params = m->params.count;
    
#line 3587 "chapters/A-programs.nw"
run->model = m;
run->align_set = pl->align_set;
if (kind_chooses(config_kind(&mc))) {
    AlignScore a0 = align_evaluate(m, pl->align_set, t.batch_size);
    run->align_curve[0] = align_accuracy(&a0);
    run->entropy_curve[0] = align_entropy(&a0);
}
#line 3212 "chapters/A-programs.nw"
    
#line 3216 "chapters/A-programs.nw"
train_model(m, pl->train_set, pl->val_set, &t, record_epoch, run);
run->final = evaluate(m, pl->val_set, t.batch_size);
progress("%d/%g %s, seed %d of %d: val loss %.4f, %.1f s",
         pl->sched[q].warmup, pl->sched[q].floor,
         kind_name(config_kind(&mc)), s + 1, pl->seeds,
         run->final.loss, run->seconds);
#line 3602 "chapters/A-programs.nw"
if (kind_chooses(config_kind(&mc)))
    run->align = align_evaluate(m, pl->align_set, t.batch_size);
if (!(pl->heatmaps && s == 0 && q == 0
      && kind_chooses(config_kind(&mc))))
    run->model = NULL;
#line 3223 "chapters/A-programs.nw"
if (!run->model) model_free(m);     /* chapter 6 keeps a few */
#line 3213 "chapters/A-programs.nw"
}

#line 2830 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "ablation";
    
#line 3031 "chapters/A-programs.nw"
DataConfig dc = data_config_default();
TrainConfig tc = train_config_default();
ModelConfig base = model_config_default();
const char *configs = "none,none+Wc,dot,general,additive";
const char *schedules = "0/1";
char *table = NULL, *curves = NULL, *summary = NULL, *tests = NULL;
char *seeds_answer = NULL, *later_kinds = NULL;
int seeds = 5, threads = default_threads();
#line 3549 "chapters/A-programs.nw"
char *align_table = NULL, *align_curves = NULL, *heatmaps = NULL;
char *align_summary = NULL, *align_timing = NULL, *align_tests = NULL;
#line 3040 "chapters/A-programs.nw"
Option options[] = {
    {"--configs", OPT_TEXT, &configs, 0, 0, "attention kinds"},
    {"--threads", OPT_INT, &threads, 1, THREADS_MAX,
     "runs trained at once"},
    {"--schedules", OPT_TEXT, &schedules, 0, 0, "W/F,W/F,..."},
    {"--seeds", OPT_INT, &seeds, 1, MAX_SEEDS, "seeds 1..N"},
    {"--epochs", OPT_INT, &tc.epochs, 1, MAX_EPOCHS, "epochs"},
    {"--embed", OPT_INT, &base.E, 1, 4096, "embedding size E"},
    {"--hidden", OPT_INT, &base.H, 1, 4096, "hidden size H"},
    {"--lr", OPT_REAL, &tc.lr, 1e-6, 1, "peak learning rate"},
    {"--table", OPT_TEXT, &table, 0, 0, "file for a LaTeX table"},
    {"--curves", OPT_TEXT, &curves, 0, 0, "file for the curves"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "file for a summary"},
    {"--tests", OPT_TEXT, &tests, 0, 0, "file for the paired tests"},
    {"--seeds-answer", OPT_TEXT, &seeds_answer, 0, 0,
     "file for the answer to exercise 5.1"},
    {"--later", OPT_TEXT, &later_kinds, 0, 0,
     "kinds whose rows go to the files' -later twins"},
    
#line 3552 "chapters/A-programs.nw"
{"--align-table", OPT_TEXT, &align_table, 0, 0,
 "file for the table of alignment scores (chapter 6)"},
{"--align-curves", OPT_TEXT, &align_curves, 0, 0,
 "file for alignment accuracy by epoch"},
{"--heatmaps", OPT_TEXT, &heatmaps, 0, 0, "prefix for heatmaps"},
{"--align-summary", OPT_TEXT, &align_summary, 0, 0,
 "file for a summary"},
{"--align-timing", OPT_TEXT, &align_timing, 0, 0,
 "file for when alignment appears"},
{"--align-tests", OPT_TEXT, &align_tests, 0, 0,
 "file for the paired tests of the entropy"},
#line 3059 "chapters/A-programs.nw"
    TRANSFORMER_OPTIONS(base),
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "train configurations one flag apart");
#line 3115 "chapters/A-programs.nw"
int kind[MAX_CONFIGS];
char conf_buf[128], *conf[MAX_CONFIGS];
int n_conf = split_list(conf_buf, sizeof conf_buf, "--configs",
                        configs, conf, MAX_CONFIGS);
int any_transformer = 0, later[MAX_CONFIGS], any_later = 0;
for (int k = 0; k < n_conf; k++) {
    kind[k] = kind_from_name(conf[k]);
    later[k] = kind_listed(kind[k], "--later", later_kinds);
    any_later |= later[k];
    ModelConfig mc = base;
    kind_config(&mc, kind[k]);
    refuse_bad_transformer(&mc);
    any_transformer |= mc.family == &transformer_family;
}
if (!any_transformer)
    refuse_unused_transformer_options(argc, argv, "--configs has"
                                      " no transformer");
if (later[0])
    refuse("--later: the first configuration, %s, is the baseline"
           " the others are compared with; it cannot come later",
           kind_name(kind[0]));
#line 3064 "chapters/A-programs.nw"
Schedule sched[MAX_SCHEDULES];
int n_sched = parse_schedules(schedules, sched);
#line 3073 "chapters/A-programs.nw"
for (int q = 0; q < n_sched; q++)
    if (sched[q].warmup >= tc.epochs)
        refuse("--schedules %d/%g: a warm-up of %d epochs leaves"
               " nothing of a run of %d epochs (--epochs)",
               sched[q].warmup, sched[q].floor, sched[q].warmup,
               tc.epochs);
#line 3086 "chapters/A-programs.nw"
char *table_later = plan_later("--table", table, any_later);
char *tests_later = plan_later("--tests", tests, any_later);
if (curves) out_plan("--curves", curves);
#line 3564 "chapters/A-programs.nw"
char *align_table_later = plan_later("--align-table", align_table,
                                     any_later);
char *align_summary_later = plan_later("--align-summary",
                                       align_summary, any_later);
char *align_timing_later = plan_later("--align-timing", align_timing,
                                      any_later);
char *align_tests_later = plan_later("--align-tests", align_tests,
                                     any_later);
if (align_curves) out_plan("--align-curves", align_curves);
for (int k = 0; heatmaps && k < n_conf; k++)
    for (int e = 0; e < 3 && kind_chooses(kind[k]); e++)
        out_plan("--heatmaps",
                 heatmap_name(heatmaps, kind[k], heatmap_ext[e]));
#line 3091 "chapters/A-programs.nw"
double need = 0;
for (int k = 0; k < n_conf; k++) {
    ModelConfig mc = base;
    kind_config(&mc, kind[k]);
    need = fmax(need, run_bytes(&dc, &mc, tc.batch_size));
}
int n_runs = n_sched * n_conf * seeds;
int at_once = threads < n_runs ? threads : n_runs;
#line 3616 "chapters/A-programs.nw"
if (heatmaps) at_once += n_conf;
#line 3100 "chapters/A-programs.nw"
char lower[96];
snprintf(lower, sizeof lower, "--hidden, --embed or --threads (%d"
         " runs in memory at once)", at_once);
memory_check(need * at_once, lower);
#line 2834 "chapters/A-programs.nw"
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    
#line 3578 "chapters/A-programs.nw"
Dataset align_set;
Rng align_rng;
rng_seed(&align_rng, 1000);
dataset_generate(&align_set, dc.task, 300, dc.min_words,
                 dc.max_words, &align_rng);
#line 2837 "chapters/A-programs.nw"
    
#line 3168 "chapters/A-programs.nw"
static Run runs[MAX_SCHEDULES][MAX_CONFIGS][MAX_SEEDS];
Plan plan = { .base = base, .tc = tc, .kind = kind, .sched = sched,
              .n_conf = n_conf, .seeds = seeds,
              .train_set = &train_set, .val_set = &val_set,
              .runs = runs
              
#line 3614 "chapters/A-programs.nw"
, .align_set = &align_set, .heatmaps = heatmaps != NULL
#line 3173 "chapters/A-programs.nw"
                                                      };
run_parallel(train_one_run, &plan, n_sched * n_conf * seeds,
             threads);
#line 3618 "chapters/A-programs.nw"
for (int k = 0; k < n_conf; k++) {
    Model *m = runs[0][k][0].model;
    if (!m) continue;
    write_heatmap(heatmaps, m, &align_set);
    model_free(m);
}
#line 2838 "chapters/A-programs.nw"
    
#line 3229 "chapters/A-programs.nw"
printf("%-9s %-9s %7s  %-15s %-15s %-15s %s\n", "schedule", "config",
       "params", "val loss", "token acc %", "exact %",
       "seconds: median (min-max)");
for (int q = 0; q < n_sched; q++)
    for (int k = 0; k < n_conf; k++) {
        double st[4][2], sec[3];
        row_stats(st, runs[q][k], seeds);
        seconds_stats(sec, runs[q][k], seeds);
        printf("%3d/%-5g %-9s %7zu  %.4f +- %.4f  %6.2f +- %5.2f"
               "  %6.2f +- %5.2f %6.2f (%.2f-%.2f)\n",
               sched[q].warmup, sched[q].floor,
               kind_name(kind[k]), runs[q][k][0].params,
               st[0][0], st[0][1], st[1][0], st[1][1], st[2][0],
               st[2][1], sec[0], sec[1], sec[2]);
    }
#line 2839 "chapters/A-programs.nw"
    
#line 3294 "chapters/A-programs.nw"
for (int part = 0; table && part <= any_later; part++)
    
#line 3315 "chapters/A-programs.nw"
{
    FILE *f = out_open(part ? table_later : table);
    fprintf(f, "\\begin{tabular}{%sllrrrr}\n\\toprule\n",
            n_sched > 1 ? "l" : "");
    fprintf(f, "%sattention & parameters & val loss & token acc."
            " (\\%%) & exact (\\%%) & seconds \\\\\n%s& & & &"
            " & median (range) \\\\\n\\midrule\n",
            n_sched > 1 ? "schedule & " : "",
            n_sched > 1 ? "& " : "");
    for (int q = 0; q < n_sched; q++)
        for (int k = 0; k < n_conf; k++) {
            double st[4][2];
            if (!part && later[k]) continue;
            row_stats(st, runs[q][k], seeds);
            
#line 3336 "chapters/A-programs.nw"
double sec[3];
seconds_stats(sec, runs[q][k], seeds);
if (later[k] && k > 0 && !later[k - 1]) fprintf(f, "\\midrule\n");
if (n_sched > 1)
    fprintf(f, "%s%d/%g & ", k == 0 && q > 0 ? "\\addlinespace " : "",
            sched[q].warmup, sched[q].floor);
fprintf(f, "%s & %zu & $%.5f \\pm %.5f$ & $%.2f \\pm %.2f$"
        " & $%.2f \\pm %.2f$ & %.2f (%.2f--%.2f) \\\\\n",
        kind_name(kind[k]), runs[q][k][0].params, st[0][0],
        st[0][1], st[1][0], st[1][1], st[2][0], st[2][1], sec[0],
        sec[1], sec[2]);
#line 3330 "chapters/A-programs.nw"
        }
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
    out_close(f);
}
#line 3296 "chapters/A-programs.nw"
if (curves) 
#line 3351 "chapters/A-programs.nw"
{
    FILE *f = out_open(curves);
    fprintf(f, "# epoch, then for each row the mean val loss and"
            " its standard deviation over the seeds\n");
    for (int e = 0; e < tc.epochs; e++) {
        fprintf(f, "%d", e + 1);
        for (int q = 0; q < n_sched; q++)
            for (int k = 0; k < n_conf; k++) {
                double x[MAX_SEEDS], mean, sd;
                for (int s = 0; s < seeds; s++)
                    x[s] = runs[q][k][s].curve[e];
                mean_sd(x, seeds, &mean, &sd);
                fprintf(f, " %.5f %.5f", mean, sd);
            }
        fprintf(f, "\n");
    }
    out_close(f);
}
#line 3297 "chapters/A-programs.nw"
if (summary) {
    FILE *f = out_open(summary);
    
#line 3474 "chapters/A-programs.nw"
fprintf(f, "Mean validation loss over %d seed%s:", seeds,
        seeds > 1 ? "s" : "");
for (int k = 0; k < n_conf; k++) {
    double st[4][2];
    if (later[k]) continue;
    row_stats(st, runs[0][k], seeds);
    fprintf(f, "%s \\texttt{%s} %.4f", k ? "," : "",
            kind_name(kind[k]), st[0][0]);
}
fprintf(f, ". ");
#line 3487 "chapters/A-programs.nw"
if (n_conf == 1)
    fprintf(f, "Only one configuration was run: there is nothing to"
            " compare. ");
else if (seeds < 2)
    fprintf(f, "With one seed no difference can be told from"
            " the noise of the seed. ");
#line 3438 "chapters/A-programs.nw"
{
    int ctrl = -1, best = -1;
    double mean[MAX_CONFIGS];
    for (int k = 0; k < n_conf; k++) {
        double st[4][2];
        row_stats(st, runs[0][k], seeds);
        mean[k] = st[0][0];
        if (later[k]) continue;
        if (kind[k] == ATTN_NONE_WC) ctrl = k;
        if (kind_chooses(kind[k])
            && (best < 0 || mean[k] < mean[best])) best = k;
    }
    if (ctrl > 0 && best > 0 && mean[0] != mean[best]) {
        double closed = (mean[0] - mean[ctrl])
                      / (mean[0] - mean[best]);
        fprintf(f, "Of the gap in mean loss between \\texttt{%s} and"
                " \\texttt{%s}, the control closes ",
                kind_name(kind[0]), kind_name(kind[best]));
        if (closed >= 0) fprintf(f, "%.0f\\%%. ", 100 * closed);
        else fprintf(f, "nothing: its mean loss is above the"
                     " baseline's. ");
    }
}
#line 3467 "chapters/A-programs.nw"
fprintf(f, "The training times are not compared: the runs share"
        " the machine with the build's other experiments, and"
        " their spread is the load's, not the model's. ");

#line 3376 "chapters/A-programs.nw"
fprintf(f, "The loss floor is %.4f.\n",
        smoothed_loss_floor(base.tgt_vocab, LABEL_SMOOTHING));
#line 3300 "chapters/A-programs.nw"
    out_close(f);
}
for (int part = 0; tests && part <= any_later; part++) {
    FILE *f = out_open(part ? tests_later : tests);
    tests_begin(f, seeds, "model");
    if (part) 
#line 3427 "chapters/A-programs.nw"
{
    for (int i = 0; i < n_conf; i++)
        for (int j = i + 1; j < n_conf; j++)
            if (later[i] || later[j])
                compare_runs(f, runs[0], kind, i, j, seeds, loss_of);
}
#line 3306 "chapters/A-programs.nw"
    else 
#line 3390 "chapters/A-programs.nw"
{
    for (int k = 1; k < n_conf; k++)
        if (!later[k])
            compare_runs(f, runs[0], kind, 0, k, seeds, loss_of);
    for (int k = 1; k < n_conf; k++)
        if (kind[k] == ATTN_NONE_WC && !later[k])
            for (int j = 1; j < n_conf; j++)
                if (kind_chooses(kind[j]) && !later[j])
                    compare_runs(f, runs[0], kind, k, j, seeds,
                                 loss_of);
    for (int i = 1; i < n_conf; i++)
        for (int j = i + 1; j < n_conf; j++)
            if (kind_chooses(kind[i]) && kind_chooses(kind[j])
                && !later[i] && !later[j])
                compare_runs(f, runs[0], kind, i, j, seeds, loss_of);
}
#line 3307 "chapters/A-programs.nw"
    if (!part && n_sched > 1) 
#line 3410 "chapters/A-programs.nw"
for (int k = 0; k < n_conf; k++)
    for (int q = 1; q < n_sched; q++) {
        double a[MAX_SEEDS], b[MAX_SEEDS];
        char name_a[64], name_b[64];
        for (int s = 0; s < seeds; s++) {
            a[s] = runs[q][k][s].final.loss;
            b[s] = runs[0][k][s].final.loss;
        }
        snprintf(name_a, sizeof name_a, "%s, %d/%g",
                 kind_name(kind[k]), sched[q].warmup, sched[q].floor);
        snprintf(name_b, sizeof name_b, "%s, %d/%g",
                 kind_name(kind[k]), sched[0].warmup, sched[0].floor);
        tests_row(f, name_a, name_b, a, b, seeds);
    }
#line 3308 "chapters/A-programs.nw"
    tests_end(f);
    out_close(f);
}
if (seeds_answer) 
#line 3521 "chapters/A-programs.nw"
{
    FILE *f = out_open(seeds_answer);
    double st[4][2];
    row_stats(st, runs[0][0], seeds);
    double need = (st[0][1] / 0.001) * (st[0][1] / 0.001);
    fprintf(f, "This build's table gives $\\sigma = %.5f$ for %s,"
            " so $n > (%.5f/0.001)^2 = %.1f$: at least %d seeds.\n",
            st[0][1], kind_name(kind[0]), st[0][1], need,
            (int)floor(need) + 1);
    out_close(f);
}
#line 3628 "chapters/A-programs.nw"
for (int part = 0; part <= any_later; part++) {
    int n_attn = 0;         /* configurations this part speaks of */
    for (int k = 0; k < n_conf; k++)
        n_attn += kind_chooses(kind[k]) && later[k] == part;
    if (align_table) 
#line 3642 "chapters/A-programs.nw"
{
    FILE *f = out_open(part ? align_table_later : align_table);
    double even = 0;        /* the entropy of even weights */
    fprintf(f, "\\begin{tabular}{lrrrr}\n\\toprule\nattention & val"
            " loss & alignment acc.\\ (\\%%) & gold weight"
            " & entropy (nats) \\\\\n\\midrule\n");
    for (int k = 0; k < n_conf; k++) {
        double loss[MAX_SEEDS], acc[MAX_SEEDS], gw[MAX_SEEDS];
        double ent[MAX_SEEDS], st[4][2];
        if (!part && later[k]) continue;
        for (int s = 0; s < seeds; s++) {
            const AlignScore *a = &runs[0][k][s].align;
            loss[s] = runs[0][k][s].final.loss;
            acc[s] = 100 * align_accuracy(a);
            gw[s] = align_gold_weight(a);
            ent[s] = align_entropy(a);
            if (kind_chooses(kind[k])) even = align_max_entropy(a);
        }
        mean_sd(loss, seeds, &st[0][0], &st[0][1]);
        mean_sd(acc, seeds, &st[1][0], &st[1][1]);
        mean_sd(gw, seeds, &st[2][0], &st[2][1]);
        mean_sd(ent, seeds, &st[3][0], &st[3][1]);
        
#line 3672 "chapters/A-programs.nw"
if (later[k] && k > 0 && !later[k - 1]) fprintf(f, "\\midrule\n");
fprintf(f, "%s & $%.5f \\pm %.5f$ & ", kind_name(kind[k]),
        st[0][0], st[0][1]);
if (!kind_chooses(kind[k]))
    fprintf(f, "n/a & n/a & n/a \\\\\n");
else
    fprintf(f, "$%.2f \\pm %.2f$ & $%.3f \\pm %.3f$ & $%.3f \\pm"
            " %.3f$ \\\\\n", st[1][0], st[1][1], st[2][0], st[2][1],
            st[3][0], st[3][1]);
#line 3665 "chapters/A-programs.nw"
    }
    
#line 3688 "chapters/A-programs.nw"
double chance = align_chance(dc.min_words, dc.max_words);
fprintf(f, "\\midrule\nchance, even weights & & %.2f & %.3f & ",
        100 * chance, chance);
if (even > 0) fprintf(f, "%.3f", even);
fprintf(f, " \\\\\n\\bottomrule\n\\end{tabular}\n");
#line 3667 "chapters/A-programs.nw"
    out_close(f);
}
#line 3633 "chapters/A-programs.nw"
    if (align_summary) 
#line 3698 "chapters/A-programs.nw"
{
    FILE *f = out_open(part ? align_summary_later : align_summary);
    if (!n_attn)
        fprintf(f, "No configuration with attention was run, so no"
                " alignment was measured; chance is %.1f\\%%.\n",
                100 * align_chance(dc.min_words, dc.max_words));
    else
        fprintf(f, "Attention's peak lands on the gold source word"
                " in");
    const char *sep = "";
    for (int k = 0; k < n_conf; k++) {
        if (!kind_chooses(kind[k]) || later[k] != part) continue;
        double acc = 0;
        for (int s = 0; s < seeds; s++)
            acc += align_accuracy(&runs[0][k][s].align);
        fprintf(f, "%s %.1f\\%% of the rows for %s", sep,
                100 * acc / seeds, kind_name(kind[k]));
        sep = ",";
    }
    if (n_attn)
        fprintf(f, ", against a chance level of %.1f\\%%%s.\n",
                100 * align_chance(dc.min_words, dc.max_words),
                part ? "" : " (the tutorial reports 97.7\\% for dot"
                " and 84.5\\% for additive)");
    if (n_attn) 
#line 3728 "chapters/A-programs.nw"
{
    fprintf(f, "The mean entropy of a row is");
    const char *sep = "";
    double even = 0;
    for (int k = 0; k < n_conf; k++) {
        if (!kind_chooses(kind[k]) || later[k] != part) continue;
        double ent = 0;
        for (int s = 0; s < seeds; s++)
            ent += align_entropy(&runs[0][k][s].align) / seeds;
        even = align_max_entropy(&runs[0][k][0].align);
        fprintf(f, "%s %.3f nats for %s", sep, ent,
                kind_name(kind[k]));
        sep = ",";
    }
    fprintf(f, ", of at most %.3f, the entropy of even weights.\n",
            even);
}
#line 3723 "chapters/A-programs.nw"
    out_close(f);
}
#line 3634 "chapters/A-programs.nw"
    if (align_timing) 
#line 3808 "chapters/A-programs.nw"
{
    FILE *f = out_open(part ? align_timing_later : align_timing);
    fprintf(f, n_attn ? "Alignment accuracy first reaches 90\\%%"
            : "No configuration with attention was run, so there"
            " is no alignment to time");
    const char *sep = "";
    for (int k = 0; k < n_conf; k++) {
        if (!kind_chooses(kind[k]) || later[k] != part) continue;
        
#line 3825 "chapters/A-programs.nw"
int reached = -1;
for (int e = 0; e <= tc.epochs && reached < 0; e++) {
    double acc = 0;
    for (int s = 0; s < seeds; s++)
        acc += runs[0][k][s].align_curve[e];
    if (acc / seeds >= 0.9) reached = e;
}
double last = 0, then = 0;
for (int s = 0; s < seeds; s++) {
    last += runs[0][k][s].curve[tc.epochs - 1] / seeds;
    if (reached > 0) then += runs[0][k][s].curve[reached - 1] / seeds;
}
if (reached < 0)
    fprintf(f, "%s never, for %s", sep, kind_name(kind[k]));
else if (reached == 0)
    fprintf(f, "%s before training, for %s", sep,
            kind_name(kind[k]));
else
    fprintf(f, "%s after epoch %d for %s, when its loss is %.4f"
            " (%.4f at the end)", sep, reached,
            kind_name(kind[k]), then, last);
#line 3817 "chapters/A-programs.nw"
        sep = ";";
    }
    fprintf(f, ".\n");
    out_close(f);
}
#line 3635 "chapters/A-programs.nw"
    if (align_tests) 
#line 3749 "chapters/A-programs.nw"
{
    FILE *f = out_open(part ? align_tests_later : align_tests);
    tests_begin(f, seeds, "model");
    for (int i = 0; i < n_conf; i++)
        for (int j = i + 1; j < n_conf; j++)
            if (kind_chooses(kind[i]) && kind_chooses(kind[j])
                && (part ? later[i] || later[j]
                         : !later[i] && !later[j]))
                compare_runs(f, runs[0], kind, i, j, seeds,
                             entropy_of);
    tests_end(f);
    out_close(f);
}
#line 3636 "chapters/A-programs.nw"
}
if (align_curves) 
#line 3765 "chapters/A-programs.nw"
{
    FILE *f = out_open(align_curves);
    fprintf(f, "# epoch, then per configuration: alignment accuracy"
            " (%%), its standard deviation, val loss, entropy"
            " (nats), its standard deviation, over seeds\n");
    
#line 3795 "chapters/A-programs.nw"
for (int k = 0; k < n_conf; k++)
    if (kind_chooses(kind[k])) {
        fprintf(f, "# entropy of even weights: %.4f\n",
                align_max_entropy(&runs[0][k][0].align));
        break;
    }
#line 3771 "chapters/A-programs.nw"
    for (int e = 0; e <= tc.epochs; e++) {
        fprintf(f, "%d", e);
        for (int k = 0; k < n_conf; k++) {
            double acc[MAX_SEEDS], ent[MAX_SEEDS], loss = 0;
            double mean, sd, ent_mean, ent_sd;
            for (int s = 0; s < seeds; s++) {
                acc[s] = 100 * runs[0][k][s].align_curve[e];
                ent[s] = runs[0][k][s].entropy_curve[e];
                loss += e ? runs[0][k][s].curve[e - 1] / seeds : 0;
            }
            mean_sd(acc, seeds, &mean, &sd);
            mean_sd(ent, seeds, &ent_mean, &ent_sd);
            if (!kind_chooses(kind[k]))
                mean = sd = ent_mean = ent_sd = NAN;
            fprintf(f, " %.3f %.3f %.5f %.4f %.4f", mean, sd,
                    e ? loss : NAN, ent_mean, ent_sd);
        }
        fprintf(f, "\n");
    }
    out_close(f);
}
#line 3638 "chapters/A-programs.nw"
dataset_free(&align_set);
#line 2840 "chapters/A-programs.nw"
    dataset_free(&train_set);
    dataset_free(&val_set);
    return 0;
}
