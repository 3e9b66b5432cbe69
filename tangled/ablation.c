#line 25 "chapters/05-ablation.nw"
/* ablation: the same model, one flag apart, several seeds. */
#include "seq2seq.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_CONFIGS = 4, MAX_SCHEDULES = 4, MAX_SEEDS = 20,
       MAX_EPOCHS = 100 };
#line 55 "chapters/05-ablation.nw"
typedef struct {
    double curve[MAX_EPOCHS];       /* validation loss per epoch */
    double seconds;
    Eval final;
    size_t params;
} Run;

static void record_epoch(int epoch, double train_loss,
                         const Eval *val, double seconds, void *ctx)
{
    Run *run = ctx;
    (void)train_loss;
    run->curve[epoch - 1] = val->loss;
    run->seconds += seconds;
}
#line 75 "chapters/05-ablation.nw"
static void mean_sd(const double *x, int n, double *mean, double *sd)
{
    double sum = 0, sq = 0;
    for (int i = 0; i < n; i++) sum += x[i];
    *mean = sum / n;
    for (int i = 0; i < n; i++) sq += (x[i] - *mean) * (x[i] - *mean);
    *sd = n > 1 ? sqrt(sq / (n - 1)) : 0;
}
#line 89 "chapters/05-ablation.nw"
typedef struct { int warmup; double floor; } Schedule;

static int parse_schedules(const char *list, Schedule *out)
{
    char buf[128];
    if (strlen(list) >= sizeof buf) refuse("--schedules is too long");
    strcpy(buf, list);
    int n = 0;
    for (char *item = strtok(buf, ","); item;
         item = strtok(NULL, ",")) {
        char *slash = strchr(item, '/');
        if (!slash) refuse("--schedules: '%s' is not W/F", item);
        *slash = '\0';
        if (n == MAX_SCHEDULES)
            refuse("--schedules: at most %d", MAX_SCHEDULES);
        out[n].warmup = (int)parse_long("--schedules", item, 0, 1000);
        out[n].floor = parse_double("--schedules", slash + 1, 0, 1);
        n++;
    }
    if (n == 0) refuse("--schedules lists no schedule");
    return n;
}

#line 38 "chapters/05-ablation.nw"
int main(int argc, char **argv)
{
    program_name = "ablation";
    
#line 113 "chapters/05-ablation.nw"
DataConfig dc = data_config_default();
TrainConfig tc = train_config_default();
ModelConfig base = model_config_default();
const char *configs = "none,dot,general,additive";
const char *schedules = "0/1";
char *table = NULL, *curves = NULL, *summary = NULL;
int seeds = 5;
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
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "train configurations one flag apart");
#line 139 "chapters/05-ablation.nw"
int kind[MAX_CONFIGS], n_conf = 0;
char conf_buf[128];
if (strlen(configs) >= sizeof conf_buf)
    refuse("--configs is too long");
strcpy(conf_buf, configs);
for (char *item = strtok(conf_buf, ","); item;
     item = strtok(NULL, ",")) {
    if (n_conf == MAX_CONFIGS)
        refuse("--configs: at most %d configurations", MAX_CONFIGS);
    kind[n_conf++] = attention_from_name(item);
}
if (n_conf == 0) refuse("--configs lists no configuration");
#line 135 "chapters/05-ablation.nw"
Schedule sched[MAX_SCHEDULES];
int n_sched = parse_schedules(schedules, sched);
#line 42 "chapters/05-ablation.nw"
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    
#line 156 "chapters/05-ablation.nw"
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
            train(m, &train_set, &val_set, &t, record_epoch, run);
            run->final = evaluate(m, &val_set, t.batch_size);
            model_free(m);
        }
#line 45 "chapters/05-ablation.nw"
    
#line 179 "chapters/05-ablation.nw"
printf("%-9s %-9s %7s  %-15s %-15s %-15s %7s\n", "schedule", "config",
       "params", "val loss", "token acc %", "exact %", "seconds");
for (int q = 0; q < n_sched; q++)
    for (int k = 0; k < n_conf; k++) {
        double st[4][2];
        
#line 195 "chapters/05-ablation.nw"
double x[4][MAX_SEEDS];
for (int s = 0; s < seeds; s++) {
    const Run *r = &runs[q][k][s];
    x[0][s] = r->final.loss;
    x[1][s] = 100.0 * r->final.tokens_right / r->final.tokens;
    x[2][s] = 100.0 * r->final.sentences_right / r->final.sentences;
    x[3][s] = r->seconds;
}
for (int i = 0; i < 4; i++)
    mean_sd(x[i], seeds, &st[i][0], &st[i][1]);
#line 185 "chapters/05-ablation.nw"
        printf("%3d/%-5g %-9s %7zu  %.4f +- %.4f  %6.2f +- %5.2f"
               "  %6.2f +- %5.2f %7.2f\n", sched[q].warmup,
               sched[q].floor, attention_name[kind[k]],
               runs[q][k][0].params, st[0][0], st[0][1], st[1][0],
               st[1][1], st[2][0], st[2][1], st[3][0]);
    }
#line 46 "chapters/05-ablation.nw"
    
#line 209 "chapters/05-ablation.nw"
if (table) 
#line 215 "chapters/05-ablation.nw"
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
            
#line 195 "chapters/05-ablation.nw"
double x[4][MAX_SEEDS];
for (int s = 0; s < seeds; s++) {
    const Run *r = &runs[q][k][s];
    x[0][s] = r->final.loss;
    x[1][s] = 100.0 * r->final.tokens_right / r->final.tokens;
    x[2][s] = 100.0 * r->final.sentences_right / r->final.sentences;
    x[3][s] = r->seconds;
}
for (int i = 0; i < 4; i++)
    mean_sd(x[i], seeds, &st[i][0], &st[i][1]);
#line 227 "chapters/05-ablation.nw"
            
#line 234 "chapters/05-ablation.nw"
if (n_sched > 1)
    fprintf(f, "%s%d/%g & ", k == 0 && q > 0 ? "\\addlinespace " : "",
            sched[q].warmup, sched[q].floor);
fprintf(f, "%s & %zu & $%.4f \\pm %.4f$ & $%.2f \\pm %.2f$"
        " & $%.2f \\pm %.2f$ & %.2f \\\\\n", attention_name[kind[k]],
        runs[q][k][0].params, st[0][0], st[0][1], st[1][0], st[1][1],
        st[2][0], st[2][1], st[3][0]);
#line 228 "chapters/05-ablation.nw"
        }
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
    fclose(f);
}
#line 210 "chapters/05-ablation.nw"
if (curves) 
#line 244 "chapters/05-ablation.nw"
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
#line 211 "chapters/05-ablation.nw"
if (summary) 
#line 266 "chapters/05-ablation.nw"
{
    FILE *f = fopen(summary, "w");
    if (!f) refuse("cannot write '%s'", summary);
    double loss[MAX_CONFIGS][2];
    for (int k = 0; k < n_conf; k++) {
        double x[MAX_SEEDS];
        for (int s = 0; s < seeds; s++)
            x[s] = runs[0][k][s].final.loss;
        mean_sd(x, seeds, &loss[k][0], &loss[k][1]);
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
#line 212 "chapters/05-ablation.nw"
if (summary && n_sched > 1) 
#line 294 "chapters/05-ablation.nw"
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
#line 47 "chapters/05-ablation.nw"
    dataset_free(&train_set);
    dataset_free(&val_set);
    return 0;
}
