#line 2431 "chapters/10-captions.nw"
/* caption-study: the captioner on scenes of Fashion-MNIST. */
#include "align.h"
#include "captioner.h"
#include "scene.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
enum { MAX_CONFIGS = 16, MAX_SEEDS = 20 };
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
#line 2464 "chapters/10-captions.nw"
typedef struct {
    const char *name;
    int attention, positional, patch;
    double lambda;
} Config;

static Config config_from_name(char *name)
{
    Config c = { name, 0, 1, 0, 0 };
    char buf[64];
    snprintf(buf, sizeof buf, "%s", name);
    char *part = strtok(buf, "/");
    c.attention = captioner_variant_from_name(part ? part : "");
    while ((part = strtok(NULL, "/"))) {
        if (!strcmp(part, "nopos")) c.positional = 0;
        else if (!strcmp(part, "patch")) c.patch = 1;
        else if (!strncmp(part, "l=", 2))
            c.lambda = parse_double("--configs", part + 2, 0, 1e6);
        else
            refuse("--configs: '%s' in '%s' is not l=NUMBER, nopos or"
                   " patch", shown(part), shown(name));
    }
    return c;
}
#line 2497 "chapters/10-captions.nw"
enum { BINS = MAX_ITEMS + 1 };
typedef struct {
    double loss, seconds;
    long words[BINS], words_right[BINS];
    long captions[BINS], captions_right[BINS];
    AlignScore cell[BINS], any[BINS];
} Measures;
#line 2509 "chapters/10-captions.nw"
static void count_captions(Measures *ms, Model *m, const Dataset *d,
                           int bs)
{
    Batch batch;
    batch_alloc(&batch, bs, d->L);
    int *rows = xcalloc(bs, sizeof(int));
    int *out = xcalloc((size_t)bs * d->L, sizeof(int));
    for (int start = 0; start < d->n; start += bs) {
        int count = d->n - start < bs ? d->n - start : bs;
        for (int i = 0; i < count; i++) rows[i] = start + i;
        batch_fill(&batch, d, rows, count);
        int steps = batch.T - 1;
        greedy_decode(m, &batch, steps, out, NULL);
        for (int b = 0; b < batch.B; b++) {
            const int *tgt = batch.tgt + (size_t)b * batch.T + 1;
            int items = batch.tgt_len[b] - 2, right = 0, all = 1;
            for (int j = 0; j <= items; j++) {
                int ok = out[b * steps + j] == tgt[j];
                if (j < items) right += ok;
                all &= ok;
            }
            for (int k = 0; k < BINS; k += k ? BINS : items) {
                ms->words[k] += items;
                ms->words_right[k] += right;
                ms->captions[k]++;
                ms->captions_right[k] += all;
            }
        }
    }
    free(rows);
    free(out);
    batch_free(&batch);
}
#line 2552 "chapters/10-captions.nw"
typedef struct { Measures *ms; const Dataset *d; } Visit;

static void score_attention(const real *w, int T, int S, int row,
                            void *ctx)
{
    Visit *v = ctx;
    int n, items = v->d->tgt_len[row] - 2;
    const Link *gold = pair_links(v->d, row, &n);
    Link any[MAX_ITEMS * MAX_ITEMS * CELL_GRID * CELL_GRID];
    int n_any = 0;
    for (int j = 1; j <= items; j++)
        for (int k = 0; k < n; k++) {
            any[n_any] = gold[k];
            any[n_any++].tgt = j;
        }
    for (int k = 0; k < BINS; k += k ? BINS : items) {
        align_score_add(&v->ms->cell[k], w, T, S, S, gold, n);
        align_score_add(&v->ms->any[k], w, T, S, S, any, n_any);
    }
}

