#line 4034 "chapters/A-programs.nw"
/* heatmap: where a trained model looks, on a reader's sentence. */
#include "align.h"
#include "checkpoint.h"
#include "families.h"
#include "tasks.h"
#include <stdio.h>
#include <stdlib.h>

enum { SEARCH_PAIRS = 1000 };
#line 4192 "chapters/A-programs.nw"
static void decode_one(Model *m, int *ids /* [len] */, int len,
                       int *out /* [len] */,
                       real *w /* [len, len] or NULL */)
{
    Dataset one = {1, len, ids, ids, &len, &len, NULL, NULL, NULL,
                   NULL, 0};
    Batch batch;
    batch_alloc(&batch, 1, len);
    int row = 0;
    batch_fill(&batch, &one, &row, 1);
    greedy_decode(m, &batch, len, out, w);
    batch_free(&batch);
}
#line 4277 "chapters/A-programs.nw"
static int repeats_a_word(const int *src /* [n] */, int n)
{
    for (int a = 1; a + 1 < n; a++)
        for (int b = a + 1; b + 1 < n; b++)
            if (src[a] == src[b]) return 1;
    return 0;
}

static int first_wrong(const int *out /* [src_len] */,
                       const Dataset *d, int r)
{
    const int *gold = d->tgt + (size_t)r * d->L;
    for (int k = 0; k + 1 < d->tgt_len[r]; k++)
        if (out[k] != gold[k + 1]) return k;
    return -1;
}

#line 4045 "chapters/A-programs.nw"
static void log_epoch(int epoch, double train_loss, double val_loss,
                      double seconds, void *ctx)
{
    (void)ctx;
    progress("epoch %2d, train loss %.4f, val loss %.4f, %.2f s",
             epoch, train_loss, val_loss, seconds);
}

