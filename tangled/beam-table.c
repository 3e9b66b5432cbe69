#line 6278 "chapters/A-programs.nw"
/* beam-table: exact match and time against the beam width. */
#include "beam.h"
#include "checkpoint.h"
#include "families.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_CKPTS = 4, MAX_WIDTHS = 8, REPEATS_MAX = 50, CHUNK = 32 };
#line 6397 "chapters/A-programs.nw"
typedef struct {
    int width;
    long sentences, exact, tokens, tokens_right, fixed, broken;
    long search_errors;         /* wrong, though the target scores
                                   higher than what was found */
    double logprob, ms_median, ms_min, ms_max;
} Row;

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
#line 6421 "chapters/A-programs.nw"
static Row measure(Model *m, const Dataset *d, const int *rows,
                   int n, int k, int repeats, int *greedy)
{
    Row r = { .width = k };
    Batch batch;
    batch_alloc(&batch, CHUNK, d->L);
    int most = max_output_length(d->L - 2);     /* steps */
    int *out = xcalloc((size_t)CHUNK * most, sizeof(int));
    double lp[CHUNK], gold[CHUNK], ms[REPEATS_MAX];
    BeamConfig bc = { k, BEAM_ALPHA };
    for (int pass = 0; pass < repeats; pass++) {
        double spent = 0;
        for (int start = 0; start < n; start += CHUNK) {
            int count = n - start < CHUNK ? n - start : CHUNK;
            batch_fill(&batch, d, rows + start, count);
            int steps = beam_steps(&batch);
            double t0 = seconds_now();
            beam_decode(m, &batch, &bc, steps, out, lp, NULL);
            spent += seconds_now() - t0;
            if (pass == 0) {
                target_logprob(m, &batch, gold);
                
#line 6457 "chapters/A-programs.nw"
for (int b = 0; b < batch.B; b++) {
    const int *tgt = batch.tgt + (size_t)b * batch.T;
    const int *o = out + (size_t)b * steps;
    int len = batch.tgt_len[b] - 1, right = 0;
    for (int j = 0; j < len; j++) right += o[j] == tgt[j + 1];
    int *g = greedy + (size_t)batch.row[b] * d->L;
    if (k == 1) memcpy(g, o, sizeof(int) * len);
    int was = 1;
    for (int j = 0; j < len; j++) was &= g[j] == tgt[j + 1];
    r.sentences++; r.exact += right == len;
    r.tokens += len; r.tokens_right += right;
    r.fixed += right == len && !was;
    r.broken += right != len && was;
    r.logprob += lp[b];
    
#line 6479 "chapters/A-programs.nw"
int n_out = 0;
while (n_out < steps && o[n_out] != PAD)
    if (o[n_out++] == EOS) break;
double gold_key = gold[b] / length_penalty(len, BEAM_ALPHA);
double out_key = lp[b] / length_penalty(n_out, BEAM_ALPHA);
r.search_errors += right != len && gold_key > out_key;
#line 6472 "chapters/A-programs.nw"
}
#line 6443 "chapters/A-programs.nw"
            }
        }
        ms[pass] = spent / n * 1e3;
    }
    
#line 6487 "chapters/A-programs.nw"
qsort(ms, repeats, sizeof *ms, by_value);
r.ms_min = ms[0];
r.ms_max = ms[repeats - 1];
r.ms_median = repeats % 2 ? ms[repeats / 2]
            : (ms[repeats / 2 - 1] + ms[repeats / 2]) / 2;
r.logprob /= r.sentences;
#line 6448 "chapters/A-programs.nw"
    free(out);
    batch_free(&batch);
    return r;
}
#line 6502 "chapters/A-programs.nw"
static double sign_test(long fixed, long broken)
{
    long n = fixed + broken, lo = fixed < broken ? fixed : broken;
    if (n == 0) return 1;
    double p = 0;
    for (long i = 0; i <= lo; i++)
        p += exp(lgamma(n + 1.0) - lgamma(i + 1.0)
                 - lgamma(n - i + 1.0) - n * log(2.0));
    return p * 2 < 1 ? p * 2 : 1;
}
#line 6517 "chapters/A-programs.nw"
static void write_table(const char *file, Row row[][MAX_WIDTHS],
                        char label[][64], int n_ckpts, int n_widths)
{
    FILE *f = out_open(file);
    fprintf(f, "\\begin{tabular}{lrrrrrrrr}\n\\toprule\nmodel & $k$"
            " & exact & tokens & fixed/broken & $p$ & search errors &"
            " mean $\\log P$ & ms per sentence \\\\\n\\midrule\n");
    for (int c = 0; c < n_ckpts; c++)
        for (int k = 0; k < n_widths; k++) {
            const Row *r = &row[c][k];
            
#line 6534 "chapters/A-programs.nw"
fprintf(f, "%s & %d & %.1f\\%% & %.1f\\%% & ", k ? "" : label[c],
        r->width, 100.0 * r->exact / r->sentences,
        100.0 * r->tokens_right / r->tokens);
if (k) fprintf(f, "%ld/%ld & %.2g", r->fixed, r->broken,
               sign_test(r->fixed, r->broken));
else fprintf(f, " & ");
fprintf(f, " & %ld & $%.3f$ & %.3f (%.3f--%.3f) \\\\\n",
        r->search_errors, r->logprob, r->ms_median, r->ms_min,
        r->ms_max);
#line 6528 "chapters/A-programs.nw"
        }
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
    out_close(f);
}
#line 6545 "chapters/A-programs.nw"
static void write_summary(const char *file, Row row[][MAX_WIDTHS],
                          char label[][64], int n_ckpts,
                          int n_widths, int n_long, int lo, int hi)
{
    FILE *f = out_open(file);
    fprintf(f, "On the %d validation sentences of %d to %d words",
            n_long, lo, hi);
    for (int c = 0; c < n_ckpts; c++) {
        const Row *g = &row[c][0], *w = &row[c][n_widths - 1];
        fprintf(f, "%s %s%s gets %.1f\\%% exactly"
                " right greedily and %.1f\\%% with $k = %d$, %ld"
                " sentences fixed and %ld broken (exact sign test,"
                " $p = %.2g$), at %.1f times the time per sentence"
                " (%.1f to %.1f from the fastest and slowest passes);"
                " %ld of its %ld wrong greedy translations are search"
                " errors, and %ld of its %ld wrong ones at $k = %d$",
                c ? ". The" : ", the",
                strncmp(label[c], "Transformer", 11) ? "model with "
                                                      : "",
                label[c],
                100.0 * g->exact / g->sentences,
                100.0 * w->exact / w->sentences, w->width, w->fixed,
                w->broken, sign_test(w->fixed, w->broken),
                w->ms_median / g->ms_median, w->ms_min / g->ms_max,
                w->ms_max / g->ms_min, g->search_errors,
                g->sentences - g->exact, w->search_errors,
                w->sentences - w->exact, w->width);
    }
    fprintf(f, ".\n");
    out_close(f);
}
#line 6583 "chapters/A-programs.nw"
static void write_cache_summary(const char *file,
                                Row row[][MAX_WIDTHS],
                                Row slow[][MAX_WIDTHS],
                                const int *rerun, int n_ckpts,
                                int n_widths)
{
    FILE *f = out_open(file);
    for (int c = 0; c < n_ckpts; c++) {
        if (!rerun[c]) continue;
        fprintf(f, "Per sentence, the Transformer took");
        for (int k = 0; k < n_widths; k++) {
            const Row *r = &row[c][k], *q = &slow[c][k];
            fprintf(f, "%s %.3f~ms (%.3f--%.3f) with its cache and"
                    " %.3f~ms (%.3f--%.3f) rerunning the prefix at"
                    " $k = %d$, %.1f times as long",
                    k == 0 ? "" : k + 1 == n_widths ? "; and" : ";",
                    r->ms_median, r->ms_min, r->ms_max, q->ms_median,
                    q->ms_min, q->ms_max, r->width,
                    q->ms_median / r->ms_median);
        }
        fprintf(f, ".\n");
    }
    out_close(f);
}

