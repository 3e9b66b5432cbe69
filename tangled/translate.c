#line 5946 "chapters/A-programs.nw"
/* translate: translate English sentences with a saved model. */
#include "align.h"
#include "beam.h"
#include "families.h"
#include "checkpoint.h"
#include "tasks.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#line 6074 "chapters/A-programs.nw"
typedef struct {
    Model *m;
    int width, heatmap, max_words;
    double alpha;
    Vocab en, es;
} Translator;
#line 6092 "chapters/A-programs.nw"
static const char *span(const char *s, size_t n)
{
    char *copy = xcalloc(n + 1, 1);
    memcpy(copy, s, n);
    const char *out = shown(copy);
    free(copy);
    return out;
}
#line 6102 "chapters/A-programs.nw"
static int read_words(const Translator *t, const char *line,
                      int *ids /* [max_words + 2] */, char *why,
                      size_t size)
{
    int n = 0;
    ids[n++] = SOS;
    for (const char *p = line;;) {
        p += strspn(p, " \t");
        if (!*p) break;
        const char *start = p;
        size_t len = strcspn(p, " \t");
        p += len;
        
#line 6124 "chapters/A-programs.nw"
char word[32] = "";         /* longer than any word of the lexicon */
if (len < sizeof word) memcpy(word, start, len);
int id = vocab_find(&t->en, word);
#line 6160 "chapters/A-programs.nw"
if (id < N_SPECIAL && len > 2 && len < sizeof word
    && !strcmp(word + len - 2, "'s")
    && vocab_find(&t->en, "'s") >= N_SPECIAL) {
    word[len - 2] = '\0';
    int stem = vocab_find(&t->en, word);
    if (stem >= N_SPECIAL) {
        id = stem;
        p -= 2;
    }
}
#line 6128 "chapters/A-programs.nw"
int has_s = vocab_find(&t->en, "'s") >= N_SPECIAL;
for (size_t i = 0; id < N_SPECIAL && i < len; i++) {
    char c = start[i];
    if (c == '\'' && has_s) continue;   /* a task with 's */
    if (c >= 'A' && c <= 'Z') {
        snprintf(why, size, ": '%s' has a capital letter; the"
                 " lexicon's words are all lower case",
                 span(start, len));
        return 0;
    }
    if (c < 'a' || c > 'z') {
        
#line 6172 "chapters/A-programs.nw"
size_t k = 1;
while (i + k < len && ((unsigned char)start[i + k] & 0xc0) == 0x80
       && k < 4)
    k++;
snprintf(why, size, ": '%s' holds '%s'; a sentence is lower"
         " case words separated by spaces, without punctuation",
         span(start, len), span(start + i, k));
return 0;
#line 6140 "chapters/A-programs.nw"
    }
}
if (id < N_SPECIAL) {
    int w = snprintf(why, size, ": '%s' is not in the lexicon,"
                     " whose words are\n   ", span(start, len));
    for (int i = N_SPECIAL; i < t->en.size && w > 0
         && (size_t)w < size; i++)
        w += snprintf(why + w, size - (size_t)w, " %s",
                      t->en.word[i]);
    return 0;
}
#line 6115 "chapters/A-programs.nw"
        if (n <= t->max_words) ids[n] = id;
        n++;
    }
    
#line 6185 "chapters/A-programs.nw"
if (n == 1) {
    snprintf(why, size, " is empty");
    return 0;
}
if (n - 1 > t->max_words) {
    snprintf(why, size, " has %d words; the model was trained on"
             " sentences of at most %d", n - 1, t->max_words);
    return 0;
}
#line 6119 "chapters/A-programs.nw"
    ids[n++] = EOS;
    return n;
}
#line 6199 "chapters/A-programs.nw"
static int translate_ids(const Translator *t, int *ids, int len)
{
    Dataset one = { 1, len, ids, ids, &len, &len, NULL, NULL, NULL,
                    NULL, 0 };
    Batch batch;
    batch_alloc(&batch, 1, len);
    int row = 0;
    batch_fill(&batch, &one, &row, 1);
    int steps = beam_steps(&batch), finished = 0;
    int *out = xcalloc(steps, sizeof(int));
    real *w = t->heatmap ? xcalloc((size_t)steps * len, sizeof(real))
                         : NULL;
    BeamConfig bc = { t->width, t->alpha };
    beam_decode(t->m, &batch, &bc, steps, out, NULL, w);
    
#line 6221 "chapters/A-programs.nw"
const char **rows = xcalloc((size_t)steps + len, sizeof *rows);
const char **cols = rows + steps;
int n_rows = 0;
while (n_rows < steps && !finished) {
    rows[n_rows] = t->es.word[out[n_rows]];
    finished = out[n_rows++] == EOS;
    if (!finished)
        printf("%s%s", n_rows > 1 ? " " : "", rows[n_rows - 1]);
}
printf("\n");
if (w) {
    for (int s = 0; s < len; s++) cols[s] = t->en.word[ids[s]];
    text_heatmap(stdout, w, n_rows, len, rows, cols);
    printf("\n");
}
free(rows);
if (fflush(stdout)) exit(EXIT_FAILURE);
#line 6214 "chapters/A-programs.nw"
    free(out);
    free(w);
    batch_free(&batch);
    return finished;
}
#line 6248 "chapters/A-programs.nw"
static int translate_text(const Translator *t, const char *text,
                          int line)
{
    int ids[MAX_WORDS + 3];
    char why[400];
    int len = read_words(t, text, ids, why, sizeof why);
    if (!len) {
        if (line)
            fprintf(stderr, "translate: line %d%s\n", line, why);
        else fprintf(stderr, "translate: --sentence%s\n", why);
        return 0;
    }
    if (!translate_ids(t, ids, len)) {
        if (line) fprintf(stderr, "translate: line %d", line);
        else fprintf(stderr, "translate: --sentence");
        fprintf(stderr, ": the translation has no <eos> within"
                " %d tokens, the limit for %d words; it is cut"
                " there\n", max_output_length(len - 2), len - 2);
    }
    return 1;
}

