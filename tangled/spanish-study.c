#line 1584 "chapters/09-spanish.nw"
/* spanish-study: every family on the English-to-Spanish task. */
#include "align.h"
#include "families.h"
#include "metrics.h"
#include "spanish.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
enum { MAX_CONFIGS = 6, MAX_SEEDS = 20, MAX_EPOCHS = 100,
       MAX_HEADS = 8, N_THETA = 19 };
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
#line 1616 "chapters/09-spanish.nw"
typedef struct {
    AerCounts argmax[N_PHENOMENA], all;
    AerCounts above[N_THETA];
} AerSet;

static double theta(int k) { return 0.05 * (k + 1); }

typedef struct {
    Model *model;
    double aer_curve[MAX_EPOCHS + 1];   /* argmax AER, epoch 0..E */
    AerSet aer;                         /* the model's map */
    AerSet head[MAX_HEADS];             /* the Transformer's heads */
    int heads;
    Eval final;
    double bleu, chrf, seconds;
} Run;
#line 1881 "chapters/09-spanish.nw"
enum { MAP_SENTENCES = 3, MAP_WORDS = 7 };
static const char *const map_kinds[] = { "dot", "additive",
                                         "transformer" };
enum { MAP_KINDS = 3 };
#line 1636 "chapters/09-spanish.nw"
typedef struct { AerSet *set; const Dataset *d; } AerVisit;

static void aer_one(const real *w, int T, int S, int row, void *ctx)
{
    (void)T;
    AerVisit *v = ctx;
    const Dataset *d = v->d;
    int n_gold, words = d->tgt_len[row] - 2;
    const Link *gold = pair_links(d, row, &n_gold);
    const int *tag = d->tag + (size_t)row * d->L;
    Link *a = xcalloc((size_t)words * S + 1, sizeof(Link));
    int n = links_argmax(a, w, words, S);
    aer_count(&v->set->all, a, n, gold, n_gold, tag, -1);
    for (int ph = 0; ph < N_PHENOMENA; ph++)
        aer_count(&v->set->argmax[ph], a, n, gold, n_gold, tag, ph);
    for (int k = 0; k < N_THETA; k++) {
        n = links_above(a, w, words, S, theta(k));
        aer_count(&v->set->above[k], a, n, gold, n_gold, tag, -1);
    }
    free(a);
}

static AerSet aer_measure(Model *m, const Dataset *d, int batch_size)
{
    AerSet set;
    memset(&set, 0, sizeof set);
    AerVisit v = { &set, d };
    for_each_attention(m, d, batch_size, aer_one, &v);
    return set;
}
#line 1670 "chapters/09-spanish.nw"
static void translation_scores(Model *m, const Dataset *d, int bs,
                               const Vocab *es, double *bleu_out,
                               double *chrf_out)
{
    BleuCounts b;
    ChrfCounts c;
    memset(&b, 0, sizeof b);
    memset(&c, 0, sizeof c);
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
        
#line 1697 "chapters/09-spanish.nw"
for (int i = 0; i < batch.B; i++) {
    const int *hyp = out + (size_t)i * steps;
    const int *ref = batch.tgt + (size_t)i * batch.T + 1;
    int n_hyp = 0, n_ref = batch.tgt_len[i] - 2;
    while (n_hyp < steps && hyp[n_hyp] != EOS) n_hyp++;
    bleu_add(&b, hyp, n_hyp, &ref, &n_ref, 1);
    char hs[1024] = "", rs[1024] = "";
    for (int k = 0; k < n_hyp && strlen(hs) < 900; k++)
        strcat(strcat(hs, " "), es->word[hyp[k]]);
    for (int k = 0; k < n_ref; k++)
        strcat(strcat(rs, " "), es->word[ref[k]]);
    chrf_add(&c, hs, rs, CHRF_N);
}
#line 1689 "chapters/09-spanish.nw"
    }
    *bleu_out = bleu(&b, NULL);
    *chrf_out = chrf(&c, 3, CHRF_N);
    free(rows); free(out);
    batch_free(&batch);
}
#line 1887 "chapters/09-spanish.nw"
static unsigned phenomena_of(const Dataset *d, int row)
{
    unsigned seen = 0;
    for (int t = 1; t < d->tgt_len[row] - 1; t++)
        seen |= 1u << d->tag[(size_t)row * d->L + t];
    return seen & ~(1u << PH_PLAIN);
}