int main(int argc, char **argv)
{
    program_name = "heatmap";
    
#line 4080 "chapters/A-programs.nw"
DataConfig dc = data_config_default();
ModelConfig mc = model_config_default();
TrainConfig tc = train_config_default();
const char *attention = "dot", *sentence = NULL, *task = "reversal";
char *model_file = NULL, *files = NULL;
int seed = 1, first_error = 0, draw_seed = 1000;
Option options[] = {
    {"--sentence", OPT_TEXT, &sentence, 0, 0, "English words"},
    {"--model", OPT_TEXT, &model_file, 0, 0, "checkpoint to load"
     " instead of training"},
    {"--first-error", OPT_INT, &first_error, 1, MAX_WORDS, "pick the"
     " first wrong sentence of N+ words with a repeat"},
    {"--draw-seed", OPT_INT, &draw_seed, 0, 1e9, "seed of the"
     " sentences --first-error searches"},
    {"--files", OPT_TEXT, &files, 0, 0, "prefix: the map's files"},
    {"--task", OPT_TEXT, &task, 0, 0, "reversal or spanish"},
    {"--attention", OPT_TEXT, &attention, 0, 0, "dot, general,"
     " additive or transformer"},
    {"--seed", OPT_INT, &seed, 0, 1e9, "training seed"},
    {"--epochs", OPT_INT, &tc.epochs, 1, 1e4, "epochs"},
    {"--max-words", OPT_INT, &dc.max_words, 1, MAX_WORDS, "longest"},
    TRANSFORMER_OPTIONS(mc),
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "train, then show where the model looks on a sentence");
#line 4123 "chapters/A-programs.nw"
if (!sentence == !first_error)
    refuse("give --sentence or --first-error, one of them (try"
           " --help)");
if (first_error && !model_file)
    refuse("--first-error searches with a saved model: give --model");
if (!first_error && option_given(argc, argv, "--draw-seed"))
    refuse("--draw-seed is the seed of --first-error's sentences;"
           " give --first-error, or drop it");
static const char *const training[] = { "--epochs", "--seed",
                                        "--max-words" };
for (int k = 0; model_file && k < 3; k++)
    if (option_given(argc, argv, training[k]))
        refuse("%s is an option of training, and --model loads a"
               " trained model; drop it", training[k]);
if (model_file)
    refuse_unused_transformer_options(argc, argv, "--model loads"
                                      " its sizes from the file");
if (files) {
    static const char *const ext[] = { ".dat", ".gpi", "-lines.tex",
                                       "-said.tex" };
    for (int e = 0; e < 4; e++)
        out_plan("--files", out_name(files, ext[e]));
}
#line 4106 "chapters/A-programs.nw"
dc.task = task_from_name(task);
mc.src_vocab = task_vocab_size(dc.task, SOURCE);
mc.tgt_vocab = task_vocab_size(dc.task, TARGET);
kind_config(&mc, kind_from_name(attention));
refuse_bad_transformer(&mc);
if (mc.family != &transformer_family)
    refuse_unused_transformer_options(argc, argv, "--attention is"
                                      " not transformer");
if (!kind_chooses(config_kind(&mc)))
    refuse("--attention %s has no weights to show: it does not"
           " choose where to look", kind_name(config_kind(&mc)));
if (dc.max_words < dc.min_words) dc.min_words = dc.max_words;
tc.seed = (uint64_t)seed;
#line 4057 "chapters/A-programs.nw"
    Model *m = NULL;
    Checkpoint ck = {0};
    if (model_file) 
#line 4153 "chapters/A-programs.nw"
{
    CkptError err;
    if (ckpt_load(&ck, dc.task, model_file, 1, &err) != CKPT_OK)
        refuse("%s", err.message);
    require_decoder(ck.model->cfg.family);
    int kind = option_given(argc, argv, "--attention")
             ? kind_from_name(attention) : -1;
    if (ckpt_expect(&ck, kind, 0, &err) != CKPT_OK)
        refuse("'%s': %s", shown(model_file), err.message);
    m = ck.model;
    if (!kind_chooses(config_kind(&m->cfg)))
        refuse("--model: the model in '%s' has no attention, so there"
               " are no weights to show", shown(model_file));
    dc.min_words = ck.min_words;
    dc.max_words = ck.max_words;
}
#line 4060 "chapters/A-programs.nw"
    int ids[MAX_WORDS + 3], len, n_gold = 0;
    const Link *gold = NULL;
    Dataset drawn = {0};
    int picked = -1;            /* the row of [[drawn]] it picked */
    if (first_error) 
#line 4240 "chapters/A-programs.nw"
{
    if (first_error > dc.max_words)
        refuse("--first-error %d: the model in '%s' was trained on"
               " sentences of at most %d words", first_error,
               shown(model_file), dc.max_words);
    Rng rng;
    rng_seed(&rng, (uint64_t)draw_seed);
    dataset_generate(&drawn, dc.task, SEARCH_PAIRS,
                     first_error > dc.min_words ? first_error
                     : dc.min_words, dc.max_words, &rng);
    int tried[MAX_WORDS + 3];
    for (int r = 0; r < drawn.n && picked < 0; r++) {
        int *src = drawn.src + (size_t)r * drawn.L;
        if (!repeats_a_word(src, drawn.src_len[r])) continue;
        decode_one(m, src, drawn.src_len[r], tried, NULL);
        if (first_wrong(tried, &drawn, r) >= 0) picked = r;
    }
    
#line 4265 "chapters/A-programs.nw"
if (picked < 0) {
    fprintf(stderr, "heatmap: the model in '%s' translates all %d"
            " sentences of %d words or more that repeat a word"
            " right: there is no error to show\n", shown(model_file),
            drawn.n, first_error);
    exit(EXIT_FAILURE);
}
#line 4258 "chapters/A-programs.nw"
    len = drawn.src_len[picked];
    memcpy(ids, drawn.src + (size_t)picked * drawn.L,
           len * sizeof *ids);
    gold = pair_links(&drawn, picked, &n_gold);
}
#line 4065 "chapters/A-programs.nw"
    else len = parse_sentence(ids, sentence, dc.max_words, dc.task);
    if (!m) {
        
#line 4177 "chapters/A-programs.nw"
Dataset train_set, val_set;
datasets_make(&train_set, &val_set, &dc);
int max_len = len > train_set.L ? len : train_set.L;
memory_check(run_bytes(&dc, &mc, tc.batch_size), "--max-words");
m = model_create(&mc, tc.batch_size, max_len + 1, tc.seed);
progress("training %s attention for %d epochs",
         kind_name(config_kind(&mc)), tc.epochs);
train_model(m, &train_set, &val_set, &tc, log_epoch, NULL);
dataset_free(&train_set);
dataset_free(&val_set);
#line 4068 "chapters/A-programs.nw"
    }
    
#line 4207 "chapters/A-programs.nw"
int steps = len;
int *out = xcalloc(steps, sizeof(int));
real *w = xcalloc((size_t)steps * len, sizeof(real));
decode_one(m, ids, len, out, w);
#line 4070 "chapters/A-programs.nw"
    
#line 4213 "chapters/A-programs.nw"
Vocab en, es;
vocab_build(&en, dc.task, SOURCE);
vocab_build(&es, dc.task, TARGET);
const char *rows[MAX_WORDS + 3], *cols[MAX_WORDS + 3];
int n_rows = 0;
printf("translation:");
while (n_rows < steps) {
    rows[n_rows] = es.word[out[n_rows]];
    if (out[n_rows++] == EOS) break;
    printf(" %s", rows[n_rows - 1]);
}
const int *gold_tgt = picked < 0 ? NULL
                    : drawn.tgt + (size_t)picked * drawn.L;
if (gold_tgt) {
    printf("\ngold:       ");
    for (int k = 1; k + 1 < drawn.tgt_len[picked]; k++)
        printf(" %s", es.word[gold_tgt[k]]);
}
printf("\n\n");
for (int s = 0; s < len; s++) cols[s] = en.word[ids[s]];
text_heatmap(stdout, w, n_rows, len, rows, cols);
#line 4071 "chapters/A-programs.nw"
    if (files) 
#line 4300 "chapters/A-programs.nw"
{
    Link *shown_gold = xcalloc(n_gold + 1, sizeof *shown_gold);
    int n_shown = 0;
    for (int k = 0; k < n_gold; k++)
        if (gold[k].tgt - 1 < n_rows) shown_gold[n_shown++] = gold[k];
    heatmap_files(out_name(files, ".dat"), out_name(files, ".gpi"), w,
                  n_rows, len, rows, cols, shown_gold, n_shown);
    free(shown_gold);
    
#line 4314 "chapters/A-programs.nw"
FILE *f = out_open(out_name(files, "-lines.tex"));
fprintf(f, "\\begin{tabular}{@{}lp{0.8\\linewidth}@{}}\nsource &");
for (int s = 1; s + 1 < len; s++) fprintf(f, " %s", cols[s]);
if (gold_tgt) {
    fprintf(f, " \\\\\ngold &");
    for (int k = 1; k + 1 < drawn.tgt_len[picked]; k++)
        fprintf(f, " %s", es.word[gold_tgt[k]]);
}
fprintf(f, " \\\\\ngreedy &");
for (int k = 0; k < n_rows && out[k] != EOS; k++)
    fprintf(f, gold_tgt && out[k] != gold_tgt[k + 1]
            ? " \\textbf{%s}" : " %s", rows[k]);
fprintf(f, " \\\\\n\\end{tabular}\n");
out_close(f);
#line 4309 "chapters/A-programs.nw"
    
#line 4333 "chapters/A-programs.nw"
f = out_open(out_name(files, "-said.tex"));
if (picked < 0)
    fprintf(f, "The reader's sentence has %d words.\n", len - 2);
else {
    fprintf(f, "The rule picks sentence %d of the %d drawn: %d words,"
            " in which", picked + 1, drawn.n, len - 2);
    
#line 4363 "chapters/A-programs.nw"
const char *sep = "";
for (int a = 1; a + 1 < len; a++) {
    int count = 0, earlier = 0;
    for (int b = 1; b + 1 < len; b++) {
        count += ids[b] == ids[a];
        earlier += b < a && ids[b] == ids[a];
    }
    if (count < 2 || earlier) continue;
    fprintf(f, "%s \\emph{%s} appears ", sep, cols[a]);
    if (count == 2) fprintf(f, "twice");
    else fprintf(f, "%d times", count);
    sep = ",";
}
#line 4340 "chapters/A-programs.nw"
    int k = first_wrong(out, &drawn, picked);
    fprintf(f, "; its greedy translation first departs from the gold"
            " one at token %d of %d, \\texttt{<eos>} included.",
            k + 1, drawn.tgt_len[picked] - 1);
    
#line 4350 "chapters/A-programs.nw"
const real *row_k = w + (size_t)k * len;
int top[2] = { -1, -1 };
for (int c = 0; c < len; c++)
    if (top[0] < 0 || row_k[c] > row_k[top[0]]) {
        top[1] = top[0];
        top[0] = c;
    } else if (top[1] < 0 || row_k[c] > row_k[top[1]]) top[1] = c;
fprintf(f, " That row's two largest weights are %.2f on \\emph{%s}"
        " (source position %d) and %.2f on \\emph{%s} (position"
        " %d).\n", row_k[top[0]], cols[top[0]], top[0], row_k[top[1]],
        cols[top[1]], top[1]);
#line 4345 "chapters/A-programs.nw"
}
out_close(f);
#line 4310 "chapters/A-programs.nw"
}
#line 4072 "chapters/A-programs.nw"
    free(out); free(w);
    dataset_free(&drawn);
    if (model_file) ckpt_free(&ck);
    else model_free(m);
    return 0;
}
