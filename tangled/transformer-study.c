#line 2788 "chapters/A-programs.nw"
/* transformer-study: the Transformer's variants, heads and maps. */
#include "align.h"
#include "tmodel.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_VARIANTS = 8, MAX_STUDY_SEEDS = 10, MAX_STUDY_EPOCHS = 64,
       MAX_SHOWN = TMODEL_MAX_LAYERS * 16 + 1 };
#line 2817 "chapters/A-programs.nw"
typedef struct {
    const char *name, *label;
    int positional, scaled, heads, warmup;
} Variant;
static const Variant variant_table[] = {
    {"base", "as built", 1, 1, 0, 0},
    {"nopos", "no positional encoding", 0, 1, 0, 0},
    {"noscale", "no $1/\\sqrt{d_k}$ ($d_k = 16$)", 1, 0, 0, 0},
    {"onehead", "one head ($d_k = 64$)", 1, 1, 1, 0},
    {"onehead-noscale", "one head, no $1/\\sqrt{d_k}$", 1, 0, 1, 0},
    {"warmup", "1 epoch of warm-up", 1, 1, 0, 1},
};
enum { N_VARIANT_KINDS = sizeof variant_table
                         / sizeof *variant_table };

static const Variant *variant_from_name(const char *name)
{
    for (int k = 0; k < N_VARIANT_KINDS; k++)
        if (!strcmp(name, variant_table[k].name))
            return &variant_table[k];
    refuse("--variants: unknown variant '%s'; the known ones are"
           " base, nopos, noscale, onehead, onehead-noscale, warmup",
           name);
}
#line 2847 "chapters/A-programs.nw"
typedef struct {
    Eval final;
    double seconds;
    size_t params;
    int slots;                          /* L * NH + 1 */
    AlignScore align[MAX_SHOWN];
    double curve[MAX_STUDY_EPOCHS + 1][MAX_SHOWN];
    int track;
    Model *model;
    const Dataset *align_set;
} Run;
#line 2872 "chapters/A-programs.nw"
static void measure_heads(Run *run, int epoch, AlignScore *out)
{
    TModel *tm = run->model->tm;
    int L = tm->layers, NH = tm->NH;
    for (int i = 0; i <= L * NH; i++) {
        tm->shown_layer = i < L * NH ? i / NH : L - 1;
        tm->shown_head = i < L * NH ? i % NH : -1;
        AlignScore a = align_evaluate(run->model, run->align_set,
                                      run->model->max_B);
        run->curve[epoch][i] = align_accuracy(&a);
        if (out) out[i] = a;
    }
    tm->shown_layer = L - 1;
    tm->shown_head = -1;
    run->slots = L * NH + 1;
}

#line 2860 "chapters/A-programs.nw"
static void study_epoch(int epoch, double train_loss, const Eval *val,
                        double seconds, void *ctx)
{
    Run *run = ctx;
    (void)train_loss; (void)val;
    run->seconds += seconds;
    if (run->track) measure_heads(run, epoch, NULL);
}
#line 2890 "chapters/A-programs.nw"
static void mean_sd(const double *x, int n, double *mean, double *sd)
{
    double sum = 0, sq = 0;
    for (int i = 0; i < n; i++) sum += x[i];
    *mean = sum / n;
    for (int i = 0; i < n; i++) sq += (x[i] - *mean) * (x[i] - *mean);
    *sd = n > 1 ? sqrt(sq / (n - 1)) : 0;
}
#line 2992 "chapters/A-programs.nw"
/* statistic i of variant v over the seeds: 0 loss, 1 token acc,
   2 exact, 3 mean-head alignment, 4 best head, 5 seconds */
