#line 776 "chapters/A-programs.nw"
/* ablation: the same model, one flag apart, several seeds. */
#include "seq2seq.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#line 1356 "chapters/A-programs.nw"
#include "align.h"

#line 784 "chapters/A-programs.nw"
enum { MAX_CONFIGS = 6, MAX_SCHEDULES = 4, MAX_SEEDS = 20,
       MAX_EPOCHS = 100 };
#line 809 "chapters/A-programs.nw"
typedef struct {
    double curve[MAX_EPOCHS];       /* validation loss per epoch */
    double seconds;
    Eval final;
    size_t params;
    
#line 1102 "chapters/A-programs.nw"
Model *model;                   /* chapter 6: the model in training */
const Dataset *align_set;
double align_curve[MAX_EPOCHS + 1];     /* accuracy, epoch 0..E */
AlignScore align;               /* after training */
#line 815 "chapters/A-programs.nw"
} Run;

static void record_epoch(int epoch, double train_loss,
                         const Eval *val, double seconds, void *ctx)
{
    Run *run = ctx;
    (void)train_loss;
    run->curve[epoch - 1] = val->loss;
    run->seconds += seconds;
    
#line 1135 "chapters/A-programs.nw"
if (run->model->cfg.attention != ATTN_NONE) {
    AlignScore a = align_evaluate(run->model, run->align_set,
                                  run->model->max_B);
    run->align_curve[epoch] = align_accuracy(&a);
}
#line 825 "chapters/A-programs.nw"
}
#line 840 "chapters/A-programs.nw"
static void mean_sd(const double *x, int n, double *mean, double *sd)
{
    double sum = 0, sq = 0;
    for (int i = 0; i < n; i++) sum += x[i];
    *mean = sum / n;
    for (int i = 0; i < n; i++) sq += (x[i] - *mean) * (x[i] - *mean);
    *sd = n > 1 ? sqrt(sq / (n - 1)) : 0;
}
#line 963 "chapters/A-programs.nw"
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
#line 854 "chapters/A-programs.nw"
typedef struct { int warmup; double floor; } Schedule;

static int parse_schedules(const char *list, Schedule *out)
{
    char buf[128], *item[MAX_SCHEDULES];
    int n = split_list(buf, sizeof buf, "--schedules", list, item,
                       MAX_SCHEDULES);
    for (int q = 0; q < n; q++) {
        char *slash = strchr(item[q], '/');
        if (!slash) refuse("--schedules: '%s' is not W/F", item[q]);
        *slash = '\0';
        out[q].warmup = (int)parse_long("--schedules", item[q], 0,
                                        1000);
        out[q].floor = parse_double("--schedules", slash + 1, 0, 1);
    }
    return n;
}
#line 1290 "chapters/A-programs.nw"
static void write_heatmap(const char *prefix, Model *m,
                          const Dataset *d)
{
    int row = 0;
    while (row < d->n - 1 && d->src_len[row] != d->L) row++;
    Batch batch;
    batch_alloc(&batch, 1, d->L);
    batch_fill(&batch, d, &row, 1);
    model_forward(m, &batch);
    int T = batch.T - 1, S = batch.S, words = batch.src_len[0] - 2;
    const real *w = m->attn.weights;        /* [1, T', S] */
    char name[300];
    const char *kind = attention_name[m->cfg.attention];
    
#line 1310 "chapters/A-programs.nw"
snprintf(name, sizeof name, "%s-%s.dat", prefix, kind);
FILE *f = fopen(name, "w");
if (!f) refuse("cannot write '%s'", name);
for (int j = 0; j < T; j++)
    for (int s = 0; s < S; s++)
        fprintf(f, "%d %d %.4f\n", s, j, w[j * S + s]);
fclose(f);
#line 1304 "chapters/A-programs.nw"
    
#line 1320 "chapters/A-programs.nw"
Vocab en, es;
vocab_build(&en, ENGLISH);
vocab_build(&es, SPANISH);
snprintf(name, sizeof name, "%s-%s.gpi", prefix, kind);
f = fopen(name, "w");
if (!f) refuse("cannot write '%s'", name);
fprintf(f, "set xtics (");
for (int s = 0; s < S; s++)
    fprintf(f, "%s\"%s\" %d", s ? ", " : "", en.word[batch.src[s]],
            s);
fprintf(f, ")\nset ytics (");
for (int j = 0; j < T; j++)
    fprintf(f, "%s\"%s\" %d", j ? ", " : "",
            es.word[batch.tgt[j + 1]], j);
fprintf(f, ")\nset xrange [-0.5:%g]\nset yrange [%g:-0.5]\n",
        S - 0.5, T - 0.5);
for (int j = 0; j < words; j++) {
    int g = gold_source_index(words, j);
    fprintf(f, "set object %d rect from %g,%g to %g,%g front"
            " fillstyle empty border lc rgb '#d62728' lw 4\n",
            j + 1, g - 0.5, j - 0.5, g + 0.5, j + 0.5);
}
fclose(f);
#line 1305 "chapters/A-programs.nw"
    
#line 1345 "chapters/A-programs.nw"
const char *rows[MAX_WORDS + 2], *cols[MAX_WORDS + 2];
for (int j = 0; j < T; j++) rows[j] = es.word[batch.tgt[j + 1]];
for (int s = 0; s < S; s++) cols[s] = en.word[batch.src[s]];
snprintf(name, sizeof name, "%s-%s.txt", prefix, kind);
f = fopen(name, "w");
if (!f) refuse("cannot write '%s'", name);
text_heatmap(f, w, T, S, rows, cols);
fclose(f);
#line 1306 "chapters/A-programs.nw"
    batch_free(&batch);
}

