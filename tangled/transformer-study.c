#line 4935 "chapters/A-programs.nw"
/* transformer-study: the Transformer's variants, heads and maps. */
#include "align.h"
#include "families.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_VARIANTS = 12, MAX_SEEDS = 10, MAX_STUDY_EPOCHS = 64,
       MAX_SHOWN = TMODEL_MAX_LAYERS * 16 + 1, MAX_MAPS = 16 };
#line 4977 "chapters/A-programs.nw"
typedef struct {
    const char *name, *label;
    int positional, scaled, heads, head_width, post_norm;
    int warmup, inverse_sqrt;
    const char *against;            /* NULL: the first variant only */
} Variant;
static const Variant variant_table[] = {
    {"base", "as built", 1, 1, 0, 0, 0, 0, 0, NULL},
    {"nopos", "no positional encoding", 0, 1, 0, 0, 0, 0, 0, NULL},
    {"noscale", "no $1/\\sqrt{d_k}$ ($d_k = 16$)", 1, 0, 0, 0, 0, 0,
     0, NULL},
    {"onehead", "one head ($d_k = 64$)", 1, 1, 1, 0, 0, 0, 0, NULL},
    {"onehead-noscale", "one head, no $1/\\sqrt{d_k}$", 1, 0, 1, 0, 0,
     0, 0, "onehead"},
    {"wideheads", "four heads of $d_k = 64$", 1, 1, 0, 64, 0, 0, 0,
     "onehead"},
    {"wideheads-noscale", "four heads of 64, no $1/\\sqrt{d_k}$", 1,
     0, 0, 64, 0, 0, 0, "wideheads"},
    {"warmup", "1 epoch of warm-up", 1, 1, 0, 0, 0, 1, 0, NULL},
    {"paper", "warm-up, then $1/\\sqrt{s}$", 1, 1, 0, 0, 0, 1, 1,
     "warmup"},
    {"postnorm", "post-norm", 1, 1, 0, 0, 1, 0, 0, NULL},
    {"postnorm-warmup", "post-norm, 1 epoch of warm-up", 1, 1, 0, 0,
     1, 1, 0, "postnorm"},
};
enum { N_VARIANT_KINDS = sizeof variant_table
                         / sizeof *variant_table };

static const Variant *variant_from_name(const char *name)
{
    for (int k = 0; k < N_VARIANT_KINDS; k++)
        if (!strcmp(name, variant_table[k].name))
            return &variant_table[k];
    refuse("--variants: unknown variant '%s'; the known ones are"
           " base, nopos, noscale, onehead, onehead-noscale,"
           " wideheads, wideheads-noscale, warmup, paper, postnorm,"
           " postnorm-warmup", shown(name));
}
#line 5204 "chapters/A-programs.nw"
static char *study_name(const char *prefix, const char *tag,
                        const char *ext)
{
    char *dash = out_name(prefix, "-"), *tagged = out_name(dash, tag);
    char *name = out_name(tagged, ext);
    free(dash);
    free(tagged);
    return name;
}

static void map_tag(char *tag, size_t size, int h)
{
    if (h == 0) snprintf(tag, size, "self");
    else snprintf(tag, size, "head%d", h);
}
#line 5024 "chapters/A-programs.nw"
typedef struct {
    Eval final;
    double val[MAX_STUDY_EPOCHS + 1];   /* [epoch], from 1 */
    double seconds;
    size_t params;
    int slots;                          /* L * NH + 1 */
    AlignScore align[MAX_SHOWN], pick[MAX_SHOWN];
    double curve[MAX_STUDY_EPOCHS + 1][MAX_SHOWN];
    int track;
    Model *model;
    const Dataset *align_set, *pick_set;
} Run;
#line 5054 "chapters/A-programs.nw"
static void measure_heads(Run *run, const Dataset *set,
                          double *curve /* [slots] */,
                          AlignScore *out /* [slots] */)
{
    TModel *tm = tmodel_of(run->model);
    int L = tm->layers, NH = tm->NH;
    for (int i = 0; i <= L * NH; i++) {
        transformer_family.show(run->model, i < L * NH ? i / NH : -1,
                                i < L * NH ? i % NH : -1);
        AlignScore a = align_evaluate(run->model, set,
                                      run->model->max_B);
        if (curve) curve[i] = align_accuracy(&a);
        if (out) out[i] = a;
    }
    transformer_family.show(run->model, -1, -1);
    run->slots = L * NH + 1;
}
#line 5082 "chapters/A-programs.nw"
static const char *rank_name(int rank, int NH)
{
    static char name[32];
    if (rank == 0) return "best head";
    if (rank == NH - 1) return "worst head";
    snprintf(name, sizeof name, "head ranked %d", rank + 1);
    return name;
}