static void variant_stat(const Run *run /* [seeds] */, int seeds,
                         int i, double *mean, double *sd)
{
    double x[MAX_STUDY_SEEDS];
    for (int s = 0; s < seeds; s++) {
        const Run *r = &run[s];
        const Eval *e = &r->final;
        double best = 0;
        for (int k = 0; k + 1 < r->slots; k++)
            best = fmax(best, align_accuracy(&r->align[k]));
        double v[6] = { e->loss, 100.0 * e->tokens_right / e->tokens,
                        100.0 * e->sentences_right / e->sentences,
                        100 * align_accuracy(&r->align[r->slots - 1]),
                        100 * best, r->seconds };
        x[s] = v[i];
    }
    mean_sd(x, seeds, mean, sd);
}
#line 3091 "chapters/A-programs.nw"
static void write_map(const char *prefix, const char *tag,
                      const real *w /* [T, C] */, int T, int C,
                      const char *const *row /* [T] */,
                      const char *const *col /* [C] */, int gold)
{
    char name[300];
    snprintf(name, sizeof name, "%s-%s.dat", prefix, tag);
    FILE *f = out_open(name);
    for (int j = 0; j < T; j++)
        for (int c = 0; c < C; c++)
            fprintf(f, "%d %d %.4f\n", c, j, w[j * C + c]);
    out_close(f);
    snprintf(name, sizeof name, "%s-%s.gpi", prefix, tag);
    f = out_open(name);
    
#line 3112 "chapters/A-programs.nw"
fprintf(f, "set xtics (");
for (int c = 0; c < C; c++)
    fprintf(f, "%s\"%s\" %d", c ? ", " : "", col[c], c);
fprintf(f, ")\nset ytics (");
for (int j = 0; j < T; j++)
    fprintf(f, "%s\"%s\" %d", j ? ", " : "", row[j], j);
fprintf(f, ")\nset xrange [-0.5:%g]\nset yrange [%g:-0.5]\n",
        C - 0.5, T - 0.5);
for (int j = 0; j < gold; j++) {
    int g = gold_source_index(gold, j);
    fprintf(f, "set object %d rect from %g,%g to %g,%g front"
            " fillstyle empty border lc rgb '#d62728' lw 4\n",
            j + 1, g - 0.5, j - 0.5, g + 0.5, j + 0.5);
}
#line 3106 "chapters/A-programs.nw"
    out_close(f);
}

#line 2803 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "transformer-study";
    
#line 2900 "chapters/A-programs.nw"
DataConfig dc = data_config_default();
TrainConfig tc = train_config_default();
ModelConfig base = model_config_default();
base.attention = ATTN_TRANSFORMER;
const char *variants = "base,nopos,noscale,onehead,onehead-noscale,"
                       "warmup";
char *table = NULL, *heads_table = NULL, *curves = NULL;
char *heatmaps = NULL, *summary = NULL;
int seeds = 3;
Option options[] = {
    {"--variants", OPT_TEXT, &variants, 0, 0, "variants, a list"},
    {"--seeds", OPT_INT, &seeds, 1, MAX_STUDY_SEEDS, "seeds 1..N"},
    {"--epochs", OPT_INT, &tc.epochs, 1, MAX_STUDY_EPOCHS, "epochs"},
    {"--hidden", OPT_INT, &base.H, 2, 4096, "model width D"},
    {"--lr", OPT_REAL, &tc.lr, 1e-6, 1, "peak learning rate"},
    {"--table", OPT_TEXT, &table, 0, 0, "file: the variants"},
    {"--heads-table", OPT_TEXT, &heads_table, 0, 0, "file: heads"},
    {"--head-curves", OPT_TEXT, &curves, 0, 0, "file: per epoch"},
    {"--heatmaps", OPT_TEXT, &heatmaps, 0, 0, "prefix: heatmaps"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "prefix: sentences"},
    TRANSFORMER_OPTIONS(base),
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "train the Transformer's variants; measure its heads");
refuse_bad_transformer(&base);
#line 2929 "chapters/A-programs.nw"
const Variant *var[MAX_VARIANTS];
char var_buf[128], *var_name[MAX_VARIANTS];
int n_var = split_list(var_buf, sizeof var_buf, "--variants",
                       variants, var_name, MAX_VARIANTS);