static Measures measure_captioner(Model *m, const Dataset *val,
                                  int bs)
{
    Measures ms;
    memset(&ms, 0, sizeof ms);
    double lambda = m->cfg.lambda;
    m->cfg.lambda = 0;                  /* losses: cross-entropies */
    ms.loss = validation_loss(m, val, bs);
    m->cfg.lambda = lambda;
    count_captions(&ms, m, val, bs);
    if (m->weights) {
        Visit v = { &ms, val };
        for_each_attention(m, val, bs, score_attention, &v);
    }
    return ms;
}
#line 2592 "chapters/10-captions.nw"
enum { V_LOSS, V_WORDS, V_CAPTIONS, V_HIT, V_MASS, V_ANY, V_ANY_HIT,
       N_VALUES };
static double value(const Measures *ms, int which, int k)
{
    switch (which) {
    case V_LOSS: return ms->loss;
    case V_WORDS:
        return 100.0 * ms->words_right[k] / fmax(1, ms->words[k]);
    case V_CAPTIONS:
        return 100.0 * ms->captions_right[k]
               / fmax(1, ms->captions[k]);
    case V_HIT: return 100 * align_accuracy(&ms->cell[k]);
    case V_MASS: return align_gold_weight(&ms->cell[k]);
    case V_ANY: return align_gold_weight(&ms->any[k]);
    default: return 100 * align_accuracy(&ms->any[k]);
    }
}
#line 2619 "chapters/10-captions.nw"
typedef struct {
    ModelConfig base;
    TrainConfig tc;
    const Config *config;
    int seeds;
    const Dataset *train[2], *val[2];   /* by encoder: CNN, patch */
    Measures (*ms)[MAX_SEEDS];
    Model **keep;                       /* the figure's model */
    int keep_config;
} CaptionPlan;

static void caption_run(int index, void *ctx)
{
    const CaptionPlan *pl = ctx;
    int s = index % pl->seeds, k = index / pl->seeds;
    const Config *c = &pl->config[k];
    ModelConfig mc = pl->base;
    mc.attention = c->attention;
    mc.lambda = c->lambda;
    mc.positional = c->positional;
    TrainConfig t = pl->tc;
    t.seed = (uint64_t)(s + 1);
    Model *m = model_create(&mc, t.batch_size, pl->train[0]->L,
                            t.seed);
    double t0 = thread_seconds_now();
    train_model(m, pl->train[c->patch], NULL, &t, NULL, NULL);
    Measures ms = measure_captioner(m, pl->val[c->patch],
                                    t.batch_size);
    ms.seconds = thread_seconds_now() - t0;
    pl->ms[k][s] = ms;
    progress("%s, seed %d: %.1f%% of the words, argmax in the cell"
             " %.1f%%, %.1f s", c->name, s + 1,
             value(&ms, V_WORDS, 0), value(&ms, V_HIT, 0),
             ms.seconds);
    if (k == pl->keep_config && s == 0) *pl->keep = m;
    else model_free(m);
}
#line 2801 "chapters/10-captions.nw"
static void stats(double st[2], Measures (*ms)[MAX_SEEDS], int k_conf,
                  int seeds, int which, int k)
{
    double x[MAX_SEEDS];
    for (int s = 0; s < seeds; s++)
        x[s] = value(&ms[k_conf][s], which, k);
    mean_sd(x, seeds, &st[0], &st[1]);
}
#line 2812 "chapters/10-captions.nw"
static int config_named(const Config *config, int n_conf,
                        const char *name)
{
    for (int k = 0; k < n_conf; k++)
        if (!strcmp(config[k].name, name)) return k;
    return -1;
}
#line 2933 "chapters/10-captions.nw"
static void define_percent(FILE *f, const char *macro,
                           Measures (*ms)[MAX_SEEDS], int k_conf,
                           int seeds, int which, int k)
{
    if (k_conf < 0) {
        fprintf(f, "\\newcommand{\\%s}{(not run)}%%\n", macro);
        return;
    }
    double st[2];
    stats(st, ms, k_conf, seeds, which, k);
    fprintf(f, "\\newcommand{\\%s}{%.1f\\%%}%%\n", macro, st[0]);
}
#line 3073 "chapters/10-captions.nw"
typedef struct {
    int scene, n, right;            /* -1 if none */
    const char *word[MAX_ITEMS + 1];
    real *w;                        /* [n, L] */
} Caption;

