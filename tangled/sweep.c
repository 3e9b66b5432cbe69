#line 2233 "chapters/A-programs.nw"
/* sweep: accuracy against sentence length, for several models. */
#include "align.h"
#include "checkpoint.h"
#include "families.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_MODELS = 8, MAX_SEEDS = 10 };
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
#line 2288 "chapters/A-programs.nw"
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
#line 2426 "chapters/A-programs.nw"
static void acc_stats(double out[2], const Eval *ev /* [seeds] */,
                      int seeds, int words, int which)
{
    double x[MAX_SEEDS];
    for (int s = 0; s < seeds; s++) {
        const long *c = ev[s].by_len[words] + 2 * which;
        x[s] = c[0] ? 100.0 * c[1] / c[0] : 0;
    }
    mean_sd(x, seeds, &out[0], &out[1]);
}
#line 2526 "chapters/A-programs.nw"
enum { Q_LOSS, Q_TOKENS, Q_EXACT, Q_ALIGN, Q_AFTER, Q_ENTROPY, N_Q };

static void seed_values(double *x /* [seeds] */,
                        const Eval *ev /* [seeds] */,
                        AlignScore (*align)[MAX_WORDS + 1],
                        int seeds, int what)
{
    for (int s = 0; s < seeds; s++) {
        const Eval *e = &ev[s];
        AlignScore a = align_score_sum(align[s], MAX_WORDS + 1);
        x[s] = what == Q_LOSS ? e->loss
             : what == Q_TOKENS ? 100.0 * e->tokens_right / e->tokens
             : what == Q_EXACT
               ? 100.0 * e->sentences_right / e->sentences
             : what == Q_ALIGN ? 100 * align_accuracy(&a)
             : what == Q_AFTER ? 100 * align_after(&a)
             : align_entropy(&a);
    }
}
#line 2553 "chapters/A-programs.nw"
static void align_at(double out[2],
                     AlignScore (*align)[MAX_WORDS + 1], int seeds,
                     int words, int after)
{
    double x[MAX_SEEDS];
    out[0] = out[1] = NAN;
    for (int s = 0; s < seeds; s++) {
        const AlignScore *a = &align[s][words];
        if (!a->rows) return;
        x[s] = 100 * (after ? align_after(a) : align_accuracy(a));
    }
    mean_sd(x, seeds, &out[0], &out[1]);
}

static void wrong_at(double out[2], const Eval *ev /* [seeds] */,
                     int seeds, int place)
{
    double x[MAX_SEEDS];
    out[0] = out[1] = NAN;
    for (int s = 0; s < seeds; s++) {
        const long *c = ev[s].by_place[place];
        if (!c[0]) return;
        x[s] = 100.0 * c[1] / c[0];
    }
    mean_sd(x, seeds, &out[0], &out[1]);
}
#line 2378 "chapters/A-programs.nw"
typedef struct {
    const ModelConfig *mc;              /* [models] */
    TrainConfig tc;
    int seeds;
    const Dataset *train_set, *val_set;
    Eval (*ev)[MAX_SEEDS];              /* [models] */
    AlignScore (*align)[MAX_SEEDS][MAX_WORDS + 1];  /* or NULL */
    Model **kept;       /* [models]: first seed's; NULL: keep none */
} SweepPlan;

static void train_sweep_run(int index, void *ctx)
{
    const SweepPlan *pl = ctx;
    int k = index / pl->seeds, s = index % pl->seeds;
    
#line 2396 "chapters/A-programs.nw"
TrainConfig t = pl->tc;
t.seed = pl->tc.seed + (uint64_t)s;
Model *m = model_create(&pl->mc[k], t.batch_size, pl->train_set->L,
                        t.seed);
double t0 = seconds_now();
train_model(m, pl->train_set, pl->val_set, &t, NULL, NULL);
Eval *ev = &pl->ev[k][s];
*ev = evaluate(m, pl->val_set, t.batch_size);
if (pl->align && kind_chooses(config_kind(&pl->mc[k])))
    align_evaluate_by_length(m, pl->val_set, t.batch_size,
                             pl->align[k][s]);
progress("%s:%d seed %d trained in %.1f s, val loss %.4f",
         kind_name(config_kind(&pl->mc[k])), pl->mc[k].H,
         (int)t.seed, seconds_now() - t0, ev->loss);
if (s == 0 && pl->kept) pl->kept[k] = m;    /* main saves it */
else model_free(m);
#line 2393 "chapters/A-programs.nw"
}