for (int v = 0; v < n_var; v++) {
    var[v] = variant_from_name(var_name[v]);
    ModelConfig mc = base;
    if (var[v]->heads) mc.heads = var[v]->heads;
    refuse_bad_transformer(&mc);
}
#line 2942 "chapters/A-programs.nw"
Dataset train_set, val_set, align_set;
datasets_make(&train_set, &val_set, &dc);
Rng align_rng;
rng_seed(&align_rng, 1000);
dataset_generate(&align_set, 300, dc.min_words, dc.max_words,
                 &align_rng);
#line 2807 "chapters/A-programs.nw"
    
#line 2950 "chapters/A-programs.nw"
static Run runs[MAX_VARIANTS][MAX_STUDY_SEEDS];
for (int v = 0; v < n_var; v++)
    for (int s = 0; s < seeds; s++) {
        ModelConfig mc = base;
        mc.positional = var[v]->positional;
        mc.scaled = var[v]->scaled;
        if (var[v]->heads) mc.heads = var[v]->heads;
        TrainConfig t = tc;
        t.seed = (uint64_t)(s + 1);
        t.warmup_epochs = var[v]->warmup;
        Run *run = &runs[v][s];
        
#line 2965 "chapters/A-programs.nw"
Model *m = model_create(&mc, t.batch_size, train_set.L, t.seed);
run->params = m->params.count;
run->model = m;
run->align_set = &align_set;
run->track = v == 0;
if (run->track) measure_heads(run, 0, NULL);
train_model(m, &train_set, &val_set, &t, study_epoch, run);
run->final = evaluate(m, &val_set, t.batch_size);
measure_heads(run, tc.epochs, run->align);
if (heatmaps && v == 0 && s == 0)
    
#line 3132 "chapters/A-programs.nw"
{
    TModel *tm = m->tm;
    int row_id = 0;
    while (row_id < align_set.n - 1
           && align_set.src_len[row_id] != align_set.L) row_id++;
    Batch batch;
    batch_alloc(&batch, 1, align_set.L);
    batch_fill(&batch, &align_set, &row_id, 1);
    int T = batch.T - 1, S = batch.S, words = batch.src_len[0] - 2;
    
#line 3156 "chapters/A-programs.nw"
Vocab en, es;
vocab_build(&en, ENGLISH);
vocab_build(&es, SPANISH);
const char *src_words[MAX_WORDS + 2], *out_words[MAX_WORDS + 2];
const char *in_words[MAX_WORDS + 2];
for (int s = 0; s < S; s++) src_words[s] = en.word[batch.src[s]];
for (int j = 0; j < T; j++) {
    out_words[j] = es.word[batch.tgt[j + 1]];
    in_words[j] = es.word[batch.tgt[j]];
}
#line 3142 "chapters/A-programs.nw"
    for (int h = 0; h < tm->NH; h++) {
        char tag[32];
        snprintf(tag, sizeof tag, "head%d", h + 1);
        tm->shown_head = h;
        model_forward(m, &batch);
        write_map(heatmaps, tag, m->attn.weights, T, S, out_words,
                  src_words, words);
    }
    tm->shown_head = -1;
    
#line 3169 "chapters/A-programs.nw"
real *self = xcalloc((size_t)T * T, sizeof(real));
const real *all = tm->dec_c[tm->layers - 1].self.weights;
for (int h = 0; h < tm->NH; h++)
    for (int i = 0; i < T * T; i++)
        self[i] += all[(size_t)h * T * T + i] / tm->NH;
write_map(heatmaps, "self", self, T, T, out_words, in_words, 0);
free(self);
#line 3152 "chapters/A-programs.nw"
    batch_free(&batch);
}
#line 2976 "chapters/A-programs.nw"
fprintf(stderr, "transformer-study: %s seed %d: val loss %.4f,"
        " %.1f s\n", var[v]->name, s + 1, run->final.loss,
        run->seconds);
model_free(m);
#line 2962 "chapters/A-programs.nw"
    }
#line 2808 "chapters/A-programs.nw"
    
