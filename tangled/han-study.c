#line 1714 "chapters/11-documents.nw"
/* han-study: the hierarchical classifier's ablation, evidence and
   length sweep (chapter 11). */
#include "checkpoint.h"
#include "tasks.h"
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
enum { MAX_CONFIGS = 8, MAX_SEEDS = 20, MAX_EPOCHS = 100 };
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
#line 1746 "chapters/11-documents.nw"
typedef struct {
    double acc, sent_hit, word_hit, sent_mass, word_mass;
} Evidence;

static void evidence_add(Evidence *e, const Model *m, const Batch *bt,
                         const Dataset *d, int b)
{
    real *token_w = xcalloc(m->max_S, sizeof(real));
    real sent_w[HAN_MAX_SENTENCES];
    int first[HAN_MAX_SENTENCES], words[HAN_MAX_SENTENCES], n_gold;
    int n = han_evidence(m, b, token_w, sent_w);
    doc_sentences(first, words, HAN_MAX_SENTENCES,
                  bt->src + (size_t)b * bt->S, bt->src_len[b]);
    int pos = pair_links(d, bt->row[b], &n_gold)[0].src, g = 0;
    while (pos >= first[g] + words[g]) g++;
    int best_s = 0, best_w = first[g];
    for (int i = 1; i < n; i++)
        if (sent_w[i] > sent_w[best_s]) best_s = i;
    for (int t = first[g]; t < first[g] + words[g]; t++)
        if (token_w[t] > token_w[best_w]) best_w = t;
    e->sent_hit += best_s == g;
    e->word_hit += best_w == pos;
    e->sent_mass += sent_w[g];
    e->word_mass += token_w[pos];
    free(token_w);
}
#line 1774 "chapters/11-documents.nw"
static Evidence evidence_of(Model *m, const Dataset *d, int bs)
{
    Evidence e = {0};
    Batch batch;
    batch_alloc(&batch, bs, d->L);
    int *rows = xcalloc(bs, sizeof(int));
    int *label = xcalloc(bs, sizeof(int));
    for (int start = 0; start < d->n; start += bs) {
        int count = d->n - start < bs ? d->n - start : bs;
        for (int i = 0; i < count; i++) rows[i] = start + i;
        batch_fill(&batch, d, rows, count);
        han_classify(m, &batch, label);
        for (int b = 0; b < count; b++) {
            e.acc += label[b] == batch.tgt[(size_t)b * batch.T + 1];
            evidence_add(&e, m, &batch, d, b);
        }
    }
    double *x[] = { &e.acc, &e.sent_hit, &e.word_hit, &e.sent_mass,
                    &e.word_mass };
    for (int k = 0; k < 5; k++) *x[k] /= d->n;
    free(rows); free(label);
    batch_free(&batch);
    return e;
}
#line 1805 "chapters/11-documents.nw"
typedef struct {
    Evidence curve[MAX_EPOCHS + 1];
    double sweep[DOC_MAX_SENTENCES + 1];    /* accuracy, by length */
    size_t params;
    Model *model;
} DocRun;

typedef struct {
    int variant[MAX_CONFIGS], dirs[MAX_CONFIGS], n_conf, seeds;
    int min_s, max_s;                       /* sentences a document */
    ModelConfig base;
    TrainConfig tc;
    const Dataset *train, *val, *sweep;     /* sweep: [k], k >= 1 */
    int max_len;
    DocRun *run;                            /* [n_conf * seeds] */
} DocPlan;

typedef struct { Model *m; const Dataset *val; DocRun *run; } Hook;