#line 5958 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "translate";
    
#line 5976 "chapters/A-programs.nw"
char *model = NULL, *sentence = NULL, *attention = NULL;
const char *task = "reversal";
int width = 1, hidden = 0, head = 0, heatmap = 0;
double alpha = BEAM_ALPHA;
Option options[] = {
    {"--model", OPT_TEXT, &model, 0, 0, "checkpoint from train"},
    {"--sentence", OPT_TEXT, &sentence, 0, 0, "instead of stdin"},
    {"--task", OPT_TEXT, &task, 0, 0, "the model's task"},
    {"--beam", OPT_INT, &width, 1, 64, "beam width; 1 is greedy"},
    {"--alpha", OPT_REAL, &alpha, 0, 4, "length penalty exponent"},
    {"--attention", OPT_TEXT, &attention, 0, 0,
     "refuse a model of another kind (e.g. dot, transformer)"},
    {"--hidden", OPT_INT, &hidden, 0, CKPT_MAX_SIZE,
     "expected H; 0 for any"},
    {"--head", OPT_INT, &head, 0, CKPT_MAX_SIZE,
     "Transformer: heatmap of head K alone, from 1; 0 for the"
     " mean of the heads"},
    {"--heatmap", OPT_FLAG, &heatmap, 0, 0,
     "after each translation, where it looked"},
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "translate English sentences with a saved model;"
              " --heatmap shows where it looks");
if (!model) refuse("--model is required (try --help)");
#line 5962 "chapters/A-programs.nw"
    
#line 6002 "chapters/A-programs.nw"
Checkpoint ck;
CkptError err;
if (ckpt_load(&ck, task_from_name(task), model, width, &err)
    != CKPT_OK)
    refuse("%s", err.message);
require_decoder(ck.model->cfg.family);
int kind = attention ? kind_from_name(attention) : -1;
if (ckpt_expect(&ck, kind, hidden, &err) != CKPT_OK)
    refuse("'%s': %s", model, err.message);
if (heatmap && !ck.model->weights)
    refuse("--heatmap: the model in '%s' has no attention, so there"
           " are no weights to show", shown(model));
#line 6024 "chapters/A-programs.nw"
const ModelFamily *family = ck.model->cfg.family;
if (head && !family->show)
    refuse("--head: the model in '%s' has one map of attention, not"
           " heads to choose from", shown(model));
if (head && !family->show(ck.model, -1, head - 1))
    refuse("--head %d: the model in '%s' has no head %d", head,
           shown(model), head);
#line 6015 "chapters/A-programs.nw"
Translator t = { ck.model, width, heatmap, ck.max_words, alpha,
                 {0}, {0} };
vocab_build(&t.en, ck.task, SOURCE);
vocab_build(&t.es, ck.task, TARGET);
#line 5963 "chapters/A-programs.nw"
    int lines = sentence ? 1 : 0, refused = 0;
    if (sentence) refused = !translate_text(&t, sentence, 0);
    else 
#line 6039 "chapters/A-programs.nw"
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) >= 0) {
        lines++;
        
#line 6053 "chapters/A-programs.nw"
if (len > 0 && line[len - 1] == '\n') len--;
if (len > 0 && line[len - 1] == '\r' && line[len] == '\n') len--;
line[len] = '\0';
#line 6046 "chapters/A-programs.nw"
        
#line 6058 "chapters/A-programs.nw"
const char *nul = memchr(line, '\0', (size_t)len);
const char *cr = memchr(line, '\r', (size_t)len);
const char *bad = nul && (!cr || nul < cr) ? nul : cr;
if (bad) {
    fprintf(stderr, "%s: line %d holds %s at byte %d; a line"
            " is text that ends with a line feed\n", program_name,
            lines,
            bad == nul ? "a NUL byte" : "a carriage return",
            (int)(bad - line) + 1);
    refused++;
    continue;
}
#line 6047 "chapters/A-programs.nw"
        refused += !translate_text(&t, line, lines);
    }
    free(line);
}
#line 5966 "chapters/A-programs.nw"
    if (refused)
        fprintf(stderr, "translate: %d of %d lines refused\n",
                refused, lines);
    ckpt_free(&ck);
    return refused ? EXIT_USAGE : 0;
}
