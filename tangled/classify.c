#line 2386 "chapters/11-documents.nw"
/* classify: the class of each document on the standard input, with
   its shaded evidence (chapter 11). */
#include "checkpoint.h"
#include <stdlib.h>
#include <string.h>
#line 2455 "chapters/11-documents.nw"
typedef struct {
    Model *m;
    Vocab src, tgt;
} Classifier;

static int read_document(const Classifier *c, const char *line,
                         int *ids /* [max_S] */, char *why,
                         size_t size)
{
    int n = 0, room = c->m->max_S;
    ids[n++] = SOS;
    for (const char *p = line;;) {
        p += strspn(p, " \t");
        if (!*p) break;
        size_t len = strcspn(p, " \t");
        
#line 2479 "chapters/11-documents.nw"
char word[32] = "";         /* longer than any word of the task */
if (len < sizeof word) memcpy(word, p, len);
int id = vocab_find(&c->src, word);
if (id < N_SPECIAL) {
    char *copy = strndup(p, len);
    snprintf(why, size, ": '%s' is not a word of the task"
             " 'documents'", shown(copy));
    free(copy);
    return 0;
}
if (id == DOC_PERIOD_ID && ids[n - 1] == DOC_PERIOD_ID) {
    snprintf(why, size, ": an empty sentence (two full stops)");
    return 0;
}
if (n + 2 > room) {
    snprintf(why, size, ": more than %d words and full stops, the"
             " most this model reads", room - 2);
    return 0;
}
ids[n++] = id;
#line 2471 "chapters/11-documents.nw"
        p += len;
    }
    ids[n++] = EOS;
    
#line 2501 "chapters/11-documents.nw"
int first[HAN_MAX_SENTENCES], words[HAN_MAX_SENTENCES];
int k = doc_sentences(first, words, HAN_MAX_SENTENCES, ids, n);
if (k < 0) {
    snprintf(why, size, ": more than %d sentences, the most this"
             " model reads", HAN_MAX_SENTENCES);
    return 0;
}
if (k == 0 || ids[1] == DOC_PERIOD_ID) {
    snprintf(why, size, k ? ": an empty first sentence" : ": empty");
    return 0;
}
for (int i = 0; i < k; i++)
    if (words[i] > HAN_MAX_WORDS) {
        snprintf(why, size, ": sentence %d has %d words; the model"
                 " reads at most %d", i + 1, words[i], HAN_MAX_WORDS);
        return 0;
    }
#line 2475 "chapters/11-documents.nw"
    return n;
}
#line 2520 "chapters/11-documents.nw"
static int classify_text(const Classifier *c, const char *text,
                         int line)
{
    int *ids = xcalloc(c->m->max_S, sizeof(int)), label;
    char why[400];
    int n = read_document(c, text, ids, why, sizeof why);
    fflush(stdout);             /* the lines before, in order */
    if (!n) {
        if (line) fprintf(stderr, "classify: line %d%s\n", line, why);
        else fprintf(stderr, "classify: --document%s\n", why);
        free(ids);
        return 0;
    }
    Batch batch;
    batch_alloc(&batch, 1, c->m->max_S);
    memcpy(batch.src, ids, sizeof(int) * n);
    batch.B = 1; batch.S = n; batch.T = 3;
    batch.src_len[0] = n;
    han_classify(c->m, &batch, &label);
    printf("class: %s\n", c->tgt.word[label]);
    han_show(stdout, c->m, 0, batch.src, &c->src, -1);
    batch_free(&batch);
    free(ids);
    return 1;
}
#line 2393 "chapters/11-documents.nw"
int main(int argc, char **argv)
{
    program_name = "classify";
    
#line 2409 "chapters/11-documents.nw"
char *model = NULL, *document = NULL;
Option options[] = {
    {"--model", OPT_TEXT, &model, 0, 0, "checkpoint from han-study"},
    {"--document", OPT_TEXT, &document, 0, 0, "instead of stdin"},
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "classify documents with a saved hierarchical model and"
              " show its evidence");
if (!model) refuse("--model is required (try --help)");
#line 2397 "chapters/11-documents.nw"
    
#line 2422 "chapters/11-documents.nw"
Checkpoint ck;
CkptError err;
if (ckpt_load(&ck, &documents_task, model, 1, &err) != CKPT_OK)
    refuse("%s", err.message);
if (ck.model->cfg.family != &han_family)
    refuse("'%s' holds a '%s' model, not a document classifier",
           shown(model), ck.model->cfg.family->name);
Classifier c = { ck.model, {0}, {0} };
vocab_build(&c.src, &documents_task, SOURCE);
vocab_build(&c.tgt, &documents_task, TARGET);
#line 2398 "chapters/11-documents.nw"
    int lines = document ? 1 : 0, refused = 0;
    if (document) refused = !classify_text(&c, document, 0);
    else 
#line 2434 "chapters/11-documents.nw"
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
#line 2441 "chapters/11-documents.nw"
        
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
#line 2442 "chapters/11-documents.nw"
        refused += !classify_text(&c, line, lines);
    }
    free(line);
}
#line 2401 "chapters/11-documents.nw"
    if (refused)
        fprintf(stderr, "classify: %d of %d lines refused\n", refused,
                lines);
    ckpt_free(&ck);
    return refused ? EXIT_USAGE : 0;
}