static void after_epoch(int epoch, double train_loss, double val_loss,
                        double seconds, void *ctx)
{
    (void)train_loss; (void)val_loss; (void)seconds;
    Hook *h = ctx;
    h->run->curve[epoch] = evidence_of(h->m, h->val, 64);
}
#line 1833 "chapters/11-documents.nw"
static void doc_run(int index, void *ctx)
{
    DocPlan *pl = ctx;
    int q = index / pl->seeds, s = index % pl->seeds;
    DocRun *run = &pl->run[index];
    ModelConfig mc = pl->base;
    mc.attention = pl->variant[q];
    mc.directions = pl->dirs[q];
    TrainConfig tc = pl->tc;
    tc.seed = s + 1;
    Model *m = model_create(&mc, tc.batch_size, pl->max_len, tc.seed);
    run->params = m->params.count;
    Hook hook = { m, pl->val, run };
    run->curve[0] = evidence_of(m, pl->val, 64);
    train_model(m, pl->train, pl->val, &tc, after_epoch, &hook);
    for (int k = 1; k <= DOC_MAX_SENTENCES; k++)
        run->sweep[k] = evidence_of(m, &pl->sweep[k], 64).acc;
    progress("%s/%d, seed %d: accuracy %.3f", han_family.variants[
             mc.attention], mc.directions, s + 1,
             run->curve[tc.epochs].acc);
    if (index == 0) run->model = m;
    else model_free(m);
}
#line 2271 "chapters/11-documents.nw"
typedef struct {
    int n, label, gold, gold_at, first[HAN_MAX_SENTENCES],
        words[HAN_MAX_SENTENCES];
    real token_w[MAX_WORDS + 2], sent_w[HAN_MAX_SENTENCES];
    const int *src;
} Shaded;

static Shaded shade(Model *m, const Dataset *d, Batch *batch)
{
    assert(m->max_S <= MAX_WORDS + 2);      /* sh.token_w holds it */
    Shaded sh;
    int row = 0, n_gold;
    while (row < d->n - 1 && doc_sentences(sh.first, sh.words,
           HAN_MAX_SENTENCES, d->src + (size_t)row * d->L,
           d->src_len[row]) < 4) row++;
    batch_fill(batch, d, &row, 1);
    han_classify(m, batch, &sh.label);
    sh.n = han_evidence(m, 0, sh.token_w, sh.sent_w);
    doc_sentences(sh.first, sh.words, HAN_MAX_SENTENCES, batch->src,
                  batch->src_len[0]);
    sh.gold_at = pair_links(d, row, &n_gold)[0].src;
    sh.gold = 0;
    while (sh.gold_at >= sh.first[sh.gold] + sh.words[sh.gold])
        sh.gold++;
    sh.src = batch->src;
    return sh;
}
#line 2303 "chapters/11-documents.nw"
static void write_document(const Shaded *sh, const Vocab *src,
                           const Vocab *tgt, FILE *f)
{
    fprintf(f, "\\begin{tabular}{@{}r@{\\hspace{0.4em}}r"
            "@{\\hspace{0.5em}}l@{\\hspace{0.6em}}l@{}}\n");
    for (int i = 0; i < sh->n; i++) {
        fprintf(f, "%s & %.2f & \\textcolor{blue!70}{\\rule{%.2fcm}"
                "{1.3ex}}\\rule{%.2fcm}{0pt} &",
                i == sh->gold ? "$\\rightarrow$" : "", sh->sent_w[i],
                2.5 * sh->sent_w[i], 2.5 * (1 - sh->sent_w[i]));
        int end = sh->first[i] + sh->words[i];
        for (int t = sh->first[i]; t < end; t++)
            fprintf(f, " \\colorbox{orange!%d}{\\strut %s%s%s}",
                    (int)lround(100 * sh->token_w[t]),
                    t == sh->gold_at ? "\\underline{" : "",
                    src->word[sh->src[t]],
                    t == sh->gold_at ? "}" : "");
        fprintf(f, " \\\\\n");
    }
    fprintf(f, "\\end{tabular}\\\\[1ex]\nclass given: \\emph{%s}\n",
            tgt->word[sh->label]);
}
#line 2328 "chapters/11-documents.nw"
static void write_terminal(Model *m, const Shaded *sh,
                           const Vocab *src, const Vocab *tgt,
                           FILE *f)
{
    han_show(f, m, 0, sh->src, src, sh->gold_at);
    fprintf(f, "class: %s\n", tgt->word[sh->label]);
}
#line 1956 "chapters/11-documents.nw"
static void mean_of(const DocPlan *pl, int q, int epoch, int field,
                    double *mean, double *sd)
{
    double x[MAX_SEEDS];
    for (int s = 0; s < pl->seeds; s++) {
        const Evidence *e = &pl->run[q * pl->seeds + s].curve[epoch];
        const double v[] = { e->acc, e->sent_hit, e->word_hit,
                             e->sent_mass, e->word_mass };
        x[s] = 100 * v[field];
    }
    mean_sd(x, pl->seeds, mean, sd);
}