#line 2250 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "sweep";
    DataConfig dc = data_config_default();
    TrainConfig tc = train_config_default();
    dc.min_words = 3; dc.max_words = 20;
    dc.n_train = 6000; dc.n_val = 900;
    const char *list = "none:32,none:64,none:128";
    char *summary = NULL, *save = NULL, *later = NULL;
    char *tables = NULL;
    
#line 2311 "chapters/A-programs.nw"
int seed = 1, seeds = 3, threads = default_threads();
ModelConfig tdef = model_config_default();  /* chapter 7's sizes */
Option options[] = {
    {"--models", OPT_TEXT, &list, 0, 0, "KIND:H,KIND:H,..."},
    {"--threads", OPT_INT, &threads, 1, THREADS_MAX,
     "runs trained at once"},
    {"--seed", OPT_INT, &seed, 0, 1e9, "first training seed"},
    {"--seeds", OPT_INT, &seeds, 1, MAX_SEEDS, "seeds"},
    {"--epochs", OPT_INT, &tc.epochs, 1, 1e4, "epochs"},
    {"--min-words", OPT_INT, &dc.min_words, 1, MAX_WORDS, "shortest"},
    {"--max-words", OPT_INT, &dc.max_words, 1, MAX_WORDS, "longest"},
    {"--train-pairs", OPT_INT, &dc.n_train, 1, 1e7, "training pairs"},
    {"--val-pairs", OPT_INT, &dc.n_val, 1, 1e7, "validation pairs"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "prefix for summaries"},
    {"--save", OPT_TEXT, &save, 0, 0, "prefix for checkpoints"},
    {"--later", OPT_TEXT, &later, 0, 0,
     "kinds whose summary goes to a file of its own"},
    {"--tables", OPT_TEXT, &tables, 0, 0,
     "prefix for the tables and the figures' data"},
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
#line 2511 "chapters/A-programs.nw"
enum { TABLE, TABLE_LATER, TESTS, ALIGN_DAT, ERRORS_DAT, ALIGN_SAID,
       ERRORS_SAID, N_TABLES };
const char *table_suffix[N_TABLES] = {"-table.tex",
    "-table-later.tex", "-tests.tex", "-align.dat", "-errors.dat",
    "-align-said.tex", "-errors-said.tex"};
char *table_name[N_TABLES] = {NULL};
for (int i = 0; tables && i < N_TABLES; i++) {
    table_name[i] = out_name(tables, table_suffix[i]);
    out_plan("--tables", table_name[i]);
}
#line 2261 "chapters/A-programs.nw"
    ModelConfig mc[MAX_MODELS];
    int n_models = parse_models(list, mc);
    
#line 4909 "chapters/A-programs.nw"
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
#line 2264 "chapters/A-programs.nw"
    
#line 2466 "chapters/A-programs.nw"
int group[MAX_MODELS];
for (int k = 0; k < n_models; k++)
    group[k] = kind_listed(config_kind(&mc[k]), "--later", later) ? 2
             : mc[k].family != &seq2seq_family
               || mc[k].attention != ATTN_NONE;
#line 2636 "chapters/A-programs.nw"
int first_later = -1;
for (int k = n_models - 1; k >= 0; k--)
    if (group[k] == 2) first_later = k;
#line 2265 "chapters/A-programs.nw"
    
#line 2347 "chapters/A-programs.nw"
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
#line 2266 "chapters/A-programs.nw"
    
#line 2364 "chapters/A-programs.nw"
double need = 0;
for (int k = 0; k < n_models; k++)
    need = fmax(need, run_bytes(&dc, &mc[k], tc.batch_size));
int resident = (threads < n_models * seeds ? threads
                : n_models * seeds) + (save ? n_models : 0);
memory_check(need * resident,
             "the sizes of --models, --max-words or --threads");
#line 2267 "chapters/A-programs.nw"
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    static Eval ev[MAX_MODELS][MAX_SEEDS];
    static AlignScore align[MAX_MODELS][MAX_SEEDS][MAX_WORDS + 1];
    static Model *kept[MAX_MODELS];
    SweepPlan plan = { mc, tc, seeds, &train_set, &val_set, ev,
                       tables ? align : NULL, save ? kept : NULL };
    run_parallel(train_sweep_run, &plan, n_models * seeds, threads);
    
#line 2415 "chapters/A-programs.nw"
for (int k = 0; save && k < n_models; k++) {
    Checkpoint ck = { dc.min_words, dc.max_words, kept[k],
                      dc.task };
    ckpt_save(&ck, save_name[k]);
    model_free(kept[k]);
    free(save_name[k]);
}
#line 2276 "chapters/A-programs.nw"
    
#line 2441 "chapters/A-programs.nw"
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
#line 2277 "chapters/A-programs.nw"
    if (summary) {
        
#line 2473 "chapters/A-programs.nw"
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
        else if (kind == ATTN_NONE_WC)
            fprintf(f, "%s the control none+Wc with $H = %d$", sep,
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
#line 2279 "chapters/A-programs.nw"
    }
    if (tables) 
#line 2581 "chapters/A-programs.nw"
{
    
#line 2594 "chapters/A-programs.nw"
for (int part = 0; part < 2; part++) {
    FILE *f = out_open(table_name[TABLE + part]);
    double even = 0;
    fprintf(f, "\\begin{tabular}{lrrrrrr}\n\\toprule\nmodel & val"
            " loss & token acc.\\ & exact & alignment & one after"
            " & entropy \\\\\n& & (\\%%) & (\\%%) & acc.\\ (\\%%) &"
            " gold (\\%%) & (nats) \\\\\n\\midrule\n");
    for (int pass = 0; pass <= part; pass++)
        for (int k = 0; k < n_models; k++) {
            if ((group[k] == 2) != pass) continue;
            
#line 2613 "chapters/A-programs.nw"
double st[N_Q][2], x[MAX_SEEDS];
for (int q = 0; q < N_Q; q++) {
    seed_values(x, ev[k], align[k], seeds, q);
    mean_sd(x, seeds, &st[q][0], &st[q][1]);
}
if (pass && k == first_later) fprintf(f, "\\midrule\n");
fprintf(f, "%s, $%s = %d$ & $%.4f \\pm %.4f$ & $%.2f \\pm %.2f$ &"
        " $%.2f \\pm %.2f$ & ", kind_name(config_kind(&mc[k])),
        mc[k].family == &transformer_family ? "D" : "H", mc[k].H,
        st[Q_LOSS][0], st[Q_LOSS][1], st[Q_TOKENS][0],
        st[Q_TOKENS][1], st[Q_EXACT][0], st[Q_EXACT][1]);
if (!kind_chooses(config_kind(&mc[k])))
    fprintf(f, "n/a & n/a & n/a \\\\\n");
else {
    fprintf(f, "$%.2f \\pm %.2f$ & $%.2f \\pm %.2f$ & $%.3f \\pm"
            " %.3f$ \\\\\n", st[Q_ALIGN][0], st[Q_ALIGN][1],
            st[Q_AFTER][0], st[Q_AFTER][1], st[Q_ENTROPY][0],
            st[Q_ENTROPY][1]);
    AlignScore a = align_score_sum(align[k][0], MAX_WORDS + 1);
    even = align_max_entropy(&a);   /* the same for every run */
}
#line 2605 "chapters/A-programs.nw"
        }
    fprintf(f, "\\midrule\nchance, even weights & & & & %.2f & & %.3f"
            " \\\\\n\\bottomrule\n\\end{tabular}\n",
            100 * align_chance(dc.min_words, dc.max_words), even);
    out_close(f);
}
#line 2583 "chapters/A-programs.nw"
    
#line 2648 "chapters/A-programs.nw"
{
    FILE *f = out_open(table_name[TESTS]);
    tests_begin(f, seeds, "model");
    for (int j = 0; j < n_models; j++)
        for (int i = 0; i < j; i++)
            
#line 2665 "chapters/A-programs.nw"
{
    int ki = config_kind(&mc[i]), kj = config_kind(&mc[j]);
    int ci = kind_chooses(ki), cj = kind_chooses(kj);
    int base = 1;
    for (int b = 0; b < i; b++)
        base &= kind_chooses(config_kind(&mc[b]))
                || mc[b].H != mc[i].H;
    int first = j, second = i;      /* first minus second */
    if (kj == ATTN_NONE_WC && ci) {
        first = i;
        second = j;
    }
    int answers = (cj && (ci || base || ki == ATTN_NONE_WC))
                  || (kj == ATTN_NONE_WC && (ci || base));
    if (group[i] == 2 || group[j] == 2 || mc[i].H != mc[j].H
        || !answers) continue;
    static const int what[] = { Q_LOSS, Q_EXACT, Q_ALIGN };
    static const char *const said[] = { "loss", "exact",
                                        "alignment" };
    for (int w = 0; w < (ci && cj ? 3 : 2); w++) {
        double a[MAX_SEEDS], b[MAX_SEEDS];
        char name_a[64], name_b[64];
        seed_values(a, ev[first], align[first], seeds, what[w]);
        seed_values(b, ev[second], align[second], seeds, what[w]);
        snprintf(name_a, sizeof name_a, "%s, %s",
                 kind_name(config_kind(&mc[first])), said[w]);
        snprintf(name_b, sizeof name_b, "%s",
                 kind_name(config_kind(&mc[second])));
        tests_row(f, name_a, name_b, a, b, seeds);
    }
}
#line 2654 "chapters/A-programs.nw"
    tests_end(f);
    out_close(f);
}
#line 2584 "chapters/A-programs.nw"
    
#line 2704 "chapters/A-programs.nw"
{
    FILE *f = out_open(table_name[ALIGN_DAT]);
    fprintf(f, "# words, chance (%%), then per model: alignment"
            " accuracy (%%), mean and sd over %d seeds, and the same"
            " of the peaks one after gold\n", seeds);
    for (int w = dc.min_words; w <= dc.max_words; w++) {
        fprintf(f, "%d %.3f", w, 100 * align_chance(w, w));
        for (int k = 0; k < n_models; k++)
            for (int after = 0; after < 2; after++) {
                double st[2];
                align_at(st, align[k], seeds, w, after);
                fprintf(f, " %.3f %.3f", st[0], st[1]);
            }
        fprintf(f, "\n");
    }
    out_close(f);
}
#line 2585 "chapters/A-programs.nw"
    
#line 2723 "chapters/A-programs.nw"
{
    FILE *f = out_open(table_name[ERRORS_DAT]);
    fprintf(f, "# place in the target (%% of its words), then per"
            " model: words wrong (%%), mean and sd over %d seeds\n",
            seeds);
    for (int p = 0; p < PLACES; p++) {
        fprintf(f, "%.0f", 100 * (p + 0.5) / PLACES);
        for (int k = 0; k < n_models; k++) {
            double st[2];
            wrong_at(st, ev[k], seeds, p);
            fprintf(f, " %.3f %.3f", st[0], st[1]);
        }
        fprintf(f, "\n");
    }
    out_close(f);
}
#line 2586 "chapters/A-programs.nw"
    
#line 2746 "chapters/A-programs.nw"
for (int said = ALIGN_SAID; said <= ERRORS_SAID; said++) {
    FILE *f = out_open(table_name[said]);
    int lo = said == ALIGN_SAID ? dc.min_words : 0;
    int hi = said == ALIGN_SAID ? dc.max_words : PLACES - 1;
    while (said == ERRORS_SAID && hi > 0
           && !ev[0][0].by_place[hi][0]) hi--;
    if (said == ALIGN_SAID)
        fprintf(f, "Alignment accuracy from %d-word to %d-word"
                " sentences", lo, hi);
    else
        fprintf(f, "Words wrong from the first tenth of the target"
                " sentence to the last");
    fprintf(f, ", mean $\\pm$ standard deviation over %d seeds",
            seeds);
    const char *sep = ":";
    for (int k = 0; k < n_models; k++) {
        double a[2], b[2];
        if (group[k] == 2) continue;
        if (said == ALIGN_SAID) align_at(a, align[k], seeds, lo, 0);
        else wrong_at(a, ev[k], seeds, lo);
        if (said == ALIGN_SAID) align_at(b, align[k], seeds, hi, 0);
        else wrong_at(b, ev[k], seeds, hi);
        if (isnan(a[0]) || isnan(b[0])) continue;
        fprintf(f, "%s %s with $H = %d$, $%.1f \\pm %.1f$\\%% to"
                " $%.1f \\pm %.1f$\\%%", sep,
                kind_name(config_kind(&mc[k])), mc[k].H, a[0], a[1],
                b[0], b[1]);
        if (said == ALIGN_SAID) {
            align_at(a, align[k], seeds, lo, 1);
            align_at(b, align[k], seeds, hi, 1);
            fprintf(f, " (one after gold, $%.1f \\pm %.1f$\\%% to"
                    " $%.1f \\pm %.1f$\\%%)", a[0], a[1], b[0],
                    b[1]);
        }
        sep = ";";
    }
    if (*sep == ':') {
        fprintf(f, ": no model was measured");
        sep = ";";
    }
    if (said == ALIGN_SAID)
        fprintf(f, "%s chance, %.1f\\%% to %.1f\\%%", sep,
                100 * align_chance(lo, lo),
                100 * align_chance(hi, hi));
    fprintf(f, ".\n");
    out_close(f);
}
#line 2587 "chapters/A-programs.nw"
    for (int i = 0; i < N_TABLES; i++) free(table_name[i]);
}
#line 2281 "chapters/A-programs.nw"
    dataset_free(&train_set);
    dataset_free(&val_set);
    return 0;
}