static void choose_map_rows(int rows[MAP_SENTENCES], const Dataset *d)
{
    unsigned shown = 0;
    for (int k = 0; k < MAP_SENTENCES; k++) {
        int best = -1, best_new = -1;
        for (int r = 0; r < d->n; r++) {
            unsigned fresh = phenomena_of(d, r) & ~shown;
            int n_new = __builtin_popcount(fresh);
            int used = 0;
            for (int i = 0; i < k; i++) used |= rows[i] == r;
            if (!used && d->src_len[r] - 2 <= MAP_WORDS
                && n_new > best_new) { best = r; best_new = n_new; }
        }
        rows[k] = best;
        shown |= phenomena_of(d, best);
    }
}
#line 1926 "chapters/09-spanish.nw"
static char *map_name(const char *prefix, int m, int k,
                      const char *ext)
{
    char suffix[64];
    snprintf(suffix, sizeof suffix, "-%s-%d%s", map_kinds[m], k + 1,
             ext);
    return out_name(prefix, suffix);
}
#line 1939 "chapters/09-spanish.nw"
static void write_map(const char *prefix, int m, int k, Model *model,
                      const Dataset *d, int row, const Vocab *en,
                      const Vocab *es)
{
    Batch batch;
    batch_alloc(&batch, 1, d->L);
    batch_fill(&batch, d, &row, 1);
    model_forward(model, &batch);
    int T = batch.T - 1, S = batch.S, n_gold;
    const char *rows[MAX_WORDS + 2], *cols[MAX_WORDS + 2];
    for (int j = 0; j < T; j++) rows[j] = es->word[batch.tgt[j + 1]];
    for (int s = 0; s < S; s++) cols[s] = en->word[batch.src[s]];
    const Link *gold = pair_links(d, row, &n_gold);
    char *dat = map_name(prefix, m, k, ".dat");
    char *gpi = map_name(prefix, m, k, ".gpi");
    heatmap_files(dat, gpi, model->weights, T, S, rows, cols, gold,
                  n_gold);
    free(dat);
    free(gpi);
    batch_free(&batch);
}
#line 1713 "chapters/09-spanish.nw"
typedef struct {
    ModelConfig base;
    TrainConfig tc;
    const int *kind;
    int n_conf, seeds;
    const Dataset *train_set, *val_set, *align_set;
    const Vocab *es;
    Run (*runs)[MAX_SEEDS];
} Plan;

typedef struct { Run *run; const Plan *pl; } Hook;

static void study_epoch(int epoch, double train_loss, double val_loss,
                        double seconds, void *ctx)
{
    (void)train_loss; (void)val_loss;
    Hook *h = ctx;
    h->run->seconds += seconds;
    if (kind_chooses(config_kind(&h->run->model->cfg))) {
        AerSet s = aer_measure(h->run->model, h->pl->align_set,
                               h->pl->tc.batch_size);
        h->run->aer_curve[epoch] = aer(&s.all);
    }
}
#line 1739 "chapters/09-spanish.nw"
static void study_run(int index, void *ctx)
{
    const Plan *pl = ctx;
    int s = index % pl->seeds, k = index / pl->seeds;
    ModelConfig mc = pl->base;
    kind_config(&mc, pl->kind[k]);
    TrainConfig t = pl->tc;
    t.seed = (uint64_t)(s + 1);
    Run *run = &pl->runs[k][s];
    Model *m = model_create(&mc, t.batch_size, pl->train_set->L,
                            t.seed);
    run->model = m;
    Hook h = { run, pl };
    if (kind_chooses(pl->kind[k])) study_epoch(0, 0, 0, 0, &h);
    train_model(m, pl->train_set, pl->val_set, &t, study_epoch, &h);
    run->final = evaluate(m, pl->val_set, t.batch_size);
    translation_scores(m, pl->val_set, t.batch_size, pl->es,
                       &run->bleu, &run->chrf);
    if (kind_chooses(pl->kind[k])) 
#line 1768 "chapters/09-spanish.nw"
{
    run->aer = aer_measure(m, pl->align_set, t.batch_size);
    const ModelFamily *f = m->cfg.family;
    for (int hd = 0; f->show && hd < MAX_HEADS; hd++) {
        if (!f->show(m, -1, hd)) break;
        run->head[hd] = aer_measure(m, pl->align_set, t.batch_size);
        run->heads = hd + 1;
    }
    if (f->show) f->show(m, -1, -1);
}
#line 1758 "chapters/09-spanish.nw"
    progress("%s, seed %d: val loss %.4f, BLEU %.3f, %.1f s",
             kind_name(pl->kind[k]), s + 1, run->final.loss,
             run->bleu, run->seconds);
    if (s != 0) { model_free(m); run->model = NULL; }
}
#line 1986 "chapters/09-spanish.nw"
typedef double (*RunValue)(const Run *r, int arg);