static double sentence_chance(const DocPlan *pl)     /* in % */
{
    return 100 * doc_sentence_chance(pl->min_s, pl->max_s);
}

static const char *config_name(const DocPlan *pl, int q)
{
    static char name[MAX_CONFIGS][40];
    snprintf(name[q], sizeof name[q], "%s%s",
             han_family.variants[pl->variant[q]],
             pl->dirs[q] == 1 ? ", one direction" : "");
    return name[q];
}
#line 1987 "chapters/11-documents.nw"
static int word_mode_of(const DocPlan *pl, int q)
{
    int v = pl->variant[q];
    return v == HAN_BOTH || v == HAN_WORDS_ONLY;
}

static int sentence_mode_of(const DocPlan *pl, int q)
{
    int v = pl->variant[q];
    return v == HAN_BOTH || v == HAN_SENTENCES_ONLY;
}
#line 2000 "chapters/11-documents.nw"
static void write_table(const DocPlan *pl, FILE *f)
{
    int E = pl->tc.epochs;
    fprintf(f, "\\begin{tabular}{lrrrrr}\n\\toprule\n"
            "& & \\multicolumn{2}{c}{argmax on gold (\\%%)}"
            " & \\multicolumn{2}{c}{weight on gold (\\%%)} \\\\\n"
            "\\cmidrule(lr){3-4}\\cmidrule(lr){5-6}\n"
            "configuration & accuracy (\\%%) & sentence & word"
            " & sentence & word \\\\\n\\midrule\n");
    for (int q = 0; q < pl->n_conf; q++) {
        int sm = sentence_mode_of(pl, q), wm = word_mode_of(pl, q);
        int has[5] = { 1, sm, wm, sm, wm };
        fprintf(f, "%s", config_name(pl, q));
        for (int k = 0; k < 5; k++) {
            double mean, sd;
            mean_of(pl, q, E, k, &mean, &sd);
            if (has[k]) fprintf(f, " & $%.1f \\pm %.1f$", mean, sd);
            else fprintf(f, " & ---");
        }
        fprintf(f, " \\\\\n");
    }
    fprintf(f, "\\midrule\nchance & %.1f & %.1f & %.1f & %.1f & %.1f"
            " \\\\\n\\bottomrule\n\\end{tabular}\n",
            100.0 / DOC_CLASSES, sentence_chance(pl),
            100 * doc_word_chance(), sentence_chance(pl),
            100 * doc_word_chance());
}
#line 2034 "chapters/11-documents.nw"
static void write_curves(const DocPlan *pl, FILE *f)
{
    fprintf(f, "# epoch, chance of sentence and word hits, then per"
            " configuration: accuracy, sentence hits, word hits"
            " (%%)\n");
    for (int e = 0; e <= pl->tc.epochs; e++) {
        fprintf(f, "%d %.3f %.3f", e, sentence_chance(pl),
                100 * doc_word_chance());
        for (int q = 0; q < pl->n_conf; q++)
            for (int k = 0; k < 3; k++) {
                double mean, sd;
                mean_of(pl, q, e, k, &mean, &sd);
                fprintf(f, " %.3f", mean);
            }
        fprintf(f, "\n");
    }
}