static Caption caption_scene(Model *m, const Dataset *d,
                             const Scene *scenes, int n_scenes,
                             int row, const Vocab *words)
{
    Caption cap = { -1, 0, 0, { NULL }, NULL };
    Batch batch;
    batch_alloc(&batch, 1, d->L);
    int out[MAX_ITEMS + 1];
    real *w = xcalloc((size_t)(MAX_ITEMS + 1) * d->L, sizeof(real));
    for (int r = 0; r < n_scenes && cap.scene < 0; r++) {
        if (scenes[r].items != 3) continue;
        batch_fill(&batch, d, &r, 1);
        int steps = batch.T - 1, right = 1;
        greedy_decode(m, &batch, steps, out, w);
        for (int j = 0; j < steps; j++)
            right &= out[j] == batch.tgt[j + 1];
        if (row == 2 && !right) continue;
        cap = (Caption){ r, 0, right, { NULL }, w };
        while (cap.n < steps && out[cap.n] != EOS) cap.n++;
        if (cap.n < steps) cap.n++;     /* the <eos>'s map */
        for (int j = 0; j < cap.n; j++)
            cap.word[j] = words->word[out[j]];
    }
    if (cap.scene < 0) free(w);
    batch_free(&batch);
    return cap;
}
#line 2447 "chapters/10-captions.nw"
int main(int argc, char **argv)
{
    program_name = "caption-study";
    
#line 2666 "chapters/10-captions.nw"
const char *data = FASHION_DIR;
const char *configs = "none,dot,general,additive,dot/l=1,"
                      "additive/l=0.1,additive/l=1,additive/l=10,"
                      "additive/nopos,additive/patch";
TrainConfig tc = train_config_default();
tc.epochs = 12;
tc.batch_size = 32;
ModelConfig base = captioner_config_default();
NetTraining nt = { 10000, 2, 64, 2e-2, 1 };
int seeds = 3, threads = default_threads(), channels = 4;
int n_train = 2500, n_val = 500, min_items = 1, max_items = MAX_ITEMS;
char *table = NULL, *items = NULL, *summary = NULL, *figure = NULL;
char *text = NULL, *tests = NULL;
const char *figure_config = "additive";
Option options[] = {
    {"--data", OPT_TEXT, &data, 0, 0, "folder of Fashion-MNIST"},
    {"--configs", OPT_TEXT, &configs, 0, 0, "captioners"},
    {"--seeds", OPT_INT, &seeds, 1, MAX_SEEDS, "seeds 1..N"},
    {"--threads", OPT_INT, &threads, 1, THREADS_MAX, "runs at once"},
    {"--epochs", OPT_INT, &tc.epochs, 1, 1000, "epochs"},
    {"--batch", OPT_INT, &tc.batch_size, 1, 4096, "scenes per batch"},
    {"--scenes", OPT_INT, &n_train, 1, 1e6, "training scenes"},
    {"--val-scenes", OPT_INT, &n_val, 1, 1e6, "validation scenes"},
    {"--min-items", OPT_INT, &min_items, 1, MAX_ITEMS, "fewest"},
    {"--max-items", OPT_INT, &max_items, 1, MAX_ITEMS, "most"},
    {"--embed", OPT_INT, &base.E, 1, 4096, "embedding size E"},
    {"--hidden", OPT_INT, &base.H, 1, 4096, "hidden size H = Da"},
    {"--channels", OPT_INT, &channels, 1, 256, "the network's C1"},
    {"--pictures", OPT_INT, &nt.pictures, 64, 60000,
     "the network's training pictures"},
    {"--net-epochs", OPT_INT, &nt.epochs, 1, 100, "its epochs"},
    {"--table", OPT_TEXT, &table, 0, 0, "file for the main table"},
    {"--items", OPT_TEXT, &items, 0, 0, "file: by pictures"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "file for a summary"},
    {"--tests", OPT_TEXT, &tests, 0, 0, "file: the paired tests"},
    {"--figure", OPT_TEXT, &figure, 0, 0, "prefix: attention maps"},
    {"--figure-config", OPT_TEXT, &figure_config, 0, 0,
     "the maps' captioner"},
    {"--text", OPT_TEXT, &text, 0, 0, "file: the maps in text"},
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "captioners with attention on scenes of Fashion-MNIST");
if (min_items > max_items)
    refuse("--min-items %d is above --max-items %d", min_items,
           max_items);
char conf_buf[512], *conf[MAX_CONFIGS];
int n_conf = split_list(conf_buf, sizeof conf_buf, "--configs",
                        configs, conf, MAX_CONFIGS);
Config config[MAX_CONFIGS];
int keep_config = -1;
for (int k = 0; k < n_conf; k++) {
    config[k] = config_from_name(conf[k]);
    if (!strcmp(conf[k], figure_config)) keep_config = k;
}
if ((figure || text) && keep_config < 0)
    refuse("--figure-config '%s' is not among --configs",
           shown(figure_config));
if ((figure || text) && !config[keep_config].attention)
    refuse("--figure-config '%s' does not attend: it has no map",
           shown(figure_config));
char **file[] = { &table, &items, &summary, &text, &tests };
const char *opt[] = { "--table", "--items", "--summary", "--text",
                      "--tests" };
for (int i = 0; i < 5; i++) if (*file[i]) out_plan(opt[i], *file[i]);
#line 2451 "chapters/10-captions.nw"
    
#line 2737 "chapters/10-captions.nw"
Fashion train_set, test_set;
const char *problem = fashion_read(&train_set, data, 0);
if (!problem) problem = fashion_read(&test_set, data, 1);
if (problem) refuse("%s", problem);
ImageNet net[2];
double net_seconds[2], net_accuracy_of[2];
for (int e = 0; e < 2; e++) {
    net_create(&net[e], e ? NET_PATCH : NET_CNN, channels, base.H,
               nt.seed);
    double t0 = thread_seconds_now();
    net_train(&net[e], &train_set, &nt);
    net_seconds[e] = thread_seconds_now() - t0;
    net_accuracy_of[e] = net_accuracy(&net[e], &test_set, test_set.n);
    progress("%s: %.1f%% of the test pictures, %.1f s",
             e ? "patch embedding" : "network",
             100 * net_accuracy_of[e], net_seconds[e]);
}
#line 2452 "chapters/10-captions.nw"
    
#line 2759 "chapters/10-captions.nw"
Rng scene_rng;
rng_seed(&scene_rng, 7);
Scene *train_scenes = xcalloc(n_train, sizeof(Scene));
Scene *val_scenes = xcalloc(n_val, sizeof(Scene));
for (int i = 0; i < n_train; i++)
    scene_draw(&train_scenes[i], &train_set, min_items, max_items,
               &scene_rng);
for (int i = 0; i < n_val; i++)
    scene_draw(&val_scenes[i], &test_set, min_items, max_items,
               &scene_rng);
Dataset train_data[2], val_data[2];
double feature_seconds[2];
for (int e = 0; e < 2; e++) {
    double t0 = thread_seconds_now();
    scene_dataset(&train_data[e], train_scenes, n_train, &train_set,
                  &net[e]);
    scene_dataset(&val_data[e], val_scenes, n_val, &test_set,
                  &net[e]);
    feature_seconds[e] = thread_seconds_now() - t0;
}
#line 2453 "chapters/10-captions.nw"
    
#line 2782 "chapters/10-captions.nw"
Vocab words;
vocab_build(&words, &scene_task, TARGET);
base.tgt_vocab = words.size;
base.locations = LOCATIONS;
static Measures ms[MAX_CONFIGS][MAX_SEEDS];
Model *kept = NULL;
CaptionPlan plan = { base, tc, config, seeds,
                     { &train_data[0], &train_data[1] },
                     { &val_data[0], &val_data[1] }, ms, &kept,
                     keep_config };
double runs_t0 = seconds_now();
run_parallel(caption_run, &plan, n_conf * seeds, threads);
double runs_wall = seconds_now() - runs_t0;
#line 2454 "chapters/10-captions.nw"
    
#line 2824 "chapters/10-captions.nw"
static const char *const digits[N_VALUES] = {
    "%.3f", "%.1f", "%.1f", "%.1f", "%.3f", "%.3f", "%.1f" };
if (table) {
    FILE *f = out_open(table);
    fprintf(f, "\\begin{tabular}{lrrrrrr}\n\\toprule\n"
            " & \\multicolumn{4}{c}{teacher-forced}"
            " & \\multicolumn{2}{c}{greedy} \\\\\n"
            "\\cmidrule(lr){2-5}\\cmidrule(lr){6-7}\n"
            "captioner & loss & argmax & mass & mass on & words"
            " & captions \\\\\n & & in cell \\%% & in cell & pictures"
            " & \\%% & \\%% \\\\\n\\midrule\n");
    static const int column[] = { V_LOSS, V_HIT, V_MASS, V_ANY,
                                  V_WORDS, V_CAPTIONS };
    for (int k = 0; k < n_conf; k++) {
        fprintf(f, "\\texttt{%s}", config[k].name);
        for (int i = 0; i < 6; i++) {
            int v = column[i];
            double st[2];
            stats(st, ms, k, seeds, v, 0);
            char a[16], b[16];
            snprintf(a, sizeof a, digits[v], st[0]);
            snprintf(b, sizeof b, digits[v], st[1]);
            if (v >= V_HIT && !config[k].attention)
                fprintf(f, " & ---");
            else fprintf(f, " & $%s \\pm %s$", a, b);
        }
        fprintf(f, " \\\\\n");
    }
    
#line 2862 "chapters/10-captions.nw"
double on_pictures = 0;
long val_words = 0;
for (int i = 0; i < n_val; i++) {
    int k = val_scenes[i].items;
    on_pictures += k * (CELL_GRID * CELL_GRID * k)
                   / (double)LOCATIONS;
    val_words += k;
}
on_pictures /= val_words;
double in_cell = CELL_GRID * CELL_GRID / (double)LOCATIONS;
fprintf(f, "\\midrule\nchance & & %.1f & %.3f & %.3f & & \\\\\n",
        100 * in_cell, in_cell, on_pictures);
#line 2853 "chapters/10-captions.nw"
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
    out_close(f);
}
#line 2879 "chapters/10-captions.nw"
if (items) {
    FILE *f = out_open(items);
    fprintf(f, "# pictures, then for each of");
    for (int k = 0; k < n_conf; k++)
        fprintf(f, " %s", config[k].name);
    fprintf(f, ":\n# words %% (mean, sd), argmax in cell %% (mean,"
            " sd), captions %% (mean, sd)\n");
    for (int n = min_items; n <= max_items; n++) {
        fprintf(f, "%d", n);
        for (int k = 0; k < n_conf; k++) {
            int which[3] = { V_WORDS, V_HIT, V_CAPTIONS };
            for (int i = 0; i < 3; i++) {
                double st[2];
                stats(st, ms, k, seeds, which[i], n);
                fprintf(f, " %.2f %.2f", st[0], st[1]);
            }
        }
        fprintf(f, "\n");
    }
    out_close(f);
}
#line 2904 "chapters/10-captions.nw"
if (summary) {
    FILE *f = out_open(summary);
    
#line 2952 "chapters/10-captions.nw"
int none = config_named(config, n_conf, "none");
int add = config_named(config, n_conf, "additive");
int dot = config_named(config, n_conf, "dot");
define_percent(f, "captionNoneFew", ms, none, seeds, V_WORDS,
               min_items);
define_percent(f, "captionNoneMany", ms, none, seeds, V_WORDS,
               max_items);
define_percent(f, "captionAddFew", ms, add, seeds, V_WORDS,
               min_items);
define_percent(f, "captionAddMany", ms, add, seeds, V_WORDS,
               max_items);
define_percent(f, "captionAddFewHit", ms, add, seeds, V_HIT,
               min_items);
fprintf(f, "\\newcommand{\\captionNetWrong}{%.1f\\%%}%%\n",
        100 * (1 - net_accuracy_of[0]));
fprintf(f, "\\newcommand{\\captionDotSeeds}{");
for (int s = 0; dot >= 0 && s < seeds; s++)
    fprintf(f, "%s%.1f",
            s == 0 ? "" : s == seeds - 1 ? " and " : ", ",
            value(&ms[dot][s], V_HIT, 0));
fprintf(f, dot >= 0 ? "\\%%}%%\n" : "(not run)}%%\n");
#line 2907 "chapters/10-captions.nw"
    fprintf(f, "The network reads %.1f\\%% of the %d test pictures"
            " right, after %d epochs on the first %d training"
            " pictures that took %.1f\\,s of processor time; the"
            " patch embedding, %.1f\\%%, in %.2f\\,s. The annotation"
            " vectors of the %d training and %d validation scenes"
            " took %.1f\\,s with the network, %.2f\\,s with the patch"
            " embedding. ", 100 * net_accuracy_of[0], test_set.n,
            nt.epochs, nt.pictures, net_seconds[0],
            100 * net_accuracy_of[1], net_seconds[1], n_train, n_val,
            feature_seconds[0], feature_seconds[1]);
    
#line 2975 "chapters/10-captions.nw"
double cpu = 0, fastest = 0, slowest = 0;
for (int k = 0; k < n_conf; k++) {
    double st[2], x[MAX_SEEDS];
    for (int s = 0; s < seeds; s++) x[s] = ms[k][s].seconds;
    mean_sd(x, seeds, &st[0], &st[1]);
    cpu += st[0] * seeds;
    if (k == 0 || st[0] < fastest) fastest = st[0];
    if (st[0] > slowest) slowest = st[0];
}
struct rusage use;
getrusage(RUSAGE_SELF, &use);
fprintf(f, "The %d captioners took %.1f\\,s of processor time, %.1f"
        "\\,s each on average, %.1f to %.1f\\,s a configuration"
        " (the mean of its seeds, taken under the build's load, so"
        " ranking none); all of them %.1f\\,s of"
        " wall-clock time on %d threads, on a machine shared with the"
        " build's other experiments (a thread waiting for a core"
        " counts in the wall-clock time, not in the processor"
        " time); the whole study, %.1f\\,s of processor time. ",
        n_conf * seeds, cpu, cpu / (n_conf * seeds), fastest,
        slowest, runs_wall, threads,
        use.ru_utime.tv_sec + use.ru_utime.tv_usec / 1e6
        + use.ru_stime.tv_sec + use.ru_stime.tv_usec / 1e6);
#line 2918 "chapters/10-captions.nw"
    out_close(f);
}
if (tests) {
    FILE *f = out_open(tests);
    tests_begin(f, seeds, "captioner, measure");
    
#line 3002 "chapters/10-captions.nw"
static const char *const pair[][2] = {
    { "none", "additive" }, { "dot", "additive" },
    { "general", "additive" }, { "dot", "dot/l=1" },
    { "additive", "additive/l=1" }, { "additive", "additive/nopos" },
    { "additive", "additive/patch" } };
for (size_t p = 0; p < sizeof pair / sizeof *pair; p++) {
    int a = config_named(config, n_conf, pair[p][0]);
    int b = config_named(config, n_conf, pair[p][1]);
    if (a < 0 || b < 0) continue;
    int which[2] = { V_WORDS, V_MASS };
    for (int i = 0; i < 2; i++) {
        if (which[i] == V_MASS
            && (!config[a].attention || !config[b].attention))
            continue;
        double x[MAX_SEEDS], y[MAX_SEEDS];
        char name[64];
        for (int s = 0; s < seeds; s++) {
            x[s] = value(&ms[a][s], which[i], 0);
            y[s] = value(&ms[b][s], which[i], 0);
        }
        snprintf(name, sizeof name, "\\texttt{%s}, %s", pair[p][1],
                 i ? "mass in cell" : "words right");
        char against[64];
        snprintf(against, sizeof against, "\\texttt{%s}", pair[p][0]);
        tests_row(f, name, against, y, x, seeds);
    }
}
#line 2924 "chapters/10-captions.nw"
    tests_end(f);
    out_close(f);
}
#line 3043 "chapters/10-captions.nw"
if (figure || text) {
    FILE *tf = text ? out_open(text) : NULL;
    const Dataset *vd = &val_data[config[keep_config].patch];
    for (int row = 1; row <= 2; row++) {
        Caption cap = caption_scene(kept, vd, val_scenes, n_val, row,
                                    &words);
        if (cap.scene < 0)              /* none is right: row 1's */
            cap = caption_scene(kept, vd, val_scenes, n_val, 1,
                                &words);
        const Scene *sc = &val_scenes[cap.scene];
        if (figure) {
            char suffix[16];
            snprintf(suffix, sizeof suffix, "-%d", row);
            char *prefix = out_name(figure, suffix);
            
#line 3110 "chapters/10-captions.nw"
char *name = out_name(prefix, "-scene.dat");
out_plan("--figure", name);
FILE *f = out_open(name);
real canvas[CANVAS * CANVAS];
scene_canvas(canvas, sc, &test_set);
for (int y = 0; y < CANVAS; y++)
    for (int x = 0; x < CANVAS; x++)
        fprintf(f, "%d %d %.3f\n", x, y, canvas[y * CANVAS + x]);
out_close(f);
free(name);
name = out_name(prefix, "-maps.dat");
out_plan("--figure", name);
f = out_open(name);
for (int j = 0; j < cap.n; j++) {
    for (int i = 0; i < LOCATIONS; i++)
        fprintf(f, "%g %g %.4f\n",
                (i % GRID + 0.5) * NET_STRIDE - 0.5,
                (i / GRID + 0.5) * NET_STRIDE - 0.5,
                cap.w[j * LOCATIONS + i]);
    fprintf(f, "\n\n");
}
out_close(f);
free(name);
#line 3138 "chapters/10-captions.nw"
name = out_name(prefix, ".gpi");
out_plan("--figure", name);
f = out_open(name);
fprintf(f, "maps = %d\narray word[%d]\narray gold[%d]\n"
        "array mass[%d]\n", cap.n, cap.n, cap.n, cap.n);
for (int j = 0; j < cap.n; j++) {
    int gold = j < sc->items ? sc->cell[j] : -1;
    double mass = gold >= 0
                  ? scene_cell_mass(cap.w + j * LOCATIONS, gold) : 0;
    const char *shown_word = cap.word[j];
    if (!strcmp(shown_word, "<eos>"))
        shown_word = "$\\langle$eos$\\rangle$";
    fprintf(f, "word[%d] = '%s'\ngold[%d] = %d\nmass[%d] = %.2f\n",
            j + 1, shown_word, j + 1, gold, j + 1, mass);
}
#line 3160 "chapters/10-captions.nw"
fprintf(f, "items = %d\narray truth[%d]\narray cell[%d]\n",
        sc->items, sc->items, sc->items);
for (int i = 0; i < sc->items; i++)
    fprintf(f, "truth[%d] = '%s'\ncell[%d] = %d\n", i + 1,
            fashion_class[test_set.label[sc->picture[i]]], i + 1,
            sc->cell[i]);
#line 3154 "chapters/10-captions.nw"
out_close(f);
free(name);
#line 3058 "chapters/10-captions.nw"
            free(prefix);
        }
        if (tf) {
            
#line 3169 "chapters/10-captions.nw"
fprintf(tf, "captioner %s, seed 1, validation scene %d (%s):\n",
        figure_config, cap.scene + 1, row == 1
        ? "the first of three pictures"
        : "the first of three pictures captioned right");
fprintf(tf, "caption:");
for (int j = 0; j < cap.n; j++) fprintf(tf, " %s", cap.word[j]);
fprintf(tf, "\nscene:  ");
for (int i = 0; i < sc->items; i++)
    fprintf(tf, " %s", fashion_class[test_set.label[sc->picture[i]]]);
fprintf(tf, "\n\n");
scene_text(tf, sc, &test_set, cap.word, cap.w, cap.n);
#line 3062 "chapters/10-captions.nw"
        }
        free(cap.w);
    }
    if (tf) out_close(tf);
}
#line 2455 "chapters/10-captions.nw"
    out_commit();
    return 0;
}