static int ranked_slot(const Run *run, int layer, int rank, int NH)
{
    int order[MAX_SHOWN];
    for (int h = 0; h < NH; h++) order[h] = layer * NH + h;
    for (int a = 0; a < NH; a++)            /* best first */
        for (int b = a + 1; b < NH; b++)
            if (align_accuracy(&run->pick[order[b]])
                > align_accuracy(&run->pick[order[a]])) {
                int t = order[a]; order[a] = order[b]; order[b] = t;
            }
    return order[rank];
}

#line 5038 "chapters/A-programs.nw"
static void study_epoch(int epoch, double train_loss, double val_loss,
                        double seconds, void *ctx)
{
    Run *run = ctx;
    (void)train_loss;
    run->val[epoch] = val_loss;
    run->seconds += seconds;
    if (run->track)
        measure_heads(run, run->align_set, run->curve[epoch], NULL);
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
#line 5287 "chapters/A-programs.nw"
/* statistic i of variant v over the seeds: 0 loss, 1 token acc,
   2 exact, 3 mean-head alignment, 4 best head (picked on the
   picking set, scored on the alignment set) */
static void variant_stat(const Run *run /* [seeds] */, int seeds,
                         int i, double *mean, double *sd)
{
    double x[MAX_SEEDS];
    for (int s = 0; s < seeds; s++) {
        const Run *r = &run[s];
        const Eval *e = &r->final;
        int best = 0;
        for (int k = 1; k + 1 < r->slots; k++)
            if (align_accuracy(&r->pick[k])
                > align_accuracy(&r->pick[best])) best = k;
        double v[5] = { e->loss, 100.0 * e->tokens_right / e->tokens,
                        100.0 * e->sentences_right / e->sentences,
                        100 * align_accuracy(&r->align[r->slots - 1]),
                        100 * align_accuracy(&r->align[best]) };
        x[s] = v[i];
    }
    mean_sd(x, seeds, mean, sd);
}
#line 5334 "chapters/A-programs.nw"
#define SPIKE 0.01
static int spikes(const Run *run /* [seeds] */, int seeds, int epochs,
                  double *largest, int *at_seed, int *at_epoch)
{
    int count = 0;
    *largest = -INFINITY;
    *at_seed = *at_epoch = 0;
    for (int s = 0; s < seeds; s++)
        for (int e = 2; e <= epochs; e++) {
            double rise = run[s].val[e] - run[s].val[e - 1];
            count += rise > SPIKE;
            if (rise > *largest) {
                *largest = rise;
                *at_seed = s + 1;
                *at_epoch = e;
            }
        }
    return count;
}
#line 5731 "chapters/A-programs.nw"
static void compare_variants(FILE *f, Run runs[][MAX_SEEDS],
                             const Variant *const *var, int v, int w,
                             int seeds)
{
    double loss_v[MAX_SEEDS], loss_w[MAX_SEEDS];
    for (int s = 0; s < seeds; s++) {
        loss_v[s] = runs[v][s].final.loss;
        loss_w[s] = runs[w][s].final.loss;
    }
    tests_row(f, var[v]->label, var[w]->label, loss_v, loss_w, seeds);
}
#line 5485 "chapters/A-programs.nw"
static void write_map(const char *prefix, const char *tag,
                      const real *w /* [T, C] */, int T, int C,
                      const char *const *row /* [T] */,
                      const char *const *col /* [C] */,
                      const Link *gold, int n_gold)
{
    char *dat = study_name(prefix, tag, ".dat");
    char *gpi = study_name(prefix, tag, ".gpi");
    heatmap_files(dat, gpi, w, T, C, row, col, gold, n_gold);
    free(dat);
    free(gpi);
}

#line 4951 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "transformer-study";
    
#line 5110 "chapters/A-programs.nw"
DataConfig dc = data_config_default();
TrainConfig tc = train_config_default();
ModelConfig base = model_config_default();
base.family = &transformer_family;
const char *variants = "base,nopos,noscale,onehead,onehead-noscale,"
                       "wideheads,warmup,paper,postnorm,"
                       "postnorm-warmup";
char *table = NULL, *seeds_table = NULL, *heads_table = NULL;
char *curves = NULL, *val_curves = NULL;
char *heatmaps = NULL, *summary = NULL, *tests = NULL;
int seeds = 3;
Option options[] = {
    {"--variants", OPT_TEXT, &variants, 0, 0, "variants, a list"},
    {"--seeds", OPT_INT, &seeds, 1, MAX_SEEDS, "seeds 1..N"},
    {"--epochs", OPT_INT, &tc.epochs, 1, MAX_STUDY_EPOCHS, "epochs"},
    {"--hidden", OPT_INT, &base.H, 2, 4096, "model width D"},
    {"--lr", OPT_REAL, &tc.lr, 1e-6, 1, "peak learning rate"},
    {"--table", OPT_TEXT, &table, 0, 0, "file: the variants"},
    {"--seeds-table", OPT_TEXT, &seeds_table, 0, 0,
     "file: every seed's loss"},
    {"--val-curves", OPT_TEXT, &val_curves, 0, 0,
     "file: every seed's loss per epoch"},
    {"--heads-table", OPT_TEXT, &heads_table, 0, 0, "file: heads"},
    {"--head-curves", OPT_TEXT, &curves, 0, 0, "file: per epoch"},
    {"--heatmaps", OPT_TEXT, &heatmaps, 0, 0, "prefix: heatmaps"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "prefix: sentences"},
    {"--tests", OPT_TEXT, &tests, 0, 0, "file: the paired tests"},
    TRANSFORMER_OPTIONS(base),
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "train the Transformer's variants; measure its heads");
refuse_bad_transformer(&base);
#line 5147 "chapters/A-programs.nw"
const Variant *var[MAX_VARIANTS];
char var_buf[256], *var_name[MAX_VARIANTS];
int n_var = split_list(var_buf, sizeof var_buf, "--variants",
                       variants, var_name, MAX_VARIANTS);
for (int v = 0; v < n_var; v++) {
    var[v] = variant_from_name(var_name[v]);
    ModelConfig mc = base;
    if (var[v]->heads) mc.heads = var[v]->heads;
    if (var[v]->head_width) mc.head_width = var[v]->head_width;
    refuse_bad_transformer(&mc);
    if (mc.layers * mc.heads >= MAX_SHOWN)
        refuse("--layers, --heads: %d heads of cross attention; the"
               " study measures at most %d", mc.layers * mc.heads,
               MAX_SHOWN - 1);
    TrainConfig t = tc;
    t.warmup_epochs = var[v]->warmup;
    t.inverse_sqrt = var[v]->inverse_sqrt;
    const char *why = train_config_check(&t);
    if (why) refuse("--variants %s: %s", var[v]->name, why);
}
#line 5177 "chapters/A-programs.nw"
if (table) out_plan("--table", table);
if (seeds_table) out_plan("--seeds-table", seeds_table);
if (val_curves) out_plan("--val-curves", val_curves);
if (heads_table) out_plan("--heads-table", heads_table);
if (tests) out_plan("--tests", tests);
if (curves) out_plan("--head-curves", curves);
int map_heads = var[0]->heads ? var[0]->heads : base.heads;
if (heatmaps && map_heads > MAX_MAPS)
    refuse("--heatmaps: a map for each of %d heads; at most %d"
           " heads are drawn", map_heads, MAX_MAPS);
for (int h = 0; heatmaps && h <= map_heads; h++) {
    char tag[32];
    map_tag(tag, sizeof tag, h);
    out_plan("--heatmaps", study_name(heatmaps, tag, ".dat"));
    out_plan("--heatmaps", study_name(heatmaps, tag, ".gpi"));
}
static const char *const sentence_tag[] = {"params", "heads",
                                           "blind", "spikes"};
for (int k = 0; summary && k < 4; k++)
    out_plan("--summary",
             study_name(summary, sentence_tag[k], ".tex"));
for (int v = 1; summary && v < n_var; v++)
    out_plan("--summary", study_name(summary, var[v]->name, ".tex"));
#line 5224 "chapters/A-programs.nw"
Dataset train_set, val_set, align_set, pick_set;
datasets_make(&train_set, &val_set, &dc);
Rng align_rng, pick_rng;
rng_seed(&align_rng, 1000);
dataset_generate(&align_set, dc.task, 300, dc.min_words,
                 dc.max_words, &align_rng);
rng_seed(&pick_rng, 1001);
dataset_generate(&pick_set, dc.task, 300, dc.min_words,
                 dc.max_words, &pick_rng);
#line 4955 "chapters/A-programs.nw"
    
#line 5237 "chapters/A-programs.nw"
static Run runs[MAX_VARIANTS][MAX_SEEDS];
for (int v = 0; v < n_var; v++)
    for (int s = 0; s < seeds; s++) {
        ModelConfig mc = base;
        mc.positional = var[v]->positional;
        mc.scaled = var[v]->scaled;
        mc.post_norm = var[v]->post_norm;
        if (var[v]->heads) mc.heads = var[v]->heads;
        if (var[v]->head_width) mc.head_width = var[v]->head_width;
        TrainConfig t = tc;
        t.seed = (uint64_t)(s + 1);
        t.warmup_epochs = var[v]->warmup;
        t.inverse_sqrt = var[v]->inverse_sqrt;
        Run *run = &runs[v][s];
        
#line 5255 "chapters/A-programs.nw"
Model *m = model_create(&mc, t.batch_size, train_set.L, t.seed);
run->params = m->params.count;
run->model = m;
run->align_set = &align_set;
run->pick_set = &pick_set;
run->track = v == 0;
if (run->track) measure_heads(run, &align_set, run->curve[0], NULL);
train_model(m, &train_set, &val_set, &t, study_epoch, run);
run->final = evaluate(m, &val_set, t.batch_size);
measure_heads(run, &align_set, run->curve[tc.epochs], run->align);
measure_heads(run, &pick_set, NULL, run->pick);
if (heatmaps && v == 0 && s == 0)
    
#line 5504 "chapters/A-programs.nw"
{
    TModel *tm = tmodel_of(m);
    int row_id = 0;
    while (row_id < align_set.n - 1
           && align_set.src_len[row_id] != align_set.L) row_id++;
    Batch batch;
    batch_alloc(&batch, 1, align_set.L);
    batch_fill(&batch, &align_set, &row_id, 1);
    int T = batch.T - 1, S = batch.S, n_links;
    const Link *links = pair_links(&align_set, row_id, &n_links);
    
#line 5529 "chapters/A-programs.nw"
Vocab en, es;
vocab_build(&en, dc.task, SOURCE);
vocab_build(&es, dc.task, TARGET);
const char *src_words[MAX_WORDS + 2], *out_words[MAX_WORDS + 2];
const char *in_words[MAX_WORDS + 2];
for (int s = 0; s < S; s++) src_words[s] = en.word[batch.src[s]];
for (int j = 0; j < T; j++) {
    out_words[j] = es.word[batch.tgt[j + 1]];
    in_words[j] = es.word[batch.tgt[j]];
}
#line 5515 "chapters/A-programs.nw"
    for (int h = 0; h < tm->NH; h++) {
        char tag[32];
        map_tag(tag, sizeof tag, h + 1);
        transformer_family.show(m, -1, h);
        model_forward(m, &batch);
        write_map(heatmaps, tag, m->weights, T, S, out_words,
                  src_words, links, n_links);
    }
    transformer_family.show(m, -1, -1);
    
#line 5542 "chapters/A-programs.nw"
real *self = xcalloc((size_t)T * T, sizeof(real));
const real *all = tm->dec_c[tm->layers - 1].self.weights;
for (int h = 0; h < tm->NH; h++)
    for (int i = 0; i < T * T; i++)
        self[i] += all[(size_t)h * T * T + i] / tm->NH;
write_map(heatmaps, "self", self, T, T, out_words, in_words, NULL,
          0);
free(self);
#line 5525 "chapters/A-programs.nw"
    batch_free(&batch);
}
#line 5268 "chapters/A-programs.nw"
fprintf(stderr, "transformer-study: %s seed %d: val loss %.4f,"
        " %.1f s\n", var[v]->name, s + 1, run->final.loss,
        run->seconds);
model_free(m);
#line 5252 "chapters/A-programs.nw"
    }
#line 4956 "chapters/A-programs.nw"
    
#line 5278 "chapters/A-programs.nw"
if (table) 
#line 5311 "chapters/A-programs.nw"
{
    FILE *f = out_open(table);
    fprintf(f, "\\begin{tabular}{lrrrrr}\n\\toprule\n & val loss"
            " & token & exact & \\multicolumn{2}{c}{alignment}"
            " \\\\\nvariant & & (\\%%) & (\\%%) & mean"
            " (\\%%) & best (\\%%) \\\\\n\\midrule\n");
    for (int v = 0; v < n_var; v++) {
        fprintf(f, "%s", var[v]->label);
        for (int i = 0; i < 5; i++) {
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
#line 5279 "chapters/A-programs.nw"
if (seeds_table) 
#line 5359 "chapters/A-programs.nw"
{
    FILE *f = out_open(seeds_table);
    fprintf(f, "\\begin{tabular}{l*{%d}{r}rr}\n\\toprule\n"
            " & \\multicolumn{%d}{c}{validation loss, seed} &"
            " & largest rise \\\\\n\\cmidrule(lr){2-%d}\nvariant",
            seeds, seeds, seeds + 1);
    for (int s = 0; s < seeds; s++) fprintf(f, " & %d", s + 1);
    fprintf(f, " & spikes & (seed, epoch) \\\\\n\\midrule\n");
    for (int v = 0; v < n_var; v++) {
        double rise;
        int rise_seed, rise_epoch;
        int n = spikes(runs[v], seeds, tc.epochs, &rise, &rise_seed,
                       &rise_epoch);
        fprintf(f, "%s", var[v]->label);
        for (int s = 0; s < seeds; s++)
            fprintf(f, " & %.4f", runs[v][s].final.loss);
        if (tc.epochs < 2) fprintf(f, " & -- & --");
        else fprintf(f, " & %d & $%+.4f$ (%d, %d)", n, rise,
                     rise_seed, rise_epoch);
        fprintf(f, " \\\\\n");
    }
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
    out_close(f);
}
#line 5280 "chapters/A-programs.nw"
if (val_curves) 
#line 5387 "chapters/A-programs.nw"
{
    FILE *f = out_open(val_curves);
    fprintf(f, "# epoch, then the validation loss of every seed of");
    for (int v = 0; v < n_var; v++) fprintf(f, " %s", var[v]->name);
    fprintf(f, " (%d seeds each)\n", seeds);
    for (int e = 1; e <= tc.epochs; e++) {
        fprintf(f, "%d", e);
        for (int v = 0; v < n_var; v++)
            for (int s = 0; s < seeds; s++)
                fprintf(f, " %.5f", runs[v][s].val[e]);
        fprintf(f, "\n");
    }
    out_close(f);
}
#line 5281 "chapters/A-programs.nw"
if (heads_table) 
#line 5405 "chapters/A-programs.nw"
{
    FILE *f = out_open(heads_table);
    int NH = base.heads, slots = runs[0][0].slots;
    fprintf(f, "\\begin{tabular}{lrrr}\n\\toprule\ncross attention &"
            " alignment acc.\\ (\\%%) & gold weight & entropy"
            " (nats) \\\\\n\\midrule\n");
    for (int i = 0; i < slots; i++) {
        
#line 5433 "chapters/A-programs.nw"
double acc[MAX_SEEDS], gw[MAX_SEEDS], ent[MAX_SEEDS], st[3][2];
int last = i + 1 == slots;
for (int s = 0; s < seeds; s++) {
    int k = last ? i : ranked_slot(&runs[0][s], i / NH, i % NH, NH);
    acc[s] = 100 * align_accuracy(&runs[0][s].align[k]);
    gw[s] = align_gold_weight(&runs[0][s].align[k]);
    ent[s] = align_entropy(&runs[0][s].align[k]);
}
mean_sd(acc, seeds, &st[0][0], &st[0][1]);
mean_sd(gw, seeds, &st[1][0], &st[1][1]);
mean_sd(ent, seeds, &st[2][0], &st[2][1]);
if (!last)
    fprintf(f, "layer %d, %s", i / NH + 1, rank_name(i % NH, NH));
else
    fprintf(f, "\\addlinespace mean of the heads, layer %d",
            base.layers);
fprintf(f, " & $%.1f \\pm %.1f$ & $%.3f \\pm %.3f$ & $%.3f \\pm %.3f$"
        " \\\\\n", st[0][0], st[0][1], st[1][0], st[1][1], st[2][0],
        st[2][1]);
#line 5413 "chapters/A-programs.nw"
    }
    
#line 5425 "chapters/A-programs.nw"
for (int h = 0; h < NH; h++) {
    const AlignScore *a = &runs[0][0].align[slots - 1 - NH + h];
    fprintf(f, "%sseed 1, head %d & %.1f & %.3f & %.3f \\\\\n",
            h ? "" : "\\midrule\n", h + 1, 100 * align_accuracy(a),
            align_gold_weight(a), align_entropy(a));
}
#line 5415 "chapters/A-programs.nw"
    double chance = align_chance(dc.min_words, dc.max_words);
    fprintf(f, "\\midrule\nchance, even weights & %.2f & %.3f & %.3f"
            " \\\\\n\\bottomrule\n\\end{tabular}\n", 100 * chance,
            chance, align_max_entropy(&runs[0][0].align[slots - 1]));
    out_close(f);
}
#line 5282 "chapters/A-programs.nw"
if (curves) 
#line 5456 "chapters/A-programs.nw"
{
    FILE *f = out_open(curves);
    int slots = runs[0][0].slots, NH = base.heads;
    fprintf(f, "# epoch, then the alignment accuracy (%%) of each"
            " layer's heads, best to worst in each seed, and of the"
            " mean of the last layer's; then that mean in each"
            " seed\n");
    for (int e = 0; e <= tc.epochs; e++) {
        fprintf(f, "%d", e);
        for (int i = 0; i < slots; i++) {
            double sum = 0;
            for (int s = 0; s < seeds; s++) {
                const Run *r = &runs[0][s];
                int k = i + 1 == slots ? i
                        : ranked_slot(r, i / NH, i % NH, NH);
                sum += r->curve[e][k];
            }
            fprintf(f, " %.2f", 100 * sum / seeds);
        }
        for (int s = 0; s < seeds; s++)
            fprintf(f, " %.2f", 100 * runs[0][s].curve[e][slots - 1]);
        fprintf(f, "\n");
    }
    out_close(f);
}
#line 5283 "chapters/A-programs.nw"
if (summary) 
#line 5558 "chapters/A-programs.nw"
{
    
#line 5569 "chapters/A-programs.nw"
char *name = study_name(summary, "params", ".tex");
FILE *f = out_open(name);
fprintf(f, "The Transformer as built has %zu parameters", runs[0][0]
        .params);
for (int kind = ATTN_DOT; kind <= ATTN_ADDITIVE; kind++) {
    ModelConfig lstm = model_config_default();
    kind_config(&lstm, kind);
    Model *m = model_create(&lstm, 1, train_set.L, 1);
    fprintf(f, "%sthe LSTM model with %s attention %zu",
            kind == ATTN_DOT ? "; " : kind == ATTN_ADDITIVE ? " and "
            : ", ", kind_name(kind), m->params.count);
    model_free(m);
}
fprintf(f, ".\n");
out_close(f);
free(name);
#line 5560 "chapters/A-programs.nw"
    
#line 5591 "chapters/A-programs.nw"
int slots = runs[0][0].slots, best[MAX_SEEDS];
double acc_best = 0, acc_worst = 0, acc_mean = 0;
for (int s = 0; s < seeds; s++) {
    const Run *r = &runs[0][s];
    const double *fin = r->curve[tc.epochs];
    int b = 0, w = 0;
    for (int i = 1; i + 1 < slots; i++) {
        if (align_accuracy(&r->pick[i]) > align_accuracy(&r->pick[b]))
            b = i;
        if (align_accuracy(&r->pick[i]) < align_accuracy(&r->pick[w]))
            w = i;
    }
    best[s] = b;
    acc_best += fin[b] / seeds;
    acc_worst += fin[w] / seeds;
    acc_mean += fin[slots - 1] / seeds;
}
int reached[2] = { -1, -1 };        /* the best heads, the mean */
for (int e = 0; e <= tc.epochs; e++)
    for (int k = 0; k < 2; k++) {
        double a = 0;
        for (int s = 0; s < seeds; s++)
            a += runs[0][s].curve[e][k ? slots - 1 : best[s]] / seeds;
        if (a >= 0.9 && reached[k] < 0) reached[k] = e;
    }
#line 5619 "chapters/A-programs.nw"
name = study_name(summary, "heads", ".tex");
f = out_open(name);
fprintf(f, "The best head of each seed, picked on a second set of"
        " sentences, has its peak on the gold"
        " source word in %.1f\\%% of the rows (mean of %d seeds; the"
        " worst head %.1f\\%%), against %.1f\\%% for the mean of the"
        " layer's heads and a chance level of %.1f\\%%.",
        100 * acc_best, seeds, 100 * acc_worst, 100 * acc_mean,
        100 * align_chance(dc.min_words, dc.max_words));
for (int k = 0; k < 2; k++) {
    const char *who = k ? "the mean of the heads" : "The best heads";
    if (reached[k] < 0)
        fprintf(f, "%s%s never reach%s 90\\%% in %d epochs", k ? ", "
                : " ", who, k ? "es" : "", tc.epochs);
    else
        fprintf(f, "%s%s first reach%s 90\\%% after epoch %d",
                k ? ", " : " ", who, k ? "es" : "", reached[k]);
}
fprintf(f, ".\n");
out_close(f);
free(name);
#line 5561 "chapters/A-programs.nw"
    
#line 5652 "chapters/A-programs.nw"
double right = 0, tokens = 0, exact = 0;
for (int i = 0; i < val_set.n; i++) {
    const int *w = val_set.src + (size_t)i * val_set.L + 1;
    int n = val_set.src_len[i] - 2;
    double same = 0, p_exact = 1;
    for (int a = 0; a < n; a++) {
        int copies = 0, earlier = 0;
        for (int b = 0; b < n; b++) {
            copies += w[b] == w[a];
            earlier += b < a && w[b] == w[a];
        }
        same += (double)copies / n;
        p_exact *= (double)(earlier + 1) / (a + 1);
    }
    right += 1 + same; tokens += n + 1; exact += p_exact;
}
name = study_name(summary, "blind", ".tex");
f = out_open(name);
fprintf(f, "%.1f\\%% of the tokens and %.1f\\%% of the"
        " sentences%%\n", 100 * right / tokens,
        100 * exact / val_set.n);
out_close(f);
free(name);
#line 5562 "chapters/A-programs.nw"
    
#line 5677 "chapters/A-programs.nw"
name = study_name(summary, "spikes", ".tex");
f = out_open(name);
fprintf(f, "Over %d seeds of %d epochs each, the validation loss"
        " rose by more than %.2f from one epoch to the next", seeds,
        tc.epochs, SPIKE);
for (int v = 0; v < n_var; v++) {
    double rise;
    int at_seed, at_epoch;
    int n = spikes(runs[v], seeds, tc.epochs, &rise, &at_seed,
                   &at_epoch);
    fprintf(f, "%s%d time%s %s%s", v == 0 ? " " : v + 1 < n_var
            ? ", " : " and ", n, n == 1 ? "" : "s",
            v ? "with the variant " : "in the model ", var[v]->label);
}
fprintf(f, "%%\n");
out_close(f);
free(name);
#line 5563 "chapters/A-programs.nw"
    for (int v = 1; v < n_var; v++) {
        
#line 5696 "chapters/A-programs.nw"
double st[5][2];
for (int i = 0; i < 5; i++)
    variant_stat(runs[v], seeds, i, &st[i][0], &st[i][1]);
#line 5702 "chapters/A-programs.nw"
name = study_name(summary, var[v]->name, ".tex");
f = out_open(name);
fprintf(f, "a validation loss of $%.4f \\pm %.4f$, %.1f\\%% of the"
        " tokens and %.1f\\%% of the sentences right, and a best head"
        " whose peak is on gold in %.1f\\%% of the rows%%\n",
        st[0][0], st[0][1], st[1][0], st[2][0], st[4][0]);
out_close(f);
free(name);
#line 5565 "chapters/A-programs.nw"
    }
}
#line 5284 "chapters/A-programs.nw"
if (tests) 
#line 5715 "chapters/A-programs.nw"
{
    FILE *f = out_open(tests);
    tests_begin(f, seeds, "variant");
    for (int v = 1; v < n_var; v++) {
        int w = 0;
        for (int u = 0; u < n_var && var[v]->against; u++)
            if (!strcmp(var[u]->name, var[v]->against)) w = u;
        compare_variants(f, runs, var, v, 0, seeds);
        if (w) compare_variants(f, runs, var, v, w, seeds);
    }
    tests_end(f);
    out_close(f);
}
#line 4957 "chapters/A-programs.nw"
    dataset_free(&train_set);
    dataset_free(&val_set);
    dataset_free(&align_set);
    dataset_free(&pick_set);
    return 0;
}