#line 791 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "ablation";
    
#line 873 "chapters/A-programs.nw"
DataConfig dc = data_config_default();
TrainConfig tc = train_config_default();
ModelConfig base = model_config_default();
const char *configs = "none,dot,general,additive";
const char *schedules = "0/1";
char *table = NULL, *curves = NULL, *summary = NULL;
int seeds = 5;
#line 1107 "chapters/A-programs.nw"
char *align_table = NULL, *align_curves = NULL, *heatmaps = NULL;
char *align_summary = NULL, *align_timing = NULL;
#line 881 "chapters/A-programs.nw"
Option options[] = {
    {"--configs", OPT_TEXT, &configs, 0, 0, "attention kinds"},
    {"--schedules", OPT_TEXT, &schedules, 0, 0, "W/F,W/F,..."},
    {"--seeds", OPT_INT, &seeds, 1, MAX_SEEDS, "seeds 1..N"},
    {"--epochs", OPT_INT, &tc.epochs, 1, MAX_EPOCHS, "epochs"},
    {"--embed", OPT_INT, &base.E, 1, 4096, "embedding size E"},
    {"--hidden", OPT_INT, &base.H, 1, 4096, "hidden size H"},
    {"--lr", OPT_REAL, &tc.lr, 1e-6, 1, "peak learning rate"},
    {"--table", OPT_TEXT, &table, 0, 0, "file for a LaTeX table"},
    {"--curves", OPT_TEXT, &curves, 0, 0, "file for the curves"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "file for a summary"},
    
#line 1110 "chapters/A-programs.nw"
{"--align-table", OPT_TEXT, &align_table, 0, 0, "file for table"},
{"--align-curves", OPT_TEXT, &align_curves, 0, 0, "file for curves"},
{"--heatmaps", OPT_TEXT, &heatmaps, 0, 0, "prefix for heatmaps"},
{"--align-summary", OPT_TEXT, &align_summary, 0, 0,
 "file for a summary"},
{"--align-timing", OPT_TEXT, &align_timing, 0, 0,
 "file for when alignment appears"},
#line 893 "chapters/A-programs.nw"
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "train configurations one flag apart");
#line 908 "chapters/A-programs.nw"
int kind[MAX_CONFIGS];
char conf_buf[128], *conf[MAX_CONFIGS];
int n_conf = split_list(conf_buf, sizeof conf_buf, "--configs",
                        configs, conf, MAX_CONFIGS);
for (int k = 0; k < n_conf; k++)
    kind[k] = attention_from_name(conf[k]);