static void write_sweep(const DocPlan *pl, FILE *f)
{
    fprintf(f, "# sentences, best bag of words, 1/n, then per"
            " configuration: accuracy mean and sd (%%)\n");
    for (int k = 1; k <= DOC_MAX_SENTENCES; k++) {
        fprintf(f, "%d %.3f %.3f", k, 100 * doc_bag_of_words(k),
                100.0 / k);
        for (int q = 0; q < pl->n_conf; q++) {
            double x[MAX_SEEDS], mean, sd;
            for (int s = 0; s < pl->seeds; s++)
                x[s] = 100 * pl->run[q * pl->seeds + s].sweep[k];
            mean_sd(x, pl->seeds, &mean, &sd);
            fprintf(f, " %.3f %.3f", mean, sd);
        }
        fprintf(f, "\n");
    }
}
#line 2077 "chapters/11-documents.nw"
static void write_summary(const DocPlan *pl, const Shaded *sh,
                          FILE *f)
{
    int E = pl->tc.epochs, n = pl->seeds;
    const char *field[] = { "Acc", "SentHit", "WordHit", "SentMass",
                            "WordMass" };
    for (int k = 0; k < 5; k++) {
        double mean, sd;
        mean_of(pl, 0, E, k, &mean, &sd);
        fprintf(f, "\\newcommand{\\han%s}{$%.1f \\pm %.1f$\\,\\%%}\n",
                field[k], mean, sd);
    }
    
#line 2097 "chapters/11-documents.nw"
double bag = 0;
for (int k = pl->min_s; k <= pl->max_s; k++)
    bag += doc_bag_of_words(k) / (pl->max_s - pl->min_s + 1);
fprintf(f, "\\newcommand{\\hanSentChance}{%.1f\\,\\%%}\n"
        "\\newcommand{\\hanWordChance}{%.1f\\,\\%%}\n"
        "\\newcommand{\\hanBag}{%.1f\\,\\%%}\n"
        "\\newcommand{\\hanSeeds}{%d}\n"
        "\\newcommand{\\hanEpochs}{%d}\n"
        "\\newcommand{\\hanParams}{%zu}\n",
        sentence_chance(pl), 100 * doc_word_chance(), 100 * bag, n, E,
        pl->run[0].params);
#line 2090 "chapters/11-documents.nw"
    
#line 2115 "chapters/11-documents.nw"
{
    double chance = 100.0 / DOC_CLASSES, acc, hit[3], sd;
    double ch[3] = { 0, sentence_chance(pl),
                     100 * doc_word_chance() };
    int off = -1, low = 0;
    for (int e = 0; e <= E && off < 0; e++) {
        mean_of(pl, 0, e, 0, &acc, &sd);
        if (acc > chance + 10) off = e;
    }
    double low_hit = 101;
    for (int e = 0; e <= E; e++) {
        mean_of(pl, 0, e, 2, &hit[2], &sd);
        if (hit[2] < low_hit) { low_hit = hit[2]; low = e; }
    }
    fprintf(f, "\\newcommand{\\hanRise}{");
    
#line 2138 "chapters/11-documents.nw"
if (off < 1) {
    fprintf(f, off < 0 ? "The mean accuracy never leaves chance."
            : "The mean accuracy is off chance before training.");
} else {
    mean_of(pl, 0, off, 0, &acc, &sd);
    fprintf(f, "The mean accuracy leaves chance after epoch %d"
            " (%.1f\\,\\%%). One epoch before, ", off, acc);
    for (int k = 2; k >= 1; k--) {
        mean_of(pl, 0, off - 1, k, &hit[k], &sd);
        double d = hit[k] - ch[k];
        fprintf(f, "%s %s hits are at %.1f\\,\\%%, %.1f points %s"
                " their chance level%s", k == 2 ? "the" : " and the",
                k == 2 ? "word" : "sentence", hit[k], fabs(d),
                d >= 0 ? "above" : "below", k == 1 ? "." : ",");
    }
}
#line 2131 "chapters/11-documents.nw"
    if (low) fprintf(f, " The word hits are lowest, %.1f\\,\\%%,"
                     " after epoch %d.}\n", low_hit, low);
    else fprintf(f, " The word hits are lowest, %.1f\\,\\%%, before"
                 " training.}\n", low_hit);
}
#line 2091 "chapters/11-documents.nw"
    
#line 2156 "chapters/11-documents.nw"
fprintf(f, "\\newcommand{\\hanComparisons}{");
for (int q = 1; q < pl->n_conf; q++) {
    double a[MAX_SEEDS], b[MAX_SEEDS], t;
    for (int s = 0; s < n; s++) {
        a[s] = 100 * pl->run[q * n + s].curve[E].acc;
        b[s] = 100 * pl->run[s].curve[E].acc;
    }
    double d = paired_t(a, b, n, &t);
    int same = 1;
    for (int s = 0; s < n; s++) same &= a[s] == b[s];
    fprintf(f, "%s%s: ", q > 1 ? "; " : "", config_name(pl, q));
    if (same) {
        
#line 2252 "chapters/11-documents.nw"
int top = 1;
for (int s = 0; s < n; s++) top &= b[s] == 100;
fprintf(f, "identical to %s on every seed%s",
        config_name(pl, 0), top ? " (all at 100\\,\\%, a ceiling)"
                                : "");
#line 2169 "chapters/11-documents.nw"
        continue;
    }
    int real = n > 1 && fabs(t) > t_critical(n - 1);
    fprintf(f, "%s%.1f points%s", d >= 0 ? "+" : "$-$", fabs(d),
            real ? "" : ", inside the noise");
    if (isinf(t)) fprintf(f, " ($t = %s\\infty$)", t < 0 ? "-" : "");
    else fprintf(f, " ($t = %.1f$)", fabs(t) < 0.05 ? 0.0 : t);
}
fprintf(f, ".}\n\\newcommand{\\hanTcritical}{%.3f}\n",
        t_critical(n - 1));
#line 2259 "chapters/11-documents.nw"
fprintf(f, "\\newcommand{\\hanLastSeeds}{");
for (int s = 0; s < n; s++)
    fprintf(f, "%s%.1f", s == 0 ? "" : s == n - 1 ? " and " : ", ",
            100 * pl->run[(pl->n_conf - 1) * n + s].curve[E].acc);
fprintf(f, "\\,\\%%}\n");
#line 2180 "chapters/11-documents.nw"
struct rusage use;
getrusage(RUSAGE_SELF, &use);
fprintf(f, "\\newcommand{\\hanCpu}{%.1f}\n",
        use.ru_utime.tv_sec + use.ru_utime.tv_usec / 1e6
        + use.ru_stime.tv_sec + use.ru_stime.tv_usec / 1e6);
#line 2092 "chapters/11-documents.nw"
    
#line 2192 "chapters/11-documents.nw"
fprintf(f, "\\newcommand{\\hanSweep}{");
int above[MAX_CONFIGS], n_below = 0;
for (int q = 0; q < pl->n_conf; q++) {
    above[q] = 1;
    double in = 0, out = 0;
    int n_in = 0, n_out = 0;
    for (int k = 1; k <= DOC_MAX_SENTENCES; k++) {
        double x[MAX_SEEDS], mean, sd;
        for (int s = 0; s < n; s++)
            x[s] = 100 * pl->run[q * n + s].sweep[k];
        mean_sd(x, n, &mean, &sd);
        int trained = k >= pl->min_s && k <= pl->max_s;
        if (trained) { in += mean; n_in++; }
        else { out += mean; n_out++; }
        above[q] &= k == 1 || mean > 100 * doc_bag_of_words(k);
    }
    n_below += !above[q];
    fprintf(f, "%s%s: %.1f\\,\\%% and %.1f\\,\\%%",
            q ? "; " : "", config_name(pl, q), in / n_in,
            out / n_out);
}
fprintf(f, ".}\n\\newcommand{\\hanSweepBag}{%s", n_below
        ? "Not above it at every length of two or more sentences, in"
          " the mean: "
        : "Every configuration's mean accuracy is above it at every"
          " length of two or more sentences.");
for (int q = 0, said = 0; q < pl->n_conf; q++)
    if (!above[q])
        fprintf(f, "%s%s", said++ ? ", " : "", config_name(pl, q));
fprintf(f, "%s}\n", n_below ? "." : "");
#line 2093 "chapters/11-documents.nw"
    
#line 2228 "chapters/11-documents.nw"
{
    int best_s = 0, best_w = sh->first[sh->gold];
    for (int i = 1; i < sh->n; i++)
        if (sh->sent_w[i] > sh->sent_w[best_s]) best_s = i;
    int end = sh->first[sh->gold] + sh->words[sh->gold];
    for (int t = sh->first[sh->gold]; t < end; t++)
        if (sh->token_w[t] > sh->token_w[best_w]) best_w = t;
    const Evidence *e = &pl->run[0].curve[E];
    fprintf(f, "\\newcommand{\\hanShown}{In this document the"
            " sentence argmax is %son the gold sentence and the word"
            " argmax is %son the gold word; the same model's are"
            " there for %.1f\\,\\%% and %.1f\\,\\%% of the"
            " validation documents.}\n", best_s == sh->gold ? "" :
            "not ", best_w == sh->gold_at ? "" : "not ",
            100 * e->sent_hit, 100 * e->word_hit);
}
#line 2094 "chapters/11-documents.nw"
}
#line 1730 "chapters/11-documents.nw"
int main(int argc, char **argv)
{
    program_name = "han-study";
    
#line 1862 "chapters/11-documents.nw"
DataConfig dc = data_config_default();
dc.task = &documents_task;
dc.min_words = 2; dc.max_words = 6;
dc.n_train = 1000; dc.n_val = 500;
TrainConfig tc = train_config_default();
tc.epochs = 10;
ModelConfig base = han_config_default();
const char *configs = "han,han-words,han-sentences,han-mean,han-last,"
                      "han/1";
char *table = NULL, *curves = NULL, *sweep = NULL, *summary = NULL;
char *document = NULL, *terminal = NULL, *save = NULL;
int seeds = 3, threads = default_threads(), n_sweep = 300;
Option options[] = {
    {"--configs", OPT_TEXT, &configs, 0, 0,
     "variants, as han or han/1"},
    {"--seeds", OPT_INT, &seeds, 1, MAX_SEEDS, "seeds 1..N"},
    {"--epochs", OPT_INT, &tc.epochs, 1, MAX_EPOCHS, "epochs"},
    {"--train", OPT_INT, &dc.n_train, 1, 1000000,
     "training documents"},
    {"--val", OPT_INT, &dc.n_val, 1, 1000000, "validation documents"},
    {"--embed", OPT_INT, &base.E, 1, 4096, "embedding size E"},
    {"--hidden", OPT_INT, &base.H, 1, 4096, "hidden size H"},
    {"--threads", OPT_INT, &threads, 1, THREADS_MAX,
     "runs trained at once"},
    {"--table", OPT_TEXT, &table, 0, 0, "file for the LaTeX table"},
    {"--curves", OPT_TEXT, &curves, 0, 0, "file for the curves"},
    {"--sweep", OPT_TEXT, &sweep, 0, 0, "file for the length sweep"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "file for the summary"},
    {"--document", OPT_TEXT, &document, 0, 0,
     "file for the shaded document (LaTeX)"},
    {"--terminal", OPT_TEXT, &terminal, 0, 0,
     "file for the shaded document (text)"},
    {"--save", OPT_TEXT, &save, 0, 0,
     "checkpoint of the first configuration's first seed"},
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "train the hierarchical document classifier's variants"
              " and measure their evidence");
#line 1908 "chapters/11-documents.nw"
DocPlan plan = { .seeds = seeds, .base = base, .tc = tc,
                 .min_s = dc.min_words, .max_s = dc.max_words };
char buf[256], *item[MAX_CONFIGS];
plan.n_conf = split_list(buf, sizeof buf, "--configs", configs, item,
                         MAX_CONFIGS);
for (int q = 0; q < plan.n_conf; q++) {
    char *slash = strchr(item[q], '/');
    plan.dirs[q] = 2;
    if (slash) {
        *slash = '\0';
        plan.dirs[q] = (int)parse_long("--configs", slash + 1, 1, 2);
    }
    int v = 0;
    while (han_family.variants[v] && strcmp(han_family.variants[v],
                                            item[q])) v++;
    if (!han_family.variants[v])
        refuse("--configs: '%s' is not a variant of the document"
               " classifier (han, han-words, han-sentences, han-mean,"
               " han-last)", shown(item[q]));
    plan.variant[q] = v;
}
#line 1901 "chapters/11-documents.nw"
char **file[] = { &table, &curves, &sweep, &summary, &document,
                  &terminal, &save };
const char *opt[] = { "--table", "--curves", "--sweep", "--summary",
                      "--document", "--terminal", "--save" };
for (int i = 0; i < 7; i++) if (*file[i]) out_plan(opt[i], *file[i]);
#line 1734 "chapters/11-documents.nw"
    
#line 1934 "chapters/11-documents.nw"
Dataset train_set, val_set, sweep_set[DOC_MAX_SENTENCES + 1];
datasets_make(&train_set, &val_set, &dc);
Rng rng;
rng_seed(&rng, dc.seed + 1000);
for (int k = 1; k <= DOC_MAX_SENTENCES; k++)
    dataset_generate(&sweep_set[k], &documents_task, n_sweep, k, k,
                     &rng);
plan.train = &train_set;
plan.val = &val_set;
plan.sweep = sweep_set;
plan.max_len = sweep_set[DOC_MAX_SENTENCES].L;
plan.run = xcalloc((size_t)plan.n_conf * seeds, sizeof(DocRun));
memory_check(threads * run_bytes(&dc, &base, tc.batch_size),
             "--threads");
run_parallel(doc_run, &plan, plan.n_conf * seeds, threads);
#line 1735 "chapters/11-documents.nw"
    
#line 2337 "chapters/11-documents.nw"
FILE *f;
if (table) { write_table(&plan, f = out_open(table)); out_close(f); }
if (curves) {
    write_curves(&plan, f = out_open(curves));
    out_close(f);
}
if (sweep) { write_sweep(&plan, f = out_open(sweep)); out_close(f); }
#line 2356 "chapters/11-documents.nw"
Vocab src, tgt;
vocab_build(&src, &documents_task, SOURCE);
vocab_build(&tgt, &documents_task, TARGET);
Batch batch;
batch_alloc(&batch, 1, val_set.L);
Shaded sh = shade(plan.run[0].model, &val_set, &batch);
if (document) {
    write_document(&sh, &src, &tgt, f = out_open(document));
    out_close(f);
}
if (terminal) {
    write_terminal(plan.run[0].model, &sh, &src, &tgt,
                   f = out_open(terminal));
    out_close(f);
}
#line 2345 "chapters/11-documents.nw"
if (summary) {
    write_summary(&plan, &sh, f = out_open(summary));
    out_close(f);
}
if (save) {
    Checkpoint ck = { dc.min_words, dc.max_words, plan.run[0].model,
                      &documents_task };
    ckpt_save(&ck, save);
}
#line 1736 "chapters/11-documents.nw"
    out_commit();
    return 0;
}