static void seed_stat(double *mean, double *sd, const Run *runs,
                      int seeds, RunValue f, int arg)
{
    double x[MAX_SEEDS];
    for (int s = 0; s < seeds; s++) x[s] = f(&runs[s], arg);
    mean_sd(x, seeds, mean, sd);
}

static double v_loss(const Run *r, int a)
{
    (void)a;
    return r->final.loss;
}
static double v_token(const Run *r, int a)
{
    (void)a;
    return 100.0 * r->final.tokens_right / r->final.tokens;
}
static double v_exact(const Run *r, int a)
{
    (void)a;
    return 100.0 * r->final.sentences_right / r->final.sentences;
}
static double v_bleu(const Run *r, int a) { (void)a; return r->bleu; }
static double v_chrf(const Run *r, int a) { (void)a; return r->chrf; }
static double v_aer(const Run *r, int ph)
{
    return ph < 0 ? aer(&r->aer.all) : aer(&r->aer.argmax[ph]);
}
static double v_prec(const Run *r, int a)
{
    (void)a;
    return aer_precision(&r->aer.all);
}
static double v_rec(const Run *r, int a)
{
    (void)a;
    return aer_recall(&r->aer.all);
}
static double v_theta(const Run *r, int k)
{
    return aer(&r->aer.above[k]);
}
static double v_curve(const Run *r, int e) { return r->aer_curve[e]; }
#line 2038 "chapters/09-spanish.nw"
static void say_test(FILE *f, double t, int seeds)
{
    if (seeds < 2) return;
    if (isinf(t)) fprintf(f, " on every seed alike");
    else fprintf(f, " ($t = %.2f$, %s)",
                 fabs(t) < 0.005 ? 0.0 : t,    /* never -0.00 */
                 fabs(t) > t_critical(seeds - 1) ? "real"
                 : "inside the noise");
}
#line 2051 "chapters/09-spanish.nw"
static void floors(AerCounts chance[N_PHENOMENA + 1],
                   AerCounts best[N_PHENOMENA + 1], const Dataset *d)
{
    memset(chance, 0, sizeof(AerCounts) * (N_PHENOMENA + 1));
    memset(best, 0, sizeof(AerCounts) * (N_PHENOMENA + 1));
    for (int p = 0; p < d->n; p++) {
        int n_gold, words = d->tgt_len[p] - 2, S = d->src_len[p];
        const Link *gold = pair_links(d, p, &n_gold);
        const int *tag = d->tag + (size_t)p * d->L;
        for (int ph = -1; ph < N_PHENOMENA; ph++) {
            AerCounts *c = &chance[ph + 1], *b = &best[ph + 1];
            aer_chance(c, words, S, gold, n_gold, tag, ph);
            aer_best_argmax(b, words, gold, n_gold, tag, ph);
        }
    }
}
#line 1602 "chapters/09-spanish.nw"
int main(int argc, char **argv)
{
    program_name = "spanish-study";
    
#line 1784 "chapters/09-spanish.nw"
DataConfig dc = data_config_default();
dc.task = &spanish_task;
dc.min_words = 2; dc.max_words = 12;
dc.n_train = 1200; dc.n_val = 300;
TrainConfig tc = train_config_default();
tc.epochs = 10;
tc.batch_size = 32;
ModelConfig base = model_config_default();
base.E = base.H = 64;
const char *configs = "none,none+Wc,dot,general,additive,transformer";
char *table = NULL, *phen = NULL, *curves = NULL, *heads = NULL;
char *thetas = NULL, *summary = NULL, *heatmaps = NULL;
char *heads_said = NULL, *sweep = NULL, *phen_tests = NULL;
char *tests = NULL;
const char *sweep_pairs = "300,600", *sweep_kind = "additive";
int seeds = 3, threads = default_threads();
double floor_share = 1;
Option options[] = {
    {"--configs", OPT_TEXT, &configs, 0, 0, "attention kinds"},
    {"--seeds", OPT_INT, &seeds, 1, MAX_SEEDS, "seeds 1..N"},
    {"--threads", OPT_INT, &threads, 1, THREADS_MAX, "runs at once"},
    {"--epochs", OPT_INT, &tc.epochs, 1, MAX_EPOCHS, "epochs"},
    {"--warmup-epochs", OPT_INT, &tc.warmup_epochs, 0, MAX_EPOCHS,
     "epochs of linear warm-up"},
    {"--lr-floor", OPT_REAL, &floor_share, 0, 1,
     "last rate, a share of the peak"},
    {"--train-pairs", OPT_INT, &dc.n_train, 1, 1e6, "training pairs"},
    {"--batch", OPT_INT, &tc.batch_size, 1, 4096, "pairs per batch"},
    {"--max-words", OPT_INT, &dc.max_words, SPANISH_MIN_WORDS,
     SPANISH_MAX_WORDS, "longest English sentence"},
    {"--embed", OPT_INT, &base.E, 1, 4096, "embedding size E"},
    {"--hidden", OPT_INT, &base.H, 1, 4096, "hidden size H"},
    {"--table", OPT_TEXT, &table, 0, 0, "file for the main table"},
    {"--phenomena", OPT_TEXT, &phen, 0, 0, "file for AER by kind"},
    {"--heads", OPT_TEXT, &heads, 0, 0, "file for the heads"},
    {"--heads-said", OPT_TEXT, &heads_said, 0, 0,
     "file: do the heads specialise?"},
    {"--phenomena-tests", OPT_TEXT, &phen_tests, 0, 0,
     "file: each phenomenon's leader, tested"},
    {"--curves", OPT_TEXT, &curves, 0, 0, "file for AER by epoch"},
    {"--thresholds", OPT_TEXT, &thetas, 0, 0, "file: AER by theta"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "file for a summary"},
    {"--tests", OPT_TEXT, &tests, 0, 0, "file: the models' tests"},
    {"--heatmaps", OPT_TEXT, &heatmaps, 0, 0, "prefix for heatmaps"},
    {"--sweep", OPT_TEXT, &sweep, 0, 0, "file: one kind by pairs"},
    {"--sweep-pairs", OPT_TEXT, &sweep_pairs, 0, 0,
     "training pairs of the sweep"},
    {"--sweep-kind", OPT_TEXT, &sweep_kind, 0, 0, "kind swept"},
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "every family on the English-to-Spanish task");
int kind[MAX_CONFIGS];
char conf_buf[128], *conf[MAX_CONFIGS];
int n_conf = split_list(conf_buf, sizeof conf_buf, "--configs",
                        configs, conf, MAX_CONFIGS);
for (int k = 0; k < n_conf; k++) kind[k] = kind_from_name(conf[k]);
if (tc.warmup_epochs >= tc.epochs)
    refuse("--warmup-epochs %d: a warm-up as long as the run"
           " (--epochs %d) leaves nothing of it", tc.warmup_epochs,
           tc.epochs);
tc.lr_floor = floor_share * tc.lr;
char **file[] = { &table, &phen, &phen_tests, &heads, &heads_said,
                  &curves, &thetas, &summary, &sweep, &tests };
const char *opt[] = { "--table", "--phenomena", "--phenomena-tests",
                      "--heads", "--heads-said", "--curves",
                      "--thresholds", "--summary", "--sweep",
                      "--tests" };
for (int i = 0; i < 10; i++) if (*file[i]) out_plan(opt[i], *file[i]);
#line 2394 "chapters/09-spanish.nw"
enum { MAX_SWEEP = 6 };
int sweep_n[MAX_SWEEP], n_sweep = 0, sweep_k = -1;
if (sweep) {
    char buf[128], *item[MAX_SWEEP];
    n_sweep = split_list(buf, sizeof buf, "--sweep-pairs",
                         sweep_pairs, item, MAX_SWEEP);
    for (int i = 0; i < n_sweep; i++) {
        int used;
        if (sscanf(item[i], "%d%n", &sweep_n[i], &used) != 1
            || item[i][used] || sweep_n[i] < 1 || sweep_n[i] > 1000000
            || sweep_n[i] == dc.n_train)
            refuse("--sweep-pairs: '%s' is not a number of pairs from"
                   " 1 to 1000000 other than --train-pairs %d",
                   shown(item[i]), dc.n_train);
    }
    int k = kind_from_name(sweep_kind);
    for (int i = 0; i < n_conf; i++) if (kind[i] == k) sweep_k = i;
    if (sweep_k < 0)
        refuse("--sweep-kind %s: not one of --configs '%s'",
               shown(sweep_kind), shown(configs));
}
#line 1606 "chapters/09-spanish.nw"
    
#line 1857 "chapters/09-spanish.nw"
Vocab en, es;
vocab_build(&en, &spanish_task, SOURCE);
vocab_build(&es, &spanish_task, TARGET);
base.src_vocab = en.size;
base.tgt_vocab = es.size;
Dataset train_set, val_set, align_set;
datasets_make(&train_set, &val_set, &dc);
Rng align_rng;
rng_seed(&align_rng, 1000);
dataset_generate(&align_set, &spanish_task, 300, dc.min_words,
                 dc.max_words, &align_rng);
static Run runs[MAX_CONFIGS][MAX_SEEDS];
Plan plan = { base, tc, kind, n_conf, seeds, &train_set, &val_set,
              &align_set, &es, runs };
#line 1914 "chapters/09-spanish.nw"
int map_row[MAP_SENTENCES];
if (heatmaps) {
    choose_map_rows(map_row, &align_set);
    for (int m = 0; m < MAP_KINDS; m++)
        for (int k = 0; k < MAP_SENTENCES; k++) {
            out_plan("--heatmaps", map_name(heatmaps, m, k, ".dat"));
            out_plan("--heatmaps", map_name(heatmaps, m, k, ".gpi"));
        }
}
#line 1872 "chapters/09-spanish.nw"
run_parallel(study_run, &plan, n_conf * seeds, threads);
#line 1607 "chapters/09-spanish.nw"
    
#line 2417 "chapters/09-spanish.nw"
static Run sweep_runs[MAX_SWEEP][MAX_SEEDS];
for (int i = 0; i < n_sweep; i++) {
    DataConfig size = dc;
    size.n_train = sweep_n[i];
    Dataset tr, va;
    datasets_make(&tr, &va, &size);
    Plan p = { base, tc, &kind[sweep_k], 1, seeds, &tr, &va,
               &align_set, &es, &sweep_runs[i] };
    run_parallel(study_run, &p, seeds, threads);
    model_free(sweep_runs[i][0].model);     /* kept for heatmaps */
    dataset_free(&tr);
    dataset_free(&va);
}
#line 1608 "chapters/09-spanish.nw"
    
#line 2070 "chapters/09-spanish.nw"
if (heatmaps) 
#line 1964 "chapters/09-spanish.nw"
for (int m = 0; m < MAP_KINDS; m++) {
    int k = 0;
    while (k < n_conf && strcmp(kind_name(kind[k]), map_kinds[m]))
        k++;
    if (k == n_conf)
        refuse("--heatmaps: draws %s, which --configs leaves out",
               map_kinds[m]);
    Run *r = &runs[k][0];
    const ModelFamily *f = r->model->cfg.family;
    int best = 0;
    for (int hd = 1; hd < r->heads; hd++)
        if (aer(&r->head[hd].all) < aer(&r->head[best].all))
            best = hd;
    if (r->heads) f->show(r->model, -1, best);
    for (int s = 0; s < MAP_SENTENCES; s++)
        write_map(heatmaps, m, s, r->model, &align_set, map_row[s],
                  &en, &es);
    if (r->heads) f->show(r->model, -1, -1);
}
#line 2071 "chapters/09-spanish.nw"
if (table) {
    FILE *f = out_open(table);
    fprintf(f, "\\begin{tabular}{lrrrrrr}\n\\toprule\n"
            "model & val loss & tokens (\\%%) & exact (\\%%) & BLEU"
            " & chrF$_3$ & AER \\\\\n\\midrule\n");
    RunValue v[] = { v_loss, v_token, v_exact, v_bleu, v_chrf,
                     v_aer };
    const char *fmt[] = { "%.3f", "%.1f", "%.1f", "%.3f", "%.3f",
                          "%.3f" };
    for (int k = 0; k < n_conf; k++) {
        fprintf(f, "%s", kind_name(kind[k]));
        for (int i = 0; i < 6; i++) {
            double mean, sd;
            if (i == 5 && !kind_chooses(kind[k])) {
                fprintf(f, " & n/a");
                continue;
            }
            seed_stat(&mean, &sd, runs[k], seeds, v[i], -1);
            fprintf(f, " & $");
            fprintf(f, fmt[i], mean);
            fprintf(f, " \\pm ");
            fprintf(f, fmt[i], sd);
            fprintf(f, "$");
        }
        fprintf(f, " \\\\\n");
    }
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
    out_close(f);
}
#line 2103 "chapters/09-spanish.nw"
if (phen) {
    AerCounts chance[N_PHENOMENA + 1], best[N_PHENOMENA + 1];
    floors(chance, best, &align_set);
    FILE *f = out_open(phen);
    fprintf(f, "\\begin{tabular}{lrrr");
    for (int k = 0; k < n_conf; k++)
        if (kind_chooses(kind[k])) fprintf(f, "r");
    fprintf(f, "}\n\\toprule\nphenomenon & words & chance & best");
    for (int k = 0; k < n_conf; k++)
        if (kind_chooses(kind[k]))
            fprintf(f, " & %s", kind_name(kind[k]));
    fprintf(f, " \\\\\n\\midrule\n");
    for (int ph = 0; ph <= N_PHENOMENA; ph++) {
        int which = ph < N_PHENOMENA ? ph : -1;
        fprintf(f, "%s%s & %.0f & %.3f & %.3f",
                ph == N_PHENOMENA ? "\\midrule\n" : "",
                ph < N_PHENOMENA ? phenomenon_name[ph] : "all words",
                chance[which + 1].A, aer(&chance[which + 1]),
                aer(&best[which + 1]));
        for (int k = 0; k < n_conf; k++) {
            if (!kind_chooses(kind[k])) continue;
            double mean, sd;
            seed_stat(&mean, &sd, runs[k], seeds, v_aer, which);
            fprintf(f, " & $%.3f \\pm %.3f$", mean, sd);
        }
        fprintf(f, " \\\\\n");
    }
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
    out_close(f);
}
#line 2137 "chapters/09-spanish.nw"
if (phen_tests) {
    FILE *f = out_open(phen_tests);
    tests_begin(f, seeds, "phenomenon: leader");
    for (int ph = 0; ph < PH_UNALIGNED; ph++) {
        int first = -1, second = -1;
        double m1 = 2, m2 = 2, m, sd;
        for (int k = 0; k < n_conf; k++) {
            if (!kind_chooses(kind[k])) continue;
            seed_stat(&m, &sd, runs[k], seeds, v_aer, ph);
            if (m < m1) {
                second = first, m2 = m1;
                first = k, m1 = m;
            } else if (m < m2) second = k, m2 = m;
        }
        if (second < 0) break;
        
#line 2158 "chapters/09-spanish.nw"
double a[MAX_SEEDS], b[MAX_SEEDS];
char leader[64];
for (int s = 0; s < seeds; s++) {
    a[s] = v_aer(&runs[first][s], ph);
    b[s] = v_aer(&runs[second][s], ph);
}
snprintf(leader, sizeof leader, "%s: %s", phenomenon_name[ph],
         kind_name(kind[first]));
tests_row(f, leader, kind_name(kind[second]), a, b, seeds);
#line 2153 "chapters/09-spanish.nw"
    }
    tests_end(f);
    out_close(f);
}
#line 2172 "chapters/09-spanish.nw"
for (int k = 0; heads && k < n_conf; k++) {
    int NH = runs[k][0].heads;
    if (!NH) continue;
    FILE *f = out_open(heads);
    fprintf(f, "\\begin{tabular}{l");
    for (int hd = 0; hd <= NH; hd++) fprintf(f, "r");
    fprintf(f, "}\n\\toprule\nphenomenon");
    for (int hd = 0; hd < NH; hd++) fprintf(f, " & head %d", hd + 1);
    fprintf(f, " & mean of the heads \\\\\n\\midrule\n");
    for (int ph = 0; ph <= N_PHENOMENA; ph++) {
        fprintf(f, "%s%s", ph == N_PHENOMENA ? "\\midrule\n" : "",
                ph < N_PHENOMENA ? phenomenon_name[ph] : "all words");
        for (int hd = 0; hd <= NH; hd++)
            
#line 2194 "chapters/09-spanish.nw"
{
    double x[MAX_SEEDS], mean, sd;
    for (int s = 0; s < seeds; s++) {
        const AerSet *a = hd == NH ? &runs[k][s].aer
                                   : &runs[k][s].head[hd];
        x[s] = aer(ph < N_PHENOMENA ? &a->argmax[ph] : &a->all);
    }
    mean_sd(x, seeds, &mean, &sd);
    fprintf(f, " & $%.2f \\pm %.2f$", mean, sd);
}
#line 2186 "chapters/09-spanish.nw"
        fprintf(f, " \\\\\n");
    }
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
    out_close(f);
    break;
}
#line 2215 "chapters/09-spanish.nw"
for (int k = 0; heads_said && k < n_conf; k++) {
    int NH = runs[k][0].heads;
    if (!NH) continue;
    int cells = 0, beat = 0, special = 0;
    for (int s = 0; s < seeds; s++) {
        const Run *r = &runs[k][s];
        int overall = 0;
        for (int hd = 1; hd < NH; hd++)
            if (aer(&r->head[hd].all) < aer(&r->head[overall].all))
                overall = hd;
        for (int ph = 0; ph < PH_UNALIGNED; ph++) {
            
#line 2235 "chapters/09-spanish.nw"
const AerCounts *pooled = &r->aer.argmax[ph];
double word = 2 / (pooled->A + pooled->S);
int best = 0;
for (int hd = 1; hd < NH; hd++)
    if (aer(&r->head[hd].argmax[ph]) < aer(&r->head[best].argmax[ph]))
        best = hd;
int wins = aer(&r->head[best].argmax[ph]) < aer(pooled) - word;
cells++;
beat += wins;
special += wins && best != overall;
#line 2227 "chapters/09-spanish.nw"
        }
    }
    FILE *f = out_open(heads_said);
    
#line 2246 "chapters/09-spanish.nw"
fprintf(f, "Of the %d cells of %d seeds by %d phenomena, the best"
        " single head beats the mean of the heads by more than one"
        " word's worth in %d", cells, seeds, PH_UNALIGNED, beat);
if (beat)
    fprintf(f, ", and in %d of those it is not its seed's best head"
            " over all words", special);
fprintf(f, ". %s\n", 2 * beat < cells
        ? "In most cells the heads together align better than any"
          " one of them: by this measure the heads share the work"
          " more than they divide it."
        : "In most cells one head aligns better than the heads"
          " together: by this measure the heads divide the work.");
#line 2231 "chapters/09-spanish.nw"
    out_close(f);
    break;
}
#line 2261 "chapters/09-spanish.nw"
if (curves) {
    FILE *f = out_open(curves);
    fprintf(f, "# epoch, then mean and sd of argmax AER per model\n");
    for (int e = 0; e <= tc.epochs; e++) {
        fprintf(f, "%d", e);
        for (int k = 0; k < n_conf; k++) {
            if (!kind_chooses(kind[k])) continue;
            double mean, sd;
            seed_stat(&mean, &sd, runs[k], seeds, v_curve, e);
            fprintf(f, " %.4f %.4f", mean, sd);
        }
        fprintf(f, "\n");
    }
    out_close(f);
}
if (thetas) {
    FILE *f = out_open(thetas);
    fprintf(f, "# theta, then mean and sd of AER per model\n");
    for (int q = 0; q < N_THETA; q++) {
        fprintf(f, "%.2f", theta(q));
        for (int k = 0; k < n_conf; k++) {
            if (!kind_chooses(kind[k])) continue;
            double mean, sd;
            seed_stat(&mean, &sd, runs[k], seeds, v_theta, q);
            fprintf(f, " %.4f %.4f", mean, sd);
        }
        fprintf(f, "\n");
    }
    out_close(f);
}
#line 2295 "chapters/09-spanish.nw"
if (summary) {
    FILE *f = out_open(summary);
    fprintf(f, "The runs train on %d pairs of %d to %d English words"
            " for %d epochs ($E = %d$, $H = %d$), %d seeds each, and"
            " are measured on %d validation pairs and an alignment"
            " set of %d pairs. ", dc.n_train, dc.min_words,
            dc.max_words,
            tc.epochs, base.E, base.H, seeds, dc.n_val, align_set.n);
    
#line 2345 "chapters/09-spanish.nw"
struct rusage use;
getrusage(RUSAGE_SELF, &use);
fprintf(f, "The study took %.1f\\,s of processor time in all. ",
        use.ru_utime.tv_sec + use.ru_utime.tv_usec / 1e6
        + use.ru_stime.tv_sec + use.ru_stime.tv_usec / 1e6);
#line 2304 "chapters/09-spanish.nw"
    int attending = 0;
    for (int k = 0; k < n_conf; k++)
        attending += kind_chooses(kind[k]);
    if (attending) {
        fprintf(f, "Precision and recall by argmax, and the lowest"
                " AER by a threshold:\n\\begin{itemize}\n");
        
#line 2324 "chapters/09-spanish.nw"
for (int k = 0; k < n_conf; k++) {
    if (!kind_chooses(kind[k])) continue;
    double p, ps, r, rs, best = 2, best_sd = 0;
    int at = 0;
    seed_stat(&p, &ps, runs[k], seeds, v_prec, 0);
    seed_stat(&r, &rs, runs[k], seeds, v_rec, 0);
    for (int q = 0; q < N_THETA; q++) {
        double mean, sd;
        seed_stat(&mean, &sd, runs[k], seeds, v_theta, q);
        if (mean < best) { best = mean; best_sd = sd; at = q; }
    }
    fprintf(f, "\\item \\texttt{%s}: precision $%.3f \\pm %.3f$,"
            " recall $%.3f \\pm %.3f$; AER $%.3f \\pm %.3f$ at"
            " $\\theta = %.2f$\n",
            kind_name(kind[k]), p, ps, r, rs, best, best_sd,
            theta(at));
}
#line 2311 "chapters/09-spanish.nw"
        fprintf(f, "\\end{itemize}\n");
    }
    fprintf(f, "\n");
    out_close(f);
}
if (tests) {
    FILE *f = out_open(tests);
    tests_begin(f, seeds, "model");
    
#line 2355 "chapters/09-spanish.nw"
for (int c = 0; c < n_conf; c++) {
    if (strcmp(kind_name(kind[c]), "none+Wc")) continue;
    for (int k = 0; k < n_conf; k++) {
        if (!kind_chooses(kind[k])) continue;
        double a[MAX_SEEDS], b[MAX_SEEDS];
        char name[64];
        for (int s = 0; s < seeds; s++) {
            a[s] = v_exact(&runs[k][s], 0);
            b[s] = v_exact(&runs[c][s], 0);
        }
        snprintf(name, sizeof name, "%s, exact (\\%%)",
                 kind_name(kind[k]));
        tests_row(f, name, kind_name(kind[c]), a, b, seeds);
    }
}
for (int i = 0; i < n_conf; i++)
    for (int j = i + 1; j < n_conf; j++) {
        if (!kind_chooses(kind[i]) || !kind_chooses(kind[j]))
            continue;
        double a[MAX_SEEDS], b[MAX_SEEDS];
        for (int s = 0; s < seeds; s++) {
            a[s] = v_aer(&runs[i][s], -1);
            b[s] = v_aer(&runs[j][s], -1);
        }
        char name[64];
        snprintf(name, sizeof name, "%s, AER", kind_name(kind[j]));
        tests_row(f, name, kind_name(kind[i]), b, a, seeds);
    }
#line 2320 "chapters/09-spanish.nw"
    tests_end(f);
    out_close(f);
}
#line 2435 "chapters/09-spanish.nw"
if (sweep) {
    const Run *row[MAX_SWEEP + 1];
    int pairs[MAX_SWEEP + 1], n = 0;
    for (int i = 0; i <= n_sweep; i++) {
        int at = n++, p = i < n_sweep ? sweep_n[i] : dc.n_train;
        const Run *r = i < n_sweep ? sweep_runs[i] : runs[sweep_k];
        for (; at > 0 && pairs[at - 1] > p; at--) {
            pairs[at] = pairs[at - 1];
            row[at] = row[at - 1];
        }
        pairs[at] = p;
        row[at] = r;
    }
    FILE *f = out_open(sweep);
    fprintf(f, "\\begin{tabular}{rrrrll}\n\\toprule\npairs & exact"
            " (\\%%) & BLEU & AER & AER by seed & AER against the"
            " row above \\\\\n\\midrule\n");
    for (int i = 0; i < n; i++) {
        
#line 2459 "chapters/09-spanish.nw"
double m, sd, a[MAX_SEEDS], b[MAX_SEEDS], t;
fprintf(f, "%d", pairs[i]);
seed_stat(&m, &sd, row[i], seeds, v_exact, 0);
fprintf(f, " & $%.1f \\pm %.1f$", m, sd);
seed_stat(&m, &sd, row[i], seeds, v_bleu, 0);
fprintf(f, " & $%.3f \\pm %.3f$", m, sd);
seed_stat(&m, &sd, row[i], seeds, v_aer, -1);
fprintf(f, " & $%.3f \\pm %.3f$ & ", m, sd);
for (int s = 0; s < seeds; s++)
    fprintf(f, "%s%.2f", s ? ", " : "", v_aer(&row[i][s], -1));
fprintf(f, " & ");
if (i > 0 && seeds > 1) {
    for (int s = 0; s < seeds; s++) {
        a[s] = v_aer(&row[i][s], -1);
        b[s] = v_aer(&row[i - 1][s], -1);
    }
    fprintf(f, "$%+.3f$", paired_t(a, b, seeds, &t));
    say_test(f, t, seeds);
}
fprintf(f, " \\\\\n");
#line 2454 "chapters/09-spanish.nw"
    }
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
    out_close(f);
}
#line 1609 "chapters/09-spanish.nw"
    out_commit();
    return 0;
}