#line 897 "chapters/A-programs.nw"
Schedule sched[MAX_SCHEDULES];
int n_sched = parse_schedules(schedules, sched);
#line 795 "chapters/A-programs.nw"
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    
#line 1118 "chapters/A-programs.nw"
Dataset align_set;
Rng align_rng;
rng_seed(&align_rng, 1000);
dataset_generate(&align_set, 300, dc.min_words, dc.max_words,
                 &align_rng);
#line 798 "chapters/A-programs.nw"
    
#line 920 "chapters/A-programs.nw"
static Run runs[MAX_SCHEDULES][MAX_CONFIGS][MAX_SEEDS];
for (int q = 0; q < n_sched; q++)
    for (int k = 0; k < n_conf; k++)
        for (int s = 0; s < seeds; s++) {
            ModelConfig mc = base;
            mc.attention = kind[k];
            TrainConfig t = tc;
            t.seed = (uint64_t)(s + 1);
            t.warmup_epochs = sched[q].warmup;
            t.lr_floor = sched[q].floor * t.lr;
            Run *run = &runs[q][k][s];
            Model *m = model_create(&mc, t.batch_size, train_set.L,
                                    t.seed);
            run->params = m->params.count;
            
#line 1128 "chapters/A-programs.nw"
run->model = m;
run->align_set = &align_set;
if (mc.attention != ATTN_NONE) {
    AlignScore a0 = align_evaluate(m, &align_set, t.batch_size);
    run->align_curve[0] = align_accuracy(&a0);
}
#line 935 "chapters/A-programs.nw"
            train_model(m, &train_set, &val_set, &t, record_epoch,
                        run);
            run->final = evaluate(m, &val_set, t.batch_size);
            
#line 1141 "chapters/A-programs.nw"
if (mc.attention != ATTN_NONE)
    run->align = align_evaluate(m, &align_set, t.batch_size);
if (heatmaps && s == 0 && q == 0 && mc.attention != ATTN_NONE)
    write_heatmap(heatmaps, m, &align_set);
#line 939 "chapters/A-programs.nw"
            model_free(m);
        }
#line 799 "chapters/A-programs.nw"
    
#line 946 "chapters/A-programs.nw"
printf("%-9s %-9s %7s  %-15s %-15s %-15s %7s\n", "schedule", "config",
       "params", "val loss", "token acc %", "exact %", "seconds");
for (int q = 0; q < n_sched; q++)
    for (int k = 0; k < n_conf; k++) {
        double st[4][2];
        row_stats(st, runs[q][k], seeds);
        printf("%3d/%-5g %-9s %7zu  %.4f +- %.4f  %6.2f +- %5.2f"
               "  %6.2f +- %5.2f %7.2f\n", sched[q].warmup,
               sched[q].floor, attention_name[kind[k]],
               runs[q][k][0].params, st[0][0], st[0][1], st[1][0],
               st[1][1], st[2][0], st[2][1], st[3][0]);
    }
#line 800 "chapters/A-programs.nw"
    