#line 2986 "chapters/A-programs.nw"
if (table) 
#line 3014 "chapters/A-programs.nw"
{
    FILE *f = out_open(table);
    fprintf(f, "\\begin{tabular}{lrrrrrr}\n\\toprule\n & val loss"
            " & token & exact & \\multicolumn{2}{c}{alignment} &"
            " seconds \\\\\nvariant & & (\\%%) & (\\%%) & mean"
            " (\\%%) & best (\\%%) & \\\\\n\\midrule\n");
    for (int v = 0; v < n_var; v++) {
        fprintf(f, "%s", var[v]->label);
        for (int i = 0; i < 6; i++) {
            double mean, sd;
            variant_stat(runs[v], seeds, i, &mean, &sd);
            fprintf(f, i ? " & $%.1f \\pm %.1f$" :
                    " & $%.4f \\pm %.4f$", mean, sd);
        }
        fprintf(f, " \\\\\n");
    }
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
    out_close(f);
}
#line 2987 "chapters/A-programs.nw"
if (heads_table) 
#line 3036 "chapters/A-programs.nw"
{
    FILE *f = out_open(heads_table);
    int NH = base.heads;
    fprintf(f, "\\begin{tabular}{lrr}\n\\toprule\ncross attention &"
            " alignment acc.\\ (\\%%) & gold weight \\\\\n"
            "\\midrule\n");
    for (int i = 0; i < runs[0][0].slots; i++) {
        
#line 3052 "chapters/A-programs.nw"
double acc[MAX_STUDY_SEEDS], gw[MAX_STUDY_SEEDS], st[2][2];
for (int s = 0; s < seeds; s++) {
    acc[s] = 100 * align_accuracy(&runs[0][s].align[i]);
    gw[s] = align_gold_weight(&runs[0][s].align[i]);
}
mean_sd(acc, seeds, &st[0][0], &st[0][1]);
mean_sd(gw, seeds, &st[1][0], &st[1][1]);
if (i + 1 < runs[0][0].slots)
    fprintf(f, "layer %d, head %d", i / NH + 1, i % NH + 1);
else
    fprintf(f, "\\addlinespace mean of the heads, layer %d",
            base.layers);
fprintf(f, " & $%.1f \\pm %.1f$ & $%.3f \\pm %.3f$ \\\\\n", st[0][0],
        st[0][1], st[1][0], st[1][1]);
#line 3044 "chapters/A-programs.nw"
    }
    fprintf(f, "\\midrule\nchance & %.1f & \\\\\n\\bottomrule\n"
            "\\end{tabular}\n",
            100 * align_chance(dc.min_words, dc.max_words));
    out_close(f);
}
#line 2988 "chapters/A-programs.nw"
if (curves) 
#line 3069 "chapters/A-programs.nw"
{
    FILE *f = out_open(curves);
    int slots = runs[0][0].slots;
    fprintf(f, "# epoch, then the alignment accuracy (%%) of each"
            " layer's heads and of the mean of the last layer's\n");
    for (int e = 0; e <= tc.epochs; e++) {
        fprintf(f, "%d", e);
        for (int i = 0; i < slots; i++) {
            double sum = 0;
            for (int s = 0; s < seeds; s++)
                sum += runs[0][s].curve[e][i];
            fprintf(f, " %.2f", 100 * sum / seeds);
        }
        fprintf(f, "\n");
    }
    out_close(f);
}
#line 2989 "chapters/A-programs.nw"
if (summary) 
#line 3184 "chapters/A-programs.nw"
{
    
#line 3194 "chapters/A-programs.nw"
char name[300];
snprintf(name, sizeof name, "%s-params.tex", summary);
FILE *f = out_open(name);
fprintf(f, "The Transformer as built has %zu parameters", runs[0][0]
        .params);
for (int kind = ATTN_DOT; kind <= ATTN_ADDITIVE; kind++) {
    ModelConfig lstm = model_config_default();
    lstm.attention = kind;
    Model *m = model_create(&lstm, 1, train_set.L, 1);
    fprintf(f, "%sthe LSTM model with %s attention %zu",
            kind == ATTN_DOT ? "; " : kind == ATTN_ADDITIVE ? " and "
            : ", ", attention_name[kind], m->params.count);
    model_free(m);
}
fprintf(f, ".\n");
out_close(f);
#line 3186 "chapters/A-programs.nw"
    
#line 3213 "chapters/A-programs.nw"
int slots = runs[0][0].slots, best = 0;
double acc[MAX_SHOWN];
for (int i = 0; i < slots; i++) {
    acc[i] = 0;
    for (int s = 0; s < seeds; s++)
        acc[i] += runs[0][s].curve[tc.epochs][i] / seeds;
    if (i + 1 < slots && acc[i] > acc[best]) best = i;
}
int reached = -1;
for (int e = 0; e <= tc.epochs && reached < 0; e++) {
    double a = 0;
    for (int s = 0; s < seeds; s++) a += runs[0][s].curve[e][best];
    if (a / seeds >= 0.9) reached = e;
}
#line 3230 "chapters/A-programs.nw"
snprintf(name, sizeof name, "%s-heads.tex", summary);
f = out_open(name);
fprintf(f, "The best head is head %d of layer %d: its peak lands on"
        " the gold source word in %.1f\\%% of the rows (mean of %d"
        " seeds), against %.1f\\%% for the mean of the layer's heads"
        " and a chance level of %.1f\\%%. ", best % base.heads + 1,
        best / base.heads + 1, 100 * acc[best], seeds,
        100 * acc[slots - 1],
        100 * align_chance(dc.min_words, dc.max_words));
if (reached < 0)
    fprintf(f, "It never reaches 90\\%% in %d epochs.\n", tc.epochs);
else
    fprintf(f, "It first reaches 90\\%% after epoch %d.\n", reached);
out_close(f);
#line 3187 "chapters/A-programs.nw"
    
#line 3251 "chapters/A-programs.nw"
double right = 0, tokens = 0, exact = 0, rows = 0;
for (int i = 0; i < val_set.n; i++) {
    int n = val_set.src_len[i] - 2;
    double n_fact = 1;
    for (int k = 2; k <= n; k++) n_fact *= k;
    right += 2; tokens += n + 1; exact += 1 / n_fact; rows += n;
}
snprintf(name, sizeof name, "%s-blind.tex", summary);
f = out_open(name);
fprintf(f, "%.1f\\%% of the tokens, %.1f\\%% of the sentences and"
        " %.1f\\%% of the alignment rows%%\n", 100 * right / tokens,
        100 * exact / val_set.n, 100 * val_set.n / rows);
out_close(f);
#line 3188 "chapters/A-programs.nw"
    for (int v = 1; v < n_var; v++) {
        
#line 3270 "chapters/A-programs.nw"
double st[6][2], d[6][2];
for (int i = 0; i < 6; i++) {
    double diff[MAX_STUDY_SEEDS];
    variant_stat(runs[v], seeds, i, &st[i][0], &st[i][1]);
    for (int s = 0; s < seeds; s++) {
        double a, b, unused;
        variant_stat(&runs[v][s], 1, i, &a, &unused);
        variant_stat(&runs[0][s], 1, i, &b, &unused);
        diff[s] = a - b;
    }
    mean_sd(diff, seeds, &d[i][0], &d[i][1]);
}
#line 3285 "chapters/A-programs.nw"
snprintf(name, sizeof name, "%s-%s.tex", summary, var[v]->name);
f = out_open(name);
fprintf(f, "a validation loss of $%.4f \\pm %.4f$ (%+.4f against"
        " the model as built, paired over %d seeds, spread %.4f),"
        " %.1f\\%% of the tokens and %.1f\\%% of the sentences"
        " right, and a best head whose peak is on gold in %.1f\\%%"
        " of the rows (%+.1f points); the loss differs from the"
        " model as built by %s", st[0][0], st[0][1], d[0][0], seeds,
        d[0][1], st[1][0], st[2][0], st[4][0], d[4][0],
        fabs(d[0][0]) > 2 * d[0][1] / sqrt(seeds)
        ? "more than twice its standard error%\n"
        : "less than twice its standard error: the seeds cannot"
          " tell the two apart%\n");
out_close(f);
#line 3190 "chapters/A-programs.nw"
    }
}
#line 2809 "chapters/A-programs.nw"
    dataset_free(&train_set);
    dataset_free(&val_set);
    dataset_free(&align_set);
    return 0;
}