#line 6291 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "beam-table";
    
#line 6310 "chapters/A-programs.nw"
const char *models = NULL, *widths = "1,2,4,8";
char *table = NULL, *summary = NULL, *cache = NULL;
int min_long = 15, repeats = 5;
Option options[] = {
    {"--models", OPT_TEXT, &models, 0, 0, "checkpoints, a,b,..."},
    {"--widths", OPT_TEXT, &widths, 0, 0, "beam widths, 1,2,..."},
    {"--min-words", OPT_INT, &min_long, 1, MAX_WORDS,
     "shortest sentence measured"},
    {"--repeats", OPT_INT, &repeats, 1, REPEATS_MAX, "timed passes"},
    {"--table", OPT_TEXT, &table, 0, 0, "file for the table"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "file for a summary"},
    {"--cache", OPT_TEXT, &cache, 0, 0,
     "file for the Transformer's times without its cache"},
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "exact match and decoding time against beam width");
if (!models || !table || !summary || !cache)
    refuse("--models, --table, --summary and --cache are required");
out_plan("--table", table);
out_plan("--summary", summary);
out_plan("--cache", cache);
#line 6334 "chapters/A-programs.nw"
char mbuf[1024], wbuf[128], *name[MAX_CKPTS], *witem[MAX_WIDTHS];
int n_ckpts = split_list(mbuf, sizeof mbuf, "--models", models, name,
                         MAX_CKPTS);