#line 982 "chapters/A-programs.nw"
if (table) 
#line 989 "chapters/A-programs.nw"
{
    FILE *f = fopen(table, "w");
    if (!f) refuse("cannot write '%s'", table);
    fprintf(f, "\\begin{tabular}{%sllrrrr}\n\\toprule\n",
            n_sched > 1 ? "l" : "");
    fprintf(f, "%sattention & parameters & val loss & token acc."
            " (\\%%) & exact (\\%%) & seconds \\\\\n\\midrule\n",
            n_sched > 1 ? "schedule & " : "");
    for (int q = 0; q < n_sched; q++)
        for (int k = 0; k < n_conf; k++) {
            double st[4][2];
            row_stats(st, runs[q][k], seeds);
            
#line 1008 "chapters/A-programs.nw"
if (n_sched > 1)
    fprintf(f, "%s%d/%g & ", k == 0 && q > 0 ? "\\addlinespace " : "",
            sched[q].warmup, sched[q].floor);
fprintf(f, "%s & %zu & $%.5f \\pm %.5f$ & $%.2f \\pm %.2f$"
        " & $%.2f \\pm %.2f$ & %.2f \\\\\n", attention_name[kind[k]],
        runs[q][k][0].params, st[0][0], st[0][1], st[1][0], st[1][1],
        st[2][0], st[2][1], st[3][0]);
#line 1002 "chapters/A-programs.nw"
        }
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
    fclose(f);
}
#line 983 "chapters/A-programs.nw"
if (curves) 
#line 1018 "chapters/A-programs.nw"
{
    FILE *f = fopen(curves, "w");
    if (!f) refuse("cannot write '%s'", curves);
    fprintf(f, "# epoch, then the mean val loss of each row\n");
    for (int e = 0; e < tc.epochs; e++) {
        fprintf(f, "%d", e + 1);
        for (int q = 0; q < n_sched; q++)
            for (int k = 0; k < n_conf; k++) {
                double sum = 0;
                for (int s = 0; s < seeds; s++)
                    sum += runs[q][k][s].curve[e];
                fprintf(f, " %.5f", sum / seeds);
            }
        fprintf(f, "\n");
    }
    fclose(f);
}
#line 984 "chapters/A-programs.nw"
if (summary) 
#line 1040 "chapters/A-programs.nw"
{
    FILE *f = fopen(summary, "w");
    if (!f) refuse("cannot write '%s'", summary);
    double loss[MAX_CONFIGS][2];
    for (int k = 0; k < n_conf; k++) {
        double st[4][2];
        row_stats(st, runs[0][k], seeds);
        loss[k][0] = st[0][0];
        loss[k][1] = st[0][1];
    }
    fprintf(f, "Against the baseline (%s, mean loss %.4f over %d"
            " seeds):", attention_name[kind[0]], loss[0][0], seeds);
    for (int k = 1; k < n_conf; k++) {
        double gap = loss[0][0] - loss[k][0];
        double spread = fmax(loss[0][1], loss[k][1]);
        fprintf(f, "%s %s is %.4f %s, %.0f times the larger standard"
                " deviation", k == 1 ? "" : ";",
                attention_name[kind[k]],
                fabs(gap), gap > 0 ? "lower" : "higher",
                spread > 0 ? fabs(gap) / spread : 0);
    }
    fprintf(f, ". The loss floor is %.4f.\n",
            smoothed_loss_floor(base.tgt_vocab, LABEL_SMOOTHING));
    fclose(f);
}
#line 985 "chapters/A-programs.nw"
if (summary && n_sched > 1) 
#line 1068 "chapters/A-programs.nw"
{
    FILE *f = fopen(summary, "a");
    if (!f) refuse("cannot write '%s'", summary);
    fprintf(f, "The lowest mean validation loss");
    for (int k = 0; k < n_conf; k++) {
        int best = 0;
        double best_loss = 1e300;
        for (int q = 0; q < n_sched; q++) {
            double sum = 0;
            for (int s = 0; s < seeds; s++)
                sum += runs[q][k][s].final.loss;
            if (sum / seeds < best_loss) {
                best_loss = sum / seeds;
                best = q;
            }
        }
        fprintf(f, "%s for %s comes from %d/%g (%.4f)",
                k == 0 ? "" : k + 1 == n_conf ? " and" : ",",
                attention_name[kind[k]], sched[best].warmup,
                sched[best].floor, best_loss);
    }
    fprintf(f, ".\n");
    fclose(f);
}
#line 1149 "chapters/A-programs.nw"
if (align_table) 
#line 1157 "chapters/A-programs.nw"
{
    FILE *f = fopen(align_table, "w");
    if (!f) refuse("cannot write '%s'", align_table);
    fprintf(f, "\\begin{tabular}{lrrr}\n\\toprule\nattention & val"
            " loss & alignment acc.\\ (\\%%) & gold weight \\\\\n"
            "\\midrule\n");
    for (int k = 0; k < n_conf; k++) {
        double loss[MAX_SEEDS], acc[MAX_SEEDS], gw[MAX_SEEDS];
        double st[3][2];
        for (int s = 0; s < seeds; s++) {
            loss[s] = runs[0][k][s].final.loss;
            acc[s] = 100 * align_accuracy(&runs[0][k][s].align);
            gw[s] = align_gold_weight(&runs[0][k][s].align);
        }
        mean_sd(loss, seeds, &st[0][0], &st[0][1]);
        mean_sd(acc, seeds, &st[1][0], &st[1][1]);
        mean_sd(gw, seeds, &st[2][0], &st[2][1]);
        
#line 1183 "chapters/A-programs.nw"
fprintf(f, "%s & $%.5f \\pm %.5f$ & ", attention_name[kind[k]],
        st[0][0], st[0][1]);
if (kind[k] == ATTN_NONE)
    fprintf(f, "n/a & n/a \\\\\n");
else
    fprintf(f, "$%.2f \\pm %.2f$ & $%.3f \\pm %.3f$ \\\\\n", st[1][0],
            st[1][1], st[2][0], st[2][1]);
#line 1175 "chapters/A-programs.nw"
    }
    fprintf(f, "\\midrule\nchance & & %.2f & \\\\\n\\bottomrule\n"
            "\\end{tabular}\n",
            100 * align_chance(dc.min_words, dc.max_words));
    fclose(f);
}
#line 1150 "chapters/A-programs.nw"
if (align_curves) 
#line 1218 "chapters/A-programs.nw"
{
    FILE *f = fopen(align_curves, "w");
    if (!f) refuse("cannot write '%s'", align_curves);
    fprintf(f, "# epoch, then per configuration: alignment accuracy"
            " (%%) and val loss, means over seeds\n");
    for (int e = 0; e <= tc.epochs; e++) {
        fprintf(f, "%d", e);
        for (int k = 0; k < n_conf; k++) {
            double acc = 0, loss = 0;
            for (int s = 0; s < seeds; s++) {
                acc += runs[0][k][s].align_curve[e];
                loss += e ? runs[0][k][s].curve[e - 1] : 0;
            }
            fprintf(f, " %.3f %.5f", kind[k] == ATTN_NONE ? NAN
                    : 100 * acc / seeds, e ? loss / seeds : NAN);
        }
        fprintf(f, "\n");
    }
    fclose(f);
}
#line 1151 "chapters/A-programs.nw"
if (align_summary) 
#line 1195 "chapters/A-programs.nw"
{
    FILE *f = fopen(align_summary, "w");
    if (!f) refuse("cannot write '%s'", align_summary);
    fprintf(f, "Attention's peak lands on the gold source word in");
    const char *sep = "";
    for (int k = 0; k < n_conf; k++) {
        if (kind[k] == ATTN_NONE) continue;
        double acc = 0;
        for (int s = 0; s < seeds; s++)
            acc += align_accuracy(&runs[0][k][s].align);
        fprintf(f, "%s %.1f\\%% of the rows for %s", sep,
                100 * acc / seeds, attention_name[kind[k]]);
        sep = ",";
    }
    fprintf(f, ", against a chance level of %.1f\\%% (the tutorial"
            " reports 97.7\\%% for dot and 84.5\\%% for"
            " additive).\n",
            100 * align_chance(dc.min_words, dc.max_words));
    fclose(f);
}
#line 1152 "chapters/A-programs.nw"
if (align_timing) 
#line 1245 "chapters/A-programs.nw"
{
    FILE *f = fopen(align_timing, "w");
    if (!f) refuse("cannot write '%s'", align_timing);
    fprintf(f, "Alignment accuracy first reaches 90\\%%");
    const char *sep = "";
    for (int k = 0; k < n_conf; k++) {
        if (kind[k] == ATTN_NONE) continue;
        
#line 1261 "chapters/A-programs.nw"
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
    fprintf(f, "%s never, for %s", sep, attention_name[kind[k]]);
else if (reached == 0)
    fprintf(f, "%s before training, for %s", sep,
            attention_name[kind[k]]);
else
    fprintf(f, "%s after epoch %d for %s, when its loss is %.4f"
            " (%.4f at the end)", sep, reached,
            attention_name[kind[k]], then, last);
#line 1253 "chapters/A-programs.nw"
        sep = ";";
    }
    fprintf(f, ".\n");
    fclose(f);
}
#line 1153 "chapters/A-programs.nw"
dataset_free(&align_set);
#line 801 "chapters/A-programs.nw"
    dataset_free(&train_set);
    dataset_free(&val_set);
    return 0;
}