int n_widths = split_list(wbuf, sizeof wbuf, "--widths", widths,
                          witem, MAX_WIDTHS);
int width[MAX_WIDTHS], widest = 1;
for (int k = 0; k < n_widths; k++) {
    width[k] = (int)parse_long("--widths", witem[k], 1, 64);
    if (width[k] > widest) widest = width[k];
}
if (width[0] != 1) refuse("--widths must start with 1, greedy");
#line 6295 "chapters/A-programs.nw"
    
#line 6351 "chapters/A-programs.nw"
DataConfig dc = data_config_default();
dc.min_words = 3; dc.max_words = 20;
dc.n_train = 6000; dc.n_val = 900;
Dataset train_set, val_set;
datasets_make(&train_set, &val_set, &dc);
int *long_rows = xcalloc(val_set.n, sizeof(int)), n_long = 0;
for (int i = 0; i < val_set.n; i++)
    if (val_set.src_len[i] - 2 >= min_long) long_rows[n_long++] = i;
if (n_long == 0)
    refuse("no validation sentence has %d words or more", min_long);
#line 6296 "chapters/A-programs.nw"
    Row row[MAX_CKPTS][MAX_WIDTHS], slow[MAX_CKPTS][MAX_WIDTHS];
    int rerun[MAX_CKPTS];       /* a Transformer: timed both ways */
    char label[MAX_CKPTS][64];
    for (int c = 0; c < n_ckpts; c++) {
        
#line 6364 "chapters/A-programs.nw"
Checkpoint ck;
CkptError err;
if (ckpt_load(&ck, dc.task, name[c], CHUNK * widest, &err)
    != CKPT_OK)
    refuse("%s", err.message);
if (ck.max_words < dc.max_words)
    refuse("'%s' was trained on sentences of at most %d words; the"
           " sweep's reach %d", shown(name[c]), ck.max_words,
           dc.max_words);
int *greedy = xcalloc((size_t)val_set.n * val_set.L, sizeof(int));
for (int k = 0; k < n_widths; k++)
    row[c][k] = measure(ck.model, &val_set, long_rows, n_long,
                        width[k], repeats, greedy);
rerun[c] = ck.model->cfg.family == &transformer_family;
for (int k = 0; rerun[c] && k < n_widths; k++) {
    tmodel_rerun_prefix(ck.model, 1);   /* the price of no cache */
    slow[c][k] = measure(ck.model, &val_set, long_rows, n_long,
                         width[k], repeats, greedy);
}
int kind = config_kind(&ck.model->cfg);
if (rerun[c])
    snprintf(label[c], sizeof label[c], "Transformer ($D = %d$)",
             ck.model->cfg.H);
else
    snprintf(label[c], sizeof label[c], "%s attention ($H = %d$)",
             kind ? kind_name(kind) : "no", ck.model->cfg.H);
free(greedy);
ckpt_free(&ck);
#line 6301 "chapters/A-programs.nw"
    }
    write_table(table, row, label, n_ckpts, n_widths);
    write_summary(summary, row, label, n_ckpts, n_widths, n_long,
                  min_long, dc.max_words);
    write_cache_summary(cache, row, slow, rerun, n_ckpts, n_widths);
    return 0;
}
